// PE Lab — lessons/shaw/transformer_xl.cpp
// Step "transformer-xl" of shaw: Transformer-XL (Dai et al. 2019) splits the score of one seeded head into
// four terms a, b, c, d with the sinusoid R_{i−j} of the relative distance (kimiyoung/transformer-xl,
// RelPartialLearnableMultiHeadAttn); d is lesson f-delta's readout. Its views, then the step with its question.
// Comments are English only: the font subset is built from the characters inside this file's strings.
//
// [SECTION] Transformer-XL's four terms
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

// [SECTION] Transformer-XL's four terms
namespace {

// The largest difference between any row and row 0 (0 when every row is the same).
double txl_row_spread(const Eigen::MatrixXd& M) {
    double worst = 0.0;
    for (Eigen::Index r = 1; r < M.rows(); ++r) worst = std::max(worst, (M.row(r) - M.row(0)).cwiseAbs().maxCoeff());
    return worst;
}

std::vector<ViewData> transformer_xl_views(const Inputs& in, Lang lang) {
    const TxlDemo demo = txl_demo_inputs(in.L, in.d, in.d_model, static_cast<std::uint64_t>(in.seed));
    const TxlTerms t = txl_attention_terms(demo.Q, demo.K, demo.u, demo.v, demo.W_R);
    const Eigen::MatrixXd score = txl_scores(t);
    const int i = in.i, j = in.j;

    // d(δ) = v·W_R R_δ is f-delta's readout F(δ) = wᵀR_δ with the fixed vector w = W_Rᵀv (the f_delta layout
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

    const std::vector<std::string> a_notes = {
        say(lang, {"在 (i, j) = ({i}, {j})：a + b + c + d = {sum}，乘以 1/√d_k 得到分数 {score}。",
                   "At (i, j) = ({i}, {j}): a + b + c + d = {sum}, times 1/√d_k gives the score {score}."},
            {{"i", integer(i)}, {"j", integer(j)}, {"sum", num(t.a(i, j) + t.b(i, j) + t.c(i, j) + t.d(i, j), 4)},
             {"score", num(score(i, j), 4)}}),
    };
    const std::vector<std::string> b_notes = {
        say(lang, {"沿对角线（同一距离）的最大极差 = {spread}：b 随查询的内容变化。",
                   "Largest spread along a diagonal (one distance) = {spread}: b changes with the query's content."},
            {{"spread", num(largest(diagonal_spread(t.b)), 4)}}),
    };
    const std::vector<std::string> c_notes = {
        say(lang, {"任意一行与第 0 行的最大差 = {spread}：c 只看键，对每个查询都一样。",
                   "Largest difference between any row and row 0 = {spread}: c depends on the key only, the same for every query."},
            {{"spread", exact(txl_row_spread(t.c))}}),
    };
    const std::vector<std::string> d_notes = {
        say(lang, {"沿对角线的最大极差 = {spread}：d 只依赖 i − j，是 Toeplitz 矩阵。",
                   "Largest spread along a diagonal = {spread}: d depends on i − j only, a Toeplitz matrix."},
            {{"spread", exact(largest(diagonal_spread(t.d)))}}),
        say_error(lang, {"f-delta 课的读出 F(δ) = wᵀR_δ，取固定向量 w = W_Rᵀv，与 d 的最大差 = {err}{hint}。",
                         "f-delta's readout F(δ) = wᵀR_δ with the fixed vector w = W_Rᵀv differs from d by at most {err}{hint}."},
                  readout_gap),
    };
    // The position-only term first (the largest figure): its Toeplitz stripes are the link to f-delta; then b, the
    // same sinusoid read by the query, then the two content terms.
    return {make_view(say(lang, {"d：全局位置偏置 v·W_R R_(i−j)", "d: global position bias v·W_R R_(i−j)"}), term_matrix(t.d, "d", lang), d_notes),
            make_view(say(lang, {"b：内容–位置 q_i·W_R R_(i−j)", "b: content–position q_i·W_R R_(i−j)"}), term_matrix(t.b, "b", lang), b_notes),
            make_view(say(lang, {"c：全局内容偏置 u·k_j", "c: global content bias u·k_j"}), term_matrix(t.c, "c", lang), c_notes),
            make_view(say(lang, {"a：内容–内容 q_i·k_j", "a: content–content q_i·k_j"}), term_matrix(t.a, "a", lang), a_notes)};
}

}  // namespace


