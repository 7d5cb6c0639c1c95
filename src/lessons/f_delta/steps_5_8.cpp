// PE Lab — lessons/f_delta/steps_5_8.cpp
// Steps 5–8 of f-delta: R_Δ, the readout vᵀR_Δ, the content-dependent readout, the link to RoPE.
// Each step: its title and prose (Step), then the views builder right after it.
// Comments are English only: the font subset is built from the characters inside this file's strings.
//
// [SECTION] step 5: R_Δ
// [SECTION] step 6: the readout vᵀR_Δ
// [SECTION] step 7: the content-dependent readout
// [SECTION] step 8: the link to RoPE
#include <algorithm>
#include <cmath>
#include <string>

#include "core/f_delta.h"
#include "core/random.h"
#include "core/rope.h"
#include "lessons/f_delta/f_delta_lesson.h"
#include "lessons/lesson_util.h"

namespace pelab {
namespace fdelta {

using namespace lessonui;  // shared display helpers (lessons/lesson_util.h)

// [SECTION] step 5: R_Δ
PhasorView r_delta_dials(const Model& in, Lang lang);

std::vector<ViewData> features_views(const Model& in, Lang lang) {
    const int L = in.L, m = n_freq(in);
    const Eigen::MatrixXd R = r_delta_features(L, in.omega);
    TableView t;
    t.values = without_rounding_noise(to_rows(R));
    t.row_labels = delta_labels(L);
    t.col_labels = feature_labels(m);
    t.corner = "Δ";
    t.decimals = 4;
    double unit_error = 0.0, odd_error = 0.0;
    for (int row = 0; row < R.rows(); ++row) {
        const int mirror = static_cast<int>(R.rows()) - 1 - row;  // the row of −Δ
        for (int i = 0; i < m; ++i) {
            const double c = R(row, 2 * i), s = R(row, 2 * i + 1);
            unit_error = std::max(unit_error, std::fabs(c * c + s * s - 1.0));
            odd_error = std::max(odd_error, std::fabs(R(mirror, 2 * i + 1) + s));
        }
    }
    const std::string shape = say(lang,
        {"R 有 {rows} 行（每个 Δ 一行）和 {cols} 列（每个频率一对 cos、sin）。",
         "R has {rows} rows (one per Δ) and {cols} columns (a cos, sin pair per frequency)."},
        {{"rows", integer(R.rows())}, {"cols", integer(R.cols())}});
    const std::vector<std::string> notes = {
        say_error(lang,
            {"每对 (cos, sin) 长度为 1：最大的 |cos² + sin² − 1| = {err}{hint}",
             "Each (cos, sin) pair has length 1: largest |cos² + sin² − 1| = {err}{hint}"}, unit_error),
        say_error(lang,
            {"sin 分量随 Δ 变号：最大的 |sin(−ωΔ) + sin(ωΔ)| = {err}{hint}",
             "The sin entries flip sign with Δ: largest |sin(−ωΔ) + sin(ωΔ)| = {err}{hint}"}, odd_error),
    };
    return {make_view(say(lang, {"每个频率一个圆：(cos ωᵢΔ, sin ωᵢΔ)", "One circle per frequency: (cos ωᵢΔ, sin ωᵢΔ)"}),
                      r_delta_dials(in, lang), notes),
            make_view(say(lang, {"R_Δ：每个 Δ 一行", "R_Δ, one row per Δ"}), std::move(t), {shape})};
}

Step feature_vectors() {
    return {
        "feature-vectors",
        {"R_Δ：每个距离一个特征向量", "R_Δ: one feature vector per distance"},
        {
        "现在把距离变成一个向量而不是一个数：R_Δ 依次列出每个频率的 cos(ωᵢΔ) 和 sin(ωᵢΔ)，两个频率时共有四个分量。"
        "把所有 Δ 的 R_Δ 叠起来，得到一张 2L−1 行的表，每行对应 F 的一条对角线，它并不是 L×L 矩阵。"
        "正弦分量保留了余弦丢掉的信息：它随 Δ 变号，因此 R_Δ 能区分 Δ 和 −Δ。"
        "每个频率的 (cos ωᵢΔ, sin ωᵢΔ) 是单位圆上的一点：Δ 每加 1 就转过 ωᵢ 弧度，Δ 为负时反向转动，"
        "所以 Δ 和 −Δ 关于横轴对称。",
        "Now turn the distance into a vector instead of a number: R_Δ lists cos(ωᵢΔ) and sin(ωᵢΔ) for every "
        "frequency, four entries for two frequencies. Stacking R_Δ for all Δ gives a table with 2L−1 rows, one "
        "per diagonal of F; it is not an L×L matrix. The sine entries keep what the cosines lose: they change "
        "sign with Δ, so R_Δ can tell Δ from −Δ. Each frequency's (cos ωᵢΔ, sin ωᵢΔ) is a point on the unit "
        "circle that turns by ωᵢ radians per step of Δ, the other way round for negative Δ, so Δ and −Δ are "
        "mirror images across the horizontal axis."},
        {"L", "omega"},
        views_of(read_model, features_views),
        {
         R"tex(R_\Delta = \begin{pmatrix} \cos \omega_0 \Delta \\ \sin \omega_0 \Delta \\ \cos \omega_1 \Delta \\ \sin \omega_1 \Delta \end{pmatrix})tex",
         R"tex(\sin(-\omega\Delta) = -\sin(\omega\Delta))tex"},
    };
}

// One dial per frequency: R_Δ's pair (cos ωᵢΔ, sin ωᵢΔ) for Δ = 0 (grey), Δ = 1 (blue) and Δ = −1 (red), each
// further Δ of the same sign a dot that fades with the distance; the arcs show the turn of ±ωᵢ.
PhasorView r_delta_dials(const Model& in, Lang lang) {
    PhasorView ph;
    for (int i = 0; i < n_freq(in); ++i) {
        const double w = in.omega(i);
        PhasorView::Dial dial;
        dial.caption = say(lang, {"频率 {i}：ω{s} = {w}", "frequency {i}: ω{s} = {w}"},
                           {{"i", integer(i)}, {"s", sub(i)}, {"w", num(w, 4)}});
        PhasorView::Arrow zero;
        zero.angle = 0;
        zero.label = "Δ = 0";
        zero.colour = 3;
        dial.arrows.push_back(zero);
        if (in.L > 1) {
            for (int sign : {1, -1}) {
                PhasorView::Arrow a;
                a.angle = sign * w;
                a.label = sign > 0 ? "Δ = 1" : "Δ = −1";
                a.colour = sign > 0 ? 0 : 1;
                for (int d = in.L - 1; d >= 2; --d) a.trail.push_back(sign * w * d);  // farthest first: faintest
                dial.arrows.push_back(a);
            }
            dial.arcs = {{0, 1, "+ω" + sub(i)}, {0, 2, "−ω" + sub(i)}};
        }
        ph.dials.push_back(std::move(dial));
    }
    return ph;
}

// [SECTION] step 6: the readout vᵀR_Δ

std::vector<ViewData> readout_views(const Model& in, Lang lang) {
    const int L = in.L, m = n_freq(in);
    const Eigen::VectorXd cos_v = cosine_readout(m);
    const Eigen::MatrixXd F = f_matrix(L, in.omega, in.v);
    ViewData heat = readout_heatmap("F[q,k] = vᵀR_(q−k)", in, in.v, lang, true);

    TableView t;
    t.values.resize(2 * L - 1, 3);
    double diff_default = 0.0, diff_current = 0.0;
    for (int d = -(L - 1); d <= L - 1; ++d) {
        const Eigen::Index row = d + L - 1;
        const double readout = f_kernel(d, in.omega, in.v);
        const double f = f_kernel(d, in.omega, cos_v);
        t.values(row, 0) = readout;
        t.values(row, 1) = f;
        t.values(row, 2) = readout - f;
        diff_current = std::max(diff_current, std::fabs(readout - f));
        // The default readout, evaluated term by term against the plain cosine sum.
        double plain = 0.0;
        for (int i = 0; i < m; ++i) plain += std::cos(in.omega(i) * d);
        diff_default = std::max(diff_default, std::fabs(f - plain));
    }
    t.row_labels = delta_labels(L);
    t.col_labels = {"vᵀR_Δ", "f(Δ) = Σ cos ωᵢΔ", say(lang, {"差", "difference"})};
    t.corner = "Δ";
    t.decimals = 4;

    const double spread = largest_spread(F);
    double asym = 0.0;
    for (int q = 0; q < L; ++q)
        for (int k = 0; k < L; ++k) asym = std::max(asym, std::fabs(F(q, k) - F(k, q)));
    heat.notes.push_back(spread == 0.0
                             ? say(lang,
                                   {"当前 v = {v}：F 各条对角线的最大极差 = {spread}（仍是 Toeplitz 矩阵）",
                                    "Current v = {v}: largest spread along a diagonal of F = {spread} (still Toeplitz)"},
                                   {{"v", full_vector(in.v)}, {"spread", exact(spread)}})
                             : say(lang,
                                   {"当前 v = {v}：F 各条对角线的最大极差 = {spread}",
                                    "Current v = {v}: largest spread along a diagonal of F = {spread}"},
                                   {{"v", full_vector(in.v)}, {"spread", exact(spread)}}));
    heat.notes.push_back(asym > 1e-9 ? say(lang,
                                           {"当前 v：最大的 |F[q,k] − F[k,q]| = {asym}（sin 权重使 F 不再对称）",
                                            "Current v: largest |F[q,k] − F[k,q]| = {asym} (sin weights make F non-symmetric)"},
                                           {{"asym", exact(asym)}})
                                     : say(lang, {"当前 v：最大的 |F[q,k] − F[k,q]| = {asym}", "Current v: largest |F[q,k] − F[k,q]| = {asym}"},
                                           {{"asym", exact(asym)}}));
    const std::vector<std::string> notes = {
        say_error(lang, {"v = {v} 时：最大的 |vᵀR_Δ − f(Δ)| = {err}{hint}", "v = {v}: largest |vᵀR_Δ − f(Δ)| = {err}{hint}"}, diff_default, {{"v", full_vector(cos_v)}}),
        say_error(lang, {"当前 v：最大的 |vᵀR_Δ − f(Δ)| = {err}{hint}", "Current v: largest |vᵀR_Δ − f(Δ)| = {err}{hint}"}, diff_current),
    };
    return {heat, make_view(say(lang, {"vᵀR_Δ 与 f(Δ) 对比", "vᵀR_Δ versus f(Δ)"}), std::move(t), notes)};
}

Step linear_readout() {
    return {
        "linear-readout",
        {"从 R_Δ 读出 f：f(Δ) = vᵀR_Δ", "Reading f out of R_Δ: f(Δ) = vᵀR_Δ"},
        {
        "权重向量 v 把 R_Δ 变成一个数 vᵀR_Δ。余弦的权重取 1、正弦的权重取 0，即 v = [1, 0, 1, 0]，就正好得到 f(Δ)，"
        "于是 F[q,k] = vᵀR_(q−k)。改变 v，F 随之改变，但它仍是 Toeplitz 矩阵，因为格子的值只通过 Δ 依赖 q 和 k。"
        "这就是引入 R_Δ 的意义：v 可以学习，而 R_Δ 始终是对距离的固定描述。",
        "A weight vector v turns R_Δ into one number, vᵀR_Δ. Weight 1 on each cosine and 0 on each sine, "
        "v = [1, 0, 1, 0], reproduces f(Δ) exactly, so F[q,k] = vᵀR_(q−k). Change v and F changes, yet it stays "
        "Toeplitz, because a cell still depends on q and k only through Δ. That is what R_Δ is for: v can be "
        "learned, while R_Δ remains a fixed description of distance."},
        {"L", "omega", "v"},
        views_of(read_model, readout_views),
        {
         R"tex(f(\Delta) = v^\top R_\Delta, \qquad v = (1, 0, 1, 0)^\top)tex",
         R"tex(F[q,k] = v^\top R_{q-k})tex"},
    };
}

// [SECTION] step 7: the content-dependent readout
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
    // frequency. Its Gram matrix p_qᵀp_k = Σ cos(ω(q − k)) is the F of step 4.
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

// [SECTION] step 8: the link to RoPE
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
        say(lang,
            {"旋转角 θ = ω = {theta}；q = {q}, k = {k}（每对分量 (x, y) 按 mθᵢ 旋转）",
             "Rotation angles θ = ω = {theta}; q = {q}, k = {k} (each pair (x, y) is rotated by mθᵢ)"},
            {{"theta", full_vector(in.omega)}, {"q", full_vector(q_vec)}, {"k", full_vector(k_vec)}}),
    };
    const std::vector<std::string> vector_notes = {
        say(lang, {"一般地，q 的每对取 (v_cos, −v_sin)、k 的每对取 (1, 0)，就得到 S = F。",
                   "In general, pairs (v_cos, −v_sin) in q and (1, 0) in k give S = F."}),
    };
    return {make_view(say(lang, {"RoPE 分数 S[m,n] = ⟨Rot_m q, Rot_n k⟩", "RoPE scores S[m,n] = ⟨Rot_m q, Rot_n k⟩"}),
                      std::move(rope), rope_notes),
            f_view,
            make_view(say(lang, {"RoPE 使用的查询向量与键向量", "Query and key vectors used by RoPE"}), std::move(vectors),
                      vector_notes)};
}

