// PE Lab — lessons/shaw.cpp
// Lesson "shaw" (seed 001, Shaw, Uszkoreit & Vaswani 2018): the score with a relative term
// e_ij = (q_i·k_j + q_i·a_ij)/√d, the relative index matrix and its sign, tensor2tensor's clipped index
// clip(j − i, −k, k) + k against the seed's tutorial index (i − j) + max_len − 1 (mirror order), the lookup
// into L × L × d and the einsum 'bhld,lmd->bhlm', content plus position scores through softmax, and why the
// position vector is dotted with q rather than added as a scalar.
// Every number shown comes from core (shaw.h, attention_grid.h, f_delta.h).
// Comments are English only: the font subset is built from the characters inside this file's strings.
//
// [SECTION] display helpers
// [SECTION] parameters and inputs
// [SECTION] shared view builders
// [SECTION] step views 1..6
// [SECTION] lesson definition (bilingual text)
#include <algorithm>
#include <cmath>
#include <cstdio>
#include <string>

#include "core/attention_grid.h"
#include "core/f_delta.h"
#include "core/shaw.h"
#include "lessons/lesson.h"
#include "lessons/legacy_view.h"
#include "lessons/lesson_util.h"

namespace pelab {

namespace {

using namespace lessonui;  // shared display helpers (lessons/lesson_util.h)

// [SECTION] display helpers
std::string num(double x) { return num_sign_minus(x, 4); }

// Facts such as "largest difference": exactly 0 prints as 0, anything else (however small) is shown.
std::string exact(double x) { return exact_sign_minus(x); }

// [SECTION] parameters and inputs
std::vector<ParamSpec> lesson_params() {
    return {
        int_spec("L", 2, 16, "5", "sequence length (query i, key j in 0..L-1)", "序列长度（查询 i、键 j 取 0..L-1）"),
        int_spec("k", 0, 15, "2", "max_relative_position: distances beyond +-k share an embedding",
                  "max_relative_position：超过 ±k 的距离共用一个嵌入", "k"),
        int_spec("d", 1, 8, "4", "head dimension d_k", "每个头的维度 d_k", "d_k"),
        int_spec("seed", 0, 1000000, "1", "seed of Q, K and the relative table", "Q、K 与相对位置表的种子"),
        int_spec("i", 0, 15, "1", "query of the inspected pair", "所查看的配对中的查询", "i"),
        int_spec("j", 0, 15, "4", "key of the inspected pair", "所查看的配对中的键", "j"),
        int_spec("seed_version", 0, 1, "0", "1: also show the seed's tutorial version", "1：同时显示种子教程中的写法"),
    };
}

struct Inputs {
    int L = 5, k = 2, d = 4, seed = 1, i = 1, j = 4;
    bool seed_version = false;
};

Inputs read_inputs(const ParamSet& p) {
    Inputs in;
    in.L = int_param(p, "L", 5, 2, 16);
    in.k = int_param(p, "k", 2, 0, 15);
    in.d = int_param(p, "d", 4, 1, 8);
    in.seed = int_param(p, "seed", 1, 0, 1000000);
    in.i = int_param(p, "i", 1, 0, in.L - 1);
    in.j = int_param(p, "j", 4, 0, in.L - 1);
    in.seed_version = int_param(p, "seed_version", 0, 0, 1) == 1;
    return in;
}

struct Computed {
    ShawDemo demo;
    Eigen::MatrixXi index;
    RelativeTensor a;
    Eigen::MatrixXd content, position, logits, weights;  // content/position already divided by √d
};

Computed compute(const Inputs& in) {
    Computed c;
    c.demo = shaw_demo_inputs(in.L, in.k, in.d, static_cast<std::uint64_t>(in.seed));
    c.index = shaw_relative_index(in.L, in.k);
    c.a = shaw_lookup(c.demo.table, c.index);
    const double scale = 1.0 / std::sqrt(static_cast<double>(in.d));
    c.content = c.demo.Q * c.demo.K.transpose() * scale;
    c.position = shaw_position_scores(c.demo.Q, c.a) * scale;
    c.logits = shaw_logits(c.demo.Q, c.demo.K, c.a);
    c.weights = softmax_rows(c.logits);
    return c;
}

// [SECTION] shared view builders
LegacyView ij_heatmap(const std::string& title, const Eigen::MatrixXd& M, Lang lang) {
    LegacyView view = matrix_heatmap(title, M, tr(lang, "查询 i", "query i"), tr(lang, "键 j", "key j"));
    view.qk_axes = true;
    return view;
}

LegacyView index_heatmap(const std::string& title, const Eigen::MatrixXi& I, Lang lang) {
    LegacyView view = ij_heatmap(title, I.cast<double>(), lang);
    view.integer = true;
    view.decimals = 0;
    return view;
}

// The reference index, with the pairs whose distance was clipped outlined.
LegacyView reference_index_view(const Inputs& in, Lang lang) {
    const int L = in.L, k = in.k;
    LegacyView view = index_heatmap(tr(lang, "参考：clip(j − i, −k, k) + k", "Reference: clip(j − i, −k, k) + k"),
                                  shaw_relative_index(L, k), lang);
    for (int i = 0; i < L; ++i)
        for (int j = 0; j < L; ++j)
            if (std::abs(j - i) > k) view.highlight_cells.push_back({i, j});
    view.explain = [L, k, lang](int r, int c) -> std::string {
        if (r < 0 || c < 0 || r >= L || c >= L) return "";
        const int dist = c - r, clipped = std::max(-k, std::min(k, dist));
        std::string s = "i = " + std::to_string(r) + ", j = " + std::to_string(c) + ": j − i = " + integer(dist);
        if (clipped != dist) s += tr(lang, "，截断到 ", ", clipped to ") + integer(clipped);
        return s + tr(lang, "，加 k 得到表的第 ", "; adding k reads table row ") + std::to_string(clipped + k) + tr(lang, " 行", "");
    };
    return view;
}

LegacyView seed_index_view(const Inputs& in, Lang lang) {
    const int L = in.L;
    LegacyView view = index_heatmap(tr(lang, "种子：(i − j) + max_len − 1（max_len = L）", "Seed: (i − j) + max_len − 1 (max_len = L)"),
                                  shaw_seed_index(L, L), lang);
    view.explain = [L, lang](int r, int c) -> std::string {
        if (r < 0 || c < 0 || r >= L || c >= L) return "";
        return "i = " + std::to_string(r) + ", j = " + std::to_string(c) + ": i − j = " + integer(r - c) +
               tr(lang, "，加 max_len − 1 = ", "; adding max_len − 1 = ") + std::to_string(L - 1) +
               tr(lang, " 读表的第 ", " reads table row ") + std::to_string(r - c + L - 1) + tr(lang, " 行（不截断）", " (no clipping)");
    };
    return view;
}

// [SECTION] step views 1..6
std::vector<LegacyView> step1_views(const ParamSet& p, Lang lang) {
    const Inputs in = read_inputs(p);
    const Computed c = compute(in);
    const int L = in.L;
    LegacyView content = ij_heatmap(tr(lang, "内容项 q_i·k_j / √d", "Content term q_i·k_j / √d"), c.content, lang);
    LegacyView position = ij_heatmap(tr(lang, "位置项 q_i·a_ij / √d", "Position term q_i·a_ij / √d"), c.position, lang);
    LegacyView total = ij_heatmap(tr(lang, "分数 e_ij = (q_i·k_j + q_i·a_ij) / √d", "Score e_ij = (q_i·k_j + q_i·a_ij) / √d"), c.logits, lang);
    for (LegacyView* v : {&content, &position, &total}) v->is_signed = true;
    const Eigen::MatrixXd C = c.content, P = c.position, E = c.logits;
    const Eigen::MatrixXi I = c.index;
    content.explain = [C, L, lang](int r, int col) -> std::string {
        if (r < 0 || col < 0 || r >= L || col >= L) return "";
        return "q" + sub(r) + "·k" + sub(col) + " / √d = " + num(C(r, col)) + tr(lang, "：只看内容", ": content only");
    };
    position.explain = [P, I, L, lang](int r, int col) -> std::string {
        if (r < 0 || col < 0 || r >= L || col >= L) return "";
        return "q" + sub(r) + "·a" + sub(r) + "," + sub(col) + " / √d = " + num(P(r, col)) + tr(lang, "，a_ij 是表的第 ", ", a_ij is table row ") +
               std::to_string(I(r, col)) + tr(lang, " 行", "");
    };
    total.explain = [C, P, E, L](int r, int col) -> std::string {
        if (r < 0 || col < 0 || r >= L || col >= L) return "";
        return "e" + sub(r) + "," + sub(col) + " = " + num(C(r, col)) + " + " + num(P(r, col)) + " = " + num(E(r, col));
    };
    total.notes.push_back(tr(lang, "最大的 |e − (内容 + 位置)| = ", "Largest |e − (content + position)| = ") + exact((E - C - P).cwiseAbs().maxCoeff()));
    total.notes.push_back(tr(lang, "Q、K 和相对位置表由种子随机生成，d_k = ", "Q, K and the relative table are random, drawn from the seed; d_k = ") +
                          std::to_string(in.d) + tr(lang, "。", "."));
    return {content, position, total};
}

std::vector<LegacyView> step2_views(const ParamSet& p, Lang lang) {
    const Inputs in = read_inputs(p);
    const int L = in.L;
    LegacyView ref = index_heatmap(tr(lang, "相对距离 j − i（tensor2tensor 的约定）", "Relative distance j − i (tensor2tensor's convention)"),
                                 shaw_relative_distance(L), lang);
    ref.is_signed = true;
    ref.explain = [L, lang](int r, int c) -> std::string {
        if (r < 0 || c < 0 || r >= L || c >= L) return "";
        const int d = c - r;
        return "i = " + std::to_string(r) + ", j = " + std::to_string(c) + ": j − i = " + integer(d) +
               (d > 0 ? tr(lang, "，键在查询之后", ", the key comes after the query")
                      : d < 0 ? tr(lang, "，键在查询之前", ", the key comes before the query") : tr(lang, "，同一位置", ", the same position"));
    };
    ref.notes.push_back(tr(lang, "行是查询 i，列是键 j；值为正表示键在查询的右边（更晚）。",
                           "Rows are queries i, columns keys j; a positive value means the key lies to the right (later)."));
    ref.notes.push_back(tr(lang, "注意：悬停显示的 Δ = q − k = i − j，正好是这里的值取负。",
                           "Note: the hover shows Δ = q − k = i − j, which is minus the value here."));
    if (!in.seed_version)
        ref.notes.push_back(tr(lang, "把 seed_version 设为 1 可在旁边显示种子的写法 i − j。",
                               "Set seed_version to 1 to show the seed's form i − j beside it."));
    std::vector<LegacyView> out = {ref};
    if (in.seed_version) {
        Eigen::MatrixXi seed(L, L);
        for (int i = 0; i < L; ++i)
            for (int j = 0; j < L; ++j) seed(i, j) = i - j;
        LegacyView sv = index_heatmap(tr(lang, "种子的写法：i − j", "The seed's form: i − j"), seed, lang);
        sv.is_signed = true;
        sv.explain = [L](int r, int c) -> std::string {
            if (r < 0 || c < 0 || r >= L || c >= L) return "";
            return "i = " + std::to_string(r) + ", j = " + std::to_string(c) + ": i − j = " + integer(r - c);
        };
        for (int i = 0; i < L; ++i)
            for (int j = 0; j < L; ++j)
                if (i != j) sv.highlight_cells.push_back({i, j});
        sv.notes.push_back(tr(lang, "除对角线外每个格子都与参考相反（已框出）：种子用 i − j，tensor2tensor 用 j − i。",
                              "Every cell off the diagonal has the opposite sign (outlined): the seed uses i − j, tensor2tensor j − i."));
        out.push_back(sv);
    }
    return out;
}

std::vector<LegacyView> step3_views(const ParamSet& p, Lang lang) {
    const Inputs in = read_inputs(p);
    const int L = in.L, k = in.k;
    LegacyView ref = reference_index_view(in, lang);
    int clipped = 0;
    for (int i = 0; i < L; ++i)
        for (int j = 0; j < L; ++j) clipped += std::abs(j - i) > k ? 1 : 0;
    ref.notes.push_back(tr(lang, "表有 2k + 1 = ", "The table has 2k + 1 = ") + std::to_string(2 * k + 1) +
                        tr(lang, " 行，而 L = ", " rows while L = ") + std::to_string(L) + tr(lang, " 时距离有 2L − 1 = ", " has 2L − 1 = ") +
                        std::to_string(2 * L - 1) + tr(lang, " 种。", " distances."));
    ref.notes.push_back(tr(lang, "被截断的配对（已框出）：", "Clipped pairs (outlined): ") + std::to_string(clipped) +
                        tr(lang, "；它们与 |j − i| = k 的配对共用两端的行。", "; they share the edge rows with the pairs at |j − i| = k."));

    // Which distance each table row stands for, in both forms.
    const int rows_ref = 2 * k + 1, rows_seed = 2 * L - 1, rows = std::max(rows_ref, in.seed_version ? rows_seed : rows_ref);
    LegacyView table;
    table.kind = ViewKind::Table;
    table.title = tr(lang, "表的每一行代表的距离 j − i", "The distance j − i each table row stands for");
    table.values.resize(rows, in.seed_version ? 2 : 1);
    for (int r = 0; r < rows; ++r) {
        table.values(r, 0) = r < rows_ref ? shaw_reference_row_distance(r, k) : std::nan("");
        if (in.seed_version) table.values(r, 1) = r < rows_seed ? shaw_seed_row_distance(r, L) : std::nan("");
        table.row_labels.push_back(tr(lang, "第 ", "row ") + std::to_string(r) + tr(lang, " 行", ""));
    }
    table.col_labels = {tr(lang, "参考", "reference")};
    if (in.seed_version) table.col_labels.push_back(tr(lang, "种子", "seed"));
    table.col_decimals = {0, 0};  // whole numbers; not `integer`, because rows past a table's end are NaN ("—")
    table.decimals = 0;
    table.is_signed = true;
    table.row_axis = tr(lang, "表的行", "table row");
    table.notes.push_back(tr(lang, "参考：第 0 行是 j − i = −k（最左），依次递增。", "Reference: row 0 is j − i = −k (farthest left), increasing."));
    std::vector<LegacyView> out = {ref};
    if (in.seed_version) {
        LegacyView sv = seed_index_view(in, lang);
        const Eigen::MatrixXi R = shaw_relative_index(L, L - 1), S = shaw_seed_index(L, L);
        int mirrored = 0;
        for (int i = 0; i < L; ++i)
            for (int j = 0; j < L; ++j) mirrored += S(i, j) == 2 * (L - 1) - R(i, j) ? 1 : 0;
        sv.notes.push_back(tr(lang, "种子的表有 2·max_len − 1 = ", "The seed's table has 2·max_len − 1 = ") + std::to_string(rows_seed) +
                           tr(lang, " 行，不截断。", " rows and no clipping."));
        sv.notes.push_back(tr(lang, "镜像顺序：取 k = L − 1 时，种子读的行 = 2k − 参考读的行，", "Mirror order: with k = L − 1, the seed's row = 2k − the reference's row in ") +
                           std::to_string(mirrored) + " / " + std::to_string(L * L) + tr(lang, " 个格子成立。", " cells."));
        table.notes.push_back(tr(lang, "种子：第 0 行是 j − i = max_len − 1（最右），依次递减——与参考的顺序相反。",
                                 "Seed: row 0 is j − i = max_len − 1 (farthest right), decreasing: the reverse of the reference."));
        out.push_back(sv);
    } else {
        table.notes.push_back(tr(lang, "种子的教程代码写的是 (i − j) + max_len − 1，不截断；把 seed_version 设为 1 可并排比较。",
                                 "The seed's tutorial code writes (i − j) + max_len − 1, unclipped; set seed_version to 1 to compare."));
    }
    out.push_back(table);
    return out;
}

std::vector<LegacyView> step4_views(const ParamSet& p, Lang lang) {
    const Inputs in = read_inputs(p);
    const Computed c = compute(in);
    const int L = in.L, d = in.d, k = in.k, i = in.i, j = in.j;
    const int row = c.index(i, j);

    LegacyView table;
    table.kind = ViewKind::Table;
    table.title = tr(lang, "相对位置表（(2k+1) × d）", "Relative position table ((2k+1) × d)");
    table.values = to_rows(c.demo.table);
    for (int r = 0; r < c.demo.table.rows(); ++r)
        table.row_labels.push_back(tr(lang, "第 ", "row ") + std::to_string(r) + tr(lang, " 行：j − i = ", ": j − i = ") +
                                   integer(shaw_reference_row_distance(r, k)) + (r == row ? " ◀" : ""));
    for (int x = 0; x < d; ++x) table.col_labels.push_back(std::to_string(x));
    table.decimals = 3;
    table.is_signed = true;
    table.row_axis = tr(lang, "行", "row");

    LegacyView slice;
    slice.kind = ViewKind::Table;
    slice.title = tr(lang, "所选配对的 q_i 与 a_ij", "q_i and a_ij of the selected pair");
    slice.values.resize(2, d);
    slice.values.row(0) = c.demo.Q.row(i);
    slice.values.row(1) = c.a[static_cast<std::size_t>(i)].row(j);
    slice.row_labels = {"q" + sub(i), "a" + sub(i) + "," + sub(j)};
    slice.col_labels = table.col_labels;
    slice.decimals = 3;
    slice.is_signed = true;
    std::string terms;
    double sum = 0.0;
    for (int x = 0; x < d; ++x) {
        const double t = c.demo.Q(i, x) * c.a[static_cast<std::size_t>(i)](j, x);
        sum += t;
        terms += (x ? " + " : "") + std::string("(") + num(c.demo.Q(i, x)) + ")(" + num(c.a[static_cast<std::size_t>(i)](j, x)) + ")";
    }
    slice.notes.push_back("i = " + std::to_string(i) + ", j = " + std::to_string(j) + ": j − i = " + integer(j - i) +
                          tr(lang, " → 表的第 ", " → table row ") + std::to_string(row) + tr(lang, " 行。", "."));
    slice.notes.push_back("q" + sub(i) + "·a" + sub(i) + "," + sub(j) + " = " + terms + " = " + num(sum));

    const Eigen::MatrixXd P = shaw_position_scores(c.demo.Q, c.a);
    LegacyView pos = ij_heatmap(tr(lang, "位置分数 q_i·a_ij（einsum bhld,lmd→bhlm，点击一行选 i）", "Position scores q_i·a_ij (einsum bhld,lmd→bhlm; click a row for i)"), P, lang);
    pos.is_signed = true;
    pos.highlight_cells.push_back({i, j});
    pos.highlight_row = i;
    pos.select_mode = LegacyView::SelectMode::Row;
    pos.select_param = "i";
    const Eigen::MatrixXi I = c.index;
    pos.explain = [P, I, L, lang](int r, int col) -> std::string {
        if (r < 0 || col < 0 || r >= L || col >= L) return "";
        return "pos_score[" + std::to_string(r) + "][" + std::to_string(col) + "] = Σ_d Q[" + std::to_string(r) + "][d]·a[" +
               std::to_string(r) + "][" + std::to_string(col) + "][d] = " + num(P(r, col)) + tr(lang, "（表的第 ", " (table row ") +
               std::to_string(I(r, col)) + ")";
    };
    pos.notes.push_back(tr(lang, "查表把 L × L 的索引变成 L × L × d 的张量：", "The lookup turns the L × L index into an L × L × d tensor: ") +
                        std::to_string(L) + " × " + std::to_string(L) + " × " + std::to_string(d) + " = " + std::to_string(L * L * d) +
                        tr(lang, " 个数，全部取自 ", " numbers, all taken from ") + std::to_string(c.demo.table.rows()) + " × " +
                        std::to_string(d) + tr(lang, " 的表。", " table entries."));
    pos.notes.push_back(tr(lang, "einsum 中 l 同时出现在 Q 和 a 中并保留：每个查询 i 只与自己那一片 a[i] 相乘；d 被求和。",
                           "In the einsum, l appears in both Q and a and is kept: query i meets only its own slice a[i]; d is summed."));
    return {table, slice, pos};
}

std::vector<LegacyView> step5_views(const ParamSet& p, Lang lang) {
    const Inputs in = read_inputs(p);
    const Computed c = compute(in);
    const int L = in.L;
    LegacyView logits = ij_heatmap(tr(lang, "分数 e_ij（内容 + 位置）", "Scores e_ij (content + position)"), c.logits, lang);
    logits.is_signed = true;
    const Eigen::MatrixXd C = c.content, P = c.position, E = c.logits, A = c.weights;
    logits.explain = [C, P, E, L](int r, int col) -> std::string {
        if (r < 0 || col < 0 || r >= L || col >= L) return "";
        return "e" + sub(r) + "," + sub(col) + " = " + num(C(r, col)) + " + " + num(P(r, col)) + " = " + num(E(r, col));
    };
    LegacyView weights = ij_heatmap(tr(lang, "注意力权重 softmax_j(e_ij)", "Attention weights softmax_j(e_ij)"), A, lang);
    weights.decimals = 2;
    weights.explain = [E, A, L, lang](int r, int col) -> std::string {
        if (r < 0 || col < 0 || r >= L || col >= L) return "";
        return tr(lang, "α", "α") + sub(r) + "," + sub(col) + " = exp(e" + sub(r) + "," + sub(col) + ") / Σ_j exp(e" + sub(r) + "j) = " + num(A(r, col));
    };
    double worst = 0.0;
    for (int r = 0; r < L; ++r) worst = std::max(worst, std::fabs(A.row(r).sum() - 1.0));
    weights.notes.push_back(tr(lang, "每一行之和与 1 的最大偏差 = ", "Largest deviation of a row sum from 1 = ") + exact(worst));
    const Eigen::MatrixXd content_only = softmax_rows(C);
    weights.notes.push_back(tr(lang, "去掉位置项后权重的最大变化 = ", "Removing the position term changes the weights by up to ") +
                            exact((content_only - A).cwiseAbs().maxCoeff()) + tr(lang, "。", "."));
    return {logits, weights};
}

std::vector<LegacyView> step6_views(const ParamSet& p, Lang lang) {
    const Inputs in = read_inputs(p);
    const Computed c = compute(in);
    const int L = in.L, k = in.k;
    const Eigen::MatrixXd P = c.position;
    LegacyView pos = ij_heatmap(tr(lang, "Shaw：q_i·a_ij / √d（依赖内容）", "Shaw: q_i·a_ij / √d (content-dependent)"), P, lang);
    pos.is_signed = true;
    pos.explain = [P, L, lang](int r, int col) -> std::string {
        if (r < 0 || col < 0 || r >= L || col >= L) return "";
        return "q" + sub(r) + "·a" + sub(r) + "," + sub(col) + " / √d = " + num(P(r, col)) + tr(lang, "：同一距离，不同的 q 给出不同的值", ": same distance, a different q gives a different value");
    };
    const double spread_p = diagonal_spread(P).maxCoeff();
    pos.notes.push_back(tr(lang, "沿对角线（同一距离）的最大极差 = ", "Largest spread along a diagonal (one distance) = ") + exact(spread_p) +
                        tr(lang, "：位置项随查询内容变化。", ": the position term varies with the query's content."));

    // A scalar per distance instead: the table's first column read as one number per row.
    Eigen::MatrixXd S(L, L);
    for (int i = 0; i < L; ++i)
        for (int j = 0; j < L; ++j) S(i, j) = c.demo.table(c.index(i, j), 0);
    LegacyView scalar = ij_heatmap(tr(lang, "对照：每个距离一个标量 b(clip(j − i))", "For contrast: one scalar per distance, b(clip(j − i))"), S, lang);
    scalar.is_signed = true;
    scalar.explain = [S, L, k, lang](int r, int col) -> std::string {
        if (r < 0 || col < 0 || r >= L || col >= L) return "";
        return "b(" + integer(std::max(-k, std::min(k, col - r))) + ") = " + num(S(r, col)) + tr(lang, "：与查询内容无关", ": the same whatever the query says");
    };
    const double spread_s = diagonal_spread(S).maxCoeff();
    scalar.notes.push_back(tr(lang, "沿对角线的最大极差 = ", "Largest spread along a diagonal = ") + exact(spread_s) +
                           tr(lang, "：标量偏置（如 T5）对每个查询都一样，是 Toeplitz 矩阵。", ": a scalar bias (as in T5) is the same for every query, a Toeplitz matrix."));
    return {pos, scalar};
}

// [SECTION] lesson definition (bilingual text)
Lesson make_lesson() {
    Lesson lesson;
    lesson.id = "shaw";
    lesson.title = {"Shaw 相对位置表示", "Shaw's relative position representations"};
    lesson.params = lesson_params();
    lesson.result_shape = [](const ParamSet& p) {  // the L×L×d lookup
        const long long L = p.geti("L"), d = p.geti("d");
        return std::vector<long long>{L, L, d + 1};
    };

    lesson.steps.push_back(Step{
        {"带相对项的分数", "A score with a relative term"},
        {"普通注意力的分数是 q_i·k_j / √d_k。Shaw 等人为每个相对距离学习一个向量 a_ij，并把分数改成 "
         "e_ij = (q_i·k_j + q_i·a_ij) / √d_k：第一项看内容，第二项看 i 与 j 的相对位置。"
         "三张热力图分别是内容项、位置项和它们的和。",
         "Plain attention scores q_i·k_j / √d_k. Shaw et al. learn a vector a_ij for each relative distance and "
         "change the score to e_ij = (q_i·k_j + q_i·a_ij) / √d_k: the first term looks at content, the second at "
         "where j sits relative to i. The three heatmaps show the content term, the position term and their sum."},
        {"L", "k", "d", "seed"},
        legacy(step1_views)});

    lesson.steps.push_back(Step{
        {"相对位置矩阵与符号约定", "The relative position matrix and its sign"},
        {"先为每一对 (i, j) 写下相对距离。参考实现 tensor2tensor 用 j − i（键减查询）：正数表示键在查询右边。"
         "种子教程的代码写的是 i − j，符号正好相反；两种都能用，但一张表训练好后，读它的代码必须用同一种约定。"
         "打开 seed_version 可以把种子的矩阵并排显示。",
         "First write down the relative distance of every pair (i, j). The reference, tensor2tensor, uses j − i "
         "(key minus query): positive means the key lies to the right of the query. The seed's tutorial code writes "
         "i − j, the opposite sign; either works, but once a table is trained, the code that reads it must keep the "
         "same convention. Turn on seed_version to show the seed's matrix beside it."},
        {"L", "seed_version"},
        legacy(step2_views)});

    lesson.steps.push_back(Step{
        {"截断的索引：参考与种子", "Clipped index: reference and seed"},
        {"tensor2tensor 的 _generate_relative_positions_matrix 计算 clip(j − i, −k, k) + k，读一张 (2k+1) × d 的表："
         "超过 k 的距离被截断，远处的配对共用两端的同一个嵌入（拖动 k 看看）。"
         "种子的教程写的是 (i − j) + max_len − 1，不截断，表有 2·max_len − 1 行；它读表的顺序与参考互为镜像。"
         "本工具按参考实现计算，seed_version 显示种子的版本作对比。",
         "tensor2tensor's _generate_relative_positions_matrix computes clip(j − i, −k, k) + k and reads a "
         "(2k+1) × d table: distances beyond k are clipped, so distant pairs share the embedding at either end "
         "(drag k to see it). The seed's tutorial writes (i − j) + max_len − 1, unclipped, with a table of "
         "2·max_len − 1 rows, and reads that table in the mirror order of the reference. The widget follows the "
         "reference; seed_version shows the seed's version for comparison."},
        {"L", "k", "seed_version"},
        legacy(step3_views)});

    lesson.steps.push_back(Step{
        {"查表与位置分数", "Lookup and position scores"},
        {"用 L × L 的索引去查表，得到 L × L × d 的张量：第 (i, j) 格是向量 a_ij。"
         "位置分数是 q_i·a_ij，对所有头和批次写成 einsum('bhld,lmd->bhlm')：查询位置 l 在两个输入中都出现并被保留，d 被求和。"
         "选一对 (i, j) 查看它的 a_ij 与点积的每一项。",
         "Looking the L × L index up in the table gives an L × L × d tensor whose cell (i, j) is the vector a_ij. "
         "The position score is q_i·a_ij, for all heads and batches the einsum('bhld,lmd->bhlm'): the query "
         "position l appears in both inputs and is kept, and d is summed. Pick a pair (i, j) to see its a_ij and "
         "every term of the dot product."},
        {"L", "k", "d", "seed", "i", "j"},
        legacy(step4_views)});

    lesson.steps.push_back(Step{
        {"内容加位置，再 softmax", "Content plus position, then softmax"},
        {"把内容分数与位置分数相加、除以 √d_k，再对每一行做 softmax，就得到注意力权重。"
         "每一行的权重之和为 1；注释给出去掉位置项后权重会变化多少。",
         "Add the content and position scores, divide by √d_k and apply softmax to each row to get the attention "
         "weights. Every row sums to 1; a note says how much the weights would change without the position term."},
        {"L", "k", "d", "seed"},
        legacy(step5_views)});

    lesson.steps.push_back(Step{
        {"为什么与 q 做点积", "Why dot the position vector with q"},
        {"a_ij 与 q_i 在同一个 d_k 维空间里，点积 q_i·a_ij 得到一个可以直接和 q_i·k_j 相加的标量。"
         "更重要的是，这个位置项依赖查询的内容：同一距离上，不同的查询得到不同的值，模型可以学到“这类词关注左边的词”。"
         "如果每个距离只加一个标量（如 T5），所有查询看到的都是同一个偏置，矩阵是 Toeplitz 的。",
         "a_ij lives in the same d_k-dimensional space as q_i, and the dot product q_i·a_ij is a scalar that adds "
         "directly to q_i·k_j. More importantly, this position term depends on the query's content: at one distance, "
         "different queries get different values, so the model can learn \"this kind of word looks to its left\". "
         "Adding one scalar per distance instead (as T5 does) gives every query the same bias: a Toeplitz matrix."},
        {"L", "k", "d", "seed"},
        legacy(step6_views)});
    return lesson;
}

}  // namespace

const Lesson* lesson_shaw() {
    static const Lesson lesson = make_lesson();
    return &lesson;
}

}  // namespace pelab
