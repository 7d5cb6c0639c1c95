// PE Lab — lessons/t5_bias.cpp
// Lesson "t5-bias" (seed 001, T5 relative position bias): one scalar per (bucket, head) added to the logits,
// the relative position matrix as HF builds it (memory − context = key − query), bucketing exactly as
// HF's T5Attention._relative_position_bucket (exact, logarithmic, saturated; bidirectional offset; causal),
// the seed's simplified 4-bucket picture against the real function, the bias lookup (L,L,H) → (H,L,L),
// broadcast-add and softmax, and where the seed's code differs from HF.
// Every number shown comes from core (t5.h, attention_grid.h, f_delta.h, random.h).
// Comments are English only: the font subset is built from the characters inside this file's strings.
//
// [SECTION] display helpers
// [SECTION] parameters and inputs
// [SECTION] shared view builders
// [SECTION] step views 1..7
// [SECTION] lesson definition (bilingual text)
#include <algorithm>
#include <cmath>
#include <cstdio>
#include <limits>
#include <string>

#include "core/attention_grid.h"
#include "core/f_delta.h"
#include "core/random.h"
#include "core/t5.h"
#include "lessons/lesson.h"
#include "lessons/legacy_view.h"
#include "lessons/lesson_util.h"

namespace pelab {

namespace {

using namespace lessonui;  // shared display helpers (lessons/lesson_util.h)

// [SECTION] display helpers
std::string num(double x) { return num_sign_minus(x, 4); }

// [SECTION] parameters and inputs
std::vector<ParamSpec> lesson_params() {
    return {
        int_spec("L", 2, 128, "12", "sequence length (query i, key j in 0..L-1)", "序列长度（查询 i、键 j 取 0..L-1）"),
        int_spec("num_buckets", 4, 64, "32", "number of buckets (T5: 32)", "桶的个数（T5 取 32）"),
        int_spec("max_distance", 33, 512, "128", "distance where the log buckets end (T5: 128)", "对数桶结束的距离（T5 取 128）"),
        int_spec("bidirectional", 0, 1, "1", "1: encoder (both directions), 0: causal decoder", "1：编码器（双向），0：因果解码器"),
        int_spec("heads", 1, 8, "4", "number of attention heads", "注意力头数", "H"),
        int_spec("seed", 0, 1000000, "1", "seed of the bias table and of Q, K", "偏置表与 Q、K 的种子"),
        int_spec("seed_version", 0, 1, "0", "1: also show the seed's version", "1：同时显示种子的版本"),
    };
}

struct Inputs {
    int L = 12, num_buckets = 32, max_distance = 128, heads = 4, seed = 1;
    bool bidirectional = true, seed_version = false;
};

Inputs read_inputs(const ParamSet& p) {
    Inputs in;
    in.L = int_param(p, "L", 12, 2, 128);
    in.num_buckets = int_param(p, "num_buckets", 32, 4, 64);
    in.max_distance = int_param(p, "max_distance", 128, 33, 512);
    in.bidirectional = int_param(p, "bidirectional", 1, 0, 1) == 1;
    in.heads = int_param(p, "heads", 4, 1, 8);
    in.seed = int_param(p, "seed", 1, 0, 1000000);
    in.seed_version = int_param(p, "seed_version", 0, 0, 1) == 1;
    return in;
}

Eigen::MatrixXd bias_table(const Inputs& in) {
    return t5_demo_bias_table(in.num_buckets, in.max_distance, in.bidirectional, in.heads, static_cast<std::uint64_t>(in.seed));
}

// [SECTION] shared view builders
LegacyView ij_heatmap(const std::string& title, const Eigen::MatrixXd& M, Lang lang) {
    LegacyView view = matrix_heatmap(title, M, tr(lang, "查询 i", "query i"), tr(lang, "键 j", "key j"));
    view.qk_axes = true;
    return view;
}

// A bucket matrix; `seed_sign` explains cells with the seed's i − j instead of HF's j − i.
LegacyView bucket_heatmap(const std::string& title, const Eigen::MatrixXi& B, Lang lang, bool seed_sign) {
    LegacyView view = ij_heatmap(title, B.cast<double>(), lang);
    view.integer = true;
    view.decimals = 0;
    const int L = static_cast<int>(B.rows());
    view.explain = [B, L, seed_sign, lang](int r, int c) -> std::string {
        if (r < 0 || c < 0 || r >= L || c >= L) return "";
        return "i = " + std::to_string(r) + ", j = " + std::to_string(c) + (seed_sign ? ", i − j = " : ", j − i = ") +
               integer(seed_sign ? r - c : c - r) + tr(lang, " → 桶 ", " → bucket ") + std::to_string(B(r, c));
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
    if (!r.used) return tr(lang, "未使用", "unused");
    if (r.open_before) return "j − i ≤ " + integer(r.last);
    if (r.open_after) return "j − i ≥ " + integer(r.first);
    if (r.first == r.last) return "j − i = " + integer(r.first);
    return integer(r.first) + " ≤ j − i ≤ " + integer(r.last);
}

// [SECTION] step views 1..7
std::vector<LegacyView> step1_views(const ParamSet& p, Lang lang) {
    const Inputs in = read_inputs(p);
    const Eigen::MatrixXd T = bias_table(in);
    const std::vector<T5BucketRange> ranges = t5_bucket_ranges(in.num_buckets, in.max_distance, in.bidirectional);
    LegacyView view;
    view.kind = ViewKind::Heatmap;
    view.title = tr(lang, "偏置表 bias[bucket][head]", "Bias table bias[bucket][head]");
    view.values = to_rows(T);
    view.row_labels = index_labels(in.num_buckets);
    for (int h = 0; h < in.heads; ++h) view.col_labels.push_back(tr(lang, "头 ", "head ") + std::to_string(h));
    view.row_axis = tr(lang, "桶", "bucket");
    view.col_axis = tr(lang, "头", "head");
    view.is_signed = true;
    const int nb = in.num_buckets, H = in.heads;
    view.explain = [T, ranges, nb, H, lang](int r, int c) -> std::string {
        if (r < 0 || c < 0 || r >= nb || c >= H) return "";
        return "bias[" + std::to_string(r) + "][" + std::to_string(c) + "] = " + num(T(r, c)) +
               tr(lang, "：加到头 ", ": added, in head ") + std::to_string(c) + tr(lang, " 中所有落在桶 ", ", to every pair in bucket ") +
               std::to_string(r) + tr(lang, " 的配对上（", " (") + range_text(ranges[static_cast<std::size_t>(r)], lang) + ")";
    };
    view.notes.push_back(tr(lang, "参数量：num_buckets × heads = ", "Parameters: num_buckets × heads = ") + std::to_string(nb) + " × " +
                         std::to_string(H) + " = " + std::to_string(nb * H) + tr(lang, "，与序列长度无关。", ", whatever the sequence length."));
    view.notes.push_back(tr(lang, "头 0 手工设置为偏爱距离 1；其余头由种子随机生成（训练前的样子）。",
                            "Head 0 is set by hand to favour distance 1; the other heads are random from the seed (untrained)."));
    return {view};
}

std::vector<LegacyView> step2_views(const ParamSet& p, Lang lang) {
    const Inputs in = read_inputs(p);
    LegacyView view = bucket_heatmap("relative_position = memory_position − context_position", t5_relative_position(in.L), lang, false);
    view.is_signed = true;
    const int L = in.L;
    view.explain = [L, lang](int r, int c) -> std::string {
        if (r < 0 || c < 0 || r >= L || c >= L) return "";
        return tr(lang, "键位置 ", "memory (key) ") + std::to_string(c) + tr(lang, " − 查询位置 ", " − context (query) ") + std::to_string(r) +
               " = " + integer(c - r) + (c > r ? tr(lang, "：键在查询之后", ": the key comes after the query") : "");
    };
    view.notes.push_back(tr(lang, "HF 用 j − i（键减查询）：正数表示键在查询之后。悬停显示的 Δ = q − k 是它的相反数。",
                            "HF uses j − i (key minus query): positive means the key comes after the query. The hover's Δ = q − k is its negative."));
    return {view};
}

std::vector<LegacyView> step3_views(const ParamSet& p, Lang lang) {
    const Inputs in = read_inputs(p);
    const Eigen::MatrixXi B = t5_bucket_matrix(in.L, in.num_buckets, in.max_distance, in.bidirectional);
    LegacyView heat = bucket_heatmap(tr(lang, "HF 的桶号 bucket(j − i)", "HF bucket(j − i)"), B, lang, false);

    const std::vector<T5BucketRange> ranges = t5_bucket_ranges(in.num_buckets, in.max_distance, in.bidirectional);
    LegacyView table;
    table.kind = ViewKind::Table;
    table.title = tr(lang, "每个桶覆盖的 j − i", "The j − i each bucket covers");
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
        table.row_labels.push_back(tr(lang, "桶 ", "bucket ") + std::to_string(r.bucket));
        ++row;
    }
    table.col_labels = {tr(lang, "从 j − i", "from j − i"), tr(lang, "到 j − i", "to j − i"), tr(lang, "个数", "count")};
    table.col_decimals = {0, 0, 0};  // whole numbers; not `integer`, because open ends are NaN ("—")
    table.decimals = 0;
    table.is_signed = true;
    table.row_axis = tr(lang, "桶", "bucket");

    const int half = in.bidirectional ? in.num_buckets / 2 : in.num_buckets, max_exact = half / 2;
    table.notes.push_back(tr(lang, "“—” 表示这一端没有界限（饱和的桶一直延伸下去）。", "\"—\" means no limit on that side (a saturated bucket goes on forever)."));
    table.notes.push_back(tr(lang, "每一半 ", "Each half has ") + std::to_string(half) + tr(lang, " 个桶：距离 0…", " buckets: distances 0…") +
                          std::to_string(max_exact - 1) +
                          tr(lang, " 各占一个精确的桶，更远的距离按对数分桶，到 max_distance = ",
                             " get one exact bucket each, larger ones share logarithmic buckets up to max_distance = ") +
                          std::to_string(in.max_distance) + tr(lang, "。", "."));
    const T5BucketRange& last = ranges[static_cast<std::size_t>(half - 1)];
    if (last.used)
        table.notes.push_back(tr(lang, "饱和：|j − i| ≥ ", "Saturation: every |j − i| ≥ ") + std::to_string(last.min_distance()) +
                              tr(lang, " 的键都落在最后一个桶里。", " lands in the last bucket."));
    const int unused = static_cast<int>(ranges.size()) - used;
    if (unused > 0)
        table.notes.push_back(tr(lang, "未使用的桶：", "Unused buckets: ") + std::to_string(unused) +
                              tr(lang, "（对数步长跳过了它们，或它们正是偏移本身）。", " (the log step skips them, or they sit exactly at the offset)."));
    table.notes.push_back(in.bidirectional
                              ? tr(lang, "双向：键在查询之后（j > i）的距离加上偏移 num_buckets/2 = ",
                                   "Bidirectional: keys after the query (j > i) are offset by num_buckets/2 = ") +
                                    std::to_string(half) +
                                    tr(lang, "；对角线和之前的键用前一半。", "; the diagonal and earlier keys use the lower half.")
                              : tr(lang, "因果：n = max(i − j, 0)，查询之后的键全部落入桶 0（它们反正会被掩码）。",
                                   "Causal: n = max(i − j, 0), so every key after the query falls into bucket 0 (they are masked anyway)."));
    table.notes.push_back(tr(lang, "HF 用 float32 计算对数分支，这里逐步重现这些 float32 运算，恰在桶边界上的距离与 PyTorch 落在同一个桶。",
                             "HF evaluates the log branch in float32; the widget repeats those float32 steps, so distances exactly on a "
                             "bucket boundary land where PyTorch puts them."));
    return {heat, table};
}

std::vector<LegacyView> step4_views(const ParamSet& p, Lang lang) {
    const Inputs in = read_inputs(p);
    const int L = in.L;
    const Eigen::MatrixXi seed = t5_seed_simplified_matrix(L);
    const Eigen::MatrixXi hf = t5_bucket_matrix(L, 4, in.max_distance, in.bidirectional);
    LegacyView s = bucket_heatmap(tr(lang, "种子的 4 桶示意（只看 |i − j|）", "The seed's 4-bucket picture (|i − j| only)"), seed, lang, false);
    s.explain = [seed, L, lang](int r, int c) -> std::string {
        if (r < 0 || c < 0 || r >= L || c >= L) return "";
        return "|i − j| = " + std::to_string(std::abs(r - c)) + tr(lang, " → 桶 ", " → bucket ") + std::to_string(seed(r, c)) +
               tr(lang, "（≤1→0，2→1，3…4→2，>4→3）", " (≤1→0, 2→1, 3…4→2, >4→3)");
    };
    LegacyView h = bucket_heatmap(tr(lang, "HF 真实函数，num_buckets = 4", "HF's real function with num_buckets = 4"), hf, lang, false);
    h.highlight_cells = differing_cells(seed, hf);
    h.notes.push_back(tr(lang, "与种子示意不同的格子（已框出）：", "Cells that differ from the seed's picture (outlined): ") +
                      std::to_string(h.highlight_cells.size()) + " / " + std::to_string(L * L));
    const std::vector<T5BucketRange> ranges = t5_bucket_ranges(4, in.max_distance, in.bidirectional);
    std::string list;
    for (const T5BucketRange& r : ranges)
        list += (list.empty() ? "" : tr(lang, "；", "; ")) + std::to_string(r.bucket) + ": " + range_text(r, lang);
    h.notes.push_back(tr(lang, "4 个桶时 HF 的划分：", "HF's split with 4 buckets: ") + list);
    h.notes.push_back(in.bidirectional
                          ? tr(lang, "真实函数区分方向：每一半只有 2 个桶，只有距离 0 是精确的，其余距离全部挤进一个桶。",
                               "The real function keeps the direction: with only 2 buckets per half, distance 0 is the only exact one and "
                               "every other distance shares one bucket.")
                          : tr(lang, "因果模式：之后的键全部是桶 0，之前的键按距离分桶。",
                               "Causal mode: later keys are all bucket 0, earlier keys are bucketed by distance."));
    return {s, h};
}

std::vector<LegacyView> step5_views(const ParamSet& p, Lang lang) {
    const Inputs in = read_inputs(p);
    const Eigen::MatrixXi B = t5_bucket_matrix(in.L, in.num_buckets, in.max_distance, in.bidirectional);
    const std::vector<Eigen::MatrixXd> hll = t5_bias_permute(t5_bias_lookup(bias_table(in), B));
    std::vector<LegacyView> out;
    const int L = in.L;
    for (int h = 0; h < in.heads; ++h) {
        const Eigen::MatrixXd M = hll[static_cast<std::size_t>(h)];
        LegacyView v = ij_heatmap(tr(lang, "头 ", "Head ") + std::to_string(h) + tr(lang, "：bias[bucket(i, j)][", ": bias[bucket(i, j)][") +
                                    std::to_string(h) + "]",
                                M, lang);
        v.is_signed = true;
        v.explain = [M, B, L, h, lang](int r, int c) -> std::string {
            if (r < 0 || c < 0 || r >= L || c >= L) return "";
            return "j − i = " + integer(c - r) + tr(lang, " → 桶 ", " → bucket ") + std::to_string(B(r, c)) + " → bias[" +
                   std::to_string(B(r, c)) + "][" + std::to_string(h) + "] = " + num(M(r, c));
        };
        if (h == 0) {
            v.notes.push_back(tr(lang, "查表：(L, L) 的桶号 → (L, L, H) = (", "Lookup: (L, L) buckets → (L, L, H) = (") + std::to_string(L) +
                              ", " + std::to_string(L) + ", " + std::to_string(in.heads) +
                              tr(lang, ")；permute(2, 0, 1) → (H, L, L)，每个头一张图。", "); permute(2, 0, 1) → (H, L, L), one picture per head."));
            v.notes.push_back(tr(lang, "沿对角线的最大极差 = ", "Largest spread along a diagonal = ") + num(diagonal_spread(M).maxCoeff()) +
                              tr(lang, "：每个距离一个标量。", ": one scalar per distance."));
        }
        out.push_back(v);
    }
    return out;
}

std::vector<LegacyView> step6_views(const ParamSet& p, Lang lang) {
    const Inputs in = read_inputs(p);
    const int L = in.L, d = 4;
    const Eigen::MatrixXi B = t5_bucket_matrix(L, in.num_buckets, in.max_distance, in.bidirectional);
    const std::vector<Eigen::MatrixXd> hll = t5_bias_permute(t5_bias_lookup(bias_table(in), B));
    // Causal mode: HF's decoder masks keys after the query with −inf.
    Eigen::MatrixXd mask = Eigen::MatrixXd::Zero(L, L);
    if (!in.bidirectional)
        for (int i = 0; i < L; ++i)
            for (int j = i + 1; j < L; ++j) mask(i, j) = -std::numeric_limits<double>::infinity();
    SplitMix64 rng(static_cast<std::uint64_t>(in.seed) + 100);
    std::vector<LegacyView> out;
    const int shown = std::min(in.heads, 2);
    for (int h = 0; h < shown; ++h) {
        // Small content scores (entries in [−0.5, 0.5)), so the position bias is visible next to them.
        const Eigen::MatrixXd Q = 0.5 * random_signed_matrix(L, d, rng), K = 0.5 * random_signed_matrix(L, d, rng);
        const Eigen::MatrixXd W = t5_attention_weights(Q, K, hll[static_cast<std::size_t>(h)] + mask);
        const Eigen::MatrixXd W0 = t5_attention_weights(Q, K, mask);
        LegacyView v = ij_heatmap(tr(lang, "头 ", "Head ") + std::to_string(h) + tr(lang, "：softmax(QKᵀ + bias)", ": softmax(QKᵀ + bias)"), W, lang);
        v.decimals = 2;
        v.explain = [W, W0, L, lang](int r, int c) -> std::string {
            if (r < 0 || c < 0 || r >= L || c >= L) return "";
            return tr(lang, "权重 ", "Weight ") + num(W(r, c)) + tr(lang, "（不加偏置时 ", " (without the bias ") + num(W0(r, c)) + ")";
        };
        double near_with = 0.0, near_without = 0.0;
        for (int i = 0; i < L; ++i)
            for (int j = 0; j < L; ++j)
                if (std::abs(i - j) == 1) {
                    near_with += W(i, j);
                    near_without += W0(i, j);
                }
        v.notes.push_back(tr(lang, "每行落在 |j − i| = 1 上的平均权重：", "Average weight per row on |j − i| = 1: ") + num(near_with / L) +
                          tr(lang, "（不加偏置 ", " (without the bias ") + num(near_without / L) + ")");
        if (h == 0) {
            v.notes.push_back(tr(lang, "(B, H, L, L) 的分数加上 (1, H, L, L) 的偏置：沿批次维广播，同一个头的所有样本共用一张偏置。",
                                 "(B, H, L, L) scores plus a (1, H, L, L) bias: broadcast over the batch, so every example shares its head's bias."));
            v.notes.push_back(tr(lang, "HF 的 T5 不除以 √d（这个缩放并进了 W_q 的初始化）；种子的代码除以 √d。",
                                 "HF's T5 does not divide by √d (that scale is folded into W_q's initialisation); the seed's code divides by √d."));
            if (!in.bidirectional)
                v.notes.push_back(tr(lang, "因果模式：j > i 的分数被置为 −∞。", "Causal mode: scores with j > i are set to −∞."));
        }
        out.push_back(v);
    }
    return out;
}

std::vector<LegacyView> step7_views(const ParamSet& p, Lang lang) {
    const Inputs in = read_inputs(p);
    const Eigen::MatrixXi hf = t5_bucket_matrix(in.L, in.num_buckets, in.max_distance, in.bidirectional);
    LegacyView h = bucket_heatmap(tr(lang, "HF：bucket(j − i)", "HF: bucket(j − i)"), hf, lang, false);
    h.notes.push_back(in.bidirectional ? tr(lang, "HF：对角线是桶 0，查询之前的键在前一半，之后的键在后一半。",
                                            "HF: the diagonal is bucket 0, earlier keys use the lower half, later keys the upper half.")
                                       : tr(lang, "HF 因果：之前的键按距离分到不同的桶，之后的键是桶 0。",
                                            "HF causal: earlier keys get buckets by distance, later keys bucket 0."));
    if (!in.seed_version)
        h.notes.push_back(tr(lang, "把 seed_version 设为 1，可在旁边显示种子代码算出的桶，并框出不同的格子。",
                             "Set seed_version to 1 to show the seed code's buckets beside these, with the differing cells outlined."));
    std::vector<LegacyView> out = {h};
    if (in.seed_version) {
        const Eigen::MatrixXi seed = t5_seed_bucket_matrix(in.L, in.num_buckets, in.max_distance, in.bidirectional);
        LegacyView s = bucket_heatmap(tr(lang, "种子的代码：bucket(i − j)", "The seed's code: bucket(i − j)"), seed, lang, true);
        s.highlight_cells = differing_cells(seed, hf);
        s.notes.push_back(tr(lang, "与 HF 不同的格子（已框出）：", "Cells that differ from HF (outlined): ") + std::to_string(s.highlight_cells.size()) +
                          " / " + std::to_string(in.L * in.L));
        s.notes.push_back(in.bidirectional
                              ? tr(lang, "种子用 i − j，并把 i − j ≥ 0 放进后一半：对角线落在桶 num_buckets/2，前后两半整个对调。",
                                   "The seed uses i − j and sends i − j ≥ 0 to the upper half: the diagonal lands in bucket num_buckets/2 "
                                   "and the two halves are swapped.")
                              : tr(lang, "种子的因果模式取 n = max(j − i, 0)：模型能看到的每个键（j ≤ i）都塌缩到桶 0。",
                                   "The seed's causal mode takes n = max(j − i, 0): every key the model can see (j ≤ i) collapses to bucket 0."));
        out.push_back(s);
    }
    return out;
}

// [SECTION] lesson definition (bilingual text)
Lesson make_lesson() {
    Lesson lesson;
    lesson.id = "t5-bias";
    lesson.title = {"T5 相对位置偏置", "T5 relative position bias"};
    lesson.params = lesson_params();
    lesson.result_shape = [](const ParamSet& p) {  // L×L bias per head, the bucket table up to max_distance
        const long long L = p.geti("L"), h = p.geti("heads");
        return std::vector<long long>{std::max(L, (long long)p.geti("max_distance")), L, h + 1};
    };

    lesson.steps.push_back(Step{
        {"每个（桶, 头）一个标量", "One scalar per (bucket, head)"},
        {"T5 不改动 Q 和 K，只在注意力 logits 上加一个标量偏置。偏置由相对距离所在的桶和注意力头决定，"
         "所以全部参数就是一张 num_buckets × heads 的表，与序列长度无关。",
         "T5 leaves Q and K alone and adds one scalar bias to each attention logit. The bias is chosen by the bucket "
         "of the relative distance and by the head, so all its parameters form one num_buckets × heads table, "
         "independent of the sequence length."},
        {"num_buckets", "heads", "seed"},
        legacy(step1_views)});

    lesson.steps.push_back(Step{
        {"相对位置矩阵", "The relative position matrix"},
        {"HF 的 compute_bias 先写 relative_position = memory_position − context_position，也就是键位置减查询位置 j − i。"
         "对角线是 0，右上方为正（键在查询之后），左下方为负。",
         "HF's compute_bias first forms relative_position = memory_position − context_position, i.e. key position "
         "minus query position, j − i. The diagonal is 0, the upper right positive (the key comes after the query) "
         "and the lower left negative."},
        {"L"},
        legacy(step2_views)});

    lesson.steps.push_back(Step{
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
        legacy(step3_views)});

    lesson.steps.push_back(Step{
        {"种子的 4 桶示意与真实函数", "The seed's 4-bucket picture and the real function"},
        {"种子为了说明思路，画了一个简化的 4 桶版本：只看 |i − j|，距离 ≤ 1、2、3…4、> 4 各一个桶。"
         "真实函数用 4 个桶时完全不同：它保留方向，每一半只有 2 个桶，所以只有距离 0 是精确的。"
         "右图框出两者不同的格子；示意图只用来理解“近处细、远处粗”，不要当作 T5 的实际输出。",
         "To explain the idea, the seed draws a simplified 4-bucket version that looks only at |i − j|: one bucket "
         "each for distance ≤ 1, 2, 3…4 and > 4. The real function with 4 buckets is quite different: it keeps the "
         "direction, leaving 2 buckets per half, so only distance 0 is exact. The right heatmap outlines the cells "
         "where the two differ; read the picture as \"fine nearby, coarse far away\", not as T5's actual output."},
        {"L", "max_distance", "bidirectional"},
        legacy(step4_views)});

    lesson.steps.push_back(Step{
        {"查表：(L, L, H) → (H, L, L)", "Lookup: (L, L, H) → (H, L, L)"},
        {"用 L × L 的桶号去索引偏置表，每个格子得到一行 H 个数，形状是 (L, L, H)；再 permute(2, 0, 1) 成 (H, L, L)，"
         "每个头一张 L × L 的偏置图。因为偏置只取决于桶，每张图沿对角线都是常数。",
         "Indexing the bias table with the L × L buckets gives every cell a row of H numbers, shape (L, L, H); "
         "permute(2, 0, 1) makes it (H, L, L), one L × L bias picture per head. Since the bias depends only on the "
         "bucket, each picture is constant along its diagonals."},
        {"L", "num_buckets", "max_distance", "bidirectional", "heads", "seed"},
        legacy(step5_views)});

    lesson.steps.push_back(Step{
        {"广播相加，再 softmax", "Broadcast-add, then softmax"},
        {"在 (B, H, L, L) 的注意力分数上加 (1, H, L, L) 的偏置，批次维自动广播，然后按行 softmax。"
         "头 0 的偏置偏爱距离 1，所以它的权重集中在对角线两侧；随机的头则没有这种结构。Q、K 是由种子生成的较小随机数。",
         "Add the (1, H, L, L) bias to the (B, H, L, L) attention scores, broadcasting over the batch, then apply "
         "softmax row by row. Head 0's bias favours distance 1, so its weight gathers just beside the diagonal; "
         "the random heads show no such pattern. Q and K are small random values drawn from the seed."},
        {"L", "num_buckets", "max_distance", "bidirectional", "heads", "seed"},
        legacy(step6_views)});

    lesson.steps.push_back(Step{
        {"种子的代码与 HF 的差别", "Where the seed's code differs from HF"},
        {"种子的 PyTorch 代码在三处与 HF 不同。它用 i − j 而不是 j − i；双向时把 i − j ≥ 0 放进后一半，于是对角线落在桶 num_buckets/2，"
         "前后两半整个对调；因果时取 max(j − i, 0)，模型能看到的每个键都塌缩到桶 0，距离信息全部丢失。"
         "本工具按 HF 计算；打开 seed_version 可并排显示种子的桶，并框出不同的格子。",
         "The seed's PyTorch code differs from HF in three places. It uses i − j instead of j − i; in bidirectional "
         "mode it sends i − j ≥ 0 to the upper half, so the diagonal lands in bucket num_buckets/2 and the halves "
         "are swapped; in causal mode it takes max(j − i, 0), which collapses every key the model can see to bucket "
         "0 and loses all distance information. The widget follows HF; turn on seed_version to show the seed's "
         "buckets beside them with the differing cells outlined."},
        {"L", "num_buckets", "max_distance", "bidirectional", "seed_version"},
        legacy(step7_views)});
    return lesson;
}

}  // namespace

const Lesson* lesson_t5_bias() {
    static const Lesson lesson = make_lesson();
    return &lesson;
}

}  // namespace pelab
