// PE Lab — lessons/long_context/steps_7_9.cpp
// Steps 7–9 of "long-context": YaRN's correction range and Llama 3's wavelength bands, every scaling side by
// side, and a diagnosis of mean scores beyond the training length. Each step: its views, then its title,
// prose and parameters.
// Comments are English only: the font subset is built from the characters inside the .cpp strings.
//
// [SECTION] step 7: YaRN and Llama 3
// [SECTION] step 8: side by side
// [SECTION] step 9: diagnosis beyond the training length
#include <algorithm>
#include <cmath>
#include <cstdint>
#include <limits>

#include "core/long_context.h"
#include "core/odometer.h"
#include "core/random.h"
#include "core/rope.h"
#include "lessons/lesson_util.h"
#include "lessons/long_context/long_context.h"

namespace pelab {
namespace long_context {

using namespace lessonui;

// The ends of YaRN's correction range as vertical lines over the pair axis, each where it falls on the axis.
static void mark_yarn_range(CurveView& curve, const std::pair<double, double>& range, int pairs) {
    if (range.first <= pairs - 1) {
        curve.vlines_x.push_back(range.first);
        curve.vline_labels.push_back("YaRN low");
    }
    if (range.second <= pairs - 1) {
        curve.vlines_x.push_back(range.second);
        curve.vline_labels.push_back("YaRN high");
    }
}

// [SECTION] step 7: YaRN and Llama 3
static std::vector<ViewData> yarn_and_llama3_views(const Inputs& in, Lang lang) {
    const int pairs = in.d / 2;
    const Eigen::VectorXd theta = rope_default_inv_freq(in.d, in.base);
    const RopeScalingResult yarn = scaled(in, RopeScaling::yarn);
    const RopeScalingResult llama = scaled(in, RopeScaling::llama3);
    const double raw_low = yarn_find_correction_dim(in.beta_fast, in.d, in.base, in.L);
    const double raw_high = yarn_find_correction_dim(in.beta_slow, in.d, in.base, in.L);
    const auto range = yarn_find_correction_range(in.beta_fast, in.beta_slow, in.d, in.base, in.L, true);

    CurveView curve;
    curve.y_axis = "θ′ᵢ/θᵢ";
    curve.x_axis = say(lang, {"对 i", "pair i"});
    curve.x = pair_axis(pairs);
    curve.series = {ratio_series(yarn.inv_freq, theta), ratio_series(llama.inv_freq, theta)};
    curve.series_labels = {"YaRN", "Llama 3"};
    mark_yarn_range(curve, range, pairs);

    TableView ytable;
    ytable.values.resize(6, 1);
    ytable.values << raw_low, range.first, raw_high, range.second, yarn.attention_factor,
        yarn.attention_factor * yarn.attention_factor;
    ytable.row_labels = {say(lang, {"dim(β_fast)（原值）", "dim(β_fast) (raw)"}), "low = max(floor, 0)",
                         say(lang, {"dim(β_slow)（原值）", "dim(β_slow) (raw)"}), "high = min(ceil, d − 1)",
                         say(lang, {"注意力因子 0.1·ln s + 1", "attention factor 0.1·ln s + 1"}),
                         say(lang, {"分数放大倍数（因子²）", "score scale (factor²)"})};
    ytable.col_labels = {say(lang, {"值", "value"})};
    ytable.decimals = 6;
    const std::vector<std::string> ynotes = {
        say(lang, {"dim(r) = d·ln(L/(2πr))/(2·ln base)：在 L 个位置内恰好转 r 圈的那一对的下标。",
                   "dim(r) = d·ln(L/(2πr))/(2·ln base): the index of the pair that turns r times within L."}),
        say(lang, {"HF 把 high 截到 d − 1 而不是 d/2 − 1；下标 ≥ high 的对全部插值（除以 s），≤ low 的保持不变。",
                   "HF clamps high at d − 1, not d/2 − 1; pairs at or above high are fully interpolated (divided by s), "
                   "pairs at or below low are kept."}),
    };

    TableView ltable;
    int counts[3] = {0, 0, 0};
    for (int i = 0; i < pairs; ++i) {
        const Llama3Band band = llama3_band(2 * kPi / theta(i), in.L, in.low_ff, in.high_ff);
        ++counts[band == Llama3Band::high ? 0 : band == Llama3Band::medium ? 1 : 2];
    }
    ltable.values.resize(3, 3);
    const double nan = std::numeric_limits<double>::quiet_NaN();
    ltable.values << counts[0], 0.0, in.L / in.high_ff, counts[1], in.L / in.high_ff, in.L / in.low_ff, counts[2],
        in.L / in.low_ff, nan;
    ltable.row_labels = {say(lang, {"高频：λ < L/high_ff，不变", "high: λ < L/high_ff, kept"}),
                         say(lang, {"中频：平滑插值", "medium: smoothly interpolated"}),
                         say(lang, {"低频：λ > L/low_ff，除以 s", "low: λ > L/low_ff, divided by s"})};
    ltable.col_labels = {say(lang, {"对数", "pairs"}), say(lang, {"λ 下界", "λ from"}), say(lang, {"λ 上界", "λ to"})};
    ltable.col_decimals = {0, -1, -1};
    ltable.decimals = 2;
    const std::string lnote = say(lang, {"中频：θ′ = (1 − w)·θ/s + w·θ，w = (L/λ − low_ff)/(high_ff − low_ff)。",
                                         "Medium band: θ′ = (1 − w)·θ/s + w·θ with w = (L/λ − low_ff)/(high_ff − low_ff)."});
    return {make_view(say(lang, {"每对的缩放因子 θ′ᵢ/θᵢ：YaRN 与 Llama 3", "Per-pair scale factor θ′ᵢ/θᵢ: YaRN and Llama 3"}), curve),
            make_view(say(lang, {"YaRN：修正区间与注意力因子", "YaRN: correction range and attention factor"}), ytable, ynotes),
            make_view(say(lang, {"Llama 3：三个频段", "Llama 3: three bands"}), ltable, {lnote})};
}

Step yarn_and_llama3() {
    return {
        "yarn-llama3",
        {"YaRN 与 Llama 3", "YaRN and Llama 3"},
        {"YaRN 按各对在训练长度内转过的圈数分段：find_correction_dim 把 β_fast 圈和 β_slow 圈换算成频率对的下标 i，"
         "再向下、向上取整（HF 的 truncate 默认开启）；区间以下的对保持频率，以上的除以 s，中间用线性斜坡混合。"
         "它还把 cos、sin 乘以 0.1·ln s + 1，分数因此放大该因子的平方。Llama 3 改用波长分段："
         "短于 L/high_freq_factor 的不变，长于 L/low_freq_factor 的除以 s，中间平滑插值。",
         "YaRN splits the pairs by how many turns they make within the training length: find_correction_dim converts "
         "the turn counts β_fast and β_slow into pair indices i, floored and ceiled (HF's truncate default); pairs below the "
         "range keep their frequency, pairs above are divided by s, and a linear ramp blends in between. It also "
         "multiplies cos and sin by 0.1·ln s + 1, so scores grow by its square. Llama 3 uses wavelengths instead: "
         "shorter than L/high_freq_factor unchanged, longer than L/low_freq_factor divided by s, and a smooth "
         "interpolation in between."},
        {"d", "base", "original_max", "factor", "beta_fast", "beta_slow", "low_freq_factor", "high_freq_factor",
         "preset"},
        views_of(read_inputs, yarn_and_llama3_views),
        {R"tex(\mathrm{dim}(r)=\frac{d\,\ln\bigl(L/(2\pi r)\bigr)}{2\ln\mathrm{base}},\qquad \sqrt{t}=0.1\ln s+1)tex",
         R"tex(\theta'_i=(1-\gamma_i)\,\frac{\theta_i}{s}+\gamma_i\,\theta_i,\qquad \gamma=\frac{L/\lambda-\alpha}{\beta-\alpha}\ \text{(Llama 3)})tex"},
    };
}

// [SECTION] step 8: side by side
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

// [SECTION] step 9: diagnosis beyond the training length
// Mean score against distance for random q (k = q), beyond the original length.
static std::vector<ViewData> diagnosis_views(const Inputs& in, Lang lang) {
    const int pairs = in.d / 2;
    const Eigen::VectorXd theta = rope_default_inv_freq(in.d, in.base);
    // Mean over random q of ⟨R_m q, R_(m+Δ) q⟩ = Σᵢ E|qᵢ|² cos(Δθᵢ): the pair weights, averaged over samples.
    SplitMix64 rng(static_cast<std::uint64_t>(in.seed));
    const int samples = 64;
    Eigen::VectorXd weight = Eigen::VectorXd::Zero(pairs);
    for (int s = 0; s < samples; ++s)
        for (int i = 0; i < pairs; ++i) {
            const double a = rng.next_signed(), b = rng.next_signed();
            weight(i) += (a * a + b * b) / samples;
        }
    const double norm = weight.sum();
    // Binned means: each point averages the score over integer distances in its bin, which shows the trend
    // instead of the fast pairs' oscillation.
    const int bins = 128, per_bin = 32;
    const double span = std::max(in.seq_len, in.L + 1);
    const double width = span / bins;
    CurveView curve;
    curve.y_axis = say(lang, {"平均分数（Δ = 0 处归一为 1）", "mean score (1 at Δ = 0)"});
    curve.x_axis = "Δ";
    for (int b = 0; b < bins; ++b) curve.x.push_back((b + 0.5) * width);
    TableView table;
    table.values.resize(6, 5);
    std::vector<double> out_mins;  // per scaling: the lowest binned score beyond L
    // The lowest score the unscaled model meets at an integer distance within training (Δ < L). A bin beyond L
    // that averages below it contains distances whose score was never met in training.
    double floor = std::numeric_limits<double>::infinity();
    for (int dlt = 0; dlt < in.L; ++dlt) {
        double v = 0.0;
        for (int i = 0; i < pairs; ++i) v += weight(i) * std::cos(dlt * theta(i));
        floor = std::min(floor, v / norm);
    }
    int row = 0;
    for (RopeScaling s : all_scalings()) {
        const RopeScalingResult r = scaled(in, s);
        const double att2 = r.attention_factor * r.attention_factor;
        std::vector<double> y;
        double in_sum = 0, out_sum = 0, out_min = std::numeric_limits<double>::infinity();
        double in_min = std::numeric_limits<double>::infinity();
        int in_n = 0, out_n = 0;
        for (double centre : curve.x) {
            double v = 0.0;
            for (int k = 0; k < per_bin; ++k) {
                const double dlt = std::floor(centre - width / 2 + width * (k + 0.5) / per_bin);
                for (int i = 0; i < pairs; ++i) v += weight(i) * std::cos(dlt * r.inv_freq(i));
            }
            v = att2 * v / (norm * per_bin);
            y.push_back(v);
            if (centre <= in.L) {
                in_sum += v;
                ++in_n;
                in_min = std::min(in_min, v);
            } else {
                out_sum += v;
                ++out_n;
                out_min = std::min(out_min, v);
            }
        }
        curve.series.push_back(y);
        curve.series_labels.push_back(scaling_label(s, lang));
        table.values.row(row) << rope_pairs_beyond_training_angles(theta, r.inv_freq, in.L, in.seq_len),
            (in_n ? in_sum / in_n : 0.0), (out_n ? out_sum / out_n : 0.0), (out_n ? out_min : 0.0), (in_n ? in_min : 0.0);
        out_mins.push_back(out_n ? out_min : 0.0);
        table.row_labels.push_back(scaling_label(s, lang));
        ++row;
    }
    curve.vlines_x = {static_cast<double>(in.L)};
    curve.vline_labels = {say(lang, {"训练长度 L", "training length L"})};
    table.col_labels = {say(lang, {"新角度的对", "unseen pairs"}), say(lang, {"均值 Δ≤L", "mean Δ≤L"}),
                        say(lang, {"均值 Δ>L", "mean Δ>L"}), say(lang, {"最小 Δ>L", "min Δ>L"}), say(lang, {"最小 Δ≤L", "min Δ≤L"})};
    table.col_decimals = {0, -1, -1, -1, -1};
    std::vector<std::string> below;
    for (std::size_t k = 0; k < out_mins.size(); ++k)
        if (out_mins[k] < floor) below.push_back(scaling_label(all_scalings()[k], lang));
    table.decimals = 4;
    table.corner = say(lang, {"策略", "strategy"});
    const double mscale = yarn_get_mscale(in.factor);
    const std::vector<std::string> notes = {
        say(lang, {"评估长度 seq_len = {seq}, L = {L}, s = {s}；q 的 {n} 个样本（随机种子 {seed}）。",
                   "Evaluated length seq_len = {seq}, L = {L}, s = {s}; q averaged over {n} samples (random seed {seed})."},
            {{"seq", integer(in.seq_len)}, {"L", integer(in.L)}, {"s", num(in.factor)}, {"n", integer(samples)},
             {"seed", integer(in.seed)}}),
        say(lang, {"“新角度的对”：训练中没转满一圈（λᵢ > L）、且 seq_len·θ′ᵢ/(L·θᵢ) > 1 的对，与第 8 步第三张图的计数相同。",
                   "Unseen pairs: pairs that never completed a turn in training (λᵢ > L) and have seq_len·θ′ᵢ/(L·θᵢ) > 1, "
                   "the same count as step 8's third figure."}),
        say(lang, {"健康的曲线在 L 之外像 L 之内的延续：平缓地衰减，停留在训练中见过的分数范围内。不缩放的模型在 L 之内任一整数距离上的最低分数是 {floor}；"
                   "L 之外某个区间的平均若低于它，区间里就有训练中从未出现过的分数。在 L 之外低于它的曲线：{below}。",
                   "A healthy curve beyond L looks like a continuation of the curve within L: a slow, smooth decay that "
                   "stays within the scores met in training. The unscaled model's lowest score at any integer distance "
                   "within L is {floor}; a bin beyond L whose mean is below it holds scores never met in training. "
                   "Curves that go below it beyond L: {below}."},
            {{"floor", num(floor, 4)}, {"below", below.empty() ? say(lang, {"（没有）", "(not one)"}) : join(below, ", ")}}),
        say(lang, {"曲线每个点是一个宽 seq_len/128 的区间内 32 个整数距离的平均。",
                   "Each point of the curve averages 32 integer distances in a bin of width seq_len/128."}),
        say(lang, {"YaRN 的注意力因子 0.1·ln s + 1 = {att}（HF 的 get_mscale）乘在 cos 和 sin 上，q 和 k 都被旋转，所以分数乘以它的平方 {att2}，"
                   "相当于 softmax 的温度：插值让位置彼此更像，注意力更分散，这个因子把 softmax 重新变尖。YaRN 的曲线含这个平方。",
                   "YaRN's attention factor 0.1·ln s + 1 = {att} (HF get_mscale) multiplies cos and sin; q and k are both "
                   "rotated, so every score is multiplied by its square {att2}, a softmax temperature: interpolation makes "
                   "positions look more alike and spreads attention out, and the factor sharpens the softmax back. "
                   "YaRN's curve includes this square."},
            {{"att", num(mscale)}, {"att2", num(mscale * mscale)}}),
    };
    return {make_view(say(lang, {"随机 q（k = q）的平均分数随距离的变化（分箱平均）", "Mean score against distance for random q (k = q), binned"}),
                      curve),
            make_view(say(lang, {"L 之内与之外", "Within and beyond L"}), table, notes)};
}

Step diagnosis() {
    return {
        "diagnosis",
        {"诊断：超出训练长度时", "Diagnosis beyond the training length"},
        {"取随机查询 q 并令 k = q（同一内容出现在两个位置），距离 Δ 处的平均分数是各对 cos(Δ·θ′ᵢ) 的加权和。"
         "不缩放时，L 之后的曲线由停在没见过角度上的慢对决定；每种缩放之后，表格统计在 seq_len 之内仍会遇到新角度的对数。"
         "健康的曲线在 L 之外像 L 之内的延续：平缓衰减并保持在 0 以上；不跌到训练中从未出现过的分数；不缩放时，转到没见过角度的慢对可能把它拉到那里（注释给出训练中的最低分数，表格给出每种策略的最小值）。"
         "YaRN 把 cos 和 sin 乘以注意力因子 0.1·ln s + 1（HF 的 get_mscale），分数因此乘以它的平方：这是 softmax 的温度，"
         "把插值后变得更分散的注意力重新变尖；所以 YaRN 的曲线整体高出这个平方倍。",
         "Take random queries q and set k = q (the same content at two positions): the mean score at distance Δ "
         "is a weighted sum of cos(Δ·θ′ᵢ) over the pairs. Without scaling, the curve beyond L is driven by slow "
         "pairs at angles never seen in training; after each scaling, the table counts the pairs that still meet "
         "unseen angles within seq_len. A healthy curve beyond L looks like a continuation of the curve within L: "
         "a slow, smooth decay that does not fall to scores never met in training; without scaling, the slow pairs at "
         "unseen angles can pull it there (the notes give the lowest score met in training, the table each "
         "strategy's minimum). YaRN multiplies cos and sin by its attention factor "
         "0.1·ln s + 1 (HF get_mscale), so scores are multiplied by its square: a softmax temperature that "
         "sharpens again the attention that interpolation spread out, which is why YaRN's curve sits higher by "
         "that square."},
        {"d", "base", "original_max", "factor", "seq_len", "seed"},
        views_of(read_inputs, diagnosis_views),
        {R"tex(\bar s(\Delta)=\mathbb{E}_q\,\langle R_m q,\,R_{m+\Delta}q\rangle=\sum_i \mathbb{E}\,|q_i|^2\cos(\Delta\,\theta'_i))tex",
         R"tex(\text{YaRN: }\ \bar s\ \to\ (0.1\ln s+1)^2\,\bar s)tex"},
    };
}

}  // namespace long_context
}  // namespace pelab
