// PE Lab — views/views_curve.cpp
// Curve view: y(x) series on shared axes, drawn from caller-owned arrays (implot-style, stateless).
// Hovering shows the value of every series at the nearest sample.
#include <algorithm>
#include <cmath>
#include <cstdio>

#include "views/views.h"

namespace pelab {

namespace {

const ImU32 kSeriesColors[] = {IM_COL32(31, 119, 180, 255), IM_COL32(214, 39, 40, 255), IM_COL32(44, 160, 44, 255),
                               IM_COL32(148, 103, 189, 255), IM_COL32(255, 127, 14, 255), IM_COL32(23, 190, 207, 255)};

// Round tick step: 1, 2 or 5 × 10^k, giving about `target` ticks over `span`.
double nice_step(double span, int target) {
    const double raw = span / std::max(1, target);
    const double mag = std::pow(10.0, std::floor(std::log10(raw)));
    const double norm = raw / mag;
    return (norm < 1.5 ? 1.0 : norm < 3.5 ? 2.0 : norm < 7.5 ? 5.0 : 10.0) * mag;
}

}  // namespace

float curve_preferred_height(const CurveView& /*v*/, float width) {
    const float font = ImGui::GetFontSize();
    return font * 1.6f + std::clamp(width * 0.45f, font * 10.0f, font * 20.0f) + font * 2.6f;
}

bool draw_curve(const std::string& title, const CurveView& v, ViewContext& ctx, float width) {
    const float font = ImGui::GetFontSize();
    ImGui::TextUnformatted(title.c_str());
    const ImVec2 origin = ImGui::GetCursorScreenPos();
    const float plot_h = std::clamp(width * 0.45f, font * 10.0f, font * 20.0f);
    const float left = font * 3.5f, bottom = font * 1.5f;
    const ImVec2 p0(origin.x + left, origin.y + font * 0.5f);
    const ImVec2 p1(origin.x + width - font * 0.5f, origin.y + plot_h);
    ImDrawList* dl = ImGui::GetWindowDrawList();
    const ImU32 text = ImGui::GetColorU32(ImGuiCol_Text);
    const ImU32 grid = ImGui::GetColorU32(ImGuiCol_Border);

    // Data range.
    double x0 = INFINITY, x1 = -INFINITY, y0 = INFINITY, y1 = -INFINITY;
    for (double x : v.x) { x0 = std::min(x0, x); x1 = std::max(x1, x); }
    for (const auto& s : v.series)
        for (double y : s)
            if (std::isfinite(y)) { y0 = std::min(y0, y); y1 = std::max(y1, y); }
    if (!(x0 < x1)) { x0 -= 1; x1 += 1; }
    if (!(y0 <= y1)) { y0 = -1; y1 = 1; }
    if (y1 - y0 < 1e-12) { y0 -= 1; y1 += 1; }
    const double pad = (y1 - y0) * 0.06;
    y0 -= pad;
    y1 += pad;
    auto sx = [&](double x) { return float(p0.x + (x - x0) / (x1 - x0) * (p1.x - p0.x)); };
    auto sy = [&](double y) { return float(p1.y - (y - y0) / (y1 - y0) * (p1.y - p0.y)); };

    // Axes, grid and tick labels.
    dl->AddRect(p0, p1, grid);
    char buf[32];
    const double ys = nice_step(y1 - y0, 5);
    for (double y = std::ceil(y0 / ys) * ys; y <= y1; y += ys) {
        dl->AddLine(ImVec2(p0.x, sy(y)), ImVec2(p1.x, sy(y)), (std::fabs(y) < ys * 1e-6) ? text : grid & 0x60FFFFFF);
        std::snprintf(buf, sizeof buf, "%g", std::fabs(y) < ys * 1e-6 ? 0.0 : y);
        const float tw = ImGui::CalcTextSize(buf).x;
        dl->AddText(ImVec2(p0.x - tw - 4, sy(y) - font * 0.5f), text, buf);
    }
    const double xs = nice_step(x1 - x0, std::max(2, int((p1.x - p0.x) / (font * 4.0f))));
    for (double x = std::ceil(x0 / xs) * xs; x <= x1; x += xs) {
        dl->AddLine(ImVec2(sx(x), p0.y), ImVec2(sx(x), p1.y), grid & 0x60FFFFFF);
        std::snprintf(buf, sizeof buf, "%g", std::fabs(x) < xs * 1e-6 ? 0.0 : x);
        const float tw = ImGui::CalcTextSize(buf).x;
        dl->AddText(ImVec2(sx(x) - tw * 0.5f, p1.y + 3), text, buf);
    }
    if (!v.x_axis.empty()) {
        const float tw = ImGui::CalcTextSize(v.x_axis.c_str()).x;
        dl->AddText(ImVec2((p0.x + p1.x - tw) * 0.5f, p1.y + font * 1.2f), text, v.x_axis.c_str());
    }

    // Series and markers.
    dl->PushClipRect(p0, p1, true);
    for (size_t i = 0; i < v.vlines_x.size(); ++i) {
        const float x = sx(v.vlines_x[i]);
        dl->AddLine(ImVec2(x, p0.y), ImVec2(x, p1.y), IM_COL32(90, 90, 90, 255), 1.5f);
        if (i < v.vline_labels.size())
            dl->AddText(ImVec2(x + 4, p1.y - font * 1.3f), text, v.vline_labels[i].c_str());
    }
    const size_t n = v.x.size();
    for (size_t s = 0; s < v.series.size(); ++s) {
        const ImU32 col = kSeriesColors[s % (sizeof kSeriesColors / sizeof kSeriesColors[0])];
        const auto& ys_ = v.series[s];
        for (size_t i = 1; i < n && i < ys_.size(); ++i)
            if (std::isfinite(ys_[i - 1]) && std::isfinite(ys_[i]))
                dl->AddLine(ImVec2(sx(v.x[i - 1]), sy(ys_[i - 1])), ImVec2(sx(v.x[i]), sy(ys_[i])), col, 2.0f);
        for (double mx : v.markers_x) {
            // Marker value: interpolate the series at mx (markers sit on sample points in practice).
            const auto it = std::lower_bound(v.x.begin(), v.x.end(), mx);
            if (it == v.x.end()) continue;
            const size_t i = size_t(it - v.x.begin());
            if (i < ys_.size() && std::isfinite(ys_[i])) dl->AddCircleFilled(ImVec2(sx(v.x[i]), sy(ys_[i])), 4.0f, col);
        }
    }
    dl->PopClipRect();

    // Legend (top-left inside the box).
    float ly = p0.y + 4;
    for (size_t s = 0; s < v.series_labels.size() && s < v.series.size(); ++s) {
        const ImU32 col = kSeriesColors[s % (sizeof kSeriesColors / sizeof kSeriesColors[0])];
        dl->AddLine(ImVec2(p0.x + 6, ly + font * 0.5f), ImVec2(p0.x + 24, ly + font * 0.5f), col, 3.0f);
        dl->AddText(ImVec2(p0.x + 28, ly), text, v.series_labels[s].c_str());
        ly += font + 2;
    }

    // Hover: nearest sample.
    ImGui::InvisibleButton("##curve", ImVec2(width, plot_h + bottom));
    if (ImGui::IsItemHovered() && n > 0) {
        const float mx = ImGui::GetIO().MousePos.x;
        const double xv = x0 + (mx - p0.x) / (p1.x - p0.x) * (x1 - x0);
        const auto it = std::lower_bound(v.x.begin(), v.x.end(), xv);
        size_t i = size_t(std::min<ptrdiff_t>(it - v.x.begin(), ptrdiff_t(n - 1)));
        if (i > 0 && std::fabs(v.x[i - 1] - xv) < std::fabs(v.x[i] - xv)) --i;
        dl->AddLine(ImVec2(sx(v.x[i]), p0.y), ImVec2(sx(v.x[i]), p1.y), text);
        ImGui::BeginTooltip();
        ImGui::Text("%s = %s", v.x_axis.empty() ? "x" : v.x_axis.c_str(), format_cell(v.x[i], false, 4).c_str());
        for (size_t s = 0; s < v.series.size(); ++s) {
            if (i >= v.series[s].size()) continue;
            const char* label = s < v.series_labels.size() ? v.series_labels[s].c_str() : "y";
            ImGui::Text("%s = %s", label, format_cell(v.series[s][i], false, 6).c_str());
        }
        ImGui::EndTooltip();
    }
    if (ctx.drawn) ctx.drawn->push_back({ViewKind::Curve, title, p0, p1, 0, int(v.series.size())});
    return true;
}

}  // namespace pelab
