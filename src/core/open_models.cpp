// PE Lab — core/open_models.cpp
// Implements open_models.h; each block names the reference function it transcribes.
//
// [SECTION] partial rotation
#include "core/open_models.h"

#include <algorithm>

namespace pelab {

// [SECTION] partial rotation

int rotary_dim_from_factor(int d, double partial_rotary_factor) {
    // HF: dim = int(head_dim * partial_rotary_factor); int() truncates toward zero.
    return static_cast<int>(static_cast<double>(d) * partial_rotary_factor);
}

RopeScoreParts partial_rope_score_parts(int L, int rotary_dim, double base, const Eigen::VectorXd& q,
                                        const Eigen::VectorXd& k, RopeLayout layout) {
    const int n = std::max(L, 0);
    const Eigen::Index d = std::min(q.size(), k.size());
    const int r = static_cast<int>(std::clamp<Eigen::Index>(rotary_dim, 0, d)) / 2 * 2;
    // GPT-NeoX: q_rot, q_pass = q[..., :rotary_ndims], q[..., rotary_ndims:]; inv_freq over dim = rotary_ndims.
    const Eigen::VectorXd theta = rope_default_inv_freq(r, base);
    const Eigen::VectorXd q_rot = q.head(r), k_rot = k.head(r);
    double content = 0.0;  // ⟨q_pass, k_pass⟩, summed in index order
    for (Eigen::Index i = r; i < d; ++i) content += q(i) * k(i);
    RopeScoreParts parts;
    parts.relative = r > 0 ? rope_scores(n, theta, q_rot, k_rot, layout) : Eigen::MatrixXd::Zero(n, n);
    parts.content = Eigen::MatrixXd::Constant(n, n, content);
    return parts;
}

Eigen::MatrixXd partial_rope_scores(int L, int rotary_dim, double base, const Eigen::VectorXd& q,
                                    const Eigen::VectorXd& k, RopeLayout layout) {
    // rope_apply turns the first 2·|θ| coordinates (pairs laid out within them) and copies the rest.
    return rope_scores(L, rope_default_inv_freq(rotary_dim, base), q, k, layout);
}

}  // namespace pelab
