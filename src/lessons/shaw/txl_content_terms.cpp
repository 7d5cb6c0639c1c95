// PE Lab — lessons/shaw/txl_content_terms.cpp
// Step "txl-content-terms" of shaw: Transformer-XL's two content terms for the lesson's seeded head — (a) = q_i·k_j
// and (c) = u·k_j, whose global u makes every row the same — and the four terms summed into the score at the
// inspected pair (i, j). Its views, then the step with its question, a prediction.
// Comments are English only: the font subset is built from the characters inside this file's strings.
//
// [SECTION] Transformer-XL's content terms
#include <algorithm>
#include <cmath>
#include <string>
#include <vector>

#include "core/relative/relative_methods.h"
#include "lessons/shaw/shaw_lesson.h"
#include "lessons/lesson_util.h"

namespace pelab {
namespace shaw_lesson {

using namespace lessonui;  // shared display helpers (lessons/lesson_util.h)

// [SECTION] Transformer-XL's content terms
namespace {

// The largest difference between any row and row 0 (0 when every row is the same).
double txl_content_row_spread(const Eigen::MatrixXd& M) {
    double worst = 0.0;
    for (Eigen::Index r = 1; r < M.rows(); ++r) worst = std::max(worst, (M.row(r) - M.row(0)).cwiseAbs().maxCoeff());
    return worst;
}

std::vector<ViewData> txl_content_terms_views(const Inputs& in, Lang lang) {
    const TxlDemo demo = txl_demo_inputs(in.L, in.d, in.d_model, static_cast<std::uint64_t>(in.seed));
    const TxlTerms t = txl_attention_terms(demo.Q, demo.K, demo.u, demo.v, demo.W_R);
    const Eigen::MatrixXd score = txl_scores(t);
    const int i = in.i, j = in.j;

    const std::vector<std::string> c_notes = {
        say(lang, {"任意一行与第 0 行的最大差 = {spread}：(c) 与查询无关。", "Largest difference between any row and row 0 = {spread}: (c) ignores the query."},
            {{"spread", exact(txl_content_row_spread(t.c))}}),
    };
    const std::vector<std::string> a_notes = {
        say(lang, {"(d) = v·W_R R_Δ 也不含 q_i，但它随偏移 Δ = i − j 变化：每一行是上一行错开一格，与第 0 行的最大差 = {d}，所以各行并不相同。",
                   "(d) = v·W_R R_Δ has no q_i either, but it changes with the offset Δ = i − j: each row is the one above "
                   "shifted by a cell, largest difference from row 0 = {d}, so its rows are not the same."},
            {{"d", num(txl_content_row_spread(t.d), 3)}}),
        say(lang, {"在 (i, j) = ({i}, {j})：(a) + (b) + (c) + (d) = {sum}，乘以 1/√d_k 得到分数 {score}。",
                   "At (i, j) = ({i}, {j}): (a) + (b) + (c) + (d) = {sum}, times 1/√d_k gives the score {score}."},
            {{"i", integer(i)}, {"j", integer(j)}, {"sum", num(t.a(i, j) + t.b(i, j) + t.c(i, j) + t.d(i, j), 4)},
             {"score", num(score(i, j), 4)}}),
    };
    return {make_view(say(lang, {"(c)：全局内容偏置 u·k_j", "(c): global content bias u·k_j"}), term_matrix(t.c, "(c)", lang), c_notes),
            make_view(say(lang, {"(a)：内容–内容 q_i·k_j", "(a): content–content q_i·k_j"}), term_matrix(t.a, "(a)", lang), a_notes)};
}

}  // namespace

Step txl_content_terms() {
    Step s = {
        "txl-content-terms",
        {"Transformer-XL：哪一项不看查询", "Transformer-XL: which term ignores the query"},
        {"Transformer-XL 四项中有两项只看内容：(a) = q_i·k_j，以及 (c) = u·k_j，u 是一个学到的全局向量。"
         "四项 (a) + (b) + (c) + (d) 相加后除以 √d_k 就是分数，注释在所选的 (i, j) 上算出它。"
         "Transformer-XL 只用 Δ ≥ 0 的格子（其余被[[causal-mask|因果掩码]]去掉）；[[bidirectional|双向]]的模型用同一个公式算全部格子。",
         "Two of Transformer-XL's four terms read content only: (a) = q_i·k_j and (c) = u·k_j, with u a learned global "
         "vector. The four terms (a) + (b) + (c) + (d) divided by √d_k give the score, which a note computes at the "
         "chosen (i, j). Transformer-XL uses the cells with Δ ≥ 0 (its [[causal-mask|causal mask]] removes the rest); a "
         "[[bidirectional]] model computes every cell with the same formula."},
        {"L", "d_k", "d_model", "seed", "i", "j"},
        views_of(read_inputs, txl_content_terms_views),
        {R"tex(\mathrm{score}_{ij} = A^{\mathrm{rel}}_{ij} / \sqrt{d_k} = \bigl((a)+(b)+(c)+(d)\bigr) / \sqrt{d_k})tex"},
    };
    s.takeaway = {"(c) 每一行都相同（最大差 {c}）：全局向量 u 代替了查询。(d) 也不含 q_i，但随偏移 Δ 变化，各行彼此错开一格（最大差 {d}）。",
                  "Every row of (c) is the same (largest difference {c}): the global u replaces the query. (d) lacks q_i "
                  "too, but follows the offset Δ, so its rows are shifted copies (difference {d})."};
    s.takeaway_args = args_of(read_inputs, +[](const Inputs& in, Lang) {
        const TxlDemo demo = txl_demo_inputs(in.L, in.d, in.d_model, static_cast<std::uint64_t>(in.seed));
        const TxlTerms t = txl_attention_terms(demo.Q, demo.K, demo.u, demo.v, demo.W_R);
        return std::vector<Arg>{{"c", exact(txl_content_row_spread(t.c))}, {"d", num(txl_content_row_spread(t.d), 3)}};
    });
    s.questions = {
        {{"Transformer-XL 的四项中，哪一项对每个查询（每一行）都一样？",
          "Which of Transformer-XL's four terms is the same for every query (every row)?"},
         {{"(d) = v·W_R R_Δ", "(d) = v·W_R R_Δ"},
          {"(c) = u·k_j", "(c) = u·k_j"},
          {"(b) = q_i·W_R R_Δ", "(b) = q_i·W_R R_Δ"}},
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
                        {"(c) = u·k_j 把查询换成全局向量 u，所以每一行相同：当前设置下各行与第 0 行的最大差 = {c}。"
                         "(d) 也不看内容，但它跟着偏移 Δ 走，每一行相对上一行平移一格：最大差 = {d}。",
                         "(c) = u·k_j replaces the query with the global vector u, so every row is the same: with the "
                         "current settings the largest difference from row 0 is {c}. (d) ignores the content too, but it "
                         "follows the offset Δ and shifts by one cell per row: largest difference {d}."},
                        {{"c", exact(c_rows)}, {"d", num(d_rows, 3)}});
         }},
    };
    s.questions[0].predict = true;  // asked before the rows of (c) are seen
    return s;
}

}  // namespace shaw_lesson
}  // namespace pelab
