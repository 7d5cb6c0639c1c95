// PE Lab — lessons/absolute_pe/add_or_concat.cpp
// Step "add-or-concat" of absolute-pe: concatenation followed by a linear layer is addition of zero-padded
// vectors. Its views, then the step. (The two compared at one total width: step "same-width".)
// Comments are English only: the font subset is built from the characters inside this file's strings.
//
// [SECTION] adding versus concatenating
#include <string>
#include <vector>

#include "core/relative/f_delta.h"
#include "core/random.h"
#include "lessons/absolute_pe/absolute_pe.h"
#include "lessons/lesson_util.h"

namespace pelab {
namespace absolute_pe {

using namespace lessonui;

// [SECTION] adding versus concatenating
namespace {

// The largest difference between W·[e; PE] and W_e·e + W_PE·PE, from the same draws as the views (the takeaway).
double concat_difference(const Inputs& in) {
    const int dw = 3, dp = 2, out = 3;
    SplitMix64 rng(static_cast<std::uint64_t>(in.seed) + 7);
    const Eigen::MatrixXd x = random_signed_matrix(dw, 1, rng);
    const Eigen::MatrixXd pv = random_signed_matrix(dp, 1, rng);
    const Eigen::MatrixXd W = random_signed_matrix(out, dw + dp, rng);
    Eigen::VectorXd concat(dw + dp);
    concat << x.col(0), pv.col(0);
    return max_abs(W * concat - (W.leftCols(dw) * x.col(0) + W.rightCols(dp) * pv.col(0)));
}

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
    vecs.row_labels = {say(lang, {"e 补零", "e padded"}), say(lang, {"PE 补零", "PE padded"}), say(lang, {"两者相加", "their sum"}), "[e; PE]"};
    vecs.col_labels = {"e₀", "e₁", "e₂", "PE₀", "PE₁"};
    vecs.is_signed = true;
    vecs.decimals = 3;
    vecs.explain = [V = vecs.values, rows = vecs.row_labels, cols = vecs.col_labels, split = dw, lang](int r, int c) -> std::string {
        if (r < 0 || c < 0 || r >= V.rows() || c >= V.cols()) return "";
        const std::vector<Arg> args = {{"row", rows[static_cast<std::size_t>(r)]}, {"col", cols[static_cast<std::size_t>(c)]}, {"v", num(V(r, c))}};
        if ((r == 0 && c >= split) || (r == 1 && c < split))
            return say(lang, {"{row}，{col} = {v}：补零的位置", "{row}, {col} = {v}: a padding zero"}, args);
        return say(lang, {"{row}，{col} = {v}", "{row}, {col} = {v}"}, args);
    };

