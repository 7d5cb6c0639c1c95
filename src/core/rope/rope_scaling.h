// PE Lab — core/rope/rope_scaling.h
// RoPE frequency scaling for long context, transcribed from HuggingFace transformers
// `src/transformers/modeling_rope_utils.py` (main branch, 2025–2026 versions): default, linear (position
// interpolation), dynamic NTK, YaRN and Llama 3, plus the static NTK-aware base change base·s^(d/(d−2)).
// Every function returns the d/2 inverse frequencies θ_i (radians per position) that multiply positions.
//
// Precision: HF evaluates in torch float32; PE Lab evaluates the same formulas in double, in the same
// order, so values agree with HF to float32 rounding (~1e-7 relative) and with a double-precision
// transcription of the reference exactly.
// Version notes (see rope_scaling.cpp): YaRN's correction range uses original_max_position_embeddings and
// floors/ceils only when `truncate` is true (the default); versions before ~4.50 used
// max_position_embeddings and always floored/ceiled.
// Part of `core`: Eigen + std only.
//
// [SECTION] the strategies and their parameters
// [SECTION] building blocks (one per reference helper)
// [SECTION] the inverse frequencies
// [SECTION] YaRN's attention factor with DeepSeek's mscales
// [SECTION] LongRoPE
#pragma once
#include <Eigen/Dense>
#include <string>
#include <utility>
#include <vector>

namespace pelab {

// [SECTION] the strategies and their parameters

enum class RopeScaling { none, linear, ntk, dynamic, yarn, llama3 };

// Names as the CLI spells them: none|linear|ntk|dynamic|yarn|llama3 (in this order).
const std::vector<std::string>& rope_scaling_names();
const char* rope_scaling_name(RopeScaling s);
bool parse_rope_scaling(const std::string& text, RopeScaling* out);

struct RopeScalingParams {
    RopeScaling kind = RopeScaling::none;
    int d = 128;                   // rotary dimension (even); d/2 frequencies
    double base = 10000.0;         // rope_theta
    double factor = 1.0;           // s: the context extension factor
    int original_max = 4096;       // original_max_position_embeddings (training length)
    int seq_len = 4096;            // current sequence length (dynamic only)
    double beta_fast = 32.0;       // YaRN: rotations at which extrapolation ends
    double beta_slow = 1.0;        // YaRN: rotations at which interpolation starts
    double low_freq_factor = 1.0;  // Llama 3
    double high_freq_factor = 4.0; // Llama 3
    bool truncate = true;          // YaRN: floor/ceil the correction range (HF default True)
    // DeepSeek's YaRN: with both non-zero the cos/sin factor is the ratio of the two mscales
    // (yarn_attention_factor); 0 = not given, as in every other YaRN config.
    double mscale = 0.0, mscale_all_dim = 0.0;
};

struct RopeScalingResult {
    Eigen::VectorXd inv_freq;        // d/2 values θ_i
    double attention_factor = 1.0;   // HF multiplies cos and sin by this (YaRN: 0.1·ln s + 1), so scores by its square
    double effective_base = 0.0;     // the base actually used (ntk and dynamic change it; others keep base)
};

// [SECTION] building blocks (one per reference helper)

// Static NTK-aware base: base · s^(d/(d−2)).
double rope_ntk_base(double base, int d, double factor);

// Dynamic NTK (_compute_dynamic_ntk_parameters): seq = max(seq_len, original_max);
// base · ((s·seq/original_max) − (s−1))^(d/(d−2)). Equals base for seq_len ≤ original_max.
double rope_dynamic_base(double base, int d, double factor, int original_max, int seq_len);

// YaRN find_correction_dim: the (fractional) dimension index whose frequency turns num_rotations times
// over original_max positions: d·ln(original_max / (num_rotations·2π)) / (2·ln base).
double yarn_find_correction_dim(double num_rotations, int d, double base, int original_max);

// YaRN find_correction_range: (low, high) = (dim(beta_fast), dim(beta_slow)), floored/ceiled when truncate,
// then clamped as the reference does: low ≥ 0, high ≤ d − 1 (d, not d/2 − 1).
std::pair<double, double> yarn_find_correction_range(double beta_fast, double beta_slow, int d, double base,
                                                     int original_max, bool truncate);

// YaRN linear_ramp_factor: clamp((i − low)/(high − low), 0, 1) for i = 0..n−1; high += 0.001 when equal.
Eigen::VectorXd yarn_linear_ramp(double low, double high, int n);

// YaRN get_mscale: 1 for scale ≤ 1, else 0.1·mscale·ln(scale) + 1.
double yarn_get_mscale(double scale, double mscale = 1.0);

// Llama 3 bands by wavelength λ = 2π/θ: high frequency (λ < L/high_freq_factor, kept), low frequency
// (λ > L/low_freq_factor, divided by s), medium (in between, smoothly interpolated). L = original_max.
enum class Llama3Band { high, medium, low };
Llama3Band llama3_band(double wavelen, int original_max, double low_freq_factor, double high_freq_factor);

// [SECTION] the inverse frequencies

// θ_i for the chosen strategy, following the reference function of that name.
RopeScalingResult rope_scaled_inv_freq(const RopeScalingParams& p);

// [SECTION] YaRN's attention factor with DeepSeek's mscales
// _compute_yarn_parameters' attention factor (the number HF multiplies cos and sin by):
// get_mscale(factor, mscale) / get_mscale(factor, mscale_all_dim) when both are given (non-zero, as the
// reference's `if mscale and mscale_all_dim`; DeepSeek-V2/V3), else get_mscale(factor) = 0.1·ln s + 1.
double yarn_attention_factor(double factor, double mscale = 0.0, double mscale_all_dim = 0.0);

// [SECTION] LongRoPE
// HF `_compute_longrope_parameters` (current main) and Phi-3's own
// Phi3LongRoPEScaledRotaryEmbedding: per-pair rescale factors, θ_i = 1 / (f_i · base^(2i/d)), with the long
// factors once the current length exceeds the training length (seq_len > original_max) and the short ones
// otherwise. Older HF versions (≤ 4.4x) chose once, at load time, by max_position > original_max.
// The scale s = max_position / original_max (HF derives it so when the model gives original_max, as Phi-3
// does); the attention factor is √(1 + ln s / ln original_max), 1 when s ≤ 1.
struct LongRopeParams {
    int d = 96;                       // rotary dimension (even); d/2 factors in each list
    double base = 10000.0;            // rope_theta
    std::vector<double> short_factor; // d/2 rescale factors used up to original_max
    std::vector<double> long_factor;  // d/2 rescale factors used beyond it
    int original_max = 4096;          // original_max_position_embeddings
    int max_position = 131072;        // max_position_embeddings (the extended length)
    int seq_len = 4096;               // current sequence length
};

// True when the long factors apply: seq_len > original_max (`if seq_len and seq_len > original_max...`).
bool longrope_uses_long_factors(int seq_len, int original_max);

// √(1 + ln s / ln original_max) with s = max_position / original_max; 1 for s ≤ 1.
double longrope_attention_factor(int original_max, int max_position);

// θ_i (d/2 values), the attention factor, and effective_base = base. A list shorter than d/2 is read as 1
// for the missing pairs (every door refuses such lists before calling this).
RopeScalingResult rope_longrope_inv_freq(const LongRopeParams& p);

}  // namespace pelab
