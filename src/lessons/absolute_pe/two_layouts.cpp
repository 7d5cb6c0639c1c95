// PE Lab — lessons/absolute_pe/two_layouts.cpp
// Step "two-layouts" of absolute-pe: the paper's interleaved sin/cos against tensor2tensor's [sin | cos]
// halves, with their different frequency spacing. Its views, then the step.
// Comments are English only: the font subset is built from the characters inside this file's strings.
//
// [SECTION] two layouts
#include <algorithm>
#include <cmath>
#include <string>
#include <vector>

#include "core/relative/f_delta.h"
#include "lessons/absolute_pe/absolute_pe.h"
#include "lessons/lesson_util.h"

namespace pelab {
namespace absolute_pe {

using namespace lessonui;

// [SECTION] two layouts
namespace {

std::vector<ViewData> layout_views(const Inputs& in, Lang lang) {
    const int d = in.d, pos = in.pos;
    const Eigen::VectorXd a = sinusoidal_pe_row(pos, d, in.base, PeVariant::vaswani);
    const Eigen::VectorXd b = sinusoidal_pe_row(pos, d, in.base, PeVariant::tensor2tensor);
    const Eigen::VectorXd wa = sinusoidal_frequencies(d, in.base, PeVariant::vaswani);
    const Eigen::VectorXd wb = sinusoidal_frequencies(d, in.base, PeVariant::tensor2tensor);

    // One row per column j of the code (d rows scroll; three columns always fit beside the figure).
    TableView values;
    values.values.resize(d, 3);
    values.values.col(0) = a;
    values.values.col(1) = b;
    values.values.col(2) = a - b;
    values.values = without_rounding_noise(values.values);
    values.corner = "j";  // the column of the code; the notes below name columns the same way
    values.row_labels = index_labels(d);
    values.col_labels = {say(lang, {"论文", "paper"}), say(lang, {"参考实现", "reference"}), say(lang, {"差", "difference"})};
    values.decimals = 5;  // (the notes below give the differing columns in full)
    // The deciding cells: the entries of the difference where the two layouts disagree, marked "differs"
    // (computed from the two vectors, not typed; an unmarked difference is 0).
    for (int j = 0; j < d; ++j)
        if (a(j) != b(j)) values.marks.push_back({j, 2, false, say(lang, {"不同", "differs"})});
    std::vector<std::string> value_notes;
    for (int j = 0; j < d; ++j) {
        if (a(j) == b(j)) continue;
        bool ca = false, cb = false;
        int ia = 0, ib = 0;
        column_meaning(j, d, PeVariant::vaswani, &ca, &ia);
        column_meaning(j, d, PeVariant::tensor2tensor, &cb, &ib);
        value_notes.push_back(say(lang, {"第 {j} 列：{fa}({xa}) = {va}，而 {fb}({xb}) = {vb}", "Column {j}: {fa}({xa}) = {va} versus {fb}({xb}) = {vb}"},
                                  {{"j", pos_text(j)}, {"fa", ca ? "cos" : "sin"}, {"xa", num(pos * wa(ia))}, {"va", num(a(j))},
                                   {"fb", cb ? "cos" : "sin"}, {"xb", num(pos * wb(ib))}, {"vb", num(b(j))}}));
    }
    if (value_notes.empty()) value_notes.push_back(say(lang, {"在这个位置两种排布完全相同。", "At this position both layouts agree."}));
    value_notes.push_back(say(lang, {"两者都是合法的编码，但训练好的权重只认自己的排布：换一种，每个位置都读错。",
                                     "Both are valid codes, but trained weights expect their own layout: swap it and every position reads wrong."}));

    TableView freqs;
    freqs.values.resize(wb.size(), 2);
    for (int i = 0; i < wb.size(); ++i) {
        freqs.values(i, 0) = i < wa.size() ? wa(i) : std::nan("");
        freqs.values(i, 1) = wb(i);
        freqs.row_labels.push_back("i = " + pos_text(i));
    }
    // Short headers (the equations give both formulas): the tables fit beside the figure in one column.
    freqs.col_labels = {say(lang, {"论文", "paper"}), say(lang, {"参考实现", "reference"})};
    freqs.decimals = 6;
    // The whole code in both layouts side by side (a blank column between them), positions down and columns
    // across: interleaving shows as alternating sin/cos columns, tensor2tensor's halves as a block of sines and
    // a block of cosines. The row of pos is outlined.
    const int rows = std::max(32, pos + 1);  // pos ≤ 255
    const PeVariant variants[2] = {PeVariant::vaswani, PeVariant::tensor2tensor};
    HeatmapView both;
    both.values = RowMatrix::Constant(rows, 2 * d + 1, std::nan(""));
    for (int v = 0; v < 2; ++v) {
        both.values.block(0, v * (d + 1), rows, d) = to_rows(sinusoidal_pe(rows, d, in.base, variants[v]));
        for (int j = 0; j < d; ++j) {
            bool is_cos = false;
            int i = 0;
            column_meaning(j, d, variants[v], &is_cos, &i);
            both.col_labels.push_back((is_cos ? "cos" : "sin") + sub(i));
        }
        if (v == 0) both.col_labels.push_back("");
    }
    both.row_axis = say(lang, {"位置 p", "position p"});
    both.col_axis = say(lang, {"左：论文（交错）   右：参考实现 [sin | cos]", "left: paper, interleaved   right: reference, [sin | cos]"});
    both.is_signed = true;
    both.decimals = 2;
    both.highlight_row = pos;
    both.explain = [values = both.values, labels = both.col_labels, d, lang](int r, int c) -> std::string {
        if (r < 0 || c < 0 || r >= values.rows() || c >= values.cols()) return "";
        if (c == d) return say(lang, {"左边是论文公式的排布，右边是参考实现的排布", "Left: the paper's formula's layout; right: the reference implementation's"});
        return say(lang, {"{layout}：PE({p}) 的第 {j} 列 = {f}·(p = {p}) = {v}", "{layout}: column {j} of PE({p}) = {f} at p = {p}: {v}"},
                   {{"layout", c < d ? say(lang, {"论文", "paper"}) : say(lang, {"参考实现", "reference"})}, {"p", pos_text(r)},
                    {"j", pos_text(c < d ? c : c - d - 1)}, {"f", labels[static_cast<std::size_t>(c)]}, {"v", num(values(r, c))}});
    };
    return {make_view(say(lang, {"位置 0–{last} 的编码，两种排布并排", "The code of positions 0–{last}, both layouts side by side"},
                          {{"last", pos_text(rows - 1)}}),
                      std::move(both)),
            // The frequencies above the marked table: a marked row is drawn a little taller than the layout
            // counts, so the marked table goes last in the column, where nothing follows it.
            make_view(say(lang, {"频率 ω_i", "Frequencies ω_i"}), std::move(freqs),
                      {say(lang, {"（代码：tensor2tensor 的 `get_timing_signal_1d`）", "(tensor2tensor: `get_timing_signal_1d`)"})}),
            make_view(say(lang, {"PE({pos}) 的两种排布", "PE({pos}) in the two layouts"}, {{"pos", pos_text(pos)}}), std::move(values), value_notes)};
}

}  // namespace

namespace {

// How many entries of PE(pos) the two layouts give differently (the takeaway's count; the table marks the same).
int differing_entries(const Inputs& in) {
    const Eigen::VectorXd a = sinusoidal_pe_row(in.pos, in.d, in.base, PeVariant::vaswani);
    const Eigen::VectorXd b = sinusoidal_pe_row(in.pos, in.d, in.base, PeVariant::tensor2tensor);
    int n = 0;
    for (int j = 0; j < in.d; ++j) n += a(j) != b(j) ? 1 : 0;
    return n;
}

}  // namespace

Step two_layouts() {
    Step s = {
        "two-layouts",
        {"两种排布：论文公式与参考实现", "Two layouts: the paper's formula and the reference code"},
        {"常见的简化写法（教程）照抄论文的公式，把 sin 和 cos 交错排列；参考实现（作者的代码）则把所有 sin 放在前一半、所有 cos 放在后一半。"
         "论文的频率为 base^(−2i/d)；参考实现（fairseq 也一样）的频率为 base^(−i/(d/2−1))，最后一个频率恰好是 1/base。"
         "两者的差别有两处：列的排布（交错 vs. 前后两半），以及频率的间隔。"
         "两者都是合法的正弦编码，但同一位置的向量并不相同；加载别人的权重时必须用同一种排布。",
         "A common simplified version found in tutorials copies the paper's formula and interleaves sin and cos; the "
         "reference implementation (the authors' code) puts all sines in the first half and all cosines in the second. "
         "The paper's frequencies are base^(−2i/d); the reference implementation's (and fairseq's) are "
         "base^(−i/(d/2−1)), so the last one is exactly 1/base. The two differ twice, then: in the column layout (interleaved "
         "vs. two halves) and in the frequency spacing. Both are valid sinusoidal codes, but the vectors for a "
         "given position differ, and weights trained with one layout must be used with the same layout."},
        {"pos", "d", "base"},
        views_of(read_inputs, layout_views),
        {{R"tex(\text{论文：}(\sin p\omega_0,\cos p\omega_0,\sin p\omega_1,\dots),\quad \omega_i=\mathrm{base}^{-2i/d})tex",
          R"tex(\text{paper: }(\sin p\omega_0,\cos p\omega_0,\sin p\omega_1,\dots),\quad \omega_i=\mathrm{base}^{-2i/d})tex"},
         {R"tex(\text{参考实现：}(\sin p\omega_0,\sin p\omega_1,\dots,\cos p\omega_0,\dots),\quad \omega_i=\mathrm{base}^{-i/(d/2-1)})tex",
          R"tex(\text{reference: }(\sin p\omega_0,\sin p\omega_1,\dots,\cos p\omega_0,\dots),\quad \omega_i=\mathrm{base}^{-i/(d/2-1)})tex"}},
    };
    s.takeaway = {"PE({pos}) 的 {d} 个分量有 {n} 个不同：论文交错放 sin、cos；参考代码先放全部 sin，频率止于 1/base。",
                  "{n} of the {d} entries of PE({pos}) differ: the paper interleaves sin, cos; the reference code puts all "
                  "sines first, ending at 1/base."};
    s.takeaway_args = args_of(read_inputs, +[](const Inputs& in, Lang) {
        return std::vector<Arg>{{"pos", pos_text(in.pos)}, {"d", pos_text(in.d)}, {"n", pos_text(differing_entries(in))}};
    });
    return s;
}

}  // namespace absolute_pe
}  // namespace pelab
