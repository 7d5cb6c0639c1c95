// PE Lab — lessons/long_context/ntk_aware.cpp
// Lesson "long-context", step "ntk-aware": NTK-aware scaling, a larger base that divides the slowest pair by
// the full s and leaves the fastest as it was (Hugging Face transformers' modeling_rope_utils through
// core/rope/rope_scaling), and the prediction of which pair gets the full s.
// Comments are English only: the font subset is built from the characters inside .cpp string literals.
//
// [SECTION] views
// [SECTION] the step and its questions
#include <cmath>

#include "lessons/lesson_util.h"
#include "lessons/long_context/long_context.h"

namespace pelab {
namespace long_context {

using namespace lessonui;

// [SECTION] views
static std::vector<ViewData> ntk_aware_views(const Inputs& in, Lang lang) {
    const Eigen::VectorXd theta = scaled(in, RopeScaling::none).inv_freq;
    const RopeScalingResult ntk = scaled(in, RopeScaling::ntk);
    const Eigen::VectorXd pi = scaled(in, RopeScaling::linear).inv_freq;
    const int pairs = in.d / 2;
    CurveView curve;
    curve.y_axis = "θ′ᵢ/θᵢ";
    curve.x_axis = say(lang, {"对 i", "pair i"});
    curve.x = pair_axis(pairs);
    curve.series = {ratio_series(ntk.inv_freq, theta), ratio_series(pi, theta)};
    curve.series_labels = {"NTK: s^(−2i/(d−2))", "PI: 1/s"};
    const double first = ntk.inv_freq(0) / theta(0), last = ntk.inv_freq(pairs - 1) / theta(pairs - 1);
    const double gap = std::fabs(last - 1.0 / in.factor);
    std::vector<std::string> curve_notes = {
        say(lang, {"新底数 base′ = {nb} = {base} · {s}^({d}/{d2})", "New base base′ = {nb} = {base} · {s}^({d}/{d2})"},
            {{"nb", num(ntk.effective_base)}, {"base", num(in.base)}, {"s", num(in.factor)}, {"d", integer(in.d)},
             {"d2", integer(in.d - 2)}}),
        say_error(lang, {"第 0 对的因子 = {first}；最后一对的因子 = {last}，1/s = {inv}；差 = {err}{hint}",
                   "Factor of pair 0 = {first}; factor of the last pair = {last}, 1/s = {inv}; difference = {err}{hint}"}, gap, {{"first", num(first, 12)}, {"last", num(last, 12)}, {"inv", num(1.0 / in.factor, 12)}}),
    };

    return {make_view(say(lang, {"每对的缩放因子 θ′ᵢ/θᵢ：NTK 与 PI", "Per-pair scale factor θ′ᵢ/θᵢ: NTK and PI"}), curve, curve_notes)};
}

// [SECTION] the step and its questions
Step ntk_aware() {
    Step s = {
        "ntk-aware",
        {"NTK 感知缩放", "NTK-aware scaling"},
        {"[[ntk-scaling|NTK 感知缩放]]（名字来自启发它的神经正切核 NTK 理论）不除位置，而是放大底数：base′ = base·s^(d/(d−2))。"
         "曲线是每一对的新旧频率之比 θ′ᵢ/θᵢ，与 PI 的 1/s 并排。长度实验室把它用在训练好的小模型上（[[lesson:length-lab/remedies-at-test-time|测试时的补救]]）。",
         "[[ntk-scaling|NTK-aware scaling]] (named after the neural tangent kernel, NTK, the theory that motivated it) "
         "divides no position: it enlarges the base, base′ = base·s^(d/(d−2)). The curve is each pair's ratio of new "
         "to old frequency θ′ᵢ/θᵢ, beside PI's 1/s. The length lab applies it to a trained model ([[lesson:length-lab/remedies-at-test-time|remedies at test time]])."},
        {"d", "base", "factor"},
        views_of(read_inputs, ntk_aware_views),
        {R"tex(\mathrm{base}'=\mathrm{base}\cdot s^{d/(d-2)},\qquad \theta'_i=\mathrm{base}'^{\,-2i/d})tex"},
    };
    s.takeaway = {"[[ntk-scaling|NTK]] 的 base′ 让第 i 对乘以 s^(−2i/(d−2))：第 0 对不变（{first}），只有最后一对除以完整的 s（{last}），快对保住了局部细节。",
                  "[[ntk-scaling|NTK]]'s base′ multiplies pair i by s^(−2i/(d−2)): pair 0 is kept ({first}), only the last pair "
                  "gets the full 1/s ({last}), so the fast pairs keep the local detail PI gives up."};
    s.takeaway_args = args_of(read_inputs, +[](const Inputs& in, Lang) {
        const Eigen::VectorXd theta = scaled(in, RopeScaling::none).inv_freq;
        const Eigen::VectorXd ntk = scaled(in, RopeScaling::ntk).inv_freq;
        const Eigen::Index last = theta.size() - 1;
        return std::vector<Arg>{{"first", num(ntk(0) / theta(0), 4)}, {"last", num(ntk(last) / theta(last), 4)}};
    });
    s.questions = {
        {{"NTK 感知缩放把底数放大。扩展倍数 s > 1 时，哪一对的频率正好被除以完整的 s？",
          "NTK-aware scaling enlarges the base. With an extension factor s > 1, which pair is divided by exactly the full s?"},
         {{"每一对", "Every pair"},
          {"第 0 对", "Pair 0"},
          {"最后一对", "The last pair"}},
         2,
         [](const ParamSet& p, Lang lang) {
             const Inputs in = read_inputs(p);
             const Eigen::VectorXd plain = scaled(in, RopeScaling::none).inv_freq;
             const RopeScalingResult ntk = scaled(in, RopeScaling::ntk);
             const Eigen::Index last = plain.size() - 1;
             return say(lang,
                        {"base′ = base·s^(d/(d−2)) = {base}。第 i 对乘以 s^(−2i/(d−2))：第 0 对的比例是 {first}，"
                         "最后一对是 {last}，而 1/s = {inverse}；中间各对按几何级数过渡。",
                         "base′ = base·s^(d/(d−2)) = {base}. Pair i is multiplied by s^(−2i/(d−2)): pair 0's ratio is "
                         "{first}, the last pair's {last}, and 1/s = {inverse}; the pairs between follow a geometric "
                         "transition."},
                        {{"base", num(ntk.effective_base)}, {"first", num(ntk.inv_freq(0) / plain(0))},
                         {"last", num(ntk.inv_freq(last) / plain(last))}, {"inverse", num(1.0 / in.factor)}});
         }},
    };
    s.questions[0].predict = true;
    return s;
}

}  // namespace long_context
}  // namespace pelab
