// PE Lab — core/rope/long_context.h
// The maths of the long-context lesson that is neither a reference helper of HF modeling_rope_utils
// (core/rope/rope_scaling) nor of ALiBi (core/relative/alibi): how far each frequency pair turns at a target length
// compared with training, and where a query's attention goes in a context longer than the training length.
//
// [SECTION] angles beyond the training length
// [SECTION] attention mass beyond the training length
#pragma once
#include <Eigen/Dense>
#include <cstdint>
#include <vector>

namespace pelab {

// [SECTION] angles beyond the training length
// Per pair i: seq_len·θ′ᵢ / (L·θᵢ), the angle pair i reaches after seq_len positions with the frequencies
// `used` over the angle it reached after the L training positions with `trained`. Above 1: beyond training.
Eigen::VectorXd rope_angle_range_ratio(const Eigen::VectorXd& trained, const Eigen::VectorXd& used, int L, int seq_len);

// Whether pair i completed a full turn within the L training positions (wavelength 2π/θᵢ ≤ L): such a pair
// has seen every angle, so a larger range beyond L brings nothing new.
bool rope_pair_turned_in_training(double theta, int L);

// The pairs that meet angles never seen in training: not a full turn within L, and a range ratio above 1
// (beyond 1 + 1e-9, so PI at seq_len = s·L, whose ratio is 1 up to rounding, counts none).
int rope_pairs_beyond_training_angles(const Eigen::VectorXd& trained, const Eigen::VectorXd& used, int L, int seq_len);

// [SECTION] attention mass beyond the training length
// Content logits of one query against n keys at distances Δ = 0..n−1: the query and every key have i.i.d.
// entries of unit variance (uniform on [−√3, √3]) drawn from SplitMix64(seed), query first, then key Δ = 0,
// 1, ...; column r holds logit(Δ) = qᵀ·R(−Δ·θ)·k_Δ / √d, rotated pair by pair (interleaved layout) by the d/2
// frequencies rotations[r] (RoPE: query at m, key at m − Δ), or unrotated when rotations[r] is empty (ALiBi
// adds its bias to these). Every column sees the same contents. The rotation advances by one step per
// distance and is recomputed exactly every 256 distances, so it stays within ~1e−13 of cos/sin.
Eigen::MatrixXd random_content_logits(int d, int n, std::uint64_t seed, const std::vector<Eigen::VectorXd>& rotations);

// For a query whose keys lie at distances 0..N−1 with the given logits (logits(Δ)), the softmax weight on
// the keys at distance ≥ L, for every context length N = 1..logits.size() (entry N − 1; 0 while N ≤ L).
Eigen::VectorXd attention_mass_beyond(const Eigen::VectorXd& logits, int L);

}  // namespace pelab
