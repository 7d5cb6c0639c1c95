// PE Lab — lessons/long_context/position_interpolation.cpp
// Lesson "long-context", step "position-interpolation": position interpolation (PI), every frequency divided
// by s, keeps the slowest pair within its training angles over s·L positions (Hugging Face transformers'
// modeling_rope_utils through core/rope/rope_scaling); its cost at short range is step "pi-local-cost".
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
    curve.y_axis = say(lang, {"转角 pθ（弧度）", "angle pθ (radians)"});
    curve.x_axis = say(lang, {"位置 p", "position p"});
    const double span = in.factor * in.L;
    std::vector<double> a, b;
    for (int s = 0; s <= 400; ++s) {
        const double p = span * s / 400;
        curve.x.push_back(p);
        a.push_back(p * theta(last));
        b.push_back(p * pi(last));
    }
    curve.series = {a, b};
    curve.series_labels = {say(lang, {"原始：pθ", "original: pθ"}), "PI: pθ/s"};
    // The claim drawn: PI reaches at s·L the largest angle training reached at L.
    curve.hlines_y = {theta(last) * (in.L - 1)};
    curve.hline_labels = {say(lang, {"训练中的最大转角", "largest angle in training"})};
    curve.vlines_x = {static_cast<double>(in.L), span};
    curve.vline_labels = {"L", "s·L"};
    const std::vector<std::string> notes = {
        say(lang, {"训练中最大转角 θ·(L−1) = {trained}；PI 下 s·L 个位置的最大转角 = {pi}",
                   "Largest angle in training θ·(L−1) = {trained}; under PI over s·L positions = {pi}"},
            {{"trained", num(theta(last) * (in.L - 1))}, {"pi", num(pi(last) * (in.factor * in.L - 1))}}),
        say(lang, {"最后一个位置 s·L − 1 除以 s 是 L − 1/s，只比训练的最后位置 L − 1 多不到一步：两个角度差 θ·(1 − 1/s) = {gap}。",
                   "The last position s·L − 1 divided by s is L − 1/s, less than one step past the last trained position L − 1: "
                   "the two angles differ by θ·(1 − 1/s) = {gap}."},
            {{"gap", num(theta(last) * (1.0 - 1.0 / in.factor))}}),
        say(lang, {"（Hugging Face transformers 不除位置，而是把每个 θᵢ 除以 s：乘积 pθᵢ/s 相同。）",
                   "(Hugging Face transformers divides each θᵢ by s instead of the position: the product pθᵢ/s is the same.)"}),
    };
    return {make_view(say(lang, {"最慢一对的转角：原始与 PI", "Angle of the slowest pair: original and PI"}), curve, notes)};
}

// [SECTION] the step
Step position_interpolation() {
    Step s = {
        "position-interpolation",
        {"位置插值（PI）", "Position interpolation (PI)"},
        {"[[position-interpolation|位置插值]]（PI）先把每个位置 p 除以扩展倍数 s 再旋转。"
         "曲线比较最慢一对在 s·L 个位置上的转角：原始频率越过训练中的最大角度，PI 恰好停在那里。长度实验室把它用在训练好的小模型上（[[lesson:length-lab/remedies-at-test-time|测试时的补救]]）。",
         "[[position-interpolation|Position interpolation]] (PI) divides every position p by the extension factor s "
         "before rotating. The curve compares the slowest pair's angle over s·L positions: the original frequency "
         "passes its largest training angle, PI stops right there. The length lab applies it to a trained model ([[lesson:length-lab/remedies-at-test-time|remedies at test time]])."},
        {"d", "base", "original_max", "factor"},
        views_of(read_inputs, position_interpolation_views),
        {R"tex(\theta'_i=\theta_i/s,\qquad p\,\theta'_i=(p/s)\,\theta_i)tex"},
    };
    s.takeaway = {"[[position-interpolation|PI]] 把频率都除以扩展倍数 s = {s}，s·L 个位置扫过的角度与训练时 L 个位置相同：最慢一对到 s·L 转 {pi}，训练中最大 {trained}。",
                  "[[position-interpolation|PI]] divides θ by the extension factor s = {s}, so s·L positions reuse angles seen in training: the slowest pair ends at {pi}, in training at {trained}."};
    s.takeaway_args = args_of(read_inputs, +[](const Inputs& in, Lang) {
        const Eigen::VectorXd theta = scaled(in, RopeScaling::none).inv_freq;
        const Eigen::VectorXd pi = scaled(in, RopeScaling::linear).inv_freq;
        const Eigen::Index last = theta.size() - 1;
        return std::vector<Arg>{{"s", num(in.factor)}, {"pi", num(pi(last) * (in.factor * in.L - 1), 4)},
                                {"trained", num(theta(last) * (in.L - 1), 4)}};
    });
    return s;
}

}  // namespace long_context
}  // namespace pelab
