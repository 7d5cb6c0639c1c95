// PE Lab — lessons/questions/f_delta.cpp
// Predict-then-reveal questions of the lesson f-delta: how many values F can hold, what a diagonal shares,
// and what a sine weight does to symmetry. Every explanation is computed from core/f_delta at the
// learner's current L and ω.
//
// [SECTION] questions
#include "core/f_delta.h"
#include "lessons/questions/question_tables.h"

namespace pelab {

using namespace lessonui;
using questions_detail::count_text;
using questions_detail::int_param;

// [SECTION] questions
std::vector<PlacedQuestion> questions_f_delta() {
    std::vector<PlacedQuestion> out;

    out.push_back({2, {
                   {"L 个位置的 F 最多能有多少个不同的值？", "With L positions, how many different values can F hold at most?"},
                   {{"L² 个，每个格子一个", "L², one per cell"},
                    {"2L − 1 个，每条对角线一个", "2L − 1, one per diagonal"},
                    {"L 个，每行一个", "L, one per row"}},
                   1,
                   [](const ParamSet& p, Lang lang) {
                       const int L = int_param(p, "L", 1, 64);
                       return say(lang,
                                  {"L = {L} 时 F 有 {cells} 个格子，却只有 {diagonals} 条对角线；同一条对角线上的格子 Δ 相同，"
                                   "因此值也相同，所以 F 最多有 {diagonals} 个不同的值。",
                                   "With L = {L}, F has {cells} cells but only {diagonals} diagonals; the cells of one "
                                   "diagonal share Δ and hence their value, so F holds at most {diagonals} different values."},
                                  {{"L", integer(L)}, {"cells", count_text(1LL * L * L, lang)}, {"diagonals", integer(2LL * L - 1)}});
                   }}});

    out.push_back({4, {
                   {"F[0,1] 和 F[1,2] 在同一条对角线上。两者相比如何？",
                    "F[0,1] and F[1,2] lie on the same diagonal. How do they compare?"},
                   {{"相等：两格的 Δ 都是 −1", "Equal: both cells have Δ = −1"},
                    {"F[1,2] 更大，因为它离开头更远", "F[1,2] is larger, being further from the start"},
                    {"取决于 ω，可能相等也可能不等", "It depends on ω; they may or may not be equal"}},
                   0,
                   [](const ParamSet& p, Lang lang) {
                       const Eigen::VectorXd omega = to_eigen(p.getv("omega"));
                       const double f = f_kernel(-1.0, omega, cosine_readout(static_cast<int>(omega.size())));
                       return say(lang,
                                  {"两格都有 Δ = q − k = −1，所以都写入 f(−1) = {f}。一个格子只通过 Δ 依赖 q 和 k，"
                                   "所以不管 ω 取什么，这条对角线上的每个格子都相同。",
                                   "Both cells have Δ = q − k = −1, so both hold f(−1) = {f}. A cell depends on q and k only "
                                   "through Δ, so every cell of this diagonal is the same, whatever ω is."},
                                  {{"f", num(f)}});
                   }}});

    out.push_back({6, {
                   {"给第一个正弦项一个权重（v₁ = 1）：F 还对称吗？",
                    "Give the first sine a weight (v₁ = 1): does F stay symmetric?"},
                   {{"还对称，也还是 Toeplitz 矩阵", "Yes, and it stays Toeplitz"},
                    {"一般不再对称，但仍是 Toeplitz 矩阵", "In general no longer symmetric, but still Toeplitz"},
                    {"既不对称，也不再是 Toeplitz 矩阵", "Neither symmetric nor Toeplitz any more"}},
                   1,
                   [](const ParamSet& p, Lang lang) {
                       const Eigen::VectorXd omega = to_eigen(p.getv("omega"));
                       Eigen::VectorXd v = cosine_readout(static_cast<int>(omega.size()));
                       if (v.size() > 1) v(1) = 1.0;
                       const double ahead = f_kernel(1.0, omega, v), behind = f_kernel(-1.0, omega, v);
                       return say(lang,
                                  {"正弦是奇函数，sin(−ω₀Δ) = −sin(ω₀Δ)，所以新加的一项在对角线两侧符号相反：当前 ω 下 "
                                   "f(1) = {ahead}，f(−1) = {behind}，F[1,0] 与 F[0,1] 相差 {gap}。"
                                   "只有当 sin(ω₀Δ) 在每个整数 Δ 上都为 0 时两者才相等。格子仍只依赖 Δ，所以每条对角线仍是常数。",
                                   "Sine is odd, sin(−ω₀Δ) = −sin(ω₀Δ), so the new term changes sign across the diagonal: at "
                                   "the current ω, f(1) = {ahead} and f(−1) = {behind}, so F[1,0] and F[0,1] differ by {gap}. "
                                   "They agree only if sin(ω₀Δ) is 0 at every integer Δ. A cell still depends on Δ alone, so "
                                   "every diagonal stays constant."},
                                  {{"ahead", num(ahead)}, {"behind", num(behind)}, {"gap", exact(std::abs(ahead - behind))}});
                   }}});
    return out;
}

}  // namespace pelab
