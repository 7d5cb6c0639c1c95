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
#include "core/f_delta.h"
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
        notes.push_back(say(lang, {"论文排布中最长的是 2π·base^(1 − 2/d)，达不到 base·2π = {limit}（tensor2tensor 排布恰好到达它）。",
                                   "In the paper's layout the longest is 2π·base^(1 − 2/d), short of base·2π = {limit} (the tensor2tensor layout reaches it exactly)."},
                            {{"limit", num(in.base * kTwoPi)}}));
    else
        notes.push_back(say(lang, {"tensor2tensor 排布的最后一个频率恰好是 1/base，所以最长波长就是 base·2π = {limit}。",
                                   "In the tensor2tensor layout the last frequency is exactly 1/base, so the longest wavelength is base·2π = {limit}."},
                            {{"limit", num(in.base * kTwoPi)}}));
    return {make_view(say(lang, {"每个频率的波长（对数纵轴）", "Wavelength of each frequency (log axis)"}), std::move(curve), notes)};
}

}  // namespace

Step wavelength_range() {
    return {
        "wavelength-range",
        {"波长从 2π 到接近 base·2π", "Wavelengths from 2π to nearly base·2π"},
        {"[[wavelength|波长]] λ_i = 2π/ω_i 从 2π 开始按几何级数增长，在论文的排布中停在 base·2π 之下。"
         "对数纵轴上几何级数是一条直线。常见的简化写法（教程里常见）说波长一直增长到 base·2π；"
         "注释把最长的波长与它相比较，切换 variant 可以看到 tensor2tensor 排布恰好到达它。",
         "The [[wavelength]] λ_i = 2π/ω_i grows geometrically from 2π and, in the paper's layout, stops short of "
         "base·2π. On a log axis a geometric sequence is a straight line. A common simplified version found in "
         "tutorials says the wavelengths grow up to base·2π; a note compares the longest with it, and switching the "
         "variant shows the tensor2tensor layout reaching it exactly."},
        {"d_model", "base", "variant"},
        views_of(read_inputs, wavelength_range_views),
        {R"tex(\lambda_i=\frac{2\pi}{\omega_i}=2\pi\,\mathrm{base}^{2i/d})tex"},
    };
}

}  // namespace absolute_pe
}  // namespace pelab
