// PE Lab — lessons/open_models/decoupled_rope.cpp
// Step "decoupled-rope" of lesson "open-models": decoupled RoPE in multi-head latent attention
// (DeepSeek-V2/V3): why RoPE cannot be absorbed into the latent projections (a computed check), the cache per
// token against ordinary multi-head attention, and DeepSeek's YaRN settings (the cos/sin scale and the softmax
// scale). Its question: what cos and sin are multiplied by when mscale = mscale_all_dim. Every number shown
// comes from core (open_models.h, rope.h, rope_scaling.h, random.h).
// DeepSeek-V3's defaults (heads 128, kv_lora_rank 512, qk_rope_head_dim 64, qk_nope_head_dim 128, v_head_dim
// 128; rope_scaling yarn factor 40, mscale 1.0, mscale_all_dim 1.0, original_max_position_embeddings 4096,
// beta_fast 32, beta_slow 1; rope_theta 10000) were checked against the released config.json as reproduced in
// several repositories of the search index, and against HF transformers models/deepseek_v3
// (DeepseekV3Attention: `self.scaling = self.scaling * mscale * mscale`).
// Comments are English only: the font subset is built from the characters inside .cpp string literals.
//
// [SECTION] the views
// [SECTION] the step and its question
#include <cmath>
#include <cstdint>
#include <string>
#include <vector>

#include "core/open_models.h"
#include "core/random.h"
#include "core/rope.h"
#include "core/rope_scaling.h"
#include "lessons/lesson.h"
#include "lessons/lesson_util.h"
#include "lessons/open_models/open_models_lesson.h"

