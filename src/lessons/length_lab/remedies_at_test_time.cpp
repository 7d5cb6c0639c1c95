// PE Lab — lessons/length_lab/remedies_at_test_time.cpp
// Step "remedies-at-test-time" of lesson "length-lab": the trained RoPE models of the reference runs scored,
// without any further training, under each of RoPE's scalings at the factor s chosen (none, PI, NTK-aware, dynamic
// NTK, YaRN; core's rope_scaled_inv_freq at the lab's head width, original length 2·train_max positions): exact
// match by length, one curve per method (the mean over the seeds). The takeaway reads the curves inside training
// and just past it, computed from the runs. A button evaluates the learner's own model the same way (the latest
// finished plain RoPE run on the task, before any fine-tune): the board asks the platform for one evaluation per
// method at s (lab_board::evaluate: scoring only, seconds), and the learner's curves and note come from the
// answers as they arrive.
// Comments are English only: the font subset is built from the characters inside this file's strings.
//
// [SECTION] the methods and their scores
// [SECTION] the learner's model
// [SECTION] the views
// [SECTION] the step
#include <cmath>
#include <limits>
#include <string>
#include <vector>

#include "core/lab/lab_train.h"
#include "core/rope/rope_scaling.h"
#include "lessons/length_lab/length_lab.h"
#include "lessons/lesson_util.h"

