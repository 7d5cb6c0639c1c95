// PE Lab — lessons/open_models/m_rope_image.cpp
// Step "m-rope-image" of lesson "open-models": how M-RoPE's `mrope_section` splits the frequency pairs among the
// rows t, h and w, and the 2-D score pattern it makes inside an image: the centre image token of frame 0 against
// every token of that frame, laid out as the merged grid, and the token below it against flat 1-D RoPE. The
// image always has at least one frame here (grid_t = 0 would leave nothing to draw). The case is mrope_case
// (lesson.cpp), the same as the step before. Every number shown comes from core (open_models.h, rope.h).
// Comments are English only: the font subset is built from the characters inside .cpp string literals.
//
// [SECTION] the view
// [SECTION] the step
#include <algorithm>
#include <string>
#include <vector>

#include "core/open_models.h"
#include "core/rope.h"
#include "lessons/lesson.h"
#include "lessons/lesson_util.h"
#include "lessons/open_models/open_models_lesson.h"

namespace pelab {
namespace open_models_lesson {

using namespace lessonui;  // shared display helpers (lessons/lesson_util.h)

// [SECTION] the view
namespace {
// Scores of the centre image token of frame 0 against every token of that frame, laid out as the merged grid.
ViewData mrope_image_view(const Inputs& in, const MropeCase& c, Lang lang) {
    const int gh = c.seq.grid_h / c.seq.merge, gw = c.seq.grid_w / c.seq.merge;
    const int first = c.seq.text_before, qr = (gh - 1) / 2, qc = (gw - 1) / 2, query = first + qr * gw + qc;
    Eigen::MatrixXd grid(gh, gw);
    for (int r = 0; r < gh; ++r)
        for (int col = 0; col < gw; ++col) grid(r, col) = c.scores(query, first + r * gw + col);
    HeatmapView h = index_matrix(grid, say(lang, {"合并后的行 h", "merged row h"}), say(lang, {"合并后的列 w", "merged column w"}));
    h.is_signed = false;
    h.highlight_cells = {{qr, qc}};
    h.explain = [grid, qr, qc, lang](int r, int col) -> std::string {
        if (r < 0 || col < 0 || r >= grid.rows() || col >= grid.cols()) return "";
        return say(lang, {"Δh = {dh}，Δw = {dw}：分数 {s}", "Δh = {dh}, Δw = {dw}: score {s}"},
                   {{"dh", integer(r - qr)}, {"dw", integer(col - qc)}, {"s", num(grid(r, col), 4)}});
    };
    const std::vector<int> rows = mrope_pair_rows(c.section);
    auto span = [&](int row) {
        int first = -1, last = -1;
        for (int i = 0; i < static_cast<int>(rows.size()); ++i)
            if (rows[static_cast<std::size_t>(i)] == row) {
                if (first < 0) first = i;
                last = i;
            }
        return integer(first) + "–" + integer(last);
    };
    std::vector<std::string> notes = {
        say(lang, {"section = ({a}, {b}, {c})，d = {d}：第 {t} 对跟随 t 行，第 {h} 对跟随 h 行，第 {w} 对跟随 w 行。",
                   "section = ({a}, {b}, {c}), d = {d}: pairs {t} follow row t, pairs {h} row h, pairs {w} row w."},
            {{"a", integer(c.section[0])}, {"b", integer(c.section[1])}, {"c", integer(c.section[2])}, {"d", integer(c.d)},
             {"t", span(0)}, {"h", span(1)}, {"w", span(2)}}),
    };
    // Against 1-D RoPE on the flat order: the token below the query is gw positions away there.
    if (qr + 1 < gh) {
        const Eigen::VectorXd theta = rope_default_inv_freq(c.d, in.mrope_base);
        const double flat_below = rope_apply(c.q, query, theta, RopeLayout::half).dot(rope_apply(c.k, query + gw, theta, RopeLayout::half));
        notes.push_back(say(lang, {"下方相邻的词元：M-RoPE 分数 {m}；若按展平的一维顺序，它在 {gw} 个位置之外，一维 RoPE 分数为 {f}。",
                                   "The token just below: M-RoPE score {m}; in the flat 1-D order it is {gw} positions away, and 1-D RoPE scores it {f}."},
                            {{"m", num(grid(qr + 1, qc), 6)}, {"gw", integer(gw)}, {"f", num(flat_below, 6)}}));
    }
    notes.push_back(say(lang, {"查询是第 0 帧中间的图像词元（{h}, {w}）；q = k = 全 1，分数 = Σ 2·cos(转角之差)，自身为 d = {d}。",
                               "The query is a middle image token of frame 0 ({h}, {w}); q = k = all ones, so a score is Σ 2·cos(angle difference), d = {d} on itself."},
                        {{"h", integer(qr)}, {"w", integer(qc)}, {"d", integer(c.d)}}));
    return make_view(say(lang, {"图像内部的二维分数（第 0 帧）", "The 2-D score pattern inside the image (frame 0)"}), std::move(h), std::move(notes));
}

std::vector<ViewData> mrope_image_views(const Inputs& in, Lang lang) {
    Inputs with_image = in;
    with_image.grid_t = std::max(1, in.grid_t);  // the pattern needs an image: at least one frame
    return {mrope_image_view(with_image, mrope_case(with_image), lang)};
}

}  // namespace

// [SECTION] the step
Step mrope_image() {
    Step s = {
        "m-rope-image",
        {"M-RoPE：图像里的二维图样", "M-RoPE: a 2-D pattern inside the image"},
        {"在图像内部，M-RoPE 的分数同时依赖行距 Δh 和列距 Δw：正下方的词元只差一行（Δh = 1），而在展平的一维顺序里它远在一整行词元之外。"
         "mrope_section = (s₀, s₁, s₂) 把 d/2 个频率对分成三段：前 s₀ 对跟随 t 行转，接着 s₁ 对跟随 h 行，最后 s₂ 对跟随 w 行"
         "（HF 把加倍后的 section 表的第 i 块取自第 i mod 3 行，所以一对的两半跟随同一行）。"
         "图中是第 0 帧中间那个图像词元（方框）对同一帧每个词元的分数，排成合并后的网格。跟随 w 的是最慢的几对，mrope_base 越大，图样越淡。",
         "Inside the image an M-RoPE score depends on both the row distance Δh and the column distance Δw: the token just below is "
         "one row away (Δh = 1), though in the flat 1-D order it lies a whole row of tokens away. mrope_section = (s₀, s₁, s₂) "
         "splits the d/2 frequency pairs into three runs: the first s₀ pairs turn with row t, the next s₁ with row h, the last s₂ "
         "with row w (HF takes chunk i of the doubled section list from row i mod 3, so both halves of a pair follow the same row). "
         "The figure shows the scores of the middle image token of frame 0 (boxed) against every token of that frame, laid out as "
         "the merged grid. The pairs following w are the slowest, so a larger mrope_base fades the pattern."},
        {"grid_h", "grid_w", "merge", "section", "mrope_base"},
        views_of(read_inputs, mrope_image_views),
        {R"tex(r(i)=\begin{cases}t & i<s_0\\ h & s_0\le i<s_0+s_1\\ w & \text{otherwise}\end{cases},\qquad d=2(s_0+s_1+s_2))tex"},
    };
    return s;
}

}  // namespace open_models_lesson
}  // namespace pelab
