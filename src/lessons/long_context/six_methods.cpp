// PE Lab — lessons/long_context/six_methods.cpp
// Lesson "long-context", step "six-methods", the closing comparison: six position methods at the same L — the sinusoid's
// Gram matrix, a learned table's Gram matrix (random initialisation), Shaw's clipped distances, T5's buckets,
// ALiBi's bias and RoPE's score of q = k = 1 — each as an L×L heatmap whose hover gives every method's value
// at that cell, and a table of what each method costs and where it fits.
// Comments are English only: the font subset is built from the characters inside the .cpp strings.
//
// [SECTION] the six matrices
// [SECTION] the heatmaps
// [SECTION] the table
// [SECTION] the step
#include <algorithm>
#include <cmath>
#include <limits>

#include "core/alibi.h"
#include "core/pe_compare.h"
#include "core/rope.h"
#include "core/shaw.h"
#include "core/sinusoidal.h"
#include "core/t5.h"
#include "lessons/lesson_util.h"
#include "lessons/long_context/long_context.h"

namespace pelab {
namespace long_context {

using namespace lessonui;

// [SECTION] the six matrices
namespace {

struct SixMatrices {
    int L = 0;
    Eigen::MatrixXd sinusoid, learned, shaw, t5, alibi, rope;  // L × L each; alibi: NaN where causally masked
    int max_distance = 0;  // T5's, raised above max_exact when needed
    double slope = 0;      // ALiBi's slope of the head shown
};

SixMatrices six_matrices(const Inputs& in) {
    SixMatrices s;
    const int L = in.alibi_L, d = in.d;
    s.L = L;
    const Eigen::MatrixXd pe = sinusoidal_pe(L, d, in.base, PeVariant::vaswani);
    s.sinusoid = gram_matrix(pe);
    s.learned = gram_matrix(learnable_pe_table(L, d, static_cast<std::uint64_t>(in.seed)));
    const Eigen::MatrixXi clipped = shaw_relative_index(L, in.clip);
    s.shaw = (clipped.array() - in.clip).cast<double>().matrix();
    s.max_distance = std::max(in.max_distance, t5_max_exact(in.num_buckets, true) + 1);
    s.t5 = t5_bucket_matrix(L, in.num_buckets, s.max_distance, true).cast<double>();
    const std::vector<double> slopes = alibi_slopes(in.heads);
    s.slope = slopes[static_cast<std::size_t>(std::clamp(in.head, 0, in.heads - 1))];
    s.alibi = alibi_bias(L, s.slope, in.alibi_mode());
    for (Eigen::Index i = 0; i < s.alibi.size(); ++i)
        if (std::isinf(s.alibi.data()[i])) s.alibi.data()[i] = std::numeric_limits<double>::quiet_NaN();
    const Eigen::VectorXd ones = Eigen::VectorXd::Ones(d);
    s.rope = rope_scores(L, rope_default_inv_freq(d, in.base), ones, ones, RopeLayout::interleaved);
    return s;
}

// [SECTION] the heatmaps
// The hover of every heatmap: the cell's positions and what each of the six methods puts there.
std::string explain_cell(const SixMatrices& s, int r, int c, Lang lang) {
    if (r < 0 || c < 0 || r >= s.L || c >= s.L) return "";
    const double a = s.alibi(r, c);
    const std::string alibi = std::isnan(a) ? say(lang, {"被掩蔽（未来的键）", "masked (a future key)"}) : num(a, 4);
    return say(lang,
               {"i = {i}，j = {j}，j − i = {delta}：正弦 Gram {sin}；可学习 Gram {learned}；Shaw 截断距离 {shaw}；T5 桶 {t5}；"
                "ALiBi 偏置 {alibi}；RoPE（q = k = 1）{rope}",
                "i = {i}, j = {j}, j − i = {delta}: sinusoidal Gram {sin}; learned Gram {learned}; Shaw clipped distance "
                "{shaw}; T5 bucket {t5}; ALiBi bias {alibi}; RoPE (q = k = 1) {rope}"},
               {{"i", integer(r)},
                {"j", integer(c)},
                {"delta", integer(c - r)},
                {"sin", num(s.sinusoid(r, c), 4)},
                {"learned", num(s.learned(r, c), 4)},
                {"shaw", integer(static_cast<long long>(s.shaw(r, c)))},
                {"t5", integer(static_cast<long long>(s.t5(r, c)))},
                {"alibi", alibi},
                {"rope", num(s.rope(r, c), 4)}});
}

ViewData method_heatmap(const SixMatrices& s, const Eigen::MatrixXd& M, std::string title, bool integer_cells, Lang lang) {
    HeatmapView h = qk_matrix(M, lang);
    h.row_axis = say(lang, {"查询位置 i", "query position i"});
    h.col_axis = say(lang, {"键位置 j", "key position j"});
    h.integer = integer_cells;
    h.is_signed = (M.array() < 0).any();  // NaN compares false: masked cells do not count
    h.decimals = 2;
    h.explain = [s, lang](int r, int c) { return explain_cell(s, r, c, lang); };
    Eigen::MatrixXd finite = M;
    for (Eigen::Index i = 0; i < finite.size(); ++i)
        if (std::isnan(finite.data()[i])) finite.data()[i] = 0.0;  // masked cells: no diagonal structure to judge
    const double r = toeplitz_residual(finite);
    std::vector<std::string> notes = {say(lang, {"离 Toeplitz（只依赖 j − i）的相对残差：{r}", "Relative distance from Toeplitz (a function of j − i alone): {r}"},
                                          {{"r", num(r, 3)}})};
    return make_view(std::move(title), std::move(h), std::move(notes));
}

// [SECTION] the table
// One whole sentence per method: where position enters, content dependence, beyond L, KV cache, fused kernels.
const Text& method_words(PeFamily f) {
    static const Text sinusoidal{
        "正弦：位置向量加在输入嵌入上；经过 W_q、W_k 后位置与内容相乘，所以位置效应依赖内容；超出训练长度时向量仍有定义，但模型没见过这些组合，效果变差；"
        "键在缓存前已含位置，适合 KV 缓存；注意力内部不做任何事，融合内核照常可用。",
        "Sinusoidal: the position vector is added to the input embedding; after W_q and W_k position multiplies "
        "content, so its effect depends on content; beyond the training length the vectors are still defined, but "
        "the model never saw those combinations and quality drops; keys carry their position before they are "
        "cached, so it fits a KV cache; nothing happens inside attention, so fused kernels work unchanged."};
    static const Text learned{
        "可学习绝对位置：每个位置查表得到一行，加在输入嵌入上；位置效应依赖内容；表只有 L 行，超出训练长度就没有向量可用；"
        "适合 KV 缓存；注意力内部不做任何事，融合内核照常可用。",
        "Learned absolute: each position looks up one row of a table added to the input embedding; its effect "
        "depends on content; the table has only L rows, so beyond the training length there is no vector at all; "
        "it fits a KV cache; nothing happens inside attention, so fused kernels work unchanged."};
    static const Text shaw{
        "Shaw：在注意力里给每个 (i, j) 加上按截断距离查到的向量，分数项 qᵢᵀa_ij 依赖内容；超过 ±k 的距离都截断成同一个，所以任意长度都能运行，但远处彼此不分；"
        "每一步解码都要为所有缓存的键加相对项，KV 缓存需要额外计算；需要 L×L×d 的额外项，标准融合内核不支持。",
        "Shaw: inside attention each (i, j) adds a vector looked up by the clipped distance, and the term qᵢᵀa_ij "
        "depends on content; distances beyond ±k are clipped to one value, so any length runs but far positions "
        "look alike; every decoding step adds the relative term for every cached key, extra work on a KV cache; "
        "it needs an extra L×L×d term that standard fused kernels do not support."};
    static const Text t5{
        "T5：按 j − i 所在的桶给分数加一个可学习的偏置，与内容无关；超过 max_distance 的距离都落进最后一个桶，任意长度都能运行；"
        "偏置只由距离决定，适合 KV 缓存；融合内核需要额外传入一个偏置矩阵。",
        "T5: a learned bias chosen by the bucket of j − i is added to the score, independent of content; "
        "distances beyond max_distance all fall into the last bucket, so any length runs; the bias depends on the "
        "distance alone, so it fits a KV cache; fused kernels need an extra bias matrix passed in."};
    static const Text alibi{
        "ALiBi：给分数加 −m·|i − j|，m 由头数固定，与内容无关；线性惩罚对任何距离都有定义，正是为外推设计的；"
        "偏置只由距离决定，适合 KV 缓存；FlashAttention 等融合内核直接支持斜率参数。",
        "ALiBi: −m·|i − j| is added to the score with m fixed by the head count, independent of content; the linear "
        "penalty is defined at every distance and was designed to extrapolate; the bias depends on the distance "
        "alone, so it fits a KV cache; fused kernels such as FlashAttention take the slopes directly."};
    static const Text rope{
        "RoPE：在注意力之前把 q 和 k 各自旋转，分数只依赖 n − m，但仍依赖内容；超出训练长度时慢的频率对转到没见过的角度，需要 PI、NTK 或 YaRN 等缩放；"
        "键按自己的位置旋转一次后缓存，很适合 KV 缓存（动态 NTK 改变频率时除外）；旋转在内核之前完成，融合内核照常可用。",
        "RoPE: q and k are each rotated before attention, so the score depends on n − m only but still on content; "
        "beyond the training length the slow pairs reach angles never seen and need scaling such as PI, NTK or "
        "YaRN; each key is rotated once at its own position and cached, a good KV-cache fit (except when dynamic "
        "NTK changes the frequencies); the rotation happens before the kernel, so fused kernels work unchanged."};
    switch (f) {
        case PeFamily::sinusoidal: return sinusoidal;
        case PeFamily::learned: return learned;
        case PeFamily::shaw: return shaw;
        case PeFamily::t5: return t5;
        case PeFamily::alibi: return alibi;
        case PeFamily::rope: return rope;
    }
    return rope;
}

std::string method_name(PeFamily f, Lang lang) {
    switch (f) {
        case PeFamily::sinusoidal: return say(lang, {"正弦", "sinusoidal"});
        case PeFamily::learned: return say(lang, {"可学习绝对位置", "learned absolute"});
        case PeFamily::shaw: return say(lang, {"Shaw 截断", "Shaw clip"});
        case PeFamily::t5: return say(lang, {"T5 桶", "T5 buckets"});
        case PeFamily::alibi: return "ALiBi";
        case PeFamily::rope: return "RoPE";
    }
    return "";
}

bool content_dependent(PeFamily f) { return f != PeFamily::t5 && f != PeFamily::alibi; }

ViewData method_table(const Inputs& in, const SixMatrices& s, Lang lang) {
    PeSizes sizes;
    sizes.d_model = in.d * in.heads;  // d is the rotary (head) width here: d_model = d · heads
    sizes.L = s.L;
    sizes.heads = in.heads;
    sizes.shaw_k = in.clip;
    sizes.num_buckets = in.num_buckets;
    PeSizes doubled = sizes;
    doubled.L = 2 * s.L;
    const std::vector<PeFamily>& families = all_pe_families();
    TableView t;
    t.values.resize(static_cast<Eigen::Index>(families.size()), 3);
    for (std::size_t r = 0; r < families.size(); ++r) {
        const PeFamily f = families[r];
        t.values.row(static_cast<Eigen::Index>(r)) << static_cast<double>(pe_parameter_count(f, sizes)),
            static_cast<double>(pe_parameter_count(f, doubled)), content_dependent(f) ? 1.0 : 0.0;
        t.row_labels.push_back(method_name(f, lang));
    }
    t.col_labels = {say(lang, {"位置参数", "position parameters"}), say(lang, {"L 加倍时", "with L doubled"}),
                    say(lang, {"依赖内容（1 = 是）", "content-dependent (1 = yes)"})};
    t.corner = say(lang, {"方法", "method"});
    t.integer = true;
    t.explain = [families, lang](int r, int c) -> std::string {
        if (r < 0 || c < 0 || r >= static_cast<int>(families.size()) || c >= 3) return "";
        return say(lang, method_words(families[static_cast<std::size_t>(r)]));
    };
    std::vector<std::string> notes = {
        say(lang, {"按 d_model = d·heads = {dm}、{heads} 个头、L = {L}、Shaw 的 k = {k}、T5 的 {nb} 个桶计数；Shaw 按每层计，其余按整个模型计。",
                   "Counted for d_model = d·heads = {dm}, {heads} heads, L = {L}, Shaw's k = {k} and T5's {nb} buckets; "
                   "Shaw per layer, the others per model."},
            {{"dm", integer(sizes.d_model)}, {"heads", integer(in.heads)}, {"L", integer(s.L)}, {"k", integer(in.clip)},
             {"nb", integer(in.num_buckets)}})};
    for (PeFamily f : families) notes.push_back(say(lang, method_words(f)));
    return make_view(say(lang, {"每种方法：参数、位置从哪里进入、能否外推、KV 缓存与融合内核", "Each method: parameters, where position enters, extrapolation, KV cache and fused kernels"}),
                     std::move(t), std::move(notes));
}

// [SECTION] the step
std::vector<ViewData> six_methods_views(const Inputs& in, Lang lang) {
    const SixMatrices s = six_matrices(in);
    std::vector<ViewData> out;
    out.push_back(method_heatmap(s, s.sinusoid, say(lang, {"正弦：Gram 矩阵 pᵢᵀpⱼ", "Sinusoidal: Gram matrix pᵢᵀpⱼ"}), false, lang));
    out.push_back(method_heatmap(s, s.learned, say(lang, {"可学习（随机初始化）：Gram 矩阵 pᵢᵀpⱼ", "Learned (random initialisation): Gram matrix pᵢᵀpⱼ"}), false, lang));
    out.push_back(method_heatmap(s, s.shaw, say(lang, {"Shaw：clip(j − i, −k, k)，k = {k}", "Shaw: clip(j − i, −k, k), k = {k}"}, {{"k", integer(in.clip)}}), true, lang));
    out.push_back(method_heatmap(s, s.t5,
                                 say(lang, {"T5：j − i 的桶（{nb} 个桶，max_distance = {md}）", "T5: bucket of j − i ({nb} buckets, max_distance = {md})"},
                                     {{"nb", integer(in.num_buckets)}, {"md", integer(s.max_distance)}}),
                                 true, lang));
    out.push_back(method_heatmap(s, s.alibi,
                                 say(lang, {"ALiBi：第 {h} 个头的偏置，斜率 {m}", "ALiBi: bias of head {h}, slope {m}"},
                                     {{"h", integer(std::clamp(in.head, 0, in.heads - 1))}, {"m", num(s.slope, 4)}}),
                                 false, lang));
    out.push_back(method_heatmap(s, s.rope, say(lang, {"RoPE：q = k = 1 时的分数", "RoPE: the score of q = k = 1"}), false, lang));
    out.push_back(method_table(in, s, lang));
    if (s.max_distance != in.max_distance)
        out[3].notes.push_back(say(lang, {"max_distance 必须大于 {exact} 个精确桶，这里用 {md}。", "max_distance must exceed the {exact} exact buckets; {md} is used here."},
                                   {{"exact", integer(t5_max_exact(in.num_buckets, true))}, {"md", integer(s.max_distance)}}));
    return out;
}

}  // namespace

Step six_methods() {
    return {
        "six-methods",
        {"六种方法并排：同一个 L 上的位置矩阵", "Six methods side by side: position matrices at one L"},
        {"最后把整个课程的六种方法放在同一个 L 上：正弦编码的 Gram 矩阵、随机初始化的可学习表的 Gram 矩阵、Shaw 截断后的相对距离、"
         "T5 的桶、ALiBi 的偏置和 RoPE 在 q = k = 1 时的分数。把鼠标放在任何一张图的格子上，提示会给出 i、j、j − i 以及六种方法在这个格子的值。"
         "正弦、Shaw、T5、ALiBi 和 RoPE 都只依赖 j − i，每张图下的残差接近 0；随机初始化的可学习表没有这种结构，要靠训练学出来。"
         "表格按当前的 d、L 和头数算出每种方法的位置参数，悬停在一行上可以读到位置从哪里进入、能否外推、是否适合 KV 缓存和融合内核。",
         "The closing step puts the course's six methods on one L: the Gram matrix of the sinusoidal encoding, the "
         "Gram matrix of a learned table at its random initialisation, Shaw's clipped relative distances, T5's "
         "buckets, ALiBi's bias and RoPE's score of q = k = 1. Hover over a cell of any heatmap and the tooltip "
         "gives i, j, j − i and the value of all six methods at that cell. Sinusoidal, Shaw, T5, ALiBi and RoPE "
         "depend on j − i alone, so the residual under each is near 0; the learned table at initialisation has no "
         "such structure and must learn it. The table computes each method's position parameters for the current "
         "d, L and head count, and hovering over a row reads where position enters, whether it extrapolates, and "
         "how it fits a KV cache and fused kernels."},
        {"d", "base", "L", "heads", "head", "mode", "clip", "num_buckets", "max_distance", "seed"},
        views_of(read_inputs, six_methods_views),
        {R"tex(G_{ij}=p_i^\top p_j=\sum_k\cos\bigl((j-i)\,\omega_k\bigr))tex",
         R"tex(\mathrm{Shaw}:\ \mathrm{clip}(j-i,-k,k),\qquad \mathrm{ALiBi}:\ -m\,|i-j|,\qquad \mathrm{RoPE}:\ \sum_i 2\cos\bigl((j-i)\,\theta_i\bigr))tex"},
    };
}

}  // namespace long_context
}  // namespace pelab
