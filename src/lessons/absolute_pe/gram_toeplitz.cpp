// PE Lab — lessons/absolute_pe/gram_toeplitz.cpp
// Step "gram-toeplitz" of absolute-pe: the dot product of two sinusoidal codes, PE(p)·PE(q) = Σ cos((p − q)ω_i),
// depends on p − q only — the Gram matrix is Toeplitz — and decays, with ripples, as |p − q| grows. Its views,
// then the step. (Lesson f-delta's step content-readout points here.)
// Comments are English only: the font subset is built from the characters inside this file's strings.
//
// [SECTION] the Gram matrix of the code
#include <algorithm>
#include <string>
#include <vector>

#include "core/f_delta.h"
#include "lessons/absolute_pe/absolute_pe.h"
#include "lessons/lesson_util.h"

namespace pelab {
namespace absolute_pe {

using namespace lessonui;

// [SECTION] the Gram matrix of the code
namespace {

std::vector<ViewData> gram_toeplitz_views(const Inputs& in, Lang lang) {
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
    return {make_view(say(lang, {"Gram 矩阵 G = PE·PEᵀ", "Gram matrix G = PE·PEᵀ"}), std::move(gram), gram_notes),
            make_view(say(lang, {"G[0][Δ] 随距离 Δ 的变化", "G[0][Δ] against the distance Δ"}), std::move(decay),
                      {say(lang, {"Δ = 0 时最大（= d/2），随 |Δ| 增大总体衰减，并带有振荡。", "Largest at Δ = 0 (= d/2), decaying overall with |Δ|, with ripples."})})};
}

}  // namespace

Step gram_toeplitz() {
    return {
        "gram-toeplitz",
        {"内积只依赖距离", "The dot product depends on the distance only"},
        {"两个位置编码的内积 PE(p)·PE(q) 只依赖 p − q：Gram 矩阵 G 是 Toeplitz 矩阵，每条对角线上的值都相同。"
         "每个频率贡献 sin(pω)sin(qω) + cos(pω)cos(qω) = cos((p − q)ω)，求和后只剩距离；"
         "它在距离 Δ = p − q = 0 时最大（d/2），随 |Δ| 增大总体衰减，并带有振荡。",
         "The dot product PE(p)·PE(q) of two codes depends on p − q only: the Gram matrix G is Toeplitz, constant "
         "along every diagonal. Each frequency contributes sin(pω)sin(qω) + cos(pω)cos(qω) = cos((p − q)ω), so the "
         "sum keeps only the distance; it is largest at the distance Δ = p − q = 0 (d/2) and decays overall with |Δ|, with ripples."},
        {"L", "d_model", "base", "variant"},
        views_of(read_inputs, gram_toeplitz_views),
        {R"tex(PE(p)^\top PE(q)=\sum_i\cos\bigl((p-q)\,\omega_i\bigr))tex"},
    };
}

}  // namespace absolute_pe
}  // namespace pelab
