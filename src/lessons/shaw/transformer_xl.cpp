// PE Lab — lessons/shaw/transformer_xl.cpp
// Step "transformer-xl" of shaw: Transformer-XL (Dai et al. 2019) splits the score of one seeded head into
// four terms (a), (b), (c), (d) with the sinusoid R_Δ of the offset Δ = i − j (kimiyoung/transformer-xl,
// RelPartialLearnableMultiHeadAttn); this step shows the two that read R: (d), lesson f-delta's readout, and (b).
// Its views, then the step. (The content terms a and c: step "txl-content-terms".)
// Comments are English only: the font subset is built from the characters inside this file's strings.
//
// [SECTION] Transformer-XL's distance terms
#include <algorithm>
#include <cmath>
#include <string>
#include <vector>

#include "core/relative/f_delta.h"
#include "core/relative/relative_methods.h"
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
        say(lang, {"沿对角线（同一偏移）的最大极差 = {spread}：(b) 随查询的内容变化。",
                   "Largest spread along a diagonal (one offset) = {spread}: (b) changes with the query's content."},
            {{"spread", num(largest(diagonal_spread(t.b)), 4)}}),
        say_error(lang, {"F(q,k) 一课的读出 f(Δ) = wᵀR_Δ，取固定向量 w = W_Rᵀv，与 (d) 的最大差 = {err}{hint}。",
                         "The F(q,k) lesson's readout f(Δ) = wᵀR_Δ with the fixed vector w = W_Rᵀv differs from (d) by at most {err}{hint}."},
                  readout_gap),
        say(lang, {"式中四项从左到右是 (a)、(b)、(c)、(d)；R_Δ：偏移 Δ 的正弦向量；W_R：它的投影；u、v：学到的全局向量（不是第 7 步的值向量 v_j）。",
                   "The equation's four terms are (a), (b), (c), (d) from left to right; R_Δ: the sinusoid of the offset Δ; "
                   "W_R: its projection; u, v: learned global vectors (not the value vectors v_j of step 7)."}),
        say(lang, {"参考代码用位置（键的个数 − 1）… 0 构造 R，再把每一行移到对应的偏移上（Hugging Face: `pos_seq`, `_rel_shift`）。",
                   "The reference code builds R from the positions (number of keys − 1) … 0 and shifts each row into place "
                   "(Hugging Face: `pos_seq`, `_rel_shift`)."}),
    };
    const std::vector<std::string> d_notes = {
        say(lang, {"沿对角线的最大极差 = {spread}：(d) 只依赖 Δ。",
                   "Largest spread along a diagonal = {spread}: (d) depends on Δ only."},
            {{"spread", exact(largest(diagonal_spread(t.d)))}}),
    };
    // The position-only term first (the larger figure): its Toeplitz stripes are the link to f-delta; then b, the
    // same sinusoid read by the query. The two content terms are step txl-content-terms.
    return {make_view(say(lang, {"(d)：全局位置偏置 v·W_R R_Δ", "(d): global position bias v·W_R R_Δ"}), term_matrix(t.d, "(d)", lang), d_notes),
            make_view(say(lang, {"(b)：内容–位置 q_i·W_R R_Δ", "(b): content–position q_i·W_R R_Δ"}), term_matrix(t.b, "(b)", lang), b_notes)};
}

}  // namespace


Step transformer_xl_terms() {
    Step s = {
        "transformer-xl",
        {"Transformer-XL 的偏移项", "Transformer-XL"},
        {"[[transformer-xl|Transformer-XL]] 只通过正弦向量 R_Δ 让偏移 Δ = i − j 进入分数；R_Δ 是 Δ 在 d_model/2 个频率上的正弦和余弦。"
         "它不给词加绝对位置：R_Δ 由全局向量 v 读（(d) 项）或由查询读（(b) 项）。"
         "分数有四项：(a) = q_i·k_j 只看内容；(b) = q_i·W_R R_Δ；(c) = u·k_j 把查询换成全局向量 u；(d) = v·W_R R_Δ 只剩偏移。"
         "R_Δ 前一半是 sin(Δ·f_s)、后一半是 cos(Δ·f_s)，f_s = 10000^(−2s/d_model)。"
         "(d) 正是 [[lesson:f-delta/linear-readout|F(q,k) 一课]]里的读出 f(Δ) = wᵀR_Δ，只是 w = W_Rᵀv 固定；(b) 是同样的读出，但向量 W_Rᵀq_i 随查询变化。",
         "[[transformer-xl|Transformer-XL]] lets the offset Δ = i − j into the score only through a sinusoid R_Δ, the "
         "sines and cosines of Δ at d_model/2 frequencies. It adds no absolute position: R_Δ is read by a global vector "
         "v (term (d)) or by the query (term (b)). The score has four terms: (a) = q_i·k_j looks at content only; "
         "(b) = q_i·W_R R_Δ; (c) = u·k_j replaces the query with a global vector u; (d) = v·W_R R_Δ leaves only the "
         "offset. R_Δ holds sin(Δ·f_s) in its first half and cos(Δ·f_s) in its second, with f_s = 10000^(−2s/d_model). "
         "(d) is exactly the readout f(Δ) = wᵀR_Δ of the [[lesson:f-delta/linear-readout|F(q,k) lesson]] with the fixed "
         "vector w = W_Rᵀv; (b) is the same readout with the vector W_Rᵀq_i, which changes with the query."},
        {"L", "d_k", "d_model", "seed"},
        views_of(read_inputs, transformer_xl_views),
        {R"tex(A^{\mathrm{rel}}_{ij} = q_i^\top k_j + q_i^\top W_R R_{\Delta} + u^\top k_j + v^\top W_R R_{\Delta}, \quad \Delta = i - j)tex"},
    };
    s.takeaway = {"(d) 每条对角线是常数（Toeplitz，极差 {d}）：只有 Δ 进入它；(b) 用查询读同一个 R_Δ，同一偏移上相差 {b}。",
                  "Term (d) is constant along diagonals (Toeplitz, spread {d}): only Δ reaches it; (b) reads R_Δ with the "
                  "query: spread {b}."};
    s.takeaway_args = args_of(read_inputs, +[](const Inputs& in, Lang) {
        const TxlDemo demo = txl_demo_inputs(in.L, in.d, in.d_model, static_cast<std::uint64_t>(in.seed));
        const TxlTerms t = txl_attention_terms(demo.Q, demo.K, demo.u, demo.v, demo.W_R);
        return std::vector<Arg>{{"d", exact(largest(diagonal_spread(t.d)))}, {"b", num(largest(diagonal_spread(t.b)), 4)}};
    });
    return s;
}

}  // namespace shaw_lesson
}  // namespace pelab
