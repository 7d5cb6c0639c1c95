// PE Lab — core/relative/shaw.h
// Relative position representations (Shaw, Uszkoreit & Vaswani 2018) as tensor2tensor implements them
// (layers/common_attention.py): the index matrix of _generate_relative_positions_matrix,
// clip(j − i, −k, k) + k, the lookup of a (2k+1) × d table into an L × L × d tensor a_ij, the position
// scores q_i·a_ij (the einsum 'bhld,lmd->bhlm' for one batch entry and head) and the combined logits
// e_ij = (q_i·k_j + q_i·a_ij) / √d.
// Also the course notes' tutorial index (i − j) + max_len − 1 (unclipped, a (2·max_len − 1)-row table), which reads
// the table in the mirror order of the reference.
// Conventions: i = query (row), j = key (column), positions 0..L−1. Part of `core` (Eigen + std only).
#pragma once
#include <Eigen/Dense>
#include <cstdint>
#include <vector>

#include "core/io/params.h"

namespace pelab {

// [SECTION] parameter specs of the CLI quantity shaw_index
ParamSpec shaw_spec_L();  // L: int 1..1024, default 6
ParamSpec shaw_spec_k();  // k: int 0..1023, default 2 (max_relative_position)

// [SECTION] index matrices
// j − i for every (i, j), L × L (key minus query, tensor2tensor's distance_mat).
Eigen::MatrixXi shaw_relative_distance(int L);

// tensor2tensor: clip(j − i, −k, k) + k, L × L, entries in 0..2k.
Eigen::MatrixXi shaw_relative_index(int L, int k);

// The course notes' tutorial: (i − j) + max_len − 1, L × L, entries in 0..2·max_len − 2 when L ≤ max_len.
Eigen::MatrixXi shaw_tutorial_index(int L, int max_len);

// The relative distance j − i that row r of the table stands for: reference r − k; course notes (max_len − 1) − r.
int shaw_reference_row_distance(int r, int k);
int shaw_tutorial_row_distance(int r, int max_len);

// [SECTION] lookup and scores
// The L × L × d tensor a, stored as L slices: a[i] is L × d and its row j is a_ij = table.row(index(i, j)).
using RelativeTensor = std::vector<Eigen::MatrixXd>;
RelativeTensor shaw_lookup(const Eigen::MatrixXd& table, const Eigen::MatrixXi& index);

// P[i][j] = q_i · a_ij (no scaling): the einsum 'bhld,lmd->bhlm' for one (b, h). Q is L × d.
Eigen::MatrixXd shaw_position_scores(const Eigen::MatrixXd& Q, const RelativeTensor& a);

// The same einsum for a whole (B, H, L, d) query tensor, stored as B·H matrices L × d in (b, h) row-major
// order; the result holds B·H matrices L × L in the same order.
std::vector<Eigen::MatrixXd> shaw_einsum_bhld_lmd(const std::vector<Eigen::MatrixXd>& Q_bh, const RelativeTensor& a);

// e_ij = (q_i·k_j + q_i·a_ij) / √d.
Eigen::MatrixXd shaw_logits(const Eigen::MatrixXd& Q, const Eigen::MatrixXd& K, const RelativeTensor& a);

// [SECTION] seeded demo inputs
// Q, K (L × d) and the table ((2k+1) × d), drawn from `seed` in the order table, Q, K, entries in [−1, 1).
struct ShawDemo {
    Eigen::MatrixXd table, Q, K;
};
ShawDemo shaw_demo_inputs(int L, int k, int d, std::uint64_t seed);

// [SECTION] value side (eq. 3 of the paper)
// z_i = Σ_j α_ij (v_j + a^V_ij): the value-side term alone, row i = Σ_j α_ij a^V_ij (L × d), where
// `weights` holds α (L × L) and aV the L × L × d lookup of the value-side table.
Eigen::MatrixXd shaw_value_term(const Eigen::MatrixXd& weights, const RelativeTensor& aV);

// V (L × d) and the value-side table ((2k+1) × d), drawn from seed + 1 in the order table, V, entries in
// [−1, 1), so that Q, K and the key-side table of shaw_demo_inputs stay as they are.
struct ShawValueDemo {
    Eigen::MatrixXd table, V;
};
ShawValueDemo shaw_demo_values(int L, int k, int d, std::uint64_t seed);

}  // namespace pelab
