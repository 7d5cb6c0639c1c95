// PE Lab — lessons/rope/lesson.cpp
// Lesson "rope": rotary position embedding derived from 2-D rotations, in 19 steps, one idea each — R(α) and
// its identities, the dot product of rotated vectors, RoPE on d dimensions in both pairing layouts, the score
// matrix S and its shift invariance (the heatmap, the dials turning together, the link back to lesson f-delta),
// why additive sinusoidal PE loses relative structure through W_q/W_k (a learned M, block-diagonal M, scaled
// rotations that commute), two alternatives to RoPE (a bias, p after the projection), the uniqueness sketch
// (the checks, a candidate's scores), the spectrum (wavelengths, the long-range decay, the extreme pairs), and
// xPos, which adds a decay that stays relative (the decay, its scores), then the recap. Every number shown comes
// from core (rope.h, sinusoidal.h, f_delta.h, relative_methods.h, random.h). The relative offset is Δ = m − n
// throughout (query position m minus key position n). This file holds the parameter table, the helpers the
// steps share and the list of steps; each step lives in the file named for its id (rotation_2d.cpp,
// angle_difference.cpp, …, xpos_scores.cpp, recap.cpp), with its views and its questions.
// Comments are English only: the font subset is built from the characters inside .cpp string literals.
//
// [SECTION] parameters (declared once)
// [SECTION] inputs
// [SECTION] helpers shared by the steps
// [SECTION] the lesson
#include <Eigen/QR>
#include <algorithm>
#include <cmath>
#include <string>
#include <vector>

#include "core/relative/f_delta.h"
#include "core/relative/relative_methods.h"
#include "core/absolute/sinusoidal.h"
#include "lessons/lesson_util.h"
#include "lessons/rope/rope_lesson.h"

