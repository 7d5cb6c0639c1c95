// PE Lab — core/relative/relative_methods.cpp
// Implements relative_methods.h: Transformer-XL / XLNet's four terms, DeBERTa's relative positions, log
// buckets and disentangled terms, and xPos. Dot products are summed term by term in index order so the
// numbers do not depend on how a compiler vectorises them.
//
// [SECTION] helpers
// [SECTION] parameter specs
// [SECTION] Transformer-XL / XLNet
// [SECTION] DeBERTa
// [SECTION] xPos
#include "core/relative/relative_methods.h"
#include "core/io/keys.h"

#include <algorithm>
#include <cmath>

#include "core/dot.h"
#include "core/random.h"

namespace pelab {

// [SECTION] helpers
namespace {

double dot_vectors(const Eigen::VectorXd& a, const Eigen::VectorXd& b) {
    double sum = 0.0;
    const Eigen::Index n = std::min(a.size(), b.size());
    for (Eigen::Index c = 0; c < n; ++c) sum += a(c) * b(c);
    return sum;
}

// W · x summed in index order (W is rows × cols, x has cols entries).
Eigen::VectorXd times_in_order(const Eigen::MatrixXd& W, const Eigen::VectorXd& x) {
    Eigen::VectorXd out(W.rows());
    for (Eigen::Index r = 0; r < W.rows(); ++r) {
        double sum = 0.0;
        for (Eigen::Index c = 0; c < W.cols() && c < x.size(); ++c) sum += W(r, c) * x(c);
        out(r) = sum;
    }
    return out;
}

}  // namespace

// [SECTION] parameter specs
ParamSpec deberta_spec_bucket_size() {
    ParamSpec s = int_spec("bucket_size", 0, 4096, "256",
                           "DeBERTa: log buckets of the relative position (HF position_buckets; 256 in v3; 0 none)");
    s.aliases = {"position_buckets"};
    return s;
}

ParamSpec deberta_spec_max_position() {
    // The shared key (LongRoPE uses it too), narrowed: DeBERTa-v3 uses 512 (HF max_relative_positions, else
    // max_position_embeddings); distance max_position - 1 gets the last log bucket.
    return narrowed(shared_key("max_position"), 2, 65536, "512");
}

ParamSpec xpos_spec_gamma() {
    ParamSpec s = real_spec("gamma", 1, 1e12, "512", "xPos: decay length gamma of zeta^(m/gamma) (torchscale scale_base, 512)");
    s.aliases = {"scale_base"};
    return s;
}

std::string deberta_bucket_problem(int bucket_size, int max_position) {
    if (bucket_size == 0) return std::string();
    const ParamSpec bs = deberta_spec_bucket_size(), mp = deberta_spec_max_position();
    if (bucket_size < 2)
        return "bucket_size: " + std::to_string(bucket_size) + " is out of range 2.." + std::to_string(int(bs.max)) +
               ": it is 0 (no buckets) or at least 2 (bucket_size/2 exact positions each side)";
    const int least = bucket_size / 2 + 2;
    if (max_position >= least) return std::string();
    return "max_position: " + std::to_string(max_position) + " is out of range " + std::to_string(least) + ".." +
           std::to_string(int(mp.max)) + ": with bucket_size=" + std::to_string(bucket_size) +
           " it must exceed bucket_size/2 + 1 = " + std::to_string(least - 1);
}

// [SECTION] Transformer-XL / XLNet
// kimiyoung/transformer-xl pytorch/mem_transformer.py, PositionalEmbedding.__init__:
// inv_freq = 1 / (10000 ** (torch.arange(0.0, demb, 2.0) / demb)).
Eigen::VectorXd txl_inv_freq(int d_model, double base) {
    const int half = std::max(d_model, 0) / 2;
    Eigen::VectorXd f(half);
    for (int s = 0; s < half; ++s) f(s) = 1.0 / std::pow(base, (2.0 * s) / d_model);
    return f;
}

// PositionalEmbedding.forward: sinusoid_inp = torch.ger(pos_seq, inv_freq); cat([sin, cos], dim=-1).
Eigen::MatrixXd txl_positional_embedding(const std::vector<double>& pos_seq, int d_model, double base) {
    const Eigen::VectorXd f = txl_inv_freq(d_model, base);
    const Eigen::Index half = f.size();
    Eigen::MatrixXd E(static_cast<Eigen::Index>(pos_seq.size()), 2 * half);
    for (std::size_t r = 0; r < pos_seq.size(); ++r)
        for (Eigen::Index s = 0; s < half; ++s) {
            const double angle = pos_seq[r] * f(s);
            E(static_cast<Eigen::Index>(r), s) = std::sin(angle);
            E(static_cast<Eigen::Index>(r), half + s) = std::cos(angle);
        }
    return E;
}

Eigen::VectorXd txl_relative_sinusoid(double delta, int d_model, double base) {
    return txl_positional_embedding({delta}, d_model, base).row(0).transpose();
}

// RelPartialLearnableMultiHeadAttn.forward: AC = (q + r_w_bias)·k, BD = _rel_shift((q + r_r_bias)·(r_net(r))),
// attn_score = (AC + BD) · scale; the sums are split into the paper's four terms.
TxlTerms txl_attention_terms(const Eigen::MatrixXd& Q, const Eigen::MatrixXd& K, const Eigen::VectorXd& u,
                             const Eigen::VectorXd& v, const Eigen::MatrixXd& W_R, double base) {
    const Eigen::Index L = std::min(Q.rows(), K.rows());
    const int d_model = static_cast<int>(W_R.cols());
    // W_R R_δ for every distance δ = i − j in −(L−1)..(L−1), row δ + L − 1.
    Eigen::MatrixXd projected(std::max<Eigen::Index>(2 * L - 1, 0), W_R.rows());
    for (Eigen::Index delta = -(L - 1); delta <= L - 1; ++delta)
        projected.row(delta + L - 1) =
            times_in_order(W_R, txl_relative_sinusoid(static_cast<double>(delta), d_model, base)).transpose();
    TxlTerms t;
    t.a.resize(L, L);
    t.b.resize(L, L);
    t.c.resize(L, L);
    t.d.resize(L, L);
    const Eigen::MatrixXd U = u.transpose(), V = v.transpose();
    for (Eigen::Index i = 0; i < L; ++i)
        for (Eigen::Index j = 0; j < L; ++j) {
            const Eigen::Index row = i - j + L - 1;
            t.a(i, j) = dot_rows_in_order(Q, i, K, j);
            t.b(i, j) = dot_rows_in_order(Q, i, projected, row);
            t.c(i, j) = dot_rows_in_order(U, 0, K, j);
            t.d(i, j) = dot_rows_in_order(V, 0, projected, row);
        }
    t.scale = Q.cols() > 0 ? 1.0 / std::sqrt(static_cast<double>(Q.cols())) : 1.0;
    return t;
}

Eigen::MatrixXd txl_scores(const TxlTerms& t) { return (t.a + t.b + t.c + t.d) * t.scale; }

TxlDemo txl_demo_inputs(int L, int d_head, int d_model, std::uint64_t seed) {
    SplitMix64 rng(seed);
    const int dh = std::max(d_head, 1), dm = std::max(d_model, 2), n = std::max(L, 0);
    TxlDemo demo;
    demo.W_R = random_signed_matrix(dh, dm, rng);
    demo.u = random_signed_matrix(dh, 1, rng).col(0);
    demo.v = random_signed_matrix(dh, 1, rng).col(0);
    demo.Q = random_signed_matrix(n, dh, rng);
    demo.K = random_signed_matrix(n, dh, rng);
    return demo;
}

// [SECTION] DeBERTa
// huggingface/transformers deberta_v2/modeling_deberta_v2.py, make_log_bucket_position. The reference works on
// tensors: abs_pos / mid is a true division of an int64 tensor, so float32 (the default dtype);
// torch.tensor((max_position - 1) / mid) is a 0-d float32 tensor; log, the division, the product with
// (mid − 1), the ceil and + mid all stay float32. The same steps are taken here in float; the logarithm is the
// correctly rounded float32 one (the double log rounded once). Near a whole number the float32 ceil differs
// from a double computation (bucket_size 256, max_position 967, δ = 227: 164 here, 165 in double).
int deberta_log_bucket_position(int relative_pos, int bucket_size, int max_position) {
    const int mid = bucket_size / 2;
    const int sign = (relative_pos > 0) - (relative_pos < 0);
    // torch.where((rel < mid) & (rel > -mid), mid - 1, abs(rel)): the inner positions take mid − 1 only so that
    // the (unused) log branch stays finite; they keep their own value below.
    const int abs_pos = (relative_pos < mid && relative_pos > -mid) ? mid - 1 : std::abs(relative_pos);
    if (abs_pos <= mid) return relative_pos;
    const float ratio = static_cast<float>(abs_pos) / static_cast<float>(mid);
    const float log_ratio = static_cast<float>(std::log(static_cast<double>(ratio)));
    const float span_ratio = static_cast<float>(static_cast<double>(max_position - 1) / mid);
    const float log_span = static_cast<float>(std::log(static_cast<double>(span_ratio)));
    const float quotient = log_ratio / log_span;
    const float scaled = quotient * static_cast<float>(mid - 1);
    const float log_pos = std::ceil(scaled) + static_cast<float>(mid);
    const float bucket = log_pos * static_cast<float>(sign);
    // Only settings the quantity refuses (bucket_size < 2, max_position − 1 ≤ mid) reach a non-finite or huge
    // value; they keep δ instead of an undefined conversion.
    if (!std::isfinite(bucket) || std::fabs(bucket) > 1e9f) return relative_pos;
    return static_cast<int>(bucket);
}

Eigen::MatrixXi deberta_relative_position(int query_size, int key_size, int bucket_size, int max_position) {
    const int nq = std::max(query_size, 0), nk = std::max(key_size, 0);
    const bool bucketed = bucket_size > 0 && max_position > 0;
    Eigen::MatrixXi R(nq, nk);
    for (int i = 0; i < nq; ++i)
        for (int j = 0; j < nk; ++j)
            R(i, j) = bucketed ? deberta_log_bucket_position(i - j, bucket_size, max_position) : i - j;
    return R;
}

// DisentangledSelfAttention.__init__: pos_ebd_size = max_relative_positions, replaced by position_buckets when > 0.
int deberta_attention_span(int bucket_size, int max_position) { return bucket_size > 0 ? bucket_size : max_position; }

// disentangled_attention_bias: c2p_pos = torch.clamp(relative_pos + att_span, 0, att_span * 2 - 1).
Eigen::MatrixXi deberta_c2p_index(const Eigen::MatrixXi& relative_pos, int span) {
    Eigen::MatrixXi I(relative_pos.rows(), relative_pos.cols());
    for (Eigen::Index i = 0; i < I.rows(); ++i)
        for (Eigen::Index j = 0; j < I.cols(); ++j) I(i, j) = std::clamp(relative_pos(i, j) + span, 0, 2 * span - 1);
    return I;
}

// disentangled_attention_bias: p2c_pos = torch.clamp(-r_pos + att_span, 0, att_span * 2 - 1), gathered from
// key_layer · pos_query_layerᵀ (rows = keys) and transposed, so the (query i, key j) cell reads p2c_pos[j][i].
Eigen::MatrixXi deberta_p2c_index(const Eigen::MatrixXi& relative_pos, int span) {
    const Eigen::Index n = std::min(relative_pos.rows(), relative_pos.cols());
    Eigen::MatrixXi I(n, n);
    for (Eigen::Index i = 0; i < n; ++i)
        for (Eigen::Index j = 0; j < n; ++j) I(i, j) = std::clamp(-relative_pos(j, i) + span, 0, 2 * span - 1);
    return I;
}

// DisentangledSelfAttention.forward: scale_factor = 1 + ("c2p" in pos_att_type) + ("p2c" in pos_att_type) = 3;
// every term is divided by sqrt(head_size · scale_factor).
DebertaTerms deberta_disentangled_terms(const Eigen::MatrixXd& Qc, const Eigen::MatrixXd& Kc, const Eigen::MatrixXd& Qr,
                                        const Eigen::MatrixXd& Kr, const Eigen::MatrixXi& relative_pos, int span) {
    const Eigen::Index L = std::min({Qc.rows(), Kc.rows(), relative_pos.rows(), relative_pos.cols()});
    const Eigen::MatrixXi c2p = deberta_c2p_index(relative_pos, span);
    const Eigen::MatrixXi p2c = deberta_p2c_index(relative_pos, span);
    DebertaTerms t;
    t.scale = 1.0 / std::sqrt(static_cast<double>(Qc.cols()) * 3.0);
    t.c2c.resize(L, L);
    t.c2p.resize(L, L);
    t.p2c.resize(L, L);
    for (Eigen::Index i = 0; i < L; ++i)
        for (Eigen::Index j = 0; j < L; ++j) {
            t.c2c(i, j) = dot_rows_in_order(Qc, i, Kc, j) * t.scale;
            t.c2p(i, j) = dot_rows_in_order(Qc, i, Kr, c2p(i, j)) * t.scale;
            t.p2c(i, j) = dot_rows_in_order(Kc, j, Qr, p2c(i, j)) * t.scale;
        }
    return t;
}

Eigen::MatrixXd deberta_scores(const DebertaTerms& t) { return t.c2c + t.c2p + t.p2c; }

DebertaDemo deberta_demo_inputs(int L, int d, int span, std::uint64_t seed) {
    SplitMix64 rng(seed);
    const int dd = std::max(d, 1), rows = 2 * std::max(span, 1), n = std::max(L, 0);
    DebertaDemo demo;
    demo.Qr = random_signed_matrix(rows, dd, rng);
    demo.Kr = random_signed_matrix(rows, dd, rng);
    demo.Qc = random_signed_matrix(n, dd, rng);
    demo.Kc = random_signed_matrix(n, dd, rng);
    return demo;
}

// [SECTION] xPos
// microsoft/torchscale torchscale/component/xpos_relative_position.py, XPOS.__init__:
// scale = (torch.arange(0, head_dim, 2) + 0.4 * head_dim) / (1.4 * head_dim).
Eigen::VectorXd xpos_zeta(int d) {
    const int half = std::max(d, 0) / 2;
    Eigen::VectorXd z(half);
    for (int i = 0; i < half; ++i) z(i) = (2.0 * i + 0.4 * d) / (1.4 * d);
    return z;
}

// XPOS.forward: min_pos = -(length + offset) // 2. Python's unary minus binds before //, and // floors.
int xpos_min_pos(int length, int offset) {
    const int n = length + offset;
    return -((n + 1) / 2);  // floor(−n/2) = −⌈n/2⌉ for n ≥ 0
}

// XPOS.forward with fixed_pos_embedding and apply_rotary_pos_emb: scale = zeta ** (arange(min_pos, max_pos) /
// scale_base); sin, cos of arange(0, length)·inv_freq (inv_freq over d/2 columns: base^(−i/(d/2)) = θᵢ);
// both multiplied by the scale (1/scale when downscale) and repeated per pair (duplicate_interleave);
// x·cos + rotate_every_two(x)·sin with rotate_every_two(x)[2i] = −x[2i+1], [2i+1] = x[2i].
Eigen::VectorXd xpos_apply(const Eigen::VectorXd& x, int pos, int length, const Eigen::VectorXd& theta,
                           const Eigen::VectorXd& zeta, double gamma, bool downscale) {
    Eigen::VectorXd out = x;
    const double exponent = static_cast<double>(pos + xpos_min_pos(length)) / gamma;
    const Eigen::Index pairs = std::min({theta.size(), zeta.size(), x.size() / 2});
    for (Eigen::Index i = 0; i < pairs; ++i) {
        double s = std::pow(zeta(i), exponent);
        if (downscale) s = 1.0 / s;
        const double angle = static_cast<double>(pos) * theta(i);
        const double c = std::cos(angle) * s, sn = std::sin(angle) * s;
        const double a = x(2 * i), b = x(2 * i + 1);
        out(2 * i) = a * c + (-b) * sn;
        out(2 * i + 1) = b * c + a * sn;
    }
    return out;
}

Eigen::MatrixXd xpos_scores(int L, const Eigen::VectorXd& theta, const Eigen::VectorXd& zeta, double gamma,
                            const Eigen::VectorXd& q, const Eigen::VectorXd& k) {
    const int n = std::max(L, 0);
    std::vector<Eigen::VectorXd> qs, ks;
    for (int p = 0; p < n; ++p) {
        qs.push_back(xpos_apply(q, p, n, theta, zeta, gamma, false));
        ks.push_back(xpos_apply(k, p, n, theta, zeta, gamma, true));
    }
    Eigen::MatrixXd S(n, n);
    for (int m = 0; m < n; ++m)
        for (int j = 0; j < n; ++j) S(m, j) = dot_vectors(qs[static_cast<std::size_t>(m)], ks[static_cast<std::size_t>(j)]);
    return S;
}

Eigen::MatrixXd xpos_relative_form(int L, const Eigen::VectorXd& theta, const Eigen::VectorXd& zeta, double gamma,
                                   const Eigen::VectorXd& q, const Eigen::VectorXd& k) {
    const int n = std::max(L, 0);
    const Eigen::Index pairs = std::min({theta.size(), zeta.size(), q.size() / 2, k.size() / 2});
    Eigen::MatrixXd S(n, n);
    for (int m = 0; m < n; ++m)
        for (int j = 0; j < n; ++j) {
            double sum = 0.0;
            for (Eigen::Index i = 0; i < pairs; ++i) {
                const double w = std::pow(zeta(i), static_cast<double>(m - j) / gamma);
                const double angle = static_cast<double>(j - m) * theta(i);
                const double c = std::cos(angle), s = std::sin(angle);
                const double k0 = k(2 * i) * c - k(2 * i + 1) * s, k1 = k(2 * i) * s + k(2 * i + 1) * c;
                sum += w * (q(2 * i) * k0 + q(2 * i + 1) * k1);
            }
            S(m, j) = sum;
        }
    return S;
}

std::vector<double> xpos_decay_curve(const Eigen::VectorXd& theta, const Eigen::VectorXd& zeta, double gamma,
                                     const std::vector<double>& deltas, bool envelope) {
    const Eigen::Index pairs = std::min(theta.size(), zeta.size());
    std::vector<double> out;
    out.reserve(deltas.size());
    for (double delta : deltas) {
        double sum = 0.0;
        for (Eigen::Index i = 0; i < pairs; ++i)
            sum += std::pow(zeta(i), delta / gamma) * (envelope ? 1.0 : std::cos(delta * theta(i)));
        out.push_back(pairs > 0 ? sum / static_cast<double>(pairs) : 0.0);
    }
    return out;
}

}  // namespace pelab
