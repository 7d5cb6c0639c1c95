#!/usr/bin/env bash
# PE Lab — scripts/lab_reference_runs.sh
# Makes the lab's reference runs (docs/lab.md "Reference runs") into ONE file,
# src/lessons/length_lab/data/reference_runs.json, in four sets, each made (and remade) on its own:
#   base      `pelab-cli lab train` at the CLI's defaults (d=48 heads=4 layers=2 train_steps=1500 batch=32
#             lr=1e-3 train_max=16 test=4,8,12,16,20,24,28,32,40,48) for every scheme (nope learned sinusoidal
#             rope alibi t5) × task (copy reverse) × seed (0 1 2), 36 runs of about 35 s each on one core, then 3
#             interpolation runs (pe=rope task=copy, seeds 0 1 2, plus pi=2 finetune_steps=200 finetune_max=32);
#             and the two shipped models (below)
#   longer    the six schemes on copy, seeds 0 1 2, at train_steps=6000 (18 runs, about 140 s each)
#   scaled    the plain rope/copy models of seeds 0 1 2 (retrained with --save, unless base is made in the same
#             call: deterministic, so equal to base's runs, which the script checks) scored by `lab eval
#             train_max=16` at the default test lengths under scaling=none (once) and linear, ntk, dynamic, yarn
#             at factor=2 and 3 (27 evaluations of a few seconds each; no fine-tune)
#   finetune  pe=rope task=copy finetune_steps=200 finetune_max=32 with scaling=none (the plain control: the same
#             200 steps, no scaling), scaling=ntk factor=2 and scaling=yarn factor=2, seeds 0 1 2 (9 runs, about
#             40 s each); linear factor=2 (PI) is base's interpolation runs, not made twice
# Format pelab-lab-reference-runs/1:
#   {"format", "command", "binary" (compiler, Eigen, build type), "libm" (glibc, arch, GLIBC_TUNABLES), "date",
#    "sets": {set: date made}, "runs": [{…}, …]}
# the runs in the sets' order above. base: {"task", "pe", "seed", "config", "loss", "exact", "token", ["pi"],
# ["finetune"], "seconds"} ordered by task, then scheme, then seed, then the interpolation runs by seed (they carry
# "pi": {"exact", "token"} and "finetune": {"loss", "exact", "token"}; config.pi = 2 and config.finetune_steps =
# 200 tell them apart from the plain rope/copy runs). The other sets' runs carry "kind" ("longer", "scaled",
# "finetune"), which base's never do, so a reader of base sees what it saw before they existed:
#   longer    {"kind", "task", "pe", "seed", "config" (train_steps 6000), "loss", "exact", "token", "seconds"}
#   scaled    {"kind", "task", "pe", "seed", "train_steps", "scaling", "factor" (none: 1), "config" (lab eval's
#             echo), "exact", "token", "seconds"}, by seed, then scaling, then factor
#   finetune  {"kind", "task", "pe", "seed", "scaling", "factor" (none: 1), "config", "loss", "exact", "token",
#             ["scaled"] (ntk, yarn: before the fine-tune), "finetune", "seconds"}, by scaling, then seed
# base also ships two trained models for the lab's look inside a model before the learner trains anything: the
# runs pe=alibi and pe=rope on task=copy, seed 0 (the reference runs themselves, trained with --save), packed
# by `pelab-cli lab pack bits=16` (rounded to half precision, half the download) into lab_shipped_alibi_copy.weights
# and lab_shipped_rope_copy.weights
# (pelab-lab-weights-packed/1) in the output file's folder. A set made replaces that set's runs in the file and
# keeps the others (refused when the file's binary or libm differs from this one's: remake every set then); the
# file is replaced only when every run asked for succeeded (written to a temporary file, then renamed); a failed
# run stops the script with its message and leaves the old files.
#
# Usage: scripts/lab_reference_runs.sh [--set SETS] [--cli PATH] [--jobs N] [--out FILE]
#   --set SETS  base, longer, scaled, finetune, or all (default), or a comma list (longer,finetune)
#   --cli PATH  the pelab-cli to run (default: $PELAB_CLI, else build/native/pelab-cli); its folder's
#               CMakeCache.txt names the compiler and Eigen recorded under "binary"
#   --jobs N    runs at a time (default 1). Each run is single-threaded, so N runs use N cores; the numbers do
#               not depend on N, only "seconds" does (runs sharing a core take longer).
#   --out FILE  where to write (default: src/lessons/length_lab/data/reference_runs.json); the shipped weights go to the
#               same folder
# Times on one core: base about 23 min, longer 42 min, scaled 3 min, finetune 6 min.
#
# Determinism: a run's numbers depend on its seed, the binary, and glibc's libm. The binary pins Eigen's
# blocking and threads itself (src/core/lab/lab_model.cpp, pin_product_blocking). libm is pinned here: on x86-64,
# glibc chooses at load time between a baseline and an FMA build of expf, logf, sin, cos, pow, … by the CPU's
# features, and the two can differ in the last bit; GLIBC_TUNABLES below masks FMA and AVX2 from that choice,
# so every x86-64 CPU runs the builds without FMA (seen under gdb: __expf_sse2, __logf_sse2 instead of
# __expf_fma, __logf_fma; __cos_avx instead of __cos_fma, and glibc compiles its *_avx builds from the same
# source as *_sse2 with -msse2avx, which changes only the instructions' encoding). tests/lab/retrain_reference.sh
# sets the same value (from the file's "libm"). Needs bash, /usr/bin/python3.
#
# [SECTION] arguments
# [SECTION] the runs of each set
# [SECTION] the binary, and the old file's sets
# [SECTION] running them
# [SECTION] the shipped models
# [SECTION] the file: this call's sets merged into the old file's
set -euo pipefail

