// PE Lab — lessons/f_delta/two_objects.cpp
// Step "two-objects" of f-delta: the position term F is an L×L table of scalars, R_Δ a vector per
// distance; the heatmap shows the Δ = q − k each cell of F looks up. The views builder, then the step.
// Comments are English only: the font subset is built from the characters inside this file's strings.
//
// [SECTION] views: Δ per cell and the sizes of F and R
// [SECTION] the step
#include <string>
#include <vector>

#include "lessons/f_delta/f_delta_lesson.h"
#include "lessons/lesson_util.h"

namespace pelab {
namespace fdelta {

using namespace lessonui;  // shared display helpers (lessons/lesson_util.h)

// [SECTION] views: Δ per cell and the sizes of F and R

std::vector<ViewData> two_objects_views(const Model& in, Lang lang) {
    ViewData view = delta_heatmap(in, lang, false);
    const int L = in.L, m = n_freq(in);
    view.notes.push_back(say(lang,
                             {"F：{cells} 个格子，各存一个数；R：{rows} 项（Δ = {lo}…{hi}），各是 2|ω| = {features} 个数的向量（|ω| 是频率的个数，这里为 {freqs}）。",
                              "F: {cells} cells of one number; R: {rows} entries (Δ = {lo}…{hi}), each 2|ω| = {features} numbers (|ω|, the number of frequencies, is {freqs})."},
                             {{"cells", integer(L * L)}, {"rows", integer(2 * L - 1)}, {"lo", integer(-(L - 1))}, {"hi", integer(L - 1)},
                              {"features", integer(2 * m)}, {"freqs", integer(m)}}));
    return {view};
}

// [SECTION] the step
Step two_objects() {
    return {
        "two-objects",
        {"两个不同的对象", "Two different objects"},
        {
        "F 给每一对位置 (q, k) 一个数，R 给每个距离 Δ = q − k 一个向量。"
        "单靠 softmax(QKᵀ)V 并不知道词序：把输入的词元打乱，输出只会跟着同样打乱，所以注意力需要一个位置项，"
        "这一课先弄清这个位置项是什么样的对象。"
        "注意力给每一对查询位置 q 和键位置 k 打一个分数，所以位置项 F 是一张 L×L 的标量表，每个格子一个数；R 有 2L−1 项，每项含 2|ω| 个数。"
        "R 则是另一种东西：输入一个距离 Δ，输出一整个特征向量。F 由两个位置索引，R 只由它们的差索引。"
        "热力图给出 F 的每个格子要查的 Δ = q − k。",
        "F holds one number per pair (q, k); R holds one vector per distance Δ = q − k. "
        "On its own, softmax(QKᵀ)V ignores word order: shuffle the input tokens and the outputs are merely shuffled "
        "the same way, so attention needs a position term, and this lesson first makes clear what kind of object "
        "that term is. "
        "Attention gives every pair of a query position q and a key position k one score, so a position term F "
        "is an L×L table of scalars: F has L×L cells, and R has 2L−1 entries of 2|ω| numbers each. R is a different kind of object: it takes a single distance Δ "
        "and returns a whole vector of features. F is indexed by two positions, R only by their difference. "
        "The heatmap shows the Δ = q − k that each cell of F looks up."},
        {"L"},
        views_of(read_model, two_objects_views),
        {
         R"tex(\Delta = q - k)tex",
         R"tex(F \in \mathbb{R}^{L\times L}, \qquad R_\Delta \in \mathbb{R}^{2|\omega|})tex"},
    };
}

}  // namespace fdelta
}  // namespace pelab
