// PE Lab — tests/support/matrix_assert.h
// EXPECT_MATRIX_NEAR(a, b, tol): element-wise |a − b| <= tol for Eigen matrices of any storage order.
// On failure it prints both matrices in full precision and the worst cell, so a wrong sign or a
// transposed matrix is visible at a glance instead of "false != true".
// from_rows(n, {...}): an n × n integer matrix written row by row, for golden index/bucket tables.
#pragma once
#include <gtest/gtest.h>

#include <Eigen/Dense>
#include <cmath>
#include <initializer_list>
#include <iomanip>
#include <sstream>

namespace pelab_test {

inline std::string matrix_text(const Eigen::MatrixXd& m) {
    std::ostringstream out;
    out << std::setprecision(17);
    for (Eigen::Index r = 0; r < m.rows(); ++r) {
        out << "    [";
        for (Eigen::Index c = 0; c < m.cols(); ++c) out << (c ? ", " : "") << m(r, c);
        out << "]\n";
    }
    return out.str();
}

template <typename A, typename B>
::testing::AssertionResult MatrixNear(const char* a_expr, const char* b_expr, const char* tol_expr,
                                      const Eigen::MatrixBase<A>& a_in, const Eigen::MatrixBase<B>& b_in,
                                      double tol) {
    const Eigen::MatrixXd a = a_in.template cast<double>();
    const Eigen::MatrixXd b = b_in.template cast<double>();
    if (a.rows() != b.rows() || a.cols() != b.cols()) {
        return ::testing::AssertionFailure()
               << "shape mismatch: " << a_expr << " is " << a.rows() << "x" << a.cols() << ", " << b_expr << " is "
               << b.rows() << "x" << b.cols() << "\n"
               << a_expr << " =\n" << matrix_text(a) << b_expr << " =\n" << matrix_text(b);
    }
    double worst = 0.0;
    Eigen::Index wr = -1, wc = -1;
    for (Eigen::Index r = 0; r < a.rows(); ++r) {
        for (Eigen::Index c = 0; c < a.cols(); ++c) {
            const double d = std::fabs(a(r, c) - b(r, c));
            // NaN anywhere counts as the worst possible difference.
            if (std::isnan(d) || d > worst || (wr < 0 && d > tol)) {
                worst = std::isnan(d) ? INFINITY : d;
                wr = r;
                wc = c;
            }
        }
    }
    if (wr < 0 || worst <= tol) return ::testing::AssertionSuccess();
    std::ostringstream msg;
    msg << std::setprecision(17) << a_expr << " and " << b_expr << " differ by more than " << tol_expr << " ("
        << tol << ")\nworst cell (" << wr << ", " << wc << "): " << a(wr, wc) << " vs " << b(wr, wc)
        << ", |difference| = " << worst << "\n"
        << a_expr << " =\n" << matrix_text(a) << b_expr << " =\n" << matrix_text(b);
    return ::testing::AssertionFailure() << msg.str();
}

// An n × n integer matrix from its entries in row-major order (golden tables written as they print).
inline Eigen::MatrixXi from_rows(int n, std::initializer_list<int> values) {
    Eigen::MatrixXi M(n, n);
    int i = 0;
    for (int v : values) {
        M(i / n, i % n) = v;
        ++i;
    }
    return M;
}

}  // namespace pelab_test

#define EXPECT_MATRIX_NEAR(a, b, tol) EXPECT_PRED_FORMAT3(::pelab_test::MatrixNear, a, b, tol)
#define ASSERT_MATRIX_NEAR(a, b, tol) ASSERT_PRED_FORMAT3(::pelab_test::MatrixNear, a, b, tol)
