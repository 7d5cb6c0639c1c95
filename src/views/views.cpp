// PE Lab — views/views.cpp
// The registry of figure kinds: one line per kind, from its payload type (lesson.h) to its drawing functions.
// Adding a kind = its payload in the ViewData variant + its two functions + its lines here (a kind without
// them does not compile). Then the parts every view shares: the notes under the figure.
#include "views/views.h"

#include <cmath>
#include <cstdio>
#include <variant>

namespace pelab {

namespace {

// [SECTION] registry: payload → its functions -------------------------------------------------

float figure_height(const HeatmapView& f, float width) { return heatmap_preferred_height(f, width); }
float figure_height(const TableView& f, float width) { return table_preferred_height(f, width); }
float figure_height(const CurveView& f, float width) { return curve_preferred_height(f, width); }
float figure_height(const MapView& f, float width) { return position_map_preferred_height(f, width); }
float figure_height(const PhasorView& f, float width) { return phasor_preferred_height(f, width); }
float figure_height(const OdometerView& f, float width) { return odometer_preferred_height(f, width); }
float figure_height(const BarsView& f, float width) { return bars_preferred_height(f, width); }

float width_for_height(const HeatmapView& f, float max_height) { return heatmap_width_for_height(f, max_height); }
float width_for_height(const MapView& f, float max_height) { return position_map_width_for_height(f, max_height); }
template <class Figure>
float width_for_height(const Figure&, float) { return 0.0f; }  // curves, tables, dials: any width

bool draw_figure(const std::string& title, const HeatmapView& f, ViewContext& ctx, float width) {
    return draw_heatmap(title, f, ctx, width);
}
bool draw_figure(const std::string& title, const TableView& f, ViewContext& ctx, float width) {
    return draw_table(title, f, ctx, width);
}
bool draw_figure(const std::string& title, const CurveView& f, ViewContext& ctx, float width) {
    return draw_curve(title, f, ctx, width);
}
bool draw_figure(const std::string& title, const MapView& f, ViewContext& ctx, float width) {
    return draw_position_map(title, f, ctx, width);
}
bool draw_figure(const std::string& title, const PhasorView& f, ViewContext& ctx, float width) {
    return draw_phasor(title, f, ctx, width);
}
bool draw_figure(const std::string& title, const OdometerView& f, ViewContext& ctx, float width) {
    return draw_odometer(title, f, ctx, width);
}
bool draw_figure(const std::string& title, const BarsView& f, ViewContext& ctx, float width) {
    return draw_bars(title, f, ctx, width);
}

}  // namespace

// [SECTION] a view: title and figure, then the notes --------------------------------------------

float view_preferred_height(const ViewData& view, float width) {
    const float figure = std::visit([&](const auto& f) { return figure_height(f, width); }, view.figure);
    const float font = ImGui::GetFontSize();
    return figure + float(view.notes.size()) * (font + 4.0f);
}

float view_width_for_height(const ViewData& view, float max_height) {
    return std::visit([&](const auto& f) { return width_for_height(f, max_height); }, view.figure);
}

void draw_view(const ViewData& view, ViewContext& ctx, float width) {
    const bool drawn = std::visit([&](const auto& f) { return draw_figure(view.title, f, ctx, width); }, view.figure);
    if (!drawn) return;
    for (const std::string& n : view.notes) text_wrapped(n, width);
    ImGui::Dummy(ImVec2(width, ImGui::GetFontSize() * 0.4f));
}

std::string format_cell(double value, bool integer, int decimals) {
    if (std::isnan(value)) return "";
    if (std::isinf(value)) return value < 0 ? "−∞" : "∞";
    char buf[64];
    if (integer) {
        std::snprintf(buf, sizeof buf, "%.0f", value);
    } else {
        std::snprintf(buf, sizeof buf, "%.*f", decimals, value);
    }
    std::string s = buf;
    // "-0", "-0.000": a rounding artefact, not a sign the learner should read into.
    if (s[0] == '-' && s.find_first_not_of("-0.") == std::string::npos) s.erase(0, 1);
    // Typeset minus (U+2212), as in the lesson texts.
    if (s[0] == '-') s = "−" + s.substr(1);
    return s;
}

}  // namespace pelab
