// PE Lab — lessons/length_lab/your_runs.cpp
// Step "your-runs" of lesson "length-lab": the learner's runs side by side (scores within and beyond training,
// time), and their weights saved to a file or loaded from one (pelab-lab-weights/1, the format `pelab-cli lab
// train --save` writes), so that a lecturer can train before class and open the models in the lecture.
// Comments are English only: the font subset is built from the characters inside this file's strings.
//
// [SECTION] the views
// [SECTION] the step
#include <cmath>
#include <limits>
#include <string>
#include <vector>

#include "lessons/length_lab/length_lab.h"
#include "lessons/lesson_util.h"

namespace pelab {
namespace length_lab {

using namespace lessonui;
using lab_board::Run;
using lab_board::RunState;

// [SECTION] the views
namespace {

std::vector<ViewData> runs_views(const Inputs& in, Lang lang) {
    // The learner's finished (or failed) runs first, then the reference runs of the chosen task, one row per
    // scheme (their mean over the seeds), so that a run is read against the reference of its scheme.
    std::vector<const Run*> runs;
    for (const Run& run : lab_board::board().runs)
        if (run.state == RunState::done || run.state == RunState::failed) runs.push_back(&run);
    std::vector<std::string> reference_schemes;
    for (const std::string& pe : schemes())
        if (!reference_runs(in.task, pe).empty()) reference_schemes.push_back(pe);
    const std::vector<int> lengths = {8, kTrainMax, kFirstBeyond, 24, 32};
    const Eigen::Index rows = static_cast<Eigen::Index>(runs.size() + reference_schemes.size());
    TableView t;
    t.values = RowMatrix::Constant(std::max<Eigen::Index>(1, rows), static_cast<Eigen::Index>(lengths.size()) + 1,
                                   std::numeric_limits<double>::quiet_NaN());
    t.corner = say(lang, {"运行", "run"});
    for (const int n : lengths) t.col_labels.push_back("n = " + integer(n));
    t.col_labels.push_back(say(lang, {"用时 (s)", "time (s)"}));
    t.col_decimals.assign(lengths.size(), 2);
    t.col_decimals.push_back(0);
    for (size_t r = 0; r < runs.size(); ++r) {
        const Run& run = *runs[r];
        t.row_labels.push_back(say(lang, {"你的：{run}", "yours: {run}"}, {{"run", run_label(run, lang)}}));
        if (run.state != RunState::done) continue;
        for (size_t c = 0; c < lengths.size(); ++c)
            t.values(static_cast<Eigen::Index>(r), static_cast<Eigen::Index>(c)) = run.result.scores.exact_at(lengths[c]);
        if (!run.loaded) t.values(static_cast<Eigen::Index>(r), static_cast<Eigen::Index>(lengths.size())) = run.seconds;
    }
    std::vector<size_t> reference_counts;  // runs behind each reference row's mean
    for (size_t k = 0; k < reference_schemes.size(); ++k) {
        const auto refs = reference_runs(in.task, reference_schemes[k]);
        reference_counts.push_back(refs.size());
        const Eigen::Index r = static_cast<Eigen::Index>(runs.size() + k);
        t.row_labels.push_back(say(lang, {"参考：{scheme}", "reference: {scheme}"}, {{"scheme", scheme_label(reference_schemes[k], lang)}}));
        for (size_t c = 0; c < lengths.size(); ++c) t.values(r, static_cast<Eigen::Index>(c)) = exact_spread(refs, lengths[c]).mean;
        double seconds = 0;
        for (const auto* ref : refs) seconds += ref->result.seconds / static_cast<double>(refs.size());
        t.values(r, static_cast<Eigen::Index>(lengths.size())) = seconds;
    }
    if (rows == 0) t.row_labels.push_back(say(lang, {"（还没有运行）", "(no run yet)"}));
    const size_t learner_rows = runs.size();
    t.explain = [runs, learner_rows, reference_counts, lang](int r, int c) {
        (void)c;
        if (r < 0) return std::string();
        if (static_cast<size_t>(r) >= learner_rows) {
            const size_t k = static_cast<size_t>(r) - learner_rows;
            return say(lang, {"参考运行（仓库里的数据，由原生命令行训练）：{runs} 次运行（随机初始化各不相同）的平均；用时也是原生命令行的。",
                              "Reference runs (data in the repository, trained by the native command line): the mean "
                              "of {runs} runs, each its own random seed; the time is the native command line's."},
                       {{"runs", integer(static_cast<long long>(k < reference_counts.size() ? reference_counts[k] : 0))}});
        }
        const Run& run = *runs[static_cast<size_t>(r)];
        if (run.state == RunState::failed) return run.message;
        if (run.loaded) return say(lang, {"从文件载入，在这里重新评测。", "Loaded from a file and scored here."});
        return say(lang, {"{steps} 步，每步 {ms} ms。", "{steps} steps, {ms} ms a step."},
                   {{"steps", integer(run.total)}, {"ms", num(run.ms_per_step, 3)}});
    };
    std::vector<std::string> notes = {
        say(lang, {"完全正确的比例；n ≤ {max} 是训练过的长度。", "Exact match; n ≤ {max} are trained lengths."}, {{"max", integer(kTrainMax)}})};
    if (!data_status(lang).empty()) notes.push_back(data_status(lang));
    for (const Run* run : runs)
        if (run->state == RunState::failed) notes.push_back(run_label(*run, lang) + ": " + run->message);
    if (!trainer_status(lang).empty()) notes.push_back(trainer_status(lang));
    return {make_view(say(lang, {"你的运行与参考运行（{task}）", "Your runs and the reference runs ({task})"}, {{"task", task_label(in.task, lang)}}),
                      std::move(t), notes)};
}

}  // namespace

// [SECTION] the step
Step your_runs() {
    Step s{
        "your-runs",
        {"保存与载入：课前训练，课上展示", "Save and load: train before class, show in class"},
        {"这里列出你完成的运行。“保存权重”把所选方案与任务最近一次完成的运行存成一个文件（pelab-lab-weights/1 格式，"
         "与 pelab-cli lab train --save 相同）；“载入权重”读回这样的文件，在所选任务上重新评测，之后它就像你自己训练的运行一样出现在"
         "各个步骤里（包括[[lesson:length-lab/inside-a-model|模型内部]]）。这样可以在课前训练好，课上直接打开。"
         "桌面版没有文件对话框：把文件拖到窗口上即可载入。",
         "Your finished runs are listed here. Save weights stores the latest finished run of the chosen scheme and "
         "task as a file (format pelab-lab-weights/1, the same as pelab-cli lab train --save); Load weights reads "
         "such a file back, scores it on the chosen task, and from then on it appears in every step like a run you "
         "trained (including [[lesson:length-lab/inside-a-model|inside a model]]). Train before class, open the "
         "models in class. The desktop app has no file dialog: drop the file on its window to load it."},
        {"pe", "task"},
        views_of(read_inputs, runs_views),
        {{R"tex(\overline{\mathrm{EM}}(n) = \frac{1}{3} \sum_{\text{初始化 } 0,1,2} \mathrm{EM}(n) \qquad \text{（参考行）})tex",
          R"tex(\overline{\mathrm{EM}}(n) = \frac{1}{3} \sum_{\text{seeds } 0,1,2} \mathrm{EM}(n) \qquad \text{(a reference row)})tex"}},
    };
    s.takeaway = {"每个运行都对照它所属方案的参考行（同样设置、{runs} 次随机初始化的平均）；保存的权重让课前训练的模型在课上打开、照样评测。",
                  "Each run is read against its scheme's reference row, the mean of {runs} seeds of the same set-up; saved "
                  "weights reopen a model trained before class, scored the same way in class."};
    s.takeaway_args = args_of(read_inputs, +[](const Inputs& in, Lang) {
        const size_t runs = reference_runs(in.task, in.pe).size();
        return std::vector<Arg>{{"runs", runs ? integer(static_cast<long long>(runs)) : std::string("…")}};
    });
    s.actions = {
        {{"保存权重", "Save weights"},
         {"把所选方案与任务最近一次完成的运行存成文件", "Save the latest finished run of the chosen scheme and task as a file"},
         [](const ParamSet& p) {
             const Inputs in = read_inputs(p);
             const Run* run = lab_board::latest_done_run(in.pe, in.task);
             return run != nullptr && !run->loaded;
         },
         [](const ParamSet& p) {
             const Inputs in = read_inputs(p);
             if (const Run* run = lab_board::latest_done_run(in.pe, in.task)) lab_board::save_weights(run->id);
         }},
        {{"载入权重", "Load weights"},
         {"读入一个权重文件，在所选任务上评测", "Read a weights file and score it on the chosen task"},
         [](const ParamSet&) { return lab_board::board().trainer != lab_board::Trainer::unavailable; },
         [](const ParamSet& p) { lab_board::load_weights("task=" + read_inputs(p).task); }},
    };
    return s;
}

}  // namespace length_lab
}  // namespace pelab
