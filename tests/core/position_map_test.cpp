// PE Lab — tests/core/position_map_test.cpp
// Long-sequence position maps (core/maps/position_map.h): the reference (from the definitions) against the
// core's small-L matrices; Toeplitz identities; the GPU form's float32 arithmetic (emulated step for step)
// against the double reference within the stated tolerance at L = 65,536, for every map and every RoPE
// scaling; exactness of the integer phase; and why the contract is needed (naive float32 sin fails it).
#include <algorithm>
#include <cmath>
#include <cstdint>
#include <string>
#include <vector>

#include "core/relative/alibi.h"
#include "core/maps/position_map.h"
#include "core/rope/rope.h"
#include "core/relative/shaw.h"
#include "core/absolute/sinusoidal.h"
#include "core/relative/t5.h"
#include "matrix_assert.h"

namespace {

using namespace pelab;

PositionMapSpec spec_of(PositionMapKind kind, int L) {
    PositionMapSpec s;
    s.kind = kind;
    s.L = L;
    return s;
}

Eigen::MatrixXd reference_block(const PositionMapSpec& s, int rows, int cols, long long r0 = 0, long long c0 = 0) {
    Eigen::MatrixXd M(rows, cols);
    for (int r = 0; r < rows; ++r)
        for (int c = 0; c < cols; ++c) M(r, c) = position_map_value(s, r0 + r, c0 + c);
    return M;
}

// Cells spread over an L×L map: corners, the diagonal, the far off-diagonals (|Δ| ≈ L) and a grid.
std::vector<std::pair<long long, long long>> probe_cells(int L) {
    const long long n = L - 1;
    std::vector<std::pair<long long, long long>> cells = {{0, 0}, {0, n}, {n, 0}, {n, n}, {1, n}, {n, 1}, {n - 1, 0},
                                                          {0, n - 1}, {n / 2, n / 2}, {n / 3, 2 * n / 3}};
    for (long long i = 0; i < L; i += L / 7 + 1)
        for (long long j = 0; j < L; j += L / 5 + 3) cells.push_back({i, j});
    return cells;
}

// [SECTION] the reference equals the core's own matrices ------------------------------------

TEST(PositionMap, SinusoidalReferenceIsTheGramMatrix) {
    for (PeVariant v : {PeVariant::vaswani, PeVariant::tensor2tensor}) {
        PositionMapSpec s = spec_of(PositionMapKind::sinusoidal, 24);
        s.d = 16;
        s.variant = v;
        EXPECT_MATRIX_NEAR(reference_block(s, 24, 24), gram_matrix(sinusoidal_pe(24, 16, 10000.0, v)), 1e-12);
    }
}

TEST(PositionMap, RopeReferenceIsTheScoreMatrix) {
    for (RopeLayout layout : {RopeLayout::half, RopeLayout::interleaved}) {
        PositionMapSpec s = spec_of(PositionMapKind::rope, 16);
        s.d = 16;
        s.layout = layout;
        s.content = RopeContent::random;
        Eigen::VectorXd q, k;
        position_map_rope_vectors(s, &q, &k);
        EXPECT_MATRIX_NEAR(reference_block(s, 16, 16), rope_scores(16, rope_default_inv_freq(16, 10000.0), q, k, layout), 1e-12);
    }
}

TEST(PositionMap, AlibiShawT5ReferencesAreTheCoreMatrices) {
    PositionMapSpec a = spec_of(PositionMapKind::alibi, 12);
    a.heads = 12;
    a.head = 5;
    a.mode = AlibiMode::symmetric;
    EXPECT_MATRIX_NEAR(reference_block(a, 12, 12), alibi_bias(12, alibi_slopes(12)[5], AlibiMode::symmetric), 1e-15);

    PositionMapSpec sh = spec_of(PositionMapKind::shaw, 10);
    sh.clip = 3;
    EXPECT_MATRIX_NEAR(reference_block(sh, 10, 10), shaw_relative_index(10, 3).cast<double>(), 0.0);

    PositionMapSpec t = spec_of(PositionMapKind::t5, 40);
    for (bool bidirectional : {true, false}) {
        t.bidirectional = bidirectional;
        EXPECT_MATRIX_NEAR(reference_block(t, 40, 40), t5_bucket_matrix(40, 32, 128, bidirectional).cast<double>(), 0.0);
    }
}

// [SECTION] Toeplitz: the maps computed from positions depend on i − j only -------------------

// The sinusoidal reference is a dot product of two PE rows and the RoPE reference rotates q to i and k to j,
// so neither forms i − j: their Toeplitz structure is a property to test. (ALiBi, T5 and Shaw are defined
// by i − j; for them the same check would hold by construction, so they are left out.)
TEST(PositionMap, PositionBasedMapsAreToeplitzAtLongRange) {
    for (PositionMapKind kind : {PositionMapKind::sinusoidal, PositionMapKind::rope}) {
        for (bool scaled : {false, true}) {
            PositionMapSpec s = spec_of(kind, 65536);
            s.d = 32;
            if (scaled) {
                if (kind == PositionMapKind::sinusoidal) s.variant = PeVariant::tensor2tensor;
                s.scaling.kind = RopeScaling::yarn;
                s.scaling.factor = 8;
                s.content = RopeContent::random;
                s.layout = RopeLayout::interleaved;
            }
            for (long long delta : {0LL, 1LL, -1LL, 4097LL, -30000LL, 65535LL, -65535LL}) {
                const long long i0 = delta >= 0 ? delta : 0, j0 = i0 - delta;
                const long long shift = 65535 - std::max(i0, j0);
                const double a = position_map_value(s, i0, j0), b = position_map_value(s, i0 + shift, j0 + shift);
                const double mid = position_map_value(s, i0 + shift / 2, j0 + shift / 2);
                // positions ≈ 65,535: the angles' rounding in double
                EXPECT_NEAR(a, b, 1e-9 * (1 + std::fabs(a))) << position_map_name(kind) << " Δ=" << delta;
                EXPECT_NEAR(a, mid, 1e-9 * (1 + std::fabs(a))) << position_map_name(kind) << " Δ=" << delta;
            }
        }
    }
}

// [SECTION] the GPU form: exact phase, accurate sin/cos, stated tolerance ---------------------

TEST(PositionMapGpu, PhaseIsExactFixedPointProduct) {
    PositionMapSpec s = spec_of(PositionMapKind::rope, 65536);
    const PositionMapGpu g = position_map_gpu(s);
    for (int p : {0, 1, 17, 63}) {
        const unsigned __int128 t = (static_cast<unsigned __int128>(g.pairs[size_t(4 * p)]) << 32) | g.pairs[size_t(4 * p + 1)];
        for (long long delta : {1LL, 2LL, 255LL, 256LL, 40000LL, 65535LL, -3LL, -65535LL}) {
            const unsigned long long ad = static_cast<unsigned long long>(delta < 0 ? -delta : delta);
            std::uint32_t exact = std::uint32_t((t * ad) >> 32);  // floor(|Δ|·t / 2^32) mod 2^32
            if (delta < 0) exact = 0u - exact;
            const std::uint32_t got = position_map_phase(g, p, delta);
            // The 16-bit split drops the fraction below 2^−48 before the floor: at most one unit low.
            EXPECT_LE(std::uint32_t(exact - got) + 1u, 2u) << "pair " << p << " Δ=" << delta;
        }
    }
}

TEST(PositionMapGpu, SinCosOfTurnsIsAccurateOverTheWholeCircle) {
    double worst = 0;
    for (std::uint64_t k = 0; k < (1ull << 32); k += 999983ull) {
        float s, c;
        sincos_turns_f32(std::uint32_t(k), &s, &c);
        const double angle = double(k) * (6.283185307179586 / 4294967296.0);
        worst = std::max({worst, std::fabs(s - std::sin(angle)), std::fabs(c - std::cos(angle))});
    }
    EXPECT_LT(worst, 2.5e-7);  // a few float32 ulps of 1; GLSL's own sin promises only 2^−11
}

// Every map, every RoPE scaling, L = 65,536: the float32 form is within its tolerance of the double
// reference at the probe cells (which include |Δ| = 65,535, where naive float32 angles fail).
TEST(PositionMapGpu, Float32FormMatchesReferenceWithinTolerance) {
    std::vector<PositionMapSpec> specs;
    for (const std::string& name : position_map_names()) {
        PositionMapSpec s = spec_of(PositionMapKind::rope, 65536);
        parse_position_map(name, &s.kind);
        specs.push_back(s);
    }
    for (RopeScaling k : {RopeScaling::linear, RopeScaling::ntk, RopeScaling::dynamic, RopeScaling::yarn, RopeScaling::llama3}) {
        PositionMapSpec s = spec_of(PositionMapKind::rope, 65536);
        s.scaling.kind = k;
        s.scaling.factor = 8;
        s.content = RopeContent::random;
        s.layout = RopeLayout::interleaved;
        specs.push_back(s);
    }
    PositionMapSpec sin512 = spec_of(PositionMapKind::sinusoidal, 65536);
    sin512.d = 512;
    sin512.variant = PeVariant::tensor2tensor;
    specs.push_back(sin512);
    PositionMapSpec t5causal = spec_of(PositionMapKind::t5, 65536);
    t5causal.bidirectional = false;
    t5causal.max_distance = 4096;
    specs.push_back(t5causal);

    for (const PositionMapSpec& s : specs) {
        const PositionMapGpu g = position_map_gpu(s);
        const double tol = position_map_tolerance(g);
        double worst = 0;
        for (const auto& ij : probe_cells(s.L)) {
            const double ref = position_map_value(s, ij.first, ij.second);
            const float gpu = position_map_value_f32(g, ij.first, ij.second);
            if (std::isnan(ref)) {
                EXPECT_TRUE(std::isnan(gpu));
                continue;
            }
            worst = std::max(worst, std::fabs(double(gpu) - ref));
        }
        EXPECT_LE(worst, tol) << position_map_name(s.kind) << " scaling " << rope_scaling_name(s.scaling.kind);
        if (s.kind == PositionMapKind::rope || s.kind == PositionMapKind::sinusoidal) EXPECT_GT(tol, 0.0);
    }
}

// The contract is needed: float32 Δ·θ followed by sin is wrong by far more than the tolerance at Δ ≈ 65,536.
TEST(PositionMapGpu, NaiveFloat32AnglesFailWhereTheContractHolds) {
    const double theta = 0.74989420933245582;  // 10000^(−1/32): pair 1 of the sinusoidal map at d = 64
    double naive_worst = 0;
    for (int delta = 65000; delta < 65536; delta += 7) {
        const float naive = std::cos(float(delta) * float(theta));
        naive_worst = std::max(naive_worst, std::fabs(double(naive) - std::cos(double(delta) * theta)));
    }
    PositionMapSpec s = spec_of(PositionMapKind::sinusoidal, 65536);
    s.d = 64;
    PositionMapGpu g = position_map_gpu(s);
    g.pairs.erase(g.pairs.begin(), g.pairs.begin() + 4);  // keep pair 1 only: value = cos(Δ·θ₁)
    g.pairs.resize(4);
    g.pair_count = 1;
    double reduced_worst = 0;
    for (int delta = 65000; delta < 65536; delta += 7)
        reduced_worst = std::max(reduced_worst, std::fabs(double(position_map_value_f32(g, delta, 0)) - std::cos(double(delta) * theta)));
    EXPECT_GT(naive_worst, 1e-4);
    EXPECT_LT(reduced_worst, 3e-7);
}

TEST(PositionMapGpu, T5EdgesReproduceHfBucketsAtEveryDistance) {
    for (bool bidirectional : {true, false}) {
        for (int max_distance : {33, 128, 4096}) {
            PositionMapSpec s = spec_of(PositionMapKind::t5, 65536);
            s.bidirectional = bidirectional;
            s.max_distance = max_distance;
            const PositionMapGpu g = position_map_gpu(s);
            for (long long r = -70000; r <= 70000; r += (std::llabs(r) < 5000 ? 1 : 97)) {
                const long long i = r < 0 ? -r : 0, j = i + r;
                ASSERT_EQ(position_map_value_f32(g, i, j), float(t5_relative_position_bucket(r, bidirectional, 32, max_distance)))
                    << "r=" << r << " max_distance=" << max_distance;
            }
        }
    }
}

// [SECTION] range and profile ----------------------------------------------------------------

TEST(PositionMap, RangeBoundsEveryProbedValue) {
    for (const std::string& name : position_map_names()) {
        PositionMapSpec s = spec_of(PositionMapKind::rope, 4096);
        parse_position_map(name, &s.kind);
        double lo, hi;
        position_map_range(s, &lo, &hi);
        ASSERT_LE(lo, hi) << name;
        for (const auto& ij : probe_cells(s.L)) {
            const double v = position_map_value(s, ij.first, ij.second);
            if (std::isnan(v)) continue;
            EXPECT_GE(v, lo - 1e-9) << name;
            EXPECT_LE(v, hi + 1e-9) << name;
        }
    }
}

TEST(PositionMap, ProfileIsTheValueAlongEachDiagonal) {
    for (const std::string& name : position_map_names()) {
        PositionMapSpec s = spec_of(PositionMapKind::rope, 300);
        parse_position_map(name, &s.kind);
        s.d = 24;
        const std::vector<double> prof = position_map_profile(s, -299, 299);
        ASSERT_EQ(prof.size(), 599u);
        for (long long delta : {-299LL, -5LL, 0LL, 7LL, 299LL}) {
            const long long i = delta >= 0 ? delta : 0, j = i - delta;
            const double ref = position_map_value(s, i, j);
            if (std::isnan(ref)) {
                EXPECT_TRUE(std::isnan(prof[size_t(delta + 299)])) << name;
                continue;
            }
            EXPECT_NEAR(prof[size_t(delta + 299)], ref, 1e-10) << name << " Δ=" << delta;
        }
    }
}

// ALiBi's profile (built with the slope looked up once) is exactly the value at every Δ, in both modes.
TEST(PositionMap, AlibiProfileIsExactlyTheValueAtEveryDelta) {
    for (AlibiMode mode : {AlibiMode::causal, AlibiMode::symmetric}) {
        for (int head : {0, 3, 7}) {
            PositionMapSpec s = spec_of(PositionMapKind::alibi, 300);
            s.mode = mode;
            s.head = head;
            const std::vector<double> prof = position_map_full_profile(s);
            ASSERT_EQ(prof.size(), 599u);
            for (long long delta = -299; delta <= 299; ++delta) {
                const double ref = delta >= 0 ? position_map_value(s, delta, 0) : position_map_value(s, 0, -delta);
                const double got = prof[size_t(delta + 299)];
                if (std::isnan(ref)) {
                    EXPECT_TRUE(std::isnan(got)) << "head " << head << " Δ=" << delta;
                } else {
                    EXPECT_EQ(got, ref) << "head " << head << " Δ=" << delta;
                }
            }
        }
    }
}

}  // namespace

