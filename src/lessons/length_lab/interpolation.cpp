// PE Lab — lessons/length_lab/interpolation.cpp
// Step "interpolation" of lesson "length-lab": what position interpolation does to the RoPE model. The reference
// interpolation runs (rope, seeds 0–2) score the same trained model three ways: as trained, with every position
// divided by pi = 2 at test time, and after a short fine-tune on longer samples with the positions divided; the
// learner can train the same run. Every curve is a mean over the runs' seeds, computed from the board.
// Comments are English only: the font subset is built from the characters inside this file's strings.
//
// [SECTION] the views
// [SECTION] the step
#include <limits>
#include <cmath>
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

// The length the note and the takeaway read the three ways at: past training, within the fine-tune's lengths.
constexpr int kInterpolationLook = kLookBeyond;

// The reference interpolation runs' three scores at kInterpolationLook, in words ("" without such runs).
std::string interpolation_scores(const std::string& task, Lang lang) {
    const auto refs = reference_runs(task, "rope", true);
    if (refs.empty()) return {};
    return say(lang, {"n = {n} 时 RoPE 原样 {plain}，位置除以 {s} 后 {divided}，微调 {steps} 步后 {tuned}",
                      "At n = {n}, RoPE: {plain} as trained, {divided} with positions divided by {s}, {tuned} after a "
                      "{steps}-step fine-tune"},
               {{"n", integer(kInterpolationLook)},
                {"plain", num(exact_spread(refs, kInterpolationLook).mean, 2)},
                {"s", num(kInterpolationFactor)},
                {"divided", num(exact_spread(refs, kInterpolationLook, &lab_board::RunResult::pi_scores).mean, 2)},
                {"steps", integer(kFineTuneSteps)},
                {"tuned", num(exact_spread(refs, kInterpolationLook, &lab_board::RunResult::finetune_scores).mean, 2)}});
}

// The other fine-tunes of the reference data, after the same steps: the plain control (positions as trained) and
// the fine-tunes under NTK-aware scaling and YaRN, each with its label.
std::vector<std::pair<std::string, Text>> other_fine_tunes() {
    return {{"none", {"对照：同样微调，位置不除", "control: the same fine-tune, positions not divided"}},
            {"ntk", {"NTK-aware，再微调", "NTK-aware, then fine-tuned"}},
            {"yarn", {"YaRN，再微调", "YaRN, then fine-tuned"}}};
}

// The mean exact match at n of the fine-tune under `scaling` (none: the control), NaN without runs.
double fine_tune_exact(const std::string& task, const std::string& scaling, int n) {
    return exact_spread(lab_board::finetune_runs(task, scaling), n, &lab_board::RunResult::finetune_scores).mean;
}

