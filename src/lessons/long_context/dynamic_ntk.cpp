// PE Lab — lessons/long_context/dynamic_ntk.cpp
// Lesson "long-context", step "dynamic-ntk": dynamic NTK, the base recomputed from the current sequence
// length and unchanged up to the training length (HF modeling_rope_utils through core/rope_scaling); the
// bracket at s·L is step "dynamic-ntk-bracket".
// Comments are English only: the font subset is built from the characters inside .cpp string literals.
//
// [SECTION] views
// [SECTION] the step and its questions
#include <algorithm>
#include <cmath>

#include "core/rope.h"
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

    const std::string note =
        say(lang, {"seq_len ≤ L 时底数保持 {base}（公式括号内为 1）；seq_len = {seq} 时底数 = {now}。",
                   "For seq_len ≤ L the base stays {base} (the bracket equals 1); at seq_len = {seq} the base is {now}."},
            {{"base", num(in.base)}, {"seq", integer(in.seq_len)},
             {"now", num(rope_dynamic_base(in.base, in.d, in.factor, in.L, in.seq_len))}});
    return {make_view(say(lang, {"动态 NTK 的底数随序列长度变化（log₁₀）", "Dynamic NTK base against sequence length (log₁₀)"}), curve,
                      {note})};
}

// [SECTION] the step and its questions
Step dynamic_ntk() {
    Step s = {
        "dynamic-ntk",
        {"动态 NTK", "Dynamic NTK"},
        {"动态 NTK 在训练长度以内什么都不改，超过之后才随序列长度放大底数。"
         "它按当前序列长度重新计算 NTK 的底数，与 HF 的 _compute_dynamic_ntk_parameters 一致："
         "base·((s·seq/L) − (s − 1))^(d/(d−2))，其中 seq = max(seq_len, L)，所以 seq ≤ L 时括号等于 1。曲线是底数（log₁₀）随 seq_len 的变化。",
         "Dynamic NTK changes nothing up to the training length and enlarges the base with the sequence length "
         "only beyond it. It recomputes NTK's base from the current sequence length, as HF's "
         "_compute_dynamic_ntk_parameters does: base·((s·seq/L) − (s − 1))^(d/(d−2)) with seq = max(seq_len, L), so "
         "the bracket is 1 for seq ≤ L. The curve is the base (log₁₀) against seq_len."},
        {"d", "base", "original_max", "factor", "seq_len"},
        views_of(read_inputs, dynamic_ntk_views),
        {R"tex(\mathrm{base}'=\mathrm{base}\cdot\Bigl(\frac{s\cdot\mathrm{seq\_len}}{L}-(s-1)\Bigr)^{d/(d-2)})tex"},
    };
    s.questions = {
        {{"动态 NTK 在序列不超过训练长度时做什么？",
          "What does dynamic NTK do while the sequence is no longer than the training length?"},
         {{"什么都不改：base 保持原值", "Nothing: the base stays as it is"},
          {"把 base 放大 s 倍", "It multiplies the base by s"},
          {"把 base 缩小", "It shrinks the base"}},
         0,
         [](const ParamSet& p, Lang lang) {
             const Inputs in = read_inputs(p);
             const double within = rope_dynamic_base(in.base, in.d, in.factor, in.L, in.L);
             const double now = rope_dynamic_base(in.base, in.d, in.factor, in.L, in.seq_len);
             return say(lang,
                        {"HF 取 seq = max(seq_len, L)，括号 (s·seq/L) − (s − 1) 在 seq = L = {L} 时等于 1，base 仍是 {within}。"
                         "当前 seq_len = {seq}：base = {now}。",
                         "HF takes seq = max(seq_len, L); the bracket (s·seq/L) − (s − 1) is 1 at seq = L = {L}, so the "
                         "base stays {within}. At the current seq_len = {seq}: base = {now}."},
                        {{"L", integer(in.L)}, {"within", num(within)}, {"seq", integer(in.seq_len)},
                         {"now", num(now)}});
         }},
    };
    return s;
}

}  // namespace long_context
}  // namespace pelab
