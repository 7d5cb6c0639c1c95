// PE Lab — lessons/rope/pe_after_projection.cpp
// Lesson "rope", step "pe-after-projection": the second alternative to RoPE — p added to q and k after the
// projection, so that the score (q + pₘ)ᵀ(k + pₙ) splits into four terms of which only pₘᵀpₙ is relative; the
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
// The four terms of the score, L × L each, for random content of size content_scale at every position.
struct FourTerms {
    Eigen::MatrixXd T[4];  // qᵀk, qᵀpₙ, pₘᵀk, pₘᵀpₙ
    Eigen::MatrixXd total;
};

FourTerms four_terms(const Inputs& in) {
    const int d = in.d, L = in.L;
    SplitMix64 rng(static_cast<std::uint64_t>(in.seed) + 2000);
    // The previous step draws its two content pairs from this stream first; the same draws keep the content
    // here what it was when both alternatives shared one step.
    for (int skipped = 0; skipped < 4; ++skipped) random_vector(d, rng);
    // Random content per position, scaled by content; p = the sinusoid.
    std::vector<Eigen::VectorXd> qs, ks, ps;
    for (int pos = 0; pos < L; ++pos) {
        qs.push_back(random_vector(d, rng, in.content_scale));
        ks.push_back(random_vector(d, rng, in.content_scale));
        ps.push_back(sinusoid(pos, in));
    }
    FourTerms f;
    Eigen::MatrixXd* T = f.T;
    for (int t = 0; t < 4; ++t) T[t].resize(L, L);
    for (int m = 0; m < L; ++m)
        for (int n = 0; n < L; ++n) {
            T[0](m, n) = qs[m].dot(ks[n]);
            T[1](m, n) = qs[m].dot(ps[n]);
            T[2](m, n) = ps[m].dot(ks[n]);
            T[3](m, n) = ps[m].dot(ps[n]);
        }
    f.total = T[0] + T[1] + T[2] + T[3];
    return f;
}

std::vector<ViewData> pe_after_projection_views(const Inputs& in, Lang lang) {
    const int L = in.L;
    const FourTerms f = four_terms(in);
    const Eigen::MatrixXd* T = f.T;
    const Eigen::MatrixXd& total = f.total;
    const char* names[4] = {"qᵀk", "qᵀpₙ", "pₘᵀk", "pₘᵀpₙ"};
    const Text roles[4] = {{"内容", "content"}, {"内容×位置", "content×pos"}, {"位置×内容", "pos×content"}, {"纯位置", "pos only"}};
    TableView table;
    table.values.resize(4, 3);
    for (int t = 0; t < 4; ++t) {
        table.values(t, 0) = std::sqrt(T[t].squaredNorm() / (L * L));
        table.values(t, 1) = max_abs(T[t]);
        table.values(t, 2) = toeplitz_residual(T[t]);
        table.row_labels.push_back(std::string(names[t]) + " " + say(lang, roles[t]));
    }
    table.col_labels = {say(lang, {"均方根", "root mean square"}), say(lang, {"最大 |值|", "max |value|"}), say(lang, {"离 Toeplitz", "from Toeplitz"})};
    table.corner = say(lang, {"项", "term"});
    table.decimals = 4;
    // The deciding cells: each term's distance from Toeplitz, relative only at rounding level.
    for (int t = 0; t < 4; ++t) {
        const bool relative = table.values(t, 2) < 1e-9;
        table.marks.push_back({t, 2, relative, relative ? say(lang, {"相对", "relative"}) : say(lang, {"不相对", "not relative"})});
    }
    const double share = table.values(3, 0) / (table.values.col(0).sum() > 0 ? table.values.col(0).sum() : 1.0);
    std::vector<std::string> table_notes = {
        say(lang, {"pₘᵀpₙ 的均方根占四项均方根之和：{share}", "Share of the relative term pₘᵀpₙ in the four terms' summed root mean squares: {share}"},
            {{"share", num(share)}}),
        say(lang, {"content = {c}：内容元素均匀取自 [−content, content)。",
                   "content = {c}: content vectors have entries uniform in [−content, content)."},
            {{"c", num(in.content_scale)}}),
        say(lang, {"qᵀpₙ 随键的位置 n 变，pₘᵀk 随查询的位置 m 变，都不是 Δ 的函数；qᵀk 每个位置随机，同样不相对。",
                   "qᵀpₙ follows the key's position n and pₘᵀk the query's m, not Δ; qᵀk is random at each position, so not relative either."}),
    };

    HeatmapView heat = kernel_heatmap(total, lang);
    // The axes are named in the title (one line less above the cells: the figures fit on the first screen).
    heat.row_axis.clear();
    heat.col_axis.clear();
    const Eigen::MatrixXd T0 = T[0], T1 = T[1], T2 = T[2], T3 = T[3];
    heat.explain = [total, T0, T1, T2, T3, L, lang](int r, int c) -> std::string {
        if (r < 0 || c < 0 || r >= L || c >= L) return "";
        return say(lang, {"m = {m}，n = {n}：分数 {value} = qᵀk {a} + qᵀpₙ {b} + pₘᵀk {c} + pₘᵀpₙ {p}",
                          "m = {m}, n = {n}: score {value} = qᵀk {a} + qᵀpₙ {b} + pₘᵀk {c} + pₘᵀpₙ {p}"},
                   {{"m", integer(r)}, {"n", integer(c)}, {"value", num(total(r, c))}, {"a", num(T0(r, c))}, {"b", num(T1(r, c))},
                    {"c", num(T2(r, c))}, {"p", num(T3(r, c))}});
    };
    std::vector<std::string> heat_notes = {
        say_error(lang, {"离 Toeplitz 的相对距离：{err}{hint}", "Relative distance from Toeplitz: {err}{hint}"}, toeplitz_residual(total))};
    return {make_view(say(lang, {"分数 (q + pₘ)ᵀ(k + pₙ)（行 = 查询 m，列 = 键 n）", "The score (q + pₘ)ᵀ(k + pₙ) (row = query m, column = key n)"}), std::move(heat), std::move(heat_notes)),
            make_view(say(lang, {"四项的大小与结构", "The four terms: size and structure"}), std::move(table), std::move(table_notes))};
}

}  // namespace

