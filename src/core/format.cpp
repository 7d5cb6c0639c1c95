// PE Lab — core/format.cpp
// JSON, CSV and LaTeX encodings of a QuantityResult.
// JSON and CSV are exact (17 significant digits); LaTeX is for reading on slides (6 significant digits,
// rounding noise such as 6.1e-17 next to entries of size ~1 shown as 0).
//
// [SECTION] number text
// [SECTION] JSON
// [SECTION] CSV
// [SECTION] LaTeX
#include "core/format.h"

#include "core/text.h"

#include <algorithm>
#include <cmath>
#include <cstdio>

namespace pelab {

// [SECTION] number text
namespace {

std::string g17(double x) {
    if (x == 0.0) return "0";  // also folds -0
    char buf[40];
    std::snprintf(buf, sizeof buf, "%.17g", x);
    return buf;
}

std::string integer_text(double x) {
    char buf[40];
    std::snprintf(buf, sizeof buf, "%.0f", x == 0.0 ? 0.0 : x);
    return buf;
}

std::string exact_number(double x, bool integer) {
    if (integer && x == std::floor(x) && std::fabs(x) < 1e18) return integer_text(x);
    return g17(x);
}

double at(const QuantityResult& r, std::size_t i) {
    return i < r.data.size() ? r.data[i] : std::nan("");
}

// rows × cols view of the result: a vector is one row; 3-D results are handled by slicing.
void matrix_dims(const QuantityResult& r, std::size_t* rows, std::size_t* cols) {
    if (r.shape.size() >= 2) {
        *rows = static_cast<std::size_t>(std::max(r.shape[r.shape.size() - 2], 0));
        *cols = static_cast<std::size_t>(std::max(r.shape.back(), 0));
    } else {
        *rows = 1;
        *cols = r.shape.empty() ? r.data.size() : static_cast<std::size_t>(std::max(r.shape[0], 0));
    }
}

std::size_t slice_count(const QuantityResult& r) {
    std::size_t n = 1;
    for (std::size_t i = 0; i + 2 < r.shape.size(); ++i) n *= static_cast<std::size_t>(std::max(r.shape[i], 0));
    return n;
}

std::string json_number(double x, bool integer) {
    if (!std::isfinite(x)) return "null";
    return exact_number(x, integer);
}

// Nested arrays for dimension `dim` starting at flat index *pos.
void json_nested(const QuantityResult& r, std::size_t dim, std::size_t* pos, std::string* out) {
    const std::size_t n = static_cast<std::size_t>(std::max(r.shape[dim], 0));
    *out += '[';
    for (std::size_t i = 0; i < n; ++i) {
        if (i) *out += ',';
        if (dim + 1 == r.shape.size()) {
            *out += json_number(at(r, *pos), r.integer);
            ++*pos;
        } else {
            json_nested(r, dim + 1, pos, out);
        }
    }
    *out += ']';
}

}  // namespace

// [SECTION] JSON
std::string to_json(const Quantity& q, const ParamSet& params, const QuantityResult& r) {
    std::string out = "{\"quantity\":" + json_string(q.name) + ",\"params\":" + params_json(q.params, params);
    out += ",\"shape\":[";
    for (std::size_t i = 0; i < r.shape.size(); ++i) {
        if (i) out += ',';
        out += std::to_string(r.shape[i]);
    }
    out += "],\"data\":";
    if (r.shape.empty()) {
        out += '[';
        for (std::size_t i = 0; i < r.data.size(); ++i) out += (i ? "," : "") + json_number(r.data[i], r.integer);
        out += ']';
    } else {
        std::size_t pos = 0;
        json_nested(r, 0, &pos, &out);
    }
    out += "}\n";
    return out;
}

// [SECTION] CSV
std::string to_csv(const QuantityResult& r) {
    std::size_t rows = 0, cols = 0;
    matrix_dims(r, &rows, &cols);
    const std::size_t slices = slice_count(r);
    std::string out;
    std::size_t pos = 0;
    for (std::size_t s = 0; s < slices; ++s) {
        if (s) out += '\n';  // blank line between slices of a 3-D result
        for (std::size_t i = 0; i < rows; ++i) {
            for (std::size_t j = 0; j < cols; ++j) {
                if (j) out += ',';
                const double x = at(r, pos++);
                out += std::isnan(x) ? "nan" : std::isinf(x) ? (x > 0 ? "inf" : "-inf") : exact_number(x, r.integer);
            }
            out += '\n';
        }
    }
    return out;
}

// [SECTION] LaTeX
namespace {

// 6 significant digits; scientific notation as m\times10^{e}.
std::string latex_number(double x, bool integer, double noise_floor) {
    if (std::isnan(x)) return "\\text{NaN}";
    if (std::isinf(x)) return x > 0 ? "\\infty" : "-\\infty";
    if (std::fabs(x) <= noise_floor) return "0";
    if (integer && x == std::floor(x) && std::fabs(x) < 1e18) return integer_text(x);
    char buf[40];
    std::snprintf(buf, sizeof buf, "%.6g", x);
    std::string s = buf;
    if (s == "-0") return "0";
    const std::size_t e = s.find('e');
    if (e == std::string::npos) return s;
    const int exponent = std::atoi(s.c_str() + e + 1);
    return s.substr(0, e) + "\\times10^{" + std::to_string(exponent) + "}";
}

}  // namespace

std::string to_latex(const QuantityResult& r) {
    std::size_t rows = 0, cols = 0;
    matrix_dims(r, &rows, &cols);
    // Entries this small relative to the largest entry are floating-point noise (cos(pi/2) = 6.1e-17).
    double largest = 0.0;
    for (double x : r.data)
        if (std::isfinite(x)) largest = std::max(largest, std::fabs(x));
    const double noise_floor = 1e-12 * largest;
    const std::size_t slices = slice_count(r);
    std::string out;
    std::size_t pos = 0;
    for (std::size_t s = 0; s < slices; ++s) {
        if (s) out += '\n';
        out += "\\begin{bmatrix}\n";
        for (std::size_t i = 0; i < rows; ++i) {
            for (std::size_t j = 0; j < cols; ++j) {
                if (j) out += " & ";
                out += latex_number(at(r, pos++), r.integer, noise_floor);
            }
            out += i + 1 < rows ? " \\\\\n" : "\n";
        }
        out += "\\end{bmatrix}\n";
    }
    return out;
}

}  // namespace pelab
