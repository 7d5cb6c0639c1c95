// PE Lab — lessons/long_context/odometer_scaled.cpp
// Lesson "long-context", step "odometer-scaled": the odometer again, now with a second needle per pair at the
// chosen scaling's frequency — once the scalings are taught — that keeps the slow pairs inside the shading.
// Comments are English only: the font subset is built from the characters inside .cpp string literals.
//
// [SECTION] views
// [SECTION] the step
#include "core/rope/rope.h"
#include "lessons/lesson_util.h"
#include "lessons/long_context/long_context.h"

namespace pelab {
namespace long_context {

// [SECTION] views
static std::vector<ViewData> odometer_scaled_views(const Inputs& in, Lang lang) { return {odometer_view(in, lang, true)}; }

// [SECTION] the step
Step odometer_scaled() {
    Step s = {
        "odometer-scaled",
        {"里程表：缩放后的指针", "The odometer with a scaling's needle"},
        {"这是[[lesson:beyond-training/odometer|上一课的里程表]]，每个表盘多了一根指针：它按所选缩放方法（PI、NTK、动态 NTK、YaRN 或 Llama 3）的频率转动。"
         "播放 p 并换一种方法，比较注释里两种频率下落在没见过角度上的对数。",
         "This is [[lesson:beyond-training/odometer|the previous lesson's odometer]] with one more needle per dial, "
         "turning at the frequency of the chosen scaling (PI, NTK, dynamic NTK, YaRN or Llama 3). Play p and switch "
         "methods, and compare the notes' counts of pairs at unseen angles under both frequencies."},
        {"d", "base", "original_max", "position", "scaling", "factor", "preset"},
        views_of(read_inputs, odometer_scaled_views),
        {R"tex(\phi_i(p)=p\,\theta_i \bmod 2\pi,\qquad \phi'_i(p)=p\,\theta'_i \bmod 2\pi)tex"},
        {"position", 0.0, 16384.0, 256.0},
    };
    s.takeaway = {"在 p = {p}，原频率下有 {n} 对落在没见过的角度上，{method} 下是 {m} 对：缩放后的慢对转得更慢，留在训练时扫过的弧里。",
                  "At p = {p}, {n} pairs point at unseen angles with the original frequencies, {m} with {method}'s: scaled slow "
                  "pairs turn more slowly and stay in their training arc."};
    s.takeaway_args = args_of(read_inputs, +[](const Inputs& in, Lang lang) {
        const Eigen::VectorXd theta = rope_default_inv_freq(in.d, in.base);
        const RopeScaling kind = in.scaling();
        const Eigen::VectorXd used = kind == RopeScaling::none ? theta : scaled(in, kind).inv_freq;
        return std::vector<Arg>{{"p", lessonui::integer(in.position)},
                                {"n", lessonui::integer(beyond_training::pairs_off_their_arc(theta, theta, in.L, in.position))},
                                {"m", lessonui::integer(beyond_training::pairs_off_their_arc(theta, used, in.L, in.position))},
                                {"method", scaling_label(kind, lang)}};
    });
    return s;
}

}  // namespace long_context
}  // namespace pelab
