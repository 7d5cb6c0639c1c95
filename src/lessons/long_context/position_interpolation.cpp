// PE Lab — lessons/long_context/position_interpolation.cpp
// Lesson "long-context", step "position-interpolation": position interpolation (PI), every frequency divided
// by s, keeps the slowest pair within its training angles over s·L positions (HF modeling_rope_utils through
// core/rope_scaling); its cost at short range is step "pi-local-cost".
// Comments are English only: the font subset is built from the characters inside .cpp string literals.
//
// [SECTION] views
// [SECTION] the step
#include "lessons/lesson_util.h"
#include "lessons/long_context/long_context.h"

namespace pelab {
namespace long_context {

using namespace lessonui;

// [SECTION] views
static std::vector<ViewData> position_interpolation_views(const Inputs& in, Lang lang) {
    const Eigen::VectorXd theta = scaled(in, RopeScaling::none).inv_freq;
    const Eigen::VectorXd pi = scaled(in, RopeScaling::linear).inv_freq;
    const int pairs = in.d / 2, last = pairs - 1;
    CurveView curve;
    curve.y_axis = say(lang, {"转角 mθ（弧度）", "angle mθ (radians)"});
    curve.x_axis = say(lang, {"位置 m", "position m"});
    const double span = in.factor * in.L;
    std::vector<double> a, b;
    for (int s = 0; s <= 400; ++s) {
        const double m = span * s / 400;
        curve.x.push_back(m);
        a.push_back(m * theta(last));
        b.push_back(m * pi(last));
    }
    curve.series = {a, b};
    curve.series_labels = {say(lang, {"原始：mθ", "original: mθ"}), "PI: mθ/s"};
    // The claim drawn: PI reaches at s·L the largest angle training reached at L.
    curve.hlines_y = {theta(last) * (in.L - 1)};
    curve.hline_labels = {say(lang, {"训练中的最大转角", "largest angle in training"})};
    curve.vlines_x = {static_cast<double>(in.L), span};
    curve.vline_labels = {"L", "s·L"};
    const std::string curve_note =
        say(lang, {"训练中最大转角 θ·(L−1) = {trained}；PI 下 s·L 个位置的最大转角 = {pi}",
                   "Largest angle in training θ·(L−1) = {trained}; under PI over s·L positions = {pi}"},
            {{"trained", num(theta(last) * (in.L - 1))}, {"pi", num(pi(last) * (in.factor * in.L - 1))}});

    return {make_view(say(lang, {"最慢一对的转角：原始与 PI", "Angle of the slowest pair: original and PI"}), curve, {curve_note})};
}

// [SECTION] the step
Step position_interpolation() {
    return {
        "position-interpolation",
        {"位置插值（PI）", "Position interpolation (PI)"},
        {"[[position-interpolation|位置插值]]让长 s 倍的序列正好覆盖训练时见过的角度范围，不会出现新角度。"
         "它先把每个位置除以扩展倍数 s 再旋转；HF 把它写成 θᵢ/s，乘积相同。曲线比较最慢一对在 s·L 个位置上的转角：原始频率越过训练中的最大角度，PI 恰好停在那里。",
         "[[position-interpolation|Position interpolation]] makes a sequence s times longer cover exactly the range "
         "of angles seen in training, so nothing is new. It divides every position by the extension factor s "
         "before rotating; HF applies it as θᵢ/s, which gives the same product. The curve compares the slowest "
         "pair's angle over s·L positions: the original frequency passes its largest training angle, PI stops "
         "right there."},
        {"d", "base", "original_max", "factor"},
        views_of(read_inputs, position_interpolation_views),
        {R"tex(\theta'_i=\frac{\theta_i}{s},\qquad m\,\theta'_i=\frac{m}{s}\,\theta_i)tex"},
    };
}

}  // namespace long_context
}  // namespace pelab
