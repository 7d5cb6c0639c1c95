// PE Lab — lessons/f_delta/steps_1_4.cpp
// Steps 1–4 of f-delta: two objects, equal Δ on one diagonal, the kernel f(Δ), Toeplitz F.
// Each step: its title and prose (Step), then the views builder right after it.
// Comments are English only: the font subset is built from the characters inside this file's strings.
//
// [SECTION] step 1: two objects
// [SECTION] step 2: equal Δ lie on one diagonal
// [SECTION] step 3: a kernel of Δ
// [SECTION] step 4: Toeplitz F
#include <algorithm>
#include <cmath>
#include <string>

#include "core/f_delta.h"
#include "lessons/f_delta/f_delta_lesson.h"
#include "lessons/lesson_util.h"

namespace pelab {
namespace fdelta {

using namespace lessonui;  // shared display helpers (lessons/lesson_util.h)

// [SECTION] step 1: two objects

std::vector<ViewData> two_objects_views(const Model& in, Lang lang) {
    ViewData view = delta_heatmap(in, lang, false);
    const int L = in.L, m = n_freq(in);
    view.notes.push_back(say(lang, {"F 有 L×L = {cells} 个格子，每个格子存一个数。", "F has L×L = {cells} cells, each holding one number."},
                             {{"cells", integer(L * L)}}));
    view.notes.push_back(say(lang,
                             {"R 有 2L−1 = {rows} 项（Δ = {lo}…{hi}），每项是含 2|ω| = {features} 个数的向量。",
                              "R has 2L−1 = {rows} entries (Δ = {lo}…{hi}), each a vector of 2|ω| = {features} numbers."},
                             {{"rows", integer(2 * L - 1)}, {"lo", integer(-(L - 1))}, {"hi", integer(L - 1)}, {"features", integer(2 * m)}}));
    return {view};
}

Step two_objects() {
    return {
        "two-objects",
        {"两个不同的对象", "Two different objects"},
        {
        "单靠 softmax(QKᵀ)V 并不知道词序：把输入的词元打乱，输出只会跟着同样打乱，所以注意力需要一个位置项，"
        "这一课先弄清这个位置项是什么样的对象。"
        "注意力给每一对查询位置 q 和键位置 k 打一个分数，所以位置项 F 是一张 L×L 的标量表，每个格子一个数。"
        "R 则是另一种东西：输入一个距离 Δ，输出一整个特征向量。F 由两个位置索引，R 只由它们的差索引。"
        "热力图给出 F 的每个格子要查的 Δ = q − k。",
        "softmax(QKᵀ)V on its own ignores word order: shuffle the input tokens and the outputs are merely shuffled "
        "the same way, so attention needs a position term, and this lesson first makes clear what kind of object "
        "that term is. "
        "Attention gives every pair of a query position q and a key position k one score, so a position term F "
        "is an L×L table of scalars, one per cell. R is a different kind of object: it takes a single distance Δ "
        "and returns a whole vector of features. F is indexed by two positions, R only by their difference. "
        "The heatmap shows the Δ = q − k that each cell of F looks up."},
        {"L"},
        views_of(read_model, two_objects_views),
        {
         R"tex(\Delta = q - k)tex",
         R"tex(F \in \mathbb{R}^{L\times L}, \qquad R_\Delta \in \mathbb{R}^{2|\omega|})tex"},
    };
}

// [SECTION] step 2: equal Δ lie on one diagonal

std::vector<ViewData> diagonals_views(const Model& in, Lang lang) {
    const int L = in.L;
    ViewData heat = delta_heatmap(in, lang, true);
    heat.heatmap().highlight_delta = L > 1 ? 1 : 0;

    const std::vector<DiagonalStats> stats = diagonal_stats(delta_matrix(L));
    TableView t;
    t.integer = true;
    t.decimals = 0;
    t.values.resize(static_cast<Eigen::Index>(stats.size()), 2);
    long long total = 0;
    for (std::size_t i = 0; i < stats.size(); ++i) {
        t.values(static_cast<Eigen::Index>(i), 0) = stats[i].delta;
        t.values(static_cast<Eigen::Index>(i), 1) = stats[i].count;
        t.row_labels.push_back(delta_label(stats[i].delta));
        total += stats[i].count;
    }
    t.col_labels = {"Δ", say(lang, {"格子数", "cells"})};
    t.corner = say(lang, {"对角线", "diagonal"});
    const std::vector<std::string> notes = {
        say(lang, {"Δ 共有 2L−1 = {count} 个取值，从 {lo} 到 {hi}。", "Δ takes 2L−1 = {count} values, from {lo} to {hi}."},
            {{"count", integer(static_cast<long long>(stats.size()))}, {"lo", integer(-(L - 1))}, {"hi", integer(L - 1)}}),
        say(lang,
            {"对角线 Δ 上有 L − |Δ| 个格子；所有对角线合计 {total} 个格子 = L²。",
             "Diagonal Δ has L − |Δ| cells; all diagonals together hold {total} cells = L²."},
            {{"total", integer(total)}}),
    };
    return {heat, make_view(say(lang, {"每个 Δ 的格子数", "Cells per Δ"}), std::move(t), notes)};
}

Step equal_delta_diagonals() {
    return {
        "equal-delta-diagonals",
        {"相同的 Δ 落在同一条对角线上", "Equal Δ lie on one diagonal"},
        {
        "位置取 0…L−1 时，差 Δ = q − k 的范围是 −(L−1) 到 L−1：L² 个格子只对应 2L−1 个不同的 Δ。"
        "向下一格再向右一格，Δ 不变，所以每个 Δ 恰好占据一条对角线。"
        "把鼠标移到格子上可以看到它所在的对角线；表格统计了每条对角线上的格子数。",
        "With positions 0…L−1 the difference Δ = q − k runs from −(L−1) to L−1, so the L² cells share only "
        "2L−1 distinct values of Δ. One step down and one step right leaves Δ unchanged, which is why each value "
        "of Δ fills exactly one diagonal. Hover a cell to outline its diagonal; the table counts the cells on each."},
        {"L"},
        views_of(read_model, diagonals_views),
        {
         R"tex(\Delta = q - k \in \{-(L-1), \dots, L-1\})tex",
         R"tex(\#\{(q,k) : q - k = \Delta\} = L - |\Delta|)tex"},
        // Playing grows L: each new row and column adds one diagonal at each end, 2L − 1 in all.
        {"L", 2, 16, 2},
    };
}

// [SECTION] step 3: a kernel of Δ

std::vector<ViewData> kernel_views(const Model& in, Lang lang) {
    const int L = in.L, m = n_freq(in);
    const Eigen::VectorXd cos_v = cosine_readout(m);

    TableView t;
    t.values.resize(2 * L - 1, m + 1);
    for (int d = -(L - 1); d <= L - 1; ++d) {
        const Eigen::Index row = d + L - 1;
        for (int i = 0; i < m; ++i) t.values(row, i) = std::cos(in.omega(i) * d);
        t.values(row, m) = f_kernel(d, in.omega, cos_v);
    }
    t.row_labels = delta_labels(L);
    for (int i = 0; i < m; ++i) t.col_labels.push_back("cos ω" + sub(i) + "Δ");
    t.col_labels.push_back("f(Δ)");
    t.corner = "Δ";
    t.decimals = 4;
    t.values = without_rounding_noise(t.values);
    double asym = 0.0;
    for (int d = 1; d <= L - 1; ++d)
        asym = std::max(asym, std::fabs(f_kernel(d, in.omega, cos_v) - f_kernel(-d, in.omega, cos_v)));
    const std::vector<std::string> notes = {
        say(lang, {"f(0) = {f0}：Δ = 0 时每个余弦都等于 1。", "f(0) = {f0}: at Δ = 0 every cosine equals 1."},
            {{"f0", num(f_kernel(0, in.omega, cos_v))}}),
        say_error(lang, {"偶函数检验：最大的 |f(Δ) − f(−Δ)| = {err}{hint}", "Even function: largest |f(Δ) − f(−Δ)| = {err}{hint}"}, asym),
    };

    CurveView c;
    c.y_axis = "f";
    c.x_axis = "x";
    const int half = std::max(L - 1, 1);
    const double fastest = in.omega.cwiseAbs().maxCoeff();
    // Enough samples per unit to draw the fastest cosine smoothly, capped for L = 64 with large ω.
    const double per_unit = std::max(16.0, 12.0 * fastest);
    const int samples = static_cast<int>(std::min(4001.0, 2.0 * half * per_unit + 1.0));
    c.series.assign(static_cast<std::size_t>(m + 1), {});
    for (int s = 0; s < samples; ++s) {
        const double x = -half + 2.0 * half * s / (samples - 1);
        c.x.push_back(x);
        c.series[0].push_back(f_kernel(x, in.omega, cos_v));
        for (int i = 0; i < m; ++i) c.series[static_cast<std::size_t>(i + 1)].push_back(std::cos(in.omega(i) * x));
    }
    c.series_labels.push_back("f(x)");
    for (int i = 0; i < m; ++i) c.series_labels.push_back("cos ω" + sub(i) + "x");
    for (int d = -(L - 1); d <= L - 1; ++d) c.markers_x.push_back(d);
    return {make_view(say(lang, {"f(x) 及其余弦，圆点为整数 Δ", "f(x) and its cosines, dots at the integer Δ"}), std::move(c), notes),
            make_view(say(lang, {"整数 Δ 处的 f(Δ)", "f(Δ) at integer Δ"}), std::move(t))};
}

Step kernel_of_delta() {
    return {
        "kernel-of-delta",
        {"只依赖 Δ 的核函数", "A kernel that depends only on Δ"},
        {
        "每个频率取一个余弦再相加：f(Δ) = cos(ω₀Δ) + cos(ω₁Δ)。ω₀ 振荡得快，ω₁ 振荡得慢，"
        "合起来得到一个兼顾多个尺度的距离函数。余弦是偶函数，所以 f(−Δ) = f(Δ)。"
        "曲线画出 f 和它的每个余弦，圆点标出整数 Δ（只有这些点会出现在矩阵里）；下面的表格列出每个整数 Δ 上的值。",
        "Take one cosine per frequency and add them up: f(Δ) = cos(ω₀Δ) + cos(ω₁Δ). ω₀ oscillates fast and ω₁ "
        "slowly, so together they describe distance at several scales. Cosine is even, hence f(−Δ) = f(Δ). "
        "The curve draws f and each of its cosines, with dots at the integer Δ (the only points that reach the "
        "matrix); the table below lists the values at every integer Δ."},
        {"L", "omega"},
        views_of(read_model, kernel_views),
        {
         R"tex(f(\Delta) = \cos(\omega_0 \Delta) + \cos(\omega_1 \Delta))tex",
         R"tex(f(-\Delta) = f(\Delta))tex"},
    };
}

// [SECTION] step 4: Toeplitz F

std::vector<ViewData> toeplitz_views(const Model& in, Lang lang) {
    const Eigen::MatrixXd F = cosine_f_matrix(in);
    ViewData heat = readout_heatmap("F[q,k] = f(q − k)", in, cosine_readout(n_freq(in)), lang, false);
    ViewData table = diagonal_table(F, lang);
    const double spread = largest_spread(F);
    table.notes.push_back(spread == 0.0 ? say(lang,
                                              {"所有对角线中最大的极差：{spread}，所以 F 是 Toeplitz 矩阵。",
                                               "Largest spread along any diagonal: {spread}, so F is a Toeplitz matrix."},
                                              {{"spread", exact(spread)}})
                                        : say(lang, {"所有对角线中最大的极差：{spread}", "Largest spread along any diagonal: {spread}"},
                                              {{"spread", exact(spread)}}));
    table.notes.push_back(say(lang,
                              {"F 有 {cells} 个格子，但只有 {diagonals} 条对角线，也就只有这么多个不同的值。",
                               "F has {cells} cells but only {diagonals} diagonals, hence at most that many different values."},
                              {{"cells", integer(in.L * in.L)}, {"diagonals", integer(2 * in.L - 1)}}));
    return {heat, table};
}

Step toeplitz_f() {
    return {
        "toeplitz-f",
        {"填出 F：Toeplitz 矩阵", "Filling F: a Toeplitz matrix"},
        {
        "填格子 (q, k) 时，先算 Δ = q − k，再写入 f(Δ)。同一条对角线上的格子 Δ 相同，得到的数也完全相同；"
        "每条对角线都是常数，正是 [[toeplitz|Toeplitz 矩阵]]的定义。表格逐条对角线给出最小值、最大值和极差（最大减最小）来检验这一点。",
        "To fill cell (q, k), compute Δ = q − k and write f(Δ) there. All cells on a diagonal share their Δ, so "
        "they receive exactly the same number; a matrix whose diagonals are constant is called [[toeplitz|Toeplitz]]. The "
        "table checks this diagonal by diagonal with the smallest and largest entry and their spread."},
        {"L", "omega"},
        views_of(read_model, toeplitz_views),
        {
         R"tex(F[q,k] = f(q - k))tex",
         R"tex(F[q+1,\,k+1] = F[q,k])tex"},
    };
}

}  // namespace fdelta
}  // namespace pelab
