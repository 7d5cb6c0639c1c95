// PE Lab — lessons/cost/measured_time.cpp
// Step "measured-time" of lesson "cost": the position part of each method timed on this machine (or in the
// browser), the fastest of many runs, as bars on a log axis coloured by how the work grows, and the numbers
// in a table. The timings vary from run to run. Its question: what RoPE rotates per generated token.
// Comments are English only: the font subset is built from the characters inside this file's strings.
//
// [SECTION] the views
// [SECTION] the step and its question
#include <algorithm>
#include <limits>
#include <string>
#include <vector>

#include "core/cost.h"
#include "lessons/cost/cost_lesson.h"
#include "lessons/lesson.h"
#include "lessons/lesson_util.h"

namespace pelab {
namespace cost_lesson {

using namespace lessonui;

// [SECTION] the views
namespace {


// The work of a method's position part grows as N·d (adding a table, rotating Q and K) or as N² (a bias on
// every score): the bars' colour groups, in the order of their legend.
int work_group(PositionMethod m) {
    switch (m) {
        case PositionMethod::embedding_add:
        case PositionMethod::rope_cached:
        case PositionMethod::rope_uncached: return 0;
        default: return 1;
    }
}

std::vector<ViewData> timing_views(const Inputs& in, Lang lang) {
    const std::vector<CostMeasurement> ms = measure_all(in);
    // The picture first: one bar per method on a log axis (the methods differ by orders of magnitude), coloured
    // by how their work grows.
    BarsView bars;
    bars.log = true;
    bars.value_axis = say(lang, {"最快一次（µs，对数刻度）", "fastest run (µs, log scale)"});
    bars.group_labels = {say(lang, {"工作量 ∝ N·d", "work ∝ N·d"}), say(lang, {"工作量 ∝ N²", "work ∝ N²"})};
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
    TableView t;
    t.values.resize(method_count(), 4);
    for (int r = 0; r < method_count(); ++r) {
        const CostMeasurement& c = ms[static_cast<std::size_t>(r)];
        t.values.row(r) << c.seconds * 1e6, c.work_items > 0 ? c.seconds * 1e9 / c.work_items : 0.0, c.runs,
            c.setup_seconds * 1e6;
        t.row_labels.push_back(method_label(c.method, lang));
    }
    t.col_labels = {say(lang, {"最快一次（µs）", "fastest run (µs)"}), say(lang, {"每元素（ns）", "per element (ns)"}),
                    say(lang, {"次数", "runs"}), say(lang, {"建表（µs）", "table setup (µs)"})};
    t.col_decimals = {2, 3, 0, 1};
    t.corner = method_caption(lang);
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
        say(lang,
            {"这里每种偏置只加到一个头的 N×N 分数上，共 {cells} 个元素；模型对 {heads} 个头各做一次。"
             "融合的注意力核（如 FlashAttention）在片上内存里逐块计算分数，从不写出 N×N 的分数矩阵，更不写出 H·N² 的偏置："
             "ALiBi 和 RoPE 由位置直接算出，能放进这样的核里，而可学习的偏置表要先查出每一对 (i, j) 的值。",
             "Here each bias is added to one head's N×N scores, {cells} elements; a model does this for each of its "
             "{heads} heads. Fused attention kernels (such as FlashAttention) compute the scores tile by tile in "
             "on-chip memory and never write out the N×N score matrix, let alone an H·N² bias: ALiBi and RoPE are "
             "computed from positions and fit inside such a kernel, whereas a learned bias table must first be "
             "looked up for every pair (i, j)."},
            {{"cells", integer(static_cast<long long>(in.N) * in.N)}, {"heads", integer(in.heads)}}),
        say(lang,
            {"生成文本时，前面词元的键和值留在 [[kv-cache|KV 缓存]]里。RoPE 在键进入缓存之前按它的位置旋转一次，之后不再改动，"
             "所以每个新词元只旋转自己的 q 和 k（每个头 {rotated} 个数）；偏置类方法则要为新查询对缓存里的每个键加一个偏置"
             "（N = {N} 时每个头 {N} 个）。",
             "When generating text, the keys and values of earlier tokens stay in a [[kv-cache|KV cache]]. RoPE rotates each key "
             "once, at its position, before it enters the cache and never again, so each new token rotates only its "
             "own q and k ({rotated} numbers per head); a bias method adds one bias per cached key for the new query "
             "({N} per head at N = {N})."},
            {{"rotated", integer(2LL * in.d)}, {"N", integer(in.N)}}),
        say(lang,
            {"单线程、双精度，用 steady_clock 计时；这里它每 {tick} 跳一次，所以短于 {ticks} 跳的应用成批计时，"
             "再把一批的时间平均到每一次；取最快的一批。改变 re-run 即重新测量。",
             "Single thread, double precision, timed with steady_clock, which ticks every {tick} here: applications "
             "shorter than {ticks} ticks are timed in batches and a batch's time is shared among them; the fastest "
             "batch is kept. Change re-run to measure again."},
            {{"tick", time_text(clock_tick_seconds())}, {"ticks", integer(static_cast<long long>(kTicksPerSample))}}),
    };
    return {make_view(say(lang, {"实测：一次应用位置部分的时间", "Measured: time of one application of the position part"}),
                      std::move(bars), notes),
            make_view(say(lang, {"实测数字", "The measurements in numbers"}), std::move(t))};
}

}  // namespace

// [SECTION] the step and its question
Step measured_time() {
    Step s = {
        "measured-time",
        {"实测时间", "Measured time"},
        {
        "这里在本机（或浏览器的 WebAssembly 引擎）上真正执行每种方法的位置部分：把位置表加到嵌入上、把偏置加到 N×N 的分数上、"
        "按距离查表相加、或旋转 Q 和 K。每种方法重复多次，取最快一次。横条按对数刻度画出每种方法的时间，颜色表示工作量随 N·d 还是随 N² 增长。"
        "数字是此刻此地的测量值，每次都会略有不同。",
        "Here the position part of each method actually runs on this machine (or in the browser's WebAssembly "
        "engine): adding a table to the embeddings, adding a bias to the N×N scores, looking up a distance table "
        "for every cell, or rotating Q and K. Each is repeated and the fastest run is kept. The bars show each "
        "method's time on a log scale, coloured by whether its work grows as N·d or as N². The numbers are "
        "measurements of this place and moment, and they vary a little from run to run."},
        {"N", "d", "heads", "trial"},
        views_of(read_inputs, timing_views),
        {
         R"tex(t = \min_{r} t_r)tex",
         R"tex(O(N d) \ \text{(add a table, rotate)}, \qquad O(N^2) \ \text{(add or look up a bias)})tex"},
    };
    s.questions = {
        {{"生成文本时，每来一个新词，RoPE 要旋转哪些向量？",
          "While generating text, which vectors does RoPE rotate for each new token?"},
         {{"KV 缓存里的每个键都要重新旋转", "Every key in the KV cache, again"},
          {"只旋转新词自己的 q 和 k", "Only the new token's own q and k"},
          {"不旋转任何向量", "None at all"}},
         1,
         [](const ParamSet& p, Lang lang) {
             const Inputs in = read_inputs(p);
             const int N = in.N, d = in.d;
             return say(lang,
                        {"键在进入 KV 缓存前已按自己的位置旋转过一次，之后不再改变。所以每个新词每个头只旋转 2d = {rotated} 个数；"
                         "偏置类方法则要给 N = {N} 个缓存的键各加一个偏置。",
                         "A key is rotated once, at its position, before it enters the KV cache, and never again. So "
                         "each new token rotates only 2d = {rotated} numbers per head, while a bias method adds one bias "
                         "to each of the N = {N} cached keys."},
                        {{"rotated", integer(2LL * d)}, {"N", integer(N)}});
         }},
    };
    return s;
}

}  // namespace cost_lesson
}  // namespace pelab
