// PE Lab — lessons/questions/shaw.cpp
// Predict-then-reveal questions of the lesson shaw: how many rows the relative table has, where two far
// distances are read, whether the position term is one number per distance, which Transformer-XL term is
// the same for every query, and which row DeBERTa reads for a far distance. Every explanation is computed
// from core (shaw.h, relative_methods.h) at the learner's current L, k, d_k, d_model and random seed.
//
// [SECTION] questions
#include <cmath>

#include "core/f_delta.h"
#include "core/relative_methods.h"
#include "core/shaw.h"
#include "lessons/questions/question_tables.h"

namespace pelab {

using namespace lessonui;
using questions_detail::int_param;

// [SECTION] questions
std::vector<PlacedQuestion> questions_shaw() {
    std::vector<PlacedQuestion> out;

    out.push_back({3, {
                   {"截断距离为 k 时，相对位置表有多少行？", "With clipping distance k, how many rows does the relative table have?"},
                   {{"2L − 1 行，每个距离一行", "2L − 1, one per distance"},
                    {"2k + 1 行，与序列长度无关", "2k + 1, whatever the sequence length"},
                    {"L 行，每个位置一行", "L, one per position"}},
                   1,
                   [](const ParamSet& p, Lang lang) {
                       const int L = int_param(p, "L", 1, 1024), k = int_param(p, "clip", 0, 1023);
                       const Eigen::MatrixXi distance = shaw_relative_distance(L);
                       const long long clipped = (distance.array().abs() > k).count();
                       return say(lang,
                                  {"k = {k}：表有 2k + 1 = {rows} 行，对应 j − i = −{k}…{k}。L = {L} 的序列有 {distances} 个距离，"
                                   "其中 {clipped} 对 (i, j) 的 |j − i| 超过 k，被截断后共用两端的行。",
                                   "k = {k}: the table has 2k + 1 = {rows} rows, for j − i = −{k}…{k}. A sequence of L = {L} has "
                                   "{distances} distances; {clipped} pairs (i, j) have |j − i| beyond k and share the end rows "
                                   "after clipping."},
                                  {{"k", integer(k)}, {"rows", integer(2LL * k + 1)}, {"L", integer(L)},
                                   {"distances", integer(2LL * L - 1)}, {"clipped", integer(clipped)}});
                   }}});

    out.push_back({3, {
                   {"两对位置的 j − i 分别是 k + 1 和 k + 5。它们读相对位置表的同一行吗？",
                    "Two pairs have j − i = k + 1 and j − i = k + 5. Do they read the same row of the table?"},
                   {{"是：两者都被截断到 k，读同一行 2k", "Yes: both clip to k and read row 2k"},
                    {"不是：每个距离都有自己的行", "No: every distance has a row of its own"},
                    {"不是：k + 5 超出了表，会报错", "No: k + 5 falls off the table and fails"}},
                   0,
                   [](const ParamSet& p, Lang lang) {
                       const int k = int_param(p, "clip", 0, 1023);
                       const Eigen::MatrixXi index = shaw_relative_index(k + 6, k);  // row 0: j − i = j
                       return say(lang,
                                  {"k = {k}：tensor2tensor 计算 clip(j − i, −k, k) + k，j − i = {near} 得到第 {near_row} 行，"
                                   "j − i = {far} 得到第 {far_row} 行。超过 k 的距离全都共用最后一行。",
                                   "k = {k}: tensor2tensor computes clip(j − i, −k, k) + k; j − i = {near} reads row {near_row} "
                                   "and j − i = {far} reads row {far_row}. Every distance beyond k shares the last row."},
                                  {{"k", integer(k)}, {"near", integer(k + 1)}, {"far", integer(k + 5)},
                                   {"near_row", integer(index(0, k + 1))}, {"far_row", integer(index(0, k + 5))}});
                   }}});

    out.push_back({6, {
                   {"同一个距离上，不同的查询得到的位置项 q_i·a_ij 相同吗？",
                    "At one distance, do different queries get the same position term q_i·a_ij?"},
                   {{"相同：每个距离只有一个数", "Yes: one number per distance"},
                    {"不同：它取决于查询的内容", "No: it depends on the query's content"},
                    {"只有截断的距离才不同", "Only the clipped distances differ"}},
                   1,
                   [](const ParamSet& p, Lang lang) {
                       const int L = int_param(p, "L", 2, 64), k = int_param(p, "clip", 0, 63);
                       const int d = int_param(p, "d_k", 1, 64);
                       const ShawDemo demo = shaw_demo_inputs(L, k, d, static_cast<std::uint64_t>(std::max(0, p.geti("seed"))));
                       const Eigen::MatrixXd scores =
                           shaw_position_scores(demo.Q, shaw_lookup(demo.table, shaw_relative_index(L, k)));
                       const double spread = diagonal_spread(scores / std::sqrt(static_cast<double>(d))).maxCoeff();
                       return say(lang,
                                  {"a_ij 和 q_i 在同一个 d_k 维空间里，点积 q_i·a_ij 随 q_i 的内容而变：当前随机 Q 下，"
                                   "q_i·a_ij / √d_k 沿同一条对角线（同一个距离）的最大差值是 {spread}。每个距离只加一个标量（如 T5）时这个差值是 0。",
                                   "a_ij lives in the same d_k-dimensional space as q_i, and q_i·a_ij changes with q_i's content: "
                                   "with the current random Q the largest spread of q_i·a_ij / √d_k along one diagonal (one distance) "
                                   "is {spread}. "
                                   "A single scalar per distance (as in T5) would give 0."},
                                  {{"spread", num(spread, 3)}});
                   }}});

    out.push_back({8, {
                   {"Transformer-XL 的四项中，哪一项对每个查询（每一行）都一样？",
                    "Which of Transformer-XL's four terms is the same for every query (every row)?"},
                   {{"d = v·W_R R_(i−j)：它不看内容", "d = v·W_R R_(i−j): it ignores the content"},
                    {"c = u·k_j：只看键", "c = u·k_j: it looks at the key only"},
                    {"b = q_i·W_R R_(i−j)：它只看距离", "b = q_i·W_R R_(i−j): it looks at the distance only"}},
                   1,
                   [](const ParamSet& p, Lang lang) {
                       const int L = int_param(p, "L", 2, 64), d = int_param(p, "d_k", 1, 64);
                       const int d_model = 2 * (int_param(p, "d_model", 2, 64) / 2);
                       const TxlDemo demo = txl_demo_inputs(L, d, d_model, static_cast<std::uint64_t>(std::max(0, p.geti("seed"))));
                       const TxlTerms t = txl_attention_terms(demo.Q, demo.K, demo.u, demo.v, demo.W_R);
                       double c_rows = 0.0, d_rows = 0.0;
                       for (int r = 1; r < L; ++r) {
                           c_rows = std::max(c_rows, (t.c.row(r) - t.c.row(0)).cwiseAbs().maxCoeff());
                           d_rows = std::max(d_rows, (t.d.row(r) - t.d.row(0)).cwiseAbs().maxCoeff());
                       }
                       return say(lang,
                                  {"c = u·k_j 把查询换成全局向量 u，所以每一行相同：当前设置下各行与第 0 行的最大差 = {c}。"
                                   "d 也不看内容，但它跟着距离 i − j 走，每一行相对上一行平移一格：最大差 = {d}。",
                                   "c = u·k_j replaces the query with the global vector u, so every row is the same: with the "
                                   "current settings the largest difference from row 0 is {c}. d ignores the content too, but it "
                                   "follows the distance i − j and shifts by one cell per row: largest difference {d}."},
                                  {{"c", exact(c_rows)}, {"d", num(d_rows, 3)}});
                   }}});

    out.push_back({9, {
                   {"DeBERTa 里，距离 δ = 2·max_position 远在最后一个对数桶之外。c2p 读 2k 行表的哪一行？",
                    "In DeBERTa, the distance δ = 2·max_position lies far beyond the last log bucket. Which row of the "
                    "2k-row table does c2p read?"},
                   {{"第 δ + k 行", "Row δ + k"},
                    {"最后一行 2k − 1：桶号加 k 超出了表，被 clamp 截住", "The last row, 2k − 1: the bucket plus k runs past the table and is clamped"},
                    {"第 mid + k 行：超过 mid 的距离都归到一起", "Row mid + k: every distance beyond mid is lumped together"}},
                   1,
                   [](const ParamSet& p, Lang lang) {
                       const int bucket_size = 2 * (int_param(p, "bucket_size", 0, 512) / 2);
                       const int max_position = int_param(p, "max_position", 258, 4096);
                       const int delta = 2 * max_position;
                       const int span = deberta_attention_span(bucket_size, max_position);
                       const Eigen::MatrixXi rel = deberta_relative_position(delta + 1, 1, bucket_size, max_position);
                       const int bucket = rel(delta, 0);
                       const int row = deberta_c2p_index(rel, span)(delta, 0);
                       return say(lang,
                                  {"bucket_size = {bs}、max_position = {mp}：δ = {delta} 落进桶 {bucket}，k = {k}，"
                                   "clamp({bucket} + {k}, 0, {last}) = {row}，正是最后一行。比最后一个桶更远的距离全都读这一行。",
                                   "bucket_size = {bs}, max_position = {mp}: δ = {delta} falls in bucket {bucket}, k = {k}, and "
                                   "clamp({bucket} + {k}, 0, {last}) = {row}, the last row. Every distance beyond the last bucket "
                                   "reads that row."},
                                  {{"bs", integer(bucket_size)}, {"mp", integer(max_position)}, {"delta", integer(delta)},
                                   {"bucket", integer(bucket)}, {"k", integer(span)}, {"last", integer(2 * span - 1)},
                                   {"row", integer(row)}});
                   }}});
    return out;
}

}  // namespace pelab
