// PE Lab — lessons/beyond_training/alibi_reference_rows.cpp
// Lesson "beyond-training", step "alibi-reference-rows": what the reference ALiBi code adds (m·k in every row,
// k the key position) and the softmax check that it gives the same weights as −m(q − k).
// Comments are English only: the font subset is built from the characters inside .cpp string literals.
//
// [SECTION] views
// [SECTION] the step
#include <cmath>
#include <limits>

#include "core/relative/alibi.h"
#include "lessons/lesson_util.h"
#include "lessons/beyond_training/beyond_training.h"

namespace pelab {
namespace beyond_training {

using namespace lessonui;

// [SECTION] views
// Masked (−∞) cells as NaN: the heatmap draws them as missing cells.
static Eigen::MatrixXd alibi_reference_masked_as_nan(Eigen::MatrixXd M) {
    for (Eigen::Index i = 0; i < M.size(); ++i)
        if (std::isinf(M.data()[i])) M.data()[i] = std::numeric_limits<double>::quiet_NaN();
    return M;
}

// The largest difference of the attention weights between the reference rows and −m(q − k), for the chosen head.
static double reference_gap(const Inputs& in) {
    const std::vector<double> slopes = alibi_slopes(in.heads);
    const double m = slopes[static_cast<std::size_t>(in.head)];
    return max_abs(alibi_row_softmax(alibi_reference_rows(in.alibi_L, m)) -
                   alibi_row_softmax(alibi_bias(in.alibi_L, m, AlibiMode::causal)));
}

// What the reference code adds (m·k in every row) and the softmax check that it changes nothing.
static std::vector<ViewData> alibi_reference_rows_views(const Inputs& in, Lang lang) {
    const std::vector<double> slopes = alibi_slopes(in.heads);
    const int L = in.alibi_L;
    const double m = slopes[static_cast<std::size_t>(in.head)];
    const Eigen::MatrixXd raw = alibi_reference_rows(L, m);
    const Eigen::MatrixXd ref = alibi_reference_masked_as_nan(raw);
    HeatmapView refv = qk_matrix(ref, lang);
    refv.row_axis = say(lang, {"查询位置 q", "query position q"});
    refv.col_axis = say(lang, {"键位置 k", "key position k"});
    refv.is_signed = false;
    refv.explain = [ref, m, L, lang](int r, int c) -> std::string {
        if (r < 0 || c < 0 || r >= L || c >= L) return "";
        if (std::isnan(ref(r, c))) return say(lang, {"q = {q}, k = {k}：屏蔽", "q = {q}, k = {k}: masked"}, {{"q", integer(r)}, {"k", integer(c)}});
        return say(lang, {"q = {q}, k = {k}: m·k = {v}；与 −m(q − k) 相差本行常数 m·q = {row}",
                          "q = {q}, k = {k}: m·k = {v}; differs from −m(q − k) by the row constant m·q = {row}"},
                   {{"q", integer(r)}, {"k", integer(c)}, {"v", num(ref(r, c))}, {"row", num(m * r)}});
    };
    const std::vector<std::string> notes = {
        say_error(lang, {"softmax 对每行加常数不变：两种写法的注意力权重最大差 = {err}{hint}",
                         "Softmax ignores a constant per row: largest difference of the attention weights = {err}{hint}"},
                  reference_gap(in)),
        say(lang, {"（ALiBi 作者的代码每行加 m·k，而不是 −m·(q − k)。）",
                   "(The ALiBi authors' code adds m·k to every row, not −m·(q − k).)"}),
    };
    return {make_view(say(lang, {"作者代码实际加的：每行都是 m·k", "What the authors' code adds: m·k in every row"}), refv, notes)};
}

// [SECTION] the step
Step alibi_reference_rows_step() {
    Step s = {
        "alibi-reference-rows",
        {"ALiBi 的代码加 m·k", "ALiBi's code adds m·k"},
        {"ALiBi 作者的参考代码给每一行加的是 m·k（k 是键位置），而不是 −m·(q − k)。两者只差 m·q，在同一行（同一个查询）里是常数。"
         "热力图是所选头实际加上的值，注释核对两种写法的权重之差。",
         "The ALiBi authors' reference code adds m·k to each row (k the key position), not −m·(q − k). The two differ "
         "by m·q, a constant within a row (one query). The heatmap is what the chosen head really adds; the note "
         "checks the difference of the two forms' weights."},
        {"heads", "L", "head"},
        views_of(read_inputs, alibi_reference_rows_views),
        {R"tex(m\,k=-m\,(q-k)+m\,q,\qquad \mathrm{softmax}_k(x_k+m\,q)=\mathrm{softmax}_k(x_k))tex"},
    };
    s.takeaway = {"ALiBi 作者的代码加 m·k，与 −m·(q − k) 只差本行常数 m·q，[[softmax]] 不受影响（最大差 {err}）。",
                  "ALiBi's authors' code adds m·k, off from −m·(q − k) by m·q per row, which [[softmax]] ignores (largest "
                  "difference {err})."};
    s.takeaway_args = args_of(read_inputs, +[](const Inputs& in, Lang) { return std::vector<Arg>{{"err", exact(reference_gap(in))}}; });
    return s;
}

}  // namespace beyond_training
}  // namespace pelab
