// PE Lab — lessons/shaw/transformer_xl.cpp
// Step "transformer-xl" of shaw: Transformer-XL (Dai et al. 2019) splits the score of one seeded head into
// four terms a, b, c, d with the sinusoid R_{i−j} of the relative distance (kimiyoung/transformer-xl,
// RelPartialLearnableMultiHeadAttn); this step shows the two that read R: d, lesson f-delta's readout, and b.
// Its views, then the step. (The content terms a and c: step "txl-content-terms".)
// Comments are English only: the font subset is built from the characters inside this file's strings.
//
// [SECTION] Transformer-XL's distance terms
#include <algorithm>
#include <cmath>
#include <string>
#include <vector>

#include "core/f_delta.h"
#include "core/relative_methods.h"
#include "lessons/shaw/shaw_lesson.h"
#include "lessons/lesson_util.h"

namespace pelab {
namespace shaw_lesson {

using namespace lessonui;  // shared display helpers (lessons/lesson_util.h)

// [SECTION] Transformer-XL's distance terms
namespace {

std::vector<ViewData> transformer_xl_views(const Inputs& in, Lang lang) {
    const TxlDemo demo = txl_demo_inputs(in.L, in.d, in.d_model, static_cast<std::uint64_t>(in.seed));
    const TxlTerms t = txl_attention_terms(demo.Q, demo.K, demo.u, demo.v, demo.W_R);

    // d(δ) = v·W_R R_δ is f-delta's readout f(δ) = wᵀR_δ with the fixed vector w = W_Rᵀv (the f_delta layout
    // [cos, sin] per frequency is a reordering of R's [sin … | cos …]).
    const Eigen::VectorXd w = demo.W_R.transpose() * demo.v;
    const Eigen::VectorXd f = txl_inv_freq(in.d_model);
    const int half = static_cast<int>(f.size());
    Eigen::VectorXd readout(2 * half);
    for (int s = 0; s < half; ++s) {
        readout(2 * s) = w(half + s);  // the cos coefficient
        readout(2 * s + 1) = w(s);     // the sin coefficient
    }
    const Eigen::MatrixXd F = f_matrix(in.L, f, readout);
    const double readout_gap = max_abs(F - t.d);

    const std::vector<std::string> b_notes = {
        say(lang, {"沿对角线（同一距离）的最大极差 = {spread}：b 随查询的内容变化。",
                   "Largest spread along a diagonal (one distance) = {spread}: b changes with the query's content."},
            {{"spread", num(largest(diagonal_spread(t.b)), 4)}}),
        say_error(lang, {"F(q,k) 一课的读出 f(δ) = wᵀR_δ，取固定向量 w = W_Rᵀv，与 d 的最大差 = {err}{hint}。",
                         "The F(q,k) lesson's readout f(δ) = wᵀR_δ with the fixed vector w = W_Rᵀv differs from d by at most {err}{hint}."},
                  readout_gap),
        say(lang, {"式中 R_(i−j)：距离 i − j 的正弦向量；W_R：它的投影；u、v：可学习的全局向量。",
                   "In the equation R_(i−j): the sinusoid of the distance i − j; W_R: its projection; u, v: learned global vectors."}),
    };
    const std::vector<std::string> d_notes = {
        say(lang, {"沿对角线的最大极差 = {spread}：d 只依赖 i − j，是 Toeplitz 矩阵。",
                   "Largest spread along a diagonal = {spread}: d depends on i − j only, a Toeplitz matrix."},
            {{"spread", exact(largest(diagonal_spread(t.d)))}}),
    };
    // The position-only term first (the larger figure): its Toeplitz stripes are the link to f-delta; then b, the
    // same sinusoid read by the query. The two content terms are step txl-content-terms.
    return {make_view(say(lang, {"d：全局位置偏置 v·W_R R_(i−j)", "d: global position bias v·W_R R_(i−j)"}), term_matrix(t.d, "d", lang), d_notes),
            make_view(say(lang, {"b：内容–位置 q_i·W_R R_(i−j)", "b: content–position q_i·W_R R_(i−j)"}), term_matrix(t.b, "b", lang), b_notes)};
}

}  // namespace


Step transformer_xl_terms() {
    return {
        "transformer-xl",
        {"Transformer-XL：距离的正弦", "Transformer-XL: a sinusoid of the distance"},
        {"Transformer-XL 中距离 i − j 只通过正弦向量 R_(i−j) 进入分数。"
         "Transformer-XL 不给词加绝对位置：距离 i − j 只通过正弦向量 R_(i−j) 进入分数，由全局向量 v 读（d 项）或由查询读（b 项）。"
         "分数有四项：a = q_i·k_j 只看内容；b = q_i·W_R R_(i−j)；c = u·k_j 把查询换成全局向量 u；d = v·W_R R_(i−j) 只剩距离。"
         "R_δ 前一半是 sin(δ·f_s)、后一半是 cos(δ·f_s)，f_s = 10000^(−2s/d_model)；参考代码用 pos_seq = klen−1 … 0 构造它，再用 _rel_shift 把第 (i, j) 格对到距离 i − j。"
         "d 正是 [[lesson:f-delta/linear-readout|F(q,k) 一课]]里的读出 f(δ) = wᵀR_δ，只是 w = W_Rᵀv 固定；b 是同样的读出，但向量 W_Rᵀq_i 随查询变化。",
         "Transformer-XL lets the distance i − j in only through a sinusoid R_(i−j). "
         "Transformer-XL adds no absolute position: the distance i − j enters the score only through a sinusoid "
         "R_(i−j), read by a global vector v (term d) or by the query (term b). The score has four terms: a = q_i·k_j "
         "looks at content only; b = q_i·W_R R_(i−j); c = u·k_j replaces the query with a global vector u; "
         "d = v·W_R R_(i−j) leaves only the distance. R_δ holds sin(δ·f_s) in its first half and cos(δ·f_s) in its "
         "second, with f_s = 10000^(−2s/d_model); the reference code builds it from pos_seq = klen−1 … 0 and lines cell (i, j) up with distance "
         "i − j through _rel_shift. d is exactly the readout f(δ) = wᵀR_δ of the [[lesson:f-delta/linear-readout|F(q,k) lesson]], with the fixed vector "
         "w = W_Rᵀv; b is the same readout with the vector W_Rᵀq_i, which changes with the query."},
        {"L", "d_k", "d_model", "seed"},
        views_of(read_inputs, transformer_xl_views),
        {R"tex(A^{\mathrm{rel}}_{ij} = q_i^\top k_j + q_i^\top W_R R_{i-j} + u^\top k_j + v^\top W_R R_{i-j})tex"},
    };
}

}  // namespace shaw_lesson
}  // namespace pelab
