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
#include "core/rope/model_presets.h"
#include "core/maps/position_map.h"
#include "core/maps/position_map_filter.h"
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
            return say(lang, {"RoPE 分数（查询位置 q，键位置 k），缩放：{scaling}，按行 softmax", "RoPE score (query q, key k), scaling: {scaling}, row softmax"},
                       {scaling});
        return say(lang, {"RoPE 分数（查询位置 q，键位置 k），缩放：{scaling}", "RoPE score (query q, key k), scaling: {scaling}"}, {scaling});
    }
    case PositionMapKind::alibi:
        if (softmax) return say(lang, {"ALiBi 偏置（一个头），按行 softmax", "ALiBi bias (one head), row softmax"});
        return say(lang, {"ALiBi 偏置（一个头）", "ALiBi bias (one head)"});
    case PositionMapKind::t5: return say(lang, {"T5 相对位置桶", "T5 relative-position buckets"});
    case PositionMapKind::shaw: return say(lang, {"Shaw 截断索引 clip(−Δ, −c, c) + c", "Shaw clipped index clip(−Δ, −c, c) + c"});
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
        notes.push_back(say(lang, {"每半边的桶边界（距离 |Δ|）：{edges}", "Bucket edges per half (distance |Δ|): {edges}"},
                            {{"edges", join(edges, ", ")}}));
    }
    if (s.kind == PositionMapKind::shaw)
        notes.push_back(say(lang, {"（Shaw 等人的代码写作 clip(j − i, −k, k) + k：j − i 即 −Δ，k 即这里的 c。）",
                                   "(Shaw et al.'s code writes clip(j − i, −k, k) + k: j − i is −Δ, and k is c here.)"}));
    return {make_view(map_title(s, lang), MapView{pm}, notes)};
}

}  // namespace

// [SECTION] the step
Step whole_map() {
    Step step{
        "whole-map",
        {"整张 L×L 图，逐像素计算", "The whole L×L map, one pixel at a time"},
        {
        "这一页画出整张位置图（每种方法给查询位置 q（行）与键位置 k（列）的值，Δ = q − k），序列长到 65,536 也行：显卡（GPU）只计算屏幕上的像素。"
        "可选的图：正弦编码的 [[gram-matrix|Gram 矩阵]]、[[rope|RoPE]] 分数、[[alibi|ALiBi]] 偏置、[[t5|T5]] 的[[bucket|桶]]和 [[lesson:shaw|Shaw]] 的[[clipping|截断]]索引（勾选 softmax 时显示每行的 [[softmax]]）；"
        "RoPE 的缩放（scaling）是把它拉长到更长上下文的方法，见[[lesson:long-context|长上下文一课]]。"
        "一张 L×L 的位置图有 L² 个单元，L = 65,536 时先在 CPU 上算好再上传是不现实的（下方注释给出所需内存）。这里每个像素在片元[[shader|着色器]]里"
        "找到自己所在的单元 (q, k)，直接算出该处的值，所以只有屏幕上可见的窗口需要计算。滚轮或双指缩放，一直放大到单个单元；"
        "拖动平移，双击回到整张图。缩小后视图一停下来，每个像素就改为显示它覆盖的所有单元的平均值（filter=box，见第 2 步）。"
        "悬停显示该单元的参考值（core，double 精度）以及着色器算法在 [[float32]] 下得到的值。",
        "This page draws a whole position map, the value each method gives query position q (row) and key position k "
        "(column), Δ = q − k, for sequences up to 65,536 long: the graphics card (GPU) computes only the pixels on "
        "screen. The maps: the [[gram-matrix|Gram matrix]] of sinusoidal codes, the [[rope|RoPE]] score, the "
        "[[alibi|ALiBi]] bias, [[t5|T5]]'s [[bucket|buckets]] and [[lesson:shaw|Shaw]]'s [[clipping|clipped]] index (with softmax on, each row's [[softmax]]); RoPE's scaling stretches it "
        "to longer contexts (see the [[lesson:long-context|long-context lesson]]). An L×L position map has L² cells; at "
        "L = 65,536, computing it on the CPU and uploading it is out of the question (the note below gives the memory). "
        "Here every pixel finds its cell (q, k) in the fragment [[shader]] and computes the value there, so only the "
        "visible window costs anything. Zoom with the wheel or a pinch, down to single cells; drag to pan; "
        "double-click for the whole map. Zoomed out, once the view rests, each pixel shows the mean of the cells it "
        "covers instead (filter=box, see step 2). Hovering shows the cell's reference value (core, double precision) "
        "and the value the shader's [[float32]] arithmetic gives."},
        all_keys(),
        whole_map_views,
        {{R"tex(\text{整张图：}4L^2\ \text{字节},\qquad \text{每个像素：}M[q,k],\quad \Delta=q-k)tex",
          R"tex(\text{whole map: }4L^2\ \text{bytes},\qquad \text{per pixel: }M[q,k],\quad \Delta=q-k)tex"}},
    };
    step.params_for = keys_for;
    step.takeaway = {"L = {L} 时整张图存成 float32 要 {bytes}，所以每个像素只在 GPU 上算自己的单元 (q, k)：计算量随像素数增长，不随 L²。",
                     "At L = {L} the whole map would take {bytes} in float32, so each pixel computes only its own cell (q, k) "
                     "on the GPU: the work grows with the pixels shown, not with L²."};
    step.takeaway_args = [](const ParamSet& p, Lang) {
        const double L = params().read(p).L;
        return std::vector<Arg>{{"L", integer(static_cast<long long>(L))}, {"bytes", bytes_text(L * L * 4.0)}};
    };
    return step;
}

}  // namespace position_maps_lesson
}  // namespace pelab
