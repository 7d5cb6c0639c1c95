// PE Lab — lessons/beyond_training/recap.cpp
// Lesson "beyond-training", step "recap": the lesson's five claims side by side, one row each with its number at
// the current inputs (pairs short of a turn, needles off their arc, ALiBi's bias at any length, attention past L,
// new values past L), each claim linked to the step that shows it.
// Comments are English only: the font subset is built from the characters inside .cpp string literals.
//
// [SECTION] views
// [SECTION] the step
#include <algorithm>
#include <cmath>
#include <limits>

#include "core/relative/alibi.h"
#include "core/rope/odometer.h"
#include "core/rope/rope.h"
#include "lessons/beyond_training/beyond_training.h"
#include "lessons/lesson_util.h"

namespace pelab {
namespace beyond_training {

using namespace lessonui;

// [SECTION] views
static std::vector<ViewData> recap_views(const Inputs& in, Lang lang) {
    const Eigen::VectorXd theta = rope_default_inv_freq(in.d, in.base);
    const int slow = pairs_short_of_a_turn(theta, in.L);
    const int off = pairs_off_their_arc(theta, theta, in.L, in.position);
    const std::vector<double> slopes = alibi_slopes(in.heads);
    const double m = slopes[static_cast<std::size_t>(in.head)];
    const Eigen::MatrixXd longer = alibi_bias(2 * in.alibi_L, m, AlibiMode::causal);
    const Eigen::MatrixXd bias = alibi_bias(in.alibi_L, m, AlibiMode::causal);
    const double change = max_abs((longer.topLeftCorner(in.alibi_L, in.alibi_L) - bias).unaryExpr([](double x) {
        return std::isnan(x) ? 0.0 : x;  // −∞ − (−∞) above the diagonal: the same masked cell
    }));
    const AlibiMass mass = alibi_mass(in);
    const int last = in.context() - 1;
    const int shaw_new = shaw_distinct(last, in.clip) - shaw_distinct(in.L - 1, in.clip);
    const double nan = std::numeric_limits<double>::quiet_NaN();
    TableView t;
    t.values.resize(5, 2);
    t.values << slow, in.d / 2.0,                                  //
        off, slow,                                                 //
        change, nan,                                               //
        mass.mean(mass.n), mass.none(mass.n - 1),                  //
        shaw_new, last - (in.L - 1);
    t.row_labels = {say(lang, {"在 L 内没转满一圈的对 / 全部对", "pairs short of one turn in L / all pairs"}),
                    say(lang, {"p 处离开训练弧的对 / 慢对", "pairs off their training arc at p / slow pairs"}),
                    say(lang, {"长度加倍时 ALiBi 偏置的变化", "ALiBi bias change when the length doubles"}),
                    say(lang, {"N 时 L 之外的注意力：ALiBi 平均 / RoPE", "attention past L at N: ALiBi mean / RoPE"}),
                    say(lang, {"L 之后的新值：Shaw / ALiBi、RoPE", "new values past L: Shaw / ALiBi, RoPE"})};
    t.col_labels = {say(lang, {"数值", "value"}), say(lang, {"对照", "against"})};
    t.corner = say(lang, {"结论", "claim"});
    t.decimals = 4;
    // Counts of pairs and values are whole; ALiBi's share past L is tiny (six decimals keep it off 0).
    t.row_decimals = {0, 0, -1, 6, 0};
    if (mass.mean(mass.n) < mass.none(mass.n - 1)) t.marks.push_back({3, 0, true, say(lang, {"远处被压低", "far keys fade"})});
    if (shaw_new == 0) t.marks.push_back({4, 0, true, say(lang, {"没有新值", "nothing new"})});
    const std::vector<std::string> notes = {
        say(lang, {"d = {d}，base = {base}，L = {L}，p = {p}，N = {n}，{H} 个 ALiBi 头，Shaw 的 C = {k}。",
                   "d = {d}, base = {base}, L = {L}, p = {p}, N = {n}, {H} ALiBi heads, Shaw's C = {k}."},
            {{"d", integer(in.d)}, {"base", num(in.base)}, {"L", integer(in.L)}, {"p", integer(in.position)},
             {"n", integer(in.context())}, {"H", integer(in.heads)}, {"k", integer(in.clip)}}),
    };
    return {make_view(say(lang, {"这一课的五个结论，各一个数", "The lesson's five claims, one number each"}), std::move(t), notes)};
}

// [SECTION] the step
Step recap() {
    Step s = {
        "recap",
        {"小结：训练长度之外，谁遇到新值", "Recap: past the training length, who meets new values"},
        {"RoPE 中在训练长度内没转满一圈的慢对，L 之后会转到新角度（[[lesson:beyond-training/turns-in-training|训练长度内的圈数]]）。"
         "里程表上，p 越过 L 后这些对的指针离开训练时扫过的弧（[[lesson:beyond-training/odometer|里程表]]）。"
         "ALiBi 的偏置是关于距离的一条直线，任何长度下都一样（[[lesson:beyond-training/alibi|ALiBi]]）。"
         "L 之后它的新偏置只会更负，远处的键几乎得不到注意力，而 RoPE 仍按键数分到远处（[[lesson:beyond-training/alibi-beyond-training|训练长度之外的注意力]]）。"
         "Shaw 和 T5 把远处的距离截成同一个值：没有新值，但远处的键彼此不分；可学习的表在 L 之后没有行（[[lesson:beyond-training/learned-and-clipped|截断与分桶]]）。",
         "RoPE's slow pairs, short of one turn within the training length, reach new angles past L "
         "([[lesson:beyond-training/turns-in-training|turns within the training length]]). On the odometer their "
         "needles leave the arc they swept in training once p passes L ([[lesson:beyond-training/odometer|the odometer]]). "
         "ALiBi's bias is one straight line in the distance, the same at any length ([[lesson:beyond-training/alibi|ALiBi]]). "
         "Past L its new biases are only more negative, so far keys get almost no attention, while RoPE still spreads "
         "attention over them ([[lesson:beyond-training/alibi-beyond-training|attention beyond the training length]]). "
         "Shaw and T5 clip far distances to one value: nothing new, but far keys look alike, and a learned table has no "
         "row past L ([[lesson:beyond-training/learned-and-clipped|clipped and bucketed]])."},
        {"d", "base", "original_max", "seq_len", "heads", "position", "clip"},
        views_of(read_inputs, recap_views),
        {{R"tex(\frac{L\,\theta_i}{2\pi}<1\ \Rightarrow\ L\ \text{之后有新角度},\qquad b_h(\Delta)=-m_h\,\Delta)tex",
          R"tex(\frac{L\,\theta_i}{2\pi}<1\ \Rightarrow\ \text{new angles past }L,\qquad b_h(\Delta)=-m_h\,\Delta)tex"}},
    };
    s.takeaway = {"L = {L} 之后，RoPE 的 {slow} 个慢对转到新角度，ALiBi 只遇到更负的偏置；Shaw 和 T5 没有新值，却分不清远处的键。",
                  "Past L = {L}, RoPE's {slow} slow pairs meet new angles and ALiBi only more negative biases, so far keys fade; "
                  "Shaw and T5 meet nothing new but cannot tell far keys apart."};
    s.takeaway_args = args_of(read_inputs, +[](const Inputs& in, Lang) {
        return std::vector<Arg>{{"L", integer(in.L)}, {"slow", integer(pairs_short_of_a_turn(rope_default_inv_freq(in.d, in.base), in.L))}};
    });
    return s;
}

}  // namespace beyond_training
}  // namespace pelab
