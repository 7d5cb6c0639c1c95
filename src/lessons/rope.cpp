// PE Lab — lessons/rope.cpp
// Lesson "rope" (seed 003; seed 004 §5): rotary position embedding derived from 2-D rotations, in 8 steps:
// R(α) and its identities, the dot product of rotated vectors, RoPE on d dimensions in both pairing layouts,
// the score matrix S and its shift invariance (with the link back to lesson f-delta), why additive sinusoidal
// PE loses relative structure through W_q/W_k, the two alternatives the seed weighs, the uniqueness sketch,
// and the spectrum with its long-range decay. Every number shown comes from core (rope.h, f_delta.h, random.h).
// Comments are English only: the font subset is built from the characters inside this file's strings.
//
// [SECTION] parameters
// [SECTION] inputs read from the ParamSet
// [SECTION] step views 1..8
// [SECTION] lesson definition (bilingual text)
#include <Eigen/QR>
#include <algorithm>
#include <cmath>
#include <string>

#include "core/f_delta.h"
#include "core/random.h"
#include "core/rope.h"
#include "lessons/lesson.h"
#include "lessons/legacy_view.h"
#include "lessons/lesson_util.h"

namespace pelab {

namespace {

using namespace lessonui;

// [SECTION] parameters
std::vector<ParamSpec> lesson_params() {
    return {
        real_spec("alpha", -6.2832, 6.2832, "1.0471975511965976", "first rotation angle (radians)",
                  "第一个旋转角（弧度）", "α"),
        real_spec("beta", -6.2832, 6.2832, "1.5707963267948966", "second rotation angle (radians)",
                  "第二个旋转角（弧度）", "β"),
        int_spec("seed", 0, 1000000, "1", "seed of the random vectors and matrices", "随机向量与矩阵的种子"),
        choice_spec("d", {"2", "4", "8", "16", "32", "64"}, "8", "rotary dimension d (d/2 pairs)",
                    "旋转维度 d（d/2 对）"),
        real_spec("log10_base", 0.5, 7, "4", "log10 of the frequency base (4 means 10000)",
                  "频率底数的常用对数（4 表示 10000）", "log₁₀ base"),
        int_spec("m", 0, 64, "3", "position m of the rotation R_m", "旋转 R_m 的位置 m"),
        choice_spec("layout", {"interleaved", "half"}, "interleaved",
                    "pairing: interleaved (x2i, x2i+1) or half (xi, xi+d/2)", "配对：交错 (x2i, x2i+1) 或对半 (xi, xi+d/2)"),
        int_spec("L", 2, 64, "12", "number of positions 0..L-1", "位置个数 0..L-1"),
        int_spec("t", 0, 1000, "5", "shift added to both positions", "两个位置同时加上的平移量"),
        int_spec("seed_version", 0, 1, "0", "1 shows seed 004's R(m−n) form beside the reference",
                 "为 1 时在参考形式旁显示种子 004 的 R(m−n) 写法", "seed 004"),
        real_spec("content_scale", 0, 4, "1", "size of the content vectors relative to p", "内容向量相对 p 的大小",
                  "content"),
        choice_spec("candidate", {"rope", "quadratic", "scaled", "random"}, "rope",
                    "transform tested against the four assumptions", "用四条假设检验的变换"),
        int_spec("max_dist", 16, 20000, "2048", "largest distance on the decay curve", "衰减曲线的最大距离"),
        [] {
            ParamSpec s = choice_spec("d_spectrum", {"8", "16", "32", "64", "128", "256"}, "128",
                                      "rotary dimension for the spectrum step", "频谱一步所用的旋转维度");
            s.symbol = "d";
            return s;
        }(),
    };
}

// [SECTION] inputs read from the ParamSet
struct Inputs {
    double alpha = 0, beta = 0;
    int seed = 1;
    int d = 8;
    double base = 10000;
    int m = 3;
    RopeLayout layout = RopeLayout::interleaved;
    int L = 12;
    int t = 5;
    bool seed_version = false;
    double content_scale = 1;
    std::string candidate = "rope";
    int max_dist = 2048;
    int d_spectrum = 128;
    Eigen::VectorXd theta;  // base^(−2i/d)
};

Inputs read_inputs(const ParamSet& p) {
    Inputs in;
    in.alpha = real_param(p, "alpha", kPi / 3, -6.2832, 6.2832);
    in.beta = real_param(p, "beta", kPi / 2, -6.2832, 6.2832);
    in.seed = int_param(p, "seed", 1, 0, 1000000);
    in.d = choice_int_param(p, "d", 8);
    if (in.d < 2 || in.d > 64 || in.d % 2) in.d = 8;
    in.base = pow10_exact(real_param(p, "log10_base", 4, 0.5, 7));
    in.m = int_param(p, "m", 3, 0, 64);
    parse_rope_layout(p.gets("layout"), &in.layout);
    in.L = int_param(p, "L", 12, 2, 64);
    in.t = int_param(p, "t", 5, 0, 1000);
    in.seed_version = int_param(p, "seed_version", 0, 0, 1) == 1;
    in.content_scale = real_param(p, "content_scale", 1, 0, 4);
    in.candidate = p.gets("candidate");
    if (in.candidate != "quadratic" && in.candidate != "scaled" && in.candidate != "random") in.candidate = "rope";
    in.max_dist = int_param(p, "max_dist", 2048, 16, 20000);
    in.d_spectrum = choice_int_param(p, "d_spectrum", 128);
    if (in.d_spectrum < 2 || in.d_spectrum > 256 || in.d_spectrum % 2) in.d_spectrum = 128;
    in.theta = rope_default_inv_freq(in.d, in.base);
    return in;
}

Eigen::VectorXd random_vector(int n, SplitMix64& rng, double scale = 1.0) {
    Eigen::VectorXd v(n);
    for (int i = 0; i < n; ++i) v(i) = scale * rng.next_signed();
    return v;
}

std::string layout_label(RopeLayout layout, Lang lang) {
    return layout == RopeLayout::half ? tr(lang, "对半（HF rotate_half）", "half (HF rotate_half)")
                                      : tr(lang, "交错（RoFormer / GPT-J）", "interleaved (RoFormer / GPT-J)");
}

// Largest max − min along any diagonal.
double largest_spread(const Eigen::MatrixXd& M) {
    const Eigen::VectorXd s = diagonal_spread(M);
    return s.size() == 0 ? 0.0 : s.maxCoeff();
}

// [SECTION] step views 1..8

// Step 1: R(α), its transpose/inverse, R(−α), and the group property, as one table of 2×2 matrices.
std::vector<LegacyView> step1_views(const ParamSet& p, Lang lang) {
    const Inputs in = read_inputs(p);
    const Eigen::Matrix2d Ra = rotation2(in.alpha), Rb = rotation2(in.beta);
    const Eigen::Matrix2d Rinv = Ra.inverse();
    const Eigen::Matrix2d product = rotation2(-in.alpha) * Rb;
    const Eigen::Matrix2d diff = rotation2(in.beta - in.alpha);
    const std::vector<std::pair<std::string, Eigen::Matrix2d>> rows = {
        {"R(α)", Ra},          {"R(α)ᵀ", Ra.transpose()}, {"R(α)⁻¹", Rinv}, {"R(−α)", rotation2(-in.alpha)},
        {"R(β)", Rb},          {"R(−α)R(β)", product},    {"R(β−α)", diff},
    };
    LegacyView table;
    table.kind = ViewKind::Table;
    table.title = tr(lang, "旋转矩阵（按行展开：[0,0] [0,1] [1,0] [1,1]）",
                     "Rotation matrices, entry by entry: [0,0] [0,1] [1,0] [1,1]");
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
    table.row_axis = tr(lang, "矩阵", "matrix");
    table.decimals = 5;
    table.is_signed = true;
    table.explain = [rows, lang](int r, int c) -> std::string {
        if (r < 0 || c < 0 || r >= static_cast<int>(rows.size()) || c >= 4) return "";
        const Eigen::Matrix2d& M = rows[static_cast<std::size_t>(r)].second;
        return rows[static_cast<std::size_t>(r)].first + "[" + std::to_string(c / 2) + "," + std::to_string(c % 2) +
               "] = " + num_digits(M(c / 2, c % 2), 17) +
               tr(lang, "；cos 与 sin 由 α、β 直接计算。", "; cos and sin evaluated from α and β.");
    };
    const double t_err = max_abs(Ra.transpose() - rotation2(-in.alpha));
    const double inv_err = max_abs(Rinv - rotation2(-in.alpha));
    const double group_err = max_abs(product - diff);
    const double orth_err = max_abs(Ra.transpose() * Ra - Eigen::Matrix2d::Identity());
    table.notes.push_back("α = " + angle(in.alpha) + ", β = " + angle(in.beta) + ", β − α = " + angle(in.beta - in.alpha));
    table.notes.push_back(tr(lang, "最大 |R(α)ᵀ − R(−α)| = ", "Largest |R(α)ᵀ − R(−α)| = ") + exact(t_err) +
                          rounding_hint(t_err, lang));
    table.notes.push_back(tr(lang, "最大 |R(α)⁻¹ − R(−α)| = ", "Largest |R(α)⁻¹ − R(−α)| = ") + exact(inv_err) +
                          rounding_hint(inv_err, lang));
    table.notes.push_back(tr(lang, "最大 |R(−α)R(β) − R(β−α)| = ", "Largest |R(−α)R(β) − R(β−α)| = ") +
                          exact(group_err) + rounding_hint(group_err, lang));
    table.notes.push_back(tr(lang, "det R(α) = ", "det R(α) = ") + num_digits(Ra.determinant(), 17) +
                          tr(lang, "；最大 |R(α)ᵀR(α) − I| = ", "; largest |R(α)ᵀR(α) − I| = ") + exact(orth_err) +
                          rounding_hint(orth_err, lang));
    return {table};
}

// Step 2: (R(a)u)ᵀ(R(b)v) over a grid of 16 angles each, plus the live check at α, β.
std::vector<LegacyView> step2_views(const ParamSet& p, Lang lang) {
    const Inputs in = read_inputs(p);
    SplitMix64 rng(static_cast<std::uint64_t>(in.seed));
    const Eigen::Vector2d u = random_vector(2, rng), v = random_vector(2, rng);
    const int n = 16;
    Eigen::MatrixXd G(n, n);
    for (int i = 0; i < n; ++i)
        for (int j = 0; j < n; ++j) G(i, j) = (rotation2(i * kPi / 8) * u).dot(rotation2(j * kPi / 8) * v);
    LegacyView heat;
    heat.kind = ViewKind::Heatmap;
    heat.title = tr(lang, "(R(a)u)ᵀ(R(b)v)，a、b 以 π/8 为步长", "(R(a)u)ᵀ(R(b)v) for a, b in steps of π/8");
    heat.values = to_rows(G);
    for (int i = 0; i < n; ++i) heat.row_labels.push_back(angle(i * kPi / 8));
    heat.col_labels = heat.row_labels;
    heat.row_axis = tr(lang, "u 的旋转角 a", "angle a of u");
    heat.col_axis = tr(lang, "v 的旋转角 b", "angle b of v");
    heat.is_signed = true;
    heat.qk_axes = true;
    heat.explain = [G, u, v, lang](int r, int c) -> std::string {
        if (r < 0 || c < 0 || r >= 16 || c >= 16) return "";
        const double rel = u.dot(rotation2((c - r) * kPi / 8) * v);
        return "a = " + angle(r * kPi / 8) + ", b = " + angle(c * kPi / 8) + ", b − a = " + angle((c - r) * kPi / 8) +
               tr(lang, "：(R(a)u)ᵀ(R(b)v) = ", ": (R(a)u)ᵀ(R(b)v) = ") + num(G(r, c)) + "; uᵀR(b−a)v = " + num(rel);
    };
    heat.notes.push_back(tr(lang, "各条对角线上的最大极差：", "Largest spread along any diagonal: ") +
                         exact(largest_spread(G)) + rounding_hint(largest_spread(G), lang) +
                         tr(lang, "（每条对角线对应一个角度差）", " (each diagonal is one angle difference)"));

    LegacyView table;
    table.kind = ViewKind::Table;
    table.title = tr(lang, "在当前 α、β 处的检验", "Check at the current α, β");
    const double lhs = (rotation2(in.alpha) * u).dot(rotation2(in.beta) * v);
    const double rhs = u.dot(rotation2(in.beta - in.alpha) * v);
    const double shifted = (rotation2(in.alpha + 1.0) * u).dot(rotation2(in.beta + 1.0) * v);
    table.values.resize(3, 1);
    table.values << lhs, rhs, shifted;
    table.row_labels = {"(R(α)u)ᵀ(R(β)v)", "uᵀR(β−α)v", "(R(α+1)u)ᵀ(R(β+1)v)"};
    table.col_labels = {tr(lang, "值", "value")};
    table.row_axis = tr(lang, "表达式", "expression");
    table.decimals = 6;
    table.is_signed = true;
    table.notes.push_back("u = " + vector_text(u) + ", v = " + vector_text(v) + tr(lang, "（种子 ", " (seed ") +
                          std::to_string(in.seed) + tr(lang, "）", ")"));
    table.notes.push_back(tr(lang, "|前两行之差| = ", "|row 1 − row 2| = ") + exact(std::fabs(lhs - rhs)) +
                          rounding_hint(std::fabs(lhs - rhs), lang) +
                          tr(lang, "；两个角同时加 1 弧度，值不变：差 = ", "; adding 1 radian to both angles changes nothing: difference = ") +
                          exact(std::fabs(lhs - shifted)) + rounding_hint(std::fabs(lhs - shifted), lang));
    return {heat, table};
}

// Step 3: R_m in the chosen layout, the pair table, and the permutation between layouts.
std::vector<LegacyView> step3_views(const ParamSet& p, Lang lang) {
    const Inputs in = read_inputs(p);
    const int d = in.d, pairs = d / 2;
    const Eigen::MatrixXd R = rope_matrix(in.theta, in.m, in.layout);
    LegacyView heat = labelled_heatmap(
            tr(lang, "R_m（", "R_m (") + layout_label(in.layout, lang) + tr(lang, "），m = ", "), m = ") + std::to_string(in.m),
            without_rounding_noise(to_rows(R)), index_labels(d), index_labels(d), tr(lang, "输出坐标", "output coordinate"),
            tr(lang, "输入坐标", "input coordinate"));
    heat.is_signed = true;
    heat.decimals = 2;
    const Eigen::VectorXd theta = in.theta;
    const RopeLayout layout = in.layout;
    const int m = in.m;
    heat.explain = [R, theta, layout, m, d, lang](int r, int c) -> std::string {
        if (r < 0 || c < 0 || r >= d || c >= d) return "";
        std::string s = "R_m[" + std::to_string(r) + "," + std::to_string(c) + "] = " + num(R(r, c));
        for (int i = 0; i < d / 2; ++i) {
            const auto pc = rope_pair_coords(i, d, layout);
            const bool row_in = r == pc.first || r == pc.second, col_in = c == pc.first || c == pc.second;
            if (row_in && col_in)
                return s + tr(lang, "：第 ", ": pair ") + std::to_string(i) + tr(lang, " 对，转角 mθ", ", angle mθ") + sub(i) +
                       " = " + num(m * theta(i));
        }
        return s + tr(lang, "：这两个坐标不属于同一对，所以是 0", ": these coordinates are not in one pair, hence 0");
    };

    LegacyView table;
    table.kind = ViewKind::Table;
    table.title = tr(lang, "每一对：频率、转角与坐标", "Each pair: frequency, angle and coordinates");
    table.values.resize(pairs, 6);
    for (int i = 0; i < pairs; ++i) {
        const auto inter = rope_pair_coords(i, d, RopeLayout::interleaved);
        const auto half = rope_pair_coords(i, d, RopeLayout::half);
        table.values.row(i) << in.theta(i), in.m * in.theta(i), inter.first, inter.second, half.first, half.second;
        table.row_labels.push_back(tr(lang, "第 ", "pair ") + std::to_string(i) + tr(lang, " 对", ""));
    }
    table.col_labels = {"θᵢ", "mθᵢ", tr(lang, "交错 a", "inter. a"), tr(lang, "交错 b", "inter. b"),
                        tr(lang, "对半 a", "half a"), tr(lang, "对半 b", "half b")};
    table.col_decimals = {-1, -1, 0, 0, 0, 0};
    table.decimals = 6;
    table.row_axis = tr(lang, "对", "pair");

    const Eigen::MatrixXd P = rope_layout_permutation(d);
    LegacyView perm = labelled_heatmap(tr(lang, "置换 P：交错布局 → 对半布局", "Permutation P: interleaved → half layout"),
                                     to_rows(P), index_labels(d), index_labels(d),
                                     tr(lang, "对半布局的坐标", "half-layout coordinate"),
                                     tr(lang, "交错布局的坐标", "interleaved coordinate"));
    perm.integer = true;
    perm.decimals = 0;
    perm.explain = [d, lang](int r, int c) -> std::string {
        if (r < 0 || c < 0 || r >= d || c >= d) return "";
        const int src = r < d / 2 ? 2 * r : 2 * (r - d / 2) + 1;
        return tr(lang, "对半布局的坐标 ", "Half-layout coordinate ") + std::to_string(r) +
               tr(lang, " 取自交错布局的坐标 ", " takes interleaved coordinate ") + std::to_string(src) +
               (c == src ? tr(lang, "：这里是 1", ": this cell is 1") : tr(lang, "：这里是 0", ": this cell is 0"));
    };
    SplitMix64 rng(static_cast<std::uint64_t>(in.seed));
    const Eigen::VectorXd x = random_vector(d, rng);
    const double perm_err = max_abs(P * rope_matrix(in.theta, in.m, RopeLayout::interleaved) * P.transpose() -
                                    rope_matrix(in.theta, in.m, RopeLayout::half));
    const double hf_err =
        max_abs(rope_apply_hf_rotate_half(x, in.m, in.theta) - rope_apply(x, in.m, in.theta, RopeLayout::half));
    const double vec_err = max_abs(P * rope_apply(x, in.m, in.theta, RopeLayout::interleaved) -
                                   rope_apply(P * x, in.m, in.theta, RopeLayout::half));
    perm.notes.push_back(tr(lang, "最大 |P·R_interleaved·Pᵀ − R_half| = ", "Largest |P·R_interleaved·Pᵀ − R_half| = ") +
                         exact(perm_err) + rounding_hint(perm_err, lang));
    perm.notes.push_back(tr(lang, "随机向量 x：最大 |P·(R x) − R_half·(P x)| = ",
                            "Random x: largest |P·(R x) − R_half·(P x)| = ") +
                         exact(vec_err) + rounding_hint(vec_err, lang));
    perm.notes.push_back(tr(lang, "HF 写法 x·cos + rotate_half(x)·sin 与逐对旋转之差：",
                            "HF's x·cos + rotate_half(x)·sin versus the pair-by-pair rotation: largest difference ") +
                         exact(hf_err) + rounding_hint(hf_err, lang));
    table.notes.push_back(tr(lang, "a、b：该对的两个坐标在交错布局与对半布局中的下标。",
                             "a, b: the indices of the pair's two coordinates in the interleaved and the half layout."));
    table.notes.push_back("base = " + num(in.base) + ", d = " + std::to_string(d) + tr(lang, "，θ₀ = ", ", θ₀ = ") +
                          num(in.theta(0)) + tr(lang, "，最后一对 θ = ", ", last pair θ = ") + num(in.theta(pairs - 1)));
    return {heat, table, perm};
}

// Step 4: S, its shift by t, the Toeplitz check, the seed's sign, and the link to f-delta.
std::vector<LegacyView> step4_views(const ParamSet& p, Lang lang) {
    const Inputs in = read_inputs(p);
    SplitMix64 rng(static_cast<std::uint64_t>(in.seed));
    const Eigen::VectorXd q = random_vector(in.d, rng), k = random_vector(in.d, rng);
    const int L = in.L;
    const Eigen::MatrixXd S = rope_scores(L, in.theta, q, k, in.layout);
    const Eigen::MatrixXd St = rope_scores(L, in.theta, q, k, in.layout, in.t);
    const Eigen::MatrixXd rel = rope_relative_form(L, in.theta, q, k, in.layout, false);

    LegacyView heat = qk_heatmap("S[m,n] = ⟨R_m q, R_n k⟩", S, lang);
    heat.explain = [S, rel, L, lang](int r, int c) -> std::string {
        if (r < 0 || c < 0 || r >= L || c >= L) return "";
        return "S[" + std::to_string(r) + "," + std::to_string(c) + "] = " + num(S(r, c)) + tr(lang, "；n − m = ", "; n − m = ") +
               integer(c - r) + ", ⟨q, R_(n−m) k⟩ = " + num(rel(r, c));
    };
    const double rel_err = max_abs(S - rel), shift_err = max_abs(S - St), spread = largest_spread(S);
    heat.notes.push_back(tr(lang, "最大 |S[m,n] − ⟨q, R_(n−m) k⟩| = ", "Largest |S[m,n] − ⟨q, R_(n−m) k⟩| = ") +
                         exact(rel_err) + rounding_hint(rel_err, lang));
    heat.notes.push_back(tr(lang, "各条对角线上的最大极差（Toeplitz 检验）：", "Largest spread along any diagonal (Toeplitz check): ") +
                         exact(spread) + rounding_hint(spread, lang));
    heat.notes.push_back(tr(lang, "q、k 由种子 ", "q and k are random, seed ") + std::to_string(in.seed) +
                         tr(lang, " 随机生成，每个位置相同；布局：", ", the same at every position; layout: ") +
                         layout_label(in.layout, lang));

    LegacyView shifted = qk_heatmap(tr(lang, "两个位置都加 t：⟨R_(m+t) q, R_(n+t) k⟩", "Both positions shifted by t: ⟨R_(m+t) q, R_(n+t) k⟩"),
                                  St, lang);
    const int t = in.t;
    shifted.explain = [St, S, L, t, lang](int r, int c) -> std::string {
        if (r < 0 || c < 0 || r >= L || c >= L) return "";
        return tr(lang, "位置 ", "Positions ") + std::to_string(r + t) + tr(lang, " 与 ", " and ") + std::to_string(c + t) +
               ": " + num(St(r, c)) + tr(lang, "；未平移时 S = ", "; unshifted S = ") + num(S(r, c));
    };
    shifted.notes.push_back("t = " + std::to_string(in.t) + tr(lang, "：最大 |S − S_t| = ", ": largest |S − S_t| = ") +
                            exact(shift_err) + rounding_hint(shift_err, lang));

    std::vector<LegacyView> out = {heat, shifted};
    if (in.seed_version) {
        const Eigen::MatrixXd seed = rope_relative_form(L, in.theta, q, k, in.layout, true);
        LegacyView sv = qk_heatmap(tr(lang, "种子 004 §5.2 的写法：⟨q, R_(m−n) k⟩", "Seed 004 §5.2's form: ⟨q, R_(m−n) k⟩"),
                                 seed, lang);
        int differ = 0;
        for (int r = 0; r < L; ++r)
            for (int c = 0; c < L; ++c)
                if (std::fabs(seed(r, c) - S(r, c)) > 1e-9) {
                    sv.highlight_cells.emplace_back(r, c);
                    ++differ;
                }
        sv.explain = [seed, S, L, lang](int r, int c) -> std::string {
            if (r < 0 || c < 0 || r >= L || c >= L) return "";
            return tr(lang, "种子写法 ", "Seed form ") + num(seed(r, c)) + tr(lang, "，参考值 S = ", ", reference S = ") +
                   num(S(r, c)) + (std::fabs(seed(r, c) - S(r, c)) > 1e-9 ? tr(lang, "（不同）", " (differs)") : "");
        };
        sv.notes.push_back(tr(lang, "与 S 不同的格子：", "Cells that differ from S: ") + std::to_string(differ) +
                           tr(lang, " / ", " of ") + std::to_string(L * L) + tr(lang, "（已描边）", " (outlined)"));
        sv.notes.push_back(tr(lang, "R_mᵀR_n = R_(n−m)，所以正确的是 n − m；只有当 qᵀR_Δk 关于 Δ 是偶函数时（如 q = k = [1,0,1,0]）两者才一致。",
                              "R_mᵀR_n = R_(n−m), so the reference has n − m; the two agree only when qᵀR_Δk is even in Δ "
                              "(e.g. q = k = [1,0,1,0])."));
        out.push_back(sv);
    }

    // The link back to lesson f-delta: θ = (π/2, π/3), q = k = [1, 0, 1, 0], L = 4.
    Eigen::VectorXd th(2);
    th << kPi / 2, kPi / 3;
    const Eigen::Vector4d unit(1, 0, 1, 0);
    const Eigen::MatrixXd Sf = rope_scores(4, th, unit, unit, RopeLayout::interleaved);
    const Eigen::MatrixXd F = f_matrix(4, th, cosine_readout(2));
    LegacyView link = qk_heatmap(tr(lang, "与 f-delta 一课相连：θ = (π/2, π/3)，q = k = [1,0,1,0]",
                                  "Link to lesson f-delta: θ = (π/2, π/3), q = k = [1,0,1,0]"),
                               Sf, lang);
    link.explain = [Sf, F, lang](int r, int c) -> std::string {
        if (r < 0 || c < 0 || r >= 4 || c >= 4) return "";
        return "S[" + std::to_string(r) + "," + std::to_string(c) + "] = " + num(Sf(r, c)) +
               tr(lang, "；f-delta 的 F[", "; f-delta's F[") + std::to_string(r) + "," + std::to_string(c) + "] = " +
               num(F(r, c));
    };
    const double link_err = max_abs(Sf - F);
    link.notes.push_back(tr(lang, "最大 |S − F| = ", "Largest |S − F| = ") + exact(link_err) + rounding_hint(link_err, lang) +
                         tr(lang, "：f-delta 的 F 就是这个 S。", ": the F of lesson f-delta is this S."));
    out.push_back(link);
    return out;
}

// Step 5: pᵢᵀ M pⱼ for a dense learned M, a block-diagonal M and a block-diagonal commuting M.
struct PositionKernels {
    Eigen::MatrixXd dense, block, commuting;
};

PositionKernels position_kernels(const Inputs& in) {
    SplitMix64 rng(static_cast<std::uint64_t>(in.seed) + 1000);
    const int d = in.d, L = in.L;
    const Eigen::MatrixXd dense = random_signed_matrix(d, d, rng);
    Eigen::MatrixXd block = Eigen::MatrixXd::Zero(d, d), commuting = Eigen::MatrixXd::Zero(d, d);
    for (int i = 0; i < d / 2; ++i) {
        block.block<2, 2>(2 * i, 2 * i) = dense.block<2, 2>(2 * i, 2 * i);
        // a·I + b·J with J = [[0, −1], [1, 0]]: the 2×2 matrices that commute with every rotation.
        const double a = dense(2 * i, 2 * i), b = dense(2 * i + 1, 2 * i);
        commuting(2 * i, 2 * i) = a;
        commuting(2 * i + 1, 2 * i + 1) = a;
        commuting(2 * i, 2 * i + 1) = -b;
        commuting(2 * i + 1, 2 * i) = b;
    }
    std::vector<Eigen::VectorXd> pe;
    for (int pos = 0; pos < L; ++pos) pe.push_back(rope_lesson_sinusoid(pos, in.theta));
    PositionKernels k;
    k.dense.resize(L, L);
    k.block.resize(L, L);
    k.commuting.resize(L, L);
    for (int i = 0; i < L; ++i)
        for (int j = 0; j < L; ++j) {
            k.dense(i, j) = pe[i].dot(dense * pe[j]);
            k.block(i, j) = pe[i].dot(block * pe[j]);
            k.commuting(i, j) = pe[i].dot(commuting * pe[j]);
        }
    return k;
}

LegacyView kernel_heatmap(const std::string& title, const Eigen::MatrixXd& K, Lang lang) {
    LegacyView v = qk_heatmap(title, K, lang);
    v.row_axis = tr(lang, "位置 i", "position i");
    v.col_axis = tr(lang, "位置 j", "position j");
    const int L = static_cast<int>(K.rows());
    v.explain = [K, L, lang](int r, int c) -> std::string {
        if (r < 0 || c < 0 || r >= L || c >= L) return "";
        return "p" + sub(r) + "ᵀ M p" + sub(c) + " = " + num(K(r, c)) + tr(lang, "；j − i = ", "; j − i = ") +
               integer(c - r);
    };
    v.notes.push_back(tr(lang, "偏离 Toeplitz 的相对残差：", "Relative distance from Toeplitz: ") +
                      exact(toeplitz_residual(K)) + rounding_hint(toeplitz_residual(K), lang));
    return v;
}

std::vector<LegacyView> step5_views(const ParamSet& p, Lang lang) {
    const Inputs in = read_inputs(p);
    const PositionKernels k = position_kernels(in);
    LegacyView dense = kernel_heatmap(tr(lang, "学到的稠密 M", "Learned dense M"), k.dense, lang);
    LegacyView block = kernel_heatmap(tr(lang, "按频率分块的 M（一般 2×2 块）", "M block-diagonal by frequency (generic 2×2 blocks)"),
                                    k.block, lang);
    LegacyView comm = kernel_heatmap(tr(lang, "分块且每块与旋转可交换（a·I + b·J）", "Block-diagonal, each block commutes with rotations (a·I + b·J)"),
                                   k.commuting, lang);
    LegacyView table;
    table.kind = ViewKind::Table;
    table.title = tr(lang, "离 Toeplitz 有多远", "How far from Toeplitz");
    table.values.resize(3, 2);
    table.values << toeplitz_residual(k.dense), largest_spread(k.dense), toeplitz_residual(k.block),
        largest_spread(k.block), toeplitz_residual(k.commuting), largest_spread(k.commuting);
    table.row_labels = {tr(lang, "稠密 M", "dense M"), tr(lang, "分块 M", "block M"), tr(lang, "可交换分块 M", "commuting blocks")};
    table.col_labels = {tr(lang, "相对残差", "relative residual"), tr(lang, "最大对角线极差", "largest diagonal spread")};
    table.row_axis = "M";
    table.decimals = 4;
    table.notes.push_back(tr(lang, "p_pos 按对排列 (sin(pos·ωᵢ), cos(pos·ωᵢ))，ωᵢ = base^(−2i/d)；M 的元素由种子 ",
                             "p_pos holds pairs (sin(pos·ωᵢ), cos(pos·ωᵢ)), ωᵢ = base^(−2i/d); M's entries come from seed ") +
                          std::to_string(in.seed) + tr(lang, " 生成。", "."));
    table.notes.push_back(tr(lang, "只有最后一种是 j − i 的函数；残差为 0（舍入级别）即为 Toeplitz。",
                             "Only the last one is a function of j − i; a residual at rounding level means Toeplitz."));
    return {dense, block, comm, table};
}

// Step 6: (A) bias on the score versus RoPE, (B) the four terms of (q + p)ᵀ(k + p).
std::vector<LegacyView> step6_views(const ParamSet& p, Lang lang) {
    const Inputs in = read_inputs(p);
    const int d = in.d, L = in.L;
    SplitMix64 rng(static_cast<std::uint64_t>(in.seed) + 2000);
    // (A): two content pairs; the bias g(Δ) = p_0ᵀ p_Δ (the sinusoid kernel) is added to q·k.
    const Eigen::VectorXd qa = random_vector(d, rng), ka = random_vector(d, rng);
    const Eigen::VectorXd qb = random_vector(d, rng), kb = random_vector(d, rng);
    LegacyView curve;
    curve.kind = ViewKind::Curve;
    curve.title = tr(lang, "（A）与 RoPE：距离 Δ 使分数改变了多少", "(A) versus RoPE: how much distance Δ changes the score");
    curve.row_axis = tr(lang, "分数变化", "change of score");
    curve.col_axis = "Δ";
    curve.series.assign(4, {});
    const Eigen::VectorXd p0 = rope_lesson_sinusoid(0, in.theta);
    // (A): score = qᵀk + g(Δ) with the fixed kernel g(Δ) = p₀ᵀp_Δ; its change from Δ = 0, per content pair.
    auto bias_score = [&](const Eigen::VectorXd& q, const Eigen::VectorXd& k, int delta) {
        return q.dot(k) + p0.dot(rope_lesson_sinusoid(delta, in.theta));
    };
    double a_gap = 0.0, rope_gap = 0.0;
    for (int delta = 0; delta < L; ++delta) {
        const double ga = bias_score(qa, ka, delta) - bias_score(qa, ka, 0);
        const double gb = bias_score(qb, kb, delta) - bias_score(qb, kb, 0);
        const double ra = qa.dot(rope_apply(ka, delta, in.theta, in.layout)) - qa.dot(ka);
        const double rb = qb.dot(rope_apply(kb, delta, in.theta, in.layout)) - qb.dot(kb);
        curve.x.push_back(delta);
        curve.series[0].push_back(ga);
        curve.series[1].push_back(gb);
        curve.series[2].push_back(ra);
        curve.series[3].push_back(rb);
        a_gap = std::max(a_gap, std::fabs(ga - gb));
        rope_gap = std::max(rope_gap, std::fabs(ra - rb));
        curve.markers_x.push_back(delta);
    }
    curve.series_labels = {tr(lang, "（A）内容 1", "(A) content 1"), tr(lang, "（A）内容 2", "(A) content 2"),
                           tr(lang, "RoPE 内容 1", "RoPE content 1"), tr(lang, "RoPE 内容 2", "RoPE content 2")};
    curve.notes.push_back(tr(lang, "（A）两种内容的曲线最大差 = ", "(A): largest gap between the two contents = ") +
                          exact(a_gap) + rounding_hint(a_gap, lang) +
                          tr(lang, "（偏置与内容无关）", " (the bias ignores content)"));
    curve.notes.push_back(tr(lang, "RoPE：两种内容的曲线最大差 = ", "RoPE: largest gap between the two contents = ") +
                          num(rope_gap) + tr(lang, "（位置效应随内容而变）", " (the position effect depends on content)"));

    // (B): random content per position, scaled; p = sinusoid.
    std::vector<Eigen::VectorXd> qs, ks, ps;
    for (int i = 0; i < L; ++i) {
        qs.push_back(random_vector(d, rng, in.content_scale));
        ks.push_back(random_vector(d, rng, in.content_scale));
        ps.push_back(rope_lesson_sinusoid(i, in.theta));
    }
    Eigen::MatrixXd T[4];
    for (Eigen::MatrixXd& m : T) m.resize(L, L);
    for (int i = 0; i < L; ++i)
        for (int j = 0; j < L; ++j) {
            T[0](i, j) = qs[i].dot(ks[j]);
            T[1](i, j) = qs[i].dot(ps[j]);
            T[2](i, j) = ps[i].dot(ks[j]);
            T[3](i, j) = ps[i].dot(ps[j]);
        }
    const char* names[4] = {"qᵢᵀkⱼ", "qᵢᵀpⱼ", "pᵢᵀkⱼ", "pᵢᵀpⱼ"};
    const char* roles_en[4] = {"content", "content×pos", "pos×content", "pos only"};
    const char* roles_zh[4] = {"内容", "内容×位置", "位置×内容", "纯位置"};
    std::vector<LegacyView> out = {curve};
    LegacyView table;
    table.kind = ViewKind::Table;
    table.title = tr(lang, "（B）(q+p)ᵀ(k+p) 的四项：大小与结构", "(B) the four terms of (q+p)ᵀ(k+p): size and structure");
    table.values.resize(4, 3);
    for (int t = 0; t < 4; ++t) {
        const double rms = std::sqrt(T[t].squaredNorm() / (L * L));
        table.values(t, 0) = rms;
        table.values(t, 1) = max_abs(T[t]);
        table.values(t, 2) = toeplitz_residual(T[t]);
        table.row_labels.push_back(std::string(names[t]) + " " + tr(lang, roles_zh[t], roles_en[t]));
        LegacyView h = kernel_heatmap(names[t], T[t], lang);
        h.notes.clear();
        const Eigen::MatrixXd M = T[t];
        const std::string name = names[t];
        h.explain = [M, L, name, lang](int r, int c) -> std::string {
            if (r < 0 || c < 0 || r >= L || c >= L) return "";
            return name + tr(lang, "，i = ", ", i = ") + std::to_string(r) + ", j = " + std::to_string(c) + ": " + num(M(r, c));
        };
        out.push_back(h);
    }
    table.col_labels = {tr(lang, "均方根", "RMS"), tr(lang, "最大 |值|", "max |value|"), tr(lang, "离 Toeplitz", "from Toeplitz")};
    table.row_axis = tr(lang, "项", "term");
    table.decimals = 4;
    const double share = table.values(3, 0) / (table.values.col(0).sum() > 0 ? table.values.col(0).sum() : 1.0);
    table.notes.push_back(tr(lang, "相对项 pᵀp 的均方根占四项均方根之和的比例：",
                             "Share of the relative term pᵀp in the summed RMS of the four terms: ") +
                          num(share));
    table.notes.push_back(tr(lang, "content = ", "content = ") + num(in.content_scale) +
                          tr(lang, "：内容向量的元素在 [−content, content) 内均匀随机。",
                             ": content vectors have entries uniform in [−content, content)."));
    out.insert(out.begin() + 1, table);
    return out;
}

// Step 7: candidate transforms against the four assumptions.
struct Candidate {
    std::string id;
    std::vector<Eigen::MatrixXd> T;  // T_m for m = 0..L−1+extra
};

Candidate make_candidate(const std::string& id, const Inputs& in, int count) {
    Candidate c;
    c.id = id;
    const int d = in.d;
    SplitMix64 rng(static_cast<std::uint64_t>(in.seed) + 3000);
    for (int m = 0; m < count; ++m) {
        if (id == "quadratic") {
            c.T.push_back(rope_matrix(in.theta, static_cast<double>(m) * m, RopeLayout::interleaved));
        } else if (id == "scaled") {
            c.T.push_back(std::pow(0.9, m) * rope_matrix(in.theta, m, RopeLayout::interleaved));
        } else if (id == "random") {
            if (m == 0) {
                c.T.push_back(Eigen::MatrixXd::Identity(d, d));
            } else {
                Eigen::HouseholderQR<Eigen::MatrixXd> qr(random_signed_matrix(d, d, rng));
                c.T.push_back(qr.householderQ() * Eigen::MatrixXd::Identity(d, d));
            }
        } else {
            c.T.push_back(rope_matrix(in.theta, m, RopeLayout::interleaved));
        }
    }
    return c;
}

constexpr int kGroupCheck = 16;  // T_mᵀT_n = T_(n−m) is checked for m ≤ n < 16

struct CandidateChecks {
    double orthogonal = 0, group = 0, toeplitz = 0;
    Eigen::MatrixXd S;
};

CandidateChecks check_candidate(const Candidate& c, const Inputs& in, const Eigen::VectorXd& q, const Eigen::VectorXd& k) {
    CandidateChecks r;
    const int L = in.L, d = in.d;
    for (int m = 0; m < L; ++m) {
        r.orthogonal = std::max(r.orthogonal, max_abs(c.T[m].transpose() * c.T[m] - Eigen::MatrixXd::Identity(d, d)));
        // The group check multiplies d×d matrices for every pair; pairs below kGroupCheck keep it quick.
        for (int n = m; n < std::min(L, kGroupCheck); ++n)
            r.group = std::max(r.group, max_abs(c.T[m].transpose() * c.T[n] - c.T[n - m]));
    }
    std::vector<Eigen::VectorXd> tq, tk;
    for (int m = 0; m < L; ++m) {
        tq.push_back(c.T[m] * q);
        tk.push_back(c.T[m] * k);
    }
    r.S.resize(L, L);
    for (int m = 0; m < L; ++m)
        for (int n = 0; n < L; ++n) r.S(m, n) = tq[m].dot(tk[n]);
    r.toeplitz = toeplitz_residual(r.S);
    return r;
}

std::vector<LegacyView> step7_views(const ParamSet& p, Lang lang) {
    const Inputs in = read_inputs(p);
    SplitMix64 rng(static_cast<std::uint64_t>(in.seed) + 4000);
    const Eigen::VectorXd q = random_vector(in.d, rng), k = random_vector(in.d, rng);
    const std::vector<std::string> ids = {"rope", "quadratic", "scaled", "random"};
    const char* en[4] = {"R(m·θ): angles linear in m", "R(m²·θ): angles quadratic in m", "0.9^m·R(m·θ): not orthogonal",
                         "random orthogonal T_m per position"};
    const char* zh[4] = {"R(m·θ)：角度与 m 成线性", "R(m²·θ)：角度是 m 的二次函数", "0.9^m·R(m·θ)：不是正交的",
                         "每个位置一个随机正交 T_m"};
    LegacyView table;
    table.kind = ViewKind::Table;
    table.title = tr(lang, "候选变换 T_m 的数值检验", "Numeric checks of candidate transforms T_m");
    table.values.resize(4, 3);
    CandidateChecks selected;
    for (int i = 0; i < 4; ++i) {
        const CandidateChecks c = check_candidate(make_candidate(ids[i], in, in.L), in, q, k);
        table.values.row(i) << c.orthogonal, c.group, c.toeplitz;
        table.row_labels.push_back(ids[i]);
        table.notes.push_back(ids[i] + tr(lang, "：", ": ") + tr(lang, zh[i], en[i]));
        if (ids[i] == in.candidate) selected = c;
    }
    table.col_labels = {"|TᵀT − I|", "|T_mᵀT_n − T_(n−m)|", tr(lang, "S 离 Toeplitz", "S from Toeplitz")};
    table.row_axis = tr(lang, "候选", "candidate");
    table.decimals = 4;
    table.notes.push_back(tr(lang, "三列都是最大差；都为 0（舍入级别）才满足全部假设，只有 rope 一行做到。第二列只检查 m ≤ n < 16。",
                             "Each column is a largest difference; all three at 0 (rounding level) means every "
                             "assumption holds, and only the rope row gets there. Column 2 checks m ≤ n < 16."));
    table.notes.push_back(tr(lang, "d = ", "d = ") + std::to_string(in.d) + ", L = " + std::to_string(in.L) +
                          tr(lang, "，q、k 与随机矩阵由种子 ", "; q, k and the random matrices come from seed ") +
                          std::to_string(in.seed) + tr(lang, " 生成。", "."));

    LegacyView heat = qk_heatmap(tr(lang, "所选候选的分数 ⟨T_m q, T_n k⟩：", "Scores ⟨T_m q, T_n k⟩ of the selected candidate: ") +
                                   in.candidate,
                               selected.S, lang);
    const Eigen::MatrixXd S = selected.S;
    const int L = in.L;
    heat.explain = [S, L, lang](int r, int c) -> std::string {
        if (r < 0 || c < 0 || r >= L || c >= L) return "";
        return "⟨T" + sub(r) + " q, T" + sub(c) + " k⟩ = " + num(S(r, c)) + tr(lang, "；n − m = ", "; n − m = ") + integer(c - r);
    };
    heat.notes.push_back(tr(lang, "偏离 Toeplitz 的相对残差：", "Relative distance from Toeplitz: ") +
                         exact(selected.toeplitz) + rounding_hint(selected.toeplitz, lang));
    return {table, heat};
}

// Step 8: wavelengths per pair and the decay curve Σ cos(Δθᵢ).
std::vector<LegacyView> step8_views(const ParamSet& p, Lang lang) {
    Inputs in = read_inputs(p);
    // The decay needs many pairs to show: this step has its own width (default 128, as in Llama).
    in.d = in.d_spectrum;
    in.theta = rope_default_inv_freq(in.d, in.base);
    const int pairs = in.d / 2;
    LegacyView table;
    table.kind = ViewKind::Table;
    table.title = tr(lang, "每一对的频率与波长", "Frequency and wavelength of each pair");
    table.values.resize(pairs, 3);
    for (int i = 0; i < pairs; ++i) {
        const double lambda = 2 * kPi / in.theta(i);
        table.values.row(i) << in.theta(i), lambda, in.max_dist / lambda;
        table.row_labels.push_back(tr(lang, "第 ", "pair ") + std::to_string(i) + tr(lang, " 对", ""));
    }
    table.col_labels = {"θᵢ = base^(−2i/d)", tr(lang, "波长 2π/θᵢ", "wavelength 2π/θᵢ"),
                        tr(lang, "max_dist 内转过的圈数", "turns within max_dist")};
    table.row_axis = tr(lang, "对", "pair");
    table.decimals = 5;
    const double longest = 2 * kPi / in.theta(pairs - 1);
    table.notes.push_back(tr(lang, "最短波长（第 0 对）= 2π = ", "Shortest wavelength (pair 0) = 2π = ") + num(2 * kPi) +
                          tr(lang, "；最长波长 2π·base^((d−2)/d) = ", "; longest 2π·base^((d−2)/d) = ") + num(longest));
    table.notes.push_back(tr(lang, "种子 004 §3.2.2 说最长为 base·2π = ", "Seed 004 §3.2.2 gives base·2π = ") +
                          num(in.base * 2 * kPi) +
                          tr(lang, "；i 最大只到 d/2 − 1，所以指数停在 (d−2)/d。",
                             "; i stops at d/2 − 1, so the exponent stops at (d−2)/d."));
    table.notes.push_back(tr(lang, "种子 003 说低维管远距离、高维管近距离；按公式恰好相反：第 0 对转得最快，管近处。",
                             "Seed 003 says low dimensions track long range and high ones short range; the formula says "
                             "the opposite: pair 0 turns fastest and resolves nearby offsets."));

    LegacyView curve;
    curve.kind = ViewKind::Curve;
    curve.title = tr(lang, "长程衰减：Σᵢ cos(Δθᵢ) / (d/2)", "Long-range decay: Σᵢ cos(Δθᵢ) / (d/2)");
    curve.row_axis = tr(lang, "归一化分数", "normalised score");
    curve.col_axis = "Δ";
    // Integer distances only (positions are integers); a stride keeps at most about 2000 points.
    const int stride = (in.max_dist + 1999) / 2000;
    std::vector<double> deltas;
    for (int dlt = 0; dlt <= in.max_dist; dlt += stride) deltas.push_back(dlt);
    curve.x = deltas;
    curve.series.push_back(rope_decay_curve(in.theta, deltas));
    curve.series.push_back(rope_decay_curve(rope_default_inv_freq(in.d, in.base * 10), deltas));
    curve.series_labels = {"base = " + num(in.base), "base = " + num(in.base * 10)};
    const std::vector<double>& c = curve.series[0];
    double tail = 0.0;
    for (std::size_t i = c.size() / 2; i < c.size(); ++i) tail = std::max(tail, std::fabs(c[i]));
    curve.notes.push_back(tr(lang, "Δ = 0 处为 1；后半段（Δ ≥ max_dist/2）最大 |值| = ",
                             "1 at Δ = 0; largest |value| over the second half (Δ ≥ max_dist/2) = ") +
                          num(tail));
    return {table, curve};
}

// [SECTION] lesson definition (bilingual text)
Lesson make_lesson() {
    Lesson lesson;
    lesson.id = "rope";
    lesson.title = {"旋转位置编码（RoPE）", "Rotary position embedding (RoPE)"};
    lesson.params = lesson_params();
    lesson.result_shape = [](const ParamSet& p) {  // L×L score maps; the decay curve: max_dist points per d_spectrum pair
        const long long L = p.geti("L"), dist = p.geti("max_dist"), d = lessonui::choice_int_param(p, "d_spectrum", 128);
        return std::vector<long long>{std::max(L * L, dist + 1), std::max<long long>(d, 4)};
    };

    lesson.steps.push_back(Step{
        {"二维旋转 R(α)", "The 2-D rotation R(α)"},
        {"R(α) 把平面上的向量转过角度 α，长度不变。它的转置就是它的逆，二者都等于转过 −α 的旋转；"
         "连续做两次旋转，角度相加，所以 R(−α)R(β) = R(β−α)。拖动 α 和 β，表格重算每个矩阵，注释给出每条恒等式的实际误差。",
         "R(α) turns a vector in the plane by the angle α and keeps its length. Its transpose is its inverse, and "
         "both equal the rotation by −α; two rotations in a row add their angles, so R(−α)R(β) = R(β−α). Move α and "
         "β: the table recomputes every matrix and the notes measure how far each identity is from holding."},
        {"alpha", "beta"},
        legacy(step1_views)});

    lesson.steps.push_back(Step{
        {"内积只看角度差", "The dot product only sees the angle difference"},
        {"把 u 转 α、把 v 转 β 再求内积：因为 R(α)ᵀR(β) = R(β−α)，结果等于 uᵀR(β−α)v，与 α、β 各自的取值无关。"
         "热力图让两个向量各取十六个角度；同一条对角线上角度差相同，数值也相同。u 与 v 是由种子生成的随机向量。",
         "Rotate u by α and v by β, then take the dot product: since R(α)ᵀR(β) = R(β−α), the result equals "
         "uᵀR(β−α)v whatever α and β are on their own. The heatmap tries sixteen angles for each vector; cells on "
         "one diagonal share the angle difference and therefore the value. u and v are random vectors drawn from "
         "the seed."},
        {"alpha", "beta", "seed"},
        legacy(step2_views)});

    lesson.steps.push_back(Step{
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
        {"d", "log10_base", "m", "layout", "seed"},
        legacy(step3_views)});

    lesson.steps.push_back(Step{
        {"分数矩阵 S[m,n] 与平移不变性", "The score matrix S[m,n] and shift invariance"},
        {"在每个位置放同一个查询 q 和同一个键 k，分数 S[m,n] = ⟨R_m q, R_n k⟩ = ⟨q, R_(n−m) k⟩。"
         "两个位置同时加 t，每个格子都不变，所以 S 是 Toeplitz 矩阵：每条对角线一个值。"
         "f-delta 一课已经见过它：d = 4、θ = (π/2, π/3)、q = k = [1, 0, 1, 0] 时，S 正是那里的 F。"
         "种子 004 把相对形式写成 R(m−n)；打开 seed_version 可以看到这个符号在哪些格子出错。",
         "Place the same query q at every position m and the same key k at every position n; the score is "
         "S[m,n] = ⟨R_m q, R_n k⟩ = ⟨q, R_(n−m) k⟩. Shifting both positions by t leaves every cell unchanged, so S "
         "is Toeplitz: one value per diagonal. Lesson f-delta met this matrix already: with d = 4, θ = (π/2, π/3) "
         "and q = k = [1, 0, 1, 0], S is exactly its F. Seed 004 writes the relative form with R(m−n); turn on "
         "seed_version to see the cells where that sign goes wrong."},
        {"L", "d", "log10_base", "layout", "t", "seed", "seed_version"},
        legacy(step4_views)});

    lesson.steps.push_back(Step{
        {"加性正弦编码为何在 W_q、W_k 之后失去相对结构", "Why additive sinusoidal PE loses relative structure after W_q, W_k"},
        {"输入为 x = e + p 时，分数里只含位置的那一项是 pᵢᵀ M pⱼ，其中 M = W_qᵀW_k。"
         "对一个学出来的稠密 M，它不是 j − i 的函数：表格度量每张热力图离 Toeplitz 有多远。"
         "只有当 M 沿频率对分块、且每个 2×2 块都与旋转可交换（a·I + b·J，即带缩放的旋转）时，它才只依赖 j − i；"
         "仅仅分块还不够。梯度下降没有理由恰好落到这种特殊形式上。",
         "With inputs x = e + p, the position-only part of the score is pᵢᵀ M pⱼ with M = W_qᵀW_k. For a learned "
         "dense M this is not a function of j − i; the table measures how far each heatmap is from Toeplitz. It "
         "depends on j − i alone only when M is block-diagonal along the frequency pairs and every 2×2 block "
         "commutes with rotations (a·I + b·J, a scaled rotation); being block-diagonal is not enough. Gradient "
         "descent has no reason to land on that special form."},
        {"L", "d", "log10_base", "seed"},
        legacy(step5_views)});

    lesson.steps.push_back(Step{
        {"种子权衡的两种替代方案", "The two alternatives the seed weighs"},
        {"（A）在分数上加一个位置偏置 g(j − i)：它给每一对内容加上同样的量，因此无法表达“这个内容在这个距离上更相关”，"
         "曲线里两条（A）完全重合，而 RoPE 的位置效应随 q、k 而变。"
         "（B）在投影之后把 p 加到 q 和 k 上：分数分成 qᵀk、qᵀp、pᵀk、pᵀp 四项相加，只有最后一项是相对的。"
         "表格给出每项的大小；调大 content，内容项变大，相对项就被淹没。",
         "(A) Add a position bias g(j − i) to the score: it moves every content pair by the same amount, so it "
         "cannot express 'this content matters at this distance'; the two (A) curves coincide, while RoPE's "
         "position effect changes with q and k. (B) Add p to q and k after the projection: the score splits into "
         "four additive terms qᵀk, qᵀp, pᵀk and pᵀp, and only the last one is relative. The table measures each "
         "term; raise content and the relative term is drowned out."},
        {"L", "d", "log10_base", "layout", "seed", "content_scale"},
        legacy(step6_views)});

    lesson.steps.push_back(Step{
        {"唯一性：引导式推导", "Uniqueness: a guided sketch"},
        {"假设：(1) 位置通过作用在 q、k 上的变换 T_m 注入；(2) 分数是内积；(3) 没有可学习的位置参数；(4) 分数平移不变。"
         "于是对所有 q、k 有 ⟨T_m q, T_n k⟩ = ⟨q, T_(n−m) k⟩，即 T_mᵀT_n = T_(n−m)：令 m = n 得正交性，"
         "再得 T_(m+n) = T_m T_n，T 成为一族两两可交换的正交矩阵。这样的一族可以在固定的二维平面里写成旋转 R(m·θᵢ)"
         "（剩下的单独坐标只能保持不动或逐步翻转），角度与位置成线性，这就是 RoPE。表格检验了各破坏一条性质的候选，只有 RoPE 全部通过。",
         "Assume (1) position enters through a transform T_m applied to q and k, (2) the score is an inner product, "
         "(3) no position parameters are learned, (4) the score is shift-invariant. Then ⟨T_m q, T_n k⟩ = "
         "⟨q, T_(n−m) k⟩ for all q, k, i.e. T_mᵀT_n = T_(n−m): m = n gives orthogonality, and T_(m+n) = T_m T_n "
         "makes T a family of commuting orthogonal matrices. Such a family can be written as rotations R(m·θᵢ) in "
         "fixed 2-D planes (a leftover single axis can only stay fixed or flip every step), with angles linear in "
         "position: RoPE. The table tests candidates that each break one property; only RoPE passes every check."},
        {"L", "d", "log10_base", "seed", "candidate"},
        legacy(step7_views)});

    lesson.steps.push_back(Step{
        {"频谱与长程衰减", "The spectrum and its decay"},
        {"第 i 对每走 2π/θᵢ 个位置转满一圈：第 0 对转得最快（θ₀ = 1），最后一对最慢，所以前面的对分辨近处的偏移，"
         "后面的对分辨远处的偏移。调大底数，除第 0 对外的波长都会拉长。把各对的 cos(Δθᵢ) 相加，"
         "就是 q = k = 单位对时距离 Δ 处的分数：它从 1 开始，一边振荡一边衰减，这就是常说的 RoPE 长程衰减。",
         "Pair i completes a turn every 2π/θᵢ positions: pair 0 is the fastest (θ₀ = 1) and the last pair the "
         "slowest, so the first pairs resolve nearby offsets and the last ones distant offsets. A larger base "
         "stretches every wavelength except pair 0's. Adding cos(Δθᵢ) over the pairs gives the score of q = k = "
         "unit pairs at distance Δ: it starts at 1 and decays while oscillating, the long-range decay often "
         "quoted for RoPE."},
        {"d_spectrum", "log10_base", "max_dist"},
        legacy(step8_views)});
    return lesson;
}

}  // namespace

const Lesson* lesson_rope() {
    static const Lesson lesson = make_lesson();
    return &lesson;
}

}  // namespace pelab
