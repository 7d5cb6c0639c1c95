// PE Lab — lessons/rope/recap.cpp
// Lesson "rope", step "recap": the lesson's six claims, each linked to the step that shows it, and one table
// that puts their key numbers side by side at the current settings — RoPE's score against added sinusoids
// (Toeplitz distance), scaled-rotation blocks against generic ones, the rope candidate against quadratic, the
// fastest pair's wavelength against the slowest's, RoFormer's bound near against far, RoPE against xPos at the
// context length. Every number comes from core (rope.h, rope_decay.h, relative_methods.h) through the helpers
// the steps share (rope_lesson.h).
// Comments are English only: the font subset is built from the characters inside .cpp string literals.
//
// [SECTION] the numbers
// [SECTION] views
// [SECTION] the step
#include <algorithm>
#include <cmath>
#include <string>
#include <vector>

#include "core/relative/relative_methods.h"
#include "core/rope/rope_decay.h"
#include "lessons/lesson_util.h"
#include "lessons/rope/rope_lesson.h"

namespace pelab {
namespace rope_lesson {

using namespace lessonui;

// [SECTION] the numbers
namespace {
constexpr int kRecapRows = 6;

// Row r holds the number of claim r (column 0) and what it is held against (column 1).
struct RecapNumbers {
    double values[kRecapRows][2] = {};
    int far = 0;  // the far end of the decay (the long-term-decay step's axis)
};

RecapNumbers recap_numbers(const ParamSet& p) {
    const Inputs in = read_inputs(p);
    const Inputs spec = read_spectrum_inputs(p);
    RecapNumbers out;
    // 1. RoPE's score matrix (the shift-invariance step's q, k) against pₘᵀ M pₙ for a learned dense M.
    SplitMix64 rng(static_cast<std::uint64_t>(in.seed));
    const Eigen::VectorXd q = random_vector(in.d, rng), k = random_vector(in.d, rng);
    const PositionKernels kernels = position_kernels(in);
    out.values[0][0] = toeplitz_residual(rope_scores(in.L, in.theta, q, k, in.layout));
    out.values[0][1] = toeplitz_residual(kernels.dense);
    // 2. Blocks a·I + b·J against generic 2×2 blocks.
    out.values[1][0] = toeplitz_residual(kernels.commuting);
    out.values[1][1] = toeplitz_residual(kernels.block);
    // 3. The uniqueness check T_nᵀT_m = T_Δ: rope against quadratic (the uniqueness step's q, k).
    SplitMix64 rng_u(static_cast<std::uint64_t>(in.seed) + 4000);
    const Eigen::VectorXd qu = random_vector(in.d, rng_u), ku = random_vector(in.d, rng_u);
    out.values[2][0] = check_candidate("rope", in, qu, ku).group;
    out.values[2][1] = check_candidate("quadratic", in, qu, ku).group;
    // 4. The shortest and the longest wavelength at the spectrum's width.
    out.values[3][0] = 2 * kPi / spec.theta(0);
    out.values[3][1] = 2 * kPi / spec.theta(spec.theta.size() - 1);
    // 5. RoFormer's bound at Δ = 1 and at the far end of the decay figure.
    out.far = std::max(65536, spec.max_dist);
    out.values[4][0] = rope_relative_upper_bound(spec.theta, 1.0);
    out.values[4][1] = rope_relative_upper_bound(spec.theta, out.far);
    // 6. The score of q = k = 1 at Δ = the context length: plain RoPE against xPos.
    const std::vector<double> at = {static_cast<double>(spec.max_dist)};
    out.values[5][0] = rope_decay_curve(spec.theta, at).front();
    out.values[5][1] = xpos_decay_curve(spec.theta, xpos_zeta(spec.d), spec.gamma, at).front();
    return out;
}

// [SECTION] views
std::vector<ViewData> recap_views(const ParamSet& p, Lang lang) {
    const RecapNumbers r = recap_numbers(p);
    const Inputs spec = read_spectrum_inputs(p);
    TableView table;
    table.values.resize(kRecapRows, 2);
    for (int i = 0; i < kRecapRows; ++i) table.values.row(i) << r.values[i][0], r.values[i][1];
    table.row_labels = {
        say(lang, {"分数离 Toeplitz：RoPE（对照：加性正弦编码经学到的 M）", "score from Toeplitz: RoPE (against added sinusoids through a learned M)"}),
        say(lang, {"pₘᵀ M pₙ 离 Toeplitz：a·I + b·J 块（对照：一般的块）", "pₘᵀ M pₙ from Toeplitz: a·I + b·J blocks (against generic blocks)"}),
        say(lang, {"|T_nᵀT_m − T_Δ|：rope（对照：quadratic）", "|T_nᵀT_m − T_Δ|: rope (against quadratic)"}),
        say(lang, {"波长：第 0 对（对照：最后一对，d = {d}）", "wavelength: pair 0 (against the last pair, d = {d})"}, {{"d", integer(spec.d)}}),
        say(lang, {"上界 B(Δ)：Δ = 1（对照：Δ = {far}）", "bound B(Δ): Δ = 1 (against Δ = {far})"}, {{"far", integer(r.far)}}),
        say(lang, {"q = k = 1 在 Δ = {ctx} 的分数：RoPE（对照：xPos）", "score of q = k = 1 at Δ = {ctx}: RoPE (against xPos)"},
            {{"ctx", integer(spec.max_dist)}}),
    };
    table.col_labels = {say(lang, {"数值", "value"}), say(lang, {"对照", "against"})};
    table.corner = say(lang, {"论断", "claim"});
    table.decimals = 4;
    // The first three rows decide "relative or not": each cell marked from its own number.
    for (int i = 0; i < 3; ++i)
        for (int c = 0; c < 2; ++c) {
            const bool relative = table.values(i, c) < 1e-9;
            table.marks.push_back({i, c, relative, relative ? say(lang, {"相对", "relative"}) : say(lang, {"不相对", "not relative"})});
        }
    const RowMatrix values = table.values;
    table.explain = [values, lang](int row, int col) -> std::string {
        if (row < 0 || col < 0 || row >= values.rows() || col >= values.cols()) return "";
        return say(lang, {"{value}（此刻的设置下由核心计算）", "{value} (computed by core at the current settings)"},
                   {{"value", num(values(row, col))}});
    };
    return {make_view(say(lang, {"本课的六个论断：关键数字并排", "The lesson's six claims: their key numbers side by side"}), std::move(table))};
}

}  // namespace

// [SECTION] the step
Step recap() {
    Step s{
        "recap",
        {"小结：旋转让分数只看距离", "Recap: rotations make the score see only the distance"},
        {"[[lesson:rope/shift-invariance|RoPE 的分数]] ⟨R_m q, R_n k⟩ = ⟨R_Δ q, k⟩ 只取决于 Δ = m − n，因为 R_nᵀR_m = R_Δ：分数矩阵是 Toeplitz 矩阵。"
         "[[lesson:rope/additive-pe-loses-relative|加到输入上的正弦编码]]经过 W_q、W_k 后失去这一点；只有像旋转那样只缩放、只转动的块才能保住它。"
         "[[lesson:rope/uniqueness|在五条假设下]]（q、k 用同一个变换，分数是内积，不学位置参数，平移不变，T₀ = I），旋转是唯一的选择。"
         "[[lesson:rope/spectrum-and-decay|第 i 对的波长]]是 2π·base^(2i/d)：第 0 对分辨近处，慢的对分辨远处。"
         "[[lesson:rope/long-term-decay|RoFormer 给分数的上界 B(Δ)]] 随距离下降，底数越大下降越晚。"
         "[[lesson:rope/xpos|xPos]] 再乘上衰减 ζ^(Δ/γ)，仍然只看 Δ。",
         "[[lesson:rope/shift-invariance|RoPE's score]] ⟨R_m q, R_n k⟩ = ⟨R_Δ q, k⟩ depends only on Δ = m − n, because "
         "R_nᵀR_m = R_Δ: the score matrix is Toeplitz. [[lesson:rope/additive-pe-loses-relative|Sinusoids added to the "
         "input]] lose this after W_q and W_k; only blocks that just scale and turn, as rotations do, would keep it. "
         "[[lesson:rope/uniqueness|Under five assumptions]] (one transform for q and k, an inner product, nothing "
         "learned, shift invariance, T₀ = I) rotations are the only choice. [[lesson:rope/spectrum-and-decay|Pair i "
         "turns with the wavelength]] 2π·base^(2i/d): pair 0 resolves near offsets, the slow pairs far ones. "
         "[[lesson:rope/long-term-decay|RoFormer's bound B(Δ)]] on the score falls with distance, later for a larger "
         "base. [[lesson:rope/xpos|xPos]] multiplies in a decay ζ^(Δ/γ) and still sees only Δ."},
        {"L", "d", "base", "seed", "max_dist", "gamma"},
        recap_views,
        {R"tex(\langle R_m q,\,R_n k\rangle=\langle R_n^\top R_m\,q,\,k\rangle=\langle R_\Delta q,\,k\rangle,\qquad \Delta=m-n,\qquad \lambda_i=2\pi\,\mathrm{base}^{2i/d})tex"},
    };
    s.takeaway = {"转角相减，RoPE 分数只看 Δ = m − n（离 Toeplitz {rope}，加性正弦编码 {dense}）；波长 2π 到 {longest}。",
                  "Because turns subtract, RoPE's score sees only Δ = m − n (Toeplitz distance {rope}, against {dense} for "
                  "added sinusoids); its pairs span wavelengths from 2π to {longest}."};
    s.takeaway_args = [](const ParamSet& p, Lang) {
        const RecapNumbers r = recap_numbers(p);
        return std::vector<Arg>{{"rope", exact(r.values[0][0])}, {"dense", num(r.values[0][1], 3)}, {"longest", num(r.values[3][1])}};
    };
    return s;
}

}  // namespace rope_lesson
}  // namespace pelab
