// PE Lab — lessons/f_delta.cpp
// Lesson "f-delta": the L×L position term F(q,k) versus the distance features R_(q−k), in 8 steps:
// two objects, diagonals of Δ, the kernel f(Δ), Toeplitz F, R_Δ, the readout vᵀR_Δ, the content-dependent
// readout q_vecᵀ W R_(q−k), and the link to RoPE. Every number shown comes from core (f_delta.h, rope.h,
// random.h); the prose carries no computed numbers.
// Comments are English only: the font subset is built from the characters inside this file's strings.
//
// [SECTION] display helpers (numbers, angles, subscripts, labels)
// [SECTION] inputs read from the ParamSet
// [SECTION] shared view builders
// [SECTION] step views 1..8
// [SECTION] lesson definition (bilingual text)
#include <algorithm>
#include <cmath>
#include <cstdio>
#include <string>

#include "core/f_delta.h"
#include "core/random.h"
#include "core/rope.h"
#include "lessons/lesson.h"
#include "lessons/legacy_view.h"
#include "lessons/lesson_util.h"

namespace pelab {

namespace {

using namespace lessonui;  // shared display helpers (lessons/lesson_util.h)

// [SECTION] display helpers (numbers, angles, subscripts, labels)
std::string num(double x) { return num_sign_minus(x, 6); }

// Facts such as "largest difference": exactly 0 prints as 0, anything else (however small) is shown.
std::string exact(double x) { return exact_sign_minus(x); }

// An angle as a multiple of π when it is one with a small denominator, otherwise a decimal (num).
std::string angle(double a) { return lessonui::angle(a, num); }

std::string delta_label(int d) { return "Δ=" + integer(d); }

std::vector<std::string> delta_labels(int L) {
    std::vector<std::string> out;
    for (int d = -(L - 1); d <= L - 1; ++d) out.push_back(delta_label(d));
    return out;
}

// "cos ω₀Δ", "sin ω₀Δ", "cos ω₁Δ", ...: the names of the entries of R_Δ.
std::vector<std::string> feature_labels(int n_freq) {
    std::vector<std::string> out;
    for (int i = 0; i < n_freq; ++i) {
        out.push_back("cos ω" + sub(i) + "Δ");
        out.push_back("sin ω" + sub(i) + "Δ");
    }
    return out;
}

std::string vector_text(const Eigen::VectorXd& x) {
    std::string s = "[";
    for (Eigen::Index i = 0; i < x.size(); ++i) s += (i ? ", " : "") + num(x(i));
    return s + "]";
}

// "1·cos(−π) + 0·sin(−π) + 1·cos(−2π/3) + 0·sin(−2π/3)": the readout w·R_Δ written term by term.
std::string readout_terms(const Eigen::VectorXd& w, const Eigen::VectorXd& omega, int delta) {
    std::string s;
    for (Eigen::Index i = 0; i < omega.size(); ++i) {
        const std::string a = angle(omega(i) * delta);
        for (int part = 0; part < 2; ++part) {
            const double coeff = (2 * i + part < w.size()) ? w(2 * i + part) : 0.0;
            const std::string fn = part == 0 ? "cos(" : "sin(";
            if (s.empty())
                s += num(coeff);
            else if (coeff < 0 && num(coeff) != "0")
                s += std::string(" ") + kMinus + " " + num(-coeff);
            else
                s += " + " + num(coeff);
            s += "·" + fn + a + ")";
        }
    }
    return s;
}

// [SECTION] inputs read from the ParamSet
// Defensive reads: ParamSets made by the parser are always valid, but the views must never crash even
// if a caller fills one by hand.
struct Inputs {
    int L = 4;
    Eigen::VectorXd omega;
    Eigen::VectorXd v;
    int seed = 1;
};

Inputs read_inputs(const ParamSet& p) {
    Inputs in;
    in.L = std::max(1, std::min(64, p.has("L") ? p.geti("L") : 4));
    in.omega = to_eigen(p.getv("omega"));
    if (in.omega.size() == 0 || in.omega.size() > 8) in.omega = to_eigen({kPi / 2, kPi / 3});
    in.v = to_eigen(p.getv("v"));
    if (in.v.size() != 2 * in.omega.size()) in.v = cosine_readout(static_cast<int>(in.omega.size()));
    in.seed = p.has("seed") ? p.geti("seed") : 1;
    return in;
}

int n_freq(const Inputs& in) { return static_cast<int>(in.omega.size()); }

// f(Δ) = Σ cos(ω_i Δ), the kernel of steps 3 and 4 (the readout with cos weights 1, sin weights 0).
Eigen::MatrixXd cosine_f_matrix(const Inputs& in) { return f_matrix(in.L, in.omega, cosine_readout(n_freq(in))); }

// [SECTION] shared view builders
LegacyView qk_heatmap(const std::string& title, const Eigen::MatrixXd& M, Lang lang) {
    LegacyView view = matrix_heatmap(title, M, tr(lang, "查询位置 q", "query q"), tr(lang, "键位置 k", "key k"));
    view.is_signed = true;
    view.qk_axes = true;
    return view;
}

// Δ = q − k for every cell (steps 1 and 2).
Eigen::MatrixXd delta_matrix(int L) {
    Eigen::MatrixXd D(L, L);
    for (int q = 0; q < L; ++q)
        for (int k = 0; k < L; ++k) D(q, k) = q - k;
    return D;
}

LegacyView delta_heatmap(const Inputs& in, Lang lang, bool count_cells) {
    LegacyView view = qk_heatmap(tr(lang, "每个格子 (q, k) 的 Δ = q − k", "Δ = q − k for every cell (q, k)"),
                               delta_matrix(in.L), lang);
    view.integer = true;
    view.decimals = 0;
    const int L = in.L;
    const int features = 2 * n_freq(in);
    view.explain = [L, features, lang, count_cells](int r, int c) -> std::string {
        if (r < 0 || c < 0 || r >= L || c >= L) return "";
        const int d = r - c;
        std::string s = "q = " + std::to_string(r) + tr(lang, "，", ", ") + "k = " + std::to_string(c) +
                        tr(lang, "：", ": ") + "Δ = q − k = " + std::to_string(r) + " − " + std::to_string(c) +
                        " = " + integer(d) + tr(lang, "。", ".");
        if (count_cells) {
            s += tr(lang, "这条对角线上有 ", " This diagonal has ") + std::to_string(L - std::abs(d)) +
                 tr(lang, " 个格子。", " cells.");
        } else {
            s += tr(lang, "F[", " F[") + std::to_string(r) + "," + std::to_string(c) +
                 tr(lang, "] 是一个数；R_(", "] is one number; R_(") + integer(d) +
                 tr(lang, ") 是含 ", ") is a vector of ") + std::to_string(features) +
                 tr(lang, " 个数的向量。", " numbers.");
        }
        return s;
    };
    return view;
}

// Heatmap of F[q][k] = wᵀR_(q−k) with a fixed readout w. show_v: explain writes "v·R_(Δ)", else "f(Δ)".
LegacyView readout_heatmap(const std::string& title, const Inputs& in, const Eigen::VectorXd& w, Lang lang,
                         bool show_v) {
    const Eigen::MatrixXd F = f_matrix(in.L, in.omega, w);
    LegacyView view = qk_heatmap(title, F, lang);
    const Eigen::VectorXd omega = in.omega;
    const int L = in.L;
    view.explain = [F, omega, w, L, lang, show_v](int r, int c) -> std::string {
        if (r < 0 || c < 0 || r >= L || c >= L) return "";
        const int d = r - c;
        const std::string cell = "F[" + std::to_string(r) + "," + std::to_string(c) + "]";
        std::string s = cell + tr(lang, "：q = ", ": q = ") + std::to_string(r) + ", k = " + std::to_string(c) +
                        ", Δ = q − k = " + integer(d) + tr(lang, "。", ". ");
        s += cell + " = " + (show_v ? "v·R_(" : "f(") + integer(d) + ")" + " = " + readout_terms(w, omega, d) +
             " = " + num(F(r, c));
        return s;
    };
    return view;
}

LegacyView diagonal_table(const Eigen::MatrixXd& M, Lang lang) {
    const std::vector<DiagonalStats> stats = diagonal_stats(M);
    LegacyView view;
    view.kind = ViewKind::Table;
    view.title = tr(lang, "逐条对角线检查", "Diagonal by diagonal");
    view.values.resize(static_cast<Eigen::Index>(stats.size()), 4);
    for (std::size_t i = 0; i < stats.size(); ++i) {
        const Eigen::Index row = static_cast<Eigen::Index>(i);
        view.values(row, 0) = stats[i].count;
        view.values(row, 1) = stats[i].min;
        view.values(row, 2) = stats[i].max;
        view.values(row, 3) = stats[i].spread();
        view.row_labels.push_back(delta_label(stats[i].delta));
    }
    view.col_labels = {tr(lang, "格子数", "cells"), tr(lang, "最小值", "min"), tr(lang, "最大值", "max"),
                       tr(lang, "极差", "spread")};
    view.row_axis = "Δ";
    view.decimals = 4;
    view.col_decimals = {0, -1, -1, -1};  // cell counts are whole numbers
    return view;
}

double largest_spread(const Eigen::MatrixXd& M) {
    const Eigen::VectorXd s = diagonal_spread(M);
    return s.size() == 0 ? 0.0 : s.maxCoeff();
}

// [SECTION] step views 1..8
std::vector<LegacyView> step1_views(const ParamSet& p, Lang lang) {
    const Inputs in = read_inputs(p);
    LegacyView view = delta_heatmap(in, lang, false);
    const int L = in.L, m = n_freq(in);
    view.notes.push_back(tr(lang, "F 有 L×L = ", "F has L×L = ") + std::to_string(L * L) +
                         tr(lang, " 个格子，每个格子存一个数。", " cells, each holding one number."));
    view.notes.push_back(tr(lang, "R 有 2L−1 = ", "R has 2L−1 = ") + std::to_string(2 * L - 1) +
                         tr(lang, " 项（Δ = ", " entries (Δ = ") + integer(-(L - 1)) + "…" + integer(L - 1) +
                         tr(lang, "），每项是含 2|ω| = ", "), each a vector of 2|ω| = ") + std::to_string(2 * m) +
                         tr(lang, " 个数的向量。", " numbers."));
    return {view};
}

std::vector<LegacyView> step2_views(const ParamSet& p, Lang lang) {
    const Inputs in = read_inputs(p);
    const int L = in.L;
    LegacyView heat = delta_heatmap(in, lang, true);
    heat.highlight_delta = L > 1 ? 1 : 0;

    const std::vector<DiagonalStats> stats = diagonal_stats(delta_matrix(L));
    LegacyView table;
    table.kind = ViewKind::Table;
    table.title = tr(lang, "每个 Δ 的格子数", "Cells per Δ");
    table.integer = true;
    table.decimals = 0;
    table.values.resize(static_cast<Eigen::Index>(stats.size()), 2);
    long long total = 0;
    for (std::size_t i = 0; i < stats.size(); ++i) {
        table.values(static_cast<Eigen::Index>(i), 0) = stats[i].delta;
        table.values(static_cast<Eigen::Index>(i), 1) = stats[i].count;
        table.row_labels.push_back(delta_label(stats[i].delta));
        total += stats[i].count;
    }
    table.col_labels = {"Δ", tr(lang, "格子数", "cells")};
    table.row_axis = tr(lang, "对角线", "diagonal");
    table.notes.push_back(tr(lang, "Δ 共有 2L−1 = ", "Δ takes 2L−1 = ") + std::to_string(stats.size()) +
                          tr(lang, " 个取值，从 ", " values, from ") + integer(-(L - 1)) + tr(lang, " 到 ", " to ") +
                          integer(L - 1) + tr(lang, "。", "."));
    table.notes.push_back(tr(lang, "对角线 Δ 上有 L − |Δ| 个格子；所有对角线合计 ",
                             "Diagonal Δ has L − |Δ| cells; all diagonals together hold ") +
                          std::to_string(total) + tr(lang, " 个格子 = L²。", " cells = L²."));
    return {heat, table};
}

std::vector<LegacyView> step3_views(const ParamSet& p, Lang lang) {
    const Inputs in = read_inputs(p);
    const int L = in.L, m = n_freq(in);
    const Eigen::VectorXd cos_v = cosine_readout(m);

    LegacyView table;
    table.kind = ViewKind::Table;
    table.title = tr(lang, "整数 Δ 处的 f(Δ)", "f(Δ) at integer Δ");
    table.values.resize(2 * L - 1, m + 1);
    for (int d = -(L - 1); d <= L - 1; ++d) {
        const Eigen::Index row = d + L - 1;
        for (int i = 0; i < m; ++i) table.values(row, i) = std::cos(in.omega(i) * d);
        table.values(row, m) = f_kernel(d, in.omega, cos_v);
    }
    table.row_labels = delta_labels(L);
    for (int i = 0; i < m; ++i) table.col_labels.push_back("cos ω" + sub(i) + "Δ");
    table.col_labels.push_back("f(Δ)");
    table.row_axis = "Δ";
    table.decimals = 4;
    table.is_signed = true;
    table.values = without_rounding_noise(table.values);
    double asym = 0.0;
    for (int d = 1; d <= L - 1; ++d)
        asym = std::max(asym, std::fabs(f_kernel(d, in.omega, cos_v) - f_kernel(-d, in.omega, cos_v)));
    table.notes.push_back(tr(lang, "f(0) = ", "f(0) = ") + num(f_kernel(0, in.omega, cos_v)) +
                          tr(lang, "：Δ = 0 时每个余弦都等于 1。", ": at Δ = 0 every cosine equals 1."));
    table.notes.push_back(tr(lang, "偶函数检验：最大的 |f(Δ) − f(−Δ)| = ", "Even function: largest |f(Δ) − f(−Δ)| = ") +
                          exact(asym) + rounding_hint(asym, lang));

    LegacyView curve;
    curve.kind = ViewKind::Curve;
    curve.title = tr(lang, "整数之间的 f(x)", "f(x) between the integers");
    curve.row_axis = "f";
    curve.col_axis = "x";
    const int half = std::max(L - 1, 1);
    const double fastest = in.omega.cwiseAbs().maxCoeff();
    // Enough samples per unit to draw the fastest cosine smoothly, capped for L = 64 with large ω.
    const double per_unit = std::max(16.0, 12.0 * fastest);
    const int samples = static_cast<int>(std::min(4001.0, 2.0 * half * per_unit + 1.0));
    curve.series.assign(static_cast<std::size_t>(m + 1), {});
    for (int s = 0; s < samples; ++s) {
        const double x = -half + 2.0 * half * s / (samples - 1);
        curve.x.push_back(x);
        curve.series[0].push_back(f_kernel(x, in.omega, cos_v));
        for (int i = 0; i < m; ++i) curve.series[static_cast<std::size_t>(i + 1)].push_back(std::cos(in.omega(i) * x));
    }
    curve.series_labels.push_back("f(x)");
    for (int i = 0; i < m; ++i) curve.series_labels.push_back("cos ω" + sub(i) + "x");
    for (int d = -(L - 1); d <= L - 1; ++d) curve.markers_x.push_back(d);
    return {table, curve};
}

std::vector<LegacyView> step4_views(const ParamSet& p, Lang lang) {
    const Inputs in = read_inputs(p);
    const Eigen::MatrixXd F = cosine_f_matrix(in);
    LegacyView heat = readout_heatmap("F[q,k] = f(q − k)", in, cosine_readout(n_freq(in)), lang, false);
    LegacyView table = diagonal_table(F, lang);
    const double spread = largest_spread(F);
    table.notes.push_back(tr(lang, "所有对角线中最大的极差：", "Largest spread along any diagonal: ") + exact(spread) +
                          (spread == 0.0 ? tr(lang, "，所以 F 是 Toeplitz 矩阵。", ", so F is a Toeplitz matrix.") : ""));
    table.notes.push_back(tr(lang, "F 有 ", "F has ") + std::to_string(in.L * in.L) +
                          tr(lang, " 个格子，但只有 ", " cells but only ") + std::to_string(2 * in.L - 1) +
                          tr(lang, " 条对角线，也就只有这么多个不同的值。", " diagonals, hence at most that many different values."));
    return {heat, table};
}

std::vector<LegacyView> step5_views(const ParamSet& p, Lang lang) {
    const Inputs in = read_inputs(p);
    const int L = in.L, m = n_freq(in);
    const Eigen::MatrixXd R = r_delta_features(L, in.omega);
    LegacyView table;
    table.kind = ViewKind::Table;
    table.title = tr(lang, "R_Δ：每个 Δ 一行", "R_Δ, one row per Δ");
    table.values = without_rounding_noise(to_rows(R));
    table.row_labels = delta_labels(L);
    table.col_labels = feature_labels(m);
    table.row_axis = "Δ";
    table.decimals = 4;
    table.is_signed = true;
    double unit_error = 0.0, odd_error = 0.0;
    for (int row = 0; row < R.rows(); ++row) {
        const int mirror = static_cast<int>(R.rows()) - 1 - row;  // the row of −Δ
        for (int i = 0; i < m; ++i) {
            const double c = R(row, 2 * i), s = R(row, 2 * i + 1);
            unit_error = std::max(unit_error, std::fabs(c * c + s * s - 1.0));
            odd_error = std::max(odd_error, std::fabs(R(mirror, 2 * i + 1) + s));
        }
    }
    table.notes.push_back(tr(lang, "R 有 ", "R has ") + std::to_string(R.rows()) + tr(lang, " 行（每个 Δ 一行）和 ", " rows (one per Δ) and ") +
                          std::to_string(R.cols()) + tr(lang, " 列（每个频率一对 cos、sin）。", " columns (a cos, sin pair per frequency)."));
    table.notes.push_back(tr(lang, "每对 (cos, sin) 长度为 1：最大的 |cos² + sin² − 1| = ",
                             "Each (cos, sin) pair has length 1: largest |cos² + sin² − 1| = ") +
                          exact(unit_error) + rounding_hint(unit_error, lang));
    table.notes.push_back(tr(lang, "sin 分量随 Δ 变号：最大的 |sin(−ωΔ) + sin(ωΔ)| = ",
                             "The sin entries flip sign with Δ: largest |sin(−ωΔ) + sin(ωΔ)| = ") +
                          exact(odd_error) + rounding_hint(odd_error, lang));
    return {table};
}

std::vector<LegacyView> step6_views(const ParamSet& p, Lang lang) {
    const Inputs in = read_inputs(p);
    const int L = in.L, m = n_freq(in);
    const Eigen::VectorXd cos_v = cosine_readout(m);
    const Eigen::MatrixXd F = f_matrix(L, in.omega, in.v);
    LegacyView heat = readout_heatmap("F[q,k] = vᵀR_(q−k)", in, in.v, lang, true);

    LegacyView table;
    table.kind = ViewKind::Table;
    table.title = tr(lang, "vᵀR_Δ 与 f(Δ) 对比", "vᵀR_Δ versus f(Δ)");
    table.values.resize(2 * L - 1, 3);
    double diff_default = 0.0, diff_current = 0.0;
    for (int d = -(L - 1); d <= L - 1; ++d) {
        const Eigen::Index row = d + L - 1;
        const double readout = f_kernel(d, in.omega, in.v);
        const double f = f_kernel(d, in.omega, cos_v);
        table.values(row, 0) = readout;
        table.values(row, 1) = f;
        table.values(row, 2) = readout - f;
        diff_current = std::max(diff_current, std::fabs(readout - f));
        // The default readout, evaluated term by term against the plain cosine sum.
        double plain = 0.0;
        for (int i = 0; i < m; ++i) plain += std::cos(in.omega(i) * d);
        diff_default = std::max(diff_default, std::fabs(f - plain));
    }
    table.row_labels = delta_labels(L);
    table.col_labels = {"vᵀR_Δ", "f(Δ) = Σ cos ωᵢΔ", tr(lang, "差", "difference")};
    table.row_axis = "Δ";
    table.decimals = 4;
    table.is_signed = true;

    const double spread = largest_spread(F);
    double asym = 0.0;
    for (int q = 0; q < L; ++q)
        for (int k = 0; k < L; ++k) asym = std::max(asym, std::fabs(F(q, k) - F(k, q)));
    heat.notes.push_back(tr(lang, "当前 v = ", "Current v = ") + vector_text(in.v) +
                         tr(lang, "：F 各条对角线的最大极差 = ", ": largest spread along a diagonal of F = ") +
                         exact(spread) +
                         (spread == 0.0 ? tr(lang, "（仍是 Toeplitz 矩阵）", " (still Toeplitz)") : ""));
    heat.notes.push_back(tr(lang, "当前 v：最大的 |F[q,k] − F[k,q]| = ", "Current v: largest |F[q,k] − F[k,q]| = ") +
                         exact(asym) +
                         (asym > 1e-9 ? tr(lang, "（sin 权重使 F 不再对称）", " (sin weights make F non-symmetric)") : ""));
    table.notes.push_back(tr(lang, "v = ", "v = ") + vector_text(cos_v) + tr(lang, " 时：最大的 |vᵀR_Δ − f(Δ)| = ",
                                                                             ": largest |vᵀR_Δ − f(Δ)| = ") +
                          exact(diff_default) + rounding_hint(diff_default, lang));
    table.notes.push_back(tr(lang, "当前 v：最大的 |vᵀR_Δ − f(Δ)| = ", "Current v: largest |vᵀR_Δ − f(Δ)| = ") +
                          exact(diff_current) + rounding_hint(diff_current, lang));
    return {heat, table};
}

// q_vec (L × d) and W (d × 2m) drawn from the seed, W first so that changing L keeps W.
struct ContentDraw {
    Eigen::MatrixXd W, Q;
};

ContentDraw draw_content(const Inputs& in) {
    SplitMix64 rng(static_cast<std::uint64_t>(in.seed));
    const int features = 2 * n_freq(in), d = features;
    ContentDraw draw;
    draw.W = random_signed_matrix(d, features, rng);
    draw.Q = random_signed_matrix(in.L, d, rng);
    return draw;
}

std::vector<LegacyView> step7_views(const ParamSet& p, Lang lang) {
    const Inputs in = read_inputs(p);
    const int L = in.L, m = n_freq(in);
    const ContentDraw draw = draw_content(in);
    const Eigen::MatrixXd G = content_readout_matrix(L, in.omega, draw.W, draw.Q);
    const Eigen::MatrixXd U = content_readouts(draw.W, draw.Q);

    LegacyView heat = qk_heatmap("q_vecᵀ W R_(q−k)", G, lang);
    const Eigen::VectorXd omega = in.omega;
    heat.explain = [G, U, omega, L, lang](int r, int c) -> std::string {
        if (r < 0 || c < 0 || r >= L || c >= L) return "";
        const int d = r - c;
        return "F[" + std::to_string(r) + "," + std::to_string(c) + tr(lang, "]：q = ", "]: q = ") + std::to_string(r) +
               ", k = " + std::to_string(c) + ", Δ = " + integer(d) + tr(lang, "。u", ". u") + sub(r) + "·R_(" +
               integer(d) + ") = " + readout_terms(U.row(r).transpose(), omega, d) + " = " + num(G(r, c));
    };

    LegacyView table;
    table.kind = ViewKind::Table;
    table.title = tr(lang, "读出向量 u_q = Wᵀq_vec（每个查询一行）", "Readout u_q = Wᵀq_vec, one row per query");
    table.values = to_rows(U);
    for (int q = 0; q < L; ++q) table.row_labels.push_back("u" + sub(q));
    table.col_labels = feature_labels(m);
    table.row_axis = tr(lang, "查询位置 q", "query q");
    table.col_axis = tr(lang, "乘以 R_Δ 的分量", "multiplies entry of R_Δ");
    table.decimals = 3;
    table.is_signed = true;

    // Recompute every cell from u_q and R_(q−k) alone: a row sees k only through Δ.
    const Eigen::MatrixXd R = r_delta_features(L, in.omega);
    double recompute = 0.0;
    for (int q = 0; q < L; ++q)
        for (int k = 0; k < L; ++k) recompute = std::max(recompute, std::fabs(G(q, k) - U.row(q).dot(R.row(q - k + L - 1))));
    const double spread = largest_spread(G);
    heat.notes.push_back(tr(lang, "所有对角线中最大的极差：", "Largest spread along any diagonal: ") + exact(spread) +
                         (spread > 0.0 ? tr(lang, "（不再为 0：不同的行用不同的 u_q 读取同一个 Δ）",
                                              " (no longer 0: each row reads the same Δ with its own u_q)")
                                       : ""));
    heat.notes.push_back(tr(lang, "按 u_q·R_(q−k) 重新计算每个格子：最大差 = ",
                            "Every cell recomputed as u_q·R_(q−k): largest difference = ") +
                         exact(recompute) + rounding_hint(recompute, lang) +
                         tr(lang, "。在一行之内，k 只通过 Δ 起作用。", ". Within a row, k enters only through Δ."));
    heat.notes.push_back(tr(lang, "种子 seed = ", "seed = ") + std::to_string(in.seed) +
                         tr(lang, "：q_vec 与 W 的元素是 [−1, 1) 内的伪随机数。",
                            ": the entries of q_vec and W are pseudo-random numbers in [−1, 1)."));
    return {heat, table};
}

std::vector<LegacyView> step8_views(const ParamSet& p, Lang lang) {
    const Inputs in = read_inputs(p);
    const int L = in.L, m = n_freq(in);
    const Eigen::VectorXd k_vec = cosine_readout(m);  // pairs (1, 0)
    const Eigen::VectorXd q_vec = rope_query_for_readout(in.v);
    const Eigen::MatrixXd S = rope_score_matrix(L, in.omega, q_vec, k_vec);
    const Eigen::MatrixXd F = f_matrix(L, in.omega, in.v);

    LegacyView rope = qk_heatmap(tr(lang, "RoPE 分数 S[m,n] = ⟨Rot_m q, Rot_n k⟩", "RoPE scores S[m,n] = ⟨Rot_m q, Rot_n k⟩"),
                               S, lang);
    rope.row_axis = tr(lang, "查询位置 m", "query position m");
    rope.col_axis = tr(lang, "键位置 n", "key position n");
    const Eigen::VectorXd theta = in.omega;
    rope.explain = [S, F, L, theta, q_vec, k_vec, lang](int r, int c) -> std::string {
        if (r < 0 || c < 0 || r >= L || c >= L) return "";
        const std::string cell = "[" + std::to_string(r) + "," + std::to_string(c) + "]";
        return "S" + cell + tr(lang, "：m = ", ": m = ") + std::to_string(r) + ", n = " + std::to_string(c) +
               ", Δ = m − n = " + integer(r - c) + tr(lang, "。Rot", ". Rot") + sub(r) + "q = " +
               vector_text(rope_rotate(q_vec, r, theta)) + ", Rot" + sub(c) + "k = " +
               vector_text(rope_rotate(k_vec, c, theta)) + tr(lang, "，内积 = ", ", dot product = ") + num(S(r, c)) +
               tr(lang, "；F", "; F") + cell + " = vᵀR_(" + integer(r - c) + ") = " + num(F(r, c)) +
               tr(lang, "；差 = ", "; difference = ") + exact(S(r, c) - F(r, c));
    };
    LegacyView f_view = readout_heatmap("F[q,k] = vᵀR_(q−k)", in, in.v, lang, true);

    LegacyView vectors;
    vectors.kind = ViewKind::Table;
    vectors.title = tr(lang, "RoPE 使用的查询向量与键向量", "Query and key vectors used by RoPE");
    vectors.values.resize(2, 2 * m);
    vectors.values.row(0) = q_vec.transpose();
    vectors.values.row(1) = k_vec.transpose();
    vectors.row_labels = {"q", "k"};
    for (int i = 0; i < m; ++i) {
        vectors.col_labels.push_back(tr(lang, "第 ", "pair ") + std::to_string(i) + tr(lang, " 对：x", ": x"));
        vectors.col_labels.push_back(tr(lang, "第 ", "pair ") + std::to_string(i) + tr(lang, " 对：y", ": y"));
    }
    vectors.decimals = 3;
    vectors.is_signed = true;

    const double diff = max_abs(S - F);
    rope.notes.push_back(tr(lang, "最大的 |S − F| = ", "Largest |S − F| = ") + exact(diff) + rounding_hint(diff, lang));
    rope.notes.push_back(tr(lang, "旋转角 θ = ω = ", "Rotation angles θ = ω = ") + vector_text(in.omega) +
                         tr(lang, "；q = ", "; q = ") + vector_text(q_vec) + ", k = " + vector_text(k_vec) +
                         tr(lang, "（每对分量 (x, y) 按 mθᵢ 旋转）", " (each pair (x, y) is rotated by mθᵢ)"));
    vectors.notes.push_back(tr(lang, "一般地，q 的每对取 (v_cos, −v_sin)、k 的每对取 (1, 0)，就得到 S = F。",
                               "In general, pairs (v_cos, −v_sin) in q and (1, 0) in k give S = F."));
    return {rope, f_view, vectors};
}

// [SECTION] lesson definition (bilingual text)
Lesson make_lesson() {
    Lesson lesson;
    lesson.id = "f-delta";
    lesson.title = {"F(q,k) 与 R_(q−k)", "F(q,k) and R_(q−k)"};
    lesson.params = {f_delta_spec_L(), f_delta_spec_omega(), f_delta_spec_v(), f_delta_spec_seed()};
    lesson.result_shape = [](const ParamSet& p) {  // F is L×L; R_Δ is (2L−1)×2|ω|; f(Δ) sampled at ≤ 4001 points
        const long long L = p.geti("L"), w = (long long)p.getv("omega").size();
        return std::vector<long long>{2 * L, std::max({L, 2 * w, 2001LL})};
    };

    lesson.steps.push_back(Step{
        {"两个不同的对象", "Two different objects"},
        {"注意力给每一对查询位置 q 和键位置 k 打一个分数，所以位置项 F 是一张 L×L 的标量表，每个格子一个数。"
         "R 则是另一种东西：输入一个距离 Δ，输出一整个特征向量。F 由两个位置索引，R 只由它们的差索引。"
         "热力图给出 F 的每个格子要查的 Δ = q − k。",
         "Attention gives every pair of a query position q and a key position k one score, so a position term F "
         "is an L×L table of scalars, one per cell. R is a different kind of object: it takes a single distance Δ "
         "and returns a whole vector of features. F is indexed by two positions, R only by their difference. "
         "The heatmap shows the Δ = q − k that each cell of F looks up."},
        {"L"},
        legacy(step1_views)});

    lesson.steps.push_back(Step{
        {"相同的 Δ 落在同一条对角线上", "Equal Δ lie on one diagonal"},
        {"位置取 0…L−1 时，差 Δ = q − k 的范围是 −(L−1) 到 L−1：L² 个格子只对应 2L−1 个不同的 Δ。"
         "向下一格再向右一格，Δ 不变，所以每个 Δ 恰好占据一条对角线。"
         "把鼠标移到格子上可以看到它所在的对角线；表格统计了每条对角线上的格子数。",
         "With positions 0…L−1 the difference Δ = q − k runs from −(L−1) to L−1, so the L² cells share only "
         "2L−1 distinct values of Δ. One step down and one step right leaves Δ unchanged, which is why each value "
         "of Δ fills exactly one diagonal. Hover a cell to outline its diagonal; the table counts the cells on each."},
        {"L"},
        legacy(step2_views)});

    lesson.steps.push_back(Step{
        {"只依赖 Δ 的核函数", "A kernel that depends only on Δ"},
        {"每个频率取一个余弦再相加：f(Δ) = cos(ω₀Δ) + cos(ω₁Δ)。ω₀ 振荡得快，ω₁ 振荡得慢，"
         "合起来得到一个兼顾多个尺度的距离函数。余弦是偶函数，所以 f(−Δ) = f(Δ)。"
         "表格在每个整数 Δ 上计算 f，曲线画出整数之间的同一个函数，圆点标出整数 Δ。",
         "Take one cosine per frequency and add them up: f(Δ) = cos(ω₀Δ) + cos(ω₁Δ). ω₀ oscillates fast and ω₁ "
         "slowly, so together they describe distance at several scales. Cosine is even, hence f(−Δ) = f(Δ). "
         "The table evaluates f at every integer Δ; the curve draws the same function between the integers, "
         "with dots at the integer Δ."},
        {"L", "omega"},
        legacy(step3_views)});

    lesson.steps.push_back(Step{
        {"填出 F：Toeplitz 矩阵", "Filling F: a Toeplitz matrix"},
        {"填格子 (q, k) 时，先算 Δ = q − k，再写入 f(Δ)。同一条对角线上的格子 Δ 相同，得到的数也完全相同；"
         "每条对角线都是常数，正是 Toeplitz 矩阵的定义。表格逐条对角线给出最小值、最大值和极差（最大减最小）来检验这一点。",
         "To fill cell (q, k), compute Δ = q − k and write f(Δ) there. All cells on a diagonal share their Δ, so "
         "they receive exactly the same number; a matrix whose diagonals are constant is called Toeplitz. The "
         "table checks this diagonal by diagonal with the smallest and largest entry and their spread."},
        {"L", "omega"},
        legacy(step4_views)});

    lesson.steps.push_back(Step{
        {"R_Δ：每个距离一个特征向量", "R_Δ: one feature vector per distance"},
        {"现在把距离变成一个向量而不是一个数：R_Δ 依次列出每个频率的 cos(ωᵢΔ) 和 sin(ωᵢΔ)，两个频率时共有四个分量。"
         "把所有 Δ 的 R_Δ 叠起来，得到一张 2L−1 行的表，每行对应 F 的一条对角线，它并不是 L×L 矩阵。"
         "正弦分量保留了余弦丢掉的信息：它随 Δ 变号，因此 R_Δ 能区分 Δ 和 −Δ。",
         "Now turn the distance into a vector instead of a number: R_Δ lists cos(ωᵢΔ) and sin(ωᵢΔ) for every "
         "frequency, four entries for two frequencies. Stacking R_Δ for all Δ gives a table with 2L−1 rows, one "
         "per diagonal of F; it is not an L×L matrix. The sine entries keep what the cosines lose: they change "
         "sign with Δ, so R_Δ can tell Δ from −Δ."},
        {"L", "omega"},
        legacy(step5_views)});

    lesson.steps.push_back(Step{
        {"从 R_Δ 读出 f：f(Δ) = vᵀR_Δ", "Reading f out of R_Δ: f(Δ) = vᵀR_Δ"},
        {"权重向量 v 把 R_Δ 变成一个数 vᵀR_Δ。余弦的权重取 1、正弦的权重取 0，即 v = [1, 0, 1, 0]，就正好得到 f(Δ)，"
         "于是 F[q,k] = vᵀR_(q−k)。改变 v，F 随之改变，但它仍是 Toeplitz 矩阵，因为格子的值只通过 Δ 依赖 q 和 k。"
         "这就是引入 R_Δ 的意义：v 可以学习，而 R_Δ 始终是对距离的固定描述。",
         "A weight vector v turns R_Δ into one number, vᵀR_Δ. Weight 1 on each cosine and 0 on each sine, "
         "v = [1, 0, 1, 0], reproduces f(Δ) exactly, so F[q,k] = vᵀR_(q−k). Change v and F changes, yet it stays "
         "Toeplitz, because a cell still depends on q and k only through Δ. That is what R_Δ is for: v can be "
         "learned, while R_Δ remains a fixed description of distance."},
        {"L", "omega", "v"},
        legacy(step6_views)});

    lesson.steps.push_back(Step{
        {"依赖内容的读出：q_vecᵀ W R_(q−k)", "Content-dependent readout: q_vecᵀ W R_(q−k)"},
        {"在实际模型中，读出权重常常取决于查询的内容：矩阵 W 把每个查询向量 q_vec 映射成它自己的读出向量 "
         "u_q = Wᵀq_vec，格子的值变成 u_q·R_(q−k)。这里的 q_vec 和 W 是由种子生成的随机数。"
         "在同一行内，值仍然只通过 Δ 依赖 k；但不同的行用不同的权重读取同一个 Δ，所以对角线不再是常数。",
         "In real models the readout weights often depend on the query's content: a matrix W maps each query "
         "vector q_vec to its own readout u_q = Wᵀq_vec, and the cell becomes u_q·R_(q−k). Here q_vec and W are "
         "random numbers drawn from the seed. Within one row the value still depends on k only through Δ, but "
         "different rows read the same Δ with different weights, so the diagonals are no longer constant."},
        {"L", "omega", "seed"},
        legacy(step7_views)});

    lesson.steps.push_back(Step{
        {"承上启下：RoPE", "The link ahead: RoPE"},
        {"旋转位置编码（RoPE）在位置 m 把查询的每一对分量旋转 mθ，在位置 n 把键的每一对分量旋转 nθ"
         "（这里的旋转记作 Rot_m，不要与特征向量 R_Δ 混淆）。旋转可以合并，所以分数 ⟨Rot_m q, Rot_n k⟩ 只依赖 m − n。"
         "取 θ = ω、q = k = [1, 0, 1, 0] 时，这里用真实旋转算出的分数矩阵 S 就是本课的 F；其他的 v 对应其他的 q。"
         "RoPE 一课将在此基础上继续展开。",
         "Rotary position embedding (RoPE) rotates every pair of query entries by mθ at position m and every pair "
         "of key entries by nθ at position n (written Rot_m here, not to be confused with the features R_Δ). "
         "Rotations combine, so the score ⟨Rot_m q, Rot_n k⟩ depends only on m − n. With θ = ω and "
         "q = k = [1, 0, 1, 0], the score matrix S, computed here with actual rotations, is the F of this lesson; "
         "other readouts v correspond to other q. The RoPE lesson builds on this."},
        {"L", "omega", "v"},
        legacy(step8_views)});
    return lesson;
}

}  // namespace

const Lesson* lesson_f_delta() {
    static const Lesson lesson = make_lesson();
    return &lesson;
}

}  // namespace pelab
