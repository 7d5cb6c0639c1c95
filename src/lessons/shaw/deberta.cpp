// PE Lab — lessons/shaw/deberta.cpp
// Step "deberta" of shaw: DeBERTa (He et al. 2021), the c2p / p2c terms with their clamped index and the √(3d)
// scale (HF deberta_v2). The table's half-size (HF att_span) is written s, not k: k is Shaw's clipping distance in
// this lesson. Its views, then the step. (The log buckets and the clamp: step "deberta-buckets".)
// Comments are English only: the font subset is built from the characters inside this file's strings.
//
// [SECTION] DeBERTa's disentangled attention
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

// [SECTION] DeBERTa's disentangled attention
namespace {
// The diagonal (offset Δ = i − j) of M whose entries spread the most (max − min), and that spread.
struct WidestDiagonal {
    int delta = 0;
    double spread = 0.0;
};
WidestDiagonal widest_diagonal(const Eigen::MatrixXd& M) {
    const Eigen::VectorXd s = diagonal_spread(M);  // index Δ + cols − 1
    WidestDiagonal w;
    if (s.size() == 0) return w;
    Eigen::Index at = 0;
    w.spread = s.maxCoeff(&at);
    w.delta = static_cast<int>(at) - static_cast<int>(M.cols() - 1);
    return w;
}

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
    const WidestDiagonal widest = widest_diagonal(t.c2p);

    const std::vector<std::string> c2p_notes = {
        say(lang, {"(i, j) = ({i}, {j})：Δ = {delta} 在桶 β = {dist}，读偏移表 K^r 的第 β + s = {row} 行（s = {s}，表的半宽），c2p = {value}。",
                   "(i, j) = ({i}, {j}): Δ = {delta} in bucket β = {dist} reads row β + s = {row} of the offset table K^r "
                   "(s = {s}, half its size); c2p = {value}."},
            {{"i", integer(i)}, {"j", integer(j)}, {"delta", integer(i - j)}, {"dist", integer(rel(i, j))}, {"row", integer(c2p(i, j))},
             {"s", integer(span)}, {"value", num(t.c2p(i, j), 4)}}),
    };
    const std::vector<std::string> p2c_notes = {
        say(lang, {"左图橙框：对角线 Δ = {delta}，同一个偏移；其中 c2p 的最大值与最小值相差 {spread}，是各对角线中最大的：偏移相同，内容不同，值就不同。",
                   "Left, orange: diagonal Δ = {delta} (one offset), where c2p varies most: by {spread} (max − min), as "
                   "content varies."},
            {{"delta", integer(widest.delta)}, {"spread", num(widest.spread, 4)}}),
        say(lang, {"论文给 p2c 写 δ(j, i)；Hugging Face 从转置的一对 (j, i)（偏移 −Δ）取桶、取负再转置，桶对 Δ 是奇函数，"
                   "所以它与 c2p 的行号在 {same} / {all} 个格子里相同（Hugging Face: `r_pos`）。",
                   "The paper writes δ(j, i) for p2c; Hugging Face negates the bucket of (j, i) and transposes; buckets are odd "
                   "in Δ, so it equals c2p's row in {same} / {all} cells (Hugging Face: `r_pos`)."},
            {{"same", integer(same)}, {"all", integer(static_cast<long long>(c2p.size()))}}),
        say(lang, {"在 (i, j) = ({i}, {j})：p2c = K^c_j·Q^r_{row} / √(3d_k) = {value}。",
                   "At (i, j) = ({i}, {j}): p2c = K^c_j·Q^r_{row} / √(3d_k) = {value}."},
            {{"i", integer(i)}, {"j", integer(j)}, {"row", integer(p2c(i, j))}, {"value", num(t.p2c(i, j), 4)}}),
        say(lang, {"每一项都除以 √(3·d_k) = {scale}：因子 3 = 1 + 2（c2p 与 p2c 各加 1）。",
                   "All terms are divided by √(3·d_k) = {scale}: 3 = 1 + 2 (one more each for c2p, p2c)."},
            {{"scale", num(1.0 / t.scale, 6)}}),
    };
    HeatmapView c2p_heat = term_matrix(t.c2p, "c2p", lang);
    c2p_heat.highlight_delta = widest.delta;
    return {make_view(say(lang, {"c2p（内容→位置）：Q^c_i·K^r_δ(i,j) / √(3d_k)", "c2p (content → position): Q^c_i·K^r_δ(i,j) / √(3d_k)"}),
                      std::move(c2p_heat), c2p_notes),
            make_view(say(lang, {"p2c（位置→内容）：K^c_j·Q^r_δ(i,j)", "p2c (position → content): K^c_j·Q^r_δ(i,j)"}),
                      term_matrix(t.p2c, "p2c", lang), p2c_notes)};
}

}  // namespace

