#!/usr/bin/env bash
# PE Lab — scripts/lab_reference_runs.sh
# Makes the lab's reference runs (docs/lab.md "Reference runs"): `pelab-cli lab train` at the CLI's
# defaults (d=48 heads=4 layers=2 train_steps=1500 batch=32 lr=1e-3 train_max=16
# test=4,8,12,16,20,24,28,32,40,48) for every scheme (nope learned sinusoidal rope alibi t5) × task (copy reverse)
# × seed (0 1 2), 36 runs of about 35 s each on one core, then 3 interpolation runs (pe=rope task=copy, seeds
# 0 1 2, at the same defaults plus pi=2 finetune_steps=200 finetune_max=32), and writes them as ONE file,
# src/lessons/length_lab/data/reference_runs.json, format pelab-lab-reference-runs/1:
#   {"format", "command", "binary" (compiler, Eigen, build type), "libm" (glibc, arch, GLIBC_TUNABLES), "date",
#    "runs": [{"task", "pe", "seed", "config", "loss", "exact", "token", ["pi"], ["finetune"], "seconds"}, …]}
# the 36 runs first, ordered by task, then scheme, then seed; then the 3 interpolation runs by seed (they carry
# "pi": {"exact", "token"} and "finetune": {"loss", "exact", "token"}, and config.pi = 2, config.finetune_steps =
# 200 tell them apart from the plain rope/copy runs).
# It also ships two trained models for the lab's look inside a model before the learner trains anything: the
# runs pe=alibi and pe=rope on task=copy, seed 0 (the reference runs themselves, trained with --save), packed
# by `pelab-cli lab pack bits=16` (rounded to half precision, half the download) into lab_shipped_alibi_copy.weights
# and lab_shipped_rope_copy.weights
# (pelab-lab-weights-packed/1) in the output file's folder. Every file is replaced only when all 39 runs and
# both packs succeed (each written to a temporary file, then renamed); a failed run stops the script with its
# message and leaves the old files.
#
# Usage: scripts/lab_reference_runs.sh [--cli PATH] [--jobs N] [--out FILE]
#   --cli PATH  the pelab-cli to run (default: $PELAB_CLI, else build/native/pelab-cli); its folder's
#               CMakeCache.txt names the compiler and Eigen recorded under "binary"
#   --jobs N    runs at a time (default 1). Each run is single-threaded, so N runs use N cores; the numbers do
#               not depend on N, only "seconds" does (runs sharing a core take longer).
#   --out FILE  where to write (default: src/lessons/length_lab/data/reference_runs.json); the shipped weights go to the
#               same folder
#
# Determinism: a run's numbers depend on its seed, the binary, and glibc's libm. The binary pins Eigen's
# blocking and threads itself (src/core/lab/lab_model.cpp, pin_product_blocking). libm is pinned here: on x86-64,
# glibc chooses at load time between a baseline and an FMA build of expf, logf, sin, cos, pow, … by the CPU's
# features, and the two can differ in the last bit; GLIBC_TUNABLES below masks FMA and AVX2 from that choice,
# so every x86-64 CPU runs the builds without FMA (seen under gdb: __expf_sse2, __logf_sse2 instead of
# __expf_fma, __logf_fma; __cos_avx instead of __cos_fma, and glibc compiles its *_avx builds from the same
# source as *_sse2 with -msse2avx, which changes only the instructions' encoding). tests/lab/retrain_reference.sh
# sets the same value (from the file's "libm"). Needs bash, /usr/bin/python3.
set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
CLI="${PELAB_CLI:-$ROOT/build/native/pelab-cli}"
JOBS=1
OUT="$ROOT/src/lessons/length_lab/data/reference_runs.json"
PYTHON=/usr/bin/python3
LAB_LIBM_TUNABLES="glibc.cpu.hwcaps=-AVX2,-FMA,-FMA4"

