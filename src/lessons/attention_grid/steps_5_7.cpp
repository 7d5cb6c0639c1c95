// PE Lab — lessons/attention_grid/steps_5_7.cpp
// Steps 5–7 of "attention-grid": 2-D displacements δ = q − k, the 2×3 "right neighbour" example against the
// naive flattened rule, and the grid linked to A.
// Comments are English only: the font subset is built from the characters inside this file's strings.
//
// [SECTION] step 5: 2-D displacements
// [SECTION] step 6: the 2×3 example and the naive flattened rule
// [SECTION] step 7: grid and A linked
#include <cmath>
#include <string>
#include <vector>

#include "core/attention_grid.h"
#include "lessons/attention_grid/attention_grid_lesson.h"
#include "lessons/lesson_util.h"

namespace pelab {
namespace attention_grid_lesson {

using namespace lessonui;  // shared display helpers (lessons/lesson_util.h)

// [SECTION] step 5: 2-D displacements
static std::vector<ViewData> displacement_views(const Inputs& in, Lang lang);

Step displacement_2d() {
    return {
        "displacement-2d",
        {"二维位置与位移 δ", "2-D positions and the displacement δ"},
        {"在图像块或二维网格上，位置是坐标 q = (q₁, q₂)、k = (k₁, k₂)，相对位置变成一个向量 δ = q − k = (δ₁, δ₂)。"
         "每个格子里写着从所选查询看过去的 δ，箭头从查询指向各个键。点击网格中的任一格即可把它设为查询。"
         "注意箭头的方向是 k − q，正好是 δ 的反方向。",
         "On image patches or any 2-D grid a position is a coordinate, q = (q₁, q₂) and k = (k₁, k₂), and the "
         "relative position becomes a vector δ = q − k = (δ₁, δ₂). Each cell shows its δ as seen from the selected "
         "query, and arrows run from the query to the keys. Click any cell of the grid to make it the query. Note "
         "that an arrow points along k − q, the opposite of δ."},
        {"H", "W", "query"},
        views_of(read_inputs, displacement_views),
        {
         R"tex(\delta = q - k = (q_1 - k_1,\ q_2 - k_2) = (\delta_1, \delta_2))tex"},
    };
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
        say(lang, {"查询 q = {q} = {qc}；颜色是距离 |δ|。", "Query q = {q} = {qc}; colour is the distance |δ|."},
            {{"q", integer(q)}, {"qc", pair_text(cq.row, cq.col)}}),
        all ? say(lang, {"箭头从 q 指向每个键 k，箭头向量是 k − q = −δ。",
                         "Arrows run from q to every key k; an arrow's vector is k − q = −δ."})
            : say(lang, {"网格较大，只画出到 8 个相邻键的箭头；箭头向量是 k − q = −δ。",
                         "On a large grid only the arrows to the 8 neighbours are drawn; an arrow's vector is k − q = −δ."})};

