// PE Lab — tests/lessons/open_models_rotation_bases_nope_lesson_test.cpp
// Lesson "open-models": partial rotation, two bases and the NoPE layers against references re-derived here, not
// through the core functions the steps call:
//   partial-rotation  GPT-NeoX partial rotation (HF models/gpt_neox/modeling_gpt_neox.py,
//           GPTNeoXAttention.forward: query_rot = query[..., :rotary_ndims] turned by q·cos + rotate_half(q)·sin
//           with cos/sin = cat(freqs, freqs), inv_freq = 1 / base^(arange(0, rotary_ndims, 2) / rotary_ndims);
//           query_pass copied), split into the rotating part and the pass-through dot product;
//   two-bases  Gemma 3's two bases (HF models/gemma3/configuration_gemma3.py: rope_local_base_freq 1e4,
//           rope_theta 1e6; google-deepmind/gemma gemma/gm/nn/_gemma.py: sliding_window_size 1024): wavelengths
//           2π·b^(2i/d) and the pairs turning at least once within a length W (W·θᵢ ≥ 2π);
//   nope-layers  softmax of equal scores under a causal mask (1/(m + 1) on the visible keys) and Llama 4's
//           temperature (HF models/llama4/modeling_llama4.py, Llama4TextAttention.forward:
//           log(floor((p + 1) / floor_scale) + 1) * attn_scale + 1).
#include <cmath>
#include <cstdio>
#include <string>
#include <vector>

#include "core/constants.h"
#include "core/random.h"
#include "lessons/lesson.h"
#include "lessons/bibliography.h"
#include "lessons/questions.h"
#include "lesson_views.h"