# [SECTION] arguments
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
CLI="${PELAB_CLI:-$ROOT/build/native/pelab-cli}"
JOBS=1
SETS_ASKED=all
OUT="$ROOT/src/lessons/length_lab/data/reference_runs.json"
PYTHON=/usr/bin/python3
LAB_LIBM_TUNABLES="glibc.cpu.hwcaps=-AVX2,-FMA,-FMA4"

usage() { sed -n '/^# Usage:/,/^# Times on one core/p' "${BASH_SOURCE[0]}" | sed 's/^# \{0,1\}//' >&2; exit 2; }
while [[ $# -gt 0 ]]; do
    case "$1" in
        --set) [[ $# -ge 2 ]] || usage; SETS_ASKED="$2"; shift 2 ;;
        --set=*) SETS_ASKED="${1#--set=}"; shift ;;
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
ALL_SETS=(base longer scaled finetune)
declare -A MAKE=()
IFS=, read -r -a SET_WORDS <<<"$SETS_ASKED"
for word in "${SET_WORDS[@]}"; do
    case "$word" in
        all) for s in "${ALL_SETS[@]}"; do MAKE[$s]=1; done ;;
        base|longer|scaled|finetune) MAKE[$word]=1 ;;
        *) echo "lab_reference_runs: --set: '$word' is not a set (base, longer, scaled, finetune or all)" >&2; exit 2 ;;
    esac
