// PE Lab — lessons/open_models/nope_layers.cpp
// Step "nope-layers" of lesson "open-models": layers without position encoding (NoPE; Llama 4 leaves RoPE out
// of every 4th layer): a causal mask alone gives token 0 the weight 1/(m + 1) at query m, so such a layer still
// sees position. Its question (a prediction): what a causal mask alone gives token 0. Llama 4's temperature in those layers is the
// next step (nope_temperature.cpp). Every number shown comes from core (open_models.h).
// Comments are English only: the font subset is built from the characters inside .cpp string literals.
//
// [SECTION] the views
// [SECTION] the step and its question
#include <algorithm>
#include <cmath>
#include <string>
#include <vector>

#include "core/rope/open_models.h"
#include "lessons/lesson.h"
#include "lessons/lesson_util.h"
#include "lessons/open_models/open_models_lesson.h"

namespace pelab {
namespace open_models_lesson {

using namespace lessonui;  // shared display helpers (lessons/lesson_util.h)

// [SECTION] the views
namespace {
std::vector<ViewData> layers_without_position_views(const Inputs& in, Lang lang) {
    const Eigen::MatrixXd A = causal_uniform_attention(in.L);
    const Eigen::VectorXd first = causal_uniform_attention_to_first(in.L);

    HeatmapView h = qk_matrix(A, lang);
    h.row_axis = say(lang, {"查询位置 m", "query position m"});  // m and n, as in the equation and the curve
    h.col_axis = say(lang, {"键位置 n", "key position n"});
    h.is_signed = false;  // weights lie in [0, 1]
    h.decimals = 3;
    const int L = in.L;
    h.explain = [A, L, lang](int r, int c) -> std::string {
        if (r < 0 || c < 0 || r >= L || c >= L) return "";
        if (c > r)
            return say(lang, {"m = {m}，n = {n}：因果掩码挡住了这个键，权重为 0。", "m = {m}, n = {n}: the causal mask hides this key; weight 0."},
                       {{"m", integer(r)}, {"n", integer(c)}});
        return say(lang, {"m = {m}，n = {n}：权重 = {a} = 1/{k}", "m = {m}, n = {n}: weight = {a} = 1/{k}"},
                   {{"m", integer(r)}, {"n", integer(c)}, {"a", num(A(r, c), 4)}, {"k", integer(r + 1)}});
    };
    double row_err = 0.0;
    for (int i = 0; i < in.L; ++i) row_err = std::max(row_err, std::abs(A.row(i).sum() - 1.0));
    std::vector<std::string> matrix_notes = {
        say_error(lang, {"第 {last} 行每个键得 {w}；每行之和与 1 的最大差 = {err}{hint}。",
                         "Row {last} gives each key {w}; largest difference of a row sum from 1 = {err}{hint}."},
                  row_err, {{"last", integer(in.L - 1)}, {"w", num(A(in.L - 1, 0), 4)}}),
    };

    CurveView curve;
    std::vector<double> reference;
    for (int i = 0; i < in.L; ++i) {
        curve.x.push_back(i);
        reference.push_back(1.0 / (i + 1));
    }
    curve.series = {std::vector<double>(first.data(), first.data() + first.size()), reference};
    curve.series_labels = {say(lang, {"softmax", "softmax"}), say(lang, {"1/(m + 1)", "1/(m + 1)"})};
    curve.series_dashed = {false, true};
    curve.markers_x = curve.x;
    curve.x_axis = say(lang, {"查询位置 m", "query position m"});
    curve.y_axis = say(lang, {"权重", "weight"});
    double gap = 0.0;
    for (int i = 0; i < in.L; ++i) gap = std::max(gap, std::abs(first(i) - reference[static_cast<std::size_t>(i)]));
    std::vector<std::string> first_notes = {
        say_error(lang, {"与 1/(m + 1) 的最大差 = {err}{hint}。", "Largest difference from 1/(m + 1) = {err}{hint}."},
                  gap),
    };

    // The curve leads: the weight on token 0 against m is the step's claim; the matrix beside it shows where it comes from.
    return {
        make_view(say(lang, {"给第 0 个词元的权重", "Weight on token 0"}), std::move(curve), std::move(first_notes)),
        make_view(say(lang, {"因果掩码、分数相等", "Causal mask, equal scores"}), std::move(h),
                  std::move(matrix_notes)),
    };
}

}  // namespace

// [SECTION] the step and its question
Step layers_without_position() {
    Step s = {
        "nope-layers",
        {"NoPE 层", "NoPE layers"},
        {"有的模型让一部分层完全不用位置编码（[[nope|NoPE]] 层，例如 Llama 4，见[[lesson:open-models/nope-temperature|下一步]]），这样的层只剩[[causal-mask|因果掩码]]：查询 m 只看得到位置 0 … m 的键。"
         "图中所有分数都相等，[[softmax]] 在查询 m 能看到的键之间分配权重；曲线是每个查询给第 0 个词元的权重，矩阵是整张注意力。",
         "Some models use no position encoding at all in some layers ([[nope|NoPE]] layers, e.g. Llama 4, "
         "[[lesson:open-models/nope-temperature|next step]]); such a layer keeps only the [[causal-mask|causal mask]]: query m "
         "sees the keys at positions 0 … m. Here every score is equal and the [[softmax]] shares query m's weight among the keys "
         "it sees; the curve is each query's weight on token 0, the matrix the whole attention."},
        {"L"},
        views_of(read_inputs, layers_without_position_views),
        {R"tex(A_{mn}=e^{z_{mn}}/\textstyle\sum_{n'\le m}e^{z_{mn'}}\ (n\le m),\qquad A_{mn}=0\ (n>m),\qquad z_{mn}=z)tex"},
    };
    s.takeaway = {"查询 m 看到 m + 1 个键，平分后给第 0 个词元 1/(m + 1)（m = {last} 时 {w}）：权重泄露了位置。",
                  "Query m sees m + 1 keys, so token 0 gets 1/(m + 1) ({w} at m = {last}): the weight gives the position away."};
    s.takeaway_args = args_of(read_inputs, +[](const Inputs& in, Lang) {
        const Eigen::VectorXd a = causal_uniform_attention_to_first(in.L);
        return std::vector<Arg>{{"last", integer(in.L - 1)}, {"w", num(a(in.L - 1), 4)}};
    });
    s.questions = {
        {{"没有位置编码、所有分数都相等，只有因果掩码。查询 m 给第 0 个词元多少注意力？",
          "No position encoding, all scores equal, only the causal mask. How much attention does query m give token 0?"},
         {{"总是 1/L", "Always 1/L"},
          {"1/(m + 1)", "1/(m + 1)"},
          {"总是 1", "Always 1"}},
         1,
         [](const ParamSet& p, Lang lang) {
             const Inputs in = read_inputs(p);
             const int L = in.L;
             const Eigen::VectorXd a = causal_uniform_attention_to_first(L);
             double gap = 0.0;
             for (int i = 0; i < L; ++i) gap = std::max(gap, std::abs(a(i) - 1.0 / (i + 1)));
             return say_error(lang,
                              {"掩码让查询 m 只看到 m + 1 个键，相等的分数把权重平分：第 {last} 个查询给第 0 个词元 {a}。"
                               "与 1/(m + 1) 的最大差 = {err}{hint}，所以这个权重泄露了位置。",
                               "The mask lets query m see m + 1 keys, and equal scores share the weight evenly: query {last} "
                               "gives token 0 {a}. The largest difference from 1/(m + 1) = {err}{hint}, so the weight "
                               "gives the position away."},
                              gap, {{"last", integer(L - 1)}, {"a", num(a(L - 1), 4)}});
         }},
    };
    s.questions[0].predict = true;  // asked before the figure: covered until answered
    return s;
}

}  // namespace open_models_lesson
}  // namespace pelab