// [SECTION] row softmax ------------------------------------------------------------------------

namespace {

double direct_log_normalizer(const PositionMapSpec& s, long long i) {
    double M = -INFINITY;
    for (long long j = 0; j < s.L; ++j) {
        const double v = position_map_value(s, i, j);
        if (!std::isnan(v)) M = std::max(M, v);
    }
    double sum = 0.0;
    for (long long j = 0; j < s.L; ++j) {
        const double v = position_map_value(s, i, j);
        if (!std::isnan(v)) sum += std::exp(v - M);
    }
    return M + std::log(sum);
}

std::vector<PositionMapSpec> softmax_specs(int L) {
    std::vector<PositionMapSpec> out;
    PositionMapSpec rope = spec_of(PositionMapKind::rope, L);
    rope.softmax = true;
    rope.d = 32;
    rope.content = RopeContent::random;
    out.push_back(rope);
    rope.scaling.kind = RopeScaling::yarn;
    rope.scaling.factor = 8;
    rope.content = RopeContent::same;
    out.push_back(rope);
    PositionMapSpec alibi = spec_of(PositionMapKind::alibi, L);
    alibi.softmax = true;
    out.push_back(alibi);
    alibi.mode = AlibiMode::symmetric;
    alibi.heads = 3;
    alibi.head = 2;
    out.push_back(alibi);
    return out;
}

}  // namespace

