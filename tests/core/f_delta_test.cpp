// PE Lab — tests/core/f_delta_test.cpp
// The maths of the f-delta lesson: the course notes' 4×4 matrix, R_Δ, the readout vᵀR_Δ = f(Δ), the Toeplitz
// property for random inputs, diagonal statistics and the content-dependent readout.
#include <cmath>

#include "core/constants.h"
#include "core/relative/f_delta.h"
#include "core/quantities/quantity.h"
#include "core/random.h"
#include "matrix_assert.h"

namespace {

using namespace pelab;

Eigen::VectorXd default_omega() {
    Eigen::VectorXd w(2);
    w << kPi / 2, kPi / 3;
    return w;
}

// Expected F for L = 4, ω = (π/2, π/3), v = [1,0,1,0]: symmetric Toeplitz with first row 2, 0.5, −1.5, −1
// (f(0) = 1 + 1, f(±1) = 0 + 1/2, f(±2) = −1 − 1/2, f(±3) = 0 − 1).
Eigen::Matrix4d notes_matrix() {
    Eigen::Matrix4d F;
    F << 2.0, 0.5, -1.5, -1.0,
         0.5, 2.0, 0.5, -1.5,
        -1.5, 0.5, 2.0, 0.5,
        -1.0, -1.5, 0.5, 2.0;
    return F;
}

Eigen::VectorXd random_vector(int n, SplitMix64& rng, double scale) {
    Eigen::VectorXd x(n);
    for (int i = 0; i < n; ++i) x(i) = scale * rng.next_signed();
    return x;
}

TEST(FDelta, MatchesCourseNotesMatrix) {
    const Eigen::MatrixXd F = f_matrix(4, default_omega(), cosine_readout(2));
    EXPECT_MATRIX_NEAR(F, notes_matrix(), 1e-12);
}

TEST(FDelta, QuantityRegistryDefaultsGiveCourseNotesMatrix) {
    const Quantity* q = find_quantity("f_matrix");
    ASSERT_NE(q, nullptr);
    const QuantityResult r = q->compute(defaults(q->params));
    ASSERT_EQ(r.shape, (std::vector<int>{4, 4}));
    ASSERT_EQ(r.data.size(), 16u);
    Eigen::Matrix4d got;
    for (int i = 0; i < 16; ++i) got(i / 4, i % 4) = r.data[static_cast<std::size_t>(i)];
    EXPECT_MATRIX_NEAR(got, notes_matrix(), 1e-12);
}

TEST(FDelta, RDeltaFeaturesLayout) {
    const Eigen::MatrixXd R = r_delta_features(4, default_omega());
    ASSERT_EQ(R.rows(), 7);
    ASSERT_EQ(R.cols(), 4);
    // Row 0 is Δ = −3: [cos(−3π/2), sin(−3π/2), cos(−π), sin(−π)] = [0, 1, −1, 0].
    Eigen::RowVector4d first;
    first << 0, 1, -1, 0;
    EXPECT_MATRIX_NEAR(R.row(0), first, 1e-12);
    // Row 3 is Δ = 0: cos 1, sin 0.
    Eigen::RowVector4d middle;
    middle << 1, 0, 1, 0;
    EXPECT_MATRIX_NEAR(R.row(3), middle, 0.0);
    // Row 4 is Δ = 1: [cos π/2, sin π/2, cos π/3, sin π/3].
    Eigen::RowVector4d next;
    next << 0, 1, 0.5, std::sqrt(3.0) / 2;
    EXPECT_MATRIX_NEAR(R.row(4), next, 1e-12);
    // The table agrees with the single-Δ function.
    for (int d = -3; d <= 3; ++d)
        EXPECT_MATRIX_NEAR(R.row(d + 3).transpose(), r_delta_vector(d, default_omega()), 0.0);
}

TEST(FDelta, RDeltaForLOneHasOneRow) {
    const Eigen::MatrixXd R = r_delta_features(1, default_omega());
    EXPECT_EQ(R.rows(), 1);
    EXPECT_EQ(R.cols(), 4);
}

TEST(FDelta, CosineReadoutReproducesKernel) {
    const Eigen::VectorXd v = cosine_readout(2);
    Eigen::Vector4d expected_v;
    expected_v << 1, 0, 1, 0;
    EXPECT_MATRIX_NEAR(v, expected_v, 0.0);
    for (int d = -10; d <= 10; ++d) {
        const double f = std::cos(kPi / 2 * d) + std::cos(kPi / 3 * d);
        EXPECT_NEAR(f_kernel(d, default_omega(), v), f, 1e-14) << "Δ = " << d;
        EXPECT_NEAR(v.dot(r_delta_vector(d, default_omega())), f, 1e-14) << "Δ = " << d;
    }
    // The whole table at once: R v is the column of f(Δ).
    const Eigen::VectorXd column = r_delta_features(4, default_omega()) * v;
    Eigen::VectorXd expected(7);
    expected << -1, -1.5, 0.5, 2, 0.5, -1.5, -1;
    EXPECT_MATRIX_NEAR(column, expected, 1e-12);
}

TEST(FDelta, ToeplitzForRandomOmegaAndV) {
    for (std::uint64_t seed = 1; seed <= 12; ++seed) {
        SplitMix64 rng(seed);
        const int L = 1 + static_cast<int>(rng.next_u64() % 16);
        const int m = 1 + static_cast<int>(rng.next_u64() % 8);
        const Eigen::VectorXd omega = random_vector(m, rng, 5.0);
        const Eigen::VectorXd v = random_vector(2 * m, rng, 3.0);
        const Eigen::MatrixXd F = f_matrix(L, omega, v);
        ASSERT_EQ(F.rows(), L);
        ASSERT_EQ(F.cols(), L);
        // F is built per Δ, so its own diagonals cannot differ. The property is tested on an independent
        // computation that never forms q − k: each position is rotated on its own, and for every frequency
        // cos(ω(q−k)) = cos ωq·cos ωk + sin ωq·sin ωk and sin(ω(q−k)) = sin ωq·cos ωk − cos ωq·sin ωk.
        Eigen::MatrixXd G = Eigen::MatrixXd::Zero(L, L);
        for (int q = 0; q < L; ++q)
            for (int k = 0; k < L; ++k)
                for (int i = 0; i < m; ++i) {
                    const double cq = std::cos(omega(i) * q), sq = std::sin(omega(i) * q);
                    const double ck = std::cos(omega(i) * k), sk = std::sin(omega(i) * k);
                    G(q, k) += v(2 * i) * (cq * ck + sq * sk) + v(2 * i + 1) * (sq * ck - cq * sk);
                }
        const Eigen::VectorXd spread = diagonal_spread(G);
        ASSERT_EQ(spread.size(), 2 * L - 1);
        EXPECT_LE(spread.cwiseAbs().maxCoeff(), 1e-12) << "seed " << seed;
        EXPECT_MATRIX_NEAR(F, G, 1e-12) << "seed " << seed;
    }
}

TEST(FDelta, DiagonalStatsOfHandMatrix) {
    Eigen::MatrixXd M(2, 3);
    M << 1, 2, 3,
         4, 5, 6;
    const std::vector<DiagonalStats> stats = diagonal_stats(M);
    ASSERT_EQ(stats.size(), 4u);  // Δ = row − col from −2 to 1
    EXPECT_EQ(stats[0].delta, -2);
    EXPECT_EQ(stats[0].count, 1);
    EXPECT_EQ(stats[0].min, 3);
    EXPECT_EQ(stats[1].delta, -1);  // cells (0,1)=2 and (1,2)=6
    EXPECT_EQ(stats[1].count, 2);
    EXPECT_EQ(stats[1].min, 2);
    EXPECT_EQ(stats[1].max, 6);
    EXPECT_EQ(stats[1].spread(), 4);
    EXPECT_EQ(stats[2].delta, 0);  // (0,0)=1, (1,1)=5
    EXPECT_EQ(stats[2].spread(), 4);
    EXPECT_EQ(stats[3].delta, 1);  // (1,0)=4
    EXPECT_EQ(stats[3].count, 1);
    EXPECT_EQ(stats[3].max, 4);
    Eigen::Vector4d spread;
    spread << 0, 4, 4, 0;
    EXPECT_MATRIX_NEAR(diagonal_spread(M), spread, 0.0);
    EXPECT_TRUE(diagonal_stats(Eigen::MatrixXd(0, 0)).empty());
}

TEST(FDelta, ContentReadoutDependsOnKOnlyThroughDelta) {
    for (std::uint64_t seed = 1; seed <= 5; ++seed) {
        SplitMix64 rng(seed);
        const int L = 6, m = 2, d = 3;
        const Eigen::VectorXd omega = default_omega();
        const Eigen::MatrixXd W = random_signed_matrix(d, 2 * m, rng);
        const Eigen::MatrixXd Q = random_signed_matrix(L, d, rng);
        const Eigen::MatrixXd G = content_readout_matrix(L, omega, W, Q);
        ASSERT_EQ(G.rows(), L);
        const Eigen::MatrixXd U = content_readouts(W, Q);
        ASSERT_EQ(U.rows(), L);
        ASSERT_EQ(U.cols(), 2 * m);
        for (int q = 0; q < L; ++q) {
            const Eigen::VectorXd u = W.transpose() * Q.row(q).transpose();
            EXPECT_MATRIX_NEAR(U.row(q).transpose(), u, 1e-14);
            for (int k = 0; k < L; ++k) {
                // q_vecᵀ W R_(q−k), written out, and as the row's own kernel of Δ.
                const double direct = Q.row(q) * W * r_delta_vector(q - k, omega);
                EXPECT_NEAR(G(q, k), direct, 1e-12);
                EXPECT_NEAR(G(q, k), f_kernel(q - k, omega, u), 1e-12);
            }
        }
        // Different content per row breaks the Toeplitz structure...
        EXPECT_GT(diagonal_spread(G).maxCoeff(), 1e-3) << "seed " << seed;
        // ...and the same content in every row restores it.
        Eigen::MatrixXd same(L, d);
        for (int q = 0; q < L; ++q) same.row(q) = Q.row(0);
        EXPECT_EQ(diagonal_spread(content_readout_matrix(L, omega, W, same)).maxCoeff(), 0.0);
    }
}

TEST(FDelta, ParamSpecsMatchTheInterface) {
    EXPECT_EQ(f_delta_spec_L().default_text, "4");
    EXPECT_EQ(f_delta_spec_L().min, 1);
    EXPECT_EQ(f_delta_spec_L().max, 64);
    EXPECT_EQ(f_delta_spec_omega().default_text, "1.5707963267948966,1.0471975511965976");
    EXPECT_EQ(f_delta_spec_v().default_text, "1,0,1,0");
    EXPECT_EQ(f_delta_spec_v().list_len_of, "omega");
    EXPECT_EQ(f_delta_spec_v().list_len_factor, 2);
    EXPECT_EQ(f_delta_spec_seed().max, 1000000);
    const ParamSet p = defaults({f_delta_spec_omega()});
    EXPECT_EQ(p.getv("omega")[0], kPi / 2);
    EXPECT_EQ(p.getv("omega")[1], kPi / 3);
}

}  // namespace
