// PE Lab — lessons/t5_bias/scalar_per_bucket_head.cpp
// Lesson "t5-bias", step "scalar-per-bucket-head": T5 adds one scalar per (bucket, head) to the logits, so all its
// parameters are one num_buckets × heads table whatever the sequence length.
// Comments are English only: the font subset is built from the characters inside .cpp string literals.
//
// [SECTION] views
// [SECTION] the step and its questions
#include <string>
#include <vector>

#include "core/t5.h"
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
        return say(lang, {"bias[{b}][{h}] = {value}：加到头 {h} 中所有落在桶 {b} 的配对上（{range}）",
                          "bias[{b}][{h}] = {value}: added, in head {h}, to every pair in bucket {b} ({range})"},
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
        H > 1 ? say(lang, {"偏置表 bias[bucket][head]：头 0 手工设定（{where} 最大），其余随机、未训练",
                           "Bias table bias[bucket][head]: head 0 set by hand (largest in {where}), the rest random, untrained"},
                    {{"where", where}})
              : say(lang, {"偏置表 bias[bucket][head]：头 0 手工设定（{where} 最大）",
                           "Bias table bias[bucket][head]: head 0 set by hand (largest in {where})"},
                    {{"where", where}});
    return {make_view(title, std::move(view), std::move(notes))};
}

}  // namespace

// [SECTION] the step and its questions
Step one_scalar_per_bucket_and_head() {
    Step s = {
        "scalar-per-bucket-head",
        {"每个（桶, 头）一个标量", "One scalar per (bucket, head)"},
        {"T5 给每个 logit 加一个按（桶, 头）学习的标量，把词序补回来。"
         "注意力 softmax(QKᵀ)V 本身不看词序，T5 用一个只看相对距离的偏置把词序补回来，本课说明它怎样算出。"
         "T5 不改动 Q 和 K，只在注意力 [[logit|logits]] 上加一个标量偏置。偏置由相对距离所在的[[bucket|桶]]和[[head|注意力头]]决定，"
         "所以全部参数就是一张 num_buckets × heads 的表，与序列长度无关。这张表每个模型只算一次，所有层共用："
         "HF 的 T5 只有第一层带 relative_attention_bias，其余各层沿用它算出的 position_bias；编码器与解码器各有一张这样的表。"
         "图中头 0 手工设置为偏爱距离 1，其余头由随机种子生成（训练前的样子）。",
         "T5 brings word order back by adding a learned scalar per (bucket, head) to each logit. "
         "Attention's softmax(QKᵀ)V on its own ignores word order; T5 puts the order back with a bias that looks "
         "only at relative distance, and this lesson shows how that bias is computed. T5 leaves Q and K alone and "
         "adds one scalar bias to each attention [[logit]]. The bias is chosen by the [[bucket]] of the relative distance "
         "and by the [[head]], so all its parameters form one num_buckets × heads table, independent of the sequence "
         "length. The table is computed once per model and shared by all layers: in HF's T5 only the first layer "
         "has relative_attention_bias, and the other layers reuse the position_bias it computes; the encoder and the "
         "decoder have one such table each. In the figure head 0 is set by hand to favour distance 1; the other heads "
         "are random from the random seed (untrained)."},
        {"num_buckets", "heads", "seed"},
        views_of(read_inputs, bias_table_views),
        {
         R"tex(\mathrm{logit}_{h,i,j} = q^{(h)}_i \cdot k^{(h)}_j + b_{\mathrm{bucket}(j - i),\,h})tex",
         R"tex(b \in \mathbb{R}^{\mathrm{num\_buckets} \times H})tex"},
    };
    s.questions = {
        {{"序列变长时，T5 的偏置表会变大吗？", "Does T5's bias table grow when the sequence gets longer?"},
         {{"会，按 L² 增长", "Yes, as L²"},
          {"会，按 2L − 1 增长", "Yes, as 2L − 1"},
          {"不会：它固定是 num_buckets × heads 个数", "No: it is num_buckets × heads numbers, always"}},
         2,
         [](const ParamSet& p, Lang lang) {
             const Inputs in = read_inputs(p);
             const int heads = in.heads, L = in.L;
             return say(lang,
                        {"{nb} 个桶 × {heads} 个头 = {params} 个参数，L = {L} 时如此，任何长度都如此：再远的距离也只落进这些桶里。",
                         "{nb} buckets × {heads} heads = {params} parameters, at L = {L} and at any length: even the "
                         "farthest distance falls into one of these buckets."},
                        {{"nb", integer(in.num_buckets)}, {"heads", integer(heads)},
                         {"params", count_text(1LL * in.num_buckets * heads, lang)}, {"L", integer(L)}});
         }},
    };
    return s;
}

}  // namespace t5_bias_lesson
}  // namespace pelab
