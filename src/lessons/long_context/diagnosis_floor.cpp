// PE Lab — lessons/long_context/diagnosis_floor.cpp
// Lesson "long-context", step "diagnosis-floor": the diagnosis's curves reduced to numbers — per scaling the
// unseen pairs, the mean and minimum score within and beyond L and the slow pairs' largest overshoot — against the
// lowest score met in training, and why a strategy with unseen pairs (NTK) can still stay above it.
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
// The strategies whose lowest bin beyond L is below the floor, by name.
static std::vector<std::string> below_floor(const DiagnosisScores& d, Lang lang) {
    std::vector<std::string> below;
    for (std::size_t k = 0; k < all_scalings().size(); ++k)
        if (d.summary(static_cast<Eigen::Index>(k), 3) < d.floor) below.push_back(scaling_label(all_scalings()[k], lang));
    return below;
}

static std::vector<ViewData> diagnosis_floor_views(const Inputs& in, Lang lang) {
    const DiagnosisScores d = diagnosis_scores(in);
    TableView table;
    table.values = d.summary;
    for (std::size_t k = 0; k < all_scalings().size(); ++k) {
        table.row_labels.push_back(scaling_label(all_scalings()[k], lang));
        const bool under = d.summary(static_cast<Eigen::Index>(k), 3) < d.floor;
        // The deciding cell of each strategy: its lowest bin beyond L against the floor met in training.
        table.marks.push_back({static_cast<int>(k), 3, !under, say(lang, under ? Text{"低于训练下限", "below the floor"} : Text{"不低于下限", "above the floor"})});
    }
    const std::vector<std::string> below = below_floor(d, lang);
    table.col_labels = {say(lang, {"新角度的对", "unseen pairs"}), say(lang, {"均值 Δ≤L", "mean Δ≤L"}),
                        say(lang, {"均值 Δ>L", "mean Δ>L"}), say(lang, {"最小 Δ>L（分箱）", "min Δ>L (bins)"}), say(lang, {"最小 Δ≤L（分箱）", "min Δ≤L (bins)"}),
                        say(lang, {"慢对最大越界 rᵢ", "largest overshoot rᵢ"})};
    table.col_decimals = {0, -1, -1, -1, -1, 3};
    table.decimals = 4;
    table.corner = say(lang, {"策略", "strategy"});
    std::vector<std::string> notes = {
        say(lang, {"新角度的对：训练中没转满一圈（λᵢ > L）、且 rᵢ = seq_len·θ′ᵢ/(L·θᵢ) > 1 的对，与[[lesson:long-context/unseen-angles|“哪些策略仍留下没见过的角度”]]一步的计数相同；最后一列是这些慢对中最大的 rᵢ。",
                   "Unseen pairs: pairs that never completed a turn in training (λᵢ > L) and have rᵢ = seq_len·θ′ᵢ/(L·θᵢ) > 1, "
                   "the same count as in the step \"[[lesson:long-context/unseen-angles|Which strategies still leave unseen angles]]\"; "
                   "the last column is the largest rᵢ among the slow pairs."}),
        say(lang, {"下限：不缩放的模型在 L 之内整数距离上的最低分数 {floor}（单个距离，不是分箱平均）；L 之外某个区间的平均若低于它，区间里就有训练中从未出现过的分数。"
                   "在 L 之外低于它的曲线：{below}。",
                   "The floor: the unscaled model's lowest score at any single integer distance within L, {floor} (one distance, not a bin "
                   "mean); a bin beyond L whose "
                   "mean is below it holds scores never met in training. Curves that go below it beyond L: {below}."},
            {{"floor", num(d.floor, 4)}, {"below", below.empty() ? say(lang, {"（没有）", "(not one)"}) : join(below, ", ")}}),
    };
    const bool ntk_above = d.summary(2, 3) >= d.floor;
    if (ntk_above && d.summary(2, 0) > 0)
        notes.push_back(say(lang, {"新角度不等于新分数：NTK 有 {ntk} 个慢对越过训练中的角度，但最多只越过到 {ntk_r} 倍（不缩放 {none_r} 倍），"
                   "而分数是全部 {pairs} 对的平均，略微越界的对移动不了多少，所以它的最低分箱仍不低于下限。下限只能查出大的偏离。",
                   "New angles are not new scores: NTK has {ntk} slow pairs past their trained angles, but they overshoot by at "
                   "most {ntk_r}× (no scaling: {none_r}×), and the score averages all {pairs} pairs, so pairs slightly past their "
                   "range move it little and its lowest bin stays above the floor. The floor catches only large departures."},
            {{"ntk", num(d.summary(2, 0))}, {"ntk_r", num(d.summary(2, 5), 3)}, {"none_r", num(d.summary(0, 5), 3)},
             {"pairs", integer(in.d / 2)}}));
    return {make_view(say(lang, {"L 之内与之外", "Within and beyond L"}), table, notes)};
}

// [SECTION] the step
Step diagnosis_floor() {
    Step s = {
        "diagnosis-floor",
        {"诊断：训练中见过的最低分数", "Diagnosis: the lowest score met in training"},
        {"表格把上一步的每条曲线归结为几个数：新角度的对数、L 之内与之外的平均和最小分数，以及慢对最大越界了多少。"
         "一条曲线若在 L 之外跌破训练中见过的最低分数（下限），模型就在读从未出现过的分数。",
         "The table reduces each curve of the previous step to a few numbers: the unseen pairs, the mean and minimum "
         "score within and beyond L, and how far the slow pairs overshoot. A curve that falls below the lowest score "
         "met in training (the floor) once past L makes the model read scores it never saw."},
        {"d", "base", "original_max", "factor", "seq_len", "seed"},
        views_of(read_inputs, diagnosis_floor_views),
        {{R"tex(\min_{\Delta>L}\bar S(\Delta)\ <\ \min_{\Delta<L}\bar S_{\text{none}}(\Delta)\ \Rightarrow\ \text{没见过的分数})tex", R"tex(\min_{\Delta>L}\bar S(\Delta)\ <\ \min_{\Delta<L}\bar S_{\text{none}}(\Delta)\ \Rightarrow\ \text{unseen scores})tex"}},
    };
    s.takeaway = {"L 之外跌破下限 {floor} 的：{below}。NTK 的 {ntk} 个新角度的对最多越界 {ntk_r} 倍（不缩放 {none_r} 倍），{verdict}。",
                  "Below the floor {floor} past L: {below}. NTK's {ntk} pairs at new angles overshoot by at most {ntk_r}× "
                  "(no scaling {none_r}×), {verdict}."};
    s.takeaway_args = args_of(read_inputs, +[](const Inputs& in, Lang lang) {
        const DiagnosisScores d = diagnosis_scores(in);
        const std::vector<std::string> below = below_floor(d, lang);
        const bool ntk_above = d.summary(2, 3) >= d.floor;
        return std::vector<Arg>{{"floor", num(d.floor, 3)},
                                {"below", below.empty() ? say(lang, {"（没有）", "(none)"}) : join(below, lang == Lang::zh ? "、" : ", ")},
                                {"ntk", num(d.summary(2, 0))}, {"ntk_r", num(d.summary(2, 5), 3)}, {"none_r", num(d.summary(0, 5), 3)},
                                {"verdict", say(lang, ntk_above ? Text{"太小，拉不低平均分数", "too little to pull its mean that low"}
                                                                : Text{"它也跌破了下限", "and it drops below too"})}};
    });
    return s;
}

}  // namespace long_context
}  // namespace pelab
