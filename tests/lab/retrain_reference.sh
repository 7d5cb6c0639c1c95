#!/usr/bin/env bash
# PE Lab — tests/lab/retrain_reference.sh
# Retrains one of the lab's reference runs (src/lessons/length_lab/data/reference_runs.json, made by
# scripts/lab_reference_runs.sh; docs/lab.md "Reference runs") and checks that it gives the stored numbers:
# the run pe=alibi task=copy seed=0, with the stored run's whole config passed explicitly, must print the same
# loss curve (every point) and the same exact-match and token accuracy at every length, equal as numbers (the
# printed decimals read back to the same doubles). The run is also saved (--save) and packed (`lab pack bits=16`), and
# the packed bytes must equal the shipped model beside the file (lab_shipped_alibi_copy.weights, which
# scripts/lab_reference_runs.sh makes from the same run). About 35 s on one core.
#
# What makes equality possible (each pinned, none left to a tolerance):
# - Eigen's matrix-product blocking and threads: pinned in the binary (src/core/lab/lab_model.cpp,
#   pin_product_blocking: fixed cache sizes, one thread).
# - No FP contraction: the build targets baseline x86-64 (no -march, no -mfma), which has no FMA instruction.
# - glibc's libm: on x86-64 glibc picks, at load time, an FMA build of expf, logf, sin, cos, pow, … when the
#   CPU has FMA and AVX2, a baseline build otherwise; the last bit can differ, and training carries a one-bit
#   difference into every later step. This script sets GLIBC_TUNABLES to the value the file records
#   (glibc.cpu.hwcaps=-AVX2,-FMA,-FMA4), as the script that made the file did, so every x86-64 CPU runs the
#   builds without FMA (__expf_sse2 rather than __expf_fma, …).
# What cannot be pinned is the libm itself: another glibc version or another architecture computes exp and log
# with other code. On such a machine (its glibc version or `uname -m` differs from the file's "libm") the test
# is skipped (exit 77, which CTest reports as skipped) and says why; regenerate the file there to use it.
#
# Usage: tests/lab/retrain_reference.sh PELAB_CLI REFERENCE_RUNS_JSON
# Exit 0 when every number and the shipped weights match, 1 on a difference (each listed) or a failed run, 2 on
# bad usage, 77 skipped.
set -u

CLI="${1:-}"
REF="${2:-}"
PYTHON=/usr/bin/python3
TASK=copy
PE=alibi
SEED=0

