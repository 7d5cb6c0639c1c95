// PE Lab — lessons/rope/two_alternatives.cpp
// Lesson "rope", step "two-alternatives": two alternatives to RoPE — a bias on the score, and p
// added after the projection, (q + p)ᵀ(k + p) in its four terms.
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
// (A) bias on the score versus RoPE, (B) the four terms of (q + p)ᵀ(k + p).
std::vector<ViewData> alternatives_views(const Inputs& in, Lang lang) {
    const int d = in.d, L = in.L;
    SplitMix64 rng(static_cast<std::uint64_t>(in.seed) + 2000);
    // (A): two content pairs; the bias g(Δ) = p_0ᵀ p_Δ (the sinusoid kernel) is added to q·k.
    const Eigen::VectorXd qa = random_vector(d, rng), ka = random_vector(d, rng);
    const Eigen::VectorXd qb = random_vector(d, rng), kb = random_vector(d, rng);
    CurveView curve;
    curve.y_axis = say(lang, {"分数变化", "change of score"});
    curve.x_axis = "Δ";
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

    // (B): random content per position, scaled; p = sinusoid.
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
    const char* names[4] = {"qᵢᵀkⱼ", "qᵢᵀpⱼ", "pᵢᵀkⱼ", "pᵢᵀpⱼ"};
    const Text roles[4] = {{"内容", "content"}, {"内容×位置", "content×pos"}, {"位置×内容", "pos×content"}, {"纯位置", "pos only"}};
    TableView table;
    table.values.resize(4, 3);
    std::vector<ViewData> terms;
    for (int t = 0; t < 4; ++t) {
        const double rms = std::sqrt(T[t].squaredNorm() / (L * L));
        table.values(t, 0) = rms;
        table.values(t, 1) = max_abs(T[t]);
        table.values(t, 2) = toeplitz_residual(T[t]);
        table.row_labels.push_back(std::string(names[t]) + " " + say(lang, roles[t]));
        HeatmapView h = kernel_heatmap(T[t], lang);
        const Eigen::MatrixXd M = T[t];
        const std::string name = names[t];
        h.explain = [M, L, name, lang](int r, int c) -> std::string {
            if (r < 0 || c < 0 || r >= L || c >= L) return "";
            return say(lang, {"{name}，i = {i}, j = {j}: {value}", "{name}, i = {i}, j = {j}: {value}"},
                       {{"name", name}, {"i", integer(r)}, {"j", integer(c)}, {"value", num(M(r, c))}});
        };
        terms.push_back(make_view(name, std::move(h)));
    }
    table.col_labels = {say(lang, {"均方根", "RMS"}), say(lang, {"最大 |值|", "max |value|"}), say(lang, {"离 Toeplitz", "from Toeplitz"})};
    table.corner = say(lang, {"项", "term"});
    table.decimals = 4;
    const double share = table.values(3, 0) / (table.values.col(0).sum() > 0 ? table.values.col(0).sum() : 1.0);
    std::vector<std::string> table_notes = {
        say(lang, {"相对项 pᵀp 的均方根占四项均方根之和的比例：{share}", "Share of the relative term pᵀp in the summed RMS of the four terms: {share}"},
            {{"share", num(share)}}),
        say(lang, {"content = {c}：内容向量的元素在 [−content, content) 内均匀随机。",
                   "content = {c}: content vectors have entries uniform in [−content, content)."},
            {{"c", num(in.content_scale)}}),
    };
    std::vector<ViewData> out;
    out.push_back(make_view(say(lang, {"（A）与 RoPE：距离 Δ 使分数改变了多少", "(A) versus RoPE: how much distance Δ changes the score"}),
                            std::move(curve), std::move(curve_notes)));
    out.push_back(make_view(say(lang, {"（B）(q+p)ᵀ(k+p) 的四项：大小与结构", "(B) the four terms of (q+p)ᵀ(k+p): size and structure"}),
                            std::move(table), std::move(table_notes)));
    for (ViewData& v : terms) out.push_back(std::move(v));
    return out;
}

}  // namespace

// [SECTION] the step
Step two_alternatives() {
    return {
        "two-alternatives",
        {"RoPE 之外的两种替代方案", "Two alternatives to RoPE"},
        {"（A）在分数上加一个位置偏置 g(j − i)：它给每一对内容加上同样的量，因此无法表达“这个内容在这个距离上更相关”，"
         "曲线里两条（A）完全重合，而 RoPE 的位置效应随 q、k 而变。"
         "（B）在投影之后把 p 加到 q 和 k 上：分数分成 qᵀk、qᵀp、pᵀk、pᵀp 四项相加，只有最后一项是相对的。"
         "表格给出每项的大小；调大 content，内容项变大，相对项就被淹没。",
         "(A) Add a position bias g(j − i) to the score: it moves every content pair by the same amount, so it "
         "cannot express 'this content matters at this distance'; the two (A) curves coincide, while RoPE's "
         "position effect changes with q and k. (B) Add p to q and k after the projection: the score splits into "
         "four additive terms qᵀk, qᵀp, pᵀk and pᵀp, and only the last one is relative. The table measures each "
         "term; raise content and the relative term is drowned out."},
        {"L", "d", "base", "layout", "seed", "content_scale"},
        views_of(read_inputs, alternatives_views),
        {R"tex(\text{(A)}\ q^\top k+g(j-i))tex",
         R"tex(\text{(B)}\ (q+p_i)^\top(k+p_j)=q^\top k+q^\top p_j+p_i^\top k+p_i^\top p_j)tex"},
    };
}

}  // namespace rope_lesson
}  // namespace pelab
