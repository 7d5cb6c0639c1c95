// PE Lab — lessons/open_models/partial_rotation.cpp
// Step "partial-rotation" of lesson "open-models": partial rotation (GPT-NeoX `rotary_pct`, Phi
// `partial_rotary_factor`): only the first rotary_dim numbers of q and k turn, so the score is a relative part
// plus a position-free content part. Its question: what the pass-through numbers add to the score. Every
// number shown comes from core (open_models.h, rope.h).
// Comments are English only: the font subset is built from the characters inside .cpp string literals.
//
// [SECTION] the views
// [SECTION] the step and its question
#include <algorithm>
#include <cstdint>
#include <string>
#include <vector>

#include "core/open_models.h"
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
// The random q, k of step 1 (d numbers each in [−1, 1), query first).
void random_qk(const Inputs& in, Eigen::VectorXd* q, Eigen::VectorXd* k) {
    SplitMix64 rng(static_cast<std::uint64_t>(in.seed));
    *q = random_signed_matrix(in.d, 1, rng).col(0);
    *k = random_signed_matrix(in.d, 1, rng).col(0);
}

// rotary_dim as the model uses it: at most d (a wider request turns the whole head).
int rotating_width(const Inputs& in) { return std::min(in.rotary_dim, in.d); }

HeatmapView partial_score_heatmap(const Eigen::MatrixXd& M, Lang lang, const char* part_zh, const char* part_en) {
    HeatmapView h = qk_matrix(M, lang);
    h.is_signed = true;
    h.decimals = 2;
    const int L = static_cast<int>(M.rows());
    const std::string zh = part_zh, en = part_en;
    h.explain = [M, L, lang, zh, en](int r, int c) -> std::string {
        if (r < 0 || c < 0 || r >= L || c >= L) return "";
        return say(lang, {"m = {m}，n = {n}，n − m = {delta}：{part} = {v}", "m = {m}, n = {n}, n − m = {delta}: {part} = {v}"},
                   {{"m", integer(r)}, {"n", integer(c)}, {"delta", integer(c - r)}, {"part", lang == Lang::zh ? zh : en},
                    {"v", num(M(r, c), 4)}});
    };
    return h;
}

std::vector<ViewData> partial_rotation_views(const Inputs& in, Lang lang) {
    Eigen::VectorXd q, k;
    random_qk(in, &q, &k);
    const int r = rotating_width(in);
    // HF GPT-NeoX / Phi: rotate_half within the rotating numbers.
    const RopeScoreParts parts = partial_rope_score_parts(in.L, r, in.base, q, k, RopeLayout::half);
    const Eigen::MatrixXd whole = partial_rope_scores(in.L, r, in.base, q, k, RopeLayout::half);

    // The split of the d numbers is in the titles; the one note under the primary figure is its check.
    std::vector<std::string> rel_notes = {
        say_error(lang, {"旋转部分离 Toeplitz 的距离 = {err}{hint}：只看 n − m。", "Distance of the rotating part from Toeplitz = {err}{hint}: it sees n − m only."},
                  toeplitz_residual(parts.relative)),
    };
    if (in.rotary_dim > in.d)
        rel_notes.push_back(say(lang, {"rotary_dim = {asked} 大于 d = {d}，按 d 计：整个头都旋转。",
                                       "rotary_dim = {asked} exceeds d = {d} and counts as d: the whole head turns."},
                                {{"asked", integer(in.rotary_dim)}, {"d", integer(in.d)}}));

    const double content = parts.content.size() > 0 ? parts.content(0, 0) : 0.0;
    std::vector<std::string> content_notes = {
        say_error(lang, {"每格都是 ⟨q_pass, k_pass⟩ = {c}；最大值减最小值 = {err}{hint}：不含位置。",
                         "Every cell is ⟨q_pass, k_pass⟩ = {c}. Largest minus smallest cell = {err}{hint}: no position at all."},
                  parts.content.size() > 0 ? parts.content.maxCoeff() - parts.content.minCoeff() : 0.0, {{"c", num(content, 6)}}),
    };

    const Eigen::MatrixXd sum = parts.relative + parts.content;
    std::vector<std::string> whole_notes = {
        say_error(lang, {"与两部分之和的最大差 = {err}{hint}。", "Largest difference from the sum of the parts = {err}{hint}."},
                  max_abs(whole - sum)),
        say_error(lang, {"整个分数离 Toeplitz 的距离 = {err}{hint}：仍是相对的。", "Distance from Toeplitz = {err}{hint}: still relative."},
                  toeplitz_residual(whole)),
    };

    return {
        make_view(say(lang, {"旋转部分：d = {d} 个数中前 r = {r} 个（{pairs} 对）的分数", "Rotating part: the score of the first r = {r} of d = {d} numbers ({pairs} pairs)"},
                      {{"d", integer(in.d)}, {"r", integer(r)}, {"pairs", integer(r / 2)}}),
                  partial_score_heatmap(parts.relative, lang, "旋转部分", "rotating part"), std::move(rel_notes)),
        make_view(say(lang, {"其余 {pass} 个数：常数", "The other {pass}: a constant"},
                      {{"pass", integer(in.d - r)}}),
                  partial_score_heatmap(parts.content, lang, "不旋转部分", "pass-through part"), std::move(content_notes)),
        make_view(say(lang, {"两部分之和：整个分数 S[m][n]", "The sum: the whole score S[m][n]"}),
                  partial_score_heatmap(whole, lang, "整个分数", "whole score"), std::move(whole_notes)),
    };
}

}  // namespace

