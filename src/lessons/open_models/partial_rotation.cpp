// PE Lab — lessons/open_models/partial_rotation.cpp
// Step "partial-rotation" of lesson "open-models", its first: the lesson's problem (how released models change
// RoPE, one change at a time) and partial rotation (GPT-NeoX `rotary_pct`, Hugging Face `partial_rotary_factor`):
// only the first r = rotary_dim numbers of q and k turn, so the score is a relative part plus a position-free
// content part. Its question (a prediction): what the pass-through numbers add to the score. Every number shown
// comes from core (open_models.h, rope.h).
// Comments are English only: the font subset is built from the characters inside .cpp string literals.
//
// [SECTION] the views
// [SECTION] the step and its question
#include <algorithm>
#include <cstdint>
#include <string>
#include <vector>

#include "core/rope/open_models.h"
#include "core/random.h"
#include "core/rope/rope.h"
#include "lessons/lesson.h"
#include "lessons/lesson_util.h"
#include "lessons/open_models/open_models_lesson.h"

namespace pelab {
namespace open_models_lesson {

using namespace lessonui;  // shared display helpers (lessons/lesson_util.h)

// [SECTION] the views
namespace {
// The random q, k of this step (d numbers each in [−1, 1), query first).
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
        return say(lang, {"m = {m}，n = {n}，Δ = m − n = {delta}：{part} = {v}", "m = {m}, n = {n}, Δ = m − n = {delta}: {part} = {v}"},
                   {{"m", integer(r)}, {"n", integer(c)}, {"delta", num(r - c)}, {"part", lang == Lang::zh ? zh : en},
                    {"v", num(M(r, c), 4)}});
    };
    return h;
}

// The dot product of the unturned tails of q and k (the d − r numbers that pass through).
double pass_through_dot(const Inputs& in) {
    Eigen::VectorXd q, k;
    random_qk(in, &q, &k);
    const int r = rotating_width(in);
    return q.tail(in.d - r).dot(k.tail(in.d - r));
}

std::vector<ViewData> partial_rotation_views(const Inputs& in, Lang lang) {
    Eigen::VectorXd q, k;
    random_qk(in, &q, &k);
    const int r = rotating_width(in);
    // Hugging Face GPT-NeoX: rotate_half within the rotating numbers.
    const RopeScoreParts parts = partial_rope_score_parts(in.L, r, in.base, q, k, RopeLayout::half);
    const Eigen::MatrixXd whole = partial_rope_scores(in.L, r, in.base, q, k, RopeLayout::half);

    // The split of the d numbers is in the titles; the note under the primary figure is its check (where the
    // configuration files keep r is in the body, which collapses: the three figures share one screen).
    std::vector<std::string> rel_notes = {
        say_error(lang, {"旋转部分离 [[toeplitz|Toeplitz]] 的距离 = {err}{hint}：只看 Δ = m − n。", "Distance of the rotating part from [[toeplitz|Toeplitz]] = {err}{hint}: it sees only Δ = m − n."},
                  toeplitz_residual(parts.relative)),
    };
    if (in.rotary_dim > in.d)
        rel_notes.push_back(say(lang, {"要求转 {asked} 个数，超过 d = {d}，按 d 计：整个头都旋转。",
                                       "Asked to turn {asked} numbers, more than d = {d}: it counts as d, the whole head turns."},
                                {{"asked", integer(in.rotary_dim)}, {"d", integer(in.d)}}));

    const double content = parts.content.size() > 0 ? parts.content(0, 0) : 0.0;
    std::vector<std::string> content_notes = {
        say_error(lang, {"每个位置的 q、k 相同，后段又不旋转：每格都是 {c}；最大值减最小值 = {err}{hint}。",
                         "q and k are the same at every position and the tails never turn: every cell is {c}; largest minus smallest = {err}{hint}."},
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
        make_view(say(lang, {"不旋转的 {pass} 个数", "Unturned part ({pass} numbers)"},
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
        {"部分旋转", "Partial rotation"},
        {"开源模型对 [[rope|RoPE]]（见 [[lesson:rope|RoPE 一课]]）各有改动，每处改动都为解决一个问题；这一课逐个来看，先看只转每个头前 r 个数的模型。"
         "q、k 的前 r 个数按 RoPE 旋转，频率只在这一段里分配，θᵢ = b^(−2i/r)（b 是[[base|底数]]）；其余 d − r 个数原样通过。"
         "于是分数分成两部分：旋转部分只看偏移 Δ = m − n（查询位置 m 减键位置 n），是一个 [[toeplitz|Toeplitz]] 矩阵；不旋转部分是 q 和 k 后段的点积。"
         "GPT-NeoX 20B 只转每个头的四分之一（见[[lesson:open-models/presets-unscaled|已发布模型表]]）。"
         "（Hugging Face：`rotary_dim` 即 r，取 d × `partial_rotary_factor` 的整数部分；GPT-NeoX 把这个比例叫 `rotary_pct`；这一段内由 `rotate_half` 把前后两半配对。）",
         "Open models each change [[rope|RoPE]] ([[lesson:rope|its lesson]]) in some way, every change solving a problem; this "
         "lesson takes them "
         "one at a time, starting with heads that turn only their first r of d numbers. Those r numbers of q and k turn as "
         "in RoPE, with the frequencies spread over that stretch only, θᵢ = b^(−2i/r) (b is the [[base]]); the "
         "other d − r pass through unchanged. So the score splits in two: the rotating part depends only on the offset "
         "Δ = m − n (query position m minus key position n) and forms a [[toeplitz|Toeplitz]] matrix; the pass-through part is "
         "the dot product of the unturned tails of q and k. GPT-NeoX 20B turns a quarter of each head (see the "
         "[[lesson:open-models/presets-unscaled|table of released models]]). (Hugging Face: `rotary_dim` is r, the whole part of "
         "d × `partial_rotary_factor`; GPT-NeoX calls that fraction `rotary_pct`; within the stretch `rotate_half` pairs the "
         "two halves.)"},
        {"d", "rotary_dim", "base", "L", "seed"},
        views_of(read_inputs, partial_rotation_views),
        {R"tex(S_{mn}=\langle R_m\,q_{1:r},\;R_n\,k_{1:r}\rangle+\langle q_{r+1:d},\;k_{r+1:d}\rangle)tex",
         R"tex(\theta_i=b^{-2i/r},\qquad i=0,\dots,r/2-1)tex"},
    };
    s.takeaway = {"{d} 个数中只转 {r} 个：其余 {pass} 个从不旋转，所以给每格加上同一个 {c}，与位置无关。",
                  "Only {r} of {d} numbers turn; the {pass} unturned never rotate, so they add the same {c} to every cell."};
    s.takeaway_args = args_of(read_inputs, +[](const Inputs& in, Lang) {
        const int r = rotating_width(in);
        return std::vector<Arg>{{"d", integer(in.d)}, {"r", integer(r)}, {"pass", integer(in.d - r)}, {"c", num(pass_through_dot(in), 4)}};
    });
    s.questions = {
        {{"只有前 r 个数旋转时，其余的数给分数 S[m][n] 加上了什么？",
          "When only the first r numbers turn, what do the other numbers add to the score S[m][n]?"},
         {{"一个随 Δ = m − n 变化的项", "A term that changes with Δ = m − n"},
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
                              {"后 {pass} 个数不旋转，它们的点积 {c} 与位置无关；在 L = {L} 的矩阵里，"
                               "这一部分的最大值减最小值 = {err}{hint}。相对的只有前 {r} 个数的那一部分。",
                               "The last {pass} numbers do not turn, so their dot product {c} ignores "
                               "position; over the L = {L} matrix this part's largest minus smallest cell = {err}{hint}. "
                               "Only the part of the first {r} numbers is relative."},
                              spread,
                              {{"pass", integer(d - r)}, {"c", num(parts.content(0, 0), 6)}, {"L", integer(L)}, {"r", integer(r)}});
         }},
    };
    s.questions[0].predict = true;  // asked before the figure: covered until answered
    return s;
}

}  // namespace open_models_lesson
}  // namespace pelab
