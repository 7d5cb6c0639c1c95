// PE Lab — lessons/t5_bias.cpp
// Lesson "t5-bias" (T5 relative position bias): one scalar per (bucket, head) added to the logits, the
// relative position matrix as HF builds it (memory − context = key − query), bucketing exactly as HF's
// T5Attention._relative_position_bucket (exact, logarithmic, saturated; bidirectional offset; causal), the
// simplified 4-bucket picture found in tutorials against the real function, the bias lookup (L,L,H) → (H,L,L),
// broadcast-add and softmax, and where the simplified code found in tutorials differs from HF. A max_distance
// that HF's formula cannot use (not above the exact-bucket count) is replaced by the smallest valid one, with a note.
// Every number shown comes from core (t5.h, attention_grid.h, f_delta.h, random.h).
// Comments are English only: the font subset is built from the characters inside .cpp string literals.
//
// [SECTION] parameters (declared once)
// [SECTION] helpers shared by the steps
// [SECTION] step 1: one scalar per (bucket, head)
// [SECTION] step 2: the relative position matrix
// [SECTION] step 3: bucketing
// [SECTION] step 4: the 4-bucket picture and the real function
// [SECTION] step 5: lookup (L, L, H) → (H, L, L)
// [SECTION] step 6: broadcast-add, then softmax
// [SECTION] step 7: where the simplified code differs from HF
// [SECTION] the lesson
#include <algorithm>
#include <cmath>
#include <limits>
#include <string>

#include "core/attention_grid.h"
#include "core/f_delta.h"
#include "core/random.h"
#include "core/t5.h"
#include "lessons/questions/question_tables.h"
#include "lessons/lesson.h"
#include "lessons/lesson_util.h"

