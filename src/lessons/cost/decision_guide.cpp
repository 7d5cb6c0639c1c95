// PE Lab — lessons/cost/decision_guide.cpp
// Step "decision-guide" of lesson "cost": a short guide to choosing a position encoding, each family's table
// in bytes coloured by two properties measured on a small model (is anything defined past the trained length,
// are the scores shift-invariant; the numbers are the step measured-properties), with the advice as notes.
// Comments are English only: the font subset is built from the characters inside this file's strings.
//
// [SECTION] the views
// [SECTION] the step
#include <cmath>
#include <limits>
#include <string>
#include <vector>

#include "core/cost/cost.h"
#include "lessons/cost/cost_lesson.h"
#include "lessons/lesson.h"
#include "lessons/lesson_util.h"

namespace pelab {
namespace cost_lesson {

using namespace lessonui;

// [SECTION] the views
namespace {

std::vector<ViewData> guide_views(const Inputs& in, Lang lang) {
    const std::vector<FamilyProbe> probes = probe_families(cost_model(in));
    // Each family's table in bytes, coloured by what the probes found (legend order).
    BarsView bars;
    bars.log = true;
    bars.value_axis = say(lang, {"位置表的字节数（对数刻度）", "position table in bytes (log scale)"});
    bars.group_labels = {say(lang, {"Lt 之后没有定义", "nothing defined past Lt"}),
                         say(lang, {"Lt 之后有定义，分数不平移不变", "defined past Lt, scores not shift-invariant"}),
                         say(lang, {"Lt 之后有定义，分数平移不变", "defined past Lt, shift-invariant scores"})};
    for (int r = 0; r < family_count; ++r) {
        const double bytes = position_table_bytes(family_cost(r), in.N, in.d, cost_model(in));
        const FamilyProbe& probe = probes[static_cast<std::size_t>(r)];
        bars.labels.push_back(family_label(r, lang));
        bars.values.push_back(bytes > 0 ? bytes : std::numeric_limits<double>::quiet_NaN());
        bars.groups.push_back(std::isnan(probe.beyond) ? 0 : probe.residual > kShiftInvariantTolerance ? 1 : 2);
    }
    bars.explain = [probes, lang](int r) {
        const FamilyProbe& probe = probes[static_cast<std::size_t>(r)];
        const Arg Lt = {"Lt", integer(kTrainedPositions)}, residual = {"residual", num(probe.residual, 3)};
        if (std::isnan(probe.beyond))
            return say(lang, {"在 Lt = {Lt} 的小模型上，位置 Lt 没有参数；分数离 Toeplitz {residual}。",
                              "On the small model with Lt = {Lt}, position Lt has no parameter; the scores are {residual} from Toeplitz."},
                       {Lt, residual});
        return say(lang, {"在 Lt = {Lt} 的小模型上，位置 Lt 处的值是 {beyond}；分数离 Toeplitz {residual}。",
                          "On the small model with Lt = {Lt}, the value at position Lt is {beyond}; the scores are {residual} from Toeplitz."},
                   {Lt, {"beyond", num(probe.beyond, 4)}, residual});
    };
    // Under the bars: the advice.
    const std::vector<std::string> notes = {
        say(lang, {"要[[extrapolation|外推]]到训练长度 Lt 之外：RoPE（配合缩放，见[[lesson:long-context|长上下文一课]]）或 ALiBi。",
                   "[[extrapolation|Extrapolation]] beyond the training length Lt: RoPE (with scaling, see [[lesson:long-context|the long-context lesson]]) or ALiBi."}),
        say(lang, {"要[[invariance|平移不变]]：RoPE，或按偏移 Δ = q − k 取值的偏置（T5、ALiBi）。",
                   "[[invariance|Shift invariance]]: RoPE, or a bias indexed by the offset Δ = q − k (T5, ALiBi)."}),
        say(lang, {"短而固定的长度：可学习的绝对位置嵌入最简单，只需把一张表加一次（N·d 的工作量）。",
                   "Short, fixed lengths: a learned absolute embedding is the simplest, one table added once (N·d work)."}),
        say(lang,
            {"[[lesson:absolute-pe/sinusoidal-formula|正弦嵌入]]虽能算出任意位置，但经过查询、键的投影 W_q、W_k 后分数不再平移不变，模型在更长处仍会退化。",
             "A [[lesson:absolute-pe/sinusoidal-formula|sinusoidal embedding]] computes any position, yet after the query and "
             "key projections W_q and W_k its scores are not shift-invariant, and models still degrade beyond their "
             "training length."}),
    };
    return {make_view(say(lang, {"每类方法的位置表与它的两条性质", "Each family's position table and its two properties"}),
                      std::move(bars), notes)};
}

}  // namespace

// [SECTION] the step
namespace {

// The takeaway's words, from the probes the bars' colours show: the families defined past Lt with shift-invariant
// scores, and the smallest table among them.
std::vector<Arg> guide_args(const Inputs& in, Lang lang) {
    const CostModel model = cost_model(in);
    const std::vector<FamilyProbe> probes = probe_families(model);
    std::vector<std::string> relative;
    int cheapest = -1;
    double least = 0;
    for (int r = 0; r < family_count; ++r) {
        const FamilyProbe& probe = probes[static_cast<std::size_t>(r)];
        if (std::isnan(probe.beyond) || probe.residual > kShiftInvariantTolerance) continue;
        relative.push_back(family_short_label(r, lang));
        const double bytes = position_table_bytes(family_cost(r), in.N, in.d, model);
        if (cheapest < 0 || bytes < least) {
            cheapest = r;
            least = bytes;
        }
    }
    return {{"relative", join(relative, lang == Lang::zh ? "、" : ", ")},
            {"cheapest", cheapest < 0 ? std::string() : family_short_label(cheapest, lang)},
            {"bytes", bytes_text(least)}};
}

}  // namespace

Step decision_guide() {
    Step s = {
        "decision-guide",
        {"简短的选择指南", "A short decision guide"},
        {
        "要[[extrapolation|外推]]就选 RoPE（按[[lesson:long-context|长上下文一课]]缩放）或 ALiBi，要[[invariance|平移不变]]就选 RoPE 或按偏移取值的偏置，序列短而固定时可学习的绝对嵌入最简单。"
        "横条按对数刻度画出每类方法的位置表有多少字节，颜色回答两个问题：训练长度 Lt 之后有没有定义，分数是否平移不变"
        "（只依赖 Δ = q − k）。注释给出对应的建议。",
        "To [[extrapolation|extrapolate]], choose RoPE (scaled as in [[lesson:long-context|the long-context lesson]]) or ALiBi; for [[invariance|shift "
        "invariance]], RoPE or a bias indexed by the offset; for short fixed lengths, a learned absolute embedding. The bars give each family's "
        "position table in bytes on a log scale, and their colours answer two questions: is anything defined past the "
        "training length Lt, and are the scores shift-invariant (depending on Δ = q − k only). The notes give the advice."},
        {"N", "d", "heads", "num_buckets"},
        views_of(read_inputs, guide_views),
        {{R"tex(\text{平移不变：} s(q + c,\ k + c) = s(q, k))tex", R"tex(\text{shift-invariant: } s(q + c,\ k + c) = s(q, k))tex"}},
    };
    s.takeaway = {"{relative} 在训练长度 Lt 外仍有定义且平移不变，因为只看偏移 Δ = q − k、不看位置；{cheapest} 存得最少（{bytes}）。",
                  "{relative} are defined past the trained length Lt and shift-invariant, because they score only the "
                  "offset Δ = q − k, not the positions; {cheapest} stores least of them ({bytes})."};
    s.takeaway_args = args_of(read_inputs, guide_args);
    return s;
}

}  // namespace cost_lesson
}  // namespace pelab
