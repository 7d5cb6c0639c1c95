// PE Lab — lessons/shaw/content_plus_position.cpp
// Step "content-plus-position" of shaw: content plus position scores through a row softmax, and what the
// weights lose without the position term. Its views, then the step.
// Comments are English only: the font subset is built from the characters inside this file's strings.
//
// [SECTION] content plus position, then softmax
#include <algorithm>
#include <cmath>
#include <string>
#include <vector>

#include "core/relative/attention_grid.h"
#include "lessons/shaw/shaw_lesson.h"
#include "lessons/lesson_util.h"

namespace pelab {
namespace shaw_lesson {

using namespace lessonui;  // shared display helpers (lessons/lesson_util.h)

// [SECTION] content plus position, then softmax
namespace {

std::vector<ViewData> softmax_views(const Inputs& in, const Computed& c, Lang lang) {
    const int L = in.L;
    const Eigen::MatrixXd C = c.content, P = c.position, E = c.logits, A = c.weights;
    HeatmapView logits = ij_matrix(E, lang);
    logits.is_signed = true;
    logits.explain = [C, P, E, L, lang](int r, int col) -> std::string {
        if (r < 0 || col < 0 || r >= L || col >= L) return "";
        return say(lang, {"e{ij} = {content} + {position} = {score}", "e{ij} = {content} + {position} = {score}"},
                   {{"ij", sub(r) + "," + sub(col)}, {"content", n4(C(r, col))}, {"position", n4(P(r, col))}, {"score", n4(E(r, col))}});
    };
    HeatmapView weights = ij_matrix(A, lang);
    weights.decimals = 2;
    weights.explain = [A, L, lang](int r, int col) -> std::string {
        if (r < 0 || col < 0 || r >= L || col >= L) return "";
        return say(lang, {"α{ij} = exp(e{ij}) / Σ_j exp(e{i}j) = {value}", "α{ij} = exp(e{ij}) / Σ_j exp(e{i}j) = {value}"},
                   {{"ij", sub(r) + "," + sub(col)}, {"i", sub(r)}, {"value", n4(A(r, col))}});
    };
    double worst = 0.0;
    for (int r = 0; r < L; ++r) worst = std::max(worst, std::fabs(A.row(r).sum() - 1.0));
    const Eigen::MatrixXd content_only = softmax_rows(C);
    const std::vector<std::string> notes = {
        say(lang, {"每一行之和与 1 的最大偏差 = {dev}", "Largest deviation of a row sum from 1 = {dev}"}, {{"dev", exact(worst)}}),
        say(lang, {"去掉位置项后权重的最大变化 = {change}。", "Removing the position term changes the weights by up to {change}."},
            {{"change", exact((content_only - A).cwiseAbs().maxCoeff())}}),
    };
    return {make_view(say(lang, {"分数 e_ij（内容 + 位置）", "Scores e_ij (content + position)"}), std::move(logits)),
            make_view(say(lang, {"注意力权重 softmax_j(e_ij)", "Attention weights softmax_j(e_ij)"}), std::move(weights), notes)};
}

}  // namespace

Step content_plus_position() {
    Step s = {
        "content-plus-position",
        {"内容加位置，再 softmax", "Content plus position, then softmax"},
        {"把内容分数与位置分数相加、除以 √d_k，再对每一行做 [[softmax]]，就得到注意力权重。"
         "每一行的权重之和为 1；注释给出去掉位置项后权重会变化多少。",
         "Add the content and position scores, divide by √d_k and apply [[softmax]] to each row to get the attention "
         "weights. Every row sums to 1; a note says how much the weights would change without the position term."},
        {"L", "clip", "d_k", "seed"},
        computed_views(softmax_views),
        {
         R"tex(\alpha_{ij} = \operatorname{softmax}_j(e_{ij}), \qquad e_{ij} = (q_i \cdot k_j + q_i \cdot a_{ij}) / \sqrt{d_k})tex"},
    };
    s.takeaway = {"位置项改变了注意力：去掉它，权重最多变化 {change}，因为 softmax 把每个加上的分数变成那个键权重上的一个倍数。",
                  "The position term moves attention: without it the weights would change by up to {change}, because the "
                  "softmax turns each added score into a factor on that key's weight."};
    s.takeaway_args = args_of(read_inputs, +[](const Inputs& in, Lang) {
        const Computed c = compute(in);
        return std::vector<Arg>{{"change", num((softmax_rows(c.content) - c.weights).cwiseAbs().maxCoeff(), 3)}};
    });
    return s;
}

}  // namespace shaw_lesson
}  // namespace pelab
