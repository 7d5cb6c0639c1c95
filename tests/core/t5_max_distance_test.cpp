// PE Lab — tests/core/t5_max_distance_test.cpp
// T5's max_distance may be anything above the exact-bucket count, as in HF: the valid range depends on
// num_buckets and bidirectional (t5_max_exact), the t5_bucket quantity refuses the rest with a message that
// says so, and the buckets for the newly allowed settings (e.g. num_buckets=8, max_distance=16) match HF's
// _relative_position_bucket, reimplemented here from HF's source independently of core/relative/t5.cpp.
//
// [SECTION] HF's formula, transcribed
// [SECTION] the valid range
// [SECTION] the buckets match HF
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <string>
#include <vector>

#include "core/io/format.h"
#include "core/io/params.h"
#include "core/quantities/quantity.h"
#include "core/relative/t5.h"

namespace pelab {
namespace {

// [SECTION] HF's formula, transcribed
// transformers/models/t5/modeling_t5.py, T5Attention._relative_position_bucket, for one relative position
// (memory − context = key j − query i), in PyTorch's dtypes: the position tensor is long, .float() makes
// it float32, max_exact is a Python int, math.log(max_distance / max_exact) a Python float that meets a
// float32 tensor, and .to(torch.long) truncates toward zero.
//     relative_buckets = 0
//     if bidirectional:
//         num_buckets //= 2
//         relative_buckets += (relative_position > 0).to(torch.long) * num_buckets
//         relative_position = torch.abs(relative_position)
//     else:
//         relative_position = -torch.min(relative_position, torch.zeros_like(relative_position))
//     max_exact = num_buckets // 2
//     is_small = relative_position < max_exact
//     relative_position_if_large = max_exact + (
//         torch.log(relative_position.float() / max_exact)
//         / math.log(max_distance / max_exact)
//         * (num_buckets - max_exact)
//     ).to(torch.long)
//     relative_position_if_large = torch.min(relative_position_if_large,
//                                            torch.full_like(relative_position_if_large, num_buckets - 1))
//     relative_buckets += torch.where(is_small, relative_position, relative_position_if_large)
long long hf_bucket(long long relative_position, bool bidirectional, int num_buckets, int max_distance) {
    long long relative_buckets = 0;
    if (bidirectional) {
        num_buckets /= 2;
        relative_buckets += (relative_position > 0 ? 1 : 0) * static_cast<long long>(num_buckets);
        relative_position = std::llabs(relative_position);
    } else {
        relative_position = -std::min(relative_position, 0LL);
    }
    const int max_exact = num_buckets / 2;
    if (relative_position < max_exact) return relative_buckets + relative_position;
    const float position = static_cast<float>(relative_position) / static_cast<float>(max_exact);  // float32 / int
    const float log_position = std::log(position);                                                   // torch.log, float32
    const float log_range = static_cast<float>(std::log(static_cast<double>(max_distance) / max_exact));  // Python float
    const float scaled = log_position / log_range * static_cast<float>(num_buckets - max_exact);
    long long large = max_exact + static_cast<long long>(scaled);  // .to(torch.long): toward zero
    large = std::min<long long>(large, num_buckets - 1);
    return relative_buckets + large;
}

std::string strict_issue(const Quantity& q, const KeyValues& kv, ParamSet* p) {
    *p = defaults(q.params);
    std::vector<ParamIssue> issues = parse_params_strict(q.params, kv, p);
    if (issues.empty()) issues = validate_params(q, *p);
    return issues.empty() ? std::string() : issues.front().key + " | " + issues.front().message;
}

// [SECTION] the valid range
TEST(T5MaxDistance, MaxExactIsHalfOfTheBucketsPerDirection) {
    EXPECT_EQ(t5_max_exact(32, true), 8);
    EXPECT_EQ(t5_max_exact(32, false), 16);
    EXPECT_EQ(t5_max_exact(8, true), 2);
    EXPECT_EQ(t5_max_exact(8, false), 4);
    EXPECT_EQ(t5_max_exact(4, true), 1);
    EXPECT_EQ(t5_max_exact(64, false), 32);
    EXPECT_EQ(t5_max_exact(33, true), 8);  // integer division twice, as HF's //
    EXPECT_EQ(t5_max_exact(7, false), 3);
}

TEST(T5MaxDistance, TheQuantityAcceptsEverythingAboveMaxExact) {
    const Quantity* q = find_quantity("t5_bucket");
    ASSERT_NE(q, nullptr);
    ParamSet p;
    for (int nb = 4; nb <= 64; ++nb)
        for (int bidirectional = 0; bidirectional <= 1; ++bidirectional) {
            const int max_exact = t5_max_exact(nb, bidirectional == 1);
            const KeyValues base = {{"num_buckets", std::to_string(nb)}, {"bidirectional", std::to_string(bidirectional)}};
            KeyValues ok = base, refused = base;
            ok.push_back({"max_distance", std::to_string(max_exact + 1)});
            refused.push_back({"max_distance", std::to_string(max_exact)});
            EXPECT_EQ(strict_issue(*q, ok, &p), "") << nb << " " << bidirectional;
            const std::string issue = strict_issue(*q, refused, &p);
            if (max_exact < 2) {  // below every setting's range: the key's own range speaks
                EXPECT_EQ(issue, "max_distance | max_distance: 1 is out of range 2..4096") << nb << " " << bidirectional;
                continue;
            }
            EXPECT_EQ(issue.rfind("max_distance | max_distance: " + std::to_string(max_exact) + " is out of range " +
                                      std::to_string(max_exact + 1) + "..4096: with num_buckets=" + std::to_string(nb) +
                                      " and bidirectional=" + std::to_string(bidirectional),
                                  0),
                      0u)
                << issue;
        }
}

TEST(T5MaxDistance, MessagesSayWhy) {
    const Quantity* q = find_quantity("t5_bucket");
    ASSERT_NE(q, nullptr);
    ParamSet p;
    EXPECT_EQ(strict_issue(*q, {{"max_distance", "8"}}, &p),
              "max_distance | max_distance: 8 is out of range 9..4096: with num_buckets=32 and bidirectional=1 it must "
              "exceed the 8 exact buckets (max_exact = num_buckets/4)");
    EXPECT_EQ(strict_issue(*q, {{"num_buckets", "64"}, {"bidirectional", "0"}, {"max_distance", "32"}}, &p),
              "max_distance | max_distance: 32 is out of range 33..4096: with num_buckets=64 and bidirectional=0 it must "
              "exceed the 32 exact buckets (max_exact = num_buckets/2)");
    // Below every setting's range: the key's own range speaks.
    EXPECT_EQ(strict_issue(*q, {{"max_distance", "1"}}, &p), "max_distance | max_distance: 1 is out of range 2..4096");
    // Settings refused before the range depended on num_buckets, accepted now.
    EXPECT_EQ(strict_issue(*q, {{"max_distance", "20"}}, &p), "");
    EXPECT_EQ(strict_issue(*q, {{"num_buckets", "8"}, {"max_distance", "16"}}, &p), "");
    EXPECT_EQ(strict_issue(*q, {{"num_buckets", "4"}, {"max_distance", "2"}}, &p), "");
    EXPECT_EQ(t5_max_distance_problem(32, true, 9, 4096), "");
}

// [SECTION] the buckets match HF
TEST(T5MaxDistance, BucketsMatchHfForEverySmallMaxDistance) {
    long long compared = 0;
    for (int nb = 4; nb <= 64; ++nb)
        for (int bidirectional = 0; bidirectional <= 1; ++bidirectional) {
            const int max_exact = t5_max_exact(nb, bidirectional == 1);
            std::vector<int> distances;
            for (int md = max_exact + 1; md <= max_exact + 40; ++md) distances.push_back(md);
            for (int md : {64, 100, 128, 255, 1000, 4096})
                if (md > max_exact) distances.push_back(md);
            for (int md : distances)
                for (long long r = -300; r <= 300; ++r) {
                    ASSERT_EQ(t5_relative_position_bucket(r, bidirectional == 1, nb, md), hf_bucket(r, bidirectional == 1, nb, md))
                        << "num_buckets=" << nb << " bidirectional=" << bidirectional << " max_distance=" << md << " r=" << r;
                    ++compared;
                }
        }
    EXPECT_GT(compared, 3000000);
}

TEST(T5MaxDistance, EightBucketsSixteenDistanceThroughTheQuantity) {
    const Quantity* q = find_quantity("t5_bucket");
    ASSERT_NE(q, nullptr);
    for (const char* bidirectional : {"1", "0"}) {
        ParamSet p;
        ASSERT_EQ(strict_issue(*q, {{"L", "40"}, {"num_buckets", "8"}, {"max_distance", "16"}, {"bidirectional", bidirectional}}, &p), "");
        const QuantityResult r = q->compute(p);
        ASSERT_EQ(r.shape, (std::vector<int>{40, 40}));
        EXPECT_TRUE(r.integer);
        for (int i = 0; i < 40; ++i)
            for (int j = 0; j < 40; ++j)
                EXPECT_EQ(r.data[static_cast<std::size_t>(i * 40 + j)], hf_bucket(j - i, bidirectional[0] == '1', 8, 16))
                    << "i=" << i << " j=" << j << " bidirectional=" << bidirectional;
    }
    // Worked by hand (bidirectional, 4 buckets per direction, max_exact 2): distances 0 and 1 are exact;
    // 2..5 → 2 + ⌊ln(n/2)/ln 8 · 2⌋ = 2 (0.88 at 5); from 6 on → 3 (ln 3/ln 8 · 2 = 1.06), the last bucket;
    // keys after the query add 4.
    EXPECT_EQ(hf_bucket(0, true, 8, 16), 0);
    EXPECT_EQ(hf_bucket(-1, true, 8, 16), 1);
    EXPECT_EQ(hf_bucket(-5, true, 8, 16), 2);
    EXPECT_EQ(hf_bucket(-6, true, 8, 16), 3);
    EXPECT_EQ(hf_bucket(-100, true, 8, 16), 3);
    EXPECT_EQ(hf_bucket(1, true, 8, 16), 5);
    EXPECT_EQ(hf_bucket(6, true, 8, 16), 7);
}

TEST(T5MaxDistance, BucketsStayInsideTheirHalfEvenForRefusedSettings) {
    // Refused by every door, but the maths must still not index outside the bias table.
    for (int md : {1, 2, 8})
        for (long long r = -50; r <= 50; ++r) {
            const int b = t5_relative_position_bucket(r, true, 32, md);
            EXPECT_GE(b, 0);
            EXPECT_LT(b, 32);
            EXPECT_EQ(b >= 16, r > 0) << "r=" << r << " max_distance=" << md;
        }
}

}  // namespace
}  // namespace pelab
