// PE Lab — tests/lessons/absolute_pe_lesson_test.cpp
// The absolute-pe lesson's key facts in its own numbers: the worked example pos = 2, d = 4, the two layouts
// side by side, the shuffle check, the learnable table without rows beyond max_len and the shift identity.
// (Core maths: tests/core/sinusoidal_test.cpp.)
#include <gtest/gtest.h>

#include <cmath>
#include <string>
#include <vector>

#include "lessons/lesson.h"
#include "lesson_views.h"
#include "matrix_assert.h"

namespace {

using namespace pelab;
using pelab_test::any_note_contains;

std::vector<ViewData> lesson_views(int step, const std::string& query) {
    return pelab_test::step_views("absolute-pe", step, query);
}

TEST(AbsolutePeLesson, WorkedExampleAndLayouts) {
    const Lesson* lesson = find_lesson("absolute-pe");
    ASSERT_NE(lesson, nullptr);
    EXPECT_EQ(lesson->steps.size(), 8u);
    const auto v3 = lesson_views(3, "");
    EXPECT_TRUE(any_note_contains(v3, "PE(2) = (sin 2, cos 2, sin 0.02, cos 0.02)"));
    EXPECT_TRUE(any_note_contains(v3, "pos = 2 is token number 3 counting from 1"));
    const auto v6 = lesson_views(6, "");
    EXPECT_TRUE(any_note_contains(v6, "Column 1: cos(2) = "));
    EXPECT_TRUE(any_note_contains(v6, " versus sin(0.0002) = "));
    // Step 1: shuffling the tokens shuffles the outputs.
    EXPECT_TRUE(any_note_contains(lesson_views(1, "tokens=8&seed=3"), "Largest |Attn(P·X) − P·Attn(X)| = "));
}

TEST(AbsolutePeLesson, LearnableTableHasNoRowsBeyondMaxLen) {
    const auto v8 = lesson_views(8, "L=20&max_len=12&d_model=8");
    // Transposed view: one column per position.
    const RowMatrix& table = v8[0].heatmap().values;
    ASSERT_EQ(table.cols(), 20);
    ASSERT_EQ(table.rows(), 8);
    for (int c = 0; c < 20; ++c) EXPECT_EQ(std::isnan(table(0, c)), c >= 12) << c;
    EXPECT_TRUE(any_note_contains(v8, "Parameters: max_len × d = 12 × 8 = 96."));
    EXPECT_TRUE(any_note_contains(v8, "At BERT-base size (512 × 768) it is 393,216 parameters."));
    // Step 5: the shift identity holds in the lesson's own numbers.
    const auto v5 = lesson_views(5, "pos=7&shift=-4&d=16");
    EXPECT_MATRIX_NEAR(v5[1].table().values.row(1), v5[1].table().values.row(2), 1e-12);
}

}  // namespace
