// PE Lab — lessons/rope/rope_lesson.h
// Private to lesson "rope" (this folder): the inputs, the one parameter table, the small helpers the steps
// share and the nine steps, each defined with its views and questions in the file named for its id
// (rotation_2d.cpp … xpos.cpp).
// No display text here (the font subset scans .cpp files only).
//
// [SECTION] inputs and parameters
// [SECTION] helpers shared by the steps
// [SECTION] the steps, in lesson order
#pragma once
#include <Eigen/Dense>
#include <string>

#include "core/random.h"
#include "core/rope.h"
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
    bool simplified = false;  // also show the R(m−n) form found in tutorials
    double content_scale = 0;
    std::string candidate;
    int max_dist = 0;
    int d_spectrum = 0;
    double gamma = 0;  // xPos: the decay length γ (torchscale scale_base)
    std::string preset;  // a released model's name (core/model_presets.h) or "none"
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

// [SECTION] the steps, in lesson order
Step rotation_2d();                           // rotation_2d.cpp
Step dot_product_sees_the_difference();       // angle_difference.cpp
Step pairs_frequencies_layouts();             // pairs_frequencies_layouts.cpp
Step score_matrix_shift_invariance();         // shift_invariance.cpp
Step additive_pe_loses_relative_structure();  // additive_pe_loses_relative.cpp
Step two_alternatives();                      // two_alternatives.cpp
Step uniqueness_sketch();                     // uniqueness.cpp
Step spectrum_and_decay();                    // spectrum_and_decay.cpp
Step xpos_decay();                            // xpos.cpp

}  // namespace rope_lesson
}  // namespace pelab
