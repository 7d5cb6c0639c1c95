// PE Lab — lessons/questions/rope.cpp
// Predict-then-reveal questions of the lesson rope: what the dot product of two rotated vectors depends on,
// what a common shift does to the score matrix, which pair turns fastest, and whether xPos's scaling depends
// on where a pair sits. Every explanation is computed from core (rope.h, relative_methods.h) at the learner's
// current angles, width, base, shift and γ.
//
// [SECTION] questions
#include <cmath>

#include "core/relative_methods.h"
#include "core/rope.h"
#include "lessons/questions/question_tables.h"

namespace pelab {

using namespace lessonui;
using questions_detail::int_param;

// [SECTION] questions
std::vector<PlacedQuestion> questions_rope() {
    std::vector<PlacedQuestion> out;

    out.push_back({2, {
                   {"把 u 转 α、把 v 转 β，再求点积。结果取决于什么？",
                    "Rotate u by α and v by β, then take the dot product. What does it depend on?"},
                   {{"分别取决于 α 和 β", "On α and β separately"},
                    {"只取决于差 β − α", "Only on the difference β − α"},
                    {"只取决于和 α + β", "Only on the sum α + β"}},
                   1,
                   [](const ParamSet& p, Lang lang) {
                       const double alpha = p.getd("alpha"), beta = p.getd("beta");
                       const Eigen::Vector2d u(1.0, 0.0);
                       const double rotated = (rotation2(alpha) * u).dot(rotation2(beta) * u);
                       const double shifted = (rotation2(alpha + 1.0) * u).dot(rotation2(beta + 1.0) * u);
                       return say_error(lang,
                                        {"R(α)ᵀR(β) = R(β − α)。取 u = v = (1, 0)：(R(α)u)·(R(β)v) = {dot} = cos(β − α)，"
                                         "β − α = {diff}；两个角都加 1 弧度后点积变化 {err}{hint}。",
                                         "R(α)ᵀR(β) = R(β − α). With u = v = (1, 0): (R(α)u)·(R(β)v) = {dot} = cos(β − α), "
                                         "β − α = {diff}; adding 1 radian to both angles changes it by {err}{hint}."},
                                        std::abs(shifted - rotated), {{"dot", num(rotated)}, {"diff", angle(beta - alpha)}});
                   }}});

    out.push_back({4, {
                   {"查询和键的位置都加上 t，分数矩阵 S 会怎样？",
                    "Add t to both the query's and the key's position. What happens to the score matrix S?"},
                   {{"每个格子都变了", "Every cell changes"},
                    {"什么都不变：S[m + t, n + t] = S[m, n]", "Nothing changes: S[m + t, n + t] = S[m, n]"},
                    {"S 整体向下移 t 行", "S moves down by t rows"}},
                   1,
                   [](const ParamSet& p, Lang lang) {
                       const int d = int_param(p, "d", 2, 64) / 2 * 2, L = int_param(p, "L", 2, 64);
                       const int t = int_param(p, "t", 0, 1000);
                       const double base = std::max(1.5, p.getd("base"));
                       const Eigen::VectorXd theta = rope_default_inv_freq(d, base);
                       Eigen::VectorXd q(d), k(d);
                       for (int i = 0; i < d; ++i) {
                           q(i) = 1.0 / (i + 1);
                           k(i) = (i % 3) - 1.0;
                       }
                       const Eigen::MatrixXd S = rope_scores(L, theta, q, k, RopeLayout::interleaved);
                       const Eigen::MatrixXd S_t = rope_scores(L, theta, q, k, RopeLayout::interleaved, t);
                       return say_error(lang,
                                        {"⟨R_m q, R_n k⟩ = ⟨q, R_(n−m) k⟩ 只看 n − m。固定 q、k，d = {d}、L = {L}：两个位置都加 t = {t} 后，"
                                         "最大 |S − S_t| = {err}{hint}。",
                                         "⟨R_m q, R_n k⟩ = ⟨q, R_(n−m) k⟩ sees only n − m. For fixed q, k with d = {d}, L = {L}: "
                                         "after adding t = {t} to both positions the largest |S − S_t| = {err}{hint}."},
                                        (S - S_t).cwiseAbs().maxCoeff(), {{"d", integer(d)}, {"L", integer(L)}, {"t", integer(t)}});
                   }}});

    out.push_back({8, {
                   {"哪一对转得最快，分辨最近的偏移？", "Which pair turns fastest and resolves the nearest offsets?"},
                   {{"第 0 对（θ₀ = 1）", "Pair 0 (θ₀ = 1)"},
                    {"最后一对", "The last pair"},
                    {"所有对一样快", "All pairs turn equally fast"}},
                   0,
                   [](const ParamSet& p, Lang lang) {
                       const int d = int_param(p, "d_spectrum", 2, 1024) / 2 * 2;
                       const double base = std::max(1.5, p.getd("base"));
                       const Eigen::VectorXd theta = rope_default_inv_freq(d, base);
                       const double slow = theta(theta.size() - 1);
                       return say(lang,
                                  {"θᵢ = base^(−2i/d)：θ₀ = {fast}，每 2π = {wave0} 个位置转一圈；base = {base}、d = {d} 时"
                                   "最后一对 θ = {slow}，波长 {wave}。低维转得快，管近处；高维转得慢，管远处。",
                                   "θᵢ = base^(−2i/d): θ₀ = {fast}, a turn every 2π = {wave0} positions; with base = {base} and "
                                   "d = {d} the last pair has θ = {slow}, wavelength {wave}. Low dimensions turn fast and "
                                   "resolve near offsets; high ones turn slowly and resolve distant ones."},
                                  {{"fast", num(theta(0))}, {"wave0", num(2 * kPi / theta(0))}, {"base", num(base)},
                                   {"d", integer(d)}, {"slow", num(slow)}, {"wave", num(2 * kPi / slow)}});
                   }}});
    out.push_back({9, {
                   {"xPos 给位置 m 的查询乘 ζ^(m/γ)、给位置 n 的键乘 ζ^(−n/γ)。同一对 q、k 放在 (5, 5) 和 (500, 500)，分数相同吗？",
                    "xPos multiplies the query at m by ζ^(m/γ) and the key at n by ζ^(−n/γ). Is the score of one q, k pair the "
                    "same at (5, 5) and at (500, 500)?"},
                   {{"相同：比例相乘得 ζ^((m−n)/γ)，m = n 时为 1", "Yes: the ratios multiply to ζ^((m−n)/γ), which is 1 for m = n"},
                    {"不同：(500, 500) 处乘了 ζ^(1000/γ)，小得多", "No: (500, 500) is multiplied by ζ^(1000/γ), much smaller"},
                    {"不同：torchscale 的 min_pos 让前半段更大", "No: torchscale's min_pos makes the first half larger"}},
                   0,
                   [](const ParamSet& p, Lang lang) {
                       const int d = 2 * (int_param(p, "d", 2, 64) / 2);
                       const double base = std::clamp(p.getd("base"), 2.0, 1e9), gamma = std::clamp(p.getd("gamma"), 1.0, 1e6);
                       const Eigen::VectorXd theta = rope_default_inv_freq(d, base), zeta = xpos_zeta(d);
                       Eigen::VectorXd q = Eigen::VectorXd::Zero(d), k = Eigen::VectorXd::Zero(d);
                       for (int i = 0; i < d; i += 2) q(i) = k(i) = 1.0;
                       const int length = 501;
                       auto score = [&](int pos) {
                           return xpos_apply(q, pos, length, theta, zeta, gamma, false)
                               .dot(xpos_apply(k, pos, length, theta, zeta, gamma, true));
                       };
                       const double near = score(5), far = score(500);
                       return say_error(lang,
                                        {"查询与键的比例相乘得 ζᵢ^((m−n)/γ)，m = n 时为 1；min_pos = {min} 在两边抵消。"
                                         "d = {d}、γ = {gamma}、q = k = (1, 0, …) 时，(5, 5) 处分数 = {near}，(500, 500) 处 = {far}，差 {err}{hint}。",
                                         "The query's and the key's ratios multiply to ζᵢ^((m−n)/γ), which is 1 for m = n; min_pos = {min} "
                                         "cancels between them. With d = {d}, γ = {gamma} and q = k = (1, 0, …), the score at (5, 5) is "
                                         "{near} and at (500, 500) {far}, a difference of {err}{hint}."},
                                        std::abs(far - near),
                                        {{"min", integer(xpos_min_pos(length))}, {"d", integer(d)}, {"gamma", num(gamma)},
                                         {"near", num(near)}, {"far", num(far)}});
                   }}});
    return out;
}

}  // namespace pelab
