// PE Lab — lessons/rope/f_delta_link.cpp
// Lesson "rope", step "f-delta-link": the link back to lesson f-delta — with θ = (π/2, π/3) and
// q = k = [1, 0, 1, 0], RoPE's score matrix S is that lesson's F = f(Δ), drawn beside f(Δ) as a curve (each pair's cosine and
// their sum), with the check |S − F|.
// Comments are English only: the font subset is built from the characters inside .cpp string literals.
//
// [SECTION] views
// [SECTION] the step
#include <cmath>
#include <string>
#include <vector>

#include "core/relative/f_delta.h"
#include "lessons/lesson_util.h"
#include "lessons/rope/rope_lesson.h"

namespace pelab {
namespace rope_lesson {

using namespace lessonui;

// [SECTION] views
namespace {
// θ = (π/2, π/3), q = k = [1, 0, 1, 0], L = 4: lesson f-delta's defaults.
constexpr int kLinkL = 4;

Eigen::VectorXd link_theta() {
    Eigen::VectorXd th(2);
    th << kPi / 2, kPi / 3;
    return th;
}

// RoPE's S at those values and f-delta's F.
Eigen::MatrixXd link_scores() {
    const Eigen::Vector4d unit(1, 0, 1, 0);
    return rope_scores(kLinkL, link_theta(), unit, unit, RopeLayout::interleaved);
}
Eigen::MatrixXd link_f() { return f_matrix(kLinkL, link_theta(), cosine_readout(2)); }

std::vector<ViewData> f_delta_link_views(const ParamSet&, Lang lang) {
    const Eigen::MatrixXd Sf = link_scores();
    const Eigen::MatrixXd F = link_f();
    HeatmapView link = qk_matrix(Sf, lang);
    // The axes are named in the title (one line less above the cells: the figures fit on the first screen).
    link.row_axis.clear();
    link.col_axis.clear();
    link.explain = [Sf, F, lang](int r, int c) -> std::string {
        if (r < 0 || c < 0 || r >= kLinkL || c >= kLinkL) return "";
        return say(lang, {"S[{m},{n}] = {value}；f-delta 的 F[{m},{n}] = {f}", "S[{m},{n}] = {value}; f-delta's F[{m},{n}] = {f}"},
                   {{"m", integer(r)}, {"n", integer(c)}, {"value", num(Sf(r, c))}, {"f", num(F(r, c))}});
    };
    // f(Δ) as a function of Δ: each pair's cosine and their sum, the dots at whole Δ being S's diagonals.
    const Eigen::VectorXd th = link_theta();
    CurveView f;
    for (int k = 0; k <= 120; ++k) f.x.push_back(-(kLinkL - 1) + k * (2.0 * (kLinkL - 1)) / 120);
    f.series.assign(3, {});
    for (double x : f.x) {
        f.series[0].push_back(std::cos(x * th(0)));
        f.series[1].push_back(std::cos(x * th(1)));
        f.series[2].push_back(f.series[0].back() + f.series[1].back());
    }
    f.series_labels = {say(lang, {"cos(Δθ₀)，θ₀ = {t}", "cos(Δθ₀), θ₀ = {t}"}, {{"t", angle(th(0))}}),
                       say(lang, {"cos(Δθ₁)，θ₁ = {t}", "cos(Δθ₁), θ₁ = {t}"}, {{"t", angle(th(1))}}),
                       say(lang, {"f(Δ) = 两者之和", "f(Δ) = their sum"})};
    f.series_dashed = {true, true, false};
    for (int dl = -(kLinkL - 1); dl <= kLinkL - 1; ++dl) f.markers_x.push_back(dl);
    f.x_axis = say(lang, {"偏移 Δ = m − n", "offset Δ = m − n"});
    f.y_axis = say(lang, {"值", "value"});
    std::string diagonals;
    for (int dl = 0; dl < kLinkL; ++dl)
        diagonals += (dl ? say(lang, {"，", ", "}) : std::string()) + say(lang, {"Δ = {p}{d}：{v}", "Δ = {p}{d}: {v}"},
                                                                            {{"p", dl ? "±" : ""}, {"d", integer(dl)}, {"v", num(F(dl, 0))}});
    const double link_err = max_abs(Sf - F);
    std::vector<std::string> link_notes = {
        say_error(lang, {"最大 |S − F| = {err}{hint}：第一课的 F 就是这个 S。", "Largest |S − F| = {err}{hint}: F of the first lesson is this S."}, link_err)};
    std::vector<std::string> f_notes = {
        say(lang, {"圆点（整数 Δ）就是 S 的各条对角线：{list}。", "The dots (whole Δ) are S's diagonals: {list}."}, {{"list", diagonals}})};
    return {make_view(say(lang, {"RoPE 的 S[m,n] = ⟨R_m q, R_n k⟩（行 = 查询 m，列 = 键 n）", "RoPE's S[m,n] = ⟨R_m q, R_n k⟩ (row = query m, column = key n)"}), std::move(link), std::move(link_notes)),
            make_view(say(lang, {"第一课的 f(Δ)：各对余弦之和", "f(Δ) of the first lesson: the pairs' cosines summed"}), std::move(f), std::move(f_notes))};
}

}  // namespace

// [SECTION] the step
Step f_delta_link() {
    Step s{
        "f-delta-link",
        {"RoPE 的 S 就是余弦矩阵 F", "RoPE's S is the cosine matrix F"},
        {"F 是[[lesson:f-delta/toeplitz-f|第一课构造的矩阵]]：格子 (m, n) 填入 f(Δ)，f(Δ) = Σᵢ cos(θᵢΔ) 是偏移 Δ 的余弦之和（那一课把频率写作 ω、位置写作 q、k）。"
         "取 d = 4、θ = (π/2, π/3)、q = k = [1, 0, 1, 0]：每一对 (1, 0) 转过 mθᵢ 与 nθᵢ 后的内积是 cos(Δθᵢ)，两对相加就是 f(Δ)。"
         "右图把 f(Δ) 画成 Δ 的函数，连同两对各自的余弦。这一步的数值固定为那一课的默认值。",
         "F is [[lesson:f-delta/toeplitz-f|the matrix built in the first lesson]]: cell (m, n) holds f(Δ), a sum of "
         "cosines of the offset, f(Δ) = Σᵢ cos(θᵢΔ) (that lesson writes the frequencies ω and the positions q, k). With d = 4, "
         "θ = (π/2, π/3) and q = k = [1, 0, 1, 0], each pair (1, 0) turned by mθᵢ and nθᵢ has the inner product "
         "cos(Δθᵢ), and the two pairs add up to f(Δ). The right figure draws f(Δ) against Δ with the two pairs' cosines. "
         "This step's numbers are fixed at that lesson's defaults."},
        {},
        f_delta_link_views,
        {R"tex(S[m,n]=\textstyle\sum_i\cos(\Delta\theta_i)=f(\Delta)=F[m,n],\qquad \Delta=m-n)tex"},
    };
    s.takeaway = {"每对 (1, 0) 转过 mθᵢ、nθᵢ 后贡献 cos(Δθᵢ)，所以 S[m,n] 只依赖 Δ = m − n：S = f(Δ)（右图各对余弦之和），即[[lesson:f-delta/toeplitz-f|第一课]]的 F（差 {err}）。",
                  "Each pair (1, 0) turned by mθᵢ and nθᵢ gives cos(Δθᵢ), so S[m,n] depends only on Δ = m − n: S = f(Δ), the "
                  "pairs' cosines summed (right), i.e. F of [[lesson:f-delta/toeplitz-f|the first lesson]] (gap {err})."};
    s.takeaway_args = [](const ParamSet&, Lang) {
        return std::vector<Arg>{{"err", exact(max_abs(link_scores() - link_f()))}};
    };
    return s;
}

}  // namespace rope_lesson
}  // namespace pelab
