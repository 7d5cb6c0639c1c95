// PE Lab — core/relative/relative_methods.h
// Three relative position methods the course notes name but do not derive, each exact to its reference code:
//   Transformer-XL / XLNet relative attention (Dai et al. 2019): the four score terms a, b, c, d with the
//     sinusoid of the relative distance (kimiyoung/transformer-xl, pytorch/mem_transformer.py:
//     PositionalEmbedding and RelPartialLearnableMultiHeadAttn; HF's XLNet relative_positional_encoding);
//   DeBERTa disentangled attention (He et al. 2021): relative positions, DeBERTa-v2/v3 log buckets and the
//     content-to-position / position-to-content terms (huggingface/transformers,
//     src/transformers/models/deberta_v2/modeling_deberta_v2.py: make_log_bucket_position,
//     build_relative_position, DisentangledSelfAttention.disentangled_attention_bias);
//   xPos (Sun et al. 2022): RoPE whose pairs are scaled by ζᵢ^(±pos/γ) (microsoft/torchscale,
//     torchscale/component/xpos_relative_position.py: XPOS, fixed_pos_embedding, apply_rotary_pos_emb).
// Conventions: i or m = query position (row), j or n = key position (column), positions 0..L−1.
// Part of `core`: Eigen + std only.
//
// [SECTION] parameter specs
// [SECTION] Transformer-XL / XLNet
// [SECTION] DeBERTa
// [SECTION] xPos
#pragma once
#include <Eigen/Dense>
#include <cstdint>
#include <string>
#include <vector>

#include "core/io/params.h"

