// PE Lab — lessons/example/pairs_per_distance.cpp
// Lesson "example", step "pairs-per-distance": how many pairs (q, k) share each distance, L − |Δ| (a curve).
// Comments are English only: the font subset is built from the characters inside .cpp string literals.
//
// [SECTION] views
// [SECTION] the step
#include <vector>

#include "core/relative/distance.h"
#include "lessons/example/example_lesson.h"
#include "lessons/lesson_util.h"

namespace pelab {
namespace example_lesson {

using namespace lessonui;

// [SECTION] views
namespace {

std::vector<ViewData> pairs_per_distance_views(const Inputs& in, Lang lang) {
    CurveView c;
    for (int delta = -(in.L - 1); delta <= in.L - 1; ++delta) c.x.push_back(delta);
    c.series = {pairs_at_distance(in.L)};
    c.series_labels = {say(lang, {"对数 L − |Δ|", "pairs L − |Δ|"})};
    c.x_axis = say(lang, {"距离 Δ", "distance Δ"});
    c.y_axis = say(lang, {"(q, k) 对的个数", "number of pairs (q, k)"});
    c.markers_x = c.x;
    double total = 0;
    for (double n : c.series[0]) total += n;
    const std::string note =
        say(lang, {"各距离的对数加起来是 {total} = L² = {L}²。", "The counts add up to {total} = L² = {L}²."},
            {{"total", num(total)}, {"L", integer(in.L)}});
    return std::vector<ViewData>{
        make_view(say(lang, {"每个距离的 (q, k) 对数", "Pairs (q, k) per distance"}), c, {note})};
}

}  // namespace

// [SECTION] the step
Step pairs_per_distance() {
    Step s{
        "pairs-per-distance",
        {"每个距离有多少对", "How many pairs share a distance"},
        {"距离为 Δ 的对角线上有 L − |Δ| 个格子：距离越远，能见到它的 (q, k) 对越少。训练时很少出现的远距离，"
         "模型学到的也越少。",
         "The diagonal of distance Δ holds L − |Δ| cells: the farther the distance, the fewer pairs (q, k) show it. "
         "Distances that are rare in training are the ones a model learns least about."},
        {"L"},
        views_of(read_inputs, pairs_per_distance_views),
        {R"tex(N(\Delta) = L - |\Delta|, \qquad \sum_{\Delta} N(\Delta) = L^2)tex"},
    };
    // The takeaway says what the curve shows and why, with its numbers from the inputs (never typed).
    s.takeaway = {"Δ = 0 有 {n0} 对，Δ = ±{far} 只有 1 对：每离开主对角线一步，对角线就短一格，所以远距离在训练中很少见。",
                  "Δ = 0 has {n0} pairs and Δ = ±{far} only 1: each step off the main diagonal shortens a diagonal by one "
                  "cell, so far distances are rare in training."};
    s.takeaway_args = args_of(read_inputs, +[](const Inputs& in, Lang) {
        return std::vector<Arg>{{"n0", integer(in.L)}, {"far", integer(in.L - 1)}};
    });
    // A check question: asked about what the curve already shows (Question::predict stays false).
    s.questions = {
        {{"哪个距离的 (q, k) 对最多？", "Which distance do the most pairs (q, k) share?"},
         {{"Δ = 0", "Δ = 0"}, {"Δ = ±(L − 1)", "Δ = ±(L − 1)"}, {"每个距离一样多", "every distance the same"}},
         0,
         [](const ParamSet& p, Lang lang) {
             const Inputs in = read_inputs(p);
             return say(lang, {"L = {L} 时，主对角线 Δ = 0 有 {n0} 对，Δ = ±{far} 各只有 1 对：对角线每离开主对角线一步就短一格。",
                               "At L = {L} the main diagonal Δ = 0 holds {n0} pairs and Δ = ±{far} only 1 each: a diagonal "
                               "loses one cell per step away from the main one."},
                        {{"L", integer(in.L)}, {"n0", integer(in.L)}, {"far", integer(in.L - 1)}});
         }},
    };
    return s;
}

}  // namespace example_lesson
}  // namespace pelab
