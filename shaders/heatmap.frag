// PE Lab — shaders/heatmap.frag
// Colours a matrix of values. Texture layout: RG32F, width = columns, height = rows, row 0 first;
// R = value, G = 1 for a missing cell (e.g. a position with no learned row). texelFetch reads the
// exact cell, so no filtering of float textures (an optional WebGL2 extension) is ever needed.
// The platform prepends the version line, the colour-map tables and shaders/colormap.glsl.

uniform sampler2D u_values;
uniform vec2 u_range;   // (min, max) of the colour scale; diverging maps are symmetric around 0
uniform int u_map;      // 0 = sequential, 1 = diverging
uniform int u_ramp;     // 1 = draw the legend ramp (bottom = min, top = max) instead of the texture

in vec2 v_uv;
out vec4 frag_color;

void main() {
    float value;
    if (u_ramp == 1) {
        value = mix(u_range.y, u_range.x, v_uv.y);  // legends are never zoomed: window = (0,0,1,1)
    } else {
        ivec2 size = textureSize(u_values, 0);
        ivec2 cell = clamp(ivec2(v_uv * vec2(size)), ivec2(0), size - 1);
        vec2 texel = texelFetch(u_values, cell, 0).rg;
        if (texel.g > 0.5) {
            frag_color = vec4(hatched(), 1.0);  // missing cell
            return;
        }
        value = texel.r;
    }
    frag_color = vec4(colour_of(value, u_range, u_map), 1.0);
}
