// PE Lab — lessons/attention_grid/flatten_2x3_grid.cpp
// Step "flatten-2x3-grid" of attention-grid: the 2×3 "right neighbour" example flattened row by row, against
// the naive 1-D rule on the flattened index that wraps across the row break. The step with its question, then its
// views builder.
// Comments are English only: the font subset is built from the characters inside this file's strings.
//
// [SECTION] the 2×3 example and the naive flattened rule
#include <string>
#include <vector>

#include "core/relative/attention_grid.h"
#include "lessons/attention_grid/attention_grid_lesson.h"
#include "lessons/lesson_util.h"

namespace pelab {
namespace attention_grid_lesson {

using namespace lessonui;  // shared display helpers (lessons/lesson_util.h)

// [SECTION] the 2×3 example and the naive flattened rule
static std::vector<ViewData> flattening_views(const Inputs& in, Lang lang);

Step flattening_2x3() {
    Step s = {
        "flatten-2x3-grid",
        {"2×3 网格：关注右边的邻居", "A 2×3 grid: right neighbour"},
        {"把 2×3 网格按行展平（编号 = 行·W + 列），取规则 δ = (0, −1)，即“关注右边相邻的一格”。"
         "右边缘的查询没有右邻居，所以它们那一行没有任何 1。式中的 1[条件] 在条件成立时为 1，否则为 0。"
         "另一种做法是只在展平后的编号上用一维规则 q − k = δ₁·W + δ₂；朴素规则的热力图框出它与二维规则不同的格子。"
         "很多教材从 1 开始编号，本工具从 0 开始编号；注释按两种编号分别列出值为 1 的格子和没有 1 的行。",
         "Number the 2×3 grid's cells row by row (index = row·W + column) and take the rule δ = (0, −1): \"attend to the "
         "neighbour on the right\". Queries on the right edge have no right neighbour, so their rows hold no 1. In the "
         "equation, 1[condition] is 1 when the condition holds and 0 otherwise. The alternative applies the 1-D rule "
         "q − k = δ₁·W + δ₂ to the flattened index; the naive rule's heatmap outlines the cells where it differs from "
         "the 2-D rule. Many texts number tokens from 1, this widget from 0; the notes list the ones and the rows without "
         "a 1 in both numberings."},
        {"H", "W", "drow", "dcol"},
        views_of(read_inputs, flattening_views),
        {
         {R"tex(\text{编号} = \text{行} \cdot W + \text{列})tex", R"tex(\mathrm{index} = \mathrm{row} \cdot W + \mathrm{column})tex"},
         {R"tex(A[\text{编号}(q),\ \text{编号}(k)] = \mathbf{1}[\,q - k = \delta\,])tex",
          R"tex(A[\mathrm{index}(q),\ \mathrm{index}(k)] = \mathbf{1}[\,q - k = \delta\,])tex"}},
    };
    s.questions = {
        {{"把网格逐行展平后，一维规则 q − k = δ₁·W + δ₂ 会和二维规则 δ 不同吗？",
          "After flattening the grid row by row, can the 1-D rule q − k = δ₁·W + δ₂ differ from the 2-D rule δ?"},
         {{"不会，总是相同", "No, never"},
          {"会，对某些位置对", "Yes, for some pairs"},
          {"只在网格是正方形时", "Only when the grid is square"}},
         1,
         [](const ParamSet& p, Lang lang) {
             const Inputs in = read_inputs(p);
             const int H = in.H, W = in.W;
             const int dr = in.drow, dc = in.dcol;
             const Eigen::MatrixXd naive = attention_rule_1d(H * W, dr * W + dc);
             const Eigen::MatrixXd rule = attention_rule_2d(H, W, dr, dc);
             const long long differ = static_cast<long long>((naive - rule).cwiseAbs().sum());
             return say(lang,
                        {"当前 H = {H}、W = {W}、δ = ({dr}, {dc})：展平后的偏移是 {offset}，两条规则不同的格子数：{differ}。"
                         "一维偏移会把一行的最后几格连到下一行的开头，而二维规则在网格边缘就停下。",
                         "Now H = {H}, W = {W}, δ = ({dr}, {dc}): the flattened offset is {offset}; cells where the two "
                         "rules differ: {differ}. The 1-D offset links the end of one row to the start of the "
                         "next, where the 2-D rule stops at the grid's edge."},
                        {{"H", integer(H)}, {"W", integer(W)}, {"dr", integer(dr)}, {"dc", integer(dc)},
                         {"offset", integer(1LL * dr * W + dc)}, {"differ", integer(differ)}});
         }},
    };
    s.questions[0].predict = true;  // asked before the naive rule's heatmap shows where it goes wrong
    s.takeaway = {"朴素规则 q − k = {flat} 与二维规则在 A 的 {cells} 个格子中有 {differ} 个不同：编号上的一个偏移可能跨过换行，只有二维规则会停在网格边缘。",
                  "The naive rule q − k = {flat} and the 2-D rule disagree on {differ} of A's {cells} cells: an index offset can "
                  "cross a row break, where the 2-D rule stops at the grid's edge."};
    s.takeaway_args = args_of(read_inputs, +[](const Inputs& in, Lang) {
        const int flat = in.drow * in.W + in.dcol;
        const Eigen::MatrixXd naive = attention_rule_1d(in.cells(), flat);
        const Eigen::MatrixXd rule = attention_rule_2d(in.H, in.W, in.drow, in.dcol);
        return std::vector<Arg>{{"flat", integer(flat)},
                                {"cells", integer(1LL * in.cells() * in.cells())},
                                {"differ", integer(static_cast<long long>((naive - rule).cwiseAbs().sum()))}};
    });
    return s;
}

static std::vector<ViewData> flattening_views(const Inputs& in, Lang lang) {
    const int H = in.H, W = in.W, n = in.cells();
    const Eigen::MatrixXd A = attention_rule_2d(H, W, in.drow, in.dcol);
    HeatmapView rule = rule_2d_view(H, W, in.drow, in.dcol, lang);
    std::vector<std::string> ones0, ones1, empty0, empty1;
    for (int q = 0; q < n; ++q) {
        bool any = false;
        for (int k = 0; k < n; ++k)
            if (A(q, k) == 1.0) {
                any = true;
                ones0.push_back("A[" + integer(q) + "," + integer(k) + "]");
                ones1.push_back("A[" + integer(q + 1) + "," + integer(k + 1) + "]");
            }
        if (!any) {
            empty0.push_back(integer(q));
            empty1.push_back(integer(q + 1));
        }
    }
    // The cells and empty rows counted from 0 under the rule's heatmap (one line: the primary figure keeps its
    // room); the flattening and the same cells counted from 1 go under the naive rule's heatmap.
    const std::vector<std::string> rule_notes{
        say(lang, {"值为 1 的格子（从 0 数）：{cells}；没有 1 的行：{rows}", "Ones (from 0): {cells}; rows without a 1: {rows}"},
            {{"cells", ones0.empty() ? "—" : join(ones0, ", ")}, {"rows", empty0.empty() ? "—" : join(empty0, ", ")}})};
    const std::string from_one_note =
        say(lang, {"从 1 数：值为 1 的格子 {cells}；没有 1 的行 {rows}", "Counting from 1: ones at {cells}; rows without a 1: {rows}"},
            {{"cells", ones1.empty() ? "—" : join(ones1, ", ")}, {"rows", empty1.empty() ? "—" : join(empty1, ", ")}});

    // The naive rule: the same step expressed as one offset of the flattened index.
    const int flat = in.drow * W + in.dcol;
    const Eigen::MatrixXd naive = attention_rule_1d(n, flat);
    HeatmapView wrong = qk_view(naive, lang, true);
    wrong.integer = true;
    wrong.decimals = 0;
    // Only the cells where the two rules differ are marked: a thick black frame and the text "naive≠2-D"
    // (e.g. 1≠0) in place of the value; no diagonal outline, which would frame the agreeing ones too.
    std::vector<std::string> bad0, bad1;
    wrong.cell_text.assign(static_cast<size_t>(n) * static_cast<size_t>(n), std::string());
    int first_q = -1, first_k = -1;
    for (int q = 0; q < n; ++q)
        for (int k = 0; k < n; ++k) {
            const long long a_naive = static_cast<long long>(naive(q, k)), a_rule = static_cast<long long>(A(q, k));
            std::string& text = wrong.cell_text[static_cast<size_t>(q) * static_cast<size_t>(n) + static_cast<size_t>(k)];
            text = integer(a_naive);
            if (a_naive != a_rule) {
                text += "≠" + integer(a_rule);
                wrong.highlight_cells.push_back({q, k});
                if (first_q < 0) first_q = q, first_k = k;
                // The naive offset equals the index offset of every pair the 2-D rule links, so it can only
                // add links (→), never miss one.
                bad0.push_back(integer(q) + "→" + integer(k));
                bad1.push_back(integer(q + 1) + "→" + integer(k + 1));
            }
        }
    wrong.explain = [n, W, naive, A, lang](int r, int c) -> std::string {
        if (r < 0 || c < 0 || r >= n || c >= n) return "";
        const GridCoord q = grid_coord(r, W), k = grid_coord(c, W);
        const std::vector<Arg> args{{"q", integer(r)},         {"qc", pair_text(q.row, q.col)},
                                    {"k", integer(c)},         {"kc", pair_text(k.row, k.col)},
                                    {"d", integer(r - c)},     {"naive", integer(static_cast<long long>(naive(r, c)))},
                                    {"rule", integer(static_cast<long long>(A(r, c)))}};
        if (naive(r, c) != A(r, c))
            return say(lang, {"q = {q} {qc}, k = {k} {kc}：q − k = {d}，朴素规则给 {naive}；但二维规则给 {rule}（跨越了行的边界）",
                              "q = {q} {qc}, k = {k} {kc}: q − k = {d}, the naive rule gives {naive}; but the 2-D rule gives {rule} "
                              "(it wraps across a row break)"},
                       args);
        return say(lang, {"q = {q} {qc}, k = {k} {kc}：q − k = {d}，朴素规则给 {naive}",
                          "q = {q} {qc}, k = {k} {kc}: q − k = {d}, the naive rule gives {naive}"},
                   std::vector<Arg>(args.begin(), args.end() - 1));
    };
    std::vector<std::string> wrong_notes{
        say(lang, {"朴素规则的偏移 = δ₁·W + δ₂ = {flat}。", "Naive offset = δ₁·W + δ₂ = {flat}."}, {{"flat", integer(flat)}})};
    if (bad0.empty()) {
        wrong_notes.push_back(say(lang, {"这里两条规则一致（没有跨行的配对）。", "Here both rules agree (no pair crosses a row break)."}));
    } else {
        wrong_notes.push_back(say(lang, {"与二维规则不同的格子（黑框，格内写“朴素≠二维”，如 1≠0）：{pairs0}（从 1 数：{pairs1}）",
                                         "Cells where it differs from the 2-D rule (black frame, text naive≠2-D, e.g. 1≠0): "
                                         "{pairs0} (counting from 1: {pairs1})"},
                                  {{"pairs0", join(bad0, ", ")}, {"pairs1", join(bad1, ", ")}}));
        const GridCoord q = grid_coord(first_q, W), k = grid_coord(first_k, W);
        wrong_notes.push_back(say(lang, {"原因：查询 {q} = {qc} 在第 {qr} 行，键 {k} = {kc} 在第 {kr} 行（W = {W}）。编号差 {d} 正是朴素偏移，"
                                         "但网格上的偏移是 {d2} ≠ δ：一维偏移跨过了换行。",
                                         "Why: query {q} = {qc} is in grid row {qr}, key {k} = {kc} in row {kr} (W = {W}). Their index "
                                         "offset {d} is the naive offset, but their 2-D offset is {d2} ≠ δ: the 1-D offset crossed a row break."},
                                  {{"q", integer(first_q)}, {"qc", pair_text(q.row, q.col)}, {"qr", integer(q.row)},
                                   {"k", integer(first_k)}, {"kc", pair_text(k.row, k.col)}, {"kr", integer(k.row)},
                                   {"W", integer(W)}, {"d", integer(first_q - first_k)},
                                   {"d2", pair_text(q.row - k.row, q.col - k.col)}}));
    }
    wrong_notes.push_back(from_one_note);
    return {make_view(say(lang, {"二维规则 δ = (δ₁, δ₂)", "2-D rule δ = (δ₁, δ₂)"}), rule, rule_notes),
            make_view(say(lang, {"朴素一维规则：q − k = δ₁·W + δ₂", "Naive 1-D rule: q − k = δ₁·W + δ₂"}), wrong, wrong_notes)};
}

}  // namespace attention_grid_lesson
}  // namespace pelab
