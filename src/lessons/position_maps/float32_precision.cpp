// PE Lab — lessons/position_maps/float32_precision.cpp
// The long-sequence page, step "float32-precision": why float32 needs care at 65,536: cos(Δ·θ₁) computed naively in
// float32 and from the integer phase, against the double reference.
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

// The gap between x and the next float32 (x > 0): one unit in the last of float32's 24 significant bits.
double ulp_at(double x) { return std::ldexp(1.0, std::ilogb(x) - 23); }

// The map the step measures (the trigonometric ones: RoPE, else sinusoidal) and the pair it shows.
PositionMapSpec measured_map(PositionMapSpec s) {
    if (s.kind != PositionMapKind::rope) s.kind = PositionMapKind::sinusoidal;
    s.softmax = false;  // the phases do not depend on it, and its normalisers cost O(L·d)
    return s;
}

// The largest errors of both methods over the curve's samples (the takeaway's numbers).
void largest_errors(const PositionMapSpec& map, double* naive, double* phase) {
    const PositionMapSpec s = measured_map(map);
    const PositionMapGpu g = position_map_gpu(s);
    const Eigen::VectorXd theta = s.kind == PositionMapKind::rope ? position_map_rope_frequencies(s).inv_freq
                                                                   : sinusoidal_frequencies(s.d, s.base, s.variant);
    const int pair = theta.size() > 1 ? 1 : 0;
    const double th = theta(pair);
    *naive = *phase = 0;
    for (int k = 1; k <= 400; ++k) {
        const long long d = std::max(1LL, (static_cast<long long>(s.L) - 1) * k / 400);
        const double ref = std::cos(double(d) * th);
        float sn, cs;
        sincos_turns_f32(position_map_phase(g, pair, d), &sn, &cs);
        *naive = std::max(*naive, std::fabs(double(std::cos(float(d) * float(th))) - ref));
        *phase = std::max(*phase, std::fabs(double(cs) - ref));
    }
}

std::vector<ViewData> float32_views(const PositionMapSpec& map, Lang lang) {
    const PositionMapSpec s = measured_map(map);  // the trigonometric maps
    const PositionMapGpu g = position_map_gpu(s);
    const Eigen::VectorXd theta = s.kind == PositionMapKind::rope ? position_map_rope_frequencies(s).inv_freq
                                                                   : sinusoidal_frequencies(s.d, s.base, s.variant);
    const int pair = theta.size() > 1 ? 1 : 0;  // pair 1: θ is not a power of two, so float32 rounds it
    const double th = theta(pair);

    TableView table;
    table.col_labels = {say(lang, {"参考（double）", "reference (double)"}), say(lang, {"朴素 float32 误差", "naive float32 error"}),
                        say(lang, {"整数相位误差", "integer phase error"})};
    const long long last = s.L - 1;
    const std::vector<long long> deltas = {1, 100, 4096, last / 2, last - 1, last};
    table.values.resize(Eigen::Index(deltas.size()), 3);
    for (size_t r = 0; r < deltas.size(); ++r) {
        const long long d = deltas[r];
        const double ref = std::cos(double(d) * th);
        const float naive = std::cos(float(d) * float(th));
        float sn, cs;
        sincos_turns_f32(position_map_phase(g, pair, d), &sn, &cs);
        table.row_labels.push_back(say(lang, {"Δ = {delta}", "Δ = {delta}"}, {{"delta", integer(d)}}));
        table.values.row(Eigen::Index(r)) << ref, std::fabs(double(naive) - ref), std::fabs(double(cs) - ref);
    }
    table.decimals = 9;

    // Error against Δ for both methods, sampled across the whole range.
    // The float32 spacing at Δ·θ₁ beside them (dashed): the naive error follows it, which is the reason.
    CurveView curve;
    curve.series_labels = {say(lang, {"朴素 float32", "naive float32"}), say(lang, {"整数相位", "integer phase"}),
                           say(lang, {"float32 间距 ulp(Δ·θ₁)", "float32 spacing ulp(Δ·θ₁)"})};
    curve.series.resize(3);
    curve.series_dashed = {false, false, true};
    curve.x_axis = "Δ";
    curve.y_axis = say(lang, {"log10 |误差|", "log10 |error|"});
    const int samples = 400;
    for (int k = 1; k <= samples; ++k) {
        const long long d = std::max(1LL, last * k / samples);
        const double ref = std::cos(double(d) * th);
        float sn, cs;
        sincos_turns_f32(position_map_phase(g, pair, d), &sn, &cs);
        curve.x.push_back(double(d));
        curve.series[0].push_back(std::log10(std::max(1e-12, std::fabs(double(std::cos(float(d) * float(th))) - ref))));
        curve.series[1].push_back(std::log10(std::max(1e-12, std::fabs(double(cs) - ref))));
        curve.series[2].push_back(std::log10(ulp_at(double(d) * th)));
    }
    const std::string spacing =
        say(lang, {"Δ = L − 1 处 float32 的间距 ulp(Δ·θ₁) = {ulp} 弧度", "Spacing of float32 at Δ = L − 1: ulp(Δ·θ₁) = {ulp} rad"},
            {{"ulp", num(ulp_at(double(last) * th), 3)}});
    return {make_view(say(lang, {"cos(Δ·θ₁) 三种算法，θ₁ = {theta}", "cos(Δ·θ₁) three ways, θ₁ = {theta}"}, {{"theta", num(th)}}),
                      std::move(table)),
            make_view(say(lang, {"|误差| 随 Δ 的变化（log10）", "|error| against Δ (log10)"}), std::move(curve), {spacing})};
}

}  // namespace

