// PE Lab — lessons/open_models/nope_layers.cpp
// Step "nope-layers" of lesson "open-models": layers without position encoding (NoPE; Llama 4 leaves RoPE out
// of every 4th layer): a causal mask alone gives token 0 the weight 1/(i + 1), and Llama 4's attention
// temperature in those layers. Its question: what a causal mask alone gives token 0. Every number shown comes
// from core (open_models.h).
// Comments are English only: the font subset is built from the characters inside .cpp string literals.
//
// [SECTION] the views
// [SECTION] the step and its question
#include <algorithm>
#include <cmath>
#include <string>
#include <vector>

#include "core/open_models.h"
#include "lessons/lesson.h"
#include "lessons/lesson_util.h"
#include "lessons/open_models/open_models_lesson.h"

namespace pelab {
namespace open_models_lesson {

using namespace lessonui;  // shared display helpers (lessons/lesson_util.h)

// [SECTION] the views
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

// [SECTION] the step and its question
Step layers_without_position() {
    Step s = {
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
    s.questions = {
        {{"没有位置编码、所有分数都相等，只有因果掩码。第 i 个查询给第 0 个词元多少注意力？",
          "No position encoding, all scores equal, only the causal mask. How much attention does query i give token 0?"},
         {{"总是 1/L", "Always 1/L"},
          {"1/(i + 1)", "1/(i + 1)"},
          {"总是 1", "Always 1"}},
         1,
         [](const ParamSet& p, Lang lang) {
             const Inputs in = read_inputs(p);
             const int L = in.L;
             const Eigen::VectorXd a = causal_uniform_attention_to_first(L);
             double gap = 0.0;
             for (int i = 0; i < L; ++i) gap = std::max(gap, std::abs(a(i) - 1.0 / (i + 1)));
             return say_error(lang,
                              {"掩码让第 i 个查询只看到 i + 1 个键，相等的分数把权重平分：第 {last} 个查询给第 0 个词元 {a}。"
                               "与 1/(i + 1) 的最大差 = {err}{hint}，所以这个权重泄露了位置。",
                               "The mask lets query i see i + 1 keys, and equal scores share the weight evenly: query {last} "
                               "gives token 0 {a}. The largest difference from 1/(i + 1) = {err}{hint}, so the weight "
                               "gives the position away."},
                              gap, {{"last", integer(L - 1)}, {"a", num(a(L - 1), 4)}});
         }},
    };
    return s;
}

}  // namespace open_models_lesson
}  // namespace pelab
