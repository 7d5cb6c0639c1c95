// PE Lab — lessons/rope/additive_pe_loses_relative.cpp
// Lesson "rope", step "additive-pe-loses-relative": the sinusoid's own inner product pₘᵀpₙ is relative, but
// the position part of a score with additive PE, pₘᵀ M pₙ with M = W_qᵀW_k, is not for a learned dense M.
// Block-diagonal M follows (commuting_blocks.cpp), then why scaled rotations work (scaled_rotations_commute.cpp).
// Positions are m (query) and n (key), Δ = m − n; i numbers the frequency pairs.
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
// The Gram matrix pₘᵀpₙ (M = I) beside pₘᵀ M pₙ for a random dense M, each with its distance from Toeplitz.
std::vector<ViewData> additive_pe_views(const Inputs& in, Lang lang) {
    const int L = in.L, pairs = in.d / 2;
    const PositionKernels k = position_kernels(in);
    std::vector<Eigen::VectorXd> pe;
    for (int pos = 0; pos < L; ++pos) pe.push_back(sinusoid(pos, in));
    Eigen::MatrixXd gram(L, L);
    double gram_err = 0.0;
    for (int m = 0; m < L; ++m)
        for (int n = 0; n < L; ++n) {
            gram(m, n) = pe[m].dot(pe[n]);
            double cos_sum = 0.0;
            for (int i = 0; i < pairs; ++i) cos_sum += std::cos((m - n) * in.theta(i));
            gram_err = std::max(gram_err, std::fabs(gram(m, n) - cos_sum));
        }
    HeatmapView gram_heat = kernel_heatmap(gram, lang);
    // The axes are named in the title (one line less above the cells: the figures fit on the first screen).
    gram_heat.row_axis.clear();
    gram_heat.col_axis.clear();
    gram_heat.explain = [gram, L, lang](int r, int c) -> std::string {
        if (r < 0 || c < 0 || r >= L || c >= L) return "";
        return say(lang, {"p{m}ᵀp{n} = {value}；Δ = m − n = {delta}", "p{m}ᵀp{n} = {value}; Δ = m − n = {delta}"},
                   {{"m", sub(r)}, {"n", sub(c)}, {"value", num(gram(r, c))}, {"delta", integer(r - c)}});
    };
    // One line under the figure: both exact checks (the cosine sum, Toeplitz).
    const double toeplitz = toeplitz_residual(gram);
    std::vector<std::string> gram_notes = {
        say(lang, {"|pₘᵀpₙ − Σᵢ cos(Δθᵢ)| ≤ {err}，离 Toeplitz 的相对距离 {t}{hint}",
                   "|pₘᵀpₙ − Σᵢ cos(Δθᵢ)| ≤ {err}, off Toeplitz by {t}{hint}"},
            {{"err", exact(gram_err)}, {"t", exact(toeplitz)}, {"hint", rounding_hint(std::max(gram_err, toeplitz), lang)}}),
    };
    std::vector<std::string> dense_notes = {
        say_error(lang, {"离 Toeplitz 的相对距离：{err}{hint}", "Relative distance from Toeplitz: {err}{hint}"}, toeplitz_residual(k.dense)),
        say(lang, {"最大对角线极差：{spread}", "Largest spread along a diagonal: {spread}"}, {{"spread", num(largest_spread(k.dense), 4)}}),
        say(lang, {"这里的 M 是随机的，代替训练出的 W_qᵀW_k：它把不同对的 sin、cos 坐标任意混合。",
                   "M here is random, standing in for a trained W_qᵀW_k: it mixes the sin and cos coordinates of all pairs freely."}),
    };
    return {make_view(say(lang, {"正弦编码自身的内积 pₘᵀpₙ（行 m，列 n）", "The sinusoids' own pₘᵀpₙ (row m, column n)"}), std::move(gram_heat), std::move(gram_notes)),
            make_view(say(lang, {"pₘᵀ M pₙ，M 为学到的稠密矩阵", "pₘᵀ M pₙ for a learned dense M"}), kernel_heatmap(k.dense, lang),
                      std::move(dense_notes))};
}

}  // namespace

// [SECTION] the step
Step additive_pe_loses_relative_structure() {
    Step s{
        "additive-pe-loses-relative",
        {"加上的正弦编码经过 W_q、W_k 后不再是相对的", "Added sinusoids stop being relative after W_q, W_k"},
        {"模型把正弦[[absolute-position|位置]]向量 pₘ 加到位置 m 上词元的内容嵌入 e 上，x = e + p，再用查询矩阵 W_q 和键矩阵 W_k 投影，"
         "所以分数 (W_q xₘ)ᵀ(W_k xₙ) 含有只看位置的一项 pₘᵀ M pₙ，M = W_qᵀW_k。"
         "pₘ 的第 i 对是 (sin(mθᵢ), cos(mθᵢ))，所以 pₘᵀpₙ = Σᵢ cos(Δθᵢ)，即正弦编码的 [[gram-matrix|Gram 矩阵]]：左图。"
         "右图画出一个随机稠密 M（种子见右栏）的 pₘᵀ M pₙ。",
         "A model adds the sinusoidal [[absolute-position|position]] vector pₘ to the content embedding e of the token "
         "at m, x = e + p, and projects with the query and key matrices W_q and W_k, so the score (W_q xₘ)ᵀ(W_k xₙ) "
         "holds the position-only term pₘᵀ M pₙ with M = W_qᵀW_k. Pair i of pₘ is (sin(mθᵢ), cos(mθᵢ)), so "
         "pₘᵀpₙ = Σᵢ cos(Δθᵢ), the sinusoids' [[gram-matrix|Gram matrix]]: the left heatmap. The right heatmap draws "
         "pₘᵀ M pₙ for a random dense M (seed in the side column)."},
        {"L", "d", "base", "seed"},
        views_of(read_inputs, additive_pe_views),
        {R"tex((W_q x_m)^\top W_k x_n=\dots+p_m^\top M\,p_n,\qquad x=e+p,\quad M=W_q^\top W_k)tex",
         R"tex(p_m^\top p_n=\textstyle\sum_i\cos(\Delta\theta_i),\qquad \Delta=m-n)tex"},
    };
    s.takeaway = {"pₘᵀpₙ 每条对角线一个值；M 混合各对的 sin、cos，sin(mθᵢ)cos(nθⱼ) 这类乘积随 m、n 本身变化，不只看 Δ：pₘᵀ M pₙ 离 [[toeplitz|Toeplitz]] {dist}。",
                  "pₘᵀpₙ holds one value per diagonal, but M mixes the pairs' sin and cos, and a product like "
                  "sin(mθᵢ)cos(nθⱼ) changes with m and n, not only with Δ: pₘᵀ M pₙ is {dist} from [[toeplitz|Toeplitz]]."};
    s.takeaway_args = args_of(read_inputs, +[](const Inputs& in, Lang) {
        return std::vector<Arg>{{"dist", num(toeplitz_residual(position_kernels(in).dense), 3)}};
    });
    return s;
}

}  // namespace rope_lesson
}  // namespace pelab
