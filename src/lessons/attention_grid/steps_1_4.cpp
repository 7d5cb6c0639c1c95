// PE Lab — lessons/attention_grid/steps_1_4.cpp
// Steps 1–4 of "attention-grid": A as a table of pairs, a purely relative rule, Toeplitz diagonals, and the
// pair table against the position grid.
// Comments are English only: the font subset is built from the characters inside this file's strings.
//
// [SECTION] step 1: A is a table of pairs
// [SECTION] step 2: a purely relative rule
// [SECTION] step 3: Toeplitz diagonals
// [SECTION] step 4: pair table versus position grid
#include <algorithm>
#include <cmath>
#include <string>

#include "core/attention_grid.h"
#include "core/f_delta.h"
#include "core/random.h"
#include "lessons/attention_grid/attention_grid_lesson.h"
#include "lessons/lesson_util.h"

namespace pelab {
namespace attention_grid_lesson {

using namespace lessonui;  // shared display helpers (lessons/lesson_util.h)

// [SECTION] step 1: A is a table of pairs
static std::vector<ViewData> pairs_table_views(const Inputs& in, Lang lang);

Step pairs_table() {
    return {
        "pair-table",
        {"A 是一张配对表", "A is a table of pairs"},
        {"后面各课讲的每一种位置编码，都是往这张表的格子里填数的规则，所以先要把注意力矩阵读成一张 (查询, 键) 配对表。"
         "有 N 个 token 时，注意力矩阵 A 是 N×N 的：行是查询 q，列是键 k，格子 A[q,k] 表示 q 对 k 的关注程度。"
         "所以格子的个数是 N²，每个格子对应一对 token。固定 q 看一整行 A[q,·]，就是 q 与所有 k 的关系。"
         "这里的 Q、K 由随机种子生成；点击某一行即可选中它。",
         "Every position encoding in the lessons that follow is a rule for filling the cells of this table, so "
         "first read the attention matrix as a table of (query, key) pairs. With N tokens the attention matrix A is N×N: rows are queries q, columns are keys k, and cell A[q,k] says "
         "how strongly q attends to k. So there are N² cells, one for every pair of tokens. Fixing q and reading "
         "the whole row A[q,·] gives q's relation to every k. The Q and K here are random, drawn from the random seed; click "
         "a row to select it."},
        {"N", "query", "seed"},
        views_of(read_inputs, pairs_table_views),
        {
         R"tex(A = \operatorname{softmax}\!\left(\frac{Q K^\top}{\sqrt{d}}\right) \in \mathbb{R}^{N \times N})tex",
         R"tex(\sum_k A[q,k] = 1)tex"},
    };
}

static std::vector<ViewData> pairs_table_views(const Inputs& in, Lang lang) {
    const int N = in.N, q = in.query_1d(), d = 4;
    SplitMix64 rng(static_cast<std::uint64_t>(in.seed));
    const Eigen::MatrixXd Q = random_signed_matrix(N, d, rng);
    const Eigen::MatrixXd K = random_signed_matrix(N, d, rng);
    const Eigen::MatrixXd A = attention_weights(Q, K);

    HeatmapView heat = qk_view(A, lang, true);
    heat.decimals = 2;
    heat.highlight_row = q;
    heat.select_mode = HeatmapView::SelectMode::Row;
    heat.select_param = "query";
    heat.explain = [A, N, lang](int r, int c) -> std::string {
        if (r < 0 || c < 0 || r >= N || c >= N) return "";
        return say(lang, {"A[{q},{k}] = {a}：token {q} 对 token {k} 的关注程度。点击选中这一行。",
                          "A[{q},{k}] = {a}: how much token {q} attends to token {k}. Click to select this row."},
                   {{"q", integer(r)}, {"k", integer(c)}, {"a", num(A(r, c), 4)}});
    };
    const std::string heat_note = say(lang, {"N = {N} 个 token，A 有 N² = {cells} 个格子，每个格子是一对 (q, k)。",
                                             "N = {N} tokens, so A has N² = {cells} cells, one per pair (q, k)."},
                                      {{"N", integer(N)}, {"cells", integer(N * N)}});

    // The selected row, stood upright (one line per key k), so that it fits beside the heatmap for every N.
    TableView row;
    row.values = to_rows(A.row(q).transpose());
    for (int k = 0; k < N; ++k) row.row_labels.push_back("k = " + integer(k));
    row.col_labels = {"A[" + integer(q) + ", k]"};
    row.decimals = 3;
    Eigen::Index best = 0;
    A.row(q).maxCoeff(&best);
    return {make_view(say(lang, {"注意力权重 A[q,k]（随机 Q、K）", "Attention weights A[q,k] (random Q, K)"}), heat, {heat_note}),
            make_view(say(lang, {"选中的行 A[q, ·]", "The selected row A[q, ·]"}), row,
                      {say(lang, {"这一行之和 = {sum}（softmax 按行归一化）。", "This row sums to {sum} (softmax normalises each row)."},
                           {{"sum", num(A.row(q).sum(), 4)}}),
                       say(lang, {"token {q} 最关注 token {best}。", "Token {q} attends most to token {best}."},
                           {{"q", integer(q)}, {"best", integer(best)}})})};
}

// [SECTION] step 2: a purely relative rule
static std::vector<ViewData> relative_rule_views(const Inputs& in, Lang lang);

Step relative_rule() {
    return {
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

// [SECTION] step 3: Toeplitz diagonals
static std::vector<ViewData> toeplitz_views(const Inputs& in, Lang lang);

Step toeplitz_diagonals() {
    return {
        "toeplitz-diagonals",
        {"相同的 Δ 在同一条对角线上：Toeplitz", "Equal Δ share a diagonal: Toeplitz"},
        {"向下一格、向右一格，q 和 k 同时加 1，Δ 不变；所以每个 Δ 恰好占据一条对角线。"
         "只依赖 Δ 的规则给一条对角线上的所有格子同一个值，这样的矩阵叫 [[toeplitz|Toeplitz 矩阵]]。"
         "热力图按 Δ 给所有对角线着色；表格对每个 Δ 检查规则矩阵的对角线是否为常数。",
         "One step down and one step right adds 1 to both q and k and leaves Δ unchanged, so each value of Δ fills "
         "exactly one diagonal. A rule that depends only on Δ gives every cell of a diagonal the same value; such a "
         "matrix is called [[toeplitz|Toeplitz]]. The heatmap colours all diagonals by Δ, and the table checks for every Δ that "
         "the rule's diagonals are constant."},
        {"N", "delta"},
        views_of(read_inputs, toeplitz_views),
        {
         R"tex(A[q,k] = a_{q-k})tex",
         R"tex(A[q+1,\,k+1] = A[q,k])tex"},
    };
}

static std::vector<ViewData> toeplitz_views(const Inputs& in, Lang lang) {
    const int N = in.N;
    Eigen::MatrixXd D(N, N);
    for (int q = 0; q < N; ++q)
        for (int k = 0; k < N; ++k) D(q, k) = q - k;
    HeatmapView heat = qk_view(D, lang, true);
    heat.integer = true;
    heat.decimals = 0;
    heat.is_signed = true;
    heat.highlight_delta = in.delta;
    heat.explain = [N, lang](int r, int c) -> std::string {
        if (r < 0 || c < 0 || r >= N || c >= N) return "";
        const int d = r - c;
        return say(lang, {"q = {q}, k = {k}：Δ = {d}。这条对角线有 {n} 个格子，规则对它们给出同一个值。",
                          "q = {q}, k = {k}: Δ = {d}. This diagonal has {n} cells; a relative rule gives them all the same value."},
                   {{"q", integer(r)}, {"k", integer(c)}, {"d", integer(d)}, {"n", integer(N - std::abs(d))}});
    };

    // Toeplitz check of the rule for every Δ: one lit diagonal, zero spread on every diagonal.
    TableView table;
    table.values.resize(2 * N - 1, 3);
    double worst = 0.0;
    for (int d = -(N - 1); d <= N - 1; ++d) {
        const Eigen::MatrixXd A = attention_rule_1d(N, d);
        const double spread = diagonal_spread(A).maxCoeff();
        worst = std::max(worst, spread);
        const int row = d + N - 1;
        table.values(row, 0) = N - std::abs(d);
        table.values(row, 1) = A.sum();
        table.values(row, 2) = spread;
        table.row_labels.push_back("Δ = " + integer(d));
    }
    table.col_labels = {say(lang, {"对角线格子数", "cells on diagonal"}), say(lang, {"点亮的格子", "lit cells"}),
                        say(lang, {"最大对角线极差", "largest diagonal spread"})};
    table.integer = true;
    table.decimals = 0;
    table.corner = say(lang, {"规则", "rule"});
    return {make_view(say(lang, {"每条对角线按 Δ = q − k 着色", "Every diagonal coloured by Δ = q − k"}), heat),
            make_view(say(lang, {"每个 Δ 的规则：点亮的格子与对角线极差", "The rule for each Δ: lit cells and diagonal spread"}), table,
                      {say(lang, {"所有规则、所有对角线的最大极差 = {worst}：每条对角线都是常数，即 Toeplitz 矩阵。",
                                  "Largest spread over every rule and diagonal = {worst}: every diagonal is constant, i.e. a Toeplitz matrix."},
                           {{"worst", num(worst, 4)}}),
                       say(lang, {"N = {N} 时 Δ 有 2N − 1 = {count} 个取值。", "N = {N}: Δ takes 2N − 1 = {count} values."},
                           {{"N", integer(N)}, {"count", integer(2 * N - 1)}})})};
}

// [SECTION] step 4: pair table versus position grid
static std::vector<ViewData> pairs_versus_positions_views(const Inputs& in, Lang lang);

Step pairs_versus_positions() {
    return {
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
         R"tex(A = \begin{pmatrix} T_0 & T_{-1} & \cdots & T_{-(s-1)} \\ T_1 & T_0 & \cdots & T_{-(s-2)} \\ \vdots & \vdots & \ddots & \vdots \\ T_{s-1} & T_{s-2} & \cdots & T_0 \end{pmatrix})tex",
         R"tex((T_{i-j})_{c,c'} = a(i - j,\ c - c'))tex"},
    };
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
