#!/usr/bin/env bash
# PE Lab — tests/fuzz/run.sh: runs the libFuzzer target for SECONDS (default 60) on one core, starting from
# the committed seed corpus (tests/fuzz/corpus, never written to) plus a working corpus in build/fuzz/corpus
# that grows between runs. Crashes, leaks and timeouts land in build/fuzz/artifacts/; replay one with
#   build/native-asan/fuzz_params build/fuzz/artifacts/crash-...
# then add it to tests/lessons/fuzz_regressions_test.cpp. Needs `cmake --workflow --preset fuzz` first.
# Usage: tests/fuzz/run.sh [SECONDS] [extra libFuzzer flags...]
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
BIN="$ROOT/build/native-asan/fuzz_params"
SECONDS_TO_RUN="${1:-60}"
shift || true
[ -x "$BIN" ] || { echo "tests/fuzz: $BIN missing; run: cmake --workflow --preset fuzz" >&2; exit 1; }
mkdir -p "$ROOT/build/fuzz/corpus" "$ROOT/build/fuzz/artifacts"
# -max_len 1 MiB: a postMessage string or an argv list has no length limit of its own, so inputs far beyond
#   params.cpp's 4096-character value limit must be tried too (many keys, many pairs, huge lists).
# -dict: the real keys, lesson ids, map names and choices (params.dict; tests/lessons/fuzz_dictionary_test.cpp
#   keeps it complete).
# -malloc_limit_mb: one allocation above 256 MB is a finding (a parameter that should have been refused).
exec "$BIN" -max_total_time="$SECONDS_TO_RUN" -timeout=10 -rss_limit_mb=2048 -malloc_limit_mb=256 -max_len=1048576 \
  -dict="$ROOT/tests/fuzz/params.dict" -print_final_stats=1 -artifact_prefix="$ROOT/build/fuzz/artifacts/" "$@" \
  "$ROOT/build/fuzz/corpus" "$ROOT/tests/fuzz/corpus"
