// PE Lab — lessons/rope/xpos.cpp
// Lesson "rope", step "xpos": xPos (Sun et al. 2022) as torchscale's XPOS implements it — pair i of the query at m
// scaled by ζᵢ^(m/γ) and of the key at n by ζᵢ^(−n/γ), ζᵢ = (2i + 0.4d)/(1.4d), so the score decays with
// m − n and stays relative: the decay curve against plain RoPE. The score matrix of a random q, k is the next
// step (xpos_scores.cpp).
// Every number shown comes from core (relative_methods.h, rope.h).
// Comments are English only: the font subset is built from the characters inside .cpp string literals.
//
// [SECTION] the views and the step, with its questions
#include <algorithm>
#include <cmath>
#include <string>
#include <vector>

#include "core/relative/relative_methods.h"
#include "lessons/lesson_util.h"
#include "lessons/rope/rope_lesson.h"

namespace pelab {
namespace rope_lesson {

namespace {

using namespace lessonui;  // shared display helpers (lessons/lesson_util.h)

// [SECTION] the views and the step, with its questions
// Score of q = k = unit pairs at distance Δ = m − n for RoPE and xPos, and xPos's decay alone, d = d_spectrum.
ViewData xpos_curve_view(const Inputs& in, Lang lang) {
    const int d = in.d_spectrum;
    const Eigen::VectorXd theta = rope_default_inv_freq(d, in.base), zeta = xpos_zeta(d);
    CurveView curve;
    const int stride = std::max(1, in.max_dist / 600);
    for (int delta = 0; delta <= in.max_dist; delta += stride) curve.x.push_back(delta);
    if (curve.x.back() < in.max_dist) curve.x.push_back(in.max_dist);  // the notes read the curve at max_dist
    curve.series = {rope_decay_curve(theta, curve.x), xpos_decay_curve(theta, zeta, in.gamma, curve.x),
                    xpos_decay_curve(theta, zeta, in.gamma, curve.x, true)};
    curve.series_labels = {say(lang, {"RoPE：(2/d) Σ cos(Δθᵢ)", "RoPE: (2/d) Σ cos(Δθᵢ)"}),
                           say(lang, {"xPos：(2/d) Σ ζᵢ^(Δ/γ) cos(Δθᵢ)", "xPos: (2/d) Σ ζᵢ^(Δ/γ) cos(Δθᵢ)"}),
                           say(lang, {"xPos 的衰减 (2/d) Σ ζᵢ^(Δ/γ)", "xPos's decay (2/d) Σ ζᵢ^(Δ/γ)"})};
    curve.series_dashed = {false, false, true};
    curve.x_axis = say(lang, {"距离 Δ = m − n（查询在键之后）", "distance Δ = m − n (query after key)"});
    curve.y_axis = say(lang, {"q = k = 1 的分数，Δ = 0 处为 1", "score of q = k = 1, 1 at Δ = 0"});
    curve.vlines_x = {in.gamma <= in.max_dist ? in.gamma : static_cast<double>(in.max_dist)};
    curve.vline_labels = {in.gamma <= in.max_dist ? std::string("γ") : say(lang, {"上下文长度", "context length"})};
    const double far = static_cast<double>(in.max_dist);
    const int last = d / 2 - 1;
    std::vector<std::string> notes = {
        say(lang, {"⊙ 让第 i 对乘自己的 ζᵢ 的幂。d = {d}：ζ₀ = {z0}，最后一对 ζ = {zl}；在 Δ = {far} 处第 0 对乘 {s0}，最后一对乘 {sl}。",
                   "⊙: pair i is multiplied by a power of its own ζᵢ. d = {d}: ζ₀ = {z0}, the last pair's ζ = {zl}; at Δ = {far} pair 0 is multiplied by {s0}, the last pair by {sl}."},
            {{"d", integer(d)}, {"z0", num(zeta(0), 4)}, {"zl", num(zeta(last), 4)}, {"far", integer(in.max_dist)},
             {"s0", num(std::pow(zeta(0), far / in.gamma), 4)}, {"sl", num(std::pow(zeta(last), far / in.gamma), 4)}}),
        say(lang, {"xPos 的衰减在 Δ = {far} 处降到 {env}；RoPE 在该处的分数 = {rope}，xPos = {xpos}。",
                   "xPos's decay falls to {env} at Δ = {far}; there RoPE's score is {rope} and xPos's {xpos}."},
            {{"far", integer(in.max_dist)}, {"env", num(curve.series[2].back(), 4)}, {"rope", num(curve.series[0].back(), 4)},
             {"xpos", num(curve.series[1].back(), 4)}}),
    };
    return make_view(say(lang, {"xPos 的衰减与普通 RoPE 对比", "xPos's decay against plain RoPE"}), std::move(curve), std::move(notes));
}

std::vector<ViewData> xpos_views(const Inputs& in, Lang lang) { return {xpos_curve_view(in, lang)}; }

}  // namespace

Step xpos_decay() {
    Step s = {
        "xpos",
        {"xPos：给 RoPE 乘上衰减", "xPos: RoPE times a decay"},
        {"RoPE 的分数本身不会随距离单调变小。xPos（Sun 等，2022）在旋转之外，给位置 m 上查询的第 i 对乘 ζᵢ^(m/γ)，"
         "给位置 n 上键的第 i 对乘 ζᵢ^(−n/γ)，其中 ζᵢ = (2i + 0.4d)/(1.4d) < 1，γ 默认 512。"
         "转得快的前几对 ζ 最小，最慢的一对 ζ 接近 1。因果注意力只用 m ≥ n 的格子（查询在键之后），其余的被掩码去掉。",
         "RoPE's score does not shrink steadily with distance by itself. xPos (Sun et al. 2022) multiplies, on top of "
         "the rotation, pair i of the query at m by ζᵢ^(m/γ) and pair i of the key at n by ζᵢ^(−n/γ), with "
         "ζᵢ = (2i + 0.4d)/(1.4d) < 1 and γ = 512 by default. The fast first pairs have the smallest ζ; the slowest "
         "pair's ζ is close to 1. Causal attention uses only the cells m ≥ n, a query after its key; the mask removes "
         "the others."},
        {"d_spectrum", "base", "gamma", "max_dist"},
        views_of(read_inputs, xpos_views),
        {R"tex(\tilde q_m=\zeta^{m/\gamma}\odot R_m q,\qquad \tilde k_n=\zeta^{-n/\gamma}\odot R_n k,\qquad \zeta_i=\frac{2i+0.4d}{1.4d})tex"},
    };
    s.questions = {
        {{"xPos 给位置 m 的查询乘 ζ^(m/γ)、给位置 n 的键乘 ζ^(−n/γ)。同一对 q、k 放在 (5, 5) 和 (500, 500)，分数相同吗？",
          "xPos multiplies the query at m by ζ^(m/γ) and the key at n by ζ^(−n/γ). Is the score of one q, k pair the "
          "same at (5, 5) and at (500, 500)?"},
         {{"相同", "Yes, the same"},
          {"不同：(500, 500) 处更小", "No: smaller at (500, 500)"},
          {"不同：(500, 500) 处更大", "No: larger at (500, 500)"}},
         0,
         [](const ParamSet& p, Lang lang) {
             const Inputs in = read_inputs(p);
             const int d = in.d_spectrum;
             const double base = in.base, gamma = in.gamma;
             const Eigen::VectorXd theta = rope_default_inv_freq(d, base), zeta = xpos_zeta(d);
             Eigen::VectorXd q = Eigen::VectorXd::Zero(d), k = Eigen::VectorXd::Zero(d);
             for (int i = 0; i < d; i += 2) q(i) = k(i) = 1.0;
             const int length = 501;
             auto score = [&](int pos) {
                 return xpos_apply(q, pos, length, theta, zeta, gamma, false)
                     .dot(xpos_apply(k, pos, length, theta, zeta, gamma, true));
             };
             const double near = score(5), far = score(500);
             return say_error(lang,
                              {"查询与键的因子相乘得 ζᵢ^(Δ/γ)，Δ = m − n，m = n 时为 1；torchscale 给两边指数加的偏移 {min} 也相互抵消。"
                               "d = {d}、γ = {gamma}、q = k = (1, 0, …) 时，(5, 5) 处分数 = {near}，(500, 500) 处 = {far}，差 {err}{hint}。",
                               "The query's and the key's factors multiply to ζᵢ^(Δ/γ), Δ = m − n, which is 1 for m = n; the offset "
                               "{min} that torchscale adds to both exponents cancels too. With d = {d}, γ = {gamma} and "
                               "q = k = (1, 0, …), the score at (5, 5) is {near} and at (500, 500) {far}, a difference of {err}{hint}."},
                              std::abs(far - near),
                              {{"min", integer(xpos_min_pos(length))}, {"d", integer(d)}, {"gamma", num(gamma)},
                               {"near", num(near)}, {"far", num(far)}});
         }},
    };
    s.questions[0].predict = true;  // asked before the curve: the title and prose leave the product of the ratios out
    s.takeaway = {"查询与键的因子相乘得 ζᵢ^(Δ/γ)，分数仍只看 Δ，且因 ζᵢ < 1 随之变小：Δ = {far} 处衰减为 {env}；第 0 对（ζ = {z0}）衰减最多。",
                  "The query's and the key's factors multiply to ζᵢ^(Δ/γ), so the score still sees only Δ and, as ζᵢ < 1, "
                  "shrinks with it: at Δ = {far} the decay is {env}; pair 0 (ζ = {z0}) decays most."};
    s.takeaway_args = args_of(read_inputs, +[](const Inputs& in, Lang) {
        const int d = in.d_spectrum;
        const Eigen::VectorXd theta = rope_default_inv_freq(d, in.base), zeta = xpos_zeta(d);
        const std::vector<double> far = {static_cast<double>(in.max_dist)};
        return std::vector<Arg>{{"far", integer(in.max_dist)},
                                {"env", num(xpos_decay_curve(theta, zeta, in.gamma, far, true).front(), 4)},
                                {"z0", num(zeta(0), 4)}};
    });
    return s;
}


}  // namespace rope_lesson
}  // namespace pelab
