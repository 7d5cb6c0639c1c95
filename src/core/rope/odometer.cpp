// PE Lab — core/rope/odometer.cpp
// Turns per pair within the training length, wavelengths, needle angles and binary digits (odometer.h).
//
// [SECTION] turns and wavelengths
// [SECTION] binary counter
#include "core/constants.h"
#include "core/rope/odometer.h"

#include <cmath>

namespace pelab {


// [SECTION] turns and wavelengths
std::vector<double> turns_in_training(const Eigen::VectorXd& theta, double train_length) {
    std::vector<double> out;
    out.reserve(static_cast<std::size_t>(theta.size()));
    for (Eigen::Index i = 0; i < theta.size(); ++i) out.push_back(train_length * theta(i) / kTwoPi);
    return out;
}

std::vector<double> pair_wavelengths(const Eigen::VectorXd& theta) {
    std::vector<double> out;
    out.reserve(static_cast<std::size_t>(theta.size()));
    for (Eigen::Index i = 0; i < theta.size(); ++i) out.push_back(kTwoPi / theta(i));
    return out;
}

int pairs_short_of_a_turn(const Eigen::VectorXd& theta, double train_length) {
    int n = 0;
    for (double t : turns_in_training(theta, train_length)) n += t < 1.0 ? 1 : 0;
    return n;
}

double needle_angle(double theta, double position) {
    const double a = std::fmod(theta * position, kTwoPi);
    return a < 0 ? a + kTwoPi : a;
}

// [SECTION] binary counter
int binary_digit(long long n, int b) {
    if (n < 0 || b < 0 || b > 62) return 0;
    return static_cast<int>((n >> b) & 1LL);
}

}  // namespace pelab
