// PE Lab — tests/core/cost_test.cpp
// The cost measurements (cost.h): exact table sizes and work counts, and timings that are real
// (positive, finite) with a checksum that proves the work was done.
#include <cmath>

#include "core/cost.h"
#include "gtest/gtest.h"

namespace {

using namespace pelab;

TEST(Cost, TableBytesAndWork) {
    EXPECT_EQ(position_table_bytes(PositionMethod::embedding_add, 512, 64), 512.0 * 64 * 8);
    EXPECT_EQ(position_table_bytes(PositionMethod::full_bias, 512, 64), 512.0 * 512 * 8);
    EXPECT_EQ(position_table_bytes(PositionMethod::bucketed_bias, 512, 64), 1023.0 * 8);
    EXPECT_EQ(position_table_bytes(PositionMethod::rope_cached, 512, 64), 512.0 * 64 * 8);
    EXPECT_EQ(position_table_bytes(PositionMethod::rope_uncached, 512, 64), 32.0 * 8);
    EXPECT_EQ(position_work_items(PositionMethod::embedding_add, 512, 64), 512.0 * 64);
    EXPECT_EQ(position_work_items(PositionMethod::full_bias, 512, 64), 512.0 * 512);
    EXPECT_EQ(position_work_items(PositionMethod::bucketed_bias, 512, 64), 512.0 * 512);
    EXPECT_EQ(position_work_items(PositionMethod::rope_uncached, 512, 64), 2.0 * 512 * 64);
    EXPECT_EQ(all_position_methods().size(), 5u);
    EXPECT_STREQ(position_method_name(PositionMethod::bucketed_bias), "bucketed_bias");
}

TEST(Cost, MeasurementsAreLive) {
    for (PositionMethod m : all_position_methods()) {
        const CostMeasurement c = measure_position_cost(m, 64, 16, 0.0005, 20);
        EXPECT_EQ(c.N, 64);
        EXPECT_EQ(c.d, 16);
        EXPECT_GE(c.runs, 3);
        EXPECT_LE(c.runs, 20);
        EXPECT_TRUE(std::isfinite(c.seconds));
        EXPECT_GE(c.seconds, 0.0);
        EXPECT_TRUE(std::isfinite(c.checksum));
        EXPECT_NE(c.checksum, 0.0) << position_method_name(m);
        EXPECT_EQ(c.table_bytes, position_table_bytes(m, 64, 16));
    }
    // Inputs are clamped to what the lesson can afford.
    const CostMeasurement big = measure_position_cost(PositionMethod::embedding_add, 1 << 20, 3, 0.0, 3);
    EXPECT_EQ(big.N, 4096);
    EXPECT_EQ(big.d, 2);
}

}  // namespace
