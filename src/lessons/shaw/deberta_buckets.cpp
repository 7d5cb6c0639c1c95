// PE Lab — lessons/shaw/deberta_buckets.cpp
// Step "deberta-buckets" of shaw: HF's log buckets of DeBERTa's relative position (make_log_bucket_position)
// and the clamp that turns a bucket into a row of the 2k-row table, so the rows read run from −k to k − 1. Its
// view, then the step with its question.
// Comments are English only: the font subset is built from the characters inside this file's strings.
//
// [SECTION] DeBERTa's log buckets and the clamp
#include <algorithm>
#include <string>
#include <vector>

#include "core/relative_methods.h"
#include "lessons/shaw/shaw_lesson.h"
#include "lessons/lesson_util.h"

namespace pelab {
namespace shaw_lesson {

using namespace lessonui;  // shared display helpers (lessons/lesson_util.h)

// [SECTION] DeBERTa's log buckets and the clamp
namespace {
// The bucket of every relative position x = i − j in −X..X and the relative position the c2p term then reads
// (its clamped index minus k).
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
    curve.series_labels = {say(lang, {"build_relative_position 给出的相对位置", "relative position from build_relative_position"}),
                           say(lang, {"c2p 实际读取的行 clamp(· + k, 0, 2k − 1) − k", "row c2p reads, clamp(· + k, 0, 2k − 1) − k"})};
    curve.series_dashed = {false, true};
    curve.x_axis = say(lang, {"相对距离 x = i − j", "relative distance x = i − j"});
    curve.y_axis = say(lang, {"桶（相对位置）", "bucket (relative position)"});
    std::vector<std::string> notes;
    if (bucketed) {
        const int mid = in.bucket_size / 2;
        curve.vlines_x = {static_cast<double>(-mid), static_cast<double>(mid), static_cast<double>(in.max_position - 1)};
        curve.vline_labels = {"−mid", "mid", "max_position − 1"};
        notes.push_back(say(lang, {"|x| ≤ mid = {mid} 时桶就是 x；x = max_position − 1 = {last} 落进桶 {b_last}，x = {far} 落进桶 {b_far}。",
                                   "For |x| ≤ mid = {mid} the bucket is x itself; x = max_position − 1 = {last} falls in bucket {b_last}, x = {far} in bucket {b_far}."},
                            {{"mid", integer(mid)}, {"last", integer(in.max_position - 1)},
                             {"b_last", integer(deberta_log_bucket_position(in.max_position - 1, in.bucket_size, in.max_position))},
                             {"far", integer(far)}, {"b_far", integer(deberta_log_bucket_position(far, in.bucket_size, in.max_position))}}));
    } else {
        curve.vlines_x = {static_cast<double>(-span), static_cast<double>(span - 1)};
        curve.vline_labels = {"−k", "k − 1"};
    }
    notes.push_back(say(lang, {"式中 b = bucket_size = {b}，P = max_position = {P}，m = mid，k 是表的半宽。",
                               "In the formula b = bucket_size = {b}, P = max_position = {P}, m = mid, k the table's half-size."},
                        {{"b", integer(in.bucket_size)}, {"P", integer(in.max_position)}}));
    notes.push_back(say(lang, {"k = {k}：表有 2k = {rows} 行；c2p 读取的相对位置停在 −{k} 与 {top} 之间（下界与上界不对称）。",
                               "k = {k}: the table has 2k = {rows} rows; the relative position c2p reads stays between −{k} and {top} (the two ends are not symmetric)."},
                        {{"k", integer(span)}, {"rows", integer(2 * span)}, {"top", integer(span - 1)}}));
    return make_view(say(lang, {"对数桶与截断：距离 x 读哪一行", "Log buckets and the clamp: which row a distance x reads"}), std::move(curve), std::move(notes));
}

std::vector<ViewData> deberta_buckets_views(const Inputs& in, Lang lang) { return {bucket_curve_view(in, lang)}; }

}  // namespace

Step deberta_buckets() {
    Step s = {
        "deberta-buckets",
        {"DeBERTa：对数桶与截断", "DeBERTa: log buckets and the clamp"},
        {"DeBERTa 只区分近处的距离：|x| ≤ mid 时桶就是距离 x = i − j 本身，更远的按对数压缩，最后 clamp 把一切截在 2k 行的表里。"
         "mid = bucket_size/2；到 x = max_position − 1 正好用完 bucket_size − 1 个位置。公式里 m = mid、b = bucket_size、P = max_position。"
         "HF 的 make_log_bucket_position 全程用 float32 计算对数和取整，个别距离会与双精度差一个桶。"
         "clamp(β + k, 0, 2k − 1) 把桶 β 变成行号 δ(i, j)，k = bucket_size（不分桶时为 max_position），所以能读到的相对位置是 −k 到 k − 1，两端不对称。"
         "已发布的 v3 模型用 256 个桶和 max_position = 512。",
         "DeBERTa tells only nearby distances apart: for |x| ≤ mid the bucket is the distance x = i − j itself, farther "
         "distances are compressed logarithmically, and a clamp finally keeps everything inside the 2k-row table. Here "
         "mid = bucket_size/2, and x = max_position − 1 uses up exactly bucket_size − 1 positions; in the formula m = mid, "
         "b = bucket_size and P = max_position. HF's "
         "make_log_bucket_position takes the log and the ceiling in float32 throughout, so a few distances land one "
         "bucket away from a double-precision computation. clamp(β + k, 0, 2k − 1) turns the bucket β into the row δ(i, j), with "
         "k = bucket_size (max_position without buckets), so the relative positions it can read run from −k to "
         "k − 1, not symmetric. The released v3 models use 256 buckets and max_position = 512."},
        {"bucket_size", "max_position"},
        views_of(read_inputs, deberta_buckets_views),
        {R"tex(\delta(i,j)=\operatorname{clamp}\bigl(\beta(i-j)+k,\ 0,\ 2k-1\bigr))tex",
         {R"tex(\beta(x)=\operatorname{sign}(x)\Bigl(\Bigl\lceil\frac{\ln(|x|/m)}{\ln\bigl((P-1)/m\bigr)}\,(m-1)\Bigr\rceil+m\Bigr)\ \text{当}\ |x|>m,\qquad m=\lfloor b/2\rfloor)tex", R"tex(\beta(x)=\operatorname{sign}(x)\Bigl(\Bigl\lceil\frac{\ln(|x|/m)}{\ln\bigl((P-1)/m\bigr)}\,(m-1)\Bigr\rceil+m\Bigr)\ \text{for}\ |x|>m,\qquad m=\lfloor b/2\rfloor)tex"}},
    };
    s.questions = {
        {{"DeBERTa 里，距离 x = 2·max_position 远在最后一个对数桶之外。c2p 读 2k 行表的哪一行？",
          "In DeBERTa, the distance x = 2·max_position lies far beyond the last log bucket. Which row of the "
          "2k-row table does c2p read?"},
         {{"第 x + k 行", "Row x + k"},
          {"最后一行 2k − 1：桶号加 k 超出了表，被 clamp 截住", "The last row, 2k − 1: the bucket plus k runs past the table and is clamped"},
          {"第 mid + k 行：超过 mid 的距离都归到一起", "Row mid + k: every distance beyond mid is lumped together"}},
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
                        {"bucket_size = {bs}、max_position = {mp}：x = {delta} 落进桶 {bucket}，k = {k}，"
                         "clamp({bucket} + {k}, 0, {last}) = {row}，正是最后一行。比最后一个桶更远的距离全都读这一行。",
                         "bucket_size = {bs}, max_position = {mp}: x = {delta} falls in bucket {bucket}, k = {k}, and "
                         "clamp({bucket} + {k}, 0, {last}) = {row}, the last row. Every distance beyond the last bucket "
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
