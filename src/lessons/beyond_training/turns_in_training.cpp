// PE Lab — lessons/beyond_training/turns_in_training.cpp
// Lesson "beyond-training", step "turns-in-training": how many turns each pair makes within the training length
// L·θᵢ/2π, for a sample of pairs, and how many pairs complete one.
// Comments are English only: the font subset is built from the characters inside .cpp string literals.
//
// [SECTION] views
// [SECTION] the step
#include <cmath>

#include "core/rope/rope.h"
#include "lessons/lesson_util.h"
#include "lessons/beyond_training/beyond_training.h"

namespace pelab {
namespace beyond_training {

using namespace lessonui;

// [SECTION] views
// How many pairs turn at least once within L.
static int wrapping_pairs(const Inputs& in) {
    const Eigen::VectorXd theta = rope_default_inv_freq(in.d, in.base);
    int wraps = 0;
    for (Eigen::Index i = 0; i < theta.size(); ++i) wraps += 2 * kPi / theta(i) <= in.L ? 1 : 0;
    return wraps;
}

static std::vector<ViewData> turns_in_training_views(const Inputs& in, Lang lang) {
    const Eigen::VectorXd theta = rope_default_inv_freq(in.d, in.base);
    const int pairs = in.d / 2;
    const int wraps = wrapping_pairs(in);
    const std::vector<int> rows = sample_pairs(theta, in.L);
    TableView table;
    table.values.resize(static_cast<Eigen::Index>(rows.size()), 4);
    for (std::size_t r = 0; r < rows.size(); ++r) {
        const int i = rows[r];
        const double lambda = 2 * kPi / theta(i);
        table.values.row(static_cast<Eigen::Index>(r)) << theta(i), lambda, in.L * theta(i) / (2 * kPi), lambda <= in.L ? 1.0 : 0.0;
        table.row_labels.push_back(pair_label(i, lang));
        // The deciding cell of each row: a whole circle seen in training, or only an arc.
        const bool whole = lambda <= in.L;
        table.marks.push_back({static_cast<int>(r), 3, whole, say(lang, whole ? Text{"见过整圈", "whole circle"} : Text{"只见过一段弧", "only an arc"})});
    }
    table.col_labels = {"θᵢ", say(lang, {"波长 λᵢ", "wavelength λᵢ"}), say(lang, {"L 内圈数", "turns within L"}),
                        say(lang, {"L 内已转满一圈", "full turn within L"})};
    table.col_decimals = {-1, -1, -1, 0};
    table.decimals = 4;
    table.corner = say(lang, {"对", "pair"});
    const std::vector<std::string> notes = {
        say(lang,
            {"L = {L}：{wraps} 对在训练中已转满一圈（L 之后只重复见过的角度）；{rest} 对没有转满，L 之后会遇到没见过的角度。",
             "L = {L}: {wraps} pairs turned full circles in training (beyond L they repeat known angles); {rest} did "
             "not, and beyond L they meet angles never seen."},
            {{"L", integer(in.L)}, {"wraps", integer(wraps)}, {"rest", integer(pairs - wraps)}}),
        say(lang, {"表中是 {pairs} 对中的 {n} 对，包括最后一个转满的对和第一个没转满的对。",
                   "The table shows {n} of the {pairs} pairs, including the last that turns fully and the first that does not."},
            {{"n", integer(static_cast<long long>(rows.size()))}, {"pairs", integer(pairs)}}),
    };
    return {make_view(say(lang, {"每一对：波长与训练长度内转过的圈数", "Each pair: wavelength and turns within the training length"}),
                      table, notes)};
}

// [SECTION] the step
Step turns_in_training_step() {
    Step s = {
        "turns-in-training",
        {"训练长度内转过的圈数", "Turns within the training length"},
        {"一对在训练中转过的圈数是 L·θᵢ/2π = L/λᵢ。不少于 1 圈的对见过整个圆，少于 1 圈的对只见过一段弧。"
         "表格列出几对的 θᵢ、波长 λᵢ 和 L 内的圈数，注释统计全部对中转满一圈的有多少。",
         "A pair makes L·θᵢ/2π = L/λᵢ turns in training. A pair with at least one turn has seen the whole circle, a "
         "pair with less only an arc. The table lists θᵢ, the wavelength λᵢ and the turns within L for a few pairs; "
         "the notes count, over all pairs, how many complete a turn."},
        {"d", "base", "original_max"},
        views_of(read_inputs, turns_in_training_views),
        {{R"tex(\text{圈数}_i=\frac{L\,\theta_i}{2\pi}=\frac{L}{\lambda_i})tex", R"tex(\text{turns}_i=\frac{L\,\theta_i}{2\pi}=\frac{L}{\lambda_i})tex"}},
    };
    s.takeaway = {"{pairs} 对中有 {wraps} 对在 L = {L} 内至少转满一圈，每个角度都见过；其余 {rest} 对只见过一段弧，L 之后就离开它。",
                  "{wraps} of {pairs} pairs turn at least once within L = {L}, so they have seen every angle; the other {rest} "
                  "saw only an arc, and past L they leave it."};
    s.takeaway_args = args_of(read_inputs, +[](const Inputs& in, Lang) {
        const int wraps = wrapping_pairs(in);
        return std::vector<Arg>{{"pairs", integer(in.d / 2)}, {"wraps", integer(wraps)}, {"L", integer(in.L)}, {"rest", integer(in.d / 2 - wraps)}};
    });
    // A check question: the table and the count answer it.
    s.questions = {
        {{"哪些对在训练中见过圆上的每个角度？", "Which pairs have seen every angle of the circle in training?"},
         {{"快的对：波长不超过 L", "The fast pairs: wavelength at most L"},
          {"慢的对：波长超过 L", "The slow pairs: wavelength beyond L"},
          {"所有的对", "Every pair"}},
         0,
         [](const ParamSet& p, Lang lang) {
             const Inputs in = read_inputs(p);
             const int wraps = wrapping_pairs(in);
             const Eigen::VectorXd theta = rope_default_inv_freq(in.d, in.base);
             const double slowest = 2 * kPi / theta(theta.size() - 1);
             return say(lang,
                        {"转满一圈需要 λᵢ ≤ L = {L}：{wraps} 个快对做到了；最慢的一对波长 {slow}，在 L 内只转了 {turns} 圈。",
                         "A full turn needs λᵢ ≤ L = {L}: the {wraps} fast pairs make it; the slowest pair's wavelength is "
                         "{slow}, so it turns only {turns} times within L."},
                        {{"L", integer(in.L)}, {"wraps", integer(wraps)},
                         {"slow", num(slowest, 6)}, {"turns", num(in.L / slowest, 3)}});
         }},
    };
    return s;
}

}  // namespace beyond_training
}  // namespace pelab
