// PE Lab — lessons/f_delta/feature_vectors.cpp
// Step "feature-vectors" of f-delta: R_Δ lists cos(ωᵢΔ) and sin(ωᵢΔ) per frequency, one row per diagonal of
// F, each pair a point on a unit circle. The views builder, the step, then the dials it draws.
// Comments are English only: the font subset is built from the characters inside this file's strings.
//
// [SECTION] views: R_Δ as a table and as dials
// [SECTION] the step
// [SECTION] the dials of R_Δ
#include <algorithm>
#include <cmath>
#include <string>
#include <vector>

#include "core/relative/f_delta.h"
#include "lessons/f_delta/f_delta_lesson.h"
#include "lessons/lesson_util.h"

namespace pelab {
namespace fdelta {

using namespace lessonui;  // shared display helpers (lessons/lesson_util.h)

// [SECTION] views: R_Δ as a table and as dials
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

// [SECTION] the step
Step feature_vectors() {
    Step s{
        "feature-vectors",
        {"R_Δ：每个距离一个特征向量", "R_Δ: one feature vector per distance"},
        {
        "对每个频率 ωᵢ，R_Δ 存一对 (cos ωᵢΔ, sin ωᵢΔ)，即单位圆上的一点；两个频率时共有四个分量。"
        "与 f 给出一个数不同，R_Δ 是一个向量。把所有 Δ 的 R_Δ 叠起来，得到一张 2L−1 行的表，每行对应 F 的一条对角线，它并不是 L×L 矩阵。"
        "正弦分量保留了余弦丢掉的信息：它随 Δ 变号，因此 R_Δ 能区分 Δ 和 −Δ。"
        "每个点随 Δ 每加 1 转过 ωᵢ 弧度，Δ 为负时反向转动，所以 Δ 和 −Δ 关于横轴对称。",
        "For each frequency ωᵢ, R_Δ holds a pair (cos ωᵢΔ, sin ωᵢΔ), a point on the unit circle: four entries for two "
        "frequencies. Where f gave one number, R_Δ is a vector. Stacking R_Δ for all Δ gives a table with 2L−1 rows, "
        "one per diagonal of F; it is not an L×L matrix. The sine entries keep what the cosines lose: they change sign "
        "with Δ, so R_Δ can tell Δ from −Δ. Each point turns by ωᵢ radians per step of Δ, the other way round for "
        "negative Δ, so Δ and −Δ are mirror images across the horizontal axis."},
        {"L", "omega"},
        views_of(read_model, features_views),
        {
         R"tex(R_\Delta = (\cos \omega_0 \Delta,\ \sin \omega_0 \Delta,\ \cos \omega_1 \Delta,\ \sin \omega_1 \Delta,\ \dots)^\top)tex",
         R"tex(\sin(-\omega\Delta) = -\sin(\omega\Delta))tex"},
    };
    s.takeaway = {"R_Δ 保留了 f 丢掉的符号：每对 (cos ωᵢΔ, sin ωᵢΔ) 随 Δ 每加 1 转过 ωᵢ，所以 −Δ 落在镜像点上，正弦相反。",
                  "R_Δ keeps the sign f lost: each pair (cos ωᵢΔ, sin ωᵢΔ) turns by ωᵢ per unit of Δ, so −Δ gets the "
                  "opposite sine."};
    return s;
}

// [SECTION] the dials of R_Δ
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

}  // namespace fdelta
}  // namespace pelab
