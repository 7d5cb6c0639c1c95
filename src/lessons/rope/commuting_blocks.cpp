// PE Lab — lessons/rope/commuting_blocks.cpp
// Lesson "rope", step "commuting-blocks": a block-diagonal M (one 2×2 block per frequency pair) is not enough
// for pᵢᵀ M pⱼ to be relative; blocks that are scaled rotations a·I + b·J are.
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
    return {make_view(say(lang, {"分块 M，一般的 2×2 块（行 i，列 j）", "Block-diagonal M, generic 2×2 blocks (row i, column j)"}), std::move(block),
                      commuting_blocks_notes(k.block, lang)),
            make_view(say(lang, {"分块 M，每块为 a·I + b·J", "Block-diagonal M, each block a·I + b·J"}), kernel_heatmap(k.commuting, lang),
                      std::move(commuting_notes))};
}

}  // namespace

// [SECTION] the step
Step commuting_blocks() {
    return {
        "commuting-blocks",
        {"只有每块都是带缩放的旋转，pᵢᵀ M pⱼ 才是相对的", "Only scaled-rotation blocks keep pᵢᵀ M pⱼ relative"},
        {"分块还不够：只有每块都是 a·I + b·J，pᵢᵀ M pⱼ 才只依赖 j − i。"
         "让 M 沿频率对分块并不够，每个 2×2 块还必须是带缩放的旋转 a·I + b·J。"
         "J = [ [0, −1], [1, 0] ] 把一对坐标转 90°，所以 a·I + b·J = [ [a, −b], [b, a] ] 先放大 √(a² + b²) 倍，再转一个固定的角度。"
         "左图保留上一步稠密 M 的各个 2×2 对角块；右图把第 k 块换成 a_k·I + b_k·J，a_k、b_k 取自该块的两个元素。"
         "只有右图每条对角线一个值。梯度下降没有理由恰好落到这种特殊形式上。",
         "Blocks are not enough: pᵢᵀ M pⱼ depends on j − i alone only when every block is a·I + b·J. Making M "
         "block-diagonal along the frequency pairs is not enough; every 2×2 block must also be a scaled rotation "
         "a·I + b·J. J = [ [0, −1], [1, 0] ] turns a pair by 90°, so "
         "a·I + b·J = [ [a, −b], [b, a] ] scales by √(a² + b²) and turns by a fixed angle. The left heatmap keeps "
         "the 2×2 diagonal blocks of the previous step's dense M; the right one replaces block k by a_k·I + b_k·J, "
         "with a_k and b_k taken from two entries of that block. Only the right one holds one value per diagonal. "
         "Gradient descent has no reason to land on that special form."},
        {"L", "d", "base", "seed"},
        views_of(read_inputs, commuting_blocks_views),
        {R"tex(M=\mathrm{diag}(M_0,\dots,M_{d/2-1}),\qquad M_k=a_k I+b_k J=\begin{pmatrix}a_k&-b_k\\b_k&a_k\end{pmatrix})tex"},
    };
}

}  // namespace rope_lesson
}  // namespace pelab
