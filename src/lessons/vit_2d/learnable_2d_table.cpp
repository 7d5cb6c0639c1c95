// PE Lab — lessons/vit_2d/learnable_2d_table.cpp
// Step "learnable-2d-table" of lesson "vit-2d": a learned H×W table of position vectors, the holes a plain
// lookup leaves on a larger H2×W2 grid, and the table interpolated bilinearly (align_corners=False, as
// PyTorch) with the source positions and weights each new row and column reads.
// Comments are English only: the font subset is built from the characters inside this file's strings.
//
// [SECTION] the views
// [SECTION] the step
#include <cmath>
#include <limits>
#include <string>
#include <vector>

#include "core/random.h"
#include "core/vit2d.h"
#include "lessons/lesson.h"
#include "lessons/lesson_util.h"
#include "lessons/vit_2d/vit_2d_lesson.h"

namespace pelab {
namespace vit_2d_lesson {

using namespace lessonui;

// [SECTION] the views
namespace {

std::vector<ViewData> resolution_views(const Inputs& in, Lang lang) {
    SplitMix64 rng(static_cast<std::uint64_t>(in.seed));
    const Eigen::MatrixXd table = random_signed_matrix(in.H * in.W, in.dim, rng);
    const Eigen::MatrixXd g = on_grid(table.col(in.channel), in.H, in.W);
    const Eigen::MatrixXd resized = vit_resample_table(table, in.H, in.W, in.H2, in.W2);
    Eigen::MatrixXd g2(in.H2, in.W2), naive(in.H2, in.W2);
    int missing = 0;
    for (int r = 0; r < in.H2; ++r)
        for (int c = 0; c < in.W2; ++c) {
            g2(r, c) = resized(vit_token_index(r, c, in.W2), in.channel);
            const bool inside = r < in.H && c < in.W;
            naive(r, c) = inside ? g(r, c) : std::numeric_limits<double>::quiet_NaN();
            missing += inside ? 0 : 1;
        }
    const std::vector<Arg> ch{{"ch", integer(in.channel)}};
    const int H = in.H, W = in.W, H2 = in.H2, W2 = in.W2;

    HeatmapView orig = grid_map(g, lang, false);
    orig.is_signed = true;
    orig.explain = [g, H, W, lang](int r, int c) -> std::string {
        if (r < 0 || c < 0 || r >= H || c >= W) return "";
        return say(lang, {"图块 {pos} 的位置向量分量：{v}", "Patch {pos}: table entry {v}"}, {{"pos", coord(r, c)}, {"v", num(g(r, c))}});
    };

    HeatmapView nv = grid_map(naive, lang, false);
    nv.is_signed = true;
    nv.explain = [naive, H2, W2, lang](int r, int c) -> std::string {
        if (r < 0 || c < 0 || r >= H2 || c >= W2) return "";
        if (std::isnan(naive(r, c)))
            return say(lang, {"图块 {pos}：表里没有这个位置（斜线格）", "Patch {pos}: the table has no entry here (hatched)"}, {{"pos", coord(r, c)}});
        return say(lang, {"图块 {pos}：{v}", "Patch {pos}: {v}"}, {{"pos", coord(r, c)}, {"v", num(naive(r, c))}});
    };

    HeatmapView rv = grid_map(g2, lang, false);
    rv.is_signed = true;
    rv.explain = [g2, H, W, H2, W2, lang](int r, int c) -> std::string {
        if (r < 0 || c < 0 || r >= H2 || c >= W2) return "";
        const BilinearTap tr_ = vit_bilinear_tap(r, H, H2), tc = vit_bilinear_tap(c, W, W2);
        return say(lang, {"{pos} 取源坐标 ({sr}, {sc})，行 {r0}/{r1} (w = {wr})，列 {c0}/{c1} (w = {wc}) = {v}",
                          "{pos} reads source ({sr}, {sc}), rows {r0}/{r1} (w = {wr}), columns {c0}/{c1} (w = {wc}) = {v}"},
                   {{"pos", coord(r, c)},
                    {"sr", num(tr_.src)},
                    {"sc", num(tc.src)},
                    {"r0", integer(tr_.i0)},
                    {"r1", integer(tr_.i1)},
                    {"wr", num(tr_.w1)},
                    {"c0", integer(tc.i0)},
                    {"c1", integer(tc.i1)},
                    {"wc", num(tc.w1)},
                    {"v", num(g2(r, c))}});
    };

    TableView taps;
    taps.values.resize(H2 + W2, 4);
    for (int r = 0; r < H2; ++r) {
        const BilinearTap t = vit_bilinear_tap(r, H, H2);
        taps.values.row(r) << t.src, t.i0, t.i1, t.w1;
        taps.row_labels.push_back(say(lang, {"行 {i}", "row {i}"}, {{"i", integer(r)}}));
    }
    for (int c = 0; c < W2; ++c) {
        const BilinearTap t = vit_bilinear_tap(c, W, W2);
        taps.values.row(H2 + c) << t.src, t.i0, t.i1, t.w1;
        taps.row_labels.push_back(say(lang, {"列 {i}", "column {i}"}, {{"i", integer(c)}}));
    }
    taps.col_labels = {say(lang, {"源坐标", "source"}), "i0", "i1", say(lang, {"i1 的权重", "weight of i1"})};
    taps.col_decimals = {-1, 0, 0, -1};
    taps.decimals = 4;

    return {make_view(say(lang, {"学到的 H×W 表（通道 {ch}）", "Learned H×W table (channel {ch})"}, ch), orig),
            make_view(say(lang, {"不插值，直接在 H2×W2 上查表（通道 {ch}）", "Looked up on H2×W2 without interpolation (channel {ch})"}, ch), nv,
                      {say(lang, {"{n} 个格子在原表之外，没有参数（画成斜线格）。",
                                  "{n} cells fall outside the learned table and have no parameters (drawn hatched)."},
                           {{"n", integer(missing)}})}),
            make_view(say(lang, {"双线性插值到 H2×W2（通道 {ch}）", "Bilinear interpolation to H2×W2 (channel {ch})"}, ch), rv,
                      {say(lang, {"约定：双线性、align_corners=False，与 PyTorch F.interpolate 相同：源坐标 = (in/out)·(dst + 0.5) − 0.5，负值截为 0。",
                                  "Convention: bilinear with align_corners=False, as PyTorch F.interpolate: source = "
                                  "(in/out)·(dst + 0.5) − 0.5, negatives clamped to 0."}),
                       say(lang, {"MAE/DeiT 的 interpolate_pos_embed 与 timm 的 resample_abs_pos_embed 默认用双三次；这里选双线性，每格只由四个数加权而成。",
                                  "MAE/DeiT's interpolate_pos_embed and timm's resample_abs_pos_embed default to bicubic; "
                                  "bilinear is used here so each cell is a weighted sum of just four numbers."})}),
            make_view(say(lang, {"每个新行、新列读取的源位置", "Source positions read by each new row and column"}), taps)};
}

}  // namespace

// [SECTION] the step
Step learnable_table() {
    return {
        "learnable-2d-table",
        {"可学习的二维表与分辨率变化", "A learnable 2-D table and a change of resolution"},
        {"可学习的位置编码给每个图块一个向量，整张表按网格排成 H×W。换成更大的网格 H2×W2 时，新位置在表里没有参数："
         "直接查表会留下空洞。常用办法是把表当作图像插值到新尺寸。这里用双线性、align_corners=False（与 PyTorch 一致），"
         "表格列出每个新行、新列读取的源位置和权重。",
         "A learnable position embedding gives every patch a vector, and the whole table is laid out as an H×W "
         "grid. On a larger grid H2×W2 the new positions have no parameters, so a plain lookup leaves holes. The "
         "usual remedy treats the table as an image and interpolates it to the new size; here bilinear with "
         "align_corners=False, as in PyTorch, and the table lists the source positions and weights each new row and "
         "column reads."},
        {"H", "W", "H2", "W2", "channel", "dim", "seed"},
        views_of(inputs, resolution_views),
        {
         R"tex(x_{\mathrm{src}} = \max\!\left(0,\ \left(x + \tfrac{1}{2}\right) \frac{W}{W_2} - \tfrac{1}{2}\right))tex",
         R"tex(P_2[x] = (1 - w)\, P\big[\lfloor x_{\mathrm{src}} \rfloor\big] + w\, P\big[\lfloor x_{\mathrm{src}} \rfloor + 1\big], \quad w = x_{\mathrm{src}} - \lfloor x_{\mathrm{src}} \rfloor)tex"},
    };
}

}  // namespace vit_2d_lesson
}  // namespace pelab
