// PE Lab — lessons/open_models/llama3_scaling.cpp
// Step "llama3-scaling" of lesson "open-models": Llama 3.1 8B's band rule for a longer context (Hugging Face
// `_compute_llama3_parameters`, rope_type llama3): pairs whose wavelength exceeds L₀/φ_lo are divided by s, those
// below L₀/φ_hi kept, those between blended. The figure draws the model's wavelengths before and after, with the
// two band borders as lines, so the reason (only the slow pairs never turned in training) is on the figure. The
// model is fixed (core's preset llama-3.1-8b); the general rule is taught in lesson long-context. Its question (a
// check): which pairs the rule divides by s. Every number comes from core (model_presets.h, rope.h).
// Comments are English only: the font subset is built from the characters inside .cpp string literals.
//
// [SECTION] the view
// [SECTION] the step and its question
#include <cmath>
#include <string>
#include <vector>

#include "core/rope/model_presets.h"
#include "core/rope/rope.h"
#include "lessons/lesson.h"
#include "lessons/lesson_util.h"
#include "lessons/open_models/open_models_lesson.h"

namespace pelab {
namespace open_models_lesson {

using namespace lessonui;  // shared display helpers (lessons/lesson_util.h)

// [SECTION] the view
namespace {

// The model this step teaches, from core's table (never null there: the lesson's tests check the preset exists).
const ModelPreset* llama31() { return find_model_preset("llama-3.1-8b"); }

std::vector<ViewData> llama3_views(const Inputs&, Lang lang) {
    const ModelPreset* p = llama31();
    CurveView curve = wavelength_axes(p ? p->rotary_dim / 2 : 1, lang);
    if (!p) {
        curve.series = {std::vector<double>(1, 1.0)};
        curve.series_labels = {"—"};
        return {make_view("Llama 3.1", std::move(curve))};
    }
    const Eigen::VectorXd plain = rope_default_inv_freq(p->rotary_dim, p->base);
    const std::vector<double> scaled = preset_inv_freq(*p);
    std::vector<double> before, after;
    for (Eigen::Index i = 0; i < plain.size(); ++i) {
        before.push_back(2 * kPi / plain(i));
        after.push_back(2 * kPi / scaled[static_cast<std::size_t>(i)]);
    }
    curve.series = {before, after};
    curve.series_labels = {say(lang, {"未缩放", "unscaled"}), say(lang, {"分段规则之后（s = {s}）", "after the band rule (s = {s})"},
                                                                     {{"s", num(p->factor)}})};
    curve.series_dashed = {true, false};
    const double fast_border = p->original_max / p->high_freq_factor, slow_border = p->original_max / p->low_freq_factor;
    curve.hlines_y = {fast_border, slow_border};
    curve.hline_labels = {say(lang, {"L₀/φ_hi = {v}：以下保持不变", "L₀/φ_hi = {v}: kept below"}, {{"v", integer(static_cast<long long>(fast_border))}}),
                          say(lang, {"L₀/φ_lo = {v}：以上除以 s", "L₀/φ_lo = {v}: divided by s above"}, {{"v", integer(static_cast<long long>(slow_border))}})};
    const Llama3Counts n = llama3_counts(*p);
    std::vector<std::string> notes = {
        say(lang, {"波长超过 {slow} 的 {div} 对（训练长度 L₀ = {L0} 内没转满一圈）除以 s = {s}；短于 {fast} 的 {kept} 对不变；其间 {mid} 对平滑过渡。",
                   "The {div} pairs beyond {slow} (short of one turn in the training length L₀ = {L0}) are divided by s = {s}; the {kept} "
                   "below {fast} are kept; the {mid} between are blended."},
            {{"slow", integer(static_cast<long long>(slow_border))}, {"div", integer(n.divided)}, {"L0", integer(p->original_max)},
             {"s", num(p->factor)}, {"fast", integer(static_cast<long long>(fast_border))}, {"kept", integer(n.kept)}, {"mid", integer(n.between)}}),
        say(lang, {"φ_lo、φ_hi 定出两条分界线。（Hugging Face：`factor` 即 s，`original_max_position_embeddings` 即 L₀，`low_freq_factor`、`high_freq_factor` 即 φ_lo、φ_hi。）",
                   "φ_lo and φ_hi set the two borders. (Hugging Face: `factor` is s, `original_max_position_embeddings` L₀, `low_freq_factor` and `high_freq_factor` φ_lo and "
                   "φ_hi.)"}),
    };
    return {make_view(say(lang, {"{model}：各对的波长，缩放前后", "{model}: each pair's wavelength before and after"}, {{"model", p->display}}),
                      std::move(curve), std::move(notes))};
}

}  // namespace

// [SECTION] the step and its question
Step llama3_scaling() {
    Step s = {
        "llama3-scaling",
        {"Llama 3.1：只放慢转得慢的频率对", "Llama 3.1: slow down only the slow pairs"},
        {"要在比训练长度 L₀ 更长的上下文里使用模型，Llama 3.1 8B 按[[wavelength|波长]]把频率对分成三段（分段规则）：慢的一段除以倍数 s，快的一段不变，中间一段平滑过渡。"
         "s 是上下文延长的倍数，φ_lo、φ_hi 决定两条分界线 L₀/φ_lo 和 L₀/φ_hi，γᵢ 是中间一段保留原频率的比例。"
         "这条规则的一般形式在[[lesson:long-context/llama3-bands|长上下文一课]]；这里是这个发布模型自己的设置。",
         "To run beyond its training length L₀, Llama 3.1 8B sorts its frequency pairs into three bands by [[wavelength]] (the "
         "band rule): "
         "the slow band is divided by a factor s, the fast band kept, and the band between blended. s is how many times longer "
         "the context becomes, φ_lo and φ_hi set the two borders L₀/φ_lo and L₀/φ_hi, and γᵢ is the share of the original "
         "frequency a pair between keeps. The rule in general is in the [[lesson:long-context/llama3-bands|long-context lesson]]; "
         "here are this released model's settings."},
        {},
        views_of(read_inputs, llama3_views),
        {{R"tex(\theta_i'=\begin{cases}\theta_i & \lambda_i<L_0/\varphi_{hi}\\ \theta_i/s & \lambda_i>L_0/\varphi_{lo}\\ (1-\gamma_i)\,\theta_i/s+\gamma_i\,\theta_i & \text{其余}\end{cases})tex",
          R"tex(\theta_i'=\begin{cases}\theta_i & \lambda_i<L_0/\varphi_{hi}\\ \theta_i/s & \lambda_i>L_0/\varphi_{lo}\\ (1-\gamma_i)\,\theta_i/s+\gamma_i\,\theta_i & \text{else}\end{cases})tex"},
         R"tex(\gamma_i=\frac{L_0/\lambda_i-\varphi_{lo}}{\varphi_{hi}-\varphi_{lo}},\qquad \lambda_i=\frac{2\pi}{\theta_i})tex"},
    };
    s.takeaway = {"{pairs} 对中波长超过 {slow} 的 {div} 个慢对除以 {s}，{kept} 个快对不变：只有慢对在训练中没转满一圈，只有它们需要放慢。",
                  "Of {pairs} pairs, the {div} slow ones (wavelength beyond {slow}) are divided by {s} and the {kept} fast ones "
                  "kept: only slow pairs never turned once in training, so only they need slowing."};
    s.takeaway_args = args_of(read_inputs, +[](const Inputs&, Lang) {
        const ModelPreset* p = llama31();
        const Llama3Counts n = p ? llama3_counts(*p) : Llama3Counts{};
        return std::vector<Arg>{{"pairs", integer(p ? p->rotary_dim / 2 : 0)},
                                {"slow", integer(p ? static_cast<long long>(p->original_max / p->low_freq_factor) : 0)},
                                {"div", integer(n.divided)}, {"s", num(p ? p->factor : 1.0)}, {"kept", integer(n.kept)}};
    });
    s.questions = {
        {{"Llama 3.1 的分段规则把哪些频率对除以 s？", "Which frequency pairs does Llama 3.1's band rule divide by s?"},
         {{"所有的对", "Every pair"},
          {"只有慢的对", "Only the slow pairs"},
          {"只有最快的那一对", "Only the fastest pair"}},
         1,
         [](const ParamSet&, Lang lang) {
             const ModelPreset* p = llama31();
             if (!p) return std::string();
             const Llama3Counts n = llama3_counts(*p);
             return say(lang,
                        {"在底数 b = {base}、r = {d} 时，{div} 对被除以 {s}（波长超过 {low}），{kept} 对保持不变"
                         "（波长短于 {high}），{mid} 对在两者之间平滑过渡。",
                         "At base b = {base}, r = {d}: {div} pairs are divided by {s} (wavelength beyond {low}), "
                         "{kept} stay as they are (wavelength below {high}), and {mid} pass smoothly between the two."},
                        {{"base", num(p->base, 6)}, {"d", integer(p->rotary_dim)}, {"div", integer(n.divided)},
                         {"s", num(p->factor, 4)}, {"low", num(p->original_max / p->low_freq_factor, 6)},
                         {"kept", integer(n.kept)}, {"high", num(p->original_max / p->high_freq_factor, 6)},
                         {"mid", integer(n.between)}});
         }},
    };
    return s;
}

}  // namespace open_models_lesson
}  // namespace pelab
