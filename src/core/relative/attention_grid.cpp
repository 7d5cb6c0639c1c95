// PE Lab — core/relative/attention_grid.cpp
// Implements attention_grid.h: relative attention rules in 1-D and 2-D, the row-major grid map, softmax
// attention and the permutation-equivariance demo. Sizes come from the arguments; callers validate them.
//
// [SECTION] parameter specs
// [SECTION] grid positions and rules
// [SECTION] softmax attention
// [SECTION] permutations
#include "core/relative/attention_grid.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <utility>

#include "core/io/keys.h"
#include "core/random.h"

namespace pelab {

// [SECTION] parameter specs
// N, H and W are shared keys (core/io/keys.h) narrowed; delta, drow and dcol are this quantity's own.
ParamSpec attention_spec_N() { return narrowed(shared_key("N"), 1, 1024, "6"); }
ParamSpec attention_spec_delta() {
    return int_spec("delta", -1023, 1023, "-2", "the rule's offset: A[q][k] = 1 iff q - k = delta");
}
ParamSpec attention_spec_H() { return narrowed(shared_key("H"), 1, 32, "2"); }
ParamSpec attention_spec_W() { return narrowed(shared_key("W"), 1, 32, "3"); }
ParamSpec attention_spec_drow() { return int_spec("drow", -31, 31, "0", "row offset delta_1 = row_q - row_k"); }
ParamSpec attention_spec_dcol() { return int_spec("dcol", -31, 31, "-1", "column offset delta_2 = col_q - col_k"); }

// [SECTION] grid positions and rules
GridCoord grid_coord(int index, int W) {
    GridCoord c;
    if (W <= 0) return c;
    c.row = index / W;
    c.col = index % W;
    return c;
}

int grid_index(int row, int col, int W) { return row * W + col; }

Eigen::MatrixXd attention_rule_1d(int N, int delta) {
    const int n = std::max(N, 0);
    Eigen::MatrixXd A = Eigen::MatrixXd::Zero(n, n);
    for (int q = 0; q < n; ++q) {
        const int k = q - delta;
        if (k >= 0 && k < n) A(q, k) = 1.0;
    }
    return A;
}

Eigen::MatrixXd attention_rule_2d(int H, int W, int drow, int dcol) {
    const int h = std::max(H, 0), w = std::max(W, 0), n = h * w;
    Eigen::MatrixXd A = Eigen::MatrixXd::Zero(n, n);
    for (int q = 0; q < n; ++q) {
        const GridCoord cq = grid_coord(q, w);
        // The key sits at q's coordinate minus δ; it exists only if that coordinate is on the grid,
        // which is what keeps the rule from wrapping around a row break.
        const int kr = cq.row - drow, kc = cq.col - dcol;
        if (kr >= 0 && kr < h && kc >= 0 && kc < w) A(q, grid_index(kr, kc, w)) = 1.0;
    }
    return A;
}

// [SECTION] softmax attention
Eigen::MatrixXd softmax_rows(const Eigen::MatrixXd& logits) {
    Eigen::MatrixXd out(logits.rows(), logits.cols());
    for (Eigen::Index r = 0; r < logits.rows(); ++r) {
        double mx = -std::numeric_limits<double>::infinity();
        for (Eigen::Index c = 0; c < logits.cols(); ++c) mx = std::max(mx, logits(r, c));
        if (!std::isfinite(mx)) {
            // Every key masked: there is no distribution to speak of.
            out.row(r).setConstant(std::numeric_limits<double>::quiet_NaN());
            continue;
        }
        double sum = 0.0;
        for (Eigen::Index c = 0; c < logits.cols(); ++c) {
            out(r, c) = std::exp(logits(r, c) - mx);
            sum += out(r, c);
        }
        for (Eigen::Index c = 0; c < logits.cols(); ++c) out(r, c) /= sum;
    }
    return out;
}

Eigen::MatrixXd attention_weights(const Eigen::MatrixXd& Q, const Eigen::MatrixXd& K) {
    const double scale = Q.cols() > 0 ? 1.0 / std::sqrt(static_cast<double>(Q.cols())) : 1.0;
    return softmax_rows((Q * K.transpose()) * scale);
}

Eigen::MatrixXd attention_output(const Eigen::MatrixXd& Q, const Eigen::MatrixXd& K, const Eigen::MatrixXd& V) {
    return attention_weights(Q, K) * V;
}

// [SECTION] permutations
std::vector<int> seeded_permutation(int n, std::uint64_t seed) {
    std::vector<int> perm(static_cast<std::size_t>(std::max(n, 0)));
    for (int i = 0; i < n; ++i) perm[static_cast<std::size_t>(i)] = i;
    if (n < 2) return perm;
    SplitMix64 rng(seed);
    for (int attempt = 0; attempt < 64; ++attempt) {
        for (int i = n - 1; i >= 1; --i) {
            const int j = static_cast<int>(rng.next_u64() % static_cast<std::uint64_t>(i + 1));
            std::swap(perm[static_cast<std::size_t>(i)], perm[static_cast<std::size_t>(j)]);
        }
        bool identity = true;
        for (int i = 0; i < n; ++i) identity = identity && perm[static_cast<std::size_t>(i)] == i;
        if (!identity) return perm;
    }
    // Practically unreachable; a swap of the first two keeps the promise of "not the identity".
    std::swap(perm[0], perm[1]);
    return perm;
}

Eigen::MatrixXd permutation_matrix(const std::vector<int>& perm) {
    const Eigen::Index n = static_cast<Eigen::Index>(perm.size());
    Eigen::MatrixXd P = Eigen::MatrixXd::Zero(n, n);
    for (Eigen::Index i = 0; i < n; ++i) P(i, perm[static_cast<std::size_t>(i)]) = 1.0;
    return P;
}

PermutationDemo permutation_equivariance_demo(int n_tokens, int d, std::uint64_t seed) {
    PermutationDemo demo;
    const int n = std::max(n_tokens, 1), dim = std::max(d, 1);
    SplitMix64 rng(seed);
    demo.X = random_signed_matrix(n, dim, rng);
    demo.Wq = random_signed_matrix(dim, dim, rng);
    demo.Wk = random_signed_matrix(dim, dim, rng);
    demo.Wv = random_signed_matrix(dim, dim, rng);
    demo.perm = seeded_permutation(n, seed + 1);
    demo.P = permutation_matrix(demo.perm);
    const Eigen::MatrixXd Xs = demo.P * demo.X;
    demo.weights = attention_weights(demo.X * demo.Wq, demo.X * demo.Wk);
    demo.out = demo.weights * (demo.X * demo.Wv);
    demo.weights_shuffled = attention_weights(Xs * demo.Wq, Xs * demo.Wk);
    demo.out_shuffled = demo.weights_shuffled * (Xs * demo.Wv);
    return demo;
}

// [SECTION] block-Toeplitz structure (2-D relative rules)
namespace {

// Largest max − min along any diagonal of the n×n submatrix of M at (r0, c0).
double largest_diagonal_spread(const Eigen::MatrixXd& M, Eigen::Index r0, Eigen::Index c0, Eigen::Index n) {
    double worst = 0.0;
    for (Eigen::Index d = -(n - 1); d <= n - 1; ++d) {
        double lo = std::numeric_limits<double>::infinity(), hi = -lo;
        for (Eigen::Index r = std::max<Eigen::Index>(0, d); r < n && r - d < n; ++r) {
            const double v = M(r0 + r, c0 + r - d);
            lo = std::min(lo, v);
            hi = std::max(hi, v);
        }
        worst = std::max(worst, hi - lo);
    }
    return worst;
}

}  // namespace

BlockToeplitzSpread block_toeplitz_spread(const Eigen::MatrixXd& M, int H, int W) {
    BlockToeplitzSpread out;
    const Eigen::Index h = H, w = W, n = h * w;
    if (H < 1 || W < 1 || M.rows() != n || M.cols() != n) return out;
    for (Eigen::Index i = 0; i < h; ++i)
        for (Eigen::Index j = 0; j < h; ++j) {
            out.within_blocks = std::max(out.within_blocks, largest_diagonal_spread(M, i * w, j * w, w));
            // The first block on the same block diagonal i − j: (i − j, 0) or (0, j − i).
            const Eigen::Index i0 = i >= j ? i - j : 0, j0 = i >= j ? 0 : j - i;
            const double diff = (M.block(i * w, j * w, w, w) - M.block(i0 * w, j0 * w, w, w)).cwiseAbs().maxCoeff();
            out.between_blocks = std::max(out.between_blocks, diff);
        }
    out.whole = largest_diagonal_spread(M, 0, 0, n);
    return out;
}

}  // namespace pelab
