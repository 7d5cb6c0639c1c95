// PE Lab — core/relative/t5.cpp
// Implements t5.h. The logarithmic branch repeats PyTorch's float32 steps one by one: n and max_exact as
// float, their quotient rounded to float, the log rounded to float, Python's float64
// log(max_distance / max_exact) rounded to float when it meets the float tensor, then the product with
// (half − max_exact) and truncation toward zero (.to(torch.long)). The float log is taken as the float64 log
// rounded to float, which is the correctly rounded result (the same on every platform).
//
// [SECTION] parameter specs
// [SECTION] HF bucketing
// [SECTION] bucket ranges
// [SECTION] the course notes' versions
// [SECTION] bias table, lookup, scores
#include "core/relative/t5.h"

#include <algorithm>
#include <cmath>
#include <cstdlib>

#include "core/relative/attention_grid.h"
#include "core/io/keys.h"
#include "core/random.h"

namespace pelab {

namespace {

float log_f32(float x) { return static_cast<float>(std::log(static_cast<double>(x))); }

// Truncation toward zero of a float, as .to(torch.long) does; non-finite or huge values (which only
// degenerate settings produce) saturate instead of being undefined behaviour.
long long trunc_to_long(float x, long long saturate) {
    if (!std::isfinite(x) || x > 1e9f || x < -1e9f) return saturate;
    return static_cast<long long>(x);
}

}  // namespace

// [SECTION] parameter specs
// The shared keys (core/io/keys.h) narrowed to what the CLI quantity t5_bucket accepts.
ParamSpec t5_spec_L() { return narrowed(shared_key("L"), 1, 1024, "20"); }
ParamSpec t5_spec_num_buckets() { return narrowed(shared_key("num_buckets"), 4, 64, "32"); }
// max_distance's lower end depends on num_buckets and bidirectional (t5_max_exact): 2 is the least any
// setting allows (num_buckets 4, bidirectional); the quantity checks the rest (t5_max_distance_problem).
ParamSpec t5_spec_max_distance() { return narrowed(shared_key("max_distance"), 2, 4096, "128"); }
ParamSpec t5_spec_bidirectional() { return shared_key("bidirectional"); }

int t5_max_exact(int num_buckets, bool bidirectional) { return (bidirectional ? num_buckets / 2 : num_buckets) / 2; }

std::string t5_max_distance_problem(int num_buckets, bool bidirectional, int max_distance, int upper) {
    const int max_exact = t5_max_exact(num_buckets, bidirectional);
    if (max_distance > max_exact) return std::string();
    return "max_distance: " + std::to_string(max_distance) + " is out of range " + std::to_string(max_exact + 1) +
           ".." + std::to_string(upper) + ": with num_buckets=" + std::to_string(num_buckets) +
           " and bidirectional=" + (bidirectional ? "1" : "0") + " it must exceed the " + std::to_string(max_exact) +
           " exact buckets (max_exact = num_buckets/" + (bidirectional ? "4" : "2") + ")";
}

// [SECTION] HF bucketing
int t5_relative_position_bucket(long long relative_position, bool bidirectional, int num_buckets, int max_distance) {
    long long bucket = 0;
    long long n = 0;
    int nb = num_buckets;
    if (bidirectional) {
        nb /= 2;
        if (relative_position > 0) bucket += nb;  // keys after the query use the upper half
        n = std::llabs(relative_position);
    } else {
        n = -std::min(relative_position, 0LL);    // keys after the query collapse to n = 0
    }
    const int max_exact = nb / 2;
    if (n < max_exact) return static_cast<int>(bucket + n);
    // float32, as relative_position.float() / max_exact etc. in PyTorch.
    const float ratio = static_cast<float>(n) / static_cast<float>(max_exact);
    const float numer = log_f32(ratio);
    const float denom = static_cast<float>(std::log(static_cast<double>(max_distance) / max_exact));
    const float scaled = (numer / denom) * static_cast<float>(nb - max_exact);
    long long large = max_exact + trunc_to_long(scaled, nb - 1 - max_exact);
    large = std::min<long long>(large, nb - 1);
    // Only a max_distance at or below max_exact (refused by every door, see t5_max_distance_problem) could
    // give large < max_exact; keep even that inside this half's buckets, so a bucket never indexes outside
    // the bias table.
    large = std::max<long long>(large, max_exact);
    return static_cast<int>(bucket + large);
}

Eigen::MatrixXi t5_relative_position(int L) {
    const int n = std::max(L, 0);
    Eigen::MatrixXi R(n, n);
    for (int i = 0; i < n; ++i)
        for (int j = 0; j < n; ++j) R(i, j) = j - i;  // memory_position − context_position
    return R;
}

Eigen::MatrixXi t5_bucket_matrix(int L, int num_buckets, int max_distance, bool bidirectional) {
    const int n = std::max(L, 0);
    // One evaluation per relative position, copied along its diagonal.
    std::vector<int> by_r(static_cast<std::size_t>(std::max(2 * n - 1, 0)));
    for (int r = -(n - 1); r <= n - 1; ++r)
        by_r[static_cast<std::size_t>(r + n - 1)] = t5_relative_position_bucket(r, bidirectional, num_buckets, max_distance);
    // Column by column (Eigen's storage order, so each column is written contiguously): column j holds the
    // buckets of r = j − i for i = 0..n−1, i.e. by_r read backwards from r = j.
    Eigen::MatrixXi B(n, n);
    for (int j = 0; j < n; ++j) {
        int* const column = B.col(j).data();
        const int* const at_i0 = by_r.data() + (j + n - 1);  // r = j − 0
        for (int i = 0; i < n; ++i) column[i] = *(at_i0 - i);
    }
    return B;
}

// [SECTION] bucket ranges
long long T5BucketRange::min_distance() const {
    if (!used) return 0;
    if (first <= 0 && last >= 0) return 0;
    return first > 0 ? first : -last;
}

std::vector<T5BucketRange> t5_bucket_ranges(int num_buckets, int max_distance, bool bidirectional) {
    std::vector<T5BucketRange> out(static_cast<std::size_t>(std::max(num_buckets, 0)));
    for (int b = 0; b < num_buckets; ++b) out[static_cast<std::size_t>(b)].bucket = b;
    // Every bucket is saturated at |r| = max_distance (the log term reaches half − max_exact there), and
    // buckets are monotone in |r|, so scanning one step beyond finds every range and its open ends.
    const long long limit = static_cast<long long>(max_distance) + 1;
    for (long long r = -limit; r <= limit; ++r) {
        const int b = t5_relative_position_bucket(r, bidirectional, num_buckets, max_distance);
        if (b < 0 || b >= num_buckets) continue;
        T5BucketRange& range = out[static_cast<std::size_t>(b)];
        if (!range.used) {
            range.used = true;
            range.first = range.last = r;
        } else {
            range.first = std::min(range.first, r);
            range.last = std::max(range.last, r);
        }
        if (r == -limit) range.open_before = true;
        if (r == limit) range.open_after = true;
    }
    return out;
}

// [SECTION] the course notes' versions
int t5_tutorial_relative_position_bucket(long long i_minus_j, bool bidirectional, int num_buckets, int max_distance) {
    int half = 0;
    long long n = 0;
    if (bidirectional) {
        half = num_buckets / 2;
        n = std::llabs(i_minus_j);
    } else {
        half = num_buckets;
        n = -std::min(i_minus_j, 0LL);  // with i − j, this keeps only keys AFTER the query
    }
    const int max_exact = half / 2;
    long long b = 0;
    if (n < max_exact) {
        b = n;
    } else {
        const double denom = std::log(static_cast<double>(max_distance) / static_cast<double>(max_exact) + 1e-10);
        float log_ratio = 0.0f;
        if (denom > 0) {
            const float clamped = std::max(static_cast<float>(n), static_cast<float>(max_exact));
            log_ratio = log_f32(clamped / static_cast<float>(max_exact)) / static_cast<float>(denom);
        }
        const float scaled = log_ratio * static_cast<float>(half - max_exact);
        b = std::min<long long>(max_exact + trunc_to_long(scaled, half - 1 - max_exact), half - 1);
    }
    if (bidirectional && i_minus_j >= 0) b += half;  // the course notes: non-negative i − j to the upper half
    return static_cast<int>(b);
}

Eigen::MatrixXi t5_tutorial_bucket_matrix(int L, int num_buckets, int max_distance, bool bidirectional) {
    const int n = std::max(L, 0);
    Eigen::MatrixXi B(n, n);
    for (int i = 0; i < n; ++i)
        for (int j = 0; j < n; ++j) B(i, j) = t5_tutorial_relative_position_bucket(i - j, bidirectional, num_buckets, max_distance);
    return B;
}

int t5_tutorial_simplified_bucket(long long distance) {
    const long long n = std::llabs(distance);
    if (n <= 1) return 0;
    if (n == 2) return 1;
    if (n <= 4) return 2;
    return 3;
}

Eigen::MatrixXi t5_tutorial_simplified_matrix(int L) {
    const int n = std::max(L, 0);
    Eigen::MatrixXi B(n, n);
    for (int i = 0; i < n; ++i)
        for (int j = 0; j < n; ++j) B(i, j) = t5_tutorial_simplified_bucket(j - i);
    return B;
}

// [SECTION] bias table, lookup, scores
Eigen::MatrixXd t5_demo_bias_table(int num_buckets, int max_distance, bool bidirectional, int heads,
                                   std::uint64_t seed) {
    const int nb = std::max(num_buckets, 0), h = std::max(heads, 0);
    Eigen::MatrixXd table = Eigen::MatrixXd::Zero(nb, h);
    SplitMix64 rng(seed);
    // Seeded heads first, so changing the hand-set head 0 never shifts the random values.
    for (int b = 0; b < nb; ++b)
        for (int c = 1; c < h; ++c) table(b, c) = rng.next_signed();
    if (h >= 1) {
        const std::vector<T5BucketRange> ranges = t5_bucket_ranges(nb, max_distance, bidirectional);
        for (int b = 0; b < nb; ++b) {
            const T5BucketRange& r = ranges[static_cast<std::size_t>(b)];
            if (!r.used) continue;
            const double off = static_cast<double>(r.min_distance()) - 1.0;
            table(b, 0) = 3.0 * std::exp(-off * off);
        }
    }
    return table;
}

std::vector<Eigen::MatrixXd> t5_bias_lookup(const Eigen::MatrixXd& table, const Eigen::MatrixXi& buckets) {
    std::vector<Eigen::MatrixXd> llh;
    llh.reserve(static_cast<std::size_t>(buckets.rows()));
    for (Eigen::Index i = 0; i < buckets.rows(); ++i) {
        Eigen::MatrixXd slice(buckets.cols(), table.cols());
        for (Eigen::Index j = 0; j < buckets.cols(); ++j) slice.row(j) = table.row(buckets(i, j));
        llh.push_back(slice);
    }
    return llh;
}

std::vector<Eigen::MatrixXd> t5_bias_permute(const std::vector<Eigen::MatrixXd>& llh) {
    const Eigen::Index L = static_cast<Eigen::Index>(llh.size());
    const Eigen::Index Lk = L > 0 ? llh[0].rows() : 0;
    const Eigen::Index H = L > 0 ? llh[0].cols() : 0;
    std::vector<Eigen::MatrixXd> hll(static_cast<std::size_t>(H), Eigen::MatrixXd(L, Lk));
    for (Eigen::Index i = 0; i < L; ++i)
        for (Eigen::Index j = 0; j < Lk; ++j)
            for (Eigen::Index h = 0; h < H; ++h) hll[static_cast<std::size_t>(h)](i, j) = llh[static_cast<std::size_t>(i)](j, h);
    return hll;
}

Eigen::MatrixXd t5_attention_weights(const Eigen::MatrixXd& Q, const Eigen::MatrixXd& K, const Eigen::MatrixXd& bias) {
    return softmax_rows(Q * K.transpose() + bias);
}

}  // namespace pelab
