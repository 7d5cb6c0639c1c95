// PE Lab — lessons/open_models/m_rope.cpp
// Step "m-rope" of lesson "open-models": M-RoPE (Qwen2-VL): the 3-row position ids of HF `get_rope_index`
// and the scores of the whole sequence, whose text reduces to 1-D RoPE (a computed check). How `mrope_section`
// splits the pairs among the rows and the 2-D pattern inside the image are the next step (m_rope_image.cpp);
// both draw mrope_case (lesson.cpp). Its question (a check: the equation states it): what text alone gives. Every number shown comes from core
// (open_models.h, rope.h).
// Comments are English only: the font subset is built from the characters inside .cpp string literals.
//
// [SECTION] the views
// [SECTION] the step and its question
#include <algorithm>
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

// [SECTION] the views
namespace {

// "T0", "V3", ...: text or vision token and its index in the sequence.
std::vector<std::string> mrope_token_labels(const MropeSequence& s, int n) {
    const long long vision = mrope_vision_tokens(s);
    std::vector<std::string> out;
    for (int j = 0; j < n; ++j)
        out.push_back((j >= s.text_before && j < s.text_before + vision ? "V" : "T") + std::to_string(j));
    return out;
}

// One row per token, its three ids (t, h, w) side by side: a tall narrow matrix that fits the column beside
// the square score matrix.
ViewData mrope_ids_view(const MropeCase& c, Lang lang) {
    const int n = static_cast<int>(c.ids.cols());
    const long long vision = mrope_vision_tokens(c.seq);
    RowMatrix values = c.ids.transpose().cast<double>();
    HeatmapView h = labelled_matrix(values, mrope_token_labels(c.seq, n), {"t", "h", "w"},
                                    say(lang, {"词元（T 文本，V 图像）", "token (T text, V image)"}), say(lang, {"行", "row"}));
    h.integer = true;
    const Eigen::MatrixXi ids = c.ids;
    h.explain = [ids, lang](int r, int col) -> std::string {
        if (r < 0 || col < 0 || col >= 3 || r >= ids.cols()) return "";
        return say(lang, {"词元 {j}：(t, h, w) = ({t}, {h}, {w})", "token {j}: (t, h, w) = ({t}, {h}, {w})"},
                   {{"j", integer(r)}, {"t", integer(ids(0, r))}, {"h", integer(ids(1, r))}, {"w", integer(ids(2, r))}});
    };
    std::vector<std::string> notes = {
        say(lang, {"{n} 个词元：{tb} 个文本、{v} 个图像词元（{gt} × {gh} × {gw} 个图块，每 {m} × {m} 个合成一个）、{ta} 个文本。",
                   "{n} tokens: {tb} text, {v} image ({gt} × {gh} × {gw} patches, merged {m} × {m}), {ta} text."},
            {{"n", integer(n)}, {"tb", integer(c.seq.text_before)}, {"v", integer(vision)}, {"gt", integer(c.seq.grid_t)},
             {"gh", integer(c.seq.grid_h)}, {"gw", integer(c.seq.grid_w)}, {"m", integer(c.seq.merge)}, {"ta", integer(c.seq.text_after)}}),
    };
    if (c.seq.text_after > 0 && vision > 0)
        notes.push_back(say(lang, {"图像后的文本从目前最大的位置 + 1 = {p} 接着数。", "Text after the image resumes at the largest id so far + 1 = {p}."},
                            {{"p", integer(ids(0, n - c.seq.text_after))}}));
    if (c.adjusted)
        notes.push_back(say(lang, {"图块行列数取为 merge 的整数倍：{gh} × {gw}。", "The patch rows and columns were rounded to multiples of merge: {gh} × {gw}."},
                            {{"gh", integer(c.seq.grid_h)}, {"gw", integer(c.seq.grid_w)}}));
    return make_view(say(lang, {"每个词元的位置 (t, h, w)", "Position ids (t, h, w) per token"}), std::move(h), std::move(notes));
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
        say_error(lang, {"只有文本时（{n} 个词元，t = h = w）：M-RoPE 与一维 RoPE 的最大差 = {err}{hint}。",
                         "Text alone ({n} tokens, t = h = w): largest difference between M-RoPE and 1-D RoPE = {err}{hint}."},
                  max_abs(mrope_text - rope_text), {{"n", integer(nt)}}),
    };
    // The equation's a(i) and b for the current section and base: which row each run of pairs follows.
    const std::vector<int> rows = mrope_pair_rows(c.section);
    std::vector<std::string> runs;
    for (int row = 0; row < 3; ++row) {
        int first = -1, last = -1;
        for (int i = 0; i < static_cast<int>(rows.size()); ++i)
            if (rows[static_cast<std::size_t>(i)] == row) {
                if (first < 0) first = i;
                last = i;
            }
        runs.push_back(first < 0 ? say(lang, {"无", "none"}) : integer(first) + "–" + integer(last));
    }
    notes.push_back(say(lang, {"a(i)：第 {t} 对跟随 t，第 {h} 对跟随 h，第 {w} 对跟随 w；b = {b}。",
                               "a(i): pairs {t} follow t, {h} follow h, {w} follow w; b = {b}."},
                        {{"t", runs[0]}, {"h", runs[1]}, {"w", runs[2]}, {"b", num(in.mrope_base)}}));
    return make_view(say(lang, {"整个序列的分数 S[m][n]（q = k = 全 1）", "Scores S[m][n] of the whole sequence (q = k = all ones)"}), std::move(h),
                     std::move(notes));
}

