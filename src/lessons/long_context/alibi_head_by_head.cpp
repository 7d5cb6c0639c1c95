// PE Lab — lessons/long_context/alibi_head_by_head.cpp
// Lesson "long-context", step "alibi-head-by-head": every ALiBi head's slope, its bias at Δ = L and the
// attention it puts beyond the training length at the longest context, on the same random contents.
// Comments are English only: the font subset is built from the characters inside .cpp string literals.
//
// [SECTION] views
// [SECTION] the step
#include "lessons/lesson_util.h"
#include "lessons/long_context/long_context.h"

namespace pelab {
namespace long_context {

using namespace lessonui;

// [SECTION] views
static std::vector<ViewData> alibi_head_by_head_views(const Inputs& in, Lang lang) {
    const AlibiMass mass = alibi_mass(in);
    const int H = mass.heads, L = mass.L, n = mass.n;
    TableView table;
    table.values.resize(H, 3);
    int gentlest = 0;
    for (int h = 0; h < H; ++h) {
        const double m = mass.slopes[static_cast<std::size_t>(h)];
        table.values.row(h) << m, -m * L, mass.per_head[static_cast<std::size_t>(h)](n - 1);
        table.row_labels.push_back("h" + std::to_string(h));
        if (m < mass.slopes[static_cast<std::size_t>(gentlest)]) gentlest = h;
    }
    // The deciding cell: the gentlest head lets the most attention past L.
    table.marks.push_back({gentlest, 2, false, say(lang, {"最平缓，漏过最多", "gentlest, most through"})});
    table.col_labels = {say(lang, {"斜率 m", "slope m"}), say(lang, {"Δ = L 处的偏置 −m·L", "bias at Δ = L: −m·L"}),
                        say(lang, {"N 时 L 之外的注意力", "attention beyond L at N"})};
    table.col_decimals = {-1, -1, 6};
    table.decimals = 4;
    table.corner = say(lang, {"头", "head"});
    const std::string note =
        say(lang, {"每个头的斜率 m 与它在 N = {n} 时落在训练长度 L = {L} 之外的注意力；同一组随机内容。",
                   "Each head's slope m and the attention it puts beyond the training length L = {L} at N = {n}; the "
                   "same random contents."},
            {{"n", integer(n)}, {"L", integer(L)}});
    return {make_view(say(lang, {"ALiBi 的每个头：斜率与 L 之外的注意力", "Every ALiBi head: slope and attention beyond L"}), table,
                      {note})};
}

// [SECTION] the step
Step alibi_head_by_head() {
    return {
        "alibi-head-by-head",
        {"ALiBi 逐个头", "ALiBi head by head"},
        {"每个 ALiBi 头留给训练长度之外的注意力都几乎为零；斜率越小的头漏过的越多，最平缓的头最多。"
         "表格列出每个头的斜率 m、它在 Δ = L 处的偏置和在最长上下文 N 时落在 L 之外的注意力。",
         "Every ALiBi head leaves almost no attention beyond the training length; the smaller a head's slope, the "
         "more gets through, the gentlest head the most. The table lists each head's slope m, its bias at "
         "Δ = L, and the attention it puts beyond L at the longest context N."},
        {"heads", "original_max", "seq_len", "d", "base", "seed"},
        views_of(read_inputs, alibi_head_by_head_views),
        {R"tex(m_h=2^{-8(h+1)/H}\ (H=2^a),\qquad b_h(\Delta)=-m_h\,\Delta)tex"},
    };
}

}  // namespace long_context
}  // namespace pelab
