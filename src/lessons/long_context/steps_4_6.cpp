// PE Lab — lessons/long_context/steps_4_6.cpp
// Steps 4–6 of "long-context": position interpolation, NTK-aware scaling and dynamic NTK, each against the
// unscaled frequencies (HF modeling_rope_utils through core/rope_scaling). Each step: its views, then its
// title, prose and parameters.
// Comments are English only: the font subset is built from the characters inside the .cpp strings.
//
// [SECTION] step 4: position interpolation
// [SECTION] step 5: NTK-aware scaling
// [SECTION] step 6: dynamic NTK
#include <algorithm>
#include <cmath>

#include "core/long_context.h"
#include "core/rope.h"
#include "lessons/lesson_util.h"
#include "lessons/long_context/long_context.h"

namespace pelab {
namespace long_context {

using namespace lessonui;

// [SECTION] step 4: position interpolation
static std::vector<ViewData> position_interpolation_views(const Inputs& in, Lang lang) {
    const Eigen::VectorXd theta = scaled(in, RopeScaling::none).inv_freq;
    const Eigen::VectorXd pi = scaled(in, RopeScaling::linear).inv_freq;
    const int pairs = in.d / 2, last = pairs - 1;
    CurveView curve;
    curve.y_axis = say(lang, {"转角 mθ（弧度）", "angle mθ (radians)"});
    curve.x_axis = say(lang, {"位置 m", "position m"});
    const double span = in.factor * in.L;
    std::vector<double> a, b;
    for (int s = 0; s <= 400; ++s) {
        const double m = span * s / 400;
        curve.x.push_back(m);
        a.push_back(m * theta(last));
        b.push_back(m * pi(last));
    }
    curve.series = {a, b};
    curve.series_labels = {say(lang, {"原始 θ", "original θ"}), "PI: θ/s"};
    curve.vlines_x = {static_cast<double>(in.L), span};
    curve.vline_labels = {"L", "s·L"};
    const std::string curve_note =
        say(lang, {"训练中最大转角 θ·(L−1) = {trained}；PI 下 s·L 个位置的最大转角 = {pi}",
                   "Largest angle in training θ·(L−1) = {trained}; under PI over s·L positions = {pi}"},
            {{"trained", num(theta(last) * (in.L - 1))}, {"pi", num(pi(last) * (in.factor * in.L - 1))}});

    TableView table;
    std::vector<int> rows = {0, 1, pairs / 4, pairs / 2, last};
    rows.erase(std::unique(rows.begin(), rows.end()), rows.end());
    table.values.resize(static_cast<Eigen::Index>(rows.size()), 4);
    for (std::size_t r = 0; r < rows.size(); ++r) {
        const int i = rows[r];
        table.values.row(static_cast<Eigen::Index>(r)) << theta(i), pi(i), 2 * kPi / theta(i), 2 * kPi / pi(i);
        table.row_labels.push_back(pair_label(i, lang));
    }
    table.col_labels = {say(lang, {"原始 θᵢ", "original θᵢ"}), "θᵢ/s", say(lang, {"原始波长", "original wavelength"}),
                        say(lang, {"PI 波长", "PI wavelength"})};
    table.decimals = 5;
    table.corner = say(lang, {"对", "pair"});
    const std::string table_note =
        say(lang, {"s = {s}：每一对都慢了 s 倍，包括负责局部细节的第 0 对（相邻位置角度差从 {from} 变为 {to}）。",
                   "s = {s}: every pair slows by s, including pair 0 that carries local detail (neighbour angle from {from} to {to})."},
            {{"s", num(in.factor)}, {"from", num(theta(0))}, {"to", num(pi(0))}});
    return {make_view(say(lang, {"最慢一对的转角：原始与 PI", "Angle of the slowest pair: original and PI"}), curve, {curve_note}),
            make_view(say(lang, {"PI 的代价：相邻位置的角度差", "The cost of PI: angle between neighbouring positions"}), table,
                      {table_note})};
}

Step position_interpolation() {
    return {
        "position-interpolation",
        {"位置插值（PI）", "Position interpolation (PI)"},
        {"[[position-interpolation|位置插值]]先把每个位置除以 s 再旋转；HF 把它写成 θᵢ/s，乘积相同。于是长 s 倍的序列正好覆盖训练时见过的角度范围，"
         "不会出现新角度。代价落在近处：相邻位置只差 θᵢ/s，负责局部细节的快对和慢对被压缩得一样多。",
         "[[position-interpolation|Position interpolation]] divides every position by s before rotating; HF applies it as θᵢ/s, which gives "
         "the same product. A sequence s times longer then covers exactly the range of angles seen in training, so "
         "nothing is new. The price is paid at short range: neighbouring positions now differ by θᵢ/s, and the fast "
         "pairs that carry local detail are squeezed as much as the slow ones."},
        {"d", "base", "original_max", "factor"},
        views_of(read_inputs, position_interpolation_views),
        {R"tex(\theta'_i=\frac{\theta_i}{s},\qquad m\,\theta'_i=\frac{m}{s}\,\theta_i)tex"},
    };
}

// [SECTION] step 5: NTK-aware scaling
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

Step ntk_aware() {
    return {
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
}

// [SECTION] step 6: dynamic NTK
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

Step dynamic_ntk() {
    return {
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
}

}  // namespace long_context
}  // namespace pelab
