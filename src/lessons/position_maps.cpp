// PE Lab — lessons/position_maps.cpp
// The long-sequence page (`map=` in the URL, `pelab --gpu-map`): position-only maps at L up to 65,536,
// evaluated per pixel on the GPU. A registry entry outside the curriculum and an overlay: it opens over
// any lesson (lesson=rope&map=rope) and returns to it. Every number comes from core/position_map.h.
//
// [SECTION] parameters (one table) and the map they describe
// [SECTION] which parameters each map shows
// [SECTION] step: the whole map
// [SECTION] step: aliasing, point samples against box means
// [SECTION] step: float32 at 65,536
// [SECTION] step: the profile along distance
// [SECTION] the lesson, its hosts and its registry entry
#include <algorithm>
#include <cmath>
#include <memory>

#include "core/constants.h"
#include "core/model_presets.h"
#include "core/position_map.h"
#include "core/position_map_filter.h"
#include "lessons/lesson.h"
#include "lessons/lesson_util.h"

namespace pelab {

namespace position_maps_lesson {
namespace {

using namespace lessonui;

// [SECTION] parameters (one table) and the map they describe ----------------------------------------

struct Inputs {
    std::string map, variant, layout, scaling, content, mode, preset, filter;
    int L = 0, d = 0, original_max = 0, seed = 0, heads = 0, head = 0, num_buckets = 0, max_distance = 0, clip = 0;
    double base = 0, factor = 0, beta_fast = 0, beta_slow = 0, low_freq_factor = 0, high_freq_factor = 0, mscale = 0,
           mscale_all_dim = 0;
    bool bidirectional = false, softmax = false;
};

// In URL order (to_query writes the keys in this order).
const ParamTable<Inputs>& params() {
    static const ParamTable<Inputs> table{
        {Key::choice("map", position_map_names(), "rope", {"哪一种位置图", "which position map"}), &Inputs::map},
        // A model preset's context beyond the cap is brought down to it (and the page says so).
        {Key::shared("L").range(2, kPositionMapMaxL).def("65536").preset_value("seq_len"), &Inputs::L},
        {Key::shared("d").range(2, 1024).def("128").about({"维度 d（d/2 个频率对；RoPE 最多 256）",
                                                            "dimension d (d/2 frequency pairs; RoPE up to 256)"}),
         &Inputs::d},
        {Key::shared("base").range(2, 1e8).def("10000"), &Inputs::base},
        {Key::shared("variant").def("vaswani"), &Inputs::variant},
        {Key::shared("layout").def("half"), &Inputs::layout},
        {Key::shared("scaling").def("none"), &Inputs::scaling},
        {Key::shared("factor").range(1, 64).def("8"), &Inputs::factor},
        {Key::shared("original_max").range(16, kPositionMapMaxL).def("4096"), &Inputs::original_max},
        {Key::shared("beta_fast").range(1, 128).def("32"), &Inputs::beta_fast},
        {Key::shared("beta_slow").range(0.25, 64).def("1"), &Inputs::beta_slow},
        {Key::shared("low_freq_factor").range(0.5, 16).def("1"), &Inputs::low_freq_factor},
        {Key::shared("high_freq_factor").range(0.5, 32).def("4"), &Inputs::high_freq_factor},
        {Key::shared("mscale").range(0, 100).def("0"), &Inputs::mscale},
        {Key::shared("mscale_all_dim").range(0, 100).def("0"), &Inputs::mscale_all_dim},
        {Key::choice("content", {"same", "random", "ones"}, "same",
                     {"RoPE：k = q、独立的 q 与 k，或全为 1", "RoPE: k = q, independent q and k, or all ones"}),
         &Inputs::content},
        {Key::shared("seed").def("1").about({"生成 q 与 k 所用的随机种子", "random seed of q and k"}), &Inputs::seed},
        {Key::shared("heads").range(1, 64).def("8"), &Inputs::heads},
        {Key::integer("head", 0, 63, "0", {"ALiBi：显示的头（从 0 起）", "ALiBi: head shown (0-based)"}), &Inputs::head},
        {Key::shared("mode").def("causal"), &Inputs::mode},
        {Key::shared("num_buckets").range(4, 64).def("32"), &Inputs::num_buckets},
        {Key::shared("max_distance").range(33, kPositionMapMaxL).def("128"), &Inputs::max_distance},
        {Key::shared("bidirectional").def("1"), &Inputs::bidirectional},
        {Key::integer("clip", 0, kPositionMapMaxL - 1, "16", {"Shaw：截断距离 k", "Shaw: clipping distance k"}).sym("k"),
         &Inputs::clip},
        {Key::shared("softmax").def("0").about({"RoPE、ALiBi：勾选后显示每一行对各个键的 softmax",
                                                "RoPE, ALiBi: shows each row's softmax over the keys"}),
         &Inputs::softmax},
        {Key::shared("preset").def("none").about({"模型预设：选一个已发布模型，设定 RoPE 图的 d、base、配对布局、缩放和 L",
                                                  "model preset: pick a released model to set the RoPE map's d, base, layout, scaling and L"}),
         &Inputs::preset},
        {Key::choice("filter", map_filter_names(), "box",
                     {"缩小时每个像素显示：box = 它覆盖的所有单元的平均值，point = 像素中心所在的那个单元",
                      "zoomed out, each pixel shows: box = the mean of the cells it covers, point = the cell under its centre"}),
         &Inputs::filter},
    };
    return table;
}

// The map the parameters describe (RoPE keeps at most 256 dimensions; the head lies among the heads).
PositionMapSpec spec_from(const ParamSet& p) {
    const Inputs in = params().read(p);
    PositionMapSpec s;
    parse_position_map(in.map, &s.kind);
    s.L = in.L;
    s.d = s.kind == PositionMapKind::rope ? std::min(in.d, 256) : in.d;
    s.base = in.base;
    s.variant = pe_variant_from(in.variant);
    parse_rope_layout(in.layout, &s.layout);
    parse_rope_scaling(in.scaling, &s.scaling.kind);
    s.scaling.factor = in.factor;
    s.scaling.original_max = in.original_max;
    s.scaling.beta_fast = in.beta_fast;
    s.scaling.beta_slow = in.beta_slow;
    s.scaling.low_freq_factor = in.low_freq_factor;
    s.scaling.high_freq_factor = in.high_freq_factor;
    s.scaling.mscale = in.mscale;
    s.scaling.mscale_all_dim = in.mscale_all_dim;
    s.content = in.content == "random" ? RopeContent::random : in.content == "ones" ? RopeContent::ones : RopeContent::same;
    s.seed = std::uint64_t(std::max(0, in.seed));
    s.heads = in.heads;
    s.head = std::clamp(in.head, 0, in.heads - 1);
    parse_alibi_mode(in.mode, &s.mode);
    s.num_buckets = in.num_buckets;
    s.max_distance = in.max_distance;
    s.bidirectional = in.bidirectional;
    s.clip = in.clip;
    s.softmax = in.softmax;
    parse_map_filter(in.filter, &s.filter);
    return s;
}

// [SECTION] which parameters each map shows -------------------------------------------------------

std::vector<std::string> keys_for(const ParamSet& p) {
    const PositionMapSpec s = spec_from(p);
    std::vector<std::string> keys = {"map", "L", "filter"};
    switch (s.kind) {
    case PositionMapKind::sinusoidal: keys.insert(keys.end(), {"d", "base", "variant"}); break;
    case PositionMapKind::rope: {
        keys.insert(keys.end(), {"preset", "d", "base", "layout", "content", "seed", "softmax", "scaling"});
        const RopeScaling k = s.scaling.kind;
        if (k != RopeScaling::none) keys.push_back("factor");
        if (k == RopeScaling::dynamic || k == RopeScaling::yarn || k == RopeScaling::llama3) keys.push_back("original_max");
        if (k == RopeScaling::yarn) keys.insert(keys.end(), {"beta_fast", "beta_slow", "mscale", "mscale_all_dim"});
        if (k == RopeScaling::llama3) keys.insert(keys.end(), {"low_freq_factor", "high_freq_factor"});
        break;
    }
    case PositionMapKind::alibi: keys.insert(keys.end(), {"heads", "head", "mode", "softmax"}); break;
    case PositionMapKind::t5: keys.insert(keys.end(), {"num_buckets", "max_distance", "bidirectional"}); break;
    case PositionMapKind::shaw: keys.push_back("clip"); break;
    }
    return keys;
}

std::vector<std::string> all_keys() {
    std::vector<std::string> keys;
    for (const ParamSpec& s : params().specs()) keys.push_back(s.name);
    return keys;
}

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

// [SECTION] step: the whole map ---------------------------------------------------------------------

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
                                       "整段上下文的波长见课程“旋转位置编码（RoPE）”第 8 步的频谱图。",
                                       "{model} reaches {ext} positions; this map draws at most L = {cap}, so it shows the first {L} "
                                       "of them. The wavelength spectrum in step 8 of the lesson on rotary position embedding "
                                       "shows the whole context."},
                                {{"model", model->display}, {"ext", integer(model->extended_context)},
                                 {"cap", integer(kPositionMapMaxL)}, {"L", integer(s.L)}}));
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

