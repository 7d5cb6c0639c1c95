// PE Lab — lessons/open_models/mla_yarn.cpp
// Step "mla-yarn" of lesson "open-models": DeepSeek's YaRN settings in multi-head latent attention: mscale and
// mscale_all_dim scale cos/sin by their ratio (1 in DeepSeek-V3) and the softmax scale by mscale(s,
// mscale_all_dim)² (HF DeepseekV3Attention: `self.scaling = self.scaling * mscale * mscale`). Its question: what
// cos and sin are multiplied by when mscale = mscale_all_dim. Every number shown comes from core (open_models.h,
// rope_scaling.h).
// Comments are English only: the font subset is built from the characters inside .cpp string literals.
//
// [SECTION] the view
// [SECTION] the step and its question
#include <cmath>
#include <string>
#include <vector>

#include "core/open_models.h"
#include "core/rope_scaling.h"
#include "lessons/lesson.h"
#include "lessons/lesson_util.h"
#include "lessons/open_models/open_models_lesson.h"

namespace pelab {
namespace open_models_lesson {

using namespace lessonui;  // shared display helpers (lessons/lesson_util.h)

// [SECTION] the view
namespace {
// DeepSeek's YaRN settings against the factor: the cos/sin scale, the softmax-scale multiplier and their product
// on the logits.
ViewData mla_yarn_view(const Inputs& in, Lang lang) {
    CurveView curve;
    std::vector<double> cos_sin, softmax, logits;
    for (double f = 1; f <= 64.0001; f += 0.5) {
        curve.x.push_back(f);
        const double a = yarn_attention_factor(f, in.mscale, in.mscale_all_dim), b = mla_softmax_scale_factor(f, in.mscale_all_dim);
        cos_sin.push_back(a);
        softmax.push_back(b);
        logits.push_back(a * a * b);
    }
    curve.series = {cos_sin, softmax, logits};
    curve.series_labels = {say(lang, {"cos/sin 的倍数", "cos/sin scale"}), say(lang, {"softmax 缩放的倍数", "softmax-scale multiplier"}),
                           say(lang, {"logit 的总倍数", "logits in total"})};
    curve.series_dashed = {false, false, true};
    curve.x_axis = say(lang, {"扩展倍数 factor", "extension factor"});
    curve.y_axis = say(lang, {"倍数", "multiplier"});
    curve.vlines_x = {in.factor};
    curve.vline_labels = {"factor"};
    const double a = yarn_attention_factor(in.factor, in.mscale, in.mscale_all_dim);
    const double b = mla_softmax_scale_factor(in.factor, in.mscale_all_dim);
    const MlaConfig c = mla_config(in);
    std::vector<std::string> notes = {
        say(lang, {"s = factor = {f}，μ = mscale，μ_all = mscale_all_dim：cos/sin 乘 m(s, μ)/m(s, μ_all) = {a}；softmax 缩放乘 m(s, μ_all)² = {b}。",
                   "s = factor = {f}, μ = mscale, μ_all = mscale_all_dim: cos/sin are multiplied by m(s, μ)/m(s, μ_all) = {a}; the softmax scale by m(s, μ_all)² = {b}."},
            {{"f", num(in.factor, 4)}, {"a", num(a, 6)}, {"b", num(b, 6)}}),
        say(lang, {"softmax 缩放 τ = {b} / √(d_nope + d_R) = {b} / √({nope} + {r}) = {s}；扩展后的长度 factor × original_max = {len}。",
                   "Softmax scale τ = {b} / √(d_nope + d_R) = {b} / √({nope} + {r}) = {s}; the extended length factor × original_max = {len}."},
            {{"b", num(b, 6)}, {"nope", integer(c.qk_nope_head_dim)}, {"r", integer(c.qk_rope_head_dim)},
             {"s", num(mla_softmax_scale(c, in.factor, in.mscale_all_dim), 6)}, {"len", num(in.factor * in.original_max, 8)}}),
    };
    return make_view(say(lang, {"DeepSeek 的 YaRN：两处缩放", "DeepSeek's YaRN: the two scales"}), std::move(curve), std::move(notes));
}

std::vector<ViewData> mla_yarn_views(const Inputs& in, Lang lang) { return {mla_yarn_view(in, lang)}; }

}  // namespace

// [SECTION] the step and its question
Step mla_yarn() {
    Step s = {
        "mla-yarn",
        {"DeepSeek 的 YaRN：放大的是 softmax 缩放", "DeepSeek's YaRN: the softmax scale grows"},
        {"DeepSeek-V3 的 [[yarn|YaRN]] 让 cos 和 sin 保持原样（倍数 1），把放大放在 softmax 的缩放上：乘 m(s, μ_all)²。"
         "这里 s 是扩展倍数 factor，m(s, a) = 0.1·a·ln s + 1，μ 即 mscale，μ_all 即 mscale_all_dim；cos 和 sin 乘两者之比 m(s, μ)/m(s, μ_all)，"
         "DeepSeek-V3 两者都为 1，所以这个比是 1；普通 YaRN 乘的 0.1·ln s + 1 见[[lesson:long-context/yarn-attention-factor|长上下文一课]]。softmax 的缩放 τ 本是 1/√(d_nope + d_R)（d_nope = qk_nope_head_dim，d_R = qk_rope_head_dim），"
         "再乘 m(s, μ_all)²。曲线的横轴是 factor，竖线标出所选的值；扩展后的长度是 factor × original_max。",
         "DeepSeek-V3's [[yarn|YaRN]] leaves cos and sin as they are (multiplier 1) and puts the growth on the softmax scale, "
         "multiplied by m(s, μ_all)². Here s is the extension factor, m(s, a) = 0.1·a·ln s + 1, μ is mscale and μ_all is "
         "mscale_all_dim; cos and sin are multiplied by the ratio m(s, μ)/m(s, μ_all), which is 1 in DeepSeek-V3, where both are 1 (plain YaRN's 0.1·ln s + 1 is in the [[lesson:long-context/yarn-attention-factor|long-context lesson]]). "
         "The softmax scale τ, normally 1/√(d_nope + d_R) (d_nope = qk_nope_head_dim, d_R = qk_rope_head_dim), is multiplied by "
         "m(s, μ_all)². The curves run over factor, with a vertical line at the chosen value; the extended length is factor × "
         "original_max."},
        {"factor", "mscale", "mscale_all_dim", "original_max", "qk_nope_head_dim", "qk_rope_head_dim"},
        views_of(read_inputs, mla_yarn_views),
        {R"tex(m(s,a)=0.1\,a\ln s+1,\qquad \cos,\sin\times\frac{m(s,\mu)}{m(s,\mu_{\mathrm{all}})})tex",
         R"tex(\tau=\frac{m(s,\mu_{\mathrm{all}})^2}{\sqrt{d_{\mathrm{nope}}+d_R}})tex"},
    };
    s.questions = {
        {{"DeepSeek-V3 的 YaRN 取 mscale = mscale_all_dim。cos 和 sin 乘多少？",
          "DeepSeek-V3's YaRN has mscale = mscale_all_dim. What are cos and sin multiplied by?"},
         {{"1：两个 mscale 之比", "1: the ratio of the two mscales"},
          {"0.1·ln s + 1，和普通 YaRN 一样", "0.1·ln s + 1, as in plain YaRN"},
          {"mscale(s, mscale_all_dim) 的平方", "mscale(s, mscale_all_dim) squared"}},
         0,
         [](const ParamSet& p, Lang lang) {
             const Inputs in = read_inputs(p);
             const double factor = in.factor;
             const double m = in.mscale_all_dim;
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
         }},
    };
    return s;
}

}  // namespace open_models_lesson
}  // namespace pelab