std::vector<ViewData> mrope_views(const Inputs& in, Lang lang) {
    const MropeCase c = mrope_case(in);
    // The square score matrix leads: its text blocks carry the check against 1-D RoPE (the step's claim), and a
    // 3-row strip could not cover a fifth of the window. The three rows of ids that make it go beside or under it.
    // The 2-D pattern inside the image is the next step.
    return {mrope_scores_view(in, c, lang), mrope_ids_view(c, lang)};
}

}  // namespace

// [SECTION] the step and its question
Step multimodal_rope() {
    Step s = {
        "m-rope",
        {"M-RoPE：每个词元三个位置", "M-RoPE: three position ids per token"},
        {"为了让图像按二维摆放，[[m-rope|M-RoPE]]（Qwen2-VL 7B）给每个词元三个位置 (t, h, w)：时间、高、宽。"
         "文本词元三个位置都是它的顺序号；图像词元是起点加它在合并后网格里的下标，图像后的文本从最大位置加 1 接着数。"
         "每个[[frequency-pair|频率对]] i 只跟随一行 a(i) 转动（下一步），θᵢ = b^(−2i/d)，b 是[[base|底数]]。分数矩阵取 q = k = 全 1。"
         "（Hugging Face：`get_rope_index` 给出这些位置，`rotate_half` 把前后两半配对，配置里的 `mrope_section` 定出每段的对数。）",
         "To lay an image out in 2-D, [[m-rope|M-RoPE]] (Qwen2-VL 7B) gives each token three positions (t, h, w): time, "
         "height and width. A text token has its running index in all three; an image token adds its index in the merged grid "
         "to the start, and text after the image resumes at the largest id + 1. Each [[frequency-pair|frequency pair]] i turns "
         "with one row a(i) (next step), at θᵢ = b^(−2i/d) with [[base]] b; the scores use q = k = all ones. (Hugging Face: "
         "`get_rope_index` gives the ids, `rotate_half` pairs the two halves, and the config's `mrope_section` sets the runs of "
         "pairs.)"},
        {"text_before", "grid_t", "grid_h", "grid_w", "merge", "text_after", "section", "mrope_base"},
        views_of(read_inputs, mrope_views),
        {{R"tex(\mathrm{pos}_j=(t_j,\,h_j,\,w_j),\qquad \text{第 } i \text{ 对转过 } \mathrm{pos}_{j,\,a(i)}\,\theta_i,\quad \theta_i=b^{-2i/d})tex", R"tex(\mathrm{pos}_j=(t_j,\,h_j,\,w_j),\qquad \text{pair } i \text{ turns by } \mathrm{pos}_{j,\,a(i)}\,\theta_i,\quad \theta_i=b^{-2i/d})tex"},
         {R"tex(t_j=h_j=w_j=p_j\ \Rightarrow\ \text{M-RoPE}=\text{一维 RoPE})tex", R"tex(t_j=h_j=w_j=p_j\ \Rightarrow\ \text{M-RoPE}=\text{1-D RoPE})tex"}},
    };
    s.takeaway = {"图像有行有列，所以每个词元有三个位置：t 时间、h 行、w 列；文本词元 t = h = w，纯文本的 M-RoPE 就是一维 RoPE（差 {err}）。",
                  "An image has rows and columns, so each token gets three ids: t time, h row (height), w column (width); text has "
                  "t = h = w, so text alone is 1-D RoPE (difference {err})."};
    s.takeaway_args = args_of(read_inputs, +[](const Inputs& in, Lang) {
        const MropeCase c = mrope_case(in);
        MropeSequence text = c.seq;
        text.grid_t = 0;
        const Eigen::MatrixXi ids = mrope_position_ids(text);
        const Eigen::MatrixXd m = mrope_scores(ids, in.mrope_base, c.section, c.q, c.k);
        const Eigen::MatrixXd r = rope_scores(static_cast<int>(ids.cols()), rope_default_inv_freq(c.d, in.mrope_base), c.q, c.k, RopeLayout::half);
        return std::vector<Arg>{{"err", exact(max_abs(m - r))}};
    });
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
                               "With {n} text tokens and d = {d}: the largest difference between M-RoPE and 1-D RoPE (pairs of the two halves) = {err}{hint}."},
                              (mrope - rope).cwiseAbs().maxCoeff(), {{"n", integer(n)}, {"d", integer(d)}});
         }},
    };
    return s;
}

}  // namespace open_models_lesson
}  // namespace pelab
