// PE Lab — lessons/view_export.cpp
// What a view exports: its cells as a labelled matrix, written by core's one writer (core/io/format.h, as
// `pelab-cli get`): CSV (labels in the first row/column), JSON ({lesson, step, view, shape, labels, axis,
// data}, 17 significant digits, non-finite → null) and a LaTeX bmatrix (4 significant digits, −∞ as
// -\infty, missing cells empty).
#include "lessons/view_export.h"

#include <algorithm>
#include <cmath>
#include <variant>

#include "core/io/format.h"
#include "core/io/text.h"

namespace pelab {

namespace {

// What a view exports: its cells as a matrix with row and column labels, and the caption of the row labels
// (the CSV's top-left cell).
struct ExportMatrix {
    RowMatrix values;
    std::vector<std::string> row_labels, col_labels;
    std::string corner;
    std::vector<CellMark> marks;
};

// Heatmaps and tables: their matrix and labels as they are.
ExportMatrix export_matrix(const HeatmapView& h, const double* /*window*/) {
    return {h.values, h.row_labels, h.col_labels, h.row_axis, {}};
}
ExportMatrix export_matrix(const TableView& t, const double* /*window*/) {
    return {t.values, t.row_labels, t.col_labels, t.corner, t.marks};
}

// Curves become a matrix: column 0 = x, then one column per series.
ExportMatrix export_matrix(const CurveView& v, const double* /*window*/) {
    ExportMatrix e;
    RowMatrix& m = e.values;
    m.resize(Eigen::Index(v.x.size()), Eigen::Index(v.series.size() + 1));
    for (size_t i = 0; i < v.x.size(); ++i) {
        m(Eigen::Index(i), 0) = v.x[i];
        for (size_t s = 0; s < v.series.size(); ++s)
            m(Eigen::Index(i), Eigen::Index(s + 1)) = i < v.series[s].size() ? v.series[s][i] : NAN;
    }
    e.col_labels.assign(1, v.x_axis.empty() ? "x" : v.x_axis);
    for (size_t s = 0; s < v.series.size(); ++s)
        e.col_labels.push_back(s < v.series_labels.size() ? v.series_labels[s] : "y" + std::to_string(s));
    return e;
}

// Position maps: the visible window's cells (never the whole L×L map: 65,536² cells would not fit anywhere).
ExportMatrix export_matrix(const MapView& v, const double* window) {
    ExportMatrix e;
    if (!v.map) return e;
    const PositionMapSpec& s = v.map->spec;
    const long long c0 = window ? (long long)std::floor(window[0]) : 0, r0 = window ? (long long)std::floor(window[1]) : 0;
    const long long span = window ? (long long)std::ceil(window[2]) + 1 : kExportMapCells;
    const long long n = std::min<long long>({span, kExportMapCells, s.L - std::max(c0, r0)});
    RowMatrix& m = e.values;
    m.resize(Eigen::Index(std::max(0LL, n)), Eigen::Index(std::max(0LL, n)));
    for (long long k = 0; k < n; ++k) {
        e.row_labels.push_back(std::to_string(r0 + k));
        e.col_labels.push_back(std::to_string(c0 + k));
    }
    for (long long r = 0; r < n; ++r)
        for (long long c = 0; c < n; ++c)
            m(Eigen::Index(r), Eigen::Index(c)) = position_map_shown_value(s, v.map->log_norm, r0 + r, c0 + c);
    return e;
}

// Phasor dials: one row per arrow (its dial, angle in radians, length, and the tip's x, y on the unit circle).
ExportMatrix export_matrix(const PhasorView& v, const double* /*window*/) {
    ExportMatrix e;
    size_t n = 0;
    for (const PhasorView::Dial& d : v.dials) n += d.arrows.size();
    e.values.resize(Eigen::Index(n), 5);
    e.col_labels = {"dial", "angle", "length", "x", "y"};
    e.corner = "arrow";
    Eigen::Index r = 0;
    for (size_t i = 0; i < v.dials.size(); ++i)
        for (const PhasorView::Arrow& a : v.dials[i].arrows) {
            e.values.row(r++) << double(i), a.angle, a.length, a.length * std::cos(a.angle), a.length * std::sin(a.angle);
            e.row_labels.push_back(a.label.empty() ? std::to_string(r) : a.label);
        }
    return e;
}

// Odometers: one row per pair (θ, the needle's angle position·θ mod 2π, the turns made in training, and the
// second needle's θ when there is one).
ExportMatrix export_matrix(const OdometerView& v, const double* /*window*/) {
    ExportMatrix e;
    const bool scaled = v.theta_scaled.size() == v.theta.size() && !v.theta.empty();
    e.values.resize(Eigen::Index(v.theta.size()), scaled ? 4 : 3);
    e.col_labels = {"theta", "angle", "turns_in_training"};
    if (scaled) e.col_labels.push_back(v.scaled_label.empty() ? "theta_scaled" : v.scaled_label);
    e.corner = "pair";
    for (size_t i = 0; i < v.theta.size(); ++i) {
        const Eigen::Index r = Eigen::Index(i);
        e.values(r, 0) = v.theta[i];
        e.values(r, 1) = std::fmod(v.position * v.theta[i], 2.0 * 3.14159265358979323846);
        e.values(r, 2) = i < v.turns_in_training.size() ? v.turns_in_training[i] : NAN;
        if (scaled) e.values(r, 3) = v.theta_scaled[i];
        e.row_labels.push_back(i < v.captions.size() && !v.captions[i].empty() ? v.captions[i] : std::to_string(i));
    }
    return e;
}

// Bars: one row per bar (its label), one column (the value axis' caption).
ExportMatrix export_matrix(const BarsView& v, const double* /*window*/) {
    ExportMatrix e;
    e.values.resize(Eigen::Index(v.values.size()), 1);
    for (size_t i = 0; i < v.values.size(); ++i) e.values(Eigen::Index(i), 0) = v.values[i];
    e.row_labels = v.labels;
    e.col_labels = {v.value_axis.empty() ? "value" : v.value_axis};
    return e;
}

}  // namespace

std::string export_view(const ViewData& view, const AppState& state, ExportFormat format, const double* posmap_window) {
    const ExportMatrix e = std::visit([&](const auto& f) { return export_matrix(f, posmap_window); }, view.figure);
    const RowMatrix& m = e.values;
    const std::vector<std::string>& rows = e.row_labels;
    const std::vector<std::string>& cols = e.col_labels;
    // The CLI's writer (core/io/format.h): labels when there is one per row (column), the row labels' caption
    // in the CSV corner, 17 significant digits in CSV and JSON, 4 in LaTeX (short numbers for slides), a
    // missing (NaN) cell as an empty field.
    LabelledMatrix lm = labelled_matrix(m.data(), int(m.rows()), int(m.cols()));
    lm.row_labels = rows;
    lm.col_labels = cols;
    lm.row_axis = e.corner;
    lm.marks = e.marks;
    MatrixStyle style;
    style.nan_is_missing = true;
    style.latex_digits = 4;
    std::string out;
    switch (format) {
    case ExportFormat::csv: out = write_csv(lm, style); break;
    case ExportFormat::json:
        out = write_json(lm,
                         {{"lesson", json_string(state.lesson ? state.lesson->id : "")},
                          {"step", std::to_string(state.step)},
                          {"view", json_string(view.title)}},
                         style);
        break;
    case ExportFormat::latex: out = write_latex(lm, style); break;
    }
    return out;
}

std::string export_file_name(const AppState& state, int view_index, const char* extension) {
    return std::string("pelab-") + (state.lesson ? state.lesson->id : "view") + "-step" + std::to_string(state.step) +
           "-view" + std::to_string(view_index + 1) + "." + extension;
}

}  // namespace pelab
