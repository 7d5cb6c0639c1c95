// PE Lab — lessons/vit_2d/bilinear_resize.cpp
// Step "bilinear-resize" of lesson "vit-2d": the learned table interpolated bilinearly to the larger H2×W2 grid
// (align_corners=False, as PyTorch), with the source positions and weights each new row and column reads. The
// views are built with the step learnable-2d-table's (resolution_views).
// Comments are English only: the font subset is built from the characters inside this file's strings.
//
// [SECTION] the step
#include <vector>

#include "lessons/lesson.h"
#include "lessons/lesson_util.h"
#include "lessons/vit_2d/vit_2d_lesson.h"

namespace pelab {
namespace vit_2d_lesson {

namespace {

std::vector<ViewData> interpolated_views(const Inputs& in, Lang lang) {
    std::vector<ViewData> all = resolution_views(in, lang);
    return {all[2], all[3]};  // the interpolated table and the taps (resolution_views: lookup, learned, these two)
}

}  // namespace

// [SECTION] the step
Step bilinear_resize() {
    return {
        "bilinear-resize",
        {"双线性插值填满新网格", "Bilinear interpolation fills the new grid"},
        {"把表当作图像双线性插值到 H2×W2，每个新格子都由四个学到的数加权得到。"
         "这里用双线性、align_corners=False，与 PyTorch 的 F.interpolate 相同：源坐标 = (in/out)·(dst + 0.5) − 0.5，负值截为 0。"
         "表格列出每个新行、新列读取的源位置和权重。"
         "MAE/DeiT 的 interpolate_pos_embed 与 timm 的 resample_abs_pos_embed 默认用双三次；这里选双线性，每格只由四个数加权而成。",
         "Interpolating the table bilinearly to H2×W2 gives every new cell a weighted sum of four learned numbers. "
         "Here bilinear with align_corners=False, as PyTorch's F.interpolate: source = (in/out)·(dst + 0.5) − 0.5, "
         "negatives clamped to 0. The table lists the source positions and weights each new row and column reads. "
         "MAE/DeiT's interpolate_pos_embed and timm's resample_abs_pos_embed default to bicubic; bilinear is used "
         "here so each cell is a weighted sum of just four numbers."},
        {"H", "W", "H2", "W2", "channel", "dim", "seed"},
        views_of(inputs, interpolated_views),
        {
         R"tex(x_{\mathrm{src}} = \max\!\left(0,\ \left(x + \tfrac{1}{2}\right) \frac{W}{W_2} - \tfrac{1}{2}\right))tex",
         R"tex(P_2[x] = (1 - w)\, P\big[\lfloor x_{\mathrm{src}} \rfloor\big] + w\, P\big[\lfloor x_{\mathrm{src}} \rfloor + 1\big], \quad w = x_{\mathrm{src}} - \lfloor x_{\mathrm{src}} \rfloor)tex"},
    };
}

}  // namespace vit_2d_lesson
}  // namespace pelab
