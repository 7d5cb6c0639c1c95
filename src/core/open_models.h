// PE Lab — core/open_models.h
// Position encoding as today's open models use it (issue 13), transcribed from the reference code:
//   partial rotation   GPT-NeoX `rotary_pct` / Phi `partial_rotary_factor` (HF modeling_gpt_neox.py:
//                      query[..., :rotary_ndims] turns, query[..., rotary_ndims:] passes through)
// Each function names the reference function it follows; values agree with a double-precision transcription
// of that code (HF itself runs in float32).
// Part of `core`: Eigen + std only.
//
// [SECTION] partial rotation
#pragma once
#include <Eigen/Dense>

#include "core/rope.h"

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

}  // namespace pelab