// [SECTION] step: aliasing, point samples against box means ------------------------------------------

// The frequency a pair turning θ rad per cell appears to have when sampled every h cells: θ·h folded into
// [0, π] rad per pixel (sampling cannot tell θ·h from θ·h ± 2π).
double aliased_frequency(double theta, double h) { return std::fabs(std::remainder(theta * h, 2.0 * kPi)); }

// The amplitude a pair keeps in the box mean of an h×h block of whole cells: the mean of cos(θ(i − j) + φ) over
// the block is the cell-centre value times D(θ)², D(θ) = sin(hθ/2) / (h·sin(θ/2)) (a sum of h phasors, once
// for the rows and once for the columns).
double box_amplitude(double theta, long long h) {
    const double half = std::sin(theta / 2.0);
    if (std::fabs(half) < 1e-300) return 1.0;
    const double D = std::sin(double(h) * theta / 2.0) / (double(h) * half);
    return D * D;
}

std::vector<ViewData> aliasing_views(const PositionMapSpec& map, Lang lang) {
    PositionMapSpec spec = map;
    spec.filter = MapFilter::point;
    const std::shared_ptr<const PositionMapView> point = make_position_map_view(spec);
    auto box = std::make_shared<PositionMapView>(*point);  // the same map, drawn with the box filter
    box->spec.filter = MapFilter::box;
    const PositionMapSpec& s = point->spec;

    // A figure 512 pixels wide: the numbers the notes and the table speak of.
    constexpr int kPixels = 512;
    const double h = double(s.L) / kPixels;
    std::vector<std::string> notes;
    if (h >= 1.0) {
        notes.push_back(say(lang,
                            {"L = {L} 的整张图画在 {pixels} 个像素宽时，每个像素覆盖 {h} × {h} = {cells} 个单元；取样只显示其中一个。",
                             "The whole map at L = {L}, drawn {pixels} pixels wide, gives each pixel {h} × {h} = {cells} cells; sampling shows one of them."},
                            {{"L", integer(s.L)}, {"pixels", integer(kPixels)}, {"h", num(h, 4)}, {"cells", num(h * h, 6)}}));
    } else {
        notes.push_back(say(lang,
                            {"L = {L} 时，{pixels} 个像素宽的整张图每个像素不足一个单元（{h} 个），取样与平均相同。",
                             "At L = {L}, the whole map {pixels} pixels wide gives each pixel less than one cell ({h}), so sampling and the mean agree."},
                            {{"L", integer(s.L)}, {"pixels", integer(kPixels)}, {"h", num(h, 4)}}));
    }
    std::vector<ViewData> views = {
        make_view(say(lang, {"filter=point：每个像素取中心单元", "filter=point: each pixel the cell at its centre"}), MapView{point}, notes),
        make_view(say(lang, {"filter=box：每个像素取所覆盖单元的平均", "filter=box: each pixel the mean of its cells"}), MapView{box}),
    };
    if (s.kind != PositionMapKind::sinusoidal && s.kind != PositionMapKind::rope) return views;

    // The fastest pairs of the trigonometric maps: what sampling every h cells makes of them, what the box keeps.
    const Eigen::VectorXd theta = s.kind == PositionMapKind::rope ? position_map_rope_frequencies(s).inv_freq
                                                                   : Eigen::VectorXd(sinusoidal_frequencies(s.d, s.base, s.variant).head(s.d / 2));
    const long long whole = std::max<long long>(1, (long long)std::floor(h));
    const double nyquist = kPi / double(whole);
    int faster = 0;
    for (Eigen::Index k = 0; k < theta.size(); ++k) faster += theta(k) > nyquist ? 1 : 0;
    TableView table;
    table.col_labels = {say(lang, {"θ（弧度/单元）", "θ (rad per cell)"}), say(lang, {"取样后看起来的频率（弧度/像素）", "apparent under sampling (rad per pixel)"}),
                        say(lang, {"看起来的周期（像素）", "apparent period (pixels)"}), say(lang, {"方框平均后的幅度", "amplitude after the box mean"})};
    const Eigen::Index rows = std::min<Eigen::Index>(theta.size(), 6);
    table.values.resize(rows, 4);
    for (Eigen::Index k = 0; k < rows; ++k) {
        const double alias = aliased_frequency(theta(k), double(whole));
        table.row_labels.push_back(say(lang, {"频率对 {pair}", "pair {pair}"}, {{"pair", integer(k)}}));
        table.values.row(k) << theta(k), alias, alias > 1e-12 ? 2.0 * kPi / alias : 0.0, box_amplitude(theta(k), whole);
    }
    table.decimals = 4;
    views.push_back(make_view(
        say(lang, {"最快的频率对，每 {h} 个单元取一个样", "The fastest pairs, sampled every {h} cells"}, {{"h", integer(whole)}}), std::move(table),
        {say(lang,
             {"每 {h} 个单元取一个样时，快于 π/{h} = {nyquist} 弧度/单元的频率对会混叠：{pairs} 个频率对中有 {faster} 个。",
              "Sampled every {h} cells, pairs faster than π/{h} = {nyquist} rad per cell alias: {faster} of the {pairs} pairs."},
             {{"h", integer(whole)}, {"nyquist", num(nyquist, 4)}, {"faster", integer(faster)}, {"pairs", integer(theta.size())}})}));
    return views;
}

