// PE Lab — lessons/long_context/alibi_reference_rows.cpp
// Lesson "long-context", step "alibi-reference-rows": what the reference ALiBi code adds (m·j in every row)
// and the softmax check that it gives the same weights as −m(i − j).
// Comments are English only: the font subset is built from the characters inside .cpp string literals.
//
// [SECTION] views
// [SECTION] the step
#include <cmath>
#include <limits>

#include "core/alibi.h"
#include "lessons/lesson_util.h"
#include "lessons/long_context/long_context.h"

namespace pelab {
namespace long_context {

using namespace lessonui;

// [SECTION] views
// Masked (−∞) cells as NaN: the heatmap draws them as missing cells.
static Eigen::MatrixXd alibi_reference_masked_as_nan(Eigen::MatrixXd M) {
    for (Eigen::Index i = 0; i < M.size(); ++i)
        if (std::isinf(M.data()[i])) M.data()[i] = std::numeric_limits<double>::quiet_NaN();
    return M;
}

// What the reference code adds (m·j in every row) and the softmax check that it changes nothing.
static std::vector<ViewData> alibi_reference_rows_views(const Inputs& in, Lang lang) {
    const std::vector<double> slopes = alibi_slopes(in.heads);
    const int L = in.alibi_L;
    const double m = slopes[in.head];
    const Eigen::MatrixXd raw = alibi_reference_rows(L, m);
    const double softmax_gap = max_abs(alibi_row_softmax(raw) - alibi_row_softmax(alibi_bias(L, m, AlibiMode::causal)));
    const Eigen::MatrixXd ref = alibi_reference_masked_as_nan(raw);
    HeatmapView refv = qk_matrix(ref, lang);
    refv.row_axis = say(lang, {"查询位置 i", "query position i"});
    refv.col_axis = say(lang, {"键位置 j", "key position j"});
    refv.is_signed = false;
    refv.explain = [ref, m, L, lang](int r, int c) -> std::string {
        if (r < 0 || c < 0 || r >= L || c >= L) return "";
        if (std::isnan(ref(r, c))) return say(lang, {"i = {i}, j = {j}：屏蔽", "i = {i}, j = {j}: masked"}, {{"i", integer(r)}, {"j", integer(c)}});
        return say(lang, {"i = {i}, j = {j}: m·j = {v}；与 −m(i−j) 相差本行常数 m·i = {row}",
                          "i = {i}, j = {j}: m·j = {v}; differs from −m(i−j) by the row constant m·i = {row}"},
                   {{"i", integer(r)}, {"j", integer(c)}, {"v", num(ref(r, c))}, {"row", num(m * r)}});
    };
    const std::string note = say_error(lang, {"softmax 对每行加常数不变：两种写法的注意力权重最大差 = {err}{hint}",
                                        "Softmax ignores a constant per row: largest difference of the attention weights = {err}{hint}"}, softmax_gap);
    return {make_view(say(lang, {"参考代码实际加的：每行都是 m·j", "What the reference code adds: m·j in every row"}), refv, {note})};
}

// [SECTION] the step
Step alibi_reference_rows_step() {
    return {
        "alibi-reference-rows",
        {"ALiBi 的参考代码：每行加 m·j", "ALiBi's reference code adds m·j per row"},
        {"ALiBi 作者的参考代码（fairseq 里的 buffered_future_mask）给每一行加的其实是 m·j 而不是 −m·(i − j)，softmax 后权重相同。两者只差本行的常数 m·i，而 softmax 对每行加常数不变。"
         "热力图是所选头实际加上的值，注释核对两种写法的权重之差。",
         "ALiBi's reference code (the authors' fairseq, buffered_future_mask) adds m·j, not −m·(i − j), to each row: "
         "softmax gives the same weights. "
         "The two differ by the row's constant m·i, and softmax ignores a constant per row. The heatmap "
         "is what the chosen head really adds; the note checks the difference of the two forms' weights."},
        {"heads", "L", "head"},
        views_of(read_inputs, alibi_reference_rows_views),
        {R"tex(m\,j=-m\,(i-j)+m\,i,\qquad \mathrm{softmax}_j(x_j+c)=\mathrm{softmax}_j(x_j))tex"},
    };
}

}  // namespace long_context
}  // namespace pelab
