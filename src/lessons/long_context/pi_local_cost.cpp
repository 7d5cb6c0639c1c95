// PE Lab — lessons/long_context/pi_local_cost.cpp
// Lesson "long-context", step "pi-local-cost": the cost of position interpolation — every pair slows by s,
// including the fast pairs that carry local detail — and its question.
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
static std::vector<ViewData> pi_local_cost_views(const Inputs& in, Lang lang) {
    const Eigen::VectorXd theta = scaled(in, RopeScaling::none).inv_freq;
    const Eigen::VectorXd pi_theta = scaled(in, RopeScaling::linear).inv_freq;
    const int pairs = in.d / 2, last = pairs - 1;
    TableView table;
    std::vector<int> rows = {0, 1, pairs / 4, pairs / 2, last};
    rows.erase(std::unique(rows.begin(), rows.end()), rows.end());
    table.values.resize(static_cast<Eigen::Index>(rows.size()), 4);
    for (std::size_t r = 0; r < rows.size(); ++r) {
        const int i = rows[r];
        table.values.row(static_cast<Eigen::Index>(r)) << theta(i), pi_theta(i), 2 * kPi / theta(i), 2 * kPi / pi_theta(i);
        table.row_labels.push_back(pair_label(i, lang));
    }
    // The deciding cell: the fastest pair, which carries local detail, is slowed as much as every other.
    if (pi_theta(0) < theta(0))
        table.marks.push_back({0, 1, false, say(lang, {"局部细节也被压缩", "local detail squeezed too"})});
    table.col_labels = {say(lang, {"原始 θᵢ", "original θᵢ"}), "θᵢ/s", say(lang, {"原始波长", "original wavelength"}),
                        say(lang, {"PI 波长", "PI wavelength"})};
    table.decimals = 5;
    table.corner = say(lang, {"对", "pair"});
    const std::string table_note =
        say(lang, {"s = {s}：每一对都慢了 s 倍，包括负责局部细节的第 0 对（相邻位置角度差从 {from} 变为 {to}）。",
                   "s = {s}: every pair slows by s, including pair 0 that carries local detail (neighbour angle from {from} to {to})."},
            {{"s", num(in.factor)}, {"from", num(theta(0))}, {"to", num(pi_theta(0))}});
    return {make_view(say(lang, {"PI 的代价：相邻位置的角度差", "The cost of PI: angle between neighbouring positions"}), table,
                      {table_note})};
}

// [SECTION] the step and its questions
Step pi_local_cost() {
    Step s = {
        "pi-local-cost",
        {"PI 的代价", "The cost of PI"},
        {"相邻两个位置的角度差就是 θᵢ：它越大，模型越容易分清相邻的位置，这是快对负责的局部细节。"
         "表格列出几对的原始 θᵢ、PI 下的 θᵢ/s 和两者的波长。",
         "The angle between neighbouring positions is θᵢ: the larger it is, the easier neighbours are to tell apart, "
         "the local detail the fast pairs carry. The table lists θᵢ, PI's θᵢ/s and both wavelengths for a few pairs."},
        {"d", "base", "factor"},
        views_of(read_inputs, pi_local_cost_views),
        {R"tex((p+1)\,\theta'_i-p\,\theta'_i=\frac{\theta_i}{s},\qquad \lambda'_i=s\,\lambda_i)tex"},
    };
    s.takeaway = {"PI 让每一对都慢 s = {s} 倍，包括负责局部细节的第 0 对（相邻角度差从 {from} 变为 {to}）：远处变熟悉的代价是近处变模糊。",
                  "PI slows every pair by s = {s}, pair 0 too, which carries local detail (neighbour angle {from} → {to}): "
                  "long range made familiar is paid for with a blurred short range."};
    s.takeaway_args = args_of(read_inputs, +[](const Inputs& in, Lang) {
        const Eigen::VectorXd theta = scaled(in, RopeScaling::none).inv_freq;
        const Eigen::VectorXd pi_theta = scaled(in, RopeScaling::linear).inv_freq;
        return std::vector<Arg>{{"s", num(in.factor)}, {"from", num(theta(0))}, {"to", num(pi_theta(0))}};
    });
    s.questions = {
        {{"位置插值（PI）把 s·L 个位置压进训练时见过的角度。哪些对会变慢？",
          "Position interpolation (PI) squeezes s·L positions into the angles seen in training. Which pairs slow down?"},
         {{"只有最慢的几对", "Only the slowest pairs"},
          {"只有最快的几对", "Only the fastest pairs"},
          {"每一对", "Every pair"},
          {"没有一对", "No pair"}},
         2,
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
    s.questions[0].predict = true;
    return s;
}

}  // namespace long_context
}  // namespace pelab
