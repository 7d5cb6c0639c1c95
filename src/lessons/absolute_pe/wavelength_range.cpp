// PE Lab — lessons/absolute_pe/wavelength_range.cpp
// Step "wavelength-range" of absolute-pe: the wavelength λ_i = 2π/ω_i of every frequency, from 2π up to (in the
// paper's layout) just short of base·2π; the tutorials' "up to base·2π" checked against both layouts. Its views,
// then the step.
// Comments are English only: the font subset is built from the characters inside this file's strings.
//
// [SECTION] the wavelengths
#include <string>
#include <vector>

#include "core/constants.h"
#include "core/relative/f_delta.h"
#include "lessons/absolute_pe/absolute_pe.h"
#include "lessons/lesson_util.h"

namespace pelab {
namespace absolute_pe {

using namespace lessonui;

// [SECTION] the wavelengths
namespace {

std::vector<ViewData> wavelength_range_views(const Inputs& in, Lang lang) {
    const int d = in.d_model;
    const PeVariant v = in.variant;
    const Eigen::VectorXd lam = sinusoidal_wavelengths(d, in.base, v);
    const int n = static_cast<int>(lam.size());

    // Every wavelength on a log axis (a geometric sequence is a straight line; hovering a point gives its value),
    // the bounds 2π and base·2π drawn beside it.
    CurveView curve;
    curve.x_axis = say(lang, {"频率序号 i", "frequency index i"});
    curve.y_axis = say(lang, {"波长 λ_i（位置数）", "wavelength λ_i (positions)"});
    curve.log_y = true;
    std::vector<double> ys;
    for (int i = 0; i < n; ++i) {
        curve.x.push_back(i);
        ys.push_back(lam(i));
        curve.markers_x.push_back(i);
    }
    // The upper bound base·2π as a dashed series with its own legend entry: a line label at the top edge of the
    // plot is drawn under the line, where it covered the last wavelength.
    curve.series = {ys, std::vector<double>(ys.size(), in.base * kTwoPi)};
    curve.series_labels = {"λ_i = 2π/ω_i", say(lang, {"上界 base·2π", "bound base·2π"})};
    curve.series_dashed = {false, true};
    curve.hlines_y = {kTwoPi};
    curve.hline_labels = {"2π"};

    const double longest = lam(n - 1);
    std::vector<std::string> notes = {
        say(lang, {"最短波长 = {shortest} = 2π；最长 = {longest} = 2π · {ratio}。", "Shortest wavelength = {shortest} = 2π; longest = {longest} = 2π · {ratio}."},
            {{"shortest", num(lam(0))}, {"longest", num(longest)}, {"ratio", num(longest / kTwoPi)}})};
    if (v == PeVariant::vaswani)
        notes.push_back(say(lang, {"论文公式中最长的是 2π·base^(1 − 2/d)，达不到教程常说的 base·2π = {limit}；参考代码先 sin 后 cos 的排布（第 10 步）恰好到达。",
                                   "The paper's longest is 2π·base^(1 − 2/d), short of the base·2π = {limit} tutorials quote; "
                                   "the reference code's sines-first layout (step 10) reaches it exactly."},
                            {{"limit", num(in.base * kTwoPi)}}));
    else
        notes.push_back(say(lang, {"参考实现的前后两半排布（tensor2tensor）最后一个频率恰好是 1/base，所以最长波长就是 base·2π = {limit}。",
                                   "In the reference implementation's halves layout (tensor2tensor) the last frequency is exactly 1/base, so "
                                   "the longest wavelength is base·2π = {limit}."},
                            {{"limit", num(in.base * kTwoPi)}}));
    return {make_view(say(lang, {"每个频率的波长（对数纵轴）", "Wavelength of each frequency (log axis)"}), std::move(curve), notes)};
}

}  // namespace

Step wavelength_range() {
    Step s = {
        "wavelength-range",
        {"波长从 2π 到接近 base·2π", "Wavelengths from 2π to nearly base·2π"},
        {"对数纵轴上，[[wavelength|波长]] λ_i = 2π/ω_i 排成一条直线：它按几何级数增长。"
         "常见的简化写法（教程里常见）说波长一直增长到 base·2π；论文公式的最后一对是 i = d/2 − 1，指数 2i/d 停在 1 − 2/d，所以达不到它。"
         "注释把最长的波长与 base·2π 相比较；把 variant 切换到参考实现的前后两半排布，可以看到它恰好到达。",
         "On a log axis the [[wavelength]] λ_i = 2π/ω_i lies on a straight line: it grows geometrically. A common "
         "simplified version found in tutorials says the wavelengths grow up to base·2π; the paper's formula ends at "
         "pair i = d/2 − 1, so its exponent 2i/d stops at 1 − 2/d, short of it. A note compares the longest with "
         "base·2π, and switching the variant to the reference implementation's halves layout shows it reached exactly."},
        {"d_model", "base", "variant"},
        views_of(read_inputs, wavelength_range_views),
        {R"tex(\lambda_i=\frac{2\pi}{\omega_i}=2\pi\,\mathrm{base}^{2i/d},\qquad \lambda_{d/2-1}=2\pi\,\mathrm{base}^{1-2/d}<2\pi\,\mathrm{base})tex"},
    };
    s.takeaway = {"λ_i 每对乘 {factor}，从 2π 增到 {longest}，这以内的距离都有尺度合适的一对；论文指数止于 1 − 2/d，不到 base·2π。",
                  "λ_i grows ×{factor} per pair from 2π to {longest}, so every distance up to that has a pair of the right "
                  "scale; the paper's exponent stops at 1 − 2/d, short of base·2π."};
    s.takeaway_args = args_of(read_inputs, +[](const Inputs& in, Lang) {
        const Eigen::VectorXd lam = sinusoidal_wavelengths(in.d_model, in.base, PeVariant::vaswani);
        return std::vector<Arg>{{"factor", num(lam(1) / lam(0), 3)}, {"longest", num(lam(lam.size() - 1))}};
    });
    return s;
}

}  // namespace absolute_pe
}  // namespace pelab
