// PE Lab — core/absolute/sincos_2d.h
// The fixed 2-D sine-cosine position embedding of MAE (facebookresearch/mae, util/pos_embed.py,
// get_2d_sincos_pos_embed without the cls row), for a grid × grid patch grid and embedding width D.
//
// How MAE builds it, and why the first half encodes the COLUMN:
//   grid = np.meshgrid(grid_w, grid_h)   # "w goes first": grid[0][r][c] = c, grid[1][r][c] = r
//   emb_h = 1-D embedding of grid[0]     # named "h" but fed the column index c
//   emb_w = 1-D embedding of grid[1]     # fed the row index r
//   emb   = [emb_h | emb_w]
// Patch m = r·grid + c (row-major, as the reshape flattens it). Each 1-D embedding of width D/2 is
// [sin(pos·ω_i) | cos(pos·ω_i)] with ω_i = 1 / 10000^(i / (D/4)), i = 0..D/4 − 1.
// So row m is [sin(c·ω) | cos(c·ω) | sin(r·ω) | cos(r·ω)], four blocks of D/4 columns.
// Computed in float64, as MAE's first release did (omega with dtype=np.float); the current file builds omega
// in float32 and the model stores the table as float32, so those values agree with these to ~1e-7.
// MAE requires D % 4 == 0. For other D this code keeps the same recipe with ⌊D/2⌋ columns per axis and
// pads missing columns with zeros (as tensor2tensor pads odd widths); the CLI accepts only multiples of 4.
// Part of `core` (Eigen + std only).
#pragma once
#include <Eigen/Dense>

#include "core/io/params.h"

namespace pelab {

// [SECTION] parameter specs of the CLI quantity sincos_2d
ParamSpec sincos2d_spec_grid();  // grid: int 1..64, default 4
ParamSpec sincos2d_spec_D();     // D: int 4..1024, multiple of 4, default 16

// [SECTION] embeddings
// MAE's get_1d_sincos_pos_embed_from_grid for a list of positions: n × width, [sin | cos] halves,
// ω_i = 1 / 10000^(i / (width/2)). An odd width gets a zero last column.
Eigen::MatrixXd sincos_1d(const Eigen::VectorXd& positions, int width);

// get_2d_sincos_pos_embed(D, grid, cls_token=False): (grid·grid) × D, row m = patch (m / grid, m % grid).
// Columns 0..D/2−1 encode the column index c, columns D/2..D−1 the row index r.
Eigen::MatrixXd sincos_2d(int grid, int D);

}  // namespace pelab
