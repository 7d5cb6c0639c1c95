// PE Lab — lessons/rope/two_alternatives.cpp
// Lesson "rope", step "two-alternatives": the first of two alternatives to RoPE — a position bias g(j − i) on
// the score moves every content pair alike, while RoPE's position effect depends on q and k. The second
// alternative, p added after the projection, is the next step (pe_after_projection.cpp).
// Comments are English only: the font subset is built from the characters inside .cpp string literals.
//
// [SECTION] views
// [SECTION] the step
#include <algorithm>
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
// (A) bias on the score versus RoPE, for two random content pairs.
std::vector<ViewData> alternatives_views(const Inputs& in, Lang lang) {
    const int d = in.d, L = in.L;
    SplitMix64 rng(static_cast<std::uint64_t>(in.seed) + 2000);
    // (A): two content pairs; the bias g(Δ) = p_0ᵀ p_Δ (the sinusoid kernel) is added to q·k.
    const Eigen::VectorXd qa = random_vector(d, rng), ka = random_vector(d, rng);
    const Eigen::VectorXd qb = random_vector(d, rng), kb = random_vector(d, rng);
    CurveView curve;
    curve.y_axis = say(lang, {"分数变化", "change of score"});
    curve.x_axis = say(lang, {"距离 Δ = j − i", "distance Δ = j − i"});
    curve.series.assign(4, {});
    const Eigen::VectorXd p0 = sinusoid(0, in);
    // (A): score = qᵀk + g(Δ) with the fixed kernel g(Δ) = p₀ᵀp_Δ; its change from Δ = 0, per content pair.
    auto bias_score = [&](const Eigen::VectorXd& q, const Eigen::VectorXd& k, int delta) {
        return q.dot(k) + p0.dot(sinusoid(delta, in));
    };
    double a_gap = 0.0, rope_gap = 0.0;
    for (int delta = 0; delta < L; ++delta) {
        const double ga = bias_score(qa, ka, delta) - bias_score(qa, ka, 0);
        const double gb = bias_score(qb, kb, delta) - bias_score(qb, kb, 0);
        const double ra = qa.dot(rope_apply(ka, delta, in.theta, in.layout)) - qa.dot(ka);
        const double rb = qb.dot(rope_apply(kb, delta, in.theta, in.layout)) - qb.dot(kb);
        curve.x.push_back(delta);
        curve.series[0].push_back(ga);
        curve.series[1].push_back(gb);
        curve.series[2].push_back(ra);
        curve.series[3].push_back(rb);
        a_gap = std::max(a_gap, std::fabs(ga - gb));
        rope_gap = std::max(rope_gap, std::fabs(ra - rb));
        curve.markers_x.push_back(delta);
    }
    curve.series_labels = {say(lang, {"（A）内容 1", "(A) content 1"}), say(lang, {"（A）内容 2", "(A) content 2"}),
                           say(lang, {"RoPE 内容 1", "RoPE content 1"}), say(lang, {"RoPE 内容 2", "RoPE content 2"})};
    std::vector<std::string> curve_notes = {
        say_error(lang, {"（A）两种内容的曲线最大差 = {err}{hint}（偏置与内容无关）",
                   "(A): largest gap between the two contents = {err}{hint} (the bias ignores content)"}, a_gap),
        say(lang, {"RoPE：两种内容的曲线最大差 = {gap}（位置效应随内容而变）",
                   "RoPE: largest gap between the two contents = {gap} (the position effect depends on content)"},
            {{"gap", num(rope_gap)}}),
    };

    return {make_view(say(lang, {"（A）与 RoPE：距离 Δ 使分数改变了多少", "(A) versus RoPE: how much distance Δ changes the score"}),
                      std::move(curve), std::move(curve_notes))};
}

}  // namespace

// [SECTION] the step
Step two_alternatives() {
    return {
        "two-alternatives",
        {"替代方案 A：分数上的位置偏置与内容无关", "Alternative A: a position bias ignores content"},
        {"在分数上加位置偏置 g(j − i)，每一对内容的分数都改变同样的量；RoPE 改变多少却取决于 q 和 k。"
         "两种替代方案中的（A）给分数 qᵀk 加上固定的偏置 g(Δ)，Δ = j − i，这里取正弦编码的核 g(Δ) = p₀ᵀp_Δ。"
         "它无法表达“这个内容在这个距离上更相关”：两对随机内容的（A）曲线完全重合，而同样两对内容的 RoPE 曲线不同。"
         "下一步是替代方案（B）。",
         "A bias g(j − i) shifts every content pair's score by the same amount; RoPE's shift depends on q and k. "
         "Alternative (A) of two adds a fixed bias g(Δ), Δ = j − i, to the score "
         "qᵀk; here g is the sinusoid's kernel g(Δ) = p₀ᵀp_Δ. It cannot express 'this content matters at this "
         "distance': its curves for two random content pairs coincide, while RoPE's curves for the same two pairs "
         "differ. Alternative (B) is the next step."},
        {"L", "d", "base", "layout", "seed"},
        views_of(read_inputs, alternatives_views),
        {R"tex(\text{(A)}\ q^\top k+g(j-i),\qquad g(\Delta)=p_0^\top p_\Delta)tex",
         R"tex(\text{RoPE}\ q^\top R_{j-i}\,k)tex"},
    };
}

}  // namespace rope_lesson
}  // namespace pelab
