// PE Lab — lessons/rope/shift_dials.cpp
// Lesson "rope", step "shift-dials": why the score matrix is shift-invariant — two frequency pairs on dials,
// the query's pair at (m + t)θᵢ and the key's at (n + t)θᵢ, turning together as t plays, the angle between them
// (and so the score) unchanged.
// Comments are English only: the font subset is built from the characters inside .cpp string literals.
//
// [SECTION] views
// [SECTION] the step
#include <algorithm>
#include <cmath>
#include <string>
#include <utility>
#include <vector>

#include "lessons/lesson_util.h"
#include "lessons/rope/rope_lesson.h"

namespace pelab {
namespace rope_lesson {

using namespace lessonui;

// [SECTION] views
namespace {
// One dial per frequency pair: pair i of q turned by (m + t)θᵢ, pair i of k by (n + t)θᵢ, the angle between
// them on an arc (the same for every t), a short trail of the previous shifts. q and k are the same random
// vectors as the score matrix of the step before (seed in, the same draw order).
std::vector<ViewData> shift_dials_views(const Inputs& in, Lang lang) {
    SplitMix64 rng(static_cast<std::uint64_t>(in.seed));
    const Eigen::VectorXd q = random_vector(in.d, rng), k = random_vector(in.d, rng);
    const DialPositions pos = dial_positions(in);
    const int pairs = in.d / 2;
    const int first = std::clamp(in.pair, 0, pairs - 1);
    std::vector<int> shown = {first};
    if (pairs > 1) shown.push_back(first + 1 < pairs ? first + 1 : first - 1);
    PhasorView ph;
    double drawn_parts = 0.0;  // what the drawn pairs add to the score; the other pairs add the rest
    for (int i : shown) {
        const auto pc = rope_pair_coords(i, in.d, in.layout);
        const Eigen::Vector2d qi(q(pc.first), q(pc.second)), ki(k(pc.first), k(pc.second));
        const double th = in.theta(i);
        const double qa = std::atan2(qi.y(), qi.x()) + (pos.m + pos.t) * th;
        const double ka = std::atan2(ki.y(), ki.x()) + (pos.n + pos.t) * th;
        const double longest = std::max(qi.norm(), ki.norm());
        PhasorView::Arrow qarrow;
        qarrow.angle = qa;
        qarrow.length = longest > 0 ? qi.norm() / longest : 0.0;
        qarrow.label = "R_(m+t) q" + sub(i);
        qarrow.colour = 0;
        PhasorView::Arrow karrow;
        karrow.angle = ka;
        karrow.length = longest > 0 ? ki.norm() / longest : 0.0;
        karrow.label = "R_(n+t) k" + sub(i);
        karrow.colour = 1;
        for (int back = std::min(pos.t, 4); back >= 1; --back) {
            qarrow.trail.push_back(qa - back * th);
            karrow.trail.push_back(ka - back * th);
        }
        const double between = std::remainder(ka - qa, 2 * kPi);
        drawn_parts += qi.norm() * ki.norm() * std::cos(between);
        PhasorView::Dial dial;
        dial.caption = say(lang, {"第 {i} 对，θ{sub} = {theta}；这一对贡献 {part}", "pair {i}, θ{sub} = {theta}; this pair adds {part}"},
                           {{"i", integer(i)}, {"sub", sub(i)}, {"theta", num(th, 4)}, {"part", num(qi.norm() * ki.norm() * std::cos(between), 4)}});
        dial.arrows = {qarrow, karrow};
        dial.arcs = {{0, 1, say(lang, {"夹角 {a}", "angle {a}"}, {{"a", num(between, 4)}})}};
        ph.dials.push_back(std::move(dial));
    }
    const double live = rope_apply(q, pos.m + pos.t, in.theta, in.layout).dot(rope_apply(k, pos.n + pos.t, in.theta, in.layout));
    const double still = rope_apply(q, pos.m, in.theta, in.layout).dot(rope_apply(k, pos.n, in.theta, in.layout));
    std::vector<std::string> notes = {
        say(lang, {"m = {m}，n = {n}，t = {t}：⟨R_(m+t) q, R_(n+t) k⟩ = {live}", "m = {m}, n = {n}, t = {t}: ⟨R_(m+t) q, R_(n+t) k⟩ = {live}"},
            {{"m", integer(pos.m)}, {"n", integer(pos.n)}, {"t", integer(pos.t)}, {"live", num(live, 10)}}),
        say_error(lang, {"⟨R_m q, R_n k⟩ = {still}；两者之差 {err}{hint}", "⟨R_m q, R_n k⟩ = {still}; difference {err}{hint}"},
                  std::fabs(live - still), {{"still", num(still, 10)}}),
    };
    if (pairs > static_cast<int>(shown.size()))
        notes.push_back(say(lang, {"画出的 {shown} 对共贡献 {drawn}，其余 {rest} 对贡献 {others}；每一对的贡献都不随 t 改变。",
                                   "The {shown} pairs drawn add {drawn}, the other {rest} pairs {others}; no pair's part changes with t."},
                            {{"shown", integer(static_cast<long long>(shown.size()))}, {"drawn", num(drawn_parts, 4)},
                             {"rest", integer(pairs - static_cast<long long>(shown.size()))}, {"others", num(live - drawn_parts, 4)}}));
    return {make_view(say(lang, {"q 在 (m + t)θᵢ，k 在 (n + t)θᵢ：平移 t 时两者一起转（圆点是之前几个 t）", "q at (m + t)θᵢ, k at (n + t)θᵢ: shifting t turns both together (dots: earlier t)"}),
                      std::move(ph), std::move(notes))};
}

}  // namespace

// [SECTION] the step
Step shift_dials() {
    Step s{
        "shift-dials",
        {"为什么平移不变：两个箭头一起转", "Why shifting changes nothing: both arrows turn together"},
        {"表盘画出两个频率对 i（右栏的 i 选第一个）：蓝色箭头是 q 的这一对转到 (m + t)θᵢ，红色箭头是 k 的这一对转到 (n + t)θᵢ，"
         "圆点是前几次平移留下的轨迹。q、k 与上一步热力图用的是同一对随机向量。"
         "播放 t 时两个箭头以同样的速度一起转，圆弧上的夹角始终不变，每一对贡献的 |qᵢ||kᵢ|cos(夹角) 也不变，"
         "所以注释里的分数与 t = 0 时相同。",
         "The dials draw two frequency pairs i (the side column's i picks the first): the blue arrow is the query's "
         "pair turned to (m + t)θᵢ, the red arrow the key's pair turned to (n + t)θᵢ, and the dots trail the last few "
         "shifts. q and k are the same random vectors as in the previous step's heatmap. Play t and both arrows turn "
         "together at the same speed: the angle on the arc never changes, nor does each pair's part "
         "|qᵢ||kᵢ|cos(angle), so the score in the notes stays what it was at t = 0."},
        {"m", "n", "t", "pair", "d", "base", "layout", "L", "seed"},
        views_of(read_inputs, shift_dials_views),
        {R"tex((m+t)\theta_i-(n+t)\theta_i=(m-n)\theta_i=\Delta\theta_i)tex",
         R"tex(\langle R_{m+t}q,\,R_{n+t}k\rangle=\langle R_m q,\,R_n k\rangle)tex"},
        {"t", 0.0, 64.0, 2.0},
    };
    s.takeaway = {"平移 t = {t} 让查询和键的第 i 对都多转 tθᵢ，两者的转角仍差 Δθᵢ，每一对的贡献都不变：分数在任何 t 下都是 {live}。",
                  "Shifting by t = {t} turns the query's and the key's pair i by the same tθᵢ, so their turns still "
                  "differ by Δθᵢ and no pair's part of the score changes: it is {live} at every t."};
    s.takeaway_args = args_of(read_inputs, +[](const Inputs& in, Lang) {
        SplitMix64 rng(static_cast<std::uint64_t>(in.seed));
        const Eigen::VectorXd q = random_vector(in.d, rng), k = random_vector(in.d, rng);
        const DialPositions pos = dial_positions(in);
        const double still = rope_apply(q, pos.m, in.theta, in.layout).dot(rope_apply(k, pos.n, in.theta, in.layout));
        return std::vector<Arg>{{"t", integer(pos.t)}, {"live", num(still, 4)}};
    });
    return s;
}

}  // namespace rope_lesson
}  // namespace pelab
