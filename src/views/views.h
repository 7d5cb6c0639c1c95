// PE Lab — views/views.h
// Stateless drawing of what lessons describe, implot style: one function per kind of figure, each taking its
// own payload (lesson.h), plus one registry line per kind (views.cpp). Each function draws its figure at
// the ImGui cursor into a given width and reports where it drew, so the app (and the browser tests through
// it) can find every figure on screen.
#pragma once
#include <cstdint>
#include <map>
#include <string>
#include <utility>
#include <vector>

#include "imgui.h"
#include "lessons/lesson.h"
#include "views/gpu.h"

namespace pelab {

// Where a view was drawn this frame (screen coordinates, ImGui units = CSS pixels on the web).
struct DrawnView {
    ViewKind kind;
    std::string title;
    ImVec2 plot_min, plot_max;  // the data area (heatmap cells, curve axes box, table body)
    int rows = 0, cols = 0;
    float zoom = 1.0f;                         // heatmaps: current zoom
    float window[4] = {0, 0, 1, 1};            // heatmaps: visible part of the matrix (u0, v0, u1, v1)
    bool scrolls_sideways = false;             // tables: some columns are out of sight (a horizontal scrollbar)
    // Position maps: the hovered cell (i, j) and the numbers its tooltip shows (the core's double value and
    // the shader's float32 value), so that tests can read what the learner reads (layout().hover).
    bool hovered = false;
    double hover[4] = {0, 0, 0, 0};
    // Phasor dials: each arrowhead the learner can drag, the key it sets and where the head is (tests drag
    // it through layout().handles as a learner would).
    struct Handle {
        std::string key;
        ImVec2 at;
    };
    std::vector<Handle> handles;
    // Set by the app's layout (app/layout.h): the whole view (title, figure, notes) is on the step's first screen,
    // unscrolled (layout().visible).
    bool visible = true;
    // Covered by a prediction not yet answered (the app draws a box saying so instead of the figure).
    bool covered = false;
};

// Zoom and pan of one heatmap: zoom ≥ 1, (cx, cy) = centre of the visible window in [0,1]².
struct HeatmapZoom {
    float zoom = 1.0f;
    float cx = 0.5f, cy = 0.5f;
};

// The visible part of a position map, in cells (double: positions up to 65,536 with sub-cell zoom).
struct MapWindow {
    int L = 0;                        // the map this window belongs to (another L resets it)
    double x0 = 0, y0 = 0, span = 0;  // first column, first row, cells per side
};

// Interaction shared between views of one step (e.g. hovering a diagonal in one heatmap
// outlines the same Δ in every other q/k heatmap of the step).
struct ViewInteraction {
    int hover_delta = INT32_MIN;       // Δ under the mouse this frame (INT32_MIN = none)
    int prev_hover_delta = INT32_MIN;  // last frame's, used for drawing this frame
    std::map<int, HeatmapZoom> zoom;   // per view slot; reset when the step's views are recomputed
    std::map<int, MapWindow> map_window;  // position maps, per view slot; kept while L stays the same
    float pinch = 0.0f;                // two-finger pinch this frame (relative change of finger distance)
    bool double_click = false;         // a double click this frame, from the platform's events (a fast
                                       // double click can fall within one frame, which ImGui 1.86 misses)
};

struct ViewContext {
    MatrixPainter* painter = nullptr;
    Lang lang = Lang::en;
    uint64_t data_version = 0;         // changes whenever the ViewData were recomputed
    int slot = 0;                      // texture slot for this view (unique per view in the frame)
    ViewInteraction* interaction = nullptr;
    std::vector<DrawnView>* drawn = nullptr;
    KeyValues* edits = nullptr;        // parameter changes asked for by clicks (select_param), applied by the app
    // The most height the figure may take (title and figure, notes not included): the app gives each step's
    // primary figure the room left on screen, so it is never cut off. 0 = no limit (as tall as its width asks).
    float max_height = 0.0f;
    // The step's primary figure (its first view): given max_height, it grows to fill that room (a heatmap's
    // cells past their usual size, a table's scrollable box to the whole width and height), so the figure the
    // step is about covers a good part of the screen.
    bool primary = false;
    // Set by a view whose figure is still being computed a part per frame (the position map's box-filtered
    // image): the app draws another frame, though nothing else changed. Null: nobody asks for frames.
    bool* wants_frame = nullptr;
    // Set by a figure drawn shorter than its room (a primary table whose rows all fit): the height left over,
    // which draw_view leaves empty below the notes, so the notes follow the figure and what comes after the
    // view still starts where the layout planned it.
    float room_left_below = 0.0f;
};

// Height the view would like for a given width: its title, figure and notes.
float view_preferred_height(const ViewData& view, float width);

// Where draw_view's parts end for `view` drawn at a top `top` (screen), `width` wide, with ViewContext::max_height
// `max_height`, ViewContext::primary `primary` and ViewContext::lang `lang`, so that the page layout
// (app/layout.h) places each figure and the ones after it exactly where they are drawn. ImGui moves the cursor
// to a whole pixel after each item (ItemSize floors it), so what a view takes depends on where it starts.
// - view_figure_bottom: where the title and the figure leave the cursor for the notes (each kind's
//   figure_drawn_bottom, from the same layout its draw_figure uses); for a view with nothing to draw (an empty
//   matrix, no map), the bottom of what it drew (its title line, or `top`);
// - view_notes_bottom: the view's bottom when its notes start at `y`: the notes wrapped at `width` as draw_view
//   wraps them (wrap_lines) and the space under them; `y` for a view with nothing to draw (no notes then).
float view_figure_bottom(const ViewData& view, float top, float width, float max_height, bool primary, Lang lang);
float view_notes_bottom(const ViewData& view, float y, float width);
// - view_drawn_right: the right edge of the view drawn from `left` (screen) `width` wide: the title starts at
//   `left`, every later line at the whole unit at or left of it (ImGui::ItemSize), and a text item may be up to a
//   unit wider than its text (a title that nearly fills the width, a note's line).
float view_drawn_right(const ViewData& view, float left, float width);
// Where ImGui leaves the cursor after an item `height` tall at `y`: under it, the item spacing added, at a whole
// pixel (ImGui::ItemSize). The item's bottom, as a group's rectangle sees it, is that less the item spacing.
float cursor_after_item(float y, float height);

// The width a square-ish figure (heatmap, position map) needs to fill `max_height` as the primary figure, so
// the app can put other figures beside it; 0 for figures that use whatever width they are given.
float view_width_for_height(const ViewData& view, float max_height);

// The area of the figure's picture (a heatmap's cells, the rectangle the layout report gives) when it is the
// primary figure drawn `width` wide in `max_height`; 0 for kinds that do not report it.
float view_plot_area(const ViewData& view, float width, float max_height, Lang lang);

// The width below which the view's figure no longer shows whole (a table scrolls sideways); 0 for figures
// that fit any width.
float view_min_width(const ViewData& view);

// Draws `view` at the cursor, `width` wide: its title and figure (the function of its kind, below), then its
// notes; advances the cursor past it.
void draw_view(const ViewData& view, ViewContext& ctx, float width);

// Wrapped text that breaks Chinese between characters as well as English at spaces (text.cpp).
void text_wrapped(const std::string& text, float wrap_width);
// One line at most `width` wide: text that does not fit ends in "…" and shows whole in a tooltip (figure
// titles, whose layouts count one line).
void text_one_line(const std::string& text, float width);
// The width of the item text_one_line draws (ImGui rounds a text item's width up to a whole unit, so it may be
// up to a unit wider than `width`), and of the widest line text_wrapped draws.
float text_one_line_width(const std::string& text, float width);
float text_wrapped_width(const std::string& text, float wrap_width);
// The same breaking, as [begin, end) ranges into `text` (which must outlive the result).
std::vector<std::pair<const char*, const char*>> wrap_lines(const std::string& text, float wrap_width);
// The width of `text` in `font` when it fits on one line of `width` as text_wrapped breaks it; else −1.
float title_one_line_width(const std::string& text, ImFont* font, float width);
// The width of the last of those lines in the current font (0 for an empty text): what still fits after it.
float last_line_width(const std::string& text, float wrap_width);
// The widest stretch of `text` between two places where those rules allow a break: no wrapping is narrower.
float widest_unbreakable(const std::string& text);

// Formats a cell value for display: integers without decimals, no "-0".
std::string format_cell(double value, bool integer, int decimals);

// [SECTION] one function per kind of figure (views_heatmap.cpp, views_table.cpp, views_curve.cpp,
// views_posmap.cpp, views_phasor.cpp; bars beside curves in views_curve.cpp)
// Each kind overloads figure_height and draw_figure on its own payload, so the ViewData variant dispatches to
// them directly (views.cpp) and a kind without them does not compile; the layout queries in between are
// overloaded by the kinds they concern (views.cpp gives every other kind a default).
// figure_height: the height of the title and the figure for a given width (the notes not included).
float figure_height(const HeatmapView& heatmap, float width);
float figure_height(const TableView& table, float width);
float figure_height(const CurveView& curve, float width);
float figure_height(const MapView& map, float width);
float figure_height(const PhasorView& phasor, float width);
float figure_height(const OdometerView& odometer, float width);
float figure_height(const BarsView& bars, float width);
// figure_drawn_bottom: where draw_figure, starting at `top` with that max_height, primary flag and language,
// leaves the cursor for the notes (view_figure_bottom).
float figure_drawn_bottom(const HeatmapView& heatmap, float top, float width, float max_height, bool primary, Lang lang);
float figure_drawn_bottom(const TableView& table, float top, float width, float max_height, bool primary, Lang lang);
float figure_drawn_bottom(const CurveView& curve, float top, float width, float max_height, bool primary, Lang lang);
float figure_drawn_bottom(const MapView& map, float top, float width, float max_height, bool primary, Lang lang);
float figure_drawn_bottom(const PhasorView& phasor, float top, float width, float max_height, bool primary, Lang lang);
float figure_drawn_bottom(const OdometerView& odometer, float top, float width, float max_height, bool primary, Lang lang);
float figure_drawn_bottom(const BarsView& bars, float top, float width, float max_height, bool primary, Lang lang);
// figure_width_for_height: only the square-ish kinds; every other kind takes whatever width it is given.
float figure_width_for_height(const HeatmapView& heatmap, float max_height);
float figure_width_for_height(const MapView& map, float max_height);
// figure_plot_area: the area of the figure's plot (DrawnView::plot_min..plot_max, what the host page's layout()
// reports: a heatmap's cells, a curve's axes box, the dials, the bars, a table's box) when drawn as the primary
// figure `width` wide in `max_height`: what the layout keeps at a fifth of the window (the figure-first rule).
float figure_plot_area(const HeatmapView& heatmap, float width, float max_height, Lang lang);
float figure_plot_area(const TableView& table, float width, float max_height, Lang lang);
float figure_plot_area(const CurveView& curve, float width, float max_height, Lang lang);
float figure_plot_area(const PhasorView& phasor, float width, float max_height, Lang lang);
float figure_plot_area(const OdometerView& odometer, float width, float max_height, Lang lang);
float figure_plot_area(const BarsView& bars, float width, float max_height, Lang lang);
float figure_plot_area(const MapView& map, float width, float max_height, Lang lang);
// figure_min_width: only tables; the width below which a table scrolls sideways (every other kind takes
// whatever width it is given).
float figure_min_width(const TableView& table);
// draw_figure: draws `title` and the figure at the cursor, `width` wide, records it in ctx.drawn and leaves
// the cursor where the view's notes go. Returns false when there was nothing to draw (an empty matrix, no
// map): draw_view then leaves the notes out too.
bool draw_figure(const std::string& title, const HeatmapView& heatmap, ViewContext& ctx, float width);
bool draw_figure(const std::string& title, const TableView& table, ViewContext& ctx, float width);
bool draw_figure(const std::string& title, const CurveView& curve, ViewContext& ctx, float width);
bool draw_figure(const std::string& title, const MapView& map, ViewContext& ctx, float width);
bool draw_figure(const std::string& title, const PhasorView& phasor, ViewContext& ctx, float width);
bool draw_figure(const std::string& title, const OdometerView& odometer, ViewContext& ctx, float width);
bool draw_figure(const std::string& title, const BarsView& bars, ViewContext& ctx, float width);

// The same colour with its alpha replaced by `alpha` ∈ [0, 1] (views_curve.cpp).
ImU32 with_alpha(ImU32 col, float alpha);
// Dark or light ink, whichever reads better on the colour of t ∈ [0, 1] (views_heatmap.cpp).
ImU32 text_colour_on(Colormap map, float t);
// Colour bar with its end (and zero) values, right of a heatmap or position map (views_heatmap.cpp).
void draw_colour_legend(ViewContext& ctx, ImDrawList* dl, ImVec2 p0, float height, Colormap map, float lo, float hi,
                        bool integer, bool is_signed);

}  // namespace pelab