namespace pelab {
namespace length_lab {

using namespace lessonui;

// [SECTION] the methods and their scores
namespace {

// Each method as core names it, in the order drawn ("none" is the model as trained), with its full name (the
// reference curves' legend and notes) and its short one (the learner's curves and notes beside them: the step
// must still fit one screen with five more entries in its legend).
// (The names come first in a row: a row opening {"id", {zh, en}} would read as a step's declaration to
// scripts/language_texts.py, and its texts would go to every screen's file instead of the lesson's.)
struct MethodNames {
    Text full, brief;
    const char* method;
};
const std::vector<MethodNames>& method_names() {
    static const std::vector<MethodNames> table = {
        {{"原样（不缩放）", "as trained (none)"}, {"原样", "as trained"}, "none"},
        {{"PI（位置插值）", "PI (position interpolation)"}, {"PI", "PI"}, "linear"},
        {{"NTK-aware", "NTK-aware"}, {"NTK", "NTK"}, "ntk"},
        {{"动态 NTK", "dynamic NTK"}, {"动态", "dynamic"}, "dynamic"},
        {{"YaRN", "YaRN"}, {"YaRN", "YaRN"}, "yarn"},
    };
    return table;
}

const std::vector<std::string>& methods() {
    static const std::vector<std::string> names = [] {
        std::vector<std::string> out;
        for (const MethodNames& m : method_names()) out.push_back(m.method);
        return out;
    }();
    return names;
}

const MethodNames& names_of(const std::string& method) {
    for (const MethodNames& m : method_names())
        if (method == m.method) return m;
    return method_names().back();
}

std::string method_label(const std::string& method, Lang lang) { return say(lang, names_of(method).full); }

// The runs of a method at factor s (none: its own runs, at no factor).
std::vector<const lab_board::ReferenceRun*> method_runs(const std::string& task, const std::string& method, double s) {
    return lab_board::scaled_runs(task, method, method == "none" ? 1.0 : s);
}

// The mean exact match of a method at length n over its runs (NaN without runs).
double method_exact(const std::string& task, const std::string& method, double s, int n) {
    return exact_spread(method_runs(task, method, s), n).mean;
}

// The method with the highest mean at n past training, and its share; "" while there are no runs.
std::pair<std::string, double> best_beyond(const std::string& task, double s, int n) {
    std::pair<std::string, double> best{"", -1.0};
    for (const std::string& m : methods()) {
        const double e = method_exact(task, m, s, n);
        if (std::isfinite(e) && e > best.second) best = {m, e};
    }
    return best;
}

// Why the method that does best past training does: the slow pairs, which tell far positions apart, are
// slowed so that far positions meet angles training saw ("" for a method with no such reason to give).
std::string best_reason(const std::string& method, Lang lang) {
    if (method == "yarn")
        return say(lang, {"：它只把慢的对除以 s，远处的位置落回训练见过的角度，快的对照旧",
                          ": it divides only the slow pairs, so far positions fall back to angles training saw, while the "
                          "fast pairs stay as trained"});
    if (method == "ntk")
        return say(lang, {"：它放慢慢的对，远处的位置落回训练见过的角度，快的对几乎照旧",
                          ": it slows the slow pairs, so far positions fall back to angles training saw, while the fast "
                          "pairs barely change"});
    return {};
}

// [SECTION] the learner's model
std::string method_short(const std::string& method, Lang lang) { return say(lang, names_of(method).brief); }

// The model the button evaluates: the learner's latest finished RoPE run on `task` trained without position
// interpolation (an interpolation run's model reads positions divided by pi), or null.
const lab_board::Run* learner_model(const std::string& task) { return lab_board::latest_plain_run("rope", task); }

// The evaluation of the learner's model under a method at s (none: at no factor), or null when not asked.
const lab_board::Evaluation* learner_evaluation(const lab_board::Run& run, const std::string& method, double s) {
    return lab_board::find_evaluation(run.id, method, method == "none" ? 1.0 : s);
}

// How far the evaluations of the learner's model at s have come, method by method.
struct LearnerState {
    int done = 0, waiting = 0, cancelled = 0;
    std::vector<std::string> failures;  // "PI: <the handler's message>"
};
LearnerState learner_state(const lab_board::Run& run, double s, Lang lang) {
    LearnerState st;
    for (const std::string& m : methods()) {
        const lab_board::Evaluation* e = learner_evaluation(run, m, s);
        if (!e) continue;
        switch (e->state) {
            case lab_board::EvalState::done: ++st.done; break;
            case lab_board::EvalState::queued: ++st.waiting; break;
            case lab_board::EvalState::cancelled: ++st.cancelled; break;
            case lab_board::EvalState::failed: st.failures.push_back(method_short(m, lang) + ": " + e->message); break;
        }
    }
    return st;
}

// The learner's exact match under a method at s and length n (NaN until its evaluation is done).
double learner_exact(const lab_board::Run& run, const std::string& method, double s, int n) {
    const lab_board::Evaluation* e = learner_evaluation(run, method, s);
    return e && e->state == lab_board::EvalState::done ? e->scores.exact_at(n) : std::numeric_limits<double>::quiet_NaN();
}

// Whether the button has something to ask: a model, a trainer, and a method at s not yet scored or on its way.
bool can_evaluate(const Inputs& in) {
    const lab_board::Run* run = learner_model(in.task);
    if (!run || lab_board::board().trainer == lab_board::Trainer::unavailable) return false;
    for (const std::string& m : methods()) {
        const lab_board::Evaluation* e = learner_evaluation(*run, m, in.factor);
        if (!e || e->state == lab_board::EvalState::failed || e->state == lab_board::EvalState::cancelled) return true;
    }
    return false;
}

// The note about the learner's model: how to get one, how far its evaluation has come, what it failed with, and,
// once nothing is on its way, what its curves show (read from them, against the reference means of `seeds` runs).
std::vector<std::string> learner_notes(const Inputs& in, Lang lang, int seeds) {
    const lab_board::Run* run = learner_model(in.task);
    if (!run)
        return {say(lang, {"还没有你训练好的 RoPE 模型（{task}）：先在 [[lesson:length-lab/train-a-model|训练]] 那一步训练一个，再回来按“评测我的模型”。",
                           "No trained RoPE model of yours on {task} yet: train one on the step "
                           "[[lesson:length-lab/train-a-model|Train it]], then come back and press Evaluate my model."},
                    {{"task", task_label(in.task, lang)}})};
    std::vector<std::string> notes;
    const std::string label = run_label(*run, lang);
    const LearnerState st = learner_state(*run, in.factor, lang);
    const int total = static_cast<int>(methods().size());
    if (st.waiting > 0) {
        notes.push_back(say(lang, {"正在评测你的模型（{run}，s = {s}）：{done} / {total} 种方法已评测。",
                                   "Evaluating your model ({run}, s = {s}): {done} of {total} methods scored."},
                            {{"run", label}, {"s", num(in.factor)}, {"done", integer(st.done)}, {"total", integer(total)}}));
    } else if (st.done == 0 && st.failures.empty()) {
        notes.push_back(st.cancelled > 0
                            ? say(lang, {"你的模型（{run}）的评测已取消；再按“评测我的模型”重新开始。",
                                         "The evaluation of your model ({run}) was cancelled; press Evaluate my model to start it again."},
                                  {{"run", label}})
                            : say(lang, {"你的模型（{run}）可以评测：“评测我的模型”在 s = {s} 下用五种方法给它打分，只评测、不训练。",
                                         "Your model ({run}) is ready: Evaluate my model scores it under the five methods at "
                                         "s = {s}, with no training."},
                                  {{"run", label}, {"s", num(in.factor)}}));
    }
    if (!trainer_status(lang).empty() && st.done == 0) notes.push_back(trainer_status(lang));
    for (const std::string& failure : st.failures)
        notes.push_back(say(lang, {"你的模型的评测失败了：{why}", "Your model's evaluation failed: {why}"}, {{"why", failure}}));
    if (st.done > 0 && st.waiting == 0) {
        // Each method's share inside training and just past it, "as trained 1 → 0.03", kept short so that the
        // step still fits one screen with the learner's curves drawn.
        std::string pairs;
        std::pair<std::string, double> best{"", -1.0};
        const auto share = [](double e) { return std::isfinite(e) ? num(e, 2) : std::string("…"); };
        for (const std::string& m : methods()) {
            const double a = learner_exact(*run, m, in.factor, kTrainMax), b = learner_exact(*run, m, in.factor, kFirstBeyond);
            if (!std::isfinite(a) && !std::isfinite(b)) continue;
            pairs += (pairs.empty() ? "" : say(lang, {"，", ", "})) + method_short(m, lang) + " " + share(a) + " → " + share(b);
            if (std::isfinite(b) && b > best.second) best = {m, b};
        }
        const auto reference_best = best_beyond(in.task, in.factor, kFirstBeyond);
        const std::string best_text = best.first.empty() ? std::string("…") : method_short(best.first, lang) + " " + num(best.second, 2);
        const std::string reference_text =
            reference_best.first.empty() ? std::string("…") : method_short(reference_best.first, lang) + " " + num(reference_best.second, 2);
        // A model that copies no sample past training under any method has no best one to name.
        const Text summary =
            best.second > 0
                ? Text{"你的模型（{run}，s = {s}），n = {max} → {beyond}：{pairs}。训练之外它最好的是 {best}；参考运行（{seeds} 次运行的平均，没有再训练）最好的是 {reference}。",
                       "Your model ({run}, s = {s}), n = {max} → {beyond}: {pairs}. Past training it does best with {best}; "
                       "the reference means ({seeds} runs, none trained further) with {reference}."}
                : Text{"你的模型（{run}，s = {s}），n = {max} → {beyond}：{pairs}。训练之外哪种方法都没有答对一个样本；参考运行（{seeds} 次运行的平均，没有再训练）最好的是 {reference}。",
                       "Your model ({run}, s = {s}), n = {max} → {beyond}: {pairs}. Past training no method gets a single "
                       "sample right; the reference means ({seeds} runs, none trained further) do best with {reference}."};
        notes.push_back(say(lang, summary,
                            {{"run", label},
                             {"s", num(in.factor)},
                             {"max", integer(kTrainMax)},
                             {"beyond", integer(kFirstBeyond)},
                             {"pairs", pairs},
                             {"best", best_text},
                             {"seeds", seeds > 0 ? integer(seeds) : std::string("…")},
                             {"reference", reference_text}}));
    }
    return notes;
}

// [SECTION] the views
std::vector<ViewData> remedies_views(const Inputs& in, Lang lang) {
    const double nan = std::numeric_limits<double>::quiet_NaN();
    CurveView c;
    std::vector<int> lengths = reference_lengths();
    if (lengths.empty()) lengths = lab::TrainConfig{}.test;
    for (const int n : lengths) c.x.push_back(n);
    c.markers_x = c.x;
    c.missing_points = true;
    c.x_axis = say(lang, {"数字个数 n", "digits n"});
    c.y_axis = say(lang, {"完全正确的比例", "exact match"});
    c.vlines_x = {static_cast<double>(kTrainMax)};
    c.vline_labels = {say(lang, {"训练到 n = {max}", "trained up to n = {max}"}, {{"max", integer(kTrainMax)}})};
    int seeds = 0;
    // The learner's model: once its first curve is drawn, the notes the step text or the learner's own note
    // already say give way, so that the step still fits one screen.
    const lab_board::Run* learner = learner_model(in.task);
    const LearnerState learner_st = learner ? learner_state(*learner, in.factor, lang) : LearnerState{};
    const bool learner_drawn = learner_st.done > 0, learner_summary = learner_drawn && learner_st.waiting == 0;
    for (const std::string& m : methods()) {
        const auto runs = method_runs(in.task, m, in.factor);
        if (runs.empty()) continue;
        seeds = int(runs.size());
        std::vector<double> y;
        for (const int n : lengths) y.push_back(exact_spread(runs, n).mean);
        c.series.push_back(y);
        c.series_labels.push_back(method_label(m, lang));
        c.series_dashed.push_back(m == "none");
    }
    std::vector<std::string> notes;
    if (c.series.empty()) {
        c.series.push_back(std::vector<double>(c.x.size(), nan));
        c.series_labels.push_back(method_label("none", lang));
        c.series_dashed.push_back(true);
        std::string held;  // the task and factors the reference data scored, from the data
        for (const lab_board::ReferenceRun& r : lab_board::board().reference_scaled)
            if (r.scaling != "none" && held.find(task_label(r.task, lang) + " s = " + num(r.factor)) == std::string::npos)
                held += (held.empty() ? "" : say(lang, {"，", ", "})) + task_label(r.task, lang) + " s = " + num(r.factor);
        notes.push_back(!data_status(lang).empty() ? data_status(lang)
                                                   : say(lang, {"参考数据只评测了：{held}。", "The reference data scored only: {held}."},
                                                         {{"held", held.empty() ? std::string("—") : held}}));
    } else {
        std::string within, beyond;
        for (const std::string& m : methods()) {
            const double a = method_exact(in.task, m, in.factor, kTrainMax), b = method_exact(in.task, m, in.factor, kFirstBeyond);
            if (!std::isfinite(a)) continue;
            within += (within.empty() ? "" : say(lang, {"，", ", "})) + method_label(m, lang) + " " + num(a, 2);
            beyond += (beyond.empty() ? "" : say(lang, {"，", ", "})) + method_label(m, lang) + " " + num(b, 2);
        }
        notes.push_back(say(lang, {"n = {n}（训练之内）：{list}。", "n = {n} (within training): {list}."},
                            {{"n", integer(kTrainMax)}, {"list", within}}));
        notes.push_back(say(lang, {"n = {n}（训练之外）：{list}。", "n = {n} (past training): {list}."},
                            {{"n", integer(kFirstBeyond)}, {"list", beyond}}));
        // Dynamic NTK's note repeats the step's text (it changes nothing within training's positions); the seeds'
        // note the learner's summary says too. Both in one line where both are shown (the curve keeps its fifth of
        // the screen).
        const Arg seeds_arg{"seeds", integer(seeds)}, positions_arg{"positions", integer(2 * kTrainMax)},
            n_arg{"n", integer(kTrainMax)};
        if (!learner_drawn && !learner_summary)
            notes.push_back(say(lang, {"每条曲线是 {seeds} 个训练好的 RoPE 模型（随机种子不同）的平均，没有再训练；n ≤ {n}（2n = {positions} 个位置）时动态 NTK 就是原样。",
                                       "Each curve: the mean of {seeds} trained RoPE models, not trained further; dynamic NTK is the "
                                       "model as trained while n ≤ {n} (2n = {positions} positions)."},
                                {seeds_arg, n_arg, positions_arg}));
        else if (!learner_drawn)
            notes.push_back(say(lang, {"动态 NTK 在序列不超过 {positions} 个位置（n ≤ {n}）时什么都不改，曲线与原样重合。",
                                       "Dynamic NTK changes nothing while a sequence fits {positions} positions (n ≤ {n}): there its curve "
                                       "lies on the model as trained."},
                                {positions_arg, n_arg}));
        else if (!learner_summary)
            notes.push_back(say(lang, {"每条曲线是 {seeds} 次运行（随机初始化各不相同）的平均；模型都是训练好的 RoPE 模型，没有再训练。",
                                       "Each curve is the mean of {seeds} seeds; every model is a trained RoPE model, not trained further."},
                                {seeds_arg}));
        // The equations' symbols, from the lab's model and core's YaRN defaults (the ramp's ends, in turns within
        // the original length), so the screen reads without the text behind "more".
        const lab::ModelConfig model;
        const RopeScalingParams yarn;
        notes.push_back(say(lang, {"θⱼ：第 j 对每个位置转的角度；b = {base}：底数；d_h = {head_width}：头宽；γⱼ：{positions} 个位置内转不到 {slow} 圈为 0（÷ s），超过 {fast} 圈为 1（不变）。",
                                   "θⱼ: pair j's angle per position; b = {base}: the base; d_h = {head_width}: a head's width; "
                                   "γⱼ: 0 below {slow} turn in {positions} positions (÷ s), 1 above {fast} turns (kept)."},
                            {{"base", count_text(std::llround(model.rope_base), lang)},
                             {"head_width", integer(model.d / model.heads)}, positions_arg,
                             {"slow", num(yarn.beta_slow)}, {"fast", num(yarn.beta_fast)}}));
    }
    // The learner's model, dashed, over the reference means: one curve per method scored so far.
    if (learner) {
        for (const std::string& m : methods()) {
            std::vector<double> y;
            for (const int n : lengths) y.push_back(learner_exact(*learner, m, in.factor, n));
            bool any = false;
            for (const double v : y) any = any || std::isfinite(v);
            if (!any) continue;
            c.series.push_back(y);
            c.series_labels.push_back(say(lang, {"你的：{method}", "yours: {method}"}, {{"method", method_short(m, lang)}}));
            c.series_dashed.push_back(true);
        }
    }
    for (std::string& note : learner_notes(in, lang, seeds)) notes.push_back(std::move(note));
    return {make_view(say(lang, {"测试时的补救，s = {s}（RoPE，{task}）", "Remedies at test time, s = {s} (RoPE, {task})"},
                          {{"s", num(in.factor)}, {"task", task_label(in.task, lang)}}),
                      std::move(c), notes)};
}

}  // namespace

// [SECTION] the step
Step remedies_at_test_time() {
    Step s{
        "remedies-at-test-time",
        {"测试时的补救：不再训练，只换频率", "Remedies at test time: new frequencies, no training"},
        {"长上下文一课里的几种补救都只改 RoPE 的频率 θⱼ；这里把它们直接用在训练好的模型上，不再训练，看在哪些长度上还能照抄。"
         "[[lesson:long-context/position-interpolation|PI]] 把每个 θⱼ 除以 s，连最快的一对也变慢，最近的邻居之间的角度模型从没见过；"
         "[[lesson:long-context/ntk-aware|NTK-aware]] 放大底数，快的对几乎不动，只放慢慢的对；"
         "[[lesson:long-context/dynamic-ntk|动态 NTK]] 按当前序列长度放大底数，序列不超过训练的 {positions} 个位置时什么都不改；"
         "[[lesson:long-context/yarn-llama3|YaRN]] 保留最快的对、把最慢的除以 s、中间过渡，并放大注意力分数。"
         "这里的头宽是 d/头数 = {head_width}（{pairs} 对），原始长度按位置算是 2 × {train_max} = {positions}。",
         "The remedies of the long-context lesson change only RoPE's frequencies θⱼ; here they are applied to the "
         "trained models as they are, with no more training, to see at which lengths they still copy. "
         "[[lesson:long-context/position-interpolation|PI]] divides every θⱼ by s, so even the fastest pair slows "
         "and the nearest neighbours meet angles the model never saw; [[lesson:long-context/ntk-aware|NTK-aware]] "
         "raises the base, leaving the fast pairs almost as they were and slowing the slow ones; "
         "[[lesson:long-context/dynamic-ntk|dynamic NTK]] raises the base by the current sequence's length, and "
         "changes nothing while the sequence fits the {positions} positions of training; "
         "[[lesson:long-context/yarn-llama3|YaRN]] keeps the fastest pairs, divides the slowest by s, blends "
         "between, and scales the attention scores. The head width here is d/heads = {head_width} ({pairs} pairs), "
         "and the original length, in positions, 2 × {train_max} = {positions}."},
        {"task", "factor"},
        views_of(read_inputs, remedies_views),
        {{R"tex(\text{PI: } \theta_j' = \frac{\theta_j}{s}, \qquad \text{NTK: } \theta_j' = \bigl(b\,s^{\,d_h/(d_h-2)}\bigr)^{-2j/d_h})tex"},
         {R"tex(\text{YaRN: } \theta_j' = (1-\gamma_j)\,\frac{\theta_j}{s} + \gamma_j\,\theta_j, \quad \text{分数} \times (0.1\ln s + 1)^2)tex",
          R"tex(\text{YaRN: } \theta_j' = (1-\gamma_j)\,\frac{\theta_j}{s} + \gamma_j\,\theta_j, \quad \text{scores} \times (0.1\ln s + 1)^2)tex"}},
    };
    s.body_args = +[](Lang lang) {
        std::vector<Arg> args = setup_args(lang);
        const lab::ModelConfig model;
        args.push_back({"head_width", integer(model.d / model.heads)});
        args.push_back({"pairs", integer(model.d / model.heads / 2)});
        args.push_back({"positions", integer(2 * kTrainMax)});
        return args;
    };
    s.takeaway = {"s = {s} 时，PI 在训练之内的 n = {n} 就只剩 {pi}：连最快的一对也被放慢，近邻的角度都是新的；NTK 保留快的对，"
                  "n = {max} 时仍有 {ntk}。过了训练长度，n = {beyond} 时 {best} 最好（{best_score}）{why}。",
                  "At s = {s}, PI falls to {pi} already at n = {n}, inside training: even the fastest pair slows, so every "
                  "near angle is new; NTK keeps the fast pairs and scores {ntk} at n = {max}. Past training, at "
                  "n = {beyond}, {best} does best ({best_score}){why}."};
    s.takeaway_args = args_of(read_inputs, +[](const Inputs& in, Lang lang) {
        const auto best = best_beyond(in.task, in.factor, kFirstBeyond);
        const auto share = [&](const std::string& m, int n) {
            const double e = method_exact(in.task, m, in.factor, n);
            return std::isfinite(e) ? num(e, 2) : std::string("…");
        };
        // The first tested length at which PI has lost the task (below the share the lesson calls holding).
        int broken = kTrainMax;
        for (const int n : reference_lengths())
            if (n <= kTrainMax && method_exact(in.task, "linear", in.factor, n) < kHoldsShare) {
                broken = n;
                break;
            }
        return std::vector<Arg>{{"s", num(in.factor)},
                                {"n", integer(broken)},
                                {"pi", share("linear", broken)},
                                {"max", integer(kTrainMax)},
                                {"ntk", share("ntk", kTrainMax)},
                                {"beyond", integer(kFirstBeyond)},
                                {"best", best.first.empty() ? std::string("…") : method_label(best.first, lang)},
                                {"why", best_reason(best.first, lang)},
                                {"best_score", best.first.empty() ? std::string("…") : num(best.second, 2)}};
    });
    s.questions = {
        {{"照抄，不再训练：在 n = 16（训练之内），哪种缩放让模型照抄得最差？",
          "Copy, no training: at n = 16 (within training), which scaling makes the model copy worst?"},
         {{"PI（所有频率除以 s）", "PI (every frequency divided by s)"},
          {"NTK-aware（放大底数）", "NTK-aware (a larger base)"},
          {"YaRN（按对分段）", "YaRN (by pair, in bands)"}},
         0,
         [](const ParamSet& p, Lang lang) {
             const double f = read_inputs(p).factor;  // the question is about copy, the task the data scored
             const double pi = method_exact("copy", "linear", f, kTrainMax), ntk = method_exact("copy", "ntk", f, kTrainMax),
                          yarn = method_exact("copy", "yarn", f, kTrainMax);
             if (!std::isfinite(pi)) return data_status(lang);
             return say(lang, {"s = {s}、n = {n} 时 PI {pi}，NTK {ntk}，YaRN {yarn}：PI 把最快的一对也放慢，模型读近邻用的角度全变了。",
                               "At s = {s}, n = {n}: PI {pi}, NTK {ntk}, YaRN {yarn}. PI slows even the fastest pair, so the "
                               "angles the model reads its near neighbours by all change."},
                        {{"s", num(f)}, {"n", integer(kTrainMax)}, {"pi", num(pi, 2)}, {"ntk", num(ntk, 2)}, {"yarn", num(yarn, 2)}});
         }},
    };
    s.questions[0].predict = true;
    s.actions = {
        {{"评测我的模型", "Evaluate my model"},
         {"在当前的 s 下用五种方法评测你最近训练好的 RoPE 模型：只评测，不训练", "Score your latest trained RoPE model under the five methods at the current s: evaluation only, no training"},
         [](const ParamSet& p) { return can_evaluate(read_inputs(p)); },
         [](const ParamSet& p) {
             const Inputs in = read_inputs(p);
             if (const lab_board::Run* run = learner_model(in.task))
                 for (const std::string& m : methods()) lab_board::evaluate(run->id, m, in.factor);
         }},
        {{"取消评测", "Cancel evaluation"},
         {"停止还没评测完的方法", "Stop the methods not yet scored"},
         [](const ParamSet&) { return lab_board::any_evaluation_active(); },
         [](const ParamSet&) { lab_board::cancel_evaluations(); }},
    };
    return s;
}

}  // namespace length_lab
}  // namespace pelab
