// PE Lab — lessons/long_context/base_far_bound.cpp
// Lesson "long-context", step "base-far-bound": far out on a log-Δ axis, the score of q = k = 1 and RoFormer's
// relative upper bound B(Δ)/B(0) for three bases, with the training length marked.
// Comments are English only: the font subset is built from the characters inside .cpp string literals.
//
// [SECTION] views
// [SECTION] the step
#include <algorithm>

#include "core/rope.h"
#include "core/rope_decay.h"
#include "lessons/lesson_util.h"
#include "lessons/long_context/long_context.h"

namespace pelab {
namespace long_context {

using namespace lessonui;

// [SECTION] views
// The same three bases far out: log Δ up to 65,536, the score and RoFormer's bound B(Δ)/B(0) (dashed), with the
// training length marked.
static std::vector<ViewData> base_far_bound_views(const Inputs& in, Lang lang) {
    CurveView far;
    far.x = log_spaced_integers(1, 65536, 160);
    far.log_x = true;
    far.x_axis = say(lang, {"相对距离 Δ（对数轴）", "relative distance Δ (log axis)"});
    far.y_axis = say(lang, {"归一化到 Δ = 0 处为 1", "normalised to 1 at Δ = 0"});
    const double b0 = rope_relative_upper_bound(rope_default_inv_freq(in.d, in.base), 0.0);  // (d/2 + 1)/2 for any base
    const auto at_L = std::lower_bound(far.x.begin(), far.x.end(), static_cast<double>(in.L));
    const std::size_t k = std::min<std::size_t>(static_cast<std::size_t>(at_L - far.x.begin()), far.x.size() - 1);
    std::vector<double> at_k;
    const std::vector<double> bases = {in.base / 10, in.base, in.base * 10};
    for (double b : bases) {
        const Eigen::VectorXd th = rope_default_inv_freq(in.d, b);
        std::vector<double> bound = rope_relative_upper_bound(th, far.x);
        for (double& y : bound) y /= b0;
        far.series.push_back(rope_decay_curve(th, far.x));
        far.series.push_back(bound);
        far.series_labels.push_back(say(lang, {"base = {b}：q = k = 1 的分数", "base = {b}: score of q = k = 1"}, {{"b", num(b)}}));
        far.series_labels.push_back(say(lang, {"base = {b}：上界 B(Δ)/B(0)", "base = {b}: bound B(Δ)/B(0)"}, {{"b", num(b)}}));
        far.series_dashed.push_back(false);
        far.series_dashed.push_back(true);
        at_k.push_back(bound[k]);
    }
    far.vlines_x = {static_cast<double>(in.L)};
    far.vline_labels = {say(lang, {"训练长度 L", "training length L"})};
    const std::vector<std::string> notes = {
        say(lang, {"虚线是 B(Δ)/B(0)，B(0) = (d/2 + 1)/2 = {b0}；竖线是训练长度 L = {L}。",
                   "Dashed: B(Δ)/B(0) with B(0) = (d/2 + 1)/2 = {b0}; the vertical line is the training length L = {L}."},
            {{"b0", num(b0)}, {"L", integer(in.L)}}),
        say(lang, {"Δ = {delta} 处的 B(Δ)/B(0)：base = {b1} 时 {v1}，base = {b2} 时 {v2}，base = {b3} 时 {v3}。",
                   "B(Δ)/B(0) at Δ = {delta}: {v1} for base = {b1}, {v2} for base = {b2}, {v3} for base = {b3}."},
            {{"delta", integer(static_cast<long long>(far.x[k]))}, {"b1", num(bases[0])}, {"b2", num(bases[1])},
             {"b3", num(bases[2])}, {"v1", num(at_k[0], 4)}, {"v2", num(at_k[1], 4)}, {"v3", num(at_k[2], 4)}}),
    };
    return {make_view(say(lang, {"远距离：分数与 RoFormer 的相对上界", "Far out: the score and RoFormer's relative upper bound"}), std::move(far),
                      notes)};
}

// [SECTION] the step
Step base_far_bound() {
    return {
        "base-far-bound",
        {"远距离的衰减上界", "The decay bound far out"},
        {"底数越大，RoFormer 的相对上界开始下降得越晚：远处的分数衰减得更慢。"
         "曲线在对数 Δ 轴上看到 65536：实线是 q = k = 1 的分数，虚线是上界 B(Δ) 除以 B(0)，竖线是训练长度 L。",
         "The larger the base, the later RoFormer's relative upper bound starts to fall: far scores decay more "
         "slowly. The curve runs on a log-Δ axis out to 65,536: solid lines are the score of q = k = 1, dashed "
         "lines the upper bound B(Δ) divided by B(0), and the vertical line is the training length L."},
        {"d", "base", "original_max"},
        views_of(read_inputs, base_far_bound_views),
        {R"tex(B(\Delta)=\frac{2}{d}\sum_{j=1}^{d/2}\Bigl|\sum_{p=0}^{j-1}e^{\mathrm{i}\,\Delta\,\theta_p}\Bigr|)tex"},
    };
}

}  // namespace long_context
}  // namespace pelab
