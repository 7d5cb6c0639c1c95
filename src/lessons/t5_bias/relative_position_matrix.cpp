// PE Lab — lessons/t5_bias/relative_position_matrix.cpp
// Lesson "t5-bias", step "relative-position-matrix": the offset Δ = i − j of every (query i, key j). HF's compute_bias
// builds its negative, memory − context = j − i, and hands that to the bucket function; a note says so.
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

std::vector<ViewData> relative_position_views(const Inputs& in, Lang lang) {
    // core gives HF's j − i; the lesson shows Δ = i − j, its negative.
    const Eigen::MatrixXi delta = -t5_relative_position(in.L);
    HeatmapView view = ij_heatmap(delta.cast<double>(), lang);
    view.integer = true;
    view.decimals = 0;
    view.is_signed = true;
    const int L = in.L;
    view.explain = [L, lang](int r, int c) -> std::string {
        if (r < 0 || c < 0 || r >= L || c >= L) return "";
        const std::vector<Arg> args = {{"i", integer(r)}, {"j", integer(c)}, {"delta", integer(r - c)}};
        if (r > c) return say(lang, {"i = {i}，j = {j}：Δ = {delta}，键在查询之前", "i = {i}, j = {j}: Δ = {delta}, the key comes before the query"}, args);
        if (r < c) return say(lang, {"i = {i}，j = {j}：Δ = {delta}，键在查询之后", "i = {i}, j = {j}: Δ = {delta}, the key comes after the query"}, args);
        return say(lang, {"i = {i}，j = {j}：Δ = {delta}，同一位置", "i = {i}, j = {j}: Δ = {delta}, the same position"}, args);
    };
    std::vector<std::string> notes = {
        say(lang, {"Hugging Face 的代码算的是 j − i = −Δ，本课的桶都是它的分桶函数在 −Δ 处的值（Hugging Face: `compute_bias`）。",
                   "Hugging Face's code forms j − i = −Δ; this lesson's buckets are its bucket function at −Δ (Hugging Face: `compute_bias`)."})};
    return {make_view(say(lang, {"偏移 Δ = i − j", "Offset Δ = i − j"}), std::move(view), std::move(notes))};
}

}  // namespace

// [SECTION] the step
Step relative_position_matrix() {
    Step s = {
        "relative-position-matrix",
        {"偏移矩阵 Δ = i − j", "The offset matrix Δ = i − j"},
        {"每一对（查询 i，键 j）都有一个偏移 Δ = i − j：对角线上是 0，对角线下方为正（键在查询之前），上方为负（键在查询之后）。"
         "T5 的偏置只看这个数，所以先把它算出来。Hugging Face 的代码用的是相反的符号，图注说明怎样对应。",
         "Every pair (query i, key j) has an offset Δ = i − j: 0 on the diagonal, positive below it (the key comes "
         "before the query) and negative above it (after). T5's bias looks only at this number, so it is computed "
         "first. Hugging Face's code uses the opposite sign; the note says how the two match."},
        {"L"},
        views_of(read_inputs, relative_position_views),
        {R"tex(\Delta_{ij} = i - j \in \{-(L-1), \dots, L-1\})tex"},
    };
    s.takeaway = {"i、j 同时加 1 时 i − j 不变，故每条对角线上 Δ 相同：L = {L} 的网格只有 {n} 种偏移（−{m} … {m}）。",
                  "Δ is constant on each diagonal because shifting i and j together keeps i − j: {n} offsets, −{m} … {m}, at L = {L}."};
    s.takeaway_args = args_of(read_inputs, +[](const Inputs& in, Lang) {
        return std::vector<Arg>{{"L", integer(in.L)}, {"n", integer(2 * in.L - 1)}, {"m", integer(in.L - 1)}};
    });
    return s;
}

}  // namespace t5_bias_lesson
}  // namespace pelab
