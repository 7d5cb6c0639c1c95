// PE Lab — core/maps/position_map.h
// Position-only maps for long sequences (L up to 65,536), evaluated per pixel on the GPU
// (shaders/posmap.frag) and per cell here, in double, as the reference:
//   sinusoidal  Gram PE·PEᵀ of the fixed sinusoidal table       value(i, j) = PE_i · PE_j
//   rope        RoPE score of fixed q, k (every scaling strategy) value(m, n) = ⟨R_m q, R_n k⟩ · attention_factor²
//   alibi       one head's ALiBi bias                           −slope·(i − j) (causal: masked for j > i)
//   t5          HF T5 relative-position bucket of (i, j)        _relative_position_bucket(j − i)
//   shaw        tensor2tensor's clipped index                    clip(j − i, −k, k) + k
// Rows are query positions i (m), columns key positions j (n), 0..L−1. Every map depends on i − j only
// (it is Toeplitz), which the GPU form uses and the reference deliberately does not: the reference
// computes from the definition (actual PE rows, actual rotations), so agreement is an identity test.
//
// Precision contract of the GPU form (float32, highp):
//   angles: Δ·θ/2π is reduced modulo 1 in exact 32-bit integer arithmetic from a 64-bit fixed-point
//     θ/2π (two uint32 words), so the phase is exact to 2^−32 turns (1.5e−9 rad) at any |Δ| < 2^16.
//     A naive float32 `sin(Δ·θ)` at Δ·θ ≈ 65,536 rad is off by up to ulp(65,536)/2 = 2^−8 rad.
//   sin/cos: octant reduction (integer) + Taylor polynomials on [−π/4, π/4] (error < 3e−9) in float32;
//     the driver's sin/cos (GLSL only promises 2^−11 absolute) is never used.
//   sums: Σ over n pairs of a·cos + b·sin in float32: |error| ≤ (n + 4)·2^−24·Σ(|a| + |b|) (recursive
//     summation bound plus the trig and coefficient rounding), the stated test tolerance.
//   integer maps (t5, shaw) are exact; alibi is −float(slope)·Δ, relative error ≤ 2^−23.
// position_map_value_f32 repeats the shader's arithmetic step by step in C++ float, so the contract is
// checked on every machine (tests/core), and the GPU tile tests compare real GPU output against it.
// Part of `core`: Eigen + std only.
//
// [SECTION] parameters
// [SECTION] the map
// [SECTION] GPU form
// [SECTION] profiles along Δ
// [SECTION] the view of a map
#pragma once
#include <Eigen/Dense>
#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "core/relative/alibi.h"
#include "core/io/params.h"
#include "core/rope/rope.h"
#include "core/rope/rope_scaling.h"
#include "core/absolute/sinusoidal.h"