// [SECTION] the step
Step pe_after_projection() {
    Step s{
        "pe-after-projection",
        {"替代方案 B：投影后再加 p", "Alternative B: p added after projection"},
        {"替代方案（B）在投影之后把 p 加到 q 和 k 上：(q + pₘ)ᵀ(k + pₙ) = qᵀk + qᵀpₙ + pₘᵀk + pₘᵀpₙ，"
         "其中 q、k 是位置 m、n 上随机生成的内容（大小由 content 决定，种子见右栏），p 是正弦编码。"
         "热力图是四项之和，也就是分数本身，悬停可以看到每个格子的四项；表格给出每一项的大小和离 Toeplitz 的距离。调大 content，其余三项就把相对项淹没。",
         "Alternative (B) adds p to q and k after the projection: (q + pₘ)ᵀ(k + pₙ) = qᵀk + qᵀpₙ + pₘᵀk + pₘᵀpₙ, "
         "where q and k are random content at positions m and n (of size content; the seed is in the side column) "
         "and p is the sinusoid. The heatmap is the sum of the four terms, the score itself; hover a cell to see its "
         "four terms. The table measures each term's size and its distance from Toeplitz; raise content and the "
         "three other terms drown the relative one."},
        {"L", "d", "base", "seed", "content_scale"},
        views_of(read_inputs, pe_after_projection_views),
        {R"tex(\text{(B)}\ (q+p_m)^\top(k+p_n)=q^\top k+q^\top p_n+p_m^\top k+p_m^\top p_n)tex"},
    };
    s.takeaway = {"只有 pₘᵀpₙ 是相对的：qᵀpₙ、pₘᵀk 把一方的内容乘上另一方的绝对位置，content = {c} 时分数离 Toeplitz {dist}。",
                  "Only pₘᵀpₙ is relative: qᵀpₙ, pₘᵀk tie content to absolute position; at content = {c} the score is {dist} from Toeplitz."};
    s.takeaway_args = args_of(read_inputs, +[](const Inputs& in, Lang) {
        return std::vector<Arg>{{"c", num(in.content_scale)}, {"dist", num(toeplitz_residual(four_terms(in).total), 3)}};
    });
    return s;
}

}  // namespace rope_lesson
}  // namespace pelab
