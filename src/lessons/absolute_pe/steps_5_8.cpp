// PE Lab — lessons/absolute_pe/steps_5_8.cpp
// Steps 5–8 of "absolute-pe", each step's prose beside its views: relative information inside the absolute
// code (PE(p+k) = M_k PE(p), the Gram matrix), the paper's and tensor2tensor's layouts, adding versus
// concatenating, and the learnable table with no rows beyond max_len.
// Comments are English only: the font subset is built from the characters inside this file's strings.
//
// [SECTION] step 5: relative information inside an absolute code
// [SECTION] step 6: two layouts
// [SECTION] step 7: adding versus concatenating
// [SECTION] step 8: learnable position embeddings
#include <algorithm>
#include <cmath>
#include <string>

#include "core/f_delta.h"
#include "core/random.h"
#include "lessons/absolute_pe/absolute_pe.h"
#include "lessons/lesson_util.h"

namespace pelab {
namespace absolute_pe {

using namespace lessonui;

namespace {
}  // namespace

// [SECTION] step 5: relative information inside an absolute code
namespace {

std::vector<ViewData> relative_views(const Inputs& in, Lang lang) {
    const int d = in.d, pos = in.pos, k = in.shift;
    const Eigen::MatrixXd M = sinusoidal_shift_matrix(k, d, in.base, PeVariant::vaswani);
    const Eigen::VectorXd pe = sinusoidal_pe_row(pos, d, in.base, PeVariant::vaswani);
    const Eigen::VectorXd moved = M * pe;
    const Eigen::VectorXd target = sinusoidal_pe_row(pos + k, d, in.base, PeVariant::vaswani);

    // A heatmap, so that the block-diagonal shape is the first thing seen; the cells carry the values.
    HeatmapView mk;
    mk.values = without_rounding_noise(to_rows(M));
    mk.row_labels = pe_column_labels(d, PeVariant::vaswani);
    mk.col_labels = index_labels(d);
    mk.is_signed = true;
    mk.decimals = 3;
    mk.explain = [Mr = mk.values, k, lang](int r, int c) -> std::string {
        if (r < 0 || c < 0 || r >= Mr.rows() || c >= Mr.cols()) return "";
        if (r / 2 != c / 2)
            return say(lang, {"M_k[{r}][{c}] = 0：不同频率互不混合（分块之外）", "M_k[{r}][{c}] = 0: different frequencies do not mix (outside the blocks)"},
                       {{"r", pos_text(r)}, {"c", pos_text(c)}});
        return say(lang, {"M_k[{r}][{c}] = {v}：频率 {i} 的 2×2 块，转过 k·ω{s}（k = {k}）",
                          "M_k[{r}][{c}] = {v}: the 2×2 block of frequency {i}, a turn by k·ω{s} (k = {k})"},
                   {{"r", pos_text(r)}, {"c", pos_text(c)}, {"v", num(Mr(r, c))}, {"i", pos_text(r / 2)}, {"s", sub(r / 2)}, {"k", integer(k)}});
    };

    TableView check;
    check.values.resize(3, d);
    check.values.row(0) = pe.transpose();
    check.values.row(1) = moved.transpose();
    check.values.row(2) = target.transpose();
    check.values = without_rounding_noise(check.values);
    check.row_labels = {"PE(" + pos_text(pos) + ")", "M_k·PE(" + pos_text(pos) + ")", "PE(" + integer(pos + k) + ")"};
    check.col_labels = index_labels(d);
    check.decimals = 6;
    std::vector<std::string> check_notes = {difference_note(
            lang, max_abs(moved - target), {"最大的 |M_k·PE(p) − PE(p + k)| = {diff}", "Largest |M_k·PE(p) − PE(p + k)| = {diff}"},
            {"最大的 |M_k·PE(p) − PE(p + k)| = {diff}（浮点舍入误差）", "Largest |M_k·PE(p) − PE(p + k)| = {diff} (floating-point rounding)"})};
    if (pos + k < 0)
        check_notes.push_back(say(lang, {"p + k < 0 在序列之外，但公式仍然有定义。", "p + k < 0 lies outside the sequence, but the formula is still defined."}));

    const int L = std::min(in.L, 128);
    const Eigen::MatrixXd G = gram_matrix(sinusoidal_pe(L, in.d_model, in.base, in.variant));
    HeatmapView gram = qk_view(G, lang);
    gram.row_axis = say(lang, {"位置 p", "position p"});
    gram.col_axis = say(lang, {"位置 q", "position q"});
    gram.explain = [G, L, lang](int r, int c) -> std::string {
        if (r < 0 || c < 0 || r >= L || c >= L) return "";
        return say(lang, {"G[{p}][{q}] = PE({p})·PE({q}) = Σ cos((p − q)ω_i) = {value}，p − q = {diff}",
                          "G[{p}][{q}] = PE({p})·PE({q}) = Σ cos((p − q)ω_i) = {value}, p − q = {diff}"},
                   {{"p", pos_text(r)}, {"q", pos_text(c)}, {"value", num(G(r, c))}, {"diff", integer(r - c)}});
    };
    std::vector<std::string> gram_notes = {
        difference_note(lang, diagonal_spread(G).maxCoeff(),
                        {"沿每条对角线的最大极差 = {diff}：G 只依赖 p − q。", "Largest spread along any diagonal = {diff}: G depends on p − q only."},
                        {"沿每条对角线的最大极差 = {diff}（浮点舍入误差）：G 只依赖 p − q。",
                         "Largest spread along any diagonal = {diff} (floating-point rounding): G depends on p − q only."}),
        say(lang, {"对角线上 G[p][p] = d/2 = {half}。", "On the main diagonal G[p][p] = d/2 = {half}."}, {{"half", num(G(0, 0))}}),
    };
    if (L > 128 || in.L > 128) gram_notes.push_back(say(lang, {"Gram 矩阵只画前 128 个位置。", "The Gram matrix shows the first 128 positions."}));

    CurveView decay;
    decay.y_axis = "G";
    decay.x_axis = "Δ";
    std::vector<double> ys;
    for (int delta = 0; delta < L; ++delta) {
        decay.x.push_back(delta);
        ys.push_back(G(0, delta));
    }
    decay.series.push_back(ys);
    decay.series_labels.push_back("PE(0)·PE(Δ)");
    return {make_view(say(lang, {"M_k（k = {k}）", "M_k (k = {k})"}, {{"k", integer(k)}}), std::move(mk),
                      {say(lang, {"分块对角：每个频率一个 2×2 旋转块 {block}，与 p 无关。", "Block-diagonal: one 2×2 rotation block {block} per frequency, independent of p."},
                           {{"block", "[[cos kω, sin kω], [−sin kω, cos kω]]"}})}),
            make_view(say(lang, {"验证 PE(p + k) = M_k·PE(p)", "Check PE(p + k) = M_k·PE(p)"}), std::move(check), check_notes),
            make_view(say(lang, {"Gram 矩阵 G = PE·PEᵀ", "Gram matrix G = PE·PEᵀ"}), std::move(gram), gram_notes),
            make_view(say(lang, {"G[0][Δ] 随距离 Δ 的变化", "G[0][Δ] against the distance Δ"}), std::move(decay),
                      {say(lang, {"Δ = 0 时最大（= d/2），随 |Δ| 增大总体衰减，并带有振荡。", "Largest at Δ = 0 (= d/2), decaying overall with |Δ|, with ripples."})})};
}

}  // namespace

Step relative_inside_absolute() {
    return {
        "relative-inside-absolute",
        {"绝对编码里的相对信息", "Relative information inside an absolute code"},
        {"由和角公式，sin((p+k)ω) 与 cos((p+k)ω) 是 sin(pω)、cos(pω) 的线性组合，系数只依赖 k。"
         "所以存在一个与 p 无关的矩阵 M_k，使 PE(p + k) = M_k·PE(p)；它是分块对角的，每块是一个 2×2 旋转。"
         "同样地，内积 PE(p)·PE(q) = Σ cos((p − q)ω_i) 只依赖 p − q：Gram 矩阵是 Toeplitz 矩阵，并随 |p − q| 衰减。",
         "By the angle-addition formulas, sin((p+k)ω) and cos((p+k)ω) are linear combinations of sin(pω) and "
         "cos(pω) with coefficients that depend only on k. So one matrix M_k, the same for every p, gives "
         "PE(p + k) = M_k·PE(p); it is block-diagonal with a 2×2 rotation per frequency. Likewise the dot product "
         "PE(p)·PE(q) = Σ cos((p − q)ω_i) depends only on p − q: the Gram matrix is Toeplitz and decays with |p − q|."},
        {"pos", "shift", "d", "base", "L", "d_model", "variant"},
        views_of(read_inputs, relative_views),
        {R"tex(PE(p+k)=M_k\,PE(p),\qquad M_k=\mathrm{diag}_i\begin{pmatrix}\cos k\omega_i&\sin k\omega_i\\-\sin k\omega_i&\cos k\omega_i\end{pmatrix})tex",
         R"tex(PE(p)^\top PE(q)=\sum_i\cos\bigl((p-q)\,\omega_i\bigr))tex"},
    };
}

// [SECTION] step 6: two layouts
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
    values.col_labels = {say(lang, {"论文（交错）", "paper (interleaved)"}), "tensor2tensor [sin | cos]", say(lang, {"差", "difference"})};
    values.decimals = 5;  // (the notes below give the differing columns in full)
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

