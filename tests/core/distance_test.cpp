// PE Lab — tests/core/distance_test.cpp
// core/relative/distance.h: the distance matrix is Toeplitz with D(q, k) = q − k, and the diagonal lengths add up to L².
#include <gtest/gtest.h>

#include <numeric>

#include "core/relative/distance.h"
#include "matrix_assert.h"

namespace {

using namespace pelab;

TEST(Distance, MatrixIsQueryMinusKey) {
    Eigen::MatrixXd expected(3, 3);
    expected << 0, -1, -2,  //
        1, 0, -1,           //
        2, 1, 0;
    EXPECT_MATRIX_NEAR(query_key_distance(3), expected, 0.0);
}

TEST(Distance, PairsPerDistanceAreDiagonalLengthsAndSumToLSquared) {
    for (int L : {1, 2, 7, 64}) {
        const std::vector<double> n = pairs_at_distance(L);
        ASSERT_EQ(n.size(), static_cast<std::size_t>(2 * L - 1));
        EXPECT_EQ(n[static_cast<std::size_t>(L - 1)], L);  // Δ = 0: the main diagonal
        EXPECT_EQ(n.front(), 1);
        EXPECT_EQ(std::accumulate(n.begin(), n.end(), 0.0), double(L) * L);
    }
}

TEST(Distance, QuantityMatchesTheMatrix) {
    const Quantity* q = find_quantity("qk_distance");
    ASSERT_NE(q, nullptr);
    ParamSet p = defaults(q->params);
    ASSERT_TRUE(parse_params(q->params, {{"L", "4"}}, &p).empty());
    const QuantityResult r = q->compute(p);
    EXPECT_TRUE(r.integer);
    EXPECT_EQ(r.shape, (std::vector<int>{4, 4}));
    EXPECT_EQ(r.data[1], -1);  // row 0, column 1: q − k = 0 − 1
    EXPECT_EQ(r.data[4], 1);   // row 1, column 0
}

}  // namespace
