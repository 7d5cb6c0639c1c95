// PE Lab — lessons/absolute_pe/why_positions.cpp
// Step "why-positions" of absolute-pe: attention without positions is permutation-equivariant (shuffling the
// tokens shuffles the outputs), and a causal mask already leaks the order. Its views, then the step with its
// question.
// Comments are English only: the font subset is built from the characters inside this file's strings.
//
// [SECTION] why positions at all
#include <cmath>
#include <limits>
#include <string>
#include <vector>

#include "core/relative/attention_grid.h"
#include "core/relative/f_delta.h"
#include "lessons/absolute_pe/absolute_pe.h"
#include "lessons/lesson_util.h"

namespace pelab {
namespace absolute_pe {

using namespace lessonui;

// [SECTION] why positions at all
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
        say(lang, {"打乱顺序 perm = [{perm}]：位置 s 放入原来的 token perm[s]。", "Shuffle perm = [{perm}]: slot s receives the original token perm[s]."},
            {{"perm", join(perm_items, ", ")}}),
        difference_note(lang, diff,
                        {"最大 |Attn(P·X) − P·Attn(X)| = {diff}：输出与 token 站在哪里无关。",
                         "Largest |Attn(P·X) − P·Attn(X)| = {diff}: outputs ignore where tokens stand."},
                        {"最大 |Attn(P·X) − P·Attn(X)| = {diff}（舍入误差）：输出与 token 站在哪里无关。",
                         "Largest |Attn(P·X) − P·Attn(X)| = {diff} (rounding): outputs ignore where tokens stand."}),
        say(lang, {"而最大 |Attn(P·X) − Attn(X)| = {diff}：行跟着移动，所以是等变而非不变（有的教程说“不变”）。",
                   "But the largest |Attn(P·X) − Attn(X)| = {diff}: rows move, so this is equivariance, not invariance (as some tutorials say)."},
            {{"diff", exact(unchanged)}}),
        say(lang, {"因果掩码（每个 token 只看它之前的）下最大 |Attn_causal(P·X) − P·Attn_causal(X)| = {diff}：掩码泄露了顺序。",
                   "Causal mask (each token sees only earlier ones): the largest |Attn_causal(P·X) − P·Attn_causal(X)| = {diff}, so it leaks order."},
            {{"diff", exact(causal_diff)}}),
    };

    return {make_view(say(lang, {"打乱前后的输出：Attn(X) 与 Attn(P·X)", "The outputs before and after shuffling: Attn(X) and Attn(P·X)"}),
                      std::move(outputs), shuffled_notes)};
}

}  // namespace

