#!/usr/bin/env bash
# PE Lab — scripts/test.sh
# The project's one test command (README; CI runs it through .ci/run): set-up, then every suite in turn —
# the native workflow (configure, build, GoogleTest), the web workflow (Emscripten build, tests under node),
# (which include tests/cli via CTest), tests/desktop/run.sh and tests/browser/run.sh. Every suite runs even
# after a failure; the last line is the summary "N passed, N failed" (suites), and the exit status is
# non-zero when any suite failed.
set -euo pipefail

REPO_ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$REPO_ROOT"
export NODE_PATH=/usr/share/nodejs
: "${HOME:=$(getent passwd "$(id -u)" | cut -d: -f6)}"   # the dependency cache defaults to ~/.cache/pelab
export HOME
SECONDS=0
passed=0
failed=0
failed_names=()

banner() { printf '\n==== %s ====\n' "$*"; }

suite() {   # <name> <command...>
  local name="$1" t0=$SECONDS rc=0
  shift
  banner "$name"
  "$@" || rc=$?
  if [ "$rc" = 0 ]; then
    passed=$((passed + 1))
    printf '==== %s: PASSED (%ds)\n' "$name" "$((SECONDS - t0))"
  else
    failed=$((failed + 1))
    failed_names+=("$name")
    printf '==== %s: FAILED with status %d (%ds)\n' "$name" "$rc" "$((SECONDS - t0))"
  fi
}

banner "set-up (scripts/setup.sh)"
if ! bash scripts/setup.sh; then
  echo "==== set-up FAILED: no suite was run"
  echo "0 passed, 1 failed"
  exit 1
fi

suite "native workflow (cmake --workflow --preset native)" cmake --workflow --preset native
suite "web workflow (cmake --workflow --preset web)" cmake --workflow --preset web
# tests/cli/*.sh run inside the native workflow (CTest), so they are not repeated here.
for runner in tests/desktop/run.sh tests/browser/run.sh; do
  if [ -f "$runner" ]; then
    suite "$runner" bash "$runner"
  else
    printf '\n==== %s: not present, skipped\n' "$runner"
  fi
done

echo
if [ "$failed" -gt 0 ]; then
  echo "Failed suites: ${failed_names[*]}"
fi
echo "All suites took ${SECONDS}s."
echo "$passed passed, $failed failed"
[ "$failed" = 0 ]
