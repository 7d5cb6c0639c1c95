// PE Lab — lessons/position_maps/distance_profile.cpp
// The long-sequence page, step "distance-profile": the profile f(Δ) along distance, near the diagonal and over the
// whole range (every map is Toeplitz, so the reduction over distance is a curve the core computes).
// Comments are English only: the font subset is built from the characters inside .cpp string literals.
//
// [SECTION] views
// [SECTION] the step
#include <algorithm>
#include <cmath>
#include <memory>
#include <string>
#include <vector>

#include "core/constants.h"
#include "core/rope/model_presets.h"
#include "core/maps/position_map.h"
#include "core/maps/position_map_filter.h"
#include "lessons/lesson_util.h"
#include "lessons/position_maps/position_maps_lesson.h"

namespace pelab {
namespace position_maps_lesson {

using namespace lessonui;

// [SECTION] views
namespace {

// f(Δ) at the given Δ from the full profile (masked ones, causal ALiBi's Δ < 0, left out).
CurveView profile_curve(const std::vector<double>& profile, long long last, const std::vector<long long>& deltas) {
    CurveView curve;
    curve.series_labels = {"f(Δ)"};
    curve.series.resize(1);
    for (long long d : deltas) {
        const double v = profile[size_t(d + last)];
        if (std::isnan(v)) continue;
        curve.x.push_back(double(d));
        curve.series[0].push_back(v);
    }
    return curve;
}

std::vector<ViewData> profile_views(const PositionMapSpec& s, Lang lang) {
    const long long last = s.L - 1;
    // Near the diagonal every Δ; over the whole range 801 exact samples (the map itself shows every cell).
    const long long near = std::min<long long>(last, 256);
    std::vector<long long> every, spread;
    for (long long d = -near; d <= near; ++d) every.push_back(d);
    for (int k = -400; k <= 400; ++k) spread.push_back(last * k / 400);
    const std::vector<double> profile = position_map_full_profile(s);  // once: O(L·d)
    return {make_view(say(lang, {"对角线附近的 f(Δ)（每个 Δ），Δ = q − k：{map}", "f(Δ) near the diagonal (every Δ), Δ = q − k: {map}"},
                          {{"map", position_map_name(s.kind)}}),
                      profile_curve(profile, last, every)),
            make_view(say(lang, {"整个范围的 f(Δ)（801 个样本）", "f(Δ) over the whole range (801 samples)"}),
                      profile_curve(profile, last, spread),
                      {say(lang, {"每条对角线上的所有单元相等，所以“分数按距离取平均”无需归约：它就是这条曲线，由 core 以 O(L·d) 精确算出。",
                                  "Every cell of a diagonal holds the same value, so \"mean score against distance\" needs no "
                                  "reduction: it is this curve, computed exactly by the core in O(L·d)."})})};
}

}  // namespace

// [SECTION] the step
Step profile_along_distance() {
    Step step{
        "distance-profile",
        {"沿距离的剖面", "The profile along distance"},
        {
        "曲线画出整个范围内的 f(Δ)：RoPE 的长程衰减、ALiBi 的直线和 T5 的对数分桶一目了然。"
        "这五种图都只依赖 Δ = q − k：沿每条对角线取值不变（[[toeplitz|Toeplitz 矩阵]]）。所以按距离的归约不必在 GPU 上对 L² 个单元求和，"
        "core 直接沿 Δ 计算即可。",
        "The curve plots f(Δ) over the whole range: RoPE's long-range decay, ALiBi's straight line and T5's "
        "logarithmic buckets at a glance. All five maps depend on Δ = q − k only: the value is constant along every "
        "diagonal (a [[toeplitz|Toeplitz matrix]]). A reduction over distance therefore needs no GPU sum over L² "
        "cells; the core computes it directly along Δ."},
        all_keys(),
        views_of(spec_from, profile_views),
        {R"tex(M[q,k]=f(\Delta),\qquad \Delta=q-k\in\{-(L-1),\dots,L-1\})tex"},
    };
    step.takeaway = {"每张图的值只依赖 Δ = q − k，所以 {count} 个距离上的曲线 f(Δ) 就是整张图：每条对角线一个值，不必对 L² 个单元求和。",
                     "Each map's value depends on Δ = q − k only, so the curve f(Δ) over its {count} distances is the whole "
                     "map: one value per diagonal, no sum over L² cells."};
    step.takeaway_args = [](const ParamSet& p, Lang) {
        return std::vector<Arg>{{"count", integer(2LL * params().read(p).L - 1)}};
    };
    step.params_for = [](const ParamSet& p) {  // the profile shows the values, never their softmax or a filtered image
        std::vector<std::string> keys = keys_for(p);
        for (const char* drawn_only : {"softmax", "filter"}) keys.erase(std::remove(keys.begin(), keys.end(), drawn_only), keys.end());
        return keys;
    };
    return step;
}

}  // namespace position_maps_lesson
}  // namespace pelab
