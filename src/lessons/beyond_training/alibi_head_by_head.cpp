// PE Lab — lessons/beyond_training/alibi_head_by_head.cpp
// Lesson "beyond-training", step "alibi-head-by-head": every ALiBi head's slope (the reference code's, beside the
// simple formula 2^(−8(h+1)/H)), its bias at Δ = L and the attention it puts beyond the training length at the
// longest context, on the same random contents.
// Comments are English only: the font subset is built from the characters inside .cpp string literals.
//
// [SECTION] views
// [SECTION] the step
#include <cmath>

#include "lessons/lesson_util.h"
#include "lessons/beyond_training/beyond_training.h"

namespace pelab {
namespace beyond_training {

using namespace lessonui;

// [SECTION] views
static std::vector<ViewData> alibi_head_by_head_views(const Inputs& in, Lang lang) {
    const AlibiMass mass = alibi_mass(in);
    const int H = mass.heads, L = mass.L, n = mass.n;
    const std::vector<double> simple = simple_formula_slopes(H);
    TableView table;
    table.values.resize(H, 4);
    int differ = 0;
    for (int h = 0; h < H; ++h) {
        const double m = mass.slopes[static_cast<std::size_t>(h)];
        table.values.row(h) << m, -m * L, mass.per_head[static_cast<std::size_t>(h)](n - 1), simple[static_cast<std::size_t>(h)];
        table.row_labels.push_back("h" + std::to_string(h));
        if (std::fabs(m - simple[static_cast<std::size_t>(h)]) > 1e-12 * m) ++differ;
    }
    // The deciding cell: the gentlest head lets the most attention past L.
    table.marks.push_back({mass.gentle, 2, false, say(lang, {"最平缓，漏过最多", "gentlest, most through"})});
    table.col_labels = {say(lang, {"斜率 m（作者代码）", "slope m (authors' code)"}), say(lang, {"Δ = L 处的偏置 −m·L", "bias at Δ = L: −m·L"}),
                        say(lang, {"N 时 L 之外的注意力", "attention beyond L at N"}), "2^(−8(h+1)/H)"};
    table.col_decimals = {-1, -1, 6, -1};
    table.decimals = 4;
    table.corner = say(lang, {"头", "head"});
    const std::vector<std::string> notes = {
        say(lang, {"每个头的斜率 m 与它在 N = {n} 时落在训练长度 L = {L} 之外的注意力；同一组随机内容。",
                   "Each head's slope m and the attention it puts beyond the training length L = {L} at N = {n}; the "
                   "same random contents."},
            {{"n", integer(n)}, {"L", integer(L)}}),
        differ == 0 ? say(lang, {"H = {H} 是 2 的幂：作者代码的斜率就是最后一列 2^(−8(h+1)/H)。",
                                 "H = {H} is a power of two: the authors' code's slopes are the last column, 2^(−8(h+1)/H)."},
                          {{"H", integer(H)}})
                    : say(lang, {"H = {H} 不是 2 的幂：{differ} 个头在作者代码中的斜率不等于最后一列的 2^(−8(h+1)/H)，"
                                 "因为作者代码先取 {P} 个头的斜率，再隔一个取 {P2} 个头的斜率（见[[lesson:beyond-training/alibi|上上一步]]）。",
                                 "H = {H} is not a power of two: {differ} heads' slopes in the authors' code differ from the last column, "
                                 "2^(−8(h+1)/H), because that code takes the slopes of {P} heads, then every other slope "
                                 "of {P2} heads (see [[lesson:beyond-training/alibi|the ALiBi step]])."},
                          {{"H", integer(H)}, {"differ", integer(differ)}, {"P", integer(slope_power_of_two(H))},
                           {"P2", integer(2 * slope_power_of_two(H))}}),
    };
    return {make_view(say(lang, {"ALiBi 的每个头：斜率与 L 之外的注意力", "Every ALiBi head: slope and attention beyond L"}), table, notes)};
}

// [SECTION] the step
Step alibi_head_by_head() {
    Step s = {
        "alibi-head-by-head",
        {"ALiBi 逐个头", "ALiBi head by head"},
        {"表格列出每个头的斜率 m（参考代码给出的）、它在 Δ = L 处的偏置、在最长上下文 N 时落在 L 之外的注意力，"
         "以及简单公式 2^(−8(h+1)/H) 会给出的斜率。",
         "The table lists each head's slope m (as the reference code gives it), its bias at Δ = L, the attention it "
         "puts beyond L at the longest context N, and the slope the simple formula 2^(−8(h+1)/H) would give."},
        {"heads", "original_max", "seq_len", "d", "base", "seed"},
        views_of(read_inputs, alibi_head_by_head_views),
        {R"tex(b_h(\Delta)=-m_h\,\Delta,\qquad w_h(\Delta)=e^{-m_h\,\Delta})tex"},
    };
    s.takeaway = {"最平缓的头（m = {m}）漏到 L 之外的注意力最多，为 {most}；最陡的头只有 {least}：斜率越小，远处的惩罚越轻。",
                  "The gentlest head (m = {m}) lets the most attention past L, {most}; the steepest lets {least}: the smaller "
                  "the slope, the milder the penalty at a distance."};
    s.takeaway_args = args_of(read_inputs, +[](const Inputs& in, Lang) {
        const AlibiMass mass = alibi_mass(in);
        return std::vector<Arg>{{"m", num(mass.slopes[static_cast<std::size_t>(mass.gentle)], 4)},
                                {"most", num(mass.per_head[static_cast<std::size_t>(mass.gentle)](mass.n - 1), 3)},
                                {"least", num(mass.per_head[static_cast<std::size_t>(mass.steep)](mass.n - 1), 3)}};
    });
    return s;
}

}  // namespace beyond_training
}  // namespace pelab
