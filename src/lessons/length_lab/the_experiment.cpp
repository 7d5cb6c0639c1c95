// PE Lab — lessons/length_lab/the_experiment.cpp
// Step "the-experiment" of lesson "length-lab": the task drawn as tokens (one sample of n digits, its input and
// the next token the model must predict at each position, the positions a training sequence reaches shaded)
// and the lengths every run is tested at, trained or beyond. The sample is core's fixed evaluation sample, the
// same one the runs are scored on (core/lab/lab_train.h: eval_samples, task_batch).
// Comments are English only: the font subset is built from the characters inside this file's strings.
//
// [SECTION] the views
// [SECTION] the step
#include <algorithm>
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

std::string token_text(int token) {
    if (token == lab::kSep) return "→";
    if (token == lab::kPad) return "";
    return std::to_string(token);
}

std::vector<ViewData> experiment_views(const Inputs& in, Lang lang) {
    lab::Task task = lab::Task::copy;
    lab::parse_task(in.task, &task);
    const std::vector<int> digits = lab::eval_samples(in.n)[static_cast<size_t>(in.sample)];
    const lab::Batch batch = lab::task_batch(task, {digits});
    // The whole sequence x₁…xₙ → y₁…yₙ (the input and, last, the final answer token, which is only predicted),
    // in rows of kRow positions so that every token is readable (and the figure short); 1 where a training
    // sequence reached the position, 0 where none did; the answers (what the model must predict, the only tokens
    // scored) boxed.
    constexpr int kRow = 24;
    std::vector<int> sequence = batch.tokens;
    sequence.push_back(batch.targets.back());
    const int total = static_cast<int>(sequence.size());
    const int rows = (total + kRow - 1) / kRow;
    const int trained_tokens = 2 * kTrainMax;  // the longest training input: the digits, the arrow, all answers but one
    HeatmapView h;
    h.values = RowMatrix::Constant(rows, kRow, std::numeric_limits<double>::quiet_NaN());
    h.cell_text.assign(static_cast<size_t>(rows * kRow), "");
    h.scale_lo = 0;
    h.scale_hi = 1;
    for (int t = 0; t < total; ++t) {
        h.values(t / kRow, t % kRow) = t < trained_tokens ? 1.0 : 0.0;
        h.cell_text[static_cast<size_t>(t)] = token_text(sequence[static_cast<size_t>(t)]);
        if (t > in.n) h.highlight_cells.push_back({t / kRow, t % kRow});
    }
    for (int r = 0; r < rows; ++r)
        h.row_labels.push_back(integer(r * kRow) + " … " + integer(std::min(total, (r + 1) * kRow) - 1));
    h.col_labels = index_labels(kRow);
    h.row_axis = say(lang, {"位置", "positions"});
    h.col_axis = say(lang, {"位置 = 行首 + 列；1：训练序列到过这个位置，0：从没到过", "position = row start + column; 1: a training sequence reached it, 0: none did"});
    h.explain = [total, trained_tokens, n = in.n, lang](int r, int c) {
        const int t = r * kRow + c;
        if (r < 0 || c < 0 || c >= kRow || r * kRow >= total) return std::string();
        if (t >= total) return say(lang, {"序列在这之前已经结束。", "The sequence ended before this cell."});
        const std::string what = t < n ? say(lang, {"第 {i} 个数字", "digit {i}"}, {{"i", integer(t + 1)}})
                                 : t == n ? say(lang, {"箭头：答案从这里开始", "the arrow: the answer starts here"})
                                          : say(lang, {"答案第 {i} 个数字（要预测、计分）", "answer digit {i} (predicted and scored)"},
                                                {{"i", integer(t - n)}});
        const std::string where = t < trained_tokens
                                      ? say(lang, {"训练中见过这个位置。", "Training saw this position."})
                                      : say(lang, {"训练中从没到过这个位置。", "Training never reached this position."});
        return say(lang, {"位置 {p}：{what}。{where}", "Position {p}: {what}. {where}"},
                   {{"p", integer(t)}, {"what", what}, {"where", where}});
    };
    const std::vector<std::string> notes = {
        say(lang, {"{task}：{n} 个数字、箭头，再写出 {n} 个答案（方框：模型要预测、只有它们计分）。",
                   "{task}: {n} digits, the arrow, then the {n} answers (boxed: what the model predicts, the only tokens scored)."},
            {{"task", task_label(in.task, lang)}, {"n", integer(in.n)}}),
        in.n > kTrainMax
            // The model reads positions 0 … 2n − 1 (the last answer is predicted, never read): as the takeaway counts.
            ? say(lang, {"n = {n} 超出训练长度：输入位置 {from} … {last} 在训练中从未出现。",
                         "n = {n} is beyond training: input positions {from} … {last} never occurred in training."},
                  {{"n", integer(in.n)}, {"from", integer(trained_tokens)}, {"last", integer(total - 2)}})
            : say(lang, {"n = {n} 在训练长度之内（n ≤ {max}）。", "n = {n} is within the training lengths (n ≤ {max})."},
                  {{"n", integer(in.n)}, {"max", integer(kTrainMax)}}),
    };
    ViewData sample = make_view(say(lang, {"一个样本，逐个 token", "One sample, token by token"}),
                                std::move(h), notes);

    // The lengths every run is scored at, as the number of input tokens, trained or beyond.
    BarsView bars;
    bars.value_axis = say(lang, {"输入长度（token 数 = 2n）", "input length (tokens = 2n)"});
    bars.group_labels = {say(lang, {"训练过的长度 n ≤ {max}", "trained lengths n ≤ {max}"}, {{"max", integer(kTrainMax)}}),
                         say(lang, {"更长：训练中没有", "longer: not in training"})};
    const lab::TrainConfig defaults;
    for (const int n : defaults.test) {
        bars.labels.push_back("n = " + integer(n));
        bars.values.push_back(2.0 * n);
        bars.groups.push_back(n <= kTrainMax ? 0 : 1);
    }
    bars.explain = [lang](int i) {
        const int n = lab::TrainConfig{}.test[static_cast<size_t>(i)];
        return say(lang, {"每个长度用同样的 {samples} 个固定样本评测。", "Each length is scored on the same {samples} fixed samples."},
                   {{"samples", integer(lab::kEvalSamples)}}) +
               (n > kTrainMax ? " " + say(lang, {"比训练中任何序列都长。", "Longer than any training sequence."}) : std::string());
    };
    ViewData lengths = make_view(say(lang, {"评测的长度", "Lengths tested"}), std::move(bars));
    return {std::move(sample), std::move(lengths)};
}

}  // namespace