TEST(PositionMapSoftmax, LogNormalizersEqualTheDirectRowSums) {
    for (const PositionMapSpec& s : softmax_specs(300)) {
        const std::vector<double> z = position_map_row_log_normalizers(s);
        ASSERT_EQ(z.size(), 300u);
        for (long long i : {0LL, 1LL, 57LL, 150LL, 298LL, 299LL})
            EXPECT_NEAR(z[size_t(i)], direct_log_normalizer(s, i), 1e-12 * (1 + std::fabs(z[size_t(i)])))
                << position_map_name(s.kind) << " row " << i;
    }
}

TEST(PositionMapSoftmax, EveryRowSumsToOneAndMaskedCellsStayMasked) {
    for (const PositionMapSpec& s : softmax_specs(200)) {
        const std::vector<double> z = position_map_row_log_normalizers(s);
        for (long long i : {0LL, 99LL, 199LL}) {
            double sum = 0.0;
            for (long long j = 0; j < s.L; ++j) {
                const double p = position_map_shown_value(s, z, i, j);
                if (std::isnan(p)) {
                    EXPECT_TRUE(s.kind == PositionMapKind::alibi && s.mode == AlibiMode::causal && j > i);
                    continue;
                }
                EXPECT_GE(p, 0.0);
                sum += p;
            }
            EXPECT_NEAR(sum, 1.0, 1e-12) << position_map_name(s.kind) << " row " << i;
        }
    }
}

