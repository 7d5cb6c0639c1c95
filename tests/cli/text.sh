#!/usr/bin/env bash
# PE Lab — tests/cli/text.sh
# Black-box checks of `pelab-cli text [LESSON] [--lang zh|en]`: every lesson of the registry and the
# position-map page appear with their parameter tables and all their steps (each heading with the step's id,
# "## Step 4 of 18 [shift-invariance]: ...", the ids unique within a lesson and alike in both languages), the Chinese text holds CJK and
# the English none, no {placeholder} is left unfilled, every curriculum lesson prints at least two questions
# (each with its choices, one marked right, and an explanation) and its references with arXiv ids in both
# languages, equations are labelled alike in both, the glossary ends the full text, and bad arguments follow
# the error contract (exit 2, one stderr line naming the valid values, nothing on stdout). Builds nothing.
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

# Lines of lesson $1's section (from its "# id — " heading to the next heading) that start with $2.
count_in_lesson() {
  awk -v id="$1" -v prefix="$2" '/^# / { on = index($0, "# " id " — ") == 1 } on && index($0, prefix) == 1 { n++ } END { print n + 0 }' <<<"$3"
}

# [SECTION] the lessons and their step counts, from `list`
expect_ok "list" list
LESSONS="$(awk '/^lessons:/ { on = 1; next } /^quantities:/ { on = 0 } on { print $1, $2 }' <<<"$OUT")"
equals "list has lessons" "$([[ -n "$LESSONS" ]] && echo yes)" "yes"

# [SECTION] every lesson, both languages
IDS_EN="" IDS_ZH=""  # "lesson: ids" per lesson, compared across the languages at the end
for lang in en zh; do
  expect_ok "text --lang $lang" text --lang "$lang"
  ALL="$OUT"
  while read -r id steps; do
    contains "text $lang: lesson $id" "$ALL" "# $id — "
    # Steps of this lesson: "## Step" lines between its heading and the next lesson's.
    n="$(awk -v id="$id" '/^# / { on = index($0, "# " id " — ") == 1 } on && /^## Step / { n++ } END { print n + 0 }' <<<"$ALL")"
    equals "text $lang: $id has $steps steps" "$n" "$steps"
    # Every step heading carries the step's id in brackets, lowercase kebab case, once per lesson.
    ids="$(awk -v id="$id" '/^# / { on = index($0, "# " id " — ") == 1 } on && /^## Step / { print }' <<<"$ALL" |
      sed -nE 's/^## Step [0-9]+ of [0-9]+ \[([a-z0-9]+(-[a-z0-9]+)*)\]: .+$/\1/p')"
    equals "text $lang: $id every step heading has an id" "$(grep -c . <<<"$ids")" "$steps"
    equals "text $lang: $id step ids unique" "$(sort -u <<<"$ids" | grep -c .)" "$steps"
    if [[ $lang == en ]]; then IDS_EN+="$id: $ids"$'\n'; else IDS_ZH+="$id: $ids"$'\n'; fi
  done <<<"$LESSONS"
  # Questions, choices, explanations and references of every curriculum lesson, labelled in the language.
  # A question is a prediction (asked before the evidence) or a check (asked about what the screen shows).
  if [[ $lang == zh ]]; then PREDICT="预测："; CHECK="检查："; EXPLANATION="解释："; REFERENCES="参考文献"; EQUATION="公式："; TAKEAWAY="要点："
  else PREDICT="Predict: "; CHECK="Check: "; EXPLANATION="Explanation: "; REFERENCES="References"; EQUATION="Equation: "; TAKEAWAY="Takeaway: "; fi
  while read -r id steps; do
    # Every step's takeaway, the line right under its heading.
    equals "text $lang: $id one takeaway per step" "$(awk -v id="$id" -v t="$TAKEAWAY" '/^# / { on = index($0, "# " id " — ") == 1 } on && head { n += index($0, t) == 1 } { head = on && /^## Step / } END { print n + 0 }' <<<"$ALL")" "$steps"
    questions=$(( $(count_in_lesson "$id" "$PREDICT" "$ALL") + $(count_in_lesson "$id" "$CHECK" "$ALL") ))
    if [[ $questions -ge 2 ]]; then pass; else fail "text $lang: $id prints $questions questions (want >= 2)"; fi
    equals "text $lang: $id one explanation per question" "$(count_in_lesson "$id" "$EXPLANATION" "$ALL")" "$questions"
    equals "text $lang: $id one right choice per question" "$(count_in_lesson "$id" "  [x] " "$ALL")" "$questions"
    wrong="$(count_in_lesson "$id" "  [ ] " "$ALL")"
    if [[ $wrong -ge $questions && $wrong -le $((3 * questions)) ]]; then pass
    else fail "text $lang: $id has $wrong other choices for $questions questions (want 1..3 each)"; fi
    equals "text $lang: $id references heading" "$(count_in_lesson "$id" "$REFERENCES" "$ALL")" "1"
    arxiv="$(awk -v id="$id" '/^# / { on = index($0, "# " id " — ") == 1 } on && /^- .*arXiv:[0-9][0-9][0-9][0-9]\.[0-9][0-9][0-9][0-9][0-9]/ { n++ } END { print n + 0 }' <<<"$ALL")"
    if [[ $arxiv -ge 1 ]]; then pass; else fail "text $lang: $id cites no arXiv id"; fi
  done <<<"$LESSONS"
  if [[ $lang == zh ]]; then
    if grep -q "^Predict: \|^Check: \|^Takeaway: \|^Explanation: \|^Equation: \|^References$" <<<"$ALL"; then fail "text zh: English labels"; else pass; fi
    EQUATIONS_ZH="$(grep -c "^$EQUATION" <<<"$ALL")"
  else
    EQUATIONS_EN="$(grep -c "^$EQUATION" <<<"$ALL")"
  fi
  contains "text $lang: glossary at the end" "$(tail -n +"$(grep -n '^# glossary — ' <<<"$ALL" | cut -d: -f1 | head -1)" <<<"$ALL")" "- toeplitz: "
  contains "text $lang: position-map page" "$ALL" "# position-maps — "
  contains "text $lang: position-map page is off the curriculum" "$ALL" "(not part of the curriculum)"
  equals "text $lang: one parameter table per lesson" "$(grep -c '^Parameters$' <<<"$ALL")" "$(($(wc -l <<<"$LESSONS") + 1))"
  # (TeX lines are left out: {L} there is a TeX group, not a placeholder.)
  PROSE=$(grep -Ev '^(Equation: |公式：)' <<<"$ALL")
  if grep -Eq "$PLACEHOLDER" <<<"$PROSE"; then
    fail "text $lang: unfilled placeholders: $(grep -Eo "$PLACEHOLDER" <<<"$PROSE" | sort -u | head -5 | tr '\n' ' ')"
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

