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
    // The title names which pairs follow which row (the split the equation states in general); the one note under
    // the figure is the comparison with flat 1-D RoPE that proves the step's claim.
    const std::string title = say(lang, {"第 0 帧各词元对方框词元的分数：第 {t} 对跟随 t，第 {h} 对跟随 h，第 {w} 对跟随 w",
                                         "Frame 0, scores against the boxed token: pairs {t} follow t, {h} h, {w} w"},
                                  {{"t", span(0)}, {"h", span(1)}, {"w", span(2)}});
    std::vector<std::string> notes;
    // Against 1-D RoPE on the flat order: the token below the query is gw positions away there.
    if (qr + 1 < gh) {
        const Eigen::VectorXd theta = rope_default_inv_freq(c.d, in.mrope_base);
        const double flat_below = rope_apply(c.q, query, theta, RopeLayout::half).dot(rope_apply(c.k, query + gw, theta, RopeLayout::half));
        notes.push_back(say(lang, {"正下方的词元：M-RoPE 分数 {m}；展平后它在 {gw} 个位置之外，一维 RoPE 分数 {f}。",
                                   "Token just below: M-RoPE scores it {m}; flat 1-D RoPE, {gw} positions away, scores it {f}."},
                            {{"m", num(grid(qr + 1, qc), 6)}, {"gw", integer(gw)}, {"f", num(flat_below, 6)}}));
    }
    return make_view(title, std::move(h), std::move(notes));
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
        {"在图像内部，分数同时依赖行距 Δh 和列距 Δw：正下方的词元只差一行。"
         "在展平的一维顺序里，它却远在一整行词元之外。"
         "mrope_section = (s₀, s₁, s₂) 把 d/2 个频率对分成三段：前 s₀ 对跟随 t 行转，接着 s₁ 对跟随 h 行，最后 s₂ 对跟随 w 行"
         "（HF 把加倍后的 section 表的第 i 块取自第 i mod 3 行，所以一对的两半跟随同一行）。"
         "图中是第 0 帧中间那个图像词元（方框）对同一帧每个词元的分数，排成合并后的网格；q = k = 全 1，所以分数是 Σ 2·cos(转角之差)，自身的分数为 d。"
         "跟随 w 的是最慢的几对，mrope_base 越大，图样越淡。",
         "Inside the image a score depends on both Δh and Δw: the token just below is one row away. "
         "In the flat 1-D order it lies a whole row of tokens away. The setting mrope_section = (s₀, s₁, s₂) "
         "splits the d/2 frequency pairs into three runs: the first s₀ pairs turn with row t, the next s₁ with row h, the last s₂ "
         "with row w (HF takes chunk i of the doubled section list from row i mod 3, so both halves of a pair follow the same row). "
         "The figure shows the scores of the middle image token of frame 0 (boxed) against every token of that frame, laid out as "
         "the merged grid; with q = k = all ones a score is Σ 2·cos(angle difference), and d on itself. "
         "The pairs following w are the slowest, so a larger mrope_base fades the pattern."},
        {"grid_h", "grid_w", "merge", "section", "mrope_base"},
        views_of(read_inputs, mrope_image_views),
        {{R"tex(r(i)=t\ (i<s_0),\ \ h\ (s_0\le i<s_0+s_1),\ \ w\ (\text{其余}),\qquad d=2(s_0+s_1+s_2))tex", R"tex(r(i)=t\ (i<s_0),\ \ h\ (s_0\le i<s_0+s_1),\ \ w\ (\text{else}),\qquad d=2(s_0+s_1+s_2))tex"}},
    };
    return s;
}

}  // namespace open_models_lesson
}  // namespace pelab
