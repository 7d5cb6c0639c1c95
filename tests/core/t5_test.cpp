// PE Lab — tests/core/t5_test.cpp
// T5 relative position buckets against golden matrices derived from HuggingFace transformers'
// T5Attention._relative_position_bucket / compute_bias (models/t5/modeling_t5.py), transcribed into a
// throwaway Python script that repeats PyTorch's float32 steps; the course notes' variants; the bucket range
// table; the bias lookup (L,L,H) → (H,L,L); and the quantity registry entry. The t5-bias lesson's tests live in
// tests/lessons/t5_bias_lesson_test.cpp.
#include <cmath>
#include <set>

#include "core/quantities/quantity.h"
#include "core/relative/t5.h"
#include "matrix_assert.h"

namespace {

using namespace pelab;

using pelab_test::from_rows;

// HF compute_bias(20, 20) with is_decoder=False (bidirectional), num_buckets=32, max_distance=128.
TEST(T5, HfBucketMatrixDefaultsBidirectionalL20) {
    const Eigen::MatrixXi expected = from_rows(20, {
        0, 17, 18, 19, 20, 21, 22, 23, 24, 24, 24, 24, 25, 25, 25, 25, 26, 26, 26, 26,
        1, 0, 17, 18, 19, 20, 21, 22, 23, 24, 24, 24, 24, 25, 25, 25, 25, 26, 26, 26,
        2, 1, 0, 17, 18, 19, 20, 21, 22, 23, 24, 24, 24, 24, 25, 25, 25, 25, 26, 26,
        3, 2, 1, 0, 17, 18, 19, 20, 21, 22, 23, 24, 24, 24, 24, 25, 25, 25, 25, 26,
        4, 3, 2, 1, 0, 17, 18, 19, 20, 21, 22, 23, 24, 24, 24, 24, 25, 25, 25, 25,
        5, 4, 3, 2, 1, 0, 17, 18, 19, 20, 21, 22, 23, 24, 24, 24, 24, 25, 25, 25,
        6, 5, 4, 3, 2, 1, 0, 17, 18, 19, 20, 21, 22, 23, 24, 24, 24, 24, 25, 25,
        7, 6, 5, 4, 3, 2, 1, 0, 17, 18, 19, 20, 21, 22, 23, 24, 24, 24, 24, 25,
        8, 7, 6, 5, 4, 3, 2, 1, 0, 17, 18, 19, 20, 21, 22, 23, 24, 24, 24, 24,
        8, 8, 7, 6, 5, 4, 3, 2, 1, 0, 17, 18, 19, 20, 21, 22, 23, 24, 24, 24,
        8, 8, 8, 7, 6, 5, 4, 3, 2, 1, 0, 17, 18, 19, 20, 21, 22, 23, 24, 24,
        8, 8, 8, 8, 7, 6, 5, 4, 3, 2, 1, 0, 17, 18, 19, 20, 21, 22, 23, 24,
        9, 8, 8, 8, 8, 7, 6, 5, 4, 3, 2, 1, 0, 17, 18, 19, 20, 21, 22, 23,
        9, 9, 8, 8, 8, 8, 7, 6, 5, 4, 3, 2, 1, 0, 17, 18, 19, 20, 21, 22,
        9, 9, 9, 8, 8, 8, 8, 7, 6, 5, 4, 3, 2, 1, 0, 17, 18, 19, 20, 21,
        9, 9, 9, 9, 8, 8, 8, 8, 7, 6, 5, 4, 3, 2, 1, 0, 17, 18, 19, 20,
        10, 9, 9, 9, 9, 8, 8, 8, 8, 7, 6, 5, 4, 3, 2, 1, 0, 17, 18, 19,
        10, 10, 9, 9, 9, 9, 8, 8, 8, 8, 7, 6, 5, 4, 3, 2, 1, 0, 17, 18,
        10, 10, 10, 9, 9, 9, 9, 8, 8, 8, 8, 7, 6, 5, 4, 3, 2, 1, 0, 17,
        10, 10, 10, 10, 9, 9, 9, 9, 8, 8, 8, 8, 7, 6, 5, 4, 3, 2, 1, 0,
    });
    EXPECT_MATRIX_NEAR(t5_bucket_matrix(20, 32, 128, true), expected, 0.0);
}

// HF compute_bias(20, 20) with is_decoder=True (causal): keys after the query all get bucket 0.
TEST(T5, HfBucketMatrixDefaultsCausalL20) {
    const Eigen::MatrixXi expected = from_rows(20, {
        0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
        1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
        2, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
        3, 2, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
        4, 3, 2, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
        5, 4, 3, 2, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
        6, 5, 4, 3, 2, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
        7, 6, 5, 4, 3, 2, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
        8, 7, 6, 5, 4, 3, 2, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
        9, 8, 7, 6, 5, 4, 3, 2, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
        10, 9, 8, 7, 6, 5, 4, 3, 2, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
        11, 10, 9, 8, 7, 6, 5, 4, 3, 2, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0,
        12, 11, 10, 9, 8, 7, 6, 5, 4, 3, 2, 1, 0, 0, 0, 0, 0, 0, 0, 0,
        13, 12, 11, 10, 9, 8, 7, 6, 5, 4, 3, 2, 1, 0, 0, 0, 0, 0, 0, 0,
        14, 13, 12, 11, 10, 9, 8, 7, 6, 5, 4, 3, 2, 1, 0, 0, 0, 0, 0, 0,
        15, 14, 13, 12, 11, 10, 9, 8, 7, 6, 5, 4, 3, 2, 1, 0, 0, 0, 0, 0,
        16, 15, 14, 13, 12, 11, 10, 9, 8, 7, 6, 5, 4, 3, 2, 1, 0, 0, 0, 0,
        16, 16, 15, 14, 13, 12, 11, 10, 9, 8, 7, 6, 5, 4, 3, 2, 1, 0, 0, 0,
        16, 16, 16, 15, 14, 13, 12, 11, 10, 9, 8, 7, 6, 5, 4, 3, 2, 1, 0, 0,
        17, 16, 16, 16, 15, 14, 13, 12, 11, 10, 9, 8, 7, 6, 5, 4, 3, 2, 1, 0,
    });
    EXPECT_MATRIX_NEAR(t5_bucket_matrix(20, 32, 128, false), expected, 0.0);
}

// HF with num_buckets=8, max_distance=33, bidirectional, L=12: saturation at bucket 3 / 7 within the grid.
TEST(T5, HfBucketMatrixSmallSettings) {
    const Eigen::MatrixXi expected = from_rows(12, {
        0, 5, 6, 6, 6, 6, 6, 6, 6, 7, 7, 7,
        1, 0, 5, 6, 6, 6, 6, 6, 6, 6, 7, 7,
        2, 1, 0, 5, 6, 6, 6, 6, 6, 6, 6, 7,
        2, 2, 1, 0, 5, 6, 6, 6, 6, 6, 6, 6,
        2, 2, 2, 1, 0, 5, 6, 6, 6, 6, 6, 6,
        2, 2, 2, 2, 1, 0, 5, 6, 6, 6, 6, 6,
        2, 2, 2, 2, 2, 1, 0, 5, 6, 6, 6, 6,
        2, 2, 2, 2, 2, 2, 1, 0, 5, 6, 6, 6,
        2, 2, 2, 2, 2, 2, 2, 1, 0, 5, 6, 6,
        3, 2, 2, 2, 2, 2, 2, 2, 1, 0, 5, 6,
        3, 3, 2, 2, 2, 2, 2, 2, 2, 1, 0, 5,
        3, 3, 3, 2, 2, 2, 2, 2, 2, 2, 1, 0,
    });
    EXPECT_MATRIX_NEAR(t5_bucket_matrix(12, 8, 33, true), expected, 0.0);
    // HF with 4 buckets (the size of the course notes' illustration): diagonal 0, before 1, after 3; bucket 2 unused.
    const Eigen::MatrixXi four = from_rows(4, {0, 3, 3, 3, 1, 0, 3, 3, 1, 1, 0, 3, 1, 1, 1, 0});
    EXPECT_MATRIX_NEAR(t5_bucket_matrix(4, 4, 128, true), four, 0.0);
}

// Single relative positions (key − query) far beyond L = 20, defaults, from the same transcription.
TEST(T5, HfBucketsAtLargeDistances) {
    const std::vector<std::pair<int, int>> bidirectional = {
        {-1000, 15}, {-200, 15}, {-128, 15}, {-127, 15}, {-91, 15}, {-90, 14}, {-64, 14}, {-63, 13},
        {-32, 12},   {-31, 11},  {-16, 10},  {-15, 9},   {-8, 8},   {-7, 7},   {-1, 1},   {0, 0},
        {1, 17},     {7, 23},    {8, 24},    {15, 25},   {16, 26},  {31, 27},  {32, 28},  {63, 29},
        {64, 30},    {90, 30},   {91, 31},   {127, 31},  {128, 31}, {200, 31}, {1000, 31}};
    for (const auto& [r, b] : bidirectional)
        EXPECT_EQ(t5_relative_position_bucket(r, true, 32, 128), b) << "relative position " << r;
    const std::vector<std::pair<int, int>> causal = {{-1000, 31}, {-200, 31}, {-128, 31}, {-127, 31},
                                                     {-109, 30},  {-108, 30}, {-16, 16},  {-15, 15},
                                                     {-1, 1},     {0, 0},     {1, 0},     {200, 0}};
    for (const auto& [r, b] : causal)
        EXPECT_EQ(t5_relative_position_bucket(r, false, 32, 128), b) << "relative position " << r;
}

// num_buckets=18, max_distance=128: distances 8, 16, 64 sit exactly on bucket boundaries
// (ln 2 / ln 32 · 5 = 1 in exact arithmetic). PyTorch's float32 steps give 5, 6, 8 above the half offset 9;
// a float64 evaluation would give 4, 5, 7.
TEST(T5, Float32StepsDecideExactBoundaries) {
    EXPECT_EQ(t5_relative_position_bucket(8, true, 18, 128), 14);
    EXPECT_EQ(t5_relative_position_bucket(16, true, 18, 128), 15);
    EXPECT_EQ(t5_relative_position_bucket(64, true, 18, 128), 17);
    EXPECT_EQ(t5_relative_position_bucket(-8, true, 18, 128), 5);
}

TEST(T5, RelativePositionIsKeyMinusQuery) {
    const Eigen::MatrixXi R = t5_relative_position(4);
    EXPECT_EQ(R(0, 3), 3);
    EXPECT_EQ(R(3, 0), -3);
    EXPECT_EQ(R(2, 2), 0);
}

TEST(T5, BucketsStayInRangeAndAreMonotoneInDistance) {
    for (int nb : {4, 5, 8, 17, 32, 64})
        for (int md : {33, 100, 128, 4096})
            for (bool bidir : {true, false}) {
                int prev_after = -1, prev_before = -1;
                for (int n = 0; n <= 5000; n += (n < 300 ? 1 : 97)) {
                    const int before = t5_relative_position_bucket(-n, bidir, nb, md);
                    const int after = t5_relative_position_bucket(n, bidir, nb, md);
                    ASSERT_GE(before, 0);
                    ASSERT_LT(before, nb);
                    ASSERT_GE(after, 0);
                    ASSERT_LT(after, nb);
                    EXPECT_GE(before, prev_before) << nb << " " << md << " " << bidir << " n=" << n;
                    EXPECT_GE(after, prev_after) << nb << " " << md << " " << bidir << " n=" << n;
                    prev_before = before;
                    prev_after = after;
                }
            }
}

// The course notes' code: relative position i − j, so in bidirectional mode the diagonal and the keys BEFORE the
// query use the upper half, and in causal mode every visible key collapses to bucket 0.
TEST(T5, TutorialVariantMirrorsTheHalves) {
    const Eigen::MatrixXi bidir = from_rows(6, {
        16, 1, 2, 3, 4, 5,
        17, 16, 1, 2, 3, 4,
        18, 17, 16, 1, 2, 3,
        19, 18, 17, 16, 1, 2,
        20, 19, 18, 17, 16, 1,
        21, 20, 19, 18, 17, 16,
    });
    EXPECT_MATRIX_NEAR(t5_tutorial_bucket_matrix(6, 32, 128, true), bidir, 0.0);
    const Eigen::MatrixXi causal = from_rows(6, {
        0, 1, 2, 3, 4, 5,
        0, 0, 1, 2, 3, 4,
        0, 0, 0, 1, 2, 3,
        0, 0, 0, 0, 1, 2,
        0, 0, 0, 0, 0, 1,
        0, 0, 0, 0, 0, 0,
    });
    EXPECT_MATRIX_NEAR(t5_tutorial_bucket_matrix(6, 32, 128, false), causal, 0.0);
    // Swapping the halves of the HF buckets gives the course notes' bidirectional buckets, everywhere.
    const Eigen::MatrixXi hf = t5_bucket_matrix(40, 32, 128, true);
    const Eigen::MatrixXi seed = t5_tutorial_bucket_matrix(40, 32, 128, true);
    for (int i = 0; i < 40; ++i)
        for (int j = 0; j < 40; ++j) EXPECT_EQ(seed(i, j), (hf(i, j) + 16) % 32) << i << "," << j;
}

// The course notes' 4-bucket picture for [A, B, C, D].
TEST(T5, TutorialSimplifiedIllustration) {
    const Eigen::MatrixXi expected = from_rows(4, {0, 0, 1, 2, 0, 0, 0, 1, 1, 0, 0, 0, 2, 1, 0, 0});
    EXPECT_MATRIX_NEAR(t5_tutorial_simplified_matrix(4), expected, 0.0);
    EXPECT_EQ(t5_tutorial_simplified_bucket(4), 2);
    EXPECT_EQ(t5_tutorial_simplified_bucket(-5), 3);
}

// Ranges for the defaults, from the transcription: bucket → [first, last] of r = j − i.
TEST(T5, BucketRangesDefaults) {
    const std::vector<T5BucketRange> ranges = t5_bucket_ranges(32, 128, true);
    ASSERT_EQ(ranges.size(), 32u);
    const int expected[][3] = {{0, 0, 0},      {7, -7, -7},     {8, -11, -8},   {9, -15, -12},  {10, -22, -16},
                               {11, -31, -23}, {12, -45, -32},  {13, -63, -46}, {14, -90, -64}, {17, 1, 1},
                               {23, 7, 7},     {24, 8, 11},     {25, 12, 15},   {26, 16, 22},   {27, 23, 31},
                               {28, 32, 45},   {29, 46, 63},    {30, 64, 90}};
    for (const auto& e : expected) {
        const T5BucketRange& r = ranges[static_cast<std::size_t>(e[0])];
        EXPECT_TRUE(r.used) << e[0];
        EXPECT_EQ(r.first, e[1]) << e[0];
        EXPECT_EQ(r.last, e[2]) << e[0];
        EXPECT_FALSE(r.open_before || r.open_after) << e[0];
    }
    EXPECT_TRUE(ranges[15].open_before);
    EXPECT_EQ(ranges[15].last, -91);
    EXPECT_TRUE(ranges[31].open_after);
    EXPECT_EQ(ranges[31].first, 91);
    EXPECT_FALSE(ranges[16].used);  // r > 0 never maps to the offset itself (distance 0 is the diagonal)
    EXPECT_EQ(ranges[30].min_distance(), 64);
    EXPECT_EQ(ranges[15].min_distance(), 91);
    // Causal: bucket 0 takes the diagonal and every key after the query.
    const std::vector<T5BucketRange> causal = t5_bucket_ranges(32, 128, false);
    EXPECT_EQ(causal[0].first, 0);
    EXPECT_TRUE(causal[0].open_after);
    EXPECT_TRUE(causal[31].open_before);
    EXPECT_EQ(causal[31].last, -113);
}

TEST(T5, BiasLookupAndPermute) {
    const int L = 5, H = 3;
    const Eigen::MatrixXi buckets = t5_bucket_matrix(L, 8, 40, true);
    const Eigen::MatrixXd table = t5_demo_bias_table(8, 40, true, H, 7);
    ASSERT_EQ(table.rows(), 8);
    ASSERT_EQ(table.cols(), H);
    const std::vector<Eigen::MatrixXd> llh = t5_bias_lookup(table, buckets);
    ASSERT_EQ(llh.size(), static_cast<std::size_t>(L));
    const std::vector<Eigen::MatrixXd> hll = t5_bias_permute(llh);
    ASSERT_EQ(hll.size(), static_cast<std::size_t>(H));
    for (int h = 0; h < H; ++h)
        for (int i = 0; i < L; ++i)
            for (int j = 0; j < L; ++j) {
                EXPECT_EQ(llh[static_cast<std::size_t>(i)](j, h), table(buckets(i, j), h));
                EXPECT_EQ(hll[static_cast<std::size_t>(h)](i, j), table(buckets(i, j), h));
            }
    // Head 0 favours distance 1: bucket of r = ±1 has the largest bias, 3.
    EXPECT_EQ(table(t5_relative_position_bucket(1, true, 8, 40), 0), 3.0);
    EXPECT_EQ(table(t5_relative_position_bucket(-1, true, 8, 40), 0), 3.0);
    EXPECT_NEAR(table(0, 0), 3.0 * std::exp(-1.0), 1e-15);
    // A scalar per bucket: the bias is constant along every diagonal.
    for (int i = 1; i < L; ++i)
        for (int j = 1; j < L; ++j) EXPECT_EQ(hll[1](i, j), hll[1](i - 1, j - 1));
}

TEST(T5, AttentionWeightsAddBiasWithoutScaling) {
    Eigen::MatrixXd Q(2, 2), K(2, 2), B(2, 2);
    Q << 1, 0, 0, 1;
    K << 2, 0, 0, 2;
    B << 0, 1, 1, 0;
    // Row 0: logits (2 + 0, 0 + 1) = (2, 1) → softmax.
    const Eigen::MatrixXd W = t5_attention_weights(Q, K, B);
    const double e = std::exp(1.0);
    EXPECT_NEAR(W(0, 0), e / (e + 1.0), 1e-15);
    EXPECT_NEAR(W(0, 1), 1.0 / (e + 1.0), 1e-15);
    EXPECT_NEAR(W.row(1).sum(), 1.0, 1e-15);
}

TEST(T5, QuantityT5Bucket) {
    const Quantity* q = find_quantity("t5_bucket");
    ASSERT_NE(q, nullptr);
    std::vector<std::string> names;
    for (const ParamSpec& s : q->params) names.push_back(s.name);
    EXPECT_EQ(names, (std::vector<std::string>{"L", "num_buckets", "max_distance", "bidirectional"}));
    ParamSet p = defaults(q->params);
    EXPECT_EQ(p.geti("num_buckets"), 32);
    EXPECT_EQ(p.geti("max_distance"), 128);
    EXPECT_EQ(p.geti("bidirectional"), 1);
    const QuantityResult r = q->compute(p);
    EXPECT_TRUE(r.integer);
    ASSERT_EQ(r.shape, (std::vector<int>{20, 20}));
    const Eigen::MatrixXi B = t5_bucket_matrix(20, 32, 128, true);
    for (int i = 0; i < 400; ++i) EXPECT_EQ(r.data[static_cast<std::size_t>(i)], B(i / 20, i % 20));
}

}  // namespace
