// PE Lab — lessons/t5_bias/lesson.cpp
// Lesson "t5-bias" (T5 relative position bias): one scalar per (bucket, head) added to the logits, the
// offset Δ = i − j of every (query i, key j) (HF builds its negative, memory − context = j − i, which the notes
// say), bucketing exactly as HF's
// T5Attention._relative_position_bucket (exact, logarithmic, saturated; bidirectional offset; causal), the
// simplified 4-bucket picture found in tutorials against the real function, the bias lookup (L,L,H) → (H,L,L),
// broadcast-add and softmax, where the simplified code found in tutorials differs from HF, and a recap. A max_distance
// that HF's formula cannot use (not above the exact-bucket count) is replaced by the smallest valid one, with a note.
// Every number shown comes from core (t5.h, attention_grid.h, f_delta.h, random.h).
// This file holds the parameter table, the helpers the steps share and the list of steps; each step lives in the
// file named for its id (scalar_per_bucket_head.cpp … recap.cpp), with its views and its questions.
// Every text on screen writes the offset as Δ = i − j (query minus key); bucket(Δ) is HF's
// _relative_position_bucket applied to HF's relative_position j − i = −Δ.
// Comments are English only: the font subset is built from the characters inside .cpp string literals.
//
// [SECTION] parameters (declared once)
// [SECTION] helpers shared by the steps
// [SECTION] the lesson
#include <algorithm>
#include <cstdint>
#include <string>
#include <utility>
#include <vector>

#include "core/relative/t5.h"
#include "lessons/lesson_util.h"
#include "lessons/t5_bias/t5_bias_lesson.h"

