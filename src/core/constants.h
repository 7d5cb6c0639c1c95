// PE Lab — core/constants.h
// The circle constants, written once for every layer (core, lessons, views, tests). 2π is 2·π exactly: doubling
// a double only changes its exponent, so kTwoPi is also the double nearest to 2π.
// Part of `core`: no includes.
#pragma once

namespace pelab {

inline constexpr double kPi = 3.14159265358979323846;
inline constexpr double kTwoPi = 2.0 * kPi;

}  // namespace pelab
