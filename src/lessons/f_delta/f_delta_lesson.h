// PE Lab — lessons/f_delta/f_delta_lesson.h
// Private to the f-delta lesson (src/lessons/f_delta/*.cpp): its inputs and parameter table, the inputs
// as the maths takes them, the helpers and view builders several steps share (lesson.cpp), and the steps in
// order, each defined in the file named after its id. No display text here (the font subset scans .cpp files
// only).
//
// [SECTION] parameters and inputs (lesson.cpp)
// [SECTION] display helpers and shared view builders (lesson.cpp)
// [SECTION] the steps, in lesson order (one file each)
#pragma once
#include <Eigen/Dense>
#include <string>
#include <vector>

#include "lessons/lesson.h"

namespace pelab {
namespace fdelta {

// [SECTION] parameters and inputs (lesson.cpp)
// The fields the parameter table fills.
struct Inputs {
    int L = 0;
    std::vector<double> omega, v;
    int seed = 0;
};

// The lesson's one parameter table: L, omega, v, seed.
const ParamTable<Inputs>& params();

// The inputs as the maths takes them. v always has two weights per frequency (a ParamSet filled by hand
// may break the link the parser keeps): otherwise it is the cosine readout.
struct Model {
    int L = 1;
    Eigen::VectorXd omega, v;
    int seed = 0;
};

Model read_model(const ParamSet& p);
int n_freq(const Model& in);
// F for the kernel f(Δ) = Σ cos(ω_i Δ) (cos weights 1, sin weights 0).
Eigen::MatrixXd cosine_f_matrix(const Model& in);

// [SECTION] display helpers and shared view builders (lesson.cpp)
std::string delta_label(int d);                     // "Δ=−2"
std::vector<std::string> delta_labels(int L);       // Δ = −(L−1) … L−1
std::vector<std::string> feature_labels(int n_freq);  // the names of the entries of R_Δ
std::string full_vector(const Eigen::VectorXd& x);  // every entry, no ellipsis
// The readout w·R_Δ written term by term.
std::string readout_terms(const Eigen::VectorXd& w, const Eigen::VectorXd& omega, int delta);

// A query × key heatmap in this lesson's notation (rows q, columns k).
HeatmapView qk_view(const Eigen::MatrixXd& M, Lang lang);
Eigen::MatrixXd delta_matrix(int L);  // Δ = q − k per cell
ViewData delta_heatmap(const Model& in, Lang lang, bool count_cells);
ViewData readout_heatmap(const std::string& title, const Model& in, const Eigen::VectorXd& w, Lang lang, bool show_v);
double largest_spread(const Eigen::MatrixXd& M);
// The content-dependent readout of the steps content-readout and transformer-xl-terms: q_vec (L × d) and
// W (d × 2m) drawn from the random seed, W first so that changing L keeps W.
struct ContentDraw {
    Eigen::MatrixXd W, Q;
};
ContentDraw draw_content(const Model& in);
// Heatmap of F[q][k] = u_q·R_(q−k) with u_q = Wᵀq_vec (rows of content_readouts), hover term by term.
ViewData content_heatmap(const std::string& title, const Model& in, Lang lang);

// The sinusoidal encodings p_n = R_n of positions n = 0..L−1, one row each (sinusoidal_gram.cpp).
Eigen::MatrixXd sinusoidal_encodings(const Model& in);
// RoPE's scores S[q][k] = ⟨Rot_q x, Rot_k y⟩ computed with actual rotations, x built from the
// readout v and y = [1, 0, 1, 0, …], so that S equals vᵀR_(q−k) (link_to_rope.cpp).
Eigen::MatrixXd rope_scores(const Model& in);

// [SECTION] the steps, in lesson order (one file each)
Step two_objects();
Step equal_delta_diagonals();
Step kernel_of_delta();
Step toeplitz_f();
Step feature_vectors();
Step linear_readout();
Step content_readout();
Step transformer_xl_terms();
Step sinusoidal_gram();
Step link_to_rope();
Step recap();

}  // namespace fdelta
}  // namespace pelab
