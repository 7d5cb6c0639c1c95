// PE Lab — lessons/long_context/long_context.h
// Private header of the lesson "long-context" (src/lessons/long_context/*.cpp): the Inputs every step
// reads through the lesson's one parameter table, the computations several steps share, and the steps.
// No display text here (the font subset scans .cpp files only).
//
// [SECTION] inputs and the parameter table
// [SECTION] shared computations
// [SECTION] steps
#pragma once
#include <Eigen/Dense>
#include <string>
#include <utility>
#include <vector>

#include "core/alibi.h"
#include "core/rope_scaling.h"
#include "lessons/lesson.h"
#include "lessons/param_table.h"

namespace pelab {
namespace long_context {

// [SECTION] inputs and the parameter table
struct Inputs {
    int d = 0;             // rotary dimension (d/2 pairs)
    double base = 0;       // frequency base
    int L = 0;             // training length (key original_max)
    double factor = 0;     // extension factor s
    int seq_len = 0;       // evaluated sequence length
    double beta_fast = 0, beta_slow = 0, low_ff = 0, high_ff = 0;
    int heads = 0, alibi_L = 0, head = 0;  // ALiBi: heads, positions shown (key L), head shown in detail
    std::string mode;      // ALiBi: causal | symmetric
    int seed = 0;          // random seed of the random queries and keys
    int position = 0;      // p: where the odometer's needles point
    std::string scaling_name;  // the scaling whose frequencies the odometer draws as second needles
    int clip = 0, num_buckets = 0, max_distance = 0;  // the closing comparison: Shaw's k, T5's buckets
    RopeScaling scaling() const;
    AlibiMode alibi_mode() const;
};

const ParamTable<Inputs>& params();
// The table's values, with the detailed head kept below the head count.
Inputs read_inputs(const ParamSet& p);

// [SECTION] shared computations
RopeScalingResult scaled(const Inputs& in, RopeScaling kind);
const std::vector<RopeScaling>& all_scalings();
std::string scaling_label(RopeScaling s, Lang lang);
std::string pair_label(int i, Lang lang);
std::vector<double> ratio_series(const Eigen::VectorXd& scaled_freq, const Eigen::VectorXd& base_freq);
// The ends of YaRN's correction range as vertical lines over the pair axis (pairs 0 … pairs − 1).
void mark_yarn_range(CurveView& curve, const std::pair<double, double>& range, int pairs);

// [SECTION] steps (in lesson order)
Step phase_wrap();              // phase_wrap.cpp
Step base_effect();             // base_effect.cpp
Step alibi_penalty();           // alibi.cpp
Step position_interpolation();  // position_interpolation.cpp
Step ntk_aware();               // ntk_aware.cpp
Step dynamic_ntk();             // dynamic_ntk.cpp
Step yarn_and_llama3();         // yarn_llama3.cpp
Step side_by_side();            // scale_factors.cpp
Step diagnosis();               // diagnosis.cpp
Step six_methods();             // six_methods.cpp

}  // namespace long_context
}  // namespace pelab
