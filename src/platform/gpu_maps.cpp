// PE Lab — platform/gpu_maps.cpp
// Batch uses of the position-map shader, shared by the desktop (`pelab --gpu-check`, `--headless-render`,
// `--bench-map`) and the web build (window.pelab.gpuCheck()):
//   * the tile check: renders GPU tiles at several (map, L, zoom, offset) settings, reads the float values
//     back and compares every pixel with the core's double reference at the cell under the pixel centre; and
//     the box-filtered images (core map_pixels, double) uploaded as the view uploads them and read back;
//   * a PNG of a map's window, coloured as on screen;
//   * frame times of the map filling a target (median over N frames).
//
// Index of this file:
// [SECTION] the tile check
// [SECTION] figures and timing
#include "platform/gpu_maps.h"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>

#include "core/maps/position_map.h"
#include "core/maps/position_map_filter.h"
#include "platform/gl.h"
#include "platform/platform.h"

namespace pelab {

// [SECTION] the tile check ---------------------------------------------------------------------

namespace {

struct TileCase {
    const char* label;
    PositionMapSpec spec;
    double window[4];  // first column, first row, columns, rows (cells)
    int pixels;        // square tile, pixels per side
};

PositionMapSpec make_spec(PositionMapKind kind, int L) {
    PositionMapSpec s;
    s.kind = kind;
    s.L = L;
    return s;
}

// The maps the check covers, by name: the five at their defaults, then scalings, widths and softmax variants.
std::vector<std::pair<std::string, PositionMapSpec>> map_cases() {
    std::vector<std::pair<std::string, PositionMapSpec>> maps;
    for (const std::string& name : position_map_names()) {
        PositionMapSpec s = make_spec(PositionMapKind::rope, 65536);
        parse_position_map(name, &s.kind);
        maps.push_back({name, s});
    }
    PositionMapSpec yarn = make_spec(PositionMapKind::rope, 65536);
    yarn.scaling.kind = RopeScaling::yarn;
    yarn.scaling.factor = 16;
    yarn.content = RopeContent::random;
    maps.push_back({"rope-yarn", yarn});
    PositionMapSpec llama3 = yarn;
    llama3.scaling.kind = RopeScaling::llama3;
    llama3.layout = RopeLayout::interleaved;
    maps.push_back({"rope-llama3", llama3});
    PositionMapSpec dynamic = yarn;
    dynamic.scaling.kind = RopeScaling::dynamic;
    maps.push_back({"rope-dynamic", dynamic});
    PositionMapSpec sin512 = make_spec(PositionMapKind::sinusoidal, 65536);
    sin512.d = 512;
    maps.push_back({"sinusoidal-d512", sin512});
    PositionMapSpec t5causal = make_spec(PositionMapKind::t5, 65536);
    t5causal.bidirectional = false;
    t5causal.max_distance = 4096;
    maps.push_back({"t5-causal", t5causal});
    PositionMapSpec rope_softmax = yarn;
    rope_softmax.softmax = true;
    maps.push_back({"rope-yarn-softmax", rope_softmax});
    PositionMapSpec alibi_softmax = make_spec(PositionMapKind::alibi, 65536);
    alibi_softmax.softmax = true;
    maps.push_back({"alibi-softmax", alibi_softmax});
    return maps;
}

std::vector<TileCase> tile_cases() {
    std::vector<TileCase> cases;
    const std::vector<std::pair<std::string, PositionMapSpec>> maps = map_cases();
    static std::vector<std::string> labels;  // stable storage for the labels below
    labels.clear();
    labels.reserve(maps.size() * 4);
    for (const auto& [name, spec] : maps) {
        const double L = spec.L;
        // Whole matrix (each pixel ≈ 1,040 cells), the far corner at 2 pixels per cell, a sub-cell window
        // deep inside, and a smaller L seen whole.
        labels.push_back(name + " whole L=65536");
        cases.push_back({labels.back().c_str(), spec, {0, 0, L, L}, 63});
        labels.push_back(name + " corner 40 cells");
        cases.push_back({labels.back().c_str(), spec, {L - 40, L - 40, 40, 40}, 80});
        labels.push_back(name + " offset 30000.25,12345.5 span 7.5");
        cases.push_back({labels.back().c_str(), spec, {30000.25, 12345.5, 7.5, 7.5}, 60});
        PositionMapSpec small = spec;
        small.L = 4097;
        labels.push_back(name + " whole L=4097");
        cases.push_back({labels.back().c_str(), small, {0, 0, 4097, 4097}, 64});
    }
    return cases;
}

// The box-filtered images: every map case whole at L = 65,536, a window deep inside it and
// L = 4097 whole (64.02 cells per pixel, so cells straddle pixels), 64 pixels per side. The view computes them
// on the CPU with the core's map_pixels function (position_map_pixels, double) and uploads them as float32; the
// check uploads them the same way, reads the texture back and requires every pixel within float32 rounding of
// the double: |read − v| ≤ 2⁻²⁴·|v| (+ 2⁻¹⁴⁹ for values below float's normal range), masked exactly where the core
// masks. Names end in "filter=box <view>".
struct FilteredCase {
    std::string label;
    PositionMapSpec spec;
    MapCellWindow window;
};
constexpr int kFilteredSide = 64;
constexpr int kCheckSlot = 4096;  // a matrix slot no view uses

std::vector<FilteredCase> filtered_cases() {
    std::vector<FilteredCase> cases;
    for (const auto& [name, spec] : map_cases()) {
        cases.push_back({name + " filter=box whole L=65536", spec, {0, 0, 65536}});
        cases.push_back({name + " filter=box window 12345.5,30000.25 span 700.5", spec, {12345.5, 30000.25, 700.5}});
        PositionMapSpec small = spec;
        small.L = 4097;
        cases.push_back({name + " filter=box whole L=4097", small, {0, 0, 4097}});
    }
    return cases;
}

std::string filtered_tile_check(GlMatrixPainter* painter, bool* all_ok) {
    std::string report;
    uint64_t version = 0;
    for (const FilteredCase& c : filtered_cases()) {
        const std::vector<double> want = position_map_pixels(c.spec, c.window, kFilteredSide, MapFilter::box);
        const std::vector<float> texels(want.begin(), want.end());
        painter->upload(kCheckSlot, (uint64_t(1) << 62) | ++version, texels.data(), kFilteredSide, kFilteredSide);
        std::vector<float> got;
        int rows = 0, cols = 0;
        std::string error;
        const bool read = painter->read_back_slot(kCheckSlot, &got, &rows, &cols, &error) && rows == kFilteredSide && cols == kFilteredSide;
        double worst = 0.0, bound = 0.0;
        long long compared = 0, mask_mismatch = 0, over = 0;
        if (read) {
            for (size_t k = 0; k < want.size(); ++k) {
                const bool masked = got[2 * k + 1] > 0.5f;
                if (masked != std::isnan(want[k])) {
                    ++mask_mismatch;
                    continue;
                }
                ++compared;
                if (masked) continue;
                const double err = std::fabs(double(got[2 * k]) - want[k]);
                const double tol = std::ldexp(std::fabs(want[k]), -24) + std::ldexp(1.0, -149);
                worst = std::max(worst, err);
                bound = std::max(bound, tol);
                over += err > tol ? 1 : 0;
            }
        } else if (error.empty()) {
            error = "the read-back texture has the wrong size";
        }
        const bool ok = read && mask_mismatch == 0 && over == 0;
        if (!ok) *all_ok = false;
        char line[512];
        std::snprintf(line, sizeof line,
                      ",\n{\"case\":\"%s\",\"ok\":%s,\"side\":%d,\"pixels\":%lld,\"max_abs_error\":%.6e,\"tolerance\":%.6e,"
                      "\"mask_mismatches\":%lld,\"pixels_over_bound\":%lld%s%s%s}",
                      c.label.c_str(), ok ? "true" : "false", kFilteredSide, compared, worst, bound, mask_mismatch, over,
                      read ? "" : ",\"error\":\"", read ? "" : error.c_str(), read ? "" : "\"");
        report += line;
    }
    return report;
}

}  // namespace

std::string position_map_tile_check(GlMatrixPainter* painter, bool* all_ok) {
    *all_ok = true;
    std::string report = "[";
    bool first = true;
    for (const TileCase& c : tile_cases()) {
        const std::shared_ptr<const PositionMapView> pm = make_position_map_view(c.spec);
        const std::vector<double>& log_norm = pm->log_norm;
        const PositionMapGpu& g = pm->gpu;
        const double tol = position_map_tolerance(g);
        std::vector<float> values;
        std::string error;
        const bool rendered = painter->render_position_map(g, c.window, c.pixels, c.pixels, true, Colormap::Diverging, -1.0f,
                                                           1.0f, &values, nullptr, &error);
        double worst = 0.0;
        long long compared = 0, mask_mismatch = 0;
        if (rendered) {
            const double per_px = c.window[2] / double(c.pixels);
            for (int y = 0; y < c.pixels; ++y) {
                for (int x = 0; x < c.pixels; ++x) {
                    // The cell under the pixel centre; within 2% of a cell edge either neighbour is accepted
                    // (the rasteriser interpolates the window coordinate in float).
                    const double u = c.window[0] + (x + 0.5) * per_px, v = c.window[1] + (y + 0.5) * per_px;
                    const float got = values[(size_t(y) * size_t(c.pixels) + size_t(x)) * 2];
                    const bool masked = values[(size_t(y) * size_t(c.pixels) + size_t(x)) * 2 + 1] > 0.5f;
                    double best = INFINITY;
                    bool mask_ok = false;
                    auto candidates = [&](double t) {
                        std::vector<long long> out;
                        for (double d : {0.0, -0.02, 0.02}) {
                            const long long k = std::clamp((long long)std::floor(t + d), 0LL, (long long)c.spec.L - 1);
                            if (std::find(out.begin(), out.end(), k) == out.end()) out.push_back(k);
                        }
                        return out;
                    };
                    for (long long i : candidates(v)) {
                        for (long long j : candidates(u)) {
                            const double ref = position_map_shown_value(c.spec, log_norm, i, j);
                            if (std::isnan(ref) ? masked : !masked) mask_ok = true;
                            if (!std::isnan(ref) && !masked) best = std::min(best, std::fabs(double(got) - ref));
                            if (std::isnan(ref) && masked) best = 0.0;
                        }
                    }
                    if (!mask_ok) {
                        ++mask_mismatch;
                        continue;
                    }
                    worst = std::max(worst, best);
                    ++compared;
                }
            }
        }
        const bool ok = rendered && mask_mismatch == 0 && worst <= tol;
        if (!ok) *all_ok = false;
        char line[512];
        std::snprintf(line, sizeof line,
                      "%s\n{\"case\":\"%s\",\"ok\":%s,\"side\":%d,\"pixels\":%lld,\"max_abs_error\":%.6e,\"tolerance\":%.6e,"
                      "\"mask_mismatches\":%lld%s%s%s}",
                      first ? "" : ",", c.label, ok ? "true" : "false", c.pixels, compared, worst, tol, mask_mismatch,
                      rendered ? "" : ",\"error\":\"", rendered ? "" : error.c_str(), rendered ? "" : "\"");
        report += line;
        first = false;
    }
    return report + filtered_tile_check(painter, all_ok) + "\n]";
}

// [SECTION] figures and timing -------------------------------------------------------------------

bool position_map_png(GlMatrixPainter* painter, const PositionMapSpec& spec, const double window[4], int width, int height,
                      std::string* png, double range[2], std::string* error) {
    const std::shared_ptr<const PositionMapView> pm = make_position_map_view(spec);
    range[0] = pm->lo;
    range[1] = pm->hi;
    std::vector<unsigned char> rgba;
    if (!painter->render_position_map(pm->gpu, window, width, height, false,
                                      pm->is_signed ? Colormap::Diverging : Colormap::Sequential, float(pm->lo), float(pm->hi),
                                      nullptr, &rgba, error))
        return false;
    *png = encode_png(rgba, width, height, false);
    if (png->empty()) *error = "PNG encoding failed";
    return !png->empty();
}

std::vector<double> position_map_frame_times(GlMatrixPainter* painter, const PositionMapSpec& spec, int width, int height,
                                             int frames, std::string* error) {
    const PositionMapGpu g = position_map_gpu(spec);
    const double window[4] = {0, 0, double(spec.L), double(spec.L)};
    std::vector<double> ms;
    for (int f = 0; f < frames; ++f) {
        const auto t0 = std::chrono::steady_clock::now();
        if (!painter->render_position_map(g, window, width, height, false, Colormap::Diverging, -1.0f, 1.0f, nullptr, nullptr, error))
            return {};
        ms.push_back(std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - t0).count());
    }
    return ms;
}

double position_map_box_refine_ms(GlMatrixPainter* painter, const PositionMapSpec& spec, int pixels) {
    pixels = std::clamp(pixels, 1, kMapPixelsMax);
    if (spec.L < pixels) return -1.0;
    const std::shared_ptr<const PositionMapView> pm = make_position_map_view(spec);  // built before a view draws
    const auto t0 = std::chrono::steady_clock::now();
    // As the map view does: the profile the view kept, else computed here.
    const std::shared_ptr<const PositionMapSums> sums =
        position_map_sums(spec, &pm->log_norm, pm->profile.empty() ? nullptr : &pm->profile);
    const std::vector<double> values = position_map_pixels(*sums, {0, 0, double(spec.L)}, pixels, MapFilter::box);
    const std::vector<float> texels(values.begin(), values.end());
    painter->upload(kCheckSlot, (uint64_t(1) << 61), texels.data(), pixels, pixels);
    glFinish();
    return std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - t0).count();
}

}  // namespace pelab
