// PE Lab — lessons/rope/steps_1_4.cpp
// Lesson "rope", steps 1–4: the 2-D rotation R(α) and its identities; the dot product of rotated vectors
// sees only the angle difference; RoPE on d dimensions (pairs, frequencies, the two layouts and the
// permutation between them); the score matrix S[m,n], its shift invariance and the link to lesson f-delta.
// Each step's title and prose come first, its views right after.
// Comments are English only: the font subset is built from the characters inside .cpp string literals.
//
// [SECTION] step 1: the 2-D rotation R(α)
// [SECTION] step 2: the dot product only sees the angle difference
// [SECTION] step 3: pairs, frequencies, two layouts
// [SECTION] step 4: the score matrix and shift invariance
#include <algorithm>
#include <cmath>
#include <string>
#include <utility>
#include <vector>

#include "core/f_delta.h"
#include "lessons/lesson_util.h"
#include "lessons/rope/rope_lesson.h"

namespace pelab {
namespace rope_lesson {

using namespace lessonui;

// [SECTION] step 1: the 2-D rotation R(α)
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
    std::vector<std::string> notes = {
        say(lang, {"R(α)v = {va}，R(β)v = {vb}（每个坐标由 cos、sin 直接算出）", "R(α)v = {va}, R(β)v = {vb} (each coordinate from cos and sin)"},
            {{"va", vector_text(va)}, {"vb", vector_text(vb)}}),
        say_error(lang, {"长度不变：最大 ||R v| − |v|| = {err}{hint}", "Length is kept: largest ||R v| − |v|| = {err}{hint}"}, len_err),
        say_error(lang, {"(R(α)v)ᵀ(R(β)v) = {dot}，|v|²cos(β − α) = {rel}，差 {err}{hint}",
                         "(R(α)v)ᵀ(R(β)v) = {dot}, |v|²cos(β − α) = {rel}, difference {err}{hint}"},
                  std::fabs(dot - dot_rel), {{"dot", num(dot)}, {"rel", num(dot_rel)}}),
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
    std::vector<std::string> notes;
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

Step rotation_2d() {
    return {
        "rotation-2d",
        {"二维旋转 R(α)", "The 2-D rotation R(α)"},
        {"注意力 softmax(QKᵀ)V 本身不看词序，RoPE 靠旋转 q 和 k 把位置放进分数里，所以先从二维旋转讲起。"
         "表盘上灰色虚线是向量 v，蓝色箭头是 R(α)v，红色箭头是 R(β)v：R(α) 把 v 转过角度 α，长度不变，箭头始终落在同一个圆上。"
         "两段圆弧分别标出 α 和 β − α，拖动箭头头部就能改变 α 和 β，播放则让 α 转满一圈。"
         "它的转置就是它的逆，二者都等于转过 −α 的旋转；连续做两次旋转，角度相加，所以 R(−α)R(β) = R(β−α)。"
         "下方表格逐个元素重算这些矩阵，注释给出每条恒等式的实际误差。",
         "Attention's softmax(QKᵀ)V on its own ignores word order; RoPE brings position into the score by "
         "rotating q and k, so the lesson starts with the 2-D rotation. On the dial the grey dashed arrow is a "
         "vector v, the blue arrow R(α)v and the red arrow R(β)v: R(α) turns v by the angle α and keeps its "
         "length, so every arrow ends on the same circle. The two arcs mark α and β − α; drag an arrowhead to "
         "change α or β, or press play to turn α once around. The transpose of R(α) is its inverse, and both "
         "equal the rotation by −α; two rotations in a row add their angles, so R(−α)R(β) = R(β−α). The table "
         "below recomputes each matrix entry by entry, and the notes measure how far each identity is from "
         "holding."},
        {"alpha", "beta"},
        views_of(read_inputs, rotation_2d_views),
        {R"tex(R(\alpha)=\begin{pmatrix}\cos\alpha&-\sin\alpha\\\sin\alpha&\cos\alpha\end{pmatrix})tex",
         R"tex(R(\alpha)^\top=R(\alpha)^{-1}=R(-\alpha),\qquad R(-\alpha)\,R(\beta)=R(\beta-\alpha))tex"},
        {"alpha", 0.0, 6.283185307179586, 0.6},
    };
}

// [SECTION] step 2: the dot product only sees the angle difference
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
        say_error(lang, {"各条对角线上的最大极差：{err}{hint}（每条对角线对应一个角度差）",
                   "Largest spread along any diagonal: {err}{hint} (each diagonal is one angle difference)"}, spread)};

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

Step dot_product_sees_the_difference() {
    return {
        "angle-difference",
        {"内积只看角度差", "The dot product only sees the angle difference"},
        {"把 u 转 α、把 v 转 β 再求内积：因为 R(α)ᵀR(β) = R(β−α)，结果等于 uᵀR(β−α)v，与 α、β 各自的取值无关。"
         "热力图让两个向量各取十六个角度；同一条对角线上角度差相同，数值也相同。u 与 v 是由随机种子生成的随机向量。",
         "Rotate u by α and v by β, then take the dot product: since R(α)ᵀR(β) = R(β−α), the result equals "
         "uᵀR(β−α)v whatever α and β are on their own. The heatmap tries sixteen angles for each vector; cells on "
         "one diagonal share the angle difference and therefore the value. u and v are random vectors drawn from "
         "the random seed."},
        {"alpha", "beta", "seed"},
        views_of(read_inputs, dot_product_views),
        {R"tex((R(\alpha)u)^\top(R(\beta)v)=u^\top R(\alpha)^\top R(\beta)\,v=u^\top R(\beta-\alpha)\,v)tex"},
    };
}

// [SECTION] step 3: pairs, frequencies, two layouts
namespace {
std::vector<ViewData> pairs_layouts_views(const Inputs& in, Lang lang) {
    const int d = in.d, pairs = d / 2;
    const Eigen::MatrixXd R = rope_matrix(in.theta, in.m, in.layout);
    HeatmapView heat = labelled_matrix(without_rounding_noise(to_rows(R)), index_labels(d), index_labels(d),
                                       say(lang, {"输出坐标", "output coordinate"}), say(lang, {"输入坐标", "input coordinate"}));
    heat.is_signed = true;
    heat.decimals = 2;
    const Eigen::VectorXd theta = in.theta;
    const RopeLayout layout = in.layout;
    const double m = in.m;
    heat.explain = [R, theta, layout, m, d, lang](int r, int c) -> std::string {
        if (r < 0 || c < 0 || r >= d || c >= d) return "";
        for (int i = 0; i < d / 2; ++i) {
            const auto pc = rope_pair_coords(i, d, layout);
            const bool row_in = r == pc.first || r == pc.second, col_in = c == pc.first || c == pc.second;
            if (row_in && col_in)
                return say(lang, {"R_m[{row},{col}] = {value}：第 {pair} 对，转角 mθ{sub} = {angle}",
                                  "R_m[{row},{col}] = {value}: pair {pair}, angle mθ{sub} = {angle}"},
                           {{"row", integer(r)},
                            {"col", integer(c)},
                            {"value", num(R(r, c))},
                            {"pair", integer(i)},
                            {"sub", sub(i)},
                            {"angle", num(m * theta(i))}});
        }
        return say(lang, {"R_m[{row},{col}] = {value}：这两个坐标不属于同一对，所以是 0",
                          "R_m[{row},{col}] = {value}: these coordinates are not in one pair, hence 0"},
                   {{"row", integer(r)}, {"col", integer(c)}, {"value", num(R(r, c))}});
    };

    // Frequencies and angles per pair; which coordinates a pair holds follows one rule per layout, stated in the
    // note (with the last pair worked out) and drawn by the permutation below, so the table stays two columns wide.
    TableView table;
    table.values.resize(pairs, 2);
    for (int i = 0; i < pairs; ++i) {
        table.values.row(i) << in.theta(i), in.m * in.theta(i);
        table.row_labels.push_back(say(lang, {"第 {i} 对", "pair {i}"}, {{"i", integer(i)}}));
    }
    table.col_labels = {"θᵢ", "mθᵢ"};
    table.decimals = 6;
    table.corner = say(lang, {"对", "pair"});
    const auto last_inter = rope_pair_coords(pairs - 1, d, RopeLayout::interleaved);
    const auto last_half = rope_pair_coords(pairs - 1, d, RopeLayout::half);
    std::vector<std::string> table_notes = {
        say(lang, {"第 i 对在交错布局中是坐标 2i 与 2i + 1，在对半布局中是坐标 i 与 i + d/2：最后一对（第 {i} 对）分别是 {ia}、{ib} 与 {ha}、{hb}。",
                   "Pair i holds coordinates 2i and 2i + 1 in the interleaved layout, i and i + d/2 in the half layout: the last "
                   "pair ({i}) holds {ia}, {ib} and {ha}, {hb}."},
            {{"i", integer(pairs - 1)}, {"ia", integer(last_inter.first)}, {"ib", integer(last_inter.second)},
             {"ha", integer(last_half.first)}, {"hb", integer(last_half.second)}}),
        say(lang, {"base = {base}，d = {d}，θ₀ = {first}，最后一对 θ = {last}", "base = {base}, d = {d}, θ₀ = {first}, last pair θ = {last}"},
            {{"base", num(in.base)}, {"d", integer(d)}, {"first", num(in.theta(0))}, {"last", num(in.theta(pairs - 1))}}),
    };

    const Eigen::MatrixXd P = rope_layout_permutation(d);
    HeatmapView perm = labelled_matrix(to_rows(P), index_labels(d), index_labels(d),
                                       say(lang, {"对半布局的坐标", "half-layout coordinate"}),
                                       say(lang, {"交错布局的坐标", "interleaved coordinate"}));
    perm.integer = true;
    perm.decimals = 0;
    perm.explain = [d, lang](int r, int c) -> std::string {
        if (r < 0 || c < 0 || r >= d || c >= d) return "";
        const int src = r < d / 2 ? 2 * r : 2 * (r - d / 2) + 1;
        return c == src ? say(lang, {"对半布局的坐标 {r} 取自交错布局的坐标 {src}：这里是 1",
                                     "Half-layout coordinate {r} takes interleaved coordinate {src}: this cell is 1"},
                              {{"r", integer(r)}, {"src", integer(src)}})
                        : say(lang, {"对半布局的坐标 {r} 取自交错布局的坐标 {src}：这里是 0",
                                     "Half-layout coordinate {r} takes interleaved coordinate {src}: this cell is 0"},
                              {{"r", integer(r)}, {"src", integer(src)}});
    };
    SplitMix64 rng(static_cast<std::uint64_t>(in.seed));
    const Eigen::VectorXd x = random_vector(d, rng);
    const double perm_err = max_abs(P * rope_matrix(in.theta, in.m, RopeLayout::interleaved) * P.transpose() -
                                    rope_matrix(in.theta, in.m, RopeLayout::half));
    const double hf_err =
        max_abs(rope_apply_hf_rotate_half(x, in.m, in.theta) - rope_apply(x, in.m, in.theta, RopeLayout::half));
    const double vec_err = max_abs(P * rope_apply(x, in.m, in.theta, RopeLayout::interleaved) -
                                   rope_apply(P * x, in.m, in.theta, RopeLayout::half));
    std::vector<std::string> perm_notes = {
        say_error(lang, {"最大 |P·R_interleaved·Pᵀ − R_half| = {err}{hint}", "Largest |P·R_interleaved·Pᵀ − R_half| = {err}{hint}"},
                     perm_err),
        say_error(lang, {"随机向量 x：最大 |P·(R x) − R_half·(P x)| = {err}{hint}",
                            "Random x: largest |P·(R x) − R_half·(P x)| = {err}{hint}"},
                     vec_err),
        say_error(lang, {"HF 写法 x·cos + rotate_half(x)·sin 与逐对旋转之差：{err}{hint}",
                            "HF's x·cos + rotate_half(x)·sin versus the pair-by-pair rotation: largest difference {err}{hint}"},
                     hf_err),
    };
    return {make_view(say(lang, {"R_m（{layout}），m = {m}", "R_m ({layout}), m = {m}"},
                          {{"layout", layout_label(in.layout, lang)}, {"m", num(in.m)}}),
                      std::move(heat)),
            make_view(say(lang, {"每一对：频率与转角", "Each pair: frequency and angle"}), std::move(table),
                      std::move(table_notes)),
            make_view(say(lang, {"置换 P：交错布局 → 对半布局", "Permutation P: interleaved → half layout"}), std::move(perm),
                      std::move(perm_notes))};
}

}  // namespace

Step pairs_frequencies_layouts() {
    return {
        "pairs-frequencies-layouts",
        {"d 维上的 RoPE：配对、频率与两种布局", "RoPE in d dimensions: pairs, frequencies, two layouts"},
        {"RoPE 把 d 维向量分成 d/2 对，在位置 m 把第 i 对转过 m·θᵢ，θᵢ = base^(−2i/d)，所以 R_m 由 2×2 旋转块组成。"
         "各实现对“哪两个坐标配成一对”并不一致：RoFormer 与 GPT-J 把相邻的 (x₂ᵢ, x₂ᵢ₊₁) 配对，"
         "HF Llama 的 rotate_half 则把 xᵢ 与 xᵢ₊d/2 配对。两者是同一个旋转，只差一个固定的坐标置换 P："
         "R_half = P·R_interleaved·Pᵀ，下方连同 HF 的 cos/sin 写法一起做了数值检验。",
         "RoPE cuts a d-dimensional vector into d/2 pairs and turns pair i at position m by m·θᵢ, with "
         "θᵢ = base^(−2i/d), so R_m is made of 2×2 rotation blocks. Implementations disagree on which coordinates "
         "form a pair: RoFormer and GPT-J pair neighbours (x₂ᵢ, x₂ᵢ₊₁), while HF Llama's rotate_half pairs xᵢ with "
         "xᵢ₊d/2. Both are the same rotation seen through a fixed permutation P of the coordinates, "
         "R_half = P·R_interleaved·Pᵀ, checked below together with HF's cos/sin formula."},
        {"d", "base", "m", "layout", "seed"},
        views_of(read_inputs, pairs_layouts_views),
        {R"tex(R_m=\mathrm{diag}\bigl(R(m\theta_0),\dots,R(m\theta_{d/2-1})\bigr),\qquad \theta_i=\mathrm{base}^{-2i/d})tex",
         R"tex(R_m^{\mathrm{half}}=P\,R_m^{\mathrm{inter}}\,P^\top,\qquad R_m^{\mathrm{half}}x=x\odot\cos+\mathrm{rotate\_half}(x)\odot\sin)tex"},
    };
}

// [SECTION] step 4: the score matrix and shift invariance
namespace {
// The query and key positions of the dials, kept inside the L positions of the score matrix.
struct DialPositions {
    int m = 0, n = 0, t = 0;
    int window = 0;  // first position of the heatmap's window: keeps (m + t, n + t) inside it
};

DialPositions dial_positions(const Inputs& in) {
    DialPositions pos;
    pos.m = std::clamp(static_cast<int>(std::lround(in.m)), 0, in.L - 1);
    pos.n = std::clamp(in.n, 0, in.L - 1);
    pos.t = in.t;
    pos.window = std::max(0, std::max(pos.m, pos.n) + pos.t - (in.L - 1));
    return pos;
}

// One dial per frequency pair: pair i of q turned by (m + t)θᵢ, pair i of k by (n + t)θᵢ, the angle between
// them on an arc (the same for every t), a short trail of the previous shifts.
ViewData shift_dials_view(const Inputs& in, const Eigen::VectorXd& q, const Eigen::VectorXd& k, Lang lang) {
    const DialPositions pos = dial_positions(in);
    const int pairs = in.d / 2;
    const int first = std::clamp(in.pair, 0, pairs - 1);
    std::vector<int> shown = {first};
    if (pairs > 1) shown.push_back(first + 1 < pairs ? first + 1 : first - 1);
    PhasorView ph;
    for (int i : shown) {
        const auto pc = rope_pair_coords(i, in.d, in.layout);
        const Eigen::Vector2d qi(q(pc.first), q(pc.second)), ki(k(pc.first), k(pc.second));
        const double th = in.theta(i);
        const double qa = std::atan2(qi.y(), qi.x()) + (pos.m + pos.t) * th;
        const double ka = std::atan2(ki.y(), ki.x()) + (pos.n + pos.t) * th;
        const double longest = std::max(qi.norm(), ki.norm());
        PhasorView::Arrow qarrow;
        qarrow.angle = qa;
        qarrow.length = longest > 0 ? qi.norm() / longest : 0.0;
        qarrow.label = "R_(m+t) q" + sub(i);
        qarrow.colour = 0;
        PhasorView::Arrow karrow;
        karrow.angle = ka;
        karrow.length = longest > 0 ? ki.norm() / longest : 0.0;
        karrow.label = "R_(n+t) k" + sub(i);
        karrow.colour = 1;
        for (int back = std::min(pos.t, 4); back >= 1; --back) {
            qarrow.trail.push_back(qa - back * th);
            karrow.trail.push_back(ka - back * th);
        }
        const double between = std::remainder(ka - qa, 2 * kPi);
        PhasorView::Dial dial;
        dial.caption = say(lang, {"第 {i} 对，θ{sub} = {theta}；这一对贡献 {part}", "pair {i}, θ{sub} = {theta}; this pair adds {part}"},
                           {{"i", integer(i)}, {"sub", sub(i)}, {"theta", num(th, 4)}, {"part", num(qi.norm() * ki.norm() * std::cos(between), 4)}});
        dial.arrows = {qarrow, karrow};
        dial.arcs = {{0, 1, say(lang, {"夹角 {a}", "angle {a}"}, {{"a", num(between, 4)}})}};
        ph.dials.push_back(std::move(dial));
    }
    const double live = rope_apply(q, pos.m + pos.t, in.theta, in.layout).dot(rope_apply(k, pos.n + pos.t, in.theta, in.layout));
    const double still = rope_apply(q, pos.m, in.theta, in.layout).dot(rope_apply(k, pos.n, in.theta, in.layout));
    std::vector<std::string> notes = {
        say(lang, {"m = {m}，n = {n}，t = {t}：⟨R_(m+t) q, R_(n+t) k⟩ = {live}", "m = {m}, n = {n}, t = {t}: ⟨R_(m+t) q, R_(n+t) k⟩ = {live}"},
            {{"m", integer(pos.m)}, {"n", integer(pos.n)}, {"t", integer(pos.t)}, {"live", num(live, 10)}}),
        say_error(lang, {"⟨R_m q, R_n k⟩ = {still}；两者之差 {err}{hint}", "⟨R_m q, R_n k⟩ = {still}; difference {err}{hint}"},
                  std::fabs(live - still), {{"still", num(still, 10)}}),
    };
    return make_view(say(lang, {"q 在 (m + t)θᵢ，k 在 (n + t)θᵢ：平移 t 时两者一起转", "q at (m + t)θᵢ, k at (n + t)θᵢ: shifting t turns both together"}),
                     std::move(ph), std::move(notes));
}

std::vector<ViewData> score_matrix_views(const Inputs& in, Lang lang) {
    SplitMix64 rng(static_cast<std::uint64_t>(in.seed));
    const Eigen::VectorXd q = random_vector(in.d, rng), k = random_vector(in.d, rng);
    const int L = in.L;
    const DialPositions pos = dial_positions(in);
    const Eigen::MatrixXd S = rope_scores(L, in.theta, q, k, in.layout);
    const Eigen::MatrixXd Sw = rope_scores(L, in.theta, q, k, in.layout, pos.window);
    const Eigen::MatrixXd rel = rope_relative_form(L, in.theta, q, k, in.layout, false);

    HeatmapView heat = qk_matrix(Sw, lang);
    heat.row_labels = index_labels(L, pos.window);
    heat.col_labels = index_labels(L, pos.window);
    heat.row_offset = heat.col_offset = pos.window;
    heat.highlight_delta = pos.m - pos.n;
    heat.highlight_cells = {{pos.m + pos.t - pos.window, pos.n + pos.t - pos.window}};
    const int w = pos.window;
    heat.explain = [Sw, rel, L, w, lang](int r, int c) -> std::string {
        if (r < 0 || c < 0 || r >= L || c >= L) return "";
        return say(lang, {"S[{m},{n}] = {value}；n − m = {delta}，⟨q, R_(n−m) k⟩ = {rel}",
                          "S[{m},{n}] = {value}; n − m = {delta}, ⟨q, R_(n−m) k⟩ = {rel}"},
                   {{"m", integer(r + w)}, {"n", integer(c + w)}, {"value", num(Sw(r, c))}, {"delta", integer(c - r)}, {"rel", num(rel(r, c))}});
    };
    const double rel_err = max_abs(S - rel), shift_err = max_abs(S - Sw), spread = largest_spread(Sw);
    std::vector<std::string> heat_notes = {
        say(lang, {"描边的格子是 (m + t, n + t) = ({mt}, {nt})，描边的对角线是 n − m = {delta}；窗口显示位置 {from} … {to}。",
                   "The outlined cell is (m + t, n + t) = ({mt}, {nt}) and the outlined diagonal n − m = {delta}; the "
                   "window shows positions {from} … {to}."},
            {{"mt", integer(pos.m + pos.t)}, {"nt", integer(pos.n + pos.t)}, {"delta", integer(pos.n - pos.m)},
             {"from", integer(w)}, {"to", integer(w + L - 1)}}),
        say_error(lang, {"最大 |S[m,n] − ⟨q, R_(n−m) k⟩| = {err}{hint}", "Largest |S[m,n] − ⟨q, R_(n−m) k⟩| = {err}{hint}"}, rel_err),
        say_error(lang, {"这个窗口与位置 0 … {last} 的矩阵之差：{err}{hint}", "This window versus the matrix of positions 0 … {last}: {err}{hint}"},
                  shift_err, {{"last", integer(L - 1)}}),
        say_error(lang, {"各条对角线上的最大极差（Toeplitz 检验）：{err}{hint}",
                         "Largest spread along any diagonal (Toeplitz check): {err}{hint}"},
                  spread),
        say(lang, {"q、k 由种子 {seed} 随机生成，每个位置相同；布局：{layout}",
                   "q and k are random, seed {seed}, the same at every position; layout: {layout}"},
            {{"seed", integer(in.seed)}, {"layout", layout_label(in.layout, lang)}}),
    };

    std::vector<ViewData> out;
    out.push_back(shift_dials_view(in, q, k, lang));
    out.push_back(make_view("S[m,n] = ⟨R_m q, R_n k⟩", std::move(heat), std::move(heat_notes)));
    if (in.simplified) {
        const Eigen::MatrixXd flipped = rope_relative_form(L, in.theta, q, k, in.layout, true);
        HeatmapView sv = qk_matrix(flipped, lang);
        int differ = 0;
        for (int r = 0; r < L; ++r)
            for (int c = 0; c < L; ++c)
                if (std::fabs(flipped(r, c) - S(r, c)) > 1e-9) {
                    sv.highlight_cells.emplace_back(r, c);
                    ++differ;
                }
        sv.explain = [flipped, S, L, lang](int r, int c) -> std::string {
            if (r < 0 || c < 0 || r >= L || c >= L) return "";
            const bool differs = std::fabs(flipped(r, c) - S(r, c)) > 1e-9;
            return differs ? say(lang, {"简化写法 {value}，参考值 S = {ref}（不同）", "Simplified form {value}, reference S = {ref} (differs)"},
                                 {{"value", num(flipped(r, c))}, {"ref", num(S(r, c))}})
                           : say(lang, {"简化写法 {value}，参考值 S = {ref}", "Simplified form {value}, reference S = {ref}"},
                                 {{"value", num(flipped(r, c))}, {"ref", num(S(r, c))}});
        };
        std::vector<std::string> sv_notes = {
            say(lang, {"与 S 不同的格子：{differ} / {cells}（已描边）", "Cells that differ from S: {differ} of {cells} (outlined)"},
                {{"differ", integer(differ)}, {"cells", integer(L * L)}}),
            say(lang, {"R_mᵀR_n = R_(n−m)，所以正确的是 n − m；只有当 qᵀR_Δk 关于 Δ 是偶函数时（如 q = k = [1,0,1,0]）两者才一致。",
                       "R_mᵀR_n = R_(n−m), so the reference has n − m; the two agree only when qᵀR_Δk is even in Δ "
                       "(e.g. q = k = [1,0,1,0])."}),
        };
        out.push_back(make_view(say(lang, {"常见的简化写法：⟨q, R_(m−n) k⟩", "A common simplified version found in tutorials: ⟨q, R_(m−n) k⟩"}), std::move(sv),
                                std::move(sv_notes)));
    }

    // The link back to lesson f-delta: θ = (π/2, π/3), q = k = [1, 0, 1, 0], L = 4.
    Eigen::VectorXd th(2);
    th << kPi / 2, kPi / 3;
    const Eigen::Vector4d unit(1, 0, 1, 0);
    const Eigen::MatrixXd Sf = rope_scores(4, th, unit, unit, RopeLayout::interleaved);
    const Eigen::MatrixXd F = f_matrix(4, th, cosine_readout(2));
    HeatmapView link = qk_matrix(Sf, lang);
    link.explain = [Sf, F, lang](int r, int c) -> std::string {
        if (r < 0 || c < 0 || r >= 4 || c >= 4) return "";
        return say(lang, {"S[{m},{n}] = {value}；f-delta 的 F[{m},{n}] = {f}", "S[{m},{n}] = {value}; f-delta's F[{m},{n}] = {f}"},
                   {{"m", integer(r)}, {"n", integer(c)}, {"value", num(Sf(r, c))}, {"f", num(F(r, c))}});
    };
    const double link_err = max_abs(Sf - F);
    std::vector<std::string> link_notes = {
        say_error(lang, {"最大 |S − F| = {err}{hint}：f-delta 的 F 就是这个 S。", "Largest |S − F| = {err}{hint}: the F of lesson f-delta is this S."}, link_err)};
    out.push_back(make_view(say(lang, {"与 f-delta 一课相连：θ = (π/2, π/3)，q = k = [1,0,1,0]",
                                       "Link to lesson f-delta: θ = (π/2, π/3), q = k = [1,0,1,0]"}),
                            std::move(link), std::move(link_notes)));
    return out;
}

}  // namespace

Step score_matrix_shift_invariance() {
    return {
        "shift-invariance",
        {"分数矩阵 S[m,n] 与平移不变性", "The score matrix S[m,n] and shift invariance"},
        {"在每个位置放同一个查询 q 和同一个键 k，分数 S[m,n] = ⟨R_m q, R_n k⟩ = ⟨q, R_(n−m) k⟩。"
         "表盘画出选中的两个频率对：蓝色箭头是 q 的这一对转到 (m + t)θᵢ，红色箭头是 k 的这一对转到 (n + t)θᵢ。"
         "播放 t 时两个箭头以同样的速度一起转，圆弧上的夹角始终不变，所以注释里的分数与 t = 0 时相同。"
         "旁边的热力图描出当前的格子 (m + t, n + t) 和它所在的对角线：t 增大时格子沿对角线下移，数值不变，所以 S 是 Toeplitz 矩阵，每条对角线一个值。"
         "f-delta 一课已经见过它：d = 4、θ = (π/2, π/3)、q = k = [1, 0, 1, 0] 时，S 正是那里的 F。"
         "常见的简化写法把相对形式写成 R(m−n)；勾选 simplified 可以看到这个符号在哪些格子出错。",
         "Place the same query q at every position m and the same key k at every position n; the score is "
         "S[m,n] = ⟨R_m q, R_n k⟩ = ⟨q, R_(n−m) k⟩. The dials draw two chosen frequency pairs: the blue arrow is "
         "the query's pair turned to (m + t)θᵢ, the red arrow the key's pair turned to (n + t)θᵢ. Play t and both "
         "arrows turn together at the same speed; the angle on the arc between them never changes, so the score "
         "in the notes stays what it was at t = 0. The heatmap beside them outlines the current cell (m + t, n + t) "
         "and its diagonal: as t grows the cell slides down the diagonal and its value stays, so S is Toeplitz, "
         "one value per diagonal. Lesson f-delta met this matrix already: with d = 4, θ = (π/2, π/3) and "
         "q = k = [1, 0, 1, 0], S is exactly its F. A common simplified version found in tutorials writes the "
         "relative form with R(m−n); turn on simplified to see the cells where that sign goes wrong."},
        {"L", "d", "base", "layout", "m", "n", "pair", "t", "seed", "simplified"},
        views_of(read_inputs, score_matrix_views),
        {R"tex(S[m,n]=\langle R_m q,\,R_n k\rangle=q^\top R_m^\top R_n\,k=\langle q,\,R_{n-m}k\rangle)tex",
         R"tex(\langle R_{m+t}q,\,R_{n+t}k\rangle=\langle R_m q,\,R_n k\rangle)tex"},
        {"t", 0.0, 64.0, 2.0},
    };
}

}  // namespace rope_lesson
}  // namespace pelab
