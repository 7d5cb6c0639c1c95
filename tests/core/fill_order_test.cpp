// PE Lab — tests/core/fill_order_test.cpp
// The matrix builders that fill column by column (Eigen's storage order, for speed) give,
// bit for bit, the values of their per-cell definitions: sinusoidal_pe against sinusoidal_pe_row (both
// layouts, odd d included), alibi_bias against −m·(i − j) / −m·|i − j| with the −inf mask, alibi_reference_rows
// against m·j, t5_bucket_matrix against t5_relative_position_bucket(j − i), rope_scores (blocked 4 × 4)
// against one in-order dot product of rope_apply(q, m) and rope_apply(k, n) per cell. Bitwise, so −0.0 against 0.0
// or a one-ulp change would fail: the CLI prints 17 significant digits and must not change.
//
// [SECTION] helpers
// [SECTION] sinusoidal
// [SECTION] alibi
// [SECTION] t5
// [SECTION] rope scores
#include <gtest/gtest.h>

#include <cmath>
#include <cstdint>
#include <cstring>
#include <limits>

#include "core/relative/alibi.h"
#include "core/random.h"
#include "core/rope/rope.h"
#include "core/absolute/sinusoidal.h"
#include "core/relative/t5.h"

namespace {

using namespace pelab;

// [SECTION] helpers
std::uint64_t bits_of(double x) {
    std::uint64_t b = 0;
    std::memcpy(&b, &x, sizeof b);
    return b;
}

// Counts cells whose bits differ from cell(i, j); the first few are reported.
template <typename Cell>
int count_bit_mismatches(const Eigen::MatrixXd& m, Cell cell) {
    int mismatches = 0;
    for (Eigen::Index i = 0; i < m.rows(); ++i)
        for (Eigen::Index j = 0; j < m.cols(); ++j) {
            const double want = cell(static_cast<int>(i), static_cast<int>(j));
            if (bits_of(m(i, j)) != bits_of(want)) {
                if (++mismatches <= 3) ADD_FAILURE() << "cell (" << i << ", " << j << "): " << m(i, j) << " vs " << want;
            }
        }
    return mismatches;
}

// [SECTION] sinusoidal
struct TableCase {
    int L;
    int d;
    double base;
    PeVariant variant;
};

TEST(FillOrder, SinusoidalTableEqualsItsRowsBitForBit) {
    const TableCase cases[] = {{300, 64, 10000.0, PeVariant::vaswani},  {129, 7, 500.0, PeVariant::vaswani},
                               {4096, 16, 2.0, PeVariant::vaswani},     {200, 9, 10000.0, PeVariant::tensor2tensor},
                               {50, 2, 1e8, PeVariant::tensor2tensor}, {1, 1024, 10000.0, PeVariant::tensor2tensor},
                               {33, 3, 10000.0, PeVariant::vaswani}};
    for (const TableCase& c : cases) {
        SCOPED_TRACE(testing::Message() << "L=" << c.L << " d=" << c.d << " base=" << c.base << " "
                                        << pe_variant_name(c.variant));
        const Eigen::MatrixXd table = sinusoidal_pe(c.L, c.d, c.base, c.variant);
        ASSERT_EQ(table.rows(), c.L);
        ASSERT_EQ(table.cols(), c.d);
        EXPECT_EQ(0, count_bit_mismatches(table, [&](int p, int j) {
                      return sinusoidal_pe_row(p, c.d, c.base, c.variant)(j);
                  }));
    }
}

TEST(FillOrder, SinusoidalTableOfNoPositionsIsEmpty) {
    const Eigen::MatrixXd table = sinusoidal_pe(0, 8, 10000.0, PeVariant::vaswani);
    EXPECT_EQ(table.rows(), 0);
    EXPECT_EQ(table.cols(), 8);
}

// [SECTION] alibi
TEST(FillOrder, AlibiBiasEqualsItsCellFormulaBitForBit) {
    const double neg_inf = -std::numeric_limits<double>::infinity();
    for (const int L : {1, 2, 17, 130}) {
        for (const double slope : {0.5, 0.00390625, 0.7071067811865476, 0.0}) {
            SCOPED_TRACE(testing::Message() << "L=" << L << " slope=" << slope);
            EXPECT_EQ(0, count_bit_mismatches(alibi_bias(L, slope, AlibiMode::causal), [&](int i, int j) {
                          return j <= i ? -slope * (i - j) : neg_inf;
                      }));
            EXPECT_EQ(0, count_bit_mismatches(alibi_bias(L, slope, AlibiMode::symmetric), [&](int i, int j) {
                          return -slope * std::abs(i - j);
                      }));
            EXPECT_EQ(0, count_bit_mismatches(alibi_reference_rows(L, slope), [&](int i, int j) {
                          return j <= i ? slope * j : neg_inf;
                      }));
        }
    }
    EXPECT_EQ(alibi_bias(0, 0.5, AlibiMode::causal).size(), 0);
}

// [SECTION] t5
TEST(FillOrder, T5BucketMatrixEqualsTheBucketOfEachRelativePosition) {
    struct Case {
        int L, num_buckets, max_distance;
        bool bidirectional;
    };
    const Case cases[] = {{1, 32, 128, true}, {300, 32, 128, true}, {300, 32, 128, false}, {65, 5, 2, true}};
    for (const Case& c : cases) {
        SCOPED_TRACE(testing::Message() << "L=" << c.L << " buckets=" << c.num_buckets);
        const Eigen::MatrixXi b = t5_bucket_matrix(c.L, c.num_buckets, c.max_distance, c.bidirectional);
        ASSERT_EQ(b.rows(), c.L);
        int mismatches = 0;
        for (int i = 0; i < c.L; ++i)
            for (int j = 0; j < c.L; ++j)
                if (b(i, j) != t5_relative_position_bucket(j - i, c.bidirectional, c.num_buckets, c.max_distance))
                    ++mismatches;
        EXPECT_EQ(mismatches, 0);
    }
}

// [SECTION] rope scores
TEST(FillOrder, RopeScoresEqualOneOrderedDotPerCellBitForBit) {
    struct Case {
        int L, q_size, k_size, pairs;
        RopeLayout layout;
        double offset;
    };
    // 130 positions: 33 panels of 4 (the last one padded), so two passes over the query panels.
    const Case cases[] = {{130, 16, 16, 8, RopeLayout::half, 0.0},   {130, 10, 10, 5, RopeLayout::interleaved, 3.0},
                          {1, 4, 4, 2, RopeLayout::half, 0.0},       {7, 8, 6, 3, RopeLayout::interleaved, -2.5},
                          {0, 4, 4, 2, RopeLayout::half, 0.0}};
    for (const Case& c : cases) {
        SCOPED_TRACE(testing::Message() << "L=" << c.L << " |q|=" << c.q_size << " |k|=" << c.k_size);
        SplitMix64 rng(7);
        Eigen::VectorXd q(c.q_size), k(c.k_size);
        for (Eigen::Index i = 0; i < q.size(); ++i) q(i) = rng.next_signed();
        for (Eigen::Index i = 0; i < k.size(); ++i) k(i) = rng.next_signed();
        const Eigen::VectorXd theta = rope_default_inv_freq(2 * c.pairs, 10000.0);
        const Eigen::MatrixXd scores = rope_scores(c.L, theta, q, k, c.layout, c.offset);
        ASSERT_EQ(scores.rows(), c.L);
        ASSERT_EQ(scores.cols(), c.L);
        EXPECT_EQ(0, count_bit_mismatches(scores, [&](int m, int j) {
                      const Eigen::VectorXd a = rope_apply(q, m + c.offset, theta, c.layout);
                      const Eigen::VectorXd b = rope_apply(k, j + c.offset, theta, c.layout);
                      double sum = 0.0;
                      for (Eigen::Index t = 0; t < std::min(a.size(), b.size()); ++t) sum += a(t) * b(t);
                      return sum;
                  }));
    }
}

}  // namespace
