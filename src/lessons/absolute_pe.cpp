// PE Lab — lessons/absolute_pe.cpp
// Lesson "absolute-pe" (seed 001 first half; seed 004 §1–3): why positions are needed (attention without
// them is permutation-equivariant), the three places position can enter, the sinusoidal formula and its
// worked example, the PE heatmap with wavelengths, relative information inside the absolute code
// (PE(p+k) = M_k PE(p), Gram matrix), the paper's and tensor2tensor's layouts side by side, adding versus
// concatenating, and a learnable table that has no rows beyond max_len.
// Every number shown comes from core (sinusoidal.h, attention_grid.h, rope.h, t5.h, f_delta.h, random.h).
// Comments are English only: the font subset is built from the characters inside this file's strings.
//
// [SECTION] display helpers
// [SECTION] parameters and inputs
// [SECTION] step views 1..8
// [SECTION] lesson definition (bilingual text)
#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <string>

#include "core/attention_grid.h"
#include "core/f_delta.h"
#include "core/random.h"
#include "core/rope.h"
#include "core/sinusoidal.h"
#include "core/t5.h"
#include "lessons/lesson.h"
#include "lessons/legacy_view.h"
#include "lessons/lesson_util.h"

namespace pelab {

namespace {

using namespace lessonui;  // shared display helpers (lessons/lesson_util.h)

// [SECTION] display helpers
constexpr double kTwoPi = 6.283185307179586476925286766559;

std::string num(double x) { return num_sign_minus(x, 6); }

// Facts such as "largest difference": exactly 0 prints as 0, anything else (however small) is shown.
std::string exact(double x) { return exact_sign_minus(x); }

// 6144 → "6,144" (en) / "6144" (zh).
std::string grouped(long long n, Lang lang) {
    std::string digits = std::to_string(n < 0 ? -n : n);
    if (lang == Lang::en)
        for (int i = static_cast<int>(digits.size()) - 3; i > 0; i -= 3) digits.insert(static_cast<std::size_t>(i), ",");
    return (n < 0 ? kMinus : "") + digits;
}

std::string vector_text(const Eigen::VectorXd& x) {
    std::string s = "(";
    for (Eigen::Index i = 0; i < x.size(); ++i) s += (i ? ", " : "") + num(x(i));
    return s + ")";
}

// [SECTION] parameters and inputs
std::vector<ParamSpec> lesson_params() {
    ParamSpec base;
    base.name = "base";
    base.kind = ParamKind::Real;
    base.min = 2;
    base.max = 1000000;
    base.default_text = "10000";
    base.help = "base of the frequencies (10000 in the paper)";
    base.help_zh = "频率的底数（论文取 10000）";
    ParamSpec dims;
    dims.name = "dims";
    dims.kind = ParamKind::RealList;
    dims.min = 0;
    dims.max = 127;
    dims.list_min = 1;
    dims.list_max = 6;
    dims.default_text = "2,6,12";
    dims.help = "dimensions drawn as curves (whole numbers)";
    dims.help_zh = "画成曲线的维度（整数）";
    return {
        int_spec("tokens", 2, 8, "5", "number of tokens in the shuffle demo", "打乱演示中的 token 个数"),
        int_spec("seed", 0, 1000000, "1", "seed of the random tokens, weights and tables", "随机 token、权重与表格的种子"),
        int_spec("pos", 0, 255, "2", "position of the worked example (0-based)", "示例的位置（从 0 开始）"),
        choice_spec("d", {"2", "4", "6", "8", "12", "16"}, "4", "model dimension of the worked example",
                     "示例的模型维度"),
        base,
        int_spec("L", 2, 256, "128", "number of positions in the tables", "表格中的位置个数"),
        choice_spec("d_model", {"8", "16", "32", "64", "128"}, "64", "model dimension of the tables", "表格的模型维度"),
        dims,
        int_spec("shift", -64, 64, "3", "shift k in PE(p + k) = M_k PE(p)", "PE(p + k) = M_k PE(p) 中的平移 k", "k"),
        choice_spec("variant", {"vaswani", "tensor2tensor"}, "vaswani",
                     "layout: interleaved sin/cos (paper) or [sin | cos] halves (tensor2tensor)",
                     "排布：sin/cos 交错（论文）或 [sin | cos] 两半（tensor2tensor）"),
        int_spec("max_len", 1, 256, "96", "rows of the learnable table", "可学习表格的行数"),
    };
}

// A Choice holding a whole number ("64"); strtol never throws.
int read_choice_int(const ParamSet& p, const char* key, int fallback) {
    if (!p.has(key)) return fallback;
    const long v = std::strtol(p.gets(key).c_str(), nullptr, 10);
    return v > 0 && v <= 4096 ? static_cast<int>(v) : fallback;
}

struct Inputs {
    int tokens = 5, seed = 1, pos = 2, d = 4, L = 128, d_model = 64, shift = 3, max_len = 96;
    double base = 10000;
    PeVariant variant = PeVariant::vaswani;
    std::vector<int> dims;
};

Inputs read_inputs(const ParamSet& p) {
    Inputs in;
    in.tokens = int_param(p, "tokens", 5, 2, 8);
    in.seed = int_param(p, "seed", 1, 0, 1000000);
    in.pos = int_param(p, "pos", 2, 0, 255);
    in.d = read_choice_int(p, "d", 4);
    in.L = int_param(p, "L", 128, 2, 256);
    in.d_model = read_choice_int(p, "d_model", 64);
    in.shift = int_param(p, "shift", 3, -64, 64);
    in.max_len = int_param(p, "max_len", 96, 1, 256);
    in.base = p.has("base") ? p.getd("base") : 10000.0;
    if (!(in.base >= 2.0 && in.base <= 1e6)) in.base = 10000.0;
    in.variant = p.has("variant") ? pe_variant_from(p.gets("variant")) : PeVariant::vaswani;
    if (p.has("dims"))
        for (double x : p.getv("dims")) {
            // Dimensions beyond d_model − 1 are clamped; repeats are dropped.
            const int dim = std::max(0, std::min(in.d_model - 1, static_cast<int>(std::floor(x))));
            if (std::find(in.dims.begin(), in.dims.end(), dim) == in.dims.end()) in.dims.push_back(dim);
        }
    if (in.dims.empty()) in.dims = {std::min(2, in.d_model - 1)};
    return in;
}

LegacyView qk_heatmap(const std::string& title, const Eigen::MatrixXd& M, Lang lang) {
    LegacyView view = matrix_heatmap(title, M, tr(lang, "查询位置 q", "query q"), tr(lang, "键位置 k", "key k"));
    view.is_signed = true;
    view.qk_axes = true;
    return view;
}

// "sin" or "cos" and the frequency index of column j in the layout.
void column_meaning(int j, int d, PeVariant v, bool* is_cos, int* freq) {
    if (v == PeVariant::tensor2tensor) {
        const int half = d / 2;
        *is_cos = j >= half;
        *freq = *is_cos ? j - half : j;
    } else {
        *is_cos = j % 2 == 1;
        *freq = j / 2;
    }
}

std::vector<std::string> pe_column_labels(int d, PeVariant v) {
    std::vector<std::string> out;
    for (int j = 0; j < d; ++j) {
        bool is_cos = false;
        int i = 0;
        column_meaning(j, d, v, &is_cos, &i);
        out.push_back(std::to_string(j) + (is_cos ? ": cos ω" : ": sin ω") + sub(i) + "p");
    }
    return out;
}

// [SECTION] step views 1..8
std::vector<LegacyView> step1_views(const ParamSet& p, Lang lang) {
    const Inputs in = read_inputs(p);
    const int n = in.tokens, d = 4;
    const PermutationDemo demo = permutation_equivariance_demo(n, d, static_cast<std::uint64_t>(in.seed));

    std::string perm_text = "[";
    for (int i = 0; i < n; ++i) perm_text += (i ? ", " : "") + std::to_string(demo.perm[static_cast<std::size_t>(i)]);
    perm_text += "]";

    LegacyView original;
    original.kind = ViewKind::Table;
    original.title = tr(lang, "原顺序的输出 Attn(X)", "Output in the original order, Attn(X)");
    original.values = to_rows(demo.out);
    for (int i = 0; i < n; ++i) original.row_labels.push_back("token " + std::to_string(i));
    for (int j = 0; j < d; ++j) original.col_labels.push_back("out" + sub(j));
    original.row_axis = tr(lang, "位置", "slot");
    original.is_signed = true;
    original.decimals = 4;

    LegacyView shuffled;
    shuffled.kind = ViewKind::Table;
    shuffled.title = tr(lang, "打乱后的输出 Attn(P·X)", "Output after shuffling, Attn(P·X)");
    shuffled.values = to_rows(demo.out_shuffled);
    for (int i = 0; i < n; ++i)
        shuffled.row_labels.push_back(std::to_string(i) + " ← token " + std::to_string(demo.perm[static_cast<std::size_t>(i)]));
    shuffled.col_labels = original.col_labels;
    shuffled.row_axis = tr(lang, "位置 ← 原 token", "slot ← token");
    shuffled.is_signed = true;
    shuffled.decimals = 4;
    const double diff = max_abs(demo.out_shuffled - demo.P * demo.out);
    shuffled.notes.push_back(tr(lang, "打乱顺序 perm = ", "Shuffle perm = ") + perm_text +
                             tr(lang, "：位置 i 放入原来的 token perm[i]。", ": slot i receives the original token perm[i]."));
    shuffled.notes.push_back(tr(lang, "最大的 |Attn(P·X) − P·Attn(X)| = ", "Largest |Attn(P·X) − P·Attn(X)| = ") + exact(diff) +
                             rounding_hint(diff, lang) +
                             tr(lang, "：每个 token 的输出不随它站的位置改变。", ": each token's output does not depend on where it stands."));

    LegacyView weights = qk_heatmap(tr(lang, "打乱后的注意力权重", "Attention weights after shuffling"), demo.weights_shuffled, lang);
    weights.is_signed = false;
    weights.decimals = 2;
    const Eigen::MatrixXd W0 = demo.weights, W1 = demo.weights_shuffled;
    const std::vector<int> perm = demo.perm;
    weights.explain = [W0, W1, perm, n, lang](int r, int c) -> std::string {
        if (r < 0 || c < 0 || r >= n || c >= n) return "";
        const int a = perm[static_cast<std::size_t>(r)], b = perm[static_cast<std::size_t>(c)];
        return tr(lang, "位置 ", "Slot ") + std::to_string(r) + " → " + std::to_string(c) + tr(lang, " 的权重 ", ": weight ") +
               num(W1(r, c)) + tr(lang, "，等于原顺序中 token ", ", the same as token ") + std::to_string(a) + " → " +
               std::to_string(b) + tr(lang, " 的权重 ", " in the original order: ") + num(W0(a, b));
    };
    weights.notes.push_back(tr(lang, "X、W_q、W_k、W_v 都由种子随机生成；没有加入任何位置信息。",
                               "X, W_q, W_k, W_v are random, drawn from the seed; no position information is added."));
    return {original, shuffled, weights};
}

std::vector<LegacyView> step2_views(const ParamSet& p, Lang lang) {
    const Inputs in = read_inputs(p);
    const int n = in.tokens, d = 4;
    const PermutationDemo demo = permutation_equivariance_demo(n, d, static_cast<std::uint64_t>(in.seed));
    const double scale = 1.0 / std::sqrt(static_cast<double>(d));
    const Eigen::MatrixXd Q = demo.X * demo.Wq, K = demo.X * demo.Wk;

    // (a) added to the embeddings, at positions 0..n−1 and shifted by one.
    auto added = [&](int offset) {
        Eigen::MatrixXd PE(n, d);
        for (int i = 0; i < n; ++i) PE.row(i) = sinusoidal_pe_row(i + offset, d, 10000, PeVariant::vaswani).transpose();
        const Eigen::MatrixXd Xp = demo.X + PE;
        return Eigen::MatrixXd((Xp * demo.Wq) * (Xp * demo.Wk).transpose() * scale);
    };
    // (b) a rotation of q and k (RoPE with the same frequencies).
    const Eigen::VectorXd theta = sinusoidal_frequencies(d, 10000, PeVariant::vaswani);
    auto rotated = [&](int offset) {
        Eigen::MatrixXd S(n, n);
        for (int m = 0; m < n; ++m)
            for (int k = 0; k < n; ++k)
                S(m, k) = rope_rotate(Q.row(m).transpose(), m + offset, theta).dot(rope_rotate(K.row(k).transpose(), k + offset, theta)) * scale;
        return S;
    };
    // (c) a bias on the logits (T5-style buckets, a head that favours distance 1).
    const Eigen::MatrixXi buckets = t5_bucket_matrix(n, 32, 128, true);
    const Eigen::MatrixXd table = t5_demo_bias_table(32, 128, true, 1, static_cast<std::uint64_t>(in.seed));
    Eigen::MatrixXd bias(n, n);
    for (int i = 0; i < n; ++i)
        for (int j = 0; j < n; ++j) bias(i, j) = table(buckets(i, j), 0);
    const Eigen::MatrixXd Sa = added(0), Sb = rotated(0), Sc = Q * K.transpose() * scale + bias;
    const double shift_a = max_abs(added(1) - Sa), shift_b = max_abs(rotated(1) - Sb);

    LegacyView a = qk_heatmap(tr(lang, "① 加到嵌入上：(x + PE) 再投影", "① Added to the embeddings: (x + PE), then projected"), Sa, lang);
    a.explain = [Sa, n, lang](int r, int c) -> std::string {
        if (r < 0 || c < 0 || r >= n || c >= n) return "";
        return "((x_q + PE_q)W_q)·((x_k + PE_k)W_k)/√d = " + num(Sa(r, c)) + tr(lang, "（q = ", " (q = ") + std::to_string(r) +
               ", k = " + std::to_string(c) + ")";
    };
    a.notes.push_back(tr(lang, "所有位置整体后移一位，分数最大变化 = ", "Moving every position one step later changes the scores by up to ") +
                      exact(shift_a) + tr(lang, "：分数依赖绝对位置。本课讲的就是这种方式。", ": the scores depend on absolute positions. This lesson covers this way."));

    LegacyView b = qk_heatmap(tr(lang, "② 变换 Q 和 K：按位置旋转", "② A transform of Q and K: rotate by position"), Sb, lang);
    b.explain = [Sb, n, lang](int r, int c) -> std::string {
        if (r < 0 || c < 0 || r >= n || c >= n) return "";
        return "⟨Rot_q q, Rot_k k⟩/√d = " + num(Sb(r, c)) + tr(lang, "（q = ", " (q = ") + std::to_string(r) + ", k = " +
               std::to_string(c) + ")";
    };
    b.notes.push_back(tr(lang, "所有位置整体后移一位，分数最大变化 = ", "Moving every position one step later changes the scores by up to ") +
                      exact(shift_b) + rounding_hint(shift_b, lang) +
                      tr(lang, "：只有位置差起作用。详见 rope 一课。", ": only the difference of positions matters. See the lesson rope."));

    LegacyView c = qk_heatmap(tr(lang, "③ logits 上的偏置：q·k/√d + b(j − i)", "③ A bias on the logits: q·k/√d + b(j − i)"), Sc, lang);
    c.explain = [Sc, bias, n, lang](int r, int col) -> std::string {
        if (r < 0 || col < 0 || r >= n || col >= n) return "";
        return "q·k/√d + b = " + num(Sc(r, col) - bias(r, col)) + " + " + num(bias(r, col)) + " = " + num(Sc(r, col)) +
               tr(lang, "（j − i = ", " (j − i = ") + integer(col - r) + ")";
    };
    const double bias_spread = diagonal_spread(bias).maxCoeff();
    c.notes.push_back(tr(lang, "偏置沿每条对角线的最大极差 = ", "Largest spread of the bias along a diagonal = ") + exact(bias_spread) +
                      tr(lang, "：它只依赖 j − i。详见 t5-bias 与 shaw 两课。", ": it depends on j − i only. See the lessons t5-bias and shaw."));
    return {a, b, c};
}

std::vector<LegacyView> step3_views(const ParamSet& p, Lang lang) {
    const Inputs in = read_inputs(p);
    const int d = in.d, pos = in.pos;
    const Eigen::VectorXd w = sinusoidal_frequencies(d, in.base, PeVariant::vaswani);
    const Eigen::VectorXd pe = sinusoidal_pe_row(pos, d, in.base, PeVariant::vaswani);

    LegacyView table;
    table.kind = ViewKind::Table;
    table.title = tr(lang, "每个频率的计算", "Computation per frequency");
    table.values.resize(w.size(), 5);
    for (int i = 0; i < w.size(); ++i) {
        const double angle = pos / std::pow(in.base, 2.0 * i / d);
        table.values.row(i) << 2 * i, w(i), angle, std::sin(angle), std::cos(angle);
        table.row_labels.push_back("i = " + std::to_string(i));
    }
    table.col_labels = {"2i", "ω_i = base^(−2i/d)", "pos·ω_i", "sin → PE[2i]", "cos → PE[2i+1]"};
    table.col_decimals = {0, -1, -1, -1, -1};
    table.decimals = 6;
    table.is_signed = true;
    table.values = without_rounding_noise(table.values);

    LegacyView vec;
    vec.kind = ViewKind::Table;
    vec.title = "PE(pos)";
    vec.values = to_rows(pe.transpose());
    vec.row_labels = {"pos = " + std::to_string(pos)};
    vec.col_labels = pe_column_labels(d, PeVariant::vaswani);
    vec.decimals = 6;
    vec.is_signed = true;
    std::string parts;
    for (int i = 0; i < w.size(); ++i) {
        const std::string a = num(pos / std::pow(in.base, 2.0 * i / d));
        parts += (i ? ", " : "") + ("sin " + a);
        if (2 * i + 1 < d) parts += ", cos " + a;
    }
    vec.notes.push_back("PE(" + std::to_string(pos) + ") = (" + parts + ")");
    vec.notes.push_back(tr(lang, "位置从 0 开始：pos = ", "Positions start at 0: pos = ") + std::to_string(pos) +
                        tr(lang, " 是第 ", " is token number ") + std::to_string(pos + 1) + tr(lang, " 个 token。", " counting from 1."));
    return {table, vec};
}

std::vector<LegacyView> step4_views(const ParamSet& p, Lang lang) {
    const Inputs in = read_inputs(p);
    const int L = in.L, d = in.d_model;
    const Eigen::MatrixXd PE = sinusoidal_pe(L, d, in.base, in.variant);

    LegacyView heat = labelled_heatmap(tr(lang, "PE：位置 × 维度", "PE: positions × dimensions"), to_rows(PE), index_labels(L),
                                     index_labels(d), tr(lang, "位置 p", "position p"), tr(lang, "维度 j", "dimension j"));
    heat.is_signed = true;
    const PeVariant v = in.variant;
    const Eigen::VectorXd w = sinusoidal_frequencies(d, in.base, v);
    heat.explain = [PE, w, L, d, v, lang](int r, int c) -> std::string {
        if (r < 0 || c < 0 || r >= L || c >= d) return "";
        bool is_cos = false;
        int i = 0;
        column_meaning(c, d, v, &is_cos, &i);
        return "PE[" + std::to_string(r) + "][" + std::to_string(c) + "] = " + (is_cos ? "cos(" : "sin(") + std::to_string(r) +
               " · " + num(w(i)) + ") = " + num(PE(r, c)) + tr(lang, "，频率 ω", ", frequency ω") + sub(i);
    };

    LegacyView curve;
    curve.kind = ViewKind::Curve;
    curve.title = tr(lang, "选定维度随位置的变化", "Chosen dimensions across positions");
    curve.row_axis = "PE";
    curve.col_axis = tr(lang, "位置 p", "position p");
    const int samples = 4 * (L - 1) + 1;
    for (int s = 0; s < samples; ++s) curve.x.push_back(0.25 * s);
    for (int dim : in.dims) {
        std::vector<double> ys;
        for (double x : curve.x) ys.push_back(sinusoidal_pe_row(x, d, in.base, v)(dim));
        curve.series.push_back(ys);
        bool is_cos = false;
        int i = 0;
        column_meaning(dim, d, v, &is_cos, &i);
        curve.series_labels.push_back(tr(lang, "维度 ", "dim ") + std::to_string(dim) + (is_cos ? " (cos ω" : " (sin ω") + sub(i) + "p)");
    }
    curve.notes.push_back(tr(lang, "低维振荡快，高维振荡慢：第 j 维的频率随 j 按几何级数减小。",
                             "Low dimensions oscillate fast and high ones slowly: the frequency falls geometrically with j."));

    const Eigen::VectorXd lam = sinusoidal_wavelengths(d, in.base, v);
    LegacyView waves;
    waves.kind = ViewKind::Table;
    waves.title = tr(lang, "每个频率的波长", "Wavelength of each frequency");
    waves.values.resize(lam.size(), 3);
    for (int i = 0; i < lam.size(); ++i) {
        waves.values.row(i) << w(i), lam(i), lam(i) / kTwoPi;
        waves.row_labels.push_back("i = " + std::to_string(i));
    }
    waves.col_labels = {"ω_i", "λ_i = 2π/ω_i", "λ_i / 2π"};
    waves.decimals = 4;
    waves.notes.push_back(tr(lang, "最短波长 = ", "Shortest wavelength = ") + num(lam(0)) + " = 2π" +
                          tr(lang, "；最长 = ", "; longest = ") + num(lam(lam.size() - 1)) + " = 2π · " +
                          num(lam(lam.size() - 1) / kTwoPi) + tr(lang, "。", "."));
    if (v == PeVariant::vaswani)
        waves.notes.push_back(tr(lang, "种子 004 说波长一直增长到 base·2π；论文排布中最长的是 2π·base^(1 − 2/d)，只接近而达不到 base·2π = ",
                                 "Seed 004 says the wavelengths grow up to base·2π; in the paper's layout the longest is 2π·base^(1 − 2/d), "
                                 "close to but short of base·2π = ") +
                              num(in.base * kTwoPi) + tr(lang, "（tensor2tensor 排布恰好到达它）。", " (the tensor2tensor layout reaches it exactly)."));
    else
        waves.notes.push_back(tr(lang, "tensor2tensor 排布的最后一个频率恰好是 1/base，所以最长波长就是 base·2π。",
                                 "In the tensor2tensor layout the last frequency is exactly 1/base, so the longest wavelength is base·2π."));
    return {heat, curve, waves};
}

std::vector<LegacyView> step5_views(const ParamSet& p, Lang lang) {
    const Inputs in = read_inputs(p);
    const int d = in.d, pos = in.pos, k = in.shift;
    const Eigen::MatrixXd M = sinusoidal_shift_matrix(k, d, in.base, PeVariant::vaswani);
    const Eigen::VectorXd pe = sinusoidal_pe_row(pos, d, in.base, PeVariant::vaswani);
    const Eigen::VectorXd moved = M * pe;
    const Eigen::VectorXd target = sinusoidal_pe_row(pos + k, d, in.base, PeVariant::vaswani);

    LegacyView mk;
    mk.kind = ViewKind::Table;
    mk.title = std::string("M_k") + tr(lang, "（k = ", " (k = ") + integer(k) + ")";
    mk.values = without_rounding_noise(to_rows(M));
    mk.row_labels = pe_column_labels(d, PeVariant::vaswani);
    mk.col_labels = index_labels(d);
    mk.decimals = 4;
    mk.is_signed = true;
    mk.notes.push_back(tr(lang, "分块对角：每个频率一个 2×2 旋转块 [[cos kω, sin kω], [−sin kω, cos kω]]，与 p 无关。",
                          "Block-diagonal: one 2×2 rotation block [[cos kω, sin kω], [−sin kω, cos kω]] per frequency, independent of p."));

    LegacyView check;
    check.kind = ViewKind::Table;
    check.title = tr(lang, "验证 PE(p + k) = M_k·PE(p)", "Check PE(p + k) = M_k·PE(p)");
    check.values.resize(3, d);
    check.values.row(0) = pe.transpose();
    check.values.row(1) = moved.transpose();
    check.values.row(2) = target.transpose();
    check.values = without_rounding_noise(check.values);
    check.row_labels = {"PE(" + std::to_string(pos) + ")", "M_k·PE(" + std::to_string(pos) + ")", "PE(" + integer(pos + k) + ")"};
    check.col_labels = index_labels(d);
    check.decimals = 6;
    check.is_signed = true;
    const double err = max_abs(moved - target);
    check.notes.push_back(tr(lang, "最大的 |M_k·PE(p) − PE(p + k)| = ", "Largest |M_k·PE(p) − PE(p + k)| = ") + exact(err) + rounding_hint(err, lang));
    if (pos + k < 0)
        check.notes.push_back(tr(lang, "p + k < 0 在序列之外，但公式仍然有定义。", "p + k < 0 lies outside the sequence, but the formula is still defined."));

    const int L = std::min(in.L, 128);
    const Eigen::MatrixXd G = gram_matrix(sinusoidal_pe(L, in.d_model, in.base, in.variant));
    LegacyView gram = qk_heatmap(tr(lang, "Gram 矩阵 G = PE·PEᵀ", "Gram matrix G = PE·PEᵀ"), G, lang);
    gram.row_axis = tr(lang, "位置 p", "position p");
    gram.col_axis = tr(lang, "位置 q", "position q");
    gram.explain = [G, L, lang](int r, int c) -> std::string {
        if (r < 0 || c < 0 || r >= L || c >= L) return "";
        return "G[" + std::to_string(r) + "][" + std::to_string(c) + "] = PE(" + std::to_string(r) + ")·PE(" + std::to_string(c) +
               ") = Σ cos((p − q)ω_i) = " + num(G(r, c)) + tr(lang, "，p − q = ", ", p − q = ") + integer(r - c);
    };
    const double spread = diagonal_spread(G).maxCoeff();
    gram.notes.push_back(tr(lang, "沿每条对角线的最大极差 = ", "Largest spread along any diagonal = ") + exact(spread) + rounding_hint(spread, lang) +
                         tr(lang, "：G 只依赖 p − q。", ": G depends on p − q only."));
    gram.notes.push_back(tr(lang, "对角线上 G[p][p] = d/2 = ", "On the main diagonal G[p][p] = d/2 = ") + num(G(0, 0)) + tr(lang, "。", "."));
    if (L > 128 || in.L > 128)
        gram.notes.push_back(tr(lang, "Gram 矩阵只画前 128 个位置。", "The Gram matrix shows the first 128 positions."));

    LegacyView decay;
    decay.kind = ViewKind::Curve;
    decay.title = tr(lang, "G[0][Δ] 随距离 Δ 的变化", "G[0][Δ] against the distance Δ");
    decay.row_axis = "G";
    decay.col_axis = "Δ";
    std::vector<double> ys;
    for (int delta = 0; delta < L; ++delta) {
        decay.x.push_back(delta);
        ys.push_back(G(0, delta));
    }
    decay.series.push_back(ys);
    decay.series_labels.push_back("PE(0)·PE(Δ)");
    decay.notes.push_back(tr(lang, "Δ = 0 时最大（= d/2），随 |Δ| 增大总体衰减，并带有振荡。",
                             "Largest at Δ = 0 (= d/2), decaying overall with |Δ|, with ripples."));
    return {mk, check, gram, decay};
}

std::vector<LegacyView> step6_views(const ParamSet& p, Lang lang) {
    const Inputs in = read_inputs(p);
    const int d = in.d, pos = in.pos;
    const Eigen::VectorXd a = sinusoidal_pe_row(pos, d, in.base, PeVariant::vaswani);
    const Eigen::VectorXd b = sinusoidal_pe_row(pos, d, in.base, PeVariant::tensor2tensor);
    const Eigen::VectorXd wa = sinusoidal_frequencies(d, in.base, PeVariant::vaswani);
    const Eigen::VectorXd wb = sinusoidal_frequencies(d, in.base, PeVariant::tensor2tensor);

    LegacyView values;
    values.kind = ViewKind::Table;
    values.title = "PE(" + std::to_string(pos) + tr(lang, ") 的两种排布", ") in the two layouts");
    values.values.resize(3, d);
    values.values.row(0) = a.transpose();
    values.values.row(1) = b.transpose();
    values.values.row(2) = (a - b).transpose();
    values.values = without_rounding_noise(values.values);
    values.row_labels = {tr(lang, "论文（交错）", "paper (interleaved)"), "tensor2tensor [sin | cos]", tr(lang, "差", "difference")};
    values.col_labels = index_labels(d);
    values.decimals = 6;
    values.is_signed = true;
    for (int j = 0; j < d; ++j) {
        if (a(j) == b(j)) continue;
        bool ca = false, cb = false;
        int ia = 0, ib = 0;
        column_meaning(j, d, PeVariant::vaswani, &ca, &ia);
        column_meaning(j, d, PeVariant::tensor2tensor, &cb, &ib);
        values.notes.push_back(tr(lang, "第 ", "Column ") + std::to_string(j) + tr(lang, " 列：", ": ") + (ca ? "cos(" : "sin(") +
                               num(pos * wa(ia)) + ") = " + num(a(j)) + tr(lang, "，而 ", " versus ") + (cb ? "cos(" : "sin(") +
                               num(pos * wb(ib)) + ") = " + num(b(j)));
    }
    if (values.notes.empty()) values.notes.push_back(tr(lang, "在这个位置两种排布完全相同。", "At this position both layouts agree."));

    LegacyView freqs;
    freqs.kind = ViewKind::Table;
    freqs.title = tr(lang, "频率 ω_i", "Frequencies ω_i");
    freqs.values.resize(wb.size(), 2);
    for (int i = 0; i < wb.size(); ++i) {
        freqs.values(i, 0) = i < wa.size() ? wa(i) : std::nan("");
        freqs.values(i, 1) = wb(i);
        freqs.row_labels.push_back("i = " + std::to_string(i));
    }
    freqs.col_labels = {tr(lang, "论文：base^(−2i/d)", "paper: base^(−2i/d)"), "tensor2tensor: base^(−i/(d/2−1))"};
    freqs.decimals = 6;
    freqs.notes.push_back(tr(lang, "两者的差别有两处：列的排布（交错 vs. 前后两半），以及频率的间隔（tensor2tensor 的最后一个频率恰好是 1/base）。",
                             "They differ twice: in the column layout (interleaved vs. two halves) and in the frequency spacing "
                             "(tensor2tensor's last frequency is exactly 1/base)."));
    return {values, freqs};
}

std::vector<LegacyView> step7_views(const ParamSet& p, Lang lang) {
    const Inputs in = read_inputs(p);
    const int dw = 3, dp = 2, dim = dw + dp, out = 3;
    SplitMix64 rng(static_cast<std::uint64_t>(in.seed) + 7);
    const Eigen::MatrixXd x = random_signed_matrix(dw, 1, rng);
    const Eigen::MatrixXd pv = random_signed_matrix(dp, 1, rng);
    const Eigen::MatrixXd W = random_signed_matrix(out, dim, rng);
    // Filled entry by entry: x in the first d_w slots, p in the last d_p.
    Eigen::VectorXd xpad(dim), ppad(dim), concat(dim);
    for (int c = 0; c < dim; ++c) {
        xpad(c) = c < dw ? x(c, 0) : 0.0;
        ppad(c) = c < dw ? 0.0 : pv(c - dw, 0);
        concat(c) = c < dw ? x(c, 0) : pv(c - dw, 0);
    }

    LegacyView vecs;
    vecs.kind = ViewKind::Table;
    vecs.title = tr(lang, "拼接 = 两个补零向量相加", "Concatenation = adding two zero-padded vectors");
    vecs.values.resize(4, dim);
    vecs.values.row(0) = xpad.transpose();
    vecs.values.row(1) = ppad.transpose();
    vecs.values.row(2) = (xpad + ppad).transpose();
    vecs.values.row(3) = concat.transpose();
    vecs.row_labels = {tr(lang, "x 补零", "x padded"), tr(lang, "p 补零", "p padded"), tr(lang, "两者相加", "their sum"), "[x; p]"};
    vecs.col_labels = {"x₀", "x₁", "x₂", "p₀", "p₁"};
    vecs.decimals = 4;
    vecs.is_signed = true;
    vecs.notes.push_back(tr(lang, "最大的 |(x 补零 + p 补零) − [x; p]| = ", "Largest |(x padded + p padded) − [x; p]| = ") +
                         exact(max_abs(xpad + ppad - concat)));

    LegacyView wv = labelled_heatmap(tr(lang, "线性层 W = [W_x | W_p]", "Linear layer W = [W_x | W_p]"), to_rows(W),
                                   index_labels(out), vecs.col_labels, tr(lang, "输出", "output"),
                                   tr(lang, "输入分量", "input entry"));
    wv.is_signed = true;
    for (int r = 0; r < out; ++r)
        for (int c = dw; c < dim; ++c) wv.highlight_cells.push_back({r, c});
    wv.explain = [W, split = dw, lang](int r, int c) -> std::string {
        if (r < 0 || c < 0 || r >= W.rows() || c >= W.cols()) return "";
        return "W[" + std::to_string(r) + "][" + std::to_string(c) + "] = " + num(W(r, c)) +
               (c < split ? tr(lang, "，属于 W_x（作用在词嵌入上）", ", part of W_x (acts on the word embedding)")
                       : tr(lang, "，属于 W_p（作用在位置上，已框出）", ", part of W_p (acts on the position, outlined)"));
    };
    const Eigen::VectorXd y_concat = W * concat;
    const Eigen::VectorXd y_split = W.leftCols(dw) * x.col(0) + W.rightCols(dp) * pv.col(0);
    wv.notes.push_back("W·[x; p] = " + vector_text(y_concat));
    wv.notes.push_back("W_x·x + W_p·p = " + vector_text(y_split));
    wv.notes.push_back(tr(lang, "最大差 = ", "Largest difference = ") + exact(max_abs(y_concat - y_split)) + rounding_hint(max_abs(y_concat - y_split), lang) +
                       tr(lang, "：拼接后接线性层，就是在 d = d_w + d_p 维里相加的一个特例。",
                          ": concatenation followed by a linear map is the special case of adding in d = d_w + d_p dimensions."));
    return {vecs, wv};
}

std::vector<LegacyView> step8_views(const ParamSet& p, Lang lang) {
    const Inputs in = read_inputs(p);
    const int L = in.L, d = in.d_model, max_len = in.max_len;
    const Eigen::MatrixXd table = learnable_pe_table(max_len, d, static_cast<std::uint64_t>(in.seed));
    const Eigen::MatrixXd looked = learnable_pe_lookup(table, L);

    // Drawn transposed (dimensions down, positions across) so the missing positions form a band on the right
    // that is visible without scrolling.
    LegacyView heat = labelled_heatmap(
            tr(lang, "可学习位置表 E（转置：每列一个位置）", "Learnable position table E (transposed: one column per position)"),
            to_rows(looked.transpose()), index_labels(d), index_labels(L), tr(lang, "维度 j", "dimension j"),
            tr(lang, "位置 p", "position p"));
    heat.is_signed = true;
    heat.explain = [looked, L, d, max_len, lang](int r, int c) -> std::string {
        if (r < 0 || c < 0 || r >= d || c >= L) return "";
        if (c >= max_len)
            return tr(lang, "位置 ", "Position ") + std::to_string(c) + " ≥ max_len = " + std::to_string(max_len) +
                   tr(lang, "：表中没有这一行，无法查表。", ": the table has no such row, so there is nothing to look up.");
        return "E[" + std::to_string(c) + "][" + std::to_string(r) + "] = " + num(looked(c, r)) +
               tr(lang, "（训练得到的参数；这里用种子随机生成）", " (a trained parameter; seeded random here)");
    };
    if (L > max_len)
        heat.notes.push_back(tr(lang, "位置 ", "Positions ") + std::to_string(max_len) + "…" + std::to_string(L - 1) +
                             tr(lang, " 没有对应的行（斜线阴影）：nn.Embedding(max_len, d) 不能外推到训练长度之外。",
                                " have no row (hatched): nn.Embedding(max_len, d) cannot reach beyond the training length."));
    else
        heat.notes.push_back(tr(lang, "L ≤ max_len：每个位置都有自己的一行。", "L ≤ max_len: every position has its own row."));
    heat.notes.push_back(tr(lang, "参数量：max_len × d = ", "Parameters: max_len × d = ") + std::to_string(max_len) + " × " +
                         std::to_string(d) + " = " + grouped(static_cast<long long>(max_len) * d, lang) + tr(lang, "。", "."));
    const long long bert = 512LL * 768LL;
    heat.notes.push_back(tr(lang, "按 BERT-base 的规模（512 × 768）是 ", "At BERT-base size (512 × 768) it is ") + grouped(bert, lang) +
                         tr(lang, " 个参数。", " parameters."));
    return {heat};
}

// [SECTION] lesson definition (bilingual text)
Lesson make_lesson() {
    Lesson lesson;
    lesson.id = "absolute-pe";
    lesson.title = {"绝对位置编码", "Absolute position encodings"};
    lesson.params = lesson_params();
    lesson.result_shape = [](const ParamSet& p) {  // PE tables: L (or max_len) positions × d_model; L×L products
        const long long L = std::max(p.geti("L"), p.geti("max_len")), d = lessonui::choice_int_param(p, "d_model", 64);
        return std::vector<long long>{L, std::max(L, d)};
    };

    lesson.steps.push_back(Step{
        {"为什么需要位置", "Why positions at all"},
        {"自注意力只做加权求和，权重来自内容之间的点积，其中没有任何顺序信息。"
         "把 token 打乱（这里用种子生成的随机 X 和投影矩阵），输出的各行也按完全相同的方式被打乱：每个 token 得到的结果与它站在哪里无关。"
         "这叫置换等变性；要让模型区分“猫追狗”和“狗追猫”，必须另外注入位置。",
         "Self-attention is a weighted sum whose weights come from dot products of contents; nothing in it knows "
         "about order. Shuffle the tokens (random X and projections drawn from the seed here) and the output rows are "
         "shuffled in exactly the same way: each token's result ignores where it stands. This is permutation "
         "equivariance; to tell \"the cat chased the dog\" from \"the dog chased the cat\", position has to be "
         "injected separately."},
        {"tokens", "seed"},
        legacy(step1_views)});

    lesson.steps.push_back(Step{
        {"位置可以进入的三个地方", "Three places where position can enter"},
        {"第一，在进入模型之前把位置向量加到词嵌入上（正弦或可学习编码，本课）。"
         "第二，在计算注意力之前按位置变换 Q 和 K，例如旋转（RoPE，见 rope 一课）。"
         "第三，在 logits 上加一个只依赖相对距离的偏置（T5、ALiBi，见 t5-bias 一课；Shaw 的做法见 shaw 一课）。"
         "三张热力图用同一组随机 token 计算，注释检验把所有位置整体平移后分数是否改变。",
         "First, add a position vector to the word embeddings before the model (sinusoidal or learnable codes, "
         "this lesson). Second, transform Q and K by position before attention, for instance by rotation (RoPE, "
         "see the lesson rope). Third, add a bias that depends only on the relative distance to the logits (T5, "
         "ALiBi; see the lesson t5-bias, and shaw for Shaw's variant). The three heatmaps use the same random "
         "tokens, and the notes test whether shifting all positions together changes the scores."},
        {"tokens", "seed"},
        legacy(step2_views)});

    lesson.steps.push_back(Step{
        {"正弦公式与算例", "The sinusoidal formula, worked out"},
        {"论文的编码对第 i 个频率取 ω_i = 1/base^(2i/d)，在偶数维放 sin(pos·ω_i)，在奇数维放 cos(pos·ω_i)。"
         "种子的例子取 pos = 2、d = 4，得到 (sin 2, cos 2, sin 0.02, cos 0.02)。"
         "注意位置从 0 开始数，所以 pos = 2 是第三个 token，而不是种子所说的第二个。表格逐个频率给出计算过程。",
         "The paper's encoding uses the frequency ω_i = 1/base^(2i/d) for pair i and puts sin(pos·ω_i) in the even "
         "dimension, cos(pos·ω_i) in the odd one. The seed's example takes pos = 2 and d = 4 and gets "
         "(sin 2, cos 2, sin 0.02, cos 0.02). Positions count from 0, so pos = 2 is the third token, not the second "
         "as the seed says. The table shows the computation frequency by frequency."},
        {"pos", "d", "base"},
        legacy(step3_views)});

    lesson.steps.push_back(Step{
        {"热力图与波长", "Heatmap and wavelengths"},
        {"把每个位置的编码排成一行，就得到位置 × 维度的热力图。低维的频率高、振荡快，高维的频率低、变化慢；"
         "曲线画出种子选的第 2、6、12 维。波长 λ_i = 2π/ω_i 从 2π 开始按几何级数增长，"
         "表格列出全部波长，注释把最长的波长与种子 004 所说的 base·2π 相比较。",
         "Stacking the code of every position as a row gives a positions × dimensions heatmap. Low dimensions have "
         "high frequencies and oscillate fast; high dimensions change slowly. The curves show dimensions 2, 6 and 12, "
         "the seed's choice. The wavelength λ_i = 2π/ω_i grows geometrically from 2π; the table lists them all and "
         "a note compares the longest with the base·2π quoted in seed 004."},
        {"L", "d_model", "base", "dims", "variant"},
        legacy(step4_views)});

    lesson.steps.push_back(Step{
        {"绝对编码里的相对信息", "Relative information inside an absolute code"},
        {"由和角公式，sin((p+k)ω) 与 cos((p+k)ω) 是 sin(pω)、cos(pω) 的线性组合，系数只依赖 k。"
         "所以存在一个与 p 无关的矩阵 M_k，使 PE(p + k) = M_k·PE(p)；它是分块对角的，每块是一个 2×2 旋转。"
         "同样地，内积 PE(p)·PE(q) = Σ cos((p − q)ω_i) 只依赖 p − q：Gram 矩阵是 Toeplitz 矩阵，并随 |p − q| 衰减。",
         "By the angle-addition formulas, sin((p+k)ω) and cos((p+k)ω) are linear combinations of sin(pω) and "
         "cos(pω) with coefficients that depend only on k. So one matrix M_k, the same for every p, gives "
         "PE(p + k) = M_k·PE(p); it is block-diagonal with a 2×2 rotation per frequency. Likewise the dot product "
         "PE(p)·PE(q) = Σ cos((p − q)ω_i) depends only on p − q: the Gram matrix is Toeplitz and decays with |p − q|."},
        {"pos", "shift", "d", "base", "L", "d_model", "variant"},
        legacy(step5_views)});

    lesson.steps.push_back(Step{
        {"两种排布", "Two layouts"},
        {"论文把 sin 和 cos 交错排列，频率为 base^(−2i/d)。tensor2tensor 和 fairseq 则把所有 sin 放在前一半、所有 cos 放在后一半，"
         "频率为 base^(−i/(d/2−1))，最后一个频率恰好是 1/base。两者都是合法的正弦编码，但同一位置的向量并不相同；"
         "加载别人的权重时必须用同一种排布。",
         "The paper interleaves sin and cos, with frequencies base^(−2i/d). tensor2tensor and fairseq put all sines "
         "in the first half and all cosines in the second, with frequencies base^(−i/(d/2−1)), so the last one is "
         "exactly 1/base. Both are valid sinusoidal codes, but the vectors for a given position differ, and weights "
         "trained with one layout must be used with the same layout."},
        {"pos", "d", "base"},
        legacy(step6_views)});

    lesson.steps.push_back(Step{
        {"相加还是拼接", "Adding versus concatenating"},
        {"把位置向量 p 拼接在词向量 x 后面，再接线性层 W，结果是 W_x·x + W_p·p。"
         "这正等于在 d_w + d_p 维里相加：x 只占前 d_w 维、p 只占后 d_p 维时，两个补零向量之和就是拼接。"
         "所以相加的表达能力并不弱于拼接，拼接只是它的一个特例；相加还保持了维度不变。",
         "Concatenating the position vector p after the word vector x and applying a linear layer W gives "
         "W_x·x + W_p·p. That is exactly addition in d_w + d_p dimensions: if x occupies only the first d_w "
         "entries and p only the last d_p, the sum of the two zero-padded vectors is the concatenation. So adding "
         "is at least as expressive; concatenation is a special case, and addition keeps the width unchanged."},
        {"seed"},
        legacy(step7_views)});

    lesson.steps.push_back(Step{
        {"可学习的位置编码", "Learnable position embeddings"},
        {"可学习编码是一张 max_len × d 的表，每个位置一行，训练时和其他参数一起更新（这里用种子随机初始化）。"
         "超过 max_len 的位置在表中没有行，模型无法为它们查到编码，图中把这部分画成缺失的阴影区域。"
         "这张表的参数量是 max_len × d，随想要支持的最长序列线性增长。",
         "A learnable encoding is a max_len × d table with one row per position, trained together with the other "
         "parameters (initialised from the seed here). Positions beyond max_len have no row, so the model has no "
         "code to look up for them; the view draws that region as missing and hatched. The table costs max_len × d "
         "parameters, growing linearly with the longest sequence it must support."},
        {"L", "max_len", "d_model", "seed"},
        legacy(step8_views)});
    return lesson;
}

}  // namespace

const Lesson* lesson_absolute_pe() {
    static const Lesson lesson = make_lesson();
    return &lesson;
}

}  // namespace pelab
