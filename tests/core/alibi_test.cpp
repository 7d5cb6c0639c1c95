// PE Lab — tests/core/alibi_test.cpp
// ALiBi (alibi.h): slopes against a double-precision run of the reference get_slopes
// (ofirpress/attention_with_linear_biases, fairseq/models/transformer.py) for 8, 12, 16 and other head
// counts; the causal and symmetric bias; the reference's m·j-per-row form and softmax shift invariance.
#include <cmath>

#include "core/relative/alibi.h"
#include "matrix_assert.h"

namespace {

using namespace pelab;

void expect_slopes(int heads, const std::vector<double>& golden) {
    const std::vector<double> s = alibi_slopes(heads);
    ASSERT_EQ(s.size(), golden.size()) << heads;
    for (std::size_t i = 0; i < s.size(); ++i) EXPECT_NEAR(s[i], golden[i], 1e-12) << heads << " heads, slope " << i;
}

TEST(AlibiSlopes, MatchReferenceGetSlopes) {
    expect_slopes(8, {0.5, 0.25, 0.125, 0.0625, 0.03125, 0.015625, 0.0078125, 0.00390625});
    // 12 is not a power of 2: the 8 slopes of 8 heads, then every other slope of 16 heads.
    expect_slopes(12, {0.5, 0.25, 0.125, 0.0625, 0.03125, 0.015625, 0.0078125, 0.00390625, 0.7071067811865476,
                       0.35355339059327384, 0.17677669529663692, 0.08838834764831849});
    expect_slopes(16, {0.7071067811865476, 0.5000000000000001, 0.35355339059327384, 0.25000000000000006,
                       0.17677669529663692, 0.12500000000000006, 0.08838834764831849, 0.06250000000000004,
                       0.044194173824159244, 0.03125000000000002, 0.022097086912079626, 0.01562500000000001,
                       0.011048543456039816, 0.007812500000000007, 0.005524271728019908, 0.003906250000000004});
    expect_slopes(6, {0.25, 0.0625, 0.015625, 0.00390625, 0.5, 0.125});
    expect_slopes(3, {0.0625, 0.00390625, 0.25});
    expect_slopes(1, {0.00390625});
    EXPECT_TRUE(alibi_slopes(0).empty());
    // Exact for powers of 2 up to 8: 2^(−8/n·(h+1)).
    for (int h = 0; h < 8; ++h) EXPECT_EQ(alibi_slopes(8)[static_cast<std::size_t>(h)], std::ldexp(1.0, -(h + 1)));
}

TEST(AlibiSlopes, SortedOnlyForPowersOfTwo) {
    for (int heads = 1; heads <= 64; ++heads) {
        const std::vector<double> s = alibi_slopes(heads);
        bool sorted = true;
        for (std::size_t i = 1; i < s.size(); ++i) sorted = sorted && s[i] < s[i - 1];
        const bool power = (heads & (heads - 1)) == 0;
        EXPECT_EQ(sorted, power) << heads;
    }
}

TEST(AlibiBias, CausalAndSymmetric) {
    const Eigen::MatrixXd C = alibi_bias(3, 0.5, AlibiMode::causal);
    EXPECT_EQ(C(0, 0), 0.0);
    EXPECT_EQ(C(2, 0), -1.0);
    EXPECT_EQ(C(2, 1), -0.5);
    EXPECT_TRUE(std::isinf(C(0, 1)) && C(0, 1) < 0);
    EXPECT_TRUE(std::isinf(C(1, 2)) && C(1, 2) < 0);
    Eigen::Matrix3d sym;
    sym << 0, -0.5, -1, -0.5, 0, -0.5, -1, -0.5, 0;
    EXPECT_MATRIX_NEAR(alibi_bias(3, 0.5, AlibiMode::symmetric), sym, 0.0);
    AlibiMode mode = AlibiMode::causal;
    EXPECT_TRUE(parse_alibi_mode("symmetric", &mode));
    EXPECT_EQ(mode, AlibiMode::symmetric);
    EXPECT_FALSE(parse_alibi_mode("both", &mode));
}

TEST(AlibiBias, ReferenceRowsGiveTheSameSoftmax) {
    for (double slope : alibi_slopes(12)) {
        const int L = 9;
        const Eigen::MatrixXd bias = alibi_bias(L, slope, AlibiMode::causal);
        const Eigen::MatrixXd ref = alibi_reference_rows(L, slope);
        // Every row of the reference form is m·j: the rows are identical where not masked.
        for (int i = 0; i < L; ++i)
            for (int j = 0; j <= i; ++j) {
                EXPECT_EQ(ref(i, j), slope * j);
                EXPECT_NEAR(ref(i, j) - bias(i, j), slope * i, 1e-15);  // differs by a per-row constant
            }
        EXPECT_MATRIX_NEAR(alibi_row_softmax(ref), alibi_row_softmax(bias), 1e-15);
        // The softmax of a causal row sums to 1 and gives the future weight 0.
        const Eigen::MatrixXd P = alibi_row_softmax(bias);
        for (int i = 0; i < L; ++i) {
            EXPECT_NEAR(P.row(i).sum(), 1.0, 1e-15);
            for (int j = i + 1; j < L; ++j) EXPECT_EQ(P(i, j), 0.0);
        }
    }
}

}  // namespace
