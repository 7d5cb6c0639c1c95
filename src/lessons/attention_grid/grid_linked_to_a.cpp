// PE Lab — lessons/attention_grid/grid_linked_to_a.cpp
// Step "grid-linked-to-a" of attention-grid: the grid and A linked, up to 16×16 positions (A 256×256):
// clicking a grid cell or a row of A selects the same query. The step, then its views builder.
// Comments are English only: the font subset is built from the characters inside this file's strings.
//
// [SECTION] grid and A linked
#include <string>
#include <vector>

#include "core/relative/attention_grid.h"
#include "lessons/attention_grid/attention_grid_lesson.h"
#include "lessons/lesson_util.h"

namespace pelab {
namespace attention_grid_lesson {

using namespace lessonui;  // shared display helpers (lessons/lesson_util.h)

// [SECTION] grid and A linked
static std::vector<ViewData> linked_views(const Inputs& in, Lang lang);

Step grid_linked_to_A() {
    Step s{
        "grid-linked-to-a",
        {"网格与 A 联动", "Grid and A, linked"},
        {"在网格中点击一格，A 中对应的行被框出；在 A 中点击一行，网格中对应的格子被选中。"
         "网格最大 16×16，此时 A 是 256×256。规则 δ 在 A 的每一行里最多点亮一个格子，位于网格边缘的查询可能一个也没有。",
         "Clicking a grid cell outlines its row in A, and clicking a row of A selects its cell in the grid. The grid goes "
         "up to 16×16, which makes A 256×256. The rule δ lights at most one cell per row of A; a query at the edge of the "
         "grid may have none."},
        {"H", "W", "drow", "dcol", "query"},
        views_of(read_inputs, linked_views),
        {
         R"tex(A \in \{0, 1\}^{HW \times HW}, \qquad \textstyle\sum_k A[q,k] \le 1)tex"},
    };
    s.takeaway = {"查询 {q} {qc} 就是 A 的第 {q} 行，A 是 {n}×{n}：网格的每个位置在 A 里占一行一列，规则 δ 在这一行里最多点亮一格。",
                  "Query {q} {qc} is row {q} of A, which is {n}×{n}: each grid position owns one row and one column of "
                  "A, and the rule δ lights at most one cell of that row."};
    s.takeaway_args = args_of(read_inputs, +[](const Inputs& in, Lang) {
        const int q = in.query_2d();
        const GridCoord cq = grid_coord(q, in.W);
        return std::vector<Arg>{{"q", integer(q)}, {"qc", pair_text(cq.row, cq.col)}, {"n", integer(in.cells())}};
    });
    return s;
}

static std::vector<ViewData> linked_views(const Inputs& in, Lang lang) {
    const int H = in.H, W = in.W, n = in.cells(), q = in.query_2d();
    const GridCoord cq = grid_coord(q, W);
    const Eigen::MatrixXd A = attention_rule_2d(H, W, in.drow, in.dcol);

    HeatmapView grid = grid_view(in, lang, false);
    int key = -1;
    for (int k = 0; k < n; ++k)
        if (A(q, k) == 1.0) key = k;
    for (int r = 0; r < H; ++r)
        for (int c = 0; c < W; ++c) {
            const int t = grid_index(r, c, W);
            grid.values(r, c) = t == q ? 2.0 : (t == key ? 1.0 : 0.0);
        }
    if (n > 64) grid.cell_text.clear();  // coordinates would not fit in 16×16 cells
    if (key >= 0) {
        const GridCoord ck = grid_coord(key, W);
        grid.highlight_cells.push_back({ck.row, ck.col});
        grid.arrows.push_back({cq.row, cq.col, ck.row, ck.col});
    }

    HeatmapView big = rule_2d_view(H, W, in.drow, in.dcol, lang);
    big.highlight_row = q;
    big.select_mode = HeatmapView::SelectMode::Row;
    big.select_param = "query";
    if (key >= 0) big.highlight_cells.push_back({q, key});
    std::vector<std::string> big_notes{say(lang, {"A 的形状：{n} × {n}（{pairs} 对）。", "Shape of A: {n} × {n} ({pairs} pairs)."},
                                           {{"n", integer(n)}, {"pairs", integer(static_cast<long long>(n) * n)}})};
    if (key >= 0) {
        const GridCoord ck = grid_coord(key, W);
        big_notes.push_back(say(lang, {"查询 {q} {qc} 关注键 {key} {kc}：A 的第 {q} 行在第 {key} 列为 1。",
                                       "Query {q} {qc} attends to key {key} {kc}: row {q} of A has its 1 in column {key}."},
                                {{"q", integer(q)}, {"qc", pair_text(cq.row, cq.col)}, {"key", integer(key)}, {"kc", pair_text(ck.row, ck.col)}}));
    } else {
        big_notes.push_back(say(lang, {"查询 {q} {qc} 按 δ 要找的键在网格外：这一行全为 0。",
                                       "Query {q} {qc} has no key at δ on the grid: its row is all 0."},
                                {{"q", integer(q)}, {"qc", pair_text(cq.row, cq.col)}}));
    }
    // A first: the primary figure gets the room (a wide grid beside a small A left A unreadable at 1280×720).
    // Every note goes under the grid, beside A, so that A keeps the whole height.
    big_notes.insert(big_notes.begin(),
                     say(lang, {"颜色：2 = 查询，1 = 规则连到的键，0 = 其他。", "Colour: 2 = query, 1 = the key the rule links, 0 = other."}));
    return {make_view(say(lang, {"A（点击一行选查询）", "A (click a row to pick the query)"}), big),
            make_view(say(lang, {"网格（点击选查询）", "Grid (click to pick the query)"}), grid, big_notes)};
}

}  // namespace attention_grid_lesson
}  // namespace pelab
