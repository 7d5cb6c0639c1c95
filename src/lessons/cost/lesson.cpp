// PE Lab — lessons/cost/lesson.cpp
// Lesson "cost": what the position part of each family of methods costs, measured live in core/cost
// (bytes held, time per application with std::chrono::steady_clock), in 10 steps: memory, its growth with N,
// time, time per element, the work for one new token, time against N, the measured times, a short decision guide,
// the properties behind it and the recap. The timings are measurements of this machine or browser at
// this moment, so they change from run to run; every number shown still comes from core. One run serves every
// step and takeaway that shows it (measure_all and measure_growth keep theirs per inputs), so the words and the
// figure of a step never disagree, and re-run (trial) measures again.
// Comments are English only: the font subset is built from the characters inside this file's strings.
//
// This file holds the parameter table, the labels and measurements several steps share, and the order of the
// steps; each step (its views and questions) is in the file named for its id.
//
// [SECTION] parameters (declared once)
// [SECTION] labels and measurements
// [SECTION] the families of the guide (decision-guide, measured-properties)
// [SECTION] the lesson
#include <algorithm>
#include <limits>
#include <map>
#include <mutex>
#include <string>
#include <tuple>
#include <vector>

#include "core/relative/alibi.h"
#include "core/cost/cost.h"
#include "core/random.h"
#include "core/rope/rope.h"
#include "core/absolute/sinusoidal.h"
#include "core/relative/t5.h"
#include "lessons/cost/cost_lesson.h"
#include "lessons/lesson.h"
#include "lessons/lesson_util.h"

