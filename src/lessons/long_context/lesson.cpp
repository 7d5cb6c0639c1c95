// PE Lab — lessons/long_context/lesson.cpp
// Lesson "long-context": what happens to RoPE beyond the training length and the strategies that extend
// it, in 9 steps: phase wrap, the effect of the base, ALiBi, position interpolation, NTK-aware scaling,
// dynamic NTK, YaRN and Llama 3 (as HF modeling_rope_utils.py, in core/rope_scaling), a side-by-side chart
// of the per-pair scale factors, and a diagnosis of mean scores beyond the original length. Every number
// shown comes from core (rope.h, rope_scaling.h, alibi.h). This file holds the parameter table, the
// computations several steps share and the lesson's step list; each step lives in the file named for its id
// (phase_wrap.cpp … six_methods.cpp), with its views and its questions.
// Comments are English only: the font subset is built from the characters inside the .cpp strings.
//
// [SECTION] parameters
// [SECTION] shared computations
// [SECTION] the lesson
#include <algorithm>
#include <cmath>

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
        {Key::shared("factor").range(1, 64).def("4"), &Inputs::factor},  // 64: DeepSeek-V3 uses 40 (issue 13)
        {Key::shared("seq_len").range(16, 262144).def("8192").about({"当前（评估）序列长度", "current / evaluated sequence length"}),
         &Inputs::seq_len},
        {Key::shared("beta_fast").range(1, 128).def("32"), &Inputs::beta_fast},
        {Key::shared("beta_slow").range(0.01, 32).def("1"), &Inputs::beta_slow},
        {Key::shared("low_freq_factor").range(0.5, 8).def("1").sym("low ff"), &Inputs::low_ff},
        {Key::shared("high_freq_factor").range(1, 32).def("4").sym("high ff"), &Inputs::high_ff},
        {Key::shared("heads").range(1, 32).def("12").about({"ALiBi：头数", "ALiBi: number of heads"}), &Inputs::heads},
        {Key::shared("L").range(2, 64).def("16").about({"ALiBi 与最后一步：热力图显示的位置数（不是训练长度 L）", "ALiBi and the closing step: positions shown in the heatmaps (not the training length L)"}).sym("positions"),
         &Inputs::alibi_L},
        {Key::integer("head", 0, 31, "0", {"ALiBi：详细显示的头（点击一行）", "ALiBi: head shown in detail (click a row)"}),
         &Inputs::head},
        {Key::shared("mode").def("causal"), &Inputs::mode},
        {Key::shared("seed").range(0, 1000000).def("1").about({"随机查询与键的随机种子", "random seed of the random queries and keys"}),
         &Inputs::seed},
        {Key::integer("position", 0, 262144, "3000", {"里程表指针所在的位置 p", "position p where the odometer's needles point"}).sym("p"),
         &Inputs::position},
        {Key::shared("scaling").def("yarn").about({"里程表上第二根指针所用的缩放方法", "scaling drawn as the odometer's second needle"}),
         &Inputs::scaling_name},
        {Key::integer("clip", 1, 63, "4", {"Shaw：相对距离截断到 ±k", "Shaw: relative distances clipped to ±k"}).sym("k"), &Inputs::clip},
        // [added, issue 13] a released model's settings: picking one sets d, base, scaling, factor, ... (apply_query)
        {Key::shared("preset").def("none").about({"模型预设：选一个已发布模型，设定 d、base、缩放方法及其参数", "model preset: pick a released model to set d, base, the scaling and its parameters"})},
        {Key::shared("num_buckets").def("32"), &Inputs::num_buckets},
        {Key::shared("max_distance").def("128"), &Inputs::max_distance},
    };
    return table;
}

Inputs read_inputs(const ParamSet& p) {
    Inputs in = params().read(p);
    in.head = std::min(in.head, in.heads - 1);
    return in;
}

RopeScaling Inputs::scaling() const {
    RopeScaling s = RopeScaling::none;
    parse_rope_scaling(scaling_name, &s);
    return s;
}

AlibiMode Inputs::alibi_mode() const {
    AlibiMode m = AlibiMode::causal;
    parse_alibi_mode(mode, &m);
    return m;
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

std::string pair_label(int i, Lang lang) { return say(lang, {"第 {i} 对", "pair {i}"}, {{"i", lessonui::integer(i)}}); }

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

// [SECTION] the lesson
namespace {

Lesson make_lesson() {
    Lesson lesson;
    lesson.id = "long-context";
    lesson.preset_sets_params = true;  // [added, issue 13]
    lesson.title = {"长上下文：ALiBi、底数与 RoPE 缩放", "Long context: ALiBi, the base, RoPE scaling"};
    use_params(lesson, params());
    lesson.result_shape = [](const ParamSet& p) {  // per-pair tables and curves sampled at a fixed count, ALiBi heads×L
        const Inputs in = params().read(p);
        const long long d = in.d, L = in.alibi_L, h = in.heads;
        const long long context = std::max<long long>(in.seq_len, 2LL * in.L);  // the alibi step's logits over the context
        return std::vector<long long>{std::max({d, L * h, 1024LL, context}), 8};
    };
    lesson.steps = {phase_wrap(),      base_effect(),     alibi_penalty(), position_interpolation(), ntk_aware(),
                    dynamic_ntk(),     yarn_and_llama3(), side_by_side(),  diagnosis(),
                    six_methods()};
    lesson.references = {"press2022", "chen2023", "bloc97-2023", "peng2023", "llama2024"};
    return lesson;
}

}  // namespace

}  // namespace long_context

const Lesson* lesson_long_context() {
    static const Lesson lesson = long_context::make_lesson();
    return &lesson;
}

}  // namespace pelab
