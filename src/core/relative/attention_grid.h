// PE Lab — core/relative/attention_grid.h
// The maths of the lesson "attention-grid" (and the permutation demo that opens "absolute-pe"):
// purely relative attention rules on a 1-D sequence (A[q][k] = 1 iff q − k = Δ) and on a 2-D H×W grid
// (A[q][k] = 1 iff (row_q − row_k, col_q − col_k) = (δ₁, δ₂)), the row-major index ↔ coordinate map, and
// plain softmax attention with seeded inputs, used to show that attention without positions is
// permutation-equivariant.
// Conventions: positions and grid indices are 0-based; rows of A are queries q, columns are keys k.
// Part of `core` (Eigen + std only).
#pragma once
#include <Eigen/Dense>
#include <cstdint>
#include <vector>

#include "core/io/params.h"

namespace pelab {

// [SECTION] parameter specs of the CLI quantities attention_rule_1d / attention_rule_2d
ParamSpec attention_spec_N();     // N: int 1..1024, default 6
ParamSpec attention_spec_delta(); // delta: int −1023..1023, default −2
ParamSpec attention_spec_H();     // H: int 1..32, default 2
ParamSpec attention_spec_W();     // W: int 1..32, default 3
ParamSpec attention_spec_drow();  // drow: int −31..31, default 0
ParamSpec attention_spec_dcol();  // dcol: int −31..31, default −1

// [SECTION] row-major grid positions
struct GridCoord {
    int row = 0;
    int col = 0;
};

// Token index → (row, col) on a grid with W columns, row-major: index = row·W + col.
GridCoord grid_coord(int index, int W);
// (row, col) → token index, row-major.
int grid_index(int row, int col, int W);

// [SECTION] purely relative rules
// N × N, A[q][k] = 1 iff q − k = delta, else 0. Each row has at most one 1, all on the diagonal delta.
Eigen::MatrixXd attention_rule_1d(int N, int delta);

// (H·W) × (H·W), row-major tokens, A[q][k] = 1 iff (row_q − row_k, col_q − col_k) = (drow, dcol).
// Unlike the 1-D rule on the flattened index, it never links two cells across a row break.
Eigen::MatrixXd attention_rule_2d(int H, int W, int drow, int dcol);

// [SECTION] softmax attention
// Row-wise softmax, shifted by each row's maximum for stability. Entries may be −inf (weight 0).
Eigen::MatrixXd softmax_rows(const Eigen::MatrixXd& logits);

// softmax(Q Kᵀ / √d_k), rows = queries. Q is Lq × d_k, K is Lk × d_k.
Eigen::MatrixXd attention_weights(const Eigen::MatrixXd& Q, const Eigen::MatrixXd& K);

// softmax(Q Kᵀ / √d_k) V.
Eigen::MatrixXd attention_output(const Eigen::MatrixXd& Q, const Eigen::MatrixXd& K, const Eigen::MatrixXd& V);

// [SECTION] permutations
// A permutation of 0..n−1 drawn from `seed` (Fisher–Yates on splitmix64). For n ≥ 2 it is never the
// identity, so the demo always moves something.
std::vector<int> seeded_permutation(int n, std::uint64_t seed);

// P with P(i, perm[i]) = 1: row i of P·X is row perm[i] of X.
Eigen::MatrixXd permutation_matrix(const std::vector<int>& perm);

// Self-attention on tokens X (n × d) with projections W_q, W_k, W_v (d × d), run on X and on the shuffled
// tokens P·X. Without positions, out_shuffled = P·out exactly up to rounding.
struct PermutationDemo {
    std::vector<int> perm;
    Eigen::MatrixXd P, X, Wq, Wk, Wv;
    Eigen::MatrixXd out;           // Attn(X)
    Eigen::MatrixXd out_shuffled;  // Attn(P·X)
    Eigen::MatrixXd weights;       // attention weights of X
    Eigen::MatrixXd weights_shuffled;
};

// X, W_q, W_k, W_v are drawn from `seed` in that order (entries in [−1, 1)); the permutation uses its own
// generator seeded with seed + 1 so that it does not shift the values.
PermutationDemo permutation_equivariance_demo(int n_tokens, int d, std::uint64_t seed);

// [SECTION] block-Toeplitz structure (2-D relative rules)
// An (H·W)×(H·W) matrix over row-major tokens of an H×W grid, seen as H×H blocks of W×W cells: block (i, j)
// pairs the queries of grid row i with the keys of grid row j. A rule that depends only on δ = q − k is
// doubly block-Toeplitz: every block is Toeplitz (within_blocks = 0) and the blocks are arranged in a
// Toeplitz pattern, block (i, j) depending only on i − j (between_blocks = 0). The matrix as a whole is
// Toeplitz only when whole = 0.
struct BlockToeplitzSpread {
    double between_blocks = 0.0;  // largest |difference| of the same cell in two blocks with equal i − j
    double within_blocks = 0.0;   // largest max − min along a diagonal inside one block
    double whole = 0.0;           // largest max − min along a diagonal of the whole matrix
};
// M must be (H·W)×(H·W) with H, W ≥ 1; anything else returns all zeros.
BlockToeplitzSpread block_toeplitz_spread(const Eigen::MatrixXd& M, int H, int W);

}  // namespace pelab
