// PE Lab — lessons/rope/shift_invariance.cpp
// Lesson "rope", step "shift-invariance": the score matrix S[m,n] = ⟨R_m q, R_n k⟩ and its shift
// invariance (two pairs on dials turning together, the Toeplitz heatmap), the tutorials' R(m−n) form, and the
// link back to lesson f-delta.
// Comments are English only: the font subset is built from the characters inside .cpp string literals.
//
// [SECTION] views
// [SECTION] the step and its questions
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

// [SECTION] views
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

// [SECTION] the step and its questions
Step score_matrix_shift_invariance() {
    Step s = {
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
    s.questions = {
        {{"查询和键的位置都加上 t，分数矩阵 S 会怎样？",
          "Add t to both the query's and the key's position. What happens to the score matrix S?"},
         {{"每个格子都变了", "Every cell changes"},
          {"什么都不变：S[m + t, n + t] = S[m, n]", "Nothing changes: S[m + t, n + t] = S[m, n]"},
          {"S 整体向下移 t 行", "S moves down by t rows"}},
         1,
         [](const ParamSet& p, Lang lang) {
             const Inputs in = read_inputs(p);
             const int d = in.d, L = in.L;
             const int t = in.t;
             const double base = in.base;
             const Eigen::VectorXd theta = rope_default_inv_freq(d, base);
             Eigen::VectorXd q(d), k(d);
             for (int i = 0; i < d; ++i) {
                 q(i) = 1.0 / (i + 1);
                 k(i) = (i % 3) - 1.0;
             }
             const Eigen::MatrixXd S = rope_scores(L, theta, q, k, RopeLayout::interleaved);
             const Eigen::MatrixXd S_t = rope_scores(L, theta, q, k, RopeLayout::interleaved, t);
             return say_error(lang,
                              {"⟨R_m q, R_n k⟩ = ⟨q, R_(n−m) k⟩ 只看 n − m。固定 q、k，d = {d}、L = {L}：两个位置都加 t = {t} 后，"
                               "最大 |S − S_t| = {err}{hint}。",
                               "⟨R_m q, R_n k⟩ = ⟨q, R_(n−m) k⟩ sees only n − m. For fixed q, k with d = {d}, L = {L}: "
                               "after adding t = {t} to both positions the largest |S − S_t| = {err}{hint}."},
                              (S - S_t).cwiseAbs().maxCoeff(), {{"d", integer(d)}, {"L", integer(L)}, {"t", integer(t)}});
         }},
    };
    return s;
}

}  // namespace rope_lesson
}  // namespace pelab