std::vector<ViewData> interpolation_views(const Inputs& in, Lang lang) {
    const auto refs = reference_runs(in.task, "rope", true);
    std::vector<int> lengths = refs.empty() ? lab::TrainConfig{}.test : refs.front()->result.scores.n;
    CurveView c;
    for (const int n : lengths) c.x.push_back(n);
    c.markers_x = c.x;
    c.missing_points = true;  // a run scored at other lengths; no curve at all before the data has loaded
    c.x_axis = say(lang, {"数字个数 n", "digits n"});
    c.y_axis = say(lang, {"完全正确的比例", "exact match"});
    c.vlines_x = {static_cast<double>(kTrainMax), static_cast<double>(kFineTuneMax)};
    c.vline_labels = {say(lang, {"训练到 n = {n}", "trained up to n = {n}"}, {{"n", integer(kTrainMax)}}),
                      say(lang, {"微调到 n = {n}", "fine-tuned up to n = {n}"}, {{"n", integer(kFineTuneMax)}})};
    using Pick = const lab_board::Scores lab_board::RunResult::*;
    const std::vector<std::pair<Pick, std::string>> ways = {
        {&lab_board::RunResult::scores, say(lang, {"RoPE，原样", "RoPE as trained"})},
        {&lab_board::RunResult::pi_scores,
         say(lang, {"位置除以 {s}（不再训练）", "positions divided by {s} (no training)"}, {{"s", num(kInterpolationFactor)}})},
        {&lab_board::RunResult::finetune_scores,
         say(lang, {"位置除以 {s}，再微调 {steps} 步", "divided by {s}, then {steps} fine-tune steps"},
             {{"s", num(kInterpolationFactor)}, {"steps", integer(kFineTuneSteps)}})},
    };
    std::vector<std::string> notes;
    for (const auto& [pick, label] : ways) {
        std::vector<double> y;
        for (const int n : lengths) y.push_back(exact_spread(refs, n, pick).mean);
        c.series.push_back(y);
        c.series_labels.push_back(label);
        c.series_dashed.push_back(false);
    }
    for (const auto& [scaling, label] : other_fine_tunes()) {
        const auto runs = lab_board::finetune_runs(in.task, scaling);
        if (runs.empty()) continue;
        std::vector<double> y;
        for (const int n : lengths) y.push_back(exact_spread(runs, n, &lab_board::RunResult::finetune_scores).mean);
        c.series.push_back(y);
        c.series_labels.push_back(say(lang, label));
        c.series_dashed.push_back(scaling == "none");
    }
    for (const lab_board::Run& run : lab_board::board().runs) {
        if (run.state != lab_board::RunState::done || run.task != in.task || run.result.finetune_scores.empty()) continue;
        std::vector<double> y;
        for (const int n : lengths) y.push_back(run.result.finetune_scores.exact_at(n));
        c.series.push_back(y);
        c.series_labels.push_back(say(lang, {"你的运行：{run}，微调后", "yours: {run}, fine-tuned"}, {{"run", run_label(run, lang)}}));
        c.series_dashed.push_back(true);
    }
    if (refs.empty()) {
        notes.push_back(data_status(lang).empty()
                            ? say(lang, {"参考数据里没有插值运行。", "The reference data holds no interpolation runs."})
                            : data_status(lang));
    } else {
        const Spread plain = exact_spread(refs, kInterpolationLook);
        const Spread divided = exact_spread(refs, kInterpolationLook, &lab_board::RunResult::pi_scores);
        const Spread tuned = exact_spread(refs, kInterpolationLook, &lab_board::RunResult::finetune_scores);
        notes.push_back(say(lang, {"n = {n}，{runs} 次运行（随机种子各不相同）的平均：原样 {plain}，只除以 {s} 为 {divided}，再微调后 {tuned}。",
                                   "n = {n}, mean of {runs} runs (each its own random seed): as trained {plain}, divided by {s} alone {divided}, fine-tuned {tuned}."},
                            {{"n", integer(kInterpolationLook)},
                             {"runs", integer(plain.runs)},
                             {"plain", num(plain.mean, 2)},
                             {"s", num(kInterpolationFactor)},
                             {"divided", num(divided.mean, 2)},
                             {"tuned", num(tuned.mean, 2)}}));
        // The control splits the division's share from the extra training's: the same steps, positions as trained.
        const double control = fine_tune_exact(in.task, "none", kInterpolationLook);
        if (std::isfinite(control))
            notes.push_back(say(lang, {"同样微调 {steps} 步（n ≤ {ft}，n = {n} 在其中）：对照 {control}，NTK {ntk}，YaRN {yarn}，PI {tuned}；与对照的差就是缩放本身的贡献。",
                                       "The same {steps}-step fine-tune (n ≤ {ft}, so n = {n} is inside its data): control {control}, NTK {ntk}, "
                                       "YaRN {yarn}, PI {tuned}; the gap to the control is what the scaling itself adds."},
                                {{"steps", integer(kFineTuneSteps)},
                                 {"ft", integer(kFineTuneMax)},
                                 {"n", integer(kInterpolationLook)},
                                 {"control", num(control, 2)},
                                 {"ntk", num(fine_tune_exact(in.task, "ntk", kInterpolationLook), 2)},
                                 {"yarn", num(fine_tune_exact(in.task, "yarn", kInterpolationLook), 2)},
                                 {"tuned", num(tuned.mean, 2)}}));
    }
    return {make_view(say(lang, {"位置插值（RoPE，{task}）", "Position interpolation (RoPE, {task})"}, {{"task", task_label(in.task, lang)}}),
                      std::move(c), notes)};
}

}  // namespace

