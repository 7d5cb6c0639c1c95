// PE Lab — lessons/open_models/longrope.cpp
// Step "longrope" of lesson "open-models": LongRoPE (Phi-3 128k): per-pair short and long rescale factors,
// switched when the current length exceeds the training length (HF `_compute_longrope_parameters`, current
// main, and Phi-3's own Phi3LongRoPEScaledRotaryEmbedding). The factors pair by pair and the attention factor
// √(1 + ln s / ln L₀) are the next step (longrope_scale.cpp); both draw longrope_case (lesson.cpp).
// Phi-3's released factor lists are not reproduced: the figures use illustrative ramps whose formula the step
// states. Its question (a check: the equation states the rule): which list Hugging Face uses one token past L₀. Every number shown comes from core
// (rope.h, rope_scaling.h).
// Comments are English only: the font subset is built from the characters inside .cpp string literals.
//
// [SECTION] the views
// [SECTION] the step and its question
#include <algorithm>
#include <string>
#include <vector>

#include "core/rope/rope.h"
#include "core/rope/rope_scaling.h"
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
                           say(lang, {"N = {n} 时在用的", "in use at N = {n}"}, {{"n", integer(in.seq_len)}})};
    curve.series_dashed = {true, false, false, false};
    curve.markers_x = curve.x.size() <= 64 ? curve.x : std::vector<double>{};
    curve.x_axis = say(lang, {"频率对 i（最快在左）", "frequency pair i (fastest on the left)"});
    curve.y_axis = say(lang, {"波长 2π·fᵢ/θᵢ（位置，对数轴）", "wavelength 2π·fᵢ/θᵢ (positions, log axis)"});
    curve.log_y = true;
    curve.hlines_y = {static_cast<double>(in.original_max), static_cast<double>(in.max_position)};
    curve.hline_labels = {say(lang, {"训练长度 L₀", "training length L₀"}), say(lang, {"扩展后长度 L_max", "extended length L_max"})};
    std::vector<std::string> notes = {
        say(lang, {"示意因子 fᵢ = 末值^(i/(d/2 − 1))：短因子末值 {se}，长因子末值 s = {mp} / {om} = {s}（不是 Phi-3 发布的数值）。",
                   "Illustrative factors fᵢ = end^(i/(d/2 − 1)): the short list ends at {se}, the long one at s = {mp} / {om} = {s} (not Phi-3's released lists)."},
            {{"mp", integer(in.max_position)}, {"om", integer(in.original_max)}, {"s", num(c.scale, 4)}, {"se", num(in.short_end, 3)}}),
        c.long_in_use
            ? say(lang, {"N = {n} > L₀ = {om}：现在用长因子。",
                         "N = {n} > L₀ = {om}: the long factors are in use now."},
                  {{"n", integer(in.seq_len)}, {"om", integer(in.original_max)}})
            : say(lang, {"N = {n} ≤ L₀ = {om}：现在用短因子。",
                         "N = {n} ≤ L₀ = {om}: the short factors are in use now."},
                  {{"n", integer(in.seq_len)}, {"om", integer(in.original_max)}}),
        say(lang, {"最慢一对的波长：普通 {p}，短因子 {sh}，长因子 {lo}。",
                   "The slowest pair's wavelength: plain {p}, short factors {sh}, long factors {lo}."},
            {{"p", num(curve.series[0].back(), 4)}, {"sh", num(curve.series[1].back(), 4)}, {"lo", num(curve.series[2].back(), 4)}}),
        say(lang, {"（Hugging Face：`short_factor`、`long_factor` 即两张表，`original_max_position_embeddings` 即 L₀，`max_position_embeddings` 即 L_max。）",
                   "(Hugging Face: `short_factor` and `long_factor` are the two lists, `original_max_position_embeddings` is L₀, "
                   "`max_position_embeddings` L_max.)"}),
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
        {"[[longrope|LongRoPE]]（Phi-3 mini 128k）给每一对一个自己的缩放因子 fᵢ，并按当前长度 N 在两张表之间选：不超过训练长度 L₀ 用短因子表，超过就用长因子表。"
         "第 i 对的频率 θᵢ 变成 θᵢ/fᵢ，[[wavelength|波长]]随之乘 fᵢ。"
         "和 [[lesson:open-models/llama3-scaling|Llama 3.1 的分段规则]]一样，它按对缩放，只是每对的因子是搜出来的表，而不是三段。"
         "图中是示意表（Phi-3 发布的表无法可靠核对），从 1 按几何级数增到一个末值（式中第二行）。播放 N，看在用的曲线在 L₀ 处跳变。",
         "[[longrope|LongRoPE]] (Phi-3 mini 128k) gives each pair its own rescale factor fᵢ and picks one of two lists by the "
         "current length N: the short list up to the training length L₀, the long list beyond. Pair i's frequency θᵢ becomes "
         "θᵢ/fᵢ, so its [[wavelength]] grows by fᵢ. Like [[lesson:open-models/llama3-scaling|Llama 3.1's band rule]] it scales "
         "pair by pair, but each pair's factor comes from a searched list instead of three bands. The lists drawn are "
         "illustrative (Phi-3's released ones could not be sourced), a geometric ramp from 1 up to an end value (the second equation). Play N and "
         "watch the curve in use jump at L₀."},
        {"d", "base", "original_max", "max_position", "seq_len", "short_end"},
        views_of(read_inputs, longrope_views),
        {{R"tex(\theta_i'=\frac{\theta_i}{f_i},\qquad f=\begin{cases}f^{\mathrm{short}} & N\le L_0\\ f^{\mathrm{long}} & N>L_0\end{cases})tex"},
         {R"tex(f_i=f_{\mathrm{end}}^{\;i/(d/2-1)}\quad\text{（示意列表）})tex", R"tex(f_i=f_{\mathrm{end}}^{\;i/(d/2-1)}\quad\text{(illustrative lists)})tex"}},
        {"seq_len", 1024, 16384, 1024},
    };
    s.takeaway = {"N = {n} 时用{which}表：到 L₀ = {om} 为止用温和的短因子；之后长因子把慢对拉长至 {s} 倍，转角不超出训练见过的范围。",
                  "At N = {n} the {which} list is in use: mild short factors up to L₀ = {om}; past it the long list stretches slow "
                  "pairs up to {s}× so their angles stay within those seen in training."};
    s.takeaway_args = args_of(read_inputs, +[](const Inputs& in, Lang lang) {
        const LongRopeCase c = longrope_case(in);
        return std::vector<Arg>{{"n", integer(in.seq_len)}, {"om", integer(in.original_max)}, {"s", num(std::max(1.0, c.scale), 4)},
                                {"which", c.long_in_use ? say(lang, {"长因子", "long"}) : say(lang, {"短因子", "short"})}};
    });
    s.questions = {
        {{"序列长度从 L₀ 增加到 L₀ + 1。Hugging Face transformers 当前的 LongRoPE 在新长度下用哪张因子表？",
          "The sequence grows from L₀ to L₀ + 1 tokens. Which factor list does Hugging Face transformers' current LongRoPE use at the new length?"},
         {{"仍用短因子表", "It keeps the short list"},
          {"换成长因子表", "It switches to the long list"},
          {"用两张表的平均", "It uses the average of the two"}},
         1,
         [](const ParamSet& p, Lang lang) {
             const Inputs in = read_inputs(p);
             const int om = in.original_max;
             const int mp = in.max_position;
             return say(lang,
                        {"Hugging Face transformers 在每次前向时比较 N 与 L₀ = {om}：N = {om} 时用长因子吗？{a}；N = {om1} 时呢？{b}。"
                         "注意力因子 √(1 + ln s / ln L₀) = {f} 与选哪张表无关。较早的版本只在加载时比较一次 L_max = {mp} 与 L₀。",
                         "Hugging Face transformers compares N with L₀ = {om} on every forward pass: long factors at N = {om}? {a}; at N = {om1}? {b}. "
                         "The attention factor √(1 + ln s / ln L₀) = {f} does not depend on the list. Older versions compared L_max = {mp} "
                         "with L₀ once, when loading."},
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