TEST(PositionMapSoftmax, Float32FormMatchesReferenceWithinToleranceAtL65536) {
    for (const PositionMapSpec& s : softmax_specs(65536)) {
        const std::vector<double> z = position_map_row_log_normalizers(s);
        const PositionMapGpu g = position_map_gpu(s, &z);
        ASSERT_EQ(g.log_norm.size(), 65536u);
        const double tol = position_map_tolerance(g);
        double worst = 0;
        for (const auto& ij : probe_cells(s.L)) {
            const double ref = position_map_shown_value(s, z, ij.first, ij.second);
            const float got = position_map_value_f32(g, ij.first, ij.second);
            if (std::isnan(ref)) {
                EXPECT_TRUE(std::isnan(got));
                continue;
            }
            worst = std::max(worst, std::fabs(double(got) - ref));
        }
        EXPECT_LE(worst, tol) << position_map_name(s.kind);
        EXPECT_LT(tol, 1e-3);  // a meaningful bound for values in [0, 1]
        double lo, hi;
        position_map_range(s, &lo, &hi, &z);
        EXPECT_EQ(lo, 0.0);
        EXPECT_GT(hi, 0.0);
        EXPECT_LE(hi, 1.0);
    }
}

// [SECTION] the tolerance, recomputed from the documented contract -------------------------------
// docs/position-maps.md, "Precision contract": (n + 4)·2⁻²⁴·Σ(|a| + |b|) over the n frequency pairs of a
// trigonometric map; 2⁻²²·slope·(L − 1) for ALiBi; 0 for T5 and Shaw; a row softmax adds 2⁻²³·max|log Z| + 2⁻²¹ to
// the logit's bound, which is 2⁻²² for ALiBi. The weights a, b are recomputed here from q, k (or, for the Gram
// matrix, from cos·cos + sin·sin = cos Δθ, so a = 1, b = 0), never read from the GPU form, and each tolerance is
// pinned from both sides. The GPU form stores the weights and the ALiBi slope as float32, so the code's Σ(|a| + |b|)
// and slope may differ from these double values by float rounding: 1e−6 relative.

