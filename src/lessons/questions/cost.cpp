// PE Lab — lessons/questions/cost.cpp
// Predict-then-reveal questions of the lesson cost: whether T5's table grows with N, how the work of a full
// bias grows, and what RoPE rotates per generated token. Every explanation is computed from core/cost's
// size and work model at the learner's current N, d, heads and buckets (never from a timing, which varies).
//
// [SECTION] questions
#include <cmath>

#include "core/cost.h"
#include "lessons/questions/question_tables.h"

namespace pelab {

using namespace lessonui;
using questions_detail::count_text;
using questions_detail::int_param;

// [SECTION] questions
std::vector<PlacedQuestion> questions_cost() {
    std::vector<PlacedQuestion> out;

    out.push_back({1, {
                   {"N 变大时，T5 存储的偏置表会怎样？", "As N grows, what happens to the bias table T5 stores?"},
                   {{"按 N² 增长", "It grows as N²"},
                    {"按 2N − 1 增长", "It grows as 2N − 1"},
                    {"不变：num_buckets × heads 个数", "It stays num_buckets × heads numbers"}},
                   2,
                   [](const ParamSet& p, Lang lang) {
                       const int N = int_param(p, "N", 1, 4096), d = int_param(p, "d", 2, 1024);
                       CostModel model;
                       model.heads = int_param(p, "heads", 1, 256);
                       model.num_buckets = int_param(p, "num_buckets", 4, 64);
                       const double t5 = position_table_bytes(PositionMethod::t5_bias, N, d, model);
                       const double t5_long = position_table_bytes(PositionMethod::t5_bias, 2 * N, d, model);
                       const double full = position_table_bytes(PositionMethod::full_bias, N, d, model);
                       return say(lang,
                                  {"{nb} 个桶 × {heads} 个头：N = {N} 时 {t5}，N = {N2} 时仍是 {t5_long}。"
                                   "对比：每对 (i, j) 一个偏置要 {full}。",
                                   "{nb} buckets × {heads} heads: {t5} at N = {N}, and still {t5_long} at N = {N2}. "
                                   "For contrast, one bias per pair (i, j) takes {full}."},
                                  {{"nb", integer(model.num_buckets)}, {"heads", integer(model.heads)}, {"N", integer(N)},
                                   {"t5", bytes_text(t5)}, {"N2", integer(2LL * N)}, {"t5_long", bytes_text(t5_long)},
                                   {"full", bytes_text(full)}});
                   }}});

    out.push_back({3, {
                   {"N 增大 8 倍，加一个完整 N×N 偏置的工作量增大多少？",
                    "N grows 8×. How much more work is adding a full N×N bias?"},
                   {{"8 倍", "8×"}, {"64 倍（N²）", "64× (N²)"}, {"不变", "Unchanged"}},
                   1,
                   [](const ParamSet& p, Lang lang) {
                       // From N/8 to 8 times that, so the ratio is exactly 8× in N whatever N is.
                       const int n = std::max(1, int_param(p, "N", 1, 4096) / 8), d = int_param(p, "d", 2, 1024);
                       const double small = position_work_items(PositionMethod::full_bias, n, d);
                       const double large = position_work_items(PositionMethod::full_bias, 8 * n, d);
                       const double embed = position_work_items(PositionMethod::embedding_add, 8 * n, d) /
                                            position_work_items(PositionMethod::embedding_add, n, d);
                       return say(lang,
                                  {"N = {small_n} 时要更新 {small} 个元素，N = {N} 时 {large} 个，是 {ratio} 倍；"
                                   "而加嵌入表只增大 {embed} 倍。实测时间在小尺寸下会受缓存和计时精度影响。",
                                   "At N = {small_n} it updates {small} elements, at N = {N} {large}: {ratio}×, while adding "
                                   "an embedding table grows only {embed}×. Measured times blur this at small sizes (caches, "
                                   "timer resolution)."},
                                  {{"small_n", integer(n)}, {"small", count_text(std::llround(small), lang)},
                                   {"N", integer(8LL * n)}, {"large", count_text(std::llround(large), lang)},
                                   {"ratio", num(large / small)}, {"embed", num(embed)}});
                   }}});

    out.push_back({2, {
                   {"生成文本时，每来一个新词，RoPE 要旋转哪些向量？",
                    "While generating text, which vectors does RoPE rotate for each new token?"},
                   {{"KV 缓存里的每个键都要重新旋转", "Every key in the KV cache, again"},
                    {"只旋转新词自己的 q 和 k", "Only the new token's own q and k"},
                    {"不旋转任何向量", "None at all"}},
                   1,
                   [](const ParamSet& p, Lang lang) {
                       const int N = int_param(p, "N", 1, 4096), d = int_param(p, "d", 2, 1024);
                       return say(lang,
                                  {"键在进入 KV 缓存前已按自己的位置旋转过一次，之后不再改变。所以每个新词每个头只旋转 2d = {rotated} 个数；"
                                   "偏置类方法则要给 N = {N} 个缓存的键各加一个偏置。",
                                   "A key is rotated once, at its position, before it enters the KV cache, and never again. So "
                                   "each new token rotates only 2d = {rotated} numbers per head, while a bias method adds one bias "
                                   "to each of the N = {N} cached keys."},
                                  {{"rotated", integer(2LL * d)}, {"N", integer(N)}});
                   }}});
    return out;
}

}  // namespace pelab
