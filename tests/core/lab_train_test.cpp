// PE Lab — tests/core/lab_train_test.cpp
// Training pieces of the lab (core/lab/lab_train.h): OneCycleLR against PyTorch's formula written out here
// independently, AdamW steps worked by hand, the copy/reverse generator, the run's keys and rules, a short
// deterministic training run, and the evaluation's counting.
//
// [SECTION] OneCycleLR
// [SECTION] AdamW
// [SECTION] the task
// [SECTION] run configuration
// [SECTION] trainer and evaluation
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <map>
#include <string>
#include <vector>

#include "core/lab/lab_train.h"

namespace pelab::lab::train_test {

// [SECTION] OneCycleLR
// PyTorch's schedule restated: warm-up from max/25 to max until step ⌊pct·N⌋ − 1 (as a float), then cosine
// decay to max/25/1e4 at step N − 1; within a phase the rate is the cosine blend
// lo + (hi − lo)·(1 − cos(π·f))/2 going up, hi − (hi − lo)·(1 − cos(π·f))/2 going down.
double expected_one_cycle(double max_lr, int total, int step) {
    const double pi = std::acos(-1.0);
    const double lo = max_lr / 25.0, floor_lr = lo / 1e4;
    const double warm_end = 0.1 * total - 1.0;
    if (step <= warm_end) {
        const double f = step / warm_end;
        return lo + (max_lr - lo) * (1.0 - std::cos(pi * f)) / 2.0;
    }
    const double f = (step - warm_end) / ((total - 1.0) - warm_end);
    return max_lr - (max_lr - floor_lr) * (1.0 - std::cos(pi * f)) / 2.0;
}

TEST(LabOneCycle, MatchesPytorchFormula) {
    OneCycle s;
    s.max_lr = 1e-3;
    s.total_steps = 1500;
    // The landmarks: start max/25, peak at step 149, floor max/25/1e4 at the last step.
    EXPECT_NEAR(s.lr(0), 4e-5, 1e-18);
    EXPECT_NEAR(s.lr(149), 1e-3, 1e-18);
    EXPECT_NEAR(s.lr(1499), 4e-9, 1e-20);
    for (const int step : {1, 10, 74, 75, 148, 150, 151, 500, 824, 1000, 1498})
        EXPECT_NEAR(s.lr(step), expected_one_cycle(1e-3, 1500, step), 1e-15 * 1e-3) << step;
    // The rate rises through the warm-up and falls after it.
    for (int step = 1; step <= 149; ++step) EXPECT_GT(s.lr(step), s.lr(step - 1)) << step;
    for (int step = 150; step < 1500; ++step) EXPECT_LT(s.lr(step), s.lr(step - 1)) << step;
    // Half-way through the decay the rate is the mean of peak and floor. With 301 steps the warm-up ends at
    // step 29.1 (a float, as in PyTorch) and the decay at 300, so half-way is 164.55, between steps 164 and 165.
    s.total_steps = 301;
    EXPECT_NEAR(s.lr(164), expected_one_cycle(1e-3, 301, 164), 1e-18);
    EXPECT_GT(s.lr(164), (1e-3 + 4e-9) / 2.0);
    EXPECT_LT(s.lr(165), (1e-3 + 4e-9) / 2.0);
}

TEST(LabOneCycle, ShortRuns) {
    OneCycle s;
    s.max_lr = 0.01;
    // One step: the warm-up "ends" at −0.9, the decay at 0, so step 0 is the decay's end: the floor.
    s.total_steps = 1;
    EXPECT_NEAR(s.lr(0), 0.01 / 25.0 / 1e4, 1e-20);
    // Ten steps: the warm-up spans no step (PyTorch divides by zero there); step 0 takes the peak.
    s.total_steps = 10;
    EXPECT_NEAR(s.lr(0), 0.01, 1e-18);
    EXPECT_NEAR(s.lr(9), 0.01 / 25.0 / 1e4, 1e-20);
    EXPECT_TRUE(std::isfinite(s.lr(5)));
    // Thirty steps: warm-up 0..2, as the formula says.
    s.total_steps = 30;
    for (int step = 0; step < 30; ++step) EXPECT_NEAR(s.lr(step), expected_one_cycle(0.01, 30, step), 1e-17) << step;
}

// [SECTION] AdamW
TEST(LabAdamW, TwoStepsByHand) {
    AdamW<double> adam;
    std::vector<double> p = {1.0, -2.0, 0.5};
    const double lr = 0.01;
    adam.step(&p, {0.5, -0.25, 0.0}, lr);
    // Step 1: decay p·(1 − lr·0.01); m = 0.1·g, v = 0.001·g²; the bias-corrected ratio is g/(|g| + eps').
    // With eps' = 1e-8 applied after dividing √v by √(1 − 0.999) the update is lr·g/(|g| + 1e-8).
    const double decay = 1.0 - lr * 0.01;
    EXPECT_NEAR(p[0], 1.0 * decay - lr * 0.5 / (0.5 + 1e-8), 1e-15);
    EXPECT_NEAR(p[1], -2.0 * decay + lr * 0.25 / (0.25 + 1e-8), 1e-15);
    EXPECT_NEAR(p[2], 0.5 * decay, 1e-15);  // no gradient: weight decay alone
    // Step 2 with g = 1 on the first element: m = 0.9·0.05 + 0.1 = 0.145, v = 0.999·0.00025 + 0.001 = 0.00124975.
    const double p0 = p[0];
    adam.step(&p, {1.0, 0.0, 0.0}, lr);
    const double m = 0.145, v = 0.00124975;
    const double m_hat = m / (1.0 - 0.81), v_root = std::sqrt(v) / std::sqrt(1.0 - 0.998001);
    EXPECT_NEAR(p[0], p0 * decay - lr * m_hat / (v_root + 1e-8), 1e-14);
    EXPECT_EQ(adam.t, 2);
}

// [SECTION] the task
TEST(LabTask, CopyAndReverseSequences) {
    const Batch copy = task_batch(Task::copy, {{1, 2, 3}, {7, 0}});
    ASSERT_EQ(copy.B, 2);
    ASSERT_EQ(copy.T, 6);
    const std::vector<int> tokens = {1, 2, 3, kSep, 1, 2, 7, 0, kSep, 7, kPad, kPad};
    const std::vector<int> targets = {kIgnore, kIgnore, kIgnore, 1, 2, 3, kIgnore, kIgnore, 7, 0, kIgnore, kIgnore};
    EXPECT_EQ(copy.tokens, tokens);
    EXPECT_EQ(copy.targets, targets);
    const Batch rev = task_batch(Task::reverse, {{1, 2, 3}});
    EXPECT_EQ(rev.tokens, (std::vector<int>{1, 2, 3, kSep, 3, 2}));
    EXPECT_EQ(rev.targets, (std::vector<int>{kIgnore, kIgnore, kIgnore, 3, 2, 1}));
    const Batch one = task_batch(Task::reverse, {{4}});
    EXPECT_EQ(one.tokens, (std::vector<int>{4, kSep}));
    EXPECT_EQ(one.targets, (std::vector<int>{kIgnore, 4}));
}

TEST(LabTask, DrawnSamplesAreSeededAndCoverTheRange) {
    SplitMix64 a(5), b(5), c(6);
    const auto sa = draw_samples(a, 2000, 16);
    EXPECT_EQ(sa, draw_samples(b, 2000, 16));
    EXPECT_NE(sa, draw_samples(c, 2000, 16));
    std::map<int, int> lengths, digits;
    for (const auto& s : sa) {
        ++lengths[static_cast<int>(s.size())];
        for (const int x : s) ++digits[x];
    }
    ASSERT_EQ(lengths.size(), 16u);
    EXPECT_EQ(lengths.begin()->first, 1);
    EXPECT_EQ(lengths.rbegin()->first, 16);
    for (const auto& kv : lengths) EXPECT_NEAR(kv.second, 2000 / 16, 60) << "length " << kv.first;
    ASSERT_EQ(digits.size(), 10u);
    EXPECT_EQ(digits.begin()->first, 0);
    EXPECT_EQ(digits.rbegin()->first, 9);
}

TEST(LabTask, EvaluationSetsAreFixed) {
    const auto a = eval_samples(12);
    ASSERT_EQ(a.size(), static_cast<std::size_t>(kEvalSamples));
    for (const auto& s : a) EXPECT_EQ(s.size(), 12u);
    EXPECT_EQ(a, eval_samples(12));
    EXPECT_NE(eval_samples(12)[0], eval_samples(13)[0]);
}

// [SECTION] run configuration
std::string problem_for(const KeyValues& kv, TrainConfig* out = nullptr) {
    ParamSet p = defaults(train_specs());
    const std::vector<ParamIssue> issues = parse_params_strict(train_specs(), kv, &p);
    if (!issues.empty()) return issues.front().message;
    TrainConfig c;
    const std::string problem = train_config_from_params(p, &c);
    if (out) *out = c;
    return problem;
}

TEST(LabRunConfig, DefaultsAreTheIssues) {
    TrainConfig c;
    ASSERT_EQ(problem_for({}, &c), "");
    EXPECT_EQ(c.task, Task::copy);
    EXPECT_EQ(c.model.pe, Scheme::alibi);
    EXPECT_EQ(c.model.d, 48);
    EXPECT_EQ(c.model.heads, 4);
    EXPECT_EQ(c.model.layers, 2);
    EXPECT_EQ(c.train_steps, 1500);
    EXPECT_EQ(c.batch, 32);
    EXPECT_EQ(c.lr, 1e-3);
    EXPECT_EQ(c.seed, 0u);
    EXPECT_EQ(c.train_max, 16);
    EXPECT_EQ(c.test, (std::vector<int>{4, 8, 12, 16, 20, 24, 28, 32, 40, 48}));
    EXPECT_FALSE(c.interpolating());
}

// The keys' default texts are written from TrainConfig{}: read back, they give it again, field by field.
TEST(LabRunConfig, KeyDefaultsReadBackAsTrainConfig) {
    const TrainConfig def;
    TrainConfig c;
    c.seed = 7;
    c.test.clear();
    ASSERT_EQ(problem_for({}, &c), "");
    EXPECT_EQ(c.task, def.task);
    EXPECT_EQ(c.model.pe, def.model.pe);
    EXPECT_EQ(c.model.d, def.model.d);
    EXPECT_EQ(c.model.heads, def.model.heads);
    EXPECT_EQ(c.model.layers, def.model.layers);
    EXPECT_EQ(c.model.max_positions, def.model.max_positions);
    EXPECT_EQ(c.train_steps, def.train_steps);
    EXPECT_EQ(c.batch, def.batch);
    EXPECT_EQ(c.lr, def.lr);
    EXPECT_EQ(c.seed, def.seed);
    EXPECT_EQ(c.train_max, def.train_max);
    EXPECT_EQ(c.test, def.test);
    EXPECT_EQ(c.pi, def.pi);
    EXPECT_EQ(c.finetune_steps, def.finetune_steps);
    EXPECT_EQ(c.finetune_max, def.finetune_max);
    for (const ParamSpec& s : train_specs())
        if (s.name == "heads") EXPECT_EQ(s.help, "attention heads: 1, 2, 4 or 8");
}

TEST(LabRunConfig, BadRunsAreRefusedWithTheKey) {
    EXPECT_NE(problem_for({{"d", "12"}}).find("d: 12 is out of range 16..128"), std::string::npos);
    EXPECT_NE(problem_for({{"heads", "3"}}).find("heads: 3 is not one of 1, 2, 4, 8"), std::string::npos);
    EXPECT_NE(problem_for({{"d", "20"}, {"heads", "4"}}).find("d: 20"), std::string::npos);
    EXPECT_NE(problem_for({{"train_steps", "20001"}}).find("train_steps"), std::string::npos);
    EXPECT_NE(problem_for({{"lr", "0.5"}}).find("lr"), std::string::npos);
    EXPECT_NE(problem_for({{"seed", "2147483648"}}).find("seed"), std::string::npos);
    EXPECT_NE(problem_for({{"test", "4,61"}}).find("test"), std::string::npos);
    EXPECT_NE(problem_for({{"test", "4.5"}}).find("test: 4.5 is not a whole number"), std::string::npos);
    EXPECT_NE(problem_for({{"pe", "alibi"}, {"pi", "2"}}).find("pi: position interpolation applies to pe=rope only"),
              std::string::npos);
    EXPECT_NE(problem_for({{"pe", "t5"}, {"finetune_steps", "5"}}).find("finetune_steps"), std::string::npos);
    const std::string learned = problem_for({{"pe", "learned"}, {"max_positions", "64"}, {"test", "8,40"}});
    EXPECT_NE(learned.find("test: a sample of 40 digits is 80 tokens"), std::string::npos) << learned;
    EXPECT_NE(learned.find("max_positions=64"), std::string::npos);
    EXPECT_EQ(problem_for({{"pe", "learned"}, {"test", "60"}}), "");  // 120 tokens within the default 128
    EXPECT_EQ(problem_for({{"pe", "rope"}, {"pi", "2"}, {"finetune_steps", "10"}}), "");
}

// [SECTION] trainer and evaluation
TrainConfig small_run(Scheme pe, int steps) {
    TrainConfig c;
    c.model.pe = pe;
    c.model.d = 16;
    c.model.heads = 2;
    c.model.layers = 1;
    c.train_steps = steps;
    c.batch = 8;
    c.lr = 3e-3;
    c.train_max = 4;
    c.test = {2, 4};
    return c;
}

TEST(LabTrainer, RunsAreReproducibleFromTheSeed) {
    TrainConfig c = small_run(Scheme::t5, 5);
    Trainer a(c), b(c);
    while (!a.finished()) a.step();
    while (!b.finished()) b.step();
    EXPECT_EQ(a.model().params, b.model().params);
    EXPECT_EQ(a.loss_curve(), b.loss_curve());
    c.seed = 1;
    Trainer other(c);
    while (!other.finished()) other.step();
    EXPECT_NE(a.model().params, other.model().params);
}

TEST(LabTrainer, LossFallsAndIsRecordedEveryFiftySteps) {
    Trainer t(small_run(Scheme::alibi, 120));
    while (!t.finished()) t.step();
    const auto& curve = t.loss_curve();
    ASSERT_EQ(curve.size(), 4u);
    EXPECT_EQ(curve[0].first, 1);
    EXPECT_EQ(curve[1].first, 50);
    EXPECT_EQ(curve[2].first, 100);
    EXPECT_EQ(curve[3].first, 120);
    // A fresh model spreads its guesses over the 12 tokens (loss near ln 12 ≈ 2.48); training must take
    // the mean loss of the last window well below that.
    EXPECT_GT(curve[0].second, 1.8);
    EXPECT_LT(curve[3].second, curve[0].second - 0.3);
    EXPECT_EQ(t.steps_done(), 120);
    EXPECT_DOUBLE_EQ(t.step(), 0.0);  // finished: nothing more
    EXPECT_EQ(t.steps_done(), 120);
}

// TrainConfig::skip_padding (the page's trainer) computes the same run without the padded positions: the
// same losses up to float rounding (the products' sums are split differently), the same steps recorded. With
// rope, pi and a fine-tune, so the divided positions are covered too; and it really skips (fewer rows).
TEST(LabTrainer, SkippingThePaddingTrainsTheSameRun) {
    TrainConfig padded = small_run(Scheme::rope, 60);
    padded.pi = 2.0;
    padded.finetune_steps = 5;
    TrainConfig skipping = padded;
    skipping.skip_padding = true;
    Trainer a(padded), b(skipping);
    while (!a.finished()) a.step();
    while (!b.finished()) b.step();
    ASSERT_EQ(a.loss_curve().size(), b.loss_curve().size());
    for (std::size_t i = 0; i < a.loss_curve().size(); ++i) {
        EXPECT_EQ(a.loss_curve()[i].first, b.loss_curve()[i].first);
        EXPECT_NEAR(a.loss_curve()[i].second, b.loss_curve()[i].second, 1e-4 * a.loss_curve()[i].second) << i;
    }
    ASSERT_EQ(a.fine_tune_curve().size(), b.fine_tune_curve().size());
    for (std::size_t i = 0; i < a.fine_tune_curve().size(); ++i)
        EXPECT_NEAR(a.fine_tune_curve()[i].second, b.fine_tune_curve()[i].second, 1e-4 * a.fine_tune_curve()[i].second) << i;
    float largest = 0.0f;
    for (std::size_t i = 0; i < a.model().params.size(); ++i)
        largest = std::max(largest, std::abs(a.model().params[i] - b.model().params[i]));
    EXPECT_LT(largest, 1e-3f);
    EXPECT_NE(a.model().params, b.model().params) << "expected float rounding to differ somewhere, i.e. another path";
}

TEST(LabTrainer, FineTuneFollowsTheRunForRope) {
    TrainConfig c = small_run(Scheme::rope, 4);
    c.pi = 2.0;
    c.finetune_steps = 3;
    c.finetune_max = 6;
    Trainer t(c);
    EXPECT_EQ(t.total_steps(), 7);
    for (int i = 0; i < 4; ++i) t.step();
    EXPECT_TRUE(t.in_fine_tune());
    const std::vector<float> before = t.model().params;
    while (!t.finished()) t.step();
    EXPECT_EQ(t.model_before_fine_tune().params, before);
    EXPECT_NE(t.model().params, before);
    ASSERT_EQ(t.fine_tune_curve().size(), 2u);  // steps 1 and 3 of the fine-tune
    EXPECT_EQ(t.fine_tune_curve()[1].first, 3);
}

TEST(LabEvaluate, CountsExactAndTokenMatches) {
    // A model that always answers 7: every weight 0 but out.bias. Token accuracy is then the share of 7s among
    // the expected digits, exact-match the share of samples made of 7s only.
    ModelConfig mc;
    mc.d = 16;
    mc.heads = 2;
    mc.layers = 1;
    Model<double> m = make_model<double>(mc);
    for (const TensorInfo& t : m.layout.tensors)
        if (t.name.find("ln") != std::string::npos && t.name.find(".weight") != std::string::npos)
            std::fill(m.params.begin() + static_cast<std::ptrdiff_t>(t.offset),
                      m.params.begin() + static_cast<std::ptrdiff_t>(t.offset + t.size()), 1.0);
    m.params[m.layout.out_b + 7] = 5.0;
    for (const Task task : {Task::copy, Task::reverse}) {
        const std::vector<LengthScore> scores = evaluate(m, task, {1, 3});
        ASSERT_EQ(scores.size(), 2u);
        for (const LengthScore& s : scores) {
            int sevens = 0, all_seven = 0;
            for (const auto& x : eval_samples(s.n)) {
                int here = 0;
                for (const int digit : x) here += digit == 7 ? 1 : 0;
                sevens += here;
                all_seven += here == s.n ? 1 : 0;
            }
            EXPECT_EQ(s.token, sevens / (256.0 * s.n)) << s.n;
            EXPECT_EQ(s.exact, all_seven / 256.0) << s.n;
        }
        EXPECT_GT(scores[0].token, 0.05);  // about one digit in ten
        EXPECT_LT(scores[0].token, 0.2);
    }
}

TEST(LabRobustness, BadInputGivesNaNOrAProblemNotACrash) {
    TrainConfig bad = small_run(Scheme::alibi, 5);
    bad.model.heads = 3;
    Trainer t(bad);
    EXPECT_EQ(t.problem(), "heads: 3 is not one of 1, 2, 4, 8");
    EXPECT_TRUE(t.finished());
    EXPECT_EQ(t.total_steps(), 0);
    EXPECT_EQ(t.step(), 0.0);
    const std::vector<LengthScore> none = evaluate(t.model(), Task::copy, {2});
    ASSERT_EQ(none.size(), 1u);
    EXPECT_TRUE(std::isnan(none[0].exact));

    ModelConfig c = small_run(Scheme::learned, 1).model;
    c.max_positions = 8;
    Model<float> m = make_model<float>(c);
    init_pytorch_default(&m, 1);
    const std::vector<LengthScore> scores = evaluate(m, Task::copy, {4, 5, 0, -3});
    EXPECT_FALSE(std::isnan(scores[0].exact));  // 8 tokens fit the table
    for (std::size_t i = 1; i < scores.size(); ++i) EXPECT_TRUE(std::isnan(scores[i].token)) << scores[i].n;

    Batch b = task_batch(Task::copy, {{1, 2}});
    b.tokens[1] = 40;
    Activations<float> acts;
    EXPECT_TRUE(std::isnan(forward(m, b, {}, &acts)));
    std::vector<float> grad;
    backward(m, b, {}, acts, &grad);
    EXPECT_EQ(grad, std::vector<float>(m.layout.total, 0.0f));
    b.tokens[1] = 4;
    ForwardOptions zero;
    zero.position_divisor = 0.0;
    EXPECT_TRUE(std::isnan(forward(m, b, zero, &acts)));
    EXPECT_FALSE(std::isnan(forward(m, b, {}, &acts)));
}

}  // namespace pelab::lab::train_test
