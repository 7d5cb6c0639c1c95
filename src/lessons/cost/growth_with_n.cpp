// PE Lab — lessons/cost/growth_with_n.cpp
// Step "growth-with-n" of lesson "cost": every method timed at eight sizes from N/8 to N, on log–log axes
// where a power law is a straight line, with the slopes 1 and 2 dashed beside them (the numbers themselves are
// the table of step growth-table; measure_growth and method_short_label serve both). Its question, a prediction:
// how the work of a full N×N bias grows when N grows 8× (neither the title, the first sentence nor the equations
// give the exponent).
// Comments are English only: the font subset is built from the characters inside this file's strings.
//
// [SECTION] the views
// [SECTION] the step and its question
#include <algorithm>
#include <cmath>
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
// Column headers for the wide timing table (growth-table), and the takeaway of time-per-element.
std::string method_short_label(PositionMethod m, Lang lang) {
    switch (m) {
        case PositionMethod::embedding_add: return say(lang, {"嵌入", "embed"});
        case PositionMethod::full_bias: return say(lang, {"完整偏置", "full bias"});
        case PositionMethod::distance_bias: return say(lang, {"逐偏移", "per offset"});
        case PositionMethod::t5_bias: return "T5";
        case PositionMethod::alibi_bias: return "ALiBi";
        case PositionMethod::rope_cached: return say(lang, {"RoPE 缓存", "RoPE cache"});
        case PositionMethod::rope_uncached: return say(lang, {"即时 RoPE", "RoPE on the fly"});
    }
    return "";
}

GrowthTimes measure_growth_now(const Inputs& in) {
    const int steps = 8;
    GrowthTimes g;
    for (int k = 1; k <= steps; ++k) g.sizes.push_back(std::max(16, in.N * k / steps));
    g.sizes.erase(std::unique(g.sizes.begin(), g.sizes.end()), g.sizes.end());
    g.micros.resize(static_cast<Eigen::Index>(g.sizes.size()), method_count());
    int col = 0;
    for (PositionMethod m : all_position_methods()) {
        for (std::size_t r = 0; r < g.sizes.size(); ++r) {
            const CostMeasurement cm = measure_position_cost(m, g.sizes[r], in.d, 0.0005, 10, cost_model(in), min_sample_seconds());
            g.micros(static_cast<Eigen::Index>(r), col) = cm.seconds * 1e6;
        }
        ++col;
    }
    return g;
}

namespace {

std::vector<ViewData> growth_views(const Inputs& in, Lang lang) {
    // Log–log axes: a power law N^k is a straight line of slope k.
    CurveView c;
    c.y_axis = say(lang, {"µs（对数刻度）", "µs (log scale)"});
    c.x_axis = say(lang, {"N（对数刻度）", "N (log scale)"});
    c.log_x = c.log_y = true;
    const GrowthTimes g = measure_growth(in);
    const std::vector<int>& sizes = g.sizes;
    for (int n : sizes) c.x.push_back(n);
    int col = 0;
    for (PositionMethod m : all_position_methods()) {
        std::vector<double> y;
        for (std::size_t r = 0; r < sizes.size(); ++r) y.push_back(g.micros(static_cast<Eigen::Index>(r), col));
        c.series.push_back(y);
        c.series_labels.push_back(method_label(m, lang));
        ++col;
    }
    c.markers_x = c.x;
    c.series_dashed.assign(c.series.size(), false);
    const int bias_col = static_cast<int>(PositionMethod::full_bias), emb_col = static_cast<int>(PositionMethod::embedding_add);
    // The two slopes, dashed, through the first measurement of embedding add (slope 1) and of the full bias
    // (slope 2), so that a learner can lay each measured line against them.
    const double emb_first = g.micros(0, emb_col), bias_first = g.micros(0, bias_col);
    if (emb_first > 0 && bias_first > 0) {
        std::vector<double> slope1, slope2;
        for (double n : c.x) {
            const double s = n / c.x.front();
            slope1.push_back(emb_first * s);
            slope2.push_back(bias_first * s * s);
        }
        c.series.push_back(slope1);
        c.series_labels.push_back(say(lang, {"∝ N（斜率 1）", "∝ N (slope 1)"}));
        c.series.push_back(slope2);
        c.series_labels.push_back(say(lang, {"∝ N²（斜率 2）", "∝ N² (slope 2)"}));
        c.series_dashed.insert(c.series_dashed.end(), {true, true});
    }
    const Eigen::Index last = g.micros.rows() - 1;
    const double first_bias = g.micros(0, bias_col), last_bias = g.micros(last, bias_col);
    const double first_emb = g.micros(0, emb_col), last_emb = g.micros(last, emb_col);
    const double n_ratio = static_cast<double>(sizes.back()) / sizes.front();
    const std::vector<std::string> notes = {
        say(lang,
            {"N 增大 {n} 倍：完整偏置的时间变为 {bias} 倍（O(N²) 预期 {bias_pred} 倍），嵌入加法变为 {emb} 倍（O(N) 预期 "
             "{emb_pred} 倍）。",
             "N grows {n}×: full bias time grows {bias}× (O(N²) predicts {bias_pred}×), embedding add {emb}× (O(N) "
             "predicts {emb_pred}×)."},
            {{"n", num(n_ratio, 3)},
             {"bias", num(first_bias > 0 ? last_bias / first_bias : 0.0, 3)},
             {"bias_pred", num(n_ratio * n_ratio, 3)},
             {"emb", num(first_emb > 0 ? last_emb / first_emb : 0.0, 3)},
             {"emb_pred", num(n_ratio, 3)}}),
    };
    return {make_view(say(lang, {"实测时间随 N 的变化（µs）", "Measured time against N (µs)"}), std::move(c), notes)};
}

}  // namespace

