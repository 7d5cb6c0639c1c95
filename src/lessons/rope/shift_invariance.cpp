// PE Lab — lessons/rope/shift_invariance.cpp
// Lesson "rope", step "shift-invariance": the score matrix S[m,n] = ⟨R_m q, R_n k⟩ is Toeplitz (shifting both
// positions slides the outlined cell along its diagonal), beside the tutorials' R(m−n) form when asked for.
// The dials turning together are the next step (shift_dials.cpp), the link to lesson f-delta the one after.
// Comments are English only: the font subset is built from the characters inside .cpp string literals.
//
// [SECTION] views
// [SECTION] the step and its questions
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
std::vector<ViewData> score_matrix_views(const Inputs& in, Lang lang) {
    SplitMix64 rng(static_cast<std::uint64_t>(in.seed));
    const Eigen::VectorXd q = random_vector(in.d, rng), k = random_vector(in.d, rng);
    const int L = in.L;
    const DialPositions pos = dial_positions(in);
    const Eigen::MatrixXd S = rope_scores(L, in.theta, q, k, in.layout);
    const Eigen::MatrixXd Sw = rope_scores(L, in.theta, q, k, in.layout, pos.window);
    const Eigen::MatrixXd rel = rope_relative_form(L, in.theta, q, k, in.layout, false);

    HeatmapView heat = qk_matrix(Sw, lang);
    // The axes are named in the title (one line less above the cells: the figures fit on the first screen).
    heat.row_axis.clear();
    heat.col_axis.clear();
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
        say(lang, {"对角线上的最大极差（Toeplitz 检验）= {spread}，最大 |S[m,n] − ⟨q, R_(n−m) k⟩| = {rel}{hint}",
                   "Largest spread along a diagonal (Toeplitz check) = {spread}; largest |S[m,n] − ⟨q, R_(n−m) k⟩| = {rel}{hint}"},
            {{"spread", exact(spread)}, {"rel", exact(rel_err)}, {"hint", rounding_hint(std::max(spread, rel_err), lang)}}),
        say_error(lang, {"位置 {from} … {to} 的窗口与位置 0 … {last} 的矩阵之差：{err}{hint}",
                         "Window of positions {from} … {to} versus positions 0 … {last}: {err}{hint}"},
                  shift_err, {{"from", integer(w)}, {"to", integer(w + L - 1)}, {"last", integer(L - 1)}}),
    };

    std::vector<ViewData> out;
    out.push_back(make_view(say(lang, {"S[m,n] = ⟨R_m q, R_n k⟩（行 = 查询 m，列 = 键 n）；描边格 (m + t, n + t) = ({mt}, {nt})",
                                       "S[m,n] = ⟨R_m q, R_n k⟩ (row = query m, column = key n); outlined cell (m + t, n + t) = ({mt}, {nt})"},
                                {{"mt", integer(pos.m + pos.t)}, {"nt", integer(pos.n + pos.t)}}),
                            std::move(heat), std::move(heat_notes)));
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
            say(lang, {"R_mᵀR_n = R_(n−m)，所以正确的是 n − m；只有 qᵀR_Δk 关于 Δ 为偶函数时两者才一致。",
                       "R_mᵀR_n = R_(n−m), so the reference has n − m; the two agree only where qᵀR_Δk is even in Δ."}),
        };
        out.push_back(make_view(say(lang, {"常见的简化写法：⟨q, R_(m−n) k⟩", "A common simplified version found in tutorials: ⟨q, R_(m−n) k⟩"}), std::move(sv),
                                std::move(sv_notes)));
    }

    return out;
}

}  // namespace

// [SECTION] the step and its questions
Step score_matrix_shift_invariance() {
    Step s = {
        "shift-invariance",
        {"S[m,n] 只看 n − m：平移不变", "S[m,n] sees only n − m: shift invariance"},
        {"分数矩阵的每条对角线上只有一个值：两个位置同时平移 t，分数不变。"
         "在每个位置放同一个查询 q 和同一个键 k（随机生成，种子见右栏），分数 S[m,n] = ⟨R_m q, R_n k⟩ = ⟨q, R_(n−m) k⟩。"
         "热力图描出格子 (m + t, n + t) 和它所在的对角线 n − m：播放 t，格子沿对角线下移，数值不变，所以 S 是 Toeplitz 矩阵。"
         "注释检验对角线上的极差、相对形式，以及平移 t 后的窗口。"
         "常见的简化写法把相对形式写成 R(m−n)；勾选 R(m−n) 可以在旁边看到这个符号在哪些格子出错。",
         "Each diagonal of the score matrix holds one value: shifting both positions by t leaves the score unchanged. "
         "Place the same query q at every position m and the same key k at every position n (random; the seed is "
         "in the side column); the score is S[m,n] = ⟨R_m q, R_n k⟩ = ⟨q, R_(n−m) k⟩. The heatmap outlines the cell "
         "(m + t, n + t) and its diagonal n − m: play t and the cell slides down the diagonal while its value stays, "
         "so S is Toeplitz. The notes check the spread along each diagonal, the relative form, and the window "
         "shifted by t. A common simplified version found in tutorials writes the relative form with R(m−n); tick "
         "R(m−n) to see beside it the cells where that sign goes wrong."},
        {"L", "d", "base", "layout", "m", "n", "t", "seed", "simplified"},
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
