#!/usr/bin/env bash
# PE Lab — tests/cli/hostile.sh
# Hostile input and lying writes in pelab-cli: an argument over 64 KiB and more than 256 pairs
# are refused in one line (exit 2); an unknown key names the nearest valid key; keys and values with escape
# sequences are echoed escaped (\xNN) and cut to 64 bytes; a write error (> /dev/full) exits 1 with a
# message; a key given twice is named escaped. Builds nothing.
# Usage: tests/cli/hostile.sh [path/to/pelab-cli] (default: build/native/pelab-cli under the repository root).
# Ends with "N passed, N failed".
set -u

source "$(dirname "${BASH_SOURCE[0]}")/lib/harness.bash"  # CLI path, counters, run/expect_*/checks

ESC=$'\e'

# [SECTION] size and count limits
big="L=$(head -c $((128 * 1024 - 3)) /dev/zero | tr '\0' '9')"  # Linux: at most 128 KiB per argument, NUL included
expect_error "128 KiB argument" "input too long (131,071 bytes, limit 65,536)" -- get f_matrix "$big"
many=()
for i in $(seq 0 299); do many+=("k$i=1"); done
expect_error "300 pairs" "only the first 256 key=value pairs are read" "and 44 more ignored" -- get f_matrix "${many[@]}"

# [SECTION] messages
expect_error "unknown key names the nearest valid key" "omgea: unknown key (nearest valid key: omega)" -- get f_matrix omgea=1
run get f_matrix "${ESC}]0;pwned${ESC}\\=1"
if [[ $RC -eq 2 && "$ERR" != *"$ESC"* && "$ERR" == *'\x1B]0;pwned\x1B\x5C'* ]]; then pass; else fail "escape sequence in a key is echoed escaped: rc=$RC [$(printf '%q' "$ERR")]"; fi
run get f_matrix "L=${ESC}[2J"
if [[ $RC -eq 2 && "$ERR" != *"$ESC"* && "$ERR" == *'\x1B[2J'* ]]; then pass; else fail "escape sequence in a value is echoed escaped: rc=$RC [$(printf '%q' "$ERR")]"; fi
run get f_matrix "L${ESC}[31m=1" "L${ESC}[31m=2"
if [[ $RC -eq 2 && "$ERR" != *"$ESC"* && "$ERR" == *'\x1B[31m'* && "$ERR" == *"given twice"* ]]; then pass; else fail "key given twice is echoed escaped: rc=$RC [$(printf '%q' "$ERR")]"; fi
run get "q${ESC}[2J$(printf 'x%.0s' $(seq 1 200))"
# The part that echoes the input stays short; the list of quantity names after it grows with the registry.
ECHOED="${ERR%%(one of*}"
if [[ $RC -eq 2 && "$ERR" != *"$ESC"* && "$ERR" == *'..."'* && ${#ECHOED} -lt 400 ]]; then pass; else fail "long quantity name is cut: rc=$RC len=${#ECHOED}"; fi
expect_error "key given twice" "L: given twice" -- get f_matrix L=2 L=3

# [SECTION] write errors
if [[ -w /dev/full ]]; then
  "$CLI" get f_matrix L=4 >/dev/full 2>"$TMP/err"; rc=$?
  if [[ $rc -eq 1 ]] && grep -q "could not write the output" "$TMP/err"; then pass; else fail "get > /dev/full: rc=$rc stderr=$(cat "$TMP/err")"; fi
  "$CLI" list >/dev/full 2>"$TMP/err"; rc=$?
  if [[ $rc -eq 1 ]] && grep -q "could not write the output" "$TMP/err"; then pass; else fail "list > /dev/full: rc=$rc"; fi
  "$CLI" --help >/dev/full 2>"$TMP/err"; rc=$?
  if [[ $rc -eq 1 ]]; then pass; else fail "--help > /dev/full: rc=$rc"; fi
else
  fail "/dev/full is not available: the write-error checks cannot run"
fi
expect_ok "normal run still exits 0" get f_matrix L=4

echo "$PASSED passed, $FAILED failed"
[[ $FAILED -eq 0 ]]
