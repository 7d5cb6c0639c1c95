// PE Lab — tests/lessons/example_lesson_test.cpp
// The example lesson (lessons/example.cpp): what it shows equals core's numbers, the CLI quantity gives the
// same matrix, and it is built but not listed in the curriculum. (The battery in battery_test.cpp already
// checks its texts, parameters and every view at the ends of its ranges.)
#include <gtest/gtest.h>

#include "core/distance.h"
#include "lesson_views.h"
#include "lessons/lesson.h"
#include "matrix_assert.h"

namespace {

using namespace pelab;

TEST(ExampleLesson, DistanceHeatmapIsCoreMatrixWithHover) {
    const auto v = pelab_test::step_views("example", 1, "L=5", Lang::en);
    ASSERT_EQ(v.size(), 1u);
    const HeatmapView& h = v[0].heatmap();
    EXPECT_MATRIX_NEAR(h.values, query_key_distance(5), 0.0);
    EXPECT_EQ(h.highlight_delta, 0);
    EXPECT_EQ(h.explain(1, 3), "q = 1, k = 3: Δ = q − k = −2.");
    EXPECT_TRUE(pelab_test::any_note_contains(v, "The 25 cells hold only 9 different distances."));
}

TEST(ExampleLesson, CheckboxTurnsTheOutlineOff) {
    const auto v = pelab_test::step_views("example", 1, "diagonal=0", Lang::en);
    EXPECT_EQ(v[0].heatmap().highlight_delta, INT_MIN);
}

TEST(ExampleLesson, PairCountsInChinese) {
    const auto v = pelab_test::step_views("example", 2, "L=3", Lang::zh);
    const CurveView& c = v[0].curve();
    EXPECT_EQ(c.x, (std::vector<double>{-2, -1, 0, 1, 2}));
    EXPECT_EQ(c.series[0], (std::vector<double>{1, 2, 3, 2, 1}));
    EXPECT_TRUE(pelab_test::any_note_contains(v, "各距离的对数加起来是 9 = L² = 3²。"));
}

TEST(ExampleLesson, IsNotInTheCurriculum) {
    ASSERT_NE(find_lesson("example"), nullptr);
    for (const Lesson* lesson : lesson_registry()) EXPECT_STRNE(lesson->id, "example");
}

}  // namespace
