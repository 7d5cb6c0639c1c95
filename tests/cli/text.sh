#!/usr/bin/env bash
# PE Lab — tests/cli/text.sh
# Black-box checks of `pelab-cli text [LESSON] [--lang zh|en]`: every lesson of the registry and the
# position-map page appear with their parameter tables and all their steps, the Chinese text holds CJK and
# the English none, no {placeholder} is left unfilled, and bad arguments follow the error contract (exit 2,
# one stderr line naming the valid values, nothing on stdout). Builds nothing.
# Usage: tests/cli/text.sh [path/to/pelab-cli] (default: build/native/pelab-cli under the repository root).
# Ends with "N passed, N failed".
set -u

source "$(dirname "${BASH_SOURCE[0]}")/lib/harness.bash"  # CLI path, counters, run/expect_*/checks

# CJK as UTF-8 bytes (U+3000..U+9FFF: punctuation, kana, ideographs; U+FF00..U+FFEF: full-width forms),
# matched byte-wise so the check does not depend on the locale.
CJK=$'([\xe3-\xe9][\x80-\xbf][\x80-\xbf]|\xef[\xbc-\xbf][\x80-\xbf])'
has_cjk() { LC_ALL=C grep -Eq "$CJK" <<<"$1"; }
# A placeholder say() did not fill: {name} with a letter or '_' first.
PLACEHOLDER='\{[A-Za-z_][A-Za-z0-9_]*\}'

# [SECTION] the lessons and their step counts, from `list`
expect_ok "list" list
LESSONS="$(awk '/^lessons:/ { on = 1; next } /^quantities:/ { on = 0 } on { print $1, $2 }' <<<"$OUT")"
equals "list has lessons" "$([[ -n "$LESSONS" ]] && echo yes)" "yes"

# [SECTION] every lesson, both languages
for lang in en zh; do
  expect_ok "text --lang $lang" text --lang "$lang"
  ALL="$OUT"
  while read -r id steps; do
    contains "text $lang: lesson $id" "$ALL" "# $id — "
    # Steps of this lesson: "## Step" lines between its heading and the next lesson's.
    n="$(awk -v id="$id" '/^# / { on = index($0, "# " id " — ") == 1 } on && /^## Step / { n++ } END { print n + 0 }' <<<"$ALL")"
    equals "text $lang: $id has $steps steps" "$n" "$steps"
  done <<<"$LESSONS"
  contains "text $lang: position-map page" "$ALL" "# position-maps — "
  contains "text $lang: position-map page is off the curriculum" "$ALL" "(not part of the curriculum)"
  equals "text $lang: one parameter table per lesson" "$(grep -c '^Parameters$' <<<"$ALL")" "$(($(wc -l <<<"$LESSONS") + 1))"
  if grep -Eq "$PLACEHOLDER" <<<"$ALL"; then
    fail "text $lang: unfilled placeholders: $(grep -Eo "$PLACEHOLDER" <<<"$ALL" | sort -u | head -5 | tr '\n' ' ')"
  else
    pass
  fi
  if [[ $lang == zh ]]; then
    if has_cjk "$ALL"; then pass; else fail "text zh: no CJK characters"; fi
  else
    if has_cjk "$ALL"; then
      fail "text en: CJK characters in: $(LC_ALL=C grep -E "$CJK" <<<"$ALL" | head -3)"
    else
      pass
    fi
  fi
done

# [SECTION] one lesson; the default language is English
expect_ok "text rope" text rope
contains "text rope heading" "$OUT" "# rope — "
equals "text rope only" "$(grep -c '^# ' <<<"$OUT")" "1"
contains "text rope parameters" "$OUT" "Parameters"
if has_cjk "$OUT"; then fail "text rope: default language is not English"; else pass; fi
expect_ok "text rope zh" text --lang=zh rope
contains "text rope zh heading" "$OUT" "# rope — "
if has_cjk "$OUT"; then pass; else fail "text rope zh: no CJK characters"; fi
expect_ok "text position-maps" text position-maps
contains "text position-maps" "$OUT" "(not part of the curriculum)"

# [SECTION] help
expect_ok "help" --help
contains "help names text" "$OUT" "pelab-cli text [LESSON] [--lang zh|en]"

# [SECTION] errors: exit 2, one stderr line naming the valid values, empty stdout
expect_error "text unknown lesson" '"nosuch" is not a lesson' "f-delta|" "position-maps" -- text nosuch
expect_error "text bad lang" '--lang: "fr" is not a valid language (one of zh|en)' -- text --lang fr
expect_error "text lang missing" "--lang: missing value (one of zh|en)" -- text rope --lang
expect_error "text lang twice" "--lang: given twice" -- text --lang zh --lang en
expect_error "text two lessons" "takes one lesson" -- text rope shaw
expect_error "text unknown option" '"--format": unknown option' -- text --format json

echo "$PASSED passed, $FAILED failed"
[[ $FAILED -eq 0 ]]
