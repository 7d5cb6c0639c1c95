// PE Lab — app/layout.cpp
// The page layout from measured sizes (layout.h): no ImGui call, no drawing. The app calls these with what
// ImGui measures and draws where they say; the arithmetic is the app's own, in the same order, so the app draws
// exactly what it drew when this lived inside its drawing code.
//
// Index of this file:
// [SECTION] the frame
// [SECTION] the step's text and equations
// [SECTION] the figures
// [SECTION] a whole page
#include "app/layout.h"

#include <algorithm>
#include <cmath>

namespace pelab {

// [SECTION] the frame ---------------------------------------------------------------------------

// ImGui cuts a child window's size to whole units toward zero (ImFloor in BeginChildEx).
static float layout_child_size(float size) { return float(int(size)); }
// Where ImGui leaves the cursor after an item `height` tall at `y` (ItemSize): under it and the item spacing, at a
// whole unit.
static float layout_after_item(float y, float height, float item_spacing_y) { return float(int(y + height + item_spacing_y)); }

FrameLayout layout_frame(const FrameLayoutInput& in) {
    FrameLayout f;
    const float font = in.font;
    const float avail_w = in.region_avail.x;
    f.nav_two_rows = in.has_timeline && avail_w < font * 56.0f;
    f.nav_h = in.controls ? in.item_spacing.y + font * 2.0f +
                                (f.nav_two_rows ? in.frame_height + in.item_spacing.y : 0.0f)
                          : 0.0f;
    f.body_h = std::max(font * 4.0f, in.region_avail.y - f.nav_h);
    // The rail of step numbers (not in embeds, which have Prev/Next only).
    f.rail = !in.embed && in.steps > 1;
    f.rail_w = f.rail ? font * 2.6f : 0.0f;
    // Parameters and questions: a side column on wide screens, below the figures on narrow ones.
    f.side = in.side_content && avail_w >= font * 68.0f;
    f.side_w = f.side ? std::clamp(avail_w * 0.24f, font * 16.0f, font * 22.0f) : 0.0f;

    const float right = in.region_min.x + in.region_avail.x;
    const float body_h = layout_child_size(f.body_h);
    float x = in.region_min.x;
    const float y = in.region_min.y;
    if (f.rail) {
        f.rail_rect = {{x, y}, {x + layout_child_size(f.rail_w), y + body_h}};
        x = f.rail_rect.max.x + in.item_spacing.x;
    }
    const float content_w = f.side ? std::max(4.0f, right - x - layout_child_size(f.side_w + in.item_spacing.x))
                                   : std::max(4.0f, right - x);
    f.content = {{x, y}, {x + content_w, y + body_h}};
    if (f.side) f.side_rect = {{f.content.max.x + in.item_spacing.x, y}, {right, y + body_h}};
    if (in.controls) f.nav = {{in.region_min.x, y + body_h + in.item_spacing.y}, {right, y + body_h + f.nav_h}};
    return f;
}

// [SECTION] the step's text and equations -------------------------------------------------------

// The size an equation is typeset at: `px`, or smaller when it is wider than `width` (a phone), down to
// 0.45 px (readable at a phone's pixel ratio of 2 or more); a still wider one is cut at the edge.
static float layout_equation_fitted_px(const EquationExtent& extent, float px, float width) {
    const float w = extent(px).x;
    return w > width ? px * std::max(0.45f, width / w) : px;
}

EquationsLayout layout_equations(const std::vector<EquationExtent>& equations, ImVec2 origin, float width, float px,
                                 float item_spacing_y) {
    EquationsLayout out;
    if (equations.empty()) return out;
    const float gap = px * 1.5f;
    // Rows wrap between equations.
    float x = origin.x, y = origin.y, row = 0;
    for (const EquationExtent& extent : equations) {
        const float tex_px = layout_equation_fitted_px(extent, px, width);
        const ImVec2 e = extent(tex_px);
        if (x > origin.x && x + e.x > origin.x + width) {
            y += row + px * 0.3f;
            x = origin.x;
            row = 0;
        }
        out.boxes.push_back({{x, y}, {x + e.x, y + e.y}});
        out.px.push_back(tex_px);
        x += e.x + gap;
        row = std::max(row, e.y);
    }
    out.height = y + row - origin.y;
    out.rows_height = out.height + item_spacing_y;
    return out;
}

StepTextLayout layout_step_text(const StepTextInput& in) {
    StepTextLayout t;
    const float font = in.font, width = in.width;
    t.text_w = std::min(width, font * 52.0f);
    auto equations_h = [&](float px) {
        return layout_equations(in.equations, ImVec2(0, 0), width, px, in.item_spacing_y).rows_height;
    };
    t.equation_px = font * (in.equation_scale > 0.0f ? in.equation_scale : 1.3f);
    t.equations_h = equations_h(t.equation_px);
    // Short of space: what the whole text would leave for the primary figure is less than it needs to cover a
    // fifth of the screen (a square of that area, plus its title, labels and notes).
    const float needed = std::sqrt(0.21f * in.display.x * in.display.y) + font * 9.0f;
    const float whole_text_h = float(in.whole_text_lines ? in.whole_text_lines(t.text_w) : 0) * in.line_height_with_spacing;
    t.equations_below = false;
    t.collapsible = in.has_views && in.body_collapsible &&
                    (in.collapse || in.room - whole_text_h - t.equations_h < needed);
    // Still short with the text collapsed (about two lines): smaller equations (which may then share a row);
    // if even those leave the figure too little, the equations follow the figures (the figure comes first).
    const float collapsed_h = float(in.collapsed_lines) * in.line_height_with_spacing;
    if (in.has_views && !in.equations_above && in.room - collapsed_h - t.equations_h < needed) {
        for (float scale : {1.15f, 1.0f}) {
            t.equation_px = font * scale;
            t.equations_h = equations_h(t.equation_px);
            if (in.room - collapsed_h - t.equations_h >= needed) break;
        }
        t.equations_below = !in.equations.empty() && in.room - collapsed_h - t.equations_h < needed;
    }
    // A collapsed first sentence may use the whole width: one line fewer above the figure.
    t.prose_width = t.collapsible && !in.prose_open ? width : t.text_w;
    return t;
}

// [SECTION] the figures -------------------------------------------------------------------------

// The narrowest width, down from `width`, at which the primary figure (at most `height` tall) still covers
// kPrimaryMinShare of the window; its area grows with its width, so halving the interval finds it.
static float layout_narrowest_primary_width(const ViewSizes& primary, float height, float width, ImVec2 display) {
    const float needed = kPrimaryMinShare * display.x * display.y;
    auto area = [&](float w) { return primary.plot_area ? primary.plot_area(w, height) : 0.0f; };
    if (area(width) <= needed) return width;  // (also a kind that does not report its area)
    float lo = width * 0.5f, hi = width;
    if (area(lo) >= needed) return lo;
    for (int i = 0; i < 12; ++i) {
        const float mid = 0.5f * (lo + hi);
        (area(mid) >= needed ? hi : lo) = mid;
    }
    return hi;
}

// The widest minimum width (views.h view_min_width) among the figures that go beside the primary figure when
// the column beside it is `width` wide: an estimate of the placement below, from preferred heights.
static float layout_beside_min_width(const std::vector<ViewSizes>& views, float width, float primary_h, float font) {
    float y = 0.0f, needs = 0.0f;
    for (size_t i = 1; i < views.size(); ++i) {
        if (i > 1 && primary_h - y < font * 12.0f) break;
        needs = std::max(needs, views[i].min_width);
        y += (views[i].height_at_width ? views[i].height_at_width(width) : 0.0f) + font * 0.6f;
    }
    return needs;
}

bool primary_keeps_fifth(const ViewSizes& sizes, const PlacedFigure& placed, ImVec2 display) {
    const float plot = sizes.plot_area ? sizes.plot_area(placed.width, placed.max_height) : 0.0f;
    const float covered = plot > 0.0f ? plot : placed.width * placed.max_height;
    return covered >= kPrimaryMinShare * display.x * display.y;
}

// One screen: every figure placed so that it lies wholly on the first screen, if some arrangement
// allows it. The candidates: the primary figure alone filling the room; the primary figure at a share of the
// width with the others stacked in a column beside it; the primary figure across the width with the others in
// a row under it. Within a candidate each figure is given the most height that still fits (a heatmap's cells,
// a curve's plot shrink; a table keeps its rows, and a candidate whose tables do not fit is dropped). Of the
// candidates that fit, the one whose figures cover the most area wins, the primary figure's area counted
// twice and a primary figure under kPrimaryMinShare of the window at half. None fits: false, and the figures
// go as before (the primary one fills the room, the rest below it, the page scrolls).
namespace {

struct FitContext {
    const FigureLayoutInput& in;
    float bottom;  // the lowest a figure may end (the first screen's bottom, less a unit of rounding)
    float gap;     // between a figure and the one beside it
    float vgap;    // between a figure and the one under it
    float min_h;   // the least room a figure beside or under the primary one is squeezed to
};

PlacedFigure fit_placed(size_t i, ImVec2 at, float width, float max_height, bool beside) {
    PlacedFigure p;
    p.at = at;
    p.width = width;
    p.max_height = max_height;
    p.primary = i == 0;
    p.beside = beside;
    return p;
}

// Figure i at `at`, `width` wide, given the most height (ViewContext::max_height) with which it still ends by
// `bottom`, starting from `most`; false when even `least` does not fit.
bool fit_one(const FitContext& c, size_t i, ImVec2 at, float width, float most, float least, bool beside, PlacedFigure* out) {
    float h = most;
    for (int tries = 0; tries < 6 && h >= least; ++tries) {
        PlacedFigure p = fit_placed(i, at, width, h, beside);
        p.rect = figure_rect(c.in.views[i], p);
        const float over = p.rect.max.y - c.bottom;
        if (over <= 0.0f) {
            *out = p;
            return true;
        }
        h -= std::max(over, 1.0f);
    }
    return false;
}

// Figures [first, views) one under another from `at`, `width` wide, down to c.bottom: the most height each may
// take (one cap for all, found by halving), or false.
bool fit_column(const FitContext& c, size_t first, ImVec2 at, float width, std::vector<PlacedFigure>* out) {
    const size_t n = c.in.views.size();
    for (size_t i = first; i < n; ++i)
        if (c.in.views[i].min_width > width + 0.5f) return false;  // a table that would scroll sideways
    auto stack = [&](float cap, std::vector<PlacedFigure>* placed) {
        float y = at.y;
        placed->clear();
        for (size_t i = first; i < n; ++i) {
            PlacedFigure p = fit_placed(i, ImVec2(at.x, y), width, c.in.views[i].keeps_rows ? 0.0f : cap, true);
            p.rect = figure_rect(c.in.views[i], p);
            placed->push_back(p);
            y = p.rect.max.y + c.vgap;
        }
        return placed->empty() || placed->back().rect.max.y <= c.bottom;
    };
    std::vector<PlacedFigure> best, trial;
    float lo = c.min_h, hi = std::max(c.min_h, c.bottom - at.y);
    if (!stack(lo, &best)) return false;
    if (stack(hi, &trial)) {
        best = trial;
    } else {
        for (int k = 0; k < 10; ++k) {
            const float mid = 0.5f * (lo + hi);
            if (stack(mid, &trial)) {
                lo = mid;
                best = trial;
            } else {
                hi = mid;
            }
        }
    }
    out->insert(out->end(), best.begin(), best.end());
    return true;
}

float fit_score(const FitContext& c, const std::vector<PlacedFigure>& figures) {
    float score = 0.0f;
    for (size_t i = 0; i < figures.size(); ++i) {
        // What a figure shows: its plot where its kind reports it (a heatmap's cells, not the empty band
        // beside a square), else its rectangle.
        const PlacedFigure& p = figures[i];
        const ViewSizes& sizes = c.in.views[i];
        const float plot = sizes.plot_area ? sizes.plot_area(p.width, p.max_height) : 0.0f;
        float area = plot > 0.0f ? plot : p.rect.width() * p.rect.height();
        if (p.primary) area *= 2.0f;
        score += area;
    }
    return score;
}

// The arrangement of all the figures on the first screen with the best score, or false when none fits.
bool layout_fit_on_screen(const FigureLayoutInput& in, std::vector<PlacedFigure>* out) {
    const size_t n = in.views.size();
    FitContext c{in, in.first_screen.max.y - 2.0f, in.font * 1.2f, in.font * 0.6f, in.font * 7.0f};
    const ImVec2 start = in.start;
    const float room = c.bottom - start.y;
    if (n == 0 || room < in.font * 8.0f) return false;
    float best_score = -1.0f;
    auto consider = [&](std::vector<PlacedFigure>&& figures) {
        // The primary figure keeps its room of a fifth of the window (the figure-first rule): an arrangement
        // that squeezes it below that does not count, and a step with no other is more than one screen.
        if (!primary_keeps_fifth(in.views[0], figures.front(), in.display)) return;
        const float score = fit_score(c, figures);
        if (score > best_score) {
            best_score = score;
            *out = std::move(figures);
        }
    };
    PlacedFigure primary;
    if (n == 1) {
        if (fit_one(c, 0, start, in.avail, room, in.font * 8.0f, false, &primary)) consider({primary});
        return best_score >= 0.0f;
    }
    // The others in a column beside the primary figure, which takes a share of the width (or what it asks for
    // to fill the room's height, for a square-ish kind).
    std::vector<float> widths;
    for (float share = 0.40f; share < 0.80f; share += 0.05f) widths.push_back(in.avail * share);
    if (in.views[0].width_at_height) {
        const float wanted = in.views[0].width_at_height(room);
        if (wanted > 0.0f && wanted < in.avail) widths.push_back(wanted);
    }
    for (float w : widths) {
        if (!fit_one(c, 0, start, w, room, in.font * 8.0f, false, &primary)) continue;
        const float x = std::min(primary.rect.max.x, start.x + w) + c.gap;
        std::vector<PlacedFigure> figures = {primary};
        if (fit_column(c, 1, ImVec2(x, start.y), start.x + in.avail - x, &figures)) consider(std::move(figures));
    }
    // The others in a row under the primary figure (at most three to the row).
    const size_t others = n - 1;
    if (others <= 3) {
        const float column_w = (in.avail - c.gap * float(others - 1)) / float(others);
        for (float share = 0.35f; share < 0.90f; share += 0.05f) {
            if (!fit_one(c, 0, start, in.avail, room * share, in.font * 8.0f, false, &primary)) continue;
            const float y = primary.rect.max.y + c.vgap;
            std::vector<PlacedFigure> figures = {primary};
            bool fits = true;
            for (size_t i = 1; i < n && fits; ++i) {
                PlacedFigure p;
                const ImVec2 at(start.x + float(i - 1) * (column_w + c.gap), y);
                if (in.views[i].keeps_rows) {  // its whole height, or it does not fit here
                    p = fit_placed(i, at, column_w, 0.0f, false);
                    p.rect = figure_rect(in.views[i], p);
                    fits = in.views[i].min_width <= column_w + 0.5f && p.rect.max.y <= c.bottom;
                } else {
                    fits = in.views[i].min_width <= column_w + 0.5f && fit_one(c, i, at, column_w, c.bottom - y, c.min_h, false, &p);
                }
                figures.push_back(p);
            }
            if (fits) consider(std::move(figures));
        }
    }
    return best_score >= 0.0f;
}

}  // namespace

// The primary one (the first view) gets `room`, the height left on screen, and fills it; the others go beside
// it when it needs less than the whole width and a readable column is left, else below it (two to a row when
// there is room), each at most a screen tall.
FigureLayout layout_figures(const FigureLayoutInput& in, const PlaceFigure& place) {
    FigureLayout out;
    const size_t n = in.views.size();
    out.end_y = in.start.y;
    if (n == 0) return out;
    const float avail = in.avail, font = in.font;
    std::vector<PlacedFigure> fitted;
    if (layout_fit_on_screen(in, &fitted)) {
        // Placed (drawn) in the views' order, as planned; the figures end at the lowest one.
        out.figures.resize(n);
        out.primary_w = fitted[0].width;
        out.primary_h = fitted[0].max_height;
        float end = in.start.y;
        for (size_t i = 0; i < n; ++i) {
            PlacedFigure& p = out.figures[i];
            p = fitted[i];
            p.rect = place(i, p);
            p.on_first_screen = figure_on_first_screen(p.rect, in.first_screen);
            end = std::max(end, p.rect.max.y);
        }
        out.end_y = end;
        return out;
    }
    const float gap = font * 1.2f;
    const float primary_h = std::max(font * 8.0f, in.room);
    float primary_w = avail;
    if (n >= 2) {
        const ViewSizes& first = in.views[0];
        const float wanted = first.width_at_height ? first.width_at_height(primary_h) : 0.0f;
        if (wanted > 0.0f && avail - wanted - gap >= font * 16.0f) primary_w = std::max(wanted, avail * 0.45f);
        // A table beside it that would scroll sideways (a hidden column shows its header and hides its
        // numbers) takes what the primary figure was given beyond the width it draws at; and if that is not
        // enough, the primary figure draws smaller, as long as it still covers kPrimaryMinShare of the window
        // and the tables then show whole (otherwise it keeps its size: it is the star).
        if (primary_w < avail) {
            const float side_needs = layout_beside_min_width(in.views, avail - primary_w - gap, primary_h, font);
            if (side_needs > avail - primary_w - gap) {
                const float fitting = avail - gap - side_needs;
                primary_w = fitting >= layout_narrowest_primary_width(first, primary_h, primary_w, in.display)
                                ? fitting
                                : std::max(fitting, std::min(wanted, primary_w));
            }
        }
    }
    out.primary_w = primary_w;
    out.primary_h = primary_h;
    out.figures.resize(n);
    auto put = [&](size_t i, ImVec2 at, float width, float max_height, bool beside) {
        PlacedFigure& p = out.figures[i];
        p.at = at;
        p.width = width;
        p.max_height = max_height;
        p.primary = i == 0;
        p.beside = beside;
        p.rect = place(i, p);
        p.on_first_screen = figure_on_first_screen(p.rect, in.first_screen);
        return p.rect;
    };
    const ImVec2 start = in.start;
    float bottom = put(0, start, primary_w, primary_h, false).max.y;
    size_t next = 1;
    if (primary_w < avail) {
        // Beside the primary figure: the others, one under another.
        const float x = start.x + primary_w + gap, w = avail - primary_w - gap;
        float y = start.y;
        for (; next < n; ++next) {
            // A figure that would get less than 12 lines of room beside the primary one goes below it instead,
            // where it has its full size (squeezed there, a heatmap's cells shrank to a few pixels).
            const float left = start.y + primary_h - y;
            if (next > 1 && left < font * 12.0f) break;
            y = put(next, ImVec2(x, y), w, std::max(font * 8.0f, left), true).max.y + font * 0.6f;
        }
        bottom = std::max(bottom, y);
    }
    float y = bottom + font * 0.6f;
    out.columns = (n - next >= 2 && avail >= font * 44.0f) ? 2 : 1;
    out.column_w = (avail - gap * float(out.columns - 1)) / float(out.columns);
    while (next < n) {
        float row_h = 0;
        for (int c = 0; c < out.columns && next < n; ++c, ++next) {
            const LayoutRect r = put(next, ImVec2(start.x + float(c) * (out.column_w + gap), y), out.column_w, in.screen, false);
            row_h = std::max(row_h, r.max.y - r.min.y);
        }
        y += row_h + font * 0.6f;
    }
    out.end_y = y;
    return out;
}

bool figure_on_first_screen(const LayoutRect& figure, const LayoutRect& first_screen) {
    return figure.min.x >= first_screen.min.x - 0.5f && figure.max.x <= first_screen.max.x + 0.5f &&
           figure.min.y >= first_screen.min.y - 0.5f && figure.max.y <= first_screen.max.y + 0.5f;
}

LayoutRect figure_rect(const ViewSizes& sizes, const PlacedFigure& placed) {
    if (sizes.figure_bottom) {
        float bottom = sizes.figure_bottom(placed.at.y, placed.width, placed.max_height, placed.primary);
        if (sizes.notes_bottom) bottom = sizes.notes_bottom(bottom, placed.width);
        const float right = sizes.right ? sizes.right(placed.at.x, placed.width) : placed.at.x + placed.width;
        return {placed.at, ImVec2(std::max(placed.at.x, right), std::max(placed.at.y, bottom))};
    }
    const float preferred = sizes.height_at_width ? sizes.height_at_width(placed.width) : 0.0f;
    float figure = preferred - sizes.notes_height;
    if (placed.max_height > 0.0f) figure = std::min(figure, placed.max_height);
    const float h = std::max(0.0f, figure) + sizes.notes_height;
    return {placed.at, ImVec2(placed.at.x + placed.width, placed.at.y + h)};
}

FigureLayout layout_figures(const FigureLayoutInput& in) {
    return layout_figures(in, [&](size_t i, const PlacedFigure& placed) { return figure_rect(in.views[i], placed); });
}

// [SECTION] a whole page ------------------------------------------------------------------------

// The step laid out `width` wide in the frame's content window, as draw_step does: counter, title, prose,
// equations (above or below the figures), figures.
// `collapse`: the text is cut to its first sentence (with "more") even where the primary figure has its room,
// because the figures do not all fit on the first screen under the whole text.
// `equations_above`: the equations stay above the figures even where the primary figure is then short of room
// (the figures may still all fit beside one another).
// `equation_scale`: the equations' size in font sizes (0: 1.3, smaller where the rule of the room says so).
static void layout_page_step(const PageLayoutInput& in, float width, bool collapse, bool equations_above, float equation_scale,
                             PageLayout* page) {
    const FrameLayout& f = page->frame;
    const float line_sp = in.line_height + in.item_spacing.y;
    const float screen = f.content.height();
    const ImVec2 origin = f.content.min;
    float y = origin.y;
    if (in.notices_h > 0.0f) y = layout_after_item(y, in.notices_h, in.item_spacing.y);
    if (in.counter_above_title) y = layout_after_item(y, in.line_height, in.item_spacing.y);
    const float title_h = in.title_height ? in.title_height(width) : 0.0f;
    page->title = {{origin.x, y}, {origin.x + width, y + title_h - in.item_spacing.y}};
    const float title_top = y;
    y += title_h;
    // Short equations on the title's row: right of a one-line title, in one row at their full size, no taller than
    // two lines. What they add below the title is one Dummy (draw_equations_beside_title).
    page->equations_beside_title = false;
    const float title_w = in.title_one_line_width ? in.title_one_line_width(width) : -1.0f;
    if (!in.equations.empty() && title_w >= 0.0f) {
        const float gap = in.font * 1.5f, px = in.font * 1.3f;
        const float left = origin.x + title_w + gap, avail = origin.x + width - left;
        if (avail > in.font * 4.0f) {
            const EquationsLayout e = layout_equations(in.equations, ImVec2(left, title_top), avail, px, in.item_spacing.y);
            bool fits = e.height <= 2.2f * in.line_height;
            for (size_t i = 0; i < e.boxes.size(); ++i)
                fits = fits && e.boxes[i].min.y == title_top && e.px[i] == px && e.boxes[i].max.x <= origin.x + width;
            if (fits) {
                page->equations = e;
                page->equations_beside_title = true;
                page->title.max.x = origin.x + title_w;
                if (title_top + e.height > y) y = layout_after_item(y, title_top + e.height - y, in.item_spacing.y);
            }
        }
    }
    // The takeaway, whole, at the prose's measure (never collapsed: it is the step's point and reason).
    const float takeaway_w = std::min(width, in.font * 52.0f);
    const int takeaway_lines = in.takeaway_lines ? in.takeaway_lines(takeaway_w) : 0;
    page->takeaway = {{origin.x, y},
                      {origin.x + takeaway_w, y + float(takeaway_lines) * line_sp - (takeaway_lines ? in.item_spacing.y : 0.0f)}};
    for (int i = 0; i < takeaway_lines; ++i) y = layout_after_item(y, in.line_height, in.item_spacing.y);
    // A collapsed text is only its "more" button: at the end of the takeaway's last line where it fits there.
    const bool more_after_takeaway =
        takeaway_lines > 0 && in.takeaway_last_line_w && in.takeaway_last_line_w(takeaway_w) + in.more_button_w <= takeaway_w;
    page->more_after_takeaway = more_after_takeaway;

    StepTextInput t;
    t.width = width;
    t.font = in.font;
    t.line_height_with_spacing = line_sp;
    t.item_spacing_y = in.item_spacing.y;
    t.room = screen - (y - origin.y);
    t.display = in.window;
    t.has_views = !in.views.empty();
    t.body_collapsible = in.body_collapsible;
    t.prose_open = in.prose_open;
    t.collapse = collapse;
    t.equations_above = equations_above;
    t.equation_scale = equation_scale;
    t.collapsed_lines = more_after_takeaway ? 0 : 1;
    if (in.prose_lines) t.whole_text_lines = [&](float w) { return in.prose_lines(false, w); };
    if (!page->equations_beside_title) t.equations = in.equations;
    page->text = layout_step_text(t);
    const StepTextLayout& text = page->text;

    // The prose (draw_prose): whole, wrapped short of its "less" button where it can collapse; collapsed, only the
    // "more" button (on the takeaway's last line, or a line of its own): the takeaway above says the step's point.
    const bool collapsed = text.collapsible && !in.prose_open;
    const float wrap = text.collapsible ? std::max(text.prose_width * 0.5f, text.prose_width - in.more_button_w)
                                        : text.prose_width;
    int lines = collapsed ? (more_after_takeaway ? 0 : 1) : in.prose_lines ? in.prose_lines(false, wrap) : 0;
    page->prose = {{origin.x, y}, {origin.x + text.prose_width, y + float(lines) * line_sp - (lines ? in.item_spacing.y : 0.0f)}};
    for (int i = 0; i < lines; ++i) y = layout_after_item(y, in.line_height, in.item_spacing.y);

    // The equations are one Dummy as tall as their rows (draw_equations).
    auto place_equations = [&]() {
        if (page->equations_beside_title) return;
        page->equations = layout_equations(in.equations, ImVec2(origin.x, y), width, text.equation_px, in.item_spacing.y);
        if (!in.equations.empty()) y = layout_after_item(y, page->equations.height, in.item_spacing.y);
    };
    if (!text.equations_below) place_equations();
    // A little air under the primary figure: its colour bar's end label sits half a line below the cells.
    FigureLayoutInput fig;
    fig.start = ImVec2(origin.x, y);
    fig.avail = width;
    fig.room = screen - (y - origin.y) - in.font * 0.6f;
    fig.screen = screen;
    fig.font = in.font;
    fig.display = in.window;
    fig.first_screen = {origin, ImVec2(origin.x + width, origin.y + screen)};
    fig.views = in.views;
    page->figures = layout_figures(fig);
    if (!in.views.empty()) y = layout_after_item(page->figures.end_y, 1.0f, in.item_spacing.y);  // the Dummy that ends the figures
    if (text.equations_below) place_equations();
    // What follows (the references) comes after the parameters and questions when they are below the figures.
    if (in.after_height && !(in.side_content && !f.side)) y += in.after_height(width);
    page->content_bottom = y - in.item_spacing.y;
    page->figure_on_first_screen.clear();
    for (const PlacedFigure& p : page->figures.figures) page->figure_on_first_screen.push_back(p.on_first_screen);
}

bool page_whole_on_first_screen(const PageLayout& page) {
    const LayoutRect first_screen{page.frame.content.min, page.frame.content.max};
    for (bool on : page.figure_on_first_screen)
        if (!on) return false;
    for (const LayoutRect& box : page.equations.boxes)
        if (!figure_on_first_screen(box, first_screen)) return false;
    return true;
}

PageLayout layout_page(const PageLayoutInput& in) {
    PageLayout page;
    FrameLayoutInput fi;
    fi.region_min = ImVec2(in.window_padding.x, in.window_padding.y + in.header_h);
    fi.region_avail = ImVec2(in.window.x - 2.0f * in.window_padding.x, in.window.y - 2.0f * in.window_padding.y - in.header_h);
    fi.font = in.font;
    fi.frame_height = in.frame_height;
    fi.item_spacing = in.item_spacing;
    fi.controls = in.controls;
    fi.embed = in.embed;
    fi.has_timeline = in.has_timeline;
    fi.side_content = in.side_content;
    fi.steps = in.steps;
    page.frame = layout_frame(fi);
    // The step's window has a scrollbar when its content is taller than the window (as ImGui measures it: the
    // last item's bottom, cut to whole units), and the content is then narrower by the scrollbar: lay out without
    // it, and again with it when it does not fit. Without a side column the parameters and questions follow the
    // figures: their measured height counts (not measured yet: scroll). The app draws the window as decided here.
    const float full_w = page.frame.content.width();
    // The whole text first; cut to its first sentence when some figure or equation is then off the first screen.
    // The key equations go above the figures; only where the figures then cannot all be on the first screen
    // does the rule of the primary figure's room decide (layout_step_text), which may put them below.
    auto lay_out = [&](float width) {
        struct Attempt {
            bool collapse, above;
            float equation_scale;
        };
        const bool c = in.body_collapsible;
        const Attempt attempts[] = {{false, true, 1.3f}, {c, true, 1.3f}, {c, true, 1.15f}, {c, true, 1.0f}};
        auto keeps_fifth = [&]() {
            return page.figures.figures.empty() || primary_keeps_fifth(in.views[0], page.figures.figures[0], in.window);
        };
        for (const Attempt& a : attempts) {
            layout_page_step(in, width, a.collapse, a.above, a.equation_scale, &page);
            if (page_whole_on_first_screen(page) && keeps_fifth()) return;
        }
        // More than a screen either way: the equations stay above unless the primary figure would then cover
        // less than a fifth of the window.
        if (!keeps_fifth()) layout_page_step(in, width, c, false, 0.0f, &page);
    };
    lay_out(full_w);
    const bool below = in.side_content && !page.frame.side;
    const float bottom = page.content_bottom + (below ? std::max(0.0f, in.below_h) : 0.0f);
    if ((below && in.below_h < 0.0f) || float(int(bottom - page.frame.content.min.y)) > page.frame.content.height()) {
        page.scrollbar = true;
        lay_out(full_w - in.scrollbar_size);
    }
    page.content_w = page.scrollbar ? full_w - in.scrollbar_size : full_w;
    return page;
}

}  // namespace pelab
