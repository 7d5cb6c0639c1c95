// PE Lab — lessons/long_context.cpp
// Lesson "long-context" (seed 004 §4.3–5.4): what happens to RoPE beyond the training length and the
// strategies that extend it, in 9 steps: phase wrap, the effect of the base, ALiBi, position interpolation,
// NTK-aware scaling, dynamic NTK, YaRN and Llama 3 (transcribed from HF modeling_rope_utils.py in
// core/rope_scaling), a side-by-side chart of the per-pair scale factors, and a diagnosis of mean scores
// beyond the original length. Every number shown comes from core (rope.h, rope_scaling.h, alibi.h).
// Comments are English only: the font subset is built from the characters inside this file's strings.
//
// [SECTION] parameters
// [SECTION] inputs and shared computations
// [SECTION] step views 1..9
// [SECTION] lesson definition (bilingual text)
#include <algorithm>
#include <cmath>
#include <limits>
#include <string>

#include "core/alibi.h"
#include "core/random.h"
#include "core/rope.h"
#include "core/rope_scaling.h"
#include "lessons/lesson.h"
#include "lessons/legacy_view.h"
#include "lessons/lesson_util.h"

namespace pelab {

namespace {

using namespace lessonui;

// [SECTION] parameters
std::vector<ParamSpec> lesson_params() {
    return {
        choice_spec("d", {"8", "16", "32", "64", "128"}, "128", "rotary dimension d (d/2 pairs)", "旋转维度 d（d/2 对）"),
        make_spec("log10_base", ParamKind::Real, 1, 7, "4", "log10 of the frequency base (4 means 10000)",
                  "频率底数的常用对数（4 表示 10000）", "log₁₀ base"),
        make_spec("original_max", ParamKind::Int, 16, 65536, "2048", "training length L", "训练长度 L", "L"),
        make_spec("factor", ParamKind::Real, 1, 32, "4", "context extension factor s", "上下文扩展倍数 s", "s"),
        make_spec("seq_len", ParamKind::Int, 16, 262144, "8192", "current / evaluated sequence length",
                  "当前（评估）序列长度"),
        make_spec("beta_fast", ParamKind::Real, 1, 128, "32", "YaRN: turns where extrapolation ends",
                  "YaRN：外推区结束处的圈数", "β_fast"),
        make_spec("beta_slow", ParamKind::Real, 0.01, 32, "1", "YaRN: turns where interpolation starts",
                  "YaRN：插值区开始处的圈数", "β_slow"),
        make_spec("low_freq_factor", ParamKind::Real, 0.5, 8, "1", "Llama 3: low-frequency factor",
                  "Llama 3：低频因子", "low ff"),
        make_spec("high_freq_factor", ParamKind::Real, 1, 32, "4", "Llama 3: high-frequency factor",
                  "Llama 3：高频因子", "high ff"),
        make_spec("heads", ParamKind::Int, 1, 32, "12", "ALiBi: number of heads", "ALiBi：头数"),
        make_spec("L", ParamKind::Int, 2, 64, "16", "ALiBi: positions shown", "ALiBi：显示的位置数"),
        make_spec("head", ParamKind::Int, 0, 31, "0", "ALiBi: head shown in detail (click a row)",
                  "ALiBi：详细显示的头（点击一行）"),
        choice_spec("mode", {"causal", "symmetric"}, "causal", "ALiBi: causal or symmetric bias", "ALiBi：因果或对称偏置"),
        make_spec("seed", ParamKind::Int, 0, 1000000, "1", "seed of the random queries", "随机查询向量的种子"),
    };
}

// [SECTION] inputs and shared computations
struct Inputs {
    int d = 128;
    double base = 10000;
    int L = 2048;  // original_max
    double factor = 4;
    int seq_len = 8192;
    double beta_fast = 32, beta_slow = 1, low_ff = 1, high_ff = 4;
    int heads = 12, alibi_L = 16, head = 0;
    AlibiMode mode = AlibiMode::causal;
    int seed = 1;
};

Inputs read_inputs(const ParamSet& p) {
    Inputs in;
    in.d = choice_int_param(p, "d", 128);
    if (in.d < 8 || in.d > 128 || in.d % 2) in.d = 128;
    in.base = pow10_exact(real_param(p, "log10_base", 4, 1, 7));
    in.L = int_param(p, "original_max", 2048, 16, 65536);
    in.factor = real_param(p, "factor", 4, 1, 32);
    in.seq_len = int_param(p, "seq_len", 8192, 16, 262144);
    in.beta_fast = real_param(p, "beta_fast", 32, 1, 128);
    in.beta_slow = real_param(p, "beta_slow", 1, 0.01, 32);
    in.low_ff = real_param(p, "low_freq_factor", 1, 0.5, 8);
    in.high_ff = real_param(p, "high_freq_factor", 4, 1, 32);
    in.heads = int_param(p, "heads", 12, 1, 32);
    in.alibi_L = int_param(p, "L", 16, 2, 64);
    in.head = int_param(p, "head", 0, 0, 31);
    if (in.head >= in.heads) in.head = in.heads - 1;
    parse_alibi_mode(p.gets("mode"), &in.mode);
    in.seed = int_param(p, "seed", 1, 0, 1000000);
    return in;
}

RopeScalingParams scaling_params(const Inputs& in, RopeScaling kind) {
    RopeScalingParams s;
    s.kind = kind;
    s.d = in.d;
    s.base = in.base;
    s.factor = in.factor;
    s.original_max = in.L;
    s.seq_len = in.seq_len;
    s.beta_fast = in.beta_fast;
    s.beta_slow = in.beta_slow;
    s.low_freq_factor = in.low_ff;
    s.high_freq_factor = in.high_ff;
    return s;
}

RopeScalingResult scaled(const Inputs& in, RopeScaling kind) { return rope_scaled_inv_freq(scaling_params(in, kind)); }

const std::vector<RopeScaling>& all_scalings() {
    static const std::vector<RopeScaling> all = {RopeScaling::none, RopeScaling::linear, RopeScaling::ntk,
                                                 RopeScaling::dynamic, RopeScaling::yarn, RopeScaling::llama3};
    return all;
}

std::string scaling_label(RopeScaling s, Lang lang) {
    switch (s) {
        case RopeScaling::none: return tr(lang, "不缩放", "none");
        case RopeScaling::linear: return tr(lang, "线性（PI）", "linear (PI)");
        case RopeScaling::ntk: return "NTK";
        case RopeScaling::dynamic: return tr(lang, "动态 NTK", "dynamic NTK");
        case RopeScaling::yarn: return "YaRN";
        case RopeScaling::llama3: return "Llama 3";
    }
    return "";
}

std::vector<double> pair_axis(int pairs) {
    std::vector<double> x;
    for (int i = 0; i < pairs; ++i) x.push_back(i);
    return x;
}

std::vector<double> ratio_series(const Eigen::VectorXd& scaled_freq, const Eigen::VectorXd& base_freq) {
    std::vector<double> y;
    for (Eigen::Index i = 0; i < base_freq.size(); ++i) y.push_back(scaled_freq(i) / base_freq(i));
    return y;
}

std::string pair_label(int i, Lang lang) { return tr(lang, "第 ", "pair ") + std::to_string(i) + tr(lang, " 对", ""); }

// Pairs whose angles beyond the training length are new: the original model saw θᵢ·m for m < L; a pair that
// never completed a turn there (θᵢ·(L−1) < 2π) meets unseen angles when θ′ᵢ·(seq−1) goes more than one
// position's step past that, i.e. beyond θᵢ·L. (PI at seq = s·L reaches θᵢ·(L − 1/s): not counted.)
int pairs_with_unseen_angles(const Eigen::VectorXd& trained, const Eigen::VectorXd& used, int L, int seq) {
    int count = 0;
    for (Eigen::Index i = 0; i < trained.size(); ++i) {
        if (trained(i) * (L - 1) >= 2 * kPi) continue;
        if (used(i) * (seq - 1) > trained(i) * L) ++count;
    }
    return count;
}

// [SECTION] step views 1..9

// Step 1: angle mod 2π of four pairs against position, and which pairs wrap within L.
std::vector<LegacyView> step1_views(const ParamSet& p, Lang lang) {
    const Inputs in = read_inputs(p);
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
    LegacyView curve;
    curve.kind = ViewKind::Curve;
    curve.title = tr(lang, "各对的转角 mθᵢ mod 2π 随位置的变化", "Angle mθᵢ mod 2π of each pair against position");
    curve.row_axis = tr(lang, "角度 mod 2π（弧度）", "angle mod 2π (radians)");
    curve.col_axis = tr(lang, "位置 m", "position m");
    const int samples = 1601;
    const double span = 2.0 * in.L;
    for (int s = 0; s < samples; ++s) curve.x.push_back(span * s / (samples - 1));
    for (int i : shown) {
        std::vector<double> y;
        for (double m : curve.x) y.push_back(std::fmod(m * theta(i), 2 * kPi));
        curve.series.push_back(y);
        curve.series_labels.push_back(pair_label(i, lang) + tr(lang, "，λ = ", ", λ = ") + num_digits(2 * kPi / theta(i), 4));
    }
    curve.vlines_x = {static_cast<double>(in.L)};
    curve.vline_labels = {tr(lang, "训练长度 L", "training length L")};

    LegacyView table;
    table.kind = ViewKind::Table;
    table.title = tr(lang, "每一对：波长与训练长度内转过的圈数", "Each pair: wavelength and turns within the training length");
    table.values.resize(pairs, 4);
    int wraps = 0;
    for (int i = 0; i < pairs; ++i) {
        const double lambda = 2 * kPi / theta(i);
        const bool wrapped = lambda <= in.L;
        wraps += wrapped ? 1 : 0;
        table.values.row(i) << theta(i), lambda, in.L * theta(i) / (2 * kPi), wrapped ? 1.0 : 0.0;
        table.row_labels.push_back(pair_label(i, lang));
    }
    table.col_labels = {"θᵢ", tr(lang, "波长 λᵢ", "wavelength λᵢ"), tr(lang, "L 内圈数", "turns within L"),
                        tr(lang, "L 内已转满一圈", "full turn within L")};
    table.col_decimals = {-1, -1, -1, 0};
    table.decimals = 4;
    table.row_axis = tr(lang, "对", "pair");
    table.notes.push_back(tr(lang, "L = ", "L = ") + std::to_string(in.L) + tr(lang, "：", ": ") + std::to_string(wraps) +
                          tr(lang, " 对在训练中已转满一圈（L 之后只重复见过的角度）；", " pairs turned full circles in training (beyond L they repeat known angles); ") +
                          std::to_string(pairs - wraps) +
                          tr(lang, " 对没有转满，L 之后会遇到没见过的角度。", " did not, and beyond L they meet angles never seen."));
    return {curve, table};
}

// Step 2: the base's two effects, measured for several bases.
std::vector<LegacyView> step2_views(const ParamSet& p, Lang lang) {
    const Inputs in = read_inputs(p);
    const int pairs = in.d / 2;
    std::vector<double> bases = {1e2, 1e3, 1e4, 1e5, 1e6, 1e7};
    if (std::find(bases.begin(), bases.end(), in.base) == bases.end()) bases.push_back(in.base);
    std::sort(bases.begin(), bases.end());
    LegacyView table;
    table.kind = ViewKind::Table;
    table.title = tr(lang, "底数的两个效应", "The two effects of the base");
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
        table.row_labels.push_back(bases[b] == in.base ? tr(lang, "当前", "current") : "");
    }
    table.col_labels = {"base", tr(lang, "L 内绕回", "wrap in L"), tr(lang, "最长 λ", "longest λ"),
                        tr(lang, "中间对 θ", "mid θ"), "1 − mean cos θᵢ"};
    table.col_decimals = {0, 0, 0, -1, -1};
    table.decimals = 5;
    table.row_axis = "";
    table.notes.push_back(tr(lang, "列：L 内转满一圈的对数、最长波长、中间一对的 θ、相邻位置的分数差 1 − mean cos θᵢ。",
                             "Columns: pairs that turn fully within L, the longest wavelength, θ of the middle pair, "
                             "and the score drop between neighbours 1 − mean cos θᵢ."));
    table.notes.push_back(tr(lang, "底数越大：转满的对越少、波长越长（绕回更晚），但相邻位置的分数差越小（局部分辨率变粗）。",
                             "Larger base: fewer pairs wrap and wavelengths grow (wrap comes later), but the score drop "
                             "between neighbours shrinks (coarser local resolution)."));
    table.notes.push_back(tr(lang, "种子 004 §5.3 的一句话总结说底数越大“短距分辨率更强、长距失真更快”，与它自己的详述和这里的数值相反；本课以数值为准。",
                             "Seed 004's one-line summary in §5.3 says a larger base sharpens short range and distorts "
                             "long range sooner; its own detailed bullets and the numbers here say the reverse, and "
                             "the lesson follows the numbers."));

