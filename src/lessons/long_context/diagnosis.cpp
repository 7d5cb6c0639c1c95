// PE Lab — lessons/long_context/diagnosis.cpp
// Lesson "long-context", step "diagnosis": the mean score of a random vector x used as both query and key against
// distance beyond the training length for each scaling; the summary table and the floor met in training are step
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

#include "core/rope/long_context.h"
#include "core/random.h"
#include "core/rope/rope.h"
#include "lessons/lesson_util.h"
#include "lessons/long_context/long_context.h"

namespace pelab {
namespace long_context {

using namespace lessonui;

// [SECTION] the shared computation
// Mean over random x of ⟨R_(p+Δ) x, R_p x⟩ = Σᵢ E|xᵢ|² cos(Δθᵢ): the pair weights, averaged over samples; binned
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
    out.summary.resize(6, 6);
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
        // The largest overshoot of a slow pair: its largest angle at seq_len over its largest in training.
        const Eigen::VectorXd ratio = rope_angle_range_ratio(theta, r.inv_freq, in.L, in.seq_len);
        double overshoot = 0.0;
        for (int i = 0; i < pairs; ++i)
            if (!rope_pair_turned_in_training(theta(i), in.L)) overshoot = std::max(overshoot, ratio(i));
        out.summary.row(row) << rope_pairs_beyond_training_angles(theta, r.inv_freq, in.L, in.seq_len),
            (in_n ? in_sum / in_n : 0.0), (out_n ? out_sum / out_n : 0.0), (out_n ? out_min : 0.0), (in_n ? in_min : 0.0),
            overshoot;
        ++row;
    }
    return out;
}

// [SECTION] views
// Mean score against distance for a random x as query and key, beyond the original length.
static std::vector<ViewData> diagnosis_views(const Inputs& in, Lang lang) {
    const DiagnosisScores d = diagnosis_scores(in);
    CurveView curve;
    curve.y_axis = say(lang, {"平均分数（不缩放时 Δ = 0 处为 1）", "mean score (1 at Δ = 0 unscaled)"});
    curve.x_axis = say(lang, {"距离 Δ", "distance Δ"});
    curve.x = d.x;
    curve.series = d.y;
    for (RopeScaling s : all_scalings()) curve.series_labels.push_back(scaling_label(s, lang));
    curve.vlines_x = {static_cast<double>(in.L)};
    curve.vline_labels = {say(lang, {"训练长度 L", "training length L"})};
    // The floor: the lowest unscaled score at one distance within L (the takeaway compares the bins past L to it).
    curve.hlines_y = {d.floor};
    // Met at one distance: the plotted bins average the fast pairs' swings away, so no bin within L reaches it.
    curve.hline_labels = {say(lang, {"训练中的下限 {f}（单个距离；曲线是区间平均）", "floor met in training {f} (at one distance; the curve shows bin means)"},
                              {{"f", num(d.floor, 3)}})};
    const double mscale = yarn_get_mscale(in.factor);
    const std::vector<std::string> notes = {
        say(lang, {"评估长度 seq_len = {seq}, L = {L}, s = {s}；x 的 {n} 个样本（随机种子 {seed}）；每个点是宽 seq_len/{bins} 的区间内 {per} 个整数距离的平均。",
                   "Evaluated length seq_len = {seq}, L = {L}, s = {s}; x averaged over {n} samples (random seed {seed}); "
                   "each point averages {per} integer distances in a bin of width seq_len/{bins}."},
            {{"seq", integer(in.seq_len)}, {"L", integer(in.L)}, {"s", num(in.factor)}, {"n", integer(DiagnosisScores::samples)},
             {"seed", integer(in.seed)}, {"bins", integer(DiagnosisScores::bins)}, {"per", integer(DiagnosisScores::per_bin)}}),
        say(lang, {"YaRN 的曲线含它的注意力因子的平方 {att2}（见[[lesson:long-context/yarn-attention-factor|“YaRN 的注意力因子”]]一步），所以整体高出这个倍数。",
                   "YaRN's curve includes the square of its attention factor, {att2} (see the step "
                   "\"[[lesson:long-context/yarn-attention-factor|YaRN's attention factor]]\"), so it sits higher by that multiple."},
            {{"att2", num(mscale * mscale)}}),
    };
    return {make_view(say(lang, {"随机向量 x 既作查询又作键：平均分数随距离的变化（分箱平均）", "Mean score against distance, random x as query and key, binned"}),
                      curve, notes)};
}

