// PE Lab — lessons/open_models/m_rope.cpp
// Step "m-rope" of lesson "open-models": M-RoPE (Qwen2-VL): the 3-row position ids of HF `get_rope_index`,
// how `mrope_section` splits the pairs among the rows, text alone reducing to 1-D RoPE, and the 2-D score
// pattern inside the image. Its question: what text alone gives. Every number shown comes from core
// (open_models.h, rope.h).
// Comments are English only: the font subset is built from the characters inside .cpp string literals.
//
// [SECTION] the views
// [SECTION] the step and its question
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

// [SECTION] the views
namespace {

// The section as whole numbers (each at least 1, as the table's range says).
std::vector<int> shown_section(const Inputs& in) {
    std::vector<int> out;
    for (double x : in.section) out.push_back(std::max(1, static_cast<int>(x)));
    while (out.size() < 3) out.push_back(1);
    out.resize(3);
    return out;
}

int section_sum(const std::vector<int>& section) { return section[0] + section[1] + section[2]; }
struct MropeCase {
    MropeSequence seq;
    bool adjusted = false;
    std::vector<int> section;
    int d = 0;
    Eigen::MatrixXi ids;
    Eigen::VectorXd q, k;  // q = k = all ones: every pair (1, 1), so a cell is Σ 2·cos(angle difference)
    Eigen::MatrixXd scores;
};

MropeCase mrope_case(const Inputs& in) {
    MropeCase c;
    c.seq = shown_sequence(in, &c.adjusted);
    c.section = shown_section(in);
    c.d = 2 * section_sum(c.section);
    c.ids = mrope_position_ids(c.seq);
    c.q = Eigen::VectorXd::Ones(c.d);
    c.k = c.q;
    c.scores = mrope_scores(c.ids, in.mrope_base, c.section, c.q, c.k);
    return c;
}

// "T0", "V3", ...: text or vision token and its index in the sequence.
std::vector<std::string> mrope_token_labels(const MropeSequence& s, int n) {
    const long long vision = mrope_vision_tokens(s);
    std::vector<std::string> out;
    for (int j = 0; j < n; ++j)
        out.push_back((j >= s.text_before && j < s.text_before + vision ? "V" : "T") + std::to_string(j));
    return out;
}

ViewData mrope_ids_view(const MropeCase& c, Lang lang) {
    const int n = static_cast<int>(c.ids.cols());
    const long long vision = mrope_vision_tokens(c.seq);
    RowMatrix values = c.ids.cast<double>();
    HeatmapView h = labelled_matrix(values, {"t", "h", "w"}, mrope_token_labels(c.seq, n), say(lang, {"行", "row"}),
                                    say(lang, {"词元（T 文本，V 图像）", "token (T text, V image)"}));
    h.integer = true;
    const Eigen::MatrixXi ids = c.ids;
    h.explain = [ids, lang](int r, int col) -> std::string {
        if (r < 0 || col < 0 || r >= 3 || col >= ids.cols()) return "";
        return say(lang, {"词元 {j}：(t, h, w) = ({t}, {h}, {w})", "token {j}: (t, h, w) = ({t}, {h}, {w})"},
                   {{"j", integer(col)}, {"t", integer(ids(0, col))}, {"h", integer(ids(1, col))}, {"w", integer(ids(2, col))}});
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
        say(lang, {"{n} 个词元：图像前 {tb} 个文本、{v} 个图像词元（{gt} × {gh} × {gw} 个图块，每 {m} × {m} 个合成一个）、图像后 {ta} 个文本。",
                   "{n} tokens: {tb} text before, {v} image tokens ({gt} × {gh} × {gw} patches, merged {m} × {m} into one), {ta} text after."},
            {{"n", integer(n)}, {"tb", integer(c.seq.text_before)}, {"v", integer(vision)}, {"gt", integer(c.seq.grid_t)},
             {"gh", integer(c.seq.grid_h)}, {"gw", integer(c.seq.grid_w)}, {"m", integer(c.seq.merge)}, {"ta", integer(c.seq.text_after)}}),
        say(lang, {"section = ({a}, {b}, {c})，d = {d}：第 {t} 对跟随 t 行，第 {h} 对跟随 h 行，第 {w} 对跟随 w 行。",
                   "section = ({a}, {b}, {c}), d = {d}: pairs {t} follow row t, pairs {h} row h, pairs {w} row w."},
            {{"a", integer(c.section[0])}, {"b", integer(c.section[1])}, {"c", integer(c.section[2])}, {"d", integer(c.d)},
             {"t", span(0)}, {"h", span(1)}, {"w", span(2)}}),
    };
    if (c.seq.text_after > 0 && vision > 0)
        notes.push_back(say(lang, {"图像后的第一个文本词元从目前最大的位置 + 1 = {p} 接着数，三行相同。",
                                   "The first text token after the image resumes at the largest id so far + 1 = {p}, the same on all three rows."},
                            {{"p", integer(ids(0, n - c.seq.text_after))}}));
    if (c.adjusted)
        notes.push_back(say(lang, {"图块行列数取为 merge 的整数倍：{gh} × {gw}。", "The patch rows and columns were rounded to multiples of merge: {gh} × {gw}."},
                            {{"gh", integer(c.seq.grid_h)}, {"gw", integer(c.seq.grid_w)}}));
    return make_view(say(lang, {"每个词元的三行位置 (t, h, w)", "Three-row position ids (t, h, w) of every token"}), std::move(h), std::move(notes));
}

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
    std::vector<std::string> notes;
    // Against 1-D RoPE on the flat order: the token below the query is gw positions away there.
    if (qr + 1 < gh) {
        const Eigen::VectorXd theta = rope_default_inv_freq(c.d, in.mrope_base);
        const double flat_below = rope_apply(c.q, query, theta, RopeLayout::half).dot(rope_apply(c.k, query + gw, theta, RopeLayout::half));
        notes.push_back(say(lang, {"下方相邻的词元：M-RoPE 分数 {m}；若按展平的一维顺序，它在 {gw} 个位置之外，一维 RoPE 分数为 {f}。",
                                   "The token just below: M-RoPE score {m}; in the flat 1-D order it is {gw} positions away, and 1-D RoPE scores it {f}."},
                            {{"m", num(grid(qr + 1, qc), 6)}, {"gw", integer(gw)}, {"f", num(flat_below, 6)}}));
    }
    if (qc + 1 < gw)
        notes.push_back(say(lang, {"右侧相邻的词元：分数 {r}（只有 w 行不同，只转跟随 w 的 {nw} 对）。",
                                   "The token just right: score {r} (only row w differs, so only the {nw} pairs following w turn)."},
                            {{"r", num(grid(qr, qc + 1), 6)}, {"nw", integer(c.section[2])}}));
    const Eigen::VectorXd theta_all = rope_default_inv_freq(c.d, in.mrope_base);
    const int first_w = c.section[0] + c.section[1];
    notes.push_back(say(lang, {"跟随 w 行的是最慢的几对：底数 {b} 时 θ 从 {hi} 到 {lo}。底数越大，它们在一幅图里转得越少，图样越淡。",
                               "The pairs following row w are the slowest: with base {b}, θ runs from {hi} down to {lo}. A larger base turns them less across an image and fades the pattern."},
                        {{"b", num(in.mrope_base, 6)}, {"hi", num(theta_all(first_w), 4)}, {"lo", num(theta_all(c.d / 2 - 1), 4)}}));
    notes.push_back(say(lang, {"查询是第 0 帧中间的图像词元（{h}, {w}）；q = k = 全 1，分数 = Σ 2·cos(转角之差)，自身为 d = {d}。",
                               "The query is a middle image token of frame 0 ({h}, {w}); q = k = all ones, so a score is Σ 2·cos(angle difference), d = {d} on itself."},
                        {{"h", integer(qr)}, {"w", integer(qc)}, {"d", integer(c.d)}}));
    return make_view(say(lang, {"图像内部的二维分数（第 0 帧）", "The 2-D score pattern inside the image (frame 0)"}), std::move(h), std::move(notes));
}

