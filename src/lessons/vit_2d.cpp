// PE Lab — lessons/vit_2d.cpp
// Lesson "vit-2d" (seed 004 §7, with seed 002's 2-D grids): positions on a patch grid in 5 steps:
// row-major flattening and the (HW)×(HW) attention table, a learnable 2-D table and its interpolation on a
// resolution change, MAE's 2-D sin-cos table, axial 2-D RoPE as in naver-ai/rope-vit, and Swin's relative
// position index. Every number shown comes from core (vit2d.h, random.h).
// Comments are English only: the font subset is built from the characters inside this file's strings.
//
// [SECTION] parameters and inputs
// [SECTION] step views 1..5
// [SECTION] lesson definition (bilingual text)
#include <algorithm>
#include <cmath>
#include <limits>
#include <map>
#include <string>

#include "core/random.h"
#include "core/vit2d.h"
#include "lessons/lesson.h"
#include "lessons/legacy_view.h"
#include "lessons/lesson_util.h"

namespace pelab {

namespace {

using namespace lessonui;

// [SECTION] parameters and inputs
std::vector<ParamSpec> lesson_params() {
    ParamSpec dim;
    dim.name = "dim";
    dim.kind = ParamKind::Choice;
    dim.choices = {"4", "8", "16", "32", "64"};
    dim.default_text = "16";
    dim.help = "embedding / head dimension (multiple of 4)";
    dim.help_zh = "嵌入或头的维度（4 的倍数）";
    ParamSpec theta;
    theta.name = "theta";
    theta.kind = ParamKind::Real;
    theta.min = 1;
    theta.max = 10000;
    theta.default_text = "100";
    theta.help = "axial RoPE frequency base (rope-vit default 100)";
    theta.help_zh = "轴向 RoPE 的频率底数（rope-vit 默认 100）";
    theta.symbol = "θ";
    return {
        int_spec("H", 1, 16, "3", "grid rows", "网格行数"),
        int_spec("W", 1, 16, "4", "grid columns", "网格列数"),
        int_spec("patch", 0, 255, "5", "selected patch (click a cell)", "选中的图块（点击格子）"),
        int_spec("H2", 1, 16, "5", "rows after the resolution change", "分辨率改变后的行数"),
        int_spec("W2", 1, 16, "6", "columns after the resolution change", "分辨率改变后的列数"),
        int_spec("channel", 0, 63, "0", "channel of the table shown", "显示的表的通道"),
        dim,
        theta,
        int_spec("seed", 0, 1000000, "1", "seed of the random table and vectors", "随机表与向量的种子"),
    };
}

struct Inputs {
    int H = 3, W = 4, patch = 5, H2 = 5, W2 = 6, channel = 0, dim = 16;
    double theta = 100;
    int seed = 1;
};

Inputs read_inputs(const ParamSet& p) {
    Inputs in;
    in.H = int_param(p, "H", 3, 1, 16);
    in.W = int_param(p, "W", 4, 1, 16);
    in.patch = int_param(p, "patch", 5, 0, 255);
    if (in.patch >= in.H * in.W) in.patch = in.H * in.W - 1;
    in.H2 = int_param(p, "H2", 5, 1, 16);
    in.W2 = int_param(p, "W2", 6, 1, 16);
    in.dim = choice_int_param(p, "dim", 16);
    if (in.dim < 4 || in.dim > 64 || in.dim % 4) in.dim = 16;
    in.channel = std::min(int_param(p, "channel", 0, 0, 63), in.dim - 1);
    in.theta = real_param(p, "theta", 100, 1, 10000);
    in.seed = int_param(p, "seed", 1, 0, 1000000);
    return in;
}

std::string coord(int r, int c) { return "(" + std::to_string(r) + "," + std::to_string(c) + ")"; }

std::vector<std::string> token_labels(int H, int W) {
    std::vector<std::string> out;
    for (int t = 0; t < H * W; ++t) out.push_back(std::to_string(t));
    return out;
}

// An H×W grid heatmap whose cells are patches; clicking a cell selects that patch.
LegacyView grid_heatmap(const std::string& title, const Eigen::MatrixXd& G, Lang lang, bool selectable) {
    LegacyView v = matrix_heatmap(title, G, tr(lang, "行 r", "row r"), tr(lang, "列 c", "column c"));
    if (selectable) {
        v.select_mode = LegacyView::SelectMode::Cell;
        v.select_param = "patch";
    }
    return v;
}

// [SECTION] step views 1..5

// Step 1: the grid, its flattening, and the seed-002 rule "attend to the patch on the right".
std::vector<LegacyView> step1_views(const ParamSet& p, Lang lang) {
    const Inputs in = read_inputs(p);
    const int H = in.H, W = in.W, N = H * W;
    Eigen::MatrixXd idx(H, W);
    for (int r = 0; r < H; ++r)
        for (int c = 0; c < W; ++c) idx(r, c) = vit_token_index(r, c, W);
    LegacyView grid = grid_heatmap(tr(lang, "图块网格：格子里是展平后的词元序号 t = r·W + c", "Patch grid: each cell holds its token index t = r·W + c"),
                                 idx, lang, true);
    grid.integer = true;
    grid.decimals = 0;
    grid.highlight_cells = {{vit_token_row(in.patch, W), vit_token_col(in.patch, W)}};
    grid.explain = [H, W, lang](int r, int c) -> std::string {
        if (r < 0 || c < 0 || r >= H || c >= W) return "";
        return tr(lang, "图块 ", "Patch ") + coord(r, c) + tr(lang, " → 词元 t = ", " → token t = ") + std::to_string(r) + "·" +
               std::to_string(W) + " + " + std::to_string(c) + " = " + std::to_string(vit_token_index(r, c, W));
    };
    grid.notes.push_back(tr(lang, "网格有 H·W = ", "The grid has H·W = ") + std::to_string(N) +
                         tr(lang, " 个位置；注意力表是 N×N = ", " positions; the attention table is N×N = ") +
                         std::to_string(N) + "×" + std::to_string(N) + tr(lang, "，共 ", ", ") + std::to_string(N * N) +
                         tr(lang, " 对。", " pairs."));

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
    LegacyView att = qk_heatmap(tr(lang, "规则“关注右边一格”：δ = q − k = (0, −1) 处为 1", "Rule \"attend to the patch on the right\": 1 where δ = q − k = (0, −1)"),
                              A, lang);
    att.row_axis = tr(lang, "查询词元 q", "query token q");
    att.col_axis = tr(lang, "键词元 k", "key token k");
    att.row_labels = token_labels(H, W);
    att.col_labels = token_labels(H, W);
    att.integer = true;
    att.decimals = 0;
    att.is_signed = false;
    att.highlight_row = in.patch;
    att.explain = [A, N, W, lang](int r, int c) -> std::string {
        if (r < 0 || c < 0 || r >= N || c >= N) return "";
        const int dr = vit_token_row(r, W) - vit_token_row(c, W), dc = vit_token_col(r, W) - vit_token_col(c, W);
        return "q = " + std::to_string(r) + " " + coord(vit_token_row(r, W), vit_token_col(r, W)) + ", k = " +
               std::to_string(c) + " " + coord(vit_token_row(c, W), vit_token_col(c, W)) + ": δ = (" + integer(dr) + ", " +
               integer(dc) + tr(lang, ")，分数 ", "), score ") + num(A(r, c));
    };
    att.notes.push_back(tr(lang, "展平后的对角线 k = q + 1 有 ", "The flat diagonal k = q + 1 has ") + std::to_string(flat_neighbours) +
                        tr(lang, " 个格子，但真正的右邻只有 ", " cells, but only ") + std::to_string(true_neighbours) +
                        tr(lang, " 个：行末的格子跳到下一行开头，一维的 Δ 不等于二维的 δ。",
                           " are right neighbours: the last cell of a row jumps to the start of the next, so a 1-D Δ is "
                           "not a 2-D δ."));
    return {grid, att};
}

// Step 2: a learnable table, a naive lookup on a larger grid (NaN outside), and the bilinear resampling.
std::vector<LegacyView> step2_views(const ParamSet& p, Lang lang) {
    const Inputs in = read_inputs(p);
    SplitMix64 rng(static_cast<std::uint64_t>(in.seed));
    const Eigen::MatrixXd table = random_signed_matrix(in.H * in.W, in.dim, rng);
    Eigen::MatrixXd g(in.H, in.W);
    for (int t = 0; t < in.H * in.W; ++t) g(vit_token_row(t, in.W), vit_token_col(t, in.W)) = table(t, in.channel);
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
    const std::string ch = tr(lang, "（通道 ", " (channel ") + std::to_string(in.channel) + tr(lang, "）", ")");
    LegacyView orig = grid_heatmap(tr(lang, "学到的 H×W 表", "Learned H×W table") + ch, g, lang, false);
    orig.is_signed = true;
    const int H = in.H, W = in.W, H2 = in.H2, W2 = in.W2;
    orig.explain = [g, H, W, lang](int r, int c) -> std::string {
        if (r < 0 || c < 0 || r >= H || c >= W) return "";
        return tr(lang, "图块 ", "Patch ") + coord(r, c) + tr(lang, " 的位置向量分量：", ": table entry ") + num(g(r, c));
    };
    LegacyView nv = grid_heatmap(tr(lang, "不插值，直接在 H2×W2 上查表", "Looked up on H2×W2 without interpolation") + ch, naive, lang, false);
    nv.is_signed = true;
    nv.explain = [naive, H2, W2, lang](int r, int c) -> std::string {
        if (r < 0 || c < 0 || r >= H2 || c >= W2) return "";
        if (std::isnan(naive(r, c))) return tr(lang, "图块 ", "Patch ") + coord(r, c) + tr(lang, "：表里没有这个位置（斜线格）", ": the table has no entry here (hatched)");
        return tr(lang, "图块 ", "Patch ") + coord(r, c) + ": " + num(naive(r, c));
    };
    nv.notes.push_back(std::to_string(missing) + tr(lang, " 个格子在原表之外，没有参数（画成斜线格）。",
                                                    " cells fall outside the learned table and have no parameters (drawn hatched)."));
    LegacyView rv = grid_heatmap(tr(lang, "双线性插值到 H2×W2", "Bilinear interpolation to H2×W2") + ch, g2, lang, false);
    rv.is_signed = true;
    rv.explain = [g2, H, W, H2, W2, lang](int r, int c) -> std::string {
        if (r < 0 || c < 0 || r >= H2 || c >= W2) return "";
        const BilinearTap tr_ = vit_bilinear_tap(r, H, H2), tc = vit_bilinear_tap(c, W, W2);
        return coord(r, c) + tr(lang, " 取源坐标 (", " reads source (") + num(tr_.src) + ", " + num(tc.src) +
               tr(lang, ")，行 ", "), rows ") + std::to_string(tr_.i0) + "/" + std::to_string(tr_.i1) + " (w = " + num(tr_.w1) +
               tr(lang, ")，列 ", "), columns ") + std::to_string(tc.i0) + "/" + std::to_string(tc.i1) + " (w = " + num(tc.w1) +
               ") = " + num(g2(r, c));
    };
    rv.notes.push_back(tr(lang, "约定：双线性、align_corners=False，与 PyTorch F.interpolate 相同：源坐标 = (in/out)·(dst + 0.5) − 0.5，负值截为 0。",
                          "Convention: bilinear with align_corners=False, as PyTorch F.interpolate: source = "
                          "(in/out)·(dst + 0.5) − 0.5, negatives clamped to 0."));
    rv.notes.push_back(tr(lang, "MAE/DeiT 的 interpolate_pos_embed 与 timm 的 resample_abs_pos_embed 默认用双三次；这里选双线性，每格只由四个数加权而成。",
                          "MAE/DeiT's interpolate_pos_embed and timm's resample_abs_pos_embed default to bicubic; "
                          "bilinear is used here so each cell is a weighted sum of just four numbers."));

    LegacyView taps;
    taps.kind = ViewKind::Table;
    taps.title = tr(lang, "每个新行、新列读取的源位置", "Source positions read by each new row and column");
    taps.values.resize(H2 + W2, 4);
    for (int r = 0; r < H2; ++r) {
        const BilinearTap t = vit_bilinear_tap(r, H, H2);
        taps.values.row(r) << t.src, t.i0, t.i1, t.w1;
        taps.row_labels.push_back(tr(lang, "行 ", "row ") + std::to_string(r));
    }
    for (int c = 0; c < W2; ++c) {
        const BilinearTap t = vit_bilinear_tap(c, W, W2);
        taps.values.row(H2 + c) << t.src, t.i0, t.i1, t.w1;
        taps.row_labels.push_back(tr(lang, "列 ", "column ") + std::to_string(c));
    }
    taps.col_labels = {tr(lang, "源坐标", "source"), "i0", "i1", tr(lang, "i1 的权重", "weight of i1")};
    taps.col_decimals = {-1, 0, 0, -1};
    taps.decimals = 4;
    taps.row_axis = "";
    return {orig, nv, rv, taps};
}

// Step 3: MAE's 2-D sin-cos table and the similarity of the selected patch to all others.
std::vector<LegacyView> step3_views(const ParamSet& p, Lang lang) {
    const Inputs in = read_inputs(p);
    const int H = in.H, W = in.W, N = H * W, D = in.dim;
    const Eigen::MatrixXd E = mae_2d_sincos(H, W, D);
    LegacyView heat;
    heat.kind = ViewKind::Heatmap;
    heat.title = tr(lang, "MAE 2-D sin-cos：每个词元一行", "MAE 2-D sin-cos: one row per token");
    heat.values = to_rows(E);
    heat.row_labels = token_labels(H, W);
    for (int half = 0; half < 2; ++half)
        for (int part = 0; part < 2; ++part)
            for (int k = 0; k < D / 4; ++k)
                heat.col_labels.push_back(std::string(half == 0 ? "c" : "r") + (part == 0 ? " sin" : " cos") + sub(k));
    heat.row_axis = tr(lang, "词元 t", "token t");
    heat.col_axis = tr(lang, "维度（前一半编码列 c，后一半编码行 r）", "dimension (first half: column c, second half: row r)");
    heat.is_signed = true;
    heat.highlight_row = in.patch;
    heat.explain = [E, N, D, W, lang](int r, int c) -> std::string {
        if (r < 0 || c < 0 || r >= N || c >= D) return "";
        const int half = c / (D / 2), within = c % (D / 2), k = within % (D / 4);
        const bool is_sin = within < D / 4;
        const int pos = half == 0 ? vit_token_col(r, W) : vit_token_row(r, W);
        return tr(lang, "词元 ", "Token ") + std::to_string(r) + " " + coord(vit_token_row(r, W), vit_token_col(r, W)) + ": " +
               (is_sin ? "sin(" : "cos(") + std::string(half == 0 ? "c" : "r") + "·ω" + sub(k) + ") = " +
               (is_sin ? "sin(" : "cos(") + std::to_string(pos) + "·" + num(1.0 / std::pow(10000.0, k / (D / 4.0))) + ") = " +
               num(E(r, c));
    };
    double col_err = 0, row_err = 0;
    for (int a = 0; a < N; ++a)
        for (int b = 0; b < N; ++b) {
            if (vit_token_col(a, W) == vit_token_col(b, W))
                col_err = std::max(col_err, (E.row(a).head(D / 2) - E.row(b).head(D / 2)).cwiseAbs().maxCoeff());
            if (vit_token_row(a, W) == vit_token_row(b, W))
                row_err = std::max(row_err, (E.row(a).tail(D / 2) - E.row(b).tail(D / 2)).cwiseAbs().maxCoeff());
        }
    heat.notes.push_back(tr(lang, "同一列的词元，前一半的最大差 = ", "Tokens in one column: largest difference in the first half = ") +
                         exact(col_err) + tr(lang, "；同一行的词元，后一半的最大差 = ", "; tokens in one row, second half: ") +
                         exact(row_err));
    heat.notes.push_back(tr(lang, "MAE 的代码把前一半叫 emb_h，但它来自 meshgrid(grid_w, grid_h) 的第一个分量，也就是列坐标。",
                             "MAE's code names the first half emb_h, yet it is built from grid[0] of "
                             "meshgrid(grid_w, grid_h), which holds the column coordinate."));

    Eigen::MatrixXd sim(H, W);
    for (int t = 0; t < N; ++t) sim(vit_token_row(t, W), vit_token_col(t, W)) = E.row(in.patch).dot(E.row(t));
    LegacyView sv = grid_heatmap(tr(lang, "选中图块与每个图块的内积（点击格子换图块）", "Dot product of the selected patch with every patch (click to change)"),
                               sim, lang, true);
    sv.highlight_cells = {{vit_token_row(in.patch, W), vit_token_col(in.patch, W)}};
    const int sel = in.patch;
    sv.explain = [sim, H, W, sel, lang](int r, int c) -> std::string {
        if (r < 0 || c < 0 || r >= H || c >= W) return "";
        return "⟨E" + sub(sel) + ", E" + sub(vit_token_index(r, c, W)) + "⟩ = " + num(sim(r, c)) + tr(lang, "，δ = (", ", δ = (") +
               integer(vit_token_row(sel, W) - r) + ", " + integer(vit_token_col(sel, W) - c) + ")";
    };
    sv.notes.push_back(tr(lang, "内积 = 列部分 + 行部分，各自只依赖该轴上的距离。",
                          "The dot product is a column part plus a row part, each depending only on the distance "
                          "along its axis."));
    return {heat, sv};
}

// Step 4: axial 2-D RoPE scores and their dependence on (Δrow, Δcol) only.
std::vector<LegacyView> step4_views(const ParamSet& p, Lang lang) {
    const Inputs in = read_inputs(p);
    const int H = in.H, W = in.W, N = H * W, D = in.dim;
    SplitMix64 rng(static_cast<std::uint64_t>(in.seed) + 7);
    Eigen::VectorXd q(D), k(D);
    for (int i = 0; i < D; ++i) q(i) = rng.next_signed();
    for (int i = 0; i < D; ++i) k(i) = rng.next_signed();
    const Eigen::MatrixXd S = axial_rope_scores(H, W, D, in.theta, q, k);
    LegacyView heat = labelled_heatmap(
            tr(lang, "轴向 2-D RoPE 分数 S[a,b]（(HW)×(HW)）", "Axial 2-D RoPE scores S[a,b], (HW)×(HW)"), to_rows(S),
            token_labels(H, W), token_labels(H, W), tr(lang, "查询词元 a", "query token a"),
            tr(lang, "键词元 b", "key token b"));
    heat.is_signed = true;
    heat.highlight_row = in.patch;
    heat.explain = [S, N, W, lang](int r, int c) -> std::string {
        if (r < 0 || c < 0 || r >= N || c >= N) return "";
        return "S[" + std::to_string(r) + "," + std::to_string(c) + "] = " + num(S(r, c)) + tr(lang, "；(Δ行, Δ列) = (", "; (Δrow, Δcol) = (") +
               integer(vit_token_row(r, W) - vit_token_row(c, W)) + ", " + integer(vit_token_col(r, W) - vit_token_col(c, W)) + ")";
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
    heat.notes.push_back(tr(lang, "相同 (Δ行, Δ列) 的格子之间最大极差 = ", "Largest spread among cells with the same (Δrow, Δcol) = ") +
                         exact(spread) + rounding_hint(spread, lang) + tr(lang, "；不同的偏移共 ", "; distinct offsets: ") +
                         std::to_string(range.size()) + " = (2H−1)(2W−1)");

    Eigen::MatrixXd row(H, W);
    for (int t = 0; t < N; ++t) row(vit_token_row(t, W), vit_token_col(t, W)) = S(in.patch, t);
    LegacyView rv = grid_heatmap(tr(lang, "选中查询对每个键图块的分数（点击格子换查询）", "Scores of the selected query to every key patch (click to change)"),
                               row, lang, true);
    rv.is_signed = true;
    rv.highlight_cells = {{vit_token_row(in.patch, W), vit_token_col(in.patch, W)}};
    const int sel = in.patch;
    rv.explain = [row, H, W, sel, lang](int r, int c) -> std::string {
        if (r < 0 || c < 0 || r >= H || c >= W) return "";
        return tr(lang, "查询 ", "Query ") + std::to_string(sel) + tr(lang, "，键 ", ", key ") + coord(r, c) + ": " + num(row(r, c));
    };

    const Eigen::VectorXd f = axial_rope_freqs(D, in.theta);
    LegacyView table;
    table.kind = ViewKind::Table;
    table.title = tr(lang, "每一对：随哪个轴旋转、频率多少", "Each pair: which axis turns it, at what frequency");
    table.values.resize(D / 2, 3);
    for (int p2 = 0; p2 < D / 2; ++p2) {
        const int j = p2 % (D / 4);
        table.values.row(p2) << (p2 < D / 4 ? 0 : 1), f(j), 2 * p2;
        table.row_labels.push_back(tr(lang, "第 ", "pair ") + std::to_string(p2) + tr(lang, " 对", ""));
    }
    table.col_labels = {tr(lang, "轴（0 = 列 x，1 = 行 y）", "axis (0 = column x, 1 = row y)"), tr(lang, "频率", "frequency"),
                        tr(lang, "第一坐标", "first coordinate")};
    table.col_decimals = {0, -1, 0};
    table.decimals = 6;
    table.row_axis = tr(lang, "对", "pair");
    table.notes.push_back(tr(lang, "rope-vit 的 compute_axial_cis：频率 1/θ^(4j/dim)，j < dim/4；前 dim/4 对用 t % W（列），后 dim/4 对用 t // W（行）。",
                             "rope-vit's compute_axial_cis: frequencies 1/θ^(4j/dim), j < dim/4; the first dim/4 "
                             "pairs use t % W (column), the last dim/4 use t // W (row)."));
    return {heat, rv, table};
}

// Step 5: Swin's relative position index.
std::vector<LegacyView> step5_views(const ParamSet& p, Lang lang) {
    const Inputs in = read_inputs(p);
    const int Wh = in.H, Ww = in.W, N = Wh * Ww;
    const Eigen::MatrixXd idx = swin_relative_position_index(Wh, Ww);
    LegacyView heat = labelled_heatmap(
            tr(lang, "Swin 的 relative_position_index（窗口 H×W）", "Swin's relative_position_index (window H×W)"),
            to_rows(idx), token_labels(Wh, Ww), token_labels(Wh, Ww), tr(lang, "查询词元", "query token"),
            tr(lang, "键词元", "key token"));
    heat.integer = true;
    heat.decimals = 0;
    heat.highlight_row = in.patch;
    heat.explain = [idx, N, Ww, Wh, lang](int r, int c) -> std::string {
        if (r < 0 || c < 0 || r >= N || c >= N) return "";
        const int dr = vit_token_row(r, Ww) - vit_token_row(c, Ww), dc = vit_token_col(r, Ww) - vit_token_col(c, Ww);
        return "(Δr, Δc) = (" + integer(dr) + ", " + integer(dc) + tr(lang, ")：索引 = (Δr + ", "): index = (Δr + ") +
               std::to_string(Wh - 1) + ")·" + std::to_string(2 * Ww - 1) + " + (Δc + " + std::to_string(Ww - 1) + ") = " +
               std::to_string(static_cast<int>(idx(r, c)));
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
    heat.notes.push_back(tr(lang, "偏置表有 (2H−1)(2W−1) = ", "The bias table has (2H−1)(2W−1) = ") + std::to_string(table_size) +
                         tr(lang, " 行；用到的不同索引 = ", " rows; distinct indices used = ") + std::to_string(seen.size()) +
                         (consistent ? tr(lang, "，每个索引恰好对应一个 (Δr, Δc)。", ", each index belongs to exactly one (Δr, Δc).")
                                     : tr(lang, "，有索引对应多个偏移！", ", some index maps to several offsets!")));

    Eigen::MatrixXd layout(2 * Wh - 1, 2 * Ww - 1);
    for (int r = 0; r < 2 * Wh - 1; ++r)
        for (int c = 0; c < 2 * Ww - 1; ++c) layout(r, c) = r * (2 * Ww - 1) + c;
    LegacyView tv;
    tv.kind = ViewKind::Heatmap;
    tv.title = tr(lang, "偏置表的排布：行 Δr + H − 1，列 Δc + W − 1", "Layout of the bias table: row Δr + H − 1, column Δc + W − 1");
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
        return tr(lang, "表的第 ", "Table row ") + std::to_string(r * (2 * Ww - 1) + c) + tr(lang, " 行：(Δr, Δc) = (", ": (Δr, Δc) = (") +
               integer(r - (Wh - 1)) + ", " + integer(c - (Ww - 1)) + ")";
    };
    tv.notes.push_back(tr(lang, "描边的格子：选中查询（第 ", "Outlined: the entries the selected query (token ") + std::to_string(sel) +
                       tr(lang, " 个词元）用到的表项。", ") reads."));
    return {heat, tv};
}

// [SECTION] lesson definition (bilingual text)
Lesson make_lesson() {
    Lesson lesson;
    lesson.id = "vit-2d";
    lesson.title = {"视觉 Transformer 的二维位置", "2-D positions in Vision Transformers"};
    lesson.params = lesson_params();
    lesson.result_shape = [](const ParamSet& p) {  // N×N pair tables over N = H·W (or H2·W2) patches, N×D tables
        const long long N = std::max((long long)p.geti("H") * p.geti("W"), (long long)p.geti("H2") * p.geti("W2"));
        return std::vector<long long>{N, std::max(N, 1024LL)};
    };

    lesson.steps.push_back(Step{
        {"图块网格与按行展平", "The patch grid and its row-major flattening"},
        {"ViT 把图像切成 H×W 个图块，每个图块是一个词元，按行展平：图块 (r, c) 成为第 t = r·W + c 个词元。"
         "注意力表仍是 N×N（N = H·W），每个格子是一对词元；二维的相对位移是向量 δ = (Δr, Δc)。"
         "右边的表实现“关注右边一格”：它在展平后并不是一整条对角线。点击网格的格子可以换选中的图块。",
         "A ViT cuts the image into H×W patches, one token each, flattened row by row: patch (r, c) becomes token "
         "t = r·W + c. The attention table is still N×N (N = H·W), one cell per pair of tokens; the relative offset "
         "in 2-D is a vector δ = (Δr, Δc). The second table implements 'attend to the patch on the right', which "
         "after flattening is not one whole diagonal. Click a grid cell to select another patch."},
        {"H", "W", "patch"},
        legacy(step1_views)});

    lesson.steps.push_back(Step{
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
        legacy(step2_views)});

    lesson.steps.push_back(Step{
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
        legacy(step3_views)});

    lesson.steps.push_back(Step{
        {"轴向二维 RoPE", "Axial 2-D RoPE"},
        {"naver-ai/rope-vit 的轴向 RoPE 把 dim/2 对分成两组：前 dim/4 对按列坐标旋转，后 dim/4 对按行坐标旋转，"
         "两组用相同的频率 1/θ^(4j/dim)（θ 默认 100）。每组都是一维 RoPE，所以分数只依赖 (Δ行, Δ列)："
         "注释核对了所有偏移相同的格子数值相同。点击右侧网格可以换查询图块。",
         "The axial RoPE of naver-ai/rope-vit splits the dim/2 pairs in two groups: the first dim/4 pairs turn with "
         "the column, the last dim/4 with the row, both at frequencies 1/θ^(4j/dim) (θ defaults to 100). Each group "
         "is a 1-D RoPE, so the score depends only on (Δrow, Δcol); the notes check that all cells with the same "
         "offset hold the same value. Click the grid to change the query patch."},
        {"H", "W", "patch", "dim", "theta", "seed"},
        legacy(step4_views)});

    lesson.steps.push_back(Step{
        {"Swin 的相对位置索引", "Swin's relative position index"},
        {"Swin Transformer 在每个 H×W 窗口内给每个二维偏移 (Δr, Δc) 一个可学习的偏置，表有 (2H−1)(2W−1) 行。"
         "relative_position_index 把每对词元映射到表的一行：(Δr + H − 1)·(2W − 1) + (Δc + W − 1)。"
         "右图是表的排布，描边的格子是选中查询用到的那些行。",
         "Swin Transformer gives every 2-D offset (Δr, Δc) inside an H×W window its own learned bias, in a table of "
         "(2H−1)(2W−1) rows. relative_position_index maps each pair of tokens to one row: "
         "(Δr + H − 1)·(2W − 1) + (Δc + W − 1). The second figure lays the table out by offset; the outlined cells "
         "are the rows the selected query reads."},
        {"H", "W", "patch"},
        legacy(step5_views)});
    return lesson;
}

}  // namespace

const Lesson* lesson_vit_2d() {
    static const Lesson lesson = make_lesson();
    return &lesson;
}

}  // namespace pelab
