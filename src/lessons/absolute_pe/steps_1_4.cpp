// PE Lab — lessons/absolute_pe/steps_1_4.cpp
// Steps 1–4 of "absolute-pe", each step's prose beside its views: why positions are needed (shuffling the
// tokens shuffles the outputs), the three places position can enter, the sinusoidal formula worked out, and
// the PE heatmap with its wavelengths.
// Comments are English only: the font subset is built from the characters inside this file's strings.
//
// [SECTION] step 1: why positions at all
// [SECTION] step 2: three places where position can enter
// [SECTION] step 3: the sinusoidal formula, worked out
// [SECTION] step 4: heatmap and wavelengths
#include <cmath>
#include <limits>
#include <string>

#include "core/constants.h"
#include "core/attention_grid.h"
#include "core/f_delta.h"
#include "core/odometer.h"
#include "core/rope.h"
#include "core/t5.h"
#include "lessons/absolute_pe/absolute_pe.h"
#include "lessons/lesson_util.h"

namespace pelab {
namespace absolute_pe {

using namespace lessonui;

namespace {
}  // namespace

// [SECTION] step 1: why positions at all
namespace {

std::vector<ViewData> shuffle_views(const Inputs& in, Lang lang) {
    const int n = in.tokens;
    constexpr int d = 4;  // a constant: the hover text below uses it without capturing it
    const PermutationDemo demo = permutation_equivariance_demo(n, d, static_cast<std::uint64_t>(in.seed));
    std::vector<std::string> perm_items;
    for (int i = 0; i < n; ++i) perm_items.push_back(std::to_string(demo.perm[static_cast<std::size_t>(i)]));

    // One picture of both outputs: Attn(X) on the left (row t = token t), Attn(P·X) on the right (row s = slot s,
    // which holds token perm[s]), two blank columns between them, and across them an arrow from each token's row
    // on the left to the row it lands in on the right: the same coloured rows come back in the new order
    // (equivariance, seen). The arrows stay inside the gap, off the numbers.
    HeatmapView outputs;
    outputs.values = RowMatrix::Constant(n, 2 * d + 2, std::nan(""));
    outputs.values.leftCols(d) = to_rows(demo.out);
    outputs.values.rightCols(d) = to_rows(demo.out_shuffled);
    for (int side = 0; side < 2; ++side) {
        for (int j = 0; j < d; ++j) outputs.col_labels.push_back("out" + sub(j));
        if (side == 0) outputs.col_labels.insert(outputs.col_labels.end(), {"", ""});
    }
    for (int i = 0; i < n; ++i) outputs.row_labels.push_back(pos_text(i));
    outputs.row_axis = say(lang, {"行", "row"});
    outputs.col_axis = say(lang, {"左：Attn(X)，第 t 行是 token t    右：Attn(P·X)，第 s 行是位置 s",
                                  "left: Attn(X), row t is token t    right: Attn(P·X), row s is slot s"});
    outputs.is_signed = true;
    outputs.decimals = 2;
    for (int s = 0; s < n; ++s) outputs.arrows.push_back({demo.perm[static_cast<std::size_t>(s)], d, s, d + 1});
    outputs.explain = [V = outputs.values, perm = demo.perm, lang](int r, int c) -> std::string {
        if (r < 0 || c < 0 || r >= V.rows() || c >= V.cols()) return "";
        if (c == d || c == d + 1)
            return say(lang, {"箭头把 token 在原顺序中的行连到它打乱后所在的行", "Each arrow links a token's row in the original order to the row it lands in after shuffling"});
        if (c < d)
            return say(lang, {"原顺序：token {t} 的输出第 {j} 个分量 = {v}", "Original order: token {t}, output entry {j} = {v}"},
                       {{"t", pos_text(r)}, {"j", pos_text(c)}, {"v", num(V(r, c))}});
        const int t = perm[static_cast<std::size_t>(r)], j = c - d - 2;
        return say(lang, {"打乱后：位置 {s} 放的是 token {t}，输出第 {j} 个分量 = {v}；原顺序中 token {t} 的这一项 = {v0}",
                          "After shuffling: slot {s} holds token {t}, output entry {j} = {v}; token {t}'s entry in the original order = {v0}"},
                   {{"s", pos_text(r)}, {"t", pos_text(t)}, {"j", pos_text(j)}, {"v", num(V(r, c))}, {"v0", num(V(t, j))}});
    };
    const double diff = max_abs(demo.out_shuffled - demo.P * demo.out);
    const double unchanged = max_abs(demo.out_shuffled - demo.out);
    // The same attention with a causal mask (query i sees keys 0..i only), before and after shuffling.
    auto causal = [&](const Eigen::MatrixXd& X) {
        Eigen::MatrixXd logits = (X * demo.Wq) * (X * demo.Wk).transpose() / std::sqrt(static_cast<double>(d));
        for (int i = 0; i < n; ++i)
            for (int j = i + 1; j < n; ++j) logits(i, j) = -std::numeric_limits<double>::infinity();
        return Eigen::MatrixXd(softmax_rows(logits) * (X * demo.Wv));
    };
    const double causal_diff = max_abs(causal(demo.P * demo.X) - demo.P * causal(demo.X));
    const std::vector<std::string> shuffled_notes = {
        say(lang, {"打乱顺序 perm = [{perm}]：位置 i 放入原来的 token perm[i]。", "Shuffle perm = [{perm}]: slot i receives the original token perm[i]."},
            {{"perm", join(perm_items, ", ")}}),
        difference_note(lang, diff,
                        {"最大的 |Attn(P·X) − P·Attn(X)| = {diff}：每个 token 的输出不随它站的位置改变。",
                         "Largest |Attn(P·X) − P·Attn(X)| = {diff}: each token's output does not depend on where it stands."},
                        {"最大的 |Attn(P·X) − P·Attn(X)| = {diff}（浮点舍入误差）：每个 token 的输出不随它站的位置改变。",
                         "Largest |Attn(P·X) − P·Attn(X)| = {diff} (floating-point rounding): each token's output does not depend on where it stands."}),
        say(lang, {"而最大的 |Attn(P·X) − Attn(X)| = {diff}：输出的行跟着输入一起换了位置，所以这是等变而不是不变；常见的简化写法称之为“不变性”，那要求这个差为 0。",
                   "But the largest |Attn(P·X) − Attn(X)| = {diff}: the output rows move with the inputs, so this is equivariance, not invariance; a common simplified version found in tutorials calls it invariance, which would need this difference to be 0."},
            {{"diff", exact(unchanged)}}),
        say(lang, {"加上因果掩码（查询 i 只看键 0..i）后，最大的 |Attn_causal(P·X) − P·Attn_causal(X)| = {diff}：掩码本身就泄露了顺序。",
                   "With a causal mask (query i sees keys 0..i only), the largest |Attn_causal(P·X) − P·Attn_causal(X)| = {diff}: the mask itself leaks the order."},
            {{"diff", exact(causal_diff)}}),
    };

    HeatmapView weights = qk_view(demo.weights_shuffled, lang);
    weights.is_signed = false;
    weights.decimals = 2;
    const Eigen::MatrixXd W0 = demo.weights, W1 = demo.weights_shuffled;
    const std::vector<int> perm = demo.perm;
    weights.explain = [W0, W1, perm, n, lang](int r, int c) -> std::string {
        if (r < 0 || c < 0 || r >= n || c >= n) return "";
        const int a = perm[static_cast<std::size_t>(r)], b = perm[static_cast<std::size_t>(c)];
        return say(lang, {"位置 {r} → {c} 的权重 {w}，等于原顺序中 token {a} → {b} 的权重 {w0}",
                          "Slot {r} → {c}: weight {w}, the same as token {a} → {b} in the original order: {w0}"},
                   {{"r", pos_text(r)}, {"c", pos_text(c)}, {"w", num(W1(r, c))}, {"a", pos_text(a)}, {"b", pos_text(b)}, {"w0", num(W0(a, b))}});
    };
    return {make_view(say(lang, {"打乱前后的输出：Attn(X) 与 Attn(P·X)", "The outputs before and after shuffling: Attn(X) and Attn(P·X)"}),
                      std::move(outputs), shuffled_notes),
            make_view(say(lang, {"打乱后的注意力权重", "Attention weights after shuffling"}), std::move(weights),
                      {say(lang, {"X、W_q、W_k、W_v 都由随机种子生成；没有加入任何位置信息。",
                                  "X, W_q, W_k, W_v are random, drawn from the random seed; no position information is added."})})};
}

}  // namespace

Step why_positions() {
    return {
        "why-positions",
        {"为什么需要位置", "Why positions at all"},
        {"softmax(QKᵀ)V 本身看不出词序，所以每个 Transformer 都要以某种方式加入位置；这一课讲最早的做法：把位置编码加到输入上。"
         "自注意力只做加权求和，权重来自内容之间的点积，其中没有任何顺序信息。"
         "把 token 打乱（这里用随机种子生成的 X 和投影矩阵），输出的各行也按完全相同的方式被打乱：每个 token 得到的结果与它站在哪里无关。"
         "这叫置换[[equivariance|等变性]]：输出跟着输入一起换位置，而不是保持不变；常见的简化写法把它叫作“置换不变性”，注释把两种说法都算给你看。"
         "要让模型区分“猫追狗”和“狗追猫”，必须另外注入位置。"
         "不过因果掩码（每个词只看它前面的词）已经泄露了顺序，所以没有位置编码的纯解码器模型也能工作。",
         "softmax(QKᵀ)V on its own cannot see word order, so every Transformer has to add position somehow; this "
         "lesson covers the first way, adding a position code to the input. "
         "Self-attention is a weighted sum whose weights come from dot products of contents; nothing in it knows "
         "about order. Shuffle the tokens (random X and projections drawn from the random seed here) and the output rows are "
         "shuffled in exactly the same way: each token's result ignores where it stands. This is permutation "
         "[[equivariance]]: the outputs move with the inputs rather than staying put; a common simplified version found "
         "in tutorials calls it permutation invariance, and the notes compute both. To tell \"the cat chased the dog\" "
         "from \"the dog chased the cat\", position has to be injected separately. A causal mask (each word sees only "
         "the words before it) already leaks order, though, which is why decoder-only models without position "
         "encodings still work."},
        {"tokens", "seed"},
        views_of(read_inputs, shuffle_views),
        {R"tex(\mathrm{Attn}(X)=\mathrm{softmax}\Bigl(\frac{XW_q(XW_k)^\top}{\sqrt{d}}\Bigr)XW_v,\qquad \mathrm{Attn}(PX)=P\,\mathrm{Attn}(X))tex"},
    };
}

// [SECTION] step 2: three places where position can enter
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
    return {make_view(say(lang, {"① 加到嵌入上：(x + PE) 再投影", "① Added to the embeddings: (x + PE), then projected"}), std::move(a),
                      {say(lang, {"所有位置整体后移一位，分数最大变化 = {diff}：分数依赖绝对位置。本课讲的就是这种方式。",
                                  "Moving every position one step later changes the scores by up to {diff}: the scores depend on absolute positions. This lesson covers this way."},
                           {{"diff", exact(shift_a)}})}),
            make_view(say(lang, {"② 变换 Q 和 K：按位置旋转", "② A transform of Q and K: rotate by position"}), std::move(b),
                      {difference_note(lang, shift_b,
                                       {"所有位置整体后移一位，分数最大变化 = {diff}：只有位置差起作用。详见 rope 一课。",
                                        "Moving every position one step later changes the scores by up to {diff}: only the difference of positions matters. See the lesson rope."},
                                       {"所有位置整体后移一位，分数最大变化 = {diff}（浮点舍入误差）：只有位置差起作用。详见 rope 一课。",
                                        "Moving every position one step later changes the scores by up to {diff} (floating-point rounding): only the difference of positions matters. See the lesson rope."})}),
            make_view(say(lang, {"③ logits 上的偏置：q·k/√d + b(j − i)", "③ A bias on the logits: q·k/√d + b(j − i)"}), std::move(c),
                      {say(lang, {"偏置沿每条对角线的最大极差 = {spread}：它只依赖 j − i。详见 t5-bias 与 shaw 两课。",
                                  "Largest spread of the bias along a diagonal = {spread}: it depends on j − i only. See the lessons t5-bias and shaw."},
                           {{"spread", exact(bias_spread)}})})};
}

}  // namespace

