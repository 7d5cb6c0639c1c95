// PE Lab — lessons/vit_2d/patch_grid.cpp
// Step "patch-grid" of lesson "vit-2d": the patch grid flattened row by row (patch (r, c) becomes token
// t = r·W + c) and the (HW)×(HW) attention table, where the rule "attend to the patch on the right" is not one
// whole diagonal. The lesson's first step: it says what problem the lesson solves (a 2-D grid read as a 1-D
// sequence). Its check question: which token a patch becomes.
// Comments are English only: the font subset is built from the characters inside this file's strings.
//
// [SECTION] the views
// [SECTION] the step and its question
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

// [SECTION] the views
namespace {

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
    // The rule leads: its broken diagonal is the step's point, drawn large; the grid beside it gives each token's
    // place, and the notes beside it (there is no room under the large figure) count the broken diagonal.
    return {make_view(say(lang, {"规则“关注右边一格”：δ = q − k = (0, −1) 处为 1", "Rule \"attend to the right neighbour\": 1 where δ = q − k = (0, −1)"}),
                      att),
            make_view(say(lang, {"图块网格：词元序号 t = r·W + c", "Patch grid: token index t = r·W + c"}), grid,
                      {say(lang, {"展平后的对角线 k = q + 1 有 {flat} 个格子，但真正的右邻只有 {right} 个：行末的格子跳到下一行开头，一维的 Δ 不等于二维的 δ。",
                                  "The flat diagonal k = q + 1 has {flat} cells, but only {right} are right neighbours: the last cell of a "
                                  "row jumps to the start of the next, so a 1-D Δ is not a 2-D δ."},
                           {{"flat", integer(flat_neighbours)}, {"right", integer(true_neighbours)}}),
                       say(lang, {"网格有 H·W = {N} 个位置；注意力表是 N×N = {N}×{N}，共 {pairs} 对[[query|查询]] q 与[[key|键]] k。",
                                  "The grid has H·W = {N} positions; the attention table is N×N = {N}×{N}, {pairs} pairs "
                                  "of a [[query|query]] q and a [[key|key]] k."},
                           {{"N", integer(N)}, {"pairs", integer(static_cast<long long>(N) * N)}})})};
}

}  // namespace

// [SECTION] the step and its question
namespace {

// The flat diagonal k = q + 1 against the true right neighbours (the note of the grid counts the same).
std::vector<Arg> patch_grid_args(const Inputs& in, Lang) {
    const int H = in.H, W = in.W, N = H * W;
    return {{"flat", integer(std::max(0, N - 1))}, {"right", integer(static_cast<long long>(H) * std::max(0, W - 1))}};
}

}  // namespace

Step patch_grid() {
    Step s = {
        "patch-grid",
        {"图块网格与逐行展平", "The patch grid, flattened row by row"},
        {"[[vit|视觉 Transformer（ViT）]]把图像读成一串[[patch|图块]]，所以视觉模型的每一种位置编码都要先说清：网格上的位置怎样变成词元编号，两个词元之间的偏移又是什么。"
         "ViT 把图像切成 H×W 个图块，每个图块是一个词元，按行展平：图块 (r, c) 成为第 t = r·W + c 个词元。"
         "注意力表仍是 N×N（N = H·W），每个格子是一对查询 q 与键 k；展平后的偏移是 Δ = q − k，二维的偏移是向量 δ = (Δr, Δc)：查询的行、列减去键的行、列。"
         "大图实现“关注右边一格”：它在展平后并不是一整条对角线。点击右边网格的格子可以换选中的图块。",
         "A [[vit|Vision Transformer (ViT)]] reads an image as a sequence of [[patch|patches]], so every position "
         "encoding for vision must first say how a place on the 2-D grid becomes a token index and what the offset "
         "between two tokens is. A ViT cuts the image into H×W patches, one token each, flattened row by row: patch "
         "(r, c) becomes token t = r·W + c. The attention table is still N×N (N = H·W), one cell per query q and key "
         "k; the flat offset is Δ = q − k, the 2-D offset the vector δ = (Δr, Δc), the query's row and column minus the key's. The large "
         "table implements 'attend to the patch on the right', which after flattening is not one whole diagonal. "
         "Click a cell of the grid beside it to select another patch."},
        {"H", "W", "patch"},
        views_of(inputs, flattening_views),
        {
         R"tex(t = r \cdot W + c, \qquad N = H \cdot W)tex",
         R"tex(\Delta = q - k, \qquad \delta = (\Delta r, \Delta c) = (r_q - r_k,\ c_q - c_k))tex"},
    };
    s.takeaway = {"图块 (r, c)（图像的一小方块）成为词元 t = r·W + c，所以展平对角线 k = q + 1 的 {flat} 格里只有 {right} 格是右邻：行末跳到下一行。",
                  "Patch (r, c), a square of the image, is token r·W + c: only {right} of {flat} cells of diagonal "
                  "k = q + 1 are right neighbours, as rows wrap."};
    s.takeaway_args = args_of(inputs, patch_grid_args);
    // A check question: the equation and the takeaway give t = r·W + c, and the grid numbers every patch.
    s.questions = {
        {{"H×W 网格逐行展平：第 r 行第 c 列的图块是第几个词元？",
          "An H×W grid flattened row by row: which token is the patch in row r, column c?"},
         {{"t = r·W + c", "t = r·W + c"}, {"t = r·H + c", "t = r·H + c"}, {"t = c·H + r", "t = c·H + r"}},
         0,
         [](const ParamSet& p, Lang lang) {
             const Inputs in = inputs(p);  // the selected patch kept inside the grid
             const int W = in.W;
             const int t = in.patch;
             const int r = vit_token_row(t, W), c = vit_token_col(t, W);
             return say(lang,
                        {"当前选中的图块 {t} 在第 {r} 行、第 {c} 列（从 0 数起）：{r}·{W} + {c} = {check}。每行有 W = {W} 个图块，"
                         "所以下一行从 W 的倍数开始。",
                         "The selected patch {t} is row {r}, column {c} (counting from 0): {r}·{W} + {c} = {check}. Each "
                         "row holds W = {W} patches, so the next row starts at a multiple of W."},
                        {{"t", integer(t)}, {"r", integer(r)}, {"c", integer(c)}, {"W", integer(W)},
                         {"check", integer(vit_token_index(r, c, W))}});
         }},
    };
    return s;
}

}  // namespace vit_2d_lesson
}  // namespace pelab
