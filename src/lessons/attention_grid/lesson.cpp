// PE Lab — lessons/attention_grid/lesson.cpp
// Lesson "attention-grid": the attention matrix A as a table of (query, key) pairs, purely relative rules
// that light one diagonal (Toeplitz), the difference between the N×N pair table and an N-cell position
// grid, 2-D positions with displacement vectors δ = q − k, the 2×3 "right neighbour" example against the
// naive 1-D rule that wraps across the row break, a linked grid ↔ A selection, the doubly block-Toeplitz A of a
// 2-D rule, and the recap. Every number shown comes
// from core (attention_grid.h, f_delta.h); the prose carries no computed numbers.
// This file holds the parameter table, the inputs, the view builders several steps share and the lesson (its
// steps in order, its references). Each step lives in the file named after its id (pair_table.cpp,
// relative_rule.cpp, …), with its views and questions.
// Comments are English only: the font subset is built from the characters inside this file's strings.
//
// [SECTION] parameters
// [SECTION] shared view builders
// [SECTION] the lesson
#include <algorithm>
#include <cmath>
#include <string>
#include <vector>

#include "core/relative/attention_grid.h"
#include "lessons/attention_grid/attention_grid_lesson.h"
#include "lessons/lesson_util.h"

namespace pelab {
namespace attention_grid_lesson {

// [SECTION] parameters
const ParamTable<Inputs>& params() {
    static const ParamTable<Inputs> table{
        {Key::shared("N").range(2, 16).def("6"), &Inputs::N},
        {Key::integer("delta", -15, 15, "-2",
                      {"一维规则的偏移：q − k = Δ 时 A[q][k] = 1", "offset of the 1-D rule: A[q][k] = 1 iff q − k = Δ"})
                 .sym("Δ"),
         &Inputs::delta},
        {Key::integer("side", 1, 16, "6",
                      {"正方形位置网格的边长（side×side 个位置）", "side of the square position grid (side × side positions)"}),
         &Inputs::side},
        {Key::shared("H").range(1, 16).def("2"), &Inputs::H},
        {Key::shared("W").range(1, 16).def("3"), &Inputs::W},
        {Key::integer("drow", -15, 15, "0", {"行位移 δ₁ = q 的行 − k 的行", "row offset δ₁ = row of q − row of k"}).sym("δ₁"),
         &Inputs::drow},
        {Key::integer("dcol", -15, 15, "-1", {"列位移 δ₂ = q 的列 − k 的列", "column offset δ₂ = column of q − column of k"})
                 .sym("δ₂"),
         &Inputs::dcol},
        {Key::integer("query", 0, 255, "1",
                      {"选中的查询 token（按行展平的编号，从 0 开始）", "selected query token (row-major index, 0-based)"})
                 .sym("q"),
         &Inputs::query},
        {Key::shared("seed").def("1").about({"生成查询与键所用的随机种子", "random seed of the queries and keys"}),
         &Inputs::seed},
    };
    return table;
}

Inputs read_inputs(const ParamSet& p) { return params().read(p); }

using namespace lessonui;  // shared display helpers (lessons/lesson_util.h), used from here on

std::string pair_text(int a, int b) { return "(" + integer(a) + "," + integer(b) + ")"; }

// [SECTION] shared view builders
// A query × key heatmap. Hovering outlines the diagonal q − k: meaningful for 1-D positions, misleading for
// flattened grids (one_d = false).
HeatmapView qk_view(const Eigen::MatrixXd& M, Lang lang, bool one_d) {
    HeatmapView view = index_matrix(M, say(lang, {"查询 q", "query q"}), say(lang, {"键 k", "key k"}));
    view.qk_axes = one_d;
    return view;
}

// The 2-D rule on the flattened grid; every cell explains both coordinates and δ.
HeatmapView rule_2d_view(int H, int W, int drow, int dcol, Lang lang) {
    HeatmapView view = qk_view(attention_rule_2d(H, W, drow, dcol), lang, false);
    view.integer = true;
    view.decimals = 0;
    view.row_axis = say(lang, {"查询 q（按行展平）", "query q (row-major)"});
    view.col_axis = say(lang, {"键 k（按行展平）", "key k (row-major)"});
    const int n = H * W;
    view.explain = [n, W, drow, dcol, lang](int r, int c) -> std::string {
        if (r < 0 || c < 0 || r >= n || c >= n) return "";
        const GridCoord q = grid_coord(r, W), k = grid_coord(c, W);
        const int d1 = q.row - k.row, d2 = q.col - k.col;
        std::vector<Arg> args{{"q", integer(r)},          {"qc", pair_text(q.row, q.col)}, {"k", integer(c)},
                              {"kc", pair_text(k.row, k.col)}, {"delta", pair_text(d1, d2)}};
        if (d1 == drow && d2 == dcol)
            return say(lang, {"q = {q} {qc}, k = {k} {kc}：δ = q − k = {delta} = 规则的 δ，所以 A = 1",
                              "q = {q} {qc}, k = {k} {kc}: δ = q − k = {delta} = the rule's δ, so A = 1"},
                       args);
        args.push_back({"rule", pair_text(drow, dcol)});
        return say(lang, {"q = {q} {qc}, k = {k} {kc}：δ = q − k = {delta} ≠ {rule}，所以 A = 0",
                          "q = {q} {qc}, k = {k} {kc}: δ = q − k = {delta} ≠ {rule}, so A = 0"},
                   args);
    };
    return view;
}

// An H×W grid drawn as a heatmap; cell text shows coordinates (or δ from the query when `from_query`);
// clicking a cell makes it the query.
HeatmapView grid_view(const Inputs& in, Lang lang, bool from_query) {
    const int H = in.H, W = in.W, q = in.query_2d();
    const GridCoord cq = grid_coord(q, W);
    HeatmapView view;
    view.values.resize(H, W);
    for (int r = 0; r < H; ++r)
        for (int c = 0; c < W; ++c) {
            const int d1 = cq.row - r, d2 = cq.col - c;
            view.values(r, c) = from_query ? std::sqrt(static_cast<double>(d1 * d1 + d2 * d2)) : grid_index(r, c, W);
            if (from_query)
                view.cell_text.push_back(r == cq.row && c == cq.col ? std::string("q") : pair_text(d1, d2));
            else
                view.cell_text.push_back(pair_text(r, c));
        }
    view.row_labels = index_labels(H);
    view.col_labels = index_labels(W);
    view.row_axis = say(lang, {"行", "row"});
    view.col_axis = say(lang, {"列", "column"});
    view.highlight_cells.push_back({cq.row, cq.col});
    view.select_mode = HeatmapView::SelectMode::Cell;
    view.select_param = "query";
    view.explain = [H, W, cq, lang](int r, int c) -> std::string {
        if (r < 0 || c < 0 || r >= H || c >= W) return "";
        return say(lang, {"位置 {pos}，编号 {t} = {r}·{W} + {c}。以查询 {qpos} 看：δ = q − k = {delta}。点击可选为查询。",
                          "Position {pos}, token {t} = {r}·{W} + {c}. From query {qpos}: δ = q − k = {delta}. Click to make it the query."},
                   {{"pos", pair_text(r, c)},
                    {"t", integer(grid_index(r, c, W))},
                    {"r", integer(r)},
                    {"W", integer(W)},
                    {"c", integer(c)},
                    {"qpos", pair_text(cq.row, cq.col)},
                    {"delta", pair_text(cq.row - r, cq.col - c)}});
    };
    return view;
}

// [SECTION] the lesson
namespace {

Lesson make_lesson() {
    Lesson lesson;
    lesson.id = "attention-grid";
    lesson.title = {"注意力矩阵与二维网格", "The attention matrix and 2-D grids"};
    use_params(lesson, params());
    lesson.result_shape = [](const ParamSet& p) {  // pair tables over N tokens or H·W / side² grid positions
        const Inputs in = read_inputs(p);
        const long long n = std::max({(long long)in.N, (long long)in.side * in.side, (long long)in.H * in.W});
        return std::vector<long long>{n, n};
    };
    lesson.steps = {pairs_table(),  relative_rule(),   toeplitz_diagonals(), pairs_versus_positions(),
                    displacement_2d(), flattening_2x3(), grid_linked_to_A(), doubly_block_toeplitz(),
                    recap()};
    lesson.references = {"vaswani2017", "dosovitskiy2021"};
    return lesson;
}

}  // namespace
}  // namespace attention_grid_lesson

const Lesson* lesson_attention_grid() {
    static const Lesson lesson = attention_grid_lesson::make_lesson();
    return &lesson;
}

}  // namespace pelab
