// PE Lab — lessons/f_delta/content_readout.cpp
// Step "content-readout" of f-delta: each query reads R_(q−k) with its own weights u_q = Wᵀq_vec, so the
// diagonals are no longer constant (Transformer-XL's content–position term). The seeded draw, the views
// builder, then the step.
// Comments are English only: the font subset is built from the characters inside this file's strings.
//
// [SECTION] views: the content-dependent readout
// [SECTION] the step
#include <algorithm>
#include <cmath>
#include <string>
#include <vector>

#include "core/f_delta.h"
#include "core/random.h"
#include "lessons/f_delta/f_delta_lesson.h"
#include "lessons/lesson_util.h"

namespace pelab {
namespace fdelta {

using namespace lessonui;  // shared display helpers (lessons/lesson_util.h)

// [SECTION] views: the content-dependent readout
// q_vec (L × d) and W (d × 2m) drawn from the random seed, W first so that changing L keeps W.
struct ContentDraw {
    Eigen::MatrixXd W, Q;
};

ContentDraw draw_content(const Model& in) {
    SplitMix64 rng(static_cast<std::uint64_t>(in.seed));
    const int features = 2 * n_freq(in), d = features;
    ContentDraw draw;
    draw.W = random_signed_matrix(d, features, rng);
    draw.Q = random_signed_matrix(in.L, d, rng);
    return draw;
}

std::vector<ViewData> content_views(const Model& in, Lang lang) {
    const int L = in.L, m = n_freq(in);
    const ContentDraw draw = draw_content(in);
    const Eigen::MatrixXd G = content_readout_matrix(L, in.omega, draw.W, draw.Q);
    const Eigen::MatrixXd U = content_readouts(draw.W, draw.Q);

    HeatmapView h = qk_view(G, lang);
    const Eigen::VectorXd omega = in.omega;
    h.explain = [G, U, omega, L, lang](int r, int c) -> std::string {
        if (r < 0 || c < 0 || r >= L || c >= L) return "";
        const int d = r - c;
        return say(lang,
                   {"F[{q},{k}]：q = {q}, k = {k}, Δ = {delta}。u{sub}·R_({delta}) = {terms} = {value}",
                    "F[{q},{k}]: q = {q}, k = {k}, Δ = {delta}. u{sub}·R_({delta}) = {terms} = {value}"},
                   {{"q", integer(r)},
                    {"k", integer(c)},
                    {"delta", integer(d)},
                    {"sub", sub(r)},
                    {"terms", readout_terms(U.row(r).transpose(), omega, d)},
                    {"value", num(G(r, c))}});
    };

    TableView t;
    t.values = to_rows(U);
    for (int q = 0; q < L; ++q) t.row_labels.push_back("u" + sub(q));
    t.col_labels = feature_labels(m);
    t.corner = say(lang, {"查询 q", "query q"});
    t.decimals = 3;

    // Recompute every cell from u_q and R_(q−k) alone: a row sees k only through Δ.
    const Eigen::MatrixXd R = r_delta_features(L, in.omega);
    double recompute = 0.0;
    for (int q = 0; q < L; ++q)
        for (int k = 0; k < L; ++k) recompute = std::max(recompute, std::fabs(G(q, k) - U.row(q).dot(R.row(q - k + L - 1))));
    const double spread = largest_spread(G);
    std::vector<std::string> notes;
    notes.push_back(spread > 0.0 ? say(lang,
                                       {"所有对角线中最大的极差：{spread}（不再为 0：不同的行用不同的 u_q 读取同一个 Δ）",
                                        "Largest spread along any diagonal: {spread} (no longer 0: each row reads the same Δ "
                                        "with its own u_q)"},
                                       {{"spread", exact(spread)}})
                                 : say(lang, {"所有对角线中最大的极差：{spread}", "Largest spread along any diagonal: {spread}"},
                                       {{"spread", exact(spread)}}));
    notes.push_back(say_error(lang,
                        {"按 u_q·R_(q−k) 重新计算每个格子：最大差 = {err}{hint}。在一行之内，k 只通过 Δ 起作用。",
                         "Every cell recomputed as u_q·R_(q−k): largest difference = {err}{hint}. Within a row, k "
                         "enters only through Δ."}, recompute));
    notes.push_back(say(lang,
                        {"随机种子 seed = {seed}：q_vec 与 W 的元素是 [−1, 1) 内的伪随机数。",
                         "Random seed = {seed}: the entries of q_vec and W are pseudo-random numbers in [−1, 1)."},
                        {{"seed", integer(in.seed)}}));
    // The sinusoidal encoding of position i with these frequencies is R_Δ at Δ = i: (cos ωᵢi, sin ωᵢi) per
    // frequency. Its Gram matrix p_qᵀp_k = Σ cos(ω(q − k)) is the F of the step toeplitz-f.
    Eigen::MatrixXd P(L, 2 * m);
    for (int i = 0; i < L; ++i) P.row(i) = r_delta_vector(i, in.omega).transpose();
    const double gram = max_abs(P * P.transpose() - cosine_f_matrix(in));
    notes.push_back(say_error(lang,
                        {"正弦编码 p_i = R_i（每个频率一对 cos ωᵢi、sin ωᵢi）：最大的 |p_qᵀp_k − f(q − k)| = {err}{hint}，"
                         "即第 4 步的 F 就是这些编码的 Gram 矩阵。",
                         "Sinusoidal encodings p_i = R_i (cos ωᵢi, sin ωᵢi per frequency): largest "
                         "|p_qᵀp_k − f(q − k)| = {err}{hint}, so step 4's F is the Gram matrix of these encodings."}, gram));
    return {make_view("q_vecᵀ W R_(q−k)", std::move(h), notes),
            make_view(say(lang, {"读出向量 u_q = Wᵀq_vec（每个查询一行）", "Readout u_q = Wᵀq_vec, one row per query"}),
                      std::move(t))};
}

// [SECTION] the step
Step content_readout() {
    return {
        "content-readout",
        {"依赖内容的读出：q_vecᵀ W R_(q−k)", "Content-dependent readout: q_vecᵀ W R_(q−k)"},
        {
        "在实际模型中，读出权重常常取决于查询的内容：矩阵 W 把每个查询向量 q_vec 映射成它自己的读出向量 "
        "u_q = Wᵀq_vec，格子的值变成 u_q·R_(q−k)。这里的 q_vec 和 W 是由随机种子生成的随机数。"
        "在同一行内，值仍然只通过 Δ 依赖 k；但不同的行用不同的权重读取同一个 Δ，所以对角线不再是常数。"
        "Transformer-XL（Dai 等，2019）正是这样拆分查询 i 对键 j 的分数的，共四项：内容–内容（查询内容乘键内容）、"
        "内容–位置（查询内容乘 W_R R_(i−j)）、全局内容偏置（可学习的向量 u 乘键内容）和全局位置偏置"
        "（可学习的向量 v 乘 W_R R_(i−j)）。这张热力图就是内容–位置项；第 6 步固定的读出 vᵀR_Δ 与全局位置偏置同形。"
        "Transformer-XL 的 R_(i−j) 是正弦编码，而第 3、4 步的 F[q,k] = f(q − k) = Σ cos(ωᵢ(q − k)) 恰好是正弦位置编码的 Gram 矩阵 "
        "p_iᵀp_j（absolute-pe 一课第 5 步）：p_iᵀp_j 只依赖 j − i。下面的注释用当前的 ω 验证这一点。",
        "In real models the readout weights often depend on the query's content: a matrix W maps each query "
        "vector q_vec to its own readout u_q = Wᵀq_vec, and the cell becomes u_q·R_(q−k). Here q_vec and W are "
        "random numbers drawn from the random seed. Within one row the value still depends on k only through Δ, but "
        "different rows read the same Δ with different weights, so the diagonals are no longer constant. "
        "Transformer-XL (Dai et al., 2019) splits the score of query i and key j in exactly this way, into four "
        "terms: content–content (the query's content times the key's), content–position (the query's content "
        "times W_R R_(i−j)), a global content bias (a learned vector u times the key's content) and a global "
        "position bias (a learned vector v times W_R R_(i−j)). This heatmap is the content–position term; the "
        "fixed readout vᵀR_Δ of step 6 has the form of the global position bias. Transformer-XL's R_(i−j) is "
        "sinusoidal, and the F[q,k] = f(q − k) = Σ cos(ωᵢ(q − k)) of steps 3 and 4 is exactly the Gram matrix p_iᵀp_j of sinusoidal "
        "position encodings (lesson absolute-pe, step 5): p_iᵀp_j depends only on j − i. A note below checks this "
        "for the current ω."},
        {"L", "omega", "seed"},
        views_of(read_model, content_views),
        {
         R"tex(u_q = W^\top q_{\mathrm{vec}}, \qquad F[q,k] = u_q \cdot R_{q-k})tex",
         R"tex(A_{i,j} = \underbrace{E_{x_i}^\top W_q^\top W_{k,E} E_{x_j}}_{\text{content--content}} + \underbrace{E_{x_i}^\top W_q^\top W_{k,R} R_{i-j}}_{\text{content--position}} + \underbrace{u^\top W_{k,E} E_{x_j}}_{\text{content bias}} + \underbrace{v^\top W_{k,R} R_{i-j}}_{\text{position bias}})tex",
         R"tex(\sum_i \cos\big(\omega_i (q - k)\big) = p_q^\top p_k)tex"},
    };
}

}  // namespace fdelta
}  // namespace pelab
