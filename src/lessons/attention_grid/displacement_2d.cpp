// PE Lab — lessons/attention_grid/displacement_2d.cpp
// Step "displacement-2d" of attention-grid: 2-D positions and the displacement vector δ = q − k seen from a
// selectable query, with arrows to the keys. The step, then its views builder.
// Comments are English only: the font subset is built from the characters inside this file's strings.
//
// [SECTION] 2-D displacements
#include <cmath>
#include <string>
#include <vector>

#include "core/relative/attention_grid.h"
#include "lessons/attention_grid/attention_grid_lesson.h"
#include "lessons/lesson_util.h"

namespace pelab {
namespace attention_grid_lesson {

using namespace lessonui;  // shared display helpers (lessons/lesson_util.h)

// [SECTION] 2-D displacements
static std::vector<ViewData> displacement_views(const Inputs& in, Lang lang);

Step displacement_2d() {
    Step s{
        "displacement-2d",
        {"二维位置与位移 δ", "2-D positions and the displacement δ"},
        {"在[[patch|图像块]]或任何二维网格上，位置是坐标 q = (q₁, q₂)、k = (k₁, k₂)（行、列），相对位置变成一个向量 δ = q − k = (δ₁, δ₂)。"
         "每个格子里写着从所选查询看过去的 δ，箭头从查询指向各个键。点击网格中的任一格即可把它设为查询。"
         "注意箭头的方向是 k − q，正好是 δ 的反方向。",
         "On [[patch|image patches]] or any 2-D grid a position is a coordinate (row, column), q = (q₁, q₂) and "
         "k = (k₁, k₂), and the relative position becomes a vector δ = q − k = (δ₁, δ₂). Each cell shows its δ as seen "
         "from the selected query, and arrows run from the query to the keys. Click any cell of the grid to make it the "
         "query. Note that an arrow points along k − q, the opposite of δ."},
        {"H", "W", "query"},
        views_of(read_inputs, displacement_views),
        {
         R"tex(\delta = q - k = (q_1 - k_1,\ q_2 - k_2) = (\delta_1, \delta_2))tex"},
    };
    s.takeaway = {"从查询 {qc} 看，{n} 个键各有自己的 δ = q − k = (δ₁, δ₂)：网格上的位置有行和列，所以位置之差也有两个分量。",
                  "Seen from query {qc}, each of the {n} keys has its own δ = q − k = (δ₁, δ₂): a grid position has a row "
                  "and a column, so a difference of positions has both too."};
    s.takeaway_args = args_of(read_inputs, +[](const Inputs& in, Lang) {
        const GridCoord cq = grid_coord(in.query_2d(), in.W);
        return std::vector<Arg>{{"qc", pair_text(cq.row, cq.col)}, {"n", integer(in.cells())}};
    });
    return s;
}

// Arrows from the query to keys: all of them on small grids, the 8 neighbours on large ones.
static std::vector<HeatmapView::Arrow> query_arrows(int H, int W, GridCoord q, bool* all) {
    std::vector<HeatmapView::Arrow> arrows;
    *all = H * W <= 36;
    for (int r = 0; r < H; ++r)
        for (int c = 0; c < W; ++c) {
            if (r == q.row && c == q.col) continue;
            if (!*all && (std::abs(r - q.row) > 1 || std::abs(c - q.col) > 1)) continue;
            arrows.push_back({q.row, q.col, r, c});
        }
    return arrows;
}

static std::vector<ViewData> displacement_views(const Inputs& in, Lang lang) {
    const int H = in.H, W = in.W, n = in.cells(), q = in.query_2d();
    const GridCoord cq = grid_coord(q, W);
    HeatmapView grid = grid_view(in, lang, true);
    bool all = true;
    grid.arrows = query_arrows(H, W, cq, &all);
    const std::vector<std::string> grid_notes{
        say(lang, {"查询 q = {q} = {qc}；颜色是距离 |δ|。", "Query q = {q} = {qc}; colour = distance |δ|."},
            {{"q", integer(q)}, {"qc", pair_text(cq.row, cq.col)}}),
        all ? say(lang, {"箭头从 q 指向每个键 k，箭头向量是 k − q = −δ。",
                         "Arrows run from q to each key k along k − q = −δ."})
            : say(lang, {"只画出到 8 个相邻键的箭头，方向 k − q = −δ。",
                         "Arrows to the 8 neighbours only, along k − q = −δ."})};

    TableView table;
    table.values.resize(n, 4);
    for (int k = 0; k < n; ++k) {
        const GridCoord ck = grid_coord(k, W);
        table.values.row(k) << ck.row, ck.col, cq.row - ck.row, cq.col - ck.col;
        table.row_labels.push_back("k = " + integer(k));
    }
    table.col_labels = {say(lang, {"行 k₁", "row k₁"}), say(lang, {"列 k₂", "col k₂"}), "δ₁", "δ₂"};
    table.integer = true;
    table.decimals = 0;
    table.corner = say(lang, {"键", "key"});
    return {make_view(say(lang, {"二维位置：格中是 δ = q − k（点击选查询）", "2-D positions: δ = q − k per cell (click picks the query)"}),
                      grid, grid_notes),
            make_view(say(lang, {"查询 q 与每个键 k 的位移", "δ from the query q to each key"}), table)};
}

}  // namespace attention_grid_lesson
}  // namespace pelab
