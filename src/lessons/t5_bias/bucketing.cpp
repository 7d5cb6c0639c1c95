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

std::vector<ViewData> bucketing_views(const Inputs& in, Lang lang) {
    const Eigen::MatrixXi B = t5_bucket_matrix(in.L, in.num_buckets, in.max_distance, in.bidirectional);
    HeatmapView heat = bucket_heatmap(B, lang, false);

    const std::vector<T5BucketRange> ranges = t5_bucket_ranges(in.num_buckets, in.max_distance, in.bidirectional);
    TableView table;
    int used = 0;
    for (const T5BucketRange& r : ranges) used += r.used ? 1 : 0;
    table.values.resize(std::max(used, 1), 3);
    int row = 0;
    const double nan = std::numeric_limits<double>::quiet_NaN();
    for (const T5BucketRange& r : ranges) {
        if (!r.used) continue;
        table.values(row, 0) = r.open_before ? nan : static_cast<double>(r.first);
        table.values(row, 1) = r.open_after ? nan : static_cast<double>(r.last);
        table.values(row, 2) = (r.open_before || r.open_after) ? nan : static_cast<double>(r.last - r.first + 1);
        table.row_labels.push_back(say(lang, {"桶 {b}", "bucket {b}"}, {{"b", integer(r.bucket)}}));
        ++row;
    }
    table.col_labels = {say(lang, {"从 j − i", "from j − i"}), say(lang, {"到 j − i", "to j − i"}), say(lang, {"个数", "count"})};
    table.col_decimals = {0, 0, 0};  // whole numbers; not `integer`, because open ends are NaN ("—")
    table.decimals = 0;
    table.corner = say(lang, {"桶", "bucket"});

    const int half = in.bidirectional ? in.num_buckets / 2 : in.num_buckets;
    std::vector<std::string> notes;
    notes.push_back(say(lang, {"“—” 表示这一端没有界限（饱和的桶一直延伸下去）。", "\"—\" means no limit on that side (a saturated bucket goes on forever)."}));
    const T5BucketRange& last = ranges[static_cast<std::size_t>(half - 1)];
    if (last.used)
        notes.push_back(say(lang, {"饱和：|j − i| ≥ {n} 的键都落在最后一个桶里。", "Saturation: every |j − i| ≥ {n} lands in the last bucket."},
                            {{"n", integer(last.min_distance())}}));
    const int unused = static_cast<int>(ranges.size()) - used;
    if (unused > 0)
        notes.push_back(say(lang, {"未使用的桶：{n}（对数步长跳过了它们，或它们正是偏移本身）。",
                                   "Unused buckets: {n} (the log step skips them, or they sit exactly at the offset)."},
                            {{"n", integer(unused)}}));
    std::vector<ViewData> out = {make_view(say(lang, {"HF 的桶号 bucket(j − i)", "HF bucket(j − i)"}), std::move(heat)),
                                 make_view(say(lang, {"每个桶覆盖的 j − i", "The j − i each bucket covers"}), std::move(table), std::move(notes))};
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
         "因果模式不区分方向：距离取 max(i − j, 0)，查询之后的键全部落入桶 0（它们反正会被掩码）。表格列出每个桶覆盖的距离范围。"
         "公式里 r = |j − i|，D = max_distance；每一半有 n 个桶，距离 0…n/2 − 1 各占一个精确的桶，键在查询之后时桶号再加 n。"
         "HF 用 float32 计算对数分支，这里逐步重现这些 float32 运算，恰在桶边界上的距离与 PyTorch 落在同一个桶。",
         "Near distances get a bucket each, far ones share log-wide buckets, and beyond max_distance all share the last. "
         "In bidirectional mode _relative_position_bucket splits the buckets into two halves and offsets keys after "
         "the query by num_buckets/2. Within a half, small distances get one bucket each, larger ones share "
         "logarithmically wider buckets up to max_distance, and everything beyond lands in the last bucket. Causal "
         "mode keeps no direction: it takes the distance max(i − j, 0), so every key after the query falls into bucket 0 (it is masked "
         "anyway). The table lists the range each bucket covers. In the formula r = |j − i| and D = max_distance; each "
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
                            {"当前是因果模式（{nb} 个桶，max_distance = {md}）：n = max(i − j, 0)，键在查询之后时 n = 0，"
                             "所以 j − i = 20 和所有后面的键一起落在 {bucket} 号桶（解码器反正会把它们遮住）；"
                             "j − i = −20 落在 {mirrored} 号桶。",
                             "Causal mode ({nb} buckets, max_distance = {md}): n = max(i − j, 0) is 0 for a key after "
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
