// PE Lab — lessons/shaw/deberta.cpp
// Step "deberta" of shaw: DeBERTa (He et al. 2021), HF's log buckets of the relative position and the c2p /
// p2c terms with their clamped index and the √(3d) scale (HF deberta_v2). Its views, then the step with its
// question.
// Comments are English only: the font subset is built from the characters inside this file's strings.
//
// [SECTION] DeBERTa's disentangled attention and log buckets
#include <algorithm>
#include <cmath>
#include <string>
#include <vector>

#include "core/f_delta.h"
#include "core/relative_methods.h"
#include "lessons/shaw/shaw_lesson.h"
#include "lessons/lesson_util.h"

namespace pelab {
namespace shaw_lesson {

using namespace lessonui;  // shared display helpers (lessons/lesson_util.h)

// [SECTION] DeBERTa's disentangled attention and log buckets
namespace {
// The bucket of every relative position δ = i − j in −X..X and the relative position the c2p term then reads
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
    curve.x_axis = say(lang, {"相对距离 δ = i − j", "relative distance δ = i − j"});
    curve.y_axis = say(lang, {"桶（相对位置）", "bucket (relative position)"});
    std::vector<std::string> notes;
    if (bucketed) {
        const int mid = in.bucket_size / 2;
        curve.vlines_x = {static_cast<double>(-mid), static_cast<double>(mid), static_cast<double>(in.max_position - 1)};
        curve.vline_labels = {"−mid", "mid", "max_position − 1"};
        notes.push_back(say(lang, {"|δ| ≤ mid = {mid} 时桶就是 δ；δ = max_position − 1 = {last} 落进桶 {b_last}，δ = {far} 落进桶 {b_far}。",
                                   "For |δ| ≤ mid = {mid} the bucket is δ itself; δ = max_position − 1 = {last} falls in bucket {b_last}, δ = {far} in bucket {b_far}."},
                            {{"mid", integer(mid)}, {"last", integer(in.max_position - 1)},
                             {"b_last", integer(deberta_log_bucket_position(in.max_position - 1, in.bucket_size, in.max_position))},
                             {"far", integer(far)}, {"b_far", integer(deberta_log_bucket_position(far, in.bucket_size, in.max_position))}}));
    } else {
        curve.vlines_x = {static_cast<double>(-span), static_cast<double>(span - 1)};
        curve.vline_labels = {"−k", "k − 1"};
    }
    notes.push_back(say(lang, {"k = {k}：表有 2k = {rows} 行；c2p 读取的相对位置停在 −{k} 与 {top} 之间（下界与上界不对称）。",
                               "k = {k}: the table has 2k = {rows} rows; the relative position c2p reads stays between −{k} and {top} (the two ends are not symmetric)."},
                        {{"k", integer(span)}, {"rows", integer(2 * span)}, {"top", integer(span - 1)}}));
    return make_view(say(lang, {"对数桶与截断：δ 被读成哪一行", "Log buckets and the clamp: which row δ reads"}), std::move(curve), std::move(notes));
}

std::vector<ViewData> deberta_views(const Inputs& in, Lang lang) {
    const int span = deberta_attention_span(in.bucket_size, in.max_position);
    const Eigen::MatrixXi rel = deberta_relative_position(in.L, in.L, in.bucket_size, in.max_position);
    const DebertaDemo demo = deberta_demo_inputs(in.L, in.d, span, static_cast<std::uint64_t>(in.seed));
    const DebertaTerms t = deberta_disentangled_terms(demo.Qc, demo.Kc, demo.Qr, demo.Kr, rel, span);
    const Eigen::MatrixXi c2p = deberta_c2p_index(rel, span), p2c = deberta_p2c_index(rel, span);
    int same = 0;
    for (Eigen::Index r = 0; r < c2p.rows(); ++r)
        for (Eigen::Index c = 0; c < c2p.cols(); ++c) same += c2p(r, c) == p2c(r, c) ? 1 : 0;
    const int i = in.i, j = in.j;

    const std::vector<std::string> c2p_notes = {
        say(lang, {"每一项都除以 √(3·d_k) = {scale}：scale_factor = 1 + 2（c2p 与 p2c 各加 1）。",
                   "Every term is divided by √(3·d_k) = {scale}: scale_factor = 1 + 2 (one for c2p, one for p2c)."},
            {{"scale", num(1.0 / t.scale, 6)}}),
        say(lang, {"在 (i, j) = ({i}, {j})：δ = {dist}，c2p 读 K^r 的第 {row} 行，c2p = {value}。",
                   "At (i, j) = ({i}, {j}): δ = {dist}, c2p reads row {row} of K^r, c2p = {value}."},
            {{"i", integer(i)}, {"j", integer(j)}, {"dist", integer(rel(i, j))}, {"row", integer(c2p(i, j))}, {"value", num(t.c2p(i, j), 4)}}),
        say(lang, {"沿对角线（同一距离）的最大极差 = {spread}：c2p 随查询的内容变化。",
                   "Largest spread along a diagonal (one distance) = {spread}: c2p changes with the query's content."},
            {{"spread", num(largest(diagonal_spread(t.c2p)), 4)}}),
    };
    const std::vector<std::string> p2c_notes = {
        say(lang, {"HF 用 clamp(−r_pos[j][i] + k, 0, 2k − 1) 为 p2c 取行，再转置；它与 c2p 的行号在 {same} / {all} 个格子里相同。",
                   "HF picks p2c's row as clamp(−r_pos[j][i] + k, 0, 2k − 1) and transposes; it equals c2p's row in {same} / {all} cells."},
            {{"same", integer(same)}, {"all", integer(static_cast<long long>(c2p.size()))}}),
        say(lang, {"在 (i, j) = ({i}, {j})：p2c = K^c_j·Q^r_{row} / √(3d_k) = {value}。",
                   "At (i, j) = ({i}, {j}): p2c = K^c_j·Q^r_{row} / √(3d_k) = {value}."},
            {{"i", integer(i)}, {"j", integer(j)}, {"row", integer(p2c(i, j))}, {"value", num(t.p2c(i, j), 4)}}),
    };
    return {bucket_curve_view(in, lang),
            make_view(say(lang, {"c2p：内容到位置 Q^c_i·K^r_δ / √(3d_k)", "c2p: content-to-position Q^c_i·K^r_δ / √(3d_k)"}),
                      term_matrix(t.c2p, "c2p", lang), c2p_notes),
            make_view(say(lang, {"p2c：位置到内容 K^c_j·Q^r_δ / √(3d_k)", "p2c: position-to-content K^c_j·Q^r_δ / √(3d_k)"}),
                      term_matrix(t.p2c, "p2c", lang), p2c_notes)};
}

}  // namespace

Step deberta_disentangled() {
    Step s = {
        "deberta",
        {"DeBERTa：解耦注意力与对数桶", "DeBERTa: disentangled attention and log buckets"},
        {"DeBERTa 给内容和相对位置各一套投影，分数是三项之和：内容到内容、内容到位置 c2p（查询的内容读距离的向量 K^r）、"
         "位置到内容 p2c（键的内容读距离的向量 Q^r），一起除以 √(3d)。相对距离 δ = i − j 先进对数桶："
         "|δ| ≤ mid = bucket_size/2 时保持原值，更远的按对数压缩，到 δ = max_position − 1 正好用完 bucket_size − 1 个位置；"
         "HF 的 make_log_bucket_position 全程用 float32 计算对数和取整，个别距离会与双精度差一个桶。"
         "然后 clamp(δ + k, 0, 2k − 1) 把它变成 2k 行表里的行号，k = bucket_size（不分桶时为 max_position），"
         "所以能读到的相对位置是 −k 到 k − 1，两端不对称。论文给 p2c 写的是 δ(j, i)；HF 的代码取 clamp(−r_pos[j][i] + k) 再转置，"
         "桶是奇函数，所以它与 c2p 用同一个行号。已发布的 v3 模型用 256 个桶和 max_position = 512。",
         "DeBERTa gives content and relative position their own projections, and the score is the sum of three "
         "terms: content-to-content, content-to-position c2p (the query's content reads the distance's vector K^r) "
         "and position-to-content p2c (the key's content reads the distance's vector Q^r), all divided by √(3d). "
         "The relative distance δ = i − j first goes through log buckets: for |δ| ≤ mid = bucket_size/2 it stays as "
         "it is, farther distances are compressed logarithmically, and δ = max_position − 1 uses up exactly "
         "bucket_size − 1 positions. HF's make_log_bucket_position takes the log and the ceiling in float32 "
         "throughout, so a few distances land one bucket away from a double-precision computation. Then "
         "clamp(δ + k, 0, 2k − 1) turns it into a row of a 2k-row table, with k = bucket_size (max_position without "
         "buckets), so the relative positions it can read run from −k to k − 1, not symmetric. The paper writes "
         "δ(j, i) for p2c; HF's code takes clamp(−r_pos[j][i] + k) and transposes, and since the buckets are an odd "
         "function it reads the same row as c2p. The released v3 models use 256 buckets and max_position = 512."},
        {"L", "d_k", "seed", "bucket_size", "max_position", "i", "j"},
        views_of(read_inputs, deberta_views),
        {R"tex(\tilde A_{ij}=\frac{Q^c_i\cdot K^c_j+Q^c_i\cdot K^r_{\delta(i,j)}+K^c_j\cdot Q^r_{\delta(i,j)}}{\sqrt{3d}})tex",
         R"tex(\delta(i,j)=\operatorname{clamp}\bigl(\beta(i-j)+k,\ 0,\ 2k-1\bigr))tex",
         R"tex(\beta(x)=\operatorname{sign}(x)\Bigl(\Bigl\lceil\frac{\ln(|x|/m)}{\ln\bigl((P-1)/m\bigr)}\,(m-1)\Bigr\rceil+m\Bigr)\ \text{for}\ |x|>m,\qquad m=\lfloor b/2\rfloor)tex"},
    };
    s.questions = {
        {{"DeBERTa 里，距离 δ = 2·max_position 远在最后一个对数桶之外。c2p 读 2k 行表的哪一行？",
          "In DeBERTa, the distance δ = 2·max_position lies far beyond the last log bucket. Which row of the "
          "2k-row table does c2p read?"},
         {{"第 δ + k 行", "Row δ + k"},
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
                        {"bucket_size = {bs}、max_position = {mp}：δ = {delta} 落进桶 {bucket}，k = {k}，"
                         "clamp({bucket} + {k}, 0, {last}) = {row}，正是最后一行。比最后一个桶更远的距离全都读这一行。",
                         "bucket_size = {bs}, max_position = {mp}: δ = {delta} falls in bucket {bucket}, k = {k}, and "
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
