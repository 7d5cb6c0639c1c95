#!/usr/bin/env bash
# PE Lab — tests/cli/open_models.sh
# Black-box checks of the open-model quantities of pelab-cli (positions in current open models): rope_scores'
# partial rotation (rotary_dim, partial_rotary_factor); rope_inv_freq scaling=longrope; rope_attention_factor;
# mrope_position_ids and mrope_scores; llama4_attn_temperature; mla_cache. Goldens are re-derived from the reference code named
# in each section (HF transformers), by hand where they are short. JSON shapes and values, and the error
# contract for bad inputs (exit 2, one stderr line naming the key and its range, nothing on stdout).
# Usage: tests/cli/open_models.sh [path/to/pelab-cli] (default: build/native/pelab-cli). Ends with
# "N passed, N failed".
set -u

source "$(dirname "${BASH_SOURCE[0]}")/lib/harness.bash"  # CLI path, counters, run/expect_*/checks

# [SECTION] list
expect_ok "list" list
contains "list rotary_dim" "$OUT" "rotary_dim  int in 0..256, multiple of 2, default 0"
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
# rotary_dim = d is the full rotation of the rope quantities (values from tests/cli/rope.sh).
expect_ok "rotary_dim = d" get rope_scores L=3 rotary_dim=4
numbers_near "rotary_dim = d values" "$(json_data_numbers "$OUT")" \
  "2 1.5402523062848051 0.5836531701194354  1.5402523062848051 2 1.5402523062848051  0.5836531701194354 1.5402523062848051 2" 1e-12
expect_error "rotary_dim above d" "rotary_dim: 6 is out of range 2..4" -- get rope_scores d=4 rotary_dim=6
expect_error "rotary_dim odd" "rotary_dim:" "multiple of 2" -- get rope_scores d=4 rotary_dim=3
expect_error "factor gives odd" "partial_rotary_factor: 0.35 gives rotary_dim = int(10 * 0.35) = 3" -- \
  get rope_scores d=10 partial_rotary_factor=0.35
expect_error "both spellings" "not both" -- get rope_scores d=8 rotary_dim=4 partial_rotary_factor=0.5
expect_error "factor above 1" "partial_rotary_factor: 2 is out of range 0..1" -- get rope_scores partial_rotary_factor=2

# [SECTION] rope_inv_freq scaling=longrope and rope_attention_factor (HF modeling_rope_utils.py
# _compute_longrope_parameters and _compute_yarn_parameters, current main)
# d = 4, base = 100: base^(2i/d) = 1, 10; θ_i = 1 / (f_i · base^(2i/d)).
expect_ok "longrope short" get rope_inv_freq scaling=longrope d=4 base=100 short_factor=1,2 long_factor=4,8 original_max=4096 seq_len=4096
numbers_near "short factors up to original_max" "$(json_data_numbers "$OUT")" "1 0.05" 1e-15
expect_ok "longrope long" get rope_inv_freq scaling=longrope d=4 base=100 short_factor=1,2 long_factor=4,8 original_max=4096 seq_len=4097
numbers_near "long factors beyond it" "$(json_data_numbers "$OUT")" "0.25 0.0125" 1e-15
expect_error "longrope lists d/2" "short_factor: has 1 numbers, but scaling=longrope with d = 128 needs d/2 = 64" -- \
  get rope_inv_freq scaling=longrope
expect_error "longrope factor range" "long_factor:" "0.01..10000" -- get rope_inv_freq scaling=longrope d=4 short_factor=1,1 long_factor=0,1
# A 4k-trained model extended to 128k: s = 131072/4096 = 2^5, ln 4096 = 12 ln 2, so √(1 + 5/12) = √(17/12).
expect_ok "attention factor longrope" get rope_attention_factor scaling=longrope original_max=4096 max_position=131072
contains "attention factor shape" "$OUT" '"shape":[1,1]'
numbers_near "sqrt(17/12)" "$(json_data_numbers "$OUT")" "1.1902380714238083" 1e-15
expect_ok "attention factor yarn" get rope_attention_factor scaling=yarn factor=40 --format csv
numbers_near "0.1 ln 40 + 1" "$OUT" "1.3688879454113936" 1e-15
expect_ok "attention factor deepseek v3" get rope_attention_factor scaling=yarn factor=40 mscale=1 mscale_all_dim=1 --format csv
numbers_near "ratio of equal mscales" "$OUT" "1" 1e-15
# (0.1·ln 40 + 1) / (0.1·0.5·ln 40 + 1) = 1.3688879454113936 / 1.1844439727056968
expect_ok "attention factor mscale ratio" get rope_attention_factor scaling=yarn factor=40 mscale=1 mscale_all_dim=0.5 --format csv
numbers_near "ratio" "$OUT" "1.1557219901962608" 1e-15
expect_ok "attention factor none" get rope_attention_factor scaling=llama3 factor=8 --format csv
equals "llama3 factor is 1" "$OUT" "1"
expect_error "mscale range" "mscale: -1 is out of range 0..100" -- get rope_attention_factor mscale=-1

