// PE Lab — lessons/shaw/shaw_lesson.h
// Private to lesson "shaw" (this folder): the inputs, the one parameter table, the demo's scores computed once
// for the steps that show them, the small helpers several steps share (all in lesson.cpp) and the twelve steps,
// each defined in the file named after its id. On screen the offset is Δ = i − j (query minus key).
// No display text here (the font subset scans .cpp files only).
//
// [SECTION] inputs and parameters
// [SECTION] the demo's scores
// [SECTION] helpers shared by the steps
// [SECTION] the steps, in lesson order
#pragma once
#include <Eigen/Dense>
#include <functional>
#include <string>
#include <vector>

#include "core/relative/shaw.h"
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

// [SECTION] the demo's scores
// The seeded Q, K and relative table, the index and lookup, and the scores built from them.
struct Computed {
    ShawDemo demo;
    Eigen::MatrixXi index;
    RelativeTensor a;
    Eigen::MatrixXd content, position, logits, weights;  // content/position already divided by √d
};

Computed compute(const Inputs& in);
// The views of a step that shows the demo's scores: the inputs are read and computed once, and the builder is
// handed both.
std::function<std::vector<ViewData>(const ParamSet&, Lang)> computed_views(
    std::vector<ViewData> (*build)(const Inputs&, const Computed&, Lang));

// [SECTION] helpers shared by the steps
std::string n4(double x);        // a value with 4 significant digits
std::string pos(int n);          // a position or row as plain digits
std::string q_dot_a(int r, int c);  // "q₁·a₁,₄"
// A query × key matrix: rows are queries i, columns keys j (hover shows Δ = i − j).
HeatmapView ij_matrix(const Eigen::MatrixXd& M, Lang lang);
HeatmapView index_view(const Eigen::MatrixXi& I, Lang lang);  // an integer index matrix, as ij_matrix
// A signed query × key matrix with each cell explained; `what` names the term in the hover text, e.g. "b".
HeatmapView term_matrix(const Eigen::MatrixXd& M, const std::string& what, Lang lang);
double largest(const Eigen::VectorXd& v);  // the largest entry, 0 for an empty vector

// [SECTION] the steps, in lesson order
Step score_with_relative_term();
Step relative_matrix_and_sign();
Step clipped_index();
Step lookup_and_position_scores();
Step content_plus_position();
Step why_dot_with_q();
Step value_side();
Step transformer_xl_terms();
Step txl_content_terms();
Step deberta_disentangled();
Step deberta_buckets();
Step recap();

}  // namespace shaw_lesson
}  // namespace pelab
