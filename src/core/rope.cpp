// PE Lab — core/rope.cpp
// Implements rope.h with explicit 2×2 rotations of interleaved pairs.
#include "core/rope.h"

#include <algorithm>
#include <cmath>

namespace pelab {

Eigen::VectorXd rope_rotate(const Eigen::VectorXd& x, double m, const Eigen::VectorXd& theta) {
    Eigen::VectorXd out = x;
    const Eigen::Index pairs = std::min<Eigen::Index>(theta.size(), x.size() / 2);
    for (Eigen::Index i = 0; i < pairs; ++i) {
        const double c = std::cos(m * theta(i)), s = std::sin(m * theta(i));
        const double a = x(2 * i), b = x(2 * i + 1);
        out(2 * i) = a * c - b * s;
        out(2 * i + 1) = a * s + b * c;
    }
    return out;
}

Eigen::MatrixXd rope_score_matrix(int L, const Eigen::VectorXd& theta, const Eigen::VectorXd& q,
                                  const Eigen::VectorXd& k) {
    const int n = std::max(L, 0);
    Eigen::MatrixXd S(n, n);
    for (int m = 0; m < n; ++m) {
        const Eigen::VectorXd qm = rope_rotate(q, m, theta);
        for (int j = 0; j < n; ++j) S(m, j) = qm.dot(rope_rotate(k, j, theta));
    }
    return S;
}

Eigen::VectorXd rope_query_for_readout(const Eigen::VectorXd& v) {
    Eigen::VectorXd q = v;
    for (Eigen::Index i = 1; i < q.size(); i += 2) q(i) = (v(i) == 0.0) ? 0.0 : -v(i);  // avoid printing −0
    return q;
}

}  // namespace pelab
