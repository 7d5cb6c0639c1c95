// PE Lab — lessons/open_models/mla_cache.cpp
// Step "mla-cache" of lesson "open-models", the first of multi-head latent attention (MLA, DeepSeek-V3): the
// problem it solves. While generating, ordinary multi-head attention keeps every past token's key and value for
// every head, H·(d_K + d_V) numbers per token per layer, growing with the heads; MLA keeps one latent of d_L
// numbers (kv_lora_rank) and rebuilds the heads' keys and values from it. Why RoPE gets in the way of that is the
// next step (absorption.cpp), the fix and its price the one after (decoupled_rope.cpp). DeepSeek-V3's head shapes
// are the defaults. Every number shown comes from core (open_models.h).
// Comments are English only: the font subset is built from the characters inside .cpp string literals.
//
// [SECTION] the view
// [SECTION] the step
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

// [SECTION] the view
namespace {
// Cache bytes per token per layer against the number of heads: ordinary attention's grows, one latent's stays flat.
ViewData mla_cache_view(const Inputs& in, Lang lang) {
    const MlaConfig c = mla_config(in);
    const int top = 256;  // the whole range of heads
    CurveView curve;
    std::vector<double> mha, latent;
    for (int h = 1; h <= top; ++h) {
        MlaConfig at = c;
        at.heads = h;
        curve.x.push_back(h);
        mha.push_back(static_cast<double>(mha_cache_numbers(at)) * in.bytes_per_number);
        latent.push_back(static_cast<double>(c.kv_lora_rank) * in.bytes_per_number);
    }
    curve.series = {mha, latent};
    curve.series_labels = {say(lang, {"普通多头注意力：每个头的键和值", "ordinary multi-head attention: every head's key and value"}),
                           say(lang, {"一个潜向量 c_KV（d_L 个数）", "one latent c_KV (d_L numbers)"})};
    curve.x_axis = say(lang, {"注意力头数 H", "attention heads H"});
    curve.y_axis = say(lang, {"每个词元每层的缓存（字节，对数轴）", "cache per token per layer (bytes, log axis)"});
    curve.log_y = true;
    curve.vlines_x = {static_cast<double>(in.heads)};
    curve.vline_labels = {"H"};
    const long long mha_n = mha_cache_numbers(c);
    const int dk = c.qk_nope_head_dim + c.qk_rope_head_dim;
    std::vector<std::string> notes = {
        say(lang, {"普通多头注意力，H = {h} 个头：H (d_K + d_V) = {h} × ({dk} + {v}) = {n} 个数 = {b}（每个数 {bp} 字节）。",
                   "Ordinary multi-head attention, H = {h} heads: H (d_K + d_V) = {h} × ({dk} + {v}) = {n} numbers = {b} ({bp} bytes each)."},
            {{"h", integer(c.heads)}, {"dk", integer(dk)}, {"v", integer(c.v_head_dim)}, {"n", integer(mha_n)},
             {"b", bytes_text(static_cast<double>(mha_n) * in.bytes_per_number)}, {"bp", integer(in.bytes_per_number)}}),
        say(lang, {"一个潜向量：d_L = {l} 个数 = {b}，少 {x} 倍。",
                   "One latent: d_L = {l} numbers = {b}, {x} times fewer."},
            {{"l", integer(c.kv_lora_rank)}, {"b", bytes_text(static_cast<double>(c.kv_lora_rank) * in.bytes_per_number)},
             {"x", num(static_cast<double>(mha_n) / c.kv_lora_rank, 4)}}),
        say(lang, {"（Hugging Face：`kv_lora_rank` 即 d_L，`qk_nope_head_dim` + `qk_rope_head_dim` 即 d_K，`v_head_dim` 即 d_V，`num_attention_heads` 即 H。）",
                   "(Hugging Face: `kv_lora_rank` is d_L, `qk_nope_head_dim` + `qk_rope_head_dim` d_K, `v_head_dim` d_V, "
                   "`num_attention_heads` H.)"}),
    };
    return make_view(say(lang, {"[[kv-cache|KV 缓存]]：普通多头注意力与一个潜向量", "[[kv-cache|KV cache]]: ordinary multi-head attention against one latent"}),
                     std::move(curve), std::move(notes));
}

std::vector<ViewData> mla_cache_views(const Inputs& in, Lang lang) { return {mla_cache_view(in, lang)}; }

}  // namespace

// [SECTION] the step
Step mla_cache() {
    Step s = {
        "mla-cache",
        {"KV 缓存：存了什么，为什么大", "The KV cache: what it stores and why it is large"},
        {"生成文本时，模型为每一层、每个头保存所有已处理词元的键和值（[[kv-cache|KV 缓存]]），新词元只需算自己的；这份缓存随上下文的每个词元增长。"
         "普通多头注意力每个词元每层存 H (d_K + d_V) 个数：H 个头，每个头一个 d_K 个数的键和一个 d_V 个数的值。"
         "DeepSeek-V3 的多头潜注意力（[[mla|MLA]]）改为每个词元只存一个 d_L 个数的潜向量 c_KV，各头的键和值由它经上投影矩阵还原。"
         "竖线标出所选的头数。",
         "While generating, a model keeps every past token's keys and values for every layer and head (the [[kv-cache|KV "
         "cache]]), so a new token computes only its own; the cache grows with every token of the context. "
         "Ordinary multi-head attention stores H (d_K + d_V) numbers per token per layer: for each of H heads a key of d_K "
         "numbers and a value of d_V. DeepSeek-V3's multi-head latent attention ([[mla|MLA]]) stores instead one latent c_KV of "
         "d_L numbers per token and rebuilds every head's key and value from it with up-projection matrices. The vertical line "
         "marks the chosen heads."},
        {"heads", "kv_lora_rank", "qk_rope_head_dim", "qk_nope_head_dim", "v_head_dim", "bytes_per_number"},
        views_of(read_inputs, mla_cache_views),
        {{R"tex(\text{每个词元每层的缓存：}\quad H\,(d_K+d_V)\quad\text{对比}\quad d_L)tex", R"tex(\text{cache per token per layer: }\quad H\,(d_K+d_V)\quad\text{vs}\quad d_L)tex"},
         {R"tex(k_{n,i}=W_{k,i}\,c_{KV,n},\qquad v_{n,i}=W_{v,i}\,c_{KV,n})tex"}},
    };
    s.takeaway = {"普通注意力每个词元每层存 {mha} 个数，因为 {h} 个头各存自己的键和值；只存一个 {dc} 个数的共用潜向量、各头从它还原，就少 {x} 倍。",
                  "Ordinary attention caches {mha} numbers per token and layer, as each of {h} heads keeps its own key and value; "
                  "one shared latent of {dc}, from which every head rebuilds them, is {x}× smaller."};
    s.takeaway_args = args_of(read_inputs, +[](const Inputs& in, Lang) {
        const MlaConfig c = mla_config(in);
        const long long mha_n = mha_cache_numbers(c);
        return std::vector<Arg>{{"mha", integer(mha_n)}, {"h", integer(c.heads)}, {"dc", integer(c.kv_lora_rank)},
                                {"x", num(static_cast<double>(mha_n) / c.kv_lora_rank, 4)}};
    });
    return s;
}

}  // namespace open_models_lesson
}  // namespace pelab
