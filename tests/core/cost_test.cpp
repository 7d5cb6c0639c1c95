// PE Lab — tests/core/cost_test.cpp
// The cost measurements (cost.h): exact table sizes and work counts, and timings that are real
// (positive, finite) with a checksum that proves the work was done.
#include <cmath>

#include "core/relative/alibi.h"
#include "core/cost/cost.h"
#include "core/relative/t5.h"
#include "gtest/gtest.h"

namespace {

using namespace pelab;

TEST(Cost, TableBytesAndWork) {
    EXPECT_EQ(position_table_bytes(PositionMethod::embedding_add, 512, 64), 512.0 * 64 * 8);
    EXPECT_EQ(position_table_bytes(PositionMethod::full_bias, 512, 64), 512.0 * 512 * 8);
    EXPECT_EQ(position_table_bytes(PositionMethod::distance_bias, 512, 64), 1023.0 * 8);
    // T5: num_buckets × heads values (32 × 8 by default), whatever N; ALiBi: one slope per head.
    EXPECT_EQ(position_table_bytes(PositionMethod::t5_bias, 512, 64), 32.0 * 8 * 8);
    EXPECT_EQ(position_table_bytes(PositionMethod::t5_bias, 64, 64, CostModel{12, 16, 128}), 16.0 * 12 * 8);
    EXPECT_EQ(position_table_bytes(PositionMethod::alibi_bias, 512, 64, CostModel{12, 32, 128}), 12.0 * 8);
    EXPECT_EQ(position_table_bytes(PositionMethod::rope_cached, 512, 64), 512.0 * 64 * 8);
    EXPECT_EQ(position_table_bytes(PositionMethod::rope_uncached, 512, 64), 32.0 * 8);
    EXPECT_EQ(position_work_items(PositionMethod::embedding_add, 512, 64), 512.0 * 64);
    EXPECT_EQ(position_work_items(PositionMethod::full_bias, 512, 64), 512.0 * 512);
    EXPECT_EQ(position_work_items(PositionMethod::distance_bias, 512, 64), 512.0 * 512);
    EXPECT_EQ(position_work_items(PositionMethod::t5_bias, 512, 64), 512.0 * 512);
    EXPECT_EQ(position_work_items(PositionMethod::alibi_bias, 512, 64), 512.0 * 512);
    EXPECT_EQ(position_work_items(PositionMethod::rope_uncached, 512, 64), 2.0 * 512 * 64);
    EXPECT_EQ(all_position_methods().size(), 7u);
    EXPECT_STREQ(position_method_name(PositionMethod::distance_bias), "distance_bias");
    EXPECT_STREQ(position_method_name(PositionMethod::t5_bias), "t5_bias");
    EXPECT_STREQ(position_method_name(PositionMethod::alibi_bias), "alibi_bias");
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
}

// A clock too coarse for one application (a browser's ticks 100 µs apart) reads 0 or 1 tick: such samples are
// not kept, the next sample holds twice as many applications, until one lasts min_sample_seconds; then at
// least 3 are kept and `seconds` is a sample's time divided by its applications.
TEST(Cost, ShortApplicationsAreTimedInBatches) {
    const double tick = clock_tick_seconds();
    EXPECT_GT(tick, 0.0);
    EXPECT_LT(tick, 0.01);
    const CostMeasurement single = measure_position_cost(PositionMethod::embedding_add, 16, 2, 0.0, 5);
    EXPECT_EQ(single.runs, single.samples) << "without a minimum sample, one application per sample";
    EXPECT_EQ(single.samples, 3);
    // 32 additions take nanoseconds: a 1 ms sample needs thousands of them.
    const CostMeasurement batched = measure_position_cost(PositionMethod::embedding_add, 16, 2, 0.0, 40, {}, 1e-3);
    EXPECT_GE(batched.samples, 4) << "at least one sample too short, then 3 kept";
    EXPECT_LE(batched.samples, 40);
    EXPECT_GT(batched.runs, 100 * batched.samples);
    EXPECT_GT(batched.seconds, 0.0);
    EXPECT_LT(batched.seconds, 1e-4);
    // Each application adds the same table: the checksum counts every application, batched or not.
    const CostMeasurement two = measure_position_cost(PositionMethod::embedding_add, 16, 2, 1e9, 4);
    const double per_application = two.checksum - single.checksum;  // 4 applications minus 3
    EXPECT_NEAR(batched.checksum, single.checksum + per_application * (batched.runs - 3),
                1e-6 * (1.0 + std::fabs(per_application) * batched.runs));
}

// What the timed kernels compute, independent of the clock: with min_seconds = 0 exactly 3 runs are made,
// and with an unreachable min_seconds exactly max_runs. Additive methods add the same table each run, so
// the checksum (the sum of the result) grows by the same amount per run; the two RoPE kernels (cos/sin
// table vs cos/sin evaluated inline) rotate the same Q and K by the same angles, so they agree.
TEST(Cost, KernelsComputeWhatTheyClaim) {
    for (PositionMethod m : {PositionMethod::embedding_add, PositionMethod::full_bias, PositionMethod::distance_bias,
                             PositionMethod::t5_bias, PositionMethod::alibi_bias}) {
        EXPECT_EQ(measure_position_cost(m, 32, 8, 0.0, 3).runs, 3);
        const CostMeasurement r3 = measure_position_cost(m, 32, 8, 0.0, 3);
        const CostMeasurement r4 = measure_position_cost(m, 32, 8, 1e9, 4);
        const CostMeasurement r5 = measure_position_cost(m, 32, 8, 1e9, 5);
        ASSERT_EQ(r4.runs, 4);
        ASSERT_EQ(r5.runs, 5);
        const double step = r4.checksum - r3.checksum;
        EXPECT_GT(std::fabs(step), 1e-6) << position_method_name(m) << ": a run adds nothing";
        EXPECT_NEAR(r5.checksum - r4.checksum, step, 1e-9 * (1 + std::fabs(step))) << position_method_name(m);
    }
    for (int runs : {3, 4}) {
        const CostMeasurement cached = measure_position_cost(PositionMethod::rope_cached, 48, 16, runs == 3 ? 0.0 : 1e9, runs);
        const CostMeasurement inline_trig = measure_position_cost(PositionMethod::rope_uncached, 48, 16, runs == 3 ? 0.0 : 1e9, runs);
        ASSERT_EQ(cached.runs, runs);
        ASSERT_EQ(inline_trig.runs, runs);
        EXPECT_NEAR(cached.checksum, inline_trig.checksum, 1e-9 * (1 + std::fabs(cached.checksum))) << runs << " runs";
    }
    // Rotations do change the data: 4 runs differ from 3.
    EXPECT_GT(std::fabs(measure_position_cost(PositionMethod::rope_cached, 48, 16, 1e9, 4).checksum -
                        measure_position_cost(PositionMethod::rope_cached, 48, 16, 0.0, 3).checksum),
              1e-6);
    // ALiBi adds −m·|i − j| with head 0's slope: one run changes the sum by −m · Σ|i − j| = −m · N(N²−1)/3.
    {
        const int n = 32;
        const CostModel model{4, 32, 128};
        const double step = measure_position_cost(PositionMethod::alibi_bias, n, 8, 1e9, 4, model).checksum -
                            measure_position_cost(PositionMethod::alibi_bias, n, 8, 0.0, 3, model).checksum;
        EXPECT_NEAR(step, -alibi_slopes(4)[0] * n * (double(n) * n - 1) / 3.0, 1e-9);
    }
    // Inputs are clamped to what the lesson can afford.
    const CostMeasurement big = measure_position_cost(PositionMethod::embedding_add, 1 << 20, 3, 0.0, 3);
    EXPECT_EQ(big.N, 4096);
    EXPECT_EQ(big.d, 2);
}

}  // namespace
