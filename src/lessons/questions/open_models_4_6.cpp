// PE Lab — lessons/questions/open_models_4_6.cpp
// Predict-then-reveal questions of lesson "open-models" on its steps 4–6 (LongRoPE's switch between its two
// factor lists, M-RoPE on text alone, DeepSeek's two YaRN scales), and the sources those steps follow. Every
// explanation is computed from core (rope_scaling.h, open_models.h, rope.h) at the learner's current values.
//
// [SECTION] questions
#include <algorithm>
#include <cmath>
#include <vector>

#include "core/open_models.h"
#include "core/rope.h"
#include "core/rope_scaling.h"
#include "lessons/questions/question_tables.h"

namespace pelab {

using namespace lessonui;
using questions_detail::int_param;

// [SECTION] questions
std::vector<PlacedQuestion> questions_open_models_4_6() {
    std::vector<PlacedQuestion> out;

    out.push_back({4, {
                   {"序列长度从 original_max 增加到 original_max + 1。HF 当前的 LongRoPE 在新长度下用哪张因子表？",
                    "The sequence grows from original_max to original_max + 1 tokens. Which factor list does HF's current LongRoPE use at the new length?"},
                   {{"仍用短因子：加载模型时已经选定", "Still the short list: it was chosen when the model was loaded"},
                    {"换成长因子", "It switches to the long list"},
                    {"两张表的平均", "The average of the two lists"}},
                   1,
                   [](const ParamSet& p, Lang lang) {
                       const int om = int_param(p, "original_max", 1, 10000000);
                       const int mp = int_param(p, "max_position", 1, 100000000);
                       return say(lang,
                                  {"HF 在每次前向时比较 seq_len 与 original_max = {om}：seq_len = {om} 时用长因子吗？{a}；seq_len = {om1} 时呢？{b}。"
                                   "注意力因子 √(1 + ln s / ln original_max) = {f} 与选哪张表无关。较早的 HF 版本只在加载时比较 max_position = {mp} 与 original_max。",
                                   "HF compares seq_len with original_max = {om} on every forward pass: long factors at seq_len = {om}? {a}; at seq_len = {om1}? {b}. "
                                   "The attention factor √(1 + ln s / ln original_max) = {f} does not depend on the list. Older HF versions compared max_position = {mp} "
                                   "with original_max once, when loading."},
                                  {{"om", integer(om)},
                                   {"om1", integer(om + 1LL)},
                                   {"a", longrope_uses_long_factors(om, om) ? say(lang, {"是", "yes"}) : say(lang, {"否", "no"})},
                                   {"b", longrope_uses_long_factors(om + 1, om) ? say(lang, {"是", "yes"}) : say(lang, {"否", "no"})},
                                   {"f", num(longrope_attention_factor(om, mp), 6)},
                                   {"mp", integer(mp)}});
                   }}});

    out.push_back({5, {
                   {"一段只有文本的序列经过 M-RoPE，得到什么？", "A sequence of text alone goes through M-RoPE. What do you get?"},
                   {{"与普通一维 RoPE 完全相同", "Exactly plain 1-D RoPE"},
                    {"转得快三倍的 RoPE", "RoPE turning three times as fast"},
                    {"没有旋转，位置信息丢失", "No rotation: the position is lost"}},
                   0,
                   [](const ParamSet& p, Lang lang) {
                       std::vector<int> section;
                       for (double x : p.getv("section")) section.push_back(std::clamp(static_cast<int>(x), 1, 32));
                       section.resize(3, 1);
                       const int d = 2 * (section[0] + section[1] + section[2]);
                       const double base = std::max(2.0, p.getd("mrope_base"));
                       MropeSequence text;
                       text.text_before = int_param(p, "text_before", 1, 12);
                       text.grid_t = 0;
                       text.text_after = int_param(p, "text_after", 0, 12);
                       const Eigen::MatrixXi ids = mrope_position_ids(text);
                       const int n = static_cast<int>(ids.cols());
                       Eigen::VectorXd q(d), k(d);
                       for (int i = 0; i < d; ++i) {
                           q(i) = 1.0 / (i + 1);
                           k(i) = (i % 3) - 1.0;
                       }
                       const Eigen::MatrixXd mrope = mrope_scores(ids, base, section, q, k);
                       const Eigen::MatrixXd rope = rope_scores(n, rope_default_inv_freq(d, base), q, k, RopeLayout::half);
                       return say_error(lang,
                                        {"文本词元的 t、h、w 三行相同，都是它的顺序号，所以每一对不论跟随哪一行，转角都是 p·θᵢ。"
                                         "{n} 个文本词元、d = {d}：M-RoPE 与一维 RoPE（前后两半配对）的最大差 = {err}{hint}。",
                                         "A text token's rows t, h and w are equal, its running index, so whichever row a pair follows it turns by p·θᵢ. "
                                         "With {n} text tokens and d = {d}: the largest difference between M-RoPE and 1-D RoPE (rotate_half pairs) = {err}{hint}."},
                                        (mrope - rope).cwiseAbs().maxCoeff(), {{"n", integer(n)}, {"d", integer(d)}});
                   }}});

    out.push_back({6, {
                   {"DeepSeek-V3 的 YaRN 取 mscale = mscale_all_dim。cos 和 sin 乘多少？",
                    "DeepSeek-V3's YaRN has mscale = mscale_all_dim. What are cos and sin multiplied by?"},
                   {{"1：两个 mscale 之比", "1: the ratio of the two mscales"},
                    {"0.1·ln s + 1，和普通 YaRN 一样", "0.1·ln s + 1, as in plain YaRN"},
                    {"mscale(s, mscale_all_dim) 的平方", "mscale(s, mscale_all_dim) squared"}},
                   0,
                   [](const ParamSet& p, Lang lang) {
                       const double factor = std::clamp(p.getd("factor"), 1.0, 1024.0);
                       const double m = std::clamp(p.getd("mscale_all_dim"), 0.0, 100.0);
                       return say(lang,
                                  {"两者都给出时，cos/sin 乘 mscale(s, mscale) / mscale(s, mscale_all_dim)；两者相等（都取 {m}）时，factor = {f} 下为 {a}。"
                                   "被放大的是 softmax 的缩放：乘 mscale(s, mscale_all_dim)² = {b}。普通 YaRN 的 0.1·ln s + 1 = {y} 在这里不用。",
                                   "When both are given, cos/sin are multiplied by mscale(s, mscale) / mscale(s, mscale_all_dim); with the two equal (both {m}) and "
                                   "factor = {f} that is {a}. The softmax scale is what grows: it is multiplied by mscale(s, mscale_all_dim)² = {b}. Plain YaRN's "
                                   "0.1·ln s + 1 = {y} is not used here."},
                                  {{"m", num(m, 4)},
                                   {"f", num(factor, 4)},
                                   {"a", num(yarn_attention_factor(factor, m, m), 6)},
                                   {"b", num(mla_softmax_scale_factor(factor, m), 6)},
                                   {"y", num(yarn_get_mscale(factor), 6)}});
                   }}});

    return out;
}

}  // namespace pelab
