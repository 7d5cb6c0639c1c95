// PE Lab — lessons/long_context/yarn_llama3.cpp
// Lesson "long-context", step "yarn-llama3": YaRN's correction range — the pairs kept, ramped and divided by s
// by the turns they make in training (HF modeling_rope_utils through core/rope_scaling). YaRN's attention
// factor and Llama 3's bands are the steps "yarn-attention-factor" and "llama3-bands".
// Comments are English only: the font subset is built from the characters inside .cpp string literals.
//
// [SECTION] views
// [SECTION] the step
#include "core/rope.h"
#include "lessons/lesson_util.h"
#include "lessons/long_context/long_context.h"

namespace pelab {
namespace long_context {

using namespace lessonui;

// [SECTION] views
static std::vector<ViewData> yarn_ramp_views(const Inputs& in, Lang lang) {
    const int pairs = in.d / 2;
    const Eigen::VectorXd theta = rope_default_inv_freq(in.d, in.base);
    const RopeScalingResult yarn = scaled(in, RopeScaling::yarn);
    const double raw_low = yarn_find_correction_dim(in.beta_fast, in.d, in.base, in.L);
    const double raw_high = yarn_find_correction_dim(in.beta_slow, in.d, in.base, in.L);
    const auto range = yarn_find_correction_range(in.beta_fast, in.beta_slow, in.d, in.base, in.L, true);

    CurveView curve;
    curve.y_axis = "θ′ᵢ/θᵢ";
    curve.x_axis = say(lang, {"对 i", "pair i"});
    curve.x = pair_axis(pairs);
    curve.series = {ratio_series(yarn.inv_freq, theta)};
    curve.series_labels = {"YaRN"};
    mark_yarn_range(curve, range, pairs);

    TableView ytable;
    ytable.values.resize(4, 1);
    ytable.values << raw_low, range.first, raw_high, range.second;
    ytable.row_labels = {say(lang, {"dim(β_fast)（原值）", "dim(β_fast) (raw)"}), "low = max(floor, 0)",
                         say(lang, {"dim(β_slow)（原值）", "dim(β_slow) (raw)"}), "high = min(ceil, d − 1)"};
    ytable.col_labels = {say(lang, {"值", "value"})};
    ytable.decimals = 4;
    const std::string dim_note = say(lang, {"dim(r)：在 L = {L} 个位置内恰好转 r 圈的那一对的下标。", "dim(r): the index of the pair that turns exactly r times within L = {L}."},
                                     {{"L", integer(in.L)}});
    return {make_view(say(lang, {"每对的缩放因子 θ′ᵢ/θᵢ：YaRN", "Per-pair scale factor θ′ᵢ/θᵢ: YaRN"}), curve),
            make_view(say(lang, {"YaRN 的修正区间", "YaRN's correction range"}), ytable, {dim_note})};
}

// [SECTION] the step
Step yarn_and_llama3() {
    return {
        "yarn-llama3",
        {"YaRN：按圈数分段", "YaRN: split by turns in training"},
        {"YaRN 按各对在训练长度内转过的圈数分段：转得多的快对保持频率，转得少的慢对除以 s，中间用线性斜坡混合。"
         "两个设定 β_fast 和 β_slow 是圈数（默认 32 圈和 1 圈）：find_correction_dim 把它们换算成频率对的下标 low 和 high，"
         "再向下、向上取整（HF 的 truncate 默认开启）。dim(r) 是在 L 个位置内恰好转 r 圈的那一对的下标。"
         "HF 把 high 截到 d − 1 而不是 d/2 − 1；下标 ≥ high 的对全部插值（除以 s），≤ low 的保持不变。"
         "曲线是每对的因子 θ′ᵢ/θᵢ，竖线是 low 和 high；表格给出取整前后的下标。",
         "YaRN keeps the fast pairs, divides the slow ones by s, and ramps linearly in between. "
         "Fast and slow are counted in turns within the training length: fast pairs turn often, slow pairs little. "
         "Its two settings β_fast and β_slow are turn counts (32 and 1 by default): find_correction_dim converts "
         "them into pair indices low and high, floored and ceiled (HF's truncate default). dim(r) is the index of the "
         "pair that turns r times within L. HF clamps high at d − 1, not d/2 − 1; pairs at or above high are fully "
         "interpolated (divided by s), pairs at or below low are kept. The curve is each "
         "pair's factor θ′ᵢ/θᵢ with low and high as vertical lines; the table gives the indices before and after "
         "rounding."},
        {"d", "base", "original_max", "factor", "beta_fast", "beta_slow"},
        views_of(read_inputs, yarn_ramp_views),
        {R"tex(\mathrm{dim}(r)=\frac{d\,\ln\bigl(L/(2\pi r)\bigr)}{2\ln\mathrm{base}},\qquad \mathrm{low}=\lfloor\mathrm{dim}(\beta_{\mathrm{fast}})\rfloor,\ \mathrm{high}=\lceil\mathrm{dim}(\beta_{\mathrm{slow}})\rceil)tex"},
    };
}

}  // namespace long_context
}  // namespace pelab
