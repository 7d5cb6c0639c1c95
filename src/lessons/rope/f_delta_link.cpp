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
std::vector<ViewData> f_delta_link_views(const ParamSet&, Lang lang) {
    constexpr int kLinkL = 4;
    Eigen::VectorXd th(2);
    th << kPi / 2, kPi / 3;
    const Eigen::Vector4d unit(1, 0, 1, 0);
    const Eigen::MatrixXd Sf = rope_scores(kLinkL, th, unit, unit, RopeLayout::interleaved);
    const Eigen::MatrixXd F = f_matrix(kLinkL, th, cosine_readout(2));
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
        say_error(lang, {"最大 |S − F| = {err}{hint}：第一课的 F 就是这个 S。", "Largest |S − F| = {err}{hint}: the first lesson's F is this S."}, link_err)};
    return {make_view(say(lang, {"RoPE 的 S[m,n] = ⟨R_m q, R_n k⟩（行 = 查询 m，列 = 键 n）", "RoPE's S[m,n] = ⟨R_m q, R_n k⟩ (row = query m, column = key n)"}), std::move(link), std::move(link_notes)),
            make_view(say(lang, {"第一课的 F[m,n] = f(m − n)", "The first lesson's F[m,n] = f(m − n)"}), std::move(fv))};
}

}  // namespace

// [SECTION] the step
Step f_delta_link() {
    return {
        "f-delta-link",
        {"第一课的 F 就是 RoPE 的 S", "The first lesson's F is RoPE's S"},
        {"取 d = 4、θ = (π/2, π/3)、q = k = [1, 0, 1, 0]，RoPE 的分数矩阵 S 正是第一课“[[lesson:f-delta]]”里的 F。"
         "每一对 qᵢ = kᵢ = (1, 0)，转过 mθᵢ 与 nθᵢ 后的内积是 cos((n − m)θᵢ)，两对相加就是那里的 f(m − n) = Σᵢ cos(θᵢ(m − n))（余弦是偶函数）。"
         "这一步的数值固定为那一课的默认值。",
         "With d = 4, θ = (π/2, π/3) and q = k = [1, 0, 1, 0], RoPE's score matrix S is exactly the F of the first "
         "lesson, [[lesson:f-delta]]. Each pair qᵢ = kᵢ = (1, 0), turned by mθᵢ and nθᵢ, has the inner product cos((n − m)θᵢ); the two "
         "pairs add up to that lesson's f(m − n) = Σᵢ cos(θᵢ(m − n)) (the cosine is even). This step's numbers are "
         "fixed at that lesson's defaults."},
        {},
        f_delta_link_views,
        {R"tex(S[m,n]=\sum_i\cos\bigl((n-m)\theta_i\bigr)=f(m-n)=F[m,n])tex"},
    };
}

}  // namespace rope_lesson
}  // namespace pelab
