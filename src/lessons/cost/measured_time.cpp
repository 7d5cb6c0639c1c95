// PE Lab — lessons/cost/measured_time.cpp
// Step "measured-time" of lesson "cost": the position part of each method timed on this machine (or in the
// browser), the fastest of many runs, as bars on a log axis coloured by how the work grows (the numbers are in
// the table of the step time-per-element). The timings vary from run to run.
// Comments are English only: the font subset is built from the characters inside this file's strings.
//
// [SECTION] the views
// [SECTION] the step
#include <algorithm>
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

std::vector<ViewData> timing_views(const Inputs& in, Lang lang) {
    const std::vector<CostMeasurement> ms = measure_all(in);
    // One bar per method on a log axis (the methods differ by orders of magnitude), coloured by how their work
    // grows (work_group, lesson.cpp).
    BarsView bars;
    bars.log = true;
    bars.value_axis = say(lang, {"最快一次（µs，对数刻度）", "fastest run (µs, log scale)"});
    bars.group_labels = work_group_labels(lang);
    for (const CostMeasurement& c : ms) {
        bars.labels.push_back(method_label(c.method, lang));
        // A run too short for the clock (0 µs) has no place on a log axis: no bar, and the hover says why.
        bars.values.push_back(c.seconds > 0 ? c.seconds * 1e6 : std::numeric_limits<double>::quiet_NaN());
        bars.groups.push_back(work_group(c.method));
    }
    bars.explain = [ms, lang](int i) {
        const CostMeasurement& c = ms[static_cast<std::size_t>(i)];
        if (!(c.seconds > 0)) return say(lang, {"太快，时钟测不出。", "Too fast for the clock to see."});
        return say(lang, {"{items} 个元素，每个 {per} ns；{runs} 次里最快的一次。",
                          "{items} elements, {per} ns each; the fastest of {runs} runs."},
                   {{"items", integer(static_cast<long long>(c.work_items))},
                    {"per", num(c.work_items > 0 ? c.seconds * 1e9 / c.work_items : 0.0, 3)},
                    {"runs", integer(static_cast<long long>(c.runs))}});
    };
    std::vector<std::size_t> order(ms.size());
    for (std::size_t i = 0; i < order.size(); ++i) order[i] = i;
    std::sort(order.begin(), order.end(), [&](std::size_t a, std::size_t b) { return ms[a].seconds < ms[b].seconds; });
    std::vector<std::string> ranked;
    for (std::size_t i : order) ranked.push_back(method_label(ms[i].method, lang));
    const std::vector<std::string> notes = {
        say(lang, {"这次测得由快到慢：{ranking}", "Measured this time, fastest first: {ranking}"},
            {{"ranking", join(ranked, " < ")}}),
        say(lang,
            {"常见的简化写法给出的时延顺序是“注意力偏置 > 旋转编码 > 嵌入加法”；N 远大于 d 时偏置的 N² 工作量占上风，"
             "N 接近 d 时顺序可能改变。",
             "A common simplified summary found in tutorials orders latency as bias > rotary > embedding add; when "
             "N is much larger than d the N² work of a bias dominates, and near N ≈ d the order can change."}),
    };
    return {make_view(say(lang, {"实测：一次应用位置部分的时间", "Measured: time of one application of the position part"}),
                      std::move(bars), notes)};
}

}  // namespace

// [SECTION] the step
namespace {

// The takeaway's numbers: the run the bars show (measure_all keeps it for these inputs), the fastest bias against
// the embedding table, beside the element counts that explain the gap.
std::vector<Arg> measured_time_args(const Inputs& in, Lang) {
    const std::vector<CostMeasurement> ms = measure_all(in);
    double table = 0, fastest_bias = 0;
    for (const CostMeasurement& c : ms) {
        if (c.method == PositionMethod::embedding_add) table = c.seconds;
        if (work_group(c.method) == 1 && c.seconds > 0 && (fastest_bias == 0 || c.seconds < fastest_bias)) fastest_bias = c.seconds;
    }
    return {{"cells", integer(static_cast<long long>(in.N) * in.N)},
            {"nd", integer(static_cast<long long>(in.N) * in.d)},
            {"ratio", num(table > 0 ? fastest_bias / table : 0.0, 3)}};
}

}  // namespace

Step measured_time() {
    Step s = {
        "measured-time",
        {"实测时间", "Measured time"},
        {
        "每种方法的位置部分都在本机（或浏览器）上真正执行，重复多次，取最快一次。"
        "执行的是：把位置表加到嵌入上、把偏置加到 N×N 的分数上、按偏移查表相加、或旋转 Q 和 K。"
        "N 远大于 d 时，N² 的偏置比加一张表或用缓存旋转更慢；即时计算的 RoPE 要为正弦和余弦付出代价。"
        "横条用对数刻度，颜色表示工作量随 N·d 还是随 N² 增长。数字是此刻此地的测量值，每次都会略有不同。",
        "Each method's position part really runs here, on this machine or in the browser, and the fastest of many "
        "runs is kept. It adds a table to the embeddings, adds a bias to the N×N scores, looks "
        "up an offset table for every cell, or rotates Q and K. When N is much larger than d the N² biases are "
        "slower than adding a table or a cached rotation; RoPE computed on the fly pays for its sines and cosines. "
        "The bars use a log scale, coloured by whether the work grows as N·d or as N². The numbers vary a little "
        "from run to run."},
        {"N", "d", "trial"},
        views_of(read_inputs, timing_views),
        {{R"tex(O(N d) \ \text{（加一张表、旋转）}, \qquad O(N^2) \ \text{（加或查一个偏置）}, \qquad \frac{N^2}{N d} = \frac{N}{d})tex", R"tex(O(N d) \ \text{(add a table, rotate)}, \qquad O(N^2) \ \text{(add or look up a bias)}, \qquad \frac{N^2}{N d} = \frac{N}{d})tex"}},
    };
    s.takeaway = {"偏置处理每头 N² = {cells} 个分数，嵌入表只处理 N·d = {nd} 个：最快的偏置耗时是嵌入表的 {ratio} 倍；即时 RoPE 还要算正余弦。",
                  "A bias touches all N² = {cells} scores of a head, an embedding table N·d = {nd} numbers: the fastest bias "
                  "took {ratio}× the table's time. RoPE on the fly pays a sine and cosine per element."};
    s.takeaway_args = args_of(read_inputs, measured_time_args);
    return s;
}

}  // namespace cost_lesson
}  // namespace pelab
