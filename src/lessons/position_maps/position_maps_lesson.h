// PE Lab — lessons/position_maps/position_maps_lesson.h
// Private to the long-sequence page "position-maps" (this folder): the inputs, the one parameter table, the map
// they describe, which keys each map shows, and the four steps, each defined with its views in the file named
// for its id (whole_map.cpp, aliasing.cpp, float32_precision.cpp, distance_profile.cpp).
// No display text here (the font subset scans .cpp files only).
//
// [SECTION] inputs and parameters
// [SECTION] which parameters each map shows
// [SECTION] the steps, in lesson order
#pragma once
#include <string>
#include <vector>

#include "core/maps/position_map.h"
#include "lessons/lesson.h"
#include "lessons/param_table.h"

namespace pelab {
namespace position_maps_lesson {

// [SECTION] inputs and parameters
struct Inputs {
    std::string map, variant, layout, scaling, content, mode, preset, filter;
    int L = 0, d = 0, original_max = 0, seed = 0, heads = 0, head = 0, num_buckets = 0, max_distance = 0, clip = 0;
    double base = 0, factor = 0, beta_fast = 0, beta_slow = 0, low_freq_factor = 0, high_freq_factor = 0, mscale = 0,
           mscale_all_dim = 0;
    bool bidirectional = false, softmax = false;
};


// In URL order (to_query writes the keys in this order).
const ParamTable<Inputs>& params();
// The map the parameters describe (RoPE keeps at most 256 dimensions; the head lies among the heads).
PositionMapSpec spec_from(const ParamSet& p);

// [SECTION] which parameters each map shows
std::vector<std::string> keys_for(const ParamSet& p);  // the keys the chosen map shows (Step::params_for)
std::vector<std::string> all_keys();                   // every key of the table (Step::params)

// [SECTION] the steps, in lesson order
Step whole_map();               // whole_map.cpp
Step aliasing();                // aliasing.cpp
Step float32_at_65536();        // float32_precision.cpp
Step profile_along_distance();  // distance_profile.cpp

}  // namespace position_maps_lesson
}  // namespace pelab
