// PE Lab — core/rope/rope_decay.cpp
// RoFormer's relative upper bound B(Δ) and log-spaced integer distances (see rope_decay.h).
//
// [SECTION] the relative upper bound
// [SECTION] sampling distances
#include "core/rope/rope_decay.h"

#include <algorithm>
#include <cmath>
#include <complex>

namespace pelab {

// [SECTION] the relative upper bound
double rope_relative_upper_bound(const Eigen::VectorXd& theta, double delta) {
    const Eigen::Index half = theta.size();
    if (half == 0) return 0.0;
    std::complex<double> partial(0.0, 0.0);  // S_j, grown one term at a time
    double total = 0.0;
    for (Eigen::Index p = 0; p < half; ++p) {
        partial += std::polar(1.0, delta * theta(p));
        total += std::abs(partial);
    }
    return total / static_cast<double>(half);  // 2/d = 1/(d/2)
}

std::vector<double> rope_relative_upper_bound(const Eigen::VectorXd& theta, const std::vector<double>& deltas) {
    std::vector<double> out;
    out.reserve(deltas.size());
    for (double delta : deltas) out.push_back(rope_relative_upper_bound(theta, delta));
    return out;
}

// [SECTION] sampling distances
std::vector<double> log_spaced_integers(int lo, int hi, int count) {
    std::vector<double> out;
    if (lo < 1 || hi < lo) return out;
    count = std::max(count, 2);
    const double a = std::log(static_cast<double>(lo)), b = std::log(static_cast<double>(hi));
    for (int s = 0; s < count; ++s) {
        const double x = s + 1 == count ? hi : std::round(std::exp(a + (b - a) * s / (count - 1)));
        const double v = std::clamp(x, static_cast<double>(lo), static_cast<double>(hi));
        if (out.empty() || v > out.back()) out.push_back(v);
    }
    return out;
}

}  // namespace pelab
