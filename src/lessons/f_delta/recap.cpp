// PE Lab — lessons/f_delta/recap.cpp
// Step "recap" of f-delta: the lesson's claims, each linked to the step that shows it, and one table that puts
// the five position terms the lesson built side by side: f(q − k), the fixed readout vᵀR_(q−k), the content
// readout u_q·R_(q−k), the Gram matrix of sinusoidal encodings and RoPE's scores, each with its largest spread
// along a diagonal (0: Toeplitz) and the numbers that fix it. The views builder, then the step.
// Comments are English only: the font subset is built from the characters inside this file's strings.
//
// [SECTION] views: the five position terms side by side
// [SECTION] the step
#include <string>
#include <vector>

#include "core/relative/f_delta.h"
#include "lessons/f_delta/f_delta_lesson.h"
#include "lessons/lesson_util.h"

namespace pelab {
namespace fdelta {

using namespace lessonui;  // shared display helpers (lessons/lesson_util.h)

// [SECTION] views: the five position terms side by side
namespace {

// A spread this small is floating-point rounding of an exact 0 (the Gram matrix and RoPE are computed, not
// filled from f).
constexpr double kRecapRounding = 1e-9;

// The largest spread along a diagonal of each term, in the order of the table's rows.
std::vector<double> recap_spreads(const Model& in) {
    const ContentDraw draw = draw_content(in);
    const Eigen::MatrixXd P = sinusoidal_encodings(in);
    return {largest_spread(cosine_f_matrix(in)), largest_spread(f_matrix(in.L, in.omega, in.v)),
            largest_spread(content_readout_matrix(in.L, in.omega, draw.W, draw.Q)), largest_spread(P * P.transpose()),
            largest_spread(rope_scores(in))};
}

int recap_toeplitz_count(const std::vector<double>& spreads) {
    int n = 0;
    for (double s : spreads) n += s < kRecapRounding ? 1 : 0;
    return n;
}

std::vector<ViewData> recap_views(const Model& in, Lang lang) {
    const std::vector<double> spreads = recap_spreads(in);
    const long long L = in.L, cells = L * L, diagonals = 2 * L - 1;
    TableView t;
    t.values.resize(static_cast<Eigen::Index>(spreads.size()), 2);
    for (std::size_t i = 0; i < spreads.size(); ++i) {
        const int row = static_cast<int>(i);
        const bool toeplitz = spreads[i] < kRecapRounding;
        t.values(row, 0) = toeplitz ? 0.0 : spreads[i];
        t.values(row, 1) = static_cast<double>(toeplitz ? diagonals : cells);
        t.marks.push_back({row, 0, toeplitz, say(lang, toeplitz ? Text{"是 Toeplitz", "Toeplitz"} : Text{"不是 Toeplitz", "not Toeplitz"})});
    }
    t.row_labels = {say(lang, {"f(q − k)（第 4 步）", "f(q − k) (step 4)"}), say(lang, {"vᵀR_(q−k)（第 6 步）", "vᵀR_(q−k) (step 6)"}),
                    say(lang, {"u_q·R_(q−k)（第 7 步）", "u_q·R_(q−k) (step 7)"}), say(lang, {"p_qᵀp_k（第 9 步）", "p_qᵀp_k (step 9)"}),
                    say(lang, {"RoPE 的 S（第 10 步）", "RoPE's S (step 10)"})};
    t.col_labels = {say(lang, {"对角线最大极差", "largest diagonal spread"}), say(lang, {"确定它所需的数", "numbers that fix it"})};
    t.corner = say(lang, {"位置项", "position term"});
    t.decimals = 3;
    t.col_decimals = {-1, 0};
    const std::vector<std::string> notes = {
        say(lang,
            {"L = {L}：F 有 {cells} 个格子；Toeplitz 矩阵由 {diagonals} 条对角线上的值确定。",
             "L = {L}: F has {cells} cells; a Toeplitz matrix is fixed by the values of its {diagonals} diagonals."},
            {{"L", integer(L)}, {"cells", integer(cells)}, {"diagonals", integer(diagonals)}}),
        say(lang, {"小于 10⁻⁹ 的极差是浮点舍入，记作 0。", "A spread below 10⁻⁹ is floating-point rounding, shown as 0."}),
    };
    return {make_view(say(lang, {"本课的五个位置项", "The lesson's five position terms"}), std::move(t), notes)};
}

}  // namespace

// [SECTION] the step
Step recap() {
    Step s{
        "recap",
        {"小结：只看 Δ 的位置项是 Toeplitz 矩阵", "Recap: a position term of Δ alone is Toeplitz"},
        {
        "注意力需要位置项，这一课问的是：哪些位置项只依赖偏移 Δ = q − k？"
        "F 给每一对 (q, k) 一个数，R_Δ 给每个偏移一个向量：[[lesson:f-delta/two-objects|两个不同的对象]]。"
        "在格子 (q, k) 里填 f(q − k)，每条对角线就是常数：[[lesson:f-delta/toeplitz-f|F 是 Toeplitz 矩阵]]，由 2L − 1 个数确定。"
        "[[lesson:f-delta/linear-readout|任何固定的读出 vᵀR_Δ]] 都保持 Toeplitz，因为格子只通过 Δ 看到 q 和 k。"
        "[[lesson:f-delta/content-readout|依赖查询内容的读出]]打破了对角线，因为它还看 q 本身。"
        "[[lesson:f-delta/sinusoidal-gram|正弦编码的 Gram 矩阵]]和 [[lesson:f-delta/link-to-rope|RoPE 的分数]]都是这样的 Toeplitz 矩阵 F。",
        "Attention needs a position term; this lesson asked which ones depend only on the offset Δ = q − k. F holds one "
        "number per pair (q, k) and R_Δ one vector per offset: [[lesson:f-delta/two-objects|two different objects]]. "
        "Filling cell (q, k) with f(q − k) makes every diagonal constant: [[lesson:f-delta/toeplitz-f|F is Toeplitz]], "
        "fixed by 2L − 1 numbers. [[lesson:f-delta/linear-readout|Any fixed readout vᵀR_Δ]] keeps F Toeplitz, because "
        "a cell sees q and k only through Δ. [[lesson:f-delta/content-readout|A readout that depends on the query's "
        "content]] breaks the diagonals, because it also sees q itself. The [[lesson:f-delta/sinusoidal-gram|Gram matrix "
        "of sinusoidal encodings]] and [[lesson:f-delta/link-to-rope|RoPE's scores]] are both such a Toeplitz F."},
        {"L", "omega", "v", "seed"},
        views_of(read_model, recap_views),
        {R"tex(F[q,k] = f(q-k) = v^\top R_{q-k} \ \Rightarrow\ F[q+1,\,k+1] = F[q,k])tex"},
    };
    s.takeaway = {"{terms} 个位置项中 {toeplitz} 个是 Toeplitz 矩阵，只需 {diagonals} 个数而非 {cells} 个；内容读出的极差为 {spread}，因为它还看 q 本身。",
                  "{toeplitz} of the {terms} terms are Toeplitz, fixed by {diagonals} numbers instead of {cells}; the "
                  "content readout's diagonals spread by {spread}, since it sees q itself, not only q − k."};
    s.takeaway_args = args_of(read_model, +[](const Model& in, Lang) {
        const std::vector<double> spreads = recap_spreads(in);
        return std::vector<Arg>{{"terms", integer(static_cast<long long>(spreads.size()))},
                                {"toeplitz", integer(recap_toeplitz_count(spreads))},
                                {"diagonals", integer(2LL * in.L - 1)},
                                {"cells", integer(1LL * in.L * in.L)},
                                {"spread", exact(spreads[2])}};
    });
    return s;
}

}  // namespace fdelta
}  // namespace pelab
