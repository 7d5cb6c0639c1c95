// PE Lab — lessons/shaw/shaw_lesson.h
// Private to lesson "shaw" (this folder): the inputs, the one parameter table and the steps defined outside
// lesson.cpp (steps 8 and 9, Transformer-XL and DeBERTa, in steps_8_9.cpp).
// No display text here (the font subset scans .cpp files only).
//
// [SECTION] inputs and parameters
// [SECTION] steps defined in steps_8_9.cpp
#pragma once
#include "lessons/lesson.h"

namespace pelab {
namespace shaw_lesson {

// [SECTION] inputs and parameters
struct Inputs {
    int L = 0, k = 0, d = 0, seed = 0, i = 0, j = 0;
    bool tutorial = false;
    int d_model = 0;                      // Transformer-XL: width of the sinusoid R of the relative distance
    int bucket_size = 0, max_position = 0;  // DeBERTa: position_buckets and max_relative_positions
};

const ParamTable<Inputs>& params();
// Every value through the table; the inspected pair (i, j) stays inside the sequence.
Inputs read_inputs(const ParamSet& p);

// [SECTION] steps defined in steps_8_9.cpp
Step transformer_xl_terms();
Step deberta_disentangled();

}  // namespace shaw_lesson
}  // namespace pelab
