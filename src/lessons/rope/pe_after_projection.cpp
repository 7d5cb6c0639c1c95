// PE Lab — lessons/rope/pe_after_projection.cpp
// Lesson "rope", step "pe-after-projection": the second alternative to RoPE — p added to q and k after the
// projection, so that the score (q + pᵢ)ᵀ(k + pⱼ) splits into four terms of which only pᵢᵀpⱼ is relative; the
// score itself as a heatmap (its four terms on hover) beside the table that measures each term.
// Comments are English only: the font subset is built from the characters inside .cpp string literals.
//
// [SECTION] views
// [SECTION] the step
#include <cmath>
#include <string>
#include <vector>

#include "lessons/lesson_util.h"
#include "lessons/rope/rope_lesson.h"

namespace pelab {
namespace rope_lesson {

using namespace lessonui;

// [SECTION] views
namespace {
std::vector<ViewData> pe_after_projection_views(const Inputs& in, Lang lang) {
    const int d = in.d, L = in.L;
    SplitMix64 rng(static_cast<std::uint64_t>(in.seed) + 2000);
    // The previous step draws its two content pairs from this stream first; the same draws keep the content
    // here what it was when both alternatives shared one step.
    for (int skipped = 0; skipped < 4; ++skipped) random_vector(d, rng);
    // Random content per position, scaled by content; p = the sinusoid.
    std::vector<Eigen::VectorXd> qs, ks, ps;
    for (int i = 0; i < L; ++i) {
        qs.push_back(random_vector(d, rng, in.content_scale));
        ks.push_back(random_vector(d, rng, in.content_scale));
        ps.push_back(sinusoid(i, in));
    }
    Eigen::MatrixXd T[4];
    for (Eigen::MatrixXd& m : T) m.resize(L, L);
    for (int i = 0; i < L; ++i)
        for (int j = 0; j < L; ++j) {
            T[0](i, j) = qs[i].dot(ks[j]);
            T[1](i, j) = qs[i].dot(ps[j]);
            T[2](i, j) = ps[i].dot(ks[j]);
            T[3](i, j) = ps[i].dot(ps[j]);
        }
    const Eigen::MatrixXd total = T[0] + T[1] + T[2] + T[3];
    const char* names[4] = {"qᵢᵀkⱼ", "qᵢᵀpⱼ", "pᵢᵀkⱼ", "pᵢᵀpⱼ"};
    const Text roles[4] = {{"内容", "content"}, {"内容×位置", "content×pos"}, {"位置×内容", "pos×content"}, {"纯位置", "pos only"}};
    TableView table;
    table.values.resize(4, 3);
    for (int t = 0; t < 4; ++t) {
        table.values(t, 0) = std::sqrt(T[t].squaredNorm() / (L * L));
        table.values(t, 1) = max_abs(T[t]);
        table.values(t, 2) = toeplitz_residual(T[t]);
        table.row_labels.push_back(std::string(names[t]) + " " + say(lang, roles[t]));
    }
    table.col_labels = {say(lang, {"均方根", "RMS"}), say(lang, {"最大 |值|", "max |value|"}), say(lang, {"离 Toeplitz", "from Toeplitz"})};
    table.corner = say(lang, {"项", "term"});
    table.decimals = 4;
    // The deciding cells: each term's distance from Toeplitz, relative only at rounding level.
    for (int t = 0; t < 4; ++t) {
        const bool relative = table.values(t, 2) < 1e-9;
        table.marks.push_back({t, 2, relative, relative ? say(lang, {"相对", "relative"}) : say(lang, {"不相对", "not relative"})});
    }
    const double share = table.values(3, 0) / (table.values.col(0).sum() > 0 ? table.values.col(0).sum() : 1.0);
    std::vector<std::string> table_notes = {
        say(lang, {"相对项 pᵀp 的均方根占四项均方根之和的比例：{share}", "Share of the relative term pᵀp in the summed RMS of the four terms: {share}"},
            {{"share", num(share)}}),
        say(lang, {"content = {c}：内容向量的元素在 [−content, content) 内均匀随机。",
                   "content = {c}: content vectors have entries uniform in [−content, content)."},
            {{"c", num(in.content_scale)}}),
    };

    HeatmapView heat = kernel_heatmap(total, lang);
    // The axes are named in the title (one line less above the cells: the figures fit on the first screen).
    heat.row_axis.clear();
    heat.col_axis.clear();
    const Eigen::MatrixXd T0 = T[0], T1 = T[1], T2 = T[2], T3 = T[3];
    heat.explain = [total, T0, T1, T2, T3, L, lang](int r, int c) -> std::string {
        if (r < 0 || c < 0 || r >= L || c >= L) return "";
        return say(lang, {"i = {i}，j = {j}：分数 {value} = qᵢᵀkⱼ {a} + qᵢᵀpⱼ {b} + pᵢᵀkⱼ {c} + pᵢᵀpⱼ {p}",
                          "i = {i}, j = {j}: score {value} = qᵢᵀkⱼ {a} + qᵢᵀpⱼ {b} + pᵢᵀkⱼ {c} + pᵢᵀpⱼ {p}"},
                   {{"i", integer(r)}, {"j", integer(c)}, {"value", num(total(r, c))}, {"a", num(T0(r, c))}, {"b", num(T1(r, c))},
                    {"c", num(T2(r, c))}, {"p", num(T3(r, c))}});
    };
    std::vector<std::string> heat_notes = {
        say_error(lang, {"离 Toeplitz 的相对距离：{err}{hint}", "Relative distance from Toeplitz: {err}{hint}"}, toeplitz_residual(total))};
    return {make_view(say(lang, {"分数 (q + pᵢ)ᵀ(k + pⱼ)（行 = 位置 i，列 = 位置 j）", "The score (q + pᵢ)ᵀ(k + pⱼ) (row = position i, column = position j)"}), std::move(heat), std::move(heat_notes)),
            make_view(say(lang, {"四项的大小与结构", "The four terms: size and structure"}), std::move(table), std::move(table_notes))};
}

}  // namespace

// [SECTION] the step
Step pe_after_projection() {
    return {
        "pe-after-projection",
        {"替代方案 B：投影后再加 p，只有 pᵀp 是相对的", "Alternative B: p added after the projection; only pᵀp is relative"},
        {"投影后再加 p，分数分成四项，只有 pᵢᵀpⱼ 是相对的。"
         "把 p 在投影之后加到 q 和 k 上，调大 content，其余三项就把这个相对项淹没。"
         "(q + pᵢ)ᵀ(k + pⱼ) = qᵀk + qᵀpⱼ + pᵢᵀk + pᵢᵀpⱼ，其中 qᵢ、kⱼ 是每个位置随机生成的内容（大小由 content 决定，种子见右栏），pᵢ 是正弦编码。"
         "热力图是四项之和，也就是分数本身，悬停可以看到每个格子的四项；表格给出每一项的大小和离 Toeplitz 的距离。",
         "Added after the projection, p splits the score into four terms, and only pᵢᵀpⱼ is relative. With p added "
         "to q and k after the projection, raise content and the other three terms drown the relative one. (q + pᵢ)ᵀ(k + pⱼ) = qᵀk + qᵀpⱼ + pᵢᵀk + pᵢᵀpⱼ, where qᵢ and kⱼ "
         "are random content at each position (of size content; the seed is in the side column) and pᵢ is the "
         "sinusoid. The heatmap is the sum of the four terms, the score itself; hover a cell to see its four terms. "
         "The table measures each term's size and its distance from Toeplitz."},
        {"L", "d", "base", "seed", "content_scale"},
        views_of(read_inputs, pe_after_projection_views),
        {R"tex(\text{(B)}\ (q+p_i)^\top(k+p_j)=q^\top k+q^\top p_j+p_i^\top k+p_i^\top p_j)tex"},
    };
}

}  // namespace rope_lesson
}  // namespace pelab
