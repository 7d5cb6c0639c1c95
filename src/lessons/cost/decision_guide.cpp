// PE Lab — lessons/cost/decision_guide.cpp
// Step "decision-guide" of lesson "cost": a short guide to choosing a position encoding, each family's table
// in bytes beside two properties measured on a small model (is anything defined past the trained length, are
// the scores shift-invariant) and the time measured here.
// Comments are English only: the font subset is built from the characters inside this file's strings.
//
// [SECTION] the probes and the views
// [SECTION] the step
#include <algorithm>
#include <cmath>
#include <limits>
#include <string>
#include <vector>

#include "core/alibi.h"
#include "core/cost.h"
#include "core/random.h"
#include "core/rope.h"
#include "core/sinusoidal.h"
#include "core/t5.h"
#include "lessons/cost/cost_lesson.h"
#include "lessons/lesson.h"
#include "lessons/lesson_util.h"

namespace pelab {
namespace cost_lesson {

using namespace lessonui;

// [SECTION] the probes and the views
namespace {

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

}  // namespace

// [SECTION] the step
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

}  // namespace cost_lesson
}  // namespace pelab
