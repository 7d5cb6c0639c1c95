// PE Lab — lessons/absolute_pe/recap.cpp
// Step "recap" of absolute-pe: the lesson's claims side by side, one row per claim with its number at the current
// parameters (computed from core, as on the step that shows it) and what it is measured against. Its view, then
// the step.
// Comments are English only: the font subset is built from the characters inside this file's strings.
//
// [SECTION] the claims, measured
// [SECTION] the step
#include <algorithm>
#include <cmath>
#include <string>
#include <vector>

#include "core/relative/attention_grid.h"
#include "core/constants.h"
#include "core/relative/f_delta.h"
#include "lessons/absolute_pe/absolute_pe.h"
#include "lessons/lesson_util.h"

namespace pelab {
namespace absolute_pe {

using namespace lessonui;

// [SECTION] the claims, measured
namespace {

// Each claim's number (column 0) and what it is read against (column 1, NaN where nothing is).
struct Claims {
    double moved = 0, changed = 0;          // why-positions: max |Attn(PX) − P·Attn(X)|, max |Attn(PX) − Attn(X)|
    double longest = 0, limit = 0;          // wavelength-range: the paper's longest λ, base·2π
    double shift_err = 0;                   // relative-inside-absolute: max over p of |M_Δ·PE(p) − PE(p + Δ)|
    double spread = 0, peak = 0;            // gram-toeplitz: largest spread along a diagonal of G, G[0][0] = d/2
    long long width = 0, split = 0;         // same-width: content dimensions when adding, when concatenating
    int missing = 0, L = 0;                 // learnable-table: positions without a row, of L
};

Claims measure(const Inputs& in) {
    Claims c;
    const PermutationDemo demo = permutation_equivariance_demo(in.tokens, 4, static_cast<std::uint64_t>(in.seed));
    c.moved = max_abs(demo.out_shuffled - demo.P * demo.out);
    c.changed = max_abs(demo.out_shuffled - demo.out);
    const Eigen::VectorXd lam = sinusoidal_wavelengths(in.d_model, in.base, PeVariant::vaswani);
    c.longest = lam(lam.size() - 1);
    c.limit = in.base * kTwoPi;
    const Eigen::MatrixXd M = sinusoidal_shift_matrix(in.shift, in.d, in.base, PeVariant::vaswani);
    for (int p = 0; p < in.L; ++p)
        c.shift_err = std::max(c.shift_err, max_abs(M * sinusoidal_pe_row(p, in.d, in.base, PeVariant::vaswani) -
                                                    sinusoidal_pe_row(p + in.shift, in.d, in.base, PeVariant::vaswani)));
    const Eigen::MatrixXd G = gram_matrix(sinusoidal_pe(std::min(in.L, 128), in.d_model, in.base, in.variant));
    c.spread = diagonal_spread(G).maxCoeff();
    c.peak = G(0, 0);
    c.width = in.d_model;
    c.split = in.d_model - in.d_model / 2;
    c.L = in.L;
    c.missing = std::max(0, in.L - in.max_len);
    return c;
}

std::vector<ViewData> recap_views(const Inputs& in, Lang lang) {
    const Claims c = measure(in);
    TableView t;
    t.values.resize(6, 2);
    t.values << c.moved, c.changed,
                c.longest, c.limit,
                c.shift_err, std::nan(""),
                c.spread, c.peak,
                static_cast<double>(c.width), static_cast<double>(c.split),
                static_cast<double>(c.missing), static_cast<double>(c.L);
    t.values = without_rounding_noise(t.values);
    t.row_labels = {say(lang, {"打乱：换回后的差，对照：不换回", "shuffle: change once moved back vs. not"}),
                    say(lang, {"最长波长，对照：base·2π", "longest wavelength vs. base·2π"}),
                    say(lang, {"平移 Δ：M_Δ 的误差", "shift by Δ: error of M_Δ"}),
                    say(lang, {"Gram 矩阵对角线极差，对照：峰值 d/2", "Gram matrix: diagonal spread vs. peak d/2"}),
                    say(lang, {"内容可用维数：相加，对照：拼接", "dimensions for content: add vs. concatenate"}),
                    say(lang, {"没有行的位置，对照：L", "positions without a row vs. L"})};
    t.col_labels = {say(lang, {"测得", "measured"}), say(lang, {"对照", "vs."})};
    t.corner = say(lang, {"结论", "claim"});
    t.decimals = 3;
    t.row_decimals = {-1, -1, -1, -1, 0, 0};  // the last two rows count dimensions and positions
    const double tiny = 1e-9;
    t.marks.push_back({0, 0, c.moved <= tiny, say(lang, {"只是换行", "only moved"})});
    t.marks.push_back({1, 0, c.longest < c.limit, say(lang, {"不到 base·2π", "short of base·2π"})});
    t.marks.push_back({2, 0, c.shift_err <= tiny, say(lang, {"对每个 p 成立", "for every p"})});
    t.marks.push_back({3, 0, c.spread <= tiny, say(lang, {"对角线不变", "constant diagonals"})});
    t.marks.push_back({4, 0, true, say(lang, {"全部 D 维", "all D"})});
    t.marks.push_back({4, 1, false, say(lang, {"少于 D 维", "fewer than D"})});
    t.marks.push_back({5, 0, c.missing == 0,
                       c.missing == 0 ? say(lang, {"都有行", "all have a row"}) : say(lang, {"查不到编码", "no code"})});
    t.explain = [c, lang](int r, int col) -> std::string {
        if (r < 0 || col < 0 || r >= 6 || col >= 2) return "";
        switch (r * 2 + col) {
        case 0: return say(lang, {"最大 |Attn(P·X) − P·Attn(X)| = {v}：打乱后输出只是换了行", "Largest |Attn(P·X) − P·Attn(X)| = {v}: shuffled, the outputs only move"}, {{"v", exact(c.moved)}});
        case 1: return say(lang, {"最大 |Attn(P·X) − Attn(X)| = {v}：行确实移动了（等变，不是不变）", "Largest |Attn(P·X) − Attn(X)| = {v}: the rows do move (equivariance, not invariance)"}, {{"v", num(c.changed, 3)}});
        case 2: return say(lang, {"论文公式的最长波长 2π·base^(1 − 2/d) = {v}", "The paper's longest wavelength 2π·base^(1 − 2/d) = {v}"}, {{"v", num(c.longest)}});
        case 3: return say(lang, {"教程常说的上界 base·2π = {v}", "The bound base·2π that tutorials quote = {v}"}, {{"v", num(c.limit)}});
        case 4: return say(lang, {"对 p = 0…L − 1 取最大 |M_Δ·PE(p) − PE(p + Δ)| = {v}", "Largest |M_Δ·PE(p) − PE(p + Δ)| over p = 0…L − 1 = {v}"}, {{"v", exact(c.shift_err)}});
        case 6: return say(lang, {"G = PE·PEᵀ 沿任一条对角线的最大极差 = {v}", "Largest spread of G = PE·PEᵀ along any diagonal = {v}"}, {{"v", exact(c.spread)}});
        case 7: return say(lang, {"主对角线上的 G[q][q] = d/2 = {v}", "G[q][q] on the main diagonal = d/2 = {v}"}, {{"v", num(c.peak)}});
        case 8: return say(lang, {"相加：内容可用全部 D = {v} 维", "Adding: content may use all D = {v} dimensions"}, {{"v", integer(c.width)}});
        case 9: return say(lang, {"同样宽度的拼接：内容只剩 {v} 维", "Concatenating at the same width: content keeps {v}"}, {{"v", integer(c.split)}});
        case 10: return say(lang, {"没有行、查不到编码的位置：{v} 个", "Positions with no row, so no code: {v}"}, {{"v", integer(c.missing)}});
        case 11: return say(lang, {"序列长度 L = {v}", "Sequence length L = {v}"}, {{"v", integer(c.L)}});
        default: return "";
        }
    };
    const std::vector<std::string> notes = {
        say(lang, {"每行一个结论：左列是在当前参数下测得的数，右列是它的对照；悬停看定义。",
                   "One row per claim: its number at the current settings, then what it is read against; hover for the definitions."})};
    return {make_view(say(lang, {"这一课的结论，在当前参数下", "The lesson's claims, at the current settings"}), std::move(t), notes)};
}

}  // namespace

// [SECTION] the step
Step recap() {
    Step s = {
        "recap",
        {"小结：把顺序加进注意力", "Recap: putting order into attention"},
        {"没有位置信息时，打乱 token 只会让输出换行：注意力看不见顺序（[[lesson:absolute-pe/why-positions|为什么需要位置]]）。"
         "正弦编码让第 i 对以频率 ω_i = base^(−2i/d) 转动，所以波长从 2π 增长到略低于 base·2π（[[lesson:absolute-pe/wavelength-range|波长范围]]）。"
         "把编码向后移 Δ 个位置是同一个旋转 M_Δ，对每个位置都一样（[[lesson:absolute-pe/relative-inside-absolute|平移]]），"
         "所以 PE(q)·PE(k) 只依赖 Δ = q − k（[[lesson:absolute-pe/gram-toeplitz|Gram 矩阵]]）。"
         "同样宽度下，相加让内容和位置各用全部 D 维，拼接却要把它们分开（[[lesson:absolute-pe/same-width|同样宽度]]）。"
         "可学习的表在 max_len 之后没有行，所以到不了更长的序列（[[lesson:absolute-pe/learnable-table|可学习的表]]）。",
         "Without positions, shuffling the tokens only moves the outputs: attention cannot see order "
         "([[lesson:absolute-pe/why-positions|why positions]]). The sinusoidal code turns pair i at the frequency "
         "ω_i = base^(−2i/d), so its wavelengths run from 2π to just below base·2π "
         "([[lesson:absolute-pe/wavelength-range|wavelengths]]). Moving a code Δ positions on is one rotation M_Δ, the "
         "same for every position ([[lesson:absolute-pe/relative-inside-absolute|the shift]]), so PE(q)·PE(k) depends on "
         "Δ = q − k only ([[lesson:absolute-pe/gram-toeplitz|the Gram matrix]]). At one width, adding gives content and "
         "position all D dimensions each, where concatenating splits them ([[lesson:absolute-pe/same-width|same "
         "width]]). A learned table has no row past max_len, so it cannot reach longer sequences "
         "([[lesson:absolute-pe/learnable-table|learnable table]])."},
        {"L", "d_model", "base", "max_len"},
        views_of(read_inputs, recap_views),
        {R"tex(\mathrm{Attn}(PX)=P\,\mathrm{Attn}(X),\qquad PE(p+\Delta)=M_\Delta\,PE(p),\qquad PE(q)^\top PE(k)=\sum_i\cos(\Delta\,\omega_i))tex"},
    };
    s.takeaway = {"打乱 token 只让注意力输出换行，所以要加位置编码：各对按各自速度转，平移即旋转，PE(q)·PE(k) 只依赖 Δ；可学习的表止于第 {last} 行。",
                  "A shuffle only moves attention's outputs, so a code is added: its pairs turn at their own speeds, so a "
                  "shift is a rotation and PE(q)·PE(k) depends on Δ only; a learned table ends at row {last}."};
    s.takeaway_args = args_of(read_inputs, +[](const Inputs& in, Lang) {
        return std::vector<Arg>{{"last", pos_text(in.max_len - 1)}};
    });
    return s;
}

}  // namespace absolute_pe
}  // namespace pelab
