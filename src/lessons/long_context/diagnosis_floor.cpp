// PE Lab — lessons/long_context/diagnosis_floor.cpp
// Lesson "long-context", step "diagnosis-floor": the diagnosis's curves reduced to numbers — per scaling the
// unseen pairs and the mean and minimum score within and beyond L — against the lowest score met in training.
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
static std::vector<ViewData> diagnosis_floor_views(const Inputs& in, Lang lang) {
    const DiagnosisScores d = diagnosis_scores(in);
    TableView table;
    table.values = d.summary;
    std::vector<std::string> below;
    for (std::size_t k = 0; k < all_scalings().size(); ++k) {
        table.row_labels.push_back(scaling_label(all_scalings()[k], lang));
        const bool under = d.summary(static_cast<Eigen::Index>(k), 3) < d.floor;
        if (under) below.push_back(scaling_label(all_scalings()[k], lang));
        // The deciding cell of each strategy: its lowest bin beyond L against the floor met in training.
        table.marks.push_back({static_cast<int>(k), 3, !under, say(lang, under ? Text{"低于训练下限", "below the floor"} : Text{"不低于下限", "above the floor"})});
    }
    table.col_labels = {say(lang, {"新角度的对", "unseen pairs"}), say(lang, {"均值 Δ≤L", "mean Δ≤L"}),
                        say(lang, {"均值 Δ>L", "mean Δ>L"}), say(lang, {"最小 Δ>L（分箱）", "min Δ>L (bins)"}), say(lang, {"最小 Δ≤L（分箱）", "min Δ≤L (bins)"})};
    table.col_decimals = {0, -1, -1, -1, -1};
    table.decimals = 4;
    table.corner = say(lang, {"策略", "strategy"});
    const std::vector<std::string> notes = {
        say(lang, {"“新角度的对”：训练中没转满一圈（λᵢ > L）、且 seq_len·θ′ᵢ/(L·θᵢ) > 1 的对，与[[lesson:long-context/unseen-angles|“哪些策略仍留下没见过的角度”]]一步的计数相同。",
                   "Unseen pairs: pairs that never completed a turn in training (λᵢ > L) and have seq_len·θ′ᵢ/(L·θᵢ) > 1, "
                   "the same count as in the step \"[[lesson:long-context/unseen-angles|Which strategies still leave unseen angles]]\"."}),
        say(lang, {"下限：不缩放的模型在 L 之内任一整数距离上的最低分数 {floor}（单个距离，不是分箱平均）；L 之外某个区间的平均若低于它，区间里就有训练中从未出现过的分数。"
                   "在 L 之外低于它的曲线：{below}。",
                   "The floor: the unscaled model's lowest score at any single integer distance within L, {floor} (one distance, not a bin "
                   "mean); a bin beyond L whose "
                   "mean is below it holds scores never met in training. Curves that go below it beyond L: {below}."},
            {{"floor", num(d.floor, 4)}, {"below", below.empty() ? say(lang, {"（没有）", "(not one)"}) : join(below, ", ")}}),
    };
    return {make_view(say(lang, {"L 之内与之外", "Within and beyond L"}), table, notes)};
}

// [SECTION] the step
Step diagnosis_floor() {
    return {
        "diagnosis-floor",
        {"诊断：训练中见过的最低分数", "Diagnosis: the lowest score met in training"},
        {"一条曲线若在 L 之外跌破训练中见过的最低分数，模型就在读从未出现过的分数；注释列出哪些策略会这样。"
         "表格把上一步的每条曲线归结为几个数：新角度的对数，以及 L 之内与之外的平均和最小分数。",
         "A curve that falls below the lowest score met in training once past L makes the model read scores it "
         "never saw; the notes name the strategies that do. The table reduces each curve of the previous step to a "
         "few numbers: the unseen pairs, and the mean and minimum score within and beyond L."},
        {"d", "base", "original_max", "factor", "seq_len", "seed"},
        views_of(read_inputs, diagnosis_floor_views),
        {{R"tex(\min_{\Delta>L}\bar s(\Delta)\ <\ \min_{\Delta<L}\bar s_{\text{none}}(\Delta)\ \Rightarrow\ \text{没见过的分数})tex", R"tex(\min_{\Delta>L}\bar s(\Delta)\ <\ \min_{\Delta<L}\bar s_{\text{none}}(\Delta)\ \Rightarrow\ \text{unseen scores})tex"}},
    };
}

}  // namespace long_context
}  // namespace pelab
