// PE Lab — lessons/rope/xpos_scores.cpp
// Lesson "rope", step "xpos-scores": the xPos score matrix of a random q, k as torchscale's XPOS computes it
// (the scaling exponent counted from the offset o = −⌈L/2⌉, torchscale's min_pos), checked to stay relative:
// Toeplitz, equal to its relative form, and close to plain RoPE inside a window short against γ.
// Every number shown comes from core (relative_methods.h, rope.h).
// Comments are English only: the font subset is built from the characters inside .cpp string literals.
//
// [SECTION] views
// [SECTION] the step
#include <algorithm>
#include <string>
#include <vector>

#include "core/relative/relative_methods.h"
#include "lessons/lesson_util.h"
#include "lessons/rope/rope_lesson.h"

namespace pelab {
namespace rope_lesson {

using namespace lessonui;

// [SECTION] views
namespace {
// The L × L xPos scores of a random q, k (the previous step's d_spectrum, base, γ), with the checks that they
// stay relative.
Eigen::MatrixXd xpos_random_scores(const Inputs& in) {
    const int d = in.d_spectrum;
    SplitMix64 rng(static_cast<std::uint64_t>(in.seed));
    const Eigen::VectorXd q = random_vector(d, rng), k = random_vector(d, rng);
    return xpos_scores(in.L, rope_default_inv_freq(d, in.base), xpos_zeta(d), in.gamma, q, k);
}

std::vector<ViewData> xpos_scores_views(const Inputs& in, Lang lang) {
    const int d = in.d_spectrum;
    SplitMix64 rng(static_cast<std::uint64_t>(in.seed));
    const Eigen::VectorXd q = random_vector(d, rng), k = random_vector(d, rng);
    const Eigen::VectorXd theta = rope_default_inv_freq(d, in.base), zeta = xpos_zeta(d);
    const Eigen::MatrixXd S = xpos_scores(in.L, theta, zeta, in.gamma, q, k);
    const Eigen::MatrixXd rel = xpos_relative_form(in.L, theta, zeta, in.gamma, q, k);
    const Eigen::MatrixXd rope = rope_scores(in.L, theta, q, k, RopeLayout::interleaved);
    HeatmapView h = qk_matrix(S, lang);
    h.is_signed = true;
    // The axes are named in the title (one line less above the cells, so that the notes fit on the first screen).
    h.row_axis.clear();
    h.col_axis.clear();
    const int L = in.L, min_pos = xpos_min_pos(in.L);
    h.explain = [S, rope, L, min_pos, lang](int r, int c) -> std::string {
        if (r < 0 || c < 0 || r >= L || c >= L) return "";
        return say(lang, {"m = {m}，n = {n}：xPos = {x}，普通 RoPE = {r}；缩放指数从偏移 o = −⌈{L}/2⌉ = {min} 数起，在查询与键之间抵消。",
                          "m = {m}, n = {n}: xPos = {x}, plain RoPE = {r}; the scaling exponents count from the offset o = −⌈{L}/2⌉ = {min}, which cancels between query and key."},
                   {{"m", integer(r)}, {"n", integer(c)}, {"x", num(S(r, c), 4)}, {"r", num(rope(r, c), 4)},
                    {"L", integer(L)}, {"min", integer(min_pos)}});
    };
    // One line under the figure: the two exact checks (Toeplitz, the relative form) and the gap to plain RoPE.
    const double toeplitz = toeplitz_residual(S), relative = max_abs(S - rel);
    std::vector<std::string> notes = {
        say(lang, {"离 Toeplitz 的距离 = {t}，与相对形式之差 = {r}{hint}；与普通 RoPE 之差 = {gap}。",
                   "Distance from Toeplitz = {t}, from the relative form = {r}{hint}; from plain RoPE = {gap}."},
            {{"t", exact(toeplitz)}, {"r", exact(relative)}, {"hint", rounding_hint(std::max(toeplitz, relative), lang)},
             {"gap", num(max_abs(S - rope), 4)}}),
    };
    return {make_view(say(lang, {"xPos 分数 S[m,n]（随机 q、k；行 = 查询 m，列 = 键 n）", "xPos scores S[m,n] (random q, k; row = query m, column = key n)"}), std::move(h), std::move(notes))};
}

}  // namespace

// [SECTION] the step
Step xpos_score_matrix() {
    Step s{
        "xpos-scores",
        {"xPos 的分数仍是相对的", "xPos's scores stay relative"},
        {"torchscale 的实现按交错的对旋转，转角从位置 0 数起，缩放的指数却从偏移 o = −⌈L/2⌉ 数起："
         "位置 n 的指数是 (n + o)/γ，让两端的比例都不太大。"
         "查询在 m 处乘以 ζᵢ^((m + o)/γ)，键在 n 处乘以它的倒数 ζᵢ^(−(n + o)/γ)。"
         "q、k 随机生成（种子见右栏），d、base、γ 与上一步相同。悬停可以比较每个格子的 xPos 分数与普通 RoPE 分数。",
         "torchscale's implementation rotates interleaved pairs and counts the angle from position 0, but counts the "
         "scaling exponent from an offset o = −⌈L/2⌉: position n gets the exponent (n + o)/γ, so that neither end's "
         "ratio grows large. The query at m is multiplied by ζᵢ^((m + o)/γ) and the key at n by its reciprocal "
         "ζᵢ^(−(n + o)/γ). The query and key vectors q, k are random (seed in the side column); d, base and γ are the "
         "previous step's. Hover a cell to compare its xPos score with plain RoPE's."},
        {"L", "d_spectrum", "base", "seed", "gamma"},
        views_of(read_inputs, xpos_scores_views),
        // One equation, short enough to share the title's row (the offset o is defined in the text).
        {R"tex(\tilde q_m^\top\tilde k_n=\textstyle\sum_i \zeta_i^{(m+o)/\gamma}\,\zeta_i^{-(n+o)/\gamma}\,s_i=\sum_i\zeta_i^{\Delta/\gamma}\,s_i,\quad s_i=\langle R(\Delta\theta_i)\,q_{(i)},\,k_{(i)}\rangle)tex"},
    };
    s.takeaway = {"每条对角线一个值（离 Toeplitz {t}）：指数的偏移 o = {o} 在 (m + o) − (n + o) 中抵消，只剩 ζᵢ^(Δ/γ)。",
                  "xPos's scores are constant per diagonal ({t} from Toeplitz): the exponent offset o = {o} cancels in (m + o) − (n + o)."};
    s.takeaway_args = args_of(read_inputs, +[](const Inputs& in, Lang) {
        return std::vector<Arg>{{"t", exact(toeplitz_residual(xpos_random_scores(in)))}, {"o", integer(xpos_min_pos(in.L))}};
    });
    return s;
}

}  // namespace rope_lesson
}  // namespace pelab
