// PE Lab — lessons/long_context/diagnosis.cpp
// Lesson "long-context", step "diagnosis": the mean score of random queries (k = q) against distance beyond
// the training length for each scaling; the summary table and the floor met in training are step
// "diagnosis-floor".
// Comments are English only: the font subset is built from the characters inside .cpp string literals.
//
// [SECTION] the shared computation
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

// [SECTION] the shared computation
// Mean over random q of ⟨R_m q, R_(m+Δ) q⟩ = Σᵢ E|qᵢ|² cos(Δθᵢ): the pair weights, averaged over samples; binned
// means (each point averages the score over integer distances in its bin), which show the trend instead of the
// fast pairs' oscillation.
DiagnosisScores diagnosis_scores(const Inputs& in) {
    DiagnosisScores out;
    const int pairs = in.d / 2;
    const Eigen::VectorXd theta = rope_default_inv_freq(in.d, in.base);
    SplitMix64 rng(static_cast<std::uint64_t>(in.seed));
    const int samples = DiagnosisScores::samples, bins = DiagnosisScores::bins, per_bin = DiagnosisScores::per_bin;
    Eigen::VectorXd weight = Eigen::VectorXd::Zero(pairs);
    for (int s = 0; s < samples; ++s)
        for (int i = 0; i < pairs; ++i) {
            const double a = rng.next_signed(), b = rng.next_signed();
            weight(i) += (a * a + b * b) / samples;
        }
    const double norm = weight.sum();
    const double span = std::max(in.seq_len, in.L + 1);
    const double width = span / bins;
    for (int b = 0; b < bins; ++b) out.x.push_back((b + 0.5) * width);
    out.summary.resize(6, 5);
    // The lowest score the unscaled model meets at an integer distance within training (Δ < L). A bin beyond L
    // that averages below it contains distances whose score was never met in training.
    out.floor = std::numeric_limits<double>::infinity();
    for (int dlt = 0; dlt < in.L; ++dlt) {
        double v = 0.0;
        for (int i = 0; i < pairs; ++i) v += weight(i) * std::cos(dlt * theta(i));
        out.floor = std::min(out.floor, v / norm);
    }
    int row = 0;
    for (RopeScaling s : all_scalings()) {
        const RopeScalingResult r = scaled(in, s);
        const double att2 = r.attention_factor * r.attention_factor;
        std::vector<double> y;
        double in_sum = 0, out_sum = 0, out_min = std::numeric_limits<double>::infinity();
        double in_min = std::numeric_limits<double>::infinity();
        int in_n = 0, out_n = 0;
        for (double centre : out.x) {
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
        out.y.push_back(y);
        out.summary.row(row) << rope_pairs_beyond_training_angles(theta, r.inv_freq, in.L, in.seq_len),
            (in_n ? in_sum / in_n : 0.0), (out_n ? out_sum / out_n : 0.0), (out_n ? out_min : 0.0), (in_n ? in_min : 0.0);
        ++row;
    }
    return out;
}

// [SECTION] views
// Mean score against distance for random q (k = q), beyond the original length.
static std::vector<ViewData> diagnosis_views(const Inputs& in, Lang lang) {
    const DiagnosisScores d = diagnosis_scores(in);
    CurveView curve;
    curve.y_axis = say(lang, {"平均分数（Δ = 0 处归一为 1）", "mean score (1 at Δ = 0)"});
    curve.x_axis = say(lang, {"距离 Δ", "distance Δ"});
    curve.x = d.x;
    curve.series = d.y;
    for (RopeScaling s : all_scalings()) curve.series_labels.push_back(scaling_label(s, lang));
    curve.vlines_x = {static_cast<double>(in.L)};
    curve.vline_labels = {say(lang, {"训练长度 L", "training length L"})};
    const double mscale = yarn_get_mscale(in.factor);
    const std::vector<std::string> notes = {
        say(lang, {"评估长度 seq_len = {seq}, L = {L}, s = {s}；q 的 {n} 个样本（随机种子 {seed}）；每个点是宽 seq_len/{bins} 的区间内 {per} 个整数距离的平均。",
                   "Evaluated length seq_len = {seq}, L = {L}, s = {s}; q averaged over {n} samples (random seed {seed}); "
                   "each point averages {per} integer distances in a bin of width seq_len/{bins}."},
            {{"seq", integer(in.seq_len)}, {"L", integer(in.L)}, {"s", num(in.factor)}, {"n", integer(DiagnosisScores::samples)},
             {"seed", integer(in.seed)}, {"bins", integer(DiagnosisScores::bins)}, {"per", integer(DiagnosisScores::per_bin)}}),
        say(lang, {"YaRN 的曲线含它的注意力因子的平方 {att2}（见[[lesson:long-context/yarn-attention-factor|“YaRN 的注意力因子”]]一步），所以整体高出这个倍数。",
                   "YaRN's curve includes the square of its attention factor, {att2} (see the step "
                   "\"[[lesson:long-context/yarn-attention-factor|YaRN's attention factor]]\"), so it sits higher by that multiple."},
            {{"att2", num(mscale * mscale)}}),
    };
    return {make_view(say(lang, {"随机 q（k = q）的平均分数随距离的变化（分箱平均）", "Mean score against distance for random q (k = q), binned"}),
                      curve, notes)};
}

// [SECTION] the step
Step diagnosis() {
    return {
        "diagnosis",
        {"诊断：超出训练长度时", "Diagnosis beyond the training length"},
        {"健康的曲线在 L 之外像 L 之内的延续：平缓地衰减；不缩放时，转到没见过角度的慢对会让它偏离。"
         "取随机查询 q 并令 k = q（同一内容出现在两个位置），距离 Δ 处的平均分数是各对 cos(Δ·θ′ᵢ) 的加权和，权重是 q 在各对上的平均能量。"
         "曲线对每种策略画出这个分数随 Δ 的变化，竖线是训练长度 L。",
         "A healthy curve beyond L looks like a continuation of the curve within L, a slow, smooth decay; without "
         "scaling, the slow pairs at unseen angles pull it away. Take random queries q and set k = q (the same "
         "content at two positions): the mean score at distance Δ is a weighted sum of cos(Δ·θ′ᵢ) over the pairs, "
         "weighted by q's mean energy in each pair. The curve draws this score against Δ for every strategy; the "
         "vertical line is the training length L."},
        {"d", "base", "original_max", "factor", "seq_len", "seed"},
        views_of(read_inputs, diagnosis_views),
        {R"tex(\bar s(\Delta)=\mathbb{E}_q\,\langle R_m q,\,R_{m+\Delta}q\rangle=\sum_i \mathbb{E}\,|q_i|^2\cos(\Delta\,\theta'_i))tex",
         R"tex(\text{YaRN: }\ \bar s\ \to\ (0.1\ln s+1)^2\,\bar s)tex"},
    };
}

}  // namespace long_context
}  // namespace pelab