Step aliasing() {
    Step step{
        "aliasing",
        {"缩小时的混叠：取样与平均", "Aliasing when zoomed out: samples and means"},
        {
        "整张图缩小到屏幕大小时，每个像素覆盖许多单元。第一张图（filter=point）每个像素只取它中心所在的那一个单元：变化快于"
        "每两个像素一个周期的频率对会伪装成缓慢的波，画出矩阵里并不存在的斜条纹，而比一个像素还细的结构（ALiBi 的 softmax "
        "对角线、Shaw 的细带）可能整个被漏掉。第二张图（filter=box）每个像素显示它覆盖的所有单元的平均值：快的频率被平均掉，"
        "细的结构按它真正的分量保留下来。平均值由 core 用距离剖面的部分和以 double 精确算出。放大到一个像素不足一个单元时，"
        "两图完全相同。T5 和 Shaw 的整数值同样取平均：缩小后 Shaw 宽 2k + 1 个单元的细带和 T5 最前面的几个桶都比一个像素细得多，取样会随机地画宽或漏掉它们，平均值则给出它们真正的分量；悬停时仍显示单元本身的整数。表格列出最快的几个频率对在取样下看起来的频率，以及方框平均后剩下的幅度。",
        "Zoomed out to a few hundred pixels, every pixel covers many cells. The first figure (filter=point) shows only "
        "the cell under each pixel's centre: a frequency pair that turns faster than one cycle per two pixels poses as "
        "a slow wave and draws diagonal stripes that are not in the matrix, and structures thinner than a pixel (ALiBi's "
        "softmax diagonal, Shaw's narrow band) can vanish. The second figure (filter=box) shows the mean of the cells each "
        "pixel covers: fast frequencies average out and thin structures keep their true weight. The core computes the "
        "means exactly, in double, from prefix sums of the distance profile. Zoomed in until a pixel is smaller than a "
        "cell, the two figures are the same. T5 and Shaw are averaged too: zoomed out, Shaw's band of 2k + 1 cells and "
        "T5's first buckets are far thinner than a pixel, so sampling draws them too wide or misses them at random, while "
        "the mean shows their true weight; hovering still shows the cell's own integer. The table lists the fastest "
        "pairs, the frequency sampling makes them appear to have, and the amplitude the box mean leaves."},
        all_keys(),
        views_of(spec_from, aliasing_views),
    };
    step.params_for = [](const ParamSet& p) {  // the step shows both filters side by side
        std::vector<std::string> keys = keys_for(p);
        keys.erase(std::remove(keys.begin(), keys.end(), "filter"), keys.end());
        return keys;
    };
    return step;
}

