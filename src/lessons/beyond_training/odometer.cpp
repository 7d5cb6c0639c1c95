// PE Lab — lessons/beyond_training/odometer.cpp
// Lesson "beyond-training", step "odometer": the pairs as an odometer at position p — needle i at p·θᵢ, the arc
// swept in training shaded; played over p, the slow pairs' needles leave the shading once p passes L.
// Comments are English only: the font subset is built from the characters inside .cpp string literals.
//
// [SECTION] views
// [SECTION] the step
#include "core/rope/odometer.h"
#include "core/rope/rope.h"
#include "lessons/lesson_util.h"
#include "lessons/beyond_training/beyond_training.h"

namespace pelab {
namespace beyond_training {

// [SECTION] views
static std::vector<ViewData> odometer_step_views(const Inputs& in, Lang lang) {
    return {odometer_view(in.d, in.base, in.L, in.position, Eigen::VectorXd(), "", lang)};
}

// [SECTION] the step
Step odometer() {
    Step s = {
        "odometer",
        {"里程表：位置 p 处的每一对", "The odometer: every pair at position p"},
        {"里程表把每一对画成一个小表盘，最快的在前：指针指向 p·θᵢ（对 2π 取模），阴影是训练的 L 个位置内指针扫过的弧，"
         "表盘下写着这一对的波长 λ。播放 p 可以看到指针何时离开阴影；注释数出此刻有几对落在没见过的角度上。",
         "The odometer draws each pair as a small dial, fastest first: the needle points at p·θᵢ (mod 2π), the "
         "shaded arc is what the needle swept over the L training positions, and the pair's wavelength λ is written "
         "under its dial. Play p to see when needles leave the shading; the notes count the pairs at unseen angles "
         "right now."},
        {"d", "base", "original_max", "position"},
        views_of(read_inputs, odometer_step_views),
        {{R"tex(\phi_i(p)=p\,\theta_i \bmod 2\pi,\qquad \text{阴影弧}=\min(L\,\theta_i,\ 2\pi))tex", R"tex(\phi_i(p)=p\,\theta_i \bmod 2\pi,\qquad \text{shaded arc}=\min(L\,\theta_i,\ 2\pi))tex"}},
        {"position", 0.0, 16384.0, 256.0},
    };
    s.takeaway = {"在 p = {p}，{slow} 个慢对中有 {n} 对的指针离开了训练时扫过的弧：只有在 L = {L} 内没转满一圈的对，才有没见过的角度。",
                  "At p = {p}, {n} of the {slow} slow pairs point outside the arc they swept in training: only a pair short of "
                  "one turn within L = {L} has angles it never saw."};
    s.takeaway_args = args_of(read_inputs, +[](const Inputs& in, Lang) {
        const Eigen::VectorXd theta = rope_default_inv_freq(in.d, in.base);
        return std::vector<Arg>{{"p", lessonui::integer(in.position)},
                                {"slow", lessonui::integer(pairs_short_of_a_turn(theta, in.L))},
                                {"n", lessonui::integer(pairs_off_their_arc(theta, theta, in.L, in.position))},
                                {"L", lessonui::integer(in.L)}};
    });
    return s;
}

}  // namespace beyond_training
}  // namespace pelab