namespace pelab {

// [SECTION] parameters

enum class PositionMapKind { sinusoidal, rope, alibi, t5, shaw };
const std::vector<std::string>& position_map_names();  // sinusoidal|rope|alibi|t5|shaw, in enum order
const char* position_map_name(PositionMapKind kind);
bool parse_position_map(const std::string& text, PositionMapKind* out);
// Where `text` stands in `names` (a map key's spellings, in enum order), or -1: what each parse_* reads.
int map_name_index(const std::vector<std::string>& names, const std::string& text);

constexpr int kPositionMapMaxL = 65536;

// How a view draws the map where a pixel covers one cell or more: the mean of the cells it covers, or the cell
// under its centre (core/maps/position_map_filter.h computes both).
enum class MapFilter { box, point };

// Which q, k the RoPE map scores: k = q (the same content at two positions), independent random q and k,
// or all ones (the pure decay curve Σ cos).
enum class RopeContent { same, random, ones };

struct PositionMapSpec {
    PositionMapKind kind = PositionMapKind::rope;
    int L = 65536;
    // sinusoidal and rope
    int d = 128;
    double base = 10000.0;
    PeVariant variant = PeVariant::vaswani;
    RopeLayout layout = RopeLayout::half;
    RopeScalingParams scaling;        // kind, factor, original_max, beta_*, *_freq_factor (d, base, seq_len set from above)
    RopeContent content = RopeContent::same;
    std::uint64_t seed = 1;
    // alibi
    int heads = 8, head = 0;          // head is 0-based
    AlibiMode mode = AlibiMode::causal;
    // t5
    int num_buckets = 32, max_distance = 128;
    bool bidirectional = true;
    // shaw
    int clip = 16;
    // rope and alibi: show each row's softmax over the keys, exp(value − log Z_i), instead of the logits
    bool softmax = false;
    // Display only (the values do not depend on it): box-filtered or point-sampled when zoomed out.
    MapFilter filter = MapFilter::box;
};

// The URL / argv parameters of a map (map, L, d, base, variant, layout, scaling, factor, original_max,
// beta_fast, beta_slow, low_freq_factor, high_freq_factor, content, seed, heads, head, mode, num_buckets,
// max_distance, bidirectional, clip, softmax, filter).
const std::vector<ParamSpec>& position_map_param_specs();
// The spec from a complete ParamSet of position_map_param_specs(); keys it lacks keep their defaults.
PositionMapSpec position_map_from_params(const ParamSet& p);

// [SECTION] the map

// The q and k of the RoPE map (length d), from content and seed.
void position_map_rope_vectors(const PositionMapSpec& s, Eigen::VectorXd* q, Eigen::VectorXd* k);
// θ_i of the RoPE map after scaling (dynamic uses seq_len = L) and the attention factor HF applies.
RopeScalingResult position_map_rope_frequencies(const PositionMapSpec& s);
// ALiBi slope of the chosen head (reference get_slopes).
double position_map_alibi_slope(const PositionMapSpec& s);

// Reference value of cell (i, j), from the definition, in double. NaN = masked (ALiBi causal, j > i).
double position_map_value(const PositionMapSpec& s, long long i, long long j);
// Whole-number maps (t5, shaw) print without decimals.
bool position_map_is_integer(const PositionMapSpec& s);
// The maps whose values are attention logits, so a row softmax means something: rope and alibi.
bool position_map_has_softmax(const PositionMapSpec& s);
// True when the spec asks for the softmax and the map has one.
bool position_map_shows_softmax(const PositionMapSpec& s);

// [SECTION] GPU form

// Everything the fragment shader needs, as plain data (uploaded by the platform layer).
struct PositionMapGpu {
    int kind = 1;                    // PositionMapKind as int
    int L = 0;
    int delta_sign = 1;              // Δ = delta_sign·(col − row): rope uses n − m, the others i − j
    // Per pair: 64-bit fixed-point θ/2π mod 1 (hi, lo words) and the float bits of the cos / sin weights.
    std::vector<std::uint32_t> pairs;  // 4 per pair: hi, lo, bits(a), bits(b)
    int pair_count = 0;
    float alibi_slope = 0.0f;
    int alibi_causal = 1;
    int t5_bidirectional = 1, t5_half = 16;  // half = num_buckets/2 (bidirectional) or num_buckets
    std::vector<std::int32_t> t5_edges;      // distances n at which the bucket within a half steps up
    int shaw_clip = 0;
    double weight_sum = 0.0;         // Σ(|a| + |b|): scale of the float32 error bound
    // Row softmax: float(log Z_i) for every row i (empty = show the values themselves).
    std::vector<float> log_norm;
    double log_norm_max_abs = 0.0;   // max |log Z_i|, for the error bound
};
// `log_norm`: the rows' log-normalisers when already computed (softmax), else they are computed here.
PositionMapGpu position_map_gpu(const PositionMapSpec& s, const std::vector<double>* log_norm = nullptr);

// The shader's arithmetic, step for step in float32 (exact integer phase, octant reduction,
// polynomial sin/cos, float sums). NaN = masked.
float position_map_value_f32(const PositionMapGpu& g, long long i, long long j);
// The tolerance of the contract for this map: (n + 4)·2^−24·Σ(|a| + |b|) for the trigonometric maps,
// 2^−22·|slope|·(L − 1) for ALiBi, 0 for the integer maps. A row softmax p = exp(v − log Z) adds the
// rounding of log Z and of exp: tolerance(v) + 2^−23·max|log Z| + 2^−21 (p ≤ 1 scales every term), where
// ALiBi's tolerance(v) is 2^−22 (its relative logit error times p·|v| ≤ 1/e).
double position_map_tolerance(const PositionMapGpu& g);

// sin and cos of 2π·phase/2^32 (phase: a uint32 fraction of a turn), as the shader evaluates them.
void sincos_turns_f32(std::uint32_t phase, float* s, float* c);
// The phase of Δ·θ/2π for pair `p` of g (exact to 2^−32 turns), as the shader computes it.
std::uint32_t position_map_phase(const PositionMapGpu& g, int p, long long delta);

// [SECTION] profiles along Δ

// The colour scale of the view: smallest and largest value over the whole L×L map (masked cells ignored);
// exact for every map (the rope scale is ±max|value| from the profile). With softmax: 0 to the bound
// min(1, max_i exp(max value − log Z_i)). `log_norm` as returned by position_map_row_log_normalizers (softmax only).
// `profile`: position_map_full_profile(s) when the caller has it (else computed here where needed).
void position_map_range(const PositionMapSpec& s, double* lo, double* hi, const std::vector<double>* log_norm = nullptr,
                        const std::vector<double>* profile = nullptr);
// value(Δ) for every Δ = i − j in −(L−1)..L−1, at index Δ + L − 1 (NaN where masked), in double.
std::vector<double> position_map_full_profile(const PositionMapSpec& s);
// log Z_i = log Σ_j exp(value(i, j)) for every row i (masked cells left out), in double: O(L·d) for the
// profile, then each row's window of Δ summed from a segment tree of positive terms (no cancellation).
std::vector<double> position_map_row_log_normalizers(const PositionMapSpec& s, const std::vector<double>* profile = nullptr);
// What the map shows at (i, j): the value, or exp(value − log Z_i) when it shows the softmax.
double position_map_shown_value(const PositionMapSpec& s, const std::vector<double>& log_norm, long long i, long long j);
// value(Δ) for Δ = delta_first..delta_last (i − j, clamped to −(L−1)..L−1): a slice of the full profile,
// the "mean score against distance" curve (every cell at one Δ holds the same value).
std::vector<double> position_map_profile(const PositionMapSpec& s, long long delta_first, long long delta_last);

// [SECTION] the view of a map
// (moved from lessons/lesson.h, so that the platform's batch uses need no lessons header)

// What a position-map figure draws: the map, its GPU form and the colour scale, computed once.
struct PositionMapView {
    PositionMapSpec spec;
    PositionMapGpu gpu;
    double lo = 0, hi = 1;         // colour scale
    bool is_signed = true;         // diverging scale around 0
    std::vector<double> log_norm;  // row softmax: log Z_i of every row (empty = the values themselves)
    // value(Δ) for every Δ (position_map_full_profile), kept when building the view needed it (the row softmax
    // and the rope scale): O(L·d), so the view and its box filter compute it once, not three times.
    std::vector<double> profile;
};
// Everything a position map needs to be drawn: the row normalisers (softmax only), the GPU form built on
// them, the colour scale and whether it is diverging.
std::shared_ptr<const PositionMapView> make_position_map_view(const PositionMapSpec& spec);

}  // namespace pelab
