// PE Lab — core/dot.h
// Dot products summed term by term in index order, so the numbers do not depend on how a compiler or
// Eigen vectorises them (the tests compare with the references to 1e-12 on every build). Shared by the
// relative methods (Shaw, Transformer-XL, DeBERTa, xPos). Part of `core`: Eigen only.
#pragma once
#include <Eigen/Dense>
#include <algorithm>

namespace pelab {

// Row ra of A · row rb of B, over the columns both have.
inline double dot_rows_in_order(const Eigen::MatrixXd& A, Eigen::Index ra, const Eigen::MatrixXd& B, Eigen::Index rb) {
    double sum = 0.0;
    const Eigen::Index n = std::min(A.cols(), B.cols());
    for (Eigen::Index c = 0; c < n; ++c) sum += A(ra, c) * B(rb, c);
    return sum;
}

}  // namespace pelab
