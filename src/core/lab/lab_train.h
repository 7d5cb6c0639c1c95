// PE Lab — core/lab/lab_train.h
// Training and evaluating the lab model: the copy/reverse task, PyTorch's AdamW and OneCycleLR,
// a Trainer that owns one run (one optimizer step per call, so a front end can slice the work), and greedy
// teacher-forced evaluation per length, with RoPE's scalings (PI, NTK-aware, dynamic NTK, YaRN) at evaluation and
// in a short fine-tune for rope.
// Everything is seeded from the run's `seed` through core's SplitMix64 (core/random.h).
// Part of `core`: Eigen + std only.
//
// [SECTION] the task
// [SECTION] optimizer and schedule
// [SECTION] run configuration (keys, ranges, cross-key rules)
// [SECTION] RoPE's scalings in a run
// [SECTION] the trainer
// [SECTION] evaluation
// [SECTION] looking inside a model
#pragma once
#include <cstdint>
#include <string>
#include <utility>
#include <vector>

#include "core/lab/lab_model.h"
#include "core/io/params.h"
#include "core/random.h"

namespace pelab::lab {

// [SECTION] the task
enum class Task { copy, reverse };
const char* task_name(Task task);
bool parse_task(const std::string& text, Task* out);
// The two names in order, as a ParamSpec's choices: copy, reverse.
const std::vector<std::string>& task_names();

// n digits x₁…xₙ (0–9) make the sequence x₁…xₙ SEP y₁…yₙ with y = x (copy) or x reversed (reverse). A batch
// holds each sequence without its last token (2n tokens), padded on the right with kPad to the longest row;
// the target at position t is the token at t + 1 when that is an answer token (t = n…2n−1), else kIgnore.
Batch task_batch(Task task, const std::vector<std::vector<int>>& samples);

// `count` samples, each of a length drawn uniformly from 1..max_n, then its digits, all from `rng`.
std::vector<std::vector<int>> draw_samples(SplitMix64& rng, int count, int max_n);

// The fixed evaluation set of length n: kEvalSamples samples drawn from a generator seeded by n alone, so every
// run, scheme and seed is scored on the same sequences.
constexpr int kEvalSamples = 256;
std::vector<std::vector<int>> eval_samples(int n, int count = kEvalSamples);

// [SECTION] optimizer and schedule
// torch.optim.lr_scheduler.OneCycleLR with three_phase=False, anneal_strategy='cos', no momentum cycling:
// the rate of optimizer step `step` (0-based; the scheduler's last_epoch when that step runs). Phase 1 ends
// at step float(pct_start·total_steps) − 1 and rises from max_lr/div_factor to max_lr, phase 2 ends at
// total_steps − 1 and falls to max_lr/div_factor/final_div_factor, each along
// end + (start − end)/2·(1 + cos(π·pct)). Where a phase spans no steps (total_steps = 10, where PyTorch
// divides by zero) its pct is taken as 1.
struct OneCycle {
    double max_lr = 1e-3;
    int total_steps = 1;
    double pct_start = 0.1;
    double div_factor = 25.0;
    double final_div_factor = 1e4;
    double lr(int step) const;
};

// torch.optim.AdamW (single-tensor, not amsgrad): per element, with t the step count after increment,
//   p ← p − lr·wd·p;  m ← β₁m + (1 − β₁)g;  v ← β₂v + (1 − β₂)g²;
//   p ← p − lr/(1 − β₁ᵗ) · m / (√v/√(1 − β₂ᵗ) + eps).
template <class T>
struct AdamW {
    double beta1 = 0.9, beta2 = 0.999, eps = 1e-8, weight_decay = 0.01;
    std::vector<T> m, v;
    long long t = 0;
    void step(std::vector<T>* params, const std::vector<T>& grad, double lr);
};

// [SECTION] run configuration (keys, ranges, cross-key rules)
// A run's defaults are TrainConfig{}'s (and ModelConfig{}'s); train_specs writes its default texts from them.
// The ranges of the run's keys past the model's (lab_model.h: kMinD, kMaxD, kMaxHeads, kMaxLayers,
// kMaxPositions), each written once here and read by train_specs and by the front ends that offer the keys.
constexpr int kMaxTrainSteps = 20000;  // train_steps 1..; finetune_steps 0..
constexpr int kMaxBatch = 256;
constexpr double kMinLr = 1e-5, kMaxLr = 0.1;
constexpr int kMaxSeed = 2147483647;  // the largest int: a seed is read as one
constexpr int kMaxTrainLength = 32;   // train_max and finetune_max: 1..
constexpr int kMaxTestLength = 60;    // each test length: 1..
constexpr int kMaxTestLengths = 16;   // how many lengths test may hold
constexpr double kMaxPi = 16;         // pi: 1..
constexpr double kMaxFactor = kMaxPi; // factor: above 1, up to this (pi is linear's factor: the same range)
constexpr double kDefaultFactor = 2;  // factor when a scaling is named without one

// The scalings a run offers, as core names them (core/rope/rope_scaling.h), in this order: none, linear, ntk,
// dynamic, yarn (linear is position interpolation, pi; Llama 3's bands are not offered).
const std::vector<std::string>& lab_scaling_names();

struct TrainConfig {
    Task task = Task::copy;
    ModelConfig model;
    int train_steps = 1500;
    int batch = 32;
    double lr = 1e-3;
    std::uint64_t seed = 0;
    int train_max = 16;
    std::vector<int> test = {4, 8, 12, 16, 20, 24, 28, 32, 40, 48};
    double pi = 1.0;          // rope: positions divided by pi at evaluation (1 = no interpolation)
    int finetune_steps = 0;   // rope: steps of fine-tuning after the run (0 = none)
    int finetune_max = 32;    // the fine-tune draws n in 1..finetune_max
    // rope: the scaling at evaluation and in the fine-tune, at `factor` (not read with none). pi=s and
    // scaling=linear factor=s are one run: the keys' reader writes it as pi, its older name, so that old
    // commands and files read the same; a TrainConfig built in code may hold either (linear_factor).
    RopeScaling scaling = RopeScaling::none;
    double factor = kDefaultFactor;
    // Not a key: how the steps are computed, not what they compute. Train with ForwardOptions::skip_padding
    // (each row only up to its last counted target): the same loss and gradient up to float rounding, about
    // 1.5× less work at the defaults. The page's trainer (src/platform/lab) sets it; the CLI does not, because
    // the reference runs are pinned to the padded arithmetic bit for bit.
    bool skip_padding = false;
    // The factor positions are divided by (linear scaling, PI): pi, or factor with scaling=linear; 1 = none.
    double linear_factor() const { return scaling == RopeScaling::linear ? factor : pi; }
    // Whether the run scales RoPE's frequencies (ntk, dynamic, yarn): its scores then have a "scaled" member.
    bool frequency_scaled() const { return is_frequency_scaling(scaling); }
    // Whether the scaling or fine-tune results are asked for (PI, a frequency scaling or a fine-tune).
    bool interpolating() const { return linear_factor() != 1.0 || frequency_scaled() || finetune_steps > 0; }
};

// The keys of a run and their ranges, in this order: task, pe, d, heads, layers, train_steps, batch, lr, seed,
// train_max, test, max_positions, pi, finetune_steps, finetune_max, scaling, factor (the result's "config"
// echoes them up to finetune_max, and scaling and factor when the run scales frequencies: lab_report.h).
const std::vector<ParamSpec>& train_specs();
// A run from parsed keys (train_specs), then the rules across keys: heads 1, 2, 4 or 8, d a multiple of
// 2·heads, whole test lengths, pi, scaling and the fine-tune for rope only, pi or a scaling but not both,
// factor above 1 with a scaling, ntk and dynamic with heads at least 4 wide, and (learned) every sequence within
// max_positions. scaling=linear is stored as pi=factor (scaling none). "" when the run is valid, else one line
// naming the key.
std::string train_config_from_params(const ParamSet& params, TrainConfig* out);
// The same rules on a TrainConfig built in code.
std::string train_config_problem(const TrainConfig& config);
// The rules for scoring a model read from a file (`lab eval`, a model loaded in the page or on the desktop):
// the model within the budget of a model the lab opens (core/lab/lab_model.h: open_config_problem), wider than
// the training ranges, and the same rules across the keys (task, test, pi, scaling, factor, the learned table's
// length).
std::string eval_config_problem(const TrainConfig& config);
// The keys of an evaluation (`lab eval`, and a scoring the page or the desktop asks for), train_specs' own:
// task, test, pi, train_max, scaling, factor. train_max is the length the model was trained at, which a scaling
// reads (original_max = 2·train_max positions).
const std::vector<ParamSpec>& eval_specs();
// An evaluation of a model of `model` from parsed keys (eval_specs), with eval_config_problem's rules; its
// train_max is the key's for a rope model and 1 for the others (no other scheme reads it, and a learned table
// need not hold 2·train_max positions). "" when valid, else one line naming the key, and *out is not changed.
std::string eval_config_from_params(const ParamSet& params, const ModelConfig& model, TrainConfig* out);

// [SECTION] RoPE's scalings in a run
// The ForwardOptions (core/lab/lab_model.h) that score or fine-tune a model of the run: linear (pi) divides
// positions by its factor, the path pi has always taken; ntk, dynamic and yarn at `factor` set the frequency
// scaling with original_max = 2·train_max positions, the longest sequence of training (a sample of n digits is
// 2n tokens); none changes nothing. skip_padding is left false.
ForwardOptions scaling_options(const TrainConfig& config);
// The same for a scaling chosen apart from a run: the method, its factor, and the train_max the model was
// trained at. What the page and the desktop call to score a model under a scaling:
//   evaluate(model, task, lengths, scaling_options(RopeScaling::ntk, 2.0, 16)).
ForwardOptions scaling_options(RopeScaling scaling, double factor, int train_max);

// [SECTION] the trainer
// One training run: the model (float), AdamW, the schedule and the data stream. step() does one optimizer
// step, first the train_steps of the run (n in 1..train_max, OneCycleLR), then, for rope with
// finetune_steps > 0, the fine-tune (n in 1..finetune_max under the run's scaling, scaling_options, and with
// none the plain control: the same steps without one; the same AdamW state continued at the constant rate lr/5). A config that fails train_config_problem builds nothing: problem()
// says why, the run has 0 steps and is finished at once, and its model is empty (evaluate scores it NaN).
class Trainer {
public:
    explicit Trainer(const TrainConfig& config);
    const TrainConfig& config() const { return config_; }
    const std::string& problem() const { return problem_; }
    int total_steps() const { return problem_.empty() ? config_.train_steps + fine_tune_steps() : 0; }
    int steps_done() const { return done_; }
    bool finished() const { return done_ >= total_steps(); }
    bool in_fine_tune() const { return fine_tune_steps() > 0 && done_ >= config_.train_steps; }
    // One optimizer step; returns its batch loss. Does nothing (returns 0) once finished.
    double step();
    // The loss curve of the run and of the fine-tune: {step, mean batch loss of the steps since the previous
    // point}, recorded at step 1, every 50 steps and at the last step (steps counted from 1 in each phase).
    const std::vector<std::pair<int, double>>& loss_curve() const { return curve_; }
    const std::vector<std::pair<int, double>>& fine_tune_curve() const { return fine_curve_; }
    const Model<float>& model() const { return model_; }
    // The main run's model, kept when the fine-tune starts (equal to model() before that).
    const Model<float>& model_before_fine_tune() const {
        return done_ > config_.train_steps ? before_fine_tune_ : model_;
    }

private:
    int fine_tune_steps() const { return config_.model.pe == Scheme::rope ? config_.finetune_steps : 0; }
    TrainConfig config_;
    std::string problem_;
    Model<float> model_, before_fine_tune_;
    AdamW<float> adam_;
    OneCycle schedule_;
    SplitMix64 data_, fine_data_;
    Activations<float> acts_;
    std::vector<float> grad_;
    int done_ = 0;
    double window_sum_ = 0.0;
    int window_count_ = 0;
    std::vector<std::pair<int, double>> curve_, fine_curve_;
};

// [SECTION] evaluation
// Greedy, teacher-forced: one forward pass over each fixed sample; an answer token is right when the argmax
// of its logits (the first maximum) is the expected digit. exact: the share of samples with every answer
// token right; token: the share of answer tokens right. A length the model cannot run (outside
// 1..kMaxEvalLength, longer than a learned table, or an empty model) scores NaN.
constexpr int kMaxEvalLength = 512;
struct LengthScore {
    int n = 0;
    double exact = 0.0;
    double token = 0.0;
};
template <class T>
std::vector<LengthScore> evaluate(const Model<T>& model, Task task, const std::vector<int>& lengths,
                                  const ForwardOptions& options = {});

// One length's evaluation a block of samples at a time, for a caller that must be able to stop between blocks (the
// lab's request handler answers a cancel within one block, where a whole length of the default model takes about
// half a second): the same forward passes over the same blocks of kEvalBlock samples as evaluate(), which is
// written with it, so the same score bit for bit. A length the model cannot run is done at once and scores NaN.
constexpr int kEvalBlock = 32;  // samples per forward pass (also bounds the attention weights kept)
template <class T>
class LengthEvaluation {
public:
    LengthEvaluation(Task task, int n);
    // Scores the next block of samples (fewer at the end); nothing once done.
    void step(const Model<T>& model, const ForwardOptions& options);
    bool done() const { return failed_ || next_ >= samples_.size(); }
    // Once done: the length's exact and token shares (NaN when the model could not run it).
    LengthScore score() const;

private:
    Task task_;
    int n_;
    std::vector<std::vector<int>> samples_;
    std::size_t next_ = 0;       // the first sample not yet scored
    int exact_ = 0;
    long long tokens_right_ = 0;
    bool failed_ = false;        // n out of range, or the model could not run a block
    Activations<T> acts_;
};

// [SECTION] looking inside a model
// One sample of the fixed evaluation set (eval_samples(n)[sample]) run through the model, kept whole for the
// lab's views: the input, the answer expected and the one predicted (greedy, teacher-forced, as evaluate scores
// it), and every layer's and head's attention weights. T = 2n tokens; attention holds layers·heads matrices,
// layer by layer, each T×T row-major (query rows, key columns, 0 above the diagonal). A sample the model cannot
// run (n outside 1..kMaxEvalLength, sample outside 0..kEvalSamples−1, longer than a learned table, an empty
// model) gives T = 0 and nothing else.
struct Inspection {
    Task task = Task::copy;
    int n = 0, sample = 0;
    int layers = 0, heads = 0, T = 0;
    std::vector<int> tokens;                     // [T] the input x₁…xₙ SEP y₁…yₙ₋₁
    std::vector<int> expected;                   // [n] the answer y₁…yₙ
    std::vector<int> predicted;                  // [n] the argmax at each answer position
    std::vector<std::vector<double>> attention;  // [layers·heads][T·T]
};
template <class T>
Inspection inspect(const Model<T>& model, Task task, int n, int sample, const ForwardOptions& options = {});

}  // namespace pelab::lab
