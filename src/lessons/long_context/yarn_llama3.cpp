// PE Lab — lessons/long_context/yarn_llama3.cpp
// Lesson "long-context", step "yarn-llama3": YaRN's correction range and Llama 3's wavelength bands, per pair
// against the unscaled frequencies (HF modeling_rope_utils through core/rope_scaling).
// Comments are English only: the font subset is built from the characters inside .cpp string literals.
//
// [SECTION] views
// [SECTION] the step
#include <limits>

#include "core/rope.h"
#include "lessons/lesson_util.h"
#include "lessons/long_context/long_context.h"

namespace pelab {
namespace long_context {

using namespace lessonui;

// [SECTION] views
static std::vector<ViewData> yarn_and_llama3_views(const Inputs& in, Lang lang) {
    const int pairs = in.d / 2;
    const Eigen::VectorXd theta = rope_default_inv_freq(in.d, in.base);
    const RopeScalingResult yarn = scaled(in, RopeScaling::yarn);
    const RopeScalingResult llama = scaled(in, RopeScaling::llama3);
    const double raw_low = yarn_find_correction_dim(in.beta_fast, in.d, in.base, in.L);
    const double raw_high = yarn_find_correction_dim(in.beta_slow, in.d, in.base, in.L);
    const auto range = yarn_find_correction_range(in.beta_fast, in.beta_slow, in.d, in.base, in.L, true);

    CurveView curve;
    curve.y_axis = "θ′ᵢ/θᵢ";
    curve.x_axis = say(lang, {"对 i", "pair i"});
    curve.x = pair_axis(pairs);
    curve.series = {ratio_series(yarn.inv_freq, theta), ratio_series(llama.inv_freq, theta)};
    curve.series_labels = {"YaRN", "Llama 3"};
    mark_yarn_range(curve, range, pairs);

    TableView ytable;
    ytable.values.resize(6, 1);
    ytable.values << raw_low, range.first, raw_high, range.second, yarn.attention_factor,
        yarn.attention_factor * yarn.attention_factor;
    ytable.row_labels = {say(lang, {"dim(β_fast)（原值）", "dim(β_fast) (raw)"}), "low = max(floor, 0)",
                         say(lang, {"dim(β_slow)（原值）", "dim(β_slow) (raw)"}), "high = min(ceil, d − 1)",
                         say(lang, {"注意力因子 0.1·ln s + 1", "attention factor 0.1·ln s + 1"}),
                         say(lang, {"分数放大倍数（因子²）", "score scale (factor²)"})};
    ytable.col_labels = {say(lang, {"值", "value"})};
    ytable.decimals = 6;
    const std::vector<std::string> ynotes = {
        say(lang, {"dim(r) = d·ln(L/(2πr))/(2·ln base)：在 L 个位置内恰好转 r 圈的那一对的下标。",
                   "dim(r) = d·ln(L/(2πr))/(2·ln base): the index of the pair that turns r times within L."}),
        say(lang, {"HF 把 high 截到 d − 1 而不是 d/2 − 1；下标 ≥ high 的对全部插值（除以 s），≤ low 的保持不变。",
                   "HF clamps high at d − 1, not d/2 − 1; pairs at or above high are fully interpolated (divided by s), "
                   "pairs at or below low are kept."}),
    };

    TableView ltable;
    int counts[3] = {0, 0, 0};
    for (int i = 0; i < pairs; ++i) {
        const Llama3Band band = llama3_band(2 * kPi / theta(i), in.L, in.low_ff, in.high_ff);
        ++counts[band == Llama3Band::high ? 0 : band == Llama3Band::medium ? 1 : 2];
    }
    ltable.values.resize(3, 3);
    const double nan = std::numeric_limits<double>::quiet_NaN();
    ltable.values << counts[0], 0.0, in.L / in.high_ff, counts[1], in.L / in.high_ff, in.L / in.low_ff, counts[2],
        in.L / in.low_ff, nan;
    ltable.row_labels = {say(lang, {"高频：λ < L/high_ff，不变", "high: λ < L/high_ff, kept"}),
                         say(lang, {"中频：平滑插值", "medium: smoothly interpolated"}),
                         say(lang, {"低频：λ > L/low_ff，除以 s", "low: λ > L/low_ff, divided by s"})};
    ltable.col_labels = {say(lang, {"对数", "pairs"}), say(lang, {"λ 下界", "λ from"}), say(lang, {"λ 上界", "λ to"})};
    ltable.col_decimals = {0, -1, -1};
    ltable.decimals = 2;
    const std::string lnote = say(lang, {"中频：θ′ = (1 − w)·θ/s + w·θ，w = (L/λ − low_ff)/(high_ff − low_ff)。",
                                         "Medium band: θ′ = (1 − w)·θ/s + w·θ with w = (L/λ − low_ff)/(high_ff − low_ff)."});
    return {make_view(say(lang, {"每对的缩放因子 θ′ᵢ/θᵢ：YaRN 与 Llama 3", "Per-pair scale factor θ′ᵢ/θᵢ: YaRN and Llama 3"}), curve),
            make_view(say(lang, {"YaRN：修正区间与注意力因子", "YaRN: correction range and attention factor"}), ytable, ynotes),
            make_view(say(lang, {"Llama 3：三个频段", "Llama 3: three bands"}), ltable, {lnote})};
}

// [SECTION] the step
Step yarn_and_llama3() {
    return {
        "yarn-llama3",
        {"YaRN 与 Llama 3", "YaRN and Llama 3"},
        {"YaRN 按各对在训练长度内转过的圈数分段：find_correction_dim 把 β_fast 圈和 β_slow 圈换算成频率对的下标 i，"
         "再向下、向上取整（HF 的 truncate 默认开启）；区间以下的对保持频率，以上的除以 s，中间用线性斜坡混合。"
         "它还把 cos、sin 乘以 0.1·ln s + 1，分数因此放大该因子的平方。Llama 3 改用波长分段："
         "短于 L/high_freq_factor 的不变，长于 L/low_freq_factor 的除以 s，中间平滑插值。",
         "YaRN splits the pairs by how many turns they make within the training length: find_correction_dim converts "
         "the turn counts β_fast and β_slow into pair indices i, floored and ceiled (HF's truncate default); pairs below the "
         "range keep their frequency, pairs above are divided by s, and a linear ramp blends in between. It also "
         "multiplies cos and sin by 0.1·ln s + 1, so scores grow by its square. Llama 3 uses wavelengths instead: "
         "shorter than L/high_freq_factor unchanged, longer than L/low_freq_factor divided by s, and a smooth "
         "interpolation in between."},
        {"d", "base", "original_max", "factor", "beta_fast", "beta_slow", "low_freq_factor", "high_freq_factor",
         "preset"},
        views_of(read_inputs, yarn_and_llama3_views),
        {R"tex(\mathrm{dim}(r)=\frac{d\,\ln\bigl(L/(2\pi r)\bigr)}{2\ln\mathrm{base}},\qquad \sqrt{t}=0.1\ln s+1)tex",
         R"tex(\theta'_i=(1-\gamma_i)\,\frac{\theta_i}{s}+\gamma_i\,\theta_i,\qquad \gamma=\frac{L/\lambda-\alpha}{\beta-\alpha}\ \text{(Llama 3)})tex"},
    };
}

}  // namespace long_context
}  // namespace pelab
