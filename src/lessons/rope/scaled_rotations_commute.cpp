// PE Lab — lessons/rope/scaled_rotations_commute.cpp
// Lesson "rope", step "scaled-rotations-commute": why scaled rotations keep pₘᵀ M pₙ relative — J and every
// a·I + b·J commute with the rotations R(θᵢ), a generic 2×2 block does not, and pₘᵀ(a·I + b·J)pₙ is
// Σᵢ aᵢ cos(Δθᵢ) − bᵢ sin(Δθᵢ), Δ = m − n; each identity checked at the lesson's frequencies.
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
struct CommuteChecks {
    double j = 0, scaled = 0, generic = 0, formula = 0;  // each a largest |difference|
};

// J·R − R·J, (a·I + b·J)·R − R·(a·I + b·J) and B·R − R·B over the pairs' rotations R(θᵢ), and the commuting
// kernel against Σᵢ aᵢ cos(Δθᵢ) − bᵢ sin(Δθᵢ) (pair i of pₘ is (sin mθᵢ, cos mθᵢ)).
CommuteChecks commute_checks(const Inputs& in) {
    const PositionKernels k = position_kernels(in);
    const int L = in.L, pairs = in.d / 2;
    CommuteChecks c;
    for (int m = 0; m < L; ++m)
        for (int n = 0; n < L; ++n) {
            double ab_sum = 0.0;
            for (int i = 0; i < pairs; ++i)
                ab_sum += k.a(i) * std::cos((m - n) * in.theta(i)) - k.b(i) * std::sin((m - n) * in.theta(i));
            c.formula = std::max(c.formula, std::fabs(k.commuting(m, n) - ab_sum));
        }
    Eigen::Matrix2d J;
    J << 0, -1, 1, 0;
    for (int i = 0; i < pairs; ++i) {
        const Eigen::Matrix2d R = rotation2(in.theta(i));
        const Eigen::Matrix2d C = k.commuting_M.block<2, 2>(2 * i, 2 * i), B = k.block_M.block<2, 2>(2 * i, 2 * i);
        c.j = std::max(c.j, max_abs(J * R - R * J));
        c.scaled = std::max(c.scaled, max_abs(C * R - R * C));
        c.generic = std::max(c.generic, max_abs(B * R - R * B));
    }
    return c;
}

// Each a largest |difference|, 0 up to rounding when the identity holds (the generic block's row is not).
std::vector<ViewData> scaled_rotations_views(const Inputs& in, Lang lang) {
    const CommuteChecks c = commute_checks(in);
    TableView t;
    t.values.resize(4, 1);
    t.values << c.j, c.scaled, c.generic, c.formula;
    t.row_labels = {"J·R(θᵢ) − R(θᵢ)·J",
                    "(aᵢ·I + bᵢ·J)·R(θᵢ) − R(θᵢ)·(aᵢ·I + bᵢ·J)",
                    say(lang, {"一般 2×2 块 B：B·R(θᵢ) − R(θᵢ)·B", "generic 2×2 block B: B·R(θᵢ) − R(θᵢ)·B"}),
                    "pₘᵀ(a·I + b·J)pₙ − Σᵢ (aᵢ cos(Δθᵢ) − bᵢ sin(Δθᵢ))"};
    t.col_labels = {say(lang, {"最大 |差|", "largest |difference|"})};
    t.corner = say(lang, {"检验", "check"});
    t.decimals = 4;
    // The deciding cells: each identity holds at rounding level or not; the generic block is the one that fails.
    for (int r = 0; r < 4; ++r) {
        const bool holds = t.values(r, 0) < 1e-9;
        const Text word = r == 3 ? (holds ? Text{"只看 Δ", "Δ only"} : Text{"不只看 Δ", "not Δ only"})
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
                      {say(lang, {"aᵢ、bᵢ 与 B 取自随机稠密 M（种子 {seed}）的第 i 个对角块；第三行是唯一不为 0 的检验。",
                                  "aᵢ, bᵢ and B come from the i-th diagonal block of the random dense M (seed {seed}); row three is "
                                  "the only check that is not 0."},
                           {{"seed", integer(in.seed)}}),
                       say(lang, {"J = [ [0, −1], [1, 0] ] 是转 90° 的旋转，R(θᵢ) 是第 i 对的旋转，I 是单位矩阵。",
                                  "J = [ [0, −1], [1, 0] ] is the turn by 90°, R(θᵢ) pair i's rotation, I the identity."})})};
}

}  // namespace

// [SECTION] the step
Step scaled_rotations_commute() {
    Step s{
        "scaled-rotations-commute",
        {"带缩放的旋转与每个旋转可交换", "Scaled rotations commute with every rotation"},
        {"J = [ [0, −1], [1, 0] ] 本身就是转 90° 的旋转，旋转之间可交换，所以 a·I + b·J 也与 R(θ) 可交换。"
         "把它夹在 pₘ 与 pₙ 之间，第 i 对给出 aᵢ cos(Δθᵢ) − bᵢ sin(Δθᵢ)，Δ = m − n。"
         "表格在本课的频率 θᵢ 上逐项检验这些等式。",
         "J = [ [0, −1], [1, 0] ] is itself the rotation by 90°, rotations commute with one another, and so a·I + b·J "
         "commutes with R(θ). Put between pₘ and pₙ, pair i gives aᵢ cos(Δθᵢ) − bᵢ sin(Δθᵢ), Δ = m − n. The table "
         "checks each of these identities at the lesson's frequencies θᵢ."},
        {"L", "d", "base", "seed"},
        views_of(read_inputs, scaled_rotations_views),
        {R"tex((aI+bJ)\,R(\theta)=R(\theta)\,(aI+bJ)\ \Rightarrow\ p_m^\top M p_n=\sum_i a_i\cos(\Delta\theta_i)-b_i\sin(\Delta\theta_i))tex"},
    };
    s.takeaway = {"每个 a·I + b·J 都与旋转 R(θᵢ) 可交换（先后次序无关，一般的块差 {gen}），能移过 pₘ、pₙ 的旋转，只剩转角差 Δθᵢ：所以只是 Δ 的函数。",
                  "Every a·I + b·J commutes with each rotation R(θᵢ) (order does not matter; a generic block misses by {gen}), so "
                  "it slides past pₘ's and pₙ's turns, leaving only Δθᵢ: a function of Δ alone."};
    s.takeaway_args = args_of(read_inputs, +[](const Inputs& in, Lang) {
        return std::vector<Arg>{{"gen", num(commute_checks(in).generic, 3)}};
    });
    return s;
}

}  // namespace rope_lesson
}  // namespace pelab
