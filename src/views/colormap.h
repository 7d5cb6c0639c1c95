// PE Lab — views/colormap.h
// The two colour maps, as control points shared by the GLSL shader and the CPU side.
// The shader source is prefixed at run time with these very tables (platform/gl_heatmap.cpp),
// so the GPU colours, the legend and the CPU's choice of cell-text colour never drift apart.
#pragma once

namespace pelab {

enum class Colormap { Sequential = 0, Diverging = 1 };

struct ColormapTable {
    const float (*rgb)[3];  // control points, evenly spaced over t in [0, 1]
    int count;
};

ColormapTable colormap_table(Colormap map);

// t in [0, 1] (Diverging: 0.5 is zero). Piecewise-linear between control points, like the shader.
void colormap_rgb(Colormap map, float t, float out_rgb[3]);

// Maps a value to t in [0,1] the way the shader does: Diverging is symmetric around 0 with
// |v| <= range_max; Sequential spans [range_min, range_max].
float colormap_t(Colormap map, double value, double range_min, double range_max);

}  // namespace pelab
