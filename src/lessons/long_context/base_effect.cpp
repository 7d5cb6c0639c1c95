// PE Lab — lessons/long_context/base_effect.cpp
// Lesson "long-context", step "base-effect", the lesson's first: the problem it solves (RoPE's slow pairs past the
// training length) and the first knob on it, the base — its two effects measured for several bases, with the
// score at short range for three bases (the decay bound far out is step "base-far-bound").
// Comments are English only: the font subset is built from the characters inside .cpp string literals.
//
// [SECTION] views
// [SECTION] the step
#include <algorithm>
#include <cmath>

#include "core/rope/rope.h"
#include "core/rope/rope_decay.h"
#include "lessons/lesson_util.h"
#include "lessons/long_context/long_context.h"

namespace pelab {
namespace long_context {

using namespace lessonui;

// [SECTION] views
// The base's two effects, measured for several bases: per row the base, the pairs turning fully within L, the
// longest wavelength, θ of the middle pair and the neighbour score drop 1 − mean cos θᵢ.
struct BaseRows {
    std::vector<double> bases;
    RowMatrix values;
};
static BaseRows base_rows(const Inputs& in) {
    const int pairs = in.d / 2;
    BaseRows out;
    out.bases = {1e2, 1e3, 1e4, 1e5, 1e6, 1e7};
    if (std::find(out.bases.begin(), out.bases.end(), in.base) == out.bases.end()) out.bases.push_back(in.base);
    std::sort(out.bases.begin(), out.bases.end());
    out.values.resize(static_cast<Eigen::Index>(out.bases.size()), 5);
    for (std::size_t b = 0; b < out.bases.size(); ++b) {
        const Eigen::VectorXd th = rope_default_inv_freq(in.d, out.bases[b]);
        int wraps = 0;
        double mean_cos = 0.0;
        for (int i = 0; i < pairs; ++i) {
            if (2 * kPi / th(i) <= in.L) ++wraps;
            mean_cos += std::cos(th(i)) / pairs;
        }
        out.values.row(static_cast<Eigen::Index>(b)) << out.bases[b], wraps, 2 * kPi / th(pairs - 1), th(pairs / 2), 1.0 - mean_cos;
    }
    return out;
}

// The table's two ends as the takeaway and the note say them.
static std::vector<Arg> base_ends(const BaseRows& r) {
    const Eigen::Index last = r.values.rows() - 1;
    return {{"lo", num(r.bases.front())}, {"hi", num(r.bases.back())}, {"drop_lo", num(r.values(0, 4), 4)},
            {"drop_hi", num(r.values(last, 4), 4)}, {"wrap_lo", num(r.values(0, 1))}, {"wrap_hi", num(r.values(last, 1))},
            {"lam_lo", num(r.values(0, 2), 3)}, {"lam_hi", num(r.values(last, 2), 3)}};
}

static std::vector<ViewData> base_effect_views(const Inputs& in, Lang lang) {
    const BaseRows rows = base_rows(in);
    const std::vector<double>& bases = rows.bases;
    TableView table;
    table.values = rows.values;
    for (double b : bases) table.row_labels.push_back(b == in.base ? say(lang, {"当前", "current"}) : "");
    // The deciding cells: the most and fewest pairs wrapping, the longest and shortest wavelength, the sharpest
    // and coarsest short range; the two ends of the table, each good at one thing and bad at another.
    Eigen::Index most_wrap = 0, fewest_wrap = 0, sharpest = 0, coarsest = 0, longest = 0, shortest = 0;
    table.values.col(1).maxCoeff(&most_wrap);
    table.values.col(1).minCoeff(&fewest_wrap);
    table.values.col(2).maxCoeff(&longest);
    table.values.col(2).minCoeff(&shortest);
    table.values.col(4).maxCoeff(&sharpest);
    table.values.col(4).minCoeff(&coarsest);
    // A pair that wraps within L has met every angle in training (the column note): wrapping is the good end.
    table.marks.push_back({static_cast<int>(most_wrap), 1, true, say(lang, {"绕回最多", "most wrap"})});
    table.marks.push_back({static_cast<int>(fewest_wrap), 1, false, say(lang, {"绕回最少", "fewest wrap"})});
    // The longest wavelength is the larger base's gain: positions far apart still differ in the slowest pair.
    table.marks.push_back({static_cast<int>(longest), 2, true, say(lang, {"最远可分", "longest reach"})});
    table.marks.push_back({static_cast<int>(shortest), 2, false, say(lang, {"最先重复", "repeats first"})});
    table.marks.push_back({static_cast<int>(sharpest), 4, true, say(lang, {"近处最清楚", "sharpest"})});
    table.marks.push_back({static_cast<int>(coarsest), 4, false, say(lang, {"近处最粗", "coarsest"})});
    table.col_labels = {"base", say(lang, {"L 内绕回", "wrap in L"}), say(lang, {"最长 λ", "longest λ"}),
                        say(lang, {"中间对 θ", "mid θ"}), "1 − mean cos θᵢ"};
    table.col_decimals = {0, 0, 0, -1, -1};
    table.decimals = 5;
    const std::vector<std::string> notes = {
        say(lang, {"列：L 内转满一圈的对数（角度在训练中都见过）、最长波长、中间一对的 θ、相邻位置的分数差（相邻位置有多不同）。",
                   "Columns: pairs turning fully within L (their angles all seen in training), the longest wavelength, θ of the middle pair, the neighbour score drop (how unlike neighbours look)."}),
        say(lang, {"常见的简化写法说底数越大“短距更强、长距失真更快”；表中两点都相反：底数从 {lo} 到 {hi}，相邻位置的分数差从 {drop_lo} "
                   "降到 {drop_hi}（短距变粗），最长波长从 {lam_lo} 增到 {lam_hi}（远处的位置仍可区分）。代价：L 内绕回的对从 {wrap_lo} "
                   "降到 {wrap_hi}，没绕回过的对在 L 之外会遇到没见过的角度。",
                   "A common simplified version found in tutorials says a larger base sharpens short range and distorts long "
                   "range sooner; the table shows the reverse of both: from base {lo} to {hi} the neighbour score drop falls from "
                   "{drop_lo} to {drop_hi} (coarser short range) and the longest wavelength grows from {lam_lo} to {lam_hi} (far "
                   "positions stay distinct). The price: pairs wrapping within L fall from {wrap_lo} to {wrap_hi}, and a pair "
                   "that never wrapped meets new angles past L."},
            base_ends(rows)),
    };

    CurveView curve;
    curve.y_axis = say(lang, {"分数 Σcos(Δθᵢ)/(d/2)", "score Σcos(Δθᵢ)/(d/2)"});
    curve.x_axis = say(lang, {"距离 Δ", "distance Δ"});
    for (int s = 0; s <= 320; ++s) curve.x.push_back(s * 0.1);
    for (double b : {in.base / 10, in.base, in.base * 10}) {
        curve.series.push_back(rope_decay_curve(rope_default_inv_freq(in.d, b), curve.x));
        curve.series_labels.push_back(say(lang, {"base = {b}", "base = {b}"}, {{"b", num(b)}}));
    }
    for (int m = 0; m <= 32; ++m) curve.markers_x.push_back(m);

    // The table (the claim's measure) first: it is the primary figure and gets the room for all its rows.
    return {make_view(say(lang, {"底数的两个效应", "The two effects of the base"}), table, notes),
            make_view(say(lang, {"近距离：全 1 的 q、k", "Close up: all-ones q, k"}),
                      curve)};
}

// [SECTION] the step
Step base_effect() {
    Step s = {
        "base-effect",
        {"底数的两个效应", "The two effects of the base"},
        {"超出训练长度后，[[rope|RoPE]] 中没转满一圈的慢对会转到没见过的角度（[[lesson:beyond-training/turns-in-training|上一课]]）；"
         "这一课改变各对的[[frequency|频率]] θᵢ = base^(−2i/d)，让它们留在见过的范围里，第一个旋钮就是[[base|底数]]。"
         "底数越大，除第 0 对外每个频率都越低：训练长度内转满的对更少，相邻位置看起来也更相似；底数越小则相反。"
         "表格对几个底数分别度量这两面；曲线看近处：Δ（查询位置减键位置）在 0 到 32 之间时，全 1 的[[query|查询]]与[[key|键]]（q = k = 1）的分数 Σcos(Δθᵢ)/(d/2)，三个底数各一条。"
         "常见的简化写法把近处的方向说反了，注释用表中的数值核对。",
         "Past the training length, [[rope|RoPE]]'s slow pairs, short of one turn, reach angles never seen "
         "([[lesson:beyond-training/turns-in-training|the previous lesson]]); this lesson changes the pairs' "
         "[[frequency|frequencies]] θᵢ = base^(−2i/d) to keep them in range, and the first knob is the [[base]]. A larger base lowers "
         "every frequency but pair 0's: fewer pairs turn fully within the training length, and neighbouring positions "
         "look more alike; a smaller base does the reverse. The table measures both sides for several bases; the "
         "curve looks close up: the score Σcos(Δθᵢ)/(d/2) of an all-ones [[query]] and [[key]] (q = k = 1) for Δ, the query "
         "position minus the key position, from 0 to 32, one line per base. A common simplified version found in "
         "tutorials gets the short range the wrong way round; the note checks it against the table."},
        {"d", "base", "original_max"},
        views_of(read_inputs, base_effect_views),
        {R"tex(\lambda_{\max}=2\pi\,\mathrm{base}^{(d-2)/d},\qquad 1-\frac{2}{d}\sum_{i=0}^{d/2-1}\cos\theta_i)tex"},
    };
    s.takeaway = {"底数越大，除第 0 对外每对转得越慢：底数 {lo}→{hi}，最长波长 {lam_lo}→{lam_hi}（远处仍可区分），"
                  "但 L 内转满的对 {wrap_lo}→{wrap_hi}，相邻分数差 {drop_lo}→{drop_hi}（近处更粗）。",
                  "A larger base slows every pair but pair 0: base {lo} → {hi} stretches the longest wavelength {lam_lo} → {lam_hi} "
                  "(far positions stay distinct), but fewer pairs turn fully within L ({wrap_lo} → {wrap_hi}) and neighbours look "
                  "more alike ({drop_lo} → {drop_hi})."};
    s.takeaway_args = args_of(read_inputs, +[](const Inputs& in, Lang) { return base_ends(base_rows(in)); });
    return s;
}

}  // namespace long_context
}  // namespace pelab
