// PE Lab — lessons/absolute_pe/relative_inside_absolute.cpp
// Step "relative-inside-absolute" of absolute-pe: one matrix M_Δ, the same for every p, gives
// PE(p + Δ) = M_Δ·PE(p) (the paper's k; the lesson writes Δ = q − k). Its views, then the step with its
// prediction. (The Gram matrix, which depends on Δ = q − k only, is step "gram-toeplitz".)
// Comments are English only: the font subset is built from the characters inside this file's strings.
//
// [SECTION] relative information inside an absolute code
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
            return say(lang, {"M_Δ[{r}][{c}] = 0：不同频率互不混合（分块之外）", "M_Δ[{r}][{c}] = 0: different frequencies do not mix (outside the blocks)"},
                       {{"r", pos_text(r)}, {"c", pos_text(c)}});
        return say(lang, {"M_Δ[{r}][{c}] = {v}：频率 {i} 的 2×2 块，转过 Δ·ω{s}（Δ = {k}）",
                          "M_Δ[{r}][{c}] = {v}: the 2×2 block of frequency {i}, a turn by Δ·ω{s} (Δ = {k})"},
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
    check.col_labels = {"PE(" + pos_text(pos) + ")", "M_Δ·PE(" + pos_text(pos) + ")", "PE(" + integer(pos + k) + ")"};
    check.row_labels = index_labels(d);
    check.decimals = 6;
    // The largest error over every p = 0…L−1, the same number as the takeaway's (not only at the p of the table).
    double err_all = 0;
    for (int p = 0; p < in.L; ++p)
        err_all = std::max(err_all, max_abs(M * sinusoidal_pe_row(p, d, in.base, PeVariant::vaswani) -
                                            sinusoidal_pe_row(p + k, d, in.base, PeVariant::vaswani)));
    std::vector<std::string> check_notes = {difference_note(
            lang, err_all,
            {"对 p = 0…{last}，最大的 |M_Δ·PE(p) − PE(p + Δ)| = {diff}", "Over p = 0…{last}, the largest |M_Δ·PE(p) − PE(p + Δ)| = {diff}"},
            {"对 p = 0…{last}，最大的 |M_Δ·PE(p) − PE(p + Δ)| = {diff}（浮点舍入误差）",
             "Over p = 0…{last}, the largest |M_Δ·PE(p) − PE(p + Δ)| = {diff} (floating-point rounding)"},
            {{"last", pos_text(in.L - 1)}})};
    if (pos + k < 0)
        check_notes.push_back(say(lang, {"p + Δ < 0 在序列之外，但公式仍然有定义。", "p + Δ < 0 lies outside the sequence, but the formula is still defined."}));
    check_notes.push_back(say(lang, {"（论文把这个平移写作 k；这里和全课一样写 Δ。）", "(The paper writes this shift as k; here it is Δ, as everywhere in PE Lab.)"}));

    return {make_view(say(lang, {"M_Δ（Δ = {k}）：每个频率一个旋转块", "M_Δ (Δ = {k}): one rotation block per frequency"}, {{"k", integer(k)}}), std::move(mk)),
            make_view(say(lang, {"验证 PE(p + Δ) = M_Δ·PE(p)", "Check PE(p + Δ) = M_Δ·PE(p)"}), std::move(check), check_notes)};
}

}  // namespace

