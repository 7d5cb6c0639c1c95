// PE Lab — lessons/view_export.cpp
// CSV (labels in the first row/column; core/format.h's write_csv, as `pelab-cli get`), JSON ({lesson, step,
// view, shape, row_labels, col_labels, data}, 17 significant digits, non-finite → null) and LaTeX bmatrix
// (−∞ as -\infty, missing cells empty).
#include "lessons/view_export.h"

#include "core/format.h"
#include "core/text.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <variant>

namespace pelab {

namespace {

std::string number17(double x) {
    char buf[40];
    std::snprintf(buf, sizeof buf, "%.17g", x);
    return buf;
}

// What a view exports: its cells as a matrix with row and column labels, and the caption of the row labels
// (the CSV's top-left cell).
struct ExportMatrix {
    RowMatrix values;
    std::vector<std::string> row_labels, col_labels;
    std::string corner;
};

// Heatmaps and tables: their matrix and labels as they are.
ExportMatrix export_matrix(const HeatmapView& h, const double* /*window*/) {
    return {h.values, h.row_labels, h.col_labels, h.row_axis};
}
ExportMatrix export_matrix(const TableView& t, const double* /*window*/) {
    return {t.values, t.row_labels, t.col_labels, t.corner};
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

}  // namespace

std::string export_view(const ViewData& view, const AppState& state, ExportFormat format, const double* posmap_window) {
    const ExportMatrix e = std::visit([&](const auto& f) { return export_matrix(f, posmap_window); }, view.figure);
    const RowMatrix& m = e.values;
    const std::vector<std::string>& rows = e.row_labels;
    const std::vector<std::string>& cols = e.col_labels;
    const bool has_rows = !rows.empty() && rows.size() == size_t(m.rows());
    const bool has_cols = !cols.empty() && cols.size() == size_t(m.cols());
    std::string out;
    switch (format) {
    case ExportFormat::csv: {
        // The CLI's writer: labels when there is one per row (column), the row labels' caption in the corner,
        // 17 significant digits, a missing (NaN) cell as an empty field.
        LabelledMatrix lm = labelled_matrix(m.data(), int(m.rows()), int(m.cols()));
        lm.row_labels = rows;
        lm.col_labels = cols;
        lm.row_axis = e.corner;
        MatrixStyle style;
        style.nan_is_missing = true;
        out = write_csv(lm, style);
        break;
    }
    case ExportFormat::json: {
        out = "{\"lesson\":" + json_string(state.lesson ? state.lesson->id : "") + ",\"step\":" + std::to_string(state.step) +
              ",\"view\":" + json_string(view.title) + ",\"shape\":[" + std::to_string(m.rows()) + "," +
              std::to_string(m.cols()) + "]";
        auto labels = [&](const char* key, const std::vector<std::string>& l) {
            out += std::string(",\"") + key + "\":[";
            for (size_t i = 0; i < l.size(); ++i) out += (i ? "," : "") + json_string(l[i]);
            out += "]";
        };
        labels("row_labels", has_rows ? rows : std::vector<std::string>{});
        labels("col_labels", has_cols ? cols : std::vector<std::string>{});
        out += ",\"data\":[";
        for (Eigen::Index r = 0; r < m.rows(); ++r) {
            out += (r ? ",[" : "[");
            for (Eigen::Index c = 0; c < m.cols(); ++c)
                out += (c ? "," : "") + (std::isfinite(m(r, c)) ? number17(m(r, c)) : std::string("null"));
            out += "]";
        }
        out += "]}\n";
        break;
    }
    case ExportFormat::latex: {
        out = "\\begin{bmatrix}\n";
        for (Eigen::Index r = 0; r < m.rows(); ++r) {
            for (Eigen::Index c = 0; c < m.cols(); ++c) {
                const double x = m(r, c);
                std::string cell;
                if (std::isinf(x)) {
                    cell = x < 0 ? "-\\infty" : "\\infty";
                } else if (!std::isnan(x)) {
                    char buf[40];
                    // Slides want short numbers: 4 significant digits, exact integers as integers.
                    std::snprintf(buf, sizeof buf, "%.4g", std::fabs(x) < 1e-12 ? 0.0 : x);
                    cell = buf;
                }
                out += (c ? " & " : "  ") + cell;
            }
            out += (r + 1 < m.rows()) ? " \\\\\n" : "\n";
        }
        out += "\\end{bmatrix}\n";
        break;
    }
    }
    return out;
}

std::string export_file_name(const AppState& state, int view_index, const char* extension) {
    return std::string("pelab-") + (state.lesson ? state.lesson->id : "view") + "-step" + std::to_string(state.step) +
           "-view" + std::to_string(view_index + 1) + "." + extension;
}

}  // namespace pelab
