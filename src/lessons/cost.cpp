// PE Lab — lessons/cost.cpp
// Lesson "cost" (seed 004 §6): what the position part of each family of methods costs, measured live in
// core/cost (bytes held, time per application with std::chrono::steady_clock), in 4 steps: memory, time,
// growth with N, and a short decision guide. The timings are measurements of this machine or browser at
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
#include "lessons/lesson.h"
#include "lessons/lesson_util.h"

namespace pelab {

namespace {

using namespace lessonui;

// [SECTION] parameters (declared once)
struct Inputs {
    int N = 0, d = 0;
};

const ParamTable<Inputs>& params() {
    static const ParamTable<Inputs> table{
        // N² doubles (8 MiB at 1024) keep every measurement well under a second, also in the browser.
        {Key::shared("N").range(16, 1024).def("512"), &Inputs::N},
        // Whole multiples of 32, as the head widths of real models; 32, 64, 128 and 256 were the old choices.
        {Key::shared("d").range(32, 256).def("64").multiple_of(32).about({"头宽度 d", "head width d"}), &Inputs::d},
        // Read by no step: changing it only makes the app measure again.
        {Key::integer("trial", 0, 1000, "0", {"改变它即重新测量", "change to measure again"}).sym("re-run")},
    };
    return table;
}

// [SECTION] labels and measurements
std::string method_label(PositionMethod m, Lang lang) {
    switch (m) {
        case PositionMethod::embedding_add: return say(lang, {"嵌入加法", "embedding add"});
        case PositionMethod::full_bias: return say(lang, {"完整偏置 N×N", "full bias N×N"});
        case PositionMethod::bucketed_bias: return say(lang, {"按距离分桶的偏置", "bucketed bias"});
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
        case PositionMethod::bucketed_bias: return say(lang, {"分桶", "bucketed"});
        case PositionMethod::rope_cached: return say(lang, {"RoPE 缓存", "RoPE cache"});
        case PositionMethod::rope_uncached: return "RoPE";
    }
    return "";
}

std::string method_caption(Lang lang) { return say(lang, {"方法", "method"}); }

std::vector<CostMeasurement> measure_all(const Inputs& in) {
    std::vector<CostMeasurement> out;
    for (PositionMethod m : all_position_methods()) out.push_back(measure_position_cost(m, in.N, in.d, 0.002, 50));
    return out;
}

// [SECTION] step 1: what the position part stores
std::vector<ViewData> storage_views(const ParamSet& p, Lang lang);

Step what_is_stored() {
    Step step;
    step.title = {"位置部分存了什么", "What the position part stores"};
    step.body = {
        "加到嵌入上的位置表有 N·d 个数；每一对 (i, j) 一个偏置的表有 N² 个；按相对距离分桶的表只有 2N − 1 个，"
        "但每个 (i, j) 仍要查一次。RoPE 只需 d/2 个频率，预先算好的 cos/sin 缓存则有 N·d 个数。"
        "表格直接由 core 按 N 和 d 计算，曲线给出随 N 的增长。",
        "A position table added to the embeddings holds N·d numbers; a bias per pair (i, j) holds N²; a bias "
        "indexed by relative distance holds only 2N − 1, but every (i, j) still looks one up. RoPE needs only d/2 "
        "frequencies, while a precomputed cos/sin cache holds N·d numbers. The table is computed by core for the "
        "chosen N and d; the curve shows the growth with N."};
    step.params = {"N", "d"};
    step.views = storage_views;
    return step;
}

std::vector<ViewData> storage_views(const ParamSet& p, Lang lang) {
    const Inputs in = params().read(p);
    TableView t;
    t.values.resize(5, 3);
    int row = 0;
    for (PositionMethod m : all_position_methods()) {
        const double bytes = position_table_bytes(m, in.N, in.d);
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
            {"种子 004 §6.1 说旋转编码显存 O(1)：只有即时计算 cos/sin 时成立（只存 d/2 个频率，{uncached}）；"
             "带缓存时是 N·d，与嵌入表一样大（{cached}）。",
             "Seed 004 §6.1 gives rotary memory as O(1): true only when cos/sin are computed on the fly (it keeps d/2 "
             "frequencies, {uncached}); with a cache it is N·d, as large as an embedding table ({cached})."},
            {{"uncached", bytes_text(position_table_bytes(PositionMethod::rope_uncached, in.N, in.d))},
             {"cached", bytes_text(position_table_bytes(PositionMethod::rope_cached, in.N, in.d))}}),
    };

