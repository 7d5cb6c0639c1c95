// PE Lab — lessons/shaw/deberta.cpp
// Step "deberta" of shaw: DeBERTa (He et al. 2021), the c2p / p2c terms with their clamped index and the √(3d)
// scale (HF deberta_v2). Its views, then the step. (The log buckets and the clamp: step "deberta-buckets".)
// Comments are English only: the font subset is built from the characters inside this file's strings.
//
// [SECTION] DeBERTa's disentangled attention
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

// [SECTION] DeBERTa's disentangled attention
namespace {
std::vector<ViewData> deberta_views(const Inputs& in, Lang lang) {
    const int span = deberta_attention_span(in.bucket_size, in.max_position);
    const Eigen::MatrixXi rel = deberta_relative_position(in.L, in.L, in.bucket_size, in.max_position);
    const DebertaDemo demo = deberta_demo_inputs(in.L, in.d, span, static_cast<std::uint64_t>(in.seed));
    const DebertaTerms t = deberta_disentangled_terms(demo.Qc, demo.Kc, demo.Qr, demo.Kr, rel, span);
    const Eigen::MatrixXi c2p = deberta_c2p_index(rel, span), p2c = deberta_p2c_index(rel, span);
    int same = 0;
    for (Eigen::Index r = 0; r < c2p.rows(); ++r)
        for (Eigen::Index c = 0; c < c2p.cols(); ++c) same += c2p(r, c) == p2c(r, c) ? 1 : 0;
    const int i = in.i, j = in.j;

    const std::vector<std::string> c2p_notes = {
        say(lang, {"在 (i, j) = ({i}, {j})：相对位置 {dist}，c2p 读 K^r 的第 δ(i, j) = {row} 行，c2p = {value}。",
                   "At (i, j) = ({i}, {j}): relative position {dist}, c2p reads row δ(i, j) = {row} of K^r, c2p = {value}."},
            {{"i", integer(i)}, {"j", integer(j)}, {"dist", integer(rel(i, j))}, {"row", integer(c2p(i, j))}, {"value", num(t.c2p(i, j), 4)}}),
    };
    const std::vector<std::string> p2c_notes = {
        say(lang, {"HF 用 clamp(−r_pos[j][i] + k, 0, 2k − 1) 为 p2c 取行，再转置；它与 c2p 的行号在 {same} / {all} 个格子里相同。",
                   "HF picks p2c's row as clamp(−r_pos[j][i] + k, 0, 2k − 1) and transposes; it equals c2p's row in {same} / {all} cells."},
            {{"same", integer(same)}, {"all", integer(static_cast<long long>(c2p.size()))}}),
        say(lang, {"在 (i, j) = ({i}, {j})：p2c = K^c_j·Q^r_{row} / √(3d_k) = {value}。",
                   "At (i, j) = ({i}, {j}): p2c = K^c_j·Q^r_{row} / √(3d_k) = {value}."},
            {{"i", integer(i)}, {"j", integer(j)}, {"row", integer(p2c(i, j))}, {"value", num(t.p2c(i, j), 4)}}),
        say(lang, {"每一项都除以 √(3·d_k) = {scale}：scale_factor = 1 + 2（c2p 与 p2c 各加 1）。",
                   "Every term is divided by √(3·d_k) = {scale}: scale_factor = 1 + 2 (one for c2p, one for p2c)."},
            {{"scale", num(1.0 / t.scale, 6)}}),
    };
    return {make_view(say(lang, {"c2p（内容→位置）：Q^c_i·K^r_δ(i,j) / √(3d_k)", "c2p (content → position): Q^c_i·K^r_δ(i,j) / √(3d_k)"}),
                      term_matrix(t.c2p, "c2p", lang), c2p_notes),
            make_view(say(lang, {"p2c：K^c_j·Q^r_δ(i,j) / √(3d_k)", "p2c: K^c_j·Q^r_δ(i,j) / √(3d_k)"}),
                      term_matrix(t.p2c, "p2c", lang), p2c_notes)};
}

}  // namespace

Step deberta_disentangled() {
    return {
        "deberta",
        {"DeBERTa：解耦注意力", "DeBERTa: disentangled attention"},
        {"DeBERTa 多了两项，让内容读距离自己的向量：c2p 和 p2c。"
         "DeBERTa 给内容和相对位置各一套投影：除了内容到内容，查询的内容读距离的向量 K^r（c2p），键的内容读距离的向量 Q^r（p2c），三项一起除以 √(3d_k)。"
         "沿同一条对角线（同一距离），c2p 仍随查询的内容变化。δ(i, j) 是距离 i − j 在一张 2k 行的相对位置表里的行号（下一步讲它如何分桶和截断）。"
         "论文给 p2c 写的是 δ(j, i)；HF 的代码取 clamp(−r_pos[j][i] + k) 再转置，桶是奇函数，所以它与 c2p 用同一个行号。",
         "DeBERTa adds two terms in which content reads the distance's own vectors: c2p and p2c. "
         "DeBERTa gives content and relative position their own projections: besides content-to-content, the query's "
         "content reads the distance's vector K^r (c2p) and the key's content reads the distance's vector Q^r (p2c), "
         "and the three terms are divided by √(3d_k) together. Along one diagonal (one distance) c2p still changes with "
         "the query's content. δ(i, j) is the row of the distance i − j in a table of "
         "2k relative positions (the next step shows how it is bucketed and clamped). The paper writes δ(j, i) for "
         "p2c; HF's code takes clamp(−r_pos[j][i] + k) and transposes, and since the buckets are an odd function it "
         "reads the same row as c2p."},
        {"L", "d_k", "seed", "i", "j"},
        views_of(read_inputs, deberta_views),
        {R"tex(\tilde A_{ij} = (Q^c_i \cdot K^c_j + Q^c_i \cdot K^r_{\delta(i,j)} + K^c_j \cdot Q^r_{\delta(i,j)}) / \sqrt{3d_k})tex"},
    };
}

}  // namespace shaw_lesson
}  // namespace pelab
