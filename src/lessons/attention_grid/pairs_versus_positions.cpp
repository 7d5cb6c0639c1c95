// PE Lab — lessons/attention_grid/pairs_versus_positions.cpp
// Step "pairs-versus-positions" of attention-grid: the N×N pair table against an N-cell position grid, and
// the A of a side × side grid under a 2-D rule, doubly block-Toeplitz. The step with its question, then its
// views builder.
// Comments are English only: the font subset is built from the characters inside this file's strings.
//
// [SECTION] pair table versus position grid
#include <string>
#include <vector>

#include "core/attention_grid.h"
#include "core/f_delta.h"
#include "lessons/attention_grid/attention_grid_lesson.h"
#include "lessons/lesson_util.h"

namespace pelab {
namespace attention_grid_lesson {

using namespace lessonui;  // shared display helpers (lessons/lesson_util.h)

// [SECTION] pair table versus position grid
static std::vector<ViewData> pairs_versus_positions_views(const Inputs& in, Lang lang);

Step pairs_versus_positions() {
    Step s = {
        "pairs-versus-positions",
        {"看似相同的两张图", "Two pictures that look alike"},
        {"讲解视频常把两张 6×6 的图并排画出，但它们的含义不同。配对表 A 的每一格是一对 (q, k)，N 个 token 对应 N² 格；"
         "位置网格的每一格是一个位置，N 个 token 就只有 N 格。如果网格真有 6×6 个位置，A 就要为每个位置各留一行、一列，表格给出两者的大小。"
         "第三张图就是这个 A，用的是二维规则 δ = (δ₁, δ₂)。按行展平后，它沿网格的行切成 side×side 个块，每块 side×side 格，"
         "块 (i, j) 是网格第 i 行的查询与第 j 行的键配成的对。每个块只依赖 i − j，块内每一格只依赖列差，"
         "所以 A 是由 Toeplitz 块按 Toeplitz 方式排成的块 Toeplitz 矩阵，即双重块 Toeplitz（doubly block-Toeplitz）矩阵："
         "只依赖 δ 的二维规则都有这个结构，它是第 3 步 Toeplitz 矩阵的二维版本。注释检查了这两点，也检查 A 本身是否 Toeplitz："
         "一般不是，因为展平后的同一条对角线会跨过网格的换行。悬停在 A 的格子上可以看到它属于哪个块。"
         "拖动边长可以看到两者增长的速度有多么不同。",
         "Tutorial videos often draw two 6×6 pictures side by side, but they mean different things. Each cell of "
         "the pair table A is a pair (q, k), so N tokens give N² cells; each cell of the position grid is one "
         "position, so N tokens give only N cells. If the grid really holds 6×6 positions, A needs one row and one "
         "column per position; the table gives both sizes. The third figure is that A, for the 2-D rule "
         "δ = (δ₁, δ₂). Flattened row by row, it falls along the grid rows into side × side blocks of side × side "
         "cells; block (i, j) pairs the queries of grid row i with the keys of grid row j. A block depends only on "
         "i − j, and inside a block a cell depends only on the column difference, so A is block-Toeplitz with "
         "Toeplitz blocks (Toeplitz blocks arranged in a Toeplitz pattern): a doubly block-Toeplitz matrix. Every "
         "2-D rule that depends only on δ has this structure, the 2-D counterpart of the Toeplitz matrix of step 3. "
         "The notes check both properties, and whether A itself is Toeplitz: in general it is not, because one "
         "diagonal of the flattened A wraps across grid rows. Hover over a cell of A to see its block. Drag the "
         "side length to see how differently the two grow."},
        {"side", "drow", "dcol"},
        views_of(read_inputs, pairs_versus_positions_views),
        {
         R"tex(A = \big[\,T_{i-j}\,\big]_{i,j=0}^{s-1})tex",
         R"tex((T_{i-j})_{c,c'} = a(i - j,\ c - c'))tex"},
    };
    s.questions = {
        {{"side × side 的位置网格有多少个位置？它的注意力矩阵 A 有多大？",
          "A side × side grid of positions: how many positions, and how big is its attention matrix A?"},
         {{"side² 个位置，A 是 side × side", "side² positions, and A is side × side"},
          {"side² 个位置，A 是 side² × side²", "side² positions, and A is side² × side²"},
          {"side 个位置，A 是 side × side", "side positions, and A is side × side"}},
         1,
         [](const ParamSet& p, Lang lang) {
             const long long side = read_inputs(p).side, n = side * side;
             return say(lang,
                        {"side = {side}：网格的每个格子是一个位置，共 {n} 个；A 的每个格子是一对位置 (q, k)，"
                         "所以 A 是 {n} × {n}，共 {pairs} 个格子。",
                         "side = {side}: each grid cell is one position, {n} in all; each cell of A is a pair (q, k), "
                         "so A is {n} × {n}, {pairs} cells."},
                        {{"side", integer(side)}, {"n", count_text(n, lang)}, {"pairs", count_text(n * n, lang)}});
         }},
    };
    return s;
}

static std::vector<ViewData> pairs_versus_positions_views(const Inputs& in, Lang lang) {
    const int s = in.side, n = s * s;
    HeatmapView positions;
    positions.values.resize(s, s);
    for (int r = 0; r < s; ++r)
        for (int c = 0; c < s; ++c) {
            positions.values(r, c) = grid_index(r, c, s);
            positions.cell_text.push_back(integer(grid_index(r, c, s)));
        }
    positions.row_labels = index_labels(s);
    positions.col_labels = index_labels(s);
    positions.row_axis = say(lang, {"行", "row"});
    positions.col_axis = say(lang, {"列", "column"});
    positions.integer = true;
    positions.decimals = 0;
    positions.explain = [s, lang](int r, int c) -> std::string {
        if (r < 0 || c < 0 || r >= s || c >= s) return "";
        return say(lang, {"位置 {pos} 是 token {t}：网格的一格是一个位置，不是一对。",
                          "Position {pos} is token {t}: a grid cell is one position, not a pair."},
                   {{"pos", pair_text(r, c)}, {"t", integer(grid_index(r, c, s))}});
    };

    // One column per picture, so that the table stays narrow beside the grid.
    TableView counts;
    counts.values.resize(3, 2);
    counts.values << n, static_cast<double>(n) * n, s, n, s, n;
    counts.row_labels = {say(lang, {"格子", "cells"}), say(lang, {"行", "rows"}), say(lang, {"列", "columns"})};
    counts.col_labels = {say(lang, {"位置网格", "grid"}), say(lang, {"配对表 A", "A"})};
    counts.integer = true;
    counts.decimals = 0;

    // A for the 2-D rule on this grid: side × side blocks of side × side cells, block (i, j) pairing the
    // queries of grid row i with the keys of grid row j.
    const Eigen::MatrixXd rule = attention_rule_2d(s, s, in.drow, in.dcol);
    const BlockToeplitzSpread spread = block_toeplitz_spread(rule, s, s);
    HeatmapView A = rule_2d_view(s, s, in.drow, in.dcol, lang);
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
    return {make_view(say(lang, {"位置网格：每格是一个位置（一个 token）", "Position grid: each cell is one position (one token)"}), positions,
                      {say(lang, {"网格 {s}×{s} 有 {n} 个位置。", "A {s}×{s} grid holds {n} positions."},
                           {{"s", integer(s)}, {"n", integer(n)}})}),
            make_view(say(lang, {"两张图的大小", "The sizes of the two pictures"}), counts,
                      {say(lang, {"A 是 {n}×{n}，共 {pairs} 对：每一对 (q, k) 一格。", "A is {n}×{n}, {pairs} pairs: one cell per pair (q, k)."},
                           {{"n", integer(n)}, {"pairs", integer(static_cast<long long>(n) * n)}})}),
            make_view(say(lang, {"这张网格的 A（规则 δ = (δ₁, δ₂)）：由 Toeplitz 块排成的块 Toeplitz 矩阵",
                                 "A for this grid (rule δ = (δ₁, δ₂)): block-Toeplitz with Toeplitz blocks"}),
                      A, a_notes)};
}

}  // namespace attention_grid_lesson
}  // namespace pelab