equals "text: as many equations in zh as in en" "$EQUATIONS_ZH" "$EQUATIONS_EN"
equals "text: the same step ids in zh as in en" "$IDS_ZH" "$IDS_EN"

# [SECTION] one lesson; the default language is English
expect_ok "text rope" text rope
contains "text rope heading" "$OUT" "# rope — "
contains "text rope step 4 with its id" "$OUT" "## Step 4 of 19 [shift-invariance]: Shifting both positions: the score matrix S"
contains "text rope step 1 with its id" "$OUT" "## Step 1 of 19 [rotation-2d]: "
equals "text rope only" "$(grep -c '^# ' <<<"$OUT")" "1"
contains "text rope parameters" "$OUT" "Parameters"
contains "text rope question" "$OUT" "Check: Rotate u by α and v by β"
contains "text rope takeaway under the heading" "$(grep -A1 '^## Step 4 of' <<<"$OUT")" "Takeaway: "
contains "text rope right choice" "$OUT" "  [x] Only on the difference β − α"
contains "text rope references" "$OUT" "arXiv:2104.09864"
contains "text rope reference code" "$OUT" "huggingface/transformers · src/transformers/models/llama/modeling_llama.py · rotate_half"
if has_cjk "$OUT"; then fail "text rope: default language is not English"; else pass; fi
expect_ok "text rope zh" text --lang=zh rope
contains "text rope zh heading" "$OUT" "# rope — "
if has_cjk "$OUT"; then pass; else fail "text rope zh: no CJK characters"; fi
expect_ok "text position-maps" text position-maps
contains "text position-maps" "$OUT" "(not part of the curriculum)"
contains "text position-maps step ids" "$OUT" "## Step 2 of 4 [aliasing]: "
expect_ok "text example" text example
contains "text example step ids" "$OUT" "## Step 1 of 6 [distance-matrix]: The distance matrix"
expect_ok "text t5-bias" text t5-bias
contains "text t5 bucket of Δ = −20 at the defaults" "$OUT" "bucket(Δ = −20) = 26"

# [SECTION] help
expect_ok "help" --help
contains "help names text" "$OUT" "pelab-cli text [LESSON] [--lang zh|en]"
contains "help names questions" "$OUT" "questions (choices, the right one marked"

# [SECTION] errors: exit 2, one stderr line naming the valid values, empty stdout
expect_error "text unknown lesson" '"nosuch" is not a lesson' "f-delta|" "position-maps" -- text nosuch
expect_error "text bad lang" '--lang: "fr" is not a valid language (one of zh|en)' -- text --lang fr
expect_error "text lang missing" "--lang: missing value (one of zh|en)" -- text rope --lang
expect_error "text lang twice" "--lang: given twice" -- text --lang zh --lang en
expect_error "text two lessons" "takes one lesson" -- text rope shaw
expect_error "text unknown option" '"--format": unknown option' -- text --format json

echo "$PASSED passed, $FAILED failed"
[[ $FAILED -eq 0 ]]
