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

#include "core/lab_train.h"
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
        c.model_words = say(lang, {"随附的 {scheme} 模型（参考运行，随机种子 0；为下载把权重舍入到半精度）", "the shipped {scheme} model (reference run, seed 0; weights rounded to half precision for the download)"},
                            {{"scheme", scheme_label(in.pe, lang)}});
    }
    return c;
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
        notes.push_back(say(lang, {"{model}，n = {n}（输入 {T} 个 token，训练最长 {trained}）。",
                                   "{model}, n = {n} (input of {T} tokens; training reached {trained})."},
                            {{"model", choice.model_words}, {"n", integer(in.n)}, {"T", integer(look->T)}, {"trained", integer(2 * kTrainMax)}}));
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
    ans.col_axis = say(lang, {"蓝 −1 = 对，红 +1 = 错；每对行：上为应有的数字，下为模型的", "blue −1 = right, red +1 = wrong; rows in pairs: expected, then the model's"});
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
    std::vector<std::string> answer_notes;
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
        {"要照抄，写答案第 i 个数字时，某个头必须看向第 i 个输入数字：它在 n + 1 个位置之前，所以注意力图里会出现一条与对角线平行、"
         "相距 n + 1 的斜线。这里画出一个训练好的模型在一个比训练更长的样本上的全部注意力（每层一行、每个头一列），"
         "右边是它逐个数字给出的答案。看 ALiBi：它的偏置只看距离，斜线在训练没到过的位置上依然清楚，答案大多正确。"
         "换成 RoPE：n = 24 时要往回看 25 个位置，训练中最远只需要 17 个；斜线断开，连最前面的答案都错了。"
         "把 n 调回 16 以内，两者的斜线都很整齐。",
         "To copy, when the model writes answer digit i some head must look at input digit i, n + 1 positions back: "
         "the attention map shows a line parallel to the diagonal, n + 1 below it. Here is every layer's and head's "
         "attention of a trained model (a row of tiles per layer, a column per head) on a sample longer than any it "
         "trained on, and beside it the answer it gives, digit by digit. Look at ALiBi: its bias depends on distance "
         "alone, the line stays sharp over positions training never reached, and most answers are right. Switch to "
         "RoPE: at n = 24 the copy must look 25 positions back, while training never needed more than 17; the line "
         "breaks up and even the first answers are wrong. Set n back to 16 or less and both lines are clean."},
        {"pe", "task", "n", "sample"},
        views_of(read_inputs, inside_views),
    };
    return s;
}

}  // namespace length_lab
}  // namespace pelab
