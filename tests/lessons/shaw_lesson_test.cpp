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

TEST(ShawLesson, SeedToggleShowsMirrorOrder) {
    const Lesson* lesson = find_lesson("shaw");
    ASSERT_NE(lesson, nullptr);
    EXPECT_EQ(lesson->steps.size(), 6u);
    EXPECT_EQ(lesson_views(3, "").size(), 2u);  // reference index + row table
    const auto v = lesson_views(3, "seed_version=1&L=4");
    ASSERT_EQ(v.size(), 3u);
    // The seed's view is the seed's L = 4 example.
    EXPECT_EQ(v[1].heatmap().values(0, 0), 3);
    EXPECT_EQ(v[1].heatmap().values(3, 0), 6);
    bool mirror = false;
    for (const std::string& n : v[1].notes) mirror = mirror || n.find("in 16 / 16 cells") != std::string::npos;
    EXPECT_TRUE(mirror);
    // Step 4: the selected pair's note names its table row; (i, j) = (1, 4) with k = 2 is clipped to row 4.
    const auto v4 = lesson_views(4, "");
    ASSERT_GE(v4[1].notes.size(), 1u);
    EXPECT_EQ(v4[1].notes[0], "i = 1, j = 4: j − i = 3 → table row 4.");
    EXPECT_EQ(v4[2].heatmap().select_param, "i");
}

}  // namespace
