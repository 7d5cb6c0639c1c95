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

#include "core/attention_grid.h"
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
        {"最简单的规则只看差 Δ = q − k：当 q − k = Δ 时分数为 1，否则为 0。取 Δ = −2 时，键 k = q + 2 位于查询右边两个位置，"
         "于是被点亮的格子排成一条对角线。最后两个 token 右边没有第二个位置，这两行保持为空。用滑块改变规则的 Δ。",
         "The simplest rule looks only at the difference Δ = q − k: the score is 1 when q − k = Δ and 0 otherwise. "
         "With Δ = −2 the key k = q + 2 sits two places to the right of the query, and the lit cells form one "
         "diagonal. The last two tokens have nothing two places to their right, so their rows stay empty. Use the "
         "slider to change the rule's Δ."},
        {"N", "delta"},
        views_of(read_inputs, relative_rule_views),
        {
         R"tex(A[q,k] = \begin{cases} 1 & q - k = \Delta \\ 0 & \text{otherwise} \end{cases})tex"},
    };
    s.questions = {
        {{"规则“q − k = Δ 时为 1”会点亮多少个格子？", "How many cells does the rule “1 iff q − k = Δ” light?"},
         {{"N 个，每行一个", "N, one per row"},
          {"N − |Δ| 个（|Δ| ≥ N 时一个也没有）", "N − |Δ| (none when |Δ| ≥ N)"},
          {"2N − 1 个", "2N − 1"}},
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
    std::vector<std::string> notes;
    notes.push_back(say(lang, {"点亮的格子：N − |Δ| = {lit}，全部在对角线 q − k = {delta} 上。",
                               "Lit cells: N − |Δ| = {lit}, all on the diagonal q − k = {delta}."},
                        {{"lit", integer(static_cast<long long>(A.sum()))}, {"delta", integer(delta)}}));
    if (delta < 0)
        notes.push_back(say(lang, {"Δ < 0：键在查询右边 {n} 个位置（k = q + |Δ|）。",
                                   "Δ < 0: the key sits {n} places to the right of the query (k = q + |Δ|)."},
                            {{"n", integer(-delta)}}));
    else if (delta > 0)
        notes.push_back(say(lang, {"Δ > 0：键在查询左边 {n} 个位置（k = q − Δ）。",
                                   "Δ > 0: the key sits {n} places to the left of the query (k = q − Δ)."},
                            {{"n", integer(delta)}}));
    else
        notes.push_back(say(lang, {"Δ = 0：每个 token 只关注自己。", "Δ = 0: every token attends to itself."}));
    if (empty0.empty())
        notes.push_back(say(lang, {"没有空行。", "No row is empty."}));
    else
        notes.push_back(say(lang, {"没有 1 的行（从 0 数）：{rows0}；从 1 数：{rows1}。它们的目标键落在序列之外。",
                                   "Rows without a 1 (counting from 0): {rows0}; counting from 1: {rows1}. "
                                   "Their target key would lie outside the sequence."},
                            {{"rows0", join(empty0, ", ")}, {"rows1", join(empty1, ", ")}}));
    return {make_view(say(lang, {"规则：q − k = Δ 时 A[q,k] = 1", "Rule: A[q,k] = 1 iff q − k = Δ"}), view, notes)};
}

}  // namespace attention_grid_lesson
}  // namespace pelab
