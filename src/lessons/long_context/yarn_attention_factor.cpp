// PE Lab — lessons/long_context/yarn_attention_factor.cpp
// Lesson "long-context", step "yarn-attention-factor": YaRN's attention factor 0.1·ln s + 1 (Hugging Face
// transformers' get_mscale)
// multiplies cos and sin, so every score grows by its square — a softmax temperature — against s.
// Comments are English only: the font subset is built from the characters inside .cpp string literals.
//
// [SECTION] views
// [SECTION] the step
#include <cmath>

#include "core/rope/rope_scaling.h"
#include "lessons/lesson_util.h"
#include "lessons/long_context/long_context.h"

namespace pelab {
namespace long_context {

using namespace lessonui;

// [SECTION] views
static std::vector<ViewData> yarn_attention_factor_views(const Inputs& in, Lang lang) {
    CurveView curve;
    curve.x_axis = say(lang, {"扩展倍数 s（对数轴）", "extension factor s (log axis)"});
    curve.y_axis = say(lang, {"倍数", "multiplier"});
    curve.log_x = true;
    std::vector<double> factor, square;
    for (int k = 0; k <= 120; ++k) {
        const double s = std::pow(64.0, k / 120.0);
        curve.x.push_back(s);
        factor.push_back(yarn_get_mscale(s));
        square.push_back(yarn_get_mscale(s) * yarn_get_mscale(s));
    }
    curve.series = {factor, square};
    curve.series_labels = {say(lang, {"注意力因子 0.1·ln s + 1（乘在 cos、sin 上）", "attention factor 0.1·ln s + 1 (on cos and sin)"}),
                           say(lang, {"分数的倍数：因子²", "score multiplier: factor²"})};
    curve.vlines_x = {in.factor};
    curve.vline_labels = {"s"};
    const RopeScalingResult yarn = scaled(in, RopeScaling::yarn);
    const double mscale = yarn_get_mscale(in.factor);
    const std::vector<std::string> notes = {
        say(lang, {"s = {s}：YaRN 的注意力因子 = {att}，分数乘以它的平方 {att2}（Hugging Face transformers：`get_mscale`）。",
                   "s = {s}: YaRN's attention factor = {att}; scores are multiplied by its square {att2} (Hugging Face transformers: `get_mscale`)."},
            {{"s", num(in.factor)}, {"att", num(yarn.attention_factor)}, {"att2", num(yarn.attention_factor * yarn.attention_factor)}}),
        say(lang, {"q 和 k 都被旋转，所以因子 {att} 进入分数两次：这相当于 softmax 的温度。插值让位置彼此更像，注意力更分散，这个因子把 softmax 重新变尖。",
                   "q and k are both rotated, so the factor {att} enters every score twice, a softmax temperature: "
                   "interpolation makes positions look more alike and spreads attention out, and the factor sharpens the softmax back."},
            {{"att", num(mscale)}}),
    };
    return {make_view(say(lang, {"YaRN 的注意力因子与分数的倍数", "YaRN's attention factor and the score multiplier"}), curve, notes)};
}

// [SECTION] the step
Step yarn_attention_factor_step() {
    Step s = {
        "yarn-attention-factor",
        {"YaRN 的注意力因子", "YaRN's attention factor"},
        {"插值让位置彼此更像，注意力随之变得分散。YaRN 因此还把 cos 和 sin 乘以一个注意力因子 0.1·ln s + 1（一个 [[softmax]] 温度）。"
         "曲线是因子和它的平方随扩展倍数 s 的变化，竖线是当前的 s。",
         "Interpolation makes positions look more alike, and attention spreads out. So YaRN also multiplies cos and "
         "sin by an attention factor, 0.1·ln s + 1 (a [[softmax]] temperature). The curve is the factor and its square "
         "against the extension factor s; the vertical line is the current s."},
        {"factor"},
        views_of(read_inputs, yarn_attention_factor_views),
        {{R"tex(\text{因子}=0.1\ln s+1,\qquad q^\top k\ \to\ \text{因子}^2\,q^\top k)tex", R"tex(\text{factor}=0.1\ln s+1,\qquad q^\top k\ \to\ \text{factor}^2\,q^\top k)tex"}},
    };
    s.takeaway = {"s = {s} 时因子是 {att}：q 和 k 都被旋转，它进入每个分数两次，分数乘以 {att2}，把插值后变分散的 softmax 重新变尖。",
                  "At s = {s} the factor is {att}: q and k are both rotated, so it enters every score twice, multiplying it by "
                  "{att2} and sharpening the softmax that interpolation spread out."};
    s.takeaway_args = args_of(read_inputs, +[](const Inputs& in, Lang) {
        const double f = yarn_get_mscale(in.factor);
        return std::vector<Arg>{{"s", num(in.factor)}, {"att", num(f, 4)}, {"att2", num(f * f, 4)}};
    });
    return s;
}

}  // namespace long_context
}  // namespace pelab
