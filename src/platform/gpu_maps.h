// PE Lab — platform/gpu_maps.h
// Batch uses of the position-map shader shared by the desktop and web builds (gpu_maps.cpp): the GPU
// tile check against the core, PNG figures of a map, and frame times.
#pragma once
#include <string>
#include <vector>

#include "core/maps/position_map.h"
#include "platform/gl_heatmap.h"

namespace pelab {

// Renders tiles at several (map, L, zoom, offset) settings, reads the float values back and compares each
// pixel with the core's double reference at the cell under its centre, within position_map_tolerance.
// Returns a JSON array, one object per tile: case (a unique name: map, then view), ok, side (pixels per
// side of the square tile), pixels (how many were compared: side² unless a mask disagreed), max_abs_error,
// tolerance, mask_mismatches. *all_ok is false when any tile fails or cannot be rendered. The suites
// (tests/desktop/run.sh, tests/browser/posmap.test.mjs) hold their own list of the expected tile names.
std::string position_map_tile_check(GlMatrixPainter* painter, bool* all_ok);
// PNG of `window` (first column, first row, columns, rows) of the map, width×height pixels, coloured as on
// screen; `range` receives the colour scale used (lo, hi).
bool position_map_png(GlMatrixPainter* painter, const PositionMapSpec& spec, const double window[4], int width, int height,
                      std::string* png, double range[2], std::string* error);
// Milliseconds per frame of the whole map drawn into a width×height target (waiting for the GPU each time).
std::vector<double> position_map_frame_times(GlMatrixPainter* painter, const PositionMapSpec& spec, int width, int height,
                                             int frames, std::string* error);

// Milliseconds of the map view's one-off refinement when it settles with filter=box: the core's
// box-filtered image of the whole map at pixels×pixels (the map's prefix sums included, as after a parameter
// change) and its upload as a texture (waiting for the GPU). −1 when the window covers less than a cell per pixel.
double position_map_box_refine_ms(GlMatrixPainter* painter, const PositionMapSpec& spec, int pixels);

}  // namespace pelab
