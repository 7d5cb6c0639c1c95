// PE Lab — lessons/open_models/steps_1_3.cpp
// Steps 1–3 of lesson "open-models": partial rotation (GPT-NeoX `rotary_pct`, Phi `partial_rotary_factor`:
// only the first rotary_dim numbers of q and k turn, so the score is a relative part plus a position-free
// content part), two RoPE bases in one model (Gemma 3: sliding-window layers with rope_local_base_freq, global
// layers with rope_theta; wavelengths against the window and the context), and layers without position
// encoding (NoPE; Llama 4 leaves RoPE out of every 4th layer: a causal mask alone gives token 0 the weight
// 1/(i + 1); Llama 4's attention temperature in those layers). Also the parameter rows these steps declare.
// Every number shown comes from core (open_models.h, rope.h, odometer.h).
// Comments are English only: the font subset is built from the characters inside .cpp string literals.
//
// [SECTION] parameters
// [SECTION] step 1: partial rotation
// [SECTION] step 2: two bases
// [SECTION] step 3: layers without position encoding
#include <algorithm>
#include <cmath>
#include <string>
#include <vector>

#include "core/odometer.h"
#include "core/open_models.h"
#include "core/random.h"
#include "core/rope.h"
#include "lessons/lesson_util.h"
#include "lessons/open_models/open_models_lesson.h"

