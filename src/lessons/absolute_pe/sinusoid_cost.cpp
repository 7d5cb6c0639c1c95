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
    cost.row_labels = {say(lang, {"正弦编码的 sin/cos 次数", "sines and cosines of the code"}),
                       say(lang, {"一次 d × d 投影的乘加（对照）", "multiply-adds of one d × d projection (for contrast)"}),
                       say(lang, {"正弦编码的参数", "parameters of the sinusoidal code"}),
                       say(lang, {"可学习表的参数（max_len = L）", "parameters of a learnable table (max_len = L)"})};
    cost.col_labels = {say(lang, {"全部 L 个位置", "all L positions"}), say(lang, {"每个位置", "per position"})};
    cost.corner = say(lang, {"计算", "computation"});
    cost.integer = true;
    const std::vector<std::string> cost_notes = {
        say(lang, {"L = {L}、d = {d}：整张表 {table} 次 sin/cos，只在开始时算一次；每个位置现算也只要 {row} 次。",
                   "L = {L}, d = {d}: the whole table takes {table} sines and cosines, computed once; on the fly a position takes {row}."},
            {{"L", pos_text(L)}, {"d", pos_text(d)}, {"table", count_text(table_evals, lang)}, {"row", pos_text(row_evals)}}),
        say(lang, {"同一个位置经过一次 d × d 投影（例如 W_q）就要 {proj} 次乘加，是 sin/cos 次数的 {ratio} 倍；而一层注意力有好几次这样的投影。",
                   "The same position passing one d × d projection (W_q, say) takes {proj} multiply-adds, {ratio} times its sines and cosines; one attention layer has several such projections."},
            {{"proj", count_text(projection, lang)}, {"ratio", num(static_cast<double>(projection) / row_evals)}}),
    };
    return {make_view(say(lang, {"正弦编码的计算量", "What the sinusoidal code costs"}), std::move(cost), cost_notes)};
}

}  // namespace

Step sinusoid_cost() {
    return {
        "sinusoid-cost",
        {"正弦编码几乎不花计算", "The sinusoidal code costs almost nothing"},
        {"正弦编码的计算量与一次投影相比微不足道，而且不占任何参数。"
         "常见的简化写法说它计算代价高；表格数出它的 sin 和 cos：整张 L × d 表只算一次，"
         "或者每个位置现算 d/2 个 sin 和 d/2 个 cos，而同一个位置经过一次 d × d 投影就要 d² 次乘加。",
         "The sinusoidal code costs next to nothing beside one projection, and it has no parameters at all. "
         "A common simplified version found in tutorials calls it expensive; the table counts its sines and cosines: "
         "the whole L × d table is computed once, or each position on the fly with d/2 sines and d/2 cosines, while "
         "the same position passing one d × d projection takes d² multiply-adds."},
        {"L", "d_model"},
        views_of(read_inputs, sinusoid_cost_views),
        {R"tex(\underbrace{d}_{\sin,\ \cos\ \text{per position}}\ \ll\ \underbrace{d^{2}}_{\text{one}\ d\times d\ \text{projection}})tex"},
    };
}

}  // namespace absolute_pe
}  // namespace pelab
