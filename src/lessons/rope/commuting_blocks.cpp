// PE Lab — lessons/rope/commuting_blocks.cpp
// Lesson "rope", step "commuting-blocks": a block-diagonal M (one 2×2 block per frequency pair) is not enough
// for pₘᵀ M pₙ to be relative; blocks that are scaled rotations a·I + b·J are.
// Comments are English only: the font subset is built from the characters inside .cpp string literals.
//
// [SECTION] views
// [SECTION] the step
#include <algorithm>
#include <string>
#include <vector>

#include "lessons/lesson_util.h"
#include "lessons/rope/rope_lesson.h"

namespace pelab {
namespace rope_lesson {

using namespace lessonui;

// [SECTION] views
namespace {
std::vector<std::string> commuting_blocks_notes(const Eigen::MatrixXd& K, Lang lang) {
    // One line: both measures of "one value per diagonal".
    const double toeplitz = toeplitz_residual(K), spread = largest_spread(K);
    return {say(lang, {"离 Toeplitz 的相对距离 {t}，对角线最大极差 {s}{hint}", "Relative Toeplitz distance {t}, largest diagonal spread {s}{hint}"},
                {{"t", exact(toeplitz)}, {"s", exact(spread)}, {"hint", rounding_hint(std::max(toeplitz, spread), lang)}})};
}

std::vector<ViewData> commuting_blocks_views(const Inputs& in, Lang lang) {
    const PositionKernels k = position_kernels(in);
    HeatmapView block = kernel_heatmap(k.block, lang);
    // The axes are named in the title (one line less above the cells: the figures fit on the first screen).
    block.row_axis.clear();
    block.col_axis.clear();
    std::vector<std::string> commuting_notes = commuting_blocks_notes(k.commuting, lang);
    commuting_notes.push_back(say(lang, {"J = [ [0, −1], [1, 0] ] 是转 90° 的旋转，I 是单位矩阵。",
                                         "J = [ [0, −1], [1, 0] ] is the turn by 90°, I the identity."}));
    return {make_view(say(lang, {"pₘᵀ M pₙ，M 为一般的 2×2 块（行 m，列 n）", "pₘᵀ M pₙ, M of generic 2×2 blocks (row m, column n)"}), std::move(block),
                      commuting_blocks_notes(k.block, lang)),
            make_view(say(lang, {"pₘᵀ M pₙ，M 的每块为 a·I + b·J", "pₘᵀ M pₙ, every block of M a·I + b·J"}), kernel_heatmap(k.commuting, lang),
                      std::move(commuting_notes))};
}

}  // namespace

// [SECTION] the step
Step commuting_blocks() {
    Step s{
        "commuting-blocks",
        {"只有缩放旋转块让 pₘᵀ M pₙ 保持相对", "Only scaled-rotation blocks stay relative"},
        {"两幅图都是位置分数 pₘᵀ M pₙ（pₘ 是位置 m 的正弦位置向量）。左图的 M 保留上一步稠密 M 的各个 2×2 对角块（每个频率对一块）；右图把第 i 块换成 aᵢ·I + bᵢ·J，aᵢ、bᵢ 取自该块的两个元素。"
         "J = [ [0, −1], [1, 0] ] 把一对坐标转 90°，所以 a·I + b·J = [ [a, −b], [b, a] ] 先放大 √(a² + b²) 倍，再转一个固定的角度。"
         "pₘ 的每一对 (sin mθᵢ, cos mθᵢ) 是 p₀ 的那一对转过 −mθᵢ；这种块与旋转可交换，可以移过它们，只剩 R(Δθ)，所以每条对角线一个值。"
         "梯度下降没有理由恰好落到这种特殊形式上。",
         "Both heatmaps are the position score pₘᵀ M pₙ (pₘ the sinusoidal position vector of position m). The left "
         "one's M keeps the 2×2 diagonal blocks of the previous step's dense M, one per frequency pair; the right one replaces block i by aᵢ·I + bᵢ·J, with aᵢ and bᵢ taken from two entries of that block. "
         "J = [ [0, −1], [1, 0] ] turns a pair by 90°, so a·I + b·J = [ [a, −b], [b, a] ] scales by √(a² + b²) and "
         "turns by a fixed angle. Each pair (sin mθᵢ, cos mθᵢ) of pₘ is p₀'s pair turned by −mθᵢ; such a block commutes "
         "with the turns, moves past them and leaves R(Δθ), so each diagonal holds one value. Gradient descent has no "
         "reason to land on that special form."},
        {"L", "d", "base", "seed"},
        views_of(read_inputs, commuting_blocks_views),
        {R"tex(M=\mathrm{diag}(M_0,\dots,M_{d/2-1}),\quad M_i=a_i I+b_i J=\bigl(\begin{smallmatrix}a_i&-b_i\\b_i&a_i\end{smallmatrix}\bigr))tex",
         R"tex(p_m=R(-m\theta)\,p_0,\quad M R=R M\ \Rightarrow\ p_m^\top M p_n=p_0^\top M\,R(\Delta\theta)\,p_0)tex"},
    };
    s.takeaway = {"一般的块让 pₘᵀ M pₙ 离 [[toeplitz|Toeplitz]] {block}；块为 a·I + b·J 时为 {comm}：它与构成 pₘ 的旋转可交换，只剩 Δ = m − n。",
                  "With generic blocks pₘᵀ M pₙ is {block} from [[toeplitz|Toeplitz]]; with blocks a·I + b·J it is {comm}: they "
                  "commute with the rotations that make pₘ, so only Δ = m − n is left."};
    s.takeaway_args = args_of(read_inputs, +[](const Inputs& in, Lang) {
        const PositionKernels k = position_kernels(in);
        return std::vector<Arg>{{"block", num(toeplitz_residual(k.block), 3)}, {"comm", exact(toeplitz_residual(k.commuting))}};
    });
    return s;
}

}  // namespace rope_lesson
}  // namespace pelab
