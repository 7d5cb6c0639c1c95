// PE Lab — lessons/beyond_training/lesson.cpp
// Lesson "beyond-training" (split out of "long-context"): what meets a model past the length it was
// trained on, one idea per step — RoPE's phase wrap, the turns each pair makes in training and the odometer;
// ALiBi (its bias, the reference rows, attention beyond L, head by head); the clipped and bucketed methods
// (Shaw, T5) and the learned table past L; and the recap. Scaling RoPE is the next lesson, "long-context".
// Every number shown comes from core (rope.h, alibi.h, shaw.h, t5.h). This file holds the parameter table, the
// computations several steps share and the lesson's step list; each step lives in the file named for its id.
// Comments are English only: the font subset is built from the characters inside the .cpp strings.
//
// [SECTION] parameters
// [SECTION] shared computations
// [SECTION] the lesson
#include <algorithm>
#include <cmath>

#include "core/rope/odometer.h"
#include "core/rope/rope.h"
#include "lessons/beyond_training/beyond_training.h"
#include "lessons/lesson_util.h"

namespace pelab {
namespace beyond_training {

// [SECTION] parameters
const ParamTable<Inputs>& params() {
    static const ParamTable<Inputs> table{
        {Key::shared("d").range(8, 128).def("128").about({"旋转维度 d（d/2 对）", "rotary dimension d (d/2 pairs)"}),
         &Inputs::d},
        {Key::shared("base").range(10, 1e7).def("10000"), &Inputs::base},
        {Key::shared("original_max").range(16, 65536).def("2048").about({"训练长度 L", "training length L"}).sym("L"),
         &Inputs::L},
        {Key::shared("seq_len").range(16, 262144).def("8192").about({"上下文长度 N（查询在最后一个位置）", "context length N (the query at the last position)"}).sym("N"),
         &Inputs::seq_len},
        {Key::shared("heads").range(1, 32).def("12").about({"ALiBi：头数", "ALiBi: number of heads"}), &Inputs::heads},
        {Key::shared("L").range(2, 64).def("16").about({"ALiBi 热力图显示的位置数（不是训练长度 L）", "positions shown in the ALiBi heatmaps (not the training length L)"}).sym("positions"),
         &Inputs::alibi_L},
        {Key::integer("head", 0, 31, "0", {"ALiBi：详细显示的头（点击一行）", "ALiBi: head shown in detail (click a row)"}),
         &Inputs::head},
        {Key::shared("mode").def("causal"), &Inputs::mode},
        {Key::shared("seed").range(0, 1000000).def("1").about({"随机查询与键的随机种子", "random seed of the random queries and keys"}),
         &Inputs::seed},
        {Key::integer("position", 0, 262144, "3000", {"里程表指针所在的位置 p", "position p where the odometer's needles point"}).sym("p"),
         &Inputs::position},
        {Key::integer("clip", 1, 63, "4", {"Shaw：相对距离截断到 ±C", "Shaw: relative distances clipped to ±C"}).sym("C"), &Inputs::clip},
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

AlibiMode Inputs::alibi_mode() const {
    AlibiMode m = AlibiMode::causal;
    parse_alibi_mode(mode, &m);
    return m;
}

int Inputs::context() const { return std::max(seq_len, 2 * L); }

// [SECTION] shared computations
std::string pair_label(int i, Lang lang) { return say(lang, {"第 {i} 对", "pair {i}"}, {{"i", lessonui::integer(i)}}); }

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

int pairs_off_their_arc(const Eigen::VectorXd& theta, const Eigen::VectorXd& used, int L, double position) {
    const std::vector<double> turns = turns_in_training(theta, L);
    int off = 0;
    for (Eigen::Index i = 0; i < theta.size(); ++i) {
        if (turns[static_cast<std::size_t>(i)] >= 1) continue;  // a whole turn in training: every angle was seen
        if (needle_angle(used(i), position) > L * theta(i)) ++off;
    }
    return off;
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

ViewData odometer_view(int d, double base, int L, int position, const Eigen::VectorXd& scaled,
                       const std::string& scaled_label, Lang lang) {
    using namespace lessonui;
    const Eigen::VectorXd theta = rope_default_inv_freq(d, base);
    OdometerView o;
    o.theta.assign(theta.data(), theta.data() + theta.size());
    o.turns_in_training = turns_in_training(theta, L);
    o.position = position;
    o.train_length = L;
    if (scaled.size() == theta.size()) {
        o.theta_scaled.assign(scaled.data(), scaled.data() + scaled.size());
        o.scaled_label = scaled_label;
    }
    for (double lambda : pair_wavelengths(theta)) o.captions.push_back("λ = " + short_wavelength(lambda));
    o.position_label = say(lang, {"位置 p = {p}（训练长度 L = {L}）", "position p = {p} (training length L = {L})"},
                           {{"p", integer(position)}, {"L", integer(L)}});
    const int short_of_turn = pairs_short_of_a_turn(theta, L);
    std::vector<std::string> notes = {
        say(lang, {"{short} / {pairs} 对在训练的 L = {L} 个位置内没有转满一圈（L·θᵢ/2π < 1）。",
                   "{short} of {pairs} pairs did not complete one turn within the L = {L} training positions (L·θᵢ/2π < 1)."},
            {{"short", integer(short_of_turn)}, {"pairs", integer(d / 2)}, {"L", integer(L)}}),
    };
    // Without a scaling there is nothing to call the frequencies "original" against; say instead why fewer than all
    // slow pairs are off their arc at this p.
    const int off = pairs_off_their_arc(theta, theta, L, position);
    if (scaled.size() == theta.size())
        notes.push_back(say(lang, {"在 p = {p}，原频率下有 {n} 对的指针落在训练时没扫过的角度上。",
                                   "At p = {p}, {n} pairs point at angles their needle never swept in training, with the original frequencies."},
                            {{"p", integer(position)}, {"n", integer(off)}}));
    else
        notes.push_back(say(lang, {"在 p = {p}，有 {n} 对的指针落在训练时没扫过的角度上；其余 {rest} 个慢对的指针此刻恰好转回了自己的弧内。",
                                   "At p = {p}, {n} pairs point at angles their needle never swept in training; the other {rest} slow pairs' "
                                   "needles happen to be back inside their arc."},
                            {{"p", integer(position)}, {"n", integer(off)}, {"rest", integer(short_of_turn - off)}}));
    if (!o.theta_scaled.empty())
        notes.push_back(say(lang, {"{method} 的频率下是 {n} 对。", "With the {method} frequencies it is {n} pairs."},
                            {{"method", scaled_label}, {"n", integer(pairs_off_their_arc(theta, scaled, L, position))}}));
    return make_view(say(lang, {"里程表：每一对是一个表盘，最快的在前", "Odometer: one dial per pair, fastest first"}), std::move(o),
                     std::move(notes));
}

// [SECTION] the lesson
namespace {

Lesson make_lesson() {
    Lesson lesson;
    lesson.id = "beyond-training";
    lesson.title = {"超出训练长度：RoPE 与 ALiBi 遇到什么", "Beyond the training length: what RoPE and ALiBi meet"};
    use_params(lesson, params());
    lesson.result_shape = [](const ParamSet& p) {  // per-pair tables, ALiBi heads×L, the logits over the context
        const Inputs in = params().read(p);
        const long long d = in.d, L = in.alibi_L, h = in.heads;
        return std::vector<long long>{std::max({d, L * h, 1024LL, static_cast<long long>(in.context())}), 8};
    };
    lesson.steps = {phase_wrap(),          turns_in_training_step(),   odometer(),
                    alibi_penalty(),       alibi_reference_rows_step(), alibi_beyond_training(), alibi_head_by_head(),
                    learned_and_clipped(), recap()};
    lesson.references = {"press2022"};
    return lesson;
}

}  // namespace

}  // namespace beyond_training

const Lesson* lesson_beyond_training() {
    static const Lesson lesson = beyond_training::make_lesson();
    return &lesson;
}

}  // namespace pelab
