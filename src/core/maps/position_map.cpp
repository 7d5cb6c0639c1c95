// PE Lab — core/maps/position_map.cpp
// Long-sequence position maps: parameters, the double reference from the definitions, the GPU form
// (fixed-point phases, weights, bucket edges) and its float32 emulation. See position_map.h for the
// precision contract.
//
// Index of this file:
// [SECTION] parameters
// [SECTION] the map
// [SECTION] GPU form
// [SECTION] float32 emulation of the shader
// [SECTION] profiles along Δ
#include "core/constants.h"
#include "core/maps/position_map.h"

#include <algorithm>
#include <cmath>
#include <cstring>
#include <limits>

#include "core/io/keys.h"
#include "core/random.h"
#include "core/relative/t5.h"

namespace pelab {

namespace {

std::uint32_t float_bits(float x) {
    std::uint32_t u;
    std::memcpy(&u, &x, sizeof u);
    return u;
}
float bits_float(std::uint32_t u) {
    float x;
    std::memcpy(&x, &u, sizeof x);
    return x;
}
}  // namespace

// [SECTION] parameters -----------------------------------------------------------------------

const std::vector<std::string>& position_map_names() {
    static const std::vector<std::string> names = {"sinusoidal", "rope", "alibi", "t5", "shaw"};
    return names;
}

const char* position_map_name(PositionMapKind kind) { return position_map_names()[size_t(kind)].c_str(); }

int map_name_index(const std::vector<std::string>& names, const std::string& text) {
    const auto at = std::find(names.begin(), names.end(), text);
    return at == names.end() ? -1 : int(at - names.begin());
}

bool parse_position_map(const std::string& text, PositionMapKind* out) {
    const int i = map_name_index(position_map_names(), text);
    if (i >= 0) *out = PositionMapKind(i);
    return i >= 0;
}

// Shared keys (core/io/keys.h) narrowed to what the map page shows; map, content, head and clip are its own.
const std::vector<ParamSpec>& position_map_param_specs() {
    static const std::vector<ParamSpec> specs = [] {
        auto key = [](const char* name, double lo, double hi, const char* def) {
            return narrowed(shared_key(name), lo, hi, def);
        };
        std::vector<ParamSpec> v;
        v.push_back(choice_spec("map", position_map_names(), "rope", "which position map"));
        v.push_back(key("L", 2, kPositionMapMaxL, "65536"));
        v.push_back(key("d", 2, 1024, "128"));
        v.push_back(key("base", 2, 1e8, "10000"));
        v.push_back(with_default(shared_key("variant"), "vaswani"));
        v.push_back(with_default(shared_key("layout"), "half"));
        v.push_back(with_default(shared_key("scaling"), "none"));
        v.push_back(key("factor", 1, 64, "8"));
        v.push_back(key("original_max", 16, kPositionMapMaxL, "4096"));
        v.push_back(key("beta_fast", 1, 128, "32"));
        v.push_back(key("beta_slow", 0.25, 64, "1"));
        v.push_back(key("low_freq_factor", 0.5, 16, "1"));
        v.push_back(key("high_freq_factor", 0.5, 32, "4"));
        v.push_back(key("mscale", 0, 100, "0"));
        v.push_back(key("mscale_all_dim", 0, 100, "0"));
        v.push_back(choice_spec("content", {"same", "random", "ones"}, "same", "RoPE: k = q, independent q and k, or all ones"));
        v.push_back(key("seed", 0, 1000000, "1"));
        v.push_back(key("heads", 1, 64, "8"));
        v.push_back(int_spec("head", 0, 63, "0", "ALiBi: head shown (0-based)"));
        v.push_back(with_default(shared_key("mode"), "causal"));
        v.push_back(key("num_buckets", 4, 64, "32"));
        v.push_back(key("max_distance", 33, kPositionMapMaxL, "128"));
        v.push_back(with_default(shared_key("bidirectional"), "1"));
        v.push_back(int_spec("clip", 0, kPositionMapMaxL - 1, "16", "Shaw: clipping distance k (max_relative_position)"));
        v.push_back(with_default(shared_key("softmax"), "0"));
        v.push_back(choice_spec("filter", {"box", "point"}, "box",
                                "zoomed out: box = mean of the cells a pixel covers, point = the cell under its centre"));
        return v;
    }();
    return specs;
}

PositionMapSpec position_map_from_params(const ParamSet& p) {
    PositionMapSpec s;
    auto has = [&](const char* k) { return p.has(k); };
    if (has("map")) parse_position_map(p.gets("map"), &s.kind);
    if (has("L")) s.L = std::clamp(p.geti("L"), 2, kPositionMapMaxL);
    if (has("d")) s.d = std::clamp(p.geti("d") / 2 * 2, 2, 1024);
    if (s.kind == PositionMapKind::rope) s.d = std::min(s.d, 256);
    if (has("base")) s.base = p.getd("base");
    if (has("variant")) s.variant = pe_variant_from(p.gets("variant"));
    if (has("layout")) parse_rope_layout(p.gets("layout"), &s.layout);
    read_rope_scaling_keys(p, &s.scaling);
    if (has("content")) {
        const std::string& c = p.gets("content");
        s.content = c == "random" ? RopeContent::random : c == "ones" ? RopeContent::ones : RopeContent::same;
    }
    if (has("seed")) s.seed = std::uint64_t(std::max(0, p.geti("seed")));
    if (has("heads")) s.heads = std::clamp(p.geti("heads"), 1, 64);
    if (has("head")) s.head = p.geti("head");
    s.head = std::clamp(s.head, 0, s.heads - 1);
    if (has("mode")) parse_alibi_mode(p.gets("mode"), &s.mode);
    if (has("num_buckets")) s.num_buckets = std::clamp(p.geti("num_buckets"), 4, 64);
    if (has("max_distance")) s.max_distance = p.geti("max_distance");
    if (has("bidirectional")) s.bidirectional = p.geti("bidirectional") != 0;
    if (has("clip")) s.clip = std::max(0, p.geti("clip"));
    if (has("softmax")) s.softmax = p.geti("softmax") != 0;
    if (has("filter")) s.filter = p.gets("filter") == "point" ? MapFilter::point : MapFilter::box;
    return s;
}

// [SECTION] the map --------------------------------------------------------------------------

void position_map_rope_vectors(const PositionMapSpec& s, Eigen::VectorXd* q, Eigen::VectorXd* k) {
    if (s.content == RopeContent::ones) {
        *q = Eigen::VectorXd::Ones(s.d);
        *k = *q;
        return;
    }
    SplitMix64 rng(s.seed);
    *q = random_signed_matrix(1, s.d, rng).transpose();
    *k = s.content == RopeContent::same ? *q : Eigen::VectorXd(random_signed_matrix(1, s.d, rng).transpose());
}

RopeScalingResult position_map_rope_frequencies(const PositionMapSpec& s) {
    RopeScalingParams p = s.scaling;
    p.d = s.d;
    p.base = s.base;
    p.seq_len = s.L;  // dynamic NTK recomputes the base for the current length, as HF does at inference
    return rope_scaled_inv_freq(p);
}

double position_map_alibi_slope(const PositionMapSpec& s) {
    const std::vector<double> slopes = alibi_slopes(s.heads);
    return slopes[size_t(std::clamp(s.head, 0, s.heads - 1))];
}

double position_map_value(const PositionMapSpec& s, long long i, long long j) {
    switch (s.kind) {
    case PositionMapKind::sinusoidal:
        // The definition: the dot product of two rows of the table.
        return sinusoidal_pe_row(double(i), s.d, s.base, s.variant).dot(sinusoidal_pe_row(double(j), s.d, s.base, s.variant));
    case PositionMapKind::rope: {
        // The definition: rotate q to position i and k to position j, then take the dot product.
        Eigen::VectorXd q, k;
        position_map_rope_vectors(s, &q, &k);
        const RopeScalingResult f = position_map_rope_frequencies(s);
        const double af2 = f.attention_factor * f.attention_factor;  // HF scales cos and sin of both q and k
        return rope_apply(q, double(i), f.inv_freq, s.layout).dot(rope_apply(k, double(j), f.inv_freq, s.layout)) * af2;
    }
    case PositionMapKind::alibi: {
        const double slope = position_map_alibi_slope(s);
        if (s.mode == AlibiMode::causal) return j > i ? std::numeric_limits<double>::quiet_NaN() : -slope * double(i - j);
        return -slope * double(std::llabs(i - j));
    }
    case PositionMapKind::t5:
        return t5_relative_position_bucket(j - i, s.bidirectional, s.num_buckets, s.max_distance);
    case PositionMapKind::shaw:
        return double(std::clamp<long long>(j - i, -s.clip, s.clip) + s.clip);
    }
    return 0.0;
}

namespace {

// The RoPE map as Σ over pairs of a·cos(Δθ) + b·sin(Δθ) with Δ = n − m: θ after scaling and, in double,
// a = (q₁k₁ + q₂k₂)·af², b = (q₂k₁ − q₁k₂)·af² (af = HF's attention factor, applied to q and k alike).
struct RopeTerms {
    Eigen::VectorXd theta;
    std::vector<double> a, b;
};
RopeTerms rope_terms(const PositionMapSpec& s) {
    Eigen::VectorXd q, k;
    position_map_rope_vectors(s, &q, &k);
    const RopeScalingResult f = position_map_rope_frequencies(s);
    const double af2 = f.attention_factor * f.attention_factor;
    RopeTerms t;
    t.theta = f.inv_freq;
    for (int p = 0; p < s.d / 2; ++p) {
        const auto c = rope_pair_coords(p, s.d, s.layout);
        const double q1 = q(c.first), q2 = q(c.second), k1 = k(c.first), k2 = k(c.second);
        t.a.push_back((q1 * k1 + q2 * k2) * af2);
        t.b.push_back((q2 * k1 - q1 * k2) * af2);
    }
    return t;
}

// The trigonometric maps in one form: RoPE's terms, or the sinusoidal Gram's (a = 1, b = 0).
RopeTerms trig_terms(const PositionMapSpec& s) {
    if (s.kind == PositionMapKind::rope) return rope_terms(s);
    RopeTerms t;
    t.theta = sinusoidal_frequencies(s.d, s.base, s.variant).head(s.d / 2);
    t.a.assign(size_t(s.d / 2), 1.0);
    t.b.assign(size_t(s.d / 2), 0.0);
    return t;
}
}  // namespace

bool position_map_is_integer(const PositionMapSpec& s) {
    return s.kind == PositionMapKind::t5 || s.kind == PositionMapKind::shaw;
}

bool position_map_has_softmax(const PositionMapSpec& s) {
    return s.kind == PositionMapKind::rope || s.kind == PositionMapKind::alibi;
}

bool position_map_shows_softmax(const PositionMapSpec& s) { return s.softmax && position_map_has_softmax(s); }

// [SECTION] GPU form -------------------------------------------------------------------------

namespace {

// θ/2π mod 1 as a 64-bit binary fraction (hi·2^−32 + lo·2^−64). θ/2π < 1 for every map here, and
// the double carries 53 significant bits, so the words hold it to ~2^−53 relative.
void turns_fixed(double theta, std::uint32_t* hi, std::uint32_t* lo) {
    double t = theta / kTwoPi;
    t -= std::floor(t);
    const double scaled_hi = std::ldexp(t, 32);
    const double h = std::floor(scaled_hi);
    const double l = std::floor(std::ldexp(scaled_hi - h, 32));
    *hi = std::uint32_t(h);
    *lo = std::uint32_t(std::min(l, 4294967295.0));
}

void add_pair(PositionMapGpu* g, double theta, double a, double b) {
    std::uint32_t hi, lo;
    turns_fixed(theta, &hi, &lo);
    const float af = float(a), bf = float(b);
    g->pairs.insert(g->pairs.end(), {hi, lo, float_bits(af), float_bits(bf)});
    g->weight_sum += std::fabs(double(af)) + std::fabs(double(bf));
    ++g->pair_count;
}

}  // namespace

PositionMapGpu position_map_gpu(const PositionMapSpec& s, const std::vector<double>* log_norm) {
    PositionMapGpu g;
    if (position_map_shows_softmax(s)) {
        const std::vector<double> computed = log_norm ? std::vector<double>() : position_map_row_log_normalizers(s);
        const std::vector<double>& ln = log_norm ? *log_norm : computed;
        g.log_norm.assign(ln.begin(), ln.end());
        for (double x : ln) g.log_norm_max_abs = std::max(g.log_norm_max_abs, std::fabs(x));
    }
    g.kind = int(s.kind);
    g.L = s.L;
    switch (s.kind) {
    case PositionMapKind::sinusoidal: {
        // PE_i · PE_j = Σ_k [sin(iω)sin(jω) + cos(iω)cos(jω)] = Σ_k cos((i − j)ω_k) over the full pairs.
        const Eigen::VectorXd w = sinusoidal_frequencies(s.d, s.base, s.variant);
        for (int k = 0; k < s.d / 2; ++k) add_pair(&g, w(k), 1.0, 0.0);
        g.delta_sign = -1;  // Δ = i − j (cos is even: the sign does not matter)
        break;
    }
    case PositionMapKind::rope: {
        // ⟨R_m q, R_n k⟩ = qᵀ R_(n−m) k = Σ_pairs (q₁k₁ + q₂k₂)·cos((n−m)θ) + (q₂k₁ − q₁k₂)·sin((n−m)θ).
        const RopeTerms t = rope_terms(s);
        for (size_t p = 0; p < t.a.size(); ++p) add_pair(&g, t.theta(Eigen::Index(p)), t.a[p], t.b[p]);
        g.delta_sign = 1;  // Δ = n − m = col − row
        break;
    }
    case PositionMapKind::alibi:
        g.alibi_slope = float(position_map_alibi_slope(s));
        g.alibi_causal = s.mode == AlibiMode::causal ? 1 : 0;
        g.delta_sign = -1;
        break;
    case PositionMapKind::t5: {
        // The bucket within a half is a non-decreasing step function of the distance n; the shader counts
        // the steps at or below n. The edges come from HF's own bucketing (float32 log included), so GPU
        // and reference agree exactly, boundary distances too.
        g.t5_bidirectional = s.bidirectional ? 1 : 0;
        g.t5_half = s.bidirectional ? s.num_buckets / 2 : s.num_buckets;
        // n ≥ max_distance saturates at half − 1 (HF clamps there), so scanning to max_distance suffices.
        int prev = t5_relative_position_bucket(0, false, g.t5_half, s.max_distance);
        for (long long n = 1; n <= s.max_distance; ++n) {
            // Causal bucketing of −n over `half` buckets is exactly the per-half bucket of distance n.
            const int b = t5_relative_position_bucket(-n, false, g.t5_half, s.max_distance);
            for (int step = prev; step < b; ++step) g.t5_edges.push_back(std::int32_t(n));
            prev = b;
        }
        g.delta_sign = 1;  // r = j − i
        break;
    }
    case PositionMapKind::shaw:
        g.shaw_clip = s.clip;
        g.delta_sign = 1;
        break;
    }
    return g;
}

// [SECTION] float32 emulation of the shader --------------------------------------------------

std::uint32_t position_map_phase(const PositionMapGpu& g, int p, long long delta) {
    const std::uint32_t hi = g.pairs[size_t(4 * p)], lo = g.pairs[size_t(4 * p + 1)];
    const std::uint32_t ad = std::uint32_t(delta < 0 ? -delta : delta);  // < 2^16
    // |Δ|·(hi + lo·2^−32) mod 2^32: the low word of |Δ|·hi plus the high word of |Δ|·lo, the latter from
    // 16-bit halves so no product exceeds 32 bits (GLSL ES 3.00 has no umulExtended).
    const std::uint32_t carry = (ad * (lo >> 16) + ((ad * (lo & 0xFFFFu)) >> 16)) >> 16;
    const std::uint32_t phase = ad * hi + carry;
    return delta < 0 ? 0u - phase : phase;
}

void sincos_turns_f32(std::uint32_t phase, float* s, float* c) {
    // Nearest quarter turn (integer), then the remainder r ∈ [−1/8, 1/8) turn as a float angle.
    const std::uint32_t quadrant = (phase + 0x20000000u) >> 30;
    const std::int32_t r = std::int32_t(phase - (quadrant << 30));
    const float x = float(r) * 1.46291807926715968e-9f;  // 2π / 2^32
    const float x2 = x * x;
    const float sn = x + x * x2 * (-1.0f / 6.0f + x2 * (1.0f / 120.0f + x2 * (-1.0f / 5040.0f + x2 * (1.0f / 362880.0f))));
    const float cs = 1.0f + x2 * (-0.5f + x2 * (1.0f / 24.0f + x2 * (-1.0f / 720.0f + x2 * (1.0f / 40320.0f))));
    switch (quadrant & 3u) {
    case 0: *s = sn; *c = cs; break;
    case 1: *s = cs; *c = -sn; break;
    case 2: *s = -sn; *c = -cs; break;
    default: *s = -cs; *c = sn; break;
    }
}

namespace {
float logit_f32(const PositionMapGpu& g, long long i, long long j) {
    const long long delta = g.delta_sign * (j - i);
    switch (PositionMapKind(g.kind)) {
    case PositionMapKind::sinusoidal:
    case PositionMapKind::rope: {
        float sum = 0.0f;
        for (int p = 0; p < g.pair_count; ++p) {
            float sn, cs;
            sincos_turns_f32(position_map_phase(g, p, delta), &sn, &cs);
            sum += bits_float(g.pairs[size_t(4 * p + 2)]) * cs + bits_float(g.pairs[size_t(4 * p + 3)]) * sn;
        }
        return sum;
    }
    case PositionMapKind::alibi:
        if (g.alibi_causal && delta < 0) return std::numeric_limits<float>::quiet_NaN();
        return -g.alibi_slope * float(g.alibi_causal ? delta : (delta < 0 ? -delta : delta));
    case PositionMapKind::t5: {
        const long long r = delta;  // j − i
        long long n;
        int offset = 0;
        if (g.t5_bidirectional) {
            offset = r > 0 ? g.t5_half : 0;
            n = r < 0 ? -r : r;
        } else {
            n = r < 0 ? -r : 0;
        }
        int bucket = 0;
        for (std::int32_t e : g.t5_edges) bucket += n >= e ? 1 : 0;
        return float(offset + bucket);
    }
    case PositionMapKind::shaw:
        return float(std::clamp<long long>(delta, -g.shaw_clip, g.shaw_clip) + g.shaw_clip);
    }
    return 0.0f;
}

double logit_tolerance(const PositionMapGpu& g) {
    switch (PositionMapKind(g.kind)) {
    case PositionMapKind::sinusoidal:
    case PositionMapKind::rope: return double(g.pair_count + 4) * std::ldexp(1.0, -24) * g.weight_sum;
    case PositionMapKind::alibi: return std::ldexp(1.0, -22) * std::fabs(double(g.alibi_slope)) * double(g.L - 1);
    default: return 0.0;
    }
}
}  // namespace

float position_map_value_f32(const PositionMapGpu& g, long long i, long long j) {
    const float v = logit_f32(g, i, j);
    if (g.log_norm.empty() || std::isnan(v)) return v;
    return std::exp(v - g.log_norm[size_t(i)]);  // the shader's exp(v − log Z_i)
}

double position_map_tolerance(const PositionMapGpu& g) {
    if (g.log_norm.empty()) return logit_tolerance(g);
    // |δp| ≤ p·(|δv| + |δ log Z| + exp's rounding). ALiBi's logit error is relative, |δv| ≤ 2^−22·|v|, and
    // with v ≤ 0 and log Z ≥ 0 (the diagonal contributes e^0) p·|v| ≤ |v|·e^v ≤ 1/e, so that term is at
    // most 2^−22 however long the row; the trigonometric maps' |δv| is absolute and p ≤ 1 bounds it.
    const double logit = PositionMapKind(g.kind) == PositionMapKind::alibi ? std::ldexp(1.0, -22) : logit_tolerance(g);
    return logit + std::ldexp(1.0, -23) * g.log_norm_max_abs + std::ldexp(1.0, -21);
}

// [SECTION] profiles along Δ -----------------------------------------------------------------

std::vector<double> position_map_profile(const PositionMapSpec& s, long long delta_first, long long delta_last) {
    const long long last = s.L - 1;
    delta_first = std::max(delta_first, -last);
    delta_last = std::min(delta_last, last);
    if (delta_last < delta_first) return {};
    const std::vector<double> full = position_map_full_profile(s);
    return std::vector<double>(full.begin() + std::ptrdiff_t(delta_first + last), full.begin() + std::ptrdiff_t(delta_last + last + 1));
}

namespace {

// C(Δ) += a·cos(Δθ) and S(Δ) += b·sin(Δθ) for Δ = 0..last. The angle advances by one rotation per step
// (a complex multiplication) and is recomputed exactly every 256 steps, so the rounding carried along is
// at most ~256 steps' worth (≈ 6e−14), while the cost drops from a sin and a cos to four multiplications.
void add_pair_profile(double theta, double a, double b, long long last, std::vector<double>* C, std::vector<double>* S) {
    const double wc = std::cos(theta), ws = std::sin(theta);
    double c = 1.0, s = 0.0;
    for (long long delta = 0; delta <= last; ++delta) {
        if ((delta & 255) == 0) {
            c = std::cos(double(delta) * theta);
            s = std::sin(double(delta) * theta);
        }
        (*C)[size_t(delta)] += a * c;
        (*S)[size_t(delta)] += b * s;
        const double next_c = c * wc - s * ws;
        s = s * wc + c * ws;
        c = next_c;
    }
}

}  // namespace

std::vector<double> position_map_full_profile(const PositionMapSpec& s) {
    const long long last = s.L - 1;
    if (s.kind == PositionMapKind::alibi) {
        // position_map_value's products with the slope looked up once, not once per Δ: that lookup builds every
        // head's slopes, nearly all of the 35 ms this took at L = 65,536, which the row normalisers, the softmax's
        // colour scale and the map view's sums each paid.
        const double slope = position_map_alibi_slope(s);
        std::vector<double> f(size_t(2 * last + 1));
        for (long long delta = -last; delta <= last; ++delta)
            f[size_t(delta + last)] = s.mode == AlibiMode::causal && delta < 0 ? std::numeric_limits<double>::quiet_NaN()
                                                                               : -slope * double(std::llabs(delta));
        return f;
    }
    if (s.kind != PositionMapKind::rope && s.kind != PositionMapKind::sinusoidal) {
        std::vector<double> f;
        f.reserve(size_t(2 * last + 1));
        for (long long delta = -last; delta <= last; ++delta)  // cell (Δ, 0) or (0, −Δ): any cell of the diagonal
            f.push_back(delta >= 0 ? position_map_value(s, delta, 0) : position_map_value(s, 0, -delta));
        return f;
    }
    // f(±x) = C(x) ± S(x) with C = Σ a·cos(xθ), S = Σ b·sin(xθ) and x the formula's offset (rope: n − m =
    // −(i − j); sinusoidal: b = 0, so the sign does not matter): one pass over |x| serves both signs.
    // Index k = (i − j) + L − 1.
    const RopeTerms t = trig_terms(s);
    std::vector<double> C(size_t(last + 1), 0.0), S(size_t(last + 1), 0.0);
    for (size_t p = 0; p < t.a.size(); ++p) add_pair_profile(t.theta(Eigen::Index(p)), t.a[p], t.b[p], last, &C, &S);
    std::vector<double> f(size_t(2 * last + 1));
    for (long long x = 0; x <= last; ++x) {
        f[size_t(last - x)] = C[size_t(x)] + S[size_t(x)];  // i − j = −x
        f[size_t(last + x)] = C[size_t(x)] - S[size_t(x)];  // i − j = +x
    }
    return f;
}

std::vector<double> position_map_row_log_normalizers(const PositionMapSpec& s, const std::vector<double>* profile) {
    const long long L = s.L;
    const std::vector<double> computed = profile ? std::vector<double>() : position_map_full_profile(s);
    const std::vector<double>& f = profile ? *profile : computed;
    double M = -INFINITY;
    for (double x : f)
        if (!std::isnan(x)) M = std::max(M, x);
    // A segment tree of e_k = exp(f_k − M) (0 where masked): every row's window [i, i + L − 1] of Δ
    // indices is a sum of O(log L) node sums, all positive, so nothing cancels (a prefix-sum difference
    // could lose every digit when a row's terms are tiny next to the whole profile's).
    const size_t n = f.size();
    size_t size = 1;
    while (size < n) size <<= 1;
    std::vector<double> tree(2 * size, 0.0);
    for (size_t k = 0; k < n; ++k) tree[size + k] = std::isnan(f[k]) ? 0.0 : std::exp(f[k] - M);
    for (size_t k = size - 1; k >= 1; --k) tree[k] = tree[2 * k] + tree[2 * k + 1];
    std::vector<double> out(static_cast<size_t>(L));
    for (long long i = 0; i < L; ++i) {
        // Row i: j = 0..L−1 → i − j = i..i−L+1 → k = i − j + L − 1 ∈ [i, i + L − 1].
        size_t lo = size + size_t(i), hi = size + size_t(i + L);  // [lo, hi)
        double sum = 0.0;
        while (lo < hi) {
            if (lo & 1) sum += tree[lo++];
            if (hi & 1) sum += tree[--hi];
            lo >>= 1;
            hi >>= 1;
        }
        out[size_t(i)] = M + std::log(sum);
    }
    return out;
}

double position_map_shown_value(const PositionMapSpec& s, const std::vector<double>& log_norm, long long i, long long j) {
    const double v = position_map_value(s, i, j);
    if (!position_map_shows_softmax(s) || std::isnan(v) || size_t(i) >= log_norm.size()) return v;
    return std::exp(v - log_norm[size_t(i)]);
}

void position_map_range(const PositionMapSpec& s, double* lo, double* hi, const std::vector<double>* log_norm,
                        const std::vector<double>* profile) {
    const long long last = s.L - 1;
    std::vector<double> computed;  // the profile, when the caller has none (read by reference, never copied)
    auto full_profile = [&]() -> const std::vector<double>& {
        if (profile) return *profile;
        computed = position_map_full_profile(s);
        return computed;
    };
    if (position_map_shows_softmax(s) && log_norm && !log_norm->empty()) {
        // Probabilities: 0 up to a bound on the largest one, exp(max value − log Z_i) over the rows.
        const std::vector<double>& f = full_profile();
        double M = -INFINITY, best = 0.0;
        for (double x : f)
            if (!std::isnan(x)) M = std::max(M, x);
        for (double z : *log_norm) best = std::max(best, std::exp(M - z));
        *lo = 0.0;
        *hi = std::min(1.0, best);
        return;
    }
    switch (s.kind) {
    case PositionMapKind::alibi:
        *hi = 0.0;
        *lo = -position_map_alibi_slope(s) * double(last);
        return;
    case PositionMapKind::t5: {
        const PositionMapGpu g = position_map_gpu(s);
        *lo = 0.0;
        *hi = double(position_map_value_f32(g, 0, last));  // farthest key after the query: the top bucket used
        if (!s.bidirectional) *hi = double(position_map_value_f32(g, last, 0));
        return;
    }
    case PositionMapKind::shaw:
        *lo = double(std::max<long long>(0, s.clip - last));
        *hi = double(std::min<long long>(2LL * s.clip, s.clip + last));
        return;
    case PositionMapKind::sinusoidal:
        // |Σ cos| ≤ d/2 with equality on the diagonal: the symmetric scale is exact without a scan.
        *hi = double(s.d / 2);
        *lo = -*hi;
        return;
    case PositionMapKind::rope: {
        // The scale is symmetric: the largest |value| over every Δ, O(L·d).
        double m = 0.0;
        for (double x : full_profile()) m = std::max(m, std::fabs(x));
        *hi = m > 0 ? m : 1.0;
        *lo = -*hi;
        return;
    }
    }
}

// [SECTION] the view of a map ----------------------------------------------------------------------

std::shared_ptr<const PositionMapView> make_position_map_view(const PositionMapSpec& spec) {
    auto pm = std::make_shared<PositionMapView>();
    pm->spec = spec;
    const bool softmax = position_map_shows_softmax(spec);
    if (softmax || spec.kind == PositionMapKind::rope) pm->profile = position_map_full_profile(spec);
    const std::vector<double>* profile = pm->profile.empty() ? nullptr : &pm->profile;
    if (softmax) pm->log_norm = position_map_row_log_normalizers(spec, profile);
    pm->gpu = position_map_gpu(spec, &pm->log_norm);
    position_map_range(spec, &pm->lo, &pm->hi, &pm->log_norm, profile);
    pm->is_signed = !softmax && (spec.kind == PositionMapKind::sinusoidal || spec.kind == PositionMapKind::rope);
    return pm;
}

}  // namespace pelab
