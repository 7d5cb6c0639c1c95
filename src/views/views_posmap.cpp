// PE Lab — views/views_posmap.cpp
// Position-map view: an L×L map (L up to 65,536) evaluated per pixel on the GPU (shaders/posmap.frag),
// so only the visible window costs anything. Wheel / pinch zoom about the pointer from the whole matrix
// down to single cells, drag pans, double click resets. Tick labels, cell values (when cells are large
// enough) and the hover tooltip are ImGui; every number in them comes from core in double precision.
//
// Index of this file:
// [SECTION] window (zoom and pan in cells)
// [SECTION] axes
// [SECTION] drawing: layout, painting on the GPU, axes and ticks, cell values
// [SECTION] the box-filtered image (computed on the CPU once the view settles)
// [SECTION] hover: the hovered cell and its tooltip
// [SECTION] the position map's draw_figure
#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <map>
#include <memory>
#include <string>
#include <vector>

#include "core/maps/position_map_filter.h"
#include "core/io/text.h"
#include "imgui_internal.h"  // SetItemUsingMouseWheel (public API from ImGui 1.89 on)
#include "lessons/lesson_util.h"
#include "views/views.h"

namespace pelab {

namespace {

constexpr double kMinSpan = 4.0;  // the closest zoom shows 4×4 cells


// [SECTION] window (zoom and pan in cells) -----------------------------------------------------

void clamp_window(MapWindow* w) {
    const double L = double(w->L);
    w->span = std::clamp(w->span, std::min(kMinSpan, L), L);
    w->x0 = std::clamp(w->x0, 0.0, L - w->span);
    w->y0 = std::clamp(w->y0, 0.0, L - w->span);
}

// Wheel or pinch zooms about the pointer, dragging pans, a double click shows the whole map again.
void zoom_and_pan(MapWindow* w, ImVec2 p0, float side, float pinch, bool double_click) {
    const ImGuiIO& io = ImGui::GetIO();
    double factor = 1.0;
    if (ImGui::IsItemHovered()) {
        ImGui::SetItemUsingMouseWheel();  // the wheel zooms the map instead of scrolling the page
        if (io.MouseWheel != 0.0f) factor *= std::pow(1.25, double(io.MouseWheel));
        if (pinch != 0.0f) factor *= std::max(0.2, 1.0 + double(pinch) * 4.0);
        if (double_click || ImGui::IsMouseDoubleClicked(ImGuiMouseButton_Left)) {
            w->x0 = w->y0 = 0;
            w->span = double(w->L);
        }
    }
    if (factor != 1.0) {
        // Keep the cell under the pointer where it is.
        const double fx = std::clamp(double(io.MousePos.x - p0.x) / double(side), 0.0, 1.0);
        const double fy = std::clamp(double(io.MousePos.y - p0.y) / double(side), 0.0, 1.0);
        const double cx = w->x0 + fx * w->span, cy = w->y0 + fy * w->span;
        w->span = std::clamp(w->span / factor, std::min(kMinSpan, double(w->L)), double(w->L));
        w->x0 = cx - fx * w->span;
        w->y0 = cy - fy * w->span;
    }
    if (ImGui::IsItemActive() && ImGui::IsMouseDragging(ImGuiMouseButton_Left)) {
        w->x0 -= double(io.MouseDelta.x) / double(side) * w->span;
        w->y0 -= double(io.MouseDelta.y) / double(side) * w->span;
    }
    clamp_window(w);
}

// [SECTION] axes ---------------------------------------------------------------------------------

// A tick step of 1, 2 or 5 × 10^k cells giving at most `max_ticks` ticks over `span` cells.
long long tick_step(double span, int max_ticks) {
    long long step = 1;
    for (;;) {
        for (long long m : {1LL, 2LL, 5LL}) {
            if (span / double(step * m) <= double(max_ticks)) return step * m;
        }
        step *= 10;
    }
}

// Positions print with thin grouping so 65,535 reads at a glance.
std::string position_text(long long n) { return grouped_integer(n); }

// [SECTION] drawing: layout, painting on the GPU, axes and ticks, cell values ------------------

// Where the map sits: row ticks on the left, column ticks (and the caption) on top, the legend on the right.
struct MapLayout {
    ImVec2 origin, p0, p1;  // the figure's top-left corner; the square cell area [p0, p1]
    float side = 0;         // of the cell area
};

// `max_side` (0 = none): the most the map's side may take (the app's room for the figure).
MapLayout layout_position_map(ImVec2 origin, float width, float max_side = 0.0f) {
    const float font = ImGui::GetFontSize();
    const float label_w = ImGui::CalcTextSize("00,000").x + font * 0.8f;
    MapLayout l;
    l.side = std::min(width - label_w - font * 4.6f, font * 34.0f);
    if (max_side > 0.0f) l.side = std::min(l.side, max_side);
    l.side = std::max(80.0f, std::floor(l.side));
    l.origin = origin;
    l.p0 = ImVec2(origin.x + label_w, origin.y + font * 2.6f);
    l.p1 = ImVec2(l.p0.x + l.side, l.p0.y + l.side);
    return l;
}

// [SECTION] the box-filtered image (computed on the CPU once the view settles) ----------------------

// Zoomed out, each pixel covers many cells: the shader's point samples alias (stripes that are not in the
// matrix, thin diagonals lost). Once the learner stops zooming and dragging, the core computes the box-filtered
// image of the visible window in double (core/maps/position_map_filter.h) and it is drawn as a texture; while the
// window moves, and until the whole image is computed, the shader's point samples are drawn. One image per view
// slot. The image can take seconds of CPU (L = 65,536 with row softmax: about 2 s in the browser), so it is
// computed a band of pixel rows at a time within a budget per frame, and the frames go on while it is under way: the sliders and
// the map stay responsive, and a change of window or map drops the bands of the old one.
struct FilteredImage {
    std::shared_ptr<const PositionMapView> map;   // the map it belongs to (a new map starts over)
    std::vector<double> profile;                  // the map's distance profile, until the sums are made from it
    std::shared_ptr<const PositionMapSums> sums;  // computed once per map, on first use
    MapWindow window;                             // the window it shows, or is being computed for
    int pixels = 0;                               // pixels per side (0 = none yet)
    int rows_done = 0;                            // rows of `values` computed; the image is ready at `pixels`
    double seconds_per_row = 0;                   // measured on the last band (0 = none of this window yet)
    std::vector<double> values;                   // pixels², row-major, NaN = masked
    std::vector<float> texels;                    // the same as uploaded
    uint64_t version = 0;                         // its upload version
};

std::map<int, FilteredImage>& filtered_images() {
    static std::map<int, FilteredImage> images;
    return images;
}

// Pixels per side of the filtered image: the map's side on screen (at most map_pixels' limit).
int filtered_pixels(const MapLayout& l) { return std::clamp(int(std::lround(l.side)), 1, kMapPixelsMax); }

// True when the view shows the box-filtered image here: filter=box and a pixel covers one cell or more.
bool shows_box_filter(const PositionMapView& pm, const MapWindow& w, int pixels) {
    return pm.spec.filter == MapFilter::box && w.span >= double(pixels);
}

using Clock = std::chrono::steady_clock;

// The CPU time that the filtered images may take per frame, all map views of the frame together (a step can
// show two), counted from the first of them. At 60 Hz it is 12 ms, which leaves the frame room for the rest of
// its work, so a slider or a drag taken up mid-way answers at once. Where a frame itself takes long (software
// GL: 100 ms and more), 12 ms would stretch the image over many seconds of frames (about 20 s for RoPE
// softmax at L = 65,536 in the browser here), so the budget grows to half the last frame interval, which
// settles at about the frame's own cost, and at most 100 ms: the image then takes about twice its CPU time.
constexpr double kFrameBudgetSeconds = 0.012, kFrameBudgetMaxSeconds = 0.1;

// Seconds of this frame's budget left (negative when spent).
double frame_budget_left() {
    static int frame = -1;
    static Clock::time_point start;
    static double budget = kFrameBudgetSeconds;
    if (frame != ImGui::GetFrameCount()) {
        const Clock::time_point now = Clock::now();
        // The interval since the last frame that did this work; a long pause (the view was idle) says nothing
        // about the frame's cost.
        const double interval = frame < 0 ? 1.0 : std::chrono::duration<double>(now - start).count();
        budget = interval < 0.5 ? std::clamp(0.5 * interval, kFrameBudgetSeconds, kFrameBudgetMaxSeconds) : kFrameBudgetSeconds;
        frame = ImGui::GetFrameCount();
        start = now;
    }
    return budget - std::chrono::duration<double>(Clock::now() - start).count();
}

// Computes bands of rows of `f`'s image until the frame's budget is spent, at least one band (so the image
// always progresses). A band is sized from the last band's time per row to about half the budget left, so
// rows dearer than measured cannot overrun the budget by much; the first band of a window is one row (a row's
// cost grows with the cells per pixel: the last window's measure could be far off).
void compute_filtered_rows(FilteredImage* f) {
    const MapCellWindow window{f->window.x0, f->window.y0, f->window.span};
    const int pixels = f->pixels;
    bool first = true;
    while (f->rows_done < pixels) {
        const double left = frame_budget_left();
        if (!first && left <= 0) break;
        first = false;
        int rows = 1;
        if (f->seconds_per_row > 0) rows = int(std::clamp(0.5 * left / f->seconds_per_row, 1.0, double(pixels)));
        rows = std::min(rows, pixels - f->rows_done);
        const Clock::time_point t0 = Clock::now();
        position_map_pixel_rows(*f->sums, window, pixels, MapFilter::box, f->rows_done, f->rows_done + rows,
                                &f->values[size_t(f->rows_done) * size_t(pixels)]);
        f->seconds_per_row = std::chrono::duration<double>(Clock::now() - t0).count() / double(rows);
        f->rows_done += rows;
    }
}

// This slot's filtered image of window `w` when it is complete, else null (the caller draws point samples).
// While the view is `settled`, the image still missing is computed a frame's budget at a time and *more_frames
// is set to ask for the next frame; a window or map other than the one under way starts over. Once complete,
// nothing more is asked, so an idle page draws no frames.
const FilteredImage* filtered_image(const std::shared_ptr<const PositionMapView>& map, int slot, const MapWindow& w, int pixels,
                                    bool settled, bool* more_frames) {
    FilteredImage& f = filtered_images()[slot];
    if (f.map != map) {
        f = FilteredImage();
        f.map = map;
    }
    const bool same = f.pixels == pixels && f.window.x0 == w.x0 && f.window.y0 == w.y0 && f.window.span == w.span;
    if (same && f.rows_done == pixels) return &f;
    if (!settled) return nullptr;
    if (!same) {
        f.window = w;
        f.pixels = pixels;
        f.rows_done = 0;
        f.seconds_per_row = 0;
        f.values.assign(size_t(pixels) * size_t(pixels), 0.0);
        f.texels.clear();
    }
    if (!f.sums) {
        // Once per map, in two frames that the budget cannot split (L = 65,536 in the browser: about 60 ms for
        // the distance profile, O(L·d), then 20–40 ms for the prefix sums, with the first band).
        // The view keeps the profile when building it needed one (softmax, rope); else it is computed here.
        frame_budget_left();
        const bool view_has_profile = !map->profile.empty();
        if (!view_has_profile && f.profile.empty()) {
            f.profile = position_map_full_profile(map->spec);
            if (more_frames) *more_frames = true;
            return nullptr;
        }
        f.sums = position_map_sums(map->spec, &map->log_norm, view_has_profile ? &map->profile : &f.profile);
        f.profile = std::vector<double>();  // the sums hold their copy
    }
    compute_filtered_rows(&f);
    if (f.rows_done < pixels) {
        if (more_frames) *more_frames = true;
        return nullptr;
    }
    f.texels.assign(f.values.begin(), f.values.end());
    static uint64_t next_version = 0;
    f.version = (uint64_t(1) << 63) | ++next_version;  // never a data_version a heatmap used in this slot
    return &f;
}

// The colour scale of the map.
struct MapColours {
    Colormap map = Colormap::Sequential;
    float lo = 0, hi = 1;
    bool integer = false;  // the map's values are whole numbers (legend and cell values without decimals)
};

// Paints the visible window of the map: the box-filtered image as a texture when `filtered` holds it, else on the
// GPU per pixel (its data uploaded to the view's slot when it changed), or says that this GPU cannot; then the
// frame and the colour bar right of it.
MapColours paint_map(const PositionMapView& pm, ViewContext& ctx, ImDrawList* dl, const MapLayout& l, const MapWindow& w,
                     const FilteredImage* filtered) {
    const float font = ImGui::GetFontSize();
    MapColours c;
    c.map = pm.is_signed ? Colormap::Diverging : Colormap::Sequential;
    c.lo = float(pm.lo);
    c.hi = float(pm.hi);
    const double window[4] = {w.x0, w.y0, w.span, w.span};
    bool painted = true;
    if (filtered) {
        ctx.painter->upload(ctx.slot, filtered->version, filtered->texels.data(), filtered->pixels, filtered->pixels);
        ctx.painter->paint(dl, ctx.slot, l.p0, l.p1, c.map, c.lo, c.hi, false, nullptr);
    } else {
        painted = ctx.painter->paint_position_map(dl, ctx.slot, ctx.data_version, pm.gpu, l.p0, l.p1, window, c.map, c.lo, c.hi);
    }
    if (!painted) {
        dl->AddRectFilled(l.p0, l.p1, IM_COL32(235, 235, 235, 255));
        dl->AddText(ImVec2(l.p0.x + font, l.p0.y + font), IM_COL32(60, 60, 60, 255),
                    say(ctx.lang, {"此设备的 GPU 无法绘制位置图。", "This device's GPU cannot draw the position map."}).c_str());
    }
    dl->AddRect(ImVec2(l.p0.x - 1, l.p0.y - 1), ImVec2(l.p1.x + 1, l.p1.y + 1), ImGui::GetColorU32(ImGuiCol_Border));
    c.integer = position_map_is_integer(pm.spec);
    draw_colour_legend(ctx, dl, ImVec2(l.p1.x + font * 0.6f, l.p0.y), l.side, c.map, c.lo, c.hi, c.integer, pm.is_signed);
    return c;
}

// The caption (axes and the current scale in cells per pixel) and ticks at round positions.
// `filtered`: the pixels show the box-filtered image.
void draw_axes(ViewContext& ctx, ImDrawList* dl, const MapLayout& l, const MapWindow& w, int L, bool filtered) {
    const float font = ImGui::GetFontSize();
    const ImVec2 origin = l.origin, p0 = l.p0, p1 = l.p1;
    const ImU32 text = ImGui::GetColorU32(ImGuiCol_Text), dim = ImGui::GetColorU32(ImGuiCol_TextDisabled);
    const double px_per_cell = double(l.side) / w.span;
    const std::string per_pixel = px_per_cell >= 1.0 ? "≤ 1" : std::to_string(int(std::lround(1.0 / px_per_cell)));
    const std::string caption =
        px_per_cell >= 1.0 ? say(ctx.lang, {"查询 i ↓    键 j →    每像素单元数 {cells}", "query i ↓    key j →    cells per pixel {cells}"}, {{"cells", per_pixel}})
        : filtered ? say(ctx.lang, {"查询 i ↓    键 j →    每像素单元数 {cells}，像素为单元的平均值", "query i ↓    key j →    cells per pixel {cells}, each pixel the mean of its cells"}, {{"cells", per_pixel}})
                   : say(ctx.lang, {"查询 i ↓    键 j →    每像素单元数 {cells}，像素为中心单元的取样", "query i ↓    key j →    cells per pixel {cells}, each pixel the cell at its centre"}, {{"cells", per_pixel}});
    dl->AddText(origin, dim, caption.c_str());
    const long long step = tick_step(w.span, std::max(2, int(l.side / (font * 4.5f))));
    const long long first = (long long)(std::ceil(w.x0 / double(step))) * step;
    dl->PushClipRect(ImVec2(origin.x, origin.y), ImVec2(p1.x + font * 3, p1.y + 2), true);
    for (long long c = first; double(c) <= w.x0 + w.span && c < L; c += step) {
        const float x = p0.x + float((double(c) + 0.5 - w.x0) * px_per_cell);
        const std::string s = position_text(c);
        dl->AddLine(ImVec2(x, p0.y - 4), ImVec2(x, p0.y), text);
        dl->AddText(ImVec2(x - ImGui::CalcTextSize(s.c_str()).x * 0.5f, p0.y - font * 1.3f), text, s.c_str());
    }
    const long long first_row = (long long)(std::ceil(w.y0 / double(step))) * step;
    for (long long r = first_row; double(r) <= w.y0 + w.span && r < L; r += step) {
        const float y = p0.y + float((double(r) + 0.5 - w.y0) * px_per_cell);
        const std::string s = position_text(r);
        dl->AddLine(ImVec2(p0.x - 4, y), ImVec2(p0.x, y), text);
        dl->AddText(ImVec2(p0.x - ImGui::CalcTextSize(s.c_str()).x - 6, y - font * 0.5f), text, s.c_str());
    }
    dl->PopClipRect();
}

// Cell values once cells are large enough to hold them (at most 16×16 cells: kMinSpan..16), from the core in
// double precision. Clipped to the cell area by the caller.
void draw_cell_values(const PositionMapView& pm, ImDrawList* dl, const MapLayout& l, const MapWindow& w, const MapColours& colours) {
    const float font = ImGui::GetFontSize();
    const int L = pm.spec.L;
    const double px_per_cell = double(l.side) / w.span;
    if (px_per_cell < font * 2.6f) return;
    const long long c0 = (long long)std::floor(w.x0), r0 = (long long)std::floor(w.y0);
    for (long long r = r0; double(r) < w.y0 + w.span && r < L; ++r) {
        for (long long c = c0; double(c) < w.x0 + w.span && c < L; ++c) {
            const double x = position_map_shown_value(pm.spec, pm.log_norm, r, c);
            std::string s;
            if (std::isnan(x)) {
                s = pm.log_norm.empty() ? "−∞" : "0";  // a masked key: logit −∞, weight 0
            } else if (!pm.log_norm.empty()) {
                char buf[32];  // probabilities span many decades: significant digits, not decimals
                std::snprintf(buf, sizeof buf, "%.3g", x);
                s = buf;
            } else {
                s = format_cell(x, colours.integer, px_per_cell >= font * 3.6f ? 3 : 2);
            }
            const ImVec2 ts = ImGui::CalcTextSize(s.c_str());
            const ImVec2 at(l.p0.x + float((double(c) + 0.5 - w.x0) * px_per_cell) - ts.x * 0.5f,
                            l.p0.y + float((double(r) + 0.5 - w.y0) * px_per_cell) - ts.y * 0.5f);
            const float t = pm.is_signed ? float(0.5 + 0.5 * x / std::max(std::fabs(pm.hi), 1e-30))
                                         : float((x - pm.lo) / std::max(pm.hi - pm.lo, 1e-30));
            dl->AddText(at, std::isnan(x) ? IM_COL32(40, 40, 40, 255) : text_colour_on(colours.map, t), s.c_str());
        }
    }
}

// [SECTION] hover: the hovered cell and its tooltip ---------------------------------------------

// The cell under the pointer and the numbers its tooltip shows: (i, j, the core's double value, the
// shader's float32 value), as DrawnView::hover.
struct MapHover {
    bool hovered = false;
    double hover[4] = {0, 0, 0, 0};
};

void draw_tooltip(const PositionMapView& pm, ViewContext& ctx, long long i, long long j, double ref, float f32,
                  const double* pixel_mean, double cells_per_pixel) {
    ImGui::BeginTooltip();
    // Rows are query positions q, columns key positions k: the offset is written Δ = q − k, as everywhere.
    ImGui::Text("q = %s, k = %s, Δ = q − k = %s", position_text(i).c_str(), position_text(j).c_str(), position_text(i - j).c_str());
    if (std::isnan(ref)) {
        ImGui::TextUnformatted(say(ctx.lang, {"被遮蔽（因果：k > q），logit = −∞", "masked (causal: k > q), logit = −∞"}).c_str());
    } else {
        auto g = [](const char* format, double x) {
            char buf[40];
            std::snprintf(buf, sizeof buf, format, x);
            return std::string(buf);
        };
        ImGui::TextUnformatted(
            say(ctx.lang, {"参考值（core，double）：{value}", "reference (core, double): {value}"}, {{"value", g("%.10g", ref)}}).c_str());
        char line[160];
        if (!pm.log_norm.empty()) {
            std::snprintf(line, sizeof line, "logit = %.10g, log Z_q = %.10g", position_map_value(pm.spec, i, j),
                          pm.log_norm[size_t(i)]);
            ImGui::TextUnformatted(line);
        }
        ImGui::TextUnformatted(say(ctx.lang, {"GPU 算法（float32）：{value}   相差 {difference}", "GPU arithmetic (float32): {value}   differs by {difference}"},
                                   {{"value", g("%.8g", double(f32))}, {"difference", g("%.2e", std::fabs(double(f32) - ref))}})
                                   .c_str());
    }
    if (pixel_mean) {
        char mean[40], cells[40];
        std::snprintf(mean, sizeof mean, "%.10g", *pixel_mean);
        std::snprintf(cells, sizeof cells, "%.1f", cells_per_pixel);
        if (std::isnan(*pixel_mean))
            ImGui::TextUnformatted(say(ctx.lang, {"此像素的 {cells}×{cells} 个单元全部被遮蔽", "every one of this pixel's {cells}×{cells} cells is masked"},
                                       {{"cells", cells}}).c_str());
        else
            ImGui::TextUnformatted(say(ctx.lang, {"像素均值（{cells}×{cells} 个单元，core，double）：{value}",
                                                  "pixel mean ({cells}×{cells} cells, core, double): {value}"},
                                       {{"cells", cells}, {"value", mean}}).c_str());
    }
    ImGui::EndTooltip();
}

// While the map is hovered: outlines the cell under the pointer (once cells are 3 px or more), shows its
// tooltip (reference value in double, the shader's float32 value) and returns its numbers.
MapHover hover_cell(const PositionMapView& pm, ViewContext& ctx, ImDrawList* dl, const MapLayout& l, const MapWindow& w,
                    const FilteredImage* filtered) {
    const ImVec2 mouse = ImGui::GetIO().MousePos;
    const ImVec2 p0 = l.p0, p1 = l.p1;
    MapHover h;
    if (!(ImGui::IsItemHovered() && mouse.x >= p0.x && mouse.y >= p0.y && mouse.x < p1.x && mouse.y < p1.y)) return h;
    const long long L = pm.spec.L;
    const double px_per_cell = double(l.side) / w.span;
    const long long j = std::clamp((long long)std::floor(w.x0 + double(mouse.x - p0.x) / px_per_cell), 0LL, L - 1);
    const long long i = std::clamp((long long)std::floor(w.y0 + double(mouse.y - p0.y) / px_per_cell), 0LL, L - 1);
    if (px_per_cell >= 3.0) {
        const ImVec2 a(p0.x + float((double(j) - w.x0) * px_per_cell), p0.y + float((double(i) - w.y0) * px_per_cell));
        dl->AddRect(a, ImVec2(a.x + float(px_per_cell), a.y + float(px_per_cell)), IM_COL32(0, 0, 0, 255), 0, 0, 2.0f);
    }
    const double ref = position_map_shown_value(pm.spec, pm.log_norm, i, j);
    const float f32 = position_map_value_f32(pm.gpu, i, j);
    h.hovered = true;
    h.hover[0] = double(i);
    h.hover[1] = double(j);
    h.hover[2] = ref;
    h.hover[3] = double(f32);
    // Zoomed out and filtered: the mean of the pixel under the pointer, from the image on screen.
    const double* pixel_mean = nullptr;
    if (filtered) {
        const double per_side = double(filtered->pixels) / double(l.side);
        const int px = std::clamp(int(double(mouse.x - p0.x) * per_side), 0, filtered->pixels - 1);
        const int py = std::clamp(int(double(mouse.y - p0.y) * per_side), 0, filtered->pixels - 1);
        pixel_mean = &filtered->values[size_t(py) * size_t(filtered->pixels) + size_t(px)];
    }
    draw_tooltip(pm, ctx, i, j, ref, f32, pixel_mean, filtered ? w.span / double(filtered->pixels) : 0.0);
    return h;
}

}  // namespace

// [SECTION] the position map's draw_figure -----------------------------------------------------------------

float figure_height(const MapView& /*v*/, float width) {
    const float font = ImGui::GetFontSize();
    const float side = std::max(80.0f, std::min(width - font * 9.0f, font * 34.0f));
    return font * 1.6f + font * 2.6f + side + font * 1.6f + (font + 4.0f);  // + the "showing rows" line
}

// Given a height, the map's side leaves room for its title and top labels (the "showing rows" line below it is
// a note: it may fall below the fold).
static float map_side_for_height(float max_height) {
    const float font = ImGui::GetFontSize();
    return max_height > 0.0f ? max_height - ImGui::GetTextLineHeightWithSpacing() - font * 3.0f : 0.0f;
}

float figure_width_for_height(const MapView& v, float max_height) {
    if (!v.map || max_height <= 0.0f) return 0.0f;
    const float font = ImGui::GetFontSize();
    const float side = std::max(80.0f, std::min(map_side_for_height(max_height), font * 34.0f));
    return ImGui::CalcTextSize("00,000").x + font * 0.8f + side + font * 4.6f;
}

// The square of cells as draw_figure reports it.
float figure_plot_area(const MapView& v, float width, float max_height, Lang /*lang*/) {
    if (!v.map) return 0.0f;
    const MapLayout l = layout_position_map(ImVec2(0.0f, 0.0f), width, max_height > 0.0f ? map_side_for_height(max_height) : 0.0f);
    return l.side * l.side;
}

// draw_figure: the title line, the labels above the map and the map (an InvisibleButton), then 0.4 font sizes
// under it the line saying which rows and columns show, here as it reads before any zoom (the whole map).
float figure_drawn_bottom(const MapView& v, float top, float width, float max_height, bool /*primary*/, Lang lang) {
    const float under_title = cursor_after_item(top, ImGui::GetTextLineHeight());
    if (!v.map) return under_title - ImGui::GetStyle().ItemSpacing.y;  // the title only
    const long long L = v.map->spec.L;
    const MapLayout l = layout_position_map(ImVec2(0.0f, under_title), width, map_side_for_height(max_height));
    const std::string shown = say(lang, {"显示行 {row0}–{row1}，列 {col0}–{col1}（{L} × {L}）", "showing rows {row0}–{row1}, columns {col0}–{col1} ({L} × {L})"},
                                  {{"row0", position_text(0)}, {"row1", position_text(L - 1)}, {"col0", position_text(0)},
                                   {"col1", position_text(L - 1)}, {"L", position_text(L)}});
    float y = l.p1.y + ImGui::GetFontSize() * 0.4f;
    for (size_t i = 0, lines = wrap_lines(shown, width).size(); i < lines; ++i) y = cursor_after_item(y, ImGui::GetTextLineHeight());
    return y;
}

bool draw_figure(const std::string& title, const MapView& v, ViewContext& ctx, float width) {
    const float font = ImGui::GetFontSize();
    text_one_line(title, width);
    if (!v.map) return false;
    const PositionMapView& pm = *v.map;
    const int L = pm.spec.L;
    const float max_side = map_side_for_height(ctx.max_height);
    const MapLayout l = layout_position_map(ImGui::GetCursorScreenPos(), width, max_side);

    // The visible window, kept per view slot while L stays the same; this frame's zoom and pan.
    MapWindow fresh;
    MapWindow* w = ctx.interaction ? &ctx.interaction->map_window[ctx.slot] : &fresh;
    if (w->L != L) *w = MapWindow{L, 0.0, 0.0, double(L)};
    ImGui::InvisibleButton("##posmap", ImVec2(l.p1.x - l.origin.x, l.p1.y - l.origin.y));
    zoom_and_pan(w, l.p0, l.side, ctx.interaction ? ctx.interaction->pinch : 0.0f, ctx.interaction && ctx.interaction->double_click);

    // The box-filtered image when a pixel covers a cell or more, once the window rests (no wheel, pinch or double
    // click this frame, and no widget held: dragging the map or a parameter's slider): it is computed over the
    // next frames, while anything moves the shader's point samples follow. Releasing brings the first frame that
    // refines it; the view asks for the rest.
    const int pixels = filtered_pixels(l);
    const FilteredImage* filtered = nullptr;
    if (shows_box_filter(pm, *w, pixels) && ctx.slot >= 0) {
        const ImGuiIO& io = ImGui::GetIO();
        const bool settled = !ImGui::IsAnyItemActive() && io.MouseWheel == 0.0f &&
                             !(ctx.interaction && (ctx.interaction->pinch != 0.0f || ctx.interaction->double_click));
        filtered = filtered_image(v.map, ctx.slot, *w, pixels, settled, ctx.wants_frame);
    }

    ImDrawList* dl = ImGui::GetWindowDrawList();
    const MapColours colours = paint_map(pm, ctx, dl, l, *w, filtered);
    draw_axes(ctx, dl, l, *w, L, filtered != nullptr);
    dl->PushClipRect(l.p0, l.p1, true);
    draw_cell_values(pm, dl, l, *w, colours);
    const MapHover hover = hover_cell(pm, ctx, dl, l, *w, filtered);
    dl->PopClipRect();

    if (ctx.drawn) {
        const float win[4] = {float(w->x0 / L), float(w->y0 / L), float((w->x0 + w->span) / L), float((w->y0 + w->span) / L)};
        ctx.drawn->push_back({ViewKind::PositionMap, title, l.p0, l.p1, L, L, float(double(L) / w->span), {win[0], win[1], win[2], win[3]}});
        ctx.drawn->back().hovered = hover.hovered;
        std::copy(hover.hover, hover.hover + 4, ctx.drawn->back().hover);
    }
    // Under the map: which rows and columns are on screen.
    ImGui::SetCursorScreenPos(ImVec2(l.origin.x, l.p1.y + font * 0.4f));
    const long long c0 = (long long)std::floor(w->x0), r0 = (long long)std::floor(w->y0);
    const std::string shown =
        say(ctx.lang, {"显示行 {row0}–{row1}，列 {col0}–{col1}（{L} × {L}）", "showing rows {row0}–{row1}, columns {col0}–{col1} ({L} × {L})"},
            {{"row0", position_text(r0)},
             {"row1", position_text(std::min<long long>(L, (long long)std::ceil(w->y0 + w->span)) - 1)},
             {"col0", position_text(c0)},
             {"col1", position_text(std::min<long long>(L, (long long)std::ceil(w->x0 + w->span)) - 1)},
             {"L", position_text(L)}});
    text_wrapped(shown, width);
    return true;
}

}  // namespace pelab
