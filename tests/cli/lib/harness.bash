#!/usr/bin/env bash
# PE Lab — tests/cli/lib/harness.bash
# The shared harness of the black-box CLI scripts (tests/cli/*.sh), sourced by each of them right after
# `set -u`: finds pelab-cli (first argument, else $PELAB_CLI, else build/native/pelab-cli under the
# repository root; a missing binary ends the script with "0 passed, 1 failed"), counts passes and failures,
# and provides run / expect_ok / expect_error and the value checks. Each script prints its own
# "N passed, N failed" line and exits non-zero on failure. Kept out of tests/cli/*.sh on purpose: the
# CMake glob registers every tests/cli/*.sh as a test, and this file is not one.
#
# [SECTION] setup (CLI path, counters, temporary directory)
# [SECTION] running the CLI
# [SECTION] checks

# [SECTION] setup (CLI path, counters, temporary directory)
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/../../.." && pwd)"
CLI="${1:-${PELAB_CLI:-$ROOT/build/native/pelab-cli}}"
if [[ ! -x "$CLI" ]]; then
  echo "pelab-cli not found at $CLI (build it first, or pass its path)" >&2
  echo "0 passed, 1 failed"
  exit 1
fi

PASSED=0
FAILED=0
TMP="$(mktemp -d)"
trap 'rm -rf "$TMP"' EXIT

pass() { PASSED=$((PASSED + 1)); }
fail() { FAILED=$((FAILED + 1)); echo "FAIL: $*"; }

# [SECTION] running the CLI
# run ARGS...: sets RC, OUT (stdout), ERR (stderr)
run() {
  "$CLI" "$@" >"$TMP/out" 2>"$TMP/err"
  RC=$?
  OUT="$(cat "$TMP/out")"
  ERR="$(cat "$TMP/err")"
}

# expect_ok NAME ARGS...: exit 0, empty stderr
expect_ok() {
  local name="$1"; shift
  run "$@"
  if [[ $RC -eq 0 && -z "$ERR" ]]; then pass; else fail "$name: rc=$RC stderr=$ERR"; fi
}

# expect_error NAME NEEDLE... -- ARGS...: exit 2, empty stdout, one stderr line containing every NEEDLE
expect_error() {
  local name="$1"; shift
  local needles=()
  while [[ "$1" != "--" ]]; do needles+=("$1"); shift; done
  shift
  run "$@"
  local lines
  lines="$(printf '%s' "$ERR" | awk 'END { print NR }')"
  if [[ $RC -ne 2 ]]; then fail "$name: exit code $RC, expected 2 (stderr: $ERR)"; return; fi
  if [[ -n "$OUT" ]]; then fail "$name: stdout not empty: ${OUT:0:200}"; return; fi
  if [[ "$lines" != "1" ]]; then fail "$name: stderr has $lines lines: $ERR"; return; fi
  for n in "${needles[@]}"; do
    if [[ "$ERR" != *"$n"* ]]; then fail "$name: stderr [$ERR] does not mention [$n]"; return; fi
  done
  pass
}

# [SECTION] checks (long actual values are cut to 400 characters in failure messages)
contains() {  # contains NAME HAYSTACK NEEDLE
  if [[ "$2" == *"$3"* ]]; then pass; else fail "$1: expected to contain [$3], got [${2:0:400}]"; fi
}

equals() {  # equals NAME ACTUAL EXPECTED
  if [[ "$2" == "$3" ]]; then pass; else fail "$1: expected [$3], got [${2:0:400}]"; fi
}

# numbers_near NAME "n1 n2 ..." "e1 e2 ..." TOL: the same count (at least one), and token by token either
# both are `null` (how the CLI writes −inf) or both are decimal numbers with |n − e| <= TOL. Anything else
# fails: awk's string-to-number conversion would read "nan", "null" or "abc" as 0 or as NaN, and NaN > TOL
# is false, so the numbers are matched against a literal's grammar before any arithmetic.
numbers_near() {
  local why
  why="$(awk -v a="$2" -v b="$3" -v tol="$4" '
      function numeric(t) { return t ~ /^[-+]?([0-9]+[.]?[0-9]*|[.][0-9]+)([eE][-+]?[0-9]+)?$/ }
      BEGIN {
        if (!numeric(tol)) { print "tolerance [" tol "] is not a number"; exit }
        n = split(a, x, " "); m = split(b, y, " ");
        if (n == 0) { print "no numbers"; exit }
        if (n != m) { print n " numbers for " m " expected"; exit }
        for (i = 1; i <= n; i++) {
          if (x[i] == "null" || y[i] == "null") {
            if (x[i] != y[i]) { print "token " i ": [" x[i] "] vs [" y[i] "]"; exit }
            continue
          }
          if (!numeric(x[i]) || !numeric(y[i])) { print "token " i ": [" x[i] "] vs [" y[i] "] is not a number"; exit }
          d = (x[i] + 0) - (y[i] + 0); if (d < 0) d = -d
          if (d > tol + 0) { print "token " i ": |" x[i] " - " y[i] "| > " tol; exit }
        }
      }')"
  if [[ -z "$why" ]]; then pass; else fail "$1: numbers [${2:0:400}] not within $4 of [$3]: $why"; fi
}

# The numbers of a JSON "data" array, space separated (null stays "null").
json_data_numbers() { sed -e 's/.*"data"://' -e 's/[][}]//g' -e 's/,/ /g' <<<"$1"; }

# pick "INDEX..." from the data numbers (0-based), space separated.
pick() {
  local data="$1"; shift
  awk -v a="$data" -v idx="$*" 'BEGIN { n = split(a, x, " "); m = split(idx, k, " ");
      out = ""; for (i = 1; i <= m; i++) out = out (i > 1 ? " " : "") x[k[i] + 1]; print out }'
}

count_numbers() { awk -v a="$1" 'BEGIN { print split(a, x, " ") }'; }

# Line N (1-based) of CSV text as space-separated numbers.
csv_line() { sed -n "$2p" <<<"$1" | tr ',' ' '; }
