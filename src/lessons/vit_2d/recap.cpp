// PE Lab — lessons/vit_2d/recap.cpp
// Step "recap" of lesson "vit-2d": the lesson's claims, each linked to the step that shows it, and one table that
// puts the five schemes side by side at the learner's grids: how many numbers each learns, how many values it lacks
// on the larger H2×W2 grid, and how far its scores are from depending on the 2-D offset δ alone (the largest
// spread among the pairs of one δ). Every number comes from core (vit2d.h, random.h).
// Comments are English only: the font subset is built from the characters inside this file's strings.
//
// [SECTION] the numbers
// [SECTION] the views
// [SECTION] the step
#include <algorithm>
#include <cmath>
#include <cstdint>
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

// [SECTION] the numbers
namespace {

// Below this a spread is rounding, not structure: shown as 0.
constexpr double kRounding = 1e-9;

enum Scheme { plain_table, resized_table, mae, axial, swin, scheme_count };

std::string scheme_label(int scheme, Lang lang) {
    switch (scheme) {
        case plain_table: return say(lang, {"可学习的表，直接查", "learned table, looked up"});
        case resized_table: return say(lang, {"可学习的表，双线性插值", "learned table, bilinear"});
        case mae: return say(lang, {"MAE 二维 sin-cos", "MAE 2-D sin-cos"});
        case axial: return say(lang, {"轴向 RoPE", "axial RoPE"});
        case swin: return say(lang, {"Swin 偏置", "Swin bias"});
    }
    return "";
}

// A scheme's short name in the takeaway.
std::string scheme_short_label(int scheme, Lang lang) {
    switch (scheme) {
        case plain_table: return say(lang, {"可学习的表", "the learned table"});
        case resized_table: return say(lang, {"插值后的表", "the resized table"});
        case mae: return "MAE";
        case axial: return say(lang, {"轴向 RoPE", "axial RoPE"});
        case swin: return "Swin";
    }
    return "";
}

// The largest spread of M(a, b) among the pairs of tokens of an H×W grid with one offset δ = (Δr, Δc); 0 when
// it is rounding.
double spread_within_offset(const Eigen::MatrixXd& M, int H, int W) {
    std::map<std::pair<int, int>, std::pair<double, double>> range;
    for (int a = 0; a < H * W; ++a)
        for (int b = 0; b < H * W; ++b) {
            const std::pair<int, int> key(vit_token_row(a, W) - vit_token_row(b, W), vit_token_col(a, W) - vit_token_col(b, W));
            const auto it = range.find(key);
            if (it == range.end())
                range.emplace(key, std::make_pair(M(a, b), M(a, b)));
            else
                it->second = {std::min(it->second.first, M(a, b)), std::max(it->second.second, M(a, b))};
        }
    double spread = 0;
    for (const auto& kv : range) spread = std::max(spread, kv.second.second - kv.second.first);
    return spread <= kRounding ? 0.0 : spread;
}

// One row per scheme: numbers learned, values missing on H2×W2 (cells for the tables, offsets for Swin), spread
// within one δ.
Eigen::MatrixXd scheme_numbers(const Inputs& in) {
    const int H = in.H, W = in.W, H2 = in.H2, W2 = in.W2, D = in.dim;
    Eigen::MatrixXd out(scheme_count, 3);
    SplitMix64 rng(static_cast<std::uint64_t>(in.seed));
    const Eigen::MatrixXd table = random_signed_matrix(H * W, D, rng);
    const Eigen::MatrixXd resized = vit_resample_table(table, H, W, H2, W2);
    const long long inside = static_cast<long long>(std::min(H, H2)) * std::min(W, W2);
    out.row(plain_table) << double(H * W) * D, double(H2 * W2 - inside), spread_within_offset(table * table.transpose(), H, W);
    out.row(resized_table) << double(H * W) * D, double(resized.array().isNaN().count()),
        spread_within_offset(resized * resized.transpose(), H2, W2);
    const Eigen::MatrixXd E = mae_2d_sincos(H, W, D), E2 = mae_2d_sincos(H2, W2, D);
    out.row(mae) << 0.0, double(E2.array().isNaN().count()), spread_within_offset(E * E.transpose(), H, W);
    SplitMix64 vectors(static_cast<std::uint64_t>(in.seed) + 7);  // the query and key of the step axial-rope
    Eigen::VectorXd q(D), k(D);
    for (int i = 0; i < D; ++i) q(i) = vectors.next_signed();
    for (int i = 0; i < D; ++i) k(i) = vectors.next_signed();
    const Eigen::MatrixXd S2 = axial_rope_scores(H2, W2, D, in.theta, q, k);
    out.row(axial) << 0.0, double(S2.array().isNaN().count()), spread_within_offset(axial_rope_scores(H, W, D, in.theta, q, k), H, W);
    const long long offsets = (2LL * H - 1) * (2LL * W - 1);
    const long long known = (2LL * std::min(H, H2) - 1) * (2LL * std::min(W, W2) - 1);
    out.row(swin) << double(offsets), double((2LL * H2 - 1) * (2LL * W2 - 1) - known),
        spread_within_offset(swin_relative_position_index(H, W), H, W);
    return out;
}

// [SECTION] the views
std::vector<ViewData> recap_views(const Inputs& in, Lang lang) {
    TableView t;
    t.values = to_rows(scheme_numbers(in));
    for (int r = 0; r < scheme_count; ++r) t.row_labels.push_back(scheme_label(r, lang));
    t.col_labels = {say(lang, {"学习的数", "numbers learned"}),
                    say(lang, {"{H2}×{W2} 上缺的值", "missing on {H2}×{W2}"}, {{"H2", integer(in.H2)}, {"W2", integer(in.W2)}}),
                    say(lang, {"同一 δ 内的极差", "spread within one δ"})};
    t.col_decimals = {0, 0, 4};
    t.corner = say(lang, {"做法", "scheme"});
    // The deciding cells: whether a scheme lacks values on the larger grid, and whether it depends on δ alone.
    for (int r = 0; r < scheme_count; ++r) {
        const bool whole = t.values(r, 1) == 0;
        t.marks.push_back({r, 1, whole, whole ? say(lang, {"不缺", "none missing"}) : say(lang, {"有空缺", "holes"})});
        const bool relative = t.values(r, 2) == 0;
        t.marks.push_back({r, 2, relative, relative ? say(lang, {"只看 δ", "δ only"}) : say(lang, {"不只看 δ", "not δ only"})});
    }
    const std::vector<std::string> notes = {
        say(lang,
            {"H×W = {H}×{W}，D = {D}。学习的数：表是 H·W·D，Swin 每个头 (2H−1)(2W−1)；缺的值：表数格子，Swin 数偏移；"
             "极差：同一 δ = (Δr, Δc) 的所有词元对之间分数的最大差（表用内积 P·Pᵀ；小于 10⁻⁹ 的舍入记作 0）。",
             "H×W = {H}×{W}, D = {D}. Numbers learned: H·W·D for a table, (2H−1)(2W−1) per head for Swin; missing: "
             "cells for a table, offsets for Swin; spread: the largest difference of the scores of all token pairs with "
             "one δ = (Δr, Δc) (dot products P·Pᵀ for a table; rounding under 10⁻⁹ shown as 0)."},
            {{"H", integer(in.H)}, {"W", integer(in.W)}, {"D", integer(in.dim)}}),
    };
    return {make_view(say(lang, {"五种做法并排：学什么、缺什么、是否只看 δ", "Five schemes side by side: what they learn, what they lack, δ only?"}),
                      std::move(t), notes)};
}

// The schemes that depend on δ alone and the plain lookup's holes, as the table shows them.
std::vector<Arg> recap_args(const Inputs& in, Lang lang) {
    const Eigen::MatrixXd numbers = scheme_numbers(in);
    std::vector<std::string> relative;
    for (int r = 0; r < scheme_count; ++r)
        if (numbers(r, 2) == 0) relative.push_back(scheme_short_label(r, lang));
    return {{"relative", join(relative, lang == Lang::zh ? "、" : ", ")},
            {"holes", integer(static_cast<long long>(numbers(plain_table, 1)))},
            {"cells", integer(static_cast<long long>(in.H2) * in.W2)},
            {"H2", integer(in.H2)},
            {"W2", integer(in.W2)}};
}

}  // namespace

