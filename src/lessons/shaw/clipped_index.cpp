// PE Lab — lessons/shaw/clipped_index.cpp
// Step "clipped-index" of shaw: tensor2tensor's clipped index clip(j − i, −k, k) + k into a (2k+1) × d
// table, against the tutorial index (i − j) + max_len − 1 read in mirror order. The two index views, the
// step's views, then the step with its questions.
// Comments are English only: the font subset is built from the characters inside this file's strings.
//
// [SECTION] the clipped index, reference and tutorial
#include <algorithm>
#include <cmath>
#include <string>
#include <vector>

#include "core/shaw.h"
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
        const int dist = c - r, clipped = std::max(-k, std::min(k, dist));
        if (clipped != dist)
            return say(lang, {"i = {i}, j = {j}: j − i = {dist}，截断到 {clipped}，加 k 得到表的第 {row} 行",
                              "i = {i}, j = {j}: j − i = {dist}, clipped to {clipped}; adding k reads table row {row}"},
                       {{"i", pos(r)}, {"j", pos(c)}, {"dist", integer(dist)}, {"clipped", integer(clipped)}, {"row", pos(clipped + k)}});
        return say(lang, {"i = {i}, j = {j}: j − i = {dist}，加 k 得到表的第 {row} 行",
                          "i = {i}, j = {j}: j − i = {dist}; adding k reads table row {row}"},
                   {{"i", pos(r)}, {"j", pos(c)}, {"dist", integer(dist)}, {"row", pos(clipped + k)}});
    };
    return make_view(say(lang, {"参考：clip(j − i, −k, k) + k", "Reference: clip(j − i, −k, k) + k"}), std::move(h), std::move(notes));
}

ViewData tutorial_index_view(const Inputs& in, Lang lang, std::vector<std::string> notes) {
    const int L = in.L;
    HeatmapView h = index_view(shaw_tutorial_index(L, L), lang);
    h.explain = [L, lang](int r, int c) -> std::string {
        if (r < 0 || c < 0 || r >= L || c >= L) return "";
        return say(lang, {"i = {i}, j = {j}: i − j = {dist}，加 max_len − 1 = {offset} 读表的第 {row} 行（不截断）",
                          "i = {i}, j = {j}: i − j = {dist}; adding max_len − 1 = {offset} reads table row {row} (no clipping)"},
                   {{"i", pos(r)}, {"j", pos(c)}, {"dist", integer(r - c)}, {"offset", pos(L - 1)}, {"row", pos(r - c + L - 1)}});
    };
    return make_view(say(lang, {"常见的简化写法：(i − j) + max_len − 1（max_len = L）", "Common tutorial form: (i − j) + max_len − 1 (max_len = L)"}), std::move(h),
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

    // Which distance each table row stands for, in both forms.
    const int rows_ref = 2 * k + 1, rows_tut = 2 * L - 1, rows = std::max(rows_ref, in.tutorial ? rows_tut : rows_ref);
    const int cols = in.tutorial ? 2 : 1;
    TableView table;
    table.values.resize(rows, cols);
    for (int r = 0; r < rows; ++r) {
        table.values(r, 0) = r < rows_ref ? shaw_reference_row_distance(r, k) : std::nan("");
        if (in.tutorial) table.values(r, 1) = r < rows_tut ? shaw_tutorial_row_distance(r, L) : std::nan("");
        table.row_labels.push_back(say(lang, {"第 {r} 行", "row {r}"}, {{"r", pos(r)}}));
    }
    table.col_labels = {say(lang, {"参考", "reference"})};
    if (in.tutorial) table.col_labels.push_back(say(lang, {"简化写法", "tutorial"}));
    table.col_decimals.assign(static_cast<std::size_t>(cols), 0);  // whole numbers; not `integer`: rows past a table's end are NaN ("—")
    table.decimals = 0;
    table.corner = say(lang, {"表的行", "table row"});
    std::vector<std::string> table_notes = {
        say(lang, {"表有 2k + 1 = {rows} 行，而 L = {L} 时距离有 2L − 1 = {distances} 种。",
                   "The table has 2k + 1 = {rows} rows while L = {L} has 2L − 1 = {distances} distances."},
            {{"rows", pos(2 * k + 1)}, {"L", pos(L)}, {"distances", pos(2 * L - 1)}}),
        say(lang, {"参考：第 0 行是 j − i = −k（最左），依次递增。", "Reference: row 0 is j − i = −k (farthest left), increasing."}),
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
        table_notes.push_back(say(lang, {"简化写法：第 0 行是 j − i = max_len − 1（最右），依次递减——与参考的顺序相反。",
                                         "Tutorial form: row 0 is j − i = max_len − 1 (farthest right), decreasing: the reverse of the reference."}));
    }
    out.push_back(make_view(say(lang, {"表的每一行代表的距离 j − i", "The distance j − i each table row stands for"}), std::move(table), table_notes));
    return out;
}

}  // namespace