Step three_places() {
    return {
        "three-places",
        {"位置可以进入的三个地方", "Three places where position can enter"},
        {"第一，在进入模型之前把位置向量加到词嵌入上（正弦或可学习编码，本课）。"
         "第二，在计算注意力之前按位置变换 Q 和 K，例如旋转（RoPE，见 rope 一课）。"
         "第三，在 logits 上加一个只依赖相对距离的偏置（T5、ALiBi，见 t5-bias 一课；Shaw 的做法见 shaw 一课）。"
         "三张热力图用同一组随机 token 计算，注释检验把所有位置整体平移后分数是否改变。",
         "First, add a position vector to the word embeddings before the model (sinusoidal or learnable codes, "
         "this lesson). Second, transform Q and K by position before attention, for instance by rotation (RoPE, "
         "see the lesson rope). Third, add a bias that depends only on the relative distance to the logits (T5, "
         "ALiBi; see the lesson t5-bias, and shaw for Shaw's variant). The three heatmaps use the same random "
         "tokens, and the notes test whether shifting all positions together changes the scores."},
        {"tokens", "seed"},
        views_of(read_inputs, three_places_views),
        {R"tex(x_i=e_i+p_i,\qquad s_{ij}=(R_i q_i)^\top(R_j k_j),\qquad s_{ij}=q_i^\top k_j+b(j-i))tex"},
    };
}