    TableView freqs;
    freqs.values.resize(wb.size(), 2);
    for (int i = 0; i < wb.size(); ++i) {
        freqs.values(i, 0) = i < wa.size() ? wa(i) : std::nan("");
        freqs.values(i, 1) = wb(i);
        freqs.row_labels.push_back("i = " + pos_text(i));
    }
    freqs.col_labels = {say(lang, {"论文：base^(−2i/d)", "paper: base^(−2i/d)"}), "tensor2tensor: base^(−i/(d/2−1))"};
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
    both.col_axis = say(lang, {"左：论文（交错）    右：tensor2tensor [sin | cos]", "left: paper (interleaved)    right: tensor2tensor [sin | cos]"});
    both.is_signed = true;
    both.decimals = 2;
    both.highlight_row = pos;
    both.explain = [values = both.values, labels = both.col_labels, d, lang](int r, int c) -> std::string {
        if (r < 0 || c < 0 || r >= values.rows() || c >= values.cols()) return "";
        if (c == d) return say(lang, {"左边是论文的排布，右边是 tensor2tensor 的排布", "Left: the paper's layout; right: tensor2tensor's"});
        return say(lang, {"{layout}：PE({p}) 的第 {j} 列 = {f}·(p = {p}) = {v}", "{layout}: column {j} of PE({p}) = {f} at p = {p}: {v}"},
                   {{"layout", c < d ? say(lang, {"论文", "paper"}) : "tensor2tensor"}, {"p", pos_text(r)},
                    {"j", pos_text(c < d ? c : c - d - 1)}, {"f", labels[static_cast<std::size_t>(c)]}, {"v", num(values(r, c))}});
    };
    return {make_view(say(lang, {"位置 0–{last} 的编码，两种排布并排", "The code of positions 0–{last}, both layouts side by side"},
                          {{"last", pos_text(rows - 1)}}),
                      std::move(both)),
            make_view(say(lang, {"PE({pos}) 的两种排布", "PE({pos}) in the two layouts"}, {{"pos", pos_text(pos)}}), std::move(values), value_notes),
            make_view(say(lang, {"频率 ω_i", "Frequencies ω_i"}), std::move(freqs),
                      {say(lang, {"两者的差别有两处：列的排布（交错 vs. 前后两半），以及频率的间隔（tensor2tensor 的最后一个频率恰好是 1/base）。",
                                  "They differ twice: in the column layout (interleaved vs. two halves) and in the frequency spacing "
                                  "(tensor2tensor's last frequency is exactly 1/base)."})})};
}

}  // namespace

