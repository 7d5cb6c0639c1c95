// PE Lab — core/lab/lab_model.cpp
// Implements lab_model.h: the layout of the lab model's tensors, PyTorch-default initialisation, and the
// hand-written forward and backward passes (float and double). Every matrix is row-major, as the tensors
// are stored, so a weight [out, in] is used as y = x·Wᵀ + b exactly as torch.nn.Linear does.
//
// [SECTION] schemes, configuration and the budget of a model the lab opens
// [SECTION] layout
// [SECTION] initialisation
// [SECTION] building blocks (LayerNorm, GELU, position tables)
// [SECTION] reproducible products
// [SECTION] forward
// [SECTION] backward
// [SECTION] instantiations
#include "core/lab/lab_model.h"

#include <algorithm>
#include <cmath>
#include <limits>

#include "core/relative/alibi.h"
#include "core/random.h"
#include "core/rope/rope_scaling.h"
#include "core/relative/t5.h"

namespace pelab::lab {

namespace detail {

template <class T>
using Mat = Eigen::Matrix<T, Eigen::Dynamic, Eigen::Dynamic, Eigen::RowMajor>;
template <class T>
using ConstMap = Eigen::Map<const Mat<T>>;
template <class T>
using MutMap = Eigen::Map<Mat<T>>;
template <class T>
using ConstRow = Eigen::Map<const Eigen::Matrix<T, 1, Eigen::Dynamic>>;
template <class T>
using MutRow = Eigen::Map<Eigen::Matrix<T, 1, Eigen::Dynamic>>;

}  // namespace detail

// [SECTION] schemes, configuration and the budget of a model the lab opens
const std::vector<std::string>& scheme_names() {
    static const std::vector<std::string> names = {"nope", "learned", "sinusoidal", "rope", "alibi", "t5"};
    return names;
}

const char* scheme_name(Scheme scheme) { return scheme_names()[static_cast<std::size_t>(scheme)].c_str(); }

int name_index(const std::vector<std::string>& names, const std::string& text) {
    for (std::size_t i = 0; i < names.size(); ++i)
        if (names[i] == text) return static_cast<int>(i);
    return -1;
}

bool parse_scheme(const std::string& text, Scheme* out) {
    const int i = name_index(scheme_names(), text);
    if (i >= 0) *out = static_cast<Scheme>(i);
    return i >= 0;
}

namespace detail {

std::string range_problem(const char* key, int value, int lo, int hi, const char* whose) {
    return std::string(key) + ": " + std::to_string(value) + " is out of range " + std::to_string(lo) + ".." +
           std::to_string(hi) + whose;
}

// The keys both checks share, past the shape: LayerNorm's eps, RoPE's base, T5's table.
std::string common_keys_problem(const ModelConfig& c) {
    if (!(c.norm_eps > 0.0 && c.norm_eps <= 0.1)) return "norm_eps: must be a number in (0, 0.1]";
    if (!(c.rope_base >= 2.0 && c.rope_base <= 1e7)) return "rope_base: must be a number in 2..1e7";
    if (c.t5_buckets < 4 || c.t5_buckets > 64) return range_problem("t5_buckets", c.t5_buckets, 4, 64, "");
    const std::string t5 = t5_max_distance_problem(c.t5_buckets, false, c.t5_max_distance, 4096);
    if (!t5.empty()) return "t5_" + t5;
    return "";
}

std::string even_heads_problem(const ModelConfig& c) {
    if (c.d % c.heads != 0 || c.dh() % 2 != 0)
        return "d: " + std::to_string(c.d) + " must be a multiple of 2·heads (heads=" + std::to_string(c.heads) +
               ", each head's width d/heads must be even)";
    return "";
}

}  // namespace detail

std::string allowed_heads_text(const char* last_joiner) {
    std::string out = "1";
    for (int h = 2; h <= kMaxHeads; h *= 2) out += (h * 2 > kMaxHeads ? last_joiner : ", ") + std::to_string(h);
    return out;
}

std::string config_problem(const ModelConfig& c) {
    if (c.heads < 1 || c.heads > kMaxHeads || (c.heads & (c.heads - 1)) != 0)
        return "heads: " + std::to_string(c.heads) + " is not one of " + allowed_heads_text(", ");
    if (c.d < kMinD || c.d > kMaxD) return detail::range_problem("d", c.d, kMinD, kMaxD, "");
    const std::string heads = detail::even_heads_problem(c);
    if (!heads.empty()) return heads;
    if (c.layers < 1 || c.layers > kMaxLayers) return detail::range_problem("layers", c.layers, 1, kMaxLayers, "");
    if (c.max_positions < 1 || c.max_positions > kMaxPositions)
        return detail::range_problem("max_positions", c.max_positions, 1, kMaxPositions, "");
    return detail::common_keys_problem(c);
}

std::string open_config_problem(const ModelConfig& c) {
    const char* whose = ", the budget of a model the lab opens";
    if (c.heads < 1 || c.heads > kMaxOpenHeads) return detail::range_problem("heads", c.heads, 1, kMaxOpenHeads, whose);
    if (c.d < kMinOpenD || c.d > kMaxOpenD) return detail::range_problem("d", c.d, kMinOpenD, kMaxOpenD, whose);
    const std::string heads = detail::even_heads_problem(c);
    if (!heads.empty()) return heads;
    if (c.layers < 1 || c.layers > kMaxOpenLayers)
        return detail::range_problem("layers", c.layers, 1, kMaxOpenLayers, whose);
    if (c.max_positions < 1 || c.max_positions > kMaxOpenPositions)
        return detail::range_problem("max_positions", c.max_positions, 1, kMaxOpenPositions, whose);
    return detail::common_keys_problem(c);
}

// [SECTION] layout
std::size_t TensorInfo::size() const {
    std::size_t n = 1;
    for (const int s : shape) n *= static_cast<std::size_t>(s);
    return n;
}

const TensorInfo* Layout::find(const std::string& name) const {
    for (const TensorInfo& t : tensors)
        if (t.name == name) return &t;
    return nullptr;
}

Layout make_layout(const ModelConfig& c) {
    Layout layout;
    std::size_t at = 0;
    auto add = [&](const std::string& name, std::vector<int> shape) {
        TensorInfo t{name, std::move(shape), at};
        at += t.size();
        layout.tensors.push_back(t);
        return t.offset;
    };
    const int d = c.d;
    layout.emb = add("emb.weight", {kVocab, d});
    if (c.pe == Scheme::learned) layout.pos = add("pos.weight", {c.max_positions, d});
    if (c.pe == Scheme::t5) layout.rel = add("rel.weight", {c.t5_buckets, c.heads});
    for (int i = 0; i < c.layers; ++i) {
        const std::string p = "blocks." + std::to_string(i) + ".";
        BlockOffsets b{};
        b.ln1_w = add(p + "ln1.weight", {d});
        b.ln1_b = add(p + "ln1.bias", {d});
        b.qkv_w = add(p + "qkv.weight", {3 * d, d});
        b.qkv_b = add(p + "qkv.bias", {3 * d});
        b.o_w = add(p + "o.weight", {d, d});
        b.o_b = add(p + "o.bias", {d});
        b.ln2_w = add(p + "ln2.weight", {d});
        b.ln2_b = add(p + "ln2.bias", {d});
        b.fc1_w = add(p + "mlp.0.weight", {c.mlp(), d});
        b.fc1_b = add(p + "mlp.0.bias", {c.mlp()});
        b.fc2_w = add(p + "mlp.2.weight", {d, c.mlp()});
        b.fc2_b = add(p + "mlp.2.bias", {d});
        layout.blocks.push_back(b);
    }
    layout.ln_w = add("ln.weight", {d});
    layout.ln_b = add("ln.bias", {d});
    layout.out_w = add("out.weight", {kVocab, d});
    layout.out_b = add("out.bias", {kVocab});
    layout.total = at;
    return layout;
}

template <class T>
Model<T> make_model(const ModelConfig& config) {
    Model<T> m;
    m.config = config;
    m.layout = make_layout(config);
    m.params.assign(m.layout.total, T(0));
    return m;
}

std::string batch_problem(const ModelConfig& config, const Batch& batch) {
    if (batch.B < 1 || batch.T < 1) return "the batch is empty";
    const std::size_t n = static_cast<std::size_t>(batch.B) * static_cast<std::size_t>(batch.T);
    if (batch.tokens.size() != n || batch.targets.size() != n)
        return "the batch holds " + std::to_string(batch.tokens.size()) + " tokens and " +
               std::to_string(batch.targets.size()) + " targets for " + std::to_string(batch.B) + " rows of " +
               std::to_string(batch.T);
    if (config.pe == Scheme::learned && batch.T > config.max_positions)
        return "a sequence of " + std::to_string(batch.T) + " tokens is longer than the learned position table (" +
               std::to_string(config.max_positions) + " positions, max_positions)";
    for (std::size_t i = 0; i < n; ++i) {
        if (batch.tokens[i] < 0 || batch.tokens[i] >= kVocab)
            return "token " + std::to_string(batch.tokens[i]) + " is outside the vocabulary 0.." +
                   std::to_string(kVocab - 1);
        if (batch.targets[i] != kIgnore && (batch.targets[i] < 0 || batch.targets[i] >= kVocab))
            return "target " + std::to_string(batch.targets[i]) + " is neither -100 nor a token 0.." +
                   std::to_string(kVocab - 1);
    }
    return "";
}

// [SECTION] initialisation
namespace detail {

template <class T>
void fill_uniform(T* p, std::size_t n, double bound, SplitMix64& rng) {
    for (std::size_t i = 0; i < n; ++i) p[i] = static_cast<T>(bound * rng.next_signed());
}

// Box–Muller, one normal number per pair of uniforms; u1 in (0, 1] keeps the logarithm finite.
template <class T>
void fill_normal(T* p, std::size_t n, SplitMix64& rng) {
    const double two_pi = 2.0 * std::acos(-1.0);
    for (std::size_t i = 0; i < n; ++i) {
        const double u1 = 1.0 - rng.next_unit();
        const double u2 = rng.next_unit();
        p[i] = static_cast<T>(std::sqrt(-2.0 * std::log(u1)) * std::cos(two_pi * u2));
    }
}

}  // namespace detail

template <class T>
void init_pytorch_default(Model<T>* model, std::uint64_t seed) {
    SplitMix64 rng(seed);
    T* p = model->params.data();
    for (const TensorInfo& t : model->layout.tensors) {
        const std::string& name = t.name;
        const bool is_weight = name.size() > 7 && name.compare(name.size() - 7, 7, ".weight") == 0;
        const bool embedding = name == "emb.weight" || name == "pos.weight" || name == "rel.weight";
        const bool norm = name.find("ln") != std::string::npos;  // ln1, ln2, ln
        if (embedding) {
            detail::fill_normal(p + t.offset, t.size(), rng);
        } else if (norm) {
            std::fill(p + t.offset, p + t.offset + t.size(), T(is_weight ? 1 : 0));
        } else {
            // A Linear's weight [out, in] and its bias [out] both draw from U(−1/√in, 1/√in).
            const TensorInfo* weight = is_weight ? &t : model->layout.find(name.substr(0, name.size() - 5) + ".weight");
            const double fan_in = static_cast<double>(weight->shape[1]);
            detail::fill_uniform(p + t.offset, t.size(), 1.0 / std::sqrt(fan_in), rng);
        }
    }
}

// [SECTION] building blocks (LayerNorm, GELU, position tables)
template <class T>
void layer_norm_rows(const detail::Mat<T>& x, const T* gain, const T* bias, double eps, detail::Mat<T>* x_hat,
                     Eigen::Matrix<T, Eigen::Dynamic, 1>* rstd, detail::Mat<T>* y) {
    const Eigen::Index n = x.rows(), d = x.cols();
    x_hat->resize(n, d);
    rstd->resize(n);
    y->resize(n, d);
    const detail::ConstRow<T> g(gain, d), b(bias, d);
    for (Eigen::Index r = 0; r < n; ++r) {
        const T mean = x.row(r).mean();
        const T var = (x.row(r).array() - mean).square().mean();
        const T s = T(1) / std::sqrt(var + static_cast<T>(eps));
        (*rstd)(r) = s;
        x_hat->row(r) = (x.row(r).array() - mean) * s;
        y->row(r) = x_hat->row(r).cwiseProduct(g) + b;
    }
}

template <class T>
T gelu(T x) {
    return T(0.5) * x * (T(1) + std::erf(x / std::sqrt(T(2))));
}

template <class T>
T gelu_derivative(T x) {
    const T cdf = T(0.5) * (T(1) + std::erf(x / std::sqrt(T(2))));
    const T pdf = std::exp(T(-0.5) * x * x) / std::sqrt(T(2) * static_cast<T>(std::acos(-1.0)));
    return cdf + x * pdf;
}

Eigen::MatrixXd sinusoidal_table(int positions, int d) {
    Eigen::MatrixXd pe(positions, d);
    for (int i = 0; 2 * i < d; ++i) {
        const double freq = std::pow(10000.0, -(2.0 * i) / d);
        for (int p = 0; p < positions; ++p) {
            pe(p, 2 * i) = std::sin(p * freq);
            if (2 * i + 1 < d) pe(p, 2 * i + 1) = std::cos(p * freq);
        }
    }
    return pe;
}

std::vector<double> rope_frequencies(int dh, double base) {
    std::vector<double> theta;
    for (int j = 0; 2 * j < dh; ++j) theta.push_back(std::pow(base, -(2.0 * j) / dh));
    return theta;
}

bool is_frequency_scaling(RopeScaling kind) {
    return kind == RopeScaling::ntk || kind == RopeScaling::dynamic || kind == RopeScaling::yarn;
}

std::string forward_options_problem(const ModelConfig& config, const ForwardOptions& options) {
    if (!(std::isfinite(options.position_divisor) && options.position_divisor > 0.0))
        return "the position divisor must be a positive number";
    if (options.rope_scaling == RopeScaling::none) return "";
    const std::string name = rope_scaling_name(options.rope_scaling);
    if (!is_frequency_scaling(options.rope_scaling))
        return name + " is not a frequency scaling of the lab's model (ntk, dynamic, yarn; linear divides positions)";
    if (options.position_divisor != 1.0) return name + " does not combine with a position divisor";
    if (!(std::isfinite(options.rope_factor) && options.rope_factor >= 1.0)) return name + ": the factor must be at least 1";
    if (options.rope_original_max < 1) return name + ": the trained length must be at least 1 position";
    if (options.rope_scaling != RopeScaling::yarn && config.dh() < 4)
        return name + " needs a head width d/heads of at least 4 (its exponent is dh/(dh − 2))";
    return "";
}

RopeAngles rope_angles(const ModelConfig& config, int T, const ForwardOptions& options) {
    RopeAngles out;
    if (!forward_options_problem(config, options).empty() || config.heads < 1 || config.dh() < 2) return out;
    if (options.rope_scaling == RopeScaling::none) {
        out.inv_freq = rope_frequencies(config.dh(), config.rope_base);
        out.position_divisor = options.position_divisor;
        return out;
    }
    RopeScalingParams p;  // beta_fast 32, beta_slow 1, truncate: YaRN's defaults, as the lesson draws them
    p.kind = options.rope_scaling;
    p.d = config.dh();
    p.base = config.rope_base;
    p.factor = options.rope_factor;
    p.original_max = options.rope_original_max;
    p.seq_len = T;
    const RopeScalingResult r = rope_scaled_inv_freq(p);
    out.inv_freq.assign(r.inv_freq.data(), r.inv_freq.data() + r.inv_freq.size());
    out.multiplier = r.attention_factor;
    return out;
}

namespace detail {

// What every layer reads for one batch length: RoPE's cos/sin per (position, pair), the additive attention
// bias per head (ALiBi, T5; [heads·T, T], row block h), and T5's bucket per (query, key).
template <class T>
struct PositionInputs {
    Mat<T> rope_cos, rope_sin;  // [T, dh/2]
    Mat<T> bias;                // [heads·T, T], empty when the scheme adds none
    Eigen::MatrixXi buckets;    // [T, T] (t5)
};

template <class T>
PositionInputs<T> position_inputs(const Model<T>& model, int Tn, const ForwardOptions& options) {
    const ModelConfig& c = model.config;
    PositionInputs<T> in;
    const int H = c.heads;
    if (c.pe == Scheme::rope) {
        const RopeAngles angles = rope_angles(c, Tn, options);
        const std::vector<double>& theta = angles.inv_freq;
        const int half = static_cast<int>(theta.size());
        // Without a multiplier the tables are written as they always were (no product with 1), so the runs
        // without a frequency scaling keep their numbers bit for bit.
        const bool scaled = angles.multiplier != 1.0;
        in.rope_cos.resize(Tn, half);
        in.rope_sin.resize(Tn, half);
        for (int t = 0; t < Tn; ++t) {
            const double position = static_cast<double>(t) / angles.position_divisor;
            for (int j = 0; j < half; ++j) {
                const double angle = position * theta[static_cast<std::size_t>(j)];
                const double cos_a = std::cos(angle), sin_a = std::sin(angle);
                in.rope_cos(t, j) = static_cast<T>(scaled ? angles.multiplier * cos_a : cos_a);
                in.rope_sin(t, j) = static_cast<T>(scaled ? angles.multiplier * sin_a : sin_a);
            }
        }
    } else if (c.pe == Scheme::alibi) {
        const std::vector<double> slopes = alibi_slopes(H);
        in.bias.setZero(H * Tn, Tn);
        for (int h = 0; h < H; ++h)
            for (int q = 0; q < Tn; ++q)
                for (int k = 0; k <= q; ++k) in.bias(h * Tn + q, k) = static_cast<T>(slopes[static_cast<std::size_t>(h)] * (k - q));
    } else if (c.pe == Scheme::t5) {
        in.buckets = t5_bucket_matrix(Tn, c.t5_buckets, c.t5_max_distance, false);
        const ConstMap<T> rel(model.params.data() + model.layout.rel, c.t5_buckets, H);
        in.bias.setZero(H * Tn, Tn);
        for (int h = 0; h < H; ++h)
            for (int q = 0; q < Tn; ++q)
                for (int k = 0; k <= q; ++k) in.bias(h * Tn + q, k) = rel(in.buckets(q, k), h);
    }
    return in;
}

// RoPE (half layout) on the q and k columns of every head, in place: (a, b) → (a·c − b·s, a·s + b·c).
// `inverse` applies the transpose (the backward pass): (a, b) → (a·c + b·s, −a·s + b·c).
template <class T>
void rotate_qk(Mat<T>* qkv, const PositionInputs<T>& in, const std::vector<int>& row_start,
               const std::vector<int>& row_length, int d, int heads, bool inverse) {
    const int dh = d / heads, half = dh / 2;
    for (std::size_t sample = 0; sample < row_start.size(); ++sample)
        for (int t = 0; t < row_length[sample]; ++t) {
            T* row = qkv->row(row_start[sample] + t).data();
            for (int block = 0; block < 2 * heads; ++block) {  // q heads then k heads: columns 0..2d−1
                T* x = row + block * dh;
                for (int j = 0; j < half; ++j) {
                    const T c = in.rope_cos(t, j), s = inverse ? -in.rope_sin(t, j) : in.rope_sin(t, j);
                    const T a = x[j], b = x[j + half];
                    x[j] = a * c - b * s;
                    x[j + half] = a * s + b * c;
                }
            }
        }
}

// The rows a pass runs on (Activations::row_start, row_length): every sample's T positions at b·T, or with
// skip_padding its positions up to its last counted target, packed one sample after the other. Returns N.
inline int row_layout(const Batch& batch, bool skip_padding, std::vector<int>* start, std::vector<int>* length) {
    start->assign(static_cast<std::size_t>(batch.B), 0);
    length->assign(static_cast<std::size_t>(batch.B), batch.T);
    int n = 0;
    for (int b = 0; b < batch.B; ++b) {
        int& len = (*length)[static_cast<std::size_t>(b)];
        if (skip_padding) {
            const int* targets = batch.targets.data() + static_cast<std::size_t>(b) * static_cast<std::size_t>(batch.T);
            while (len > 0 && targets[len - 1] == kIgnore) --len;
        }
        (*start)[static_cast<std::size_t>(b)] = n;
        n += len;
    }
    return n;
}

// dx from dy through y = x̂·gain + bias (x̂ = (x − mean)·rstd); adds the gain and bias gradients.
template <class T>
void layer_norm_backward(const Mat<T>& dy, const Mat<T>& x_hat, const Eigen::Matrix<T, Eigen::Dynamic, 1>& rstd,
                         const T* gain, T* dgain, T* dbias, Mat<T>* dx) {
    const Eigen::Index n = dy.rows(), d = dy.cols();
    const ConstRow<T> g(gain, d);
    MutRow<T> dg(dgain, d), db(dbias, d);
    dg += dy.cwiseProduct(x_hat).colwise().sum();
    db += dy.colwise().sum();
    dx->resize(n, d);
    for (Eigen::Index r = 0; r < n; ++r) {
        const Eigen::Matrix<T, 1, Eigen::Dynamic> dxh = dy.row(r).cwiseProduct(g);
        const T mean_dxh = dxh.mean();
        const T mean_dxh_xh = dxh.cwiseProduct(x_hat.row(r)).mean();
        dx->row(r) = rstd(r) * (dxh.array() - mean_dxh - x_hat.row(r).array() * mean_dxh_xh).matrix();
    }
}

// Whether forward can run at all: a model whose parameters match its layout, a shape the attention can split
// (d a multiple of heads, even head width), a valid batch and options it can apply (forward_options_problem).
template <class T>
bool runnable(const Model<T>& model, const Batch& batch, const ForwardOptions& options) {
    const ModelConfig& c = model.config;
    return model.layout.total > 0 && model.params.size() == model.layout.total &&
           model.layout.blocks.size() == static_cast<std::size_t>(c.layers) && c.heads >= 1 && c.d >= 2 && c.d % c.heads == 0 &&
           c.dh() % 2 == 0 && c.layers >= 0 && batch_problem(c, batch).empty() &&
           forward_options_problem(c, options).empty();
}

}  // namespace detail

// [SECTION] reproducible products
// What a run's numbers depend on besides its seed, and how each is held fixed (docs/lab.md, "Reference runs"):
// - Blocking. Eigen's matrix product (every `*` of two matrices below, `.noalias()` or not, once the sizes add up
//   to 20 or more) cuts the inner dimension into panels of kc, summing each panel in registers and then adding
//   it to the result, and computes kc from the L1 size it detects from the CPU at run time
//   (GeneralBlockPanelKernel.h, evaluateProductBlockingSizesHeuristic: for float on SSE2, kc = (L1 − 128) / 48
//   rounded down to a multiple of 8, 680 at 32 KiB and 1,016 at 48 KiB). The weight gradients' inner dimension
//   is B·T, 960 for a default batch of 30-token rows: two panels on one CPU, one on the other, other roundings.
//   Pinning the cache sizes fixes kc (and the row and column panels, fixed with it, which change no sum).
// - Threads. Eigen splits a product over threads only when built with OpenMP (EIGEN_HAS_OPENMP); the build has
//   no -fopenmp, so every product runs on the calling thread. If a build adds it, one thread is pinned here.
// - FP contraction. The build targets baseline x86-64 (no -march, no -mfma), which has no fused multiply-add
//   instruction: GCC's default -ffp-contract=fast has nothing to contract to, and Eigen's packet multiply-add is
//   a multiply then an add (EIGEN_VECTORIZE_FMA is not defined). A build with -mfma or -march=native (or for
//   aarch64, where FMA is baseline) contracts and gives other numbers.
// - libm. expf, logf, erff and the double sin, cos, pow, exp, log are glibc's, and on x86-64 glibc picks at load
//   time a build of several of them (expf, logf, sin, cos, pow, …) compiled with FMA when the CPU has FMA and AVX2;
//   its last bit can differ. The binary cannot choose; scripts/lab_reference_runs.sh and its test pin it from
//   the environment (GLIBC_TUNABLES=glibc.cpu.hwcaps=-AVX2,-FMA,-FMA4: the builds without FMA on every x86-64).
// The function-local static makes the first call set the sizes and every other caller wait for it. A product
// running on another thread at that moment (not the lab's) would read them while they change; the lab sets
// them before its first product, and the values only steer blocking, so such a product stays correct.
void pin_product_blocking() {
    static const bool pinned = [] {
        Eigen::setCpuCacheSizes(kPinnedL1Bytes, kPinnedL2Bytes, kPinnedL3Bytes);
#ifdef EIGEN_HAS_OPENMP
        Eigen::setNbThreads(1);
#endif
        return true;
    }();
    (void)pinned;
}

// [SECTION] forward
template <class T>
T forward(const Model<T>& model, const Batch& batch, const ForwardOptions& options, Activations<T>* acts) {
    using namespace detail;
    const ModelConfig& c = model.config;
    const Layout& L = model.layout;
    const T* P = model.params.data();
    pin_product_blocking();
    if (!runnable(model, batch, options)) {
        acts->B = acts->T = acts->counted = 0;
        return std::numeric_limits<T>::quiet_NaN();
    }
    const int B = batch.B, Tn = batch.T, d = c.d, H = c.heads, dh = c.dh();
    acts->B = B;
    acts->T = Tn;
    acts->layers.resize(static_cast<std::size_t>(c.layers));
    const int N = row_layout(batch, options.skip_padding, &acts->row_start, &acts->row_length);
    const std::vector<int>& row_start = acts->row_start;
    const std::vector<int>& row_length = acts->row_length;

    // Embeddings (and the absolute position schemes).
    Mat<T> x(N, d);
    const ConstMap<T> emb(P + L.emb, kVocab, d);
    Mat<T> sinus;
    if (c.pe == Scheme::sinusoidal) sinus = sinusoidal_table(Tn, d).cast<T>();
    for (int b = 0; b < B; ++b)
        for (int t = 0; t < row_length[b]; ++t) {
            const int r = row_start[b] + t;
            x.row(r) = emb.row(batch.tokens[static_cast<std::size_t>(b * Tn + t)]);
            if (c.pe == Scheme::learned) x.row(r) += ConstMap<T>(P + L.pos, c.max_positions, d).row(t);
            if (c.pe == Scheme::sinusoidal) x.row(r) += sinus.row(t);
        }
    const PositionInputs<T> pos = position_inputs(model, Tn, options);
    const T root_dh = std::sqrt(static_cast<T>(dh));

    Mat<T> h(N, d);  // a LayerNorm's output
    for (int l = 0; l < c.layers; ++l) {
        typename Activations<T>::LayerCache& lc = acts->layers[static_cast<std::size_t>(l)];
        const BlockOffsets& o = L.blocks[static_cast<std::size_t>(l)];
        lc.x_in = x;
        layer_norm_rows(x, P + o.ln1_w, P + o.ln1_b, c.norm_eps, &lc.h1_hat, &lc.rstd1, &h);
        lc.qkv.noalias() = h * ConstMap<T>(P + o.qkv_w, 3 * d, d).transpose();
        lc.qkv.rowwise() += ConstRow<T>(P + o.qkv_b, 3 * d);
        if (c.pe == Scheme::rope) rotate_qk(&lc.qkv, pos, row_start, row_length, d, H, false);

        lc.probs.resize(static_cast<Eigen::Index>(B) * H * Tn, Tn);
        lc.att.resize(N, d);
        for (int b = 0; b < B; ++b)
            for (int hd = 0; hd < H; ++hd) {
                const int r0 = row_start[b], Tb = row_length[b];
                auto Q = lc.qkv.block(r0, hd * dh, Tb, dh);
                auto K = lc.qkv.block(r0, d + hd * dh, Tb, dh);
                auto V = lc.qkv.block(r0, 2 * d + hd * dh, Tb, dh);
                auto S = lc.probs.block((static_cast<Eigen::Index>(b) * H + hd) * Tn, 0, Tb, Tb);
                S.noalias() = Q * K.transpose();
                for (int q = 0; q < Tb; ++q) {
                    T* s = S.row(q).data();
                    T top = -std::numeric_limits<T>::infinity();
                    for (int k = 0; k <= q; ++k) {
                        s[k] = s[k] / root_dh + (pos.bias.size() ? pos.bias(hd * Tn + q, k) : T(0));
                        top = std::max(top, s[k]);
                    }
                    T sum = 0;
                    for (int k = 0; k <= q; ++k) {
                        s[k] = std::exp(s[k] - top);
                        sum += s[k];
                    }
                    for (int k = 0; k <= q; ++k) s[k] /= sum;
                    for (int k = q + 1; k < Tb; ++k) s[k] = 0;
                }
                lc.att.block(r0, hd * dh, Tb, dh).noalias() = S * V;
            }
        x.noalias() += lc.att * ConstMap<T>(P + o.o_w, d, d).transpose();
        x.rowwise() += ConstRow<T>(P + o.o_b, d);

        layer_norm_rows(x, P + o.ln2_w, P + o.ln2_b, c.norm_eps, &lc.h2_hat, &lc.rstd2, &h);
        lc.u.noalias() = h * ConstMap<T>(P + o.fc1_w, c.mlp(), d).transpose();
        lc.u.rowwise() += ConstRow<T>(P + o.fc1_b, c.mlp());
        lc.g = lc.u.unaryExpr([](T v) { return gelu(v); });
        x.noalias() += lc.g * ConstMap<T>(P + o.fc2_w, d, c.mlp()).transpose();
        x.rowwise() += ConstRow<T>(P + o.fc2_b, d);
    }
    layer_norm_rows(x, P + L.ln_w, P + L.ln_b, c.norm_eps, &acts->xf_hat, &acts->rstdf, &acts->hf);
    acts->logits.noalias() = acts->hf * ConstMap<T>(P + L.out_w, kVocab, d).transpose();
    acts->logits.rowwise() += ConstRow<T>(P + L.out_b, kVocab);

    // Mean cross-entropy over the counted targets, and its gradient.
    acts->dlogits.setZero(N, kVocab);
    acts->counted = 0;
    double total = 0.0;
    for (int b = 0; b < B; ++b)
        for (int t = 0; t < row_length[b]; ++t) {
            const int r = row_start[b] + t;
            const int target = batch.targets[static_cast<std::size_t>(b * Tn + t)];
            if (target == kIgnore) continue;
            const auto row = acts->logits.row(r);
            const T top = row.maxCoeff();
            const T lse = top + std::log((row.array() - top).exp().sum());
            total += static_cast<double>(lse - row(target));
            acts->dlogits.row(r) = (row.array() - lse).exp().matrix();
            acts->dlogits(r, target) -= T(1);
            ++acts->counted;
        }
    if (acts->counted == 0) return T(0);
    acts->dlogits /= static_cast<T>(acts->counted);
    return static_cast<T>(total / acts->counted);
}

// [SECTION] backward
template <class T>
void backward(const Model<T>& model, const Batch& batch, const ForwardOptions& options, const Activations<T>& acts,
              std::vector<T>* grad) {
    using namespace detail;
    const ModelConfig& c = model.config;
    const Layout& L = model.layout;
    const T* P = model.params.data();
    const int B = batch.B, Tn = batch.T, d = c.d, H = c.heads, dh = c.dh(), m = c.mlp();
    pin_product_blocking();
    grad->assign(L.total, T(0));
    if (acts.B == 0 || acts.B != B || acts.T != Tn || !runnable(model, batch, options)) return;
    const std::vector<int>& row_start = acts.row_start;
    const std::vector<int>& row_length = acts.row_length;
    const int N = static_cast<int>(acts.dlogits.rows());
    T* G = grad->data();
    const PositionInputs<T> pos = position_inputs(model, Tn, options);
    const T root_dh = std::sqrt(static_cast<T>(dh));

    // Output layer and the final LayerNorm.
    MutMap<T>(G + L.out_w, kVocab, d).noalias() = acts.dlogits.transpose() * acts.hf;
    MutRow<T>(G + L.out_b, kVocab) = acts.dlogits.colwise().sum();
    Mat<T> dh_(N, d);
    dh_.noalias() = acts.dlogits * ConstMap<T>(P + L.out_w, kVocab, d);
    Mat<T> dx, dln;
    layer_norm_backward(dh_, acts.xf_hat, acts.rstdf, P + L.ln_w, G + L.ln_w, G + L.ln_b, &dx);

    Mat<T> h, dg, du, dqkv, datt;
    Eigen::Matrix<T, Eigen::Dynamic, Eigen::Dynamic, Eigen::RowMajor> dP, dS;
    for (int l = c.layers - 1; l >= 0; --l) {
        const typename Activations<T>::LayerCache& lc = acts.layers[static_cast<std::size_t>(l)];
        const BlockOffsets& o = L.blocks[static_cast<std::size_t>(l)];
        // x_out = x_mid + GELU(ln2(x_mid)·W1ᵀ + b1)·W2ᵀ + b2
        MutMap<T>(G + o.fc2_w, d, m).noalias() += dx.transpose() * lc.g;
        MutRow<T>(G + o.fc2_b, d) += dx.colwise().sum();
        dg.noalias() = dx * ConstMap<T>(P + o.fc2_w, d, m);
        du = dg.cwiseProduct(lc.u.unaryExpr([](T v) { return gelu_derivative(v); }));
        h = (lc.h2_hat.array().rowwise() * ConstRow<T>(P + o.ln2_w, d).array()).matrix();
        h.rowwise() += ConstRow<T>(P + o.ln2_b, d);
        MutMap<T>(G + o.fc1_w, m, d).noalias() += du.transpose() * h;
        MutRow<T>(G + o.fc1_b, m) += du.colwise().sum();
        dh_.noalias() = du * ConstMap<T>(P + o.fc1_w, m, d);
        layer_norm_backward(dh_, lc.h2_hat, lc.rstd2, P + o.ln2_w, G + o.ln2_w, G + o.ln2_b, &dln);
        dx += dln;

        // x_mid = x_in + attention(ln1(x_in))·Woᵀ + bo
        MutMap<T>(G + o.o_w, d, d).noalias() += dx.transpose() * lc.att;
        MutRow<T>(G + o.o_b, d) += dx.colwise().sum();
        datt.noalias() = dx * ConstMap<T>(P + o.o_w, d, d);
        dqkv.setZero(N, 3 * d);
        MutMap<T> drel(c.pe == Scheme::t5 ? G + L.rel : G, c.pe == Scheme::t5 ? c.t5_buckets : 0, H);
        for (int b = 0; b < B; ++b)
            for (int hd = 0; hd < H; ++hd) {
                const int r0 = row_start[b], Tb = row_length[b];
                const auto Q = lc.qkv.block(r0, hd * dh, Tb, dh);
                const auto K = lc.qkv.block(r0, d + hd * dh, Tb, dh);
                const auto V = lc.qkv.block(r0, 2 * d + hd * dh, Tb, dh);
                const auto Pm = lc.probs.block((static_cast<Eigen::Index>(b) * H + hd) * Tn, 0, Tb, Tb);
                const auto dA = datt.block(r0, hd * dh, Tb, dh);
                dP.noalias() = dA * V.transpose();
                dqkv.block(r0, 2 * d + hd * dh, Tb, dh).noalias() = Pm.transpose() * dA;
                // Softmax: dS = P ⊙ (dP − rowsum(P ⊙ dP)); zero above the diagonal, where P is 0.
                dS.resize(Tb, Tb);
                for (int q = 0; q < Tb; ++q) {
                    T dot = 0;
                    for (int k = 0; k <= q; ++k) dot += Pm(q, k) * dP(q, k);
                    for (int k = 0; k <= q; ++k) dS(q, k) = Pm(q, k) * (dP(q, k) - dot);
                    for (int k = q + 1; k < Tb; ++k) dS(q, k) = 0;
                }
                if (c.pe == Scheme::t5)
                    for (int q = 0; q < Tb; ++q)
                        for (int k = 0; k <= q; ++k) drel(pos.buckets(q, k), hd) += dS(q, k);
                dS /= root_dh;
                dqkv.block(r0, hd * dh, Tb, dh).noalias() = dS * K;
                dqkv.block(r0, d + hd * dh, Tb, dh).noalias() = dS.transpose() * Q;
            }
        if (c.pe == Scheme::rope) rotate_qk(&dqkv, pos, row_start, row_length, d, H, true);
        h = (lc.h1_hat.array().rowwise() * ConstRow<T>(P + o.ln1_w, d).array()).matrix();
        h.rowwise() += ConstRow<T>(P + o.ln1_b, d);
        MutMap<T>(G + o.qkv_w, 3 * d, d).noalias() += dqkv.transpose() * h;
        MutRow<T>(G + o.qkv_b, 3 * d) += dqkv.colwise().sum();
        dh_.noalias() = dqkv * ConstMap<T>(P + o.qkv_w, 3 * d, d);
        layer_norm_backward(dh_, lc.h1_hat, lc.rstd1, P + o.ln1_w, G + o.ln1_w, G + o.ln1_b, &dln);
        dx += dln;
    }

    // Embeddings.
    MutMap<T> demb(G + L.emb, kVocab, d);
    for (int b = 0; b < B; ++b)
        for (int t = 0; t < row_length[b]; ++t) {
            const int r = row_start[b] + t;
            demb.row(batch.tokens[static_cast<std::size_t>(b * Tn + t)]) += dx.row(r);
            if (c.pe == Scheme::learned) MutMap<T>(G + L.pos, c.max_positions, d).row(t) += dx.row(r);
        }
}

// [SECTION] instantiations
#define PELAB_LAB_MODEL_INSTANTIATE(T)                                                                           \
    template Model<T> make_model<T>(const ModelConfig&);                                                         \
    template void init_pytorch_default<T>(Model<T>*, std::uint64_t);                                             \
    template void layer_norm_rows<T>(const detail::Mat<T>&, const T*, const T*, double, detail::Mat<T>*,        \
                                     Eigen::Matrix<T, Eigen::Dynamic, 1>*, detail::Mat<T>*);                    \
    template T gelu<T>(T);                                                                                      \
    template T gelu_derivative<T>(T);                                                                           \
    template T forward<T>(const Model<T>&, const Batch&, const ForwardOptions&, Activations<T>*);               \
    template void backward<T>(const Model<T>&, const Batch&, const ForwardOptions&, const Activations<T>&,      \
                              std::vector<T>*);
PELAB_LAB_MODEL_INSTANTIATE(float)
PELAB_LAB_MODEL_INSTANTIATE(double)
#undef PELAB_LAB_MODEL_INSTANTIATE

}  // namespace pelab::lab
