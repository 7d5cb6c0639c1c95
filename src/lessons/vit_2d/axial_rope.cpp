// PE Lab — lessons/vit_2d/axial_rope.cpp
// Step "axial-rope" of lesson "vit-2d": axial 2-D RoPE as in naver-ai/rope-vit (the first D/4 pairs turn
// with the column, the last D/4 with the row; D = dim), its (HW)×(HW) scores, which depend on (Δr, Δc) only, and
// each pair's axis and frequency (rope-vit's names in the table's note). The query vector is q, the key vector k;
// the tokens are a (query) and b (key), so that q and k never also name positions here.
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
#include "core/absolute/vit2d.h"
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
        return say(lang, {"S[{a},{b}] = {v}；(Δr, Δc) = ({dr}, {dc})", "S[{a},{b}] = {v}; (Δr, Δc) = ({dr}, {dc})"},
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
            rounding ? say(lang, {"相同 (Δr, Δc) 的格子之间最大极差 = {spread}（舍入误差）",
                                  "Largest spread within one (Δr, Δc) = {spread} (rounding)"},
                           spread_args)
                     : say(lang, {"相同 (Δr, Δc) 的格子之间最大极差 = {spread}",
                                  "Largest spread within one (Δr, Δc) = {spread}"},
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
        table.row_labels.push_back(p2 < D / 4 ? say(lang, {"第 {p} 对（列 c）", "pair {p} (column c)"}, {{"p", integer(p2)}})
                                              : say(lang, {"第 {p} 对（行 r）", "pair {p} (row r)"}, {{"p", integer(p2)}}));
    }
    table.col_labels = {say(lang, {"频率 θ_j", "frequency θ_j"}), say(lang, {"第一坐标", "first coordinate"})};
    table.col_decimals = {-1, 0};
    table.decimals = 6;
    table.corner = say(lang, {"对（轴）", "pair (axis)"});
    return {make_view(say(lang, {"轴向 2-D RoPE 分数 S[a,b]（(H·W)×(H·W)）", "Axial 2-D RoPE scores S[a,b], (H·W)×(H·W)"}), heat, {spread_note}),
            make_view(say(lang, {"选中查询对各键图块的分数", "The selected query's score per key patch"}), rv, {offsets_note}),
            make_view(say(lang, {"每一对：旋转轴与频率", "Each pair: axis and frequency"}), table,
                      {say(lang, {"（rope-vit 代码：`compute_axial_cis`；它的 `theta` 就是底数 base，默认 100；列是 `t % W`，行是 `t // W`。）",
                                  "(rope-vit code: `compute_axial_cis`; `theta` is the base, 100 by default; column "
                                  "`t % W`, row `t // W`.)"})})};
}

}  // namespace

// [SECTION] the step
namespace {

// The number of scores and of distinct offsets, as the notes count them.
std::vector<Arg> axial_args(const Inputs& in, Lang) {
    const long long N = static_cast<long long>(in.H) * in.W;
    return {{"scores", integer(N * N)}, {"offsets", integer((2LL * in.H - 1) * (2LL * in.W - 1))}};
}

}  // namespace

Step axial_rope() {
    Step s = {
        "axial-rope",
        {"轴向二维 RoPE", "Axial 2-D RoPE"},
        {"[[axial-rope|轴向 RoPE]] 把 [[rope|RoPE]] 用在网格上：前 D/4 个[[frequency-pair|频率对]]按列坐标 c 旋转，后 D/4 个按行坐标 r 旋转。"
         "两组用相同的频率 θ_j = base^(−4j/D)（Heo 等人的 rope-vit 取 base = 100）。每组都是一维 RoPE，所以分数只依赖 (Δr, Δc)："
         "注释核对了所有偏移相同的格子数值相同。点击右侧网格可以换查询图块；表格列出每一对随哪个轴旋转、频率多少。",
         "[[axial-rope|Axial RoPE]] applies [[rope|RoPE]] to a grid: the first D/4 [[frequency-pair|frequency pairs]] "
         "turn with the column c, the last D/4 with the row r. Both groups use the frequencies θ_j = base^(−4j/D) "
         "(base = 100 in Heo et al.'s rope-vit). Each group is a 1-D RoPE, so the score depends only on (Δr, Δc); the "
         "notes check that all cells with the same offset hold the same value. Click the grid to change the query "
         "patch; the table lists which axis turns each pair and at what frequency."},
        {"H", "W", "patch", "dim", "theta", "seed"},
        views_of(inputs, axial_rope_views),
        {
         R"tex(\big\langle \mathrm{Rot}_{(r_a, c_a)}\, \mathbf{q},\ \mathrm{Rot}_{(r_b, c_b)}\, \mathbf{k} \big\rangle = g(r_a - r_b,\ c_a - c_b) = g(\Delta r, \Delta c))tex",
         {R"tex(\phi_j = c\,\theta_j \ (j < D/4), \quad r\,\theta_{j - D/4} \ \text{（其余）}, \qquad \theta_j = \mathrm{base}^{-4j/D})tex",
          R"tex(\phi_j = c\,\theta_j \ (j < D/4), \quad r\,\theta_{j - D/4} \ \text{(the rest)}, \qquad \theta_j = \mathrm{base}^{-4j/D})tex"}},
    };
    s.takeaway = {"{scores} 个分数只取决于 {offsets} 种偏移 (Δr, Δc)：一半旋转对按列号转、一半按行号转，每个旋转的点积只留下坐标之差。",
                  "The {scores} scores depend only on {offsets} offsets (Δr, Δc) because half the pairs rotate by column, "
                  "half by row."};
    s.takeaway_args = args_of(inputs, axial_args);
    return s;
}

}  // namespace vit_2d_lesson
}  // namespace pelab
