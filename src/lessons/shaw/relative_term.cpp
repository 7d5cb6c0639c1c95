// PE Lab — lessons/shaw/relative_term.cpp
// Step "relative-term" of shaw: the score e_ij = (q_i·k_j + q_i·a_ij)/√d_k, its content term, its position
// term and their sum; the lesson's problem (attention cannot see order) and its offset Δ = i − j. Its views, then
// the step.
// Comments are English only: the font subset is built from the characters inside this file's strings.
//
// [SECTION] a score with a relative term
#include <string>
#include <vector>

#include "lessons/shaw/shaw_lesson.h"
#include "lessons/lesson_util.h"

namespace pelab {
namespace shaw_lesson {

using namespace lessonui;  // shared display helpers (lessons/lesson_util.h)

// [SECTION] a score with a relative term
namespace {

std::vector<ViewData> score_views(const Inputs& in, const Computed& c, Lang lang) {
    const int L = in.L;
    const Eigen::MatrixXd C = c.content, P = c.position, E = c.logits;
    const Eigen::MatrixXi I = c.index;

    HeatmapView content = ij_matrix(C, lang);
    content.is_signed = true;
    content.explain = [C, L, lang](int r, int col) -> std::string {
        if (r < 0 || col < 0 || r >= L || col >= L) return "";
        return say(lang, {"{term} / √d_k = {value}：只看内容", "{term} / √d_k = {value}: content only"},
                   {{"term", "q" + sub(r) + "·k" + sub(col)}, {"value", n4(C(r, col))}});
    };
    HeatmapView position = ij_matrix(P, lang);
    position.is_signed = true;
    position.explain = [P, I, L, lang](int r, int col) -> std::string {
        if (r < 0 || col < 0 || r >= L || col >= L) return "";
        return say(lang, {"{term} / √d_k = {value}，a_ij 是表的第 {row} 行", "{term} / √d_k = {value}, a_ij is table row {row}"},
                   {{"term", q_dot_a(r, col)}, {"value", n4(P(r, col))}, {"row", pos(I(r, col))}});
    };
    HeatmapView total = ij_matrix(E, lang);
    total.is_signed = true;
    total.explain = [C, P, E, L, lang](int r, int col) -> std::string {
        if (r < 0 || col < 0 || r >= L || col >= L) return "";
        return say(lang, {"e{ij} = {content} + {position} = {score}", "e{ij} = {content} + {position} = {score}"},
                   {{"ij", sub(r) + "," + sub(col)}, {"content", n4(C(r, col))}, {"position", n4(P(r, col))}, {"score", n4(E(r, col))}});
    };
    const std::vector<std::string> notes = {
        say(lang, {"最大的 |e − (内容 + 位置)| = {diff}", "Largest |e − (content + position)| = {diff}"},
            {{"diff", exact((E - C - P).cwiseAbs().maxCoeff())}}),
    };
    const std::vector<std::string> position_notes = {
        say(lang, {"论文按 j − i = −Δ 给向量编号；本课处处写 Δ = i − j（同一批向量，只是编号的符号相反）。",
                   "The paper labels the vectors by j − i = −Δ; this lesson writes Δ = i − j throughout (the same vectors, "
                   "labelled with the opposite sign)."}),
    };
    return {make_view(say(lang, {"内容项 q_i·k_j / √d_k", "Content term q_i·k_j / √d_k"}), std::move(content)),
            make_view(say(lang, {"位置项 q_i·a_ij / √d_k", "Position term q_i·a_ij / √d_k"}), std::move(position), position_notes),
            make_view(say(lang, {"分数 e_ij = (q_i·k_j + q_i·a_ij) / √d_k", "Score e_ij = (q_i·k_j + q_i·a_ij) / √d_k"}), std::move(total), notes)};
}

}  // namespace

Step score_with_relative_term() {
    Step s = {
        "relative-term",
        {"带相对项的分数", "A score with a relative term"},
        {"注意力本身看不出词序；本课跟着 Shaw 等人，用为每个偏移 Δ = i − j（查询位置减键位置）学到的向量把词序加进分数。"
         "普通注意力的分数是 q_i·k_j / √d_k（d_k 是每个[[head|注意力头]]的维度）。Shaw 等人为这一对的偏移学一个向量 a_ij，把分数改成 "
         "e_ij = (q_i·k_j + q_i·a_ij) / √d_k：第一项看内容，第二项看 j 相对 i 的位置。"
         "这些向量来自一张表，只存到[[clipping|截断]]距离 k 为止（第 3 步）。"
         "三张热力图分别是内容项、位置项和它们的和；Q、K 和表都由随机种子生成。",
         "Attention alone cannot see word order; this lesson follows how Shaw et al. add it to the score with vectors "
         "learned per offset Δ = i − j (query position minus key position). Plain attention scores q_i·k_j / √d_k "
         "(d_k is the dimension of one attention [[head]]). Shaw et al. learn a vector a_ij for the pair's offset and change the score to "
         "e_ij = (q_i·k_j + q_i·a_ij) / √d_k: the first term looks at content, the second at where j sits relative to "
         "i. The vectors come from a table that stops at a [[clipping]] distance k (step 3). The three heatmaps show "
         "the content term, the position term and their sum; Q, K and the table are random, drawn from the seed."},
        {"L", "clip", "d_k", "seed"},
        computed_views(score_views),
        {R"tex(e_{ij} = (q_i \cdot k_j + q_i \cdot a_{ij}) / \sqrt{d_k}, \qquad a_{ij} = a(\Delta),\ \ \Delta = i - j)tex"},
    };
    s.takeaway = {"每个分数 = 内容 + 位置：q_i·k_j 不管词序，词序只经 q_i·a_ij 进入，a_ij 是按偏移 Δ = i − j 从表里取出的学习向量。",
                  "Each score is content plus position: q_i·k_j ignores word order, so order enters only through "
                  "q_i·a_ij, where a_ij is a learned vector looked up by the offset Δ = i − j."};
    return s;
}

}  // namespace shaw_lesson
}  // namespace pelab
