// PE Lab — lessons/open_models/two_bases.cpp
// Step "two-bases" of lesson "open-models": two RoPE bases in one model (Gemma 3: sliding-window layers with
// rope_local_base_freq, global layers with rope_theta), each pair's wavelength against the window and the
// context. Its question: which base gives the longer wavelengths. Every number shown comes from core (rope.h,
// odometer.h).
// Comments are English only: the font subset is built from the characters inside .cpp string literals.
//
// [SECTION] the views
// [SECTION] the step and its question
#include <cmath>
#include <string>
#include <vector>

#include "core/odometer.h"
#include "core/rope.h"
#include "lessons/lesson.h"
#include "lessons/lesson_util.h"
#include "lessons/open_models/open_models_lesson.h"

namespace pelab {
namespace open_models_lesson {

using namespace lessonui;  // shared display helpers (lessons/lesson_util.h)

// [SECTION] the views
namespace {
// The count of pairs (of d/2) whose wavelength 2π/θᵢ fits inside `length` (at least one full turn).
int pairs_with_a_turn(const Eigen::VectorXd& theta, double length) {
    return static_cast<int>(theta.size()) - pairs_short_of_a_turn(theta, length);
}

std::vector<ViewData> two_bases_views(const Inputs& in, Lang lang) {
    const Eigen::VectorXd local = rope_default_inv_freq(in.d, in.local_base);
    const Eigen::VectorXd global = rope_default_inv_freq(in.d, in.global_base);
    const std::vector<double> local_wave = pair_wavelengths(local), global_wave = pair_wavelengths(global);

    CurveView curve;
    for (int i = 0; i < in.d / 2; ++i) curve.x.push_back(i);
    curve.series = {local_wave, global_wave};
    // A whole base is written out (1000000, not 1e+06).
    const auto base_text = [](double b) { return b == std::floor(b) && b < 1e12 ? integer(static_cast<long long>(b)) : num(b); };
    curve.series_labels = {say(lang, {"局部层，底数 {b}", "local layers, base {b}"}, {{"b", base_text(in.local_base)}}),
                           say(lang, {"全局层，底数 {b}", "global layers, base {b}"}, {{"b", base_text(in.global_base)}})};
    curve.x_axis = say(lang, {"频率对 i（0 转得最快）", "frequency pair i (0 turns fastest)"});
    curve.y_axis = say(lang, {"波长 2π/θᵢ（位置数，对数刻度）", "wavelength 2π/θᵢ (positions, log scale)"});
    curve.log_y = true;
    curve.hlines_y = {static_cast<double>(in.window), static_cast<double>(in.context)};
    curve.hline_labels = {say(lang, {"窗口 {w}", "window {w}"}, {{"w", integer(in.window)}}),
                          say(lang, {"上下文 {c}", "context {c}"}, {{"c", integer(in.context)}})};

    const int local_window = pairs_with_a_turn(local, in.window), local_context = pairs_with_a_turn(local, in.context);
    const int global_window = pairs_with_a_turn(global, in.window), global_context = pairs_with_a_turn(global, in.context);
    std::vector<std::string> notes = {
        say(lang, {"同一对 i：全局波长是局部的 (全局底数/局部底数)^(2i/d) 倍，最慢一对 {ratio} 倍。",
                   "Pair i: global wavelength = local × (global base / local base)^(2i/d); {ratio}× for the slowest pair."},
            {{"ratio", num(global_wave.back() / local_wave.back(), 4)}}),
    };

    TableView table;
    table.values = RowMatrix(2, 3);
    table.values << local_wave.back(), local_window, local_context, global_wave.back(), global_window, global_context;
    table.row_labels = {say(lang, {"局部层", "local layers"}), say(lang, {"全局层", "global layers"})};
    table.col_labels = {say(lang, {"最长波长", "longest wavelength"}),
                        say(lang, {"窗口内转满的对", "pairs turning in the window"}),
                        say(lang, {"上下文内转满的对", "pairs turning in the context"})};
    table.corner = say(lang, {"层的类型", "layer type"});
    table.col_decimals = {0, 0, 0};
    // The deciding cell: how many of a global layer's slowest pairs stay longer than the context (one marked row:
    // a second would push the table below the first screen; the local row's count is the first sentence's claim).
    const int pairs = in.d / 2;
    const int global_longer = pairs - global_context;
    table.marks.push_back({1, 2, global_longer > 0,
                           global_longer > 0 ? say(lang, {"{n} 对比上下文还长", "{n} longer than the context"}, {{"n", integer(global_longer)}})
                                             : say(lang, {"全部转满", "all turn"})});

    return {
        make_view(say(lang, {"两种底数下每一对的波长，对比窗口与上下文", "Each pair's wavelength under the two bases, against the window and the context"}),
                  std::move(curve), std::move(notes)),
        make_view(say(lang, {"各有多少对转满一圈", "How many pairs complete a turn"}), std::move(table)),
    };
}

}  // namespace

// [SECTION] the step and its question
Step two_bases() {
    Step s = {
        "two-bases",
        {"Gemma 3：一个模型里的两种底数", "Gemma 3: two bases in one model"},
        {"底数小的局部层，大多数频率对在窗口里就转满一圈；底数大的全局层，把最慢几对的波长拉长到上下文那么长。Gemma 3 交替使用两种注意力层：每 6 层里有 5 层是只看最近 window 个词元的滑动窗口（局部）层，1 层是看完整上下文的全局层"
         "（HF 配置里的 sliding_window_pattern = 6）。两种层的 RoPE [[base]] 不同：局部层用 rope_local_base_freq = 10⁴，"
         "全局层用 rope_theta = 10⁶。局部层只需要分辨窗口里的距离，所以较小的底数就够了，大多数频率对在窗口里就能转满一圈；"
         "全局层要覆盖 128K 的上下文，较大的底数把最慢几对的[[wavelength|波长]]拉长到上下文那么长。"
         "曲线画出每一对在两种底数下的波长，两条水平线是窗口和上下文的长度；波长在某条线以下的对，在那段长度里至少转了一整圈。"
         "发布的 4B、12B、27B 模型在全局层上还做了系数为 8 的线性缩放，这里没有画出。",
         "With a small base most pairs of a local layer turn a full circle within its window; a large base stretches the slowest "
         "pairs of a global layer out to the context. Gemma 3 interleaves two kinds of attention layer: in every 6 layers, 5 are sliding-window (local) layers that see only "
         "the last window tokens and 1 is a global layer that sees the whole context (sliding_window_pattern = 6 in the HF "
         "configuration). The two kinds use different RoPE [[base]]s: the local layers rope_local_base_freq = 10⁴, the global "
         "layers rope_theta = 10⁶. A local layer only has to tell distances apart inside its window, so the smaller base "
         "suffices and most pairs complete a turn there; a global layer serves a 128K context, and the larger base stretches the "
         "slowest pairs' [[wavelength]]s out to that length. The curve shows each pair's wavelength under both bases, with "
         "horizontal lines at the window and the context length; a pair below a line turns at least once within that length. "
         "The released 4B, 12B and 27B models also scale the global layers' positions linearly by 8, which is not drawn here."},
        {"d", "local_base", "global_base", "window", "context"},
        views_of(read_inputs, two_bases_views),
        {{R"tex(\lambda_i=\frac{2\pi}{\theta_i}=2\pi\,b^{2i/d},\qquad b_{\text{局部}}=10^4,\quad b_{\text{全局}}=10^6)tex", R"tex(\lambda_i=\frac{2\pi}{\theta_i}=2\pi\,b^{2i/d},\qquad b_{\text{local}}=10^4,\quad b_{\text{global}}=10^6)tex"},
         {R"tex(\text{第 } i \text{ 对在 } W \text{ 内转满一圈} \iff W\,\theta_i\ge 2\pi)tex", R"tex(\text{pair } i \text{ turns within } W \iff W\,\theta_i\ge 2\pi)tex"}},
    };
    s.questions = {
        {{"同一个频率对 i（i > 0），在局部层（底数 10⁴）和全局层（底数 10⁶）里，哪边的波长更长？",
          "For the same frequency pair i (i > 0), which has the longer wavelength: a local layer (base 10⁴) or a global layer (base 10⁶)?"},
         {{"局部层", "The local layer"},
          {"全局层", "The global layer"},
          {"一样长", "They are equal"}},
         1,
         [](const ParamSet& p, Lang lang) {
             const Inputs in = read_inputs(p);
             const int d = std::max(4, in.d);  // in.d is even (the table)
             const int window = in.window;
             const Eigen::VectorXd local = rope_default_inv_freq(d, 1e4), global = rope_default_inv_freq(d, 1e6);
             const std::vector<double> lw = pair_wavelengths(local), gw = pair_wavelengths(global);
             return say(lang,
                        {"λᵢ = 2π·b^(2i/d) 随底数 b 增大。d = {d} 时最慢一对在局部层是 {l} 个位置，在全局层是 {g} 个位置；"
                         "窗口 {w} 内局部层有 {lc} 对转满一圈，全局层只有 {gc} 对。",
                         "λᵢ = 2π·b^(2i/d) grows with the base b. With d = {d} the slowest pair spans {l} positions in a "
                         "local layer and {g} in a global one; inside the window of {w}, {lc} local pairs complete a turn "
                         "but only {gc} global pairs do."},
                        {{"d", integer(d)}, {"l", num(lw.back(), 4)}, {"g", num(gw.back(), 4)}, {"w", integer(window)},
                         {"lc", integer(d / 2 - pairs_short_of_a_turn(local, window))},
                         {"gc", integer(d / 2 - pairs_short_of_a_turn(global, window))}});
         }},
    };
    return s;
}

}  // namespace open_models_lesson
}  // namespace pelab
