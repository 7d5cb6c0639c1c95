// PE Lab — lessons/attention_grid/doubly_block_toeplitz.cpp
// Step "doubly-block-toeplitz" of attention-grid: the A of a side × side grid under a 2-D rule, flattened row
// by row, is block-Toeplitz with Toeplitz blocks (doubly block-Toeplitz) but in general not Toeplitz.
// The views builder, then the step.
// Comments are English only: the font subset is built from the characters inside this file's strings.
//
// [SECTION] views: A of the grid and its block checks
// [SECTION] the step
#include <string>
#include <vector>

#include "core/relative/attention_grid.h"
#include "core/relative/f_delta.h"
#include "lessons/attention_grid/attention_grid_lesson.h"
#include "lessons/lesson_util.h"

namespace pelab {
namespace attention_grid_lesson {

using namespace lessonui;  // shared display helpers (lessons/lesson_util.h)

// [SECTION] views: A of the grid and its block checks
namespace {
std::vector<ViewData> doubly_block_toeplitz_views(const Inputs& in, Lang lang) {
    const int s = in.side, n = s * s;
    // A for the 2-D rule on this grid: side × side blocks of side × side cells, block (i, j) pairing the
    // queries of grid row i with the keys of grid row j.
    const Eigen::MatrixXd rule = attention_rule_2d(s, s, in.drow, in.dcol);
    const BlockToeplitzSpread spread = block_toeplitz_spread(rule, s, s);
    HeatmapView A = rule_2d_view(s, s, in.drow, in.dcol, lang);
    A.block = s;  // the grid rows' blocks drawn, so "block (i, j)" can be found by eye
    const std::string rule_delta = pair_text(in.drow, in.dcol);
    A.explain = [rule, s, rule_delta, lang](int r, int c) -> std::string {
        if (r < 0 || c < 0 || r >= s * s || c >= s * s) return "";
        const GridCoord q = grid_coord(r, s), k = grid_coord(c, s);
        return say(lang, {"q = {q} {qc}, k = {k} {kc}：在块 ({i}, {j}) 中（查询在网格第 {i} 行，键在第 {j} 行），"
                          "块内第 {a} 行第 {b} 列（即 q 与 k 的列）；δ = q − k = {delta}，规则的 δ = {rule}，A = {v}",
                          "q = {q} {qc}, k = {k} {kc}: block ({i}, {j}) (query in grid row {i}, key in row {j}), row {a} and "
                          "column {b} inside it (the columns of q and k); δ = q − k = {delta}, the rule's δ = {rule}, A = {v}"},
                   {{"q", integer(r)},
                    {"qc", pair_text(q.row, q.col)},
                    {"k", integer(c)},
                    {"kc", pair_text(k.row, k.col)},
                    {"i", integer(q.row)},
                    {"j", integer(k.row)},
                    {"a", integer(q.col)},
                    {"b", integer(k.col)},
                    {"delta", pair_text(q.row - k.row, q.col - k.col)},
                    {"rule", rule_delta},
                    {"v", integer(static_cast<long long>(rule(r, c)))}});
    };
    std::vector<std::string> a_notes{
        say(lang, {"T_(i−j)：网格第 i 行查询与第 j 行键的 {s}×{s} 块；a(δ₁, δ₂)：规则在 δ 处的值；c、c′：查询与键的列。",
                   "T_(i−j): the {s}×{s} block of grid rows i (queries) and j (keys); a(δ₁, δ₂): the rule's value at δ; "
                   "c, c′: the columns of q and k."},
            {{"s", integer(s)}}),
        say(lang, {"A 的形状：{n} × {n}；规则点亮 {lit} 个格子。", "Shape of A: {n} × {n}; the rule lights {lit} cells."},
            {{"n", integer(n)}, {"lit", integer(static_cast<long long>(rule.sum()))}}),
        say(lang, {"按网格的行切开，A 是 {s}×{s} 个块，每块 {s}×{s}；点亮的格子只在 i − j = δ₁ = {drow} 的块里。",
                   "Cut along the grid rows, A is {s}×{s} blocks of {s}×{s}; lit cells lie only in the blocks with i − j = δ₁ = {drow}."},
            {{"s", integer(s)}, {"drow", integer(in.drow)}}),
        spread.between_blocks == 0.0 && spread.within_blocks == 0.0
                ? say(lang, {"i − j 相同的块之间的最大差 = {between}；块内沿对角线的最大极差 = {within}：A 是双重块 Toeplitz 矩阵。",
                             "Largest difference between blocks with the same i − j = {between}; largest spread along a diagonal "
                             "inside a block = {within}: A is doubly block-Toeplitz."},
                      {{"between", num(spread.between_blocks, 4)}, {"within", num(spread.within_blocks, 4)}})
                : say(lang, {"i − j 相同的块之间的最大差 = {between}；块内沿对角线的最大极差 = {within}：A 不是双重块 Toeplitz 矩阵。",
                             "Largest difference between blocks with the same i − j = {between}; largest spread along a diagonal "
                             "inside a block = {within}: A is not doubly block-Toeplitz."},
                      {{"between", num(spread.between_blocks, 4)}, {"within", num(spread.within_blocks, 4)}})};
    if (spread.whole > 0.0)
        a_notes.push_back(say(lang, {"整个 A 沿对角线的最大极差 = {whole}：A 本身不是 Toeplitz，同一条对角线上有的格子跨过了网格的换行。",
                                     "Largest spread along a diagonal of the whole A = {whole}: A itself is not Toeplitz, because some "
                                     "cells on one diagonal wrap across a grid row."},
                              {{"whole", num(spread.whole, 4)}}));
    else
        a_notes.push_back(say(lang, {"整个 A 沿对角线的最大极差 = {whole}：对这个 δ，A 本身也恰好是 Toeplitz。",
                                     "Largest spread along a diagonal of the whole A = {whole}: for this δ, A happens to be Toeplitz "
                                     "as a whole too."},
                              {{"whole", num(spread.whole, 4)}}));
    return {make_view(say(lang, {"网格 {s}×{s} 在规则 δ = ({drow}, {dcol}) 下的 A", "A of the {s}×{s} grid under the rule δ = ({drow}, {dcol})"},
                          {{"s", integer(s)}, {"drow", integer(in.drow)}, {"dcol", integer(in.dcol)}}),
                      A, a_notes)};
}
}  // namespace

// [SECTION] the step
Step doubly_block_toeplitz() {
    Step s{
        "doubly-block-toeplitz",
        {"二维规则的 A：双重块 Toeplitz", "A 2-D rule's A: doubly block-Toeplitz"},
        {"把 side×side 网格按行展平，A 沿网格的行切成 side×side 个块，每块 side×side 格；"
         "块 (i, j) 是网格第 i 行的查询与第 j 行的键配成的对。"
         "只依赖 δ 的规则下，每个块只依赖 i − j，块内每一格只依赖列差 c − c′（c、c′ 是 q、k 的列），"
         "所以 A 是[[block-toeplitz|块 Toeplitz]] 矩阵，且每块本身是 Toeplitz 矩阵：双重块 Toeplitz（doubly block-Toeplitz），"
         "即[[lesson:attention-grid/toeplitz-diagonals|第 3 步]] Toeplitz 矩阵的二维版本。"
         "整个 A 却一般不是 Toeplitz：展平后的同一条对角线会跨过网格的换行（[[lesson:attention-grid/flatten-2x3-grid|第 6 步]]）。"
         "悬停在格子上可以看到它属于哪个块。",
         "Flatten the side × side grid row by row and A falls along the grid rows into side × side blocks of side × side "
         "cells; block (i, j) pairs the queries of grid row i with the keys of grid row j. Under a rule of δ alone a "
         "block depends only on i − j, and inside a block a cell depends only on the column difference c − c′ (c, c′: "
         "the columns of q and k), so A is [[block-toeplitz|block-Toeplitz]] with Toeplitz blocks, doubly "
         "block-Toeplitz, the 2-D counterpart of the Toeplitz matrix of [[lesson:attention-grid/toeplitz-diagonals|step 3]]. "
         "The whole A is in general not Toeplitz: one diagonal of the flattened A wraps across grid rows "
         "([[lesson:attention-grid/flatten-2x3-grid|step 6]]). Hover over a cell to see its block."},
        {"side", "drow", "dcol"},
        views_of(read_inputs, doubly_block_toeplitz_views),
        {
         {R"tex(A = \big[\,T_{i-j}\,\big]_{i,j=0}^{\text{边长}-1})tex", R"tex(A = \big[\,T_{i-j}\,\big]_{i,j=0}^{\mathrm{side}-1})tex"},
         R"tex((T_{i-j})_{c,c'} = a(i - j,\ c - c'))tex"},
    };
    s.takeaway = {"网格行差 i − j 相同的块彼此相同（最大差 {between}），块内沿对角线不变（极差 {within}）：双重块 Toeplitz；整个 A 的对角线跨过换行，极差 {whole}。",
                  "Blocks with equal grid-row offset i − j are equal (largest difference {between}), each Toeplitz inside "
                  "(diagonal spread {within}): doubly block-Toeplitz. A's own diagonals cross row breaks (spread {whole})."};
    s.takeaway_args = args_of(read_inputs, +[](const Inputs& in, Lang) {
        const BlockToeplitzSpread spread =
            block_toeplitz_spread(attention_rule_2d(in.side, in.side, in.drow, in.dcol), in.side, in.side);
        return std::vector<Arg>{{"between", num(spread.between_blocks, 4)},
                                {"within", num(spread.within_blocks, 4)},
                                {"whole", num(spread.whole, 4)}};
    });
    return s;
}

}  // namespace attention_grid_lesson
}  // namespace pelab
