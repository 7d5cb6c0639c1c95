// PE Lab — core/relative/shaw.cpp
// Implements shaw.h: relative index matrices (reference and seed forms), the table lookup, the position
// scores and the combined logits. Dot products are summed term by term in index order so the numbers do
// not depend on how a compiler vectorises them.
#include "core/relative/shaw.h"

#include <algorithm>
#include <cmath>

#include "core/dot.h"
#include "core/io/keys.h"
#include "core/random.h"

namespace pelab {

// [SECTION] parameter specs
// L is the shared key (core/io/keys.h) narrowed. k is Shaw's own clipping distance (max_relative_position), not
// the shared key vector k: the same spelling for another idea, kept because links and JSON already use it.
ParamSpec shaw_spec_L() { return narrowed(shared_key("L"), 1, 1024, "6"); }

ParamSpec shaw_spec_k() {
    return int_spec("k", 0, 1023, "2", "max_relative_position: distances beyond +-k share the edge embeddings");
}

// [SECTION] index matrices
Eigen::MatrixXi shaw_relative_distance(int L) {
    const int n = std::max(L, 0);
    Eigen::MatrixXi D(n, n);
    for (int i = 0; i < n; ++i)
        for (int j = 0; j < n; ++j) D(i, j) = j - i;
    return D;
}

Eigen::MatrixXi shaw_relative_index(int L, int k) {
    const int n = std::max(L, 0), kk = std::max(k, 0);
    Eigen::MatrixXi I(n, n);
    for (int i = 0; i < n; ++i)
        for (int j = 0; j < n; ++j) I(i, j) = std::clamp(j - i, -kk, kk) + kk;
    return I;
}

Eigen::MatrixXi shaw_tutorial_index(int L, int max_len) {
    const int n = std::max(L, 0);
    Eigen::MatrixXi I(n, n);
    for (int i = 0; i < n; ++i)
        for (int j = 0; j < n; ++j) I(i, j) = (i - j) + max_len - 1;
    return I;
}

int shaw_reference_row_distance(int r, int k) { return r - k; }
int shaw_tutorial_row_distance(int r, int max_len) { return (max_len - 1) - r; }

// [SECTION] lookup and scores
RelativeTensor shaw_lookup(const Eigen::MatrixXd& table, const Eigen::MatrixXi& index) {
    RelativeTensor a;
    a.reserve(static_cast<std::size_t>(index.rows()));
    for (Eigen::Index i = 0; i < index.rows(); ++i) {
        Eigen::MatrixXd slice(index.cols(), table.cols());
        for (Eigen::Index j = 0; j < index.cols(); ++j) slice.row(j) = table.row(index(i, j));
        a.push_back(slice);
    }
    return a;
}

Eigen::MatrixXd shaw_position_scores(const Eigen::MatrixXd& Q, const RelativeTensor& a) {
    const Eigen::Index L = std::min<Eigen::Index>(Q.rows(), static_cast<Eigen::Index>(a.size()));
    const Eigen::Index M = L > 0 ? a[0].rows() : 0;
    Eigen::MatrixXd P(L, M);
    // pos_score[l][m] = Σ_d Q[l][d] · a[l][m][d]: l is shared (kept), d is summed.
    for (Eigen::Index l = 0; l < L; ++l)
        for (Eigen::Index m = 0; m < M; ++m) P(l, m) = dot_rows_in_order(Q, l, a[static_cast<std::size_t>(l)], m);
    return P;
}

std::vector<Eigen::MatrixXd> shaw_einsum_bhld_lmd(const std::vector<Eigen::MatrixXd>& Q_bh, const RelativeTensor& a) {
    std::vector<Eigen::MatrixXd> out;
    out.reserve(Q_bh.size());
    for (const Eigen::MatrixXd& Q : Q_bh) out.push_back(shaw_position_scores(Q, a));
    return out;
}

Eigen::MatrixXd shaw_logits(const Eigen::MatrixXd& Q, const Eigen::MatrixXd& K, const RelativeTensor& a) {
    const Eigen::MatrixXd P = shaw_position_scores(Q, a);
    const double scale = Q.cols() > 0 ? 1.0 / std::sqrt(static_cast<double>(Q.cols())) : 1.0;
    Eigen::MatrixXd E(P.rows(), std::min(P.cols(), K.rows()));
    for (Eigen::Index i = 0; i < E.rows(); ++i)
        for (Eigen::Index j = 0; j < E.cols(); ++j) E(i, j) = (dot_rows_in_order(Q, i, K, j) + P(i, j)) * scale;
    return E;
}

// [SECTION] seeded demo inputs
ShawDemo shaw_demo_inputs(int L, int k, int d, std::uint64_t seed) {
    SplitMix64 rng(seed);
    ShawDemo demo;
    demo.table = random_signed_matrix(2 * std::max(k, 0) + 1, std::max(d, 1), rng);
    demo.Q = random_signed_matrix(std::max(L, 0), std::max(d, 1), rng);
    demo.K = random_signed_matrix(std::max(L, 0), std::max(d, 1), rng);
    return demo;
}

// [SECTION] value side (eq. 3 of the paper)
Eigen::MatrixXd shaw_value_term(const Eigen::MatrixXd& weights, const RelativeTensor& aV) {
    const Eigen::Index L = weights.rows();
    const Eigen::Index d = aV.empty() ? 0 : aV[0].cols();
    Eigen::MatrixXd out = Eigen::MatrixXd::Zero(L, d);
    for (Eigen::Index i = 0; i < L && i < static_cast<Eigen::Index>(aV.size()); ++i)
        for (Eigen::Index j = 0; j < weights.cols() && j < aV[static_cast<std::size_t>(i)].rows(); ++j)
            out.row(i) += weights(i, j) * aV[static_cast<std::size_t>(i)].row(j);
    return out;
}

ShawValueDemo shaw_demo_values(int L, int k, int d, std::uint64_t seed) {
    ShawValueDemo demo;
    SplitMix64 rng(seed + 1);
    demo.table = random_signed_matrix(2 * std::max(k, 0) + 1, std::max(d, 1), rng);
    demo.V = random_signed_matrix(std::max(L, 0), std::max(d, 1), rng);
    return demo;
}

}  // namespace pelab
