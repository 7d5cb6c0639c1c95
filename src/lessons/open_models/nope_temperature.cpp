// PE Lab — lessons/open_models/nope_temperature.cpp
// Step "nope-temperature" of lesson "open-models": Llama 4's attention temperature in its NoPE layers, the
// factor 1 + attn_scale·ln(⌊(p + 1)/floor_scale⌋ + 1) on the query at position p (HF Llama4TextAttention),
// exactly 1 up to floor_scale − 2 and growing in logarithmic steps after. Every number shown comes from core
// (open_models.h).
// Comments are English only: the font subset is built from the characters inside .cpp string literals.
//
// [SECTION] the view
// [SECTION] the step
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

// [SECTION] the view
namespace {
std::vector<ViewData> nope_temperature_views(const Inputs& in, Lang lang) {
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

    return {make_view(say(lang, {"Llama 4 NoPE 层的温度 τ(p)", "Llama 4's NoPE temperature τ(p)"}), std::move(temp), std::move(temp_notes))};
}

}  // namespace

// [SECTION] the step
Step nope_temperature() {
    Step s = {
        "nope-temperature",
        {"Llama 4：NoPE 层的注意力温度", "Llama 4: a temperature for the NoPE layers"},
        {"Llama 4 在 NoPE 层里把位置 p 的查询乘上温度 τ(p)：前 floor_scale − 1 个位置 τ 正好为 1，之后按对数分段增长。"
         "长上下文里 softmax 要在越来越多的键之间分配，容易变得过于平坦；查询变长，分数的差距随之拉大，softmax 就尖一些。"
         "式中 α 即 attn_scale（默认 0.1），F 即 floor_scale（默认 8192 个位置），⌊x⌋ 是向下取整；曲线画到 temperature_length。",
         "In its NoPE layers Llama 4 multiplies the query at position p by a temperature τ(p): exactly 1 for the first "
         "floor_scale − 1 positions, then growing in logarithmic steps. In a long context the softmax spreads over ever more keys "
         "and tends to flatten; a longer query widens the gaps between the scores and keeps the softmax sharper. In the equation "
         "α is attn_scale (0.1 by default), F is floor_scale (8192 positions by default) and ⌊x⌋ rounds down; the curve runs to "
         "temperature_length."},
        {"attn_scale", "floor_scale", "temperature_length"},
        views_of(read_inputs, nope_temperature_views),
        {R"tex(\tau(p)=1+\alpha\,\ln\!\Bigl(\Bigl\lfloor\frac{p+1}{F}\Bigr\rfloor+1\Bigr),\qquad \alpha=\mathrm{attn\_scale},\; F=\mathrm{floor\_scale})tex"},
    };
    return s;
}

}  // namespace open_models_lesson
}  // namespace pelab
