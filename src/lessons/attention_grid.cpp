// PE Lab — lessons/attention_grid.cpp
// Lesson "attention-grid" (seed 002): the attention matrix A as a table of (query, key) pairs, purely
// relative rules that light one diagonal (Toeplitz), the difference between the N×N pair table and an
// N-cell position grid, 2-D positions with displacement vectors δ = q − k, the seed's 2×3 "right neighbour"
// example against the naive 1-D rule that wraps across the row break, and a linked grid ↔ A selection.
// Every number shown comes from core (attention_grid.h, f_delta.h); the prose carries no computed numbers.
// Comments are English only: the font subset is built from the characters inside this file's strings.
//
// [SECTION] display helpers
// [SECTION] parameters and inputs
// [SECTION] shared view builders
// [SECTION] step views 1..7
// [SECTION] lesson definition (bilingual text)
#include <algorithm>
#include <cmath>
#include <cstdio>
#include <string>

#include "core/attention_grid.h"
#include "core/f_delta.h"
#include "core/random.h"
#include "lessons/lesson.h"
#include "lessons/legacy_view.h"
#include "lessons/lesson_util.h"

namespace pelab {

namespace {

using namespace lessonui;  // shared display helpers (lessons/lesson_util.h)

// [SECTION] display helpers
std::string num(double x) { return num_sign_minus(x, 4); }

std::string pair_text(int a, int b) { return "(" + integer(a) + "," + integer(b) + ")"; }

// [SECTION] parameters and inputs
std::vector<ParamSpec> lesson_params() {
    return {
        int_spec("N", 2, 16, "6", "number of tokens in the sequence", "序列中的 token 个数"),
        int_spec("delta", -15, 15, "-2", "offset of the 1-D rule: A[q][k] = 1 iff q - k = delta",
                  "一维规则的偏移：q − k = Δ 时 A[q][k] = 1", "Δ"),
        int_spec("side", 1, 16, "6", "side of the square position grid (side x side positions)",
                  "正方形位置网格的边长（side×side 个位置）"),
        int_spec("H", 1, 16, "2", "grid rows", "网格行数"),
        int_spec("W", 1, 16, "3", "grid columns", "网格列数"),
        int_spec("drow", -15, 15, "0", "row offset delta_1 = row_q - row_k", "行位移 δ₁ = q 的行 − k 的行", "δ₁"),
        int_spec("dcol", -15, 15, "-1", "column offset delta_2 = col_q - col_k", "列位移 δ₂ = q 的列 − k 的列", "δ₂"),
        int_spec("query", 0, 255, "1", "selected query token (row-major index, 0-based)",
                  "选中的查询 token（按行展平的编号，从 0 开始）", "q"),
        int_spec("seed", 0, 1000000, "1", "seed of the random queries and keys", "随机查询与键的种子"),
    };
}

struct Inputs {
    int N = 6, delta = -2, side = 6, H = 2, W = 3, drow = 0, dcol = -1, query = 1, seed = 1;
    int cells() const { return H * W; }
    int query_1d() const { return std::min(query, N - 1); }
    int query_2d() const { return std::min(query, cells() - 1); }
};

Inputs read_inputs(const ParamSet& p) {
    Inputs in;
    in.N = int_param(p, "N", 6, 2, 16);
    in.delta = int_param(p, "delta", -2, -15, 15);
    in.side = int_param(p, "side", 6, 1, 16);
    in.H = int_param(p, "H", 2, 1, 16);
    in.W = int_param(p, "W", 3, 1, 16);
    in.drow = int_param(p, "drow", 0, -15, 15);
    in.dcol = int_param(p, "dcol", -1, -15, 15);
    in.query = int_param(p, "query", 1, 0, 255);
    in.seed = int_param(p, "seed", 1, 0, 1000000);
    return in;
}

// [SECTION] shared view builders
LegacyView qk_heatmap(const std::string& title, const Eigen::MatrixXd& M, Lang lang, bool one_d) {
    LegacyView view = matrix_heatmap(title, M, tr(lang, "查询 q", "query q"), tr(lang, "键 k", "key k"));
    // Hovering outlines the diagonal q − k: meaningful for 1-D positions, misleading for flattened grids.
    view.qk_axes = one_d;
    return view;
}

// The 1-D rule matrix with an explanation of every cell.
LegacyView rule_1d_view(int N, int delta, Lang lang) {
    LegacyView view = qk_heatmap(tr(lang, "规则：q − k = Δ 时 A[q,k] = 1", "Rule: A[q,k] = 1 iff q − k = Δ"),
                               attention_rule_1d(N, delta), lang, true);
    view.integer = true;
    view.decimals = 0;
    view.highlight_delta = delta;
    view.explain = [N, delta, lang](int r, int c) -> std::string {
        if (r < 0 || c < 0 || r >= N || c >= N) return "";
        const int d = r - c;
        return "q = " + std::to_string(r) + ", k = " + std::to_string(c) + tr(lang, "：q − k = ", ": q − k = ") +
               integer(d) + (d == delta ? tr(lang, " = Δ，所以 A = 1", " = Δ, so A = 1")
                                        : tr(lang, " ≠ Δ = ", " ≠ Δ = ") + integer(delta) + tr(lang, "，所以 A = 0", ", so A = 0"));
    };
    return view;
}

// The 2-D rule on the flattened grid; every cell explains both coordinates and δ.
LegacyView rule_2d_view(const std::string& title, int H, int W, int drow, int dcol, Lang lang) {
    LegacyView view = qk_heatmap(title, attention_rule_2d(H, W, drow, dcol), lang, false);
    view.integer = true;
    view.decimals = 0;
    view.row_axis = tr(lang, "查询 q（按行展平）", "query q (row-major)");
    view.col_axis = tr(lang, "键 k（按行展平）", "key k (row-major)");
    const int n = H * W;
    view.explain = [n, W, drow, dcol, lang](int r, int c) -> std::string {
        if (r < 0 || c < 0 || r >= n || c >= n) return "";
        const GridCoord q = grid_coord(r, W), k = grid_coord(c, W);
        const int d1 = q.row - k.row, d2 = q.col - k.col;
        const bool on = d1 == drow && d2 == dcol;
        return "q = " + std::to_string(r) + " " + pair_text(q.row, q.col) + ", k = " + std::to_string(c) + " " +
               pair_text(k.row, k.col) + tr(lang, "：δ = q − k = ", ": δ = q − k = ") + pair_text(d1, d2) +
               (on ? tr(lang, " = 规则的 δ，所以 A = 1", " = the rule's δ, so A = 1")
                   : tr(lang, " ≠ ", " ≠ ") + pair_text(drow, dcol) + tr(lang, "，所以 A = 0", ", so A = 0"));
    };
    return view;
}

// An H×W grid drawn as a heatmap; cell text shows coordinates (or δ from the query when `from_query`).
LegacyView grid_view(const std::string& title, const Inputs& in, Lang lang, bool from_query) {
    const int H = in.H, W = in.W, q = in.query_2d();
    const GridCoord cq = grid_coord(q, W);
    LegacyView view;
    view.kind = ViewKind::Heatmap;
    view.title = title;
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
    view.row_axis = tr(lang, "行", "row");
    view.col_axis = tr(lang, "列", "column");
    view.highlight_cells.push_back({cq.row, cq.col});
    view.select_mode = LegacyView::SelectMode::Cell;
    view.select_param = "query";
    view.explain = [H, W, cq, lang](int r, int c) -> std::string {
        if (r < 0 || c < 0 || r >= H || c >= W) return "";
        const int d1 = cq.row - r, d2 = cq.col - c;
        std::string s = tr(lang, "位置 ", "Position ") + pair_text(r, c) + tr(lang, "，编号 ", ", token ") +
                        std::to_string(grid_index(r, c, W)) + " = " + std::to_string(r) + "·" + std::to_string(W) +
                        " + " + std::to_string(c) + tr(lang, "。", ".");
        s += tr(lang, " 以查询 ", " From query ") + pair_text(cq.row, cq.col) + tr(lang, " 看：δ = q − k = ", ": δ = q − k = ") +
             pair_text(d1, d2) + tr(lang, "。点击可选为查询。", ". Click to make it the query.");
        return s;
    };
    return view;
}

// [SECTION] step views 1..7
std::vector<LegacyView> step1_views(const ParamSet& p, Lang lang) {
    const Inputs in = read_inputs(p);
    const int N = in.N, q = in.query_1d(), d = 4;
    SplitMix64 rng(static_cast<std::uint64_t>(in.seed));
    const Eigen::MatrixXd Q = random_signed_matrix(N, d, rng);
    const Eigen::MatrixXd K = random_signed_matrix(N, d, rng);
    const Eigen::MatrixXd A = attention_weights(Q, K);

    LegacyView heat = qk_heatmap(tr(lang, "注意力权重 A[q,k]（随机 Q、K）", "Attention weights A[q,k] (random Q, K)"), A, lang, true);
    heat.decimals = 2;
    heat.highlight_row = q;
    heat.select_mode = LegacyView::SelectMode::Row;
    heat.select_param = "query";
    heat.explain = [A, N, lang](int r, int c) -> std::string {
        if (r < 0 || c < 0 || r >= N || c >= N) return "";
        return "A[" + std::to_string(r) + "," + std::to_string(c) + "] = " + num(A(r, c)) +
               tr(lang, "：token ", ": how much token ") + std::to_string(r) +
               tr(lang, " 对 token ", " attends to token ") + std::to_string(c) + tr(lang, " 的关注程度。点击选中这一行。", ". Click to select this row.");
    };
    heat.notes.push_back(tr(lang, "N = ", "N = ") + std::to_string(N) + tr(lang, " 个 token，A 有 N² = ", " tokens, so A has N² = ") +
                         std::to_string(N * N) + tr(lang, " 个格子，每个格子是一对 (q, k)。", " cells, one per pair (q, k)."));

    LegacyView row;
    row.kind = ViewKind::Table;
    row.title = tr(lang, "选中的行 A[q, ·]", "The selected row A[q, ·]");
    row.values = to_rows(A.row(q));
    row.row_labels = {"q = " + std::to_string(q)};
    for (int k = 0; k < N; ++k) row.col_labels.push_back("k = " + std::to_string(k));
    row.decimals = 3;
    row.notes.push_back(tr(lang, "这一行之和 = ", "This row sums to ") + num(A.row(q).sum()) +
                        tr(lang, "（softmax 按行归一化）。", " (softmax normalises each row)."));
    Eigen::Index best = 0;
    A.row(q).maxCoeff(&best);
    row.notes.push_back(tr(lang, "token ", "Token ") + std::to_string(q) + tr(lang, " 最关注 token ", " attends most to token ") +
                        std::to_string(best) + tr(lang, "。", "."));
    return {heat, row};
}

std::vector<LegacyView> step2_views(const ParamSet& p, Lang lang) {
    const Inputs in = read_inputs(p);
    const int N = in.N, delta = in.delta;
    LegacyView view = rule_1d_view(N, delta, lang);
    const Eigen::MatrixXd A = attention_rule_1d(N, delta);
    std::vector<std::string> empty0, empty1;
    for (int q = 0; q < N; ++q)
        if (A.row(q).sum() == 0.0) {
            empty0.push_back(std::to_string(q));
            empty1.push_back(std::to_string(q + 1));
        }
    view.notes.push_back(tr(lang, "点亮的格子：N − |Δ| = ", "Lit cells: N − |Δ| = ") + std::to_string(static_cast<int>(A.sum())) +
                         tr(lang, "，全部在对角线 q − k = ", ", all on the diagonal q − k = ") + integer(delta) + tr(lang, " 上。", "."));
    if (delta < 0)
        view.notes.push_back(tr(lang, "Δ < 0：键在查询右边 ", "Δ < 0: the key sits ") + std::to_string(-delta) +
                             tr(lang, " 个位置（k = q + |Δ|）。", " places to the right of the query (k = q + |Δ|)."));
    else if (delta > 0)
        view.notes.push_back(tr(lang, "Δ > 0：键在查询左边 ", "Δ > 0: the key sits ") + std::to_string(delta) +
                             tr(lang, " 个位置（k = q − Δ）。", " places to the left of the query (k = q − Δ)."));
    else
        view.notes.push_back(tr(lang, "Δ = 0：每个 token 只关注自己。", "Δ = 0: every token attends to itself."));
    if (empty0.empty())
        view.notes.push_back(tr(lang, "没有空行。", "No row is empty."));
    else
        view.notes.push_back(tr(lang, "没有 1 的行（从 0 数）：", "Rows without a 1 (counting from 0): ") + join(empty0, ", ") +
                             tr(lang, "；按种子从 1 数：", "; counting from 1 as the seed does: ") + join(empty1, ", ") +
                             tr(lang, "。它们的目标键落在序列之外。", ". Their target key would lie outside the sequence."));
    return {view};
}

std::vector<LegacyView> step3_views(const ParamSet& p, Lang lang) {
    const Inputs in = read_inputs(p);
    const int N = in.N;
    Eigen::MatrixXd D(N, N);
    for (int q = 0; q < N; ++q)
        for (int k = 0; k < N; ++k) D(q, k) = q - k;
    LegacyView heat = qk_heatmap(tr(lang, "每条对角线按 Δ = q − k 着色", "Every diagonal coloured by Δ = q − k"), D, lang, true);
    heat.integer = true;
    heat.decimals = 0;
    heat.is_signed = true;
    heat.highlight_delta = in.delta;
    heat.explain = [N, lang](int r, int c) -> std::string {
        if (r < 0 || c < 0 || r >= N || c >= N) return "";
        const int d = r - c;
        return "q = " + std::to_string(r) + ", k = " + std::to_string(c) + ": Δ = " + integer(d) +
               tr(lang, "。这条对角线有 ", ". This diagonal has ") + std::to_string(N - std::abs(d)) +
               tr(lang, " 个格子，规则对它们给出同一个值。", " cells; a relative rule gives them all the same value.");
    };

    // Toeplitz check of the rule for every Δ: one lit diagonal, zero spread on every diagonal.
    LegacyView table;
    table.kind = ViewKind::Table;
    table.title = tr(lang, "每个 Δ 的规则：点亮的格子与对角线极差", "The rule for each Δ: lit cells and diagonal spread");
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
    table.col_labels = {tr(lang, "对角线格子数", "cells on diagonal"), tr(lang, "点亮的格子", "lit cells"),
                        tr(lang, "最大对角线极差", "largest diagonal spread")};
    table.integer = true;
    table.decimals = 0;
    table.row_axis = tr(lang, "规则", "rule");
    table.notes.push_back(tr(lang, "所有规则、所有对角线的最大极差 = ", "Largest spread over every rule and diagonal = ") + num(worst) +
                          tr(lang, "：每条对角线都是常数，即 Toeplitz 矩阵。", ": every diagonal is constant, i.e. a Toeplitz matrix."));
    table.notes.push_back(tr(lang, "N = ", "N = ") + std::to_string(N) + tr(lang, " 时 Δ 有 2N − 1 = ", ": Δ takes 2N − 1 = ") +
                          std::to_string(2 * N - 1) + tr(lang, " 个取值。", " values."));
    return {heat, table};
}

std::vector<LegacyView> step4_views(const ParamSet& p, Lang lang) {
    const Inputs in = read_inputs(p);
    const int s = in.side, n = s * s;
    Inputs grid = in;
    grid.H = grid.W = s;
    grid.query = std::min(in.query, n - 1);
    LegacyView positions = grid_view(tr(lang, "位置网格：每格是一个位置（一个 token）", "Position grid: each cell is one position (one token)"),
                                   grid, lang, false);
    positions.select_mode = LegacyView::SelectMode::None;
    positions.select_param.clear();
    positions.highlight_cells.clear();
    positions.cell_text.clear();
    for (int r = 0; r < s; ++r)
        for (int c = 0; c < s; ++c) positions.cell_text.push_back(std::to_string(grid_index(r, c, s)));
    positions.integer = true;
    positions.decimals = 0;
    positions.explain = [s, lang](int r, int c) -> std::string {
        if (r < 0 || c < 0 || r >= s || c >= s) return "";
        return tr(lang, "位置 ", "Position ") + pair_text(r, c) + tr(lang, " 是 token ", " is token ") +
               std::to_string(grid_index(r, c, s)) + tr(lang, "：网格的一格是一个位置，不是一对。", ": a grid cell is one position, not a pair.");
    };
    positions.notes.push_back(tr(lang, "网格 ", "A ") + std::to_string(s) + "×" + std::to_string(s) +
                              tr(lang, " 有 ", " grid holds ") + std::to_string(n) + tr(lang, " 个位置。", " positions."));

    LegacyView counts;
    counts.kind = ViewKind::Table;
    counts.title = tr(lang, "两张图的大小", "The sizes of the two pictures");
    counts.values.resize(2, 3);
    counts.values << n, s, s, static_cast<double>(n) * n, n, n;
    counts.row_labels = {tr(lang, "位置网格", "position grid"), tr(lang, "配对表 A", "pair table A")};
    counts.col_labels = {tr(lang, "格子", "cells"), tr(lang, "行", "rows"), tr(lang, "列", "columns")};
    counts.integer = true;
    counts.decimals = 0;
    counts.notes.push_back(tr(lang, "A 是 ", "A is ") + std::to_string(n) + "×" + std::to_string(n) + tr(lang, "，共 ", ", ") +
                           std::to_string(n * n) + tr(lang, " 对：每一对 (q, k) 一格。", " pairs: one cell per pair (q, k)."));

    LegacyView A = rule_2d_view(tr(lang, "这张网格的 A（规则 δ = (δ₁, δ₂)）", "A for this grid (rule δ = (δ₁, δ₂))"), s, s, in.drow,
                              in.dcol, lang);
    A.notes.push_back(tr(lang, "A 的形状：", "Shape of A: ") + std::to_string(n) + " × " + std::to_string(n) +
                      tr(lang, "；规则点亮 ", "; the rule lights ") + std::to_string(static_cast<int>(attention_rule_2d(s, s, in.drow, in.dcol).sum())) +
                      tr(lang, " 个格子。", " cells."));
    return {positions, counts, A};
}

// Arrows from the query to keys: all of them on small grids, the 8 neighbours on large ones.
std::vector<LegacyView::Arrow> query_arrows(int H, int W, GridCoord q, bool* all) {
    std::vector<LegacyView::Arrow> arrows;
    *all = H * W <= 36;
    for (int r = 0; r < H; ++r)
        for (int c = 0; c < W; ++c) {
            if (r == q.row && c == q.col) continue;
            if (!*all && (std::abs(r - q.row) > 1 || std::abs(c - q.col) > 1)) continue;
            arrows.push_back({q.row, q.col, r, c});
        }
    return arrows;
}

std::vector<LegacyView> step5_views(const ParamSet& p, Lang lang) {
    const Inputs in = read_inputs(p);
    const int H = in.H, W = in.W, n = in.cells(), q = in.query_2d();
    const GridCoord cq = grid_coord(q, W);
    LegacyView grid = grid_view(tr(lang, "二维位置：格中是 δ = q − k（点击选查询）", "2-D positions: each cell shows δ = q − k (click to pick the query)"),
                              in, lang, true);
    bool all = true;
    grid.arrows = query_arrows(H, W, cq, &all);
    grid.notes.push_back(tr(lang, "查询 q = ", "Query q = ") + std::to_string(q) + " = " + pair_text(cq.row, cq.col) +
                         tr(lang, "；颜色是距离 |δ|。", "; colour is the distance |δ|."));
    grid.notes.push_back(all ? tr(lang, "箭头从 q 指向每个键 k，箭头向量是 k − q = −δ。",
                                  "Arrows run from q to every key k; an arrow's vector is k − q = −δ.")
                             : tr(lang, "网格较大，只画出到 8 个相邻键的箭头；箭头向量是 k − q = −δ。",
                                  "On a large grid only the arrows to the 8 neighbours are drawn; an arrow's vector is k − q = −δ."));

    LegacyView table;
    table.kind = ViewKind::Table;
    table.title = tr(lang, "查询 q 与每个键 k 的位移", "Displacement from the query q to every key k");
    table.values.resize(n, 4);
    for (int k = 0; k < n; ++k) {
        const GridCoord ck = grid_coord(k, W);
        table.values.row(k) << ck.row, ck.col, cq.row - ck.row, cq.col - ck.col;
        table.row_labels.push_back("k = " + std::to_string(k));
    }
    table.col_labels = {tr(lang, "行 k₁", "row k₁"), tr(lang, "列 k₂", "col k₂"), "δ₁ = q₁ − k₁", "δ₂ = q₂ − k₂"};
    table.integer = true;
    table.decimals = 0;
    table.is_signed = true;
    table.row_axis = tr(lang, "键", "key");
    return {grid, table};
}

std::vector<LegacyView> step6_views(const ParamSet& p, Lang lang) {
    const Inputs in = read_inputs(p);
    const int H = in.H, W = in.W, n = in.cells();
    LegacyView coords;
    coords.kind = ViewKind::Table;
    coords.title = tr(lang, "编号 ↔ 坐标（按行展平）", "Index ↔ coordinate (row-major)");
    coords.values.resize(n, 3);
    for (int t = 0; t < n; ++t) {
        const GridCoord c = grid_coord(t, W);
        coords.values.row(t) << t + 1, c.row, c.col;
        coords.row_labels.push_back(std::to_string(t));
    }
    coords.row_axis = tr(lang, "编号（从 0）", "index (from 0)");
    coords.col_labels = {tr(lang, "种子的编号（从 1）", "seed's number (from 1)"), tr(lang, "行", "row"), tr(lang, "列", "column")};
    coords.integer = true;
    coords.decimals = 0;
    coords.notes.push_back(tr(lang, "编号 = 行·W + 列，W = ", "index = row·W + column, W = ") + std::to_string(W) + tr(lang, "。", "."));

    const Eigen::MatrixXd A = attention_rule_2d(H, W, in.drow, in.dcol);
    LegacyView rule = rule_2d_view(tr(lang, "二维规则 δ = (δ₁, δ₂)", "2-D rule δ = (δ₁, δ₂)"), H, W, in.drow, in.dcol, lang);
    std::vector<std::string> ones0, ones1, empty0, empty1;
    for (int q = 0; q < n; ++q) {
        bool any = false;
        for (int k = 0; k < n; ++k)
            if (A(q, k) == 1.0) {
                any = true;
                ones0.push_back("A[" + std::to_string(q) + "," + std::to_string(k) + "]");
                ones1.push_back("A[" + std::to_string(q + 1) + "," + std::to_string(k + 1) + "]");
            }
        if (!any) {
            empty0.push_back(std::to_string(q));
            empty1.push_back(std::to_string(q + 1));
        }
    }
    rule.notes.push_back(tr(lang, "值为 1 的格子（从 0 数）：", "Cells equal to 1 (from 0): ") + (ones0.empty() ? "—" : join(ones0, ", ")));
    rule.notes.push_back(tr(lang, "按种子从 1 数：", "Counting from 1 as the seed does: ") + (ones1.empty() ? "—" : join(ones1, ", ")));
    rule.notes.push_back(tr(lang, "没有 1 的行（从 0 / 从 1）：", "Rows without a 1 (from 0 / from 1): ") +
                         (empty0.empty() ? "—" : join(empty0, ", ") + " / " + join(empty1, ", ")));

    // The naive rule: the same step expressed as one offset of the flattened index.
    const int flat = in.drow * W + in.dcol;
    const Eigen::MatrixXd naive = attention_rule_1d(n, flat);
    LegacyView wrong = qk_heatmap(tr(lang, "朴素一维规则：展平编号 q − k = δ₁·W + δ₂", "Naive 1-D rule on the flattened index: q − k = δ₁·W + δ₂"),
                                naive, lang, true);
    wrong.integer = true;
    wrong.decimals = 0;
    wrong.highlight_delta = flat;
    std::vector<std::string> bad0, bad1;
    for (int q = 0; q < n; ++q)
        for (int k = 0; k < n; ++k)
            if (naive(q, k) != A(q, k)) {
                wrong.highlight_cells.push_back({q, k});
                const std::string dir = naive(q, k) > A(q, k) ? "→" : "↛";
                bad0.push_back(std::to_string(q) + dir + std::to_string(k));
                bad1.push_back(std::to_string(q + 1) + dir + std::to_string(k + 1));
            }
    wrong.explain = [n, W, flat, naive, A, lang](int r, int c) -> std::string {
        if (r < 0 || c < 0 || r >= n || c >= n) return "";
        const GridCoord q = grid_coord(r, W), k = grid_coord(c, W);
        std::string s = "q = " + std::to_string(r) + " " + pair_text(q.row, q.col) + ", k = " + std::to_string(c) + " " +
                        pair_text(k.row, k.col) + tr(lang, "：q − k = ", ": q − k = ") + integer(r - c) +
                        (r - c == flat ? tr(lang, "，朴素规则给 1", ", the naive rule gives 1") : tr(lang, "，朴素规则给 0", ", the naive rule gives 0"));
        if (naive(r, c) != A(r, c))
            s += tr(lang, "；但二维规则给 ", "; but the 2-D rule gives ") + std::to_string(static_cast<int>(A(r, c))) +
                 tr(lang, "（跨越了行的边界）", " (it wraps across a row break)");
        return s;
    };
    wrong.notes.push_back(tr(lang, "朴素规则的偏移 = δ₁·W + δ₂ = ", "Naive offset = δ₁·W + δ₂ = ") + integer(flat) + tr(lang, "。", "."));
    if (bad0.empty())
        wrong.notes.push_back(tr(lang, "这里两条规则一致（没有跨行的配对）。", "Here both rules agree (no pair crosses a row break)."));
    else
        wrong.notes.push_back(tr(lang, "与二维规则不同的配对（从 0 / 从 1，→ 多连、↛ 漏连）：", "Pairs where it differs from the 2-D rule (from 0 / from 1, → extra link, ↛ missing link): ") +
                              join(bad0, ", ") + " / " + join(bad1, ", "));
    return {coords, rule, wrong};
}

std::vector<LegacyView> step7_views(const ParamSet& p, Lang lang) {
    const Inputs in = read_inputs(p);
    const int H = in.H, W = in.W, n = in.cells(), q = in.query_2d();
    const GridCoord cq = grid_coord(q, W);
    const Eigen::MatrixXd A = attention_rule_2d(H, W, in.drow, in.dcol);

    LegacyView grid = grid_view(tr(lang, "网格（点击选查询）", "Grid (click to pick the query)"), in, lang, false);
    grid.values.setZero();
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
    grid.notes.push_back(tr(lang, "颜色：2 = 查询，1 = 规则连到的键，0 = 其他。", "Colour: 2 = query, 1 = the key the rule links, 0 = other."));

    LegacyView big = rule_2d_view(tr(lang, "A（点击一行选查询）", "A (click a row to pick the query)"), H, W, in.drow, in.dcol, lang);
    big.highlight_row = q;
    big.select_mode = LegacyView::SelectMode::Row;
    big.select_param = "query";
    if (key >= 0) big.highlight_cells.push_back({q, key});
    big.notes.push_back(tr(lang, "A 的形状：", "Shape of A: ") + std::to_string(n) + " × " + std::to_string(n) + tr(lang, "（", " (") +
                        std::to_string(n * n) + tr(lang, " 对）。", " pairs)."));
    if (key >= 0) {
        const GridCoord ck = grid_coord(key, W);
        big.notes.push_back(tr(lang, "查询 ", "Query ") + std::to_string(q) + " " + pair_text(cq.row, cq.col) + tr(lang, " 关注键 ", " attends to key ") +
                            std::to_string(key) + " " + pair_text(ck.row, ck.col) + tr(lang, "：A 的第 ", ": row ") + std::to_string(q) +
                            tr(lang, " 行在第 ", " of A has its 1 in column ") + std::to_string(key) + tr(lang, " 列为 1。", "."));
    } else {
        big.notes.push_back(tr(lang, "查询 ", "Query ") + std::to_string(q) + " " + pair_text(cq.row, cq.col) +
                            tr(lang, " 按 δ 要找的键在网格外：这一行全为 0。", " has no key at δ on the grid: its row is all 0."));
    }
    return {grid, big};
}

// [SECTION] lesson definition (bilingual text)
Lesson make_lesson() {
    Lesson lesson;
    lesson.id = "attention-grid";
    lesson.title = {"注意力矩阵与二维网格", "The attention matrix and 2-D grids"};
    lesson.params = lesson_params();
    lesson.result_shape = [](const ParamSet& p) {  // pair tables over N tokens or H·W / side² grid positions
        const long long n = std::max({(long long)p.geti("N"), (long long)p.geti("side") * p.geti("side"), (long long)p.geti("H") * p.geti("W")});
        return std::vector<long long>{n, n};
    };

    lesson.steps.push_back(Step{
        {"A 是一张配对表", "A is a table of pairs"},
        {"有 N 个 token 时，注意力矩阵 A 是 N×N 的：行是查询 q，列是键 k，格子 A[q,k] 表示 q 对 k 的关注程度。"
         "所以格子的个数是 N²，每个格子对应一对 token。固定 q 看一整行 A[q,·]，就是 q 与所有 k 的关系。"
         "这里的 Q、K 由种子随机生成；点击某一行即可选中它。",
         "With N tokens the attention matrix A is N×N: rows are queries q, columns are keys k, and cell A[q,k] says "
         "how strongly q attends to k. So there are N² cells, one for every pair of tokens. Fixing q and reading "
         "the whole row A[q,·] gives q's relation to every k. The Q and K here are random, drawn from the seed; click "
         "a row to select it."},
        {"N", "query", "seed"},
        legacy(step1_views)});

    lesson.steps.push_back(Step{
        {"纯相对规则：只看 q − k", "A purely relative rule: only q − k matters"},
        {"最简单的规则只看差 Δ = q − k：当 q − k = Δ 时分数为 1，否则为 0。取 Δ = −2 时，键 k = q + 2 位于查询右边两个位置，"
         "于是被点亮的格子排成一条对角线。最后两个 token 右边没有第二个位置，这两行保持为空。用滑块改变规则的 Δ。",
         "The simplest rule looks only at the difference Δ = q − k: the score is 1 when q − k = Δ and 0 otherwise. "
         "With Δ = −2 the key k = q + 2 sits two places to the right of the query, and the lit cells form one "
         "diagonal. The last two tokens have nothing two places to their right, so their rows stay empty. Use the "
         "slider to change the rule's Δ."},
        {"N", "delta"},
        legacy(step2_views)});

    lesson.steps.push_back(Step{
        {"相同的 Δ 在同一条对角线上：Toeplitz", "Equal Δ share a diagonal: Toeplitz"},
        {"向下一格、向右一格，q 和 k 同时加 1，Δ 不变；所以每个 Δ 恰好占据一条对角线。"
         "只依赖 Δ 的规则给一条对角线上的所有格子同一个值，这样的矩阵叫 Toeplitz 矩阵。"
         "热力图按 Δ 给所有对角线着色；表格对每个 Δ 检查规则矩阵的对角线是否为常数。",
         "One step down and one step right adds 1 to both q and k and leaves Δ unchanged, so each value of Δ fills "
         "exactly one diagonal. A rule that depends only on Δ gives every cell of a diagonal the same value; such a "
         "matrix is called Toeplitz. The heatmap colours all diagonals by Δ, and the table checks for every Δ that "
         "the rule's diagonals are constant."},
        {"N", "delta"},
        legacy(step3_views)});

    lesson.steps.push_back(Step{
        {"看似相同的两张图", "Two pictures that look alike"},
        {"讲解视频常把两张 6×6 的图并排画出，但它们的含义不同。配对表 A 的每一格是一对 (q, k)，N 个 token 对应 N² 格；"
         "位置网格的每一格是一个位置，N 个 token 就只有 N 格。如果网格真有 6×6 个位置，A 就要为每个位置各留一行、一列，表格给出两者的大小。"
         "拖动边长可以看到两者增长的速度有多么不同。",
         "Tutorial videos often draw two 6×6 pictures side by side, but they mean different things. Each cell of "
         "the pair table A is a pair (q, k), so N tokens give N² cells; each cell of the position grid is one "
         "position, so N tokens give only N cells. If the grid really holds 6×6 positions, A needs one row and one "
         "column per position; the table gives both sizes. Drag the side length to see how differently the two grow."},
        {"side", "drow", "dcol"},
        legacy(step4_views)});

    lesson.steps.push_back(Step{
        {"二维位置与位移 δ", "2-D positions and the displacement δ"},
        {"在图像块或二维网格上，位置是坐标 q = (q₁, q₂)、k = (k₁, k₂)，相对位置变成一个向量 δ = q − k = (δ₁, δ₂)。"
         "每个格子里写着从所选查询看过去的 δ，箭头从查询指向各个键。点击网格中的任一格即可把它设为查询。"
         "注意箭头的方向是 k − q，正好是 δ 的反方向。",
         "On image patches or any 2-D grid a position is a coordinate, q = (q₁, q₂) and k = (k₁, k₂), and the "
         "relative position becomes a vector δ = q − k = (δ₁, δ₂). Each cell shows its δ as seen from the selected "
         "query, and arrows run from the query to the keys. Click any cell of the grid to make it the query. Note "
         "that an arrow points along k − q, the opposite of δ."},
        {"H", "W", "query"},
        legacy(step5_views)});

    lesson.steps.push_back(Step{
        {"种子的 2×3 例子", "The seed's 2×3 example"},
        {"把 2×3 网格按行展平：编号 = 行·W + 列。规则 δ = (0, −1) 表示“关注右边相邻的一格”。"
         "种子从 1 开始编号，本工具从 0 开始编号；注释按两种编号分别列出值为 1 的格子和空行，右边缘的查询没有右邻居，所以它们的行为空。"
         "如果只在展平后的编号上用一维规则 q − k = −1，第一行的末尾会被错误地连到第二行的开头，下方的图把这样的格子标了出来。",
         "Flatten the 2×3 grid row by row: index = row·W + column. The rule δ = (0, −1) means \"attend to the "
         "neighbour on the right\". The seed numbers tokens from 1 and this "
         "widget from 0; the notes list the ones and the empty rows in both numberings. Queries on the right edge "
         "have no right neighbour, so their rows are empty. Applying the 1-D rule "
         "q − k = −1 to the flattened index instead wrongly links the end of the first row to the start of the "
         "second; the lower heatmap marks such cells."},
        {"H", "W", "drow", "dcol"},
        legacy(step6_views)});

    lesson.steps.push_back(Step{
        {"网格与 A 联动", "Grid and A, linked"},
        {"网格最大 16×16，此时 A 是 256×256。在网格中点击一格，A 中对应的行被框出；在 A 中点击一行，网格中对应的格子被选中。"
         "规则 δ 在 A 的每一行里最多点亮一个格子，位于网格边缘的查询可能一个也没有。",
         "The grid goes up to 16×16, which makes A 256×256. Clicking a grid cell outlines its row in A, and clicking "
         "a row of A selects its cell in the grid. The rule δ lights at most one cell per row of A; a query at the "
         "edge of the grid may have none."},
        {"H", "W", "drow", "dcol", "query"},
        legacy(step7_views)});
    return lesson;
}

}  // namespace

const Lesson* lesson_attention_grid() {
    static const Lesson lesson = make_lesson();
    return &lesson;
}

}  // namespace pelab
