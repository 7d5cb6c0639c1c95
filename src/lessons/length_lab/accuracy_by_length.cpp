// PE Lab — lessons/length_lab/accuracy_by_length.cpp
// Step "accuracy-by-length" of lesson "length-lab": exact-match against length for the six schemes, the mean of
// the reference runs over their seeds at once (the chosen scheme's lowest and highest seed drawn dashed beside
// its mean), and the learner's finished runs of the same task added as they finish.
// Comments are English only: the font subset is built from the characters inside this file's strings.
//
// [SECTION] the views
// [SECTION] the step
#include <cmath>
#include <limits>
#include <string>
#include <vector>

#include "core/lab/lab_train.h"
#include "lessons/length_lab/length_lab.h"
#include "lessons/lesson_util.h"

namespace pelab {
namespace length_lab {

using namespace lessonui;

// [SECTION] the views
namespace {

std::vector<ViewData> accuracy_views(const Inputs& in, Lang lang) {
    const double nan = std::numeric_limits<double>::quiet_NaN();
    CurveView c;
    std::vector<int> lengths = reference_lengths();
    if (lengths.empty()) lengths = lab::TrainConfig{}.test;
    for (const int n : lengths) c.x.push_back(n);
    c.markers_x = c.x;
    c.missing_points = true;  // a loaded or learner's run may be scored at other lengths
    c.x_axis = say(lang, {"数字个数 n", "digits n"});
    c.y_axis = say(lang, {"完全正确的比例（{samples} 个样本）", "exact match (share of {samples} samples)"},
                   {{"samples", integer(lab::kEvalSamples)}});
    c.vlines_x = {static_cast<double>(kTrainMax)};
    c.vline_labels = {say(lang, {"训练到 n = {max}", "trained up to n = {max}"}, {{"max", integer(kTrainMax)}})};
    std::vector<std::string> notes;
    Spread chosen_beyond{nan, nan, nan, 0};
    for (const std::string& pe : schemes()) {
        const auto refs = reference_runs(in.task, pe);
        if (refs.empty()) continue;
        std::vector<double> mean, lo, hi;
        for (const int n : lengths) {
            const Spread s = exact_spread(refs, n);
            mean.push_back(s.mean);
            lo.push_back(s.lo);
            hi.push_back(s.hi);
        }
        c.series.push_back(mean);
        c.series_labels.push_back(scheme_label(pe, lang));
        c.series_dashed.push_back(false);
        if (pe == in.pe) {
            chosen_beyond = exact_spread(refs, kFirstBeyond);
            c.series.push_back(lo);
            c.series_labels.push_back(say(lang, {"{scheme}：最差的随机种子", "{scheme}: lowest seed"}, {{"scheme", scheme_label(pe, lang)}}));
            c.series_dashed.push_back(true);
            c.series.push_back(hi);
            c.series_labels.push_back(say(lang, {"{scheme}：最好的随机种子", "{scheme}: highest seed"}, {{"scheme", scheme_label(pe, lang)}}));
            c.series_dashed.push_back(true);
        }
    }
    int yours = 0;
    for (const lab_board::Run& run : lab_board::board().runs) {
        if (run.state != lab_board::RunState::done || run.task != in.task) continue;
        std::vector<double> y;
        for (const int n : lengths) y.push_back(run.result.scores.exact_at(n));
        c.series.push_back(y);
        c.series_labels.push_back(say(lang, {"你的运行：{run}", "yours: {run}"}, {{"run", run_label(run, lang)}}));
        c.series_dashed.push_back(false);
        ++yours;
    }
    if (c.series.empty()) {  // the data is loading (the note says so): the axes, empty
        c.series.push_back(std::vector<double>(c.x.size(), nan));
        c.series_labels.push_back(scheme_label(in.pe, lang));
        c.series_dashed.push_back(false);
    }
    if (!data_status(lang).empty()) notes.push_back(data_status(lang));
    if (chosen_beyond.runs > 0)
        notes.push_back(say(lang, {"{scheme} 在 n = {n}：平均 {mean}（{runs} 个随机种子，{lo} … {hi}）。",
                                   "{scheme} at n = {n}: mean {mean} ({runs} seeds, {lo} … {hi})."},
                            {{"scheme", scheme_label(in.pe, lang)},
                             {"n", integer(kFirstBeyond)},
                             {"mean", num(chosen_beyond.mean, 2)},
                             {"runs", integer(chosen_beyond.runs)},
                             {"lo", num(chosen_beyond.lo, 2)},
                             {"hi", num(chosen_beyond.hi, 2)}}));
    notes.push_back(yours ? say(lang, {"你的运行已画出：{count} 条。", "Your finished runs drawn: {count}."}, {{"count", integer(yours)}})
                          : say(lang, {"你的运行完成后会加到这里。", "Your runs are added here as they finish."}));
    return {make_view(say(lang, {"完全正确的比例与长度：{task}", "Exact match against length: {task}"}, {{"task", task_label(in.task, lang)}}),
                      std::move(c), notes)};
}

}  // namespace

// [SECTION] the step
Step accuracy_by_length() {
    Step s{
        "accuracy-by-length",
        {"超过训练长度后，谁还对？", "Past the training length, who is still right?"},
        {"每条实线是一个方案在参考运行中的平均[[exact-match|完全正确率]]（EM），所选方案的最差与最好随机种子画成虚线；你训练完成的运行会加进来。"
         "竖线左边是训练过的长度，右边的长度没有一个训练样本有过：比较每条曲线在竖线两侧的样子。"
         "选“倒写”任务做同样的比较：倒写的答案要往回看最多 2n − 1 个 token。",
         "Each solid curve is one scheme's mean [[exact-match|exact match]] (EM) over its reference runs, the chosen "
         "scheme's lowest and highest seed dashed; your finished runs are added. Left of the vertical line are the "
         "trained lengths, right of it lengths no training sample had: compare each curve on both sides of the line. "
         "Pick the reverse task for the same comparison on a task whose answers look up to 2n − 1 tokens back."},
        {"task", "pe"},
        views_of(read_inputs, accuracy_views),
        {{R"tex(\mathrm{EM}(n) = \frac{\#\{\text{所有 } i \le n \text{ 都有 } \hat y_i = y_i \text{ 的样本}\}}{256})tex",
          R"tex(\mathrm{EM}(n) = \frac{\#\{\text{samples with } \hat y_i = y_i \text{ for every } i \le n\}}{256})tex"},
         {R"tex(\hat y_i = \arg\max_{v} \, \Pr(v \mid \text{正确的前文}))tex",
          R"tex(\hat y_i = \arg\max_{v} \, \Pr(v \mid \text{the right tokens before } y_i))tex"}},
    };
    s.takeaway = {"n = {n} 时 RoPE 得 {rope}：查询–键匹配随距离旋转，只学过往回 {reach} 以内；{alibi}。",
                  "At n = {n}, RoPE scores {rope}: its query–key match turns with distance, learned only up to {reach} "
                  "back. {alibi}."};
    s.takeaway_args = args_of(read_inputs, +[](const Inputs& in, Lang lang) {
        return std::vector<Arg>{{"n", integer(kFirstBeyond)},
                                {"rope", share_text(exact_spread(reference_runs(in.task, "rope"), kFirstBeyond))},
                                {"reach", integer(trained_reach(in.task))},
                                {"alibi", alibi_clause(in.task, lang)}};
    });
    s.questions = {
        {{"在 n = 20（训练之外），哪个方案的照抄完全正确率最高？", "At n = 20 (beyond training), which scheme copies exactly right most often?"},
         {{"RoPE", "RoPE"}, {"ALiBi", "ALiBi"}, {"可学习位置表", "the learned table"}},
         1,
         [](const ParamSet& p, Lang lang) {
             const Inputs in = read_inputs(p);
             std::string best;
             double best_mean = -1;
             std::string all;
             for (const std::string& pe : schemes()) {
                 const Spread s = exact_spread(reference_runs("copy", pe), kFirstBeyond);
                 if (s.runs == 0) continue;
                 if (s.mean > best_mean) best_mean = s.mean, best = pe;
                 all += (all.empty() ? "" : ", ") + scheme_label(pe, lang) + " " + num(s.mean, 2);
             }
             if (best.empty()) return data_status(lang);
             const Spread chosen = exact_spread(reference_runs("copy", in.pe), kFirstBeyond);
             return say(lang, {"参考运行在 n = {n} 的平均：{all}。最高的是 {best}：{why}。"
                               "你选的 {chosen}：{runs} 次运行里最低 {lo}，最高 {hi}。",
                               "The reference runs' means at n = {n}: {all}. The highest is {best}: {why}. "
                               "The scheme you chose, {chosen}: lowest of {runs} runs {lo}, highest {hi}."},
                        {{"n", integer(kFirstBeyond)}, {"all", all}, {"best", scheme_label(best, lang)},
                         {"why", scheme_reason(best, "copy", lang)},
                         {"chosen", scheme_label(in.pe, lang)}, {"runs", integer(chosen.runs)},
                         {"lo", num(chosen.lo, 2)}, {"hi", num(chosen.hi, 2)}});
         }},
    };
    s.questions[0].predict = true;  // asked before the curves: they, their notes and the takeaway are covered
    return s;
}

}  // namespace length_lab
}  // namespace pelab