# [SECTION] M-RoPE (HF models/qwen2_vl/modeling_qwen2_vl.py: Qwen2VLModel.get_rope_index,
# apply_multimodal_rotary_pos_emb)
# get_rope_index's docstring example: 3 × 2 × 2 merged patches (12 vision tokens), then 5 text tokens.
expect_ok "mrope ids docstring" get mrope_position_ids text_before=0 grid_t=3 grid_h=4 grid_w=4 merge=2 text_after=5
contains "mrope ids shape" "$OUT" '"shape":[3,17]'
contains "mrope ids values" "$OUT" '"data":[[0,0,0,0,1,1,1,1,2,2,2,2,3,4,5,6,7],[0,0,1,1,0,0,1,1,0,0,1,1,3,4,5,6,7],[0,1,0,1,0,1,0,1,0,1,0,1,3,4,5,6,7]]'
# Text, image, text: the image starts at text_before; text after resumes at the largest id + 1.
expect_ok "mrope ids text-image-text" get mrope_position_ids text_before=1 grid_t=2 grid_h=4 grid_w=6 text_after=3 --format csv
equals "mrope ids csv" "$OUT" "0,1,1,1,1,1,1,2,2,2,2,2,2,4,5,6
0,1,1,1,2,2,2,1,1,1,2,2,2,4,5,6
0,1,2,3,1,2,3,1,2,3,1,2,3,4,5,6"
# Text alone is 1-D RoPE in the rotate_half layout (values of rope_scores L=3 layout=half, tests/cli/rope.sh).
expect_ok "mrope text only" get mrope_scores text_before=3 grid_t=0 text_after=0 d=4 mrope_section=1,1,0 q=1,1,0,0 k=1,1,0,0
contains "mrope scores shape" "$OUT" '"shape":[3,3]'
numbers_near "mrope text only = rope half" "$(json_data_numbers "$OUT")" \
  "2 1.5402523062848051 0.5836531701194354  1.5402523062848051 2 1.5402523062848051  0.5836531701194354 1.5402523062848051 2" 1e-12
# Inside one image, d = 4, section 0,1,1, θ = (1, 1/100): pair 0 (coordinates 0 and 2) turns with h, pair 1
# (coordinates 1 and 3) with w. In the 2 × 2 merged grid, token 1 is (h, w) = (0, 1) and token 2 is (1, 0).
# q = k = (1, 0, 0, 0): S[0][1] = cos(0) = 1, S[0][2] = cos(1). q = k = (0, 1, 0, 0): S[0][1] = cos(0.01), S[0][2] = 1.
expect_ok "mrope image pair 0" get mrope_scores text_before=0 grid_t=1 grid_h=4 grid_w=4 text_after=0 d=4 section=0,1,1 base=10000 q=1,0,0,0 k=1,0,0,0
numbers_near "pair 0 follows h" "$(pick "$(json_data_numbers "$OUT")" 1 2)" "1 0.5403023058681398" 1e-15
expect_ok "mrope image pair 1" get mrope_scores text_before=0 grid_t=1 grid_h=4 grid_w=4 text_after=0 d=4 section=0,1,1 base=10000 q=0,1,0,0 k=0,1,0,0
numbers_near "pair 1 follows w" "$(pick "$(json_data_numbers "$OUT")" 1 2)" "0.9999500004166653 1" 1e-15
expect_error "mrope section sum" "section: sums to 9, but d = 16 needs a sum of d/2 = 8" -- get mrope_scores section=2,3,4
expect_error "mrope section count" "section:" "list of 3 numbers" -- get mrope_scores section=4,4
expect_error "mrope grid multiple" "grid_w: 5 is not a multiple of merge = 2" -- get mrope_position_ids grid_w=5
expect_error "mrope empty" "the sequence is empty" -- get mrope_position_ids text_before=0 grid_t=0 text_after=0
expect_error "mrope scores range" "grid_t: 5 is out of range 0..4" -- get mrope_scores grid_t=5

# [SECTION] llama4_attn_temperature (HF models/llama4/modeling_llama4.py, NoPE layers' temperature tuning:
# log(floor((p + 1)/floor_scale) + 1)·attn_scale + 1, Llama4TextConfig defaults 0.1 and 8192)
# Positions 0, 8191, 16382, 24573, 32764: floor((p + 1)/8192) = 0, 1, 1, 2, 3.
expect_ok "llama4 temperature" get llama4_attn_temperature L=5 stride=8191
contains "llama4 shape" "$OUT" '"shape":[5]'
numbers_near "llama4 steps" "$(json_data_numbers "$OUT")" \
  "1 1.0693147180559945 1.0693147180559945 1.1098612288668110 1.1386294361119891" 1e-15
# Position 10·999999 = 9999990, near 10M tokens: floor(9999991/8192) = 1220, 1 + 0.1·ln 1221.
expect_ok "llama4 10M" get llama4_attn_temperature L=11 stride=999999
numbers_near "llama4 near 10M" "$(pick "$(json_data_numbers "$OUT")" 10)" "1.7107425474110705" 1e-15
expect_error "llama4 floor_scale" "floor_scale: 0 is out of range 1..100000000" -- get llama4_attn_temperature floor_scale=0

# [SECTION] mla_cache (HF models/deepseek_v3/modeling_deepseek_v3.py, DeepseekV3Attention; the defaults are
# HF DeepseekV3Config's head shapes and deepseek-ai/DeepSeek-V3 inference/model.py's rope_factor 40, mscale 1)
# MLA 512 + 64 = 576; MHA 128·(128 + 64 + 128) = 40960; ratio 40960/576; (0.1·ln 40 + 1)²; 192^(−1/2)·that.
expect_ok "mla_cache" get mla_cache
contains "mla shape" "$OUT" '"shape":[5]'
numbers_near "mla numbers" "$(json_data_numbers "$OUT")" \
  "576 40960 71.111111111111114 1.8738542070926265 0.13523377886088009" 1e-12
expect_ok "mla without mscale_all_dim" get mla_cache mscale_all_dim=0 --format csv
numbers_near "softmax scale unchanged" "$(tr ',' ' ' <<<"$OUT")" "576 40960 71.111111111111114 1 0.07216878364870323" 1e-15
expect_error "mla odd rope dim" "qk_rope_head_dim:" "multiple of 2" -- get mla_cache qk_rope_head_dim=63

echo "$PASSED passed, $FAILED failed"
[[ $FAILED -eq 0 ]]
