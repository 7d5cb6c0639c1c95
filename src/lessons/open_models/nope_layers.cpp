// PE Lab — lessons/open_models/nope_layers.cpp
// Step "nope-layers" of lesson "open-models": layers without position encoding (NoPE; Llama 4 leaves RoPE out
// of every 4th layer): a causal mask alone gives token 0 the weight 1/(i + 1), so such a layer still sees
// position. Its question: what a causal mask alone gives token 0. Llama 4's temperature in those layers is the
// next step (nope_temperature.cpp). Every number shown comes from core (open_models.h).
// Comments are English only: the font subset is built from the characters inside .cpp string literals.
//
// [SECTION] the views
// [SECTION] the step and its question
#include <algorithm>
#include <cmath>
#include <string>
#include <vector>

#include "core/open_models.h"
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
    h.row_axis = say(lang, {"查询位置 i", "query position i"});  // i and j, as in the equation and the curve
    h.col_axis = say(lang, {"键位置 j", "key position j"});
    h.is_signed = false;  // weights lie in [0, 1]
    h.decimals = 3;
    const int L = in.L;
    h.explain = [A, L, lang](int r, int c) -> std::string {
        if (r < 0 || c < 0 || r >= L || c >= L) return "";
        if (c > r)
            return say(lang, {"i = {i}，j = {j}：因果掩码挡住了这个键，权重为 0。", "i = {i}, j = {j}: the causal mask hides this key; weight 0."},
                       {{"i", integer(r)}, {"j", integer(c)}});
        return say(lang, {"i = {i}，j = {j}：权重 = {a} = 1/{n}", "i = {i}, j = {j}: weight = {a} = 1/{n}"},
                   {{"i", integer(r)}, {"j", integer(c)}, {"a", num(A(r, c), 4)}, {"n", integer(r + 1)}});
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
    curve.series_labels = {say(lang, {"softmax", "softmax"}), say(lang, {"1/(i + 1)", "1/(i + 1)"})};
    curve.series_dashed = {false, true};
    curve.markers_x = curve.x;
    curve.x_axis = say(lang, {"查询位置 i", "query position i"});
    curve.y_axis = say(lang, {"权重", "weight"});
    double gap = 0.0;
    for (int i = 0; i < in.L; ++i) gap = std::max(gap, std::abs(first(i) - reference[static_cast<std::size_t>(i)]));
    std::vector<std::string> first_notes = {
        say_error(lang, {"与 1/(i + 1) 的最大差 = {err}{hint}。", "Largest difference from 1/(i + 1) = {err}{hint}."},
                  gap),
    };

    // The curve leads: the weight on token 0 against i is the step's claim; the matrix beside it shows where it comes from.
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
        {"不加位置编码的层也知道位置", "A layer without position encoding still sees position"},
        {"只有因果掩码、没有位置编码的层，仍然能读出位置：第 i 个查询给第 0 个词元的注意力正好是 1/(i + 1)。"
         "Llama 4 每 4 层里有 1 层不用 RoPE（NoPE 层）。掩码让查询 i 只看到 i + 1 个键，分数全相等时 [[softmax]] 把权重平分给它们，"
         "于是给第 0 个词元的权重随 i 下降，后面的层能从中读出 i。",
         "A layer with a causal mask and no position encoding still reads position: query i gives token 0 exactly 1/(i + 1). "
         "Llama 4 leaves RoPE out of every 4th layer (NoPE); with equal scores the [[softmax]] shares query i's weight among "
         "the i + 1 keys the mask lets it see, so later layers can read i."},
        {"L"},
        views_of(read_inputs, layers_without_position_views),
        {R"tex(a_{i0}=e^{0}\big/\textstyle\sum_{j\le i}e^{0}=1/(i+1))tex"},
    };
    s.questions = {
        {{"没有位置编码、所有分数都相等，只有因果掩码。第 i 个查询给第 0 个词元多少注意力？",
          "No position encoding, all scores equal, only the causal mask. How much attention does query i give token 0?"},
         {{"总是 1/L", "Always 1/L"},
          {"1/(i + 1)", "1/(i + 1)"},
          {"总是 1", "Always 1"}},
         1,
         [](const ParamSet& p, Lang lang) {
             const Inputs in = read_inputs(p);
             const int L = in.L;
             const Eigen::VectorXd a = causal_uniform_attention_to_first(L);
             double gap = 0.0;
             for (int i = 0; i < L; ++i) gap = std::max(gap, std::abs(a(i) - 1.0 / (i + 1)));
             return say_error(lang,
                              {"掩码让第 i 个查询只看到 i + 1 个键，相等的分数把权重平分：第 {last} 个查询给第 0 个词元 {a}。"
                               "与 1/(i + 1) 的最大差 = {err}{hint}，所以这个权重泄露了位置。",
                               "The mask lets query i see i + 1 keys, and equal scores share the weight evenly: query {last} "
                               "gives token 0 {a}. The largest difference from 1/(i + 1) = {err}{hint}, so the weight "
                               "gives the position away."},
                              gap, {{"last", integer(L - 1)}, {"a", num(a(L - 1), 4)}});
         }},
    };
    return s;
}

}  // namespace open_models_lesson
}  // namespace pelab
