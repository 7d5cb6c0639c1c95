// PE Lab — lessons/view_text.cpp
// Every figure in words and numbers (see view_text.h): one function per kind of figure, each a few whole
// bilingual sentences filled from the payload. Angles are given in radians (wrapped to one turn) and degrees.
//
// [SECTION] shared wording (angles, index ranges, sentence joining)
// [SECTION] phasor dials
// [SECTION] odometer
// [SECTION] curves
// [SECTION] heatmaps, tables, bars, position maps
// [SECTION] entry point
#include "core/constants.h"
#include "lessons/view_text.h"

#include <algorithm>
#include <cmath>
#include <variant>
#include <vector>

#include "lessons/lesson_util.h"

namespace pelab {

namespace {

using namespace lessonui;
constexpr size_t kListedAtMost = 8;  // lists longer than this name only their ends

// [SECTION] shared wording (angles, index ranges, sentence joining) -------------------------------

// An angle wrapped to [0, 2π), three significant digits.
double wrapped(double a) {
    if (!std::isfinite(a)) return 0.0;
    double w = std::fmod(a, kTwoPi);
    if (w < 0) w += kTwoPi;
    if (w >= kTwoPi - 5e-4) w = 0;  // shows as 6.28 rad otherwise
    return w;
}

// The signed angle from a0 to a1 in (−π, π] (the way the dial draws the arc).
double signed_between(double a0, double a1) {
    if (!std::isfinite(a0) || !std::isfinite(a1)) return 0.0;
    double d = std::fmod(a1 - a0, kTwoPi);
    if (d > kPi) d -= kTwoPi;
    if (d <= -kPi) d += kTwoPi;
    return d;
}

std::string radians(double a) { return num(a, 3); }
std::string degrees(double a) { return integer(std::llround(a * 180.0 / kPi)); }

// "5–7", "0, 3–4, 9": consecutive indices as ranges.
std::string index_ranges(const std::vector<int>& idx) {
    std::vector<std::string> parts;
    for (size_t i = 0; i < idx.size();) {
        size_t j = i;
        while (j + 1 < idx.size() && idx[j + 1] == idx[j] + 1) ++j;
        parts.push_back(j == i ? integer(idx[i]) : integer(idx[i]) + "–" + integer(idx[j]));
        i = j + 1;
    }
    return join(parts, ", ");
}

// Sentences one after another: a space between English sentences, nothing between Chinese ones.
void append(std::string* out, Lang lang, const std::string& sentence) {
    if (sentence.empty()) return;
    if (!out->empty() && lang == Lang::en) *out += ' ';
    *out += sentence;
}

// The items of a list inside one sentence: "a, b, c" / "a，b，c".
std::string list(Lang lang, const std::vector<std::string>& items) { return join(items, lang == Lang::zh ? "，" : ", "); }

// [SECTION] phasor dials ---------------------------------------------------------------------------

std::string arrow_name(const PhasorView::Arrow& a, size_t k, Lang lang) {
    if (!a.label.empty()) return a.label;
    return say(lang, {"箭头 {k}", "arrow {k}"}, {{"k", integer(static_cast<long long>(k))}});
}

std::string describe_figure(const PhasorView& v, Lang lang) {
    if (v.dials.empty()) return say(lang, {"这个刻度盘图是空的。", "This dial figure is empty."});
    std::string out;
    for (size_t di = 0; di < v.dials.size(); ++di) {
        const PhasorView::Dial& dial = v.dials[di];
        std::vector<std::string> arrows;
        for (size_t k = 0; k < dial.arrows.size(); ++k) {
            const double a = wrapped(dial.arrows[k].angle);
            arrows.push_back(say(lang, {"{name} 指向 {rad} rad（{deg}°）", "{name} at {rad} rad ({deg}°)"},
                                 {{"name", arrow_name(dial.arrows[k], k, lang)}, {"rad", radians(a)}, {"deg", degrees(a)}}));
        }
        const std::string index = integer(static_cast<long long>(di));
        if (arrows.empty()) {
            append(&out, lang, say(lang, {"刻度盘 {i} 上没有箭头。", "Dial {i} has no arrows."}, {{"i", index}}));
        } else if (dial.caption.empty()) {
            append(&out, lang, say(lang, {"刻度盘 {i}：{arrows}。", "Dial {i}: {arrows}."}, {{"i", index}, {"arrows", list(lang, arrows)}}));
        } else {
            append(&out, lang, say(lang, {"刻度盘 {i}（{caption}）：{arrows}。", "Dial {i} ({caption}): {arrows}."},
                                   {{"i", index}, {"caption", dial.caption}, {"arrows", list(lang, arrows)}}));
        }
        for (const PhasorView::Arc& arc : dial.arcs) {
            if (arc.from < 0 || arc.to < 0 || size_t(arc.from) >= dial.arrows.size() || size_t(arc.to) >= dial.arrows.size())
                continue;
            const PhasorView::Arrow& from = dial.arrows[size_t(arc.from)];
            const PhasorView::Arrow& to = dial.arrows[size_t(arc.to)];
            const double d = signed_between(from.angle, to.angle);
            std::vector<Arg> args = {{"from", arrow_name(from, size_t(arc.from), lang)},
                                     {"to", arrow_name(to, size_t(arc.to), lang)},
                                     {"rad", radians(d)},
                                     {"deg", degrees(d)}};
            if (arc.label.empty()) {
                append(&out, lang, say(lang, {"从 {from} 到 {to} 的夹角是 {rad} rad（{deg}°）。",
                                              "The angle from {from} to {to} is {rad} rad ({deg}°)."}, args));
            } else {
                args.push_back({"label", arc.label});
                append(&out, lang, say(lang, {"从 {from} 到 {to} 的夹角是 {rad} rad（{deg}°），图中标为 {label}。",
                                              "The angle from {from} to {to} is {rad} rad ({deg}°), marked {label}."}, args));
            }
        }
    }
    return out;
}

// [SECTION] odometer -------------------------------------------------------------------------------

// "pair 0 at 1.2 rad, pair 1 at …" for every pair, or the fastest and slowest only when there are many.
std::string needles(const std::vector<double>& theta, double position, Lang lang) {
    std::vector<std::string> items;
    const size_t n = theta.size();
    for (size_t i = 0; i < n; ++i) {
        if (n > kListedAtMost && i >= 2 && i + 2 < n) continue;
        const double a = wrapped(position * theta[i]);
        items.push_back(say(lang, {"第 {i} 对指向 {rad} rad", "pair {i} at {rad} rad"},
                            {{"i", integer(static_cast<long long>(i))}, {"rad", radians(a)}}));
    }
    if (n > kListedAtMost) items.insert(items.begin() + 2, "…");
    return list(lang, items);
}

std::string describe_figure(const OdometerView& v, Lang lang) {
    const size_t n = v.theta.size();
    if (n == 0) return say(lang, {"这个里程表是空的。", "This odometer is empty."});
    std::string out;
    append(&out, lang,
           say(lang, {"{n} 个频率对从快到慢排列，每个位置转 {fast} rad 到 {slow} rad；当前位置 p = {p}，第 i 对的指针指向 p·θᵢ。",
                      "{n} frequency pairs, fastest first, turning {fast} rad to {slow} rad per position; at position "
                      "p = {p} the needle of pair i points at p·θᵢ."},
               {{"n", integer(static_cast<long long>(n))}, {"fast", num(v.theta.front(), 3)}, {"slow", num(v.theta.back(), 3)},
                {"p", num(v.position)}}));
    append(&out, lang, say(lang, {"指针：{needles}。", "Needles: {needles}."}, {{"needles", needles(v.theta, v.position, lang)}}));
    if (v.train_length > 0) {
        std::vector<int> never;
        for (size_t i = 0; i < n && i < v.turns_in_training.size(); ++i)
            if (v.turns_in_training[i] < 1.0) never.push_back(int(i));
        std::vector<Arg> args = {{"n", integer(static_cast<long long>(n))}, {"L", num(v.train_length)}};
        if (!v.span_is_training) {  // a span of positions, not a training length
            args.push_back({"count", integer(static_cast<long long>(never.size()))});
            append(&out, lang, say(lang, {"阴影是位置 0…{L} 扫过的弧；{n} 对中有 {count} 对在这段位置里没有转满一圈。",
                                          "Shaded: the arc swept by positions 0…{L}; {count} of the {n} pairs make no full turn "
                                          "within them."},
                                   args));
        } else if (never.empty()) {
            append(&out, lang, say(lang, {"在 {L} 个训练位置里，全部 {n} 对都至少转满了一圈。",
                                          "Every one of the {n} pairs completed at least one turn in {L} training positions."},
                                   args));
        } else if (never.size() == 1) {
            args.push_back({"pairs", index_ranges(never)});
            append(&out, lang, say(lang, {"{n} 对中的第 {pairs} 对在 {L} 个训练位置里没有转满一圈：它只见过圆上的一段角度。",
                                          "Pair {pairs} of {n} never completed a turn in {L} training positions: it saw only part "
                                          "of its circle."},
                                   args));
        } else {
            args.push_back({"pairs", index_ranges(never)});
            args.push_back({"count", integer(static_cast<long long>(never.size()))});
            append(&out, lang, say(lang, {"{n} 对中的第 {pairs} 对（共 {count} 对）在 {L} 个训练位置里没有转满一圈：它们只见过圆上的一段角度。",
                                          "Pairs {pairs} of {n} ({count} pairs) never completed a turn in {L} training positions: "
                                          "they saw only part of their circles."},
                                   args));
        }
    }
    if (v.theta_scaled.size() == n) {
        const std::string label = v.scaled_label.empty() ? std::string("θ′") : v.scaled_label;
        append(&out, lang, say(lang, {"第二根指针（{label}）：{needles}。", "Second needle ({label}): {needles}."},
                               {{"label", label}, {"needles", needles(v.theta_scaled, v.position, lang)}}));
    }
    if (v.binary_bits > 0) {
        const int bits = std::min(v.binary_bits, 62);
        const long long p = std::isfinite(v.position) ? std::llround(std::clamp(v.position, 0.0, 4.0e18)) : 0;
        std::string digits;
        for (int b = bits - 1; b >= 0; --b) digits += ((p >> b) & 1LL) ? '1' : '0';
        append(&out, lang, say(lang, {"二进制计数器：{p} 写成 {bits} 位二进制是 {digits}；每一步都翻转的最低位（第 0 位）对应最快的一对。",
                                      "Binary counter: {p} in {bits} bits is {digits}; the lowest bit (bit 0), which flips at "
                                      "every step, sits with the fastest pair."},
                               {{"p", integer(p)}, {"bits", integer(bits)}, {"digits", digits}}));
    }
    return out;
}

// [SECTION] curves ---------------------------------------------------------------------------------

std::string describe_figure(const CurveView& v, Lang lang) {
    double x0 = INFINITY, x1 = -INFINITY;
    for (double x : v.x)
        if (std::isfinite(x)) x0 = std::min(x0, x), x1 = std::max(x1, x);
    if (!(x0 <= x1) || v.series.empty()) return say(lang, {"这幅曲线图没有数据。", "This plot has no data."});
    std::string out;
    const std::string x_axis = v.x_axis.empty() ? std::string("x") : v.x_axis;
    append(&out, lang, say(lang, {"横轴 {axis}，从 {x0} 到 {x1}。", "Plotted against {axis}, from {x0} to {x1}."},
                           {{"axis", x_axis}, {"x0", num(x0, 4)}, {"x1", num(x1, 4)}}));
    if (!v.y_axis.empty()) append(&out, lang, say(lang, {"纵轴：{axis}。", "Vertical axis: {axis}."}, {{"axis", v.y_axis}}));
    if (v.log_x && v.log_y)
        append(&out, lang, say(lang, {"两根轴都是对数刻度。", "Both axes are logarithmic."}));
    else if (v.log_x)
        append(&out, lang, say(lang, {"横轴是对数刻度。", "The horizontal axis is logarithmic."}));
    else if (v.log_y)
        append(&out, lang, say(lang, {"纵轴是对数刻度。", "The vertical axis is logarithmic."}));
    for (size_t s = 0; s < v.series.size() && s < kListedAtMost; ++s) {
        const std::vector<double>& y = v.series[s];
        double lo = INFINITY, hi = -INFINITY, first = NAN, last = NAN;
        for (size_t i = 0; i < y.size() && i < v.x.size(); ++i) {
            if (!std::isfinite(y[i])) continue;
            if (std::isnan(first)) first = y[i];
            last = y[i];
            lo = std::min(lo, y[i]);
            hi = std::max(hi, y[i]);
        }
        const std::string name = s < v.series_labels.size() && !v.series_labels[s].empty()
                                     ? v.series_labels[s]
                                     : say(lang, {"第 {s} 条曲线", "series {s}"}, {{"s", integer(static_cast<long long>(s))}});
        if (std::isnan(first))
            append(&out, lang, say(lang, {"{name} 没有有限的取值。", "{name} has no finite values."}, {{"name", name}}));
        else
            append(&out, lang, say(lang, {"{name} 从 {first} 变到 {last}，最小 {lo}，最大 {hi}。",
                                          "{name} goes from {first} to {last}, smallest {lo}, largest {hi}."},
                                   {{"name", name}, {"first", num(first, 4)}, {"last", num(last, 4)}, {"lo", num(lo, 4)}, {"hi", num(hi, 4)}}));
    }
    if (v.series.size() > kListedAtMost)
        append(&out, lang, say(lang, {"另有 {more} 条曲线。", "{more} more series are drawn."},
                               {{"more", integer(static_cast<long long>(v.series.size() - kListedAtMost))}}));
    for (size_t i = 0; i < v.vlines_x.size(); ++i) {
        const std::string label = i < v.vline_labels.size() ? v.vline_labels[i] : std::string();
        append(&out, lang, say(lang, {"竖线 {x}：{label}。", "Vertical line at {x}: {label}."}, {{"x", num(v.vlines_x[i], 4)}, {"label", label}}));
    }
    for (size_t i = 0; i < v.hlines_y.size(); ++i) {
        const std::string label = i < v.hline_labels.size() ? v.hline_labels[i] : std::string();
        append(&out, lang, say(lang, {"横线 {y}：{label}。", "Horizontal line at {y}: {label}."}, {{"y", num(v.hlines_y[i], 4)}, {"label", label}}));
    }
    return out;
}

// [SECTION] heatmaps, tables, bars, position maps ------------------------------------------------------

// Where the smallest and largest finite entries are: "row label, column label" (or the indices).
struct Extremes {
    bool any = false;
    double lo = 0, hi = 0;
    Eigen::Index lr = 0, lc = 0, hr = 0, hc = 0;
};

Extremes extremes(const RowMatrix& m) {
    Extremes e;
    for (Eigen::Index r = 0; r < m.rows(); ++r)
        for (Eigen::Index c = 0; c < m.cols(); ++c) {
            const double x = m(r, c);
            if (!std::isfinite(x)) continue;
            if (!e.any || x < e.lo) e.lo = x, e.lr = r, e.lc = c;
            if (!e.any || x > e.hi) e.hi = x, e.hr = r, e.hc = c;
            e.any = true;
        }
    return e;
}

std::string label_or_index(const std::vector<std::string>& labels, Eigen::Index i) {
    return size_t(i) < labels.size() && !labels[size_t(i)].empty() ? labels[size_t(i)] : integer(i);
}

std::string describe_matrix(const RowMatrix& m, const std::vector<std::string>& rows, const std::vector<std::string>& cols,
                            const std::string& row_axis, const std::string& col_axis, Lang lang) {
    if (m.size() == 0) return say(lang, {"这个矩阵是空的。", "This matrix is empty."});
    std::string out;
    std::vector<Arg> shape = {{"rows", integer(m.rows())}, {"cols", integer(m.cols())}};
    if (row_axis.empty() || col_axis.empty()) {
        append(&out, lang, say(lang, {"{rows} 行 {cols} 列。", "{rows} rows by {cols} columns."}, shape));
    } else {
        shape.push_back({"down", row_axis});
        shape.push_back({"across", col_axis});
        append(&out, lang, say(lang, {"{rows} 行 {cols} 列：行是{down}，列是{across}。", "{rows} rows by {cols} columns: {down} down, {across} across."},
                               shape));
    }
    const Extremes e = extremes(m);
    if (!e.any) {
        append(&out, lang, say(lang, {"没有数值。", "It holds no values."}));
        return out;
    }
    append(&out, lang, say(lang, {"最小值 {lo} 位于行 {lr}、列 {lc}；最大值 {hi} 位于行 {hr}、列 {hc}。",
                                  "The smallest value, {lo}, is at row {lr}, column {lc}; the largest, {hi}, at row {hr}, column {hc}."},
                           {{"lo", num(e.lo, 4)}, {"lr", label_or_index(rows, e.lr)}, {"lc", label_or_index(cols, e.lc)},
                            {"hi", num(e.hi, 4)}, {"hr", label_or_index(rows, e.hr)}, {"hc", label_or_index(cols, e.hc)}}));
    return out;
}

std::string describe_figure(const BarsView& v, Lang lang) {
    size_t lo = v.values.size(), hi = v.values.size();
    for (size_t i = 0; i < v.values.size(); ++i) {
        if (std::isnan(v.values[i])) continue;
        if (lo == v.values.size() || v.values[i] < v.values[lo]) lo = i;
        if (hi == v.values.size() || v.values[i] > v.values[hi]) hi = i;
    }
    if (lo == v.values.size()) return say(lang, {"这个条形图没有数值。", "This bar chart holds no values."});
    const auto name = [&](size_t i) { return i < v.labels.size() && !v.labels[i].empty() ? v.labels[i] : integer(static_cast<long long>(i)); };
    return say(lang, {"{n} 根横条，量的是{axis}：最短的是{lo_name}（{lo}），最长的是{hi_name}（{hi}）。",
                      "{n} bars of {axis}: the shortest is {lo_name} ({lo}), the longest {hi_name} ({hi})."},
               {{"n", integer(static_cast<long long>(v.values.size()))}, {"axis", v.value_axis},
                {"lo_name", name(lo)}, {"lo", num(v.values[lo], 4)}, {"hi_name", name(hi)}, {"hi", num(v.values[hi], 4)}});
}

std::string describe_figure(const MapView& v, Lang lang) {
    if (!v.map) return say(lang, {"这张位置图还没有数据。", "This position map has no data yet."});
    return say(lang, {"{L} × {L} 的位置图：行是查询位置，列是键位置，颜色从 {lo} 到 {hi}。",
                      "An {L} × {L} position map: query positions down, key positions across, colours from {lo} to {hi}."},
               {{"L", integer(v.map->spec.L)}, {"lo", num(v.map->lo, 4)}, {"hi", num(v.map->hi, 4)}});
}

// The matrix kinds (the others' describe_figure are above): describe_view visits the payload with one
// describe_figure overload per kind, so a kind added to ViewData's variant without its words does not compile.
std::string describe_figure(const HeatmapView& h, Lang lang) {
    return describe_matrix(h.values, h.row_labels, h.col_labels, h.row_axis, h.col_axis, lang);
}
std::string describe_figure(const TableView& t, Lang lang) {
    std::string out = describe_matrix(t.values, t.row_labels, t.col_labels, t.corner, std::string(), lang);
    for (const CellMark& m : t.marks)
        append(&out, lang, say(lang, {"标出的格子：行 {row}、列 {col}（{value}）：{word}。",
                                      "Marked: row {row}, column {col} ({value}): {word}."},
                               {{"row", label_or_index(t.row_labels, m.row)}, {"col", label_or_index(t.col_labels, m.col)},
                                {"value", m.row >= 0 && m.row < t.values.rows() && m.col >= 0 && m.col < t.values.cols()
                                              ? num(t.values(m.row, m.col), 4) : "—"},
                                {"word", m.word}}));
    return out;
}

}  // namespace

// [SECTION] entry point ----------------------------------------------------------------------------

std::string describe_view(const ViewData& v, Lang lang) {
    return std::visit([&](const auto& figure) { return describe_figure(figure, lang); }, v.figure);
}

}  // namespace pelab
