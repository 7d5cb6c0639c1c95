// PE Lab — tests/core/long_context_test.cpp
// core/rope/long_context: the per-pair angle range at a target length against training (ratio and the count of
// pairs meeting unseen angles, for the scalings of HF modeling_rope_utils), the random content logits
// rotated by RoPE, and the attention mass beyond the training length.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>

#include "core/rope/long_context.h"
#include "core/random.h"
#include "core/rope/rope.h"
#include "core/rope/rope_scaling.h"

namespace {

using namespace pelab;

RopeScalingParams params(RopeScaling kind) {
    RopeScalingParams p;
    p.kind = kind;
    p.d = 128;
    p.base = 10000;
    p.factor = 4;
    p.original_max = 2048;
    p.seq_len = 8192;
    return p;
}

TEST(LongContextCore, AngleRangeRatioNoneIsSeqOverLAndPiIsOne) {
    const Eigen::VectorXd theta = rope_default_inv_freq(128, 10000);
    const Eigen::VectorXd none = rope_angle_range_ratio(theta, theta, 2048, 8192);
    const Eigen::VectorXd pi = rope_angle_range_ratio(theta, rope_scaled_inv_freq(params(RopeScaling::linear)).inv_freq, 2048, 8192);
    for (Eigen::Index i = 0; i < theta.size(); ++i) {
        EXPECT_NEAR(none(i), 4.0, 1e-12);
        EXPECT_NEAR(pi(i), 1.0, 1e-12);
    }
}

TEST(LongContextCore, PairsBeyondTrainingAngles) {
    const Eigen::VectorXd theta = rope_default_inv_freq(128, 10000);
    auto count = [&](RopeScaling k) {
        return rope_pairs_beyond_training_angles(theta, rope_scaled_inv_freq(params(k)).inv_freq, 2048, 8192);
    };
    // λᵢ = 2π·10000^(2i/128) > 2048 from i = 41: 23 slow pairs. Unscaled, all of them go beyond; NTK divides
    // only the last pair by the full s = 4, so 22 still do; PI, dynamic NTK, YaRN and Llama 3 none.
    EXPECT_EQ(count(RopeScaling::none), 23);
    EXPECT_EQ(count(RopeScaling::ntk), 22);
    EXPECT_EQ(count(RopeScaling::linear), 0);
    EXPECT_EQ(count(RopeScaling::dynamic), 0);
    EXPECT_EQ(count(RopeScaling::yarn), 0);
    EXPECT_EQ(count(RopeScaling::llama3), 0);
    EXPECT_TRUE(rope_pair_turned_in_training(theta(40), 2048));
    EXPECT_FALSE(rope_pair_turned_in_training(theta(41), 2048));
}

TEST(LongContextCore, RandomContentLogitsMatchAnExplicitRotation) {
    const int d = 8, n = 5;
    const Eigen::VectorXd theta = rope_default_inv_freq(d, 100);
    const Eigen::MatrixXd both = random_content_logits(d, n, 7, {theta, Eigen::VectorXd()});
    const Eigen::VectorXd rotated = both.col(0), plain = both.col(1);
    SplitMix64 rng(7);
    Eigen::VectorXd q(d);
    for (int j = 0; j < d; ++j) q(j) = std::sqrt(3.0) * rng.next_signed();
    for (int delta = 0; delta < n; ++delta) {
        Eigen::VectorXd k(d);
        for (int j = 0; j < d; ++j) k(j) = std::sqrt(3.0) * rng.next_signed();
        // Query at m = 10, key at m − Δ: (R_m q)ᵀ(R_(m−Δ) k), each pair rotated by its own angle.
        double expect = 0.0;
        for (int i = 0; i < d / 2; ++i) {
            auto rot = [&](double a, double b, double phi, double* x, double* y) {
                *x = a * std::cos(phi) - b * std::sin(phi);
                *y = a * std::sin(phi) + b * std::cos(phi);
            };
            double qx, qy, kx, ky;
            rot(q(2 * i), q(2 * i + 1), 10 * theta(i), &qx, &qy);
            rot(k(2 * i), k(2 * i + 1), (10 - delta) * theta(i), &kx, &ky);
            expect += qx * kx + qy * ky;
        }
        EXPECT_NEAR(rotated(delta), expect / std::sqrt(double(d)), 1e-12);
        EXPECT_NEAR(plain(delta), q.dot(k) / std::sqrt(double(d)), 1e-12);
    }
    EXPECT_NEAR(rotated(0), plain(0), 1e-12);  // Δ = 0: no rotation
}

TEST(LongContextCore, RandomContentLogitsStepwiseRotationStaysExact) {
    // 3000 distances: the stepwise rotation (recomputed every 256) against a column computed alone at each Δ.
    const int d = 16, n = 3000;
    const Eigen::VectorXd theta = rope_default_inv_freq(d, 10000);
    const Eigen::MatrixXd logits = random_content_logits(d, n, 11, {theta, Eigen::VectorXd()});
    SplitMix64 rng(11);
    Eigen::VectorXd q(d), k(d);
    for (int j = 0; j < d; ++j) q(j) = std::sqrt(3.0) * rng.next_signed();
    double worst = 0.0;
    for (int delta = 0; delta < n; ++delta) {
        for (int j = 0; j < d; ++j) k(j) = std::sqrt(3.0) * rng.next_signed();
        double s = 0.0;
        for (int i = 0; i < d / 2; ++i) {
            const double phi = -delta * theta(i), a = q(2 * i), b = q(2 * i + 1), c = k(2 * i), e = k(2 * i + 1);
            s += (a * c + b * e) * std::cos(phi) + (b * c - a * e) * std::sin(phi);
        }
        worst = std::max(worst, std::fabs(logits(delta, 0) - s / std::sqrt(double(d))));
    }
    EXPECT_LT(worst, 1e-12);
}

TEST(LongContextCore, AttentionMassBeyond) {
    const Eigen::VectorXd flat = Eigen::VectorXd::Constant(100, 0.3);
    const Eigen::VectorXd mass = attention_mass_beyond(flat, 40);
    for (int len = 1; len <= 40; ++len) EXPECT_EQ(mass(len - 1), 0.0);
    for (int len = 41; len <= 100; ++len) EXPECT_NEAR(mass(len - 1), double(len - 40) / len, 1e-12);
    // A linear penalty −m·Δ: the mass beyond L is the geometric tail e^(−mL)(1 − e^(−m(N−L)))/(1 − e^(−mN)).
    Eigen::VectorXd alibi(100);
    for (int dlt = 0; dlt < 100; ++dlt) alibi(dlt) = -0.25 * dlt;
    const Eigen::VectorXd tail = attention_mass_beyond(alibi, 40);
    const double r = std::exp(-0.25);
    EXPECT_NEAR(tail(99), std::pow(r, 40) * (1 - std::pow(r, 60)) / (1 - std::pow(r, 100)), 1e-15);
}

}  // namespace