namespace pelab {
namespace t5_bias_lesson {

using namespace lessonui;  // shared display helpers (lessons/lesson_util.h)

// [SECTION] parameters (declared once)
const ParamTable<Inputs>& params() {
    static const ParamTable<Inputs> table{
        {Key::shared("L").range(2, 128).def("12").about({"序列长度（查询 i、键 j 取 0..L−1）", "sequence length (query i, key j in 0..L-1)"}),
         &Inputs::L},
        {Key::shared("num_buckets").range(4, 64).def("32"), &Inputs::num_buckets},
        // 2..512 where the shared key allows it (HF accepts any max_distance above the exact-bucket count, which
        // depends on num_buckets and bidirectional); combinations HF cannot use are replaced in read_inputs.
        {Key::shared("max_distance").range(std::max(2.0, shared_key("max_distance").min), 512).def("128"), &Inputs::max_distance},
        {Key::shared("bidirectional").def("1"), &Inputs::bidirectional},
        {Key::shared("heads").range(1, 8).def("4").sym("H"), &Inputs::heads},
        {Key::shared("seed").def("1").about({"偏置表与 Q、K 的随机种子", "random seed of the bias table and of Q, K"}), &Inputs::seed},
        {Key::flag("simplified", "1", {"勾选后同时显示常见的简化写法算出的桶", "also shows the buckets of the simplified code found in tutorials"})
             .alias("seed_version"),
         &Inputs::simplified},
    };
    return table;
}

// [SECTION] helpers shared by the steps
namespace {
// The exact-bucket count of HF's _relative_position_bucket: half of the buckets per direction (all of them when
// causal), half of those exact. The log branch divides by ln(max_distance / max_exact), so max_distance must
// exceed max_exact.
int max_exact_of(int num_buckets, bool bidirectional) { return (bidirectional ? num_buckets / 2 : num_buckets) / 2; }
}  // namespace

int usable_max_distance(int num_buckets, bool bidirectional, int max_distance) {
    return std::max(max_distance, max_exact_of(num_buckets, bidirectional) + 1);
}

// The values through the table; max_distance replaced by the smallest valid one when HF cannot use it.
Inputs read_inputs(const ParamSet& p) {
    Inputs in = params().read(p);
    in.given_max_distance = in.max_distance;
    in.max_distance = usable_max_distance(in.num_buckets, in.bidirectional, in.max_distance);
    return in;
}

// Empty when `given` is valid for these buckets; else why not and what is used instead.
std::string max_distance_note(int num_buckets, bool bidirectional, int given, Lang lang) {
    const int used = usable_max_distance(num_buckets, bidirectional, given);
    if (used == given) return "";
    return say(lang, {"max_distance = {given} 不可用：{nb} 个桶{mode}时前 {exact} 个距离各占一个精确的桶，对数分桶要除以 "
                      "ln(max_distance / {exact})，所以 max_distance 必须大于 {exact}。这里改用 max_distance = {used}。",
                      "max_distance = {given} cannot be used: with {nb} buckets{mode} the first {exact} distances get one exact "
                      "bucket each and the log buckets divide by ln(max_distance / {exact}), so max_distance must be above "
                      "{exact}. Using max_distance = {used} instead."},
               {{"given", integer(given)},
                {"nb", integer(num_buckets)},
                {"mode", bidirectional ? say(lang, {"（双向）", " (bidirectional)"}) : say(lang, {"（因果）", " (causal)"})},
                {"exact", integer(max_exact_of(num_buckets, bidirectional))},
                {"used", integer(used)}});
}

// Adds the max_distance note (when there is one) in front of a view's notes.
void note_max_distance(ViewData& view, const Inputs& in, int num_buckets, Lang lang) {
    const std::string note = max_distance_note(num_buckets, in.bidirectional, in.given_max_distance, lang);
    if (!note.empty()) view.notes.insert(view.notes.begin(), note);
}

Eigen::MatrixXd bias_table(const Inputs& in) {
    return t5_demo_bias_table(in.num_buckets, in.max_distance, in.bidirectional, in.heads, static_cast<std::uint64_t>(in.seed));
}

HeatmapView ij_heatmap(const Eigen::MatrixXd& M, Lang lang) {
    HeatmapView view = index_matrix(M, say(lang, {"查询 i", "query i"}), say(lang, {"键 j", "key j"}));
    view.qk_axes = true;
    return view;
}

// A bucket matrix, each cell explained with its offset Δ = i − j and its bucket.
HeatmapView bucket_heatmap(const Eigen::MatrixXi& B, Lang lang) {
    HeatmapView view = ij_heatmap(B.cast<double>(), lang);
    view.integer = true;
    view.decimals = 0;
    const int L = static_cast<int>(B.rows());
    view.explain = [B, L, lang](int r, int c) -> std::string {
        if (r < 0 || c < 0 || r >= L || c >= L) return "";
        return say(lang, {"i = {i}，j = {j}，Δ = {delta} → 桶 {bucket}", "i = {i}, j = {j}, Δ = {delta} → bucket {bucket}"},
                   {{"i", integer(r)}, {"j", integer(c)}, {"delta", integer(r - c)}, {"bucket", integer(B(r, c))}});
    };
    return view;
}

// Cells where two integer matrices differ.
std::vector<std::pair<int, int>> differing_cells(const Eigen::MatrixXi& A, const Eigen::MatrixXi& B) {
    std::vector<std::pair<int, int>> out;
    for (int i = 0; i < A.rows(); ++i)
        for (int j = 0; j < A.cols(); ++j)
            if (A(i, j) != B(i, j)) out.push_back({i, j});
    return out;
}

// A bucket's range of r = j − i, written as the offsets Δ = −r it holds.
std::string range_text(const T5BucketRange& r, Lang lang) {
    if (!r.used) return say(lang, {"未使用", "unused"});
    if (r.open_before) return "Δ ≥ " + integer(-r.last);
    if (r.open_after) return "Δ ≤ " + integer(-r.first);
    if (r.first == r.last) return "Δ = " + integer(-r.first);
    return integer(-r.last) + " ≤ Δ ≤ " + integer(-r.first);
}

// [SECTION] the lesson
namespace {

Lesson make_lesson() {
    Lesson lesson;
    lesson.id = "t5-bias";
    lesson.title = {"T5 相对位置偏置", "T5 relative position bias"};
    use_params(lesson, params());
    lesson.result_shape = [](const ParamSet& p) {  // L×L bias per head, the bucket table up to max_distance
        const Inputs in = read_inputs(p);
        const long long L = in.L, h = in.heads;
        return std::vector<long long>{std::max(L, (long long)in.max_distance), L, h + 1};
    };
    lesson.steps = {
        one_scalar_per_bucket_and_head(),
        relative_position_matrix(),
        bucketing(),
        four_bucket_picture(),
        lookup(),
        broadcast_add_then_softmax(),
        simplified_code_differences(),
        recap(),
    };
    lesson.references = {"raffel2020"};
    return lesson;
}

}  // namespace
}  // namespace t5_bias_lesson

const Lesson* lesson_t5_bias() {
    static const Lesson lesson = t5_bias_lesson::make_lesson();
    return &lesson;
}

}  // namespace pelab
