// PE Lab — lessons/rope/additive_pe_loses_relative.cpp
// Lesson "rope", step "additive-pe-loses-relative": the sinusoid's own inner product pᵢᵀpⱼ is relative, but
// the position part of a score with additive PE, pᵢᵀ M pⱼ with M = W_qᵀW_k, is not for a learned dense M.
// Block-diagonal M follows (commuting_blocks.cpp), then why scaled rotations work (scaled_rotations_commute.cpp).
// Comments are English only: the font subset is built from the characters inside .cpp string literals.
//
// [SECTION] views
// [SECTION] the step
#include <algorithm>
#include <cmath>
#include <string>
#include <vector>

#include "lessons/lesson_util.h"
#include "lessons/rope/rope_lesson.h"

namespace pelab {
namespace rope_lesson {

using namespace lessonui;

// [SECTION] views
namespace {
// The Gram matrix pᵢᵀpⱼ (M = I) beside pᵢᵀ M pⱼ for a random dense M, each with its distance from Toeplitz.
std::vector<ViewData> additive_pe_views(const Inputs& in, Lang lang) {
    const int L = in.L, pairs = in.d / 2;
    const PositionKernels k = position_kernels(in);
    std::vector<Eigen::VectorXd> pe;
    for (int pos = 0; pos < L; ++pos) pe.push_back(sinusoid(pos, in));
    Eigen::MatrixXd gram(L, L);
    double gram_err = 0.0;
    for (int i = 0; i < L; ++i)
        for (int j = 0; j < L; ++j) {
            gram(i, j) = pe[i].dot(pe[j]);
            double cos_sum = 0.0;
            for (int q = 0; q < pairs; ++q) cos_sum += std::cos((j - i) * in.theta(q));
            gram_err = std::max(gram_err, std::fabs(gram(i, j) - cos_sum));
        }
    HeatmapView gram_heat = kernel_heatmap(gram, lang);
    // The axes are named in the title (one line less above the cells: the figures fit on the first screen).
    gram_heat.row_axis.clear();
    gram_heat.col_axis.clear();
    gram_heat.explain = [gram, L, lang](int r, int c) -> std::string {
        if (r < 0 || c < 0 || r >= L || c >= L) return "";
        return say(lang, {"p{i}ᵀp{j} = {value}；j − i = {delta}", "p{i}ᵀp{j} = {value}; j − i = {delta}"},
                   {{"i", sub(r)}, {"j", sub(c)}, {"value", num(gram(r, c))}, {"delta", integer(c - r)}});
    };
    // One line under the figure: both exact checks (the cosine sum, Toeplitz).
    const double toeplitz = toeplitz_residual(gram);
    std::vector<std::string> gram_notes = {
        say(lang, {"|pᵢᵀpⱼ − Σ_k cos((j − i)θ_k)| ≤ {err}，离 Toeplitz 的相对距离 {t}{hint}",
                   "|pᵢᵀpⱼ − Σ_k cos((j − i)θ_k)| ≤ {err}, relative Toeplitz distance {t}{hint}"},
            {{"err", exact(gram_err)}, {"t", exact(toeplitz)}, {"hint", rounding_hint(std::max(gram_err, toeplitz), lang)}}),
    };
    std::vector<std::string> dense_notes = {
        say_error(lang, {"离 Toeplitz 的相对距离：{err}{hint}", "Relative distance from Toeplitz: {err}{hint}"}, toeplitz_residual(k.dense)),
        say(lang, {"最大对角线极差：{spread}", "Largest spread along a diagonal: {spread}"}, {{"spread", num(largest_spread(k.dense), 4)}}),
        say(lang, {"e 是词元的内容嵌入；这里的 M 是随机的，代替训练出的 W_qᵀW_k。",
                   "e is the token's content embedding; M here is random, standing in for a trained W_qᵀW_k."}),
    };
    return {make_view(say(lang, {"正弦编码自身的内积 pᵢᵀpⱼ（行 i，列 j）", "The sinusoid's own pᵢᵀpⱼ (row i, column j)"}), std::move(gram_heat), std::move(gram_notes)),
            make_view(say(lang, {"pᵢᵀ M pⱼ，M 为学到的稠密矩阵", "pᵢᵀ M pⱼ for a learned dense M"}), kernel_heatmap(k.dense, lang),
                      std::move(dense_notes))};
}

}  // namespace

// [SECTION] the step
Step additive_pe_loses_relative_structure() {
    return {
        "additive-pe-loses-relative",
        {"加性正弦编码经过 W_q、W_k 后不再是相对的", "Additive sinusoidal PE stops being relative after W_q, W_k"},
        {"正弦编码自身的 pᵢᵀpⱼ 只依赖 j − i，分数里的位置项 pᵢᵀ M pⱼ 却不是。"
         "分数里只含位置的那一项是 pᵢᵀ M pⱼ，M = W_qᵀW_k 是学到的矩阵。"
         "正弦位置编码 pᵢ 的第 k 对是 (sin(iθ_k), cos(iθ_k))，θ_k = base^(−2k/d)，所以 pᵢᵀpⱼ = Σ_k cos((j − i)θ_k)：左图每条对角线一个值。"
         "模型把 p 加到内容嵌入 e 上，x = e + p，再用查询矩阵 W_q 和键矩阵 W_k 投影；分数 (W_q xᵢ)ᵀ(W_k xⱼ) 因此含有 pᵢᵀ M pⱼ 这一项。"
         "右图画出一个随机稠密 M（种子见右栏）的这一项：对角线上的值不再相同。",
         "The sinusoid's own pᵢᵀpⱼ depends on j − i alone, but the score's position term pᵢᵀ M pⱼ does not. "
         "The position-only part of a score is pᵢᵀ M pⱼ with a learned M = W_qᵀW_k. Pair k of the sinusoidal encoding pᵢ is "
         "(sin(iθ_k), cos(iθ_k)) with θ_k = base^(−2k/d), so pᵢᵀpⱼ = Σ_k cos((j − i)θ_k): the left heatmap has one "
         "value per diagonal. A model adds p to the content embedding e, x = e + p, and projects with the query "
         "and key matrices W_q and W_k; the score (W_q xᵢ)ᵀ(W_k xⱼ) therefore holds the term pᵢᵀ M pⱼ. The right "
         "heatmap draws that term for a random dense M (seed in the side column): its diagonals no longer hold one "
         "value each."},
        {"L", "d", "base", "seed"},
        views_of(read_inputs, additive_pe_views),
        {R"tex((W_q x_i)^\top W_k x_j=\dots+p_i^\top M\,p_j,\qquad x=e+p,\quad M=W_q^\top W_k)tex",
         R"tex(p_i^\top p_j=\sum_k\cos\bigl((j-i)\theta_k\bigr))tex"},
    };
}

}  // namespace rope_lesson
}  // namespace pelab