// [SECTION] the step
Step the_experiment() {
    Step s{
        "the-experiment",
        {"实验：只用短序列训练，再考长序列", "The experiment: train short, test long"},
        {"一个小 [[transformer]] 学习照抄（或倒写）一串数字：训练时最多 {train_max} 个数字，测试时最多 {test_max} 个。"
         "模型看到数字和一个箭头，然后逐个 [[token]] 预测答案；只有箭头之后的 n 个答案计分。一个样本的输入有 2n 个 token，"
         "所以训练中的序列最长到位置 {last_position}；更长的样本会用到模型从没见过的位置。位置 q 上的头读取位置 k 时，往回看的距离是 Δ = q − k。"
         "每种位置编码方案（[[lesson:absolute-pe|可学习表与正弦表]]、[[rope|RoPE]]、[[alibi|ALiBi]]、"
         "[[lesson:t5-bias|T5 偏置]]，以及不加任何位置信息的 [[nope|NoPE]]）都训练同一个模型：d = {d}，{heads} 个[[head|头]]，{layers} 层，{steps} 步。"
         "[[exact-match|完全正确]]指一个样本的全部答案都对（贪心、[[teacher-forcing|teacher forcing]]：每一步都给出正确的前文）。",
         "A tiny [[transformer]] learns to copy (or reverse) a string of digits: in training at most {train_max} digits, in "
         "the test up to {test_max}. The model sees the digits and an arrow, then predicts the answer one [[token]] at a time; only "
         "the n answers after the arrow count. A sample's input is 2n tokens, so training sequences reach position "
         "{last_position} at most; a longer sample uses positions the model has never seen. A head at position q that reads position k "
         "looks Δ = q − k back. Each position scheme ([[lesson:absolute-pe|learned and sinusoidal tables]], "
         "[[rope|RoPE]], [[alibi|ALiBi]], the [[lesson:t5-bias|T5 bias]], and [[nope|NoPE]], which "
         "adds no position information at all) trains the same model: d = {d}, {heads} [[head|heads]], {layers} layers, {steps} steps. "
         "An [[exact-match|exact match]] means every answer of a sample is right (greedy, "
         "[[teacher-forcing|teacher-forced]]: each prediction is given the right tokens before it)."},
        {"task", "n", "sample"},
        views_of(read_inputs, experiment_views),
        {{R"tex(x_1 \ldots x_n \; \rightarrow \; y_1 \ldots y_n, \qquad \text{训练：} n \le 16, \quad \text{测试：} n \le 48)tex",
          R"tex(x_1 \ldots x_n \; \rightarrow \; y_1 \ldots y_n, \qquad \text{train: } n \le 16, \quad \text{test: } n \le 48)tex"}},
    };
    s.body_args = setup_args;
    s.takeaway = {"哪些位置编码在超过训练长度后仍然有效？训练输入只到位置 {tlast}，更长的测试会遇到没训练过的位置：{sample}。",
                  "Which position schemes still work past the length they trained on? Training inputs end at position "
                  "{tlast}, so longer tests meet untrained positions: {sample}."};
    s.takeaway_args = args_of(read_inputs, +[](const Inputs& in, Lang lang) {
        const std::string sample =
            in.n > kTrainMax ? say(lang, {"这个样本（n = {n}）的输入到位置 {last}", "this sample's input (n = {n}) runs to {last}"},
                                   {{"n", integer(in.n)}, {"last", integer(2 * in.n - 1)}})
                             : say(lang, {"这个样本（n = {n}）还在训练范围内", "this sample (n = {n}) stays within the trained range"},
                                   {{"n", integer(in.n)}});
        return std::vector<Arg>{{"tlast", integer(2 * kTrainMax - 1)}, {"sample", sample}};
    });
    return s;
}

}  // namespace length_lab
}  // namespace pelab