if [[ -z "$CLI" || -z "$REF" || $# -ne 2 ]]; then
    echo "usage: $0 PELAB_CLI REFERENCE_RUNS_JSON" >&2
    exit 2
fi
[[ -x "$CLI" ]] || { echo "retrain_reference: no executable pelab-cli at '$CLI'" >&2; exit 2; }
[[ -f "$REF" ]] || { echo "retrain_reference: no reference file at '$REF'" >&2; exit 2; }
SHIPPED="$(dirname "$REF")/lab_shipped_${PE}_${TASK}.weights"
[[ -x "$PYTHON" ]] || { echo "retrain_reference: needs $PYTHON" >&2; exit 2; }

WORK="$(mktemp -d "${TMPDIR:-/tmp}/pelab-lab-retrain.XXXXXX")"
trap 'rm -rf "$WORK"' EXIT

# The stored run's arguments (one key=value a line), then the file's libm: glibc version, arch, tunables.
if ! "$PYTHON" - "$REF" "$TASK" "$PE" "$SEED" >"$WORK/args" <<'PY'; then
import json, sys

path, task, pe, seed = sys.argv[1], sys.argv[2], sys.argv[3], int(sys.argv[4])
with open(path, encoding="utf-8") as f:
    ref = json.load(f)
if ref.get("format") != "pelab-lab-reference-runs/1":
    sys.exit(f"retrain_reference: {path}: format {ref.get('format')!r}, expected 'pelab-lab-reference-runs/1'")
# The plain run of the 1,500-step set: the file's other sets (6,000 steps, scalings, fine-tunes) carry a "kind",
# the interpolation runs a pi or a fine-tune in their config.
def plain(r):
    return "kind" not in r and r["config"].get("pi", 1) == 1 and r["config"].get("finetune_steps", 0) == 0


found = [r for r in ref["runs"] if plain(r) and r["task"] == task and r["pe"] == pe and r["seed"] == seed]
if len(found) != 1:
    sys.exit(f"retrain_reference: {path}: {len(found)} runs with task={task} pe={pe} seed={seed}, expected 1")


def text(value):
    if isinstance(value, list):
        return ",".join(text(v) for v in value)
    return repr(value) if isinstance(value, float) else str(value)


for key, value in found[0]["config"].items():
    print(f"{key}={text(value)}")
libm = ref["libm"]
print(libm["glibc"])
print(libm["arch"])
print(libm["GLIBC_TUNABLES"])
PY
    echo "retrain_reference: FAIL: cannot read the reference run from $REF" >&2
    exit 1
fi
mapfile -t LINES <"$WORK/args"
ARGS=("${LINES[@]:0:${#LINES[@]}-3}")
REF_GLIBC="${LINES[${#LINES[@]}-3]}"
REF_ARCH="${LINES[${#LINES[@]}-2]}"
REF_TUNABLES="${LINES[${#LINES[@]}-1]}"

HERE_GLIBC="$(getconf GNU_LIBC_VERSION 2>/dev/null || echo unknown)"
HERE_ARCH="$(uname -m)"
if [[ "$HERE_GLIBC" != "$REF_GLIBC" || "$HERE_ARCH" != "$REF_ARCH" ]]; then
    echo "retrain_reference: SKIP: the reference runs were made with $REF_GLIBC on $REF_ARCH, this machine has" \
         "$HERE_GLIBC on $HERE_ARCH; another libm computes exp and log with other code, so the numbers are not" \
         "expected to match (regenerate the file with scripts/lab_reference_runs.sh here to use this test)"
    exit 77
fi

export GLIBC_TUNABLES="$REF_TUNABLES"
echo "retrain_reference: pelab-cli lab train ${ARGS[*]} (GLIBC_TUNABLES=$GLIBC_TUNABLES)"
if ! "$CLI" lab train "${ARGS[@]}" --save "$WORK/weights.json" >"$WORK/run.json" 2>"$WORK/run.err"; then
    echo "retrain_reference: FAIL: the run failed:" >&2
    cat "$WORK/run.err" >&2
    exit 1
fi

# The shipped model: the retrained weights, packed, byte for byte.
SHIPPED_RESULT=0
if [[ ! -f "$SHIPPED" ]]; then
    echo "retrain_reference: FAIL: no shipped model at $SHIPPED (scripts/lab_reference_runs.sh makes it)"
    SHIPPED_RESULT=1
elif ! "$CLI" lab pack "weights=$WORK/weights.json" bits=16 --out "$WORK/packed.weights" 2>"$WORK/pack.err"; then
    echo "retrain_reference: FAIL: lab pack of the retrained weights failed: $(cat "$WORK/pack.err")"
    SHIPPED_RESULT=1
elif ! cmp -s "$WORK/packed.weights" "$SHIPPED"; then
    echo "retrain_reference: FAIL: the retrained weights, packed ($(stat -c %s "$WORK/packed.weights") bytes), differ" \
         "from $SHIPPED ($(stat -c %s "$SHIPPED") bytes): $(cmp "$WORK/packed.weights" "$SHIPPED" 2>&1 | head -n 1)"
    SHIPPED_RESULT=1
else
    echo "retrain_reference: PASS: the retrained weights, packed, equal $SHIPPED byte for byte"
fi

NUMBERS_RESULT=0
"$PYTHON" - "$REF" "$WORK/run.json" "$TASK" "$PE" "$SEED" <<'PY' || NUMBERS_RESULT=1
import json, sys

ref_path, run_path, task, pe, seed = sys.argv[1], sys.argv[2], sys.argv[3], sys.argv[4], int(sys.argv[5])
with open(ref_path, encoding="utf-8") as f:
    stored = next(r for r in json.load(f)["runs"] if "kind" not in r and r["config"].get("pi", 1) == 1 and
                  r["config"].get("finetune_steps", 0) == 0 and r["task"] == task and r["pe"] == pe and r["seed"] == seed)
with open(run_path, encoding="utf-8") as f:
    run = json.load(f)

problems = []
if run["config"] != stored["config"]:
    problems.append(f"config: ran {run['config']}, stored {stored['config']}")

# The loss curve: the same steps, every value equal.
if [p[0] for p in run["loss"]] != [p[0] for p in stored["loss"]]:
    problems.append(f"loss: steps {[p[0] for p in run['loss']]}, stored {[p[0] for p in stored['loss']]}")
else:
    for (step, got), (_, want) in zip(run["loss"], stored["loss"]):
        if got != want:
            problems.append(f"loss at step {step}: {got!r}, stored {want!r}")

# Exact-match and token accuracy per length: the same lengths, every value equal.
for key in ("exact", "token"):
    if sorted(run[key], key=int) != sorted(stored[key], key=int):
        problems.append(f"{key}: lengths {sorted(run[key], key=int)}, stored {sorted(stored[key], key=int)}")
        continue
    for n in sorted(stored[key], key=int):
        got, want = run[key][n], stored[key][n]
        if got != want:
            unit = (f"{round((got - want) * 256):+d} of 256 samples" if key == "exact"
                    else f"{round((got - want) * 256 * int(n)):+d} of {256 * int(n)} answer tokens")
            problems.append(f"{key} at n={n}: {got!r}, stored {want!r} ({unit})")

checked = len(stored["loss"]) + len(stored["exact"]) + len(stored["token"])
if problems:
    print(f"retrain_reference: FAIL: {len(problems)} of {checked} numbers differ from {ref_path}:")
    for p in problems[:40]:
        print("  " + p)
    if len(problems) > 40:
        print(f"  … and {len(problems) - 40} more")
    sys.exit(1)
print(f"retrain_reference: PASS: pe={pe} task={task} seed={seed}: all {checked} numbers equal the stored run "
      f"({len(stored['loss'])} loss points, exact and token at {len(stored['exact'])} lengths)")
PY
[[ $NUMBERS_RESULT -eq 0 && $SHIPPED_RESULT -eq 0 ]]
