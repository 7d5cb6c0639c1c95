// PE Lab — lessons/t5_bias/bucketing.cpp
// Lesson "t5-bias", step "bucketing": bucketing exactly as HF's T5Attention._relative_position_bucket — exact,
// logarithmic and saturated buckets, the bidirectional offset, causal mode — with the range each bucket covers.
// Comments are English only: the font subset is built from the characters inside .cpp string literals.
//
// [SECTION] views
// [SECTION] the step and its questions
#include <algorithm>
#include <limits>
#include <string>
#include <vector>

#include "core/t5.h"
#include "lessons/lesson_util.h"
#include "lessons/t5_bias/t5_bias_lesson.h"

namespace pelab {
namespace t5_bias_lesson {

using namespace lessonui;

// [SECTION] views
namespace {

// Sentences in Chinese run on without a space; English ones are separated by one (the question's explanation).
std::string two_sentences(Lang lang, const std::string& a, const std::string& b) { return a + (lang == Lang::zh ? "" : " ") + b; }

// The table of bucket ranges, one row per distance band |j − i| (a bucket of the lower half): the bucket a key
// before the query (j < i) gets, the bucket a key after it (j > i) gets, and how many distances share it. Both
// halves bucket the same |j − i|, so the bidirectional table needs half the rows a list of buckets does; the
// diagonal j − i = 0 (bucket 0 alone) and the unused buckets are said in the notes.
std::vector<ViewData> bucketing_views(const Inputs& in, Lang lang) {
    const Eigen::MatrixXi B = t5_bucket_matrix(in.L, in.num_buckets, in.max_distance, in.bidirectional);
    HeatmapView heat = bucket_heatmap(B, lang, false);

    const std::vector<T5BucketRange> ranges = t5_bucket_ranges(in.num_buckets, in.max_distance, in.bidirectional);
    const int half = in.bidirectional ? in.num_buckets / 2 : in.num_buckets;
    const double nan = std::numeric_limits<double>::quiet_NaN();
    TableView table;
    std::vector<int> band_buckets;  // the lower-half bucket of each row
    for (int k = 1; k < half; ++k)
        if (ranges[static_cast<std::size_t>(k)].used) band_buckets.push_back(k);
    table.values.resize(std::max<int>(static_cast<int>(band_buckets.size()), 1), 3);
    table.values.setConstant(nan);
    for (std::size_t row = 0; row < band_buckets.size(); ++row) {
        const int k = band_buckets[row];
        const T5BucketRange& before = ranges[static_cast<std::size_t>(k)];  // j − i ≤ −1: |j − i| = −(j − i)
        const long long nearest = -before.last, farthest = -before.first;
        // The bucket a key after the query at the same distance gets, read from HF's function itself.
        const int after = t5_relative_position_bucket(nearest, in.bidirectional, in.num_buckets, in.max_distance);
        const Eigen::Index r = static_cast<Eigen::Index>(row);
        table.values(r, 0) = k;
        table.values(r, 1) = after;
        table.values(r, 2) = before.open_before ? nan : static_cast<double>(farthest - nearest + 1);
        table.row_labels.push_back(before.open_before ? "≥ " + integer(nearest)
                                   : nearest == farthest ? integer(nearest)
                                                         : integer(nearest) + "…" + integer(farthest));
    }
    if (band_buckets.empty()) table.row_labels.push_back("—");
    table.col_labels = {"j < i", "j > i", say(lang, {"个数", "count"})};
    table.col_decimals = {0, 0, 0};  // whole numbers; not `integer`, because the saturated count is NaN ("—")
    table.decimals = 0;
    table.corner = "|j − i|";

    std::vector<std::string> notes;
    std::string unused;
    int unused_count = 0;
    for (const T5BucketRange& r : ranges)
        if (!r.used) unused += (unused_count++ > 0 ? ", " : "") + integer(r.bucket);
    notes.push_back(unused_count == 0
                        ? say(lang, {"对角线 j − i = 0 单独占桶 0；每个桶都用到了。", "The diagonal j − i = 0 has bucket 0 alone; every bucket is used."})
                        : say(lang, {"j − i = 0（对角线）单独占桶 0；从不使用：{list}。",
                                     "j − i = 0 (the diagonal) has bucket 0 alone; never used: {list}."},
                              {{"list", unused_count > 4   ? say(lang, {"{n} 个桶", "{n} buckets"}, {{"n", integer(unused_count)}})
                                        : unused_count == 1 ? say(lang, {"桶 {list}", "bucket {list}"}, {{"list", unused}})
                                                            : say(lang, {"桶 {list}", "buckets {list}"}, {{"list", unused}})}}));
    const T5BucketRange& last = ranges[static_cast<std::size_t>(half - 1)];
    if (last.used)
        notes.push_back(say(lang, {"饱和：|j − i| ≥ {n} 全落在同一个桶（个数无上限：—）。",
                                   "Saturation: every |j − i| ≥ {n} shares one bucket (count —: no limit)."},
                            {{"n", integer(last.min_distance())}}));
    const int exact = t5_max_exact(in.num_buckets, in.bidirectional);
    notes.push_back(in.bidirectional
                        ? say(lang, {"公式里 r = |j − i|，D = max_distance = {D}，每半 n = {n} 个桶，e = {e}。",
                                     "Formula: r = |j − i|, D = max_distance = {D}, n = {n} per half, e = {e}."},
                              {{"D", integer(in.max_distance)}, {"n", integer(half)}, {"e", integer(exact)}})
                        : say(lang, {"因果模式：r = max(i − j, 0)，D = max_distance = {D}，n = num_buckets = {n}，e = {e}。",
                                     "Causal: r = max(i − j, 0), D = max_distance = {D}, n = num_buckets = {n}, e = {e}."},
                              {{"D", integer(in.max_distance)}, {"n", integer(half)}, {"e", integer(exact)}}));
    std::vector<ViewData> out = {make_view(say(lang, {"HF 的桶号 bucket(j − i)", "HF bucket(j − i)"}), std::move(heat)),
                                 make_view(say(lang, {"每段距离 |j − i| 的桶号", "The bucket of each distance |j − i|"}), std::move(table), std::move(notes))};
    note_max_distance(out[0], in, in.num_buckets, lang);
    return out;
}

}  // namespace

// [SECTION] the step and its questions
Step bucketing() {
    Step s = {
        "bucketing",
        {"分桶：精确、对数、饱和", "Bucketing: exact, logarithmic, saturated"},
        {"近的距离各占一个桶，远的按对数合并，超过 max_distance 的全落进最后一个桶。"
         "_relative_position_bucket 在双向模式下把桶分成两半，键在查询之后的加上偏移 num_buckets/2。"
         "每一半里，较小的距离各有自己的桶；较大的距离按对数合并，直到 max_distance；再远的距离全部落入最后一个桶。"
         "因果模式不区分方向：距离取 max(i − j, 0)，查询之后的键全部落入桶 0（它们反正会被掩码）。表格按距离 |j − i| 列出键在查询之前和之后各落在哪个桶。"
         "公式里 r = |j − i|，D = max_distance；每一半有 n 个桶，距离 0…n/2 − 1 各占一个精确的桶，键在查询之后时桶号再加 n。"
         "HF 用 float32 计算对数分支，这里逐步重现这些 float32 运算，恰在桶边界上的距离与 PyTorch 落在同一个桶。",
         "Near distances get a bucket each, far ones share log-wide buckets, and beyond max_distance all share the last. "
         "In bidirectional mode _relative_position_bucket splits the buckets into two halves and offsets keys after "
         "the query by num_buckets/2. Within a half, small distances get one bucket each, larger ones share "
         "logarithmically wider buckets up to max_distance, and everything beyond lands in the last bucket. Causal "
         "mode keeps no direction: it takes the distance max(i − j, 0), so every key after the query falls into bucket 0 (it is masked "
         "anyway). The table lists, for each distance |j − i|, the bucket of a key before and of a key after the query. In the formula r = |j − i| and D = max_distance; each "
         "half has n buckets, the distances 0…n/2 − 1 get one exact bucket each, and a key after the query adds n to "
         "its bucket. HF evaluates the log branch in float32; the widget repeats those float32 steps, "
         "so distances exactly on a bucket boundary land where PyTorch puts them."},
        {"L", "num_buckets", "max_distance", "bidirectional"},
        views_of(read_inputs, bucketing_views),
        {
         R"tex(\mathrm{bucket}(r) = \min\bigl(n - 1,\ e + \lfloor (n - e) \ln(r/e) / \ln(D/e) \rfloor\bigr))tex",
         R"tex(r < e\!: \mathrm{bucket}(r) = r,\quad e = n/2,\ n = \mathrm{num\_buckets}/2)tex"},
    };
    s.questions = {
        {{"j − i = 20（键在查询之后 20 个位置）落在哪个桶？",
          "Which bucket holds j − i = 20 (the key 20 places after the query)?"},
         {{"第 20 号桶：每个距离各有一个桶", "Bucket 20: every distance has a bucket of its own"},
          {"双向时在上半部分（偏移 num_buckets/2）；因果时是 0 号桶", "The upper half (offset num_buckets/2) when bidirectional; bucket 0 when causal"},
          {"下半部分，与 j − i = −20 同一个桶", "The lower half, the same bucket as j − i = −20"}},
         1,
         [](const ParamSet& p, Lang lang) {
             const Inputs in = read_inputs(p);
             const int bucket = t5_relative_position_bucket(20, in.bidirectional, in.num_buckets, in.max_distance);
             const int mirrored = t5_relative_position_bucket(-20, in.bidirectional, in.num_buckets, in.max_distance);
             const std::vector<Arg> args = {{"bucket", integer(bucket)}, {"nb", integer(in.num_buckets)},
                                            {"md", integer(in.max_distance)}, {"mirrored", integer(mirrored)}};
             if (!in.bidirectional)
                 return say(lang,
                            {"当前是因果模式（{nb} 个桶，max_distance = {md}）：r = max(i − j, 0)，键在查询之后时 r = 0，"
                             "所以 j − i = 20 和所有后面的键一起落在 {bucket} 号桶（解码器反正会把它们遮住）；"
                             "j − i = −20 落在 {mirrored} 号桶。",
                             "Causal mode ({nb} buckets, max_distance = {md}): r = max(i − j, 0) is 0 for a key after "
                             "the query, so j − i = 20 lands in bucket {bucket} with every later key (the decoder "
                             "masks them anyway); j − i = −20 lands in bucket {mirrored}."},
                            args);
             const std::string first = say(
                 lang,
                 {"HF 的 _relative_position_bucket 给出 bucket(20) = {bucket}（{nb} 个桶，max_distance = {md}，双向）："
                  "查询之后的键加上偏移 num_buckets/2，用上半部分；j − i = −20 则在下半部分的 {mirrored} 号桶。",
                  "HF's _relative_position_bucket gives bucket(20) = {bucket} ({nb} buckets, max_distance = {md}, "
                  "bidirectional): keys after the query are offset by num_buckets/2 into the upper half, while "
                  "j − i = −20 lands in bucket {mirrored} of the lower half."},
                 args);
             T5BucketRange range;
             for (const T5BucketRange& r : t5_bucket_ranges(in.num_buckets, in.max_distance, in.bidirectional))
                 if (r.bucket == bucket) range = r;
             std::string second;
             if (range.open_after)
                 second = say(lang,
                              {"这是饱和的最后一个桶：所有 j − i ≥ {first} 都落在这里。",
                               "It is the saturated last bucket: every j − i ≥ {first} lands there."},
                              {{"first", integer(range.first)}});
             else if (range.first == range.last)
                 second = say(lang, {"这个桶只装 j − i = 20 这一个距离。", "That bucket holds j − i = 20 alone."});
             else
                 second = say(lang,
                              {"20 超过了 {exact} 个精确距离，所以它和 j − i = {first}…{last} 共用这个对数桶。",
                               "20 is past the {exact} exact distances, so it shares this logarithmic bucket with "
                               "j − i = {first}…{last}."},
                              {{"exact", integer(t5_max_exact(in.num_buckets, true))},
                               {"first", integer(range.first)}, {"last", integer(range.last)}});
             return two_sentences(lang, first, second);
         }},
    };
    return s;
}

}  // namespace t5_bias_lesson
}  // namespace pelab