Step why_positions() {
    Step s = {
        "why-positions",
        {"为什么需要位置", "Why positions at all"},
        {"这一课讲让 [[transformer|Transformer]] 知道词序的第一种做法：把位置编码加到每个[[token]]的输入上；先看没有它时 [[softmax]] 注意力怎样对待词序。"
         "自注意力只做加权求和，权重来自内容之间的点积，其中没有任何顺序信息。"
         "X 每行是一个 token，W_q、W_k、W_v 是[[query|查询]]、[[key|键]]和值的投影矩阵，P 是打乱各行顺序的置换矩阵。"
         "把 token 打乱（这里用随机种子生成的 X 和投影矩阵），输出的各行也按完全相同的方式被打乱：每个 token 得到的结果与它站在哪里无关。"
         "这叫置换[[equivariance|等变性]]：输出跟着输入一起换位置，而不是保持不变；常见的简化写法把它叫作“置换[[invariance|不变性]]”，那要求 |Attn(P·X) − Attn(X)| 为 0，注释把两种说法都算给你看。"
         "要让模型区分“猫追狗”和“狗追猫”，必须另外注入位置。"
         "不过[[causal-mask|因果掩码]]（每个词只看它前面的词，Attn_causal 表示加了掩码的注意力）已经泄露了顺序，所以没有位置编码的纯解码器模型也能工作。",
         "This lesson covers the first way to give a [[transformer|Transformer]] word order, adding a position code to "
         "each [[token]]'s input; it starts with what [[softmax]] attention does with order when there is none. "
         "Self-attention is a weighted sum whose weights come from dot products of contents; nothing in it knows "
         "about order. X holds one token per row; W_q, W_k, W_v are the [[query]], [[key]] and value projections; P is "
         "a permutation matrix that shuffles the rows. Shuffle the tokens (random X and projections drawn from the "
         "random seed here) and the output rows are shuffled in exactly the same way: each token's result ignores where "
         "it stands. This is permutation [[equivariance]]: the outputs move with the inputs rather than staying put; a "
         "common simplified version found in tutorials calls it permutation [[invariance]], which would need "
         "|Attn(P·X) − Attn(X)| to be 0, and the notes compute both. To tell \"the cat chased the dog\" "
         "from \"the dog chased the cat\", position has to be injected separately. A [[causal-mask|causal mask]] (each word sees only "
         "the words before it; Attn_causal is attention with that mask) already leaks order, though, which is why "
         "decoder-only models without position encodings still work."},
        {"tokens", "seed"},
        views_of(read_inputs, shuffle_views),
        // Not Attn(PX) = P·Attn(X): that is the answer to the step's prediction, and equations stay uncovered.
        {{R"tex(\mathrm{Attn}(X)=\mathrm{softmax}\Bigl(\frac{XW_q(XW_k)^\top}{\sqrt{d}}\Bigr)XW_v,\qquad PX:\ X\ \text{的行被打乱})tex",
          R"tex(\mathrm{Attn}(X)=\mathrm{softmax}\Bigl(\frac{XW_q(XW_k)^\top}{\sqrt{d}}\Bigr)XW_v,\qquad PX:\ \text{the rows of }X\text{ shuffled})tex"}},
    };
    s.takeaway = {"打乱 {n} 个 token，输出只跟着换行、数值不变（[[equivariance|等变]]）：每个权重都是两个 token 内容的点积，与它们站在哪里无关。",
                  "Shuffle {n} tokens and the outputs come back in the new order, values unchanged ([[equivariance]]): each weight "
                  "is a dot product of two tokens' contents, blind to where they stand."};
    s.takeaway_args = args_of(read_inputs, +[](const Inputs& in, Lang) { return std::vector<Arg>{{"n", integer(in.tokens)}}; });
    s.questions = {
        {{"不加任何位置信息，把输入的词打乱顺序。输出会怎样？",
          "With no position information, shuffle the input tokens. What happens to the outputs?"},
         {{"完全不变", "They stay exactly the same"},
          {"跟着同样被打乱", "They are shuffled the same way"},
          {"变得无法预测", "They change unpredictably"}},
         1,
         [](const ParamSet& p, Lang lang) {
             const Inputs in = read_inputs(p);
             const int tokens = in.tokens;
             const PermutationDemo demo =
                 permutation_equivariance_demo(tokens, 4, static_cast<std::uint64_t>(in.seed));
             const double moved = (demo.out_shuffled - demo.P * demo.out).cwiseAbs().maxCoeff();
             const double changed = (demo.out_shuffled - demo.out).cwiseAbs().maxCoeff();
             return say_error(lang,
                              {"{tokens} 个词打乱后：最大 |Attn(P·X) − P·Attn(X)| = {err}{hint}，即输出只是换了位置；"
                               "而最大 |Attn(P·X) − Attn(X)| = {changed}，输出的行确实跟着移动了。这叫等变，不是不变。",
                               "Shuffling {tokens} tokens: the largest |Attn(P·X) − P·Attn(X)| = {err}{hint}, so the "
                               "outputs only move; the largest |Attn(P·X) − Attn(X)| = {changed}, so the rows do move. "
                               "That is equivariance, not invariance."},
                              moved, {{"tokens", integer(tokens)}, {"changed", num(changed, 3)}});
         }},
    };
    s.questions[0].predict = true;  // asked before the figure shows it
    return s;
}

}  // namespace absolute_pe
}  // namespace pelab