namespace {

double trig_bound(int pairs, double weight_sum) { return (pairs + 4) * std::ldexp(1.0, -24) * weight_sum; }

// Σ(|a| + |b|) of ⟨R_m q, R_n k⟩·af²: one pair (x₁, x₂) contributes a = q₁k₁ + q₂k₂ and b = q₂k₁ − q₁k₂.
double rope_weight_sum(const PositionMapSpec& s, double attention_factor) {
    Eigen::VectorXd q, k;
    position_map_rope_vectors(s, &q, &k);
    double sum = 0.0;
    for (int p = 0; p < s.d / 2; ++p) {
        const int c1 = s.layout == RopeLayout::half ? p : 2 * p, c2 = s.layout == RopeLayout::half ? p + s.d / 2 : 2 * p + 1;
        sum += std::fabs(q(c1) * k(c1) + q(c2) * k(c2)) + std::fabs(q(c2) * k(c1) - q(c1) * k(c2));
    }
    return sum * attention_factor * attention_factor;
}

void expect_pinned(double got, double want, double rel, const std::string& what) {
    EXPECT_GT(want, 0.0) << what;
    EXPECT_GE(got, want * (1 - rel)) << what << ": tolerance below the documented formula";
    EXPECT_LE(got, want * (1 + rel)) << what << ": tolerance above the documented formula";
}

}  // namespace

