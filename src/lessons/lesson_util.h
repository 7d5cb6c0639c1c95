// PE Lab — lessons/lesson_util.h
// Display helpers shared by every lesson (src/lessons/**.cpp), in their own namespace (pelab::lessonui):
// the one number policy (U+2212 minus signs, significant digits, subscripts, angles), sizes and times,
// row/column labels and heatmap payloads built from Eigen matrices. Parameters are read through each
// lesson's ParamTable (lessons/param_table.h), texts are formed by say() (lessons/bilingual.h).
// Definitions live in lesson_util.cpp, so the font subset (which scans .cpp files, not headers) sees every
// symbol they print; keep displayed literals out of this header.
//
// [SECTION] numbers (U+2212 minus signs, significant digits, subscripts, angles)
// [SECTION] sizes and times
// [SECTION] labels and text
// [SECTION] matrices and heatmaps
#pragma once
#include <Eigen/Dense>
#include <string>
#include <vector>

#include "core/constants.h"
#include "core/io/params.h"
#include "core/io/text.h"
#include "lessons/lesson.h"

namespace pelab {
namespace lessonui {

// [SECTION] numbers (U+2212 minus signs, significant digits, subscripts, angles)
// (The minus sign itself and the rule that applies it are core/io/text.h's: kMinus, typeset_minus.)
// The one number policy: `digits` significant digits (6 by default), U+2212 minus signs, |x| < 1e-12 as 0.
std::string num(double x, int digits);
std::string num(double x);
std::string exact(double x);                           // a difference that should be 0: shown unless exactly 0
std::string integer(long long n);
// A count in prose: 6144 → "6,144" (en) / "6144" (zh), the digit grouping each language shows.
std::string count_text(long long n, Lang lang);
std::string rounding_hint(double x, Lang lang);        // "(floating-point rounding)" for tiny non-zero x
// A sentence that reports a difference which should be 0 (an identity check): `err` fills {err} (exact) and
// {hint} (the rounding hint); `more` fills the sentence's other placeholders.
std::string say_error(Lang lang, const Text& text, double err, std::vector<Arg> more = {});
std::string sub(long long i);                          // Unicode subscript digits: θ₁₂
// "π/3", "−2π", or a decimal written by `decimal` (num by default).
std::string angle(double a, std::string (*decimal)(double) = num);
std::string vector_text(const Eigen::VectorXd& x, int max_items = 8);

// [SECTION] sizes and times
std::string bytes_text(double bytes);                  // "512 B", "12.5 KiB", "3 MiB"
std::string time_text(double seconds);                 // "850 ns", "12.3 µs", "4.56 ms"

// [SECTION] labels and text
std::vector<std::string> index_labels(int n, int first = 0);  // "0", "1", ..., as row/column labels
std::vector<double> pair_axis(int pairs);                      // 0, 1, …, pairs − 1: a curve's x over frequency pairs
// Empty axes for each pair's wavelength λᵢ = 2π/θᵢ: x the pairs 0 … pairs − 1, y positions on a log axis.
CurveView wavelength_axes(int pairs, Lang lang);
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

}  // namespace lessonui
}  // namespace pelab
