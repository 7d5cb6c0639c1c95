// PE Lab — lessons/cost/growth_table.cpp
// Step "growth-table" of lesson "cost": the measured times behind growth-with-n's curve, one row per size from
// N/8 to N and one column per method, and a last row with each method's measured growth, marked with whether it
// grows as predicted (N² or N).
// Comments are English only: the font subset is built from the characters inside this file's strings.
//
// [SECTION] the views
// [SECTION] the step
#include <algorithm>
#include <cmath>
#include <limits>
#include <string>
#include <vector>

#include "core/cost/cost.h"
#include "lessons/cost/cost_lesson.h"
#include "lessons/lesson.h"
#include "lessons/lesson_util.h"

namespace pelab {
namespace cost_lesson {

using namespace lessonui;

// [SECTION] the views
namespace {

std::vector<ViewData> growth_table_views(const Inputs& in, Lang lang) {
    const GrowthTimes g = measure_growth(in);
    TableView t;
    t.values = g.micros;
    std::vector<std::string> ratios;
    int col = 0;
    const Eigen::Index last = g.micros.rows() - 1;
    for (PositionMethod m : all_position_methods()) {
        t.col_labels.push_back(method_short_label(m, lang));
        const double first = g.micros(0, col), end = g.micros(last, col);
        ratios.push_back(say(lang, {"{method} {ratio} 倍", "{method} {ratio}×"},
                             {{"method", method_short_label(m, lang)}, {"ratio", num(first > 0 ? end / first : 0.0, 3)}}));
        ++col;
    }
    for (int n : g.sizes) t.row_labels.push_back("N = " + integer(n));
    // A last row: each column's growth, last over first, marked with whether its measured exponent
    // log(growth) / log(N ratio) is nearer the predicted one (2 for the N² methods, 1 for the N·d ones) than the other.
    const double size_ratio = static_cast<double>(g.sizes.back()) / g.sizes.front();
    const Eigen::Index growth_row = last + 1;
    t.values.conservativeResize(growth_row + 1, Eigen::NoChange);
    t.row_labels.push_back(say(lang, {"增长倍数", "growth ×"}));
    col = 0;
    for (PositionMethod m : all_position_methods()) {
        const double first = g.micros(0, col), end = g.micros(last, col);
        t.values(growth_row, col) = first > 0 ? end / first : std::numeric_limits<double>::quiet_NaN();
        if (first > 0 && end > 0 && size_ratio > 1) {
            const int predicted = work_group(m) == 1 ? 2 : 1;
            const double exponent = std::log(end / first) / std::log(size_ratio);
            const bool holds = std::fabs(exponent - predicted) < 0.5;
            const Text word = predicted == 2 ? (holds ? Text{"按 N² 增长", "as N²"} : Text{"不按 N² 增长", "not as N²"})
                                             : (holds ? Text{"按 N 增长", "as N"} : Text{"不按 N 增长", "not as N"});
            t.marks.push_back({static_cast<int>(growth_row), col, holds, say(lang, word)});
        }
        ++col;
    }
    t.corner = "N";
    t.decimals = 2;
    const std::vector<std::string> notes = {
        say(lang, {"从 N = {lo} 到 N = {hi}（{n} 倍），实测时间变为：{ratios}",
                   "From N = {lo} to N = {hi} ({n}×) the measured time grows: {ratios}"},
            {{"lo", integer(g.sizes.front())},
             {"hi", integer(g.sizes.back())},
             {"n", num(static_cast<double>(g.sizes.back()) / g.sizes.front(), 3)},
             {"ratios", join(ratios, lang == Lang::zh ? "，" : ", ")}}),
        say(lang, {"每个尺寸都单独计时，运行比[[lesson:cost/measured-time|实测时间]]那一步短，所以 N = {hi} 这一行与那里略有不同；一个有噪声的格子就能让比值偏离 8 或 64 很远。",
                   "Each size is timed on its own, in shorter runs than the step [[lesson:cost/measured-time|measured time]], so "
                   "its row N = {hi} differs a little from that step's times; one noisy cell can push a ratio far from 8 or 64."},
            {{"hi", integer(g.sizes.back())}}),
    };
    return {make_view(say(lang, {"实测时间（µs）", "Measured time (µs)"}), std::move(t), notes)};
}

}  // namespace

// [SECTION] the step
namespace {

// The takeaway's numbers, from the run the table shows (measure_growth keeps it for these inputs): the sizes, and
// the least and the most growth among the N² methods and among the N·d methods.
std::vector<Arg> growth_table_args(const Inputs& in, Lang) {
    const GrowthTimes g = measure_growth(in);
    double lo[2] = {0, 0}, hi[2] = {0, 0};
    bool seen[2] = {false, false};
    for (PositionMethod m : all_position_methods()) {
        const int group = work_group(m);
        const double r = growth_ratio(g, m);
        lo[group] = seen[group] ? std::min(lo[group], r) : r;
        hi[group] = seen[group] ? std::max(hi[group], r) : r;
        seen[group] = true;
    }
    return {{"lo", integer(g.sizes.front())},
            {"hi", integer(g.sizes.back())},
            {"sq_lo", num(lo[1], 3)},
            {"sq_hi", num(hi[1], 3)},
            {"lin_lo", num(lo[0], 3)},
            {"lin_hi", num(hi[0], 3)}};
}

}  // namespace

Step growth_table() {
    Step s = {
        "growth-table",
        {"实测时间表", "The measured times"},
        {
        "这是上一步曲线背后的实测时间：每行一个尺寸，每列一种方法，每一列的末项除以首项就是该方法随 N 增长的倍数。"
        "时间是打开这一步时在本页中实测的，所以每次的数字略有不同；改变 re-run 会重新测量。"
        "N² 的方法（完整偏置、逐偏移查表、T5 分桶查表、ALiBi）的倍数接近 N 倍数的平方，N·d 的方法接近 N 的倍数；"
        "小尺寸下计时受缓存和计时精度影响，倍数只是近似。",
        "These are the measured times behind the previous step's curve, one row per size and one column per method; "
        "a column's last entry over its first is that method's growth with N. They are measured in this page when "
        "the step opens, so the numbers differ a little from run to run; changing re-run measures again. The N² "
        "methods (full bias, per-offset lookup, T5 bucket lookup, ALiBi) grow by about the square of N's ratio, the "
        "N·d methods by about N's ratio; at small sizes caches and timer resolution blur the ratios, so they are "
        "approximate."},
        {"N", "d", "trial"},
        views_of(read_inputs, growth_table_views),
        {R"tex(t(N) / t(N/8) \approx 8^k, \qquad k = 1 \ (N d), \quad k = 2 \ (N^2))tex"},
    };
    s.takeaway = {"N 从 {lo} 到 {hi}：N² 方法时间增长 {sq_lo}–{sq_hi} 倍，N·d 方法 {lin_lo}–{lin_hi} 倍，因为工作量分别按 N² 和 N 增长。",
                  "From N = {lo} to {hi} the N² methods' times grew {sq_lo}–{sq_hi}×, the N·d methods' {lin_lo}–{lin_hi}×, "
                  "because their work grows as N² and as N; at small N the coarse clock and CPU caches blur the times."};
    s.takeaway_args = args_of(read_inputs, growth_table_args);
    return s;
}

}  // namespace cost_lesson
}  // namespace pelab
