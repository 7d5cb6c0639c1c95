// PE Lab — lessons/f_delta/linear_readout.cpp
// Step "linear-readout" of f-delta: a weight vector v reads one number vᵀR_Δ out of R_Δ; v = [1, 0, 1, 0]
// gives f(Δ), and every v keeps F Toeplitz. The views builder, then the step with its question.
// Comments are English only: the font subset is built from the characters inside this file's strings.
//
// [SECTION] views: the readout against f(Δ)
// [SECTION] the step and its question
#include <algorithm>
#include <cmath>
#include <string>
#include <vector>

#include "core/relative/f_delta.h"
#include "lessons/f_delta/f_delta_lesson.h"
#include "lessons/lesson_util.h"

namespace pelab {
namespace fdelta {

using namespace lessonui;  // shared display helpers (lessons/lesson_util.h)

// The cosine readout with weight 1 on the first sine too (v₁ = 1), the case the step's question asks about.
static Eigen::VectorXd sine_weighted_readout(int n_freq) {
    Eigen::VectorXd v = cosine_readout(n_freq);
    if (v.size() > 1) v(1) = 1.0;
    return v;
}

// Largest |M[q,k] − M[k,q]|: 0 for a symmetric matrix.
static double largest_asymmetry(const Eigen::MatrixXd& M) {
    return (M - M.transpose()).cwiseAbs().maxCoeff();
}

// [SECTION] views: the readout against f(Δ)

std::vector<ViewData> readout_views(const Model& in, Lang lang) {
    const int L = in.L, m = n_freq(in);
    const Eigen::VectorXd cos_v = cosine_readout(m);
    const Eigen::MatrixXd F = f_matrix(L, in.omega, in.v);
    ViewData heat = readout_heatmap("F[q,k] = vᵀR_(q−k)", in, in.v, lang, true);

    TableView t;
    t.values.resize(2 * L - 1, 3);
    double diff_current = 0.0;
    for (int d = -(L - 1); d <= L - 1; ++d) {
        const Eigen::Index row = d + L - 1;
        const double readout = f_kernel(d, in.omega, in.v);
        const double f = f_kernel(d, in.omega, cos_v);
        t.values(row, 0) = readout;
        t.values(row, 1) = f;
        t.values(row, 2) = readout - f;
        diff_current = std::max(diff_current, std::fabs(readout - f));
    }
    t.row_labels = delta_labels(L);
    t.col_labels = {"vᵀR_Δ", "f(Δ) = Σ cos ωᵢΔ", say(lang, {"差", "difference"})};
    t.corner = "Δ";
    t.decimals = 4;

    const double spread = largest_spread(F);
    const double asym = largest_asymmetry(F);
    heat.notes.push_back(spread == 0.0
                             ? say(lang,
                                   {"F 各条对角线的最大极差 = {spread}（仍是 Toeplitz 矩阵）",
                                    "Largest spread along a diagonal of F = {spread} (still Toeplitz)"},
                                   {{"spread", exact(spread)}})
                             : say(lang,
                                   {"F 各条对角线的最大极差 = {spread}", "Largest spread along a diagonal of F = {spread}"},
                                   {{"spread", exact(spread)}}));
    // The question's case, whatever v is now: weight 1 on the first sine (v₁ = 1), drawn as its own small F.
    const Eigen::VectorXd sine_v = sine_weighted_readout(m);
    const Eigen::MatrixXd F_sine = f_matrix(L, in.omega, sine_v);
    ViewData sine_heat = readout_heatmap(say(lang, {"v₁ = 1 时的 F（v = {v}）", "F with v₁ = 1 (v = {v})"}, {{"v", full_vector(sine_v)}}),
                                         in, sine_v, lang, true);
    sine_heat.notes.push_back(say(lang,
                                  {"F[1,0] = {below} ≠ F[0,1] = {above}：不对称（最大的 |F[q,k] − F[k,q]| = {asym}）；对角线最大极差 = {spread}，仍是 Toeplitz",
                                   "F[1,0] = {below} ≠ F[0,1] = {above}: not symmetric (largest |F[q,k] − F[k,q]| = {asym}); "
                                   "largest diagonal spread = {spread}, still Toeplitz"},
                                  {{"below", num(F_sine(1, 0))},
                                   {"above", num(F_sine(0, 1))},
                                   {"asym", exact(largest_asymmetry(F_sine))},
                                   {"spread", exact(largest_spread(F_sine))}}));
    const std::string asym_note = asym > 1e-9 ? say(lang,
                                           {"当前 v：最大的 |F[q,k] − F[k,q]| = {asym}（sin 权重使 F 不再对称）",
                                            "Current v: largest |F[q,k] − F[k,q]| = {asym} (sin weights make F non-symmetric)"},
                                           {{"asym", exact(asym)}})
                                     : say(lang, {"当前 v：最大的 |F[q,k] − F[k,q]| = {asym}", "Current v: largest |F[q,k] − F[k,q]| = {asym}"},
                                           {{"asym", exact(asym)}});
    const std::vector<std::string> notes = {
        say(lang, {"当前 v = {v}（依次为 v₀, v₁, …）", "Current v = {v} (entries v₀, v₁, …)"}, {{"v", full_vector(in.v)}}),
        say_error(lang, {"当前 v：最大的 |vᵀR_Δ − f(Δ)| = {err}{hint}", "Current v: largest |vᵀR_Δ − f(Δ)| = {err}{hint}"},
                  diff_current),
        asym_note,
    };
    return {heat, make_view(say(lang, {"vᵀR_Δ 与 f(Δ) 对比", "vᵀR_Δ versus f(Δ)"}), std::move(t), notes), sine_heat};
}

// [SECTION] the step and its question
Step linear_readout() {
    Step s = {
        "linear-readout",
        {"从 R_Δ 读出 f：f(Δ) = vᵀR_Δ", "Reading f out of R_Δ: f(Δ) = vᵀR_Δ"},
        {
        "权重向量 v 从 R_Δ 读出一个数 vᵀR_Δ（ᵀ 表示转置，vᵀR_Δ 就是点积）：余弦的权重取 1、正弦的权重取 0，即 v = [1, 0, 1, 0]，就正好得到 f(Δ)。"
        "于是 F[q,k] = vᵀR_(q−k)。用滑块改变 v，F 随之改变；格子的值仍只通过 Δ 依赖 q 和 k。"
        "这就是引入 R_Δ 的意义：v 可以学习，而 R_Δ 始终是对距离的固定描述。",
        "A weight vector v reads one number vᵀR_Δ out of R_Δ (ᵀ is the transpose, so vᵀR_Δ is a dot product): weight 1 "
        "on each cosine and 0 on each sine, v = [1, 0, 1, 0], gives back f(Δ). So F[q,k] = vᵀR_(q−k). Change v with "
        "the slider and F changes; a cell still depends on q and k only through Δ. That is what R_Δ is for: v can be "
        "learned, while R_Δ remains a fixed description of distance."},
        {"L", "omega", "v"},
        views_of(read_model, readout_views),
        {
         R"tex(f(\Delta) = v^\top R_\Delta, \qquad v = (1, 0, 1, 0, \dots)^\top)tex",
         R"tex(F[q,k] = v^\top R_{q-k})tex"},
    };
    s.questions = {
        {{"给第一个正弦项一个权重（v₁ = 1）：F 还对称吗？",
          "Give the first sine a weight (v₁ = 1): does F stay symmetric?"},
         {{"对称，也是 Toeplitz 矩阵", "Symmetric and Toeplitz"},
          {"不对称，但是 Toeplitz 矩阵", "Not symmetric, but Toeplitz"},
          {"既不对称，也不是 Toeplitz 矩阵", "Neither symmetric nor Toeplitz"}},
         1,
         [](const ParamSet& p, Lang lang) {
             const Eigen::VectorXd omega = read_model(p).omega;
             const Eigen::VectorXd v = sine_weighted_readout(static_cast<int>(omega.size()));
             const double ahead = f_kernel(1.0, omega, v), behind = f_kernel(-1.0, omega, v);
             return say(lang,
                        {"正弦是奇函数，sin(−ω₀Δ) = −sin(ω₀Δ)，所以新加的一项在对角线两侧符号相反：当前 ω 下 "
                         "f(1) = {ahead}，f(−1) = {behind}，F[1,0] 与 F[0,1] 相差 {gap}。"
                         "只有当 sin(ω₀Δ) 在每个整数 Δ 上都为 0 时两者才相等。格子仍只依赖 Δ，所以每条对角线仍是常数。",
                         "Sine is odd, sin(−ω₀Δ) = −sin(ω₀Δ), so the new term changes sign across the diagonal: at "
                         "the current ω, f(1) = {ahead} and f(−1) = {behind}, so F[1,0] and F[0,1] differ by {gap}. "
                         "They agree only if sin(ω₀Δ) is 0 at every integer Δ. A cell still depends on Δ alone, so "
                         "every diagonal stays constant."},
                        {{"ahead", num(ahead)}, {"behind", num(behind)}, {"gap", exact(std::abs(ahead - behind))}});
         }},
    };
    s.questions[0].predict = true;  // asked before the learner moves v: the default v shows a symmetric F
    s.takeaway = {"任何权重 v 都让 F 保持 Toeplitz（极差 {spread}），因为格子只通过 Δ 看 q、k；正弦权重让 F 不对称（v₁ = 1 时差 {gap}），因 sin 是奇函数。",
                  "Any weights v keep F Toeplitz (spread {spread}): a cell sees q and k only through Δ; a weight on a sine "
                  "makes F non-symmetric (gap {gap} at v₁ = 1), since sin(−ωΔ) = −sin(ωΔ)."};
    s.takeaway_args = args_of(read_model, +[](const Model& in, Lang) {
        const Eigen::MatrixXd F_sine = f_matrix(in.L, in.omega, sine_weighted_readout(n_freq(in)));
        return std::vector<Arg>{{"spread", exact(largest_spread(f_matrix(in.L, in.omega, in.v)))},
                                {"gap", exact(largest_asymmetry(F_sine))}};
    });
    return s;
}

}  // namespace fdelta
}  // namespace pelab