Step relative_inside_absolute() {
    Step s = {
        "relative-inside-absolute",
        {"把编码向后移 Δ 个位置", "Moving a code Δ positions on"},
        {"从位置 p 走到 p + Δ，每个角度 pω_i 变成 (p + Δ)ω_i；下面的和角公式说明新角度的 sin、cos 怎样由旧的得到。"
         "由和角公式，sin((p+Δ)ω) 与 cos((p+Δ)ω) 是 sin(pω)、cos(pω) 的线性组合，系数只依赖 Δ；"
         "所以存在与 p 无关的矩阵 M_Δ，满足 PE(p + Δ) = M_Δ·PE(p)。它是分块对角的，每个频率一个 2×2 [[rotation|旋转]]块 R(Δω_i)，"
         "θ = Δω_i 时 R(θ) 的两行是 (cos θ, sin θ) 与 (−sin θ, cos θ)。取 p = k、p + Δ = q，就是查询位置的编码等于键位置的编码转过 Δ = q − k。"
         "表格在当前的 p 和 Δ 上验证这个等式。",
         "Going from position p to p + Δ turns every angle pω_i into (p + Δ)ω_i; the angle-addition formulas below say "
         "how the sin and cos of the new angle follow from the old ones. They make sin((p+Δ)ω) and cos((p+Δ)ω) linear "
         "combinations of sin(pω) and cos(pω) with coefficients that depend only on Δ, so one matrix M_Δ, the same for "
         "every p, gives PE(p + Δ) = M_Δ·PE(p). It is block-diagonal with a 2×2 [[rotation]] block R(Δω_i) per "
         "frequency, whose rows are (cos θ, sin θ) and (−sin θ, cos θ) at θ = Δω_i. With p = k and p + Δ = q, the "
         "query position's code is the key position's code turned by Δ = q − k. The table checks the identity at the "
         "current p and Δ."},
        {"pos", "shift", "d", "base"},
        views_of(read_inputs, relative_views),
        // The mechanism, not the answer to the step's prediction (PE(p + Δ) = M_Δ·PE(p)): equations stay uncovered.
        {R"tex(\sin\bigl((p+\Delta)\omega\bigr)=\sin(p\omega)\cos(\Delta\omega)+\cos(p\omega)\sin(\Delta\omega))tex",
         R"tex(\cos\bigl((p+\Delta)\omega\bigr)=\cos(p\omega)\cos(\Delta\omega)-\sin(p\omega)\sin(\Delta\omega))tex"},
    };
    s.takeaway = {"同一个 M_Δ 对每个 p 都成立（误差 {err}）：由和角公式，每对都转过 Δω_i，与 p 无关，所以一个分块旋转平移所有编码。",
                  "One M_Δ works for every p (error {err}): by the angle-addition formulas each frequency pair turns by Δω_i "
                  "whatever p is, so one block-diagonal rotation shifts every code."};
    s.takeaway_args = args_of(read_inputs, +[](const Inputs& in, Lang) {
        const Eigen::MatrixXd M = sinusoidal_shift_matrix(in.shift, in.d, in.base, PeVariant::vaswani);
        double err = 0;
        for (int pos = 0; pos < in.L; ++pos)
            err = std::max(err, max_abs(M * sinusoidal_pe_row(pos, in.d, in.base, PeVariant::vaswani) -
                                        sinusoidal_pe_row(pos + in.shift, in.d, in.base, PeVariant::vaswani)));
        return std::vector<Arg>{{"err", exact(err)}};
    });
    s.questions = {
        {{"是否有一个矩阵 M_Δ，对所有位置 p 都满足 PE(p + Δ) = M_Δ·PE(p)？",
          "Is there one matrix M_Δ with PE(p + Δ) = M_Δ·PE(p) for every position p?"},
         {{"有，对所有 p 都是同一个", "Yes, one for every p"},
          {"没有，它随 p 改变", "No, it changes with p"},
          {"只对部分 p 成立", "Only for some p"}},
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
                              {"按两角和公式，sin((p+Δ)ω) 和 cos((p+Δ)ω) 是 sin(pω)、cos(pω) 的线性组合，系数只依赖 Δ。"
                               "当前 Δ = {k}、d = {d}：对 p = 0…{last} 取最大 |M_Δ·PE(p) − PE(p + Δ)| = {err}{hint}。",
                               "By the angle-addition formulas, sin((p+Δ)ω) and cos((p+Δ)ω) are linear combinations of "
                               "sin(pω) and cos(pω) with coefficients that depend on Δ only. Now Δ = {k}, d = {d}: over "
                               "p = 0…{last} the largest |M_Δ·PE(p) − PE(p + Δ)| = {err}{hint}."},
                              err, {{"k", integer(k)}, {"d", integer(d)}, {"last", integer(L - 1)}});
         }},
    };
    s.questions[0].predict = true;  // asked before the table shows it
    return s;
}

}  // namespace absolute_pe
}  // namespace pelab
