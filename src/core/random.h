// PE Lab — core/random.h
// Seeded random numbers that are identical on every platform (native libstdc++, libc++, Emscripten):
// a splitmix64 generator and a mapping to doubles that uses only exact integer and power-of-two steps.
// std::uniform_real_distribution is avoided on purpose: its output differs between standard libraries.
#pragma once
#include <Eigen/Dense>
#include <cstdint>

namespace pelab {

class SplitMix64 {
public:
    explicit SplitMix64(std::uint64_t seed) : state_(seed) {}
    // The next 64 random bits (Steele, Lea & Flood's splitmix64 finaliser).
    std::uint64_t next_u64();
    // A double in [0, 1): the top 53 bits times 2^−53 (exact).
    double next_unit();
    // A double in [−1, 1): 2·next_unit() − 1 (exact).
    double next_signed();
private:
    std::uint64_t state_;
};

// rows × cols matrix of next_signed() values, filled row by row (row-major order) from `rng`.
Eigen::MatrixXd random_signed_matrix(int rows, int cols, SplitMix64& rng);

}  // namespace pelab