namespace pelab {

namespace t5_bias_lesson {
namespace {

using namespace lessonui;  // shared display helpers (lessons/lesson_util.h)

// [SECTION] parameters (declared once)
struct Inputs {
    int L = 0, num_buckets = 0, max_distance = 0, heads = 0, seed = 0;
    bool bidirectional = false, simplified = false;
    int given_max_distance = 0;  // as the learner set it; max_distance is the value used (see read_inputs)
};

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
        {Key::flag("simplified", "0", {"勾选后同时显示常见的简化写法算出的桶", "also shows the buckets of the simplified code found in tutorials"})
             .alias("seed_version"),
         &Inputs::simplified},
    };
    return table;
}

// [SECTION] helpers shared by the steps
// The exact-bucket count of HF's _relative_position_bucket: half of the buckets per direction (all of them when
// causal), half of those exact. The log branch divides by ln(max_distance / max_exact), so max_distance must
// exceed max_exact.
int max_exact_of(int num_buckets, bool bidirectional) { return (bidirectional ? num_buckets / 2 : num_buckets) / 2; }

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

// A bucket matrix; `tutorial_sign` explains cells with the tutorials' i − j instead of HF's j − i.
HeatmapView bucket_heatmap(const Eigen::MatrixXi& B, Lang lang, bool tutorial_sign) {
    HeatmapView view = ij_heatmap(B.cast<double>(), lang);
    view.integer = true;
    view.decimals = 0;
    const int L = static_cast<int>(B.rows());
    view.explain = [B, L, tutorial_sign, lang](int r, int c) -> std::string {
        if (r < 0 || c < 0 || r >= L || c >= L) return "";
        const std::vector<Arg> args = {{"i", integer(r)}, {"j", integer(c)}, {"rel", integer(tutorial_sign ? r - c : c - r)},
                                       {"bucket", integer(B(r, c))}};
        return tutorial_sign ? say(lang, {"i = {i}, j = {j}, i − j = {rel} → 桶 {bucket}", "i = {i}, j = {j}, i − j = {rel} → bucket {bucket}"}, args)
                         : say(lang, {"i = {i}, j = {j}, j − i = {rel} → 桶 {bucket}", "i = {i}, j = {j}, j − i = {rel} → bucket {bucket}"}, args);
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

std::string range_text(const T5BucketRange& r, Lang lang) {
    if (!r.used) return say(lang, {"未使用", "unused"});
    if (r.open_before) return "j − i ≤ " + integer(r.last);
    if (r.open_after) return "j − i ≥ " + integer(r.first);
    if (r.first == r.last) return "j − i = " + integer(r.first);
    return integer(r.first) + " ≤ j − i ≤ " + integer(r.last);
}

std::string head_label(int h, Lang lang) { return say(lang, {"头 {h}", "head {h}"}, {{"h", integer(h)}}); }

// [SECTION] step 1: one scalar per (bucket, head)
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
        say(lang, {"头 0 手工设置为偏爱距离 1；其余头由随机种子生成（训练前的样子）。",
                   "Head 0 is set by hand to favour distance 1; the other heads are random from the random seed (untrained)."}),
        say(lang, {"编码器与解码器各有一张这样的表。", "The encoder and the decoder have one such table each."}),
    };
    return {make_view(say(lang, {"偏置表 bias[bucket][head]", "Bias table bias[bucket][head]"}), std::move(view), std::move(notes))};
}

Step one_scalar_per_bucket_and_head() {
    return {
        "scalar-per-bucket-head",
        {"每个（桶, 头）一个标量", "One scalar per (bucket, head)"},
        {"注意力 softmax(QKᵀ)V 本身不看词序，T5 用一个只看相对距离的偏置把词序补回来，本课说明它怎样算出。"
         "T5 不改动 Q 和 K，只在注意力 [[logit|logits]] 上加一个标量偏置。偏置由相对距离所在的[[bucket|桶]]和[[head|注意力头]]决定，"
         "所以全部参数就是一张 num_buckets × heads 的表，与序列长度无关。这张表每个模型只算一次，所有层共用："
         "HF 的 T5 只有第一层带 relative_attention_bias，其余各层沿用它算出的 position_bias。",
         "Attention's softmax(QKᵀ)V on its own ignores word order; T5 puts the order back with a bias that looks "
         "only at relative distance, and this lesson shows how that bias is computed. T5 leaves Q and K alone and "
         "adds one scalar bias to each attention [[logit]]. The bias is chosen by the [[bucket]] of the relative distance "
         "and by the [[head]], so all its parameters form one num_buckets × heads table, independent of the sequence "
         "length. The table is computed once per model and shared by all layers: in HF's T5 only the first layer "
         "has relative_attention_bias, and the other layers reuse the position_bias it computes."},
        {"num_buckets", "heads", "seed"},
        views_of(read_inputs, bias_table_views),
        {
         R"tex(\mathrm{logit}_{h,i,j} = q^{(h)}_i \cdot k^{(h)}_j + b_{\mathrm{bucket}(j - i),\,h})tex",
         R"tex(b \in \mathbb{R}^{\mathrm{num\_buckets} \times H})tex"},
    };
}

// [SECTION] step 2: the relative position matrix
std::vector<ViewData> relative_position_views(const Inputs& in, Lang lang) {
    HeatmapView view = bucket_heatmap(t5_relative_position(in.L), lang, false);
    view.is_signed = true;
    const int L = in.L;
    view.explain = [L, lang](int r, int c) -> std::string {
        if (r < 0 || c < 0 || r >= L || c >= L) return "";
        const std::vector<Arg> args = {{"j", integer(c)}, {"i", integer(r)}, {"rel", integer(c - r)}};
        return c > r ? say(lang, {"键位置 {j} − 查询位置 {i} = {rel}：键在查询之后",
                                  "memory (key) {j} − context (query) {i} = {rel}: the key comes after the query"},
                           args)
                     : say(lang, {"键位置 {j} − 查询位置 {i} = {rel}", "memory (key) {j} − context (query) {i} = {rel}"}, args);
    };
    std::vector<std::string> notes = {
        say(lang, {"HF 用 j − i（键减查询）：正数表示键在查询之后。悬停显示的 Δ = q − k 是它的相反数。",
                   "HF uses j − i (key minus query): positive means the key comes after the query. The hover's Δ = q − k is its negative."})};
    return {make_view("relative_position = memory_position − context_position", std::move(view), std::move(notes))};
}

Step relative_position_matrix() {
    return {
        "relative-position-matrix",
        {"相对位置矩阵", "The relative position matrix"},
        {"HF 的 compute_bias 先写 relative_position = memory_position − context_position，也就是键位置减查询位置 j − i。"
         "对角线是 0，右上方为正（键在查询之后），左下方为负。",
         "HF's compute_bias first forms relative_position = memory_position − context_position, i.e. key position "
         "minus query position, j − i. The diagonal is 0, the upper right positive (the key comes after the query) "
         "and the lower left negative."},
        {"L"},
        views_of(read_inputs, relative_position_views),
        {
         R"tex(\mathrm{relative\_position}[i,j] = j - i)tex"},
    };
}

// [SECTION] step 3: bucketing
std::vector<ViewData> bucketing_views(const Inputs& in, Lang lang) {
    const Eigen::MatrixXi B = t5_bucket_matrix(in.L, in.num_buckets, in.max_distance, in.bidirectional);
    HeatmapView heat = bucket_heatmap(B, lang, false);

    const std::vector<T5BucketRange> ranges = t5_bucket_ranges(in.num_buckets, in.max_distance, in.bidirectional);
    TableView table;
    int used = 0;
    for (const T5BucketRange& r : ranges) used += r.used ? 1 : 0;
    table.values.resize(std::max(used, 1), 3);
    int row = 0;
    const double nan = std::numeric_limits<double>::quiet_NaN();
    for (const T5BucketRange& r : ranges) {
        if (!r.used) continue;
        table.values(row, 0) = r.open_before ? nan : static_cast<double>(r.first);
        table.values(row, 1) = r.open_after ? nan : static_cast<double>(r.last);
        table.values(row, 2) = (r.open_before || r.open_after) ? nan : static_cast<double>(r.last - r.first + 1);
        table.row_labels.push_back(say(lang, {"桶 {b}", "bucket {b}"}, {{"b", integer(r.bucket)}}));
        ++row;
    }
    table.col_labels = {say(lang, {"从 j − i", "from j − i"}), say(lang, {"到 j − i", "to j − i"}), say(lang, {"个数", "count"})};
    table.col_decimals = {0, 0, 0};  // whole numbers; not `integer`, because open ends are NaN ("—")
    table.decimals = 0;
    table.corner = say(lang, {"桶", "bucket"});

    const int half = in.bidirectional ? in.num_buckets / 2 : in.num_buckets, max_exact = half / 2;
    std::vector<std::string> notes;
    notes.push_back(say(lang, {"“—” 表示这一端没有界限（饱和的桶一直延伸下去）。", "\"—\" means no limit on that side (a saturated bucket goes on forever)."}));
    notes.push_back(say(lang, {"每一半 {half} 个桶：距离 0…{last_exact} 各占一个精确的桶，更远的距离按对数分桶，到 max_distance = {max_distance}。",
                               "Each half has {half} buckets: distances 0…{last_exact} get one exact bucket each, larger ones share "
                               "logarithmic buckets up to max_distance = {max_distance}."},
                        {{"half", integer(half)}, {"last_exact", integer(max_exact - 1)}, {"max_distance", integer(in.max_distance)}}));
    const T5BucketRange& last = ranges[static_cast<std::size_t>(half - 1)];
    if (last.used)
        notes.push_back(say(lang, {"饱和：|j − i| ≥ {n} 的键都落在最后一个桶里。", "Saturation: every |j − i| ≥ {n} lands in the last bucket."},
                            {{"n", integer(last.min_distance())}}));
    const int unused = static_cast<int>(ranges.size()) - used;
    if (unused > 0)
        notes.push_back(say(lang, {"未使用的桶：{n}（对数步长跳过了它们，或它们正是偏移本身）。",
                                   "Unused buckets: {n} (the log step skips them, or they sit exactly at the offset)."},
                            {{"n", integer(unused)}}));
    notes.push_back(in.bidirectional
                        ? say(lang, {"双向：键在查询之后（j > i）的距离加上偏移 num_buckets/2 = {half}；对角线和之前的键用前一半。",
                                     "Bidirectional: keys after the query (j > i) are offset by num_buckets/2 = {half}; the diagonal and "
                                     "earlier keys use the lower half."},
                              {{"half", integer(half)}})
                        : say(lang, {"因果：n = max(i − j, 0)，查询之后的键全部落入桶 0（它们反正会被掩码）。",
                                     "Causal: n = max(i − j, 0), so every key after the query falls into bucket 0 (they are masked anyway)."}));
    notes.push_back(say(lang, {"HF 用 float32 计算对数分支，这里逐步重现这些 float32 运算，恰在桶边界上的距离与 PyTorch 落在同一个桶。",
                               "HF evaluates the log branch in float32; the widget repeats those float32 steps, so distances exactly on a "
                               "bucket boundary land where PyTorch puts them."}));
    std::vector<ViewData> out = {make_view(say(lang, {"HF 的桶号 bucket(j − i)", "HF bucket(j − i)"}), std::move(heat)),
                                 make_view(say(lang, {"每个桶覆盖的 j − i", "The j − i each bucket covers"}), std::move(table), std::move(notes))};
    note_max_distance(out[0], in, in.num_buckets, lang);
    return out;
}

Step bucketing() {
    return {
        "bucketing",
        {"分桶：精确、对数、饱和", "Bucketing: exact, logarithmic, saturated"},
        {"_relative_position_bucket 在双向模式下把桶分成两半，键在查询之后的加上偏移 num_buckets/2。"
         "每一半里，较小的距离各有自己的桶；较大的距离按对数合并，直到 max_distance；再远的距离全部落入最后一个桶。"
         "因果模式不区分方向，只给查询之前的键分桶。表格列出每个桶覆盖的距离范围。",
         "In bidirectional mode _relative_position_bucket splits the buckets into two halves and offsets keys after "
         "the query by num_buckets/2. Within a half, small distances get one bucket each, larger ones share "
         "logarithmically wider buckets up to max_distance, and everything beyond lands in the last bucket. Causal "
         "mode keeps no direction and buckets only the keys before the query. The table lists the range each "
         "bucket covers."},
        {"L", "num_buckets", "max_distance", "bidirectional"},
        views_of(read_inputs, bucketing_views),
        {
         R"tex(\mathrm{bucket}(r) = \begin{cases} r & r < e \\ \min\!\left(n - 1,\ e + \left\lfloor \dfrac{\ln(r/e)}{\ln(D/e)}\,(n - e) \right\rfloor\right) & r \ge e \end{cases})tex",
         R"tex(n = \tfrac{1}{2}\,\mathrm{num\_buckets}, \quad e = \tfrac{n}{2}, \quad r = |j - i|, \quad +\,n \text{ when } j > i)tex"},
    };
}

// [SECTION] step 4: the 4-bucket picture and the real function
std::vector<ViewData> four_bucket_views(const Inputs& in, Lang lang) {
    const int L = in.L;
    // This step's HF side always has 4 buckets: the max_distance it can use depends on that count.
    const int four_max_distance = usable_max_distance(4, in.bidirectional, in.given_max_distance);
    const Eigen::MatrixXi simple = t5_tutorial_simplified_matrix(L);
    const Eigen::MatrixXi hf = t5_bucket_matrix(L, 4, four_max_distance, in.bidirectional);
    HeatmapView s = bucket_heatmap(simple, lang, false);
    s.explain = [simple, L, lang](int r, int c) -> std::string {
        if (r < 0 || c < 0 || r >= L || c >= L) return "";
        return say(lang, {"|i − j| = {n} → 桶 {b}（≤1→0，2→1，3…4→2，>4→3）", "|i − j| = {n} → bucket {b} (≤1→0, 2→1, 3…4→2, >4→3)"},
                   {{"n", integer(std::abs(r - c))}, {"b", integer(simple(r, c))}});
    };
    HeatmapView h = bucket_heatmap(hf, lang, false);
    h.highlight_cells = differing_cells(simple, hf);
    std::vector<std::string> notes;
    const std::string md_note = max_distance_note(4, in.bidirectional, in.given_max_distance, lang);
    if (!md_note.empty()) notes.push_back(md_note);
    notes.push_back(say(lang, {"与简化示意不同的格子（已框出）：{n} / {cells}", "Cells that differ from the simplified picture (outlined): {n} / {cells}"},
                        {{"n", integer(static_cast<long long>(h.highlight_cells.size()))}, {"cells", integer(L * L)}}));
    const std::vector<T5BucketRange> ranges = t5_bucket_ranges(4, four_max_distance, in.bidirectional);
    std::vector<std::string> parts;
    for (const T5BucketRange& r : ranges) parts.push_back(integer(r.bucket) + ": " + range_text(r, lang));
    notes.push_back(say(lang, {"4 个桶时 HF 的划分：{list}", "HF's split with 4 buckets: {list}"},
                        {{"list", join(parts, lang == Lang::zh ? "；" : "; ")}}));
    notes.push_back(in.bidirectional
                        ? say(lang, {"真实函数区分方向：每一半只有 2 个桶，只有距离 0 是精确的，其余距离全部挤进一个桶。",
                                     "The real function keeps the direction: with only 2 buckets per half, distance 0 is the only exact one and "
                                     "every other distance shares one bucket."})
                        : say(lang, {"因果模式：之后的键全部是桶 0，之前的键按距离分桶。",
                                     "Causal mode: later keys are all bucket 0, earlier keys are bucketed by distance."}));
    return {make_view(say(lang, {"常见的简化 4 桶示意（只看 |i − j|）", "A common simplified 4-bucket picture found in tutorials (|i − j| only)"}),
                      std::move(s)),
            make_view(say(lang, {"HF 真实函数，num_buckets = 4", "HF's real function with num_buckets = 4"}), std::move(h), std::move(notes))};
}

Step four_bucket_picture() {
    return {
        "four-bucket-picture",
        {"简化的 4 桶示意与真实函数", "A simplified 4-bucket picture and the real function"},
        {"教程里常见一种简化的 4 桶示意，用来说明思路：只看 |i − j|，距离 ≤ 1、2、3…4、> 4 各一个桶。"
         "真实函数用 4 个桶时完全不同：它保留方向，每一半只有 2 个桶，所以只有距离 0 是精确的。"
         "右图框出两者不同的格子；示意图只用来理解“近处细、远处粗”，不要当作 T5 的实际输出。",
         "To explain the idea, tutorials often draw a simplified 4-bucket version that looks only at |i − j|: one bucket "
         "each for distance ≤ 1, 2, 3…4 and > 4. The real function with 4 buckets is quite different: it keeps the "
         "direction, leaving 2 buckets per half, so only distance 0 is exact. The right heatmap outlines the cells "
         "where the two differ; read the picture as \"fine nearby, coarse far away\", not as T5's actual output."},
        {"L", "max_distance", "bidirectional"},
        views_of(read_inputs, four_bucket_views),
        {
         R"tex(\mathrm{bucket}^{\mathrm{tutorial}} = \begin{cases} 0 & |i - j| \le 1 \\ 1 & |i - j| = 2 \\ 2 & 3 \le |i - j| \le 4 \\ 3 & |i - j| > 4 \end{cases})tex"},
    };
}

// [SECTION] step 5: lookup (L, L, H) → (H, L, L)
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
            return say(lang, {"j − i = {rel} → 桶 {b} → bias[{b}][{h}] = {value}", "j − i = {rel} → bucket {b} → bias[{b}][{h}] = {value}"},
                       {{"rel", integer(c - r)}, {"b", integer(B(r, c))}, {"h", integer(h)}, {"value", num(M(r, c), 4)}});
        };
        std::vector<std::string> notes;
        if (h == 0) {
            notes.push_back(say(lang, {"查表：(L, L) 的桶号 → (L, L, H) = ({L}, {L}, {H})；permute(2, 0, 1) → (H, L, L)，每个头一张图。",
                                       "Lookup: (L, L) buckets → (L, L, H) = ({L}, {L}, {H}); permute(2, 0, 1) → (H, L, L), one picture per head."},
                                {{"L", integer(L)}, {"H", integer(in.heads)}}));
            notes.push_back(say(lang, {"沿对角线的最大极差 = {spread}：每个距离一个标量。", "Largest spread along a diagonal = {spread}: one scalar per distance."},
                                {{"spread", num(diagonal_spread(M).maxCoeff(), 4)}}));
            notes.push_back(say(lang, {"这 {H} 张图在一次前向计算里只算一次，所有层共用。", "These {H} pictures are computed once per forward pass and used by every layer."},
                                {{"H", integer(in.heads)}}));
        }
        out.push_back(make_view(say(lang, {"头 {h}：bias[bucket(i, j)][{h}]", "Head {h}: bias[bucket(i, j)][{h}]"}, {{"h", integer(h)}}),
                                std::move(v), std::move(notes)));
    }
    note_max_distance(out[0], in, in.num_buckets, lang);
    return out;
}

