// PE Lab — lessons/t5_bias/simplified_code.cpp
// Lesson "t5-bias", step "simplified-code": where the simplified code found in tutorials differs from HF — it hands the
// bucket function Δ = i − j where HF hands it j − i = −Δ, which swaps the halves (bidirectional) or collapses every
// visible key to bucket 0 (causal).
// Comments are English only: the font subset is built from the characters inside .cpp string literals.
//
// [SECTION] views
// [SECTION] the step
#include <string>
#include <vector>

#include "core/t5.h"
#include "lessons/lesson_util.h"
#include "lessons/t5_bias/t5_bias_lesson.h"

namespace pelab {
namespace t5_bias_lesson {

using namespace lessonui;

// [SECTION] views
namespace {

std::vector<ViewData> simplified_code_views(const Inputs& in, Lang lang) {
    const Eigen::MatrixXi hf = t5_bucket_matrix(in.L, in.num_buckets, in.max_distance, in.bidirectional);
    HeatmapView h = bucket_heatmap(hf, lang);
    std::vector<std::string> notes;
    notes.push_back(in.bidirectional ? say(lang, {"对角线是桶 0；Δ > 0 在前一半，Δ < 0 在后一半。",
                                                  "The diagonal is bucket 0; Δ > 0 uses the lower half, Δ < 0 the upper."})
                                     : say(lang, {"因果：Δ > 0 按距离分桶，之后的键是桶 0。",
                                                  "Causal: Δ > 0 gets buckets by distance, later keys bucket 0."}));
    std::vector<ViewData> out;
    out.push_back(make_view(say(lang, {"Hugging Face：bucket(Δ)", "Hugging Face: bucket(Δ)"}), std::move(h), std::move(notes)));
    if (in.simplified) {
        const Eigen::MatrixXi simple = t5_tutorial_bucket_matrix(in.L, in.num_buckets, in.max_distance, in.bidirectional);
        HeatmapView s = bucket_heatmap(simple, lang);
        s.highlight_cells = differing_cells(simple, hf);
        std::vector<std::string> s_notes;
        s_notes.push_back(say(lang, {"与 Hugging Face 不同的格子（已框出）：{n} / {cells}", "Cells that differ from Hugging Face (outlined): {n} / {cells}"},
                              {{"n", integer(static_cast<long long>(s.highlight_cells.size()))}, {"cells", integer(in.L * in.L)}}));
        s_notes.push_back(say(lang, {"按 Hugging Face 的桶学到的偏置，这样会用在错的偏移上。",
                                     "Biases learned with Hugging Face's buckets would then be read for the wrong offsets."}));
        out.push_back(make_view(say(lang, {"简化代码算出的桶", "The tutorial code's buckets"}), std::move(s),
                                std::move(s_notes)));
    }
    note_max_distance(out[0], in, in.num_buckets, lang);
    return out;
}

// The takeaway's numbers: how many buckets the simplified code gets wrong, and what goes wrong.
std::vector<Arg> simplified_code_args(const Inputs& in, Lang lang) {
    const Eigen::MatrixXi hf = t5_bucket_matrix(in.L, in.num_buckets, in.max_distance, in.bidirectional);
    const Eigen::MatrixXi simple = t5_tutorial_bucket_matrix(in.L, in.num_buckets, in.max_distance, in.bidirectional);
    return {{"n", integer(static_cast<long long>(differing_cells(simple, hf).size()))},
            {"cells", integer(1LL * in.L * in.L)},
            {"effect", in.bidirectional
                           ? say(lang, {"前后两半对调，对角线移到桶 {half}", "the halves swap, the diagonal in bucket {half}"},
                                 {{"half", integer(in.num_buckets / 2)}})
                           : say(lang, {"能看到的键全落进桶 0",
                                        "every visible key lands in bucket 0"})}};
}

}  // namespace

// [SECTION] the step
Step simplified_code_differences() {
    Step s = {
        "simplified-code",
        {"简化代码与 Hugging Face 的差别", "Where simplified code differs from Hugging Face"},
        {"教程里常见的一种简化 PyTorch 写法把偏移的符号弄反了：Hugging Face 把 j − i = −Δ 交给分桶函数 f（Hugging Face: `_relative_position_bucket`），简化写法交的是 +Δ。"
         "双向时它因此把 Δ ≥ 0 放进后一半，对角线落在桶 num_buckets/2，前后两半整个对调；因果时它取 max(−Δ, 0)，模型能看到的每个键都塌缩到桶 0，距离信息全部丢失。"
         "本工具按 Hugging Face 计算；右边并排画出简化写法的桶，并框出不同的格子（取消勾选 simplified 可隐藏）。",
         "A common simplified PyTorch version found in tutorials gets the offset's sign wrong: Hugging Face hands "
         "j − i = −Δ to its bucket function f (Hugging Face: `_relative_position_bucket`), the simplified code hands it +Δ. In bidirectional mode it therefore sends Δ ≥ 0 to "
         "the upper half, so the diagonal lands in bucket num_buckets/2 and the halves are swapped; in causal mode it "
         "takes max(−Δ, 0), which collapses every key the model can see to bucket 0 and loses all distance "
         "information. The widget follows Hugging Face; the simplified version's buckets stand beside them with the "
         "differing cells outlined (untick simplified to hide them)."},
        {"L", "num_buckets", "max_distance", "bidirectional", "simplified"},
        views_of(read_inputs, simplified_code_views),
        {
         {R"tex(\text{Hugging Face：} f(-\Delta), \qquad \text{教程：} f(+\Delta))tex",
          R"tex(\text{Hugging Face: } f(-\Delta), \qquad \text{tutorial: } f(+\Delta))tex"},
         {R"tex(\text{因果，Hugging Face：} r = \max(\Delta,\, 0), \qquad \text{教程：} r = \max(-\Delta,\, 0))tex",
          R"tex(\text{causal, Hugging Face: } r = \max(\Delta,\, 0), \qquad \text{tutorial: } r = \max(-\Delta,\, 0))tex"}},
    };
    s.takeaway = {"简化代码给分桶函数传 Δ 而非 −Δ：{cells} 个格子错了 {n} 个，{effect}。",
                  "Tutorial code feeds the bucket function Δ, not −Δ: {n} of {cells} cells go wrong: {effect}."};
    s.takeaway_args = args_of(read_inputs, simplified_code_args);
    return s;
}

}  // namespace t5_bias_lesson
}  // namespace pelab
