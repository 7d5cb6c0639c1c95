// PE Lab — lessons/open_models/decoupled_rope.cpp
// Step "decoupled-rope" of lesson "open-models": the fix for the two steps before (mla_cache.cpp: the cache;
// absorption.cpp: why RoPE blocks folding the key projection into the query). DeepSeek-V3 splits each query and
// key into a content part without position, folded into the query as before, and a small rotating part whose key
// (d_R numbers) is shared by all heads and cached already turned. The figure: the cache per token per layer,
// d_L + d_R whatever the number of heads, against ordinary multi-head attention's H·(d_C + d_R + d_V); a note
// checks the decoupled score against the explicit one on the toy of mla_toy (lesson.cpp). DeepSeek's YaRN settings
// are the next step (mla_yarn.cpp). Every number shown comes from core (open_models.h, rope.h, random.h).
// Comments are English only: the font subset is built from the characters inside .cpp string literals.
//
// [SECTION] the view
// [SECTION] the step
#include <cmath>
#include <string>
#include <vector>

#include "core/rope/open_models.h"
#include "core/rope/rope.h"
#include "lessons/lesson.h"
#include "lessons/lesson_util.h"
#include "lessons/open_models/open_models_lesson.h"

namespace pelab {
namespace open_models_lesson {

using namespace lessonui;  // shared display helpers (lessons/lesson_util.h)

// [SECTION] the view
namespace {
// The decoupled score of the toy, content part through the absorbed W_qᵀW_k plus the rope part through the shared
// key's rotation, against the score computed term by term: |difference| at query m, key n.
constexpr int kQueryAt = 9, kKeyAt = 4;
double decoupled_gap(const MlaToy& t) {
    const Eigen::MatrixXd absorbed = t.Wq.transpose() * t.Wk;
    const double explicit_score = (t.Wq * t.cq).dot(t.Wk * t.ck) +
                                  rope_apply(t.qr, kQueryAt, t.theta, RopeLayout::interleaved).dot(rope_apply(t.kr, kKeyAt, t.theta, RopeLayout::interleaved));
    const double absorbed_score = t.cq.dot(absorbed * t.ck) + t.qr.dot(rope_matrix(t.theta, kKeyAt - kQueryAt, RopeLayout::interleaved) * t.kr);
    return std::abs(explicit_score - absorbed_score);
}

// Cache bytes per token per layer against the number of heads: MLA's stays flat, ordinary MHA's grows.
ViewData decoupled_cache_view(const Inputs& in, Lang lang) {
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
                           say(lang, {"MLA（潜向量 + 共用的旋转键）", "MLA (latent + shared rotating key)"})};
    curve.x_axis = say(lang, {"注意力头数 H", "attention heads H"});
    curve.y_axis = say(lang, {"每个词元每层的缓存（字节，对数轴）", "cache per token per layer (bytes, log axis)"});
    curve.log_y = true;
    curve.vlines_x = {static_cast<double>(in.heads)};
    curve.vline_labels = {"H"};
    const long long mla_n = mla_cache_numbers(c), mha_n = mha_cache_numbers(c);
    std::vector<std::string> notes = {
        say(lang, {"MLA：d_L + d_R = {l} + {r} = {n} 个数 = {b}（每个数 {bp} 字节）。",
                   "MLA: d_L + d_R = {l} + {r} = {n} numbers = {b} ({bp} bytes each)."},
            {{"l", integer(c.kv_lora_rank)}, {"r", integer(c.qk_rope_head_dim)}, {"n", integer(mla_n)},
             {"b", bytes_text(static_cast<double>(mla_n) * in.bytes_per_number)}, {"bp", integer(in.bytes_per_number)}}),
        say(lang, {"同样 H = {h} 个头的普通多头注意力：H (d_C + d_R + d_V) = {h} × ({nope} + {r} + {v}) = {n} 个数 = {b}，是 MLA 的 {x} 倍。",
                   "Ordinary multi-head attention with the same H = {h} heads: H (d_C + d_R + d_V) = {h} × ({nope} + {r} + {v}) = {n} numbers = {b}, {x} times MLA's."},
            {{"h", integer(c.heads)}, {"nope", integer(c.qk_nope_head_dim)}, {"r", integer(c.qk_rope_head_dim)}, {"v", integer(c.v_head_dim)},
             {"n", integer(mha_n)}, {"b", bytes_text(static_cast<double>(mha_n) * in.bytes_per_number)},
             {"x", num(static_cast<double>(mha_n) / static_cast<double>(mla_n), 4)}}),
        say_error(lang, {"解耦后：内容部分用吸收好的 W_qᵀW_k，旋转部分用共用键的 R_(−Δ)；m = {m}、n = {n} 时与逐项计算的分数之差 = {err}{hint}。",
                         "Decoupled: the content part through the absorbed W_qᵀW_k, the rope part through the shared key's R_(−Δ); at m = {m}, n = {n} it differs from the explicit score by {err}{hint}."},
                  decoupled_gap(mla_toy(in)), {{"m", integer(kQueryAt)}, {"n", integer(kKeyAt)}}),
    };
    return make_view(say(lang, {"解耦 RoPE 之后的 KV 缓存：MLA 与普通多头注意力", "KV cache with decoupled RoPE: MLA against ordinary multi-head attention"}),
                     std::move(curve), std::move(notes));
}

std::vector<ViewData> decoupled_views(const Inputs& in, Lang lang) { return {decoupled_cache_view(in, lang)}; }

}  // namespace

// [SECTION] the step
Step decoupled_rope_mla() {
    Step s = {
        "decoupled-rope",
        {"解耦 RoPE：把旋转放进单独的几维", "Decoupled RoPE: rotation in a few numbers of its own"},
        {"DeepSeek-V3 的办法是把每个查询和键拆成两部分：不带位置的内容部分（d_C 维）照旧把上投影并进查询，另有一小段旋转部分（d_R 维），其键由所有头共用，旋转好后存进缓存。"
         "式中第一项被吸收：中间是固定矩阵；第二项里 q^R_i 是头 i 查询的旋转部分，k^R 是共用的旋转键，R_m、R_n 按位置旋转。"
         "代价是每个词元多存 d_R 个数；图中是这样的缓存与普通多头注意力的对比（d_V 是值的维数），竖线标出所选的头数。"
         "（Hugging Face：`qk_rope_head_dim` 即 d_R，`qk_nope_head_dim` 即 d_C，`kv_lora_rank` 即 d_L，`v_head_dim` 即 d_V。）",
         "DeepSeek-V3's fix splits each query and key in two: a content part without position (d_C numbers), whose key "
         "up-projection is folded into the query as before, and a small rotating part (d_R numbers) whose key is shared by all "
         "heads and cached already turned. In the equation the first term is absorbed, with a fixed matrix in the middle; in the "
         "second q^R_i is head i's rotating query part, k^R the shared rotating key, and R_m, R_n turn by position. The price is "
         "d_R more cached numbers per token; the figure compares that cache with ordinary multi-head attention's (d_V is the "
         "value's width), with a vertical line at the chosen heads. (Hugging Face: `qk_rope_head_dim` is d_R, `qk_nope_head_dim` d_C, "
         "`kv_lora_rank` d_L, `v_head_dim` d_V.)"},
        {"heads", "kv_lora_rank", "qk_rope_head_dim", "qk_nope_head_dim", "v_head_dim", "bytes_per_number", "base"},
        views_of(read_inputs, decoupled_views),
        {{R"tex(q_{m,i}^\top k_{n,i}=\underbrace{c_{Q,m}^\top W_{q,i}^\top W_{k,i} c_{KV,n}}_{\text{被吸收}}+\bigl(R_m\,q^R_{m,i}\bigr)^\top\bigl(R_n\,k^R_n\bigr))tex", R"tex(q_{m,i}^\top k_{n,i}=\underbrace{c_{Q,m}^\top W_{q,i}^\top W_{k,i} c_{KV,n}}_{\text{absorbed}}+\bigl(R_m\,q^R_{m,i}\bigr)^\top\bigl(R_n\,k^R_n\bigr))tex"},
         {R"tex(\text{每个词元每层的缓存：}\quad d_L+d_R\quad\text{对比}\quad H\,(d_C+d_R+d_V))tex", R"tex(\text{cache per token per layer: }\quad d_L+d_R\quad\text{vs}\quad H\,(d_C+d_R+d_V))tex"}},
    };
    s.takeaway = {"[[mla|MLA]]（多头潜注意力）每词元每层只存 {mla} 个数，比 {mha} 少 {x} 倍：旋转会让 W_k 无法并进查询，就移进共用的 {dr} 维旋转键。",
                  "[[mla|MLA]] (multi-head latent attention) caches {mla} numbers per token and layer, {x}× fewer than {mha}: rotation, "
                  "which would stop W_k folding into the query, moves to one shared key of {dr}."};
    s.takeaway_args = args_of(read_inputs, +[](const Inputs& in, Lang) {
        const MlaConfig c = mla_config(in);
        const long long mla_n = mla_cache_numbers(c), mha_n = mha_cache_numbers(c);
        return std::vector<Arg>{{"mla", integer(mla_n)}, {"mha", integer(mha_n)}, {"dr", integer(c.qk_rope_head_dim)},
                                {"x", num(static_cast<double>(mha_n) / static_cast<double>(mla_n), 4)}};
    });
    return s;
}

}  // namespace open_models_lesson
}  // namespace pelab
