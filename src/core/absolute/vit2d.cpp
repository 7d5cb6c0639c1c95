// PE Lab — core/absolute/vit2d.cpp
// Implements vit2d.h, each part transcribed from its reference:
//   resampling   — PyTorch aten/src/ATen/native/UpSample.h (area_pixel_compute_source_index) and
//                  upsample_bilinear2d (h1 = (int)src, h1p = h1 < in − 1, lambda = src − h1)
//   MAE sin-cos  — facebookresearch/mae util/pos_embed.py
//   axial RoPE   — naver-ai/rope-vit self-attn/rope_self_attn.py (compute_axial_cis, init_t_xy,
//                  apply_rotary_emb)
//   Swin index   — microsoft/Swin-Transformer WindowAttention.__init__
#include "core/absolute/vit2d.h"

#include <algorithm>
#include <cmath>
#include <vector>

namespace pelab {

// [SECTION] learnable table: resampling

double vit_bilinear_source(int dst, int in, int out) {
    if (out <= 0) return 0.0;
    const double scale = static_cast<double>(in) / out;
    const double src = scale * (dst + 0.5) - 0.5;
    return src < 0.0 ? 0.0 : src;
}

BilinearTap vit_bilinear_tap(int dst, int in, int out) {
    BilinearTap t;
    t.src = vit_bilinear_source(dst, in, out);
    t.i0 = static_cast<int>(t.src);  // src ≥ 0, so truncation is floor
    if (t.i0 > in - 1) t.i0 = std::max(in - 1, 0);
    t.i1 = t.i0 < in - 1 ? t.i0 + 1 : t.i0;
    t.w1 = t.src - t.i0;
    return t;
}

Eigen::MatrixXd vit_resample_bilinear(const Eigen::MatrixXd& grid, int H2, int W2) {
    const int H = static_cast<int>(grid.rows()), W = static_cast<int>(grid.cols());
    Eigen::MatrixXd out(std::max(H2, 0), std::max(W2, 0));
    if (H == 0 || W == 0) return Eigen::MatrixXd::Zero(out.rows(), out.cols());
    for (int r = 0; r < H2; ++r) {
        const BilinearTap tr = vit_bilinear_tap(r, H, H2);
        for (int c = 0; c < W2; ++c) {
            const BilinearTap tc = vit_bilinear_tap(c, W, W2);
            const double w0r = 1.0 - tr.w1, w0c = 1.0 - tc.w1;
            out(r, c) = w0r * (w0c * grid(tr.i0, tc.i0) + tc.w1 * grid(tr.i0, tc.i1)) +
                        tr.w1 * (w0c * grid(tr.i1, tc.i0) + tc.w1 * grid(tr.i1, tc.i1));
        }
    }
    return out;
}

Eigen::MatrixXd vit_resample_table(const Eigen::MatrixXd& table, int H, int W, int H2, int W2) {
    const Eigen::Index D = table.cols();
    Eigen::MatrixXd out(static_cast<Eigen::Index>(std::max(H2, 0)) * std::max(W2, 0), D);
    for (Eigen::Index ch = 0; ch < D; ++ch) {
        Eigen::MatrixXd grid(H, W);
        for (int r = 0; r < H; ++r)
            for (int c = 0; c < W; ++c) grid(r, c) = table(vit_token_index(r, c, W), ch);
        const Eigen::MatrixXd g2 = vit_resample_bilinear(grid, H2, W2);
        for (int r = 0; r < H2; ++r)
            for (int c = 0; c < W2; ++c) out(vit_token_index(r, c, W2), ch) = g2(r, c);
    }
    return out;
}

// [SECTION] MAE 2-D sin-cos

Eigen::MatrixXd mae_2d_sincos(int H, int W, int D) {
    const int quarter = D / 4;  // get_1d_sincos_pos_embed_from_grid(D/2, ·) uses D/4 frequencies
    Eigen::MatrixXd E = Eigen::MatrixXd::Zero(static_cast<Eigen::Index>(std::max(H, 0)) * std::max(W, 0), D);
    std::vector<double> omega(static_cast<std::size_t>(quarter));
    for (int k = 0; k < quarter; ++k) {
        // omega = arange(D/4) / (D/2 / 2.); omega = 1 / 10000**omega
        const double e = k / (static_cast<double>(D / 2) / 2.0);
        omega[static_cast<std::size_t>(k)] = 1.0 / std::pow(10000.0, e);
    }
    for (int r = 0; r < H; ++r)
        for (int c = 0; c < W; ++c) {
            const int t = vit_token_index(r, c, W);
            const double pos[2] = {static_cast<double>(c), static_cast<double>(r)};  // grid[0] = w, grid[1] = h
            for (int half = 0; half < 2; ++half)
                for (int k = 0; k < quarter; ++k) {
                    const double a = pos[half] * omega[static_cast<std::size_t>(k)];
                    E(t, half * (D / 2) + k) = std::sin(a);
                    E(t, half * (D / 2) + quarter + k) = std::cos(a);
                }
        }
    return E;
}

// [SECTION] axial 2-D RoPE (rope-vit)

Eigen::VectorXd axial_rope_freqs(int dim, double theta) {
    const int n = std::max(dim, 0) / 4;
    Eigen::VectorXd f(n);
    // 1 / theta ** (arange(0, dim, 4)[:dim//4] / dim)
    for (int j = 0; j < n; ++j) f(j) = 1.0 / std::pow(theta, static_cast<double>(4 * j) / dim);
    return f;
}

Eigen::VectorXd axial_rope_angles(int row, int col, int dim, double theta) {
    const Eigen::VectorXd f = axial_rope_freqs(dim, theta);
    const Eigen::Index n = f.size();
    Eigen::VectorXd a(2 * n);
    for (Eigen::Index j = 0; j < n; ++j) {
        a(j) = col * f(j);      // freqs_cis_x: t_x = t % end_x
        a(n + j) = row * f(j);  // freqs_cis_y: t_y = t // end_x
    }
    return a;
}

Eigen::VectorXd axial_rope_apply(const Eigen::VectorXd& x, int row, int col, int dim, double theta) {
    const Eigen::VectorXd a = axial_rope_angles(row, col, dim, theta);
    Eigen::VectorXd out = x;
    for (Eigen::Index p = 0; p < a.size() && 2 * p + 1 < x.size(); ++p) {
        // (x[2p] + i·x[2p+1]) · e^(i·a_p)
        const double c = std::cos(a(p)), s = std::sin(a(p));
        out(2 * p) = x(2 * p) * c - x(2 * p + 1) * s;
        out(2 * p + 1) = x(2 * p) * s + x(2 * p + 1) * c;
    }
    return out;
}

Eigen::MatrixXd axial_rope_scores(int H, int W, int dim, double theta, const Eigen::VectorXd& q,
                                  const Eigen::VectorXd& k) {
    const int N = std::max(H, 0) * std::max(W, 0);
    std::vector<Eigen::VectorXd> rq, rk;
    for (int t = 0; t < N; ++t) {
        rq.push_back(axial_rope_apply(q, vit_token_row(t, W), vit_token_col(t, W), dim, theta));
        rk.push_back(axial_rope_apply(k, vit_token_row(t, W), vit_token_col(t, W), dim, theta));
    }
    Eigen::MatrixXd S(N, N);
    for (int a = 0; a < N; ++a)
        for (int b = 0; b < N; ++b) {
            double s = 0.0;  // index order, identical on every platform
            for (Eigen::Index i = 0; i < q.size(); ++i) s += rq[a](i) * rk[b](i);
            S(a, b) = s;
        }
    return S;
}

// [SECTION] Swin relative position index

Eigen::MatrixXd swin_relative_position_index(int Wh, int Ww) {
    const int N = std::max(Wh, 0) * std::max(Ww, 0);
    Eigen::MatrixXd idx(N, N);
    for (int a = 0; a < N; ++a)
        for (int b = 0; b < N; ++b) {
            // coords_flatten[:, a] − coords_flatten[:, b], shifted to start at 0, row part times (2Ww − 1)
            const int dr = vit_token_row(a, Ww) - vit_token_row(b, Ww) + Wh - 1;
            const int dc = vit_token_col(a, Ww) - vit_token_col(b, Ww) + Ww - 1;
            idx(a, b) = dr * (2 * Ww - 1) + dc;
        }
    return idx;
}

}  // namespace pelab
