// PE Lab — core/relative/alibi.cpp
// Implements alibi.h. get_slopes is transcribed operation by operation (same recursion, same powers),
// so the doubles equal a Python run of the reference.
#include "core/relative/alibi.h"

#include <algorithm>
#include <cmath>
#include <limits>

namespace pelab {

namespace {

// get_slopes_power_of_2(n): start = 2**(-2**-(log2(n)-3)); ratio = start; [start*ratio**i for i in range(n)]
std::vector<double> slopes_power_of_2(int n) {
    const double start = std::pow(2.0, -std::pow(2.0, -(std::log2(static_cast<double>(n)) - 3)));
    const double ratio = start;
    std::vector<double> out;
    out.reserve(static_cast<std::size_t>(n));
    for (int i = 0; i < n; ++i) out.push_back(start * std::pow(ratio, i));
    return out;
}

}  // namespace

std::vector<double> alibi_slopes(int heads) {
    if (heads < 1) return {};
    const double lg = std::log2(static_cast<double>(heads));
    if (lg == std::floor(lg)) return slopes_power_of_2(heads);  // math.log2(n).is_integer()
    // closest_power_of_2 = 2**floor(log2(n)); get_slopes_power_of_2(p) + get_slopes(2p)[0::2][:n-p]
    const int p = 1 << static_cast<int>(std::floor(lg));
    std::vector<double> out = slopes_power_of_2(p);
    const std::vector<double> doubled = alibi_slopes(2 * p);
    for (std::size_t i = 0; i < doubled.size() && static_cast<int>(out.size()) < heads; i += 2) out.push_back(doubled[i]);
    return out;
}

const char* alibi_mode_name(AlibiMode mode) { return mode == AlibiMode::symmetric ? "symmetric" : "causal"; }

bool parse_alibi_mode(const std::string& text, AlibiMode* out) {
    if (text == "causal") {
        *out = AlibiMode::causal;
        return true;
    }
    if (text == "symmetric") {
        *out = AlibiMode::symmetric;
        return true;
    }
    return false;
}

// Both fills go column by column: Eigen stores column-major, so column j (key j) is one contiguous run of
// L doubles and the inner loop streams through memory (and vectorises). Each cell is computed by the same
// expression as before (−slope·(i − j) with the integer difference converted once), so the values are the
// same doubles whatever the loop order.
Eigen::MatrixXd alibi_bias(int L, double slope, AlibiMode mode) {
    const int n = std::max(L, 0);
    Eigen::MatrixXd B(n, n);
    const double neg_inf = -std::numeric_limits<double>::infinity();
    for (int j = 0; j < n; ++j) {
        double* const column = B.col(j).data();
        if (mode == AlibiMode::causal) {
            for (int i = 0; i < j; ++i) column[i] = neg_inf;  // future keys: masked
            for (int i = j; i < n; ++i) column[i] = -slope * (i - j);
        } else {
            for (int i = 0; i < j; ++i) column[i] = -slope * (j - i);  // |i − j| = j − i above the diagonal
            for (int i = j; i < n; ++i) column[i] = -slope * (i - j);
        }
    }
    return B;
}

Eigen::MatrixXd alibi_reference_rows(int L, double slope) {
    const int n = std::max(L, 0);
    Eigen::MatrixXd B(n, n);
    const double neg_inf = -std::numeric_limits<double>::infinity();
    for (int j = 0; j < n; ++j) {
        double* const column = B.col(j).data();
        const double value = slope * j;  // the same m·j in every row where key j is visible
        for (int i = 0; i < j; ++i) column[i] = neg_inf;
        for (int i = j; i < n; ++i) column[i] = value;
    }
    return B;
}

Eigen::MatrixXd alibi_row_softmax(const Eigen::MatrixXd& logits) {
    Eigen::MatrixXd P = Eigen::MatrixXd::Zero(logits.rows(), logits.cols());
    for (Eigen::Index r = 0; r < logits.rows(); ++r) {
        double mx = -std::numeric_limits<double>::infinity();
        for (Eigen::Index c = 0; c < logits.cols(); ++c) mx = std::max(mx, logits(r, c));
        if (!std::isfinite(mx)) continue;
        double sum = 0.0;
        for (Eigen::Index c = 0; c < logits.cols(); ++c) {
            const double e = std::isinf(logits(r, c)) ? 0.0 : std::exp(logits(r, c) - mx);
            P(r, c) = e;
            sum += e;
        }
        if (sum > 0.0) P.row(r) /= sum;
    }
    return P;
}

}  // namespace pelab
