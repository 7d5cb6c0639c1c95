// PE Lab — lessons/long_context/phase_wrap.cpp
// Lesson "long-context", step "phase-wrap": extrapolation beyond the training length and the phase wrap — the
// angle mod 2π of four pairs against position: fast pairs repeat angles seen in training, slow ones do not.
// Comments are English only: the font subset is built from the characters inside .cpp string literals.
//
// [SECTION] views
// [SECTION] the step
#include <algorithm>
#include <cmath>

#include "core/rope.h"
#include "lessons/lesson_util.h"
#include "lessons/long_context/long_context.h"

namespace pelab {
namespace long_context {

using namespace lessonui;

// [SECTION] views
// A wavelength as a learner reads it: 4 significant digits, whole positions from 1000 on (54410, not 5.441e+04).
static std::string wavelength_text(double lambda) {
    return lambda < 999.5 ? num(lambda, 4) : integer(std::llround(lambda));
}

// Angle mod 2π of four pairs against position, over twice the training length.
static std::vector<ViewData> phase_wrap_views(const Inputs& in, Lang lang) {
    const Eigen::VectorXd theta = rope_default_inv_freq(in.d, in.base);
    const int pairs = in.d / 2;
    // The slowest pair that still wraps inside L, the next (slower) one, one about 4× faster, and the slowest.
    int cross = -1;
    for (int i = 0; i < pairs; ++i)
        if (2 * kPi / theta(i) < in.L) cross = i;
    std::vector<int> shown;
    auto add = [&](int i) {
        if (i >= 0 && i < pairs && std::find(shown.begin(), shown.end(), i) == shown.end()) shown.push_back(i);
    };
    int fast = cross;
    while (fast > 0 && 2 * kPi / theta(fast) > in.L / 4.0) --fast;
    add(fast);
    add(cross);
    add(cross + 1);
    add(pairs - 1);
    CurveView curve;
    curve.y_axis = say(lang, {"角度 mθᵢ mod 2π（弧度）", "angle mθᵢ mod 2π (radians)"});
    curve.x_axis = say(lang, {"位置 m", "position m"});
    const int samples = 1601;
    const double span = 2.0 * in.L;
    for (int s = 0; s < samples; ++s) curve.x.push_back(span * s / (samples - 1));
    for (int i : shown) {
        std::vector<double> y;
        for (double m : curve.x) y.push_back(std::fmod(m * theta(i), 2 * kPi));
        curve.series.push_back(y);
        curve.series_labels.push_back(say(lang, {"第 {i} 对，λ = {lambda}", "pair {i}, λ = {lambda}"},
                                          {{"i", integer(i)}, {"lambda", wavelength_text(2 * kPi / theta(i))}}));
    }
    curve.vlines_x = {static_cast<double>(in.L)};
    curve.vline_labels = {say(lang, {"训练长度 L", "training length L"})};
    return {make_view(say(lang, {"各对的转角 mθᵢ mod 2π 随位置的变化", "Angle mθᵢ mod 2π of each pair against position"}), curve)};
}

// [SECTION] the step
Step phase_wrap() {
    return {
        "phase-wrap",
        {"外推与相位绕回", "Extrapolation and phase wrap"},
        {"超出训练长度 L 之后，快的频率对只重复训练中见过的角度，慢的对却转到从未见过的角度：[[extrapolation|外推]]在这里失效。"
         "模型在固定长度上训练，却常被用在更长的文本上；这一课看 [[lesson:rope|RoPE]] 在哪里失效，各种扩展方法又怎样补救。"
         "第 i 对（i = 0 … d/2 − 1）每个位置转 θᵢ = base^(−2i/d) 弧度：i 越大转得越慢，后面各步都用到这个式子。"
         "转满一圈需要 λᵢ = 2π/θᵢ 个位置，称为这一对的波长。曲线画出四对的角度对 2π 取模后随位置的变化：波长短于 L 的对在 L 之前已经绕回，"
         "波长长于 L 的对在 L 之后继续爬向新的角度。",
         "Beyond the training length L, fast frequency pairs only repeat angles seen in training while slow pairs "
         "reach angles never seen: that is where [[extrapolation]] breaks. Models are trained on a fixed length "
         "and then used on longer texts; this lesson shows where [[lesson:rope|RoPE]] breaks and how the extension methods repair "
         "it. Pair i (i = 0 … d/2 − 1) turns by θᵢ = base^(−2i/d) radians per position: the larger i, the slower, "
         "and every later step builds on this formula. A full turn takes λᵢ = 2π/θᵢ positions, the pair's "
         "wavelength. The curve plots four pairs' angles modulo 2π against position: pairs with a wavelength "
         "shorter than L wrap before L, those with a longer one keep climbing to new angles after L."},
        {"d", "base", "original_max"},
        views_of(read_inputs, phase_wrap_views),
        {R"tex(\theta_i=\mathrm{base}^{-2i/d},\qquad \phi_i(m)=m\,\theta_i \bmod 2\pi)tex",
         R"tex(\lambda_i=\frac{2\pi}{\theta_i})tex"},
    };
}

}  // namespace long_context
}  // namespace pelab