// [SECTION] the step and its question
Step partial_rotation() {
    Step s = {
        "partial-rotation",
        {"部分旋转：只转前 rotary_dim 个数", "Partial rotation: only the first rotary_dim numbers turn"},
        {"只转前 rotary_dim 个数时，分数是一个只看 n − m 的旋转部分加上一个处处相同的常数。不少模型只让查询和键的一部分维度旋转。GPT-NeoX 用 rotary_pct，Phi 用 partial_rotary_factor，"
         "HF transformers 取 rotary_dim = int(d × 比例)：q、k 的前 rotary_dim 个数按 [[lesson:rope|RoPE]] 旋转（在这一段内部用 rotate_half 的前后两半配对），"
         "其余 d − rotary_dim 个数原样通过。频率也只在这一段里分配，θᵢ = base^(−2i/rotary_dim)。"
         "于是分数分成两部分：旋转部分只看 n − m，是一个 [[toeplitz|Toeplitz]] 矩阵；不旋转部分是 q 和 k 后半段的点积，在每个格子里都一样。"
         "上图分别画出这两部分和它们的和：加上一个常数不破坏相对性，但这个常数让头能只凭内容去匹配，与距离无关。",
         "When only the first rotary_dim numbers turn, the score is a rotating part that sees n − m only plus a constant, the "
         "same in every cell. Many models turn only part of the query and key. GPT-NeoX calls it rotary_pct, Phi partial_rotary_factor, and HF "
         "transformers takes rotary_dim = int(d × fraction): the first rotary_dim numbers of q and k turn as in [[lesson:rope|RoPE]] (paired "
         "within that stretch by rotate_half's two halves), and the remaining d − rotary_dim numbers pass through unchanged. "
         "The frequencies are spread over that stretch only, θᵢ = base^(−2i/rotary_dim). So the score splits in two: the rotating "
         "part sees n − m only and forms a [[toeplitz|Toeplitz]] matrix; the pass-through part is the dot product of the unturned tails of "
         "q and k, the same in every cell. The figures show the two parts and their sum: adding a constant keeps the score "
         "relative, and that constant lets the head match on content alone, whatever the distance."},
        {"d", "rotary_dim", "base", "L", "seed"},
        views_of(read_inputs, partial_rotation_views),
        {R"tex(S_{mn}=\langle R_m\,q_{1:r},\;R_n\,k_{1:r}\rangle+\langle q_{r+1:d},\;k_{r+1:d}\rangle)tex",
         R"tex(\theta_i=\mathrm{base}^{-2i/r},\qquad r=\lfloor d\cdot\mathrm{partial\_rotary\_factor}\rfloor)tex"},
    };
    s.questions = {
        {{"只有前 rotary_dim 个数旋转时，其余的数给分数 S[m][n] 加上了什么？",
          "When only the first rotary_dim numbers turn, what do the other numbers add to the score S[m][n]?"},
         {{"一个随 n − m 变化的项", "A term that changes with n − m"},
          {"一个在每个格子里都相同的常数", "A constant, the same in every cell"},
          {"一个随 m 单调增长的项", "A term that grows steadily with m"}},
         1,
         [](const ParamSet& p, Lang lang) {
             const Inputs in = read_inputs(p);
             const int d = in.d;  // even (the table)
             const int r = std::min(in.rotary_dim / 2 * 2, d);
             const int L = in.L;
             const double base = in.base;
             SplitMix64 rng(static_cast<std::uint64_t>(in.seed));
             const Eigen::VectorXd q = random_signed_matrix(d, 1, rng).col(0), k = random_signed_matrix(d, 1, rng).col(0);
             const RopeScoreParts parts = partial_rope_score_parts(L, r, base, q, k, RopeLayout::half);
             const double spread = parts.content.maxCoeff() - parts.content.minCoeff();
             return say_error(lang,
                              {"后 {pass} 个数不旋转，它们的点积 ⟨q_pass, k_pass⟩ = {c} 与位置无关；在 L = {L} 的矩阵里，"
                               "这一部分的最大值减最小值 = {err}{hint}。相对的只有前 {r} 个数的那一部分。",
                               "The last {pass} numbers do not turn, so their dot product ⟨q_pass, k_pass⟩ = {c} ignores "
                               "position; over the L = {L} matrix this part's largest minus smallest cell = {err}{hint}. "
                               "Only the part of the first {r} numbers is relative."},
                              spread,
                              {{"pass", integer(d - r)}, {"c", num(parts.content(0, 0), 6)}, {"L", integer(L)}, {"r", integer(r)}});
         }},
    };
    return s;
}

}  // namespace open_models_lesson
}  // namespace pelab
