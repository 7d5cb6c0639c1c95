// PE Lab — views/views_phasor.cpp
// Phasor dials and odometers: rotations drawn as vectors on unit circles (implot style: one function per
// kind, each with its own payload from lesson.h, drawn at the cursor into a given width). Both kinds choose
// how many dials go in a row by the largest radius that fits the width and ViewContext::max_height, and
// both place every text label where it covers no other label and no arrow (a small greedy placer).
//
// [SECTION] shared geometry (colours, arrows, arcs, wedges)
// [SECTION] label placement (no label over another label or over an arrow)
// [SECTION] dragging an arrowhead (the parameter it sets, rounded and clamped like its spec)
// [SECTION] phasor dials
// [SECTION] odometer
#include <algorithm>
#include <cmath>
#include <cstdio>

#include "core/constants.h"
#include "lessons/bilingual.h"
#include "views/views.h"

namespace pelab {

namespace {

// [SECTION] shared geometry (colours, arrows, arcs, wedges) ----------------------------------------

ImU32 arrow_colour(int index) {
    static const ImU32 colours[] = {IM_COL32(31, 104, 196, 255), IM_COL32(206, 52, 38, 255), IM_COL32(30, 140, 60, 255),
                                    IM_COL32(120, 120, 120, 255)};
    return colours[std::clamp(index, 0, 3)];
}

// Screen point at `angle` (counter-clockwise from +x, screen y grows downwards) and radius r around c.
ImVec2 on_circle(ImVec2 c, float r, double angle) {
    return ImVec2(c.x + r * float(std::cos(angle)), c.y - r * float(std::sin(angle)));
}

// An arrow from `from` to `to` with a filled head (anti-aliased: a polyline and a convex fill).
void draw_arrow(ImDrawList* dl, ImVec2 from, ImVec2 to, ImU32 col, float thickness, bool dashed) {
    const float dx = to.x - from.x, dy = to.y - from.y, len = std::sqrt(dx * dx + dy * dy);
    if (len < 1.0f) return;
    const float ux = dx / len, uy = dy / len, head = std::min(len * 0.4f, thickness * 3.2f + 5.0f);
    const ImVec2 base(to.x - ux * head * 0.85f, to.y - uy * head * 0.85f);
    if (dashed) {
        const float dash = thickness * 2.6f;
        for (float t = 0; t < len - head; t += dash * 2.0f) {
            const float e = std::min(t + dash, len - head);
            dl->AddLine(ImVec2(from.x + ux * t, from.y + uy * t), ImVec2(from.x + ux * e, from.y + uy * e), col, thickness);
        }
    } else {
        dl->AddLine(from, base, col, thickness);
    }
    const ImVec2 back(to.x - ux * head, to.y - uy * head);
    dl->AddTriangleFilled(to, ImVec2(back.x - uy * head * 0.5f, back.y + ux * head * 0.5f),
                          ImVec2(back.x + uy * head * 0.5f, back.y - ux * head * 0.5f), col);
}

// The arc from angle a0 to a1 (as given, either direction) at radius r, with a small head at a1 showing
// which way the angle is measured.
void draw_arc(ImDrawList* dl, ImVec2 c, float r, double a0, double a1, ImU32 col, float thickness, bool head) {
    const int n = std::max(6, int(std::fabs(a1 - a0) / kTwoPi * 96.0));
    for (int i = 0; i <= n; ++i) dl->PathLineTo(on_circle(c, r, a0 + (a1 - a0) * double(i) / double(n)));
    dl->PathStroke(col, 0, thickness);
    const float arc_px = float(std::fabs(a1 - a0)) * r;
    if (!head || arc_px < thickness * 6.0f) return;
    // Head: a small triangle tangent to the arc at a1, pointing along the direction of travel.
    const double dir = a1 > a0 ? 1.0 : -1.0;
    const ImVec2 tip = on_circle(c, r, a1);
    const float tx = float(-std::sin(a1) * dir), ty = float(-std::cos(a1) * dir);  // screen tangent
    const float h = thickness * 2.5f + 3.0f;
    const ImVec2 back(tip.x - tx * h, tip.y - ty * h);
    dl->AddTriangleFilled(tip, ImVec2(back.x - ty * h * 0.45f, back.y + tx * h * 0.45f),
                          ImVec2(back.x + ty * h * 0.45f, back.y - tx * h * 0.45f), col);
}

// A filled circular sector from a0 to a1 (any size), in convex slices of at most a quarter turn.
void fill_wedge(ImDrawList* dl, ImVec2 c, float r, double a0, double a1, ImU32 col) {
    const double sweep = a1 - a0;
    if (std::fabs(sweep) * r < 0.5) return;
    const int slices = std::max(1, int(std::ceil(std::fabs(sweep) / (kTwoPi / 4))));
    // Without the anti-aliasing fringe inside (two fringes over each other draw a seam between slices); the
    // outer edge is smoothed by a stroke of the same colour instead.
    const ImDrawListFlags flags = dl->Flags;
    dl->Flags &= ~ImDrawListFlags_AntiAliasedFill;
    for (int s = 0; s < slices; ++s) {
        const double b0 = a0 + sweep * s / slices, b1 = a0 + sweep * (s + 1) / slices;
        dl->PathLineTo(c);
        const int steps = std::max(2, int(std::fabs(b1 - b0) / kTwoPi * 96.0));
        for (int k = 0; k <= steps; ++k) dl->PathLineTo(on_circle(c, r, b0 + (b1 - b0) * k / steps));
        dl->PathFillConvex(col);
    }
    dl->Flags = flags;
    const int steps = std::max(4, int(std::fabs(sweep) / kTwoPi * 96.0));
    for (int k = 0; k <= steps; ++k) dl->PathLineTo(on_circle(c, r - 0.5f, a0 + sweep * k / steps));
    dl->PathStroke(col, 0, 1.0f);
}

// The signed angle from a0 to a1 in (−π, π].
double angle_between(double a0, double a1) {
    double d = std::fmod(a1 - a0, kTwoPi);
    if (d > kPi) d -= kTwoPi;
    if (d <= -kPi) d += kTwoPi;
    return d;
}

// [SECTION] label placement (no label over another label or over an arrow) --------------------------

struct Box {
    ImVec2 a, b;
    float weight = 1000.0f;  // cost of covering all of it (a tick label matters less than an arrow's label)
};

float overlap(const Box& p, const Box& q) {
    const float w = std::min(p.b.x, q.b.x) - std::max(p.a.x, q.a.x), h = std::min(p.b.y, q.b.y) - std::max(p.a.y, q.a.y);
    return w > 0 && h > 0 ? w * h : 0.0f;
}

// Labels are placed one after another; each takes the candidate position that covers the least of what is
// already there (labels, arrow shafts, arcs) and stays inside `bounds`, preferring its own direction.
struct LabelPlacer {
    Box bounds;
    std::vector<Box> taken;
    std::vector<std::pair<ImVec2, ImVec2>> segments;  // arrows and arcs, as short straight pieces

