// PE Lab — lessons/open_models/model_presets.cpp
// Step "model-presets" of lesson "open-models": the selected released model's per-pair wavelengths 2π/θᵢ,
// unscaled and as the model scales them, against its own trained and extended context (core/model_presets.h).
// The table of all presets is the next two steps (presets_unscaled.cpp, presets_scaled.cpp). Its questions:
// which pairs Llama 3.1's llama3 scaling slows down, and how much of a DeepSeek-V3 head rotates (each answer also
// describes the selected model). Every number comes from core (model_presets.h, rope.h, rope_scaling.h).
// Comments are English only: the font subset is built from the characters inside .cpp string literals.
//
// [SECTION] the selected preset
// [SECTION] the wavelength figure
// [SECTION] the step and its questions
#include <cmath>
#include <string>
#include <vector>

#include "core/model_presets.h"
#include "core/rope.h"
#include "lessons/lesson.h"
#include "lessons/lesson_util.h"
#include "lessons/open_models/open_models_lesson.h"

namespace pelab {
namespace open_models_lesson {

using namespace lessonui;  // shared display helpers (lessons/lesson_util.h)

// [SECTION] the selected preset
// (pelab::model_presets() is core's table; model_presets() alone is this step.)
namespace {

// One sentence on the model the learner has selected (key preset): how much of a head rotates and how many of
// its pairs have a wavelength beyond its trained context, unscaled (core: rope_default_inv_freq).
std::string selected_model_line(const ParamSet& params, Lang lang) {
    const ModelPreset* p = find_model_preset(read_inputs(params).preset);
    if (!p) return std::string();
    const Eigen::VectorXd theta = rope_default_inv_freq(p->rotary_dim, p->base);
    int beyond = 0;
    const double length = p->trained_context > 0 ? p->trained_context : p->extended_context;
    for (int i = 0; i < theta.size(); ++i) beyond += 2 * kPi / theta(i) > length ? 1 : 0;
    return say(lang,
               {"所选的 {model}：每个头 {head} 维中 {rot} 维旋转，未缩放时有 {n} 对的波长超过 {L}。",
                " The selected {model}: {rot} of each head's {head} numbers rotate, and unscaled {n} pairs have a "
                "wavelength beyond {L}."},
               {{"model", p->display}, {"head", integer(p->head_dim)}, {"rot", integer(p->rotary_dim)},
                {"n", integer(beyond)}, {"L", integer(static_cast<long long>(length))}});
}

// [SECTION] the wavelength figure
std::vector<double> preset_wavelengths(const std::vector<double>& theta) {
    std::vector<double> out;
    for (double t : theta) out.push_back(2 * kPi / t);
    return out;
}

int count_wavelengths_beyond(const std::vector<double>& lambda, double length) {
    int n = 0;
    for (double l : lambda) n += l > length ? 1 : 0;
    return n;
}

ViewData preset_wavelength_view(const ModelPreset& p, Lang lang) {
    const Eigen::VectorXd plain = rope_default_inv_freq(p.rotary_dim, p.base);
    const std::vector<double> unscaled = preset_wavelengths(std::vector<double>(plain.data(), plain.data() + plain.size()));
    const std::vector<double> scaled_theta = preset_inv_freq(p);
    const std::vector<double> scaled = preset_wavelengths(scaled_theta);
    const std::vector<double> local = preset_wavelengths(preset_local_inv_freq(p));

    CurveView curve;
    curve.x_axis = say(lang, {"频率对 i", "frequency pair i"});
    curve.y_axis = say(lang, {"波长 2π/θᵢ（位置数，对数轴）", "wavelength 2π/θᵢ (positions, log axis)"});
    curve.log_y = true;
    for (int i = 0; i < p.rotary_dim / 2; ++i) curve.x.push_back(i);
    curve.series.push_back(unscaled);
    curve.series_labels.push_back(say(lang, {"base = {base}，未缩放", "base = {base}, unscaled"}, {{"base", integer(static_cast<long long>(p.base))}}));
    const bool has_scaled = !scaled.empty() && p.scaling != "none";
    if (has_scaled) {
        curve.series.push_back(scaled);
        curve.series_labels.push_back(say(lang, {"{scaling} 缩放后（factor = {s}）", "after {scaling} scaling (factor = {s})"},
                                          {{"scaling", p.scaling}, {"s", num(p.factor, 4)}}));
    }
    if (!local.empty()) {
        curve.series.push_back(local);
        curve.series_labels.push_back(say(lang, {"局部层 base = {base}", "local layers, base = {base}"},
                                          {{"base", integer(static_cast<long long>(p.local_base))}}));
    }
    if (p.trained_context > 0) {
        curve.hlines_y.push_back(p.trained_context);
        curve.hline_labels.push_back(say(lang, {"训练长度 {n}", "trained context {n}"}, {{"n", integer(p.trained_context)}}));
    }
    if (p.extended_context > p.trained_context) {
        curve.hlines_y.push_back(p.extended_context);
        curve.hline_labels.push_back(say(lang, {"扩展后长度 {n}", "extended context {n}"}, {{"n", integer(p.extended_context)}}));
    }
    if (p.sliding_window > 0) {
        curve.hlines_y.push_back(p.sliding_window);
        curve.hline_labels.push_back(say(lang, {"局部层窗口 {n}", "local window {n}"}, {{"n", integer(p.sliding_window)}}));
    }

    std::vector<std::string> notes;
    const std::vector<double>& used = has_scaled ? scaled : unscaled;
    const int pairs = p.rotary_dim / 2;
    // The first note also gives the equation's symbols, with this model's values.
    std::string symbols;
    if (p.scaling == "llama3")
        symbols = say(lang, {"；式中 s = factor = {s}，L₀ = original_max = {L}，l、h = low、high_freq_factor = {l}、{h}",
                             "; s = factor = {s}, L₀ = original_max = {L}, l, h = low, high_freq_factor = {l}, {h}"},
                      {{"s", num(p.factor)}, {"L", integer(p.original_max)}, {"l", num(p.low_freq_factor)}, {"h", num(p.high_freq_factor)}});
    else if (p.scaling == "linear")
        symbols = say(lang, {"；式中 s = factor = {s}", "; s = factor = {s}"}, {{"s", num(p.factor)}});
    notes.push_back(say(lang,
                        {"{model}：每个头 {head} 个数中有 {rot} 个旋转（{pairs} 对）{symbols}。",
                         "{model}: {rot} of each head's {head} numbers rotate ({pairs} pairs){symbols}."},
                        {{"model", p.display}, {"head", integer(p.head_dim)}, {"rot", integer(p.rotary_dim)},
                         {"pairs", integer(pairs)}, {"symbols", symbols}}));
    if (p.trained_context > 0)
        notes.push_back(say(lang,
                            {"未缩放时，{n} 对的波长超过训练长度 {L}：这些对在训练中没有转满一圈。",
                             "Unscaled, {n} pairs have a wavelength beyond the trained context {L}: they never turned a "
                             "full circle in training."},
                            {{"n", integer(count_wavelengths_beyond(unscaled, p.trained_context))}, {"L", integer(p.trained_context)}}));
    notes.push_back(say(lang,
                        {"模型实际使用的频率下，{n} 对的波长超过扩展后长度 {L}；最慢一对的是 {max}。",
                         "With the frequencies in use, {n} pairs have a wavelength beyond the extended context {L}; "
                         "the slowest, {max}."},
                        {{"n", integer(count_wavelengths_beyond(used, p.extended_context))}, {"L", integer(p.extended_context)},
                         {"max", num(used.empty() ? 0.0 : used.back(), 4)}}));
    if (p.scaling == "longrope")
        notes.push_back(say(lang, {"LongRoPE 的逐对因子不在预设里（没有可靠来源），图中只画未缩放的波长。",
                                   "LongRoPE's per-pair factors are not in the preset (no reliable source): only the unscaled wavelengths are drawn."}));
    return make_view(say(lang, {"{model}：各对的波长与上下文长度", "{model}: each pair's wavelength against the context"},
                         {{"model", p.display}}),
                     curve, notes);
}

}  // namespace

// [SECTION] the step and its questions
Step model_presets() {
    Step s = {"model-presets", {"一个已发布模型的波长", "A released model's wavelengths"},
            {"在已发布的模型里，波长比训练长度还长的频率对在训练中从没转满一圈，扩展上下文的方法改的正是这些对。"
             "选一个模型（preset），图中画出它每一对的波长 λᵢ = 2π/θᵢ（未缩放，以及按它的缩放方法缩放后），并标出它的训练长度和扩展后长度。"
             "Llama 3.1 的 llama3 缩放只把慢的对除以 s = factor，快的对不变，中间的对平滑过渡：L₀ = original_max 是训练长度，"
             "l = low_freq_factor、h = high_freq_factor 划出两条界线，γᵢ 是过渡的比例。线性缩放（Gemma 3 的全局层）把每一对都除以 s。"
             "数值出自各模型发布的配置文件；没能从可靠来源核对的（例如 Phi-3 的逐对 LongRoPE 因子）没有收进来。",
             "In a released model, the frequency pairs whose wavelength exceeds the trained length never turned a full circle in "
             "training, and those are the pairs the context-extension methods change. Pick a model (preset): the figure draws each "
             "pair's wavelength λᵢ = 2π/θᵢ (unscaled, and as the model's scaling changes it) against its own trained and extended "
             "context. Llama 3.1's llama3 scaling divides only the slow pairs by s = factor, keeps the fast ones and blends those in "
             "between: L₀ = original_max is the trained length, l = low_freq_factor and h = high_freq_factor set the two borders, "
             "and γᵢ is the blend. Linear scaling (Gemma 3's global layers) divides every pair by s. The values come from each "
             "model's published configuration files; any that could not be checked against a reliable source (such as Phi-3's "
             "per-pair LongRoPE factors) are left out."},
            {"preset"},
            [](const ParamSet& p, Lang lang) {
                const Inputs in = params().read(p);
                const ModelPreset& chosen = selected_preset(in);
                return std::vector<ViewData>{preset_wavelength_view(chosen, lang)};
            },
            {R"tex(\lambda_i = \frac{2\pi}{\theta_i},\qquad \theta_i = \mathrm{base}^{-2i/d}\quad (i = 0,\dots,d/2-1))tex",
             {R"tex(\text{linear：} \theta_i' = \theta_i / s,\qquad \text{llama3：} \theta_i' = \begin{cases} \theta_i & \lambda_i < L_0/h \\ \theta_i/s & \lambda_i > L_0/l \\ (1-\gamma_i)\,\theta_i/s + \gamma_i\,\theta_i & \text{其余}\end{cases},\quad \gamma_i = \frac{L_0/\lambda_i - l}{h - l})tex", R"tex(\text{linear: } \theta_i' = \theta_i / s,\qquad \text{llama3: } \theta_i' = \begin{cases} \theta_i & \lambda_i < L_0/h \\ \theta_i/s & \lambda_i > L_0/l \\ (1-\gamma_i)\,\theta_i/s + \gamma_i\,\theta_i & \text{otherwise}\end{cases},\quad \gamma_i = \frac{L_0/\lambda_i - l}{h - l})tex"}}};
    s.questions = {
        {{"Llama 3.1 的 llama3 缩放把哪些频率对除以 factor？",
          "Which frequency pairs does Llama 3.1's llama3 scaling divide by the factor?"},
         {{"所有的对", "Every pair"},
          {"只有波长超过 original_max / low_freq_factor 的慢对", "Only the slow pairs, whose wavelength exceeds original_max / low_freq_factor"},
          {"只有最快的那一对", "Only the fastest pair"}},
         1,
         [](const ParamSet& params, Lang lang) {
             const ModelPreset* p = find_model_preset("llama-3.1-8b");
             if (!p) return std::string();
             const std::string selected = selected_model_line(params, lang);
             const Eigen::VectorXd plain = rope_default_inv_freq(p->rotary_dim, p->base);
             const std::vector<double> scaled = preset_inv_freq(*p);
             int divided = 0, kept = 0, between = 0;
             for (int i = 0; i < plain.size(); ++i) {
                 const double ratio = plain(i) / scaled[static_cast<std::size_t>(i)];
                 if (std::abs(ratio - p->factor) < 1e-12 * p->factor) ++divided;
                 else if (std::abs(ratio - 1.0) < 1e-12) ++kept;
                 else ++between;
             }
             return say(lang,
                        {"在 base = {base}、d = {d} 时，{div} 对被除以 {s}（波长超过 {low}），{kept} 对保持不变"
                         "（波长短于 {high}），{mid} 对在两者之间平滑过渡。",
                         "At base = {base}, d = {d}: {div} pairs are divided by {s} (wavelength beyond {low}), "
                         "{kept} stay as they are (wavelength below {high}), and {mid} pass smoothly between the two."},
                        {{"base", num(p->base, 6)}, {"d", integer(p->rotary_dim)}, {"div", integer(divided)},
                         {"s", num(p->factor, 4)}, {"low", num(p->original_max / p->low_freq_factor, 6)},
                         {"kept", integer(kept)}, {"high", num(p->original_max / p->high_freq_factor, 6)},
                         {"mid", integer(between)}}) +
                    selected;
         }},
        {{"DeepSeek-V3 的每个查询/键头里，有多少维度带位置旋转？",
          "How many of the numbers in each DeepSeek-V3 query/key head are rotated by position?"},
         {{"全部", "All of them"},
          {"只有解耦出来的 RoPE 部分（qk_rope_head_dim）", "Only the decoupled RoPE part (qk_rope_head_dim)"},
          {"一个也没有", "None"}},
         1,
         [](const ParamSet& params, Lang lang) {
             const ModelPreset* p = find_model_preset("deepseek-v3");
             if (!p) return std::string();
             const std::string selected = selected_model_line(params, lang);
             return say(lang,
                        {"每个头 {head} 维：{rot} 维旋转（{pairs} 对，base = {base}，YaRN factor = {s}），"
                         "其余 {nope} 维不带位置，所以它们可以被吸收进潜在投影。",
                         "Each head has {head} numbers: {rot} rotate ({pairs} pairs, base = {base}, YaRN "
                         "factor = {s}) and the other {nope} carry no position, which is what lets them be "
                         "absorbed into the latent projections."},
                        {{"head", integer(p->head_dim)}, {"rot", integer(p->rotary_dim)},
                         {"pairs", integer(p->rotary_dim / 2)}, {"base", num(p->base, 6)},
                         {"s", num(p->factor, 4)}, {"nope", integer(p->nope_dim)}}) +
                    selected;
         }},
    };
    return s;
}

}  // namespace open_models_lesson
}  // namespace pelab
