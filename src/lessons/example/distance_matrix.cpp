// PE Lab — lessons/example/distance_matrix.cpp
// Lesson "example", step "distance-matrix": the matrix of distances Δ = q − k (a heatmap, the diagonal
// Δ = 0 outlined on a checkbox).
// Comments are English only: the font subset is built from the characters inside .cpp string literals.
//
// [SECTION] views
// [SECTION] the step
#include <string>
#include <vector>

#include "core/relative/distance.h"
#include "lessons/example/example_lesson.h"
#include "lessons/lesson_util.h"

namespace pelab {
namespace example_lesson {

using namespace lessonui;

// [SECTION] views
namespace {

std::vector<ViewData> distance_matrix_views(const Inputs& in, Lang lang) {
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
}

}  // namespace

// [SECTION] the step
Step distance_matrix() {
    Step s{
        "distance-matrix",
        {"距离矩阵", "The distance matrix"},
        {"这一课要回答：只看相对位置的编码，需要分辨[[query|查询]]与[[key|键]]的什么？只有它们的距离 Δ = q − k。"
         "把每一对 (q, k) 的距离排成矩阵，同一条对角线上的格子距离相同：矩阵沿对角线是常数，这样的矩阵叫 "
         "[[toeplitz|Toeplitz 矩阵]]。",
         "The question of this lesson: what must an encoding that sees only relative position tell apart about a "
         "[[query]] and a [[key]]? Only their distance Δ = q − k. Laid out as a matrix over all pairs (q, k), every "
         "diagonal holds one distance: the matrix is constant along its diagonals, which is what a "
         "[[toeplitz|Toeplitz matrix]] is."},
        {"L", "diagonal"},
        views_of(read_inputs, distance_matrix_views),
        {{R"tex(\Delta_{qk} = q - k, \qquad L^2 \text{ 个格子，} 2L - 1 \text{ 种距离})tex",
          R"tex(\Delta_{qk} = q - k, \qquad L^2 \text{ cells, } 2L - 1 \text{ distances})tex"}},
    };
    s.takeaway = {"{cells} 个格子里只有 {diagonals} 种距离：同一条对角线上 q − k 都相同，所以只看距离的编码只需要 {diagonals} 个数。",
                  "The {cells} cells hold only {diagonals} distances: q − k is the same all along a diagonal, so an "
                  "encoding that looks only at distance needs {diagonals} numbers, not {cells}."};
    s.takeaway_args = args_of(read_inputs, +[](const Inputs& in, Lang) {
        return std::vector<Arg>{{"cells", integer(in.L * in.L)}, {"diagonals", integer(2 * in.L - 1)}};
    });
    return s;
}

}  // namespace example_lesson
}  // namespace pelab