    CurveView c;
    c.y_axis = "MiB";
    c.x_axis = "N";
    for (int k = 0; k <= 64; ++k) c.x.push_back(16 + (in.N - 16) * k / 64.0);
    for (PositionMethod m : all_position_methods()) {
        std::vector<double> y;
        for (double n : c.x) y.push_back(position_table_bytes(m, static_cast<int>(std::lround(n)), in.d) / (1024.0 * 1024.0));
        c.series.push_back(y);
        c.series_labels.push_back(method_label(m, lang));
    }
    return {make_view(say(lang, {"位置部分存了什么、每次更新多少元素", "What the position part stores and how much it updates"}),
                      std::move(t), notes),
            make_view(say(lang, {"表的大小随 N 的变化（MiB）", "Table size against N (MiB)"}), std::move(c))};
}

// [SECTION] step 2: measured time
std::vector<ViewData> timing_views(const ParamSet& p, Lang lang);

Step measured_time() {
    Step step;
    step.title = {"实测时间", "Measured time"};
    step.body = {
        "这里在本机（或浏览器的 WebAssembly 引擎）上真正执行每种方法的位置部分：把位置表加到嵌入上、把偏置加到 N×N 的分数上、"
        "按距离查表相加、或旋转 Q 和 K。每种方法重复多次，取最快一次。数字是此刻此地的测量值，每次都会略有不同。",
        "Here the position part of each method actually runs on this machine (or in the browser's WebAssembly "
        "engine): adding a table to the embeddings, adding a bias to the N×N scores, looking up a distance table "
        "for every cell, or rotating Q and K. Each is repeated and the fastest run is kept. The numbers are "
        "measurements of this place and moment, and they vary a little from run to run."};
    step.params = {"N", "d", "trial"};
    step.views = timing_views;
    return step;
}

std::vector<ViewData> timing_views(const ParamSet& p, Lang lang) {
    const Inputs in = params().read(p);
    const std::vector<CostMeasurement> ms = measure_all(in);
    TableView t;
    t.values.resize(5, 4);
    for (int r = 0; r < 5; ++r) {
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
            {"种子 004 §6.1 的顺序是“注意力偏置 > 旋转编码 > 嵌入加法”；N 远大于 d 时偏置的 N² 工作量占上风，"
             "N 接近 d 时顺序可能改变。",
             "Seed 004 §6.1 orders latency as bias > rotary > embedding add; when N is much larger "
             "than d the N² work of a bias dominates, and near N ≈ d the order can change."}),
        say(lang,
            {"单线程、双精度，用 steady_clock 计时，取最快一次；改变 re-run 即重新测量。",
             "Single thread, double precision, timed with steady_clock, fastest run kept; change "
             "re-run to measure again."}),
    };
    return {make_view(say(lang, {"实测：一次应用位置部分的时间", "Measured: time of one application of the position part"}),
                      std::move(t), notes)};
}

// [SECTION] step 3: growth with N
std::vector<ViewData> growth_views(const ParamSet& p, Lang lang);

Step growth_with_n() {
    Step step;
    step.title = {"随 N 的增长", "Growth with N"};
    step.body = {
        "把 N 从 N/8 增加到 N，逐个测量。N² 的方法（完整偏置、分桶查表）随 N 平方增长，N·d 的方法（嵌入加法、RoPE）线性增长，"
        "注释把实测倍数和理论倍数放在一起。",
        "N is increased from N/8 to N and every size is measured. The N² methods (full bias, bucketed lookup) grow "
        "with the square of N, the N·d methods (embedding add, RoPE) linearly; the notes set the measured ratios "
        "beside the predicted ones."};
    step.params = {"N", "d", "trial"};
    step.views = growth_views;
    return step;
}

