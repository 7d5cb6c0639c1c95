// PE Lab — tests/core/rope_test.cpp
// RoPE in interleaved pairs (rope_apply): rotations of pairs, the relative identity
// ⟨R_m q, R_n k⟩ = ⟨q, R_(n−m) k⟩, and the link S == F between RoPE scores and the f-delta readout matrix.
#include <cmath>

#include "core/constants.h"
#include "core/relative/f_delta.h"
#include "core/random.h"
#include "core/rope/rope.h"
#include "matrix_assert.h"

namespace {

using namespace pelab;

Eigen::VectorXd rotate(const Eigen::VectorXd& x, double m, const Eigen::VectorXd& theta) {
    return rope_apply(x, m, theta, RopeLayout::interleaved);
}

// S[m][n] = ⟨R_m q, R_n k⟩ for m, n = 0..L−1, with actual rotations.
Eigen::MatrixXd score_matrix(int L, const Eigen::VectorXd& theta, const Eigen::VectorXd& q, const Eigen::VectorXd& k) {
    Eigen::MatrixXd S(L, L);
    for (int m = 0; m < L; ++m)
        for (int n = 0; n < L; ++n) S(m, n) = rotate(q, m, theta).dot(rotate(k, n, theta));
    return S;
}

// With k = [1,0,1,0,…], q = (v₀, −v₁, v₂, −v₃, …) gives ⟨R_m q, R_n k⟩ = vᵀR_(m−n).
Eigen::VectorXd query_for_readout(const Eigen::VectorXd& v) {
    Eigen::VectorXd q = v;
    for (Eigen::Index i = 1; i < q.size(); i += 2) q(i) = -q(i);
    return q;
}

Eigen::VectorXd default_theta() {
    Eigen::VectorXd t(2);
    t << kPi / 2, kPi / 3;
    return t;
}

TEST(Rope, RotatesEachPairByPositionTimesAngle) {
    Eigen::Vector4d x;
    x << 1, 0, 2, 0;
    const Eigen::VectorXd r = rotate(x, 1, default_theta());
    Eigen::Vector4d expected;
    expected << 0, 1, 2 * 0.5, 2 * std::sqrt(3.0) / 2;  // (1,0) by π/2, (2,0) by π/3
    EXPECT_MATRIX_NEAR(r, expected, 1e-15);
    EXPECT_MATRIX_NEAR(rotate(x, 0, default_theta()), x, 0.0);
    // Rotations keep lengths.
    EXPECT_NEAR(rotate(x, 7, default_theta()).norm(), x.norm(), 1e-14);
}

TEST(Rope, ScoreDependsOnlyOnRelativePosition) {
    for (std::uint64_t seed = 1; seed <= 6; ++seed) {
        SplitMix64 rng(seed);
        const int pairs = 1 + static_cast<int>(rng.next_u64() % 4);
        Eigen::VectorXd theta(pairs), q(2 * pairs), k(2 * pairs);
        for (int i = 0; i < pairs; ++i) theta(i) = 3.0 * rng.next_signed();
        for (int i = 0; i < 2 * pairs; ++i) {
            q(i) = rng.next_signed();
            k(i) = rng.next_signed();
        }
        for (int m = 0; m < 8; ++m) {
            for (int n = 0; n < 8; ++n) {
                const double lhs = rotate(q, m, theta).dot(rotate(k, n, theta));
                const double rhs = q.dot(rotate(k, n - m, theta));
                EXPECT_NEAR(lhs, rhs, 1e-12) << "seed " << seed << " m " << m << " n " << n;
            }
        }
    }
}

TEST(Rope, ScoreMatrixEqualsFAtSeedDefaults) {
    Eigen::Vector4d v;
    v << 1, 0, 1, 0;
    const Eigen::MatrixXd S = score_matrix(4, default_theta(), v, v);
    const Eigen::MatrixXd F = f_matrix(4, default_theta(), v);
    EXPECT_MATRIX_NEAR(S, F, 1e-12);
    Eigen::Matrix4d seed;
    seed << 2.0, 0.5, -1.5, -1.0, 0.5, 2.0, 0.5, -1.5, -1.5, 0.5, 2.0, 0.5, -1.0, -1.5, 0.5, 2.0;
    EXPECT_MATRIX_NEAR(S, seed, 1e-12);
    EXPECT_MATRIX_NEAR(query_for_readout(v), v, 0.0);
}

TEST(Rope, ScoreMatrixEqualsFForAnyReadout) {
    for (std::uint64_t seed = 1; seed <= 6; ++seed) {
        SplitMix64 rng(seed);
        const int m = 1 + static_cast<int>(rng.next_u64() % 8);
        Eigen::VectorXd omega(m), v(2 * m);
        for (int i = 0; i < m; ++i) omega(i) = 4.0 * rng.next_signed();
        for (int i = 0; i < 2 * m; ++i) v(i) = 2.0 * rng.next_signed();
        const int L = 9;
        const Eigen::MatrixXd S = score_matrix(L, omega, query_for_readout(v), cosine_readout(m));
        EXPECT_MATRIX_NEAR(S, f_matrix(L, omega, v), 1e-12);
    }
}

}  // namespace