// [SECTION] the step
Step recap() {
    Step s = {
        "recap",
        {"小结：二维位置要看二维偏移", "Recap: 2-D positions need 2-D offsets"},
        {"这一课的五条结论，各由一步给出。"
         "[[lesson:vit-2d/patch-grid|逐行展平后]]，图块 (r, c) 成为词元 t = r·W + c，二维偏移不再是展平表里的一条对角线。"
         "[[lesson:vit-2d/learnable-2d-table|可学习的表]]在更大的网格上没有新位置的向量，[[lesson:vit-2d/bilinear-resize|双线性插值]]用四个邻格把它们补上。"
         "[[lesson:vit-2d/mae-sincos|MAE 的 sin-cos]] 用两半分别编码列和行，所以内积是列部分加行部分。"
         "[[lesson:vit-2d/axial-rope|轴向 RoPE]] 一半频率对随列、一半随行旋转，所以分数只取决于 (Δr, Δc)。"
         "[[lesson:vit-2d/swin-index|Swin]] 给每个二维偏移学一个偏置，共 (2H−1)(2W−1) 个。",
         "The lesson in five claims, each shown by its step. "
         "[[lesson:vit-2d/patch-grid|Flattened row by row]], patch (r, c) becomes token t = r·W + c, and a 2-D offset "
         "is no longer one diagonal of the flat table. "
         "[[lesson:vit-2d/learnable-2d-table|A learned table]] has no vector for the new positions of a larger grid; "
         "[[lesson:vit-2d/bilinear-resize|bilinear interpolation]] fills them from four neighbours. "
         "[[lesson:vit-2d/mae-sincos|MAE's sin-cos]] codes the column and the row in separate halves, so its dot "
         "product is a column part plus a row part. "
         "[[lesson:vit-2d/axial-rope|Axial RoPE]] turns half the pairs with the column and half with the row, so its "
         "scores depend only on (Δr, Δc). "
         "[[lesson:vit-2d/swin-index|Swin]] learns one bias per 2-D offset, (2H−1)(2W−1) of them."},
        {"H", "W", "H2", "W2", "dim", "seed"},
        views_of(inputs, recap_views),
        {R"tex(s(q, k) = g(\delta), \qquad \delta = (r_q - r_k,\ c_q - c_k), \qquad (2H - 1)(2W - 1) \text{ offsets})tex"},
    };
    s.takeaway = {"{relative} 只取决于二维偏移 δ，因为由 (Δr, Δc) 算出；直接查可学习的表，{H2}×{W2} 的 {cells} 格有 {holes} 格空着。",
                  "{relative} depend on the 2-D offset δ alone, being built from (Δr, Δc); a learned table looked up "
                  "directly leaves {holes} of the {cells} cells of {H2}×{W2} empty."};
    s.takeaway_args = args_of(inputs, recap_args);
    return s;
}

}  // namespace vit_2d_lesson
}  // namespace pelab
