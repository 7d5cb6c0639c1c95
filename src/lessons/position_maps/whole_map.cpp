// PE Lab — lessons/position_maps/whole_map.cpp
// The long-sequence page, step "whole-map": the whole L×L map, one pixel at a time (the GPU against the core on
// probe cells, the float32 contract, the model preset's context against the cap, T5's bucket edges).
// Comments are English only: the font subset is built from the characters inside .cpp string literals.
//
// [SECTION] views
// [SECTION] the step
#include <algorithm>
#include <cmath>
#include <memory>
#include <string>
#include <vector>

#include "core/constants.h"
#include "core/model_presets.h"
#include "core/position_map.h"
#include "core/position_map_filter.h"
#include "lessons/lesson_util.h"
#include "lessons/position_maps/position_maps_lesson.h"

namespace pelab {
namespace position_maps_lesson {

using namespace lessonui;

// [SECTION] views
namespace {

std::string map_title(const PositionMapSpec& s, Lang lang) {
    const bool softmax = position_map_shows_softmax(s);
    switch (s.kind) {
    case PositionMapKind::sinusoidal:
        return say(lang, {"正弦位置编码的 Gram 矩阵 PE·PEᵀ", "Gram matrix PE·PEᵀ of the sinusoidal encoding"});
    case PositionMapKind::rope: {
        const Arg scaling{"scaling", rope_scaling_name(s.scaling.kind)};
        if (softmax)
            return say(lang, {"RoPE 分数 ⟨R_m q, R_n k⟩，缩放：{scaling}，按行 softmax", "RoPE score ⟨R_m q, R_n k⟩, scaling: {scaling}, row softmax"},
                       {scaling});
        return say(lang, {"RoPE 分数 ⟨R_m q, R_n k⟩，缩放：{scaling}", "RoPE score ⟨R_m q, R_n k⟩, scaling: {scaling}"}, {scaling});
    }
    case PositionMapKind::alibi:
        if (softmax) return say(lang, {"ALiBi 偏置（一个头），按行 softmax", "ALiBi bias (one head), row softmax"});
        return say(lang, {"ALiBi 偏置（一个头）", "ALiBi bias (one head)"});
    case PositionMapKind::t5: return say(lang, {"T5 相对位置桶", "T5 relative-position buckets"});
    case PositionMapKind::shaw: return say(lang, {"Shaw 截断索引 clip(j − i, −k, k) + k", "Shaw clipped index clip(j − i, −k, k) + k"});
    }
    return "";
}

std::vector<ViewData> whole_map_views(const ParamSet& p, Lang lang) {
    const std::shared_ptr<const PositionMapView> pm = make_position_map_view(spec_from(p));
    const bool softmax = !pm->log_norm.empty();
    const PositionMapSpec& s = pm->spec;

    std::vector<std::string> notes;
    const double cells = double(s.L) * double(s.L);
    notes.push_back(say(lang,
                        {"整张矩阵若作为 float32 纹理在 CPU 上构建需要 {bytes}；这里只计算屏幕上可见的像素。",
                         "Built on the CPU as a float32 texture, the whole matrix would take {bytes}; here only the pixels on screen are computed."},
                        {{"bytes", bytes_text(cells * 4.0)}}));
    // The contract, checked here on probe cells that include the farthest diagonals.
    const long long n = s.L - 1;
    // {7, 5} (a cell near the start) is clamped into the matrix: L may be as small as 2.
    const long long probes[][2] = {{0, n}, {n, 0}, {n, n}, {1, n}, {n, 1}, {n / 2, n / 3}, {n / 3, n}, {std::min(7LL, n), std::min(5LL, n)}, {0, 0}};
    double worst = 0;
    for (const auto& ij : probes) {
        const double ref = position_map_shown_value(s, pm->log_norm, ij[0], ij[1]);
        if (!std::isnan(ref)) worst = std::max(worst, std::fabs(double(position_map_value_f32(pm->gpu, ij[0], ij[1])) - ref));
    }
    const double tol = position_map_tolerance(pm->gpu);
    if (tol > 0) {
        notes.push_back(say(lang,
                            {"float32 误差上界（精度约定）：{bound}；在最远的对角线等探测单元上实测最大误差：{worst}",
                             "float32 error bound (precision contract): {bound}; largest error measured on probe cells, the farthest "
                             "diagonals included: {worst}"},
                            {{"bound", num(tol, 3)}, {"worst", num(worst, 3)}}));
    } else {
        notes.push_back(say(lang,
                            {"整数图：GPU 与参考值逐格完全相等（探测单元最大误差 {worst}）",
                             "Integer map: GPU and reference agree exactly in every cell (largest error on probe cells {worst})"},
                            {{"worst", num(worst, 3)}}));
    }
    if (softmax)
        notes.push_back(say(lang, {"按行 softmax：每行的归一化量 log Z_i 由 core 沿 Δ 精确求和（O(L·d)，Toeplitz 结构），GPU 只计算 exp(logit − log Z_i)。",
                                   "Row softmax: each row's normaliser log Z_i is summed exactly by the core along Δ (O(L·d), "
                                   "the Toeplitz structure); the GPU only computes exp(logit − log Z_i)."}));
    const ModelPreset* model = find_model_preset(params().read(p).preset);
    if (model && s.kind == PositionMapKind::rope) {
        if (model->extended_context > s.L)
            notes.push_back(say(lang, {"{model} 的上下文有 {ext} 个位置；这张图最多画 L = {cap}，所以只显示前 {L} 个位置。"
                                       "整段上下文的波长见课程“旋转位置编码（RoPE）”第 {step} 步的频谱图。",
                                       "{model} reaches {ext} positions; this map draws at most L = {cap}, so it shows the first {L} "
                                       "of them. The wavelength spectrum in step {step} of the lesson on rotary position embedding "
                                       "shows the whole context."},
                                {{"model", model->display}, {"ext", integer(model->extended_context)},
                                 {"cap", integer(kPositionMapMaxL)}, {"L", integer(s.L)},
                                 // Where that step stands today (its id does not move when steps are added).
                                 {"step", integer(step_number_of(*find_lesson("rope"), "spectrum-and-decay"))}}));
        if (model->local_base > 0)
            notes.push_back(say(lang, {"{model} 的局部（滑动窗口 {window}）层用 base {local}；这张图画的是它的全局层。",
                                       "{model}'s local layers (sliding window {window}) use base {local}; this map shows its global layers."},
                                {{"model", model->display}, {"window", integer(model->sliding_window)}, {"local", num(model->local_base)}}));
    }
    if (s.kind == PositionMapKind::t5) {
        std::vector<std::string> edges;
        for (std::int32_t e : pm->gpu.t5_edges) edges.push_back(integer(e));
        notes.push_back(say(lang, {"每半边的桶边界（距离 n）：{edges}", "Bucket edges per half (distance n): {edges}"},
                            {{"edges", join(edges, ", ")}}));
    }
    return {make_view(map_title(s, lang), MapView{pm}, notes)};
}

}  // namespace

// [SECTION] the step
Step whole_map() {
    Step step{
        "whole-map",
        {"整张 L×L 图，逐像素计算", "The whole L×L map, one pixel at a time"},
        {
        "一张 L×L 的位置图有 L² 个单元，L = 65,536 时先在 CPU 上算好再上传是不现实的（下方注释给出所需内存）。这里每个像素在片元着色器里"
        "找到自己所在的单元 (i, j)，直接算出该处的值，所以只有屏幕上可见的窗口需要计算。滚轮或双指缩放，一直放大到单个单元；"
        "拖动平移，双击回到整张图。缩小后视图一停下来，每个像素就改为显示它覆盖的所有单元的平均值（filter=box，见第 2 步）。悬停显示该单元的参考值（core，double）以及着色器算法在 float32 下得到的值。",
        "An L×L position map has L² cells; at L = 65,536, computing it on the CPU and uploading it is out of the "
        "question (the note below gives the memory). Here every pixel finds its cell (i, j) in the fragment shader and computes the value "
        "there, so only the visible window costs anything. Zoom with the wheel or a pinch, down to single cells; "
        "drag to pan; double-click for the whole map. Zoomed out, once the view rests, each pixel shows the mean of the "
        "cells it covers instead (filter=box, see step 2). Hovering shows the cell's reference value (core, double) "
        "and the value the shader's float32 arithmetic gives."},
        all_keys(),
        whole_map_views,
    };
    step.params_for = keys_for;
    return step;
}

}  // namespace position_maps_lesson
}  // namespace pelab
