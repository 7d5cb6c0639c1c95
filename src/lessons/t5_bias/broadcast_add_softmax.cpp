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
#include "core/relative/t5.h"
#include "lessons/lesson_util.h"
#include "lessons/t5_bias/t5_bias_lesson.h"

namespace pelab {
namespace t5_bias_lesson {

using namespace lessonui;

// [SECTION] views
namespace {

// The weights of one head with and without its bias, for the step's random Q, K.
struct HeadWeights {
    Eigen::MatrixXd with_bias, without_bias;
};

// The first `shown` heads' weights: Q, K drawn in head order from seed + 100, small (entries in [−0.5, 0.5)) so that
// the position bias is visible next to the content scores; causal mode masks keys after the query with −∞ as HF's
// decoder does.
std::vector<HeadWeights> head_weights(const Inputs& in, int shown) {
    const int L = in.L, d = 4;
    const Eigen::MatrixXi B = t5_bucket_matrix(L, in.num_buckets, in.max_distance, in.bidirectional);
    const std::vector<Eigen::MatrixXd> hll = t5_bias_permute(t5_bias_lookup(bias_table(in), B));
    Eigen::MatrixXd mask = Eigen::MatrixXd::Zero(L, L);
    if (!in.bidirectional)
        for (int i = 0; i < L; ++i)
            for (int j = i + 1; j < L; ++j) mask(i, j) = -std::numeric_limits<double>::infinity();
    SplitMix64 rng(static_cast<std::uint64_t>(in.seed) + 100);
    std::vector<HeadWeights> out;
    for (int h = 0; h < shown; ++h) {
        const Eigen::MatrixXd Q = 0.5 * random_signed_matrix(L, d, rng), K = 0.5 * random_signed_matrix(L, d, rng);
        out.push_back({t5_attention_weights(Q, K, hll[static_cast<std::size_t>(h)] + mask), t5_attention_weights(Q, K, mask)});
    }
    return out;
}

// Mean weight per row on the pairs with |Δ| = 1.
double near_mean(const Eigen::MatrixXd& W) {
    double sum = 0.0;
    for (int i = 0; i < W.rows(); ++i)
        for (int j = 0; j < W.cols(); ++j)
            if (std::abs(i - j) == 1) sum += W(i, j);
    return sum / static_cast<double>(W.rows());
}

std::vector<ViewData> softmax_views(const Inputs& in, Lang lang) {
    const int L = in.L;
    std::vector<ViewData> out;
    const int shown = std::min(in.heads, 2);
    const std::vector<HeadWeights> weights = head_weights(in, shown);
    for (int h = 0; h < shown; ++h) {
        const Eigen::MatrixXd& W = weights[static_cast<std::size_t>(h)].with_bias;
        const Eigen::MatrixXd& W0 = weights[static_cast<std::size_t>(h)].without_bias;
        HeatmapView v = ij_heatmap(W, lang);
        v.decimals = 2;
        v.explain = [W, W0, L, lang](int r, int c) -> std::string {
            if (r < 0 || c < 0 || r >= L || c >= L) return "";
            return say(lang, {"权重 {w}（不加偏置时 {w0}）", "Weight {w} (without the bias {w0})"},
                       {{"w", num(W(r, c), 4)}, {"w0", num(W0(r, c), 4)}});
        };
        std::vector<std::string> notes;
        notes.push_back(say(lang, {"每行在 |Δ| = 1 上的平均权重：{with}（无偏置 {without}）",
                                   "Mean weight per row at |Δ| = 1: {with} (no bias: {without})"},
                            {{"with", num(near_mean(W), 4)}, {"without", num(near_mean(W0), 4)}}));
        if (h == shown - 1)  // beside the primary figure where there is room (under it when only one head is shown)
            notes.push_back(say(lang, {"B 是第 5 步查表得到的偏置图；q、k 是随机向量，元素在 [−0.5, 0.5) 内。",
                                       "B is step 5's looked-up bias picture; q and k are random, entries in [−0.5, 0.5)."}));
        if (h == 0) {
            if (!in.bidirectional)
                notes.push_back(say(lang, {"因果模式：Δ < 0（键在查询之后）的分数被置为 −∞。", "Causal mode: scores with Δ < 0 (key after the query) are set to −∞."}));
        }
        out.push_back(make_view(say(lang, {"头 {h}：softmax(Q·Kᵀ + B)", "Head {h}: softmax(Q·Kᵀ + B)"}, {{"h", integer(h)}}), std::move(v),
                                std::move(notes)));
    }
    note_max_distance(out[0], in, in.num_buckets, lang);
    return out;
}

}  // namespace

NearWeight head0_near_weight(const Inputs& in) {
    const HeadWeights w = head_weights(in, 1).front();
    const Eigen::MatrixXi B = t5_bucket_matrix(in.L, in.num_buckets, in.max_distance, in.bidirectional);
    return {near_mean(w.with_bias), near_mean(w.without_bias), bias_table(in)(B(1, 0), 0)};  // (1, 0): Δ = 1
}

// [SECTION] the step
Step broadcast_add_then_softmax() {
    Step s = {
        "broadcast-add-softmax",
        {"广播相加，再 softmax", "Broadcast-add, softmax"},
        {"在 (batch, H, L, L) 的[[attention-score|注意力分数]]上加 (1, H, L, L) 的偏置，批次维自动广播（同一个头的所有样本共用一张偏置），然后按行做 [[softmax]]。"
         "头 0 的偏置偏爱 |Δ| = 1，随机的头则没有这种结构；Q、K 是由随机种子生成的较小随机数。"
         "Hugging Face 的 T5 不除以 √d（这个缩放并进了 W_q 的初始化）；常见的简化写法除以 √d。",
         "Add the (1, H, L, L) bias to the (batch, H, L, L) [[attention-score|attention scores]], broadcasting over the batch (every "
         "example shares its head's bias), then apply [[softmax]] row by row. Head 0's bias favours |Δ| = 1; the random "
         "heads show no such pattern. Q and K are small random values drawn from the seed. Hugging Face's T5 does not "
         "divide by √d (that scale is folded into W_q's initialisation); the simplified version found in tutorials "
         "divides by √d."},
        {"L", "num_buckets", "max_distance", "bidirectional", "heads", "seed"},
        views_of(read_inputs, softmax_views),
        {
         R"tex(\alpha_{h,i,j} = \operatorname{softmax}_j\big( q^{(h)}_i \cdot k^{(h)}_j + B_{h,i,j} \big))tex",
         R"tex((\mathrm{batch}, H, L, L) + (1, H, L, L) \to (\mathrm{batch}, H, L, L))tex"},
    };
    s.takeaway = {"给 logit 加 {b}，它的 exp 就乘以 {f}：头 0 每行平均有 {with} 的权重落在 |Δ| = 1 上，无偏置时只有 {without}。",
                  "Adding {b} to a logit multiplies its exp by {f}, so head 0 puts {with} of a row on |Δ| = 1 ({without} without it)."};
    s.takeaway_args = args_of(read_inputs, +[](const Inputs& in, Lang) {
        const NearWeight w = head0_near_weight(in);
        return std::vector<Arg>{{"b", num(w.bias, 3)}, {"f", num(std::exp(w.bias), 3)}, {"with", num(w.with_bias, 3)},
                                {"without", num(w.without_bias, 3)}};
    });
    return s;
}

}  // namespace t5_bias_lesson
}  // namespace pelab
