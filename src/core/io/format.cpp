// PE Lab — core/io/format.cpp
// The labelled-matrix writers of format.h (CSV, JSON, LaTeX) and the CLI's adapters for a quantity's result.
// JSON and CSV are exact (17 significant digits); LaTeX is for reading on slides (6 significant digits by
// default, rounding noise such as 6.1e-17 next to entries of size ~1 shown as 0).
//
// [SECTION] number text
// [SECTION] shape and labels
// [SECTION] CSV
// [SECTION] JSON
// [SECTION] LaTeX
// [SECTION] a quantity's result
#include "core/io/format.h"

#include "core/io/text.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstdlib>

namespace pelab {

// [SECTION] number text
namespace {

std::string integer_text(double x) {
    char buf[40];
    std::snprintf(buf, sizeof buf, "%.0f", x == 0.0 ? 0.0 : x);
    return buf;
}

// Whole numbers of an integer matrix as plain digits (no exponent up to 1e18); false for NaN and infinities.
bool plain_integer(double x, bool integer) { return integer && x == std::floor(x) && std::fabs(x) < 1e18; }

std::string exact_number(double x, bool integer) {
    return plain_integer(x, integer) ? integer_text(x) : number_text(x, NumberForm::digits17);
}

// A JSON cell: exact, null when not finite.
std::string json_cell(double x, bool integer) {
    return plain_integer(x, integer) ? integer_text(x) : json_number(x, NumberForm::digits17);
}

std::string csv_number(double x, bool integer, bool nan_is_missing) {
    if (std::isnan(x) && nan_is_missing) return "";
    return exact_number(x, integer);  // "nan", "inf", "-inf" for the rest
}

// style.latex_digits significant digits; scientific notation as m\times10^{e}.
std::string latex_number(double x, bool integer, double noise_floor, const MatrixStyle& style) {
    if (std::isnan(x)) return style.nan_is_missing ? "" : "\\text{NaN}";
    if (std::isinf(x)) return x > 0 ? "\\infty" : "-\\infty";
    if (std::fabs(x) <= noise_floor) return "0";
    if (integer && x == std::floor(x) && std::fabs(x) < 1e18) return integer_text(x);
    char buf[64];
    std::snprintf(buf, sizeof buf, "%.*g", std::clamp(style.latex_digits, 1, 17), x);
    std::string s = buf;
    if (s == "-0") return "0";
    const std::size_t e = s.find('e');
    if (e == std::string::npos) return s;
    const int exponent = std::atoi(s.c_str() + e + 1);
    return s.substr(0, e) + "\\times10^{" + std::to_string(exponent) + "}";
}

// [SECTION] shape and labels
double at(const LabelledMatrix& m, std::size_t i) {
    return m.values && i < m.size ? m.values[i] : std::nan("");
}

// rows × cols of one matrix: a vector (or an empty shape) is one row; a stack is sliced by slice_count.
void matrix_dims(const LabelledMatrix& m, std::size_t* rows, std::size_t* cols) {
    if (m.shape.size() >= 2) {
        *rows = static_cast<std::size_t>(std::max(m.shape[m.shape.size() - 2], 0));
        *cols = static_cast<std::size_t>(std::max(m.shape.back(), 0));
    } else {
        *rows = 1;
        *cols = m.shape.empty() ? m.size : static_cast<std::size_t>(std::max(m.shape[0], 0));
    }
}

std::size_t slice_count(const LabelledMatrix& m) {
    std::size_t n = 1;
    for (std::size_t i = 0; i + 2 < m.shape.size(); ++i) n *= static_cast<std::size_t>(std::max(m.shape[i], 0));
    return n;
}

// Labels are written only when there is exactly one per row (column).
bool has_labels(const std::vector<std::string>& labels, std::size_t count) {
    return !labels.empty() && labels.size() == count;
}

// Nested arrays for dimension `dim` starting at flat index *pos.
void json_nested(const LabelledMatrix& m, std::size_t dim, std::size_t* pos, std::string* out) {
    const std::size_t n = static_cast<std::size_t>(std::max(m.shape[dim], 0));
    *out += '[';
    for (std::size_t i = 0; i < n; ++i) {
        if (i) *out += ',';
        if (dim + 1 == m.shape.size()) {
            *out += json_cell(at(m, *pos), m.integer);
            ++*pos;
        } else {
            json_nested(m, dim + 1, pos, out);
        }
    }
    *out += ']';
}

std::string json_list(const std::vector<std::string>& items) {
    std::string out = "[";
    for (std::size_t i = 0; i < items.size(); ++i) out += (i ? "," : "") + json_string(items[i]);
    return out + "]";
}

}  // namespace

LabelledMatrix labelled_matrix(const double* values, int rows, int cols) {
    LabelledMatrix m;
    m.values = values;
    m.shape = {std::max(rows, 0), std::max(cols, 0)};
    m.size = static_cast<std::size_t>(m.shape[0]) * static_cast<std::size_t>(m.shape[1]);
    return m;
}

// [SECTION] CSV
std::string write_csv(const LabelledMatrix& m, const MatrixStyle& style) {
    std::size_t rows = 0, cols = 0;
    matrix_dims(m, &rows, &cols);
    const bool row_labels = has_labels(m.row_labels, rows), col_labels = has_labels(m.col_labels, cols);
    const std::size_t slices = slice_count(m);
    std::string out;
    std::size_t pos = 0;
    for (std::size_t s = 0; s < slices; ++s) {
        if (s) out += '\n';  // blank line between the matrices of a stack
        if (col_labels) {
            if (row_labels) out += csv_cell(m.row_axis) + ',';
            for (std::size_t j = 0; j < cols; ++j) out += (j ? "," : "") + csv_cell(m.col_labels[j]);
            out += '\n';
        }
        for (std::size_t i = 0; i < rows; ++i) {
            if (row_labels) out += csv_cell(m.row_labels[i]) + ',';
            for (std::size_t j = 0; j < cols; ++j) {
                if (j) out += ',';
                out += csv_number(at(m, pos++), m.integer, style.nan_is_missing);
            }
            out += '\n';
        }
    }
    if (!m.marks.empty()) {
        out += "\nrow,column,holds,mark\n";
        for (const CellMark& k : m.marks)
            out += std::to_string(k.row) + ',' + std::to_string(k.col) + ',' + (k.holds ? "1," : "0,") + csv_cell(k.word) + '\n';
    }
    return out;
}

// [SECTION] JSON
std::string write_json(const LabelledMatrix& m, const JsonMembers& head, const MatrixStyle&) {
    std::string out = "{";
    for (const auto& [key, value] : head) out += json_string(key) + ':' + value + ',';
    out += "\"shape\":[";
    for (std::size_t i = 0; i < m.shape.size(); ++i) {
        if (i) out += ',';
        out += std::to_string(m.shape[i]);
    }
    out += ']';
    std::size_t rows = 0, cols = 0;
    matrix_dims(m, &rows, &cols);
    const bool row_labels = has_labels(m.row_labels, rows), col_labels = has_labels(m.col_labels, cols);
    if (row_labels || col_labels) {
        out += ",\"row_labels\":" + json_list(row_labels ? m.row_labels : std::vector<std::string>{});
        out += ",\"col_labels\":" + json_list(col_labels ? m.col_labels : std::vector<std::string>{});
    }
    if (!m.row_axis.empty()) out += ",\"row_axis\":" + json_string(m.row_axis);
    if (!m.col_axis.empty()) out += ",\"col_axis\":" + json_string(m.col_axis);
    out += ",\"data\":";
    if (m.shape.empty()) {
        out += '[';
        for (std::size_t i = 0; i < m.size; ++i) out += (i ? "," : "") + json_cell(at(m, i), m.integer);
        out += ']';
    } else {
        std::size_t pos = 0;
        json_nested(m, 0, &pos, &out);
    }
    if (!m.marks.empty()) {
        out += ",\"marks\":[";
        for (std::size_t i = 0; i < m.marks.size(); ++i) {
            const CellMark& k = m.marks[i];
            out += std::string(i ? "," : "") + "{\"row\":" + std::to_string(k.row) + ",\"col\":" + std::to_string(k.col) +
                   ",\"holds\":" + (k.holds ? "true" : "false") + ",\"word\":" + json_string(k.word) + '}';
        }
        out += ']';
    }
    out += "}\n";
    return out;
}

// [SECTION] LaTeX
std::string write_latex(const LabelledMatrix& m, const MatrixStyle& style) {
    std::size_t rows = 0, cols = 0;
    matrix_dims(m, &rows, &cols);
    // Entries this small relative to the largest entry are floating-point noise (cos(pi/2) = 6.1e-17).
    double largest = 0.0;
    for (std::size_t i = 0; m.values && i < m.size; ++i)
        if (std::isfinite(m.values[i])) largest = std::max(largest, std::fabs(m.values[i]));
    const double noise_floor = 1e-12 * largest;
    const std::size_t slices = slice_count(m);
    std::string out;
    std::size_t pos = 0;
    for (std::size_t s = 0; s < slices; ++s) {
        if (s) out += '\n';
        out += "\\begin{bmatrix}\n";
        for (std::size_t i = 0; i < rows; ++i) {
            for (std::size_t j = 0; j < cols; ++j) {
                if (j) out += " & ";
                out += latex_number(at(m, pos++), m.integer, noise_floor, style);
            }
            out += i + 1 < rows ? " \\\\\n" : "\n";
        }
        out += "\\end{bmatrix}\n";
    }
    // A LaTeX comment per marked cell: the marks travel with the matrix without changing how it typesets.
    for (const CellMark& k : m.marks) {
        std::string word;
        for (char c : k.word) word += (c == '\n' || c == '\r') ? ' ' : c;
        out += "% marked (" + std::to_string(k.row + 1) + ", " + std::to_string(k.col + 1) + "): " + word + '\n';
    }
    return out;
}

// [SECTION] a quantity's result
LabelledMatrix labelled(const QuantityResult& r) {
    LabelledMatrix m;
    m.values = r.data.data();
    m.size = r.data.size();
    m.shape = r.shape;
    m.integer = r.integer;
    return m;
}

std::string to_json(const Quantity& q, const ParamSet& params, const QuantityResult& r) {
    return write_json(labelled(r), {{"quantity", json_string(q.name)}, {"params", params_json(q.params, params)}});
}

std::string to_csv(const QuantityResult& r) { return write_csv(labelled(r)); }

std::string to_latex(const QuantityResult& r) { return write_latex(labelled(r)); }

}  // namespace pelab
