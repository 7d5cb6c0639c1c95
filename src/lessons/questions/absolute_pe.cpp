// PE Lab — lessons/questions/absolute_pe.cpp
// Predict-then-reveal questions of the lesson absolute-pe: what shuffling does to attention without
// positions, whether one matrix shifts every sinusoidal code, and what a learnable table gives a position
// past its last row. Every explanation is computed from core (attention_grid, sinusoidal) at the current values.
//
// [SECTION] questions
#include <cmath>

#include "core/attention_grid.h"
#include "core/sinusoidal.h"
#include "lessons/questions/question_tables.h"

namespace pelab {

using namespace lessonui;
using questions_detail::choice_number;
using questions_detail::count_text;
using questions_detail::int_param;

// [SECTION] questions
std::vector<PlacedQuestion> questions_absolute_pe() {
    std::vector<PlacedQuestion> out;

    out.push_back({1, {
                   {"不加任何位置信息，把输入的词打乱顺序。输出会怎样？",
                    "With no position information, shuffle the input tokens. What happens to the outputs?"},
                   {{"完全不变", "They stay exactly the same"},
                    {"跟着一起被打乱，每个词的输出本身不变（等变）", "They are shuffled the same way; each token's own output is unchanged (equivariance)"},
                    {"变得无法预测", "They change unpredictably"}},
                   1,
                   [](const ParamSet& p, Lang lang) {
                       const int tokens = int_param(p, "tokens", 2, 8);
                       const PermutationDemo demo =
                           permutation_equivariance_demo(tokens, 4, static_cast<std::uint64_t>(std::max(0, p.geti("seed"))));
                       const double moved = (demo.out_shuffled - demo.P * demo.out).cwiseAbs().maxCoeff();
                       const double changed = (demo.out_shuffled - demo.out).cwiseAbs().maxCoeff();
                       return say_error(lang,
                                        {"{tokens} 个词打乱后：最大 |Attn(P·X) − P·Attn(X)| = {err}{hint}，即输出只是换了位置；"
                                         "而最大 |Attn(P·X) − Attn(X)| = {changed}，输出的行确实跟着移动了。这叫等变，不是不变。",
                                         "Shuffling {tokens} tokens: the largest |Attn(P·X) − P·Attn(X)| = {err}{hint}, so the "
                                         "outputs only move; the largest |Attn(P·X) − Attn(X)| = {changed}, so the rows do move. "
                                         "That is equivariance, not invariance."},
                                        moved, {{"tokens", integer(tokens)}, {"changed", num(changed, 3)}});
                   }}});

    out.push_back({5, {
                   {"是否有一个矩阵 M_k，对所有位置 p 都满足 PE(p + k) = M_k·PE(p)？",
                    "Is there one matrix M_k with PE(p + k) = M_k·PE(p) for every position p?"},
                   {{"有：同一个 M_k 适用于所有 p", "Yes: the same M_k works for every p"},
                    {"没有：M_k 必须随 p 改变", "No: M_k has to change with p"},
                    {"只有 tensor2tensor 的排列才有", "Only in the tensor2tensor layout"}},
                   0,
                   [](const ParamSet& p, Lang lang) {
                       const int L = int_param(p, "L", 2, 256), k = int_param(p, "shift", -64, 64);
                       const int d = std::clamp(choice_number(p, "d_model", 64), 2, 128) / 2 * 2;
                       const double base = std::max(2.0, p.getd("base"));
                       const PeVariant v = pe_variant_from(p.gets("variant"));
                       const Eigen::MatrixXd M = sinusoidal_shift_matrix(k, d, base, v);
                       double err = 0;
                       for (int pos = 0; pos < L; ++pos)
                           err = std::max(err, (M * sinusoidal_pe_row(pos, d, base, v) - sinusoidal_pe_row(pos + k, d, base, v))
                                                   .cwiseAbs()
                                                   .maxCoeff());
                       return say_error(lang,
                                        {"按两角和公式，sin((p+k)ω) 和 cos((p+k)ω) 是 sin(pω)、cos(pω) 的线性组合，系数只依赖 k。"
                                         "当前 k = {k}、d = {d}：对 p = 0…{last} 取最大 |M_k·PE(p) − PE(p + k)| = {err}{hint}。",
                                         "By the angle-addition formulas, sin((p+k)ω) and cos((p+k)ω) are linear combinations of "
                                         "sin(pω) and cos(pω) with coefficients that depend on k only. Now k = {k}, d = {d}: over "
                                         "p = 0…{last} the largest |M_k·PE(p) − PE(p + k)| = {err}{hint}."},
                                        err, {{"k", integer(k)}, {"d", integer(d)}, {"last", integer(L - 1)}});
                   }}});

    out.push_back({8, {
                   {"可学习的位置表有 max_len 行。位置 max_len 用哪一行？",
                    "A learnable position table has max_len rows. Which row does position max_len use?"},
                   {{"最后一行", "The last row"},
                    {"没有它的行：模型查不到这个位置的编码", "None: there is no row for it, so the model has no code to look up"},
                    {"相邻两行的插值", "An interpolation of the neighbouring rows"}},
                   1,
                   [](const ParamSet& p, Lang lang) {
                       const int max_len = int_param(p, "max_len", 1, 4096), L = int_param(p, "L", 1, 4096);
                       const int d = std::clamp(choice_number(p, "d_model", 64), 1, 4096);
                       return say(lang,
                                  {"max_len = {max_len}：表里只有位置 0…{last} 的行，位置从 0 数起，所以位置 {max_len} 已经在表外。"
                                   "L = {L} 时有 {missing} 个位置没有行。这张表有 max_len × d = {params} 个参数。",
                                   "max_len = {max_len}: the table has rows for positions 0…{last} only; positions count from 0, "
                                   "so position {max_len} is already outside. With L = {L}, {missing} positions have no row. "
                                   "The table holds max_len × d = {params} parameters."},
                                  {{"max_len", integer(max_len)}, {"last", integer(max_len - 1)}, {"L", integer(L)},
                                   {"missing", integer(std::max(0, L - max_len))}, {"params", count_text(1LL * max_len * d, lang)}});
                   }}});
    return out;
}

}  // namespace pelab
