// PE Lab — lessons/cost/measured_properties.cpp
// Step "measured-properties" of lesson "cost": the numbers behind the decision guide's colours, each family's
// value at the first position past Lt and the distance of its scores from Toeplitz (measured on a small model,
// lesson.cpp probe_families), beside its table in bytes and the time measured here.
// Comments are English only: the font subset is built from the characters inside this file's strings.
//
// [SECTION] the views
// [SECTION] the step
#include <cmath>
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

std::vector<ViewData> measured_properties_views(const Inputs& in, Lang lang) {
    const std::vector<CostMeasurement> ms = measure_all(in);
    const std::vector<FamilyProbe> probes = probe_families(cost_model(in));
    TableView t;
    t.values.resize(family_count, 4);
    for (int r = 0; r < family_count; ++r) {
        const CostMeasurement& c = ms[static_cast<std::size_t>(family_cost(r))];
        t.values.row(r) << probes[static_cast<std::size_t>(r)].beyond, probes[static_cast<std::size_t>(r)].residual,
            c.table_bytes, c.seconds * 1e6;
        t.row_labels.push_back(family_label(r, lang));
    }
    t.col_labels = {say(lang, {"未训练位置 Lt 处的值", "value at untrained Lt"}), say(lang, {"r（0 = 每条对角线不变）", "r (0 = each diagonal constant)"}),
                    say(lang, {"表的字节数", "table bytes"}), say(lang, {"实测 µs", "measured µs"})};
    t.col_decimals = {4, 4, 0, 2};
    t.corner = method_caption(lang);
    // The deciding cells: each family's two measured properties, read from the numbers with the guide's tolerance.
    for (int r = 0; r < family_count; ++r) {
        const bool defined = !std::isnan(t.values(r, 0));
        t.marks.push_back({r, 0, defined, defined ? say(lang, {"有定义", "defined"}) : say(lang, {"没有参数", "no parameter"})});
        const bool invariant = t.values(r, 1) <= kShiftInvariantTolerance;
        t.marks.push_back({r, 1, invariant, invariant ? say(lang, {"平移不变", "shift-invariant"})
                                                      : say(lang, {"不平移不变", "not shift-invariant"})});
    }
    const std::string probe_note =
        say(lang,
            {"前两列在一个训练位置 Lt = {Lt} 的小模型上测得：第一列是位置部分在 Lt 处给出的值，“—”表示那里没有参数；r 量出分数离 [[toeplitz|Toeplitz]] 矩阵（每条对角线为常数）多远，0 即平移不变。",
             "The first two columns are measured on a small model with Lt = {Lt} trained positions: the first is the "
             "value the position part gives at position Lt, a dash where it has no parameter there; r measures how far "
             "the scores are from a [[toeplitz|Toeplitz]] matrix (constant along each diagonal), 0 meaning shift-invariant."},
            {{"Lt", integer(kTrainedPositions)}});
    const std::string symbols_note =
        say(lang, {"s(q, k)：小模型上查询 q、键 k 的位置分数；μ(Δ)：s 在偏移 Δ = q − k 那条对角线上的平均值。",
                   "s(q, k): the small model's position score of query q and key k; μ(Δ): the mean of s along the diagonal Δ = q − k."});
    return {make_view(say(lang, {"测得的性质与本机代价", "Measured properties and cost here"}), std::move(t),
                      {probe_note, symbols_note})};
}

}  // namespace

// [SECTION] the step
namespace {

// The takeaway's words, from the probes the table's first two columns show: the families at 0 from Toeplitz and
// how many have no parameter at position Lt (the learned tables).
std::vector<Arg> properties_args(const Inputs& in, Lang lang) {
    const std::vector<FamilyProbe> probes = probe_families(cost_model(in));
    std::vector<std::string> invariant;
    int undefined = 0;
    for (int r = 0; r < family_count; ++r) {
        const FamilyProbe& probe = probes[static_cast<std::size_t>(r)];
        if (probe.residual <= kShiftInvariantTolerance) invariant.push_back(family_short_label(r, lang));
        if (std::isnan(probe.beyond)) ++undefined;
    }
    return {{"invariant", join(invariant, lang == Lang::zh ? "、" : ", ")},
            {"undefined", integer(undefined)},
            {"Lt", integer(kTrainedPositions)}};
}

}  // namespace

Step measured_properties() {
    Step s = {
        "measured-properties",
        {"指南背后的测量", "The measurements behind the guide"},
        {
        "在一个训练了 Lt 个位置的小模型上，第一列取位置 Lt 处的值，第二列量出 Lt×Lt 的位置分数 s(q, k) 离 [[toeplitz|Toeplitz]] 矩阵（每条对角线为常数）多远。"
        "μ(Δ) 是 s 在 Δ = q − k 那条对角线上的平均值，r = 0 即平移不变。指南里的两条性质就是这样测出来的。后两列是本机的存储和时间。",
        "On a small model trained on Lt positions, the first column takes the value at position Lt and the second "
        "measures how far the Lt×Lt position scores s(q, k) are from a [[toeplitz|Toeplitz]] matrix (constant along each diagonal). "
        "μ(Δ) is the mean of s along the diagonal Δ = q − k, and r = 0 means shift-invariant. This is how the guide's "
        "two properties are measured. The last two columns are the memory and time measured here."},
        {"N", "d", "heads", "num_buckets", "trial"},
        views_of(read_inputs, measured_properties_views),
        {R"tex(r = \sqrt{\textstyle\sum_{q,k} \big(s(q, k) - \mu(\Delta)\big)^2} \Big/ \sqrt{\textstyle\sum_{q,k} s(q, k)^2})tex"},
    };
    s.takeaway = {"{invariant} 的 r 为 0：只看 Δ 的分数沿对角线不变；{undefined} 张可学习的表在 Lt = {Lt} 处无参数：训练只到那里。",
                  "{invariant} have r = 0, as a score of Δ = q − k alone is constant along each diagonal; the "
                  "{undefined} learned tables have nothing at position Lt = {Lt}, where training ended."};
    s.takeaway_args = args_of(read_inputs, properties_args);
    return s;
}

}  // namespace cost_lesson
}  // namespace pelab
