// PE Lab — lessons/length_lab/training_longer.cpp
// Step "training-longer" of lesson "length-lab": the six schemes trained 4× as long (the reference runs' 6,000-step
// set, copy) beside the standard runs, read at the longest trained length and past it, so a learner can tell a
// scheme that fails for its design from one that was only undertrained. Every number from the runs.
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

// The steps of the longer runs, from their echoed config (0 before the data has loaded).
int longer_steps() {
    for (const lab_board::ReferenceRun& r : lab_board::board().reference_longer)
        if (r.train_steps > 0) return r.train_steps;
    return 0;
}

// Mean exact match at n of the standard runs and of the longer ones of a scheme on `task`.
double standard_exact(const std::string& task, const std::string& pe, int n) { return exact_spread(reference_runs(task, pe), n).mean; }
double longer_exact(const std::string& task, const std::string& pe, int n) {
    return exact_spread(lab_board::longer_runs(task, pe), n).mean;
}

// The scheme whose exact match within training gains most from the longer training, and whether any does.
std::string most_helped(const std::string& task) {
    std::string best;
    double gain = -2;
    for (const std::string& pe : schemes()) {
        const double g = longer_exact(task, pe, kTrainMax) - standard_exact(task, pe, kTrainMax);
        if (std::isfinite(g) && g > gain) gain = g, best = pe;
    }
    return best;
}

std::vector<ViewData> longer_views(const Inputs&, Lang lang) {
    const int steps = longer_steps();
    const std::vector<int> lengths = {kTrainMax, kFirstBeyond, kLookBeyond};
    const lab::TrainConfig run;
    TableView t;
    t.values = RowMatrix::Constant(static_cast<Eigen::Index>(schemes().size()), static_cast<Eigen::Index>(2 * lengths.size()),
                                   std::numeric_limits<double>::quiet_NaN());
    t.corner = say(lang, {"方案", "scheme"});
    for (const int n : lengths) {
        t.col_labels.push_back(say(lang, {"n = {n}，{steps} 步", "n = {n}, {steps} steps"},
                                   {{"n", integer(n)}, {"steps", grouped_integer(run.train_steps, lang == Lang::en)}}));
        t.col_labels.push_back(say(lang, {"n = {n}，{steps} 步", "n = {n}, {steps} steps"},
                                   {{"n", integer(n)}, {"steps", steps ? grouped_integer(steps, lang == Lang::en) : std::string("…")}}));
    }
    t.decimals = 2;
    for (size_t r = 0; r < schemes().size(); ++r) {
        const std::string& pe = schemes()[r];
        t.row_labels.push_back(scheme_label(pe, lang));
        for (size_t c = 0; c < lengths.size(); ++c) {
            const auto row = static_cast<Eigen::Index>(r), col = static_cast<Eigen::Index>(2 * c);
            t.values(row, col) = standard_exact("copy", pe, lengths[c]);
            t.values(row, col + 1) = longer_exact("copy", pe, lengths[c]);
        }
    }
    t.explain = [lang](int r, int c) {
        if (r < 0 || c < 0) return std::string();
        return c % 2 == 0 ? say(lang, {"标准训练的参考运行（完全正确，平均）。", "The standard reference runs (exact match, mean)."})
                          : say(lang, {"训练更久的参考运行（完全正确，平均）。", "The reference runs trained longer (exact match, mean)."});
    };
    std::vector<std::string> notes;
    if (!data_status(lang).empty()) notes.push_back(data_status(lang));
    else if (steps == 0)
        notes.push_back(say(lang, {"参考数据里没有更长训练的运行。", "The reference data holds no longer runs."}));
    else
        notes.push_back(say(lang, {"EM(n)：照抄任务中 n 个数字的样本完全抄对的比例。每格是 {runs} 次运行（随机种子各不相同）的平均；同样的模型与数据，只有训练步数 T 不同（见列名）。",
                                   "EM(n): the share of samples of n digits the copy task gets exactly right. Each cell is the mean of "
                                   "{runs} runs (random seeds differ): the same model and data, only the steps T differ (the columns)."},
                            {{"runs", integer(static_cast<long long>(lab_board::longer_runs("copy", "rope").size()))}}));
    return {make_view(say(lang, {"训练得更久：学会了训练之内，还是也能更长？", "Training longer: the trained range learned, or longer lengths too?"}),
                      std::move(t), notes)};
}

}  // namespace

