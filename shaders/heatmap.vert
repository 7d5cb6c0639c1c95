// PE Lab — shaders/heatmap.vert
// One screen-aligned quad per heatmap (or legend), generated from gl_VertexID: no vertex buffer.
// The platform prepends "#version 300 es" (WebGL2) or "#version 330 core" (desktop GL 3.3);
// everything below is valid in both dialects.

uniform vec4 u_rect;  // quad corners in normalised device coordinates: (x_left, y_top, x_right, y_bottom)

out vec2 v_uv;        // (0,0) at the top-left cell, (1,1) at the bottom-right

void main() {
    // Triangle strip order: (0,0) (1,0) (0,1) (1,1)
    vec2 corner = vec2(float(gl_VertexID & 1), float((gl_VertexID >> 1) & 1));
    v_uv = corner;
    gl_Position = vec4(mix(u_rect.x, u_rect.z, corner.x), mix(u_rect.y, u_rect.w, corner.y), 0.0, 1.0);
}
