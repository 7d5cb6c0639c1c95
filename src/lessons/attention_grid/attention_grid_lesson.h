// PE Lab — lessons/attention_grid/attention_grid_lesson.h
// Private to the lesson "attention-grid" (src/lessons/attention_grid/*.cpp): its Inputs, its one parameter
// table and the view builders several steps share (lesson.cpp), and the steps in order, each defined in the
// file named after its id. No display text here (the font subset scans .cpp files only).
//
// [SECTION] parameters and inputs
// [SECTION] shared view builders (lesson.cpp)
// [SECTION] the steps, in lesson order (one file each)
#pragma once
#include <algorithm>
#include <string>

#include <Eigen/Dense>

#include "lessons/lesson.h"

namespace pelab {
namespace attention_grid_lesson {

// [SECTION] parameters and inputs
struct Inputs {
    int N = 0, delta = 0, side = 0, H = 0, W = 0, drow = 0, dcol = 0, query = 0, seed = 0;
    int cells() const { return H * W; }
    int query_1d() const { return std::min(query, N - 1); }
    int query_2d() const { return std::min(query, cells() - 1); }
};

// The lesson's parameters, declared once (lesson.cpp).
const ParamTable<Inputs>& params();
Inputs read_inputs(const ParamSet& p);  // the inputs every step's views are built from

// [SECTION] shared view builders (lesson.cpp)
std::string pair_text(int a, int b);  // "(a,b)" with U+2212 minus signs
// A query × key heatmap; one_d = false turns off the q − k diagonal hover (misleading on flattened grids).
HeatmapView qk_view(const Eigen::MatrixXd& M, Lang lang, bool one_d);
// The 2-D rule on the flattened H×W grid, with both coordinates and δ explained per cell.
HeatmapView rule_2d_view(int H, int W, int drow, int dcol, Lang lang);
// The H×W grid as a heatmap (cell text: coordinates, or δ from the query); clicking picks the query.
HeatmapView grid_view(const Inputs& in, Lang lang, bool from_query);

// [SECTION] the steps, in lesson order (one file each)
Step pairs_table();
Step relative_rule();
Step toeplitz_diagonals();
Step pairs_versus_positions();
Step displacement_2d();
Step flattening_2x3();
Step grid_linked_to_A();
Step doubly_block_toeplitz();
Step recap();

}  // namespace attention_grid_lesson
}  // namespace pelab
