// PE Lab — tests/lessons/open_models_longrope_mrope_mla_lesson_test.cpp
// Lesson "open-models": LongRoPE, M-RoPE and decoupled RoPE in MLA against values derived by hand from the
// reference code:
//   LongRoPE   HF modeling_rope_utils.py `_compute_longrope_parameters` (θ_i = 1 / (f_i · base^(2i/d)), attention
//              factor √(1 + ln s / ln original_max)) and `dynamic_rope_update` / longrope_frequency_update (long
//              factors once seq_len > original_max);
//   M-RoPE     HF models/qwen2_vl/modeling_qwen2_vl.py `get_rope_index` (ids worked out by hand for the default
//              text–image–text sequence) and `apply_multimodal_rotary_pos_emb` (with q = k = all ones in the
//              rotate_half layout a score is Σ_i 2·cos(angle difference of pair i));
//   MLA        HF models/deepseek_v3/modeling_deepseek_v3.py DeepseekV3Attention (cache kv_lora_rank +
//              qk_rope_head_dim against ordinary attention's and one latent's; softmax scale
//              qk_head_dim^(−1/2) · (0.1·mscale_all_dim·ln s + 1)²) and
//              `_compute_yarn_parameters` (cos/sin times get_mscale(s, mscale) / get_mscale(s, mscale_all_dim)).
#include <gtest/gtest.h>

#include <cmath>
#include <string>
#include <utility>
#include <vector>

#include "core/constants.h"
#include "lessons/lesson.h"
#include "lessons/lesson_util.h"
#include "lessons/questions.h"
#include "lesson_views.h"

