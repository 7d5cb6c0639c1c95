// PE Lab — tests/core/rope_scaling_test.cpp
// RoPE scaling (rope_scaling.h) against golden values from a double-precision transcription of
// HuggingFace transformers src/transformers/modeling_rope_utils.py (current main: default, linear,
// dynamic, yarn with truncate, llama3) and the static NTK rule base·s^(d/(d−2)).
// HF itself runs in float32; these goldens are the same formulas in double, in the same order.
#include <cmath>

#include "core/rope/rope.h"
#include "core/rope/rope_scaling.h"
#include "matrix_assert.h"

namespace {

using namespace pelab;

RopeScalingParams params(RopeScaling kind, int d, double base, double factor, int original_max) {
    RopeScalingParams p;
    p.kind = kind;
    p.d = d;
    p.base = base;
    p.factor = factor;
    p.original_max = original_max;
    p.seq_len = original_max;
    return p;
}

TEST(RopeScaling, NamesRoundTrip) {
    ASSERT_EQ(rope_scaling_names().size(), 6u);
    for (const std::string& name : rope_scaling_names()) {
        RopeScaling s = RopeScaling::none;
        ASSERT_TRUE(parse_rope_scaling(name, &s)) << name;
        EXPECT_EQ(name, rope_scaling_name(s));
    }
    RopeScaling s = RopeScaling::yarn;
    EXPECT_FALSE(parse_rope_scaling("longrope", &s));
    EXPECT_EQ(s, RopeScaling::yarn);
}

TEST(RopeScaling, NoneIsDefault) {
    const RopeScalingResult r = rope_scaled_inv_freq(params(RopeScaling::none, 128, 10000, 8, 4096));
    EXPECT_MATRIX_NEAR(r.inv_freq, rope_default_inv_freq(128, 10000), 0.0);
    EXPECT_EQ(r.attention_factor, 1.0);
    EXPECT_EQ(r.effective_base, 10000.0);
}

TEST(RopeScaling, LinearDividesEveryFrequency) {
    // _compute_linear_scaling_rope_parameters: inv_freq /= factor (d = 128, base = 10000, factor = 8).
    const RopeScalingResult r = rope_scaled_inv_freq(params(RopeScaling::linear, 128, 10000, 8, 4096));
    EXPECT_EQ(r.inv_freq(0), 0.125);
    EXPECT_NEAR(r.inv_freq(1), 0.10824554042000817, 1e-12);
    EXPECT_NEAR(r.inv_freq(63), 1.4434774808618228e-05, 1e-12);
}

TEST(RopeScaling, StaticNtkChangesTheBase) {
    // base · 8^(128/126) = 82684.62264056221; pair 0 unchanged, pair 63 divided by exactly 8.
    EXPECT_NEAR(rope_ntk_base(10000, 128, 8), 82684.62264056221, 1e-12 * 82684.62264056221);
    const RopeScalingResult r = rope_scaled_inv_freq(params(RopeScaling::ntk, 128, 10000, 8, 4096));
    EXPECT_EQ(r.inv_freq(0), 1.0);
    EXPECT_NEAR(r.inv_freq(1), 0.8378480019188024, 1e-12);
    EXPECT_NEAR(r.inv_freq(63), 1.4434774808618228e-05, 1e-12);
    EXPECT_NEAR(r.inv_freq(63) * 8, rope_default_inv_freq(128, 10000)(63), 1e-15);
}

TEST(RopeScaling, DynamicNtkFollowsSequenceLength) {
    // _compute_dynamic_ntk_parameters with factor 8, max_position_embeddings 4096, seq_len 16384:
    // base · ((8·16384/4096) − 7)^(128/126) = 263105.2612310476.
    RopeScalingParams p = params(RopeScaling::dynamic, 128, 10000, 8, 4096);
    p.seq_len = 16384;
    const RopeScalingResult r = rope_scaled_inv_freq(p);
    EXPECT_NEAR(r.effective_base, 263105.2612310476, 1e-12 * 263105.2612310476);
    EXPECT_EQ(r.inv_freq(0), 1.0);
    EXPECT_NEAR(r.inv_freq(1), 0.8228306793527143, 1e-12);
    EXPECT_NEAR(r.inv_freq(63), 4.619127938757834e-06, 1e-12);
    // Up to the original length nothing changes (seq_len = max(seq_len, original)).
    for (int seq : {1, 2000, 4096}) {
        p.seq_len = seq;
        EXPECT_EQ(rope_dynamic_base(10000, 128, 8, 4096, seq), 10000.0) << seq;
        EXPECT_MATRIX_NEAR(rope_scaled_inv_freq(p).inv_freq, rope_default_inv_freq(128, 10000), 0.0);
    }
    // Grows monotonically beyond it.
    EXPECT_LT(rope_dynamic_base(10000, 128, 8, 4096, 4097), rope_dynamic_base(10000, 128, 8, 4096, 8192));
}

TEST(RopeScaling, YarnCorrectionRangeRampAndBlend) {
    // _compute_yarn_parameters, d = 128, base = 10000, factor = 4, original_max_position_embeddings = 4096,
    // beta_fast = 32, beta_slow = 1, truncate = True.
    EXPECT_NEAR(yarn_find_correction_dim(32, 128, 10000, 4096), 20.94448162063605, 1e-12);
    EXPECT_NEAR(yarn_find_correction_dim(1, 128, 10000, 4096), 45.02688127375455, 1e-12);
    const auto range = yarn_find_correction_range(32, 1, 128, 10000, 4096, true);
    EXPECT_EQ(range.first, 20.0);
    EXPECT_EQ(range.second, 46.0);
    const auto raw = yarn_find_correction_range(32, 1, 128, 10000, 4096, false);
    EXPECT_NEAR(raw.first, 20.94448162063605, 1e-12);
    EXPECT_NEAR(raw.second, 45.02688127375455, 1e-12);
    // The clamp is min(high, d − 1), i.e. 127 here, not d/2 − 1.
    EXPECT_EQ(yarn_find_correction_range(0.01, 0.001, 128, 10000, 1000000, true).second, 127.0);
    EXPECT_EQ(yarn_find_correction_range(1e6, 1e5, 128, 10000, 16, true).first, 0.0);

    const Eigen::VectorXd ramp = yarn_linear_ramp(20, 46, 64);
    EXPECT_EQ(ramp(0), 0.0);
    EXPECT_EQ(ramp(20), 0.0);
    EXPECT_NEAR(ramp(30), 0.38461538461538464, 1e-15);
    EXPECT_NEAR(ramp(40), 0.7692307692307693, 1e-15);
    EXPECT_EQ(ramp(46), 1.0);
    EXPECT_EQ(ramp(63), 1.0);
    // Equal bounds: the reference widens the ramp by 0.001 instead of dividing by zero.
    const Eigen::VectorXd step = yarn_linear_ramp(3, 3, 6);
    EXPECT_EQ(step(3), 0.0);
    EXPECT_EQ(step(4), 1.0);

    EXPECT_NEAR(yarn_get_mscale(4), 1.138629436111989, 1e-15);
    EXPECT_EQ(yarn_get_mscale(1), 1.0);
    EXPECT_EQ(yarn_get_mscale(0.5), 1.0);

    const RopeScalingResult r = rope_scaled_inv_freq(params(RopeScaling::yarn, 128, 10000, 4, 4096));
    EXPECT_NEAR(r.attention_factor, 1.138629436111989, 1e-15);
    const int idx[] = {0, 15, 16, 17, 20, 30, 40, 41, 63};
    const double golden[] = {1.0,
                             0.1154781984689458,
                             0.1,
                             0.08659643233600654,
                             0.056234132519034905,
                             0.009488517882700576,
                             0.0013378867023789293,
                             0.001079569278892681,
                             2.8869549617236455e-05};
    for (int i = 0; i < 9; ++i) EXPECT_NEAR(r.inv_freq(idx[i]), golden[i], 1e-12) << "pair " << idx[i];

    RopeScalingParams p = params(RopeScaling::yarn, 128, 10000, 4, 4096);
    p.truncate = false;
    const RopeScalingResult u = rope_scaled_inv_freq(p);
    EXPECT_NEAR(u.inv_freq(40), 0.0012856320307266878, 1e-12);
    EXPECT_NEAR(u.inv_freq(41), 0.0010280286610908822, 1e-12);
    EXPECT_EQ(rope_scaled_inv_freq(params(RopeScaling::yarn, 128, 10000, 1, 4096)).attention_factor, 1.0);
}

TEST(RopeScaling, Llama3ThreeBands) {
    // _compute_llama3_parameters, Llama 3.1 settings: base 500000, factor 8, low 1, high 4, original 8192.
    RopeScalingParams p = params(RopeScaling::llama3, 128, 500000, 8, 8192);
    p.low_freq_factor = 1;
    p.high_freq_factor = 4;
    const RopeScalingResult r = rope_scaled_inv_freq(p);
    const Eigen::VectorXd base = rope_default_inv_freq(128, 500000);
    int high = 0, medium = 0, low = 0;
    for (int i = 0; i < 64; ++i) {
        switch (llama3_band(2 * 3.141592653589793 / base(i), 8192, 1, 4)) {
            case Llama3Band::high: ++high; EXPECT_EQ(r.inv_freq(i), base(i)); break;
            case Llama3Band::medium: ++medium; break;
            case Llama3Band::low: ++low; EXPECT_EQ(r.inv_freq(i), base(i) / 8); break;
        }
    }
    EXPECT_EQ(high, 29);
    EXPECT_EQ(medium, 6);
    EXPECT_EQ(low, 29);
    const int idx[] = {0, 20, 40, 41, 45, 47, 48, 63};
    const double golden[] = {1.0,
                             0.016560440080994446,
                             3.428102195952591e-05,
                             2.7925911282444464e-05,
                             1.2297638677963614e-05,
                             8.160728247435943e-06,
                             6.647869871181236e-06,
                             3.068925988914511e-07};
    for (int i = 0; i < 8; ++i) EXPECT_NEAR(r.inv_freq(idx[i]), golden[i], 1e-12) << "pair " << idx[i];
}

TEST(RopeScaling, EveryStrategyKeepsTheFastestPairAndNeverSpeedsUp) {
    for (RopeScaling kind : {RopeScaling::none, RopeScaling::ntk, RopeScaling::dynamic, RopeScaling::yarn,
                             RopeScaling::llama3}) {
        RopeScalingParams p = params(kind, 64, 10000, 4, 2048);
        p.seq_len = 8192;
        const RopeScalingResult r = rope_scaled_inv_freq(p);
        const Eigen::VectorXd base = rope_default_inv_freq(64, 10000);
        EXPECT_NEAR(r.inv_freq(0), 1.0, 1e-15) << rope_scaling_name(kind);
        for (int i = 0; i < 32; ++i) EXPECT_LE(r.inv_freq(i), base(i) * (1 + 1e-15)) << rope_scaling_name(kind);
    }
}

}  // namespace
