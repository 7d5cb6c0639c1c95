// PE Lab — lessons/attention_grid/pair_table.cpp
// Step "pair-table" of attention-grid: the attention matrix A read as a table of (query, key) pairs, N² cells
// for N tokens, with a selectable row. The step, then its views builder.
// Comments are English only: the font subset is built from the characters inside this file's strings.
//
// [SECTION] A is a table of pairs
#include <string>
#include <vector>

#include "core/relative/attention_grid.h"
#include "core/relative/f_delta.h"
#include "core/random.h"
#include "lessons/attention_grid/attention_grid_lesson.h"
#include "lessons/lesson_util.h"

namespace pelab {
namespace attention_grid_lesson {

using namespace lessonui;  // shared display helpers (lessons/lesson_util.h)

// [SECTION] A is a table of pairs
static std::vector<ViewData> pairs_table_views(const Inputs& in, Lang lang);

Step pairs_table() {
    Step s{
        "pair-table",
        {"A 是一张配对表", "A is a table of pairs"},
        {"后面各课讲的每一种位置编码，都是往注意力矩阵 A 里填数的规则；这一课把 A 读成一张 (查询, 键) 配对表，"
         "再看只看相对位置的规则在一维序列和二维网格上会把它填成什么样。"
         "有 N 个 [[token|token]]（词元：一个词片段或一个图像块）时，A 是 N×N 的：行是[[query|查询]] q，列是[[key|键]] k，"
         "格子 A[q,k] 表示 q 对 k 的关注程度，所以每个格子对应一对 token。"
         "Q、K 的每行是一个 token 的查询向量、键向量，各有 d 个数；[[softmax]] 把每行的分数变成和为 1 的权重。"
         "固定 q 看一整行 A[q,·]，就是 q 与所有 k 的关系。这里的 Q、K 由随机种子生成；点击某一行即可选中它。",
         "Every position encoding in the lessons that follow is a rule for filling the attention matrix A, so this "
         "lesson reads A as a table of (query, key) pairs and asks what a rule that looks only at relative position "
         "does to it, on a line of tokens and on a 2-D grid. With N [[token|tokens]] (word pieces or image patches) A is N×N: "
         "rows are [[query|queries]] q, columns are [[key|keys]] k, and cell A[q,k] says how strongly q attends to k, "
         "one cell for every pair of tokens. Each row of Q and K is one token's query or key vector, d numbers long; "
         "[[softmax]] turns each row of scores into weights that sum to 1. Fixing q and reading the whole row A[q,·] "
         "gives q's relation to every k. The Q and K here are random, drawn from the random seed; click a row to "
         "select it."},
        {"N", "query", "seed"},
        views_of(read_inputs, pairs_table_views),
        {
         R"tex(A = \operatorname{softmax}(Q K^\top / \sqrt{d}) \in \mathbb{R}^{N \times N})tex",
         R"tex(\textstyle\sum_k A[q,k] = 1)tex"},
    };
    s.takeaway = {"A 是 {N}×{N}：{cells} 个格子，每对 (查询, 键) 一个；每行之和为 1，因为 softmax 把这一行的分数变成权重。",
                  "A is {N}×{N}: {cells} cells, one per (query, key) pair; each row sums to 1 because softmax turns the "
                  "row's scores into weights."};
    s.takeaway_args = args_of(read_inputs, +[](const Inputs& in, Lang) {
        return std::vector<Arg>{{"N", integer(in.N)}, {"cells", integer(1LL * in.N * in.N)}};
    });
    return s;
}

static std::vector<ViewData> pairs_table_views(const Inputs& in, Lang lang) {
    const int N = in.N, q = in.query_1d(), d = 4;
    SplitMix64 rng(static_cast<std::uint64_t>(in.seed));
    const Eigen::MatrixXd Q = random_signed_matrix(N, d, rng);
    const Eigen::MatrixXd K = random_signed_matrix(N, d, rng);
    const Eigen::MatrixXd A = attention_weights(Q, K);

    HeatmapView heat = qk_view(A, lang, true);
    heat.decimals = 2;
    heat.highlight_row = q;
    heat.select_mode = HeatmapView::SelectMode::Row;
    heat.select_param = "query";
    heat.explain = [A, N, lang](int r, int c) -> std::string {
        if (r < 0 || c < 0 || r >= N || c >= N) return "";
        return say(lang, {"A[{q},{k}] = {a}：token {q} 对 token {k} 的关注程度。点击选中这一行。",
                          "A[{q},{k}] = {a}: how much token {q} attends to token {k}. Click to select this row."},
                   {{"q", integer(r)}, {"k", integer(c)}, {"a", num(A(r, c), 4)}});
    };
    const std::string heat_note = say(lang, {"N = {N} 个 token，A 有 N² = {cells} 个格子，每个格子是一对 (q, k)。",
                                             "N = {N} tokens, so A has N² = {cells} cells, one per pair (q, k)."},
                                      {{"N", integer(N)}, {"cells", integer(N * N)}});

    // The selected row, stood upright (one line per key k), so that it fits beside the heatmap for every N.
    TableView row;
    row.values = to_rows(A.row(q).transpose());
    for (int k = 0; k < N; ++k) row.row_labels.push_back("k = " + integer(k));
    row.col_labels = {"A[" + integer(q) + ", k]"};
    row.decimals = 3;
    Eigen::Index best = 0;
    A.row(q).maxCoeff(&best);
    return {make_view(say(lang, {"注意力权重 A[q,k]（随机 Q、K）", "Attention weights A[q,k] (random Q, K)"}), heat, {heat_note}),
            make_view(say(lang, {"选中的行 A[q, ·]", "The selected row A[q, ·]"}), row,
                      {say(lang, {"这一行之和 = {sum}（softmax 按行归一化）。", "This row sums to {sum} (softmax normalises each row)."},
                           {{"sum", num(A.row(q).sum(), 4)}}),
                       say(lang, {"token {q} 最关注 token {best}。", "Token {q} attends most to token {best}."},
                           {{"q", integer(q)}, {"best", integer(best)}})})};
}

}  // namespace attention_grid_lesson
}  // namespace pelab
