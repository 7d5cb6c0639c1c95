// PE Lab — lessons/open_models/longrope.cpp
// Step "longrope" of lesson "open-models": LongRoPE (Phi-3 128k): per-pair short and long rescale factors,
// switched when the current length exceeds the training length (HF `_compute_longrope_parameters`, current
// main, and Phi-3's own Phi3LongRoPEScaledRotaryEmbedding). The factors pair by pair and the attention factor
// √(1 + ln s / ln L₀) are the next step (longrope_scale.cpp); both draw longrope_case (lesson.cpp).
// Phi-3's released factor lists are not reproduced: the figures use illustrative ramps whose formula the step
// states. Its question: which list HF uses one token past original_max. Every number shown comes from core
// (rope.h, rope_scaling.h).
// Comments are English only: the font subset is built from the characters inside .cpp string literals.
//
// [SECTION] the views
// [SECTION] the step and its question
#include <string>
#include <vector>

#include "core/rope.h"
#include "core/rope_scaling.h"
#include "lessons/lesson.h"
#include "lessons/lesson_util.h"
#include "lessons/open_models/open_models_lesson.h"

namespace pelab {
namespace open_models_lesson {

using namespace lessonui;  // shared display helpers (lessons/lesson_util.h)

// [SECTION] the views
namespace {
std::vector<double> longrope_wavelengths(const Eigen::VectorXd& theta) {
    std::vector<double> out;
    for (Eigen::Index i = 0; i < theta.size(); ++i) out.push_back(2 * kPi / theta(i));
    return out;
}

ViewData longrope_wavelength_view(const Inputs& in, const LongRopeCase& c, Lang lang) {
    const int n = in.d / 2;
    CurveView curve;
    for (int i = 0; i < n; ++i) curve.x.push_back(i);
    curve.series = {longrope_wavelengths(c.plain), longrope_wavelengths(c.short_theta), longrope_wavelengths(c.long_theta), longrope_wavelengths(c.in_use)};
    curve.series_labels = {say(lang, {"普通 RoPE（f = 1）", "plain RoPE (f = 1)"}),
                           say(lang, {"短因子（示意）", "short factors (illustrative)"}),
                           say(lang, {"长因子（示意）", "long factors (illustrative)"}),
                           say(lang, {"seq_len = {n} 时在用的", "in use at seq_len = {n}"}, {{"n", integer(in.seq_len)}})};
    curve.series_dashed = {true, false, false, false};
    curve.markers_x = curve.x.size() <= 64 ? curve.x : std::vector<double>{};
    curve.x_axis = say(lang, {"频率对 i（最快在左）", "frequency pair i (fastest on the left)"});
    curve.y_axis = say(lang, {"波长 2π·fᵢ/θᵢ（位置，对数轴）", "wavelength 2π·fᵢ/θᵢ (positions, log axis)"});
    curve.log_y = true;
    curve.hlines_y = {static_cast<double>(in.original_max), static_cast<double>(in.max_position)};
    curve.hline_labels = {"original_max", "max_position"};
    std::vector<std::string> notes = {
        say(lang, {"示意因子 fᵢ = 末值^(i/(d/2 − 1))：短因子末值 {se}，长因子末值 s = {mp} / {om} = {s}（不是 Phi-3 发布的数值）。",
                   "Illustrative factors fᵢ = end^(i/(d/2 − 1)): the short list ends at {se}, the long one at s = {mp} / {om} = {s} (not Phi-3's released lists)."},
            {{"mp", integer(in.max_position)}, {"om", integer(in.original_max)}, {"s", num(c.scale, 4)}, {"se", num(in.short_end, 3)}}),
        c.long_in_use
            ? say(lang, {"seq_len = {n} > original_max = {om}：现在用长因子。",
                         "seq_len = {n} > original_max = {om}: the long factors are in use now."},
                  {{"n", integer(in.seq_len)}, {"om", integer(in.original_max)}})
            : say(lang, {"seq_len = {n} ≤ original_max = {om}：现在用短因子。",
                         "seq_len = {n} ≤ original_max = {om}: the short factors are in use now."},
                  {{"n", integer(in.seq_len)}, {"om", integer(in.original_max)}}),
        say(lang, {"最慢一对的波长：普通 {p}，短因子 {sh}，长因子 {lo}。",
                   "The slowest pair's wavelength: plain {p}, short factors {sh}, long factors {lo}."},
            {{"p", num(curve.series[0].back(), 4)}, {"sh", num(curve.series[1].back(), 4)}, {"lo", num(curve.series[2].back(), 4)}}),
    };
    return make_view(say(lang, {"每一对的波长：普通、短因子、长因子", "Wavelength per pair: plain, short and long factors"}), std::move(curve),
                     std::move(notes));
}

std::vector<ViewData> longrope_views(const Inputs& in, Lang lang) {
    const LongRopeCase c = longrope_case(in);
    return {longrope_wavelength_view(in, c, lang)};
}

}  // namespace

// [SECTION] the step and its question
Step longrope() {
    Step s = {
        "longrope",
        {"LongRoPE：每对一个因子，按长度切换", "LongRoPE: a factor per pair, switched by length"},
        {"LongRoPE 给每一对一个自己的缩放因子，并在序列长度超过训练长度的那一刻从短因子表换成长因子表。"
         "第 i 对的频率 θᵢ 变成 θᵢ/fᵢ，[[wavelength|波长]]随之乘 fᵢ（Phi-3 的 128k 模型）。短因子用于当前长度 seq_len 不超过训练长度 original_max 时，"
         "否则用长因子。和[[lesson:long-context/yarn-llama3|长上下文一课]]里的 YaRN、Llama 3 一样，它按对缩放，只是每对的因子是搜出来的表。图中是示意表（Phi-3 发布的表无法可靠核对），从 1 按几何级数增到末值 f_end。播放 seq_len，看在用的曲线在 original_max 处跳变。",
         "LongRoPE gives each pair its own rescale factor and swaps the short list for the long one the moment the sequence "
         "outgrows the training length. Pair i's frequency θᵢ becomes θᵢ/fᵢ, so its [[wavelength]] grows by fᵢ (Phi-3's 128k "
         "models). The short list serves a current length seq_len up to the training length original_max, the long list "
         "beyond. The lists drawn are illustrative (Phi-3's released ones could not be sourced), a geometric ramp from 1 to an end "
         "value f_end. Like YaRN and Llama 3 in the [[lesson:long-context/yarn-llama3|long-context lesson]] it scales pair by pair, but each pair's factor comes from a searched list. Play seq_len and watch the curve in use jump at original_max."},
        {"d", "base", "original_max", "max_position", "seq_len", "short_end"},
        views_of(read_inputs, longrope_views),
        {{R"tex(\theta_i'=\frac{\theta_i}{f_i},\qquad f=\begin{cases}f^{\mathrm{short}} & \mathrm{seq\_len}\le\mathrm{original\_max}\\ f^{\mathrm{long}} & \text{其余}\end{cases})tex", R"tex(\theta_i'=\frac{\theta_i}{f_i},\qquad f=\begin{cases}f^{\mathrm{short}} & \mathrm{seq\_len}\le\mathrm{original\_max}\\ f^{\mathrm{long}} & \text{else}\end{cases})tex"},
         {R"tex(f_i=f_{\mathrm{end}}^{\;i/(d/2-1)}\quad\text{（示意列表）})tex", R"tex(f_i=f_{\mathrm{end}}^{\;i/(d/2-1)}\quad\text{(illustrative lists)})tex"}},
        {"seq_len", 1024, 16384, 1024},
    };
    s.questions = {
        {{"序列长度从 original_max 增加到 original_max + 1。HF 当前的 LongRoPE 在新长度下用哪张因子表？",
          "The sequence grows from original_max to original_max + 1 tokens. Which factor list does HF's current LongRoPE use at the new length?"},
         {{"仍用短因子：加载模型时已经选定", "Still the short list: it was chosen when the model was loaded"},
          {"换成长因子", "It switches to the long list"},
          {"两张表的平均", "The average of the two lists"}},
         1,
         [](const ParamSet& p, Lang lang) {
             const Inputs in = read_inputs(p);
             const int om = in.original_max;
             const int mp = in.max_position;
             return say(lang,
                        {"HF 在每次前向时比较 seq_len 与 original_max = {om}：seq_len = {om} 时用长因子吗？{a}；seq_len = {om1} 时呢？{b}。"
                         "注意力因子 √(1 + ln s / ln original_max) = {f} 与选哪张表无关。较早的 HF 版本只在加载时比较 max_position = {mp} 与 original_max。",
                         "HF compares seq_len with original_max = {om} on every forward pass: long factors at seq_len = {om}? {a}; at seq_len = {om1}? {b}. "
                         "The attention factor √(1 + ln s / ln original_max) = {f} does not depend on the list. Older HF versions compared max_position = {mp} "
                         "with original_max once, when loading."},
                        {{"om", integer(om)},
                         {"om1", integer(om + 1LL)},
                         {"a", longrope_uses_long_factors(om, om) ? say(lang, {"是", "yes"}) : say(lang, {"否", "no"})},
                         {"b", longrope_uses_long_factors(om + 1, om) ? say(lang, {"是", "yes"}) : say(lang, {"否", "no"})},
                         {"f", num(longrope_attention_factor(om, mp), 6)},
                         {"mp", integer(mp)}});
         }},
    };
    return s;
}

}  // namespace open_models_lesson
}  // namespace pelab
