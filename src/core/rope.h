// PE Lab — core/rope.h
// A minimal rotary position embedding (RoPE) on interleaved 2-D pairs, enough for the link between the
// relative readout F[q][k] = vᵀR_(q−k) and RoPE attention scores.
// Pair i is (x[2i], x[2i+1]) and is rotated by the angle m·θ_i at position m.
#pragma once
#include <Eigen/Dense>

namespace pelab {

// R_m x: every pair (a, b) of x becomes (a cos mθ_i − b sin mθ_i, a sin mθ_i + b cos mθ_i).
// x has length 2·|theta|.
Eigen::VectorXd rope_rotate(const Eigen::VectorXd& x, double m, const Eigen::VectorXd& theta);

// S[m][n] = ⟨R_m q, R_n k⟩ for positions m, n = 0..L−1, computed with actual rotations.
// Since rotations compose, S[m][n] = qᵀ R_(n−m) k depends on m − n only.
Eigen::MatrixXd rope_score_matrix(int L, const Eigen::VectorXd& theta, const Eigen::VectorXd& q,
                                  const Eigen::VectorXd& k);

// The RoPE query that reproduces a readout: with k = [1,0,1,0,…], q = (v₀, −v₁, v₂, −v₃, …) gives
// ⟨R_m q, R_n k⟩ = vᵀR_(m−n), i.e. S equals F[q][k] = vᵀR_(q−k). For v = [1,0,1,0,…], q = k = v.
Eigen::VectorXd rope_query_for_readout(const Eigen::VectorXd& v);

}  // namespace pelab
