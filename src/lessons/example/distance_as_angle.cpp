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

#include "core/rope.h"
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
    // The score of each pair from the turned vectors themselves (lengths 1 and 0.8).
    auto score = [&](int q, int k) {
        return (rotation2(q * in.theta) * Eigen::Vector2d(1, 0))
            .dot(rotation2(k * in.theta) * Eigen::Vector2d(0.8, 0));
    };
    const std::string note = say(lang,
                                 {"两个刻度盘上的点积都是 {s0} 与 {s1}：平移 {s} 不改变它。",
                                  "The dot product is {s0} on the first dial and {s1} on the second: shifting "
                                  "by {s} leaves it unchanged."},
                                 {{"s0", num(score(in.q, in.k), 6)},
                                  {"s1", num(score(in.q + in.shift, in.k + in.shift), 6)},
                                  {"s", integer(in.shift)}});
    return std::vector<ViewData>{
        make_view(say(lang, {"查询与键，转过 qθ 与 kθ", "Query and key, turned by qθ and kθ"}), v, {note})};
}

}  // namespace

// [SECTION] the step
Step distance_as_angle() {
    return {
        "distance-as-angle",
        {"距离变成角度", "The distance as an angle"},
        {"旋转位置编码（RoPE）把位置 q 上的查询向量转过 qθ，把位置 k 上的键向量转过 kθ。两者之间的夹角就是 (q − k)θ = Δθ，"
         "只取决于距离。拖动查询的箭头改变 q；按播放让两个位置一起平移，夹角和点积都保持不变。",
         "Rotary encoding (RoPE) turns the query at position q by the angle qθ and the key at position k by kθ. The angle "
         "between them is then (q − k)θ = Δθ: it depends on the distance only. Drag the query's arrowhead to change q; "
         "press play to move both positions together, and the angle and the dot product stay the same."},
        {"i", "j", "shift", "theta"},
        views_of(read_inputs, distance_as_angle_views),
        {R"tex(\langle R_{q\theta}\,x,\; R_{k\theta}\,y\rangle = \langle x,\; R_{(k-q)\theta}\,y\rangle)tex"},
        {"shift", 0, 32, 2},
    };
}

}  // namespace example_lesson
}  // namespace pelab
