// PE Lab — lessons/vit_2d/learnable_2d_table.cpp
// Step "learnable-2d-table" of lesson "vit-2d": a learned H×W table of position vectors and the holes a plain
// lookup leaves on a larger H2×W2 grid. The views of a change of resolution live here; the step bilinear-resize
// (bilinear_resize.cpp) shows the table interpolated bilinearly and the taps each new row and column reads.
// Comments are English only: the font subset is built from the characters inside this file's strings.
//
// [SECTION] the views
// [SECTION] the step
#include <algorithm>
#include <cmath>
#include <limits>
#include <string>
#include <vector>

#include "core/random.h"
#include "core/absolute/vit2d.h"
#include "lessons/lesson.h"
#include "lessons/lesson_util.h"
#include "lessons/vit_2d/vit_2d_lesson.h"

namespace pelab {
namespace vit_2d_lesson {

using namespace lessonui;

// [SECTION] the views
// All four figures of a change of resolution; this step shows the first two, bilinear-resize the last two.
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
        return say(lang, {"{pos} 取源坐标 ({sr}, {sc})，行 {r0}/{r1} (α = {wr})，列 {c0}/{c1} (α = {wc}) = {v}",
                          "{pos} reads source ({sr}, {sc}), rows {r0}/{r1} (α = {wr}), columns {c0}/{c1} (α = {wc}) = {v}"},
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
    taps.col_labels = {say(lang, {"源坐标 u", "source u"}), "i0", "i1", say(lang, {"i1 的权重 α", "weight α of i1"})};
    taps.col_decimals = {-1, 0, 0, -1};
    taps.decimals = 4;
    const std::vector<std::string> taps_notes = {
        say(lang, {"i0 = ⌊u⌋，i1 = i0 + 1（到边缘时不超过最后一个下标）；i1 的权重就是 α，i0 的是 1 − α。",
                   "i0 = ⌊u⌋, i1 = i0 + 1 (at most the last index); i1 weighs α, i0 weighs 1 − α."}),
        say(lang, {"与 PyTorch 的双线性插值相同（PyTorch: `F.interpolate`，`align_corners=False`）。实际模型多用双三次插值，"
                   "读 4×4 个格子（Hugging Face: `interpolate_pos_encoding`）。",
                   "The same bilinear resize as PyTorch's (PyTorch: `F.interpolate`, `align_corners=False`). Real models "
                   "mostly resize bicubically, reading 4×4 cells (Hugging Face: `interpolate_pos_encoding`)."})};

    // The plain lookup first: its holes are the step's point, so it is the large figure and the table beside it.
    return {make_view(say(lang, {"不插值，直接在 H2×W2 上查表（通道 {ch}）", "Looked up on H2×W2 without interpolation (channel {ch})"}, ch), nv,
                      {say(lang, {"{n} 个格子在原表之外，没有参数（画成斜线格）。",
                                  "{n} cells fall outside the learned table and have no parameters (drawn hatched)."},
                           {{"n", integer(missing)}})}),
            make_view(say(lang, {"学到的 H×W 表（通道 {ch}）", "Learned H×W table (channel {ch})"}, ch), orig),
            make_view(say(lang, {"双线性插值到 H2×W2（通道 {ch}）", "Bilinear interpolation to H2×W2 (channel {ch})"}, ch), rv,
                      {say(lang, {"插值后的 {n} 个格子中，空洞 = {bad} 个。", "Holes among the {n} interpolated cells: {bad}."},
                           {{"n", integer(static_cast<long long>(H2) * W2)}, {"bad", integer(static_cast<long long>(g2.array().isNaN().count()))}})}),
            make_view(say(lang, {"每个新行、新列读取的源位置", "What each new row and column reads"}), taps, taps_notes)};
}

namespace {

std::vector<ViewData> lookup_views(const Inputs& in, Lang lang) {
    std::vector<ViewData> all = resolution_views(in, lang);
    all.resize(2);  // the learned table and the plain lookup
    return all;
}

}  // namespace

// [SECTION] the step
namespace {

// The grids and the cells of the larger one that the learned table does not reach (the lookup's note counts the
// same).
std::vector<Arg> lookup_args(const Inputs& in, Lang) {
    const long long inside = static_cast<long long>(std::min(in.H, in.H2)) * std::min(in.W, in.W2);
    return {{"H", integer(in.H)},   {"W", integer(in.W)},
            {"H2", integer(in.H2)}, {"W2", integer(in.W2)},
            {"cells", integer(static_cast<long long>(in.H2) * in.W2)},
            {"holes", integer(static_cast<long long>(in.H2) * in.W2 - inside)}};
}

}  // namespace

Step learnable_table() {
    Step s = {
        "learnable-2d-table",
        {"可学习的二维表与分辨率变化", "A learnable 2-D table and a change of resolution"},
        {"可学习的位置编码给每个图块一个训练出来的向量（D 维），整张表 P 按网格排成 H×W；图中显示其中一个通道，即向量的一个分量。"
         "换成更大的网格 H2×W2 时，新位置在表里没有参数：直接查表会留下空洞（斜线格）。常用办法是把表当作图像插值到新尺寸，下一步讲。",
         "A learnable position embedding gives every patch its own trained vector of D numbers, and the table P is "
         "laid out as the H×W grid; the figures show one channel, one of the D numbers. On a larger grid H2×W2 the "
         "new positions have no parameters, so a plain lookup leaves holes (drawn hatched). The usual remedy treats "
         "the table as an image and interpolates it to the new size: the next step."},
        {"H", "W", "H2", "W2", "channel", "dim", "seed"},
        views_of(inputs, lookup_views),
        {R"tex(P \in \mathbb{R}^{HW \times D}, \qquad \mathrm{lookup}(r, c) = P[\,r\,W + c\,], \quad r < H,\ c < W)tex"},
    };
    s.takeaway = {"在 {H2}×{W2} 的网格上，{cells} 格中有 {holes} 格没有向量：可学习的表只有训练时的 {H}×{W} 个位置，之外什么都没学。",
                  "On the {H2}×{W2} grid {holes} of the {cells} cells have no vector, because a learned table holds only "
                  "the {H}×{W} positions it was trained on."};
    s.takeaway_args = args_of(inputs, lookup_args);
    return s;
}

}  // namespace vit_2d_lesson
}  // namespace pelab
