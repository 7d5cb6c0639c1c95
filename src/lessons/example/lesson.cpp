// PE Lab — lessons/example/lesson.cpp
// Lesson "example" — the template a new lesson is copied from (docs/adding-a-lesson.md). Built and tested like
// every lesson on the desktop, the CLI and the native tests, but not listed in the curriculum menu (open it with
// lesson=example) and not built into the web page. Its steps are about the query–key distance Δ = q − k and
// between them show every kind of figure: the matrix of distances (a heatmap), how many pairs share each
// distance (a curve), the distance as an angle between two turning vectors (phasor dials: a draggable arrow,
// playback of one parameter), the frequency pairs as an odometer, RoPE's score over a long sequence (a position
// map drawn on the GPU) beside how many numbers make it up (bars); then the recap every lesson ends with (its
// claims linked to their steps, one table of their numbers, the lesson's source under it).
// It shows the rules every lesson follows: the first step says what the lesson asks, every step has a takeaway
// (its point and the reason, live numbers through placeholders), terms are linked to the glossary where first
// shown ([[query]], [[toeplitz|…]]), one question predicts (distance-as-angle: Question::predict, so its figure
// and takeaway are covered until answered) and one checks (pairs-per-distance), and the source the lesson follows
// is cited by its step (distance-as-angle's note) and listed by key (lesson.references, bibliography.cpp).
// The maths lives in core (distance.h, rope.h, position_map.h); this folder only describes and words it.
// This file holds the parameter table and the list of steps; each step lives in the file named for its id, with
// its views.
// Comments are English only: the font subset is built from the characters inside .cpp string literals.
//
// [SECTION] parameters (one table: key, range, default, help, the field it fills)
// [SECTION] the lesson
#include <algorithm>
#include <vector>

#include "lessons/example/example_lesson.h"

namespace pelab {
namespace example_lesson {

// [SECTION] parameters (one table: key, range, default, help, the field it fills)
const ParamTable<Inputs>& params() {
    static const ParamTable<Inputs> table{
        {Key::shared("L").range(2, 32).def("6"), &Inputs::L},
        {Key::flag("diagonal", "1", {"勾选时描出 Δ = 0 那条对角线", "outline the diagonal Δ = 0"}), &Inputs::diagonal},
        {Key::integer("i", 0, 63, "5", {"查询的位置 q", "position q of the query"}).sym("q"), &Inputs::q},
        {Key::integer("j", 0, 63, "2", {"键的位置 k", "position k of the key"}).sym("k"), &Inputs::k},
        {Key::integer("shift", 0, 64, "4", {"两个位置同时加上的平移量", "shift added to both positions"}).sym("s"), &Inputs::shift},
        {Key::real("theta", 0.05, 3.14, "0.5", {"每个位置转过的角度（弧度）", "angle turned per position (radians)"}).sym("θ"),
         &Inputs::theta},
        {Key::shared("d").range(2, 32).def("16"), &Inputs::d},
        {Key::shared("base").range(10, 1e6).def("10000"), &Inputs::base},
        {Key::shared("original_max").range(16, 4096).def("128").about({"训练长度 L", "training length L"}).sym("L"),
         &Inputs::train_length},
        {Key::integer("pos", 0, 8192, "200", {"指针所示的位置 p", "position p the needles show"}).sym("p"), &Inputs::p},
        {Key::shared("seq_len").range(64, 65536).def("4096").about({"长图的位置个数 n", "positions n of the long map"}).sym("n"),
         &Inputs::n},
    };
    return table;
}

Inputs read_inputs(const ParamSet& p) { return params().read(p); }

// [SECTION] the lesson
namespace {

Lesson make_lesson() {
    Lesson lesson;
    lesson.id = "example";
    lesson.title = {"示例课：查询与键的距离", "Example lesson: the query–key distance"};
    lesson.in_curriculum = false;  // built and tested, found by lesson=example, not in the lesson menu
    use_params(lesson, params());
    // The largest array a step builds: the L×L distance matrix, or the long map's profile over its 2n − 1
    // distances (the map itself is computed per pixel, never stored).
    lesson.result_shape = [](const ParamSet& p) {
        const Inputs in = read_inputs(p);
        return std::vector<long long>{std::max<long long>(static_cast<long long>(in.L) * in.L, 2LL * in.n)};
    };
    lesson.steps = {distance_matrix(), pairs_per_distance(), distance_as_angle(), every_pair_a_dial(), long_sequence_map(),
                    recap()};
    lesson.references = {"su2021"};  // keys of lessons/bibliography.cpp, listed under the last step
    return lesson;
}

}  // namespace
}  // namespace example_lesson

const Lesson* lesson_example() {
    static const Lesson lesson = example_lesson::make_lesson();
    return &lesson;
}

}  // namespace pelab
