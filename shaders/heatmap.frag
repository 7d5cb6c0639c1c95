// PE Lab — shaders/heatmap.frag
// Colours a matrix of values. Texture layout: RG32F, width = columns, height = rows, row 0 first;
// R = value, G = 1 for a missing cell (e.g. a position with no learned row). texelFetch reads the
// exact cell, so no filtering of float textures (an optional WebGL2 extension) is ever needed.
// The platform prepends the version line and the colour-map tables generated from
// views/colormap.cpp:  const int SEQ_N; const vec3 SEQ[SEQ_N]; const int DIV_N; const vec3 DIV[DIV_N];

uniform sampler2D u_values;
uniform vec2 u_range;   // (min, max) of the colour scale; diverging maps are symmetric around 0
uniform int u_map;      // 0 = sequential, 1 = diverging
uniform int u_ramp;     // 1 = draw the legend ramp (bottom = min, top = max) instead of the texture

in vec2 v_uv;
out vec4 frag_color;

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

void main() {
    float value;
    if (u_ramp == 1) {
        value = mix(u_range.y, u_range.x, v_uv.y);  // legends are never zoomed: window = (0,0,1,1)
    } else {
        ivec2 size = textureSize(u_values, 0);
        ivec2 cell = clamp(ivec2(v_uv * vec2(size)), ivec2(0), size - 1);
        vec2 texel = texelFetch(u_values, cell, 0).rg;
        if (texel.g > 0.5) {
            // Missing cell: light grey with diagonal hatching, clearly "no data" rather than a value.
            float stripe = mod(floor((gl_FragCoord.x + gl_FragCoord.y) / 6.0), 2.0);
            frag_color = vec4(mix(vec3(0.86), vec3(0.74), stripe), 1.0);
            return;
        }
        value = texel.r;
    }
    vec3 rgb;
    if (u_map == 1) {
        float r = max(max(abs(u_range.x), abs(u_range.y)), 1e-30);
        rgb = diverging(0.5 + 0.5 * value / r);
    } else {
        float span = u_range.y - u_range.x;
        rgb = sequential(span > 0.0 ? (value - u_range.x) / span : 0.5);
    }
    frag_color = vec4(rgb, 1.0);
}
