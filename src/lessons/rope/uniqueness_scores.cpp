// PE Lab — lessons/rope/uniqueness_scores.cpp
// Lesson "rope", step "uniqueness-scores": the score matrix ⟨T_m q, T_n k⟩ of one candidate of the uniqueness
// sketch (check_candidate, lesson.cpp): constant diagonals (Toeplitz) exactly for the relative candidates.
// Comments are English only: the font subset is built from the characters inside .cpp string literals.
//
// [SECTION] views
// [SECTION] the step
#include <string>
#include <vector>

#include "lessons/lesson_util.h"
#include "lessons/rope/rope_lesson.h"

namespace pelab {
namespace rope_lesson {

using namespace lessonui;

// [SECTION] views
namespace {
// The chosen candidate's checks with the same q, k as the table of the step before (seed + 4000).
CandidateChecks selected_candidate(const Inputs& in) {
    SplitMix64 rng(static_cast<std::uint64_t>(in.seed) + 4000);
    const Eigen::VectorXd q = random_vector(in.d, rng), k = random_vector(in.d, rng);
    return check_candidate(in.candidate, in, q, k);
}

std::vector<ViewData> uniqueness_scores_views(const Inputs& in, Lang lang) {
    const CandidateChecks selected = selected_candidate(in);
    // The candidate's definition, short enough for the title (the body text says more about each).
    const Text meaning = in.candidate == "quadratic" ? Text{"quadratic，T_m = R(m²·θ)", "quadratic, T_m = R(m²·θ)"}
                         : in.candidate == "scaled"  ? Text{"scaled，T_m = 0.9^m·R(m·θ)", "scaled, T_m = 0.9^m·R(m·θ)"}
                         : in.candidate == "random"  ? Text{"random，每个位置一个随机正交 T_m", "random, a random orthogonal T_m per position"}
                         : in.candidate == "xpos"
                             ? Text{"xpos，q 乘 ζ^(m/512)·R(m·θ)，k 乘 ζ^(−n/512)·R(n·θ)", "xpos, ζ^(m/512)·R(m·θ) on q and ζ^(−n/512)·R(n·θ) on k"}
                             : Text{"rope，T_m = R(m·θ)", "rope, T_m = R(m·θ)"};
    HeatmapView heat = qk_matrix(selected.S, lang);
    const Eigen::MatrixXd S = selected.S;
    const int L = in.L;
    heat.explain = [S, L, lang](int r, int c) -> std::string {
        if (r < 0 || c < 0 || r >= L || c >= L) return "";
        return say(lang, {"⟨T{m} q, T{n} k⟩ = {value}；Δ = m − n = {delta}", "⟨T{m} q, T{n} k⟩ = {value}; Δ = m − n = {delta}"},
                   {{"m", sub(r)}, {"n", sub(c)}, {"value", num(S(r, c))}, {"delta", integer(r - c)}});
    };
    // One line (the heatmap takes the rest of the screen): the distance and the verdict it gives.
    std::vector<std::string> notes = {
        selected.toeplitz < 1e-9
            ? say_error(lang, {"离 Toeplitz 的相对距离 {err}{hint}：候选 {c} 是相对的。", "Relative distance from Toeplitz {err}{hint}: the candidate {c} is relative."},
                        selected.toeplitz, {{"c", in.candidate}})
            : say_error(lang, {"离 Toeplitz 的相对距离 {err}{hint}：候选 {c} 不是相对的。", "Relative distance from Toeplitz {err}{hint}: the candidate {c} is not relative."},
                        selected.toeplitz, {{"c", in.candidate}})};
    return {make_view(say(lang, {"分数 ⟨T_m q, T_n k⟩：候选 {candidate}", "Scores ⟨T_m q, T_n k⟩ of the candidate {candidate}"},
                          {{"candidate", say(lang, meaning)}}),
                      std::move(heat), std::move(notes))};
}

}  // namespace

// [SECTION] the step
Step uniqueness_scores() {
    Step s{
        "uniqueness-scores",
        {"一个候选的分数：对角线是否恒定", "One candidate's scores: Toeplitz?"},
        {"用右栏的 candidate 选一个候选；q、k 与上一步表格用的是同一对随机向量。"
         "rope 的角度与 m 成线性，quadratic 的角度是 m 的二次函数，scaled 多乘 0.9^m 因而不是正交的，random 在每个位置取一个随机正交矩阵，"
         "xpos 用 ζᵢ = (2i/d + 0.4)/1.4 把 q 放大、把 k 缩小。rope 与 xpos 的分数矩阵是 Toeplitz 矩阵，quadratic、scaled、random 不是。",
         "Pick a candidate with candidate in the side column; q and k are the same random vectors as in the previous "
         "step's table. rope's angles are linear in m, quadratic's are quadratic in m, scaled also multiplies by 0.9^m "
         "and so is not orthogonal, random takes a random orthogonal matrix at each position, and xpos scales q up and "
         "k down with ζᵢ = (2i/d + 0.4)/1.4. The score matrices of rope and xpos are Toeplitz; those of quadratic, "
         "scaled and random are not."},
        {"L", "d", "base", "seed", "candidate"},
        views_of(read_inputs, uniqueness_scores_views),
        {{R"tex(S[m,n]=\langle T_m q,\,T_n k\rangle,\qquad \text{相对：}\ S[m+t,n+t]=S[m,n])tex",
          R"tex(S[m,n]=\langle T_m q,\,T_n k\rangle,\qquad \text{relative:}\ S[m+t,n+t]=S[m,n])tex"}},
    };
    s.takeaway = {"候选 {c} {verdict}：分数矩阵离 Toeplitz {dist}；只看 Δ 的分数在每条对角线上（Δ 固定）必须是常数。",
                  "The candidate {c} is {verdict}: S is {dist} from Toeplitz, and a score of Δ alone is constant on each diagonal."};
    s.takeaway_args = args_of(read_inputs, +[](const Inputs& in, Lang lang) {
        const double dist = selected_candidate(in).toeplitz;
        const std::string verdict = dist < 1e-9 ? say(lang, {"是相对的", "relative"}) : say(lang, {"不是相对的", "not relative"});
        return std::vector<Arg>{{"c", in.candidate}, {"verdict", verdict}, {"dist", exact(dist)}};
    });
    return s;
}

}  // namespace rope_lesson
}  // namespace pelab
