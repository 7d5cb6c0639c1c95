// PE Lab — tests/core/lab_model_test.cpp
// The lab model (core/lab/lab_model.h): the hand-written backward pass against central finite differences in
// double for every scheme, every element of every tensor (a tiny width and one block per scheme, plus one
// two-block model, keep this fast under node and ASan; the issue's size is a disabled test);
// LayerNorm, GELU and softmax identities; causality; each scheme's effect on the attention weights; the
// state_dict layout and the default initialisation.
//
// [SECTION] helpers
// [SECTION] gradient check
// [SECTION] building blocks
// [SECTION] attention and the schemes
// [SECTION] layout and initialisation
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <string>
#include <vector>

#include "core/relative/alibi.h"
#include "core/lab/lab_model.h"
#include "core/lab/lab_train.h"
#include "core/relative/t5.h"

namespace pelab::lab::model_test {

// [SECTION] helpers
using MatD = Eigen::Matrix<double, Eigen::Dynamic, Eigen::Dynamic, Eigen::RowMajor>;

// A model small enough to difference every element quickly (under node and ASan too): d = 8, 2 heads of
// width 4, `layers` blocks. The config rules of the lab (d ≥ 16) are for runs; the model itself works at any
// even head width.
ModelConfig tiny_config(Scheme pe, int layers = 2) {
    ModelConfig c;
    c.pe = pe;
    c.d = 8;
    c.heads = 2;
    c.layers = layers;
    c.max_positions = 10;
    c.t5_buckets = 8;
    c.t5_max_distance = 16;
    return c;
}

// A model with every tensor away from its special initial values (LayerNorm gains 1 and biases 0 are
// stationary-looking points), so every element's gradient is exercised.
Model<double> perturbed_model(const ModelConfig& config, std::uint64_t seed) {
    Model<double> m = make_model<double>(config);
    init_pytorch_default(&m, seed);
    SplitMix64 rng(seed + 100);
    for (double& p : m.params) p += 0.2 * rng.next_signed();
    return m;
}

Model<double> tiny_model(Scheme pe, std::uint64_t seed = 7) { return perturbed_model(tiny_config(pe), seed); }

// Two rows: copy of 3 digits (6 tokens) and of 2 digits padded to 6.
Batch tiny_batch() { return task_batch(Task::copy, {{3, 1, 4}, {1, 5}}); }

double loss_of(const Model<double>& m, const Batch& b, const ForwardOptions& options) {
    static Activations<double> acts;  // reused: the finite differences call this thousands of times
    return forward(m, b, options, &acts);
}

// [SECTION] gradient check
// The issue's rule: |fd − analytic| / max(|fd|, |analytic|, 1e-8) ≤ 1e-6, elements with both below 1e-10
// pass. fd is a central difference: fourth order with step 1e-3 by default (absolute error below 1e-12
// here); sixth order with step 4e-3 when `sixth`, whose larger step rounds less, for the issue-size model
// where some gradients are below 1e-6 and the relative rule is tight.
void expect_gradient_matches(Scheme pe, const ForwardOptions& options, const ModelConfig* config = nullptr,
                             const Batch& b = tiny_batch(), bool sixth = false) {
    ModelConfig c = tiny_config(pe, 1);
    if (config) c = *config;
    Model<double> m = perturbed_model(c, 7);
    Activations<double> acts;
    forward(m, b, options, &acts);
    std::vector<double> grad;
    backward(m, b, options, acts, &grad);
    ASSERT_EQ(grad.size(), m.params.size());
    const double h = sixth ? 4e-3 : 1e-3;
    double worst = 0.0;
    std::string worst_at;
    int nonzero = 0;
    for (const TensorInfo& t : m.layout.tensors)
        for (std::size_t i = 0; i < t.size(); ++i) {
            double& p = m.params[t.offset + i];
            const double keep = p;
            // diff[k] = f(p + k·h) − f(p − k·h), k = 1, 2, 3
            double diff[4] = {0, 0, 0, 0};
            for (int k = 1; k <= (sixth ? 3 : 2); ++k) {
                p = keep + k * h;
                const double up = loss_of(m, b, options);
                p = keep - k * h;
                diff[k] = up - loss_of(m, b, options);
            }
            p = keep;
            const double fd = sixth ? (45.0 * diff[1] - 9.0 * diff[2] + diff[3]) / (60.0 * h)
                                    : (8.0 * diff[1] - diff[2]) / (12.0 * h);
            const double an = grad[t.offset + i];
            if (std::fabs(an) > 1e-10) ++nonzero;
            if (std::fabs(fd) < 1e-10 && std::fabs(an) < 1e-10) continue;
            const double rel = std::fabs(fd - an) / std::max({std::fabs(fd), std::fabs(an), 1e-8});
            if (rel > worst) {
                worst = rel;
                worst_at = t.name + "[" + std::to_string(i) + "] fd=" + std::to_string(fd) + " analytic=" + std::to_string(an);
            }
        }
    EXPECT_LE(worst, 1e-6) << scheme_name(pe) << ": worst at " << worst_at;
    // Most parameters do move the loss (the unused vocabulary rows and padding positions do not).
    EXPECT_GT(nonzero, static_cast<int>(m.params.size() * 3 / 4)) << scheme_name(pe);
}

TEST(LabGradient, NopeMatchesFiniteDifferences) { expect_gradient_matches(Scheme::nope, {}); }
TEST(LabGradient, LearnedMatchesFiniteDifferences) { expect_gradient_matches(Scheme::learned, {}); }
TEST(LabGradient, SinusoidalMatchesFiniteDifferences) { expect_gradient_matches(Scheme::sinusoidal, {}); }
TEST(LabGradient, RopeMatchesFiniteDifferences) { expect_gradient_matches(Scheme::rope, {}); }
TEST(LabGradient, RopeInterpolatedMatchesFiniteDifferences) {
    ForwardOptions options;
    options.position_divisor = 2.5;
    expect_gradient_matches(Scheme::rope, options);
}
// The frequency scalings: their own frequencies, and YaRN's factor on cos and sin (the backward pass turns by
// the same scaled rotation's transpose). original_max 4 positions, so dynamic changes its base on the 6-token batch.
TEST(LabGradient, RopeYarnMatchesFiniteDifferences) {
    expect_gradient_matches(Scheme::rope, scaling_options(RopeScaling::yarn, 2.5, 2));
}
TEST(LabGradient, RopeDynamicMatchesFiniteDifferences) {
    expect_gradient_matches(Scheme::rope, scaling_options(RopeScaling::dynamic, 2.0, 2));
}
TEST(LabGradient, AlibiMatchesFiniteDifferences) { expect_gradient_matches(Scheme::alibi, {}); }
TEST(LabGradient, T5MatchesFiniteDifferences) { expect_gradient_matches(Scheme::t5, {}); }
// Two blocks: the gradient flows back through a whole block, and T5's one table collects from both layers.
TEST(LabGradient, TwoLayersMatchFiniteDifferences) {
    const ModelConfig c = tiny_config(Scheme::t5, 2);
    expect_gradient_matches(Scheme::t5, {}, &c);
}

// The issue's size: d = 16, 2 heads, 2 layers, every element of every scheme, on a longer batch that reaches
// T5's logarithmic buckets. About a minute natively, so kept out of the default run (node and ASan run the same
// suite); run it with --gtest_also_run_disabled_tests --gtest_filter='LabGradient.DISABLED_*'.
TEST(LabGradient, DISABLED_EveryElementAtIssueSize) {
    const Batch b = task_batch(Task::reverse, {{3, 1, 4, 1, 5, 9, 2, 6, 5, 3, 5, 8, 9, 7, 9, 3, 2}, {2, 7}});
    for (const std::string& name : scheme_names()) {
        Scheme pe = Scheme::nope;
        parse_scheme(name, &pe);
        ModelConfig c;
        c.pe = pe;
        c.d = 16;
        c.heads = 2;
        c.layers = 2;
        c.max_positions = 40;
        expect_gradient_matches(pe, {}, &c, b, true);
    }
}

TEST(LabGradient, FloatAgreesWithDouble) {
    const Model<double> md = tiny_model(Scheme::rope);
    const Model<float> mf = convert_model<float>(md);
    const Batch b = tiny_batch();
    Activations<double> ad;
    Activations<float> af;
    const double ld = forward(md, b, {}, &ad);
    const float lf = forward(mf, b, {}, &af);
    EXPECT_NEAR(lf, ld, 1e-5 * std::fabs(ld));
    std::vector<double> gd;
    std::vector<float> gf;
    backward(md, b, {}, ad, &gd);
    backward(mf, b, {}, af, &gf);
    double scale = 0.0, diff = 0.0;
    for (std::size_t i = 0; i < gd.size(); ++i) {
        scale = std::max(scale, std::fabs(gd[i]));
        diff = std::max(diff, std::fabs(gd[i] - static_cast<double>(gf[i])));
    }
    EXPECT_LT(diff, 1e-4 * scale);
}

// [SECTION] building blocks
TEST(LabBlocks, LayerNormRowsAreNormalisedThenScaled) {
    MatD x(3, 4);
    x << 1, 2, 3, 4, -2, 0, 0, 2, 5, 5, 5, 6;
    const std::vector<double> gain = {1, 2, 0.5, -1}, bias = {0, 1, 0, -3};
    MatD x_hat, y;
    Eigen::VectorXd rstd;
    const double eps = 1e-5;
    layer_norm_rows<double>(x, gain.data(), bias.data(), eps, &x_hat, &rstd, &y);
    for (int r = 0; r < 3; ++r) {
        const double mean = x.row(r).mean();
        const double var = (x.row(r).array() - mean).square().mean();
        EXPECT_NEAR(x_hat.row(r).mean(), 0.0, 1e-15);
        // Biased variance, eps inside the root: the normalised row's mean square is var / (var + eps).
        EXPECT_NEAR(x_hat.row(r).squaredNorm() / 4.0, var / (var + eps), 1e-14);
        EXPECT_NEAR(rstd(r), 1.0 / std::sqrt(var + eps), 1e-14);
        for (int c = 0; c < 4; ++c) EXPECT_NEAR(y(r, c), x_hat(r, c) * gain[c] + bias[c], 1e-15);
    }
    // Row 0 by hand: mean 2.5, variance 1.25.
    EXPECT_NEAR(x_hat(0, 0), -1.5 / std::sqrt(1.25 + eps), 1e-15);
}

TEST(LabBlocks, GeluIsExactErfForm) {
    // GELU(x) = x·Φ(x): Φ(1) = 0.8413447460685429 and Φ(−1) = 0.15865525393145707 (normal table values).
    EXPECT_NEAR(gelu(1.0), 0.8413447460685429, 1e-15);
    EXPECT_NEAR(gelu(-1.0), -0.15865525393145707, 1e-15);
    EXPECT_EQ(gelu(0.0), 0.0);
    for (double x = -4; x <= 4; x += 0.37) {
        EXPECT_NEAR(gelu(x) - gelu(-x), x, 1e-14) << x;  // Φ(x) + Φ(−x) = 1
        const double h = 1e-5;
        EXPECT_NEAR(gelu_derivative(x), (gelu(x + h) - gelu(x - h)) / (2 * h), 1e-9) << x;
    }
    // The tanh approximation differs by about 1e-4 near |x| = 2; the exact form must not.
    const double x = 2.0;
    const double approx = 0.5 * x * (1 + std::tanh(std::sqrt(2 / std::acos(-1.0)) * (x + 0.044715 * x * x * x)));
    EXPECT_GT(std::fabs(gelu(x) - approx), 1e-5);
}

TEST(LabBlocks, SinusoidalTableIsInterleaved) {
    const Eigen::MatrixXd pe = sinusoidal_table(5, 8);
    for (int p = 0; p < 5; ++p)
        for (int i = 0; i < 4; ++i) {
            const double w = 1.0 / std::pow(10000.0, 2.0 * i / 8.0);
            EXPECT_NEAR(pe(p, 2 * i), std::sin(p * w), 1e-15);
            EXPECT_NEAR(pe(p, 2 * i + 1), std::cos(p * w), 1e-15);
        }
    EXPECT_EQ(pe(1, 0), std::sin(1.0));
    EXPECT_EQ(pe(1, 1), std::cos(1.0));
}

TEST(LabBlocks, RopeFrequenciesFollowHeadWidth) {
    const std::vector<double> theta = rope_frequencies(8, 10000.0);
    ASSERT_EQ(theta.size(), 4u);
    EXPECT_EQ(theta[0], 1.0);
    EXPECT_NEAR(theta[1], 0.1, 1e-16);   // 10000^(−2/8)
    EXPECT_NEAR(theta[2], 0.01, 1e-17);  // 10000^(−4/8)
}

// [SECTION] attention and the schemes
// The attention weights of layer 0 for batch row 0, head h (T × T).
MatD probs_of(const Activations<double>& acts, int h) {
    const int T = acts.T;
    return acts.layers[0].probs.block(static_cast<Eigen::Index>(h) * T, 0, T, T);
}

TEST(LabAttention, SoftmaxRowsAreCausalDistributions) {
    for (const Scheme pe : {Scheme::nope, Scheme::rope, Scheme::alibi, Scheme::t5}) {
        const Model<double> m = tiny_model(pe);
        const Batch b = tiny_batch();
        Activations<double> acts;
        forward(m, b, {}, &acts);
        for (const auto& layer : acts.layers)
            for (Eigen::Index r = 0; r < layer.probs.rows(); ++r) {
                const int q = static_cast<int>(r % b.T);
                EXPECT_NEAR(layer.probs.row(r).sum(), 1.0, 1e-14);
                for (int k = 0; k < b.T; ++k) {
                    if (k > q) EXPECT_EQ(layer.probs(r, k), 0.0);
                    else EXPECT_GT(layer.probs(r, k), 0.0);
                }
            }
    }
}

TEST(LabAttention, LaterTokensDoNotChangeEarlierLogits) {
    for (const Scheme pe : {Scheme::learned, Scheme::sinusoidal, Scheme::rope, Scheme::alibi, Scheme::t5}) {
        const Model<double> m = tiny_model(pe);
        Batch a = tiny_batch(), b = a;
        b.tokens[5] = 9;  // row 0, last position
        Activations<double> aa, ab;
        forward(m, a, {}, &aa);
        forward(m, b, {}, &ab);
        for (int t = 0; t < 5; ++t) EXPECT_EQ(aa.logits.row(t), ab.logits.row(t)) << scheme_name(pe) << " t=" << t;
        EXPECT_NE(aa.logits.row(5), ab.logits.row(5));
    }
}

TEST(LabAttention, PaddingDoesNotChangeTheLoss) {
    const Model<double> m = tiny_model(Scheme::alibi);
    const Batch short_rows = task_batch(Task::copy, {{2, 7}});
    const Batch padded = task_batch(Task::copy, {{2, 7}, {1, 2, 3, 4, 5}});  // row 0 padded to 10
    Activations<double> a, b;
    const double loss_short = forward(m, short_rows, {}, &a);
    forward(m, padded, {}, &b);
    for (int t = 0; t < 4; ++t)
        for (int v = 0; v < kVocab; ++v) EXPECT_NEAR(a.logits(t, v), b.logits(t, v), 1e-14);
    EXPECT_GT(loss_short, 0.0);
}

// skip_padding leaves out every position after a row's last counted target (here: row 1's padding, and all of
// row 2, which counts nothing): the loss, the kept rows' logits and every gradient stay those of the padded
// pass, up to the rounding of sums whose inner length changed.
TEST(LabAttention, SkippingPaddingKeepsTheLossAndTheGradient) {
    for (const Scheme pe : {Scheme::nope, Scheme::learned, Scheme::sinusoidal, Scheme::rope, Scheme::alibi, Scheme::t5}) {
        const Model<double> m = tiny_model(pe);
        Batch batch = task_batch(Task::reverse, {{3, 1, 4, 1}, {1, 5}, {9}});
        std::fill(batch.targets.begin() + 2 * batch.T, batch.targets.end(), kIgnore);
        ForwardOptions skip;
        skip.skip_padding = true;
        Activations<double> padded, skipped;
        std::vector<double> grad_padded, grad_skipped;
        const double loss_padded = forward(m, batch, {}, &padded);
        const double loss_skipped = forward(m, batch, skip, &skipped);
        backward(m, batch, {}, padded, &grad_padded);
        backward(m, batch, skip, skipped, &grad_skipped);
        EXPECT_EQ(skipped.row_start, (std::vector<int>{0, 8, 12})) << scheme_name(pe);
        EXPECT_EQ(skipped.row_length, (std::vector<int>{8, 4, 0})) << scheme_name(pe);
        EXPECT_EQ(skipped.logits.rows(), 12);
        EXPECT_EQ(skipped.counted, padded.counted);
        EXPECT_NEAR(loss_skipped, loss_padded, 1e-14) << scheme_name(pe);
        for (int b = 0; b < 2; ++b)
            for (int t = 0; t < skipped.row_length[static_cast<std::size_t>(b)]; ++t)
                for (int v = 0; v < kVocab; ++v)
                    EXPECT_NEAR(skipped.logits(skipped.row_start[static_cast<std::size_t>(b)] + t, v),
                                padded.logits(b * batch.T + t, v), 1e-13)
                        << scheme_name(pe) << " b=" << b << " t=" << t;
        ASSERT_EQ(grad_skipped.size(), grad_padded.size());
        for (std::size_t i = 0; i < grad_padded.size(); ++i)
            EXPECT_NEAR(grad_skipped[i], grad_padded[i], 1e-13) << scheme_name(pe) << " parameter " << i;
    }
}

// A one-layer model whose q and k projections are 0: the scores are the scheme's bias alone.
Model<double> zero_scores_model(Scheme pe) {
    ModelConfig c = tiny_config(pe);
    c.layers = 1;
    Model<double> m = make_model<double>(c);
    init_pytorch_default(&m, 3);
    const BlockOffsets& o = m.layout.blocks[0];
    std::fill(m.params.begin() + static_cast<std::ptrdiff_t>(o.qkv_w),
              m.params.begin() + static_cast<std::ptrdiff_t>(o.qkv_w + 2 * c.d * c.d), 0.0);  // q and k rows
    std::fill(m.params.begin() + static_cast<std::ptrdiff_t>(o.qkv_b),
              m.params.begin() + static_cast<std::ptrdiff_t>(o.qkv_b + 2 * c.d), 0.0);
    return m;
}

TEST(LabAttention, AlibiAddsSlopeTimesOffset) {
    const Model<double> m = zero_scores_model(Scheme::alibi);
    const Batch b = task_batch(Task::copy, {{1, 2, 3, 4}});
    Activations<double> acts;
    forward(m, b, {}, &acts);
    const std::vector<double> slopes = alibi_slopes(2);
    for (int h = 0; h < 2; ++h) {
        const MatD p = probs_of(acts, h);
        for (int q = 0; q < b.T; ++q) {
            double z = 0;
            for (int k = 0; k <= q; ++k) z += std::exp(slopes[h] * (k - q));
            for (int k = 0; k <= q; ++k) EXPECT_NEAR(p(q, k), std::exp(slopes[h] * (k - q)) / z, 1e-15);
        }
    }
}

TEST(LabAttention, T5LooksUpOneSharedTableByCausalBucket) {
    Model<double> m = zero_scores_model(Scheme::t5);
    const ModelConfig& c = m.config;
    const Batch b = task_batch(Task::copy, {{1, 2, 3, 4, 5, 6}});
    Activations<double> acts;
    forward(m, b, {}, &acts);
    const Eigen::Map<const MatD> rel(m.params.data() + m.layout.rel, c.t5_buckets, c.heads);
    for (int h = 0; h < 2; ++h) {
        const MatD p = probs_of(acts, h);
        for (int q = 0; q < b.T; ++q) {
            double z = 0;
            for (int k = 0; k <= q; ++k) z += std::exp(rel(t5_relative_position_bucket(k - q, false, c.t5_buckets, c.t5_max_distance), h));
            for (int k = 0; k <= q; ++k)
                EXPECT_NEAR(p(q, k), std::exp(rel(t5_relative_position_bucket(k - q, false, c.t5_buckets, c.t5_max_distance), h)) / z,
                            1e-15);
        }
    }
}

TEST(LabAttention, RopeScoresDependOnOffsetOnly) {
    // Every position holds the same token: without positions all scores would be equal; with RoPE the
    // score of (q, k) depends on q − k only, so p(q, q)/p(q, q−1) is the same in every row.
    const Model<double> m = tiny_model(Scheme::rope);
    Batch b;
    b.B = 1;
    b.T = 7;
    b.tokens.assign(7, 4);
    b.targets.assign(7, kIgnore);
    b.targets[6] = 4;
    Activations<double> acts;
    forward(m, b, {}, &acts);
    for (int h = 0; h < 2; ++h) {
        const MatD p = probs_of(acts, h);
        const double first = p(1, 1) / p(1, 0);
        EXPECT_GT(std::fabs(first - 1.0), 1e-6);  // positions matter
        for (int q = 2; q < 7; ++q) EXPECT_NEAR(p(q, q) / p(q, q - 1), first, 1e-12 * first);
    }
    // Nope with the same input cannot tell the positions apart: uniform weights.
    const Model<double> nope = tiny_model(Scheme::nope);
    forward(nope, b, {}, &acts);
    const MatD p = probs_of(acts, 0);
    for (int q = 0; q < 7; ++q)
        for (int k = 0; k <= q; ++k) EXPECT_NEAR(p(q, k), 1.0 / (q + 1), 1e-15);
}

TEST(LabAttention, InterpolationDividesRopePositions) {
    // pi = s at position p equals the plain rotation at p/s: for s = 2, the attention at query 4 over keys
    // 0, 2, 4 (integer offsets 0, 1, 2 after division) matches the plain model's query 2 over keys 0, 1, 2 in
    // their relative weights.
    const Model<double> m = tiny_model(Scheme::rope);
    Batch b;
    b.B = 1;
    b.T = 5;
    b.tokens.assign(5, 6);
    b.targets.assign(5, kIgnore);
    b.targets[4] = 6;
    Activations<double> plain, half;
    forward(m, b, {}, &plain);
    ForwardOptions options;
    options.position_divisor = 2.0;
    forward(m, b, options, &half);
    const MatD p = probs_of(plain, 0), s = probs_of(half, 0);
    EXPECT_NEAR(s(4, 4) / s(4, 2), p(2, 2) / p(2, 1), 1e-12);
    EXPECT_NEAR(s(4, 4) / s(4, 0), p(2, 2) / p(2, 0), 1e-12);
}

// [SECTION] layout and initialisation
TEST(LabLayout, StateDictNamesAndShapes) {
    ModelConfig c;
    c.pe = Scheme::learned;
    c.d = 16;
    c.heads = 2;
    c.layers = 2;
    c.max_positions = 20;
    const Layout L = make_layout(c);
    std::vector<std::string> names;
    for (const TensorInfo& t : L.tensors) names.push_back(t.name);
    const std::vector<std::string> block = {"ln1.weight", "ln1.bias", "qkv.weight", "qkv.bias", "o.weight", "o.bias",
                                            "ln2.weight", "ln2.bias", "mlp.0.weight", "mlp.0.bias", "mlp.2.weight", "mlp.2.bias"};
    std::vector<std::string> expected = {"emb.weight", "pos.weight"};
    for (int i = 0; i < 2; ++i)
        for (const std::string& n : block) expected.push_back("blocks." + std::to_string(i) + "." + n);
    for (const char* n : {"ln.weight", "ln.bias", "out.weight", "out.bias"}) expected.push_back(n);
    EXPECT_EQ(names, expected);
    EXPECT_EQ(L.find("blocks.1.qkv.weight")->shape, (std::vector<int>{48, 16}));
    EXPECT_EQ(L.find("blocks.0.mlp.0.weight")->shape, (std::vector<int>{64, 16}));
    EXPECT_EQ(L.find("blocks.0.mlp.2.weight")->shape, (std::vector<int>{16, 64}));
    EXPECT_EQ(L.find("pos.weight")->shape, (std::vector<int>{20, 16}));
    EXPECT_EQ(L.find("out.weight")->shape, (std::vector<int>{12, 16}));
    // 12d + 20d for the tables, per block 2d + 3d² + 3d + d² + d + 2d + 4d² + 4d + 4d² + d = 12d² + 13d,
    // final 2d + 12d + 12.
    const std::size_t d = 16;
    EXPECT_EQ(L.total, 32 * d + 2 * (12 * d * d + 13 * d) + 14 * d + 12);
    EXPECT_EQ(L.tensors.back().offset + L.tensors.back().size(), L.total);

    c.pe = Scheme::t5;
    const Layout t5 = make_layout(c);
    ASSERT_NE(t5.find("rel.weight"), nullptr);
    EXPECT_EQ(t5.find("rel.weight")->shape, (std::vector<int>{32, 2}));
    EXPECT_EQ(t5.find("pos.weight"), nullptr);
    c.pe = Scheme::rope;
    EXPECT_EQ(make_layout(c).find("rel.weight"), nullptr);
}

TEST(LabInit, PytorchDefaultDistributions) {
    ModelConfig c;
    c.pe = Scheme::learned;
    c.d = 32;
    Model<float> m = make_model<float>(c);
    init_pytorch_default(&m, 11);
    for (const TensorInfo& t : m.layout.tensors) {
        const float* p = m.params.data() + t.offset;
        const bool weight = t.name.find(".weight") != std::string::npos;
        if (t.name.find("ln") != std::string::npos) {
            for (std::size_t i = 0; i < t.size(); ++i) EXPECT_EQ(p[i], weight ? 1.0f : 0.0f) << t.name;
        } else if (t.name == "emb.weight" || t.name == "pos.weight") {
            double sum = 0, sq = 0;
            for (std::size_t i = 0; i < t.size(); ++i) sum += p[i], sq += double(p[i]) * p[i];
            const double n = static_cast<double>(t.size());
            EXPECT_NEAR(sum / n, 0.0, 5.0 / std::sqrt(n)) << t.name;
            EXPECT_NEAR(sq / n, 1.0, 0.1 + 5.0 * std::sqrt(2.0 / n)) << t.name;
        } else {
            const std::string weight_name = weight ? t.name : t.name.substr(0, t.name.size() - 5) + ".weight";
            const double bound = 1.0 / std::sqrt(m.layout.find(weight_name)->shape[1]);
            double top = 0;
            for (std::size_t i = 0; i < t.size(); ++i) top = std::max(top, std::fabs(double(p[i])));
            EXPECT_LE(top, bound) << t.name;
            if (t.size() >= 64) EXPECT_GT(top, 0.8 * bound) << t.name;  // spread over the whole interval
        }
    }
    Model<float> again = make_model<float>(c), other = make_model<float>(c);
    init_pytorch_default(&again, 11);
    init_pytorch_default(&other, 12);
    EXPECT_EQ(again.params, m.params);
    EXPECT_NE(other.params, m.params);
}

TEST(LabConfig, ProblemsNameTheKey) {
    ModelConfig c;
    EXPECT_EQ(config_problem(c), "");
    c.heads = 3;
    EXPECT_NE(config_problem(c).find("heads: 3"), std::string::npos);
    c.heads = 8;
    c.d = 24;  // 3 per head: odd
    EXPECT_NE(config_problem(c).find("d: 24"), std::string::npos);
    c.d = 200;
    EXPECT_NE(config_problem(c).find("16..128"), std::string::npos);
    c.d = 48;
    c.layers = 5;
    EXPECT_NE(config_problem(c).find("layers: 5 is out of range 1..4"), std::string::npos);
}

// A model read from a file may be larger than the lab trains, up to the budget of a model the lab opens; the
// message beyond it names the key and the budget.
TEST(LabConfig, OpenedModelsHaveTheirOwnBudget) {
    ModelConfig c;
    c.d = kMaxOpenD;
    c.heads = kMaxOpenHeads;
    c.layers = kMaxOpenLayers;
    c.max_positions = kMaxOpenPositions;
    EXPECT_NE(config_problem(c), "");
    EXPECT_EQ(open_config_problem(c), "");
    c.heads = 3;  // not a training count, but d = 512 does not split into 3 heads
    EXPECT_NE(open_config_problem(c).find("d: 512 must be a multiple of 2·heads"), std::string::npos);
    c.d = 6;  // 3 heads of width 2: any count the model can run
    EXPECT_EQ(open_config_problem(c), "");
    c.layers = kMaxOpenLayers + 1;
    EXPECT_EQ(open_config_problem(c), "layers: 13 is out of range 1..12, the budget of a model the lab opens");
    c.layers = 1;
    c.d = 2 * kMaxOpenD;
    c.heads = 2;
    EXPECT_EQ(open_config_problem(c), "d: 1024 is out of range 2..512, the budget of a model the lab opens");
    c.d = 64;
    c.heads = kMaxOpenHeads * 2;
    EXPECT_EQ(open_config_problem(c), "heads: 32 is out of range 1..16, the budget of a model the lab opens");
    c.heads = 2;
    c.max_positions = kMaxOpenPositions + 1;
    EXPECT_EQ(open_config_problem(c),
              "max_positions: 4097 is out of range 1..4096, the budget of a model the lab opens");
}

TEST(LabBatch, ProblemsAreReported) {
    ModelConfig c = tiny_config(Scheme::learned);
    Batch b = task_batch(Task::copy, {{1, 2, 3}});
    EXPECT_EQ(batch_problem(c, b), "");
    Batch long_batch = task_batch(Task::copy, {{1, 2, 3, 4, 5, 6}});  // 12 tokens, table of 10
    EXPECT_NE(batch_problem(c, long_batch).find("longer than the learned position table"), std::string::npos);
    b.tokens[0] = 12;
    EXPECT_NE(batch_problem(c, b).find("token 12"), std::string::npos);
    b.tokens[0] = 1;
    b.targets[0] = -5;
    EXPECT_NE(batch_problem(c, b).find("target -5"), std::string::npos);
}

}  // namespace pelab::lab::model_test
