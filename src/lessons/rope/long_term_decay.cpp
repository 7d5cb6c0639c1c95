// PE Lab — lessons/rope/long_term_decay.cpp
// Lesson "rope", step "long-term-decay": RoFormer's long-term decay — the size of the score of q = k = 1 at
// distance Δ under RoFormer's bound B(Δ), in the same units (the bound drawn above what it bounds), on log axes
// for bases 10⁴, 5·10⁵, 10⁶ and the chosen one, with a table of the bound near and far and the largest far score.
// Comments are English only: the font subset is built from the characters inside .cpp string literals.
//
// [SECTION] views
// [SECTION] the step
#include <algorithm>
#include <cmath>
#include <string>
#include <vector>

#include "core/rope/rope_decay.h"
#include "lessons/lesson_util.h"
#include "lessons/rope/rope_lesson.h"

namespace pelab {
namespace rope_lesson {

using namespace lessonui;

// [SECTION] views
namespace {
// A base as the legend writes it, short: 10⁴, 5·10⁵, 10⁶ for a digit times a power of ten, else num(b).
std::string short_base(double b) {
    static const char* const kSuperscript[] = {"⁰", "¹", "²", "³", "⁴", "⁵", "⁶", "⁷", "⁸", "⁹"};
    for (int k = 1; k <= 9; ++k) {
        const double p = std::pow(10.0, k), a = b / p;
        if (a >= 1.0 && a < 10.0 && std::fabs(a - std::round(a)) < 1e-12) {
            const int digit = static_cast<int>(std::round(a));
            return (digit == 1 ? std::string() : std::to_string(digit) + "·") + "10" + kSuperscript[k];
        }
    }
    return num(b);
}

// RoFormer's decay figure on log axes out to 65,536: for bases 10⁴, 5·10⁵, 10⁶ (and the chosen base) the size of
// the score of q = k = 1, |s(Δ)| = |Σᵢ cos(Δθᵢ)|/(d/2), and the bound B(Δ) (dashed) in the same units, so that the
// bound is drawn above what it bounds: |s(Δ)| ≤ (2/d)|Σᵢ e^{iΔθᵢ}| = (2/d)|S_{d/2}| ≤ B(Δ). The table beside it:
// per base B(1), B(far) and the largest |s| for Δ ≥ 4096.
constexpr double kTailFrom = 4096;
constexpr int kCurvePoints = 160;  // distances drawn (and searched for the bound's lowest value)

int farthest_distance(const Inputs& in) { return std::max(65536, in.max_dist); }  // a model's context stays in view

std::vector<ViewData> long_term_decay_views(const Inputs& in, Lang lang) {
    const int kFarthest = farthest_distance(in);
    CurveView curve;
    curve.x = log_spaced_integers(1, kFarthest, kCurvePoints);
    curve.log_x = true;
    curve.log_y = true;
    curve.x_axis = say(lang, {"相对距离 Δ = m − n（对数轴）", "relative distance Δ = m − n (log axis)"});
    std::vector<double> bases = {1e4, 5e5, 1e6};
    if (std::find(bases.begin(), bases.end(), in.base) == bases.end()) bases.push_back(in.base);
    const double b0 = rope_relative_upper_bound(rope_default_inv_freq(in.d, bases.front()), 0.0);
    TableView table;
    table.values.resize(static_cast<Eigen::Index>(bases.size()), 3);
    for (std::size_t r = 0; r < bases.size(); ++r) {
        const double b = bases[r];
        const Eigen::VectorXd th = rope_default_inv_freq(in.d, b);
        std::vector<double> size = rope_decay_curve(th, curve.x);
        // The log axis needs a positive value; a score of exactly 0 at an integer Δ does not occur in practice.
        for (double& y : size) y = std::max(std::fabs(y), 1e-12);
        const std::vector<double> bound = rope_relative_upper_bound(th, curve.x);
        double tail_score = 0.0;
        for (std::size_t i = 0; i < curve.x.size(); ++i)
            if (curve.x[i] >= kTailFrom) tail_score = std::max(tail_score, size[i]);
        table.values.row(static_cast<Eigen::Index>(r)) << bound.front(), bound.back(), tail_score;
        table.row_labels.push_back(short_base(b));  // as the legend writes it
        curve.series.push_back(std::move(size));
        curve.series.push_back(bound);
        // Short labels (the base after the curve's name), so that the legend takes one line.
        curve.series_labels.push_back(say(lang, {"|s|，{b}", "|s|, {b}"}, {{"b", short_base(b)}}));
        curve.series_labels.push_back(say(lang, {"B，{b}", "B, {b}"}, {{"b", short_base(b)}}));
        curve.series_dashed.push_back(false);
        curve.series_dashed.push_back(true);
    }
    curve.vlines_x = {static_cast<double>(in.max_dist)};
    curve.vline_labels = {say(lang, {"上下文长度", "context length"})};
    table.col_labels = {"B(1)", say(lang, {"B({far})", "B({far})"}, {{"far", integer(kFarthest)}}),
                        say(lang, {"Δ ≥ {from} 时最大 |s|", "largest |s|, Δ ≥ {from}"}, {{"from", integer(static_cast<long long>(kTailFrom))}})};
    table.corner = say(lang, {"底数", "base"});
    table.decimals = 4;
    // d and the two values at Δ = 0 in the axis caption (no note line under the curve: the table fits below).
    curve.y_axis = say(lang, {"每对平均（对数轴；d = {d}：s(0) = 1，B(0) = {b0}）", "per pair (log axis; d = {d}: s(0) = 1, B(0) = {b0})"},
                       {{"d", integer(in.d)}, {"b0", num(b0)}});
    return {make_view(say(lang, {"长程衰减：q = k = 1 的 |分数| 与 RoFormer 的上界 B(Δ)", "Long-term decay: |score| of q = k = 1 under RoFormer's bound B(Δ)"}),
                      std::move(curve)),
            make_view(say(lang, {"每个底数：上界的近处与远处", "Each base: the bound near and far"}), std::move(table))};
}

}  // namespace

// [SECTION] the step
Step long_term_decay() {
    Step s{
        "long-term-decay",
        {"长程衰减：RoFormer（RoPE 的论文）给分数的上界", "Long-term decay: the bound of RoFormer (the RoPE paper)"},
        {"RoFormer 论文用 Abel 求和给 q = k = 1 的分数 s(Δ) 一个上界：|s(Δ)| ≤ B(Δ)，B 是部分和 |Σ_{p<j} e^{iΔθ_p}| 的平均。"
         "实线是 |s(Δ)|，虚线是 B(Δ)，两轴都取对数，底数取 10⁴、5·10⁵、10⁶ 和右栏的 base。"
         "两者都按每对平均（除以 d/2），所以 s(0) = 1 而 B(0) = (d/2 + 1)/2：这个上界很松，但它随 Δ 下降。论文只画 B(Δ)，称为“相对上界”。"
         "表格给出每个底数的上界在近处、远处的值和远处 |s| 的最大值。",
         "The RoFormer paper bounds the score s(Δ) of q = k = 1 by Abel summation: |s(Δ)| ≤ B(Δ), the mean length of "
         "the partial sums Σ_{p<j} e^{iΔθ_p}. Solid lines are |s(Δ)|, dashed lines B(Δ), on log axes, for the bases "
         "10⁴, 5·10⁵, 10⁶ and the side column's base. Both are per pair (divided by d/2), so s(0) = 1 while "
         "B(0) = (d/2 + 1)/2: the bound is loose, but it falls with Δ. The paper plots B(Δ) alone, as its 'relative "
         "upper bound'. The table gives each base's bound near and far and the largest far |s|."},
        {"d_spectrum", "base", "max_dist"},
        views_of(read_spectrum_inputs, long_term_decay_views),
        {R"tex(s(\Delta)=\frac{2}{d}\sum_{i=0}^{d/2-1}\cos(\Delta\,\theta_i),\qquad |s(\Delta)|\le\frac{2}{d}\Bigl|\sum_{p=0}^{d/2-1}e^{\mathrm{i}\,\Delta\,\theta_p}\Bigr|\le B(\Delta))tex",
         R"tex(B(\Delta)=\frac{2}{d}\sum_{j=1}^{d/2}\Bigl|\sum_{p=0}^{j-1}e^{\mathrm{i}\,\Delta\,\theta_p}\Bigr|)tex"},
    };
    s.takeaway = {"B(1) = {near} → B({far}) = {farv}，但 B ≥ {bmin}，而 |s| ≤ 1：上界很松，只反映最坏情况的趋势，不是分数本身。",
                  "B(1) = {near} → B({far}) = {farv}, yet B ≥ {bmin} while |s| ≤ 1: a loose bound showing the worst case's trend, not the score."};
    s.takeaway_args = args_of(read_spectrum_inputs, +[](const Inputs& in, Lang) {
        const int far = farthest_distance(in);
        // The lowest the drawn bound gets over the curve's distances (the same points the figure draws).
        const std::vector<double> bound = rope_relative_upper_bound(in.theta, log_spaced_integers(1, far, kCurvePoints));
        return std::vector<Arg>{{"near", num(rope_relative_upper_bound(in.theta, 1.0), 4)},
                                {"far", integer(far)},
                                {"farv", num(rope_relative_upper_bound(in.theta, far), 4)},
                                {"bmin", num(*std::min_element(bound.begin(), bound.end()), 3)}};
    });
    return s;
}

}  // namespace rope_lesson
}  // namespace pelab
