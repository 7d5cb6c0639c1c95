// PE Lab — lessons/lesson_util.cpp
// Definitions of the display helpers in lesson_util.h, shared by every lesson. Every symbol they print
// (−, ∞, π, subscripts, µ, the Chinese notes) is a literal in this file, so the font subset sees it.
//
// [SECTION] numbers (U+2212 minus signs, significant digits, subscripts, angles)
// [SECTION] sizes and times
// [SECTION] labels and text
// [SECTION] matrices and heatmaps
#include "lessons/lesson_util.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <utility>

#include "core/io/text.h"

namespace pelab {
namespace lessonui {

// [SECTION] numbers (U+2212 minus signs, significant digits, subscripts, angles)


// The one number policy of every lesson: `digits` significant digits, U+2212 for the sign and in exponents,
// NaN as "NaN", ±∞ as symbols, and |x| < 1e-12 as 0 (rounding noise of exact zeros).
std::string num(double x, int digits) {
    if (std::isnan(x)) return "NaN";
    if (std::isinf(x)) return x < 0 ? "−∞" : "∞";
    if (std::fabs(x) < 1e-12) return "0";
    char buf[48];
    std::snprintf(buf, sizeof buf, "%.*g", std::clamp(digits, 1, 17), x);
    return typeset_minus(buf);
}

std::string num(double x) { return num(x, 6); }



// A difference that should be zero: exactly 0 prints as 0, anything else (however small) is shown.
std::string exact(double x) {
    if (x == 0.0) return "0";
    char buf[48];
    std::snprintf(buf, sizeof buf, "%.3g", x);
    return typeset_minus(buf);
}

std::string integer(long long n) { return typeset_minus(std::to_string(n)); }

std::string count_text(long long n, Lang lang) { return grouped_integer(n, lang == Lang::en); }

// "(floating-point rounding)" after a difference that is tiny but not exactly 0.
std::string rounding_hint(double x, Lang lang) {
    if (x == 0.0 || x > 1e-9) return "";
    return say(lang, {"（浮点舍入误差）", " (floating-point rounding)"});
}

std::string say_error(Lang lang, const Text& text, double err, std::vector<Arg> more) {
    more.push_back({"err", exact(err)});
    more.push_back({"hint", rounding_hint(err, lang)});
    return say(lang, text, more);
}

// Unicode subscript digits for indices (θ₀, θ₁₂).
std::string sub(long long i) {
    static const char* const digits[] = {"₀", "₁", "₂", "₃", "₄", "₅", "₆", "₇", "₈", "₉"};
    std::string s = i < 0 ? "₋" : "";
    const std::string d = std::to_string(i < 0 ? -i : i);
    for (char c : d) s += digits[c - '0'];
    return s;
}

// An angle in radians as a multiple of π when it is one with a small denominator, else a decimal.
std::string angle(double a, std::string (*decimal)(double)) {
    if (a == 0.0) return "0";
    const double t = a / kPi;
    for (int den = 1; den <= 12; ++den) {
        const double numer = std::round(t * den);
        if (std::fabs(t * den - numer) < 1e-9 && std::fabs(numer) <= 10000) {
            const long long p = static_cast<long long>(numer);
            std::string s = p < 0 ? kMinus : "";
            const long long ap = p < 0 ? -p : p;
            if (ap != 1) s += std::to_string(ap);
            s += "π";
            if (den != 1) s += "/" + std::to_string(den);
            return s;
        }
    }
    return decimal(a);
}

std::string vector_text(const Eigen::VectorXd& x, int max_items) {
    std::string s = "[";
    for (Eigen::Index i = 0; i < x.size(); ++i) {
        if (i == max_items) {
            s += ", …";
            break;
        }
        s += (i ? ", " : "") + num(x(i));
    }
    return s + "]";
}

// [SECTION] sizes and times
// Bytes as "512 B", "12.5 KiB", "3.00 MiB".
std::string bytes_text(double b) {
    char buf[48];
    if (b < 1024.0)
        std::snprintf(buf, sizeof buf, "%.0f B", b);
    else if (b < 1024.0 * 1024.0)
        std::snprintf(buf, sizeof buf, "%.3g KiB", b / 1024.0);
    else
        std::snprintf(buf, sizeof buf, "%.3g MiB", b / (1024.0 * 1024.0));
    return buf;
}

// Seconds as "850 ns", "12.3 µs", "4.56 ms".
std::string time_text(double s) {
    char buf[48];
    if (s < 1e-6)
        std::snprintf(buf, sizeof buf, "%.3g ns", s * 1e9);
    else if (s < 1e-3)
        std::snprintf(buf, sizeof buf, "%.3g µs", s * 1e6);
    else
        std::snprintf(buf, sizeof buf, "%.3g ms", s * 1e3);
    return buf;
}

// [SECTION] labels and text
std::vector<double> pair_axis(int pairs) {
    std::vector<double> x;
    for (int i = 0; i < pairs; ++i) x.push_back(i);
    return x;
}

CurveView wavelength_axes(int pairs, Lang lang) {
    CurveView curve;
    curve.x = pair_axis(pairs);
    curve.x_axis = say(lang, {"对 i", "pair i"});
    curve.y_axis = say(lang, {"波长 λᵢ = 2π/θᵢ（位置，对数轴）", "wavelength λᵢ = 2π/θᵢ (positions, log axis)"});
    curve.log_y = true;
    return curve;
}

std::vector<std::string> index_labels(int n, int first) {
    std::vector<std::string> out;
    for (int i = 0; i < n; ++i) out.push_back(std::to_string(first + i));
    return out;
}

std::string join(const std::vector<std::string>& parts, const char* sep) {
    std::string s;
    for (std::size_t i = 0; i < parts.size(); ++i) s += (i ? sep : "") + parts[i];
    return s;
}

// [SECTION] matrices and heatmaps
RowMatrix to_rows(const Eigen::MatrixXd& M) { return RowMatrix(M); }

double max_abs(const Eigen::MatrixXd& M) { return M.size() == 0 ? 0.0 : M.cwiseAbs().maxCoeff(); }

// Entries below 1e-12 are rounding noise of exact zeros and are stored as 0 so tables never print "−0.0000".
RowMatrix without_rounding_noise(RowMatrix M) {
    for (Eigen::Index i = 0; i < M.size(); ++i)
        if (std::fabs(M.data()[i]) < 1e-12) M.data()[i] = 0.0;
    return M;
}

HeatmapView labelled_matrix(RowMatrix values, std::vector<std::string> row_labels, std::vector<std::string> col_labels,
                            std::string row_axis, std::string col_axis) {
    HeatmapView h;
    h.values = std::move(values);
    h.row_labels = std::move(row_labels);
    h.col_labels = std::move(col_labels);
    h.row_axis = std::move(row_axis);
    h.col_axis = std::move(col_axis);
    return h;
}

HeatmapView index_matrix(const Eigen::MatrixXd& M, std::string row_axis, std::string col_axis) {
    return labelled_matrix(to_rows(M), index_labels(static_cast<int>(M.rows())), index_labels(static_cast<int>(M.cols())),
                           std::move(row_axis), std::move(col_axis));
}

// Rows are query positions m, columns key positions n; diverging around 0, hover shows Δ = m − n.
HeatmapView qk_matrix(const Eigen::MatrixXd& M, Lang lang) {
    HeatmapView h = index_matrix(M, say(lang, {"查询位置 m", "query position m"}), say(lang, {"键位置 n", "key position n"}));
    h.is_signed = true;
    h.qk_axes = true;
    return h;
}

}  // namespace lessonui
}  // namespace pelab
