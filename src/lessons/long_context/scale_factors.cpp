// PE Lab — lessons/long_context/scale_factors.cpp
// Lesson "long-context", step "scale-factors": every scaling side by side — each pair's wavelength against
// the training and target lengths, the per-pair ratio θ′ᵢ/θᵢ with a table of what each strategy protects and
// costs, and each pair's largest angle at seq_len against training.
// Comments are English only: the font subset is built from the characters inside .cpp string literals.
//
// [SECTION] views
// [SECTION] the step
#include <cmath>

#include "core/long_context.h"
#include "core/odometer.h"
#include "core/rope.h"
#include "lessons/lesson_util.h"
#include "lessons/long_context/long_context.h"

namespace pelab {
namespace long_context {

using namespace lessonui;

// [SECTION] views
// Wavelength λᵢ = 2π/θᵢ of every pair (log y) for the original frequencies, PI, NTK, YaRN and Llama 3, with the
// training and target lengths, YaRN's ramp bounds (pair indices) and Llama 3's band edges (wavelengths).
static ViewData wavelength_spectrum_view(const Inputs& in, Lang lang) {
    const int pairs = in.d / 2;
    CurveView curve = wavelength_axes(pairs, lang);
    for (RopeScaling s : {RopeScaling::none, RopeScaling::linear, RopeScaling::ntk, RopeScaling::yarn, RopeScaling::llama3}) {
        curve.series.push_back(pair_wavelengths(scaled(in, s).inv_freq));
        curve.series_labels.push_back(scaling_label(s, lang));
        curve.series_dashed.push_back(s == RopeScaling::none);
    }
    curve.hlines_y = {static_cast<double>(in.L), static_cast<double>(in.seq_len), in.L / in.high_ff, in.L / in.low_ff};
    curve.hline_labels = {say(lang, {"训练长度 L", "training length L"}), say(lang, {"目标长度 seq_len", "target length seq_len"}),
                          "Llama 3: L/high_ff", "Llama 3: L/low_ff"};
    const auto range = yarn_find_correction_range(in.beta_fast, in.beta_slow, in.d, in.base, in.L, true);
    mark_yarn_range(curve, range, pairs);
    const Eigen::VectorXd theta = rope_default_inv_freq(in.d, in.base);
    int longer_than_L = 0, longer_than_target = 0;
    for (double lambda : pair_wavelengths(theta)) {
        longer_than_L += lambda > in.L ? 1 : 0;
        longer_than_target += lambda > in.seq_len ? 1 : 0;
    }
    std::vector<std::string> notes = {
        say(lang, {"原频率：{a} 对的波长长于 L = {L}，{b} 对长于 seq_len = {seq}。",
                   "Original frequencies: {a} pairs have wavelengths longer than L = {L}, {b} longer than seq_len = {seq}."},
            {{"a", integer(longer_than_L)}, {"L", integer(in.L)}, {"b", integer(longer_than_target)}, {"seq", integer(in.seq_len)}}),
        say(lang, {"YaRN 的斜坡从第 {low} 对到第 {high} 对（竖线，超出 d/2 − 1 的不画）；Llama 3 的中频段是 λ 在 {from} 与 {to} 之间（两条水平线）。",
                   "YaRN's ramp runs from pair {low} to pair {high} (vertical lines, those past d/2 − 1 not drawn); Llama 3's "
                   "middle band is λ between {from} and {to} (two horizontal lines)."},
            {{"low", num(range.first)}, {"high", num(range.second)}, {"from", num(in.L / in.high_ff, 4)}, {"to", num(in.L / in.low_ff, 4)}}),
    };
    return make_view(say(lang, {"每一对的波长：原频率与四种缩放", "Wavelength of every pair: original and four scalings"}), std::move(curve),
                     std::move(notes));
}

static std::vector<ViewData> side_by_side_views(const Inputs& in, Lang lang) {
    const int pairs = in.d / 2;
    const Eigen::VectorXd theta = rope_default_inv_freq(in.d, in.base);
    CurveView curve;
    curve.y_axis = "θ′ᵢ/θᵢ";
    curve.x_axis = say(lang, {"对 i", "pair i"});
    curve.x = pair_axis(pairs);
    CurveView angles;
    angles.y_axis = say(lang, {"seq_len·θ′ᵢ/(L·θᵢ)", "seq_len·θ′ᵢ/(L·θᵢ)"});
    angles.x_axis = say(lang, {"对 i", "pair i"});
    angles.x = pair_axis(pairs);
    int first_slow = pairs;  // the first pair that did not complete a turn within L
    for (int i = pairs - 1; i >= 0; --i)
        if (!rope_pair_turned_in_training(theta(i), in.L)) first_slow = i;
    if (first_slow < pairs) {
        angles.vlines_x = {static_cast<double>(first_slow)};
        angles.vline_labels = {say(lang, {"从这里起 λᵢ > L", "λᵢ > L from here"})};
    }
    std::vector<std::string> angle_notes = {
        say(lang, {"每一对在 seq_len = {seq} 时的最大转角与训练中（L = {L}）最大转角之比；水平线 1 是训练中到过的最大角度。"
                   "第 {first} 对之前的对在训练中已转满一圈、见过所有角度，比值大于 1 对它们无害；从第 {first} 对起（共 {slow} 对），"
                   "高于 1 就是没见过的角度。",
                   "Each pair's largest angle at seq_len = {seq} over its largest angle in training (L = {L}); the line at 1 "
                   "is the largest angle met in training. Pairs before pair {first} completed a turn in training and have "
                   "seen every angle, so a ratio above 1 is harmless for them; from pair {first} on ({slow} pairs), a "
                   "ratio above 1 means angles never seen."},
            {{"seq", integer(in.seq_len)}, {"L", integer(in.L)}, {"first", integer(first_slow)}, {"slow", integer(pairs - first_slow)}}),
    };
    TableView table;
    table.values.resize(6, 6);
    int row = 0;
    for (RopeScaling s : all_scalings()) {
        const RopeScalingResult r = scaled(in, s);
        const std::vector<double> ratio = ratio_series(r.inv_freq, theta);
        curve.series.push_back(ratio);
        curve.series_labels.push_back(scaling_label(s, lang));
        const Eigen::VectorXd range = rope_angle_range_ratio(theta, r.inv_freq, in.L, in.seq_len);
        angles.series.emplace_back(range.data(), range.data() + range.size());
        angles.series_labels.push_back(scaling_label(s, lang));
        const int beyond = rope_pairs_beyond_training_angles(theta, r.inv_freq, in.L, in.seq_len);
        angle_notes.push_back(say(lang, {"{method}：{n} 对越过训练中的最大角度；最后一对的比值 {last}。",
                                         "{method}: {n} pairs pass their largest training angle; the last pair's ratio is {last}."},
                                  {{"method", scaling_label(s, lang)}, {"n", integer(beyond)}, {"last", num(range(pairs - 1), 4)}}));
        int kept = 0, full = 0;
        for (double x : ratio) {
            if (std::fabs(x - 1.0) < 1e-3) ++kept;
            if (std::fabs(x * in.factor - 1.0) < 1e-3) ++full;
        }
        table.values.row(row) << ratio.front(), ratio.back(), kept, full, r.attention_factor,
            rope_pairs_beyond_training_angles(theta, r.inv_freq, in.L, in.seq_len);
        table.row_labels.push_back(scaling_label(s, lang));
        ++row;
    }
    angles.series.push_back(std::vector<double>(static_cast<std::size_t>(pairs), 1.0));
    angles.series_labels.push_back(say(lang, {"1：训练中的最大角度", "1: the largest angle in training"}));
    table.col_labels = {say(lang, {"第 0 对", "pair 0"}), say(lang, {"最后一对", "last pair"}), say(lang, {"不变", "kept"}),
                        say(lang, {"除以 s", "÷ s"}), say(lang, {"注意力", "attention"}), say(lang, {"新角度的对", "unseen pairs"})};
    table.col_decimals = {-1, -1, 0, 0, -1, 0};
    table.decimals = 4;
    table.corner = say(lang, {"策略", "strategy"});
    const std::vector<std::string> notes = {
        say(lang, {"列：第 0 对与最后一对的 θ′/θ、不变的对数、除以 s 的对数、注意力因子、在 seq_len 内转到没见过角度的对数（见第三张图）。",
                   "Columns: θ′/θ of pair 0 and of the last pair, pairs kept, pairs divided by s, attention factor, pairs "
                   "that reach unseen angles within seq_len (see the third figure)."}),
        say(lang, {"线性（PI）：保护——不出现没见过的角度；代价——所有对都变慢，局部细节被压缩。",
                   "linear (PI): protects against unseen angles; costs local detail, since every pair slows down."}),
        say(lang, {"NTK：保护高频（局部）；代价——只有最后一对被完整地除以 s，其余慢对只被部分插值，仍会转到没见过的角度，效果对 s 敏感。",
                   "NTK: protects the high frequencies (local detail); costs: only the last pair is divided by the full "
                   "s, the other slow pairs are only partly interpolated and still reach unseen angles, and results are "
                   "sensitive to s."}),
        say(lang, {"动态 NTK：短序列完全不变；代价——底数随长度变化，同一位置在不同长度下旋转不同。",
                   "dynamic NTK: leaves short sequences untouched; costs: the base moves with the length, so one "
                   "position rotates differently at different lengths."}),
        say(lang, {"YaRN：按圈数分段，高频保留、低频插值，并校正注意力温度；代价——实现与调参更复杂。",
                   "YaRN: keeps fast pairs, interpolates slow ones and corrects the attention temperature; costs: more "
                   "parts and parameters to tune."}),
        say(lang, {"Llama 3：按波长分三段平滑过渡；代价——需要 low/high 因子和原始长度这些额外设定。",
                   "Llama 3: three wavelength bands with a smooth middle; costs: extra settings (low/high factors, "
                   "original length)."}),
    };
    curve.markers_x = pair_axis(pairs);  // one dot per pair: the factor is a bar per pair, not a continuum
    return {wavelength_spectrum_view(in, lang),
            make_view(say(lang, {"每对的缩放因子 θ′ᵢ/θᵢ：全部策略", "Per-pair scale factor θ′ᵢ/θᵢ: every strategy"}), curve),
            make_view(say(lang, {"每种策略：保护了什么，代价是什么", "Each strategy: what it protects and what it costs"}), table, notes),
            make_view(say(lang, {"每一对：seq_len 时的最大转角 ÷ 训练中的最大转角", "Each pair: largest angle at seq_len ÷ largest angle in training"}),
                      angles, angle_notes)};
}

// [SECTION] the step
Step side_by_side() {
    return {
        "scale-factors",
        {"并排比较：每一维的缩放因子", "Side by side: the per-dimension scale factor"},
        {"第一张图在对数纵轴上画出每一对的波长 λᵢ = 2π/θᵢ：虚线是原频率，其余是 PI、NTK、YaRN 和 Llama 3 缩放后的波长。"
         "两条水平线是训练长度 L 和目标长度 seq_len，另外两条是 Llama 3 的频段边界 L/high_freq_factor 与 L/low_freq_factor，"
         "竖线是 YaRN 斜坡的两端。PI 把所有波长都乘以 s；NTK 让前面的对几乎不变、后面的对拉长；"
         "YaRN 在斜坡以下保持原波长、以上乘以 s；Llama 3 在两条频段线之间平滑过渡。"
         "第二张图把每种策略逐对的新旧频率之比 θ′ᵢ/θᵢ 画成一对一个点，表格把每条曲线归结为几个数："
         "一种方法放过了哪些对（保护局部细节），又放慢了哪些对（让远距离变得熟悉），代价是什么。"
         "第三张图画出每一对在 seq_len 时的最大转角与训练中最大转角之比 seq_len·θ′ᵢ/(L·θᵢ)，高于 1 的慢对就会转到训练中没见过的角度。",
         "The first figure draws every pair's wavelength λᵢ = 2π/θᵢ on a log axis: dashed for the original "
         "frequencies, the others after PI, NTK, YaRN and Llama 3 scaling. Two horizontal lines mark the training "
         "length L and the target length seq_len, two more Llama 3's band edges L/high_freq_factor and "
         "L/low_freq_factor, and vertical lines the two ends of YaRN's ramp. PI multiplies every wavelength by s; "
         "NTK leaves the first pairs almost alone and stretches the later ones; YaRN keeps the wavelengths below the "
         "ramp and multiplies those above it by s; Llama 3 blends smoothly between its two band lines. The second "
         "figure plots each strategy's ratio of new to old frequency θ′ᵢ/θᵢ, one dot per pair, and the table "
         "reduces each curve to a few numbers: which pairs a method leaves alone (local detail protected), which "
         "it slows down (long range made familiar), and what that costs. The third figure draws each pair's "
         "largest angle at seq_len over its largest angle in training, seq_len·θ′ᵢ/(L·θᵢ): a slow pair above 1 "
         "reaches angles never seen in training."},
        {"d", "base", "original_max", "factor", "seq_len", "beta_fast", "beta_slow", "low_freq_factor",
         "high_freq_factor"},
        views_of(read_inputs, side_by_side_views),
        {R"tex(\lambda_i=\frac{2\pi}{\theta_i},\qquad \lambda'_i=\frac{2\pi}{\theta'_i})tex",
         R"tex(\text{PI: }\theta'_i=\theta_i/s,\qquad \text{NTK: }\theta'_i=\bigl(\mathrm{base}\cdot s^{d/(d-2)}\bigr)^{-2i/d})tex"},
    };
}

}  // namespace long_context
}  // namespace pelab