Step lookup() {
    return {
        "lookup",
        {"查表：(L, L, H) → (H, L, L)", "Lookup: (L, L, H) → (H, L, L)"},
        {"用 L × L 的桶号去索引偏置表，每个格子得到一行 H 个数，形状是 (L, L, H)；再 permute(2, 0, 1) 成 (H, L, L)，"
         "每个头一张 L × L 的偏置图。因为偏置只取决于桶，每张图沿对角线都是常数。",
         "Indexing the bias table with the L × L buckets gives every cell a row of H numbers, shape (L, L, H); "
         "permute(2, 0, 1) makes it (H, L, L), one L × L bias picture per head. Since the bias depends only on the "
         "bucket, each picture is constant along its diagonals."},
        {"L", "num_buckets", "max_distance", "bidirectional", "heads", "seed"},
        views_of(read_inputs, lookup_views),
        {
         R"tex(B_{h,i,j} = b_{\mathrm{bucket}(j - i),\,h})tex",
         R"tex((L, L, H) \xrightarrow{\ \mathrm{permute}(2,0,1)\ } (H, L, L))tex"},
    };
}

// [SECTION] step 6: broadcast-add, then softmax
std::vector<ViewData> softmax_views(const Inputs& in, Lang lang) {
    const int L = in.L, d = 4;
    const Eigen::MatrixXi B = t5_bucket_matrix(L, in.num_buckets, in.max_distance, in.bidirectional);
    const std::vector<Eigen::MatrixXd> hll = t5_bias_permute(t5_bias_lookup(bias_table(in), B));
    // Causal mode: HF's decoder masks keys after the query with −inf.
    Eigen::MatrixXd mask = Eigen::MatrixXd::Zero(L, L);
    if (!in.bidirectional)
        for (int i = 0; i < L; ++i)
            for (int j = i + 1; j < L; ++j) mask(i, j) = -std::numeric_limits<double>::infinity();
    SplitMix64 rng(static_cast<std::uint64_t>(in.seed) + 100);
    std::vector<ViewData> out;
    const int shown = std::min(in.heads, 2);
    for (int h = 0; h < shown; ++h) {
        // Small content scores (entries in [−0.5, 0.5)), so the position bias is visible next to them.
        const Eigen::MatrixXd Q = 0.5 * random_signed_matrix(L, d, rng), K = 0.5 * random_signed_matrix(L, d, rng);
        const Eigen::MatrixXd W = t5_attention_weights(Q, K, hll[static_cast<std::size_t>(h)] + mask);
        const Eigen::MatrixXd W0 = t5_attention_weights(Q, K, mask);
        HeatmapView v = ij_heatmap(W, lang);
        v.decimals = 2;
        v.explain = [W, W0, L, lang](int r, int c) -> std::string {
            if (r < 0 || c < 0 || r >= L || c >= L) return "";
            return say(lang, {"权重 {w}（不加偏置时 {w0}）", "Weight {w} (without the bias {w0})"},
                       {{"w", num(W(r, c), 4)}, {"w0", num(W0(r, c), 4)}});
        };
        double near_with = 0.0, near_without = 0.0;
        for (int i = 0; i < L; ++i)
            for (int j = 0; j < L; ++j)
                if (std::abs(i - j) == 1) {
                    near_with += W(i, j);
                    near_without += W0(i, j);
                }
        std::vector<std::string> notes;
        notes.push_back(say(lang, {"每行落在 |j − i| = 1 上的平均权重：{with}（不加偏置 {without}）",
                                   "Average weight per row on |j − i| = 1: {with} (without the bias {without})"},
                            {{"with", num(near_with / L, 4)}, {"without", num(near_without / L, 4)}}));
        if (h == 0) {
            notes.push_back(say(lang, {"(B, H, L, L) 的分数加上 (1, H, L, L) 的偏置：沿批次维广播，同一个头的所有样本共用一张偏置。",
                                       "(B, H, L, L) scores plus a (1, H, L, L) bias: broadcast over the batch, so every example shares its head's bias."}));
            notes.push_back(say(lang, {"HF 的 T5 不除以 √d（这个缩放并进了 W_q 的初始化）；常见的简化写法除以 √d。",
                                       "HF's T5 does not divide by √d (that scale is folded into W_q's initialisation); the simplified version "
                                       "found in tutorials divides by √d."}));
            if (!in.bidirectional)
                notes.push_back(say(lang, {"因果模式：j > i 的分数被置为 −∞。", "Causal mode: scores with j > i are set to −∞."}));
        }
        out.push_back(make_view(say(lang, {"头 {h}：softmax(QKᵀ + bias)", "Head {h}: softmax(QKᵀ + bias)"}, {{"h", integer(h)}}), std::move(v),
                                std::move(notes)));
    }
    note_max_distance(out[0], in, in.num_buckets, lang);
    return out;
}