// [SECTION] step 3: the sinusoidal formula, worked out
namespace {

// The d/2 frequencies as an odometer at pos (needle i at pos·ω_i, as the point (cos, sin) of pair i) beside an
// 8-bit binary counter of pos: fast pairs turn like the low bits, slow pairs like the high ones.
constexpr int kCounterBits = 8;

ViewData frequency_odometer(const Inputs& in, Lang lang) {
    const Eigen::VectorXd w = sinusoidal_frequencies(in.d, in.base, PeVariant::vaswani);
    OdometerView o;
    o.theta.assign(w.data(), w.data() + w.size());
    // The arc shaded is what each needle sweeps over the 2^bits positions the counter (and pos) can take.
    const int span = 1 << kCounterBits;
    o.train_length = span;
    o.turns_in_training = turns_in_training(w, span);
    o.position = in.pos;
    o.binary_bits = kCounterBits;
    for (double lambda : pair_wavelengths(w)) o.captions.push_back("λ = " + num(lambda, 3));
    o.position_label = say(lang, {"位置 pos = {pos}", "position pos = {pos}"}, {{"pos", pos_text(in.pos)}});
    std::string bits;
    for (int b = kCounterBits - 1; b >= 0; --b) bits += binary_digit(in.pos, b) ? "1" : "0";
    const std::vector<double> lambda = pair_wavelengths(w);
    std::vector<std::string> notes = {
        say(lang, {"pos = {pos} 的二进制是 {bits}：第 b 位每 2^b 个位置翻转一次，周期 2^(b+1)。",
                   "pos = {pos} in binary is {bits}: bit b flips every 2^b positions, a period of 2^(b+1)."},
            {{"pos", pos_text(in.pos)}, {"bits", bits}}),
        say(lang, {"第 0 对的周期是 {fast} 个位置，最后一对是 {slow} 个：像计数器的低位和高位，但指针连续转动，而不是跳变。",
                   "Pair 0 repeats every {fast} positions and the last pair every {slow}: like the counter's low and high "
                   "bits, except that the needles turn smoothly instead of jumping."},
            {{"fast", num(lambda.front(), 4)}, {"slow", num(lambda.back(), 4)}}),
        say(lang, {"阴影是 pos 从 0 走到 {span} 时指针扫过的弧；{short} 对在这段里转不满一圈，就像第 {top} 位以上的位，在 {span} 之前从不翻转。",
                   "The shading is the arc a needle sweeps while pos runs from 0 to {span}; {short} pairs do not complete "
                   "a turn in that stretch, like the bits above bit {top}, which never flip before {span}."},
            {{"span", pos_text(span)}, {"short", pos_text(pairs_short_of_a_turn(w, span))}, {"top", pos_text(kCounterBits - 1)}}),
    };
    return make_view(say(lang, {"每个频率一个表盘：指针在 pos·ω_i，旁边是 pos 的二进制计数器", "One dial per frequency: needles at pos·ω_i, beside a binary counter of pos"}),
                     std::move(o), std::move(notes));
}

std::vector<ViewData> formula_views(const Inputs& in, Lang lang) {
    const int d = in.d, pos = in.pos;
    const Eigen::VectorXd w = sinusoidal_frequencies(d, in.base, PeVariant::vaswani);
    const Eigen::VectorXd pe = sinusoidal_pe_row(pos, d, in.base, PeVariant::vaswani);

    TableView table;
    table.values.resize(w.size(), 5);
    for (int i = 0; i < w.size(); ++i) {
        const double a = pos / std::pow(in.base, 2.0 * i / d);
        table.values.row(i) << 2 * i, w(i), a, std::sin(a), std::cos(a);
        table.row_labels.push_back("i = " + pos_text(i));
    }
    table.col_labels = {"2i", "ω_i = base^(−2i/d)", "pos·ω_i", "sin → PE[2i]", "cos → PE[2i+1]"};
    table.col_decimals = {0, -1, -1, -1, -1};
    table.decimals = 6;
    table.values = without_rounding_noise(table.values);

    TableView vec;
    vec.values = to_rows(pe.transpose());
    vec.row_labels = {"pos = " + pos_text(pos)};
    vec.col_labels = pe_column_labels(d, PeVariant::vaswani);
    vec.decimals = 6;
    std::string parts;
    for (int i = 0; i < w.size(); ++i) {
        const std::string a = num(pos / std::pow(in.base, 2.0 * i / d));
        parts += (i ? ", " : "") + ("sin " + a);
        if (2 * i + 1 < d) parts += ", cos " + a;
    }
    const std::vector<std::string> notes = {
        say(lang, {"PE({pos}) = ({parts})", "PE({pos}) = ({parts})"}, {{"pos", pos_text(pos)}, {"parts", parts}}),
        say(lang, {"位置从 0 开始：pos = {pos} 是第 {nth} 个 token。", "Positions start at 0: pos = {pos} is token number {nth} counting from 1."},
            {{"pos", pos_text(pos)}, {"nth", pos_text(pos + 1)}}),
    };
    return {frequency_odometer(in, lang), make_view(say(lang, {"每个频率的计算", "Computation per frequency"}), std::move(table)),
            make_view("PE(pos)", std::move(vec), notes)};
}

}  // namespace

