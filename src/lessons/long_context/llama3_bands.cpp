// PE Lab — lessons/long_context/llama3_bands.cpp
// Lesson "long-context", step "llama3-bands": Llama 3's wavelength bands — kept, smoothly interpolated,
// divided by s — per pair against the unscaled frequencies (Hugging Face transformers' modeling_rope_utils through
// core/rope/rope_scaling), with the pairs where the curve leaves 1 and reaches 1/s marked, so figure and text name the
// same pair.
// Comments are English only: the font subset is built from the characters inside .cpp string literals.
//
// [SECTION] views
// [SECTION] the step
#include <limits>

#include "core/rope/rope.h"
#include "lessons/lesson_util.h"
#include "lessons/long_context/long_context.h"

namespace pelab {
namespace long_context {

using namespace lessonui;

// [SECTION] views
// The first pair whose factor leaves 1 (the first past L/high_ff) and the first divided by the full s (past
// L/low_ff), −1 when there is none.
struct BandEdges {
    int first_scaled = -1, first_full = -1;
};
static BandEdges band_edges(const Inputs& in) {
    const Eigen::VectorXd theta = rope_default_inv_freq(in.d, in.base);
    const RopeScalingResult llama = scaled(in, RopeScaling::llama3);
    BandEdges e;
    e.first_scaled = first_scaled_pair(llama.inv_freq, theta);
    for (Eigen::Index i = 0; i < theta.size() && e.first_full < 0; ++i)
        if (llama3_band(2 * kPi / theta(i), in.L, in.low_ff, in.high_ff) == Llama3Band::low) e.first_full = static_cast<int>(i);
    return e;
}

static std::vector<ViewData> llama3_bands_views(const Inputs& in, Lang lang) {
    const int pairs = in.d / 2;
    const Eigen::VectorXd theta = rope_default_inv_freq(in.d, in.base);
    const RopeScalingResult llama = scaled(in, RopeScaling::llama3);
    const BandEdges edges = band_edges(in);
    CurveView curve;
    curve.y_axis = "θ′ᵢ/θᵢ";
    curve.x_axis = say(lang, {"对 i", "pair i"});
    curve.x = pair_axis(pairs);
    curve.series = {ratio_series(llama.inv_freq, theta)};
    curve.series_labels = {"Llama 3"};
    curve.markers_x = pair_axis(pairs);  // one dot per pair: the curve between two dots is only a line drawn
    if (edges.first_scaled >= 0) {
        curve.vlines_x.push_back(edges.first_scaled);
        curve.vline_labels.push_back(say(lang, {"λ > L/high_ff 的第一对", "first pair with λ > L/high_ff"}));
    }
    if (edges.first_full >= 0 && edges.first_full != edges.first_scaled) {
        curve.vlines_x.push_back(edges.first_full);
        curve.vline_labels.push_back(say(lang, {"λ > L/low_ff 的第一对", "first pair with λ > L/low_ff"}));
    }
    std::vector<std::string> cnotes;
    if (edges.first_scaled > 0)
        cnotes.push_back(say(lang, {"第 {prev} 对（λ = {lp}）仍不变，第 {first} 对（λ = {lf}）是第一个越过 L/high_ff = {edge} 的：曲线在第 {prev} 与第 {first} 对之间的那段斜线只是连线。",
                                    "Pair {prev} (λ = {lp}) is still kept and pair {first} (λ = {lf}) is the first past L/high_ff = {edge}: "
                                    "the sloping segment between pairs {prev} and {first} is only the line joining two dots."},
                                {{"prev", integer(edges.first_scaled - 1)}, {"first", integer(edges.first_scaled)},
                                 {"lp", num(2 * kPi / theta(edges.first_scaled - 1), 4)}, {"lf", num(2 * kPi / theta(edges.first_scaled), 4)},
                                 {"edge", num(in.L / in.high_ff, 4)}}));

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
    return {make_view(say(lang, {"每对的缩放因子 θ′ᵢ/θᵢ：Llama 3", "Per-pair scale factor θ′ᵢ/θᵢ: Llama 3"}), curve, cnotes),
            make_view(say(lang, {"Llama 3：三个频段", "Llama 3: three bands"}), ltable)};
}

// [SECTION] the step
Step llama3_bands() {
    Step s = {
        "llama3-bands",
        {"Llama 3：按波长分三段", "Llama 3's bands"},
        {"Llama 3（Llama 3.1 起使用）按波长 λ 把各对分成三段，边界由两个设定给出：high_freq_factor（面板上记作 high ff）和 low_freq_factor（low ff）。"
         "λ 短于 L/high_ff 的对不变，长于 L/low_ff 的除以 s，中间平滑插值。曲线是每对的因子 θ′ᵢ/θᵢ（每对一个点），表格数出每段的对数。",
         "Llama 3 (used from Llama 3.1 on) splits the pairs into three bands by wavelength λ, with edges given by two "
         "settings: high_freq_factor (high ff on the panel) and low_freq_factor (low ff). Pairs with λ shorter than "
         "L/high_ff are kept, those longer than L/low_ff are divided by s, and the middle is interpolated smoothly. "
         "The curve is each pair's factor θ′ᵢ/θᵢ (one dot per pair); the table counts the pairs in each band."},
        {"d", "base", "original_max", "factor", "low_freq_factor", "high_freq_factor"},
        views_of(read_inputs, llama3_bands_views),
        {R"tex(\theta'_i=(1-w_i)\,\theta_i/s+w_i\,\theta_i,\quad w_i=(L/\lambda_i-\mathrm{low\_ff})/(\mathrm{high\_ff}-\mathrm{low\_ff}))tex"},
    };
    s.takeaway = {"Llama 3 保留 λ < L/high_ff = {hi}（L 内转 {hf} 圈以上，角度都见过），λ > L/low_ff = {lo} 除以 s（会遇新角度）：曲线在第 {first} 对离开 1。",
                  "Llama 3 keeps λ < L/high_ff = {hi} (over {hf} turns in L, every angle seen) and divides λ > L/low_ff = {lo} "
                  "by s (new angles ahead): the curve leaves 1 at pair {first}."};
    s.takeaway_args = args_of(read_inputs, +[](const Inputs& in, Lang lang) {
        const BandEdges e = band_edges(in);
        return std::vector<Arg>{{"hi", num(in.L / in.high_ff, 4)}, {"lo", num(in.L / in.low_ff, 4)}, {"hf", num(in.high_ff)},
                                {"first", e.first_scaled < 0 ? say(lang, {"（无）", "(none)"}) : integer(e.first_scaled)}};
    });
    return s;
}

}  // namespace long_context
}  // namespace pelab
