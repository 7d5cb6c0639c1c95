// PE Lab — lessons/shaw/lesson.cpp
// Lesson "shaw" (Shaw, Uszkoreit & Vaswani 2018): the score with a relative term
// e_ij = (q_i·k_j + q_i·a_ij)/√d, the relative index matrix and its sign, tensor2tensor's clipped index
// clip(j − i, −k, k) + k against a common tutorial index (i − j) + max_len − 1 (mirror order), the lookup
// into L × L × d and the einsum 'bhld,lmd->bhlm', content plus position scores through softmax, why the
// position vector is dotted with q rather than added as a scalar, and the value-side term a^V (eq. 3);
// then two later relative methods, Transformer-XL's four terms (its distance terms, then its content terms)
// and DeBERTa's disentangled attention (its terms, then its log buckets and clamp); then a recap.
// Every text on screen writes the offset as Δ = i − j (query minus key); the paper and tensor2tensor's j − i = −Δ
// appears only in notes that say so.
// Every number shown comes from core (shaw.h, attention_grid.h, f_delta.h, relative_methods.h).
// This file holds the parameter table, the demo's scores computed once for the steps that show them, the
// helpers several steps share and the lesson (its steps in order, its references). Each step lives in the
// file named after its id (relative_term.cpp, relative_matrix_sign.cpp, …), with its views and questions.
// Comments are English only: the font subset is built from the characters inside this file's strings.
//
// [SECTION] parameters and inputs
// [SECTION] the demo's scores
// [SECTION] shared view builders
// [SECTION] the lesson
#include <algorithm>
#include <cmath>
#include <functional>
#include <string>
#include <vector>

#include "core/relative/attention_grid.h"
#include "core/relative/relative_methods.h"
#include "core/relative/shaw.h"
#include "lessons/lesson.h"
#include "lessons/lesson_util.h"
#include "lessons/shaw/shaw_lesson.h"

