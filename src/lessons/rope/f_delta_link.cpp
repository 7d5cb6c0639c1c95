// PE Lab — lessons/rope/f_delta_link.cpp
// Lesson "rope", step "f-delta-link": the link back to lesson f-delta — with θ = (π/2, π/3) and
// q = k = [1, 0, 1, 0], RoPE's score matrix S is that lesson's F, shown side by side with the check |S − F|.
// Comments are English only: the font subset is built from the characters inside .cpp string literals.
//
// [SECTION] views
// [SECTION] the step
#include <string>
#include <vector>

#include "core/f_delta.h"
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
    HeatmapView fv = qk_matrix(F, lang);
    fv.explain = [F, lang](int r, int c) -> std::string {
        if (r < 0 || c < 0 || r >= kLinkL || c >= kLinkL) return "";
        return say(lang, {"F[{m},{n}] = f({m} − {n}) = {f}", "F[{m},{n}] = f({m} − {n}) = {f}"},
                   {{"m", integer(r)}, {"n", integer(c)}, {"f", num(F(r, c))}});
    };
    const double link_err = max_abs(Sf - F);
    std::vector<std::string> link_notes = {
        say_error(lang, {"最大 |S − F| = {err}{hint}：第一课的 F 就是这个 S。", "Largest |S − F| = {err}{hint}: F of the first lesson is this S."}, link_err)};
    return {make_view(say(lang, {"RoPE 的 S[m,n] = ⟨R_m q, R_n k⟩（行 = 查询 m，列 = 键 n）", "RoPE's S[m,n] = ⟨R_m q, R_n k⟩ (row = query m, column = key n)"}), std::move(link), std::move(link_notes)),
            make_view(say(lang, {"第一课的 F[m,n] = f(Δ)，Δ = m − n", "F[m,n] = f(Δ) of the first lesson, Δ = m − n"}), std::move(fv))};
}

}  // namespace

// [SECTION] the step
Step f_delta_link() {
    Step s{
        "f-delta-link",
        {"RoPE 的 S 就是余弦矩阵 F", "RoPE's S is the cosine matrix F"},
        {"F 是[[lesson:f-delta/toeplitz-f|第一课构造的矩阵]]：格子 (m, n) 填入 f(Δ)，f(Δ) = Σᵢ cos(θᵢΔ) 是偏移 Δ 的余弦之和（那一课把频率写作 ω、位置写作 q、k）。"
         "取 d = 4、θ = (π/2, π/3)、q = k = [1, 0, 1, 0]：每一对 (1, 0) 转过 mθᵢ 与 nθᵢ 后的内积是 cos(Δθᵢ)，两对相加就是 f(Δ)。"
         "这一步的数值固定为那一课的默认值。",
         "F is [[lesson:f-delta/toeplitz-f|the matrix built in the first lesson]]: cell (m, n) holds f(Δ), a sum of "
         "cosines of the offset, f(Δ) = Σᵢ cos(θᵢΔ) (that lesson writes the frequencies ω and the positions q, k). With d = 4, "
         "θ = (π/2, π/3) and q = k = [1, 0, 1, 0], each pair (1, 0) turned by mθᵢ and nθᵢ has the inner product "
         "cos(Δθᵢ), and the two pairs add up to f(Δ). This step's numbers are fixed at that lesson's defaults."},
        {},
        f_delta_link_views,
        {R"tex(S[m,n]=\textstyle\sum_i\cos(\Delta\theta_i)=f(\Delta)=F[m,n],\qquad \Delta=m-n)tex"},
    };
    s.takeaway = {"θ = ({t0}, {t1})、q = k = [1, 0, 1, 0] 时，每对 (1, 0) 转过 mθᵢ、nθᵢ 后贡献 cos(Δθᵢ)，所以 S = f(Δ)，与[[lesson:f-delta/toeplitz-f|第一课]]的 F 逐格相同（差 {err}）。",
                  "With θ = ({t0}, {t1}) and q = k = [1, 0, 1, 0], each pair (1, 0) turned by mθᵢ and nθᵢ gives cos(Δθᵢ), so "
                  "S = f(Δ): F of [[lesson:f-delta/toeplitz-f|the first lesson]] cell by cell (largest gap {err})."};
    s.takeaway_args = [](const ParamSet&, Lang) {
        const Eigen::VectorXd th = link_theta();
        return std::vector<Arg>{{"t0", angle(th(0))}, {"t1", angle(th(1))}, {"err", exact(max_abs(link_scores() - link_f()))}};
    };
    return s;
}

}  // namespace rope_lesson
}  // namespace pelab
