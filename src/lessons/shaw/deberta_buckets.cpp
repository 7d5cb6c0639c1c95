// PE Lab — lessons/shaw/deberta_buckets.cpp
// Step "deberta-buckets" of shaw: HF's log buckets of DeBERTa's relative position (make_log_bucket_position)
// and the clamp that turns a bucket into a row of the 2s-row table, so the rows read run from −s to s − 1 (s is
// HF's att_span; the lesson keeps k for Shaw's clipping distance). The offset is Δ = i − j, as DeBERTa's own code
// computes it. Its view, then the step with its question.
// Comments are English only: the font subset is built from the characters inside this file's strings.
//
// [SECTION] DeBERTa's log buckets and the clamp
#include <algorithm>
#include <string>
#include <vector>

#include "core/relative/relative_methods.h"
#include "lessons/shaw/shaw_lesson.h"
#include "lessons/lesson_util.h"

namespace pelab {
namespace shaw_lesson {

using namespace lessonui;  // shared display helpers (lessons/lesson_util.h)

// [SECTION] DeBERTa's log buckets and the clamp
namespace {
// The bucket of every offset Δ = i − j in −X..X and the relative position the c2p term then reads (its clamped
// index minus s).
ViewData bucket_curve_view(const Inputs& in, Lang lang) {
    const int span = deberta_attention_span(in.bucket_size, in.max_position);
    const int far = std::min(4096, 2 * in.max_position);
    const bool bucketed = in.bucket_size > 0;
    CurveView curve;
    std::vector<double> bucket, read;
    for (int delta = -far; delta <= far; ++delta) {
        const int b = bucketed ? deberta_log_bucket_position(delta, in.bucket_size, in.max_position) : delta;
        curve.x.push_back(delta);
        bucket.push_back(b);
        read.push_back(std::clamp(b + span, 0, 2 * span - 1) - span);
    }
    curve.series = {bucket, read};
    curve.series_labels = {say(lang, {"桶 β(Δ)", "bucket β(Δ)"}),
                           say(lang, {"c2p 实际读取的行 clamp(β + s, 0, 2s − 1) − s", "row c2p reads, clamp(β + s, 0, 2s − 1) − s"})};
    curve.series_dashed = {false, true};
    curve.x_axis = say(lang, {"偏移 Δ = i − j", "offset Δ = i − j"});
    curve.y_axis = say(lang, {"桶（相对位置）", "bucket (relative position)"});
    std::vector<std::string> notes;
    if (bucketed) {
        const int mid = in.bucket_size / 2;
        curve.vlines_x = {static_cast<double>(-mid), static_cast<double>(mid), static_cast<double>(in.max_position - 1)};
        curve.vline_labels = {"−m", "m", "P − 1"};
        notes.push_back(say(lang, {"|Δ| ≤ m = {mid} 时桶就是 Δ；Δ = P − 1 = {last} 落进桶 {b_last}，Δ = {far} 落进桶 {b_far}。",
                                   "For |Δ| ≤ m = {mid} the bucket is Δ itself; Δ = P − 1 = {last} falls in bucket {b_last}, Δ = {far} in bucket {b_far}."},
                            {{"mid", integer(mid)}, {"last", integer(in.max_position - 1)},
                             {"b_last", integer(deberta_log_bucket_position(in.max_position - 1, in.bucket_size, in.max_position))},
                             {"far", integer(far)}, {"b_far", integer(deberta_log_bucket_position(far, in.bucket_size, in.max_position))}}));
    } else {
        curve.vlines_x = {static_cast<double>(-span), static_cast<double>(span - 1)};
        curve.vline_labels = {"−s", "s − 1"};
    }
    notes.push_back(say(lang, {"式中 b = bucket_size = {b}，P = max_position = {P}，m = b/2，s 是表的半宽（Hugging Face: `make_log_bucket_position`）。",
                               "In the formula b = bucket_size = {b}, P = max_position = {P}, m = b/2, s the table's half-size "
                               "(Hugging Face: `make_log_bucket_position`)."},
                        {{"b", integer(in.bucket_size)}, {"P", integer(in.max_position)}}));
    notes.push_back(say(lang, {"s = {k}：表有 2s = {rows} 行；c2p 读取的相对位置停在 −{k} 与 {top} 之间（下界与上界不对称）。",
                               "s = {k}: the table has 2s = {rows} rows; the relative position c2p reads stays between −{k} and {top} (the two ends are not symmetric)."},
                        {{"k", integer(span)}, {"rows", integer(2 * span)}, {"top", integer(span - 1)}}));
    return make_view(say(lang, {"对数桶与截断：偏移 Δ 读哪一行", "Log buckets and the clamp: which row an offset Δ reads"}), std::move(curve), std::move(notes));
}

std::vector<ViewData> deberta_buckets_views(const Inputs& in, Lang lang) { return {bucket_curve_view(in, lang)}; }

}  // namespace

Step deberta_buckets() {
    Step s = {
        "deberta-buckets",
        {"DeBERTa：对数桶与截断", "DeBERTa: log buckets and the clamp"},
        {"DeBERTa 只细分近处的偏移：|Δ| ≤ m 时桶就是 Δ 本身，更远的按对数压缩，最后 clamp 把一切截在 2s 行的表里。"
         "公式里 m = bucket_size/2、b = bucket_size、P = max_position；到 Δ = P − 1 正好用完 b − 1 个位置。"
         "clamp(β + s, 0, 2s − 1) 把桶 β 变成行号 δ(i, j)，s = bucket_size（不分桶时为 max_position），所以能读到的相对位置是 −s 到 s − 1，两端不对称。"
         "Hugging Face 全程用 float32 计算对数和取整，个别偏移会与双精度差一个桶。已发布的 v3 模型用 256 个桶和 max_position = 512。",
         "DeBERTa tells only near offsets apart: for |Δ| ≤ m the bucket is Δ itself, farther offsets are compressed "
         "logarithmically, and a clamp finally keeps everything inside the 2s-row table. In the formula "
         "m = bucket_size/2, b = bucket_size and P = max_position; Δ = P − 1 uses up exactly b − 1 positions. "
         "clamp(β + s, 0, 2s − 1) turns the bucket β into the row δ(i, j), with s = bucket_size (max_position without "
         "buckets), so the relative positions it can read run from −s to s − 1, not symmetric. Hugging Face takes the "
         "log and the ceiling in float32 throughout, so a few offsets land one bucket away from a double-precision "
         "computation. The released v3 models use 256 buckets and max_position = 512."},
        {"bucket_size", "max_position"},
        views_of(read_inputs, deberta_buckets_views),
        {R"tex(\delta(i,j)=\operatorname{clamp}\bigl(\beta(\Delta)+s,\ 0,\ 2s-1\bigr),\qquad \Delta = i - j)tex",
         {R"tex(\beta(\Delta)=\operatorname{sign}(\Delta)\Bigl(\Bigl\lceil\frac{\ln(|\Delta|/m)}{\ln\bigl((P-1)/m\bigr)}\,(m-1)\Bigr\rceil+m\Bigr)\ \text{当}\ |\Delta|>m,\qquad m=\lfloor b/2\rfloor)tex",
          R"tex(\beta(\Delta)=\operatorname{sign}(\Delta)\Bigl(\Bigl\lceil\frac{\ln(|\Delta|/m)}{\ln\bigl((P-1)/m\bigr)}\,(m-1)\Bigr\rceil+m\Bigr)\ \text{for}\ |\Delta|>m,\qquad m=\lfloor b/2\rfloor)tex"}},
    };
    s.takeaway = {"{how}；表只有 2s = {rows} 行，clamp 把 −{s} … {top} 以外的桶送到两端。",
                  "{how}. With 2s = {rows} rows, the clamp sends buckets outside −{s} … {top} to an end row."};
    s.takeaway_args = args_of(read_inputs, +[](const Inputs& in, Lang lang) {
        const int span = deberta_attention_span(in.bucket_size, in.max_position);
        const std::string how =
            in.bucket_size > 0
                ? say(lang, {"|Δ| ≤ {m} 的偏移各有自己的桶，远处只需粗略距离，共用对数桶",
                             "Offsets |Δ| ≤ {m} keep their own bucket; far ones need only a rough distance and share log buckets"},
                      {{"m", integer(in.bucket_size / 2)}})
                : say(lang, {"不分桶时每个偏移就是自己的桶", "Without buckets every offset is its own bucket"});
        return std::vector<Arg>{{"how", how}, {"rows", integer(2LL * span)}, {"s", integer(span)}, {"top", integer(span - 1)}};
    });
    s.questions = {
        {{"DeBERTa 里，偏移 Δ = 2·max_position 远在最后一个对数桶之外。c2p 读 2s 行表的哪一行？",
          "In DeBERTa, the offset Δ = 2·max_position lies far beyond the last log bucket. Which row of the "
          "2s-row table does c2p read?"},
         {{"第 Δ + s 行：每个偏移都有自己的行", "Row Δ + s: every offset has its own row"},
          {"最后一行 2s − 1：桶号加 s 超出了表，被 clamp 截住", "The last row, 2s − 1: the bucket plus s runs past the table and is clamped"},
          {"第 m + s 行：超过 m 的偏移都归到一起", "Row m + s: every offset beyond m is lumped together"}},
         1,
         [](const ParamSet& p, Lang lang) {
             const Inputs in = read_inputs(p);
             const int bucket_size = in.bucket_size;
             const int max_position = in.max_position;
             const int delta = 2 * max_position;
             const int span = deberta_attention_span(bucket_size, max_position);
             const Eigen::MatrixXi rel = deberta_relative_position(delta + 1, 1, bucket_size, max_position);
             const int bucket = rel(delta, 0);
             const int row = deberta_c2p_index(rel, span)(delta, 0);
             return say(lang,
                        {"bucket_size = {bs}、max_position = {mp}：Δ = {delta} 落进桶 {bucket}，s = {k}，"
                         "clamp({bucket} + {k}, 0, {last}) = {row}，正是最后一行。比最后一个桶更远的偏移全都读这一行。",
                         "bucket_size = {bs}, max_position = {mp}: Δ = {delta} falls in bucket {bucket}, s = {k}, and "
                         "clamp({bucket} + {k}, 0, {last}) = {row}, the last row. Every offset beyond the last bucket "
                         "reads that row."},
                        {{"bs", integer(bucket_size)}, {"mp", integer(max_position)}, {"delta", integer(delta)},
                         {"bucket", integer(bucket)}, {"k", integer(span)}, {"last", integer(2 * span - 1)},
                         {"row", integer(row)}});
         }},
    };
    return s;
}

}  // namespace shaw_lesson
}  // namespace pelab
