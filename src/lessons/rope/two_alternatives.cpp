// PE Lab — lessons/rope/two_alternatives.cpp
// Lesson "rope", step "two-alternatives": the first of two alternatives to RoPE — a position bias g(Δ) on
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
// How much the offset Δ = m − n (the query Δ positions after the key) changes the score, for (A) a bias on the
// score and for RoPE, two random content pairs each: the curves and the largest gap between the two contents.
struct AlternativeCurves {
    CurveView curve;
    double a_gap = 0.0, rope_gap = 0.0;
};

AlternativeCurves alternative_curves(const Inputs& in) {
    const int d = in.d, L = in.L;
    SplitMix64 rng(static_cast<std::uint64_t>(in.seed) + 2000);
    // (A): two content pairs; the bias g(Δ) = p_0ᵀ p_Δ (the sinusoid kernel) is added to q·k.
    const Eigen::VectorXd qa = random_vector(d, rng), ka = random_vector(d, rng);
    const Eigen::VectorXd qb = random_vector(d, rng), kb = random_vector(d, rng);
    AlternativeCurves out;
    CurveView& curve = out.curve;
    curve.series.assign(4, {});
    const Eigen::VectorXd p0 = sinusoid(0, in);
    // (A): score = qᵀk + g(Δ) with the fixed kernel g(Δ) = p₀ᵀp_Δ; its change from Δ = 0, per content pair.
    auto bias_score = [&](const Eigen::VectorXd& q, const Eigen::VectorXd& k, int delta) {
        return q.dot(k) + p0.dot(sinusoid(delta, in));
    };
    for (int delta = 0; delta < L; ++delta) {
        const double ga = bias_score(qa, ka, delta) - bias_score(qa, ka, 0);
        const double gb = bias_score(qb, kb, delta) - bias_score(qb, kb, 0);
        // RoPE: ⟨R_m q, R_n k⟩ = ⟨R_Δ q, k⟩, its change from Δ = 0.
        const double ra = rope_apply(qa, delta, in.theta, in.layout).dot(ka) - qa.dot(ka);
        const double rb = rope_apply(qb, delta, in.theta, in.layout).dot(kb) - qb.dot(kb);
        curve.x.push_back(delta);
        curve.series[0].push_back(ga);
        curve.series[1].push_back(gb);
        curve.series[2].push_back(ra);
        curve.series[3].push_back(rb);
        out.a_gap = std::max(out.a_gap, std::fabs(ga - gb));
        out.rope_gap = std::max(out.rope_gap, std::fabs(ra - rb));
        curve.markers_x.push_back(delta);
    }
    return out;
}

std::vector<ViewData> alternatives_views(const Inputs& in, Lang lang) {
    AlternativeCurves c = alternative_curves(in);
    CurveView& curve = c.curve;
    curve.y_axis = say(lang, {"分数变化", "change of score"});
    curve.x_axis = say(lang, {"距离 Δ = m − n", "distance Δ = m − n"});
    curve.series_labels = {say(lang, {"（A）内容 1", "(A) content 1"}), say(lang, {"（A）内容 2", "(A) content 2"}),
                           say(lang, {"RoPE 内容 1", "RoPE content 1"}), say(lang, {"RoPE 内容 2", "RoPE content 2"})};
    std::vector<std::string> curve_notes = {
        say_error(lang, {"（A）两种内容的曲线最大差 = {err}{hint}（偏置与内容无关）",
                   "(A): largest gap between the two contents = {err}{hint} (the bias ignores content)"}, c.a_gap),
        say(lang, {"RoPE：两种内容的曲线最大差 = {gap}（位置效应随内容而变）",
                   "RoPE: largest gap between the two contents = {gap} (the position effect depends on content)"},
            {{"gap", num(c.rope_gap)}}),
    };

    return {make_view(say(lang, {"（A）与 RoPE：距离 Δ 使分数改变了多少", "(A) versus RoPE: how much distance Δ changes the score"}),
                      std::move(curve), std::move(curve_notes))};
}

}  // namespace

// [SECTION] the step
Step two_alternatives() {
    Step s{
        "two-alternatives",
        {"替代方案 A：分数上的位置偏置与内容无关", "Alternative A: a position bias ignores content"},
        {"RoPE 的两种替代方案中，（A）给分数 qᵀk 加上固定的偏置 g(Δ)，这里取正弦编码的核 g(Δ) = p₀ᵀp_Δ。"
         "曲线画出距离 Δ 让分数改变了多少，两对随机内容 (q, k) 各一条。"
         "它无法表达“这个内容在这个距离上更相关”。下一步是替代方案（B）。",
         "Of two alternatives to RoPE, (A) adds a fixed bias g(Δ) to the score qᵀk; here g is the sinusoids' kernel "
         "g(Δ) = p₀ᵀp_Δ. The curves show how much the distance Δ changes the score, one for each of two random "
         "content pairs (q, k). Such a bias cannot express 'this content matters at this distance'. Alternative (B) "
         "is the next step."},
        {"L", "d", "base", "layout", "seed"},
        views_of(read_inputs, alternatives_views),
        {R"tex(\text{(A)}\ q^\top k+g(\Delta),\qquad g(\Delta)=p_0^\top p_\Delta,\qquad \Delta=m-n)tex",
         R"tex(\text{RoPE}\ \langle R_m q,\,R_n k\rangle=\langle R_\Delta q,\,k\rangle)tex"},
    };
    s.takeaway = {"两种内容的（A）曲线重合，RoPE 的相差可达 {gap}：偏置 g(Δ) 给每个分数加同样的量，RoPE 却转动 q 本身，效果取决于 q 和 k。",
                  "(A)'s curves for two contents coincide, RoPE's differ by up to {gap}: a bias g(Δ) moves every score "
                  "by the same amount, while RoPE turns q itself, so its effect depends on q and k."};
    s.takeaway_args = args_of(read_inputs, +[](const Inputs& in, Lang) {
        return std::vector<Arg>{{"gap", num(alternative_curves(in).rope_gap, 3)}};
    });
    return s;
}

}  // namespace rope_lesson
}  // namespace pelab
