// PE Lab — lessons/example/every_pair_a_dial.cpp
// Lesson "example", step "every-pair-a-dial": the d/2 frequency pairs as an odometer, the arc swept in
// training shaded, beside a binary counter (an equation, playback of the position).
// Comments are English only: the font subset is built from the characters inside .cpp string literals.
//
// [SECTION] views
// [SECTION] the step
#include <algorithm>
#include <vector>

#include "core/rope/rope.h"
#include "lessons/example/example_lesson.h"
#include "lessons/lesson_util.h"

namespace pelab {
namespace example_lesson {

using namespace lessonui;

// [SECTION] views
namespace {

std::vector<ViewData> every_pair_a_dial_views(const Inputs& in, Lang lang) {
    const Eigen::VectorXd theta = rope_default_inv_freq(in.d, in.base);
    OdometerView o;
    o.position = in.p;
    o.train_length = in.train_length;
    int never = 0;
    for (Eigen::Index i = 0; i < theta.size(); ++i) {
        o.theta.push_back(theta(i));
        o.turns_in_training.push_back(in.train_length * theta(i) / (2 * kPi));
        o.captions.push_back("θ" + sub(i) + " = " + num(theta(i), 2));
        if (o.turns_in_training.back() < 1) ++never;
    }
    // One bit per pair (bit b above pair b) or as many as p needs, whichever is more.
    int bits = std::max(1, int(theta.size()));
    while (bits < 14 && (in.p >> bits) > 0) ++bits;
    o.binary_bits = bits;
    o.position_label = say(lang, {"位置 p = {p}", "position p = {p}"}, {{"p", integer(in.p)}});
    const std::string note =
        say(lang,
            {"{n} 对中有 {never} 对在 {L} 个训练位置里没有转满一圈。",
             "{never} of the {n} pairs never completed a turn in the {L} training positions."},
            {{"n", integer(theta.size())}, {"never", integer(never)}, {"L", integer(in.train_length)}});
    return std::vector<ViewData>{
        make_view(say(lang, {"频率对组成的里程表", "The frequency pairs as an odometer"}), o, {note})};
}

}  // namespace

// [SECTION] the step
Step every_pair_a_dial() {
    Step s{
        "every-pair-a-dial",
        {"每一对都是一个刻度盘", "Every pair is a dial"},
        {"RoPE 有 d/2 个[[frequency-pair|频率对]]，第 i 对每个位置转 θᵢ = [[base]]^(−2i/d)，像里程表的一排转轮：第 0 对转得最快，后面的越来越慢。"
         "阴影是训练时（位置 0 到 L）指针扫过的角度。慢的几对在训练中没有转满一圈（红圈）：到了更远的位置，它们指向模型从没见过的角度。"
         "上方的二进制计数器也是这样：最低位每一步都翻转，正像最快的一对。",
         "RoPE has d/2 [[frequency-pair|frequency pairs]]; pair i turns θᵢ = [[base]]^(−2i/d) per position, like the "
         "wheels of an odometer: "
         "pair 0 turns fastest, each later pair more slowly. The shaded arc is what a needle swept during training "
         "(positions 0 to L). The slow pairs never completed a turn in training (ringed in red): at farther positions "
         "they point at angles the model never saw. The binary counter above works the same way: its lowest bit flips at "
         "every step, like the fastest pair."},
        {"d", "base", "original_max", "pos"},
        views_of(read_inputs, every_pair_a_dial_views),
        {{R"tex(\theta_i = \mathrm{base}^{-2i/d},\quad \text{指针}_i = p\,\theta_i \bmod 2\pi)tex", R"tex(\theta_i = \mathrm{base}^{-2i/d},\quad \text{needle}_i = p\,\theta_i \bmod 2\pi)tex"}},
        {"pos", 0, 2048, 24},
    };
    s.takeaway = {"{n} 对中有 {never} 对在 {L} 个训练位置里转不满一圈，因为第 i 对每个位置只转 θᵢ；{where}。",
                  "{never} of the {n} pairs never finish a turn in the {L} training positions, because pair i turns only "
                  "θᵢ per position; {where}."};
    s.takeaway_args = args_of(read_inputs, +[](const Inputs& in, Lang lang) {
        const Eigen::VectorXd theta = rope_default_inv_freq(in.d, in.base);
        int never = 0;
        for (Eigen::Index i = 0; i < theta.size(); ++i) never += in.train_length * theta(i) / (2 * kPi) < 1 ? 1 : 0;
        // Past the training length a pair that never turned points outside the arc it swept; within it, never.
        const std::string where =
            never == 0 ? say(lang, {"所以每根指针都已转遍整圈", "so every needle has already swept its whole circle"})
            : in.p > in.train_length
                ? say(lang, {"到 p = {p}，它们指向训练从未扫过的角度", "at p = {p} they point outside the arc training swept"},
                      {{"p", integer(in.p)}})
                : say(lang, {"p = {p} 还在训练长度之内，每根指针都在它的弧里", "at p = {p}, within training, every needle is inside its arc"},
                      {{"p", integer(in.p)}});
        return std::vector<Arg>{{"n", integer(theta.size())}, {"never", integer(never)}, {"L", integer(in.train_length)},
                                {"where", where}};
    });
    return s;
}

}  // namespace example_lesson
}  // namespace pelab
