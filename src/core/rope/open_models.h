// PE Lab — core/rope/open_models.h
// Position encoding as today's open models use it, transcribed from the reference code:
//   partial rotation   GPT-NeoX `rotary_pct` / Phi `partial_rotary_factor` (HF modeling_gpt_neox.py:
//                      query[..., :rotary_ndims] turns, query[..., rotary_ndims:] passes through)
//   M-RoPE             Qwen2-VL (HF models/qwen2_vl/modeling_qwen2_vl.py: Qwen2VLModel.get_rope_index and
//                      apply_multimodal_rotary_pos_emb)
//   NoPE layers        Llama 4 (HF models/llama4/modeling_llama4.py, Llama4TextAttention.forward: attention
//                      temperature tuning; defaults from configuration_llama4.py Llama4TextConfig) and what a
//                      causal mask alone tells a layer without position encoding
//   MLA                DeepSeek-V2/V3 (HF models/deepseek_v3/modeling_deepseek_v3.py, DeepseekV3Attention:
//                      the cached latent and shared rope key, yarn_get_mscale in the softmax scale)
// Each function names the reference function it follows; values agree with a double-precision transcription
// of that code (HF itself runs in float32).
// Part of `core`: Eigen + std only.
//
// [SECTION] partial rotation
// [SECTION] M-RoPE (Qwen2-VL)
// [SECTION] layers without position encoding (NoPE, Llama 4)
// [SECTION] multi-head latent attention (DeepSeek)
#pragma once
#include <Eigen/Dense>
#include <vector>

#include "core/rope/rope.h"