// [SECTION] the step
Step float32_at_65536() {
    Step step = {
        "float32-precision",
        {"为什么 float32 在 65,536 处要小心", "Why float32 needs care at 65,536"},
        {
        "[[float32]] 只有 24 位有效数字：Δ·θ 接近 65,536 时，相邻两个可表示的数相差 2⁻⁸ 弧度，所以直接计算 sin(Δ·θ) 会带着"
        "这么大的误差。着色器改为把 θ/2π 存成 64 位定点数，用 32 位整数乘法精确算出 Δ·θ/2π 的小数部分（整数乘法在 GLSL ES 3.00 中"
        "按 2³² 取模回绕），再用整数找出最近的四分之一圈，剩下不超过 π/4 的角度用多项式求 sin 和 cos。这样相位精确到 2⁻³² 圈，"
        "而且不依赖驱动自带的 sin（GLSL 只保证 2⁻¹¹ 的绝对误差）。表格和曲线比较两种做法与 double 参考值的差距，虚线是 float32 的间距 [[ulp]]。",
        "[[float32]] has 24 significant bits: near Δ·θ ≈ 65,536, neighbouring representable numbers are 2⁻⁸ rad "
        "apart, so computing sin(Δ·θ) directly carries an error that large. The shader instead stores θ/2π as a "
        "64-bit fixed-point number and gets the fractional part of Δ·θ/2π exactly with 32-bit integer "
        "multiplication (which wraps modulo 2³² in GLSL ES 3.00), finds the nearest quarter turn with integers, and "
        "evaluates sin and cos of the remaining angle, at most π/4, with polynomials. The phase is then exact to "
        "2⁻³² of a turn, and the driver's own sin (GLSL promises only 2⁻¹¹ absolute error) is never used. The table "
        "and the curve compare both methods with the double-precision reference; the dashed line is float32's "
        "spacing, the [[ulp]]."},
        {"L", "d", "base"},
        views_of(spec_from, float32_views),
        {{R"tex(\mathrm{ulp}(x)=2^{\lfloor\log_2 x\rfloor-23},\qquad \phi=\Bigl(\Delta\cdot\frac{\theta}{2\pi}\Bigr)\bmod 1\ \ \text{（32 位整数精确算出）})tex",
          R"tex(\mathrm{ulp}(x)=2^{\lfloor\log_2 x\rfloor-23},\qquad \phi=\Bigl(\Delta\cdot\frac{\theta}{2\pi}\Bigr)\bmod 1\ \ \text{(exact in 32-bit integers)})tex"}},
    };
    step.takeaway = {"Δ = {last} 处相邻 float32 角度相差 {ulp} 弧度，所以直接算 cos(Δ·θ₁) 误差可达 {naive}；着色器用精确的整数相位，误差只有 {phase}。",
                     "At Δ = {last}, float32 angles lie {ulp} rad apart, so cos(Δ·θ₁) computed directly is off by up to "
                     "{naive}; the shader's exact integer phase keeps the error to {phase}."};
    step.takeaway_args = [](const ParamSet& p, Lang) {
        const PositionMapSpec s = measured_map(spec_from(p));
        const Eigen::VectorXd theta = s.kind == PositionMapKind::rope ? position_map_rope_frequencies(s).inv_freq
                                                                       : sinusoidal_frequencies(s.d, s.base, s.variant);
        const double th = theta(theta.size() > 1 ? 1 : 0);
        double naive = 0, phase = 0;
        largest_errors(s, &naive, &phase);
        return std::vector<Arg>{{"last", integer(s.L - 1)}, {"ulp", num(ulp_at(double(s.L - 1) * th), 3)},
                                {"naive", num(naive, 3)}, {"phase", num(phase, 3)}};
    };
    return step;
}

}  // namespace position_maps_lesson
}  // namespace pelab
