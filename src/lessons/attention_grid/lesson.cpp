// PE Lab — lessons/attention_grid/lesson.cpp
// Lesson "attention-grid": the attention matrix A as a table of (query, key) pairs, purely relative rules
// that light one diagonal (Toeplitz), the difference between the N×N pair table and an N-cell position
// grid, 2-D positions with displacement vectors δ = q − k, the 2×3 "right neighbour" example against the
// naive 1-D rule that wraps across the row break, and a linked grid ↔ A selection. The steps live in
// steps_1_4.cpp and steps_5_7.cpp, the parameter table and shared view builders in inputs.cpp. Every number
// shown comes from core (attention_grid.h, f_delta.h); the prose carries no computed numbers.
// Comments are English only: the font subset is built from the characters inside this file's strings.
//
// [SECTION] the lesson
#include <algorithm>
#include <vector>

#include "lessons/questions/question_tables.h"
#include "lessons/attention_grid/attention_grid_lesson.h"

namespace pelab {

namespace attention_grid_lesson {
namespace {

// [SECTION] the lesson
Lesson make_lesson() {
    Lesson lesson;
    lesson.id = "attention-grid";
    lesson.title = {"注意力矩阵与二维网格", "The attention matrix and 2-D grids"};
    use_params(lesson, params());
    lesson.result_shape = [](const ParamSet& p) {  // pair tables over N tokens or H·W / side² grid positions
        const Inputs in = read_inputs(p);
        const long long n = std::max({(long long)in.N, (long long)in.side * in.side, (long long)in.H * in.W});
        return std::vector<long long>{n, n};
    };
    lesson.steps = {pairs_table(),  relative_rule(),   toeplitz_diagonals(), pairs_versus_positions(),
                    displacement_2d(), flattening_2x3(), grid_linked_to_A()};
    attach_questions(&lesson, questions_attention_grid());
    lesson.references = {"vaswani2017", "dosovitskiy2021"};
    return lesson;
}

}  // namespace
}  // namespace attention_grid_lesson

const Lesson* lesson_attention_grid() {
    static const Lesson lesson = attention_grid_lesson::make_lesson();
    return &lesson;
}

}  // namespace pelab
