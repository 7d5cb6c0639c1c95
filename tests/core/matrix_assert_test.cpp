// PE Lab — tests/core/matrix_assert_test.cpp
// The matrix assertion itself: passes within tolerance, and on failure names the worst cell and prints
// both matrices.
#include <gtest/gtest-spi.h>

#include "matrix_assert.h"

TEST(MatrixAssert, PassesWithinTolerance) {
    Eigen::Matrix2d a;
    a << 1, 2, 3, 4;
    Eigen::Matrix2d b = a;
    b(1, 0) += 1e-13;
    EXPECT_MATRIX_NEAR(a, b, 1e-12);
}

TEST(MatrixAssert, FailureNamesWorstCellAndPrintsBoth) {
    Eigen::Matrix2d a;
    a << 1, 2, 3, 4;
    Eigen::Matrix2d b = a;
    b(1, 0) = 3.5;
    b(0, 1) = 2.25;
    EXPECT_NONFATAL_FAILURE(EXPECT_MATRIX_NEAR(a, b, 1e-12), "worst cell (1, 0): 3 vs 3.5");
    EXPECT_NONFATAL_FAILURE(EXPECT_MATRIX_NEAR(a, b, 1e-12), "[3.5, 4]");
    EXPECT_NONFATAL_FAILURE(EXPECT_MATRIX_NEAR(a, b, 1e-12), "[3, 4]");
}

TEST(MatrixAssert, ShapeMismatchAndNaNFail) {
    Eigen::MatrixXd a = Eigen::MatrixXd::Zero(2, 3);
    Eigen::MatrixXd b = Eigen::MatrixXd::Zero(3, 2);
    EXPECT_NONFATAL_FAILURE(EXPECT_MATRIX_NEAR(a, b, 1.0), "shape mismatch");
    Eigen::MatrixXd c = Eigen::MatrixXd::Zero(2, 3);
    c(0, 2) = NAN;
    EXPECT_NONFATAL_FAILURE(EXPECT_MATRIX_NEAR(a, c, 1.0), "worst cell (0, 2)");
}
