// PE Lab — views/colormap.cpp
// Control points: a viridis-like sequential ramp and a blue–white–red diverging ramp
// (after ColorBrewer RdBu), chosen for colour-blind safety and legible text on every cell.
#include "views/colormap.h"

#include <algorithm>
#include <cmath>

namespace pelab {

static const float kSequential[][3] = {
    {0.267f, 0.005f, 0.329f}, {0.283f, 0.141f, 0.458f}, {0.254f, 0.265f, 0.530f},
    {0.207f, 0.372f, 0.553f}, {0.164f, 0.471f, 0.558f}, {0.128f, 0.567f, 0.551f},
    {0.135f, 0.659f, 0.518f}, {0.267f, 0.749f, 0.441f}, {0.478f, 0.821f, 0.318f},
    {0.741f, 0.873f, 0.150f}, {0.993f, 0.906f, 0.144f},
};

static const float kDiverging[][3] = {
    {0.020f, 0.188f, 0.380f}, {0.129f, 0.400f, 0.675f}, {0.263f, 0.576f, 0.765f},
    {0.573f, 0.773f, 0.871f}, {0.820f, 0.898f, 0.941f}, {0.969f, 0.969f, 0.969f},
    {0.992f, 0.859f, 0.780f}, {0.957f, 0.647f, 0.510f}, {0.839f, 0.376f, 0.302f},
    {0.698f, 0.094f, 0.169f}, {0.404f, 0.000f, 0.122f},
};

ColormapTable colormap_table(Colormap map) {
    if (map == Colormap::Diverging) return {kDiverging, int(sizeof(kDiverging) / sizeof(kDiverging[0]))};
    return {kSequential, int(sizeof(kSequential) / sizeof(kSequential[0]))};
}

void colormap_rgb(Colormap map, float t, float out_rgb[3]) {
    const ColormapTable table = colormap_table(map);
    t = std::clamp(std::isfinite(t) ? t : 0.5f, 0.0f, 1.0f);
    const float x = t * float(table.count - 1);
    const int i = std::min(int(x), table.count - 2);
    const float f = x - float(i);
    for (int c = 0; c < 3; ++c) out_rgb[c] = table.rgb[i][c] + (table.rgb[i + 1][c] - table.rgb[i][c]) * f;
}

float colormap_t(Colormap map, double value, double range_min, double range_max) {
    if (map == Colormap::Diverging) {
        const double r = std::max(std::fabs(range_min), std::fabs(range_max));
        return r > 0 ? float(0.5 + 0.5 * value / r) : 0.5f;
    }
    const double span = range_max - range_min;
    return span > 0 ? float((value - range_min) / span) : 0.5f;
}

}  // namespace pelab
