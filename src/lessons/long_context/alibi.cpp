// PE Lab — lessons/long_context/alibi.cpp
// Lesson "long-context", step "alibi": ALiBi's fixed linear penalty per head — every head's bias and the chosen
// head over query × key positions (the reference rows, the attention beyond L and the per-head table are the
// steps "alibi-reference-rows", "alibi-beyond-training" and "alibi-head-by-head").
// Comments are English only: the font subset is built from the characters inside .cpp string literals.
//
// [SECTION] views
// [SECTION] the step
#include <algorithm>
#include <cmath>
#include <limits>

#include "lessons/lesson_util.h"
#include "lessons/long_context/long_context.h"

namespace pelab {
namespace long_context {

using namespace lessonui;

// [SECTION] views
// Every head's bias against distance (click a row to pick a head).
static ViewData alibi_heads_view(const Inputs& in, const std::vector<double>& slopes, Lang lang) {
    const int H = in.heads, L = in.alibi_L;
    RowMatrix values(H, L);
    std::vector<std::string> rows;
    for (int h = 0; h < H; ++h) {
        for (int dlt = 0; dlt < L; ++dlt) values(h, dlt) = -slopes[h] * dlt;
        rows.push_back("h" + std::to_string(h));
    }
    HeatmapView all = labelled_matrix(values, rows, index_labels(L), say(lang, {"头", "head"}),
                                      say(lang, {"距离 Δ = i − j", "distance Δ = i − j"}));
    all.is_signed = true;
    all.select_mode = HeatmapView::SelectMode::Row;
    all.select_param = "head";
    all.highlight_row = in.head;
    all.explain = [slopes, H, L, lang](int r, int c) -> std::string {
        if (r < 0 || c < 0 || r >= H || c >= L) return "";
        return say(lang, {"头 {h}: m = {m}, Δ = {delta}，偏置 = −m·Δ = {bias}", "Head {h}: m = {m}, Δ = {delta}, bias = −m·Δ = {bias}"},
                   {{"h", integer(r)}, {"m", num(slopes[r], 8)}, {"delta", integer(c)}, {"bias", num(-slopes[r] * c)}});
    };
    bool sorted = true;
    for (std::size_t i = 1; i < slopes.size(); ++i) sorted = sorted && slopes[i] < slopes[i - 1];
    std::vector<std::string> list;
    for (double s : slopes) list.push_back(num(s, 4));
    std::vector<std::string> notes = {
        sorted ? say(lang, {"斜率（get_slopes，严格递减）：{list}", "Slopes (get_slopes, strictly decreasing): {list}"}, {{"list", join(list, ", ")}})
               : say(lang, {"斜率（get_slopes；头数不是 2 的幂，不再有序）：{list}", "Slopes (get_slopes; not a power-of-2 head count, so unsorted): {list}"},
                     {{"list", join(list, ", ")}}),
    };
    return make_view(say(lang, {"每个头的偏置 −m·Δ（点击一行选择头）", "Bias −m·Δ of every head (click a row to pick a head)"}),
                     all, notes);
}

static Eigen::MatrixXd inf_as_nan(Eigen::MatrixXd M) {
    for (Eigen::Index i = 0; i < M.size(); ++i)
        if (std::isinf(M.data()[i])) M.data()[i] = std::numeric_limits<double>::quiet_NaN();
    return M;
}

// The chosen head's bias over query × key positions.
static ViewData alibi_head_view(const Inputs& in, const std::vector<double>& slopes, Lang lang) {
    const int L = in.alibi_L;
    const double m = slopes[in.head];
    const AlibiMode mode = in.alibi_mode();
    const Eigen::MatrixXd bias = alibi_bias(L, m, mode);
    HeatmapView one = qk_matrix(inf_as_nan(bias), lang);
    one.row_axis = say(lang, {"查询位置 i", "query position i"});
    one.col_axis = say(lang, {"键位置 j", "key position j"});
    one.explain = [bias, m, L, mode, lang](int r, int c) -> std::string {
        if (r < 0 || c < 0 || r >= L || c >= L) return "";
        if (std::isinf(bias(r, c)))
            return say(lang, {"i = {i}, j = {j}：未来的键被屏蔽（−∞，画成斜线格）", "i = {i}, j = {j}: a future key, masked (−∞, drawn hatched)"},
                       {{"i", integer(r)}, {"j", integer(c)}});
        return say(lang, {"i = {i}, j = {j}: −m·{form} = −{m} · {dist} = {bias}", "i = {i}, j = {j}: −m·{form} = −{m} · {dist} = {bias}"},
                   {{"i", integer(r)},
                    {"j", integer(c)},
                    {"form", mode == AlibiMode::causal ? "(i − j)" : "|i − j|"},
                    {"m", num(m, 6)},
                    {"dist", integer(std::abs(r - c))},
                    {"bias", num(bias(r, c))}});
    };
    // Causal mode's hatched cells above the diagonal are explained in the prose and on hover.
    std::vector<std::string> notes;
    const Eigen::MatrixXd longer = alibi_bias(2 * L, m, mode);
    const double same = max_abs((longer.topLeftCorner(L, L) - bias).unaryExpr([](double x) { return std::isnan(x) ? 0.0 : x; }));
    notes.push_back(say(lang, {"长度加倍后前 L×L 块的最大差 = {diff}（偏置只依赖距离）",
                               "Doubling the length: largest change of the first L×L block = {diff} (the bias depends on distance only)"},
                        {{"diff", exact(same)}}));
    const double gentlest = *std::min_element(slopes.begin(), slopes.end());
    notes.push_back(say(lang, {"代价：最平缓的头（m = {m}）给 1000 个位置之外的键的权重因子 e^(−1000m) = {w}，无论它多相关。",
                               "Cost: the gentlest head (m = {m}) weights a key 1000 positions back by e^(−1000m) = {w}, however relevant it is."},
                        {{"m", num(gentlest, 4)}, {"w", num(std::exp(-gentlest * 1000.0))}}));
    return make_view(say(lang, {"头 {h} 的偏置（{mode}）", "Head {h} bias ({mode})"},
                         {{"h", integer(in.head)}, {"mode", alibi_mode_name(mode)}}),
                     one, notes);
}

static std::vector<ViewData> alibi_views(const Inputs& in, Lang lang) {
    const std::vector<double> slopes = alibi_slopes(in.heads);
    return {alibi_heads_view(in, slopes, lang), alibi_head_view(in, slopes, lang)};
}

// [SECTION] the step
Step alibi_penalty() {
    return {
        "alibi",
        {"ALiBi：每个头一条线性惩罚", "ALiBi: a linear penalty per head"},
        {"ALiBi 给每个 logit 加上 −m·(i − j)，每个头有自己固定的斜率 m：偏置只依赖距离，任何长度下都一样。"
         "它不旋转，也不会绕回：偏置加在查询 i 之前（含 i）的每个键 j 上。"
         "斜率来自参考实现的 get_slopes：头数为 2 的幂时是等比数列，否则先取最近的较小 2 的幂的斜率，"
         "再隔一个取下一个幂的斜率，结果不再有序。第一张热力图是每个头的偏置随距离的变化，点击一行选择头；第二张是所选头在查询 × 键位置上的偏置，"
         "causal 模式下对角线上方是 −∞（屏蔽），画成斜线格。",
         "ALiBi adds −m·(i − j) to each logit, with one fixed slope m per head: the bias depends only on distance, the same at any length. "
         "It does not rotate and never wraps: the bias goes on every key j at or before query i. The slopes "
         "come from the reference get_slopes: a geometric sequence for a power-of-2 head count; otherwise the "
         "slopes of the nearest smaller power of 2 followed by every other slope of the next power, so they are "
         "no longer sorted. The first heatmap is every head's bias against distance (click a row to pick a "
         "head); the second is the chosen head's bias over query × key positions, where in causal mode the cells "
         "above the diagonal are −∞ (masked), drawn hatched."},
        {"heads", "L", "head", "mode"},
        views_of(read_inputs, alibi_views),
        {R"tex(\mathrm{softmax}_j\bigl(q_i^\top k_j/\sqrt{d}-m_h\,(i-j)\bigr),\qquad m_h=2^{-8(h+1)/H}\ (H=2^a))tex"},
    };
}

}  // namespace long_context
}  // namespace pelab
