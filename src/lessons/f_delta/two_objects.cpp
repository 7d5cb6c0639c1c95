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
    Step s{
        "two-objects",
        {"F 按位置对，R 按偏移", "F per pair of positions, R per offset"},
        {
        "单靠 softmax(Q·Kᵀ)·V 并不知道词序，所以注意力需要一个位置项：这一课弄清这个位置项是什么样的对象，以及它何时只依赖偏移 Δ = q − k"
        "（查询位置减键位置）。"
        "这里 Q 的每行是一个[[query|查询]]，K 的每行是一个[[key|键]]，V 是被加权混合的值，[[softmax]] 把每行分数变成权重；"
        "把输入的[[token|词元]]打乱，输出只会跟着同样打乱。"
        "注意力给每一对查询位置 q 和键位置 k（取 0…L−1）打一个分数，所以位置项 F 是一张 L×L 的标量表，每个格子一个数。"
        "R 则是另一种东西：输入一个偏移 Δ，输出一整个特征向量，即描述 Δ 的一组数"
        "（[[lesson:f-delta/feature-vectors|第 5 步]]用角[[frequency|频率]] ω 的余弦和正弦构造它：|ω| 个频率给出 2|ω| 个数）。"
        "F 由两个位置索引，R 只由它们的差索引。热力图给出 F 的每个格子要查的 Δ = q − k。",
        "On its own, softmax(Q·Kᵀ)·V ignores word order, so attention needs a position term: this lesson asks what kind "
        "of object that term is, and when it depends only on the offset Δ = q − k (query position minus key position). "
        "Here each row of Q is a [[query]] and each row of K a [[key]], V holds the values being mixed, and [[softmax]] "
        "turns each row of scores into weights; shuffle the input [[token|tokens]] and the outputs are merely shuffled the same way. "
        "Attention gives every pair of a query position q and a key position k (both 0…L−1) one score, so a position "
        "term F is an L×L table of scalars, one number per cell. R is a different kind of object: it takes a single "
        "offset Δ and returns a whole vector of features, numbers that describe Δ ([[lesson:f-delta/feature-vectors|step 5]] "
        "builds them from cosines and sines at the angular [[frequency|frequencies]] ω: 2|ω| numbers for |ω| "
        "frequencies). F is indexed by two positions, R only by their difference. The heatmap shows the Δ = q − k that "
        "each cell of F looks up."},
        {"L"},
        views_of(read_model, two_objects_views),
        {
         R"tex(\Delta = q - k)tex",
         R"tex(F \in \mathbb{R}^{L\times L}, \qquad R_\Delta \in \mathbb{R}^{2|\omega|})tex"},
    };
    s.takeaway = {"位置分数 F 给每对 (q, k) 一个数，共 {cells} 个；特征表 R 只按偏移 Δ = q − k 给向量，所以只有 {rows} 个，各 {features} 个数。",
                  "The position score F gives each pair (q, k) one number: {cells} cells; the feature table R gives each "
                  "offset Δ = q − k a vector: {rows} vectors of {features} numbers each (2L − 1 offsets), as R sees only the difference."};
    s.takeaway_args = args_of(read_model, +[](const Model& in, Lang) {
        return std::vector<Arg>{{"cells", integer(1LL * in.L * in.L)},
                                {"rows", integer(2LL * in.L - 1)},
                                {"features", integer(2LL * n_freq(in))}};
    });
    return s;
}

}  // namespace fdelta
}  // namespace pelab
