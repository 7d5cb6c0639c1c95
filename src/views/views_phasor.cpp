// PE Lab — views/views_phasor.cpp
// Phasor dials and odometers: rotations drawn as vectors on unit circles (implot style: one function per
// kind, each with its own payload from lesson.h, drawn at the cursor into a given width).
//
// [SECTION] shared geometry (colours, arrows, arcs)
// [SECTION] phasor dials
// [SECTION] odometer
#include <algorithm>
#include <cmath>
#include <cstdio>

#include "views/views.h"

namespace pelab {

namespace {

// [SECTION] shared geometry (colours, arrows, arcs) ------------------------------------------------

constexpr double kTwoPi = 6.283185307179586;

ImU32 arrow_colour(int index) {
    static const ImU32 colours[] = {IM_COL32(31, 104, 196, 255), IM_COL32(206, 52, 38, 255), IM_COL32(40, 150, 60, 255),
                                    IM_COL32(128, 128, 128, 255)};
    return colours[std::clamp(index, 0, 3)];
}

// Screen point at `angle` (counter-clockwise from +x, screen y grows downwards) and radius r around c.
ImVec2 on_circle(ImVec2 c, float r, double angle) {
    return ImVec2(c.x + r * float(std::cos(angle)), c.y - r * float(std::sin(angle)));
}

void draw_arrow(ImDrawList* dl, ImVec2 from, ImVec2 to, ImU32 col, float thickness, bool dashed) {
    const float dx = to.x - from.x, dy = to.y - from.y, len = std::sqrt(dx * dx + dy * dy);
    if (len < 1.0f) return;
    const float ux = dx / len, uy = dy / len, head = std::min(len * 0.35f, thickness * 4.5f);
    const ImVec2 base(to.x - ux * head, to.y - uy * head);
    if (dashed) {
        const float dash = thickness * 3.0f;
        for (float t = 0; t < len - head; t += dash * 2)
            dl->AddLine(ImVec2(from.x + ux * t, from.y + uy * t),
                        ImVec2(from.x + ux * std::min(t + dash, len - head), from.y + uy * std::min(t + dash, len - head)), col,
                        thickness);
    } else {
        dl->AddLine(from, base, col, thickness);
    }
    dl->AddTriangleFilled(to, ImVec2(base.x - uy * head * 0.5f, base.y + ux * head * 0.5f),
                          ImVec2(base.x + uy * head * 0.5f, base.y - ux * head * 0.5f), col);
}

// The arc from angle a0 to a1 (the short way when |a1 − a0| ≤ 2π is not asked for: as given) at radius r.
void draw_arc(ImDrawList* dl, ImVec2 c, float r, double a0, double a1, ImU32 col, float thickness) {
    const int n = std::max(8, int(std::fabs(a1 - a0) / kTwoPi * 64.0));
    for (int i = 0; i <= n; ++i) dl->PathLineTo(on_circle(c, r, a0 + (a1 - a0) * double(i) / double(n)));
    dl->PathStroke(col, 0, thickness);
}

// The signed angle from a0 to a1 in (−π, π].
double angle_between(double a0, double a1) {
    double d = std::fmod(a1 - a0, kTwoPi);
    if (d > kTwoPi / 2) d -= kTwoPi;
    if (d <= -kTwoPi / 2) d += kTwoPi;
    return d;
}

// The value of a parameter for an arrow dragged to `angle`: unwrapped next to the arrow's current angle.
double dragged_value(const PhasorView::Arrow& a, double angle) {
    const double unwrapped = a.angle + angle_between(a.angle, angle);
    return (unwrapped - a.drag_origin) / (a.drag_per_unit == 0 ? 1.0 : a.drag_per_unit);
}

}  // namespace

// [SECTION] phasor dials ---------------------------------------------------------------------------

// Dials in one row when they fit at a readable size, else wrapped: radius between 3.5 and 9 font sizes.
static void phasor_grid(const PhasorView& v, float width, float font, int* per_row, float* radius) {
    const int n = std::max<int>(1, int(v.dials.size()));
    for (int cols = n; cols >= 1; --cols) {
        const float r = std::min(font * 9.0f, (width / float(cols) - font * 2.0f) * 0.5f);
        if (r >= font * 3.5f || cols == 1) {
            *per_row = cols;
            *radius = std::max(font * 2.5f, r);
            return;
        }
    }
}

float phasor_preferred_height(const PhasorView& v, float width) {
    const float font = ImGui::GetFontSize();
    int per_row = 1;
    float r = 0;
    phasor_grid(v, width, font, &per_row, &r);
    const int rows = (std::max<int>(1, int(v.dials.size())) + per_row - 1) / per_row;
    return font * 1.6f + float(rows) * (2.0f * r * 1.28f + font * 2.6f);
}

bool draw_phasor(const std::string& title, const PhasorView& v, ViewContext& ctx, float width) {
    if (v.dials.empty()) return false;
    const float font = ImGui::GetFontSize();
    ImGui::TextUnformatted(title.c_str());
    const ImVec2 origin = ImGui::GetCursorScreenPos();
    int per_row = 1;
    float r = 0;
    phasor_grid(v, width, font, &per_row, &r);
    const float cell_w = width / float(per_row), cell_h = 2.0f * r * 1.28f + font * 2.6f;
    const int rows = (int(v.dials.size()) + per_row - 1) / per_row;
    ImDrawList* dl = ImGui::GetWindowDrawList();
    const ImU32 text = ImGui::GetColorU32(ImGuiCol_Text);
    const ImU32 faint = ImGui::GetColorU32(ImGuiCol_TextDisabled);
    const ImVec2 area_min = origin, area_max(origin.x + width, origin.y + float(rows) * cell_h);

    ImGui::InvisibleButton("##phasor", ImVec2(width, area_max.y - area_min.y));
    const bool hovered = ImGui::IsItemHovered(), active = ImGui::IsItemActive();
    const ImVec2 mouse = ImGui::GetIO().MousePos;
    ImGuiStorage* storage = ImGui::GetStateStorage();
    const ImGuiID grab_id = ImGui::GetID("##grab");  // which arrow is held: dial * 64 + arrow + 1, 0 = none
    int grabbed = active ? storage->GetInt(grab_id, 0) : 0;

    for (size_t di = 0; di < v.dials.size(); ++di) {
        const PhasorView::Dial& dial = v.dials[di];
        const int col = int(di) % per_row, row = int(di) / per_row;
        const ImVec2 c(origin.x + cell_w * (float(col) + 0.5f), origin.y + float(row) * cell_h + r * 1.28f);
        // The circle, its axes and the quarter ticks.
        dl->AddCircle(c, r, faint, 96, 1.5f);
        dl->AddLine(ImVec2(c.x - r * 1.12f, c.y), ImVec2(c.x + r * 1.12f, c.y), faint & 0x70FFFFFF, 1.0f);
        dl->AddLine(ImVec2(c.x, c.y - r * 1.12f), ImVec2(c.x, c.y + r * 1.12f), faint & 0x70FFFFFF, 1.0f);
        // Angle arcs first (under the arrows), labelled at their middle.
        for (size_t k = 0; k < dial.arcs.size(); ++k) {
            const PhasorView::Arc& arc = dial.arcs[k];
            if (arc.from < 0 || arc.to < 0 || size_t(arc.from) >= dial.arrows.size() || size_t(arc.to) >= dial.arrows.size()) continue;
            const double a0 = dial.arrows[size_t(arc.from)].angle;
            const double a1 = a0 + angle_between(a0, dial.arrows[size_t(arc.to)].angle);
            const float ar = r * (0.32f + 0.1f * float(k));
            draw_arc(dl, c, ar, a0, a1, text, 1.6f);
            if (!arc.label.empty()) {
                const ImVec2 ts = ImGui::CalcTextSize(arc.label.c_str());
                const ImVec2 mid = on_circle(c, ar + font * 0.6f, (a0 + a1) * 0.5);
                // Keep the label on the side of the middle point facing away from the centre.
                const float lx = mid.x >= c.x ? mid.x : mid.x - ts.x, ly = mid.y - ts.y * 0.5f;
                dl->AddRectFilled(ImVec2(lx - 2, ly - 1), ImVec2(lx + ts.x + 2, ly + ts.y + 1),
                                  ImGui::GetColorU32(ImGuiCol_WindowBg, 0.85f), 3.0f);
                dl->AddText(ImVec2(lx, ly), text, arc.label.c_str());
            }
        }
        // Arrows, with their trails and labels.
        for (size_t k = 0; k < dial.arrows.size(); ++k) {
            const PhasorView::Arrow& a = dial.arrows[k];
            const ImU32 colour = arrow_colour(a.colour);
            const float len = r * float(std::clamp(a.length, 0.0, 1.25));
            for (size_t t = 0; t < a.trail.size(); ++t) {
                const float fade = float(t + 1) / float(a.trail.size() + 1);
                dl->AddCircleFilled(on_circle(c, len, a.trail[t]), 2.5f, (colour & 0x00FFFFFF) | (ImU32(40 + 140 * fade) << 24));
            }
            const ImVec2 tip = on_circle(c, len, a.angle);
            const int id = int(di) * 64 + int(k) + 1;
            const bool draggable = !a.drag_param.empty() && ctx.edits;
            const float dx = mouse.x - tip.x, dy = mouse.y - tip.y;
            const bool near_tip = draggable && dx * dx + dy * dy <= (font * 1.1f) * (font * 1.1f);
            if (near_tip && hovered && ImGui::IsMouseClicked(0)) grabbed = id;
            const bool held = grabbed == id;
            draw_arrow(dl, c, tip, colour, held || (near_tip && hovered) ? 3.5f : 2.5f, a.dashed);
            if (draggable) dl->AddCircle(tip, font * 0.45f, colour, 0, held ? 2.5f : 1.2f);
            if (!a.label.empty()) {
                const ImVec2 ts = ImGui::CalcTextSize(a.label.c_str());
                const ImVec2 at = on_circle(c, len + font * 0.9f, a.angle);
                dl->AddText(ImVec2(at.x - ts.x * 0.5f, at.y - ts.y * 0.5f), colour, a.label.c_str());
            }
            if (held && ImGui::IsMouseDragging(0, 0.0f)) {
                const double angle = std::atan2(-(mouse.y - c.y), mouse.x - c.x);
                char buf[64];
                std::snprintf(buf, sizeof buf, "%.17g", dragged_value(a, angle));
                ctx.edits->push_back({a.drag_param, buf});
            }
            if (near_tip && hovered) ImGui::SetMouseCursor(ImGuiMouseCursor_Hand);
        }
        if (!dial.caption.empty()) {
            const auto lines = wrap_lines(dial.caption, cell_w - font);
            float y = c.y + r * 1.28f + font * 0.2f;
            for (const auto& l : lines) {
                const float tw = ImGui::CalcTextSize(l.first, l.second).x;
                dl->AddText(ImVec2(c.x - tw * 0.5f, y), text, l.first, l.second);
                y += font * 1.15f;
            }
        }
    }
    storage->SetInt(grab_id, active ? grabbed : 0);
    if (ctx.drawn) ctx.drawn->push_back({ViewKind::Phasor, title, area_min, area_max, rows, per_row});
    return true;
}

// [SECTION] odometer -------------------------------------------------------------------------------

// Small dials in rows: at least 2.2 font sizes of radius, at most 16 per row.
static void odometer_grid(const OdometerView& v, float width, float font, int* per_row, float* radius) {
    const int n = std::max<int>(1, int(v.theta.size()));
    int cols = std::min(n, 16);
    float r = std::min(font * 3.2f, (width / float(cols) - font * 0.8f) * 0.5f);
    while (cols > 1 && r < font * 2.2f) {
        --cols;
        r = std::min(font * 3.2f, (width / float(cols) - font * 0.8f) * 0.5f);
    }
    *per_row = cols;
    *radius = std::max(r, font * 1.2f);
}

float odometer_preferred_height(const OdometerView& v, float width) {
    const float font = ImGui::GetFontSize();
    int per_row = 1;
    float r = 0;
    odometer_grid(v, width, font, &per_row, &r);
    const int rows = (std::max<int>(1, int(v.theta.size())) + per_row - 1) / per_row;
    const float counter = v.binary_bits > 0 ? font * 2.6f : 0.0f;
    return font * 1.6f + font * 1.4f + counter + float(rows) * (2.0f * r + font * 2.8f) + font * 1.4f;
}

bool draw_odometer(const std::string& title, const OdometerView& v, ViewContext& ctx, float width) {
    if (v.theta.empty()) return false;
    const float font = ImGui::GetFontSize();
    ImGui::TextUnformatted(title.c_str());
    ImDrawList* dl = ImGui::GetWindowDrawList();
    const ImU32 text = ImGui::GetColorU32(ImGuiCol_Text);
    const ImU32 faint = ImGui::GetColorU32(ImGuiCol_TextDisabled);
    const ImU32 needle = arrow_colour(0), scaled_needle = arrow_colour(1);
    const ImU32 shade = IM_COL32(240, 170, 40, 90), never = IM_COL32(206, 52, 38, 255);
    if (!v.position_label.empty()) ImGui::TextUnformatted(v.position_label.c_str());

    // Binary counter: bit 0 (the fastest to flip) on the left, like pair 0 on the dials below.
    if (v.binary_bits > 0) {
        const ImVec2 at = ImGui::GetCursorScreenPos();
        const long long p = std::llround(std::max(0.0, v.position));
        const float box = font * 1.7f;
        for (int b = 0; b < v.binary_bits; ++b) {
            const bool on = ((p >> b) & 1LL) != 0;
            const ImVec2 q0(at.x + float(b) * (box + 4), at.y), q1(q0.x + box, q0.y + box);
            dl->AddRectFilled(q0, q1, on ? needle : ImGui::GetColorU32(ImGuiCol_FrameBg), 3.0f);
            const char* digit = on ? "1" : "0";
            const ImVec2 ts = ImGui::CalcTextSize(digit);
            dl->AddText(ImVec2(q0.x + (box - ts.x) * 0.5f, q0.y + (box - ts.y) * 0.5f), on ? IM_COL32_WHITE : text, digit);
        }
        ImGui::Dummy(ImVec2(width, box + font * 0.9f));
    }

    const ImVec2 origin = ImGui::GetCursorScreenPos();
    int per_row = 1;
    float r = 0;
    odometer_grid(v, width, font, &per_row, &r);
    const float cell_w = width / float(per_row), cell_h = 2.0f * r + font * 2.8f;
    const int rows = (int(v.theta.size()) + per_row - 1) / per_row;
    const bool scaled = v.theta_scaled.size() == v.theta.size();
    for (size_t i = 0; i < v.theta.size(); ++i) {
        const int col = int(i) % per_row, row = int(i) / per_row;
        const ImVec2 c(origin.x + cell_w * (float(col) + 0.5f), origin.y + float(row) * cell_h + r + font * 0.3f);
        const double turns = i < v.turns_in_training.size() ? v.turns_in_training[i] : 1.0;
        // Training arc: the angles 0 … L_train·θᵢ (a full disc once a turn is complete), filled in convex
        // slices of at most a quarter turn.
        if (v.train_length > 0) {
            const double sweep = std::min(kTwoPi, v.train_length * v.theta[i]);
            const int slices = std::max(1, int(std::ceil(sweep / (kTwoPi / 4))));
            for (int s = 0; s < slices; ++s) {
                const double a0 = sweep * s / slices, a1 = sweep * (s + 1) / slices;
                dl->PathLineTo(c);
                for (int k = 0; k <= 12; ++k) dl->PathLineTo(on_circle(c, r, a0 + (a1 - a0) * k / 12.0));
                dl->PathFillConvex(shade);
            }
        }
        dl->AddCircle(c, r, turns < 1.0 ? never : faint, 48, turns < 1.0 ? 2.5f : 1.2f);
        draw_arrow(dl, c, on_circle(c, r * 0.92f, std::fmod(v.position * v.theta[i], kTwoPi)), needle, 2.0f, false);
        if (scaled) draw_arrow(dl, c, on_circle(c, r * 0.7f, std::fmod(v.position * v.theta_scaled[i], kTwoPi)), scaled_needle, 2.0f, false);
        char buf[32];
        std::snprintf(buf, sizeof buf, "%zu", i);
        const std::string cap = i < v.captions.size() && !v.captions[i].empty() ? v.captions[i] : std::string(buf);
        const float tw = ImGui::CalcTextSize(cap.c_str()).x;
        dl->AddText(ImVec2(c.x - tw * 0.5f, c.y + r + font * 0.25f), turns < 1.0 ? never : text, cap.c_str());
    }
    const ImVec2 area_max(origin.x + width, origin.y + float(rows) * cell_h);
    ImGui::Dummy(ImVec2(width, area_max.y - origin.y));
    if (ctx.drawn) ctx.drawn->push_back({ViewKind::Odometer, title, origin, area_max, rows, per_row});
    // Legend: needle(s), training arc, pairs that never turned once in training.
    const ImVec2 at = ImGui::GetCursorScreenPos();
    float x = at.x;
    auto legend = [&](ImU32 col, const std::string& label, bool ring) {
        if (ring) dl->AddCircle(ImVec2(x + font * 0.5f, at.y + font * 0.55f), font * 0.42f, col, 16, 2.0f);
        else dl->AddRectFilled(ImVec2(x, at.y + font * 0.25f), ImVec2(x + font, at.y + font * 0.85f), col, 2.0f);
        dl->AddText(ImVec2(x + font * 1.3f, at.y), text, label.c_str());
        x += font * 2.2f + ImGui::CalcTextSize(label.c_str()).x;
    };
    legend(needle, say(ctx.lang, {"指针 p·θᵢ", "needle p·θᵢ"}), false);
    if (scaled) legend(scaled_needle, v.scaled_label.empty() ? "θ′ᵢ" : v.scaled_label, false);
    if (v.train_length > 0) {
        legend(shade | 0xFF000000, say(ctx.lang, {"训练中扫过的角度", "angles seen in training"}), false);
        legend(never, say(ctx.lang, {"训练中未转满一圈", "never a full turn in training"}), true);
    }
    ImGui::Dummy(ImVec2(width, font * 1.3f));
    return true;
}

}  // namespace pelab
