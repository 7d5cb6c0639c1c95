// PE Lab — core/rope/rope_scaling.cpp
// Implements rope_scaling.h. Each function mirrors one function of HF transformers'
// modeling_rope_utils.py line by line (same operations, same order), in double precision.
//   _compute_default_rope_parameters        → rope_default_inv_freq (rope.cpp)
//   _compute_linear_scaling_rope_parameters → kind linear: θ_i / s
//   _compute_dynamic_ntk_parameters         → rope_dynamic_base, then the default formula with that base
//   _compute_yarn_parameters                → yarn_* helpers and the blend below
//   _compute_llama3_parameters              → llama3_band and the smoothing below
//   _compute_longrope_parameters            → rope_longrope_inv_freq ; a function of its own,
//                                             not a RopeScaling kind, because it needs the per-pair lists
// Static NTK (base·s^(d/(d−2))) is the NTK-aware rule from which dynamic NTK was derived; HF once shipped
// it as `_compute_ntk_parameters` but never registered it as a rope_type.
//
// Version differences in _compute_yarn_parameters (the current main branch is followed):
//   - current: find_correction_range(..., original_max_position_embeddings, truncate) with
//     truncate = rope_parameters.get("truncate", True); the attention factor from get_mscale(factor).
//   - ≤ 4.4x: find_correction_range(..., max_position_embeddings) always floored/ceiled, and
//     attention_factor = 0.1·ln(factor) + 1 written inline (same value for factor > 1).
//   - some 4.5x versions replaced factor by max_position_embeddings / original_max_position_embeddings when
//     the latter was present; current main uses `factor` as given (it derives it only when factor is None).
#include "core/constants.h"
#include "core/rope/rope_scaling.h"

#include <algorithm>
#include <cmath>

#include "core/rope/rope.h"

