// PE Lab — lessons/f_delta/kernel_of_delta.cpp
// Step "kernel-of-delta" of f-delta: f(Δ) = Σ cos(ωᵢΔ), an even function of the distance, drawn as a curve
// with its cosines and tabulated at the integer Δ. The views builder, then the step.
// Comments are English only: the font subset is built from the characters inside this file's strings.
//
// [SECTION] views: the kernel f and its cosines
// [SECTION] the step
#include <algorithm>
#include <cmath>
#include <string>
#include <vector>

#include "core/relative/f_delta.h"
#include "lessons/f_delta/f_delta_lesson.h"
#include "lessons/lesson_util.h"

namespace pelab {
namespace fdelta {

using namespace lessonui;  // shared display helpers (lessons/lesson_util.h)

// [SECTION] views: the kernel f and its cosines

std::vector<ViewData> kernel_views(const Model& in, Lang lang) {
    const int L = in.L, m = n_freq(in);
    const Eigen::VectorXd cos_v = cosine_readout(m);

    // One column per integer Δ, one row per cosine and f last: a few rows under the curve, read across like the
    // curve's x axis.
    TableView t;
    t.values.resize(m + 1, 2 * L - 1);
    for (int d = -(L - 1); d <= L - 1; ++d) {
        const Eigen::Index col = d + L - 1;
        for (int i = 0; i < m; ++i) t.values(i, col) = std::cos(in.omega(i) * d);
        t.values(m, col) = f_kernel(d, in.omega, cos_v);
    }
    t.col_labels = delta_labels(L);
    for (int i = 0; i < m; ++i) t.row_labels.push_back("cos ω" + sub(i) + "Δ");
    t.row_labels.push_back("f(Δ)");
    t.corner = "Δ";
    t.decimals = 4;
    t.values = without_rounding_noise(t.values);
    double asym = 0.0;
    for (int d = 1; d <= L - 1; ++d)
        asym = std::max(asym, std::fabs(f_kernel(d, in.omega, cos_v) - f_kernel(-d, in.omega, cos_v)));
    const std::vector<std::string> notes = {
        say(lang, {"f(0) = {f0}：Δ = 0 时每个余弦都等于 1。", "f(0) = {f0}: at Δ = 0 every cosine equals 1."},
            {{"f0", num(f_kernel(0, in.omega, cos_v))}}),
        say_error(lang, {"偶函数检验：最大的 |f(Δ) − f(−Δ)| = {err}{hint}", "Even function: largest |f(Δ) − f(−Δ)| = {err}{hint}"}, asym),
    };

    CurveView c;
    c.y_axis = "f";
    c.x_axis = "t";
    const int half = std::max(L - 1, 1);
    const double fastest = in.omega.cwiseAbs().maxCoeff();
    // Enough samples per unit to draw the fastest cosine smoothly, capped for L = 64 with large ω.
    const double per_unit = std::max(16.0, 12.0 * fastest);
    const int samples = static_cast<int>(std::min(4001.0, 2.0 * half * per_unit + 1.0));
    c.series.assign(static_cast<std::size_t>(m + 1), {});
    for (int s = 0; s < samples; ++s) {
        const double x = -half + 2.0 * half * s / (samples - 1);
        c.x.push_back(x);
        c.series[0].push_back(f_kernel(x, in.omega, cos_v));
        for (int i = 0; i < m; ++i) c.series[static_cast<std::size_t>(i + 1)].push_back(std::cos(in.omega(i) * x));
    }
    c.series_labels.push_back("f(t)");
    for (int i = 0; i < m; ++i) c.series_labels.push_back("cos ω" + sub(i) + "t");
    for (int d = -(L - 1); d <= L - 1; ++d) c.markers_x.push_back(d);
    return {make_view(say(lang, {"f(t) 及其余弦（t 连续），圆点为整数 Δ", "f(t) and its cosines (t continuous), dots at the integer Δ"}), std::move(c), notes),
            make_view(say(lang, {"整数 Δ 处的 f(Δ)", "f(Δ) at integer Δ"}), std::move(t))};
}

// [SECTION] the step
Step kernel_of_delta() {
    Step s{
        "kernel-of-delta",
        {"核函数 f：只以 Δ 为自变量", "A kernel f: a function of Δ alone"},
        {
        "这里的核是只以偏移 Δ 为自变量、给出位置项的函数：f(Δ) 把每个角[[frequency|频率]] ωᵢ 的余弦 cos(ωᵢΔ) 加起来。"
        "两个频率时 f(Δ) = cos(ω₀Δ) + cos(ω₁Δ)；不同的 ωᵢ 振荡快慢不同，合起来得到一个兼顾多个尺度的距离函数。"
        "曲线画出 f 和它的每个余弦，圆点标出整数 Δ（只有这些点会出现在矩阵里）；下面的表格每列是一个整数 Δ 上的值。",
        "A kernel here is a function of the offset Δ alone that gives the position term: f(Δ) adds one cosine "
        "cos(ωᵢΔ) per angular [[frequency]] ωᵢ. With two frequencies f(Δ) = cos(ω₀Δ) + cos(ω₁Δ); the ωᵢ oscillate at "
        "different speeds, so together they describe distance at several scales. The curve draws f and each of its "
        "cosines, with dots at the integer Δ (the only points that reach the matrix); the table below has a column for "
        "every integer Δ."},
        {"L", "omega"},
        views_of(read_model, kernel_views),
        {
         R"tex(f(\Delta) = \textstyle\sum_i \cos(\omega_i \Delta))tex",
         R"tex(f(-\Delta) = f(\Delta), \qquad f(0) = |\omega|)tex"},
    };
    s.takeaway = {"f 在 Δ = 0 处最大，f(0) = {f0}，因为每个余弦在那里都等于 1；余弦是偶函数，所以 f(−Δ) = f(Δ)：f 只看远近，不看方向。",
                  "f is largest at Δ = 0, f(0) = {f0}, because every cosine equals 1 there; cosine is even, so "
                  "f(−Δ) = f(Δ): f sees how far, not which way."};
    s.takeaway_args = args_of(read_model, +[](const Model& in, Lang) {
        return std::vector<Arg>{{"f0", num(f_kernel(0, in.omega, cosine_readout(n_freq(in))))}};
    });
    return s;
}

}  // namespace fdelta
}  // namespace pelab