Step broadcast_add_then_softmax() {
    return {
        "broadcast-add-softmax",
        {"广播相加，再 softmax", "Broadcast-add, then softmax"},
        {"在 (B, H, L, L) 的注意力分数上加 (1, H, L, L) 的偏置，批次维自动广播，然后按行 softmax。"
         "头 0 的偏置偏爱距离 1，所以它的权重集中在对角线两侧；随机的头则没有这种结构。Q、K 是由随机种子生成的较小随机数。",
         "Add the (1, H, L, L) bias to the (B, H, L, L) attention scores, broadcasting over the batch, then apply "
         "softmax row by row. Head 0's bias favours distance 1, so its weight gathers just beside the diagonal; "
         "the random heads show no such pattern. Q and K are small random values drawn from the random seed."},
        {"L", "num_buckets", "max_distance", "bidirectional", "heads", "seed"},
        views_of(read_inputs, softmax_views),
        {
         R"tex(\alpha_{h,i,j} = \operatorname{softmax}_j\big( q^{(h)}_i \cdot k^{(h)}_j + B_{h,i,j} \big))tex",
         R"tex((B, H, L, L) + (1, H, L, L) \to (B, H, L, L))tex"},
    };
}

// [SECTION] step 7: where the simplified code differs from HF
std::vector<ViewData> simplified_code_views(const Inputs& in, Lang lang) {
    const Eigen::MatrixXi hf = t5_bucket_matrix(in.L, in.num_buckets, in.max_distance, in.bidirectional);
    HeatmapView h = bucket_heatmap(hf, lang, false);
    std::vector<std::string> notes;
    notes.push_back(in.bidirectional ? say(lang, {"HF：对角线是桶 0，查询之前的键在前一半，之后的键在后一半。",
                                                  "HF: the diagonal is bucket 0, earlier keys use the lower half, later keys the upper half."})
                                     : say(lang, {"HF 因果：之前的键按距离分到不同的桶，之后的键是桶 0。",
                                                  "HF causal: earlier keys get buckets by distance, later keys bucket 0."}));
    if (!in.simplified)
        notes.push_back(say(lang, {"勾选 simplified，可在旁边显示简化代码算出的桶，并框出不同的格子。",
                                   "Turn on simplified to show the simplified code's buckets beside these, with the differing cells outlined."}));
    std::vector<ViewData> out;
    out.push_back(make_view(say(lang, {"HF：bucket(j − i)", "HF: bucket(j − i)"}), std::move(h), std::move(notes)));
    if (in.simplified) {
        const Eigen::MatrixXi simple = t5_tutorial_bucket_matrix(in.L, in.num_buckets, in.max_distance, in.bidirectional);
        HeatmapView s = bucket_heatmap(simple, lang, true);
        s.highlight_cells = differing_cells(simple, hf);
        std::vector<std::string> s_notes;
        s_notes.push_back(say(lang, {"与 HF 不同的格子（已框出）：{n} / {cells}", "Cells that differ from HF (outlined): {n} / {cells}"},
                              {{"n", integer(static_cast<long long>(s.highlight_cells.size()))}, {"cells", integer(in.L * in.L)}}));
        s_notes.push_back(in.bidirectional
                              ? say(lang, {"简化代码用 i − j，并把 i − j ≥ 0 放进后一半：对角线落在桶 num_buckets/2，前后两半整个对调。",
                                           "The simplified code uses i − j and sends i − j ≥ 0 to the upper half: the diagonal lands in bucket num_buckets/2 "
                                           "and the two halves are swapped."})
                              : say(lang, {"简化代码的因果模式取 n = max(j − i, 0)：模型能看到的每个键（j ≤ i）都塌缩到桶 0。",
                                           "The simplified code's causal mode takes n = max(j − i, 0): every key the model can see (j ≤ i) collapses to bucket 0."}));
        out.push_back(make_view(say(lang, {"常见的简化代码：bucket(i − j)", "Simplified code found in tutorials: bucket(i − j)"}), std::move(s), std::move(s_notes)));
    }
    note_max_distance(out[0], in, in.num_buckets, lang);
    return out;
}

