// PE Lab — lessons/long_context/unseen_angles.cpp
// Lesson "long-context", step "unseen-angles": each pair's largest angle at seq_len over its largest angle in
// training, seq_len·θ′ᵢ/(L·θᵢ), for every scaling, and how many slow pairs pass 1 (angles never seen).
// Comments are English only: the font subset is built from the characters inside .cpp string literals.
//
// [SECTION] views
// [SECTION] the step
#include "core/rope/long_context.h"
#include "core/rope/rope.h"
#include "lessons/lesson_util.h"
#include "lessons/long_context/long_context.h"

namespace pelab {
namespace long_context {

using namespace lessonui;

// [SECTION] views
static std::vector<ViewData> unseen_angles_views(const Inputs& in, Lang lang) {
    const int pairs = in.d / 2;
    const Eigen::VectorXd theta = rope_default_inv_freq(in.d, in.base);
    CurveView angles;
    angles.y_axis = "seq_len·θ′ᵢ/(L·θᵢ)";
    angles.x_axis = say(lang, {"对 i", "pair i"});
    angles.x = pair_axis(pairs);
    int first_slow = pairs;  // the first pair that did not complete a turn within L
    for (int i = pairs - 1; i >= 0; --i)
        if (!rope_pair_turned_in_training(theta(i), in.L)) first_slow = i;
    if (first_slow < pairs) {
        angles.vlines_x = {static_cast<double>(first_slow)};
        angles.vline_labels = {say(lang, {"从这里起 λᵢ > L", "λᵢ > L from here"})};
    }
    std::vector<std::string> counts;
    for (RopeScaling s : all_scalings()) {
        const RopeScalingResult r = scaled(in, s);
        const Eigen::VectorXd range = rope_angle_range_ratio(theta, r.inv_freq, in.L, in.seq_len);
        angles.series.emplace_back(range.data(), range.data() + range.size());
        angles.series_labels.push_back(scaling_label(s, lang));
        counts.push_back(say(lang, {"{method} {n} 对", "{method}: {n} pairs"},
                             {{"method", scaling_label(s, lang)},
                              {"n", integer(rope_pairs_beyond_training_angles(theta, r.inv_freq, in.L, in.seq_len))}}));
    }
    angles.series.push_back(std::vector<double>(static_cast<std::size_t>(pairs), 1.0));
    angles.series_labels.push_back(say(lang, {"1：训练中的最大角度", "1: the largest angle in training"}));
    const std::vector<std::string> notes = {
        say(lang, {"seq_len = {seq}，L = {L}：第 {first} 对之前的对在训练中已转满一圈，比值大于 1 对它们无害；从第 {first} 对起（共 {slow} 对），高于 1 就是没见过的角度。",
                   "seq_len = {seq}, L = {L}: pairs before pair {first} completed a turn in training, so a ratio above 1 "
                   "is harmless for them; from pair {first} on ({slow} pairs), above 1 means angles never seen."},
            {{"seq", integer(in.seq_len)}, {"L", integer(in.L)}, {"first", integer(first_slow)}, {"slow", integer(pairs - first_slow)}}),
        say(lang, {"越过训练中最大角度的慢对——{list}。", "Slow pairs past their largest training angle — {list}."},
            {{"list", join(counts, lang == Lang::zh ? "；" : "; ")}}),
    };
    return {make_view(say(lang, {"每一对：seq_len 时的最大转角 ÷ 训练中的最大转角", "Each pair: largest angle at seq_len ÷ largest angle in training"}),
                      angles, notes)};
}

// [SECTION] the step
Step unseen_angles() {
    Step s = {
        "unseen-angles",
        {"哪些策略仍留下没见过的角度", "Which strategies still leave unseen angles"},
        {"曲线画出每一对在目标长度 seq_len 时的最大转角与训练中最大转角之比 seq_len·θ′ᵢ/(L·θᵢ)：水平线 1 是训练中到过的最大角度，"
         "竖线右边是训练中没转满一圈的慢对，它们高于 1 就转到了没见过的角度。注释数出每种策略的这种对。",
         "The curve plots each pair's largest angle at the target length seq_len over its largest angle in training, "
         "seq_len·θ′ᵢ/(L·θᵢ): the line at 1 is the largest angle met in training, and right of the vertical line are "
         "the slow pairs that never completed a turn, which reach angles never seen once they are above 1. The notes "
         "count such pairs for each strategy."},
        {"d", "base", "original_max", "factor", "seq_len", "beta_fast", "beta_slow", "low_freq_factor",
         "high_freq_factor"},
        views_of(read_inputs, unseen_angles_views),
        {R"tex(r_i=\frac{\mathrm{seq\_len}\cdot\theta'_i}{L\,\theta_i})tex"},
    };
    s.takeaway = {"seq_len = {seq} 时越界的慢对：不缩放 {none}，NTK {ntk}，PI {pi}，YaRN {yarn}；慢对要除以至少 seq_len/L 才不越界。",
                  "At seq_len = {seq}, no scaling leaves {none} slow pairs past their trained angles and NTK {ntk}, PI {pi} and "
                  "YaRN {yarn}: a slow pair stays inside only if divided by at least seq_len/L."};
    s.takeaway_args = args_of(read_inputs, +[](const Inputs& in, Lang) {
        const Eigen::VectorXd theta = rope_default_inv_freq(in.d, in.base);
        auto count = [&](RopeScaling k) {
            return integer(rope_pairs_beyond_training_angles(theta, scaled(in, k).inv_freq, in.L, in.seq_len));
        };
        return std::vector<Arg>{{"seq", integer(in.seq_len)}, {"none", count(RopeScaling::none)}, {"ntk", count(RopeScaling::ntk)},
                                {"pi", count(RopeScaling::linear)}, {"yarn", count(RopeScaling::yarn)}};
    });
    return s;
}

}  // namespace long_context
}  // namespace pelab