TEST(PositionMapTolerance, TrigonometricMapsFollowTheDocumentedFormula) {
    for (int d : {128, 512}) {
        PositionMapSpec s = spec_of(PositionMapKind::sinusoidal, 65536);
        s.d = d;
        expect_pinned(position_map_tolerance(position_map_gpu(s)), trig_bound(d / 2, d / 2), 1e-6, "sinusoidal d=" + std::to_string(d));
    }
    // d = 512: the tolerance docs/performance.md quotes from the H200 run (3.97·10⁻³).
    PositionMapSpec s512 = spec_of(PositionMapKind::sinusoidal, 65536);
    s512.d = 512;
    EXPECT_NEAR(position_map_tolerance(position_map_gpu(s512)), 3.967e-3, 1e-6);

    struct Case { RopeScaling scaling; RopeContent content; RopeLayout layout; double af; };
    const double yarn_af = 0.1 * std::log(8.0) + 1.0;  // HF get_mscale(factor) for YaRN without mscale settings
    for (const Case& c : {Case{RopeScaling::none, RopeContent::same, RopeLayout::half, 1.0},
                          Case{RopeScaling::none, RopeContent::random, RopeLayout::interleaved, 1.0},
                          Case{RopeScaling::yarn, RopeContent::random, RopeLayout::half, yarn_af},
                          Case{RopeScaling::llama3, RopeContent::ones, RopeLayout::interleaved, 1.0}}) {
        PositionMapSpec s = spec_of(PositionMapKind::rope, 65536);
        s.scaling.kind = c.scaling;
        s.scaling.factor = 8;
        s.content = c.content;
        s.layout = c.layout;
        expect_pinned(position_map_tolerance(position_map_gpu(s)), trig_bound(s.d / 2, rope_weight_sum(s, c.af)), 1e-6,
                      std::string("rope ") + rope_scaling_name(c.scaling));
    }
}

