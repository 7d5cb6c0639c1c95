// PE Lab — lessons/f_delta/transformer_xl_terms.cpp
// Step "transformer-xl-terms" of f-delta: Transformer-XL splits the score of query i and key j into four
// terms; two read R_(i−j). Side by side, the content–position term (the readout u_q·R_(q−k) of
// content-readout, diagonals not constant) and the position bias (the fixed readout vᵀR_(q−k) of
// linear-readout, diagonals constant). The views builder, then the step.
// Comments are English only: the font subset is built from the characters inside this file's strings.
//
// [SECTION] views: the two terms that read R_(i−j)
// [SECTION] the step
#include <string>
#include <vector>

#include "core/f_delta.h"
#include "lessons/f_delta/f_delta_lesson.h"
#include "lessons/lesson_util.h"

namespace pelab {
namespace fdelta {

using namespace lessonui;  // shared display helpers (lessons/lesson_util.h)

// [SECTION] views: the two terms that read R_(i−j)
std::vector<ViewData> transformer_xl_views(const Model& in, Lang lang) {
    ViewData content = content_heatmap(say(lang, {"内容–位置项 u_q·R_(q−k)", "content–position u_q·R_(q−k)"}), in, lang);
    ViewData bias = readout_heatmap(say(lang, {"位置偏置项 vᵀR_(q−k)", "position bias vᵀR_(q−k)"}), in, in.v, lang, true);
    const double content_spread = largest_spread(Eigen::MatrixXd(content.heatmap().values));
    const double bias_spread = largest_spread(Eigen::MatrixXd(bias.heatmap().values));
    // Both checks sit under the smaller heatmap, so the content–position term keeps its room.
    bias.notes.push_back(say(lang, {"左图：对角线上最大的极差 = {spread}", "Left: largest spread along a diagonal = {spread}"},
                             {{"spread", exact(content_spread)}}));
    bias.notes.push_back(say(lang, {"右图：对角线上最大的极差 = {spread}", "Right: largest spread along a diagonal = {spread}"},
                             {{"spread", exact(bias_spread)}}));
    bias.notes.push_back(say(lang, {"式中 i、j 即 q、k；E_x：词元 x 的内容；W_q、W_(k,E)、W_(k,R)：投影矩阵；u、v：可学习的向量。",
                                    "In the equation i, j are q, k; E_x: token x's content; W_q, W_(k,E), W_(k,R): projections; u, v: learned vectors."}));
    return {content, bias};
}

// [SECTION] the step
Step transformer_xl_terms() {
    return {
        "transformer-xl-terms",
        {"Transformer-XL 的四项", "Transformer-XL's four terms"},
        {
        "Transformer-XL 的四项里有两项读取 R_(i−j)：依赖内容的一项打破对角线，固定的一项保持 Toeplitz。"
        "Transformer-XL（Dai 等，2019；[[lesson:shaw/transformer-xl|Shaw 一课]]有它的完整算例）把查询 i 对键 j 的分数拆成四项，其中两项读取 R_(i−j)：依赖查询内容的那一项让对角线不再是常数，"
        "固定的那一项保持 Toeplitz。四项是：内容–内容（查询内容乘键内容）、内容–位置（查询内容乘 W_(k,R) R_(i−j)）、"
        "全局内容偏置（可学习的向量 u 乘键内容）和全局位置偏置（可学习的向量 v 乘 W_(k,R) R_(i−j)）。"
        "E_x 是词元 x 的内容向量，W_q、W_(k,E)、W_(k,R) 是查询、键内容、键位置的投影矩阵；这里的 u 是可学习的向量，不是第 7 步的 u_q。"
        "左图是内容–位置项（第 7 步的读出），右图与全局位置偏置同形（第 6 步固定的读出 vᵀR_Δ）。"
        "式中四项依次是：内容–内容、内容–位置、内容偏置、位置偏置。",
        "Two of Transformer-XL's four terms read R_(i−j): the content one breaks the diagonals, the fixed one stays Toeplitz. "
        "Transformer-XL (Dai et al., 2019; worked through in the [[lesson:shaw/transformer-xl|Shaw lesson]]) splits the score of query i and key j into four terms, two of which read "
        "R_(i−j): the one that depends on the query's content breaks the constant diagonals, the fixed one stays "
        "Toeplitz. The four terms are content–content (the query's content times the key's), content–position (the "
        "query's content times W_(k,R) R_(i−j)), a global content bias (a learned vector u times the key's content) "
        "and a global position bias (a learned vector v times W_(k,R) R_(i−j)). E_x is the content vector of token x; "
        "W_q, W_(k,E) and W_(k,R) project the query, the key's content and the key's position; this u is a learned "
        "vector, not step 7's u_q. The left heatmap is the content–position term (step 7's readout); the right one has "
        "the form of the global position bias (step 6's fixed readout vᵀR_Δ). In the equation the four terms stand in "
        "this order: content–content, content–position, content bias, position bias."},
        {"L", "omega", "v", "seed"},
        views_of(read_model, transformer_xl_views),
        {R"tex(A_{i,j} = E_{x_i}^\top W_q^\top W_{k,E} E_{x_j} + E_{x_i}^\top W_q^\top W_{k,R} R_{i-j} + u^\top W_{k,E} E_{x_j} + v^\top W_{k,R} R_{i-j})tex"},
    };
}

}  // namespace fdelta
}  // namespace pelab