done
[[ ${#MAKE[@]} -gt 0 ]] || { echo "lab_reference_runs: --set: no set named" >&2; exit 2; }
[[ -x "$CLI" ]] || { echo "lab_reference_runs: no pelab-cli at '$CLI' (build it, or give --cli PATH)" >&2; exit 2; }
[[ -x "$PYTHON" ]] || { echo "lab_reference_runs: needs $PYTHON" >&2; exit 2; }
CLI="$(cd "$(dirname "$CLI")" && pwd)/$(basename "$CLI")"
mkdir -p "$(dirname "$OUT")"
if [[ -z "${MAKE[base]:-}" && ! -f "$OUT" ]]; then
    echo "lab_reference_runs: $OUT does not exist: make the base set first (--set base or all)" >&2
    exit 2
fi

export GLIBC_TUNABLES="$LAB_LIBM_TUNABLES"

# [SECTION] the runs of each set
# A job is one line of words: "SET NAME TASK PE SEED SCALING FACTOR LAB-ARGUMENTS…", run as `pelab-cli lab
# LAB-ARGUMENTS…` in the work folder (weights are named relative to it); SCALING and FACTOR ("-" when none)
# label the scaled and finetune runs. NAME names its output (NAME.json, NAME.err) and is unique.
TASKS=(copy reverse)
SCHEMES=(nope learned sinusoidal rope alibi t5)
SEEDS=(0 1 2)
INTERP_ARGS=(pi=2 finetune_steps=200 finetune_max=32)
LONGER_ARGS=(train_steps=6000)
FINETUNE_ARGS=(finetune_steps=200 finetune_max=32)
FINETUNE_SCALINGS=("none 1" "ntk 2" "yarn 2")  # linear 2 is base's interpolation runs
SCALED_SCALINGS=("none 1" "linear 2" "linear 3" "ntk 2" "ntk 3" "dynamic 2" "dynamic 3" "yarn 2" "yarn 3")
DEFAULT_TEST=4,8,12,16,20,24,28,32,40,48  # lab train's default test lengths
# The shipped models: these base runs also save their weights, packed at the end into the output's folder.
SHIPPED=(alibi rope)
SHIPPED_DIR="$(dirname "$OUT")"

TRAIN_JOBS=()  # first: every training run
EVAL_JOBS=()   # then: the evaluations of models those runs saved
for task in "${TASKS[@]}"; do
    for pe in "${SCHEMES[@]}"; do
        for seed in "${SEEDS[@]}"; do
            [[ -n "${MAKE[base]:-}" ]] || continue
            args=("train" "task=$task" "pe=$pe" "seed=$seed")
            # The shipped models' runs, and the rope/copy models the scaled set scores, save their weights.
            if [[ "$task" == copy && ( ( "$seed" == 0 && " ${SHIPPED[*]} " == *" $pe "* ) ||
                  ( "$pe" == rope && -n "${MAKE[scaled]:-}" ) ) ]]; then
                args+=(--save "$task-$pe-$seed-plain.weights.json")
            fi
            TRAIN_JOBS+=("base $task-$pe-$seed-plain $task $pe $seed - - ${args[*]}")
        done
    done
done
if [[ -n "${MAKE[base]:-}" ]]; then
    for seed in "${SEEDS[@]}"; do
        TRAIN_JOBS+=("base copy-rope-$seed-pi copy rope $seed - - train task=copy pe=rope seed=$seed ${INTERP_ARGS[*]}")
    done
fi
if [[ -n "${MAKE[longer]:-}" ]]; then
    for pe in "${SCHEMES[@]}"; do
        for seed in "${SEEDS[@]}"; do
            TRAIN_JOBS+=("longer copy-$pe-$seed-longer copy $pe $seed - - train task=copy pe=$pe seed=$seed ${LONGER_ARGS[*]}")
        done
    done
fi
if [[ -n "${MAKE[finetune]:-}" ]]; then
    for scaling in "${FINETUNE_SCALINGS[@]}"; do
        read -r method factor <<<"$scaling"
        extra="scaling=$method"
        [[ "$method" == none ]] || extra+=" factor=$factor"
        for seed in "${SEEDS[@]}"; do
            TRAIN_JOBS+=("finetune copy-rope-$seed-finetune-$method copy rope $seed $method $factor train task=copy pe=rope seed=$seed $extra ${FINETUNE_ARGS[*]}")
        done
    done
fi
if [[ -n "${MAKE[scaled]:-}" ]]; then
    for seed in "${SEEDS[@]}"; do
        # The model: base's run when base is made now, else the same run retrained here (checked equal to
        # base's stored run when the file is written).
        if [[ -z "${MAKE[base]:-}" ]]; then
            TRAIN_JOBS+=("model copy-rope-$seed-plain copy rope $seed - - train task=copy pe=rope seed=$seed --save copy-rope-$seed-plain.weights.json")
        fi
        for scaling in "${SCALED_SCALINGS[@]}"; do
            read -r method factor <<<"$scaling"
            extra="scaling=$method"
            [[ "$method" == none ]] || extra+=" factor=$factor"
            EVAL_JOBS+=("scaled copy-rope-$seed-scaled-$method-$factor copy rope $seed $method $factor eval weights=copy-rope-$seed-plain.weights.json train_max=16 $extra test=$DEFAULT_TEST task=copy")
        done
    done
fi

# [SECTION] the binary, and the old file's sets
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

# The sets kept from the old file must come from this binary and libm: checked now, not after an hour of runs
# (the file is checked again when written).
if [[ -f "$OUT" ]]; then
    if ! LAB_REF_OUT="$OUT" LAB_REF_SETS="${!MAKE[*]}" LAB_REF_BINARY="$BINARY" LAB_REF_GLIBC="$GLIBC" \
         LAB_REF_ARCH="$ARCH" LAB_REF_TUNABLES="$LAB_LIBM_TUNABLES" "$PYTHON" - <<'PY'
import json, os, sys
env = os.environ
with open(env["LAB_REF_OUT"], encoding="utf-8") as f:
    old = json.load(f)
kept = {r.get("kind", "base") for r in old.get("runs", [])} - set(env["LAB_REF_SETS"].split())
libm = {"glibc": env["LAB_REF_GLIBC"], "arch": env["LAB_REF_ARCH"], "GLIBC_TUNABLES": env["LAB_REF_TUNABLES"]}
if kept and (old.get("binary") != env["LAB_REF_BINARY"] or old.get("libm") != libm):
    sys.exit(f"lab_reference_runs: {env['LAB_REF_OUT']} was made by another binary or libm "
             f"({old.get('binary')!r}, {old.get('libm')!r}) and holds sets not made now "
             f"({', '.join(sorted(kept))}): remake them all (--set all)")
PY
    then
        exit 1
    fi
fi

# [SECTION] running them
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

# One job (its words as one string): its output into $WORK/NAME.json, its stderr into NAME.err. Exit status: the CLI's.
run_one() {
    local w begin=$SECONDS
    read -r -a w <<<"$1"
    if (cd "$WORK" && "$CLI" lab "${w[@]:7}" >"${w[1]}.json" 2>"${w[1]}.err"); then
        echo "lab_reference_runs: ${w[1]} done ($((SECONDS - begin)) s)" >&2
        return 0
    fi
    return 1
}

# Fails the script: names the job's command and shows its message; the old output files are left as they were.
stop() {
    local w
    read -r -a w <<<"$1"
    echo "lab_reference_runs: FAILED: pelab-cli lab ${w[*]:7}:" >&2
    sed 's/^/  /' "$WORK/${w[1]}.err" >&2 || true
    echo "lab_reference_runs: $OUT left unchanged" >&2
    exit 1
}

START=$SECONDS
echo "lab_reference_runs: sets ${!MAKE[*]}: ${#TRAIN_JOBS[@]} runs, then ${#EVAL_JOBS[@]} evaluations, $JOBS at a time, with $CLI" >&2
declare -A RUN_OF=()  # pid -> the job's words
# Waits for one job to end; a failed one stops the script (stop, above) with its command.
collect_one() {
    local finished="" status
    if wait -n -p finished "${!RUN_OF[@]}"; then status=0; else status=$?; fi
    [[ $status -eq 0 ]] || stop "${RUN_OF[$finished]}"
    unset "RUN_OF[$finished]"
    PIDS=("${!RUN_OF[@]}")
}
# Runs the jobs given, $JOBS at a time, and waits for all of them.
run_all() {
    local job
    for job in "$@"; do
        while [[ ${#RUN_OF[@]} -ge $JOBS ]]; do collect_one; done
        run_one "$job" &
        RUN_OF[$!]="$job"
        PIDS=("${!RUN_OF[@]}")
    done
    while [[ ${#RUN_OF[@]} -gt 0 ]]; do collect_one; done
}
run_all "${TRAIN_JOBS[@]}"
[[ ${#EVAL_JOBS[@]} -eq 0 ]] || run_all "${EVAL_JOBS[@]}"
echo "lab_reference_runs: all runs done in $((SECONDS - START)) s" >&2

# [SECTION] the shipped models
# The shipped models, packed next to the runs; renamed into place with the runs' file below.
if [[ -n "${MAKE[base]:-}" ]]; then
    for pe in "${SHIPPED[@]}"; do
        if ! "$CLI" lab pack "weights=$WORK/copy-$pe-0-plain.weights.json" bits=16 --out "$WORK/lab_shipped_${pe}_copy.weights" \
            2>"$WORK/pack-$pe.err"; then
            echo "lab_reference_runs: FAILED: pelab-cli lab pack of the $pe/copy/seed 0 weights:" >&2
            sed 's/^/  /' "$WORK/pack-$pe.err" >&2 || true
            echo "lab_reference_runs: $OUT left unchanged" >&2
            exit 1
        fi
    done
fi

# [SECTION] the file: this call's sets merged into the old file's
export LAB_REF_BINARY="$BINARY" LAB_REF_GLIBC="$GLIBC" LAB_REF_ARCH="$ARCH" LAB_REF_TUNABLES="$LAB_LIBM_TUNABLES"
export LAB_REF_WORK="$WORK" LAB_REF_OUT="$OUT" LAB_REF_JOBS="$(printf '%s\n' "${TRAIN_JOBS[@]}" "${EVAL_JOBS[@]}")"
export LAB_REF_SETS="${!MAKE[*]}" LAB_REF_ALL_SETS="${ALL_SETS[*]}"
export LAB_REF_SHIPPED="${SHIPPED[*]}" LAB_REF_SHIPPED_DIR="$SHIPPED_DIR" LAB_REF_INTERP="${INTERP_ARGS[*]}"
export LAB_REF_LONGER="${LONGER_ARGS[*]}" LAB_REF_FINETUNE="${FINETUNE_ARGS[*]}" LAB_REF_TEST="$DEFAULT_TEST"
"$PYTHON" - <<'PY'
import datetime, json, os, sys, tempfile

env = os.environ
making = set(env["LAB_REF_SETS"].split())
now = datetime.datetime.now(datetime.timezone.utc).strftime("%Y-%m-%dT%H:%M:%SZ")
binary = env["LAB_REF_BINARY"]
libm = {"glibc": env["LAB_REF_GLIBC"], "arch": env["LAB_REF_ARCH"], "GLIBC_TUNABLES": env["LAB_REF_TUNABLES"]}
out = env["LAB_REF_OUT"]


def fail(message):
    sys.exit(f"lab_reference_runs: {message}; {out} left unchanged")


def expect_keys(path, config, words):
    """The run's echoed config holds each key=value it was asked for."""
    for word in words.split():
        key, value = word.split("=")
        if config.get(key) != float(value):
            fail(f"{path}: config.{key} is {config.get(key)!r}, expected {value}")


def number(text):
    """A factor as the CLI echoes it: 2, not 2.0."""
    value = float(text)
    return int(value) if value.is_integer() else value


def set_of(run):
    return run.get("kind", "base")


# The old file: its runs of the sets not made now are kept, if the same binary and libm made them.
old = None
if os.path.exists(out):
    with open(out, encoding="utf-8") as f:
        old = json.load(f)
    if old.get("format") != "pelab-lab-reference-runs/1":
        fail(f"{out} is not a pelab-lab-reference-runs/1 file")
    kept = {set_of(r) for r in old["runs"]} - making
    if kept and (old.get("binary") != binary or old.get("libm") != libm):
        fail(f"{out} was made by another binary or libm ({old.get('binary')!r}, {old.get('libm')!r}) and holds sets "
             f"not made now ({', '.join(sorted(kept))}): remake them all (--set all)")
old_base = [r for r in (old["runs"] if old else []) if set_of(r) == "base"]

new = {name: [] for name in env["LAB_REF_ALL_SETS"].split()}
for line in env["LAB_REF_JOBS"].split("\n"):
    if not line.strip():
        continue
    words = line.split()
    kind, name, task, pe, seed, scaling, factor = words[:7]
    seed = int(seed)
    path = os.path.join(env["LAB_REF_WORK"], name + ".json")
    with open(path, encoding="utf-8") as f:
        result = json.load(f)
    config = result["config"]
    if config["task"] != task or config["pe"] != pe or config.get("seed", seed) != seed:
        fail(f"{path}: the run's config is not task={task} pe={pe} seed={seed}")
    if kind == "model":
        # A scaled set's model retrained without base: it must be base's stored run, number for number.
        stored = [r for r in old_base if r["task"] == task and r["pe"] == pe and r["seed"] == seed and
                  r["config"].get("pi") == 1 and r["config"].get("finetune_steps") == 0]
        if len(stored) != 1:
            fail(f"{out} holds {len(stored)} base runs of task={task} pe={pe} seed={seed}, expected 1")
        for key in ("config", "loss", "exact", "token"):
            if result[key] != stored[0][key]:
                fail(f"{path}: the retrained model's {key} differs from the stored base run's (another binary?)")
        continue
    if kind == "base":
        run = {"task": task, "pe": pe, "seed": seed, "config": config, "loss": result["loss"],
               "exact": result["exact"], "token": result["token"]}
        if name.endswith("-pi"):
            expect_keys(path, config, env["LAB_REF_INTERP"])
            if "pi" not in result or "finetune" not in result:
                fail(f"{path}: an interpolation run without its 'pi' and 'finetune' scores")
            run["pi"] = result["pi"]
            run["finetune"] = result["finetune"]
    elif kind == "longer":
        expect_keys(path, config, env["LAB_REF_LONGER"])
        run = {"kind": kind, "task": task, "pe": pe, "seed": seed, "config": config, "loss": result["loss"],
               "exact": result["exact"], "token": result["token"]}
    elif kind == "finetune":
        expect_keys(path, config, env["LAB_REF_FINETUNE"])
        if scaling != "none":
            if config.get("scaling") != scaling:
                fail(f"{path}: config.scaling is {config.get('scaling')!r}, expected {scaling}")
            expect_keys(path, config, f"factor={factor}")
        elif config.get("pi") != 1 or "scaling" in config:
            fail(f"{path}: the plain control ran with a scaling ({config})")
        if "finetune" not in result:
            fail(f"{path}: a fine-tune run without its 'finetune' scores")
        run = {"kind": kind, "task": task, "pe": pe, "seed": seed, "scaling": scaling, "factor": number(factor),
               "config": config, "loss": result["loss"], "exact": result["exact"], "token": result["token"]}
        if "scaled" in result:
            run["scaled"] = result["scaled"]
        run["finetune"] = result["finetune"]
    elif kind == "scaled":
        if config["test"] != [int(n) for n in env["LAB_REF_TEST"].split(",")]:
            fail(f"{path}: evaluated at {config['test']}, expected {env['LAB_REF_TEST']}")
        # lab eval echoes linear as pi=S and none as pi=1 (their code path); the others by name.
        if scaling in ("none", "linear"):
            ok = config.get("pi") == float(factor) and "scaling" not in config
        else:
            ok = config.get("scaling") == scaling and config.get("factor") == float(factor)
        if not ok:
            fail(f"{path}: config {config} is not scaling={scaling} factor={factor}")
        model = os.path.join(env["LAB_REF_WORK"], f"{task}-{pe}-{seed}-plain.json")
        with open(model, encoding="utf-8") as f:
            model_config = json.load(f)["config"]
        run = {"kind": kind, "task": task, "pe": pe, "seed": seed, "train_steps": model_config["train_steps"],
               "scaling": scaling, "factor": number(factor), "config": config, "exact": result["exact"],
               "token": result["token"]}
    else:
        fail(f"unknown set {kind!r}")
    run["seconds"] = result["seconds"]
    new[kind].append(run)

runs = []
for name in env["LAB_REF_ALL_SETS"].split():
    runs += new[name] if name in making else [r for r in (old["runs"] if old else []) if set_of(r) == name]
sets = {name: date for name, date in ((old or {}).get("sets") or {}).items() if name not in making}
if old and "base" not in making and "base" not in sets:
    sets["base"] = old["date"]  # a file from before the sets were named: its date is base's
for name in making:
    sets[name] = now
sets = {name: sets[name] for name in env["LAB_REF_ALL_SETS"].split() if name in sets}

head = {
    "format": "pelab-lab-reference-runs/1",
    "command": "scripts/lab_reference_runs.sh",
    "binary": binary,
    "libm": libm,
    "date": now,
    "sets": sets,
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


if "base" in making:
    shipped = []
    for pe in env["LAB_REF_SHIPPED"].split():
        name = f"lab_shipped_{pe}_copy.weights"
        with open(os.path.join(env["LAB_REF_WORK"], name), "rb") as f:
            shipped.append((os.path.join(env["LAB_REF_SHIPPED_DIR"], name), f.read()))
    for path, data in shipped:
        write(path, data)
        print(f"lab_reference_runs: wrote {path} ({len(data)} bytes)", file=sys.stderr)
write(out, text.encode("utf-8"))
counts = ", ".join(f"{name} {len([r for r in runs if set_of(r) == name])}" for name in env["LAB_REF_ALL_SETS"].split())
print(f"lab_reference_runs: wrote {out} ({len(runs)} runs: {counts}; made now: {' '.join(sorted(making))})",
      file=sys.stderr)
PY
