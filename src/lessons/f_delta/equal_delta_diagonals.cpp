// PE Lab — lessons/f_delta/equal_delta_diagonals.cpp
// Step "equal-delta-diagonals" of f-delta: the L² cells share only 2L−1 values of Δ, one per diagonal;
// the table counts the cells on each. The views builder, then the step with its question.
// Comments are English only: the font subset is built from the characters inside this file's strings.
//
// [SECTION] views: the diagonals of Δ and their cell counts
// [SECTION] the step and its question
#include <string>
#include <vector>

#include "core/relative/f_delta.h"
#include "lessons/f_delta/f_delta_lesson.h"
#include "lessons/lesson_util.h"

namespace pelab {
namespace fdelta {

using namespace lessonui;  // shared display helpers (lessons/lesson_util.h)

// [SECTION] views: the diagonals of Δ and their cell counts

std::vector<ViewData> diagonals_views(const Model& in, Lang lang) {
    const int L = in.L;
    ViewData heat = delta_heatmap(in, lang, true);
    heat.heatmap().highlight_delta = L > 1 ? 1 : 0;

    const std::vector<DiagonalStats> stats = diagonal_stats(delta_matrix(L));
    TableView t;
    t.integer = true;
    t.decimals = 0;
    t.values.resize(static_cast<Eigen::Index>(stats.size()), 2);
    long long total = 0;
    for (std::size_t i = 0; i < stats.size(); ++i) {
        t.values(static_cast<Eigen::Index>(i), 0) = stats[i].delta;
        t.values(static_cast<Eigen::Index>(i), 1) = stats[i].count;
        t.row_labels.push_back(delta_label(stats[i].delta));
        total += stats[i].count;
    }
    t.col_labels = {"Δ", say(lang, {"格子数", "cells"})};
    t.corner = say(lang, {"对角线", "diagonal"});
    const std::vector<std::string> notes = {
        say(lang, {"Δ 共有 2L−1 = {count} 个取值，从 {lo} 到 {hi}。", "Δ takes 2L−1 = {count} values, from {lo} to {hi}."},
            {{"count", integer(static_cast<long long>(stats.size()))}, {"lo", integer(-(L - 1))}, {"hi", integer(L - 1)}}),
        say(lang,
            {"对角线 Δ 上有 L − |Δ| 个格子；所有对角线合计 {total} 个格子 = L²。",
             "Diagonal Δ has L − |Δ| cells; all diagonals together hold {total} cells = L²."},
            {{"total", integer(total)}}),
    };
    return {heat, make_view(say(lang, {"每个 Δ 的格子数", "Cells per Δ"}), std::move(t), notes)};
}

// [SECTION] the step and its question
Step equal_delta_diagonals() {
    Step s = {
        "equal-delta-diagonals",
        {"相同的 Δ 落在同一条对角线上", "Equal Δ lie on one diagonal"},
        {
        "位置取 0…L−1 时，Δ 从 −(L−1) 到 L−1，对角线 Δ 上有 L − |Δ| 个格子。"
        "把鼠标移到格子上可以看到它所在的对角线；表格统计了每条对角线上的格子数。",
        "With positions 0…L−1, Δ runs from −(L−1) to L−1, and diagonal Δ holds L − |Δ| cells. Hover a cell to "
        "outline its diagonal; the table counts the cells on each."},
        {"L"},
        views_of(read_model, diagonals_views),
        {
         R"tex(\Delta = q - k \in \{-(L-1), \dots, L-1\})tex",
         R"tex(\#\{(q,k) : q - k = \Delta\} = L - |\Delta|)tex"},
        // Playing grows L: each new row and column adds one diagonal at each end, 2L − 1 in all.
        {"L", 2, 16, 2},
    };
    s.questions = {
        {{"如果 F[q,k] 只依赖 Δ，L 个位置的 F 最多能有多少个不同的值？",
          "If F[q,k] depends only on Δ, how many different values can F hold at most with L positions?"},
         {{"L² 个，每个格子一个", "L², one per cell"},
          {"2L − 1 个，每条对角线一个", "2L − 1, one per diagonal"},
          {"L 个，每行一个", "L, one per row"}},
         1,
         [](const ParamSet& p, Lang lang) {
             const int L = read_model(p).L;
             return say(lang,
                        {"L = {L} 时 F 有 {cells} 个格子，却只有 {diagonals} 条对角线；同一条对角线上的格子 Δ 相同，"
                         "因此值也相同，所以 F 最多有 {diagonals} 个不同的值。",
                         "With L = {L}, F has {cells} cells but only {diagonals} diagonals; the cells of one "
                         "diagonal share Δ and hence their value, so F holds at most {diagonals} different values."},
                        {{"L", integer(L)}, {"cells", count_text(1LL * L * L, lang)}, {"diagonals", integer(2LL * L - 1)}});
         }},
    };
    s.takeaway = {"{cells} 个格子只有 {count} 个不同的 Δ，每条对角线一个：向下再向右一格，q 和 k 都加 1，Δ = q − k 不变。",
                  "The {cells} cells hold only {count} values of Δ, one per diagonal: a step down and a step right adds 1 "
                  "to both q and k, so Δ = q − k stays the same."};
    s.takeaway_args = args_of(read_model, +[](const Model& in, Lang) {
        return std::vector<Arg>{{"cells", integer(1LL * in.L * in.L)}, {"count", integer(2LL * in.L - 1)}};
    });
    return s;
}

}  // namespace fdelta
}  // namespace pelab