// [SECTION] the step
Step interpolation() {
    Step s{
        "interpolation",
        {"位置插值：把长序列压回训练范围", "Position interpolation: squeeze long sequences into the trained range"},
        {"[[position-interpolation|位置插值]]（PI，见 [[lesson:long-context/position-interpolation|长上下文]]）把每个位置除以 s：s = {s} 时，n = {look} 的 {look_tokens} 个 token 的位置落在 0 … {look_top}，"
         "都在训练范围之内，不再有没见过的位置。但相邻位置现在只差半步，这种间距模型从没见过。"
         "再用 n ≤ {ft_max} 的样本、除过的位置[[fine-tuning|微调]] {ft_steps} 步，让它学这种更密的间距；微调覆盖的位置到 {ft_last} / {s} = {ft_top}，"
         "而 n = {test_max} 的位置到 {test_top}。微调用的样本到 n = {ft_max}，所以 n = {look} 在微调数据之内。"
         "虚线是对照：同样的 {ft_steps} 步微调，位置不除；它和 PI 曲线的差才是除法本身的贡献，而不是多训练的。"
         "另两条是用 [[ntk-scaling|NTK-aware]] 和 [[yarn|YaRN]] 的频率做同样的微调（见[[lesson:length-lab/remedies-at-test-time|测试时的补救]]）。"
         "曲线都来自参考运行（RoPE，随机种子 0、1、2）。也可以按按钮自己训练一次。",
         "[[position-interpolation|Position interpolation]] (PI, see [[lesson:long-context/position-interpolation|long "
         "context]]) divides every position by s: "
         "with s = {s} the positions of the {look_tokens} tokens of n = {look} fall in 0 … {look_top}, all within the trained range, so no position is "
         "new. But neighbours are now half a step apart, a spacing the model never saw. A [[fine-tuning|fine-tune]] "
         "of {ft_steps} steps on samples of n ≤ {ft_max} with the positions divided lets it learn the denser spacing; it covers "
         "positions up to {ft_last} / {s} = {ft_top}, while n = {test_max} reaches {test_top}. The fine-tune used samples up to n = {ft_max}, so n = {look} "
         "is inside its data. The dashed curve is the control: the same {ft_steps}-step fine-tune with the positions "
         "not divided; its gap to the PI curve is the division's own share, not the extra training's. Two more "
         "curves make the same fine-tune with [[ntk-scaling|NTK-aware]]'s and [[yarn|YaRN]]'s frequencies (see "
         "[[lesson:length-lab/remedies-at-test-time|remedies at test time]]). The curves come from the reference runs "
         "(RoPE, seeds 0, 1 and 2). You can also train the run yourself with the button."},
        {"task", "seed", "train_steps"},
        views_of(read_inputs, interpolation_views),
        {R"tex(\theta_j \, p \;\longrightarrow\; \theta_j \, \frac{p}{s}, \qquad s = 2)tex"},
    };
    s.body_args = setup_args;
    s.takeaway = {"{result}；同样微调但不除位置只有 {control}：除法让位置回到训练范围，新的 1/{s} 间距靠微调学会。",
                  "{result}; the same fine-tune without division reaches {control}: division keeps positions in range, "
                  "and the fine-tune teaches the new 1/{s} spacing."};
    s.takeaway_args = args_of(read_inputs, +[](const Inputs& in, Lang lang) {
        std::string result = interpolation_scores(in.task, lang);
        if (result.empty())
            result = data_status(lang).empty()
                         ? say(lang, {"参考数据里没有这个任务的插值运行", "The reference data holds no interpolation runs of this task"})
                         : say(lang, {"参考运行还在载入", "The reference runs are still loading"});
        const double control = fine_tune_exact(in.task, "none", kInterpolationLook);
        return std::vector<Arg>{{"result", result},
                                {"control", std::isfinite(control) ? num(control, 2) : std::string("…")},
                                {"s", num(kInterpolationFactor)}};
    });
    s.actions = {
        {{"训练 RoPE + 插值", "Train RoPE with PI"},
         {"训练一个 RoPE 模型，再把位置除以 s 并微调", "Train a RoPE model, then divide its positions by s and fine-tune it"},
         [](const ParamSet&) { return lab_board::board().trainer != lab_board::Trainer::unavailable; },
         [](const ParamSet& p) {
             const Inputs in = read_inputs(p);
             lab_board::start_run(interpolation_words(in.task, in.seed, in.train_steps));
         }},
    };
    return s;
}

}  // namespace length_lab
}  // namespace pelab
