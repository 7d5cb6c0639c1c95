// PE Lab — lessons/beyond_training/alibi.cpp
// Lesson "beyond-training", step "alibi": ALiBi's fixed linear penalty per head — every head's bias and the chosen
// head over query × key positions, and the slopes as the reference code gives them (for a head count that is
// not a power of two, interleaved from the next power), beside the simple formula (the reference rows, the
// attention beyond L and the per-head table are the steps "alibi-reference-rows", "alibi-beyond-training" and
// "alibi-head-by-head").
// Comments are English only: the font subset is built from the characters inside .cpp string literals.
//
// [SECTION] slopes
// [SECTION] views
// [SECTION] the step
#include <algorithm>
#include <cmath>
#include <limits>

#include "lessons/lesson_util.h"
#include "lessons/beyond_training/beyond_training.h"

namespace pelab {
namespace beyond_training {

using namespace lessonui;

// [SECTION] slopes
int slope_power_of_two(int heads) {
    int p = 1;
    while (2 * p <= heads) p *= 2;
    return p;
}

std::vector<double> simple_formula_slopes(int heads) {
    std::vector<double> out;
    for (int h = 0; h < heads; ++h) out.push_back(std::pow(2.0, -8.0 * (h + 1) / heads));
    return out;
}

// The slopes in words: a power of two follows the formula; any other count takes the smaller power's slopes first,
// then every other slope of the next power (the reference code's get_slopes), so the formula on screen and the
// list agree.
static std::string slopes_note(const std::vector<double>& slopes, Lang lang) {
    const int H = static_cast<int>(slopes.size()), P = slope_power_of_two(H);
    std::vector<std::string> list;
    for (double s : slopes) list.push_back(num(s, 4));
    if (P == H)
        return say(lang, {"H = {H} 是 2 的幂：斜率 m_h = 2^(−8(h+1)/H)，是等比数列（与 ALiBi 作者的代码一致）：{list}",
                          "H = {H} is a power of two: slopes m_h = 2^(−8(h+1)/H), a geometric sequence (as in the ALiBi authors' code): {list}"},
                   {{"H", integer(H)}, {"list", join(list, ", ")}});
    return say(lang, {"H = {H} 不是 2 的幂：头 0–{last} 取 {P} 个头的斜率 2^(−8(h+1)/{P})，头 {P}–{end} 取 {P2} 个头的斜率中隔一个取一个"
                      "（ALiBi 作者的代码如此）：{list}",
                      "H = {H} is not a power of two: heads 0–{last} take the slopes of {P} heads, 2^(−8(h+1)/{P}); heads "
                      "{P}–{end} take every other slope of {P2} heads (as the ALiBi authors' code does): {list}"},
               {{"H", integer(H)}, {"last", integer(P - 1)}, {"P", integer(P)}, {"end", integer(H - 1)}, {"P2", integer(2 * P)},
                {"list", join(list, ", ")}});
}

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
                                      say(lang, {"距离 Δ = q − k", "distance Δ = q − k"}));
    all.is_signed = true;
    all.select_mode = HeatmapView::SelectMode::Row;
    all.select_param = "head";
    all.highlight_row = in.head;
    all.explain = [slopes, H, L, lang](int r, int c) -> std::string {
        if (r < 0 || c < 0 || r >= H || c >= L) return "";
        return say(lang, {"头 {h}: m = {m}, Δ = {delta}，偏置 = −m·Δ = {bias}", "Head {h}: m = {m}, Δ = {delta}, bias = −m·Δ = {bias}"},
                   {{"h", integer(r)}, {"m", num(slopes[r], 8)}, {"delta", integer(c)}, {"bias", num(-slopes[r] * c)}});
    };
    const std::vector<std::string> notes = {slopes_note(slopes, lang)};
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
    one.row_axis = say(lang, {"查询位置 q", "query position q"});
    one.col_axis = say(lang, {"键位置 k", "key position k"});
    one.explain = [bias, m, L, mode, lang](int r, int c) -> std::string {
        if (r < 0 || c < 0 || r >= L || c >= L) return "";
        if (std::isinf(bias(r, c)))
            return say(lang, {"q = {q}, k = {k}：未来的键被屏蔽（−∞，画成斜线格）", "q = {q}, k = {k}: a future key, masked (−∞, drawn hatched)"},
                       {{"q", integer(r)}, {"k", integer(c)}});
        return say(lang, {"q = {q}, k = {k}: −m·{form} = −{m} · {dist} = {bias}", "q = {q}, k = {k}: −m·{form} = −{m} · {dist} = {bias}"},
                   {{"q", integer(r)},
                    {"k", integer(c)},
                    {"form", mode == AlibiMode::causal ? "(q − k)" : "|q − k|"},
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
    Step s = {
        "alibi",
        {"ALiBi：每个头一条线性惩罚", "ALiBi: a linear penalty per head"},
        {"[[alibi|ALiBi]] 不旋转任何东西：每个[[head|头]] h 有固定的斜率 m_h，在[[query|查询]]位置 q 对[[key|键]]位置 k 的 [[logit]]（[[softmax]] 之前的分数）上加 −m_h·Δ，Δ = q − k。"
         "偏置加在查询之前（含查询本身）的每个键上。H 是 2 的幂时斜率是 2^(−8(h+1)/H)；否则参考代码先取最近的较小 2 的幂的斜率，"
         "再隔一个取下一个幂的斜率（注释列出两种算法的结果）。第一张热力图是每个头的偏置随距离的变化，点击一行选择头；"
         "第二张是所选头在查询 × 键位置上的偏置，causal 模式下对角线上方是 −∞（屏蔽），画成斜线格。"
         "代价是：相隔 Δ 的键的权重乘以 e^(−m·Δ)，无论它多相关，所以即使最平缓的头也几乎看不到很远的键。",
         "[[alibi|ALiBi]] rotates nothing: each [[head]] h has a fixed slope m_h and adds −m_h·Δ to the [[logit]] (the score before the "
         "[[softmax]]) of [[query]] position q and [[key]] position k, with Δ = q − k. The bias goes on every key at or before the query. For a "
         "power-of-two head count H the slopes are 2^(−8(h+1)/H); otherwise the reference code takes the slopes of "
         "the nearest smaller power of two, then every other slope of the next power (the note lists both). The "
         "first heatmap is every head's bias against distance (click a row to pick a head); the second is the "
         "chosen head's bias over query × key positions, where in causal mode the cells above the diagonal are −∞ "
         "(masked), drawn hatched. The cost: a key Δ back is weighted by e^(−m·Δ) however relevant it is, so even "
         "the gentlest head barely sees keys far back."},
        {"heads", "L", "head", "mode"},
        views_of(read_inputs, alibi_views),
        {R"tex(\mathbf{q}^\top\mathbf{k}/\sqrt{d}-m_h\,(q-k))tex",
         {R"tex(m_h=2^{-8(h+1)/H}\ (H=2^a);\quad \text{否则 }P=2^{\lfloor\log_2 H\rfloor}:\ m_h=2^{-8(h+1)/P}\ (h<P),\ \ m_{P+j}=2^{-8(2j+1)/(2P)})tex",
          R"tex(m_h=2^{-8(h+1)/H}\ (H=2^a);\quad \text{else }P=2^{\lfloor\log_2 H\rfloor}:\ m_h=2^{-8(h+1)/P}\ (h<P),\ \ m_{P+j}=2^{-8(2j+1)/(2P)})tex"}},
    };
    s.takeaway = {"[[alibi|ALiBi]] 减去 m·Δ（m 是每个头的斜率）：关于距离的一条直线，没有旋转，所以偏置在任何长度下都一样。",
                  "[[alibi|ALiBi]] subtracts m·Δ (m: the head's slope), one straight line with no rotation, so its bias is the "
                  "same at any length."};
    return s;
}

}  // namespace beyond_training
}  // namespace pelab
