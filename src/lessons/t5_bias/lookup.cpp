// PE Lab — lessons/t5_bias/lookup.cpp
// Lesson "t5-bias", step "lookup": the bias lookup, (L, L) buckets → (L, L, H) → permute → (H, L, L), one Toeplitz
// picture per head. Its question is a prediction.
// Comments are English only: the font subset is built from the characters inside .cpp string literals.
//
// [SECTION] views
// [SECTION] the step and its questions
#include <algorithm>
#include <string>
#include <vector>

#include "core/relative/f_delta.h"
#include "core/relative/t5.h"
#include "lessons/lesson_util.h"
#include "lessons/t5_bias/t5_bias_lesson.h"

namespace pelab {
namespace t5_bias_lesson {

using namespace lessonui;

// [SECTION] views
namespace {

std::vector<ViewData> lookup_views(const Inputs& in, Lang lang) {
    const Eigen::MatrixXi B = t5_bucket_matrix(in.L, in.num_buckets, in.max_distance, in.bidirectional);
    const std::vector<Eigen::MatrixXd> hll = t5_bias_permute(t5_bias_lookup(bias_table(in), B));
    std::vector<ViewData> out;
    const int L = in.L;
    for (int h = 0; h < in.heads; ++h) {
        const Eigen::MatrixXd M = hll[static_cast<std::size_t>(h)];
        HeatmapView v = ij_heatmap(M, lang);
        v.is_signed = true;
        v.explain = [M, B, L, h, lang](int r, int c) -> std::string {
            if (r < 0 || c < 0 || r >= L || c >= L) return "";
            return say(lang, {"Δ = {delta} → 桶 {b} → b[{b}, {h}] = {value}", "Δ = {delta} → bucket {b} → b[{b}, {h}] = {value}"},
                       {{"delta", integer(r - c)}, {"b", integer(B(r, c))}, {"h", integer(h)}, {"value", num(M(r, c), 4)}});
        };
        std::vector<std::string> notes;
        if (h == 0) {
            notes.push_back(say(lang, {"沿对角线的最大极差 = {spread}：每个偏移一个数。", "Largest spread along a diagonal = {spread}: one number per offset."},
                                {{"spread", num(diagonal_spread(M).maxCoeff(), 4)}}));
        }
        if (h == in.heads - 1)  // the last head's picture, beside or under the first
            notes.push_back(say(lang, {"这 {H} 张图在一次前向计算里只算一次，所有层共用。", "These {H} pictures are computed once per forward pass and used by every layer."},
                                {{"H", integer(in.heads)}}));
        out.push_back(make_view(say(lang, {"头 {h}：b[bucket(Δ), {h}]", "Head {h}: b[bucket(Δ), {h}]"}, {{"h", integer(h)}}),
                                std::move(v), std::move(notes)));
    }
    note_max_distance(out[0], in, in.num_buckets, lang);
    return out;
}

}  // namespace

// [SECTION] the step and its questions
Step lookup() {
    Step s = {
        "lookup",
        {"查偏置表", "Bias lookup"},
        {"用每一对的桶号查偏置表，每个头得到一张 L × L 的偏置图 B。"
         "用 L × L 的桶号索引偏置表，每个格子得到一行 H 个数，形状是 (L, L, H)；再调换轴的顺序（permute(2, 0, 1)）成 (H, L, L)，每个头一张图。"
         "[[toeplitz|Toeplitz]] 矩阵指每条对角线上都是常数的矩阵。这些图在一次前向计算里只算一次，所有层共用。",
         "Looking up every pair's bucket in the bias table gives each head an L × L bias picture B. Indexing the table "
         "with the L × L buckets gives every cell a row of H numbers, shape (L, L, H); reordering the axes "
         "(permute(2, 0, 1)) makes it (H, L, L), one picture per head. A [[toeplitz|Toeplitz]] matrix is one that is "
         "constant along every diagonal. The pictures are computed once per forward pass and used by every layer."},
        {"L", "num_buckets", "max_distance", "bidirectional", "heads", "seed"},
        views_of(read_inputs, lookup_views),
        {
         R"tex(B_{h,i,j} = b_{\mathrm{bucket}(\Delta_{ij}),\,h}, \qquad \Delta_{ij} = i - j)tex",
         R"tex((L, L, H) \xrightarrow{\ \mathrm{permute}(2,0,1)\ } (H, L, L))tex"},
    };
    s.takeaway = {"每个头的偏置图都是 Toeplitz 矩阵（对角线极差 {spread}）：偏置只取决于 Δ 的桶，而每条对角线上 Δ 不变。",
                  "Every head's picture is Toeplitz (spread {spread}) because its bias depends only on Δ, fixed along each diagonal."};
    s.takeaway_args = args_of(read_inputs, +[](const Inputs& in, Lang) {
        const Eigen::MatrixXi B = t5_bucket_matrix(in.L, in.num_buckets, in.max_distance, in.bidirectional);
        double spread = 0.0;
        for (const Eigen::MatrixXd& M : t5_bias_permute(t5_bias_lookup(bias_table(in), B)))
            spread = std::max(spread, diagonal_spread(M).maxCoeff());
        return std::vector<Arg>{{"spread", exact(spread)}};
    });
    s.questions = {
        {{"每个头的偏置图 B 是 Toeplitz 矩阵（每条对角线上都是常数）吗？",
          "Is every head's bias picture B a Toeplitz matrix (constant along every diagonal)?"},
         {{"是，每个头都是", "Yes, every head's"},
          {"不是，一个也不是", "No, none is"},
          {"只有第 0 个头是", "Only head 0's"}},
         0,
         [](const ParamSet& p, Lang lang) {
             const Inputs in = read_inputs(p);
             const int L = in.L;
             const Eigen::MatrixXd buckets =
                 t5_bucket_matrix(L, in.num_buckets, in.max_distance, in.bidirectional).cast<double>();
             const double spread = diagonal_spread(buckets).maxCoeff();
             return say_error(lang,
                              {"L = {L} 时桶矩阵沿对角线的最大差值是 {err}{hint}，所以每个头查表得到的偏置图也是如此："
                               "一个偏移一个数，与查询的内容无关。",
                               "At L = {L} the bucket matrix's largest spread along a diagonal is {err}{hint}, so each "
                               "head's looked-up bias picture is too: one number per offset, whatever the query's content."},
                              spread, {{"L", integer(L)}});
         }},
    };
    s.questions[0].predict = true;  // asked before the pictures are seen
    return s;
}

}  // namespace t5_bias_lesson
}  // namespace pelab
