// PE Lab — lessons/length_lab/recap.cpp
// Step "recap" of lesson "length-lab": the lesson's claims, each linked to the step that shows it, and one table
// that puts the methods side by side from the reference runs: the training loss each ended with, exact match
// within training and past it, the reason in each row, and RoPE with position interpolation and its fine-tune.
// Comments are English only: the font subset is built from the characters inside this file's strings.
//
// [SECTION] the views
// [SECTION] the step
#include <algorithm>
#include <cmath>
#include <limits>
#include <string>
#include <vector>

#include "lessons/length_lab/length_lab.h"
#include "lessons/lesson_util.h"

namespace pelab {
namespace length_lab {

using namespace lessonui;

// [SECTION] the views
namespace {

// The lengths the recap's columns read: the longest trained, the first past it, and the one interpolation reads.
const std::vector<int>& recap_lengths() {
    static const std::vector<int> lengths = {kTrainMax, kFirstBeyond, 24};
    return lengths;
}

// The mean over runs of each run's last loss point (NaN without runs).
double recap_final_loss(const std::vector<const lab_board::ReferenceRun*>& runs) {
    double sum = 0;
    int count = 0;
    for (const auto* run : runs)
        if (!run->result.loss.empty()) sum += run->result.loss.back().second, ++count;
    return count ? sum / count : std::numeric_limits<double>::quiet_NaN();
}

std::vector<ViewData> recap_views(const Inputs& in, Lang lang) {
    const std::vector<int>& lengths = recap_lengths();
    const size_t schemes_count = schemes().size();
    TableView t;
    t.values = RowMatrix::Constant(static_cast<Eigen::Index>(schemes_count + 1), static_cast<Eigen::Index>(lengths.size() + 1),
                                   std::numeric_limits<double>::quiet_NaN());
    t.corner = say(lang, {"方案 · 原因", "scheme · why"});
    t.col_labels.push_back(say(lang, {"训练损失", "training loss"}));
    for (const int n : lengths) t.col_labels.push_back("n = " + integer(n));
    t.col_decimals.push_back(3);
    t.col_decimals.insert(t.col_decimals.end(), lengths.size(), 2);
    size_t runs_per_row = 0;
    auto mark_beyond = [&](int row, const Spread& beyond) {
        if (beyond.runs == 0) return;
        const bool holds = beyond.mean >= kHoldsShare;
        t.marks.push_back({row, 2, holds, holds ? say(lang, {"仍有对的", "holds"}) : say(lang, {"崩溃", "breaks"})});
    };
    for (size_t r = 0; r < schemes_count; ++r) {
        const std::string& pe = schemes()[r];
        const auto refs = reference_runs(in.task, pe);
        runs_per_row = std::max(runs_per_row, refs.size());
        t.row_labels.push_back(scheme_with_reason(pe, in.task, lang));
        const Eigen::Index row = static_cast<Eigen::Index>(r);
        t.values(row, 0) = recap_final_loss(refs);
        for (size_t c = 0; c < lengths.size(); ++c)
            t.values(row, static_cast<Eigen::Index>(c + 1)) = exact_spread(refs, lengths[c]).mean;
        mark_beyond(static_cast<int>(r), exact_spread(refs, kFirstBeyond));
    }
    // RoPE with its positions divided and the short fine-tune (no loss: it continues a run already trained).
    const auto pi_refs = reference_runs(in.task, "rope", true);
    const Eigen::Index pi_row = static_cast<Eigen::Index>(schemes_count);
    t.row_labels.push_back(say(lang, {"RoPE + PI，微调 {steps} 步", "RoPE + PI, {steps} fine-tune steps"}, {{"steps", integer(kFineTuneSteps)}}));
    for (size_t c = 0; c < lengths.size(); ++c)
        t.values(pi_row, static_cast<Eigen::Index>(c + 1)) =
            exact_spread(pi_refs, lengths[c], &lab_board::RunResult::finetune_scores).mean;
    mark_beyond(static_cast<int>(pi_row), exact_spread(pi_refs, kFirstBeyond, &lab_board::RunResult::finetune_scores));
    t.explain = [lang, schemes_count](int r, int c) {
        if (r < 0 || c < 0) return std::string();
        if (c == 0)
            return static_cast<size_t>(r) < schemes_count
                       ? say(lang, {"参考运行最后一步的训练损失（平均）：只在 n ≤ {max} 的样本上量。",
                                    "The reference runs' training loss at their last step (mean): measured on n ≤ {max} only."},
                             {{"max", integer(kTrainMax)}})
                       : say(lang, {"微调接着一个已训练的运行，没有自己的训练损失。", "The fine-tune continues a trained run: no loss of its own here."});
        return say(lang, {"完全正确的比例，参考运行的平均。", "Exact match, mean of the reference runs."});
    };
    std::vector<std::string> notes;
    if (!data_status(lang).empty()) notes.push_back(data_status(lang));
    notes.push_back(say(lang, {"{task}，{runs} 次随机初始化的平均；“仍有对的”：n = {n} 时至少 {share} 完全正确。",
                               "{task}, mean of {runs} seeds; \"holds\": at least {share} exactly right at n = {n}."},
                        {{"task", task_label(in.task, lang)},
                         {"runs", integer(static_cast<long long>(runs_per_row))},
                         {"share", num(kHoldsShare, 2)},
                         {"n", integer(kFirstBeyond)}}));
    return {make_view(say(lang, {"各方案并排：训练损失、训练内与训练外", "The schemes side by side: loss, within and past training"}),
                      std::move(t), notes)};
}

}  // namespace

// [SECTION] the step
Step recap() {
    Step s{
        "recap",
        {"小结：超过训练长度，模型在哪里出错、为什么", "Recap: where a model fails past its training length, and why"},
        {"只用 n ≤ {train_max} 训练，位置 {last_position} 之后的输入位置从没训练过，更长的测试一开始就遇到它们（[[lesson:length-lab/the-experiment|实验]]）。"
         "训练损失只在 n ≤ {train_max} 上量，损失低并不说明更长的输入也行。"
         "完全正确率按长度画出，竖线两侧一比就知道哪个方案过了训练长度还能用（[[lesson:length-lab/accuracy-by-length|按长度的正确率]]）。"
         "照抄 n 个数字要一个头往回看正好 n，而训练只用到 {train_max}（[[lesson:length-lab/inside-a-model|模型内部]]）。"
         "方案在遇到训练没教过的东西时崩溃：{last_position} 之后的表行、超过 {train_max} 的照抄距离；ALiBi 的罚分在每个距离都是同一条直线（[[lesson:length-lab/why-they-break|原因]]）。"
         "把位置除以 s 让它们回到训练范围，再在更长的样本上短短微调就能提高分数；同样微调但不除位置的对照低得多，差距就是除法本身的功劳（[[lesson:length-lab/interpolation|位置插值]]）。"
         "不再训练、只换频率时，PI 连训练之内的长度都会弄坏，NTK-aware 保住快的对，YaRN 在训练之外还能多对一些（[[lesson:length-lab/remedies-at-test-time|测试时的补救]]）。",
         "Trained on n ≤ {train_max}, no input position past {last_position} was ever trained, and a longer test meets them at once "
         "([[lesson:length-lab/the-experiment|the experiment]]). The training loss is measured on n ≤ {train_max} only, so a "
         "low loss says nothing about longer inputs. Exact match by "
         "length, read on both sides of the trained range, shows which schemes still work past it "
         "([[lesson:length-lab/accuracy-by-length|accuracy by length]]). Copying n digits needs a head that looks "
         "exactly n back, while training needed {train_max} at most ([[lesson:length-lab/inside-a-model|inside a model]]). A "
         "scheme breaks on what training never taught it, a table row past {last_position} or a copy from a distance past {train_max}, while "
         "ALiBi's penalty is the same straight line at every distance ([[lesson:length-lab/why-they-break|why]]). "
         "Dividing positions by s brings them back into the trained range, and a short fine-tune on longer samples lifts "
         "the score; the same fine-tune without division, the control, stays far lower, and that gap is the division's "
         "own share ([[lesson:length-lab/interpolation|position interpolation]]). With new frequencies and no training, "
         "PI spoils even the trained lengths, NTK-aware keeps the fast pairs, and YaRN still copies some samples past "
         "training ([[lesson:length-lab/remedies-at-test-time|remedies at test time]])."},
        {"task"},
        views_of(read_inputs, recap_views),
    };
    s.body_args = setup_args;
    s.takeaway = {"超过 n = {max}，模型在训练没教过的表行或照抄距离上出错。n = {n} 时{best}{pi}。",
                  "Past n = {max} a model fails on what training never taught it: new rows, longer copy distances. At n = {n}, {best}{pi}."};
    s.takeaway_args = args_of(read_inputs, +[](const Inputs& in, Lang lang) {
        std::string best_pe;
        Spread best{0, 0, 0, 0};
        for (const std::string& pe : schemes()) {
            const Spread beyond = exact_spread(reference_runs(in.task, pe), kFirstBeyond);
            if (beyond.runs > 0 && (best.runs == 0 || beyond.mean > best.mean)) best = beyond, best_pe = pe;
        }
        std::string best_words;
        if (best.runs == 0)
            best_words = say(lang, {"的分数还在载入", "the scores are still loading"});
        else if (best.mean >= kHoldsShare)
            best_words = say(lang, {"未微调的方案里 {scheme} 最多（{b}）", "of the schemes as trained, {scheme} keeps the most, {b}"},
                             {{"scheme", scheme_label(best_pe, lang)}, {"b", num(best.mean, 2)}});
        else
            best_words = say(lang, {"未微调的方案都不超过 {b}", "no scheme as trained keeps more than {b}"}, {{"b", num(best.mean, 2)}});
        const Spread pi = exact_spread(reference_runs(in.task, "rope", true), kFirstBeyond, &lab_board::RunResult::finetune_scores);
        const std::string pi_words =
            pi.runs > 0 ? say(lang, {"，PI 加微调让 RoPE 到 {pi}", "; PI with a fine-tune lifts RoPE to {pi}"}, {{"pi", num(pi.mean, 2)}})
                        : std::string();
        return std::vector<Arg>{{"max", integer(kTrainMax)}, {"n", integer(kFirstBeyond)}, {"best", best_words}, {"pi", pi_words}};
    });
    return s;
}

}  // namespace length_lab
}  // namespace pelab
