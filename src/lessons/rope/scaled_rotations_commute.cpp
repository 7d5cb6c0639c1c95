// PE Lab — lessons/rope/scaled_rotations_commute.cpp
// Lesson "rope", step "scaled-rotations-commute": why scaled rotations keep pᵢᵀ M pⱼ relative — J and every
// a·I + b·J commute with the rotations R(θ_k), a generic 2×2 block does not, and pᵢᵀ(a·I + b·J)pⱼ is
// Σ_k a_k cos + b_k sin of (j − i)θ_k; each identity checked at the lesson's frequencies.
// Comments are English only: the font subset is built from the characters inside .cpp string literals.
//
// [SECTION] views
// [SECTION] the step
#include <algorithm>
#include <cmath>
#include <string>
#include <vector>

#include "lessons/lesson_util.h"
#include "lessons/rope/rope_lesson.h"

namespace pelab {
namespace rope_lesson {

using namespace lessonui;

// [SECTION] views
namespace {
// Each a largest |difference|, 0 up to rounding when the identity holds (the generic block's row is not).
std::vector<ViewData> scaled_rotations_views(const Inputs& in, Lang lang) {
    const PositionKernels k = position_kernels(in);
    const int L = in.L, pairs = in.d / 2;
    double formula_err = 0.0;
    for (int i = 0; i < L; ++i)
        for (int j = 0; j < L; ++j) {
            double ab_sum = 0.0;
            for (int q = 0; q < pairs; ++q)
                ab_sum += k.a(q) * std::cos((j - i) * in.theta(q)) + k.b(q) * std::sin((j - i) * in.theta(q));
            formula_err = std::max(formula_err, std::fabs(k.commuting(i, j) - ab_sum));
        }
    Eigen::Matrix2d J;
    J << 0, -1, 1, 0;
    double j_err = 0.0, scaled_err = 0.0, generic_err = 0.0;
    for (int q = 0; q < pairs; ++q) {
        const Eigen::Matrix2d R = rotation2(in.theta(q));
        const Eigen::Matrix2d C = k.commuting_M.block<2, 2>(2 * q, 2 * q), B = k.block_M.block<2, 2>(2 * q, 2 * q);
        j_err = std::max(j_err, max_abs(J * R - R * J));
        scaled_err = std::max(scaled_err, max_abs(C * R - R * C));
        generic_err = std::max(generic_err, max_abs(B * R - R * B));
    }
    TableView t;
    t.values.resize(4, 1);
    t.values << j_err, scaled_err, generic_err, formula_err;
    t.row_labels = {"J·R(θ_k) − R(θ_k)·J",
                    "(a_k·I + b_k·J)·R(θ_k) − R(θ_k)·(a_k·I + b_k·J)",
                    say(lang, {"一般 2×2 块 B：B·R(θ_k) − R(θ_k)·B", "generic 2×2 block B: B·R(θ_k) − R(θ_k)·B"}),
                    "pᵢᵀ(a·I + b·J)pⱼ − Σ_k (a_k cos((j − i)θ_k) + b_k sin((j − i)θ_k))"};
    t.col_labels = {say(lang, {"最大 |差|", "largest |difference|"})};
    t.corner = say(lang, {"检验", "check"});
    t.decimals = 4;
    // The deciding cells: each identity holds at rounding level or not; the generic block is the one that fails.
    for (int r = 0; r < 4; ++r) {
        const bool holds = t.values(r, 0) < 1e-9;
        const Text word = r == 3 ? (holds ? Text{"只看 j − i", "j − i only"} : Text{"不只看 j − i", "not j − i only"})
                                 : (holds ? Text{"可交换", "commutes"} : Text{"不可交换", "does not commute"});
        t.marks.push_back({r, 0, holds, say(lang, word)});
    }
    const RowMatrix values = t.values;
    t.explain = [values, lang](int r, int c) -> std::string {
        if (r < 0 || c != 0 || r >= values.rows()) return "";
        const double x = values(r, 0);
        return r == 2 ? say(lang, {"{value}：一般的块与旋转不可交换", "{value}: a generic block does not commute with rotations"},
                            {{"value", num(x)}})
                      : say_error(lang, {"{err}{hint}", "{err}{hint}"}, x);
    };
    return {make_view(say(lang, {"J、带缩放的旋转与一般的块：逐项检验", "J, scaled rotations and a generic block, checked"}), std::move(t),
                      {say(lang, {"a_k、b_k 与 B 取自随机稠密 M（种子 {seed}）的第 k 个对角块；第三行是唯一不为 0 的检验。",
                                  "a_k, b_k and B come from the k-th diagonal block of the random dense M (seed {seed}); row three is "
                                  "the only check that is not 0."},
                           {{"seed", integer(in.seed)}}),
                       say(lang, {"J = [ [0, −1], [1, 0] ] 是转 90° 的旋转，R(θ_k) 是第 k 对的旋转，I 是单位矩阵。",
                                  "J = [ [0, −1], [1, 0] ] is the turn by 90°, R(θ_k) pair k's rotation, I the identity."})})};
}

}  // namespace

// [SECTION] the step
Step scaled_rotations_commute() {
    return {
        "scaled-rotations-commute",
        {"带缩放的旋转与每个旋转可交换", "Scaled rotations commute with every rotation"},
        {"a·I + b·J 与每个旋转 R(θ) 可交换，一般的 2×2 块不行；正因如此，pᵢᵀ(a·I + b·J)pⱼ 才是 j − i 的函数。"
         "J = [ [0, −1], [1, 0] ] 本身就是转 90° 的旋转，旋转之间可交换，所以 a·I + b·J 也与 R(θ) 可交换。"
         "把它夹在 pᵢ 与 pⱼ 之间，第 k 对给出 a_k cos((j − i)θ_k) + b_k sin((j − i)θ_k)。"
         "表格在本课的频率 θ_k 上逐项检验这些等式。",
         "a·I + b·J commutes with every rotation R(θ) and a generic 2×2 block does not; that is why "
         "pᵢᵀ(a·I + b·J)pⱼ is a function of j − i. J = [ [0, −1], [1, 0] ] is itself the rotation by 90°, rotations "
         "commute with one another, and so a·I + b·J commutes with R(θ). Put between pᵢ and pⱼ, pair k gives "
         "a_k cos((j − i)θ_k) + b_k sin((j − i)θ_k). The table checks each of these identities at the lesson's "
         "frequencies θ_k."},
        {"L", "d", "base", "seed"},
        views_of(read_inputs, scaled_rotations_views),
        {R"tex((aI+bJ)\,R(\theta)=R(\theta)\,(aI+bJ)\ \Rightarrow\ p_i^\top M p_j=\sum_k a_k\cos\bigl((j-i)\theta_k\bigr)+b_k\sin\bigl((j-i)\theta_k\bigr))tex"},
    };
}

}  // namespace rope_lesson
}  // namespace pelab
