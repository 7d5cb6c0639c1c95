// PE Lab — lessons/rope/uniqueness.cpp
// Lesson "rope", step "uniqueness": the uniqueness sketch — five candidate transforms checked numerically
// against the assumptions, the conclusion first: only RoPE (up to a change of basis) is both orthogonal and
// relative; every cell is marked, held or failed. One candidate's score matrix is the next step
// (uniqueness_scores.cpp); the candidates live in lesson.cpp (check_candidate).
// Comments are English only: the font subset is built from the characters inside .cpp string literals.
//
// [SECTION] views
// [SECTION] the step
#include <initializer_list>
#include <string>
#include <vector>

#include "lessons/lesson_util.h"
#include "lessons/rope/rope_lesson.h"

namespace pelab {
namespace rope_lesson {

using namespace lessonui;

// [SECTION] views
namespace {
const std::vector<std::string>& candidate_ids() {
    static const std::vector<std::string> ids = {"rope", "quadratic", "scaled", "random", "xpos"};
    return ids;
}

// One row per candidate: largest |TᵀT − I|, |T_nᵀT_m − T_Δ| and the score's distance from Toeplitz.
RowMatrix uniqueness_values(const Inputs& in) {
    SplitMix64 rng(static_cast<std::uint64_t>(in.seed) + 4000);
    const Eigen::VectorXd q = random_vector(in.d, rng), k = random_vector(in.d, rng);
    RowMatrix values(5, 3);
    for (int i = 0; i < 5; ++i) {
        const CandidateChecks c = check_candidate(candidate_ids()[static_cast<std::size_t>(i)], in, q, k);
        values.row(i) << c.orthogonal, c.group, c.toeplitz;
    }
    return values;
}

// The candidates whose cells in the given columns are all at rounding level, listed "a, b".
std::string uniqueness_passing(const RowMatrix& values, std::initializer_list<int> columns, Lang lang) {
    const std::vector<std::string>& ids = candidate_ids();
    std::string out;
    for (int r = 0; r < static_cast<int>(ids.size()); ++r) {
        bool passes = true;
        for (int c : columns) passes = passes && values(r, c) < 1e-9;
        if (passes) out += (out.empty() ? "" : say(lang, {"、", ", "})) + ids[static_cast<std::size_t>(r)];
    }
    return out.empty() ? say(lang, {"无", "none"}) : out;
}

std::vector<ViewData> uniqueness_views(const Inputs& in, Lang lang) {
    const Text labels[5] = {{"rope：R(m·θ)", "rope: R(m·θ)"},
                            {"quadratic：R(m²·θ)", "quadratic: R(m²·θ)"},
                            {"scaled：0.9^m·R(m·θ)", "scaled: 0.9^m·R(m·θ)"},
                            {"random：随机正交 T_m", "random: random orthogonal T_m"},
                            {"xpos：ζ^(±m/512)·R(m·θ)", "xpos: ζ^(±m/512)·R(m·θ)"}};
    TableView table;
    table.values = uniqueness_values(in);
    for (int i = 0; i < 5; ++i) table.row_labels.push_back(say(lang, labels[i]));
    // Every cell marked with a colour and a word, held or failed alike: the labels read the same in every row.
    for (int i = 0; i < 5; ++i) {
        for (int c = 0; c < 3; ++c) {
            const bool holds = table.values(i, c) < 1e-9;
            const Text word = c == 0 ? (holds ? Text{"正交", "orthogonal"} : Text{"不正交", "not orthogonal"})
                                     : (holds ? Text{"相对", "relative"} : Text{"不相对", "not relative"});
            table.marks.push_back({i, c, holds, say(lang, word)});
        }
    }
    table.col_labels = {"|TᵀT − I|", "|T_nᵀT_m − T_Δ|", say(lang, {"S 离 Toeplitz", "S from Toeplitz"})};
    table.corner = say(lang, {"候选", "candidate"});
    table.decimals = 4;
    std::vector<std::string> notes = {
        say(lang, {"正交（第 1 列为 0）：{orth}。相对（第 2、3 列为 0）：{rel}。两者都满足：{both}。",
                   "Orthogonal (column 1 at 0): {orth}. Relative (columns 2 and 3 at 0): {rel}. Both: {both}."},
            {{"orth", uniqueness_passing(table.values, {0}, lang)},
             {"rel", uniqueness_passing(table.values, {1, 2}, lang)},
             {"both", uniqueness_passing(table.values, {0, 1, 2}, lang)}}),
        say(lang, {"每列是最大差，0 即舍入级别；第 2 列只检查 n ≤ m < {limit}，Δ = m − n。xpos（见[[lesson:rope/xpos|xPos 一步]]）把 q 乘 ζ^(m/512)、k 乘 ζ^(−n/512)（ζ < 1），是两个不同的变换，不满足“q、k 用同一个 T_m”的假设。",
                   "Each column is a largest difference, 0 meaning rounding level; column 2 checks n ≤ m < {limit}, Δ = m − n. "
                   "xpos (see [[lesson:rope/xpos|the xPos step]]) scales q by ζ^(m/512) and k by ζ^(−n/512), ζ < 1: two different "
                   "transforms, so it escapes the assumption of one T_m for both."},
            {{"limit", integer(std::min(in.L, kGroupCheck))}}),  // the check stops at L too (check_candidate)
    };
    return {make_view(say(lang, {"五个候选变换 T_m 的数值检验", "Five candidate transforms T_m, checked"}), std::move(table), std::move(notes))};
}

}  // namespace

// [SECTION] the step
Step uniqueness_sketch() {
    Step s{
        "uniqueness",
        {"唯一性：既正交又相对的只有 RoPE（至多差一个基变换）", "Uniqueness: only RoPE, up to a change of basis, is orthogonal and relative"},
        {"假设：(1) 位置通过同一个变换 T_m 作用在 q 和 k 上注入；(2) 分数是内积；(3) 没有可学习的位置参数；(4) 分数平移不变；"
         "还要 (5) T₀ = I，位置 0 不改变向量。于是对所有 q、k 有 ⟨T_m q, T_n k⟩ = ⟨T_Δ q, k⟩，即 T_nᵀT_m = T_Δ，Δ = m − n。"
         "令 m = n 只得到 T_mᵀT_m = T₀；没有 T₀ = I，T₀ 可以是任意投影，正是 (5) 给出正交性。"
         "再得 T_(m+n) = T_m T_n，T 成为一族两两可交换的正交矩阵。这样的一族可以在固定的二维平面里写成旋转 R(m·θᵢ)"
         "（剩下的单独坐标只能保持不动或逐步翻转，即 θ = 0 或 π），角度与位置成线性，这就是 RoPE；这些平面由一个固定的正交矩阵 Q 给出，Q = I 就是 RoPE 本身的坐标对。"
         "推导只定下形式，没有定下频率 θᵢ：任何一组 θᵢ 都满足全部假设，base 的选择、[[ntk-scaling|NTK]] 与 [[yarn|YaRN]] 改的正是它们。"
         "xPos 逃出了假设 (1)：它给 q 乘 ζ^m、给 k 乘 ζ^(−n)，是两个不同的变换，分数仍只看 Δ。"
         "表格的第 1 列检验正交，第 2 列检验 T_nᵀT_m = T_Δ，第 3 列检验分数矩阵是否 Toeplitz。",
         "Assume (1) position enters through one transform T_m applied to both q and k, (2) the score is an inner "
         "product, (3) no position parameters are learned, (4) the score is shift-invariant, and also (5) T₀ = I: "
         "position 0 leaves a vector unchanged. Then ⟨T_m q, T_n k⟩ = ⟨T_Δ q, k⟩ for all q, k, i.e. T_nᵀT_m = T_Δ "
         "with Δ = m − n. Setting m = n only gives T_mᵀT_m = T₀; without T₀ = I, T₀ could be any projection, so (5) "
         "is what gives orthogonality. Then T_(m+n) = T_m T_n makes T a family of commuting orthogonal matrices. Such "
         "a family can be written as rotations R(m·θᵢ) in fixed 2-D planes (a leftover single axis can only stay "
         "fixed or flip every step, i.e. θ = 0 or π), with angles linear in position: RoPE, its planes given by a fixed "
         "orthogonal Q (Q = I: RoPE's own coordinate pairs). The sketch fixes the form but leaves the "
         "frequencies θᵢ free: any set of θᵢ meets every assumption, and they are exactly what the choice of base, "
         "[[ntk-scaling|NTK]] and [[yarn|YaRN]] change. xPos escapes assumption (1): it scales q by ζ^m and k by "
         "ζ^(−n), two different transforms, and the score still sees only Δ. In the table, column 1 tests "
         "orthogonality, column 2 T_nᵀT_m = T_Δ, column 3 whether the score matrix is Toeplitz."},
        {"L", "d", "base", "seed"},
        views_of(read_inputs, uniqueness_views),
        {R"tex(\langle T_m q,T_n k\rangle=\langle T_\Delta q,k\rangle\ \Rightarrow\ T_n^\top T_m=T_\Delta,\qquad \Delta=m-n)tex",
         R"tex(T_0=I\ \Rightarrow\ T_{m+n}=T_m T_n,\qquad T_m=Q\,\mathrm{diag}\bigl(R(m\theta_0),\dots,R(m\theta_{d/2-1})\bigr)\,Q^\top)tex"},
    };
    s.takeaway = {"只有 {both} 通过三项检验：既正交（TᵀT = I）又相对（T_nᵀT_m = T_Δ）；加上 T₀ = I，T_m 只能是旋转 R(mθᵢ)，至多差一个正交基变换 Q。",
                  "Only {both} passes all three checks: orthogonal (TᵀT = I) and relative (T_nᵀT_m = T_Δ). With T₀ = I these "
                  "force T_m to be rotations R(mθᵢ), up to a fixed orthogonal change of basis Q."};
    s.takeaway_args = args_of(read_inputs, +[](const Inputs& in, Lang lang) {
        return std::vector<Arg>{{"both", uniqueness_passing(uniqueness_values(in), {0, 1, 2}, lang)}};
    });
    return s;
}

}  // namespace rope_lesson
}  // namespace pelab