namespace pelab {
namespace rope_lesson {

using namespace lessonui;

// [SECTION] parameters (declared once)
const ParamTable<Inputs>& params() {
    static const ParamTable<Inputs> table{
        {Key::real("alpha", -6.2832, 6.2832, "1.0471975511965976", {"第一个旋转角（弧度）", "first rotation angle (radians)"})
             .sym("α"),
         &Inputs::alpha},
        {Key::real("beta", -6.2832, 6.2832, "1.5707963267948966", {"第二个旋转角（弧度）", "second rotation angle (radians)"})
             .sym("β"),
         &Inputs::beta},
        {Key::shared("seed").def("1"), &Inputs::seed},
        {Key::shared("d").range(2, 64).def("8").about({"旋转维度 d（d/2 对）", "rotary dimension d (d/2 pairs)"}).no_preset_value(),
         &Inputs::d},
        {Key::shared("base").range(3.1622776601683795, 1e7).def("10000"), &Inputs::base},
        {Key::shared("m").range(0, 64).def("3").about({"旋转 R_m 的位置 m", "position m of the rotation R_m"}), &Inputs::m},
        {Key::shared("layout").def("interleaved"), &Inputs::layout_name},
        {Key::shared("L").range(2, 64).def("12"), &Inputs::L},
        {Key::integer("t", 0, 1000, "5", {"两个位置同时加上的平移量", "shift added to both positions"}), &Inputs::t},
        {Key::integer("n", 0, 64, "7", {"键的位置 n（查询在位置 m）", "position n of the key (the query is at m)"}), &Inputs::n},
        {Key::integer("pair", 0, 31, "0", {"表盘上显示的第一个频率对", "first frequency pair drawn on the dials"}).sym("i"),
         &Inputs::pair},
        {Key::flag("simplified", "0", {"勾选后在 S 旁显示教程常见的写法 ⟨q, R(m−n) k⟩：转的是键而不是查询，符号反了",
                                       "shows beside S the form tutorials often write, ⟨q, R(m−n) k⟩: it turns the key instead of the query, a flipped sign"})
             .alias("seed_version"),
         &Inputs::simplified},
        {Key::real("content_scale", 0, 4, "1", {"内容向量相对 p 的大小", "size of the content vectors relative to p"})
             .sym("content"),
         &Inputs::content_scale},
        {Key::choice("candidate", {"rope", "quadratic", "scaled", "random", "xpos"}, "rope",
                     {"用四条假设检验的变换", "transform tested against the four assumptions"}),
         &Inputs::candidate},
        // A model preset sets the spectrum step's width and context, not the small demo width d of the steps before it.
        {Key::integer("max_dist", 16, 262144, "2048", {"上下文长度：波长与衰减曲线都和它比较", "context length the wavelengths and the decay are held against"})
             .sym("context")
             .preset_value("seq_len"),
         &Inputs::max_dist},
        {Key::integer("d_spectrum", 8, 256, "128", {"频谱一步所用的旋转维度", "rotary dimension for the spectrum step"})
             .multiple_of(2)
             .sym("d")
             .preset_value("d"),
         &Inputs::d_spectrum},
        {Key::shared("preset").def("none").about({"模型预设：选一个已发布模型，设定所有步骤的 base 与配对布局，以及频谱一步的维度和上下文长度",
                                                  "model preset: pick a released model to set base and pairing layout for every step, and the spectrum step's width and context length"}),
         &Inputs::preset},
        {Key::from(xpos_spec_gamma(), {"xPos 的衰减长度 γ（torchscale 的 scale_base，默认 512）",
                                       "xPos's decay length γ (torchscale scale_base, 512 by default)"})
             .range(1, 1e6)
             .sym("γ"),
         &Inputs::gamma},
    };
    return table;
}

// [SECTION] inputs
Inputs read_inputs(const ParamSet& p) {
    Inputs in = params().read(p);
    parse_rope_layout(in.layout_name, &in.layout);
    in.theta = rope_default_inv_freq(in.d, in.base);
    return in;
}

// [SECTION] helpers shared by the steps
Inputs read_spectrum_inputs(const ParamSet& p) {
    Inputs in = read_inputs(p);
    in.d = in.d_spectrum;
    in.theta = rope_default_inv_freq(in.d, in.base);
    return in;
}

Eigen::VectorXd random_vector(int n, SplitMix64& rng, double scale) {
    Eigen::VectorXd v(n);
    for (int i = 0; i < n; ++i) v(i) = scale * rng.next_signed();
    return v;
}

std::string layout_label(RopeLayout layout, Lang lang) {
    return layout == RopeLayout::half ? say(lang, {"对半：xᵢ 与 xᵢ₊d/2 成对", "half-split: xᵢ pairs with xᵢ₊d/2"})
                                      : say(lang, {"交错：x₂ᵢ 与 x₂ᵢ₊₁ 成对", "interleaved: x₂ᵢ pairs with x₂ᵢ₊₁"});
}

double largest_spread(const Eigen::MatrixXd& M) {
    const Eigen::VectorXd s = diagonal_spread(M);
    return s.size() == 0 ? 0.0 : s.maxCoeff();
}

// Sinusoidal absolute PE of the lesson's d and base, interleaved (sin pos·ωᵢ, cos pos·ωᵢ) pairs.
Eigen::VectorXd sinusoid(int pos, const Inputs& in) { return sinusoidal_pe_row(pos, in.d, in.base, PeVariant::vaswani); }

// A query position × key position matrix with the hover text pₘᵀ M pₙ and the offset Δ = m − n.
HeatmapView kernel_heatmap(const Eigen::MatrixXd& K, Lang lang) {
    HeatmapView v = qk_matrix(K, lang);
    const int L = static_cast<int>(K.rows());
    v.explain = [K, L, lang](int r, int c) -> std::string {
        if (r < 0 || c < 0 || r >= L || c >= L) return "";
        return say(lang, {"p{m}ᵀ M p{n} = {value}；Δ = m − n = {delta}", "p{m}ᵀ M p{n} = {value}; Δ = m − n = {delta}"},
                   {{"m", sub(r)}, {"n", sub(c)}, {"value", num(K(r, c))}, {"delta", integer(r - c)}});
    };
    return v;
}

DialPositions dial_positions(const Inputs& in) {
    DialPositions pos;
    pos.m = std::clamp(static_cast<int>(std::lround(in.m)), 0, in.L - 1);
    pos.n = std::clamp(in.n, 0, in.L - 1);
    pos.t = in.t;
    pos.window = std::max(0, std::max(pos.m, pos.n) + pos.t - (in.L - 1));
    return pos;
}

PositionKernels position_kernels(const Inputs& in) {
    SplitMix64 rng(static_cast<std::uint64_t>(in.seed) + 1000);
    const int d = in.d, L = in.L;
    const Eigen::MatrixXd dense = random_signed_matrix(d, d, rng);
    Eigen::MatrixXd block = Eigen::MatrixXd::Zero(d, d), commuting = Eigen::MatrixXd::Zero(d, d);
    for (int i = 0; i < d / 2; ++i) {
        block.block<2, 2>(2 * i, 2 * i) = dense.block<2, 2>(2 * i, 2 * i);
        // a·I + b·J with J = [ [0, −1], [1, 0] ]: the 2×2 matrices that commute with every rotation.
        const double a = dense(2 * i, 2 * i), b = dense(2 * i + 1, 2 * i);
        commuting(2 * i, 2 * i) = a;
        commuting(2 * i + 1, 2 * i + 1) = a;
        commuting(2 * i, 2 * i + 1) = -b;
        commuting(2 * i + 1, 2 * i) = b;
    }
    std::vector<Eigen::VectorXd> pe;
    for (int pos = 0; pos < L; ++pos) pe.push_back(sinusoid(pos, in));
    PositionKernels k;
    k.block_M = block;
    k.commuting_M = commuting;
    k.a.resize(d / 2);
    k.b.resize(d / 2);
    for (int i = 0; i < d / 2; ++i) {
        k.a(i) = commuting(2 * i, 2 * i);
        k.b(i) = commuting(2 * i + 1, 2 * i);
    }
    k.dense.resize(L, L);
    k.block.resize(L, L);
    k.commuting.resize(L, L);
    for (int i = 0; i < L; ++i)
        for (int j = 0; j < L; ++j) {
            k.dense(i, j) = pe[i].dot(dense * pe[j]);
            k.block(i, j) = pe[i].dot(block * pe[j]);
            k.commuting(i, j) = pe[i].dot(commuting * pe[j]);
        }
    return k;
}

// The uniqueness candidates: T_m applied to q for m = 0..count−1, and to k where it differs (xPos).
namespace {
struct Candidate {
    std::vector<Eigen::MatrixXd> T;   // applied to q
    std::vector<Eigen::MatrixXd> Tk;  // applied to k when it differs from T (xPos); empty = T
    const Eigen::MatrixXd& key(int m) const { return Tk.empty() ? T[static_cast<std::size_t>(m)] : Tk[static_cast<std::size_t>(m)]; }
};

// xPos (Sun et al. 2022, torchscale): pair i scaled by ζᵢ^(m/512) on q and ζᵢ^(−n/512) on k after the
// rotation, ζᵢ = (2i/d + 0.4)/1.4.
constexpr double kXposGamma = 0.4, kXposScaleBase = 512;

Eigen::MatrixXd candidate_xpos_scale(const Inputs& in, double power) {
    Eigen::MatrixXd D = Eigen::MatrixXd::Zero(in.d, in.d);
    for (int i = 0; i < in.d / 2; ++i) {
        const double zeta = (2.0 * i / in.d + kXposGamma) / (1.0 + kXposGamma);
        D(2 * i, 2 * i) = D(2 * i + 1, 2 * i + 1) = std::pow(zeta, power / kXposScaleBase);
    }
    return D;
}

Candidate make_candidate(const std::string& id, const Inputs& in, int count) {
    Candidate c;
    const int d = in.d;
    SplitMix64 rng(static_cast<std::uint64_t>(in.seed) + 3000);
    for (int m = 0; m < count; ++m) {
        if (id == "quadratic") {
            c.T.push_back(rope_matrix(in.theta, static_cast<double>(m) * m, RopeLayout::interleaved));
        } else if (id == "scaled") {
            c.T.push_back(std::pow(0.9, m) * rope_matrix(in.theta, m, RopeLayout::interleaved));
        } else if (id == "xpos") {
            c.T.push_back(candidate_xpos_scale(in, m) * rope_matrix(in.theta, m, RopeLayout::interleaved));
            c.Tk.push_back(candidate_xpos_scale(in, -m) * rope_matrix(in.theta, m, RopeLayout::interleaved));
        } else if (id == "random") {
            if (m == 0) {
                c.T.push_back(Eigen::MatrixXd::Identity(d, d));
            } else {
                Eigen::HouseholderQR<Eigen::MatrixXd> qr(random_signed_matrix(d, d, rng));
                c.T.push_back(qr.householderQ() * Eigen::MatrixXd::Identity(d, d));
            }
        } else {
            c.T.push_back(rope_matrix(in.theta, m, RopeLayout::interleaved));
        }
    }
    return c;
}
}  // namespace

CandidateChecks check_candidate(const std::string& id, const Inputs& in, const Eigen::VectorXd& q, const Eigen::VectorXd& k) {
    const Candidate c = make_candidate(id, in, in.L);
    CandidateChecks r;
    const int L = in.L, d = in.d;
    for (int m = 0; m < L; ++m) {
        r.orthogonal = std::max(r.orthogonal, max_abs(c.T[m].transpose() * c.T[m] - Eigen::MatrixXd::Identity(d, d)));
        // The group check multiplies d×d matrices for every pair; pairs below kGroupCheck keep it quick. The
        // score ⟨T_m q, T_n k⟩ = kᵀ(T_nᵀT_m)q is relative when T_nᵀT_m depends on Δ = m − n alone: with one
        // transform and T₀ = I it must be T_Δ; with two (xPos, T for q and T' for k) T'_nᵀT_m must be T'_0ᵀT_Δ.
        for (int n = 0; n <= m && m < kGroupCheck; ++n) {
            const Eigen::MatrixXd relative = c.Tk.empty() ? c.T[m - n] : Eigen::MatrixXd(c.key(0).transpose() * c.T[m - n]);
            r.group = std::max(r.group, max_abs(c.key(n).transpose() * c.T[m] - relative));
        }
    }
    std::vector<Eigen::VectorXd> tq, tk;
    for (int m = 0; m < L; ++m) {
        tq.push_back(c.T[m] * q);
        tk.push_back(c.key(m) * k);
    }
    r.S.resize(L, L);
    for (int m = 0; m < L; ++m)
        for (int n = 0; n < L; ++n) r.S(m, n) = tq[m].dot(tk[n]);
    r.toeplitz = toeplitz_residual(r.S);
    return r;
}

// [SECTION] the lesson
namespace {

Lesson make_lesson() {
    Lesson lesson;
    lesson.id = "rope";
    lesson.title = {"旋转位置编码（RoPE）", "Rotary position embedding (RoPE)"};
    use_params(lesson, params());
    lesson.preset_sets_params = true;
    // L×L score maps; curves of at most kCurvePoints samples (the decay's 160 log-spaced distances, xPos's
    // ≤ 1,200 strided ones, whatever max_dist is) per d_spectrum pair.
    lesson.result_shape = [](const ParamSet& p) {
        constexpr long long kCurvePoints = 1201;
        const Inputs in = params().read(p);
        const long long L = in.L, d = in.d_spectrum;
        return std::vector<long long>{std::max(L * L, kCurvePoints), std::max<long long>(d, 4)};
    };
    lesson.steps = {
        rotation_2d(),
        dot_product_sees_the_difference(),
        pairs_frequencies_layouts(),
        score_matrix_shift_invariance(),
        shift_dials(),
        f_delta_link(),
        additive_pe_loses_relative_structure(),
        commuting_blocks(),
        scaled_rotations_commute(),
        two_alternatives(),
        pe_after_projection(),
        uniqueness_sketch(),
        uniqueness_scores(),
        spectrum_and_decay(),
        long_term_decay(),
        wavelength_extremes(),
        xpos_decay(),
        xpos_score_matrix(),
        recap(),
    };
    // The nine steps before the lesson was split into one idea per screen: links that name a step by number keep
    // opening its content.
    lesson.old_numbering = {"rotation-2d",        "angle-difference", "pairs-frequencies-layouts",
                            "shift-invariance",   "additive-pe-loses-relative", "two-alternatives",
                            "uniqueness",         "spectrum-and-decay",         "xpos"};
    lesson.references = {"su2021", "sun2023"};
    return lesson;
}

}  // namespace
}  // namespace rope_lesson

const Lesson* lesson_rope() {
    static const Lesson lesson = rope_lesson::make_lesson();
    return &lesson;
}

}  // namespace pelab
