// PE Lab — lessons/vit_2d/vit_2d_lesson.h
// Private to lesson "vit-2d" (this folder): the inputs and the parameter table, the grid view builders several
// steps share, and one function per step (each in the file named for its id). No display text here (the font
// subset scans .cpp files only).
//
// [SECTION] inputs and parameters
// [SECTION] shared view builders
// [SECTION] the steps, in lesson order
#pragma once
#include <string>

#include <Eigen/Dense>

#include "lessons/lesson.h"

namespace pelab {
namespace vit_2d_lesson {

// [SECTION] inputs and parameters
struct Inputs {
    int H = 0, W = 0, patch = 0, H2 = 0, W2 = 0, channel = 0, dim = 0;
    double theta = 0;
    int seed = 0;
};

// The lesson's one parameter table (lesson.cpp).
const ParamTable<Inputs>& params();
// The inputs through the table, with the selections that depend on other keys kept inside the grid and the
// dimension.
Inputs inputs(const ParamSet& p);

// [SECTION] shared view builders
// A patch's grid coordinates as text, "(r,c)".
std::string coord(int r, int c);
// An H×W grid heatmap whose cells are patches; clicking a cell selects that patch.
HeatmapView grid_map(const Eigen::MatrixXd& G, Lang lang, bool selectable);
// The selectable grid with the selected patch outlined.
HeatmapView selected_patch_map(const Eigen::MatrixXd& G, const Inputs& in, Lang lang);
// One value per token laid out on the H×W grid: token t at the row and column of its patch.
Eigen::MatrixXd on_grid(const Eigen::VectorXd& per_token, int H, int W);
// A change of resolution (learnable_2d_table.cpp): the learned H×W table, its plain lookup on H2×W2, the table
// interpolated bilinearly to H2×W2 and the taps each new row and column reads.
std::vector<ViewData> resolution_views(const Inputs& in, Lang lang);

// [SECTION] the steps, in lesson order
Step patch_grid();
Step learnable_table();
Step bilinear_resize();
Step mae_sincos();
Step axial_rope();
Step swin_index();
Step recap();  // recap.cpp

}  // namespace vit_2d_lesson
}  // namespace pelab