namespace {

using namespace pelab;
using pelab_test::all_notes;
using pelab_test::any_note_contains;
using pelab_test::step_views;

// A step of the lesson by its id (the steps were reordered, problem before fix; ids never change).
int om_step(const char* id) { return step_number_of(*find_lesson("open-models"), id); }
const Step& om_step_named(const char* id) { return find_lesson("open-models")->steps[size_t(om_step(id) - 1)]; }

// ---- longrope: LongRoPE ----

TEST(OpenModelsLongRopeMropeMla, LongRopeSwitchesToTheLongFactorsAfterOriginalMax) {
    const Step& step = om_step_named("longrope");
    EXPECT_EQ(step.timeline.param, "seq_len");
    const auto at = step_views("open-models", om_step("longrope"), "seq_len=4096&head_dim=96");  // HF's name for d
    const auto after = step_views("open-models", om_step("longrope"), "seq_len=4097&d=96");
    const CurveView& c0 = at[0].curve();
    const CurveView& c1 = after[0].curve();
    ASSERT_EQ(c0.x.size(), 48u);  // head_dim 96: 48 pairs
    // Series: plain, short, long, in use.
    EXPECT_EQ(c0.series[3], c0.series[1]);
    EXPECT_EQ(c1.series[3], c1.series[2]);
    // Illustrative lists f_i = end^(i/47): short end 1.5, long end s = 131072 / 4096 = 32.
    const double base = 10000.0;
    for (int i : {0, 10, 47}) {
        const double plain = 2 * kPi * std::pow(base, 2.0 * i / 96.0);
        EXPECT_NEAR(c0.series[0][i] / plain, 1.0, 1e-12) << i;
        EXPECT_NEAR(c0.series[1][i] / (plain * std::pow(1.5, i / 47.0)), 1.0, 1e-12) << i;
        EXPECT_NEAR(c0.series[2][i] / (plain * std::pow(32.0, i / 47.0)), 1.0, 1e-12) << i;
    }
    EXPECT_TRUE(any_note_contains(at, "N = 4096 ≤ L₀ = 4096: the short factors are in use now")) << all_notes(at);
    EXPECT_TRUE(any_note_contains(after, "N = 4097 > L₀ = 4096: the long factors are in use now")) << all_notes(after);
}

TEST(OpenModelsLongRopeMropeMla, LongRopeAttentionFactorAndOlderHfChoice) {
    // s = 32 = 2^5 and original_max = 4096 = 2^12: √(1 + 5/12) = √(17/12).
    const auto v = step_views("open-models", om_step("longrope-scale"), "d=96");
    const std::string expected = "Attention factor √(1 + ln s / ln L₀) = " + lessonui::num(std::sqrt(17.0 / 12.0), 6);
    EXPECT_TRUE(any_note_contains(v, expected)) << all_notes(v);
    EXPECT_TRUE(any_note_contains(v, "so they used the long factors for every sequence")) << all_notes(v);
    // Table: pair 47's turns over seq_len = seq_len · θ / 2π with the short factor 1.5 (seq_len 4096).
    const TableView& t = v[0].table();
    const double theta = 1.0 / (1.5 * std::pow(10000.0, 94.0 / 96.0));
    EXPECT_NEAR(t.values(t.values.rows() - 1, 4), 4096 * theta / (2 * kPi), 1e-12);
    // The deciding cells: exactly the pairs under one turn within seq_len are marked.
    std::size_t under = 0;
    for (Eigen::Index r = 0; r < t.values.rows(); ++r) under += t.values(r, 4) < 1.0 ? 1 : 0;
    EXPECT_GE(under, 1u);
    ASSERT_EQ(t.marks.size(), under);
    for (const CellMark& m : t.marks) {
        EXPECT_EQ(m.col, 4);
        EXPECT_LT(t.values(m.row, 4), 1.0);
        EXPECT_EQ(m.word, "under one turn");
    }
    // No extension (max_position = original_max): s = 1, factor 1, the long list is flat 1.
    const auto flat_curve = step_views("open-models", om_step("longrope"), "max_position=4096&seq_len=8000");
    EXPECT_EQ(flat_curve[0].curve().series[2], flat_curve[0].curve().series[0]);
    const auto flat = step_views("open-models", om_step("longrope-scale"), "max_position=4096&seq_len=8000");
    EXPECT_TRUE(any_note_contains(flat, "= 1 (1 when s ≤ 1)") || any_note_contains(flat, "= 1; Hugging Face multiplies")) << all_notes(flat);
}

// ---- m-rope: M-RoPE ----

TEST(OpenModelsLongRopeMropeMla, MropeIdsFollowGetRopeIndex) {
    // 2 text, an image of 1 × 4 × 6 patches merged 2 × 2 (a 2 × 3 grid of tokens), 3 text.
    const auto v = step_views("open-models", om_step("m-rope"), "text_before=2&grid_h=4&grid_w=6&text_after=3");
    ASSERT_EQ(v.size(), 2u);
    const RowMatrix& ids = v[1].heatmap().values;  // one row per token: (t, h, w)
    ASSERT_EQ(ids.rows(), 11);
    ASSERT_EQ(ids.cols(), 3);
    // Image tokens start at 2 and add their (t, h, w) index; text after resumes at max + 1 = 2 + 2 + 1 = 5.
    const int expected[3][11] = {{0, 1, 2, 2, 2, 2, 2, 2, 5, 6, 7},
                                 {0, 1, 2, 2, 2, 3, 3, 3, 5, 6, 7},
                                 {0, 1, 2, 3, 4, 2, 3, 4, 5, 6, 7}};
    for (int r = 0; r < 3; ++r)
        for (int c = 0; c < 11; ++c) EXPECT_EQ(ids(c, r), expected[r][c]) << r << "," << c;
    const auto image = step_views("open-models", om_step("m-rope-image"), "text_before=2&grid_h=4&grid_w=6&text_after=3");
    EXPECT_NE(image[0].title.find("pairs 0–1 follow t, 2–4 h, 5–7 w"), std::string::npos) << image[0].title;
    // The ids' note says the equation's a(i) and b for the current section and mrope_base.
    EXPECT_TRUE(any_note_contains(v, "a(i): pairs 0–1 follow t, 2–4 follow h, 5–7 follow w; b = 100.")) << all_notes(v);
    EXPECT_TRUE(any_note_contains(v, "resumes at the largest id so far + 1 = 5")) << all_notes(v);
    // Two frames: the second frame's tokens have t = start + 1.
    const auto video = step_views("open-models", om_step("m-rope"), "text_before=1&grid_t=2&grid_h=2&grid_w=2&text_after=1");
    const RowMatrix& vid = video[1].heatmap().values;
    ASSERT_EQ(vid.rows(), 4);
    EXPECT_EQ(vid(1, 0), 1.0);
    EXPECT_EQ(vid(2, 0), 2.0);
    EXPECT_EQ(vid(2, 1), 1.0);
    EXPECT_EQ(vid(3, 0), 3.0);
}

TEST(OpenModelsLongRopeMropeMla, MropeScoresInsideTheImageAndTextAlone) {
    // Defaults: 3 text, an image of 1 × 8 × 8 patches merged 2 × 2 (4 × 4 tokens), 3 text; section 2, 3, 3.
    const auto v = step_views("open-models", om_step("m-rope"), "");
    const auto image = step_views("open-models", om_step("m-rope-image"), "");
    const double base = 100.0;  // mrope_base default
    const int d = 16;           // 2 · (2 + 3 + 3)
    auto theta = [&](int i) { return std::pow(base, -2.0 * i / d); };
    // Image view: the query is merged cell (1, 1). Its right neighbour differs in w only (pairs 5..7), the one
    // below in h only (pairs 2..4), each by one step: Σ_i 2·cos(θ_i) over those pairs, 2 for the others.
    const RowMatrix& grid = image[0].heatmap().values;
    ASSERT_EQ(grid.rows(), 4);
    ASSERT_EQ(grid.cols(), 4);
    EXPECT_EQ(image[0].heatmap().highlight_cells, (std::vector<std::pair<int, int>>{{1, 1}}));
    double right = 0, below = 0;
    for (int i = 0; i < d / 2; ++i) {
        right += 2 * std::cos(i >= 5 ? theta(i) : 0.0);
        below += 2 * std::cos(i >= 2 && i < 5 ? theta(i) : 0.0);
    }
    EXPECT_NEAR(grid(1, 2), right, 1e-12);
    EXPECT_NEAR(grid(2, 1), below, 1e-12);
    EXPECT_NEAR(grid(1, 1), d, 1e-12);
    // Text tokens 0..2: plain 1-D RoPE, S[m][n] = Σ_i 2·cos((m − n)·θ_i).
    const RowMatrix& S = v[0].heatmap().values;
    ASSERT_EQ(S.rows(), 22);
    for (int m = 0; m < 3; ++m)
        for (int n = 0; n < 3; ++n) {
            double s = 0;
            for (int i = 0; i < d / 2; ++i) s += 2 * std::cos((m - n) * theta(i));
            EXPECT_NEAR(S(m, n), s, 1e-12) << m << "," << n;
        }
    EXPECT_TRUE(any_note_contains(v, "Text alone (6 tokens, t = h = w): largest difference between M-RoPE and 1-D RoPE")) << all_notes(v);
    // No image: two views; sides that are not multiples of merge are rounded down, and said so.
    EXPECT_EQ(step_views("open-models", om_step("m-rope"), "grid_t=0").size(), 2u);
    EXPECT_EQ(step_views("open-models", om_step("m-rope-image"), "grid_t=0").size(), 1u);  // the image step always draws one frame
    const auto odd = step_views("open-models", om_step("m-rope"), "grid_h=5&grid_w=7");
    EXPECT_TRUE(any_note_contains(odd, "rounded to multiples of merge: 4 × 6")) << all_notes(odd);
}

// ---- mla-cache, absorption, decoupled-rope, mla-yarn: MLA ----

// The problem first: every problem step comes before its fix.
TEST(OpenModelsLongRopeMropeMla, MlaStepsComeProblemFirst) {
    EXPECT_LT(om_step("llama3-scaling"), om_step("mla-cache"));  // Llama 3.1 before DeepSeek
    EXPECT_LT(om_step("mla-cache"), om_step("absorption"));
    EXPECT_LT(om_step("absorption"), om_step("decoupled-rope"));
    EXPECT_LT(om_step("decoupled-rope"), om_step("mla-yarn"));
}

TEST(OpenModelsLongRopeMropeMla, TheCacheOfOrdinaryAttentionAgainstOneLatent) {
    const auto v = step_views("open-models", om_step("mla-cache"), "");
    ASSERT_EQ(v.size(), 1u);
    // DeepSeek-V3's shapes: 128 · (128 + 64 + 128) = 40960 numbers against a latent of 512.
    EXPECT_TRUE(any_note_contains(v, "= 40960 numbers")) << all_notes(v);
    EXPECT_TRUE(any_note_contains(v, "d_L = 512 numbers")) << all_notes(v);
    const CurveView& c = v[0].curve();
    EXPECT_EQ(c.series[0][127], 40960.0 * 2);  // bf16: 2 bytes per number, heads = 128 at x index 127
    EXPECT_EQ(c.series[1][127], 512.0 * 2);
    EXPECT_EQ(c.series[1][0], 512.0 * 2);      // the latent does not grow with the heads
}

TEST(OpenModelsLongRopeMropeMla, MlaCacheAgainstMultiHeadAttention) {
    const auto v = step_views("open-models", om_step("decoupled-rope"), "");
    ASSERT_EQ(v.size(), 1u);
    // DeepSeek-V3: 512 + 64 = 576 numbers against 128 · (128 + 64 + 128) = 40960.
    EXPECT_TRUE(any_note_contains(v, "= 576 numbers")) << all_notes(v);
    EXPECT_TRUE(any_note_contains(v, "= 40960 numbers")) << all_notes(v);
    const CurveView& c = v[0].curve();
    EXPECT_EQ(c.series[0][127], 40960.0 * 2);  // bf16: 2 bytes per number, heads = 128 at x index 127
    EXPECT_EQ(c.series[1][127], 576.0 * 2);
    EXPECT_EQ(c.series[1][0], 576.0 * 2);      // the latent does not grow with the heads
}

TEST(OpenModelsLongRopeMropeMla, RopeIsNotAbsorbableButTheDecoupledScoreIs) {
    const auto v = step_views("open-models", om_step("absorption"), "");
    const CurveView& c = v[0].curve();
    for (double x : c.series[1]) EXPECT_EQ(x, 0.0);
    EXPECT_EQ(c.series[0][0], 0.0);
    for (std::size_t i = 1; i < c.series[0].size(); ++i) EXPECT_GT(c.series[0][i], 1e-3) << i;
    const auto fix = step_views("open-models", om_step("decoupled-rope"), "");
    EXPECT_TRUE(any_note_contains(fix, "it differs from the explicit score by")) << all_notes(fix);
}

TEST(OpenModelsLongRopeMropeMla, DeepSeekYarnScales) {
    const auto v = step_views("open-models", om_step("mla-yarn"), "");
    const CurveView& c = v[0].curve();
    const std::size_t at40 = 78;  // x = 1, 1.5, ..., 40
    ASSERT_EQ(c.x[at40], 40.0);
    const double m = 0.1 * std::log(40.0) + 1.0;
    EXPECT_NEAR(c.series[0][at40], 1.0, 1e-12);    // mscale / mscale_all_dim = 1
    EXPECT_NEAR(c.series[1][at40], m * m, 1e-12);  // ≈ 1.87
    EXPECT_NEAR(m * m, 1.87, 0.005);
    EXPECT_TRUE(any_note_contains(v, "Softmax scale κ = " + lessonui::num(m * m, 6) + " / √(d_C + d_R) = " + lessonui::num(m * m, 6) + " / √(128 + 64) = " +
                                         lessonui::num(m * m / std::sqrt(192.0), 6)))
        << all_notes(v);
    // mscale_all_dim not given: plain YaRN's cos/sin scale, no softmax change.
    const auto plain = step_views("open-models", om_step("mla-yarn"), "mscale_all_dim=0");
    EXPECT_NEAR(plain[0].curve().series[0][at40], m, 1e-12);
    EXPECT_NEAR(plain[0].curve().series[1][at40], 1.0, 1e-12);
}

// ---- questions ----

TEST(OpenModelsLongRopeMropeMla, QuestionsOnLongRopeMropeAndMla) {
    const Lesson* lesson = find_lesson("open-models");
    const ParamSet p = defaults(lesson->params);
    for (const char* id : {"longrope", "m-rope", "mla-yarn", "absorption", "llama3-scaling"})
        EXPECT_FALSE(om_step_named(id).questions.empty()) << id;
    const std::string yarn = om_step_named("mla-yarn").questions[0].explain(p, Lang::en);
    EXPECT_NE(yarn.find("s = 40 that is 1."), std::string::npos) << yarn;
    const std::string longrope = om_step_named("longrope").questions[0].explain(p, Lang::en);
    EXPECT_NE(longrope.find("long factors at N = 4096? no; at N = 4097? yes"), std::string::npos) << longrope;
    // Predictions (asked before the figure) and checks (the equation already gives the answer).
    EXPECT_TRUE(om_step_named("absorption").questions[0].predict);
    for (const char* id : {"longrope", "m-rope", "mla-yarn", "llama3-scaling"}) EXPECT_FALSE(om_step_named(id).questions[0].predict) << id;
    const std::string llama = om_step_named("llama3-scaling").questions[0].explain(p, Lang::en);
    EXPECT_NE(llama.find("29 pairs are divided by 8"), std::string::npos) << llama;
}

}  // namespace
