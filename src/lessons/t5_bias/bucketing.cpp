// PE Lab — lessons/t5_bias/bucketing.cpp
// Lesson "t5-bias", step "bucketing": bucketing exactly as HF's T5Attention._relative_position_bucket — exact,
// logarithmic and saturated buckets, the upper half for keys after the query, causal mode — with the range of
// offsets Δ = i − j each bucket covers (HF's argument is j − i = −Δ).
// Comments are English only: the font subset is built from the characters inside .cpp string literals.
//
// [SECTION] views
// [SECTION] the step and its questions
#include <algorithm>
#include <limits>
#include <string>
#include <vector>

#include "core/relative/t5.h"
#include "lessons/lesson_util.h"
#include "lessons/t5_bias/t5_bias_lesson.h"

namespace pelab {
namespace t5_bias_lesson {

using namespace lessonui;

// [SECTION] views
namespace {

// Sentences in Chinese run on without a space; English ones are separated by one (the question's explanation).
std::string two_sentences(Lang lang, const std::string& a, const std::string& b) { return a + (lang == Lang::zh ? "" : " ") + b; }

// The table of bucket ranges, one row per band of |Δ| (a bucket of the lower half): the bucket a key before the
// query (Δ > 0) gets, the bucket a key after it (Δ < 0) gets, and how many offsets share it. Both halves bucket the
// same |Δ|, so the bidirectional table needs half the rows a list of buckets does; the diagonal Δ = 0 (bucket 0
// alone) and the unused buckets are said in the notes.
std::vector<ViewData> bucketing_views(const Inputs& in, Lang lang) {
    const Eigen::MatrixXi B = t5_bucket_matrix(in.L, in.num_buckets, in.max_distance, in.bidirectional);
    HeatmapView heat = bucket_heatmap(B, lang);

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
        const T5BucketRange& before = ranges[static_cast<std::size_t>(k)];  // HF's j − i ≤ −1, i.e. Δ ≥ 1
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
    table.col_labels = {"Δ > 0", "Δ < 0", say(lang, {"个数", "count"})};
    table.col_decimals = {0, 0, 0};  // whole numbers; not `integer`, because the saturated count is NaN ("—")
    table.decimals = 0;
    table.corner = "|Δ|";

    std::vector<std::string> notes;
    std::string unused;
    int unused_count = 0;
    for (const T5BucketRange& r : ranges)
        if (!r.used) unused += (unused_count++ > 0 ? ", " : "") + integer(r.bucket);
    notes.push_back(unused_count == 0
                        ? say(lang, {"对角线 Δ = 0 单独占桶 0；每个桶都用到了。", "The diagonal Δ = 0 has bucket 0 alone; every bucket is used."})
                        : say(lang, {"Δ = 0 单独占桶 0；从不使用：{list}。",
                                     "Δ = 0 has bucket 0 alone; never used: {list}."},
                              {{"list", unused_count > 4   ? say(lang, {"{n} 个桶", "{n} buckets"}, {{"n", integer(unused_count)}})
                                        : unused_count == 1 ? say(lang, {"桶 {list}", "bucket {list}"}, {{"list", unused}})
                                                            : say(lang, {"桶 {list}", "buckets {list}"}, {{"list", unused}})}}));
    const T5BucketRange& last = ranges[static_cast<std::size_t>(half - 1)];
    if (last.used)
        notes.push_back(last.min_distance() < in.max_distance
                            ? say(lang, {"饱和：|Δ| ≥ {n} 全落在同一个桶（个数 —）；β 取整后在这里已到 n − 1，早于 D = {D}。",
                                         "Saturation: every |Δ| ≥ {n} shares one bucket (count —); β's floor reaches n − 1 "
                                         "there, before D = {D}."},
                                  {{"n", integer(last.min_distance())}, {"D", integer(in.max_distance)}})
                            : say(lang, {"饱和：|Δ| ≥ {n} 全落在同一个桶（个数 —）。",
                                         "Saturation: every |Δ| ≥ {n} shares one bucket (count —)."},
                                  {{"n", integer(last.min_distance())}}));
    const int exact = t5_max_exact(in.num_buckets, in.bidirectional);
    notes.push_back(in.bidirectional
                        ? say(lang, {"这里 D = {D}，n = {n}，e = {e}。", "Here D = {D}, n = {n}, e = {e}."},
                              {{"D", integer(in.max_distance)}, {"n", integer(half)}, {"e", integer(exact)}})
                        : say(lang, {"因果模式：r = max(Δ, 0)，没有 n[Δ < 0] 项；D = {D}，n = num_buckets = {n}，e = {e}。",
                                     "Causal: r = max(Δ, 0), no n[Δ < 0] term; D = {D}, n = num_buckets = {n}, e = {e}."},
                              {{"D", integer(in.max_distance)}, {"n", integer(half)}, {"e", integer(exact)}}));
    std::vector<ViewData> out = {make_view(say(lang, {"每一对的桶号 bucket(Δ)", "bucket(Δ) of every pair"}), std::move(heat)),
                                 make_view(say(lang, {"每段 |Δ| 的桶号", "The bucket of each band of |Δ|"}), std::move(table), std::move(notes))};
    note_max_distance(out[0], in, in.num_buckets, lang);
    return out;
}

// The step's takeaway numbers: the buckets of one direction, the exact offsets and where the shared last one starts.
std::vector<Arg> bucketing_args(const Inputs& in, Lang lang) {
    const std::vector<T5BucketRange> ranges = t5_bucket_ranges(in.num_buckets, in.max_distance, in.bidirectional);
    const int half = in.bidirectional ? in.num_buckets / 2 : in.num_buckets;
    long long saturated = 0;  // the smallest |Δ| of the farthest bucket used on the side of keys before the query
    for (int k = half - 1; k >= 0; --k)
        if (ranges[static_cast<std::size_t>(k)].used) {
            saturated = ranges[static_cast<std::size_t>(k)].min_distance();
            break;
        }
    return {{"buckets", in.bidirectional ? say(lang, {"每个方向 {n} 个桶", "{n} buckets a side"}, {{"n", integer(half)}})
                                         : say(lang, {"{n} 个桶", "{n} buckets"}, {{"n", integer(half)}})},
            {"e", integer(t5_max_exact(in.num_buckets, in.bidirectional))},
            {"sat", integer(saturated)}};
}

}  // namespace

// [SECTION] the step and its questions
Step bucketing() {
    Step s = {
        "bucketing",
        {"分桶：精确、对数、饱和", "Bucketing: exact, logarithmic, saturated"},
        {"T5 按 |Δ| 分桶：近处每个偏移一个桶，更远的共用越来越宽的[[log-bucket|对数桶]]，再远的全部落进最后一个桶。"
         "[[bidirectional|双向]]模式（编码器）把桶分成两半：键在查询之前或同一位置（Δ ≥ 0）用前一半，键在查询之后（Δ < 0）用后一半，桶号加 num_buckets/2。"
         "[[causal-mask|因果]]模式（解码器）只往回看：r = max(Δ, 0)，查询之后的键全部落入桶 0（它们反正会被掩码）。"
         "表格按 |Δ| 列出键在查询之前和之后各落在哪个桶。公式里 r = |Δ|，键在查询之后时 [Δ < 0] = 1；D = max_distance（对数桶结束的距离）；每一半有 n 个桶，|Δ| < e = n/2 各占一个精确的桶。"
         "代码的分桶函数拿到的是 j − i = −Δ（Hugging Face: `_relative_position_bucket`）。"
         "Hugging Face 用 float32 计算对数分支，这里逐步重现这些运算，恰在桶边界上的偏移与 PyTorch 落在同一个桶。",
         "T5 sorts offsets into buckets by |Δ|: near ones get a bucket each, farther ones share ever wider [[log-bucket|log buckets]], and "
         "all beyond share the last. [[bidirectional|Bidirectional]] mode (the encoder) splits the buckets into two "
         "halves: a key at or before the query (Δ ≥ 0) uses the lower half, a key after it (Δ < 0) the upper half, "
         "its bucket raised by num_buckets/2. [[causal-mask|Causal]] mode (the decoder) looks only back: r = max(Δ, 0), so "
         "every key after the query falls into bucket 0 (it is masked anyway). The table lists, per |Δ|, the bucket of "
         "a key before and of a key after the query. In the formula r = |Δ|, [Δ < 0] = 1 for a key after the query, "
         "D = max_distance (where the log buckets end), each half has n buckets, and |Δ| < e = n/2 get an exact bucket "
         "each. The code's bucket function is given j − i = −Δ (Hugging Face: `_relative_position_bucket`). "
         "Hugging Face evaluates the log branch in "
         "float32 and so does the widget, so offsets exactly on a bucket boundary land where PyTorch puts them."},
        {"L", "num_buckets", "max_distance", "bidirectional"},
        views_of(read_inputs, bucketing_views),
        {
         R"tex(\mathrm{bucket}(\Delta) = n\,[\Delta < 0] + \beta(|\Delta|), \quad n = \mathrm{num\_buckets}/2)tex",
         R"tex(\beta(r) = r\ \ (r < e = n/2), \quad \beta(r) = \min\bigl(n - 1,\ e + \lfloor (n - e) \log_{D/e}(r/e) \rfloor\bigr))tex"},
    };
    s.takeaway = {"{buckets}覆盖任意距离，因为桶宽几何增长：|Δ| < {e} 各占一桶，|Δ| ≥ {sat} 共用最后一个。",
                  "{buckets} cover any distance because widths grow geometrically: |Δ| < {e} exact, |Δ| ≥ {sat} in the last."};
    s.takeaway_args = args_of(read_inputs, bucketing_args);
    s.questions = {
        {{"Δ = −20（键在查询之后 20 个位置）落在哪个桶？",
          "Which bucket holds Δ = −20 (the key 20 places after the query)?"},
         {{"第 20 号桶：每个偏移各有一个桶", "Bucket 20: every offset has a bucket of its own"},
          {"双向时在后一半（桶号加 num_buckets/2）；因果时是 0 号桶", "The upper half (raised by num_buckets/2) when bidirectional; bucket 0 when causal"},
          {"前一半，与 Δ = +20 同一个桶", "The lower half, the same bucket as Δ = +20"}},
         1,
         [](const ParamSet& p, Lang lang) {
             const Inputs in = read_inputs(p);
             const int bucket = t5_relative_position_bucket(20, in.bidirectional, in.num_buckets, in.max_distance);
             const int mirrored = t5_relative_position_bucket(-20, in.bidirectional, in.num_buckets, in.max_distance);
             const std::vector<Arg> args = {{"bucket", integer(bucket)}, {"nb", integer(in.num_buckets)},
                                            {"md", integer(in.max_distance)}, {"mirrored", integer(mirrored)}};
             if (!in.bidirectional)
                 return say(lang,
                            {"当前是因果模式（{nb} 个桶，max_distance = {md}）：r = max(Δ, 0)，键在查询之后时 r = 0，"
                             "所以 Δ = −20 和所有后面的键一起落在 {bucket} 号桶（解码器反正会把它们遮住）；"
                             "Δ = +20 落在 {mirrored} 号桶。",
                             "Causal mode ({nb} buckets, max_distance = {md}): r = max(Δ, 0) is 0 for a key after "
                             "the query, so Δ = −20 lands in bucket {bucket} with every later key (the decoder "
                             "masks them anyway); Δ = +20 lands in bucket {mirrored}."},
                            args);
             const std::string first = say(
                 lang,
                 {"Hugging Face 的分桶函数给出 bucket(Δ = −20) = {bucket}（{nb} 个桶，max_distance = {md}，双向）："
                  "查询之后的键桶号加 num_buckets/2，落在后一半；Δ = +20 则在前一半的 {mirrored} 号桶。",
                  "Hugging Face's bucket function returns bucket(Δ = −20) = {bucket} ({nb} buckets, "
                  "max_distance = {md}, bidirectional): a key after the query is raised by num_buckets/2 into the upper "
                  "half, while Δ = +20 lands in bucket {mirrored} of the lower half."},
                 args);
             T5BucketRange range;
             for (const T5BucketRange& r : t5_bucket_ranges(in.num_buckets, in.max_distance, in.bidirectional))
                 if (r.bucket == bucket) range = r;
             std::string second;
             if (range.open_after)
                 second = say(lang,
                              {"这是饱和的最后一个桶：所有 Δ ≤ {first} 都落在这里。",
                               "It is the saturated last bucket: every Δ ≤ {first} lands there."},
                              {{"first", integer(-range.first)}});
             else if (range.first == range.last)
                 second = say(lang, {"这个桶只装 Δ = −20 这一个偏移。", "That bucket holds Δ = −20 alone."});
             else
                 second = say(lang,
                              {"|Δ| = 20 超过了 {exact} 个精确距离，所以它和 Δ = {first}…{last} 共用这个对数桶。",
                               "|Δ| = 20 is past the {exact} exact distances, so it shares this log bucket with "
                               "Δ = {first}…{last}."},
                              {{"exact", integer(t5_max_exact(in.num_buckets, true))},
                               {"first", integer(-range.last)}, {"last", integer(-range.first)}});
             return two_sentences(lang, first, second);
         }},
    };
    return s;
}

}  // namespace t5_bias_lesson
}  // namespace pelab
