// PE Lab — lessons/open_models/mla_yarn.cpp
// Step "mla-yarn" of lesson "open-models": DeepSeek's YaRN settings in multi-head latent attention: μ (mscale) and
// μ_all (mscale_all_dim) scale cos/sin by the ratio g(s, μ)/g(s, μ_all) (1 in DeepSeek-V3) and the softmax scale κ
// by g(s, μ_all)², g = get_mscale (Hugging Face DeepseekV3Attention: `self.scaling = self.scaling * mscale *
// mscale`). Its question (a check: the equation gives it): what cos and sin are multiplied by when μ = μ_all. Every number shown comes from core (open_models.h,
// rope_scaling.h).
// Comments are English only: the font subset is built from the characters inside .cpp string literals.
//
// [SECTION] the view
// [SECTION] the step and its question
#include <cmath>
#include <string>
#include <vector>

#include "core/rope/open_models.h"
#include "core/rope/rope_scaling.h"
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
                           say(lang, {"分数的总倍数", "scores in total"})};
    curve.series_dashed = {false, false, true};
    curve.x_axis = say(lang, {"扩展倍数 s", "extension factor s"});
    curve.y_axis = say(lang, {"倍数", "multiplier"});
    curve.vlines_x = {in.factor};
    curve.vline_labels = {"s"};
    const double a = yarn_attention_factor(in.factor, in.mscale, in.mscale_all_dim);
    const double b = mla_softmax_scale_factor(in.factor, in.mscale_all_dim);
    const MlaConfig c = mla_config(in);
    std::vector<std::string> notes = {
        say(lang, {"s = {f}，μ = {mu}，μ_all = {mua}：cos/sin 乘 g(s, μ)/g(s, μ_all) = {a}；softmax 缩放乘 g(s, μ_all)² = {b}。",
                   "s = {f}, μ = {mu}, μ_all = {mua}: cos/sin are multiplied by g(s, μ)/g(s, μ_all) = {a}; the softmax scale by g(s, μ_all)² = {b}."},
            {{"f", num(in.factor, 4)}, {"mu", num(in.mscale, 4)}, {"mua", num(in.mscale_all_dim, 4)}, {"a", num(a, 6)}, {"b", num(b, 6)}}),
        say(lang, {"softmax 缩放 κ = {b} / √(d_C + d_R) = {b} / √({nope} + {r}) = {s}；扩展后的长度 s × L₀ = {len}。",
                   "Softmax scale κ = {b} / √(d_C + d_R) = {b} / √({nope} + {r}) = {s}; the extended length s × L₀ = {len}."},
            {{"b", num(b, 6)}, {"nope", integer(c.qk_nope_head_dim)}, {"r", integer(c.qk_rope_head_dim)},
             {"s", num(mla_softmax_scale(c, in.factor, in.mscale_all_dim), 6)}, {"len", num(in.factor * in.original_max, 8)}}),
        say(lang, {"（Hugging Face：`factor` 即 s，`mscale`、`mscale_all_dim` 即 μ、μ_all，取 0 表示不给；`get_mscale` 即 g；`original_max_position_embeddings` 即 L₀。）",
                   "(Hugging Face: `factor` is s, `mscale` and `mscale_all_dim` are μ and μ_all, 0 when not given; "
                   "`get_mscale` is g; `original_max_position_embeddings` is L₀.)"}),
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
        {"DeepSeek-V3 用 [[yarn|YaRN]] 把上下文延长 s 倍，但不像普通 YaRN 那样把 cos 和 sin 放大，而是把放大放在 softmax 的缩放 κ 上。"
         "g(s, μ) = 0.1·μ·ln s + 1；cos 和 sin 乘两个取值之比 g(s, μ)/g(s, μ_all)，DeepSeek-V3 的 μ = μ_all = 1，所以这个比是 1。"
         "普通 YaRN 乘的 0.1·ln s + 1 见[[lesson:long-context/yarn-attention-factor|长上下文一课]]。softmax 的缩放 κ 本是 1/√(d_C + d_R)，再乘 g(s, μ_all)²。"
         "在 MLA 里 cos 和 sin 只作用在旋转的那一小段上，放大 softmax 缩放才能作用于整个分数。曲线的横轴是 s，竖线标出所选的值；扩展后的长度是 s × L₀。",
         "DeepSeek-V3 lengthens its context s times with [[yarn|YaRN]], but instead of enlarging cos and sin as plain YaRN does, it "
         "puts the growth on the softmax scale κ. With g(s, μ) = 0.1·μ·ln s + 1, cos and sin are multiplied by the ratio "
         "g(s, μ)/g(s, μ_all), which is 1 in DeepSeek-V3, where μ = μ_all = 1 (plain YaRN's 0.1·ln s + 1 is in the "
         "[[lesson:long-context/yarn-attention-factor|long-context lesson]]). The softmax scale κ, normally 1/√(d_C + d_R), is "
         "multiplied by g(s, μ_all)². In MLA cos and sin act only on the small rotating part, so only the softmax scale reaches "
         "the whole score. The curves run over s, with a vertical line at the chosen value; the extended length is s × L₀."},
        {"factor", "mscale", "mscale_all_dim", "original_max", "qk_nope_head_dim", "qk_rope_head_dim"},
        views_of(read_inputs, mla_yarn_views),
        {R"tex(g(s,\mu)=0.1\,\mu\ln s+1,\qquad \cos,\sin\times\frac{g(s,\mu)}{g(s,\mu_{\mathrm{all}})})tex",
         R"tex(\kappa=\frac{g(s,\mu_{\mathrm{all}})^2}{\sqrt{d_C+d_R}})tex"},
    };
    s.takeaway = {"[[yarn|YaRN]] 在 s = {f} 时 cos、sin 只乘 {a}，softmax 缩放却乘 {b}：MLA 的 cos、sin 只碰旋转那一小段，放大要作用于整个分数。",
                  "With [[yarn|YaRN]] at s = {f}, cos and sin get ×{a} while the softmax scale grows ×{b}: in MLA cos and sin reach "
                  "only the small rotating part, so the sharpening goes on the whole score."};
    s.takeaway_args = args_of(read_inputs, +[](const Inputs& in, Lang) {
        return std::vector<Arg>{{"f", num(in.factor, 4)}, {"a", num(yarn_attention_factor(in.factor, in.mscale, in.mscale_all_dim), 4)},
                                {"b", num(mla_softmax_scale_factor(in.factor, in.mscale_all_dim), 4)}};
    });
    s.questions = {
        {{"DeepSeek-V3 的 YaRN 取 μ = μ_all。cos 和 sin 乘多少？",
          "DeepSeek-V3's YaRN has μ = μ_all. What are cos and sin multiplied by?"},
         {{"1：两个取值之比", "1: the ratio of the two"},
          {"0.1·ln s + 1，和普通 YaRN 一样", "0.1·ln s + 1, as in plain YaRN"},
          {"g(s, μ_all) 的平方", "g(s, μ_all) squared"}},
         0,
         [](const ParamSet& p, Lang lang) {
             const Inputs in = read_inputs(p);
             const double factor = in.factor;
             const double m = in.mscale_all_dim;
             return say(lang,
                        {"两者都给出时，cos/sin 乘 g(s, μ) / g(s, μ_all)；两者相等（都取 {m}）时，s = {f} 下为 {a}。"
                         "被放大的是 softmax 的缩放：乘 g(s, μ_all)² = {b}。普通 YaRN 的 0.1·ln s + 1 = {y} 在这里不用。",
                         "When both are given, cos/sin are multiplied by g(s, μ) / g(s, μ_all); with the two equal (both {m}) and "
                         "s = {f} that is {a}. The softmax scale is what grows: it is multiplied by g(s, μ_all)² = {b}. Plain YaRN's "
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