Step two_layouts() {
    return {
        "two-layouts",
        {"两种排布", "Two layouts"},
        {"论文把 sin 和 cos 交错排列，频率为 base^(−2i/d)。tensor2tensor 和 fairseq 则把所有 sin 放在前一半、所有 cos 放在后一半，"
         "频率为 base^(−i/(d/2−1))，最后一个频率恰好是 1/base。两者都是合法的正弦编码，但同一位置的向量并不相同；"
         "加载别人的权重时必须用同一种排布。",
         "The paper interleaves sin and cos, with frequencies base^(−2i/d). tensor2tensor and fairseq put all sines "
         "in the first half and all cosines in the second, with frequencies base^(−i/(d/2−1)), so the last one is "
         "exactly 1/base. Both are valid sinusoidal codes, but the vectors for a given position differ, and weights "
         "trained with one layout must be used with the same layout."},
        {"pos", "d", "base"},
        views_of(read_inputs, layout_views),
        {R"tex(\text{paper: }(\sin p\omega_0,\cos p\omega_0,\sin p\omega_1,\cos p\omega_1,\dots),\qquad \omega_i=\mathrm{base}^{-2i/d})tex",
         R"tex(\text{tensor2tensor: }(\sin p\omega_0,\dots,\sin p\omega_{d/2-1},\cos p\omega_0,\dots,\cos p\omega_{d/2-1}),\qquad \omega_i=\mathrm{base}^{-i/(d/2-1)})tex"},
    };
}