    LegacyView curve;
    curve.kind = ViewKind::Curve;
    curve.title = tr(lang, "近距离处的分数 Σcos(Δθᵢ)/(d/2)：三个底数", "Score Σcos(Δθᵢ)/(d/2) at short range for three bases");
    curve.row_axis = tr(lang, "归一化分数", "normalised score");
    curve.col_axis = "Δ";
    for (int s = 0; s <= 320; ++s) curve.x.push_back(s * 0.1);
    for (double b : {in.base / 10, in.base, in.base * 10}) {
        curve.series.push_back(rope_decay_curve(rope_default_inv_freq(in.d, b), curve.x));
        curve.series_labels.push_back("base = " + num(b));
    }
    for (int m = 0; m <= 32; ++m) curve.markers_x.push_back(m);
    return {table, curve};
}

// Step 3: ALiBi slopes, per-head heatmaps, the reference's row form.
std::vector<LegacyView> step3_views(const ParamSet& p, Lang lang) {
    const Inputs in = read_inputs(p);
    const std::vector<double> slopes = alibi_slopes(in.heads);
    const int H = in.heads, L = in.alibi_L;

    LegacyView all;
    all.kind = ViewKind::Heatmap;
    all.title = tr(lang, "每个头的偏置 −m_h·Δ（点击一行选择头）", "Bias −m_h·Δ of every head (click a row to pick a head)");
    all.values.resize(H, L);
    for (int h = 0; h < H; ++h) {
        for (int dlt = 0; dlt < L; ++dlt) all.values(h, dlt) = -slopes[h] * dlt;
        all.row_labels.push_back("h" + std::to_string(h));
    }
    all.col_labels = index_labels(L);
    all.row_axis = tr(lang, "头", "head");
    all.col_axis = tr(lang, "距离 Δ = i − j", "distance Δ = i − j");
    all.is_signed = true;
    all.select_mode = LegacyView::SelectMode::Row;
    all.select_param = "head";
    all.highlight_row = in.head;
    all.explain = [slopes, H, L, lang](int r, int c) -> std::string {
        if (r < 0 || c < 0 || r >= H || c >= L) return "";
        return tr(lang, "头 ", "Head ") + std::to_string(r) + ": m = " + num_digits(slopes[r], 8) + ", Δ = " +
               std::to_string(c) + tr(lang, "，偏置 = −m·Δ = ", ", bias = −m·Δ = ") + num(-slopes[r] * c);
    };
    bool sorted = true;
    for (std::size_t i = 1; i < slopes.size(); ++i) sorted = sorted && slopes[i] < slopes[i - 1];
    std::string list;
    for (std::size_t i = 0; i < slopes.size(); ++i) list += (i ? ", " : "") + num_digits(slopes[i], 4);
    all.notes.push_back(tr(lang, "斜率（get_slopes）：", "Slopes (get_slopes): ") + list);
    all.notes.push_back(sorted ? tr(lang, "斜率严格递减。", "The slopes are strictly decreasing.")
                               : tr(lang, "头数不是 2 的幂：斜率不再有序。", "The head count is not a power of 2: the slopes are not sorted."));

    const double m = slopes[in.head];
    const Eigen::MatrixXd bias = alibi_bias(L, m, in.mode);
    Eigen::MatrixXd shown = bias;
    for (Eigen::Index i = 0; i < shown.size(); ++i)
        if (std::isinf(shown.data()[i])) shown.data()[i] = std::numeric_limits<double>::quiet_NaN();
    LegacyView one = qk_heatmap(tr(lang, "头 ", "Head ") + std::to_string(in.head) + tr(lang, " 的偏置（", " bias (") +
                                  alibi_mode_name(in.mode) + ")",
                              shown, lang);
    one.row_axis = tr(lang, "查询位置 i", "query position i");
    one.col_axis = tr(lang, "键位置 j", "key position j");
    const AlibiMode mode = in.mode;
    one.explain = [bias, m, L, mode, lang](int r, int c) -> std::string {
        if (r < 0 || c < 0 || r >= L || c >= L) return "";
        if (std::isinf(bias(r, c)))
            return "i = " + std::to_string(r) + ", j = " + std::to_string(c) +
                   tr(lang, "：未来的键被屏蔽（−∞，画成斜线格）", ": a future key, masked (−∞, drawn hatched)");
        return "i = " + std::to_string(r) + ", j = " + std::to_string(c) + ": −m·" +
               (mode == AlibiMode::causal ? "(i − j)" : "|i − j|") + " = −" + num_digits(m, 6) + " · " +
               std::to_string(std::abs(r - c)) + " = " + num(bias(r, c));
    };
    if (in.mode == AlibiMode::causal)
        one.notes.push_back(tr(lang, "对角线上方是 −∞（屏蔽），画成斜线格。", "Above the diagonal: −∞ (masked), drawn hatched."));
    const Eigen::MatrixXd longer = alibi_bias(2 * L, m, in.mode);
    const double same = max_abs((longer.topLeftCorner(L, L) - bias).unaryExpr([](double x) { return std::isnan(x) ? 0.0 : x; }));
    one.notes.push_back(tr(lang, "长度加倍后前 L×L 块的最大差 = ", "Doubling the length: largest change of the first L×L block = ") +
                        exact(same) + tr(lang, "（偏置只依赖距离）", " (the bias depends on distance only)"));
    double gentlest = slopes[0];
    for (double s : slopes) gentlest = std::min(gentlest, s);
    one.notes.push_back(tr(lang, "代价：最平缓的头（m = ", "Cost: the gentlest head (m = ") + num_digits(gentlest, 4) +
                        tr(lang, "）给 1000 个位置之外的键的权重因子 e^(−1000m) = ", ") weights a key 1000 positions back by e^(−1000m) = ") +
                        num(std::exp(-gentlest * 1000.0)) + tr(lang, "，无论它多相关。", ", however relevant it is."));

    Eigen::MatrixXd ref = alibi_reference_rows(L, m);
    const double softmax_gap = max_abs(alibi_row_softmax(ref) - alibi_row_softmax(alibi_bias(L, m, AlibiMode::causal)));
    for (Eigen::Index i = 0; i < ref.size(); ++i)
        if (std::isinf(ref.data()[i])) ref.data()[i] = std::numeric_limits<double>::quiet_NaN();
    LegacyView refv = qk_heatmap(tr(lang, "参考代码实际加的：每行都是 m·j", "What the reference code adds: m·j in every row"), ref, lang);
    refv.row_axis = tr(lang, "查询位置 i", "query position i");
    refv.col_axis = tr(lang, "键位置 j", "key position j");
    refv.is_signed = false;
    refv.explain = [ref, m, L, lang](int r, int c) -> std::string {
        if (r < 0 || c < 0 || r >= L || c >= L) return "";
        if (std::isnan(ref(r, c))) return "i = " + std::to_string(r) + ", j = " + std::to_string(c) + tr(lang, "：屏蔽", ": masked");
        return "i = " + std::to_string(r) + ", j = " + std::to_string(c) + ": m·j = " + num(ref(r, c)) +
               tr(lang, "；与 −m(i−j) 相差本行常数 m·i = ", "; differs from −m(i−j) by the row constant m·i = ") + num(m * r);
    };
    refv.notes.push_back(tr(lang, "softmax 对每行加常数不变：两种写法的注意力权重最大差 = ",
                            "Softmax ignores a constant per row: largest difference of the attention weights = ") +
                         exact(softmax_gap) + rounding_hint(softmax_gap, lang));
    return {all, one, refv};
}

// Step 4: position interpolation.
std::vector<LegacyView> step4_views(const ParamSet& p, Lang lang) {
    const Inputs in = read_inputs(p);
    const Eigen::VectorXd theta = scaled(in, RopeScaling::none).inv_freq;
    const Eigen::VectorXd pi = scaled(in, RopeScaling::linear).inv_freq;
    const int pairs = in.d / 2, last = pairs - 1;
    LegacyView curve;
    curve.kind = ViewKind::Curve;
    curve.title = tr(lang, "最慢一对的转角：原始与 PI", "Angle of the slowest pair: original and PI");
    curve.row_axis = tr(lang, "转角 mθ（弧度）", "angle mθ (radians)");
    curve.col_axis = tr(lang, "位置 m", "position m");
    const double span = in.factor * in.L;
    std::vector<double> a, b;
    for (int s = 0; s <= 400; ++s) {
        const double m = span * s / 400;
        curve.x.push_back(m);
        a.push_back(m * theta(last));
        b.push_back(m * pi(last));
    }
    curve.series = {a, b};
    curve.series_labels = {tr(lang, "原始 θ", "original θ"), "PI: θ/s"};
    curve.vlines_x = {static_cast<double>(in.L), span};
    curve.vline_labels = {"L", "s·L"};
    curve.notes.push_back(tr(lang, "训练中最大转角 θ·(L−1) = ", "Largest angle in training θ·(L−1) = ") +
                          num(theta(last) * (in.L - 1)) + tr(lang, "；PI 下 s·L 个位置的最大转角 = ", "; under PI over s·L positions = ") +
                          num(pi(last) * (in.factor * in.L - 1)));

    LegacyView table;
    table.kind = ViewKind::Table;
    table.title = tr(lang, "PI 的代价：相邻位置的角度差", "The cost of PI: angle between neighbouring positions");
    std::vector<int> rows = {0, 1, pairs / 4, pairs / 2, last};
    rows.erase(std::unique(rows.begin(), rows.end()), rows.end());
    table.values.resize(static_cast<Eigen::Index>(rows.size()), 4);
    for (std::size_t r = 0; r < rows.size(); ++r) {
        const int i = rows[r];
        table.values.row(static_cast<Eigen::Index>(r)) << theta(i), pi(i), 2 * kPi / theta(i), 2 * kPi / pi(i);
        table.row_labels.push_back(pair_label(i, lang));
    }
    table.col_labels = {tr(lang, "原始 θᵢ", "original θᵢ"), "θᵢ/s", tr(lang, "原始波长", "original wavelength"),
                        tr(lang, "PI 波长", "PI wavelength")};
    table.decimals = 5;
    table.row_axis = tr(lang, "对", "pair");
    table.notes.push_back(tr(lang, "s = ", "s = ") + num(in.factor) +
                          tr(lang, "：每一对都慢了 s 倍，包括负责局部细节的第 0 对（相邻位置角度差从 ",
                             ": every pair slows by s, including pair 0 that carries local detail (neighbour angle from ") +
                          num(theta(0)) + tr(lang, " 变为 ", " to ") + num(pi(0)) + tr(lang, "）。", ")."));
    return {curve, table};
}

// Step 5: static NTK-aware scaling against PI.
std::vector<LegacyView> step5_views(const ParamSet& p, Lang lang) {
    const Inputs in = read_inputs(p);
    const Eigen::VectorXd theta = scaled(in, RopeScaling::none).inv_freq;
    const RopeScalingResult ntk = scaled(in, RopeScaling::ntk);
    const Eigen::VectorXd pi = scaled(in, RopeScaling::linear).inv_freq;
    const int pairs = in.d / 2;
    LegacyView curve;
    curve.kind = ViewKind::Curve;
    curve.title = tr(lang, "每对的缩放因子 θ′ᵢ/θᵢ：NTK 与 PI", "Per-pair scale factor θ′ᵢ/θᵢ: NTK and PI");
    curve.row_axis = "θ′ᵢ/θᵢ";
    curve.col_axis = tr(lang, "对 i", "pair i");
    curve.x = pair_axis(pairs);
    curve.series = {ratio_series(ntk.inv_freq, theta), ratio_series(pi, theta)};
    curve.series_labels = {"NTK: base·s^(d/(d−2))", "PI: 1/s"};
    curve.notes.push_back(tr(lang, "新底数 base′ = ", "New base base′ = ") + num(ntk.effective_base) + " = " + num(in.base) +
                          " · " + num(in.factor) + "^(" + std::to_string(in.d) + "/" + std::to_string(in.d - 2) + ")");
    const double first = ntk.inv_freq(0) / theta(0), last = ntk.inv_freq(pairs - 1) / theta(pairs - 1);
    curve.notes.push_back(tr(lang, "第 0 对的因子 = ", "Factor of pair 0 = ") + num_digits(first, 12) +
                          tr(lang, "；最后一对的因子 = ", "; factor of the last pair = ") + num_digits(last, 12) +
                          tr(lang, "，1/s = ", ", 1/s = ") + num_digits(1.0 / in.factor, 12) +
                          tr(lang, "；差 = ", "; difference = ") + exact(std::fabs(last - 1.0 / in.factor)) +
                          rounding_hint(std::fabs(last - 1.0 / in.factor), lang));

    LegacyView table;
    table.kind = ViewKind::Table;
    table.title = tr(lang, "NTK 下的频率", "Frequencies under NTK");
    table.values.resize(pairs, 3);
    for (int i = 0; i < pairs; ++i) {
        table.values.row(i) << theta(i), ntk.inv_freq(i), ntk.inv_freq(i) / theta(i);
        table.row_labels.push_back(pair_label(i, lang));
    }
    table.col_labels = {"θᵢ", "θ′ᵢ (NTK)", "θ′ᵢ/θᵢ"};
    table.decimals = 6;
    table.row_axis = tr(lang, "对", "pair");
    table.notes.push_back(tr(lang, "因子为 s^(−2i/(d−2))：从 1 几何地降到 1/s。", "The factor is s^(−2i/(d−2)): from 1 down to 1/s, geometrically."));
    return {curve, table};
}

// Step 6: dynamic NTK against the sequence length.
std::vector<LegacyView> step6_views(const ParamSet& p, Lang lang) {
    const Inputs in = read_inputs(p);
    const int pairs = in.d / 2;
    LegacyView curve;
    curve.kind = ViewKind::Curve;
    curve.title = tr(lang, "动态 NTK 的底数随序列长度变化（log₁₀）", "Dynamic NTK base against sequence length (log₁₀)");
    curve.row_axis = "log₁₀ base(seq_len)";
    curve.col_axis = "seq_len";
    const double span = std::max(4.0 * in.L, 1.25 * in.seq_len);
    std::vector<double> y;
    for (int s = 0; s <= 400; ++s) {
        const double seq = std::max(1.0, span * s / 400);
        curve.x.push_back(seq);
        y.push_back(std::log10(rope_dynamic_base(in.base, in.d, in.factor, in.L, static_cast<int>(std::lround(seq)))));
    }
    curve.series = {y};
    curve.series_labels = {tr(lang, "动态 NTK", "dynamic NTK")};
    curve.vlines_x = {static_cast<double>(in.L), static_cast<double>(in.seq_len)};
    curve.vline_labels = {"L", "seq_len"};

    LegacyView table;
    table.kind = ViewKind::Table;
    table.title = tr(lang, "几个序列长度下的底数", "The base at a few sequence lengths");
    const std::vector<double> seqs = {in.L / 2.0, static_cast<double>(in.L), 1.5 * in.L, 2.0 * in.L,
                                      in.factor * in.L, static_cast<double>(in.seq_len)};
    table.values.resize(static_cast<Eigen::Index>(seqs.size()), 3);
    const Eigen::VectorXd theta = rope_default_inv_freq(in.d, in.base);
    for (std::size_t r = 0; r < seqs.size(); ++r) {
        const int seq = static_cast<int>(std::lround(seqs[r]));
        const double b = rope_dynamic_base(in.base, in.d, in.factor, in.L, seq);
        const Eigen::VectorXd th = rope_default_inv_freq(in.d, b);
        table.values.row(static_cast<Eigen::Index>(r)) << seq, b, th(pairs - 1) / theta(pairs - 1);
    }
    table.row_labels = {"L/2", "L", "1.5·L", "2·L", "s·L", "seq_len"};
    table.col_labels = {"seq_len", tr(lang, "底数", "base"), tr(lang, "最后一对 θ′/θ", "last pair θ′/θ")};
    table.col_decimals = {0, -1, -1};
    table.decimals = 6;
    table.row_axis = "";
    const double at_sl = rope_dynamic_base(in.base, in.d, in.factor, in.L, static_cast<int>(std::lround(in.factor * in.L)));
    table.notes.push_back(tr(lang, "seq_len ≤ L 时底数保持 ", "For seq_len ≤ L the base stays ") + num(in.base) +
                          tr(lang, "（公式括号内为 1）。", " (the bracket equals 1)."));
    table.notes.push_back(tr(lang, "seq_len = s·L 时底数 = ", "At seq_len = s·L the base is ") + num(at_sl) +
                          tr(lang, "，而静态 NTK 的底数 = ", ", while static NTK's is ") +
                          num(rope_ntk_base(in.base, in.d, in.factor)) +
                          tr(lang, "：括号里是 s² − s + 1 而不是 s。", ": the bracket is s² − s + 1, not s."));
    return {curve, table};
}

// Step 7: YaRN's correction range and ramp; Llama 3's bands.
std::vector<LegacyView> step7_views(const ParamSet& p, Lang lang) {
    const Inputs in = read_inputs(p);
    const int pairs = in.d / 2;
    const Eigen::VectorXd theta = rope_default_inv_freq(in.d, in.base);
    const RopeScalingResult yarn = scaled(in, RopeScaling::yarn);
    const RopeScalingResult llama = scaled(in, RopeScaling::llama3);
    const double raw_low = yarn_find_correction_dim(in.beta_fast, in.d, in.base, in.L);
    const double raw_high = yarn_find_correction_dim(in.beta_slow, in.d, in.base, in.L);
    const auto range = yarn_find_correction_range(in.beta_fast, in.beta_slow, in.d, in.base, in.L, true);

    LegacyView curve;
    curve.kind = ViewKind::Curve;
    curve.title = tr(lang, "每对的缩放因子 θ′ᵢ/θᵢ：YaRN 与 Llama 3", "Per-pair scale factor θ′ᵢ/θᵢ: YaRN and Llama 3");
    curve.row_axis = "θ′ᵢ/θᵢ";
    curve.col_axis = tr(lang, "对 i", "pair i");
    curve.x = pair_axis(pairs);
    curve.series = {ratio_series(yarn.inv_freq, theta), ratio_series(llama.inv_freq, theta)};
    curve.series_labels = {"YaRN", "Llama 3"};
    if (range.first <= pairs - 1) {
        curve.vlines_x.push_back(range.first);
        curve.vline_labels.push_back("YaRN low");
    }
    if (range.second <= pairs - 1) {
        curve.vlines_x.push_back(range.second);
        curve.vline_labels.push_back("YaRN high");
    }

    LegacyView ytable;
    ytable.kind = ViewKind::Table;
    ytable.title = tr(lang, "YaRN：修正区间与注意力因子", "YaRN: correction range and attention factor");
    ytable.values.resize(6, 1);
    ytable.values << raw_low, range.first, raw_high, range.second, yarn.attention_factor,
        yarn.attention_factor * yarn.attention_factor;
    ytable.row_labels = {tr(lang, "dim(β_fast)（原值）", "dim(β_fast) (raw)"), tr(lang, "low = max(floor, 0)", "low = max(floor, 0)"),
                         tr(lang, "dim(β_slow)（原值）", "dim(β_slow) (raw)"), tr(lang, "high = min(ceil, d − 1)", "high = min(ceil, d − 1)"),
                         tr(lang, "注意力因子 0.1·ln s + 1", "attention factor 0.1·ln s + 1"),
                         tr(lang, "分数放大倍数（因子²）", "score scale (factor²)")};
    ytable.col_labels = {tr(lang, "值", "value")};
    ytable.decimals = 6;
    ytable.row_axis = "";
    ytable.notes.push_back(tr(lang, "dim(r) = d·ln(L/(2πr))/(2·ln base)：在 L 个位置内恰好转 r 圈的那一对的下标。",
                              "dim(r) = d·ln(L/(2πr))/(2·ln base): the index of the pair that turns r times within L."));
    ytable.notes.push_back(tr(lang, "HF 把 high 截到 d − 1 而不是 d/2 − 1；下标 ≥ high 的对全部插值（除以 s），≤ low 的保持不变。",
                              "HF clamps high at d − 1, not d/2 − 1; pairs at or above high are fully interpolated "
                              "(divided by s), pairs at or below low are kept."));

    LegacyView ltable;
    ltable.kind = ViewKind::Table;
    ltable.title = tr(lang, "Llama 3：三个频段", "Llama 3: three bands");
    int counts[3] = {0, 0, 0};
    for (int i = 0; i < pairs; ++i) {
        const Llama3Band band = llama3_band(2 * kPi / theta(i), in.L, in.low_ff, in.high_ff);
        ++counts[band == Llama3Band::high ? 0 : band == Llama3Band::medium ? 1 : 2];
    }
    ltable.values.resize(3, 3);
    const double nan = std::numeric_limits<double>::quiet_NaN();
    ltable.values << counts[0], 0.0, in.L / in.high_ff, counts[1], in.L / in.high_ff, in.L / in.low_ff, counts[2],
        in.L / in.low_ff, nan;
    ltable.row_labels = {tr(lang, "高频：λ < L/high_ff，不变", "high: λ < L/high_ff, kept"),
                         tr(lang, "中频：平滑插值", "medium: smoothly interpolated"),
                         tr(lang, "低频：λ > L/low_ff，除以 s", "low: λ > L/low_ff, divided by s")};
    ltable.col_labels = {tr(lang, "对数", "pairs"), tr(lang, "λ 下界", "λ from"), tr(lang, "λ 上界", "λ to")};
    ltable.col_decimals = {0, -1, -1};
    ltable.decimals = 2;
    ltable.row_axis = "";
    ltable.notes.push_back(tr(lang, "中频：θ′ = (1 − w)·θ/s + w·θ，w = (L/λ − low_ff)/(high_ff − low_ff)。",
                              "Medium band: θ′ = (1 − w)·θ/s + w·θ with w = (L/λ − low_ff)/(high_ff − low_ff)."));
    return {curve, ytable, ltable};
}

// Step 8: every strategy side by side.
std::vector<LegacyView> step8_views(const ParamSet& p, Lang lang) {
    const Inputs in = read_inputs(p);
    const int pairs = in.d / 2;
    const Eigen::VectorXd theta = rope_default_inv_freq(in.d, in.base);
    LegacyView curve;
    curve.kind = ViewKind::Curve;
    curve.title = tr(lang, "每对的缩放因子 θ′ᵢ/θᵢ：全部策略", "Per-pair scale factor θ′ᵢ/θᵢ: every strategy");
    curve.row_axis = "θ′ᵢ/θᵢ";
    curve.col_axis = tr(lang, "对 i", "pair i");
    curve.x = pair_axis(pairs);
    LegacyView table;
    table.kind = ViewKind::Table;
    table.title = tr(lang, "每种策略：保护了什么，代价是什么", "Each strategy: what it protects and what it costs");
    table.values.resize(6, 5);
    int row = 0;
    for (RopeScaling s : all_scalings()) {
        const RopeScalingResult r = scaled(in, s);
        const std::vector<double> ratio = ratio_series(r.inv_freq, theta);
        curve.series.push_back(ratio);
        curve.series_labels.push_back(scaling_label(s, lang));
        int kept = 0, full = 0;
        for (double x : ratio) {
            if (std::fabs(x - 1.0) < 1e-3) ++kept;
            if (std::fabs(x * in.factor - 1.0) < 1e-3) ++full;
        }
        table.values.row(row) << ratio.front(), ratio.back(), kept, full, r.attention_factor;
        table.row_labels.push_back(scaling_label(s, lang));
        ++row;
    }
    table.col_labels = {tr(lang, "第 0 对", "pair 0"), tr(lang, "最后一对", "last pair"), tr(lang, "不变", "kept"),
                        tr(lang, "除以 s", "÷ s"), tr(lang, "注意力", "attention")};
    table.col_decimals = {-1, -1, 0, 0, -1};
    table.decimals = 4;
    table.row_axis = tr(lang, "策略", "strategy");
    table.notes = {
        tr(lang, "列：第 0 对与最后一对的 θ′/θ、不变的对数、除以 s 的对数、注意力因子。",
           "Columns: θ′/θ of pair 0 and of the last pair, pairs kept, pairs divided by s, attention factor."),
        tr(lang, "线性（PI）：保护——不出现没见过的角度；代价——所有对都变慢，局部细节被压缩。",
           "linear (PI): protects against unseen angles; costs local detail, since every pair slows down."),
        tr(lang, "NTK：保护高频（局部）；代价——低频只被部分插值，效果对 s 敏感。",
           "NTK: protects the high frequencies (local detail); costs: the slow pairs are only partly interpolated, "
           "and results are sensitive to s."),
        tr(lang, "动态 NTK：短序列完全不变；代价——底数随长度变化，同一位置在不同长度下旋转不同。",
           "dynamic NTK: leaves short sequences untouched; costs: the base moves with the length, so one position "
           "rotates differently at different lengths."),
        tr(lang, "YaRN：按圈数分段，高频保留、低频插值，并校正注意力温度；代价——实现与调参更复杂。",
           "YaRN: keeps fast pairs, interpolates slow ones and corrects the attention temperature; costs: more "
           "parts and parameters to tune."),
        tr(lang, "Llama 3：按波长分三段平滑过渡；代价——需要 low/high 因子和原始长度这些额外设定。",
           "Llama 3: three wavelength bands with a smooth middle; costs: extra settings (low/high factors, "
           "original length)."),
    };
    return {curve, table};
}

// Step 9: mean score against distance for random q (k = q), beyond the original length.
std::vector<LegacyView> step9_views(const ParamSet& p, Lang lang) {
    const Inputs in = read_inputs(p);
    const int pairs = in.d / 2;
    const Eigen::VectorXd theta = rope_default_inv_freq(in.d, in.base);
    // Mean over random q of ⟨R_m q, R_(m+Δ) q⟩ = Σᵢ E|qᵢ|² cos(Δθᵢ): the pair weights, averaged over samples.
    SplitMix64 rng(static_cast<std::uint64_t>(in.seed));
    const int samples = 64;
    Eigen::VectorXd weight = Eigen::VectorXd::Zero(pairs);
    for (int s = 0; s < samples; ++s)
        for (int i = 0; i < pairs; ++i) {
            const double a = rng.next_signed(), b = rng.next_signed();
            weight(i) += (a * a + b * b) / samples;
        }
    const double norm = weight.sum();
    // Binned means: each point averages the score over integer distances in its bin, which shows the trend
    // instead of the fast pairs' oscillation.
    const int bins = 128, per_bin = 32;
    const double span = std::max(in.seq_len, in.L + 1);
    const double width = span / bins;
    LegacyView curve;
    curve.kind = ViewKind::Curve;
    curve.title = tr(lang, "随机 q（k = q）的平均分数随距离的变化（分箱平均）", "Mean score against distance for random q (k = q), binned");
    curve.row_axis = tr(lang, "平均分数（Δ = 0 处归一为 1）", "mean score (1 at Δ = 0)");
    curve.col_axis = "Δ";
    for (int b = 0; b < bins; ++b) curve.x.push_back((b + 0.5) * width);
    LegacyView table;
    table.kind = ViewKind::Table;
    table.title = tr(lang, "L 之内与之外", "Within and beyond L");
    table.values.resize(6, 4);
    int row = 0;
    for (RopeScaling s : all_scalings()) {
        const RopeScalingResult r = scaled(in, s);
        const double att2 = r.attention_factor * r.attention_factor;
        std::vector<double> y;
        double in_sum = 0, out_sum = 0, out_min = std::numeric_limits<double>::infinity();
        int in_n = 0, out_n = 0;
        for (double centre : curve.x) {
            double v = 0.0;
            for (int k = 0; k < per_bin; ++k) {
                const double dlt = std::floor(centre - width / 2 + width * (k + 0.5) / per_bin);
                for (int i = 0; i < pairs; ++i) v += weight(i) * std::cos(dlt * r.inv_freq(i));
            }
            v = att2 * v / (norm * per_bin);
            y.push_back(v);
            if (centre <= in.L) {
                in_sum += v;
                ++in_n;
            } else {
                out_sum += v;
                ++out_n;
                out_min = std::min(out_min, v);
            }
        }
        curve.series.push_back(y);
        curve.series_labels.push_back(scaling_label(s, lang));
        table.values.row(row) << pairs_with_unseen_angles(theta, r.inv_freq, in.L, in.seq_len),
            (in_n ? in_sum / in_n : 0.0), (out_n ? out_sum / out_n : 0.0), (out_n ? out_min : 0.0);
        table.row_labels.push_back(scaling_label(s, lang));
        ++row;
    }
    curve.vlines_x = {static_cast<double>(in.L)};
    curve.vline_labels = {tr(lang, "训练长度 L", "training length L")};
    table.col_labels = {tr(lang, "新角度的对", "unseen pairs"), tr(lang, "均值 Δ≤L", "mean Δ≤L"),
                        tr(lang, "均值 Δ>L", "mean Δ>L"), tr(lang, "最小 Δ>L", "min Δ>L")};
    table.col_decimals = {0, -1, -1, -1};
    table.decimals = 4;
    table.row_axis = tr(lang, "策略", "strategy");
    table.notes.push_back(tr(lang, "评估长度 seq_len = ", "Evaluated length seq_len = ") + std::to_string(in.seq_len) +
                          ", L = " + std::to_string(in.L) + ", s = " + num(in.factor) +
                          tr(lang, "；q 的 ", "; q averaged over ") + std::to_string(samples) +
                          tr(lang, " 个样本（种子 ", " samples (seed ") + std::to_string(in.seed) + tr(lang, "）。", ")."));
    table.notes.push_back(tr(lang, "“新角度的对”：训练中没转满一圈的对，在 seq_len 内越过训练中最大角度一个位置以上。",
                             "Unseen pairs: pairs that never completed a turn in training and, within seq_len, go more "
                             "than one position's step past the largest angle they reached in training."));
    table.notes.push_back(tr(lang, "曲线每个点是一个宽 seq_len/128 的区间内 32 个整数距离的平均。",
                             "Each point of the curve averages 32 integer distances in a bin of width seq_len/128."));
    table.notes.push_back(tr(lang, "YaRN 的曲线含注意力因子的平方 ", "YaRN's curve includes its attention factor squared, ") +
                          num(yarn_get_mscale(in.factor) * yarn_get_mscale(in.factor)) + tr(lang, "。", "."));
    return {curve, table};
}

// [SECTION] lesson definition (bilingual text)
Lesson make_lesson() {
    Lesson lesson;
    lesson.id = "long-context";
    lesson.title = {"长上下文：ALiBi、底数与 RoPE 缩放", "Long context: ALiBi, the base, RoPE scaling"};
    lesson.params = lesson_params();
    lesson.result_shape = [](const ParamSet& p) {  // per-pair tables and curves sampled at a fixed count, ALiBi heads×L
        const long long d = lessonui::choice_int_param(p, "d", 128), L = p.geti("L"), h = p.geti("heads");
        return std::vector<long long>{std::max({d, L * h, 1024LL}), 8};
    };

    lesson.steps.push_back(Step{
        {"外推与相位绕回", "Extrapolation and phase wrap"},
        {"在 L 个位置上训练的模型，对每一对只见过 m < L 时的角度 m·θᵢ。波长 2π/θᵢ 短于 L 的对在训练中已转过整圈，"
         "L 之后只是重复见过的角度；慢的对在训练中没转满一圈，过了 L 就会转到从未见过的角度，外推正是在这里失效。"
         "曲线画出各对角度对 2π 取模后随位置的变化，竖线标出训练长度。",
         "A model trained on L positions has seen, for each pair, only the angles m·θᵢ with m < L. A pair whose "
         "wavelength 2π/θᵢ is shorter than L has turned full circles in training, so beyond L it repeats angles it "
         "knows; a slow pair never completed a turn, and past L it reaches angles never seen, which is where "
         "extrapolation breaks. The curve plots each angle modulo 2π against position, with a line at the "
         "training length."},
        {"d", "log10_base", "original_max"},
        legacy(step1_views)});

    lesson.steps.push_back(Step{
        {"底数的影响", "The effect of the base"},
        {"底数越大，除第 0 对外每个频率都越低：旋转变慢，训练长度内转满的对更少、绕回更晚，"
         "但相邻位置看起来更相似，局部分辨率变粗。底数越小则相反。表格对几个底数分别度量这两面。"
         "种子 004 §5.3 的一句话总结把方向说反了，与它自己的详述矛盾；本课以数值为准。",
         "A larger base lowers every frequency except pair 0's: rotation slows down, fewer pairs wrap inside the "
         "training length and wrapping comes later, but neighbouring positions look more alike, so local "
         "resolution gets coarser. A smaller base does the reverse. The table measures both sides for several "
         "bases. Seed 004's one-line summary in §5.3 states the direction the other way round, contradicting its "
         "own detailed points; the lesson follows the numbers."},
        {"d", "log10_base", "original_max"},
        legacy(step2_views)});

    lesson.steps.push_back(Step{
        {"ALiBi：每个头一条线性惩罚", "ALiBi: a linear penalty per head"},
        {"ALiBi 给查询 i 之前（含 i）的每个键 j 的 logit 加上 −m_h·(i − j)，每个头的斜率固定，来自参考实现的 get_slopes："
         "头数为 2 的幂时是等比数列，否则先取最近的较小 2 的幂的斜率，再隔一个取下一个幂的斜率，结果不再有序。"
         "距离 Δ 的偏置只依赖 Δ，所以任何长度下图案都一样，没有绕回、没有没见过的值，代价是远处的键无论多相关都被压低。"
         "参考代码其实给每一行加的是 m·j，依靠 softmax 对每行常数不变；注释核对了两者的权重相同。点击第一张热力图的一行选择头。",
         "ALiBi adds −m_h·(i − j) to the logit of every key j at or before query i, with a fixed slope per head "
         "from the reference get_slopes: a geometric sequence for a power-of-2 head count; otherwise the slopes of "
         "the nearest smaller power of 2 followed by every other slope of the next power, so they are no longer "
         "sorted. The bias at distance Δ depends only on Δ, so the pattern is the same at any length, with no wrap "
         "and nothing unseen; the price is that a distant key is always penalised, however relevant. The "
         "reference code actually adds m·j to every row and relies on softmax ignoring a per-row constant; the "
         "notes check that both give the same weights. Click a row of the first heatmap to pick a head."},
        {"heads", "L", "head", "mode"},
        legacy(step3_views)});

    lesson.steps.push_back(Step{
        {"位置插值（PI）", "Position interpolation (PI)"},
        {"位置插值先把每个位置除以 s 再旋转；HF 把它写成 θᵢ/s，乘积相同。于是长 s 倍的序列正好覆盖训练时见过的角度范围，"
         "不会出现新角度。代价落在近处：相邻位置只差 θᵢ/s，负责局部细节的快对和慢对被压缩得一样多。",
         "Position interpolation divides every position by s before rotating; HF applies it as θᵢ/s, which gives "
         "the same product. A sequence s times longer then covers exactly the range of angles seen in training, so "
         "nothing is new. The price is paid at short range: neighbouring positions now differ by θᵢ/s, and the fast "
         "pairs that carry local detail are squeezed as much as the slow ones."},
        {"d", "log10_base", "original_max", "factor"},
        legacy(step4_views)});

    lesson.steps.push_back(Step{
        {"NTK 感知缩放", "NTK-aware scaling"},
        {"NTK 感知缩放不把每个频率都除以 s，而是放大底数：base′ = base·s^(d/(d−2))。第 i 对于是慢了 s^(−2i/(d−2)) 倍："
         "最快的一对恰好不变，最慢的一对恰好除以 s，中间按几何级数过渡。高频保留局部细节，低频像 PI 一样被插值。",
         "Instead of dividing every frequency by s, NTK-aware scaling enlarges the base: base′ = base·s^(d/(d−2)). "
         "Pair i then slows down by s^(−2i/(d−2)): exactly 1 for the fastest pair and exactly 1/s for the slowest, "
         "with a geometric transition in between. High frequencies keep their local detail; the low ones are "
         "interpolated as in PI."},
        {"d", "log10_base", "factor"},
        legacy(step5_views)});

    lesson.steps.push_back(Step{
        {"动态 NTK", "Dynamic NTK"},
        {"动态 NTK 按当前序列长度重新计算底数，与 HF 的 _compute_dynamic_ntk_parameters 一致："
         "base·((s·seq/L) − (s − 1))^(d/(d−2))，其中 seq = max(seq_len, L)。在训练长度以内括号等于 1，什么都不变；"
         "超过之后底数随长度增长。在 seq_len = s·L 处它并不等于静态 NTK 的底数，表格把两者并列。",
         "Dynamic NTK recomputes the base from the current sequence length, as HF's "
         "_compute_dynamic_ntk_parameters does: base·((s·seq/L) − (s − 1))^(d/(d−2)) with seq = max(seq_len, L). Up "
         "to the training length the bracket is 1 and nothing changes; beyond it the base grows with the length. "
         "At seq_len = s·L it is not the static NTK base, as the table shows side by side."},
        {"d", "log10_base", "original_max", "factor", "seq_len"},
        legacy(step6_views)});

    lesson.steps.push_back(Step{
        {"YaRN 与 Llama 3", "YaRN and Llama 3"},
        {"YaRN 按各对在训练长度内转过的圈数分段：find_correction_dim 把 β_fast 圈和 β_slow 圈换算成对的下标，"
         "再向下、向上取整（HF 的 truncate 默认开启）；区间以下的对保持频率，以上的除以 s，中间用线性斜坡混合。"
         "它还把 cos、sin 乘以 0.1·ln s + 1，分数因此放大该因子的平方。Llama 3 改用波长分段："
         "短于 L/high_freq_factor 的不变，长于 L/low_freq_factor 的除以 s，中间平滑插值。",
         "YaRN splits the pairs by how many turns they make within the training length: find_correction_dim turns "
         "β_fast and β_slow turns into pair indices, floored and ceiled (HF's truncate default); pairs below the "
         "range keep their frequency, pairs above are divided by s, and a linear ramp blends in between. It also "
         "multiplies cos and sin by 0.1·ln s + 1, so scores grow by its square. Llama 3 uses wavelengths instead: "
         "shorter than L/high_freq_factor unchanged, longer than L/low_freq_factor divided by s, and a smooth "
         "interpolation in between."},
        {"d", "log10_base", "original_max", "factor", "beta_fast", "beta_slow", "low_freq_factor", "high_freq_factor"},
        legacy(step7_views)});

    lesson.steps.push_back(Step{
        {"并排比较：每一维的缩放因子", "Side by side: the per-dimension scale factor"},
        {"这里把每种策略的 θ′ᵢ/θᵢ 画在同一张图上，表格把每条曲线归结为几个数。"
         "读法：一种方法放过了哪些对（保护局部细节），又放慢了哪些对（让远距离变得熟悉），代价是什么。",
         "Every strategy's θ′ᵢ/θᵢ is drawn against the pair index on one chart, and the table reduces each curve "
         "to a few numbers. Read it as: which pairs a method leaves alone (local detail protected), which it slows "
         "down (long range made familiar), and what that costs."},
        {"d", "log10_base", "original_max", "factor", "seq_len", "beta_fast", "beta_slow", "low_freq_factor",
         "high_freq_factor"},
        legacy(step8_views)});

    lesson.steps.push_back(Step{
        {"诊断：超出训练长度时", "Diagnosis beyond the training length"},
        {"取随机查询 q 并令 k = q（同一内容出现在两个位置），距离 Δ 处的平均分数是各对 cos(Δ·θ′ᵢ) 的加权和。"
         "不缩放时，L 之后的曲线由停在没见过角度上的慢对决定；每种缩放之后，表格统计在 seq_len 之内仍会遇到新角度的对数。"
         "YaRN 的分数包含其注意力因子的平方。",
         "Take random queries q and set k = q (the same content at two positions): the mean score at distance Δ "
         "is a weighted sum of cos(Δ·θ′ᵢ) over the pairs. Without scaling, the curve beyond L is driven by slow "
         "pairs at angles never seen in training; after each scaling, the table counts the pairs that still meet "
         "unseen angles within seq_len. Scores under YaRN include its attention factor squared."},
        {"d", "log10_base", "original_max", "factor", "seq_len", "seed"},
        legacy(step9_views)});
    return lesson;
}

}  // namespace

const Lesson* lesson_long_context() {
    static const Lesson lesson = make_lesson();
    return &lesson;
}

}  // namespace pelab
