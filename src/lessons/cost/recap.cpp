// PE Lab — lessons/cost/recap.cpp
// Step "recap" of lesson "cost": the lesson's five claims, each linked to the step that shows it, and one table
// that puts them side by side for every method at the learner's N, d, heads and buckets: the bytes stored, the
// elements one application touches, how that work grows from N/8 to N, the numbers one new token touches and the
// distance of the scores from Toeplitz (computed by core/cost and on the guide's small models; nothing timed, so
// the recap reads the same on every run).
// Comments are English only: the font subset is built from the characters inside this file's strings.
//
// [SECTION] the views
// [SECTION] the step
#include <algorithm>
#include <cmath>
#include <string>
#include <vector>

#include "core/cost/cost.h"
#include "core/random.h"
#include "core/rope/rope.h"
#include "lessons/cost/cost_lesson.h"
#include "lessons/lesson.h"
#include "lessons/lesson_util.h"

namespace pelab {
namespace cost_lesson {

using namespace lessonui;

// [SECTION] the views
namespace {

// The distance from Toeplitz of each method's scores on the guide's small models (probe_families); a table with
// one value per offset, which no family of the guide stands for, measured here the same way.
double method_residual(PositionMethod m, const std::vector<FamilyProbe>& probes) {
    switch (m) {
        case PositionMethod::embedding_add: return probes[learned_absolute].residual;
        case PositionMethod::full_bias: return probes[learned_full_bias].residual;
        case PositionMethod::t5_bias: return probes[t5_relative].residual;
        case PositionMethod::alibi_bias: return probes[alibi].residual;
        case PositionMethod::rope_cached:
        case PositionMethod::rope_uncached: return probes[rope].residual;
        case PositionMethod::distance_bias: break;
    }
    const int Lt = kTrainedPositions;
    SplitMix64 rng(43);
    const Eigen::VectorXd values = random_signed_matrix(2 * Lt - 1, 1, rng).col(0);
    Eigen::MatrixXd B(Lt, Lt);
    for (int i = 0; i < Lt; ++i)
        for (int j = 0; j < Lt; ++j) B(i, j) = values(i - j + Lt - 1);
    return toeplitz_residual(B);
}

std::vector<ViewData> recap_views(const Inputs& in, Lang lang) {
    const CostModel model = cost_model(in);
    const std::vector<FamilyProbe> probes = probe_families(model);
    const int small_n = std::max(1, in.N / 8);
    TableView t;
    t.values.resize(method_count(), 5);
    int row = 0;
    for (PositionMethod m : all_position_methods()) {
        const double work = position_work_items(m, in.N, in.d);
        t.values.row(row) << position_table_bytes(m, in.N, in.d, model), work,
            work / position_work_items(m, small_n, in.d), new_token_items(m, in), method_residual(m, probes);
        t.row_labels.push_back(method_label(m, lang));
        ++row;
    }
    t.col_labels = {say(lang, {"存储字节", "table bytes"}), say(lang, {"每次处理的元素", "elements per application"}),
                    say(lang, {"工作量倍数（N = {small} → {N}）", "work × (N = {small} → {N})"},
                        {{"small", integer(small_n)}, {"N", integer(in.N)}}),
                    say(lang, {"每个新词元", "per new token"}), say(lang, {"r（0 = 每条对角线不变）", "r (0 = each diagonal constant)"})};
    t.col_decimals = {0, 0, 3, 0, 4};
    t.corner = method_caption(lang);
    // The deciding cells: the smallest and the largest table, and whether each method's scores depend on Δ only.
    Eigen::Index smallest = 0, largest = 0;
    t.values.col(0).minCoeff(&smallest);
    t.values.col(0).maxCoeff(&largest);
    t.marks.push_back({static_cast<int>(smallest), 0, true, say(lang, {"最小", "smallest"})});
    t.marks.push_back({static_cast<int>(largest), 0, false, say(lang, {"最大", "largest"})});
    for (int r = 0; r < method_count(); ++r) {
        const bool invariant = t.values(r, 4) <= kShiftInvariantTolerance;
        t.marks.push_back({r, 4, invariant, invariant ? say(lang, {"只看 Δ", "Δ only"}) : say(lang, {"不只看 Δ", "not Δ only"})});
    }
    const std::vector<std::string> notes = {
        say(lang,
            {"N = {N}，d = {d}，H = {heads} 个头，{buckets} 个桶。各列依次对应[[lesson:cost/what-is-stored|存储]]、"
             "[[lesson:cost/measured-time|一次应用的工作量]]、[[lesson:cost/growth-with-n|它随 N 的增长]]、"
             "[[lesson:cost/one-new-token|生成一个新词元]]和[[lesson:cost/measured-properties|平移不变]]（r = 0：只看 Δ = q − k，在 Lt = {Lt} 的小模型上测得）。",
             "N = {N}, d = {d}, H = {heads} heads, {buckets} buckets. The columns are [[lesson:cost/what-is-stored|storage]], "
             "[[lesson:cost/measured-time|the work of one application]], [[lesson:cost/growth-with-n|its growth with N]], "
             "[[lesson:cost/one-new-token|one new token]] and [[lesson:cost/measured-properties|shift invariance]] "
             "(r = 0: Δ = q − k only, measured on small models with Lt = {Lt})."},
            {{"N", integer(in.N)},
             {"d", integer(in.d)},
             {"heads", integer(model.heads)},
             {"buckets", integer(model.num_buckets)},
             {"Lt", integer(kTrainedPositions)}}),
    };
    return {make_view(say(lang, {"每种方法的五个数：这一课的结论并排", "Each method in five numbers: the lesson's claims side by side"}),
                      std::move(t), notes)};
}

}  // namespace

// [SECTION] the step
Step recap() {
    Step s = {
        "recap",
        {"小结：代价取决于表按什么索引", "Recap: the cost follows what a method is indexed by"},
        {"这一课的五条结论，各由一步给出。"
         "[[lesson:cost/what-is-stored|一种方法存多少]]取决于表按什么索引：每一对（N²）、每个位置（N·d），或只按头、按桶。"
         "[[lesson:cost/measured-time|偏置慢]]，是因为它要处理一个头的全部 N² 个分数，而加表或旋转只处理 N·d 个数。"
         "[[lesson:cost/growth-with-n|N 增大 8 倍]]，偏置的工作量增大 64 倍，其余方法 8 倍。"
         "[[lesson:cost/one-new-token|生成文本时]]，RoPE 每个新词元只旋转自己的 q 和 k，偏置则要给每个缓存的键加一个值。"
         "[[lesson:cost/decision-guide|T5、ALiBi 和 RoPE]] 在训练长度之外仍有定义且平移不变，因为它们只看偏移 Δ = q − k。",
         "The lesson in five claims, each shown by its step. "
         "[[lesson:cost/what-is-stored|What a method stores]] is set by what its table is indexed by: every pair (N²), "
         "every position (N·d), or only each head or bucket. "
         "[[lesson:cost/measured-time|A bias is slow]] because it touches all N² scores of a head, while adding a table "
         "or rotating touches N·d numbers. "
         "[[lesson:cost/growth-with-n|Growing N 8×]] multiplies a bias's work by 64 and the others' by 8. "
         "[[lesson:cost/one-new-token|While generating]], RoPE rotates only the new token's q and k, while a bias adds "
         "a value for every cached key. "
         "[[lesson:cost/decision-guide|T5, ALiBi and RoPE]] are defined past the training length and shift-invariant, "
         "because they look only at the offset Δ = q − k."},
        {"N", "d", "heads", "num_buckets"},
        views_of(read_inputs, recap_views),
        {R"tex(\frac{N^2}{N d} = \frac{N}{d}, \qquad \frac{t(N)}{t(N/8)} = 8^k, \quad k = 1 \ (N d), \ k = 2 \ (N^2))tex"},
    };
    s.takeaway = {"代价跟着索引走：每对一个偏置随 N² 增长（N = {N} 时 {full}），每个位置的表随 N·d（{table}），按头或按桶的不随 N 增长。",
                  "Cost follows the index: a bias per pair grows as N² ({full} at N = {N}), a table per position as N·d "
                  "({table}), per head or bucket not at all: pick the cheapest with the property you need."};
    s.takeaway_args = args_of(read_inputs, +[](const Inputs& in, Lang) {
        const CostModel model = cost_model(in);
        return std::vector<Arg>{{"N", integer(in.N)},
                                {"full", bytes_text(position_table_bytes(PositionMethod::full_bias, in.N, in.d, model))},
                                {"table", bytes_text(position_table_bytes(PositionMethod::embedding_add, in.N, in.d, model))}};
    });
    return s;
}

}  // namespace cost_lesson
}  // namespace pelab
