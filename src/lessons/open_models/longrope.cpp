// PE Lab — lessons/open_models/longrope.cpp
// Step "longrope" of lesson "open-models": LongRoPE (Phi-3 128k): per-pair short and long rescale factors,
// switched when the current length exceeds the training length (HF `_compute_longrope_parameters`, current
// main, and Phi-3's own Phi3LongRoPEScaledRotaryEmbedding), and the attention factor √(1 + ln s / ln L₀).
// Phi-3's released factor lists are not reproduced: the figures use illustrative ramps whose formula the step
// states. Its question: which list HF uses one token past original_max. Every number shown comes from core
// (rope.h, rope_scaling.h).
// Comments are English only: the font subset is built from the characters inside .cpp string literals.
//
// [SECTION] the views
// [SECTION] the step and its question
#include <algorithm>
#include <cmath>
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
// Illustrative rescale factors (Phi-3's released lists are not reproduced here): a geometric ramp from 1 at
// pair 0 to `end` at the last pair, f_i = end^(i/(n − 1)), so the fast pairs stay near 1.
std::vector<double> ramp_factors(int n, double end) {
    std::vector<double> f(static_cast<std::size_t>(n), 1.0);
    for (int i = 0; i < n; ++i) f[static_cast<std::size_t>(i)] = std::pow(end, static_cast<double>(i) / std::max(1, n - 1));
    return f;
}

struct LongRopeCase {
    LongRopeParams params;       // at the learner's seq_len
    double scale = 1;            // s = max_position / original_max
    Eigen::VectorXd plain, short_theta, long_theta, in_use;
    bool long_in_use = false;
    double attention = 1;
};

LongRopeCase longrope_case(const Inputs& in) {
    LongRopeCase c;
    const int n = in.d / 2;
    c.scale = static_cast<double>(in.max_position) / in.original_max;
    LongRopeParams& p = c.params;
    p.d = in.d;
    p.base = in.base;
    p.short_factor = ramp_factors(n, in.short_end);
    p.long_factor = ramp_factors(n, std::max(1.0, c.scale));
    p.original_max = in.original_max;
    p.max_position = in.max_position;
    c.plain = rope_default_inv_freq(in.d, in.base);
    LongRopeParams at = p;
    at.seq_len = in.original_max;  // the last length that still uses the short factors
    c.short_theta = rope_longrope_inv_freq(at).inv_freq;
    at.seq_len = in.original_max + 1;
    c.long_theta = rope_longrope_inv_freq(at).inv_freq;
    p.seq_len = in.seq_len;
    const RopeScalingResult now = rope_longrope_inv_freq(p);
    c.in_use = now.inv_freq;
    c.attention = now.attention_factor;
    c.long_in_use = longrope_uses_long_factors(in.seq_len, in.original_max);
    return c;
}

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
        say(lang, {"s = max_position / original_max = {mp} / {om} = {s}。示意因子表：短因子从 1 按几何级数增到 {se}，长因子从 1 增到 s（fᵢ = 末值^(i/(d/2 − 1))），都不是 Phi-3 发布的数值。",
                   "s = max_position / original_max = {mp} / {om} = {s}. Illustrative lists: the short factors grow geometrically from 1 to {se}, the long ones from 1 to s (fᵢ = end^(i/(d/2 − 1))); neither is Phi-3's released list."},
            {{"mp", integer(in.max_position)}, {"om", integer(in.original_max)}, {"s", num(c.scale, 4)}, {"se", num(in.short_end, 3)}}),
        c.long_in_use
            ? say(lang, {"seq_len = {n} > original_max = {om}：现在用长因子（HF 当前代码与 Phi-3 自己的代码都这样切换）。",
                         "seq_len = {n} > original_max = {om}: the long factors are in use now (HF's current code and Phi-3's own code switch this way)."},
                  {{"n", integer(in.seq_len)}, {"om", integer(in.original_max)}})
            : say(lang, {"seq_len = {n} ≤ original_max = {om}：现在用短因子（HF 当前代码与 Phi-3 自己的代码都这样切换）。",
                         "seq_len = {n} ≤ original_max = {om}: the short factors are in use now (HF's current code and Phi-3's own code switch this way)."},
                  {{"n", integer(in.seq_len)}, {"om", integer(in.original_max)}}),
        say(lang, {"最慢一对的波长：普通 {p}，短因子 {sh}，长因子 {lo}。",
                   "The slowest pair's wavelength: plain {p}, short factors {sh}, long factors {lo}."},
            {{"p", num(curve.series[0].back(), 4)}, {"sh", num(curve.series[1].back(), 4)}, {"lo", num(curve.series[2].back(), 4)}}),
    };
    return make_view(say(lang, {"每一对的波长：普通、短因子、长因子", "Wavelength per pair: plain, short and long factors"}), std::move(curve),
                     std::move(notes));
}

