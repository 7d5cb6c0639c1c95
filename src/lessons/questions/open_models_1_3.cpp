// PE Lab — lessons/questions/open_models_1_3.cpp
// Predict-then-reveal questions of lesson "open-models" on its steps 1–3 — what the pass-through numbers add
// to the score under partial rotation, which of Gemma 3's two bases gives the longer wavelengths, and what a
// causal mask alone gives token 0 — and the sources those steps follow. Every explanation is computed from
// core (open_models.h, rope.h, odometer.h) at the learner's current parameters.
//
// [SECTION] questions
#include <algorithm>
#include <cmath>

#include "core/odometer.h"
#include "core/open_models.h"
#include "core/random.h"
#include "core/rope.h"
#include "lessons/questions/question_tables.h"

namespace pelab {

using namespace lessonui;
using questions_detail::int_param;

// [SECTION] questions
std::vector<PlacedQuestion> questions_open_models_1_3() {
    std::vector<PlacedQuestion> out;

    out.push_back({1, {
                   {"只有前 rotary_dim 个数旋转时，其余的数给分数 S[m][n] 加上了什么？",
                    "When only the first rotary_dim numbers turn, what do the other numbers add to the score S[m][n]?"},
                   {{"一个随 n − m 变化的项", "A term that changes with n − m"},
                    {"一个在每个格子里都相同的常数", "A constant, the same in every cell"},
                    {"一个随 m 单调增长的项", "A term that grows steadily with m"}},
                   1,
                   [](const ParamSet& p, Lang lang) {
                       const int d = int_param(p, "d", 2, 256) / 2 * 2;
                       const int r = std::min(int_param(p, "rotary_dim", 2, 256) / 2 * 2, d);
                       const int L = int_param(p, "L", 2, 64);
                       const double base = std::max(1.5, p.getd("base"));
                       SplitMix64 rng(static_cast<std::uint64_t>(p.geti("seed")));
                       const Eigen::VectorXd q = random_signed_matrix(d, 1, rng).col(0), k = random_signed_matrix(d, 1, rng).col(0);
                       const RopeScoreParts parts = partial_rope_score_parts(L, r, base, q, k, RopeLayout::half);
                       const double spread = parts.content.maxCoeff() - parts.content.minCoeff();
                       return say_error(lang,
                                        {"后 {pass} 个数不旋转，它们的点积 ⟨q_pass, k_pass⟩ = {c} 与位置无关；在 L = {L} 的矩阵里，"
                                         "这一部分的最大值减最小值 = {err}{hint}。相对的只有前 {r} 个数的那一部分。",
                                         "The last {pass} numbers do not turn, so their dot product ⟨q_pass, k_pass⟩ = {c} ignores "
                                         "position; over the L = {L} matrix this part's largest minus smallest cell = {err}{hint}. "
                                         "Only the part of the first {r} numbers is relative."},
                                        spread,
                                        {{"pass", integer(d - r)}, {"c", num(parts.content(0, 0), 6)}, {"L", integer(L)}, {"r", integer(r)}});
                   }}});

    out.push_back({2, {
                   {"同一个频率对 i（i > 0），在局部层（底数 10⁴）和全局层（底数 10⁶）里，哪边的波长更长？",
                    "For the same frequency pair i (i > 0), which has the longer wavelength: a local layer (base 10⁴) or a global layer (base 10⁶)?"},
                   {{"局部层", "The local layer"},
                    {"全局层", "The global layer"},
                    {"一样长", "They are equal"}},
                   1,
                   [](const ParamSet& p, Lang lang) {
                       const int d = std::max(4, int_param(p, "d", 2, 256) / 2 * 2);
                       const int window = int_param(p, "window", 1, 1 << 24);
                       const Eigen::VectorXd local = rope_default_inv_freq(d, 1e4), global = rope_default_inv_freq(d, 1e6);
                       const std::vector<double> lw = pair_wavelengths(local), gw = pair_wavelengths(global);
                       return say(lang,
                                  {"λᵢ = 2π·b^(2i/d) 随底数 b 增大。d = {d} 时最慢一对在局部层是 {l} 个位置，在全局层是 {g} 个位置；"
                                   "窗口 {w} 内局部层有 {lc} 对转满一圈，全局层只有 {gc} 对。",
                                   "λᵢ = 2π·b^(2i/d) grows with the base b. With d = {d} the slowest pair spans {l} positions in a "
                                   "local layer and {g} in a global one; inside the window of {w}, {lc} local pairs complete a turn "
                                   "but only {gc} global pairs do."},
                                  {{"d", integer(d)}, {"l", num(lw.back(), 4)}, {"g", num(gw.back(), 4)}, {"w", integer(window)},
                                   {"lc", integer(d / 2 - pairs_short_of_a_turn(local, window))},
                                   {"gc", integer(d / 2 - pairs_short_of_a_turn(global, window))}});
                   }}});

    out.push_back({3, {
                   {"没有位置编码、所有分数都相等，只有因果掩码。第 i 个查询给第 0 个词元多少注意力？",
                    "No position encoding, all scores equal, only the causal mask. How much attention does query i give token 0?"},
                   {{"总是 1/L", "Always 1/L"},
                    {"1/(i + 1)", "1/(i + 1)"},
                    {"总是 1", "Always 1"}},
                   1,
                   [](const ParamSet& p, Lang lang) {
                       const int L = int_param(p, "L", 2, 64);
                       const Eigen::VectorXd a = causal_uniform_attention_to_first(L);
                       double gap = 0.0;
                       for (int i = 0; i < L; ++i) gap = std::max(gap, std::abs(a(i) - 1.0 / (i + 1)));
                       return say_error(lang,
                                        {"掩码让第 i 个查询只看到 i + 1 个键，相等的分数把权重平分：第 {last} 个查询给第 0 个词元 {a}。"
                                         "与 1/(i + 1) 的最大差 = {err}{hint}，所以这个权重泄露了位置。",
                                         "The mask lets query i see i + 1 keys, and equal scores share the weight evenly: query {last} "
                                         "gives token 0 {a}. The largest difference from 1/(i + 1) = {err}{hint}, so the weight "
                                         "gives the position away."},
                                        gap, {{"last", integer(L - 1)}, {"a", num(a(L - 1), 4)}});
                   }}});

    return out;
}

}  // namespace pelab