namespace pelab {
namespace shaw_lesson {

using namespace lessonui;  // shared display helpers (lessons/lesson_util.h)

// [SECTION] parameters and inputs
// `k` (max_relative_position) is spelled `clip` as on the Shaw position map (the shared `k` is a key
// vector); the head dimension d_k may be odd, so it is not the shared (even) `d`. Old links keep working.
const ParamTable<Inputs>& params() {
    static const ParamTable<Inputs> table{
        {Key::shared("L").range(2, 16).def("4").about({"序列长度（查询 i、键 j 取 0..L−1）", "sequence length (query i, key j in 0..L-1)"}),
         &Inputs::L},
        {Key::integer("clip", 0, 15, "2",
                      {"截断距离 k：|Δ| 超过 k 的偏移共用一个向量（论文的 max_relative_position）",
                       "clipping distance k: offsets with |Δ| beyond k share a vector (the paper's max_relative_position)"})
                 .sym("k")
                 .alias("k"),
         &Inputs::k},
        {Key::integer("d_k", 1, 8, "4", {"每个头的维度 d_k", "head dimension d_k"}).sym("d_k").alias("d"), &Inputs::d},
        {Key::shared("seed").def("1").about({"生成 Q、K、V 与相对位置表所用的随机种子", "random seed of Q, K, V and the relative tables"}), &Inputs::seed},
        {Key::integer("i", 0, 15, "1", {"所查看的配对中的查询", "query of the inspected pair"}).sym("i"), &Inputs::i},
        {Key::integer("j", 0, 15, "3", {"所查看的配对中的键", "key of the inspected pair"}).sym("j"), &Inputs::j},
        {Key::flag("tutorial", "0", {"勾选后同时显示常见的简化写法（教程中的索引）", "also show the common simplified version found in tutorials"})
                 .alias("seed_version"),
         &Inputs::tutorial},
        {Key::integer("d_model", 2, 64, "8", {"Transformer-XL 中相对距离正弦向量 R 的维度（偶数）",
                                              "width of Transformer-XL's sinusoid R of the relative distance (even)"})
                 .multiple_of(2),
         &Inputs::d_model},
        {Key::from(deberta_spec_bucket_size(), {"DeBERTa 的对数桶数（Hugging Face 的 position_buckets，v3 为 256；0 表示不分桶）",
                                                "DeBERTa's log buckets (Hugging Face's position_buckets, 256 in v3; 0 for none)"})
                 .range(0, 512)
                 .multiple_of(2),
         &Inputs::bucket_size},
        {Key::from(deberta_spec_max_position(), {"DeBERTa 的 max_position：偏移 max_position − 1 落进最后一个对数桶（v3 为 512）",
                                                 "DeBERTa's max_position: the offset max_position − 1 falls in the last log bucket (512 in v3)"})
                 .range(258, 4096),
         &Inputs::max_position},
    };
    return table;
}

// The table's values; the inspected pair stays inside the sequence.
Inputs read_inputs(const ParamSet& p) {
    Inputs in = params().read(p);
    in.i = std::min(in.i, in.L - 1);
    in.j = std::min(in.j, in.L - 1);
    return in;
}

// [SECTION] the demo's scores
Computed compute(const Inputs& in) {
    Computed c;
    c.demo = shaw_demo_inputs(in.L, in.k, in.d, static_cast<std::uint64_t>(in.seed));
    c.index = shaw_relative_index(in.L, in.k);
    c.a = shaw_lookup(c.demo.table, c.index);
    const double scale = 1.0 / std::sqrt(static_cast<double>(in.d));
    c.content = c.demo.Q * c.demo.K.transpose() * scale;
    c.position = shaw_position_scores(c.demo.Q, c.a) * scale;
    c.logits = shaw_logits(c.demo.Q, c.demo.K, c.a);
    c.weights = softmax_rows(c.logits);
    return c;
}

// The views of a step that shows the demo's scores: the inputs are read and computed once here, and the
// builder is handed both.
std::function<std::vector<ViewData>(const ParamSet&, Lang)> computed_views(
    std::vector<ViewData> (*build)(const Inputs&, const Computed&, Lang)) {
    return [build](const ParamSet& p, Lang lang) {
        const Inputs in = read_inputs(p);
        return build(in, compute(in), lang);
    };
}

// [SECTION] shared view builders
std::string n4(double x) { return num(x, 4); }
std::string pos(int n) { return std::to_string(n); }

// q₁·a₁,₄ and the like.
std::string q_dot_a(int r, int c) { return "q" + sub(r) + "·a" + sub(r) + "," + sub(c); }

// A query × key matrix: rows are queries i, columns keys j (hover shows Δ = i − j).
HeatmapView ij_matrix(const Eigen::MatrixXd& M, Lang lang) {
    HeatmapView h = index_matrix(M, say(lang, {"查询 i", "query i"}), say(lang, {"键 j", "key j"}));
    h.qk_axes = true;
    return h;
}

HeatmapView index_view(const Eigen::MatrixXi& I, Lang lang) {
    HeatmapView h = ij_matrix(I.cast<double>(), lang);
    h.integer = true;
    h.decimals = 0;
    return h;
}

// A signed query × key matrix: rows queries i, columns keys j (hover shows Δ = i − j); `what` names the term in
// the hover text, e.g. "b".
HeatmapView term_matrix(const Eigen::MatrixXd& M, const std::string& what, Lang lang) {
    HeatmapView h = index_matrix(M, say(lang, {"查询 i", "query i"}), say(lang, {"键 j", "key j"}));
    h.qk_axes = true;
    h.is_signed = true;
    const int L = static_cast<int>(M.rows());
    h.explain = [M, what, L, lang](int r, int c) -> std::string {
        if (r < 0 || c < 0 || r >= L || c >= L) return "";
        return say(lang, {"{what}：i = {i}，j = {j}，Δ = {dist}，值 = {value}", "{what}: i = {i}, j = {j}, Δ = {dist}, value = {value}"},
                   {{"what", what}, {"i", integer(r)}, {"j", integer(c)}, {"dist", integer(r - c)}, {"value", num(M(r, c), 4)}});
    };
    return h;
}

double largest(const Eigen::VectorXd& v) { return v.size() == 0 ? 0.0 : v.maxCoeff(); }

// [SECTION] the lesson
namespace {

Lesson make_lesson() {
    Lesson lesson;
    lesson.id = "shaw";
    lesson.title = {"Shaw 相对位置表示", "Shaw's relative position representations"};
    use_params(lesson, params());
    lesson.result_shape = [](const ParamSet& p) {  // the L×L×d lookups; DeBERTa's 2k × d tables and bucket curve
        const Inputs in = params().read(p);
        const long long span = deberta_attention_span(in.bucket_size, in.max_position);
        return std::vector<long long>{std::max<long long>({in.L * in.L, 2 * span, 4LL * in.max_position + 1}),
                                      std::max(in.d, in.d_model) + 1LL};
    };
    lesson.steps = {score_with_relative_term(), relative_matrix_and_sign(), clipped_index(), lookup_and_position_scores(),
                    content_plus_position(), why_dot_with_q(), value_side(), transformer_xl_terms(),
                    txl_content_terms(), deberta_disentangled(), deberta_buckets(), recap()};
    // The nine steps before the split: old step 8 is now transformer-xl and txl-content-terms; old 9
    // deberta and deberta-buckets.
    lesson.old_numbering = {"relative-term",         "relative-matrix-sign", "clipped-index",
                            "lookup-position-scores", "content-plus-position", "why-dot-with-q",
                            "value-side",            "transformer-xl",       "deberta"};
    lesson.references = {"shaw2018", "dai2019", "he2021-deberta"};
    return lesson;
}

}  // namespace
}  // namespace shaw_lesson

const Lesson* lesson_shaw() {
    static const Lesson lesson = shaw_lesson::make_lesson();
    return &lesson;
}

}  // namespace pelab
