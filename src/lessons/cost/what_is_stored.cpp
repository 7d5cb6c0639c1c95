// PE Lab — lessons/cost/what_is_stored.cpp
// Step "what-is-stored" of lesson "cost": what the position part of each method stores (bytes, and the
// elements one application updates), computed by core/cost for the learner's N, d, heads and buckets (how the
// sizes grow with N is the next step, storage-growth). The lesson's first step: it says what the lesson measures
// and why (cost, to weigh the methods), and links the terms the lesson uses (T5, ALiBi, RoPE, head, bucket, fused
// attention). Its check question: whether T5's table grows with N.
// Comments are English only: the font subset is built from the characters inside this file's strings.
//
// [SECTION] the views
// [SECTION] the step and its question
#include <cmath>
#include <string>
#include <vector>

#include "core/cost/cost.h"
#include "lessons/cost/cost_lesson.h"
#include "lessons/lesson.h"
#include "lessons/lesson_util.h"

namespace pelab {
namespace cost_lesson {

using namespace lessonui;

// [SECTION] the views
namespace {

std::vector<ViewData> storage_views(const Inputs& in, Lang lang) {
    TableView t;
    const CostModel model = cost_model(in);
    t.values.resize(method_count(), 3);
    int row = 0;
    for (PositionMethod m : all_position_methods()) {
        const double bytes = position_table_bytes(m, in.N, in.d, model);
        t.values.row(row) << bytes, bytes / (1024.0 * 1024.0), position_work_items(m, in.N, in.d);
        t.row_labels.push_back(method_label(m, lang));
        ++row;
    }
    t.col_labels = {say(lang, {"字节数", "table bytes"}), "MiB", say(lang, {"每次处理的元素", "elements per application"})};
    t.col_decimals = {0, 4, 0};
    t.corner = method_caption(lang);
    // The cells that decide the step's claim: the smallest and the largest table, found in the numbers.
    Eigen::Index smallest = 0, largest = 0;
    t.values.col(0).minCoeff(&smallest);
    t.values.col(0).maxCoeff(&largest);
    t.marks.push_back({static_cast<int>(smallest), 0, true, say(lang, {"最小", "smallest"})});
    t.marks.push_back({static_cast<int>(largest), 0, false, say(lang, {"最大", "largest"})});
    const std::vector<std::string> notes = {
        say(lang, {"N = {N} 个词元，头宽度 d = {d}，H = {heads} 个[[head|注意力头]]；每个数 8 字节（double）。"
                   "每次处理的元素：位置部分每用一次要加上或旋转的数（嵌入 N·d、分数 N²、RoPE 的 q 和 k 共 2·N·d）。",
                   "N = {N} tokens, head width d = {d}, H = {heads} [[head|heads]]; 8 bytes per number (double). Elements per "
                   "application: the numbers the position part adds to or rotates each time (N·d embeddings, N² scores, "
                   "or RoPE's q and k, 2·N·d)."},
            {{"N", integer(in.N)}, {"d", integer(in.d)}, {"heads", integer(model.heads)}}),
        say(lang,
            {"[[rope|RoPE]] 即时计算 cos/sin 时只存 d/2 个频率（{uncached}）；cos/sin 缓存预先算好每个位置的正弦和余弦，"
             "有 N·d 个数（{cached}），与嵌入表一样大。教程里说 RoPE 的显存是 [[big-o|O(1)]]，指的是即时计算。",
             "[[rope|RoPE]] computing cos/sin on the fly keeps only d/2 frequencies ({uncached}); a cos/sin cache holds "
             "the sines and cosines of every position, N·d numbers ({cached}), as large as an embedding table. "
             "Tutorials that give RoPE's memory as [[big-o|O(1)]] mean the on-the-fly form."},
            {{"uncached", bytes_text(position_table_bytes(PositionMethod::rope_uncached, in.N, in.d, model))},
             {"cached", bytes_text(position_table_bytes(PositionMethod::rope_cached, in.N, in.d, model))}}),
        say(lang,
            {"[[t5|T5]] 的表：{buckets} 个[[bucket|桶]] × {heads} 头 = {t5_values} 个值（{t5_bytes}），与 N 无关，"
             "每次前向算一次、各层共用。教程把分桶偏置算作 O(N)，但 O(N) 的是逐偏移的表（{distance_values} 个值）。",
             "[[t5|T5]]'s actual table is {buckets} [[bucket|buckets]] × {heads} heads = {t5_values} values "
             "({t5_bytes}), which does not grow with N, is computed once per forward pass and is shared by all layers. "
             "Tutorials count a bucketed bias as O(N): that is the table with one value per offset ({distance_values} values)."},
            {{"buckets", integer(model.num_buckets)},
             {"heads", integer(model.heads)},
             {"t5_values", integer(static_cast<long long>(model.num_buckets) * model.heads)},
             {"t5_bytes", bytes_text(position_table_bytes(PositionMethod::t5_bias, in.N, in.d, model))},
             {"distance_values", integer(2LL * in.N - 1)}}),
        say(lang, {"[[alibi|ALiBi]] 只存 {heads} 个斜率 m（{alibi_bytes}），偏置 −m·|Δ| 由位置算出。",
                   "[[alibi|ALiBi]] stores only its {heads} slopes m ({alibi_bytes}) and computes the bias −m·|Δ| from the positions."},
            {{"heads", integer(model.heads)},
             {"alibi_bytes", bytes_text(position_table_bytes(PositionMethod::alibi_bias, in.N, in.d, model))}}),
        say(lang,
            {"但每个头的偏置在每一对 (q, k) 上都要用到：直接的实现会把它展开成 H×N×N 的张量，"
             "H·N² = {heads} × {N}² = {values} 个数（{bytes}）；[[fused-attention|融合的注意力核]]不展开它（见[[lesson:cost/time-per-element|“每个元素的时间”一步]]）。",
             "Yet every head's bias is needed at every pair (q, k): a naive implementation materialises it as an "
             "H×N×N tensor, H·N² = {heads} × {N}² = {values} numbers ({bytes}); [[fused-attention|fused attention kernels]] never do "
             "(see [[lesson:cost/time-per-element|the step Time per element]])."},
            {{"heads", integer(model.heads)},
             {"N", integer(in.N)},
             {"values", integer(static_cast<long long>(model.heads) * in.N * in.N)},
             {"bytes", bytes_text(8.0 * model.heads * in.N * in.N)}}),
    };

    return {make_view(say(lang, {"位置部分存了什么、每次处理多少元素", "What the position part stores and how many elements it acts on"}),
                      std::move(t), notes)};
}

}  // namespace

// [SECTION] the step and its question
Step what_is_stored() {
    Step s = {
        "what-is-stored",
        {"位置部分存了什么", "What the position part stores"},
        {
        "给注意力加上位置要花内存和时间；这一课逐类方法把两者量出来，帮你权衡。"
        "每种方法都存一张表，表的大小取决于它按什么索引。加到嵌入上的位置表有 N·d 个数；查询位置 q、键位置 k 每一对一个偏置的表有 N² 个；"
        "每个偏移 Δ = q − k（查询减键）一个值的表有 2N − 1 个，但每个 (q, k) 仍要查一次。"
        "[[t5|T5]] 把偏移分进固定数目的[[bucket|桶]]，每个桶、每个[[head|头]]一个值，共（桶数 × H）个，与 N 无关，且所有层共用；"
        "[[alibi|ALiBi]] 每个头只存一个斜率 m，偏置 −m·|Δ| 由位置直接算出。"
        "[[rope|RoPE]] 只需 d/2 个频率，预先算好的 cos/sin 缓存则有 N·d 个数。偏置在每一对 (q, k) 上都要用到，但[[fused-attention|融合的注意力核]]不把它展开成 N×N 的表。"
        "表格由 core 按这些参数计算，下一步的曲线给出随 N 的增长。",
        "Giving attention positions costs memory and time; this lesson measures both for each family of methods, so "
        "that you can weigh them. Each method keeps a table, and its size is set by what the table is indexed by. A "
        "position table added to the embeddings holds N·d numbers; a bias per pair of query position q and key "
        "position k holds N²; a table with one value per offset Δ = q − k (query minus key) holds 2N − 1, but every "
        "(q, k) still looks one up. [[t5|T5]] sorts offsets into a fixed number of [[bucket|buckets]] and keeps one "
        "value per bucket and [[head|head]], buckets × H in all, independent of N and shared by all layers; "
        "[[alibi|ALiBi]] stores only one slope m per head and computes the bias −m·|Δ| from the positions. "
        "[[rope|RoPE]] needs only d/2 frequencies, while a precomputed cos/sin cache holds N·d numbers. A bias is "
        "needed at every pair (q, k), but [[fused-attention|fused attention kernels]] never write it out as an N×N "
        "table. The table is computed by core for these parameters; the next step's curve shows the growth with N."},
        {"N", "d", "heads", "num_buckets"},
        views_of(read_inputs, storage_views),
        {
         {R"tex(\underbrace{N d}_{\text{表}} \quad \underbrace{N^2}_{\text{每对一个偏置}} \quad \underbrace{2N - 1}_{\text{每个偏移一个}} \quad \underbrace{\text{桶数} \cdot H}_{\text{T5}} \quad \underbrace{H}_{\text{ALiBi}} \quad \underbrace{d/2}_{\text{RoPE}})tex", R"tex(\underbrace{N d}_{\text{table}} \quad \underbrace{N^2}_{\text{bias per pair}} \quad \underbrace{2N - 1}_{\text{per offset}} \quad \underbrace{\text{buckets} \cdot H}_{\text{T5}} \quad \underbrace{H}_{\text{ALiBi}} \quad \underbrace{d/2}_{\text{RoPE}})tex"},
         R"tex(b^{\mathrm{ALiBi}} = -m\,|\Delta|, \qquad \Delta = q - k)tex"},
    };
    s.takeaway = {"N = {N} 时每对一个偏置存 {full}，[[alibi|ALiBi]] 只存 {alibi}：表按什么索引就有多大——每一对（N²）、每个位置（N·d），或只按头、按桶。",
                  "At N = {N} a bias per pair stores {full} and [[alibi|ALiBi]] {alibi}: a table is as large as what "
                  "indexes it, every pair (N²), every position (N·d), or only each head or bucket."};
    s.takeaway_args = args_of(read_inputs, +[](const Inputs& in, Lang) {
        const CostModel model = cost_model(in);
        return std::vector<Arg>{{"N", integer(in.N)},
                                {"full", bytes_text(position_table_bytes(PositionMethod::full_bias, in.N, in.d, model))},
                                {"alibi", bytes_text(position_table_bytes(PositionMethod::alibi_bias, in.N, in.d, model))}};
    });
    // A check question: the table and the first equation already show T5's num_buckets · H.
    s.questions = {
        {{"N 变大时，T5 存储的偏置表会怎样？", "As N grows, what happens to the bias table T5 stores?"},
         {{"按 N² 增长", "It grows as N²"},
          {"按 2N − 1 增长", "It grows as 2N − 1"},
          {"不变：每个桶、每个头一个数", "It stays one number per bucket and head"}},
         2,
         [](const ParamSet& p, Lang lang) {
             const Inputs in = read_inputs(p);
             const int N = in.N, d = in.d;
             const CostModel model = cost_model(in);
             const double t5 = position_table_bytes(PositionMethod::t5_bias, N, d, model);
             const double t5_long = position_table_bytes(PositionMethod::t5_bias, 2 * N, d, model);
             const double full = position_table_bytes(PositionMethod::full_bias, N, d, model);
             return say(lang,
                        {"{nb} 个桶 × {heads} 个头：N = {N} 时 {t5}，N = {N2} 时仍是 {t5_long}。"
                         "对比：每对 (q, k) 一个偏置要 {full}。",
                         "{nb} buckets × {heads} heads: {t5} at N = {N}, and still {t5_long} at N = {N2}. "
                         "For contrast, one bias per pair (q, k) takes {full}."},
                        {{"nb", integer(model.num_buckets)}, {"heads", integer(model.heads)}, {"N", integer(N)},
                         {"t5", bytes_text(t5)}, {"N2", integer(2LL * N)}, {"t5_long", bytes_text(t5_long)},
                         {"full", bytes_text(full)}});
         }},
    };
    return s;
}

}  // namespace cost_lesson
}  // namespace pelab
