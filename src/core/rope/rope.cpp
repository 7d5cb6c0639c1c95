// PE Lab — core/rope/rope.cpp
// Implements rope.h with explicit 2×2 rotations of pairs (no complex numbers, no cached tables), so every
// identity the lessons check is a check of the arithmetic, not of a shortcut.
//
// [SECTION] rotations, frequencies, layouts
// [SECTION] scores and structure measures
#include "core/rope/rope.h"

#include <algorithm>
#include <cmath>
#include <vector>

namespace pelab {

// [SECTION] rotations, frequencies, layouts

const char* rope_layout_name(RopeLayout layout) { return layout == RopeLayout::half ? "half" : "interleaved"; }

bool parse_rope_layout(const std::string& text, RopeLayout* out) {
    if (text == "interleaved") {
        *out = RopeLayout::interleaved;
        return true;
    }
    if (text == "half") {
        *out = RopeLayout::half;
        return true;
    }
    return false;
}

Eigen::Matrix2d rotation2(double alpha) {
    const double c = std::cos(alpha), s = std::sin(alpha);
    Eigen::Matrix2d R;
    R << c, -s, s, c;
    return R;
}

Eigen::VectorXd rope_default_inv_freq(int d, double base) {
    const int pairs = std::max(d, 0) / 2;
    Eigen::VectorXd inv(pairs);
    // HF: 1.0 / (base ** (arange(0, dim, 2) / dim)); the exponent is the integer 2i divided by d.
    for (int i = 0; i < pairs; ++i) inv(i) = 1.0 / std::pow(base, static_cast<double>(2 * i) / d);
    return inv;
}

std::pair<int, int> rope_pair_coords(int pair, int d, RopeLayout layout) {
    if (layout == RopeLayout::half) return {pair, pair + d / 2};
    return {2 * pair, 2 * pair + 1};
}

Eigen::MatrixXd rope_matrix(const Eigen::VectorXd& theta, double m, RopeLayout layout) {
    const int d = static_cast<int>(2 * theta.size());
    Eigen::MatrixXd R = Eigen::MatrixXd::Zero(d, d);
    for (int i = 0; i < theta.size(); ++i) {
        const auto [a, b] = rope_pair_coords(i, d, layout);
        const double c = std::cos(m * theta(i)), s = std::sin(m * theta(i));
        R(a, a) = c;
        R(a, b) = -s;
        R(b, a) = s;
        R(b, b) = c;
    }
    return R;
}

Eigen::MatrixXd rope_layout_permutation(int d) {
    const int n = std::max(d, 0) / 2 * 2;
    Eigen::MatrixXd P = Eigen::MatrixXd::Zero(n, n);
    for (int i = 0; i < n / 2; ++i) {
        P(i, 2 * i) = 1.0;
        P(i + n / 2, 2 * i + 1) = 1.0;
    }
    return P;
}

Eigen::VectorXd rope_apply(const Eigen::VectorXd& x, double m, const Eigen::VectorXd& theta, RopeLayout layout) {
    Eigen::VectorXd out = x;
    const int d = static_cast<int>(x.size());
    const int pairs = std::min<int>(static_cast<int>(theta.size()), d / 2);
    for (int i = 0; i < pairs; ++i) {
        const auto [ia, ib] = rope_pair_coords(i, 2 * pairs, layout);
        const double c = std::cos(m * theta(i)), s = std::sin(m * theta(i));
        const double a = x(ia), b = x(ib);
        out(ia) = a * c - b * s;
        out(ib) = a * s + b * c;
    }
    return out;
}

Eigen::VectorXd rope_apply_hf_rotate_half(const Eigen::VectorXd& x, double m, const Eigen::VectorXd& theta) {
    const Eigen::Index h = theta.size();
    Eigen::VectorXd cos_v(2 * h), sin_v(2 * h), rotated(2 * h);
    for (Eigen::Index i = 0; i < h; ++i) {
        // emb = cat(freqs, freqs): the same angle for coordinate i and coordinate i + d/2.
        cos_v(i) = cos_v(i + h) = std::cos(m * theta(i));
        sin_v(i) = sin_v(i + h) = std::sin(m * theta(i));
        // rotate_half(x) = cat(−x2, x1) with x1 = x[:d/2], x2 = x[d/2:].
        rotated(i) = -x(i + h);
        rotated(i + h) = x(i);
    }
    return x.head(2 * h).cwiseProduct(cos_v) + rotated.cwiseProduct(sin_v);
}

// [SECTION] scores and structure measures

namespace {

// Summed in index order so the value is the same on every platform (no vectorised reduction).
double ordered_dot(const Eigen::VectorXd& a, const Eigen::VectorXd& b) {
    double s = 0.0;
    const Eigen::Index n = std::min(a.size(), b.size());
    for (Eigen::Index i = 0; i < n; ++i) s += a(i) * b(i);
    return s;
}

}  // namespace

namespace {

// rope_scores computes 4 × 4 scores at a time. Each score is still the ordered_dot of its two rotated vectors
// (start at 0.0, add coordinate products t = 0, 1, … in order), so the values are those of one ordered_dot
// per cell; the 16 independent sums only let the CPU overlap them (and keep them in registers).
constexpr int kScoreBlock = 4;
// Query panels per pass: 32 panels × 4 queries × 128 coordinates × 8 bytes = 128 KiB, which stays in the
// L2 cache while every key panel streams past it.
constexpr int kQueryPanelsPerPass = 32;

// Rotated vectors for positions 0..n−1 packed in panels of kScoreBlock positions: panel b holds, for each
// coordinate t in order, the kScoreBlock values of positions 4b..4b+3 (zeros past n), so a block of scores
// reads one contiguous run per panel.
std::vector<double> rotated_panels(const Eigen::VectorXd& x, int n, Eigen::Index dims, const Eigen::VectorXd& theta,
                                   RopeLayout layout, double offset) {
    const int panels = (n + kScoreBlock - 1) / kScoreBlock;
    std::vector<double> packed(static_cast<std::size_t>(panels) * static_cast<std::size_t>(dims) * kScoreBlock, 0.0);
    for (int position = 0; position < n; ++position) {
        const Eigen::VectorXd rotated = rope_apply(x, position + offset, theta, layout);
        double* const panel = packed.data() + static_cast<std::size_t>(position / kScoreBlock) * dims * kScoreBlock;
        for (Eigen::Index t = 0; t < dims; ++t) panel[t * kScoreBlock + position % kScoreBlock] = rotated(t);
    }
    return packed;
}

}  // namespace

Eigen::MatrixXd rope_scores(int L, const Eigen::VectorXd& theta, const Eigen::VectorXd& q, const Eigen::VectorXd& k,
                            RopeLayout layout, double offset) {
    const int n = std::max(L, 0);
    const Eigen::Index dims = std::min(q.size(), k.size());  // ordered_dot's length
    const std::vector<double> queries = rotated_panels(q, n, dims, theta, layout, offset);
    const std::vector<double> keys = rotated_panels(k, n, dims, theta, layout, offset);
    const int panels = (n + kScoreBlock - 1) / kScoreBlock;
    const std::size_t panel_size = static_cast<std::size_t>(dims) * kScoreBlock;
    Eigen::MatrixXd S(n, n);
    for (int first_query_panel = 0; first_query_panel < panels; first_query_panel += kQueryPanelsPerPass) {
        const int last_query_panel = std::min(panels, first_query_panel + kQueryPanelsPerPass);
        for (int key_panel = 0; key_panel < panels; ++key_panel) {
            const double* const kp = keys.data() + static_cast<std::size_t>(key_panel) * panel_size;
            for (int query_panel = first_query_panel; query_panel < last_query_panel; ++query_panel) {
                const double* const qp = queries.data() + static_cast<std::size_t>(query_panel) * panel_size;
                double sum[kScoreBlock][kScoreBlock] = {};  // [key][query], each starting at 0.0 as ordered_dot
                for (Eigen::Index t = 0; t < dims; ++t)
                    for (int kk = 0; kk < kScoreBlock; ++kk)
                        for (int qq = 0; qq < kScoreBlock; ++qq)
                            sum[kk][qq] += qp[t * kScoreBlock + qq] * kp[t * kScoreBlock + kk];
                // Store the cells inside the matrix (the last panels may hold padding positions).
                const int m0 = query_panel * kScoreBlock, j0 = key_panel * kScoreBlock;
                for (int kk = 0; kk < kScoreBlock && j0 + kk < n; ++kk)
                    for (int qq = 0; qq < kScoreBlock && m0 + qq < n; ++qq) S(m0 + qq, j0 + kk) = sum[kk][qq];
            }
        }
    }
    return S;
}

Eigen::MatrixXd rope_relative_form(int L, const Eigen::VectorXd& theta, const Eigen::VectorXd& q,
                                   const Eigen::VectorXd& k, RopeLayout layout, bool flipped_sign) {
    const int n = std::max(L, 0);
    Eigen::MatrixXd S(n, n);
    for (int m = 0; m < n; ++m)
        for (int j = 0; j < n; ++j) {
            const double shift = flipped_sign ? m - j : j - m;
            S(m, j) = ordered_dot(q, rope_apply(k, shift, theta, layout));
        }
    return S;
}

double toeplitz_residual(const Eigen::MatrixXd& M) {
    const Eigen::Index rows = M.rows(), cols = M.cols();
    double total = 0.0, resid = 0.0;
    for (Eigen::Index delta = -(cols - 1); delta <= rows - 1; ++delta) {
        double sum = 0.0;
        int count = 0;
        for (Eigen::Index r = std::max<Eigen::Index>(0, delta); r < rows && r - delta < cols; ++r) {
            sum += M(r, r - delta);
            ++count;
        }
        if (count == 0) continue;
        const double mean = sum / count;
        for (Eigen::Index r = std::max<Eigen::Index>(0, delta); r < rows && r - delta < cols; ++r) {
            const double x = M(r, r - delta);
            resid += (x - mean) * (x - mean);
            total += x * x;
        }
    }
    return total > 0.0 ? std::sqrt(resid / total) : 0.0;
}

std::vector<double> rope_decay_curve(const Eigen::VectorXd& theta, const std::vector<double>& deltas) {
    std::vector<double> out;
    out.reserve(deltas.size());
    const double n = theta.size() > 0 ? static_cast<double>(theta.size()) : 1.0;
    for (double delta : deltas) {
        double s = 0.0;
        for (Eigen::Index i = 0; i < theta.size(); ++i) s += std::cos(delta * theta(i));
        out.push_back(s / n);
    }
    return out;
}

}  // namespace pelab
