// PE Lab — views/gpu.h
// The GPU services the views need: colour a float matrix with the colour-map shader, and evaluate a
// long-sequence position map per pixel (shaders/posmap.frag).
// Views call it; the platform layer implements it (platform/gl_heatmap.cpp), so no GL
// header is ever included above the platform layer.
#pragma once
#include <cstdint>

#include "core/maps/position_map.h"
#include "imgui.h"
#include "views/colormap.h"

namespace pelab {

class MatrixPainter {
public:
    virtual ~MatrixPainter() = default;
    // Makes `slot` hold a rows×cols float texture of `row_major` (NaN = missing cell). The upload is
    // skipped when the slot already holds `version` of the data.
    virtual void upload(int slot, uint64_t version, const float* row_major, int rows, int cols) = 0;
    // Queues a textured quad covering [p0, p1] in `draw_list`, coloured by `map` over
    // [range_min, range_max]. With `legend_ramp` the quad shows the colour ramp itself
    // (bottom = range_min, top = range_max) instead of the slot's texture.
    // `window` (u0, v0, u1, v1) selects the part of the matrix shown (zoom and pan); null = all of it.
    virtual void paint(ImDrawList* draw_list, int slot, ImVec2 p0, ImVec2 p1, Colormap map, float range_min,
                       float range_max, bool legend_ramp, const float* window = nullptr) = 0;
    // Queues the position map `map` evaluated per pixel over [p0, p1]. `window` = (first column, first row,
    // columns, rows) in cells, fractional: the visible part of the L×L map. The map's data is uploaded to
    // `slot` when `version` changes. Returns false when the GPU cannot draw it (the view says so).
    virtual bool paint_position_map(ImDrawList* draw_list, int slot, uint64_t version, const PositionMapGpu& map, ImVec2 p0,
                                    ImVec2 p1, const double window[4], Colormap colormap, float range_min, float range_max) = 0;
    // Called once per frame before the views draw (paint records live until the frame is rendered).
    virtual void begin_frame() = 0;
};

}  // namespace pelab