// [SECTION] step 7: adding versus concatenating
namespace {

std::vector<ViewData> concat_views(const Inputs& in, Lang lang) {
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

    // A heatmap: the zero padding shows as white cells, and the last two rows are visibly the same.
    HeatmapView vecs;
    vecs.values.resize(4, dim);
    vecs.values.row(0) = xpad.transpose();
    vecs.values.row(1) = ppad.transpose();
    vecs.values.row(2) = (xpad + ppad).transpose();
    vecs.values.row(3) = concat.transpose();
    vecs.row_labels = {say(lang, {"x 补零", "x padded"}), say(lang, {"p 补零", "p padded"}), say(lang, {"两者相加", "their sum"}), "[x; p]"};
    vecs.col_labels = {"x₀", "x₁", "x₂", "p₀", "p₁"};
    vecs.is_signed = true;
    vecs.decimals = 3;
    vecs.explain = [V = vecs.values, rows = vecs.row_labels, cols = vecs.col_labels, split = dw, lang](int r, int c) -> std::string {
        if (r < 0 || c < 0 || r >= V.rows() || c >= V.cols()) return "";
        const std::vector<Arg> args = {{"row", rows[static_cast<std::size_t>(r)]}, {"col", cols[static_cast<std::size_t>(c)]}, {"v", num(V(r, c))}};
        if ((r == 0 && c >= split) || (r == 1 && c < split))
            return say(lang, {"{row}，{col} = {v}：补零的位置", "{row}, {col} = {v}: a padding zero"}, args);
        return say(lang, {"{row}，{col} = {v}", "{row}, {col} = {v}"}, args);
    };

    HeatmapView wv = labelled_matrix(to_rows(W), index_labels(out), vecs.col_labels, say(lang, {"输出", "output"}),
                                     say(lang, {"输入分量", "input entry"}));
    wv.is_signed = true;
    for (int r = 0; r < out; ++r)
        for (int c = dw; c < dim; ++c) wv.highlight_cells.push_back({r, c});
    wv.explain = [W, split = dw, lang](int r, int c) -> std::string {
        if (r < 0 || c < 0 || r >= W.rows() || c >= W.cols()) return "";
        const std::vector<Arg> args = {{"r", pos_text(r)}, {"c", pos_text(c)}, {"value", num(W(r, c))}};
        if (c < split)
            return say(lang, {"W[{r}][{c}] = {value}，属于 W_x（作用在词嵌入上）", "W[{r}][{c}] = {value}, part of W_x (acts on the word embedding)"}, args);
        return say(lang, {"W[{r}][{c}] = {value}，属于 W_p（作用在位置上，已框出）", "W[{r}][{c}] = {value}, part of W_p (acts on the position, outlined)"}, args);
    };
    const Eigen::VectorXd y_concat = W * concat;
    const Eigen::VectorXd y_split = W.leftCols(dw) * x.col(0) + W.rightCols(dp) * pv.col(0);
    const std::vector<std::string> w_notes = {
        say(lang, {"W·[x; p] = {y}", "W·[x; p] = {y}"}, {{"y", vector_text(y_concat)}}),
        say(lang, {"W_x·x + W_p·p = {y}", "W_x·x + W_p·p = {y}"}, {{"y", vector_text(y_split)}}),
        difference_note(lang, max_abs(y_concat - y_split),
                        {"最大差 = {diff}：拼接后接线性层，就是在 d = d_w + d_p 维里相加的一个特例。",
                         "Largest difference = {diff}: concatenation followed by a linear map is the special case of adding in d = d_w + d_p dimensions."},
                        {"最大差 = {diff}（浮点舍入误差）：拼接后接线性层，就是在 d = d_w + d_p 维里相加的一个特例。",
                         "Largest difference = {diff} (floating-point rounding): concatenation followed by a linear map is the special case of adding in d = d_w + d_p dimensions."}),
    };
    // The same total width D = d_model: adding gives content and position all D dimensions (shared); concatenating
    // splits D (half each here), or keeps the content width D and grows the model to D + D/2.
    const long long D = in.d_model, half = D / 2;
    TableView width;
    width.values.resize(3, 4);
    width.values << D, D, D, D * D,
                    D, D - half, half, D * D,
                    D + half, D, half, (D + half) * (D + half);
    width.row_labels = {say(lang, {"相加（宽度 D）", "add (width D)"}), say(lang, {"拼接，总宽度同为 D", "concatenate, same total width D"}),
                        say(lang, {"拼接，内容仍占 D 维", "concatenate, content keeps D"})};
    width.col_labels = {say(lang, {"模型宽度", "model width"}), say(lang, {"内容可用的维数", "dimensions for content"}),
                        say(lang, {"位置可用的维数", "dimensions for position"}), say(lang, {"W_q 的参数", "parameters of W_q"})};
    width.corner = say(lang, {"方法", "method"});
    width.integer = true;
    const std::vector<std::string> width_notes = {
        say(lang, {"D = {D}：相加时内容和位置各自都能用全部 {D} 维（代价是两者共用同一空间）；同样宽度的拼接只给内容 {content} 维、给位置 {position} 维。",
                   "D = {D}: adding lets content and position each use all {D} dimensions (at the price of sharing one space); "
                   "concatenating at the same width leaves {content} for content and {position} for position."},
            {{"D", pos_text(static_cast<int>(D))}, {"content", pos_text(static_cast<int>(D - half))}, {"position", pos_text(static_cast<int>(half))}}),
        say(lang, {"若拼接时内容仍要 {D} 维，模型就变宽到 {wide} 维，每个 W_q 的参数从 {narrow_params} 增加到 {wide_params}（{ratio} 倍）。",
                   "Keeping {D} dimensions for content when concatenating widens the model to {wide}, and each W_q grows from "
                   "{narrow_params} to {wide_params} parameters ({ratio} times)."},
            {{"D", pos_text(static_cast<int>(D))}, {"wide", pos_text(static_cast<int>(D + half))}, {"narrow_params", grouped(D * D, lang)},
             {"wide_params", grouped((D + half) * (D + half), lang)}, {"ratio", num(static_cast<double>((D + half) * (D + half)) / (D * D))}}),
    };
    return {make_view(say(lang, {"拼接 = 两个补零向量相加", "Concatenation = adding two zero-padded vectors"}), std::move(vecs),
                      {say(lang, {"最大的 |(x 补零 + p 补零) − [x; p]| = {diff}", "Largest |(x padded + p padded) − [x; p]| = {diff}"},
                           {{"diff", exact(max_abs(xpad + ppad - concat))}})}),
            make_view(say(lang, {"线性层 W = [W_x | W_p]", "Linear layer W = [W_x | W_p]"}), std::move(wv), w_notes),
            make_view(say(lang, {"同样的总宽度：相加与拼接", "The same total width: adding and concatenating"}), std::move(width), width_notes)};
}

}  // namespace

