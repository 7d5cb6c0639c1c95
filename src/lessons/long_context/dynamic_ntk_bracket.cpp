// PE Lab — lessons/long_context/dynamic_ntk_bracket.cpp
// Lesson "long-context", step "dynamic-ntk-bracket": dynamic NTK's bracket at a few sequence lengths — at
// s·L it is s² − s + 1, not s, so the slowest pair is compressed more than s asks for and never reaches an
// unseen angle.
// Comments are English only: the font subset is built from the characters inside .cpp string literals.
//
// [SECTION] views
// [SECTION] the step
#include <cmath>

#include "core/rope/rope.h"
#include "lessons/lesson_util.h"
#include "lessons/long_context/long_context.h"

namespace pelab {
namespace long_context {

using namespace lessonui;

// [SECTION] views
static std::vector<ViewData> dynamic_ntk_bracket_views(const Inputs& in, Lang lang) {
    const int pairs = in.d / 2;
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
    table.col_decimals = {0, 1, -1, -1};
    table.decimals = 4;
    // The deciding cell: at s·L the slowest pair uses less than its whole training range (1 would be static NTK).
    const Eigen::Index at_target = 4;
    if (table.values(at_target, 3) < 1.0 - 1e-9)
        table.marks.push_back({static_cast<int>(at_target), 3, false, say(lang, {"压缩过度", "over-compressed"})});
    const double at_sl = rope_dynamic_base(in.base, in.d, in.factor, in.L, static_cast<int>(std::lround(in.factor * in.L)));
    const std::vector<std::string> notes = {
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
        say(lang, {"seq_len ≥ L 时，最慢一对的比值 (seq_len/L)/(s·seq_len/L − s + 1) 因 (s − 1)(seq_len/L − 1) ≥ 0 不会超过 1："
                   "动态 NTK 在任何长度下都不会让最慢的一对转到没见过的角度。括号等于 s（与静态 NTK 相同的底数）时 seq_len = (2 − 1/s)·L = {match}。",
                   "For seq_len ≥ L the slowest pair's ratio is (seq_len/L)/(s·seq_len/L − s + 1), never above 1 because "
                   "(s − 1)(seq_len/L − 1) ≥ 0: at no length does dynamic NTK take the slowest pair to an unseen angle. The "
                   "bracket equals s (the static NTK base) at seq_len = (2 − 1/s)·L = {match}."},
            {{"match", num((2.0 - 1.0 / in.factor) * in.L)}}),
    };
    return {make_view(say(lang, {"几个序列长度下的底数", "The base at a few sequence lengths"}), table, notes)};
}

// [SECTION] the step
Step dynamic_ntk_bracket() {
    Step s = {
        "dynamic-ntk-bracket",
        {"动态 NTK 在 s·L 处压缩过度", "Dynamic NTK over-compresses at s·L"},
        {"表格列出几个序列长度下动态 NTK 的底数和最慢一对的两个比值：θ′/θ，以及 seq_len·θ′/(L·θ)（不超过 1 就没有新角度）。"
         "注释用当前参数算出动态与静态 NTK 的底数。",
         "The table lists dynamic NTK's base at a few sequence lengths and the slowest pair's two ratios: θ′/θ and "
         "seq_len·θ′/(L·θ) (at most 1 means no new angle). The notes compute dynamic and static NTK's bases for the "
         "current parameters."},
        {"d", "base", "original_max", "factor", "seq_len"},
        views_of(read_inputs, dynamic_ntk_bracket_views),
        {R"tex(\Bigl(\frac{s\cdot sL}{L}-(s-1)\Bigr)=s^2-s+1,\qquad \frac{\mathrm{seq\_len}/L}{s\,\mathrm{seq\_len}/L-s+1}\le 1)tex"},
    };
    s.takeaway = {"seq_len = s·L 时括号是 s² − s + 1 = {bracket} 而非 s = {s}：最慢一对除以 {bracket}，只用训练角度的 {used}，压缩过度。",
                  "At seq_len = s·L the bracket is s² − s + 1 = {bracket}, not s = {s}: the slowest pair is divided by {bracket} "
                  "and uses only {used} of its trained angles, more compression than s asks for."};
    s.takeaway_args = args_of(read_inputs, +[](const Inputs& in, Lang) {
        const double bracket = in.factor * in.factor - in.factor + 1;
        return std::vector<Arg>{{"bracket", num(bracket)}, {"s", num(in.factor)}, {"used", num(in.factor / bracket, 3)}};
    });
    return s;
}

}  // namespace long_context
}  // namespace pelab
