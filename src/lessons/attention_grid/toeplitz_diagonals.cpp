// PE Lab — lessons/attention_grid/toeplitz_diagonals.cpp
// Step "toeplitz-diagonals" of attention-grid: equal Δ share a diagonal, so a rule of Δ alone is a Toeplitz
// matrix, checked for every Δ. The step, then its views builder.
// Comments are English only: the font subset is built from the characters inside this file's strings.
//
// [SECTION] Toeplitz diagonals
#include <algorithm>
#include <cmath>
#include <string>
#include <vector>

#include "core/relative/attention_grid.h"
#include "core/relative/f_delta.h"
#include "lessons/attention_grid/attention_grid_lesson.h"
#include "lessons/lesson_util.h"

namespace pelab {
namespace attention_grid_lesson {

using namespace lessonui;  // shared display helpers (lessons/lesson_util.h)

// [SECTION] Toeplitz diagonals
static std::vector<ViewData> toeplitz_views(const Inputs& in, Lang lang);

Step toeplitz_diagonals() {
    Step s{
        "toeplitz-diagonals",
        {"相同的 Δ 在同一条对角线上：Toeplitz", "Equal Δ share a diagonal: Toeplitz"},
        {"每条对角线上只有一个值 a_Δ 的矩阵叫 [[toeplitz|Toeplitz 矩阵]]；热力图按 Δ = q − k 给每条对角线着色。"
         "只依赖 Δ 的规则给一条对角线上的所有格子同一个值，所以它的矩阵是 Toeplitz 矩阵。"
         "表格对每个 Δ 检查规则矩阵的对角线是否为常数：极差是一条对角线上最大值减最小值。",
         "A matrix whose every diagonal holds one value a_Δ is called [[toeplitz|Toeplitz]]; the heatmap colours each "
         "diagonal by its Δ = q − k. A rule that depends only on Δ gives every cell of a diagonal the same value, so its "
         "matrix is Toeplitz. The table checks for every Δ that the rule's diagonals are constant: a diagonal's spread "
         "is its largest value minus its smallest."},
        {"N", "delta"},
        views_of(read_inputs, toeplitz_views),
        {
         R"tex(A[q,k] = a_{q-k})tex",
         R"tex(A[q+1,\,k+1] = A[q,k])tex"},
    };
    s.takeaway = {"只看 Δ 的规则在每条对角线上都是常数（最大极差 {worst}），因为向下再向右一格，q 和 k 都加 1，q − k 不变。",
                  "Every rule of Δ alone is constant along each diagonal (largest spread {worst}), because a step down "
                  "and right adds 1 to both q and k and leaves q − k unchanged."};
    s.takeaway_args = args_of(read_inputs, +[](const Inputs& in, Lang) {
        double worst = 0.0;
        for (int d = -(in.N - 1); d <= in.N - 1; ++d) worst = std::max(worst, diagonal_spread(attention_rule_1d(in.N, d)).maxCoeff());
        return std::vector<Arg>{{"worst", num(worst, 4)}};
    });
    return s;
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
    table.col_labels = {say(lang, {"对角线格数", "cells on diagonal"}), say(lang, {"点亮格数", "lit cells"}),
                        say(lang, {"对角线极差", "largest diagonal spread"})};
    table.integer = true;
    table.decimals = 0;
    table.corner = say(lang, {"规则", "rule"});
    return {make_view(say(lang, {"每条对角线按 Δ = q − k 着色", "Every diagonal coloured by Δ = q − k"}), heat),
            make_view(say(lang, {"每个 Δ 的规则：点亮格数与对角线极差", "Each rule Δ: lit cells, diagonal spread"}), table,
                      {say(lang, {"所有规则、所有对角线的最大极差 = {worst}：每条对角线都是常数，即 Toeplitz 矩阵。",
                                  "Largest spread over every rule and diagonal = {worst}: every diagonal is constant, i.e. a Toeplitz matrix."},
                           {{"worst", num(worst, 4)}}),
                       say(lang, {"N = {N} 时 Δ 有 2N − 1 = {count} 个取值。", "N = {N}: Δ takes 2N − 1 = {count} values."},
                           {{"N", integer(N)}, {"count", integer(2 * N - 1)}})})};
}

}  // namespace attention_grid_lesson
}  // namespace pelab
