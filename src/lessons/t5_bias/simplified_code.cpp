// PE Lab — lessons/t5_bias/simplified_code.cpp
// Lesson "t5-bias", step "simplified-code": where the simplified code found in tutorials differs from HF — the sign of
// the relative position (i − j) and the causal branch.
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
    HeatmapView h = bucket_heatmap(hf, lang, false);
    std::vector<std::string> notes;
    notes.push_back(in.bidirectional ? say(lang, {"HF：对角线是桶 0，查询之前的键在前一半，之后的键在后一半。",
                                                  "HF: the diagonal is bucket 0, earlier keys use the lower half, later keys the upper half."})
                                     : say(lang, {"HF 因果：之前的键按距离分到不同的桶，之后的键是桶 0。",
                                                  "HF causal: earlier keys get buckets by distance, later keys bucket 0."}));
    std::vector<ViewData> out;
    out.push_back(make_view(say(lang, {"HF：bucket(j − i)", "HF: bucket(j − i)"}), std::move(h), std::move(notes)));
    if (in.simplified) {
        const Eigen::MatrixXi simple = t5_tutorial_bucket_matrix(in.L, in.num_buckets, in.max_distance, in.bidirectional);
        HeatmapView s = bucket_heatmap(simple, lang, true);
        s.highlight_cells = differing_cells(simple, hf);
        std::vector<std::string> s_notes;
        s_notes.push_back(say(lang, {"与 HF 不同的格子（已框出）：{n} / {cells}", "Cells that differ from HF (outlined): {n} / {cells}"},
                              {{"n", integer(static_cast<long long>(s.highlight_cells.size()))}, {"cells", integer(in.L * in.L)}}));
        s_notes.push_back(in.bidirectional
                              ? say(lang, {"简化代码用 i − j，并把 i − j ≥ 0 放进后一半：对角线落在桶 num_buckets/2，前后两半整个对调。",
                                           "The simplified code uses i − j and sends i − j ≥ 0 to the upper half: the diagonal lands in bucket num_buckets/2 "
                                           "and the two halves are swapped."})
                              : say(lang, {"简化代码的因果模式取 max(j − i, 0)：模型能看到的每个键（j ≤ i）都塌缩到桶 0。",
                                           "The simplified code's causal mode takes max(j − i, 0): every key the model can see (j ≤ i) collapses to bucket 0."}));
        out.push_back(make_view(say(lang, {"常见的简化代码：bucket(i − j)", "Simplified code found in tutorials: bucket(i − j)"}), std::move(s), std::move(s_notes)));
    }
    note_max_distance(out[0], in, in.num_buckets, lang);
    return out;
}

}  // namespace

// [SECTION] the step
Step simplified_code_differences() {
    return {
        "simplified-code",
        {"简化代码与 HF 的差别", "Where simplified code differs from HF"},
        {"教程里常见的一种简化 PyTorch 写法在三处与 HF 不同。它用 i − j 而不是 j − i；双向时把 i − j ≥ 0 放进后一半，于是对角线落在桶 num_buckets/2，"
         "前后两半整个对调；因果时取 max(j − i, 0)，模型能看到的每个键都塌缩到桶 0，距离信息全部丢失。"
         "本工具按 HF 计算；右边并排画出简化写法的桶，并框出不同的格子（取消勾选 simplified 可隐藏）。",
         "A common simplified PyTorch version found in tutorials differs from HF in three places. It uses i − j instead of j − i; in bidirectional "
         "mode it sends i − j ≥ 0 to the upper half, so the diagonal lands in bucket num_buckets/2 and the halves "
         "are swapped; in causal mode it takes max(j − i, 0), which collapses every key the model can see to bucket "
         "0 and loses all distance information. The widget follows HF; the simplified version's buckets stand beside "
         "them with the differing cells outlined (untick simplified to hide them)."},
        {"L", "num_buckets", "max_distance", "bidirectional", "simplified"},
        views_of(read_inputs, simplified_code_views),
        {
         {R"tex(\text{HF：} j - i, \qquad \text{教程：} i - j)tex", R"tex(\text{HF: } j - i, \qquad \text{tutorial: } i - j)tex"},
         {R"tex(\text{因果，HF：} \max(i - j,\, 0), \qquad \text{教程：} \max(j - i,\, 0))tex", R"tex(\text{causal, HF: } \max(i - j,\, 0), \qquad \text{tutorial: } \max(j - i,\, 0))tex"}},
    };
}

}  // namespace t5_bias_lesson
}  // namespace pelab