TEST(PositionMapTolerance, AlibiAndIntegerMapsFollowTheDocumentedFormula) {
    for (int heads : {8, 12}) {
        for (int head : {0, heads - 1}) {
            PositionMapSpec s = spec_of(PositionMapKind::alibi, 65536);
            s.heads = heads;
            s.head = head;
            const double slope = alibi_slopes(heads)[size_t(head)];
            expect_pinned(position_map_tolerance(position_map_gpu(s)), std::ldexp(1.0, -22) * slope * 65535.0, 1e-6,
                          "alibi heads=" + std::to_string(heads) + " head=" + std::to_string(head));
        }
    }
    PositionMapSpec a8 = spec_of(PositionMapKind::alibi, 65536);  // 8 heads, head 0: slope 1/2
    EXPECT_NEAR(position_map_tolerance(position_map_gpu(a8)), 0.5 * 65535.0 / 4194304.0, 1e-15);
    EXPECT_EQ(position_map_tolerance(position_map_gpu(spec_of(PositionMapKind::t5, 65536))), 0.0);
    EXPECT_EQ(position_map_tolerance(position_map_gpu(spec_of(PositionMapKind::shaw, 65536))), 0.0);
}

// ALiBi, causal, head 0 of 8 (slope 1/2): row i sums e^(−k/2) for k = 0..i, so max|log Z| is the last row's
// −log(1 − e^(−1/2))·(1 − e^(−L/2)) ≈ 0.9328 — a closed form, independent of the segment tree.
TEST(PositionMapTolerance, SoftmaxAddsTheNormaliserAndExpTerms) {
    PositionMapSpec a = spec_of(PositionMapKind::alibi, 65536);
    a.softmax = true;
    const double max_log_z = -std::log(1.0 - std::exp(-0.5));
    const double alibi_want = std::ldexp(1.0, -22) + std::ldexp(1.0, -23) * max_log_z + std::ldexp(1.0, -21);
    const std::vector<double> za = position_map_row_log_normalizers(a);
    expect_pinned(position_map_tolerance(position_map_gpu(a, &za)), alibi_want, 1e-6, "alibi softmax");
    EXPECT_LT(position_map_tolerance(position_map_gpu(a, &za)), 1e-6);  // the real bound, not just "< 1e-3"

    // RoPE (YaRN ×8, random q, k) at L = 128: every row's log Z summed directly, so max|log Z| is exact.
    PositionMapSpec r = spec_of(PositionMapKind::rope, 128);
    r.d = 32;
    r.softmax = true;
    r.content = RopeContent::random;
    r.scaling.kind = RopeScaling::yarn;
    r.scaling.factor = 8;
    double max_abs = 0.0;
    for (long long i = 0; i < r.L; ++i) max_abs = std::max(max_abs, std::fabs(direct_log_normalizer(r, i)));
    const double yarn_af = 0.1 * std::log(8.0) + 1.0;
    const double rope_want =
        trig_bound(r.d / 2, rope_weight_sum(r, yarn_af)) + std::ldexp(1.0, -23) * max_abs + std::ldexp(1.0, -21);
    const std::vector<double> zr = position_map_row_log_normalizers(r);
    expect_pinned(position_map_tolerance(position_map_gpu(r, &zr)), rope_want, 1e-6, "rope yarn softmax");
}

// [SECTION] log Z at L = 65,536 against direct sums ---------------------------------------------------
// The GPU tiles compare against the very log Z that was uploaded, so a wrong normaliser would pass there.
// Here sampled rows (first, last, middle and three pseudo-random ones) are summed directly over all 65,536
// keys in double: RoPE by rotating q to i and k to every j (rope_apply), ALiBi from its slope; no profile,
// no segment tree.

