#!/usr/bin/env bash
# PE Lab — tests/cli/harness_selftest.sh: the CLI harness's own checks must be able to fail. Each case runs
# one check of tests/cli/lib/harness.bash in a subshell and reads whether it counted a pass or a failure:
# numbers_near must refuse non-numeric tokens (mawk reads "nan" as NaN, which compares false with anything,
# and "null" as 0), compare `null` only with `null`, and honour the tolerance on both sides.
set -u
source "$(dirname "$0")/lib/harness.bash"

# verdict CHECK ARGS...: prints "pass" or "fail" for one call of a harness check, without counting it here.
verdict() {
  ( PASSED=0; FAILED=0; "$@" >/dev/null; if [[ $FAILED -eq 0 && $PASSED -eq 1 ]]; then echo pass; else echo fail; fi )
}
expect_verdict() {  # expect_verdict NAME WANT CHECK ARGS...
  local name="$1" want="$2"; shift 2
  local got
  got="$(verdict "$@")"
  if [[ "$got" == "$want" ]]; then pass; else fail "$name: the check gave $got, expected $want"; fi
}

expect_verdict "equal numbers pass" pass numbers_near t "1 0 0.5" "1 0 0.5" 0
expect_verdict "within tolerance passes" pass numbers_near t "1.0000001 -2e-3" "1 -0.002" 1e-6
expect_verdict "beyond tolerance (above) fails" fail numbers_near t "1.001" "1" 1e-6
expect_verdict "beyond tolerance (below) fails" fail numbers_near t "0.999" "1" 1e-6
expect_verdict "nan against a number fails" fail numbers_near t "nan 0 0.5" "1 0 0.5" 1e-9
expect_verdict "null against 0 fails" fail numbers_near t "1 null 0.5" "1 0 0.5" 1e-9
expect_verdict "the issue's example (nan null 0.5 vs 1 0 0.5) fails" fail numbers_near t "nan null 0.5" "1 0 0.5" 1e-9
expect_verdict "0 against null fails" fail numbers_near t "0" "null" 1e-9
expect_verdict "null against null passes" pass numbers_near t "1 null" "1 null" 0
expect_verdict "a word fails" fail numbers_near t "abc" "0" 1
expect_verdict "inf fails" fail numbers_near t "inf" "1e308" 1e400
expect_verdict "a count mismatch fails" fail numbers_near t "1 2" "1 2 3" 1
expect_verdict "no numbers at all fails" fail numbers_near t "" "" 1
expect_verdict "a trailing comma (a JSON leftover) fails" fail numbers_near t "1," "1" 1
expect_verdict "a non-numeric tolerance fails" fail numbers_near t "1" "1" "x"
expect_verdict "equals fails on a difference" fail equals t "a" "b"
expect_verdict "contains fails without the needle" fail contains t "haystack" "needle"

echo "$PASSED passed, $FAILED failed"
[[ $FAILED -eq 0 ]]
