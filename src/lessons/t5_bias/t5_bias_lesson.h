// PE Lab — lessons/t5_bias/t5_bias_lesson.h
// Private to lesson "t5-bias" (this folder): the inputs, the one parameter table, the helpers the steps share
// and the eight steps, each defined with its views and questions in the file named for its id
// (scalar_per_bucket_head.cpp … recap.cpp). On screen the offset is Δ = i − j (query minus key).
// No display text here (the font subset scans .cpp files only).
//
// [SECTION] inputs and parameters
// [SECTION] helpers shared by the steps
// [SECTION] the steps, in lesson order
#pragma once
#include <Eigen/Dense>
#include <string>
#include <utility>
#include <vector>

#include "core/relative/t5.h"
#include "lessons/lesson.h"
#include "lessons/param_table.h"

namespace pelab {
namespace t5_bias_lesson {

// [SECTION] inputs and parameters
struct Inputs {
    int L = 0, num_buckets = 0, max_distance = 0, heads = 0, seed = 0;
    bool bidirectional = false, simplified = false;
    int given_max_distance = 0;  // as the learner set it; max_distance is the value used (see read_inputs)
};

const ParamTable<Inputs>& params();
// The values through the table; max_distance replaced by the smallest valid one when HF cannot use it.
Inputs read_inputs(const ParamSet& p);

// [SECTION] helpers shared by the steps
// The least max_distance HF's _relative_position_bucket can use with these buckets: `max_distance` itself when
// it is above the exact-bucket count.
int usable_max_distance(int num_buckets, bool bidirectional, int max_distance);
// Empty when `given` is valid for these buckets; else why not and what is used instead.
std::string max_distance_note(int num_buckets, bool bidirectional, int given, Lang lang);
// Adds the max_distance note (when there is one) in front of a view's notes.
void note_max_distance(ViewData& view, const Inputs& in, int num_buckets, Lang lang);
Eigen::MatrixXd bias_table(const Inputs& in);  // the demo table bias[bucket][head] (core/relative/t5.h)
HeatmapView ij_heatmap(const Eigen::MatrixXd& M, Lang lang);  // query i × key j, with q − k hover axes
// A bucket matrix, each cell explained with its offset Δ = i − j and its bucket.
HeatmapView bucket_heatmap(const Eigen::MatrixXi& B, Lang lang);
// Cells where two integer matrices differ.
std::vector<std::pair<int, int>> differing_cells(const Eigen::MatrixXi& A, const Eigen::MatrixXi& B);
std::string range_text(const T5BucketRange& r, Lang lang);  // the offsets Δ a bucket covers, in words
// Head 0's mean attention weight per row on the pairs with |Δ| = 1, with its bias and without it (the random Q, K
// of step broadcast-add-softmax), and the bias it adds there.
struct NearWeight {
    double with_bias = 0, without_bias = 0, bias = 0;
};
NearWeight head0_near_weight(const Inputs& in);

// [SECTION] the steps, in lesson order
Step one_scalar_per_bucket_and_head();  // scalar_per_bucket_head.cpp
Step relative_position_matrix();        // relative_position_matrix.cpp
Step bucketing();                       // bucketing.cpp
Step four_bucket_picture();             // four_bucket_picture.cpp
Step lookup();                          // lookup.cpp
Step broadcast_add_then_softmax();      // broadcast_add_softmax.cpp
Step simplified_code_differences();     // simplified_code.cpp
Step recap();                           // recap.cpp

}  // namespace t5_bias_lesson
}  // namespace pelab
