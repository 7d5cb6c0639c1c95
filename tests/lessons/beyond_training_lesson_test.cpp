// PE Lab — tests/lessons/beyond_training_lesson_test.cpp
// The specific numbers of the lesson "beyond-training" (split out of long-context, whose checks of these
// steps moved here): wrapping pairs, the odometer, ALiBi's slopes (the reference's beside the simple formula) and
// softmax invariance, attention beyond the training length, the distinct values of the clipped and bucketed
// methods, and the recap. The generic checks of every lesson live in battery_test.cpp.
//
// [SECTION] helpers
// [SECTION] phase wrap, turns, the odometer
// [SECTION] ALiBi
// [SECTION] clipped and bucketed, the recap
#include <cmath>
#include <string>
#include <vector>

#include "core/relative/alibi.h"
#include "core/rope/rope.h"
#include "core/relative/t5.h"
#include "lessons/lesson.h"
#include "lesson_views.h"

namespace {

using namespace pelab;
using pelab_test::any_note_contains;
using pelab_test::all_notes;
using pelab_test::step_views;

// [SECTION] helpers
// The views of the lesson's step named `id`.
std::vector<ViewData> bt_views(const char* id, const std::string& query, Lang lang = Lang::en) {
    const Lesson* lesson = find_lesson("beyond-training");
    EXPECT_NE(lesson, nullptr);
    if (!lesson) return {};
    const int n = step_number_of(*lesson, id);
    EXPECT_GT(n, 0) << id;
    if (n <= 0) return {};
    return step_views("beyond-training", n, query, lang);
}
const Step& bt_step(const char* id) {
    const Lesson* lesson = find_lesson("beyond-training");
    return lesson->steps[static_cast<std::size_t>(step_number_of(*lesson, id) - 1)];
}
std::string bt_takeaway(const char* id, const std::string& query = "") {
    const Lesson* lesson = find_lesson("beyond-training");
    ParamSet p = defaults(lesson->params);
    EXPECT_TRUE(parse_params(lesson->params, split_query(query), &p).empty()) << query;
    return step_takeaway(bt_step(id), p, Lang::en);
}

// [SECTION] phase wrap, turns, the odometer
TEST(BeyondTrainingLesson, StepsComeBeforeLongContext) {
    const Lesson* lesson = find_lesson("beyond-training");
    ASSERT_NE(lesson, nullptr);
    EXPECT_EQ(lesson->steps.size(), 9u);
    for (const Step& step : lesson->steps) EXPECT_FALSE(step.equations.empty()) << step.title.en;
    // Registered right before long-context, which builds on it.
    const auto& all = lesson_registry();
    for (std::size_t i = 0; i + 1 < all.size(); ++i)
        if (all[i] == lesson) EXPECT_STREQ(all[i + 1]->id, "long-context");
    // The first step says what problem the lesson solves.
    EXPECT_NE(bt_takeaway("phase-wrap").find("meets longer texts"), std::string::npos) << bt_takeaway("phase-wrap");
}

TEST(BeyondTrainingLesson, PhaseWrapWritesTheFrequencyFormula) {
    const Step& step = find_lesson("beyond-training")->steps[0];
    EXPECT_NE(std::string(step.body.en).find("θᵢ = base^(−2i/d)"), std::string::npos);
    EXPECT_NE(std::string(step.body.zh).find("θᵢ = base^(−2i/d)"), std::string::npos);
}

TEST(BeyondTrainingLesson, PhaseWrapCountsWrappingPairs) {
    const auto v = bt_views("turns-in-training", "");
    const TableView& table = v[0].table();
    ASSERT_LE(table.values.rows(), 8);
    // λ = 2π·10000^(2i/128) ≤ 2048 for i ≤ 40: the sample holds the last pair that wraps and the first that does not.
    bool saw_40 = false, saw_41 = false;
    for (Eigen::Index r = 0; r < table.values.rows(); ++r) {
        const std::string& label = table.row_labels[static_cast<std::size_t>(r)];
        if (label == "pair 40") saw_40 = table.values(r, 3) == 1.0;
        if (label == "pair 41") saw_41 = table.values(r, 3) == 0.0;
    }
    EXPECT_TRUE(saw_40 && saw_41);
    EXPECT_TRUE(any_note_contains(v, "L = 2048: 41 pairs turned full circles in training")) << all_notes(v);
    EXPECT_EQ(bt_takeaway("turns-in-training"), "41 of 64 pairs turn at least once within L = 2048, so they have seen every "
                                                "angle; the other 23 saw only an arc, and past L they leave it.");
    const auto wrap = bt_views("phase-wrap", "");
    EXPECT_EQ(wrap[0].curve().vlines_x, std::vector<double>{2048});
    // The figure names its own pairs on each side of L (the slowest wrapping pair is 40, the next 41).
    EXPECT_TRUE(any_note_contains(wrap, "40 have λ < L = 2048")) << all_notes(wrap);
    EXPECT_TRUE(any_note_contains(wrap, "Pairs 41, 63 have λ > L")) << all_notes(wrap);
}

TEST(BeyondTrainingLesson, TurnsMarkWholeCirclesFromTheNumbers) {
    const TableView turns = bt_views("turns-in-training", "")[0].table();
    ASSERT_EQ(turns.marks.size(), static_cast<size_t>(turns.values.rows()));
    for (const CellMark& m : turns.marks) {
        EXPECT_EQ(m.col, 3);
        EXPECT_EQ(m.holds, turns.values(m.row, 1) <= 2048.0) << m.row;
        EXPECT_EQ(m.word, m.holds ? "whole circle" : "only an arc");
    }
}

TEST(BeyondTrainingLesson, OdometerCaptionsFitUnderTheirDials) {
    const OdometerView o = bt_views("odometer", "")[0].odometer();
    ASSERT_EQ(o.captions.size(), 64u);
    EXPECT_EQ(o.captions[0], "λ = 6.28");
    EXPECT_EQ(o.captions[40], "λ = 2k");     // 1986.92
    EXPECT_EQ(o.captions[41], "λ = 2.3k");   // 2294.46
    EXPECT_EQ(o.captions[63], "λ = 54k");    // 54410.1
    const OdometerView big = bt_views("odometer", "base=10000000")[0].odometer();
    EXPECT_EQ(big.captions[63], "λ = 49M");  // 2π·10⁷^(126/128) = 4.88e7
    // The first odometer comes before any scaling is taught: it never draws a scaled needle.
    EXPECT_TRUE(o.theta_scaled.empty());
    EXPECT_EQ(bt_step("odometer").timeline.param, "position");
    const auto v = bt_views("odometer", "");
    EXPECT_TRUE(any_note_contains(v, "23 of 64 pairs did not complete one turn")) << all_notes(v);
    EXPECT_TRUE(any_note_contains(v, "At p = 3000, 21 pairs point at angles")) << all_notes(v);
    EXPECT_NE(bt_takeaway("odometer").find("At p = 3000, 21 of the 23 slow pairs"), std::string::npos) << bt_takeaway("odometer");
    // Before L no needle can have left its arc.
    EXPECT_NE(bt_takeaway("odometer", "position=1000").find(", 0 of the 23 slow pairs"), std::string::npos);
}

// [SECTION] ALiBi
TEST(BeyondTrainingLesson, AlibiSlopesAndSoftmaxInvariance) {
    const auto v = bt_views("alibi", "heads=12&head=9");
    ASSERT_EQ(v.size(), 2u);
    EXPECT_EQ(v[0].heatmap().select_mode, HeatmapView::SelectMode::Row);
    EXPECT_EQ(v[0].heatmap().select_param, "head");
    EXPECT_EQ(v[0].heatmap().highlight_row, 9);
    EXPECT_NEAR(v[0].heatmap().values(9, 1), -alibi_slopes(12)[9], 1e-15);
    // 12 heads: the note says why the list differs from 2^(−8(h+1)/H) — the reference's interleaving.
    EXPECT_TRUE(any_note_contains(v, "H = 12 is not a power of two: heads 0–7 take the slopes of 8 heads, 2^(−8(h+1)/8); "
                                     "heads 8–11 take every other slope of 16 heads")) << all_notes(v);
    EXPECT_TRUE(any_note_contains(v, "(as the ALiBi authors' code does): 0.5, 0.25")) << all_notes(v);
    EXPECT_TRUE(any_note_contains(bt_views("alibi", "heads=16"), "H = 16 is a power of two: slopes m_h = 2^(−8(h+1)/H), "
                                                                 "a geometric sequence (as in the ALiBi authors' code): 0.7071"));
    EXPECT_TRUE(std::isnan(v[1].heatmap().values(0, 1)));  // masked future key
    EXPECT_NEAR(v[1].heatmap().values(5, 2), -alibi_slopes(12)[9] * 3, 1e-15);
    EXPECT_TRUE(any_note_contains(v, "Doubling the length: largest change of the first L×L block = 0"));
    const auto sym = bt_views("alibi", "mode=symmetric&heads=4");
    EXPECT_NEAR(sym[1].heatmap().values(0, 3), -alibi_slopes(4)[0] * 3, 1e-15);
    // The second equation gives both rules, so the 12-head list agrees with a formula on the same screen.
    EXPECT_EQ(bt_step("alibi").equations.size(), 2u);
    EXPECT_NE(std::string(bt_step("alibi").equations[1].en).find("m_{P+j}=2^{-8(2j+1)/(2P)}"), std::string::npos);
    // The rule, checked against core for every head count: the first P slopes, then every other one of 2P heads.
    for (int H = 1; H <= 32; ++H) {
        int P = 1;
        while (2 * P <= H) P *= 2;
        const std::vector<double> s = alibi_slopes(H);
        for (int h = 0; h < H; ++h) {
            const double want = h < P ? std::pow(2.0, -8.0 * (h + 1) / P) : std::pow(2.0, -8.0 * (2 * (h - P) + 1) / (2 * P));
            EXPECT_NEAR(s[static_cast<std::size_t>(h)], want, 1e-13 * want) << H << " heads, head " << h;
        }
    }
}

TEST(BeyondTrainingLesson, AlibiReferenceRowsGiveTheSameWeights) {
    const auto v = bt_views("alibi-reference-rows", "");
    EXPECT_TRUE(any_note_contains(v, "largest difference of the attention weights = 0")) << all_notes(v);
    EXPECT_TRUE(any_note_contains(v, "The ALiBi authors' code adds m·k to every row")) << all_notes(v);
    EXPECT_NE(bt_takeaway("alibi-reference-rows").find("(largest difference 0)"), std::string::npos) << bt_takeaway("alibi-reference-rows");
}

TEST(BeyondTrainingLesson, AlibiAttentionBeyondTheTrainingLength) {
    const std::string q = "heads=8&original_max=512&seq_len=4096&seed=3";
    const auto v = bt_views("alibi-beyond-training", q);
    ASSERT_EQ(v.size(), 1u);
    const CurveView& mass = v[0].curve();
    ASSERT_EQ(mass.series.size(), 4u);  // share of keys, plain RoPE, ALiBi mean, ALiBi gentlest
    for (std::size_t k = 0; k < mass.x.size(); ++k) {
        EXPECT_NEAR(mass.series[0][k], (mass.x[k] - 512) / mass.x[k], 1e-12);
        EXPECT_LE(mass.series[2][k], 0.1 * mass.series[0][k]);  // ALiBi down-weights distant keys
        EXPECT_LE(mass.series[2][k], mass.series[3][k]);  // the gentlest head lets most through
    }
    EXPECT_GT(mass.series[1].back(), 0.5);  // plain RoPE: most attention lands beyond L at N = 8·L
    const auto by_head = bt_views("alibi-head-by-head", q);
    const TableView& heads = by_head[0].table();
    ASSERT_EQ(heads.values.rows(), 8);
    ASSERT_EQ(heads.values.cols(), 4);
    for (int h = 0; h < 8; ++h) {
        EXPECT_EQ(heads.values(h, 0), alibi_slopes(8)[static_cast<std::size_t>(h)]);
        EXPECT_EQ(heads.values(h, 1), -alibi_slopes(8)[static_cast<std::size_t>(h)] * 512);
        EXPECT_NEAR(heads.values(h, 3), heads.values(h, 0), 1e-15);  // 8 heads: the simple formula is the reference
    }
    EXPECT_TRUE(any_note_contains(by_head, "H = 8 is a power of two")) << all_notes(by_head);
    EXPECT_TRUE(any_note_contains(v, "Beyond L the ALiBi biases are values never met in training")) << all_notes(v);
    // The prediction is asked before the curve, and nothing outside the covered figure gives it away.
    const Step& step = bt_step("alibi-beyond-training");
    ASSERT_EQ(step.questions.size(), 1u);
    EXPECT_TRUE(step.questions[0].predict);
    for (const char* text : {step.title.en, step.body.en}) EXPECT_EQ(std::string(text).find("more negative"), std::string::npos) << text;
}

TEST(BeyondTrainingLesson, AlibiHeadByHeadShowsBothSlopeRules) {
    // 12 heads (the default): the gentlest head (h7, m = 2⁻⁸) is marked, it lets the most through, and every
    // reference slope differs from 2^(−8(h+1)/12), which the last column shows.
    const auto v = bt_views("alibi-head-by-head", "");
    const TableView heads = v[0].table();
    ASSERT_EQ(heads.marks.size(), 1u);
    EXPECT_EQ(heads.marks[0].row, 7);
    EXPECT_EQ(heads.marks[0].col, 2);
    EXPECT_EQ(heads.values(7, 0), std::pow(2.0, -8));
    EXPECT_EQ(heads.values(7, 2), heads.values.col(2).maxCoeff());
    for (int h = 0; h < 12; ++h) EXPECT_NEAR(heads.values(h, 3), std::pow(2.0, -8.0 * (h + 1) / 12), 1e-15);
    EXPECT_TRUE(any_note_contains(v, "H = 12 is not a power of two: 12 heads' slopes in the authors' code differ")) << all_notes(v);
}

// [SECTION] clipped and bucketed, the recap
TEST(BeyondTrainingLesson, ClippedAndBucketedMeetNoNewValues) {
    const std::string q = "original_max=512&seq_len=4096&clip=4&num_buckets=32&max_distance=128";
    const auto v = bt_views("learned-and-clipped", q);
    ASSERT_EQ(v.size(), 1u);
    const CurveView& c = v[0].curve();
    ASSERT_EQ(c.series.size(), 4u);  // formulas, learned table, Shaw, T5
    EXPECT_TRUE(c.log_x && c.log_y);
    EXPECT_EQ(c.x.front(), 1.0);
    EXPECT_EQ(c.x.back(), 4095.0);  // the largest distance in N = 4096 positions
    for (std::size_t k = 0; k < c.x.size(); ++k) {
        const int d = static_cast<int>(c.x[k]);
        EXPECT_EQ(c.series[0][k], d + 1.0);
        if (d < 512) EXPECT_EQ(c.series[1][k], d + 1.0);
        else EXPECT_TRUE(std::isnan(c.series[1][k])) << d;  // the learned table has no row past L
        EXPECT_EQ(c.series[2][k], std::min(d, 4) + 1.0);    // Shaw: clip(Δ, −C, C)
        // T5: the distinct buckets of Δ' = 0 … Δ, from core's bucket of each relative position key − query = −Δ'.
        std::vector<bool> seen(32, false);
        int count = 0;
        for (int e = 0; e <= d; ++e) {
            const int b = t5_relative_position_bucket(-e, true, 32, 128);
            if (!seen[size_t(b)]) ++count, seen[size_t(b)] = true;
        }
        EXPECT_EQ(c.series[3][k], count) << d;
    }
    EXPECT_EQ(c.series[3].back(), 16.0);  // bidirectional: 16 buckets per direction, all used by Δ = 4095
    EXPECT_TRUE(any_note_contains(v, "Up to Δ = 4095: Shaw (C = 4) meets 5 values, 0 of them new past L = 512; T5 (32 buckets, "
                                     "max_distance = 128) meets 16 buckets, 0 new past L; ALiBi, RoPE and the sinusoid meet a "
                                     "new value at every distance, 3584 of them past L")) << all_notes(v);
    EXPECT_TRUE(any_note_contains(v, "L = 512 rows: from position 512 on there is no vector at all")) << all_notes(v);
    // max_distance above L: T5's buckets past L are new too.
    const auto far = bt_views("learned-and-clipped", "original_max=16&seq_len=4096&max_distance=1024");
    EXPECT_TRUE(any_note_contains(far, "meets 16 buckets, 6 new past L;")) << all_notes(far);
    EXPECT_NE(bt_takeaway("learned-and-clipped", q).find("Up to Δ = 4095, ALiBi and RoPE meet 3584 values never seen in training; "
                                                         "Shaw meets 0 new ones and T5 0"),
              std::string::npos) << bt_takeaway("learned-and-clipped", q);
}

TEST(BeyondTrainingLesson, RecapPutsTheClaimsSideBySide) {
    const Lesson* lesson = find_lesson("beyond-training");
    EXPECT_STREQ(lesson->steps.back().id, "recap");
    const auto v = bt_views("recap", "");
    const TableView& t = v[0].table();
    ASSERT_EQ(t.values.rows(), 5);
    EXPECT_EQ(t.values(0, 0), 23.0);  // slow pairs
    EXPECT_EQ(t.values(0, 1), 64.0);
    EXPECT_EQ(t.values(1, 0), 21.0);  // off their arc at p = 3000
    EXPECT_EQ(t.values(2, 0), 0.0);   // ALiBi's bias does not change with the length
    EXPECT_LT(t.values(3, 0), 1e-3);  // ALiBi's attention past L, against RoPE's
    EXPECT_GT(t.values(3, 1), 0.5);
    EXPECT_EQ(t.values(4, 0), 0.0);   // Shaw: nothing new past L
    EXPECT_EQ(t.values(4, 1), 8191.0 - 2047.0);
    // The same numbers as the steps that show them.
    EXPECT_NEAR(t.values(3, 1), bt_views("alibi-beyond-training", "")[0].curve().series[1].back(), 1e-12);
}

TEST(BeyondTrainingLesson, NoTextCallsTheSourceNotesASeed) {
    for (const Step& step : find_lesson("beyond-training")->steps)
        for (const char* text : {step.body.en, step.body.zh}) {
            EXPECT_EQ(std::string(text).find("Seed"), std::string::npos) << text;
            EXPECT_EQ(std::string(text).find("种子"), std::string::npos) << text;
        }
    for (std::size_t s = 1; s <= find_lesson("beyond-training")->steps.size(); ++s)
        for (const ViewData& v : step_views("beyond-training", static_cast<int>(s), ""))
            for (const std::string& n : v.notes) {
                const std::size_t at = n.find("seed");
                EXPECT_TRUE(at == std::string::npos || n.compare(at - 7, 11, "random seed") == 0) << n;
            }
}

}  // namespace
