// PE Lab — core/rope/rope.h
// Rotary position embedding (RoPE): the 2-D rotation R(α), the frequencies θ_i = base^(−2i/d), the d×d
// rotation R_m in the two pairing layouts used in practice, the permutation between them, rotating
// vectors, and the score matrix S[m][n] = ⟨R_m q, R_n k⟩.
//
// Layouts (which coordinates form pair i of a d-vector, d even):
//   interleaved: (x[2i], x[2i+1])      — RoFormer, GPT-J (`rotate_every_two`), Meta's complex-number code
//   half:        (x[i],  x[i + d/2])   — HuggingFace Llama (`rotate_half`, cos/sin repeated twice)
// Both rotate pair i by m·θ_i in the same sense: (a, b) → (a cos − b sin, a sin + b cos).
// Part of `core`: Eigen + std only.
//
// [SECTION] rotations, frequencies, layouts
// [SECTION] scores and structure measures
#pragma once
#include <Eigen/Dense>
#include <string>
#include <utility>
#include <vector>

namespace pelab {

// [SECTION] rotations, frequencies, layouts

enum class RopeLayout { interleaved, half };

// "interleaved" / "half"; parse returns false (and leaves *out alone) for anything else.
const char* rope_layout_name(RopeLayout layout);
bool parse_rope_layout(const std::string& text, RopeLayout* out);

// The 2×2 rotation by α (counter-clockwise): [[cos α, −sin α], [sin α, cos α]].
Eigen::Matrix2d rotation2(double alpha);

// θ_i = base^(−2i/d) for i = 0..d/2−1, evaluated as HF transformers does (1 / base^((2i)/d)), in double.
Eigen::VectorXd rope_default_inv_freq(int d, double base);

// Index of the two coordinates of pair i in a d-vector: {2i, 2i+1} (interleaved) or {i, i+d/2} (half).
std::pair<int, int> rope_pair_coords(int pair, int d, RopeLayout layout);

// The d×d rotation R_m: pair i rotated by m·θ_i, placed on the pair's coordinates. d = 2·|theta|.
// Interleaved gives 2×2 blocks on the diagonal; half gives the same blocks spread over the quadrants.
Eigen::MatrixXd rope_matrix(const Eigen::VectorXd& theta, double m, RopeLayout layout);

// The permutation P (d×d, entries 0/1) with (P x)[i] = x[2i] and (P x)[i + d/2] = x[2i+1]: it maps a vector
// written in the interleaved layout to the half layout, so R_half(m) = P · R_interleaved(m) · Pᵀ.
Eigen::MatrixXd rope_layout_permutation(int d);

// R_m x in the given layout (x has length 2·|theta|), computed pair by pair with explicit cos/sin.
Eigen::VectorXd rope_apply(const Eigen::VectorXd& x, double m, const Eigen::VectorXd& theta, RopeLayout layout);

// HF Llama's formula for the half layout, written out as the reference does it:
// x·cos + rotate_half(x)·sin with cos/sin = [cos mθ, cos mθ] (each angle repeated for both halves) and
// rotate_half(x) = [−x_2, x_1]. Used to check rope_apply(…, half) against the reference form.
Eigen::VectorXd rope_apply_hf_rotate_half(const Eigen::VectorXd& x, double m, const Eigen::VectorXd& theta);

// [SECTION] scores and structure measures

// S[m][n] = ⟨R_(m+offset) q, R_(n+offset) k⟩ for m, n = 0..L−1 (rows m are query positions), computed
// with actual rotations in the given layout. offset shifts both positions (shift-invariance check).
Eigen::MatrixXd rope_scores(int L, const Eigen::VectorXd& theta, const Eigen::VectorXd& q, const Eigen::VectorXd& k,
                            RopeLayout layout, double offset = 0.0);

// The relative form ⟨q, R_(n−m) k⟩ for every cell (what S must equal), and the R(m−n) form found in tutorials
// ⟨q, R_(m−n) k⟩ (sign of the offset flipped), both L×L.
Eigen::MatrixXd rope_relative_form(int L, const Eigen::VectorXd& theta, const Eigen::VectorXd& q,
                                   const Eigen::VectorXd& k, RopeLayout layout, bool flipped_sign);

// How far a matrix is from Toeplitz: sqrt(Σ (M − mean of its diagonal)²) / sqrt(Σ M²); 0 for Toeplitz,
// 0 for an all-zero matrix.
double toeplitz_residual(const Eigen::MatrixXd& M);

// Σ_i cos(Δ·θ_i) / |θ| for each Δ (the score of q = k = unit pairs at distance Δ, normalised to 1 at Δ = 0).
std::vector<double> rope_decay_curve(const Eigen::VectorXd& theta, const std::vector<double>& deltas);

}  // namespace pelab