ViewData longrope_table_view(const Inputs& in, const LongRopeCase& c, Lang lang) {
    const int n = in.d / 2;
    std::vector<int> pairs = {0, n / 4, n / 2, 3 * n / 4, n - 1};
    pairs.erase(std::unique(pairs.begin(), pairs.end()), pairs.end());
    TableView t;
    t.values = RowMatrix(static_cast<Eigen::Index>(pairs.size()), 5);
    for (std::size_t r = 0; r < pairs.size(); ++r) {
        const int i = pairs[r];
        const double theta = c.in_use(i);
        t.values.row(static_cast<Eigen::Index>(r)) << c.params.short_factor[static_cast<std::size_t>(i)],
            c.params.long_factor[static_cast<std::size_t>(i)], theta, 2 * kPi / theta, in.seq_len * theta / (2 * kPi);
        t.row_labels.push_back(say(lang, {"第 {i} 对", "pair {i}"}, {{"i", integer(i)}}));
    }
    t.col_labels = {say(lang, {"短因子", "short f"}), say(lang, {"长因子", "long f"}), say(lang, {"在用的 θ", "θ in use"}),
                    say(lang, {"波长", "wavelength"}), say(lang, {"seq_len 内的圈数", "turns in seq_len"})};
    t.corner = say(lang, {"频率对", "pair"});
    t.decimals = 4;
    t.col_decimals = {4, 4, 6, 1, 4};  // θ of the slow pairs needs more places; wavelengths are large
    std::vector<std::string> notes = {
        say(lang, {"注意力因子 √(1 + ln s / ln original_max) = {a}；HF 把 cos 和 sin 都乘上它，用短因子或长因子时都一样（s ≤ 1 时为 1）。",
                   "Attention factor √(1 + ln s / ln original_max) = {a}; HF multiplies cos and sin by it with either list (1 when s ≤ 1)."},
            {{"a", num(c.attention, 6)}}),
        say(lang, {"较早的 HF 版本在加载模型时只选一次：max_position = {mp} {cmp} original_max = {om}，所以无论序列多短都用{which}。",
                   "Older HF versions chose once, when loading the model: max_position = {mp} {cmp} original_max = {om}, so they used the {which} factors for every sequence, however short."},
            {{"mp", integer(in.max_position)},
             {"cmp", in.max_position > in.original_max ? ">" : "≤"},
             {"om", integer(in.original_max)},
             {"which", in.max_position > in.original_max ? say(lang, {"长因子", "long"}) : say(lang, {"短因子", "short"})}}),
    };
    return make_view(say(lang, {"几对的因子与 seq_len 下的转角", "Factors and turns of a few pairs at seq_len"}), std::move(t), std::move(notes));
}

std::vector<ViewData> longrope_views(const Inputs& in, Lang lang) {
    const LongRopeCase c = longrope_case(in);
    return {longrope_wavelength_view(in, c, lang), longrope_table_view(in, c, lang)};
}

}  // namespace

// [SECTION] the step and its question
Step longrope() {
    Step s = {
        "longrope",
        {"LongRoPE：每一对各有缩放，按长度切换", "LongRoPE: a rescale factor per pair, switched by length"},
        {"Phi-3 的 128k 模型用 LongRoPE 延长上下文。它不像[[position-interpolation|位置插值]]那样把所有对除以同一个 s，而是给每一对一个自己的因子 fᵢ，把频率 θᵢ 变成 θᵢ/fᵢ，"
         "[[wavelength|波长]]随之乘 fᵢ。模型带两张因子表：短因子用于不超过训练长度 original_max 的序列，长因子用于更长的序列。"
         "HF 当前的代码和 Phi-3 自己的代码都按当前长度切换：seq_len 一旦超过 original_max 就换成长因子；较早的 HF 版本则在加载模型时只选一次。"
         "另外，cos 和 sin 都乘上注意力因子 √(1 + ln s / ln original_max)，其中 s = max_position / original_max。"
         "Phi-3 实际发布的因子表在这里无法可靠地核对来源，所以图中用的是按公式生成的示意表：从 1 按几何级数增长到末值，快的对几乎不变，慢的对拉得最长。"
         "拖动或播放 seq_len，看在用的曲线在 original_max 处从短因子跳到长因子。",
         "Phi-3's 128k models extend their context with LongRoPE. Instead of dividing every pair by one s, as [[position-interpolation|position "
         "interpolation]] does, it gives each pair its own factor fᵢ: the frequency θᵢ becomes θᵢ/fᵢ and the [[wavelength]] grows by fᵢ. "
         "The model carries two lists of factors: the short ones for sequences up to the training length original_max, the "
         "long ones for longer sequences. HF's current code and Phi-3's own code switch by the current length: as soon as seq_len "
         "exceeds original_max the long factors take over; older HF versions chose once, when the model was loaded. "
         "On top of that, cos and sin are multiplied by the attention factor √(1 + ln s / ln original_max), with s = max_position / "
         "original_max. Phi-3's released factor lists cannot be sourced with confidence here, so the figures use illustrative lists made "
         "by a formula: a geometric ramp from 1 to an end value, so the fast pairs barely change and the slow pairs stretch most. "
         "Drag or play seq_len and watch the curve in use jump from the short factors to the long ones at original_max."},
        {"d", "base", "original_max", "max_position", "seq_len", "short_end"},
        views_of(read_inputs, longrope_views),
        {R"tex(\theta_i'=\frac{\theta_i}{f_i},\qquad f=\begin{cases}f^{\mathrm{short}} & \ell\le L_0\\ f^{\mathrm{long}} & \ell>L_0\end{cases})tex",
         R"tex(\cos,\ \sin\ \times\ \sqrt{1+\frac{\ln s}{\ln L_0}},\qquad s=\frac{L_{\max}}{L_0})tex",
         R"tex(f_i=f_{\mathrm{end}}^{\;i/(d/2-1)}\quad\text{(illustrative lists)})tex"},
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
