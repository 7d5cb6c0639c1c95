// PE Lab — shaders/posmap.frag
// Long-sequence position maps evaluated per pixel (L up to 65,536): each fragment finds the cell
// (query row i, key column j) under it and computes the map's value there, so only the visible window
// costs anything and no L×L texture ever exists. The same body serves GLSL ES 3.00 (WebGL2) and 3.30.
// The platform prepends the version line, the colour-map tables and shaders/colormap.glsl.
// Values follow core/maps/position_map.cpp, whose position_map_value_f32 repeats this arithmetic in C++;
// the precision contract is stated in core/maps/position_map.h:
//   * the phase Δ·θ/2π is reduced mod 1 in exact 32-bit integer arithmetic from a 64-bit fixed-point
//     θ/2π, so it is exact to 2^-32 turn at any |Δ| < 2^16 (float32 Δ·θ would be off by up to 2^-8 rad);
//   * sin/cos come from an integer octant reduction and polynomials on [-π/4, π/4], never from the
//     driver's sin/cos (GLSL promises only 2^-11 absolute error for those).

uniform highp usampler2D u_data;  // RGBA32UI, one row: pairs (hi, lo, bits(a), bits(b)), then T5 edges (.x)
uniform ivec2 u_origin;           // (column, row) of the cell at local coordinates (0, 0)
uniform int u_kind;               // 0 sinusoidal, 1 rope, 2 alibi, 3 t5, 4 shaw
uniform int u_L;
uniform int u_delta_sign;         // Δ = sign·(j − i)
uniform int u_pair_count;
uniform int u_edge_count;
uniform float u_alibi_slope;
uniform int u_alibi_causal;
uniform int u_t5_bidirectional;
uniform int u_t5_half;
uniform int u_shaw_clip;
uniform vec2 u_range;             // colour scale
uniform int u_map;                // 0 sequential, 1 diverging
uniform int u_raw;                // 1: write (value, masked, 0, 1) for read-back tests instead of a colour
uniform sampler2D u_lognorm;      // R32F, 256 texels wide: log Z_i of row i at (i % 256, i / 256)
uniform int u_softmax;            // 1: show the row softmax exp(value − log Z_i) (the reduction is the core's)

in vec2 v_uv;                     // local cell coordinates (heatmap.vert's window, relative to u_origin)
out vec4 frag_color;

// Δ·(hi + lo·2^-32) mod 2^32 for |Δ| < 2^16: the low word of |Δ|·hi plus the high word of |Δ|·lo,
// the latter from 16-bit halves so that no product needs more than 32 bits (no umulExtended in ES 3.00).
uint phase_of(uvec2 turns, int delta) {
    uint ad = uint(abs(delta));
    uint carry = (ad * (turns.y >> 16u) + ((ad * (turns.y & 0xFFFFu)) >> 16u)) >> 16u;
    uint phase = ad * turns.x + carry;
    return delta < 0 ? 0u - phase : phase;
}

// (sin, cos) of 2π·phase/2^32: nearest quarter turn in integers, remainder r ∈ [-1/8, 1/8) turn.
vec2 sincos_turns(uint phase) {
    uint quadrant = (phase + 0x20000000u) >> 30u;
    uint r = phase - (quadrant << 30u);
    float x = (r < 0x80000000u ? float(r) : -float(0u - r)) * 1.46291807926715968e-9;  // 2π / 2^32
    float x2 = x * x;
    float s = x + x * x2 * (-1.0 / 6.0 + x2 * (1.0 / 120.0 + x2 * (-1.0 / 5040.0 + x2 * (1.0 / 362880.0))));
    float c = 1.0 + x2 * (-0.5 + x2 * (1.0 / 24.0 + x2 * (-1.0 / 720.0 + x2 * (1.0 / 40320.0))));
    if (quadrant == 0u) return vec2(s, c);
    if (quadrant == 1u) return vec2(c, -s);
    if (quadrant == 2u) return vec2(-s, -c);
    return vec2(-c, s);
}

// The map's value at (row i, column j); masked = true for ALiBi's future keys (causal).
float map_value(int i, int j, out bool masked) {
    masked = false;
    int delta = u_delta_sign * (j - i);
    if (u_kind <= 1) {  // sinusoidal Gram and RoPE score: Σ a·cos(Δθ) + b·sin(Δθ)
        float sum = 0.0;
        for (int p = 0; p < u_pair_count; ++p) {
            uvec4 pair = texelFetch(u_data, ivec2(p, 0), 0);
            vec2 sc = sincos_turns(phase_of(pair.xy, delta));
            sum += uintBitsToFloat(pair.z) * sc.y + uintBitsToFloat(pair.w) * sc.x;
        }
        return sum;
    }
    if (u_kind == 2) {  // ALiBi: −slope·(i − j), masked above the diagonal when causal
        if (u_alibi_causal == 1 && delta < 0) {
            masked = true;
            return 0.0;
        }
        return -u_alibi_slope * float(u_alibi_causal == 1 ? delta : abs(delta));
    }
    if (u_kind == 3) {  // T5: offset of the half plus the number of bucket edges at or below n
        int offset = 0;
        int n;
        if (u_t5_bidirectional == 1) {
            offset = delta > 0 ? u_t5_half : 0;
            n = abs(delta);
        } else {
            n = max(-delta, 0);
        }
        int bucket = 0;
        for (int e = 0; e < u_edge_count; ++e) bucket += n >= int(texelFetch(u_data, ivec2(u_pair_count + e, 0), 0).x) ? 1 : 0;
        return float(offset + bucket);
    }
    return float(clamp(delta, -u_shaw_clip, u_shaw_clip) + u_shaw_clip);  // Shaw: clip(j − i, −k, k) + k
}

void main() {
    ivec2 local = ivec2(floor(v_uv));
    int j = u_origin.x + local.x;
    int i = u_origin.y + local.y;
    if (i < 0 || j < 0 || i >= u_L || j >= u_L) {
        frag_color = u_raw == 1 ? vec4(0.0, 1.0, 0.0, 1.0) : vec4(hatched(), 1.0);
        return;
    }
    bool masked;
    float value = map_value(i, j, masked);
    if (u_softmax == 1 && !masked) value = exp(value - texelFetch(u_lognorm, ivec2(i & 255, i >> 8), 0).r);
    if (u_raw == 1) {
        frag_color = vec4(value, masked ? 1.0 : 0.0, 0.0, 1.0);
        return;
    }
    frag_color = vec4(masked ? hatched() : colour_of(value, u_range, u_map), 1.0);
}