Step sinusoidal_formula() {
    return {
        "sinusoidal-formula",
        {"正弦公式与算例", "The sinusoidal formula, worked out"},
        {"论文的编码对第 i 个频率取 ω_i = 1/base^(2i/d)，在偶数维放 sin(pos·ω_i)，在奇数维放 cos(pos·ω_i)。"
         "把每一对 (sin, cos) 看成表盘上的一根指针，它指向角度 pos·ω_i：第 0 对每个位置转 1 弧度，后面的对越转越慢。"
         "旁边是 pos 的 8 位二进制计数器，低位翻得快、高位翻得慢，正弦编码就像它的连续版本；播放 pos 可以看到两者一起走。"
         "默认的例子取 pos = 2、d = 4，得到 (sin 2, cos 2, sin 0.02, cos 0.02)。"
         "注意位置从 0 开始数，所以 pos = 2 是第三个 token；常见的简化写法把它说成第二个。表格逐个频率给出计算过程。",
         "The paper's encoding uses the frequency ω_i = 1/base^(2i/d) for pair i and puts sin(pos·ω_i) in the even "
         "dimension, cos(pos·ω_i) in the odd one. Read each (sin, cos) pair as a needle on a dial pointing at the "
         "angle pos·ω_i: pair 0 turns by 1 radian per position and each later pair turns more slowly. Beside the "
         "dials is an 8-bit binary counter of pos, whose low bits flip fast and high bits slowly; the sinusoidal "
         "code is a smooth version of it, and playing pos moves both together. The default example takes pos = 2 "
         "and d = 4 and gets (sin 2, cos 2, sin 0.02, cos 0.02). Positions count from 0, so pos = 2 is the third "
         "token; a common simplified version found in tutorials calls it the second. The table shows the "
         "computation frequency by frequency."},
        {"pos", "d", "base"},
        views_of(read_inputs, formula_views),
        {R"tex(\omega_i=\mathrm{base}^{-2i/d},\qquad PE(p,2i)=\sin(p\,\omega_i),\qquad PE(p,2i+1)=\cos(p\,\omega_i))tex"},
        {"pos", 0.0, 255.0, 8.0},
    };
}

