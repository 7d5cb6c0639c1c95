// PE Lab — tests/core/rope_layout_test.cpp
// The extended RoPE core (rope.h): 2-D rotations (orthogonality, group property), θ_i = base^(−2i/d)
// against a double-precision transcription of HF's _compute_default_rope_parameters, the two pairing
// layouts (interleaved / half) and the permutation between them, HF's rotate_half formula, and the
// identities of the score matrix over every layout: ⟨R_m q, R_n k⟩ = ⟨q, R_(n−m) k⟩, shift invariance,
// Toeplitz structure.
#include <cmath>
#include <limits>

#include "core/random.h"
#include "core/rope/rope.h"
#include "matrix_assert.h"

namespace {

// Cells of rotation matrices lie in [−1, 1]. Where the code under test and this test evaluate cos and sin
// along different paths (another compiler may contract or reorder them), they may differ by a few ulps.
constexpr double kFewUlpsOfOne = 4 * std::numeric_limits<double>::epsilon();

using namespace pelab;

Eigen::VectorXd random_vector(int n, SplitMix64& rng) {
    Eigen::VectorXd v(n);
    for (int i = 0; i < n; ++i) v(i) = rng.next_signed();
    return v;
}

TEST(Rotation2, OrthogonalInverseIsNegativeAngleAndGroupProperty) {
    SplitMix64 rng(11);
    for (int trial = 0; trial < 20; ++trial) {
        const double a = 7.0 * rng.next_signed(), b = 7.0 * rng.next_signed();
        const Eigen::Matrix2d Ra = rotation2(a);
        EXPECT_MATRIX_NEAR(Ra.transpose(), rotation2(-a), 0.0);  // cos even, sin odd: exact
        EXPECT_MATRIX_NEAR(Ra.inverse(), rotation2(-a), 1e-15);
        EXPECT_MATRIX_NEAR(Ra.transpose() * Ra, Eigen::Matrix2d::Identity(), 1e-15);
        EXPECT_NEAR(Ra.determinant(), 1.0, 1e-15);
        EXPECT_MATRIX_NEAR(rotation2(-a) * rotation2(b), rotation2(b - a), 1e-14);
        // (R(α)u)ᵀ(R(β)v) = uᵀR(β−α)v
        const Eigen::Vector2d u(rng.next_signed(), rng.next_signed()), v(rng.next_signed(), rng.next_signed());
        EXPECT_NEAR((Ra * u).dot(rotation2(b) * v), u.dot(rotation2(b - a) * v), 1e-14);
    }
    Eigen::Matrix2d quarter;
    quarter << 0, -1, 1, 0;
    EXPECT_MATRIX_NEAR(rotation2(3.14159265358979323846 / 2), quarter, 1e-16);
}

TEST(RopeInvFreq, MatchesHfDefaultTranscription) {
    // Golden values: double-precision transcription of HF _compute_default_rope_parameters,
    // 1.0 / (base ** (arange(0, dim, 2) / dim)), dim = 128, base = 10000.
    const Eigen::VectorXd inv = rope_default_inv_freq(128, 10000.0);
    ASSERT_EQ(inv.size(), 64);
    EXPECT_EQ(inv(0), 1.0);
    EXPECT_NEAR(inv(1), 0.8659643233600653, 1e-12);
    EXPECT_NEAR(inv(31), 0.011547819846894583, 1e-12);
    EXPECT_NEAR(inv(63), 0.00011547819846894582, 1e-12);
    EXPECT_EQ(rope_default_inv_freq(4, 100.0)(1), 0.1);
}

TEST(RopeLayouts, PairCoordinatesAndMatrixShapes) {
    EXPECT_EQ(rope_pair_coords(1, 8, RopeLayout::interleaved), std::make_pair(2, 3));
    EXPECT_EQ(rope_pair_coords(1, 8, RopeLayout::half), std::make_pair(1, 5));
    Eigen::VectorXd theta(2);
    theta << 0.5, 0.25;
    const Eigen::MatrixXd Ri = rope_matrix(theta, 2.0, RopeLayout::interleaved);
    Eigen::Matrix4d expected = Eigen::Matrix4d::Zero();
    expected.block<2, 2>(0, 0) = rotation2(1.0);
    expected.block<2, 2>(2, 2) = rotation2(0.5);
    EXPECT_MATRIX_NEAR(Ri, expected, kFewUlpsOfOne);
    const Eigen::MatrixXd Rh = rope_matrix(theta, 2.0, RopeLayout::half);
    Eigen::Matrix4d expected_half = Eigen::Matrix4d::Zero();
    expected_half(0, 0) = expected_half(2, 2) = std::cos(1.0);
    expected_half(0, 2) = -std::sin(1.0);
    expected_half(2, 0) = std::sin(1.0);
    expected_half(1, 1) = expected_half(3, 3) = std::cos(0.5);
    expected_half(1, 3) = -std::sin(0.5);
    expected_half(3, 1) = std::sin(0.5);
    EXPECT_MATRIX_NEAR(Rh, expected_half, kFewUlpsOfOne);
}

TEST(RopeLayouts, PermutationMapsInterleavedToHalf) {
    SplitMix64 rng(3);
    for (int d : {2, 4, 8, 16, 64}) {
        const Eigen::VectorXd theta = rope_default_inv_freq(d, 10000.0);
        const Eigen::MatrixXd P = rope_layout_permutation(d);
        EXPECT_MATRIX_NEAR(P * P.transpose(), Eigen::MatrixXd::Identity(d, d), 0.0);
        for (double m : {0.0, 1.0, 5.0, -3.0, 123.0}) {
            EXPECT_MATRIX_NEAR(P * rope_matrix(theta, m, RopeLayout::interleaved) * P.transpose(),
                               rope_matrix(theta, m, RopeLayout::half), 0.0);
            const Eigen::VectorXd x = random_vector(d, rng);
            EXPECT_MATRIX_NEAR(P * rope_apply(x, m, theta, RopeLayout::interleaved),
                               rope_apply(P * x, m, theta, RopeLayout::half), 0.0);
            // HF Llama: q·cos + rotate_half(q)·sin gives the same numbers as the explicit pair rotation.
            EXPECT_MATRIX_NEAR(rope_apply_hf_rotate_half(x, m, theta), rope_apply(x, m, theta, RopeLayout::half),
                               1e-15);
            // The matrix and the vector form agree.
            for (RopeLayout layout : {RopeLayout::interleaved, RopeLayout::half})
                EXPECT_MATRIX_NEAR(rope_matrix(theta, m, layout) * x, rope_apply(x, m, theta, layout), 1e-14);
        }
    }
}

TEST(RopeLayouts, OrthogonalAndGroupPropertyInEveryLayout) {
    for (RopeLayout layout : {RopeLayout::interleaved, RopeLayout::half}) {
        const Eigen::VectorXd theta = rope_default_inv_freq(16, 100.0);
        for (double a : {0.0, 1.0, 7.5, -4.0}) {
            const Eigen::MatrixXd Ra = rope_matrix(theta, a, layout);
            EXPECT_MATRIX_NEAR(Ra.transpose() * Ra, Eigen::MatrixXd::Identity(16, 16), 1e-14);
            EXPECT_MATRIX_NEAR(Ra.transpose(), rope_matrix(theta, -a, layout), 0.0);
            for (double b : {2.0, -9.0, 31.0})
                EXPECT_MATRIX_NEAR(rope_matrix(theta, -a, layout) * rope_matrix(theta, b, layout),
                                   rope_matrix(theta, b - a, layout), 1e-13);
        }
    }
}

TEST(RopeScores, RelativeIdentityShiftInvarianceAndToeplitzInEveryLayout) {
    SplitMix64 rng(5);
    for (RopeLayout layout : {RopeLayout::interleaved, RopeLayout::half}) {
        for (int d : {2, 4, 8, 32}) {
            const Eigen::VectorXd theta = rope_default_inv_freq(d, 10000.0);
            const Eigen::VectorXd q = random_vector(d, rng), k = random_vector(d, rng);
            const int L = 12;
            const Eigen::MatrixXd S = rope_scores(L, theta, q, k, layout);
            EXPECT_MATRIX_NEAR(S, rope_relative_form(L, theta, q, k, layout, false), 1e-12);
            EXPECT_MATRIX_NEAR(S, rope_scores(L, theta, q, k, layout, 37.0), 1e-12);  // shift both by t = 37
            EXPECT_LT(toeplitz_residual(S), 1e-13);
            for (int m = 0; m < L; ++m)
                for (int n = 0; n < L; ++n) {
                    const double direct = rope_apply(q, m, theta, layout).dot(rope_apply(k, n, theta, layout));
                    EXPECT_NEAR(S(m, n), direct, 1e-13);
                }
        }
    }
}

TEST(RopeScores, SeedSignIsWrongUnlessSymmetric) {
    // Seed 004 §5.2 writes ⟨q, R(m−n)k⟩; the identity needs n − m. The two agree only when qᵀR_Δk is even in Δ.
    Eigen::VectorXd theta(2), q(4), k(4);
    theta << 0.7, 0.2;
    q << 1, 2, -0.5, 0.3;
    k << 0.4, -1, 2, 1;
    const Eigen::MatrixXd S = rope_scores(6, theta, q, k, RopeLayout::interleaved);
    const Eigen::MatrixXd seed = rope_relative_form(6, theta, q, k, RopeLayout::interleaved, true);
    EXPECT_GT((S - seed).cwiseAbs().maxCoeff(), 0.1);
    const Eigen::Vector4d sym(1, 0, 1, 0);  // q = k = unit pairs: S is symmetric, both forms agree
    EXPECT_MATRIX_NEAR(rope_scores(6, theta, sym, sym, RopeLayout::interleaved),
                       rope_relative_form(6, theta, sym, sym, RopeLayout::interleaved, true), 1e-12);
}

TEST(ToeplitzResidual, ZeroForToeplitzPositiveOtherwise) {
    Eigen::Matrix3d T;
    T << 1, 2, 3, 4, 1, 2, 5, 4, 1;
    EXPECT_EQ(toeplitz_residual(T), 0.0);
    EXPECT_EQ(toeplitz_residual(Eigen::MatrixXd::Zero(3, 3)), 0.0);
    Eigen::Matrix2d N;
    N << 1, 0, 0, -1;  // main diagonal {1, −1}: mean 0, residual² = 2, total² = 2
    EXPECT_NEAR(toeplitz_residual(N), 1.0, 1e-15);
}

TEST(RopeDecay, CurveIsOneAtZeroAndMatchesCosineSum) {
    Eigen::VectorXd theta(3);
    theta << 1.0, 0.1, 0.01;
    const std::vector<double> c = rope_decay_curve(theta, {0.0, 2.0});
    EXPECT_EQ(c[0], 1.0);
    EXPECT_NEAR(c[1], (std::cos(2.0) + std::cos(0.2) + std::cos(0.02)) / 3.0, 1e-15);
}

}  // namespace