namespace pelab {

namespace cost_lesson {

using namespace lessonui;

// [SECTION] parameters (declared once)
const ParamTable<Inputs>& params() {
    static const ParamTable<Inputs> table{
        // N² doubles (8 MiB at 1024) keep every measurement well under a second, also in the browser.
        {Key::shared("N").range(16, 1024).def("512"), &Inputs::N},
        // Whole multiples of 32, as the head widths of real models; 32, 64, 128 and 256 were the old choices.
        {Key::shared("d").range(32, 256).def("64").multiple_of(32).about({"头宽度 d", "head width d"}), &Inputs::d},
        // T5's table is num_buckets × heads; ALiBi keeps one slope per head; a naive bias is H·N².
        {Key::shared("heads").range(1, 128).def("8"), &Inputs::heads},
        {Key::shared("num_buckets").def("32"), &Inputs::num_buckets},
        // Part of a measurement's key only: changing it makes the app measure again.
        {Key::integer("trial", 0, 1000, "0", {"改变它即重新测量", "change to measure again"}).sym("re-run"), &Inputs::trial},
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
        case PositionMethod::distance_bias: return say(lang, {"逐偏移偏置（2N−1 个值）", "per-offset bias (2N−1 values)"});
        case PositionMethod::t5_bias: return say(lang, {"T5 分桶偏置（桶数 × 头数）", "T5 buckets (buckets × heads)"});
        case PositionMethod::alibi_bias: return say(lang, {"ALiBi（每头一个斜率）", "ALiBi (one slope per head)"});
        case PositionMethod::rope_cached: return say(lang, {"RoPE（cos/sin 缓存）", "RoPE (cos/sin cache)"});
        case PositionMethod::rope_uncached: return say(lang, {"RoPE（即时计算）", "RoPE (on the fly)"});
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

// kTicksPerSample (cost_lesson.h): a timed sample lasts at least that many ticks of the clock.
double min_sample_seconds() { return kTicksPerSample * clock_tick_seconds(); }

// One run per inputs (N, d, heads, num_buckets, trial), kept for the steps and takeaways that show it; a few
// inputs at a time (the oldest dropped first), so memory stays small while a learner explores.
namespace {

using MeasureKey = std::tuple<int, int, int, int, int>;
MeasureKey measure_key(const Inputs& in) { return {in.N, in.d, in.heads, in.num_buckets, in.trial}; }

template <class Value>
Value kept_or_measured(std::map<MeasureKey, Value>& kept, std::vector<MeasureKey>& order, const Inputs& in,
                       Value (*measure)(const Inputs&)) {
    static std::mutex mutex;
    const std::lock_guard<std::mutex> lock(mutex);
    const MeasureKey key = measure_key(in);
    const auto it = kept.find(key);
    if (it != kept.end()) return it->second;
    if (order.size() >= 8) {
        kept.erase(order.front());
        order.erase(order.begin());
    }
    Value v = measure(in);
    kept.emplace(key, v);
    order.push_back(key);
    return v;
}

std::vector<CostMeasurement> measure_all_now(const Inputs& in) {
    std::vector<CostMeasurement> out;
    for (PositionMethod m : all_position_methods())
        out.push_back(measure_position_cost(m, in.N, in.d, 0.002, 50, cost_model(in), min_sample_seconds()));
    return out;
}

}  // namespace

std::vector<CostMeasurement> measure_all(const Inputs& in) {
    static std::map<MeasureKey, std::vector<CostMeasurement>> kept;
    static std::vector<MeasureKey> order;
    return kept_or_measured(kept, order, in, measure_all_now);
}

GrowthTimes measure_growth(const Inputs& in) {
    static std::map<MeasureKey, GrowthTimes> kept;
    static std::vector<MeasureKey> order;
    return kept_or_measured(kept, order, in, measure_growth_now);
}

double growth_ratio(const GrowthTimes& g, PositionMethod m) {
    const Eigen::Index col = static_cast<Eigen::Index>(m), last = g.micros.rows() - 1;
    const double first = g.micros(0, col);
    return first > 0 ? g.micros(last, col) / first : 0.0;
}

int work_group(PositionMethod m) {
    switch (m) {
        case PositionMethod::embedding_add:
        case PositionMethod::rope_cached:
        case PositionMethod::rope_uncached: return 0;
        default: return 1;
    }
}

std::vector<std::string> work_group_labels(Lang lang) {
    return {say(lang, {"工作量 ∝ N·d", "work ∝ N·d"}), say(lang, {"工作量 ∝ N²", "work ∝ N²"})};
}

// [SECTION] the families of the guide (decision-guide, measured-properties)
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

std::string family_label(int family, Lang lang) {
    switch (family) {
        case learned_absolute: return say(lang, {"可学习绝对嵌入", "learned absolute"});
        case sinusoidal: return say(lang, {"正弦嵌入", "sinusoidal"});
        case learned_full_bias: return say(lang, {"可学习完整偏置", "learned full bias"});
        case t5_relative: return say(lang, {"T5 相对偏置（分桶）", "T5 relative bias (buckets)"});
        case alibi: return "ALiBi";
        case rope: return "RoPE";
    }
    return "";
}

std::string family_short_label(int family, Lang lang) {
    switch (family) {
        case t5_relative: return "T5";
        case alibi: return "ALiBi";
        case rope: return "RoPE";
        default: return family_label(family, lang);
    }
}

PositionMethod family_cost(int family) {
    switch (family) {
        case learned_full_bias: return PositionMethod::full_bias;
        case t5_relative: return PositionMethod::t5_bias;
        case alibi: return PositionMethod::alibi_bias;
        case rope: return PositionMethod::rope_cached;
        default: return PositionMethod::embedding_add;
    }
}

// [SECTION] the lesson
namespace {

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
    lesson.steps = {what_is_stored(), storage_growth(), measured_time(),  time_per_element(),      one_new_token(),
                    growth_with_n(),  growth_table(),   decision_guide(), measured_properties(), recap()};
    // measured-time was split into measured-time, time-per-element and one-new-token;
    // decision-guide into decision-guide and measured-properties; later what-is-stored into what-is-stored and
    // storage-growth, growth-with-n into growth-with-n and growth-table.
    lesson.old_numbering = {"what-is-stored", "measured-time", "growth-with-n", "decision-guide"};
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
