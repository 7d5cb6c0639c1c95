// PE Lab — lessons/cost.cpp
// Lesson "cost": what the position part of each family of methods costs, measured live in core/cost
// (bytes held, time per application with std::chrono::steady_clock), in 4 steps: memory, time, growth with
// N, and a short decision guide. The timings are measurements of this machine or browser at
// this moment, so they change from run to run; every number shown still comes from core.
// Comments are English only: the font subset is built from the characters inside this file's strings.
//
// [SECTION] parameters (declared once)
// [SECTION] labels and measurements
// [SECTION] step 1: what the position part stores
// [SECTION] step 2: measured time
// [SECTION] step 3: growth with N
// [SECTION] step 4: a short decision guide
// [SECTION] the lesson
#include <algorithm>
#include <cmath>
#include <limits>
#include <string>

#include "core/alibi.h"
#include "core/cost.h"
#include "core/random.h"
#include "core/rope.h"
#include "core/sinusoidal.h"
#include "core/t5.h"
#include "lessons/questions/question_tables.h"
#include "lessons/lesson.h"
#include "lessons/lesson_util.h"

namespace pelab {

namespace cost_lesson {
namespace {

using namespace lessonui;

// [SECTION] parameters (declared once)
struct Inputs {
    int N = 0, d = 0, heads = 0, num_buckets = 0;
};

const ParamTable<Inputs>& params() {
    static const ParamTable<Inputs> table{
        // N² doubles (8 MiB at 1024) keep every measurement well under a second, also in the browser.
        {Key::shared("N").range(16, 1024).def("512"), &Inputs::N},
        // Whole multiples of 32, as the head widths of real models; 32, 64, 128 and 256 were the old choices.
        {Key::shared("d").range(32, 256).def("64").multiple_of(32).about({"头宽度 d", "head width d"}), &Inputs::d},
        // T5's table is num_buckets × heads; ALiBi keeps one slope per head; a naive bias is H·N².
        {Key::shared("heads").range(1, 128).def("8"), &Inputs::heads},
        {Key::shared("num_buckets").def("32"), &Inputs::num_buckets},
        // Read by no step: changing it only makes the app measure again.
        {Key::integer("trial", 0, 1000, "0", {"改变它即重新测量", "change to measure again"}).sym("re-run")},
    };
    return table;
}

// The lesson's inputs from a parameter set (clamped, defaulted): what every step's views start from.
Inputs read_inputs(const ParamSet& p) { return params().read(p); }

// [SECTION] labels and measurements
std::string method_label(PositionMethod m, Lang lang) {
    switch (m) {
        case PositionMethod::embedding_add: return say(lang, {"嵌入加法", "embedding add"});
        case PositionMethod::full_bias: return say(lang, {"完整偏置 N×N", "full bias N×N"});
        case PositionMethod::distance_bias: return say(lang, {"逐距离偏置（2N−1 个值）", "per-distance bias (2N−1 values)"});
        case PositionMethod::t5_bias: return say(lang, {"T5 分桶偏置（桶数 × 头数）", "T5 buckets (num_buckets × heads)"});
        case PositionMethod::alibi_bias: return say(lang, {"ALiBi（每头一个斜率）", "ALiBi (one slope per head)"});
        case PositionMethod::rope_cached: return say(lang, {"RoPE（cos/sin 缓存）", "RoPE (cos/sin cache)"});
        case PositionMethod::rope_uncached: return say(lang, {"RoPE（即时计算）", "RoPE (on the fly)"});
    }
    return "";
}

// Column headers for the wide timing table.
std::string short_label(PositionMethod m, Lang lang) {
    switch (m) {
        case PositionMethod::embedding_add: return say(lang, {"嵌入", "embed"});
        case PositionMethod::full_bias: return say(lang, {"完整偏置", "full bias"});
        case PositionMethod::distance_bias: return say(lang, {"逐距离", "per distance"});
        case PositionMethod::t5_bias: return "T5";
        case PositionMethod::alibi_bias: return "ALiBi";
        case PositionMethod::rope_cached: return say(lang, {"RoPE 缓存", "RoPE cache"});
        case PositionMethod::rope_uncached: return "RoPE";
    }
    return "";
}

std::string method_caption(Lang lang) { return say(lang, {"方法", "method"}); }

// The heads and T5 buckets of the model around the position part (max_distance: T5's 128, CostModel's default).
CostModel cost_model(const Inputs& in) {
    CostModel model;
    model.heads = in.heads;
    model.num_buckets = in.num_buckets;
    return model;
}

int method_count() { return static_cast<int>(all_position_methods().size()); }

// A timed sample lasts at least this many ticks of the clock, so that its reading is within a tenth: in a
// browser (a tick of 100 µs) one application of a small position part would read 0 or 1 tick.
constexpr double kTicksPerSample = 10;

double min_sample_seconds() { return kTicksPerSample * clock_tick_seconds(); }


std::vector<CostMeasurement> measure_all(const Inputs& in) {
    std::vector<CostMeasurement> out;
    for (PositionMethod m : all_position_methods())
        out.push_back(measure_position_cost(m, in.N, in.d, 0.002, 50, cost_model(in), min_sample_seconds()));
    return out;
}

// [SECTION] step 1: what the position part stores

std::vector<ViewData> storage_views(const Inputs& in, Lang lang) {
    TableView t;
    const CostModel model = cost_model(in);
    t.values.resize(method_count(), 3);
    int row = 0;
    for (PositionMethod m : all_position_methods()) {
        const double bytes = position_table_bytes(m, in.N, in.d, model);
        t.values.row(row) << bytes, bytes / (1024.0 * 1024.0), position_work_items(m, in.N, in.d);
        t.row_labels.push_back(method_label(m, lang));
        ++row;
    }
    t.col_labels = {say(lang, {"表的字节数", "table bytes"}), "MiB", say(lang, {"每次更新的元素", "elements updated"})};
    t.col_decimals = {0, 4, 0};
    t.corner = method_caption(lang);
    const std::vector<std::string> notes = {
        say(lang, {"N = {N}, d = {d}；每个数 8 字节（double）。", "N = {N}, d = {d}; 8 bytes per number (double)."},
            {{"N", integer(in.N)}, {"d", integer(in.d)}}),
        say(lang,
            {"常见的简化写法说旋转编码的显存是 O(1)：只有即时计算 cos/sin 时成立（只存 d/2 个频率，{uncached}）；"
             "带缓存时是 N·d，与嵌入表一样大（{cached}）。",
             "A common simplified summary found in tutorials gives rotary memory as O(1): true only when cos/sin are "
             "computed on the fly (it keeps d/2 frequencies, {uncached}); with a cache it is N·d, as large as an "
             "embedding table ({cached})."},
            {{"uncached", bytes_text(position_table_bytes(PositionMethod::rope_uncached, in.N, in.d, model))},
             {"cached", bytes_text(position_table_bytes(PositionMethod::rope_cached, in.N, in.d, model))}}),
        say(lang,
            {"同一个简化写法把“分桶”算作 O(N)：那是每个距离一个值的表（{distance_values} 个值）。T5 真正的表是 "
             "{buckets} 个桶 × {heads} 个头 = {t5_values} 个值（{t5_bytes}），不随 N 增长，每次前向计算一次、所有层共用；"
             "ALiBi 只存 {heads} 个斜率（{alibi_bytes}）。",
             "The same summary counts a bucketed bias as O(N): that is the table with one value per distance "
             "({distance_values} values). T5's actual table is {buckets} buckets × {heads} heads = {t5_values} values "
             "({t5_bytes}), which does not grow with N, is computed once per forward pass and is shared by all "
             "layers; ALiBi stores only its {heads} slopes ({alibi_bytes})."},
            {{"distance_values", integer(2LL * in.N - 1)},
             {"buckets", integer(model.num_buckets)},
             {"heads", integer(model.heads)},
             {"t5_values", integer(static_cast<long long>(model.num_buckets) * model.heads)},
             {"t5_bytes", bytes_text(position_table_bytes(PositionMethod::t5_bias, in.N, in.d, model))},
             {"alibi_bytes", bytes_text(position_table_bytes(PositionMethod::alibi_bias, in.N, in.d, model))}}),
        say(lang,
            {"但每个头的偏置在每一对 (i, j) 上都要用到：直接的实现把它展开成 H×N×N 的张量，"
             "H·N² = {heads} × {N}² = {values} 个数（{bytes}）；融合的注意力核不展开它（见下一步）。",
             "Yet every head's bias is needed at every pair (i, j): a naive implementation materialises it as an "
             "H×N×N tensor, H·N² = {heads} × {N}² = {values} numbers ({bytes}); fused attention kernels never do "
             "(see the next step)."},
            {{"heads", integer(model.heads)},
             {"N", integer(in.N)},
             {"values", integer(static_cast<long long>(model.heads) * in.N * in.N)},
             {"bytes", bytes_text(8.0 * model.heads * in.N * in.N)}}),
    };

    // On a log axis: the sizes span from a few bytes (ALiBi's slopes) to megabytes (a bias per pair), and on a
    // linear one every method but the largest lies flat on zero.
    CurveView c;
    c.y_axis = "MiB";
    c.x_axis = "N";
    c.log_y = true;
    for (int k = 0; k <= 64; ++k) c.x.push_back(16 + (in.N - 16) * k / 64.0);
    for (PositionMethod m : all_position_methods()) {
        std::vector<double> y;
        for (double n : c.x)
            y.push_back(position_table_bytes(m, static_cast<int>(std::lround(n)), in.d, model) / (1024.0 * 1024.0));
        c.series.push_back(y);
        c.series_labels.push_back(method_label(m, lang));
    }
    return {make_view(say(lang, {"表的大小随 N 的变化（MiB，对数坐标）", "Table size against N (MiB, log scale)"}), std::move(c)),
            make_view(say(lang, {"位置部分存了什么、每次更新多少元素", "What the position part stores and how much it updates"}),
                      std::move(t), notes)};
}

Step what_is_stored() {
    return {
        "what-is-stored",
        {"位置部分存了什么", "What the position part stores"},
        {
        "位置信息总要付出代价，这一课把代价量出来，帮你在不同方法之间权衡。"
        "加到嵌入上的位置表有 N·d 个数；每一对 (i, j) 一个偏置的表有 N² 个；每个相对距离 j − i 一个值的表有 2N − 1 个，"
        "但每个 (i, j) 仍要查一次。T5 把距离分进 num_buckets 个桶，每个桶、每个头一个值，共 num_buckets × heads 个，"
        "与 N 无关，且所有层共用这一张表；ALiBi 每个头只存一个斜率 m，偏置 −m·|i − j| 由位置直接算出。"
        "RoPE 只需 d/2 个频率，预先算好的 cos/sin 缓存则有 N·d 个数。表格直接由 core 按这些参数计算，曲线给出随 N 的增长。",
        "Position information always costs something; this lesson measures that cost so you can weigh the methods "
        "against each other. A position table added to the embeddings holds N·d numbers; a bias per pair (i, j) "
        "holds N²; a table with one value per relative distance j − i holds 2N − 1, but every (i, j) still looks "
        "one up. T5 sorts distances into num_buckets buckets and keeps one value per bucket and head, "
        "num_buckets × heads in all, independent of N and shared by all layers; ALiBi stores only one slope m per "
        "head and computes the bias −m·|i − j| from the positions. RoPE needs only d/2 frequencies, while a "
        "precomputed cos/sin cache holds N·d numbers. The table is computed by core for these parameters; the "
        "curve shows the growth with N."},
        {"N", "d", "heads", "num_buckets"},
        views_of(read_inputs, storage_views),
        {
         R"tex(\underbrace{N d}_{\text{table}} \quad \underbrace{N^2}_{\text{bias per pair}} \quad \underbrace{2N - 1}_{\text{per distance}} \quad \underbrace{\mathrm{num\_buckets} \cdot H}_{\text{T5}} \quad \underbrace{H}_{\text{ALiBi}} \quad \underbrace{d/2}_{\text{RoPE}})tex",
         R"tex(b^{\mathrm{ALiBi}}_{ij} = -m\,|i - j|)tex"},
    };
}

// [SECTION] step 2: measured time

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

Step measured_time() {
    return {
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
}

// [SECTION] step 3: growth with N

std::vector<ViewData> growth_views(const Inputs& in, Lang lang) {
    // Log–log axes: a power law N^k is a straight line of slope k.
    CurveView c;
    c.y_axis = say(lang, {"µs（对数刻度）", "µs (log scale)"});
    c.x_axis = say(lang, {"N（对数刻度）", "N (log scale)"});
    c.log_x = c.log_y = true;
    const int steps = 8;
    std::vector<int> sizes;
    for (int k = 1; k <= steps; ++k) sizes.push_back(std::max(16, in.N * k / steps));
    sizes.erase(std::unique(sizes.begin(), sizes.end()), sizes.end());
    for (int n : sizes) c.x.push_back(n);
    TableView t;
    t.values.resize(static_cast<Eigen::Index>(sizes.size()), method_count());
    int col = 0;
    for (PositionMethod m : all_position_methods()) {
        std::vector<double> y;
        for (std::size_t r = 0; r < sizes.size(); ++r) {
            const CostMeasurement cm = measure_position_cost(m, sizes[r], in.d, 0.0005, 10, cost_model(in), min_sample_seconds());
            y.push_back(cm.seconds * 1e6);
            t.values(static_cast<Eigen::Index>(r), col) = cm.seconds * 1e6;
        }
        c.series.push_back(y);
        c.series_labels.push_back(method_label(m, lang));
        t.col_labels.push_back(short_label(m, lang));
        ++col;
    }
    for (int n : sizes) t.row_labels.push_back("N = " + integer(n));
    t.corner = "N";
    t.decimals = 2;
    c.markers_x = c.x;
    c.series_dashed.assign(c.series.size(), false);
    const int bias_col = static_cast<int>(PositionMethod::full_bias), emb_col = static_cast<int>(PositionMethod::embedding_add);
    // The two slopes, dashed, through the first measurement of embedding add (slope 1) and of the full bias
    // (slope 2), so that a learner can lay each measured line against them.
    const double emb_first = t.values(0, emb_col), bias_first = t.values(0, bias_col);
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
    const Eigen::Index last = t.values.rows() - 1;
    const double first_bias = t.values(0, bias_col), last_bias = t.values(last, bias_col);
    const double first_emb = t.values(0, emb_col), last_emb = t.values(last, emb_col);
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
        say(lang, {"小尺寸下计时受缓存和计时精度影响，倍数只是近似。",
                   "At small sizes caches and timer resolution blur the ratios; they are approximate."}),
    };
    return {make_view(say(lang, {"实测时间随 N 的变化（µs）", "Measured time against N (µs)"}), std::move(c), notes),
            make_view(say(lang, {"实测时间（µs）", "Measured time (µs)"}), std::move(t))};
}

Step growth_with_n() {
    return {
        "growth-with-n",
        {"随 N 的增长", "Growth with N"},
        {
        "把 N 从 N/8 增加到 N，逐个测量。N² 的方法（完整偏置、逐距离查表、T5 分桶查表、ALiBi）随 N 平方增长，"
        "N·d 的方法（嵌入加法、RoPE）线性增长。两条轴都是对数刻度，所以每条线的斜率就是它的增长指数："
        "N·d 的方法斜率为 1，N² 的方法斜率为 2，两条虚线画出这两种斜率。注释把实测倍数和理论倍数放在一起。",
        "N is increased from N/8 to N and every size is measured. The N² methods (full bias, per-distance lookup, "
        "T5 bucket lookup, ALiBi) grow with the square of N, the N·d methods (embedding add, RoPE) linearly. Both "
        "axes are logarithmic, so a line's slope is its growth exponent: 1 for the N·d methods, 2 for the N² "
        "methods, the two slopes the dashed lines show. The notes set the measured ratios beside the predicted ones."},
        {"N", "d", "trial"},
        views_of(read_inputs, growth_views),
        {
         R"tex(\frac{t(N)}{t(N/8)} \approx 8^2 = 64 \ \ (N^2 \text{ methods}), \qquad \approx 8 \ \ (N d \text{ methods}))tex"},
    };
}

// [SECTION] step 4: a short decision guide
// The properties in the guide are measured too, on a small model of each family with Lt = 16 trained
// positions: the score term at position Lt (NaN when the method has no parameter there) and how far the
// Lt×Lt position-score matrix is from Toeplitz (0 = shift-invariant).
constexpr int kTrainedPositions = 16;  // Lt
// Scores this close to Toeplitz (toeplitz_residual, relative) count as shift-invariant: rounding, not structure.
constexpr double kShiftInvariantTolerance = 1e-9;

struct FamilyProbe {
    double beyond = 0.0;    // value at position Lt, NaN if none
    double residual = 0.0;  // toeplitz_residual of the position scores
};

// One probe per row of the guide, in this order.
enum Family { learned_absolute, sinusoidal, learned_full_bias, t5_relative, alibi, rope, family_count };

std::vector<FamilyProbe> probe_families(const CostModel& model) {
    const int Lt = kTrainedPositions, d = 8;
    const double base = 10000.0;
    SplitMix64 rng(42);
    const Eigen::MatrixXd M = random_signed_matrix(d, d, rng);  // W_qᵀW_k
    const Eigen::VectorXd theta = rope_default_inv_freq(d, base);
    const double nan = std::numeric_limits<double>::quiet_NaN();
    std::vector<FamilyProbe> out(family_count);
    // Learned absolute table: Lt rows, nothing at position Lt; scores pᵢᵀ M pⱼ.
    const Eigen::MatrixXd P = random_signed_matrix(Lt, d, rng);
    out[learned_absolute] = {nan, toeplitz_residual(P * M * P.transpose())};
    // Sinusoidal embedding (the paper's interleaved sin/cos): defined everywhere, but pᵢᵀ M pⱼ after the
    // projections is not Toeplitz.
    const Eigen::MatrixXd S = sinusoidal_pe(Lt, d, base, PeVariant::vaswani);
    out[sinusoidal] = {sinusoidal_pe_row(Lt, d, base, PeVariant::vaswani)(0), toeplitz_residual(S * M * S.transpose())};
    // Learned full bias: one free value per (i, j) < Lt.
    out[learned_full_bias] = {nan, toeplitz_residual(random_signed_matrix(Lt, Lt, rng))};
    // ALiBi (symmetric): −m·|i − j| is defined at any distance and depends on i − j only.
    const double slope = alibi_slopes(8)[0];
    out[alibi] = {alibi_bias(Lt + 1, slope, AlibiMode::symmetric)(Lt, 0),
                  toeplitz_residual(alibi_bias(Lt, slope, AlibiMode::symmetric))};
    // RoPE: defined at any position, scores ⟨R_m q, R_n k⟩ Toeplitz.
    Eigen::VectorXd q(d), k(d);
    for (int i = 0; i < d; ++i) q(i) = rng.next_signed();
    for (int i = 0; i < d; ++i) k(i) = rng.next_signed();
    out[rope] = {rope_scores(Lt + 1, theta, q, k, RopeLayout::interleaved)(Lt, 0),
                 toeplitz_residual(rope_scores(Lt, theta, q, k, RopeLayout::interleaved))};
    // T5 (encoder, head 0): a learned value per bucket of j − i; the last bucket covers every distance from
    // max_distance on, so position Lt has a value, and the bias depends on j − i only.
    const int buckets = std::clamp(model.num_buckets, 4, 64);
    const Eigen::VectorXd values = random_signed_matrix(buckets, 1, rng).col(0);
    const Eigen::MatrixXi bucket = t5_bucket_matrix(Lt + 1, buckets, model.max_distance, true);
    Eigen::MatrixXd B(Lt + 1, Lt + 1);
    for (int i = 0; i <= Lt; ++i)
        for (int j = 0; j <= Lt; ++j) B(i, j) = values(bucket(i, j));
    out[t5_relative] = {B(Lt, 0), toeplitz_residual(B.topLeftCorner(Lt, Lt))};
    return out;
}

std::vector<ViewData> guide_views(const Inputs& in, Lang lang) {
    const std::vector<CostMeasurement> ms = measure_all(in);
    const std::vector<FamilyProbe> probes = probe_families(cost_model(in));
    struct Row {
        Text label;
        PositionMethod cost;
    };
    const Row rows[family_count] = {
        {{"可学习绝对嵌入", "learned absolute"}, PositionMethod::embedding_add},
        {{"正弦嵌入", "sinusoidal"}, PositionMethod::embedding_add},
        {{"可学习完整偏置", "learned full bias"}, PositionMethod::full_bias},
        {{"T5 相对偏置（分桶）", "T5 relative bias (buckets)"}, PositionMethod::t5_bias},
        {{"ALiBi", "ALiBi"}, PositionMethod::alibi_bias},
        {{"RoPE", "RoPE"}, PositionMethod::rope_cached},
    };
    // The picture first: each family's table in bytes, coloured by what the probes found (legend order).
    BarsView bars;
    bars.log = true;
    bars.value_axis = say(lang, {"位置表的字节数（对数刻度）", "position table in bytes (log scale)"});
    bars.group_labels = {say(lang, {"Lt 之后没有定义", "nothing defined past Lt"}),
                         say(lang, {"Lt 之后有定义，分数不平移不变", "defined past Lt, scores not shift-invariant"}),
                         say(lang, {"Lt 之后有定义，分数平移不变", "defined past Lt, shift-invariant scores"})};
    for (int r = 0; r < family_count; ++r) {
        const CostMeasurement& c = ms[static_cast<std::size_t>(rows[r].cost)];
        const FamilyProbe& probe = probes[static_cast<std::size_t>(r)];
        bars.labels.push_back(say(lang, rows[r].label));
        bars.values.push_back(c.table_bytes > 0 ? c.table_bytes : std::numeric_limits<double>::quiet_NaN());
        bars.groups.push_back(std::isnan(probe.beyond) ? 0 : probe.residual > kShiftInvariantTolerance ? 1 : 2);
    }
    bars.explain = [probes, lang](int r) {
        const FamilyProbe& probe = probes[static_cast<std::size_t>(r)];
        const Arg Lt = {"Lt", integer(kTrainedPositions)}, residual = {"residual", num(probe.residual, 3)};
        if (std::isnan(probe.beyond))
            return say(lang, {"在 Lt = {Lt} 的小模型上，位置 Lt 没有参数；分数离 Toeplitz {residual}。",
                              "On the small model with Lt = {Lt}, position Lt has no parameter; the scores are {residual} from Toeplitz."},
                       {Lt, residual});
        return say(lang, {"在 Lt = {Lt} 的小模型上，位置 Lt 处的值是 {beyond}；分数离 Toeplitz {residual}。",
                          "On the small model with Lt = {Lt}, the value at position Lt is {beyond}; the scores are {residual} from Toeplitz."},
                   {Lt, {"beyond", num(probe.beyond, 4)}, residual});
    };
    TableView t;
    t.values.resize(family_count, 4);
    for (int r = 0; r < family_count; ++r) {
        const CostMeasurement& c = ms[static_cast<std::size_t>(rows[r].cost)];
        t.values.row(r) << probes[static_cast<std::size_t>(r)].beyond, probes[static_cast<std::size_t>(r)].residual,
            c.table_bytes, c.seconds * 1e6;
        t.row_labels.push_back(say(lang, rows[r].label));
    }
    t.col_labels = {say(lang, {"位置 Lt 处的值", "value at Lt"}), say(lang, {"离 Toeplitz", "from Toeplitz"}),
                    say(lang, {"表的字节数", "table bytes"}), say(lang, {"实测 µs", "measured µs"})};
    t.col_decimals = {4, 4, 0, 2};
    t.corner = method_caption(lang);
    // Under the table: what its first two columns measure.
    const std::string probe_note =
        say(lang,
            {"前两列在一个小模型上测得：训练位置 Lt = {Lt}；“—”表示位置 Lt 没有参数；离 Toeplitz 为 0 表示分数平移不变。",
             "The first two columns are measured on a small model with Lt = {Lt} trained positions: a dash means "
             "there is no parameter at position Lt; 0 from Toeplitz means shift-invariant scores."},
            {{"Lt", integer(kTrainedPositions)}});
    // Under the bars: the advice.
    const std::vector<std::string> notes = {
        say(lang, {"要外推到训练长度之外：RoPE（配合缩放，见 long-context 一课）或 ALiBi。",
                   "Extrapolation beyond the training length: RoPE (with scaling, see lesson long-context) or ALiBi."}),
        say(lang, {"要平移不变：RoPE，或按相对距离取值的偏置（T5、ALiBi）。",
                   "Shift invariance: RoPE, or a bias indexed by relative distance (T5, ALiBi)."}),
        say(lang, {"短而固定的长度：可学习的绝对位置嵌入最简单，而且最便宜。",
                   "Short, fixed lengths: a learned absolute embedding is the simplest and the cheapest."}),
        say(lang,
            {"正弦嵌入虽能算出任意位置，但经过 W_q、W_k 后分数不再平移不变，模型在更长处仍会退化。",
             "A sinusoidal embedding computes any position, yet after W_q and W_k its scores are not "
             "shift-invariant, and models still degrade beyond their training length."}),
    };
    return {make_view(say(lang, {"选择指南：每类方法的位置表与它的两条性质", "Decision guide: each family's position table and its two properties"}),
                      std::move(bars), notes),
            make_view(say(lang, {"测得的性质与本机代价", "Measured properties and cost here"}), std::move(t), {probe_note})};
}

Step decision_guide() {
    return {
        "decision-guide",
        {"简短的选择指南", "A short decision guide"},
        {
        "选择位置编码时先问三个问题：要不要外推到训练长度之外，分数是否需要平移不变，序列是否短而固定。"
        "横条按对数刻度画出每类方法的位置表有多少字节，颜色回答前两个问题：训练长度之后有没有定义、分数是否平移不变。"
        "表格把这两条性质与本机实测的存储和时间放在一起，注释给出对应的建议。",
        "Three questions come first when choosing a position encoding: must it extrapolate beyond the training "
        "length, must scores be shift-invariant, and are sequences short and of fixed length? The bars give each "
        "family's position table in bytes on a log scale, and their colours answer the first two questions: is "
        "anything defined past the training length, and are the scores shift-invariant. The table puts these "
        "properties beside the memory and time measured here, and the notes give the matching advice."},
        {"N", "d", "heads", "num_buckets", "trial"},
        views_of(read_inputs, guide_views),
        {
         R"tex(\text{shift-invariant: } s(i + c,\ j + c) = s(i, j))tex"},
    };
}

// [SECTION] the lesson
Lesson make_lesson() {
    Lesson lesson;
    lesson.id = "cost";
    lesson.title = {"位置编码的代价：实测", "The cost of position: measured"};
    use_params(lesson, params());
    lesson.result_shape = [](const ParamSet& p) {  // the N×N bias and N×d activations measured
        const Inputs in = read_inputs(p);
        const long long N = in.N, d = in.d;
        return std::vector<long long>{N, N + d};
    };
    lesson.steps = {what_is_stored(), measured_time(), growth_with_n(), decision_guide()};
    attach_questions(&lesson, questions_cost());
    lesson.references = {"press2022", "raffel2020", "su2021", "dao2022"};
    return lesson;
}

}  // namespace
}  // namespace cost_lesson

const Lesson* lesson_cost() {
    static const Lesson lesson = cost_lesson::make_lesson();
    return &lesson;
}

}  // namespace pelab
