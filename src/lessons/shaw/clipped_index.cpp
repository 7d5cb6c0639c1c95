// PE Lab — lessons/shaw/clipped_index.cpp
// Step "clipped-index" of shaw: tensor2tensor's clipped index clip(j − i, −k, k) + k into a (2k+1) × d
// table, written on screen as k − clip(Δ, −k, k) with Δ = i − j (the same number), against the tutorial index
// (i − j) + max_len − 1 = Δ + max_len − 1 read in mirror order. The two index views, the step's views, then the
// step with its questions (both predictions).
// Comments are English only: the font subset is built from the characters inside this file's strings.
//
// [SECTION] the clipped index, reference and tutorial
#include <algorithm>
#include <cmath>
#include <string>
#include <vector>

#include "core/relative/shaw.h"
#include "lessons/shaw/shaw_lesson.h"
#include "lessons/lesson_util.h"

namespace pelab {
namespace shaw_lesson {

using namespace lessonui;  // shared display helpers (lessons/lesson_util.h)

// [SECTION] the clipped index, reference and tutorial
namespace {

// The reference index, with the pairs whose distance was clipped outlined.
ViewData reference_index_view(const Inputs& in, Lang lang, std::vector<std::string> notes) {
    const int L = in.L, k = in.k;
    HeatmapView h = index_view(shaw_relative_index(L, k), lang);
    for (int i = 0; i < L; ++i)
        for (int j = 0; j < L; ++j)
            if (std::abs(j - i) > k) h.highlight_cells.push_back({i, j});
    h.explain = [L, k, lang](int r, int c) -> std::string {
        if (r < 0 || c < 0 || r >= L || c >= L) return "";
        const int dist = r - c, clipped = std::max(-k, std::min(k, dist));
        if (clipped != dist)
            return say(lang, {"i = {i}，j = {j}：Δ = {dist}，截断到 {clipped}，读表的第 {row} 行",
                              "i = {i}, j = {j}: Δ = {dist}, clipped to {clipped}, reads table row {row}"},
                       {{"i", pos(r)}, {"j", pos(c)}, {"dist", integer(dist)}, {"clipped", integer(clipped)}, {"row", pos(k - clipped)}});
        return say(lang, {"i = {i}，j = {j}：Δ = {dist}，读表的第 k − Δ = {row} 行",
                          "i = {i}, j = {j}: Δ = {dist}, reads table row k − Δ = {row}"},
                   {{"i", pos(r)}, {"j", pos(c)}, {"dist", integer(dist)}, {"row", pos(k - clipped)}});
    };
    return make_view(say(lang, {"参考：k − clip(Δ, −k, k)", "Reference: k − clip(Δ, −k, k)"}), std::move(h), std::move(notes));
}

ViewData tutorial_index_view(const Inputs& in, Lang lang, std::vector<std::string> notes) {
    const int L = in.L;
    HeatmapView h = index_view(shaw_tutorial_index(L, L), lang);
    h.explain = [L, lang](int r, int c) -> std::string {
        if (r < 0 || c < 0 || r >= L || c >= L) return "";
        return say(lang, {"i = {i}，j = {j}：Δ = {dist}，加 max_len − 1 = {offset} 读表的第 {row} 行（不截断）",
                          "i = {i}, j = {j}: Δ = {dist}; adding max_len − 1 = {offset} reads table row {row} (no clipping)"},
                   {{"i", pos(r)}, {"j", pos(c)}, {"dist", integer(r - c)}, {"offset", pos(L - 1)}, {"row", pos(r - c + L - 1)}});
    };
    return make_view(say(lang, {"常见的简化写法：Δ + max_len − 1（max_len = L）", "Common tutorial form: Δ + max_len − 1 (max_len = L)"}), std::move(h),
                     std::move(notes));
}

std::vector<ViewData> clipped_index_views(const Inputs& in, Lang lang) {
    const int L = in.L, k = in.k;
    int clipped = 0;
    for (int i = 0; i < L; ++i)
        for (int j = 0; j < L; ++j) clipped += std::abs(j - i) > k ? 1 : 0;
    std::vector<ViewData> out = {reference_index_view(
            in, lang,
            {say(lang, {"被截断的配对（已框出）：{clipped}，共用两端的行。", "Clipped pairs (outlined): {clipped}; they share the edge rows."},
                 {{"clipped", pos(clipped)}})})};

    // Which offset Δ each table row stands for, in both forms (core gives j − i = −Δ).
    const int rows_ref = 2 * k + 1, rows_tut = 2 * L - 1, rows = std::max(rows_ref, in.tutorial ? rows_tut : rows_ref);
    const int cols = in.tutorial ? 2 : 1;
    TableView table;
    table.values.resize(rows, cols);
    for (int r = 0; r < rows; ++r) {
        table.values(r, 0) = r < rows_ref ? -shaw_reference_row_distance(r, k) : std::nan("");
        if (in.tutorial) table.values(r, 1) = r < rows_tut ? -shaw_tutorial_row_distance(r, L) : std::nan("");
        table.row_labels.push_back(say(lang, {"第 {r} 行", "row {r}"}, {{"r", pos(r)}}));
    }
    table.col_labels = {say(lang, {"参考", "reference"})};
    if (in.tutorial) table.col_labels.push_back(say(lang, {"简化写法", "tutorial"}));
    table.col_decimals.assign(static_cast<std::size_t>(cols), 0);  // whole numbers; not `integer`: rows past a table's end are NaN ("—")
    table.decimals = 0;
    table.corner = say(lang, {"表的行", "table row"});
    std::vector<std::string> table_notes = {
        say(lang, {"表有 2k + 1 = {rows} 行，而 L = {L} 时偏移有 2L − 1 = {distances} 种。",
                   "The table has 2k + 1 = {rows} rows while L = {L} has 2L − 1 = {distances} offsets."},
            {{"rows", pos(2 * k + 1)}, {"L", pos(L)}, {"distances", pos(2 * L - 1)}}),
        say(lang, {"参考：第 0 行是 Δ = k（键在最左），每往下一行 Δ 减 1。", "Reference: row 0 is Δ = k (key farthest left), and Δ falls by 1 per row."}),
        say(lang, {"第二个式子是简化写法：max_len 是它支持的最长序列（这里取 L = {L}），不截断。",
                   "The second equation is the tutorial form: max_len is the longest sequence it supports (here L = {L}), no clipping."},
            {{"L", pos(L)}})};
    if (in.tutorial) {
        const Eigen::MatrixXi R = shaw_relative_index(L, L - 1), S = shaw_tutorial_index(L, L);
        int mirrored = 0;
        for (int i = 0; i < L; ++i)
            for (int j = 0; j < L; ++j) mirrored += S(i, j) == 2 * (L - 1) - R(i, j) ? 1 : 0;
        out.push_back(tutorial_index_view(
                in, lang,
                {say(lang, {"简化写法的表有 2·max_len − 1 = {rows} 行，不截断。", "The tutorial form's table has 2·max_len − 1 = {rows} rows and no clipping."},
                     {{"rows", pos(rows_tut)}}),
                 say(lang, {"镜像顺序：取 k = L − 1 时，简化写法读的行 = 2k − 参考读的行，{count} / {cells} 个格子成立。",
                            "Mirror order: with k = L − 1, the tutorial form's row = 2k − the reference's row in {count} / {cells} cells."},
                     {{"count", pos(mirrored)}, {"cells", pos(L * L)}})}));
        table_notes.push_back(say(lang, {"简化写法：第 0 行是 Δ = −(max_len − 1)（键在最右），每往下一行 Δ 加 1——与参考的顺序相反。",
                                         "Tutorial form: row 0 is Δ = −(max_len − 1) (key farthest right), and Δ rises by 1 per row: "
                                         "the reverse of the reference."}));
    }
    out.push_back(make_view(say(lang, {"表的每一行代表的偏移 Δ", "The offset Δ each table row stands for"}), std::move(table), table_notes));
    return out;
}

}  // namespace

Step clipped_index() {
    Step s = {
        "clipped-index",
        {"截断的索引", "Clipped index"},
        {"Shaw 等人只为 |Δ| 不超过[[clipping|截断]]距离 k 的偏移学向量；这一步看每一对读表的哪一行。"
         "参考实现的行号是 k − clip(Δ, −k, k)（左图，拖动 k 看看）；右边的表列出每一行代表的偏移。"
         "参考代码算的是 clip(j − i, −k, k) + k，因为 j − i = −Δ，得到的是同一个数（tensor2tensor code: `_generate_relative_positions_matrix`）。"
         "常见的简化写法（教程中的代码）写的是 Δ + max_len − 1（max_len 是它支持的最长序列），不截断，表有 2·max_len − 1 行；它读表的顺序与参考互为镜像。"
         "本工具按参考实现计算，勾选 tutorial 显示简化写法作对比。",
         "Shaw et al. learn vectors only for offsets with |Δ| up to a [[clipping]] distance k; this step shows which "
         "table row each pair reads. The reference reads row k − clip(Δ, −k, k) (left; drag k to see it), and the "
         "table lists the offset each row stands for. The reference code computes clip(j − i, −k, k) + k, the same "
         "number since j − i = −Δ (tensor2tensor code: `_generate_relative_positions_matrix`). A common simplified version found in tutorials writes "
         "Δ + max_len − 1 (max_len, the longest sequence it supports), unclipped, with a table of 2·max_len − 1 rows, "
         "and reads that table in the mirror order of the reference. The widget follows the reference; tick tutorial "
         "to show the simplified version for comparison."},
        {"L", "clip", "tutorial"},
        views_of(read_inputs, clipped_index_views),
        {
         R"tex(\mathrm{idx}(i,j) = k - \operatorname{clip}(\Delta,\ -k,\ k), \qquad \Delta = i - j)tex",
         {R"tex(\mathrm{idx}^{\text{教程}}(i,j) = \Delta + \mathrm{max\_len} - 1)tex", R"tex(\mathrm{idx}^{\mathrm{tutorial}}(i,j) = \Delta + \mathrm{max\_len} - 1)tex"}},
    };
    s.takeaway = {"表总是 2k + 1 = {rows} 行，与长度无关：|Δ| > k = {k} 的偏移都被截断到两端的行，这里 {cells} 对中有 {clipped} 对。",
                  "The table has 2k + 1 = {rows} rows at any length because clip sends all |Δ| > {k} to the end rows ({clipped} of {cells} pairs)."};
    s.takeaway_args = args_of(read_inputs, +[](const Inputs& in, Lang) {
        const long long clipped = (shaw_relative_distance(in.L).array().abs() > in.k).count();
        return std::vector<Arg>{{"rows", integer(2LL * in.k + 1)}, {"k", integer(in.k)}, {"clipped", integer(clipped)},
                                {"cells", integer(1LL * in.L * in.L)}};
    });
    s.questions = {
        {{"截断距离为 k 时，相对位置表有多少行？", "With clipping distance k, how many rows does the relative table have?"},
         {{"2L − 1 行，每个偏移一行", "2L − 1, one per offset"},
          {"2k + 1 行，与序列长度无关", "2k + 1, whatever the sequence length"},
          {"L 行，每个位置一行", "L, one per position"}},
         1,
         [](const ParamSet& p, Lang lang) {
             const Inputs in = read_inputs(p);
             const int L = in.L, k = in.k;
             const Eigen::MatrixXi distance = shaw_relative_distance(L);
             const long long clipped = (distance.array().abs() > k).count();
             return say(lang,
                        {"k = {k}：表有 2k + 1 = {rows} 行，对应 Δ = −{k}…{k}。L = {L} 的序列有 {distances} 种偏移，"
                         "其中 {clipped} 对 (i, j) 的 |Δ| 超过 k，被截断后共用两端的行。",
                         "k = {k}: the table has 2k + 1 = {rows} rows, for Δ = −{k}…{k}. A sequence of L = {L} has "
                         "{distances} offsets; {clipped} pairs (i, j) have |Δ| beyond k and share the end rows "
                         "after clipping."},
                        {{"k", integer(k)}, {"rows", integer(2LL * k + 1)}, {"L", integer(L)},
                         {"distances", integer(2LL * L - 1)}, {"clipped", integer(clipped)}});
         }},
        {{"两对位置的偏移分别是 Δ = k + 1 和 Δ = k + 5。它们读表的同一行吗？",
          "Two pairs have the offsets Δ = k + 1 and Δ = k + 5. Do they read the same row of the table?"},
         {{"是：两者都被截断到 k，共用一行", "Yes: both clip to k and share a row"},
          {"不是：每个偏移都有自己的行", "No: every offset has a row of its own"},
          {"不是：k + 5 超出了表，会报错", "No: k + 5 falls off the table and fails"}},
         0,
         [](const ParamSet& p, Lang lang) {
             const int k = read_inputs(p).k;
             const Eigen::MatrixXi index = shaw_relative_index(k + 6, k);  // column 0: Δ = i
             return say(lang,
                        {"k = {k}：行号是 k − clip(Δ, −k, k)，Δ = {near} 得到第 {near_row} 行，"
                         "Δ = {far} 得到第 {far_row} 行。超过 k 的偏移全都共用第一行。",
                         "k = {k}: the row is k − clip(Δ, −k, k); Δ = {near} reads row {near_row} "
                         "and Δ = {far} reads row {far_row}. Every offset beyond k shares the first row."},
                        {{"k", integer(k)}, {"near", integer(k + 1)}, {"far", integer(k + 5)},
                         {"near_row", integer(index(k + 1, 0))}, {"far_row", integer(index(k + 5, 0))}});
         }},
    };
    s.questions[0].predict = true;  // both asked before the table is seen
    s.questions[1].predict = true;
    return s;
}

}  // namespace shaw_lesson
}  // namespace pelab