ViewData mrope_scores_view(const Inputs& in, const MropeCase& c, Lang lang) {
    HeatmapView h = qk_matrix(c.scores, lang);
    h.is_signed = false;  // every score here is near d: a sequential map shows the small differences
    const Eigen::MatrixXd S = c.scores;
    const Eigen::MatrixXi ids = c.ids;
    h.explain = [S, ids, lang](int r, int col) -> std::string {
        if (r < 0 || col < 0 || r >= S.rows() || col >= S.cols() || r >= ids.cols() || col >= ids.cols()) return "";
        return say(lang, {"查询 {m}（t, h, w = {qt}, {qh}, {qw}），键 {n}（{kt}, {kh}, {kw}）：分数 {s}",
                          "query {m} (t, h, w = {qt}, {qh}, {qw}), key {n} ({kt}, {kh}, {kw}): score {s}"},
                   {{"m", integer(r)}, {"n", integer(col)}, {"s", num(S(r, col), 4)}, {"qt", integer(ids(0, r))},
                    {"qh", integer(ids(1, r))}, {"qw", integer(ids(2, r))}, {"kt", integer(ids(0, col))},
                    {"kh", integer(ids(1, col))}, {"kw", integer(ids(2, col))}});
    };
    // Text alone: the three rows are equal, so M-RoPE must equal 1-D RoPE in the rotate_half layout.
    MropeSequence text = c.seq;
    text.grid_t = 0;
    const Eigen::MatrixXi text_ids = mrope_position_ids(text);
    const int nt = static_cast<int>(text_ids.cols());
    const Eigen::MatrixXd mrope_text = mrope_scores(text_ids, in.mrope_base, c.section, c.q, c.k);
    const Eigen::MatrixXd rope_text = rope_scores(nt, rope_default_inv_freq(c.d, in.mrope_base), c.q, c.k, RopeLayout::half);
    std::vector<std::string> notes = {
        say_error(lang, {"只有文本时（{n} 个词元，t = h = w）：M-RoPE 与一维 RoPE（前后两半配对）的最大差 = {err}{hint}。",
                         "Text alone ({n} tokens, t = h = w): largest difference between M-RoPE and 1-D RoPE (rotate_half pairs) = {err}{hint}."},
                  max_abs(mrope_text - rope_text), {{"n", integer(nt)}}),
    };
    return make_view(say(lang, {"整个序列的分数 S[m][n]（q = k = 全 1）", "Scores S[m][n] of the whole sequence (q = k = all ones)"}), std::move(h),
                     std::move(notes));
}

