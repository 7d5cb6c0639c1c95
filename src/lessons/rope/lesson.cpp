// PE Lab — lessons/rope/lesson.cpp
// Lesson "rope": rotary position embedding derived from 2-D rotations, in 9 steps — R(α) and its
// identities, the dot product of rotated vectors, RoPE on d dimensions in both pairing layouts, the score
// matrix S and its shift invariance (with the link back to lesson f-delta), why additive sinusoidal PE
// loses relative structure through W_q/W_k, two alternatives to RoPE, the uniqueness sketch, and the
// spectrum with its long-range decay, and xPos, which adds a decay that stays relative. Every number shown
// comes from core (rope.h, sinusoidal.h, f_delta.h, relative_methods.h, random.h). This file holds the
// parameter table, the helpers the steps share and the list of steps; each step lives in the file named for
// its id (rotation_2d.cpp, angle_difference.cpp, …, xpos.cpp), with its views and its questions.
// Comments are English only: the font subset is built from the characters inside .cpp string literals.
//
// [SECTION] parameters (declared once)
// [SECTION] inputs
// [SECTION] helpers shared by the steps
// [SECTION] the lesson
#include <algorithm>

#include "core/f_delta.h"
#include "core/relative_methods.h"
#include "core/sinusoidal.h"
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
        {Key::flag("simplified", "0", {"勾选后在参考形式旁显示常见的简化写法 R(m−n)",
                                       "shows the common simplified R(m−n) form found in tutorials beside the reference"})
             .sym("R(m−n)")
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
Eigen::VectorXd random_vector(int n, SplitMix64& rng, double scale) {
    Eigen::VectorXd v(n);
    for (int i = 0; i < n; ++i) v(i) = scale * rng.next_signed();
    return v;
}

std::string layout_label(RopeLayout layout, Lang lang) {
    return layout == RopeLayout::half ? say(lang, {"对半（HF rotate_half）", "half (HF rotate_half)"})
                                      : say(lang, {"交错（RoFormer / GPT-J）", "interleaved (RoFormer / GPT-J)"});
}

double largest_spread(const Eigen::MatrixXd& M) {
    const Eigen::VectorXd s = diagonal_spread(M);
    return s.size() == 0 ? 0.0 : s.maxCoeff();
}

// Sinusoidal absolute PE of the lesson's d and base, interleaved (sin pos·ωᵢ, cos pos·ωᵢ) pairs.
Eigen::VectorXd sinusoid(int pos, const Inputs& in) { return sinusoidal_pe_row(pos, in.d, in.base, PeVariant::vaswani); }

// A position × position matrix with the hover text pᵢᵀ M pⱼ.
HeatmapView kernel_heatmap(const Eigen::MatrixXd& K, Lang lang) {
    HeatmapView v = qk_matrix(K, lang);
    v.row_axis = say(lang, {"位置 i", "position i"});
    v.col_axis = say(lang, {"位置 j", "position j"});
    const int L = static_cast<int>(K.rows());
    v.explain = [K, L, lang](int r, int c) -> std::string {
        if (r < 0 || c < 0 || r >= L || c >= L) return "";
        return say(lang, {"p{i}ᵀ M p{j} = {value}；j − i = {delta}", "p{i}ᵀ M p{j} = {value}; j − i = {delta}"},
                   {{"i", sub(r)}, {"j", sub(c)}, {"value", num(K(r, c))}, {"delta", integer(c - r)}});
    };
    return v;
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
        additive_pe_loses_relative_structure(),
        two_alternatives(),
        uniqueness_sketch(),
        spectrum_and_decay(),
        xpos_decay(),
    };
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