namespace pelab {

// [SECTION] parameter specs
// DeBERTa's own keys (the CLI quantity deberta_relative_position and the lessons use the same specs):
ParamSpec deberta_spec_bucket_size();   // int 0..4096, default 256 (HF position_buckets; alias accepted); 0: none
ParamSpec deberta_spec_max_position();  // int 2..65536, default 512 (HF max_relative_positions)
// xPos's γ: real 1..1e12, default 512 (torchscale scale_base; alias accepted).
ParamSpec xpos_spec_gamma();
// The rule between bucket_size and max_position that no single range states: bucket_size is 0 (no buckets) or
// at least 2 (mid ≥ 1), and max_position − 1 > mid (a positive log in the bucket formula). Empty when it holds;
// otherwise one message naming the key and its valid range, e.g. "max_position: 100 is out of range
// 130..65536: with bucket_size=256 it must exceed bucket_size/2 + 1 = 129".
std::string deberta_bucket_problem(int bucket_size, int max_position);

// [SECTION] Transformer-XL / XLNet

// PositionalEmbedding.inv_freq: 1 / base^(s/d_model) for s = 0, 2, 4, …, d_model − 2 (d_model/2 numbers);
// the reference hard-codes base 10000.
Eigen::VectorXd txl_inv_freq(int d_model, double base = 10000.0);

// PositionalEmbedding.forward: one row per entry of pos_seq, [sin(p·f₀) … sin(p·f_{h−1}) | cos(p·f₀) … cos(p·f_{h−1})]
// (the sines of every frequency first, then the cosines: torch.cat([sin, cos], dim=-1)); d_model columns.
Eigen::MatrixXd txl_positional_embedding(const std::vector<double>& pos_seq, int d_model, double base = 10000.0);

// The relative sinusoid R_δ of one distance δ = i − j (a d_model vector, the row of pos_emb that
// _rel_shift places at (i, j)).
Eigen::VectorXd txl_relative_sinusoid(double delta, int d_model, double base = 10000.0);

// The four terms of eq. (3) of the paper for one head, each L × L (rows i query, columns j key):
//   a[i][j] = q_i · k_j            content–content      (AC without the bias)
//   b[i][j] = q_i · (W_R R_{i−j})  content–position     (BD without the bias)
//   c[i][j] = u · k_j              global content bias  (r_w_bias)
//   d[i][j] = v · (W_R R_{i−j})    global position bias (r_r_bias)
// attn_score = (a + b + c + d) / √d_head (RelPartialLearnableMultiHeadAttn's self.scale). Every cell uses
// R_{i−j}: Transformer-XL evaluates the cells j ≤ i (its causal mask removes the rest; pos_seq = klen−1 … 0),
// XLNet's bidirectional attention also the cells j > i (pos_seq = klen … −qlen+1), with the same formula.
struct TxlTerms {
    Eigen::MatrixXd a, b, c, d;
    double scale = 1.0;  // 1/√d_head
};
// Q, K: L × d_head (rows = positions); u, v: d_head; W_R: d_head × d_model (r_net's weight for this head).
TxlTerms txl_attention_terms(const Eigen::MatrixXd& Q, const Eigen::MatrixXd& K, const Eigen::VectorXd& u,
                             const Eigen::VectorXd& v, const Eigen::MatrixXd& W_R, double base = 10000.0);

// (a + b + c + d) · scale.
Eigen::MatrixXd txl_scores(const TxlTerms& t);

// Seeded inputs for one head: drawn from `seed` in the order W_R, u, v, Q, K, entries in [−1, 1).
struct TxlDemo {
    Eigen::MatrixXd W_R, Q, K;
    Eigen::VectorXd u, v;
};
TxlDemo txl_demo_inputs(int L, int d_head, int d_model, std::uint64_t seed);

// [SECTION] DeBERTa

// make_log_bucket_position for one relative position: |δ| ≤ mid = bucket_size/2 (integer division) keeps δ;
// beyond, sign(δ)·(⌈log(|δ|/mid) / log((max_position − 1)/mid) · (mid − 1)⌉ + mid). Every step in float32 as
// PyTorch does it (abs_pos/mid is a float32 tensor, the log of a 0-d float32 tensor, the product, the ceil), with
// the correctly rounded float32 logarithm. Needs bucket_size ≥ 2 and max_position − 1 > mid (validated by
// the quantity); other values give what the formula gives, or δ itself where it is not finite.
int deberta_log_bucket_position(int relative_pos, int bucket_size, int max_position);

// build_relative_position(query_size, key_size, bucket_size, max_position): query − key, log-bucketed when
// bucket_size > 0 and max_position > 0. query_size × key_size.
Eigen::MatrixXi deberta_relative_position(int query_size, int key_size, int bucket_size, int max_position);

// The attention span k (DisentangledSelfAttention.pos_ebd_size): position_buckets when > 0, else
// max_relative_positions. The relative embedding table has 2k rows.
int deberta_attention_span(int bucket_size, int max_position);

// c2p_pos = clamp(δ + k, 0, 2k − 1) for every cell of `relative_pos` (δ = query − key).
Eigen::MatrixXi deberta_c2p_index(const Eigen::MatrixXi& relative_pos, int span);
// The index p2c reads at (i, j), as the reference builds it: p2c_pos = clamp(−r_pos + k, 0, 2k − 1) gathered
// along the key rows and then transposed, so cell (i, j) holds clamp(−r_pos[j][i] + k, 0, 2k − 1).
// relative_pos must be square (the self-attention case, r_pos = relative_pos).
Eigen::MatrixXi deberta_p2c_index(const Eigen::MatrixXi& relative_pos, int span);

// The disentangled scores of one head (DisentangledSelfAttention.forward + disentangled_attention_bias with
// c2p and p2c both on, share_att_key off):
//   c2c[i][j] = Qc_i · Kc_j / √(3d)
//   c2p[i][j] = Qc_i · Kr_{c2p(i,j)} / √(3d)
//   p2c[i][j] = Kc_j · Qr_{p2c(i,j)} / √(3d)
// where d = head size and 3 = scale_factor = 1 + len(pos_att_type). Qc, Kc: L × d; Qr, Kr: 2k × d (the
// position projections of the relative embedding table).
struct DebertaTerms {
    Eigen::MatrixXd c2c, c2p, p2c;
    double scale = 1.0;  // 1/√(3d)
};
DebertaTerms deberta_disentangled_terms(const Eigen::MatrixXd& Qc, const Eigen::MatrixXd& Kc, const Eigen::MatrixXd& Qr,
                                        const Eigen::MatrixXd& Kr, const Eigen::MatrixXi& relative_pos, int span);

// c2c + c2p + p2c.
Eigen::MatrixXd deberta_scores(const DebertaTerms& t);

// Seeded inputs: drawn from `seed` in the order Qr, Kr (2·span × d), Qc, Kc (L × d), entries in [−1, 1).
struct DebertaDemo {
    Eigen::MatrixXd Qr, Kr, Qc, Kc;
};
DebertaDemo deberta_demo_inputs(int L, int d, int span, std::uint64_t seed);

// [SECTION] xPos

// The per-pair decay base ζᵢ = (2i + 0.4d) / (1.4d), i = 0..d/2 − 1 (XPOS.scale: (arange(0, d, 2) + 0.4d) / (1.4d)).
Eigen::VectorXd xpos_zeta(int d);

// The first position exponent: XPOS.forward's min_pos = -(length + offset) // 2 (Python floor division of
// the negated length, so −⌈(length + offset)/2⌉). Position n of the sequence is scaled with exponent
// (n + min_pos)/γ; its angle is n·θᵢ (fixed_pos_embedding counts from 0).
int xpos_min_pos(int length, int offset = 0);

// One vector as XPOS.forward leaves it at position `pos` (0-based) of a sequence of `length`: pair i
// (interleaved, x[2i], x[2i+1], as rotate_every_two and duplicate_interleave pair them) rotated by pos·θᵢ and
// multiplied by ζᵢ^((pos + min_pos)/γ), or by its reciprocal when `downscale` (keys).
Eigen::VectorXd xpos_apply(const Eigen::VectorXd& x, int pos, int length, const Eigen::VectorXd& theta,
                           const Eigen::VectorXd& zeta, double gamma, bool downscale);

// S[m][n] = ⟨xpos(q, m), xpos(k, n, downscale)⟩ for m, n = 0..L−1, computed from the transformed vectors.
Eigen::MatrixXd xpos_scores(int L, const Eigen::VectorXd& theta, const Eigen::VectorXd& zeta, double gamma,
                            const Eigen::VectorXd& q, const Eigen::VectorXd& k);

// The relative form every cell must equal: Σᵢ ζᵢ^((m−n)/γ) · ⟨(q₂ᵢ, q₂ᵢ₊₁), R((n−m)θᵢ)(k₂ᵢ, k₂ᵢ₊₁)⟩.
Eigen::MatrixXd xpos_relative_form(int L, const Eigen::VectorXd& theta, const Eigen::VectorXd& zeta, double gamma,
                                   const Eigen::VectorXd& q, const Eigen::VectorXd& k);

// The score of q = k = (1, 0, 1, 0, …) at distance Δ = m − n (query after key), normalised to 1 at Δ = 0:
// (2/d) Σᵢ ζᵢ^(Δ/γ) cos(Δθᵢ) — a row of xpos_scores / (d/2). With `envelope` the cosines are left out:
// (2/d) Σᵢ ζᵢ^(Δ/γ), the decay alone. ζ ≡ 1 gives rope_decay_curve.
std::vector<double> xpos_decay_curve(const Eigen::VectorXd& theta, const Eigen::VectorXd& zeta, double gamma,
                                     const std::vector<double>& deltas, bool envelope = false);

}  // namespace pelab
