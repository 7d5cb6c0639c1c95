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

// The absolute-pe step whose id is `id` (Step::id), and its views for a query string.
const Step& absolute_pe_step(const char* id) {
    const Lesson& lesson = *find_lesson("absolute-pe");
    return lesson.steps.at(static_cast<std::size_t>(step_number_of(lesson, id) - 1));
}

std::vector<ViewData> absolute_pe_views(const char* id, const std::string& query) {
    const int step = step_number_of(*find_lesson("absolute-pe"), id);
    EXPECT_GT(step, 0) << id;
    return step > 0 ? pelab_test::step_views("absolute-pe", step, query) : std::vector<ViewData>{};
}

TEST(AbsolutePeLesson, WorkedExampleAndLayouts) {
    const Lesson* lesson = find_lesson("absolute-pe");
    ASSERT_NE(lesson, nullptr);
    EXPECT_EQ(lesson->steps.size(), 14u);  // 13 steps and the recap
    const auto formula = absolute_pe_views("sinusoidal-formula", "");
    EXPECT_TRUE(any_note_contains(formula, "PE(2) = (sin 2, cos 2, sin 0.02, cos 0.02)"));
    EXPECT_TRUE(any_note_contains(formula, "pos = 2 is token number 3 counting from 1"));
    const auto layouts = absolute_pe_views("two-layouts", "");
    EXPECT_TRUE(any_note_contains(layouts, "Column 1: cos(2) = "));
    EXPECT_TRUE(any_note_contains(layouts, " versus sin(0.0002) = "));
    // The step why-positions: shuffling the tokens shuffles the outputs.
    EXPECT_TRUE(any_note_contains(absolute_pe_views("why-positions", "tokens=8&seed=3"), "Largest |Attn(P·X) − P·Attn(X)| = "));
}

// The step sinusoidal-formula opens with the frequency odometer: ω_i = base^(−2i/d) fastest first, needles at
// pos·ω_i, an 8-bit counter of pos, and a timeline on pos.
TEST(AbsolutePeLesson, FrequencyOdometer) {
    const auto v = absolute_pe_views("sinusoidal-formula", "pos=37&d=8&base=10000");
    const OdometerView& o = v[0].odometer();
    ASSERT_EQ(o.theta.size(), 4u);
    for (int i = 0; i < 4; ++i) EXPECT_NEAR(o.theta[i], std::pow(10000.0, -2.0 * i / 8), 1e-15);
    EXPECT_EQ(o.position, 37.0);
    EXPECT_EQ(o.binary_bits, 8);
    EXPECT_TRUE(any_note_contains(v, "pos = 37 in binary is 00100101"));
    EXPECT_EQ(absolute_pe_step("sinusoidal-formula").timeline.param, "pos");
    for (const Step& step : find_lesson("absolute-pe")->steps) EXPECT_FALSE(step.equations.empty()) << step.title.en;
}

TEST(AbsolutePeLesson, LearnableTableHasNoRowsBeyondMaxLen) {
    const auto learnable = absolute_pe_views("learnable-table", "L=20&max_len=12&d_model=8");
    // Transposed view: one column per position.
    const RowMatrix& table = learnable[0].heatmap().values;
    ASSERT_EQ(table.cols(), 20);
    ASSERT_EQ(table.rows(), 8);
    for (int c = 0; c < 20; ++c) EXPECT_EQ(std::isnan(table(0, c)), c >= 12) << c;
    EXPECT_TRUE(any_note_contains(learnable, "Parameters: max_len × d = 12 × 8 = 96."));
    EXPECT_TRUE(any_note_contains(learnable, "At BERT-base size (512 × 768) it is 393,216 parameters."));
    // The step relative-inside-absolute: the shift identity holds in the lesson's own numbers.
    const auto relative = absolute_pe_views("relative-inside-absolute", "pos=7&shift=-4&d=16");
    EXPECT_MATRIX_NEAR(relative[1].table().values.col(1), relative[1].table().values.col(2), 1e-12);
}

// The step why-positions computes both words: equivariance holds, invariance does not, and a causal mask leaks
// the order.
TEST(AbsolutePeLesson, EquivariantNotInvariantAndTheCausalMaskLeaksOrder) {
    const auto shuffle = absolute_pe_views("why-positions", "tokens=6&seed=2");
    ASSERT_EQ(shuffle.size(), 1u);
    const std::vector<std::string>& notes = shuffle[0].notes;
    // The leading picture: both outputs side by side, an arrow from each token's row to the slot it lands in.
    const HeatmapView& h = shuffle[0].heatmap();
    ASSERT_EQ(h.values.cols(), 10);
    ASSERT_EQ(h.arrows.size(), 6u);
    for (const HeatmapView::Arrow& a : h.arrows)
        for (int j = 0; j < 4; ++j) EXPECT_NEAR(h.values(a.r0, j), h.values(a.r1, 6 + j), 1e-12) << a.r0 << " → " << a.r1;
    ASSERT_EQ(notes.size(), 4u);
    EXPECT_EQ(notes[2].find("But the largest |Attn(P·X) − Attn(X)| = 0:"), std::string::npos) << notes[2];
    EXPECT_NE(notes[2].find("so this is equivariance, not invariance"), std::string::npos);
    EXPECT_NE(notes[3].find("the largest |Attn_causal(P·X) − P·Attn_causal(X)| = "), std::string::npos);
    EXPECT_EQ(notes[3].find("= 0:"), std::string::npos) << notes[3];
}

