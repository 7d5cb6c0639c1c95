// PE Lab — lessons/open_models/nope_temperature.cpp
// Step "nope-temperature" of lesson "open-models": Llama 4's attention temperature in its NoPE layers, the
// factor τ(m) = 1 + α·ln(⌊(m + 1)/F⌋ + 1) on the query at position m (Hugging Face Llama4TextAttention: α is
// attn_scale, F floor_scale), exactly 1 up to F − 2 and growing in logarithmic steps after, and a table of
// Llama 4's released α and F beside the curve's. Every number shown comes from core (open_models.h).
// Comments are English only: the font subset is built from the characters inside .cpp string literals.
//
// [SECTION] the views
// [SECTION] the step
#include <algorithm>
#include <cmath>
#include <string>
#include <vector>

#include "core/rope/open_models.h"
#include "lessons/lesson.h"
#include "lessons/lesson_util.h"
#include "lessons/open_models/open_models_lesson.h"

namespace pelab {
namespace open_models_lesson {

using namespace lessonui;  // shared display helpers (lessons/lesson_util.h)

// [SECTION] the views
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
    temp.series_labels = {say(lang, {"温度 τ(m)", "temperature τ(m)"})};
    temp.x_axis = say(lang, {"查询位置 m", "query position m"});
    temp.y_axis = say(lang, {"查询的因子", "query factor"});
    const double first_step = std::ceil(in.floor_scale) - 1.0;  // the first m with ⌊(m + 1)/F⌋ ≥ 1
    if (first_step <= in.temperature_length) {
        temp.vlines_x = {first_step};
        temp.vline_labels = {"F − 1"};
    }
    std::vector<std::string> temp_notes = {
        say(lang, {"m = {before} 时因子为 {t0}；从 m = {step} 起第一次变大，为 {t1}。",
                   "At m = {before} the factor is {t0}; it first grows at m = {step}, to {t1}."},
            {{"before", num(std::max(0.0, first_step - 1.0))}, {"t0", num(llama4_attn_temperature(std::max(0.0, first_step - 1.0), in.attn_scale, in.floor_scale), 6)},
             {"step", num(first_step)}, {"t1", num(llama4_attn_temperature(first_step, in.attn_scale, in.floor_scale), 6)}}),
    };

    // Llama 4 as released, beside the curve's own settings (the model this step names is in its table).
    TableView table;
    table.values = RowMatrix(2, 2);
    table.values << kLlama4AttnScale, kLlama4FloorScale, in.attn_scale, in.floor_scale;
    table.row_labels = {say(lang, {"Llama 4（发布的配置）", "Llama 4 (as released)"}), say(lang, {"这条曲线", "this curve"})};
    table.col_labels = {"α", "F"};
    table.corner = say(lang, {"设置", "settings"});
    table.col_decimals = {3, 0};
    std::vector<std::string> table_notes = {
        say(lang, {"α 定 τ 增长的快慢，F 定每段长度；Llama 4 每 4 层有 1 层不用 RoPE（Hugging Face：`attn_scale` 即 α，`floor_scale` 即 F）。",
                   "α sets τ's growth, F its step length; Llama 4 drops RoPE in 1 of 4 layers (Hugging Face: `attn_scale` is α, "
                   "`floor_scale` is F)."}),
    };

    return {make_view(say(lang, {"Llama 4 NoPE 层的温度 τ(m)", "Llama 4's NoPE temperature τ(m)"}), std::move(temp), std::move(temp_notes)),
            make_view(say(lang, {"温度的两个设置", "The temperature's two settings"}), std::move(table), std::move(table_notes))};
}

}  // namespace

// [SECTION] the step
Step nope_temperature() {
    Step s = {
        "nope-temperature",
        {"Llama 4：NoPE 层的温度", "Llama 4's NoPE temperature"},
        {"Llama 4 在 NoPE 层里把位置 m 的查询乘上温度 τ(m)：到位置 F − 2 为止 τ 正好为 1，之后按对数分段增长。"
         "长上下文里 [[softmax]] 要在越来越多的键之间分配，容易变得过于平坦；查询乘上 τ，每个分数都乘上 τ，分数的差距随之拉大，softmax 就尖一些。"
         "式中 α 是温度的强度，F 是每一段的长度（位置数），⌊x⌋ 是向下取整；表中是 Llama 4 发布的取值和这条曲线所用的取值。",
         "In its NoPE layers Llama 4 multiplies the query at position m by a temperature τ(m): exactly 1 up to position F − 2, "
         "then growing in logarithmic steps. In a long context the [[softmax]] spreads over ever more keys and tends to flatten; "
         "multiplying the query by τ multiplies every score by τ, widens the gaps between them and keeps the softmax sharper. In "
         "the equation α is the temperature's strength, F the length of each step (in positions) and ⌊x⌋ rounds down; the table "
         "gives Llama 4's released values and the curve's."},
        {"attn_scale", "floor_scale", "temperature_length"},
        views_of(read_inputs, nope_temperature_views),
        {R"tex(\tau(m)=1+\alpha\,\ln\!\Bigl(\Bigl\lfloor\frac{m+1}{F}\Bigr\rfloor+1\Bigr))tex",
         {R"tex(z_{mn}\ \to\ \tau(m)\,z_{mn}\quad\text{（查询乘上 }\tau\text{）})tex", R"tex(z_{mn}\ \to\ \tau(m)\,z_{mn}\quad\text{(the query times }\tau\text{)})tex"}},
    };
    s.takeaway = {"因子到 m = {before} 为 1，到 m = {end} 增至 {t}：键多了 softmax 会变平，分数乘 τ 让它保持尖锐。",
                  "τ is 1 to m = {before}, {t} at m = {end}: more keys flatten the softmax, so τ scales scores up."};
    s.takeaway_args = args_of(read_inputs, +[](const Inputs& in, Lang) {
        const double first_step = std::ceil(in.floor_scale) - 1.0;
        return std::vector<Arg>{{"before", num(std::max(0.0, first_step - 1.0))}, {"end", integer(in.temperature_length)},
                                {"t", num(llama4_attn_temperature(static_cast<double>(in.temperature_length), in.attn_scale, in.floor_scale), 4)}};
    });
    return s;
}

}  // namespace open_models_lesson
}  // namespace pelab
