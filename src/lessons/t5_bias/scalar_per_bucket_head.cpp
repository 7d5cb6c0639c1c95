// PE Lab — lessons/t5_bias/scalar_per_bucket_head.cpp
// Lesson "t5-bias", step "scalar-per-bucket-head": T5 adds one scalar per (bucket, head) to the logits, so all its
// parameters are one num_buckets × heads table whatever the sequence length. Its question is a prediction.
// Comments are English only: the font subset is built from the characters inside .cpp string literals.
//
// [SECTION] views
// [SECTION] the step and its questions
#include <string>
#include <vector>

#include "core/relative/t5.h"
#include "lessons/lesson_util.h"
#include "lessons/t5_bias/t5_bias_lesson.h"

namespace pelab {
namespace t5_bias_lesson {

using namespace lessonui;

// [SECTION] views
namespace {

std::string head_label(int h, Lang lang) { return say(lang, {"头 {h}", "head {h}"}, {{"h", integer(h)}}); }

std::vector<ViewData> bias_table_views(const Inputs& in, Lang lang) {
    const Eigen::MatrixXd T = bias_table(in);
    const std::vector<T5BucketRange> ranges = t5_bucket_ranges(in.num_buckets, in.max_distance, in.bidirectional);
    std::vector<std::string> heads;
    for (int h = 0; h < in.heads; ++h) heads.push_back(head_label(h, lang));
    HeatmapView view = labelled_matrix(to_rows(T), index_labels(in.num_buckets), heads, say(lang, {"桶", "bucket"}),
                                       say(lang, {"头", "head"}));
    view.is_signed = true;
    const int nb = in.num_buckets, H = in.heads;
    view.explain = [T, ranges, nb, H, lang](int r, int c) -> std::string {
        if (r < 0 || c < 0 || r >= nb || c >= H) return "";
        return say(lang, {"b[{b}, {h}] = {value}：加到头 {h} 中所有落在桶 {b} 的配对上（{range}）",
                          "b[{b}, {h}] = {value}: added, in head {h}, to every pair in bucket {b} ({range})"},
                   {{"b", integer(r)}, {"h", integer(c)}, {"value", num(T(r, c), 4)}, {"range", range_text(ranges[static_cast<std::size_t>(r)], lang)}});
    };
    std::vector<std::string> notes = {
        say(lang, {"参数量：num_buckets × heads = {nb} × {h} = {count}，与序列长度无关。",
                   "Parameters: num_buckets × heads = {nb} × {h} = {count}, whatever the sequence length."},
            {{"nb", integer(nb)}, {"h", integer(H)}, {"count", integer(nb * H)}}),
    };
    // Head 0 is the hand-set one: the buckets holding its largest bias, named in the title.
    const double top = T.col(0).maxCoeff();
    std::string favoured;
    int favoured_count = 0;
    for (int b = 0; b < nb; ++b)
        if (T(b, 0) == top) favoured += (favoured_count++ > 0 ? say(lang, {"、", ", "}) : "") + integer(b);
    const std::string where = favoured_count == 1 ? say(lang, {"桶 {list}", "bucket {list}"}, {{"list", favoured}})
                                                  : say(lang, {"桶 {list}", "buckets {list}"}, {{"list", favoured}});
    const std::string title =
        H > 1 ? say(lang, {"偏置 b[桶, 头]：头 0 手工设定（{where} 最大），其余随机、未训练",
                           "Bias b[bucket, head]: head 0 set by hand (largest in {where}), the rest random, untrained"},
                    {{"where", where}})
              : say(lang, {"偏置 b[桶, 头]：头 0 手工设定（{where} 最大）",
                           "Bias b[bucket, head]: head 0 set by hand (largest in {where})"},
                    {{"where", where}});
    return {make_view(title, std::move(view), std::move(notes))};
}

}  // namespace

// [SECTION] the step and its questions
Step one_scalar_per_bucket_and_head() {
    Step s = {
        "scalar-per-bucket-head",
        {"加在 logit 上的位置偏置", "A position bias on the logits"},
        {"注意力本身看不出词序；本课讲 T5 怎样把词序补回来：在每个注意力 [[logit]] 上加一个学到的偏置，它只取决于查询 i 与键 j 的偏移 Δ = i − j。"
         "T5 不改动 Q 和 K。偏移先被分进[[bucket|桶]]（第 3 步讲怎样分），偏置再按桶和[[head|注意力头]]从一张学到的表里取出；"
         "图中就是这张表：头 0 手工设置为偏爱 |Δ| = 1，其余头由随机种子生成（训练前的样子）。"
         "这张表每个模型只算一次，所有层共用：只有第一层存这张表，其余各层沿用它算出的偏置（Hugging Face: `relative_attention_bias`）；编码器与解码器各有一张。",
         "Attention alone cannot see word order; this lesson shows how T5 puts it back: a learned bias on every "
         "attention [[logit]] that depends only on the offset Δ = i − j between query i and key j. T5 leaves Q and K "
         "alone. Offsets are first sorted into [[bucket|buckets]] (step 3 shows how), and the bias is read from a "
         "learned table by bucket and [[head]]; the figure shows that table, head 0 set by hand to favour |Δ| = 1 and "
         "the other heads random from the seed (untrained). The table is computed once per model and shared by all "
         "layers: only the first layer holds it, and the others reuse the bias it computes (Hugging Face: "
         "`relative_attention_bias`); the encoder and the decoder have one each."},
        {"num_buckets", "heads", "seed"},
        views_of(read_inputs, bias_table_views),
        {R"tex(\mathrm{logit}_{h,i,j} = q^{(h)}_i \cdot k^{(h)}_j + b_{\mathrm{bucket}(\Delta),\,h}, \qquad \Delta = i - j)tex"},
    };
    s.takeaway = {"T5 的位置参数只有这张 {nb} × {H} 的表（{count} 个数），与长度无关：每个偏移 Δ = i − j 归进 {nb} 个[[bucket|桶]]之一，远的共用。",
                  "T5's position parameters are one {nb} × {H} table ({count} numbers) at any length: each offset Δ = i − j "
                  "goes into one of {nb} [[bucket|buckets]], far ones sharing, with one bias per (bucket, head)."};
    s.takeaway_args = args_of(read_inputs, +[](const Inputs& in, Lang lang) {
        return std::vector<Arg>{{"nb", integer(in.num_buckets)}, {"H", integer(in.heads)},
                                {"count", count_text(1LL * in.num_buckets * in.heads, lang)}};
    });
    s.questions = {
        {{"序列变长时，T5 的偏置表会变大吗？", "Does T5's bias table grow when the sequence gets longer?"},
         {{"会，按 L² 增长", "Yes, as L²"},
          {"会，按 2L − 1 增长", "Yes, as 2L − 1"},
          {"不会，大小固定", "No, its size is fixed"}},
         2,
         [](const ParamSet& p, Lang lang) {
             const Inputs in = read_inputs(p);
             const int heads = in.heads, L = in.L;
             return say(lang,
                        {"{nb} 个桶 × {heads} 个头 = {params} 个参数，L = {L} 时如此，任何长度都如此：再远的偏移也只落进这些桶里。",
                         "{nb} buckets × {heads} heads = {params} parameters, at L = {L} and at any length: even the "
                         "farthest offset falls into one of these buckets."},
                        {{"nb", integer(in.num_buckets)}, {"heads", integer(heads)},
                         {"params", count_text(1LL * in.num_buckets * heads, lang)}, {"L", integer(L)}});
         }},
    };
    s.questions[0].predict = true;  // asked before the table is seen
    return s;
}

}  // namespace t5_bias_lesson
}  // namespace pelab
