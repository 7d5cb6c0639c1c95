// PE Lab — lessons/example.cpp
// Lesson "example" — the template a new lesson is copied from (docs/adding-a-lesson.md). Built and tested
// like every lesson, but not listed in the curriculum menu (open it with lesson=example). Two steps about
// the query–key distance Δ = q − k: the matrix of distances (a heatmap) and how many pairs share each
// distance (a curve). The maths lives in core/distance.h; this file only describes and words it.
// Comments are English only: the font subset is built from the characters inside this file's strings.
//
// [SECTION] parameters (one table: key, range, default, help, the field it fills)
// [SECTION] step 1: the distance matrix
// [SECTION] step 2: pairs per distance
// [SECTION] lesson definition
#include <string>
#include <vector>

#include "core/distance.h"
#include "lessons/lesson.h"
#include "lessons/lesson_util.h"

namespace pelab {

namespace {

using namespace lessonui;

// [SECTION] parameters (one table: key, range, default, help, the field it fills)
struct Inputs {
    int L = 0;
    bool diagonal = false;
};

const ParamTable<Inputs>& params() {
    static const ParamTable<Inputs> table{
        {Key::shared("L").range(2, 32).def("6"), &Inputs::L},
        {Key::flag("diagonal", "1", {"勾选时描出 Δ = 0 那条对角线", "outline the diagonal Δ = 0"}), &Inputs::diagonal},
    };
    return table;
}

// [SECTION] step 1: the distance matrix
Step distance_matrix() {
    return {
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
        const std::string note = say(lang, {"{cells} 个格子里只有 {diagonals} 个不同的距离。",
                                   "The {cells} cells hold only {diagonals} different distances."},
                            {{"cells", integer(in.L * in.L)}, {"diagonals", integer(2 * in.L - 1)}});
        return std::vector<ViewData>{make_view(say(lang, {"距离 Δ = q − k", "Distance Δ = q − k"}), h, {note})};
    },
    };
}

// [SECTION] step 2: pairs per distance
Step pairs_per_distance() {
    return {
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
        const std::string note = say(lang, {"各距离的对数加起来是 {total} = L² = {L}²。", "The counts add up to {total} = L² = {L}²."},
                            {{"total", num(total)}, {"L", integer(in.L)}});
        return std::vector<ViewData>{make_view(say(lang, {"每个距离的 (q, k) 对数", "Pairs (q, k) per distance"}), c, {note})};
    },
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
    lesson.steps = {distance_matrix(), pairs_per_distance()};
    return lesson;
}

}  // namespace

const Lesson* lesson_example() {
    static const Lesson lesson = make_lesson();
    return &lesson;
}

}  // namespace pelab
