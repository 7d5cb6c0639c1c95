// PE Lab — lessons/position_maps/aliasing.cpp
// The long-sequence page, step "aliasing": aliasing when zoomed out, point samples against box means (both filters
// side by side, and what sampling makes of the fastest pairs).
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

}  // namespace

// [SECTION] the step
Step aliasing() {
    Step step{
        "aliasing",
        {"混叠：取样与平均", "Aliasing: samples and means"},
        {
        "整张图缩小到屏幕大小时，每个像素覆盖许多单元，只取其中一个会产生[[aliasing|混叠]]。第一张图（filter=point）每个像素只取它中心所在的那一个单元：变化快于"
        "每两个像素一个周期的[[frequency-pair|频率对]]会伪装成缓慢的波，画出矩阵里并不存在的斜条纹，而比一个像素还细的结构（ALiBi 的 softmax "
        "对角线、Shaw 的细带）可能整个被漏掉。第二张图（filter=box）每个像素显示它覆盖的所有单元的平均值：快的频率被平均掉，"
        "细的结构按它真正的分量保留下来。平均值由 core 用距离剖面的部分和以 double 精确算出。放大到一个像素不足一个单元时，"
        "两图完全相同。T5 和 Shaw 的整数值同样取平均：缩小后 Shaw 宽 2c + 1 个单元的细带和 T5 最前面的几个桶都比一个像素细得多，取样会随机地画宽或漏掉它们，平均值则给出它们真正的分量；悬停时仍显示单元本身的整数。表格列出最快的几个频率对在取样下看起来的频率，以及方框平均后剩下的幅度。",
        "Zoomed out to a few hundred pixels, every pixel covers many cells, and showing just one of them causes "
        "[[aliasing]]. The first figure (filter=point) shows only "
        "the cell under each pixel's centre: a [[frequency-pair|frequency pair]] that turns faster than one cycle per two pixels poses as "
        "a slow wave and draws diagonal stripes that are not in the matrix, and structures thinner than a pixel (ALiBi's "
        "softmax diagonal, Shaw's narrow band) can vanish. The second figure (filter=box) shows the mean of the cells each "
        "pixel covers: fast frequencies average out and thin structures keep their true weight. The core computes the "
        "means exactly, in double, from prefix sums of the distance profile. Zoomed in until a pixel is smaller than a "
        "cell, the two figures are the same. T5 and Shaw are averaged too: zoomed out, Shaw's band of 2c + 1 cells and "
        "T5's first buckets are far thinner than a pixel, so sampling draws them too wide or misses them at random, while "
        "the mean shows their true weight; hovering still shows the cell's own integer. The table lists the fastest "
        "pairs, the frequency sampling makes them appear to have, and the amplitude the box mean leaves."},
        all_keys(),
        views_of(spec_from, aliasing_views),
        {{R"tex(\theta_{\text{看起来}}=\bigl|\theta h-2\pi\,\mathrm{round}(\theta h/2\pi)\bigr|)tex",
          R"tex(\theta_{\text{apparent}}=\bigl|\theta h-2\pi\,\mathrm{round}(\theta h/2\pi)\bigr|)tex"},
         {R"tex(A_{\text{方框}}=\bigl(\sin(h\theta/2)\,/\,(h\sin(\theta/2))\bigr)^{2})tex",
          R"tex(A_{\text{box}}=\bigl(\sin(h\theta/2)\,/\,(h\sin(\theta/2))\bigr)^{2})tex"}},
    };
    step.takeaway = {"每个像素覆盖 {h} × {h} 个单元时，单个取样可能落在快速图案的任意处，画出并不存在的条纹或空缺；方框平均取所有单元的均值，不会造假。",
                     "At {h} × {h} cells per pixel, one sample may hit any part of a fast pattern and draw stripes or gaps that "
                     "are not there; the box mean of all the pixel's cells fakes nothing."};
    step.takeaway_args = [](const ParamSet& p, Lang) {  // the same 512-pixel figure as the views
        return std::vector<Arg>{{"h", num(double(params().read(p).L) / 512.0, 4)}};
    };
    step.params_for = [](const ParamSet& p) {  // the step shows both filters side by side
        std::vector<std::string> keys = keys_for(p);
        keys.erase(std::remove(keys.begin(), keys.end(), "filter"), keys.end());
        return keys;
    };
    return step;
}

}  // namespace position_maps_lesson
}  // namespace pelab
