// PE Lab — core/absolute/sinusoidal.h
// Fixed sinusoidal position encodings in the two layouts found in reference code, the rotation M_k that
// shifts an encoding by k positions, the Gram matrix PE·PEᵀ, and a seeded learnable table.
//
//   vaswani:       the paper's layout as HF writes it (e.g. DistilBERT's create_sinusoidal_embeddings):
//                  PE[pos][2i] = sin(pos / base^(2i/d)), PE[pos][2i+1] = cos(pos / base^(2i/d)),
//                  sin and cos interleaved; column j uses the exponent 2·⌊j/2⌋/d (so an odd d ends in a sin).
//   tensor2tensor: get_timing_signal_1d (and fairseq's SinusoidalPositionalEmbedding): d/2 frequencies
//                  ω_i = exp(−i · ln(base) / max(d/2 − 1, 1)), laid out as [sin(pos·ω) | cos(pos·ω)];
//                  an odd d gets one zero column at the end (tf.pad).
// Positions are 0-based: row p of a table is position p. Part of `core` (Eigen + std only).
#pragma once
#include <Eigen/Dense>
#include <cstdint>
#include <string>

#include "core/io/params.h"

namespace pelab {

enum class PeVariant { vaswani, tensor2tensor };

// "vaswani" / "tensor2tensor"; anything else is vaswani.
PeVariant pe_variant_from(const std::string& name);
const char* pe_variant_name(PeVariant v);

// [SECTION] parameter specs of the CLI quantity sinusoidal_pe
ParamSpec sinusoidal_spec_L();        // L: int 1..4096, default 128
ParamSpec sinusoidal_spec_d();        // d: int 2..1024, multiple of 2, default 64
ParamSpec sinusoidal_spec_base();     // base: number 2..1e8, default 10000
ParamSpec sinusoidal_spec_variant();  // variant: vaswani | tensor2tensor, default vaswani

// [SECTION] frequencies and tables
// The angular frequencies ω_i of the sin/cos pairs, i = 0..d/2 − 1 (vaswani with odd d: one more,
// for the final unpaired sin column).
Eigen::VectorXd sinusoidal_frequencies(int d, double base, PeVariant v);

// Wavelengths 2π/ω_i, same order.
Eigen::VectorXd sinusoidal_wavelengths(int d, double base, PeVariant v);

// Column of the sin (cos_part = false) or cos (true) of frequency i in the layout; −1 if absent.
int sinusoidal_column(int i, bool cos_part, int d, PeVariant v);

// PE for one position: length d.
Eigen::VectorXd sinusoidal_pe_row(double pos, int d, double base, PeVariant v);

// L × d, row p = position p (p = 0..L−1).
Eigen::MatrixXd sinusoidal_pe(int L, int d, double base, PeVariant v);

// [SECTION] relative structure
// M_k, d × d: PE(p + k) = M_k · PE(p) for every p. For each frequency ω it maps (sin pω, cos pω) to
// (sin(p+k)ω, cos(p+k)ω) with the 2×2 block [[cos kω, sin kω], [−sin kω, cos kω]] placed on the sin/cos
// columns of that frequency (adjacent columns for vaswani: block-diagonal; columns i and d/2 + i for
// tensor2tensor). Columns without a partner (odd d) keep a 1 on the diagonal; the identity fails there.
Eigen::MatrixXd sinusoidal_shift_matrix(int k, int d, double base, PeVariant v);

// G = PE · PEᵀ (L × L). For sinusoidal PE, G[p][q] = Σ_i cos((p − q)ω_i): it depends on p − q only.
Eigen::MatrixXd gram_matrix(const Eigen::MatrixXd& PE);

// [SECTION] learnable table
// A max_len × d table of seeded values in [−1, 1), standing in for a trained nn.Embedding(max_len, d).
Eigen::MatrixXd learnable_pe_table(int max_len, int d, std::uint64_t seed);

// The table looked up for positions 0..L−1: rows ≥ max_len do not exist and are NaN.
Eigen::MatrixXd learnable_pe_lookup(const Eigen::MatrixXd& table, int L);

}  // namespace pelab
