// PE Lab — lessons/absolute_pe/wavelengths.cpp
// Step "wavelengths" of absolute-pe: the PE heatmap (positions × dimensions), chosen dimensions as curves,
// the wavelength of every frequency and what the code costs. Its views, then the step.
// Comments are English only: the font subset is built from the characters inside this file's strings.
//
// [SECTION] heatmap and wavelengths
#include <string>
#include <vector>

#include "core/constants.h"
#include "core/f_delta.h"
#include "lessons/absolute_pe/absolute_pe.h"
#include "lessons/lesson_util.h"

namespace pelab {
namespace absolute_pe {

using namespace lessonui;

// [SECTION] heatmap and wavelengths
namespace {

std::vector<ViewData> wavelength_views(const Inputs& in, Lang lang) {
    const int L = in.L, d = in.d_model;
    const Eigen::MatrixXd PE = sinusoidal_pe(L, d, in.base, in.variant);

    HeatmapView heat = labelled_matrix(to_rows(PE), index_labels(L), index_labels(d), say(lang, {"位置 p", "position p"}),
                                       say(lang, {"维度 j", "dimension j"}));
    heat.is_signed = true;
    const PeVariant v = in.variant;
    const Eigen::VectorXd w = sinusoidal_frequencies(d, in.base, v);
    heat.explain = [PE, w, L, d, v, lang](int r, int c) -> std::string {
        if (r < 0 || c < 0 || r >= L || c >= d) return "";
        bool is_cos = false;
        int i = 0;
        column_meaning(c, d, v, &is_cos, &i);
        return say(lang, {"PE[{p}][{j}] = {fn}({p} · {omega}) = {value}，频率 ω{i}", "PE[{p}][{j}] = {fn}({p} · {omega}) = {value}, frequency ω{i}"},
                   {{"p", pos_text(r)}, {"j", pos_text(c)}, {"fn", is_cos ? "cos" : "sin"}, {"omega", num(w(i))}, {"value", num(PE(r, c))}, {"i", sub(i)}});
    };

    CurveView curve;
    curve.y_axis = "PE";
    curve.x_axis = say(lang, {"位置 p", "position p"});
    const int samples = 4 * (L - 1) + 1;
    for (int s = 0; s < samples; ++s) curve.x.push_back(0.25 * s);
    for (int dim : in.dims) {
        std::vector<double> ys;
        for (double x : curve.x) ys.push_back(sinusoidal_pe_row(x, d, in.base, v)(dim));
        curve.series.push_back(ys);
        bool is_cos = false;
        int i = 0;
        column_meaning(dim, d, v, &is_cos, &i);
        curve.series_labels.push_back(say(lang, {"维度 {dim} ({fn} ω{i}p)", "dim {dim} ({fn} ω{i}p)"},
                                          {{"dim", pos_text(dim)}, {"fn", is_cos ? "cos" : "sin"}, {"i", sub(i)}}));
    }

    const Eigen::VectorXd lam = sinusoidal_wavelengths(d, in.base, v);
    TableView waves;
    waves.values.resize(lam.size(), 3);
    for (int i = 0; i < lam.size(); ++i) {
        waves.values.row(i) << w(i), lam(i), lam(i) / kTwoPi;
        waves.row_labels.push_back("i = " + pos_text(i));
    }
    waves.col_labels = {"ω_i", "λ_i = 2π/ω_i", "λ_i / 2π"};
    waves.decimals = 4;
    const double longest = lam(lam.size() - 1);
    std::vector<std::string> wave_notes = {
        say(lang, {"最短波长 = {shortest} = 2π；最长 = {longest} = 2π · {ratio}。", "Shortest wavelength = {shortest} = 2π; longest = {longest} = 2π · {ratio}."},
            {{"shortest", num(lam(0))}, {"longest", num(longest)}, {"ratio", num(longest / kTwoPi)}})};
    if (v == PeVariant::vaswani)
        wave_notes.push_back(say(lang, {"常见的简化写法说波长一直增长到 base·2π；论文排布中最长的是 2π·base^(1 − 2/d)，只接近而达不到 base·2π = {limit}（tensor2tensor 排布恰好到达它）。",
                                        "A common simplified version found in tutorials says the wavelengths grow up to base·2π; in the paper's layout the longest is 2π·base^(1 − 2/d), "
                                        "close to but short of base·2π = {limit} (the tensor2tensor layout reaches it exactly)."},
                                 {{"limit", num(in.base * kTwoPi)}}));
    else
        wave_notes.push_back(say(lang, {"tensor2tensor 排布的最后一个频率恰好是 1/base，所以最长波长就是 base·2π。",
                                        "In the tensor2tensor layout the last frequency is exactly 1/base, so the longest wavelength is base·2π."}));
    // What the code costs: sin/cos evaluations against the multiply-adds of one d × d projection.
    const long long table_evals = static_cast<long long>(L) * d, row_evals = d, projection = static_cast<long long>(d) * d;
    TableView cost;
    cost.values.resize(4, 2);
    cost.values << static_cast<double>(table_evals), static_cast<double>(row_evals),
            static_cast<double>(projection) * L, static_cast<double>(projection),
            0.0, 0.0,
            static_cast<double>(table_evals), static_cast<double>(row_evals);
    cost.row_labels = {say(lang, {"正弦编码的 sin/cos 次数", "sines and cosines of the code"}),
                       say(lang, {"一次 d × d 投影的乘加（对照）", "multiply-adds of one d × d projection (for contrast)"}),
                       say(lang, {"正弦编码的参数", "parameters of the sinusoidal code"}),
                       say(lang, {"可学习表的参数（max_len = L）", "parameters of a learnable table (max_len = L)"})};
    cost.col_labels = {say(lang, {"全部 L 个位置", "all L positions"}), say(lang, {"每个位置", "per position"})};
    cost.corner = say(lang, {"计算", "computation"});
    cost.integer = true;
    const std::vector<std::string> cost_notes = {
        say(lang, {"L = {L}、d = {d}：整张表 {table} 次 sin/cos，只在开始时算一次；每个位置现算也只要 {row} 次。",
                   "L = {L}, d = {d}: the whole table takes {table} sines and cosines, computed once; on the fly a position takes {row}."},
            {{"L", pos_text(L)}, {"d", pos_text(d)}, {"table", count_text(table_evals, lang)}, {"row", pos_text(row_evals)}}),
        say(lang, {"同一个位置经过一次 d × d 投影（例如 W_q）就要 {proj} 次乘加，是 sin/cos 次数的 {ratio} 倍；而一层注意力有好几次这样的投影。",
                   "The same position passing one d × d projection (W_q, say) takes {proj} multiply-adds, {ratio} times its sines and cosines; one attention layer has several such projections."},
            {{"proj", count_text(projection, lang)}, {"ratio", num(static_cast<double>(projection) / row_evals)}}),
    };
    return {make_view(say(lang, {"PE：位置 × 维度", "PE: positions × dimensions"}), std::move(heat)),
            make_view(say(lang, {"选定维度随位置的变化", "Chosen dimensions across positions"}), std::move(curve),
                      {say(lang, {"低维振荡快，高维振荡慢：第 j 维的频率随 j 按几何级数减小。",
                                  "Low dimensions oscillate fast and high ones slowly: the frequency falls geometrically with j."})}),
            make_view(say(lang, {"每个频率的波长", "Wavelength of each frequency"}), std::move(waves), wave_notes),
            make_view(say(lang, {"正弦编码的计算量", "What the sinusoidal code costs"}), std::move(cost), cost_notes)};
}

}  // namespace

Step heatmap_and_wavelengths() {
    return {
        "wavelengths",
        {"热力图与波长", "Heatmap and wavelengths"},
        {"把每个位置的编码排成一行，就得到位置 × 维度的热力图。低维的频率高、振荡快，高维的频率低、变化慢；"
         "曲线默认画出第 2、6、12 维。[[wavelength|波长]] λ_i = 2π/ω_i 从 2π 开始按几何级数增长，"
         "表格列出全部波长，注释把最长的波长与常见说法中的 base·2π 相比较。"
         "常见的简化写法还说正弦编码计算代价高；最后一张表算出它到底要多少次 sin 和 cos：整张 L × d 表只算一次，"
         "或者每个位置现算 d/2 个 sin 和 d/2 个 cos，与一次 d × d 投影的乘加次数相比微不足道，而且不占任何参数。",
         "Stacking the code of every position as a row gives a positions × dimensions heatmap. Low dimensions have "
         "high frequencies and oscillate fast; high dimensions change slowly. The curves show dimensions 2, 6 and 12 "
         "by default. The [[wavelength]] λ_i = 2π/ω_i grows geometrically from 2π; the table lists them all and "
         "a note compares the longest with the base·2π often quoted. A common simplified version found in tutorials "
         "also calls sinusoidal PE expensive; the last table counts its sines and cosines: the whole L × d table is "
         "computed once, or each position on the fly with d/2 sines and d/2 cosines, which is negligible next to the "
         "multiply-adds of one d × d projection, and it has no parameters at all."},
        {"L", "d_model", "base", "dims", "variant"},
        views_of(read_inputs, wavelength_views),
        {R"tex(\lambda_i=\frac{2\pi}{\omega_i}=2\pi\,\mathrm{base}^{2i/d})tex"},
    };
}

}  // namespace absolute_pe
}  // namespace pelab
