// PE Lab — lessons/example/recap.cpp
// Lesson "example", step "recap": the lesson's claims, each linked to the step that shows it, and one table that
// puts them side by side with their numbers at the lesson's inputs (each claim's number beside the one it is
// read against). Every lesson ends with such a step (docs/adding-a-lesson.md, "A lesson is one story").
// Comments are English only: the font subset is built from the characters inside .cpp string literals.
//
// [SECTION] views
// [SECTION] the step
#include <cmath>
#include <limits>
#include <vector>

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
};

RecapNumbers recap_numbers(const Inputs& in) {
    RecapNumbers r;
    r.cells = in.L * in.L;
    r.distances = 2 * in.L - 1;
    r.pairs_near = in.L;
    r.pairs_far = 1;
    const auto score = [&](int q, int k) {
        return (rotation2(q * in.theta) * Eigen::Vector2d(1, 0)).dot(rotation2(k * in.theta) * Eigen::Vector2d(0.8, 0));
    };
    r.before = score(in.q, in.k);
    r.after = score(in.q + in.shift, in.k + in.shift);
    const Eigen::VectorXd theta = rope_default_inv_freq(in.d, in.base);
    r.pairs = static_cast<int>(theta.size());
    for (Eigen::Index i = 0; i < theta.size(); ++i) r.never += in.train_length * theta(i) / (2 * kPi) < 1 ? 1 : 0;
    return r;
}

std::vector<ViewData> recap_views(const Inputs& in, Lang lang) {
    const RecapNumbers r = recap_numbers(in);
    // One column per claim (its step's number), two rows: the claim's number and the one it is read against.
    TableView t;
    t.values.resize(2, 4);
    t.values << r.distances, r.pairs_far, r.after, r.never,  //
        r.cells, r.pairs_near, r.before, r.pairs;
    t.col_labels = {say(lang, {"1 距离种数", "1 distances"}), say(lang, {"2 Δ = ±(L − 1) 的对数", "2 pairs at Δ = ±(L − 1)"}),
                    say(lang, {"3 平移后的点积", "3 score after the shift"}), say(lang, {"4 转不满一圈的对", "4 pairs never turning"})};
    t.row_labels = {say(lang, {"说法的数", "the claim's number"}), say(lang, {"对照：格子、Δ = 0、平移前、全部", "against: cells, Δ = 0, before, all"})};
    t.corner = say(lang, {"说法", "claim"});
    t.col_decimals = {0, 0, 4, 0};
    t.explain = [r, lang](int row, int col) {
        if (row < 0 || row > 1 || col < 0 || col > 3) return std::string();
        if (col == 2)
            return say(lang, {"平移前 {before}，平移后 {after}。", "{before} before, {after} after."},
                       {{"before", num(r.before, 6)}, {"after", num(r.after, 6)}});
        return say(lang, {"由这一课的参数算出，与对应步骤的图一致。", "Computed from the lesson's parameters, as its step computes it."});
    };
    const std::string note = say(lang, {"L = {L}，s = {s}，d = {d}，训练长度 {train}。", "L = {L}, s = {s}, d = {d}, training length {train}."},
                                 {{"L", integer(in.L)}, {"s", integer(in.shift)}, {"d", integer(in.d)}, {"train", integer(in.train_length)}});
    return std::vector<ViewData>{
        make_view(say(lang, {"四个说法并排，各配它的数", "The four claims side by side, each with its number"}), std::move(t), {note})};
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
         "慢的频率对在训练中转不满一圈，远处的位置给它们看的是没见过的角度（[[lesson:example/every-pair-a-dial|频率对的刻度盘]]）。",
         "An encoding that sees only relative position needs one number per distance, 2L − 1 of them rather than L² "
         "([[lesson:example/distance-matrix|the distance matrix]]). The farther the distance, the fewer pairs (q, k) "
         "share it, and the less training sees it ([[lesson:example/pairs-per-distance|pairs per distance]]). RoPE "
         "turns query and key by their positions, so their angle and dot product depend on the distance only "
         "([[lesson:example/distance-as-angle|turning query and key]]). The slow frequency pairs never finish a turn "
         "in training, so far positions show them angles they never saw "
         "([[lesson:example/every-pair-a-dial|every pair a dial]])."},
        {"L", "shift", "d", "original_max"},
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
