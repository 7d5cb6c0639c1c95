// PE Lab — lessons/example/distance_as_angle.cpp
// Lesson "example", step "distance-as-angle": the distance as the angle between a query and a key turned by
// their positions (phasor dials: a draggable arrow, playback of the shift, an equation).
// Comments are English only: the font subset is built from the characters inside .cpp string literals.
//
// [SECTION] helpers
// [SECTION] views
// [SECTION] the step
#include <algorithm>
#include <cmath>
#include <string>
#include <vector>

#include "core/rope/rope.h"
#include "lessons/example/example_lesson.h"
#include "lessons/lesson_util.h"

namespace pelab {
namespace example_lesson {

using namespace lessonui;

// [SECTION] helpers
namespace {

// One unit vector turned by position·θ (core's rotation2): its angle and its length, as a dial arrow.
PhasorView::Arrow turned(double position, double theta, double length, std::string label, int colour) {
    const Eigen::Vector2d v = rotation2(position * theta) * Eigen::Vector2d(length, 0.0);
    PhasorView::Arrow a;
    // The direction of the turned vector, counted in whole turns as far as position·θ went (so that a drag
    // reads the position back as angle / θ, not modulo one turn).
    const double direction = std::atan2(v.y(), v.x());
    a.angle = direction + 2 * kPi * std::round((position * theta - direction) / (2 * kPi));
    a.length = v.norm();
    a.label = std::move(label);
    a.colour = colour;
    return a;
}

// A dial with the query at q·θ, the key at k·θ and the arc between them.
PhasorView::Dial query_key_dial(int q, int k, double theta, std::string caption, Lang lang) {
    PhasorView::Dial dial;
    dial.caption = std::move(caption);
    dial.arrows.push_back(turned(q, theta, 1.0, say(lang, {"查询 q = {q}", "query q = {q}"}, {{"q", integer(q)}}), 0));
    dial.arrows.push_back(turned(k, theta, 0.8, say(lang, {"键 k = {k}", "key k = {k}"}, {{"k", integer(k)}}), 1));
    // The arc runs the short way round: (q − k)θ beyond ±π is drawn as the same angle less a whole turn.
    const double delta_theta = (q - k) * theta;
    const double drawn = std::remainder(dial.arrows[0].angle - dial.arrows[1].angle, 2 * kPi);
    if (std::fabs(drawn - delta_theta) < 1e-9)
        dial.arcs.push_back({1, 0, say(lang, {"Δθ = {a} rad", "Δθ = {a} rad"}, {{"a", num(delta_theta, 3)}})});
    else
        dial.arcs.push_back({1, 0, say(lang, {"Δθ = {a} rad ≡ {w} rad", "Δθ = {a} rad ≡ {w} rad"},
                                       {{"a", num(delta_theta, 3)}, {"w", num(drawn, 3)}})});
    return dial;
}

// The score of a pair from the turned vectors themselves (lengths 1 and 0.8): the views' note and the takeaway.
double angle_pair_score(int q, int k, double theta) {
    return (rotation2(q * theta) * Eigen::Vector2d(1, 0)).dot(rotation2(k * theta) * Eigen::Vector2d(0.8, 0));
}

// [SECTION] views
std::vector<ViewData> distance_as_angle_views(const Inputs& in, Lang lang) {
    PhasorView v;
    v.dials.push_back(
        query_key_dial(in.q, in.k, in.theta, say(lang, {"位置 q 与 k", "positions q and k"}), lang));
    v.dials[0].arrows[0].drag_param = "i";  // dragging the query sets its position: angle / θ
    v.dials[0].arrows[0].drag_per_unit = in.theta;
    v.dials.push_back(query_key_dial(
        in.q + in.shift, in.k + in.shift, in.theta,
        say(lang, {"都平移 s = {s}", "both moved by s = {s}"}, {{"s", integer(in.shift)}}), lang));
    // While playing, the last few shifts fade out behind the arrows of the moved pair.
    for (int back = std::min(in.shift, 6); back >= 1; --back)
        for (int a = 0; a < 2; ++a)
            v.dials[1].arrows[size_t(a)].trail.push_back(
                turned((a == 0 ? in.q : in.k) + in.shift - back, in.theta, 1.0, "", 0).angle);
    auto score = [&](int q, int k) { return angle_pair_score(q, k, in.theta); };
    const std::string note = say(lang,
                                 {"两个刻度盘上的点积都是 {s0} 与 {s1}：平移 {s} 不改变它。",
                                  "The dot product is {s0} on the first dial and {s1} on the second: shifting "
                                  "by {s} leaves it unchanged."},
                                 {{"s0", num(score(in.q, in.k), 6)},
                                  {"s1", num(score(in.q + in.shift, in.k + in.shift), 6)},
                                  {"s", integer(in.shift)}});
    // The step cites the source the lesson follows (lesson.references lists it, with its code, on the last step).
    const std::string source = say(lang, {"转法取自 Su 等人（2021）的 RoPE；出处与代码列在最后一步。",
                                          "The rotation is RoPE as Su et al. (2021) define it; the source and its code are "
                                          "listed on the last step."});
    return std::vector<ViewData>{
        make_view(say(lang, {"查询与键，转过 qθ 与 kθ", "Query and key, turned by qθ and kθ"}), v, {note, source})};
}

}  // namespace

// [SECTION] the step
Step distance_as_angle() {
    // The prose and the equation say how the vectors turn, not what the shift does to their dot product: that is
    // the prediction, answered by the dials, their note and the takeaway (covered until the learner answers).
    Step s{
        "distance-as-angle",
        {"按位置转动查询与键", "Query and key, turned by their positions"},
        {"[[rope|旋转位置编码（RoPE）]]把位置 q 上的查询向量转过 qθ，把位置 k 上的键向量转过 kθ。"
         "拖动查询的箭头改变 q；按播放让两个位置一起平移 s。",
         "[[rope|Rotary encoding (RoPE)]] turns the query at position q by the angle qθ and the key at position k by "
         "kθ. Drag the query's arrowhead to change q; press play to move both positions together by s."},
        {"i", "j", "shift", "theta"},
        views_of(read_inputs, distance_as_angle_views),
        {R"tex(x \text{ at } p \;\mapsto\; R_{p\theta}\, x, \qquad R_{p\theta} = \begin{pmatrix} \cos p\theta & -\sin p\theta \\ \sin p\theta & \cos p\theta \end{pmatrix})tex"},
        {"shift", 0, 32, 2},
    };
    s.takeaway = {"点积平移前 {s0}，平移 {s} 后 {s1}：两向量都多转 sθ，夹角 (q − k)θ = {a} rad 不变，点积只看距离。",
                  "The dot product is {s0} before and {s1} after a shift by {s}: both vectors turn a further sθ, so "
                  "their angle (q − k)θ = {a} rad, and the score, depend on the distance only."};
    s.takeaway_args = args_of(read_inputs, +[](const Inputs& in, Lang) {
        return std::vector<Arg>{{"s0", num(angle_pair_score(in.q, in.k, in.theta), 6)},
                                {"s", integer(in.shift)},
                                {"s1", num(angle_pair_score(in.q + in.shift, in.k + in.shift, in.theta), 6)},
                                {"a", num((in.q - in.k) * in.theta, 3)}};
    });
    // A prediction: asked before the evidence (Question::predict), so the dials, their note and the takeaway stay
    // covered until the learner answers or presses Reveal.
    s.questions = {
        {{"两个位置都加上 s，查询与键的点积会怎样？", "Both positions move by s. What happens to the query–key dot product?"},
         {{"不变", "it stays the same"}, {"变大", "it grows"}, {"随 s 来回摆动", "it swings back and forth with s"}},
         0,
         [](const ParamSet& p, Lang lang) {
             const Inputs in = read_inputs(p);
             return say(lang, {"平移前 {before}，平移 {s} 后 {after}：两个向量都多转 sθ，夹角仍是 (q − k)θ = {a} rad。",
                               "{before} before, {after} after moving both by {s}: both vectors turn a further sθ, so the "
                               "angle between them is still (q − k)θ = {a} rad."},
                        {{"before", num(angle_pair_score(in.q, in.k, in.theta), 6)},
                         {"s", integer(in.shift)},
                         {"after", num(angle_pair_score(in.q + in.shift, in.k + in.shift, in.theta), 6)},
                         {"a", num((in.q - in.k) * in.theta, 3)}});
         }},
    };
    s.questions[0].predict = true;
    return s;
}

}  // namespace example_lesson
}  // namespace pelab
