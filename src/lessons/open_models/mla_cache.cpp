// PE Lab — lessons/open_models/mla_cache.cpp
// Step "mla-cache" of lesson "open-models": what decoupled RoPE costs and saves in multi-head latent attention
// (DeepSeek-V2/V3): the cache per token per layer, kv_lora_rank + qk_rope_head_dim numbers whatever the number
// of heads, against ordinary multi-head attention's heads × (qk_nope_head_dim + qk_rope_head_dim + v_head_dim).
// DeepSeek-V3's head shapes are the defaults (see decoupled_rope.cpp for their sources). Every number shown
// comes from core (open_models.h).
// Comments are English only: the font subset is built from the characters inside .cpp string literals.
//
// [SECTION] the view
// [SECTION] the step
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
        say(lang, {"MLA：d_c + d_R = kv_lora_rank + qk_rope_head_dim = {l} + {r} = {n} 个数 = {b}（每个数 {bp} 字节）。",
                   "MLA: d_c + d_R = kv_lora_rank + qk_rope_head_dim = {l} + {r} = {n} numbers = {b} ({bp} bytes each)."},
            {{"l", integer(c.kv_lora_rank)}, {"r", integer(c.qk_rope_head_dim)}, {"n", integer(mla_n)},
             {"b", bytes_text(static_cast<double>(mla_n) * in.bytes_per_number)}, {"bp", integer(in.bytes_per_number)}}),
        say(lang, {"同样 n_h = {h} 个头的普通多头注意力：n_h (d_nope + d_R + d_v) = {h} × ({nope} + {r} + {v}) = {n} 个数 = {b}，是 MLA 的 {x} 倍。",
                   "Ordinary multi-head attention with the same n_h = {h} heads: n_h (d_nope + d_R + d_v) = {h} × ({nope} + {r} + {v}) = {n} numbers = {b}, {x} times MLA's."},
            {{"h", integer(c.heads)}, {"nope", integer(c.qk_nope_head_dim)}, {"r", integer(c.qk_rope_head_dim)}, {"v", integer(c.v_head_dim)},
             {"n", integer(mha_n)}, {"b", bytes_text(static_cast<double>(mha_n) * in.bytes_per_number)},
             {"x", num(static_cast<double>(mha_n) / static_cast<double>(mla_n), 4)}}),
    };
    return make_view(say(lang, {"KV 缓存：MLA 与普通多头注意力", "KV cache: MLA against ordinary multi-head attention"}), std::move(curve),
                     std::move(notes));
}

std::vector<ViewData> mla_cache_views(const Inputs& in, Lang lang) { return {mla_cache_view(in, lang)}; }

}  // namespace

// [SECTION] the step
Step mla_cache() {
    Step s = {
        "mla-cache",
        {"MLA 的 KV 缓存：潜向量加一份旋转键", "MLA's KV cache: a latent and one rope key"},
        {"MLA 每个词元每层只缓存 d_c + d_R 个数，与头数无关；普通多头注意力要缓存 n_h (d_nope + d_R + d_v) 个数，随头数增长。"
         "解耦 RoPE 的代价就是那一段共用的旋转键：d_R = qk_rope_head_dim 个数，加在潜向量 c_KV 的 d_c = kv_lora_rank 个数旁边。"
         "普通多头注意力给 n_h = heads 个头各存一个键（d_nope = qk_nope_head_dim 个不旋转的数加 d_R 个旋转的数）和一个值（d_v = v_head_dim 个数）。"
         "每个数占 bytes_per_number 字节；竖线标出所选的头数。",
         "MLA caches d_c + d_R numbers per token per layer, however many heads it has; ordinary multi-head attention caches "
         "n_h (d_nope + d_R + d_v), growing with the heads. The price of decoupled RoPE is that one shared rope key: d_R = "
         "qk_rope_head_dim numbers beside the d_c = kv_lora_rank numbers of the latent c_KV. Ordinary multi-head attention stores, "
         "for each of n_h = heads heads, a key (d_nope = qk_nope_head_dim numbers without rotation plus d_R rotating ones) and a "
         "value (d_v = v_head_dim numbers). Each number takes bytes_per_number bytes; the vertical line marks the chosen heads."},
        {"heads", "kv_lora_rank", "qk_rope_head_dim", "qk_nope_head_dim", "v_head_dim", "bytes_per_number"},
        views_of(read_inputs, mla_cache_views),
        {{R"tex(\text{每个 token 的缓存：} d_c+d_R\quad\text{对比}\quad n_h\,(d_{\mathrm{nope}}+d_R+d_v))tex", R"tex(\text{cache per token: } d_c+d_R\quad\text{vs}\quad n_h\,(d_{\mathrm{nope}}+d_R+d_v))tex"}},
    };
    return s;
}

}  // namespace open_models_lesson
}  // namespace pelab
