// PE Lab — lessons/cost/time_per_element.cpp
// Step "time-per-element" of lesson "cost": the measurements of measured-time in numbers, each time split
// into the elements the method touches and the time per element, with how the timing is done (batches of
// applications, the fastest kept) and what fused attention kernels change. The timings vary from run to run.
// Comments are English only: the font subset is built from the characters inside this file's strings.
//
// [SECTION] the views
// [SECTION] the step
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

std::vector<ViewData> time_per_element_views(const Inputs& in, Lang lang) {
    const std::vector<CostMeasurement> ms = measure_all(in);
    TableView t;
    t.values.resize(method_count(), 5);
    for (int r = 0; r < method_count(); ++r) {
        const CostMeasurement& c = ms[static_cast<std::size_t>(r)];
        t.values.row(r) << c.seconds * 1e6, c.work_items > 0 ? c.seconds * 1e9 / c.work_items : 0.0, c.runs,
            c.setup_seconds * 1e6, c.work_items;
        t.row_labels.push_back(method_label(c.method, lang));
    }
    t.col_labels = {say(lang, {"最快一次（µs）", "fastest run (µs)"}), say(lang, {"每元素（ns）", "per element (ns)"}),
                    say(lang, {"次数", "runs"}), say(lang, {"建表（µs）", "table setup (µs)"}),
                    say(lang, {"元素数", "elements"})};
    t.col_decimals = {2, 3, 0, 1, 0};
    t.corner = method_caption(lang);
    // The deciding cells: the element counts of the methods whose work grows as N² (slow by count), and the
    // dearest element this run measured.
    const double dearest = t.values.col(1).maxCoeff();
    for (int r = 0; r < method_count(); ++r) {
        if (work_group(ms[static_cast<std::size_t>(r)].method) == 1)
            t.marks.push_back({r, 4, false, say(lang, {"N² 个元素", "N² elements"})});
        if (t.values(r, 1) == dearest && dearest > 0) t.marks.push_back({r, 1, false, say(lang, {"每个元素贵", "costly element"})});
    }
    const std::vector<std::string> notes = {
        say(lang,
            {"这里每种偏置只加到一个头的 N×N 分数上，共 {cells} 个元素；模型对 {heads} 个头各做一次。"
             "[[fused-attention|融合的注意力核]]（如 FlashAttention）在片上内存里逐块计算分数，从不写出 N×N 的分数矩阵，更不写出 H·N² 的偏置："
             "ALiBi 和 RoPE 由位置直接算出，能放进这样的核里，而可学习的偏置表要先查出每一对 (q, k) 的值。",
             "Here each bias is added to one head's N×N scores, {cells} elements; a model does this for each of its "
             "{heads} heads. [[fused-attention|Fused attention kernels]] (such as FlashAttention) compute the scores tile by tile in "
             "on-chip memory and never write out the N×N score matrix, let alone an H·N² bias: ALiBi and RoPE are "
             "computed from positions and fit inside such a kernel, whereas a learned bias table must first be "
             "looked up for every pair (q, k)."},
            {{"cells", integer(static_cast<long long>(in.N) * in.N)}, {"heads", integer(in.heads)}}),
        say(lang,
            {"单线程、双精度，用稳定时钟计时，这里时钟每 {tick} 跳一次。短于 {ticks} 跳的应用成批计时，"
             "一批的时间平均到每一次，取最快的一批（t = 各次 t_r 的最小值）；“次数”是计时的应用次数，“建表”是先算好表的时间，不计入 t。改变 re-run 即重新测量。",
             "Single thread, double precision, timed with a steady clock, which ticks every {tick} here: applications "
             "shorter than {ticks} ticks are timed in batches and a batch's time is shared among them; the fastest "
             "batch is kept (t = the least t_r over the runs r). Runs: applications timed; table setup: building the "
             "table first, not part of t. Change re-run to measure again."},
            {{"tick", time_text(clock_tick_seconds())}, {"ticks", integer(static_cast<long long>(kTicksPerSample))}}),
    };
    return {make_view(say(lang, {"实测数字", "The measurements in numbers"}), std::move(t), notes)};
}

}  // namespace

// [SECTION] the step
namespace {

// The takeaway's numbers, from the run the table shows (measure_all keeps it for these inputs): the dearest and the
// cheapest element, and the element count of a bias.
std::vector<Arg> time_per_element_args(const Inputs& in, Lang lang) {
    const std::vector<CostMeasurement> ms = measure_all(in);
    std::size_t dear = 0;
    double dear_ns = 0, cheap_ns = 0;
    for (std::size_t i = 0; i < ms.size(); ++i) {
        const double ns = ms[i].work_items > 0 ? ms[i].seconds * 1e9 / ms[i].work_items : 0.0;
        if (ns > dear_ns) {
            dear_ns = ns;
            dear = i;
        }
        if (ns > 0 && (cheap_ns == 0 || ns < cheap_ns)) cheap_ns = ns;
    }
    return {{"cells", integer(static_cast<long long>(in.N) * in.N)},
            {"dear", ms[dear].method == PositionMethod::rope_uncached ? say(lang, {"即时 RoPE", "RoPE on the fly"})
                                                                      : method_short_label(ms[dear].method, lang)},
            {"dear_ns", num(dear_ns, 3)},
            {"cheap_ns", num(cheap_ns, 3)}};
}

}  // namespace

Step time_per_element() {
    Step s = {
        "time-per-element",
        {"每个元素的时间", "Time per element"},
        {
        "把上一步的每个实测时间除以方法处理的元素数，就得到每个元素的时间。"
        "它揭示两种慢法：元素多（N² 的偏置），或每个元素贵（即时计算的 RoPE）。"
        "表格列出上一步的实测时间、每个元素的时间、计时的次数和建表的时间；元素数是加法或旋转的次数 n。",
        "Each of the previous step's measured times divided by the number of elements the method touches gives its "
        "time per element. It shows two ways to be slow: many elements (the N² biases) or a costly one (RoPE on the "
        "fly). The table gives the previous step's measured times, the time per element, how many runs were timed "
        "and the time to build the table; the elements n are the additions or rotations done."},
        {"N", "d", "heads", "trial"},
        views_of(read_inputs, time_per_element_views),
        {{R"tex(t = \min_{r} t_r \approx n \cdot t_{\text{每元素}})tex", R"tex(t = \min_{r} t_r \approx n \cdot t_{\text{elem}})tex"}},
    };
    s.takeaway = {"时间 = 元素数 × 每元素时间：偏置慢在元素多（N² = {cells} 个），{dear} 慢在元素贵（{dear_ns} ns，最便宜 {cheap_ns} ns）。",
                  "Time = elements × time per element: the biases are slow by count (N² = {cells} elements), {dear} by "
                  "price ({dear_ns} ns per element against {cheap_ns} ns for the cheapest)."};
    s.takeaway_args = args_of(read_inputs, time_per_element_args);
    return s;
}

}  // namespace cost_lesson
}  // namespace pelab
