// PE Lab — lessons/questions/vit_2d.cpp
// Predict-then-reveal questions of the lesson vit-2d: which token a patch becomes, which half of MAE's code
// two patches in one column share, and how many rows Swin's bias table has. Every explanation is computed
// from core/vit2d at the learner's current grid, patch and width.
//
// [SECTION] questions
#include "core/vit2d.h"
#include "lessons/questions/question_tables.h"

namespace pelab {

using namespace lessonui;
using questions_detail::count_text;
using questions_detail::int_param;

// [SECTION] questions
std::vector<PlacedQuestion> questions_vit_2d() {
    std::vector<PlacedQuestion> out;

    out.push_back({1, {
                   {"H×W 网格逐行展平：第 r 行第 c 列的图块是第几个词元？",
                    "An H×W grid flattened row by row: which token is the patch in row r, column c?"},
                   {{"t = r·W + c", "t = r·W + c"}, {"t = r·H + c", "t = r·H + c"}, {"t = c·H + r", "t = c·H + r"}},
                   0,
                   [](const ParamSet& p, Lang lang) {
                       const int H = int_param(p, "H", 1, 64), W = int_param(p, "W", 1, 64);
                       const int t = std::min(int_param(p, "patch", 0, 1 << 20), H * W - 1);
                       const int r = vit_token_row(t, W), c = vit_token_col(t, W);
                       return say(lang,
                                  {"当前选中的图块 {t} 在第 {r} 行、第 {c} 列（从 0 数起）：{r}·{W} + {c} = {check}。每行有 W = {W} 个图块，"
                                   "所以下一行从 W 的倍数开始。",
                                   "The selected patch {t} is row {r}, column {c} (counting from 0): {r}·{W} + {c} = {check}. Each "
                                   "row holds W = {W} patches, so the next row starts at a multiple of W."},
                                  {{"t", integer(t)}, {"r", integer(r)}, {"c", integer(c)}, {"W", integer(W)},
                                   {"check", integer(vit_token_index(r, c, W))}});
                   }}});

    out.push_back({3, {
                   {"MAE 的二维 sin-cos 编码：同一列的两个图块，编码的哪一半完全相同？",
                    "MAE's 2-D sin-cos: two patches in the same column share which half of their code exactly?"},
                   {{"前一半（它编码列号）", "The first half (it encodes the column)"},
                    {"后一半（它编码行号）", "The second half (it encodes the row)"},
                    {"两半都不同", "Neither half"}},
                   0,
                   [](const ParamSet& p, Lang lang) {
                       const int H = int_param(p, "H", 1, 64), W = int_param(p, "W", 1, 64);
                       const int D = std::max(4, int_param(p, "dim", 4, 1024) / 4 * 4);
                       const Eigen::MatrixXd table = mae_2d_sincos(std::max(H, 2), W, D);
                       // Patches (0, 0) and (1, 0): one column, two rows.
                       const int below = vit_token_index(1, 0, W);
                       const double first = (table.row(0).head(D / 2) - table.row(below).head(D / 2)).cwiseAbs().maxCoeff();
                       const double second = (table.row(0).tail(D / 2) - table.row(below).tail(D / 2)).cwiseAbs().maxCoeff();
                       return say_error(lang,
                                        {"MAE 的 meshgrid 先放 w，所以前一半由列号算出（代码里却叫 emb_h）。D = {D} 时，图块 (0, 0) 与 "
                                         "(1, 0) 的前一半最大差 {err}{hint}，后一半最大差 {second}。",
                                         "MAE's meshgrid puts w first, so the first half is built from the column (though the code "
                                         "names it emb_h). With D = {D}, patches (0, 0) and (1, 0) differ by at most {err}{hint} in "
                                         "the first half and {second} in the second."},
                                        first, {{"D", integer(D)}, {"second", num(second, 3)}});
                   }}});

    out.push_back({5, {
                   {"H×W 窗口里，Swin 的相对位置偏置表有多少行？",
                    "In an H×W window, how many rows does Swin's relative position bias table have?"},
                   {{"H·W 行，每个位置一行", "H·W, one per position"},
                    {"(2H − 1)(2W − 1) 行，每个二维偏移一行", "(2H − 1)(2W − 1), one per 2-D offset"},
                    {"(H·W)² 行，每对位置一行", "(H·W)², one per pair of positions"}},
                   1,
                   [](const ParamSet& p, Lang lang) {
                       const int H = int_param(p, "H", 1, 64), W = int_param(p, "W", 1, 64);
                       const Eigen::MatrixXd index = swin_relative_position_index(H, W);
                       return say(lang,
                                  {"{H}×{W} 的窗口：Δr 取 {rows_r} 个值，Δc 取 {rows_c} 个值，relative_position_index 的最大值是 {max}，"
                                   "所以表有 {rows} 行，而窗口有 {pairs} 对位置。",
                                   "A {H}×{W} window: Δr takes {rows_r} values and Δc {rows_c}; relative_position_index reaches "
                                   "{max}, so the table has {rows} rows, while the window has {pairs} pairs of positions."},
                                  {{"H", integer(H)}, {"W", integer(W)}, {"rows_r", integer(2LL * H - 1)},
                                   {"rows_c", integer(2LL * W - 1)}, {"max", integer(static_cast<long long>(index.maxCoeff()))},
                                   {"rows", integer(static_cast<long long>(index.maxCoeff()) + 1)},
                                   {"pairs", count_text(1LL * H * W * H * W, lang)}});
                   }}});
    return out;
}

}  // namespace pelab