Step add_or_concat() {
    return {
        "add-or-concat",
        {"相加还是拼接", "Adding versus concatenating"},
        {"把位置向量 p 拼接在词向量 x 后面，再接线性层 W，结果是 W_x·x + W_p·p。"
         "这正等于在 d_w + d_p 维里相加：x 只占前 d_w 维、p 只占后 d_p 维时，两个补零向量之和就是拼接。"
         "所以相加的表达能力并不弱于拼接，拼接只是它的一个特例；相加还保持了维度不变。"
         "比较时要用同样的总宽度 D（滑块 d_model）：相加让内容和位置都能用全部 D 维，拼接则要把 D 分给两者，"
         "或者让模型变宽、参数变多。最后一张表把这三种情况的维数和参数算出来。",
         "Concatenating the position vector p after the word vector x and applying a linear layer W gives "
         "W_x·x + W_p·p. That is exactly addition in d_w + d_p dimensions: if x occupies only the first d_w "
         "entries and p only the last d_p, the sum of the two zero-padded vectors is the concatenation. So adding "
         "is at least as expressive; concatenation is a special case, and addition keeps the width unchanged. "
         "Compare them at the same total width D (the d_model slider): adding lets content and position both use all D "
         "dimensions, while concatenating must split D between them or make the model wider, with more parameters. "
         "The last table computes the widths and parameters of the three cases."},
        {"seed", "d_model"},
        views_of(read_inputs, concat_views),
        {R"tex(W\begin{pmatrix}x\\p\end{pmatrix}=W_x\,x+W_p\,p=W\Bigl(\begin{pmatrix}x\\0\end{pmatrix}+\begin{pmatrix}0\\p\end{pmatrix}\Bigr))tex"},
    };
}