namespace pelab {
namespace open_models_lesson {

using namespace lessonui;  // shared display helpers (lessons/lesson_util.h)

// [SECTION] parameters
std::vector<ParamRow<Inputs>> rows_steps_1_3() {
    return {
        // HF's config names (head_dim, rope_theta) are accepted too: the whole lesson shares one d and one base.
        {Key::shared("d").range(2, 256).def("128").multiple_of(2)
             .about({"每个注意力头的维度 d（偶数）", "head dimension d (even)"}).alias("head_dim"), &Inputs::d},
        {Key::shared("base").range(3.1622776601683795, 1e9).def("10000").alias("rope_theta"), &Inputs::base},
        {Key::shared("rotary_dim").range(2, 256).def("32")
             .about({"转动的维度数：q、k 的前 rotary_dim 个数旋转，其余原样通过（超过 d 时按 d 计）",
                     "rotating dimensions: the first rotary_dim numbers of q and k turn, the rest pass through (above d it counts as d)"}),
         &Inputs::rotary_dim},
        {Key::shared("L").range(2, 64).def("16"), &Inputs::L},
        {Key::shared("seed").def("1"), &Inputs::seed},
        {Key::real("local_base", 2, 1e9, "10000",
                   {"滑动窗口（局部）层的 RoPE 底数（Gemma 3 的 rope_local_base_freq）",
                    "RoPE base of the sliding-window (local) layers (Gemma 3 rope_local_base_freq)"}),
         &Inputs::local_base},
        {Key::real("global_base", 2, 1e9, "1000000",
                   {"全局层的 RoPE 底数（Gemma 3 的 rope_theta）", "RoPE base of the global layers (Gemma 3 rope_theta)"}),
         &Inputs::global_base},
        {Key::integer("window", 1, 1048576, "1024",
                      {"局部层的滑动窗口长度（Gemma 3 发布的模型为 1024）",
                       "sliding window of the local layers (1024 in the released Gemma 3 models)"}),
         &Inputs::window},
        {Key::integer("context", 2, 16777216, "131072",
                      {"全局层要覆盖的上下文长度", "context length the global layers serve"}),
         &Inputs::context},
        {Key::shared("attn_scale").range(0, 10).def("0.1")
             .about({"Llama 4 NoPE 层温度的强度 attn_scale（默认 0.1）", "Llama 4: strength attn_scale of the NoPE layers' temperature (0.1 by default)"}),
         &Inputs::attn_scale},
        {Key::shared("floor_scale").range(1, 100000000).def("8192")
             .about({"Llama 4 温度的分段长度 floor_scale（默认 8192 个位置）", "Llama 4: step length floor_scale of the temperature (8192 positions by default)"}),
         &Inputs::floor_scale},
        {Key::integer("temperature_length", 16, 16777216, "131072",
                      {"注意力温度曲线画到的最大位置", "last position on the attention-temperature curve"}),
         &Inputs::temperature_length},
    };
}

namespace {

// Points on the temperature curve: positions 0, stride, 2·stride, … up to temperature_length.
constexpr int kTemperatureSamples = 1200;

long long temperature_stride(int length) { return std::max(1, length / kTemperatureSamples); }

}  // namespace

long long largest_array_steps_1_3(const ParamSet& p) {
    const Inputs in = read_inputs(p);
    const long long L = in.L;
    const long long samples = in.temperature_length / temperature_stride(in.temperature_length) + 2;
    return std::max({4 * L * L, static_cast<long long>(in.d) * 4, samples * 2});
}

// [SECTION] step 1: partial rotation
namespace {
// The random q, k of step 1 (d numbers each in [−1, 1), query first).
void random_qk(const Inputs& in, Eigen::VectorXd* q, Eigen::VectorXd* k) {
    SplitMix64 rng(static_cast<std::uint64_t>(in.seed));
    *q = random_signed_matrix(in.d, 1, rng).col(0);
    *k = random_signed_matrix(in.d, 1, rng).col(0);
}

// rotary_dim as the model uses it: at most d (a wider request turns the whole head).
int rotating_width(const Inputs& in) { return std::min(in.rotary_dim, in.d); }

HeatmapView score_heatmap(const Eigen::MatrixXd& M, Lang lang, const char* part_zh, const char* part_en) {
    HeatmapView h = qk_matrix(M, lang);
    h.is_signed = true;
    h.decimals = 2;
    const int L = static_cast<int>(M.rows());
    const std::string zh = part_zh, en = part_en;
    h.explain = [M, L, lang, zh, en](int r, int c) -> std::string {
        if (r < 0 || c < 0 || r >= L || c >= L) return "";
        return say(lang, {"m = {m}，n = {n}，n − m = {delta}：{part} = {v}", "m = {m}, n = {n}, n − m = {delta}: {part} = {v}"},
                   {{"m", integer(r)}, {"n", integer(c)}, {"delta", integer(c - r)}, {"part", lang == Lang::zh ? zh : en},
                    {"v", num(M(r, c), 4)}});
    };
    return h;
}

std::vector<ViewData> partial_rotation_views(const Inputs& in, Lang lang) {
    Eigen::VectorXd q, k;
    random_qk(in, &q, &k);
    const int r = rotating_width(in);
    // HF GPT-NeoX / Phi: rotate_half within the rotating numbers.
    const RopeScoreParts parts = partial_rope_score_parts(in.L, r, in.base, q, k, RopeLayout::half);
    const Eigen::MatrixXd whole = partial_rope_scores(in.L, r, in.base, q, k, RopeLayout::half);
    const Eigen::VectorXd theta = rope_default_inv_freq(r, in.base);
    const std::vector<double> wavelengths = pair_wavelengths(theta);

    std::vector<std::string> rel_notes = {
        say(lang, {"d = {d} 个数里前 rotary_dim = {r} 个旋转（{pairs} 对，占 {share}），θᵢ = base^(−2i/{r})；其余 {pass} 个原样通过。",
                   "Of the d = {d} numbers the first rotary_dim = {r} turn ({pairs} pairs, {share} of the head), θᵢ = base^(−2i/{r}); the other {pass} pass through."},
            {{"d", integer(in.d)}, {"r", integer(r)}, {"pairs", integer(r / 2)}, {"share", num(static_cast<double>(r) / in.d, 4)},
             {"pass", integer(in.d - r)}}),
        say_error(lang, {"旋转部分离 Toeplitz 的距离 = {err}{hint}：它只看 n − m。", "Distance of the rotating part from Toeplitz = {err}{hint}: it sees n − m only."},
                  toeplitz_residual(parts.relative)),
        say(lang, {"最慢一对的波长 2π/θ = {slow} 个位置（分母用 rotary_dim，而不是 d）。",
                   "The slowest pair's wavelength 2π/θ = {slow} positions (the exponent divides by rotary_dim, not d)."},
            {{"slow", num(wavelengths.empty() ? 0.0 : wavelengths.back(), 4)}}),
    };
    if (in.rotary_dim > in.d)
        rel_notes.push_back(say(lang, {"rotary_dim = {asked} 大于 d = {d}，按 d 计：整个头都旋转。",
                                       "rotary_dim = {asked} exceeds d = {d} and counts as d: the whole head turns."},
                                {{"asked", integer(in.rotary_dim)}, {"d", integer(in.d)}}));

    const double content = parts.content.size() > 0 ? parts.content(0, 0) : 0.0;
    std::vector<std::string> content_notes = {
        say(lang, {"每个格子都等于 ⟨q_pass, k_pass⟩ = {c}（后 {pass} 个数的点积）。",
                   "Every cell equals ⟨q_pass, k_pass⟩ = {c} (the dot product of the last {pass} numbers)."},
            {{"c", num(content, 6)}, {"pass", integer(in.d - r)}}),
        say_error(lang, {"最大值减最小值 = {err}{hint}：这一部分不含任何位置信息。",
                         "Largest minus smallest cell = {err}{hint}: this part carries no position at all."},
                  parts.content.size() > 0 ? parts.content.maxCoeff() - parts.content.minCoeff() : 0.0),
    };

    const Eigen::MatrixXd sum = parts.relative + parts.content;
    std::vector<std::string> whole_notes = {
        say_error(lang, {"整个分数 ⟨R_m q, R_n k⟩ 与两部分之和的最大差 = {err}{hint}。",
                         "Largest difference between the whole score ⟨R_m q, R_n k⟩ and the sum of the two parts = {err}{hint}."},
                  max_abs(whole - sum)),
        say_error(lang, {"整个分数离 Toeplitz 的距离 = {err}{hint}：加上常数仍是相对的。",
                         "Distance of the whole score from Toeplitz = {err}{hint}: adding a constant keeps it relative."},
                  toeplitz_residual(whole)),
    };

    return {
        make_view(say(lang, {"旋转部分：前 rotary_dim 个数的分数", "Rotating part: the score of the first rotary_dim numbers"}),
                  score_heatmap(parts.relative, lang, "旋转部分", "rotating part"), std::move(rel_notes)),
        make_view(say(lang, {"不旋转部分：处处相同的内容项", "Pass-through part: the same content term everywhere"}),
                  score_heatmap(parts.content, lang, "不旋转部分", "pass-through part"), std::move(content_notes)),
        make_view(say(lang, {"两部分之和：整个分数 S[m][n]", "The sum: the whole score S[m][n]"}),
                  score_heatmap(whole, lang, "整个分数", "whole score"), std::move(whole_notes)),
    };
}

}  // namespace

Step partial_rotation() {
    return {
        "partial-rotation",
        {"部分旋转：只转前 rotary_dim 个数", "Partial rotation: only the first rotary_dim numbers turn"},
        {"不少模型只让查询和键的一部分维度旋转。GPT-NeoX 用 rotary_pct，Phi 用 partial_rotary_factor，"
         "HF transformers 取 rotary_dim = int(d × 比例)：q、k 的前 rotary_dim 个数按 [[rope]] 旋转（在这一段内部用 rotate_half 的前后两半配对），"
         "其余 d − rotary_dim 个数原样通过。频率也只在这一段里分配，θᵢ = base^(−2i/rotary_dim)。"
         "于是分数分成两部分：旋转部分只看 n − m，是一个 [[toeplitz]] 矩阵；不旋转部分是 q 和 k 后半段的点积，在每个格子里都一样。"
         "上图分别画出这两部分和它们的和：加上一个常数不破坏相对性，但这个常数让头能只凭内容去匹配，与距离无关。",
         "Many models turn only part of the query and key. GPT-NeoX calls it rotary_pct, Phi partial_rotary_factor, and HF "
         "transformers takes rotary_dim = int(d × fraction): the first rotary_dim numbers of q and k turn as in [[rope]] (paired "
         "within that stretch by rotate_half's two halves), and the remaining d − rotary_dim numbers pass through unchanged. "
         "The frequencies are spread over that stretch only, θᵢ = base^(−2i/rotary_dim). So the score splits in two: the rotating "
         "part sees n − m only and forms a [[toeplitz]] matrix; the pass-through part is the dot product of the unturned tails of "
         "q and k, the same in every cell. The figures show the two parts and their sum: adding a constant keeps the score "
         "relative, and that constant lets the head match on content alone, whatever the distance."},
        {"d", "rotary_dim", "base", "L", "seed"},
        views_of(read_inputs, partial_rotation_views),
        {R"tex(S_{mn}=\underbrace{\langle R_m\,q_{1:r},\;R_n\,k_{1:r}\rangle}_{\text{depends on } n-m}+\underbrace{\langle q_{r+1:d},\;k_{r+1:d}\rangle}_{\text{constant}})tex",
         R"tex(\theta_i=b^{-2i/r},\quad i=0,\dots,\tfrac{r}{2}-1,\qquad r=\lfloor d\cdot\mathrm{partial\_rotary\_factor}\rfloor)tex"},
    };
}

// [SECTION] step 2: two bases
namespace {
// The count of pairs (of d/2) whose wavelength 2π/θᵢ fits inside `length` (at least one full turn).
int pairs_with_a_turn(const Eigen::VectorXd& theta, double length) {
    return static_cast<int>(theta.size()) - pairs_short_of_a_turn(theta, length);
}

std::vector<ViewData> two_bases_views(const Inputs& in, Lang lang) {
    const Eigen::VectorXd local = rope_default_inv_freq(in.d, in.local_base);
    const Eigen::VectorXd global = rope_default_inv_freq(in.d, in.global_base);
    const std::vector<double> local_wave = pair_wavelengths(local), global_wave = pair_wavelengths(global);

    CurveView curve;
    for (int i = 0; i < in.d / 2; ++i) curve.x.push_back(i);
    curve.series = {local_wave, global_wave};
    curve.series_labels = {say(lang, {"局部层（滑动窗口），底数 {b}", "local (sliding-window) layers, base {b}"}, {{"b", num(in.local_base)}}),
                           say(lang, {"全局层，底数 {b}", "global layers, base {b}"}, {{"b", num(in.global_base)}})};
    curve.x_axis = say(lang, {"频率对 i（0 转得最快）", "frequency pair i (0 turns fastest)"});
    curve.y_axis = say(lang, {"波长 2π/θᵢ（位置数，对数刻度）", "wavelength 2π/θᵢ (positions, log scale)"});
    curve.log_y = true;
    curve.hlines_y = {static_cast<double>(in.window), static_cast<double>(in.context)};
    curve.hline_labels = {say(lang, {"窗口 {w}", "window {w}"}, {{"w", integer(in.window)}}),
                          say(lang, {"上下文 {c}", "context {c}"}, {{"c", integer(in.context)}})};

    const int pairs = in.d / 2;
    const int local_window = pairs_with_a_turn(local, in.window), local_context = pairs_with_a_turn(local, in.context);
    const int global_window = pairs_with_a_turn(global, in.window), global_context = pairs_with_a_turn(global, in.context);
    std::vector<std::string> notes = {
        say(lang, {"局部层（底数 {b}）：{d2} 对里有 {w} 对在窗口 {win} 内转满一圈，{c} 对在上下文 {ctx} 内转满一圈；最慢一对的波长为 {slow}。",
                   "Local layers (base {b}): {w} of {d2} pairs complete a turn inside the window of {win}, {c} inside the context of {ctx}; the slowest pair's wavelength is {slow}."},
            {{"b", num(in.local_base)}, {"d2", integer(pairs)}, {"w", integer(local_window)}, {"win", integer(in.window)},
             {"c", integer(local_context)}, {"ctx", integer(in.context)}, {"slow", num(local_wave.back(), 4)}}),
        say(lang, {"全局层（底数 {b}）：{d2} 对里有 {w} 对在窗口 {win} 内转满一圈，{c} 对在上下文 {ctx} 内转满一圈；最慢一对的波长为 {slow}。",
                   "Global layers (base {b}): {w} of {d2} pairs complete a turn inside the window of {win}, {c} inside the context of {ctx}; the slowest pair's wavelength is {slow}."},
            {{"b", num(in.global_base)}, {"d2", integer(pairs)}, {"w", integer(global_window)}, {"win", integer(in.window)},
             {"c", integer(global_context)}, {"ctx", integer(in.context)}, {"slow", num(global_wave.back(), 4)}}),
        say(lang, {"同一对 i 的两个波长之比是 (全局底数/局部底数)^(2i/d)；最慢一对的比为 {ratio}。",
                   "For the same pair i the two wavelengths differ by (global base / local base)^(2i/d); for the slowest pair the ratio is {ratio}."},
            {{"ratio", num(global_wave.back() / local_wave.back(), 4)}}),
    };

    TableView table;
    table.values = RowMatrix(2, 3);
    table.values << local_wave.back(), local_window, local_context, global_wave.back(), global_window, global_context;
    table.row_labels = {say(lang, {"局部层", "local layers"}), say(lang, {"全局层", "global layers"})};
    table.col_labels = {say(lang, {"最长波长", "longest wavelength"}),
                        say(lang, {"窗口内转满的对数", "pairs turning inside the window"}),
                        say(lang, {"上下文内转满的对数", "pairs turning inside the context"})};
    table.corner = say(lang, {"层的类型", "layer type"});
    table.col_decimals = {0, 0, 0};

    return {
        make_view(say(lang, {"两种底数下每一对的波长，对比窗口与上下文", "Each pair's wavelength under the two bases, against the window and the context"}),
                  std::move(curve), std::move(notes)),
        make_view(say(lang, {"各有多少对转满一圈", "How many pairs complete a turn"}), std::move(table)),
    };
}

}  // namespace

Step two_bases() {
    return {
        "two-bases",
        {"一个模型里的两种底数", "Two bases in one model"},
        {"Gemma 3 交替使用两种注意力层：每 6 层里有 5 层是只看最近 window 个词元的滑动窗口（局部）层，1 层是看完整上下文的全局层"
         "（HF 配置里的 sliding_window_pattern = 6）。两种层的 RoPE [[base]] 不同：局部层用 rope_local_base_freq = 10⁴，"
         "全局层用 rope_theta = 10⁶。局部层只需要分辨窗口里的距离，所以较小的底数就够了，大多数频率对在窗口里就能转满一圈；"
         "全局层要覆盖 128K 的上下文，较大的底数把最慢几对的 [[wavelength]] 拉长到上下文那么长。"
         "曲线画出每一对在两种底数下的波长，两条水平线是窗口和上下文的长度；波长在某条线以下的对，在那段长度里至少转了一整圈。"
         "发布的 4B、12B、27B 模型在全局层上还做了系数为 8 的线性缩放，这里没有画出。",
         "Gemma 3 interleaves two kinds of attention layer: in every 6 layers, 5 are sliding-window (local) layers that see only "
         "the last window tokens and 1 is a global layer that sees the whole context (sliding_window_pattern = 6 in the HF "
         "configuration). The two kinds use different RoPE [[base]]s: the local layers rope_local_base_freq = 10⁴, the global "
         "layers rope_theta = 10⁶. A local layer only has to tell distances apart inside its window, so the smaller base "
         "suffices and most pairs complete a turn there; a global layer serves a 128K context, and the larger base stretches the "
         "slowest pairs' [[wavelength]]s out to that length. The curve shows each pair's wavelength under both bases, with "
         "horizontal lines at the window and the context length; a pair below a line turns at least once within that length. "
         "The released 4B, 12B and 27B models also scale the global layers' positions linearly by 8, which is not drawn here."},
        {"d", "local_base", "global_base", "window", "context"},
        views_of(read_inputs, two_bases_views),
        {R"tex(\lambda_i=\frac{2\pi}{\theta_i}=2\pi\,b^{2i/d},\qquad b_{\text{local}}=10^4,\quad b_{\text{global}}=10^6)tex",
         R"tex(\text{pair } i \text{ turns within } W \iff W\,\theta_i\ge 2\pi)tex"},
    };
}

// [SECTION] step 3: layers without position encoding
namespace {
std::vector<ViewData> layers_without_position_views(const Inputs& in, Lang lang) {
    const Eigen::MatrixXd A = causal_uniform_attention(in.L);
    const Eigen::VectorXd first = causal_uniform_attention_to_first(in.L);

    HeatmapView h = qk_matrix(A, lang);
    h.is_signed = false;  // weights lie in [0, 1]
    h.decimals = 3;
    const int L = in.L;
    h.explain = [A, L, lang](int r, int c) -> std::string {
        if (r < 0 || c < 0 || r >= L || c >= L) return "";
        if (c > r)
            return say(lang, {"i = {i}，j = {j}：因果掩码挡住了这个键，权重为 0。", "i = {i}, j = {j}: the causal mask hides this key; weight 0."},
                       {{"i", integer(r)}, {"j", integer(c)}});
        return say(lang, {"i = {i}，j = {j}：权重 = {a} = 1/{n}", "i = {i}, j = {j}: weight = {a} = 1/{n}"},
                   {{"i", integer(r)}, {"j", integer(c)}, {"a", num(A(r, c), 4)}, {"n", integer(r + 1)}});
    };
    double row_err = 0.0;
    for (int i = 0; i < in.L; ++i) row_err = std::max(row_err, std::abs(A.row(i).sum() - 1.0));
    std::vector<std::string> matrix_notes = {
        say(lang, {"分数全相等，第 i 行把权重平分给它能看到的 i + 1 个键；第 {last} 行每个键得 {w}。",
                   "With equal scores, row i shares its weight evenly among the i + 1 keys it can see; row {last} gives each key {w}."},
            {{"last", integer(in.L - 1)}, {"w", num(A(in.L - 1, 0), 4)}}),
        say_error(lang, {"每行之和与 1 的最大差 = {err}{hint}。", "Largest difference of a row sum from 1 = {err}{hint}."}, row_err),
    };

    CurveView curve;
    std::vector<double> reference;
    for (int i = 0; i < in.L; ++i) {
        curve.x.push_back(i);
        reference.push_back(1.0 / (i + 1));
    }
    curve.series = {std::vector<double>(first.data(), first.data() + first.size()), reference};
    curve.series_labels = {say(lang, {"softmax", "softmax"}), say(lang, {"1/(i + 1)", "1/(i + 1)"})};
    curve.series_dashed = {false, true};
    curve.markers_x = curve.x;
    curve.x_axis = say(lang, {"查询位置 i", "query position i"});
    curve.y_axis = say(lang, {"权重", "weight"});
    double gap = 0.0;
    for (int i = 0; i < in.L; ++i) gap = std::max(gap, std::abs(first(i) - reference[static_cast<std::size_t>(i)]));
    std::vector<std::string> first_notes = {
        say_error(lang, {"与 1/(i + 1) 的最大差 = {err}{hint}：权重只由位置决定，层因此能读出 i。",
                         "Largest difference from 1/(i + 1) = {err}{hint}: the weight depends on the position alone, so the layer can read i off it."},
                  gap),
        say(lang, {"i = 0 时为 {a0}，i = {last} 时降到 {al}。", "It is {a0} at i = 0 and falls to {al} at i = {last}."},
            {{"a0", num(first(0), 4)}, {"al", num(first(in.L - 1), 4)}, {"last", integer(in.L - 1)}}),
    };

    const long long stride = temperature_stride(in.temperature_length);
    const int samples = static_cast<int>(in.temperature_length / stride) + 1;
    const Eigen::VectorXd tau = llama4_attn_temperatures(samples, stride, in.attn_scale, in.floor_scale);
    CurveView temp;
    for (int i = 0; i < samples; ++i) temp.x.push_back(static_cast<double>(i * stride));
    temp.series = {std::vector<double>(tau.data(), tau.data() + tau.size())};
    if (temp.x.back() < in.temperature_length) {  // the notes read the curve's last position
        temp.x.push_back(in.temperature_length);
        temp.series[0].push_back(llama4_attn_temperature(in.temperature_length, in.attn_scale, in.floor_scale));
    }
    temp.series_labels = {say(lang, {"温度 τ(p)", "temperature τ(p)"})};
    temp.x_axis = say(lang, {"查询位置 p", "query position p"});
    temp.y_axis = say(lang, {"查询的因子", "query factor"});
    const double first_step = std::ceil(in.floor_scale) - 1.0;  // the first p with ⌊(p + 1)/floor_scale⌋ ≥ 1
    if (first_step <= in.temperature_length) {
        temp.vlines_x = {first_step};
        temp.vline_labels = {say(lang, {"floor_scale − 1", "floor_scale − 1"})};
    }
    const double end = static_cast<double>(in.temperature_length);
    std::vector<std::string> temp_notes = {
        say(lang, {"p = {before} 时因子为 {t0}；从 p = {step} 起第一次变大，为 {t1}。",
                   "At p = {before} the factor is {t0}; it first grows at p = {step}, to {t1}."},
            {{"before", num(std::max(0.0, first_step - 1.0))}, {"t0", num(llama4_attn_temperature(std::max(0.0, first_step - 1.0), in.attn_scale, in.floor_scale), 6)},
             {"step", num(first_step)}, {"t1", num(llama4_attn_temperature(first_step, in.attn_scale, in.floor_scale), 6)}}),
        say(lang, {"p = {end} 时因子为 {t}：查询的长度乘上它，softmax 在长上下文里更尖一些。",
                   "At p = {end} the factor is {t}: the query's length is multiplied by it, so the softmax stays sharper in a long context."},
            {{"end", integer(in.temperature_length)}, {"t", num(llama4_attn_temperature(end, in.attn_scale, in.floor_scale), 6)}}),
    };

    return {
        make_view(say(lang, {"只有因果掩码、分数全相等时的注意力", "Attention with a causal mask alone and equal scores"}), std::move(h),
                  std::move(matrix_notes)),
        make_view(say(lang, {"给第 0 个词元的权重", "Weight on token 0"}), std::move(curve),
                  std::move(first_notes)),
        make_view(say(lang, {"Llama 4 NoPE 层的温度", "Llama 4's NoPE temperature"}), std::move(temp),
                  std::move(temp_notes)),
    };
}

}  // namespace

Step layers_without_position() {
    return {
        "nope-layers",
        {"不加位置编码的层", "Layers without position encoding"},
        {"Llama 4 在每 4 层里留 1 层不用 RoPE（NoPE 层，HF 配置的 no_rope_layer_interval = 4），其余层照常旋转。"
         "没有位置编码，层也不是对位置一无所知：因果掩码让第 i 个查询只能看到 i + 1 个键。即使所有分数都相等，"
         "[[softmax]] 也把权重平分给这 i + 1 个键，于是给第 0 个词元的注意力正好是 1/(i + 1)，随位置下降，后面的层可以从中读出位置。"
         "长上下文里，softmax 要在越来越多的键之间分配，容易变得过于平坦。Llama 4 因此在 NoPE 层里给位置 p 的查询乘一个温度因子 "
         "1 + attn_scale·ln(⌊(p + 1)/floor_scale⌋ + 1)，默认 attn_scale = 0.1、floor_scale = 8192：前 8191 个位置因子正好为 1，"
         "之后按对数分段增长。",
         "Llama 4 leaves RoPE out of one layer in every 4 (the NoPE layers, no_rope_layer_interval = 4 in the HF configuration); "
         "the other layers turn as usual. Without position encoding a layer is not blind to position: the causal mask lets query i "
         "see only i + 1 keys. Even with all scores equal, the [[softmax]] shares the weight evenly among those i + 1 keys, so the "
         "attention to token 0 is exactly 1/(i + 1), falling with position, and later layers can read the position from it. "
         "In a long context the softmax spreads over ever more keys and tends to flatten. So in its NoPE layers Llama 4 multiplies "
         "the query at position p by the temperature 1 + attn_scale·ln(⌊(p + 1)/floor_scale⌋ + 1), with attn_scale = 0.1 and "
         "floor_scale = 8192 by default: the factor is exactly 1 for the first 8191 positions and then grows in logarithmic steps."},
        {"L", "attn_scale", "floor_scale", "temperature_length"},
        views_of(read_inputs, layers_without_position_views),
        {R"tex(a_{i0}=\frac{e^{0}}{\sum_{j\le i}e^{0}}=\frac{1}{i+1})tex",
         R"tex(\tau(p)=1+\alpha\,\ln\!\Bigl(\Bigl\lfloor\frac{p+1}{F}\Bigr\rfloor+1\Bigr),\qquad \alpha=0.1,\; F=8192)tex"},
    };
}

}  // namespace open_models_lesson
}  // namespace pelab
