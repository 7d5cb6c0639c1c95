// PE Lab — lessons/length_lab/inside_a_model.cpp
// Step "inside-a-model" of lesson "length-lab": every layer's and head's attention of a trained model on one
// sample longer than any it trained on, tiled layer by layer (rows) and head by head (columns), and the answer
// it gives, each token marked right or wrong. The model is the learner's latest finished run of the chosen
// scheme and task trained without position interpolation, else a model the lab ships (ALiBi and RoPE on copy:
// the reference runs of seed 0). The forward pass runs outside the lesson (the page's worker, the desktop app)
// and reaches it through the board.
// Comments are English only: the font subset is built from the characters inside this file's strings.
//
// [SECTION] which model
// [SECTION] the views
// [SECTION] the step
#include <algorithm>
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

// [SECTION] which model
namespace {

// The models the lab ships, trained by scripts/lab_reference_runs.sh: scheme on copy, the reference run of seed 0.
bool shipped(const std::string& pe, const std::string& task) { return task == "copy" && (pe == "alibi" || pe == "rope"); }

struct Choice {
    std::string key;              // the board's inspection key, "" when there is no model to look inside
    std::string model_words;      // which model, in words
};

Choice choose_model(const Inputs& in, Lang lang) {
    Choice c;
    // An interpolation run's model reads positions divided by pi (the interpolation step shows it): not here.
    if (const lab_board::Run* run = lab_board::latest_plain_run(in.pe, in.task)) {
        c.key = lab_board::inspection_key("run=" + std::to_string(run->id), in.task, in.n, in.sample);
        c.model_words = say(lang, {"你的运行 {run}", "your run {run}"}, {{"run", run_label(*run, lang)}});
    } else if (shipped(in.pe, in.task)) {
        c.key = lab_board::inspection_key("shipped=" + in.pe, in.task, in.n, in.sample);
        c.model_words = say(lang, {"随附的 {scheme} 模型（种子 0）", "the shipped {scheme} model (seed 0)"},
                            {{"scheme", scheme_label(in.pe, lang)}});
    }
    return c;
}

// What the takeaway and the notes read from a look inside: on copy, where the last layer's attention goes, as the
// mean over its heads and the answer positions (queries n … 2n − 1) of the weight at each offset Δ = q − k.
struct InsideCopyLook {
    int peak = -1;             // the offset with the most weight (−1: not copy, or no look)
    double at_copy = 0;        // the weight at Δ = n, the copy's offset
    int right = 0, digits = 0; // answer digits right, of the answer's digits
};

InsideCopyLook inside_copy_look(const lab_board::Inspection& look, const std::string& task) {
    InsideCopyLook out;
    out.digits = static_cast<int>(look.expected.size());
    for (size_t i = 0; i < look.expected.size() && i < look.predicted.size(); ++i) out.right += look.predicted[i] == look.expected[i];
    const int n = look.n, T = look.T, H = look.heads, last = look.layers - 1;
    if (task != "copy" || n <= 0 || T != 2 * n || H <= 0 || last < 0 ||
        look.attention.size() < static_cast<size_t>((last + 1) * H))
        return out;
    std::vector<double> by_offset(static_cast<size_t>(T), 0.0);
    for (int h = 0; h < H; ++h) {
        const std::vector<double>& m = look.attention[static_cast<size_t>(last * H + h)];
        if (m.size() != static_cast<size_t>(T * T)) return out;
        for (int q = n; q < T; ++q)
            for (int k = 0; k <= q; ++k) by_offset[static_cast<size_t>(q - k)] += m[static_cast<size_t>(q * T + k)] / (n * H);
    }
    out.peak = 0;
    for (int d = 1; d < T; ++d)
        if (by_offset[static_cast<size_t>(d)] > by_offset[static_cast<size_t>(out.peak)]) out.peak = d;
    out.at_copy = by_offset[static_cast<size_t>(n)];
    return out;
}

// [SECTION] the views
std::vector<ViewData> inside_views(const Inputs& in, Lang lang) {
    const double nan = std::numeric_limits<double>::quiet_NaN();
    const Choice choice = choose_model(in, lang);
    const lab_board::Inspection* look = choice.key.empty() ? nullptr : lab_board::want_inspection(choice.key);
    // The tiles: the model's layers and heads, or the default model's while there is none to show.
    const lab::ModelConfig default_shape;
    const int layers = look ? look->layers : default_shape.layers, heads = look ? look->heads : default_shape.heads;
    std::vector<std::string> notes;
    if (choice.key.empty())
        notes.push_back(say(lang, {"还没有训练好的 {scheme}（{task}）模型：在 [[lesson:length-lab/train-a-model|训练]] 那一步训练一个。随附的模型只有照抄任务的 ALiBi 和 RoPE。",
                                   "No trained {scheme} model on {task} yet: train one on the step [[lesson:length-lab/train-a-model|Train it]]. The lab ships ALiBi and RoPE on copy only."},
                            {{"scheme", scheme_label(in.pe, lang)}, {"task", task_label(in.task, lang)}}));
    else if (!look) {
        const auto problem = lab_board::board().inspection_problems.find(choice.key);
        notes.push_back(problem != lab_board::board().inspection_problems.end()
                            ? say(lang, {"无法运行这个模型：{why}", "Could not run this model: {why}"}, {{"why", problem->second}})
                            : say(lang, {"正在运行 {model}……", "Running {model}…"}, {{"model", choice.model_words}}));
    }
    if (look && look->T == 0) {
        notes.push_back(say(lang, {"这个模型不能运行 n = {n} 的样本。", "This model cannot run a sample of n = {n}."},
                            {{"n", integer(in.n)}}));
        look = nullptr;
    }

    // The attention, tiled: layer l's head h at tile (l, h), one blank row and column between tiles.
    HeatmapView att;
    if (look) {
        const int T = look->T, L = layers, H = heads;
        att.values = RowMatrix::Constant(L * (T + 1) - 1, H * (T + 1) - 1, nan);
        for (int l = 0; l < L; ++l)
            for (int h = 0; h < H; ++h) {
                const std::vector<double>& m = look->attention[static_cast<size_t>(l * H + h)];
                for (int q = 0; q < T; ++q)
                    for (int k = 0; k <= q; ++k) att.values(l * (T + 1) + q, h * (T + 1) + k) = m[static_cast<size_t>(q * T + k)];
            }
        std::vector<std::string> rows, cols;
        for (int l = 0; l < L; ++l)
            for (int q = 0; q <= T && static_cast<int>(rows.size()) < att.values.rows(); ++q)
                rows.push_back(q == T / 2 && q < T ? say(lang, {"第 {l} 层", "layer {l}"}, {{"l", integer(l + 1)}}) : "");
        for (int h = 0; h < H; ++h)
            for (int k = 0; k <= T && static_cast<int>(cols.size()) < att.values.cols(); ++k)
                cols.push_back(k == T / 2 && k < T ? say(lang, {"头 {h}", "head {h}"}, {{"h", integer(h + 1)}}) : "");
        att.row_labels = rows;
        att.col_labels = cols;
        att.explain = [T, L, H, lang](int r, int c) {
            if (r < 0 || c < 0 || r >= L * (T + 1) - 1 || c >= H * (T + 1) - 1) return std::string();
            const int l = r / (T + 1), q = r % (T + 1), h = c / (T + 1), k = c % (T + 1);
            if (q == T || k == T) return say(lang, {"层与头之间的空隙。", "The gap between layers and heads."});
            if (k > q) return say(lang, {"位置 {q} 看不到后面的位置 {k}（因果掩码）。", "Position {q} cannot see the later position {k} (causal mask)."},
                                  {{"q", integer(q)}, {"k", integer(k)}});
            return say(lang, {"第 {l} 层、头 {h}：位置 {q} 看位置 {k}（距离 {dist}）。",
                              "Layer {l}, head {h}: position {q} attending to position {k} (distance {dist})."},
                       {{"l", integer(l + 1)}, {"h", integer(h + 1)}, {"q", integer(q)}, {"k", integer(k)}, {"dist", integer(q - k)}});
        };
    } else {
        // No model to show yet (being run, or none trained): the tiles of the default model, empty, so that the
        // step keeps its shape while the answer is on its way.
        const int T = 2 * in.n, L = layers, H = heads;
        att.values = RowMatrix::Constant(L * (T + 1) - 1, H * (T + 1) - 1, nan);
        att.explain = [L, H, T, lang](int r, int c) {
            if (r < 0 || c < 0 || r >= L * (T + 1) - 1 || c >= H * (T + 1) - 1) return std::string();
            return say(lang, {"还没有可以查看的模型。", "No model to look inside yet."});
        };
    }
    att.row_axis = say(lang, {"查询位置；每行一层（第 1 … {L} 层）", "query position; a row of tiles per layer (1 … {L})"}, {{"L", integer(layers)}});
    att.col_axis = say(lang, {"键位置；每列一个头（第 1 … {H} 个头）", "key position; a column of tiles per head (1 … {H})"}, {{"H", integer(heads)}});
    if (look) {
        notes.push_back(say(lang, {"{model}，n = {n}：{T} 个 token（训练 ≤ {trained}）。",
                                   "{model}, n = {n}: {T} tokens (training ≤ {trained})."},
                            {{"model", choice.model_words}, {"n", integer(in.n)}, {"T", integer(look->T)}, {"trained", integer(2 * kTrainMax)}}));
        const InsideCopyLook copy = inside_copy_look(*look, in.task);
        if (copy.peak == in.n)
            notes.push_back(say(lang, {"最后一层各头平均：权重最多在照抄的 Δ = {n}，占 {share}（训练 Δ ≤ {reach}）。",
                                       "Last layer, heads' mean: most weight, {share}, at the copy's Δ = {n} (training Δ ≤ {reach})."},
                                {{"n", integer(in.n)}, {"share", num(copy.at_copy, 2)}, {"reach", integer(trained_reach(in.task))}}));
        else if (copy.peak >= 0)
            notes.push_back(say(lang, {"最后一层各头平均：权重最多在 Δ = {peak}；照抄的 Δ = {n} 上 {share}（训练 Δ ≤ {reach}）。",
                                       "Last layer, heads' mean: most weight at Δ = {peak}; {share} at the copy's Δ = {n} (training Δ ≤ {reach})."},
                                {{"peak", integer(copy.peak)}, {"n", integer(in.n)}, {"share", num(copy.at_copy, 2)},
                                 {"reach", integer(trained_reach(in.task))}}));
    }
    ViewData attention = make_view(say(lang, {"每一层、每个头的注意力", "Attention of every layer and head"}), std::move(att), notes);

    // The answer, digit by digit, in blocks of kPerRow digits (a narrow column beside the attention, its digits
    // readable at 1280×720): a row of the digits expected, then a row of the model's; on the diverging map (its
    // scale always ±1) −1 (blue) where the model's digit is right, +1 (red) where it is wrong.
    constexpr int kPerRow = 4;
    HeatmapView ans;
    const int n = look ? static_cast<int>(look->expected.size()) : in.n;
    const int blocks = std::max(1, (n + kPerRow - 1) / kPerRow);
    ans.values = RowMatrix::Constant(2 * blocks, kPerRow, nan);
    ans.cell_text.assign(static_cast<size_t>(2 * blocks * kPerRow), "");
    int right = 0;
    for (int b = 0; b < blocks; ++b) {
        const int last = std::min(n, (b + 1) * kPerRow);
        ans.row_labels.push_back(integer(b * kPerRow + 1) + "–" + integer(last));
        ans.row_labels.push_back("");
    }
    if (look) {
        for (int i = 0; i < n; ++i) {
            const int want = look->expected[static_cast<size_t>(i)], got = look->predicted[static_cast<size_t>(i)];
            const int r = 2 * (i / kPerRow), c = i % kPerRow;
            right += got == want ? 1 : 0;
            ans.values(r, c) = got == want ? -1.0 : 1.0;
            ans.values(r + 1, c) = got == want ? -1.0 : 1.0;
            ans.cell_text[static_cast<size_t>(r * kPerRow + c)] = std::to_string(want);
            ans.cell_text[static_cast<size_t>((r + 1) * kPerRow + c)] = got <= 9 ? std::to_string(got) : "?";
        }
    }
    ans.integer = true;
    ans.is_signed = true;
    ans.col_axis = say(lang, {"每对行：应有 / 模型", "row pairs: expected / model"});
    std::vector<int> expected, predicted;
    if (look) expected = look->expected, predicted = look->predicted;
    ans.explain = [expected, predicted, n, blocks, lang](int r, int c) {
        if (r < 0 || r >= 2 * blocks || c < 0 || c >= kPerRow) return std::string();
        const int d = (r / 2) * kPerRow + c;
        if (d >= n) return say(lang, {"（没有这个数字）", "(no such digit)"});
        if (expected.empty()) return say(lang, {"还没有答案。", "No answer yet."});
        const size_t i = static_cast<size_t>(d);
        const bool ok = predicted[i] == expected[i];
        return say(lang, {"答案第 {i} 个数字：应为 {want}，模型给出 {got}（{verdict}）。",
                          "Answer digit {i}: {want} expected, the model gives {got} ({verdict})."},
                   {{"i", integer(d + 1)},
                    {"want", integer(expected[i])},
                    {"got", predicted[i] <= 9 ? integer(predicted[i]) : std::string("?")},
                    {"verdict", ok ? say(lang, {"对", "right"}) : say(lang, {"错", "wrong"})}});
    };
    std::vector<std::string> answer_notes = {
        say(lang, {"蓝 = 对，红 = 错；每对行上为应有的数字，下为模型给出的。",
                   "Blue = right, red = wrong; each pair of rows: the expected digits, then the model's."})};
    if (look) {
        answer_notes.push_back(say(lang, {"{n} 个答案对了 {right} 个{exact}。", "{right} of {n} answers right{exact}."},
                                   {{"n", integer(n)},
                                    {"right", integer(right)},
                                    {"exact", right == n ? say(lang, {"：完全正确", ": an exact match"}) : std::string()}}));
        if (in.n > kTrainMax && right < n && n > 0) {
            int first_wrong = 0;
            while (first_wrong < n && look->predicted[static_cast<size_t>(first_wrong)] == look->expected[static_cast<size_t>(first_wrong)])
                ++first_wrong;
            answer_notes.push_back(say(lang, {"第一个错误在答案的第 {i} 个数字，输入位置 {p}。",
                                              "The first mistake is answer digit {i}, at input position {p}."},
                                       {{"i", integer(first_wrong + 1)}, {"p", integer(in.n + first_wrong)}}));
        }
    }
    ViewData answer = make_view(say(lang, {"它的答案，逐个数字", "Its answer, digit by digit"}), std::move(ans), answer_notes);
    return {std::move(attention), std::move(answer)};
}

}  // namespace