namespace pelab {
namespace open_models_lesson {

using namespace lessonui;  // shared display helpers (lessons/lesson_util.h)

// [SECTION] the views
namespace {
MlaConfig mla_config(const Inputs& in) {
    MlaConfig c;
    c.heads = in.heads;
    c.kv_lora_rank = in.kv_lora_rank;
    c.qk_rope_head_dim = in.qk_rope_head_dim / 2 * 2;
    c.qk_nope_head_dim = in.qk_nope_head_dim;
    c.v_head_dim = in.v_head_dim;
    return c;
}

// Cache bytes per token per layer against the number of heads: MLA's stays flat, ordinary MHA's grows.
ViewData mla_cache_view(const Inputs& in, Lang lang) {
    const MlaConfig c = mla_config(in);
    const int top = 256;  // the whole range of heads
    CurveView curve;
    std::vector<double> mha, mla;
    for (int h = 1; h <= top; ++h) {
        MlaConfig at = c;
        at.heads = h;
        curve.x.push_back(h);
        mha.push_back(static_cast<double>(mha_cache_numbers(at)) * in.bytes_per_number);
        mla.push_back(static_cast<double>(mla_cache_numbers(at)) * in.bytes_per_number);
    }
    curve.series = {mha, mla};
    curve.series_labels = {say(lang, {"普通多头注意力（每个头的键和值）", "ordinary multi-head attention (every head's key and value)"}),
                           say(lang, {"MLA（潜向量 + 共用的旋转键）", "MLA (latent + shared rope key)"})};
    curve.x_axis = say(lang, {"注意力头数", "attention heads"});
    curve.y_axis = say(lang, {"每个词元每层的缓存（字节，对数轴）", "cache per token per layer (bytes, log axis)"});
    curve.log_y = true;
    curve.vlines_x = {static_cast<double>(in.heads)};
    curve.vline_labels = {"heads"};
    const long long mla_n = mla_cache_numbers(c), mha_n = mha_cache_numbers(c);
    std::vector<std::string> notes = {
        say(lang, {"MLA：kv_lora_rank + qk_rope_head_dim = {l} + {r} = {n} 个数 = {b}（每个数 {bp} 字节）。",
                   "MLA: kv_lora_rank + qk_rope_head_dim = {l} + {r} = {n} numbers = {b} ({bp} bytes each)."},
            {{"l", integer(c.kv_lora_rank)}, {"r", integer(c.qk_rope_head_dim)}, {"n", integer(mla_n)},
             {"b", bytes_text(static_cast<double>(mla_n) * in.bytes_per_number)}, {"bp", integer(in.bytes_per_number)}}),
        say(lang, {"同样 {h} 个头的普通多头注意力：{h} × ({nope} + {r} + {v}) = {n} 个数 = {b}，是 MLA 的 {x} 倍。",
                   "Ordinary multi-head attention with the same {h} heads: {h} × ({nope} + {r} + {v}) = {n} numbers = {b}, {x} times MLA's."},
            {{"h", integer(c.heads)}, {"nope", integer(c.qk_nope_head_dim)}, {"r", integer(c.qk_rope_head_dim)}, {"v", integer(c.v_head_dim)},
             {"n", integer(mha_n)}, {"b", bytes_text(static_cast<double>(mha_n) * in.bytes_per_number)},
             {"x", num(static_cast<double>(mha_n) / static_cast<double>(mla_n), 4)}}),
    };
    return make_view(say(lang, {"KV 缓存：MLA 与普通多头注意力", "KV cache: MLA against ordinary multi-head attention"}), std::move(curve),
                     std::move(notes));
}

// Why RoPE cannot be absorbed: with up-projections W_q, W_k (rope width × latent width), the score of two
// latents is c_qᵀ W_qᵀ R_(n−m) W_k c_k. Without RoPE the middle matrix is one fixed W_qᵀ W_k (absorbed once);
// with RoPE it changes with n − m. The curve shows max |W_qᵀ R_Δ W_k − W_qᵀ W_k| against Δ.
constexpr int kToyLatent = 8;            // a small latent width: the check is about structure, not size
constexpr std::uint64_t kToyDraw = 6;    // the fixed draw of the toy projections

ViewData mla_absorb_view(const Inputs& in, Lang lang) {
    const int r = in.qk_rope_head_dim / 2 * 2;
    const Eigen::VectorXd theta = rope_default_inv_freq(r, in.base);
    SplitMix64 rng(kToyDraw);
    const Eigen::MatrixXd Wq = random_signed_matrix(r, kToyLatent, rng), Wk = random_signed_matrix(r, kToyLatent, rng);
    const Eigen::MatrixXd absorbed = Wq.transpose() * Wk;
    CurveView curve;
    std::vector<double> with_rope, without;
    for (int delta = 0; delta <= 64; ++delta) {
        curve.x.push_back(delta);
        with_rope.push_back(max_abs(Wq.transpose() * rope_matrix(theta, delta, RopeLayout::interleaved) * Wk - absorbed));
        without.push_back(max_abs(Wq.transpose() * Wk - absorbed));
    }
    curve.series = {with_rope, without};
    curve.series_labels = {say(lang, {"有 RoPE：W_qᵀ R_Δ W_k", "with RoPE: W_qᵀ R_Δ W_k"}), say(lang, {"没有 RoPE：W_qᵀ W_k", "without RoPE: W_qᵀ W_k"})};
    curve.x_axis = say(lang, {"距离 Δ = n − m", "distance Δ = n − m"});
    curve.y_axis = say(lang, {"与 Δ = 0 时矩阵的最大差", "largest difference from the matrix at Δ = 0"});
    // The decoupled score: position-free content part through the absorbed matrix plus the shared rope key.
    const Eigen::VectorXd cq = random_signed_matrix(kToyLatent, 1, rng), ck = random_signed_matrix(kToyLatent, 1, rng);
    const Eigen::VectorXd qr = random_signed_matrix(r, 1, rng), kr = random_signed_matrix(r, 1, rng);
    const int m = 9, n = 4;
    const double explicit_score = (Wq * cq).dot(Wk * ck) + rope_apply(qr, m, theta, RopeLayout::interleaved).dot(rope_apply(kr, n, theta, RopeLayout::interleaved));
    const double absorbed_score = cq.dot(absorbed * ck) + qr.dot(rope_matrix(theta, n - m, RopeLayout::interleaved) * kr);
    std::vector<std::string> notes = {
        say(lang, {"旋转宽度 {r}、潜向量宽度 {c} 的随机投影：Δ = 1 时差 {d1}，Δ = 64 时差 {d64}；没有 RoPE 时每个 Δ 都是 0。",
                   "Random projections, rotating width {r}, latent width {c}: the difference is {d1} at Δ = 1 and {d64} at Δ = 64; without RoPE it is 0 at every Δ."},
            {{"r", integer(r)}, {"c", integer(kToyLatent)}, {"d1", num(with_rope[1], 4)}, {"d64", num(with_rope.back(), 4)}}),
        say_error(lang, {"解耦后：内容部分用吸收好的 W_qᵀW_k，旋转部分用共用键的 R_(n−m)；m = {m}、n = {n} 时与逐项计算的分数之差 = {err}{hint}。",
                         "Decoupled: the content part through the absorbed W_qᵀW_k, the rope part through the shared key's R_(n−m); at m = {m}, n = {n} it differs from the explicit score by {err}{hint}."},
                  std::abs(explicit_score - absorbed_score), {{"m", integer(m)}, {"n", integer(n)}}),
    };
    return make_view(say(lang, {"为什么 RoPE 不能吸收进投影", "Why RoPE cannot be absorbed into the projections"}), std::move(curve), std::move(notes));
}

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
        say(lang, {"factor = {f}：cos/sin 乘 mscale(s, mscale) / mscale(s, mscale_all_dim) = {a}；softmax 缩放乘 mscale(s, mscale_all_dim)² = {b}。",
                   "factor = {f}: cos/sin are multiplied by mscale(s, mscale) / mscale(s, mscale_all_dim) = {a}; the softmax scale by mscale(s, mscale_all_dim)² = {b}."},
            {{"f", num(in.factor, 4)}, {"a", num(a, 6)}, {"b", num(b, 6)}}),
        say(lang, {"softmax 缩放 = {b} / √({nope} + {r}) = {s}；扩展后的长度 factor × original_max = {len}。",
                   "Softmax scale = {b} / √({nope} + {r}) = {s}; the extended length factor × original_max = {len}."},
            {{"b", num(b, 6)}, {"nope", integer(c.qk_nope_head_dim)}, {"r", integer(c.qk_rope_head_dim)},
             {"s", num(mla_softmax_scale(c, in.factor, in.mscale_all_dim), 6)}, {"len", num(in.factor * in.original_max, 8)}}),
    };
    return make_view(say(lang, {"DeepSeek 的 YaRN：两处缩放", "DeepSeek's YaRN: the two scales"}), std::move(curve), std::move(notes));
}

std::vector<ViewData> mla_views(const Inputs& in, Lang lang) {
    return {mla_cache_view(in, lang), mla_absorb_view(in, lang), mla_yarn_view(in, lang)};
}

}  // namespace