usage() { sed -n '21,27p' "${BASH_SOURCE[0]}" | sed 's/^# \{0,1\}//' >&2; exit 2; }
while [[ $# -gt 0 ]]; do
    case "$1" in
        --cli) [[ $# -ge 2 ]] || usage; CLI="$2"; shift 2 ;;
        --cli=*) CLI="${1#--cli=}"; shift ;;
        --jobs|-j) [[ $# -ge 2 ]] || usage; JOBS="$2"; shift 2 ;;
        --jobs=*) JOBS="${1#--jobs=}"; shift ;;
        --out) [[ $# -ge 2 ]] || usage; OUT="$2"; shift 2 ;;
        --out=*) OUT="${1#--out=}"; shift ;;
        -h|--help) usage ;;
        *) echo "lab_reference_runs: unknown argument '$1'" >&2; usage ;;
    esac
done
[[ "$JOBS" =~ ^[1-9][0-9]*$ ]] || { echo "lab_reference_runs: --jobs: '$JOBS' is not a whole number ≥ 1" >&2; exit 2; }
[[ -x "$CLI" ]] || { echo "lab_reference_runs: no pelab-cli at '$CLI' (build it, or give --cli PATH)" >&2; exit 2; }
[[ -x "$PYTHON" ]] || { echo "lab_reference_runs: needs $PYTHON" >&2; exit 2; }
CLI="$(cd "$(dirname "$CLI")" && pwd)/$(basename "$CLI")"
mkdir -p "$(dirname "$OUT")"

export GLIBC_TUNABLES="$LAB_LIBM_TUNABLES"

TASKS=(copy reverse)
SCHEMES=(nope learned sinusoidal rope alibi t5)
SEEDS=(0 1 2)
# A run is "task pe seed kind": kind "plain" (the CLI's defaults) or "pi" (INTERP_ARGS added).
INTERP_ARGS=(pi=2 finetune_steps=200 finetune_max=32)
RUNS=()
for task in "${TASKS[@]}"; do
    for pe in "${SCHEMES[@]}"; do
        for seed in "${SEEDS[@]}"; do RUNS+=("$task $pe $seed plain"); done
    done
done
for seed in "${SEEDS[@]}"; do RUNS+=("copy rope $seed pi"); done
# The shipped models: these plain runs also save their weights, packed at the end into the output's folder.
SHIPPED=(alibi rope)
SHIPPED_DIR="$(dirname "$OUT")"

WORK="$(mktemp -d "${TMPDIR:-/tmp}/pelab-lab-ref.XXXXXX")"
PIDS=()
cleanup() {  # stops the runs still going (each a subshell and its pelab-cli), removes the temporary folder
    for pid in "${PIDS[@]}"; do
        pkill -TERM -P "$pid" 2>/dev/null || true
        kill "$pid" 2>/dev/null || true
    done
    rm -rf "$WORK"
}
trap cleanup EXIT

# One run into $WORK/<task>-<pe>-<seed>-<kind>.json; its stderr into .err; a shipped run's weights into
# .weights.json. Exit status: the CLI's.
run_one() {
    local task="$1" pe="$2" seed="$3" kind="$4" name="$1-$2-$3-$4"
    local begin=$SECONDS
    local args=("task=$task" "pe=$pe" "seed=$seed")
    [[ "$kind" == pi ]] && args+=("${INTERP_ARGS[@]}")
    if [[ "$kind" == plain && "$task" == copy && "$seed" == 0 && " ${SHIPPED[*]} " == *" $pe "* ]]; then
        args+=(--save "$WORK/$name.weights.json")
    fi
    if "$CLI" lab train "${args[@]}" >"$WORK/$name.json" 2>"$WORK/$name.err"; then
        echo "lab_reference_runs: $task $pe seed=$seed $kind done ($((SECONDS - begin)) s)" >&2
        return 0
    fi
    return 1
}

