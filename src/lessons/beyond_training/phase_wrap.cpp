// PE Lab — lessons/beyond_training/phase_wrap.cpp
// Lesson "beyond-training", step "phase-wrap": the lesson's problem — a model trained on L positions used on longer
// texts — and the phase wrap: the angle mod 2π of four pairs against position; fast pairs repeat angles seen in
// training, slow ones do not.
// Comments are English only: the font subset is built from the characters inside .cpp string literals.
//
// [SECTION] views
// [SECTION] the step
#include <algorithm>
#include <cmath>

#include "core/rope/rope.h"
#include "lessons/lesson_util.h"
#include "lessons/beyond_training/beyond_training.h"

namespace pelab {
namespace beyond_training {

using namespace lessonui;

// [SECTION] views
// A wavelength as a learner reads it: 4 significant digits, whole positions from 1000 on (54410, not 5.441e+04).
static std::string wavelength_text(double lambda) {
    return lambda < 999.5 ? num(lambda, 4) : integer(std::llround(lambda));
}

// The four pairs shown: the slowest that still wraps inside L, the next (slower) one, one about 4× faster, and the
// slowest of all.
struct WrapPairs {
    std::vector<int> shown;
    int cross = -1;  // the slowest pair with λ < L
};
static WrapPairs wrap_pairs(const Eigen::VectorXd& theta, int L) {
    WrapPairs w;
    const int pairs = static_cast<int>(theta.size());
    for (int i = 0; i < pairs; ++i)
        if (2 * kPi / theta(i) < L) w.cross = i;
    auto add = [&](int i) {
        if (i >= 0 && i < pairs && std::find(w.shown.begin(), w.shown.end(), i) == w.shown.end()) w.shown.push_back(i);
    };
    int fast = w.cross;
    while (fast > 0 && 2 * kPi / theta(fast) > L / 4.0) --fast;
    add(fast);
    add(w.cross);
    add(w.cross + 1);
    add(pairs - 1);
    return w;
}

// Angle mod 2π of four pairs against position, over twice the training length.
static std::vector<ViewData> phase_wrap_views(const Inputs& in, Lang lang) {
    const Eigen::VectorXd theta = rope_default_inv_freq(in.d, in.base);
    const WrapPairs w = wrap_pairs(theta, in.L);
    CurveView curve;
    curve.y_axis = say(lang, {"角度 pθᵢ mod 2π（弧度）", "angle pθᵢ mod 2π (radians)"});
    curve.x_axis = say(lang, {"位置 p", "position p"});
    const int samples = 1601;
    const double span = 2.0 * in.L;
    for (int s = 0; s < samples; ++s) curve.x.push_back(span * s / (samples - 1));
    std::vector<std::string> wrapping, climbing;
    for (int i : w.shown) {
        std::vector<double> y;
        for (double p : curve.x) y.push_back(std::fmod(p * theta(i), 2 * kPi));
        curve.series.push_back(y);
        const double lambda = 2 * kPi / theta(i);
        curve.series_labels.push_back(say(lang, {"第 {i} 对，λ = {lambda}", "pair {i}, λ = {lambda}"},
                                          {{"i", integer(i)}, {"lambda", wavelength_text(lambda)}}));
        (lambda < in.L ? wrapping : climbing).push_back(integer(i));
    }
    curve.vlines_x = {static_cast<double>(in.L)};
    curve.vline_labels = {say(lang, {"训练长度 L", "training length L"})};
    // The reason, in the figure's own pairs: a wavelength below L has wrapped before L, one above L has not.
    std::vector<std::string> notes;
    if (!wrapping.empty())
        notes.push_back(say(lang, {"第 {list} 对的 λ < L = {L}：L 之前已绕回，L 之后只重复见过的角度。",
                                   "Pairs {list} have λ < L = {L}: they wrapped before L, so past L they repeat angles already seen."},
                            {{"list", join(wrapping, ", ")}, {"L", integer(in.L)}}));
    if (!climbing.empty())
        notes.push_back(say(lang, {"第 {list} 对的 λ > L：到 L 还没转满一圈，L 之后会转到训练中从未出现的角度。",
                                   "Pairs {list} have λ > L: short of one turn at L, past L they reach angles training never showed."},
                            {{"list", join(climbing, ", ")}}));
    return {make_view(say(lang, {"各对的转角 pθᵢ mod 2π 随位置的变化", "Angle pθᵢ mod 2π of each pair against position"}), curve,
                      notes)};
}

// [SECTION] the step
Step phase_wrap() {
    Step s = {
        "phase-wrap",
        {"外推与相位绕回", "Extrapolation and phase wrap"},
        {"[[lesson:rope|RoPE]] 的第 i 个[[frequency-pair|频率对]]（i = 0 … d/2 − 1）每个位置转 θᵢ = base^(−2i/d) 弧度（[[base|底数]] base）：i 越大转得越慢，后面各步都用到这个式子。"
         "转满一圈需要 λᵢ = 2π/θᵢ 个位置，称为这一对的[[wavelength|波长]]。模型在固定长度 L 上训练，却常被用在更长的文本上（[[extrapolation|外推]]）；"
         "这一课看超出 L 时 RoPE 和 [[alibi|ALiBi]] 分别遇到什么，下一课 [[lesson:long-context|长上下文]] 再讲怎样缩放 RoPE。"
         "曲线画出四对的角度对 2π 取模后随位置 p 的变化（相位绕回：角度转满 2π 又从 0 开始）。",
         "Pair i of [[lesson:rope|RoPE]]'s [[frequency-pair|frequency pairs]] (i = 0 … d/2 − 1) turns by θᵢ = base^(−2i/d) radians per "
         "position (the [[base]]): the larger i, the slower, and every later step builds on this formula. A full turn takes "
         "λᵢ = 2π/θᵢ positions, the pair's [[wavelength]]. Models are trained on a fixed length L and then used on "
         "longer texts ([[extrapolation]]); this lesson shows what RoPE and [[alibi|ALiBi]] meet past L, and the next, "
         "[[lesson:long-context|long context]], how RoPE is scaled. The curve plots four pairs' angles modulo 2π "
         "against position p (the phase wraps: past 2π the angle starts again from 0)."},
        {"d", "base", "original_max"},
        views_of(read_inputs, phase_wrap_views),
        {R"tex(\theta_i=\mathrm{base}^{-2i/d},\qquad \phi_i(p)=p\,\theta_i \bmod 2\pi)tex",
         R"tex(\lambda_i=\frac{2\pi}{\theta_i})tex"},
    };
    s.takeaway = {"模型在 L = {L} 个位置上训练，却读更长的文本：L 之后 [[rope|RoPE]] 快的[[frequency-pair|频率对]]（[[wavelength|波长]] λ < L）重复见过的角度，慢的没转满一圈，转到新角度。",
                  "A model trained on L = {L} positions meets longer texts. Past L, fast [[rope|RoPE]] [[frequency-pair|pairs]] "
                  "([[wavelength]] λ < L) repeat angles they saw; slow pairs, short of one turn, reach angles never learned."};
    s.takeaway_args = args_of(read_inputs, +[](const Inputs& in, Lang) { return std::vector<Arg>{{"L", integer(in.L)}}; });
    return s;
}

}  // namespace beyond_training
}  // namespace pelab