namespace {

using namespace pelab;
using pelab_test::all_notes;
using pelab_test::any_note_contains;
using pelab_test::step_views;

// GPT-NeoX's attention score of q at m and k at n, transcribed: rotate the first r numbers in the half layout
// (pairs (j, j + r/2)), copy the rest, take the dot product.
double neox_score(const Eigen::VectorXd& q, const Eigen::VectorXd& k, int r, double base, int m, int n) {
    auto turn = [&](const Eigen::VectorXd& x, int pos) {
        Eigen::VectorXd out = x;
        const int h = r / 2;
        for (int j = 0; j < h; ++j) {
            const double inv_freq = 1.0 / std::pow(base, static_cast<double>(2 * j) / r);
            const double c = std::cos(pos * inv_freq), s = std::sin(pos * inv_freq);
            // x·cos + rotate_half(x)·sin, rotate_half(x) = cat(−x2, x1)
            out(j) = x(j) * c - x(j + h) * s;
            out(j + h) = x(j + h) * c + x(j) * s;
        }
        return out;
    };
    return turn(q, m).dot(turn(k, n));
}

// The step's q, k: SplitMix64(seed), q's d numbers in [−1, 1) first, then k's.
void seeded_qk(int d, int seed, Eigen::VectorXd* q, Eigen::VectorXd* k) {
    SplitMix64 rng(static_cast<std::uint64_t>(seed));
    *q = Eigen::VectorXd(d);
    *k = Eigen::VectorXd(d);
    for (int i = 0; i < d; ++i) (*q)(i) = rng.next_signed();
    for (int i = 0; i < d; ++i) (*k)(i) = rng.next_signed();
}

TEST(OpenModelsRotationBasesNope, PartialRotationSplitsTheScoreIntoARelativePartAndAConstant) {
    const int d = 12, r = 4, L = 7, seed = 5;
    const double base = 10000;
    const auto v = step_views("open-models", 1, "d=12&rotary_dim=4&L=7&seed=5&base=10000");
    ASSERT_EQ(v.size(), 3u);
    const HeatmapView &rel = v[0].heatmap(), &content = v[1].heatmap(), &whole = v[2].heatmap();
    ASSERT_EQ(rel.values.rows(), L);
    ASSERT_EQ(whole.values.cols(), L);
    Eigen::VectorXd q, k;
    seeded_qk(d, seed, &q, &k);
    double pass = 0.0;
    for (int i = r; i < d; ++i) pass += q(i) * k(i);
    for (int m = 0; m < L; ++m)
        for (int n = 0; n < L; ++n) {
            const double reference = neox_score(q, k, r, base, m, n);
            EXPECT_NEAR(whole.values(m, n), reference, 1e-12) << m << "," << n;
            EXPECT_NEAR(content.values(m, n), pass, 1e-12) << m << "," << n;
            EXPECT_NEAR(rel.values(m, n), reference - pass, 1e-12) << m << "," << n;
            // The rotating part depends on n − m only.
            if (m > 0 && n > 0) EXPECT_NEAR(rel.values(m, n), rel.values(m - 1, n - 1), 1e-12);
        }
    EXPECT_NE(v[0].title.find("the first r = 4 of d = 12 numbers (2 pairs)"), std::string::npos) << v[0].title;
    EXPECT_TRUE(any_note_contains(v, "largest minus smallest = 0.")) << all_notes(v);
    EXPECT_TRUE(any_note_contains(v, "Distance of the rotating part from Toeplitz = ")) << all_notes(v);
}

TEST(OpenModelsRotationBasesNope, PartialRotationFullWidthLeavesNoContentAndAWiderRequestCountsAsD) {
    const auto full = step_views("open-models", 1, "d=8&rotary_dim=8&L=5&seed=2");
    EXPECT_EQ(full[1].heatmap().values.cwiseAbs().maxCoeff(), 0.0);
    Eigen::VectorXd q, k;
    seeded_qk(8, 2, &q, &k);
    EXPECT_NEAR(full[2].heatmap().values(3, 1), neox_score(q, k, 8, 10000, 3, 1), 1e-12);
    const auto wide = step_views("open-models", 1, "d=8&rotary_dim=64&L=5&seed=2");
    EXPECT_TRUE(any_note_contains(wide, "Asked to turn 64 numbers, more than d = 8")) << all_notes(wide);
    EXPECT_NEAR((wide[2].heatmap().values - full[2].heatmap().values).cwiseAbs().maxCoeff(), 0.0, 0.0);
    // Chinese notes too.
    const auto zh = step_views("open-models", 1, "d=8&rotary_dim=64&L=5&seed=2", Lang::zh);
    EXPECT_TRUE(any_note_contains(zh, "按 d 计")) << all_notes(zh);
}

TEST(OpenModelsRotationBasesNope, TwoBasesWavelengthsAndTurnsFollowGemma3Bases) {
    const auto v = step_views("open-models", 2, "");  // Gemma 3's defaults: 1e4 / 1e6, window 1024, d 128
    ASSERT_EQ(v.size(), 2u);
    const CurveView& c = v[0].curve();
    ASSERT_EQ(c.series.size(), 2u);
    const int d = 128;
    ASSERT_EQ(c.x.size(), static_cast<std::size_t>(d / 2));
    int local_window = 0, global_window = 0, local_context = 0, global_context = 0;
    for (int i = 0; i < d / 2; ++i) {
        const double theta_local = 1.0 / std::pow(1e4, static_cast<double>(2 * i) / d);
        const double theta_global = 1.0 / std::pow(1e6, static_cast<double>(2 * i) / d);
        EXPECT_NEAR(c.series[0][i] / (kTwoPi / theta_local), 1.0, 1e-12) << i;
        EXPECT_NEAR(c.series[1][i] / (kTwoPi / theta_global), 1.0, 1e-12) << i;
        local_window += 1024 * theta_local >= kTwoPi;
        global_window += 1024 * theta_global >= kTwoPi;
        local_context += 131072 * theta_local >= kTwoPi;
        global_context += 131072 * theta_global >= kTwoPi;
    }
    ASSERT_EQ(c.hlines_y, (std::vector<double>{1024.0, 131072.0}));
    const TableView& t = v[1].table();
    EXPECT_EQ(t.values(0, 1), local_window);
    EXPECT_EQ(t.values(1, 1), global_window);
    EXPECT_EQ(t.values(0, 2), local_context);
    EXPECT_EQ(t.values(1, 2), global_context);
    EXPECT_GT(local_window, global_window);  // the smaller base turns more pairs inside the window
    // The deciding cell: 17 global pairs stay longer than the context (most local pairs, 36 of 64,
    // turn inside the window, as the first sentence says).
    EXPECT_GT(2 * local_window, d / 2);
    ASSERT_EQ(t.marks.size(), 1u);
    EXPECT_EQ(t.marks[0].row, 1);
    EXPECT_EQ(t.marks[0].col, 2);
    EXPECT_TRUE(t.marks[0].holds);
    EXPECT_EQ(t.marks[0].word, std::to_string(d / 2 - global_context) + " longer than the context");
    EXPECT_EQ(d / 2 - global_context, 17);
}

TEST(OpenModelsRotationBasesNope, NopeLayersCausalMaskAndLlama4Temperature) {
    const auto v = step_views("open-models", 3, "L=9&temperature_length=40000");  // nope-layers
    ASSERT_EQ(v.size(), 2u);
    const HeatmapView& h = v[1].heatmap();
    ASSERT_EQ(h.values.rows(), 9);
    for (int i = 0; i < 9; ++i)
        for (int j = 0; j < 9; ++j) EXPECT_NEAR(h.values(i, j), j <= i ? 1.0 / (i + 1) : 0.0, 1e-15) << i << "," << j;
    const CurveView& first = v[0].curve();
    for (int i = 0; i < 9; ++i) EXPECT_NEAR(first.series[0][i], 1.0 / (i + 1), 1e-15) << i;
    // Llama4TextAttention.forward, transcribed, at every drawn position.
    const auto t = step_views("open-models", 4, "L=9&temperature_length=40000&attn_scale=0.2");  // nope-temperature
    ASSERT_EQ(t.size(), 2u);
    const CurveView& temp = t[0].curve();
    ASSERT_FALSE(temp.x.empty());
    for (std::size_t s = 0; s < temp.x.size(); ++s) {
        const double p = temp.x[s];
        EXPECT_NEAR(temp.series[0][s], std::log(std::floor((p + 1.0) / 8192.0) + 1.0) * 0.2 + 1.0, 1e-12) << p;
    }
    EXPECT_EQ(temp.x.back(), 40000.0);
    EXPECT_EQ(temp.vlines_x, std::vector<double>{8191.0});
    // The notes: exactly 1 just before F − 1, 1 + 0.2·ln 2 there.
    EXPECT_TRUE(any_note_contains(t, "At m = 8190 the factor is 1;")) << all_notes(t);
    const double step = 1.0 + 0.2 * std::log(2.0);
    char buf[32];
    std::snprintf(buf, sizeof buf, "%.6g", step);
    EXPECT_TRUE(any_note_contains(t, std::string("it first grows at m = 8191, to ") + buf)) << all_notes(t);
    // The table: Llama 4 as released (Llama4TextConfig: attn_scale 0.1, floor_scale 8192), then the curve's settings.
    const TableView& settings = t[1].table();
    ASSERT_EQ(settings.values.rows(), 2);
    EXPECT_EQ(settings.values(0, 0), 0.1);
    EXPECT_EQ(settings.values(0, 1), 8192.0);
    EXPECT_EQ(settings.values(1, 0), 0.2);
    EXPECT_EQ(settings.values(1, 1), 8192.0);
}

TEST(OpenModelsRotationBasesNope, QuestionsAndReferences) {
    const Lesson* lesson = find_lesson("open-models");
    ASSERT_NE(lesson, nullptr);
    const std::vector<Question>&on1 = lesson->steps[0].questions, &on2 = lesson->steps[1].questions, &on3 = lesson->steps[2].questions;
    ASSERT_FALSE(on1.empty());
    ASSERT_FALSE(on2.empty());
    ASSERT_FALSE(on3.empty());
    const ParamSet p = defaults(lesson->params);
    EXPECT_NE(on1[0].explain(p, Lang::en).find("largest minus smallest cell = 0"), std::string::npos)
        << on1[0].explain(p, Lang::en);
    EXPECT_NE(on3[0].explain(p, Lang::en).find("query 15 gives token 0 0.0625"), std::string::npos)
        << on3[0].explain(p, Lang::en);
    // All three are asked before their figure: predictions, covered until answered.
    EXPECT_TRUE(on1[0].predict && on2[0].predict && on3[0].predict);
    bool gemma = false, llama4 = false, neox = false;
    for (const Reference& r : references_for(lesson->references)) {
        gemma = gemma || r.code.find("configuration_gemma3.py") != std::string::npos;
        llama4 = llama4 || r.code.find("modeling_llama4.py") != std::string::npos;
        neox = neox || r.code.find("modeling_gpt_neox.py") != std::string::npos;
    }
    EXPECT_TRUE(gemma && llama4 && neox);
}

}  // namespace
