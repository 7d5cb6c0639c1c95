# PE Lab — cmake/make_embed_page.cmake (run with cmake -P)
# embed.html = index.html whose widget starts with embed=1 (no app header, no step list).
# Inputs: -DIN=web/index.html -DOUT=dist/embed.html
file(READ "${IN}" page)
string(REPLACE "data-defaults=\"\"" "data-defaults=\"embed=1\"" page "${page}")
string(REPLACE "<title>PE Lab — positional encodings, step by step</title>" "<title>PE Lab (embedded)</title>" page "${page}")
file(WRITE "${OUT}" "${page}")
