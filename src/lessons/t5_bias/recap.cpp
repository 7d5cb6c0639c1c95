// PE Lab — lessons/t5_bias/recap.cpp
// Lesson "t5-bias", step "recap": the lesson's five claims, each linked to the step that shows it, and one table that
// puts their numbers side by side at the lesson's inputs (the parameter count against the pairs, the exact and the
// shared buckets, the Toeplitz spread, head 0's weight at |Δ| = 1 with and without its bias, the buckets the
// simplified code gets wrong).
// Comments are English only: the font subset is built from the characters inside .cpp string literals.
//
// [SECTION] the claims side by side
// [SECTION] the step
#include <algorithm>
#include <cmath>
#include <limits>
#include <string>
#include <vector>

#include "core/relative/f_delta.h"
#include "core/relative/t5.h"
#include "lessons/lesson_util.h"
#include "lessons/t5_bias/t5_bias_lesson.h"

namespace pelab {
namespace t5_bias_lesson {

using namespace lessonui;

// [SECTION] the claims side by side
namespace {

// The smallest |Δ| of the farthest bucket used on the side of keys before the query: where the shared last one starts.
long long saturation_start(const Inputs& in) {
    const std::vector<T5BucketRange> ranges = t5_bucket_ranges(in.num_buckets, in.max_distance, in.bidirectional);
    const int half = in.bidirectional ? in.num_buckets / 2 : in.num_buckets;
    for (int k = half - 1; k >= 0; --k)
        if (ranges[static_cast<std::size_t>(k)].used) return ranges[static_cast<std::size_t>(k)].min_distance();
    return 0;
}

std::vector<ViewData> recap_views(const Inputs& in, Lang lang) {
    const double nan = std::numeric_limits<double>::quiet_NaN();
    const Eigen::MatrixXi B = t5_bucket_matrix(in.L, in.num_buckets, in.max_distance, in.bidirectional);
    double spread = 0.0;
    for (const Eigen::MatrixXd& M : t5_bias_permute(t5_bias_lookup(bias_table(in), B)))
        spread = std::max(spread, diagonal_spread(M).maxCoeff());
    const NearWeight near = head0_near_weight(in);
    const long long wrong = static_cast<long long>(
        differing_cells(t5_tutorial_bucket_matrix(in.L, in.num_buckets, in.max_distance, in.bidirectional), B).size());

    // The parameter count against the pairs (i, j) a bias per pair would need at a longer length, max_distance
    // (beyond it every offset shares the last bucket), or L when that is longer: T5's count stays,
    // the pairs grow as L².
    const long long long_L = std::max(in.L, in.max_distance);
    TableView t;
    t.values.resize(5, 2);
    t.values << in.num_buckets * in.heads, 1.0 * long_L * long_L,                                        //
        t5_max_exact(in.num_buckets, in.bidirectional), static_cast<double>(saturation_start(in)),  //
        spread, nan,                                                                                 //
        std::round(100.0 * near.with_bias), std::round(100.0 * near.without_bias),                   //
        static_cast<double>(wrong), 1.0 * in.L * in.L;
    t.row_labels = {say(lang, {"位置参数个数，对照：L = {L} 时的配对 (i, j) 数", "position parameters vs. pairs (i, j) at L = {L}"},
                        {{"L", integer(long_L)}}),
                    say(lang, {"桶精确到 |Δ| 小于，对照：从 |Δ| 起共用末桶", "buckets exact below |Δ| vs. one shared from |Δ|"}),
                    say(lang, {"B 沿对角线的最大极差", "largest spread of B along a diagonal"}),
                    say(lang, {"头 0 落在 |Δ| = 1 的注意力 %，对照：无偏置", "head 0's attention % on |Δ| = 1 vs. no bias"}),
                    say(lang, {"简化代码分错的格子，对照：全部格子", "cells tutorial code gets wrong vs. all cells"})};
    t.col_labels = {"T5", say(lang, {"对照", "vs."})};
    t.corner = say(lang, {"结论", "claim"});
    t.integer = true;
    t.marks.push_back({0, 0, true, say(lang, {"与长度无关", "any length"})});
    t.marks.push_back({0, 1, false, say(lang, {"按 L² 增长", "grows as L²"})});
    t.marks.push_back({2, 0, spread == 0.0, say(lang, {"Toeplitz", "Toeplitz"})});
    t.marks.push_back({4, 0, wrong == 0, say(lang, wrong == 0 ? Text{"一致", "agrees"} : Text{"符号与判断", "sign and half test"})});
    const std::vector<std::string> notes = {
        say(lang, {"L = {L}，{nb} 个桶，{H} 个头，max_distance = {D}；每一行是左边一条结论的数。",
                   "L = {L}, {nb} buckets, {H} heads, max_distance = {D}; each row is the number behind one claim on the left."},
            {{"L", integer(in.L)}, {"nb", integer(in.num_buckets)}, {"H", integer(in.heads)}, {"D", integer(in.max_distance)}})};
    return {make_view(say(lang, {"五条结论的数", "The five claims in numbers"}), std::move(t), notes)};
}

}  // namespace

// [SECTION] the step
Step recap() {
    Step s = {
        "recap",
        {"小结：几个桶、一张表，覆盖任意距离", "Recap: a few buckets and one table cover any distance"},
        {"T5 的[[lesson:t5-bias/scalar-per-bucket-head|全部位置参数是一张 num_buckets × heads 的表]]，与序列长度无关。"
         "[[lesson:t5-bias/bucketing|对数桶]]让近处的偏移各占一个桶、远处的共用，于是固定数目的桶就覆盖任意距离。"
         "桶只取决于 Δ，所以[[lesson:t5-bias/lookup|每个头的偏置图都是 Toeplitz 矩阵]]。"
         "偏置[[lesson:t5-bias/broadcast-add-softmax|在 softmax 之前加上]]，加 b 就把 exp(logit) 乘以 e^b，改变了头看向哪里。"
         "常见教程代码里[[lesson:t5-bias/simplified-code|一个弄反的符号加一个 ≥ 判断]]会让两半对调、对角线移位，或把距离信息全部抹掉。",
         "T5's [[lesson:t5-bias/scalar-per-bucket-head|position parameters are one num_buckets × heads table]], whatever "
         "the length. [[lesson:t5-bias/bucketing|Log buckets]] give near offsets a bucket each and let far ones share, "
         "so a fixed number of buckets covers any distance. The bucket depends on Δ alone, so "
         "[[lesson:t5-bias/lookup|every head's bias picture is Toeplitz]]. The bias is "
         "[[lesson:t5-bias/broadcast-add-softmax|added before the softmax]]: adding b multiplies exp(logit) by e^b and "
         "changes where a head looks. [[lesson:t5-bias/simplified-code|A flipped sign and a ≥ test]] in common tutorial "
         "code swap the halves and move the diagonal, or erase distance altogether."},
        {"L", "num_buckets", "max_distance", "bidirectional", "heads", "seed"},
        views_of(read_inputs, recap_views),
        {R"tex(\mathrm{logit}_{h,i,j} = q^{(h)}_i \cdot k^{(h)}_j + b_{\mathrm{bucket}(\Delta),\,h}, \qquad \Delta = i - j)tex"},
    };
    s.takeaway = {"T5 在任意长度下只需 {count} 个位置参数：对数桶把所有偏移归进 {nb} 组，每个（桶，头）学一个数，在 softmax 之前加上。",
                  "T5 needs only {count} position numbers at any length, because log buckets fold every offset into {nb} "
                  "groups and one learned number per (bucket, head) is added before the softmax."};
    s.takeaway_args = args_of(read_inputs, +[](const Inputs& in, Lang lang) {
        return std::vector<Arg>{{"count", count_text(1LL * in.num_buckets * in.heads, lang)}, {"nb", integer(in.num_buckets)}};
    });
    return s;
}

}  // namespace t5_bias_lesson
}  // namespace pelab
