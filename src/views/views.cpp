// PE Lab — views/views.cpp
// A view of any kind: std::visit sends its payload to the kind's overloads of figure_height, draw_figure,
// figure_width_for_height, figure_plot_area and figure_min_width (views.h). Adding a kind = its payload in the ViewData variant + its overloads (a
// kind without them does not compile). Then the parts every view shares: the notes under the figure.
#include "views/views.h"

#include "core/io/text.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <variant>

namespace pelab {

namespace {

// [SECTION] dispatch: each payload to its kind's functions (views.h) ----------------------------

// Curves, tables, dials and bars use whatever width they are given: the square-ish kinds overload this.
template <class Figure>
float figure_width_for_height(const Figure&, float) { return 0.0f; }
// Every kind reports its plot's area (views.h); a kind added without one reports none.
template <class Figure>
float figure_plot_area(const Figure&, float, float, Lang) { return 0.0f; }
// Every kind but the table fits any width.
template <class Figure>
float figure_min_width(const Figure&) { return 0.0f; }
// Whether draw_figure draws the figure (and draw_view then its notes): false where it returns false.
template <class Figure>
bool figure_draws(const Figure&) { return true; }
bool figure_draws(const HeatmapView& f) { return f.values.rows() > 0 && f.values.cols() > 0; }
bool figure_draws(const MapView& f) { return bool(f.map); }
bool figure_draws(const PhasorView& f) { return !f.dials.empty(); }
bool figure_draws(const OdometerView& f) { return !f.theta.empty(); }
bool figure_draws(const BarsView& f) { return std::min(f.values.size(), f.labels.size()) > 0; }

}  // namespace

// [SECTION] a view: title and figure, then the notes --------------------------------------------

float view_preferred_height(const ViewData& view, float width) {
    const float figure = std::visit([&](const auto& f) { return figure_height(f, width); }, view.figure);
    const float font = ImGui::GetFontSize();
    return figure + float(view.notes.size()) * (font + 4.0f);
}

float cursor_after_item(float y, float height) {
    return float(int(y + height + ImGui::GetStyle().ItemSpacing.y));  // IM_FLOOR, as ItemSize
}

float view_figure_bottom(const ViewData& view, float top, float width, float max_height, bool primary, Lang lang) {
    return std::visit([&](const auto& f) { return figure_drawn_bottom(f, top, width, max_height, primary, lang); }, view.figure);
}

float view_notes_bottom(const ViewData& view, float y, float width) {
    if (!std::visit([](const auto& f) { return figure_draws(f); }, view.figure)) return y;
    // draw_view: each note text_wrapped (one item a line), then a Dummy 0.4 font sizes tall; the view's
    // rectangle ends at the Dummy's bottom.
    const float line = ImGui::GetTextLineHeight();
    for (const std::string& n : view.notes)
        for (size_t i = 0, lines = wrap_lines(n, width).size(); i < lines; ++i) y = cursor_after_item(y, line);
    return cursor_after_item(y, ImGui::GetFontSize() * 0.4f) - ImGui::GetStyle().ItemSpacing.y;
}

float view_drawn_right(const ViewData& view, float left, float width) {
    const bool draws = std::visit([](const auto& f) { return figure_draws(f); }, view.figure);
    // Phasors, dials and bars with nothing to draw draw no title either.
    const bool titled = draws || std::holds_alternative<HeatmapView>(view.figure) || std::holds_alternative<MapView>(view.figure) ||
                        std::holds_alternative<TableView>(view.figure) || std::holds_alternative<CurveView>(view.figure);
    if (!titled) return left;
    float right = left + text_one_line_width(view.title, width);
    if (!draws) return right;
    float lines = width;  // the figure's items and the Dummy under the notes
    for (const std::string& n : view.notes) lines = std::max(lines, text_wrapped_width(n, width));
    return std::max(right, float(int(left)) + lines);
}

float view_width_for_height(const ViewData& view, float max_height) {
    return std::visit([&](const auto& f) { return figure_width_for_height(f, max_height); }, view.figure);
}

float view_plot_area(const ViewData& view, float width, float max_height, Lang lang) {
    return std::visit([&](const auto& f) { return figure_plot_area(f, width, max_height, lang); }, view.figure);
}

float view_min_width(const ViewData& view) {
    return std::visit([&](const auto& f) { return figure_min_width(f); }, view.figure);
}

void draw_view(const ViewData& view, ViewContext& ctx, float width) {
    const bool drawn = std::visit([&](const auto& f) { return draw_figure(view.title, f, ctx, width); }, view.figure);
    if (!drawn) return;
    for (const std::string& n : view.notes) text_wrapped(n, width);
    ImGui::Dummy(ImVec2(width, ImGui::GetFontSize() * 0.4f));
    // The figure's unused room, after its notes (a Dummy advances by its height and one spacing).
    const float spacing = ImGui::GetStyle().ItemSpacing.y;
    if (ctx.room_left_below > spacing) ImGui::Dummy(ImVec2(1.0f, ctx.room_left_below - spacing));
    ctx.room_left_below = 0.0f;
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
    return typeset_minus(s);  // U+2212, as in the lesson texts
}

}  // namespace pelab
