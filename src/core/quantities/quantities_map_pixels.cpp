// PE Lab — core/quantities/quantities_map_pixels.cpp
// Registry entry `map_pixels`, appended to quantity_registry() in quantity.cpp: the N×N image of a
// square window of a long-sequence position map, each pixel the box-filtered mean of the cells it covers (or the
// cell under its centre: filter=point, or pixels smaller than a cell), in double — the reference the map view's
// uploaded image and the GPU check are compared with. Keys: the map page's (position_map_param_specs, with
// filter=box|point) plus window=COL,ROW,SPAN (cells; span 0, the default, is the whole map) and pixels=N.
//
// [SECTION] parameter specs and rules
// [SECTION] compute
// [SECTION] registry entry
#include <string>
#include <vector>

#include "core/maps/position_map.h"
#include "core/maps/position_map_filter.h"
#include "core/quantities/quantity.h"

namespace pelab {

namespace {

// [SECTION] parameter specs and rules

std::vector<ParamSpec> map_pixels_specs() {
    std::vector<ParamSpec> specs = position_map_param_specs();
    ParamSpec window = make_spec("window", ParamKind::RealList, 0, kPositionMapMaxL, "0,0,0",
                                 "COL,ROW,SPAN: first column, first row and cells per side (fractional; span 0 = the whole map)");
    window.list_min = window.list_max = 3;
    specs.push_back(window);
    specs.push_back(int_spec("pixels", 1, kMapPixelsMax, "64", "pixels per side of the image"));
    return specs;
}

// The window the keys ask for: span 0 is the whole map.
MapCellWindow window_of(const ParamSet& p) {
    const std::vector<double>& w = p.getv("window");
    const int L = position_map_from_params(p).L;
    if (w.size() != 3 || w[2] == 0) return {0, 0, double(L)};
    return {w[0], w[1], w[2]};
}

// The window must lie inside the L×L map.
std::vector<ParamIssue> validate_map_pixels(const ParamSet& p) {
    const int L = position_map_from_params(p).L;
    std::string why;
    if (!map_window_valid(L, window_of(p), &why)) return {{"window", "window: " + why}};
    return {};
}

// [SECTION] compute

QuantityResult compute_map_pixels(const ParamSet& p) {
    const PositionMapSpec s = position_map_from_params(p);
    const int n = p.geti("pixels");
    QuantityResult r;
    r.shape = {n, n};
    r.data = position_map_pixels(s, window_of(p), n, s.filter);
    return r;
}

}  // namespace

// [SECTION] registry entry
std::vector<Quantity> quantities_map_pixels() {
    return {{"map_pixels",
             "pixels x pixels image of a position map's window (rows: query i), each pixel the mean of the cells it covers "
             "(filter=box, partly covered cells weighted by the part inside, masked cells left out; null when all are "
             "masked) or the cell under its centre (filter=point, or pixels smaller than a cell); double precision",
             map_pixels_specs(), compute_map_pixels,
             [](const ParamSet& p) { return std::vector<long long>{p.geti("pixels"), p.geti("pixels")}; },
             validate_map_pixels}};
}

}  // namespace pelab
