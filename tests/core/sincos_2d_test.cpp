// PE Lab — tests/core/sincos_2d_test.cpp
// MAE's 2-D sin-cos embedding (facebookresearch/mae util/pos_embed.py, get_2d_sincos_pos_embed without the
// cls row) against golden rows from a throwaway float64 Python transcription, and the property that the
// FIRST half encodes the column (meshgrid(grid_w, grid_h) puts w first) and the second half the row.
#include <cmath>

#include "core/quantities/quantity.h"
#include "core/absolute/sincos_2d.h"
#include "core/absolute/vit2d.h"
#include "matrix_assert.h"

namespace {

using namespace pelab;

Eigen::RowVectorXd row(std::initializer_list<double> values) {
    Eigen::RowVectorXd v(static_cast<Eigen::Index>(values.size()));
    Eigen::Index i = 0;
    for (double x : values) v(i++) = x;
    return v;
}

// get_2d_sincos_pos_embed(8, 3): 9 × 8.
TEST(SinCos2d, GoldenGrid3D8) {
    const Eigen::MatrixXd E = sincos_2d(3, 8);
    ASSERT_EQ(E.rows(), 9);
    ASSERT_EQ(E.cols(), 8);
    const double s1 = 0.8414709848078965, s01 = 0.009999833334166664, c1 = 0.5403023058681398,
                 c01 = 0.9999500004166653, s2 = 0.9092974268256817, s02 = 0.01999866669333308,
                 c2 = -0.4161468365471424, c02 = 0.9998000066665778;
    EXPECT_MATRIX_NEAR(E.row(0), row({0, 0, 1, 1, 0, 0, 1, 1}), 1e-12);
    EXPECT_MATRIX_NEAR(E.row(1), row({s1, s01, c1, c01, 0, 0, 1, 1}), 1e-12);  // (r, c) = (0, 1)
    EXPECT_MATRIX_NEAR(E.row(2), row({s2, s02, c2, c02, 0, 0, 1, 1}), 1e-12);  // (0, 2)
    EXPECT_MATRIX_NEAR(E.row(3), row({0, 0, 1, 1, s1, s01, c1, c01}), 1e-12);  // (1, 0)
    EXPECT_MATRIX_NEAR(E.row(5), row({s2, s02, c2, c02, s1, s01, c1, c01}), 1e-12);  // (1, 2)
    EXPECT_MATRIX_NEAR(E.row(7), row({s1, s01, c1, c01, s2, s02, c2, c02}), 1e-12);  // (2, 1)
    EXPECT_MATRIX_NEAR(E.row(8), row({s2, s02, c2, c02, s2, s02, c2, c02}), 1e-12);  // (2, 2)
}

// get_2d_sincos_pos_embed(16, 2): ω = 1, 0.1, 0.01, 0.001 in each quarter.
TEST(SinCos2d, GoldenGrid2D16) {
    const Eigen::MatrixXd E = sincos_2d(2, 16);
    const Eigen::RowVectorXd one = row({0.8414709848078965, 0.09983341664682815, 0.009999833334166664,
                                        0.0009999998333333417, 0.5403023058681398, 0.9950041652780258,
                                        0.9999500004166653, 0.9999995000000417});
    const Eigen::RowVectorXd zero = row({0, 0, 0, 0, 1, 1, 1, 1});
    Eigen::RowVectorXd r1(16), r2(16);
    r1 << one, zero;  // patch 1 = (row 0, col 1): the column half moves
    r2 << zero, one;  // patch 2 = (row 1, col 0): the row half moves
    EXPECT_MATRIX_NEAR(E.row(1), r1, 1e-12);
    EXPECT_MATRIX_NEAR(E.row(2), r2, 1e-12);
}

TEST(SinCos2d, FirstHalfIsColumnSecondHalfIsRow) {
    const int g = 5, D = 24;
    const Eigen::MatrixXd E = sincos_2d(g, D);
    Eigen::VectorXd cols(g), rows(g);
    for (int i = 0; i < g; ++i) cols(i) = rows(i) = i;
    const Eigen::MatrixXd oned = sincos_1d(cols, D / 2);
    for (int m = 0; m < g * g; ++m) {
        const int r = m / g, c = m % g;
        EXPECT_MATRIX_NEAR(E.row(m).leftCols(D / 2), oned.row(c), 0.0) << "patch " << m;
        EXPECT_MATRIX_NEAR(E.row(m).rightCols(D / 2), oned.row(r), 0.0) << "patch " << m;
    }
    // Patches in the same column share the first half; patches in the same row share the second.
    EXPECT_MATRIX_NEAR(E.row(1).leftCols(D / 2), E.row(1 + g).leftCols(D / 2), 0.0);
    EXPECT_MATRIX_NEAR(E.row(g).rightCols(D / 2), E.row(g + 3).rightCols(D / 2), 0.0);
}

TEST(SinCos2d, OneDimensionalLayout) {
    Eigen::VectorXd pos(2);
    pos << 0, 3;
    const Eigen::MatrixXd e = sincos_1d(pos, 4);  // ω = 1, 0.01
    EXPECT_MATRIX_NEAR(e.row(1), row({std::sin(3.0), std::sin(0.03), std::cos(3.0), std::cos(0.03)}), 1e-15);
}

TEST(SinCos2d, QuantitySincos2d) {
    const Quantity* q = find_quantity("sincos_2d");
    ASSERT_NE(q, nullptr);
    std::vector<std::string> names;
    for (const ParamSpec& s : q->params) names.push_back(s.name);
    EXPECT_EQ(names, (std::vector<std::string>{"grid", "D"}));
    ParamSet p = defaults(q->params);
    ASSERT_TRUE(parse_params(q->params, split_query("grid=3&D=8"), &p).empty());
    const QuantityResult r = q->compute(p);
    ASSERT_EQ(r.shape, (std::vector<int>{9, 8}));
    EXPECT_NEAR(r.data[8 * 1 + 0], 0.8414709848078965, 1e-12);  // row 1, column 0: sin(col 1 · ω₀)
    EXPECT_EQ(r.data[8 * 1 + 4], 0.0);                        // row 1, column 4: sin(row 0 · ω₀)
}

// sincos_2d is mae_2d_sincos on a square grid, so it is checked against typed values instead: MAE's
// get_2d_sincos_pos_embed(8, 3) (meshgrid(w, h): the first half encodes the column, the second the row;
// each half is [sin | cos] of 2 frequencies 1, 10000^(−1/2)), transcribed and evaluated in Python. The H×W
// table then matches an independent assembly from sincos_1d (column half, then row half) for non-square
// grids and for widths that are not multiples of 4.
TEST(SinCos2d, MatchesMaeValuesAndSincos1d) {
    const Eigen::MatrixXd E = sincos_2d(3, 8);
    ASSERT_EQ(E.rows(), 9);
    ASSERT_EQ(E.cols(), 8);
    const double s1 = 0.8414709848078965, s1b = 0.009999833334166664, c1 = 0.5403023058681398, c1b = 0.9999500004166653;
    const double s2 = 0.9092974268256817, s2b = 0.01999866669333308, c2 = -0.4161468365471424, c2b = 0.9998000066665778;
    const double mae[][9] = {
        {0, 0.0, 0.0, 1.0, 1.0, 0.0, 0.0, 1.0, 1.0},    // token 0: column 0, row 0
        {1, s1, s1b, c1, c1b, 0.0, 0.0, 1.0, 1.0},      // token 1: column 1, row 0
        {5, s2, s2b, c2, c2b, s1, s1b, c1, c1b},        // token 5: column 2, row 1
        {8, s2, s2b, c2, c2b, s2, s2b, c2, c2b},        // token 8: column 2, row 2
    };
    for (const auto& row : mae)
        for (int c = 0; c < 8; ++c)
            EXPECT_NEAR(E(int(row[0]), c), row[c + 1], 4e-16) << "token " << row[0] << " column " << c;
    const int shapes[][3] = {{2, 3, 8}, {3, 2, 16}, {1, 4, 4}, {4, 1, 12}, {2, 3, 6}, {3, 3, 5}};
    for (const auto& s : shapes) {
        const int H = s[0], W = s[1], D = s[2], half = D / 2;
        Eigen::VectorXd cols(H * W), rows(H * W);
        for (int t = 0; t < H * W; ++t) {
            cols(t) = t % W;
            rows(t) = t / W;
        }
        Eigen::MatrixXd expected = Eigen::MatrixXd::Zero(H * W, D);
        expected.leftCols(half) = sincos_1d(cols, half);
        expected.middleCols(half, half) = sincos_1d(rows, half);
        EXPECT_MATRIX_NEAR(mae_2d_sincos(H, W, D), expected, 1e-15) << "H=" << H << " W=" << W << " D=" << D;
    }
}

}  // namespace
