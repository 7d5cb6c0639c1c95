// PE Lab — lessons/shaw/relative_matrix_sign.cpp
// Step "relative-matrix-sign" of shaw: the offset Δ = i − j of every pair, as the lesson writes it, beside the
// paper's and tensor2tensor's sign j − i = −Δ: the same offsets with every cell off the diagonal flipped, which is
// why a trained table must be read with the sign it was trained with. Its views, then the step.
// Comments are English only: the font subset is built from the characters inside this file's strings.
//
// [SECTION] the offset matrix and its sign
#include <string>
#include <vector>

#include "core/relative/shaw.h"
#include "lessons/shaw/shaw_lesson.h"
#include "lessons/lesson_util.h"

namespace pelab {
namespace shaw_lesson {

using namespace lessonui;  // shared display helpers (lessons/lesson_util.h)

// [SECTION] the offset matrix and its sign
namespace {

std::vector<ViewData> sign_views(const Inputs& in, Lang lang) {
    const int L = in.L;
    // core gives tensor2tensor's j − i; the lesson's offset is its negative.
    const Eigen::MatrixXi code = shaw_relative_distance(L);
    const Eigen::MatrixXi delta = -code;
    HeatmapView ours = index_view(delta, lang);
    ours.is_signed = true;
    ours.explain = [L, lang](int r, int c) -> std::string {
        if (r < 0 || c < 0 || r >= L || c >= L) return "";
        const std::vector<Arg> args = {{"i", pos(r)}, {"j", pos(c)}, {"dist", integer(r - c)}};
        if (r > c) return say(lang, {"i = {i}，j = {j}：Δ = {dist}，键在查询之前", "i = {i}, j = {j}: Δ = {dist}, the key comes before the query"}, args);
        if (r < c) return say(lang, {"i = {i}，j = {j}：Δ = {dist}，键在查询之后", "i = {i}, j = {j}: Δ = {dist}, the key comes after the query"}, args);
        return say(lang, {"i = {i}，j = {j}：Δ = {dist}，同一位置", "i = {i}, j = {j}: Δ = {dist}, the same position"}, args);
    };
    HeatmapView theirs = index_view(code, lang);
    theirs.is_signed = true;
    theirs.explain = [L, lang](int r, int c) -> std::string {
        if (r < 0 || c < 0 || r >= L || c >= L) return "";
        return say(lang, {"i = {i}，j = {j}：−Δ = {value}", "i = {i}, j = {j}: −Δ = {value}"},
                   {{"i", pos(r)}, {"j", pos(c)}, {"value", integer(c - r)}});
    };
    for (int i = 0; i < L; ++i)
        for (int j = 0; j < L; ++j)
            if (i != j) theirs.highlight_cells.push_back({i, j});
    return {make_view(say(lang, {"偏移 Δ = i − j", "Offset Δ = i − j"}), std::move(ours),
                      {say(lang, {"正数：键在查询左边（更早）。常见的教程代码也写 i − j。",
                                  "Positive: the key lies left of the query (earlier). Common tutorial code writes i − j too."})}),
            make_view(say(lang, {"论文与参考代码的符号：−Δ", "The paper's and the reference code's sign: −Δ"}), std::move(theirs),
                      {say(lang, {"Shaw 等人和 tensor2tensor 写的是 j − i（键减查询）= −Δ：对角线以外每个格子都变号（已框出）。",
                                  "Shaw et al. and tensor2tensor write j − i (key minus query) = −Δ: every cell off the diagonal "
                                  "flips its sign (outlined)."})})};
}

}  // namespace

Step relative_matrix_and_sign() {
    Step s = {
        "relative-matrix-sign",
        {"偏移矩阵与符号约定", "The offset matrix and its sign"},
        {"先为每一对 (i, j) 写下偏移 Δ = i − j：对角线是 0，对角线下方为正（键在查询左边，更早），上方为负。行是查询 i，列是键 j。"
         "Shaw 等人的论文和他们的参考代码 [[tensor2tensor]] 用的是相反的符号（右图）；两种都能用，"
         "但一张表训练好后，读它的代码必须沿用训练时的约定，否则每一对都会读到镜像偏移的向量。",
         "First write down the offset Δ = i − j of every pair: 0 on the diagonal, positive below it (the key lies left "
         "of the query, earlier), negative above. Rows are queries i, columns keys j. Shaw et al.'s paper and their "
         "reference code, [[tensor2tensor]], use the opposite sign (right); either works, but once a table is trained, "
         "the code that reads it must keep the sign it was trained with, or every pair reads the vector of its mirror "
         "offset."},
        {"L"},
        views_of(read_inputs, sign_views),
        {{R"tex(\Delta_{ij} = i - j, \qquad \text{论文与参考代码：} -\Delta_{ij})tex",
          R"tex(\Delta_{ij} = i - j, \qquad \text{paper and reference code: } -\Delta_{ij})tex"}},
    };
    s.takeaway = {"两张矩阵的偏移相同、符号相反：按一种符号训练的表若按另一种去读，{cells} 对中有 {flipped} 对会拿到镜像偏移的向量。",
                  "The two matrices hold the same offsets with opposite signs, so a table trained with one sign and read "
                  "with the other hands {flipped} of {cells} pairs their mirror offset's vector."};
    s.takeaway_args = args_of(read_inputs, +[](const Inputs& in, Lang) {
        return std::vector<Arg>{{"flipped", integer(1LL * in.L * in.L - in.L)}, {"cells", integer(1LL * in.L * in.L)}};
    });
    return s;
}

}  // namespace shaw_lesson
}  // namespace pelab
