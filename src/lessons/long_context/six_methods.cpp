// PE Lab — lessons/long_context/six_methods.cpp
// Lesson "long-context", step "six-methods", the closing comparison's first part: the six position methods'
// matrices at one L (shared with step "learned-and-clipped"), and the three fixed functions of j − i — the
// sinusoid's Gram matrix, ALiBi's bias and RoPE's score of q = k = 1 — each as an L×L heatmap whose hover
// gives every method's value at that cell. The costs table is step "method-costs".
// Comments are English only: the font subset is built from the characters inside the .cpp strings.
//
// [SECTION] the six matrices
// [SECTION] the heatmaps
// [SECTION] the views
// [SECTION] the step
#include <algorithm>
#include <cmath>
#include <limits>

#include "core/alibi.h"
#include "core/pe_compare.h"
#include "core/rope.h"
#include "core/shaw.h"
#include "core/sinusoidal.h"
#include "core/t5.h"
#include "lessons/lesson_util.h"
#include "lessons/long_context/long_context.h"

namespace pelab {
namespace long_context {

using namespace lessonui;

// [SECTION] the six matrices
SixMatrices six_matrices(const Inputs& in) {
    SixMatrices s;
    const int L = in.alibi_L, d = in.d;
    s.L = L;
    const Eigen::MatrixXd pe = sinusoidal_pe(L, d, in.base, PeVariant::vaswani);
    s.sinusoid = gram_matrix(pe);
    s.learned = gram_matrix(learnable_pe_table(L, d, static_cast<std::uint64_t>(in.seed)));
    const Eigen::MatrixXi clipped = shaw_relative_index(L, in.clip);
    s.shaw = (clipped.array() - in.clip).cast<double>().matrix();
    s.max_distance = std::max(in.max_distance, t5_max_exact(in.num_buckets, true) + 1);
    s.t5 = t5_bucket_matrix(L, in.num_buckets, s.max_distance, true).cast<double>();
    const std::vector<double> slopes = alibi_slopes(in.heads);
    s.slope = slopes[static_cast<std::size_t>(std::clamp(in.head, 0, in.heads - 1))];
    s.alibi = alibi_bias(L, s.slope, in.alibi_mode());
    for (Eigen::Index i = 0; i < s.alibi.size(); ++i)
        if (std::isinf(s.alibi.data()[i])) s.alibi.data()[i] = std::numeric_limits<double>::quiet_NaN();
    const Eigen::VectorXd ones = Eigen::VectorXd::Ones(d);
    s.rope = rope_scores(L, rope_default_inv_freq(d, in.base), ones, ones, RopeLayout::interleaved);
    return s;
}

// [SECTION] the heatmaps
// The hover of every heatmap: the cell's positions and what each of the six methods puts there.
static std::string explain_cell(const SixMatrices& s, int r, int c, Lang lang) {
    if (r < 0 || c < 0 || r >= s.L || c >= s.L) return "";
    const double a = s.alibi(r, c);
    const std::string alibi = std::isnan(a) ? say(lang, {"被掩蔽（未来的键）", "masked (a future key)"}) : num(a, 4);
    return say(lang,
               {"i = {i}，j = {j}，j − i = {delta}：正弦 Gram {sin}；可学习 Gram {learned}；Shaw 截断距离 {shaw}；T5 桶 {t5}；"
                "ALiBi 偏置 {alibi}；RoPE（q = k = 1）{rope}",
                "i = {i}, j = {j}, j − i = {delta}: sinusoidal Gram {sin}; learned Gram {learned}; Shaw clipped distance "
                "{shaw}; T5 bucket {t5}; ALiBi bias {alibi}; RoPE (q = k = 1) {rope}"},
               {{"i", integer(r)},
                {"j", integer(c)},
                {"delta", integer(c - r)},
                {"sin", num(s.sinusoid(r, c), 4)},
                {"learned", num(s.learned(r, c), 4)},
                {"shaw", integer(static_cast<long long>(s.shaw(r, c)))},
                {"t5", integer(static_cast<long long>(s.t5(r, c)))},
                {"alibi", alibi},
                {"rope", num(s.rope(r, c), 4)}});
}

ViewData method_heatmap(const SixMatrices& s, const Eigen::MatrixXd& M, std::string title, bool integer_cells, Lang lang) {
    HeatmapView h = qk_matrix(M, lang);
    h.row_axis = say(lang, {"查询位置 i", "query position i"});
    h.col_axis = say(lang, {"键位置 j", "key position j"});
    h.integer = integer_cells;
    h.is_signed = (M.array() < 0).any();  // NaN compares false: masked cells do not count
    h.decimals = 2;
    h.explain = [s, lang](int r, int c) { return explain_cell(s, r, c, lang); };
    Eigen::MatrixXd finite = M;
    for (Eigen::Index i = 0; i < finite.size(); ++i)
        if (std::isnan(finite.data()[i])) finite.data()[i] = 0.0;  // masked cells: no diagonal structure to judge
    const double r = toeplitz_residual(finite);
    std::vector<std::string> notes = {say(lang, {"离 Toeplitz（只依赖 j − i）的相对残差：{r}", "Relative distance from Toeplitz (a function of j − i alone): {r}"},
                                          {{"r", num(r, 3)}})};
    return make_view(std::move(title), std::move(h), std::move(notes));
}

// [SECTION] the views
static std::vector<ViewData> six_methods_views(const Inputs& in, Lang lang) {
    const SixMatrices s = six_matrices(in);
    return {method_heatmap(s, s.sinusoid, say(lang, {"正弦：Gram 矩阵 pᵢᵀpⱼ", "Sinusoidal: Gram matrix pᵢᵀpⱼ"}), false, lang),
            method_heatmap(s, s.alibi,
                           say(lang, {"ALiBi：第 {h} 个头的偏置，斜率 {m}", "ALiBi: bias of head {h}, slope {m}"},
                               {{"h", integer(std::clamp(in.head, 0, in.heads - 1))}, {"m", num(s.slope, 4)}}),
                           false, lang),
            method_heatmap(s, s.rope, say(lang, {"RoPE：q = k = 1 时的分数", "RoPE: the score of q = k = 1"}), false, lang)};
}

// [SECTION] the step
Step six_methods() {
    return {
        "six-methods",
        {"六种方法之一：距离的固定函数", "Six methods, 1: fixed functions of distance"},
        {"正弦、ALiBi 和 RoPE 都是 j − i 的固定函数，对任何距离都有定义，所以超出训练长度时仍能计算；区别只在模型是否见过那些值。"
         "这一步和后面两步把课程里的六种位置方法（[[lesson:absolute-pe|正弦与可学习的绝对位置]]、[[lesson:shaw|Shaw]]、[[lesson:t5-bias|T5]]、ALiBi 和 [[lesson:rope|RoPE]]）放在同一个 L 上比较。三张热力图分别是正弦编码的 Gram 矩阵 pᵢᵀpⱼ（pᵢ 是位置 i 的编码向量）、"
         "所选 ALiBi 头的偏置和 RoPE 在 q = k = 1 时的分数；每张图下的残差量出它离“只依赖 j − i”（Toeplitz）有多远。"
         "把鼠标放在格子上，提示给出 i、j、j − i 以及六种方法在这个格子的值。",
         "Sinusoidal, ALiBi and RoPE are fixed functions of j − i, defined beyond L too but never seen there. This "
         "step and the next two compare the course's six position methods ([[lesson:absolute-pe|sinusoidal and learned absolute]], "
         "[[lesson:shaw|Shaw]], [[lesson:t5-bias|T5]], ALiBi and [[lesson:rope|RoPE]]) at one L. The three heatmaps are the "
         "sinusoidal encoding's Gram matrix pᵢᵀpⱼ (pᵢ is position i's encoding vector), the chosen ALiBi head's "
         "bias and RoPE's score of q = k = 1; the residual under each measures how far it is from depending on "
         "j − i alone (Toeplitz). Hover over a cell: the tooltip gives i, j, j − i and all six methods' values "
         "there."},
        {"d", "base", "L", "heads", "head", "mode"},
        views_of(read_inputs, six_methods_views),
        {R"tex(G_{ij}=p_i^\top p_j=\sum_k\cos\bigl((j-i)\,\theta_k\bigr))tex",
         R"tex(\mathrm{ALiBi}:\ -m\,|i-j|,\qquad \mathrm{RoPE}:\ \sum_i 2\cos\bigl((j-i)\,\theta_i\bigr))tex"},
    };
}

}  // namespace long_context
}  // namespace pelab
