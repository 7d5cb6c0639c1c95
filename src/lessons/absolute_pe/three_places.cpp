// PE Lab — lessons/absolute_pe/three_places.cpp
// Step "three-places" of absolute-pe: position can enter added to the embeddings, as a rotation of Q and K,
// or as a bias on the logits; the same random tokens under all three. Its views, then the step.
// Comments are English only: the font subset is built from the characters inside this file's strings.
//
// [SECTION] three places where position can enter
#include <cmath>
#include <string>
#include <vector>

#include "core/attention_grid.h"
#include "core/f_delta.h"
#include "core/rope.h"
#include "core/t5.h"
#include "lessons/absolute_pe/absolute_pe.h"
#include "lessons/lesson_util.h"

namespace pelab {
namespace absolute_pe {

using namespace lessonui;

// [SECTION] three places where position can enter
namespace {

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
    const Eigen::MatrixXd Sa = added(0), Sb = rotated(0), Sc = Q * K.transpose() * scale + bias;
    const double shift_a = max_abs(added(1) - Sa), shift_b = max_abs(rotated(1) - Sb);

    HeatmapView a = qk_view(Sa, lang);
    a.explain = [Sa, n, lang](int r, int c) -> std::string {
        if (r < 0 || c < 0 || r >= n || c >= n) return "";
        return say(lang, {"((x_q + PE_q)W_q)·((x_k + PE_k)W_k)/√d = {value}（q = {q}, k = {k}）",
                          "((x_q + PE_q)W_q)·((x_k + PE_k)W_k)/√d = {value} (q = {q}, k = {k})"},
                   {{"value", num(Sa(r, c))}, {"q", pos_text(r)}, {"k", pos_text(c)}});
    };
    HeatmapView b = qk_view(Sb, lang);
    b.explain = [Sb, n, lang](int r, int c) -> std::string {
        if (r < 0 || c < 0 || r >= n || c >= n) return "";
        return say(lang, {"⟨Rot_q q, Rot_k k⟩/√d = {value}（q = {q}, k = {k}）", "⟨Rot_q q, Rot_k k⟩/√d = {value} (q = {q}, k = {k})"},
                   {{"value", num(Sb(r, c))}, {"q", pos_text(r)}, {"k", pos_text(c)}});
    };
    HeatmapView c = qk_view(Sc, lang);
    c.explain = [Sc, bias, n, lang](int r, int col) -> std::string {
        if (r < 0 || col < 0 || r >= n || col >= n) return "";
        return say(lang, {"q·k/√d + b = {content} + {bias} = {value}（j − i = {dist}）", "q·k/√d + b = {content} + {bias} = {value} (j − i = {dist})"},
                   {{"content", num(Sc(r, col) - bias(r, col))}, {"bias", num(bias(r, col))}, {"value", num(Sc(r, col))}, {"dist", integer(col - r)}});
    };
    const double bias_spread = diagonal_spread(bias).maxCoeff();
    return {make_view(say(lang, {"① 加到嵌入上：e_i + p_i 再投影", "① Added to the embeddings: e_i + p_i, then projected"}), std::move(a),
                      {say(lang, {"整体后移一位，分数最大变化 = {diff}：依赖绝对位置。",
                                  "Shift all positions by one: scores change by up to {diff}, so absolute."},
                           {{"diff", exact(shift_a)}})}),
            make_view(say(lang, {"② 按位置旋转 q 和 k", "② q and k rotated by position"}), std::move(b),
                      {difference_note(lang, shift_b,
                                       {"整体后移一位，分数最大变化 = {diff}：只看位置差。",
                                        "Shift by one: scores change by up to {diff}; relative only."},
                                       {"整体后移一位，分数最大变化 = {diff}（舍入误差）：只看位置差。",
                                        "Shift by one: scores change by up to {diff} (rounding); relative only."})}),
            make_view(say(lang, {"③ logits 加偏置 b(j − i)", "③ A bias b(j − i) on the logits"}), std::move(c),
                      {say(lang, {"偏置沿对角线的最大极差 = {spread}：只依赖 j − i。",
                                  "Bias spread along a diagonal = {spread}: depends on j − i only."},
                           {{"spread", exact(bias_spread)}})})};
}

}  // namespace

Step three_places() {
    return {
        "three-places",
        {"位置可以进入的三个地方", "Three places where position can enter"},
        {"位置从三处进入：输入（x_i = e_i + p_i）、q 与 k（按 R_i 旋转），或 logits（偏置 b(j − i)）。"
         "第一，在进入模型之前把位置向量 p_i 加到词嵌入 e_i 上（正弦或可学习编码，本课）。"
         "第二，在计算注意力之前按位置变换 q 和 k，例如用 R_i 旋转第 i 个位置（RoPE，见 [[lesson:rope|RoPE 一课]]）。"
         "第三，在 logits 上加一个只依赖相对距离的偏置 b(j − i)（T5、ALiBi，见 [[lesson:t5-bias|T5 相对偏置一课]]；Shaw 的做法见 [[lesson:shaw|Shaw 一课]]）。"
         "三张热力图用同一组随机 token 计算，注释检验把所有位置整体后移一位后分数是否改变：第一种依赖绝对位置（本课讲的就是它），"
         "第二种只看位置差，第三种的偏置只依赖 j − i。",
         "Position enters in three places: the input (x_i = e_i + p_i), q and k (turned by R_i), or the logits (bias b(j − i)). "
         "First, add a position vector p_i to the word embedding e_i before the model (sinusoidal or learnable codes, "
         "this lesson). Second, transform q and k by position before attention, for instance by a rotation R_i at "
         "position i (RoPE, see the [[lesson:rope|RoPE lesson]]). Third, add a bias b(j − i) that depends only on the "
         "relative distance to the logits (T5, ALiBi; see the [[lesson:t5-bias|T5 bias lesson]], and the "
         "[[lesson:shaw|Shaw lesson]] for Shaw's variant). The three heatmaps use the same random tokens, and the notes "
         "test whether moving every position one step later changes the scores: the first depends on absolute "
         "positions (this lesson covers it), the second only on their difference, and the third's bias only on j − i."},
        {"tokens", "seed"},
        views_of(read_inputs, three_places_views),
        {R"tex(x_i=e_i+p_i,\qquad s_{ij}=(R_i q_i)^\top(R_j k_j),\qquad s_{ij}=q_i^\top k_j+b(j-i))tex"},
    };
}

}  // namespace absolute_pe
}  // namespace pelab
