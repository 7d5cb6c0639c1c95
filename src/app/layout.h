// PE Lab — app/layout.h
// The page layout as functions of measured sizes: where the step rail, the step's content, the side column and
// the bottom bar go (layout_frame), how the step's text and equations are laid out above or below its figures
// (layout_step_text, layout_equations), and where each figure goes (layout_figures); layout_page puts them
// together for a whole page. Nothing here draws or asks ImGui for anything: every size comes in as a number or
// as a function (a view's height at a width, its width at a height, its plot area, its minimum width; the
// prose's lines at a width; an equation's box at a size), so unit tests can lay out every step of every lesson
// at any window without a browser (tests/app/layout_test.cpp), and the app draws at what these return
// (app.cpp, step_page.cpp).
//
// Index of this file:
// [SECTION] rectangles
// [SECTION] the frame: rail, step content, side column, bottom bar
// [SECTION] the step's text and equations
// [SECTION] the figures
// [SECTION] a whole page
#pragma once
#include <cstddef>
#include <functional>
#include <vector>

#include "imgui.h"  // ImVec2 only

namespace pelab {

// [SECTION] rectangles ------------------------------------------------------------------------------

// A rectangle in screen coordinates (UI units: CSS pixels on the web), min inclusive, max exclusive.
struct LayoutRect {
    ImVec2 min{0, 0}, max{0, 0};
    float width() const { return max.x - min.x; }
    float height() const { return max.y - min.y; }
};

// [SECTION] the frame: rail, step content, side column, bottom bar -----------------------------------

struct FrameLayoutInput {
    ImVec2 region_min{0, 0};    // the window's content region under the header (screen): where the rail starts
    ImVec2 region_avail{0, 0};  // its size (ImGui::GetContentRegionAvail() under the header)
    float font = 16.0f;         // the body font's size
    float frame_height = 0.0f;  // a button's height (ImGui::GetFrameHeight())
    ImVec2 item_spacing{0, 0};
    bool controls = true;       // the bottom bar and the parameters are shown (not controls=0)
    bool embed = false;         // embed.html: no rail
    bool has_timeline = false;  // the step plays (the bottom bar may take two rows)
    bool side_content = false;  // the step has parameters or questions to show (and controls are on)
    size_t steps = 1;           // the lesson's number of steps (one step: no rail)
};

struct FrameLayout {
    float nav_h = 0.0f;          // the bottom bar's height, its spacing above included (0 without controls)
    bool nav_two_rows = false;   // the playback controls have a row of their own (narrow screens)
    float body_h = 0.0f;         // the height of the rail, the step and the side column
    bool rail = false;
    float rail_w = 0.0f;
    bool side = false;           // parameters and questions in a side column (wide screens), else below the figures
    float side_w = 0.0f;
    // As ImGui sizes the child windows from the numbers above (sizes cut to whole units).
    LayoutRect rail_rect, content, side_rect, nav;
};

FrameLayout layout_frame(const FrameLayoutInput& in);

// [SECTION] the step's text and equations ------------------------------------------------------------

// One equation's typeset box at a size in pixels (views/equation.h equation_extent).
using EquationExtent = std::function<ImVec2(float px)>;

struct StepTextInput {
    float width = 0.0f;                    // the step's content width
    float font = 16.0f;
    float line_height_with_spacing = 0.0f;  // one line of prose (ImGui::GetTextLineHeightWithSpacing())
    float item_spacing_y = 0.0f;
    float room = 0.0f;                      // the height left on the first screen under the step's title
    ImVec2 display{0, 0};                   // the window
    bool has_views = false;
    bool body_collapsible = false;
    bool prose_open = false;                // the learner opened the whole text ("more")
    bool collapse = false;                  // collapse the text behind "more" even where the figure has room
    // Lines a collapsed text takes: 0 when its "more" button fits on the takeaway's last line, else 1 (the button).
    int collapsed_lines = 1;
    bool equations_above = false;           // keep the equations above the figures whatever room is left
    float equation_scale = 0.0f;            // their size in font sizes (0: 1.3, less where the room is short)
    std::function<int(float wrap_width)> whole_text_lines;  // the whole text's lines wrapped at a width
    std::vector<EquationExtent> equations;
};

struct StepTextLayout {
    float text_w = 0.0f;          // the measure of the prose when it is whole (at most 52 font sizes)
    bool collapsible = false;     // short of space: only a "more" button after the takeaway (the text behind it)
    float prose_width = 0.0f;     // the width draw_prose gets (a collapsed first sentence may use the whole width)
    float equation_px = 0.0f;     // the size the equations are typeset at (before each is fitted to the width)
    float equations_h = 0.0f;     // their rows' height, the spacing under them included (0: none)
    bool equations_below = false; // they follow the figures (the primary figure needs the room)
};

StepTextLayout layout_step_text(const StepTextInput& in);

// The step's equations in rows `width` wide from `origin`, side by side while they fit: each one's box and the
// size it is typeset at (smaller than `px` when it is wider than `width`, down to 0.45 px).
struct EquationsLayout {
    std::vector<LayoutRect> boxes;
    std::vector<float> px;
    float height = 0.0f;       // from origin.y to the last row's bottom
    float rows_height = 0.0f;  // the same, plus the item spacing under it (0 without equations): what it takes
};
EquationsLayout layout_equations(const std::vector<EquationExtent>& equations, ImVec2 origin, float width, float px,
                                 float item_spacing_y);

// [SECTION] the figures ------------------------------------------------------------------------------

// One view's size queries (views/views.h), as functions: the app hands in the real view's, a test may hand in
// made-up ones. Any of the functions may be empty (the kind does not have that size).
// height_at_width is the view's preferred height, which the layout uses to decide what goes beside the primary
// figure; what each placed figure takes comes from figure_bottom and notes_bottom, where the drawn view ends
// (without figure_bottom, an estimate: height_at_width with its figure part capped at the room it is given).
struct ViewSizes {
    std::function<float(float width)> height_at_width;                 // title, figure and notes (view_preferred_height)
    std::function<float(float max_height)> width_at_height;            // view_width_for_height (0: any width)
    std::function<float(float width, float max_height)> plot_area;     // view_plot_area (0: not reported)
    float min_width = 0.0f;                                            // view_min_width (0: any width)
    // A table: given less height than its rows it scrolls and hides rows, so the one-screen arrangements give
    // it its whole height (max_height 0) or place it elsewhere.
    bool keeps_rows = false;
    // Where the title and figure, drawn from `top` (screen) `width` wide within max_height
    // (ViewContext::max_height), as the primary figure or not, leave the cursor for the notes (view_figure_bottom).
    std::function<float(float top, float width, float max_height, bool primary)> figure_bottom;
    // The view's bottom when its notes start at `y`: the notes wrapped at `width` as drawn, and the space under
    // them (view_notes_bottom).
    std::function<float(float y, float width)> notes_bottom;
    // The view's right edge drawn from `left` (screen) `width` wide (view_drawn_right).
    std::function<float(float left, float width)> right;
    // Without figure_bottom: the notes' part of height_at_width.
    float notes_height = 0.0f;
};

// The fifth of the window the primary figure's picture keeps when a table beside it wants width (the layout
// tests ask for a fifth; a little more leaves room for rounding).
constexpr float kPrimaryMinShare = 0.201f;

struct FigureLayoutInput {
    ImVec2 start{0, 0};   // the figures' top left (screen)
    float avail = 0.0f;   // the content width
    float room = 0.0f;    // the height left on the first screen for the primary figure
    float screen = 0.0f;  // the most height any figure under the primary one gets (the step's visible height)
    float font = 16.0f;
    ImVec2 display{0, 0}; // the window (the primary figure keeps kPrimaryMinShare of its area)
    LayoutRect first_screen;  // the step's window unscrolled (screen): what the learner sees without scrolling
    std::vector<ViewSizes> views;
};

// Where one figure goes: its top left, the width it is drawn at and the most height its title and figure may
// take (ViewContext::max_height); `rect` is what it took (drawn, or estimated from its sizes).
struct PlacedFigure {
    ImVec2 at{0, 0};
    float width = 0.0f, max_height = 0.0f;
    bool primary = false;  // the step's first view: fills its room
    bool beside = false;   // in the column beside the primary figure
    LayoutRect rect;
    bool on_first_screen = false;  // rect is wholly inside first_screen (figure_on_first_screen)
};

struct FigureLayout {
    float primary_w = 0.0f, primary_h = 0.0f;
    int columns = 1;        // figures under the primary one (and its column) go one or two to a row
    float column_w = 0.0f;
    std::vector<PlacedFigure> figures;  // in the views' order, the primary figure first
    float end_y = 0.0f;     // under the last row (screen): where the cursor goes after the figures
};

// Draws (or sizes) figure `index` as placed and returns the rectangle it took. The layout of each figure after
// the first depends on what the ones before it took, so step_page.cpp passes a function that draws the view there.
using PlaceFigure = std::function<LayoutRect(size_t index, const PlacedFigure& placed)>;
FigureLayout layout_figures(const FigureLayoutInput& in, const PlaceFigure& place);
// Without drawing: each figure takes what its size queries say it is drawn at (figure_rect).
FigureLayout layout_figures(const FigureLayoutInput& in);
// The rectangle a figure placed so takes: from placed.at down to notes_bottom(figure_bottom(...)) and right to
// right(at.x, width) (placed.at.x + width without it); without figure_bottom, an estimate: its
// preferred height (height_at_width) with the figure part (less notes_height) capped at max_height.
LayoutRect figure_rect(const ViewSizes& sizes, const PlacedFigure& placed);
// Whether the primary figure placed so covers kPrimaryMinShare of the window: its plot (ViewSizes::plot_area,
// what the host page's layout() reports), or its room (width × max_height) for a kind that does not report it.
bool primary_keeps_fifth(const ViewSizes& sizes, const PlacedFigure& placed, ImVec2 display);
// Whether `figure` is wholly inside `first_screen` (half a unit of rounding allowed).
bool figure_on_first_screen(const LayoutRect& figure, const LayoutRect& first_screen);

// [SECTION] a whole page -----------------------------------------------------------------------------

// Everything a page's layout depends on, measured (tests/app/layout_test.cpp measures it with the shipped font
// for every step of every lesson).
struct PageLayoutInput {
    ImVec2 window{0, 0};
    float font = 16.0f;              // the body font's size (16 × fontscale)
    float line_height = 16.0f;       // one text line (ImGui::GetTextLineHeight())
    float frame_height = 0.0f;
    ImVec2 window_padding{0, 0}, item_spacing{0, 0};
    float scrollbar_size = 0.0f;
    float header_h = 0.0f;           // the header row and its separator, spacing included (0 in embeds)
    bool embed = false, controls = true, has_timeline = false, side_content = false;
    bool counter_above_title = false;  // "Step n / N" above the title (no room for it in the bottom bar)
    float notices_h = 0.0f;          // the box of notices above the title (draw_notices; 0: none)
    size_t steps = 1;
    std::function<float(float width)> title_height;  // the step title wrapped at a width, its spacing included
    // The title's width when it is one line at `width` (else negative): short equations may share its row.
    std::function<float(float width)> title_one_line_width;
    // The takeaway's lines (Step::takeaway, or the words that cover it before a prediction) wrapped at a width: drawn
    // whole under the title at the text's measure, one item per line like the prose (0: none).
    std::function<int(float wrap_width)> takeaway_lines;
    // The width of the takeaway's last line wrapped at a width (where a collapsed text's "more" button may follow).
    std::function<float(float wrap_width)> takeaway_last_line_w;
    bool body_collapsible = false, prose_open = false;
    // The prose's lines at a wrap width: the whole text, or its first sentence only (collapsed).
    std::function<int(bool first_sentence_only, float wrap_width)> prose_lines;
    float more_button_w = 0.0f;      // the "more" button and the spacing before it
    std::vector<EquationExtent> equations;
    std::vector<ViewSizes> views;
    // What follows the figures and equations at the step's width (the references on a lesson's last step), as
    // the cursor moves past it (the item spacing after it included; 0: nothing). Without a side column the
    // parameters and questions come first, and below_h is used instead.
    std::function<float(float width)> after_height;
    // Without a side column: the height of everything under the figures and equations (the parameters, the
    // questions, the references), as measured where the app last drew this step at this width; a negative
    // value: not measured yet (the window then scrolls until it is).
    float below_h = -1.0f;
};

struct PageLayout {
    FrameLayout frame;
    // The step's content (with the parameters and questions under the figures when there is no side column) is
    // taller than its window: its window has a vertical scrollbar and its width loses the scrollbar's. Decided
    // here once; the app draws the step's window with the scrollbar exactly when this says so.
    bool scrollbar = false;
    float content_w = 0.0f;    // the width the step is laid out in
    StepTextLayout text;
    LayoutRect title, takeaway, prose;
    bool more_after_takeaway = false;  // a collapsed text's "more" button ends the takeaway's last line
    // The equations share the title's row, right of a one-line title (in `equations`), where they fit there at
    // their full size in one row: the figures gain that row's height.
    bool equations_beside_title = false;
    EquationsLayout equations;
    FigureLayout figures;
    std::vector<bool> figure_on_first_screen;  // per view: wholly inside the step's window, unscrolled
    float content_bottom = 0.0f;  // the bottom of the step's last item (screen; before the parameters below, if any)
};

PageLayout layout_page(const PageLayoutInput& in);
// Every figure and every equation of the page wholly inside the step's window unscrolled (a step is
// one screen).
bool page_whole_on_first_screen(const PageLayout& page);

}  // namespace pelab
