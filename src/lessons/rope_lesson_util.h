// PE Lab — lessons/rope_lesson_util.h
// Display helpers shared by the issue-4 lessons (rope, long-context, cost, vit-2d): number formatting
// with U+2212 minus signs, subscripts, labels, and the q/k heatmap builder, in their own namespace
// (pelab::ropeui) so they never collide with another lesson's helpers. Definitions live in
// rope_lesson_util.cpp, so the font subset (which scans .cpp files) sees every symbol they print.
#pragma once
#include <Eigen/Dense>
#include <string>
#include <vector>

#include "core/params.h"
#include "lessons/lesson.h"

namespace pelab {
namespace ropeui {

constexpr double kPi = 3.14159265358979323846;

const char* tr(Lang lang, const char* zh, const char* en);
std::string with_minus(std::string s);                 // U+2212 for a leading '-' and in exponents
std::string num(double x);                             // 6 significant digits; |x| < 1e-12 shows as 0
std::string num_digits(double x, int digits);          // up to `digits` significant digits
std::string exact(double x);                           // a difference that should be 0: shown unless exactly 0
std::string integer(long long n);
std::string rounding_hint(double x, Lang lang);        // "(floating-point rounding)" for tiny non-zero x
std::string sub(long long i);                          // Unicode subscript digits: θ₁₂
std::string angle(double a);                           // "π/3", "−2π", or a decimal
std::string vector_text(const Eigen::VectorXd& x, int max_items = 8);
std::string bytes_text(double bytes);                  // "512 B", "12.5 KiB", "3 MiB"
std::string time_text(double seconds);                 // "850 ns", "12.3 µs", "4.56 ms"
std::vector<std::string> index_labels(int n, int first = 0);
RowMatrix to_rows(const Eigen::MatrixXd& M);
double max_abs(const Eigen::MatrixXd& M);
// Entries below 1e-12 are rounding noise of exact zeros, stored as 0 so tables never print "−0.0000".
RowMatrix without_rounding_noise(RowMatrix M);
// Heatmap of a query × key matrix (rows query positions m, columns key positions n); the caller sets explain.
ViewData qk_heatmap(const std::string& title, const Eigen::MatrixXd& M, Lang lang);
// Defensive parameter reads: a ParamSet filled by hand may lack keys or hold odd values.
int int_param(const ParamSet& p, const char* key, int fallback, int lo, int hi);
double real_param(const ParamSet& p, const char* key, double fallback, double lo, double hi);
int choice_int_param(const ParamSet& p, const char* key, int fallback);  // a Choice whose values are numbers
// 10^x, exact for whole x (10^4 = 10000 exactly, so lesson bases match the reference defaults).
double pow10_exact(double x);

}  // namespace ropeui
}  // namespace pelab
