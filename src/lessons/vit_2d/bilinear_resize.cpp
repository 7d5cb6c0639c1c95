// PE Lab — lessons/vit_2d/bilinear_resize.cpp
// Step "bilinear-resize" of lesson "vit-2d": the learned table interpolated bilinearly to the larger H2×W2 grid
// (align_corners=False, as PyTorch), with the source positions and weights each new row and column reads. The
// views are built with the step learnable-2d-table's (resolution_views); the code names (PyTorch's, MAE's, timm's)
// are in the taps' note.
// Comments are English only: the font subset is built from the characters inside this file's strings.
//
// [SECTION] the step
#include <cstdint>
#include <vector>

#include "core/random.h"
#include "core/absolute/vit2d.h"
#include "lessons/lesson.h"
#include "lessons/lesson_util.h"
#include "lessons/vit_2d/vit_2d_lesson.h"

namespace pelab {
namespace vit_2d_lesson {

using namespace lessonui;

namespace {

std::vector<ViewData> interpolated_views(const Inputs& in, Lang lang) {
    std::vector<ViewData> all = resolution_views(in, lang);
    return {all[2], all[3]};  // the interpolated table and the taps (resolution_views: lookup, learned, these two)
}

}  // namespace

// [SECTION] the step
namespace {

// The larger grid and its holes after interpolation, counted in the channel the figure shows (the same seeded
// table as resolution_views, resized the same way).
std::vector<Arg> resize_args(const Inputs& in, Lang) {
    SplitMix64 rng(static_cast<std::uint64_t>(in.seed));
    const Eigen::MatrixXd table = random_signed_matrix(in.H * in.W, in.dim, rng);
    const Eigen::MatrixXd resized = vit_resample_table(table, in.H, in.W, in.H2, in.W2);
    const long long holes = resized.col(in.channel).array().isNaN().count();
    return {{"H2", integer(in.H2)}, {"W2", integer(in.W2)}, {"holes", integer(holes)}};
}

}  // namespace

Step bilinear_resize() {
    Step s = {
        "bilinear-resize",
        {"双线性插值填满新网格", "Bilinear interpolation fills the new grid"},
        {"常用的办法把学到的表当作图像，用[[bilinear-interpolation|双线性插值]]缩放到 H2×W2。"
         "新坐标 x 对应源坐标 u = (x + ½)·W/W2 − ½，负值截为 0（与 PyTorch 不对齐角点时相同）；行同理，用 H/H2。"
         "表格列出每个新行、新列读取的源位置 i0、i1 和权重 α。实际代码多用双三次插值，这里选双线性，每格只由四个数加权而成。",
         "The usual remedy treats the learned table as an image and resizes it to H2×W2 by [[bilinear-interpolation|bilinear "
         "interpolation]]. A new coordinate x reads the source u = (x + ½)·W/W2 − ½, clamped at 0 (as PyTorch with "
         "corners not aligned); rows likewise with H/H2. The table lists the source positions i0, i1 and the weight "
         "α each new row and column reads. Real code mostly resizes bicubically; bilinear is used here so that each "
         "cell is a weighted sum of just four numbers."},
        {"H", "W", "H2", "W2", "channel", "dim", "seed"},
        views_of(inputs, interpolated_views),
        {
         R"tex(u = \max\!\left(0,\ \left(x + \tfrac{1}{2}\right) \frac{W}{W_2} - \tfrac{1}{2}\right), \qquad i_0 = \lfloor u \rfloor,\ i_1 = i_0 + 1)tex",
         R"tex(P_2[x] = (1 - \alpha)\, P[i_0] + \alpha\, P[i_1], \qquad \alpha = u - i_0)tex"},
    };
    s.takeaway = {"{H2}×{W2} 上插值后的空洞为 {holes}：每个新格子都是源位置周围 2×2 个学到的格子的加权平均，而这些格子总在原表里。",
                  "Interpolated to {H2}×{W2}, the table has {holes} holes: each new cell averages 2×2 learned cells inside the old table."};
    s.takeaway_args = args_of(inputs, resize_args);
    return s;
}

}  // namespace vit_2d_lesson
}  // namespace pelab
