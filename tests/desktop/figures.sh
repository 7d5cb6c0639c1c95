#!/usr/bin/env bash
# PE Lab — tests/desktop/figures.sh: desktop screenshots of the figure kinds on the example lesson
# (lesson=example): step 3, phasor dials (a draggable query arrow, the shift played; reveal=1 uncovers them, the
# step asks a prediction first), and step 4, the odometer
# with its binary counter, in both languages at 1280×720 and 960×540; and typeset equations (glyphs inside
# the box --layout gives). Each PNG must be the window size and
# hold a real picture (many colours: the anti-aliased arrows, wedges and text), and the ink of the dials must
# differ between two parameter values (the drawing follows the payload). The PNGs stay under
# build/test-artifacts/figures-*.png for looking at. Needs xvfb-run and ImageMagick, like tests/desktop/run.sh.
set -uo pipefail
source "$(dirname "$0")/lib.sh"

# shot NAME SIZE KEY=VALUE... : a screenshot of the window at SIZE, non-blank and of that size.
shot() {
  local png=$out/figures-$1.png size=$2; shift 2
  rm -f "$png"
  timeout 120 xvfb-run -a -s "-screen 0 1400x900x24" "$app" "$@" --size "$size" --screenshot "$png" >/dev/null 2>"$out/figures.stderr" || return 1
  [ -s "$png" ] && [ "$(identify -format %wx%h "$png")" = "$size" ] && [ "$(colours "$png")" -gt 200 ]
}
for size in 1280x720 960x540; do
  for lang in en zh; do
    check "phasor step at $size ($lang)" shot "phasor-$size-$lang" "$size" lesson=example step=3 lang=$lang reveal=1
    check "odometer step at $size ($lang)" shot "odometer-$size-$lang" "$size" lesson=example step=4 lang=$lang
  done
done

# The arrows are drawn in their colours: pixels of exactly the query blue and the key red (the shafts'
# and heads' insides), and on the odometer the needle blue and the red rings of the pairs short of a turn.
count_colour() {  # count_colour PNG R,G,B : how many pixels have exactly that colour
  convert "$1" -fill black +opaque "rgb($2)" -fill white -opaque "rgb($2)" -format "%[fx:round(mean*w*h)]" info: 2>/dev/null || echo 0
}
has_colour() { [ "$(count_colour "$1" "$2")" -gt "$3" ]; }
check "phasor: query arrow drawn (blue)" has_colour "$out/figures-phasor-1280x720-en.png" 31,104,196 150
check "phasor: key arrow drawn (red)" has_colour "$out/figures-phasor-1280x720-en.png" 206,52,38 150
check "odometer: needles drawn (blue)" has_colour "$out/figures-odometer-1280x720-en.png" 31,104,196 200
check "odometer: pairs short of a turn ringed (red)" has_colour "$out/figures-odometer-1280x720-en.png" 206,52,38 300

# The figures follow their parameters. controls=0 hides the parameter editors, so that only the figure can
# make two screenshots differ: another query position and shift move the arrows, another p the needles.
differs() {  # differs A B : the two PNGs differ in more than a few hundred pixels
  local n
  n=$(compare -metric AE "$1" "$2" null: 2>&1 | cut -d' ' -f1)
  [ "${n%.*}" -gt 300 ] 2>/dev/null
}
check "phasor (figure only)" shot phasor-a 1280x720 lesson=example step=3 lang=en controls=0 reveal=1
check "phasor (figure only), q=9 s=7" shot phasor-b 1280x720 lesson=example step=3 lang=en controls=0 i=9 shift=7 reveal=1
check "phasor: moved arrows change the picture" differs "$out/figures-phasor-a.png" "$out/figures-phasor-b.png"
check "phasor (figure only), again" shot phasor-a2 1280x720 lesson=example step=3 lang=en controls=0 reveal=1
same() { ! differs "$1" "$2"; }
check "phasor: the same parameters draw the same picture" same "$out/figures-phasor-a.png" "$out/figures-phasor-a2.png"
check "odometer (figure only)" shot odometer-a 1280x720 lesson=example step=4 lang=en controls=0
check "odometer (figure only), p=2000" shot odometer-b 1280x720 lesson=example step=4 lang=en controls=0 pos=2000
check "odometer: moved needles change the picture" differs "$out/figures-odometer-a.png" "$out/figures-odometer-b.png"

# Typeset equations: the first equation's box (from --layout, as pelab.layout() gives it on the web) holds
# glyphs, i.e. at least 2% dark pixels, in rope step 1 (a matrix) and f-delta step 1 (Chinese page) at
# 1920×1080, where both sit above the figure.
equation_ink() {  # equation_ink NAME SIZE KEY=VALUE...
  local name=$1 png=$out/figures-$1.png size=$2 json geo dark; shift 2
  json=$(timeout 120 xvfb-run -a -s "-screen 0 2000x1200x24" "$app" "$@" --size "$size" --screenshot "$png" --layout \
         2>/dev/null | grep '^\[') || return 1
  geo=$(printf '%s' "$json" | python3 -c 'import json, sys
e = [v for v in json.load(sys.stdin) if v["kind"] == "equation"][0]
print("%dx%d+%d+%d" % (e["w"], e["h"], e["x"], e["y"]))') || return 1
  dark=$(convert "$png" -crop "$geo" -colorspace gray -threshold 60% -negate -format "%[fx:mean]" info:) || return 1
  echo "    $name: equation box $geo, dark share $dark"
  python3 -c "import sys; sys.exit(0 if $dark >= 0.02 else 1)"
}
check "equation: rope step 1 at 1920x1080 has glyphs in its box" equation_ink equation-rope-1 1920x1080 lesson=rope step=1 lang=en
check "equation: f-delta step 1 at 1920x1080 (zh) has glyphs in its box" equation_ink equation-f-delta-1 1920x1080 lesson=f-delta step=1 lang=zh

echo "figures: $pass passed, $fail failed (screenshots in $out/figures-*.png)"
[ "$fail" -eq 0 ]
