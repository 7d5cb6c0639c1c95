// PE Lab — lessons/long_context/base_effect.cpp
// Lesson "long-context", step "base-effect": the two effects of the base, measured for several bases, and the
// score's decay bound far out.
// Comments are English only: the font subset is built from the characters inside .cpp string literals.
//
// [SECTION] views
// [SECTION] the step
#include <algorithm>
#include <cmath>

#include "core/rope_decay.h"
#include "core/rope.h"
#include "lessons/lesson_util.h"
#include "lessons/long_context/long_context.h"

namespace pelab {
namespace long_context {

using namespace lessonui;

// [SECTION] views
// The base's two effects, measured for several bases.
static std::vector<ViewData> base_effect_views(const Inputs& in, Lang lang) {
    const int pairs = in.d / 2;
    std::vector<double> bases = {1e2, 1e3, 1e4, 1e5, 1e6, 1e7};
    if (std::find(bases.begin(), bases.end(), in.base) == bases.end()) bases.push_back(in.base);
    std::sort(bases.begin(), bases.end());
    TableView table;
    table.values.resize(static_cast<Eigen::Index>(bases.size()), 5);
    for (std::size_t b = 0; b < bases.size(); ++b) {
        const Eigen::VectorXd th = rope_default_inv_freq(in.d, bases[b]);
        int wraps = 0;
        double mean_cos = 0.0;
        for (int i = 0; i < pairs; ++i) {
            if (2 * kPi / th(i) <= in.L) ++wraps;
            mean_cos += std::cos(th(i)) / pairs;
        }
        table.values.row(static_cast<Eigen::Index>(b)) << bases[b], wraps, 2 * kPi / th(pairs - 1), th(pairs / 2),
            1.0 - mean_cos;
        table.row_labels.push_back(bases[b] == in.base ? say(lang, {"当前", "current"}) : "");
    }
    table.col_labels = {"base", say(lang, {"L 内绕回", "wrap in L"}), say(lang, {"最长 λ", "longest λ"}),
                        say(lang, {"中间对 θ", "mid θ"}), "1 − mean cos θᵢ"};
    table.col_decimals = {0, 0, 0, -1, -1};
    table.decimals = 5;
    const std::vector<std::string> notes = {
        say(lang, {"列：L 内转满一圈的对数、最长波长、中间一对的 θ、相邻位置的分数差 1 − mean cos θᵢ。",
                   "Columns: pairs that turn fully within L, the longest wavelength, θ of the middle pair, and the "
                   "score drop between neighbours 1 − mean cos θᵢ."}),
        say(lang, {"底数越大：转满的对越少、波长越长（绕回更晚），但相邻位置的分数差越小（局部分辨率变粗）。",
                   "Larger base: fewer pairs wrap and wavelengths grow (wrap comes later), but the score drop between "
                   "neighbours shrinks (coarser local resolution)."}),
        say(lang, {"常见的简化写法：“底数越大，短距分辨率更强、长距失真更快”。表中：底数从 {lo} 到 {hi}，相邻位置的分数差从 {drop_lo} "
                   "降到 {drop_hi}（短距分辨率变粗），L 内绕回的对从 {wrap_lo} 降到 {wrap_hi}（长距失真更晚）。",
                   "A common simplified version found in tutorials: “a larger base sharpens short range and distorts "
                   "long range sooner”. In the table, from base {lo} to {hi} the score drop between neighbours falls "
                   "from {drop_lo} to {drop_hi} (coarser short range) and the pairs wrapping within L fall from "
                   "{wrap_lo} to {wrap_hi} (long-range distortion comes later)."},
            {{"lo", num(bases.front())}, {"hi", num(bases.back())}, {"drop_lo", num(table.values(0, 4), 4)},
             {"drop_hi", num(table.values(table.values.rows() - 1, 4), 4)}, {"wrap_lo", num(table.values(0, 1))},
             {"wrap_hi", num(table.values(table.values.rows() - 1, 1))}}),
    };

    CurveView curve;
    curve.y_axis = say(lang, {"归一化分数", "normalised score"});
    curve.x_axis = "Δ";
    for (int s = 0; s <= 320; ++s) curve.x.push_back(s * 0.1);
    for (double b : {in.base / 10, in.base, in.base * 10}) {
        curve.series.push_back(rope_decay_curve(rope_default_inv_freq(in.d, b), curve.x));
        curve.series_labels.push_back(say(lang, {"base = {b}", "base = {b}"}, {{"b", num(b)}}));
    }
    for (int m = 0; m <= 32; ++m) curve.markers_x.push_back(m);

    // The same three bases far out: log Δ up to 65,536, the score and RoFormer's bound B(Δ)/B(0) (dashed),
    // with the training length marked.
    CurveView far;
    far.x = log_spaced_integers(1, 65536, 160);
    far.log_x = true;
    far.x_axis = say(lang, {"相对距离 Δ（对数轴）", "relative distance Δ (log axis)"});
    far.y_axis = say(lang, {"归一化到 Δ = 0 处为 1", "normalised to 1 at Δ = 0"});
    const double b0 = rope_relative_upper_bound(rope_default_inv_freq(in.d, in.base), 0.0);  // (d/2 + 1)/2 for any base
    std::vector<std::string> far_notes = {
        say(lang, {"虚线是 B(Δ)/B(0)，B(0) = (d/2 + 1)/2 = {b0}；竖线是训练长度 L = {L}。",
                   "Dashed: B(Δ)/B(0) with B(0) = (d/2 + 1)/2 = {b0}; the vertical line is the training length L = {L}."},
            {{"b0", num(b0)}, {"L", integer(in.L)}})};
    for (double b : {in.base / 10, in.base, in.base * 10}) {
        const Eigen::VectorXd th = rope_default_inv_freq(in.d, b);
        std::vector<double> bound = rope_relative_upper_bound(th, far.x);
        for (double& y : bound) y /= b0;
        far.series.push_back(rope_decay_curve(th, far.x));
        far.series.push_back(bound);
        far.series_labels.push_back(say(lang, {"base = {b}：q = k = 1 的分数", "base = {b}: score of q = k = 1"}, {{"b", num(b)}}));
        far.series_labels.push_back(say(lang, {"base = {b}：上界 B(Δ)/B(0)", "base = {b}: bound B(Δ)/B(0)"}, {{"b", num(b)}}));
        far.series_dashed.push_back(false);
        far.series_dashed.push_back(true);
        const auto at_L = std::lower_bound(far.x.begin(), far.x.end(), static_cast<double>(in.L));
        const std::size_t k = std::min<std::size_t>(static_cast<std::size_t>(at_L - far.x.begin()), far.x.size() - 1);
        far_notes.push_back(say(lang, {"base = {b}：Δ = {delta} 处 B(Δ)/B(0) = {v}。", "base = {b}: B(Δ)/B(0) = {v} at Δ = {delta}."},
                                {{"b", num(b)}, {"delta", integer(static_cast<long long>(far.x[k]))}, {"v", num(bound[k], 4)}}));
    }
    far.vlines_x = {static_cast<double>(in.L)};
    far.vline_labels = {say(lang, {"训练长度 L", "training length L"})};
    return {make_view(say(lang, {"近距离处的分数 Σcos(Δθᵢ)/(d/2)：三个底数", "Score Σcos(Δθᵢ)/(d/2) at short range for three bases"}),
                      curve),
            make_view(say(lang, {"远距离：分数与 RoFormer 的相对上界", "Far out: the score and RoFormer's relative upper bound"}), std::move(far),
                      std::move(far_notes)),
            make_view(say(lang, {"底数的两个效应", "The two effects of the base"}), table, notes)};
}

// [SECTION] the step
Step base_effect() {
    return {
        "base-effect",
        {"底数的影响", "The effect of the base"},
        {"底数越大，除第 0 对外每个频率都越低：旋转变慢，训练长度内转满的对更少、绕回更晚，"
         "但相邻位置看起来更相似，局部分辨率变粗。底数越小则相反。"
         "第一张曲线看近处：Δ 在 0 到 32 之间时 q = k = 1 的分数。第二张在对数 Δ 轴上看到 65536：实线是同样的分数，"
         "虚线是 RoFormer 的相对上界 B(Δ) 除以 B(0)，竖线是训练长度；底数越大，上界开始下降得越晚。"
         "最后的表格对几个底数分别度量这两面。"
         "常见的简化写法说底数越大“短距分辨率更强、长距失真更快”，方向正好说反了；表格中的数值给出的是相反的结论。",
         "A larger base lowers every frequency except pair 0's: rotation slows down, fewer pairs wrap inside the "
         "training length and wrapping comes later, but neighbouring positions look more alike, so local "
         "resolution gets coarser. A smaller base does the reverse. The first curve looks close up: the score of "
         "q = k = 1 for Δ from 0 to 32. The second runs on a log-Δ axis out to 65,536: solid lines are the same "
         "score, dashed lines RoFormer's relative upper bound B(Δ) divided by B(0), and the vertical line is the "
         "training length; the larger the base, the later the bound starts to fall. The table at the end measures "
         "both sides for several bases. A common simplified summary found in tutorials says a larger base sharpens "
         "short range and distorts long range sooner; that is the direction the wrong way round, and the table's "
         "numbers show the reverse."},
        {"d", "base", "original_max"},
        views_of(read_inputs, base_effect_views),
        {R"tex(\theta_i=\mathrm{base}^{-2i/d},\qquad \lambda_{\max}=2\pi\,\mathrm{base}^{(d-2)/d})tex",
         R"tex(1-\frac{2}{d}\sum_{i=0}^{d/2-1}\cos\theta_i)tex",
         R"tex(B(\Delta)=\frac{2}{d}\sum_{j=1}^{d/2}\Bigl|\sum_{p=0}^{j-1}e^{\mathrm{i}\,\Delta\,\theta_p}\Bigr|)tex"},
    };
}

}  // namespace long_context
}  // namespace pelab
