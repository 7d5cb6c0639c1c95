// PE Lab — lessons/shaw/why_dot_with_q.cpp
// Step "why-dot-with-q" of shaw: the position term q_i·a_ij varies with the query's content along one
// offset, where one scalar per offset (as in T5) is Toeplitz. Its views, then the step with its question, a prediction.
// Comments are English only: the font subset is built from the characters inside this file's strings.
//
// [SECTION] why dot the position vector with q
#include <algorithm>
#include <cmath>
#include <string>
#include <vector>

#include "core/relative/f_delta.h"
#include "core/relative/shaw.h"
#include "lessons/shaw/shaw_lesson.h"
#include "lessons/lesson_util.h"

namespace pelab {
namespace shaw_lesson {

using namespace lessonui;  // shared display helpers (lessons/lesson_util.h)

// [SECTION] why dot the position vector with q
namespace {

std::vector<ViewData> why_dot_views(const Inputs& in, const Computed& c, Lang lang) {
    const int L = in.L, k = in.k;
    const Eigen::MatrixXd P = c.position;
    HeatmapView shaw = ij_matrix(P, lang);
    shaw.is_signed = true;
    shaw.explain = [P, L, lang](int r, int col) -> std::string {
        if (r < 0 || col < 0 || r >= L || col >= L) return "";
        return say(lang, {"{term} / √d_k = {value}：同一偏移，不同的 q 给出不同的值", "{term} / √d_k = {value}: same offset, a different q gives a different value"},
                   {{"term", q_dot_a(r, col)}, {"value", n4(P(r, col))}});
    };
    const double spread_p = diagonal_spread(P).maxCoeff();

    // A scalar per offset instead: the table's first column read as one number per row.
    Eigen::MatrixXd S(L, L);
    for (int i = 0; i < L; ++i)
        for (int j = 0; j < L; ++j) S(i, j) = c.demo.table(c.index(i, j), 0);
    HeatmapView scalar = ij_matrix(S, lang);
    scalar.is_signed = true;
    scalar.explain = [S, L, k, lang](int r, int col) -> std::string {
        if (r < 0 || col < 0 || r >= L || col >= L) return "";
        return say(lang, {"b(Δ = {dist}) = {value}：与查询内容无关", "b(Δ = {dist}) = {value}: the same whatever the query says"},
                   {{"dist", integer(std::max(-k, std::min(k, r - col)))}, {"value", n4(S(r, col))}});
    };
    const double spread_s = diagonal_spread(S).maxCoeff();
    return {make_view(say(lang, {"Shaw：q_i·a_ij / √d_k", "Shaw: q_i·a_ij / √d_k"}), std::move(shaw),
                      {say(lang, {"沿对角线的最大极差 = {spread}：随 q 变化。", "Largest spread along a diagonal = {spread}: it varies with q."},
                           {{"spread", exact(spread_p)}})}),
            make_view(say(lang, {"对照：每个偏移一个标量 b", "Contrast: one scalar b per offset"}), std::move(scalar),
                      {say(lang, {"沿对角线的最大极差 = {spread}：标量偏置（如 T5）对每个查询都一样，每条对角线是常数（Toeplitz 矩阵）。",
                                  "Largest spread along a diagonal = {spread}: a scalar bias (as in T5) is the same for every query, "
                                  "constant along each diagonal (a Toeplitz matrix)."},
                           {{"spread", exact(spread_s)}})})};
}

}  // namespace

Step why_dot_with_q() {
    Step s = {
        "why-dot-with-q",
        {"同一偏移，不同查询", "One offset, different queries"},
        {"Shaw 等人不是给每个偏移加一个数，而是让偏移的向量 a_ij 与查询 q_i 做点积；这一步把两种做法并排比较。"
         "a_ij 与 q_i 在同一个 d_k 维空间里，点积 q_i·a_ij 是一个可以直接和 q_i·k_j 相加的标量。"
         "右图是另一种做法：每个偏移一个标量 b，如 [[lesson:t5-bias|T5]]。[[toeplitz|Toeplitz]] 矩阵指每条对角线上都是常数的矩阵。"
         "沿一条对角线（同一个偏移）比较两张图。",
         "Shaw et al. do not add one number per offset: they take the dot product of the offset's vector a_ij with the "
         "query q_i; this step compares the two side by side. a_ij lives in the same d_k-dimensional space as q_i, so "
         "q_i·a_ij is a scalar that adds directly to q_i·k_j. The right map is the other way: one scalar b per offset, "
         "as in [[lesson:t5-bias|T5]]. A [[toeplitz|Toeplitz]] matrix is one that is constant along every diagonal. "
         "Compare the two maps along one diagonal (one offset)."},
        {"L", "clip", "d_k", "seed"},
        computed_views(why_dot_views),
        {
         {R"tex(q_i \cdot a_{ij} \quad \text{对比} \quad b_{\Delta}, \qquad \Delta = i - j)tex",
          R"tex(q_i \cdot a_{ij} \quad \text{vs.} \quad b_{\Delta}, \qquad \Delta = i - j)tex"}},
    };
    s.takeaway = {"同一偏移上 Shaw 的位置项最多相差 {spread}：q_i·a_ij 随查询内容变，词能学会往哪看；每个偏移一个标量则做不到（极差 {scalar}）。",
                  "Along one offset Shaw's term varies by up to {spread} because q_i·a_ij follows the query's content, so "
                  "a word can learn where to look; one scalar per offset cannot (spread {scalar})."};
    s.takeaway_args = args_of(read_inputs, +[](const Inputs& in, Lang) {
        const Computed c = compute(in);
        Eigen::MatrixXd S(in.L, in.L);
        for (int i = 0; i < in.L; ++i)
            for (int j = 0; j < in.L; ++j) S(i, j) = c.demo.table(c.index(i, j), 0);
        return std::vector<Arg>{{"spread", exact(diagonal_spread(c.position).maxCoeff())},
                                {"scalar", exact(diagonal_spread(S).maxCoeff())}};
    });
    s.questions = {
        {{"同一个偏移上，不同的查询得到的位置项 q_i·a_ij 相同吗？",
          "At one offset, do different queries get the same position term q_i·a_ij?"},
         {{"相同：每个偏移只有一个数", "Yes: one number per offset"},
          {"不同：它取决于查询的内容", "No: it depends on the query's content"},
          {"只有截断的偏移才不同", "Only the clipped offsets differ"}},
         1,
         [](const ParamSet& p, Lang lang) {
             const Inputs in = read_inputs(p);
             const int L = in.L, k = in.k;
             const int d = in.d;
             const ShawDemo demo = shaw_demo_inputs(L, k, d, static_cast<std::uint64_t>(in.seed));
             const Eigen::MatrixXd scores =
                 shaw_position_scores(demo.Q, shaw_lookup(demo.table, shaw_relative_index(L, k)));
             const double spread = diagonal_spread(scores / std::sqrt(static_cast<double>(d))).maxCoeff();
             return say(lang,
                        {"a_ij 和 q_i 在同一个 d_k 维空间里，点积 q_i·a_ij 随 q_i 的内容而变：当前随机 Q 下，"
                         "q_i·a_ij / √d_k 沿同一条对角线（同一个偏移）的最大差值是 {spread}。每个偏移只加一个标量（如 T5）时这个差值是 0。",
                         "a_ij lives in the same d_k-dimensional space as q_i, and q_i·a_ij changes with q_i's content: "
                         "with the current random Q the largest spread of q_i·a_ij / √d_k along one diagonal (one offset) "
                         "is {spread}. "
                         "A single scalar per offset (as in T5) would give 0."},
                        {{"spread", num(spread, 3)}});
         }},
    };
    s.questions[0].predict = true;  // asked before the two maps are seen
    return s;
}

}  // namespace shaw_lesson
}  // namespace pelab
