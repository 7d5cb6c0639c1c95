// PE Lab — lessons/rope/spectrum_and_decay.cpp
// Lesson "rope", step "spectrum-and-decay": the spectrum of RoPE — every pair's wavelength against the context
// (a model preset's own scaling included). The long-range decay is the next step (long_term_decay.cpp), the
// shortest and longest wavelengths the one after (wavelength_extremes.cpp).
// Comments are English only: the font subset is built from the characters inside .cpp string literals.
//
// [SECTION] views
// [SECTION] the step and its questions
#include <algorithm>
#include <cmath>
#include <string>
#include <vector>

#include "core/rope/model_presets.h"
#include "core/rope/odometer.h"
#include "lessons/lesson_util.h"
#include "lessons/rope/rope_lesson.h"

namespace pelab {
namespace rope_lesson {

using namespace lessonui;

// [SECTION] views
namespace {
// The wavelength of every pair on a log axis against the context max_dist: a pair above the line never completes
// a turn inside the context. With a model preset, that model's trained and extended contexts, its local layers'
// base (Gemma 3) and, while the step's width and base are the model's, its wavelengths after its own scaling
// (core/rope/model_presets.h: preset_inv_freq, the HF rope-init functions).
std::vector<ViewData> spectrum_views(const Inputs& in, Lang lang) {
    const int pairs = in.d / 2;
    CurveView curve = wavelength_axes(pairs, lang);
    const std::vector<double> lambda = pair_wavelengths(in.theta);
    curve.series.push_back(lambda);
    curve.series_labels.push_back(say(lang, {"λᵢ，base {b}", "λᵢ, base {b}"}, {{"b", num(in.base)}}));
    curve.hlines_y = {static_cast<double>(in.max_dist)};
    curve.hline_labels = {say(lang, {"上下文长度", "context length"})};
    const long long turning = std::count_if(lambda.begin(), lambda.end(), [&](double l) { return l <= in.max_dist; });
    std::vector<std::string> notes = {
        say(lang, {"{turning} / {pairs} 对在 {ctx} 个位置的上下文内至少转满一圈；其余 {rest} 对在这段上下文里转不满一圈，"
                   "它们的角度只覆盖圆的一部分。",
                   "{turning} of {pairs} pairs complete at least one turn within the context of {ctx} positions; the other "
                   "{rest} never do, so inside this context their angles cover only part of the circle."},
            {{"turning", integer(turning)}, {"pairs", integer(pairs)}, {"ctx", integer(in.max_dist)}, {"rest", integer(pairs - turning)}})};
    const ModelPreset* model = find_model_preset(in.preset);
    if (model) {
        RopeLayout model_layout = RopeLayout::interleaved;
        const std::string layout_words =
            parse_rope_layout(model->layout, &model_layout) ? layout_label(model_layout, lang) : model->layout;
        notes.push_back(say(lang, {"{model}：旋转维度 {rd}，base {base}，配对布局 {layout}，缩放 {scaling}，扩展后上下文 {ext}。",
                                   "{model}: rotary dimension {rd}, base {base}, pairing layout {layout}, scaling {scaling}, "
                                   "extended context {ext}."},
                            {{"model", model->display}, {"rd", integer(model->rotary_dim)}, {"base", num(model->base)},
                             {"layout", layout_words}, {"scaling", model->scaling}, {"ext", integer(model->extended_context)}}));
        if (model->trained_context > 0 && model->trained_context != in.max_dist) {
            curve.hlines_y.push_back(model->trained_context);
            curve.hline_labels.push_back(say(lang, {"训练长度", "trained context"}));
        }
        const bool same_frequencies = model->rotary_dim == in.d && model->base == in.base;
        if (!same_frequencies) {
            notes.push_back(say(lang, {"这里的 d = {d}、base = {base} 与 {model} 的值不同：曲线按这里的值画。",
                                       "d = {d} and base = {base} here differ from {model}'s values: the curve follows the values set here."},
                                {{"d", integer(in.d)}, {"base", num(in.base)}, {"model", model->display}}));
        } else if (model->scaling == "longrope") {
            notes.push_back(say(lang, {"{model} 用 LongRoPE：它逐对的缩放表不在预设里，这里只画未缩放的波长（[[lesson:open-models|“当今开源模型中的位置编码”]]一课讲 LongRoPE）。",
                                       "{model} uses LongRoPE: its per-pair factor lists are not part of the preset, so only the unscaled "
                                       "wavelengths are drawn (the lesson [[lesson:open-models]] teaches LongRoPE)."},
                                {{"model", model->display}}));
        } else if (model->scaling != "none") {
            const std::vector<double> inv_freq = preset_inv_freq(*model);
            const std::vector<double> scaled = pair_wavelengths(Eigen::Map<const Eigen::VectorXd>(inv_freq.data(), Eigen::Index(inv_freq.size())));
            long long stretched = 0;
            for (int i = 0; i < pairs; ++i) stretched += scaled[i] > lambda[i] * (1 + 1e-12) ? 1 : 0;
            const long long scaled_turning = std::count_if(scaled.begin(), scaled.end(), [&](double l) { return l <= in.max_dist; });
            curve.series.push_back(scaled);
            curve.series_labels.push_back(say(lang, {"{model} 的 {scaling} 缩放之后", "after {model}'s {scaling} scaling"},
                                              {{"model", model->display}, {"scaling", model->scaling}}));
            notes.push_back(say(lang, {"{model} 的 {scaling} 缩放（系数 {factor}）拉长了 {stretched} 对的波长；缩放后有 {turning} 对在 {ctx} 个位置内转满一圈。",
                                       "{model}'s {scaling} scaling (factor {factor}) stretches the wavelengths of {stretched} pairs; after it, "
                                       "{turning} pairs complete a turn within {ctx} positions."},
                                {{"model", model->display}, {"scaling", model->scaling}, {"factor", num(model->factor)},
                                 {"stretched", integer(stretched)}, {"turning", integer(scaled_turning)}, {"ctx", integer(in.max_dist)}}));
        }
        if (model->local_base > 0 && model->rotary_dim == in.d) {
            const std::vector<double> local = preset_local_inv_freq(*model);
            curve.series.push_back(pair_wavelengths(Eigen::Map<const Eigen::VectorXd>(local.data(), Eigen::Index(local.size()))));
            curve.series_labels.push_back(say(lang, {"局部（滑动窗口）层，base {b}", "local (sliding-window) layers, base {b}"},
                                              {{"b", num(model->local_base)}}));
            curve.hlines_y.push_back(model->sliding_window);
            curve.hline_labels.push_back(say(lang, {"滑动窗口", "sliding window"}));
        }
    }
    return {make_view(say(lang, {"每一对的波长与上下文长度", "Each pair's wavelength against the context length"}), std::move(curve),
                      std::move(notes))};
}

}  // namespace

// [SECTION] the step and its questions
Step spectrum_and_decay() {
    Step s = {
        "spectrum-and-decay",
        {"频谱：每一对一个波长", "The spectrum: one wavelength per pair"},
        {"第 i 对以自己的频率 θᵢ = base^(−2i/d) 旋转，每走 λᵢ = 2π/θᵢ 个位置转满一圈，λᵢ 是它的[[wavelength|波长]]。"
         "图把每一对的波长画在对数轴上，横线是上下文长度；画在横线之上的对在这段上下文里转不满一圈。"
         "调大底数，除第 0 对外的波长都会拉长。选一个模型预设，就能看到这个已发布模型自己的波长和它自己的上下文长度。",
         "Each pair i turns at its own frequency θᵢ = base^(−2i/d) and completes a turn every λᵢ = 2π/θᵢ "
         "positions, its [[wavelength]]. The figure draws each pair's wavelength on a log axis with the context length "
         "as a horizontal line; a pair drawn above the line never completes a turn inside that context. A larger base "
         "stretches every wavelength except pair 0's. Pick a model preset to see a released model's own wavelengths "
         "against its own context length."},
        {"d_spectrum", "base", "max_dist", "preset"},
        views_of(read_spectrum_inputs, spectrum_views),
        {R"tex(\theta_i=\mathrm{base}^{-2i/d},\qquad \lambda_i=\frac{2\pi}{\theta_i})tex"},
    };
    s.questions = {
        {{"哪一对转得最快，最能区分相邻的位置？", "Which pair turns fastest, so that it tells neighbouring positions apart best?"},
         {{"第 0 对", "Pair 0"},
          {"最后一对", "The last pair"},
          {"所有对一样快", "All pairs turn equally fast"}},
         0,
         [](const ParamSet& p, Lang lang) {
             const Inputs in = read_inputs(p);
             const int d = in.d_spectrum;
             const double base = in.base;
             const Eigen::VectorXd theta = rope_default_inv_freq(d, base);
             const double slow = theta(theta.size() - 1);
             return say(lang,
                        {"θᵢ = base^(−2i/d)：θ₀ = {fast}，每 2π = {wave0} 个位置转一圈；base = {base}、d = {d} 时"
                         "最后一对 θ = {slow}，波长 {wave}。低维转得快，管近处；高维转得慢，管远处。",
                         "θᵢ = base^(−2i/d): θ₀ = {fast}, a turn every 2π = {wave0} positions; with base = {base} and "
                         "d = {d} the last pair has θ = {slow}, wavelength {wave}. Low dimensions turn fast and "
                         "resolve near offsets; high ones turn slowly and resolve distant ones."},
                        {{"fast", num(theta(0))}, {"wave0", num(2 * kPi / theta(0))}, {"base", num(base)},
                         {"d", integer(d)}, {"slow", num(slow)}, {"wave", num(2 * kPi / slow)}});
         }},
    };
    s.questions[0].predict = true;  // asked before the wavelengths are shown: the prose does not name the fastest pair
    s.takeaway = {"第 0 对最快（θ₀ = 1，λ₀ = 2π），最能区分相邻位置；θᵢ 随 i 变小，{pairs} 对中 {rest} 对在 {ctx} 个位置内转不满一圈。",
                  "Pair 0 turns fastest (θ₀ = 1, λ₀ = 2π), so neighbours differ most in its angle; θᵢ = base^(−2i/d) "
                  "shrinks with i, so {rest} of {pairs} pairs never complete a turn within {ctx} positions."};
    s.takeaway_args = args_of(read_spectrum_inputs, +[](const Inputs& in, Lang) {
        const std::vector<double> lambda = pair_wavelengths(in.theta);
        const long long turning = std::count_if(lambda.begin(), lambda.end(), [&](double l) { return l <= in.max_dist; });
        return std::vector<Arg>{{"pairs", integer(in.d / 2)}, {"rest", integer(in.d / 2 - turning)}, {"ctx", integer(in.max_dist)}};
    });
    return s;
}

}  // namespace rope_lesson
}  // namespace pelab
