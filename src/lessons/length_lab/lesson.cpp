// PE Lab — lessons/length_lab/lesson.cpp
// Lesson "length-lab": the learner trains a tiny transformer with each of six position schemes on
// copies of up to 16 digits, tests it on longer ones and sees where and why each scheme breaks. The model, its
// training and its scores are core's (core/lab_*.h); the runs happen outside the lesson, in the page's Web
// Worker or the desktop's threads, and reach the steps through the lab's board (lab_board.h), as do the
// reference runs (src/lessons/length_lab/data/reference_runs.json, made by scripts/lab_reference_runs.sh from the native
// CLI) and the looks inside trained models. No number here is typed in. The lesson ends with its recap (recap.cpp).
// Comments are English only: the font subset is built from the characters inside the .cpp strings.
//
// This file holds the parameter table, what several steps read from the board and the lesson's step list;
// each step lives in the file named for its id.
//
// [SECTION] parameters
// [SECTION] the schemes and the runs
// [SECTION] the lesson
#include <algorithm>
#include <cmath>
#include <limits>
#include <set>

#include "core/lab/lab_model.h"
#include "core/lab/lab_report.h"
#include "core/lab/lab_train.h"
#include "core/relative/t5.h"
#include "lessons/length_lab/length_lab.h"
#include "lessons/lesson_util.h"