// [SECTION] step 8: learnable position embeddings
namespace {

std::vector<ViewData> learnable_views(const Inputs& in, Lang lang) {
    const int L = in.L, d = in.d_model, max_len = in.max_len;
    const Eigen::MatrixXd table = learnable_pe_table(max_len, d, static_cast<std::uint64_t>(in.seed));
    const Eigen::MatrixXd looked = learnable_pe_lookup(table, L);

    // Drawn transposed (dimensions down, positions across) so the missing positions form a band on the right
    // that is visible without scrolling.
    HeatmapView heat = labelled_matrix(to_rows(looked.transpose()), index_labels(d), index_labels(L), say(lang, {"维度 j", "dimension j"}),
                                       say(lang, {"位置 p", "position p"}));
    heat.is_signed = true;
    heat.explain = [looked, L, d, max_len, lang](int r, int c) -> std::string {
        if (r < 0 || c < 0 || r >= d || c >= L) return "";
        if (c >= max_len)
            return say(lang, {"位置 {p} ≥ max_len = {max_len}：表中没有这一行，无法查表。",
                              "Position {p} ≥ max_len = {max_len}: the table has no such row, so there is nothing to look up."},
                       {{"p", pos_text(c)}, {"max_len", pos_text(max_len)}});
        return say(lang, {"E[{p}][{j}] = {value}（训练得到的参数；这里由随机种子生成）", "E[{p}][{j}] = {value} (a trained parameter; drawn from the random seed here)"},
                   {{"p", pos_text(c)}, {"j", pos_text(r)}, {"value", num(looked(c, r))}});
    };
    std::vector<std::string> notes;
    if (L > max_len)
        notes.push_back(say(lang, {"位置 {first}…{last} 没有对应的行（斜线阴影）：nn.Embedding(max_len, d) 不能外推到训练长度之外。",
                                   "Positions {first}…{last} have no row (hatched): nn.Embedding(max_len, d) cannot reach beyond the training length."},
                            {{"first", pos_text(max_len)}, {"last", pos_text(L - 1)}}));
    else
        notes.push_back(say(lang, {"L ≤ max_len：每个位置都有自己的一行。", "L ≤ max_len: every position has its own row."}));
    notes.push_back(say(lang, {"参数量：max_len × d = {max_len} × {d} = {count}。", "Parameters: max_len × d = {max_len} × {d} = {count}."},
                        {{"max_len", pos_text(max_len)}, {"d", pos_text(d)}, {"count", grouped(static_cast<long long>(max_len) * d, lang)}}));
    notes.push_back(say(lang, {"按 BERT-base 的规模（512 × 768）是 {count} 个参数。", "At BERT-base size (512 × 768) it is {count} parameters."},
                        {{"count", grouped(512LL * 768LL, lang)}}));
    return {make_view(say(lang, {"可学习位置表 E（转置：每列一个位置）", "Learnable position table E (transposed: one column per position)"}), std::move(heat),
                      notes)};
}

}  // namespace

Step learnable_table() {
    return {
        "learnable-table",
        {"可学习的位置编码", "Learnable position embeddings"},
        {"可学习编码是一张 max_len × d 的表，每个位置一行，训练时和其他参数一起更新（这里由随机种子初始化）。"
         "超过 max_len 的位置在表中没有行，模型无法为它们查到编码，图中把这部分画成缺失的阴影区域。"
         "这张表的参数量是 max_len × d，随想要支持的最长序列线性增长。",
         "A learnable encoding is a max_len × d table with one row per position, trained together with the other "
         "parameters (initialised from the random seed here). Positions beyond max_len have no row, so the model has no "
         "code to look up for them; the view draws that region as missing and hatched. The table costs max_len × d "
         "parameters, growing linearly with the longest sequence it must support."},
        {"L", "max_len", "d_model", "seed"},
        views_of(read_inputs, learnable_views),
        {R"tex(P\in\mathbb{R}^{\mathrm{max\_len}\times d},\qquad x_p=e_p+P_{p,:}\quad(p<\mathrm{max\_len}))tex"},
    };
}

}  // namespace absolute_pe
}  // namespace pelab