// [SECTION] the step
Step inside_a_model() {
    Step s{
        "inside-a-model",
        {"模型内部：照抄的注意力模式", "Inside a model: the copy pattern"},
        {"要照抄，预测答案第 i 个数字的头必须往回看 Δ = n，看向第 i 个输入数字：注意力图里是一条与对角线平行、相距 n 的斜线。"
         "它在位置 q = n + i − 1 预测 yᵢ，而 xᵢ 在位置 k = i − 1。这里画出一个训练好的模型在一个比训练更长的样本上的全部注意力"
         "（每层一行、每个头一列），右边是它逐个数字给出的答案。训练中的照抄最远只要往回看 {train_max}。"
         "在 n = {look} 比较 ALiBi 和 RoPE，再把 n 调回 {train_max} 以内看看。随附的模型是参考运行（种子 0），为下载把权重舍入到了半精度。",
         "To copy, the head that predicts answer digit i must look Δ = n back, at input digit i: a line parallel to the "
         "diagonal, n below it. It predicts yᵢ at position q = n + i − 1, and xᵢ sits at k = i − 1. Here is every "
         "layer's and head's attention of a trained model (a row of tiles per layer, a column per head) on a sample "
         "longer than any it trained on, and beside it the answer it gives, digit by digit. Copying in training never "
         "looked more than {train_max} back. Compare ALiBi and RoPE at n = {look}, then set n back to {train_max} or less. The shipped models "
         "are reference runs (seed 0), their weights rounded to half precision for the download."},
        {"pe", "task", "n", "sample"},
        views_of(read_inputs, inside_views),
        {{R"tex(\underbrace{q = n + i - 1}_{\text{预测 } y_i = x_i}, \quad \underbrace{k = i - 1}_{\text{读取 } x_i} \;\Rightarrow\; \Delta = q - k = n)tex",
          R"tex(\underbrace{q = n + i - 1}_{\text{predicts } y_i = x_i}, \quad \underbrace{k = i - 1}_{\text{reads } x_i} \;\Rightarrow\; \Delta = q - k = n)tex"}},
    };
    // (Where this model's last layer looks, once its attention has arrived, is the answer view's note: the takeaway
    // keeps the same length whether the look is there or not, so the step's layout does not move when it arrives.)
    s.body_args = setup_args;
    s.takeaway = {"{need}（训练：Δ ≤ {reach}）；{reason}。", "{need} (training: Δ ≤ {reach}); {reason}."};
    s.takeaway_args = args_of(read_inputs, +[](const Inputs& in, Lang lang) {
        const bool copy = in.task != "reverse";
        const std::string need =
            copy ? say(lang, {"照抄 n = {n} 要一个头往回看 Δ = {n}", "Copying n = {n} needs a head looking Δ = {n} back"}, {{"n", integer(in.n)}})
                 : say(lang, {"倒写 n = {n} 要往回看到 Δ = {far}", "Reversing n = {n} needs heads looking up to Δ = {far} back"},
                       {{"n", integer(in.n)}, {"far", integer(2 * in.n - 1)}});
        return std::vector<Arg>{{"need", need}, {"reach", integer(trained_reach(in.task))},
                                {"reason", scheme_reason(in.pe, in.task, lang)}};
    });
    return s;
}

}  // namespace length_lab
}  // namespace pelab
