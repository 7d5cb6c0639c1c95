// PE Lab — tests/lessons/attention_grid_lesson_test.cpp
// The attention-grid lesson's key facts: the step count, the N = 6, Δ = −2 example's empty rows, the
// sizes on the step pairs-versus-positions, the 2×3 "right neighbour" example with its naive flattened rule,
// and the grid ↔ A selection of the step grid-linked-to-a.
#include <gtest/gtest.h>

#include <cmath>
#include <string>
#include <utility>
#include <vector>

#include "lessons/lesson.h"
#include "lesson_views.h"
#include "matrix_assert.h"

namespace {

using namespace pelab;
using pelab_test::any_note_contains;

// The views of the attention-grid step whose id is `id` (Step::id), for a query string.
std::vector<ViewData> attention_grid_views(const char* id, const std::string& query) {
    const int step = step_number_of(*find_lesson("attention-grid"), id);
    EXPECT_GT(step, 0) << id;
    return step > 0 ? pelab_test::step_views("attention-grid", step, query) : std::vector<ViewData>{};
}

TEST(AttentionGridLesson, NineStepsAndTheWorkedExamples) {
    const Lesson* lesson = find_lesson("attention-grid");
    ASSERT_NE(lesson, nullptr);
    EXPECT_EQ(lesson->steps.size(), 9u);
    // The block-Toeplitz A was split off pairs-versus-positions as step 8 (the old numbers 1–7 still open the same
    // steps); the recap follows it.
    EXPECT_STREQ(lesson->steps[7].id, "doubly-block-toeplitz");
    EXPECT_STREQ(lesson->steps.back().id, "recap");
    // relative-rule: Δ = −2 on N = 6 leaves the last two rows empty (0-based 4, 5; 1-based 5, 6).
    EXPECT_TRUE(any_note_contains(attention_grid_views("relative-rule", ""), "Lit cells: N − |Δ| = 4, all on q − k = −2; rows without a 1: 4, 5 (counting from 1: 5, 6)"));
    // pairs-versus-positions: a 6×6 grid has 36 positions, so A is 36×36 = 1296 pairs.
    const auto sizes = attention_grid_views("pairs-versus-positions", "");
    ASSERT_EQ(sizes.size(), 2u);
    EXPECT_TRUE(any_note_contains(sizes, "A is 36×36, 1296 pairs"));
    const auto blocks = attention_grid_views("doubly-block-toeplitz", "");
    ASSERT_EQ(blocks.size(), 1u);
    EXPECT_EQ(blocks[0].heatmap().values.rows(), 36);
    // Its A for δ = (0, −1) is 6×6 blocks of 6×6, doubly block-Toeplitz, but not Toeplitz as a whole (the
    // diagonal q − k = −1 wraps across the grid rows).
    EXPECT_TRUE(any_note_contains(blocks, "A is 6×6 blocks of 6×6; lit cells lie only in the blocks with i − j = δ₁ = 0."));
    EXPECT_TRUE(any_note_contains(blocks, "same i − j = 0; largest spread along a diagonal inside a block = 0: A is doubly block-Toeplitz."));
    EXPECT_TRUE(any_note_contains(blocks, "Largest spread along a diagonal of the whole A = 1: A itself is not Toeplitz"));
    // δ = (1, 0) lights whole diagonals: then A is Toeplitz as well.
    EXPECT_TRUE(any_note_contains(attention_grid_views("doubly-block-toeplitz", "drow=1&dcol=0"), "A happens to be Toeplitz as a whole too."));
    // flatten-2x3-grid: the 2×3 example, its ones in 1-based numbering and the naive rule's wrong link 3 → 4.
    const auto flattened = attention_grid_views("flatten-2x3-grid", "");
    EXPECT_TRUE(any_note_contains(flattened, "Counting from 1: ones at A[1,2], A[2,3], A[4,5], A[5,6]; rows without a 1: 3, 6"));
    EXPECT_TRUE(any_note_contains(flattened, "rows without a 1: 2, 5"));
    EXPECT_TRUE(any_note_contains(flattened, ": 2→3 (counting from 1: 3→4)"));
    ASSERT_EQ(flattened[1].heatmap().highlight_cells.size(), 1u);
    EXPECT_EQ(flattened[1].heatmap().highlight_cells[0], (std::pair<int, int>{2, 3}));
    ASSERT_EQ(flattened[1].heatmap().cell_text.size(), 36u);
    EXPECT_EQ(flattened[1].heatmap().cell_text[2 * 6 + 3], "1≠0");
    EXPECT_EQ(flattened[1].heatmap().cell_text[0 * 6 + 1], "1");
    EXPECT_TRUE(any_note_contains(flattened, "Why: query 2 = (0,2) is in grid row 0, key 3 = (1,0) in row 1 (W = 3)."));
}

TEST(AttentionGridLesson, RecapPutsTheRulesSideBySide) {
    // Defaults: the 1-D rule Δ = −2 on N = 6, the 2-D rule δ = (0, −1) and the naive index rule on the 2×3 grid,
    // the 2-D rule on the 6×6 grid. Columns: positions, cells of A, lit cells, diagonal spread, block spread.
    const auto views = attention_grid_views("recap", "");
    ASSERT_EQ(views.size(), 1u);
    const TableView& t = views[0].table();
    ASSERT_EQ(t.values.rows(), 4);
    ASSERT_EQ(t.values.cols(), 5);
    Eigen::MatrixXd expected(4, 4);
    expected << 6, 36, 4, 0,     // 1-D: Toeplitz
                6, 36, 4, 1,     // 2-D on 2×3: not Toeplitz
                6, 36, 5, 0,     // naive: Toeplitz, one link too many (2 → 3)
                36, 1296, 30, 1;  // 2-D on 6×6: not Toeplitz
    EXPECT_MATRIX_NEAR(Eigen::MatrixXd(t.values.leftCols(4)), expected, 0.0);
    EXPECT_TRUE(std::isnan(t.values(0, 4)));  // a 1-D rule has no blocks
    for (Eigen::Index r : {1, 2, 3}) EXPECT_EQ(t.values(r, 4), 0.0) << r;  // every 2-D rule is doubly block-Toeplitz
}

TEST(AttentionGridLesson, GridAndMatrixSelectTheSameQuery) {
    const auto linked = attention_grid_views("grid-linked-to-a", "H=16&W=16&query=37&drow=1&dcol=-2");
    ASSERT_EQ(linked.size(), 2u);
    const HeatmapView& a = linked[0].heatmap();  // A is the primary figure, the grid beside it
    const HeatmapView& grid = linked[1].heatmap();
    EXPECT_EQ(grid.select_mode, HeatmapView::SelectMode::Cell);
    EXPECT_EQ(grid.select_param, "query");
    EXPECT_EQ(a.select_mode, HeatmapView::SelectMode::Row);
    EXPECT_EQ(a.select_param, "query");
    EXPECT_EQ(a.values.rows(), 256);
    EXPECT_EQ(a.highlight_row, 37);
    // Query 37 = (2, 5); δ = (1, −2) → key (1, 7) = 23.
    EXPECT_EQ(grid.highlight_cells.front(), (std::pair<int, int>{2, 5}));
    EXPECT_EQ(a.highlight_cells.front(), (std::pair<int, int>{37, 23}));
    // displacement-2d: the grid cell text shows δ from the query; arrows start at the query.
    const auto displacement = attention_grid_views("displacement-2d", "query=4");
    const HeatmapView& arrows_grid = displacement[0].heatmap();
    ASSERT_EQ(arrows_grid.cell_text.size(), 6u);
    EXPECT_EQ(arrows_grid.cell_text[4], "q");
    EXPECT_EQ(arrows_grid.cell_text[2], "(1,−1)");
    EXPECT_EQ(arrows_grid.arrows.size(), 5u);
    EXPECT_EQ(arrows_grid.arrows[0].r0, 1);
    EXPECT_EQ(arrows_grid.arrows[0].c0, 1);
}

}  // namespace
