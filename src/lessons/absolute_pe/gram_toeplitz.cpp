// PE Lab — lessons/absolute_pe/gram_toeplitz.cpp
// Step "gram-toeplitz" of absolute-pe: the dot product of two sinusoidal codes, PE(q)·PE(k) = Σ cos(Δω_i),
// depends on Δ = q − k only — the Gram matrix is Toeplitz — and decays, with ripples, as |Δ| grows. Its views,
// then the step. (Lesson f-delta's step content-readout points here.)
// Comments are English only: the font subset is built from the characters inside this file's strings.
//
// [SECTION] the Gram matrix of the code
#include <algorithm>
#include <string>
#include <vector>

#include "core/relative/f_delta.h"
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
    // Rows and columns read as a query position q and a key position k: G[q][k] is the score two bare codes give.
    HeatmapView gram = qk_view(G, lang);
    gram.explain = [G, L, lang](int r, int c) -> std::string {
        if (r < 0 || c < 0 || r >= L || c >= L) return "";
        return say(lang, {"G[{q}][{k}] = PE({q})·PE({k}) = Σ cos(Δω_i) = {value}，Δ = q − k = {diff}",
                          "G[{q}][{k}] = PE({q})·PE({k}) = Σ cos(Δω_i) = {value}, Δ = q − k = {diff}"},
                   {{"q", pos_text(r)}, {"k", pos_text(c)}, {"value", num(G(r, c))}, {"diff", integer(r - c)}});
    };
    std::vector<std::string> gram_notes = {
        difference_note(lang, diagonal_spread(G).maxCoeff(),
                        {"沿每条对角线的最大极差 = {diff}：G 只依赖 Δ = q − k。", "Largest spread along any diagonal = {diff}: G depends on Δ = q − k only."},
                        {"沿每条对角线的最大极差 = {diff}（浮点舍入误差）：G 只依赖 Δ = q − k。",
                         "Largest spread along any diagonal = {diff} (floating-point rounding): G depends on Δ = q − k only."}),
        say(lang, {"主对角线上 G[q][q] = d/2 = {half}。", "On the main diagonal G[q][q] = d/2 = {half}."}, {{"half", num(G(0, 0))}}),
    };
    if (L > 128 || in.L > 128) gram_notes.push_back(say(lang, {"Gram 矩阵只画前 128 个位置。", "The Gram matrix shows the first 128 positions."}));

    CurveView decay;
    decay.y_axis = "G";
    decay.x_axis = "Δ = q − k";
    std::vector<double> ys;
    for (int delta = 0; delta < L; ++delta) {
        decay.x.push_back(delta);
        ys.push_back(G(delta, 0));
    }
    decay.series.push_back(ys);
    decay.series_labels.push_back("PE(Δ)·PE(0)");
    return {make_view(say(lang, {"Gram 矩阵 G = PE·PEᵀ", "Gram matrix G = PE·PEᵀ"}), std::move(gram), gram_notes),
            make_view(say(lang, {"G[Δ][0] 随距离 Δ 的变化", "G[Δ][0] against the distance Δ"}), std::move(decay),
                      {say(lang, {"Δ = 0 时每个 cos 都是 1，和为 d/2；|Δ| 增大后各频率的相位错开，总体衰减，并带有振荡。",
                                  "At Δ = 0 every cosine is 1, summing to d/2; as |Δ| grows the frequencies fall out of step, so it decays overall, with ripples."})})};
}

}  // namespace

Step gram_toeplitz() {
    Step s = {
        "gram-toeplitz",
        {"内积只依赖距离", "The dot product depends on the distance only"},
        {"两个编码的内积排成 [[gram-matrix|Gram 矩阵]] G[q][k] = PE(q)·PE(k)：把行读作查询位置 q、列读作键位置 k，它是只有位置编码时的注意力分数。"
         "每个频率贡献 sin(qω)sin(kω) + cos(qω)cos(kω) = cos((q − k)ω)，求和后只剩距离 Δ = q − k；"
         "所以 G 是 [[toeplitz|Toeplitz 矩阵]]，每条对角线上的值都相同。它在 Δ = 0 时最大（d/2），随 |Δ| 增大总体衰减，并带有振荡。",
         "The dot products of two codes form the [[gram-matrix|Gram matrix]] G[q][k] = PE(q)·PE(k): read its rows as a "
         "query position q and its columns as a key position k, and it is the attention score of the position codes "
         "alone. Each frequency contributes sin(qω)sin(kω) + cos(qω)cos(kω) = cos((q − k)ω), so the sum keeps only the "
         "distance Δ = q − k, and G is a [[toeplitz|Toeplitz matrix]], constant along every diagonal. It is largest at "
         "Δ = 0 (d/2) and decays overall with |Δ|, with ripples."},
        {"L", "d_model", "base", "variant"},
        views_of(read_inputs, gram_toeplitz_views),
        {R"tex(G[q][k]=PE(q)^\top PE(k)=\sum_i\cos(\Delta\,\omega_i),\qquad \Delta=q-k)tex"},
    };
    s.takeaway = {"G 在主对角线上最大（d/2 = {half}），每条对角线上不变：每对贡献 cos(Δω_i)，只记得 Δ = q − k，不记得 q、k 在哪。",
                  "G peaks at d/2 = {half} on the diagonal and is constant along every diagonal: each pair adds sin·sin + "
                  "cos·cos = cos(Δω_i), which keeps Δ = q − k but not where q and k are."};
    s.takeaway_args = args_of(read_inputs, +[](const Inputs& in, Lang) {
        return std::vector<Arg>{{"half", num(in.d_model / 2.0)}};
    });
    return s;
}

}  // namespace absolute_pe
}  // namespace pelab
