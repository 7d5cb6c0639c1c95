// PE Lab — lessons/open_models/m_rope_image.cpp
// Step "m-rope-image" of lesson "open-models": how M-RoPE's section (σ_t, σ_h, σ_w) splits the frequency pairs among the
// rows t, h and w, and the 2-D score pattern it makes inside an image: the centre image token of frame 0 against
// every token of that frame, laid out as the merged grid, and the token below it against flat 1-D RoPE. The
// image always has at least one frame here (grid_t = 0 would leave nothing to draw). The case is mrope_case
// (lesson.cpp), the same as the step before. Every number shown comes from core (open_models.h, rope.h).
// Comments are English only: the font subset is built from the characters inside .cpp string literals.
//
// [SECTION] the view
// [SECTION] the step
#include <algorithm>
#include <cmath>
#include <string>
#include <vector>

#include "core/rope/open_models.h"
#include "core/rope/rope.h"
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
    // Offsets query minus key, as everywhere in the lesson (Δ = q − k): the token below has Δh = −1.
    h.explain = [grid, qr, qc, lang](int r, int col) -> std::string {
        if (r < 0 || col < 0 || r >= grid.rows() || col >= grid.cols()) return "";
        return say(lang, {"Δh = {dh}，Δw = {dw}（查询减键）：分数 {s}", "Δh = {dh}, Δw = {dw} (query minus key): score {s}"},
                   {{"dh", num(qr - r)}, {"dw", num(qc - col)}, {"s", num(grid(r, col), 4)}});
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
    // the figure is the comparison with flat 1-D RoPE that proves the step's claim (the config names are in the body).
    const std::string title = say(lang, {"第 0 帧各词元对方框词元的分数：第 {t} 对跟随 t，第 {h} 对跟随 h，第 {w} 对跟随 w（σ = {a}、{b}、{c}）",
                                         "Frame 0, scores against the boxed token: pairs {t} follow t, {h} h, {w} w (σ_t, σ_h, σ_w = {a}, {b}, {c})"},
                                  {{"t", span(0)}, {"h", span(1)}, {"w", span(2)}, {"a", integer(c.section.size() > 0 ? c.section[0] : 0)},
                                   {"b", integer(c.section.size() > 1 ? c.section[1] : 0)}, {"c", integer(c.section.size() > 2 ? c.section[2] : 0)}});
    std::vector<std::string> notes;
    // Against 1-D RoPE on the flat order: the token below the query is gw positions away there.
    const MropeBelow below = mrope_below(c, in.mrope_base);
    if (!std::isnan(below.mrope))
        notes.push_back(say(lang, {"正下方的词元：M-RoPE 分数 {m}；展平后它在 {gw} 个位置之外，一维 RoPE 分数 {f}。",
                                   "Token just below: M-RoPE scores it {m}; flat 1-D RoPE, {gw} positions away, scores it {f}."},
                            {{"m", num(below.mrope, 6)}, {"gw", integer(gw)}, {"f", num(below.flat, 6)}}));
    return make_view(title, std::move(h), std::move(notes));
}

std::vector<ViewData> mrope_image_views(const Inputs& in, Lang lang) {
    const Inputs img = with_an_image(in);
    return {mrope_image_view(img, mrope_case(img), lang)};
}
}  // namespace

// [SECTION] the step
Step mrope_image() {
    Step s = {
        "m-rope-image",
        {"M-RoPE：图像里的二维图样", "M-RoPE's 2-D image pattern"},
        {"在图像内部，分数同时依赖行距 Δh 和列距 Δw：正下方的词元只差一行，而在展平的一维顺序里它远在一整行词元之外。"
         "三个数 (σ_t, σ_h, σ_w) 把 d/2 个频率对分成三段：前 σ_t 对跟随 t 行转，接着 σ_h 对跟随 h 行，最后 σ_w 对跟随 w 行，一对的两半跟随同一行。"
         "图中是第 0 帧中间那个图像词元（方框）对同一帧每个词元的分数，排成合并后的网格；q = k = 全 1，所以分数是 Σ 2·cos(转角之差)，自身的分数为 d。"
         "跟随 w 的是最慢的几对，底数 b 越大，图样越淡。"
         "（Hugging Face：`mrope_section` 即 σ_t、σ_h、σ_w；`spatial_merge_size` 即每个词元合并的 merge × merge 个图块。）",
         "Inside the image a score depends on both Δh and Δw: the token just below is one row away, while in the flat 1-D order "
         "it lies a whole row of tokens away. Three numbers (σ_t, σ_h, σ_w) split the d/2 frequency pairs into three runs: the "
         "first σ_t pairs turn with row t, the next σ_h with row h, the last σ_w with row w, both halves of a pair with the same "
         "row. The figure shows the scores of the middle image token of frame 0 (boxed) against every token of that frame, laid "
         "out as the merged grid; with q = k = all ones a score is Σ 2·cos(angle difference), and d on itself. The pairs "
         "following w are the slowest, so a larger base b fades the pattern. (Hugging Face: `mrope_section` holds σ_t, σ_h, σ_w; "
         "`spatial_merge_size` is the merge × merge patches per token.)"},
        {"grid_h", "grid_w", "merge", "section", "mrope_base"},
        views_of(read_inputs, mrope_image_views),
        {{R"tex(a(i)=t\ (i<\sigma_t),\ \ h\ (\sigma_t\le i<\sigma_t+\sigma_h),\ \ w\ (\text{其余}),\qquad d=2(\sigma_t+\sigma_h+\sigma_w))tex", R"tex(a(i)=t\ (i<\sigma_t),\ \ h\ (\sigma_t\le i<\sigma_t+\sigma_h),\ \ w\ (\text{else}),\qquad d=2(\sigma_t+\sigma_h+\sigma_w))tex"}},
    };
    s.takeaway = {"正下方的词元 M-RoPE 打 {m} 分、一维 RoPE 打 {f} 分：它只差一行，而非 {gw} 个位置。",
                  "The token just below scores {m} under M-RoPE, {f} under flat 1-D RoPE: one row away, not {gw} positions."};
    s.takeaway_args = args_of(read_inputs, +[](const Inputs& in, Lang) {
        const Inputs img = with_an_image(in);
        const MropeBelow b = mrope_below(mrope_case(img), img.mrope_base);
        // One row of merged tokens has nothing below: the scores are then those of the token itself (shown as "—").
        return std::vector<Arg>{{"m", std::isnan(b.mrope) ? std::string("—") : num(b.mrope, 4)},
                                {"f", std::isnan(b.flat) ? std::string("—") : num(b.flat, 4)}, {"gw", integer(b.row_tokens)}};
    });
    return s;
}

}  // namespace open_models_lesson
}  // namespace pelab
