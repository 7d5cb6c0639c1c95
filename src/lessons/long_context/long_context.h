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
// The d/2 pairs as an odometer at position p (steps "odometer" and "odometer-scaled"): needle i at p·θᵢ, the
// arc swept in training shaded; with `scaled_needle`, the chosen scaling's needle beside it.
ViewData odometer_view(const Inputs& in, Lang lang, bool scaled_needle);
// The slowest pair whose wavelength fits in L (−1 when none does).
int last_wrapping_pair(const Eigen::VectorXd& theta, int L);
// A few pair indices (at most 8, sorted, unique) for a per-pair table: the first two, the quarters, the last
// pair that wraps within L and the first that does not, and the last pair.
std::vector<int> sample_pairs(const Eigen::VectorXd& theta, int L);

// Where a query at the end of a long context puts its attention (steps "alibi-beyond-training" and
// "alibi-head-by-head"), on the same random contents: for each context length N = 1 … n (the query at the
// last position) the share of attention on keys at distance ≥ L, for plain RoPE, PI and every ALiBi head.
struct AlibiMass {
    int L = 0, n = 0, heads = 0;
    std::vector<double> slopes;
    Eigen::VectorXd none, pi;                 // index N − 1
    std::vector<Eigen::VectorXd> per_head;    // [h](N − 1)
    int gentle = 0, steep = 0;                // the heads with the smallest and the largest slope
    double mean(int N) const;                 // over the heads at length N
};
AlibiMass alibi_mass(const Inputs& in);      // alibi_beyond_training.cpp

// The mean score of random q (k = q) against distance for every scaling (steps "diagnosis" and
// "diagnosis-floor"): binned means over Δ up to seq_len, per scaling (all_scalings order) the unseen pairs and
// the mean and minimum within and beyond L, and the unscaled model's lowest score at an integer Δ < L.
struct DiagnosisScores {
    static constexpr int samples = 64, bins = 128, per_bin = 32;
    std::vector<double> x;                       // bin centres
    std::vector<std::vector<double>> y;          // per scaling, per bin
    Eigen::MatrixXd summary;                     // 6 × 5: unseen pairs, mean Δ≤L, mean Δ>L, min Δ>L, min Δ≤L
    double floor = 0;                            // the unscaled lowest score within training
};
DiagnosisScores diagnosis_scores(const Inputs& in);  // diagnosis.cpp

// The closing comparison (steps "six-methods", "learned-and-clipped"): six position methods' L × L matrices at
// one L (key L), a heatmap for each whose hover gives every method's value at that cell.
struct SixMatrices {
    int L = 0;
    Eigen::MatrixXd sinusoid, learned, shaw, t5, alibi, rope;  // L × L each; alibi: NaN where causally masked
    int max_distance = 0;  // T5's, raised above max_exact when needed
    double slope = 0;      // ALiBi's slope of the head shown
};
SixMatrices six_matrices(const Inputs& in);                                                    // six_methods.cpp
ViewData method_heatmap(const SixMatrices& s, const Eigen::MatrixXd& M, std::string title, bool integer_cells, Lang lang);

// [SECTION] steps (in lesson order)
Step phase_wrap();              // phase_wrap.cpp
Step turns_in_training_step();  // turns_in_training.cpp
Step odometer();                // odometer.cpp
Step base_effect();             // base_effect.cpp
Step base_far_bound();          // base_far_bound.cpp
Step alibi_penalty();           // alibi.cpp
Step alibi_reference_rows_step();  // alibi_reference_rows.cpp
Step alibi_beyond_training();   // alibi_beyond_training.cpp
Step alibi_head_by_head();      // alibi_head_by_head.cpp
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
Step six_methods();             // six_methods.cpp
Step learned_and_clipped();     // learned_and_clipped.cpp
Step method_costs();            // method_costs.cpp

}  // namespace long_context
}  // namespace pelab
