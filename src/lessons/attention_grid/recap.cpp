// PE Lab — lessons/attention_grid/recap.cpp
// Step "recap" of attention-grid: the lesson's claims, each linked to the step that shows it, and one table that
// puts its rule matrices side by side: the 1-D rule of Δ on N tokens, the 2-D rule of δ and the naive index rule on
// the H×W grid, and the 2-D rule on the side × side grid, each with its positions, the cells of A, the cells it
// lights, its largest spread along a diagonal (0: Toeplitz) and along blocks (0: doubly block-Toeplitz). The views
// builder, then the step.
// Comments are English only: the font subset is built from the characters inside this file's strings.
//
// [SECTION] views: the rules side by side
// [SECTION] the step
#include <algorithm>
#include <cmath>
#include <limits>
#include <string>
#include <vector>

#include "core/relative/attention_grid.h"
#include "core/relative/f_delta.h"
#include "lessons/attention_grid/attention_grid_lesson.h"
#include "lessons/lesson_util.h"

namespace pelab {
namespace attention_grid_lesson {

using namespace lessonui;  // shared display helpers (lessons/lesson_util.h)

// [SECTION] views: the rules side by side
namespace {

// One rule matrix of the table: its positions, its A, and its grid (H×W; 1-D rules have none).
struct RecapRule {
    long long positions = 0;
    Eigen::MatrixXd A;
    int H = 0, W = 0;
};

double recap_diagonal_spread(const Eigen::MatrixXd& A) { return diagonal_spread(A).maxCoeff(); }

double recap_block_spread(const RecapRule& r) {
    if (r.H == 0) return std::numeric_limits<double>::quiet_NaN();  // a 1-D rule has no blocks
    const BlockToeplitzSpread s = block_toeplitz_spread(r.A, r.H, r.W);
    return std::max(s.between_blocks, s.within_blocks);
}

// The rules in the order of the table's rows: 1-D on N tokens, 2-D and naive on H×W, 2-D on side × side.
std::vector<RecapRule> recap_rules(const Inputs& in) {
    const int n = in.cells(), flat = in.drow * in.W + in.dcol;
    return {{in.N, attention_rule_1d(in.N, in.delta), 0, 0},
            {n, attention_rule_2d(in.H, in.W, in.drow, in.dcol), in.H, in.W},
            {n, attention_rule_1d(n, flat), in.H, in.W},
            {1LL * in.side * in.side, attention_rule_2d(in.side, in.side, in.drow, in.dcol), in.side, in.side}};
}

// Cells where the naive index rule and the 2-D rule on the H×W grid disagree.
long long recap_differ(const std::vector<RecapRule>& rules) {
    return static_cast<long long>((rules[2].A - rules[1].A).cwiseAbs().sum());
}

std::vector<ViewData> recap_views(const Inputs& in, Lang lang) {
    const std::vector<RecapRule> rules = recap_rules(in);
    const long long differ = recap_differ(rules);
    TableView t;
    t.values.resize(static_cast<Eigen::Index>(rules.size()), 5);
    for (std::size_t i = 0; i < rules.size(); ++i) {
        const RecapRule& r = rules[i];
        const int row = static_cast<int>(i);
        const double diagonal = recap_diagonal_spread(r.A), block = recap_block_spread(r);
        t.values(row, 0) = static_cast<double>(r.positions);
        t.values(row, 1) = static_cast<double>(r.positions * r.positions);
        t.values(row, 2) = r.A.sum();
        t.values(row, 3) = diagonal;
        t.values(row, 4) = block;
        t.marks.push_back({row, 3, diagonal == 0.0,
                           say(lang, diagonal == 0.0 ? Text{"是 Toeplitz", "Toeplitz"} : Text{"不是 Toeplitz", "not Toeplitz"})});
        if (!std::isnan(block) && block == 0.0) t.marks.push_back({row, 4, true, say(lang, {"块 Toeplitz", "block-Toeplitz"})});
    }
    if (differ > 0) t.marks.push_back({2, 2, false, say(lang, {"错 {n} 格", "{n} wrong"}, {{"n", integer(differ)}})});
    const std::string N = integer(in.N), H = integer(in.H), W = integer(in.W), side = integer(in.side);
    t.row_labels = {say(lang, {"一维规则 Δ，N = {N}", "1-D rule Δ, N = {N}"}, {{"N", N}}),
                    say(lang, {"二维规则 δ，{H}×{W}", "2-D rule δ, {H}×{W}"}, {{"H", H}, {"W", W}}),
                    say(lang, {"朴素编号规则，{H}×{W}", "naive index rule, {H}×{W}"}, {{"H", H}, {"W", W}}),
                    say(lang, {"二维规则 δ，{s}×{s}", "2-D rule δ, {s}×{s}"}, {{"s", side}})};
    t.col_labels = {say(lang, {"位置", "positions"}), say(lang, {"A 的格子", "cells of A"}), say(lang, {"点亮", "lit"}),
                    say(lang, {"对角线极差", "diagonal spread"}), say(lang, {"块极差", "block spread"})};
    t.corner = say(lang, {"规则", "rule"});
    t.integer = true;
    t.decimals = 0;
    const std::vector<std::string> notes = {
        say(lang, {"Δ = {delta}，δ = ({drow}, {dcol})；朴素规则的偏移 δ₁·W + δ₂ = {flat}。",
                   "Δ = {delta}, δ = ({drow}, {dcol}); the naive rule's offset δ₁·W + δ₂ = {flat}."},
            {{"delta", integer(in.delta)}, {"drow", integer(in.drow)}, {"dcol", integer(in.dcol)},
             {"flat", integer(in.drow * in.W + in.dcol)}}),
        say(lang, {"块极差：i − j 相同的块之间、以及块内沿对角线的最大差；一维规则没有块，留空。",
                   "Block spread: the largest difference between blocks with equal i − j or along a diagonal inside a "
                   "block; a 1-D rule has no blocks (empty)."}),
    };
    return {make_view(say(lang, {"本课的规则并排", "The lesson's rules side by side"}), std::move(t), notes)};
}

}  // namespace

// [SECTION] the step
Step recap() {
    Step s{
        "recap",
        {"小结：配对表、对角线与二维网格", "Recap: a table of pairs, its diagonals, and 2-D grids"},
        {"这一课把注意力矩阵 A 读成配对表，并看只看相对位置的规则会把它填成什么样。"
         "N 个 token 时 A 有 N² 个格子，每对 (查询, 键) 一个：[[lesson:attention-grid/pair-table|A 是一张配对表]]。"
         "只看 Δ = q − k 的规则给整条对角线同一个值，所以[[lesson:attention-grid/toeplitz-diagonals|它的 A 是 Toeplitz 矩阵]]。"
         "side×side 的网格有 side² 个位置，所以[[lesson:attention-grid/pairs-versus-positions|它的 A 是 side² × side²]]。"
         "网格上的偏移是向量 δ，[[lesson:attention-grid/flatten-2x3-grid|展平后编号上的一维偏移]]会连上跨过换行、δ 并不连的配对。"
         "展平后，只看 δ 的规则给出[[lesson:attention-grid/doubly-block-toeplitz|双重块 Toeplitz 的 A]]，但整体一般不是 Toeplitz。",
         "This lesson read the attention matrix A as a table of pairs and asked what a rule of relative position does to "
         "it. With N tokens A has N² cells, one per (query, key) pair: [[lesson:attention-grid/pair-table|A is a table "
         "of pairs]]. A rule of Δ = q − k alone gives a whole diagonal one value, so "
         "[[lesson:attention-grid/toeplitz-diagonals|its A is Toeplitz]]. A side × side grid has side² positions, so "
         "[[lesson:attention-grid/pairs-versus-positions|its A is side² × side²]]. On a grid the offset is a vector δ, "
         "and [[lesson:attention-grid/flatten-2x3-grid|a 1-D offset on the flattened index]] links pairs across row "
         "breaks that δ does not. Flattened, a rule of δ gives a [[lesson:attention-grid/doubly-block-toeplitz|doubly "
         "block-Toeplitz A]], in general not Toeplitz as a whole."},
        {"N", "delta", "side", "H", "W", "drow", "dcol"},
        views_of(read_inputs, recap_views),
        {
         R"tex(A[q,k] = a_{q-k})tex",
         R"tex(A = \big[\,T_{i-j}\,\big], \qquad (T_{i-j})_{c,c'} = a(i - j,\ c - c'))tex"},
    };
    s.takeaway = {"朴素编号规则在 {cells} 格中错 {differ} 格：编号偏移会跨过换行；二维规则 δ 是块 Toeplitz（极差 {block}），{whole}。",
                  "The naive index rule is wrong on {differ} of {cells} cells, because an index offset can cross a row break; the "
                  "2-D rule of δ is block-Toeplitz (spread {block}) and {whole}."};
    s.takeaway_args = args_of(read_inputs, +[](const Inputs& in, Lang lang) {
        const std::vector<RecapRule> rules = recap_rules(in);
        const double whole = recap_diagonal_spread(rules[1].A);
        const std::string whole_part =
            whole == 0.0 ? say(lang, {"这里整体也是 Toeplitz", "here Toeplitz as a whole too"})
                         : say(lang, {"整体不是 Toeplitz（极差 {w}）", "not Toeplitz as a whole (spread {w})"}, {{"w", num(whole, 4)}});
        return std::vector<Arg>{{"differ", integer(recap_differ(rules))},
                                {"cells", integer(1LL * in.cells() * in.cells())},
                                {"block", num(recap_block_spread(rules[1]), 4)},
                                {"whole", whole_part}};
    });
    return s;
}

}  // namespace attention_grid_lesson
}  // namespace pelab
