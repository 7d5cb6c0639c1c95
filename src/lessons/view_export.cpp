// PE Lab — lessons/view_export.cpp
// CSV (labels in the first row/column), JSON ({lesson, step, view, shape, row_labels, col_labels, data},
// 17 significant digits, non-finite → null) and LaTeX bmatrix (−∞ as -\infty, missing cells empty).
#include "lessons/view_export.h"

#include "core/text.h"

#include <algorithm>
#include <cmath>
#include <cstdio>

namespace pelab {

namespace {

std::string number17(double x) {
    char buf[40];
    std::snprintf(buf, sizeof buf, "%.17g", x);
    return buf;
}

std::string csv_field(const std::string& s) {
    if (s.find_first_of(",\"\n") == std::string::npos) return s;
    std::string out = "\"";
    for (char c : s) out += (c == '"') ? std::string("\"\"") : std::string(1, c);
    return out + "\"";
}

// Curves become a matrix: column 0 = x, then one column per series.
RowMatrix view_matrix(const ViewData& v, std::vector<std::string>* col_labels, std::vector<std::string>* row_labels,
                      const double* window) {
    if (v.kind == ViewKind::PositionMap && v.posmap) {
        // The visible window's cells (never the whole L×L map: 65,536² cells would not fit anywhere).
        const PositionMapSpec& s = v.posmap->spec;
        const long long c0 = window ? (long long)std::floor(window[0]) : 0, r0 = window ? (long long)std::floor(window[1]) : 0;
        const long long span = window ? (long long)std::ceil(window[2]) + 1 : kExportMapCells;
        const long long n = std::min<long long>({span, kExportMapCells, s.L - std::max(c0, r0)});
        RowMatrix m(Eigen::Index(std::max(0LL, n)), Eigen::Index(std::max(0LL, n)));
        col_labels->clear();
        row_labels->clear();
        for (long long k = 0; k < n; ++k) {
            row_labels->push_back(std::to_string(r0 + k));
            col_labels->push_back(std::to_string(c0 + k));
        }
        for (long long r = 0; r < n; ++r)
            for (long long c = 0; c < n; ++c)
                m(Eigen::Index(r), Eigen::Index(c)) = position_map_shown_value(s, v.posmap->log_norm, r0 + r, c0 + c);
        return m;
    }
    if (v.kind != ViewKind::Curve) {
        *col_labels = v.col_labels;
        *row_labels = v.row_labels;
        return v.values;
    }
    RowMatrix m(Eigen::Index(v.x.size()), Eigen::Index(v.series.size() + 1));
    for (size_t i = 0; i < v.x.size(); ++i) {
        m(Eigen::Index(i), 0) = v.x[i];
        for (size_t s = 0; s < v.series.size(); ++s)
            m(Eigen::Index(i), Eigen::Index(s + 1)) = i < v.series[s].size() ? v.series[s][i] : NAN;
    }
    col_labels->assign(1, v.col_axis.empty() ? "x" : v.col_axis);
    for (size_t s = 0; s < v.series.size(); ++s)
        col_labels->push_back(s < v.series_labels.size() ? v.series_labels[s] : "y" + std::to_string(s));
    row_labels->clear();
    return m;
}

}  // namespace

std::string export_view(const ViewData& view, const AppState& state, ExportFormat format, const double* posmap_window) {
    std::vector<std::string> cols, rows;
    const RowMatrix m = view_matrix(view, &cols, &rows, posmap_window);
    const bool has_rows = !rows.empty() && rows.size() == size_t(m.rows());
    const bool has_cols = !cols.empty() && cols.size() == size_t(m.cols());
    std::string out;
    switch (format) {
    case ExportFormat::csv: {
        if (has_cols) {
            if (has_rows) out += csv_field(view.row_axis) + ",";
            for (size_t c = 0; c < cols.size(); ++c) out += (c ? "," : "") + csv_field(cols[c]);
            out += "\n";
        }
        for (Eigen::Index r = 0; r < m.rows(); ++r) {
            if (has_rows) out += csv_field(rows[size_t(r)]) + ",";
            for (Eigen::Index c = 0; c < m.cols(); ++c) {
                const double x = m(r, c);
                out += (c ? "," : "") + (std::isnan(x) ? std::string() : std::isinf(x) ? (x < 0 ? "-inf" : "inf") : number17(x));
            }
            out += "\n";
        }
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