Step clipped_index() {
    Step s = {
        "clipped-index",
        {"截断的索引：参考与简化写法", "Clipped index: reference and tutorial form"},
        {"超过 k 的距离被截断，远处的配对共用表两端的同一行。"
         "tensor2tensor 的 _generate_relative_positions_matrix 计算 clip(j − i, −k, k) + k，读一张 (2k+1) × d 的表："
         "超过 k 的距离被截断，远处的配对共用两端的同一个嵌入（拖动 k 看看）。"
         "常见的简化写法（教程中的代码）写的是 (i − j) + max_len − 1，不截断，表有 2·max_len − 1 行；它读表的顺序与参考互为镜像。"
         "本工具按参考实现计算，勾选 tutorial 显示简化写法作对比。",
         "Distances beyond k are clipped, so distant pairs share one table row at either end. "
         "The reference, tensor2tensor's _generate_relative_positions_matrix, computes clip(j − i, −k, k) + k and reads a "
         "(2k+1) × d table: distances beyond k are clipped, so distant pairs share the embedding at either end "
         "(drag k to see it). A common simplified version found in tutorials writes (i − j) + max_len − 1, unclipped, with a table of "
         "2·max_len − 1 rows, and reads that table in the mirror order of the reference. The widget follows the "
         "reference; tick tutorial to show the simplified version for comparison."},
        {"L", "clip", "tutorial"},
        views_of(read_inputs, clipped_index_views),
        {
         R"tex(\mathrm{idx}(i,j) = \operatorname{clip}(j - i,\ -k,\ k) + k \in \{0, \dots, 2k\})tex",
         {R"tex(\mathrm{idx}^{\text{教程}}(i,j) = (i - j) + \mathrm{max\_len} - 1)tex", R"tex(\mathrm{idx}^{\mathrm{tutorial}}(i,j) = (i - j) + \mathrm{max\_len} - 1)tex"}},
    };
    s.questions = {
        {{"截断距离为 k 时，相对位置表有多少行？", "With clipping distance k, how many rows does the relative table have?"},
         {{"2L − 1 行，每个距离一行", "2L − 1, one per distance"},
          {"2k + 1 行，与序列长度无关", "2k + 1, whatever the sequence length"},
          {"L 行，每个位置一行", "L, one per position"}},
         1,
         [](const ParamSet& p, Lang lang) {
             const Inputs in = read_inputs(p);
             const int L = in.L, k = in.k;
             const Eigen::MatrixXi distance = shaw_relative_distance(L);
             const long long clipped = (distance.array().abs() > k).count();
             return say(lang,
                        {"k = {k}：表有 2k + 1 = {rows} 行，对应 j − i = −{k}…{k}。L = {L} 的序列有 {distances} 个距离，"
                         "其中 {clipped} 对 (i, j) 的 |j − i| 超过 k，被截断后共用两端的行。",
                         "k = {k}: the table has 2k + 1 = {rows} rows, for j − i = −{k}…{k}. A sequence of L = {L} has "
                         "{distances} distances; {clipped} pairs (i, j) have |j − i| beyond k and share the end rows "
                         "after clipping."},
                        {{"k", integer(k)}, {"rows", integer(2LL * k + 1)}, {"L", integer(L)},
                         {"distances", integer(2LL * L - 1)}, {"clipped", integer(clipped)}});
         }},
        {{"两对位置的 j − i 分别是 k + 1 和 k + 5。它们读相对位置表的同一行吗？",
          "Two pairs have j − i = k + 1 and j − i = k + 5. Do they read the same row of the table?"},
         {{"是：两者都被截断到 k，读同一行 2k", "Yes: both clip to k and read row 2k"},
          {"不是：每个距离都有自己的行", "No: every distance has a row of its own"},
          {"不是：k + 5 超出了表，会报错", "No: k + 5 falls off the table and fails"}},
         0,
         [](const ParamSet& p, Lang lang) {
             const int k = read_inputs(p).k;
             const Eigen::MatrixXi index = shaw_relative_index(k + 6, k);  // row 0: j − i = j
             return say(lang,
                        {"k = {k}：tensor2tensor 计算 clip(j − i, −k, k) + k，j − i = {near} 得到第 {near_row} 行，"
                         "j − i = {far} 得到第 {far_row} 行。超过 k 的距离全都共用最后一行。",
                         "k = {k}: tensor2tensor computes clip(j − i, −k, k) + k; j − i = {near} reads row {near_row} "
                         "and j − i = {far} reads row {far_row}. Every distance beyond k shares the last row."},
                        {{"k", integer(k)}, {"near", integer(k + 1)}, {"far", integer(k + 5)},
                         {"near_row", integer(index(0, k + 1))}, {"far_row", integer(index(0, k + 5))}});
         }},
    };
    return s;
}

}  // namespace shaw_lesson
}  // namespace pelab