    TableView table;
    table.values.resize(n, 4);
    for (int k = 0; k < n; ++k) {
        const GridCoord ck = grid_coord(k, W);
        table.values.row(k) << ck.row, ck.col, cq.row - ck.row, cq.col - ck.col;
        table.row_labels.push_back("k = " + integer(k));
    }
    table.col_labels = {say(lang, {"行 k₁", "row k₁"}), say(lang, {"列 k₂", "col k₂"}), "δ₁ = q₁ − k₁", "δ₂ = q₂ − k₂"};
    table.integer = true;
    table.decimals = 0;
    table.corner = say(lang, {"键", "key"});
    return {make_view(say(lang, {"二维位置：格中是 δ = q − k（点击选查询）", "2-D positions: each cell shows δ = q − k (click to pick the query)"}),
                      grid, grid_notes),
            make_view(say(lang, {"查询 q 与每个键 k 的位移", "Displacement from the query q to every key k"}), table)};
}

// [SECTION] step 6: the 2×3 example and the naive flattened rule
static std::vector<ViewData> flattening_views(const Inputs& in, Lang lang);

Step flattening_2x3() {
    return {
        "flatten-2x3-grid",
        {"2×3 网格：关注右边的邻居", "A 2×3 grid: attend to the right neighbour"},
        {"把 2×3 网格按行展平：编号 = 行·W + 列。规则 δ = (0, −1) 表示“关注右边相邻的一格”。"
         "很多教材从 1 开始编号，本工具从 0 开始编号；注释按两种编号分别列出值为 1 的格子和没有 1 的行。右边缘的查询没有右邻居，所以它们那一行没有任何 1。"
         "如果只在展平后的编号上用一维规则 q − k = −1，第一行的末尾会被错误地连到第二行的开头，下方的图把这样的格子标了出来。",
         "Flatten the 2×3 grid row by row: index = row·W + column. The rule δ = (0, −1) means \"attend to the "
         "neighbour on the right\". Many texts number tokens from 1, this "
         "widget from 0; the notes list the ones and the rows without a 1 in both numberings. Queries on the right edge "
         "have no right neighbour, so their rows hold no 1. Applying the 1-D rule "
         "q − k = −1 to the flattened index instead wrongly links the end of the first row to the start of the "
         "second; the lower heatmap marks such cells."},
        {"H", "W", "drow", "dcol"},
        views_of(read_inputs, flattening_views),
        {
         R"tex(\mathrm{index} = \mathrm{row} \cdot W + \mathrm{column})tex",
         R"tex(A[i_q, i_k] = \begin{cases} 1 & q - k = \delta \\ 0 & \text{otherwise} \end{cases})tex"},
    };
}

// Index ↔ coordinate table of the row-major flattening.
static ViewData flattening_table(const Inputs& in, Lang lang) {
    const int n = in.cells();
    TableView coords;
    coords.values.resize(n, 3);
    for (int t = 0; t < n; ++t) {
        const GridCoord c = grid_coord(t, in.W);
        coords.values.row(t) << t + 1, c.row, c.col;
        coords.row_labels.push_back(integer(t));
    }
    coords.corner = say(lang, {"编号（从 0）", "index (from 0)"});
    coords.col_labels = {say(lang, {"编号（从 1）", "number (from 1)"}), say(lang, {"行", "row"}), say(lang, {"列", "column"})};
    coords.integer = true;
    coords.decimals = 0;
    return make_view(say(lang, {"编号 ↔ 坐标（按行展平）", "Index ↔ coordinate (row-major)"}), coords,
                     {say(lang, {"编号 = 行·W + 列，W = {W}。", "index = row·W + column, W = {W}."}, {{"W", integer(in.W)}})});
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
    const std::vector<std::string> rule_notes{
        say(lang, {"值为 1 的格子（从 0 数）：{cells}", "Cells equal to 1 (from 0): {cells}"},
            {{"cells", ones0.empty() ? "—" : join(ones0, ", ")}}),
        say(lang, {"值为 1 的格子（从 1 数）：{cells}", "Cells equal to 1 (from 1): {cells}"},
            {{"cells", ones1.empty() ? "—" : join(ones1, ", ")}}),
        say(lang, {"没有 1 的行（从 0 / 从 1）：{rows}", "Rows without a 1 (from 0 / from 1): {rows}"},
            {{"rows", empty0.empty() ? "—" : join(empty0, ", ") + " / " + join(empty1, ", ")}})};

    // The naive rule: the same step expressed as one offset of the flattened index.
    const int flat = in.drow * W + in.dcol;
    const Eigen::MatrixXd naive = attention_rule_1d(n, flat);
    HeatmapView wrong = qk_view(naive, lang, true);
    wrong.integer = true;
    wrong.decimals = 0;
    wrong.highlight_delta = flat;
    std::vector<std::string> bad0, bad1;
    for (int q = 0; q < n; ++q)
        for (int k = 0; k < n; ++k)
            if (naive(q, k) != A(q, k)) {
                wrong.highlight_cells.push_back({q, k});
                const std::string dir = naive(q, k) > A(q, k) ? "→" : "↛";
                bad0.push_back(integer(q) + dir + integer(k));
                bad1.push_back(integer(q + 1) + dir + integer(k + 1));
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
    if (bad0.empty())
        wrong_notes.push_back(say(lang, {"这里两条规则一致（没有跨行的配对）。", "Here both rules agree (no pair crosses a row break)."}));
    else
        wrong_notes.push_back(say(lang, {"与二维规则不同的配对（从 0 / 从 1，→ 多连、↛ 漏连）：{pairs0} / {pairs1}",
                                         "Pairs where it differs from the 2-D rule (from 0 / from 1, → extra link, ↛ missing link): "
                                         "{pairs0} / {pairs1}"},
                                  {{"pairs0", join(bad0, ", ")}, {"pairs1", join(bad1, ", ")}}));
    return {make_view(say(lang, {"二维规则 δ = (δ₁, δ₂)", "2-D rule δ = (δ₁, δ₂)"}), rule, rule_notes),
            make_view(say(lang, {"朴素一维规则：展平编号 q − k = δ₁·W + δ₂", "Naive 1-D rule on the flattened index: q − k = δ₁·W + δ₂"}),
                      wrong, wrong_notes),
            flattening_table(in, lang)};
}

// [SECTION] step 7: grid and A linked
static std::vector<ViewData> linked_views(const Inputs& in, Lang lang);

Step grid_linked_to_A() {
    return {
        "grid-linked-to-a",
        {"网格与 A 联动", "Grid and A, linked"},
        {"网格最大 16×16，此时 A 是 256×256。在网格中点击一格，A 中对应的行被框出；在 A 中点击一行，网格中对应的格子被选中。"
         "规则 δ 在 A 的每一行里最多点亮一个格子，位于网格边缘的查询可能一个也没有。",
         "The grid goes up to 16×16, which makes A 256×256. Clicking a grid cell outlines its row in A, and clicking "
         "a row of A selects its cell in the grid. The rule δ lights at most one cell per row of A; a query at the "
         "edge of the grid may have none."},
        {"H", "W", "drow", "dcol", "query"},
        views_of(read_inputs, linked_views),
        {
         R"tex(A \in \{0, 1\}^{HW \times HW}, \qquad \sum_k A[q,k] \le 1)tex"},
    };
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
    return {make_view(say(lang, {"网格（点击选查询）", "Grid (click to pick the query)"}), grid,
                      {say(lang, {"颜色：2 = 查询，1 = 规则连到的键，0 = 其他。", "Colour: 2 = query, 1 = the key the rule links, 0 = other."})}),
            make_view(say(lang, {"A（点击一行选查询）", "A (click a row to pick the query)"}), big, big_notes)};
}

}  // namespace attention_grid_lesson
}  // namespace pelab