// [SECTION] step: float32 at 65,536 ---------------------------------------------------------------

std::vector<ViewData> float32_views(const PositionMapSpec& map, Lang lang) {
    PositionMapSpec s = map;
    if (s.kind != PositionMapKind::rope) s.kind = PositionMapKind::sinusoidal;  // the trigonometric maps
    const PositionMapGpu g = position_map_gpu(s);
    const Eigen::VectorXd theta = s.kind == PositionMapKind::rope ? position_map_rope_frequencies(s).inv_freq
                                                                   : sinusoidal_frequencies(s.d, s.base, s.variant);
    const int pair = theta.size() > 1 ? 1 : 0;  // pair 1: θ is not a power of two, so float32 rounds it
    const double th = theta(pair);

    TableView table;
    table.col_labels = {say(lang, {"参考（double）", "reference (double)"}), say(lang, {"朴素 float32 误差", "naive float32 error"}),
                        say(lang, {"整数相位误差", "integer phase error"})};
    const long long last = s.L - 1;
    const std::vector<long long> deltas = {1, 100, 4096, last / 2, last - 1, last};
    table.values.resize(Eigen::Index(deltas.size()), 3);
    for (size_t r = 0; r < deltas.size(); ++r) {
        const long long d = deltas[r];
        const double ref = std::cos(double(d) * th);
        const float naive = std::cos(float(d) * float(th));
        float sn, cs;
        sincos_turns_f32(position_map_phase(g, pair, d), &sn, &cs);
        table.row_labels.push_back(say(lang, {"Δ = {delta}", "Δ = {delta}"}, {{"delta", integer(d)}}));
        table.values.row(Eigen::Index(r)) << ref, std::fabs(double(naive) - ref), std::fabs(double(cs) - ref);
    }
    table.decimals = 9;

    // Error against Δ for both methods, sampled across the whole range.
    CurveView curve;
    curve.series_labels = {say(lang, {"朴素 float32", "naive float32"}), say(lang, {"整数相位", "integer phase"})};
    curve.series.resize(2);
    const int samples = 400;
    for (int k = 1; k <= samples; ++k) {
        const long long d = std::max(1LL, last * k / samples);
        const double ref = std::cos(double(d) * th);
        float sn, cs;
        sincos_turns_f32(position_map_phase(g, pair, d), &sn, &cs);
        curve.x.push_back(double(d));
        curve.series[0].push_back(std::log10(std::max(1e-12, std::fabs(double(std::cos(float(d) * float(th))) - ref))));
        curve.series[1].push_back(std::log10(std::max(1e-12, std::fabs(double(cs) - ref))));
    }
    const std::string spacing =
        say(lang, {"Δ = L − 1 处 float32 的间距 ulp(Δ·θ₁) = {ulp} 弧度", "Spacing of float32 at Δ = L − 1: ulp(Δ·θ₁) = {ulp} rad"},
            {{"ulp", num(std::ldexp(1.0, std::ilogb(double(last) * th) - 23), 3)}});
    return {make_view(say(lang, {"cos(Δ·θ₁) 三种算法，θ₁ = {theta}", "cos(Δ·θ₁) three ways, θ₁ = {theta}"}, {{"theta", num(th)}}),
                      std::move(table)),
            make_view(say(lang, {"|误差| 随 Δ 的变化（log10）", "|error| against Δ (log10)"}), std::move(curve), {spacing})};
}

