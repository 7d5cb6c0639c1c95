// PE Lab — lessons/long_context/lesson.cpp
// Lesson "long-context": scaling RoPE past its training length (what meets a model past L — the phase
// wrap, the odometer, ALiBi, clipped methods — is the lesson before, "beyond-training"), one idea per step: the
// two effects of the base and its decay bound; position interpolation and its cost; NTK-aware scaling and its slow
// pairs; dynamic NTK and its bracket; YaRN's ramp, its attention factor and Llama 3's bands (as Hugging Face
// transformers' modeling_rope_utils.py, in core/rope/rope_scaling); the scalings side by side (scale factors,
// wavelengths, unseen angles, the scaled odometer, the trade-offs); a diagnosis of mean scores beyond the
// original length; and the recap. Every number shown comes from core (rope.h, rope_scaling.h). This file holds the
// parameter table, the computations several steps share and the lesson's step list; each step lives in the file
// named for its id, with its views and its questions.
// Comments are English only: the font subset is built from the characters inside the .cpp strings.
//
// [SECTION] parameters
// [SECTION] shared computations
// [SECTION] the lesson
#include <algorithm>
#include <cmath>

#include "core/rope/rope.h"
#include "lessons/lesson_util.h"
#include "lessons/long_context/long_context.h"

namespace pelab {
namespace long_context {

// [SECTION] parameters
const ParamTable<Inputs>& params() {
    static const ParamTable<Inputs> table{
        {Key::shared("d").range(8, 128).def("128").about({"旋转维度 d（d/2 对）", "rotary dimension d (d/2 pairs)"}),
         &Inputs::d},
        {Key::shared("base").range(10, 1e7).def("10000"), &Inputs::base},
        {Key::shared("original_max").range(16, 65536).def("2048").about({"训练长度 L", "training length L"}).sym("L"),
         &Inputs::L},
        {Key::shared("factor").range(1, 64).def("4"), &Inputs::factor},  // 64: room for DeepSeek-V3's 40
        {Key::shared("seq_len").range(16, 262144).def("8192").about({"当前（评估）序列长度", "current / evaluated sequence length"}),
         &Inputs::seq_len},
        {Key::shared("beta_fast").range(1, 128).def("32"), &Inputs::beta_fast},
        {Key::shared("beta_slow").range(0.01, 32).def("1"), &Inputs::beta_slow},
        {Key::shared("low_freq_factor").range(0.5, 8).def("1").sym("low ff"), &Inputs::low_ff},
        {Key::shared("high_freq_factor").range(1, 32).def("4").sym("high ff"), &Inputs::high_ff},
        {Key::shared("seed").range(0, 1000000).def("1").about({"随机查询与键的随机种子", "random seed of the random queries and keys"}),
         &Inputs::seed},
        {Key::integer("position", 0, 262144, "3000", {"里程表指针所在的位置 p", "position p where the odometer's needles point"}).sym("p"),
         &Inputs::position},
        {Key::shared("scaling").def("yarn").about({"里程表上第二根指针所用的缩放方法", "scaling drawn as the odometer's second needle"}),
         &Inputs::scaling_name},
        // a released model's settings: picking one sets d, base, scaling, factor, ... (apply_query)
        {Key::shared("preset").def("none").about({"模型预设：选一个已发布模型，设定 d、base、缩放方法及其参数", "model preset: pick a released model to set d, base, the scaling and its parameters"})},
    };
    return table;
}

Inputs read_inputs(const ParamSet& p) { return params().read(p); }

RopeScaling Inputs::scaling() const {
    RopeScaling s = RopeScaling::none;
    parse_rope_scaling(scaling_name, &s);
    return s;
}

// [SECTION] shared computations
RopeScalingResult scaled(const Inputs& in, RopeScaling kind) {
    RopeScalingParams s;
    s.kind = kind;
    s.d = in.d;
    s.base = in.base;
    s.factor = in.factor;
    s.original_max = in.L;
    s.seq_len = in.seq_len;
    s.beta_fast = in.beta_fast;
    s.beta_slow = in.beta_slow;
    s.low_freq_factor = in.low_ff;
    s.high_freq_factor = in.high_ff;
    return rope_scaled_inv_freq(s);
}

const std::vector<RopeScaling>& all_scalings() {
    static const std::vector<RopeScaling> all = {RopeScaling::none, RopeScaling::linear, RopeScaling::ntk,
                                                 RopeScaling::dynamic, RopeScaling::yarn, RopeScaling::llama3};
    return all;
}

std::string scaling_label(RopeScaling s, Lang lang) {
    switch (s) {
        case RopeScaling::none: return say(lang, {"不缩放", "no scaling"});
        case RopeScaling::linear: return say(lang, {"线性（PI）", "linear (PI)"});
        case RopeScaling::ntk: return "NTK";
        case RopeScaling::dynamic: return say(lang, {"动态 NTK", "dynamic NTK"});
        case RopeScaling::yarn: return "YaRN";
        case RopeScaling::llama3: return "Llama 3";
    }
    return "";
}

std::vector<double> ratio_series(const Eigen::VectorXd& scaled_freq, const Eigen::VectorXd& base_freq) {
    std::vector<double> y;
    for (Eigen::Index i = 0; i < base_freq.size(); ++i) y.push_back(scaled_freq(i) / base_freq(i));
    return y;
}

// The ends of YaRN's correction range as vertical lines over the pair axis, each where it falls on the axis.
void mark_yarn_range(CurveView& curve, const std::pair<double, double>& range, int pairs) {
    if (range.first <= pairs - 1) {
        curve.vlines_x.push_back(range.first);
        curve.vline_labels.push_back("YaRN low");
    }
    if (range.second <= pairs - 1) {
        curve.vlines_x.push_back(range.second);
        curve.vline_labels.push_back("YaRN high");
    }
}

int first_scaled_pair(const Eigen::VectorXd& scaled_freq, const Eigen::VectorXd& base_freq) {
    for (Eigen::Index i = 0; i < base_freq.size(); ++i)
        if (std::fabs(scaled_freq(i) / base_freq(i) - 1.0) > 1e-9) return static_cast<int>(i);
    return -1;
}

ViewData odometer_view(const Inputs& in, Lang lang, bool scaled_needle) {
    const RopeScaling kind = scaled_needle ? in.scaling() : RopeScaling::none;
    const Eigen::VectorXd used = kind == RopeScaling::none ? Eigen::VectorXd() : scaled(in, kind).inv_freq;
    return beyond_training::odometer_view(in.d, in.base, in.L, in.position, used, scaling_label(kind, lang), lang);
}

// [SECTION] the lesson
namespace {

Lesson make_lesson() {
    Lesson lesson;
    lesson.id = "long-context";
    lesson.preset_sets_params = true;
    lesson.title = {"长上下文：缩放 RoPE", "Long context: scaling RoPE"};
    use_params(lesson, params());
    lesson.result_shape = [](const ParamSet& p) {  // per-pair tables and curves sampled at a fixed count
        const Inputs in = params().read(p);
        return std::vector<long long>{std::max<long long>(in.d, 1024LL), 8};
    };
    lesson.steps = {base_effect(),           base_far_bound(),
                    position_interpolation(), pi_local_cost(),
                    ntk_aware(),             ntk_slow_pairs(),
                    dynamic_ntk(),           dynamic_ntk_bracket(),
                    yarn_and_llama3(),       yarn_attention_factor_step(), llama3_bands(),
                    side_by_side(),          wavelength_spectrum(),        unseen_angles(), odometer_scaled(), trade_offs(),
                    diagnosis(),             diagnosis_floor(),
                    recap()};
    // The ten steps before the split, so old links (step=4, steps=3-5) open the same content;
    // the entries that moved to beyond-training are followed through moved_steps below.
    lesson.old_numbering = {"phase-wrap", "base-effect", "alibi",         "position-interpolation", "ntk-aware",
                            "dynamic-ntk", "yarn-llama3", "scale-factors", "diagnosis",              "six-methods"};
    // The steps that went to beyond-training; the old closing comparison's first part (six-methods)
    // lives on in its clipped-and-bucketed step, its cost table in cost's "what the position part stores".
    lesson.moved_steps = {{"phase-wrap", "beyond-training/phase-wrap"},
                          {"turns-in-training", "beyond-training/turns-in-training"},
                          {"odometer", "beyond-training/odometer"},
                          {"alibi", "beyond-training/alibi"},
                          {"alibi-reference-rows", "beyond-training/alibi-reference-rows"},
                          {"alibi-beyond-training", "beyond-training/alibi-beyond-training"},
                          {"alibi-head-by-head", "beyond-training/alibi-head-by-head"},
                          {"six-methods", "beyond-training/learned-and-clipped"},
                          {"learned-and-clipped", "beyond-training/learned-and-clipped"},
                          {"method-costs", "cost/what-is-stored"}};
    lesson.references = {"chen2023", "bloc97-2023", "peng2023", "llama2024"};
    return lesson;
}

}  // namespace

}  // namespace long_context

const Lesson* lesson_long_context() {
    static const Lesson lesson = long_context::make_lesson();
    return &lesson;
}

}  // namespace pelab
