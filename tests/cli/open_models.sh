#!/usr/bin/env bash
# PE Lab — tests/cli/open_models.sh
# Black-box checks of issue 13's quantities of pelab-cli (positions in current open models): rope_scores'
# partial rotation (rotary_dim, partial_rotary_factor). Goldens are re-derived from the reference code named
# in each section (HF transformers), by hand where they are short. JSON shapes and values, and the error
# contract for bad inputs (exit 2, one stderr line naming the key and its range, nothing on stdout).
# Usage: tests/cli/open_models.sh [path/to/pelab-cli] (default: build/native/pelab-cli). Ends with
# "N passed, N failed".
set -u

source "$(dirname "${BASH_SOURCE[0]}")/lib/harness.bash"  # CLI path, counters, run/expect_*/checks

# [SECTION] list
expect_ok "list" list
contains "list rotary_dim" "$OUT" "rotary_dim  int in 0..64, multiple of 2, default 0"
contains "list partial_rotary_factor" "$OUT" "partial_rotary_factor  number in 0..1, default 1"

# [SECTION] rope_scores: partial rotation (HF models/gpt_neox/modeling_gpt_neox.py: query[..., :rotary_ndims]
# turns, the rest passes through)
# d = 4, rotary_dim = 2, θ_0 = 1: S[m][n] = cos(n − m) + ⟨(2,3),(4,5)⟩ = cos(n − m) + 23.
expect_ok "partial rotary" get rope_scores L=3 d=4 rotary_dim=2 q=1,0,2,3 k=1,0,4,5
contains "partial rotary shape" "$OUT" '"shape":[3,3]'
numbers_near "partial rotary values" "$(json_data_numbers "$OUT")" \
  "24 23.54030230586814 22.583853163452858  23.54030230586814 24 23.54030230586814  22.583853163452858 23.54030230586814 24" 1e-12
expect_ok "partial rotary factor" get rope_scores L=3 d=4 partial_rotary_factor=0.5 q=1,0,2,3 k=1,0,4,5
numbers_near "factor 0.5 = rotary_dim 2" "$(json_data_numbers "$OUT")" \
  "24 23.54030230586814 22.583853163452858  23.54030230586814 24 23.54030230586814  22.583853163452858 23.54030230586814 24" 1e-12
# rotary_dim = d is the full rotation of issue 4 (values from tests/cli/rope.sh).
expect_ok "rotary_dim = d" get rope_scores L=3 rotary_dim=4
numbers_near "rotary_dim = d values" "$(json_data_numbers "$OUT")" \
  "2 1.5402523062848051 0.5836531701194354  1.5402523062848051 2 1.5402523062848051  0.5836531701194354 1.5402523062848051 2" 1e-12
expect_error "rotary_dim above d" "rotary_dim: 6 is out of range 2..4" -- get rope_scores d=4 rotary_dim=6
expect_error "rotary_dim odd" "rotary_dim:" "multiple of 2" -- get rope_scores d=4 rotary_dim=3
expect_error "factor gives odd" "partial_rotary_factor: 0.35 gives rotary_dim = int(10 * 0.35) = 3" -- \
  get rope_scores d=10 partial_rotary_factor=0.35
expect_error "both spellings" "not both" -- get rope_scores d=8 rotary_dim=4 partial_rotary_factor=0.5
expect_error "factor above 1" "partial_rotary_factor: 2 is out of range 0..1" -- get rope_scores partial_rotary_factor=2

echo "$PASSED passed, $FAILED failed"
[[ $FAILED -eq 0 ]]
