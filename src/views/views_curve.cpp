// PE Lab — views/views_curve.cpp
// Curve view: y(x) series on shared axes, drawn from caller-owned arrays (implot-style, stateless); and the bar
// view, one bar per category on a value axis, which shares the curve's scales, ticks and colours.
// The figure rules: the legend sits above the plot box (it never covers data), both axes carry their
// captions, a series that coincides with an earlier one over the plotted range is drawn dashed and says so in
// the legend, logarithmic axes get decade ticks (10⁰, 10¹, …), the figure fits ViewContext::max_height, and
// hovering shows every series at the nearest x.
//
// [SECTION] scales and ticks (linear and logarithmic)
// [SECTION] legend (above the plot box)
// [SECTION] layout (heights for a width and max_height)
// [SECTION] drawing
// [SECTION] bars (one per category, on the same scales)
#include <algorithm>
#include <cmath>
#include <cstdio>

#include "core/io/text.h"
#include "lessons/bilingual.h"
#include "views/views.h"

namespace pelab {

ImU32 with_alpha(ImU32 col, float alpha) {
    return (col & ~IM_COL32_A_MASK) | (ImU32(std::clamp(alpha, 0.0f, 1.0f) * 255.0f) << IM_COL32_A_SHIFT);
}

namespace {

// Ten distinct colours (the cost lesson's growth curves have seven series: with six, the seventh repeated the
// first one's blue).
const ImU32 kSeriesColors[] = {IM_COL32(31, 119, 180, 255),  IM_COL32(214, 39, 40, 255),  IM_COL32(44, 160, 44, 255),
                               IM_COL32(148, 103, 189, 255), IM_COL32(255, 127, 14, 255), IM_COL32(23, 190, 207, 255),
                               IM_COL32(140, 86, 75, 255),   IM_COL32(227, 119, 194, 255), IM_COL32(127, 127, 127, 255),
                               IM_COL32(188, 189, 34, 255)};

ImU32 series_colour(size_t s) { return kSeriesColors[s % (sizeof kSeriesColors / sizeof kSeriesColors[0])]; }

// [SECTION] scales and ticks (linear and logarithmic) ---------------------------------------------

// Round tick step: 1, 2 or 5 × 10^k, giving about `target` ticks over `span`.
double nice_step(double span, int target) {
    const double raw = span / std::max(1, target);
    const double mag = std::pow(10.0, std::floor(std::log10(raw)));
    const double norm = raw / mag;
    return (norm < 1.5 ? 1.0 : norm < 3.5 ? 2.0 : norm < 7.5 ? 5.0 : 10.0) * mag;
}

// `digits` significant digits ("%g"), no trailing zeros, a typeset minus (U+2212).
static std::string significant_text(double v, int digits) {
    char buf[32];
    std::snprintf(buf, sizeof buf, "%.*g", digits, v);
    return typeset_minus(buf);
}

// A tick label: "%g" (six significant digits) with a typeset minus.
std::string tick_text(double v) { return significant_text(v, 6); }

// A hovered value: six significant digits; a missing value is a dash.
std::string value_text(double v) { return std::isnan(v) ? "—" : significant_text(v, 6); }

// "10³", "10⁻²": a power of ten with a superscript exponent.
std::string decade_text(int exponent) {
    static const char* const digits[] = {"⁰", "¹", "²", "³", "⁴", "⁵", "⁶", "⁷", "⁸", "⁹"};
    std::string e = std::to_string(std::abs(exponent)), out = exponent < 0 ? "10⁻" : "10";
    for (char ch : e) out += digits[ch - '0'];
    return out;
}

// One axis: data range [lo, hi] (log10 of it on a log axis) mapped onto screen [s0, s1].
struct Axis {
    bool log = false;
    double lo = 0, hi = 1;
    float s0 = 0, s1 = 1;
    // NaN for values a log axis cannot show (≤ 0).
    double value(double v) const { return log ? (v > 0 ? std::log10(v) : NAN) : v; }
    float screen(double v) const { return float(s0 + (value(v) - lo) / (hi - lo) * (s1 - s0)); }
};

struct Tick {
    double v;
    std::string label;  // empty: a minor tick (grid line only)
};

// Ticks about `spacing` pixels apart. Log axes: every decade labelled (every 2nd, 3rd … when they crowd),
// 2…9 × 10^k as minor lines; a log axis spanning less than two decades labels 1, 2, 5 × 10^k instead.
std::vector<Tick> axis_ticks(const Axis& a, float spacing) {
    std::vector<Tick> ticks;
    const float pixels = std::fabs(a.s1 - a.s0);
    const int target = std::max(2, int(pixels / spacing));
    if (!a.log) {
        const double step = nice_step(a.hi - a.lo, target);
        // At most a few hundred: a step lost in rounding (1e16 + 1) must not loop for ever.
        int guard = 0;
        for (double v = std::ceil(a.lo / step) * step; v <= a.hi + step * 1e-9 && ++guard < 300; v += step)
            ticks.push_back({std::fabs(v) < step * 1e-6 ? 0.0 : v, tick_text(std::fabs(v) < step * 1e-6 ? 0.0 : v)});
        return ticks;
    }
    const int e0 = int(std::clamp(std::floor(a.lo), -400.0, 400.0)), e1 = int(std::clamp(std::ceil(a.hi), -400.0, 400.0));
    const int decades_inside = int(std::floor(a.hi + 1e-9)) - int(std::ceil(a.lo - 1e-9)) + 1;
    if (decades_inside >= 2) {
        const int every = std::max(1, int(std::ceil(double(e1 - e0) / double(target))));
        for (int e = e0; e <= e1; ++e) {
            if (e >= a.lo - 1e-9 && e <= a.hi + 1e-9) ticks.push_back({std::pow(10.0, e), e % every == 0 ? decade_text(e) : ""});
            if (every == 1 && pixels / float(std::max(1, e1 - e0)) > spacing * 0.6f)
                for (int m = 2; m <= 9; ++m) {
                    const double lv = e + std::log10(double(m));
                    if (lv > a.lo && lv < a.hi) ticks.push_back({std::pow(10.0, lv), ""});
                }
        }
        return ticks;
    }
    for (int e = e0; e <= e1; ++e)
        for (int m : {1, 2, 5}) {
            const double lv = e + std::log10(double(m));
            if (lv >= a.lo - 1e-9 && lv <= a.hi + 1e-9) ticks.push_back({std::pow(10.0, lv), tick_text(m * std::pow(10.0, e))});
        }
    return ticks;
}

// The data range of an axis over finite values (positive ones on a log axis), padded a little.
void fit_axis(Axis* a, const std::vector<double>& values, double pad_fraction) {
    double lo = INFINITY, hi = -INFINITY;
    for (double v : values) {
        const double t = a->value(v);
        if (std::isfinite(t)) lo = std::min(lo, t), hi = std::max(hi, t);
    }
    if (!(lo <= hi)) lo = a->log ? 0 : -1, hi = a->log ? 1 : 1;
    if (hi - lo < 1e-12) {
        const double half = a->log ? 0.5 : std::max(1.0, std::fabs(lo) * 0.1);
        lo -= half, hi += half;
    }
    const double pad = (hi - lo) * pad_fraction;
    a->lo = lo - pad;
    a->hi = hi + pad;
}

// A horizontal axis under a plot box [p0, p1]: grid lines and tick marks at the ticks, their labels under the
// box (never two over each other, kept within [left, left + width]), and the caption centred under them.
void draw_x_axis(ImDrawList* dl, const Axis& ax, const std::vector<Tick>& ticks, ImVec2 p0, ImVec2 p1, float left,
                 float width, const std::string& caption) {
    const float font = ImGui::GetFontSize();
    const ImU32 text = ImGui::GetColorU32(ImGuiCol_Text);
    const ImU32 grid = ImGui::GetColorU32(ImGuiCol_Border);
    float last_label_right = -INFINITY;
    for (const Tick& t : ticks) {
        const float x = ax.screen(t.v);
        if (!std::isfinite(x) || x < p0.x - 0.5f || x > p1.x + 0.5f) continue;
        dl->AddLine(ImVec2(x, p0.y), ImVec2(x, p1.y), t.label.empty() ? grid & 0x30FFFFFF : grid & 0x70FFFFFF);
        dl->AddLine(ImVec2(x, p1.y), ImVec2(x, p1.y + 4), grid);
        if (t.label.empty()) continue;
        const ImVec2 ts = ImGui::CalcTextSize(t.label.c_str());
        const float lx = std::clamp(x - ts.x * 0.5f, left, left + width - ts.x);
        if (lx < last_label_right + font * 0.5f) continue;  // never two labels over each other
        dl->AddText(ImVec2(lx, p1.y + font * 0.2f), text, t.label.c_str());
        last_label_right = lx + ts.x;
    }
    if (!caption.empty()) {
        const float tw = ImGui::CalcTextSize(caption.c_str()).x;
        dl->AddText(ImVec2(std::max(left, (p0.x + p1.x - tw) * 0.5f), p1.y + font * 1.4f), text, caption.c_str());
    }
}

// [SECTION] legend (above the plot box) ------------------------------------------------------------

struct LegendEntry {
    size_t series;
    std::string words;
    bool dashed;
};

// Whether series b lies on series a over every x where both are finite: the largest gap is tiny next to the
// range of the plot (a thousandth of it, well under a pixel).
bool coincide(const std::vector<double>& a, const std::vector<double>& b, size_t n, double range) {
    double gap = 0;
    size_t both = 0;
    for (size_t i = 0; i < n && i < a.size() && i < b.size(); ++i) {
        if (!std::isfinite(a[i]) || !std::isfinite(b[i])) continue;
        gap = std::max(gap, std::fabs(a[i] - b[i]));
        ++both;
    }
    return both >= 2 && gap <= range * 1e-3;
}

// Every series drawn dashed (asked for, or coinciding with an earlier one) and its legend words.
std::vector<LegendEntry> legend_entries(const CurveView& v, Lang lang, std::vector<bool>* dashed) {
    double lo = INFINITY, hi = -INFINITY;
    for (const auto& s : v.series)
        for (double y : s)
            if (std::isfinite(y) && (!v.log_y || y > 0)) {
                const double t = v.log_y ? std::log10(y) : y;
                lo = std::min(lo, t), hi = std::max(hi, t);
            }
    const double range = hi > lo ? hi - lo : 1.0;
    dashed->assign(v.series.size(), false);
    std::vector<LegendEntry> out;
    for (size_t s = 0; s < v.series.size(); ++s) {
        (*dashed)[s] = s < v.series_dashed.size() && v.series_dashed[s];
        std::string other;
        for (size_t t = 0; t < s && other.empty(); ++t) {
            // On a log y axis, compare what is drawn (the logarithms).
            std::vector<double> a = v.series[t], b = v.series[s];
            if (v.log_y)
                for (auto* vec : {&a, &b})
                    for (double& y : *vec) y = y > 0 ? std::log10(y) : NAN;
            if (coincide(a, b, v.x.size(), range))
                other = t < v.series_labels.size() && !v.series_labels[t].empty() ? v.series_labels[t] : std::to_string(t);
        }
        if (!other.empty()) (*dashed)[s] = true;
        if (s >= v.series_labels.size() || v.series_labels[s].empty()) continue;
        const std::string words = other.empty() ? v.series_labels[s]
                                                : say(lang, {"{label}，与{other}重合", "{label}, on top of {other}"},
                                                      {{"label", v.series_labels[s]}, {"other", other}});
        out.push_back({s, words, (*dashed)[s]});
    }
    return out;
}

float legend_entry_width(const LegendEntry& e, float font) { return font * 2.2f + ImGui::CalcTextSize(e.words.c_str()).x + font * 1.1f; }

// A line segment drawn dashed (dash and gap `dash` pixels long), continuing the pattern from *phase.
void dashed_line(ImDrawList* dl, ImVec2 a, ImVec2 b, ImU32 col, float thickness, float dash, float* phase) {
    const float dx = b.x - a.x, dy = b.y - a.y, len = std::sqrt(dx * dx + dy * dy);
    if (len <= 0) return;
    if (dash < 0.5f) dash = 0.5f;
    *phase = std::fmod(*phase, 2 * dash);  // small, so that adding a step always moves it
    float t = 0;
    while (t < len) {
        const float in_period = std::fmod(*phase, 2 * dash);
        const float step = std::max(0.05f, std::min(len - t, in_period < dash ? dash - in_period : 2 * dash - in_period));
        if (in_period < dash)
            dl->AddLine(ImVec2(a.x + dx * t / len, a.y + dy * t / len), ImVec2(a.x + dx * (t + step) / len, a.y + dy * (t + step) / len),
                        col, thickness);
        t += step;
        *phase += step;
    }
}

// [SECTION] layout (heights for a width and max_height) --------------------------------------------

// A legend on lines of its own starts this far right of the figure's left edge (in font sizes), at most: at the
// plot's left edge when the tick labels leave less. The layout wraps its lines against the same indent, so the
// drawing never needs more lines than the layout gave it.
constexpr float kLegendIndent = 3.5f;

struct CurveLayout {
    float title_h = 0;
    float header_h = 0;   // the y caption and legend lines above the box
    float plot_h = 0;     // the box
    float bottom_h = 0;   // tick labels and the x caption under the box
    int header_lines = 0;
    bool legend_beside_caption = false;  // the legend shares the y caption's line
};

CurveLayout curve_layout(const CurveView& v, const std::vector<LegendEntry>& legend, float width, float max_height, float font) {
    CurveLayout l;
    l.title_h = ImGui::GetTextLineHeightWithSpacing();
    const float caption_w = v.y_axis.empty() ? 0.0f : ImGui::CalcTextSize(v.y_axis.c_str()).x + font * 1.5f;
    float legend_w = 0;
    for (const auto& e : legend) legend_w += legend_entry_width(e, font);
    int lines = 0;
    if (!legend.empty() && caption_w + legend_w <= width) {
        lines = 1;
        l.legend_beside_caption = !v.y_axis.empty();
    } else {
        lines = v.y_axis.empty() ? 0 : 1;
        const float room = width - kLegendIndent * font;
        float x = 0;
        if (!legend.empty()) ++lines;
        for (const auto& e : legend) {
            const float w = legend_entry_width(e, font);
            if (x > 0 && x + w > room) ++lines, x = 0;
            x += w;
        }
    }
    if (legend.empty() && !v.y_axis.empty()) lines = 1;
    l.header_lines = lines;
    l.header_h = float(lines) * font * 1.35f + font * 0.3f;
    l.bottom_h = font * 1.4f + (v.x_axis.empty() ? 0.0f : font * 1.3f);
    l.plot_h = std::clamp(width * 0.45f, font * 10.0f, font * 20.0f);
    if (max_height > 0) l.plot_h = std::min(l.plot_h, std::max(font * 6.0f, max_height - l.title_h - l.header_h - l.bottom_h));
    return l;
}

}  // namespace

float figure_height(const CurveView& v, float width) {
    std::vector<bool> dashed;
    const float font = ImGui::GetFontSize();
    const CurveLayout l = curve_layout(v, legend_entries(v, Lang::en, &dashed), width, 0.0f, font);
    return l.title_h + l.header_h + l.plot_h + l.bottom_h;
}

// The axes box as draw_figure reports it; its left margin (the y tick labels' width) taken at 4.1 font sizes,
// about the widest it gets, so the area is not overstated.
float figure_plot_area(const CurveView& v, float width, float max_height, Lang lang) {
    std::vector<bool> dashed;
    const float font = ImGui::GetFontSize();
    const CurveLayout l = curve_layout(v, legend_entries(v, lang, &dashed), width, max_height, font);
    return std::max(0.0f, width - font * 4.1f) * l.plot_h;
}

// draw_figure: the title line, then the header, the box and the labels under it (one InvisibleButton).
float figure_drawn_bottom(const CurveView& v, float top, float width, float max_height, bool /*primary*/, Lang lang) {
    std::vector<bool> dashed;
    const float font = ImGui::GetFontSize();
    const CurveLayout l = curve_layout(v, legend_entries(v, lang, &dashed), width, max_height, font);
    return cursor_after_item(cursor_after_item(top, ImGui::GetTextLineHeight()), l.header_h + l.plot_h + l.bottom_h);
}

// [SECTION] drawing --------------------------------------------------------------------------------

bool draw_figure(const std::string& title, const CurveView& v, ViewContext& ctx, float width) {
    const float font = ImGui::GetFontSize();
    std::vector<bool> dashed;
    const std::vector<LegendEntry> legend = legend_entries(v, ctx.lang, &dashed);
    const CurveLayout l = curve_layout(v, legend, width, ctx.max_height, font);
    text_one_line(title, width);
    const ImVec2 origin = ImGui::GetCursorScreenPos();
    ImDrawList* dl = ImGui::GetWindowDrawList();
    const ImU32 text = ImGui::GetColorU32(ImGuiCol_Text);
    const ImU32 faint = ImGui::GetColorU32(ImGuiCol_TextDisabled);
    const ImU32 grid = ImGui::GetColorU32(ImGuiCol_Border);
    const ImU32 patch = ImGui::GetColorU32(ImGuiCol_WindowBg, 0.88f);

    // Data ranges (a log axis over the positive values only).
    Axis ax, ay;
    ax.log = v.log_x;
    ay.log = v.log_y;
    fit_axis(&ax, v.x, v.log_x ? 0.0 : 0.015);
    std::vector<double> all_y;
    for (const auto& s : v.series) all_y.insert(all_y.end(), s.begin(), s.end());
    for (double h : v.hlines_y) all_y.push_back(h);
    fit_axis(&ay, all_y, 0.06);

    // Tick label width decides the left margin.
    const float left_guess = font * 3.5f;
    ay.s0 = origin.y + l.header_h + l.plot_h;
    ay.s1 = origin.y + l.header_h;
    std::vector<Tick> yt = axis_ticks(ay, font * 3.0f);
    float label_w = 0;
    for (const Tick& t : yt) label_w = std::max(label_w, ImGui::CalcTextSize(t.label.c_str()).x);
    const float left = std::max(left_guess * 0.6f, label_w + font * 0.6f);
    const ImVec2 p0(origin.x + left, origin.y + l.header_h);
    const ImVec2 p1(origin.x + width - font * 0.6f, origin.y + l.header_h + l.plot_h);
    ax.s0 = p0.x;
    ax.s1 = p1.x;
    const std::vector<Tick> xt = axis_ticks(ax, font * 4.5f);

    // Header: the y caption (what the vertical axis measures) at the top left, then the legend.
    {
        float x = origin.x, y = origin.y;
        if (!v.y_axis.empty()) {
            dl->AddText(ImVec2(x, y), text, v.y_axis.c_str());
            if (l.legend_beside_caption) x += ImGui::CalcTextSize(v.y_axis.c_str()).x + font * 1.5f;
            else y += font * 1.35f;
        }
        // A legend on its own lines starts at the plot's left edge (no further right than the layout assumed).
        if (!l.legend_beside_caption) x = origin.x + std::min(left, kLegendIndent * font);
        const float line_start = x;
        for (const LegendEntry& e : legend) {
            const float w = legend_entry_width(e, font);
            if (x > line_start && x + w > origin.x + width) x = line_start, y += font * 1.35f;
            const ImU32 col = series_colour(e.series);
            const float my = y + font * 0.55f;
            if (e.dashed) {
                float phase = 0;
                dashed_line(dl, ImVec2(x, my), ImVec2(x + font * 1.7f, my), col, 2.5f, font * 0.3f, &phase);
            } else {
                dl->AddLine(ImVec2(x, my), ImVec2(x + font * 1.7f, my), col, 2.5f);
            }
            dl->AddText(ImVec2(x + font * 2.2f, y), text, e.words.c_str());
            x += w;
        }
    }

    // Box, grid and tick labels.
    for (const Tick& t : yt) {
        const float y = ay.screen(t.v);
        if (y < p0.y - 0.5f || y > p1.y + 0.5f) continue;
        const bool zero = !ay.log && t.v == 0.0;
        dl->AddLine(ImVec2(p0.x, y), ImVec2(p1.x, y), zero ? with_alpha(text, 0.6f) : (t.label.empty() ? grid & 0x30FFFFFF : grid & 0x70FFFFFF));
        if (t.label.empty()) continue;
        const ImVec2 ts = ImGui::CalcTextSize(t.label.c_str());
        dl->AddText(ImVec2(p0.x - ts.x - font * 0.3f, y - ts.y * 0.5f), text, t.label.c_str());
    }
    draw_x_axis(dl, ax, xt, p0, p1, origin.x, width, v.x_axis);
    dl->AddRect(p0, p1, grid);

    // Marker lines, series and markers, clipped to the box.
    dl->PushClipRect(p0, p1, true);
    const ImU32 marker_line = IM_COL32(90, 90, 90, 255);
    struct Pending {
        ImVec2 at;
        std::string words;
    };
    std::vector<Pending> line_labels;  // drawn after the series, on patches, so they stay readable
    for (size_t i = 0; i < v.vlines_x.size(); ++i) {
        const float x = ax.screen(v.vlines_x[i]);
        if (!std::isfinite(x)) continue;
        dl->AddLine(ImVec2(x, p0.y), ImVec2(x, p1.y), marker_line, 1.5f);
        if (i < v.vline_labels.size() && !v.vline_labels[i].empty()) {
            const float tw = ImGui::CalcTextSize(v.vline_labels[i].c_str()).x;
            const float lx = x + 4 + tw > p1.x ? x - 4 - tw : x + 4;  // left of the line near the right edge
            line_labels.push_back({ImVec2(lx, p0.y + 3 + float(i % 2) * font * 1.2f), v.vline_labels[i]});
        }
    }
    for (size_t i = 0; i < v.hlines_y.size(); ++i) {
        const float y = ay.screen(v.hlines_y[i]);
        if (!std::isfinite(y)) continue;
        float phase = 0;
        dashed_line(dl, ImVec2(p0.x, y), ImVec2(p1.x, y), marker_line, 1.3f, 6.0f, &phase);
        if (i < v.hline_labels.size() && !v.hline_labels[i].empty()) {
            const ImVec2 ts = ImGui::CalcTextSize(v.hline_labels[i].c_str());
            const float ly = y - ts.y - 2 < p0.y ? y + 2 : y - ts.y - 2;  // above the line unless at the top
            line_labels.push_back({ImVec2(p1.x - ts.x - 6, ly), v.hline_labels[i]});
        }
    }
    const size_t n = v.x.size();
    for (size_t s = 0; s < v.series.size(); ++s) {
        const ImU32 col = series_colour(s);
        const auto& ys = v.series[s];
        float phase = 0;
        for (size_t i = 1; i < n && i < ys.size(); ++i) {
            const float xa = ax.screen(v.x[i - 1]), xb = ax.screen(v.x[i]), ya = ay.screen(ys[i - 1]), yb = ay.screen(ys[i]);
            if (!std::isfinite(xa) || !std::isfinite(xb) || !std::isfinite(ya) || !std::isfinite(yb)) continue;
            if (dashed[s]) dashed_line(dl, ImVec2(xa, ya), ImVec2(xb, yb), col, 2.2f, font * 0.35f, &phase);
            else dl->AddLine(ImVec2(xa, ya), ImVec2(xb, yb), col, 2.0f);
        }
        for (double mx : v.markers_x) {
            // Markers sit on sample points: the first sample at or after mx.
            const auto it = std::lower_bound(v.x.begin(), v.x.end(), mx);
            if (it == v.x.end()) continue;
            const size_t i = size_t(it - v.x.begin());
            if (i >= ys.size()) continue;
            const float x = ax.screen(v.x[i]), y = ay.screen(ys[i]);
            if (std::isfinite(x) && std::isfinite(y)) dl->AddCircleFilled(ImVec2(x, y), 3.5f, col);
        }
    }
    for (const Pending& p : line_labels) {
        const ImVec2 ts = ImGui::CalcTextSize(p.words.c_str());
        dl->AddRectFilled(ImVec2(p.at.x - 2, p.at.y), ImVec2(p.at.x + ts.x + 2, p.at.y + ts.y), patch, 3.0f);
        dl->AddText(p.at, text, p.words.c_str());
    }
    dl->PopClipRect();

    // Hover: the nearest sample on screen; every series' value there, in the tooltip and as dots.
    ImGui::SetCursorScreenPos(origin);
    ImGui::InvisibleButton("##curve", ImVec2(width, l.header_h + l.plot_h + l.bottom_h));
    if (ImGui::IsItemHovered() && n > 0) {
        const float mx = ImGui::GetIO().MousePos.x;
        size_t best = n;
        float best_d = INFINITY;
        for (size_t i = 0; i < n; ++i) {
            const float d = std::fabs(ax.screen(v.x[i]) - mx);
            if (std::isfinite(d) && d < best_d) best_d = d, best = i;
        }
        if (best < n) {
            const float x = ax.screen(v.x[best]);
            dl->AddLine(ImVec2(x, p0.y), ImVec2(x, p1.y), with_alpha(faint, 0.9f));
            ImGui::BeginTooltip();
            ImGui::Text("%s = %s", v.x_axis.empty() ? "x" : v.x_axis.c_str(), value_text(v.x[best]).c_str());
            for (size_t s = 0; s < v.series.size(); ++s) {
                if (best >= v.series[s].size()) continue;
                const float y = ay.screen(v.series[s][best]);
                if (std::isfinite(y) && y >= p0.y && y <= p1.y) {
                    dl->AddCircleFilled(ImVec2(x, y), 4.5f, series_colour(s));
                    dl->AddCircle(ImVec2(x, y), 4.5f, ImGui::GetColorU32(ImGuiCol_WindowBg), 0, 1.5f);
                }
                const char* label = s < v.series_labels.size() && !v.series_labels[s].empty() ? v.series_labels[s].c_str() : "y";
                ImGui::TextColored(ImGui::ColorConvertU32ToFloat4(series_colour(s)), "%s = %s", label,
                                   value_text(v.series[s][best]).c_str());
            }
            ImGui::EndTooltip();
        }
    }
    if (ctx.drawn) ctx.drawn->push_back({ViewKind::Curve, title, p0, p1, 0, int(v.series.size())});
    return true;
}

// [SECTION] bars (one per category, on the same scales) ----------------------------------------------

namespace {

struct BarsLayout {
    float title_h = 0;
    float legend_h = 0;   // the colour groups' legend above the bars, on as many lines as it needs
    float row_h = 0;      // one bar and the gap under it
    float bottom_h = 0;   // tick labels and the value caption under the bars
};

constexpr float kBarsLegendLine = 1.5f;  // a legend line's height, in font sizes

// A legend entry's width: its swatch, its words and the gap before the next entry.
float bars_legend_width(const std::string& words, float font) { return font * 2.8f + ImGui::CalcTextSize(words.c_str()).x; }

// Where each legend entry goes: its line and its x from the figure's left edge; returns the number of lines.
int bars_legend_places(const BarsView& v, float width, float font, std::vector<std::pair<int, float>>* places) {
    int line = 0;
    float x = 0;
    for (const std::string& words : v.group_labels) {
        const float w = bars_legend_width(words, font);
        if (x > 0 && x + w - font * 1.2f > width) ++line, x = 0;
        if (places) places->push_back({line, x});
        x += w;
    }
    return v.group_labels.empty() ? 0 : line + 1;
}

// `fill`: the step's primary figure, whose rows grow (up to 2.6 lines of text each) into the room it is given.
BarsLayout bars_layout(const BarsView& v, float width, float max_height, float font, bool fill) {
    BarsLayout l;
    l.title_h = ImGui::GetTextLineHeightWithSpacing();
    l.legend_h = float(bars_legend_places(v, width, font, nullptr)) * font * kBarsLegendLine;
    l.bottom_h = font * 1.4f + (v.value_axis.empty() ? 0.0f : font * 1.3f);
    const float n = float(std::max<size_t>(1, v.values.size()));
    l.row_h = font * 1.8f;
    // Within max_height the bars get thinner, down to a line of text each (the label must stay readable).
    if (max_height > 0)
        l.row_h = std::clamp((max_height - l.title_h - l.legend_h - l.bottom_h) / n, font * 1.2f, fill ? font * 2.6f : l.row_h);
    return l;
}

std::string bar_value_text(const BarsView& v, size_t i) {
    if (i >= v.values.size() || !std::isfinite(v.values[i])) return "—";
    const double x = v.values[i];
    const int magnitude = x == 0.0 ? 0 : int(std::floor(std::log10(std::fabs(x))));
    std::string s = format_cell(x, false, std::clamp(v.significant - 1 - magnitude, 0, 12));
    // No trailing zeros after the point: 64, not 64.0 (a whole number of bytes).
    if (s.find('.') != std::string::npos) {
        while (s.back() == '0') s.pop_back();
        if (s.back() == '.') s.pop_back();
    }
    return s;
}

}  // namespace

float figure_height(const BarsView& v, float width) {
    const BarsLayout l = bars_layout(v, width, 0.0f, ImGui::GetFontSize(), false);
    return l.title_h + l.legend_h + l.row_h * float(v.values.size()) + l.bottom_h;
}

// The rows of bars as draw_figure reports them (the whole width, the rows' height), drawn as the primary figure.
float figure_plot_area(const BarsView& v, float width, float max_height, Lang /*lang*/) {
    const size_t n = std::min(v.values.size(), v.labels.size());
    if (n == 0) return 0.0f;
    const BarsLayout l = bars_layout(v, width, max_height, ImGui::GetFontSize(), true);
    return width * l.row_h * float(n);
}

// draw_figure: the title line, the legend, the rows and the axis under them, then a Dummy of no height.
float figure_drawn_bottom(const BarsView& v, float top, float width, float max_height, bool primary, Lang /*lang*/) {
    const size_t n = std::min(v.values.size(), v.labels.size());
    if (n == 0) return top;
    const BarsLayout l = bars_layout(v, width, max_height, ImGui::GetFontSize(), primary);
    const float rows_top = cursor_after_item(top, ImGui::GetTextLineHeight()) + l.legend_h;
    return cursor_after_item(rows_top + l.row_h * float(n) + l.bottom_h, 0.0f);
}

bool draw_figure(const std::string& title, const BarsView& v, ViewContext& ctx, float width) {
    const size_t n = std::min(v.values.size(), v.labels.size());
    if (n == 0) return false;
    const float font = ImGui::GetFontSize();
    const BarsLayout l = bars_layout(v, width, ctx.max_height, font, ctx.primary);
    text_one_line(title, width);
    ImDrawList* dl = ImGui::GetWindowDrawList();
    const ImU32 text = ImGui::GetColorU32(ImGuiCol_Text);
    const ImU32 grid = ImGui::GetColorU32(ImGuiCol_Border);

    // The legend: a swatch and the words of each colour group, wrapped as the layout wrapped them.
    const ImVec2 top = ImGui::GetCursorScreenPos();
    std::vector<std::pair<int, float>> places;
    bars_legend_places(v, width, font, &places);
    for (size_t g = 0; g < places.size(); ++g) {
        const float x = top.x + places[g].second, y = top.y + float(places[g].first) * font * kBarsLegendLine + font * 0.2f;
        dl->AddRectFilled(ImVec2(x, y + font * 0.15f), ImVec2(x + font * 1.2f, y + font * 0.85f), series_colour(g), 2.0f);
        dl->AddText(ImVec2(x + font * 1.6f, y), text, v.group_labels[g].c_str());
    }
    const ImVec2 origin(top.x, top.y + l.legend_h);

    // Labels on the left (at most 40% of the width), values written right of each bar's end.
    float label_w = 0, value_w = 0;
    for (size_t i = 0; i < n; ++i) {
        label_w = std::max(label_w, ImGui::CalcTextSize(v.labels[i].c_str()).x);
        value_w = std::max(value_w, ImGui::CalcTextSize(bar_value_text(v, i).c_str()).x);
    }
    label_w = std::min(label_w + font * 0.6f, width * 0.4f);
    const ImVec2 p0(origin.x + label_w, origin.y);
    const ImVec2 p1(std::max(p0.x + font * 4.0f, origin.x + width - value_w - font * 0.8f), origin.y + l.row_h * float(n));

    // The value axis: from 0 (a linear axis; below it when a value is negative) or, on a log axis, from a bit
    // under the smallest value, so that the shortest bar is still a bar.
    Axis ax;
    ax.log = v.log;
    std::vector<double> span(v.values.begin(), v.values.begin() + std::ptrdiff_t(n));
    if (!v.log) span.push_back(0.0);
    fit_axis(&ax, span, 0.0);
    if (v.log) ax.lo = std::floor(ax.lo - 0.15);
    ax.hi += (ax.hi - ax.lo) * 0.03;
    ax.s0 = p0.x;
    ax.s1 = p1.x;
    draw_x_axis(dl, ax, axis_ticks(ax, font * 4.5f), p0, p1, origin.x, width, v.value_axis);
    dl->AddLine(ImVec2(p0.x, p1.y), ImVec2(p1.x, p1.y), grid);

    // Hovered bar: its row under the mouse.
    ImGui::SetCursorScreenPos(origin);
    ImGui::InvisibleButton("##bars", ImVec2(width, l.row_h * float(n)));
    int hovered = -1;
    if (ImGui::IsItemHovered()) hovered = std::clamp(int((ImGui::GetIO().MousePos.y - origin.y) / l.row_h), 0, int(n) - 1);

    // Where bars start: 0 on a linear axis, the axis' left end on a log one.
    const float base = v.log ? p0.x : std::clamp(ax.screen(0.0), p0.x, p1.x);
    for (size_t i = 0; i < n; ++i) {
        const float y0 = origin.y + l.row_h * float(i), y1 = y0 + l.row_h;
        const float bar_top = y0 + l.row_h * 0.18f, bar_bottom = y1 - l.row_h * 0.18f;
        if (int(i) == hovered) dl->AddRectFilled(ImVec2(origin.x, y0), ImVec2(origin.x + width, y1), grid & 0x28FFFFFF);
        // The label, right-aligned against the axis (cut at the label column when too long).
        const ImVec2 ts = ImGui::CalcTextSize(v.labels[i].c_str());
        dl->PushClipRect(ImVec2(origin.x, y0), ImVec2(p0.x - font * 0.3f, y1), true);
        dl->AddText(ImVec2(std::max(origin.x, p0.x - font * 0.4f - ts.x), (y0 + y1 - ts.y) * 0.5f), text, v.labels[i].c_str());
        dl->PopClipRect();
        const double value = v.values[i];
        float end = base;
        if (std::isfinite(value) && std::isfinite(ax.screen(value))) {
            end = std::clamp(ax.screen(value), p0.x, p1.x);
            const int group = i < v.groups.size() ? v.groups[i] : 0;
            dl->AddRectFilled(ImVec2(std::min(base, end), bar_top), ImVec2(std::max(base, end), bar_bottom), series_colour(size_t(std::max(0, group))), 2.0f);
        }
        const std::string words = bar_value_text(v, i);
        const ImVec2 ws = ImGui::CalcTextSize(words.c_str());
        dl->AddText(ImVec2(std::max(end, base) + font * 0.3f, (y0 + y1 - ws.y) * 0.5f), text, words.c_str());
    }
    if (hovered >= 0) {
        ImGui::BeginTooltip();
        ImGui::Text("%s: %s", v.labels[size_t(hovered)].c_str(), bar_value_text(v, size_t(hovered)).c_str());
        if (v.explain) {
            const std::string more = v.explain(hovered);
            if (!more.empty()) {
                ImGui::PushTextWrapPos(font * 24.0f);
                ImGui::TextUnformatted(more.c_str());
                ImGui::PopTextWrapPos();
            }
        }
        ImGui::EndTooltip();
    }
    ImGui::SetCursorScreenPos(ImVec2(origin.x, p1.y + l.bottom_h));
    ImGui::Dummy(ImVec2(width, 0));
    // The data area: the rows, labels and values included (a row is read as a whole).
    if (ctx.drawn) ctx.drawn->push_back({ViewKind::Bars, title, origin, ImVec2(origin.x + width, p1.y), int(n), 1});
    return true;
}

}  // namespace pelab