Step simplified_code_differences() {
    return {
        "simplified-code",
        {"简化代码与 HF 的差别", "Where simplified code differs from HF"},
        {"教程里常见的一种简化 PyTorch 写法在三处与 HF 不同。它用 i − j 而不是 j − i；双向时把 i − j ≥ 0 放进后一半，于是对角线落在桶 num_buckets/2，"
         "前后两半整个对调；因果时取 max(j − i, 0)，模型能看到的每个键都塌缩到桶 0，距离信息全部丢失。"
         "本工具按 HF 计算；勾选 simplified 可并排显示简化写法的桶，并框出不同的格子。",
         "A common simplified PyTorch version found in tutorials differs from HF in three places. It uses i − j instead of j − i; in bidirectional "
         "mode it sends i − j ≥ 0 to the upper half, so the diagonal lands in bucket num_buckets/2 and the halves "
         "are swapped; in causal mode it takes max(j − i, 0), which collapses every key the model can see to bucket "
         "0 and loses all distance information. The widget follows HF; turn on simplified to show the simplified "
         "version's buckets beside them with the differing cells outlined."},
        {"L", "num_buckets", "max_distance", "bidirectional", "simplified"},
        views_of(read_inputs, simplified_code_views),
        {
         R"tex(\text{HF: } j - i, \qquad \text{tutorial: } i - j)tex",
         R"tex(\text{causal, HF: } \max(i - j,\, 0), \qquad \text{tutorial: } \max(j - i,\, 0))tex"},
    };
}

// [SECTION] the lesson
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
    };
    attach_questions(&lesson, questions_t5_bias());
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
