// PE Lab — lessons/open_models/two_bases.cpp
// Step "two-bases" of lesson "open-models": two RoPE bases in one model (Gemma 3: sliding-window layers with
// rope_local_base_freq, global layers with rope_theta), each pair's wavelength against the window and the
// context. Its question (a prediction): which base gives the longer wavelengths. Every number shown comes from core (rope.h,
// odometer.h).
// Comments are English only: the font subset is built from the characters inside .cpp string literals.
//
// [SECTION] the views
// [SECTION] the step and its question
#include <cmath>
#include <string>
#include <vector>

#include "core/rope/odometer.h"
#include "core/rope/rope.h"
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
        {"Gemma 3：两种底数", "Gemma 3: two bases"},
        {"Gemma 3 27B 交替使用两种注意力层：大多数是只看最近 L_w 个词元的[[sliding-window|滑动窗口]]（局部）层，每 6 层有 1 层看完整上下文（全局层），两种层的 RoPE [[base|底数]]不同。"
         "局部层只需要分辨窗口里的距离，全局层要分辨整个上下文里的距离。"
         "曲线画出每一对在两种底数下的[[wavelength|波长]]，两条水平线是窗口和上下文的长度；波长在某条线以下的对，在那段长度里至少转了一整圈。"
         "Gemma 3 27B 还把全局层的位置按一个倍数线性缩放（见[[lesson:open-models/presets-scaled|已发布模型表]]），这里没有画出。"
         "（Hugging Face：`rope_local_base_freq` 即局部层底数，`rope_theta` 即全局层底数，`sliding_window_pattern` = 6 即每 6 层一个全局层。）",
         "Gemma 3 27B interleaves two kinds of attention layer: most are [[sliding-window]] (local) layers that see only the last "
         "L_w tokens, one in six sees the whole context (global), and the two kinds use different RoPE [[base]]s. A local layer "
         "only has to tell distances apart inside its window, a global layer across the whole context. The curve shows each "
         "pair's [[wavelength]] under both bases, with lines at the window and the context length; a pair below a line turns "
         "at least once within that length. Gemma 3 27B also scales the global layers' positions linearly by a factor (see the "
         "[[lesson:open-models/presets-scaled|table of released models]]), not drawn here. (Hugging Face: `rope_local_base_freq` is the "
         "local base, `rope_theta` the global base, `sliding_window_pattern` = 6 one global layer in every 6.)"},
        {"d", "local_base", "global_base", "window", "context"},
        views_of(read_inputs, two_bases_views),
        {{R"tex(\lambda_i=\frac{2\pi}{\theta_i}=2\pi\,b^{2i/d},\qquad b_{\text{局部}}=10^4,\quad b_{\text{全局}}=10^6)tex", R"tex(\lambda_i=\frac{2\pi}{\theta_i}=2\pi\,b^{2i/d},\qquad b_{\text{local}}=10^4,\quad b_{\text{global}}=10^6)tex"},
         {R"tex(\text{在 } L_w \text{ 内转满一圈} \iff \lambda_i\le L_w)tex", R"tex(\text{turns within } L_w \iff \lambda_i\le L_w)tex"}},
    };
    s.takeaway = {"局部层只看最近 {w} 个词元、全局层看全部 {c} 个，所以全局底数更大：最慢一对长 {ratio} 倍；局部层 {lw}/{pairs} 对在窗口内转满。",
                  "Local layers see only the last {w} tokens, global ones all {c}, so the global base is larger: its slowest pair is "
                  "{ratio}× longer; {lw} of {pairs} local pairs turn within the window."};
    s.takeaway_args = args_of(read_inputs, +[](const Inputs& in, Lang) {
        const Eigen::VectorXd local = rope_default_inv_freq(in.d, in.local_base), global = rope_default_inv_freq(in.d, in.global_base);
        const std::vector<double> lw = pair_wavelengths(local), gw = pair_wavelengths(global);
        return std::vector<Arg>{{"ratio", num(gw.back() / lw.back(), 4)}, {"c", integer(in.context)}, {"w", integer(in.window)},
                                {"lw", integer(pairs_with_a_turn(local, in.window))}, {"pairs", integer(in.d / 2)}};
    });
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
    s.questions[0].predict = true;  // asked before the figure: covered until answered
    return s;
}

}  // namespace open_models_lesson
}  // namespace pelab
