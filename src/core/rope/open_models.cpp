// PE Lab — core/rope/open_models.cpp
// Implements open_models.h; each block names the reference function it transcribes.
//
// [SECTION] partial rotation
// [SECTION] M-RoPE (Qwen2-VL)
// [SECTION] layers without position encoding (NoPE, Llama 4)
// [SECTION] multi-head latent attention (DeepSeek)
#include "core/rope/open_models.h"

#include <algorithm>
#include <cmath>

#include "core/rope/rope_scaling.h"

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

// [SECTION] M-RoPE (Qwen2-VL)

long long mrope_vision_tokens(const MropeSequence& s) {
    if (s.grid_t <= 0 || s.merge <= 0) return 0;
    // llm_grid_t, llm_grid_h, llm_grid_w = t, h // spatial_merge_size, w // spatial_merge_size
    return static_cast<long long>(s.grid_t) * (s.grid_h / s.merge) * (s.grid_w / s.merge);
}

long long mrope_token_count(const MropeSequence& s) {
    return std::max(s.text_before, 0) + mrope_vision_tokens(s) + std::max(s.text_after, 0);
}

Eigen::MatrixXi mrope_position_ids(const MropeSequence& s) {
    const long long n = mrope_token_count(s);
    Eigen::MatrixXi ids(3, n);
    Eigen::Index col = 0;
    int next = 0;  // st_idx = llm_pos_ids_list[-1].max() + 1 (0 before anything)
    // Text before the image: arange(text_len).expand(3, -1) + st_idx.
    for (int i = 0; i < std::max(s.text_before, 0); ++i, ++col) ids.col(col).setConstant(next + i);
    next += std::max(s.text_before, 0);
    if (mrope_vision_tokens(s) > 0) {
        const int gt = s.grid_t, gh = s.grid_h / s.merge, gw = s.grid_w / s.merge;
        int largest = next - 1;
        // stack([t_index, h_index, w_index]) + text_len + st_idx, t slowest and w fastest.
        for (int t = 0; t < gt; ++t)
            for (int h = 0; h < gh; ++h)
                for (int w = 0; w < gw; ++w, ++col) {
                    ids(0, col) = t + next;
                    ids(1, col) = h + next;
                    ids(2, col) = w + next;
                    largest = std::max({largest, t + next, h + next, w + next});
                }
        next = largest + 1;
    }
    // Text after: st_idx = llm_pos_ids_list[-1].max() + 1.
    for (int i = 0; i < std::max(s.text_after, 0); ++i, ++col) ids.col(col).setConstant(next + i);
    return ids;
}

std::vector<int> mrope_pair_rows(const std::vector<int>& section) {
    std::vector<int> rows;
    for (std::size_t chunk = 0; chunk < section.size(); ++chunk)
        for (int j = 0; j < section[chunk]; ++j) rows.push_back(static_cast<int>(chunk % 3));
    return rows;
}

Eigen::VectorXd mrope_apply(const Eigen::VectorXd& x, const Eigen::Vector3d& pos, const Eigen::VectorXd& theta,
                            const std::vector<int>& pair_rows) {
    Eigen::VectorXd out = x;
    const Eigen::Index h = std::min<Eigen::Index>({theta.size(), static_cast<Eigen::Index>(pair_rows.size()), x.size() / 2});
    for (Eigen::Index i = 0; i < h; ++i) {
        const double angle = pos(pair_rows[static_cast<std::size_t>(i)]) * theta(i);
        const double c = std::cos(angle), sn = std::sin(angle);
        // q·cos + rotate_half(q)·sin with rotate_half(q) = cat(−q2, q1).
        out(i) = x(i) * c - x(i + h) * sn;
        out(i + h) = x(i + h) * c + x(i) * sn;
    }
    return out;
}

