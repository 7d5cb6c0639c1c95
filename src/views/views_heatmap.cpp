// PE Lab — views/views_heatmap.cpp
// Heatmap view: the matrix is uploaded once per recompute as a float texture and coloured on the
// GPU (shaders/heatmap.frag); labels, cell values, the hovered diagonal and the legend are ImGui.
//
// Index of this file:
// [SECTION] layout
// [SECTION] colours (value range, legend)
// [SECTION] cell mapping and zoom
// [SECTION] drawing: texture, axes and labels, cell values, overlays
// [SECTION] hover: the hovered cell, Δ diagonal, click to select, tooltip
// [SECTION] the heatmap's draw_figure
#include <algorithm>
#include <cmath>
#include <cstdio>
#include <vector>

#include "imgui_internal.h"  // SetItemUsingMouseWheel (public API from ImGui 1.89 on)
#include "views/views.h"

namespace pelab {

// [SECTION] layout ---------------------------------------------------------------------------

namespace {

struct HeatmapLayout {
    float label_w = 0, label_h = 0;  // room for row labels (left) and column labels (top)
    float legend_w = 0;              // colour bar + its numbers (right)
    float cell = 0;                  // cell width (and height, unless cell_h differs)
    float cell_h = 0;                // cell height: the same as cell, except for large primary matrices
    int label_every = 1;             // print every n-th row/column label
};

constexpr float kMaxCell = 56.0f;

float widest_label(const std::vector<std::string>& labels) {
    float w = 0;
    for (const std::string& s : labels) w = std::max(w, ImGui::CalcTextSize(s.c_str()).x);
    return w;
}

// `max_height` (0 = none): the most the title and figure may take; `fill`: grow the cells to use that room.
HeatmapLayout layout_heatmap(const HeatmapView& v, float width, float max_height = 0.0f, bool fill = false) {
    HeatmapLayout l;
    const float font = ImGui::GetFontSize();
    const int rows = int(v.values.rows()), cols = int(v.values.cols());
    l.label_w = std::max(widest_label(v.row_labels), ImGui::CalcTextSize("00").x) + font * (v.row_axis.empty() ? 0.4f : 1.6f);
    l.label_h = font * (v.col_axis.empty() ? 1.3f : 2.5f);
    l.legend_w = font * 4.2f;
    const float avail = std::max(40.0f, width - l.label_w - l.legend_w);
    const float widest_cell = std::floor(avail / float(std::max(cols, 1)));
    l.cell = std::clamp(widest_cell, 1.0f, kMaxCell);
    // Tall matrices must not push the page into endless scrolling: cap the height at ~1.3×width.
    const float max_h = std::max(120.0f, width * 1.3f);
    if (l.cell * rows > max_h) l.cell = std::max(1.0f, std::floor(max_h / float(std::max(rows, 1))));
    l.cell_h = l.cell;
    if (max_height > 0.0f) {
        // The room the app gives: title line, column labels and cells.
        const float cells_h = max_height - ImGui::GetTextLineHeightWithSpacing() - l.label_h;
        const float tallest_cell = cells_h / float(std::max(rows, 1));
        const float widest = avail / float(std::max(cols, 1));
        if (fill) {
            // Square cells as large as the room allows. Cells too small to print a value in (a 128×64 or a 32×4
            // matrix) stretch instead, up to 3:1 or until the whole plot is square, so that a tall or wide matrix
            // still fills its room.
            const float square = std::min(widest, tallest_cell);
            l.cell = l.cell_h = square;
            if (square < font * 1.3f) {
                l.cell = std::min(widest, std::max(square * 3.0f, tallest_cell * float(rows) / float(std::max(cols, 1))));
                l.cell_h = std::min(tallest_cell, std::max(square * 3.0f, widest * float(cols) / float(std::max(rows, 1))));
            }
        } else {
            l.cell = l.cell_h = std::min(l.cell, tallest_cell);
        }
        // Whole pixels while cells are large enough for the rounding not to waste room (the primary figure keeps
        // every pixel of its room: its cells are painted by the GPU, so fractional sizes do not show).
        if (l.cell >= 8.0f && !fill) l.cell = std::floor(l.cell);
        if (l.cell_h >= 8.0f && !fill) l.cell_h = std::floor(l.cell_h);
        l.cell = std::max(1.0f, l.cell);
        l.cell_h = std::max(1.0f, l.cell_h);
    }
    const float label_room = std::max(widest_label(v.col_labels), font * 1.2f) + 4.0f;
    l.label_every = std::max(1, int(std::ceil(label_room / l.cell)));
    return l;
}

}  // namespace

float figure_height(const HeatmapView& v, float width) {
    const HeatmapLayout l = layout_heatmap(v, width);
    const float font = ImGui::GetFontSize();
    return font * 1.6f + l.label_h + l.cell_h * float(v.values.rows()) + font * 0.8f;
}

// draw_figure: the title line, then the column labels and the cells, the cursor set 0.4 font sizes under them.
float figure_drawn_bottom(const HeatmapView& v, float top, float width, float max_height, bool primary, Lang /*lang*/) {
    const float under_title = cursor_after_item(top, ImGui::GetTextLineHeight());
    if (v.values.rows() == 0 || v.values.cols() == 0) return under_title - ImGui::GetStyle().ItemSpacing.y;  // the title only
    const HeatmapLayout l = layout_heatmap(v, width, max_height, primary);
    const float cells_top = under_title + l.label_h;
    return cells_top + l.cell_h * float(v.values.rows()) + ImGui::GetFontSize() * 0.4f;
}

float figure_width_for_height(const HeatmapView& v, float max_height) {
    if (v.values.size() == 0 || max_height <= 0.0f) return 0.0f;
    // Laid out as if the width were unlimited: the cells then follow from the height alone.
    const HeatmapLayout l = layout_heatmap(v, 1e6f, max_height, true);
    return l.label_w + l.cell * float(v.values.cols()) + l.legend_w;
}

float figure_plot_area(const HeatmapView& v, float width, float max_height, Lang /*lang*/) {
    if (v.values.size() == 0) return 0.0f;
    const HeatmapLayout l = layout_heatmap(v, width, max_height, true);  // as draw_figure lays out the primary
    return l.cell * float(v.values.cols()) * l.cell_h * float(v.values.rows());
}

// [SECTION] colours (value range, legend) ------------------------------------------------------

namespace {

void value_range(const HeatmapView& v, float* lo, float* hi) {
    double mn = INFINITY, mx = -INFINITY;
    for (Eigen::Index i = 0; i < v.values.size(); ++i) {
        const double x = v.values.data()[i];
        if (!std::isfinite(x)) continue;
        mn = std::min(mn, x);
        mx = std::max(mx, x);
    }
    if (!(mn <= mx)) mn = mx = 0;
    if (std::isfinite(v.scale_lo) && std::isfinite(v.scale_hi) && v.scale_lo < v.scale_hi) {
        mn = v.scale_lo;
        mx = v.scale_hi;
    } else if (v.is_signed) {
        const double r = std::max({std::fabs(mn), std::fabs(mx), 1e-12});
        mn = -r;
        mx = r;
    } else if (mx - mn < 1e-12) {
        mn -= 0.5;
        mx += 0.5;
    }
    *lo = float(mn);
    *hi = float(mx);
}

}  // namespace

ImU32 text_colour_on(Colormap map, float t) {
    float rgb[3];
    colormap_rgb(map, t, rgb);
    const float luma = 0.2126f * rgb[0] + 0.7152f * rgb[1] + 0.0722f * rgb[2];
    return luma > 0.5f ? IM_COL32(20, 20, 20, 255) : IM_COL32(250, 250, 250, 255);
}

void draw_colour_legend(ViewContext& ctx, ImDrawList* dl, ImVec2 p0, float height, Colormap map, float lo, float hi,
                        bool integer, bool is_signed) {
    const float font = ImGui::GetFontSize();
    const float bar_w = font * 0.8f;
    const ImVec2 b0(p0.x, p0.y), b1(p0.x + bar_w, p0.y + height);
    // The shader paints the ramp bottom (range_min) to top (range_max), in the same colours as the cells.
    ctx.painter->paint(dl, ctx.slot, b0, b1, map, lo, hi, true);
    dl->AddRect(b0, b1, ImGui::GetColorU32(ImGuiCol_Border));
    const ImU32 text = ImGui::GetColorU32(ImGuiCol_Text);
    const int decimals = integer ? 0 : 2;
    auto tick = [&](float value, float y) {
        const std::string s = format_cell(value, integer && std::fabs(value - std::round(value)) < 1e-6, decimals);
        // The tick crosses the bar and the label keeps its distance: a short line just left of a label reads as
        // a minus sign ("-3" for +3).
        dl->AddLine(ImVec2(b0.x, y), ImVec2(b1.x, y), text);
        dl->AddText(ImVec2(b1.x + font * 0.4f, y - font * 0.5f), text, s.c_str());
    };
    tick(hi, b0.y + 1);
    if (is_signed) tick(0.0f, (b0.y + b1.y) * 0.5f);
    tick(lo, b1.y - 1);
}


// [SECTION] cell mapping and zoom ------------------------------------------------------------

namespace {

// Screen mapping of a (possibly zoomed and panned) heatmap: the visible window of the matrix in
// texture coordinates [u0,u1]×[v0,v1] is stretched over the cell area [p0,p1].
struct CellMap {
    ImVec2 p0, p1;
    float u0 = 0, v0 = 0, u1 = 1, v1 = 1;
    int rows = 1, cols = 1;
    float cell_w() const { return (p1.x - p0.x) / ((u1 - u0) * float(cols)); }
    float cell_h() const { return (p1.y - p0.y) / ((v1 - v0) * float(rows)); }
    float x(float col) const { return p0.x + (col / float(cols) - u0) / (u1 - u0) * (p1.x - p0.x); }
    float y(float row) const { return p0.y + (row / float(rows) - v0) / (v1 - v0) * (p1.y - p0.y); }
    int col_at(float sx) const { return int(std::floor((u0 + (sx - p0.x) / (p1.x - p0.x) * (u1 - u0)) * float(cols))); }
    int row_at(float sy) const { return int(std::floor((v0 + (sy - p0.y) / (p1.y - p0.y) * (v1 - v0)) * float(rows))); }
    int first_row() const { return std::max(0, int(std::floor(v0 * float(rows)))); }
    int last_row() const { return std::min(rows, int(std::ceil(v1 * float(rows)))); }
    int first_col() const { return std::max(0, int(std::floor(u0 * float(cols)))); }
    int last_col() const { return std::min(cols, int(std::ceil(u1 * float(cols)))); }
};

CellMap make_map(ImVec2 p0, ImVec2 p1, int rows, int cols, const HeatmapZoom& z) {
    CellMap m;
    m.p0 = p0;
    m.p1 = p1;
    m.rows = rows;
    m.cols = cols;
    const float span = 1.0f / z.zoom;
    m.u0 = std::clamp(z.cx - span * 0.5f, 0.0f, 1.0f - span);
    m.v0 = std::clamp(z.cy - span * 0.5f, 0.0f, 1.0f - span);
    m.u1 = m.u0 + span;
    m.v1 = m.v0 + span;
    return m;
}

// Wheel or pinch zooms about the pointer, dragging pans, a double click resets.
void zoom_and_pan(HeatmapZoom* z, const CellMap& m, int rows, int cols, float pinch, bool double_click) {
    const ImGuiIO& io = ImGui::GetIO();
    const float max_zoom = std::max(1.0f, float(std::max(rows, cols)) / 2.0f);
    float factor = 1.0f;
    if (ImGui::IsItemHovered()) {
        ImGui::SetItemUsingMouseWheel();  // the wheel zooms this figure instead of scrolling the page
        if (io.MouseWheel != 0.0f) factor *= std::pow(1.25f, io.MouseWheel);
        if (pinch != 0.0f) factor *= std::max(0.2f, 1.0f + pinch * 4.0f);
        if (double_click || ImGui::IsMouseDoubleClicked(ImGuiMouseButton_Left)) *z = HeatmapZoom();
    }
    if (factor != 1.0f) {
        // Keep the matrix point under the pointer where it is.
        const float fx = std::clamp((io.MousePos.x - m.p0.x) / (m.p1.x - m.p0.x), 0.0f, 1.0f);
        const float fy = std::clamp((io.MousePos.y - m.p0.y) / (m.p1.y - m.p0.y), 0.0f, 1.0f);
        const float mu = m.u0 + fx * (m.u1 - m.u0), mv = m.v0 + fy * (m.v1 - m.v0);
        z->zoom = std::clamp(z->zoom * factor, 1.0f, max_zoom);
        const float span = 1.0f / z->zoom;
        z->cx = mu - fx * span + span * 0.5f;
        z->cy = mv - fy * span + span * 0.5f;
    }
    if (ImGui::IsItemActive() && ImGui::IsMouseDragging(ImGuiMouseButton_Left) && z->zoom > 1.0f) {
        z->cx -= io.MouseDelta.x / (m.p1.x - m.p0.x) * (m.u1 - m.u0);
        z->cy -= io.MouseDelta.y / (m.p1.y - m.p0.y) * (m.v1 - m.v0);
    }
    const float half = 0.5f / z->zoom;
    z->cx = std::clamp(z->cx, half, 1.0f - half);
    z->cy = std::clamp(z->cy, half, 1.0f - half);
}

// The whole figure, labels included, is one item: hover, wheel, drag and click all land on it. Returns the
// cell mapping after this frame's zoom and pan of the cell area [p0, p1].
CellMap interact(ViewContext& ctx, HeatmapZoom* zoom, ImVec2 origin, ImVec2 p0, ImVec2 p1, int rows, int cols) {
    ImGui::InvisibleButton("##cells", ImVec2(p1.x - origin.x, p1.y - origin.y));
    zoom_and_pan(zoom, make_map(p0, p1, rows, cols, *zoom), rows, cols, ctx.interaction ? ctx.interaction->pinch : 0.0f,
                 ctx.interaction && ctx.interaction->double_click);
    return make_map(p0, p1, rows, cols, *zoom);
}

// [SECTION] drawing: texture, axes and labels, cell values, overlays -------------------------

// The colour scale of the cells.
struct CellColours {
    Colormap map = Colormap::Sequential;
    float lo = 0, hi = 1;
};

// Uploads the matrix as a float texture (only when the data changed), paints the visible window of cells on
// the GPU and the colour bar right of them.
CellColours paint_cells(const HeatmapView& v, ViewContext& ctx, ImDrawList* dl, const CellMap& m) {
    const float font = ImGui::GetFontSize();
    CellColours c;
    c.map = v.is_signed ? Colormap::Diverging : Colormap::Sequential;
    value_range(v, &c.lo, &c.hi);
    std::vector<float> texels(size_t(m.rows) * size_t(m.cols));
    for (size_t i = 0; i < texels.size(); ++i) texels[i] = float(v.values.data()[i]);
    ctx.painter->upload(ctx.slot, ctx.data_version, texels.data(), m.rows, m.cols);
    const float window[4] = {m.u0, m.v0, m.u1, m.v1};
    ctx.painter->paint(dl, ctx.slot, m.p0, m.p1, c.map, c.lo, c.hi, false, window);
    draw_colour_legend(ctx, dl, ImVec2(m.p1.x + font * 0.6f, m.p0.y), m.p1.y - m.p0.y, c.map, c.lo, c.hi, v.integer, v.is_signed);
    return c;
}

// Axis captions and the labels of the visible rows and columns. The column caption is centred over the
// columns (with the zoom factor once zoomed in); the row caption sits in the top-left corner, above the
// row labels ("↓" reads as "rows run downward") and clear of the column caption.
void draw_axes(const HeatmapView& v, ImDrawList* dl, ImVec2 origin, const CellMap& m, float zoom) {
    const float font = ImGui::GetFontSize();
    const ImVec2 p0 = m.p0, p1 = m.p1;
    const ImU32 text = ImGui::GetColorU32(ImGuiCol_Text);
    const ImU32 dim = ImGui::GetColorU32(ImGuiCol_TextDisabled);
    float row_caption_end = origin.x;
    if (!v.row_axis.empty()) {
        const std::string caption = v.row_axis + " ↓";
        dl->AddText(ImVec2(origin.x, origin.y), dim, caption.c_str());
        row_caption_end = origin.x + ImGui::CalcTextSize(caption.c_str()).x + font * 0.6f;
    }
    if (!v.col_axis.empty()) {
        std::string caption = v.col_axis + " →";
        if (zoom > 1.0f) {
            char buf[48];
            std::snprintf(buf, sizeof buf, "   ×%.1f", double(zoom));
            caption += buf;
        }
        const float tw = ImGui::CalcTextSize(caption.c_str()).x;
        dl->AddText(ImVec2(std::max(row_caption_end, (p0.x + p1.x - tw) * 0.5f), origin.y), dim, caption.c_str());
    }
    // Labels: every n-th one, so that they do not overlap at the current zoom. Numbers get a fixed room; named
    // columns ("t", "h", "w") are spaced by their own widths, so short names over narrow columns all show.
    const float cw = m.cell_w(), ch = m.cell_h();
    int col_every = std::max(1, int(std::ceil((font * 1.2f + 4.0f) / cw)));
    if (!v.col_labels.empty()) {
        const float gap = std::max(2.0f, font * 0.15f);
        const int first = m.first_col(), last = m.last_col();
        std::vector<float> widths(size_t(std::max(0, last - first)), 0.0f);
        for (int c = first; c < last && c < int(v.col_labels.size()); ++c)
            widths[size_t(c - first)] = ImGui::CalcTextSize(v.col_labels[size_t(c)].c_str()).x;
        auto spaced = [&](int every) {
            for (int c = first - first % every; c + every < last; c += every)
                if (c >= first && (widths[size_t(c - first)] + widths[size_t(c + every - first)]) * 0.5f + gap > float(every) * cw)
                    return false;
            return true;
        };
        col_every = 1;
        while (col_every < last - first && !spaced(col_every)) ++col_every;
    }
    const int row_every = std::max(1, int(std::ceil((font + 2.0f) / ch)));
    dl->PushClipRect(ImVec2(p0.x - 2, origin.y), ImVec2(p1.x + 2, p1.y), true);
    for (int c = m.first_col(); c < m.last_col(); ++c) {
        if (c % col_every) continue;
        const std::string s = c < int(v.col_labels.size()) ? v.col_labels[size_t(c)] : std::to_string(c + v.col_offset);
        const float tw = ImGui::CalcTextSize(s.c_str()).x;
        float x = m.x(float(c) + 0.5f) - tw * 0.5f;
        // A label wider than an edge column that is wholly in view moves inwards instead of being cut off
        // (a column partly scrolled out keeps its label centred, cut with it).
        if (m.x(float(c)) >= p0.x - 0.5f && m.x(float(c + 1)) <= p1.x + 0.5f) x = std::clamp(x, p0.x - 2.0f, p1.x + 2.0f - tw);
        dl->AddText(ImVec2(x, p0.y - font * 1.15f), text, s.c_str());
    }
    dl->PopClipRect();
    dl->PushClipRect(ImVec2(origin.x, p0.y - 2), ImVec2(p0.x, p1.y + 2), true);
    for (int r = m.first_row(); r < m.last_row(); ++r) {
        if (r % row_every) continue;
        const std::string s = r < int(v.row_labels.size()) ? v.row_labels[size_t(r)] : std::to_string(r + v.row_offset);
        const float tw = ImGui::CalcTextSize(s.c_str()).x;
        dl->AddText(ImVec2(p0.x - tw - font * 0.3f, m.y(float(r) + 0.5f) - font * 0.5f), text, s.c_str());
    }
    dl->PopClipRect();
}

// Values (or the view's own cell text) inside the visible cells, in ink that reads on the cell's colour: in
// every visible cell or in none. A cell left blank among numbered ones would read as a missing value (a
// negative number, one character wider, was the first to be dropped), so values lose decimals, down to one,
// until the widest fits, and a figure whose labels still do not fit shows its colours alone.
void draw_cell_values(const HeatmapView& v, ImDrawList* dl, const CellMap& m, const CellColours& colours) {
    const float font = ImGui::GetFontSize();
    const float cw = m.cell_w(), ch = m.cell_h();
    const float cell = std::min(cw, ch);
    if (cell < font * 1.3f) return;
    const bool has_cell_text = v.cell_text.size() == size_t(m.rows) * size_t(m.cols);
    auto label = [&](int r, int c, int decimals) {
        const double x = v.values(r, c);
        if (has_cell_text) return v.cell_text[size_t(r) * size_t(m.cols) + size_t(c)];
        return std::isnan(x) ? std::string() : format_cell(x, v.integer, decimals);
    };
    // The visible cells' labels at `decimals`, row by row, and the widest of them.
    std::vector<std::string> labels;
    float widest = 0.0f;
    auto label_visible = [&](int decimals) {
        labels.clear();
        widest = 0.0f;
        for (int r = m.first_row(); r < m.last_row(); ++r)
            for (int c = m.first_col(); c < m.last_col(); ++c) {
                labels.push_back(label(r, c, decimals));
                widest = std::max(widest, ImGui::CalcTextSize(labels.back().c_str()).x);
            }
    };
    int decimals = v.integer ? 0 : std::min(v.decimals, cell >= font * 3.4f ? 3 : 2);
    label_visible(decimals);
    while (!has_cell_text && decimals > 1 && widest + 4.0f > cw) label_visible(--decimals);
    if (widest + 4.0f > cw) return;
    size_t next = 0;
    for (int r = m.first_row(); r < m.last_row(); ++r) {
        for (int c = m.first_col(); c < m.last_col(); ++c) {
            const std::string& s = labels[next++];
            if (s.empty()) continue;
            const double x = v.values(r, c);
            const ImVec2 ts = ImGui::CalcTextSize(s.c_str());
            const ImVec2 at(m.x(float(c) + 0.5f) - ts.x * 0.5f, m.y(float(r) + 0.5f) - ts.y * 0.5f);
            const ImU32 ink = std::isnan(x) ? IM_COL32(40, 40, 40, 255)
                                            : text_colour_on(colours.map, colormap_t(colours.map, x, colours.lo, colours.hi));
            dl->AddText(at, ink, s.c_str());
        }
    }
}

// Block lines and the view's lines, outlined row and cells, then arrows between cell centres (e.g. displacements δ
// on a 2-D grid).
void draw_overlays(const HeatmapView& v, ImDrawList* dl, const CellMap& m) {
    const ImU32 select = IM_COL32(20, 20, 20, 255);
    const ImU32 light = IM_COL32(205, 205, 205, 230);  // reads on the dark end of the map and on the bright
    const ImU32 accent = IM_COL32(230, 120, 0, 235);
    const float cw = m.cell_w(), ch = m.cell_h();
    if (v.block > 0) {
        for (int r = v.block; r < m.rows; r += v.block)
            if (r > m.first_row() && r < m.last_row()) dl->AddLine(ImVec2(m.p0.x, m.y(float(r))), ImVec2(m.p1.x, m.y(float(r))), light, 1.5f);
        for (int c = v.block; c < m.cols; c += v.block)
            if (c > m.first_col() && c < m.last_col()) dl->AddLine(ImVec2(m.x(float(c)), m.p0.y), ImVec2(m.x(float(c)), m.p1.y), light, 1.5f);
    }
    for (const HeatmapView::Line& l : v.lines)
        dl->AddLine(ImVec2(m.x(l.c0), m.y(l.r0)), ImVec2(m.x(l.c1), m.y(l.r1)),
                    l.accent ? accent : light, l.accent ? 2.5f : 1.5f);
    const float thick = std::max(2.0f, std::min(cw, ch) * 0.08f);
    if (v.highlight_row >= 0 && v.highlight_row < m.rows)
        dl->AddRect(ImVec2(m.p0.x - 1, m.y(float(v.highlight_row)) - 1), ImVec2(m.p1.x + 1, m.y(float(v.highlight_row + 1)) + 1),
                    select, 0, 0, thick);
    for (size_t i = 0; i < v.highlight_cells.size(); ++i) {
        const auto& rc = v.highlight_cells[i];
        if (rc.first < 0 || rc.first >= m.rows || rc.second < 0 || rc.second >= m.cols) continue;
        const int verdict = i < v.highlight_verdicts.size() ? v.highlight_verdicts[i] : 0;
        // The diverging map's ends: blue for right, red for wrong, as the answers' cells elsewhere.
        const ImU32 ink = verdict > 0 ? IM_COL32(33, 102, 172, 255) : verdict < 0 ? IM_COL32(178, 24, 43, 255) : select;
        dl->AddRect(ImVec2(m.x(float(rc.second)), m.y(float(rc.first))), ImVec2(m.x(float(rc.second + 1)), m.y(float(rc.first + 1))),
                    ink, 0, 0, verdict != 0 ? thick * 1.5f : thick);
    }
    const float cell = std::min(cw, ch);
    for (const HeatmapView::Arrow& ar : v.arrows) {
        const ImVec2 from(m.x(float(ar.c0) + 0.5f), m.y(float(ar.r0) + 0.5f));
        const ImVec2 to(m.x(float(ar.c1) + 0.5f), m.y(float(ar.r1) + 0.5f));
        const float dx = to.x - from.x, dy = to.y - from.y, len = std::sqrt(dx * dx + dy * dy);
        if (len < 1.0f) {
            dl->AddCircle(from, cell * 0.22f, accent, 0, 2.5f);  // δ = (0, 0): the query itself
            continue;
        }
        // Stop short of the target centre so the head does not cover the cell's text.
        const float ux = dx / len, uy = dy / len, head = std::min(cell * 0.3f, 12.0f);
        const ImVec2 tip(to.x - ux * cell * 0.18f, to.y - uy * cell * 0.18f);
        dl->AddLine(from, ImVec2(tip.x - ux * head * 0.8f, tip.y - uy * head * 0.8f), accent, 2.5f);
        dl->AddTriangleFilled(tip, ImVec2(tip.x - ux * head - uy * head * 0.5f, tip.y - uy * head + ux * head * 0.5f),
                              ImVec2(tip.x - ux * head + uy * head * 0.5f, tip.y - uy * head - ux * head * 0.5f), accent);
    }
}

// [SECTION] hover: the hovered cell, Δ diagonal, click to select, tooltip --------------------

// A cell of the matrix; r < 0 = none.
struct Cell {
    int r = -1, c = -1;
};

// The cell under the pointer while the figure is hovered.
Cell hovered_cell(const CellMap& m) {
    const ImVec2 mouse = ImGui::GetIO().MousePos;
    Cell h;
    if (ImGui::IsItemHovered() && mouse.x >= m.p0.x && mouse.y >= m.p0.y && mouse.x < m.p1.x && mouse.y < m.p1.y) {
        h.r = std::clamp(m.row_at(mouse.y), 0, m.rows - 1);
        h.c = std::clamp(m.col_at(mouse.x), 0, m.cols - 1);
    }
    return h;
}

// q/k heatmaps: reports the hovered Δ = q − k to the step's other views and outlines every cell with the Δ
// hovered last frame (in any of them), else the view's own highlight_delta: the band of equal Δ.
void draw_delta_diagonal(const HeatmapView& v, ViewContext& ctx, ImDrawList* dl, const CellMap& m, Cell hover) {
    if (!v.qk_axes) return;
    int diag = v.highlight_delta;
    if (ctx.interaction) {
        if (hover.r >= 0) ctx.interaction->hover_delta = (hover.r + v.row_offset) - (hover.c + v.col_offset);
        if (ctx.interaction->prev_hover_delta != INT32_MIN) diag = ctx.interaction->prev_hover_delta;
    }
    if (diag == INT_MIN || diag == INT32_MIN) return;
    const ImU32 outline = IM_COL32(255, 170, 0, 255);
    const float cell = std::min(m.cell_w(), m.cell_h());
    for (int r = m.first_row(); r < m.last_row(); ++r) {
        const int c = (r + v.row_offset) - diag - v.col_offset;
        if (c < 0 || c >= m.cols) continue;
        dl->AddRect(ImVec2(m.x(float(c)), m.y(float(r))), ImVec2(m.x(float(c + 1)), m.y(float(r + 1))), outline, 0.0f, 0,
                    std::max(1.5f, cell * 0.06f));
    }
}

// A click (a press and release without dragging) on a cell selects: it asks the app to set the view's
// select_param, a lesson parameter, so the selection lives in the URL.
void select_on_click(const HeatmapView& v, ViewContext& ctx, Cell hover, int cols) {
    if (hover.r < 0 || !ImGui::IsMouseReleased(ImGuiMouseButton_Left) || v.select_param.empty() || !ctx.edits ||
        v.select_mode == HeatmapView::SelectMode::None)
        return;
    const ImVec2 drag = ImGui::GetMouseDragDelta(ImGuiMouseButton_Left, 0.0f);
    if (drag.x * drag.x + drag.y * drag.y < 36.0f) {
        const int value = v.select_mode == HeatmapView::SelectMode::Row ? hover.r : hover.r * cols + hover.c;
        ctx.edits->push_back({v.select_param, std::to_string(value)});
    }
}

// The hovered cell's tooltip: the lesson's own account of the cell, else its position (q, k and Δ on q/k
// axes; else its labels) and its value.
void draw_tooltip(const HeatmapView& v, Cell hover) {
    const float font = ImGui::GetFontSize();
    ImGui::BeginTooltip();
    const std::string explained = v.explain ? v.explain(hover.r, hover.c) : std::string();
    if (!explained.empty()) {
        // The lesson's own account of the cell already names q, k, Δ and the value.
        text_wrapped(explained, font * 28.0f);
    } else {
        if (v.qk_axes) {
            const int q = hover.r + v.row_offset, k = hover.c + v.col_offset;
            const std::string line = "q = " + format_cell(q, true, 0) + ", k = " + format_cell(k, true, 0) +
                                     ", Δ = q − k = " + format_cell(q - k, true, 0);
            ImGui::TextUnformatted(line.c_str());
        } else {
            const std::string rl = hover.r < int(v.row_labels.size()) ? v.row_labels[size_t(hover.r)] : std::to_string(hover.r);
            const std::string cl = hover.c < int(v.col_labels.size()) ? v.col_labels[size_t(hover.c)] : std::to_string(hover.c);
            ImGui::Text("%s, %s", rl.c_str(), cl.c_str());
        }
        const double x = v.values(hover.r, hover.c);
        ImGui::TextUnformatted(std::isnan(x) ? "—" : format_cell(x, v.integer, 6).c_str());
    }
    ImGui::EndTooltip();
}

}  // namespace

// [SECTION] the heatmap's draw_figure -----------------------------------------------------------------

bool draw_figure(const std::string& title, const HeatmapView& v, ViewContext& ctx, float width) {
    const int rows = int(v.values.rows()), cols = int(v.values.cols());
    const float font = ImGui::GetFontSize();
    text_one_line(title, width);
    if (rows == 0 || cols == 0) return false;

    // Layout: row labels left of the cells, column labels above, the legend right of them.
    const HeatmapLayout l = layout_heatmap(v, width, ctx.max_height, ctx.primary);
    ImDrawList* dl = ImGui::GetWindowDrawList();
    const ImVec2 origin = ImGui::GetCursorScreenPos();
    const ImVec2 p0(origin.x + l.label_w, origin.y + l.label_h);
    const ImVec2 p1(p0.x + l.cell * float(cols), p0.y + l.cell_h * float(rows));
    HeatmapZoom no_zoom;
    HeatmapZoom* zoom = ctx.interaction ? &ctx.interaction->zoom[ctx.slot] : &no_zoom;
    const CellMap m = interact(ctx, zoom, origin, p0, p1, rows, cols);

    const CellColours colours = paint_cells(v, ctx, dl, m);
    draw_axes(v, dl, origin, m, zoom->zoom);
    dl->PushClipRect(p0, p1, true);
    draw_cell_values(v, dl, m, colours);
    const Cell hover = hovered_cell(m);
    draw_delta_diagonal(v, ctx, dl, m, hover);
    draw_overlays(v, dl, m);
    select_on_click(v, ctx, hover, cols);
    if (hover.r >= 0) {
        dl->AddRect(ImVec2(m.x(float(hover.c)), m.y(float(hover.r))), ImVec2(m.x(float(hover.c + 1)), m.y(float(hover.r + 1))),
                    IM_COL32(0, 0, 0, 255), 0.0f, 0, 2.0f);
    }
    dl->PopClipRect();
    if (hover.r >= 0) draw_tooltip(v, hover);

    if (ctx.drawn) ctx.drawn->push_back({ViewKind::Heatmap, title, p0, p1, rows, cols, zoom->zoom, {m.u0, m.v0, m.u1, m.v1}});
    ImGui::SetCursorScreenPos(ImVec2(origin.x, p1.y + font * 0.4f));
    return true;
}

}  // namespace pelab
