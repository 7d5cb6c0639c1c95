// PE Lab — shaders/heatmap.vert
// One screen-aligned quad per heatmap (or legend), generated from gl_VertexID: no vertex buffer.
// The platform prepends "#version 300 es" (WebGL2) or "#version 330 core" (desktop GL 3.3);
// everything below is valid in both dialects.

uniform vec4 u_rect;    // quad corners in normalised device coordinates: (x_left, y_top, x_right, y_bottom)
uniform vec4 u_window;  // visible part of the matrix (u0, v0, u1, v1): zoom and pan; (0,0,1,1) = all

out vec2 v_uv;          // matrix coordinates: (0,0) at the top-left cell's corner, (1,1) at the bottom-right

void main() {
    // Triangle strip order: (0,0) (1,0) (0,1) (1,1)
    vec2 corner = vec2(float(gl_VertexID & 1), float((gl_VertexID >> 1) & 1));
    v_uv = mix(u_window.xy, u_window.zw, corner);
    gl_Position = vec4(mix(u_rect.x, u_rect.z, corner.x), mix(u_rect.y, u_rect.w, corner.y), 0.0, 1.0);
}