// [SECTION] the step and its question
namespace {

// The takeaway's numbers, from the run the curve shows (measure_growth keeps it for these inputs): how much N grew
// and how much the full bias's and the embedding table's times grew, beside what their work predicts.
std::vector<Arg> growth_args(const Inputs& in, Lang) {
    const GrowthTimes g = measure_growth(in);
    const double n_ratio = static_cast<double>(g.sizes.back()) / g.sizes.front();
    return {{"n", num(n_ratio, 3)},
            {"bias", num(growth_ratio(g, PositionMethod::full_bias), 3)},
            {"bias_pred", num(n_ratio * n_ratio, 3)},
            {"emb", num(growth_ratio(g, PositionMethod::embedding_add), 3)},
            {"emb_pred", num(n_ratio, 3)}};
}

}  // namespace

Step growth_with_n() {
    Step s = {
        "growth-with-n",
        {"随 N 的增长", "Growth with N"},
        {
        "N 从 N/8 增到 N，每个尺寸都实测一次；两条轴都是对数刻度，所以幂律 N^k 是一条斜率为 k 的直线。"
        "N² 的方法（完整偏置、逐偏移查表、T5 分桶查表、ALiBi）随 N 平方增长，N·d 的方法（嵌入加法、RoPE）线性增长："
        "N·d 的方法斜率为 1，N² 的方法斜率为 2，两条虚线画出这两种斜率。注释把实测倍数和理论倍数放在一起；小尺寸下计时受缓存和计时精度影响，倍数只是近似。下一步列出曲线背后的实测时间。",
        "N runs from N/8 to N and every size is timed; both axes are logarithmic, so a power law N^k is a straight "
        "line of slope k. The N² methods (full bias, per-offset lookup, T5 bucket lookup, ALiBi) grow with the "
        "square of N, the N·d methods (embedding add, RoPE) linearly: slope 1 for the N·d methods, 2 for the N² "
        "methods, the two slopes the dashed lines show. The notes set the measured ratios beside the predicted ones; at "
        "small sizes caches and timer resolution blur the ratios, so they are approximate. The next step lists the "
        "measured times behind the curve."},
        {"N", "d", "trial"},
        views_of(read_inputs, growth_views),
        {
         R"tex(t \propto N^k \;\Longrightarrow\; \log t = k \log N + \mathrm{const})tex",
         R"tex(\frac{t(N)}{t(N/8)} = 8^k)tex"},
    };
    // Covered until answered (a prediction): it gives the measured growth.
    s.takeaway = {"N 增大 {n} 倍：完整偏置时间 {bias} 倍（N² 预期 {bias_pred}），嵌入加法 {emb} 倍（N 预期 {emb_pred}）：偏置处理 N² 个分数；单次计时有噪声。",
                  "N grew {n}×: full bias {bias}× (N² predicts {bias_pred}×), embedding add {emb}× (N predicts {emb_pred}×): "
                  "a bias touches N² scores, an embedding table N·d numbers; single timings are noisy."};
    s.takeaway_args = args_of(read_inputs, growth_args);
    s.questions = {
        {{"N 增大 8 倍，加一个完整 N×N 偏置的工作量增大多少？",
          "N grows 8×. How much more work is adding a full N×N bias?"},
         {{"8 倍（N）", "8× (N)"}, {"64 倍（N²）", "64× (N²)"}, {"512 倍（N³）", "512× (N³)"}},
         1,
         [](const ParamSet& p, Lang lang) {
             // From N/8 to 8 times that, so the ratio is exactly 8× in N whatever N is.
             const Inputs in = read_inputs(p);
             const int n = std::max(1, in.N / 8), d = in.d;
             const double small = position_work_items(PositionMethod::full_bias, n, d);
             const double large = position_work_items(PositionMethod::full_bias, 8 * n, d);
             const double embed = position_work_items(PositionMethod::embedding_add, 8 * n, d) /
                                  position_work_items(PositionMethod::embedding_add, n, d);
             return say(lang,
                        {"N = {small_n} 时要更新 {small} 个元素，N = {N} 时 {large} 个，是 {ratio} 倍；"
                         "而加嵌入表只增大 {embed} 倍。实测时间在小尺寸下会受缓存和计时精度影响。",
                         "At N = {small_n} it updates {small} elements, at N = {N} {large}: {ratio}×, while adding "
                         "an embedding table grows only {embed}×. Measured times blur this at small sizes (caches, "
                         "timer resolution)."},
                        {{"small_n", integer(n)}, {"small", count_text(std::llround(small), lang)},
                         {"N", integer(8LL * n)}, {"large", count_text(std::llround(large), lang)},
                         {"ratio", num(large / small)}, {"embed", num(embed)}});
         }},
    };
    s.questions[0].predict = true;  // asked before the curve: it, its note and the takeaway are covered until then
    return s;
}

}  // namespace cost_lesson
}  // namespace pelab
