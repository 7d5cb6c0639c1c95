// PE Lab — lessons/f_delta/transformer_xl_terms.cpp
// Step "transformer-xl-terms" of f-delta: Transformer-XL splits the score of query q and key k into four
// terms (the paper writes i, j); two read R_(q−k). Side by side, the content–position term (the readout u_q·R_(q−k) of
// content-readout, diagonals not constant) and the position bias (the fixed readout vᵀR_(q−k) of
// linear-readout, diagonals constant). The views builder, then the step.
// Comments are English only: the font subset is built from the characters inside this file's strings.
//
// [SECTION] views: the two terms that read R_(q−k)
// [SECTION] the step
#include <string>
#include <vector>

#include "core/relative/f_delta.h"
#include "lessons/f_delta/f_delta_lesson.h"
#include "lessons/lesson_util.h"

namespace pelab {
namespace fdelta {

using namespace lessonui;  // shared display helpers (lessons/lesson_util.h)

// [SECTION] views: the two terms that read R_(q−k)
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
    bias.notes.push_back(say(lang, {"式中四项依次为：内容–内容、内容–位置（左图）、内容偏置、位置偏置（右图）。",
                                    "The four terms in order: content–content, content–position (left), content bias, position bias (right)."}));
    bias.notes.push_back(say(lang, {"A_(q,k)：分数；E_q：位置 q 上词元的内容；W_Q、W_(K,E)、W_(K,R)：投影矩阵；c、v：可学习的向量（Dai 等把 q、k 写作 i、j，把 c 写作 u，与左图的 u_q 无关）。",
                                    "A_(q,k): the score; E_q: the content of the token at q; W_Q, W_(K,E), W_(K,R): projections; c, v: learned vectors "
                                    "(Dai et al. write i, j for q, k and u for c, not the u_q on the left)."}));
    return {content, bias};
}

// [SECTION] the step
Step transformer_xl_terms() {
    Step s{
        "transformer-xl-terms",
        {"Transformer-XL 的四项", "Transformer-XL's four terms"},
        {
        "[[transformer-xl|Transformer-XL]]（Dai 等，2019；[[lesson:shaw/transformer-xl|Shaw 一课]]有它的完整算例）是一种面向长文本的 Transformer，"
        "它把查询 q 对键 k 的[[attention-score|分数]]拆成四项，其中两项读取 R_(q−k)。"
        "四项是：内容–内容（查询内容乘键内容）、内容–位置（查询内容乘 W_(K,R) R_(q−k)）、"
        "全局内容偏置（可学习的向量 c 乘键内容）和全局位置偏置（可学习的向量 v 乘 W_(K,R) R_(q−k)）。"
        "E_q 是位置 q 上词元的内容向量，W_Q、W_(K,E)、W_(K,R) 是查询、键内容、键位置的投影矩阵。"
        "左图是内容–位置项（[[lesson:f-delta/content-readout|第 7 步]]的读出 u_q），右图与全局位置偏置同形"
        "（[[lesson:f-delta/linear-readout|第 6 步]]固定的读出 vᵀR_Δ）。式中四项依次是：内容–内容、内容–位置、内容偏置、位置偏置。",
        "[[transformer-xl|Transformer-XL]] (Dai et al., 2019; worked through in the [[lesson:shaw/transformer-xl|Shaw lesson]]), a "
        "Transformer for long texts, splits the [[attention-score|score]] of query q and key k into four terms, two of "
        "which read R_(q−k). The four terms are content–content (the query's content times the key's), "
        "content–position (the query's content times W_(K,R) R_(q−k)), a global content bias (a learned vector c times "
        "the key's content) and a global position bias (a learned vector v times W_(K,R) R_(q−k)). E_q is the content "
        "vector of the token at position q; W_Q, W_(K,E) and W_(K,R) project the query, the key's content and the key's position. The "
        "left heatmap is the content–position term ([[lesson:f-delta/content-readout|step 7]]'s readout u_q); the right "
        "one has the form of the global position bias ([[lesson:f-delta/linear-readout|step 6]]'s fixed readout vᵀR_Δ). "
        "In the equation the four terms stand in this order: content–content, content–position, content bias, position "
        "bias."},
        {"L", "omega", "v", "seed"},
        views_of(read_model, transformer_xl_views),
        {R"tex(A_{q,k} = E_q^\top W_Q^\top W_{K,E} E_k + E_q^\top W_Q^\top W_{K,R} R_{q-k} + c^\top W_{K,E} E_k + v^\top W_{K,R} R_{q-k})tex"},
    };
    s.takeaway = {"[[transformer-xl|Transformer-XL]] 的内容–位置项对角线极差为 {content}，位置偏置项为 {bias}：前者用每个查询的内容读取 R_(q−k)，后者用同一个固定的 v。",
                  "In [[transformer-xl|Transformer-XL]]'s score the content–position term's diagonals spread by {content}, "
                  "the position bias's by {bias}: the first reads R_(q−k) with each query's content, the second with one fixed v."};
    s.takeaway_args = args_of(read_model, +[](const Model& in, Lang) {
        const ContentDraw draw = draw_content(in);
        return std::vector<Arg>{
            {"content", exact(largest_spread(content_readout_matrix(in.L, in.omega, draw.W, draw.Q)))},
            {"bias", exact(largest_spread(f_matrix(in.L, in.omega, in.v)))}};
    });
    return s;
}

}  // namespace fdelta
}  // namespace pelab
