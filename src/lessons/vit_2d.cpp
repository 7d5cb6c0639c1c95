// PE Lab — lessons/vit_2d.cpp
// Lesson "vit-2d": positions on a patch grid in 5 steps: row-major flattening and the (HW)×(HW) attention
// table, a learnable 2-D table and its interpolation on a resolution change, MAE's 2-D sin-cos table, axial
// 2-D RoPE as in naver-ai/rope-vit, and Swin's relative position index. Every number shown comes from core
// (vit2d.h, random.h).
// Comments are English only: the font subset is built from the characters inside this file's strings.
//
// [SECTION] parameters and inputs
// [SECTION] shared view builders
// [SECTION] step 1: the patch grid and its flattening
// [SECTION] step 2: a learnable table and a change of resolution
// [SECTION] step 3: MAE's 2-D sin-cos
// [SECTION] step 4: axial 2-D RoPE
// [SECTION] step 5: Swin's relative position index
// [SECTION] the lesson
#include <algorithm>
#include <cmath>
#include <limits>
#include <map>
#include <string>

#include "core/random.h"
#include "core/vit2d.h"
#include "lessons/questions/question_tables.h"
#include "lessons/lesson.h"
#include "lessons/lesson_util.h"

namespace pelab {

namespace vit_2d_lesson {
namespace {

using namespace lessonui;

// [SECTION] parameters and inputs
struct Inputs {
    int H = 0, W = 0, patch = 0, H2 = 0, W2 = 0, channel = 0, dim = 0;
    double theta = 0;
    int seed = 0;
};

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

// [SECTION] step 1: the patch grid and its flattening

std::vector<ViewData> flattening_views(const Inputs& in, Lang lang) {
    const int H = in.H, W = in.W, N = H * W;
    Eigen::MatrixXd idx(H, W);
    for (int r = 0; r < H; ++r)
        for (int c = 0; c < W; ++c) idx(r, c) = vit_token_index(r, c, W);
    HeatmapView grid = selected_patch_map(idx, in, lang);
    grid.integer = true;
    grid.decimals = 0;
    grid.explain = [H, W, lang](int r, int c) -> std::string {
        if (r < 0 || c < 0 || r >= H || c >= W) return "";
        return say(lang, {"图块 {pos} → 词元 t = {r}·{W} + {c} = {t}", "Patch {pos} → token t = {r}·{W} + {c} = {t}"},
                   {{"pos", coord(r, c)}, {"r", integer(r)}, {"W", integer(W)}, {"c", integer(c)}, {"t", integer(vit_token_index(r, c, W))}});
    };

    Eigen::MatrixXd A = Eigen::MatrixXd::Zero(N, N);
    int flat_neighbours = 0, true_neighbours = 0;
    for (int a = 0; a < N; ++a)
        for (int b = 0; b < N; ++b) {
            const int dr = vit_token_row(a, W) - vit_token_row(b, W), dc = vit_token_col(a, W) - vit_token_col(b, W);
            if (dr == 0 && dc == -1) {
                A(a, b) = 1;
                ++true_neighbours;
            }
            if (b == a + 1) ++flat_neighbours;
        }
    HeatmapView att = index_matrix(A, say(lang, {"查询词元 q", "query token q"}), say(lang, {"键词元 k", "key token k"}));
    att.qk_axes = true;
    att.integer = true;
    att.decimals = 0;
    att.highlight_row = in.patch;
    att.explain = [A, N, W, lang](int r, int c) -> std::string {
        if (r < 0 || c < 0 || r >= N || c >= N) return "";
        const int dr = vit_token_row(r, W) - vit_token_row(c, W), dc = vit_token_col(r, W) - vit_token_col(c, W);
        return say(lang, {"q = {q} {qc}, k = {k} {kc}：δ = ({dr}, {dc})，分数 {score}", "q = {q} {qc}, k = {k} {kc}: δ = ({dr}, {dc}), score {score}"},
                   {{"q", integer(r)},
                    {"qc", coord(vit_token_row(r, W), vit_token_col(r, W))},
                    {"k", integer(c)},
                    {"kc", coord(vit_token_row(c, W), vit_token_col(c, W))},
                    {"dr", integer(dr)},
                    {"dc", integer(dc)},
                    {"score", num(A(r, c))}});
    };
    return {make_view(say(lang, {"图块网格：格子里是展平后的词元序号 t = r·W + c", "Patch grid: each cell holds its token index t = r·W + c"}), grid,
                      {say(lang, {"网格有 H·W = {N} 个位置；注意力表是 N×N = {N}×{N}，共 {pairs} 对。",
                                  "The grid has H·W = {N} positions; the attention table is N×N = {N}×{N}, {pairs} pairs."},
                           {{"N", integer(N)}, {"pairs", integer(static_cast<long long>(N) * N)}})}),
            make_view(say(lang, {"规则“关注右边一格”：δ = q − k = (0, −1) 处为 1", "Rule \"attend to the patch on the right\": 1 where δ = q − k = (0, −1)"}),
                      att,
                      {say(lang, {"展平后的对角线 k = q + 1 有 {flat} 个格子，但真正的右邻只有 {right} 个：行末的格子跳到下一行开头，一维的 Δ 不等于二维的 δ。",
                                  "The flat diagonal k = q + 1 has {flat} cells, but only {right} are right neighbours: the last cell of a "
                                  "row jumps to the start of the next, so a 1-D Δ is not a 2-D δ."},
                           {{"flat", integer(flat_neighbours)}, {"right", integer(true_neighbours)}})})};
}

Step patch_grid() {
    return {
        "patch-grid",
        {"图块网格与按行展平", "The patch grid and its row-major flattening"},
        {"图像是二维的，Transformer 读的却是一维的词元序列，所以视觉模型的每一种位置编码都要先说清：网格上的位置怎样变成词元编号，两个词元之间的偏移又是什么。"
         "ViT 把图像切成 H×W 个[[patch|图块]]，每个图块是一个词元，按行展平：图块 (r, c) 成为第 t = r·W + c 个词元。"
         "注意力表仍是 N×N（N = H·W），每个格子是一对词元；二维的相对位移是向量 δ = (Δr, Δc)。"
         "右边的表实现“关注右边一格”：它在展平后并不是一整条对角线。点击网格的格子可以换选中的图块。",
         "An image is 2-D but a transformer reads a 1-D sequence of tokens, so every position encoding for vision "
         "first has to settle how a grid position becomes a token index and what the offset between two tokens is. "
         "A ViT cuts the image into H×W [[patch|patches]], one token each, flattened row by row: patch (r, c) becomes token "
         "t = r·W + c. The attention table is still N×N (N = H·W), one cell per pair of tokens; the relative offset "
         "in 2-D is a vector δ = (Δr, Δc). The second table implements 'attend to the patch on the right', which "
         "after flattening is not one whole diagonal. Click a grid cell to select another patch."},
        {"H", "W", "patch"},
        views_of(inputs, flattening_views),
        {
         R"tex(t = r \cdot W + c, \qquad N = H \cdot W)tex",
         R"tex(\delta = (\Delta r, \Delta c))tex"},
    };
}

// [SECTION] step 2: a learnable table and a change of resolution

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

// [SECTION] step 3: MAE's 2-D sin-cos

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
        return say(lang, {"⟨E{a}, E{b}⟩ = {v}，δ = ({dr}, {dc})", "⟨E{a}, E{b}⟩ = {v}, δ = ({dr}, {dc})"},
                   {{"a", sub(sel)},
                    {"b", sub(vit_token_index(r, c, W))},
                    {"v", num(sim(r, c))},
                    {"dr", integer(vit_token_row(sel, W) - r)},
                    {"dc", integer(vit_token_col(sel, W) - c)}});
    };
    return {make_view(say(lang, {"MAE 2-D sin-cos：每个词元一行", "MAE 2-D sin-cos: one row per token"}), heat,
                      {say(lang, {"同一列的词元，前一半的最大差 = {col}；同一行的词元，后一半的最大差 = {row}",
                                  "Tokens in one column: largest difference in the first half = {col}; tokens in one row, second half: {row}"},
                           {{"col", exact(col_err)}, {"row", exact(row_err)}}),
                       say(lang, {"MAE 的代码把前一半叫 emb_h，但它来自 meshgrid(grid_w, grid_h) 的第一个分量，也就是列坐标。",
                                  "MAE's code names the first half emb_h, yet it is built from grid[0] of "
                                  "meshgrid(grid_w, grid_h), which holds the column coordinate."})}),
            make_view(say(lang, {"选中图块与每个图块的内积（点击格子换图块）", "Dot product of the selected patch with every patch (click to change)"}), sv,
                      {say(lang, {"内积 = 列部分 + 行部分，各自只依赖该轴上的距离。",
                                  "The dot product is a column part plus a row part, each depending only on the distance "
                                  "along its axis."})})};
}

Step mae_sincos() {
    return {
        "mae-sincos",
        {"MAE 的二维 sin-cos", "MAE's 2-D sin-cos"},
        {"MAE 的 get_2d_sincos_pos_embed 把维度分成两半：前一半用一维 sin-cos 编码列坐标，后一半编码行坐标；"
         "每一半里先放所有 sin，再放所有 cos。所以同一列的图块前一半完全相同，同一行的图块后一半完全相同。"
         "右图是选中图块与所有图块的内积，它是列部分与行部分之和。",
         "MAE's get_2d_sincos_pos_embed splits the dimensions in two halves: the first half encodes the column "
         "with a 1-D sin-cos, the second half the row; within each half all sines come first, then all cosines. "
         "Patches in one column therefore share the first half exactly, patches in one row the second half. The "
         "second figure shows the dot product of the selected patch with every patch, a column part plus a row "
         "part."},
        {"H", "W", "patch", "dim"},
        views_of(inputs, mae_views),
        {
         R"tex(\mathrm{PE}(r, c) = \big[\, \sin(c\,\omega_j),\ \cos(c\,\omega_j),\ \sin(r\,\omega_j),\ \cos(r\,\omega_j) \,\big], \quad \omega_j = 10000^{-4j/D})tex",
         R"tex(\mathrm{PE}(p) \cdot \mathrm{PE}(p') = \sum_j \cos\big(\omega_j (c - c')\big) + \sum_j \cos\big(\omega_j (r - r')\big))tex"},
    };
}

// [SECTION] step 4: axial 2-D RoPE

std::vector<ViewData> axial_rope_views(const Inputs& in, Lang lang) {
    const int H = in.H, W = in.W, N = H * W, D = in.dim;
    SplitMix64 rng(static_cast<std::uint64_t>(in.seed) + 7);
    Eigen::VectorXd q(D), k(D);
    for (int i = 0; i < D; ++i) q(i) = rng.next_signed();
    for (int i = 0; i < D; ++i) k(i) = rng.next_signed();
    const Eigen::MatrixXd S = axial_rope_scores(H, W, D, in.theta, q, k);
    HeatmapView heat = labelled_matrix(to_rows(S), index_labels(N), index_labels(N), say(lang, {"查询词元 a", "query token a"}),
                                       say(lang, {"键词元 b", "key token b"}));
    heat.is_signed = true;
    heat.highlight_row = in.patch;
    heat.explain = [S, N, W, lang](int r, int c) -> std::string {
        if (r < 0 || c < 0 || r >= N || c >= N) return "";
        return say(lang, {"S[{a},{b}] = {v}；(Δ行, Δ列) = ({dr}, {dc})", "S[{a},{b}] = {v}; (Δrow, Δcol) = ({dr}, {dc})"},
                   {{"a", integer(r)},
                    {"b", integer(c)},
                    {"v", num(S(r, c))},
                    {"dr", integer(vit_token_row(r, W) - vit_token_row(c, W))},
                    {"dc", integer(vit_token_col(r, W) - vit_token_col(c, W))}});
    };
    std::map<std::pair<int, int>, std::pair<double, double>> range;
    for (int a = 0; a < N; ++a)
        for (int b = 0; b < N; ++b) {
            const std::pair<int, int> key(vit_token_row(a, W) - vit_token_row(b, W), vit_token_col(a, W) - vit_token_col(b, W));
            auto it = range.find(key);
            if (it == range.end())
                range.emplace(key, std::make_pair(S(a, b), S(a, b)));
            else
                it->second = {std::min(it->second.first, S(a, b)), std::max(it->second.second, S(a, b))};
        }
    double spread = 0;
    for (const auto& kv : range) spread = std::max(spread, kv.second.second - kv.second.first);
    const std::vector<Arg> spread_args{{"spread", exact(spread)}, {"count", integer(static_cast<long long>(range.size()))}};
    const bool rounding = spread != 0.0 && spread <= 1e-9;
    const std::string spread_note =
            rounding ? say(lang, {"相同 (Δ行, Δ列) 的格子之间最大极差 = {spread}（浮点舍入误差）；不同的偏移共 {count} = (2H−1)(2W−1)",
                                  "Largest spread among cells with the same (Δrow, Δcol) = {spread} (floating-point rounding); "
                                  "distinct offsets: {count} = (2H−1)(2W−1)"},
                           spread_args)
                     : say(lang, {"相同 (Δ行, Δ列) 的格子之间最大极差 = {spread}；不同的偏移共 {count} = (2H−1)(2W−1)",
                                  "Largest spread among cells with the same (Δrow, Δcol) = {spread}; distinct offsets: {count} = (2H−1)(2W−1)"},
                           spread_args);

    const Eigen::MatrixXd row = on_grid(S.row(in.patch).transpose(), H, W);
    HeatmapView rv = selected_patch_map(row, in, lang);
    rv.is_signed = true;
    const int sel = in.patch;
    rv.explain = [row, H, W, sel, lang](int r, int c) -> std::string {
        if (r < 0 || c < 0 || r >= H || c >= W) return "";
        return say(lang, {"查询 {q}，键 {pos}：{v}", "Query {q}, key {pos}: {v}"},
                   {{"q", integer(sel)}, {"pos", coord(r, c)}, {"v", num(row(r, c))}});
    };

    const Eigen::VectorXd f = axial_rope_freqs(D, in.theta);
    // The axis a pair turns with is part of its row label (words, not a 0/1 column).
    TableView table;
    table.values.resize(D / 2, 2);
    for (int p2 = 0; p2 < D / 2; ++p2) {
        const int j = p2 % (D / 4);
        table.values.row(p2) << f(j), 2 * p2;
        table.row_labels.push_back(p2 < D / 4 ? say(lang, {"第 {p} 对（列 x）", "pair {p} (column x)"}, {{"p", integer(p2)}})
                                              : say(lang, {"第 {p} 对（行 y）", "pair {p} (row y)"}, {{"p", integer(p2)}}));
    }
    table.col_labels = {say(lang, {"频率", "frequency"}), say(lang, {"第一坐标", "first coordinate"})};
    table.col_decimals = {-1, 0};
    table.decimals = 6;
    table.corner = say(lang, {"对（轴）", "pair (axis)"});
    return {make_view(say(lang, {"轴向 2-D RoPE 分数 S[a,b]（(HW)×(HW)）", "Axial 2-D RoPE scores S[a,b], (HW)×(HW)"}), heat, {spread_note}),
            make_view(say(lang, {"选中查询对每个键图块的分数（点击格子换查询）", "Scores of the selected query to every key patch (click to change)"}), rv),
            make_view(say(lang, {"每一对：随哪个轴旋转、频率多少", "Each pair: which axis turns it, at what frequency"}), table,
                      {say(lang, {"rope-vit 的 compute_axial_cis：频率 1/theta^(4j/dim)（theta 即底数 base），j < dim/4；前 dim/4 对用 t % W（列），后 dim/4 对用 t // W（行）。",
                                  "rope-vit's compute_axial_cis: frequencies 1/theta^(4j/dim) (theta is the base), j < dim/4; the first dim/4 "
                                  "pairs use t % W (column), the last dim/4 use t // W (row)."})})};
}

Step axial_rope() {
    return {
        "axial-rope",
        {"轴向二维 RoPE", "Axial 2-D RoPE"},
        {"naver-ai/rope-vit 的轴向 RoPE 把 dim/2 对分成两组：前 dim/4 对按列坐标旋转，后 dim/4 对按行坐标旋转，"
         "两组用相同的频率 1/base^(4j/dim)，其中底数 base 就是 rope-vit 代码里的 theta（默认 100）。每组都是一维 RoPE，所以分数只依赖 (Δ行, Δ列)："
         "注释核对了所有偏移相同的格子数值相同。点击右侧网格可以换查询图块。",
         "The axial RoPE of naver-ai/rope-vit splits the dim/2 pairs in two groups: the first dim/4 pairs turn with "
         "the column, the last dim/4 with the row, both at frequencies 1/base^(4j/dim), where the base is what rope-vit's code calls theta (100 by default). Each group "
         "is a 1-D RoPE, so the score depends only on (Δrow, Δcol); the notes check that all cells with the same "
         "offset hold the same value. Click the grid to change the query patch."},
        {"H", "W", "patch", "dim", "theta", "seed"},
        views_of(inputs, axial_rope_views),
        {
         R"tex(\theta_j = \mathrm{base}^{-4j/\mathrm{dim}}, \qquad j = 0, \dots, \tfrac{\mathrm{dim}}{4} - 1)tex",
         R"tex(\phi_j = \begin{cases} c\,\theta_j & \text{first } \tfrac{\mathrm{dim}}{4} \text{ pairs} \\ r\,\theta_j & \text{last } \tfrac{\mathrm{dim}}{4} \text{ pairs} \end{cases})tex",
         R"tex(\big\langle \mathrm{Rot}_{(r,c)}\, q,\ \mathrm{Rot}_{(r',c')}\, k \big\rangle = g(\Delta r, \Delta c))tex"},
    };
}

// [SECTION] step 5: Swin's relative position index

std::vector<ViewData> swin_views(const Inputs& in, Lang lang) {
    const int Wh = in.H, Ww = in.W, N = Wh * Ww;
    const Eigen::MatrixXd idx = swin_relative_position_index(Wh, Ww);
    HeatmapView heat = labelled_matrix(to_rows(idx), index_labels(N), index_labels(N), say(lang, {"查询词元", "query token"}),
                                       say(lang, {"键词元", "key token"}));
    heat.integer = true;
    heat.decimals = 0;
    heat.highlight_row = in.patch;
    heat.explain = [idx, N, Ww, Wh, lang](int r, int c) -> std::string {
        if (r < 0 || c < 0 || r >= N || c >= N) return "";
        const int dr = vit_token_row(r, Ww) - vit_token_row(c, Ww), dc = vit_token_col(r, Ww) - vit_token_col(c, Ww);
        return say(lang, {"(Δr, Δc) = ({dr}, {dc})：索引 = (Δr + {hr})·{cols} + (Δc + {hc}) = {i}",
                          "(Δr, Δc) = ({dr}, {dc}): index = (Δr + {hr})·{cols} + (Δc + {hc}) = {i}"},
                   {{"dr", integer(dr)},
                    {"dc", integer(dc)},
                    {"hr", integer(Wh - 1)},
                    {"cols", integer(2 * Ww - 1)},
                    {"hc", integer(Ww - 1)},
                    {"i", integer(static_cast<long long>(idx(r, c)))}});
    };
    std::map<int, std::pair<int, int>> seen;
    bool consistent = true;
    for (int a = 0; a < N; ++a)
        for (int b = 0; b < N; ++b) {
            const std::pair<int, int> delta(vit_token_row(a, Ww) - vit_token_row(b, Ww), vit_token_col(a, Ww) - vit_token_col(b, Ww));
            auto it = seen.find(static_cast<int>(idx(a, b)));
            if (it == seen.end())
                seen.emplace(static_cast<int>(idx(a, b)), delta);
            else if (it->second != delta)
                consistent = false;
        }
    const int table_size = (2 * Wh - 1) * (2 * Ww - 1);
    const std::vector<Arg> count_args{{"size", integer(table_size)}, {"used", integer(static_cast<long long>(seen.size()))}};
    const std::string count_note =
            consistent ? say(lang, {"偏置表有 (2H−1)(2W−1) = {size} 行；用到的不同索引 = {used}，每个索引恰好对应一个 (Δr, Δc)。",
                                    "The bias table has (2H−1)(2W−1) = {size} rows; distinct indices used = {used}, each index "
                                    "belongs to exactly one (Δr, Δc)."},
                             count_args)
                       : say(lang, {"偏置表有 (2H−1)(2W−1) = {size} 行；用到的不同索引 = {used}，有索引对应多个偏移！",
                                    "The bias table has (2H−1)(2W−1) = {size} rows; distinct indices used = {used}, some index maps "
                                    "to several offsets!"},
                             count_args);

    Eigen::MatrixXd layout(2 * Wh - 1, 2 * Ww - 1);
    for (int r = 0; r < 2 * Wh - 1; ++r)
        for (int c = 0; c < 2 * Ww - 1; ++c) layout(r, c) = r * (2 * Ww - 1) + c;
    HeatmapView tv;
    tv.values = to_rows(layout);
    for (int r = 0; r < 2 * Wh - 1; ++r) tv.row_labels.push_back("Δr=" + integer(r - (Wh - 1)));
    for (int c = 0; c < 2 * Ww - 1; ++c) tv.col_labels.push_back(integer(c - (Ww - 1)));
    tv.row_axis = "Δr";
    tv.col_axis = "Δc";
    tv.integer = true;
    tv.decimals = 0;
    const int sel = in.patch;
    for (int b = 0; b < N; ++b) {
        const int v = static_cast<int>(idx(sel, b));
        tv.highlight_cells.emplace_back(v / (2 * Ww - 1), v % (2 * Ww - 1));
    }
    tv.explain = [Wh, Ww, lang](int r, int c) -> std::string {
        if (r < 0 || c < 0 || r >= 2 * Wh - 1 || c >= 2 * Ww - 1) return "";
        return say(lang, {"表的第 {i} 行：(Δr, Δc) = ({dr}, {dc})", "Table row {i}: (Δr, Δc) = ({dr}, {dc})"},
                   {{"i", integer(r * (2 * Ww - 1) + c)}, {"dr", integer(r - (Wh - 1))}, {"dc", integer(c - (Ww - 1))}});
    };
    return {make_view(say(lang, {"Swin 的 relative_position_index（窗口 H×W）", "Swin's relative_position_index (window H×W)"}), heat, {count_note}),
            make_view(say(lang, {"偏置表的排布：行 Δr + H − 1，列 Δc + W − 1", "Layout of the bias table: row Δr + H − 1, column Δc + W − 1"}), tv,
                      {say(lang, {"描边的格子：选中查询（第 {t} 个词元）用到的表项。", "Outlined: the entries the selected query (token {t}) reads."},
                           {{"t", integer(sel)}})})};
}

Step swin_index() {
    return {
        "swin-index",
        {"Swin 的相对位置索引", "Swin's relative position index"},
        {"Swin Transformer 在每个 H×W 窗口内给每个二维偏移 (Δr, Δc) 一个可学习的偏置，表有 (2H−1)(2W−1) 行。"
         "relative_position_index 把每对词元映射到表的一行：(Δr + H − 1)·(2W − 1) + (Δc + W − 1)。"
         "右图是表的排布，描边的格子是选中查询用到的那些行。",
         "Swin Transformer gives every 2-D offset (Δr, Δc) inside an H×W window its own learned bias, in a table of "
         "(2H−1)(2W−1) rows. relative_position_index maps each pair of tokens to one row: "
         "(Δr + H − 1)·(2W − 1) + (Δc + W − 1). The second figure lays the table out by offset; the outlined cells "
         "are the rows the selected query reads."},
        {"H", "W", "patch"},
        views_of(inputs, swin_views),
        {
         R"tex(\mathrm{index} = (\Delta r + H - 1)(2W - 1) + (\Delta c + W - 1))tex",
         R"tex(B \in \mathbb{R}^{(2H-1)(2W-1) \times \mathrm{heads}})tex"},
    };
}

// [SECTION] the lesson
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
    lesson.steps = {patch_grid(), learnable_table(), mae_sincos(), axial_rope(), swin_index()};
    attach_questions(&lesson, questions_vit_2d());
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
