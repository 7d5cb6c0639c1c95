// PE Lab — lessons/questions/rope.cpp
// Predict-then-reveal questions of the lesson rope: what the dot product of two rotated vectors depends on,
// what a common shift does to the score matrix, and which pair turns fastest. Every explanation is computed
// from core/rope at the learner's current angles, width, base and shift.
//
// [SECTION] questions
#include <cmath>

#include "core/rope.h"
#include "lessons/questions/question_tables.h"

namespace pelab {

using namespace lessonui;
using questions_detail::int_param;

// [SECTION] questions
std::vector<Question> questions_rope() {
    std::vector<Question> out;

    out.push_back({2,
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
                   }});

    out.push_back({4,
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
                   }});

    out.push_back({8,
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
                   }});
    return out;
}

}  // namespace pelab
