// PE Lab — lessons/absolute_pe/three_places.cpp
// Step "three-places" of absolute-pe: position can enter added to the embeddings, as a rotation of Q and K,
// or as a bias on the logits; the same random tokens under all three. Its views, then the step.
// Comments are English only: the font subset is built from the characters inside this file's strings.
//
// [SECTION] three places where position can enter
#include <cmath>
#include <string>
#include <vector>

#include "core/relative/attention_grid.h"
#include "core/relative/f_delta.h"
#include "core/rope/rope.h"
#include "core/relative/t5.h"
#include "lessons/absolute_pe/absolute_pe.h"
#include "lessons/lesson_util.h"

namespace pelab {
namespace absolute_pe {

using namespace lessonui;

// [SECTION] three places where position can enter
namespace {

// The largest change of the added code's scores when every position moves one step on (the takeaway's number; the
// first figure's note computes the same).
double added_shift_change(const Inputs& in) {
    const int n = in.tokens, d = 4;
    const PermutationDemo demo = permutation_equivariance_demo(n, d, static_cast<std::uint64_t>(in.seed));
    const double scale = 1.0 / std::sqrt(static_cast<double>(d));
    auto added = [&](int offset) {
        Eigen::MatrixXd PE(n, d);
        for (int i = 0; i < n; ++i) PE.row(i) = sinusoidal_pe_row(i + offset, d, 10000, PeVariant::vaswani).transpose();
        const Eigen::MatrixXd Xp = demo.X + PE;
        return Eigen::MatrixXd((Xp * demo.Wq) * (Xp * demo.Wk).transpose() * scale);
    };
    return max_abs(added(1) - added(0));
}

std::vector<ViewData> three_places_views(const Inputs& in, Lang lang) {
    const int n = in.tokens, d = 4;
    const PermutationDemo demo = permutation_equivariance_demo(n, d, static_cast<std::uint64_t>(in.seed));
    const double scale = 1.0 / std::sqrt(static_cast<double>(d));
    const Eigen::MatrixXd Q = demo.X * demo.Wq, K = demo.X * demo.Wk;

    // (a) added to the embeddings, at positions 0..n−1 and shifted by one.
    auto added = [&](int offset) {
        Eigen::MatrixXd PE(n, d);
        for (int i = 0; i < n; ++i) PE.row(i) = sinusoidal_pe_row(i + offset, d, 10000, PeVariant::vaswani).transpose();
        const Eigen::MatrixXd Xp = demo.X + PE;
        return Eigen::MatrixXd((Xp * demo.Wq) * (Xp * demo.Wk).transpose() * scale);
    };
    // (b) a rotation of q and k (RoPE with the same frequencies).
    const Eigen::VectorXd theta = sinusoidal_frequencies(d, 10000, PeVariant::vaswani);
    auto rotated = [&](int offset) {
        Eigen::MatrixXd S(n, n);
        for (int m = 0; m < n; ++m)
            for (int k = 0; k < n; ++k)
                S(m, k) = rope_apply(Q.row(m).transpose(), m + offset, theta, RopeLayout::interleaved)
                              .dot(rope_apply(K.row(k).transpose(), k + offset, theta, RopeLayout::interleaved)) *
                          scale;
        return S;
    };
    // (c) a bias on the logits (T5-style buckets, a head that favours distance 1).
    const Eigen::MatrixXi buckets = t5_bucket_matrix(n, 32, 128, true);
    const Eigen::MatrixXd table = t5_demo_bias_table(32, 128, true, 1, static_cast<std::uint64_t>(in.seed));
    Eigen::MatrixXd bias(n, n);
    for (int i = 0; i < n; ++i)
        for (int j = 0; j < n; ++j) bias(i, j) = table(buckets(i, j), 0);
    // The third map draws the bias b(Δ) alone (what depends on position; the content part Q Kᵀ does not), so
    // its diagonals are visibly constant; its note shifts the whole score, content + b, as the other two do.
    auto with_bias = [&](int offset) {
        Eigen::MatrixXd S = Q * K.transpose() * scale;
        for (int i = 0; i < n; ++i)
            for (int j = 0; j < n; ++j)
                S(i, j) += table(t5_relative_position_bucket((j + offset) - (i + offset), true, 32, 128), 0);
        return S;
    };
    const Eigen::MatrixXd Sa = added(0), Sb = rotated(0), content = Q * K.transpose() * scale;
    const double shift_a = max_abs(added(1) - Sa), shift_b = max_abs(rotated(1) - Sb), shift_c = max_abs(with_bias(1) - with_bias(0));

    HeatmapView a = qk_view(Sa, lang);
    a.explain = [Sa, n, lang](int r, int c) -> std::string {
        if (r < 0 || c < 0 || r >= n || c >= n) return "";
        return say(lang, {"((e_q + PE(q))W_q)·((e_k + PE(k))W_k)/√d = {value}（q = {q}，k = {k}）",
                          "((e_q + PE(q))W_q)·((e_k + PE(k))W_k)/√d = {value} (q = {q}, k = {k})"},
                   {{"value", num(Sa(r, c))}, {"q", pos_text(r)}, {"k", pos_text(c)}});
    };
    HeatmapView b = qk_view(Sb, lang);
    b.explain = [Sb, n, lang](int r, int c) -> std::string {
        if (r < 0 || c < 0 || r >= n || c >= n) return "";
        return say(lang, {"(e_qW_qR_q)·(e_kW_kR_k)/√d = {value}（q = {q}，k = {k}）", "(e_qW_qR_q)·(e_kW_kR_k)/√d = {value} (q = {q}, k = {k})"},
                   {{"value", num(Sb(r, c))}, {"q", pos_text(r)}, {"k", pos_text(c)}});
    };
    HeatmapView c = qk_view(bias, lang);
    c.explain = [content, bias, n, lang](int r, int col) -> std::string {
        if (r < 0 || col < 0 || r >= n || col >= n) return "";
        return say(lang, {"b(Δ) = {bias}（Δ = q − k = {dist}），加到内容分 {content} 上", "b(Δ) = {bias} (Δ = q − k = {dist}), added to the content score {content}"},
                   {{"content", num(content(r, col))}, {"bias", num(bias(r, col))}, {"dist", integer(r - col)}});
    };
    const double bias_spread = diagonal_spread(bias).maxCoeff();
    return {make_view(say(lang, {"① 加到嵌入上：e_q + PE(q) 再投影", "① Added to the embeddings: e_q + PE(q), then projected"}), std::move(a),
                      {say(lang, {"整体后移一位，分数最大变化 = {diff}：依赖绝对位置。",
                                  "Shift all positions by one: scores change by up to {diff}, so absolute."},
                           {{"diff", exact(shift_a)}})}),
            make_view(say(lang, {"② 按位置旋转 q、k", "② q, k rotated by position"}), std::move(b),
                      {difference_note(lang, shift_b,
                                       {"整体后移一位，分数最大变化 = {diff}：只看位置差。",
                                        "Shift by one: scores change by up to {diff}; relative only."},
                                       {"整体后移一位，分数最大变化 = {diff}（舍入误差）：只看位置差。",
                                        "Shift by one: scores change by up to {diff} (rounding); relative only."})}),
            make_view(say(lang, {"③ logit 上的偏置 b(Δ)", "③ Bias b(Δ) on the logits"}), std::move(c),
                      {say(lang, {"图中只画 b(Δ)：每条对角线上同一个值（极差 = {spread}），只依赖 Δ。",
                                  "Drawn alone, b(Δ) is one value per diagonal (spread {spread}): Δ only."},
                           {{"spread", exact(bias_spread)}}),
                       say(lang, {"整体后移一位，内容分 + b(Δ) 最大变化 = {diff}。（T5 的代码写作 j − i，即 −Δ。）",
                                  "Shift by one: content + b(Δ) changes by up to {diff}. (T5's code writes j − i, that is −Δ.)"},
                           {{"diff", exact(shift_c)}})})};
}

}  // namespace

Step three_places() {
    Step s = {
        "three-places",
        {"位置可以进入的三个地方", "Three places where position can enter"},
        {"位置可以加在输入上，可以转动[[query|查询]]和[[key|键]]向量（[[rope|RoPE]]），也可以作为偏置 b(Δ) 加在 [[logit]] 上"
         "（[[lesson:t5-bias|T5]]、[[alibi|ALiBi]]、[[lesson:shaw|Shaw 等人]]），Δ = q − k 是查询位置减键位置。"
         "第一，在进入模型之前把位置 q 的[[positional-encoding|位置编码]] PE(q) 加到词嵌入 e_q 上（正弦或可学习编码，本课）。"
         "第二，在计算注意力之前按位置变换查询和键向量，例如用 R_q 旋转位置 q 的向量（见 [[lesson:rope|RoPE 一课]]）。"
         "第三，在 logit 上加一个只依赖相对距离的偏置 b(Δ)（见 [[lesson:t5-bias|T5 相对偏置一课]]；Shaw 的做法见 [[lesson:shaw|Shaw 一课]]）。"
         "其中的点积都再除以 √d。三张热力图用同一组随机 token 计算，注释检验把所有位置整体后移一位后分数是否改变。",
         "Position can be added to the input, turn the [[query]] and [[key]] vectors ([[rope|RoPE]]), or enter the "
         "[[logit|logits]] as a bias b(Δ) ([[lesson:t5-bias|T5]], [[alibi|ALiBi]], [[lesson:shaw|Shaw et al.]]), with "
         "Δ = q − k the query position minus the key position. "
         "First, add the [[positional-encoding|position encoding]] PE(q) of position q to the word embedding e_q before the model "
         "(sinusoidal or learnable codes, this lesson). Second, transform the query and key vectors by position before "
         "attention, for instance by a rotation R_q at position q (see the [[lesson:rope|RoPE lesson]]). Third, add a "
         "bias b(Δ) that depends only on the relative distance to the logits (see the [[lesson:t5-bias|T5 bias "
         "lesson]], and the [[lesson:shaw|Shaw lesson]] for Shaw's variant). The dot products are divided by √d. "
         "The three heatmaps use the same random tokens, and the notes test whether moving every position one step "
         "later changes the scores."},
        {"tokens", "seed"},
        views_of(read_inputs, three_places_views),
        // The three scores as dot products of rows, short enough for one row above the figures (the text says that
        // they are divided by the square root of d).
        {{R"tex(\text{相加：}\ (e_q+PE(q))W_q\cdot(e_k+PE(k))W_k)tex",
          R"tex(\text{added: }\ (e_q+PE(q))W_q\cdot(e_k+PE(k))W_k)tex"},
         {R"tex(\text{旋转：}\ e_qW_qR_q\cdot e_kW_kR_k,\quad \text{偏置：}\ e_qW_q\cdot e_kW_k+b(\Delta))tex",
          R"tex(\text{rotated: }\ e_qW_qR_q\cdot e_kW_kR_k,\quad \text{bias: }\ e_qW_q\cdot e_kW_k+b(\Delta))tex"}},
    };
    s.takeaway = {"所有位置后移一步：相加的分数最多变 {shift}，因为 PE(q) 带着 q 本身；旋转和偏置的不变，因为它们只看 Δ = q − k。",
                  "Shift all positions by one: added scores change by up to {shift} since PE(q) holds q; the others see only Δ = q − k."};
    s.takeaway_args = args_of(read_inputs, +[](const Inputs& in, Lang) {
        return std::vector<Arg>{{"shift", exact(added_shift_change(in))}};
    });
    return s;
}

}  // namespace absolute_pe
}  // namespace pelab