    void add_segment(ImVec2 p, ImVec2 q) { segments.push_back({p, q}); }
    void add_arc(ImVec2 c, float r, double a0, double a1) {
        const int n = std::max(2, int(std::fabs(a1 - a0) / kTwoPi * 48.0));
        for (int i = 0; i < n; ++i)
            add_segment(on_circle(c, r, a0 + (a1 - a0) * i / n), on_circle(c, r, a0 + (a1 - a0) * (i + 1) / n));
    }

    float cost(const Box& box) const {
        const float area = std::max(1.0f, (box.b.x - box.a.x) * (box.b.y - box.a.y));
        float c = 0;
        // Grown by a small clearance, and any contact costs: labels that merely touch ("k₀π/2") read as one word.
        const Box grown{ImVec2(box.a.x - 3, box.a.y - 2), ImVec2(box.b.x + 3, box.b.y + 2)};
        for (const Box& t : taken)
            if (const float o = overlap(grown, t); o > 0.0f) c += 20.0f + t.weight * o / area;  // any touch costs
        for (const auto& s : segments) {
            // Samples every few pixels, so that no label slips between two of them.
            const float len = std::hypot(s.second.x - s.first.x, s.second.y - s.first.y);
            const int samples = std::max(2, int(len / 5.0f));
            for (int k = 0; k <= samples; ++k) {
                const float t = float(k) / float(samples);
                const ImVec2 p(s.first.x + (s.second.x - s.first.x) * t, s.first.y + (s.second.y - s.first.y) * t);
                if (p.x > grown.a.x && p.x < grown.b.x && p.y > grown.a.y && p.y < grown.b.y) c += 60.0f;
            }
        }
        const float out = std::max(0.0f, bounds.a.x - box.a.x) + std::max(0.0f, box.b.x - bounds.b.x) +
                          std::max(0.0f, bounds.a.y - box.a.y) + std::max(0.0f, box.b.y - bounds.b.y);
        return c + out * 30.0f;
    }