namespace {

double direct_rope_log_z(const PositionMapSpec& s, long long i) {
    Eigen::VectorXd q, k;
    position_map_rope_vectors(s, &q, &k);
    const RopeScalingResult f = position_map_rope_frequencies(s);
    const double af2 = f.attention_factor * f.attention_factor;
    const Eigen::VectorXd qi = rope_apply(q, double(i), f.inv_freq, s.layout);
    std::vector<double> v(size_t(s.L));
    double M = -INFINITY;
    for (long long j = 0; j < s.L; ++j) {
        v[size_t(j)] = qi.dot(rope_apply(k, double(j), f.inv_freq, s.layout)) * af2;
        M = std::max(M, v[size_t(j)]);
    }
    double sum = 0.0;
    for (double x : v) sum += std::exp(x - M);
    return M + std::log(sum);
}

double direct_alibi_log_z(const PositionMapSpec& s, long long i) {
    const double slope = alibi_slopes(s.heads)[size_t(s.head)];
    double sum = 0.0;  // the largest logit is 0 (the diagonal), so no shift is needed
    for (long long j = 0; j < s.L; ++j) {
        if (s.mode == AlibiMode::causal && j > i) continue;
        sum += std::exp(-slope * double(std::llabs(i - j)));
    }
    return std::log(sum);
}

}  // namespace

TEST(PositionMapSoftmax, LogNormalizersAtL65536EqualDirectSumsOnSampledRows) {
    std::vector<long long> rows = {0, 65535, 32768};
    std::uint64_t x = 0x9E3779B97F4A7C15ull;
    for (int n = 0; n < 3; ++n) {
        x ^= x << 13, x ^= x >> 7, x ^= x << 17;  // xorshift: rows no formula singles out
        rows.push_back(static_cast<long long>(x % 65536));
    }
    PositionMapSpec rope = spec_of(PositionMapKind::rope, 65536);
    rope.softmax = true;
    rope.d = 32;
    rope.content = RopeContent::random;
    rope.scaling.kind = RopeScaling::yarn;
    rope.scaling.factor = 8;
    PositionMapSpec alibi = spec_of(PositionMapKind::alibi, 65536);
    alibi.softmax = true;
    PositionMapSpec alibi_sym = alibi;
    alibi_sym.mode = AlibiMode::symmetric;
    alibi_sym.heads = 12;
    alibi_sym.head = 11;  // the smallest slope: the longest reach along the row
    for (const PositionMapSpec* s : {&rope, &alibi, &alibi_sym}) {
        const std::vector<double> z = position_map_row_log_normalizers(*s);
        ASSERT_EQ(z.size(), 65536u);
        for (long long i : rows) {
            const double want = s->kind == PositionMapKind::rope ? direct_rope_log_z(*s, i) : direct_alibi_log_z(*s, i);
            EXPECT_NEAR(z[size_t(i)], want, 1e-10 * (1 + std::fabs(want)))
                << position_map_name(s->kind) << " row " << i;
        }
    }
}

// The view keeps the distance profile it needed (softmax and rope maps) and builds its normalisers and colour
// scale from it: the same doubles as computing each from the spec alone.
TEST(PositionMapView, KeepsTheProfileItNeededAndGetsTheSameNumbers) {
    std::vector<PositionMapSpec> specs = softmax_specs(300);
    specs.push_back(spec_of(PositionMapKind::rope, 300));
    specs.push_back(spec_of(PositionMapKind::sinusoidal, 300));
    for (const PositionMapSpec& s : specs) {
        SCOPED_TRACE(position_map_name(s.kind));
        const std::shared_ptr<const PositionMapView> v = make_position_map_view(s);
        const bool needs = position_map_shows_softmax(s) || s.kind == PositionMapKind::rope;
        if (needs) {
            const std::vector<double> f = position_map_full_profile(s);
            ASSERT_EQ(v->profile.size(), f.size());
            for (size_t k = 0; k < f.size(); ++k)
                if (!std::isnan(f[k])) EXPECT_EQ(v->profile[k], f[k]) << k;
        } else {
            EXPECT_TRUE(v->profile.empty());
        }
        if (position_map_shows_softmax(s)) EXPECT_EQ(v->log_norm, position_map_row_log_normalizers(s));
        double lo = 0, hi = 0;
        const std::vector<double> z = position_map_shows_softmax(s) ? position_map_row_log_normalizers(s) : std::vector<double>();
        position_map_range(s, &lo, &hi, &z);
        EXPECT_EQ(v->lo, lo);
        EXPECT_EQ(v->hi, hi);
    }
}
