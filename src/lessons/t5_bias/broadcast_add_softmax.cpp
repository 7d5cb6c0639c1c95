// PE Lab — lessons/t5_bias/broadcast_add_softmax.cpp
// Lesson "t5-bias", step "broadcast-add-softmax": the (1, H, L, L) bias broadcast-added to the (batch, H, L, L) scores,
// then softmax, for random Q, K (causal mode masks later keys).
// Comments are English only: the font subset is built from the characters inside .cpp string literals.
//
// [SECTION] views
// [SECTION] the step
#include <algorithm>
#include <cmath>
#include <cstdint>
#include <limits>
#include <string>
#include <vector>

#include "core/random.h"
#include "core/t5.h"
#include "lessons/lesson_util.h"
#include "lessons/t5_bias/t5_bias_lesson.h"

namespace pelab {
namespace t5_bias_lesson {

using namespace lessonui;

// [SECTION] views
namespace {

std::vector<ViewData> softmax_views(const Inputs& in, Lang lang) {
    const int L = in.L, d = 4;
    const Eigen::MatrixXi B = t5_bucket_matrix(L, in.num_buckets, in.max_distance, in.bidirectional);
    const std::vector<Eigen::MatrixXd> hll = t5_bias_permute(t5_bias_lookup(bias_table(in), B));
    // Causal mode: HF's decoder masks keys after the query with −inf.
    Eigen::MatrixXd mask = Eigen::MatrixXd::Zero(L, L);
    if (!in.bidirectional)
        for (int i = 0; i < L; ++i)
            for (int j = i + 1; j < L; ++j) mask(i, j) = -std::numeric_limits<double>::infinity();
    SplitMix64 rng(static_cast<std::uint64_t>(in.seed) + 100);
    std::vector<ViewData> out;
    const int shown = std::min(in.heads, 2);
    for (int h = 0; h < shown; ++h) {
        // Small content scores (entries in [−0.5, 0.5)), so the position bias is visible next to them.
        const Eigen::MatrixXd Q = 0.5 * random_signed_matrix(L, d, rng), K = 0.5 * random_signed_matrix(L, d, rng);
        const Eigen::MatrixXd W = t5_attention_weights(Q, K, hll[static_cast<std::size_t>(h)] + mask);
        const Eigen::MatrixXd W0 = t5_attention_weights(Q, K, mask);
        HeatmapView v = ij_heatmap(W, lang);
        v.decimals = 2;
        v.explain = [W, W0, L, lang](int r, int c) -> std::string {
            if (r < 0 || c < 0 || r >= L || c >= L) return "";
            return say(lang, {"权重 {w}（不加偏置时 {w0}）", "Weight {w} (without the bias {w0})"},
                       {{"w", num(W(r, c), 4)}, {"w0", num(W0(r, c), 4)}});
        };
        double near_with = 0.0, near_without = 0.0;
        for (int i = 0; i < L; ++i)
            for (int j = 0; j < L; ++j)
                if (std::abs(i - j) == 1) {
                    near_with += W(i, j);
                    near_without += W0(i, j);
                }
        std::vector<std::string> notes;
        notes.push_back(say(lang, {"每行在 |j − i| = 1 上的平均权重：{with}（无偏置 {without}）",
                                   "Mean weight per row at |j − i| = 1: {with} (no bias: {without})"},
                            {{"with", num(near_with / L, 4)}, {"without", num(near_without / L, 4)}}));
        if (h == shown - 1)  // beside the primary figure where there is room (under it when only one head is shown)
            notes.push_back(say(lang, {"B 是第 5 步查表得到的偏置图；q、k 是随机向量，元素在 [−0.5, 0.5) 内。",
                                       "B is step 5's looked-up bias picture; q and k are random, entries in [−0.5, 0.5)."}));
        if (h == 0) {
            if (!in.bidirectional)
                notes.push_back(say(lang, {"因果模式：j > i 的分数被置为 −∞。", "Causal mode: scores with j > i are set to −∞."}));
        }
        out.push_back(make_view(say(lang, {"头 {h}：softmax(QKᵀ + bias)", "Head {h}: softmax(QKᵀ + bias)"}, {{"h", integer(h)}}), std::move(v),
                                std::move(notes)));
    }
    note_max_distance(out[0], in, in.num_buckets, lang);
    return out;
}

}  // namespace

// [SECTION] the step
Step broadcast_add_then_softmax() {
    return {
        "broadcast-add-softmax",
        {"广播相加，再 softmax", "Broadcast-add, then softmax"},
        {"偏置在 softmax 之前加到分数上，于是头 0 的权重集中到对角线两侧。"
         "在 (batch, H, L, L) 的注意力分数上加 (1, H, L, L) 的偏置，批次维自动广播，然后按行 softmax。"
         "头 0 的偏置偏爱距离 1，所以它的权重集中在对角线两侧；随机的头则没有这种结构。Q、K 是由随机种子生成的较小随机数。"
         "广播意味着同一个头的所有样本共用一张偏置。HF 的 T5 不除以 √d（这个缩放并进了 W_q 的初始化）；常见的简化写法除以 √d。",
         "The bias is added to the scores before the row softmax, so head 0's weight gathers beside the diagonal. "
         "Add the (1, H, L, L) bias to the (batch, H, L, L) attention scores, broadcasting over the batch, then apply "
         "softmax row by row. Head 0's bias favours distance 1, so its weight gathers just beside the diagonal; "
         "the random heads show no such pattern. Q and K are small random values drawn from the random seed. "
         "Broadcasting means every example shares its head's bias. HF's T5 does not divide by √d (that scale is folded "
         "into W_q's initialisation); the simplified version found in tutorials divides by √d."},
        {"L", "num_buckets", "max_distance", "bidirectional", "heads", "seed"},
        views_of(read_inputs, softmax_views),
        {
         R"tex(\alpha_{h,i,j} = \operatorname{softmax}_j\big( q^{(h)}_i \cdot k^{(h)}_j + B_{h,i,j} \big))tex",
         R"tex((\mathrm{batch}, H, L, L) + (1, H, L, L) \to (\mathrm{batch}, H, L, L))tex"},
    };
}

}  // namespace t5_bias_lesson
}  // namespace pelab