    // The linear layer's outputs both ways: a small table reads at any size (a 3 × 5 heatmap of W beside the
    // vectors was squeezed to a few pixels at 1280×720).
    const Eigen::VectorXd y_concat = W * concat;
    const Eigen::VectorXd y_split = W.leftCols(dw) * x.col(0) + W.rightCols(dp) * pv.col(0);
    // One row per output, one column per way of computing it: narrow enough to sit beside the vectors.
    TableView outputs;
    outputs.values.resize(out, 2);
    outputs.values.col(0) = y_concat;
    outputs.values.col(1) = y_split;
    for (int r = 0; r < out; ++r) outputs.row_labels.push_back("y" + sub(r));
    outputs.col_labels = {"W·[e; PE]", "W_e·e + W_PE·PE"};
    outputs.decimals = 4;
    outputs.explain = [W, x, pv, split = dw, lang](int r, int c) -> std::string {  // the same for both columns of row r
        if (r < 0 || c < 0 || r >= W.rows() || c >= 2) return "";
        const double wx = W.row(r).leftCols(split).dot(x.col(0).transpose());
        const double wp = W.row(r).rightCols(W.cols() - split).dot(pv.col(0).transpose());
        return say(lang, {"输出 y{i} = W_e 第 {i} 行·e + W_PE 第 {i} 行·PE = {wx} + {wp} = {y}",
                          "Output y{i} = row {i} of W_e · e + row {i} of W_PE · PE = {wx} + {wp} = {y}"},
                   {{"i", sub(r)}, {"wx", num(wx)}, {"wp", num(wp)}, {"y", num(wx + wp)}});
    };
    const std::vector<std::string> w_notes = {
        say(lang, {"随机的 W（{out} × {dim}）：W_e 是前 {dw} 列，W_PE 是后 {dp} 列。",
                   "Random W ({out} × {dim}): W_e its first {dw} columns, W_PE the last {dp}."},
            {{"out", integer(out)}, {"dim", integer(dim)}, {"dw", integer(dw)}, {"dp", integer(dp)}}),
        difference_note(lang, max_abs(y_concat - y_split),
                        {"最大差 = {diff}：拼接后接线性层，就是在 {dim} 维里相加的一个特例。",
                         "Largest difference = {diff}: concatenation followed by a linear map is the special case of adding in {dim} dimensions."},
                        {"最大差 = {diff}（浮点舍入误差）：拼接后接线性层，就是在 {dim} 维里相加的一个特例。",
                         "Largest difference = {diff} (floating-point rounding): concatenation followed by a linear map is the special case of adding in {dim} dimensions."},
                        {{"dim", integer(dim)}}),
    };
    return {make_view(say(lang, {"拼接 = 两个补零向量相加", "Concatenation = adding two zero-padded vectors"}), std::move(vecs),
                      {say(lang, {"最大的 |(e 补零 + PE 补零) − [e; PE]| = {diff}", "Largest |(e padded + PE padded) − [e; PE]| = {diff}"},
                           {{"diff", exact(max_abs(xpad + ppad - concat))}})}),
            make_view(say(lang, {"线性层输出：两种算法", "Output y, both ways"}), std::move(outputs), w_notes)};
}

}  // namespace

Step add_or_concat() {
    Step s = {
        "add-or-concat",
        {"拼接是相加的特例", "Concatenation is a special case of adding"},
        {"把位置编码 PE 拼接在词嵌入 e 后面，再接线性层 W，结果是 W_e·e + W_PE·PE，W_e、W_PE 是 W 的前后两块列。"
         "e 只占前几维、PE 只占后几维时，两个补零向量之和就是拼接，所以拼接后接线性层等于两个补零向量之和经过同一个线性层。"
         "因此相加的表达能力并不弱于拼接。",
         "Concatenating the position code PE after the word embedding e and applying a linear layer W gives "
         "W_e·e + W_PE·PE, with W_e and W_PE the two blocks of W's columns. If e occupies only the first entries and PE "
         "only the last ones, the sum of the two zero-padded vectors is the concatenation, so concatenation followed by "
         "a linear layer is that sum through the same layer. So adding is at least as expressive."},
        {"seed"},
        views_of(read_inputs, concat_views),
        {R"tex(W\begin{pmatrix}e\\PE\end{pmatrix}=W_e\,e+W_{PE}\,PE=W\Bigl(\begin{pmatrix}e\\0\end{pmatrix}+\begin{pmatrix}0\\PE\end{pmatrix}\Bigr))tex"},
    };
    s.takeaway = {"[e; PE] 就是 e、PE 各自补零后相加，所以 W·[e; PE] = W_e·e + W_PE·PE（差 {diff}）：拼接是互不重叠的相加。",
                  "[e; PE] is e and PE, each padded with zeros, added: so W·[e; PE] = W_e·e + W_PE·PE (difference {diff}), and "
                  "concatenating is adding where the two never overlap."};
    s.takeaway_args = args_of(read_inputs, +[](const Inputs& in, Lang) {
        return std::vector<Arg>{{"diff", exact(concat_difference(in))}};
    });
    return s;
}

}  // namespace absolute_pe
}  // namespace pelab