// [SECTION] step 4: heatmap and wavelengths
namespace {

std::vector<ViewData> wavelength_views(const Inputs& in, Lang lang) {
    const int L = in.L, d = in.d_model;
    const Eigen::MatrixXd PE = sinusoidal_pe(L, d, in.base, in.variant);

    HeatmapView heat = labelled_matrix(to_rows(PE), index_labels(L), index_labels(d), say(lang, {"位置 p", "position p"}),
                                       say(lang, {"维度 j", "dimension j"}));
    heat.is_signed = true;
    const PeVariant v = in.variant;
    const Eigen::VectorXd w = sinusoidal_frequencies(d, in.base, v);
    heat.explain = [PE, w, L, d, v, lang](int r, int c) -> std::string {
        if (r < 0 || c < 0 || r >= L || c >= d) return "";
        bool is_cos = false;
        int i = 0;
        column_meaning(c, d, v, &is_cos, &i);
        return say(lang, {"PE[{p}][{j}] = {fn}({p} · {omega}) = {value}，频率 ω{i}", "PE[{p}][{j}] = {fn}({p} · {omega}) = {value}, frequency ω{i}"},
                   {{"p", pos_text(r)}, {"j", pos_text(c)}, {"fn", is_cos ? "cos" : "sin"}, {"omega", num(w(i))}, {"value", num(PE(r, c))}, {"i", sub(i)}});
    };

    CurveView curve;
    curve.y_axis = "PE";
    curve.x_axis = say(lang, {"位置 p", "position p"});
    const int samples = 4 * (L - 1) + 1;
    for (int s = 0; s < samples; ++s) curve.x.push_back(0.25 * s);
    for (int dim : in.dims) {
        std::vector<double> ys;
        for (double x : curve.x) ys.push_back(sinusoidal_pe_row(x, d, in.base, v)(dim));
        curve.series.push_back(ys);
        bool is_cos = false;
        int i = 0;
        column_meaning(dim, d, v, &is_cos, &i);
        curve.series_labels.push_back(say(lang, {"维度 {dim} ({fn} ω{i}p)", "dim {dim} ({fn} ω{i}p)"},
                                          {{"dim", pos_text(dim)}, {"fn", is_cos ? "cos" : "sin"}, {"i", sub(i)}}));
    }

    const Eigen::VectorXd lam = sinusoidal_wavelengths(d, in.base, v);
    TableView waves;
    waves.values.resize(lam.size(), 3);
    for (int i = 0; i < lam.size(); ++i) {
        waves.values.row(i) << w(i), lam(i), lam(i) / kTwoPi;
        waves.row_labels.push_back("i = " + pos_text(i));
    }
    waves.col_labels = {"ω_i", "λ_i = 2π/ω_i", "λ_i / 2π"};
    waves.decimals = 4;
    const double longest = lam(lam.size() - 1);
    std::vector<std::string> wave_notes = {
        say(lang, {"最短波长 = {shortest} = 2π；最长 = {longest} = 2π · {ratio}。", "Shortest wavelength = {shortest} = 2π; longest = {longest} = 2π · {ratio}."},
            {{"shortest", num(lam(0))}, {"longest", num(longest)}, {"ratio", num(longest / kTwoPi)}})};
    if (v == PeVariant::vaswani)
        wave_notes.push_back(say(lang, {"常见的简化写法说波长一直增长到 base·2π；论文排布中最长的是 2π·base^(1 − 2/d)，只接近而达不到 base·2π = {limit}（tensor2tensor 排布恰好到达它）。",
                                        "A common simplified version found in tutorials says the wavelengths grow up to base·2π; in the paper's layout the longest is 2π·base^(1 − 2/d), "
                                        "close to but short of base·2π = {limit} (the tensor2tensor layout reaches it exactly)."},
                                 {{"limit", num(in.base * kTwoPi)}}));
    else
        wave_notes.push_back(say(lang, {"tensor2tensor 排布的最后一个频率恰好是 1/base，所以最长波长就是 base·2π。",
                                        "In the tensor2tensor layout the last frequency is exactly 1/base, so the longest wavelength is base·2π."}));
    // What the code costs: sin/cos evaluations against the multiply-adds of one d × d projection.
    const long long table_evals = static_cast<long long>(L) * d, row_evals = d, projection = static_cast<long long>(d) * d;
    TableView cost;
    cost.values.resize(4, 2);
    cost.values << static_cast<double>(table_evals), static_cast<double>(row_evals),
            static_cast<double>(projection) * L, static_cast<double>(projection),
            0.0, 0.0,
            static_cast<double>(table_evals), static_cast<double>(row_evals);
    cost.row_labels = {say(lang, {"正弦编码的 sin/cos 次数", "sines and cosines of the code"}),
                       say(lang, {"一次 d × d 投影的乘加（对照）", "multiply-adds of one d × d projection (for contrast)"}),
                       say(lang, {"正弦编码的参数", "parameters of the sinusoidal code"}),
                       say(lang, {"可学习表的参数（max_len = L）", "parameters of a learnable table (max_len = L)"})};
    cost.col_labels = {say(lang, {"全部 L 个位置", "all L positions"}), say(lang, {"每个位置", "per position"})};
    cost.corner = say(lang, {"计算", "computation"});
    cost.integer = true;
    const std::vector<std::string> cost_notes = {
        say(lang, {"L = {L}、d = {d}：整张表 {table} 次 sin/cos，只在开始时算一次；每个位置现算也只要 {row} 次。",
                   "L = {L}, d = {d}: the whole table takes {table} sines and cosines, computed once; on the fly a position takes {row}."},
            {{"L", pos_text(L)}, {"d", pos_text(d)}, {"table", grouped(table_evals, lang)}, {"row", pos_text(row_evals)}}),
        say(lang, {"同一个位置经过一次 d × d 投影（例如 W_q）就要 {proj} 次乘加，是 sin/cos 次数的 {ratio} 倍；而一层注意力有好几次这样的投影。",
                   "The same position passing one d × d projection (W_q, say) takes {proj} multiply-adds, {ratio} times its sines and cosines; one attention layer has several such projections."},
            {{"proj", grouped(projection, lang)}, {"ratio", num(static_cast<double>(projection) / row_evals)}}),
    };
    return {make_view(say(lang, {"PE：位置 × 维度", "PE: positions × dimensions"}), std::move(heat)),
            make_view(say(lang, {"选定维度随位置的变化", "Chosen dimensions across positions"}), std::move(curve),
                      {say(lang, {"低维振荡快，高维振荡慢：第 j 维的频率随 j 按几何级数减小。",
                                  "Low dimensions oscillate fast and high ones slowly: the frequency falls geometrically with j."})}),
            make_view(say(lang, {"每个频率的波长", "Wavelength of each frequency"}), std::move(waves), wave_notes),
            make_view(say(lang, {"正弦编码的计算量", "What the sinusoidal code costs"}), std::move(cost), cost_notes)};
}

}  // namespace

