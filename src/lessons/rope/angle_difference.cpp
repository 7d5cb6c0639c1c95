// PE Lab — lessons/rope/angle_difference.cpp
// Lesson "rope", step "angle-difference": the dot product of two rotated vectors sees only the
// angle difference, (R(α)u)ᵀ(R(β)v) = uᵀR(β−α)v, over sixteen angles each and at the current α, β.
// Comments are English only: the font subset is built from the characters inside .cpp string literals.
//
// [SECTION] views
// [SECTION] the step and its questions
#include <cmath>
#include <string>
#include <utility>
#include <vector>

#include "core/relative/f_delta.h"
#include "lessons/lesson_util.h"
#include "lessons/rope/rope_lesson.h"

namespace pelab {
namespace rope_lesson {

using namespace lessonui;

// [SECTION] views
namespace {
std::vector<ViewData> dot_product_views(const Inputs& in, Lang lang) {
    SplitMix64 rng(static_cast<std::uint64_t>(in.seed));
    const Eigen::Vector2d u = random_vector(2, rng), v = random_vector(2, rng);
    const int n = 16;
    Eigen::MatrixXd G(n, n);
    for (int i = 0; i < n; ++i)
        for (int j = 0; j < n; ++j) G(i, j) = (rotation2(i * kPi / 8) * u).dot(rotation2(j * kPi / 8) * v);
    std::vector<std::string> angles;
    for (int i = 0; i < n; ++i) angles.push_back(angle(i * kPi / 8));
    HeatmapView heat = labelled_matrix(to_rows(G), angles, angles, say(lang, {"u 的旋转角 a", "angle a of u"}),
                                       say(lang, {"v 的旋转角 b", "angle b of v"}));
    heat.is_signed = true;
    heat.qk_axes = true;
    heat.explain = [G, u, v, lang](int r, int c) -> std::string {
        if (r < 0 || c < 0 || r >= 16 || c >= 16) return "";
        const double rel = u.dot(rotation2((c - r) * kPi / 8) * v);
        return say(lang, {"a = {a}，b = {b}，b − a = {diff}：(R(a)u)ᵀ(R(b)v) = {value}；uᵀR(b−a)v = {rel}",
                          "a = {a}, b = {b}, b − a = {diff}: (R(a)u)ᵀ(R(b)v) = {value}; uᵀR(b−a)v = {rel}"},
                   {{"a", angle(r * kPi / 8)},
                    {"b", angle(c * kPi / 8)},
                    {"diff", angle((c - r) * kPi / 8)},
                    {"value", num(G(r, c))},
                    {"rel", num(rel)}});
    };
    const double spread = largest_spread(G);
    std::vector<std::string> heat_notes = {
        say_error(lang, {"每条对角线（一个角度差）上的最大极差：{err}{hint}",
                   "Largest spread along a diagonal (one angle difference): {err}{hint}"}, spread)};

    TableView table;
    const double lhs = (rotation2(in.alpha) * u).dot(rotation2(in.beta) * v);
    const double rhs = u.dot(rotation2(in.beta - in.alpha) * v);
    const double shifted = (rotation2(in.alpha + 1.0) * u).dot(rotation2(in.beta + 1.0) * v);
    table.values.resize(3, 1);
    table.values << lhs, rhs, shifted;
    table.row_labels = {"(R(α)u)ᵀ(R(β)v)", "uᵀR(β−α)v", "(R(α+1)u)ᵀ(R(β+1)v)"};
    table.col_labels = {say(lang, {"值", "value"})};
    table.corner = say(lang, {"表达式", "expression"});
    table.decimals = 6;
    const double d12 = std::fabs(lhs - rhs), d13 = std::fabs(lhs - shifted);
    std::vector<std::string> table_notes = {
        say(lang, {"u = {u}，v = {v}（种子 {seed}）", "u = {u}, v = {v} (seed {seed})"},
            {{"u", vector_text(u)}, {"v", vector_text(v)}, {"seed", integer(in.seed)}}),
        say(lang, {"|前两行之差| = {err}{hint}；两个角同时加 1 弧度，值不变：差 = {shift}{shift_hint}",
                   "|row 1 − row 2| = {err}{hint}; adding 1 radian to both angles changes nothing: difference = {shift}{shift_hint}"},
            {{"err", exact(d12)}, {"hint", rounding_hint(d12, lang)}, {"shift", exact(d13)}, {"shift_hint", rounding_hint(d13, lang)}}),
    };
    return {make_view(say(lang, {"(R(a)u)ᵀ(R(b)v)，a、b 以 π/8 为步长", "(R(a)u)ᵀ(R(b)v) for a, b in steps of π/8"}), std::move(heat),
                      std::move(heat_notes)),
            make_view(say(lang, {"在当前 α、β 处的检验", "Check at the current α, β"}), std::move(table), std::move(table_notes))};
}

}  // namespace

// [SECTION] the step and its questions
Step dot_product_sees_the_difference() {
    Step s = {
        "angle-difference",
        {"内积只看角度差", "The dot product only sees the angle difference"},
        {"热力图把 u 转 a、把 v 转 b，各取十六个角度；表格在当前的 α、β 处检验。u 与 v 是由随机种子生成的随机向量。"
         "把上一步的规则代入：(R(α)u)ᵀ(R(β)v) = uᵀR(α)ᵀR(β)v = uᵀR(β−α)v。",
         "The heatmap turns u by a and v by b, sixteen angles each; the table checks the current α and β. u and v "
         "are random vectors drawn from the seed. With the previous step's rules, (R(α)u)ᵀ(R(β)v) = "
         "uᵀR(α)ᵀR(β)v = uᵀR(β−α)v."},
        {"alpha", "beta", "seed"},
        views_of(read_inputs, dot_product_views),
        {R"tex((R(\alpha)u)^\top(R(\beta)v)=u^\top R(\alpha)^\top R(\beta)\,v=u^\top R(\beta-\alpha)\,v)tex"},
    };
    s.questions = {
        {{"把 u 转 α、把 v 转 β，再求点积。结果取决于什么？",
          "Rotate u by α and v by β, then take the dot product. What does it depend on?"},
         {{"分别取决于 α 和 β", "On α and β separately"},
          {"只取决于差 β − α", "Only on the difference β − α"},
          {"只取决于和 α + β", "Only on the sum α + β"}},
         1,
         [](const ParamSet& p, Lang lang) {
             const Inputs in = read_inputs(p);
             const double alpha = in.alpha, beta = in.beta;
             const Eigen::Vector2d u(1.0, 0.0);
             const double rotated = (rotation2(alpha) * u).dot(rotation2(beta) * u);
             const double shifted = (rotation2(alpha + 1.0) * u).dot(rotation2(beta + 1.0) * u);
             return say_error(lang,
                              {"R(α)ᵀR(β) = R(β − α)。取 u = v = (1, 0)：(R(α)u)·(R(β)v) = {dot} = cos(β − α)，"
                               "β − α = {diff}；两个角都加 1 弧度后点积变化 {err}{hint}。",
                               "R(α)ᵀR(β) = R(β − α). With u = v = (1, 0): (R(α)u)·(R(β)v) = {dot} = cos(β − α), "
                               "β − α = {diff}; adding 1 radian to both angles changes it by {err}{hint}."},
                              std::abs(shifted - rotated), {{"dot", num(rotated)}, {"diff", angle(beta - alpha)}});
         }},
    };
    s.takeaway = {"热力图（u 转 a，v 转 b）每条对角线是同一个角度差 b − a，只有一个值：R(a)ᵀR(b) = R(b − a)，所以内积只看两次旋转相差多少。",
                  "Each heatmap diagonal (u turned by a, v by b) is one difference b − a and holds one value: "
                  "R(a)ᵀR(b) = R(b − a), so the dot product sees only how far apart the two turns are."};
    return s;
}

}  // namespace rope_lesson
}  // namespace pelab
