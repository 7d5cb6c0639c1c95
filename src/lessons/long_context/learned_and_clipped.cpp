// PE Lab — lessons/long_context/learned_and_clipped.cpp
// Lesson "long-context", step "learned-and-clipped", the closing comparison's second part: the learned
// positions — a learned table's Gram matrix at its random initialisation, Shaw's clipped distances and T5's
// buckets — each as an L×L heatmap whose hover gives every method's value at that cell.
// Comments are English only: the font subset is built from the characters inside .cpp string literals.
//
// [SECTION] views
// [SECTION] the step
#include "core/t5.h"
#include "lessons/lesson_util.h"
#include "lessons/long_context/long_context.h"

namespace pelab {
namespace long_context {

using namespace lessonui;

// [SECTION] views
static std::vector<ViewData> learned_and_clipped_views(const Inputs& in, Lang lang) {
    const SixMatrices s = six_matrices(in);
    std::vector<ViewData> out = {
        method_heatmap(s, s.learned, say(lang, {"可学习（随机初始化）：Gram 矩阵 pᵢᵀpⱼ", "Learned (random initialisation): Gram matrix pᵢᵀpⱼ"}), false, lang),
        method_heatmap(s, s.shaw, say(lang, {"Shaw：clip(j − i, −k, k)，k = {k}", "Shaw: clip(j − i, −k, k), k = {k}"}, {{"k", integer(in.clip)}}), true, lang),
        method_heatmap(s, s.t5, say(lang, {"T5：{nb} 个桶，max_distance = {md}", "T5: {nb} buckets, max_distance {md}"},
                                    {{"nb", integer(in.num_buckets)}, {"md", integer(s.max_distance)}}), true, lang),
    };
    if (s.max_distance != in.max_distance)
        out[2].notes.push_back(say(lang, {"max_distance 必须大于 {exact} 个精确桶，这里用 {md}。", "max_distance must exceed the {exact} exact buckets; {md} is used here."},
                                   {{"exact", integer(t5_max_exact(in.num_buckets, true))}, {"md", integer(s.max_distance)}}));
    return out;
}

// [SECTION] the step
Step learned_and_clipped() {
    return {
        "learned-and-clipped",
        {"六种方法之二：学出来的位置", "Six methods, 2: learned positions"},
        {"学出来的位置在训练长度之外要么没有定义，要么被截断。[[lesson:absolute-pe|可学习的表]]只有 L 行，[[lesson:shaw|Shaw]] 把超过 ±k 的距离截成同一个，[[lesson:t5-bias|T5]] 把远距离都放进最后一个桶。"
         "三张热力图是随机初始化的可学习表的 Gram 矩阵（还没有 j − i 的结构，要靠训练学出来）、Shaw 截断后的相对距离和 T5 的桶；"
         "每张图下的残差量出它离“只依赖 j − i”有多远。",
         "Learned positions are either undefined or clipped beyond the training length. A [[lesson:absolute-pe|learned table]] has "
         "only L rows, [[lesson:shaw|Shaw]] clips every distance beyond ±k to one value, and [[lesson:t5-bias|T5]] puts all far "
         "distances into its last bucket. The three heatmaps are the Gram matrix of a learned table at its random initialisation (no "
         "j − i structure yet: training must learn it), Shaw's clipped relative distances and T5's buckets; the "
         "residual under each measures how far it is from depending on j − i alone."},
        {"d", "L", "clip", "num_buckets", "max_distance", "seed"},
        views_of(read_inputs, learned_and_clipped_views),
        {R"tex(\mathrm{Shaw}:\ \mathrm{clip}(j-i,-k,k),\qquad \mathrm{T5}:\ \mathrm{bucket}(j-i))tex"},
    };
}

}  // namespace long_context
}  // namespace pelab
