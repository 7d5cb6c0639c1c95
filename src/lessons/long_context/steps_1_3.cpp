// PE Lab — lessons/long_context/steps_1_3.cpp
// Steps 1–3 of "long-context": the phase wrap beyond the training length, the two effects of the base, and
// ALiBi's fixed linear penalty per head. Each step: title and prose, then the views that show it.
// Comments are English only: the font subset is built from the characters inside the .cpp strings.
//
// [SECTION] step 1: extrapolation and phase wrap
// [SECTION] step 2: the effect of the base
// [SECTION] step 3: ALiBi
#include <algorithm>
#include <cmath>
#include <cstdint>
#include <limits>

#include "core/long_context.h"
#include "core/odometer.h"
#include "core/rope_decay.h"
#include "core/rope.h"
#include "lessons/lesson_util.h"
#include "lessons/long_context/long_context.h"

namespace pelab {
namespace long_context {

using namespace lessonui;

// [SECTION] step 1: extrapolation and phase wrap
// The d/2 pairs as an odometer at position p: needle i at p·θᵢ, the arc swept in training shaded, the chosen
// scaling's needle beside it.
static ViewData odometer_view(const Inputs& in, Lang lang) {
    const Eigen::VectorXd theta = rope_default_inv_freq(in.d, in.base);
    OdometerView o;
    o.theta.assign(theta.data(), theta.data() + theta.size());
    o.turns_in_training = turns_in_training(theta, in.L);
    o.position = in.position;
    o.train_length = in.L;
    const RopeScaling kind = in.scaling();
    Eigen::VectorXd used = theta;
    if (kind != RopeScaling::none) {
        used = scaled(in, kind).inv_freq;
        o.theta_scaled.assign(used.data(), used.data() + used.size());
        o.scaled_label = scaling_label(kind, lang);
    }
    for (double lambda : pair_wavelengths(theta)) o.captions.push_back("λ = " + num(lambda, 3));
    o.position_label = say(lang, {"位置 p = {p}（训练长度 L = {L}）", "position p = {p} (training length L = {L})"},
                           {{"p", integer(in.position)}, {"L", integer(in.L)}});
    const int short_of_turn = pairs_short_of_a_turn(theta, in.L);
    const int pairs = in.d / 2;
    // Pairs whose needle at p is outside the arc they swept in training (only possible below one turn).
    int unseen = 0, unseen_scaled = 0;
    for (int i = 0; i < pairs; ++i) {
        if (o.turns_in_training[static_cast<std::size_t>(i)] >= 1) continue;
        if (needle_angle(theta(i), in.position) > in.L * theta(i)) ++unseen;
        if (needle_angle(used(i), in.position) > in.L * theta(i)) ++unseen_scaled;
    }
    std::vector<std::string> notes = {
        say(lang, {"{short} / {pairs} 对在训练的 L = {L} 个位置内没有转满一圈（L·θᵢ/2π < 1）。",
                   "{short} of {pairs} pairs did not complete one turn within the L = {L} training positions (L·θᵢ/2π < 1)."},
            {{"short", integer(short_of_turn)}, {"pairs", integer(pairs)}, {"L", integer(in.L)}}),
        say(lang, {"在 p = {p}，原频率下有 {n} 对的指针落在训练时没扫过的角度上。",
                   "At p = {p}, {n} pairs point at angles their needle never swept in training, with the original frequencies."},
            {{"p", integer(in.position)}, {"n", integer(unseen)}}),
    };
    if (kind != RopeScaling::none)
        notes.push_back(say(lang, {"{method} 的频率下是 {n} 对。", "With the {method} frequencies it is {n} pairs."},
                            {{"method", scaling_label(kind, lang)}, {"n", integer(unseen_scaled)}}));
    return make_view(say(lang, {"里程表：每一对是一个表盘，最快的在前", "Odometer: one dial per pair, fastest first"}), std::move(o),
                     std::move(notes));
}

// Angle mod 2π of four pairs against position, and which pairs wrap within L.
static std::vector<ViewData> phase_wrap_views(const Inputs& in, Lang lang) {
    const Eigen::VectorXd theta = rope_default_inv_freq(in.d, in.base);
    const int pairs = in.d / 2;
    // The slowest pair that still wraps inside L, the next (slower) one, one about 4× faster, and the slowest.
    int cross = -1;
    for (int i = 0; i < pairs; ++i)
        if (2 * kPi / theta(i) < in.L) cross = i;
    std::vector<int> shown;
    auto add = [&](int i) {
        if (i >= 0 && i < pairs && std::find(shown.begin(), shown.end(), i) == shown.end()) shown.push_back(i);
    };
    int fast = cross;
    while (fast > 0 && 2 * kPi / theta(fast) > in.L / 4.0) --fast;
    add(fast);
    add(cross);
    add(cross + 1);
    add(pairs - 1);
    CurveView curve;
    curve.y_axis = say(lang, {"角度 mod 2π（弧度）", "angle mod 2π (radians)"});
    curve.x_axis = say(lang, {"位置 m", "position m"});
    const int samples = 1601;
    const double span = 2.0 * in.L;
    for (int s = 0; s < samples; ++s) curve.x.push_back(span * s / (samples - 1));
    for (int i : shown) {
        std::vector<double> y;
        for (double m : curve.x) y.push_back(std::fmod(m * theta(i), 2 * kPi));
        curve.series.push_back(y);
        curve.series_labels.push_back(say(lang, {"第 {i} 对，λ = {lambda}", "pair {i}, λ = {lambda}"},
                                          {{"i", integer(i)}, {"lambda", num(2 * kPi / theta(i), 4)}}));
    }
    curve.vlines_x = {static_cast<double>(in.L)};
    curve.vline_labels = {say(lang, {"训练长度 L", "training length L"})};

    TableView table;
    table.values.resize(pairs, 4);
    int wraps = 0;
    for (int i = 0; i < pairs; ++i) {
        const double lambda = 2 * kPi / theta(i);
        const bool wrapped = lambda <= in.L;
        wraps += wrapped ? 1 : 0;
        table.values.row(i) << theta(i), lambda, in.L * theta(i) / (2 * kPi), wrapped ? 1.0 : 0.0;
        table.row_labels.push_back(pair_label(i, lang));
    }
    table.col_labels = {"θᵢ", say(lang, {"波长 λᵢ", "wavelength λᵢ"}), say(lang, {"L 内圈数", "turns within L"}),
                        say(lang, {"L 内已转满一圈", "full turn within L"})};
    table.col_decimals = {-1, -1, -1, 0};
    table.decimals = 4;
    table.corner = say(lang, {"对", "pair"});
    const std::string note =
        say(lang,
            {"L = {L}：{wraps} 对在训练中已转满一圈（L 之后只重复见过的角度）；{rest} 对没有转满，L 之后会遇到没见过的角度。",
             "L = {L}: {wraps} pairs turned full circles in training (beyond L they repeat known angles); {rest} did "
             "not, and beyond L they meet angles never seen."},
            {{"L", integer(in.L)}, {"wraps", integer(wraps)}, {"rest", integer(pairs - wraps)}});
    return {odometer_view(in, lang),
            make_view(say(lang, {"各对的转角 mθᵢ mod 2π 随位置的变化", "Angle mθᵢ mod 2π of each pair against position"}), curve),
            make_view(say(lang, {"每一对：波长与训练长度内转过的圈数", "Each pair: wavelength and turns within the training length"}),
                      table, {note})};
}

Step phase_wrap() {
    return {
        "phase-wrap",
        {"外推与相位绕回", "Extrapolation and phase wrap"},
        {"模型在固定长度上训练，却常被用在更长的文本上；这一课看超出训练长度时 RoPE 在哪里失效，各种扩展方法又怎样补救。"
         "第 i 对（i = 0 … d/2 − 1）每个位置转 θᵢ = base^(−2i/d) 弧度：i 越大转得越慢，后面各步都用到这个式子。"
         "里程表把每一对画成一个小表盘，最快的在前：指针指向 p·θᵢ，阴影是训练的 L 个位置内指针扫过的弧。"
         "快的对在训练中已转满一圈，整个圆都见过；慢的对只扫过一小段弧，p 越过 L 后指针就转到阴影之外，[[extrapolation|外推]]正是在这里失效。"
         "播放 p 可以看到这一点；第二根指针是所选缩放方法的频率，它让慢的对留在阴影里。"
         "下方曲线画出几对角度对 2π 取模后随位置的变化，表格列出每一对在 L 内转过的圈数。",
         "Models are trained on a fixed length and then used on longer texts; this lesson shows where RoPE "
         "breaks beyond the training length and how the extension methods repair it. Pair i (i = 0 … d/2 − 1) "
         "turns by θᵢ = base^(−2i/d) radians per position: the larger i, the slower, and every later step builds "
         "on this formula. The odometer draws each pair as a small dial, fastest first: the needle points at "
         "p·θᵢ, and the shaded arc is what the needle swept over the L training positions. Fast pairs turned full "
         "circles in training and have seen the whole dial; slow pairs swept only a small arc, and once p passes L "
         "their needle leaves the shading, which is where [[extrapolation]] breaks. Play p to watch it; the second "
         "needle uses the chosen scaling's frequencies, which keep the slow pairs inside the shading. The curve "
         "below plots a few angles modulo 2π against position, and the table lists the turns each pair makes "
         "within L."},
        {"d", "base", "original_max", "position", "scaling", "factor", "preset"},
        views_of(read_inputs, phase_wrap_views),
        {R"tex(\theta_i=\mathrm{base}^{-2i/d},\qquad \phi_i(p)=p\,\theta_i \bmod 2\pi)tex",
         R"tex(\text{turns}_i=\frac{L\,\theta_i}{2\pi})tex"},
        {"position", 0.0, 16384.0, 256.0},
    };
}

// [SECTION] step 2: the effect of the base
// The base's two effects, measured for several bases.
static std::vector<ViewData> base_effect_views(const Inputs& in, Lang lang) {
    const int pairs = in.d / 2;
    std::vector<double> bases = {1e2, 1e3, 1e4, 1e5, 1e6, 1e7};
    if (std::find(bases.begin(), bases.end(), in.base) == bases.end()) bases.push_back(in.base);
    std::sort(bases.begin(), bases.end());
    TableView table;
    table.values.resize(static_cast<Eigen::Index>(bases.size()), 5);
    for (std::size_t b = 0; b < bases.size(); ++b) {
        const Eigen::VectorXd th = rope_default_inv_freq(in.d, bases[b]);
        int wraps = 0;
        double mean_cos = 0.0;
        for (int i = 0; i < pairs; ++i) {
            if (2 * kPi / th(i) <= in.L) ++wraps;
            mean_cos += std::cos(th(i)) / pairs;
        }
        table.values.row(static_cast<Eigen::Index>(b)) << bases[b], wraps, 2 * kPi / th(pairs - 1), th(pairs / 2),
            1.0 - mean_cos;
        table.row_labels.push_back(bases[b] == in.base ? say(lang, {"当前", "current"}) : "");
    }
    table.col_labels = {"base", say(lang, {"L 内绕回", "wrap in L"}), say(lang, {"最长 λ", "longest λ"}),
                        say(lang, {"中间对 θ", "mid θ"}), "1 − mean cos θᵢ"};
    table.col_decimals = {0, 0, 0, -1, -1};
    table.decimals = 5;
    const std::vector<std::string> notes = {
        say(lang, {"列：L 内转满一圈的对数、最长波长、中间一对的 θ、相邻位置的分数差 1 − mean cos θᵢ。",
                   "Columns: pairs that turn fully within L, the longest wavelength, θ of the middle pair, and the "
                   "score drop between neighbours 1 − mean cos θᵢ."}),
        say(lang, {"底数越大：转满的对越少、波长越长（绕回更晚），但相邻位置的分数差越小（局部分辨率变粗）。",
                   "Larger base: fewer pairs wrap and wavelengths grow (wrap comes later), but the score drop between "
                   "neighbours shrinks (coarser local resolution)."}),
        say(lang, {"常见的简化写法：“底数越大，短距分辨率更强、长距失真更快”。表中：底数从 {lo} 到 {hi}，相邻位置的分数差从 {drop_lo} "
                   "降到 {drop_hi}（短距分辨率变粗），L 内绕回的对从 {wrap_lo} 降到 {wrap_hi}（长距失真更晚）。",
                   "A common simplified version found in tutorials: “a larger base sharpens short range and distorts "
                   "long range sooner”. In the table, from base {lo} to {hi} the score drop between neighbours falls "
                   "from {drop_lo} to {drop_hi} (coarser short range) and the pairs wrapping within L fall from "
                   "{wrap_lo} to {wrap_hi} (long-range distortion comes later)."},
            {{"lo", num(bases.front())}, {"hi", num(bases.back())}, {"drop_lo", num(table.values(0, 4), 4)},
             {"drop_hi", num(table.values(table.values.rows() - 1, 4), 4)}, {"wrap_lo", num(table.values(0, 1))},
             {"wrap_hi", num(table.values(table.values.rows() - 1, 1))}}),
    };

    CurveView curve;
    curve.y_axis = say(lang, {"归一化分数", "normalised score"});
    curve.x_axis = "Δ";
    for (int s = 0; s <= 320; ++s) curve.x.push_back(s * 0.1);
    for (double b : {in.base / 10, in.base, in.base * 10}) {
        curve.series.push_back(rope_decay_curve(rope_default_inv_freq(in.d, b), curve.x));
        curve.series_labels.push_back(say(lang, {"base = {b}", "base = {b}"}, {{"b", num(b)}}));
    }
    for (int m = 0; m <= 32; ++m) curve.markers_x.push_back(m);

    // The same three bases far out: log Δ up to 65,536, the score and RoFormer's bound B(Δ)/B(0) (dashed),
    // with the training length marked.
    CurveView far;
    far.x = log_spaced_integers(1, 65536, 160);
    far.log_x = true;
    far.x_axis = say(lang, {"相对距离 Δ（对数轴）", "relative distance Δ (log axis)"});
    far.y_axis = say(lang, {"归一化到 Δ = 0 处为 1", "normalised to 1 at Δ = 0"});
    const double b0 = rope_relative_upper_bound(rope_default_inv_freq(in.d, in.base), 0.0);  // (d/2 + 1)/2 for any base
    std::vector<std::string> far_notes = {
        say(lang, {"虚线是 B(Δ)/B(0)，B(0) = (d/2 + 1)/2 = {b0}；竖线是训练长度 L = {L}。",
                   "Dashed: B(Δ)/B(0) with B(0) = (d/2 + 1)/2 = {b0}; the vertical line is the training length L = {L}."},
            {{"b0", num(b0)}, {"L", integer(in.L)}})};
    for (double b : {in.base / 10, in.base, in.base * 10}) {
        const Eigen::VectorXd th = rope_default_inv_freq(in.d, b);
        std::vector<double> bound = rope_relative_upper_bound(th, far.x);
        for (double& y : bound) y /= b0;
        far.series.push_back(rope_decay_curve(th, far.x));
        far.series.push_back(bound);
        far.series_labels.push_back(say(lang, {"base = {b}：q = k = 1 的分数", "base = {b}: score of q = k = 1"}, {{"b", num(b)}}));
        far.series_labels.push_back(say(lang, {"base = {b}：上界 B(Δ)/B(0)", "base = {b}: bound B(Δ)/B(0)"}, {{"b", num(b)}}));
        far.series_dashed.push_back(false);
        far.series_dashed.push_back(true);
        const auto at_L = std::lower_bound(far.x.begin(), far.x.end(), static_cast<double>(in.L));
        const std::size_t k = std::min<std::size_t>(static_cast<std::size_t>(at_L - far.x.begin()), far.x.size() - 1);
        far_notes.push_back(say(lang, {"base = {b}：Δ = {delta} 处 B(Δ)/B(0) = {v}。", "base = {b}: B(Δ)/B(0) = {v} at Δ = {delta}."},
                                {{"b", num(b)}, {"delta", integer(static_cast<long long>(far.x[k]))}, {"v", num(bound[k], 4)}}));
    }
    far.vlines_x = {static_cast<double>(in.L)};
    far.vline_labels = {say(lang, {"训练长度 L", "training length L"})};
    return {make_view(say(lang, {"近距离处的分数 Σcos(Δθᵢ)/(d/2)：三个底数", "Score Σcos(Δθᵢ)/(d/2) at short range for three bases"}),
                      curve),
            make_view(say(lang, {"远距离：分数与 RoFormer 的相对上界", "Far out: the score and RoFormer's relative upper bound"}), std::move(far),
                      std::move(far_notes)),
            make_view(say(lang, {"底数的两个效应", "The two effects of the base"}), table, notes)};
}

Step base_effect() {
    return {
        "base-effect",
        {"底数的影响", "The effect of the base"},
        {"底数越大，除第 0 对外每个频率都越低：旋转变慢，训练长度内转满的对更少、绕回更晚，"
         "但相邻位置看起来更相似，局部分辨率变粗。底数越小则相反。"
         "第一张曲线看近处：Δ 在 0 到 32 之间时 q = k = 1 的分数。第二张在对数 Δ 轴上看到 65536：实线是同样的分数，"
         "虚线是 RoFormer 的相对上界 B(Δ) 除以 B(0)，竖线是训练长度；底数越大，上界开始下降得越晚。"
         "最后的表格对几个底数分别度量这两面。"
         "常见的简化写法说底数越大“短距分辨率更强、长距失真更快”，方向正好说反了；表格中的数值给出的是相反的结论。",
         "A larger base lowers every frequency except pair 0's: rotation slows down, fewer pairs wrap inside the "
         "training length and wrapping comes later, but neighbouring positions look more alike, so local "
         "resolution gets coarser. A smaller base does the reverse. The first curve looks close up: the score of "
         "q = k = 1 for Δ from 0 to 32. The second runs on a log-Δ axis out to 65,536: solid lines are the same "
         "score, dashed lines RoFormer's relative upper bound B(Δ) divided by B(0), and the vertical line is the "
         "training length; the larger the base, the later the bound starts to fall. The table at the end measures "
         "both sides for several bases. A common simplified summary found in tutorials says a larger base sharpens "
         "short range and distorts long range sooner; that is the direction the wrong way round, and the table's "
         "numbers show the reverse."},
        {"d", "base", "original_max"},
        views_of(read_inputs, base_effect_views),
        {R"tex(\theta_i=\mathrm{base}^{-2i/d},\qquad \lambda_{\max}=2\pi\,\mathrm{base}^{(d-2)/d})tex",
         R"tex(1-\frac{2}{d}\sum_{i=0}^{d/2-1}\cos\theta_i)tex",
         R"tex(B(\Delta)=\frac{2}{d}\sum_{j=1}^{d/2}\Bigl|\sum_{p=0}^{j-1}e^{\mathrm{i}\,\Delta\,\theta_p}\Bigr|)tex"},
    };
}

// [SECTION] step 3: ALiBi
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

Step alibi_penalty() {
    return {
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
}

}  // namespace long_context
}  // namespace pelab
