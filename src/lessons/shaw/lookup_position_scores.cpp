// PE Lab — lessons/shaw/lookup_position_scores.cpp
// Step "lookup-position-scores" of shaw: the L × L index looked up into an L × L × d tensor and the position
// scores q_i·a_ij as einsum('bhld,lmd->bhlm'), for a selectable pair (i, j); table rows are labelled with the offset
// Δ = i − j they stand for (Δ = k − row). Its views, then the step.
// Comments are English only: the font subset is built from the characters inside this file's strings.
//
// [SECTION] lookup and position scores
#include <string>
#include <vector>

#include "core/relative/shaw.h"
#include "lessons/shaw/shaw_lesson.h"
#include "lessons/lesson_util.h"

namespace pelab {
namespace shaw_lesson {

using namespace lessonui;  // shared display helpers (lessons/lesson_util.h)

// [SECTION] lookup and position scores
namespace {

std::vector<ViewData> lookup_views(const Inputs& in, const Computed& c, Lang lang) {
    const int L = in.L, d = in.d, k = in.k, i = in.i, j = in.j;
    const int row = c.index(i, j);
    const auto ai = static_cast<std::size_t>(i);

    // The table as a heatmap with the row the selected pair reads outlined.
    HeatmapView table;
    table.values = to_rows(c.demo.table);
    for (int r = 0; r < c.demo.table.rows(); ++r)
        table.row_labels.push_back(say(lang, {"第 {r} 行：Δ = {dist}", "row {r}: Δ = {dist}"},
                                       {{"r", pos(r)}, {"dist", integer(-shaw_reference_row_distance(r, k))}}));
    table.col_labels = index_labels(d);
    table.row_axis = say(lang, {"表的行", "table row"});
    table.col_axis = say(lang, {"分量", "component"});
    table.is_signed = true;
    table.decimals = 3;
    table.highlight_row = row;
    table.explain = [A = table.values, k, row, lang](int r, int col) -> std::string {
        if (r < 0 || col < 0 || r >= A.rows() || col >= A.cols()) return "";
        const std::vector<Arg> args = {{"r", pos(r)}, {"dist", integer(-shaw_reference_row_distance(r, k))}, {"c", pos(col)}, {"v", n4(A(r, col))}};
        if (r == row)
            return say(lang, {"第 {r} 行（Δ = {dist}）第 {c} 个分量 = {v}；所选配对读的就是这一行",
                              "Row {r} (Δ = {dist}), component {c} = {v}; the selected pair reads this row"}, args);
        return say(lang, {"第 {r} 行（Δ = {dist}）第 {c} 个分量 = {v}", "Row {r} (Δ = {dist}), component {c} = {v}"}, args);
    };

    TableView slice;
    slice.values.resize(2, d);
    slice.values.row(0) = c.demo.Q.row(i);
    slice.values.row(1) = c.a[ai].row(j);
    slice.row_labels = {"q" + sub(i), "a" + sub(i) + "," + sub(j)};
    slice.col_labels = table.col_labels;
    slice.decimals = 3;
    std::string terms;
    double sum = 0.0;
    for (int x = 0; x < d; ++x) {
        sum += c.demo.Q(i, x) * c.a[ai](j, x);
        terms += (x ? " + " : "") + std::string("(") + n4(c.demo.Q(i, x)) + ")(" + n4(c.a[ai](j, x)) + ")";
    }
    const std::vector<std::string> slice_notes = {
        say(lang, {"i = {i}, j = {j}: Δ = {dist} → 表的第 {row} 行。", "i = {i}, j = {j}: Δ = {dist} → table row {row}."},
            {{"i", pos(i)}, {"j", pos(j)}, {"dist", integer(i - j)}, {"row", pos(row)}}),
        say(lang, {"{term} = {terms} = {sum}", "{term} = {terms} = {sum}"}, {{"term", q_dot_a(i, j)}, {"terms", terms}, {"sum", n4(sum)}}),
    };

    const Eigen::MatrixXd P = shaw_position_scores(c.demo.Q, c.a);
    HeatmapView scores = ij_matrix(P, lang);
    scores.is_signed = true;
    scores.highlight_cells.push_back({i, j});
    scores.highlight_row = i;
    scores.select_mode = HeatmapView::SelectMode::Row;
    scores.select_param = "i";
    const Eigen::MatrixXi I = c.index;
    scores.explain = [P, I, L, lang](int r, int col) -> std::string {
        if (r < 0 || col < 0 || r >= L || col >= L) return "";
        return say(lang, {"pos_score[{i}][{j}] = Σ_d Q[{i}][d]·a[{i}][{j}][d] = {value}（表的第 {row} 行）",
                          "pos_score[{i}][{j}] = Σ_d Q[{i}][d]·a[{i}][{j}][d] = {value} (table row {row})"},
                   {{"i", pos(r)}, {"j", pos(col)}, {"value", n4(P(r, col))}, {"row", pos(I(r, col))}});
    };
    const std::vector<std::string> table_notes = {
        say(lang, {"L × L × d_k 的张量：{L} × {L} × {d} = {count} 个数，全部取自 {rows} × {d} 的表。",
                   "The L × L × d_k tensor: {L} × {L} × {d} = {count} numbers, all taken from {rows} × {d} table entries."},
            {{"L", pos(L)}, {"d", pos(d)}, {"count", pos(L * L * d)}, {"rows", pos(static_cast<int>(c.demo.table.rows()))}}),
    };
    const std::vector<std::string> score_notes = {
        say(lang, {"所有批次 b、所有头 h 一次算完（PyTorch: `torch.einsum('bhld,lmd->bhlm', q, a)`）。",
                   "All batches b and heads h at once (PyTorch: `torch.einsum('bhld,lmd->bhlm', q, a)`)."})};
    return {make_view(say(lang, {"位置分数 q_i·a_ij（点击一行选 i）", "Position scores q_i·a_ij (click a row for i)"}), std::move(scores), score_notes),
            make_view(say(lang, {"表 A（(2k+1) × d_k），框出所选的行", "Table A ((2k+1) × d_k), chosen row outlined"}),
                      std::move(table), table_notes),
            make_view(say(lang, {"所选配对的 q_i 与 a_ij", "q_i and a_ij of the selected pair"}), std::move(slice), slice_notes)};
}

}  // namespace

Step lookup_and_position_scores() {
    Step s = {
        "lookup-position-scores",
        {"查表与位置分数", "Lookup and position scores"},
        {"用索引查表，每一对 (i, j) 得到自己的向量 a_ij。"
         "L × L 的索引查表后得到 L × L × d_k 的张量：第 (i, j) 格是向量 a_ij。"
         "位置分数是 q_i·a_ij；对所有头和批次一次算完是一个爱因斯坦求和（[[einsum]]）：查询位置在两个输入中都出现并被保留，所以查询 i 只与自己那一片 a[i] 相乘，再对 d_k 个分量求和。"
         "点击热力图的一行选 i，用参数 j 选键，查看 a_ij 与点积的每一项。",
         "Looking the index up gives every pair (i, j) its own vector a_ij. Looking the L × L index up in the table "
         "gives an L × L × d_k tensor whose cell (i, j) is the vector a_ij. The position score is q_i·a_ij; for all "
         "heads and batches at once it is one Einstein sum ([[einsum]]): the query position appears in both inputs and "
         "is kept, so query i meets only its own slice a[i], and the sum runs over the d_k components. Click a row of "
         "the heatmap for i and set j to see a_ij and every term of the dot product."},
        {"L", "clip", "d_k", "seed", "i", "j"},
        computed_views(lookup_views),
        {
         R"tex(a_{ij} = A\big[\mathrm{idx}(i,j)\big] \in \mathbb{R}^{d_k})tex",
         R"tex(q_i \cdot a_{ij} = \textstyle\sum_{c} q_{i,c}\, a_{ij,c})tex"},
    };
    s.takeaway = {"L × L × d_k 张量的 {count} 个数都是表中 {rows} 行按 Δ 取来的副本：({i}, {j}) 的 Δ = {dist}，读第 {row} 行。",
                  "The L × L × d_k tensor holds {count} numbers, but all are copies of the {rows} table rows picked by Δ: "
                  "pair ({i}, {j}) has Δ = {dist} and reads row {row}."};
    s.takeaway_args = args_of(read_inputs, +[](const Inputs& in, Lang) {
        return std::vector<Arg>{{"count", integer(1LL * in.L * in.L * in.d)}, {"rows", integer(2LL * in.k + 1)},
                                {"i", integer(in.i)}, {"j", integer(in.j)}, {"dist", integer(in.i - in.j)},
                                {"row", integer(shaw_relative_index(in.L, in.k)(in.i, in.j))}};
    });
    return s;
}

}  // namespace shaw_lesson
}  // namespace pelab
