// PE Lab — lessons/long_context/dynamic_ntk.cpp
// Lesson "long-context", step "dynamic-ntk": dynamic NTK, the base recomputed from the current sequence
// length and unchanged up to the training length (Hugging Face transformers' modeling_rope_utils through
// core/rope/rope_scaling), and the prediction of what it does up to L; the bracket at s·L is step "dynamic-ntk-bracket".
// Comments are English only: the font subset is built from the characters inside .cpp string literals.
//
// [SECTION] views
// [SECTION] the step and its questions
#include <algorithm>
#include <cmath>

#include "core/rope/rope.h"
#include "lessons/lesson_util.h"
#include "lessons/long_context/long_context.h"

namespace pelab {
namespace long_context {

using namespace lessonui;

// [SECTION] views
static std::vector<ViewData> dynamic_ntk_views(const Inputs& in, Lang lang) {
    CurveView curve;
    curve.y_axis = "log₁₀ base(seq_len)";
    curve.x_axis = "seq_len";
    const double span = std::max(4.0 * in.L, 1.25 * in.seq_len);
    std::vector<double> y;
    for (int s = 0; s <= 400; ++s) {
        const double seq = std::max(1.0, span * s / 400);
        curve.x.push_back(seq);
        y.push_back(std::log10(rope_dynamic_base(in.base, in.d, in.factor, in.L, static_cast<int>(std::lround(seq)))));
    }
    curve.series = {y};
    curve.series_labels = {say(lang, {"动态 NTK", "dynamic NTK"})};
    curve.vlines_x = {static_cast<double>(in.L), static_cast<double>(in.seq_len)};
    curve.vline_labels = {"L", "seq_len"};

    const std::vector<std::string> notes = {
        say(lang, {"seq_len ≤ L 时底数保持 {base}（公式括号内为 1）；seq_len = {seq} 时底数 = {now}。",
                   "For seq_len ≤ L the base stays {base} (the bracket equals 1); at seq_len = {seq} the base is {now}."},
            {{"base", num(in.base)}, {"seq", integer(in.seq_len)},
             {"now", num(rope_dynamic_base(in.base, in.d, in.factor, in.L, in.seq_len))}}),
        say(lang, {"（Hugging Face transformers：`_compute_dynamic_ntk_parameters`，取 seq = max(seq_len, L)。）",
                   "(Hugging Face transformers: `_compute_dynamic_ntk_parameters`, with seq = max(seq_len, L).)"}),
    };
    return {make_view(say(lang, {"动态 NTK 的底数随序列长度变化（log₁₀）", "Dynamic NTK base against sequence length (log₁₀)"}), curve,
                      notes)};
}

// [SECTION] the step and its questions
Step dynamic_ntk() {
    Step s = {
        "dynamic-ntk",
        {"动态 NTK", "Dynamic NTK"},
        {"动态 NTK 按当前序列长度 seq_len 重新计算 NTK 的底数：base·((s·seq/L) − (s − 1))^(d/(d−2))，其中 seq = max(seq_len, L)。"
         "曲线是底数（log₁₀）随 seq_len 的变化，竖线是 L 和当前的 seq_len。长度实验室把它用在训练好的小模型上（[[lesson:length-lab/remedies-at-test-time|测试时的补救]]）。",
         "Dynamic NTK recomputes NTK's base from the current sequence length seq_len: "
         "base·((s·seq/L) − (s − 1))^(d/(d−2)) with seq = max(seq_len, L). The curve is the base (log₁₀) against "
         "seq_len, with L and the current seq_len as vertical lines. The length lab applies it to a trained model ([[lesson:length-lab/remedies-at-test-time|remedies at test time]])."},
        {"d", "base", "original_max", "factor", "seq_len"},
        views_of(read_inputs, dynamic_ntk_views),
        {R"tex(\mathrm{base}'=\mathrm{base}\cdot\Bigl(\frac{s\cdot\mathrm{seq}}{L}-(s-1)\Bigr)^{d/(d-2)},\qquad \mathrm{seq}=\max(\mathrm{seq\_len},L))tex"},
    };
    s.takeaway = {"序列长度 seq_len ≤ L 时括号为 1，底数保持 {base}，模型与训练时一样；超过 L 才放大，seq_len = {seq} 时为 {now}。",
                  "While the sequence length seq_len ≤ L the bracket is 1, so the base stays {base} and the model is exactly as "
                  "trained; only beyond L does it grow, to {now} at seq_len = {seq}."};
    s.takeaway_args = args_of(read_inputs, +[](const Inputs& in, Lang) {
        return std::vector<Arg>{{"base", num(in.base)}, {"seq", integer(in.seq_len)},
                                {"now", num(rope_dynamic_base(in.base, in.d, in.factor, in.L, in.seq_len))}};
    });
    s.questions = {
        {{"动态 NTK 在序列不超过训练长度时做什么？",
          "What does dynamic NTK do while the sequence is no longer than the training length?"},
         {{"保持 base 不变", "It keeps the base"},
          {"把 base 放大 s 倍", "It multiplies the base by s"},
          {"把 base 缩小", "It shrinks the base"}},
         0,
         [](const ParamSet& p, Lang lang) {
             const Inputs in = read_inputs(p);
             const double within = rope_dynamic_base(in.base, in.d, in.factor, in.L, in.L);
             const double now = rope_dynamic_base(in.base, in.d, in.factor, in.L, in.seq_len);
             return say(lang,
                        {"取 seq = max(seq_len, L)，括号 (s·seq/L) − (s − 1) 在 seq = L = {L} 时等于 1，base 仍是 {within}。"
                         "当前 seq_len = {seq}：base = {now}。",
                         "With seq = max(seq_len, L), the bracket (s·seq/L) − (s − 1) is 1 at seq = L = {L}, so the "
                         "base stays {within}. At the current seq_len = {seq}: base = {now}."},
                        {{"L", integer(in.L)}, {"within", num(within)}, {"seq", integer(in.seq_len)},
                         {"now", num(now)}});
         }},
    };
    s.questions[0].predict = true;
    return s;
}

}  // namespace long_context
}  // namespace pelab
