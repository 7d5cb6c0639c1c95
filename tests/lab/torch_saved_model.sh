#!/usr/bin/env bash
# PE Lab — tests/lab/torch_saved_model.sh
# A model trained in PyTorch opens in the lab with the lab's own numbers (docs/lab.md, "When you outgrow the
# page"). Trains a few steps with scripts/lab_reference.py train --save, once in one process and once under
# torchrun with two processes on the CPU (DistributedDataParallel over gloo), then for each saved file:
# `pelab-cli lab grad` against PyTorch in float64 (loss, logits, every gradient within 1e-9:
# scripts/lab_reference.py --weights), and `pelab-cli lab eval` opens it. The two runs must report the same
# model, batch, schedule and step count. The models are larger than the lab trains (5 layers) and within the
# budget of a model the lab opens.
# Local, not in CI, like the reference check it builds on: it needs Debian's python3-torch for /usr/bin/python3,
# and exits 77 (skipped) without it.
# Usage: tests/lab/torch_saved_model.sh [path/to/pelab-cli]   (default: build/native/pelab-cli)
#
# [SECTION] set-up
# [SECTION] one process, then two
set -u

# [SECTION] set-up
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
CLI="${1:-$ROOT/build/native/pelab-cli}"
PYTHON=/usr/bin/python3
SCRIPT="$ROOT/scripts/lab_reference.py"
if ! "$PYTHON" -c 'import torch, numpy' 2>/dev/null; then
  echo "torch_saved_model.sh: skipped: $PYTHON cannot import torch (apt-get install python3-torch)"
  exit 77
fi
if [[ ! -x "$CLI" ]]; then
  echo "torch_saved_model.sh: $CLI is not built (cmake --build build/native --target pelab-cli)" >&2
  exit 1
fi
# Debian 12's torch 1.13 under Python 3.11 reads torchrun's default --redirects/--tee (0) as None and stops;
# naming stderr (2) for both works there and anywhere else.
if command -v torchrun >/dev/null; then LAUNCH=(torchrun); else LAUNCH=("$PYTHON" -m torch.distributed.run); fi
LAUNCH+=(--redirects 2 --tee 2 --nproc_per_node=2)
TMP="$(mktemp -d)"
trap 'rm -rf "$TMP"' EXIT
RUN=(train --pe t5 --d 16 --heads 2 --layers 5 --train_steps 12 --batch 8 --train_max 6 --test 4,8 --seed 3)
failed=0
check() {  # check LABEL COMMAND…: runs it, prints its output on failure
  local label="$1"
  shift
  if out="$("$@" 2>&1)"; then
    echo "ok   $label"
  else
    echo "FAIL $label"
    echo "$out" | tail -n 20
    failed=$((failed + 1))
  fi
}

# [SECTION] one process, then two
"$PYTHON" "$SCRIPT" "${RUN[@]}" --save "$TMP/one.json" >"$TMP/one.out" 2>"$TMP/one.err" ||
  { echo "FAIL one process: $(tail -n 3 "$TMP/one.err")"; exit 1; }
(cd "$TMP" && "${LAUNCH[@]}" "$SCRIPT" "${RUN[@]}" --save "$TMP/two.json") >"$TMP/two.out" 2>"$TMP/two.err" ||
  { echo "FAIL two processes: $(tail -n 3 "$TMP/two.err")"; exit 1; }
for run in one two; do
  check "$run: pelab-cli lab grad = torch float64 (1e-9)" "$PYTHON" "$SCRIPT" --cli "$CLI" --weights "$TMP/$run.json"
  check "$run: pelab-cli lab eval opens it" "$CLI" lab eval weights="$TMP/$run.json" test=4,8
done
same_run() {  # the run's config, its processes' batches summed, its steps and its loss points' steps
  "$PYTHON" -c 'import json, sys
r = json.loads(open(sys.argv[1]).read().splitlines()[-1])
print(json.dumps([r["config"], sum(r["per_process_batch"]), r["steps"], [p[0] for p in r["loss"]]]))' "$1"
}
check "one and two processes: the same model, batch, schedule and steps" \
  test "$(same_run "$TMP/one.out")" = "$(same_run "$TMP/two.out")"
check "two processes: two shares of the batch" grep -q '"processes": 2, "per_process_batch": \[4, 4\]' "$TMP/two.out"
if ((failed)); then echo "$failed failed"; exit 1; fi
echo "all passed"