Step float32_at_65536() {
    return {
        "float32-precision",
        {"为什么 float32 在 65,536 处要小心", "Why float32 needs care at 65,536"},
        {
        "float32 只有 24 位有效数字：Δ·θ 接近 65,536 时，相邻两个可表示的数相差 2⁻⁸ 弧度，所以直接计算 sin(Δ·θ) 会带着"
        "这么大的误差。着色器改为把 θ/2π 存成 64 位定点数，用 32 位整数乘法精确算出 Δ·θ/2π 的小数部分（整数乘法在 GLSL ES 3.00 中"
        "按 2³² 取模回绕），再用整数找出最近的四分之一圈，剩下不超过 π/4 的角度用多项式求 sin 和 cos。这样相位精确到 2⁻³² 圈，"
        "而且不依赖驱动自带的 sin（GLSL 只保证 2⁻¹¹ 的绝对误差）。表格和曲线比较两种做法与 double 参考值的差距。",
        "float32 has 24 significant bits: near Δ·θ ≈ 65,536, neighbouring representable numbers are 2⁻⁸ rad "
        "apart, so computing sin(Δ·θ) directly carries an error that large. The shader instead stores θ/2π as a "
        "64-bit fixed-point number and gets the fractional part of Δ·θ/2π exactly with 32-bit integer "
        "multiplication (which wraps modulo 2³² in GLSL ES 3.00), finds the nearest quarter turn with integers, and "
        "evaluates sin and cos of the remaining angle, at most π/4, with polynomials. The phase is then exact to "
        "2⁻³² of a turn, and the driver's own sin (GLSL promises only 2⁻¹¹ absolute error) is never used. The table "
        "and the curve compare both methods with the double-precision reference."},
        {"L", "d", "base"},
        views_of(spec_from, float32_views),
    };
}