namespace pelab {

// [SECTION] partial rotation

// HF's rotating width for a head of d numbers: int(d · partial_rotary_factor) (truncated toward zero, as
// Python's int() does; GPT-NeoX writes int(head_size · rotary_pct)).
int rotary_dim_from_factor(int d, double partial_rotary_factor);

// The score ⟨q_m, k_n⟩ after partial RoPE, split in two: `relative` sums the first rotary_dim coordinates
// (turned by RoPE with θ_i = base^(−2i/rotary_dim), the layout applied within them), so it depends on n − m
// only; `content` sums the remaining d − rotary_dim coordinates, which pass through unturned, so it is the
// same ⟨q_pass, k_pass⟩ in every cell. relative + content is the whole score. Both L×L.
struct RopeScoreParts {
    Eigen::MatrixXd relative;
    Eigen::MatrixXd content;
};
RopeScoreParts partial_rope_score_parts(int L, int rotary_dim, double base, const Eigen::VectorXd& q,
                                        const Eigen::VectorXd& k, RopeLayout layout);

// The whole score with partial rotation: S[m][n] = ⟨R_m q, R_n k⟩ where R turns only the first rotary_dim
// coordinates (rope_scores with rotary_dim/2 frequencies; rotary_dim = d gives today's rope_scores).
Eigen::MatrixXd partial_rope_scores(int L, int rotary_dim, double base, const Eigen::VectorXd& q,
                                    const Eigen::VectorXd& k, RopeLayout layout);

// [SECTION] M-RoPE (Qwen2-VL)

// One sequence of text, one image (or video) and text: text_before text tokens, then the vision tokens of a
// grid of grid_t × grid_h × grid_w patches merged merge × merge (spatial_merge_size), then text_after text
// tokens. grid_h and grid_w count patches before merging (image_grid_thw), so they are multiples of merge;
// grid_t = 0 means no image.
struct MropeSequence {
    int text_before = 2;
    int grid_t = 1;
    int grid_h = 4;
    int grid_w = 4;
    int merge = 2;
    int text_after = 2;
};

// Vision tokens grid_t · (grid_h / merge) · (grid_w / merge), and all tokens N = text_before + those + text_after.
long long mrope_vision_tokens(const MropeSequence& s);
long long mrope_token_count(const MropeSequence& s);

// get_rope_index for the sequence: a 3 × N table, rows temporal, height, width. Text before the image counts
// 0, 1, …; the image's tokens get text_before plus their (t, h, w) index in the merged grid (row-major t, h,
// w); text after the image resumes at the largest id so far + 1, the same on all three rows.
Eigen::MatrixXi mrope_position_ids(const MropeSequence& s);

// The row (0 = t, 1 = h, 2 = w) whose position turns frequency pair i, i = 0..Σsection−1: the first
// section[0] pairs follow t, the next section[1] follow h, the rest w. apply_multimodal_rotary_pos_emb
// splits cos/sin (d = 2·Σsection numbers, cat(freqs, freqs)) by the doubled section list and takes chunk i
// from row i mod 3, so both halves of pair i (coordinates i and i + d/2) follow the same row.
std::vector<int> mrope_pair_rows(const std::vector<int>& section);

// x turned at the 3-row position `pos` (t, h, w) in HF's rotate_half layout: pair i = (x[i], x[i + d/2])
// turned by pos[row(i)] · θ_i. |theta| = Σsection = d/2.
Eigen::VectorXd mrope_apply(const Eigen::VectorXd& x, const Eigen::Vector3d& pos, const Eigen::VectorXd& theta,
                            const std::vector<int>& pair_rows);

// S[m][n] = ⟨M(ids[:, m]) q, M(ids[:, n]) k⟩ for the tokens of a 3 × N id table, θ_i = base^(−2i/d).
Eigen::MatrixXd mrope_scores(const Eigen::MatrixXi& ids, double base, const std::vector<int>& section,
                             const Eigen::VectorXd& q, const Eigen::VectorXd& k);

// [SECTION] layers without position encoding (NoPE, Llama 4)

// Llama4TextConfig's defaults: attn_scale = 0.1, floor_scale = 8192.
constexpr double kLlama4AttnScale = 0.1;
constexpr double kLlama4FloorScale = 8192.0;

// The factor Llama 4 multiplies the query at position p by in its NoPE layers (attn_temperature_tuning):
// log(floor((p + 1) / floor_scale) + 1) · attn_scale + 1. Exactly 1 for p + 1 < floor_scale, then growing
// by steps like the logarithm of the length.
double llama4_attn_temperature(double position, double attn_scale = kLlama4AttnScale,
                               double floor_scale = kLlama4FloorScale);

// The factor at positions 0, stride, 2·stride, … ((L − 1)·stride).
Eigen::VectorXd llama4_attn_temperatures(int L, long long stride, double attn_scale, double floor_scale);

// What a causal mask alone gives a layer without position encoding: with equal scores everywhere, query i
// spreads its softmax evenly over the i + 1 keys it may see, so the weight on token 0 is 1/(i + 1), a
// function of position. Returned for i = 0..L−1, computed as that masked softmax.
Eigen::VectorXd causal_uniform_attention_to_first(int L);

// The whole L×L attention matrix of that layer: row i is softmax(0 + causal mask) over the keys, 1/(i + 1) on
// keys j ≤ i and exactly 0 on the masked keys j > i (exp(−∞)); every row sums to 1.
Eigen::MatrixXd causal_uniform_attention(int L);

// [SECTION] multi-head latent attention (DeepSeek)

struct MlaConfig {
    int heads = 128;             // num_attention_heads
    int kv_lora_rank = 512;      // the cached latent c_KV
    int qk_rope_head_dim = 64;   // the decoupled rope key, one for all heads, also cached
    int qk_nope_head_dim = 128;  // per-head key numbers rebuilt from the latent (no rotation)
    int v_head_dim = 128;        // per-head value numbers rebuilt from the latent
};

// Numbers cached per token per layer: MLA keeps the latent and the shared rope key, kv_lora_rank +
// qk_rope_head_dim (kv_a_proj_with_mqa's output); ordinary multi-head attention with the same heads keeps
// every head's key and value, heads · (qk_nope_head_dim + qk_rope_head_dim + v_head_dim) (what HF's
// DeepseekV3Attention caches: key_states and value_states), 2 · heads · head_dim when both are head_dim wide.
long long mla_cache_numbers(const MlaConfig& c);
long long mha_cache_numbers(const MlaConfig& c);

// The softmax scale of DeepseekV3Attention: qk_head_dim^(−1/2) (qk_head_dim = qk_nope + qk_rope), times
// yarn_get_mscale(factor, mscale_all_dim)² when mscale_all_dim is given (non-zero).
double mla_softmax_scale_factor(double factor, double mscale_all_dim);  // the mscale² multiplier alone
double mla_softmax_scale(const MlaConfig& c, double factor, double mscale_all_dim);

}  // namespace pelab
