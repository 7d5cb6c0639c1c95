// PE Lab — lessons/long_context/scale_factors.cpp
// Lesson "long-context", step "scale-factors": every scaling side by side — the per-pair ratio θ′ᵢ/θᵢ. The
// wavelengths, the unseen angles, the scaled odometer and the trade-offs are the steps "wavelength-spectrum",
// "unseen-angles", "odometer-scaled" and "trade-offs".
// Comments are English only: the font subset is built from the characters inside .cpp string literals.
//
// [SECTION] views
// [SECTION] the step
#include "core/rope/rope.h"
#include "lessons/lesson_util.h"
#include "lessons/long_context/long_context.h"

namespace pelab {
namespace long_context {

using namespace lessonui;

// [SECTION] views
static std::vector<ViewData> side_by_side_views(const Inputs& in, Lang lang) {
    const int pairs = in.d / 2;
    const Eigen::VectorXd theta = rope_default_inv_freq(in.d, in.base);
    CurveView curve;
    curve.y_axis = "θ′ᵢ/θᵢ";
    curve.x_axis = say(lang, {"对 i", "pair i"});
    curve.x = pair_axis(pairs);
    for (RopeScaling s : all_scalings()) {
        curve.series.push_back(ratio_series(scaled(in, s).inv_freq, theta));
        curve.series_labels.push_back(scaling_label(s, lang));
    }
    curve.markers_x = pair_axis(pairs);  // one dot per pair: the factor is a bar per pair, not a continuum
    return {make_view(say(lang, {"每对的缩放因子 θ′ᵢ/θᵢ：全部策略", "Per-pair scale factor θ′ᵢ/θᵢ: every strategy"}), curve)};
}

// [SECTION] the step
Step side_by_side() {
    Step s = {
        "scale-factors",
        {"并排比较：每一对的缩放因子", "Side by side: the per-pair scale factor"},
        {"曲线把每种策略逐对的新旧频率之比 θ′ᵢ/θᵢ 画成一对一个点：1 表示这一对不变，1/s 表示除以扩展倍数 s。"
         "动态 NTK 取当前的 seq_len，seq_len 不超过 L 时它与不缩放相同。",
         "The curve plots each strategy's ratio of new to old frequency θ′ᵢ/θᵢ, one dot per pair: 1 means the pair "
         "is kept, 1/s that it is divided by the extension factor s. Dynamic NTK is taken at the current seq_len and "
         "equals no scaling while seq_len is at most L."},
        {"d", "base", "original_max", "factor", "seq_len", "beta_fast", "beta_slow", "low_freq_factor",
         "high_freq_factor"},
        views_of(read_inputs, side_by_side_views),
        {R"tex(\text{PI: }\theta'_i=\theta_i/s,\qquad \text{NTK: }\theta'_i=\bigl(\mathrm{base}\cdot s^{d/(d-2)}\bigr)^{-2i/d})tex"},
    };
    s.takeaway = {"各种缩放都放慢慢对，区别在快对：PI 把第 0 对也除以 s（{pi0}），NTK、YaRN 和 Llama 3 让它保持 {keep}，所以局部细节得以保留。",
                  "Every scaling slows the slow pairs; they differ on the fast ones: PI divides pair 0 by s too ({pi0}), "
                  "while NTK, YaRN and Llama 3 keep it at {keep}, so local detail survives."};
    s.takeaway_args = args_of(read_inputs, +[](const Inputs& in, Lang) {
        const Eigen::VectorXd theta = rope_default_inv_freq(in.d, in.base);
        return std::vector<Arg>{{"pi0", num(scaled(in, RopeScaling::linear).inv_freq(0) / theta(0), 4)},
                                {"keep", num(scaled(in, RopeScaling::yarn).inv_freq(0) / theta(0), 4)}};
    });
    return s;
}

}  // namespace long_context
}  // namespace pelab
