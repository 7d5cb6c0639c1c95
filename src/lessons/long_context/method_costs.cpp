// PE Lab — lessons/long_context/method_costs.cpp
// Lesson "long-context", step "method-costs", the closing comparison's last part: a table of the six methods'
// position parameters at the current d, L and head count (and with L doubled), whether each depends on
// content, and, on hover, where position enters, extrapolation, KV cache and fused kernels.
// Comments are English only: the font subset is built from the characters inside .cpp string literals.
//
// [SECTION] the words
// [SECTION] views
// [SECTION] the step
#include "core/pe_compare.h"
#include "lessons/lesson_util.h"
#include "lessons/long_context/long_context.h"

namespace pelab {
namespace long_context {

using namespace lessonui;

// [SECTION] the words
// One whole sentence per method: where position enters, content dependence, beyond L, KV cache, fused kernels.
static const Text& method_words(PeFamily f) {
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

static std::string method_name(PeFamily f, Lang lang) {
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

static bool content_dependent(PeFamily f) { return f != PeFamily::t5 && f != PeFamily::alibi; }

// [SECTION] views
static std::vector<ViewData> method_costs_views(const Inputs& in, Lang lang) {
    const int L = in.alibi_L;
    PeSizes sizes;
    sizes.d_model = in.d * in.heads;  // d is the rotary (head) width here: d_model = d · heads
    sizes.L = L;
    sizes.heads = in.heads;
    sizes.shaw_k = in.clip;
    sizes.num_buckets = in.num_buckets;
    PeSizes doubled = sizes;
    doubled.L = 2 * L;
    const std::vector<PeFamily>& families = all_pe_families();
    TableView t;
    t.values.resize(static_cast<Eigen::Index>(families.size()), 3);
    for (std::size_t r = 0; r < families.size(); ++r) {
        const PeFamily f = families[r];
        t.values.row(static_cast<Eigen::Index>(r)) << static_cast<double>(pe_parameter_count(f, sizes)),
            static_cast<double>(pe_parameter_count(f, doubled)), content_dependent(f) ? 1.0 : 0.0;
        t.row_labels.push_back(method_name(f, lang));
        // The deciding cells: the one table that grows with L, and whether position acts through content.
        const int row = static_cast<int>(r);
        if (t.values(row, 1) > t.values(row, 0)) t.marks.push_back({row, 1, false, say(lang, {"随 L 增长", "grows with L"})});
        const bool content = t.values(row, 2) == 1.0;
        t.marks.push_back({row, 2, content, say(lang, content ? Text{"依赖内容", "through content"} : Text{"只看距离", "distance only"})});
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
            {{"dm", integer(sizes.d_model)}, {"heads", integer(in.heads)}, {"L", integer(L)}, {"k", integer(in.clip)},
             {"nb", integer(in.num_buckets)}})};
    notes.push_back(say(lang, {"悬停在一行上，可以读到这种方法的位置从哪里进入、能否外推、是否适合 KV 缓存和融合内核。",
                               "Hover over a row to read where the method's position enters, whether it extrapolates, and how it "
                               "fits a KV cache and fused kernels."}));
    return {make_view(say(lang, {"每种方法：位置参数与是否依赖内容", "Each method: position parameters and content dependence"}),
                      std::move(t), std::move(notes))};
}

// [SECTION] the step
Step method_costs() {
    return {
        "method-costs",
        {"六种方法之三：参数与代价", "Six methods, 3: parameters and costs"},
        {"只有可学习的绝对位置表随 L 增长，而且超出 L 就没有向量；其余方法的位置参数与 L 无关。"
         "表格按当前的 d、L 和头数算出每种方法的位置参数、L 加倍时的参数，以及位置效应是否依赖内容（T5 和 ALiBi 的偏置只看距离）。",
         "Only the learned absolute table grows with L, and beyond L it has no vector at all; the other methods' "
         "position parameters do not depend on L. The table computes each method's position parameters for the "
         "current d, L and head count, the same with L doubled, and whether the position effect depends on "
         "content (T5's and ALiBi's biases look at distance only)."},
        {"d", "L", "heads", "clip", "num_buckets"},
        views_of(read_inputs, method_costs_views),
        {{R"tex(\text{学习式：}L\cdot d_{\mathrm{model}},\qquad \text{Shaw：}2(2k+1)\,d_{\mathrm{head}},\qquad \text{T5：桶数}\cdot\text{头数})tex", R"tex(\text{learned: }L\cdot d_{\mathrm{model}},\qquad \text{Shaw: }2(2k+1)\,d_{\mathrm{head}},\qquad \text{T5: buckets}\cdot\text{heads})tex"}},
    };
}

}  // namespace long_context
}  // namespace pelab
