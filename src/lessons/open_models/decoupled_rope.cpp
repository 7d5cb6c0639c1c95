// PE Lab — lessons/open_models/decoupled_rope.cpp
// Step "decoupled-rope" of lesson "open-models": decoupled RoPE in multi-head latent attention
// (DeepSeek-V2/V3): why RoPE cannot be absorbed into the latent projections (a computed check against the
// distance) and the decoupled score that can (an exact check). Its KV-cache cost is the next step
// (mla_cache.cpp), DeepSeek's YaRN settings the one after (mla_yarn.cpp). Every number shown comes from core
// (rope.h, random.h).
// Comments are English only: the font subset is built from the characters inside .cpp string literals.
//
// [SECTION] the views
// [SECTION] the step and its question
#include <cmath>
#include <cstdint>
#include <string>
#include <vector>

#include "core/random.h"
#include "core/rope.h"
#include "lessons/lesson.h"
#include "lessons/lesson_util.h"
#include "lessons/open_models/open_models_lesson.h"

namespace pelab {
namespace open_models_lesson {

using namespace lessonui;  // shared display helpers (lessons/lesson_util.h)

// [SECTION] the views
namespace {
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
        say(lang, {"式中 c_Q、c_KV 是查询和键值的潜向量，W^UQ、W^UK 是头 i 的上投影（图中的 W_q、W_k），q^R、k^R 是单独旋转的部分。",
                   "In the equation c_Q and c_KV are the query's and the key-value latents, W^UQ and W^UK head i's up-projections "
                   "(W_q and W_k in the figure), q^R and k^R the parts that rotate on their own."}),
        say(lang, {"旋转宽度 {r}、潜向量宽度 {c} 的随机投影：Δ = 1 时差 {d1}，Δ = 64 时差 {d64}；没有 RoPE 时每个 Δ 都是 0。",
                   "Random projections, rotating width {r}, latent width {c}: the difference is {d1} at Δ = 1 and {d64} at Δ = 64; without RoPE it is 0 at every Δ."},
            {{"r", integer(r)}, {"c", integer(kToyLatent)}, {"d1", num(with_rope[1], 4)}, {"d64", num(with_rope.back(), 4)}}),
        say_error(lang, {"解耦后：内容部分用吸收好的 W_qᵀW_k，旋转部分用共用键的 R_(n−m)；m = {m}、n = {n} 时与逐项计算的分数之差 = {err}{hint}。",
                         "Decoupled: the content part through the absorbed W_qᵀW_k, the rope part through the shared key's R_(n−m); at m = {m}, n = {n} it differs from the explicit score by {err}{hint}."},
                  std::abs(explicit_score - absorbed_score), {{"m", integer(m)}, {"n", integer(n)}}),
    };
    return make_view(say(lang, {"为什么 RoPE 不能吸收进投影", "Why RoPE cannot be absorbed into the projections"}), std::move(curve), std::move(notes));
}

std::vector<ViewData> mla_views(const Inputs& in, Lang lang) {
    return {mla_absorb_view(in, lang)};
}

}  // namespace

// [SECTION] the step and its question
Step decoupled_rope_mla() {
    Step s = {
        "decoupled-rope",
        {"解耦 RoPE：旋转不能吸收进投影", "Decoupled RoPE: rotation cannot be absorbed"},
        {"RoPE 的旋转夹在两个投影之间、随距离变化，所以 DeepSeek 把它拆到单独的一小段维度里，其余部分照旧吸收进投影。"
         "多头潜注意力（MLA，DeepSeek-V2/V3）只缓存一个低维潜向量 c_KV，第 i 个头用上投影 W^UK_i（图中 W_k）还原键，查询来自 c_Q 与 W^UQ_i（图中 W_q）。"
         "没有 RoPE 时中间的 W_qᵀ W_k 是固定矩阵，乘好一次即可；有 RoPE 时变成 W_qᵀ R_Δ W_k，R_Δ 转过距离 Δ = n − m。"
         "解耦后 q^R_i 是查询的旋转部分，k^R 是所有头共用的旋转键（宽 qk_rope_head_dim），R_m 转过位置 m。",
         "RoPE's rotation sits between the two projections and changes with the distance, so DeepSeek splits it off into a few "
         "dimensions of their own and absorbs the rest into the projections as before. Multi-head latent attention (MLA, "
         "DeepSeek-V2/V3) caches one low-dimensional latent c_KV; head i rebuilds its key with the up-projection W^UK_i (W_k in the "
         "figure) and its query from c_Q with W^UQ_i (W_q). Without RoPE the middle W_qᵀ W_k is one fixed matrix, multiplied out "
         "once; with RoPE it becomes W_qᵀ R_Δ W_k, where R_Δ turns by the distance Δ = n − m. Decoupled, q^R_i is the query's "
         "rotating part, k^R one rotating key shared by all heads (qk_rope_head_dim wide), and R_m turns by position m."},
        {"qk_rope_head_dim", "base"},
        views_of(read_inputs, mla_views),
        {{R"tex(q_{m,i}^\top k_{n,i}=\underbrace{c_{Q,m}^\top W^{UQ\top}_i W^{UK}_i c_{KV,n}}_{\text{被吸收}}+\bigl(R_m\,q^R_{m,i}\bigr)^\top\bigl(R_n\,k^R_n\bigr))tex", R"tex(q_{m,i}^\top k_{n,i}=\underbrace{c_{Q,m}^\top W^{UQ\top}_i W^{UK}_i c_{KV,n}}_{\text{absorbed}}+\bigl(R_m\,q^R_{m,i}\bigr)^\top\bigl(R_n\,k^R_n\bigr))tex"}},
    };
    return s;
}

}  // namespace open_models_lesson
}  // namespace pelab