// The step sinusoid-cost counts what the sinusoidal code costs; the step same-width compares adding and
// concatenating at one width.
TEST(AbsolutePeLesson, CostCountsAndSameWidthComparison) {
    const auto costs = absolute_pe_views("sinusoid-cost", "L=100&d_model=32");
    ASSERT_EQ(costs.size(), 2u);
    const CurveView& per_position = costs[1].curve();  // per position: d against d², the current d marked
    ASSERT_EQ(per_position.series.size(), 2u);
    EXPECT_EQ(per_position.series[0][15], 32);
    EXPECT_EQ(per_position.series[1][15], 32 * 32);
    EXPECT_EQ(per_position.markers_x, (std::vector<double>{32}));
    const RowMatrix& cost = costs[0].table().values;
    EXPECT_EQ(cost(0, 0), 3200);        // L·d sines and cosines for the whole table
    EXPECT_EQ(cost(0, 1), 32);          // d/2 sines + d/2 cosines per position
    EXPECT_EQ(cost(1, 1), 32 * 32);     // one d × d projection per position
    EXPECT_EQ(cost(2, 0), 0);           // no parameters
    const auto concat = absolute_pe_views("same-width", "d_model=16");
    ASSERT_EQ(concat.size(), 1u);
    const RowMatrix& w = concat[0].table().values;
    EXPECT_EQ(w(0, 0), w(1, 0));                   // same total width
    EXPECT_EQ(w(1, 1) + w(1, 2), 16);              // concatenation splits it
    EXPECT_EQ(w(0, 1), 16);                        // adding: content uses all of it
    EXPECT_EQ(w(2, 3), 24 * 24);                   // keeping the content width costs a wider W_q
    EXPECT_TRUE(any_note_contains(concat, "grows from 256 to 576 parameters (2.25 times)."));
}

// The cells that decide a comparison are marked, from the numbers: sinusoid-cost's code against a projection
// and the two parameter counts, same-width's shortfalls against adding, two-layouts' differing entries.
std::vector<std::string> absolute_pe_marks(const TableView& t) {
    std::vector<std::string> out;
    for (const CellMark& m : t.marks)
        out.push_back(std::to_string(m.row) + "," + std::to_string(m.col) + (m.holds ? " holds " : " fails ") + m.word);
    return out;
}

TEST(AbsolutePeLesson, DecidingCellsAreMarked) {
    EXPECT_EQ(absolute_pe_marks(absolute_pe_views("sinusoid-cost", "L=100&d_model=32")[0].table()),
              (std::vector<std::string>{"0,1 holds 1/32 of W_q", "2,1 holds none", "3,1 fails to train"}));
    // D = 16: concatenating at the same width halves content and position; keeping content at D widens the
    // model to 24, leaves position 8 and grows W_q; adding keeps all D for both.
    EXPECT_EQ(absolute_pe_marks(absolute_pe_views("same-width", "d_model=16")[0].table()),
              (std::vector<std::string>{"0,1 holds all D", "0,2 holds all D", "1,1 fails fewer than D", "1,2 fails fewer than D",
                                        "2,0 fails wider model", "2,2 fails fewer than D", "2,3 fails more parameters"}));
    // pos = 2, d = 4: column 0 is sin 2 in both layouts; columns 1-3 differ.
    EXPECT_EQ(absolute_pe_marks(absolute_pe_views("two-layouts", "")[2].table()),
              (std::vector<std::string>{"1,2 fails differs", "2,2 fails differs", "3,2 fails differs"}));
    // pos = 0: (0, 1, 0, 1) interleaved against (0, 0, 1, 1) in halves: even here the middle entries differ.
    EXPECT_EQ(absolute_pe_marks(absolute_pe_views("two-layouts", "pos=0")[2].table()),
              (std::vector<std::string>{"1,2 fails differs", "2,2 fails differs"}));
}

// The recap puts the lesson's claims side by side, each number computed as on the step that shows it; the three
// steps whose question comes before the evidence are predictions.
TEST(AbsolutePeLesson, RecapPutsTheClaimsSideBySide) {
    const auto recap = absolute_pe_views("recap", "L=20&max_len=12&d_model=8&base=10000");
    ASSERT_EQ(recap.size(), 1u);
    const RowMatrix& t = recap[0].table().values;
    ASSERT_EQ(t.rows(), 6);
    EXPECT_EQ(t(0, 0), 0);                                         // shuffled, the outputs only move (to rounding)
    EXPECT_GT(t(0, 1), 0);                                         // ... but they do move
    EXPECT_NEAR(t(1, 0), 4 * std::acos(0.0) * std::pow(10000.0, 1 - 2.0 / 8), 1e-9);  // the paper's longest wavelength
    EXPECT_LT(t(1, 0), t(1, 1));                                   // short of base·2π
    EXPECT_EQ(t(2, 0), 0);                                         // one M_Δ for every p
    EXPECT_EQ(t(3, 0), 0);                                         // G is Toeplitz
    EXPECT_NEAR(t(3, 1), 4, 1e-12);                                // G[q][q] = d/2
    EXPECT_EQ(t(4, 0), 8);                                         // adding: all D for content
    EXPECT_EQ(t(4, 1), 4);                                         // concatenating at the same width: half
    EXPECT_EQ(t(5, 0), 8);                                         // positions 12…19 have no row
    EXPECT_EQ(t(5, 1), 20);
    for (const char* id : {"why-positions", "relative-inside-absolute", "learnable-table"})
        EXPECT_TRUE(step_has_prediction(absolute_pe_step(id))) << id;
}

}  // namespace

