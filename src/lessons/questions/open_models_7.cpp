// PE Lab — lessons/questions/open_models_7.cpp
// Questions and references of lesson "open-models", step 7 (model presets): which pairs Llama 3.1's llama3
// scaling slows down, and how much of a DeepSeek-V3 head rotates. The explanations are computed from core
// (model_presets.h, rope.h, rope_scaling.h) from the presets' values. The references are the configuration
// files and reference code each preset's values were read from.
//
// [SECTION] questions
#include <cmath>

#include "core/model_presets.h"
#include "core/rope.h"
#include "lessons/questions/question_tables.h"

namespace pelab {

using namespace lessonui;

// [SECTION] questions
namespace {

// One sentence on the model the learner has selected (key preset): how much of a head rotates and how many of
// its pairs have a wavelength beyond its trained context, unscaled (core: rope_default_inv_freq).
std::string selected_model_line(const ParamSet& params, Lang lang) {
    const ModelPreset* p = params.has("preset") ? find_model_preset(params.gets("preset")) : nullptr;
    if (!p) return std::string();
    const Eigen::VectorXd theta = rope_default_inv_freq(p->rotary_dim, p->base);
    int beyond = 0;
    const double length = p->trained_context > 0 ? p->trained_context : p->extended_context;
    for (int i = 0; i < theta.size(); ++i) beyond += 2 * kPi / theta(i) > length ? 1 : 0;
    return say(lang,
               {" 所选的 {model}：每个头 {head} 维中 {rot} 维旋转，未缩放时有 {n} 对的波长超过 {L}。",
                " The selected {model}: {rot} of each head's {head} numbers rotate, and unscaled {n} pairs have a "
                "wavelength beyond {L}."},
               {{"model", p->display}, {"head", integer(p->head_dim)}, {"rot", integer(p->rotary_dim)},
                {"n", integer(beyond)}, {"L", integer(static_cast<long long>(length))}});
}

}  // namespace

std::vector<PlacedQuestion> questions_open_models_7() {
    std::vector<PlacedQuestion> out;

    out.push_back({7, {
                   {"Llama 3.1 的 llama3 缩放把哪些频率对除以 factor？",
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
                   }}});

    out.push_back({7, {
                   {"DeepSeek-V3 的每个查询/键头里，有多少维度带位置旋转？",
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
                   }}});
    return out;
}

}  // namespace pelab
