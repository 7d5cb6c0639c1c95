// PE Lab — lessons/cost/cost_lesson.h
// Private to lesson "cost" (this folder): the inputs and the parameter table, the labels and measurements
// several steps share, and one function per step (each in the file named for its id). No display text here
// (the font subset scans .cpp files only).
//
// [SECTION] inputs and parameters
// [SECTION] labels and measurements
// [SECTION] the steps, in lesson order
#pragma once
#include <string>
#include <vector>

#include "core/cost.h"
#include "lessons/lesson.h"

namespace pelab {
namespace cost_lesson {

// [SECTION] inputs and parameters
struct Inputs {
    int N = 0, d = 0, heads = 0, num_buckets = 0;
};

// The lesson's one parameter table (lesson.cpp).
const ParamTable<Inputs>& params();
// The lesson's inputs from a parameter set (clamped, defaulted): what every step's views start from.
Inputs read_inputs(const ParamSet& p);

// [SECTION] labels and measurements
// A method's name in the tables and legends, and the caption of the column of methods.
std::string method_label(PositionMethod m, Lang lang);
std::string method_caption(Lang lang);
// The heads and T5 buckets of the model around the position part (max_distance: T5's 128, CostModel's default).
CostModel cost_model(const Inputs& in);
int method_count();
// A timed sample lasts at least this many ticks of the clock, so that its reading is within a tenth: in a
// browser (a tick of 100 µs) one application of a small position part would read 0 or 1 tick.
constexpr double kTicksPerSample = 10;
double min_sample_seconds();
// One timed measurement per method at the learner's N and d.
std::vector<CostMeasurement> measure_all(const Inputs& in);

// [SECTION] the steps, in lesson order
Step what_is_stored();
Step measured_time();
Step growth_with_n();
Step decision_guide();

}  // namespace cost_lesson
}  // namespace pelab
