// PE Lab — tests/core/attention_grid_test.cpp
// The attention-grid maths: row-major index ↔ coordinate, the 1-D rule (one diagonal, Toeplitz, the
// N = 6, Δ = −2 example), the 2-D rule (the 2×3 "right neighbour" example, never linking across a row
// break, unlike the naive 1-D rule on flattened indices; doubly block-Toeplitz), softmax attention and the
// permutation-equivariance demo, plus the two quantities. The lesson's tests: tests/lessons/attention_grid_lesson_test.cpp.
#include <algorithm>
#include <cmath>
#include <limits>
#include <set>

#include "core/relative/attention_grid.h"
#include "core/relative/f_delta.h"
#include "core/quantities/quantity.h"
#include "matrix_assert.h"

namespace {

using namespace pelab;

TEST(AttentionGrid, RowMajorCoordinates) {
    // The 2×3 grid: tokens 1..6 (1-based) are indices 0..5 here.
    const int expected[6][2] = {{0, 0}, {0, 1}, {0, 2}, {1, 0}, {1, 1}, {1, 2}};
    for (int t = 0; t < 6; ++t) {
        EXPECT_EQ(grid_coord(t, 3).row, expected[t][0]);
        EXPECT_EQ(grid_coord(t, 3).col, expected[t][1]);
        EXPECT_EQ(grid_index(expected[t][0], expected[t][1], 3), t);
    }
    for (int W = 1; W <= 7; ++W)
        for (int t = 0; t < 50; ++t) EXPECT_EQ(grid_index(grid_coord(t, W).row, grid_coord(t, W).col, W), t);
}

// The N = 6 example: Δ = −2 (key two places to the right) lights one diagonal, the last two rows
// stay empty.
TEST(AttentionGrid, Rule1dWorkedExample) {
    const Eigen::MatrixXd A = attention_rule_1d(6, -2);
    Eigen::MatrixXd expected = Eigen::MatrixXd::Zero(6, 6);
    expected(0, 2) = expected(1, 3) = expected(2, 4) = expected(3, 5) = 1;
    EXPECT_MATRIX_NEAR(A, expected, 0.0);
    EXPECT_EQ(A.row(4).sum(), 0.0);
    EXPECT_EQ(A.row(5).sum(), 0.0);
}

TEST(AttentionGrid, Rule1dIsToeplitzWithOneLitDiagonal) {
    for (int N = 1; N <= 9; ++N)
        for (int delta = -10; delta <= 10; ++delta) {
            const Eigen::MatrixXd A = attention_rule_1d(N, delta);
            EXPECT_EQ(diagonal_spread(A).cwiseAbs().maxCoeff(), 0.0);
            EXPECT_EQ(A.sum(), std::max(0, N - std::abs(delta)));
            for (int q = 0; q < N; ++q)
                for (int k = 0; k < N; ++k) EXPECT_EQ(A(q, k), q - k == delta ? 1.0 : 0.0);
        }
}

// The 2×3 grid with δ = (0, −1), "the right neighbour": 1-based A[1,2], A[2,3], A[4,5], A[5,6];
// rows 3 and 6 (the right edge) stay empty.
TEST(AttentionGrid, Rule2dWorkedExample) {
    const Eigen::MatrixXd A = attention_rule_2d(2, 3, 0, -1);
    Eigen::MatrixXd expected = Eigen::MatrixXd::Zero(6, 6);
    expected(0, 1) = expected(1, 2) = expected(3, 4) = expected(4, 5) = 1;
    EXPECT_MATRIX_NEAR(A, expected, 0.0);
    // The naive 1-D rule q − k = −1 on the flattened index also links token 3 → 4 (1-based) across the
    // row break.
    const Eigen::MatrixXd naive = attention_rule_1d(6, -1);
    EXPECT_EQ(naive(2, 3), 1.0);
    EXPECT_EQ(A(2, 3), 0.0);
    EXPECT_MATRIX_NEAR(naive - A, [] {
        Eigen::MatrixXd d = Eigen::MatrixXd::Zero(6, 6);
        d(2, 3) = 1;
        return d;
    }(), 0.0);
}

TEST(AttentionGrid, Rule2dNeverCrossesARowBreak) {
    for (int H = 1; H <= 5; ++H)
        for (int W = 1; W <= 5; ++W)
            for (int dr = -4; dr <= 4; ++dr)
                for (int dc = -4; dc <= 4; ++dc) {
                    const Eigen::MatrixXd A = attention_rule_2d(H, W, dr, dc);
                    ASSERT_EQ(A.rows(), H * W);
                    for (int q = 0; q < H * W; ++q) {
                        EXPECT_LE(A.row(q).sum(), 1.0);
                        for (int k = 0; k < H * W; ++k) {
                            const GridCoord cq = grid_coord(q, W), ck = grid_coord(k, W);
                            const bool linked = cq.row - ck.row == dr && cq.col - ck.col == dc;
                            EXPECT_EQ(A(q, k), linked ? 1.0 : 0.0);
                            // Linked cells differ by exactly dc columns: no wrap-around.
                            if (A(q, k) == 1.0) EXPECT_EQ(cq.col - ck.col, dc);
                        }
                    }
                    // Count: (H − |δ₁|)·(W − |δ₂|) pairs when both fit.
                    EXPECT_EQ(A.sum(), std::max(0, H - std::abs(dr)) * std::max(0, W - std::abs(dc)));
                }
}

// A 2-D rule is doubly block-Toeplitz (Toeplitz blocks in a Toeplitz pattern); as a whole it is Toeplitz only
// when no diagonal mixes wrapped and unwrapped pairs.
TEST(AttentionGrid, Rule2dIsDoublyBlockToeplitz) {
    for (int H = 1; H <= 5; ++H)
        for (int W = 1; W <= 5; ++W)
            for (int dr = -4; dr <= 4; ++dr)
                for (int dc = -4; dc <= 4; ++dc) {
                    const Eigen::MatrixXd A = attention_rule_2d(H, W, dr, dc);
                    const BlockToeplitzSpread s = block_toeplitz_spread(A, H, W);
                    EXPECT_EQ(s.between_blocks, 0.0);
                    EXPECT_EQ(s.within_blocks, 0.0);
                    EXPECT_EQ(s.whole, diagonal_spread(A).maxCoeff());
                }
    // 3×3 grid, right neighbour: the flattened diagonal q − k = −1 holds 1s and the two wrapped 0s.
    EXPECT_EQ(block_toeplitz_spread(attention_rule_2d(3, 3, 0, -1), 3, 3).whole, 1.0);
    EXPECT_EQ(block_toeplitz_spread(attention_rule_2d(3, 3, 1, 0), 3, 3).whole, 0.0);
    // A Toeplitz matrix is doubly block-Toeplitz for any block size.
    const BlockToeplitzSpread t = block_toeplitz_spread(attention_rule_1d(6, -1), 2, 3);
    EXPECT_EQ(t.between_blocks + t.within_blocks + t.whole, 0.0);
    // One lit cell breaks both block properties; a wrong shape gives zeros.
    Eigen::MatrixXd M = Eigen::MatrixXd::Zero(4, 4);
    M(0, 0) = 1;
    const BlockToeplitzSpread m = block_toeplitz_spread(M, 2, 2);
    EXPECT_EQ(m.between_blocks, 1.0);
    EXPECT_EQ(m.within_blocks, 1.0);
    EXPECT_EQ(block_toeplitz_spread(M, 3, 2).whole, 0.0);
}

TEST(AttentionGrid, SoftmaxRows) {
    Eigen::MatrixXd S(2, 3);
    S << 0, 0, 0, 1000, 1000, -std::numeric_limits<double>::infinity();
    const Eigen::MatrixXd W = softmax_rows(S);
    EXPECT_NEAR(W(0, 0), 1.0 / 3.0, 1e-15);
    EXPECT_NEAR(W(1, 0), 0.5, 1e-15);  // stable at large logits
    EXPECT_EQ(W(1, 2), 0.0);           // −inf gets no weight
}

TEST(AttentionGrid, SeededPermutationIsAPermutationAndNotTheIdentity) {
    for (int n = 2; n <= 10; ++n)
        for (std::uint64_t seed = 0; seed < 30; ++seed) {
            const std::vector<int> p = seeded_permutation(n, seed);
            std::set<int> seen(p.begin(), p.end());
            ASSERT_EQ(seen.size(), static_cast<std::size_t>(n));
            EXPECT_EQ(*seen.begin(), 0);
            EXPECT_EQ(*seen.rbegin(), n - 1);
            bool identity = true;
            for (int i = 0; i < n; ++i) identity = identity && p[static_cast<std::size_t>(i)] == i;
            EXPECT_FALSE(identity);
        }
    EXPECT_EQ(seeded_permutation(5, 3), seeded_permutation(5, 3));
    const Eigen::MatrixXd P = permutation_matrix({2, 0, 1});
    Eigen::MatrixXd X(3, 1);
    X << 10, 20, 30;
    EXPECT_MATRIX_NEAR(P * X, Eigen::Vector3d(30, 10, 20), 0.0);  // row i of P·X = row perm[i] of X
}

// Without positions, shuffling the tokens shuffles the outputs the same way: Attn(P X) = P Attn(X).
TEST(AttentionGrid, PermutationEquivariance) {
    for (std::uint64_t seed = 1; seed <= 8; ++seed)
        for (int n : {2, 5, 8}) {
            const PermutationDemo demo = permutation_equivariance_demo(n, 4, seed);
            EXPECT_MATRIX_NEAR(demo.out_shuffled, demo.P * demo.out, 1e-14);
            EXPECT_MATRIX_NEAR(demo.weights_shuffled, demo.P * demo.weights * demo.P.transpose(), 1e-14);
            for (int r = 0; r < n; ++r) EXPECT_NEAR(demo.weights.row(r).sum(), 1.0, 1e-14);
            // And attention_output agrees with the demo's own composition.
            EXPECT_MATRIX_NEAR(attention_output(demo.X * demo.Wq, demo.X * demo.Wk, demo.X * demo.Wv), demo.out, 1e-15);
        }
}

TEST(AttentionGrid, Quantities) {
    const Quantity* q1 = find_quantity("attention_rule_1d");
    const Quantity* q2 = find_quantity("attention_rule_2d");
    ASSERT_NE(q1, nullptr);
    ASSERT_NE(q2, nullptr);
    std::vector<std::string> n1, n2;
    for (const ParamSpec& s : q1->params) n1.push_back(s.name);
    for (const ParamSpec& s : q2->params) n2.push_back(s.name);
    EXPECT_EQ(n1, (std::vector<std::string>{"N", "delta"}));
    EXPECT_EQ(n2, (std::vector<std::string>{"H", "W", "drow", "dcol"}));
    const QuantityResult r1 = q1->compute(defaults(q1->params));  // N = 6, delta = −2
    ASSERT_EQ(r1.shape, (std::vector<int>{6, 6}));
    EXPECT_EQ(r1.data[0 * 6 + 2], 1.0);
    EXPECT_EQ(r1.data[4 * 6 + 2], 0.0);
    const QuantityResult r2 = q2->compute(defaults(q2->params));  // 2×3, (0, −1)
    ASSERT_EQ(r2.shape, (std::vector<int>{6, 6}));
    EXPECT_EQ(r2.data[1 * 6 + 2], 1.0);
    EXPECT_EQ(r2.data[2 * 6 + 3], 0.0);
}

}  // namespace