Eigen::MatrixXd mrope_scores(const Eigen::MatrixXi& ids, double base, const std::vector<int>& section,
                             const Eigen::VectorXd& q, const Eigen::VectorXd& k) {
    const std::vector<int> rows = mrope_pair_rows(section);
    const int d = 2 * static_cast<int>(rows.size());
    const Eigen::VectorXd theta = rope_default_inv_freq(d, base);
    const Eigen::Index n = ids.cols();
    std::vector<Eigen::VectorXd> rq(static_cast<std::size_t>(n)), rk(static_cast<std::size_t>(n));
    for (Eigen::Index j = 0; j < n; ++j) {
        const Eigen::Vector3d pos = ids.col(j).cast<double>();
        rq[static_cast<std::size_t>(j)] = mrope_apply(q, pos, theta, rows);
        rk[static_cast<std::size_t>(j)] = mrope_apply(k, pos, theta, rows);
    }
    Eigen::MatrixXd S(n, n);
    for (Eigen::Index m = 0; m < n; ++m)
        for (Eigen::Index j = 0; j < n; ++j) {
            double sum = 0.0;  // in index order, as rope_scores sums
            const Eigen::VectorXd& a = rq[static_cast<std::size_t>(m)];
            const Eigen::VectorXd& b = rk[static_cast<std::size_t>(j)];
            for (Eigen::Index i = 0; i < std::min(a.size(), b.size()); ++i) sum += a(i) * b(i);
            S(m, j) = sum;
        }
    return S;
}

// [SECTION] layers without position encoding (NoPE, Llama 4)

double llama4_attn_temperature(double position, double attn_scale, double floor_scale) {
    // torch.log(torch.floor((cache_position.float() + 1.0) / self.floor_scale) + 1.0) * self.attn_scale + 1.0
    return std::log(std::floor((position + 1.0) / floor_scale) + 1.0) * attn_scale + 1.0;
}

Eigen::VectorXd llama4_attn_temperatures(int L, long long stride, double attn_scale, double floor_scale) {
    Eigen::VectorXd out(std::max(L, 0));
    for (int i = 0; i < L; ++i) out(i) = llama4_attn_temperature(static_cast<double>(i * stride), attn_scale, floor_scale);
    return out;
}

Eigen::VectorXd causal_uniform_attention_to_first(int L) {
    return causal_uniform_attention(L).col(0);  // column 0 of the whole matrix: one definition of the weights
}

Eigen::MatrixXd causal_uniform_attention(int L) {
    const int n = std::max(L, 0);
    Eigen::MatrixXd A = Eigen::MatrixXd::Zero(n, n);
    for (int i = 0; i < n; ++i) {
        // softmax over row i of S + mask, S ≡ 0: the i + 1 visible keys weigh exp(0), the masked ones exp(−∞) = 0.
        double total = 0.0;
        for (int j = 0; j <= i; ++j) total += std::exp(0.0);
        for (int j = 0; j <= i; ++j) A(i, j) = std::exp(0.0) / total;
    }
    return A;
}

// [SECTION] multi-head latent attention (DeepSeek)

long long mla_cache_numbers(const MlaConfig& c) {
    // compressed_kv = kv_a_proj_with_mqa(hidden): kv_lora_rank + qk_rope_head_dim numbers, all a layer keeps.
    return static_cast<long long>(c.kv_lora_rank) + c.qk_rope_head_dim;
}

long long mha_cache_numbers(const MlaConfig& c) {
    return static_cast<long long>(c.heads) * (static_cast<long long>(c.qk_nope_head_dim) + c.qk_rope_head_dim + c.v_head_dim);
}

double mla_softmax_scale_factor(double factor, double mscale_all_dim) {
    // if mscale_all_dim: mscale = yarn_get_mscale(scaling_factor, mscale_all_dim); scaling *= mscale * mscale
    if (mscale_all_dim == 0.0) return 1.0;
    const double mscale = yarn_get_mscale(factor, mscale_all_dim);
    return mscale * mscale;
}

double mla_softmax_scale(const MlaConfig& c, double factor, double mscale_all_dim) {
    // self.scaling = self.qk_head_dim ** (-0.5), qk_head_dim = qk_nope_head_dim + qk_rope_head_dim
    const double qk_head_dim = static_cast<double>(c.qk_nope_head_dim) + c.qk_rope_head_dim;
    double scaling = std::pow(qk_head_dim, -0.5);
    if (mscale_all_dim != 0.0) {
        const double mscale = yarn_get_mscale(factor, mscale_all_dim);
        scaling = scaling * mscale * mscale;
    }
    return scaling;
}

}  // namespace pelab
