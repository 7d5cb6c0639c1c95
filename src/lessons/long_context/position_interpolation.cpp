// PE Lab — lessons/long_context/position_interpolation.cpp
// Lesson "long-context", step "position-interpolation": position interpolation (PI), every frequency divided
// by s, against the unscaled frequencies (HF modeling_rope_utils through core/rope_scaling).
// Comments are English only: the font subset is built from the characters inside .cpp string literals.
//
// [SECTION] views
// [SECTION] the step and its questions
#include <algorithm>

#include "lessons/lesson_util.h"
#include "lessons/long_context/long_context.h"

namespace pelab {
namespace long_context {

using namespace lessonui;

// [SECTION] views
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

// [SECTION] the step and its questions
Step position_interpolation() {
    Step s = {
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
    s.questions = {
        {{"位置插值（PI）把每个 θᵢ 除以 s。哪些对要付出代价？",
          "Position interpolation (PI) divides every θᵢ by s. Which pairs pay for it?"},
         {{"只有最慢的几对", "Only the slowest pairs"},
          {"每一对都放慢 s 倍，包括负责局部细节的第 0 对", "Every pair slows by s, including pair 0 that carries local detail"},
          {"没有：PI 不改变任何频率", "None: PI changes no frequency"}},
         1,
         [](const ParamSet& p, Lang lang) {
             const Inputs in = read_inputs(p);
             const Eigen::VectorXd plain = scaled(in, RopeScaling::none).inv_freq;
             const Eigen::VectorXd pi = scaled(in, RopeScaling::linear).inv_freq;
             return say(lang,
                        {"s = {s}：第 0 对相邻位置之间的角度从 {fast} 变成 {fast_pi}，最后一对从 {slow} 变成 {slow_pi}。"
                         "所有对都按同一个比例 1/s = {ratio} 放慢，相邻位置看起来更相似。",
                         "s = {s}: pair 0's angle between neighbouring positions goes from {fast} to {fast_pi}, the "
                         "last pair's from {slow} to {slow_pi}. Every pair slows by the same 1/s = {ratio}, so "
                         "neighbouring positions look more alike."},
                        {{"s", num(in.factor)}, {"fast", num(plain(0))}, {"fast_pi", num(pi(0))},
                         {"slow", num(plain(plain.size() - 1))}, {"slow_pi", num(pi(pi.size() - 1))},
                         {"ratio", num(pi(0) / plain(0))}});
         }},
    };
    return s;
}

}  // namespace long_context
}  // namespace pelab
