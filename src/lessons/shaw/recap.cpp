// PE Lab — lessons/shaw/recap.cpp
// Step "recap" of shaw: the lesson's five claims, each linked to the step that shows it, and one table that puts the
// methods side by side at the lesson's inputs: how much each position term varies along one offset (0: Toeplitz,
// the same for every query) and how many rows its position table has (Shaw's 2k + 1 at any length, DeBERTa's 2s,
// none for Transformer-XL's sinusoid).
// Comments are English only: the font subset is built from the characters inside this file's strings.
//
// [SECTION] the methods side by side
// [SECTION] the step
#include <cmath>
#include <limits>
#include <string>
#include <vector>

#include "core/relative/f_delta.h"
#include "core/relative/relative_methods.h"
#include "core/relative/shaw.h"
#include "lessons/shaw/shaw_lesson.h"
#include "lessons/lesson_util.h"

namespace pelab {
namespace shaw_lesson {

using namespace lessonui;  // shared display helpers (lessons/lesson_util.h)

// [SECTION] the methods side by side
namespace {

// Largest spread along a diagonal of the position terms: Shaw's q_i·a_ij / √d_k, one scalar per offset read from the
// same table, Transformer-XL's (b) and (d), DeBERTa's c2p; and the rows of Shaw's and DeBERTa's tables.
struct MethodNumbers {
    double shaw = 0, scalar = 0, txl_b = 0, txl_d = 0, deberta = 0;
    int shaw_rows = 0, deberta_rows = 0;
};

MethodNumbers method_numbers(const Inputs& in, const Computed& c) {
    MethodNumbers m;
    m.shaw = diagonal_spread(c.position).maxCoeff();
    Eigen::MatrixXd S(in.L, in.L);
    for (int i = 0; i < in.L; ++i)
        for (int j = 0; j < in.L; ++j) S(i, j) = c.demo.table(c.index(i, j), 0);
    m.scalar = diagonal_spread(S).maxCoeff();
    const TxlDemo txl = txl_demo_inputs(in.L, in.d, in.d_model, static_cast<std::uint64_t>(in.seed));
    const TxlTerms t = txl_attention_terms(txl.Q, txl.K, txl.u, txl.v, txl.W_R);
    m.txl_b = largest(diagonal_spread(t.b));
    m.txl_d = largest(diagonal_spread(t.d));
    const int span = deberta_attention_span(in.bucket_size, in.max_position);
    const Eigen::MatrixXi rel = deberta_relative_position(in.L, in.L, in.bucket_size, in.max_position);
    const DebertaDemo demo = deberta_demo_inputs(in.L, in.d, span, static_cast<std::uint64_t>(in.seed));
    m.deberta = diagonal_spread(deberta_disentangled_terms(demo.Qc, demo.Kc, demo.Qr, demo.Kr, rel, span).c2p).maxCoeff();
    m.shaw_rows = 2 * in.k + 1;
    m.deberta_rows = 2 * span;
    return m;
}

std::vector<ViewData> recap_views(const Inputs& in, const Computed& c, Lang lang) {
    const MethodNumbers m = method_numbers(in, c);
    const double nan = std::numeric_limits<double>::quiet_NaN();
    TableView t;
    t.values.resize(5, 2);
    t.values << m.shaw, m.shaw_rows,  //
        m.scalar, m.shaw_rows,        //
        m.txl_b, nan,                 //
        m.txl_d, nan,                 //
        m.deberta, m.deberta_rows;
    t.row_labels = {say(lang, {"Shaw：q_i·a_ij / √d_k", "Shaw: q_i·a_ij / √d_k"}),
                    say(lang, {"每个偏移一个标量（如 T5）", "one scalar per offset (as in T5)"}),
                    say(lang, {"Transformer-XL (b)：q_i·W_R R_Δ", "Transformer-XL (b): q_i·W_R R_Δ"}),
                    say(lang, {"Transformer-XL (d)：v·W_R R_Δ", "Transformer-XL (d): v·W_R R_Δ"}),
                    say(lang, {"DeBERTa c2p", "DeBERTa c2p"})};
    t.col_labels = {say(lang, {"同一偏移上的最大极差", "spread along one offset"}), say(lang, {"位置表的行数", "rows of its table"})};
    t.corner = say(lang, {"位置项", "position term"});
    t.col_decimals = {3, 0};
    const double spreads[5] = {m.shaw, m.scalar, m.txl_b, m.txl_d, m.deberta};
    for (int r = 0; r < 5; ++r) {
        const bool toeplitz = std::fabs(spreads[r]) < 1e-12;
        t.marks.push_back({r, 0, toeplitz, say(lang, toeplitz ? Text{"Toeplitz", "Toeplitz"} : Text{"随内容变化", "depends on content"})});
    }
    t.marks.push_back({0, 1, true, say(lang, {"与长度无关", "any length"})});
    const std::vector<std::string> notes = {
        say(lang, {"Transformer-XL 没有表：它对每个 Δ 直接算正弦向量 R_Δ（空格）。", "Transformer-XL has no table: it computes the sinusoid R_Δ for every Δ (empty cells)."}),
        say(lang, {"L = {L}，k = {k}，d_k = {d}；极差为 0 的项对每个查询都一样。",
                   "L = {L}, k = {k}, d_k = {d}; a spread of 0 means the term is the same for every query."},
            {{"L", integer(in.L)}, {"k", integer(in.k)}, {"d", integer(in.d)}})};
    return {make_view(say(lang, {"各方法的位置项并排", "The position terms side by side"}), std::move(t), notes)};
}

}  // namespace

// [SECTION] the step
Step recap() {
    Step s = {
        "recap",
        {"小结：偏移怎样进入分数", "Recap: how the offset enters the score"},
        {"[[lesson:shaw/relative-term|Shaw 等人给分数加上 q_i·a_ij]]，向量 a_ij 由偏移 Δ = i − j 选出。"
         "[[lesson:shaw/clipped-index|截断]]让表在任意长度下都只有 2k + 1 行。"
         "[[lesson:shaw/why-dot-with-q|与 q 做点积]]让位置项随内容变化，而每个偏移一个标量是 Toeplitz 矩阵。"
         "[[lesson:shaw/transformer-xl|Transformer-XL]] 用全局向量（Toeplitz）和查询（随内容变化）读正弦向量 R_Δ。"
         "[[lesson:shaw/deberta-buckets|DeBERTa]] 让内容从两个方向读偏移的向量，用对数桶和截断把表限制在 2s 行。",
         "[[lesson:shaw/relative-term|Shaw et al. add q_i·a_ij]] to each score, a vector chosen by the offset Δ = i − j. "
         "[[lesson:shaw/clipped-index|Clipping]] keeps the table at 2k + 1 rows at any length. "
         "[[lesson:shaw/why-dot-with-q|The dot product with q]] makes the position term depend on content, where one "
         "scalar per offset is Toeplitz. [[lesson:shaw/transformer-xl|Transformer-XL]] reads a sinusoid R_Δ with a "
         "global vector (Toeplitz) and with the query (content-dependent). [[lesson:shaw/deberta-buckets|DeBERTa]] lets "
         "content read offset vectors both ways, with log buckets and a clamp keeping its table at 2s rows."},
        {"L", "clip", "d_k", "seed"},
        computed_views(recap_views),
        {R"tex(e_{ij} = (q_i \cdot k_j + q_i \cdot a_{ij}) / \sqrt{d_k}, \qquad a_{ij} = a(\Delta),\ \ \Delta = i - j)tex"},
    };
    s.takeaway = {"与内容做点积的位置项在同一偏移上会变（Shaw：{shaw}），每个偏移一个标量则不变（{scalar}）；截断让表始终是 {rows} 行。",
                  "A position term dotted with content varies along one offset (Shaw: {shaw}), one scalar per offset does "
                  "not ({scalar}); clipping keeps Shaw's table at 2k + 1 = {rows} rows at any length."};
    s.takeaway_args = args_of(read_inputs, +[](const Inputs& in, Lang) {
        const MethodNumbers m = method_numbers(in, compute(in));
        return std::vector<Arg>{{"shaw", num(m.shaw, 3)}, {"scalar", exact(m.scalar)}, {"rows", integer(m.shaw_rows)}};
    });
    return s;
}

}  // namespace shaw_lesson
}  // namespace pelab
