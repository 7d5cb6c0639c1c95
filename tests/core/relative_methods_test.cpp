// PE Lab — tests/core/relative_methods_test.cpp
// Transformer-XL / XLNet, DeBERTa and xPos (core/relative/relative_methods.h) against their reference code, each
// re-implemented here independently in the reference's own steps:
//   Transformer-XL: kimiyoung/transformer-xl pytorch/mem_transformer.py (PositionalEmbedding, pos_seq =
//     klen−1 … 0, RelPartialLearnableMultiHeadAttn.forward and RelMultiHeadAttn._rel_shift, done on a flat
//     buffer as the tensor views do); XLNet: HF models/xlnet/modeling_xlnet.py (relative_positional_encoding
//     with attn_type "bi", rel_shift_bnij);
//   DeBERTa: HF models/deberta_v2/modeling_deberta_v2.py (make_log_bucket_position in float32,
//     build_relative_position, disentangled_attention_bias with its gather and transpose);
//   xPos: microsoft/torchscale torchscale/component/xpos_relative_position.py (XPOS.forward,
//     fixed_pos_embedding, duplicate_interleave, rotate_every_two, apply_rotary_pos_emb).
// Golden numbers written out were computed in a throwaway Python script from the same formulas (float32 by
// struct rounding for DeBERTa) or by hand, as each comment says.
//
// [SECTION] Transformer-XL / XLNet
// [SECTION] DeBERTa
// [SECTION] xPos
// [SECTION] quantities
#include <cmath>
#include <string>
#include <vector>

#include "core/quantities/quantity.h"
#include "core/random.h"
#include "core/relative/relative_methods.h"
#include "core/rope/rope.h"
#include "matrix_assert.h"