// [SECTION] the step
Step training_longer() {
    Step s{
        "training-longer",
        {"训练得更久：是设计的问题，还是训练不够？", "Training longer: the design, or too few steps?"},
        {"有的方案在训练长度之内就没学好（T5 偏置、NoPE），这可能只是因为 {steps} 步太少。这里每个方案用同样的模型和数据训练更久，"
         "表里并排是标准训练和更久训练在训练之内（n = {train_max}）与之外的完全正确率。"
         "在训练之内变好、过了训练长度仍然几乎不对的方案，失败在设计：训练数据里从来没有更远的距离或更后的位置，步数再多也学不到；"
         "过了训练长度还能对一部分的方案，靠的是在每个距离上都相同的规则。",
         "Some schemes do not learn the task even within the trained lengths (the T5 bias, NoPE), which may only mean "
         "that {steps} steps are too few. Here every scheme trains longer on the same model and data, and the table "
         "sets the standard runs beside the longer ones, within training (n = {train_max}) and past it. A scheme "
         "that improves within training but still scores little past it fails by design: its training data never held a "
         "longer distance or a later position, and more steps cannot teach one; a scheme that keeps a share past "
         "training does so through a rule that is the same at every distance."},
        {},
        views_of(read_inputs, longer_views),
        {{R"tex(\mathrm{EM}(n) \text{ 在 } T \text{ 步之后}, \qquad \text{训练之内：} n \le 16, \quad \text{之外：} n > 16)tex",
          R"tex(\mathrm{EM}(n) \text{ after } T \text{ steps}, \qquad \text{within training: } n \le 16, \quad \text{past it: } n > 16)tex"}},
    };
    s.body_args = setup_args;
    s.takeaway = {"训练更久后，{helped} 在 n = {n} 从 {before} 到 {after}，在 n = {beyond} 只从 {past_before} 到 {past}：多训练教会的是训练之内的长度，不是更长的；"
                  "ALiBi（罚分 −m·Δ 在每个距离都是同一条直线）过了训练也变好：{alibi_before} → {alibi}。",
                  "Trained longer, {helped} goes from {before} to {after} at n = {n} but only from {past_before} to {past} at "
                  "n = {beyond}: more steps teach the trained lengths, not longer ones; ALiBi (penalty −m·Δ, one line at "
                  "every distance) gains past them too: {alibi_before} → {alibi}."};
    s.takeaway_args = +[](const ParamSet&, Lang lang) {
        const std::string pe = most_helped("copy");
        const auto share = [](double x) { return std::isfinite(x) ? num(x, 2) : std::string("…"); };
        return std::vector<Arg>{{"helped", pe.empty() ? std::string("…") : scheme_label(pe, lang)},
                                {"n", integer(kTrainMax)},
                                {"before", share(pe.empty() ? NAN : standard_exact("copy", pe, kTrainMax))},
                                {"after", share(pe.empty() ? NAN : longer_exact("copy", pe, kTrainMax))},
                                {"beyond", integer(kFirstBeyond)},
                                {"past_before", share(pe.empty() ? NAN : standard_exact("copy", pe, kFirstBeyond))},
                                {"past", share(pe.empty() ? NAN : longer_exact("copy", pe, kFirstBeyond))},
                                {"alibi_before", share(standard_exact("copy", "alibi", kFirstBeyond))},
                                {"alibi", share(longer_exact("copy", "alibi", kFirstBeyond))}};
    };
    return s;
}

}  // namespace length_lab
}  // namespace pelab
