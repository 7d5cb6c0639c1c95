// PE Lab — lessons/long_context/ntk_aware.cpp
// Lesson "long-context", step "ntk-aware": NTK-aware scaling, a larger base that divides the slowest pair by
// the full s and leaves the fastest almost as it was (HF modeling_rope_utils through core/rope_scaling).
// Comments are English only: the font subset is built from the characters inside .cpp string literals.
//
// [SECTION] views
// [SECTION] the step and its questions
#include <cmath>

#include "core/long_context.h"
#include "lessons/lesson_util.h"
#include "lessons/long_context/long_context.h"

namespace pelab {
namespace long_context {

using namespace lessonui;

// [SECTION] views
static std::vector<ViewData> ntk_aware_views(const Inputs& in, Lang lang) {
    const Eigen::VectorXd theta = scaled(in, RopeScaling::none).inv_freq;
    const RopeScalingResult ntk = scaled(in, RopeScaling::ntk);
    const Eigen::VectorXd pi = scaled(in, RopeScaling::linear).inv_freq;
    const int pairs = in.d / 2;
    CurveView curve;
    curve.y_axis = "θ′ᵢ/θᵢ";
    curve.x_axis = say(lang, {"对 i", "pair i"});
    curve.x = pair_axis(pairs);
    curve.series = {ratio_series(ntk.inv_freq, theta), ratio_series(pi, theta)};
    curve.series_labels = {"NTK: base·s^(d/(d−2))", "PI: 1/s"};
    const double first = ntk.inv_freq(0) / theta(0), last = ntk.inv_freq(pairs - 1) / theta(pairs - 1);
    const double gap = std::fabs(last - 1.0 / in.factor);
    std::vector<std::string> curve_notes = {
        say(lang, {"新底数 base′ = {nb} = {base} · {s}^({d}/{d2})", "New base base′ = {nb} = {base} · {s}^({d}/{d2})"},
            {{"nb", num(ntk.effective_base)}, {"base", num(in.base)}, {"s", num(in.factor)}, {"d", integer(in.d)},
             {"d2", integer(in.d - 2)}}),
        say_error(lang, {"第 0 对的因子 = {first}；最后一对的因子 = {last}，1/s = {inv}；差 = {err}{hint}",
                   "Factor of pair 0 = {first}; factor of the last pair = {last}, 1/s = {inv}; difference = {err}{hint}"}, gap, {{"first", num(first, 12)}, {"last", num(last, 12)}, {"inv", num(1.0 / in.factor, 12)}}),
    };

    const Eigen::VectorXd ratio = rope_angle_range_ratio(theta, ntk.inv_freq, in.L, in.seq_len);
    int slow = 0, first_within = -1;
    for (int i = 0; i < pairs; ++i) {
        if (rope_pair_turned_in_training(theta(i), in.L)) continue;
        ++slow;
        if (first_within < 0 && ratio(i) <= 1.0 + 1e-9) first_within = i;
    }
    const int ntk_beyond = rope_pairs_beyond_training_angles(theta, ntk.inv_freq, in.L, in.seq_len);
    const int pi_beyond = rope_pairs_beyond_training_angles(theta, pi, in.L, in.seq_len);
    curve_notes.push_back(say(
        lang,
        {"在 seq_len = {seq}、L = {L} 时：训练中没转满一圈的对（λᵢ > L）有 {slow} 对，其中 {ntk} 对在 NTK 下仍转过训练时的最大角度"
         "（seq_len·θ′ᵢ/(L·θᵢ) > 1），PI 下是 {pi} 对。NTK 下比值从第 {first} 对起才不超过 1；最后一对的比值是 {last}。",
         "At seq_len = {seq} and L = {L}: {slow} pairs never completed a turn in training (λᵢ > L); under NTK {ntk} "
         "of them still turn past their largest training angle (seq_len·θ′ᵢ/(L·θᵢ) > 1), under PI {pi}. Under NTK "
         "the ratio stays at or below 1 only from pair {first} on; the last pair's ratio is {last}."},
        {{"seq", integer(in.seq_len)}, {"L", integer(in.L)}, {"slow", integer(slow)}, {"ntk", integer(ntk_beyond)},
         {"pi", integer(pi_beyond)}, {"first", first_within < 0 ? say(lang, {"（无）", "(none)"}) : integer(first_within)},
         {"last", num(ratio(pairs - 1), 4)}}));

    TableView table;
    table.values.resize(pairs, 3);
    for (int i = 0; i < pairs; ++i) {
        table.values.row(i) << theta(i), ntk.inv_freq(i), ntk.inv_freq(i) / theta(i);
        table.row_labels.push_back(pair_label(i, lang));
    }
    table.col_labels = {"θᵢ", "θ′ᵢ (NTK)", "θ′ᵢ/θᵢ"};
    table.decimals = 6;
    table.corner = say(lang, {"对", "pair"});
    const std::string table_note =
        say(lang, {"因子为 s^(−2i/(d−2))：从 1 几何地降到 1/s。", "The factor is s^(−2i/(d−2)): from 1 down to 1/s, geometrically."});
    return {make_view(say(lang, {"每对的缩放因子 θ′ᵢ/θᵢ：NTK 与 PI", "Per-pair scale factor θ′ᵢ/θᵢ: NTK and PI"}), curve, curve_notes),
            make_view(say(lang, {"NTK 下的频率", "Frequencies under NTK"}), table, {table_note})};
}

// [SECTION] the step and its questions
Step ntk_aware() {
    Step s = {
        "ntk-aware",
        {"NTK 感知缩放", "NTK-aware scaling"},
        {"NTK 感知缩放不把每个频率都除以 s，而是放大底数：base′ = base·s^(d/(d−2))。第 i 对于是慢了 s^(−2i/(d−2)) 倍："
         "最快的一对（i = 0）恰好不变，只有最慢的一对（i = d/2 − 1）恰好除以 s，中间按几何级数过渡。高频保留局部细节；"
         "但低频并不像 PI 那样整体插值：除最后一对外，每一对都比 PI 下转得快，所以在目标长度上，"
         "许多训练中没转满一圈的对仍会转到没见过的角度。注释给出算出的对数。",
         "Instead of dividing every frequency by s, NTK-aware scaling enlarges the base: base′ = base·s^(d/(d−2)). "
         "With θᵢ = base^(−2i/d), pair i is then multiplied by s^(−2i/(d−2)): exactly 1 for the fastest pair "
         "(i = 0) and exactly 1/s only for the slowest (i = d/2 − 1), with a geometric transition in between. High "
         "frequencies keep their local detail, but the slow pairs are not interpolated as in PI: every pair but "
         "the last turns faster than under PI, so at the target length many pairs that never completed a turn "
         "in training still reach angles never seen. The notes count them."},
        {"d", "base", "factor", "original_max", "seq_len"},
        views_of(read_inputs, ntk_aware_views),
        {R"tex(\mathrm{base}'=\mathrm{base}\cdot s^{d/(d-2)},\qquad \theta'_i=\mathrm{base}'^{\,-2i/d})tex"},
    };
    s.questions = {
        {{"NTK-aware 缩放放大 base。扩展倍数 s > 1 时，哪一对的频率正好被除以完整的 s？",
          "NTK-aware scaling enlarges the base. With an extension factor s > 1, which pair is divided by exactly the full s?"},
         {{"每一对", "Every pair"},
          {"第 0 对，最快的那对", "Pair 0, the fastest"},
          {"只有最后一对，最慢的那对", "Only the last pair, the slowest"}},
         2,
         [](const ParamSet& p, Lang lang) {
             const Inputs in = read_inputs(p);
             const Eigen::VectorXd plain = scaled(in, RopeScaling::none).inv_freq;
             const RopeScalingResult ntk = scaled(in, RopeScaling::ntk);
             const Eigen::Index last = plain.size() - 1;
             return say(lang,
                        {"base′ = base·s^(d/(d−2)) = {base}。第 i 对乘以 s^(−2i/(d−2))：第 0 对的比例是 {first}，"
                         "最后一对是 {last}，而 1/s = {inverse}；中间各对按几何级数过渡。",
                         "base′ = base·s^(d/(d−2)) = {base}. Pair i is multiplied by s^(−2i/(d−2)): pair 0's ratio is "
                         "{first}, the last pair's {last}, and 1/s = {inverse}; the pairs between follow a geometric "
                         "transition."},
                        {{"base", num(ntk.effective_base)}, {"first", num(ntk.inv_freq(0) / plain(0))},
                         {"last", num(ntk.inv_freq(last) / plain(last))}, {"inverse", num(1.0 / in.factor)}});
         }},
    };
    return s;
}

}  // namespace long_context
}  // namespace pelab