Step heatmap_and_wavelengths() {
    return {
        "wavelengths",
        {"热力图与波长", "Heatmap and wavelengths"},
        {"把每个位置的编码排成一行，就得到位置 × 维度的热力图。低维的频率高、振荡快，高维的频率低、变化慢；"
         "曲线默认画出第 2、6、12 维。[[wavelength|波长]] λ_i = 2π/ω_i 从 2π 开始按几何级数增长，"
         "表格列出全部波长，注释把最长的波长与常见说法中的 base·2π 相比较。"
         "常见的简化写法还说正弦编码计算代价高；最后一张表算出它到底要多少次 sin 和 cos：整张 L × d 表只算一次，"
         "或者每个位置现算 d/2 个 sin 和 d/2 个 cos，与一次 d × d 投影的乘加次数相比微不足道，而且不占任何参数。",
         "Stacking the code of every position as a row gives a positions × dimensions heatmap. Low dimensions have "
         "high frequencies and oscillate fast; high dimensions change slowly. The curves show dimensions 2, 6 and 12 "
         "by default. The [[wavelength]] λ_i = 2π/ω_i grows geometrically from 2π; the table lists them all and "
         "a note compares the longest with the base·2π often quoted. A common simplified version found in tutorials "
         "also calls sinusoidal PE expensive; the last table counts its sines and cosines: the whole L × d table is "
         "computed once, or each position on the fly with d/2 sines and d/2 cosines, which is negligible next to the "
         "multiply-adds of one d × d projection, and it has no parameters at all."},
        {"L", "d_model", "base", "dims", "variant"},
        views_of(read_inputs, wavelength_views),
        {R"tex(\lambda_i=\frac{2\pi}{\omega_i}=2\pi\,\mathrm{base}^{2i/d})tex"},
    };
}

}  // namespace absolute_pe
}  // namespace pelab
