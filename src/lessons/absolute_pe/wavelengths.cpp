// PE Lab — lessons/absolute_pe/wavelengths.cpp
// Step "wavelengths" of absolute-pe: the PE heatmap (positions × dimensions) and chosen dimensions as curves:
// low dimensions oscillate fast, high ones slowly. Its views, then the step. (The wavelengths themselves are
// step "wavelength-range", the cost of the code step "sinusoid-cost".)
// Comments are English only: the font subset is built from the characters inside this file's strings.
//
// [SECTION] the heatmap and chosen dimensions
#include <string>
#include <vector>

#include "core/constants.h"
#include "core/relative/f_delta.h"
#include "lessons/absolute_pe/absolute_pe.h"
#include "lessons/lesson_util.h"

namespace pelab {
namespace absolute_pe {

using namespace lessonui;

// [SECTION] the heatmap and chosen dimensions
namespace {

std::vector<ViewData> wavelength_views(const Inputs& in, Lang lang) {
    const int L = in.L, d = in.d_model;
    const Eigen::MatrixXd PE = sinusoidal_pe(L, d, in.base, in.variant);

    // Dimensions down, positions across: a wide map, fast dimensions at the top.
    HeatmapView heat = labelled_matrix(to_rows(Eigen::MatrixXd(PE.transpose())), index_labels(d), index_labels(L),
                                       say(lang, {"维度 j", "dimension j"}), say(lang, {"位置 p", "position p"}));
    heat.is_signed = true;
    const PeVariant v = in.variant;
    const Eigen::VectorXd w = sinusoidal_frequencies(d, in.base, v);
    heat.explain = [PE, w, L, d, v, lang](int row, int col) -> std::string {
        const int r = col, c = row;  // r: the position, c: the dimension
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

    // The heatmap first (the primary figure): every dimension at once is the evidence for "fast at the top, slow
    // at the bottom"; under curves of full width it was squeezed to a strip a few pixels tall. The chosen
    // dimensions' curves go under it.
    return {make_view(say(lang, {"PE：维度 × 位置", "PE: dimensions × positions"}), std::move(heat)),
            make_view(say(lang, {"选定的维度", "Chosen dimensions"}), std::move(curve))};
}

}  // namespace

Step heatmap_and_wavelengths() {
    Step s = {
        "wavelengths",
        {"低维振荡快，高维振荡慢", "Low dimensions fast, high dimensions slow"},
        {"把每个位置的编码排成一列，就得到维度 × 位置的热力图：第 i 对维度的频率 ω_i = base^(−2i/d) 随 i 按几何级数减小。"
         "上面的行几格就变一次号，下面的行在整张图里几乎不变。"
         "variant 选参考实现的前后两半排布时，这个由快到慢的图案出现两次：一次在 sin 半边，一次在 cos 半边。"
         "曲线默认画出第 2、6、12 维随位置的变化。",
         "Setting the code of every position as a column gives a dimensions × positions heatmap: the frequency "
         "ω_i = base^(−2i/d) of pair i falls geometrically with i. The top rows change sign every few cells, the bottom "
         "ones barely change over the whole map. With the reference implementation's halves layout (the variant key), "
         "the fast-to-slow pattern runs twice: once over the sines, once over the cosines. The curves show dimensions "
         "2, 6 and 12 by default."},
        {"L", "d_model", "base", "dims", "variant"},
        views_of(read_inputs, wavelength_views),
        {R"tex(\omega_i=\mathrm{base}^{-2i/d},\qquad \frac{\omega_{i+1}}{\omega_i}=\mathrm{base}^{-2/d},\qquad PE(p,2i)=\sin\omega_ip,\quad PE(p,2i+1)=\cos\omega_ip)tex"},
    };
    s.takeaway = {"快的维度几个位置就变号，慢的在 {L} 个位置里只转 {turns} 圈：每一对的频率只有前一对的 1/{ratio}。",
                  "The fast dimensions flip sign every few positions, the slowest turns only {turns} of a circle in {L} "
                  "positions: each pair's frequency is 1/{ratio} of the one before."};
    s.takeaway_args = args_of(read_inputs, +[](const Inputs& in, Lang) {
        const Eigen::VectorXd w = sinusoidal_frequencies(in.d_model, in.base, in.variant);
        const double turns = (in.L - 1) * w(w.size() - 1) / kTwoPi;
        return std::vector<Arg>{{"L", pos_text(in.L)}, {"turns", num(turns, 3)}, {"ratio", num(w(0) / w(1), 3)}};
    });
    return s;
}

}  // namespace absolute_pe
}  // namespace pelab
