// PE Lab — lessons/long_context/lesson.cpp
// Lesson "long-context": what happens to RoPE beyond the training length and the strategies that extend
// it, one idea per step (issue 24): phase wrap, turns in training and the odometer; the two effects of the
// base and its decay bound; ALiBi (its bias, the reference rows, attention beyond L, head by head); position
// interpolation and its cost; NTK-aware scaling and its slow pairs; dynamic NTK and its bracket; YaRN's ramp,
// its attention factor and Llama 3's bands (as HF modeling_rope_utils.py, in core/rope_scaling); the scalings
// side by side (scale factors, wavelengths, unseen angles, the scaled odometer, the trade-offs); a diagnosis
// of mean scores beyond the original length; and the closing comparison of six position methods. Every
// number shown comes from core (rope.h, rope_scaling.h, alibi.h). This file holds the parameter table, the
// computations several steps share and the lesson's step list; each step lives in the file named for its id
// (phase_wrap.cpp … method_costs.cpp), with its views and its questions.
// Comments are English only: the font subset is built from the characters inside the .cpp strings.
//
// [SECTION] parameters
// [SECTION] shared computations
// [SECTION] the lesson
#include <algorithm>
#include <cmath>

#include "core/odometer.h"
#include "core/rope.h"
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

// A wavelength in at most four characters, so that every caption fits under its dial: three significant digits
// below 1000, then thousands as "k" and millions as "M" (1987 → "2k", 2294 → "2.3k", 54410 → "54k").
static std::string short_wavelength(double lambda) {
    using lessonui::num;
    const auto compact = [](double x) { return x < 9.95 ? num(x, 2) : lessonui::integer(std::llround(x)); };
    if (lambda < 999.5) return num(lambda, 3);
    if (lambda < 999500.0) return compact(lambda / 1e3) + "k";
    return compact(lambda / 1e6) + "M";
}

// The d/2 pairs as an odometer at position p: needle i at p·θᵢ, the arc swept in training shaded, and with
// `scaled_needle` the chosen scaling's needle beside it (only once the scalings have been taught).
ViewData odometer_view(const Inputs& in, Lang lang, bool scaled_needle) {
    using namespace lessonui;
    const Eigen::VectorXd theta = rope_default_inv_freq(in.d, in.base);
    OdometerView o;
    o.theta.assign(theta.data(), theta.data() + theta.size());
    o.turns_in_training = turns_in_training(theta, in.L);
    o.position = in.position;
    o.train_length = in.L;
    const RopeScaling kind = scaled_needle ? in.scaling() : RopeScaling::none;
    Eigen::VectorXd used = theta;
    if (kind != RopeScaling::none) {
        used = scaled(in, kind).inv_freq;
        o.theta_scaled.assign(used.data(), used.data() + used.size());
        o.scaled_label = scaling_label(kind, lang);
    }
    for (double lambda : pair_wavelengths(theta)) o.captions.push_back("λ = " + short_wavelength(lambda));
    o.position_label = say(lang, {"位置 p = {p}（训练长度 L = {L}）", "position p = {p} (training length L = {L})"},
                           {{"p", integer(in.position)}, {"L", integer(in.L)}});
    const int short_of_turn = pairs_short_of_a_turn(theta, in.L);
    const int pairs = in.d / 2;
    // Pairs whose needle at p is outside the arc they swept in training (only possible below one turn).
    int unseen = 0, unseen_scaled = 0;
    for (int i = 0; i < pairs; ++i) {
        if (o.turns_in_training[static_cast<std::size_t>(i)] >= 1) continue;
        if (needle_angle(theta(i), in.position) > in.L * theta(i)) ++unseen;
        if (needle_angle(used(i), in.position) > in.L * theta(i)) ++unseen_scaled;
    }
    std::vector<std::string> notes = {
        say(lang, {"{short} / {pairs} 对在训练的 L = {L} 个位置内没有转满一圈（L·θᵢ/2π < 1）。",
                   "{short} of {pairs} pairs did not complete one turn within the L = {L} training positions (L·θᵢ/2π < 1)."},
            {{"short", integer(short_of_turn)}, {"pairs", integer(pairs)}, {"L", integer(in.L)}}),
        say(lang, {"在 p = {p}，原频率下有 {n} 对的指针落在训练时没扫过的角度上。",
                   "At p = {p}, {n} pairs point at angles their needle never swept in training, with the original frequencies."},
            {{"p", integer(in.position)}, {"n", integer(unseen)}}),
    };
    if (kind != RopeScaling::none)
        notes.push_back(say(lang, {"{method} 的频率下是 {n} 对。", "With the {method} frequencies it is {n} pairs."},
                            {{"method", scaling_label(kind, lang)}, {"n", integer(unseen_scaled)}}));
    return make_view(say(lang, {"里程表：每一对是一个表盘，最快的在前", "Odometer: one dial per pair, fastest first"}), std::move(o),
                     std::move(notes));
}

int last_wrapping_pair(const Eigen::VectorXd& theta, int L) {
    int cross = -1;
    for (Eigen::Index i = 0; i < theta.size(); ++i)
        if (2 * kPi / theta(i) <= L) cross = static_cast<int>(i);
    return cross;
}

std::vector<int> sample_pairs(const Eigen::VectorXd& theta, int L) {
    const int pairs = static_cast<int>(theta.size()), cross = last_wrapping_pair(theta, L);
    std::vector<int> rows = {0, 1, pairs / 4, pairs / 2, cross, cross + 1, pairs - 1};
    rows.erase(std::remove_if(rows.begin(), rows.end(), [pairs](int i) { return i < 0 || i >= pairs; }), rows.end());
    std::sort(rows.begin(), rows.end());
    rows.erase(std::unique(rows.begin(), rows.end()), rows.end());
    return rows;
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
    lesson.steps = {phase_wrap(),          turns_in_training_step(), odometer(),
                    base_effect(),         base_far_bound(),
                    alibi_penalty(),       alibi_reference_rows_step(), alibi_beyond_training(), alibi_head_by_head(),
                    position_interpolation(), pi_local_cost(),
                    ntk_aware(),           ntk_slow_pairs(),
                    dynamic_ntk(),         dynamic_ntk_bracket(),
                    yarn_and_llama3(),     yarn_attention_factor_step(), llama3_bands(),
                    side_by_side(),        wavelength_spectrum(),    unseen_angles(),        odometer_scaled(), trade_offs(),
                    diagnosis(),           diagnosis_floor(),
                    six_methods(),         learned_and_clipped(),    method_costs()};
    // [added, issue 24] The ten steps before the split, so old links (step=4, steps=3-5) open the same content.
    lesson.old_numbering = {"phase-wrap", "base-effect", "alibi",         "position-interpolation", "ntk-aware",
                            "dynamic-ntk", "yarn-llama3", "scale-factors", "diagnosis",              "six-methods"};
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