    // A label of `size` next to `anchor`, preferably in screen direction `angle` (counter-clockwise from +x),
    // `gap` away. Returns the top-left corner and records the box.
    ImVec2 place(ImVec2 anchor, double angle, ImVec2 size, float gap) {
        static const double turns[] = {0, 0.35, -0.35, 0.7, -0.7, 1.05, -1.05, 1.5, -1.5, 2.1, -2.1, kPi};
        float best = INFINITY;
        Box chosen{};
        for (double push : {1.0, 1.8, 2.8}) {
            for (double turn : turns) {
                const double a = angle + turn;
                const float ux = float(std::cos(a)), uy = float(-std::sin(a));
                const float reach = gap * float(push) + std::fabs(ux) * size.x * 0.5f + std::fabs(uy) * size.y * 0.5f;
                const ImVec2 centre(anchor.x + ux * reach, anchor.y + uy * reach);
                const Box box{ImVec2(centre.x - size.x * 0.5f, centre.y - size.y * 0.5f),
                              ImVec2(centre.x + size.x * 0.5f, centre.y + size.y * 0.5f)};
                const float c = cost(box) + float(std::fabs(turn)) * 6.0f + float(push - 1.0) * 12.0f;
                if (c < best) best = c, chosen = box;
            }
            if (best < 8.0f) break;  // nothing covered: no need to move farther out
        }
        taken.push_back(chosen);
        return chosen.a;
    }
};

// Text on a rounded patch of the window colour, so that it stays readable over lines.
void label_on_patch(ImDrawList* dl, ImVec2 at, ImU32 col, const std::string& text) {
    const ImVec2 ts = ImGui::CalcTextSize(text.c_str());
    dl->AddRectFilled(ImVec2(at.x - 3, at.y - 1), ImVec2(at.x + ts.x + 3, at.y + ts.y + 1),
                      ImGui::GetColorU32(ImGuiCol_WindowBg, 0.88f), 4.0f);
    dl->AddText(at, col, text.c_str());
}

// Text centred under `top`, shrunk (down to 70 %) to fit `room` pixels, left out when it still does not fit.
void centred_fitting(ImDrawList* dl, ImVec2 top, float room, ImU32 col, const std::string& text) {
    const float font = ImGui::GetFontSize();
    const float w = ImGui::CalcTextSize(text.c_str()).x;
    const float scale = w <= room ? 1.0f : room / w;
    if (scale < 0.7f) return;
    dl->AddText(ImGui::GetFont(), font * scale, ImVec2(top.x - w * scale * 0.5f, top.y + font * (1.0f - scale) * 0.5f), col, text.c_str());
}

// [SECTION] dragging an arrowhead (the parameter it sets, rounded and clamped like its spec) -----------

// How the lessons declare `key`: whole numbers when any lesson declares it Int, and the widest range any
// declares (the app's parser still clamps to the current lesson's range; this keeps drags from asking for
// values no lesson accepts). The view knows only the key's name.
struct DragTarget {
    bool integer = false;
    double lo = -INFINITY, hi = INFINITY;
};

DragTarget drag_target(const std::string& key) {
    DragTarget t;
    bool found = false;
    for (const Lesson* lesson : every_lesson())
        for (const ParamSpec& spec : lesson->params) {
            if (spec.name != key) continue;
            t.integer = t.integer || spec.kind == ParamKind::Int;
            t.lo = found ? std::min(t.lo, spec.min) : spec.min;
            t.hi = found ? std::max(t.hi, spec.max) : spec.max;
            found = true;
        }
    return t;
}

// The value an arrow dragged to screen angle `angle` asks for: the angle unwrapped next to the arrow's
// current one (so a position keeps counting whole turns), over drag_per_unit; rounded and clamped.
double dragged_value(const PhasorView::Arrow& a, double angle, const DragTarget& target) {
    const double per_unit = a.drag_per_unit == 0 ? 1.0 : a.drag_per_unit;
    const double unwrapped = a.angle + angle_between(a.angle, angle);
    double value = (unwrapped - a.drag_origin) / per_unit;
    if (target.integer) value = std::round(value);
    return std::clamp(value, target.lo, target.hi);
}

std::string value_text(double value, bool integer) {
    char buf[64];
    if (integer) std::snprintf(buf, sizeof buf, "%.0f", value);
    else std::snprintf(buf, sizeof buf, "%.6g", value);
    return buf;
}

}  // namespace

// [SECTION] phasor dials ---------------------------------------------------------------------------

namespace {

// The grid of dials: per_row dials of radius r, each in a cell of cell_w × cell_h.
struct PhasorGrid {
    int per_row = 1, rows = 1;
    float r = 0, cell_w = 0, cell_h = 0, margin = 0, caption_h = 0;
};

float phasor_title_height(float font) { return font * 1.6f; }

PhasorGrid phasor_grid(const PhasorView& v, float width, float max_height, float font) {
    const int n = std::max<int>(1, int(v.dials.size()));
    // Room around the circle for arrowheads beyond the radius and the labels at them.
    double reach = 1.0;
    float label_w = 0;
    int caption_lines = 0;
    for (const auto& d : v.dials) {
        for (const auto& a : d.arrows) {
            reach = std::max(reach, std::clamp(a.length, 0.0, 1.25));
            label_w = std::max(label_w, ImGui::CalcTextSize(a.label.c_str()).x);
        }
        if (!d.caption.empty()) caption_lines = std::max(caption_lines, 1);
    }
    // Rows are filled evenly (8 dials in 2 rows: 4 + 4); the fewest rows with a readable radius win, else
    // the largest radius.
    PhasorGrid best;
    float best_r = -INFINITY;
    for (int rows = 1; rows <= n; ++rows) {
        const int cols = (n + rows - 1) / rows;
        if (rows > 1 && (n + cols - 1) / cols != rows) continue;  // the same grid as a smaller row count
        PhasorGrid g;
        g.per_row = cols;
        g.rows = rows;
        g.cell_w = width / float(cols);
        g.margin = std::min(label_w + font * 0.8f, g.cell_w * 0.2f);
        g.caption_h = float(caption_lines) * font * 1.5f + font * 0.3f;
        const float vertical_margin = font * 1.7f;
        float r = std::min(font * 10.0f, (g.cell_w - 2.0f * g.margin) / (2.0f * float(reach)));
        if (max_height > 0) {
            const float room = (max_height - phasor_title_height(font)) / float(g.rows) - g.caption_h - 2.0f * vertical_margin;
            r = std::min(r, room / (2.0f * float(reach)));
        }
        g.r = std::max(font * 2.0f, r);
        g.cell_h = 2.0f * g.r * float(reach) + 2.0f * vertical_margin + g.caption_h;
        if (best_r >= font * 4.0f) break;  // fewer rows already read well
        if (r > best_r + 0.5f) best = g, best_r = r;
    }
    best.r = std::max(font * 2.0f, best_r);
    best.cell_h = 2.0f * best.r * float(reach) + 2.0f * font * 1.7f + best.caption_h;
    return best;
}

}  // namespace

float figure_height(const PhasorView& v, float width) {
    const float font = ImGui::GetFontSize();
    const PhasorGrid g = phasor_grid(v, width, 0.0f, font);
    return phasor_title_height(font) + float(g.rows) * g.cell_h;
}

// Under the title line and the Dummy that makes it phasor_title_height (the odometer's 1.6 font sizes) tall.
static float dial_title_bottom(float top, float font) {
    return cursor_after_item(cursor_after_item(top, ImGui::GetTextLineHeight()),
                             std::max(0.0f, font * 1.6f - ImGui::GetTextLineHeightWithSpacing()));
}

// The grid of dials as draw_figure reports it (its plot rectangle).
float figure_plot_area(const PhasorView& v, float width, float max_height, Lang /*lang*/) {
    if (v.dials.empty()) return 0.0f;
    const PhasorGrid g = phasor_grid(v, width, max_height, ImGui::GetFontSize());
    return width * float(g.rows) * g.cell_h;
}

// draw_figure: the title, then the grid of dials (an InvisibleButton).
float figure_drawn_bottom(const PhasorView& v, float top, float width, float max_height, bool /*primary*/, Lang /*lang*/) {
    if (v.dials.empty()) return top;
    const float font = ImGui::GetFontSize();
    const PhasorGrid g = phasor_grid(v, width, max_height, font);
    return cursor_after_item(dial_title_bottom(top, font), float(g.rows) * g.cell_h);
}

bool draw_figure(const std::string& title, const PhasorView& v, ViewContext& ctx, float width) {
    if (v.dials.empty()) return false;
    const float font = ImGui::GetFontSize();
    text_one_line(title, width);
    ImGui::Dummy(ImVec2(width, std::max(0.0f, phasor_title_height(font) - ImGui::GetTextLineHeightWithSpacing())));
    const ImVec2 origin = ImGui::GetCursorScreenPos();
    const PhasorGrid g = phasor_grid(v, width, ctx.max_height, font);
    const float r = g.r;
    ImDrawList* dl = ImGui::GetWindowDrawList();
    const ImU32 text = ImGui::GetColorU32(ImGuiCol_Text);
    const ImU32 faint = ImGui::GetColorU32(ImGuiCol_TextDisabled);
    const ImVec2 area_min = origin, area_max(origin.x + width, origin.y + float(g.rows) * g.cell_h);

    ImGui::InvisibleButton("##phasor", ImVec2(width, area_max.y - area_min.y));
    const bool hovered = ImGui::IsItemHovered(), active = ImGui::IsItemActive();
    const ImVec2 mouse = ImGui::GetIO().MousePos;
    ImGuiStorage* storage = ImGui::GetStateStorage();
    const ImGuiID grab_id = ImGui::GetID("##grab");  // which arrow is held: dial * 64 + arrow + 1, 0 = none
    int grabbed = active ? storage->GetInt(grab_id, 0) : 0;
    std::string hover_tip;
    std::vector<DrawnView::Handle> handles;

    for (size_t di = 0; di < v.dials.size(); ++di) {
        const PhasorView::Dial& dial = v.dials[di];
        const int col = int(di) % g.per_row, row = int(di) / g.per_row;
        const ImVec2 cell0(origin.x + g.cell_w * float(col), origin.y + float(row) * g.cell_h);
        const float dial_h = g.cell_h - g.caption_h;
        const ImVec2 c(cell0.x + g.cell_w * 0.5f, cell0.y + dial_h * 0.5f);
        LabelPlacer placer;
        placer.bounds = {ImVec2(cell0.x + 2, cell0.y), ImVec2(cell0.x + g.cell_w - 2, cell0.y + dial_h)};

        // The unit circle: a faint disc, its rim, the axes and a tick every π/4 (labelled at the quarters
        // when there is room).
        dl->AddCircleFilled(c, r, with_alpha(faint, 0.06f), 96);
        dl->AddCircle(c, r, with_alpha(faint, 0.9f), 96, 1.5f);
        dl->AddLine(ImVec2(c.x - r * 1.1f, c.y), ImVec2(c.x + r * 1.1f, c.y), with_alpha(faint, 0.35f), 1.0f);
        dl->AddLine(ImVec2(c.x, c.y - r * 1.1f), ImVec2(c.x, c.y + r * 1.1f), with_alpha(faint, 0.35f), 1.0f);
        for (int t = 0; t < 8; ++t) {
            const double a = kTwoPi * t / 8.0;
            dl->AddLine(on_circle(c, r, a), on_circle(c, r + (t % 2 == 0 ? 6.0f : 3.5f), a), with_alpha(faint, 0.9f), 1.2f);
        }
        if (r >= font * 4.0f) {
            static const char* const quarter[] = {"0", "π/2", "π", "3π/2"};
            for (int t = 0; t < 4; ++t) {
                const ImVec2 ts = ImGui::CalcTextSize(quarter[t]);
                const ImVec2 at = placer.place(on_circle(c, r + 6.0f, kTwoPi * t / 4.0), kTwoPi * t / 4.0, ts, 3.0f);
                placer.taken.back().weight = 150.0f;
                dl->AddText(at, faint, quarter[t]);
            }
        }

        // Geometry first (so that labels avoid all of it): arrow shafts, trails and arcs.
        for (const auto& a : dial.arrows) {
            const float len = r * float(std::clamp(a.length, 0.0, 1.25));
            placer.add_segment(c, on_circle(c, len, a.angle));
        }
        struct ArcDrawn {
            double a0, a1;
            float radius;
            const PhasorView::Arc* arc;
        };
        std::vector<ArcDrawn> arcs;
        for (size_t k = 0; k < dial.arcs.size(); ++k) {
            const PhasorView::Arc& arc = dial.arcs[k];
            if (arc.from < 0 || arc.to < 0 || size_t(arc.from) >= dial.arrows.size() || size_t(arc.to) >= dial.arrows.size())
                continue;
            const double a0 = dial.arrows[size_t(arc.from)].angle;
            const double a1 = a0 + angle_between(a0, dial.arrows[size_t(arc.to)].angle);
            const float ar = r * std::min(0.85f, 0.3f + 0.14f * float(arcs.size()));
            arcs.push_back({a0, a1, ar, &arc});
            placer.add_arc(c, ar, a0, a1);
        }

        // Arcs under the arrows: a light wedge and its outline with a head.
        for (const ArcDrawn& a : arcs) {
            const ImU32 col = arrow_colour(dial.arrows[size_t(a.arc->to)].colour);
            fill_wedge(dl, c, a.radius, a.a0, a.a1, with_alpha(col, 0.10f));
            draw_arc(dl, c, a.radius, a.a0, a.a1, with_alpha(text, 0.8f), 1.6f, true);
        }

        // Trails: the arrow's earlier angles as dots, older ones fainter and smaller.
        for (const auto& a : dial.arrows) {
            const ImU32 colour = arrow_colour(a.colour);
            const float len = r * float(std::clamp(a.length, 0.0, 1.25));
            for (size_t t = 0; t < a.trail.size(); ++t) {
                const float age = float(t + 1) / float(a.trail.size() + 1);  // 0 old … 1 newest
                dl->AddCircleFilled(on_circle(c, len, a.trail[t]), 2.0f + 2.0f * age, with_alpha(colour, 0.12f + 0.45f * age), 12);
            }
        }

        // Arrows, then their labels (placed after every shaft is known).
        std::vector<std::pair<ImVec2, const PhasorView::Arrow*>> tips;
        for (size_t k = 0; k < dial.arrows.size(); ++k) {
            const PhasorView::Arrow& a = dial.arrows[k];
            const ImU32 colour = arrow_colour(a.colour);
            const float len = r * float(std::clamp(a.length, 0.0, 1.25));
            const ImVec2 tip = on_circle(c, len, a.angle);
            const int id = int(di) * 64 + int(k) + 1;
            const bool draggable = !a.drag_param.empty() && ctx.edits;
            const float dx = mouse.x - tip.x, dy = mouse.y - tip.y;
            const bool near_tip = draggable && hovered && dx * dx + dy * dy <= (font * 1.1f) * (font * 1.1f);
            if (near_tip && ImGui::IsMouseClicked(0)) grabbed = id;
            const bool held = grabbed == id;
            draw_arrow(dl, c, tip, colour, held || near_tip ? 3.5f : 2.6f, a.dashed);
            if (draggable) {
                // A handle: a ring around the head, filled while held.
                dl->AddCircle(tip, font * 0.55f, with_alpha(colour, held || near_tip ? 1.0f : 0.7f), 24, held ? 2.5f : 1.5f);
                if (held) dl->AddCircleFilled(tip, font * 0.55f, with_alpha(colour, 0.2f), 24);
                placer.taken.push_back({ImVec2(tip.x - font * 0.6f, tip.y - font * 0.6f), ImVec2(tip.x + font * 0.6f, tip.y + font * 0.6f)});
                handles.push_back({a.drag_param, tip});
            }
            tips.push_back({tip, &a});
            if (held && ImGui::IsMouseDragging(0, 0.0f)) {
                const double angle = std::atan2(-(mouse.y - c.y), mouse.x - c.x);
                const DragTarget target = drag_target(a.drag_param);
                const double value = dragged_value(a, angle, target);
                const double current = (a.angle - a.drag_origin) / (a.drag_per_unit == 0 ? 1.0 : a.drag_per_unit);
                if (std::fabs(value - current) > 1e-9 * std::max(1.0, std::fabs(current)))
                    ctx.edits->push_back({a.drag_param, value_text(value, target.integer)});
            }
            if (near_tip || held) {
                ImGui::SetMouseCursor(ImGuiMouseCursor_Hand);
                if (!held)
                    hover_tip = say(ctx.lang, {"拖动箭头来转动 {what}", "Drag the arrowhead to turn {what}"},
                                    {{"what", a.label.empty() ? a.drag_param : a.label}});
            }
        }
        for (const auto& [tip, a] : tips) {
            if (a->label.empty()) continue;
            const ImVec2 ts = ImGui::CalcTextSize(a->label.c_str());
            const ImVec2 at = placer.place(tip, a->angle, ts, font * 0.45f + (a->drag_param.empty() ? 0.0f : font * 0.3f));
            label_on_patch(dl, at, arrow_colour(a->colour), a->label);
        }
        // Arc labels: beside the middle of their arc, outside it when there is room.
        for (const ArcDrawn& a : arcs) {
            if (a.arc->label.empty()) continue;
            const double mid = (a.a0 + a.a1) * 0.5;
            const ImVec2 ts = ImGui::CalcTextSize(a.arc->label.c_str());
            const ImVec2 at = placer.place(on_circle(c, a.radius, mid), mid, ts, font * 0.35f);
            label_on_patch(dl, at, text, a.arc->label);
        }
        // The caption under the dial, wrapped to the cell.
        if (!dial.caption.empty()) {
            const auto lines = wrap_lines(dial.caption, g.cell_w - font);
            float y = cell0.y + dial_h + font * 0.1f;
            for (const auto& l : lines) {
                const float tw = ImGui::CalcTextSize(l.first, l.second).x;
                dl->AddText(ImVec2(c.x - tw * 0.5f, y), text, l.first, l.second);
                y += font * 1.2f;
            }
        }
    }
    storage->SetInt(grab_id, active ? grabbed : 0);
    if (!hover_tip.empty()) ImGui::SetTooltip("%s", hover_tip.c_str());
    if (ctx.drawn) {
        ctx.drawn->push_back({ViewKind::Phasor, title, area_min, area_max, g.rows, g.per_row});
        ctx.drawn->back().handles = std::move(handles);
    }
    return true;
}

// [SECTION] odometer -------------------------------------------------------------------------------

namespace {

struct OdometerGrid {
    int per_row = 1, rows = 1;
    float r = 0, cell_w = 0, cell_h = 0;
};

// Height above the dials: the legend line(s) and the binary counter.
float odometer_header_height(const OdometerView& v, float font, int legend_lines) {
    return font * 1.6f + float(legend_lines) * font * 1.4f + (v.binary_bits > 0 ? font * 2.7f : 0.0f) + font * 0.3f;
}

float odometer_caption_height(float font) { return font * 2.5f; }

// Small dials in rows filled evenly, at most 16 a row: radius at most 3.4 font sizes (5.6 for 8 pairs or fewer); the fewest rows whose
// radius is still readable (2.2 font sizes) within the width and max_height, else the largest radius.
OdometerGrid odometer_grid(const OdometerView& v, float width, float max_height, float font, int legend_lines) {
    const int n = std::max<int>(1, int(v.theta.size()));
    OdometerGrid best;
    float best_r = -INFINITY;
    for (int rows = (n + 15) / 16; rows <= n; ++rows) {
        const int cols = (n + rows - 1) / rows;
        if (rows > (n + 15) / 16 && (n + cols - 1) / cols != rows) continue;  // the same grid as fewer rows
        if (best_r >= font * 2.2f) break;  // fewer rows already read well: one row reads as an odometer
        OdometerGrid g;
        g.per_row = cols;
        g.rows = rows;
        g.cell_w = width / float(cols);
        // A few pairs (a short d) may use bigger dials: they are the whole picture then.
        const float largest = n <= 8 ? font * 5.6f : font * 3.4f;
        float r = std::min(largest, (g.cell_w - font * 0.9f) * 0.5f);
        if (max_height > 0) {
            const float room = (max_height - odometer_header_height(v, font, legend_lines)) / float(g.rows) -
                               odometer_caption_height(font) - font * 0.5f;
            r = std::min(r, room * 0.5f);
        }
        if (r > best_r + 0.5f) best_r = r, best = g;
    }
    best.r = std::max(font * 1.4f, best_r);
    best.cell_h = 2.0f * best.r + font * 0.5f + odometer_caption_height(font);
    return best;
}

// The legend items: (swatch kind, colour, words). Kinds: 0 needle, 1 filled box, 2 red ring.
struct LegendItem {
    int kind;
    ImU32 colour;
    std::string words;
};

std::vector<LegendItem> odometer_legend(const OdometerView& v, Lang lang) {
    std::vector<LegendItem> items;
    items.push_back({0, arrow_colour(0), v.needle_label.empty() ? say(lang, {"指针 p·θᵢ", "needle p·θᵢ"}) : v.needle_label});
    if (v.theta_scaled.size() == v.theta.size())
        items.push_back({0, arrow_colour(2), v.scaled_label.empty() ? std::string("p·θ′ᵢ") : v.scaled_label});
    if (v.train_length > 0) {
        int never = 0;
        for (size_t i = 0; i < v.theta.size() && i < v.turns_in_training.size(); ++i) never += v.turns_in_training[i] < 1.0;
        char L[32];
        std::snprintf(L, sizeof L, "%.0f", v.train_length);
        items.push_back({1, IM_COL32(240, 170, 40, 255),
                         v.span_is_training
                             ? say(lang, {"训练中扫过的角度（位置 0…{L}）", "angles swept in training (positions 0…{L})"}, {{"L", L}})
                             : say(lang, {"位置 0…{L} 扫过的角度", "angles swept by positions 0…{L}"}, {{"L", L}})});
        items.push_back({2, IM_COL32(206, 52, 38, 255),
                         v.span_is_training
                             ? say(lang, {"训练中没有转满一圈：{n} 对", "pairs never a full turn in training: {n}"},
                                   {{"n", std::to_string(never)}})
                             : say(lang, {"位置 0…{L} 内没有转满一圈：{n} 对", "pairs with no full turn in positions 0…{L}: {n}"},
                                   {{"L", L}, {"n", std::to_string(never)}})});
    }
    return items;
}

float legend_item_width(const LegendItem& item, float font) { return font * 1.5f + ImGui::CalcTextSize(item.words.c_str()).x + font * 1.2f; }

// Lines the legend takes at `width`, the position label first on the first line.
int legend_lines(const OdometerView& v, Lang lang, float width, float font) {
    float x = v.position_label.empty() ? 0.0f : ImGui::CalcTextSize(v.position_label.c_str()).x + font * 1.5f;
    int lines = 1;
    for (const LegendItem& item : odometer_legend(v, lang)) {
        const float w = legend_item_width(item, font);
        if (x > 0 && x + w > width) ++lines, x = 0;
        x += w;
    }
    return lines;
}

}  // namespace

float figure_height(const OdometerView& v, float width) {
    const float font = ImGui::GetFontSize();
    const int lines = legend_lines(v, Lang::en, width, font);
    const OdometerGrid g = odometer_grid(v, width, 0.0f, font, lines);
    return odometer_header_height(v, font, lines) + float(g.rows) * g.cell_h;
}

// The dials as draw_figure reports them (its plot rectangle: the grid under the legend and the counter).
float figure_plot_area(const OdometerView& v, float width, float max_height, Lang lang) {
    if (v.theta.empty()) return 0.0f;
    const float font = ImGui::GetFontSize();
    const OdometerGrid g = odometer_grid(v, width, max_height, font, legend_lines(v, lang, width, font));
    return width * float(g.rows) * g.cell_h;
}

// draw_figure: the title, the legend lines, the binary counter, the dials (one Dummy down to their bottom).
float figure_drawn_bottom(const OdometerView& v, float top, float width, float max_height, bool /*primary*/, Lang lang) {
    if (v.theta.empty()) return top;
    const float font = ImGui::GetFontSize();
    const int lines = legend_lines(v, lang, width, font);
    const OdometerGrid g = odometer_grid(v, width, max_height, font, lines);
    return cursor_after_item(dial_title_bottom(top, font), float(lines) * font * 1.4f + font * 0.2f +
                                                              (v.binary_bits > 0 ? font * 2.7f : 0.0f) + float(g.rows) * g.cell_h);
}

bool draw_figure(const std::string& title, const OdometerView& v, ViewContext& ctx, float width) {
    if (v.theta.empty()) return false;
    const float font = ImGui::GetFontSize();
    text_one_line(title, width);
    ImGui::Dummy(ImVec2(width, std::max(0.0f, font * 1.6f - ImGui::GetTextLineHeightWithSpacing())));
    ImDrawList* dl = ImGui::GetWindowDrawList();
    const ImU32 text = ImGui::GetColorU32(ImGuiCol_Text);
    const ImU32 faint = ImGui::GetColorU32(ImGuiCol_TextDisabled);
    const ImU32 needle = arrow_colour(0), scaled_needle = arrow_colour(2);
    const ImU32 shade = IM_COL32(240, 170, 40, 80), never = IM_COL32(206, 52, 38, 255);
    const bool scaled = v.theta_scaled.size() == v.theta.size();
    const int lines = legend_lines(v, ctx.lang, width, font);
    const OdometerGrid g = odometer_grid(v, width, ctx.max_height, font, lines);
    const ImVec2 top = ImGui::GetCursorScreenPos();

    // The legend line(s): the position, then each mark and what it means (with the count of pairs that
    // never completed a turn).
    {
        float x = top.x, y = top.y;
        if (!v.position_label.empty()) {
            dl->AddText(ImVec2(x, y), text, v.position_label.c_str());
            x += ImGui::CalcTextSize(v.position_label.c_str()).x + font * 1.5f;
        }
        for (const LegendItem& item : odometer_legend(v, ctx.lang)) {
            const float w = legend_item_width(item, font);
            if (x > top.x && x + w > top.x + width) x = top.x, y += font * 1.4f;
            const ImVec2 m(x + font * 0.6f, y + font * 0.55f);
            if (item.kind == 0) draw_arrow(dl, ImVec2(m.x - font * 0.6f, m.y), ImVec2(m.x + font * 0.6f, m.y), item.colour, 2.0f, false);
            if (item.kind == 1) dl->AddRectFilled(ImVec2(x, y + font * 0.2f), ImVec2(x + font * 1.2f, y + font * 0.9f), with_alpha(item.colour, 0.45f), 2.0f);
            if (item.kind == 2) dl->AddCircle(m, font * 0.45f, item.colour, 20, 2.2f);
            dl->AddText(ImVec2(x + font * 1.5f, y), text, item.words.c_str());
            x += w;
        }
    }
    float y = top.y + float(lines) * font * 1.4f + font * 0.2f;

    // Binary counter: bit b above pair b when the bits fit the columns (bit 0, the one that flips at every
    // step, above the fastest pair), else a compact row in the same order.
    if (v.binary_bits > 0) {
        const int bits = std::min(v.binary_bits, 62);
        const long long p = std::isfinite(v.position) ? std::llround(std::clamp(v.position, 0.0, 4.0e18)) : 0;
        const bool aligned = bits <= g.per_row;
        const float box = aligned ? std::min(font * 1.6f, g.cell_w - 4.0f) : std::min(font * 1.5f, width / float(bits) - 3.0f);
        const float step = aligned ? g.cell_w : box + 3.0f;
        for (int b = 0; b < bits; ++b) {
            const bool on = ((p >> b) & 1LL) != 0;
            const float cx = top.x + step * (float(b) + 0.5f);
            const ImVec2 q0(cx - box * 0.5f, y), q1(cx + box * 0.5f, y + box);
            dl->AddRectFilled(q0, q1, on ? needle : ImGui::GetColorU32(ImGuiCol_FrameBg), 3.0f);
            dl->AddRect(q0, q1, with_alpha(needle, 0.5f), 3.0f);
            const char* digit = on ? "1" : "0";
            const ImVec2 ts = ImGui::CalcTextSize(digit);
            dl->AddText(ImVec2(cx - ts.x * 0.5f, y + (box - ts.y) * 0.5f), on ? IM_COL32_WHITE : text, digit);
            if (aligned && b + 1 < bits)  // a faint link from each bit down to its pair
                dl->AddLine(ImVec2(cx, y + box + 1), ImVec2(cx, y + box + font * 0.6f), with_alpha(faint, 0.4f), 1.0f);
        }
        const std::string caption = say(ctx.lang, {"二进制的 p，第 0 位在最左", "p in binary, bit 0 leftmost"});
        const float right = top.x + step * float(bits) + font * 0.6f;
        if (right + ImGui::CalcTextSize(caption.c_str()).x <= top.x + width)
            dl->AddText(ImVec2(right, y + (box - font) * 0.5f), faint, caption.c_str());
        y += font * 2.7f;
    }

    const ImVec2 origin(top.x, y);
    const float r = g.r;
    for (size_t i = 0; i < v.theta.size(); ++i) {
        const int col = int(i) % g.per_row, row = int(i) / g.per_row;
        const ImVec2 c(origin.x + g.cell_w * (float(col) + 0.5f), origin.y + float(row) * g.cell_h + r + font * 0.25f);
        const double turns = i < v.turns_in_training.size() ? v.turns_in_training[i] : 1.0;
        const bool short_of_a_turn = v.train_length > 0 && turns < 1.0;
        dl->AddCircleFilled(c, r, with_alpha(faint, 0.05f), 48);
        // The training arc: the angles 0 … L_train·θᵢ (the whole disc once a turn is complete).
        if (v.train_length > 0) fill_wedge(dl, c, r, 0.0, std::min(kTwoPi, v.train_length * v.theta[i]), shade);
        dl->AddCircle(c, r, short_of_a_turn ? never : with_alpha(faint, 0.9f), 48, short_of_a_turn ? 2.6f : 1.3f);
        dl->AddLine(c, on_circle(c, r, 0.0), with_alpha(faint, 0.5f), 1.0f);  // angle 0, where every needle starts
        const double a = std::fmod(v.position * v.theta[i], kTwoPi);
        draw_arrow(dl, c, on_circle(c, r * 0.9f, a), needle, 2.2f, false);
        if (scaled) draw_arrow(dl, c, on_circle(c, r * 0.62f, std::fmod(v.position * v.theta_scaled[i], kTwoPi)), scaled_needle, 2.0f, false);
        dl->AddCircleFilled(c, 2.5f, text, 12);
        // Caption (θᵢ or the pair index) and the turns made in training.
        char buf[48];
        std::snprintf(buf, sizeof buf, "%zu", i);
        const std::string cap = i < v.captions.size() && !v.captions[i].empty() ? v.captions[i] : std::string(buf);
        const ImU32 cap_col = short_of_a_turn ? never : text;
        const float cy = c.y + r + font * 0.25f;
        centred_fitting(dl, ImVec2(c.x, cy), g.cell_w - 6.0f, cap_col, cap);
        if (v.train_length > 0 && i < v.turns_in_training.size()) {
            // Two decimals below one turn (as short as the dial's width allows), one up to ten, none beyond: "1.0
            // turns", never "1 turns" for 1.02; a slow pair's 0.049 would not fit and go unlabelled.
            if (turns < 0.005) std::snprintf(buf, sizeof buf, "<0.01");
            else std::snprintf(buf, sizeof buf, turns < 1 ? "%.2f" : turns < 10 ? "%.1f" : "%.0f", turns);
            const std::string t = say(ctx.lang, {"{t} 圈", "{t} turns"}, {{"t", buf}});
            centred_fitting(dl, ImVec2(c.x, cy + font * 1.1f), g.cell_w - 6.0f, short_of_a_turn ? never : faint, t);
        }
    }
    const ImVec2 area_max(origin.x + width, origin.y + float(g.rows) * g.cell_h);
    ImGui::Dummy(ImVec2(width, area_max.y - top.y));
    if (ctx.drawn) ctx.drawn->push_back({ViewKind::Odometer, title, origin, area_max, g.rows, g.per_row});
    return true;
}

}  // namespace pelab
