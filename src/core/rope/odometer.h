// PE Lab — core/rope/odometer.h
// The frequency pairs read as an odometer: pair i turns θᵢ radians per position, so within L training
// positions it makes L·θᵢ/2π turns and its needle has swept the arc min(L·θᵢ, 2π); a pair with fewer than
// one turn never saw the rest of its circle. Also the plain binary counter the sinusoid is often compared
// with (bit b flips every 2^b positions). Part of `core`: Eigen + std only.
//
// [SECTION] turns and wavelengths
// [SECTION] binary counter
#pragma once
#include <Eigen/Dense>
#include <vector>

namespace pelab {

// [SECTION] turns and wavelengths
// train_length · θᵢ / 2π per pair (the turns pair i completes over the positions 0 … train_length).
std::vector<double> turns_in_training(const Eigen::VectorXd& theta, double train_length);
// 2π / θᵢ per pair: the positions one turn of pair i takes.
std::vector<double> pair_wavelengths(const Eigen::VectorXd& theta);
// How many pairs complete fewer than one turn within train_length (turns < 1).
int pairs_short_of_a_turn(const Eigen::VectorXd& theta, double train_length);
// Angle of pair i at position p, reduced to [0, 2π).
double needle_angle(double theta, double position);

// [SECTION] binary counter
// Bit b (b = 0 the lowest) of the non-negative integer n; 0 for b outside 0..62 or n < 0.
int binary_digit(long long n, int b);

}  // namespace pelab