// [SECTION] step: the profile along distance ------------------------------------------------------

// f(Δ) at the given Δ from the full profile (masked ones, causal ALiBi's Δ < 0, left out).
CurveView profile_curve(const std::vector<double>& profile, long long last, const std::vector<long long>& deltas) {
    CurveView curve;
    curve.series_labels = {"f(Δ)"};
    curve.series.resize(1);
    for (long long d : deltas) {
        const double v = profile[size_t(d + last)];
        if (std::isnan(v)) continue;
        curve.x.push_back(double(d));
        curve.series[0].push_back(v);
    }
    return curve;
}

std::vector<ViewData> profile_views(const PositionMapSpec& s, Lang lang) {
    const long long last = s.L - 1;
    // Near the diagonal every Δ; over the whole range 801 exact samples (the map itself shows every cell).
    const long long near = std::min<long long>(last, 256);
    std::vector<long long> every, spread;
    for (long long d = -near; d <= near; ++d) every.push_back(d);
    for (int k = -400; k <= 400; ++k) spread.push_back(last * k / 400);
    const std::vector<double> profile = position_map_full_profile(s);  // once: O(L·d)
    return {make_view(say(lang, {"对角线附近的 f(Δ)（每个 Δ），Δ = i − j：{map}", "f(Δ) near the diagonal (every Δ), Δ = i − j: {map}"},
                          {{"map", position_map_name(s.kind)}}),
                      profile_curve(profile, last, every)),
            make_view(say(lang, {"整个范围的 f(Δ)（801 个样本）", "f(Δ) over the whole range (801 samples)"}),
                      profile_curve(profile, last, spread),
                      {say(lang, {"每条对角线上的所有单元相等，所以“分数按距离取平均”无需归约：它就是这条曲线，由 core 以 O(L·d) 精确算出。",
                                  "Every cell of a diagonal holds the same value, so \"mean score against distance\" needs no "
                                  "reduction: it is this curve, computed exactly by the core in O(L·d)."})})};
}

