// PE Lab — core/cost/cost.cpp
// Implements cost.h: one small kernel per method, timed with std::chrono::steady_clock.
// The kernels are written as plain loops over std::vector<double> (not Eigen expressions) so what is
// timed is exactly the listed work and nothing is fused away; a checksum of each result is kept.
#include "core/cost/cost.h"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdint>

#include "core/relative/alibi.h"
#include "core/random.h"
#include "core/relative/t5.h"

namespace pelab {

namespace {

// Rotates the interleaved pair (xy[0], xy[1]) by the angle whose cosine is c and sine is s (one RoPE pair).
inline void rotate_pair(double* xy, double c, double s) {
    const double a0 = xy[0];
    xy[0] = a0 * c - xy[1] * s;
    xy[1] = a0 * s + xy[1] * c;
}

using Clock = std::chrono::steady_clock;

double elapsed(Clock::time_point a, Clock::time_point b) { return std::chrono::duration<double>(b - a).count(); }

std::vector<double> random_values(std::size_t n, std::uint64_t seed) {
    SplitMix64 rng(seed);
    std::vector<double> v(n);
    for (double& x : v) x = rng.next_signed();
    return v;
}

CostModel clamped(const CostModel& m) {
    CostModel c;
    c.heads = std::clamp(m.heads, 1, 256);
    c.num_buckets = std::clamp(m.num_buckets, 4, 64);
    c.max_distance = std::max(m.max_distance, 1);
    return c;
}

double sum_of(const std::vector<double>& v) {
    double s = 0.0;
    for (double x : v) s += x;
    return s;
}

}  // namespace

const std::vector<PositionMethod>& all_position_methods() {
    static const std::vector<PositionMethod> all = {
        PositionMethod::embedding_add, PositionMethod::full_bias,   PositionMethod::distance_bias, PositionMethod::t5_bias,
        PositionMethod::alibi_bias,    PositionMethod::rope_cached, PositionMethod::rope_uncached};
    return all;
}

const char* position_method_name(PositionMethod m) {
    switch (m) {
        case PositionMethod::embedding_add: return "embedding_add";
        case PositionMethod::full_bias: return "full_bias";
        case PositionMethod::distance_bias: return "distance_bias";
        case PositionMethod::t5_bias: return "t5_bias";
        case PositionMethod::alibi_bias: return "alibi_bias";
        case PositionMethod::rope_cached: return "rope_cached";
        case PositionMethod::rope_uncached: return "rope_uncached";
    }
    return "";
}

double position_table_bytes(PositionMethod m, int N, int d, const CostModel& model) {
    const double n = N, w = d;
    const CostModel c = clamped(model);
    switch (m) {
        case PositionMethod::embedding_add: return n * w * 8.0;
        case PositionMethod::full_bias: return n * n * 8.0;
        case PositionMethod::distance_bias: return (2.0 * n - 1.0) * 8.0;
        case PositionMethod::t5_bias: return double(c.num_buckets) * c.heads * 8.0;
        case PositionMethod::alibi_bias: return double(c.heads) * 8.0;
        case PositionMethod::rope_cached: return n * w * 8.0;
        case PositionMethod::rope_uncached: return (w / 2.0) * 8.0;
    }
    return 0.0;
}

double position_work_items(PositionMethod m, int N, int d) {
    const double n = N, w = d;
    switch (m) {
        case PositionMethod::embedding_add: return n * w;
        case PositionMethod::full_bias:
        case PositionMethod::distance_bias:
        case PositionMethod::t5_bias:
        case PositionMethod::alibi_bias: return n * n;
        case PositionMethod::rope_cached:
        case PositionMethod::rope_uncached: return 2.0 * n * w;
    }
    return 0.0;
}

double clock_tick_seconds() {
    static const double tick = [] {
        double smallest = 1.0;
        for (int k = 0; k < 5; ++k) {
            const Clock::time_point a = Clock::now();
            Clock::time_point b = Clock::now();
            while (b == a) b = Clock::now();
            smallest = std::min(smallest, elapsed(a, b));
        }
        return smallest;
    }();
    return tick;
}

CostMeasurement measure_position_cost(PositionMethod m, int N, int d, double min_seconds, int max_runs,
                                      const CostModel& model, double min_sample_seconds) {
    CostMeasurement out;
    N = std::clamp(N, 1, 4096);
    d = std::clamp(d / 2 * 2, 2, 1024);
    const CostModel cm = clamped(model);
    out.method = m;
    out.N = N;
    out.d = d;
    out.table_bytes = position_table_bytes(m, N, d, cm);
    out.work_items = position_work_items(m, N, d);
    const std::size_t n = static_cast<std::size_t>(N), w = static_cast<std::size_t>(d), half = w / 2;

    // The data the position part acts on: token embeddings, scores, or Q and K.
    std::vector<double> target, target2, table, table2;
    std::vector<int> bucket_of;  // t5_bias: the bucket of each relative position j − i (index j − i + N − 1)
    double slope = 0.0;          // alibi_bias: head 0's slope
    std::vector<double> inv_freq(half);
    for (std::size_t i = 0; i < half; ++i) inv_freq[i] = 1.0 / std::pow(10000.0, static_cast<double>(2 * i) / d);

    const Clock::time_point setup0 = Clock::now();
    switch (m) {
        case PositionMethod::embedding_add:
            target = random_values(n * w, 1);
            table = random_values(n * w, 2);
            break;
        case PositionMethod::full_bias:
            target = random_values(n * n, 3);
            table = random_values(n * n, 4);
            break;
        case PositionMethod::distance_bias:
            target = random_values(n * n, 5);
            table = random_values(2 * n - 1, 6);
            break;
        case PositionMethod::t5_bias:
            target = random_values(n * n, 9);
            table = random_values(static_cast<std::size_t>(cm.num_buckets) * cm.heads, 10);  // [bucket][head]
            bucket_of.resize(2 * n - 1);
            for (long long rel = -(N - 1); rel <= N - 1; ++rel)
                bucket_of[static_cast<std::size_t>(rel + N - 1)] =
                    t5_relative_position_bucket(rel, true, cm.num_buckets, cm.max_distance);
            break;
        case PositionMethod::alibi_bias:
            target = random_values(n * n, 11);
            slope = alibi_slopes(cm.heads)[0];
            break;
        case PositionMethod::rope_cached:
        case PositionMethod::rope_uncached:
            target = random_values(n * w, 7);   // Q
            target2 = random_values(n * w, 8);  // K
            if (m == PositionMethod::rope_cached) {
                table.resize(n * half);   // cos
                table2.resize(n * half);  // sin
                for (std::size_t p = 0; p < n; ++p)
                    for (std::size_t i = 0; i < half; ++i) {
                        table[p * half + i] = std::cos(static_cast<double>(p) * inv_freq[i]);
                        table2[p * half + i] = std::sin(static_cast<double>(p) * inv_freq[i]);
                    }
            }
            break;
    }
    out.setup_seconds = elapsed(setup0, Clock::now());

    // One application of the position part; repeated applications keep changing the data, which is fine:
    // only the amount of work matters, and every run does the same amount.
    auto apply = [&]() {
        switch (m) {
            case PositionMethod::embedding_add:
                for (std::size_t i = 0; i < n * w; ++i) target[i] += table[i];
                break;
            case PositionMethod::full_bias:
                for (std::size_t i = 0; i < n * n; ++i) target[i] += table[i];
                break;
            case PositionMethod::distance_bias:
                for (std::size_t i = 0; i < n; ++i)
                    for (std::size_t j = 0; j < n; ++j) target[i * n + j] += table[j + n - 1 - i];  // Δ = j − i
                break;
            case PositionMethod::t5_bias: {  // head 0 of values[bucket(j − i)][head]
                const std::size_t heads = static_cast<std::size_t>(cm.heads);
                for (std::size_t i = 0; i < n; ++i)
                    for (std::size_t j = 0; j < n; ++j)
                        target[i * n + j] += table[static_cast<std::size_t>(bucket_of[j + n - 1 - i]) * heads];
                break;
            }
            case PositionMethod::alibi_bias:  // −m·|i − j|, computed for every cell
                for (std::size_t i = 0; i < n; ++i)
                    for (std::size_t j = 0; j < n; ++j)
                        target[i * n + j] -= slope * static_cast<double>(i > j ? i - j : j - i);
                break;
            case PositionMethod::rope_cached:
                for (std::vector<double>* x : {&target, &target2})
                    for (std::size_t p = 0; p < n; ++p)
                        for (std::size_t i = 0; i < half; ++i)
                            rotate_pair(&(*x)[p * w + 2 * i], table[p * half + i], table2[p * half + i]);
                break;
            case PositionMethod::rope_uncached:
                for (std::vector<double>* x : {&target, &target2})
                    for (std::size_t p = 0; p < n; ++p)
                        for (std::size_t i = 0; i < half; ++i) {
                            const double angle = static_cast<double>(p) * inv_freq[i];
                            rotate_pair(&(*x)[p * w + 2 * i], std::cos(angle), std::sin(angle));
                        }
                break;
        }
    };

    double best = -1.0, total = 0.0, last_each = 0.0;
    int runs = 0, samples = 0, kept = 0, per_sample = 1;
    const int cap = std::max(max_runs, 3);
    while (samples < cap && (kept < 3 || total < min_seconds)) {
        const Clock::time_point t0 = Clock::now();
        for (int r = 0; r < per_sample; ++r) apply();
        const double t = elapsed(t0, Clock::now());
        total += t;
        runs += per_sample;
        ++samples;
        last_each = t / per_sample;
        if (t < min_sample_seconds && per_sample < (1 << 20)) {  // too short to read: a longer sample next
            per_sample *= 2;
            continue;
        }
        if (best < 0.0 || last_each < best) best = last_each;
        ++kept;
    }
    // Every sample too short (the cap came first): the longest one, the last, is the best reading there is.
    out.seconds = std::max(best < 0.0 ? last_each : best, 0.0);
    out.runs = runs;
    out.samples = samples;
    out.checksum = sum_of(target) + sum_of(target2);
    return out;
}

}  // namespace pelab
