// PE Lab — lessons/long_context/dynamic_ntk.cpp
// Lesson "long-context", step "dynamic-ntk": dynamic NTK, the base recomputed from the current sequence
// length and unchanged up to the training length (HF modeling_rope_utils through core/rope_scaling).
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
    const int pairs = in.d / 2;
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

    TableView table;
    const std::vector<double> seqs = {in.L / 2.0, static_cast<double>(in.L), 1.5 * in.L, 2.0 * in.L,
                                      in.factor * in.L, static_cast<double>(in.seq_len)};
    table.values.resize(static_cast<Eigen::Index>(seqs.size()), 4);
    const Eigen::VectorXd theta = rope_default_inv_freq(in.d, in.base);
    for (std::size_t r = 0; r < seqs.size(); ++r) {
        const int seq = static_cast<int>(std::lround(seqs[r]));
        const double b = rope_dynamic_base(in.base, in.d, in.factor, in.L, seq);
        const Eigen::VectorXd th = rope_default_inv_freq(in.d, b);
        const double last = th(pairs - 1) / theta(pairs - 1);
        table.values.row(static_cast<Eigen::Index>(r)) << seq, b, last, static_cast<double>(seq) / in.L * last;
    }
    table.row_labels = {"L/2", "L", "1.5·L", "2·L", "s·L", "seq_len"};
    table.col_labels = {"seq_len", say(lang, {"底数", "base"}), say(lang, {"最后一对 θ′/θ", "last pair θ′/θ"}),
                        say(lang, {"最后一对 seq_len·θ′/(L·θ)", "last pair seq_len·θ′/(L·θ)"})};
    table.col_decimals = {0, -1, -1, -1};
    table.decimals = 6;
    const double at_sl = rope_dynamic_base(in.base, in.d, in.factor, in.L, static_cast<int>(std::lround(in.factor * in.L)));
    const std::vector<std::string> notes = {
        say(lang, {"seq_len ≤ L 时底数保持 {base}（公式括号内为 1）。", "For seq_len ≤ L the base stays {base} (the bracket equals 1)."},
            {{"base", num(in.base)}}),
        say(lang, {"seq_len = s·L 时括号是 s² − s + 1 = {bracket} 而不是 s = {s}：底数 = {dyn}，而静态 NTK 的底数 = {ntk}。"
                   "最慢的一对因此被除以 {bracket} 而不是 s，在这个长度上只用到训练时角度范围的 s/(s² − s + 1) = {used}，"
                   "静态 NTK 恰好用满（1）：在目标长度上，动态 NTK 压缩得比 s 要求的更多。",
                   "At seq_len = s·L the bracket is s² − s + 1 = {bracket}, not s = {s}: the base is {dyn}, while static "
                   "NTK's is {ntk}. The slowest pair is therefore divided by {bracket} instead of s and, at that length, "
                   "uses only s/(s² − s + 1) = {used} of its training angle range, where static NTK uses exactly all of "
                   "it (1): at the target length dynamic NTK compresses more than s asks for."},
            {{"bracket", num(in.factor * in.factor - in.factor + 1)}, {"s", num(in.factor)}, {"dyn", num(at_sl)},
             {"ntk", num(rope_ntk_base(in.base, in.d, in.factor))},
             {"used", num(in.factor / (in.factor * in.factor - in.factor + 1), 4)}}),
        say(lang, {"一般地，最慢一对的比值是 (seq/L)/(s·seq/L − s + 1)，因为 (s − 1)(seq/L − 1) ≥ 0 它永远不超过 1："
                   "动态 NTK 在任何长度下都不会让最慢的一对转到没见过的角度。括号等于 s（与静态 NTK 相同的底数）时 seq = (2 − 1/s)·L = {match}。",
                   "In general the slowest pair's ratio is (seq/L)/(s·seq/L − s + 1), never above 1 because "
                   "(s − 1)(seq/L − 1) ≥ 0: at no length does dynamic NTK take the slowest pair to an unseen angle. The "
                   "bracket equals s (the static NTK base) at seq = (2 − 1/s)·L = {match}."},
            {{"match", num((2.0 - 1.0 / in.factor) * in.L)}}),
    };
    return {make_view(say(lang, {"动态 NTK 的底数随序列长度变化（log₁₀）", "Dynamic NTK base against sequence length (log₁₀)"}), curve),
            make_view(say(lang, {"几个序列长度下的底数", "The base at a few sequence lengths"}), table, notes)};
}

// [SECTION] the step and its questions
Step dynamic_ntk() {
    Step s = {
        "dynamic-ntk",
        {"动态 NTK", "Dynamic NTK"},
        {"动态 NTK 按当前序列长度重新计算底数，与 HF 的 _compute_dynamic_ntk_parameters 一致："
         "base·((s·seq/L) − (s − 1))^(d/(d−2))，其中 seq = max(seq_len, L)。在训练长度以内括号等于 1，什么都不变；"
         "超过之后底数随长度增长。在 seq_len = s·L 处括号是 s² − s + 1 而不是 s，所以它并不等于静态 NTK 的底数："
         "最慢的一对被压缩得比 s 要求的更多。注释用当前参数算出两者。",
         "Dynamic NTK recomputes the base from the current sequence length, as HF's "
         "_compute_dynamic_ntk_parameters does: base·((s·seq/L) − (s − 1))^(d/(d−2)) with seq = max(seq_len, L). Up "
         "to the training length the bracket is 1 and nothing changes; beyond it the base grows with the length. "
         "At seq_len = s·L the bracket is s² − s + 1, not s, so the base is not static NTK's: the slowest pair is "
         "compressed more than s asks for. The notes compute both for the current parameters."},
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
