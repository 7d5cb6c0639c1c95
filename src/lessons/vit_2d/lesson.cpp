// PE Lab — lessons/vit_2d/lesson.cpp
// Lesson "vit-2d": positions on a patch grid in 7 steps: row-major flattening and the (HW)×(HW) attention
// table, a learnable 2-D table, its plain lookup and its interpolation on a resolution change, MAE's 2-D sin-cos table, axial
// 2-D RoPE as in naver-ai/rope-vit, Swin's relative position index, and the recap that sets them side by side.
// Every number shown comes from core (vit2d.h, random.h).
// Comments are English only: the font subset is built from the characters inside this file's strings.
//
// This file holds the parameter table, the grid view builders several steps share and the order of the steps;
// each step (its views and questions) is in the file named for its id.
//
// [SECTION] parameters and inputs
// [SECTION] shared view builders
// [SECTION] the lesson
#include <algorithm>
#include <string>
#include <vector>

#include "core/absolute/vit2d.h"
#include "lessons/lesson.h"
#include "lessons/lesson_util.h"
#include "lessons/vit_2d/vit_2d_lesson.h"

namespace pelab {

namespace vit_2d_lesson {

using namespace lessonui;

// [SECTION] parameters and inputs
const ParamTable<Inputs>& params() {
    static const ParamTable<Inputs> table{
        {Key::shared("H").range(1, 16).def("3"), &Inputs::H},
        {Key::shared("W").range(1, 16).def("4"), &Inputs::W},
        {Key::integer("patch", 0, 255, "5", {"选中的图块（点击格子）", "selected patch (click a cell)"}), &Inputs::patch},
        {Key::integer("H2", 1, 16, "5", {"分辨率改变后的行数", "rows after the resolution change"}), &Inputs::H2},
        {Key::integer("W2", 1, 16, "6", {"分辨率改变后的列数", "columns after the resolution change"}), &Inputs::W2},
        {Key::integer("channel", 0, 63, "0", {"显示的表的通道", "channel of the table shown"}), &Inputs::channel},
        {Key::integer("dim", 4, 64, "16",
                      {"位置向量的维度（RoPE 中是每个头的维度；4 的倍数）",
                       "dimension of the position vectors (a head's dimension for RoPE; a multiple of 4)"})
                 .multiple_of(4),
         &Inputs::dim},
        {Key::real("theta", 1, 10000, "100",
                   {"轴向 RoPE 的频率底数（rope-vit 的 theta，默认 100）", "frequency base of axial RoPE (rope-vit's theta, default 100)"})
                 .sym("base"),
         &Inputs::theta},
        {Key::shared("seed").def("1").about({"生成表与向量所用的随机种子", "random seed of the table and vectors"}),
         &Inputs::seed},
    };
    return table;
}

// The inputs through the table, with the selections that depend on other keys kept inside the grid and the
// dimension.
Inputs inputs(const ParamSet& p) {
    Inputs in = params().read(p);
    in.patch = std::min(in.patch, in.H * in.W - 1);
    in.channel = std::min(in.channel, in.dim - 1);
    return in;
}

// [SECTION] shared view builders
std::string coord(int r, int c) { return "(" + integer(r) + "," + integer(c) + ")"; }

// An H×W grid heatmap whose cells are patches; clicking a cell selects that patch.
HeatmapView grid_map(const Eigen::MatrixXd& G, Lang lang, bool selectable) {
    HeatmapView v = index_matrix(G, say(lang, {"行 r", "row r"}), say(lang, {"列 c", "column c"}));
    if (selectable) {
        v.select_mode = HeatmapView::SelectMode::Cell;
        v.select_param = "patch";
    }
    return v;
}

// The selectable grid with the selected patch outlined.
HeatmapView selected_patch_map(const Eigen::MatrixXd& G, const Inputs& in, Lang lang) {
    HeatmapView v = grid_map(G, lang, true);
    v.highlight_cells = {{vit_token_row(in.patch, in.W), vit_token_col(in.patch, in.W)}};
    return v;
}

// One value per token laid out on the H×W grid: token t at the row and column of its patch.
Eigen::MatrixXd on_grid(const Eigen::VectorXd& per_token, int H, int W) {
    Eigen::MatrixXd G(H, W);
    for (int t = 0; t < H * W; ++t) G(vit_token_row(t, W), vit_token_col(t, W)) = per_token(t);
    return G;
}

// [SECTION] the lesson
namespace {

Lesson make_lesson() {
    Lesson lesson;
    lesson.id = "vit-2d";
    lesson.title = {"视觉 Transformer 的二维位置", "2-D positions in Vision Transformers"};
    use_params(lesson, params());
    lesson.result_shape = [](const ParamSet& p) {  // N×N pair tables over N = H·W (or H2·W2) patches, N×D tables
        const Inputs in = params().read(p);
        const long long N = std::max((long long)in.H * in.W, (long long)in.H2 * in.W2);
        return std::vector<long long>{N, std::max(N, 1024LL)};
    };
    lesson.steps = {patch_grid(), learnable_table(), bilinear_resize(), mae_sincos(), axial_rope(), swin_index(), recap()};
    // The five steps before learnable-2d-table was split (its interpolation is now bilinear-resize).
    lesson.old_numbering = {"patch-grid", "learnable-2d-table", "mae-sincos", "axial-rope", "swin-index"};
    lesson.references = {"dosovitskiy2021", "he2022", "heo2024", "liu2021"};
    return lesson;
}

}  // namespace
}  // namespace vit_2d_lesson

const Lesson* lesson_vit_2d() {
    static const Lesson lesson = vit_2d_lesson::make_lesson();
    return &lesson;
}

}  // namespace pelab
