// PE Lab — lessons/open_models/longrope_scale.cpp
// Step "longrope-scale" of lesson "open-models": LongRoPE pair by pair — a few pairs' short and long factors,
// the θ in use and their turns within the current length N — and the attention factor √(1 + ln s / ln L₀) on
// cos and sin, whichever list is in use; older Hugging Face versions chose the list once, at load time. The case is longrope_case
// (lesson.cpp), the same as the step before. Every number shown comes from core (rope.h, rope_scaling.h).
// Comments are English only: the font subset is built from the characters inside .cpp string literals.
//
// [SECTION] the view
// [SECTION] the step
#include <algorithm>
#include <string>
#include <vector>

#include "core/rope/rope.h"
#include "core/rope/rope_scaling.h"
#include "lessons/lesson.h"
#include "lessons/lesson_util.h"
#include "lessons/open_models/open_models_lesson.h"

namespace pelab {
namespace open_models_lesson {

using namespace lessonui;  // shared display helpers (lessons/lesson_util.h)

// [SECTION] the view
namespace {
ViewData longrope_table_view(const Inputs& in, const LongRopeCase& c, Lang lang) {
    const int n = in.d / 2;
    std::vector<int> pairs = {0, n / 4, n / 2, 3 * n / 4, n - 1};
    pairs.erase(std::unique(pairs.begin(), pairs.end()), pairs.end());
    TableView t;
    t.values = RowMatrix(static_cast<Eigen::Index>(pairs.size()), 5);
    for (std::size_t r = 0; r < pairs.size(); ++r) {
        const int i = pairs[r];
        const double theta = c.in_use(i);
        t.values.row(static_cast<Eigen::Index>(r)) << c.params.short_factor[static_cast<std::size_t>(i)],
            c.params.long_factor[static_cast<std::size_t>(i)], theta, 2 * kPi / theta, in.seq_len * theta / (2 * kPi);
        t.row_labels.push_back(say(lang, {"第 {i} 对", "pair {i}"}, {{"i", integer(i)}}));
        // The deciding cells: the slow pairs that do not complete one turn within seq_len.
        if (t.values(static_cast<Eigen::Index>(r), 4) < 1.0)
            t.marks.push_back({static_cast<int>(r), 4, false, say(lang, {"不到一圈", "under one turn"})});
    }
    t.col_labels = {say(lang, {"短因子", "short f"}), say(lang, {"长因子", "long f"}), say(lang, {"在用的 θ", "θ in use"}),
                    say(lang, {"波长", "wavelength"}), say(lang, {"N 内的圈数", "turns in N"})};
    t.corner = say(lang, {"频率对", "pair"});
    t.decimals = 4;
    t.col_decimals = {4, 4, 6, 1, 4};  // θ of the slow pairs needs more places; wavelengths are large
    std::vector<std::string> notes = {
        say(lang, {"注意力因子 √(1 + ln s / ln L₀) = {a}；Hugging Face 把 cos 和 sin 都乘上它，用短因子或长因子时都一样（s ≤ 1 时为 1）。",
                   "Attention factor √(1 + ln s / ln L₀) = {a}; Hugging Face multiplies cos and sin by it with either list (1 when s ≤ 1)."},
            {{"a", num(c.attention, 6)}}),
        say(lang, {"较早的 Hugging Face 版本在加载模型时只选一次：L_max = {mp} {cmp} L₀ = {om}，所以无论序列多短都用{which}。",
                   "Older Hugging Face versions chose once, when loading the model: L_max = {mp} {cmp} L₀ = {om}, so they used the {which} factors for every sequence, however short."},
            {{"mp", integer(in.max_position)},
             {"cmp", in.max_position > in.original_max ? ">" : "≤"},
             {"om", integer(in.original_max)},
             {"which", in.max_position > in.original_max ? say(lang, {"长因子", "long"}) : say(lang, {"短因子", "short"})}}),
    };
    return make_view(say(lang, {"几对的因子，以及在长度 N 内转的圈数", "Factors of a few pairs and their turns within the length N"}), std::move(t), std::move(notes));
}

std::vector<ViewData> longrope_scale_views(const Inputs& in, Lang lang) {
    return {longrope_table_view(in, longrope_case(in), lang)};
}

}  // namespace

// [SECTION] the step
Step longrope_scale() {
    Step s = {
        "longrope-scale",
        {"LongRoPE 逐对细看，和它的注意力因子", "LongRoPE pair by pair, and its attention factor"},
        {"表中是几对的短因子、长因子、此刻在用的频率 θ、波长 2π/θ，以及在 N 个位置里转过的圈数 N·θ/2π：因子最大的慢对转不到一圈。"
         "无论用哪张因子表，cos 和 sin 都再乘同一个注意力因子：q 和 k 各乘一次，分数就乘它的平方，上下文变长后 softmax 仍保持尖锐。"
         "式中 s = L_max / L₀ 是扩展倍数，L₀ 是训练长度；s ≤ 1 时因子为 1。",
         "The table gives a few pairs' short and long factors, the frequency θ in use now, the wavelength 2π/θ and the turns "
         "N·θ/2π within N positions: the slow pairs, with the largest factors, turn less than once. Whichever list is in use, cos "
         "and sin are multiplied by one more attention factor: q and k each get it once, so the scores get its square and the "
         "softmax stays sharp as the context grows. In the equation s = L_max / L₀ is the extension ratio and L₀ the training "
         "length; for s ≤ 1 the factor is 1."},
        {"d", "base", "original_max", "max_position", "seq_len", "short_end"},
        views_of(read_inputs, longrope_scale_views),
        {R"tex(\cos,\ \sin\ \times\ \sqrt{1+\frac{\ln s}{\ln L_0}},\qquad s=\frac{L_{\max}}{L_0})tex"},
    };
    s.takeaway = {"N = {n} 内 {pairs} 对中 {under} 个慢对转不到一圈；两表都让 cos、sin 乘 {a}，分数乘其平方，以免上下文长 {s} 倍后 softmax 变平。",
                  "{under} of {pairs} pairs, the slow ones, turn under once in N = {n}; both lists multiply cos and sin by {a}, so "
                  "scores grow by its square to offset the flatter softmax of a {s}× longer context."};
    s.takeaway_args = args_of(read_inputs, +[](const Inputs& in, Lang) {
        const LongRopeCase c = longrope_case(in);
        int under = 0;
        for (Eigen::Index i = 0; i < c.in_use.size(); ++i) under += in.seq_len * c.in_use(i) / (2 * kPi) < 1.0 ? 1 : 0;
        return std::vector<Arg>{{"n", integer(in.seq_len)}, {"under", integer(under)}, {"pairs", integer(c.in_use.size())},
                                {"a", num(c.attention, 4)}, {"s", num(std::max(1.0, c.scale), 4)}};
    });
    return s;
}

}  // namespace open_models_lesson
}  // namespace pelab
