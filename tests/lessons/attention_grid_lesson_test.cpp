// PE Lab — tests/lessons/attention_grid_lesson_test.cpp
// The attention-grid lesson's key facts: the step count, the N = 6, Δ = −2 example's empty rows, the
// sizes of step 4, the 2×3 "right neighbour" example with its naive flattened rule, and the grid ↔ A
// selection of step 7.
#include <gtest/gtest.h>

#include <utility>

#include "lessons/lesson.h"
#include "lesson_views.h"

namespace {

using namespace pelab;
using pelab_test::step_views;
using pelab_test::any_note_contains;

TEST(AttentionGridLesson, SevenStepsAndTheWorkedExamples) {
    const Lesson* lesson = find_lesson("attention-grid");
    ASSERT_NE(lesson, nullptr);
    EXPECT_EQ(lesson->steps.size(), 7u);
    // Step 2: Δ = −2 on N = 6 leaves the last two rows empty (0-based 4, 5; 1-based 5, 6).
    EXPECT_TRUE(any_note_contains(step_views("attention-grid", 2, ""), "Rows without a 1 (counting from 0): 4, 5; counting from 1: 5, 6."));
    // Step 4: a 6×6 grid has 36 positions, so A is 36×36 = 1296 pairs.
    const auto v4 = step_views("attention-grid", 4, "");
    EXPECT_EQ(v4[2].heatmap().values.rows(), 36);
    EXPECT_TRUE(any_note_contains(v4, "A is 36×36, 1296 pairs"));
    // Its A for δ = (0, −1) is 6×6 blocks of 6×6, doubly block-Toeplitz, but not Toeplitz as a whole (the
    // diagonal q − k = −1 wraps across the grid rows).
    EXPECT_TRUE(any_note_contains(v4, "A is 6×6 blocks of 6×6; lit cells lie only in the blocks with i − j = δ₁ = 0."));
    EXPECT_TRUE(any_note_contains(v4, "same i − j = 0; largest spread along a diagonal inside a block = 0: A is doubly block-Toeplitz."));
    EXPECT_TRUE(any_note_contains(v4, "Largest spread along a diagonal of the whole A = 1: A itself is not Toeplitz"));
    // δ = (1, 0) lights whole diagonals: then A is Toeplitz as well.
    EXPECT_TRUE(any_note_contains(step_views("attention-grid", 4, "drow=1&dcol=0"), "A happens to be Toeplitz as a whole too."));
    // Step 6: the 2×3 example, its ones in 1-based numbering and the naive rule's wrong link 3 → 4.
    const auto v6 = step_views("attention-grid", 6, "");
    EXPECT_TRUE(any_note_contains(v6, "Cells equal to 1 (from 1): A[1,2], A[2,3], A[4,5], A[5,6]"));
    EXPECT_TRUE(any_note_contains(v6, "Rows without a 1 (from 0 / from 1): 2, 5 / 3, 6"));
    EXPECT_TRUE(any_note_contains(v6, ": 2→3 / 3→4"));
    ASSERT_EQ(v6[1].heatmap().highlight_cells.size(), 1u);
    EXPECT_EQ(v6[1].heatmap().highlight_cells[0], (std::pair<int, int>{2, 3}));
}

TEST(AttentionGridLesson, GridAndMatrixSelectTheSameQuery) {
    const auto v7 = step_views("attention-grid", 7, "H=16&W=16&query=37&drow=1&dcol=-2");
    ASSERT_EQ(v7.size(), 2u);
    const HeatmapView& grid = v7[0].heatmap();
    const HeatmapView& a = v7[1].heatmap();
    EXPECT_EQ(grid.select_mode, HeatmapView::SelectMode::Cell);
    EXPECT_EQ(grid.select_param, "query");
    EXPECT_EQ(a.select_mode, HeatmapView::SelectMode::Row);
    EXPECT_EQ(a.select_param, "query");
    EXPECT_EQ(a.values.rows(), 256);
    EXPECT_EQ(a.highlight_row, 37);
    // Query 37 = (2, 5); δ = (1, −2) → key (1, 7) = 23.
    EXPECT_EQ(grid.highlight_cells.front(), (std::pair<int, int>{2, 5}));
    EXPECT_EQ(a.highlight_cells.front(), (std::pair<int, int>{37, 23}));
    // Step 5: the grid cell text shows δ from the query; arrows start at the query.
    const auto v5 = step_views("attention-grid", 5, "query=4");
    const HeatmapView& grid5 = v5[0].heatmap();
    ASSERT_EQ(grid5.cell_text.size(), 6u);
    EXPECT_EQ(grid5.cell_text[4], "q");
    EXPECT_EQ(grid5.cell_text[2], "(1,−1)");
    EXPECT_EQ(grid5.arrows.size(), 5u);
    EXPECT_EQ(grid5.arrows[0].r0, 1);
    EXPECT_EQ(grid5.arrows[0].c0, 1);
}

}  // namespace
