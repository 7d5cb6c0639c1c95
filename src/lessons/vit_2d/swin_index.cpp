// PE Lab — lessons/vit_2d/swin_index.cpp
// Step "swin-index" of lesson "vit-2d": Swin's relative_position_index, which maps every pair of tokens in an
// H×W window to one row of a (2H−1)(2W−1) bias table, and the table laid out by offset with the rows the
// selected query reads. Its question, a prediction: how many rows that table has (the title, the first sentence,
// the view titles and the equations leave the count to be worked out; the notes, covered until then, give it).
// Comments are English only: the font subset is built from the characters inside this file's strings.
//
// [SECTION] the views
// [SECTION] the step and its question
#include <map>
#include <string>
#include <utility>
#include <vector>

#include "core/absolute/vit2d.h"
#include "lessons/lesson.h"
#include "lessons/lesson_util.h"
#include "lessons/vit_2d/vit_2d_lesson.h"

namespace pelab {
namespace vit_2d_lesson {

using namespace lessonui;

// [SECTION] the views
namespace {

std::vector<ViewData> swin_views(const Inputs& in, Lang lang) {
    const int Wh = in.H, Ww = in.W, N = Wh * Ww;
    const Eigen::MatrixXd idx = swin_relative_position_index(Wh, Ww);
    HeatmapView heat = labelled_matrix(to_rows(idx), index_labels(N), index_labels(N), say(lang, {"查询词元", "query token"}),
                                       say(lang, {"键词元", "key token"}));
    heat.integer = true;
    heat.decimals = 0;
    heat.highlight_row = in.patch;
    heat.explain = [idx, N, Ww, Wh, lang](int r, int c) -> std::string {
        if (r < 0 || c < 0 || r >= N || c >= N) return "";
        const int dr = vit_token_row(r, Ww) - vit_token_row(c, Ww), dc = vit_token_col(r, Ww) - vit_token_col(c, Ww);
        return say(lang, {"(Δr, Δc) = ({dr}, {dc})：索引 = (Δr + {hr})·{cols} + (Δc + {hc}) = {i}",
                          "(Δr, Δc) = ({dr}, {dc}): index = (Δr + {hr})·{cols} + (Δc + {hc}) = {i}"},
                   {{"dr", integer(dr)},
                    {"dc", integer(dc)},
                    {"hr", integer(Wh - 1)},
                    {"cols", integer(2 * Ww - 1)},
                    {"hc", integer(Ww - 1)},
                    {"i", integer(static_cast<long long>(idx(r, c)))}});
    };
    std::map<int, std::pair<int, int>> seen;
    bool consistent = true;
    for (int a = 0; a < N; ++a)
        for (int b = 0; b < N; ++b) {
            const std::pair<int, int> delta(vit_token_row(a, Ww) - vit_token_row(b, Ww), vit_token_col(a, Ww) - vit_token_col(b, Ww));
            auto it = seen.find(static_cast<int>(idx(a, b)));
            if (it == seen.end())
                seen.emplace(static_cast<int>(idx(a, b)), delta);
            else if (it->second != delta)
                consistent = false;
        }
    const int table_size = (2 * Wh - 1) * (2 * Ww - 1);
    const std::vector<Arg> count_args{{"size", integer(table_size)}, {"used", integer(static_cast<long long>(seen.size()))}};
    const std::string count_note =
            consistent ? say(lang, {"偏置表 (2H−1)(2W−1) = {size} 行；用到 {used} 个索引，各对应一个 (Δr, Δc)。",
                                    "Bias table: (2H−1)(2W−1) = {size} rows; {used} indices used, one (Δr, Δc) each."},
                             count_args)
                       : say(lang, {"偏置表 (2H−1)(2W−1) = {size} 行；用到 {used} 个索引，有索引对应多个偏移！",
                                    "Bias table: (2H−1)(2W−1) = {size} rows; {used} indices used, some for several offsets!"},
                             count_args);

    Eigen::MatrixXd layout(2 * Wh - 1, 2 * Ww - 1);
    for (int r = 0; r < 2 * Wh - 1; ++r)
        for (int c = 0; c < 2 * Ww - 1; ++c) layout(r, c) = r * (2 * Ww - 1) + c;
    HeatmapView tv;
    tv.values = to_rows(layout);
    for (int r = 0; r < 2 * Wh - 1; ++r) tv.row_labels.push_back("Δr=" + integer(r - (Wh - 1)));
    for (int c = 0; c < 2 * Ww - 1; ++c) tv.col_labels.push_back(integer(c - (Ww - 1)));
    tv.row_axis = "Δr";
    tv.col_axis = "Δc";
    tv.integer = true;
    tv.decimals = 0;
    const int sel = in.patch;
    for (int b = 0; b < N; ++b) {
        const int v = static_cast<int>(idx(sel, b));
        tv.highlight_cells.emplace_back(v / (2 * Ww - 1), v % (2 * Ww - 1));
    }
    tv.explain = [Wh, Ww, lang](int r, int c) -> std::string {
        if (r < 0 || c < 0 || r >= 2 * Wh - 1 || c >= 2 * Ww - 1) return "";
        return say(lang, {"表的第 {i} 行：(Δr, Δc) = ({dr}, {dc})", "Table row {i}: (Δr, Δc) = ({dr}, {dc})"},
                   {{"i", integer(r * (2 * Ww - 1) + c)}, {"dr", integer(r - (Wh - 1))}, {"dc", integer(c - (Ww - 1))}});
    };
    const std::string code_note = say(lang, {"（Hugging Face: `relative_position_index`、`relative_position_bias_table`。）",
                                             "(Hugging Face: `relative_position_index`, `relative_position_bias_table`.)"});
    return {make_view(say(lang, {"Swin 的相对位置索引（窗口 H×W）", "Swin's relative position index (window H×W)"}), heat, {count_note, code_note}),
            make_view(say(lang, {"偏置表，按 (Δr, Δc) 排开", "The bias table, laid out by (Δr, Δc)"}), tv,
                      {say(lang, {"行 Δr + H − 1，列 Δc + W − 1；Δr、Δc 是查询的行、列减去键的行、列。",
                                  "Row Δr + H − 1, column Δc + W − 1; Δr and Δc are the query's row and column minus the key's."}),
                       say(lang, {"描边的格子：选中查询（第 {t} 个词元）用到的表项。", "Outlined: the entries the selected query (token {t}) reads."},
                           {{"t", integer(sel)}})})};
}

}  // namespace

// [SECTION] the step and its question
namespace {

// The table's rows (the largest index plus one, as the note counts them) and the window's pairs.
std::vector<Arg> swin_args(const Inputs& in, Lang lang) {
    const Eigen::MatrixXd index = swin_relative_position_index(in.H, in.W);
    const long long cells = static_cast<long long>(in.H) * in.W;
    return {{"rows", integer(static_cast<long long>(index.maxCoeff()) + 1)}, {"pairs", count_text(cells * cells, lang)}};
}

}  // namespace

Step swin_index() {
    Step s = {
        "swin-index",
        {"Swin 的相对位置索引", "Swin's relative position index"},
        {"[[swin|Swin Transformer]] 在 H×W 个图块的小窗口里做注意力，给每个分数加一个学到的偏置，偏置从表 B 里按每对词元的[[relative-position-index|相对位置索引]]读出。"
         "索引由偏移算出：(Δr + H − 1)·(2W − 1) + (Δc + W − 1)，Δr、Δc 是查询的行、列减去键的。"
         "右图是表的各行按 (Δr, Δc) 排开，描边的格子是选中查询用到的那些行。",
         "[[swin|Swin Transformer]] attends within small windows of H×W patches and adds a learned bias to each "
         "score, read from a table B through each pair's [[relative-position-index|relative position index]]. The index "
         "is computed from the offset, (Δr + H − 1)·(2W − 1) + (Δc + W − 1), with Δr and Δc the query's row and column minus the key's. "
         "The second figure lays the table's rows out by (Δr, Δc); the outlined cells are the rows the selected query reads."},
        {"H", "W", "patch"},
        views_of(inputs, swin_views),
        {R"tex(\mathrm{score}(q, k) \mathrel{+}= B\big[(\Delta r + H - 1)(2W - 1) + (\Delta c + W - 1)\big])tex"},
    };
    // Covered until answered (a prediction): it gives the count.
    s.takeaway = {"表有 (2H−1)(2W−1) = {rows} 行，每个二维偏移一行，而不是每对一行（{pairs} 对）：偏移相同的对读同一行，所以偏置只看偏移。",
                  "(2H−1)(2W−1) = {rows} rows, one per 2-D offset, not per pair ({pairs}): the same (Δr, Δc) reads the same row."};
    s.takeaway_args = args_of(inputs, swin_args);
    s.questions = {
        {{"H×W 窗口里，Swin 的相对位置偏置表有多少行？",
          "In an H×W window, how many rows does Swin's relative position bias table have?"},
         {{"H·W 行，每个位置一行", "H·W, one per position"},
          {"(2H − 1)(2W − 1) 行，每个二维偏移一行", "(2H − 1)(2W − 1), one per 2-D offset"},
          {"(H·W)² 行，每对位置一行", "(H·W)², one per pair of positions"}},
         1,
         [](const ParamSet& p, Lang lang) {
             const Inputs in = inputs(p);
             const int H = in.H, W = in.W;
             const Eigen::MatrixXd index = swin_relative_position_index(H, W);
             return say(lang,
                        {"{H}×{W} 的窗口：Δr 取 {rows_r} 个值，Δc 取 {rows_c} 个值，relative_position_index 的最大值是 {max}，"
                         "所以表有 {rows} 行，而窗口有 {pairs} 对位置。",
                         "A {H}×{W} window: Δr takes {rows_r} values and Δc {rows_c}; relative_position_index reaches "
                         "{max}, so the table has {rows} rows, while the window has {pairs} pairs of positions."},
                        {{"H", integer(H)}, {"W", integer(W)}, {"rows_r", integer(2LL * H - 1)},
                         {"rows_c", integer(2LL * W - 1)}, {"max", integer(static_cast<long long>(index.maxCoeff()))},
                         {"rows", integer(static_cast<long long>(index.maxCoeff()) + 1)},
                         {"pairs", count_text(1LL * H * W * H * W, lang)}});
         }},
    };
    s.questions[0].predict = true;  // asked before the figures: they, their notes and the takeaway are covered until then
    return s;
}

}  // namespace vit_2d_lesson
}  // namespace pelab
