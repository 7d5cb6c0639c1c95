// PE Lab — lessons/questions/t5_bias.cpp
// Predict-then-reveal questions of the lesson t5-bias: whether the bias table grows with the length, where
// j − i = 20 lands, and why every head's bias picture is Toeplitz. Every explanation calls HF's bucketing as
// transcribed in core/t5 at the learner's current num_buckets, max_distance and direction.
//
// [SECTION] helpers
// [SECTION] questions
#include "core/f_delta.h"
#include "core/t5.h"
#include "lessons/questions/question_tables.h"

namespace pelab {

using namespace lessonui;
using questions_detail::count_text;
using questions_detail::int_param;

namespace {

// [SECTION] helpers
struct T5Settings {
    int num_buckets = 32, max_distance = 128;
    bool bidirectional = true;
};

// The lesson's values, max_distance raised above the exact buckets as the lesson itself does (HF's log branch
// needs max_distance > max_exact).
T5Settings t5_settings(const ParamSet& p) {
    T5Settings s;
    s.num_buckets = int_param(p, "num_buckets", 4, 64);
    s.bidirectional = p.geti("bidirectional") != 0;
    s.max_distance = std::max(int_param(p, "max_distance", 2, 4096), t5_max_exact(s.num_buckets, s.bidirectional) + 1);
    return s;
}

// Sentences in Chinese run on without a space; English ones are separated by one.
std::string sentences(Lang lang, const std::string& a, const std::string& b) { return a + (lang == Lang::zh ? "" : " ") + b; }

}  // namespace

// [SECTION] questions
std::vector<PlacedQuestion> questions_t5_bias() {
    std::vector<PlacedQuestion> out;

    out.push_back({1, {
                   {"序列变长时，T5 的偏置表会变大吗？", "Does T5's bias table grow when the sequence gets longer?"},
                   {{"会，按 L² 增长", "Yes, as L²"},
                    {"会，按 2L − 1 增长", "Yes, as 2L − 1"},
                    {"不会：它固定是 num_buckets × heads 个数", "No: it is num_buckets × heads numbers, always"}},
                   2,
                   [](const ParamSet& p, Lang lang) {
                       const T5Settings s = t5_settings(p);
                       const int heads = int_param(p, "heads", 1, 64), L = int_param(p, "L", 1, 4096);
                       return say(lang,
                                  {"{nb} 个桶 × {heads} 个头 = {params} 个参数，L = {L} 时如此，任何长度都如此：再远的距离也只落进这些桶里。",
                                   "{nb} buckets × {heads} heads = {params} parameters, at L = {L} and at any length: even the "
                                   "farthest distance falls into one of these buckets."},
                                  {{"nb", integer(s.num_buckets)}, {"heads", integer(heads)},
                                   {"params", count_text(1LL * s.num_buckets * heads, lang)}, {"L", integer(L)}});
                   }}});

    out.push_back({3, {
                   {"j − i = 20（键在查询之后 20 个位置）落在哪个桶？",
                    "Which bucket holds j − i = 20 (the key 20 places after the query)?"},
                   {{"第 20 号桶：每个距离各有一个桶", "Bucket 20: every distance has a bucket of its own"},
                    {"双向时在上半部分（偏移 num_buckets/2）；因果时是 0 号桶", "The upper half (offset num_buckets/2) when bidirectional; bucket 0 when causal"},
                    {"下半部分，与 j − i = −20 同一个桶", "The lower half, the same bucket as j − i = −20"}},
                   1,
                   [](const ParamSet& p, Lang lang) {
                       const T5Settings s = t5_settings(p);
                       const int bucket = t5_relative_position_bucket(20, s.bidirectional, s.num_buckets, s.max_distance);
                       const int mirrored = t5_relative_position_bucket(-20, s.bidirectional, s.num_buckets, s.max_distance);
                       const std::vector<Arg> args = {{"bucket", integer(bucket)}, {"nb", integer(s.num_buckets)},
                                                      {"md", integer(s.max_distance)}, {"mirrored", integer(mirrored)}};
                       if (!s.bidirectional)
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
                       for (const T5BucketRange& r : t5_bucket_ranges(s.num_buckets, s.max_distance, s.bidirectional))
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
                                        {{"exact", integer(t5_max_exact(s.num_buckets, true))},
                                         {"first", integer(range.first)}, {"last", integer(range.last)}});
                       return sentences(lang, first, second);
                   }}});

    out.push_back({5, {
                   {"每个头的偏置图 bias[bucket(i, j)][h] 是 Toeplitz 矩阵吗？",
                    "Is every head's bias picture bias[bucket(i, j)][h] a Toeplitz matrix?"},
                   {{"是：桶只取决于 j − i，所以每条对角线是常数", "Yes: the bucket depends on j − i only, so every diagonal is constant"},
                    {"不是：对数桶会打破对角线", "No: the logarithmic buckets break the diagonals"},
                    {"只有第 0 个头是", "Only head 0 is"}},
                   0,
                   [](const ParamSet& p, Lang lang) {
                       const T5Settings s = t5_settings(p);
                       const int L = int_param(p, "L", 1, 256);
                       const Eigen::MatrixXd buckets =
                           t5_bucket_matrix(L, s.num_buckets, s.max_distance, s.bidirectional).cast<double>();
                       const double spread = diagonal_spread(buckets).maxCoeff();
                       return say_error(lang,
                                        {"L = {L} 时桶矩阵沿对角线的最大差值是 {err}{hint}，所以每个头查表得到的偏置图也是如此："
                                         "一个距离一个标量，与查询的内容无关。",
                                         "At L = {L} the bucket matrix's largest spread along a diagonal is {err}{hint}, so each "
                                         "head's looked-up bias picture is too: one scalar per distance, whatever the query's content."},
                                        spread, {{"L", integer(L)}});
                   }}});
    return out;
}

}  // namespace pelab