Step deberta_disentangled() {
    Step s = {
        "deberta",
        {"DeBERTa：解耦注意力", "DeBERTa: disentangled attention"},
        {"[[deberta|DeBERTa]] 多了两项，让内容去读偏移自己的向量：c2p（内容→位置）和 p2c（位置→内容）。"
         "DeBERTa 给内容和相对位置各一套投影：除了内容到内容，查询的内容读偏移的向量 K^r（c2p），键的内容读偏移的向量 Q^r（p2c），三项一起除以 √(3d_k)。"
         "δ(i, j) 是偏移 Δ = i − j 在一张有 2s 个[[relative-position|相对位置]]的表里的行号；远处的偏移先分进宽度按对数增长的[[bucket|桶]]"
         "（[[log-bucket|对数桶]]，下一步讲分桶和截断）。s 是表的半宽，不是 Shaw 的截断距离 k。",
         "[[deberta|DeBERTa]] adds two terms in which content reads the offset's own vectors: c2p (content to position) "
         "and p2c (position to content). DeBERTa gives content and relative position their own projections: besides "
         "content-to-content, the query's content reads the offset's vector K^r (c2p) and the key's content reads the "
         "offset's vector Q^r (p2c), and the three terms are divided by √(3d_k) together. δ(i, j) is the row of the "
         "offset Δ = i − j in a table of 2s [[relative-position|relative positions]]; far offsets are first sorted into "
         "[[bucket|buckets]] whose width grows logarithmically ([[log-bucket|log buckets]]; the next step shows the "
         "buckets and the clamp). s is the table's half-size, not Shaw's clipping distance k."},
        {"L", "d_k", "seed", "i", "j"},
        views_of(read_inputs, deberta_views),
        {R"tex(\tilde A_{ij} = (Q^c_i \cdot K^c_j + Q^c_i \cdot K^r_{\delta(i,j)} + K^c_j \cdot Q^r_{\delta(i,j)}) / \sqrt{3d_k})tex"},
    };
    s.takeaway = {"c2p 用查询内容点乘偏移向量 K^r，p2c 用键内容点乘 Q^r，都随内容变：同一偏移 Δ = {delta} 的对角线上，c2p 最大相差 {spread}。",
                  "c2p dots the query's content with offset vector K^r, p2c the key's with Q^r: at offset Δ = {delta}, c2p "
                  "varies by {spread}."};
    s.takeaway_args = args_of(read_inputs, +[](const Inputs& in, Lang) {
        const int span = deberta_attention_span(in.bucket_size, in.max_position);
        const Eigen::MatrixXi rel = deberta_relative_position(in.L, in.L, in.bucket_size, in.max_position);
        const DebertaDemo demo = deberta_demo_inputs(in.L, in.d, span, static_cast<std::uint64_t>(in.seed));
        const DebertaTerms t = deberta_disentangled_terms(demo.Qc, demo.Kc, demo.Qr, demo.Kr, rel, span);
        const WidestDiagonal widest = widest_diagonal(t.c2p);
        return std::vector<Arg>{{"delta", integer(widest.delta)}, {"spread", num(widest.spread, 4)}};
    });
    return s;
}

}  // namespace shaw_lesson
}  // namespace pelab