Step transformer_xl_terms() {
    Step s = {
        "transformer-xl",
        {"Transformer-XL：四项与相对距离的正弦", "Transformer-XL: four terms and a sinusoid of the distance"},
        {"Transformer-XL 把分数拆成四项。它不给词加绝对位置。a = q_i·k_j 只看内容；b = q_i·W_R R_(i−j) 用查询去读相对距离的正弦向量 R；"
         "c = u·k_j 把查询换成一个全局向量 u，只剩“这个键本身有多重要”；d = v·W_R R_(i−j) 换成全局向量 v，只剩距离。"
         "R_δ 前一半是 sin(δ·f_s)、后一半是 cos(δ·f_s)，f_s = 10000^(−2s/d_model)，参考代码用 pos_seq = klen−1 … 0 构造它，"
         "再用 _rel_shift 把第 (i, j) 格对到距离 i − j。d 正是 f-delta 课里的读出 F(δ) = wᵀR_δ，只是 w = W_Rᵀv 固定；"
         "b 是同样的读出，但向量 W_Rᵀq_i 随查询变化，所以是依赖内容的读出。Transformer-XL 只用 j ≤ i 的格子（其余被因果掩码去掉），"
         "XLNet 的双向注意力用同一个公式算全部格子。",
         "Transformer-XL splits the score into four terms. It adds no absolute position to the words. a = q_i·k_j "
         "looks at content only; b = q_i·W_R R_(i−j) lets the query read a sinusoid R of the relative distance; "
         "c = u·k_j replaces the query with one global vector u, leaving only how important the key is by itself; "
         "d = v·W_R R_(i−j) replaces it with a global v, leaving only the distance. R_δ holds sin(δ·f_s) in its "
         "first half and cos(δ·f_s) in its second, f_s = 10000^(−2s/d_model); the reference code builds it from "
         "pos_seq = klen−1 … 0 and lines cell (i, j) up with distance i − j through _rel_shift. d is exactly the "
         "readout F(δ) = wᵀR_δ of lesson f-delta, with the fixed vector w = W_Rᵀv; b is the same readout with the "
         "vector W_Rᵀq_i, which changes with the query: a content-dependent readout. Transformer-XL uses the cells "
         "j ≤ i (its causal mask removes the rest); XLNet's bidirectional attention computes every cell with the "
         "same formula."},
        {"L", "d_k", "d_model", "seed", "i", "j"},
        views_of(read_inputs, transformer_xl_views),
        {R"tex(A^{\mathrm{rel}}_{ij}=\underbrace{q_i^\top k_j}_{(a)}+\underbrace{q_i^\top W_R R_{i-j}}_{(b)}+\underbrace{u^\top k_j}_{(c)}+\underbrace{v^\top W_R R_{i-j}}_{(d)})tex",
         R"tex(R_\delta=\bigl[\sin(\delta f_0),\dots,\sin(\delta f_{h-1}),\ \cos(\delta f_0),\dots,\cos(\delta f_{h-1})\bigr],\quad f_s=10000^{-2s/d_{\mathrm{model}}})tex",
         R"tex(\mathrm{score}_{ij}=\frac{A^{\mathrm{rel}}_{ij}}{\sqrt{d_k}})tex"},
    };
    s.questions = {
        {{"Transformer-XL 的四项中，哪一项对每个查询（每一行）都一样？",
          "Which of Transformer-XL's four terms is the same for every query (every row)?"},
         {{"d = v·W_R R_(i−j)：它不看内容", "d = v·W_R R_(i−j): it ignores the content"},
          {"c = u·k_j：只看键", "c = u·k_j: it looks at the key only"},
          {"b = q_i·W_R R_(i−j)：它只看距离", "b = q_i·W_R R_(i−j): it looks at the distance only"}},
         1,
         [](const ParamSet& p, Lang lang) {
             const Inputs in = read_inputs(p);
             const int L = in.L, d = in.d;
             const int d_model = in.d_model;
             const TxlDemo demo = txl_demo_inputs(L, d, d_model, static_cast<std::uint64_t>(in.seed));
             const TxlTerms t = txl_attention_terms(demo.Q, demo.K, demo.u, demo.v, demo.W_R);
             double c_rows = 0.0, d_rows = 0.0;
             for (int r = 1; r < L; ++r) {
                 c_rows = std::max(c_rows, (t.c.row(r) - t.c.row(0)).cwiseAbs().maxCoeff());
                 d_rows = std::max(d_rows, (t.d.row(r) - t.d.row(0)).cwiseAbs().maxCoeff());
             }
             return say(lang,
                        {"c = u·k_j 把查询换成全局向量 u，所以每一行相同：当前设置下各行与第 0 行的最大差 = {c}。"
                         "d 也不看内容，但它跟着距离 i − j 走，每一行相对上一行平移一格：最大差 = {d}。",
                         "c = u·k_j replaces the query with the global vector u, so every row is the same: with the "
                         "current settings the largest difference from row 0 is {c}. d ignores the content too, but it "
                         "follows the distance i − j and shifts by one cell per row: largest difference {d}."},
                        {{"c", exact(c_rows)}, {"d", num(d_rows, 3)}});
         }},
    };
    return s;
}

}  // namespace shaw_lesson
}  // namespace pelab
