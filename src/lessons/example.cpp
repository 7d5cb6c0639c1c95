// PE Lab — lessons/example.cpp
// Lesson "example" — the template a new lesson is copied from (docs/adding-a-lesson.md). Built and tested
// like every lesson, but not listed in the curriculum menu (open it with lesson=example). Four steps about
// the query–key distance Δ = q − k, one per kind of figure a new lesson most often needs: the matrix of
// distances (a heatmap), how many pairs share each distance (a curve), the distance as an angle between two
// turning vectors (phasor dials: a draggable arrow, playback of one parameter) and the frequency pairs as an
// odometer. The maths lives in core (distance.h, rope.h); this file only describes and words it.
// Comments are English only: the font subset is built from the characters inside this file's strings.
//
// [SECTION] parameters (one table: key, range, default, help, the field it fills)
// [SECTION] step 1: the distance matrix
// [SECTION] step 2: pairs per distance
// [SECTION] step 3: the distance as an angle (phasor dials, drag, playback)
// [SECTION] step 4: every pair a dial (odometer)
// [SECTION] lesson definition
#include <string>
#include <vector>

#include <cmath>

#include "core/distance.h"
#include "core/rope.h"
#include "lessons/lesson.h"
#include "lessons/lesson_util.h"

namespace pelab {

namespace example_lesson {
namespace {

using namespace lessonui;

// [SECTION] parameters (one table: key, range, default, help, the field it fills)
struct Inputs {
    int L = 0;
    bool diagonal = false;
    int q = 0, k = 0, shift = 0;  // step 3: the two positions and how far both move
    double theta = 0;             // step 3: radians turned per position
    int d = 0;                    // step 4: dimension (d/2 frequency pairs)
    double base = 0;
    int train_length = 0, p = 0;  // step 4: training length and the position the needles show
};

const ParamTable<Inputs>& params() {
    static const ParamTable<Inputs> table{
        {Key::shared("L").range(2, 32).def("6"), &Inputs::L},
        {Key::flag("diagonal", "1", {"勾选时描出 Δ = 0 那条对角线", "outline the diagonal Δ = 0"}), &Inputs::diagonal},
        {Key::integer("i", 0, 63, "5", {"查询的位置 q", "position q of the query"}).sym("q"), &Inputs::q},
        {Key::integer("j", 0, 63, "2", {"键的位置 k", "position k of the key"}).sym("k"), &Inputs::k},
        {Key::integer("shift", 0, 64, "4", {"两个位置同时加上的平移量", "shift added to both positions"}).sym("s"), &Inputs::shift},
        {Key::real("theta", 0.05, 3.14, "0.5", {"每个位置转过的角度（弧度）", "angle turned per position (radians)"}).sym("θ"),
         &Inputs::theta},
        {Key::shared("d").range(2, 32).def("16"), &Inputs::d},
        {Key::shared("base").range(10, 1e6).def("10000"), &Inputs::base},
        {Key::shared("original_max").range(16, 4096).def("128").about({"训练长度 L", "training length L"}).sym("L"),
         &Inputs::train_length},
        {Key::integer("pos", 0, 8192, "200", {"指针所示的位置 p", "position p the needles show"}).sym("p"), &Inputs::p},
    };
    return table;
}

// [SECTION] step 1: the distance matrix
Step distance_matrix() {
    return {
        "distance-matrix",
        {"距离矩阵", "The distance matrix"},
        {"相对位置编码只关心查询与键之间的距离 Δ = q − k。把每一对 (q, k) 的距离排成矩阵，同一条对角线上的格子距离相同："
         "矩阵沿对角线是常数，这样的矩阵叫 Toeplitz 矩阵。",
         "A relative position encoding only cares about the distance Δ = q − k between a query and a key. Laid out "
         "as a matrix over all pairs (q, k), every diagonal holds one distance: the matrix is constant along its "
         "diagonals, which is what a Toeplitz matrix is."},
        {"L", "diagonal"},
        [](const ParamSet& p, Lang lang) {
            const Inputs in = params().read(p);
            HeatmapView h = qk_matrix(query_key_distance(in.L), lang);
            h.integer = true;
            if (in.diagonal) h.highlight_delta = 0;
            h.explain = [L = in.L, lang](int q, int k) {
                if (q < 0 || k < 0 || q >= L || k >= L) return std::string();
                return say(lang, {"q = {q}，k = {k}：Δ = q − k = {delta}。", "q = {q}, k = {k}: Δ = q − k = {delta}."},
                           {{"q", integer(q)}, {"k", integer(k)}, {"delta", num(q - k)}});
            };
            const std::string note = say(lang,
                                         {"{cells} 个格子里只有 {diagonals} 个不同的距离。",
                                          "The {cells} cells hold only {diagonals} different distances."},
                                         {{"cells", integer(in.L * in.L)}, {"diagonals", integer(2 * in.L - 1)}});
            return std::vector<ViewData>{make_view(say(lang, {"距离 Δ = q − k", "Distance Δ = q − k"}), h, {note})};
        },
    };
}

// [SECTION] step 2: pairs per distance
Step pairs_per_distance() {
    return {
        "pairs-per-distance",
        {"每个距离有多少对", "How many pairs share a distance"},
        {"距离为 Δ 的对角线上有 L − |Δ| 个格子：距离越远，能见到它的 (q, k) 对越少。训练时很少出现的远距离，"
         "模型学到的也越少。",
         "The diagonal of distance Δ holds L − |Δ| cells: the farther the distance, the fewer pairs (q, k) show it. "
         "Distances that are rare in training are the ones a model learns least about."},
        {"L"},
        [](const ParamSet& p, Lang lang) {
            const Inputs in = params().read(p);
            CurveView c;
            for (int delta = -(in.L - 1); delta <= in.L - 1; ++delta) c.x.push_back(delta);
            c.series = {pairs_at_distance(in.L)};
            c.series_labels = {say(lang, {"对数 L − |Δ|", "pairs L − |Δ|"})};
            c.x_axis = say(lang, {"距离 Δ", "distance Δ"});
            c.y_axis = say(lang, {"(q, k) 对的个数", "number of pairs (q, k)"});
            c.markers_x = c.x;
            double total = 0;
            for (double n : c.series[0]) total += n;
            const std::string note =
                say(lang, {"各距离的对数加起来是 {total} = L² = {L}²。", "The counts add up to {total} = L² = {L}²."},
                    {{"total", num(total)}, {"L", integer(in.L)}});
            return std::vector<ViewData>{
                make_view(say(lang, {"每个距离的 (q, k) 对数", "Pairs (q, k) per distance"}), c, {note})};
        },
    };
}

// [SECTION] step 3: the distance as an angle (phasor dials, drag, playback)
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
        [](const ParamSet& p, Lang lang) {
            const Inputs in = params().read(p);
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
        },
        {R"tex(\langle R_{q\theta}\,x,\; R_{k\theta}\,y\rangle = \langle x,\; R_{(k-q)\theta}\,y\rangle)tex"},
        {"shift", 0, 32, 2},
    };
}

// [SECTION] step 4: every pair a dial (odometer)
Step every_pair_a_dial() {
    return {
        "every-pair-a-dial",
        {"每一对都是一个刻度盘", "Every pair is a dial"},
        {"RoPE 有 d/2 个频率对，第 i 对每个位置转 θᵢ = base^(−2i/d)，像里程表的一排转轮：第 0 对转得最快，后面的越来越慢。"
         "阴影是训练时（位置 0 到 L）指针扫过的角度。慢的几对在训练中没有转满一圈（红圈）：到了更远的位置，它们指向模型从没见过的角度。"
         "上方的二进制计数器也是这样：最低位每一步都翻转，正像最快的一对。",
         "RoPE has d/2 frequency pairs; pair i turns θᵢ = base^(−2i/d) per position, like the wheels of an odometer: "
         "pair 0 turns fastest, each later pair more slowly. The shaded arc is what a needle swept during training "
         "(positions 0 to L). The slow pairs never completed a turn in training (ringed in red): at farther positions "
         "they point at angles the model never saw. The binary counter above works the same way: its lowest bit flips at "
         "every step, like the fastest pair."},
        {"d", "base", "original_max", "pos"},
        [](const ParamSet& p, Lang lang) {
            const Inputs in = params().read(p);
            const Eigen::VectorXd theta = rope_default_inv_freq(in.d, in.base);
            OdometerView o;
            o.position = in.p;
            o.train_length = in.train_length;
            int never = 0;
            for (Eigen::Index i = 0; i < theta.size(); ++i) {
                o.theta.push_back(theta(i));
                o.turns_in_training.push_back(in.train_length * theta(i) / (2 * kPi));
                o.captions.push_back("θ" + sub(i) + " = " + num(theta(i), 2));
                if (o.turns_in_training.back() < 1) ++never;
            }
            // One bit per pair (bit b above pair b) or as many as p needs, whichever is more.
            int bits = std::max(1, int(theta.size()));
            while (bits < 14 && (in.p >> bits) > 0) ++bits;
            o.binary_bits = bits;
            o.position_label = say(lang, {"位置 p = {p}", "position p = {p}"}, {{"p", integer(in.p)}});
            const std::string note =
                say(lang,
                    {"{n} 对中有 {never} 对在 {L} 个训练位置里没有转满一圈。",
                     "{never} of the {n} pairs never completed a turn in the {L} training positions."},
                    {{"n", integer(theta.size())}, {"never", integer(never)}, {"L", integer(in.train_length)}});
            return std::vector<ViewData>{
                make_view(say(lang, {"频率对组成的里程表", "The frequency pairs as an odometer"}), o, {note})};
        },
        {R"tex(\theta_i = \mathrm{base}^{-2i/d},\quad \text{needle}_i = p\,\theta_i \bmod 2\pi)tex"},
        {"pos", 0, 2048, 24},
    };
}

// [SECTION] lesson definition
Lesson make_lesson() {
    Lesson lesson;
    lesson.id = "example";
    lesson.title = {"示例课：查询与键的距离", "Example lesson: the query–key distance"};
    lesson.in_curriculum = false;  // built and tested, found by lesson=example, not in the lesson menu
    use_params(lesson, params());
    lesson.result_shape = [](const ParamSet& p) {  // the L×L distance matrix
        const long long L = params().read(p).L;
        return std::vector<long long>{L, L};
    };
    lesson.steps = {distance_matrix(), pairs_per_distance(), distance_as_angle(), every_pair_a_dial()};
    return lesson;
}

}  // namespace
}  // namespace example_lesson

const Lesson* lesson_example() {
    static const Lesson lesson = example_lesson::make_lesson();
    return &lesson;
}

}  // namespace pelab
