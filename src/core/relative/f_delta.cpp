// PE Lab — core/relative/f_delta.cpp
// Implements f_delta.h: R_Δ features, the readout f(Δ) = vᵀR_Δ, the matrix F, diagonal statistics and
// the content-dependent readout. Sizes are taken from the arguments; callers validate parameters.
#include "core/relative/f_delta.h"

#include <algorithm>
#include <cmath>

#include "core/io/keys.h"

namespace pelab {

// [SECTION] parameter specs
// L and seed are shared keys (core/io/keys.h) narrowed; omega and v are this lesson's own.
ParamSpec f_delta_spec_L() { return narrowed(shared_key("L"), 1, 64, "4"); }

ParamSpec f_delta_spec_omega() {
    ParamSpec s = make_spec("omega", ParamKind::RealList, -100, 100, "1.5707963267948966,1.0471975511965976",  // pi/2, pi/3
                            "angular frequencies, radians per position");
    s.list_min = 1;
    s.list_max = 8;
    return s;
}

ParamSpec f_delta_spec_v() {
    ParamSpec s = make_spec("v", ParamKind::RealList, -100, 100, "1,0,1,0", "readout weights (cos, sin per frequency)");
    s.list_min = 2;
    s.list_max = 16;
    s.list_len_of = "omega";
    s.list_len_factor = 2;
    s.list_fallback = "1,0";  // cos weight 1, sin weight 0 for every frequency
    return s;
}

ParamSpec f_delta_spec_seed() { return narrowed(shared_key("seed"), 0, 1000000, "1"); }

// [SECTION] maths

Eigen::VectorXd to_eigen(const std::vector<double>& values) {
    Eigen::VectorXd out(static_cast<Eigen::Index>(values.size()));
    for (std::size_t i = 0; i < values.size(); ++i) out(static_cast<Eigen::Index>(i)) = values[i];
    return out;
}

Eigen::VectorXd r_delta_vector(double delta, const Eigen::VectorXd& omega) {
    Eigen::VectorXd r(2 * omega.size());
    for (Eigen::Index i = 0; i < omega.size(); ++i) {
        const double angle = omega(i) * delta;
        r(2 * i) = std::cos(angle);
        r(2 * i + 1) = std::sin(angle);
    }
    return r;
}

Eigen::MatrixXd r_delta_features(int L, const Eigen::VectorXd& omega) {
    const int n = std::max(L, 1);
    Eigen::MatrixXd R(2 * n - 1, 2 * omega.size());
    for (int row = 0; row < 2 * n - 1; ++row) R.row(row) = r_delta_vector(row - (n - 1), omega).transpose();
    return R;
}

double f_kernel(double delta, const Eigen::VectorXd& omega, const Eigen::VectorXd& v) {
    const Eigen::VectorXd r = r_delta_vector(delta, omega);
    // Summed term by term in index order (not r.dot(v)), so the value does not depend on how Eigen
    // vectorises the dot product for a given length: every platform adds the same terms in the same order.
    double sum = 0.0;
    const Eigen::Index n = std::min(r.size(), v.size());
    for (Eigen::Index i = 0; i < n; ++i) sum += v(i) * r(i);
    return sum;
}

Eigen::VectorXd cosine_readout(int n_frequencies) {
    Eigen::VectorXd v = Eigen::VectorXd::Zero(2 * std::max(n_frequencies, 0));
    for (int i = 0; i < n_frequencies; ++i) v(2 * i) = 1.0;
    return v;
}

Eigen::MatrixXd f_matrix(int L, const Eigen::VectorXd& omega, const Eigen::VectorXd& v) {
    const int n = std::max(L, 0);
    // One evaluation per Δ, then copied onto the diagonal: equal Δ give bit-identical cells.
    std::vector<double> by_delta(static_cast<std::size_t>(std::max(2 * n - 1, 0)));
    for (int d = -(n - 1); d <= n - 1; ++d) by_delta[static_cast<std::size_t>(d + n - 1)] = f_kernel(d, omega, v);
    Eigen::MatrixXd F(n, n);
    for (int q = 0; q < n; ++q)
        for (int k = 0; k < n; ++k) F(q, k) = by_delta[static_cast<std::size_t>(q - k + n - 1)];
    return F;
}

std::vector<DiagonalStats> diagonal_stats(const Eigen::MatrixXd& M) {
    std::vector<DiagonalStats> out;
    const int rows = static_cast<int>(M.rows()), cols = static_cast<int>(M.cols());
    if (rows == 0 || cols == 0) return out;
    for (int delta = -(cols - 1); delta <= rows - 1; ++delta) {
        DiagonalStats s;
        s.delta = delta;
        for (int r = std::max(0, delta); r < rows && r - delta < cols; ++r) {
            const double x = M(r, r - delta);
            if (s.count == 0) {
                s.min = s.max = x;
            } else {
                s.min = std::min(s.min, x);
                s.max = std::max(s.max, x);
            }
            ++s.count;
        }
        out.push_back(s);
    }
    return out;
}

Eigen::VectorXd diagonal_spread(const Eigen::MatrixXd& M) {
    const std::vector<DiagonalStats> stats = diagonal_stats(M);
    Eigen::VectorXd spread(static_cast<Eigen::Index>(stats.size()));
    for (std::size_t i = 0; i < stats.size(); ++i) spread(static_cast<Eigen::Index>(i)) = stats[i].spread();
    return spread;
}

Eigen::MatrixXd content_readouts(const Eigen::MatrixXd& W, const Eigen::MatrixXd& Qvecs) {
    // Row q of the result is (Wᵀ q_vec[q])ᵀ = q_vec[q]ᵀ W.
    return Qvecs * W;
}

Eigen::MatrixXd content_readout_matrix(int L, const Eigen::VectorXd& omega, const Eigen::MatrixXd& W,
                                       const Eigen::MatrixXd& Qvecs) {
    const int n = std::max(0, std::min<int>(L, static_cast<int>(Qvecs.rows())));
    const Eigen::MatrixXd U = content_readouts(W, Qvecs.topRows(n));
    Eigen::MatrixXd F(n, n);
    for (int q = 0; q < n; ++q) {
        const Eigen::VectorXd u = U.row(q).transpose();
        for (int k = 0; k < n; ++k) F(q, k) = f_kernel(q - k, omega, u);
    }
    return F;
}

}  // namespace pelab
