// PE Lab — lessons/long_context/turns_in_training.cpp
// Lesson "long-context", step "turns-in-training": how many turns each pair makes within the training length
// L·θᵢ/2π, for a sample of pairs, and how many pairs complete one.
// Comments are English only: the font subset is built from the characters inside .cpp string literals.
//
// [SECTION] views
// [SECTION] the step
#include "core/rope.h"
#include "lessons/lesson_util.h"
#include "lessons/long_context/long_context.h"

namespace pelab {
namespace long_context {

using namespace lessonui;

// [SECTION] views
static std::vector<ViewData> turns_in_training_views(const Inputs& in, Lang lang) {
    const Eigen::VectorXd theta = rope_default_inv_freq(in.d, in.base);
    const int pairs = in.d / 2;
    int wraps = 0;
    for (int i = 0; i < pairs; ++i) wraps += 2 * kPi / theta(i) <= in.L ? 1 : 0;
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
    return {
        "turns-in-training",
        {"训练长度内转过的圈数", "Turns within the training length"},
        {"一对在训练中转过的圈数 L·θᵢ/2π = L/λᵢ 决定它能否外推：不少于 1 圈的对见过整个圆，少于 1 圈的对只见过一段弧。"
         "表格列出几对的 θᵢ、波长 λᵢ 和 L 内的圈数，注释统计全部对中转满一圈的有多少。",
         "The number of turns a pair makes in training, L·θᵢ/2π = L/λᵢ, decides whether it extrapolates: a pair "
         "with at least one turn has seen the whole circle, a pair with less has seen only an arc. The table lists "
         "θᵢ, the wavelength λᵢ and the turns within L for a few pairs; the notes count, over all pairs, how many "
         "complete a turn."},
        {"d", "base", "original_max"},
        views_of(read_inputs, turns_in_training_views),
        {{R"tex(\text{圈数}_i=\frac{L\,\theta_i}{2\pi}=\frac{L}{\lambda_i})tex", R"tex(\text{turns}_i=\frac{L\,\theta_i}{2\pi}=\frac{L}{\lambda_i})tex"}},
    };
}

}  // namespace long_context
}  // namespace pelab
