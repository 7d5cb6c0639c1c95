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

#include "core/relative/t5.h"
#include "lessons/lesson_util.h"
#include "lessons/t5_bias/t5_bias_lesson.h"

namespace pelab {
namespace t5_bias_lesson {

using namespace lessonui;

// [SECTION] views
namespace {

// Where the simplified code's buckets differ from Hugging Face's: off the diagonal (the flipped sign) and on it
// (its half test sends Δ = 0 up, where Hugging Face's strict −Δ > 0 keeps it in bucket 0).
struct Differences {
    long long all = 0, diagonal = 0;
};

Differences count_differences(const Eigen::MatrixXi& simple, const Eigen::MatrixXi& hf) {
    Differences d;
    for (const auto& [i, j] : differing_cells(simple, hf)) {
        ++d.all;
        if (i == j) ++d.diagonal;
    }
    return d;
}

std::vector<ViewData> simplified_code_views(const Inputs& in, Lang lang) {
    const Eigen::MatrixXi hf = t5_bucket_matrix(in.L, in.num_buckets, in.max_distance, in.bidirectional);
    HeatmapView h = bucket_heatmap(hf, lang);
    // One colour scale for both maps (every bucket the table holds), so one colour is one bucket on both.
    h.scale_lo = 0;
    h.scale_hi = in.num_buckets - 1;
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
        s.scale_lo = 0;
        s.scale_hi = in.num_buckets - 1;
        s.highlight_cells = differing_cells(simple, hf);
        const Differences d = count_differences(simple, hf);
        std::vector<std::string> s_notes;
        s_notes.push_back(say(lang, {"与 Hugging Face 不同（已框出）：{n} / {cells}；对角线外 {off}，对角线上 {diag}。",
                                     "Differ from Hugging Face (outlined): {n} / {cells}; {off} off the diagonal, {diag} on it."},
                              {{"n", integer(d.all)}, {"cells", integer(in.L * in.L)}, {"off", integer(d.all - d.diagonal)},
                               {"diag", integer(d.diagonal)}}));
        s_notes.push_back(say(lang, {"颜色刻度与左图相同。按 Hugging Face 的桶学到的偏置，这样会用在错的偏移上。",
                                     "Same colour scale as the left map. Biases learned with Hugging Face's buckets would be read for the wrong offsets."}));
        out.push_back(make_view(say(lang, {"简化代码算出的桶", "The tutorial code's buckets"}), std::move(s),
                                std::move(s_notes)));
    }
    note_max_distance(out[0], in, in.num_buckets, lang);
    return out;
}

// The takeaway's numbers: how many buckets the simplified code gets wrong, and why, off the diagonal and on it.
std::vector<Arg> simplified_code_args(const Inputs& in, Lang lang) {
    const Eigen::MatrixXi hf = t5_bucket_matrix(in.L, in.num_buckets, in.max_distance, in.bidirectional);
    const Eigen::MatrixXi simple = t5_tutorial_bucket_matrix(in.L, in.num_buckets, in.max_distance, in.bidirectional);
    const Differences d = count_differences(simple, hf);
    const std::vector<Arg> both_halves = {{"off", integer(d.all - d.diagonal)}, {"diag", integer(d.diagonal)}};
    const std::vector<Arg> one_side = {{"same", integer(1LL * in.L * in.L - d.all)}};
    return {{"n", integer(d.all)},
            {"cells", integer(1LL * in.L * in.L)},
            {"why", in.bidirectional
                        ? say(lang, {"符号弄反对调两半（{off} 格），判断 Δ ≥ 0 移动对角线（{diag} 格）",
                                     "its sign flip swaps the halves ({off}), its test Δ ≥ 0 moves the diagonal ({diag})"},
                              both_halves)
                        : say(lang, {"传 Δ 而非 −Δ，看得到的键全落进桶 0，只有对角线 {same} 格一致",
                                     "feeding Δ, not −Δ, puts every visible key in bucket 0; the diagonal ({same}) agrees"},
                              one_side)}};
}

}  // namespace

// [SECTION] the step
Step simplified_code_differences() {
    Step s = {
        "simplified-code",
        {"简化代码与 Hugging Face 的差别", "Where simplified code differs from Hugging Face"},
        {"教程里常见的一种简化 PyTorch 写法有两处与 Hugging Face 不同。其一是符号：Hugging Face 把 j − i = −Δ 交给分桶函数 f（Hugging Face: `_relative_position_bucket`），简化写法交的是 i − j = +Δ。"
         "其二是双向时分半的判断：Hugging Face 只把 −Δ > 0（键在查询之后）放进后一半，对角线 Δ = 0 留在桶 0；简化写法把 Δ ≥ 0 放进后一半，连对角线一起。"
         "所以对角线外的格子因符号而前后两半对调，对角线上的格子因判断而落到桶 num_buckets/2：没有一个格子是对的。"
         "因果时它取 max(−Δ, 0)，模型能看到的每个键都塌缩到桶 0，距离信息全部丢失，只有对角线碰巧一致。"
         "本工具按 Hugging Face 计算；右边并排画出简化写法的桶（同一颜色刻度），并框出不同的格子（取消勾选 simplified 可隐藏）。",
         "A common simplified PyTorch version found in tutorials differs from Hugging Face in two places. First the sign: "
         "Hugging Face hands j − i = −Δ to its bucket function f (Hugging Face: `_relative_position_bucket`), the "
         "simplified code hands it i − j = +Δ. Second, in bidirectional mode, the test that picks the half: Hugging Face "
         "sends only −Δ > 0 (keys after the query) to the upper half and keeps the diagonal Δ = 0 in bucket 0; the "
         "simplified code sends every Δ ≥ 0 there, the diagonal included. So off the diagonal the sign swaps the halves, "
         "and on it the test moves the cells to bucket num_buckets/2: not one cell is right. In causal mode it takes "
         "max(−Δ, 0), which collapses every key the model can see to bucket 0 and loses all distance information; only "
         "the diagonal agrees, by chance. The widget follows Hugging Face; the simplified version's buckets stand beside "
         "them on the same colour scale with the differing cells outlined (untick simplified to hide them)."},
        {"L", "num_buckets", "max_distance", "bidirectional", "simplified"},
        views_of(read_inputs, simplified_code_views),
        {
         {R"tex(\text{Hugging Face：} f(-\Delta), \qquad \text{教程：} f(+\Delta))tex",
          R"tex(\text{Hugging Face: } f(-\Delta), \qquad \text{tutorial: } f(+\Delta))tex"},
         {R"tex(\text{后一半：Hugging Face } {-\Delta} > 0, \quad \text{教程 } \Delta \ge 0)tex",
          R"tex(\text{upper half: Hugging Face } {-\Delta} > 0, \quad \text{tutorial } \Delta \ge 0)tex"}},
    };
    s.takeaway = {"简化代码：{why}，{n}/{cells} 格不同。",
                  "Tutorial code: {why}: {n} of {cells} cells differ."};
    s.takeaway_args = args_of(read_inputs, simplified_code_args);
    return s;
}

}  // namespace t5_bias_lesson
}  // namespace pelab
