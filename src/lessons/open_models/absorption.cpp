// PE Lab — lessons/open_models/absorption.cpp
// Step "absorption" of lesson "open-models": why RoPE blocks MLA's shortcut. To score a query against cached
// latents without rebuilding every past key, MLA multiplies the key's up-projection into the query once:
// qᵀ W_k c_KV = (W_kᵀ q)ᵀ c_KV. With RoPE the key is turned by its position first, so the matrix between query
// latent and key latent is W_qᵀ R_(−Δ) W_k, Δ = m − n (query minus key): it changes with Δ and cannot be
// multiplied out once. The figure multiplies a toy's random projections out at each Δ (mla_toy, lesson.cpp) and
// compares with Δ = 0. The fix is the next step (decoupled_rope.cpp). Its question (a prediction): can the key
// projection still be folded into the query with RoPE? Every number shown comes from core (rope.h, random.h).
// Comments are English only: the font subset is built from the characters inside .cpp string literals.
//
// [SECTION] the view
// [SECTION] the step and its question
#include <string>
#include <vector>

#include "core/rope/rope.h"
#include "lessons/lesson.h"
#include "lessons/lesson_util.h"
#include "lessons/open_models/open_models_lesson.h"

namespace pelab {
namespace open_models_lesson {

using namespace lessonui;  // shared display helpers (lessons/lesson_util.h)

// [SECTION] the view
namespace {
constexpr int kLargestOffset = 64;

// max |W_qᵀ R_(−Δ) W_k − W_qᵀ W_k| for Δ = 0 … kLargestOffset (with RoPE), and 0 … without it.
struct AbsorbCurve {
    std::vector<double> with_rope, without;
};
AbsorbCurve absorb_curve(const MlaToy& t) {
    AbsorbCurve a;
    const Eigen::MatrixXd absorbed = t.Wq.transpose() * t.Wk;
    for (int delta = 0; delta <= kLargestOffset; ++delta) {
        // The key at n = m − Δ turns by n, the query by m: between them R_m^T R_n = R_(n − m) = R_(−Δ).
        a.with_rope.push_back(max_abs(t.Wq.transpose() * rope_matrix(t.theta, -delta, RopeLayout::interleaved) * t.Wk - absorbed));
        a.without.push_back(max_abs(t.Wq.transpose() * t.Wk - absorbed));
    }
    return a;
}

ViewData absorb_view(const Inputs& in, Lang lang) {
    const MlaToy t = mla_toy(in);
    const AbsorbCurve a = absorb_curve(t);
    CurveView curve;
    for (int delta = 0; delta <= kLargestOffset; ++delta) curve.x.push_back(delta);
    curve.series = {a.with_rope, a.without};
    curve.series_labels = {say(lang, {"有 RoPE：W_qᵀ R_(−Δ) W_k", "with RoPE: W_qᵀ R_(−Δ) W_k"}), say(lang, {"没有 RoPE：W_qᵀ W_k", "without RoPE: W_qᵀ W_k"})};
    curve.x_axis = say(lang, {"偏移 Δ = m − n（查询减键）", "offset Δ = m − n (query minus key)"});
    curve.y_axis = say(lang, {"与 Δ = 0 时矩阵的最大差", "largest difference from the matrix at Δ = 0"});
    std::vector<std::string> notes = {
        say(lang, {"W_q、W_k 是查询和键的上投影，c_Q、c_KV 是它们的潜向量，R_(−Δ) 是键与查询之间剩下的旋转。",
                   "W_q and W_k are the query's and the key's up-projections, c_Q and c_KV their latents, R_(−Δ) the rotation left "
                   "between key and query."}),
        say(lang, {"旋转宽度 {r}、潜向量宽度 {c} 的随机投影：Δ = 1 时差 {d1}，Δ = {top} 时差 {dtop}；没有 RoPE 时每个 Δ 都是 0。",
                   "Random projections, rotating width {r}, latent width {c}: the difference is {d1} at Δ = 1 and {dtop} at "
                   "Δ = {top}; without RoPE it is 0 at every Δ."},
            {{"r", integer(t.r)}, {"c", integer(t.latent)}, {"d1", num(a.with_rope[1], 4)}, {"dtop", num(a.with_rope.back(), 4)},
             {"top", integer(kLargestOffset)}}),
    };
    return make_view(say(lang, {"查询与键的潜向量之间的矩阵，随偏移 Δ", "The matrix between query and key latents, against the offset Δ"}),
                     std::move(curve), std::move(notes));
}

std::vector<ViewData> absorb_views(const Inputs& in, Lang lang) { return {absorb_view(in, lang)}; }

}  // namespace

// [SECTION] the step and its question
Step rope_absorption() {
    Step s = {
        "absorption",
        {"把键的上投影并进查询", "Folding the key's up-projection into the query"},
        {"要用缓存的潜向量打分，MLA 本得为每个过去的词元重建键 k = W_k c_KV，除非把 W_k 一次乘进查询：qᵀ W_k c_KV = (W_kᵀ q)ᵀ c_KV。"
         "没有 RoPE 时，查询潜向量与键潜向量之间的矩阵 W_qᵀ W_k 是固定的，乘好一次即可。"
         "有 RoPE 时，查询按位置 m、键按位置 n 旋转，中间多出 R_(−Δ)。图中用随机投影在每个偏移 Δ 上把这个矩阵乘出来，与 Δ = 0 时比较。",
         "To score against cached latents, MLA would have to rebuild the key k = W_k c_KV of every past token, unless W_k is "
         "multiplied into the query once: qᵀ W_k c_KV = (W_kᵀ q)ᵀ c_KV. Without RoPE the matrix W_qᵀ W_k between the query "
         "latent and the key latent is fixed and multiplied out once. With RoPE the query turns by its position m and the key by "
         "n, which puts R_(−Δ) in the middle. The figure multiplies that matrix out with random projections at each offset Δ "
         "and compares it with Δ = 0."},
        {"qk_rope_head_dim", "base"},
        views_of(read_inputs, absorb_views),
        {R"tex(q_m^\top k_n=c_{Q,m}^\top\,W_q^\top\,R_m^\top R_n\,W_k\,c_{KV,n}=c_{Q,m}^\top\bigl(W_q^\top R_{-\Delta}W_k\bigr)c_{KV,n})tex",
         R"tex(\Delta=m-n)tex"},
    };
    s.takeaway = {"有 RoPE 时中间的矩阵随偏移而变（Δ = 1 时差 {d1}）：它无法一次乘好，每生成一个词元都得重建所有过去的键。",
                  "With RoPE the matrix between the latents changes with the offset (by {d1} at Δ = 1), so it cannot be multiplied "
                  "out once: every past key would have to be rebuilt at every new token."};
    s.takeaway_args = args_of(read_inputs, +[](const Inputs& in, Lang) {
        const AbsorbCurve a = absorb_curve(mla_toy(in));
        return std::vector<Arg>{{"d1", num(a.with_rope[1], 4)}};
    });
    s.questions = {
        {{"键带上 RoPE 之后，还能把键的上投影 W_k 一次乘进查询、对所有过去的词元通用吗？",
          "With RoPE on the key, can its up-projection W_k still be multiplied into the query once, for every past token?"},
         {{"能", "Yes"},
          {"不能", "No"},
          {"除了最近的那个词元都能", "For all but the nearest token"}},
         1,
         [](const ParamSet& p, Lang lang) {
             const AbsorbCurve a = absorb_curve(mla_toy(read_inputs(p)));
             return say(lang,
                        {"查询与键的潜向量之间是 W_qᵀ R_(−Δ) W_k：R_(−Δ) 随偏移而变，Δ = 1 时与 Δ = 0 的矩阵差 {d1}，Δ = {top} 时差 {dtop}。"
                         "Δ = 0 时差为 0，所以只有查询自己那个位置能用乘好的矩阵。",
                         "Between the query and key latents sits W_qᵀ R_(−Δ) W_k: R_(−Δ) changes with the offset, differing from the "
                         "Δ = 0 matrix by {d1} at Δ = 1 and {dtop} at Δ = {top}. At Δ = 0 the difference is 0, so only the query's own "
                         "position could use a matrix multiplied out once."},
                        {{"d1", num(a.with_rope[1], 4)}, {"dtop", num(a.with_rope.back(), 4)}, {"top", integer(kLargestOffset)}});
         }},
    };
    s.questions[0].predict = true;  // asked before the figure: covered until answered
    return s;
}

}  // namespace open_models_lesson
}  // namespace pelab