Step link_to_rope() {
    return {
        "link-to-rope",
        {"承上启下：RoPE", "The link ahead: RoPE"},
        {
        "旋转位置编码（RoPE）在位置 m 把查询的每一对分量旋转 mθ，在位置 n 把键的每一对分量旋转 nθ"
        "（这里的旋转记作 Rot_m，不要与特征向量 R_Δ 混淆）。旋转可以合并，所以分数 ⟨Rot_m q, Rot_n k⟩ 只依赖 m − n。"
        "取 θ = ω、q = k = [1, 0, 1, 0] 时，这里用真实旋转算出的分数矩阵 S 就是本课的 F；其他的 v 对应其他的 q。"
        "RoPE 一课将在此基础上继续展开。",
        "Rotary position embedding (RoPE) rotates every pair of query entries by mθ at position m and every pair "
        "of key entries by nθ at position n (written Rot_m here, not to be confused with the features R_Δ). "
        "Rotations combine, so the score ⟨Rot_m q, Rot_n k⟩ depends only on m − n. With θ = ω and "
        "q = k = [1, 0, 1, 0], the score matrix S, computed here with actual rotations, is the F of this lesson; "
        "other readouts v correspond to other q. The RoPE lesson builds on this."},
        {"L", "omega", "v"},
        views_of(read_model, rope_views),
        {
         R"tex(\mathrm{Rot}_m = \begin{pmatrix} \cos m\theta & -\sin m\theta \\ \sin m\theta & \cos m\theta \end{pmatrix})tex",
         R"tex(\langle \mathrm{Rot}_m q,\ \mathrm{Rot}_n k \rangle = q^\top \mathrm{Rot}_{n-m}\, k)tex"},
    };
}

}  // namespace fdelta
}  // namespace pelab