namespace pelab {

// [SECTION] the strategies and their parameters

const std::vector<std::string>& rope_scaling_names() {
    static const std::vector<std::string> names = {"none", "linear", "ntk", "dynamic", "yarn", "llama3"};
    return names;
}

const char* rope_scaling_name(RopeScaling s) {
    switch (s) {
        case RopeScaling::none: return "none";
        case RopeScaling::linear: return "linear";
        case RopeScaling::ntk: return "ntk";
        case RopeScaling::dynamic: return "dynamic";
        case RopeScaling::yarn: return "yarn";
        case RopeScaling::llama3: return "llama3";
    }
    return "none";
}

bool parse_rope_scaling(const std::string& text, RopeScaling* out) {
    for (RopeScaling s : {RopeScaling::none, RopeScaling::linear, RopeScaling::ntk, RopeScaling::dynamic,
                          RopeScaling::yarn, RopeScaling::llama3}) {
        if (text == rope_scaling_name(s)) {
            *out = s;
            return true;
        }
    }
    return false;
}

// [SECTION] building blocks (one per reference helper)

double rope_ntk_base(double base, int d, double factor) {
    return base * std::pow(factor, static_cast<double>(d) / (d - 2));
}

double rope_dynamic_base(double base, int d, double factor, int original_max, int seq_len) {
    // seq_len = max(seq_len, max_position_embeddings): no change up to the original length.
    const double seq = static_cast<double>(std::max(seq_len, original_max));
    return base * std::pow((factor * seq / original_max) - (factor - 1), static_cast<double>(d) / (d - 2));
}

double yarn_find_correction_dim(double num_rotations, int d, double base, int original_max) {
    return (d * std::log(original_max / (num_rotations * 2 * kPi))) / (2 * std::log(base));
}

std::pair<double, double> yarn_find_correction_range(double beta_fast, double beta_slow, int d, double base,
                                                     int original_max, bool truncate) {
    double low = yarn_find_correction_dim(beta_fast, d, base, original_max);
    double high = yarn_find_correction_dim(beta_slow, d, base, original_max);
    if (truncate) {
        low = std::floor(low);
        high = std::ceil(high);
    }
    return {std::max(low, 0.0), std::min(high, static_cast<double>(d - 1))};
}

Eigen::VectorXd yarn_linear_ramp(double low, double high, int n) {
    if (low == high) high += 0.001;  // the reference's guard against a zero-width ramp
    Eigen::VectorXd ramp(std::max(n, 0));
    for (int i = 0; i < n; ++i) ramp(i) = std::clamp((i - low) / (high - low), 0.0, 1.0);
    return ramp;
}

double yarn_get_mscale(double scale, double mscale) {
    if (scale <= 1) return 1.0;
    return 0.1 * mscale * std::log(scale) + 1.0;
}

Llama3Band llama3_band(double wavelen, int original_max, double low_freq_factor, double high_freq_factor) {
    const double low_freq_wavelen = original_max / low_freq_factor;
    const double high_freq_wavelen = original_max / high_freq_factor;
    // The reference first divides every λ > low_freq_wavelen by s, then smooths the pairs that are neither
    // below high_freq_wavelen nor above low_freq_wavelen; testing "low" first keeps that order even when
    // the factors are given the wrong way round (high_freq_factor < low_freq_factor).
    if (wavelen > low_freq_wavelen) return Llama3Band::low;
    if (wavelen < high_freq_wavelen) return Llama3Band::high;
    return Llama3Band::medium;
}

// [SECTION] the inverse frequencies

RopeScalingResult rope_scaled_inv_freq(const RopeScalingParams& p) {
    RopeScalingResult r;
    const int d = p.d;
    r.effective_base = p.base;
    switch (p.kind) {
        case RopeScaling::none:
            r.inv_freq = rope_default_inv_freq(d, p.base);
            break;
        case RopeScaling::linear:
            // "inv_freq /= factor": the same as dividing every position by s.
            r.inv_freq = rope_default_inv_freq(d, p.base) / p.factor;
            break;
        case RopeScaling::ntk:
            r.effective_base = rope_ntk_base(p.base, d, p.factor);
            r.inv_freq = rope_default_inv_freq(d, r.effective_base);
            break;
        case RopeScaling::dynamic:
            r.effective_base = rope_dynamic_base(p.base, d, p.factor, p.original_max, p.seq_len);
            r.inv_freq = rope_default_inv_freq(d, r.effective_base);
            break;
        case RopeScaling::yarn: {
            r.attention_factor = yarn_attention_factor(p.factor, p.mscale, p.mscale_all_dim);
            const int pairs = d / 2;
            Eigen::VectorXd pos_freqs(pairs);
            for (int i = 0; i < pairs; ++i) pos_freqs(i) = std::pow(p.base, static_cast<double>(2 * i) / d);
            const auto [low, high] =
                yarn_find_correction_range(p.beta_fast, p.beta_slow, d, p.base, p.original_max, p.truncate);
            const Eigen::VectorXd ramp = yarn_linear_ramp(low, high, pairs);
            r.inv_freq.resize(pairs);
            for (int i = 0; i < pairs; ++i) {
                const double extrapolation = 1.0 / pos_freqs(i);
                const double interpolation = 1.0 / (p.factor * pos_freqs(i));
                const double extrapolation_factor = 1 - ramp(i);
                r.inv_freq(i) = interpolation * (1 - extrapolation_factor) + extrapolation * extrapolation_factor;
            }
            break;
        }
        case RopeScaling::llama3: {
            const Eigen::VectorXd inv = rope_default_inv_freq(d, p.base);
            r.inv_freq.resize(inv.size());
            for (Eigen::Index i = 0; i < inv.size(); ++i) {
                const double wavelen = 2 * kPi / inv(i);
                const Llama3Band band = llama3_band(wavelen, p.original_max, p.low_freq_factor, p.high_freq_factor);
                // torch.where(wavelen > low_freq_wavelen, inv_freq / factor, inv_freq)
                const double inv_llama = band == Llama3Band::low ? inv(i) / p.factor : inv(i);
                if (band == Llama3Band::medium) {
                    const double smooth = (p.original_max / wavelen - p.low_freq_factor) /
                                          (p.high_freq_factor - p.low_freq_factor);
                    r.inv_freq(i) = (1 - smooth) * inv_llama / p.factor + smooth * inv_llama;
                } else {
                    r.inv_freq(i) = inv_llama;
                }
            }
            break;
        }
    }
    return r;
}

// [SECTION] YaRN's attention factor with DeepSeek's mscales

double yarn_attention_factor(double factor, double mscale, double mscale_all_dim) {
    // _compute_yarn_parameters: `if mscale and mscale_all_dim:` ratio of the two mscales, else get_mscale(factor).
    if (mscale != 0.0 && mscale_all_dim != 0.0) return yarn_get_mscale(factor, mscale) / yarn_get_mscale(factor, mscale_all_dim);
    return yarn_get_mscale(factor);
}

// [SECTION] LongRoPE

bool longrope_uses_long_factors(int seq_len, int original_max) { return seq_len > original_max; }

double longrope_attention_factor(int original_max, int max_position) {
    // factor = config.max_position_embeddings / original_max_position_embeddings
    const double factor = static_cast<double>(max_position) / original_max;
    if (factor <= 1.0) return 1.0;
    return std::sqrt(1 + std::log(factor) / std::log(static_cast<double>(original_max)));
}

RopeScalingResult rope_longrope_inv_freq(const LongRopeParams& p) {
    RopeScalingResult r;
    r.effective_base = p.base;
    r.attention_factor = longrope_attention_factor(p.original_max, p.max_position);
    const std::vector<double>& ext = longrope_uses_long_factors(p.seq_len, p.original_max) ? p.long_factor : p.short_factor;
    const int pairs = std::max(p.d, 0) / 2;
    r.inv_freq.resize(pairs);
    for (int i = 0; i < pairs; ++i) {
        // inv_freq_shape = arange(0, dim, 2).float() / dim; inv_freq = 1.0 / (ext_factors * base**inv_freq_shape)
        const double ext_factor = static_cast<std::size_t>(i) < ext.size() ? ext[static_cast<std::size_t>(i)] : 1.0;
        r.inv_freq(i) = 1.0 / (ext_factor * std::pow(p.base, static_cast<double>(2 * i) / p.d));
    }
    return r;
}

}  // namespace pelab
