// PE Lab — lessons/rope/rope_lesson.h
// Private to lesson "rope" (this folder): the inputs, the one parameter table, the small helpers the steps
// share and the steps, each defined with its views and questions in the file named for its id
// (rotation_2d.cpp … xpos_scores.cpp, recap.cpp).
// No display text here (the font subset scans .cpp files only).
//
// [SECTION] inputs and parameters
// [SECTION] helpers shared by the steps
// [SECTION] the steps, in lesson order
#pragma once
#include <Eigen/Dense>
#include <string>

#include "core/random.h"
#include "core/rope/rope.h"
#include "lessons/lesson.h"

namespace pelab {
namespace rope_lesson {

// [SECTION] inputs and parameters
struct Inputs {
    double alpha = 0, beta = 0;
    int seed = 0;
    int d = 0;
    double base = 0;
    double m = 0;
    int n = 0;     // key position on the shift-invariance dials (the query sits at m)
    int pair = 0;  // the first frequency pair drawn on those dials
    std::string layout_name;
    int L = 0;
    int t = 0;
    bool simplified = false;  // also show the tutorials' ⟨q, R(m−n) k⟩ form (the sign flipped)
    double content_scale = 0;
    std::string candidate;
    int max_dist = 0;
    int d_spectrum = 0;
    double gamma = 0;  // xPos: the decay length γ (torchscale scale_base)
    std::string preset;  // a released model's name (core/rope/model_presets.h) or "none"
    // Derived from the values above by read_inputs.
    RopeLayout layout = RopeLayout::interleaved;
    Eigen::VectorXd theta;  // base^(−2i/d)
};

const ParamTable<Inputs>& params();
// Every value through the table, then the layout and the frequencies derived from them.
Inputs read_inputs(const ParamSet& p);

// [SECTION] helpers shared by the steps
Eigen::VectorXd random_vector(int n, SplitMix64& rng, double scale = 1.0);
std::string layout_label(RopeLayout layout, Lang lang);
double largest_spread(const Eigen::MatrixXd& M);  // largest max − min along any diagonal
Eigen::VectorXd sinusoid(int pos, const Inputs& in);  // sinusoidal PE row of the lesson's d and base
HeatmapView kernel_heatmap(const Eigen::MatrixXd& K, Lang lang);  // position × position, hover pᵢᵀ M pⱼ

// The inputs with d = d_spectrum and its frequencies: the spectrum steps have their own width (default 128,
// as in Llama) (spectrum_and_decay.cpp, long_term_decay.cpp, wavelength_extremes.cpp).
Inputs read_spectrum_inputs(const ParamSet& p);

// The query and key positions of the shift-invariance dials and heatmap, kept inside the L positions of the
// score matrix (shift_invariance.cpp, shift_dials.cpp).
struct DialPositions {
    int m = 0, n = 0, t = 0;
    int window = 0;  // first position of the heatmap's window: keeps (m + t, n + t) inside it
};
DialPositions dial_positions(const Inputs& in);

// pᵢᵀ M pⱼ of the sinusoid p for a dense random M, its block-diagonal part and that part made of scaled
// rotations a·I + b·J (additive_pe_loses_relative.cpp, commuting_blocks.cpp, scaled_rotations_commute.cpp).
struct PositionKernels {
    Eigen::MatrixXd dense, block, commuting;  // pᵢᵀ M pⱼ, L × L
    Eigen::MatrixXd block_M, commuting_M;     // the d × d matrices M
    Eigen::VectorXd a, b;                     // commuting block k = a_k·I + b_k·J
};
PositionKernels position_kernels(const Inputs& in);

// A candidate transform T_m checked against the assumptions of the uniqueness sketch (uniqueness.cpp,
// uniqueness_scores.cpp): candidate ids "rope", "quadratic", "scaled", "random", "xpos".
struct CandidateChecks {
    double orthogonal = 0, group = 0, toeplitz = 0;  // largest |TᵀT − I|, |T_nᵀT_m − T_Δ| (Δ = m − n), Toeplitz residual of S
    Eigen::MatrixXd S;                                // ⟨T_m q, T_n k⟩, L × L
};
CandidateChecks check_candidate(const std::string& id, const Inputs& in, const Eigen::VectorXd& q, const Eigen::VectorXd& k);
constexpr int kGroupCheck = 16;  // T_nᵀT_m = T_Δ is checked for n ≤ m < 16

// [SECTION] the steps, in lesson order
Step rotation_2d();                           // rotation_2d.cpp
Step dot_product_sees_the_difference();       // angle_difference.cpp
Step pairs_frequencies_layouts();             // pairs_frequencies_layouts.cpp
Step score_matrix_shift_invariance();         // shift_invariance.cpp
Step shift_dials();                           // shift_dials.cpp
Step f_delta_link();                          // f_delta_link.cpp
Step additive_pe_loses_relative_structure();  // additive_pe_loses_relative.cpp
Step commuting_blocks();                      // commuting_blocks.cpp
Step scaled_rotations_commute();              // scaled_rotations_commute.cpp
Step two_alternatives();                      // two_alternatives.cpp
Step pe_after_projection();                   // pe_after_projection.cpp
Step uniqueness_sketch();                     // uniqueness.cpp
Step uniqueness_scores();                     // uniqueness_scores.cpp
Step spectrum_and_decay();                    // spectrum_and_decay.cpp
Step long_term_decay();                       // long_term_decay.cpp
Step wavelength_extremes();                   // wavelength_extremes.cpp
Step xpos_decay();                            // xpos.cpp
Step xpos_score_matrix();                     // xpos_scores.cpp
Step recap();                                 // recap.cpp

}  // namespace rope_lesson
}  // namespace pelab
