// PE Lab — lessons/attention_grid/pairs_versus_positions.cpp
// Step "pairs-versus-positions" of attention-grid: the N×N pair table against an N-cell position grid (the A of
// such a grid under a 2-D rule is the step doubly-block-toeplitz). The step with its question, then its views
// builder.
// Comments are English only: the font subset is built from the characters inside this file's strings.
//
// [SECTION] pair table versus position grid
#include <string>
#include <vector>

#include "core/relative/attention_grid.h"
#include "core/relative/f_delta.h"
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
        {"位置网格不是配对表", "A grid of positions is not a table of pairs"},
        {"讲解视频常把两张 6×6 的图并排画出，但它们的含义不同。配对表 A 的每一格是一对 (q, k)，N 个 token 对应 N² 格；"
         "位置网格的每一格是一个位置，N 个 token 就只有 N 格。如果网格真有 side×side 个位置，A 就要为每个位置各留一行、一列，"
         "表格给出两者的大小。拖动边长可以看到两者增长的速度有多么不同。",
         "Tutorial videos often draw two 6×6 pictures side by side, but they mean different things. Each cell of the pair "
         "table A is a pair (q, k), so N tokens give N² cells; each cell of the position grid is one position, so N "
         "tokens give only N cells. If the grid really holds side × side positions, A needs one row and one column per "
         "position; the table gives both sizes. Drag the side length to see how differently the two grow."},
        {"side"},
        views_of(read_inputs, pairs_versus_positions_views),
        {
         {R"tex(N = \text{边长}^2, \qquad A \in \mathbb{R}^{N \times N})tex", R"tex(N = \mathrm{side}^2, \qquad A \in \mathbb{R}^{N \times N})tex"}},
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
    s.takeaway = {"{s}×{s} 的位置网格（如图像的[[patch|图块]]）有 {n} 个位置，它的 A 却有 {pairs} 个格子：网格一格是一个位置，A 一格是一对位置，所以 A 按 side⁴ 增长。",
                  "A {s}×{s} grid of positions (say an image's [[patch|patches]]) holds {n} positions but its A holds {pairs} "
                  "cells: a grid cell is one position, a cell of A a pair, so A grows as side⁴."};
    s.takeaway_args = args_of(read_inputs, +[](const Inputs& in, Lang lang) {
        const long long n = 1LL * in.side * in.side;
        return std::vector<Arg>{{"s", integer(in.side)}, {"n", integer(n)}, {"pairs", count_text(n * n, lang)}};
    });
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

    return {make_view(say(lang, {"位置网格：每格是一个位置（一个 token）", "Position grid: each cell is one position (one token)"}), positions,
                      {say(lang, {"网格 {s}×{s} 有 {n} 个位置。", "A {s}×{s} grid holds {n} positions."},
                           {{"s", integer(s)}, {"n", integer(n)}})}),
            make_view(say(lang, {"两张图的大小", "The sizes of the two pictures"}), counts,
                      {say(lang, {"A 是 {n}×{n}，共 {pairs} 对：每一对 (q, k) 一格。", "A is {n}×{n}, {pairs} pairs: one cell per pair (q, k)."},
                           {{"n", integer(n)}, {"pairs", integer(static_cast<long long>(n) * n)}})})};
}

}  // namespace attention_grid_lesson
}  // namespace pelab
