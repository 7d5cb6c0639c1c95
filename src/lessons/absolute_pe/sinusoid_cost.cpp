// PE Lab — lessons/absolute_pe/sinusoid_cost.cpp
// Step "sinusoid-cost" of absolute-pe: what the sinusoidal code costs — L·d sines and cosines once (or d per
// position), no parameters — against the d² multiply-adds of one d × d projection. Its view, then the step.
// Comments are English only: the font subset is built from the characters inside this file's strings.
//
// [SECTION] what the code costs
#include <string>
#include <vector>

#include "lessons/absolute_pe/absolute_pe.h"
#include "lessons/lesson_util.h"

namespace pelab {
namespace absolute_pe {

using namespace lessonui;

// [SECTION] what the code costs
namespace {

std::vector<ViewData> sinusoid_cost_views(const Inputs& in, Lang lang) {
    const int L = in.L, d = in.d_model;
    // Sin/cos evaluations against the multiply-adds of one d × d projection.
    const long long table_evals = static_cast<long long>(L) * d, row_evals = d, projection = static_cast<long long>(d) * d;
    TableView cost;
    cost.values.resize(4, 2);
    cost.values << static_cast<double>(table_evals), static_cast<double>(row_evals),
            static_cast<double>(projection) * L, static_cast<double>(projection),
            0.0, 0.0,
            static_cast<double>(table_evals), static_cast<double>(row_evals);
    // Short labels: the table sits beside the curve.
    cost.row_labels = {say(lang, {"编码 sin/cos", "code sin, cos"}), say(lang, {"W_q 乘加", "W_q mult-adds"}),
                       say(lang, {"编码参数", "code params"}), say(lang, {"可学习表参数", "table params"})};
    cost.col_labels = {say(lang, {"L 个位置", "all L"}), say(lang, {"每位置", "each"})};
    cost.integer = true;
    // The deciding cells, per position: the code's sines and cosines against one projection (green while fewer),
    // the code's parameters (green at none) and a learnable table's (red: they must be trained).
    const double ratio = static_cast<double>(projection) / static_cast<double>(row_evals);
    cost.marks.push_back({0, 1, row_evals < projection,
                          say(lang, {"W_q 的 1/{ratio}", "1/{ratio} of W_q"}, {{"ratio", num(ratio)}})});
    cost.marks.push_back({2, 1, cost.values(2, 1) == 0.0, say(lang, {"没有参数", "none"})});
    cost.marks.push_back({3, 1, cost.values(3, 1) == 0.0,
                          cost.values(3, 1) == 0.0 ? say(lang, {"没有参数", "none"}) : say(lang, {"要训练", "to train"})});
    // One short note (the marks carry the ratio), so that the table fits beside the curve.
    const std::vector<std::string> cost_notes = {
        say(lang, {"L = {L}、d = {d}：整张表 {table} 次 sin/cos，只算一次。", "L = {L}, d = {d}: {table} sines and cosines for the whole table, once."},
            {{"L", pos_text(L)}, {"d", pos_text(d)}, {"table", count_text(table_evals, lang)}}),
    };
    // The tutorials' claim, answered by the curve it sits under.
    const std::string tutorial_note =
        say(lang, {"常见的简化写法（教程）说它计算代价高；数一数，只是一次投影的 1/{ratio}。",
                   "A common simplified version found in tutorials calls it expensive; counted, it is 1/{ratio} of one projection."},
            {{"ratio", num(ratio)}});
    // The comparison the title makes, drawn: per position, the code's d sines and cosines against one
    // projection's d² multiply-adds, for every even width up to 256 (log axis: the gap is the factor d), the
    // current width marked.
    CurveView curve;
    std::vector<double> code_ops, projection_ops;
    for (int w = 2; w <= 256; w += 2) {
        curve.x.push_back(w);
        code_ops.push_back(w);
        projection_ops.push_back(static_cast<double>(w) * w);
    }
    curve.series = {code_ops, projection_ops};
    curve.series_labels = {say(lang, {"编码：d 次 sin/cos", "code: d sin, cos"}), say(lang, {"W_q：d² 次乘加", "W_q: d² mult-adds"})};
    curve.x_axis = say(lang, {"模型维度 d", "model dimension d"});
    curve.y_axis = say(lang, {"每个位置的运算次数", "operations per position"});
    curve.log_y = true;
    curve.markers_x = {static_cast<double>(d)};
    curve.vlines_x = {static_cast<double>(d)};
    curve.vline_labels = {"d = " + pos_text(d)};
    // The table with its marked cells first, the curve beside it (a curve keeps its aspect, so as the primary
    // figure it took the whole width and left the table below the first screen).
    return {make_view(say(lang, {"正弦编码的计算量", "What the sinusoidal code costs"}), std::move(cost), cost_notes),
            make_view(say(lang, {"每个位置：编码对 W_q", "Per position: code vs W_q"}), std::move(curve), {tutorial_note})};
}

}  // namespace

Step sinusoid_cost() {
    Step s = {
        "sinusoid-cost",
        {"正弦编码几乎不花计算", "The sinusoidal code costs almost nothing"},
        {"表格数出编码的 sin 和 cos：整张 L × d 表只算一次，或者每个位置现算 d/2 个 sin 和 d/2 个 cos。"
         "同一个位置经过一次 d × d 投影（例如 W_q）就要 d² 次乘加，一层注意力还有好几次这样的投影；编码本身也不占任何参数。",
         "The table counts the code's sines and cosines: the whole L × d table is computed once, or each position on the "
         "fly with d/2 sines and d/2 cosines. The same position passing one d × d projection (W_q, say) takes d² "
         "multiply-adds, and one attention layer has several such projections; the code itself has no parameters at all."},
        {"L", "d_model"},
        views_of(read_inputs, sinusoid_cost_views),
        {R"tex(\underbrace{d}_{\sin,\ \cos}\ \ll\ \underbrace{d^{2}}_{W_q:\ d\times d})tex"},
    };
    s.takeaway = {"一个位置的编码只要 {d} 次 sin/cos、零参数，是一次 d × d 投影 {d2} 次乘加的 1/{d}：固定公式对整个矩阵乘法。",
                  "A position's code takes {d} sines and cosines and no parameters, 1/{d} of the {d2} multiply-adds of one d × "
                  "d projection: a fixed formula against a whole matrix product."};
    s.takeaway_args = args_of(read_inputs, +[](const Inputs& in, Lang lang) {
        return std::vector<Arg>{{"d", pos_text(in.d_model)}, {"d2", count_text(static_cast<long long>(in.d_model) * in.d_model, lang)}};
    });
    return s;
}

}  // namespace absolute_pe
}  // namespace pelab
