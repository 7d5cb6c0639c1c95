// PE Lab — core/lab/lab_model.h
// The length-generalisation lab's model: a tiny decoder-only, causal, pre-LayerNorm transformer
// over a 12-token vocabulary (digits 0–9, separator 10, padding 11), with one of six position schemes
// (nope, learned, sinusoidal, rope, alibi, t5). Its parameters use PyTorch's state_dict names and shapes
// (Linear weights [out, in], row-major), so a `pelab-lab-weights/1` file (core/lab/lab_weights.h) round-trips
// with an equivalent PyTorch module (scripts/lab_reference.py).
// Forward and backward are written out by hand and templated on the scalar: float trains, double checks
// (finite differences, the PyTorch float64 comparison). Only float and double are instantiated.
// Part of `core`: Eigen + std only.
//
// [SECTION] vocabulary and schemes
// [SECTION] configuration
// [SECTION] the budget of a model the lab opens
// [SECTION] parameter layout (state_dict names, shapes, offsets)
// [SECTION] model and batches
// [SECTION] forward, loss and backward
// [SECTION] reproducible products
#pragma once
#include <Eigen/Dense>
#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

#include "core/rope/rope_scaling.h"

namespace pelab::lab {

// [SECTION] vocabulary and schemes
constexpr int kVocab = 12;
constexpr int kSep = 10;       // separator between the digits and their answer
constexpr int kPad = 11;       // padding after the answer
constexpr int kIgnore = -100;  // a target that is not counted (PyTorch's ignore_index)

enum class Scheme { nope, learned, sinusoidal, rope, alibi, t5 };
const char* scheme_name(Scheme scheme);
bool parse_scheme(const std::string& text, Scheme* out);
// The six names in order, as a ParamSpec's choices: nope, learned, sinusoidal, rope, alibi, t5.
const std::vector<std::string>& scheme_names();
// The index of `text` in `names` (a scheme's or a task's), -1 when it is none of them: how every name list parses.
int name_index(const std::vector<std::string>& names, const std::string& text);

// [SECTION] configuration
// The shape of a model: what a weights file's "config" holds. vocab is always kVocab and the MLP width
// always 4·d; sinusoidal uses base 10000 (interleaved sin/cos), rope uses rope_base (half layout).
struct ModelConfig {
    Scheme pe = Scheme::alibi;
    int d = 48;
    int heads = 4;
    int layers = 2;
    int max_positions = 128;  // rows of the learned table `pos` (read only by pe=learned)
    double norm_eps = 1e-5;
    double rope_base = 10000.0;
    int t5_buckets = 32;
    int t5_max_distance = 64;
    int dh() const { return heads > 0 ? d / heads : 0; }
    int mlp() const { return 4 * d; }
};

// The ranges of the lab's model keys: d 16..128 with d/heads even, heads 1, 2, 4 or 8, layers
// 1..4, max_positions 1..1024, norm_eps in (0, 0.1], rope_base 2..1e7, t5 buckets 4..64 with a valid
// max_distance (core/relative/t5.h). alibi's slopes are those of a power-of-2 head count, which all allowed counts are.
constexpr int kMinD = 16, kMaxD = 128, kMaxLayers = 4, kMaxPositions = 1024;
// heads is a power of 2 up to kMaxHeads; allowed_heads_text lists those counts for messages and help, the last
// after `last_joiner`: "1, 2, 4, 8" with ", ", "1, 2, 4 or 8" with " or ".
constexpr int kMaxHeads = 8;
std::string allowed_heads_text(const char* last_joiner);
// "" when the configuration is one the lab trains; else one line naming the key and what it must be.
std::string config_problem(const ModelConfig& config);

// [SECTION] the budget of a model the lab opens
// A weights file may hold a larger model than the lab trains (one trained in PyTorch with
// scripts/lab_reference.py, on one GPU or many): every reader (pelab-cli lab, the page's worker, the desktop)
// opens, scores and looks inside a model up to this budget, with the same core code. The bounds keep one
// evaluation (chunks of 32 samples) and one look inside (layers·heads attention tiles of up to 120 tokens
// square, a few tens of MB) within the memory of a page; heads may be any count that splits d into heads of
// even width (RoPE turns pairs), up to kMaxOpenHeads. The file itself stays within kMaxWeightsBytes, which
// binds first for the largest shapes: pelab-lab-weights/1 text takes about 12.4 bytes a parameter (d = 256
// with 6 layers, 4.8 M parameters, 59 MB, fits; d = 512 does not beyond 1 layer), the packed form 4 or 2.
constexpr int kMinOpenD = 2, kMaxOpenD = 512, kMaxOpenLayers = 12, kMaxOpenHeads = 16, kMaxOpenPositions = 4096;
constexpr std::size_t kMaxWeightsBytes = std::size_t(64) << 20;  // 64 MiB, a weights file of either form
// "" when a model of this configuration can be opened; else one line naming the key and the budget.
std::string open_config_problem(const ModelConfig& config);

// [SECTION] parameter layout (state_dict names, shapes, offsets)
// One tensor: its state_dict name, its shape ({n} for a vector, {rows, cols} for a matrix) and where it
// starts in the model's flat parameter vector (tensors follow each other, row-major, in layout order).
struct TensorInfo {
    std::string name;
    std::vector<int> shape;
    std::size_t offset = 0;
    std::size_t size() const;
};

// Offsets of one block's tensors in the flat vector.
struct BlockOffsets {
    std::size_t ln1_w, ln1_b, qkv_w, qkv_b, o_w, o_b, ln2_w, ln2_b, fc1_w, fc1_b, fc2_w, fc2_b;
};

// Every tensor of a configuration in order: emb.weight, pos.weight (learned), rel.weight (t5), then per
// block ln1, qkv, o, ln2, mlp.0, mlp.2 (weight before bias), then ln and out.
struct Layout {
    std::vector<TensorInfo> tensors;
    std::size_t emb = 0, pos = 0, rel = 0, ln_w = 0, ln_b = 0, out_w = 0, out_b = 0;
    std::vector<BlockOffsets> blocks;
    std::size_t total = 0;  // number of parameters
    // The tensor called `name`, or nullptr.
    const TensorInfo* find(const std::string& name) const;
};
Layout make_layout(const ModelConfig& config);

// [SECTION] model and batches
template <class T>
struct Model {
    ModelConfig config;
    Layout layout;
    std::vector<T> params;  // layout.total numbers
};

// A model of `config` with every parameter 0 (fill it with init_pytorch_default or from a weights file).
template <class T>
Model<T> make_model(const ModelConfig& config);

// PyTorch's default initialisation, drawn from core's SplitMix64 (core/random.h) seeded with `seed`, tensor
// by tensor in layout order: Linear weight and bias U(−1/√fan_in, 1/√fan_in), Embedding N(0, 1) (emb, pos,
// rel; Box–Muller), LayerNorm gain 1 and bias 0. The distributions are PyTorch's, the numbers are not.
template <class T>
void init_pytorch_default(Model<T>* model, std::uint64_t seed);

// The same numbers in another scalar type.
template <class To, class From>
Model<To> convert_model(const Model<From>& model) {
    Model<To> out{model.config, model.layout, {}};
    out.params.reserve(model.params.size());
    for (const From x : model.params) out.params.push_back(static_cast<To>(x));
    return out;
}

// A batch of B rows of T tokens (row-major) and the next-token target of each (kIgnore = not counted).
struct Batch {
    int B = 0, T = 0;
    std::vector<int> tokens;
    std::vector<int> targets;
};

// "" when every token is in 0..kVocab−1, every target is kIgnore or a token, the sizes match B·T, B ≥ 1 and
// T ≥ 1, and (pe=learned) T ≤ max_positions; else one line saying what is wrong.
std::string batch_problem(const ModelConfig& config, const Batch& batch);

// [SECTION] forward, loss and backward
// What the forward pass keeps for the backward pass (and for the lab's attention views). Reused across
// calls: resized, not reallocated, when the batch has the same size.
template <class S>
struct Activations {
    using Mat = Eigen::Matrix<S, Eigen::Dynamic, Eigen::Dynamic, Eigen::RowMajor>;
    using Col = Eigen::Matrix<S, Eigen::Dynamic, 1>;
    // N is the number of rows the pass ran on: B·T, or fewer with ForwardOptions::skip_padding. Sample b's
    // positions 0..row_length[b]−1 are rows row_start[b]… of every [N, …] matrix (b·T… without skipping).
    struct LayerCache {
        Mat x_in;     // [N, d] the residual stream entering the block
        Mat h1_hat;   // [N, d] ln1's normalised input (before gain and bias)
        Col rstd1;    // [N] 1/√(var + eps) of ln1
        Mat qkv;      // [N, 3d] after RoPE on q and k (pe=rope)
        Mat probs;    // [B·heads·T, T] softmax weights, block (b·heads + h) of T rows; 0 above the diagonal
                      // (with skip_padding only each block's first row_length[b] rows and columns are set)
        Mat att;      // [N, d] the heads' outputs concatenated
        Mat h2_hat;   // [N, d]
        Col rstd2;    // [N]
        Mat u;        // [N, 4d] before GELU
        Mat g;        // [N, 4d] after GELU
    };
    int B = 0, T = 0;
    std::vector<int> row_start, row_length;  // [B] where each sample's rows start, and how many it has
    std::vector<LayerCache> layers;
    Mat xf_hat;  // [N, d] the final LayerNorm's normalised input
    Col rstdf;   // [N]
    Mat hf;      // [N, d] the final LayerNorm's output
    Mat logits;  // [N, kVocab]
    Mat dlogits; // [N, kVocab] d loss / d logits, set by the forward pass
    int counted = 0;  // targets that count
};

struct ForwardOptions {
    // pe=rope only: every position p is used as p / position_divisor (position interpolation pi=s: s). Linear
    // scaling (PI) takes this path, not the frequency table below, so its runs keep the arithmetic they were
    // pinned to: (p / s)·θ and p·(θ / s) round differently.
    double position_divisor = 1.0;
    // pe=rope only: a frequency scaling of core/rope/rope_scaling.h in place of RoPE's own frequencies, the same
    // functions the long-context lesson draws: ntk, dynamic or yarn (none: RoPE's own; linear is
    // position_divisor above and llama3 is not offered, so either makes the pass not runnable). Computed for the
    // model's head width dh and rope_base (the pairs (j, j + dh/2) of each head take inv_freq j), with
    // rope_original_max the trained length in positions, and for dynamic the batch's length T as the sequence
    // length; yarn's attention factor multiplies cos and sin, so q·k by its square. rope_factor ≥ 1,
    // rope_original_max ≥ 1, position_divisor 1, and for ntk and dynamic dh ≥ 4 (their exponent dh/(dh − 2)).
    RopeScaling rope_scaling = RopeScaling::none;
    double rope_factor = 1.0;
    int rope_original_max = 0;
    // Leave out each row's positions after its last counted target (all of a row with none): attention is
    // causal, so they change neither the loss nor the gradient, only the work. The [N, …] matrices then hold
    // only the positions kept (Activations::row_start, row_length), and logits are not computed for the rest.
    // The products' inner dimension changes with N, so the gradient equals the padded one up to float
    // rounding, not bit for bit; training (Trainer) keeps the padding, to which the reference runs are pinned,
    // except where TrainConfig::skip_padding asks (the page's trainer).
    bool skip_padding = false;
};

// Runs the model on `batch`, fills *acts, and returns the mean cross-entropy over the counted targets (0 when
// none counts). acts->dlogits holds its gradient. A batch that fails batch_problem, a model whose parameters
// do not match its layout or options that fail forward_options_problem returns NaN with acts->B = 0 (nothing
// is computed).
template <class T>
T forward(const Model<T>& model, const Batch& batch, const ForwardOptions& options, Activations<T>* acts);

// The gradient of forward's loss with respect to every parameter, into *grad (resized to layout.total and
// overwritten), from the activations of the forward pass that just ran on the same batch and options (all
// zeros when that pass did not run).
template <class T>
void backward(const Model<T>& model, const Batch& batch, const ForwardOptions& options, const Activations<T>& acts,
              std::vector<T>* grad);

// [SECTION] reproducible products
// The cache sizes that Eigen's matrix products are blocked for, the same on every machine (x86-64's defaults
// in Eigen 3.4: 32 KiB, 256 KiB, 2 MiB). forward and backward call pin_product_blocking() first.
constexpr std::ptrdiff_t kPinnedL1Bytes = 32 * 1024, kPinnedL2Bytes = 256 * 1024, kPinnedL3Bytes = 2 * 1024 * 1024;
// Makes the lab's numbers independent of the machine's caches and threads (docs/lab.md, "Reference runs"):
// sets Eigen's cache sizes to the pinned ones once per process (thread-safe; later calls do nothing). Eigen
// otherwise reads them from the CPU at run time and splits a product's inner dimension into panels sized for
// L1, so two CPUs would sum the same product in different groupings. It is process-wide: every Eigen product
// of the process is blocked for these sizes from then on (results equal up to rounding, speed about the same).
void pin_product_blocking();

// [SECTION] the pieces, exposed for their tests
// LayerNorm of each row of x (biased variance, eps inside the root): y = x̂·gain + bias.
template <class T>
void layer_norm_rows(const Eigen::Matrix<T, Eigen::Dynamic, Eigen::Dynamic, Eigen::RowMajor>& x, const T* gain,
                     const T* bias, double eps, Eigen::Matrix<T, Eigen::Dynamic, Eigen::Dynamic, Eigen::RowMajor>* x_hat,
                     Eigen::Matrix<T, Eigen::Dynamic, 1>* rstd,
                     Eigen::Matrix<T, Eigen::Dynamic, Eigen::Dynamic, Eigen::RowMajor>* y);
// Exact GELU x·Φ(x) = x/2·(1 + erf(x/√2)) and its derivative Φ(x) + x·φ(x).
template <class T>
T gelu(T x);
template <class T>
T gelu_derivative(T x);
// The sinusoidal table [positions, d]: pe[p, 2i] = sin(p·10000^(−2i/d)), pe[p, 2i+1] = cos(…).
Eigen::MatrixXd sinusoidal_table(int positions, int d);
// RoPE's frequencies θ_j = base^(−2j/dh), j = 0..dh/2−1 (pairs (j, j + dh/2)).
std::vector<double> rope_frequencies(int dh, double base);
// The angles a forward pass of `config` (pe=rope) on sequences of T tokens turns pair j of every head by at
// position t, and what multiplies their cos and sin: angle = (t / position_divisor)·inv_freq[j], cos and sin
// times multiplier. Without a frequency scaling inv_freq is rope_frequencies and multiplier 1 (the divisor is
// options.position_divisor); with one, inv_freq is rope_scaled_inv_freq's, the divisor 1 and the multiplier
// yarn's attention factor (1 for ntk and dynamic). Empty inv_freq when the options are not runnable.
struct RopeAngles {
    std::vector<double> inv_freq;  // [dh/2]
    double position_divisor = 1.0;
    double multiplier = 1.0;
};
RopeAngles rope_angles(const ModelConfig& config, int T, const ForwardOptions& options);
// Whether `kind` is one of the frequency scalings ForwardOptions::rope_scaling takes (ntk, dynamic, yarn).
bool is_frequency_scaling(RopeScaling kind);
// "" when `options` can run a model of `config`: a finite positive position divisor, and a frequency scaling
// (if any) that ForwardOptions::rope_scaling allows; else one line saying why.
std::string forward_options_problem(const ModelConfig& config, const ForwardOptions& options);

}  // namespace pelab::lab
