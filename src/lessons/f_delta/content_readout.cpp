// PE Lab — lessons/f_delta/content_readout.cpp
// Step "content-readout" of f-delta: each query reads R_(q−k) with its own weights u_q = Wᵀx_q, so the
// diagonals are no longer constant, while within a row k still enters only through Δ. The views builder
// (the seeded draw and the heatmap are shared with transformer-xl-terms, lesson.cpp), then the step.
// Comments are English only: the font subset is built from the characters inside this file's strings.
//
// [SECTION] views: the content-dependent readout
// [SECTION] the step
#include <algorithm>
#include <cmath>
#include <string>
#include <vector>

#include "core/relative/f_delta.h"
#include "lessons/f_delta/f_delta_lesson.h"
#include "lessons/lesson_util.h"

namespace pelab {
namespace fdelta {

using namespace lessonui;  // shared display helpers (lessons/lesson_util.h)

// [SECTION] views: the content-dependent readout
std::vector<ViewData> content_views(const Model& in, Lang lang) {
    const int L = in.L, m = n_freq(in);
    const ContentDraw draw = draw_content(in);
    const Eigen::MatrixXd G = content_readout_matrix(L, in.omega, draw.W, draw.Q);
    const Eigen::MatrixXd U = content_readouts(draw.W, draw.Q);
    ViewData heat = content_heatmap("F[q,k] = u_q·R_(q−k)", in, lang);

    TableView t;
    t.values = to_rows(U);
    for (int q = 0; q < L; ++q) t.row_labels.push_back("u" + sub(q));
    t.col_labels = feature_labels(m);
    t.corner = say(lang, {"查询 q", "query q"});
    t.decimals = 3;

    // Recompute every cell from u_q and R_(q−k) alone: a row sees k only through Δ.
    const Eigen::MatrixXd R = r_delta_features(L, in.omega);
    double recompute = 0.0;
    for (int q = 0; q < L; ++q)
        for (int k = 0; k < L; ++k) recompute = std::max(recompute, std::fabs(G(q, k) - U.row(q).dot(R.row(q - k + L - 1))));
    const double spread = largest_spread(G);
    // Both checks sit under the table, so the heatmap keeps its room.
    const std::string spread_note = (spread > 0.0 ? say(lang,
                                            {"左图对角线上最大的极差：{spread}（不再为 0）", "Left: largest spread along a diagonal = {spread} (no longer 0)"},
                                            {{"spread", exact(spread)}})
                                      : say(lang, {"左图对角线上最大的极差：{spread}", "Left: largest spread along a diagonal = {spread}"},
                                            {{"spread", exact(spread)}}));
    const std::string recompute_note = say_error(lang,
                                   {"按 u_q·R_(q−k) 重算每个格子：最大差 = {err}{hint}",
                                    "Each cell recomputed as u_q·R_(q−k): largest difference = {err}{hint}"},
                                   recompute);
    const std::vector<std::string> table_notes = {
        spread_note,
        recompute_note,
        say(lang,
            {"随机种子 seed = {seed}：x_q 与 W 的元素是 [−1, 1) 内的伪随机数。",
             "Random seed = {seed}: x_q (the content vector of the token at q) and W (a learned matrix) are stand-ins "
             "here, pseudo-random numbers in [−1, 1)."},
            {{"seed", integer(in.seed)}}),
    };
    return {heat, make_view(say(lang, {"读出向量 u_q = Wᵀx_q（每个查询一行）", "Readout u_q = Wᵀx_q, one row per query"}),
                            std::move(t), table_notes)};
}

// [SECTION] the step
Step content_readout() {
    Step s{
        "content-readout",
        {"依赖内容的读出 u_q·R_(q−k)", "Content-dependent readout u_q·R_(q−k)"},
        {
        "在实际模型中，读出权重常常取决于查询的内容：矩阵 W 把位置 q 上的查询向量 x_q（那里词元的内容）映射成它自己的读出向量 "
        "u_q = Wᵀx_q，格子的值变成 u_q·R_(q−k)。"
        "不同的行用不同的 u_q 读取同一个 Δ，所以同一条对角线上的格子不再相等；但在同一行之内，k 仍然只通过 Δ 起作用。"
        "这里的 x_q 和 W 是由随机种子生成的随机数。",
        "In real models the readout weights often depend on the query's content: a matrix W maps the query vector x_q "
        "at position q (the content of the token there) to its own readout u_q = Wᵀx_q, and the cell becomes "
        "u_q·R_(q−k). Different rows read the same Δ with different weights u_q, so the cells of one diagonal differ; "
        "within a row, k still enters only through Δ. Here x_q and W are random numbers drawn from the random seed."},
        {"L", "omega", "seed"},
        views_of(read_model, content_views),
        {R"tex(u_q = W^\top x_q, \qquad F[q,k] = u_q \cdot R_{q-k})tex"},
    };
    s.takeaway = {"对角线不再是常数（最大极差 {spread}）：每个查询用自己内容 x_q 给出的 u_q = Wᵀx_q 读取 R_(q−k)；行内 k 仍只通过 Δ 起作用。",
                  "Diagonals now differ (largest spread {spread}): each query q reads R_(q−k) with its own weights "
                  "u_q = Wᵀx_q, made from its token's content x_q; within one row, k still enters only through Δ."};
    s.takeaway_args = args_of(read_model, +[](const Model& in, Lang) {
        const ContentDraw draw = draw_content(in);
        return std::vector<Arg>{{"spread", exact(largest_spread(content_readout_matrix(in.L, in.omega, draw.W, draw.Q)))}};
    });
    return s;
}

}  // namespace fdelta
}  // namespace pelab
