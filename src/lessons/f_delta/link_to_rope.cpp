// PE Lab — lessons/f_delta/link_to_rope.cpp
// Step "link-to-rope" of f-delta: RoPE's score ⟨Rot_m q, Rot_n k⟩, computed with actual rotations, equals
// F for θ = ω and the query built from v. The rotation helpers, the views builder, then the step.
// Comments are English only: the font subset is built from the characters inside this file's strings.
//
// [SECTION] views: RoPE scores against F
// [SECTION] the step
#include <algorithm>
#include <cmath>
#include <string>
#include <vector>

#include "core/f_delta.h"
#include "core/rope.h"
#include "lessons/f_delta/f_delta_lesson.h"
#include "lessons/lesson_util.h"

namespace pelab {
namespace fdelta {

using namespace lessonui;  // shared display helpers (lessons/lesson_util.h)

// [SECTION] views: RoPE scores against F
// The RoPE query that reproduces the readout v with the key k = [1, 0, 1, 0, …]: pairs (v_cos, −v_sin), so
// ⟨Rot_m q, Rot_n k⟩ = vᵀR_(m−n). A zero weight stays +0 (no "−0" on screen).
Eigen::VectorXd query_for_readout(const Eigen::VectorXd& v) {
    Eigen::VectorXd q = v;
    for (Eigen::Index i = 1; i < q.size(); i += 2) q(i) = (v(i) == 0.0) ? 0.0 : -v(i);
    return q;
}

// Rot_m x: every interleaved pair of x rotated by m·θᵢ (core's general RoPE, interleaved layout).
Eigen::VectorXd rotated(const Eigen::VectorXd& x, int m, const Eigen::VectorXd& theta) {
    return rope_apply(x, m, theta, RopeLayout::interleaved);
}

// S[m][n] = ⟨Rot_m q, Rot_n k⟩ for m, n = 0..L−1, computed with actual rotations.
Eigen::MatrixXd rotated_scores(int L, const Eigen::VectorXd& theta, const Eigen::VectorXd& q, const Eigen::VectorXd& k) {
    Eigen::MatrixXd S(L, L);
    for (int m = 0; m < L; ++m) {
        const Eigen::VectorXd qm = rotated(q, m, theta);
        for (int n = 0; n < L; ++n) S(m, n) = qm.dot(rotated(k, n, theta));
    }
    return S;
}

std::vector<ViewData> rope_views(const Model& in, Lang lang) {
    const int L = in.L, m = n_freq(in);
    const Eigen::VectorXd k_vec = cosine_readout(m);  // pairs (1, 0)
    const Eigen::VectorXd q_vec = query_for_readout(in.v);
    const Eigen::VectorXd theta = in.omega;
    const Eigen::MatrixXd S = rotated_scores(L, theta, q_vec, k_vec);
    const Eigen::MatrixXd F = f_matrix(L, in.omega, in.v);

    HeatmapView rope = qk_matrix(S, lang);  // rows query positions m, columns key positions n
    rope.explain = [S, F, L, theta, q_vec, k_vec, lang](int r, int c) -> std::string {
        if (r < 0 || c < 0 || r >= L || c >= L) return "";
        return say(lang,
                   {"S[{m},{n}]：m = {m}, n = {n}, Δ = m − n = {delta}。Rot{msub}q = {rq}, Rot{nsub}k = {rk}，内积 = {dot}；"
                    "F[{m},{n}] = vᵀR_({delta}) = {f}；差 = {diff}",
                    "S[{m},{n}]: m = {m}, n = {n}, Δ = m − n = {delta}. Rot{msub}q = {rq}, Rot{nsub}k = {rk}, dot product = "
                    "{dot}; F[{m},{n}] = vᵀR_({delta}) = {f}; difference = {diff}"},
                   {{"m", integer(r)},
                    {"n", integer(c)},
                    {"delta", integer(r - c)},
                    {"msub", sub(r)},
                    {"nsub", sub(c)},
                    {"rq", full_vector(rotated(q_vec, r, theta))},
                    {"rk", full_vector(rotated(k_vec, c, theta))},
                    {"dot", num(S(r, c))},
                    {"f", num(F(r, c))},
                    {"diff", exact(S(r, c) - F(r, c))}});
    };
    ViewData f_view = readout_heatmap("F[q,k] = vᵀR_(q−k)", in, in.v, lang, true);

    TableView vectors;
    vectors.values.resize(2, 2 * m);
    vectors.values.row(0) = q_vec.transpose();
    vectors.values.row(1) = k_vec.transpose();
    vectors.row_labels = {"q", "k"};
    for (int i = 0; i < m; ++i) {
        vectors.col_labels.push_back(say(lang, {"第 {i} 对：x", "pair {i}: x"}, {{"i", integer(i)}}));
        vectors.col_labels.push_back(say(lang, {"第 {i} 对：y", "pair {i}: y"}, {{"i", integer(i)}}));
    }
    vectors.decimals = 3;

    const double diff = max_abs(S - F);
    const std::vector<std::string> rope_notes = {
        say_error(lang, {"最大的 |S − F| = {err}{hint}", "Largest |S − F| = {err}{hint}"}, diff),
    };
    const std::vector<std::string> vector_notes = {
        say(lang,
            {"旋转角 θ = ω = {theta}；q = {q}, k = {k}（每对分量 (x, y) 按 mθᵢ 旋转）",
             "Rotation angles θ = ω = {theta}; q = {q}, k = {k} (each pair (x, y) is rotated by mθᵢ)"},
            {{"theta", full_vector(in.omega)}, {"q", full_vector(q_vec)}, {"k", full_vector(k_vec)}}),
        say(lang, {"一般地，q 的每对取 (v_cos, −v_sin)（v 对该频率 cos、sin 的权重）、k 的每对取 (1, 0)，就得到 S = F。",
                   "In general, pairs (v_cos, −v_sin) in q (v's weights on that frequency's cos and sin) and (1, 0) in k give S = F."}),
    };
    return {make_view(say(lang, {"RoPE 分数 S[m,n] = ⟨Rot_m q, Rot_n k⟩", "RoPE scores S[m,n] = ⟨Rot_m q, Rot_n k⟩"}),
                      std::move(rope), rope_notes),
            f_view,
            make_view(say(lang, {"RoPE 使用的查询向量与键向量", "Query and key vectors used by RoPE"}), std::move(vectors),
                      vector_notes)};
}

// [SECTION] the step
Step link_to_rope() {
    return {
        "link-to-rope",
        {"承上启下：RoPE", "The link ahead: RoPE"},
        {
        "用真实旋转算出的 RoPE 分数 S 就是本课的 F，因为 ⟨Rot_m q, Rot_n k⟩ 只依赖 m − n（详见 [[lesson:rope|RoPE 一课]]）。"
        "旋转位置编码（RoPE）在位置 m 把查询的每一对分量旋转 mθ，在位置 n 把键的每一对分量旋转 nθ"
        "（这里的旋转记作 Rot_m，不要与特征向量 R_Δ 混淆）。旋转可以合并，所以分数 ⟨Rot_m q, Rot_n k⟩ 只依赖 m − n。"
        "取 θ = ω、q = k = [1, 0, 1, 0] 时，这里用真实旋转算出的分数矩阵 S 就是本课的 F；其他的 v 对应其他的 q。"
        "RoPE 一课将在此基础上继续展开。",
        "RoPE scores S, computed with actual rotations, equal this lesson's F: they depend only on m − n (more in the [[lesson:rope|RoPE lesson]]). "
        "Rotary position embedding (RoPE) rotates every pair of query entries by mθ at position m and every pair "
        "of key entries by nθ at position n (written Rot_m here, not to be confused with the features R_Δ). "
        "Rotations combine, so the score ⟨Rot_m q, Rot_n k⟩ depends only on m − n. With θ = ω and "
        "q = k = [1, 0, 1, 0], the score matrix S, computed here with actual rotations, is the F of this lesson; "
        "other readouts v correspond to other q. The RoPE lesson builds on this."},
        {"L", "omega", "v"},
        views_of(read_model, rope_views),
        {
         R"tex(\mathrm{Rot}_m (x, y) = (x \cos m\theta - y \sin m\theta,\ x \sin m\theta + y \cos m\theta))tex",
         R"tex(\langle \mathrm{Rot}_m q,\ \mathrm{Rot}_n k \rangle = q^\top \mathrm{Rot}_{n-m}\, k)tex"},
    };
}

}  // namespace fdelta
}  // namespace pelab
