// PE Lab — lessons/rope/shift_invariance.cpp
// Lesson "rope", step "shift-invariance": the score matrix S[m,n] = ⟨R_m q, R_n k⟩ = ⟨R_Δ q, k⟩, Δ = m − n, is
// Toeplitz (shifting both positions slides the outlined cell along its diagonal), beside the tutorials'
// ⟨q, R(m−n) k⟩ form when asked for. Its question is a prediction: the title and the prose leave the answer out.
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
        return say(lang, {"S[{m},{n}] = {value}；Δ = m − n = {delta}，⟨R_Δ q, k⟩ = {rel}",
                          "S[{m},{n}] = {value}; Δ = m − n = {delta}, ⟨R_Δ q, k⟩ = {rel}"},
                   {{"m", integer(r + w)}, {"n", integer(c + w)}, {"value", num(Sw(r, c))}, {"delta", integer(r - c)}, {"rel", num(rel(r, c))}});
    };
    const double rel_err = max_abs(S - rel), shift_err = max_abs(S - Sw), spread = largest_spread(Sw);
    std::vector<std::string> heat_notes = {
        say(lang, {"对角线上的最大极差（Toeplitz 检验）= {spread}，最大 |S[m,n] − ⟨R_Δ q, k⟩| = {rel}{hint}",
                   "Largest spread along a diagonal (Toeplitz check) = {spread}; largest |S[m,n] − ⟨R_Δ q, k⟩| = {rel}{hint}"},
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
            say(lang, {"R_nᵀR_m = R_Δ 转的是查询：S = ⟨R_Δ q, k⟩ = ⟨q, R_(−Δ) k⟩。教程写作 ⟨q, R(m−n) k⟩ = ⟨q, R_Δ k⟩，符号反了，只在 qᵀR_Δk 关于 Δ 为偶函数处与 S 一致。",
                       "R_nᵀR_m = R_Δ turns the query: S = ⟨R_Δ q, k⟩ = ⟨q, R_(−Δ) k⟩. Tutorials write ⟨q, R(m−n) k⟩ = "
                       "⟨q, R_Δ k⟩, the sign flipped; it agrees with S only where qᵀR_Δk is even in Δ."}),
        };
        out.push_back(make_view(say(lang, {"常见的简化写法：⟨q, R_Δ k⟩", "A common simplified version found in tutorials: ⟨q, R_Δ k⟩"}), std::move(sv),
                                std::move(sv_notes)));
    }

    return out;
}

}  // namespace

// [SECTION] the step and its questions
Step score_matrix_shift_invariance() {
    Step s = {
        "shift-invariance",
        {"两个位置一起平移：分数矩阵 S", "Shifting both positions: the score matrix S"},
        {"在每个位置 m 放同一个查询 q、在每个位置 n 放同一个键 k（随机生成，种子见右栏）：热力图是分数矩阵 S[m,n] = ⟨R_m q, R_n k⟩，"
         "格子的[[relative-position|相对位置]] Δ = m − n 是查询位置减键位置。"
         "播放 t：描边的格子 (m + t, n + t) 沿着 Δ 不变的对角线移动，看它的值。每条对角线都是常数的矩阵叫 [[toeplitz|Toeplitz 矩阵]]。"
         "注释量出每条对角线上的极差，并把平移 t 后的窗口与原矩阵比较。"
         "教程常把分数写成 ⟨q, R(m−n) k⟩；勾选 R(m−n) 可以在旁边对比。",
         "Put the same query q at every position m and the same key k at every position n (random; the seed is in "
         "the side column): the heatmap is the score matrix S[m,n] = ⟨R_m q, R_n k⟩, and a cell's "
         "[[relative-position|offset]] is Δ = m − n, query position minus key position. Play t: the outlined cell "
         "(m + t, n + t) moves along its diagonal, where Δ stays the same; watch its value. A matrix whose every "
         "diagonal is constant is called [[toeplitz|Toeplitz]]. The notes measure the spread along each "
         "diagonal and compare the window shifted by t with the unshifted matrix. Tutorials often write the score "
         "as ⟨q, R(m−n) k⟩; tick R(m−n) to compare it beside S."},
        {"L", "d", "base", "layout", "m", "n", "t", "seed", "simplified"},
        views_of(read_inputs, score_matrix_views),
        {R"tex(S[m,n]=\langle R_m q,\,R_n k\rangle=\langle R_n^\top R_m\,q,\;k\rangle,\qquad \Delta=m-n)tex"},
        {"t", 0.0, 64.0, 2.0},
    };
    s.questions = {
        {{"查询和键的位置都加上 t，分数矩阵 S 会怎样？",
          "Add t to both the query's and the key's position. What happens to the score matrix S?"},
         {{"每个格子都变了", "Every cell changes"},
          {"什么都不变", "Nothing changes"},
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
                              {"R_nᵀR_m = R_Δ，所以 ⟨R_m q, R_n k⟩ = ⟨R_Δ q, k⟩ 只看 Δ = m − n。固定 q、k，d = {d}、L = {L}：两个位置都加 t = {t} 后，"
                               "最大 |S − S_t| = {err}{hint}。",
                               "R_nᵀR_m = R_Δ, so ⟨R_m q, R_n k⟩ = ⟨R_Δ q, k⟩ sees only Δ = m − n. For fixed q, k with d = {d}, L = {L}: "
                               "after adding t = {t} to both positions the largest |S − S_t| = {err}{hint}."},
                              (S - S_t).cwiseAbs().maxCoeff(), {{"d", integer(d)}, {"L", integer(L)}, {"t", integer(t)}});
         }},
    };
    s.questions[0].predict = true;  // asked before the heatmap is shown: the title and prose leave the answer out
    s.takeaway = {"S 每条对角线一个值，平移 t = {t} 不改变分数（[[invariance|平移不变]]）：R_nᵀR_m = R_Δ，分数只看 Δ = m − n。",
                  "Every diagonal of S holds one value, so shifting by t = {t} keeps each score ([[invariance|shift-invariant]]): "
                  "R_nᵀR_m = R_Δ, so ⟨R_m q, R_n k⟩ = ⟨R_Δ q, k⟩ sees only Δ = m − n."};
    s.takeaway_args = args_of(read_inputs, +[](const Inputs& in, Lang) { return std::vector<Arg>{{"t", integer(in.t)}}; });
    return s;
}

}  // namespace rope_lesson
}  // namespace pelab
