// PE Lab — lessons/absolute_pe/relative_inside_absolute.cpp
// Step "relative-inside-absolute" of absolute-pe: one matrix M_k, the same for every p, gives
// PE(p + k) = M_k·PE(p), and the Gram matrix of the code depends on p − q only. Its views, then the step with
// its question.
// Comments are English only: the font subset is built from the characters inside this file's strings.
//
// [SECTION] relative information inside an absolute code
#include <algorithm>
#include <cmath>
#include <string>
#include <vector>

#include "core/f_delta.h"
#include "lessons/absolute_pe/absolute_pe.h"
#include "lessons/lesson_util.h"

namespace pelab {
namespace absolute_pe {

using namespace lessonui;

// [SECTION] relative information inside an absolute code
namespace {

std::vector<ViewData> relative_views(const Inputs& in, Lang lang) {
    const int d = in.d, pos = in.pos, k = in.shift;
    const Eigen::MatrixXd M = sinusoidal_shift_matrix(k, d, in.base, PeVariant::vaswani);
    const Eigen::VectorXd pe = sinusoidal_pe_row(pos, d, in.base, PeVariant::vaswani);
    const Eigen::VectorXd moved = M * pe;
    const Eigen::VectorXd target = sinusoidal_pe_row(pos + k, d, in.base, PeVariant::vaswani);

    // A heatmap, so that the block-diagonal shape is the first thing seen; the cells carry the values.
    HeatmapView mk;
    mk.values = without_rounding_noise(to_rows(M));
    mk.row_labels = pe_column_labels(d, PeVariant::vaswani);
    mk.col_labels = index_labels(d);
    mk.is_signed = true;
    mk.decimals = 3;
    mk.explain = [Mr = mk.values, k, lang](int r, int c) -> std::string {
        if (r < 0 || c < 0 || r >= Mr.rows() || c >= Mr.cols()) return "";
        if (r / 2 != c / 2)
            return say(lang, {"M_k[{r}][{c}] = 0：不同频率互不混合（分块之外）", "M_k[{r}][{c}] = 0: different frequencies do not mix (outside the blocks)"},
                       {{"r", pos_text(r)}, {"c", pos_text(c)}});
        return say(lang, {"M_k[{r}][{c}] = {v}：频率 {i} 的 2×2 块，转过 k·ω{s}（k = {k}）",
                          "M_k[{r}][{c}] = {v}: the 2×2 block of frequency {i}, a turn by k·ω{s} (k = {k})"},
                   {{"r", pos_text(r)}, {"c", pos_text(c)}, {"v", num(Mr(r, c))}, {"i", pos_text(r / 2)}, {"s", sub(r / 2)}, {"k", integer(k)}});
    };

    TableView check;
    check.values.resize(3, d);
    check.values.row(0) = pe.transpose();
    check.values.row(1) = moved.transpose();
    check.values.row(2) = target.transpose();
    check.values = without_rounding_noise(check.values);
    check.row_labels = {"PE(" + pos_text(pos) + ")", "M_k·PE(" + pos_text(pos) + ")", "PE(" + integer(pos + k) + ")"};
    check.col_labels = index_labels(d);
    check.decimals = 6;
    std::vector<std::string> check_notes = {difference_note(
            lang, max_abs(moved - target), {"最大的 |M_k·PE(p) − PE(p + k)| = {diff}", "Largest |M_k·PE(p) − PE(p + k)| = {diff}"},
            {"最大的 |M_k·PE(p) − PE(p + k)| = {diff}（浮点舍入误差）", "Largest |M_k·PE(p) − PE(p + k)| = {diff} (floating-point rounding)"})};
    if (pos + k < 0)
        check_notes.push_back(say(lang, {"p + k < 0 在序列之外，但公式仍然有定义。", "p + k < 0 lies outside the sequence, but the formula is still defined."}));

    const int L = std::min(in.L, 128);
    const Eigen::MatrixXd G = gram_matrix(sinusoidal_pe(L, in.d_model, in.base, in.variant));
    HeatmapView gram = qk_view(G, lang);
    gram.row_axis = say(lang, {"位置 p", "position p"});
    gram.col_axis = say(lang, {"位置 q", "position q"});
    gram.explain = [G, L, lang](int r, int c) -> std::string {
        if (r < 0 || c < 0 || r >= L || c >= L) return "";
        return say(lang, {"G[{p}][{q}] = PE({p})·PE({q}) = Σ cos((p − q)ω_i) = {value}，p − q = {diff}",
                          "G[{p}][{q}] = PE({p})·PE({q}) = Σ cos((p − q)ω_i) = {value}, p − q = {diff}"},
                   {{"p", pos_text(r)}, {"q", pos_text(c)}, {"value", num(G(r, c))}, {"diff", integer(r - c)}});
    };
    std::vector<std::string> gram_notes = {
        difference_note(lang, diagonal_spread(G).maxCoeff(),
                        {"沿每条对角线的最大极差 = {diff}：G 只依赖 p − q。", "Largest spread along any diagonal = {diff}: G depends on p − q only."},
                        {"沿每条对角线的最大极差 = {diff}（浮点舍入误差）：G 只依赖 p − q。",
                         "Largest spread along any diagonal = {diff} (floating-point rounding): G depends on p − q only."}),
        say(lang, {"对角线上 G[p][p] = d/2 = {half}。", "On the main diagonal G[p][p] = d/2 = {half}."}, {{"half", num(G(0, 0))}}),
    };
    if (L > 128 || in.L > 128) gram_notes.push_back(say(lang, {"Gram 矩阵只画前 128 个位置。", "The Gram matrix shows the first 128 positions."}));

    CurveView decay;
    decay.y_axis = "G";
    decay.x_axis = "Δ";
    std::vector<double> ys;
    for (int delta = 0; delta < L; ++delta) {
        decay.x.push_back(delta);
        ys.push_back(G(0, delta));
    }
    decay.series.push_back(ys);
    decay.series_labels.push_back("PE(0)·PE(Δ)");
    return {make_view(say(lang, {"M_k（k = {k}）", "M_k (k = {k})"}, {{"k", integer(k)}}), std::move(mk),
                      {say(lang, {"分块对角：每个频率一个 2×2 旋转块 {block}，与 p 无关。", "Block-diagonal: one 2×2 rotation block {block} per frequency, independent of p."},
                           {{"block", "[[cos kω, sin kω], [−sin kω, cos kω]]"}})}),
            make_view(say(lang, {"验证 PE(p + k) = M_k·PE(p)", "Check PE(p + k) = M_k·PE(p)"}), std::move(check), check_notes),
            make_view(say(lang, {"Gram 矩阵 G = PE·PEᵀ", "Gram matrix G = PE·PEᵀ"}), std::move(gram), gram_notes),
            make_view(say(lang, {"G[0][Δ] 随距离 Δ 的变化", "G[0][Δ] against the distance Δ"}), std::move(decay),
                      {say(lang, {"Δ = 0 时最大（= d/2），随 |Δ| 增大总体衰减，并带有振荡。", "Largest at Δ = 0 (= d/2), decaying overall with |Δ|, with ripples."})})};
}

}  // namespace

Step relative_inside_absolute() {
    Step s = {
        "relative-inside-absolute",
        {"绝对编码里的相对信息", "Relative information inside an absolute code"},
        {"由和角公式，sin((p+k)ω) 与 cos((p+k)ω) 是 sin(pω)、cos(pω) 的线性组合，系数只依赖 k。"
         "所以存在一个与 p 无关的矩阵 M_k，使 PE(p + k) = M_k·PE(p)；它是分块对角的，每块是一个 2×2 旋转。"
         "同样地，内积 PE(p)·PE(q) = Σ cos((p − q)ω_i) 只依赖 p − q：Gram 矩阵是 Toeplitz 矩阵，并随 |p − q| 衰减。",
         "By the angle-addition formulas, sin((p+k)ω) and cos((p+k)ω) are linear combinations of sin(pω) and "
         "cos(pω) with coefficients that depend only on k. So one matrix M_k, the same for every p, gives "
         "PE(p + k) = M_k·PE(p); it is block-diagonal with a 2×2 rotation per frequency. Likewise the dot product "
         "PE(p)·PE(q) = Σ cos((p − q)ω_i) depends only on p − q: the Gram matrix is Toeplitz and decays with |p − q|."},
        {"pos", "shift", "d", "base", "L", "d_model", "variant"},
        views_of(read_inputs, relative_views),
        {R"tex(PE(p+k)=M_k\,PE(p),\qquad M_k=\mathrm{diag}_i\begin{pmatrix}\cos k\omega_i&\sin k\omega_i\\-\sin k\omega_i&\cos k\omega_i\end{pmatrix})tex",
         R"tex(PE(p)^\top PE(q)=\sum_i\cos\bigl((p-q)\,\omega_i\bigr))tex"},
    };
    s.questions = {
        {{"是否有一个矩阵 M_k，对所有位置 p 都满足 PE(p + k) = M_k·PE(p)？",
          "Is there one matrix M_k with PE(p + k) = M_k·PE(p) for every position p?"},
         {{"有：同一个 M_k 适用于所有 p", "Yes: the same M_k works for every p"},
          {"没有：M_k 必须随 p 改变", "No: M_k has to change with p"},
          {"只有 tensor2tensor 的排列才有", "Only in the tensor2tensor layout"}},
         0,
         [](const ParamSet& p, Lang lang) {
             const Inputs in = read_inputs(p);
             const int L = in.L, k = in.shift;
             const int d = in.d_model;
             const double base = in.base;
             const PeVariant v = in.variant;
             const Eigen::MatrixXd M = sinusoidal_shift_matrix(k, d, base, v);
             double err = 0;
             for (int pos = 0; pos < L; ++pos)
                 err = std::max(err, (M * sinusoidal_pe_row(pos, d, base, v) - sinusoidal_pe_row(pos + k, d, base, v))
                                         .cwiseAbs()
                                         .maxCoeff());
             return say_error(lang,
                              {"按两角和公式，sin((p+k)ω) 和 cos((p+k)ω) 是 sin(pω)、cos(pω) 的线性组合，系数只依赖 k。"
                               "当前 k = {k}、d = {d}：对 p = 0…{last} 取最大 |M_k·PE(p) − PE(p + k)| = {err}{hint}。",
                               "By the angle-addition formulas, sin((p+k)ω) and cos((p+k)ω) are linear combinations of "
                               "sin(pω) and cos(pω) with coefficients that depend on k only. Now k = {k}, d = {d}: over "
                               "p = 0…{last} the largest |M_k·PE(p) − PE(p + k)| = {err}{hint}."},
                              err, {{"k", integer(k)}, {"d", integer(d)}, {"last", integer(L - 1)}});
         }},
    };
    return s;
}

}  // namespace absolute_pe
}  // namespace pelab
