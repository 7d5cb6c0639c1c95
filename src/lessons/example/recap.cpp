// PE Lab — lessons/example/recap.cpp
// Lesson "example", step "recap": the lesson's claims, each linked to the step that shows it, and one table that
// puts them side by side with their numbers at the lesson's inputs (each claim's number beside the one it is
// read against); the app lists the lesson's sources (lesson.references) under the last step. Every lesson ends
// with such a step (docs/adding-a-lesson.md, "A lesson is one story").
// Comments are English only: the font subset is built from the characters inside .cpp string literals.
//
// [SECTION] views
// [SECTION] the step
#include <cmath>
#include <limits>
#include <vector>

#include "core/relative/distance.h"
#include "core/rope/rope.h"
#include "lessons/example/example_lesson.h"
#include "lessons/lesson_util.h"

namespace pelab {
namespace example_lesson {

using namespace lessonui;

// [SECTION] views
namespace {

// The claims' numbers, computed from the inputs as the steps compute them.
struct RecapNumbers {
    int cells = 0, distances = 0;          // distance-matrix: L² pairs, 2L − 1 distances
    int pairs_near = 0, pairs_far = 0;     // pairs-per-distance: Δ = 0 and Δ = ±(L − 1)
    double before = 0, after = 0;          // distance-as-angle: the dot product before and after the shift
    int pairs = 0, never = 0;              // every-pair-a-dial: frequency pairs, those that never turn in training
    long long map_cells = 0, map_distances = 0;  // long-sequence-map: n² cells, 2n − 1 scores
};

RecapNumbers recap_numbers(const Inputs& in) {
    RecapNumbers r;
    const std::vector<double> per_distance = pairs_at_distance(in.L);
    r.cells = static_cast<int>(query_key_distance(in.L).size());
    r.distances = static_cast<int>(per_distance.size());
    r.pairs_near = static_cast<int>(per_distance[per_distance.size() / 2]);
    r.pairs_far = static_cast<int>(per_distance.front());
    const auto score = [&](int q, int k) {
        return (rotation2(q * in.theta) * Eigen::Vector2d(1, 0)).dot(rotation2(k * in.theta) * Eigen::Vector2d(0.8, 0));
    };
    r.before = score(in.q, in.k);
    r.after = score(in.q + in.shift, in.k + in.shift);
    const Eigen::VectorXd theta = rope_default_inv_freq(in.d, in.base);
    r.pairs = static_cast<int>(theta.size());
    for (Eigen::Index i = 0; i < theta.size(); ++i) r.never += in.train_length * theta(i) / (2 * kPi) < 1 ? 1 : 0;
    r.map_cells = static_cast<long long>(in.n) * in.n;
    r.map_distances = static_cast<long long>(pairs_at_distance(in.n).size());
    return r;
}

std::vector<ViewData> recap_views(const Inputs& in, Lang lang) {
    const RecapNumbers r = recap_numbers(in);
    // One row per claim (its step's number first), two columns: the claim's number and the one it is read against.
    TableView t;
    t.values.resize(5, 2);
    t.values << r.distances, r.cells,  //
        r.pairs_far, r.pairs_near,     //
        r.after, r.before,             //
        r.never, r.pairs,              //
        double(r.map_distances), double(r.map_cells);
    t.row_labels = {say(lang, {"1 距离种数 / 格子", "1 distances / cells"}),
                    say(lang, {"2 Δ = ±(L − 1) / Δ = 0 的对数", "2 pairs at Δ = ±(L − 1) / at Δ = 0"}),
                    say(lang, {"3 点积：平移后 / 平移前", "3 score after / before the shift"}),
                    say(lang, {"4 转不满一圈的对 / 全部", "4 pairs never turning / all pairs"}),
                    say(lang, {"5 长图：分数种数 / 格子", "5 long map: scores / cells"})};
    t.col_labels = {say(lang, {"说法的数", "the claim's number"}), say(lang, {"对照", "read against"})};
    t.corner = say(lang, {"说法", "claim"});
    t.row_decimals = {0, 0, 4, 0, 0};
    t.explain = [r, lang](int row, int col) {
        if (row < 0 || row > 4 || col < 0 || col > 1) return std::string();
        if (row == 2)
            return say(lang, {"平移前 {before}，平移后 {after}。", "{before} before, {after} after."},
                       {{"before", num(r.before, 6)}, {"after", num(r.after, 6)}});
        return say(lang, {"由这一课的参数算出，与对应步骤的图一致。", "Computed from the lesson's parameters, as its step computes it."});
    };
    const std::string note = say(lang, {"L = {L}，s = {s}，d = {d}，训练长度 {train}，n = {n}。",
                                        "L = {L}, s = {s}, d = {d}, training length {train}, n = {n}."},
                                 {{"L", integer(in.L)}, {"s", integer(in.shift)}, {"d", integer(in.d)},
                                  {"train", integer(in.train_length)}, {"n", integer(in.n)}});
    return std::vector<ViewData>{
        make_view(say(lang, {"五个说法并排，各配它的数", "The five claims side by side, each with its number"}), std::move(t), {note})};
}

}  // namespace

// [SECTION] the step
Step recap() {
    // The last step of every lesson: its claims (three to six), each one sentence with a link to the step that
    // shows it, in both languages; one figure with their numbers; a takeaway like every step's.
    Step s{
        "recap",
        {"小结：一切取决于距离 Δ = q − k", "Recap: it all comes down to the distance Δ = q − k"},
        {"只看相对位置的编码，每个距离只需要一个数：2L − 1 个，而不是 L² 个（[[lesson:example/distance-matrix|距离矩阵]]）。"
         "距离越远，共享它的 (q, k) 对越少，训练中见得也越少（[[lesson:example/pairs-per-distance|每个距离的对数]]）。"
         "RoPE 按位置转动查询与键，夹角与点积只取决于距离（[[lesson:example/distance-as-angle|转动查询与键]]）。"
         "慢的频率对在训练中转不满一圈，远处的位置给它们看的是没见过的角度（[[lesson:example/every-pair-a-dial|频率对的刻度盘]]）。"
         "在 n 个位置的长图上也一样：n² 个格子只有 2n − 1 种分数（[[lesson:example/long-sequence-map|长序列上的图]]）。",
         "An encoding that sees only relative position needs one number per distance, 2L − 1 of them rather than L² "
         "([[lesson:example/distance-matrix|the distance matrix]]). The farther the distance, the fewer pairs (q, k) "
         "share it, and the less training sees it ([[lesson:example/pairs-per-distance|pairs per distance]]). RoPE "
         "turns query and key by their positions, so their angle and dot product depend on the distance only "
         "([[lesson:example/distance-as-angle|turning query and key]]). The slow frequency pairs never finish a turn "
         "in training, so far positions show them angles they never saw "
         "([[lesson:example/every-pair-a-dial|every pair a dial]]). The same holds over a long sequence: its n² cells "
         "hold 2n − 1 scores ([[lesson:example/long-sequence-map|the long map]])."},
        {"L", "shift", "d", "original_max", "seq_len"},
        views_of(read_inputs, recap_views),
    };
    s.takeaway = {"一切来自 Δ = q − k：{cells} 个格子只有 {distances} 种距离，平移不改变 RoPE 的点积，而 {never}/{pairs} 个慢频率对在训练中转不满一圈。",
                  "It all follows from Δ = q − k: {cells} cells hold {distances} distances, a shift leaves RoPE's score "
                  "alone, and {never} of {pairs} slow pairs never turn in training."};
    s.takeaway_args = args_of(read_inputs, +[](const Inputs& in, Lang) {
        const RecapNumbers r = recap_numbers(in);
        return std::vector<Arg>{{"cells", integer(r.cells)}, {"distances", integer(r.distances)}, {"never", integer(r.never)},
                                {"pairs", integer(r.pairs)}};
    });
    return s;
}

}  // namespace example_lesson
}  // namespace pelab
