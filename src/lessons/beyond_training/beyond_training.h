// PE Lab — lessons/beyond_training/beyond_training.h
// Private header of the lesson "beyond-training" (src/lessons/beyond_training/*.cpp): the Inputs every step reads
// through the lesson's one parameter table, the computations several steps share, and the steps. The lesson
// "long-context" (scaling RoPE, which comes next) reuses the pair helpers and the odometer declared here.
// No display text here (the font subset scans .cpp files only).
//
// [SECTION] inputs and the parameter table
// [SECTION] shared computations
// [SECTION] steps
#pragma once
#include <Eigen/Dense>
#include <string>
#include <vector>

#include "core/relative/alibi.h"
#include "lessons/lesson.h"
#include "lessons/param_table.h"

namespace pelab {
namespace beyond_training {

// [SECTION] inputs and the parameter table
struct Inputs {
    int d = 0;             // rotary dimension (d/2 pairs)
    double base = 0;       // frequency base
    int L = 0;             // training length (key original_max)
    int seq_len = 0;       // context length N (key seq_len)
    int heads = 0, alibi_L = 0, head = 0;  // ALiBi: heads, positions shown (key L), head shown in detail
    std::string mode;      // ALiBi: causal | symmetric
    int seed = 0;          // random seed of the random queries and keys
    int position = 0;      // p: where the odometer's needles point
    int clip = 0, num_buckets = 0, max_distance = 0;  // Shaw's k, T5's buckets and max_distance
    AlibiMode alibi_mode() const;
    int context() const;   // the longest context measured: N = max(seq_len, 2·L)
};

const ParamTable<Inputs>& params();
// The table's values, with the detailed head kept below the head count.
Inputs read_inputs(const ParamSet& p);

// [SECTION] shared computations (also used by the lesson "long-context")
std::string pair_label(int i, Lang lang);
// The slowest pair whose wavelength fits in L (−1 when none does).
int last_wrapping_pair(const Eigen::VectorXd& theta, int L);
// A few pair indices (at most 8, sorted, unique) for a per-pair table: the first two, the quarters, the last
// pair that wraps within L and the first that does not, and the last pair.
std::vector<int> sample_pairs(const Eigen::VectorXd& theta, int L);
// The pairs short of one turn within L whose needle at position p (at frequencies `used`) points outside the
// arc it swept in training at the original frequencies `theta`.
int pairs_off_their_arc(const Eigen::VectorXd& theta, const Eigen::VectorXd& used, int L, double position);
// The d/2 pairs as an odometer at position p: needle i at p·θᵢ, the arc swept in training shaded; with
// `scaled` (not empty) a second needle per pair at those frequencies, named `scaled_label`.
ViewData odometer_view(int d, double base, int L, int position, const Eigen::VectorXd& scaled,
                       const std::string& scaled_label, Lang lang);

// The slopes of `heads` ALiBi heads as the reference code gives them, and what the simple formula
// 2^(−8(h+1)/H) gives for each head: equal when H is a power of two (alibi.cpp).
std::vector<double> simple_formula_slopes(int heads);
// The largest power of two not above `heads` (the head count whose slopes the reference takes first).
int slope_power_of_two(int heads);

// Where a query at the end of a long context puts its attention (steps "alibi-beyond-training",
// "alibi-head-by-head", "recap"), on the same random contents: for each context length N = 1 … n (the query at
// the last position) the share of attention on keys at distance ≥ L, for plain RoPE and every ALiBi head.
struct AlibiMass {
    int L = 0, n = 0, heads = 0;
    std::vector<double> slopes;
    Eigen::VectorXd none;                     // index N − 1
    std::vector<Eigen::VectorXd> per_head;    // [h](N − 1)
    int gentle = 0, steep = 0;                // the heads with the smallest and the largest slope
    double mean(int N) const;                 // over the heads at length N
};
AlibiMass alibi_mass(const Inputs& in);      // alibi_beyond_training.cpp

// How many distinct values each method meets over the distances 0 … Δ (steps "learned-and-clipped", "recap").
int shaw_distinct(int delta, int k);                                      // min(Δ, k) + 1
int t5_distinct(int delta, int num_buckets, int max_distance);            // buckets of Δ' = 0 … Δ (keys before the query)
int t5_max_distance_used(const Inputs& in);                              // max_distance, raised above max_exact when needed

// [SECTION] steps (in lesson order)
Step phase_wrap();              // phase_wrap.cpp
Step turns_in_training_step();  // turns_in_training.cpp
Step odometer();                // odometer.cpp
Step alibi_penalty();           // alibi.cpp
Step alibi_reference_rows_step();  // alibi_reference_rows.cpp
Step alibi_beyond_training();   // alibi_beyond_training.cpp
Step alibi_head_by_head();      // alibi_head_by_head.cpp
Step learned_and_clipped();     // learned_and_clipped.cpp
Step recap();                   // recap.cpp

}  // namespace beyond_training
}  // namespace pelab
