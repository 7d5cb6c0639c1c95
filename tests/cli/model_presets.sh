#!/usr/bin/env bash
# PE Lab — tests/cli/model_presets.sh
# Black-box checks of the model presets on pelab-cli (core/rope/model_presets.h): `list` shows every preset
# with its values and sources; preset=NAME on rope_inv_freq and rope_attention_factor gives exactly what the
# same keys typed out give; a key given explicitly overrides the preset; an unknown preset, and a LongRoPE
# preset without its factor lists, exit 2 with one line naming the problem.
# Usage: tests/cli/model_presets.sh [path/to/pelab-cli] (default: build/native/pelab-cli). Ends with
# "N passed, N failed".
set -u

source "$(dirname "${BASH_SOURCE[0]}")/lib/harness.bash"  # CLI path, counters, run/expect_*/checks

# [SECTION] list
expect_ok "list" list
contains "list presets heading" "$OUT" "presets:"
contains "list llama 3.1" "$OUT" "llama-3.1-8b  Llama 3.1 8B: head_dim 128, rotary_dim 128, base 500000, layout half, scaling llama3 factor 8, original_max 8192"
contains "list deepseek" "$OUT" "deepseek-v3  DeepSeek-V3: head_dim 192, rotary_dim 64, nope_dim 128"
contains "list phi-3 left out" "$OUT" "not included: the per-pair short_factor and long_factor lists"
contains "list a source" "$OUT" "source: original_seq_len 4096"
contains "list preset key" "$OUT" "preset  one of none|gpt-neox-20b|"

# [SECTION] a preset equals its keys typed out (values: meta-llama/llama-models sku_list.py, apply_scaling)
expect_ok "llama 3.1 preset" get rope_inv_freq preset=llama-3.1-8b
PRESET_DATA="$(json_data_numbers "$OUT")"
expect_ok "llama 3.1 typed" get rope_inv_freq d=128 base=500000 scaling=llama3 factor=8 original_max=8192 \
  low_freq_factor=1 high_freq_factor=4
equals "llama 3.1 preset = typed" "$PRESET_DATA" "$(json_data_numbers "$OUT")"
contains "llama 3.1 shape" "$OUT" '"shape":[64]'

# An explicit key overrides the preset's value.
expect_ok "override factor" get rope_inv_freq preset=llama-3.1-8b factor=4
OVERRIDE_DATA="$(json_data_numbers "$OUT")"
expect_ok "override typed" get rope_inv_freq d=128 base=500000 scaling=llama3 factor=4 original_max=8192
equals "override = typed" "$OVERRIDE_DATA" "$(json_data_numbers "$OUT")"
contains "override echoed" "$OUT" '"factor":4'

# Partial rotation and MLA: d is the rotating width (GPT-NeoX 20B: 24 of 96; DeepSeek-V3: 64).
expect_ok "neox preset" get rope_inv_freq preset=gpt-neox-20b
contains "neox shape" "$OUT" '"shape":[12]'
expect_ok "deepseek preset" get rope_inv_freq preset=deepseek-v3
DS_DATA="$(json_data_numbers "$OUT")"
expect_ok "deepseek typed" get rope_inv_freq d=64 base=10000 scaling=yarn factor=40 original_max=4096 beta_fast=32 beta_slow=1
equals "deepseek preset = typed" "$DS_DATA" "$(json_data_numbers "$OUT")"

# [SECTION] rope_attention_factor (HF _compute_yarn_parameters / _compute_longrope_parameters)
# DeepSeek-V3: mscale = mscale_all_dim = 1, so the cos/sin factor is their ratio, 1.
expect_ok "deepseek attention factor" get rope_attention_factor preset=deepseek-v3
numbers_near "deepseek factor = 1" "$(json_data_numbers "$OUT")" "1" 1e-15
# Phi-3 mini 128k: sqrt(1 + ln(131072/4096) / ln 4096) = sqrt(1 + 5/12).
expect_ok "phi-3 attention factor" get rope_attention_factor preset=phi-3-mini-128k
numbers_near "phi-3 factor" "$(json_data_numbers "$OUT")" "1.1902380714238083" 1e-15

# [SECTION] errors
expect_error "unknown preset" "preset:" "is not a valid choice" "llama-3.1-8b" -- get rope_inv_freq preset=llama-9
expect_error "longrope without lists" "preset: phi-3-mini-128k uses LongRoPE" "48 numbers each" -- \
  get rope_inv_freq preset=phi-3-mini-128k
expect_error "override out of range" "factor:" -- get rope_inv_freq preset=deepseek-v3 factor=5000

echo "$PASSED passed, $FAILED failed"
[[ $FAILED -eq 0 ]]
