// PE Lab — tests/lessons/t5_bias_lesson_test.cpp
// The t5-bias lesson's own numbers: the seed-version toggle of step 7 marks every cell that differs from HF
// (all of them when bidirectional, 30 of 36 when causal), and step 4's 4-bucket picture against HF with
// 4 buckets. The generic checks (text, shapes, hover text) are the battery's (battery_test.cpp).
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "core/t5.h"
#include "lessons/lesson.h"
#include "lesson_views.h"

namespace {

using namespace pelab;

std::vector<ViewData> lesson_views(int step, const std::string& query) {
    return pelab_test::step_views("t5-bias", step, query);
}

TEST(T5Lesson, SeedToggleMarksEveryDifferingCell) {
    const Lesson* lesson = find_lesson("t5-bias");
    ASSERT_NE(lesson, nullptr);
    EXPECT_EQ(lesson->steps.size(), 7u);
    EXPECT_EQ(lesson_views(7, "").size(), 1u);
    // Bidirectional: the halves are swapped, so every cell differs.
    const auto v = lesson_views(7, "seed_version=1&L=6");
    ASSERT_EQ(v.size(), 2u);
    EXPECT_EQ(v[1].heatmap().highlight_cells.size(), 36u);
    EXPECT_EQ(v[1].heatmap().values(0, 0), 16);
    // Causal: the seed collapses the visible keys (j <= i) to 0; HF's differ there except on the diagonal,
    // and the future keys differ too.
    const auto c = lesson_views(7, "seed_version=1&L=6&bidirectional=0");
    const Eigen::MatrixXi hf = t5_bucket_matrix(6, 32, 128, false), seed = t5_seed_bucket_matrix(6, 32, 128, false);
    int differ = 0;
    for (int i = 0; i < 6; ++i)
        for (int j = 0; j < 6; ++j) differ += hf(i, j) != seed(i, j) ? 1 : 0;
    EXPECT_EQ(differ, 30);
    EXPECT_EQ(c[1].heatmap().highlight_cells.size(), 30u);
    // Step 4: the seed's 4-bucket picture against HF with 4 buckets.
    const auto v4 = lesson_views(4, "L=4");
    EXPECT_EQ(v4[0].heatmap().values(0, 3), 2);
    EXPECT_EQ(v4[1].heatmap().values(0, 3), 3);
}

}  // namespace