namespace pelab {
namespace length_lab {

using namespace lessonui;

// [SECTION] parameters
// The longest sample a look inside a model shows (the URL key n): any length a run may be tested at.
constexpr int kMaxLookDigits = lab::kMaxTestLength;

const ParamTable<Inputs>& params() {
    // The keys a run shares with core take core's defaults (task, seed, train_steps) and train_steps its range;
    // seed keeps a narrower range here, pe the lesson's own default.
    static const ParamTable<Inputs> table = [] {
        const lab::TrainConfig run;
        const std::string seed = std::to_string(run.seed), train_steps = std::to_string(run.train_steps),
                          look = std::to_string(kLookBeyond);
        return ParamTable<Inputs>{
            {Key::choice("task", lab::task_names(), lab::task_name(run.task),
                         {"任务：照抄这串数字，或把它倒过来写", "task: write the digits out again, or write them reversed"}),
             &Inputs::task},
            {Key::choice("pe", lab::scheme_names(), "rope",
                         {"位置编码方案（训练的、画出的、查看的那一个）", "position scheme (the one trained, drawn or looked inside)"})
                 .sym("PE"),
             &Inputs::pe},
            {Key::shared("seed").range(0, 1000000).def(seed.c_str()).about(
                 {"训练的随机种子（初始权重与训练数据）", "random seed of the run (initial weights and training data)"}),
             &Inputs::seed},
            // The URL key is train_steps: `steps` already means an embed's range of steps.
            {Key::integer("train_steps", 1, lab::kMaxTrainSteps, train_steps.c_str(),
                          {"训练步数（优化器更新次数）", "training steps (optimizer updates)"})
                 .sym("steps"),
             &Inputs::train_steps},
            {Key::integer("n", 1, kMaxLookDigits, look.c_str(),
                          {"样本的数字个数 n（训练只用到更短的样本）", "digits n of the sample (training used shorter samples only)"}),
             &Inputs::n},
            {Key::integer("sample", 0, lab::kEvalSamples - 1, "0",
                          {"查看哪一个评测样本（每个长度有一组固定样本）", "which evaluation sample to look at (each length has a fixed set)"}),
             &Inputs::sample},
            // The reference runs scored s = 2 and 3: the range the remedies' step reads.
            {Key::shared("factor").range(2, 3).def("2").about({"补救的缩放倍数 s", "the remedies' scaling factor s"}),
             &Inputs::factor},
        };
    }();
    return table;
}

Inputs read_inputs(const ParamSet& p) { return params().read(p); }

std::vector<Arg> setup_args(Lang lang) {
    const lab::TrainConfig run;
    int test_max = 0;
    for (const int n : run.test) test_max = std::max(test_max, n);
    const double s = kInterpolationFactor;
    const bool group = lang == Lang::en;  // Chinese texts write counts plainly
    return {{"train_max", integer(run.train_max)},
            {"test_max", integer(test_max)},
            {"last_position", integer(2 * run.train_max - 1)},
            {"steps", grouped_integer(run.train_steps, group)},
            {"d", integer(run.model.d)},
            {"heads", integer(run.model.heads)},
            {"layers", integer(run.model.layers)},
            {"samples", integer(lab::kEvalSamples)},
            {"t5_exact", integer(run.model.t5_buckets / 2)},  // causal T5: the first half of the buckets are exact
            {"look", integer(kLookBeyond)},
            {"s", num(s)},
            {"ft_steps", integer(kFineTuneSteps)},
            {"ft_max", integer(kFineTuneMax)},
            {"ft_last", integer(2 * kFineTuneMax - 1)},
            {"ft_top", num((2 * kFineTuneMax - 1) / s)},
            {"look_tokens", integer(2 * kLookBeyond)},
            {"look_top", num((2 * kLookBeyond - 1) / s)},
            {"test_top", num((2 * test_max - 1) / s)}};
}

// [SECTION] the schemes and the runs
const std::vector<std::string>& schemes() { return lab::scheme_names(); }

std::string scheme_label(const std::string& pe, Lang lang) {
    if (pe == "nope") return "NoPE";
    if (pe == "learned") return say(lang, {"可学习位置表", "learned table"});
    if (pe == "sinusoidal") return say(lang, {"正弦位置表", "sinusoidal table"});
    if (pe == "rope") return "RoPE";
    if (pe == "alibi") return "ALiBi";
    if (pe == "t5") return say(lang, {"T5 偏置", "T5 bias"});
    return pe;
}

std::string task_label(const std::string& task, Lang lang) {
    return task == "reverse" ? say(lang, {"倒写", "reverse"}) : say(lang, {"照抄", "copy"});
}

std::string run_label(const lab_board::Run& run, Lang lang) {
    if (run.loaded && run.state != lab_board::RunState::done)
        return say(lang, {"载入的文件 {name}", "loaded file {name}"}, {{"name", run.words}});
    const auto found = run.result.config.find("seed");
    std::string seed = found != run.result.config.end() ? found->second : std::string();
    if (seed.empty()) seed = lab::word_value(run.words, "seed");
    if (run.loaded)
        return say(lang, {"{scheme} · 载入的文件", "{scheme} · loaded file"}, {{"scheme", scheme_label(run.pe, lang)}});
    return say(lang, {"{scheme} · {task} · 随机种子 {seed}", "{scheme} · {task} · seed {seed}"},
               {{"scheme", scheme_label(run.pe, lang)}, {"task", task_label(run.task, lang)}, {"seed", seed}});
}

std::string run_words(const std::string& pe, const std::string& task, int seed, int train_steps) {
    return "task=" + task + " pe=" + pe + " seed=" + std::to_string(seed) + " train_steps=" + std::to_string(train_steps);
}

std::string interpolation_words(const std::string& task, int seed, int train_steps) {
    return run_words("rope", task, seed, train_steps) + " pi=" + format_number(kInterpolationFactor) +
           " finetune_steps=" + std::to_string(kFineTuneSteps) + " finetune_max=" + std::to_string(kFineTuneMax);
}

std::vector<const lab_board::ReferenceRun*> reference_runs(const std::string& task, const std::string& pe,
                                                          bool interpolation) {
    std::vector<const lab_board::ReferenceRun*> out;
    for (const lab_board::ReferenceRun& run : lab_board::board().reference)
        if (run.task == task && run.pe == pe && lab_board::interpolation_run(run.result) == interpolation) out.push_back(&run);
    return out;
}

std::vector<int> reference_lengths() {
    const auto& reference = lab_board::board().reference;
    return reference.empty() ? std::vector<int>{} : reference.front().result.scores.n;
}

Spread exact_spread(const std::vector<const lab_board::ReferenceRun*>& runs, int n,
                    const lab_board::Scores lab_board::RunResult::*pick) {
    const double nan = std::numeric_limits<double>::quiet_NaN();
    Spread s{nan, nan, nan, 0};
    double sum = 0;
    for (const lab_board::ReferenceRun* run : runs) {
        const double x = (run->result.*pick).exact_at(n);
        if (std::isnan(x)) continue;
        sum += x;
        s.lo = s.runs ? std::min(s.lo, x) : x;
        s.hi = s.runs ? std::max(s.hi, x) : x;
        ++s.runs;
    }
    if (s.runs) s.mean = sum / s.runs;
    return s;
}

int trained_reach(const std::string& task) { return task == "reverse" ? 2 * kTrainMax - 1 : kTrainMax; }

std::string share_text(const Spread& s) { return s.runs > 0 ? num(s.mean, 2) : std::string("…"); }

std::string scheme_reason(const std::string& pe, const std::string& task, Lang lang) {
    const std::string last = integer(2 * kTrainMax - 1);
    if (pe == "nope") return say(lang, {"NoPE 没有位置信号，只能从因果掩码推断顺序", "NoPE has no position signal; only the causal mask hints at order"});
    if (pe == "learned")
        return say(lang, {"可学习表在位置 {last} 之后的行从未训练", "the learned table's rows past position {last} were never trained"}, {{"last", last}});
    if (pe == "sinusoidal")
        return say(lang, {"正弦表在位置 {last} 之后的向量训练中从未出现", "the sinusoidal vectors past position {last} never occurred in training"},
                   {{"last", last}});
    if (pe == "rope")
        return say(lang, {"RoPE 的查询–键匹配随 Δ 旋转，只在 Δ ≤ {reach} 上学过", "RoPE's query–key match turns with Δ and was learned for Δ ≤ {reach} only"},
                   {{"reach", integer(trained_reach(task))}});
    if (pe == "alibi") return say(lang, {"ALiBi 从分数减去斜率 × 距离，处处同一条直线", "ALiBi subtracts slope × distance, one straight line at every distance"});
    if (pe == "t5")
        return say(lang, {"T5 在 Δ > {reach} 的桶从没学过照抄，且从 Δ = {exact} 起一个桶装几个距离",
                          "T5's buckets past Δ = {reach} never learned to copy, and from Δ = {exact} on they lump distances"},
                   {{"reach", integer(trained_reach(task))}, {"exact", integer(t5_max_exact(lab::ModelConfig{}.t5_buckets, false))}});
    return scheme_label(pe, lang);
}

std::string scheme_with_reason(const std::string& pe, const std::string& task, Lang lang) {
    const std::string first = integer(2 * kTrainMax);
    std::string why;
    if (pe == "nope") why = say(lang, {"只有因果掩码", "causal mask only"});
    else if (pe == "learned") why = say(lang, {"{p} 起的行未训练", "rows ≥ {p} untrained"}, {{"p", first}});
    else if (pe == "sinusoidal") why = say(lang, {"{p} 起的向量没见过", "vectors ≥ {p} unseen"}, {{"p", first}});
    else if (pe == "rope") why = say(lang, {"匹配只学过 Δ ≤ {reach}", "match learned for Δ ≤ {reach}"}, {{"reach", integer(trained_reach(task))}});
    else if (pe == "alibi") why = say(lang, {"每个距离同一条直线", "one line at every Δ"});
    else if (pe == "t5")
        why = say(lang, {"偏置只学过 Δ ≤ {reach}，远处分桶合并", "bias learned for Δ ≤ {reach}, far buckets lump Δs"},
                  {{"reach", integer(trained_reach(task))}});
    if (why.empty()) return scheme_label(pe, lang);
    return say(lang, {"{scheme} · {why}", "{scheme} · {why}"}, {{"scheme", scheme_label(pe, lang)}, {"why", why}});
}

std::string alibi_clause(const std::string& task, Lang lang) {
    const auto refs = reference_runs(task, "alibi");
    const Spread within = exact_spread(refs, kTrainMax), beyond = exact_spread(refs, kFirstBeyond);
    if (within.runs == 0 || beyond.runs == 0)
        return say(lang, {"ALiBi 从分数减去斜率 × 距离，处处同一条直线", "ALiBi subtracts slope × distance, one straight line at every distance"});
    if (task == "reverse" && within.mean < kHoldsShare)
        return say(lang, {"ALiBi 在 n = {max} 就只有 {w}：平滑罚分挑不出每个倒写数字的距离",
                          "ALiBi has {w} even at n = {max}: a smooth penalty cannot single out each reversed digit's distance"},
                   {{"max", integer(kTrainMax)}, {"w", share_text(within)}});
    return say(lang, {"ALiBi 减去斜率 × 距离，处处同一条直线，所以仍有 {b}",
                      "ALiBi subtracts slope × distance, one straight line at every distance, so it keeps {b}"},
               {{"b", share_text(beyond)}});
}

std::string data_status(Lang lang) {
    const lab_board::Board& b = lab_board::board();
    if (b.data_loaded) return {};
    if (!b.data_problem.empty())
        return say(lang, {"参考运行没有载入：{why}", "The reference runs did not load: {why}"}, {{"why", b.data_problem}});
    return say(lang, {"正在载入参考运行……", "Loading the reference runs…"});
}

std::string trainer_status(Lang lang) {
    const lab_board::Board& b = lab_board::board();
    if (b.trainer != lab_board::Trainer::unavailable) return {};
    return say(lang,
               {"这里不能训练：训练在 Web Worker 中进行，需要从网址打开的页面（离线单文件版做不到）。参考运行照常显示。原因：{why}",
                "Training cannot run here: it runs in a Web Worker, which needs the page served from an address (the "
                "offline single file cannot start one). The reference runs still show. Reason: {why}"},
               {{"why", b.trainer_problem}});
}

// [SECTION] the lesson
namespace {

Lesson make_lesson() {
    Lesson lesson;
    lesson.id = "length-lab";
    lesson.title = {"长度外推实验：亲手训练一个小模型", "Length lab: train a tiny model and test it longer"};
    use_params(lesson, params());
    // The largest array a step builds: the attention of the largest model the lab opens (its layers × heads)
    // on 2·kMaxLookDigits tokens, tiled with a blank row and column between tiles.
    lesson.result_shape = [](const ParamSet&) {
        constexpr long long tile = 2 * kMaxLookDigits + 1;
        return std::vector<long long>{lab::kMaxOpenLayers * tile, lab::kMaxOpenHeads * tile};
    };
    lesson.steps = {the_experiment(),   train_a_model(),   accuracy_by_length(), inside_a_model(),
                    why_they_break(),   why_rope_breaks(), training_longer(),    interpolation(),
                    remedies_at_test_time(), your_runs(),  recap()};
    // The steps before the remedies were added, so old links (step=7, steps=3-5) open the same content.
    lesson.old_numbering = {"the-experiment",   "train-a-model", "accuracy-by-length", "inside-a-model",
                            "why-they-break",   "interpolation", "your-runs",          "recap"};
    lesson.references = {"press2022", "kazemnejad2023", "ruoss2023", "chen2023", "su2021", "raffel2020", "vaswani2017"};
    lesson.live_revision = [] { return lab_board::board().revision; };
    lesson.opened = [] { lab_board::want_data(); };
    return lesson;
}

}  // namespace
}  // namespace length_lab

const Lesson* lesson_length_lab() {
    static const Lesson lesson = length_lab::make_lesson();
    return &lesson;
}

}  // namespace pelab
