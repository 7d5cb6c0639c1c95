// PE Lab — lessons/long_context/base_far_bound.cpp
// Lesson "long-context", step "base-far-bound": far out on a log-Δ axis, the score of q = k = 1 and the shape of
// RoFormer's upper bound, B(Δ)/B(0), for three bases, with the training length marked, and why the dashed shape may
// run below the score it bounds (the bound also multiplies by the coefficients' largest step).
// Comments are English only: the font subset is built from the characters inside .cpp string literals.
//
// [SECTION] views
// [SECTION] the step
#include <algorithm>

#include "core/rope/rope.h"
#include "core/rope/rope_decay.h"
#include "lessons/lesson_util.h"
#include "lessons/long_context/long_context.h"

namespace pelab {
namespace long_context {

using namespace lessonui;

// [SECTION] views
// The same three bases far out: log Δ up to 65,536, the score and the bound's shape B(Δ)/B(0) (dashed), with the
// training length marked.
struct FarBound {
    CurveView far;
    std::vector<double> bases, at_k;  // the bases, and each one's B(Δ)/B(0) at the first Δ ≥ L
    std::size_t k = 0;                // that Δ's index
    int below = 0;                    // distances where the current base's dashed shape lies below its score
    double b0 = 0;
};
static FarBound far_bound(const Inputs& in, Lang lang) {
    FarBound f;
    CurveView& far = f.far;
    far.x = log_spaced_integers(1, 65536, 160);
    far.log_x = true;
    far.x_axis = say(lang, {"相对距离 Δ（对数轴）", "relative distance Δ (log axis)"});
    far.y_axis = say(lang, {"归一化到 Δ = 0 处为 1", "normalised to 1 at Δ = 0"});
    f.b0 = rope_relative_upper_bound(rope_default_inv_freq(in.d, in.base), 0.0);  // (d/2 + 1)/2 for any base
    const auto at_L = std::lower_bound(far.x.begin(), far.x.end(), static_cast<double>(in.L));
    f.k = std::min<std::size_t>(static_cast<std::size_t>(at_L - far.x.begin()), far.x.size() - 1);
    f.bases = {in.base / 10, in.base, in.base * 10};
    for (double b : f.bases) {
        const Eigen::VectorXd th = rope_default_inv_freq(in.d, b);
        std::vector<double> bound = rope_relative_upper_bound(th, far.x);
        for (double& y : bound) y /= f.b0;
        const std::vector<double> score = rope_decay_curve(th, far.x);
        if (b == in.base)
            for (std::size_t i = 0; i < score.size(); ++i) f.below += score[i] > bound[i] + 1e-12 ? 1 : 0;
        far.series.push_back(score);
        far.series.push_back(bound);
        far.series_labels.push_back(say(lang, {"base = {b}：q = k = 1 的分数", "base = {b}: score"}, {{"b", num(b)}}));
        far.series_labels.push_back(say(lang, {"base = {b}：上界的形状 B(Δ)/B(0)", "base = {b}: B(Δ)/B(0)"}, {{"b", num(b)}}));
        far.series_dashed.push_back(false);
        far.series_dashed.push_back(true);
        f.at_k.push_back(bound[f.k]);
    }
    far.vlines_x = {static_cast<double>(in.L)};
    far.vline_labels = {say(lang, {"训练长度 L", "training length L"})};
    return f;
}

static std::vector<ViewData> base_far_bound_views(const Inputs& in, Lang lang) {
    FarBound f = far_bound(in, lang);
    const std::vector<std::string> notes = {
        say(lang, {"虚线是 B(Δ)/B(0)，B(0) = (d/2 + 1)/2 = {b0}；竖线是训练长度 L = {L}。",
                   "Dashed: B(Δ)/B(0) with B(0) = (d/2 + 1)/2 = {b0}; the vertical line is the training length L = {L}."},
            {{"b0", num(f.b0)}, {"L", integer(in.L)}}),
        say(lang, {"Δ = {delta} 处的 B(Δ)/B(0)：base = {b1} 时 {v1}，base = {b2} 时 {v2}，base = {b3} 时 {v3}。",
                   "B(Δ)/B(0) at Δ = {delta}: {v1} for base = {b1}, {v2} for base = {b2}, {v3} for base = {b3}."},
            {{"delta", integer(static_cast<long long>(f.far.x[f.k]))}, {"b1", num(f.bases[0])}, {"b2", num(f.bases[1])},
             {"b3", num(f.bases[2])}, {"v1", num(f.at_k[0], 4)}, {"v2", num(f.at_k[1], 4)}, {"v3", num(f.at_k[2], 4)}}),
        say(lang, {"虚线只是上界的形状，不是这条实线的上界：RoFormer 的上界是 B(Δ) 乘以相邻两对系数之差的最大值，两条线又各自在 Δ = 0 处缩放到 1，"
                   "所以虚线可以低于实线（base = {b} 时，图中 {n} / {all} 个距离如此）。",
                   "The dashed line is the bound's shape, not a bound on the solid one: each is scaled to 1 at Δ = 0 by its own "
                   "factor, so the dashed line may run below the solid one (for base = {b}, at {n} of the {all} distances drawn)."},
            {{"b", num(in.base)}, {"n", integer(f.below)}, {"all", integer(static_cast<long long>(f.far.x.size()))}}),
    };
    return {make_view(say(lang, {"远距离：分数与 RoFormer 上界的形状", "Far out: the score and the shape of RoFormer's bound"}), std::move(f.far),
                      notes)};
}

// [SECTION] the step
Step base_far_bound() {
    Step s = {
        "base-far-bound",
        {"远距离的衰减上界", "The decay bound far out"},
        {"RoFormer（提出 RoPE 的论文）把分数的上界写成 B(Δ) 乘以相邻两对系数之差的最大值；虚线是 B(Δ)/B(0)，即这个上界随距离的形状。"
         "曲线在对数 Δ 轴上看到 65536：实线是 q = k = 1 的分数，竖线是训练长度 L。",
         "RoFormer, the paper that introduced RoPE, bounds the score by B(Δ) times the largest step between "
         "neighbouring pairs' coefficients; the dashed B(Δ)/B(0) is that bound's shape against distance. The curve "
         "runs on a log-Δ axis out to 65,536: solid lines are the score of q = k = 1, and the vertical line is the "
         "training length L."},
        {"d", "base", "original_max"},
        views_of(read_inputs, base_far_bound_views),
        {R"tex(B(\Delta)=\frac{2}{d}\sum_{j=1}^{d/2}\Bigl|\sum_{l=0}^{j-1}e^{\mathrm{i}\,\Delta\,\theta_l}\Bigr|,\qquad \Bigl|\sum_l h_l\,e^{\mathrm{i}\,\Delta\,\theta_l}\Bigr|\le\max_l|h_{l+1}-h_l|\cdot\tfrac{d}{2}B(\Delta))tex"},
    };
    s.takeaway = {"底数越大，各对在更大的 Δ 上仍同步，上界降得越晚：Δ = {delta} 处，base {b1}、{b2}、{b3} 依次为 {v1}、{v2}、{v3}。",
                  "A larger base keeps the pairs in step to larger Δ, so RoFormer's bound falls later: at Δ = {delta} its "
                  "shape is {v1}, {v2}, {v3} for base {b1}, {b2}, {b3}."};
    s.takeaway_args = args_of(read_inputs, +[](const Inputs& in, Lang lang) {
        const FarBound f = far_bound(in, lang);
        return std::vector<Arg>{{"delta", integer(static_cast<long long>(f.far.x[f.k]))}, {"b1", num(f.bases[0])},
                                {"b2", num(f.bases[1])}, {"b3", num(f.bases[2])}, {"v1", num(f.at_k[0], 3)},
                                {"v2", num(f.at_k[1], 3)}, {"v3", num(f.at_k[2], 3)}};
    });
    return s;
}

}  // namespace long_context
}  // namespace pelab
