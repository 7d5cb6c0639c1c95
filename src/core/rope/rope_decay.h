// PE Lab — core/rope/rope_decay.h
// RoPE's long-term decay as RoFormer (Su et al., 2021, §3.4.3) states it: the score of q = k = all-ones at
// relative distance Δ, and the "relative upper bound" from Abel summation,
//   B(Δ) = (2/d) · Σ_{j=1}^{d/2} |S_j(Δ)|,   S_j(Δ) = Σ_{p=0}^{j−1} e^{ι·Δ·θ_p},
// which the paper plots against Δ to show the decay. Plus the log-spaced integer distances the figures
// sample (positions are integers). Part of `core`: Eigen + std only.
//
// [SECTION] the relative upper bound
// [SECTION] sampling distances
#pragma once
#include <Eigen/Dense>
#include <vector>

namespace pelab {

// [SECTION] the relative upper bound
// B(Δ) for the frequencies theta (d/2 = |theta| values); 0 for an empty theta. B(0) = (d/2 + 1)/2 and
// B(Δ) ≥ 2/d (|S_1| = 1). The partial sums S_j are accumulated in order, as the formula reads.
double rope_relative_upper_bound(const Eigen::VectorXd& theta, double delta);
std::vector<double> rope_relative_upper_bound(const Eigen::VectorXd& theta, const std::vector<double>& deltas);

// [SECTION] sampling distances
// About `count` integers from lo to hi (lo ≥ 1, both included), evenly spaced on a log scale, increasing and
// distinct (near lo the spacing is 1, so fewer than `count` may come back). Empty when hi < lo or lo < 1.
std::vector<double> log_spaced_integers(int lo, int hi, int count);

}  // namespace pelab
