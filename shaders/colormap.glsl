// PE Lab — shaders/colormap.glsl
// The colour ramps shared by heatmap.frag and posmap.frag (prepended to both, after the tables).
// The platform first prepends the version line and the tables generated from views/colormap.cpp:
//   const int SEQ_N; const vec3 SEQ[SEQ_N]; const int DIV_N; const vec3 DIV[DIV_N];

vec3 sequential(float t) {
    float x = clamp(t, 0.0, 1.0) * float(SEQ_N - 1);
    int i = min(int(x), SEQ_N - 2);
    return mix(SEQ[i], SEQ[i + 1], x - float(i));
}

vec3 diverging(float t) {
    float x = clamp(t, 0.0, 1.0) * float(DIV_N - 1);
    int i = min(int(x), DIV_N - 2);
    return mix(DIV[i], DIV[i + 1], x - float(i));
}

// map 1: diverging, symmetric around 0 over ±max(|min|, |max|); map 0: sequential over [min, max].
vec3 colour_of(float value, vec2 range, int map) {
    if (map == 1) {
        float r = max(max(abs(range.x), abs(range.y)), 1e-30);
        return diverging(0.5 + 0.5 * value / r);
    }
    float span = range.y - range.x;
    return sequential(span > 0.0 ? (value - range.x) / span : 0.5);
}

// A missing or masked cell: light grey with diagonal hatching, clearly "no value" rather than a value.
vec3 hatched() {
    float stripe = mod(floor((gl_FragCoord.x + gl_FragCoord.y) / 6.0), 2.0);
    return mix(vec3(0.86), vec3(0.74), stripe);
}
