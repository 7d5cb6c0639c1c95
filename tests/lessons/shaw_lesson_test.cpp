// PE Lab — tests/lessons/shaw_lesson_test.cpp
// The shaw lesson's own numbers: the tutorial toggle shows the mirror-order index of the L = 4 example, and
// step 4 names the table row of the selected pair. (Core maths: tests/core/shaw_test.cpp.)
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "lessons/lesson.h"
#include "lesson_views.h"

namespace {

using namespace pelab;

std::vector<ViewData> lesson_views(int step, const std::string& query) {
    return pelab_test::step_views("shaw", step, query);
}

TEST(ShawLesson, TutorialToggleShowsMirrorOrder) {
    const Lesson* lesson = find_lesson("shaw");
    ASSERT_NE(lesson, nullptr);
    EXPECT_EQ(lesson->steps.size(), 7u);
    EXPECT_EQ(lesson_views(3, "").size(), 2u);  // reference index + row table
    const auto v = lesson_views(3, "seed_version=1&L=4");
    ASSERT_EQ(v.size(), 3u);
    // The tutorial view is the L = 4 example; the old key seed_version still opens it.
    EXPECT_EQ(v[1].heatmap().values(0, 0), 3);
    EXPECT_EQ(v[1].heatmap().values(3, 0), 6);
    bool mirror = false;
    for (const std::string& n : v[1].notes) mirror = mirror || n.find("in 16 / 16 cells") != std::string::npos;
    EXPECT_TRUE(mirror);
    // Step 4: the selected pair's note names its table row; (i, j) = (1, 4) with k = 2 is clipped to row 4.
    const auto v4 = lesson_views(4, "L=5&j=4");
    ASSERT_GE(v4[1].notes.size(), 1u);
    EXPECT_EQ(v4[1].notes[0], "i = 1, j = 4: j − i = 3 → table row 4.");
    // At the defaults (L = 4, the L = 4 example) the pair (1, 3) reads the edge row 4 unclipped.
    EXPECT_EQ(lesson_views(4, "")[1].notes[0], "i = 1, j = 3: j − i = 2 → table row 4.");
    EXPECT_EQ(v4[2].heatmap().select_param, "i");
}

// Shaw et al. eq. 3: z_i = Σ_j α_ij (v_j + a^V_ij); the two heatmaps add up to the pair-by-pair sum, and
// row i of the a^V term mixes table rows with the attention mass per clipped distance.
TEST(ShawLesson, ValueSideTermAddsUp) {
    const auto v = lesson_views(7, "L=6&k=1&d=3&seed=5");
    ASSERT_EQ(v.size(), 3u);
    EXPECT_EQ(v[0].heatmap().values.rows(), 6);
    EXPECT_EQ(v[0].heatmap().values.cols(), 3);
    const RowMatrix sum = v[0].heatmap().values + v[1].heatmap().values;
    for (Eigen::Index i = 0; i < sum.size(); ++i) EXPECT_NEAR(sum.data()[i], v[2].heatmap().values.data()[i], 1e-15);
    EXPECT_TRUE(pelab_test::any_note_contains(v, "differs from the sum of the two terms by at most "));
    const std::string hover = v[1].heatmap().explain(0, 0);
    EXPECT_NE(hover.find("a^V[j − i = 0]"), std::string::npos) << hover;
    EXPECT_NE(hover.find("a^V[j − i = 1]"), std::string::npos) << hover;
    EXPECT_EQ(hover.find("a^V[j − i = −1]"), std::string::npos) << hover;  // query 0 has no key to its left
}

}  // namespace
