// PE Lab — tests/core/rope_decay_test.cpp
// RoFormer's relative upper bound B(Δ) against the formula written out term by term (cos/sin sums per j),
// its closed values at Δ = 0 and for one pair, the lower bound 2/d, log-spaced integer distances, and the
// odometer helpers (turns, wavelengths, needle angles, binary digits) and position parameter counts.
#include <gtest/gtest.h>

#include <cmath>

#include "core/constants.h"
#include "core/rope/odometer.h"
#include "core/cost/pe_compare.h"
#include "core/rope/rope.h"
#include "core/rope/rope_decay.h"

namespace {

using namespace pelab;

// (2/d) Σ_{j=1}^{d/2} sqrt((Σ_{p<j} cos Δθ_p)² + (Σ_{p<j} sin Δθ_p)²), each partial sum recomputed from scratch.
double bound_direct(const Eigen::VectorXd& theta, double delta) {
    const int half = static_cast<int>(theta.size());
    double total = 0.0;
    for (int j = 1; j <= half; ++j) {
        double re = 0.0, im = 0.0;
        for (int p = 0; p < j; ++p) {
            re += std::cos(delta * theta(p));
            im += std::sin(delta * theta(p));
        }
        total += std::sqrt(re * re + im * im);
    }
    return 2.0 * total / (2.0 * half);
}

TEST(RopeDecay, BoundMatchesTheFormulaTermByTerm) {
    for (double base : {1e4, 5e5, 1e6}) {
        const Eigen::VectorXd theta = rope_default_inv_freq(128, base);
        for (double delta : {0.0, 1.0, 2.0, 7.0, 100.0, 1234.0, 65536.0}) {
            const double direct = bound_direct(theta, delta);
            EXPECT_NEAR(rope_relative_upper_bound(theta, delta), direct, 1e-12 * direct) << base << " " << delta;
        }
    }
}

TEST(RopeDecay, BoundClosedValues) {
    const Eigen::VectorXd theta = rope_default_inv_freq(64, 1e4);
    EXPECT_NEAR(rope_relative_upper_bound(theta, 0.0), (32.0 + 1.0) / 2.0, 1e-12);  // Σ j / (d/2)
    Eigen::VectorXd one(1);
    one << 0.3;
    EXPECT_NEAR(rope_relative_upper_bound(one, 17.0), 1.0, 1e-15);  // |e^{iΔθ}| = 1
    for (double delta : {3.0, 50.0, 9999.0}) EXPECT_GE(rope_relative_upper_bound(theta, delta), 2.0 / 64 - 1e-15);
    EXPECT_EQ(rope_relative_upper_bound(Eigen::VectorXd(), 5.0), 0.0);
    const std::vector<double> v = rope_relative_upper_bound(theta, std::vector<double>{0.0, 10.0});
    ASSERT_EQ(v.size(), 2u);
    EXPECT_EQ(v[1], rope_relative_upper_bound(theta, 10.0));
}

TEST(RopeDecay, BoundDecaysOnAverage) {
    const Eigen::VectorXd theta = rope_default_inv_freq(128, 1e4);
    double near = 0.0, far = 0.0;
    for (int delta = 1; delta <= 20; ++delta) near += rope_relative_upper_bound(theta, delta);
    for (int delta = 2001; delta <= 2020; ++delta) far += rope_relative_upper_bound(theta, delta);
    EXPECT_GT(near, 2.0 * far);
}

TEST(RopeDecay, LogSpacedIntegers) {
    const std::vector<double> x = log_spaced_integers(1, 65536, 160);
    ASSERT_FALSE(x.empty());
    EXPECT_EQ(x.front(), 1.0);
    EXPECT_EQ(x.back(), 65536.0);
    EXPECT_LE(x.size(), 160u);
    EXPECT_GT(x.size(), 100u);
    for (std::size_t i = 0; i < x.size(); ++i) {
        EXPECT_EQ(x[i], std::round(x[i]));
        if (i > 0) EXPECT_GT(x[i], x[i - 1]);
    }
    EXPECT_TRUE(log_spaced_integers(0, 10, 5).empty());
    EXPECT_TRUE(log_spaced_integers(10, 5, 5).empty());
    EXPECT_EQ(log_spaced_integers(4, 4, 5), std::vector<double>{4.0});
}

TEST(Odometer, TurnsWavelengthsAndNeedles) {
    const Eigen::VectorXd theta = rope_default_inv_freq(16, 1e4);
    const std::vector<double> turns = turns_in_training(theta, 2048);
    const std::vector<double> lambda = pair_wavelengths(theta);
    ASSERT_EQ(turns.size(), 8u);
    int short_of_turn = 0;
    for (int i = 0; i < 8; ++i) {
        EXPECT_NEAR(turns[i], 2048 * std::pow(1e4, -2.0 * i / 16) / (2 * kPi), 1e-12 * turns[i]);
        EXPECT_NEAR(lambda[i] * turns[i], 2048.0, 1e-9);
        short_of_turn += 2048 < lambda[i] ? 1 : 0;
    }
    EXPECT_EQ(pairs_short_of_a_turn(theta, 2048), short_of_turn);
    EXPECT_GT(short_of_turn, 0);
    EXPECT_NEAR(needle_angle(1.0, 7.0), 7.0 - 2 * kPi, 1e-12);
    EXPECT_NEAR(needle_angle(1.0, -1.0), 2 * kPi - 1.0, 1e-12);
    EXPECT_EQ(binary_digit(5, 0), 1);
    EXPECT_EQ(binary_digit(5, 1), 0);
    EXPECT_EQ(binary_digit(5, 2), 1);
    EXPECT_EQ(binary_digit(-1, 0), 0);
    EXPECT_EQ(binary_digit(1, 70), 0);
}

TEST(PeCompare, ParameterCounts) {
    PeSizes s;
    s.d_model = 512;
    s.L = 1024;
    s.heads = 8;
    s.shaw_k = 16;
    s.num_buckets = 32;
    EXPECT_EQ(pe_parameter_count(PeFamily::sinusoidal, s), 0);
    EXPECT_EQ(pe_parameter_count(PeFamily::learned, s), 1024LL * 512);
    EXPECT_EQ(pe_parameter_count(PeFamily::shaw, s), 2LL * 33 * 64);
    EXPECT_EQ(pe_parameter_count(PeFamily::t5, s), 32LL * 8);
    EXPECT_EQ(pe_parameter_count(PeFamily::alibi, s), 0);
    EXPECT_EQ(pe_parameter_count(PeFamily::rope, s), 0);
    EXPECT_EQ(all_pe_families().size(), 6u);
    s.heads = 0;
    EXPECT_EQ(pe_parameter_count(PeFamily::t5, s), 32);
}

}  // namespace
