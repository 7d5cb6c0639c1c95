// PE Lab — lessons/open_models/model_presets.cpp
// Step "model-presets" of lesson "open-models": the selected released model's per-pair wavelengths 2π/θᵢ,
// unscaled and as the model scales them, against its own trained and extended context (core/rope/model_presets.h).
// The table of all presets is the next two steps (presets_unscaled.cpp, presets_scaled.cpp); Llama 3.1's band rule
// is taught before (llama3_scaling.cpp). Its question (a check, after MLA): how much of a DeepSeek-V3 head rotates
// (the answer also describes the selected model). Every number comes from core (model_presets.h, rope.h, rope_scaling.h).
// Comments are English only: the font subset is built from the characters inside .cpp string literals.
//
// [SECTION] the selected preset
// [SECTION] the wavelength figure
// [SECTION] the step and its questions
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
    curve.series_labels.push_back(say(lang, {"底数 {base}，未缩放", "base {base}, unscaled"}, {{"base", integer(static_cast<long long>(p.base))}}));
    const bool has_scaled = !scaled.empty() && p.scaling != "none";
    if (has_scaled) {
        curve.series.push_back(scaled);
        curve.series_labels.push_back(say(lang, {"按{scaling}缩放后（s = {s}）", "after {scaling} scaling (s = {s})"},
                                          {{"scaling", scaling_words(p.scaling, lang)}, {"s", num(p.factor, 4)}}));
    }
    if (!local.empty()) {
        curve.series.push_back(local);
        curve.series_labels.push_back(say(lang, {"局部层，底数 {base}", "local layers, base {base}"},
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
    // The first note also gives the model's scaling symbols, with its values.
    std::string symbols;
    if (p.scaling == "llama3")
        symbols = say(lang, {"；分段规则：s = {s}，L₀ = {L}，φ_lo、φ_hi = {l}、{h}", "; band rule: s = {s}, L₀ = {L}, φ_lo, φ_hi = {l}, {h}"},
                      {{"s", num(p.factor)}, {"L", integer(p.original_max)}, {"l", num(p.low_freq_factor)}, {"h", num(p.high_freq_factor)}});
    else if (p.scaling == "linear" || p.scaling == "yarn")
        symbols = say(lang, {"；{scaling}缩放，s = {s}", "; {scaling} scaling, s = {s}"},
                      {{"scaling", scaling_words(p.scaling, lang)}, {"s", num(p.factor)}});
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
            {"选一个已发布的模型（preset）：波长比它的训练长度还长的频率对，在训练中从没转满一圈，延长上下文的方法改的正是这些对。"
             "图中画出它每一对的[[wavelength|波长]] λᵢ = 2π/θᵢ（未缩放，以及按它的缩放方法缩放后），并标出它的训练长度和扩展后长度。"
             "r 是每个头旋转的数的个数，b 是底数。缩放方法见前面几步：[[lesson:open-models/llama3-scaling|分段规则]]、"
             "[[lesson:open-models/longrope|LongRoPE]]、[[lesson:open-models/mla-yarn|YaRN]]；线性缩放（Gemma 3 27B 的全局层）把每一对都除以 s。"
             "数值出自各模型发布的配置文件；没能从可靠来源核对的（例如 Phi-3 的逐对 LongRoPE 因子）没有收进来。",
             "Pick a released model (preset): the frequency pairs whose wavelength exceeds its trained length never turned a full "
             "circle in training, and those are the pairs a context extension changes. The figure draws each pair's [[wavelength]] "
             "λᵢ = 2π/θᵢ (unscaled, and as the model's scaling changes it) against its own trained and extended context; r is the "
             "count of numbers per head that turn and b the base. The scalings are those of the steps before: the "
             "[[lesson:open-models/llama3-scaling|band rule]], [[lesson:open-models/longrope|LongRoPE]] and "
             "[[lesson:open-models/mla-yarn|YaRN]]; linear scaling (Gemma 3 27B's global layers) divides every pair by s. The "
             "values come from each model's published configuration files; any that could not be checked against a reliable "
             "source (such as Phi-3's per-pair LongRoPE factors) are left out."},
            {"preset"},
            [](const ParamSet& p, Lang lang) {
                const Inputs in = params().read(p);
                const ModelPreset& chosen = selected_preset(in);
                return std::vector<ViewData>{preset_wavelength_view(chosen, lang)};
            },
            {R"tex(\lambda_i = \frac{2\pi}{\theta_i},\qquad \theta_i = b^{-2i/r}\quad (i = 0,\dots,r/2-1))tex",
             {R"tex(\lambda_i>L_0\ \Rightarrow\ \text{第 } i \text{ 对在训练中没转满一圈})tex", R"tex(\lambda_i>L_0\ \Rightarrow\ \text{pair } i \text{ never turned once in training})tex"}}};
    s.takeaway = {"{model} 的 {pairs} 对里 {n} 对波长超过 {L}：它们在这段长度内没转满一圈，延长上下文要改的正是这些对。",
                  "{model}: {n} of its {pairs} pairs have a wavelength beyond {L} positions, so they never turn once within that "
                  "length; those are the pairs a context extension must change."};
    s.takeaway_args = args_of(read_inputs, +[](const Inputs& in, Lang) {
        const ModelPreset& p = selected_preset(in);
        const Eigen::VectorXd theta = rope_default_inv_freq(p.rotary_dim, p.base);
        const double length = p.trained_context > 0 ? p.trained_context : p.extended_context;
        int beyond = 0;
        for (int i = 0; i < theta.size(); ++i) beyond += 2 * kPi / theta(i) > length ? 1 : 0;
        return std::vector<Arg>{{"model", p.display}, {"n", integer(beyond)}, {"pairs", integer(p.rotary_dim / 2)},
                                {"L", integer(static_cast<long long>(length))}};
    });
    s.questions = {
        {{"所选模型延长上下文时，要改的是哪些频率对？",
          "When the selected model extends its context, which of its frequency pairs must change?"},
         {{"快的对：它们在训练中转了很多圈", "The fast pairs: they turned many times in training"},
          {"慢的对：它们的波长超过训练长度", "The slow pairs: their wavelength exceeds the trained length"},
          {"每一对都按同一个比例改", "Every pair, by the same factor"}},
         1,
         [](const ParamSet& params, Lang lang) {
             return say(lang,
                        {"快的对在训练中已经转过每一个角度，更长的位置不给它们新角度；慢的对没转满一圈，"
                         "训练长度之后的角度它们从没见过，所以分段规则和 YaRN 只改它们（线性缩放把每一对都除以 s，"
                         "连不必改的快对也改了）。",
                         "The fast pairs already turned through every angle in training, so longer positions give them no "
                         "new angle; the slow pairs never turned once, and past the trained length they meet angles they "
                         "never saw: the band rule and YaRN change only those (linear scaling divides every pair by s, "
                         "the fast ones too, which did not need it)."}) +
                    selected_model_line(params, lang);
         }},
    };
    return s;
}

}  // namespace open_models_lesson
}  // namespace pelab