// [SECTION] the step and its question
Step decoupled_rope_mla() {
    Step s = {
        "decoupled-rope",
        {"多头潜注意力中的解耦 RoPE（DeepSeek-V2/V3）", "Decoupled RoPE in multi-head latent attention (DeepSeek-V2/V3)"},
        {"DeepSeek-V2/V3 的多头潜注意力（MLA）不在[[kv-cache|KV 缓存]]里存每个头的键和值，只存一个低维潜向量 c_KV，需要时再用上投影还原。"
         "推理时可以把键的上投影吸收进查询一侧：分数 (W_q c_q)ᵀ(W_k c_k) = c_qᵀ (W_qᵀ W_k) c_k，中间是一个固定的矩阵。"
         "RoPE 会破坏这一点：旋转夹在两个投影之间，中间变成 W_qᵀ R_(n−m) W_k，随距离变化，没法预先乘好。"
         "所以 DeepSeek 把 RoPE 拆出来：每个头的键分成不旋转的部分（由潜向量还原，可以吸收）和一小段旋转的维度 qk_rope_head_dim，"
         "这段旋转的键所有头共用一份，和潜向量一起缓存。长上下文用 [[yarn|YaRN]]：它的 mscale 与 mscale_all_dim 起两个作用，"
         "cos 和 sin 乘两者之比（DeepSeek-V3 两者都为 1，所以这个倍数是 1），softmax 的缩放则乘 mscale(factor, mscale_all_dim) 的平方。式中 μ 即 mscale，μ_all 即 mscale_all_dim。",
         "Multi-head latent attention (MLA) in DeepSeek-V2/V3 does not keep every head's key and value in the [[kv-cache|KV cache]]; it keeps one "
         "low-dimensional latent c_KV and rebuilds them with up-projections when needed. At inference the key's up-projection can be absorbed into the "
         "query side: the score (W_q c_q)ᵀ(W_k c_k) = c_qᵀ (W_qᵀ W_k) c_k has one fixed matrix in the middle. RoPE breaks this: the "
         "rotation sits between the two projections, so the middle becomes W_qᵀ R_(n−m) W_k, which changes with the distance and cannot "
         "be multiplied out in advance. DeepSeek therefore decouples RoPE: each head's key splits into a part without rotation (rebuilt "
         "from the latent, absorbable) and a few rotating dimensions, qk_rope_head_dim, whose key is one copy shared by all heads and "
         "cached beside the latent. For long context it uses [[yarn|YaRN]], whose mscale and mscale_all_dim act twice: cos and sin are multiplied "
         "by their ratio (both are 1 in DeepSeek-V3, so that multiplier is 1), and the softmax scale by mscale(factor, mscale_all_dim) squared. In the equations μ is mscale and μ_all is mscale_all_dim."},
        {"heads", "kv_lora_rank", "qk_rope_head_dim", "qk_nope_head_dim", "v_head_dim", "bytes_per_number", "factor", "mscale",
         "mscale_all_dim", "original_max", "base"},
        views_of(read_inputs, mla_views),
        {R"tex(q_{m,i}^\top k_{n,i}=\underbrace{c_{Q,m}^\top W^{UQ\top}_i W^{UK}_i c_{KV,n}}_{\text{absorbed}}+\bigl(R_m\,q^R_{m,i}\bigr)^\top\bigl(R_n\,k^R_n\bigr))tex",
         R"tex(\text{cache per token: } d_c+d_R\quad\text{vs}\quad n_h\,(d_{\mathrm{nope}}+d_R+d_v))tex",
         R"tex(m(s,a)=0.1\,a\ln s+1,\qquad \cos,\sin\times\frac{m(s,\mu)}{m(s,\mu_{\mathrm{all}})},\qquad \tau=\frac{m(s,\mu_{\mathrm{all}})^2}{\sqrt{d_{\mathrm{nope}}+d_R}})tex"},
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
