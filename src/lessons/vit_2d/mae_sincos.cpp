// PE Lab — lessons/vit_2d/mae_sincos.cpp
// Step "mae-sincos" of lesson "vit-2d": MAE's 2-D sin-cos table (the first half of the dimensions encodes
// the column, the second the row) and the dot product of the selected patch with every patch, a column part
// plus a row part. Its question, a prediction: which half two patches in one column share (the title, the first
// sentence and the equations leave it open; the table's axis and notes, covered until then, answer it).
// Comments are English only: the font subset is built from the characters inside this file's strings.
//
// [SECTION] the views
// [SECTION] the step and its question
#include <algorithm>
#include <cmath>
#include <string>
#include <vector>

#include "core/absolute/vit2d.h"
#include "lessons/lesson.h"
#include "lessons/lesson_util.h"
#include "lessons/vit_2d/vit_2d_lesson.h"

namespace pelab {
namespace vit_2d_lesson {

using namespace lessonui;

// [SECTION] the views
namespace {

std::vector<ViewData> mae_views(const Inputs& in, Lang lang) {
    const int H = in.H, W = in.W, N = H * W, D = in.dim;
    const Eigen::MatrixXd E = mae_2d_sincos(H, W, D);
    HeatmapView heat;
    heat.values = to_rows(E);
    heat.row_labels = index_labels(N);
    for (int half = 0; half < 2; ++half)
        for (int part = 0; part < 2; ++part)
            for (int k = 0; k < D / 4; ++k)
                heat.col_labels.push_back(std::string(half == 0 ? "c" : "r") + (part == 0 ? " sin" : " cos") + sub(k));
    heat.row_axis = say(lang, {"词元 t", "token t"});
    heat.col_axis = say(lang, {"维度（前一半编码列 c，后一半编码行 r）", "dimension (first half: column c, second half: row r)"});
    heat.is_signed = true;
    heat.highlight_row = in.patch;
    heat.explain = [E, N, D, W, lang](int r, int c) -> std::string {
        if (r < 0 || c < 0 || r >= N || c >= D) return "";
        const int half = c / (D / 2), within = c % (D / 2), k = within % (D / 4);
        const bool is_sin = within < D / 4;
        const int pos = half == 0 ? vit_token_col(r, W) : vit_token_row(r, W);
        return say(lang, {"词元 {t} {tc}：{fn}({axis}·ω{k}) = {fn}({pos}·{omega}) = {v}",
                          "Token {t} {tc}: {fn}({axis}·ω{k}) = {fn}({pos}·{omega}) = {v}"},
                   {{"t", integer(r)},
                    {"tc", coord(vit_token_row(r, W), vit_token_col(r, W))},
                    {"fn", is_sin ? "sin" : "cos"},
                    {"axis", half == 0 ? "c" : "r"},
                    {"k", sub(k)},
                    {"pos", integer(pos)},
                    {"omega", num(1.0 / std::pow(10000.0, k / (D / 4.0)))},
                    {"v", num(E(r, c))}});
    };
    double col_err = 0, row_err = 0;
    for (int a = 0; a < N; ++a)
        for (int b = 0; b < N; ++b) {
            if (vit_token_col(a, W) == vit_token_col(b, W))
                col_err = std::max(col_err, (E.row(a).head(D / 2) - E.row(b).head(D / 2)).cwiseAbs().maxCoeff());
            if (vit_token_row(a, W) == vit_token_row(b, W))
                row_err = std::max(row_err, (E.row(a).tail(D / 2) - E.row(b).tail(D / 2)).cwiseAbs().maxCoeff());
        }

    Eigen::MatrixXd sim(H, W);
    for (int t = 0; t < N; ++t) sim(vit_token_row(t, W), vit_token_col(t, W)) = E.row(in.patch).dot(E.row(t));
    HeatmapView sv = selected_patch_map(sim, in, lang);
    const int sel = in.patch;
    sv.explain = [sim, H, W, sel, lang](int r, int c) -> std::string {
        if (r < 0 || c < 0 || r >= H || c >= W) return "";
        return say(lang, {"PE({a})·PE({b}) = {v}，δ = ({dr}, {dc})", "PE({a})·PE({b}) = {v}, δ = ({dr}, {dc})"},
                   {{"a", integer(sel)},
                    {"b", integer(vit_token_index(r, c, W))},
                    {"v", num(sim(r, c))},
                    {"dr", integer(vit_token_row(sel, W) - r)},
                    {"dc", integer(vit_token_col(sel, W) - c)}});
    };
    return {make_view(say(lang, {"MAE 二维 sin-cos：每个词元一行（D = dim）", "MAE 2-D sin-cos: one row per token (D = dim)"}), heat,
                      {say(lang, {"同一列的词元，前一半的最大差 = {col}；同一行的词元，后一半的最大差 = {row}",
                                  "Tokens in one column: largest difference in the first half = {col}; tokens in one row, second half: {row}"},
                           {{"col", exact(col_err)}, {"row", exact(row_err)}}),
                       say(lang, {"（Hugging Face: `get_2d_sincos_pos_embed`；它把前一半叫 `emb_h`，却用列坐标 `grid_w` 算出。）",
                                  "(Hugging Face: `get_2d_sincos_pos_embed`; it names the first half `emb_h`, yet fills it from "
                                  "`grid_w`, the column.)"})}),
            make_view(say(lang, {"与图块 {p} 的内积", "Dot with patch {p}"}, {{"p", integer(in.patch)}}), sv)};
}

}  // namespace

// [SECTION] the step and its question
namespace {

// The largest difference of two patches of one column in the first half, as the table's note measures it.
std::vector<Arg> mae_args(const Inputs& in, Lang) {
    const int H = in.H, W = in.W, D = in.dim;
    const Eigen::MatrixXd E = mae_2d_sincos(H, W, D);
    double col_err = 0;
    for (int a = 0; a < H * W; ++a)
        for (int b = 0; b < H * W; ++b)
            if (vit_token_col(a, W) == vit_token_col(b, W))
                col_err = std::max(col_err, (E.row(a).head(D / 2) - E.row(b).head(D / 2)).cwiseAbs().maxCoeff());
    return {{"col", exact(col_err)}};
}

}  // namespace

Step mae_sincos() {
    Step s = {
        "mae-sincos",
        {"MAE 的二维 sin-cos", "MAE's 2-D sin-cos"},
        {"[[mae|MAE]] 用一张固定的二维 sin-cos 表：每个位置向量的一半是一个坐标的一维正弦余弦编码，另一半是另一个坐标的。"
         "每一半里先放所有 sin，再放所有 cos，频率 ω_j = 10000^(−4j/D)。"
         "右图是选中图块与所有图块的内积：两半各自的内积相加，每一半只依赖它那条轴上的距离。",
         "[[mae|MAE]] uses a fixed 2-D sin-cos table: half of each position vector is a 1-D sine-cosine code of one "
         "coordinate, the other half of the other. Within each half all sines come first, then all cosines, at "
         "frequencies ω_j = 10000^(−4j/D). The second figure shows the dot product of the selected patch with every "
         "patch: the two halves' dot products added, each depending only on the distance along its own axis."},
        {"H", "W", "patch", "dim"},
        views_of(inputs, mae_views),
        {
         R"tex(\mathrm{PE}_{1D}(x) = \big[\, \sin(x\,\omega_j),\ \cos(x\,\omega_j) \,\big]_j, \qquad \omega_j = 10000^{-4j/D})tex",
         R"tex(\mathrm{PE}(r, c) \cdot \mathrm{PE}(r', c') = \sum_j \cos\big(\omega_j \Delta c\big) + \sum_j \cos\big(\omega_j \Delta r\big))tex"},
    };
    // Covered until answered (a prediction): it names the half.
    s.takeaway = {"同一列的图块前一半相差 {col}，因为前一半编码列 c；所以内积是列部分加行部分，各自只取决于 Δc 或 Δr。",
                  "Column patches differ by {col} in the first half, which encodes c: the dot product is a Δc part plus a Δr part."};
    s.takeaway_args = args_of(inputs, mae_args);
    s.questions = {
        {{"MAE 的二维 sin-cos 编码里，同一列、不同行的两个图块，编码的哪一部分完全相同？",
          "In MAE's 2-D sin-cos code, two patches in the same column but different rows: which part of their code is identical?"},
         {{"编码列号的那一半", "The half that codes the column"},
          {"编码行号的那一半", "The half that codes the row"},
          {"没有：每一项都混合了 r 和 c", "None: every entry mixes r and c"}},
         0,
         [](const ParamSet& p, Lang lang) {
             const Inputs in = inputs(p);
             const int H = in.H, W = in.W;
             const int D = in.dim;  // a multiple of 4, at least 4 (the table)
             const Eigen::MatrixXd table = mae_2d_sincos(std::max(H, 2), W, D);
             // Patches (0, 0) and (1, 0): one column, two rows.
             const int below = vit_token_index(1, 0, W);
             const double first = (table.row(0).head(D / 2) - table.row(below).head(D / 2)).cwiseAbs().maxCoeff();
             const double second = (table.row(0).tail(D / 2) - table.row(below).tail(D / 2)).cwiseAbs().maxCoeff();
             return say_error(lang,
                              {"MAE 的 meshgrid 先放 w，所以前一半由列号算出（代码里却叫 emb_h）。D = {D} 时，图块 (0, 0) 与 "
                               "(1, 0) 的前一半最大差 {err}{hint}，后一半最大差 {second}。",
                               "MAE's meshgrid puts w first, so the first half is built from the column (though the code "
                               "names it emb_h). With D = {D}, patches (0, 0) and (1, 0) differ by at most {err}{hint} in "
                               "the first half and {second} in the second."},
                              first, {{"D", integer(D)}, {"second", num(second, 3)}});
         }},
    };
    s.questions[0].predict = true;  // asked before the table: it, its notes and the takeaway are covered until then
    return s;
}

}  // namespace vit_2d_lesson
}  // namespace pelab