// [SECTION] the step
Step diagnosis() {
    Step s = {
        "diagnosis",
        {"诊断：超出训练长度时", "Diagnosis beyond the training length"},
        {"取随机向量 x，同时作查询和键（同一内容出现在相距 Δ 的两个位置），距离 Δ 处的平均分数是各对 cos(Δ·θ′ᵢ) 的加权和，权重是 x 在各对上的平均能量。"
         "曲线对每种策略画出这个分数随 Δ 的变化，竖线是训练长度 L，虚横线是下限：不缩放时训练中单个距离上的最低分数。"
         "健康的曲线在 L 之外像 L 之内的延续：同样起伏，但不跌破下限。",
         "Take a random vector x as both query and key (the same content at two positions Δ apart): the mean score at "
         "distance Δ is a weighted sum of cos(Δ·θ′ᵢ) over the pairs, weighted by x's mean energy in each pair. The "
         "curve draws this score against Δ for every strategy, with the training length L as a vertical line and the "
         "floor, the lowest unscaled score at one distance in training, as a dashed horizontal line. A healthy curve "
         "beyond L looks like a continuation of the curve within L: as jagged, but not below the floor."},
        {"d", "base", "original_max", "factor", "seq_len", "seed"},
        views_of(read_inputs, diagnosis_views),
        {R"tex(\bar S(\Delta)=\mathbb{E}_x\,\langle R_{p+\Delta}x,\,R_p x\rangle=\sum_i \mathbb{E}\,|x_i|^2\cos(\Delta\,\theta'_i))tex",
         R"tex(\text{YaRN: }\ \bar S\ \to\ (0.1\ln s+1)^2\,\bar S)tex"},
    };
    s.takeaway = {"L 外不缩放的曲线低到 {none_min}，{cmp}训练中的下限 {floor}（虚横线）：慢对转到了没见过的角度。缩放后的曲线同样起伏，{scaled}。",
                  "Past L the unscaled curve dips to {none_min}, {cmp} the floor met in training, {floor} (dashed line): its slow "
                  "pairs reach unseen angles. The scaled curves are as jagged; {scaled}."};
    s.takeaway_args = args_of(read_inputs, +[](const Inputs& in, Lang lang) {
        const DiagnosisScores d = diagnosis_scores(in);
        const bool below = d.summary(0, 3) < d.floor;
        // The scaled curves (rows 1 …) whose lowest bin past L is below the floor, by name.
        std::string under;
        for (std::size_t row = 1; row < all_scalings().size(); ++row)
            if (d.summary(static_cast<Eigen::Index>(row), 3) < d.floor)
                under += (under.empty() ? "" : say(lang, {"、", ", "})) + scaling_label(all_scalings()[row], lang);
        const std::string scaled = under.empty() ? say(lang, {"但都不低于它", "none goes below it"})
                                                 : say(lang, {"其中低于它的：{list}", "below it too: {list}"}, {{"list", under}});
        return std::vector<Arg>{{"none_min", num(d.summary(0, 3), 3)}, {"floor", num(d.floor, 3)},
                                {"cmp", say(lang, below ? Text{"低于", "below"} : Text{"不低于", "not below"})},
                                {"scaled", scaled}};
    });
    return s;
}

}  // namespace long_context
}  // namespace pelab
