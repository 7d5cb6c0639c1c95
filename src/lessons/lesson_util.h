// PE Lab — lessons/lesson_util.h
// Display helpers shared by every lesson (src/lessons/*.cpp): the language switch, number formatting with
// U+2212 minus signs, subscripts and angles, row/column labels, heatmaps built from Eigen matrices and
// defensive ParamSet reads, in their own namespace (pelab::lessonui) so a lesson's own helpers of the same
// name (e.g. a lesson-specific num) simply hide them. The ParamSpec builders (int_spec, real_spec,
// choice_spec, make_spec) live in core/params.h, shared with core. Definitions live in lesson_util.cpp, so
// the font subset (which scans .cpp files, not headers) sees every symbol they print; keep displayed
// literals out of this header.
//
// [SECTION] language
// [SECTION] numbers (U+2212 minus signs, significant digits, subscripts, angles)
// [SECTION] sizes and times
// [SECTION] labels and text
// [SECTION] matrices and heatmaps
// [SECTION] defensive ParamSet reads
#pragma once
#include <Eigen/Dense>
#include <string>
#include <vector>

#include "core/params.h"
#include "lessons/legacy_view.h"

namespace pelab {
namespace lessonui {

constexpr double kPi = 3.14159265358979323846;

// [SECTION] language
const char* tr(Lang lang, const char* zh, const char* en);  // zh or en text for the current language

// [SECTION] numbers (U+2212 minus signs, significant digits, subscripts, angles)
extern const char* const kMinus;                       // U+2212 MINUS SIGN for every negative number shown
std::string sign_minus(std::string s);                 // U+2212 for a leading '-' only (exponents stay ASCII)
std::string with_minus(std::string s);                 // U+2212 for a leading '-' and in exponents
// The one number policy: `digits` significant digits (6 by default), U+2212 minus signs, |x| < 1e-12 as 0.
std::string num(double x, int digits);
std::string num(double x);
// `digits` significant digits; NaN shows as "NaN", |x| < 1e-12 as 0; U+2212 on the sign only (the style of
// the first lessons: f-delta, attention-grid, absolute-pe, shaw, t5-bias).
std::string num_sign_minus(double x, int digits);
std::string num_digits(double x, int digits);          // up to `digits` significant digits
std::string exact(double x);                           // a difference that should be 0: shown unless exactly 0
std::string exact_sign_minus(double x);                // exact() with U+2212 on the sign only
std::string integer(long long n);
std::string rounding_hint(double x, Lang lang);        // "(floating-point rounding)" for tiny non-zero x
std::string sub(long long i);                          // Unicode subscript digits: θ₁₂
// "π/3", "−2π", or a decimal written by `decimal` (num by default).
std::string angle(double a, std::string (*decimal)(double) = num);
std::string vector_text(const Eigen::VectorXd& x, int max_items = 8);

// [SECTION] sizes and times
std::string bytes_text(double bytes);                  // "512 B", "12.5 KiB", "3 MiB"
std::string time_text(double seconds);                 // "850 ns", "12.3 µs", "4.56 ms"

// [SECTION] labels and text
std::vector<std::string> index_labels(int n, int first = 0);  // "0", "1", ..., as row/column labels
std::string join(const std::vector<std::string>& parts, const char* sep);

// [SECTION] matrices and heatmaps
RowMatrix to_rows(const Eigen::MatrixXd& M);
double max_abs(const Eigen::MatrixXd& M);
// Entries below 1e-12 are rounding noise of exact zeros, stored as 0 so tables never print "−0.0000".
RowMatrix without_rounding_noise(RowMatrix M);
// A heatmap of `values` with the given row/column labels and axis captions; the caller sets the rest.
HeatmapView labelled_matrix(RowMatrix values, std::vector<std::string> row_labels, std::vector<std::string> col_labels,
                            std::string row_axis, std::string col_axis);
// A heatmap of M with index labels 0..rows−1 / 0..cols−1 and the given axis captions.
HeatmapView index_matrix(const Eigen::MatrixXd& M, std::string row_axis, std::string col_axis);
// A query × key matrix (rows query positions m, columns key positions n); the caller sets explain.
HeatmapView qk_matrix(const Eigen::MatrixXd& M, Lang lang);

// [SECTION] defensive ParamSet reads
// A ParamSet filled by hand may lack keys or hold odd values.
int int_param(const ParamSet& p, const char* key, int fallback, int lo, int hi);
double real_param(const ParamSet& p, const char* key, double fallback, double lo, double hi);
int choice_int_param(const ParamSet& p, const char* key, int fallback);  // a Choice whose values are numbers

}  // namespace lessonui
}  // namespace pelab
