// PE Lab — lessons/attention_grid/relative_rule.cpp
// Step "relative-rule" of attention-grid: the purely relative rule A[q,k] = 1 iff q − k = Δ lights one
// diagonal, and rows whose target key lies outside the sequence stay empty. The rule's heatmap, the step
// with its question, then its views builder.
// Comments are English only: the font subset is built from the characters inside this file's strings.
//
// [SECTION] the rule's heatmap
// [SECTION] a purely relative rule
#include <algorithm>
#include <cmath>
#include <string>
#include <vector>

#include "core/relative/attention_grid.h"
#include "lessons/attention_grid/attention_grid_lesson.h"
#include "lessons/lesson_util.h"

namespace pelab {
namespace attention_grid_lesson {

using namespace lessonui;  // shared display helpers (lessons/lesson_util.h)

// [SECTION] the rule's heatmap
// The 1-D rule matrix with an explanation of every cell.
HeatmapView rule_1d_view(int N, int delta, Lang lang) {
    HeatmapView view = qk_view(attention_rule_1d(N, delta), lang, true);
    view.integer = true;
    view.decimals = 0;
    view.highlight_delta = delta;
    view.explain = [N, delta, lang](int r, int c) -> std::string {
        if (r < 0 || c < 0 || r >= N || c >= N) return "";
        const int d = r - c;
        if (d == delta)
            return say(lang, {"q = {q}, k = {k}：q − k = {d} = Δ，所以 A = 1", "q = {q}, k = {k}: q − k = {d} = Δ, so A = 1"},
                       {{"q", integer(r)}, {"k", integer(c)}, {"d", integer(d)}});
        return say(lang, {"q = {q}, k = {k}：q − k = {d} ≠ Δ = {delta}，所以 A = 0", "q = {q}, k = {k}: q − k = {d} ≠ Δ = {delta}, so A = 0"},
                   {{"q", integer(r)}, {"k", integer(c)}, {"d", integer(d)}, {"delta", integer(delta)}});
    };
    return view;
}

// [SECTION] a purely relative rule
static std::vector<ViewData> relative_rule_views(const Inputs& in, Lang lang);

Step relative_rule() {
    Step s = {
        "relative-rule",
        {"纯相对规则：只看 q − k", "A purely relative rule: only q − k matters"},
        {"最简单的[[relative-position|相对]]规则只看差 Δ = q − k：当 q − k = Δ 时分数为 1，否则为 0。"
         "式中的 1[条件] 在条件成立时为 1，否则为 0。用滑块改变规则的 Δ：Δ < 0 时键在查询右边 |Δ| 个位置（k = q + |Δ|），"
         "Δ > 0 时键在查询左边 Δ 个位置（k = q − Δ），Δ = 0 时每个 token 只关注自己。",
         "The simplest [[relative-position|relative]] rule looks only at the difference Δ = q − k: the score is 1 when "
         "q − k = Δ and 0 otherwise. In the equation, 1[condition] is 1 when the condition holds and 0 otherwise. Use "
         "the slider to change the rule's Δ: with Δ < 0 the key sits |Δ| places to the right of the query "
         "(k = q + |Δ|), with Δ > 0 it sits Δ places to its left (k = q − Δ), and with Δ = 0 every token attends to "
         "itself."},
        {"N", "delta"},
        views_of(read_inputs, relative_rule_views),
        {
         R"tex(A[q,k] = \mathbf{1}[\,q - k = \Delta\,])tex"},
    };
    s.questions = {
        {{"规则“q − k = Δ 时为 1”会点亮多少个格子？", "How many cells does the rule “1 iff q − k = Δ” light?"},
         {{"N 个，每行一个", "N, one per row"},
          {"N − |Δ| 个，对角线 Δ 上每格一个", "N − |Δ|, one per cell of diagonal Δ"},
          {"2N − 1 个，每条对角线一个", "2N − 1, one per diagonal"}},
         1,
         [](const ParamSet& p, Lang lang) {
             const Inputs in = read_inputs(p);
             const int N = in.N, delta = in.delta;
             const double lit = attention_rule_1d(N, delta).sum();
             return say(lang,
                        {"N = {N}、Δ = {delta}：点亮的格子都在对角线 q − k = Δ 上，共 {lit} 个。"
                         "其余 |Δ| = {abs} 行的目标键落在序列之外，所以这些行空着。",
                         "N = {N}, Δ = {delta}: the lit cells all lie on the diagonal q − k = Δ, {lit} of them. "
                         "The other |Δ| = {abs} rows would need a key outside the sequence, so they stay empty."},
                        {{"N", integer(N)}, {"delta", integer(delta)}, {"lit", integer(static_cast<long long>(lit))},
                         {"abs", integer(std::min(std::abs(delta), N))}});
         }},
    };
    s.questions[0].predict = true;  // asked before the figure: count the lit cells from the rule alone
    s.takeaway = {"规则点亮 {lit} 个格子，全在对角线 q − k = {delta} 上：每个查询在这个偏移上最多有一个键，其中 {empty} 个查询的键落在序列之外。",
                  "The rule lights {lit} cells, all on the diagonal q − k = {delta}: each query has at most one key at "
                  "that offset, and for {empty} queries it lies outside the sequence."};
    s.takeaway_args = args_of(read_inputs, +[](const Inputs& in, Lang) {
        const long long lit = static_cast<long long>(attention_rule_1d(in.N, in.delta).sum());
        return std::vector<Arg>{{"lit", integer(lit)}, {"delta", integer(in.delta)}, {"empty", integer(in.N - lit)}};
    });
    return s;
}

static std::vector<ViewData> relative_rule_views(const Inputs& in, Lang lang) {
    const int N = in.N, delta = in.delta;
    HeatmapView view = rule_1d_view(N, delta, lang);
    const Eigen::MatrixXd A = attention_rule_1d(N, delta);
    std::vector<std::string> empty0, empty1;
    for (int q = 0; q < N; ++q)
        if (A.row(q).sum() == 0.0) {
            empty0.push_back(integer(q));
            empty1.push_back(integer(q + 1));
        }
    const std::string empty_rows =
        empty0.empty() ? say(lang, {"无", "none"}) : say(lang, {"{rows0}（从 1 数：{rows1}）", "{rows0} (counting from 1: {rows1})"},
                                                         {{"rows0", join(empty0, ", ")}, {"rows1", join(empty1, ", ")}});
    const std::vector<std::string> notes = {
        say(lang, {"点亮的格子：N − |Δ| = {lit}，全在对角线 q − k = {delta} 上；没有 1 的行：{rows}",
                   "Lit cells: N − |Δ| = {lit}, all on q − k = {delta}; rows without a 1: {rows}"},
            {{"lit", integer(static_cast<long long>(A.sum()))}, {"delta", integer(delta)}, {"rows", empty_rows}})};
    return {make_view(say(lang, {"规则：q − k = Δ 时 A[q,k] = 1", "Rule: A[q,k] = 1 iff q − k = Δ"}), view, notes)};
}

}  // namespace attention_grid_lesson
}  // namespace pelab
