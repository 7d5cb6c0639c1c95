#!/usr/bin/env bash
# PE Lab — scripts/bench_core.sh
# Benchmarks the core (C++/Eigen, double) against PyTorch CPU on four quantities at fixed sizes — T5 bucket
# matrix, RoPE score matrix, ALiBi bias, sinusoidal PE — and prints one table (times, torch/core ratio, the
# core's bytes written per second against this machine's measured memcpy bandwidth,
# max |core − torch|) and one machine line. Figures only: nothing is asserted.
#   1. builds build/native/pelab-bench-core if needed (configures the native preset when not yet done);
#   2. runs it: core timings as JSON lines, core values as raw files in a temporary folder (~0.5 GB, removed
#      on exit);
#   3. runs scripts/bench_torch.py on them with Debian's python3 (python3-torch 1.13, python3-numpy).
# Options (environment): REPEATS (timed runs per quantity after one warm-up, default 5),
# BENCH_TMPDIR (where the temporary folder goes, default /tmp), BENCH_CORE_JSON (a file that receives the
# rows as JSON too, for scripts/bench --json). Peak memory is about 2.5 GiB per process
# (the 16 ALiBi heads in float64 take 2 GiB on each side); the two processes run one after the other.
set -euo pipefail

REPO_ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$REPO_ROOT"
REPEATS="${REPEATS:-5}"
PYTHON=/usr/bin/python3   # Debian's interpreter: python3-torch is installed for it, not for a pyenv one

if ! "$PYTHON" -c 'import torch, numpy' 2>/dev/null; then
  echo "bench_core.sh: $PYTHON cannot import torch and numpy; install them with" >&2
  echo "  sudo apt-get install -y python3-torch python3-numpy" >&2
  exit 2
fi

# [SECTION] build
if [ ! -f build/native/build.ninja ]; then
  cmake --preset native >/dev/null
fi
cmake --build build/native --target pelab-bench-core >/dev/null
BENCH_BIN=build/native/pelab-bench-core

available_kib="$(awk '/^MemAvailable:/ {print $2}' /proc/meminfo)"
if [ "${available_kib:-0}" -lt $((3 * 1024 * 1024)) ]; then
  echo "bench_core.sh: warning: only $((available_kib / 1024)) MiB available; each side needs about 2.5 GiB" >&2
fi

# [SECTION] run both sides
load_before="$(cut -d' ' -f1-3 /proc/loadavg)"   # other work on the machine skews the figures; shown below
WORK_DIR="$(mktemp -d "${BENCH_TMPDIR:-/tmp}/pelab-bench.XXXXXX")"
trap 'rm -rf "$WORK_DIR"' EXIT

echo "bench_core.sh: core ($REPEATS runs per quantity after a warm-up) ..." >&2
"$BENCH_BIN" --repeats "$REPEATS" --out-dir "$WORK_DIR" > "$WORK_DIR/core.jsonl"
echo "bench_core.sh: torch ..." >&2
"$PYTHON" scripts/bench_torch.py --core-results "$WORK_DIR/core.jsonl" --repeats "$REPEATS" \
  ${BENCH_CORE_JSON:+--json-out "$BENCH_CORE_JSON"}

# [SECTION] machine line
cpu_model="$(awk -F': ' '/^model name/ {print $2; exit}' /proc/cpuinfo)"
cores_online="$(getconf _NPROCESSORS_ONLN)"
cores_usable="$(nproc)"
mem_total_gib="$(awk '/^MemTotal:/ {printf "%.1f", $2 / 1048576}' /proc/meminfo)"
torch_version="$("$PYTHON" -c 'import torch; print(torch.__version__)')"
torch_package="$(dpkg-query -W -f='${Version}' python3-torch 2>/dev/null || echo unknown)"
numpy_version="$("$PYTHON" -c 'import numpy; print(numpy.__version__)')"
# torch's matmul (RoPE) goes through the system BLAS; which one is installed changes that row a lot.
blas_library="$(readlink -f "$(ldconfig -p | awk '/libblas\.so\.3 / {print $NF; exit}')" 2>/dev/null || echo unknown)"
core_build="$("$PYTHON" - "$WORK_DIR/core.jsonl" <<'EOF'
import json, sys
with open(sys.argv[1], encoding="utf-8") as f:
    machine = json.loads(f.readline())
print("{compiler}, Eigen {eigen}, assertions {assertions}".format(**machine))
EOF
)"
echo "machine: cpu=\"$cpu_model\" cores=$cores_online usable=$cores_usable mem=${mem_total_gib}GiB" \
     "core=\"$core_build\" torch=$torch_version (python3-torch $torch_package) numpy=$numpy_version" \
     "blas=$blas_library repeats=$REPEATS load_before=\"$load_before\""
