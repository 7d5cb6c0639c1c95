// PE Lab — core/relative/f_delta.h
// The maths of the lesson "F(q,k) and R_(q−k)": the relative feature vectors R_Δ (cos/sin per frequency),
// their linear readout f(Δ) = vᵀR_Δ, the L×L matrix F[q][k] = vᵀR_(q−k), per-diagonal statistics
// (Toeplitz check) and the content-dependent readout q_vecᵀ W R_(q−k).
// Conventions: positions q, k run over 0..L−1, Δ = q − k, rows are queries, columns are keys.
// Everything is double precision. Part of `core` (Eigen + std only).
#pragma once
#include <Eigen/Dense>
#include <vector>

#include "core/io/params.h"

namespace pelab {

// [SECTION] parameters shared by the quantities f_matrix / r_delta and the lesson f-delta
ParamSpec f_delta_spec_L();      // L: int 1..64, default 4
ParamSpec f_delta_spec_omega();  // omega: 1..8 numbers in −100..100, default π/2, π/3
ParamSpec f_delta_spec_v();      // v: 2·|omega| numbers in −100..100, default 1,0,1,0 (fallback pattern "1,0")
ParamSpec f_delta_spec_seed();   // seed: int 0..1000000, default 1

// [SECTION] maths

// std::vector<double> (as stored in a ParamSet) to an Eigen vector.
Eigen::VectorXd to_eigen(const std::vector<double>& values);

// R_Δ for one Δ: [cos ω₀Δ, sin ω₀Δ, cos ω₁Δ, sin ω₁Δ, …], length 2·|omega|.
Eigen::VectorXd r_delta_vector(double delta, const Eigen::VectorXd& omega);

// All R_Δ for Δ = −(L−1)…(L−1), one per row: (2L−1) × 2|omega|. Row i holds Δ = i − (L−1).
Eigen::MatrixXd r_delta_features(int L, const Eigen::VectorXd& omega);

// f(Δ) = vᵀR_Δ (v has length 2·|omega|).
double f_kernel(double delta, const Eigen::VectorXd& omega, const Eigen::VectorXd& v);

// The readout that reproduces Σ cos(ω_i Δ): cos weights 1, sin weights 0, i.e. [1,0,1,0,…] (length 2n).
Eigen::VectorXd cosine_readout(int n_frequencies);

// F[q][k] = vᵀR_(q−k), L × L. Each cell evaluates f_kernel at the integer Δ, so cells on one diagonal are
// bit-for-bit equal (the Toeplitz spread is exactly 0, not merely small).
Eigen::MatrixXd f_matrix(int L, const Eigen::VectorXd& omega, const Eigen::VectorXd& v);

// One diagonal Δ = row − col of a matrix: its cell count, smallest and largest entry.
struct DiagonalStats {
    int delta = 0;
    int count = 0;
    double min = 0.0, max = 0.0;
    double spread() const { return max - min; }
};

// Stats for every diagonal, Δ ascending from −(cols−1) to rows−1.
std::vector<DiagonalStats> diagonal_stats(const Eigen::MatrixXd& M);

// max − min along each diagonal, same order as diagonal_stats (index Δ + cols − 1). Zero for a Toeplitz matrix.
Eigen::VectorXd diagonal_spread(const Eigen::MatrixXd& M);

// Readout vectors u_q = Wᵀ q_vec[q], one per row: L × 2|omega|. W is d × 2|omega|, Qvecs is L × d
// (row q = q_vec[q]).
Eigen::MatrixXd content_readouts(const Eigen::MatrixXd& W, const Eigen::MatrixXd& Qvecs);

// F[q][k] = q_vec[q]ᵀ W R_(q−k) = u_q · R_(q−k), L × L. Qvecs must have at least L rows.
Eigen::MatrixXd content_readout_matrix(int L, const Eigen::VectorXd& omega, const Eigen::MatrixXd& W,
                                       const Eigen::MatrixXd& Qvecs);

}  // namespace pelab
