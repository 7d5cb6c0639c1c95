// PE Lab — lessons/long_context/yarn_llama3.cpp
// Lesson "long-context", step "yarn-llama3": YaRN's correction range — the pairs kept, ramped and divided by s
// by the turns they make in training (Hugging Face transformers' modeling_rope_utils through core/rope/rope_scaling).
// YaRN's attention
// factor and Llama 3's bands are the steps "yarn-attention-factor" and "llama3-bands".
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
    const std::vector<std::string> dim_notes = {
        say(lang, {"dim(n)：在 L = {L} 个位置内恰好转 n 圈的那一对的下标。", "dim(n): the index of the pair that turns exactly n times within L = {L}."},
            {{"L", integer(in.L)}}),
        say(lang, {"（Hugging Face transformers：`find_correction_dim`；`truncate` 默认开启，即向下、向上取整；high 截到 d − 1 而不是 d/2 − 1。）",
                   "(Hugging Face transformers: `find_correction_dim`; `truncate`, on by default, floors and ceils; high is clamped at d − 1, not d/2 − 1.)"}),
    };
    return {make_view(say(lang, {"每对的缩放因子 θ′ᵢ/θᵢ：YaRN", "Per-pair scale factor θ′ᵢ/θᵢ: YaRN"}), curve),
            make_view(say(lang, {"YaRN 的修正区间", "YaRN's correction range"}), ytable, dim_notes)};
}

// [SECTION] the step
Step yarn_and_llama3() {
    Step s = {
        "yarn-llama3",
        {"YaRN 的斜坡", "YaRN's ramp"},
        {"[[yarn|YaRN]] 的两个设定 β_fast 和 β_slow 是 L 内转过的圈数（默认 32 圈和 1 圈）：dim(n) 把圈数 n 换算成在 L 内恰好转 n 圈的那一对的下标，"
         "再向下取整得 low、向上取整得 high。下标 ≤ low 的对保持不变，≥ high 的全部插值（除以 s），中间用线性斜坡混合。"
         "曲线是每对的因子 θ′ᵢ/θᵢ，竖线是 low 和 high；表格给出取整前后的下标。长度实验室把它用在训练好的小模型上（[[lesson:length-lab/remedies-at-test-time|测试时的补救]]）。",
         "[[yarn|YaRN]]'s two settings β_fast and β_slow are turn counts within L (32 and 1 by default): dim(n) converts "
         "a turn count n into the index of the pair that turns exactly n times within L, floored to low and ceiled to "
         "high. Pairs at or below low are kept, pairs at or above high are fully interpolated (divided by s), and a "
         "linear ramp blends between. The curve is each pair's factor θ′ᵢ/θᵢ with low and high as vertical lines; the "
         "table gives the indices before and after rounding. The length lab applies it to a trained model ([[lesson:length-lab/remedies-at-test-time|remedies at test time]])."},
        {"d", "base", "original_max", "factor", "beta_fast", "beta_slow"},
        views_of(read_inputs, yarn_ramp_views),
        {R"tex(\mathrm{dim}(n)=d\,\ln(L/(2\pi n))/(2\ln\mathrm{base}),\quad \mathrm{low}=\lfloor\mathrm{dim}(\beta_{\mathrm{fast}})\rfloor,\ \mathrm{high}=\lceil\mathrm{dim}(\beta_{\mathrm{slow}})\rceil)tex"},
    };
    s.takeaway = {"[[yarn|YaRN]] 保留 L 内转 β_fast = {bf} 圈以上的对（i ≤ {low}，角度都见过），不到 β_slow = {bs} 圈的（i ≥ {high}，会遇新角度）除以 s，中间斜坡过渡。",
                  "[[yarn|YaRN]] keeps pairs turning β_fast = {bf}+ times in L (i ≤ {low}: every angle seen), divides those "
                  "under β_slow = {bs} turn (i ≥ {high}: new angles ahead) by s, and ramps between."};
    s.takeaway_args = args_of(read_inputs, +[](const Inputs& in, Lang) {
        const auto range = yarn_find_correction_range(in.beta_fast, in.beta_slow, in.d, in.base, in.L, true);
        return std::vector<Arg>{{"low", num(range.first)}, {"high", num(range.second)}, {"bf", num(in.beta_fast)},
                                {"bs", num(in.beta_slow)}};
    });
    return s;
}

}  // namespace long_context
}  // namespace pelab
