// PE Lab — lessons/f_delta/link_to_rope.cpp
// Step "link-to-rope" of f-delta: RoPE's score ⟨Rot_q x, Rot_k y⟩, computed with actual rotations,
// equals F for the query vector built from v (RoPE's θ is this lesson's ω). The rotation helpers, the views builder, then the step.
// Comments are English only: the font subset is built from the characters inside this file's strings.
//
// [SECTION] views: RoPE scores against F
// [SECTION] the step
#include <algorithm>
#include <cmath>
#include <string>
#include <vector>

#include "core/relative/f_delta.h"
#include "core/rope/rope.h"
#include "lessons/f_delta/f_delta_lesson.h"
#include "lessons/lesson_util.h"

namespace pelab {
namespace fdelta {

using namespace lessonui;  // shared display helpers (lessons/lesson_util.h)

// [SECTION] views: RoPE scores against F
// The RoPE query vector that reproduces the readout v with the key vector y = [1, 0, 1, 0, …]: pairs
// (cos weight, −sin weight) of v, so ⟨Rot_q x, Rot_k y⟩ = vᵀR_(q−k). A zero weight stays +0 (no "−0" on screen).
Eigen::VectorXd query_for_readout(const Eigen::VectorXd& v) {
    Eigen::VectorXd q = v;
    for (Eigen::Index i = 1; i < q.size(); i += 2) q(i) = (v(i) == 0.0) ? 0.0 : -v(i);
    return q;
}

// Rot_n x: every interleaved pair of x rotated by n·ωᵢ (core's general RoPE, interleaved layout).
Eigen::VectorXd rotated(const Eigen::VectorXd& x, int n, const Eigen::VectorXd& omega) {
    return rope_apply(x, n, omega, RopeLayout::interleaved);
}

// S[q][k] = ⟨Rot_q x, Rot_k y⟩ for positions q, k = 0..L−1, computed with actual rotations.
Eigen::MatrixXd rotated_scores(int L, const Eigen::VectorXd& omega, const Eigen::VectorXd& q_vec, const Eigen::VectorXd& k_vec) {
    Eigen::MatrixXd S(L, L);
    for (int q = 0; q < L; ++q) {
        const Eigen::VectorXd rq = rotated(q_vec, q, omega);
        for (int k = 0; k < L; ++k) S(q, k) = rq.dot(rotated(k_vec, k, omega));
    }
    return S;
}

Eigen::MatrixXd rope_scores(const Model& in) {
    return rotated_scores(in.L, in.omega, query_for_readout(in.v), cosine_readout(n_freq(in)));
}

std::vector<ViewData> rope_views(const Model& in, Lang lang) {
    const int L = in.L, m = n_freq(in);
    const Eigen::VectorXd k_vec = cosine_readout(m);  // pairs (1, 0)
    const Eigen::VectorXd q_vec = query_for_readout(in.v);
    const Eigen::VectorXd omega = in.omega;
    const Eigen::MatrixXd S = rope_scores(in);
    const Eigen::MatrixXd F = f_matrix(L, in.omega, in.v);

    HeatmapView rope = qk_view(S, lang);  // rows query positions q, columns key positions k
    rope.explain = [S, F, L, omega, q_vec, k_vec, lang](int r, int c) -> std::string {
        if (r < 0 || c < 0 || r >= L || c >= L) return "";
        return say(lang,
                   {"S[{q},{k}]：q = {q}, k = {k}, Δ = q − k = {delta}。Rot{qsub}x = {rq}, Rot{ksub}y = {rk}，内积 = {dot}；"
                    "F[{q},{k}] = vᵀR_({delta}) = {f}；差 = {diff}",
                    "S[{q},{k}]: q = {q}, k = {k}, Δ = q − k = {delta}. Rot{qsub}x = {rq}, Rot{ksub}y = {rk}, dot product = "
                    "{dot}; F[{q},{k}] = vᵀR_({delta}) = {f}; difference = {diff}"},
                   {{"q", integer(r)},
                    {"k", integer(c)},
                    {"delta", integer(r - c)},
                    {"qsub", sub(r)},
                    {"ksub", sub(c)},
                    {"rq", full_vector(rotated(q_vec, r, omega))},
                    {"rk", full_vector(rotated(k_vec, c, omega))},
                    {"dot", num(S(r, c))},
                    {"f", num(F(r, c))},
                    {"diff", exact(S(r, c) - F(r, c))}});
    };
    ViewData f_view = readout_heatmap("F[q,k] = vᵀR_(q−k)", in, in.v, lang, true);

    TableView vectors;
    vectors.values.resize(2, 2 * m);
    vectors.values.row(0) = q_vec.transpose();
    vectors.values.row(1) = k_vec.transpose();
    vectors.row_labels = {"x", "y"};
    for (int i = 0; i < m; ++i) {
        vectors.col_labels.push_back(say(lang, {"ω{i} 第 1 个", "ω{i} 1st"}, {{"i", sub(i)}}));
        vectors.col_labels.push_back(say(lang, {"ω{i} 第 2 个", "ω{i} 2nd"}, {{"i", sub(i)}}));
    }
    vectors.decimals = 3;

    const double diff = max_abs(S - F);
    const std::vector<std::string> rope_notes = {
        say_error(lang, {"最大的 |S − F| = {err}{hint}", "Largest |S − F| = {err}{hint}"}, diff),
    };
    // The vectors only (how they are chosen in general, and the papers' letters, are in the step's text).
    const std::vector<std::string> vector_notes = {
        say(lang, {"ω = {omega}；x = {q}, y = {k}", "ω = {omega}; x = {q}, y = {k}"},
            {{"omega", full_vector(in.omega)}, {"q", full_vector(q_vec)}, {"k", full_vector(k_vec)}}),
    };
    return {make_view(say(lang, {"RoPE 分数 S[q,k] = ⟨Rot_q x, Rot_k y⟩", "RoPE scores S[q,k] = ⟨Rot_q x, Rot_k y⟩"}),
                      std::move(rope), rope_notes),
            f_view,
            make_view(say(lang, {"RoPE 使用的查询向量与键向量", "Query and key vectors used by RoPE"}), std::move(vectors),
                      vector_notes)};
}

// [SECTION] the step
Step link_to_rope() {
    Step s{
        "link-to-rope",
        {"承上启下：RoPE", "The link ahead: RoPE"},
        {
        "[[rope|旋转位置编码（RoPE）]]在位置 q 把查询向量 x 的每一对分量旋转 qωᵢ，在位置 k 把键向量 y 的每一对分量旋转 kωᵢ"
        "（这里的旋转记作 Rot_q，不要与特征向量 R_Δ 混淆）。"
        "旋转可以合并，所以分数 ⟨Rot_q x, Rot_k y⟩ 只依赖 q − k。"
        "RoPE 的论文把 ω 写作 θ，把位置写作 m、n。"
        "取 x = y = [1, 0, 1, 0] 时，这里用真实旋转算出的分数矩阵 S 就是本课的 F；"
        "一般地，x 的每对取（v 对该频率 cos 的权重，负的 sin 权重）、y 的每对取 (1, 0)，就得到 S = F。"
        "[[lesson:rope|RoPE 一课]]将在此基础上继续展开。",
        "[[rope|Rotary position embedding (RoPE)]] turns every pair of entries of the query vector x by qωᵢ at "
        "position q and every pair of the key vector y by kωᵢ at position k (rotations written Rot_q here, not to be "
        "confused with the features R_Δ). Rotations combine, so the score ⟨Rot_q x, Rot_k y⟩ depends only on "
        "q − k (RoPE papers write θ for ω and m, n for the positions). With x = y = [1, 0, 1, 0], the score matrix S, "
        "computed here with actual rotations, is the F of this lesson; in general, each pair of x holding (v's cos "
        "weight, minus v's sin weight) for its frequency and each pair of y holding (1, 0) give S = F. The "
        "[[lesson:rope|RoPE lesson]] builds on this."},
        {"L", "omega", "v"},
        views_of(read_model, rope_views),
        {
         R"tex(\mathrm{Rot}_n (x_1, x_2) = (x_1 \cos n\omega_i - x_2 \sin n\omega_i,\ x_1 \sin n\omega_i + x_2 \cos n\omega_i))tex",
         R"tex(\langle \mathrm{Rot}_q\, x,\ \mathrm{Rot}_k\, y \rangle = x^\top \mathrm{Rot}_{-\Delta}\, y, \qquad \Delta = q - k)tex"},
    };
    s.takeaway = {"[[rope|RoPE]] 把查询 x 转 qωᵢ、键 y 转 kωᵢ，只剩角度 (q − k)ωᵢ，所以分数 S 只看 Δ；取表中由 v 构造的 x、y，S 就等于 F。",
                  "[[rope|RoPE]] turns query x by qωᵢ and key y by kωᵢ: only the angle (q − k)ωᵢ is left, so S sees Δ "
                  "alone (= F for this x, y)."};
    return s;
}

}  // namespace fdelta
}  // namespace pelab
