// PE Lab — core/random.cpp
// splitmix64 and its exact mapping to doubles (see random.h for why not <random> distributions).
#include "core/random.h"

namespace pelab {

std::uint64_t SplitMix64::next_u64() {
    state_ += 0x9E3779B97F4A7C15ULL;
    std::uint64_t z = state_;
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
    return z ^ (z >> 31);
}

double SplitMix64::next_unit() {
    // 53 random bits fit a double's mantissa exactly; multiplying by 2^-53 is exact too.
    return static_cast<double>(next_u64() >> 11) * (1.0 / 9007199254740992.0);
}

double SplitMix64::next_signed() { return 2.0 * next_unit() - 1.0; }

Eigen::MatrixXd random_signed_matrix(int rows, int cols, SplitMix64& rng) {
    Eigen::MatrixXd M(rows, cols);
    for (int r = 0; r < rows; ++r)
        for (int c = 0; c < cols; ++c) M(r, c) = rng.next_signed();
    return M;
}

}  // namespace pelab
