// PE Lab — lessons/rope/rotation_2d.cpp
// Lesson "rope", step "rotation-2d": the 2-D rotation R(α) and its identities (the transpose is the inverse,
// both are R(−α), and angles add), on a dial with draggable arrowheads and entry by entry in a table.
// Comments are English only: the font subset is built from the characters inside .cpp string literals.
//
// [SECTION] views
// [SECTION] the step
#include <algorithm>
#include <cmath>
#include <string>
#include <utility>
#include <vector>

#include "lessons/lesson_util.h"
#include "lessons/rope/rope_lesson.h"

namespace pelab {
namespace rope_lesson {

using namespace lessonui;

// [SECTION] views
namespace {
// The vector the dial turns: a fixed unit-free example off the axes, so that its own angle is visible.
const Eigen::Vector2d kDialVector(0.8, 0.3);

// One dial: v (grey, dashed), R(α)v and R(β)v with draggable heads, arcs α (from v) and β − α (between them).
ViewData rotation_dial_view(const Inputs& in, Lang lang) {
    const Eigen::Vector2d v = kDialVector;
    const Eigen::Vector2d va = rotation2(in.alpha) * v, vb = rotation2(in.beta) * v;
    const double phi = std::atan2(v.y(), v.x());
    const double scale = 1.0 / v.norm();  // the circle's radius is |v|
    PhasorView::Dial dial;
    dial.caption = say(lang, {"v = {v}，圆的半径 |v| = {len}", "v = {v}, circle of radius |v| = {len}"},
                       {{"v", vector_text(v)}, {"len", num(v.norm())}});
    PhasorView::Arrow base;
    base.angle = phi;
    base.length = v.norm() * scale;
    base.label = "v";
    base.colour = 3;
    base.dashed = true;
    PhasorView::Arrow ra;
    ra.angle = std::atan2(va.y(), va.x());
    ra.length = va.norm() * scale;
    ra.label = "R(α)v";
    ra.colour = 0;
    ra.drag_param = "alpha";
    ra.drag_origin = phi;
    PhasorView::Arrow rb = ra;
    rb.angle = std::atan2(vb.y(), vb.x());
    rb.length = vb.norm() * scale;
    rb.label = "R(β)v";
    rb.colour = 1;
    rb.drag_param = "beta";
    dial.arrows = {base, ra, rb};
    dial.arcs = {{0, 1, "α = " + angle(in.alpha)}, {1, 2, "β − α = " + angle(in.beta - in.alpha)}};
    PhasorView ph;
    ph.dials.push_back(std::move(dial));

    const double len_err = std::max(std::fabs(va.norm() - v.norm()), std::fabs(vb.norm() - v.norm()));
    const double dot = va.dot(vb), dot_rel = v.squaredNorm() * std::cos(in.beta - in.alpha);
    // One line under the dial: both exact checks (the length, the dot product); the coordinates go with the table.
    const double dot_err = std::fabs(dot - dot_rel);
    std::vector<std::string> notes = {
        say(lang, {"长度不变：最大 ||R v| − |v|| = {len}；(R(α)v)ᵀ(R(β)v) 与 |v|²cos(β − α) 之差 {err}{hint}",
                   "Length is kept: largest ||R v| − |v|| = {len}; (R(α)v)ᵀ(R(β)v) − |v|²cos(β − α): difference {err}{hint}"},
            {{"len", exact(len_err)}, {"err", exact(dot_err)}, {"hint", rounding_hint(std::max(len_err, dot_err), lang)}}),
    };
    return make_view(say(lang, {"R(α) 作用在向量 v 上（拖动箭头改变 α、β）", "R(α) acting on a vector v (drag the arrowheads to change α and β)"}),
                     std::move(ph), std::move(notes));
}

std::vector<ViewData> rotation_2d_views(const Inputs& in, Lang lang) {
    const Eigen::Matrix2d Ra = rotation2(in.alpha), Rb = rotation2(in.beta);
    const Eigen::Matrix2d Rinv = Ra.inverse();
    const Eigen::Matrix2d product = rotation2(-in.alpha) * Rb;
    const Eigen::Matrix2d diff = rotation2(in.beta - in.alpha);
    const std::vector<std::pair<std::string, Eigen::Matrix2d>> rows = {
        {"R(α)", Ra},          {"R(α)ᵀ", Ra.transpose()}, {"R(α)⁻¹", Rinv}, {"R(−α)", rotation2(-in.alpha)},
        {"R(β)", Rb},          {"R(−α)R(β)", product},    {"R(β−α)", diff},
    };
    TableView table;
    table.values.resize(static_cast<Eigen::Index>(rows.size()), 4);
    for (std::size_t i = 0; i < rows.size(); ++i) {
        const Eigen::Matrix2d& M = rows[i].second;
        const Eigen::Index r = static_cast<Eigen::Index>(i);
        table.values(r, 0) = M(0, 0);
        table.values(r, 1) = M(0, 1);
        table.values(r, 2) = M(1, 0);
        table.values(r, 3) = M(1, 1);
        table.row_labels.push_back(rows[i].first);
    }
    table.values = without_rounding_noise(table.values);
    table.col_labels = {"[0,0]", "[0,1]", "[1,0]", "[1,1]"};
    table.corner = say(lang, {"矩阵", "matrix"});
    table.decimals = 5;
    table.explain = [rows, lang](int r, int c) -> std::string {
        if (r < 0 || c < 0 || r >= static_cast<int>(rows.size()) || c >= 4) return "";
        const Eigen::Matrix2d& M = rows[static_cast<std::size_t>(r)].second;
        return say(lang, {"{name}[{row},{col}] = {value}；cos 与 sin 由 α、β 直接计算。",
                          "{name}[{row},{col}] = {value}; cos and sin evaluated from α and β."},
                   {{"name", rows[static_cast<std::size_t>(r)].first},
                    {"row", integer(c / 2)},
                    {"col", integer(c % 2)},
                    {"value", num(M(c / 2, c % 2), 17)}});
    };
    const double t_err = max_abs(Ra.transpose() - rotation2(-in.alpha));
    const double inv_err = max_abs(Rinv - rotation2(-in.alpha));
    const double group_err = max_abs(product - diff);
    const double orth_err = max_abs(Ra.transpose() * Ra - Eigen::Matrix2d::Identity());
    const Eigen::Vector2d va = Ra * kDialVector, vb = Rb * kDialVector;
    const double dot = va.dot(vb), dot_rel = kDialVector.squaredNorm() * std::cos(in.beta - in.alpha);
    std::vector<std::string> notes;
    notes.push_back(say(lang, {"R(α)v = {va}，R(β)v = {vb}（每个坐标由 cos、sin 直接算出），内积 {dot} = |v|²cos(β − α) = {rel}",
                               "R(α)v = {va}, R(β)v = {vb} (each coordinate from cos and sin), dot product {dot} = |v|²cos(β − α) = {rel}"},
                        {{"va", vector_text(va)}, {"vb", vector_text(vb)}, {"dot", num(dot)}, {"rel", num(dot_rel)}}));
    notes.push_back(say(lang, {"α = {alpha}，β = {beta}，β − α = {diff}", "α = {alpha}, β = {beta}, β − α = {diff}"},
                        {{"alpha", angle(in.alpha)}, {"beta", angle(in.beta)}, {"diff", angle(in.beta - in.alpha)}}));
    notes.push_back(say_error(lang, {"最大 |R(α)ᵀ − R(−α)| = {err}{hint}", "Largest |R(α)ᵀ − R(−α)| = {err}{hint}"}, t_err));
    notes.push_back(say_error(lang, {"最大 |R(α)⁻¹ − R(−α)| = {err}{hint}", "Largest |R(α)⁻¹ − R(−α)| = {err}{hint}"}, inv_err));
    notes.push_back(
        say_error(lang, {"最大 |R(−α)R(β) − R(β−α)| = {err}{hint}", "Largest |R(−α)R(β) − R(β−α)| = {err}{hint}"}, group_err));
    notes.push_back(say_error(lang, {"det R(α) = {det}；最大 |R(α)ᵀR(α) − I| = {err}{hint}", "det R(α) = {det}; largest |R(α)ᵀR(α) − I| = {err}{hint}"}, orth_err, {{"det", num(Ra.determinant(), 17)}}));
    return {rotation_dial_view(in, lang),
            make_view(say(lang, {"旋转矩阵（按行展开：[0,0] [0,1] [1,0] [1,1]）", "Rotation matrices, entry by entry: [0,0] [0,1] [1,0] [1,1]"}),
                      std::move(table), std::move(notes))};
}

}  // namespace

// [SECTION] the step
Step rotation_2d() {
    Step s{
        "rotation-2d",
        {"二维旋转 R(α)", "The 2-D rotation R(α)"},
        {"注意力[[attention-score|分数]] qᵀk 看不出[[query|查询]] q 和[[key|键]] k 在哪个位置；[[rope|RoPE]] 通过旋转 q 和 k 让分数看到两者的距离，"
         "所以本课从二维[[rotation|旋转]] R(α) 讲起。"
         "表盘上灰色虚线是向量 v，蓝色箭头是 R(α)v，红色箭头是 R(β)v。"
         "两段圆弧分别标出 α 和 β − α，拖动箭头头部就能改变 α 和 β，播放则让 α 转满一圈。"
         "下方表格逐个元素重算这些矩阵，注释给出每条恒等式的实际误差。",
         "An attention [[attention-score|score]] qᵀk cannot tell where the [[query]] q and the [[key]] k sit; "
         "[[rope|RoPE]] lets it see their distance by turning q and k, so the lesson starts with the 2-D "
         "[[rotation]] R(α). On the dial the grey dashed arrow is a vector v, the blue arrow R(α)v and the red "
         "arrow R(β)v. The two arcs mark α and β − α; drag an arrowhead to change α or β, or press play to turn α "
         "once around. The table below recomputes each matrix entry by entry, and the notes measure how far each "
         "identity is from holding."},
        {"alpha", "beta"},
        views_of(read_inputs, rotation_2d_views),
        {R"tex(R(\alpha)=\begin{pmatrix}\cos\alpha&-\sin\alpha\\\sin\alpha&\cos\alpha\end{pmatrix})tex",
         R"tex(R(\alpha)^\top=R(\alpha)^{-1}=R(-\alpha),\qquad R(-\alpha)\,R(\beta)=R(\beta-\alpha))tex"},
        {"alpha", 0.0, 6.283185307179586, 0.6},
    };
    s.takeaway = {"R(α) 转过 α、长度不变，箭头都在一个圆上；R(α)ᵀ = R(−α) 转回，转角相加：R(−α)R(β) = R(β − α)，这里 β − α = {diff}。",
                  "R(α) turns a vector by α and keeps its length, so every arrow ends on one circle; R(α)ᵀ = R(−α) "
                  "turns it back, and turns add: R(−α)R(β) = R(β − α), here β − α = {diff}."};
    s.takeaway_args = args_of(read_inputs, +[](const Inputs& in, Lang) {
        return std::vector<Arg>{{"diff", angle(in.beta - in.alpha)}};
    });
    return s;
}

}  // namespace rope_lesson
}  // namespace pelab
