// PE Lab — tests/core/lab_scaling_test.cpp
// RoPE's scalings in the lab (core/lab/lab_model.h: ForwardOptions, rope_angles; core/lab/lab_train.h:
// scaling_options, the run's keys; core/lab/lab_report.h: the result members). The frequencies the lab's model
// turns each pair by, at the default head width 12 (d = 48, 4 heads) and original_max 32 (train_max 16),
// against closed forms written here, not against core/rope's functions that compute them; a forward pass under
// ntk, dynamic and yarn against q and k rotated by hand; the keys, their rules and aliases; what a run writes.
//
// [SECTION] closed forms at head width 12, original_max 32
// [SECTION] each method's frequencies and factor
// [SECTION] the forward pass against a hand-rotated reference
// [SECTION] options a pass refuses
// [SECTION] the run's keys
// [SECTION] what a run and an evaluation write
#include <gtest/gtest.h>

#include <cmath>
#include <string>
#include <vector>

#include "core/lab/lab_model.h"
#include "core/lab/lab_report.h"
#include "core/lab/lab_train.h"
#include "matrix_assert.h"

namespace pelab::lab::scaling_test {

// [SECTION] closed forms at head width 12, original_max 32
constexpr int kDh = 12, kPairs = 6, kOriginalMax = 32;
constexpr double kBase = 10000.0;

// RoPE's own frequency of pair j at head width 12: θ_j = 10000^(−2j/12).
double theta(int j, double base = kBase) { return std::pow(base, -2.0 * j / kDh); }

// The default lab model: d = 48, 4 heads of width 12, rope.
ModelConfig default_rope() {
    ModelConfig c;
    c.pe = Scheme::rope;
    return c;
}

// Relative closeness: the closed forms and core's arithmetic differ only in rounding.
void expect_frequencies(const std::vector<double>& got, const std::vector<double>& want, const char* what) {
    ASSERT_EQ(got.size(), want.size()) << what;
    for (std::size_t j = 0; j < want.size(); ++j)
        EXPECT_NEAR(got[j], want[j], 1e-14 * want[j]) << what << ", pair " << j;
}

// YaRN's correction range by hand: the fractional pair index whose wavelength turns r times over the trained
// positions, dim(r) = dh·ln(original_max / (2π·r)) / (2·ln base), low = ⌊dim(β_fast = 32)⌋ and
// high = ⌈dim(β_slow = 1)⌉, low clamped at 0.
double correction_dim(double rotations) {
    return kDh * std::log(kOriginalMax / (2.0 * std::acos(-1.0) * rotations)) / (2.0 * std::log(kBase));
}

// [SECTION] each method's frequencies and factor
TEST(LabScaling, NoneTurnsRopesOwnFrequencies) {
    const RopeAngles a = rope_angles(default_rope(), 40, {});
    std::vector<double> want;
    for (int j = 0; j < kPairs; ++j) want.push_back(theta(j));
    expect_frequencies(a.inv_freq, want, "none");
    EXPECT_EQ(a.position_divisor, 1.0);
    EXPECT_EQ(a.multiplier, 1.0);
    // none and linear keep the path runs have always taken: RoPE's own table, exactly, and no options.
    EXPECT_EQ(a.inv_freq, rope_frequencies(kDh, kBase));
    const ForwardOptions none = scaling_options(RopeScaling::none, 3.0, 16);
    EXPECT_EQ(none.rope_scaling, RopeScaling::none);
    EXPECT_EQ(none.position_divisor, 1.0);
}

TEST(LabScaling, LinearDividesPositionsBySAsPiAlwaysDid) {
    for (const double s : {2.0, 3.0}) {
        const ForwardOptions o = scaling_options(RopeScaling::linear, s, 16);
        EXPECT_EQ(o.position_divisor, s);
        EXPECT_EQ(o.rope_scaling, RopeScaling::none);
        const RopeAngles a = rope_angles(default_rope(), 40, o);
        EXPECT_EQ(a.inv_freq, rope_frequencies(kDh, kBase));
        EXPECT_EQ(a.position_divisor, s);
        EXPECT_EQ(a.multiplier, 1.0);
        // The angle at position t is t·θ_j/s.
        for (int j = 0; j < kPairs; ++j)
            EXPECT_NEAR(37.0 / a.position_divisor * a.inv_freq[static_cast<std::size_t>(j)], 37.0 * theta(j) / s, 1e-13);
    }
}

TEST(LabScaling, NtkRaisesTheBaseToBaseTimesSToTheTwelveTenths) {
    for (const double s : {2.0, 3.0}) {
        const ForwardOptions o = scaling_options(RopeScaling::ntk, s, 16);
        EXPECT_EQ(o.rope_original_max, kOriginalMax);
        const double base = kBase * std::pow(s, 12.0 / 10.0);  // base' = base·s^(dh/(dh − 2))
        std::vector<double> want;
        for (int j = 0; j < kPairs; ++j) want.push_back(theta(j, base));
        for (const int T : {8, 32, 96}) {  // static: the same at every length
            const RopeAngles a = rope_angles(default_rope(), T, o);
            expect_frequencies(a.inv_freq, want, "ntk");
            EXPECT_EQ(a.position_divisor, 1.0);
            EXPECT_EQ(a.multiplier, 1.0);
        }
        // Pair 0 turns as before, the slowest pair by 1/s exactly: θ'_5 = θ_5·s^(−(12/10)·(10/12)).
        EXPECT_NEAR(rope_angles(default_rope(), 8, o).inv_freq[5], theta(5) / s, 1e-15);
    }
}

TEST(LabScaling, DynamicIsNoneUpToTheTrainedLengthThenHuggingFacesBase) {
    for (const double s : {2.0, 3.0}) {
        const ForwardOptions o = scaling_options(RopeScaling::dynamic, s, 16);
        std::vector<double> own;
        for (int j = 0; j < kPairs; ++j) own.push_back(theta(j));
        for (const int T : {2, 20, 32}) expect_frequencies(rope_angles(default_rope(), T, o).inv_freq, own, "dynamic, T <= 32");
        for (const int T : {33, 48, 96}) {
            // base' = base·(s·T/original_max − (s − 1))^(dh/(dh − 2)), T the sequence's length.
            const double base = kBase * std::pow(s * T / kOriginalMax - (s - 1.0), 12.0 / 10.0);
            std::vector<double> want;
            for (int j = 0; j < kPairs; ++j) want.push_back(theta(j, base));
            const RopeAngles a = rope_angles(default_rope(), T, o);
            expect_frequencies(a.inv_freq, want, "dynamic, T > 32");
            EXPECT_EQ(a.multiplier, 1.0);
        }
    }
    // At T = 2·original_max and s = 2 the base is base·3^(6/5): the sequence 2× the trained one, s·2 − 1 = 3.
    const RopeAngles a = rope_angles(default_rope(), 64, scaling_options(RopeScaling::dynamic, 2.0, 16));
    EXPECT_NEAR(a.inv_freq[1], std::pow(kBase * std::pow(3.0, 1.2), -1.0 / 6.0), 1e-15);
}

TEST(LabScaling, YarnKeepsPairZeroBlendsPairOneDividesTheRestAndScalesTheLogits) {
    // The correction range at dh 12, base 10000, original_max 32: dim(32) ≈ −1.197 → ⌊⌋ = −2 → 0 after the
    // clamp; dim(1) ≈ 1.060 → ⌈⌉ = 2. The ramp (j − 0)/(2 − 0) is 0, 0.5, 1, 1, 1, 1: pair 0 keeps θ_0
    // (extrapolates), pair 1 takes half of each, pairs 2–5 turn at θ_j/s (interpolate).
    EXPECT_NEAR(correction_dim(32.0), -1.19727, 1e-5);
    EXPECT_NEAR(correction_dim(1.0), 1.06046, 1e-5);
    EXPECT_EQ(std::max(std::floor(correction_dim(32.0)), 0.0), 0.0);
    EXPECT_EQ(std::ceil(correction_dim(1.0)), 2.0);
    for (const double s : {2.0, 3.0}) {
        const RopeAngles a = rope_angles(default_rope(), 48, scaling_options(RopeScaling::yarn, s, 16));
        const std::vector<double> want = {theta(0), 0.5 * theta(1) + 0.5 * theta(1) / s, theta(2) / s, theta(3) / s,
                                          theta(4) / s, theta(5) / s};
        expect_frequencies(a.inv_freq, want, "yarn");
        EXPECT_EQ(a.position_divisor, 1.0);
        // mscale = 0.1·ln s + 1 on cos and sin, so q·k (the logits) by mscale².
        EXPECT_NEAR(a.multiplier, 0.1 * std::log(s) + 1.0, 1e-15);
        // The same at any length: YaRN is static.
        EXPECT_EQ(rope_angles(default_rope(), 8, scaling_options(RopeScaling::yarn, s, 16)).inv_freq, a.inv_freq);
    }
}

TEST(LabScaling, OriginalMaxIsTwiceTrainMax) {
    EXPECT_EQ(scaling_options(RopeScaling::yarn, 2.0, 16).rope_original_max, 32);
    EXPECT_EQ(scaling_options(RopeScaling::dynamic, 2.0, 8).rope_original_max, 16);
    TrainConfig run;
    run.model.pe = Scheme::rope;
    run.train_max = 12;
    run.scaling = RopeScaling::dynamic;
    run.factor = 3.0;
    const ForwardOptions o = scaling_options(run);
    EXPECT_EQ(o.rope_scaling, RopeScaling::dynamic);
    EXPECT_EQ(o.rope_factor, 3.0);
    EXPECT_EQ(o.rope_original_max, 24);
    run.scaling = RopeScaling::none;
    run.pi = 2.5;
    EXPECT_EQ(scaling_options(run).position_divisor, 2.5);
    EXPECT_EQ(scaling_options(run).rope_scaling, RopeScaling::none);
    run.pi = 1.0;
    run.scaling = RopeScaling::linear;  // built in code: linear at factor is pi = factor
    EXPECT_EQ(scaling_options(run).position_divisor, 3.0);
    EXPECT_EQ(run.linear_factor(), 3.0);
}

// [SECTION] the forward pass against a hand-rotated reference
using MatD = Eigen::Matrix<double, Eigen::Dynamic, Eigen::Dynamic, Eigen::RowMajor>;

// One block of width 24 with 2 heads of width 12 (the default head width, so the closed forms above apply),
// every parameter away from its initial value.
Model<double> one_block_model() {
    ModelConfig c = default_rope();
    c.d = 24;
    c.heads = 2;
    c.layers = 1;
    Model<double> m = make_model<double>(c);
    init_pytorch_default(&m, 11);
    SplitMix64 rng(5);
    for (double& p : m.params) p += 0.2 * rng.next_signed();
    return m;
}

// The first block's q, k and v of one row of tokens, computed here: embedding, LayerNorm (biased variance,
// eps inside the root), the qkv projection, then q and k of every head turned by hand: pair (j, j + 6) at
// position t by the angle t·inv_freq[j], cos and sin times `multiplier`.
MatD hand_rotated_qkv(const Model<double>& m, const std::vector<int>& tokens, const std::vector<double>& inv_freq,
                      double multiplier) {
    const int d = m.config.d, T = static_cast<int>(tokens.size()), dh = m.config.dh(), half = dh / 2;
    const double* P = m.params.data();
    const BlockOffsets& o = m.layout.blocks[0];
    MatD qkv(T, 3 * d);
    for (int t = 0; t < T; ++t) {
        std::vector<double> x(static_cast<std::size_t>(d));
        double mean = 0.0, var = 0.0;
        for (int i = 0; i < d; ++i) mean += x[i] = P[m.layout.emb + static_cast<std::size_t>(tokens[t] * d + i)];
        mean /= d;
        for (int i = 0; i < d; ++i) var += (x[i] - mean) * (x[i] - mean);
        var /= d;
        for (int i = 0; i < d; ++i) x[i] = (x[i] - mean) / std::sqrt(var + m.config.norm_eps) * P[o.ln1_w + i] + P[o.ln1_b + i];
        for (int r = 0; r < 3 * d; ++r) {
            double sum = P[o.qkv_b + static_cast<std::size_t>(r)];
            for (int i = 0; i < d; ++i) sum += P[o.qkv_w + static_cast<std::size_t>(r * d + i)] * x[i];
            qkv(t, r) = sum;
        }
        for (int block = 0; block < 2 * m.config.heads; ++block)  // q heads, then k heads
            for (int j = 0; j < half; ++j) {
                const int c0 = block * dh + j, c1 = c0 + half;
                const double angle = t * inv_freq[static_cast<std::size_t>(j)];
                const double a = qkv(t, c0), b = qkv(t, c1);
                qkv(t, c0) = multiplier * (a * std::cos(angle) - b * std::sin(angle));
                qkv(t, c1) = multiplier * (a * std::sin(angle) + b * std::cos(angle));
            }
    }
    return qkv;
}

// Causal softmax of q·kᵀ/√dh for head h of a hand-made qkv.
MatD hand_attention(const MatD& qkv, int d, int heads, int h) {
    const int T = static_cast<int>(qkv.rows()), dh = d / heads;
    MatD p = MatD::Zero(T, T);
    for (int q = 0; q < T; ++q) {
        double top = -1e300;
        for (int k = 0; k <= q; ++k) {
            p(q, k) = qkv.row(q).segment(h * dh, dh).dot(qkv.row(k).segment(d + h * dh, dh)) / std::sqrt(double(dh));
            top = std::max(top, p(q, k));
        }
        double sum = 0.0;
        for (int k = 0; k <= q; ++k) sum += p(q, k) = std::exp(p(q, k) - top);
        for (int k = 0; k <= q; ++k) p(q, k) /= sum;
    }
    return p;
}

// The closed-form frequencies of each method at dh 12, original_max 32, s = 2, on a sequence of T tokens.
std::vector<double> closed_form(RopeScaling kind, int T) {
    const double s = 2.0;
    std::vector<double> out;
    for (int j = 0; j < kPairs; ++j) {
        if (kind == RopeScaling::ntk) out.push_back(theta(j, kBase * std::pow(s, 1.2)));
        if (kind == RopeScaling::dynamic)
            out.push_back(theta(j, kBase * std::pow(s * std::max(T, kOriginalMax) / kOriginalMax - (s - 1.0), 1.2)));
        if (kind == RopeScaling::yarn) out.push_back(j == 0 ? theta(0) : j == 1 ? 0.5 * theta(1) * (1.0 + 1.0 / s) : theta(j) / s);
    }
    return out;
}

TEST(LabScalingForward, EachMethodTurnsQAndKAsByHand) {
    const Model<double> m = one_block_model();
    // A copy of 20 digits: 40 tokens, past original_max 32, so dynamic changes its base too.
    std::vector<int> digits;
    for (int i = 0; i < 20; ++i) digits.push_back((7 * i + 3) % 10);
    const Batch batch = task_batch(Task::copy, {digits});
    ASSERT_EQ(batch.T, 40);
    for (const RopeScaling kind : {RopeScaling::ntk, RopeScaling::dynamic, RopeScaling::yarn}) {
        Activations<double> acts;
        const double loss = forward(m, batch, scaling_options(kind, 2.0, 16), &acts);
        ASSERT_TRUE(std::isfinite(loss)) << rope_scaling_name(kind);
        const double multiplier = kind == RopeScaling::yarn ? 0.1 * std::log(2.0) + 1.0 : 1.0;
        const MatD want = hand_rotated_qkv(m, batch.tokens, closed_form(kind, batch.T), multiplier);
        EXPECT_MATRIX_NEAR(acts.layers[0].qkv, want, 1e-12) << rope_scaling_name(kind);
        for (int h = 0; h < 2; ++h) {
            const MatD probs = acts.layers[0].probs.block(h * 40, 0, 40, 40);
            EXPECT_MATRIX_NEAR(probs, hand_attention(want, 24, 2, h), 1e-12) << rope_scaling_name(kind) << " head " << h;
        }
    }
}

TEST(LabScalingForward, YarnsFactorScalesTheLogitsBySquare) {
    // With every pair's frequency the same as a plain rotation's, YaRN's only change is mscale on q and k:
    // the scores q·k grow by mscale². Checked on the hand-made reference: the rotation is the method's own.
    const Model<double> m = one_block_model();
    const Batch batch = task_batch(Task::copy, {{1, 2, 3}});
    const std::vector<double> freq = closed_form(RopeScaling::yarn, batch.T);
    const MatD plain = hand_rotated_qkv(m, batch.tokens, freq, 1.0);
    const double mscale = 0.1 * std::log(2.0) + 1.0;
    Activations<double> acts;
    forward(m, batch, scaling_options(RopeScaling::yarn, 2.0, 16), &acts);
    const MatD& q = acts.layers[0].qkv;
    const double scaled = q.row(5).segment(0, 12).dot(q.row(2).segment(24, 12));
    const double unscaled = plain.row(5).segment(0, 12).dot(plain.row(2).segment(24, 12));
    EXPECT_NEAR(scaled, mscale * mscale * unscaled, 1e-12 * std::fabs(unscaled) + 1e-14);
}

TEST(LabScalingForward, LinearIsPiBitForBit) {
    const Model<double> m = one_block_model();
    const Batch batch = task_batch(Task::copy, {{1, 2, 3, 4}, {5, 6}});
    Activations<double> a, b;
    ForwardOptions pi;
    pi.position_divisor = 2.0;
    const double via_pi = forward(m, batch, pi, &a);
    const double via_linear = forward(m, batch, scaling_options(RopeScaling::linear, 2.0, 16), &b);
    EXPECT_EQ(via_pi, via_linear);
    EXPECT_TRUE(a.logits == b.logits);
}

TEST(LabScalingForward, EvaluationUnderAScalingIsTheForwardPassOnEachLength) {
    // evaluate runs every length through the same forward pass; dynamic reads each length's T = 2n.
    const Model<float> m = convert_model<float>(one_block_model());
    const std::vector<LengthScore> scores = evaluate(m, Task::copy, {4, 20}, scaling_options(RopeScaling::dynamic, 2.0, 16));
    ASSERT_EQ(scores.size(), 2u);
    for (const LengthScore& s : scores) {
        EXPECT_TRUE(std::isfinite(s.exact));
        EXPECT_TRUE(std::isfinite(s.token));
    }
}

// [SECTION] options a pass refuses
TEST(LabScalingForward, OptionsThatCannotRunGiveNaN) {
    const Model<double> m = one_block_model();
    const Batch batch = task_batch(Task::copy, {{1, 2}});
    Activations<double> acts;
    ForwardOptions o = scaling_options(RopeScaling::ntk, 2.0, 16);
    o.position_divisor = 2.0;  // a frequency scaling and a divisor at once
    EXPECT_TRUE(std::isnan(forward(m, batch, o, &acts)));
    EXPECT_EQ(acts.B, 0);
    o = scaling_options(RopeScaling::yarn, 0.5, 16);
    EXPECT_TRUE(std::isnan(forward(m, batch, o, &acts)));
    o = scaling_options(RopeScaling::yarn, 2.0, 0);
    EXPECT_TRUE(std::isnan(forward(m, batch, o, &acts)));
    o = ForwardOptions{};
    o.rope_scaling = RopeScaling::linear;  // linear is the divisor, llama3 not offered
    EXPECT_NE(forward_options_problem(m.config, o), "");
    o.rope_scaling = RopeScaling::llama3;
    o.rope_factor = 2.0;
    o.rope_original_max = 8;
    EXPECT_TRUE(std::isnan(forward(m, batch, o, &acts)));
    // ntk and dynamic need dh ≥ 4 (their exponent dh/(dh − 2)); yarn runs at dh 2.
    ModelConfig narrow = m.config;
    narrow.heads = 12;
    EXPECT_NE(forward_options_problem(narrow, scaling_options(RopeScaling::ntk, 2.0, 16)), "");
    EXPECT_NE(forward_options_problem(narrow, scaling_options(RopeScaling::dynamic, 2.0, 16)), "");
    EXPECT_EQ(forward_options_problem(narrow, scaling_options(RopeScaling::yarn, 2.0, 16)), "");
}

// [SECTION] the run's keys
TEST(LabScalingKeys, ScalingAndFactorAreReadAndLinearIsPi) {
    ParamSet params;
    TrainConfig c;
    ASSERT_EQ(read_train_words("pe=rope scaling=ntk factor=3", &params, &c), "");
    EXPECT_EQ(c.scaling, RopeScaling::ntk);
    EXPECT_EQ(c.factor, 3.0);
    EXPECT_EQ(c.pi, 1.0);
    EXPECT_TRUE(c.frequency_scaled());
    EXPECT_TRUE(c.interpolating());
    ASSERT_EQ(read_train_words("pe=rope scaling=yarn", &params, &c), "");
    EXPECT_EQ(c.factor, kDefaultFactor);
    ASSERT_EQ(read_train_words("pe=rope scaling=linear factor=2.5", &params, &c), "");
    EXPECT_EQ(c.scaling, RopeScaling::none);
    EXPECT_EQ(c.pi, 2.5);
    ASSERT_EQ(read_train_words("pe=rope scaling=none factor=3 finetune_steps=4", &params, &c), "");  // factor not read
    EXPECT_EQ(c.scaling, RopeScaling::none);
    EXPECT_EQ(c.pi, 1.0);
    EXPECT_FALSE(c.frequency_scaled());
    EXPECT_EQ(TrainConfig{}.scaling, RopeScaling::none);
    EXPECT_EQ(lab_scaling_names(), (std::vector<std::string>{"none", "linear", "ntk", "dynamic", "yarn"}));
}

TEST(LabScalingKeys, BadScalingsNameTheKeyAndTheChoices) {
    ParamSet params;
    TrainConfig c;
    const std::string bogus = read_train_words("pe=rope scaling=bogus", &params, &c);
    EXPECT_EQ(bogus.rfind("scaling: ", 0), 0u) << bogus;
    EXPECT_NE(bogus.find("none|linear|ntk|dynamic|yarn"), std::string::npos) << bogus;
    EXPECT_NE(read_train_words("pe=rope scaling=llama3", &params, &c).find("none|linear|ntk|dynamic|yarn"), std::string::npos);
    const std::string one = read_train_words("pe=rope scaling=ntk factor=1", &params, &c);
    EXPECT_EQ(one.rfind("factor: ", 0), 0u) << one;
    EXPECT_NE(one.find("1 < factor <= 16"), std::string::npos) << one;
    EXPECT_EQ(read_train_words("pe=rope scaling=linear factor=1", &params, &c).rfind("factor: ", 0), 0u);
    EXPECT_EQ(read_train_words("pe=rope scaling=ntk factor=17", &params, &c).rfind("factor: ", 0), 0u);
    EXPECT_EQ(read_train_words("pe=rope scaling=ntk factor=0.5", &params, &c).rfind("factor: ", 0), 0u);
    EXPECT_EQ(read_train_words("pe=alibi scaling=yarn", &params, &c).rfind("scaling: ", 0), 0u);
    EXPECT_EQ(read_train_words("pe=alibi scaling=linear factor=2", &params, &c).rfind("scaling: ", 0), 0u);
    EXPECT_EQ(read_train_words("pe=rope pi=2 scaling=ntk", &params, &c).rfind("pi: ", 0), 0u);
    EXPECT_EQ(read_train_words("pe=rope pi=2 scaling=linear factor=2", &params, &c).rfind("pi: ", 0), 0u);
    const std::string narrow = read_train_words("pe=rope d=16 heads=8 scaling=dynamic", &params, &c);
    EXPECT_EQ(narrow.rfind("scaling: ", 0), 0u) << narrow;
    EXPECT_EQ(read_train_words("pe=rope d=16 heads=8 scaling=yarn", &params, &c), "");
}

// [SECTION] what a run and an evaluation write
const char* kSmallRope = "pe=rope d=16 heads=2 layers=1 train_steps=4 batch=4 train_max=4 test=2,4,6 finetune_steps=3 ";

std::string run_json(const std::string& words, TrainConfig* config_out = nullptr) {
    ParamSet params;
    TrainConfig config;
    EXPECT_EQ(read_train_words(words, &params, &config), "") << words;
    Trainer trainer(config);
    while (!trainer.finished()) trainer.step();
    if (config_out) *config_out = config;
    return train_result_json(params, trainer, score_run(trainer), 0.5);
}

TEST(LabScalingResult, PiAndLinearWriteTheSameRun) {
    const std::string pi = run_json(std::string(kSmallRope) + "pi=2");
    EXPECT_EQ(run_json(std::string(kSmallRope) + "scaling=linear factor=2"), pi);
    EXPECT_NE(pi.find(",\"pi\":2,\"finetune_steps\":3,\"finetune_max\":32},"), std::string::npos) << pi;
    EXPECT_NE(pi.find(",\"pi\":{\"exact\":"), std::string::npos);
    EXPECT_EQ(pi.find("\"scaling\""), std::string::npos);
    EXPECT_EQ(pi.find("\"scaled\""), std::string::npos);
}

TEST(LabScalingResult, AFrequencyScalingWritesItsKeysAndScaledScores) {
    TrainConfig config;
    const std::string ntk = run_json(std::string(kSmallRope) + "scaling=ntk factor=3", &config);
    EXPECT_NE(ntk.find(",\"pi\":1,\"finetune_steps\":3,\"finetune_max\":32,\"scaling\":\"ntk\",\"factor\":3},"),
              std::string::npos) << ntk;
    EXPECT_NE(ntk.find(",\"scaled\":{\"exact\":{\"2\":"), std::string::npos) << ntk;
    EXPECT_NE(ntk.find(",\"finetune\":{\"loss\":[[1,"), std::string::npos) << ntk;
    EXPECT_EQ(ntk.find(",\"pi\":{"), std::string::npos);
    // The scaled scores are the model before its fine-tune under the scaling.
    Trainer trainer(config);
    while (!trainer.finished()) trainer.step();
    const RunScores scores = score_run(trainer);
    ASSERT_TRUE(scores.has_scaled);
    const std::vector<LengthScore> direct =
        evaluate(trainer.model_before_fine_tune(), Task::copy, {2, 4, 6}, scaling_options(RopeScaling::ntk, 3.0, 4));
    for (std::size_t i = 0; i < direct.size(); ++i) EXPECT_EQ(scores.scaled[i].token, direct[i].token);
}

TEST(LabScalingResult, TheFineTuneRunsUnderTheScalingAndNoneIsThePlainControl) {
    auto fine_tuned = [](const std::string& words) {
        ParamSet params;
        TrainConfig config;
        EXPECT_EQ(read_train_words(std::string(kSmallRope) + words, &params, &config), "");
        Trainer trainer(config);
        while (!trainer.finished()) trainer.step();
        return trainer.model().params;
    };
    const std::vector<float> control = fine_tuned("scaling=none");
    EXPECT_EQ(fine_tuned(""), control);  // scaling=none is today's fine-tune without pi
    EXPECT_NE(fine_tuned("scaling=yarn"), control);
    EXPECT_NE(fine_tuned("scaling=dynamic factor=3"), control);
    EXPECT_EQ(fine_tuned("scaling=linear factor=2"), fine_tuned("pi=2"));
}

TEST(LabScalingResult, EvaluationWordsAndTheirEcho) {
    ModelConfig rope = default_rope();
    rope.d = 16;
    rope.heads = 2;
    TrainConfig c;
    ASSERT_EQ(read_eval_words("train_max=16 scaling=yarn factor=2 test=4,8", rope, &c), "");
    EXPECT_EQ(c.train_max, 16);
    EXPECT_EQ(c.scaling, RopeScaling::yarn);
    EXPECT_EQ(c.test, (std::vector<int>{4, 8}));
    EXPECT_EQ(scaling_options(c).rope_original_max, 32);
    const std::string json = eval_result_json(rope, c, {}, 0.0);
    EXPECT_NE(json.find(",\"test\":[4,8],\"pi\":1,\"scaling\":\"yarn\",\"factor\":2,\"train_max\":16},"), std::string::npos) << json;
    ASSERT_EQ(read_eval_words("scaling=linear factor=2", rope, &c), "");
    EXPECT_EQ(c.pi, 2.0);
    EXPECT_NE(eval_result_json(rope, c, {}, 0.0).find(",\"pi\":2},"), std::string::npos);
    ASSERT_EQ(read_eval_words("", rope, &c), "");  // the old evaluation: no scaling members
    EXPECT_NE(eval_result_json(rope, c, {}, 0.0).find(",\"pi\":1},"), std::string::npos);
    EXPECT_NE(read_eval_words("scaling=fast", rope, &c).find("none|linear|ntk|dynamic|yarn"), std::string::npos);
    ModelConfig alibi = rope;
    alibi.pe = Scheme::alibi;
    EXPECT_EQ(read_eval_words("scaling=ntk", alibi, &c).rfind("scaling: ", 0), 0u);
    ASSERT_EQ(read_eval_words("train_max=16", alibi, &c), "");
    EXPECT_EQ(c.train_max, 1);  // not read for a scheme without RoPE
}

}  // namespace pelab::lab::scaling_test
