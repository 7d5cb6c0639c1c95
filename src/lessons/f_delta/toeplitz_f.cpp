// PE Lab — lessons/f_delta/toeplitz_f.cpp
// Step "toeplitz-f" of f-delta: filling F[q,k] = f(q − k) makes every diagonal constant, a Toeplitz matrix,
// checked diagonal by diagonal. Its own table builder, the views builder, then the step with its question.
// Comments are English only: the font subset is built from the characters inside this file's strings.
//
// [SECTION] views: F and its diagonals
// [SECTION] the step and its question
#include <string>
#include <vector>

#include "core/relative/f_delta.h"
#include "lessons/f_delta/f_delta_lesson.h"
#include "lessons/lesson_util.h"

namespace pelab {
namespace fdelta {

using namespace lessonui;  // shared display helpers (lessons/lesson_util.h)

// [SECTION] views: F and its diagonals
// Smallest, largest entry and their spread on every diagonal of M.
ViewData diagonal_table(const Eigen::MatrixXd& M, Lang lang) {
    const std::vector<DiagonalStats> stats = diagonal_stats(M);
    TableView t;
    t.values.resize(static_cast<Eigen::Index>(stats.size()), 4);
    for (std::size_t i = 0; i < stats.size(); ++i) {
        const Eigen::Index row = static_cast<Eigen::Index>(i);
        t.values(row, 0) = stats[i].count;
        t.values(row, 1) = stats[i].min;
        t.values(row, 2) = stats[i].max;
        t.values(row, 3) = stats[i].spread();
        t.row_labels.push_back(delta_label(stats[i].delta));
    }
    t.col_labels = {say(lang, {"个数", "cells"}), say(lang, {"最小值", "min"}), say(lang, {"最大值", "max"}),
                    say(lang, {"极差", "spread"})};
    t.corner = "Δ";
    t.decimals = 4;
    t.col_decimals = {0, -1, -1, -1};  // cell counts are whole numbers
    return make_view(say(lang, {"逐条对角线检查", "Diagonal by diagonal"}), std::move(t));
}


std::vector<ViewData> toeplitz_views(const Model& in, Lang lang) {
    const Eigen::MatrixXd F = cosine_f_matrix(in);
    ViewData heat = readout_heatmap("F[q,k] = f(q − k)", in, cosine_readout(n_freq(in)), lang, false);
    ViewData table = diagonal_table(F, lang);
    const double spread = largest_spread(F);
    table.notes.push_back(spread == 0.0 ? say(lang,
                                              {"所有对角线中最大的极差：{spread}，所以 F 是 Toeplitz 矩阵。",
                                               "Largest spread along any diagonal: {spread}, so F is a Toeplitz matrix."},
                                              {{"spread", exact(spread)}})
                                        : say(lang, {"所有对角线中最大的极差：{spread}", "Largest spread along any diagonal: {spread}"},
                                              {{"spread", exact(spread)}}));
    table.notes.push_back(say(lang,
                              {"F 有 {cells} 个格子，但只有 {diagonals} 条对角线，也就只有这么多个不同的值。",
                               "F has {cells} cells but only {diagonals} diagonals, hence at most that many different values."},
                              {{"cells", integer(in.L * in.L)}, {"diagonals", integer(2 * in.L - 1)}}));
    return {heat, table};
}

// [SECTION] the step and its question
Step toeplitz_f() {
    Step s = {
        "toeplitz-f",
        {"填出 F：Toeplitz 矩阵", "Filling F: a Toeplitz matrix"},
        {
        "填格子 (q, k) 时，先算 Δ = q − k，再写入 f(Δ)；每条对角线都是常数的矩阵叫 [[toeplitz|Toeplitz 矩阵]]。"
        "同一条对角线上的格子 Δ 相同，得到的数也完全相同。表格逐条对角线给出最小值、最大值和极差（最大减最小）来检验这一点。",
        "To fill cell (q, k), compute Δ = q − k and write f(Δ) there; a matrix whose every diagonal is constant is "
        "called [[toeplitz|Toeplitz]]. All cells on a diagonal share their Δ, so they receive exactly the same number. "
        "The table checks this diagonal by diagonal with the smallest and largest entry and their spread (largest minus "
        "smallest)."},
        {"L", "omega"},
        views_of(read_model, toeplitz_views),
        {
         R"tex(F[q,k] = f(q - k))tex",
         R"tex(F[q+1,\,k+1] = F[q,k])tex"},
    };
    s.questions = {
        {{"F[0,1] 和 F[1,2] 在同一条对角线上。两者相比如何？",
          "F[0,1] and F[1,2] lie on the same diagonal. How do they compare?"},
         {{"相等：两格的 Δ 都是 −1", "Equal: both cells have Δ = −1"},
          {"F[1,2] 更大，因为它离开头更远", "F[1,2] is larger, being further from the start"},
          {"取决于 ω，可能相等也可能不等", "It depends on ω; they may or may not be equal"}},
         0,
         [](const ParamSet& p, Lang lang) {
             const Eigen::VectorXd omega = read_model(p).omega;
             const double f = f_kernel(-1.0, omega, cosine_readout(static_cast<int>(omega.size())));
             return say(lang,
                        {"两格都有 Δ = q − k = −1，所以都写入 f(−1) = {f}。一个格子只通过 Δ 依赖 q 和 k，"
                         "所以不管 ω 取什么，这条对角线上的每个格子都相同。",
                         "Both cells have Δ = q − k = −1, so both hold f(−1) = {f}. A cell depends on q and k only "
                         "through Δ, so every cell of this diagonal is the same, whatever ω is."},
                        {{"f", num(f)}});
         }},
    };
    s.takeaway = {"F 的对角线都是常数（极差 {spread}）：格子 (q, k) 填 f(q − k)，而一条对角线上 q − k 相同，所以 F 是 Toeplitz 矩阵。",
                  "Every diagonal of F is constant (largest spread {spread}), because cell (q, k) receives f(q − k) and "
                  "q − k is the same all along a diagonal: F is Toeplitz."};
    s.takeaway_args = args_of(read_model, +[](const Model& in, Lang) {
        return std::vector<Arg>{{"spread", exact(largest_spread(cosine_f_matrix(in)))}};
    });
    return s;
}

}  // namespace fdelta
}  // namespace pelab
