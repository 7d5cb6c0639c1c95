// PE Lab — lessons/long_context/long_context.h
// Private header of the lesson "long-context" (src/lessons/long_context/*.cpp): the Inputs every step
// reads through the lesson's one parameter table, the computations several steps share, and the steps. The pair
// helpers and the odometer come from the lesson before it, "beyond-training", which holds what meets a model
// past L.
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

#include "core/rope/rope_scaling.h"
#include "lessons/beyond_training/beyond_training.h"
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
    int seed = 0;          // random seed of the random queries and keys
    int position = 0;      // p: where the odometer's needles point
    std::string scaling_name;  // the scaling whose frequencies the odometer draws as second needles
    RopeScaling scaling() const;
};

const ParamTable<Inputs>& params();
Inputs read_inputs(const ParamSet& p);

// [SECTION] shared computations
RopeScalingResult scaled(const Inputs& in, RopeScaling kind);
const std::vector<RopeScaling>& all_scalings();
std::string scaling_label(RopeScaling s, Lang lang);
using beyond_training::pair_label;
std::vector<double> ratio_series(const Eigen::VectorXd& scaled_freq, const Eigen::VectorXd& base_freq);
// The ends of YaRN's correction range as vertical lines over the pair axis (pairs 0 … pairs − 1).
void mark_yarn_range(CurveView& curve, const std::pair<double, double>& range, int pairs);
// The d/2 pairs as an odometer at position p (step "odometer-scaled"; beyond-training's odometer with its scaled
// needle): needle i at p·θᵢ, the arc swept in training shaded; with `scaled_needle`, the chosen scaling's needle.
ViewData odometer_view(const Inputs& in, Lang lang, bool scaled_needle);
using beyond_training::last_wrapping_pair;
using beyond_training::sample_pairs;
// The first pair whose scale factor θ′ᵢ/θᵢ leaves 1 (by more than rounding), or −1 when none does: where a curve
// of the factor starts to depart from the unscaled line.
int first_scaled_pair(const Eigen::VectorXd& scaled_freq, const Eigen::VectorXd& base_freq);

// The mean score of a random vector x used as both query and key against distance for every scaling (steps
// "diagnosis", "diagnosis-floor" and "recap"): binned means over Δ up to seq_len, per scaling (all_scalings
// order) the unseen pairs, the mean and minimum within and beyond L and the largest overshoot of a slow pair, and
// the unscaled model's lowest score at an integer Δ < L.
struct DiagnosisScores {
    static constexpr int samples = 64, bins = 128, per_bin = 32;
    std::vector<double> x;                       // bin centres
    std::vector<std::vector<double>> y;          // per scaling, per bin
    // 6 × 6: unseen pairs, mean Δ≤L, mean Δ>L, min Δ>L, min Δ≤L, the largest seq_len·θ′ᵢ/(L·θᵢ) of a slow pair
    Eigen::MatrixXd summary;
    double floor = 0;                            // the unscaled lowest score within training
};
DiagnosisScores diagnosis_scores(const Inputs& in);  // diagnosis.cpp

// [SECTION] steps (in lesson order)
Step base_effect();             // base_effect.cpp
Step base_far_bound();          // base_far_bound.cpp
Step position_interpolation();  // position_interpolation.cpp
Step pi_local_cost();           // pi_local_cost.cpp
Step ntk_aware();               // ntk_aware.cpp
Step ntk_slow_pairs();          // ntk_slow_pairs.cpp
Step dynamic_ntk();             // dynamic_ntk.cpp
Step dynamic_ntk_bracket();     // dynamic_ntk_bracket.cpp
Step yarn_and_llama3();         // yarn_llama3.cpp
Step yarn_attention_factor_step();  // yarn_attention_factor.cpp
Step llama3_bands();            // llama3_bands.cpp
Step side_by_side();            // scale_factors.cpp
Step wavelength_spectrum();     // wavelength_spectrum.cpp
Step unseen_angles();           // unseen_angles.cpp
Step odometer_scaled();         // odometer_scaled.cpp
Step trade_offs();              // trade_offs.cpp
Step diagnosis();               // diagnosis.cpp
Step diagnosis_floor();         // diagnosis_floor.cpp
Step recap();                   // recap.cpp

}  // namespace long_context
}  // namespace pelab
