// PE Lab — lessons/shaw/relative_matrix_sign.cpp
// Step "relative-matrix-sign" of shaw: the relative distance j − i of every pair (tensor2tensor's sign) and
// the tutorial form i − j beside it. Its views, then the step.
// Comments are English only: the font subset is built from the characters inside this file's strings.
//
// [SECTION] the relative position matrix and its sign
#include <string>
#include <vector>

#include "core/shaw.h"
#include "lessons/shaw/shaw_lesson.h"
#include "lessons/lesson_util.h"

namespace pelab {
namespace shaw_lesson {

using namespace lessonui;  // shared display helpers (lessons/lesson_util.h)

// [SECTION] the relative position matrix and its sign
namespace {

std::vector<ViewData> sign_views(const Inputs& in, Lang lang) {
    const int L = in.L;
    HeatmapView ref = index_view(shaw_relative_distance(L), lang);
    ref.is_signed = true;
    ref.explain = [L, lang](int r, int c) -> std::string {
        if (r < 0 || c < 0 || r >= L || c >= L) return "";
        const int d = c - r;
        const std::vector<Arg> args = {{"i", pos(r)}, {"j", pos(c)}, {"dist", integer(d)}};
        if (d > 0) return say(lang, {"i = {i}, j = {j}: j − i = {dist}，键在查询之后", "i = {i}, j = {j}: j − i = {dist}, the key comes after the query"}, args);
        if (d < 0) return say(lang, {"i = {i}, j = {j}: j − i = {dist}，键在查询之前", "i = {i}, j = {j}: j − i = {dist}, the key comes before the query"}, args);
        return say(lang, {"i = {i}, j = {j}: j − i = {dist}，同一位置", "i = {i}, j = {j}: j − i = {dist}, the same position"}, args);
    };
    std::vector<std::string> ref_notes = {
        say(lang, {"值为正：键在查询的右边（更晚）。", "Positive: the key lies to the right of the query (later)."}),
    };
    std::vector<ViewData> out = {make_view(say(lang, {"相对距离 j − i（tensor2tensor 的约定）", "Relative distance j − i (tensor2tensor's convention)"}),
                                           std::move(ref), ref_notes)};
    if (in.tutorial) {
        Eigen::MatrixXi flipped(L, L);
        for (int i = 0; i < L; ++i)
            for (int j = 0; j < L; ++j) flipped(i, j) = i - j;
        HeatmapView sv = index_view(flipped, lang);
        sv.is_signed = true;
        sv.explain = [L, lang](int r, int c) -> std::string {
            if (r < 0 || c < 0 || r >= L || c >= L) return "";
            return say(lang, {"i = {i}, j = {j}: i − j = {dist}", "i = {i}, j = {j}: i − j = {dist}"},
                       {{"i", pos(r)}, {"j", pos(c)}, {"dist", integer(r - c)}});
        };
        for (int i = 0; i < L; ++i)
            for (int j = 0; j < L; ++j)
                if (i != j) sv.highlight_cells.push_back({i, j});
        out.push_back(make_view(say(lang, {"常见的简化写法：i − j", "The common tutorial form: i − j"}), std::move(sv),
                                {say(lang, {"除对角线外每个格子都与参考相反（已框出）：简化写法用 i − j，tensor2tensor 用 j − i。",
                                            "Every cell off the diagonal has the opposite sign (outlined): the tutorial form uses i − j, tensor2tensor j − i."})}));
    }
    return out;
}

}  // namespace

Step relative_matrix_and_sign() {
    return {
        "relative-matrix-sign",
        {"相对位置矩阵与符号约定", "The relative position matrix and its sign"},
        {"tensor2tensor 把相对距离写成 j − i；教程常把它反过来写成 i − j。"
         "先为每一对 (i, j) 写下相对距离。参考实现 tensor2tensor 用 j − i（键减查询）：正数表示键在查询右边。"
         "常见的简化写法（许多教程的代码）写的是 i − j，符号正好相反；两种都能用，但一张表训练好后，读它的代码必须用同一种约定。"
         "勾选 tutorial 可以把简化写法的矩阵并排显示。"
         "行是查询 i，列是键 j。注意：悬停显示的 Δ = q − k = i − j，正好是格子里的值取负。",
         "tensor2tensor writes the relative distance as j − i; tutorials often flip it to i − j. "
         "First write down the relative distance of every pair (i, j). The reference, tensor2tensor, uses j − i "
         "(key minus query): positive means the key lies to the right of the query. A common simplified version found in tutorials writes "
         "i − j, the opposite sign; either works, but once a table is trained, the code that reads it must keep the "
         "same convention. Tick tutorial to show that matrix beside it. Rows are queries i, columns keys j. Note: the hover "
         "shows Δ = q − k = i − j, which is minus the value in the cell."},
        {"L", "tutorial"},
        views_of(read_inputs, sign_views),
        {
         {R"tex(D_{ij} = j - i \quad \text{(tensor2tensor)}, \qquad D^{\text{教程}}_{ij} = i - j = -D_{ij})tex", R"tex(D_{ij} = j - i \quad \text{(tensor2tensor)}, \qquad D^{\mathrm{tutorial}}_{ij} = i - j = -D_{ij})tex"}},
    };
}

}  // namespace shaw_lesson
}  // namespace pelab
