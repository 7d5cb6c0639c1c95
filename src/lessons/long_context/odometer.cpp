// PE Lab — lessons/long_context/odometer.cpp
// Lesson "long-context", step "odometer": the pairs as an odometer at position p — needle i at p·θᵢ, the arc
// swept in training shaded; played over p, the slow pairs' needles leave the shading once p passes L.
// Comments are English only: the font subset is built from the characters inside .cpp string literals.
//
// [SECTION] views
// [SECTION] the step
#include "lessons/lesson_util.h"
#include "lessons/long_context/long_context.h"

namespace pelab {
namespace long_context {

// [SECTION] views
static std::vector<ViewData> odometer_step_views(const Inputs& in, Lang lang) { return {odometer_view(in, lang, false)}; }

// [SECTION] the step
Step odometer() {
    return {
        "odometer",
        {"里程表：位置 p 处的每一对", "The odometer: every pair at position p"},
        {"p 越过 L 之后，慢的对的指针离开训练中扫过的阴影，而快的对始终在见过的角度上。"
         "里程表把每一对画成一个小表盘，最快的在前：指针指向 p·θᵢ（对 2π 取模），阴影是训练的 L 个位置内指针扫过的弧，"
         "表盘下写着这一对的波长 λ。播放 p 可以看到指针何时离开阴影；注释数出此刻有几对落在没见过的角度上。",
         "Once p passes L, the slow pairs' needles leave the shading they swept in training, while the fast pairs "
         "stay on angles already seen. The odometer draws each pair as a small dial, fastest first: the needle "
         "points at p·θᵢ (mod 2π), the shaded arc is what the needle swept over the L training positions, and "
         "the pair's wavelength λ is written under its dial. Play p to see when needles leave the shading; the "
         "notes count the pairs at unseen angles right now."},
        {"d", "base", "original_max", "position"},
        views_of(read_inputs, odometer_step_views),
        {{R"tex(\phi_i(p)=p\,\theta_i \bmod 2\pi,\qquad \text{阴影弧}=\min(L\,\theta_i,\ 2\pi))tex", R"tex(\phi_i(p)=p\,\theta_i \bmod 2\pi,\qquad \text{shaded arc}=\min(L\,\theta_i,\ 2\pi))tex"}},
        {"position", 0.0, 16384.0, 256.0},
    };
}

}  // namespace long_context
}  // namespace pelab