std::vector<ViewData> growth_views(const ParamSet& p, Lang lang) {
    const Inputs in = params().read(p);
    CurveView c;
    c.y_axis = "µs";
    c.x_axis = "N";
    const int steps = 8;
    std::vector<int> sizes;
    for (int k = 1; k <= steps; ++k) sizes.push_back(std::max(16, in.N * k / steps));
    sizes.erase(std::unique(sizes.begin(), sizes.end()), sizes.end());
    for (int n : sizes) c.x.push_back(n);
    TableView t;
    t.values.resize(static_cast<Eigen::Index>(sizes.size()), 5);
    int col = 0;
    for (PositionMethod m : all_position_methods()) {
        std::vector<double> y;
        for (std::size_t r = 0; r < sizes.size(); ++r) {
            const CostMeasurement cm = measure_position_cost(m, sizes[r], in.d, 0.0005, 10);
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
    const double first_bias = t.values(0, 1), last_bias = t.values(t.values.rows() - 1, 1);
    const double first_emb = t.values(0, 0), last_emb = t.values(t.values.rows() - 1, 0);
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

// [SECTION] step 4: a short decision guide
// The properties in the guide are measured too, on a small model of each family with Lt = 16 trained
// positions: the score term at position Lt (NaN when the method has no parameter there) and how far the
// Lt×Lt position-score matrix is from Toeplitz (0 = shift-invariant).
constexpr int kTrainedPositions = 16;  // Lt

struct FamilyProbe {
    double beyond = 0.0;    // value at position Lt, NaN if none
    double residual = 0.0;  // toeplitz_residual of the position scores
};

std::vector<FamilyProbe> probe_families() {
    const int Lt = kTrainedPositions, d = 8;
    const double base = 10000.0;
    SplitMix64 rng(42);
    const Eigen::MatrixXd M = random_signed_matrix(d, d, rng);  // W_qᵀW_k
    const Eigen::VectorXd theta = rope_default_inv_freq(d, base);
    const double nan = std::numeric_limits<double>::quiet_NaN();
    std::vector<FamilyProbe> out(5);
    // Learned absolute table: Lt rows, nothing at position Lt; scores pᵢᵀ M pⱼ.
    const Eigen::MatrixXd P = random_signed_matrix(Lt, d, rng);
    out[0] = {nan, toeplitz_residual(P * M * P.transpose())};
    // Sinusoidal embedding (the paper's interleaved sin/cos): defined everywhere, but pᵢᵀ M pⱼ after the
    // projections is not Toeplitz.
    const Eigen::MatrixXd S = sinusoidal_pe(Lt, d, base, PeVariant::vaswani);
    out[1] = {sinusoidal_pe_row(Lt, d, base, PeVariant::vaswani)(0), toeplitz_residual(S * M * S.transpose())};
    // Learned full bias: one free value per (i, j) < Lt.
    out[2] = {nan, toeplitz_residual(random_signed_matrix(Lt, Lt, rng))};
    // Relative bias (ALiBi form, symmetric): −m·|i − j| is defined at any distance and depends on i − j only.
    const double slope = alibi_slopes(8)[0];
    out[3] = {alibi_bias(Lt + 1, slope, AlibiMode::symmetric)(Lt, 0), toeplitz_residual(alibi_bias(Lt, slope, AlibiMode::symmetric))};
    // RoPE: defined at any position, scores ⟨R_m q, R_n k⟩ Toeplitz.
    Eigen::VectorXd q(d), k(d);
    for (int i = 0; i < d; ++i) q(i) = rng.next_signed();
    for (int i = 0; i < d; ++i) k(i) = rng.next_signed();
    out[4] = {rope_scores(Lt + 1, theta, q, k, RopeLayout::interleaved)(Lt, 0),
              toeplitz_residual(rope_scores(Lt, theta, q, k, RopeLayout::interleaved))};
    return out;
}

std::vector<ViewData> guide_views(const ParamSet& p, Lang lang);

Step decision_guide() {
    Step step;
    step.title = {"简短的选择指南", "A short decision guide"};
    step.body = {
        "选择位置编码时先问三个问题：要不要外推到训练长度之外，分数是否需要平移不变，序列是否短而固定。"
        "表格把每类方法的这两条性质与本机实测的存储和时间放在一起，注释给出对应的建议。",
        "Three questions come first when choosing a position encoding: must it extrapolate beyond the training "
        "length, must scores be shift-invariant, and are sequences short and of fixed length? The table puts "
        "these properties of each family beside the memory and time measured here, and the notes give the "
        "matching advice."};
    step.params = {"N", "d", "trial"};
    step.views = guide_views;
    return step;
}

std::vector<ViewData> guide_views(const ParamSet& p, Lang lang) {
    const Inputs in = params().read(p);
    const std::vector<CostMeasurement> ms = measure_all(in);
    const std::vector<FamilyProbe> probes = probe_families();
    struct Row {
        Text label;
        PositionMethod cost;
    };
    const Row rows[] = {
        {{"可学习绝对嵌入", "learned absolute"}, PositionMethod::embedding_add},
        {{"正弦嵌入", "sinusoidal"}, PositionMethod::embedding_add},
        {{"可学习完整偏置", "learned full bias"}, PositionMethod::full_bias},
        {{"相对偏置", "relative bias"}, PositionMethod::bucketed_bias},
        {{"RoPE", "RoPE"}, PositionMethod::rope_cached},
    };
    TableView t;
    t.values.resize(5, 4);
    for (int r = 0; r < 5; ++r) {
        const CostMeasurement& c = ms[static_cast<std::size_t>(rows[r].cost)];
        t.values.row(r) << probes[static_cast<std::size_t>(r)].beyond, probes[static_cast<std::size_t>(r)].residual,
            c.table_bytes, c.seconds * 1e6;
        t.row_labels.push_back(say(lang, rows[r].label));
    }
    t.col_labels = {say(lang, {"位置 Lt 处的值", "value at Lt"}), say(lang, {"离 Toeplitz", "from Toeplitz"}),
                    say(lang, {"表的字节数", "table bytes"}), say(lang, {"实测 µs", "measured µs"})};
    t.col_decimals = {4, 4, 0, 2};
    t.corner = method_caption(lang);
    const std::vector<std::string> notes = {
        say(lang,
            {"前两列在一个小模型上测得：训练位置 Lt = {Lt}；“—”表示位置 Lt 没有参数；离 Toeplitz 为 0 表示分数平移不变。",
             "The first two columns are measured on a small model with Lt = {Lt} trained positions: a dash means "
             "there is no parameter at position Lt; 0 from Toeplitz means shift-invariant scores."},
            {{"Lt", integer(kTrainedPositions)}}),
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
    return {make_view(say(lang, {"选择指南：测得的性质与本机代价", "Decision guide: measured properties and cost here"}),
                      std::move(t), notes)};
}

// [SECTION] the lesson
Lesson make_lesson() {
    Lesson lesson;
    lesson.id = "cost";
    lesson.title = {"位置编码的代价：实测", "The cost of position: measured"};
    use_params(lesson, params());
    lesson.result_shape = [](const ParamSet& p) {  // the N×N bias and N×d activations measured
        const Inputs in = params().read(p);
        const long long N = in.N, d = in.d;
        return std::vector<long long>{N, N + d};
    };
    lesson.steps = {what_is_stored(), measured_time(), growth_with_n(), decision_guide()};
    return lesson;
}

}  // namespace

const Lesson* lesson_cost() {
    static const Lesson lesson = make_lesson();
    return &lesson;
}

}  // namespace pelab
