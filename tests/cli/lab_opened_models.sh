#!/usr/bin/env bash
# PE Lab — tests/cli/lab_opened_models.sh
# Black-box checks of the models `pelab-cli lab` opens beyond the ranges it trains in, up to the budget of a
# model the lab opens (core/lab/lab_model.h; docs/lab.md, "When you outgrow the page"): the small file that
# scripts/lab_reference.py train --save wrote in PyTorch (tests/cli/data/lab_torch_rope_d4.json, d = 4, below
# the training range) opens in `lab eval`, `lab grad` and `lab pack`; a model of 5 layers (above it, made from
# a trained 4-layer file by repeating its last block) opens and scores; a config beyond the budget, one whose
# heads do not split d, and a file over 64 MiB are refused with exit 2 and one line naming the limit, and
# leave no output file; training keeps its own ranges. Builds nothing.
# Usage: tests/cli/lab_opened_models.sh [path/to/pelab-cli]
# (default: build/native/pelab-cli under the repository root). Ends with "N passed, N failed".
#
# [SECTION] the file written in PyTorch
# [SECTION] larger than the lab trains
# [SECTION] beyond the budget
set -u

source "$(dirname "${BASH_SOURCE[0]}")/lib/harness.bash"  # CLI path, counters, run/expect_*/checks

TORCH_FILE="$ROOT/tests/cli/data/lab_torch_rope_d4.json"
WHOSE="the budget of a model the lab opens"

# [SECTION] the file written in PyTorch
expect_ok "eval the torch file" lab eval weights="$TORCH_FILE" test=2,4
contains "eval the torch file: its config" "$OUT" '{"config":{"pe":"rope","d":4,"heads":2,"layers":1,"max_positions":128,'
contains "eval the torch file: scores" "$OUT" '"exact":{"2":'
# Scored on the lab's evaluation set, as the script scored it when it saved the file (token accuracy at n=2).
contains "eval the torch file: the script's score" "$OUT" '"token":{"2":0.1171875,'
printf '{"tokens": [[1, 2, 10, 1]], "targets": [[-100, 10, 1, 2]]}' >"$TMP/tokens.json"
expect_ok "grad on the torch file" lab grad weights="$TORCH_FILE" tokens="$TMP/tokens.json"
contains "grad on the torch file: a gradient" "$OUT" '"blocks.0.qkv.weight":{"shape":[12,4],'
expect_ok "pack the torch file" lab pack weights="$TORCH_FILE" --out "$TMP/torch.packed"
expect_ok "eval the packed torch file" lab eval weights="$TMP/torch.packed" test=2,4
contains "packed torch file: the same scores" "$OUT" '"token":{"2":0.1171875,'

# [SECTION] larger than the lab trains
expect_ok "train 4 layers" lab train d=16 heads=2 layers=4 train_steps=2 batch=4 train_max=3 test=3 pe=alibi \
  --save "$TMP/four.json"
# The weights file holds one tensor a line: repeat block 3 as block 4 and say 5 layers.
{
  sed -e 's/"layers":4,/"layers":5,/' -e '$d' "$TMP/four.json"
  grep '^"blocks\.3\.' "$TMP/four.json" | sed -e 's/^"blocks\.3\./"blocks.4./' -e 's/}}$/}/' -e 's/}$/},/'
  tail -n 1 "$TMP/four.json"
} >"$TMP/five.json"
expect_ok "eval 5 layers (the lab trains 4 at most)" lab eval weights="$TMP/five.json" test=3
contains "eval 5 layers: its config" "$OUT" '"layers":5,'
expect_ok "grad on 5 layers" lab grad weights="$TMP/five.json" tokens="$TMP/tokens.json"
contains "grad on 5 layers: block 4" "$OUT" '"blocks.4.mlp.2.bias":{"shape":[16],'
expect_error "training keeps its ranges" "lab train: layers: 5 is out of range 1..4" -- \
  lab train d=16 heads=2 layers=5 train_steps=2 batch=4 test=3

# [SECTION] beyond the budget
over() {  # over NAME SED-EXPRESSION NEEDLE…: the 4-layer file edited by SED-EXPRESSION is refused
  local name="$1" edit="$2"
  shift 2
  sed -e "$edit" "$TMP/four.json" >"$TMP/over.json"
  expect_error "eval: $name" "$@" -- lab eval weights="$TMP/over.json" test=3
  expect_error "pack: $name" "$@" -- lab pack weights="$TMP/over.json" --out "$TMP/over.packed"
  if [[ -e "$TMP/over.packed" ]]; then fail "pack: $name: wrote $TMP/over.packed"; else pass; fi
}
over "13 layers" 's/"layers":4,/"layers":13,/' "config.layers: 13 is out of range 1..12, $WHOSE"
over "d = 1024" 's/"d":16,/"d":1024,/' "config.d: 1024 is out of range 2..512, $WHOSE"
over "32 heads" 's/"heads":2,/"heads":32,/' "config.heads: 32 is out of range 1..16, $WHOSE"
over "4,097 positions" 's/"max_positions":128,/"max_positions":4097,/' \
  "config.max_positions: 4097 is out of range 1..4096, $WHOSE"
over "heads that do not split d" 's/"heads":2,/"heads":3,/' "config.d: 16 must be a multiple of 2·heads (heads=3"
truncate -s 65M "$TMP/huge.json"
expect_error "a file over 64 MiB" "is over the budget of 67,108,864 bytes" -- lab eval weights="$TMP/huge.json"

echo "$PASSED passed, $FAILED failed"
[[ $FAILED -eq 0 ]]
