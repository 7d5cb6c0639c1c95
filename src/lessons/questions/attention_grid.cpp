// PE Lab — lessons/questions/attention_grid.cpp
// Predict-then-reveal questions of the lesson attention-grid: how many cells a relative rule lights, how big
// A is for a grid of positions, and whether a 1-D rule on the flattened index can stand in for a 2-D one.
// Every explanation is computed from core/attention_grid at the learner's current values.
//
// [SECTION] questions
#include "core/attention_grid.h"
#include "lessons/questions/question_tables.h"

namespace pelab {

using namespace lessonui;
using questions_detail::count_text;
using questions_detail::int_param;

// [SECTION] questions
std::vector<PlacedQuestion> questions_attention_grid() {
    std::vector<PlacedQuestion> out;

    out.push_back({2, {
                   {"规则“q − k = Δ 时为 1”会点亮多少个格子？", "How many cells does the rule “1 iff q − k = Δ” light?"},
                   {{"N 个，每行一个", "N, one per row"},
                    {"N − |Δ| 个（|Δ| ≥ N 时一个也没有）", "N − |Δ| (none when |Δ| ≥ N)"},
                    {"2N − 1 个", "2N − 1"}},
                   1,
                   [](const ParamSet& p, Lang lang) {
                       const int N = int_param(p, "N", 1, 1024), delta = int_param(p, "delta", -1023, 1023);
                       const double lit = attention_rule_1d(N, delta).sum();
                       return say(lang,
                                  {"N = {N}、Δ = {delta}：点亮的格子都在对角线 q − k = Δ 上，共 {lit} 个。"
                                   "其余 |Δ| = {abs} 行的目标键落在序列之外，所以这些行空着。",
                                   "N = {N}, Δ = {delta}: the lit cells all lie on the diagonal q − k = Δ, {lit} of them. "
                                   "The other |Δ| = {abs} rows would need a key outside the sequence, so they stay empty."},
                                  {{"N", integer(N)}, {"delta", integer(delta)}, {"lit", integer(static_cast<long long>(lit))},
                                   {"abs", integer(std::min(std::abs(delta), N))}});
                   }}});

    out.push_back({4, {
                   {"side × side 的位置网格有多少个位置？它的注意力矩阵 A 有多大？",
                    "A side × side grid of positions: how many positions, and how big is its attention matrix A?"},
                   {{"side² 个位置，A 是 side × side", "side² positions, and A is side × side"},
                    {"side² 个位置，A 是 side² × side²", "side² positions, and A is side² × side²"},
                    {"side 个位置，A 是 side × side", "side positions, and A is side × side"}},
                   1,
                   [](const ParamSet& p, Lang lang) {
                       const long long side = int_param(p, "side", 1, 64), n = side * side;
                       return say(lang,
                                  {"side = {side}：网格的每个格子是一个位置，共 {n} 个；A 的每个格子是一对位置 (q, k)，"
                                   "所以 A 是 {n} × {n}，共 {pairs} 个格子。",
                                   "side = {side}: each grid cell is one position, {n} in all; each cell of A is a pair (q, k), "
                                   "so A is {n} × {n}, {pairs} cells."},
                                  {{"side", integer(side)}, {"n", count_text(n, lang)}, {"pairs", count_text(n * n, lang)}});
                   }}});

    out.push_back({6, {
                   {"把网格逐行展平后，一维规则 q − k = δ₁·W + δ₂ 会和二维规则 δ 不同吗？",
                    "After flattening the grid row by row, can the 1-D rule q − k = δ₁·W + δ₂ differ from the 2-D rule δ?"},
                   {{"不会，两者总是相同", "No, they are always the same"},
                    {"会：跨过行尾的那些对会被错连或漏连", "Yes: pairs that cross a row edge are linked wrongly or missed"},
                    {"只有网格是正方形时才会不同", "Only when the grid is square"}},
                   1,
                   [](const ParamSet& p, Lang lang) {
                       const int H = int_param(p, "H", 1, 32), W = int_param(p, "W", 1, 32);
                       const int dr = int_param(p, "drow", -31, 31), dc = int_param(p, "dcol", -31, 31);
                       const Eigen::MatrixXd naive = attention_rule_1d(H * W, dr * W + dc);
                       const Eigen::MatrixXd rule = attention_rule_2d(H, W, dr, dc);
                       const long long differ = static_cast<long long>((naive - rule).cwiseAbs().sum());
                       return say(lang,
                                  {"当前 H = {H}、W = {W}、δ = ({dr}, {dc})：展平后的偏移是 {offset}，两条规则有 {differ} "
                                   "个格子不同。一维偏移会把一行的最后几格连到下一行的开头，而二维规则在网格边缘就停下。",
                                   "Now H = {H}, W = {W}, δ = ({dr}, {dc}): the flattened offset is {offset}, and the two rules "
                                   "differ in {differ} cells. The 1-D offset links the end of one row to the start of the "
                                   "next, where the 2-D rule stops at the grid's edge."},
                                  {{"H", integer(H)}, {"W", integer(W)}, {"dr", integer(dr)}, {"dc", integer(dc)},
                                   {"offset", integer(1LL * dr * W + dc)}, {"differ", integer(differ)}});
                   }}});
    return out;
}

}  // namespace pelab
