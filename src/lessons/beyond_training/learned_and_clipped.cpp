// PE Lab — lessons/beyond_training/learned_and_clipped.cpp
// Lesson "beyond-training", step "learned-and-clipped" (it also holds what the old closing comparison,
// "six-methods", said about every method past L): how many distinct values each method meets over the distances
// 0 … Δ — a formula (ALiBi, RoPE, the sinusoid) a new one at every distance, Shaw's clipped distances and T5's
// buckets a fixed few, a learned table one row per trained position and none beyond — on log axes, with the
// training length marked.
// Comments are English only: the font subset is built from the characters inside .cpp string literals.
//
// [SECTION] the counts
// [SECTION] views
// [SECTION] the step
#include <algorithm>
#include <cmath>
#include <limits>
#include <vector>

#include "core/rope/rope_decay.h"
#include "core/relative/t5.h"
#include "lessons/beyond_training/beyond_training.h"
#include "lessons/lesson_util.h"

namespace pelab {
namespace beyond_training {

using namespace lessonui;

// [SECTION] the counts
int shaw_distinct(int delta, int k) { return std::min(std::max(delta, 0), k) + 1; }

// T5's buckets are counted for keys at or before the query: its relative position key − query is −Δ.
int t5_distinct(int delta, int num_buckets, int max_distance) {
    std::vector<bool> seen(static_cast<std::size_t>(num_buckets), false);
    int count = 0;
    for (int d = 0; d <= delta; ++d) {
        const int b = t5_relative_position_bucket(-static_cast<long long>(d), true, num_buckets, max_distance);
        if (b >= 0 && b < num_buckets && !seen[static_cast<std::size_t>(b)]) {
            seen[static_cast<std::size_t>(b)] = true;
            ++count;
        }
    }
    return count;
}

int t5_max_distance_used(const Inputs& in) { return std::max(in.max_distance, t5_max_exact(in.num_buckets, true) + 1); }

namespace {

// The step's numbers at the largest distance N − 1 and at L − 1, the last distance met in training.
struct DistinctCounts {
    int n = 0, last = 0;                    // N and the largest distance N − 1
    int shaw = 0, shaw_new = 0, t5 = 0, t5_new = 0, formula_new = 0;
};

DistinctCounts distinct_counts(const Inputs& in) {
    DistinctCounts c;
    c.n = in.context();
    c.last = c.n - 1;
    const int md = t5_max_distance_used(in);
    c.shaw = shaw_distinct(c.last, in.clip);
    c.shaw_new = c.shaw - shaw_distinct(in.L - 1, in.clip);
    c.t5 = t5_distinct(c.last, in.num_buckets, md);
    c.t5_new = c.t5 - t5_distinct(in.L - 1, in.num_buckets, md);
    c.formula_new = c.last - (in.L - 1);
    return c;
}

}  // namespace

// [SECTION] views
static std::vector<ViewData> learned_and_clipped_views(const Inputs& in, Lang lang) {
    const DistinctCounts c = distinct_counts(in);
    const int md = t5_max_distance_used(in);
    CurveView curve;
    curve.x = log_spaced_integers(1, c.last, 200);
    curve.log_x = true;
    curve.log_y = true;
    curve.missing_points = true;  // the learned table has no row past L
    curve.x_axis = say(lang, {"距离 Δ = q − k（可学习表：位置 p）", "distance Δ = q − k (the learned table: position p)"});
    curve.y_axis = say(lang, {"0 … Δ 上遇到的不同值的个数", "distinct values met over 0 … Δ"});
    // T5's running count over every distance, read at the curve's points.
    std::vector<int> t5_running(static_cast<std::size_t>(c.last) + 1, 0);
    {
        std::vector<bool> seen(static_cast<std::size_t>(in.num_buckets), false);
        int count = 0;
        for (int d = 0; d <= c.last; ++d) {
            const int b = t5_relative_position_bucket(-static_cast<long long>(d), true, in.num_buckets, md);
            if (b >= 0 && b < in.num_buckets && !seen[static_cast<std::size_t>(b)]) {
                seen[static_cast<std::size_t>(b)] = true;
                ++count;
            }
            t5_running[static_cast<std::size_t>(d)] = count;
        }
    }
    const double nan = std::numeric_limits<double>::quiet_NaN();
    std::vector<double> formula, learned, shaw, t5;
    for (double x : curve.x) {
        const int d = static_cast<int>(x);
        formula.push_back(d + 1.0);
        learned.push_back(d < in.L ? d + 1.0 : nan);
        shaw.push_back(shaw_distinct(d, in.clip));
        t5.push_back(t5_running[static_cast<std::size_t>(d)]);
    }
    curve.series = {formula, learned, shaw, t5};
    curve.series_labels = {say(lang, {"ALiBi、RoPE、正弦：每个距离一个新值", "ALiBi, RoPE, sinusoid: a new value per distance"}),
                           say(lang, {"可学习表：L 行，L 之后没有", "learned table: L rows, none past L"}),
                           say(lang, {"Shaw：截断到 C", "Shaw: clipped at C"}), say(lang, {"T5：桶", "T5: buckets"})};
    curve.series_dashed = {false, true, false, false};
    if (in.clip <= c.last) {
        curve.vlines_x.push_back(in.clip);
        curve.vline_labels.push_back("C");
    }
    if (md < c.last) {
        curve.vlines_x.push_back(md);
        curve.vline_labels.push_back("max_distance");
    }
    curve.vlines_x.push_back(in.L);
    curve.vline_labels.push_back(say(lang, {"训练长度 L", "training length L"}));
    std::vector<std::string> notes = {
        say(lang, {"到 Δ = {last}：Shaw（C = {k}）遇到 {shaw} 个值，L = {L} 之后新增 {shaw_new} 个；T5（{nb} 个桶，max_distance = {md}）"
                   "遇到 {t5} 个桶，L 之后新增 {t5_new} 个；ALiBi、RoPE 和正弦每个距离一个新值，L 之后有 {new} 个训练中没见过。",
                   "Up to Δ = {last}: Shaw (C = {k}) meets {shaw} values, {shaw_new} of them new past L = {L}; T5 ({nb} buckets, "
                   "max_distance = {md}) meets {t5} buckets, {t5_new} new past L; ALiBi, RoPE and the sinusoid meet a new value "
                   "at every distance, {new} of them past L, never seen in training."},
            {{"last", integer(c.last)}, {"k", integer(in.clip)}, {"shaw", integer(c.shaw)}, {"L", integer(in.L)},
             {"shaw_new", integer(c.shaw_new)}, {"nb", integer(in.num_buckets)}, {"md", integer(md)}, {"t5", integer(c.t5)},
             {"t5_new", integer(c.t5_new)}, {"new", integer(c.formula_new)}}),
        say(lang, {"可学习的绝对位置表每个训练位置一行，共 L = {L} 行：从位置 {L} 起根本没有向量。",
                   "A learned absolute table has one row per trained position, L = {L} rows: from position {L} on there is no vector at all."},
            {{"L", integer(in.L)}}),
        say(lang, {"T5 按 键位置 − 查询位置 计数；这里 Δ = q − k ≥ 0，只用到一侧的 B/2 = {half} 个桶（B：桶数，D：max_distance）。",
                   "T5 counts key − query position; here Δ = q − k ≥ 0, so only one side's B/2 = {half} buckets are used "
                   "(B: buckets, D: max_distance)."},
            {{"half", integer(in.num_buckets / 2)}}),
    };
    if (md != in.max_distance)
        notes.push_back(say(lang, {"max_distance 必须大于 {exact} 个精确桶，这里用 {md}。", "max_distance must exceed the {exact} exact buckets; {md} is used here."},
                            {{"exact", integer(t5_max_exact(in.num_buckets, true))}, {"md", integer(md)}}));
    return {make_view(say(lang, {"每种方法在 0 … Δ 上遇到的不同值", "Distinct values each method meets over 0 … Δ"}), std::move(curve),
                      std::move(notes))};
}

// [SECTION] the step
Step learned_and_clipped() {
    Step s = {
        "learned-and-clipped",
        {"截断与分桶：远处的距离共用一个值", "Clipped and bucketed: far distances share one value"},
        {"[[lesson:shaw|Shaw]] 把超过 C 的距离[[clipping|截断]]成 C（Shaw 的论文记作 k），每个值查一个学出来的向量；[[lesson:t5-bias|T5]] 把距离分进[[bucket|桶]]，"
         "超过 max_distance 的都落进最后一个桶。[[lesson:absolute-pe|可学习的绝对位置表]]每个训练位置一行。ALiBi、RoPE 和正弦编码是公式，"
         "任何距离都有定义，但 L 之后给出训练中没见过的值。曲线数出在距离 0 … Δ 上每种方法遇到多少个不同的值，两个轴都是对数轴。",
         "[[lesson:shaw|Shaw]] [[clipping|clips]] every distance beyond C to C (k in Shaw's paper) and looks up one learned vector per value; "
         "[[lesson:t5-bias|T5]] sorts distances into [[bucket|buckets]], and every distance past max_distance lands in the "
         "last one. A [[lesson:absolute-pe|learned absolute table]] has one row per trained position. ALiBi, RoPE and the "
         "sinusoidal encoding are formulas: defined at every distance, but past L they give values never met in "
         "training. The curve counts how many different values each method meets over the distances 0 … Δ; both axes "
         "are logarithmic."},
        {"original_max", "seq_len", "clip", "num_buckets", "max_distance"},
        views_of(read_inputs, learned_and_clipped_views),
        {R"tex(\mathrm{Shaw}:\ \min(\Delta,C),\qquad \mathrm{T5}:\ \min\Bigl(\tfrac{B}{2}-1,\ \tfrac{B}{4}+\Bigl\lfloor\tfrac{B}{4}\cdot\tfrac{\ln(4\Delta/B)}{\ln(4D/B)}\Bigr\rfloor\Bigr)\ \ (\Delta\ge\tfrac{B}{4})tex"},
    };
    s.takeaway = {"到 Δ = {last}，ALiBi 和 RoPE 遇到 {new} 个训练中没有的值；[[lesson:shaw|Shaw]] 新增 {shaw_new} 个，[[lesson:t5-bias|T5]] 新增 {t5_new} 个：远处截成同一个值，彼此不分。",
                  "Up to Δ = {last}, ALiBi and RoPE meet {new} values never seen in training; [[lesson:shaw|Shaw]] meets {shaw_new} new "
                  "ones and [[lesson:t5-bias|T5]] {t5_new}: they clip far distances to one value, so far keys look alike."};
    s.takeaway_args = args_of(read_inputs, +[](const Inputs& in, Lang) {
        const DistinctCounts c = distinct_counts(in);
        return std::vector<Arg>{{"last", integer(c.last)}, {"new", integer(c.formula_new)}, {"shaw_new", integer(c.shaw_new)},
                                {"t5_new", integer(c.t5_new)}};
    });
    return s;
}

}  // namespace beyond_training
}  // namespace pelab
