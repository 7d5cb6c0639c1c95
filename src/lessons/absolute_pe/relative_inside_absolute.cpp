// PE Lab — lessons/absolute_pe/relative_inside_absolute.cpp
// Step "relative-inside-absolute" of absolute-pe: one matrix M_k, the same for every p, gives
// PE(p + k) = M_k·PE(p). Its views, then the step with its question. (The Gram matrix, which depends on p − q
// only, is step "gram-toeplitz".)
// Comments are English only: the font subset is built from the characters inside this file's strings.
//
// [SECTION] relative information inside an absolute code
#include <algorithm>
#include <cmath>
#include <string>
#include <vector>

#include "core/f_delta.h"
#include "lessons/absolute_pe/absolute_pe.h"
#include "lessons/lesson_util.h"

namespace pelab {
namespace absolute_pe {

using namespace lessonui;

// [SECTION] relative information inside an absolute code
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
    // One row per dimension j, the three vectors as columns: narrow enough to stand beside M_k.
    check.values.resize(d, 3);
    check.values.col(0) = pe;
    check.values.col(1) = moved;
    check.values.col(2) = target;
    check.values = without_rounding_noise(check.values);
    check.corner = "j";
    check.col_labels = {"PE(" + pos_text(pos) + ")", "M_k·PE(" + pos_text(pos) + ")", "PE(" + integer(pos + k) + ")"};
    check.row_labels = index_labels(d);
    check.decimals = 6;
    std::vector<std::string> check_notes = {difference_note(
            lang, max_abs(moved - target), {"最大的 |M_k·PE(p) − PE(p + k)| = {diff}", "Largest |M_k·PE(p) − PE(p + k)| = {diff}"},
            {"最大的 |M_k·PE(p) − PE(p + k)| = {diff}（浮点舍入误差）", "Largest |M_k·PE(p) − PE(p + k)| = {diff} (floating-point rounding)"})};
    if (pos + k < 0)
        check_notes.push_back(say(lang, {"p + k < 0 在序列之外，但公式仍然有定义。", "p + k < 0 lies outside the sequence, but the formula is still defined."}));

    return {make_view(say(lang, {"M_k（k = {k}）", "M_k (k = {k})"}, {{"k", integer(k)}}), std::move(mk)),
            make_view(say(lang, {"验证 PE(p + k) = M_k·PE(p)", "Check PE(p + k) = M_k·PE(p)"}), std::move(check), check_notes)};
}

}  // namespace

Step relative_inside_absolute() {
    Step s = {
        "relative-inside-absolute",
        {"绝对编码里的相对信息", "Relative information inside an absolute code"},
        {"一个与 p 无关的矩阵 M_k 把任意位置的编码移到 k 步之后：PE(p + k) = M_k·PE(p)。"
         "由和角公式，sin((p+k)ω) 与 cos((p+k)ω) 是 sin(pω)、cos(pω) 的线性组合，系数只依赖 k；"
         "所以 M_k 是分块对角的，每个频率一个 2×2 旋转块 R(kω_i)，θ = kω_i 时 R(θ) 的两行是 (cos θ, sin θ) 与 (−sin θ, cos θ)，与 p 无关。表格在当前的 p 和 k 上验证这个等式。",
         "One matrix M_k, the same for every p, moves the code of any position k steps on: PE(p + k) = M_k·PE(p). "
         "By the angle-addition formulas, sin((p+k)ω) and cos((p+k)ω) are linear combinations of sin(pω) and "
         "cos(pω) with coefficients that depend only on k, so M_k is block-diagonal with a 2×2 rotation block "
         "R(kω_i) per frequency, whose rows are (cos θ, sin θ) and (−sin θ, cos θ) at θ = kω_i, independent of p. The table checks the identity at the current p and k."},
        {"pos", "shift", "d", "base"},
        views_of(read_inputs, relative_views),
        {R"tex(PE(p+k)=M_k\,PE(p),\qquad M_k=\mathrm{diag}_i\,R(k\omega_i))tex"},
    };
    s.questions = {
        {{"是否有一个矩阵 M_k，对所有位置 p 都满足 PE(p + k) = M_k·PE(p)？",
          "Is there one matrix M_k with PE(p + k) = M_k·PE(p) for every position p?"},
         {{"有：同一个 M_k 适用于所有 p", "Yes: the same M_k works for every p"},
          {"没有：M_k 必须随 p 改变", "No: M_k has to change with p"},
          {"只有 tensor2tensor 的排列才有", "Only in the tensor2tensor layout"}},
         0,
         [](const ParamSet& p, Lang lang) {
             const Inputs in = read_inputs(p);
             const int L = in.L, k = in.shift;
             const int d = in.d_model;
             const double base = in.base;
             const PeVariant v = in.variant;
             const Eigen::MatrixXd M = sinusoidal_shift_matrix(k, d, base, v);
             double err = 0;
             for (int pos = 0; pos < L; ++pos)
                 err = std::max(err, (M * sinusoidal_pe_row(pos, d, base, v) - sinusoidal_pe_row(pos + k, d, base, v))
                                         .cwiseAbs()
                                         .maxCoeff());
             return say_error(lang,
                              {"按两角和公式，sin((p+k)ω) 和 cos((p+k)ω) 是 sin(pω)、cos(pω) 的线性组合，系数只依赖 k。"
                               "当前 k = {k}、d = {d}：对 p = 0…{last} 取最大 |M_k·PE(p) − PE(p + k)| = {err}{hint}。",
                               "By the angle-addition formulas, sin((p+k)ω) and cos((p+k)ω) are linear combinations of "
                               "sin(pω) and cos(pω) with coefficients that depend on k only. Now k = {k}, d = {d}: over "
                               "p = 0…{last} the largest |M_k·PE(p) − PE(p + k)| = {err}{hint}."},
                              err, {{"k", integer(k)}, {"d", integer(d)}, {"last", integer(L - 1)}});
         }},
    };
    return s;
}

}  // namespace absolute_pe
}  // namespace pelab