std::vector<ViewData> mrope_views(const Inputs& in, Lang lang) {
    const MropeCase c = mrope_case(in);
    // The square score matrix leads (its image block is the picture of the step; hovering a cell gives both
    // tokens' ids); the three rows of ids are a wide, short strip that could not hold a fifth of the screen.
    std::vector<ViewData> out = {mrope_scores_view(in, c, lang), mrope_ids_view(c, lang)};
    if (mrope_vision_tokens(c.seq) > 0) out.push_back(mrope_image_view(in, c, lang));
    return out;
}

}  // namespace

// [SECTION] the step and its question
Step multimodal_rope() {
    Step s = {
        "m-rope",
        {"M-RoPE：文本和图像共用的三行位置", "M-RoPE: three rows of positions for text and images"},
        {"Qwen2-VL 给每个词元三个位置：时间 t、高 h、宽 w。文本词元的三个位置相同，就是它的顺序号；"
         "图像词元从当前起点开始，加上它在合并后网格里的 (t, h, w) 下标，所以同一行的词元 h 相同，同一列的词元 w 相同。"
         "图像之后的文本从目前最大的位置加 1 接着数。mrope_section 把 d/2 个[[frequency-pair|频率对]]分成三段：第一段跟随 t 行转，第二段跟随 h 行，第三段跟随 w 行"
         "（HF 把加倍后的 section 表的第 i 块取自第 i mod 3 行，所以一对的两半跟随同一行）。"
         "只有文本时三行相同，M-RoPE 就退化为普通的一维 RoPE；在图像内部，分数同时依赖行距和列距，形成二维的图样。",
         "Qwen2-VL gives every token three positions: temporal t, height h and width w. A text token's three positions are equal, "
         "its running index; an image token starts at the running start plus its (t, h, w) index in the merged grid, so tokens in one "
         "row share h and tokens in one column share w. Text after the image resumes at the largest position so far plus 1. "
         "mrope_section splits the d/2 [[frequency-pair|frequency pairs]] into three runs: the first turns with row t, the second with row h, the third "
         "with row w (HF takes chunk i of the doubled section list from row i mod 3, so both halves of a pair follow the same row). "
         "With text alone the three rows are equal and M-RoPE reduces to plain 1-D RoPE; inside the image a score depends on both the "
         "row and the column distance, a two-dimensional pattern."},
        {"text_before", "grid_t", "grid_h", "grid_w", "merge", "text_after", "section", "mrope_base"},
        views_of(read_inputs, mrope_views),
        {R"tex(\mathrm{pos}_j=(t_j,\,h_j,\,w_j),\qquad \text{pair } i \text{ turns by } \mathrm{pos}_{j,\,r(i)}\,\theta_i,\quad \theta_i=b^{-2i/d})tex",
         R"tex(r(i)=\begin{cases}t & i<s_0\\ h & s_0\le i<s_0+s_1\\ w & \text{otherwise}\end{cases},\qquad d=2(s_0+s_1+s_2))tex",
         R"tex(t_j=h_j=w_j=p_j\ \Rightarrow\ \text{M-RoPE}=\text{1-D RoPE})tex"},
    };
    s.questions = {
        {{"一段只有文本的序列经过 M-RoPE，得到什么？", "A sequence of text alone goes through M-RoPE. What do you get?"},
         {{"与普通一维 RoPE 完全相同", "Exactly plain 1-D RoPE"},
          {"转得快三倍的 RoPE", "RoPE turning three times as fast"},
          {"没有旋转，位置信息丢失", "No rotation: the position is lost"}},
         0,
         [](const ParamSet& p, Lang lang) {
             const Inputs in = read_inputs(p);
             const std::vector<int> section = shown_section(in);
             const int d = 2 * (section[0] + section[1] + section[2]);
             const double base = in.mrope_base;
             MropeSequence text;
             text.text_before = in.text_before;
             text.grid_t = 0;
             text.text_after = in.text_after;
             const Eigen::MatrixXi ids = mrope_position_ids(text);
             const int n = static_cast<int>(ids.cols());
             Eigen::VectorXd q(d), k(d);
             for (int i = 0; i < d; ++i) {
                 q(i) = 1.0 / (i + 1);
                 k(i) = (i % 3) - 1.0;
             }
             const Eigen::MatrixXd mrope = mrope_scores(ids, base, section, q, k);
             const Eigen::MatrixXd rope = rope_scores(n, rope_default_inv_freq(d, base), q, k, RopeLayout::half);
             return say_error(lang,
                              {"文本词元的 t、h、w 三行相同，都是它的顺序号，所以每一对不论跟随哪一行，转角都是 p·θᵢ。"
                               "{n} 个文本词元、d = {d}：M-RoPE 与一维 RoPE（前后两半配对）的最大差 = {err}{hint}。",
                               "A text token's rows t, h and w are equal, its running index, so whichever row a pair follows it turns by p·θᵢ. "
                               "With {n} text tokens and d = {d}: the largest difference between M-RoPE and 1-D RoPE (rotate_half pairs) = {err}{hint}."},
                              (mrope - rope).cwiseAbs().maxCoeff(), {{"n", integer(n)}, {"d", integer(d)}});
         }},
    };
    return s;
}

}  // namespace open_models_lesson
}  // namespace pelab
