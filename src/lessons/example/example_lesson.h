// PE Lab — lessons/example/example_lesson.h
// Private to lesson "example" (this folder): the inputs, the one parameter table and the steps, each defined
// with its views in the file named for its id (distance_matrix.cpp … long_sequence_map.cpp, recap.cpp).
// No display text here (the font subset scans .cpp files only).
//
// [SECTION] inputs and parameters
// [SECTION] the steps, in lesson order
#pragma once
#include "lessons/lesson.h"
#include "lessons/param_table.h"

namespace pelab {
namespace example_lesson {

// [SECTION] inputs and parameters
struct Inputs {
    int L = 0;
    bool diagonal = false;
    int q = 0, k = 0, shift = 0;  // distance-as-angle: the two positions and how far both move
    double theta = 0;             // distance-as-angle: radians turned per position
    int d = 0;                    // every-pair-a-dial: dimension (d/2 frequency pairs)
    double base = 0;
    int train_length = 0, p = 0;  // every-pair-a-dial: training length and the position the needles show
    int n = 0;                    // long-sequence-map: the positions the map draws
};

// One table: key, range, default, help, the field it fills (lesson.cpp).
const ParamTable<Inputs>& params();
// The values through the table (clamped, defaulted): what every step's views and questions start from.
Inputs read_inputs(const ParamSet& p);

// [SECTION] the steps, in lesson order
Step distance_matrix();     // distance_matrix.cpp
Step pairs_per_distance();  // pairs_per_distance.cpp
Step distance_as_angle();   // distance_as_angle.cpp
Step every_pair_a_dial();   // every_pair_a_dial.cpp
Step long_sequence_map();   // long_sequence_map.cpp
Step recap();               // recap.cpp: the lesson's claims side by side (every lesson ends with one)

}  // namespace example_lesson
}  // namespace pelab
