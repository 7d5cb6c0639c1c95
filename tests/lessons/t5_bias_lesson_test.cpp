// PE Lab — tests/lessons/t5_bias_lesson_test.cpp
// The t5-bias lesson's own numbers: the simplified-code toggle (step simplified-code) marks every cell that differs from HF
// (all of them when bidirectional, 30 of 36 when causal), the four-bucket-picture step's 4-bucket picture against HF with 4
// buckets, and a max_distance HF cannot use replaced by the smallest valid one with a note. The generic checks (text, shapes, hover text) are the battery's (battery_test.cpp).
#include <gtest/gtest.h>

#include <cmath>
#include <string>
#include <vector>

#include "core/relative/t5.h"
#include "lessons/lesson.h"
#include "lesson_views.h"

namespace {

using namespace pelab;

std::vector<ViewData> t5_views(int step, const std::string& query) {
    return pelab_test::step_views("t5-bias", step, query);
}

TEST(T5Lesson, SimplifiedToggleMarksEveryDifferingCell) {
    const Lesson* lesson = find_lesson("t5-bias");
    ASSERT_NE(lesson, nullptr);
    EXPECT_EQ(lesson->steps.size(), 8u);  // seven steps and the recap
    EXPECT_EQ(t5_views(7, "simplified=0").size(), 1u);
    // Bidirectional: the halves are swapped, so every cell differs.
    const auto v = t5_views(7, "simplified=1&L=6");
    ASSERT_EQ(v.size(), 2u);
    EXPECT_EQ(v[1].heatmap().highlight_cells.size(), 36u);
    EXPECT_EQ(v[1].heatmap().values(0, 0), 16);
    // Causal: the simplified code collapses the visible keys (j <= i) to 0; HF's differ there except on the diagonal,
    // and the future keys differ too.
    const auto c = t5_views(7, "seed_version=1&L=6&bidirectional=0");  // the old spelling of the toggle
    const Eigen::MatrixXi hf = t5_bucket_matrix(6, 32, 128, false), simple = t5_tutorial_bucket_matrix(6, 32, 128, false);
    int differ = 0;
    for (int i = 0; i < 6; ++i)
        for (int j = 0; j < 6; ++j) differ += hf(i, j) != simple(i, j) ? 1 : 0;
    EXPECT_EQ(differ, 30);
    EXPECT_EQ(c[1].heatmap().highlight_cells.size(), 30u);
    // Bidirectional at L = 6: 30 cells off the diagonal differ by the sign, the 6 on it by the half test (Δ ≥ 0 up).
    EXPECT_TRUE(pelab_test::any_note_contains(v, "30 off the diagonal, 6 on it."));
    // Step four-bucket-picture: the simplified 4-bucket picture against HF with 4 buckets.
    const auto v4 = t5_views(4, "L=4");
    EXPECT_EQ(v4[0].heatmap().values(0, 3), 2);
    EXPECT_EQ(v4[1].heatmap().values(0, 3), 3);
}

// Step bucketing: one row per band of |Δ| = |i − j| (the defaults: 32 buckets, max_distance 128, bidirectional), the
// bucket of a key before and after the query and the band's size, golden values from HF's formula in python:
// 1…7 exact, then 8…11, 12…15, 16…22, 23…31, 32…45, 46…63, 64…90 and everything from 91 on; a key after adds 16.
TEST(T5Lesson, BucketTableHasOneRowPerDistanceBand) {
    const auto v = t5_views(3, "");
    ASSERT_EQ(v.size(), 2u);
    const TableView& t = v[1].table();
    const std::vector<std::string> labels = {"1", "2", "3", "4", "5", "6", "7", "8…11", "12…15", "16…22",
                                             "23…31", "32…45", "46…63", "64…90", "≥ 91"};
    EXPECT_EQ(t.row_labels, labels);
    ASSERT_EQ(t.values.rows(), 15);
    const int counts[15] = {1, 1, 1, 1, 1, 1, 1, 4, 4, 7, 9, 14, 18, 27, -1};
    for (int r = 0; r < 15; ++r) {
        EXPECT_EQ(t.values(r, 0), r + 1) << r;
        EXPECT_EQ(t.values(r, 1), r + 17) << r;
        if (counts[r] < 0) EXPECT_TRUE(std::isnan(t.values(r, 2)));
        else EXPECT_EQ(t.values(r, 2), counts[r]) << r;
    }
    EXPECT_TRUE(pelab_test::any_note_contains(v, "never used: bucket 16."));
    EXPECT_TRUE(pelab_test::any_note_contains(v, "every |Δ| ≥ 91 shares one bucket"));
    // Causal: 31 bands, a key after the query always in bucket 0.
    const auto c = t5_views(3, "bidirectional=0");
    const TableView& ct = c[1].table();
    ASSERT_EQ(ct.values.rows(), 31);
    for (int r = 0; r < 31; ++r) {
        EXPECT_EQ(ct.values(r, 0), r + 1);
        EXPECT_EQ(ct.values(r, 1), 0);
    }
    EXPECT_TRUE(pelab_test::any_note_contains(c, "Causal: r = max(Δ, 0)"));
}

TEST(T5Lesson, BiasTableSharedByAllLayers) {
    EXPECT_NE(std::string(find_lesson("t5-bias")->steps[0].body.en).find("computed once per model and shared by all layers"),
              std::string::npos);
    EXPECT_TRUE(pelab_test::any_note_contains(t5_views(5, ""), "computed once per forward pass"));
}

// HF accepts any max_distance above the exact-bucket count (num_buckets=8, max_distance=16 is fine); below it
// the log buckets would divide by ln(max_distance/max_exact) <= 0, so the lesson uses the smallest valid one.
TEST(T5Lesson, MaxDistanceThatHfCannotUseIsReplacedWithANote) {
    const ParamSpec* spec = nullptr;
    for (const ParamSpec& s : find_lesson("t5-bias")->params)
        if (s.name == "max_distance") spec = &s;
    ASSERT_NE(spec, nullptr);
    EXPECT_EQ(spec->max, 512);
    if (spec->min > 16) GTEST_SKIP() << "the shared max_distance key still starts at " << spec->min;
    const auto valid = t5_views(3, "num_buckets=8&max_distance=16&L=20");
    EXPECT_FALSE(pelab_test::any_note_contains(valid, "cannot be used"));
    EXPECT_EQ(valid[0].heatmap().values(0, 19), t5_relative_position_bucket(19, true, 8, 16));
    // 64 causal buckets: 32 exact distances, so max_distance = 20 cannot be used; 33 is used instead.
    const auto invalid = t5_views(3, "num_buckets=64&bidirectional=0&max_distance=20&L=40");
    EXPECT_TRUE(pelab_test::any_note_contains(invalid, "max_distance = 20 cannot be used")) << invalid[0].notes[0];
    EXPECT_TRUE(pelab_test::any_note_contains(invalid, "Using max_distance = 33 instead."));
    const Eigen::MatrixXi used = t5_bucket_matrix(40, 64, 33, false);
    for (int i = 0; i < 40; ++i)
        for (int j = 0; j < 40; ++j) EXPECT_EQ(invalid[0].heatmap().values(i, j), used(i, j));
    for (int step = 1; step <= 7; ++step)
        for (const ViewData& v : t5_views(step, "num_buckets=64&bidirectional=0&max_distance=2"))
            for (const std::string& n : v.notes) EXPECT_EQ(n.find("NaN"), std::string::npos) << n;
}

// The two questions asked before their figure are predictions, the bucket question (read off the table)
// is a check; the recap's table holds the claims' numbers at the defaults: 32 × 4 = 128 parameters against the
// 128² = 16384 pairs at L = max_distance, 8 exact buckets and the shared last one from |Δ| = 91, a Toeplitz spread of
// 0, and 144 of 144 buckets the simplified code gets wrong.
TEST(T5Lesson, PredictionsAndTheRecap) {
    const Lesson* lesson = find_lesson("t5-bias");
    ASSERT_NE(lesson, nullptr);
    EXPECT_TRUE(lesson->steps[0].questions[0].predict);
    EXPECT_FALSE(lesson->steps[2].questions[0].predict);
    EXPECT_TRUE(lesson->steps[4].questions[0].predict);
    ASSERT_STREQ(lesson->steps.back().id, "recap");
    const auto v = t5_views(8, "");
    ASSERT_EQ(v.size(), 1u);
    const TableView& t = v[0].table();
    ASSERT_EQ(t.values.rows(), 5);
    EXPECT_EQ(t.values(0, 0), 128);
    EXPECT_EQ(t.values(0, 1), 16384);
    EXPECT_EQ(t.values(1, 0), 8);
    EXPECT_EQ(t.values(1, 1), 91);
    EXPECT_EQ(t.values(2, 0), 0);
    EXPECT_EQ(t.values(4, 0), 144);
    EXPECT_EQ(t.values(4, 1), 144);
}

}  // namespace