Step profile_along_distance() {
    Step step{
        "distance-profile",
        {"沿距离的剖面", "The profile along distance"},
        {
        "这五种图都只依赖 i − j：沿每条对角线取值不变（Toeplitz 矩阵）。所以按距离的归约不必在 GPU 上对 L² 个单元求和，"
        "core 直接沿 Δ 计算即可。曲线画出整个范围内的 f(Δ)，RoPE 的长程衰减、ALiBi 的直线和 T5 的对数分桶一目了然。",
        "All five maps depend on i − j only: the value is constant along every diagonal (a Toeplitz matrix). A "
        "reduction over distance therefore needs no GPU sum over L² cells; the core computes it directly along Δ. "
        "The curve plots f(Δ) over the whole range: RoPE's long-range decay, ALiBi's straight line and T5's "
        "logarithmic buckets at a glance."},
        all_keys(),
        views_of(spec_from, profile_views),
    };
    step.params_for = [](const ParamSet& p) {  // the profile shows the values, never their softmax or a filtered image
        std::vector<std::string> keys = keys_for(p);
        for (const char* drawn_only : {"softmax", "filter"}) keys.erase(std::remove(keys.begin(), keys.end(), drawn_only), keys.end());
        return keys;
    };
    return step;
}

// [SECTION] the lesson, its hosts and its registry entry ---------------------------------------------

// The lesson that teaches each map: the page opens over it (`pelab --gpu-map t5` → t5-bias), and a lesson's
// menu item opens the page on the map it is about (rope for lessons without one of their own).
struct MapHost {
    PositionMapKind kind;
    const char* lesson;
};
constexpr MapHost kMapHosts[] = {
    {PositionMapKind::sinusoidal, "absolute-pe"}, {PositionMapKind::rope, "rope"}, {PositionMapKind::alibi, "long-context"},
    {PositionMapKind::t5, "t5-bias"},             {PositionMapKind::shaw, "shaw"},
};

PositionMapKind map_of_lesson(const std::string& lesson_id) {
    for (const MapHost& h : kMapHosts)
        if (lesson_id == h.lesson) return h.kind;
    return PositionMapKind::rope;
}

Lesson make_lesson() {
    Lesson lesson;
    lesson.id = "position-maps";
    lesson.title = {"长序列位置图（GPU）", "Long-sequence position maps (GPU)"};
    lesson.in_curriculum = false;
    lesson.overlay_key = "map";
    lesson.open_over = [](const Lesson& host) { return KeyValues{{"map", position_map_name(map_of_lesson(host.id))}}; };
    use_params(lesson, params());
    lesson.preset_sets_params = true;
    lesson.result_shape = [](const ParamSet& p) {  // profile f(Δ) over 2L−1 distances, its segment tree, L row normalisers
        return std::vector<long long>{(long long)params().read(p).L, 8};
    };
    lesson.steps = {whole_map(), aliasing(), float32_at_65536(), profile_along_distance()};
    return lesson;
}

}  // namespace
}  // namespace position_maps_lesson

const char* position_map_host_lesson(PositionMapKind kind) {
    for (const position_maps_lesson::MapHost& h : position_maps_lesson::kMapHosts)
        if (h.kind == kind) return h.lesson;
    return "rope";
}

const Lesson& position_map_lesson() {
    static const Lesson lesson = position_maps_lesson::make_lesson();
    return lesson;
}

const Lesson* lesson_position_maps() { return &position_map_lesson(); }

}  // namespace pelab
