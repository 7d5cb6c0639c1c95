// PE Lab — lessons/long_context/phase_wrap.cpp
// Lesson "long-context", step "phase-wrap": extrapolation beyond the training length and the phase wrap — the
// pairs as an odometer at position p, and the angle mod 2π of four pairs against position.
// Comments are English only: the font subset is built from the characters inside .cpp string literals.
//
// [SECTION] views
// [SECTION] the step
#include <algorithm>
#include <cmath>

#include "core/odometer.h"
#include "core/rope.h"
#include "lessons/lesson_util.h"
#include "lessons/long_context/long_context.h"

namespace pelab {
namespace long_context {

using namespace lessonui;

// [SECTION] views
// The d/2 pairs as an odometer at position p: needle i at p·θᵢ, the arc swept in training shaded, the chosen
// scaling's needle beside it.
static ViewData odometer_view(const Inputs& in, Lang lang) {
    const Eigen::VectorXd theta = rope_default_inv_freq(in.d, in.base);
    OdometerView o;
    o.theta.assign(theta.data(), theta.data() + theta.size());
    o.turns_in_training = turns_in_training(theta, in.L);
    o.position = in.position;
    o.train_length = in.L;
    const RopeScaling kind = in.scaling();
    Eigen::VectorXd used = theta;
    if (kind != RopeScaling::none) {
        used = scaled(in, kind).inv_freq;
        o.theta_scaled.assign(used.data(), used.data() + used.size());
        o.scaled_label = scaling_label(kind, lang);
    }
    for (double lambda : pair_wavelengths(theta)) o.captions.push_back("λ = " + num(lambda, 3));
    o.position_label = say(lang, {"位置 p = {p}（训练长度 L = {L}）", "position p = {p} (training length L = {L})"},
                           {{"p", integer(in.position)}, {"L", integer(in.L)}});
    const int short_of_turn = pairs_short_of_a_turn(theta, in.L);
    const int pairs = in.d / 2;
    // Pairs whose needle at p is outside the arc they swept in training (only possible below one turn).
    int unseen = 0, unseen_scaled = 0;
    for (int i = 0; i < pairs; ++i) {
        if (o.turns_in_training[static_cast<std::size_t>(i)] >= 1) continue;
        if (needle_angle(theta(i), in.position) > in.L * theta(i)) ++unseen;
        if (needle_angle(used(i), in.position) > in.L * theta(i)) ++unseen_scaled;
    }
    std::vector<std::string> notes = {
        say(lang, {"{short} / {pairs} 对在训练的 L = {L} 个位置内没有转满一圈（L·θᵢ/2π < 1）。",
                   "{short} of {pairs} pairs did not complete one turn within the L = {L} training positions (L·θᵢ/2π < 1)."},
            {{"short", integer(short_of_turn)}, {"pairs", integer(pairs)}, {"L", integer(in.L)}}),
        say(lang, {"在 p = {p}，原频率下有 {n} 对的指针落在训练时没扫过的角度上。",
                   "At p = {p}, {n} pairs point at angles their needle never swept in training, with the original frequencies."},
            {{"p", integer(in.position)}, {"n", integer(unseen)}}),
    };
    if (kind != RopeScaling::none)
        notes.push_back(say(lang, {"{method} 的频率下是 {n} 对。", "With the {method} frequencies it is {n} pairs."},
                            {{"method", scaling_label(kind, lang)}, {"n", integer(unseen_scaled)}}));
    return make_view(say(lang, {"里程表：每一对是一个表盘，最快的在前", "Odometer: one dial per pair, fastest first"}), std::move(o),
                     std::move(notes));
}

// Angle mod 2π of four pairs against position, and which pairs wrap within L.
static std::vector<ViewData> phase_wrap_views(const Inputs& in, Lang lang) {
    const Eigen::VectorXd theta = rope_default_inv_freq(in.d, in.base);
    const int pairs = in.d / 2;
    // The slowest pair that still wraps inside L, the next (slower) one, one about 4× faster, and the slowest.
    int cross = -1;
    for (int i = 0; i < pairs; ++i)
        if (2 * kPi / theta(i) < in.L) cross = i;
    std::vector<int> shown;
    auto add = [&](int i) {
        if (i >= 0 && i < pairs && std::find(shown.begin(), shown.end(), i) == shown.end()) shown.push_back(i);
    };
    int fast = cross;
    while (fast > 0 && 2 * kPi / theta(fast) > in.L / 4.0) --fast;
    add(fast);
    add(cross);
    add(cross + 1);
    add(pairs - 1);
    CurveView curve;
    curve.y_axis = say(lang, {"角度 mod 2π（弧度）", "angle mod 2π (radians)"});
    curve.x_axis = say(lang, {"位置 m", "position m"});
    const int samples = 1601;
    const double span = 2.0 * in.L;
    for (int s = 0; s < samples; ++s) curve.x.push_back(span * s / (samples - 1));
    for (int i : shown) {
        std::vector<double> y;
        for (double m : curve.x) y.push_back(std::fmod(m * theta(i), 2 * kPi));
        curve.series.push_back(y);
        curve.series_labels.push_back(say(lang, {"第 {i} 对，λ = {lambda}", "pair {i}, λ = {lambda}"},
                                          {{"i", integer(i)}, {"lambda", num(2 * kPi / theta(i), 4)}}));
    }
    curve.vlines_x = {static_cast<double>(in.L)};
    curve.vline_labels = {say(lang, {"训练长度 L", "training length L"})};

    TableView table;
    table.values.resize(pairs, 4);
    int wraps = 0;
    for (int i = 0; i < pairs; ++i) {
        const double lambda = 2 * kPi / theta(i);
        const bool wrapped = lambda <= in.L;
        wraps += wrapped ? 1 : 0;
        table.values.row(i) << theta(i), lambda, in.L * theta(i) / (2 * kPi), wrapped ? 1.0 : 0.0;
        table.row_labels.push_back(pair_label(i, lang));
    }
    table.col_labels = {"θᵢ", say(lang, {"波长 λᵢ", "wavelength λᵢ"}), say(lang, {"L 内圈数", "turns within L"}),
                        say(lang, {"L 内已转满一圈", "full turn within L"})};
    table.col_decimals = {-1, -1, -1, 0};
    table.decimals = 4;
    table.corner = say(lang, {"对", "pair"});
    const std::string note =
        say(lang,
            {"L = {L}：{wraps} 对在训练中已转满一圈（L 之后只重复见过的角度）；{rest} 对没有转满，L 之后会遇到没见过的角度。",
             "L = {L}: {wraps} pairs turned full circles in training (beyond L they repeat known angles); {rest} did "
             "not, and beyond L they meet angles never seen."},
            {{"L", integer(in.L)}, {"wraps", integer(wraps)}, {"rest", integer(pairs - wraps)}});
    return {odometer_view(in, lang),
            make_view(say(lang, {"各对的转角 mθᵢ mod 2π 随位置的变化", "Angle mθᵢ mod 2π of each pair against position"}), curve),
            make_view(say(lang, {"每一对：波长与训练长度内转过的圈数", "Each pair: wavelength and turns within the training length"}),
                      table, {note})};
}

// [SECTION] the step
Step phase_wrap() {
    return {
        "phase-wrap",
        {"外推与相位绕回", "Extrapolation and phase wrap"},
        {"模型在固定长度上训练，却常被用在更长的文本上；这一课看超出训练长度时 RoPE 在哪里失效，各种扩展方法又怎样补救。"
         "第 i 对（i = 0 … d/2 − 1）每个位置转 θᵢ = base^(−2i/d) 弧度：i 越大转得越慢，后面各步都用到这个式子。"
         "里程表把每一对画成一个小表盘，最快的在前：指针指向 p·θᵢ，阴影是训练的 L 个位置内指针扫过的弧。"
         "快的对在训练中已转满一圈，整个圆都见过；慢的对只扫过一小段弧，p 越过 L 后指针就转到阴影之外，[[extrapolation|外推]]正是在这里失效。"
         "播放 p 可以看到这一点；第二根指针是所选缩放方法的频率，它让慢的对留在阴影里。"
         "下方曲线画出几对角度对 2π 取模后随位置的变化，表格列出每一对在 L 内转过的圈数。",
         "Models are trained on a fixed length and then used on longer texts; this lesson shows where RoPE "
         "breaks beyond the training length and how the extension methods repair it. Pair i (i = 0 … d/2 − 1) "
         "turns by θᵢ = base^(−2i/d) radians per position: the larger i, the slower, and every later step builds "
         "on this formula. The odometer draws each pair as a small dial, fastest first: the needle points at "
         "p·θᵢ, and the shaded arc is what the needle swept over the L training positions. Fast pairs turned full "
         "circles in training and have seen the whole dial; slow pairs swept only a small arc, and once p passes L "
         "their needle leaves the shading, which is where [[extrapolation]] breaks. Play p to watch it; the second "
         "needle uses the chosen scaling's frequencies, which keep the slow pairs inside the shading. The curve "
         "below plots a few angles modulo 2π against position, and the table lists the turns each pair makes "
         "within L."},
        {"d", "base", "original_max", "position", "scaling", "factor", "preset"},
        views_of(read_inputs, phase_wrap_views),
        {R"tex(\theta_i=\mathrm{base}^{-2i/d},\qquad \phi_i(p)=p\,\theta_i \bmod 2\pi)tex",
         R"tex(\text{turns}_i=\frac{L\,\theta_i}{2\pi})tex"},
        {"position", 0.0, 16384.0, 256.0},
    };
}

}  // namespace long_context
}  // namespace pelab
