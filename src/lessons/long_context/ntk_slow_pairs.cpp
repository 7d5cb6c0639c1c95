// PE Lab — lessons/long_context/ntk_slow_pairs.cpp
// Lesson "long-context", step "ntk-slow-pairs": under NTK-aware scaling every pair but the last turns faster
// than under PI, so at seq_len many pairs that never completed a turn in training still pass their largest
// training angle — a table of a few pairs and the count over all of them.
// Comments are English only: the font subset is built from the characters inside .cpp string literals.
//
// [SECTION] views
// [SECTION] the step
#include "core/rope/long_context.h"
#include "lessons/lesson_util.h"
#include "lessons/long_context/long_context.h"

namespace pelab {
namespace long_context {

using namespace lessonui;

// [SECTION] views
static std::vector<ViewData> ntk_slow_pairs_views(const Inputs& in, Lang lang) {
    const Eigen::VectorXd theta = scaled(in, RopeScaling::none).inv_freq;
    const Eigen::VectorXd ntk = scaled(in, RopeScaling::ntk).inv_freq;
    const Eigen::VectorXd pi = scaled(in, RopeScaling::linear).inv_freq;
    const int pairs = in.d / 2;
    const Eigen::VectorXd ratio = rope_angle_range_ratio(theta, ntk, in.L, in.seq_len);
    int slow = 0, first_within = -1;
    for (int i = 0; i < pairs; ++i) {
        if (rope_pair_turned_in_training(theta(i), in.L)) continue;
        ++slow;
        if (first_within < 0 && ratio(i) <= 1.0 + 1e-9) first_within = i;
    }
    const int ntk_beyond = rope_pairs_beyond_training_angles(theta, ntk, in.L, in.seq_len);
    const int pi_beyond = rope_pairs_beyond_training_angles(theta, pi, in.L, in.seq_len);

    const std::vector<int> rows = sample_pairs(theta, in.L);
    TableView table;
    table.values.resize(static_cast<Eigen::Index>(rows.size()), 4);
    for (std::size_t r = 0; r < rows.size(); ++r) {
        const int i = rows[r];
        table.values.row(static_cast<Eigen::Index>(r)) << 2 * kPi / theta(i), ntk(i) / theta(i), pi(i) / theta(i), ratio(i);
        table.row_labels.push_back(pair_label(i, lang));
        // The deciding cells: a pair short of one turn in training whose angle at seq_len goes past the trained range.
        if (!rope_pair_turned_in_training(theta(i), in.L)) {
            const bool seen = ratio(i) <= 1.0 + 1e-9;
            table.marks.push_back({static_cast<int>(r), 3, seen, say(lang, seen ? Text{"没有新角度", "no new angle"} : Text{"新角度", "new angles"})});
        }
    }
    table.col_labels = {"λᵢ", "θ′ᵢ/θᵢ (NTK)", "1/s (PI)", "seq_len·θ′ᵢ/(L·θᵢ)"};
    table.col_decimals = {-1, -1, -1, -1};
    table.decimals = 4;
    table.corner = say(lang, {"对", "pair"});
    const std::vector<std::string> notes = {
        say(lang,
            {"在 seq_len = {seq}、L = {L} 时：训练中没转满一圈的对（λᵢ > L）有 {slow} 对，其中 {ntk} 对在 NTK 下仍转过训练时的最大角度"
             "（seq_len·θ′ᵢ/(L·θᵢ) > 1），PI 下是 {pi} 对。",
             "At seq_len = {seq} and L = {L}: {slow} pairs never completed a turn in training (λᵢ > L); under NTK {ntk} "
             "of them still turn past their largest training angle (seq_len·θ′ᵢ/(L·θᵢ) > 1), under PI {pi}."},
            {{"seq", integer(in.seq_len)}, {"L", integer(in.L)}, {"slow", integer(slow)}, {"ntk", integer(ntk_beyond)},
             {"pi", integer(pi_beyond)}}),
        say(lang, {"NTK 下比值从第 {first} 对起才不超过 1；最后一对的比值是 {last}。",
                   "Under NTK the ratio stays at or below 1 only from pair {first} on; the last pair's ratio is {last}."},
            {{"first", first_within < 0 ? say(lang, {"（无）", "(none)"}) : integer(first_within)}, {"last", num(ratio(pairs - 1), 4)}}),
    };
    return {make_view(say(lang, {"NTK 下的慢对：seq_len 时的最大转角 ÷ 训练中的最大转角", "Slow pairs under NTK: largest angle at seq_len ÷ largest in training"}),
                      table, notes)};
}

// [SECTION] the step
Step ntk_slow_pairs() {
    Step s = {
        "ntk-slow-pairs",
        {"NTK 下的慢对仍见新角度", "Under NTK slow pairs still meet new angles"},
        {"表格最后一列是一对在目标长度 seq_len 时的最大转角 seq_len·θ′ᵢ 与训练中最大转角 L·θᵢ 之比：对训练中没转满一圈的对，大于 1 就是新角度。"
         "注释数出全部对中的个数，并与 PI 比较。",
         "The table's last column is a pair's largest angle at the target length seq_len, seq_len·θ′ᵢ, over its "
         "largest angle in training, L·θᵢ: for a pair short of one turn in training, above 1 means a new angle. The "
         "notes count such pairs over all pairs and compare with PI."},
        {"d", "base", "factor", "original_max", "seq_len"},
        views_of(read_inputs, ntk_slow_pairs_views),
        {{R"tex(r_i=\frac{\mathrm{seq\_len}\cdot\theta'_i}{L\,\theta_i},\qquad r_i>1\ \text{且}\ \lambda_i>L\ \Rightarrow\ \text{新角度})tex", R"tex(r_i=\frac{\mathrm{seq\_len}\cdot\theta'_i}{L\,\theta_i},\qquad r_i>1\ \text{and}\ \lambda_i>L\ \Rightarrow\ \text{new angles})tex"}},
    };
    s.takeaway = {"目标长度 seq_len = {seq} 时，{slow} 个慢对（训练中没转满一圈）在 NTK 下仍有 {ntk} 个越过训练最大角度，PI 为 {pi}：只有最后一对除满 s。",
                  "At target length seq_len = {seq}, NTK takes {ntk} of {slow} slow pairs (short of a turn in training) past "
                  "their largest trained angle, PI {pi}: all but the last are divided by less than s."};
    s.takeaway_args = args_of(read_inputs, +[](const Inputs& in, Lang) {
        const Eigen::VectorXd theta = scaled(in, RopeScaling::none).inv_freq;
        int slow = 0;
        for (Eigen::Index i = 0; i < theta.size(); ++i) slow += rope_pair_turned_in_training(theta(i), in.L) ? 0 : 1;
        return std::vector<Arg>{
            {"seq", integer(in.seq_len)}, {"slow", integer(slow)},
            {"ntk", integer(rope_pairs_beyond_training_angles(theta, scaled(in, RopeScaling::ntk).inv_freq, in.L, in.seq_len))},
            {"pi", integer(rope_pairs_beyond_training_angles(theta, scaled(in, RopeScaling::linear).inv_freq, in.L, in.seq_len))}};
    });
    return s;
}

}  // namespace long_context
}  // namespace pelab
