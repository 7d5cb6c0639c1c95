// PE Lab — lessons/rope/long_term_decay.cpp
// Lesson "rope", step "long-term-decay": RoFormer's long-term decay — the score of q = k = 1 at distance Δ and
// the relative upper bound B(Δ)/B(0) on a log-Δ axis for bases 10⁴, 5·10⁵, 10⁶ and the chosen one, with a table
// of the bound near and far and the largest far score per base.
// Comments are English only: the font subset is built from the characters inside .cpp string literals.
//
// [SECTION] views
// [SECTION] the step
#include <algorithm>
#include <cmath>
#include <string>
#include <vector>

#include "core/rope_decay.h"
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

// RoFormer's decay figure on a log-Δ axis out to 65,536: for bases 10⁴, 5·10⁵, 10⁶ (and the chosen base) the
// score of q = k = 1, Σᵢ cos(Δθᵢ)/(d/2), and the relative upper bound B(Δ) divided by B(0) (dashed), both 1 at
// Δ = 0. The table beside it: per base B(1)/B(0), B(far)/B(0) and the largest |score| for Δ ≥ 4096.
std::vector<ViewData> long_term_decay_views(const Inputs& in, Lang lang) {
    const int kFarthest = std::max(65536, in.max_dist);  // a model's context beyond 65,536 stays in view
    constexpr double kTailFrom = 4096;
    CurveView curve;
    curve.x = log_spaced_integers(1, kFarthest, 160);
    curve.log_x = true;
    curve.x_axis = say(lang, {"相对距离 Δ（对数轴）", "relative distance Δ (log axis)"});
    std::vector<double> bases = {1e4, 5e5, 1e6};
    if (std::find(bases.begin(), bases.end(), in.base) == bases.end()) bases.push_back(in.base);
    const double b0 = rope_relative_upper_bound(rope_default_inv_freq(in.d, bases.front()), 0.0);
    TableView table;
    table.values.resize(static_cast<Eigen::Index>(bases.size()), 3);
    for (std::size_t r = 0; r < bases.size(); ++r) {
        const double b = bases[r];
        const Eigen::VectorXd th = rope_default_inv_freq(in.d, b);
        std::vector<double> bound = rope_relative_upper_bound(th, curve.x);
        for (double& y : bound) y /= b0;
        curve.series.push_back(rope_decay_curve(th, curve.x));
        curve.series.push_back(bound);
        // Short labels (the base after the curve's name), so that the legend takes one line.
        curve.series_labels.push_back(say(lang, {"s，{b}", "s, {b}"}, {{"b", short_base(b)}}));
        curve.series_labels.push_back(say(lang, {"B/B(0)，{b}", "B/B(0), {b}"}, {{"b", short_base(b)}}));
        curve.series_dashed.push_back(false);
        curve.series_dashed.push_back(true);
        const std::vector<double>& score = curve.series[curve.series.size() - 2];
        double tail_score = 0.0;
        for (std::size_t i = 0; i < curve.x.size(); ++i)
            if (curve.x[i] >= kTailFrom) tail_score = std::max(tail_score, std::fabs(score[i]));
        table.values.row(static_cast<Eigen::Index>(r)) << bound.front(), bound.back(), tail_score;
        table.row_labels.push_back(short_base(b));  // as the legend writes it
    }
    curve.vlines_x = {static_cast<double>(in.max_dist)};
    curve.vline_labels = {"max_dist"};
    table.col_labels = {"B(1)/B(0)", say(lang, {"B({far})/B(0)", "B({far})/B(0)"}, {{"far", integer(kFarthest)}}),
                        say(lang, {"Δ ≥ {from} 时最大 |分数|", "largest |score|, Δ ≥ {from}"}, {{"from", integer(static_cast<long long>(kTailFrom))}})};
    table.corner = say(lang, {"底数", "base"});
    table.decimals = 4;
    // d and B(0) in the axis caption (no note line under the curve: the table below fits on the first screen).
    curve.y_axis = say(lang, {"除以 Δ = 0 处的值（d = {d}，B(0) = {b0}）；图例里的数是底数", "divided by the value at Δ = 0 (d = {d}, B(0) = {b0}); the legend names each base"},
                       {{"d", integer(in.d)}, {"b0", num(b0)}});
    return {make_view(say(lang, {"长程衰减：q = k = 1 的分数与 RoFormer 的相对上界", "Long-term decay: the score of q = k = 1 and RoFormer's relative upper bound"}),
                      std::move(curve)),
            make_view(say(lang, {"每个底数：上界的近处与远处", "Each base: the bound near and far"}), std::move(table))};
}

}  // namespace

// [SECTION] the step
Step long_term_decay() {
    return {
        "long-term-decay",
        {"长程衰减", "Long-term decay"},
        {"距离越远，分数和它的上界 B(Δ) 越小；底数越大，下降开始得越晚。"
         "q = k = 1 的分数一边振荡一边变小，RoFormer 的相对上界 B(Δ) 也随之下降。"
         "实线是分数 s(Δ)，虚线是 RoFormer 论文用 Abel 求和得到的上界 B(Δ)（除以 B(0)），底数取 10⁴、5·10⁵、10⁶ 和右栏的 base；"
         "B(0) = (d/2 + 1)/2，所有曲线都除以 Δ = 0 处的值，从 1 开始。"
         "表格给出每个底数的上界在近处、远处的值和远处分数的最大绝对值。",
         "The further apart, the smaller the score and its bound B(Δ); the larger the base, the later the fall. "
         "The score of q = k = 1 shrinks while oscillating, and RoFormer's relative upper bound B(Δ) falls with "
         "it. Solid lines are the score "
         "s(Δ), dashed lines the bound B(Δ) (divided by B(0)) that the RoFormer paper derives by Abel summation, for "
         "the bases 10⁴, 5·10⁵, 10⁶ and the side column's base; B(0) = (d/2 + 1)/2, and every curve is divided by "
         "its value at Δ = 0, so it starts at 1. The table gives each base's bound near and far and the largest far "
         "score."},
        {"d_spectrum", "base", "max_dist"},
        views_of(read_spectrum_inputs, long_term_decay_views),
        {R"tex(B(\Delta)=\frac{2}{d}\sum_{j=1}^{d/2}\Bigl|\sum_{p=0}^{j-1}e^{\mathrm{i}\,\Delta\,\theta_p}\Bigr|)tex",
         R"tex(s(\Delta)=\frac{2}{d}\sum_{i=0}^{d/2-1}\cos(\Delta\,\theta_i))tex"},
    };
}

}  // namespace rope_lesson
}  // namespace pelab
