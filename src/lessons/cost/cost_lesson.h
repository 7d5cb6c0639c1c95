// PE Lab — lessons/cost/cost_lesson.h
// Private to lesson "cost" (this folder): the inputs and the parameter table, the labels and measurements
// several steps share, and one function per step (each in the file named for its id). No display text here
// (the font subset scans .cpp files only).
//
// [SECTION] inputs and parameters
// [SECTION] labels and measurements
// [SECTION] the families of the guide (lesson.cpp)
// [SECTION] the steps, in lesson order
#pragma once
#include <string>
#include <vector>

#include "core/cost/cost.h"
#include "lessons/lesson.h"

namespace pelab {
namespace cost_lesson {

// [SECTION] inputs and parameters
struct Inputs {
    int N = 0, d = 0, heads = 0, num_buckets = 0;
    int trial = 0;  // the re-run counter: part of a measurement's key, so that changing it measures again
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
// One timed measurement per method at the learner's N and d, kept for these inputs (N, d, heads, num_buckets,
// trial): every step and takeaway that shows them reads the same run, and changing re-run measures again.
std::vector<CostMeasurement> measure_all(const Inputs& in);
// How the work of a method's position part grows: 0 as N·d (adding a table, rotating Q and K), 1 as N² (a
// bias on every score). The colour groups of the bars of measured-time and one-new-token, in legend order.
int work_group(PositionMethod m);
std::vector<std::string> work_group_labels(Lang lang);
// The numbers one new token's position part touches per head with N − 1 tokens cached (one_new_token.cpp).
double new_token_items(PositionMethod m, const Inputs& in);

// [SECTION] the families of the guide (lesson.cpp)
// The properties in the guide (decision-guide, measured-properties) are measured too, on a small model of
// each family with Lt = 16 trained positions: the score term at position Lt (NaN when the method has no
// parameter there) and how far the Lt×Lt position-score matrix is from Toeplitz (0 = shift-invariant).
constexpr int kTrainedPositions = 16;  // Lt
// Scores this close to Toeplitz (toeplitz_residual, relative) count as shift-invariant: rounding, not structure.
constexpr double kShiftInvariantTolerance = 1e-9;

struct FamilyProbe {
    double beyond = 0.0;    // value at position Lt, NaN if none
    double residual = 0.0;  // toeplitz_residual of the position scores
};

// One probe per row of the guide, in this order.
enum Family { learned_absolute, sinusoidal, learned_full_bias, t5_relative, alibi, rope, family_count };

std::vector<FamilyProbe> probe_families(const CostModel& model);
// A family's name in the guide, and the method whose measured cost stands for it.
std::string family_label(int family, Lang lang);
std::string family_short_label(int family, Lang lang);  // in a takeaway: T5, ALiBi, RoPE; the others as above
PositionMethod family_cost(int family);

// Every method timed at up to eight sizes from N/8 to N (growth-with-n's curve, growth-table's table):
// sizes[r], and micros(r, method) in µs. Kept for these inputs as measure_all's runs are.
struct GrowthTimes {
    std::vector<int> sizes;
    Eigen::MatrixXd micros;
};
GrowthTimes measure_growth(const Inputs& in);
GrowthTimes measure_growth_now(const Inputs& in);  // one new run (growth_with_n.cpp), what measure_growth keeps
// A method's growth over the sizes of measure_growth, last time over first (0 when the first read 0).
double growth_ratio(const GrowthTimes& g, PositionMethod m);
// A method's short name, a column header of the wide timing table.
std::string method_short_label(PositionMethod m, Lang lang);

// [SECTION] the steps, in lesson order
Step what_is_stored();
Step storage_growth();
Step measured_time();
Step time_per_element();
Step one_new_token();
Step growth_with_n();
Step growth_table();
Step decision_guide();
Step measured_properties();
Step recap();  // recap.cpp

}  // namespace cost_lesson
}  // namespace pelab
