// PE Lab — lessons/example/long_sequence_map.cpp
// Lesson "example", step "long-sequence-map": RoPE's score over every pair of a long sequence, as a position map
// drawn per pixel on the GPU, beside bars of how many numbers make that map up (its cells, its distances, RoPE's
// frequencies).
// Comments are English only: the font subset is built from the characters inside .cpp string literals.
//
// [SECTION] helpers
// [SECTION] views
// [SECTION] the step
#include <algorithm>
#include <memory>
#include <string>
#include <vector>

#include "core/maps/position_map.h"
#include "core/relative/distance.h"
#include "lessons/example/example_lesson.h"
#include "lessons/lesson_util.h"

namespace pelab {
namespace example_lesson {

using namespace lessonui;

// [SECTION] helpers
namespace {

// The map: RoPE's score of an all-ones query and key at every pair of the n positions (core/maps/position_map.h),
// at the lesson's d and base, no scaling.
PositionMapSpec long_map_spec(const Inputs& in) {
    PositionMapSpec s;
    s.kind = PositionMapKind::rope;
    s.L = in.n;
    s.d = in.d;
    s.base = in.base;
    s.content = RopeContent::ones;
    return s;
}

// How many numbers the map is made of: its cells, its distances (core's pairs_at_distance has one entry per Δ)
// and the frequencies RoPE computes every score from.
struct LongMapCounts {
    long long cells = 0, distances = 0, frequencies = 0;
};

LongMapCounts long_map_counts(const Inputs& in) {
    const PositionMapSpec s = long_map_spec(in);
    LongMapCounts c;
    c.cells = static_cast<long long>(s.L) * s.L;
    c.distances = static_cast<long long>(pairs_at_distance(s.L).size());
    c.frequencies = static_cast<long long>(position_map_rope_frequencies(s).inv_freq.size());
    return c;
}

// One diagonal read at both ends of the map: the pair (q, k) of distance-as-angle, and the same pair moved down
// the diagonal until it reaches the map's last row or column.
struct DiagonalEnds {
    int q0 = 0, k0 = 0, q1 = 0, k1 = 0;
    double score0 = 0, score1 = 0;
};

DiagonalEnds diagonal_ends(const Inputs& in) {
    const PositionMapSpec s = long_map_spec(in);
    DiagonalEnds e;
    e.q0 = in.q;
    e.k0 = in.k;
    const int shift = s.L - 1 - std::max(in.q, in.k);  // q, k ≤ 63 < n: the pair lies inside the map
    e.q1 = in.q + shift;
    e.k1 = in.k + shift;
    e.score0 = position_map_value(s, e.q0, e.k0);
    e.score1 = position_map_value(s, e.q1, e.k1);
    return e;
}

// [SECTION] views
std::vector<ViewData> long_sequence_map_views(const Inputs& in, Lang lang) {
    const DiagonalEnds e = diagonal_ends(in);
    const std::string ends = say(lang,
                                 {"同一条对角线的两端：({q0}, {k0}) 处 {s0}，({q1}, {k1}) 处 {s1}。",
                                  "One diagonal's two ends: {s0} at ({q0}, {k0}), {s1} at ({q1}, {k1})."},
                                 {{"q0", integer(e.q0)}, {"k0", integer(e.k0)}, {"s0", num(e.score0, 6)},
                                  {"q1", integer(e.q1)}, {"k1", integer(e.k1)}, {"s1", num(e.score1, 6)}});
    ViewData map = make_view(say(lang, {"RoPE 分数，n = {n} 个位置的每一对", "RoPE's score at every pair of n = {n} positions"},
                                 {{"n", integer(in.n)}}),
                             MapView{make_position_map_view(long_map_spec(in))});

    const LongMapCounts c = long_map_counts(in);
    BarsView bars;
    bars.log = true;
    bars.value_axis = say(lang, {"数的个数（对数刻度）", "how many numbers (log scale)"});
    bars.labels = {say(lang, {"每一对 (q, k)：n²", "every pair (q, k): n²"}),
                   say(lang, {"每个距离 Δ：2n − 1", "every distance Δ: 2n − 1"}),
                   say(lang, {"RoPE 的频率：d/2", "RoPE's frequencies: d/2"})};
    bars.values = {double(c.cells), double(c.distances), double(c.frequencies)};
    bars.explain = [c, n = in.n, d = in.d, lang](int bar) {
        switch (bar) {
        case 0: return say(lang, {"n = {n}：{count} 个格子，一对 (q, k) 一个。", "n = {n}: {count} cells, one per pair (q, k)."},
                           {{"n", integer(n)}, {"count", integer(c.cells)}});
        case 1: return say(lang, {"Δ 从 −{far} 到 {far}：{count} 条对角线，每条一个分数。",
                                  "Δ from −{far} to {far}: {count} diagonals, one score each."},
                           {{"far", integer(n - 1)}, {"count", integer(c.distances)}});
        default: return say(lang, {"d = {d}：{count} 个频率 θᵢ，每个分数都由它们算出。",
                                   "d = {d}: {count} frequencies θᵢ, from which every score is computed."},
                            {{"d", integer(d)}, {"count", integer(c.frequencies)}});
        }
    };
    const std::string ratio = say(lang, {"按距离存，只需按对存的 1/{ratio}。", "Stored per distance, {ratio}× fewer numbers than per pair."},
                                  {{"ratio", num(double(c.cells) / double(c.distances), 4)}});
    // The notes go under the bars, beside the map: the map keeps the height of the first screen to itself.
    return {std::move(map), make_view(say(lang, {"这张图由多少个数组成", "How many numbers make up the map"}), std::move(bars),
                                      {ends, ratio})};
}

}  // namespace

// [SECTION] the step
Step long_sequence_map() {
    Step s{
        "long-sequence-map",
        {"长序列上的同一个结构", "The same structure over a long sequence"},
        {"位置图画出 n 个位置上每一对 (q, k) 的 RoPE [[attention-score|分数]]，查询与键都取全 1 向量；"
         "这么大的矩阵不在 CPU 上存下来，而是由 GPU 逐像素算出（[[shader|着色器]]），可以缩放和拖动。"
         "条形图数一数这张图由多少个数组成。",
         "The position map draws RoPE's [[attention-score|score]] at every pair (q, k) of n positions, with a query "
         "and a key of all ones; a matrix this large is never stored on the CPU but computed pixel by pixel on the GPU "
         "(a [[shader]]), and you can zoom and pan it. The bars count how many numbers make the map up."},
        {"seq_len", "d", "base"},
        views_of(read_inputs, long_sequence_map_views),
        {R"tex(s(q, k) = \textstyle\sum_i 2\cos\big((q - k)\,\theta_i\big))tex"},
    };
    s.takeaway = {"{cells} 个格子只有 {distances} 种分数：分数只取决于 q − k，所以一条对角线一个颜色，全由 {freq} 个频率算出。",
                  "The {cells} cells hold only {distances} scores: a score depends on q − k alone, so a diagonal has one "
                  "colour, all computed from {freq} frequencies."};
    s.takeaway_args = args_of(read_inputs, +[](const Inputs& in, Lang) {
        const LongMapCounts c = long_map_counts(in);
        return std::vector<Arg>{{"cells", integer(c.cells)}, {"distances", integer(c.distances)}, {"freq", integer(c.frequencies)}};
    });
    return s;
}

}  // namespace example_lesson
}  // namespace pelab
