// PE Lab — lessons/rope/spectrum_and_decay.cpp
// Lesson "rope", step "spectrum-and-decay": the spectrum of RoPE — every pair's wavelength against
// the context (a model preset's own scaling included) — and its long-range decay.
// Comments are English only: the font subset is built from the characters inside .cpp string literals.
//
// [SECTION] views
// [SECTION] the step and its questions
#include <algorithm>
#include <cmath>
#include <string>
#include <vector>

#include "core/model_presets.h"
#include "core/odometer.h"
#include "core/rope_decay.h"
#include "lessons/lesson_util.h"
#include "lessons/rope/rope_lesson.h"

namespace pelab {
namespace rope_lesson {

using namespace lessonui;

// [SECTION] views
namespace {
// RoFormer's decay figure on a log-Δ axis out to 65,536: for bases 10⁴, 5·10⁵, 10⁶ (and the chosen base) the
// score of q = k = 1, Σᵢ cos(Δθᵢ)/(d/2), and the relative upper bound B(Δ) divided by B(0) (dashed), both 1 at Δ = 0.
ViewData decay_view(const Inputs& in, Lang lang) {
    const int kFarthest = std::max(65536, in.max_dist);  // a model's context beyond 65,536 stays in view
    CurveView curve;
    curve.x = log_spaced_integers(1, kFarthest, 160);
    curve.log_x = true;
    curve.x_axis = say(lang, {"相对距离 Δ（对数轴）", "relative distance Δ (log axis)"});
    curve.y_axis = say(lang, {"归一化到 Δ = 0 处为 1", "normalised to 1 at Δ = 0"});
    std::vector<double> bases = {1e4, 5e5, 1e6};
    if (std::find(bases.begin(), bases.end(), in.base) == bases.end()) bases.push_back(in.base);
    std::vector<std::string> notes;
    const double b0 = rope_relative_upper_bound(rope_default_inv_freq(in.d, bases.front()), 0.0);
    notes.push_back(say(lang, {"d = {d}；B(0) = (d/2 + 1)/2 = {b0}，虚线是 B(Δ)/B(0)。",
                               "d = {d}; B(0) = (d/2 + 1)/2 = {b0}, and the dashed lines are B(Δ)/B(0)."},
                        {{"d", integer(in.d)}, {"b0", num(b0)}}));
    for (double b : bases) {
        const Eigen::VectorXd th = rope_default_inv_freq(in.d, b);
        std::vector<double> bound = rope_relative_upper_bound(th, curve.x);
        for (double& y : bound) y /= b0;
        curve.series.push_back(rope_decay_curve(th, curve.x));
        curve.series.push_back(bound);
        curve.series_labels.push_back(say(lang, {"base = {b}：q = k = 1 的分数", "base = {b}: score of q = k = 1"}, {{"b", num(b)}}));
        curve.series_labels.push_back(say(lang, {"base = {b}：上界 B(Δ)/B(0)", "base = {b}: bound B(Δ)/B(0)"}, {{"b", num(b)}}));
        curve.series_dashed.push_back(false);
        curve.series_dashed.push_back(true);
        const std::vector<double>& score = curve.series[curve.series.size() - 2];
        double tail_score = 0.0;
        for (std::size_t i = 0; i < curve.x.size(); ++i)
            if (curve.x[i] >= 4096) tail_score = std::max(tail_score, std::fabs(score[i]));
        notes.push_back(say(lang, {"base = {b}：B(1)/B(0) = {near}，B({far})/B(0) = {farv}；Δ ≥ 4096 时 |分数| 最大 {tail}。",
                                   "base = {b}: B(1)/B(0) = {near}, B({far})/B(0) = {farv}; largest |score| for Δ ≥ 4096 is {tail}."},
                            {{"b", num(b)}, {"near", num(bound.front(), 4)}, {"far", integer(kFarthest)}, {"farv", num(bound.back(), 4)},
                             {"tail", num(tail_score, 4)}}));
    }
    curve.vlines_x = {static_cast<double>(in.max_dist)};
    curve.vline_labels = {"max_dist"};
    return make_view(say(lang, {"长程衰减：q = k = 1 的分数与 RoFormer 的相对上界", "Long-term decay: the score of q = k = 1 and RoFormer's relative upper bound"}),
                     std::move(curve), std::move(notes));
}

// The wavelength of every pair on a log axis against the context max_dist: a pair above the line never completes
// a turn inside the context. With a model preset, that model's trained and extended contexts, its local layers'
// base (Gemma 3) and, while the step's width and base are the model's, its wavelengths after its own scaling
// (core/model_presets.h: preset_inv_freq, the HF rope-init functions).
ViewData wavelength_view(const Inputs& in, Lang lang) {
    const int pairs = in.d / 2;
    CurveView curve = wavelength_axes(pairs, lang);
    const std::vector<double> lambda = pair_wavelengths(in.theta);
    curve.series.push_back(lambda);
    curve.series_labels.push_back(say(lang, {"λᵢ，base {b}", "λᵢ, base {b}"}, {{"b", num(in.base)}}));
    curve.hlines_y = {static_cast<double>(in.max_dist)};
    curve.hline_labels = {say(lang, {"上下文 max_dist", "context max_dist"})};
    const long long turning = std::count_if(lambda.begin(), lambda.end(), [&](double l) { return l <= in.max_dist; });
    std::vector<std::string> notes = {
        say(lang, {"{turning} / {pairs} 对在 max_dist = {ctx} 个位置内至少转满一圈；其余 {rest} 对在这段上下文里转不满一圈，"
                   "它们的角度只覆盖圆的一部分。",
                   "{turning} of {pairs} pairs complete at least one turn within max_dist = {ctx} positions; the other {rest} "
                   "never do, so inside this context their angles cover only part of the circle."},
            {{"turning", integer(turning)}, {"pairs", integer(pairs)}, {"ctx", integer(in.max_dist)}, {"rest", integer(pairs - turning)}})};
    const ModelPreset* model = find_model_preset(in.preset);
    if (model) {
        notes.push_back(say(lang, {"{model}：旋转维度 {rd}，base {base}，配对布局 {layout}，缩放 {scaling}，扩展后上下文 {ext}。",
                                   "{model}: rotary dimension {rd}, base {base}, pairing layout {layout}, scaling {scaling}, "
                                   "extended context {ext}."},
                            {{"model", model->display}, {"rd", integer(model->rotary_dim)}, {"base", num(model->base)},
                             {"layout", model->layout}, {"scaling", model->scaling}, {"ext", integer(model->extended_context)}}));
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
            notes.push_back(say(lang, {"{model} 用 LongRoPE：它逐对的缩放表不在预设里，这里只画未缩放的波长（课程“当今开源模型中的位置编码”第 4 步讲 LongRoPE）。",
                                       "{model} uses LongRoPE: its per-pair factor lists are not part of the preset, so only the unscaled "
                                       "wavelengths are drawn (step 4 of the lesson on current open models teaches LongRoPE)."},
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
    return make_view(say(lang, {"每一对的波长与上下文长度", "Each pair's wavelength against the context length"}), std::move(curve),
                     std::move(notes));
}

// The wavelengths against the context lead; the decay figure and the table of every pair follow.
std::vector<ViewData> spectrum_views(const ParamSet& p, Lang lang) {
    Inputs in = read_inputs(p);
    // The decay needs many pairs to show: this step has its own width (default 128, as in Llama).
    in.d = in.d_spectrum;
    in.theta = rope_default_inv_freq(in.d, in.base);
    const int pairs = in.d / 2;
    TableView table;
    table.values.resize(pairs, 3);
    for (int i = 0; i < pairs; ++i) {
        const double lambda = 2 * kPi / in.theta(i);
        table.values.row(i) << in.theta(i), lambda, in.max_dist / lambda;
        table.row_labels.push_back(say(lang, {"第 {i} 对", "pair {i}"}, {{"i", integer(i)}}));
    }
    table.col_labels = {"θᵢ = base^(−2i/d)", say(lang, {"波长 2π/θᵢ", "wavelength 2π/θᵢ"}),
                        say(lang, {"max_dist 内转过的圈数", "turns within max_dist"})};
    table.corner = say(lang, {"对", "pair"});
    table.decimals = 5;
    const double longest = 2 * kPi / in.theta(pairs - 1);
    std::vector<std::string> table_notes = {
        say(lang, {"最短波长（第 0 对）= 2π = {shortest}；最长波长 2π·base^((d−2)/d) = {longest}",
                   "Shortest wavelength (pair 0) = 2π = {shortest}; longest 2π·base^((d−2)/d) = {longest}"},
            {{"shortest", num(2 * kPi)}, {"longest", num(longest)}}),
        say(lang, {"常见的简化写法说最长波长是 base·2π = {wrong}；i 最大只到 d/2 − 1，所以指数停在 (d−2)/d。",
                   "A common simplified version found in tutorials gives the longest wavelength as base·2π = {wrong}; "
                   "i stops at d/2 − 1, so the exponent stops at (d−2)/d."},
            {{"wrong", num(in.base * 2 * kPi)}}),
        say(lang, {"常见的简化写法说低维管远距离、高维管近距离；按公式恰好相反：第 0 对转得最快，管近处。",
                   "Tutorials often say low dimensions track long range and high ones short range; the formula says "
                   "the opposite: pair 0 turns fastest and resolves nearby offsets."}),
    };

    return {wavelength_view(in, lang), decay_view(in, lang),
            make_view(say(lang, {"每一对的频率与波长", "Frequency and wavelength of each pair"}), std::move(table), std::move(table_notes))};
}

}  // namespace

// [SECTION] the step and its questions
Step spectrum_and_decay() {
    Step s = {
        "spectrum-and-decay",
        {"频谱与长程衰减", "The spectrum and its decay"},
        {"第 i 对每走 2π/θᵢ 个位置转满一圈：第 0 对转得最快（θ₀ = 1），最后一对最慢，所以前面的对分辨近处的偏移，"
         "后面的对分辨远处的偏移。调大底数，除第 0 对外的波长都会拉长。"
         "第一张图把每一对的波长画在对数轴上，横线是上下文长度 max_dist：线上方的对在这段上下文里转不满一圈。"
         "选一个模型预设，就能看到这个已发布模型自己的波长和它自己的上下文长度。"
         "第二张图在对数 Δ 轴上画到 65536（max_dist 更大时画到 max_dist），底数取 10⁴、5·10⁵ 和 10⁶："
         "实线是 q = k = 1 时距离 Δ 处的分数 Σᵢ cos(Δθᵢ)/(d/2)，它从 1 开始，一边振荡一边变小；"
         "虚线是 RoFormer 论文用 Abel 求和得到的相对上界 B(Δ)，除以 B(0) 后与实线同在 1 起步。"
         "这就是常说的 RoPE 长程衰减：上界随距离下降，底数越大，下降开始得越晚。表格列出每一对的频率和波长。",
         "Pair i completes a turn every 2π/θᵢ positions: pair 0 is the fastest (θ₀ = 1) and the last pair the "
         "slowest, so the first pairs resolve nearby offsets and the last ones distant offsets. A larger base "
         "stretches every wavelength except pair 0's. The first figure draws each pair's wavelength on a log axis "
         "with the context length max_dist as a horizontal line: a pair above the line never completes a turn "
         "inside that context. Pick a model preset to see a released model's own wavelengths against its own "
         "context length. The second figure runs on a log-Δ axis out to 65,536 (or to max_dist when that is longer) "
         "for the bases 10⁴, 5·10⁵ and 10⁶: the solid lines are the score of q = k = 1 at distance Δ, "
         "Σᵢ cos(Δθᵢ)/(d/2), which starts at 1 and shrinks while oscillating; the dashed lines are the relative upper "
         "bound B(Δ) that the RoFormer paper derives by Abel summation, divided by B(0) so that it also starts at 1. "
         "This is the long-term decay often quoted for RoPE: the bound falls with distance, and the larger the base, "
         "the later the fall begins. The table lists each pair's frequency and wavelength."},
        {"d_spectrum", "base", "max_dist", "preset"},
        spectrum_views,
        {R"tex(\theta_i=\mathrm{base}^{-2i/d},\qquad \lambda_i=\frac{2\pi}{\theta_i})tex",
         R"tex(B(\Delta)=\frac{2}{d}\sum_{j=1}^{d/2}\Bigl|\sum_{p=0}^{j-1}e^{\mathrm{i}\,\Delta\,\theta_p}\Bigr|)tex",
         R"tex(s(\Delta)=\frac{2}{d}\sum_{i=0}^{d/2-1}\cos(\Delta\,\theta_i))tex"},
    };
    s.questions = {
        {{"哪一对转得最快，分辨最近的偏移？", "Which pair turns fastest and resolves the nearest offsets?"},
         {{"第 0 对（θ₀ = 1）", "Pair 0 (θ₀ = 1)"},
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
    return s;
}

}  // namespace rope_lesson
}  // namespace pelab
