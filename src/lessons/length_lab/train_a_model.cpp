// PE Lab — lessons/length_lab/train_a_model.cpp
// Step "train-a-model" of lesson "length-lab": the learner trains runs (one scheme, or all six as a queue) and
// watches their loss curves grow, with the reference runs' mean curve of the chosen scheme beside them and a
// progress bar per scheme. The runs live on the lab's board and train outside the lesson (the page's Web
// Worker, the desktop's threads); they go on while the learner moves to other steps. The buttons only ask.
// Comments are English only: the font subset is built from the characters inside this file's strings.
//
// [SECTION] the views
// [SECTION] the progress bars and the buttons
// [SECTION] the step
#include <algorithm>
#include <cmath>
#include <limits>
#include <set>
#include <string>
#include <vector>

#include "core/lab/lab_train.h"
#include "lessons/length_lab/length_lab.h"
#include "lessons/lesson_util.h"

namespace pelab {
namespace length_lab {

using namespace lessonui;
using lab_board::Run;
using lab_board::RunState;

// [SECTION] the views
namespace {

std::string state_words(const Run& run, Lang lang) {
    switch (run.state) {
        case RunState::queued: return say(lang, {"排队中", "queued"});
        case RunState::training: return say(lang, {"训练中", "training"});
        case RunState::paused: return say(lang, {"已暂停", "paused"});
        case RunState::done: return say(lang, {"完成", "done"});
        case RunState::failed: return say(lang, {"失败", "failed"});
        case RunState::cancelled: return say(lang, {"已取消", "cancelled"});
    }
    return {};
}

// The learner's latest run of each scheme on `task` (any state but cancelled), or null.
const Run* latest_run(const std::string& pe, const std::string& task) {
    const Run* latest = nullptr;
    for (const Run& run : lab_board::board().runs)
        if (!run.loaded && run.pe == pe && run.task == task && run.state != RunState::cancelled) latest = &run;
    return latest;
}

// The mean loss curve of the reference runs of `pe` on `task` (empty before the data has loaded): the dashed
// curve, and the numbers the takeaway reads.
lab_board::Curve reference_mean_loss(const std::string& task, const std::string& pe) {
    const std::vector<const lab_board::ReferenceRun*> refs = reference_runs(task, pe);
    if (refs.empty()) return {};
    lab_board::Curve mean = refs.front()->result.loss;
    for (auto& point : mean) {
        double sum = 0;
        int count = 0;
        for (const auto* ref : refs)
            for (const auto& p : ref->result.loss)
                if (p.first == point.first) sum += p.second, ++count;
        point.second = count ? sum / count : std::numeric_limits<double>::quiet_NaN();
    }
    return mean;
}

std::vector<ViewData> training_views(const Inputs& in, Lang lang) {
    const double nan = std::numeric_limits<double>::quiet_NaN();
    // The loss curves: the learner's runs on this task, and the reference runs' mean for the chosen scheme.
    std::vector<const Run*> shown;
    for (const Run& run : lab_board::board().runs)
        if (!run.loaded && run.task == in.task && !run.loss.empty()) shown.push_back(&run);
    const std::vector<const lab_board::ReferenceRun*> refs = reference_runs(in.task, in.pe);
    std::set<int> steps;
    for (const Run* run : shown)
        for (const auto& point : run->loss) steps.insert(point.first);
    for (const auto* ref : refs)
        for (const auto& point : ref->result.loss) steps.insert(point.first);
    CurveView c;
    c.x.assign(steps.begin(), steps.end());
    c.x_axis = say(lang, {"训练步", "training step"});
    c.y_axis = say(lang, {"损失（交叉熵，对数刻度）", "loss (cross-entropy, log scale)"});
    c.log_y = true;
    c.missing_points = true;  // a run still training has only its first points
    auto series_of = [&](const lab_board::Curve& curve) {
        std::vector<double> y(c.x.size(), nan);
        for (const auto& point : curve) {
            const auto at = std::lower_bound(c.x.begin(), c.x.end(), static_cast<double>(point.first));
            if (at != c.x.end() && point.second > 0) y[static_cast<size_t>(at - c.x.begin())] = point.second;
        }
        return y;
    };
    if (!refs.empty()) {
        c.series.push_back(series_of(reference_mean_loss(in.task, in.pe)));
        c.series_labels.push_back(say(lang, {"参考：{scheme}，{runs} 次运行的平均", "reference: {scheme}, mean of {runs} runs"},
                                      {{"scheme", scheme_label(in.pe, lang)}, {"runs", integer(static_cast<long long>(refs.size()))}}));
        c.series_dashed.push_back(true);
    }
    for (const Run* run : shown) {
        c.series.push_back(series_of(run->loss));
        c.series_labels.push_back(run_label(*run, lang));
        c.series_dashed.push_back(false);
    }
    std::vector<std::string> curve_notes;
    if (shown.empty())
        curve_notes.push_back(say(lang, {"还没有你的运行：按“训练”开始一次，或按“训练全部六种”。",
                                         "No run of yours yet: press Train to start one, or Train all six."}));
    if (!data_status(lang).empty()) curve_notes.push_back(data_status(lang));
    if (!trainer_status(lang).empty()) curve_notes.push_back(trainer_status(lang));
    for (const Run& run : lab_board::board().runs)
        if (run.state == RunState::failed && run.task == in.task && !run.loaded)
            curve_notes.push_back(run_label(run, lang) + ": " + run.message);
    if (c.x.empty()) {  // no run and no reference yet (the data is loading): the axes of a run, empty
        c.x = {1.0, static_cast<double>(in.train_steps)};
        c.series.push_back({nan, nan});
        c.series_labels.push_back(say(lang, {"参考：{scheme}", "reference: {scheme}"}, {{"scheme", scheme_label(in.pe, lang)}}));
        c.series_dashed.push_back(true);
    }
    ViewData loss = make_view(say(lang, {"损失曲线：{task}", "Loss curves: {task}"}, {{"task", task_label(in.task, lang)}}),
                              std::move(c), curve_notes);

    return {std::move(loss)};
}

// [SECTION] the progress bars and the buttons
// One progress bar per scheme: the learner's latest run of it on the chosen task.
std::vector<StepProgress> progress_bars(const ParamSet& p, Lang lang) {
    const Inputs in = read_inputs(p);
    std::vector<StepProgress> bars;
    for (const std::string& pe : schemes()) {
        const Run* run = latest_run(pe, in.task);
        StepProgress bar;
        bar.label = scheme_label(pe, lang);
        if (!run) {
            bar.overlay = say(lang, {"还没有运行", "no run yet"});
        } else {
            bar.fraction = run->total > 0 ? static_cast<double>(run->done) / run->total : 0.0;
            bar.overlay = run->state == RunState::failed
                              ? state_words(*run, lang)
                              : say(lang, {"{done} / {total} 步 · {state}", "{done} / {total} steps · {state}"},
                                    {{"done", integer(run->done)}, {"total", integer(run->total)}, {"state", state_words(*run, lang)}});
        }
        bars.push_back(bar);
    }
    return bars;
}

bool can_train() { return lab_board::board().trainer != lab_board::Trainer::unavailable; }

bool any_in(RunState state) {
    for (const Run& run : lab_board::board().runs)
        if (run.state == state) return true;
    return false;
}

}  // namespace

// [SECTION] the step
Step train_a_model() {
    Step s{
        "train-a-model",
        {"训练：看损失下降", "Train it: watch the loss fall"},
        {"按“训练”用所选方案训练一个模型，[[cross-entropy|损失]]曲线会随训练增长；“训练全部六种”把六个方案依次排队。"
         "训练在后台进行（网页里是一个 Web Worker，依次训练；桌面版用几个线程同时训练几个运行），你可以翻到别的步骤，回来时运行还在；"
         "训练结束后页面不再重绘。虚线是仓库里参考运行（同样设置，随机种子 0、1、2）的平均损失。"
         "同一个随机种子在网页里得到的数字与桌面版或命令行的参考运行并不逐位相同：网页用 Emscripten 的数学库计算 exp、"
         "log 和 erf，末位的差别会在 {steps} 步里累积，所以分数可能差一两个样本。默认设置在台式机的浏览器里不到一分钟；"
         "手机上会慢得多。",
         "Train starts a run of the chosen scheme and its [[cross-entropy|loss]] curve grows as it trains; Train all six queues the six "
         "schemes one after another. Training runs in the background (in the page a Web Worker, one run after another; on "
         "the desktop a few threads, several runs at once): move to other steps and the runs are still there when you come back; when training ends the "
         "page stops redrawing. The dashed curve is the mean loss of the repository's reference runs (the same "
         "set-up, seeds 0, 1 and 2). A run in the page does not reproduce the reference numbers of the same seed to "
         "the last digit: the page computes exp, log and erf with Emscripten's maths library, and last-bit "
         "differences accumulate over {steps} steps, so scores may differ by a sample or two. The default run takes "
         "less than a minute in a desktop browser; phones are much slower."},
        {"pe", "task", "seed", "train_steps"},
        views_of(read_inputs, training_views),
        {{R"tex(\mathcal{L} = \mathop{\mathrm{mean}}_{\text{答案 } y_i,\; n \le 16} \bigl[-\log \Pr(y_i \mid \text{它前面的全部 token})\bigr])tex",
          R"tex(\mathcal{L} = \mathop{\mathrm{mean}}_{\text{answers } y_i,\; n \le 16} \bigl[-\log \Pr(y_i \mid \text{every token before it})\bigr])tex"}},
    };
    s.body_args = setup_args;
    s.takeaway = {"{scheme}（{runs} 次参考运行平均）的损失在 {steps} 步里从 {first} 降到 {last}：每一步都让正确答案更可能，但只用 n ≤ {max} 的样本。",
                  "With {scheme}, the loss falls from {first} to {last} in {steps} steps (mean of {runs} reference runs): each "
                  "step makes the right answers likelier, on samples of n ≤ {max} only."};
    s.takeaway_args = args_of(read_inputs, +[](const Inputs& in, Lang lang) {
        const lab_board::Curve mean = reference_mean_loss(in.task, in.pe);
        const size_t runs = reference_runs(in.task, in.pe).size();
        const bool known = !mean.empty() && std::isfinite(mean.front().second) && std::isfinite(mean.back().second);
        return std::vector<Arg>{{"scheme", scheme_label(in.pe, lang)},
                                {"first", known ? num(mean.front().second, 2) : std::string("…")},
                                {"last", known ? num(mean.back().second, 2) : std::string("…")},
                                {"steps", count_text(known ? mean.back().first : lab::TrainConfig{}.train_steps, lang)},
                                {"runs", runs ? integer(static_cast<long long>(runs)) : std::string("…")},
                                {"max", integer(kTrainMax)}};
    });
    s.actions = {
        {{"训练", "Train"},
         {"用所选方案、任务与随机种子开始一次运行", "Start a run of the chosen scheme, task and seed"},
         [](const ParamSet&) { return can_train(); },
         [](const ParamSet& p) {
             const Inputs in = read_inputs(p);
             lab_board::start_run(run_words(in.pe, in.task, in.seed, in.train_steps));
         }},
        {{"训练全部六种", "Train all six"},
         {"把六个方案依次排队（同一任务与随机种子）", "Queue the six schemes one after another (same task and seed)"},
         [](const ParamSet&) { return can_train(); },
         [](const ParamSet& p) {
             const Inputs in = read_inputs(p);
             for (const std::string& pe : schemes()) lab_board::start_run(run_words(pe, in.task, in.seed, in.train_steps));
         }},
        {{"全部暂停", "Pause all"},
         {"暂停所有正在训练或排队的运行", "Pause every run that is training or queued"},
         [](const ParamSet&) { return any_in(RunState::training) || any_in(RunState::queued); },
         [](const ParamSet&) { lab_board::pause(0); }},
        {{"全部继续", "Resume all"},
         {"继续所有暂停的运行", "Resume every paused run"},
         [](const ParamSet&) { return any_in(RunState::paused); },
         [](const ParamSet&) { lab_board::resume(0); }},
        {{"全部取消", "Cancel all"},
         {"停止并丢弃所有未完成的运行", "Stop and drop every run that has not finished"},
         [](const ParamSet&) { return lab_board::any_run_active(); },
         [](const ParamSet&) { lab_board::cancel(0); }},
    };
    s.progress = progress_bars;
    return s;
}

}  // namespace length_lab
}  // namespace pelab
