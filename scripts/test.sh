#!/usr/bin/env bash
# PE Lab — scripts/test.sh
# The project's one test command (README; CI runs it through .ci/run): set-up, then every suite in turn —
# the native workflow (configure, build, GoogleTest), the web workflow (Emscripten build, tests under node),
# (which include tests/cli via CTest), the native-asan workflow (the same core and CLI tests under ASan +
# UBSan), a 60 s fuzzing run (preset fuzz; in the background beside the next two, which are single-threaded),
# tests/desktop/run.sh and figures.sh, and tests/browser/run.sh.
# Every suite runs even after a failure; the last line is the summary "N passed, N failed" (suites), and the
# exit status is non-zero when any suite failed.
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

# Counts a suite's verdict and prints it: <name> <exit status> <seconds> [how it ran].
verdict() {
  local name="$1" rc="$2" took="$3" how="${4:-}"
  if [ "$rc" = 0 ]; then
    passed=$((passed + 1))
    printf '==== %s: PASSED (%ds%s)\n' "$name" "$took" "$how"
  else
    failed=$((failed + 1))
    failed_names+=("$name")
    printf '==== %s: FAILED with status %d (%ds%s)\n' "$name" "$rc" "$took" "$how"
  fi
}

suite() {   # <name> <command...>
  local name="$1" t0=$SECONDS rc=0
  shift
  banner "$name"
  "$@" || rc=$?
  verdict "$name" "$rc" "$((SECONDS - t0))"
}

# A suite that runs in the background beside the next ones: its output goes to a log that is printed,
# with its verdict, when suite_wait collects it, so the log reads in order. Used for the fuzzing run and the
# lab's reference run: one process on one core each, while the suites beside them leave a core idle.
declare -A bg_pid bg_log bg_t0
suite_in_background() {   # <name> <log> <command...>
  local name="$1" log="$2"
  shift 2
  mkdir -p "$(dirname "$log")"
  printf '\n==== %s: started in the background (log: %s)\n' "$name" "$log"
  "$@" >"$log" 2>&1 &
  bg_pid[$name]=$!
  bg_log[$name]="$log"
  bg_t0[$name]=$SECONDS
}
suite_wait() {   # <name>
  local name="$1" rc=0
  wait "${bg_pid[$name]}" || rc=$?
  banner "$name"
  cat "${bg_log[$name]}"
  verdict "$name" "$rc" "$((SECONDS - ${bg_t0[$name]}))" ", collected in the background"
}

banner "set-up (scripts/setup.sh)"
if ! bash scripts/setup.sh; then
  echo "==== set-up FAILED: no suite was run"
  echo "0 passed, 1 failed"
  exit 1
fi

suite "native workflow (cmake --workflow --preset native)" cmake --workflow --preset native
# The lab's reference run retrains a model on one core for about 35 s (label training, left out of
# the native test preset): it goes on beside the web workflow, whose links and node tests leave a core idle.
training_suite="lab reference run (ctest --preset native-training)"
suite_in_background "$training_suite" build/native/training-run.log ctest --preset native-training
suite "web workflow (cmake --workflow --preset web)" cmake --workflow --preset web
# Hardening: core GoogleTests and CLI tests again under ASan + UBSan (no app: a few minutes);
# the same build holds the fuzzing target, so the fuzzing suite below compiles nothing more.
suite "native-asan workflow (cmake --workflow --preset native-asan)" cmake --workflow --preset native-asan
# Fuzzing is part of every run: the libFuzzer target for 60 s from the committed corpus and the
# dictionary (tests/fuzz/README.md). PELAB_FUZZ_SECONDS changes the length; 0 leaves the suite out. The target
# is already built (native-asan), so the suite is the run alone: it goes on in the background (see above).
fuzz_suite="fuzz_params for ${PELAB_FUZZ_SECONDS:-60}s (cmake --workflow --preset fuzz)"
if [ "${PELAB_FUZZ_SECONDS:-60}" -gt 0 ]; then
  suite_in_background "$fuzz_suite" build/fuzz/last-run.log \
    bash -c 'set -o pipefail; cmake --workflow --preset fuzz && tests/fuzz/run.sh "$0"' "${PELAB_FUZZ_SECONDS:-60}"
fi
# tests/cli/*.sh run inside the native workflow (CTest), so they are not repeated here.
for runner in tests/desktop/run.sh tests/desktop/figures.sh; do
  suite "$runner" bash "$runner"
done
# The browser suite uses both cores: the background runs end first.
suite_wait "$training_suite"
if [ "${PELAB_FUZZ_SECONDS:-60}" -gt 0 ]; then
  suite_wait "$fuzz_suite"
fi
suite tests/browser/run.sh bash tests/browser/run.sh

echo
if [ "$failed" -gt 0 ]; then
  echo "Failed suites: ${failed_names[*]}"
fi
# A fuzzing finding is printed again here, at the end, where a CI log's tail shows it: libFuzzer's summary
# line, the broken invariant, and the input (escaped) to replay and add to tests/lessons/fuzz_regressions_test.cpp.
if [[ " ${failed_names[*]-} " == *" fuzz_params"* ]] && [ -f build/fuzz/last-run.log ]; then
  echo "Fuzzing finding (build/fuzz/last-run.log):"
  grep -E "^SUMMARY|invariant broken|ERROR: libFuzzer|runtime error" build/fuzz/last-run.log | head -n 5 || true
  for f in $(ls -t build/fuzz/artifacts/ 2>/dev/null | head -n 3); do
    printf '  %s: ' "$f"
    head -c 400 "build/fuzz/artifacts/$f" | od -An -c | tr -s ' ' | tr -d '\n' | head -c 1200
    echo
  done
fi
echo "All suites took ${SECONDS}s."
echo "$passed passed, $failed failed"
[ "$failed" = 0 ]
