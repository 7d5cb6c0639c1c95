// PE Lab — lessons/long_context/diagnosis.cpp
// Lesson "long-context", step "diagnosis": the mean score of random queries (k = q) against distance beyond
// the training length for each scaling, and the pairs that still meet angles unseen in training.
// Comments are English only: the font subset is built from the characters inside .cpp string literals.
//
// [SECTION] views
// [SECTION] the step
#include <algorithm>
#include <cmath>
#include <cstdint>
#include <limits>

#include "core/long_context.h"
#include "core/random.h"
#include "core/rope.h"
#include "lessons/lesson_util.h"
#include "lessons/long_context/long_context.h"

namespace pelab {
namespace long_context {

using namespace lessonui;

// [SECTION] views
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

// [SECTION] the step
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
