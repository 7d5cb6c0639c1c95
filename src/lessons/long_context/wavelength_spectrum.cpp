// PE Lab — lessons/long_context/wavelength_spectrum.cpp
// Lesson "long-context", step "wavelength-spectrum": every pair's wavelength λᵢ = 2π/θᵢ (log axis) for the
// original frequencies, PI, NTK, YaRN and Llama 3, against the training and target lengths, with YaRN's ramp
// bounds and Llama 3's band edges.
// Comments are English only: the font subset is built from the characters inside .cpp string literals.
//
// [SECTION] views
// [SECTION] the step
#include "core/rope/odometer.h"
#include "core/rope/rope.h"
#include "lessons/lesson_util.h"
#include "lessons/long_context/long_context.h"

namespace pelab {
namespace long_context {

using namespace lessonui;

// [SECTION] views
// Wavelength λᵢ = 2π/θᵢ of every pair (log y) for the original frequencies and every scaling, with the
// training and target lengths, YaRN's ramp bounds (pair indices) and Llama 3's band edges (wavelengths).
static std::vector<ViewData> wavelength_spectrum_views(const Inputs& in, Lang lang) {
    const int pairs = in.d / 2;
    CurveView curve = wavelength_axes(pairs, lang);
    // A shorter caption (the equation above states λᵢ = 2π/θᵢ), so that the six series' legend fits beside it.
    curve.y_axis = say(lang, {"波长 λᵢ（位置，对数轴）", "wavelength λᵢ (positions, log axis)"});
    // Every scaling, in the order (and so the colours) of the neighbouring steps' curves; dynamic NTK at seq_len.
    for (RopeScaling s : all_scalings()) {
        curve.series.push_back(pair_wavelengths(scaled(in, s).inv_freq));
        curve.series_labels.push_back(scaling_label(s, lang));
        curve.series_dashed.push_back(s == RopeScaling::none);
    }
    curve.hlines_y = {static_cast<double>(in.L), static_cast<double>(in.seq_len), in.L / in.high_ff, in.L / in.low_ff};
    curve.hline_labels = {say(lang, {"训练长度 L", "training length L"}), say(lang, {"目标长度 seq_len", "target length seq_len"}),
                          "Llama 3: L/high_ff", "Llama 3: L/low_ff"};
    const auto range = yarn_find_correction_range(in.beta_fast, in.beta_slow, in.d, in.base, in.L, true);
    mark_yarn_range(curve, range, pairs);
    curve.markers_x = pair_axis(pairs);  // one dot per pair: a segment between two dots is only the joining line
    const Eigen::VectorXd theta = rope_default_inv_freq(in.d, in.base);
    const int llama_first = first_scaled_pair(scaled(in, RopeScaling::llama3).inv_freq, theta);
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
    if (llama_first > 0)
        notes.push_back(say(lang, {"Llama 3 从第 {first} 对（原波长 {lf}）起离开原波长，它是第一个越过 L/high_ff 的对；第 {prev} 对（{lp}）仍不变，两点间的斜线只是连线。",
                                   "Llama 3 leaves the original wavelengths at pair {first} (λ = {lf}), the first past L/high_ff; pair {prev} "
                                   "(λ = {lp}) is still kept, and the slope between the two dots is only the joining line."},
                            {{"first", integer(llama_first)}, {"lf", num(2 * kPi / theta(llama_first), 4)},
                             {"prev", integer(llama_first - 1)}, {"lp", num(2 * kPi / theta(llama_first - 1), 4)}}));
    return {make_view(say(lang, {"每一对的波长：原频率与五种缩放", "Wavelength of every pair: original and five scalings"}), std::move(curve),
                      std::move(notes))};
}

// [SECTION] the step
Step wavelength_spectrum() {
    Step s = {
        "wavelength-spectrum",
        {"每一对的波长", "The wavelength of every pair"},
        {"图在对数纵轴上画出每一对的波长 λᵢ = 2π/θᵢ（每对一个点）：虚线是原频率，其余是 PI、NTK、动态 NTK（取 seq_len 时）、YaRN 和 Llama 3 缩放后的波长。"
         "两条水平线是训练长度 L 和目标长度 seq_len，另外两条是 Llama 3 的频段边界 L/high_ff 与 L/low_ff，竖线是 YaRN 斜坡的两端。"
         "PI 把所有波长都乘以 s；NTK 让前面的对几乎不变、后面的对拉长；YaRN 在斜坡以下保持原波长、以上乘以 s；Llama 3 在两条频段线之间平滑过渡。",
         "The figure draws every pair's wavelength λᵢ = 2π/θᵢ on a log axis, one dot per pair: dashed for the "
         "original frequencies, the others after PI, NTK, dynamic NTK (at seq_len), YaRN and Llama 3 scaling. Two "
         "horizontal lines mark the training length L and the target length seq_len, two more Llama 3's band edges "
         "L/high_ff and L/low_ff, and vertical lines the two ends of YaRN's ramp. PI multiplies every wavelength by s; "
         "NTK leaves the first pairs almost alone and stretches the later ones; YaRN keeps the wavelengths below the "
         "ramp and multiplies those above it by s; Llama 3 blends smoothly between its two band lines."},
        {"d", "base", "original_max", "factor", "seq_len", "beta_fast", "beta_slow", "low_freq_factor",
         "high_freq_factor"},
        views_of(read_inputs, wavelength_spectrum_views),
        {R"tex(\lambda_i=\frac{2\pi}{\theta_i},\qquad \lambda'_i=\frac{2\pi}{\theta'_i})tex"},
    };
    s.takeaway = {"缩放拉长慢对的波长，起点不同：PI 从第 0 对，YaRN 在第 {low} 对之后，Llama 3 从第 {llama} 对；留下的快对在 L 内已转多圈，角度都见过。",
                  "Scaling stretches the slow pairs' wavelengths from different starts: PI pair 0, YaRN after pair {low}, Llama 3 "
                  "pair {llama}; the fast pairs left alone turn many times in L, so every angle is seen."};
    s.takeaway_args = args_of(read_inputs, +[](const Inputs& in, Lang lang) {
        const auto range = yarn_find_correction_range(in.beta_fast, in.beta_slow, in.d, in.base, in.L, true);
        const int first = first_scaled_pair(scaled(in, RopeScaling::llama3).inv_freq, rope_default_inv_freq(in.d, in.base));
        return std::vector<Arg>{{"low", num(range.first)}, {"llama", first < 0 ? say(lang, {"（无）", "(none)"}) : integer(first)}};
    });
    return s;
}

}  // namespace long_context
}  // namespace pelab
