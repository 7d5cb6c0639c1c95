// PE Lab — lessons/t5_bias/relative_position_matrix.cpp
// Lesson "t5-bias", step "relative-position-matrix": the relative position matrix as HF's compute_bias builds it,
// memory − context = key − query = j − i.
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

std::vector<ViewData> relative_position_views(const Inputs& in, Lang lang) {
    HeatmapView view = bucket_heatmap(t5_relative_position(in.L), lang, false);
    view.is_signed = true;
    const int L = in.L;
    view.explain = [L, lang](int r, int c) -> std::string {
        if (r < 0 || c < 0 || r >= L || c >= L) return "";
        const std::vector<Arg> args = {{"j", integer(c)}, {"i", integer(r)}, {"rel", integer(c - r)}};
        return c > r ? say(lang, {"键位置 {j} − 查询位置 {i} = {rel}：键在查询之后",
                                  "memory (key) {j} − context (query) {i} = {rel}: the key comes after the query"},
                           args)
                     : say(lang, {"键位置 {j} − 查询位置 {i} = {rel}", "memory (key) {j} − context (query) {i} = {rel}"}, args);
    };
    std::vector<std::string> notes = {
        say(lang, {"HF 用 j − i（键减查询）：正数表示键在查询之后。悬停显示的 Δ = q − k 是它的相反数。",
                   "HF uses j − i (key minus query): positive means the key comes after the query. The hover's Δ = q − k is its negative."})};
    return {make_view("relative_position = memory_position − context_position", std::move(view), std::move(notes))};
}

}  // namespace

// [SECTION] the step
Step relative_position_matrix() {
    return {
        "relative-position-matrix",
        {"相对位置矩阵", "The relative position matrix"},
        {"HF 的 compute_bias 先写 relative_position = memory_position − context_position，也就是键位置减查询位置 j − i。"
         "对角线是 0，右上方为正（键在查询之后），左下方为负。",
         "HF's compute_bias first forms relative_position = memory_position − context_position, i.e. key position "
         "minus query position, j − i. The diagonal is 0, the upper right positive (the key comes after the query) "
         "and the lower left negative."},
        {"L"},
        views_of(read_inputs, relative_position_views),
        {
         R"tex(\mathrm{relative\_position}[i,j] = j - i)tex"},
    };
}

}  // namespace t5_bias_lesson
}  // namespace pelab
