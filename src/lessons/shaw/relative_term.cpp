// PE Lab — lessons/shaw/relative_term.cpp
// Step "relative-term" of shaw: the score e_ij = (q_i·k_j + q_i·a_ij)/√d_k, its content term, its position
// term and their sum. Its views, then the step.
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
    return {make_view(say(lang, {"内容项 q_i·k_j / √d_k", "Content term q_i·k_j / √d_k"}), std::move(content)),
            make_view(say(lang, {"位置项 q_i·a_ij / √d_k", "Position term q_i·a_ij / √d_k"}), std::move(position)),
            make_view(say(lang, {"分数 e_ij = (q_i·k_j + q_i·a_ij) / √d_k", "Score e_ij = (q_i·k_j + q_i·a_ij) / √d_k"}), std::move(total), notes)};
}

}  // namespace

Step score_with_relative_term() {
    return {
        "relative-term",
        {"带相对项的分数", "A score with a relative term"},
        {"Shaw 等人给分数加上位置项 q_i·a_ij，其中 a_ij 是为距离 j − i 学到的向量。"
         "注意力本身看不出词序。"
         "这一课展示他们怎样让分数取决于 j 离 i 有多远，而不是 i 和 j 的绝对位置。"
         "普通注意力的分数是 q_i·k_j / √d_k。Shaw 等人为每个相对距离学习一个向量 a_ij，并把分数改成 "
         "e_ij = (q_i·k_j + q_i·a_ij) / √d_k：第一项看内容，第二项看 i 与 j 的相对位置。"
         "三张热力图分别是内容项、位置项和它们的和；Q、K 和相对位置表都由随机种子生成。",
         "Shaw et al. add a position term q_i·a_ij to the score, a_ij being a vector learned for the distance j − i. "
         "Attention alone cannot see order. "
         "This lesson shows how they make a score depend on how far j is from i rather than on absolute positions. "
         "Plain attention computes the score q_i·k_j / √d_k. Shaw et al. learn a vector a_ij for each relative distance and "
         "change the score to e_ij = (q_i·k_j + q_i·a_ij) / √d_k: the first term looks at content, the second at "
         "where j sits relative to i. The three heatmaps show the content term, the position term and their sum; Q, K and the relative table are "
         "random, drawn from the random seed."},
        {"L", "clip", "d_k", "seed"},
        computed_views(score_views),
        {
         R"tex(e_{ij} = (q_i \cdot k_j + q_i \cdot a_{ij}) / \sqrt{d_k})tex"},
    };
}

}  // namespace shaw_lesson
}  // namespace pelab
