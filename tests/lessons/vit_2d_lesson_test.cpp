// PE Lab — tests/lessons/vit_2d_lesson_test.cpp
// The vit-2d lesson's numbers: the flat diagonal against the true right neighbours (patch-grid), holes in the
// naive lookup and none after interpolation (learnable-2d-table), MAE's halves (mae-sincos), axial RoPE's
// offsets (axial-rope) and Swin's index table (swin-index).
#include <gtest/gtest.h>

#include <cmath>
#include <string>
#include <utility>
#include <vector>

#include "lessons/lesson.h"
#include "lesson_views.h"

namespace {

using namespace pelab;
using pelab_test::any_note_contains;
using pelab_test::all_notes;
using pelab_test::step_views;

TEST(Vit2dLesson, FlatteningAndNeighbourCounts) {
    ASSERT_NE(find_lesson("vit-2d"), nullptr);
    EXPECT_EQ(find_lesson("vit-2d")->steps.size(), 7u);  // six steps and the recap
    const auto v = step_views("vit-2d", 1, "H=3&W=4&patch=6");
    // The rule leads (its broken diagonal is the step's point); the patch grid is the second figure.
    EXPECT_EQ(v[0].heatmap().values(0, 1), 1.0);
    EXPECT_EQ(v[0].heatmap().values(3, 4), 0.0);  // token 3 ends row 0: token 4 is not its right neighbour
    EXPECT_EQ(v[1].heatmap().values(1, 2), 6.0);
    EXPECT_EQ(v[1].heatmap().select_mode, HeatmapView::SelectMode::Cell);
    EXPECT_EQ(v[1].heatmap().highlight_cells, (std::vector<std::pair<int, int>>{{1, 2}}));
    EXPECT_TRUE(any_note_contains(v, "The flat diagonal k = q + 1 has 11 cells, but only 9 are right neighbours")) << all_notes(v);
}

TEST(Vit2dLesson, NaiveLookupHasHolesInterpolationHasNone) {
    const auto v = step_views("vit-2d", 2, "H=2&W=3&H2=4&W2=5");
    const auto resized = step_views("vit-2d", 3, "H=2&W=3&H2=4&W2=5");  // the step bilinear-resize
    const RowMatrix& naive = v[0].heatmap().values;  // the plain lookup leads: its holes are the step's point
    const RowMatrix& learned = v[1].heatmap().values;
    const RowMatrix& bilinear = resized[0].heatmap().values;
    int nan_count = 0;
    for (Eigen::Index i = 0; i < naive.size(); ++i) nan_count += std::isnan(naive.data()[i]);
    EXPECT_EQ(nan_count, 20 - 6);
    for (Eigen::Index i = 0; i < bilinear.size(); ++i) EXPECT_FALSE(std::isnan(bilinear.data()[i]));
    // Corners survive upsampling with align_corners=False (the source index clamps at 0 and at in − 1).
    EXPECT_EQ(bilinear(0, 0), learned(0, 0));
    EXPECT_EQ(bilinear(3, 4), learned(1, 2));
}

TEST(Vit2dLesson, MaeHalvesAndAxialOffsets) {
    const auto mae = step_views("vit-2d", 4, "");
    EXPECT_TRUE(any_note_contains(mae, "Tokens in one column: largest difference in the first half = 0; tokens in one row, second half: 0"))
        << all_notes(mae);
    const auto axial = step_views("vit-2d", 5, "H=4&W=5&dim=8");
    EXPECT_TRUE(any_note_contains(axial, "Distinct offsets: 63 = (2H−1)(2W−1)")) << all_notes(axial);
    const auto swin = step_views("vit-2d", 6, "H=3&W=4");
    EXPECT_TRUE(any_note_contains(swin, "Bias table: (2H−1)(2W−1) = 35 rows; 35 indices used, one (Δr, Δc) each."))
        << all_notes(swin);
}

// The recap: the five schemes side by side, at H×W = 3×4 grown to 5×6: what each learns, what it lacks on the
// larger grid, and whether its scores depend on the 2-D offset alone.
TEST(Vit2dLesson, RecapSetsTheSchemesSideBySide) {
    const Lesson& lesson = *find_lesson("vit-2d");
    EXPECT_STREQ(lesson.steps.back().id, "recap");
    const auto v = step_views("vit-2d", static_cast<int>(lesson.steps.size()), "H=3&W=4&H2=5&W2=6&dim=16");
    const TableView& t = v[0].table();
    ASSERT_EQ(t.values.rows(), 5);
    // Numbers learned: the table H·W·D twice, none for MAE and axial RoPE, (2H−1)(2W−1) for Swin.
    EXPECT_EQ(t.values(0, 0), 3 * 4 * 16.0);
    EXPECT_EQ(t.values(1, 0), 3 * 4 * 16.0);
    EXPECT_EQ(t.values(2, 0), 0.0);
    EXPECT_EQ(t.values(3, 0), 0.0);
    EXPECT_EQ(t.values(4, 0), 5 * 7.0);
    // Missing on 5×6: the plain lookup's 30 − 12 cells, nothing after interpolation or for the formulas, and Swin's
    // 9·11 − 5·7 offsets that its 3×4 table has no row for.
    EXPECT_EQ(t.values(0, 1), 18.0);
    EXPECT_EQ(t.values(1, 1), 0.0);
    EXPECT_EQ(t.values(2, 1), 0.0);
    EXPECT_EQ(t.values(3, 1), 0.0);
    EXPECT_EQ(t.values(4, 1), 9 * 11.0 - 5 * 7.0);
    // Depends on δ alone: MAE's dot products, axial RoPE's scores and Swin's index; not a learned table's.
    EXPECT_GT(t.values(0, 2), 0.01);
    EXPECT_GT(t.values(1, 2), 0.01);
    EXPECT_EQ(t.values(2, 2), 0.0);
    EXPECT_EQ(t.values(3, 2), 0.0);
    EXPECT_EQ(t.values(4, 2), 0.0);
}

}  // namespace
