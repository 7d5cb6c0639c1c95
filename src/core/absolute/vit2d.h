// PE Lab — core/absolute/vit2d.h
// Positions on a 2-D patch grid (Vision Transformers): row-major flattening, resampling a learnable
// 2-D position table to a new grid, MAE's 2-D sin-cos table, axial 2-D RoPE as in naver-ai/rope-vit
// (compute_axial_cis + apply_rotary_emb), and Swin Transformer's relative_position_index.
// Grid conventions: H rows × W columns, patch (r, c) has token index t = r·W + c (row-major, no class token).
// Part of `core`: Eigen + std only.
//
// [SECTION] grid and flattening
// [SECTION] learnable table: resampling
// [SECTION] MAE 2-D sin-cos
// [SECTION] axial 2-D RoPE (rope-vit)
// [SECTION] Swin relative position index
#pragma once
#include <Eigen/Dense>
#include <vector>

namespace pelab {

// [SECTION] grid and flattening
inline int vit_token_index(int row, int col, int W) { return row * W + col; }
inline int vit_token_row(int t, int W) { return W > 0 ? t / W : 0; }
inline int vit_token_col(int t, int W) { return W > 0 ? t % W : 0; }

// [SECTION] learnable table: resampling

// Source coordinate of output index `dst` when resizing `in` samples to `out` samples with bilinear
// interpolation and align_corners=False, exactly as PyTorch's area_pixel_compute_source_index:
// src = (in/out)·(dst + 0.5) − 0.5, clamped at 0 (PyTorch clamps negatives for non-cubic modes).
double vit_bilinear_source(int dst, int in, int out);

// One axis of the bilinear weights: i0 = floor(src), i1 = min(i0 + 1, in − 1), w1 = src − i0 (weight of i1).
struct BilinearTap {
    double src = 0.0;
    int i0 = 0, i1 = 0;
    double w1 = 0.0;
};
BilinearTap vit_bilinear_tap(int dst, int in, int out);

// Resamples one channel given as an H×W grid to H2×W2 (bilinear, align_corners=False, like
// F.interpolate(mode="bilinear")). timm's resample_abs_pos_embed and MAE/DeiT's interpolate_pos_embed use
// bicubic by default; the lesson uses bilinear because its weights are four readable numbers per cell.
Eigen::MatrixXd vit_resample_bilinear(const Eigen::MatrixXd& grid, int H2, int W2);

// A learnable table T (H·W rows, D columns, row t = token t) resampled to H2·W2 rows, channel by channel.
Eigen::MatrixXd vit_resample_table(const Eigen::MatrixXd& table, int H, int W, int H2, int W2);

// [SECTION] MAE 2-D sin-cos

// MAE get_2d_sincos_pos_embed generalised to H×W: (H·W) × D, D divisible by 4. Columns 0..D/2−1 encode the
// column index c (MAE's grid[0] comes from meshgrid(grid_w, grid_h): "w goes first"), columns D/2..D−1 the
// row index r. Each half is get_1d_sincos_pos_embed_from_grid(D/2, pos): [sin(pos·ω_k) for k] then
// [cos(pos·ω_k) for k], ω_k = 1 / 10000^(k/(D/4)), k = 0..D/4−1.
Eigen::MatrixXd mae_2d_sincos(int H, int W, int D);

// [SECTION] axial 2-D RoPE (rope-vit)

// compute_axial_cis frequencies: f_j = 1 / theta^((4j)/dim), j = 0..dim/4−1 (dim divisible by 4).
Eigen::VectorXd axial_rope_freqs(int dim, double theta);

// The dim/2 rotation angles of token (row, col): pairs 0..dim/4−1 turn by col·f_j (t_x = t % W, the column),
// pairs dim/4..dim/2−1 by row·f_j (t_y = t // W, the row). Pairs are interleaved (x[2p], x[2p+1]) as in
// apply_rotary_emb's view_as_complex(reshape(..., −1, 2)).
Eigen::VectorXd axial_rope_angles(int row, int col, int dim, double theta);

// x rotated for token (row, col); x has length dim.
Eigen::VectorXd axial_rope_apply(const Eigen::VectorXd& x, int row, int col, int dim, double theta);

// S[a][b] = ⟨rot(q, token a), rot(k, token b)⟩ for all tokens a, b of an H×W grid (row-major), (HW)×(HW).
Eigen::MatrixXd axial_rope_scores(int H, int W, int dim, double theta, const Eigen::VectorXd& q,
                                  const Eigen::VectorXd& k);

// [SECTION] Swin relative position index

// Swin's relative_position_index for a Wh×Ww window, (Wh·Ww)×(Wh·Ww) integers in 0..(2Wh−1)(2Ww−1)−1:
// index = (Δr + Wh − 1)·(2Ww − 1) + (Δc + Ww − 1) with Δ = position(query) − position(key).
Eigen::MatrixXd swin_relative_position_index(int Wh, int Ww);

}  // namespace pelab
