// PE Lab — core/relative/t5.h
// T5's relative position bias exactly as HuggingFace transformers computes it
// (models/t5/modeling_t5.py, T5Attention._relative_position_bucket and compute_bias):
//   relative_position = memory_position − context_position = key j − query i;
//   bidirectional: half the buckets (num_buckets/2) for keys after the query (j > i, offset num_buckets/2),
//     the other half for keys at or before it, n = |j − i|; causal: n = max(i − j, 0), so every key after
//     the query lands in bucket 0;
//   per half: n < max_exact (= half/2) gets its own bucket; larger n gets
//     max_exact + ⌊ln(n / max_exact) / ln(max_distance / max_exact) · (half − max_exact)⌋,
//     saturating at half − 1.
// HF evaluates the logarithmic branch in float32 (relative_position.float()); so does this code, step by
// step, which decides the few distances that sit exactly on a bucket boundary the way PyTorch's float32
// arithmetic does (a float64 evaluation puts some of them one bucket lower).
// The bias table (num_buckets × heads) is looked up into (L, L, H) and permuted to (H, L, L).
// Also the course notes' variants (its code with i − j, and its simplified 4-bucket illustration) for comparison.
// Part of `core` (Eigen + std only).
#pragma once
#include <Eigen/Dense>
#include <cstdint>
#include <vector>

#include "core/io/params.h"

namespace pelab {

// [SECTION] parameter specs of the CLI quantity t5_bucket
ParamSpec t5_spec_L();              // L: int 1..1024, default 20
ParamSpec t5_spec_num_buckets();    // num_buckets: int 4..64, default 32
ParamSpec t5_spec_max_distance();   // max_distance: int 2..4096, default 128 (and above t5_max_exact)
ParamSpec t5_spec_bidirectional();  // bidirectional: flag, default 1

// The distances per half that get a bucket of their own: max_exact = (bidirectional ? num_buckets/2 :
// num_buckets)/2, integer division as HF. max_distance must exceed it: the log branch divides by
// log(max_distance / max_exact), which is 0 at max_exact and negative below (HF itself checks nothing).
int t5_max_exact(int num_buckets, bool bidirectional);
// "" when max_distance > t5_max_exact; else the message for key max_distance naming its valid range
// (max_exact + 1 .. upper) and why, e.g. "max_distance: 8 is out of range 9..4096: with num_buckets=32 and
// bidirectional=1 it must exceed the 8 exact buckets (max_exact = num_buckets/4)".
std::string t5_max_distance_problem(int num_buckets, bool bidirectional, int max_distance, int upper);

// [SECTION] HF bucketing
// One relative position (key − query) → its bucket, HF's _relative_position_bucket.
int t5_relative_position_bucket(long long relative_position, bool bidirectional, int num_buckets, int max_distance);

// relative_position[i][j] = j − i, L × L.
Eigen::MatrixXi t5_relative_position(int L);

// The bucket of every (query i, key j), L × L, HF convention.
Eigen::MatrixXi t5_bucket_matrix(int L, int num_buckets, int max_distance, bool bidirectional);

// Which relative positions r = j − i a bucket covers. Buckets are contiguous ranges of r; a bucket may be
// unused (the log step can skip it) and the outermost ones are open-ended.
struct T5BucketRange {
    int bucket = 0;
    bool used = false;
    long long first = 0, last = 0;  // smallest and largest r in the bucket (when used)
    bool open_before = false;       // also every r below `first` (first is then the scan limit)
    bool open_after = false;        // also every r above `last`
    long long min_distance() const;  // smallest |r| in the bucket
};
std::vector<T5BucketRange> t5_bucket_ranges(int num_buckets, int max_distance, bool bidirectional);

// [SECTION] the course notes' versions
// The course notes' relative_position_bucket, applied as its module does: relative position i − j, float32 steps
// with ln(max_distance/max_exact + 1e-10); bidirectional: i − j ≥ 0 (key at or before the query, diagonal
// included) goes to the upper half; causal: n = max(j − i, 0), so every key at or before the query gets 0.
int t5_tutorial_relative_position_bucket(long long i_minus_j, bool bidirectional, int num_buckets, int max_distance);
Eigen::MatrixXi t5_tutorial_bucket_matrix(int L, int num_buckets, int max_distance, bool bidirectional);

// The course notes' simplified 4-bucket illustration: |i − j| ≤ 1 → 0, 2 → 1, 3..4 → 2, > 4 → 3 (no direction).
int t5_tutorial_simplified_bucket(long long distance);
Eigen::MatrixXi t5_tutorial_simplified_matrix(int L);

// [SECTION] bias table, lookup, scores
// num_buckets × heads. Head 0 is set to favour distance 1: 3·exp(−(n − 1)²) with n the smallest distance in
// the bucket (0 for unused buckets); heads 1.. are seeded values in [−1, 1).
Eigen::MatrixXd t5_demo_bias_table(int num_buckets, int max_distance, bool bidirectional, int heads,
                                   std::uint64_t seed);

// bias_table[relative_buckets]: (L, L, H) as L slices of L × H (slice i, row j = the H biases of (i, j)).
std::vector<Eigen::MatrixXd> t5_bias_lookup(const Eigen::MatrixXd& table, const Eigen::MatrixXi& buckets);

// permute(2, 0, 1): (L, L, H) → (H, L, L), as H matrices L × L.
std::vector<Eigen::MatrixXd> t5_bias_permute(const std::vector<Eigen::MatrixXd>& llh);

// Per-head attention weights softmax(Q_h K_hᵀ + bias_h), HF's T5 convention: no 1/√d (T5 folds that scale
// into the initialisation of W_q). Q_h, K_h are L × d_k.
Eigen::MatrixXd t5_attention_weights(const Eigen::MatrixXd& Q, const Eigen::MatrixXd& K, const Eigen::MatrixXd& bias);

}  // namespace pelab
