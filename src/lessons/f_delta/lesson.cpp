// PE Lab — lessons/f_delta/lesson.cpp
// Lesson "f-delta": the L×L position term F(q,k) versus the distance features R_(q−k), in 8 steps:
// two objects, diagonals of Δ, the kernel f(Δ), Toeplitz F, R_Δ, the readout vᵀR_Δ, the content-dependent
// readout q_vecᵀ W R_(q−k), and the link to RoPE. Every number shown comes from core (f_delta.h, rope.h,
// random.h); the prose carries no computed numbers.
//   common.cpp     the parameter table, the inputs, shared helpers and view builders
//   steps_1_4.cpp  two_objects, equal_delta_diagonals, kernel_of_delta, toeplitz_f
//   steps_5_8.cpp  feature_vectors, linear_readout, content_readout, link_to_rope
// Comments are English only: the font subset is built from the characters inside this file's strings.
//
// [SECTION] the lesson
#include <algorithm>

#include "lessons/questions/question_tables.h"
#include "lessons/f_delta/f_delta_lesson.h"

namespace pelab {

namespace fdelta {
namespace {

// [SECTION] the lesson
Lesson make_lesson() {
    using namespace fdelta;
    Lesson lesson;
    lesson.id = "f-delta";
    lesson.title = {"F(q,k) 与 R_(q−k)", "F(q,k) and R_(q−k)"};
    use_params(lesson, params());
    lesson.result_shape = [](const ParamSet& p) {  // F is L×L; R_Δ is (2L−1)×2|ω|; f(Δ) sampled at ≤ 4001 points
        const Inputs in = params().read(p);
        const long long L = in.L, w = static_cast<long long>(in.omega.size());
        return std::vector<long long>{2 * L, std::max({L, 2 * w, 2001LL})};
    };
    lesson.steps = {two_objects(),     equal_delta_diagonals(), kernel_of_delta(), toeplitz_f(),
                    feature_vectors(), linear_readout(),        content_readout(), link_to_rope()};
    attach_questions(&lesson, questions_f_delta());
    lesson.references = {"vaswani2017", "su2021"};
    return lesson;
}

}  // namespace
}  // namespace fdelta

const Lesson* lesson_f_delta() {
    static const Lesson lesson = fdelta::make_lesson();
    return &lesson;
}

}  // namespace pelab
