// PE Lab — lessons/absolute_pe/shuffled_weights.cpp
// Step "shuffled-weights" of absolute-pe: with no positions, shuffling the tokens only reorders the attention
// weights (A(PX) = P A(X) Pᵀ): every pair of tokens keeps its weight wherever the two stand. Its view, then
// the step.
// Comments are English only: the font subset is built from the characters inside this file's strings.
//
// [SECTION] the attention weights after shuffling
#include <string>
#include <vector>

#include "core/relative/attention_grid.h"
#include "core/relative/f_delta.h"
#include "lessons/absolute_pe/absolute_pe.h"
#include "lessons/lesson_util.h"

namespace pelab {
namespace absolute_pe {

using namespace lessonui;

// [SECTION] the attention weights after shuffling
namespace {

std::vector<ViewData> weights_views(const Inputs& in, Lang lang) {
    const int n = in.tokens;
    constexpr int d = 4;  // the same demo as the step why-positions
    const PermutationDemo demo = permutation_equivariance_demo(n, d, static_cast<std::uint64_t>(in.seed));
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
    const double diff = max_abs(W1 - demo.P * W0 * demo.P.transpose());
    // The weights before shuffling beside them, so that the screen shows the same numbers in other cells.
    HeatmapView original = qk_view(W0, lang);
    original.is_signed = false;
    original.decimals = 2;
    original.explain = [W0, n, lang](int r, int c) -> std::string {
        if (r < 0 || c < 0 || r >= n || c >= n) return "";
        return say(lang, {"原顺序：token {r} → {c} 的权重 {w}", "Original order: token {r} → {c}, weight {w}"},
                   {{"r", pos_text(r)}, {"c", pos_text(c)}, {"w", num(W0(r, c))}});
    };
    std::string perm_text;
    for (std::size_t i = 0; i < perm.size(); ++i) perm_text += (i ? ", " : "") + pos_text(perm[i]);
    const std::string perm_note = say(lang, {"打乱顺序 perm = [{perm}]：位置 i 放原来的 token perm[i]。",
                                             "Shuffle perm = [{perm}]: slot i holds the original token perm[i]."},
                                      {{"perm", perm_text}});
    // Both notes under the smaller heatmap: the primary figure keeps the whole height (in the 960×540 embed too).
    const std::string check_note =
        difference_note(lang, diff,
                        {"最大 |A(P·X) − P·A(X)·Pᵀ| = {diff}：每对 token 的权重不变，只是换了格子。",
                         "Largest |A(P·X) − P·A(X)·Pᵀ| = {diff}: each pair keeps its weight, in another cell."},
                        {"最大 |A(P·X) − P·A(X)·Pᵀ| = {diff}（舍入误差）：每对 token 的权重不变，只是换了格子。",
                         "Largest |A(P·X) − P·A(X)·Pᵀ| = {diff} (rounding): each pair keeps its weight, in another cell."});
    return {make_view(say(lang, {"打乱后的注意力权重", "Attention weights after shuffling"}), std::move(weights)),
            make_view(say(lang, {"打乱前的权重 A(X)", "Weights before shuffling, A(X)"}), std::move(original), {perm_note, check_note})};
}

}  // namespace

Step shuffled_weights() {
    Step s = {
        "shuffled-weights",
        {"权重也只是换了位置", "The weights only move too"},
        {"注意力权重 A(X) = softmax(XW_q(XW_k)ᵀ/√d) 只由两个 token 的内容决定。"
         "把输入按 P 打乱后，权重矩阵的行和列按同一个顺序重排，数值本身一个也不变。"
         "X、W_q、W_k、W_v 都由随机种子生成，和上一步相同；这里没有加入任何位置信息。"
         "悬停在格子上可以看到它在原顺序中对应的那一对 token。",
         "The attention weights A(X) = softmax(XW_q(XW_k)ᵀ/√d) depend only on the contents of the two tokens. "
         "Shuffle the input by P and the rows and columns of the weight matrix are reordered the same way, while "
         "not one value changes. X, W_q, W_k, W_v are random, drawn from the random seed as in the previous step; "
         "no position information is added. Hover over a cell to see its pair of tokens in the original order."},
        {"tokens", "seed"},
        views_of(read_inputs, weights_views),
        {R"tex(A(PX)=P\,A(X)\,P^\top)tex"},
    };
    s.takeaway = {"{cells} 个权重一个不少，每对 token 带着自己的权重换到新格子：权重只取决于两个 token 的内容，与它们站在哪里无关。",
                  "All {cells} weights survive the shuffle, each pair of tokens carrying its own to a new cell: a weight "
                  "depends on the two tokens' contents, never on where they stand."};
    s.takeaway_args = args_of(read_inputs, +[](const Inputs& in, Lang) {
        return std::vector<Arg>{{"cells", integer(static_cast<long long>(in.tokens) * in.tokens)}};
    });
    return s;
}

}  // namespace absolute_pe
}  // namespace pelab
