// PE Lab — lessons/long_context/alibi.cpp
// Lesson "long-context", step "alibi": ALiBi's fixed linear penalty per head — every head's bias, the chosen
// head over query × key positions, the reference code's softmax check, and where a query at the end of a long
// context puts its attention.
// Comments are English only: the font subset is built from the characters inside .cpp string literals.
//
// [SECTION] views
// [SECTION] the step and its questions
#include <algorithm>
#include <cmath>
#include <cstdint>
#include <limits>

#include "core/long_context.h"
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
        say(lang, {"斜率（get_slopes）：{list}", "Slopes (get_slopes): {list}"}, {{"list", join(list, ", ")}}),
        sorted ? say(lang, {"斜率严格递减。", "The slopes are strictly decreasing."})
               : say(lang, {"头数不是 2 的幂：斜率不再有序。", "The head count is not a power of 2: the slopes are not sorted."}),
    };
    return make_view(say(lang, {"每个头的偏置 −m_h·Δ（点击一行选择头）", "Bias −m_h·Δ of every head (click a row to pick a head)"}),
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
    std::vector<std::string> notes;
    if (mode == AlibiMode::causal)
        notes.push_back(say(lang, {"对角线上方是 −∞（屏蔽），画成斜线格。", "Above the diagonal: −∞ (masked), drawn hatched."}));
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

// What the reference code adds (m·j in every row) and the softmax check that it changes nothing.
static ViewData alibi_reference_view(const Inputs& in, const std::vector<double>& slopes, Lang lang) {
    const int L = in.alibi_L;
    const double m = slopes[in.head];
    const Eigen::MatrixXd raw = alibi_reference_rows(L, m);
    const double softmax_gap = max_abs(alibi_row_softmax(raw) - alibi_row_softmax(alibi_bias(L, m, AlibiMode::causal)));
    const Eigen::MatrixXd ref = inf_as_nan(raw);
    HeatmapView refv = qk_matrix(ref, lang);
    refv.row_axis = say(lang, {"查询位置 i", "query position i"});
    refv.col_axis = say(lang, {"键位置 j", "key position j"});
    refv.is_signed = false;
    refv.explain = [ref, m, L, lang](int r, int c) -> std::string {
        if (r < 0 || c < 0 || r >= L || c >= L) return "";
        if (std::isnan(ref(r, c))) return say(lang, {"i = {i}, j = {j}：屏蔽", "i = {i}, j = {j}: masked"}, {{"i", integer(r)}, {"j", integer(c)}});
        return say(lang, {"i = {i}, j = {j}: m·j = {v}；与 −m(i−j) 相差本行常数 m·i = {row}",
                          "i = {i}, j = {j}: m·j = {v}; differs from −m(i−j) by the row constant m·i = {row}"},
                   {{"i", integer(r)}, {"j", integer(c)}, {"v", num(ref(r, c))}, {"row", num(m * r)}});
    };
    const std::string note = say_error(lang, {"softmax 对每行加常数不变：两种写法的注意力权重最大差 = {err}{hint}",
                                        "Softmax ignores a constant per row: largest difference of the attention weights = {err}{hint}"}, softmax_gap);
    return make_view(say(lang, {"参考代码实际加的：每行都是 m·j", "What the reference code adds: m·j in every row"}), refv, {note});
}

// Where a query at the end of a long context puts its attention: the share beyond the training length for
// plain RoPE, PI and ALiBi on the same random contents, by context length; then ALiBi head by head.
static std::vector<ViewData> alibi_mass_views(const Inputs& in, const std::vector<double>& slopes, Lang lang) {
    const int L = in.L, n = std::max(in.seq_len, 2 * in.L), H = in.heads;
    const std::uint64_t seed = static_cast<std::uint64_t>(in.seed);
    const Eigen::MatrixXd logits = random_content_logits(
        in.d, n, seed, {scaled(in, RopeScaling::none).inv_freq, scaled(in, RopeScaling::linear).inv_freq, Eigen::VectorXd()});
    const Eigen::VectorXd none = attention_mass_beyond(logits.col(0), L);
    const Eigen::VectorXd pi = attention_mass_beyond(logits.col(1), L);
    const Eigen::VectorXd content = logits.col(2);
    std::vector<Eigen::VectorXd> heads;
    for (int h = 0; h < H; ++h) {
        Eigen::VectorXd logits = content;
        for (int dlt = 0; dlt < n; ++dlt) logits(dlt) -= slopes[h] * dlt;
        heads.push_back(attention_mass_beyond(logits, L));
    }
    const int gentle = static_cast<int>(std::min_element(slopes.begin(), slopes.end()) - slopes.begin());
    const int steep = static_cast<int>(std::max_element(slopes.begin(), slopes.end()) - slopes.begin());
    auto alibi_mean = [&](int len) {
        double sum = 0.0;
        for (const Eigen::VectorXd& m : heads) sum += m(len - 1);
        return sum / H;
    };

    CurveView curve;
    curve.x_axis = say(lang, {"上下文长度 N（查询在最后一个位置）", "context length N (the query at the last position)"});
    curve.y_axis = say(lang, {"距离 ≥ L 的键得到的注意力", "attention on keys at distance ≥ L"});
    std::vector<double> share, y_none, y_pi, y_mean, y_gentle;
    const int samples = 200;
    for (int s = 0; s <= samples; ++s) {
        const int len = L + static_cast<int>(std::lround(static_cast<double>(n - L) * s / samples));
        curve.x.push_back(len);
        share.push_back(static_cast<double>(len - L) / len);
        y_none.push_back(none(len - 1));
        y_pi.push_back(pi(len - 1));
        y_mean.push_back(alibi_mean(len));
        y_gentle.push_back(heads[gentle](len - 1));
    }
    curve.series = {share, y_none, y_pi, y_mean, y_gentle};
    curve.series_labels = {say(lang, {"L 之外的键所占比例", "share of keys beyond L"}), scaling_label(RopeScaling::none, lang),
                           scaling_label(RopeScaling::linear, lang), say(lang, {"ALiBi：各头平均", "ALiBi: mean over heads"}),
                           say(lang, {"ALiBi：最平缓的头", "ALiBi: gentlest head"})};
    if (in.factor * L < n) {
        curve.vlines_x = {in.factor * L};
        curve.vline_labels = {"s·L"};
    }
    const double m_gentle = slopes[gentle];
    const std::vector<std::string> notes = {
        say(lang, {"设定：查询与每个键的内容都是随机的（各分量方差为 1，随机种子 {seed}），logit = q·k/√d；RoPE 按距离旋转（d = {d}，base = {base}），"
                   "PI 另把频率除以 s = {s}，ALiBi 不旋转、加上 −m_h·Δ。距离 Δ ≥ L = {L} 的键在训练长度之外。",
                   "Setup: the query and every key have random contents (unit-variance entries, random seed {seed}), "
                   "logit = q·k/√d; RoPE rotates by distance (d = {d}, base = {base}), PI also divides the frequencies "
                   "by s = {s}, ALiBi does not rotate and adds −m_h·Δ. Keys at distance Δ ≥ L = {L} lie beyond the "
                   "training length."},
            {{"seed", integer(in.seed)}, {"d", integer(in.d)}, {"base", num(in.base)}, {"s", num(in.factor)}, {"L", integer(L)}}),
        say(lang, {"N = {n} 时落在 L 之外的注意力：键数比例 {share}；不缩放的 RoPE {none}；PI {pi}；ALiBi 各头平均 {mean}，"
                   "最平缓的头 {gentle}，最陡的头 {steep}。",
                   "Attention beyond L at N = {n}: share of keys {share}; plain RoPE {none}; PI {pi}; ALiBi mean over "
                   "heads {mean}, gentlest head {gentle}, steepest head {steep}."},
            {{"n", integer(n)}, {"share", num(static_cast<double>(n - L) / n, 4)}, {"none", num(none(n - 1), 4)},
             {"pi", num(pi(n - 1), 4)}, {"mean", num(alibi_mean(n), 4)}, {"gentle", num(heads[gentle](n - 1), 4)},
             {"steep", num(heads[steep](n - 1), 4)}}),
        say(lang, {"ALiBi 在 L 之外的偏置是训练中没有出现过的值：最平缓的头（m = {m}）在训练中最低到 −m·(L − 1) = {trained}，"
                   "在 N = {n} 时到 −m·(N − 1) = {longest}。这些新值只会更负，所以只把远处的键压得更低；"
                   "RoPE 没有随距离的惩罚，注意力大致按键的个数分到远处，而那里的角度不缩放时从未见过，PI 下则被压缩。",
                   "Beyond L the ALiBi biases are values never met in training: the gentlest head (m = {m}) went down to "
                   "−m·(L − 1) = {trained} in training and reaches −m·(N − 1) = {longest} at N = {n}. These new values are "
                   "only more negative, so they only push distant keys further down; RoPE has no penalty by distance, "
                   "so attention reaches the far keys roughly in proportion to their number, at angles never seen "
                   "(without scaling) or compressed ones (PI)."},
            {{"m", num(m_gentle, 4)}, {"trained", num(-m_gentle * (L - 1))}, {"n", integer(n)}, {"longest", num(-m_gentle * (n - 1))}}),
    };

    TableView table;
    table.values.resize(H, 3);
    for (int h = 0; h < H; ++h) {
        table.values.row(h) << slopes[h], -slopes[h] * L, heads[h](n - 1);
        table.row_labels.push_back("h" + std::to_string(h));
    }
    table.col_labels = {"m_h", say(lang, {"Δ = L 处的偏置 −m_h·L", "bias at Δ = L: −m_h·L"}),
                        say(lang, {"N 时 L 之外的注意力", "attention beyond L at N"})};
    table.col_decimals = {-1, -1, -1};
    table.decimals = 4;
    table.corner = say(lang, {"头", "head"});
    const std::string table_note =
        say(lang, {"每个头的斜率 m_h 与它在 N = {n} 时落在训练长度 L = {L} 之外的注意力；同一组随机内容。",
                   "Each head's slope m_h and the attention it puts beyond the training length L = {L} at N = {n}; the "
                   "same random contents."},
            {{"n", integer(n)}, {"L", integer(L)}});
    return {make_view(say(lang, {"落在训练长度之外的注意力：RoPE、PI 与 ALiBi", "Attention beyond the training length: RoPE, PI and ALiBi"}),
                      curve, notes),
            make_view(say(lang, {"ALiBi 的每个头：斜率与 L 之外的注意力", "Every ALiBi head: slope and attention beyond L"}), table,
                      {table_note})};
}

static std::vector<ViewData> alibi_views(const Inputs& in, Lang lang) {
    const std::vector<double> slopes = alibi_slopes(in.heads);
    std::vector<ViewData> views = {alibi_heads_view(in, slopes, lang), alibi_head_view(in, slopes, lang),
                                   alibi_reference_view(in, slopes, lang)};
    for (ViewData& v : alibi_mass_views(in, slopes, lang)) views.push_back(std::move(v));
    return views;
}

// [SECTION] the step and its questions
Step alibi_penalty() {
    Step s = {
        "alibi",
        {"ALiBi：每个头一条线性惩罚", "ALiBi: a linear penalty per head"},
        {"ALiBi 给查询 i 之前（含 i）的每个键 j 的 logit 加上 −m_h·(i − j)，每个头的斜率固定，来自参考实现的 get_slopes："
         "头数为 2 的幂时是等比数列，否则先取最近的较小 2 的幂的斜率，再隔一个取下一个幂的斜率，结果不再有序。"
         "距离 Δ 的偏置只依赖 Δ，所以任何长度下图案都一样，也不会绕回；但超过训练长度后，偏置是训练中从未出现过、更负的值。"
         "ALiBi 能外推，靠的是这些新值只会压低权重：越远的键得到的注意力按指数减少。最后两张图在同一组随机内容上度量落在训练长度之外的注意力，"
         "并与不缩放的 RoPE 和 PI 对比，表格列出每个头的斜率 m_h。代价是远处的键无论多相关都被压低。"
         "参考代码其实给每一行加的是 m·j，依靠 softmax 对每行常数不变；注释核对了两者的权重相同。点击第一张热力图的一行选择头。",
         "ALiBi adds −m_h·(i − j) to the logit of every key j at or before query i, with a fixed slope per head "
         "from the reference get_slopes: a geometric sequence for a power-of-2 head count; otherwise the slopes of "
         "the nearest smaller power of 2 followed by every other slope of the next power, so they are no longer "
         "sorted. The bias at distance Δ depends only on Δ, so the pattern is the same at any length and nothing "
         "wraps; but beyond the training length the biases are new values, more negative than any met in "
         "training. ALiBi extrapolates because these new values only push weight down: distant keys get "
         "exponentially less attention. The last two figures measure, on the same random contents, the attention "
         "that lands beyond the training length, against RoPE without scaling and PI, and the table lists every "
         "head's slope m_h. The price is that a distant key is always penalised, however relevant. The "
         "reference code actually adds m·j to every row and relies on softmax ignoring a per-row constant; the "
         "notes check that both give the same weights. Click a row of the first heatmap to pick a head."},
        {"heads", "L", "head", "mode", "original_max", "seq_len", "factor", "d", "base", "seed"},
        views_of(read_inputs, alibi_views),
        {R"tex(\mathrm{softmax}_j\Bigl(\frac{q_i^\top k_j}{\sqrt{d}}-m_h\,(i-j)\Bigr),\qquad m_h=2^{-8(h+1)/H}\ (H=2^a))tex"},
    };
    s.questions = {
        {{"ALiBi 在 logit 上加 −m·Δ。超过训练长度 L 之后，新出现的偏置值会怎样？",
          "ALiBi adds −m·Δ to the logits. Past the training length L, what do the new bias values do?"},
         {{"只会更负，把远处的键压得更低", "They are only more negative, pushing distant keys further down"},
          {"变成正数，偏向远处的键", "They turn positive and favour distant keys"},
          {"重复训练中见过的值", "They repeat values seen in training"}},
         0,
         [](const ParamSet& p, Lang lang) {
             const Inputs in = read_inputs(p);
             const std::vector<double> slopes = alibi_slopes(in.heads);
             const double m = slopes.empty() ? 0.0 : *std::min_element(slopes.begin(), slopes.end());
             const int L = in.L, N = in.seq_len;
             return say(lang,
                        {"最平缓的头斜率 m = {m}：训练中偏置最低到 −m·(L − 1) = {train}，在 N = {N} 时到 −m·(N − 1) = {now}。"
                         "偏置随距离单调下降，所以远处的键只会被压得更低：相隔 1000 个位置的键权重乘以 e^(−1000m) = {weight}。",
                         "The gentlest head has slope m = {m}: in training its bias went down to −m·(L − 1) = {train}, at "
                         "N = {N} it reaches −m·(N − 1) = {now}. The bias falls steadily with distance, so distant keys "
                         "are only pushed further down: a key 1000 positions back is weighted by e^(−1000m) = {weight}."},
                        {{"m", num(m, 4)}, {"train", num(-m * (L - 1))}, {"N", integer(N)}, {"now", num(-m * (N - 1))},
                         {"weight", num(std::exp(-1000.0 * m))}});
         }},
    };
    return s;
}

}  // namespace long_context
}  // namespace pelab
