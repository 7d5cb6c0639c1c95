// PE Lab — lessons/absolute_pe/learnable_table.cpp
// Step "learnable-table" of absolute-pe: a learnable max_len × d table has no rows beyond max_len. Its views,
// then the step with its question.
// Comments are English only: the font subset is built from the characters inside this file's strings.
//
// [SECTION] learnable position embeddings
#include <algorithm>
#include <string>
#include <vector>

#include "core/absolute/sinusoidal.h"
#include "lessons/absolute_pe/absolute_pe.h"
#include "lessons/lesson_util.h"

namespace pelab {
namespace absolute_pe {

using namespace lessonui;

// [SECTION] learnable position embeddings
namespace {

std::vector<ViewData> learnable_views(const Inputs& in, Lang lang) {
    const int L = in.L, d = in.d_model, max_len = in.max_len;
    const Eigen::MatrixXd table = learnable_pe_table(max_len, d, static_cast<std::uint64_t>(in.seed));
    const Eigen::MatrixXd looked = learnable_pe_lookup(table, L);

    // Drawn transposed (dimensions down, positions across) so the missing positions form a band on the right
    // that is visible without scrolling.
    HeatmapView heat = labelled_matrix(to_rows(looked.transpose()), index_labels(d), index_labels(L), say(lang, {"维度 j", "dimension j"}),
                                       say(lang, {"位置 p", "position p"}));
    heat.is_signed = true;
    heat.explain = [looked, L, d, max_len, lang](int r, int c) -> std::string {
        if (r < 0 || c < 0 || r >= d || c >= L) return "";
        if (c >= max_len)
            return say(lang, {"位置 {p} ≥ max_len = {max_len}：表中没有这一行，无法查表。",
                              "Position {p} ≥ max_len = {max_len}: the table has no such row, so there is nothing to look up."},
                       {{"p", pos_text(c)}, {"max_len", pos_text(max_len)}});
        return say(lang, {"T[{p}][{j}] = {value}（训练得到的参数；这里由随机种子生成）", "T[{p}][{j}] = {value} (a trained parameter; drawn from the random seed here)"},
                   {{"p", pos_text(c)}, {"j", pos_text(r)}, {"value", num(looked(c, r))}});
    };
    std::vector<std::string> notes;
    if (L > max_len)
        notes.push_back(say(lang, {"位置 {first}…{last} 没有对应的行（斜线阴影）：查表不能外推到训练长度之外（PyTorch：`nn.Embedding(max_len, d)`）。",
                                   "Positions {first}…{last} have no row (hatched): a lookup table cannot reach beyond the training length (PyTorch: `nn.Embedding(max_len, d)`)."},
                            {{"first", pos_text(max_len)}, {"last", pos_text(L - 1)}}));
    else
        notes.push_back(say(lang, {"L ≤ max_len：每个位置都有自己的一行。", "L ≤ max_len: every position has its own row."}));
    notes.push_back(say(lang, {"参数量：max_len × d = {max_len} × {d} = {count}。", "Parameters: max_len × d = {max_len} × {d} = {count}."},
                        {{"max_len", pos_text(max_len)}, {"d", pos_text(d)}, {"count", count_text(static_cast<long long>(max_len) * d, lang)}}));
    notes.push_back(say(lang, {"按 BERT-base 的规模（512 × 768）是 {count} 个参数。", "At BERT-base size (512 × 768) it is {count} parameters."},
                        {{"count", count_text(512LL * 768LL, lang)}}));
    return {make_view(say(lang, {"可学习位置表 T（转置：每列一个位置）", "Learnable position table T (transposed: one column per position)"}), std::move(heat),
                      notes)};
}

}  // namespace

Step learnable_table() {
    Step s = {
        "learnable-table",
        {"可学习的位置编码", "Learnable position embeddings"},
        {"可学习编码（例如 2019 年的语言模型 BERT）是一张 max_len × d 的表 T，和模型一起训练；位置 p（从 0 数起）的输入是词嵌入 e_p 加上第 p 行。"
         "这些行训练时和其他参数一起更新（这里由随机种子初始化）。"
         "超过表长的位置在表中没有行，模型无法为它们查到编码，图中把这部分画成缺失的阴影区域。"
         "这张表的参数量是 max_len × d，随想要支持的最长序列线性增长。",
         "A learnable encoding (as in BERT, a 2019 language model) is a max_len × d table T trained with the model: the "
         "input at position p (counted from 0) is the word embedding e_p plus row p. The rows are trained together with "
         "the other parameters (initialised from the random seed here). Positions past the table's end have no row, "
         "so the model has no code to look up for them; the view draws that region as missing and hatched. The table "
         "costs max_len × d parameters, growing linearly with the longest sequence it must support."},
        {"L", "max_len", "d_model", "seed"},
        views_of(read_inputs, learnable_views),
        // No "(p < max_len)": that answers the step's prediction, and equations stay uncovered.
        {R"tex(T\in\mathbb{R}^{\mathrm{max\_len}\times d},\qquad x_p=e_p+T_{p,:})tex"},
    };
    s.takeaway = {"{L} 个位置中有 {missing} 个查不到编码：表只有位置 0…{last} 的行，每行都是从数据学来的，表外没有可查的东西。",
                  "{missing} of the {L} positions get no code: the table has rows for positions 0…{last} only, each learned "
                  "from data, so past its end there is nothing to look up."};
    s.takeaway_args = args_of(read_inputs, +[](const Inputs& in, Lang) {
        return std::vector<Arg>{{"L", pos_text(in.L)}, {"missing", pos_text(std::max(0, in.L - in.max_len))}, {"last", pos_text(in.max_len - 1)}};
    });
    s.questions = {
        {{"可学习的位置表有 max_len 行。位置 max_len 用哪一行？",
          "A learnable position table has max_len rows. Which row does position max_len use?"},
         {{"最后一行", "The last row"},
          {"没有对应的行", "No row at all"},
          {"相邻两行的插值", "A blend of the two nearest rows"}},
         1,
         [](const ParamSet& p, Lang lang) {
             const Inputs in = read_inputs(p);
             const int max_len = in.max_len, L = in.L;
             const int d = in.d_model;
             return say(lang,
                        {"max_len = {max_len}：表里只有位置 0…{last} 的行，位置从 0 数起，所以位置 {max_len} 已经在表外。"
                         "L = {L} 时有 {missing} 个位置没有行。这张表有 max_len × d = {params} 个参数。",
                         "max_len = {max_len}: the table has rows for positions 0…{last} only; positions count from 0, "
                         "so position {max_len} is already outside. With L = {L}, {missing} positions have no row. "
                         "The table holds max_len × d = {params} parameters."},
                        {{"max_len", integer(max_len)}, {"last", integer(max_len - 1)}, {"L", integer(L)},
                         {"missing", integer(std::max(0, L - max_len))}, {"params", count_text(1LL * max_len * d, lang)}});
         }},
    };
    s.questions[0].predict = true;  // asked before the figure shows the missing rows
    return s;
}

}  // namespace absolute_pe
}  // namespace pelab