namespace {

using namespace pelab;
using pelab_test::from_rows;

// [SECTION] Transformer-XL / XLNet

TEST(TransformerXl, InverseFrequenciesAndEmbeddingLayout) {
    // 1 / 10000^(arange(0, 8, 2)/8) = 1, 0.1, 0.01, 0.001.
    const Eigen::VectorXd f = txl_inv_freq(8);
    ASSERT_EQ(f.size(), 4);
    EXPECT_DOUBLE_EQ(f(0), 1.0);
    EXPECT_NEAR(f(1), 0.1, 1e-16);
    EXPECT_NEAR(f(2), 0.01, 1e-17);
    EXPECT_NEAR(f(3), 0.001, 1e-18);
    // cat([sin, cos]): position 2, d_model 4 → sin 2, sin 0.02, cos 2, cos 0.02 (sines first, then cosines).
    const Eigen::MatrixXd E = txl_positional_embedding({2.0}, 4);
    ASSERT_EQ(E.cols(), 4);
    EXPECT_NEAR(E(0, 0), 0.9092974268256817, 1e-15);
    EXPECT_NEAR(E(0, 1), 0.01999866669333308, 1e-15);
    EXPECT_NEAR(E(0, 2), -0.4161468365471424, 1e-15);
    EXPECT_NEAR(E(0, 3), 0.9998000066665778, 1e-15);
}

// The reference pipeline for one head without memory (klen = qlen = L), step by step:
// pos_seq = klen−1 … 0; r_head_k = r_net(pos_emb) = pos_emb · W_Rᵀ; AC = (q + u)·k; BD = (q + v)·r_head_k;
// BD = _rel_shift(BD) (zero column in front, view as (klen+1) × qlen, drop the first row, view as qlen × klen);
// attn_score = (AC + BD) · scale. Only the cells j ≤ i are meaningful (the causal mask removes the rest).
Eigen::MatrixXd txl_reference_scores(const TxlDemo& demo, int L) {
    const int d_model = static_cast<int>(demo.W_R.cols());
    std::vector<double> pos_seq;
    for (int p = L - 1; p >= 0; --p) pos_seq.push_back(p);
    const Eigen::MatrixXd pos_emb = txl_positional_embedding(pos_seq, d_model);
    const Eigen::MatrixXd r_head_k = pos_emb * demo.W_R.transpose();  // klen × d_head
    Eigen::MatrixXd AC(L, L), BD(L, L);
    for (int i = 0; i < L; ++i)
        for (int j = 0; j < L; ++j) {
            AC(i, j) = (demo.Q.row(i) + demo.u.transpose()).dot(demo.K.row(j));
            BD(i, j) = (demo.Q.row(i) + demo.v.transpose()).dot(r_head_k.row(j));
        }
    // _rel_shift on a row-major flat buffer, as torch's contiguous views see it.
    std::vector<double> padded;
    for (int i = 0; i < L; ++i) {
        padded.push_back(0.0);
        for (int j = 0; j < L; ++j) padded.push_back(BD(i, j));
    }
    Eigen::MatrixXd shifted(L, L);
    for (int f = 0; f < L * L; ++f) shifted(f / L, f % L) = padded[static_cast<std::size_t>(f + L)];
    return (AC + shifted) / std::sqrt(static_cast<double>(demo.Q.cols()));
}

TEST(TransformerXl, FourTermsEqualTheReferenceOnTheCausalCells) {
    for (int L : {1, 2, 5, 9}) {
        for (int d : {2, 4, 8}) {
            const TxlDemo demo = txl_demo_inputs(L, d, d, 7u + static_cast<unsigned>(L));
            const TxlTerms t = txl_attention_terms(demo.Q, demo.K, demo.u, demo.v, demo.W_R);
            const Eigen::MatrixXd ours = txl_scores(t), ref = txl_reference_scores(demo, L);
            for (int i = 0; i < L; ++i)
                for (int j = 0; j <= i; ++j) EXPECT_NEAR(ours(i, j), ref(i, j), 1e-12) << "L " << L << " d " << d;
        }
    }
}

// d_model of the sinusoid and d_head may differ (r_net maps d_model → d_head).
TEST(TransformerXl, ModelWidthAndHeadWidthMayDiffer) {
    const int L = 6;
    const TxlDemo demo = txl_demo_inputs(L, 3, 10, 5);
    ASSERT_EQ(demo.W_R.rows(), 3);
    ASSERT_EQ(demo.W_R.cols(), 10);
    const Eigen::MatrixXd ours = txl_scores(txl_attention_terms(demo.Q, demo.K, demo.u, demo.v, demo.W_R));
    const Eigen::MatrixXd ref = txl_reference_scores(demo, L);
    for (int i = 0; i < L; ++i)
        for (int j = 0; j <= i; ++j) EXPECT_NEAR(ours(i, j), ref(i, j), 1e-12);
}

// XLNet's bidirectional attention: pos_seq = klen, klen−1, …, −qlen+1 (2L rows), bd = (q + r_r_bias)·k_r,
// rel_shift_bnij (view as 2L × L, drop the first row, view as L × (2L−1), keep the first klen columns). Every
// cell, including j > i, equals the terms with R_{i−j}.
TEST(TransformerXl, XlnetBidirectionalShiftGivesEveryCell) {
    const int L = 5, d = 4;
    const TxlDemo demo = txl_demo_inputs(L, d, d, 3);
    std::vector<double> pos_seq;
    for (int p = L; p > -L; --p) pos_seq.push_back(p);
    const Eigen::MatrixXd k_r = txl_positional_embedding(pos_seq, d) * demo.W_R.transpose();  // 2L × d
    std::vector<double> bd;  // row-major L × 2L
    for (int i = 0; i < L; ++i)
        for (int c = 0; c < 2 * L; ++c) bd.push_back((demo.Q.row(i) + demo.v.transpose()).dot(k_r.row(c)));
    const TxlTerms t = txl_attention_terms(demo.Q, demo.K, demo.u, demo.v, demo.W_R);
    for (int i = 0; i < L; ++i)
        for (int j = 0; j < L; ++j) {
            const double shifted = bd[static_cast<std::size_t>(L + i * (2 * L - 1) + j)];
            EXPECT_NEAR(t.b(i, j) + t.d(i, j), shifted, 1e-12) << i << "," << j;
        }
}

// What each term depends on: c only on the key (u·k_j), d only on i − j (Toeplitz), a and b on the content.
TEST(TransformerXl, TermStructure) {
    const int L = 7, d = 6;
    const TxlDemo demo = txl_demo_inputs(L, d, d, 11);
    const TxlTerms t = txl_attention_terms(demo.Q, demo.K, demo.u, demo.v, demo.W_R);
    EXPECT_DOUBLE_EQ(t.scale, 1.0 / std::sqrt(6.0));
    for (int i = 1; i < L; ++i)
        for (int j = 0; j < L; ++j) EXPECT_EQ(t.c(i, j), t.c(0, j));
    for (int i = 1; i < L; ++i)
        for (int j = 1; j < L; ++j) EXPECT_NEAR(t.d(i, j), t.d(i - 1, j - 1), 1e-13);
    EXPECT_GT(std::abs(t.b(1, 0) - t.b(2, 1)), 1e-6);  // same distance, another query: content-dependent
    // d at distance δ written out: v · W_R [sin δf | cos δf].
    const Eigen::VectorXd r3 = txl_relative_sinusoid(3.0, d);
    EXPECT_NEAR(t.d(5, 2), demo.v.dot(demo.W_R * r3), 1e-13);
    EXPECT_NEAR(t.a(4, 1), demo.Q.row(4).dot(demo.K.row(1)), 1e-13);
}

// [SECTION] DeBERTa

// The reference steps in float32 with the float overload of std::log (glibc's logf), a second path to the
// double log rounded once that core uses.
int reference_bucket(int rel, int bucket_size, int max_position) {
    const int mid = bucket_size / 2;
    const int sign = rel > 0 ? 1 : (rel < 0 ? -1 : 0);
    const int abs_pos = (rel < mid && rel > -mid) ? mid - 1 : std::abs(rel);
    if (abs_pos <= mid) return rel;
    const float num = std::log(static_cast<float>(abs_pos) / static_cast<float>(mid));
    const float den = std::log(static_cast<float>(static_cast<double>(max_position - 1) / mid));
    const float log_pos = std::ceil(num / den * static_cast<float>(mid - 1)) + static_cast<float>(mid);
    return static_cast<int>(log_pos * static_cast<float>(sign));
}

TEST(Deberta, LogBucketGoldenForReleasedV3Settings) {
    // position_buckets 256, max_position 512 (DeBERTa-v3's configuration); Python float32 transcription.
    const std::vector<std::pair<int, int>> golden = {
        {0, 0},     {1, 1},     {127, 127}, {128, 128}, {129, 129}, {130, 130}, {160, 149},
        {200, 169}, {256, 192}, {300, 207}, {400, 233}, {511, 255}, {512, 256}, {700, 284},
        {1000, 317}, {1023, 319}};
    for (const auto& [delta, bucket] : golden) {
        EXPECT_EQ(deberta_log_bucket_position(delta, 256, 512), bucket) << delta;
        EXPECT_EQ(deberta_log_bucket_position(-delta, 256, 512), -bucket) << -delta;
    }
}

TEST(Deberta, Float32CeilDiffersFromDouble) {
    // bucket_size 256, max_position 967, δ = 227: log(227/128)/log(966/128)·127 = 36.000000085 in double (ceil 37,
    // bucket 165); the float32 steps give exactly 36 (bucket 164).
    EXPECT_EQ(deberta_log_bucket_position(227, 256, 967), 164);
    const double in_double = std::log(227.0 / 128.0) / std::log(966.0 / 128.0) * 127.0;
    EXPECT_EQ(static_cast<int>(std::ceil(in_double)) + 128, 165);
}

TEST(Deberta, LogBucketAgreesWithTheLogfPath) {
    for (const auto& [bs, mp] : std::vector<std::pair<int, int>>{{256, 512}, {64, 512}, {8, 20}, {16, 64}, {512, 2048}})
        for (int delta = -1100; delta <= 1100; ++delta)
            ASSERT_EQ(deberta_log_bucket_position(delta, bs, mp), reference_bucket(delta, bs, mp)) << bs << "/" << mp
                                                                                                   << " δ " << delta;
}

TEST(Deberta, BuildRelativePositionSmall) {
    // bucket_size 8 (mid 4), max_position 20; last row of L = 12: δ = 11 … 0. Python float32 transcription.
    const Eigen::MatrixXi R = deberta_relative_position(12, 12, 8, 20);
    const std::vector<int> last = {6, 6, 6, 6, 6, 5, 5, 4, 3, 2, 1, 0};
    for (int j = 0; j < 12; ++j) EXPECT_EQ(R(11, j), last[static_cast<std::size_t>(j)]);
    for (int i = 0; i < 12; ++i)
        for (int j = 0; j < 12; ++j) EXPECT_EQ(R(i, j), -R(j, i));
    // Without buckets (bucket_size 0, HF's −1): query − key.
    EXPECT_MATRIX_NEAR(deberta_relative_position(3, 3, 0, 512), from_rows(3, {0, -1, -2, 1, 0, -1, 2, 1, 0}), 0.0);
    // Query and key lengths may differ (query_size × key_size).
    const Eigen::MatrixXi rect = deberta_relative_position(2, 4, 0, 512);
    ASSERT_EQ(rect.rows(), 2);
    ASSERT_EQ(rect.cols(), 4);
    EXPECT_EQ(rect(1, 3), -2);
}

TEST(Deberta, SpanAndIndices) {
    EXPECT_EQ(deberta_attention_span(256, 512), 256);
    EXPECT_EQ(deberta_attention_span(0, 512), 512);
    // k = 2, no buckets, L = 5: clamp(δ + 2, 0, 3).
    const Eigen::MatrixXi rel = deberta_relative_position(5, 5, 0, 2);
    EXPECT_MATRIX_NEAR(deberta_c2p_index(rel, 2), from_rows(5, {2, 1, 0, 0, 0,
                                                                 3, 2, 1, 0, 0,
                                                                 3, 3, 2, 1, 0,
                                                                 3, 3, 3, 2, 1,
                                                                 3, 3, 3, 3, 2}),
                       0.0);
    // p2c reads clamp(−r_pos[j][i] + k): for an odd r_pos that is the c2p index itself.
    EXPECT_MATRIX_NEAR(deberta_p2c_index(rel, 2), deberta_c2p_index(rel, 2), 0.0);
    const Eigen::MatrixXi bucketed = deberta_relative_position(40, 40, 16, 64);
    EXPECT_MATRIX_NEAR(deberta_p2c_index(bucketed, 16), deberta_c2p_index(bucketed, 16), 0.0);
}

// disentangled_attention_bias step by step: c2p_att = Qc·Krᵀ gathered along the last axis with c2p_pos;
// p2c_att = Kc·Qrᵀ (rows keys) gathered with p2c_pos = clamp(−r_pos + k) and transposed; every term / √(3d).
TEST(Deberta, DisentangledTermsEqualTheGatherForm) {
    const int L = 9, d = 4;
    const Eigen::MatrixXi rel = deberta_relative_position(L, L, 8, 12);
    const int span = deberta_attention_span(8, 12);
    const DebertaDemo demo = deberta_demo_inputs(L, d, span, 5);
    ASSERT_EQ(demo.Qr.rows(), 2 * span);
    const DebertaTerms t = deberta_disentangled_terms(demo.Qc, demo.Kc, demo.Qr, demo.Kr, rel, span);
    const double scale = std::sqrt(static_cast<double>(d) * 3.0);
    EXPECT_DOUBLE_EQ(t.scale, 1.0 / scale);
    const Eigen::MatrixXd c2p_att = demo.Qc * demo.Kr.transpose();  // L × 2k
    const Eigen::MatrixXd p2c_att = demo.Kc * demo.Qr.transpose();  // L × 2k, rows keys
    Eigen::MatrixXd gathered(L, L);
    for (int x = 0; x < L; ++x)
        for (int y = 0; y < L; ++y) {
            const int p2c_pos = std::min(std::max(-rel(x, y) + span, 0), 2 * span - 1);
            gathered(x, y) = p2c_att(x, p2c_pos);
        }
    for (int i = 0; i < L; ++i)
        for (int j = 0; j < L; ++j) {
            const int c2p_pos = std::min(std::max(rel(i, j) + span, 0), 2 * span - 1);
            EXPECT_NEAR(t.c2c(i, j), demo.Qc.row(i).dot(demo.Kc.row(j)) / scale, 1e-14);
            EXPECT_NEAR(t.c2p(i, j), c2p_att(i, c2p_pos) / scale, 1e-14);
            EXPECT_NEAR(t.p2c(i, j), gathered(j, i) / scale, 1e-14);
        }
    EXPECT_MATRIX_NEAR(deberta_scores(t), t.c2c + t.c2p + t.p2c, 0.0);
}

TEST(Deberta, BucketRuleMessages) {
    EXPECT_EQ(deberta_bucket_problem(0, 2), "");
    EXPECT_EQ(deberta_bucket_problem(256, 512), "");
    EXPECT_EQ(deberta_bucket_problem(256, 130), "");
    EXPECT_EQ(deberta_bucket_problem(256, 129),
              "max_position: 129 is out of range 130..65536: with bucket_size=256 it must exceed bucket_size/2 + 1 = 129");
    EXPECT_NE(deberta_bucket_problem(1, 512).find("bucket_size: 1 is out of range 2..4096"), std::string::npos);
}

// [SECTION] xPos

TEST(Xpos, ZetaAndMinPos) {
    // (arange(0, 8, 2) + 3.2) / 11.2
    const Eigen::VectorXd z = xpos_zeta(8);
    ASSERT_EQ(z.size(), 4);
    EXPECT_NEAR(z(0), 3.2 / 11.2, 1e-16);
    EXPECT_NEAR(z(3), 9.2 / 11.2, 1e-16);
    // -(length + offset) // 2 in Python.
    EXPECT_EQ(xpos_min_pos(1), -1);
    EXPECT_EQ(xpos_min_pos(4), -2);
    EXPECT_EQ(xpos_min_pos(5), -3);
    EXPECT_EQ(xpos_min_pos(5, 2), -4);
}

// XPOS.forward on a whole sequence, tensor by tensor: scale[n][i] = ζᵢ^((min_pos + n)/γ); sin, cos of
// n·inv_freq (inv_freq over the d/2 columns of `scale`); duplicate_interleave(t · scale);
// x·cos + rotate_every_two(x)·sin; downscale uses 1/scale.
Eigen::MatrixXd torchscale_xpos(const Eigen::MatrixXd& X, double base, double gamma, bool downscale) {
    const int length = static_cast<int>(X.rows()), d = static_cast<int>(X.cols()), dim = d / 2;
    const int min_pos = -((length + 1) / 2);
    Eigen::MatrixXd out(length, d);
    for (int n = 0; n < length; ++n) {
        Eigen::VectorXd cos_d(d), sin_d(d), rot(d);
        for (int i = 0; i < dim; ++i) {
            const double zeta = (2.0 * i + 0.4 * d) / (1.4 * d);
            double scale = std::pow(zeta, (min_pos + n) / gamma);
            if (downscale) scale = 1.0 / scale;
            const double inv_freq = 1.0 / std::pow(base, static_cast<double>(i) / dim);
            cos_d(2 * i) = cos_d(2 * i + 1) = std::cos(n * inv_freq) * scale;
            sin_d(2 * i) = sin_d(2 * i + 1) = std::sin(n * inv_freq) * scale;
            rot(2 * i) = -X(n, 2 * i + 1);
            rot(2 * i + 1) = X(n, 2 * i);
        }
        for (int c = 0; c < d; ++c) out(n, c) = X(n, c) * cos_d(c) + rot(c) * sin_d(c);
    }
    return out;
}

TEST(Xpos, ScoresEqualTheTorchscalePipeline) {
    for (int L : {1, 4, 7}) {
        for (int d : {2, 4, 8}) {
            SplitMix64 rng(static_cast<std::uint64_t>(31 * L + d));
            const Eigen::VectorXd q = random_signed_matrix(d, 1, rng).col(0), k = random_signed_matrix(d, 1, rng).col(0);
            const Eigen::MatrixXd Qx = torchscale_xpos(q.transpose().replicate(L, 1), 10000.0, 512.0, false);
            const Eigen::MatrixXd Kx = torchscale_xpos(k.transpose().replicate(L, 1), 10000.0, 512.0, true);
            const Eigen::MatrixXd ours = xpos_scores(L, rope_default_inv_freq(d, 10000.0), xpos_zeta(d), 512.0, q, k);
            EXPECT_MATRIX_NEAR(ours, Eigen::MatrixXd(Qx * Kx.transpose()), 1e-12);
        }
    }
}

TEST(Xpos, GoldenAndRelativeForm) {
    // q = k = (1, 0, 1, 0), d = 4: S[m][n] = Σ ζᵢ^((m−n)/512) cos((m−n)θᵢ), θ = (1, 0.01), ζ = (1.6/5.6, 3.6/5.6).
    const Eigen::VectorXd q = (Eigen::VectorXd(4) << 1, 0, 1, 0).finished();
    const Eigen::MatrixXd S = xpos_scores(3, rope_default_inv_freq(4, 10000.0), xpos_zeta(4), 512.0, q, q);
    EXPECT_NEAR(S(1, 0), 1.538069369965678, 1e-14);
    EXPECT_NEAR(S(0, 1), 1.5424392219642402, 1e-14);
    EXPECT_NEAR(S(2, 0), 0.5839605780184073, 1e-14);
    EXPECT_NEAR(S(0, 2), 0.5833387747444759, 1e-14);
    EXPECT_NEAR(S(2, 2), 2.0, 1e-14);
    // Any q, k: every cell equals the relative form (depends on m − n only), and the matrix is Toeplitz.
    SplitMix64 rng(9);
    const int d = 8, L = 12;
    const Eigen::VectorXd a = random_signed_matrix(d, 1, rng).col(0), b = random_signed_matrix(d, 1, rng).col(0);
    const Eigen::VectorXd theta = rope_default_inv_freq(d, 10000.0), zeta = xpos_zeta(d);
    const Eigen::MatrixXd X = xpos_scores(L, theta, zeta, 512.0, a, b);
    EXPECT_MATRIX_NEAR(X, xpos_relative_form(L, theta, zeta, 512.0, a, b), 1e-12);
    EXPECT_LT(toeplitz_residual(X), 1e-13);
    // Odd and even lengths (min_pos −⌈L/2⌉) give the same relative scores.
    EXPECT_MATRIX_NEAR(Eigen::MatrixXd(xpos_scores(L + 1, theta, zeta, 512.0, a, b).topLeftCorner(L, L)), X, 1e-12);
}

TEST(Xpos, ZetaOneIsPlainInterleavedRope) {
    SplitMix64 rng(4);
    const int d = 8, L = 10;
    const Eigen::VectorXd q = random_signed_matrix(d, 1, rng).col(0), k = random_signed_matrix(d, 1, rng).col(0);
    const Eigen::VectorXd theta = rope_default_inv_freq(d, 500.0);
    const Eigen::MatrixXd rope = rope_scores(L, theta, q, k, RopeLayout::interleaved);
    EXPECT_MATRIX_NEAR(xpos_scores(L, theta, Eigen::VectorXd::Ones(d / 2), 512.0, q, k), rope, 1e-12);
    // A huge γ brings ζ^(m/γ) to 1 within |ln ζ|·L/γ.
    EXPECT_MATRIX_NEAR(xpos_scores(L, theta, xpos_zeta(d), 1e12, q, k), rope, 1e-9);
    // With γ = 512 the far past decays: |S| at distance L−1 below RoPE's for q = k = unit pairs.
    const Eigen::VectorXd e = (Eigen::VectorXd(4) << 1, 0, 1, 0).finished();
    const Eigen::VectorXd t4 = rope_default_inv_freq(4, 10000.0);
    EXPECT_LT(xpos_scores(64, t4, xpos_zeta(4), 512.0, e, e)(63, 0), rope_scores(64, t4, e, e, RopeLayout::interleaved)(63, 0));
}

TEST(Xpos, DecayCurveIsARowOfTheScores) {
    const int d = 6, L = 20;
    const Eigen::VectorXd e = (Eigen::VectorXd(6) << 1, 0, 1, 0, 1, 0).finished();
    const Eigen::VectorXd theta = rope_default_inv_freq(d, 10000.0), zeta = xpos_zeta(d);
    const Eigen::MatrixXd S = xpos_scores(L, theta, zeta, 8.0, e, e);
    std::vector<double> deltas;
    for (int delta = 0; delta < L; ++delta) deltas.push_back(delta);
    const std::vector<double> curve = xpos_decay_curve(theta, zeta, 8.0, deltas);
    const std::vector<double> envelope = xpos_decay_curve(theta, zeta, 8.0, deltas, true);
    for (int delta = 0; delta < L; ++delta) {
        EXPECT_NEAR(curve[static_cast<std::size_t>(delta)], S(L - 1, L - 1 - delta) / 3.0, 1e-13);
        EXPECT_LE(std::fabs(curve[static_cast<std::size_t>(delta)]), envelope[static_cast<std::size_t>(delta)] + 1e-15);
    }
    EXPECT_DOUBLE_EQ(curve[0], 1.0);
    // ζ ≡ 1: RoPE's decay curve.
    const std::vector<double> plain = xpos_decay_curve(theta, Eigen::VectorXd::Ones(3), 8.0, deltas);
    const std::vector<double> rope = rope_decay_curve(theta, deltas);
    for (std::size_t i = 0; i < deltas.size(); ++i) EXPECT_NEAR(plain[i], rope[i], 1e-15);
}

// [SECTION] quantities

std::string strict_issue(const Quantity& q, const KeyValues& kv, ParamSet* p) {
    *p = defaults(q.params);
    std::vector<ParamIssue> issues = parse_params_strict(q.params, kv, p);
    if (issues.empty()) issues = validate_params(q, *p);
    return issues.empty() ? std::string() : issues.front().key + " | " + issues.front().message;
}

TEST(RelativeMethodsQuantities, DebertaRelativePosition) {
    const Quantity* q = find_quantity("deberta_relative_position");
    ASSERT_NE(q, nullptr);
    ParamSet p;
    ASSERT_EQ(strict_issue(*q, split_query("L=1024"), &p), "");
    EXPECT_EQ(p.geti("bucket_size"), 256);
    EXPECT_EQ(p.geti("max_position"), 512);
    const QuantityResult r = q->compute(p);
    EXPECT_TRUE(r.integer);
    ASSERT_EQ(r.shape, (std::vector<int>{1024, 1024}));
    EXPECT_EQ(r.data[1023 * 1024 + 0], 319);   // δ = 1023
    EXPECT_EQ(r.data[0 * 1024 + 300], -207);   // δ = −300
    // HF's config name is accepted.
    ASSERT_EQ(strict_issue(*q, split_query("L=4&position_buckets=0"), &p), "");
    EXPECT_EQ(p.geti("bucket_size"), 0);
    EXPECT_EQ(strict_issue(*q, split_query("bucket_size=256&max_position=100"), &p),
              "max_position | max_position: 100 is out of range 130..65536: with bucket_size=256 it must exceed "
              "bucket_size/2 + 1 = 129");
    EXPECT_NE(strict_issue(*q, split_query("L=1025"), &p), "");
}

TEST(RelativeMethodsQuantities, XposScoresAndTransformerXlTerms) {
    const Quantity* x = find_quantity("xpos_scores");
    ASSERT_NE(x, nullptr);
    ParamSet p;
    ASSERT_EQ(strict_issue(*x, split_query("L=3&scale_base=512"), &p), "");
    EXPECT_DOUBLE_EQ(p.getd("gamma"), 512.0);
    const QuantityResult r = x->compute(p);
    ASSERT_EQ(r.shape, (std::vector<int>{3, 3}));
    EXPECT_NEAR(r.data[3], 1.538069369965678, 1e-14);  // S[1][0]
    EXPECT_NE(strict_issue(*x, split_query("d=4&q=1,0"), &p), "");

    const Quantity* t = find_quantity("transformer_xl_terms");
    ASSERT_NE(t, nullptr);
    ASSERT_EQ(strict_issue(*t, split_query("L=4&d=6&seed=3&term=d"), &p), "");
    const TxlDemo demo = txl_demo_inputs(4, 6, 6, 3);
    const TxlTerms terms = txl_attention_terms(demo.Q, demo.K, demo.u, demo.v, demo.W_R);
    const QuantityResult rt = t->compute(p);
    ASSERT_EQ(rt.shape, (std::vector<int>{4, 4}));
    for (int i = 0; i < 4; ++i)
        for (int j = 0; j < 4; ++j) EXPECT_EQ(rt.data[static_cast<std::size_t>(4 * i + j)], terms.d(i, j));
}

}  // namespace
