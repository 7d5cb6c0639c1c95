// PE Lab — lessons/vit_2d/axial_rope.cpp
// Step "axial-rope" of lesson "vit-2d": axial 2-D RoPE as in naver-ai/rope-vit (the first dim/4 pairs turn
// with the column, the last dim/4 with the row), its (HW)×(HW) scores, which depend on (Δrow, Δcol) only, and
// each pair's axis and frequency.
// Comments are English only: the font subset is built from the characters inside this file's strings.
//
// [SECTION] the views
// [SECTION] the step
#include <algorithm>
#include <map>
#include <string>
#include <utility>
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
    const std::vector<Arg> spread_args{{"spread", exact(spread)}};
    const bool rounding = spread != 0.0 && spread <= 1e-9;
    const std::string spread_note =
            rounding ? say(lang, {"相同 (Δ行, Δ列) 的格子之间最大极差 = {spread}（舍入误差）",
                                  "Largest spread within one (Δrow, Δcol) = {spread} (rounding)"},
                           spread_args)
                     : say(lang, {"相同 (Δ行, Δ列) 的格子之间最大极差 = {spread}",
                                  "Largest spread within one (Δrow, Δcol) = {spread}"},
                           spread_args);
    const std::string offsets_note = say(lang, {"不同的偏移共 {count} = (2H−1)(2W−1) 个", "Distinct offsets: {count} = (2H−1)(2W−1)"},
                                         {{"count", integer(static_cast<long long>(range.size()))}});

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
            make_view(say(lang, {"选中查询对各键图块的分数", "The selected query's score per key patch"}), rv, {offsets_note}),
            make_view(say(lang, {"每一对：随哪个轴旋转、频率多少", "Each pair: which axis turns it, at what frequency"}), table)};
}

}  // namespace

// [SECTION] the step
Step axial_rope() {
    return {
        "axial-rope",
        {"轴向二维 RoPE", "Axial 2-D RoPE"},
        {"轴向 RoPE 让一半的对随列、一半随行旋转，分数只依赖 (Δ行, Δ列)。"
         "naver-ai/rope-vit 的轴向 RoPE 把 dim/2 对分成两组：前 dim/4 对按列坐标旋转，后 dim/4 对按行坐标旋转，"
         "两组用相同的频率 1/base^(4j/dim)，其中底数 base 就是 rope-vit 代码里的 theta（默认 100）。每组都是一维 RoPE，所以分数只依赖 (Δ行, Δ列)："
         "注释核对了所有偏移相同的格子数值相同。点击右侧网格可以换查询图块。"
         "代码里是 rope-vit 的 compute_axial_cis：频率 1/theta^(4j/dim)，j < dim/4；前 dim/4 对用 t % W（列），后 dim/4 对用 t // W（行）；表格列出每一对随哪个轴旋转、频率多少。",
         "Axial RoPE turns half the pairs with the column and half with the row: scores depend on (Δrow, Δcol) only. "
         "The axial RoPE of naver-ai/rope-vit splits the dim/2 pairs in two groups: the first dim/4 pairs turn with "
         "the column, the last dim/4 with the row, both at frequencies 1/base^(4j/dim), where the base is what rope-vit's code calls theta (100 by default). Each group "
         "is a 1-D RoPE, so the score depends only on (Δrow, Δcol); the notes check that all cells with the same "
         "offset hold the same value. Click the grid to change the query patch. In the code this is rope-vit's "
         "compute_axial_cis: frequencies 1/theta^(4j/dim), j < dim/4; the first dim/4 pairs use t % W (column), the "
         "last dim/4 use t // W (row); the table lists which axis turns each pair and at what frequency."},
        {"H", "W", "patch", "dim", "theta", "seed"},
        views_of(inputs, axial_rope_views),
        {
         R"tex(\big\langle \mathrm{Rot}_{(r,c)}\, q,\ \mathrm{Rot}_{(r',c')}\, k \big\rangle = g(\Delta r, \Delta c))tex",
         {R"tex(\phi_j = c\,\theta_j \text{ 或 } r\,\theta_j, \qquad \theta_j = \mathrm{base}^{-4j/\mathrm{dim}})tex", R"tex(\phi_j = c\,\theta_j \text{ or } r\,\theta_j, \qquad \theta_j = \mathrm{base}^{-4j/\mathrm{dim}})tex"}},
    };
}

}  // namespace vit_2d_lesson
}  // namespace pelab