# Fails the script: names the run and shows its message; the old output files are left as they were.
stop() {
    local extra=""
    [[ "$4" == pi ]] && extra=" ${INTERP_ARGS[*]}"
    echo "lab_reference_runs: FAILED: pelab-cli lab train task=$1 pe=$2 seed=$3$extra:" >&2
    sed 's/^/  /' "$WORK/$1-$2-$3-$4.err" >&2 || true
    echo "lab_reference_runs: $OUT left unchanged" >&2
    exit 1
}

START=$SECONDS
echo "lab_reference_runs: ${#RUNS[@]} runs, $JOBS at a time, with $CLI" >&2
declare -A RUN_OF=()  # pid -> "task pe seed"
# Waits for one run to end; a failed run stops the script (stop, above) with that run's name.
collect_one() {
    local finished="" status
    if wait -n -p finished "${!RUN_OF[@]}"; then status=0; else status=$?; fi
    # shellcheck disable=SC2086
    [[ $status -eq 0 ]] || stop ${RUN_OF[$finished]}
    unset "RUN_OF[$finished]"
    PIDS=("${!RUN_OF[@]}")
}
for spec in "${RUNS[@]}"; do
    while [[ ${#RUN_OF[@]} -ge $JOBS ]]; do collect_one; done
    # shellcheck disable=SC2086
    run_one $spec &
    RUN_OF[$!]="$spec"
    PIDS=("${!RUN_OF[@]}")
done
while [[ ${#RUN_OF[@]} -gt 0 ]]; do collect_one; done
echo "lab_reference_runs: all runs done in $((SECONDS - START)) s" >&2

# The shipped models, packed next to the runs; renamed into place with the runs' file below.
for pe in "${SHIPPED[@]}"; do
    if ! "$CLI" lab pack "weights=$WORK/copy-$pe-0-plain.weights.json" bits=16 --out "$WORK/lab_shipped_${pe}_copy.weights" \
        2>"$WORK/pack-$pe.err"; then
        echo "lab_reference_runs: FAILED: pelab-cli lab pack of the $pe/copy/seed 0 weights:" >&2
        sed 's/^/  /' "$WORK/pack-$pe.err" >&2 || true
        echo "lab_reference_runs: $OUT left unchanged" >&2
        exit 1
    fi
done

# What built the binary: its build folder's CMakeCache.txt (compiler, build type, flags, Eigen's config).
CACHE="$(dirname "$CLI")/CMakeCache.txt"
cache_value() { [[ -f "$CACHE" ]] && sed -n "s/^$1:[A-Z]*=//p" "$CACHE" | head -n 1 || true; }
COMPILER="$(cache_value CMAKE_CXX_COMPILER)"
BUILD_TYPE="$(cache_value CMAKE_BUILD_TYPE)"
EIGEN_DIR="$(cache_value Eigen3_DIR)"
COMPILER_VERSION="unknown compiler"
[[ -n "$COMPILER" && -x "$COMPILER" ]] && COMPILER_VERSION="$("$COMPILER" --version | head -n 1)"
EIGEN_VERSION="unknown"
if [[ -n "$EIGEN_DIR" && -f "$EIGEN_DIR/Eigen3ConfigVersion.cmake" ]]; then
    EIGEN_VERSION="$(sed -n 's/^set(PACKAGE_VERSION "\(.*\)")/\1/p' "$EIGEN_DIR/Eigen3ConfigVersion.cmake" | head -n 1)"
fi
FLAGS="$(cache_value "CMAKE_CXX_FLAGS_$(tr '[:lower:]' '[:upper:]' <<<"$BUILD_TYPE")")"
EXTRA_FLAGS="$(cache_value CMAKE_CXX_FLAGS)"
BINARY="$COMPILER_VERSION; Eigen $EIGEN_VERSION; ${BUILD_TYPE:-unknown build type} (${FLAGS}${EXTRA_FLAGS:+ $EXTRA_FLAGS})"
GLIBC="$(getconf GNU_LIBC_VERSION 2>/dev/null || echo unknown)"
ARCH="$(uname -m)"

export LAB_REF_BINARY="$BINARY" LAB_REF_GLIBC="$GLIBC" LAB_REF_ARCH="$ARCH" LAB_REF_TUNABLES="$LAB_LIBM_TUNABLES"
export LAB_REF_WORK="$WORK" LAB_REF_OUT="$OUT" LAB_REF_RUNS="$(printf '%s\n' "${RUNS[@]}")"
export LAB_REF_SHIPPED="${SHIPPED[*]}" LAB_REF_SHIPPED_DIR="$SHIPPED_DIR" LAB_REF_INTERP="${INTERP_ARGS[*]}"
"$PYTHON" - <<'PY'
import datetime, json, os, sys, tempfile

env = os.environ
runs = []
for line in env["LAB_REF_RUNS"].split("\n"):
    if not line.strip():
        continue
    task, pe, seed, kind = line.split()
    path = os.path.join(env["LAB_REF_WORK"], f"{task}-{pe}-{seed}-{kind}.json")
    with open(path, encoding="utf-8") as f:
        result = json.load(f)
    config = result["config"]
    if config["task"] != task or config["pe"] != pe or config["seed"] != int(seed):
        sys.exit(f"lab_reference_runs: {path}: the run's config is not task={task} pe={pe} seed={seed}")
    run = {"task": task, "pe": pe, "seed": int(seed), "config": config, "loss": result["loss"],
           "exact": result["exact"], "token": result["token"]}
    if kind == "pi":
        for word in env["LAB_REF_INTERP"].split():  # the interpolation keys, as the run was asked
            key, value = word.split("=")
            if config.get(key) != float(value):
                sys.exit(f"lab_reference_runs: {path}: config.{key} is {config.get(key)!r}, expected {value}")
        if "pi" not in result or "finetune" not in result:
            sys.exit(f"lab_reference_runs: {path}: an interpolation run without its 'pi' and 'finetune' scores")
        run["pi"] = result["pi"]
        run["finetune"] = result["finetune"]
    run["seconds"] = result["seconds"]
    runs.append(run)

head = {
    "format": "pelab-lab-reference-runs/1",
    "command": "scripts/lab_reference_runs.sh",
    "binary": env["LAB_REF_BINARY"],
    "libm": {"glibc": env["LAB_REF_GLIBC"], "arch": env["LAB_REF_ARCH"], "GLIBC_TUNABLES": env["LAB_REF_TUNABLES"]},
    "date": datetime.datetime.now(datetime.timezone.utc).strftime("%Y-%m-%dT%H:%M:%SZ"),
}
# One run per line, so that a regenerated file diffs run by run.
text = json.dumps(head, ensure_ascii=False)[:-1] + ',\n "runs": [\n'
text += ",\n".join("  " + json.dumps(r, ensure_ascii=False, separators=(",", ":")) for r in runs)
text += "\n ]}\n"
json.loads(text)  # the file must read back



def write(path, data):
    """Writes `data` (bytes) to a temporary file beside `path`, then renames it over `path`."""
    fd, tmp = tempfile.mkstemp(prefix="." + os.path.basename(path) + ".", suffix=".tmp",
                               dir=os.path.dirname(os.path.abspath(path)))
    try:
        with os.fdopen(fd, "wb") as f:
            f.write(data)
            f.flush()
            os.fsync(f.fileno())
        os.chmod(tmp, 0o644)
        os.replace(tmp, path)
    except BaseException:
        os.unlink(tmp)
        raise


shipped = []
for pe in env["LAB_REF_SHIPPED"].split():
    name = f"lab_shipped_{pe}_copy.weights"
    with open(os.path.join(env["LAB_REF_WORK"], name), "rb") as f:
        shipped.append((os.path.join(env["LAB_REF_SHIPPED_DIR"], name), f.read()))
for path, data in shipped:
    write(path, data)
    print(f"lab_reference_runs: wrote {path} ({len(data)} bytes)", file=sys.stderr)
out = env["LAB_REF_OUT"]
write(out, text.encode("utf-8"))
print(f"lab_reference_runs: wrote {out} ({len(runs)} runs)", file=sys.stderr)
PY
