// PE Lab — core/lab/lab_train.cpp
// Implements lab_train.h: the task generator, OneCycleLR and AdamW as PyTorch computes them, the run's keys and
// rules, the Trainer and the per-length evaluation.
//
// [SECTION] the task
// [SECTION] optimizer and schedule
// [SECTION] run configuration
// [SECTION] RoPE's scalings in a run
// [SECTION] the trainer
// [SECTION] evaluation
// [SECTION] looking inside a model
#include "core/lab/lab_train.h"

#include <algorithm>
#include <cmath>

#include "core/io/params.h"
#include "core/rope/rope_scaling.h"

namespace pelab::lab {

// [SECTION] the task
const std::vector<std::string>& task_names() {
    static const std::vector<std::string> names = {"copy", "reverse"};
    return names;
}

const char* task_name(Task task) { return task_names()[static_cast<std::size_t>(task)].c_str(); }

bool parse_task(const std::string& text, Task* out) {
    const int i = name_index(task_names(), text);
    if (i >= 0) *out = static_cast<Task>(i);
    return i >= 0;
}

Batch task_batch(Task task, const std::vector<std::vector<int>>& samples) {
    Batch batch;
    batch.B = static_cast<int>(samples.size());
    for (const std::vector<int>& s : samples) batch.T = std::max(batch.T, 2 * static_cast<int>(s.size()));
    const std::size_t cells = static_cast<std::size_t>(batch.B) * static_cast<std::size_t>(batch.T);
    batch.tokens.assign(cells, kPad);
    batch.targets.assign(cells, kIgnore);
    std::vector<int> sequence;
    for (int b = 0; b < batch.B; ++b) {
        const std::vector<int>& x = samples[static_cast<std::size_t>(b)];
        const int n = static_cast<int>(x.size());
        sequence = x;
        sequence.push_back(kSep);
        if (task == Task::copy) sequence.insert(sequence.end(), x.begin(), x.end());
        else sequence.insert(sequence.end(), x.rbegin(), x.rend());
        const std::size_t row = static_cast<std::size_t>(b) * static_cast<std::size_t>(batch.T);
        for (int t = 0; t < 2 * n; ++t) {
            batch.tokens[row + static_cast<std::size_t>(t)] = sequence[static_cast<std::size_t>(t)];
            if (t >= n) batch.targets[row + static_cast<std::size_t>(t)] = sequence[static_cast<std::size_t>(t + 1)];
        }
    }
    return batch;
}

namespace detail {

// A whole number uniform in 0..bound−1 (rejection, so no value is favoured).
int uniform_below(SplitMix64& rng, int bound) {
    const std::uint64_t b = static_cast<std::uint64_t>(bound);
    const std::uint64_t limit = ~std::uint64_t(0) - (~std::uint64_t(0) % b);
    std::uint64_t r = rng.next_u64();
    while (r >= limit) r = rng.next_u64();
    return static_cast<int>(r % b);
}

std::vector<int> draw_digits(SplitMix64& rng, int n) {
    std::vector<int> x(static_cast<std::size_t>(n));
    for (int& digit : x) digit = uniform_below(rng, 10);
    return x;
}

// The evaluation sets' seeds: a constant apart from the training seeds' use, plus the length.
constexpr std::uint64_t kEvalSeedBase = 0x1ab5eed5ULL << 16;

}  // namespace detail

std::vector<std::vector<int>> draw_samples(SplitMix64& rng, int count, int max_n) {
    std::vector<std::vector<int>> out;
    out.reserve(static_cast<std::size_t>(count));
    for (int i = 0; i < count; ++i) out.push_back(detail::draw_digits(rng, 1 + detail::uniform_below(rng, max_n)));
    return out;
}

std::vector<std::vector<int>> eval_samples(int n, int count) {
    SplitMix64 rng(detail::kEvalSeedBase + static_cast<std::uint64_t>(n));
    std::vector<std::vector<int>> out;
    for (int i = 0; i < count; ++i) out.push_back(detail::draw_digits(rng, n));
    return out;
}

// [SECTION] optimizer and schedule
double OneCycle::lr(int step) const {
    const double initial = max_lr / div_factor;
    const double minimum = initial / final_div_factor;
    struct Phase {
        double end_step, start_lr, end_lr;
    };
    const Phase phases[2] = {{pct_start * total_steps - 1.0, initial, max_lr},
                             {static_cast<double>(total_steps) - 1.0, max_lr, minimum}};
    double start_step = 0.0;
    for (int i = 0; i < 2; ++i) {
        const Phase& p = phases[i];
        if (step <= p.end_step || i == 1) {
            const double span = p.end_step - start_step;
            const double pct = span != 0.0 ? (step - start_step) / span : 1.0;
            const double cos_out = std::cos(std::acos(-1.0) * pct) + 1.0;
            return p.end_lr + (p.start_lr - p.end_lr) / 2.0 * cos_out;
        }
        start_step = p.end_step;
    }
    return minimum;
}

template <class T>
void AdamW<T>::step(std::vector<T>* params, const std::vector<T>& grad, double lr) {
    const std::size_t n = params->size();
    if (m.size() != n) m.assign(n, T(0));
    if (v.size() != n) v.assign(n, T(0));
    ++t;
    const double bc1 = 1.0 - std::pow(beta1, static_cast<double>(t));
    const double bc2 = 1.0 - std::pow(beta2, static_cast<double>(t));
    const T decay = static_cast<T>(1.0 - lr * weight_decay);
    const T step_size = static_cast<T>(lr / bc1);
    const T bc2_root = static_cast<T>(std::sqrt(bc2));
    const T b1 = static_cast<T>(beta1), b2 = static_cast<T>(beta2), e = static_cast<T>(eps);
    T* p = params->data();
    for (std::size_t i = 0; i < n; ++i) {
        const T g = grad[i];
        p[i] *= decay;
        m[i] = b1 * m[i] + (T(1) - b1) * g;
        v[i] = b2 * v[i] + (T(1) - b2) * g * g;
        p[i] -= step_size * m[i] / (std::sqrt(v[i]) / bc2_root + e);
    }
}

// [SECTION] run configuration
namespace detail {

// A default as a spec's default text: a whole number, a real (format_number, so it reads back the same) or a
// list of whole numbers ("4,8,12").
std::string default_text(int n) { return std::to_string(n); }
std::string default_text(std::uint64_t n) { return std::to_string(n); }
std::string default_text(double x) { return format_number(x); }
std::string default_text(const std::vector<int>& list) {
    std::string out;
    for (const int n : list) out += (out.empty() ? "" : ",") + std::to_string(n);
    return out;
}

}  // namespace detail

const std::vector<ParamSpec>& train_specs() {
    static const std::vector<ParamSpec> specs = [] {
        using detail::default_text;
        const TrainConfig def;
        const ModelConfig& model = def.model;
        const std::string heads_help = "attention heads: " + allowed_heads_text(" or ");
        std::vector<ParamSpec> s;
        s.push_back(
            choice_spec("task", task_names(), task_name(def.task), "the task: copy the digits or reverse them"));
        s.push_back(choice_spec("pe", scheme_names(), scheme_name(model.pe), "the position scheme"));
        s.push_back(int_spec("d", kMinD, kMaxD, default_text(model.d).c_str(), "model width (d/heads even)"));
        s.push_back(int_spec("heads", 1, kMaxHeads, default_text(model.heads).c_str(), heads_help.c_str()));
        s.push_back(int_spec("layers", 1, kMaxLayers, default_text(model.layers).c_str(), "transformer blocks"));
        s.push_back(
            int_spec("train_steps", 1, kMaxTrainSteps, default_text(def.train_steps).c_str(), "optimizer steps"));
        s.push_back(int_spec("batch", 1, kMaxBatch, default_text(def.batch).c_str(), "samples per step"));
        s.push_back(real_spec("lr", kMinLr, kMaxLr, default_text(def.lr).c_str(),
                              "peak learning rate of the one-cycle schedule"));
        s.push_back(int_spec("seed", 0, kMaxSeed, default_text(def.seed).c_str(),
                             "seed of the initialisation and the data"));
        s.push_back(int_spec("train_max", 1, kMaxTrainLength, default_text(def.train_max).c_str(),
                             "longest training sample (digits)"));
        ParamSpec test = make_spec("test", ParamKind::RealList, 1, kMaxTestLength, default_text(def.test).c_str(),
                                   "evaluation lengths (digits)");
        test.list_min = 1;
        test.list_max = kMaxTestLengths;
        s.push_back(test);
        s.push_back(int_spec("max_positions", 1, kMaxPositions, default_text(model.max_positions).c_str(),
                             "rows of the learned position table"));
        s.push_back(real_spec("pi", 1, kMaxPi, default_text(def.pi).c_str(),
                              "rope: position interpolation factor at evaluation"));
        s.push_back(int_spec("finetune_steps", 0, kMaxTrainSteps, default_text(def.finetune_steps).c_str(),
                             "rope: fine-tune steps after the run"));
        s.push_back(int_spec("finetune_max", 1, kMaxTrainLength, default_text(def.finetune_max).c_str(),
                             "rope: longest fine-tune sample (digits)"));
        s.push_back(choice_spec("scaling", lab_scaling_names(), rope_scaling_name(def.scaling),
                                "rope: frequency scaling at evaluation and in the fine-tune (linear = pi)"));
        const std::string factor_help = "rope: the scaling's factor s, above 1 (not read with scaling=none)";
        s.push_back(real_spec("factor", 1, kMaxFactor, default_text(def.factor).c_str(), factor_help.c_str()));
        return s;
    }();
    return specs;
}

namespace detail {

// The scalings' names joined by `joiner`, for messages: "none|linear|ntk|dynamic|yarn".
std::string scaling_choices(const char* joiner) {
    std::string out;
    for (const std::string& name : lab_scaling_names()) out += (out.empty() ? "" : joiner) + name;
    return out;
}

// The rules of a run's scaling: pi and the scalings for rope only, one of them, a factor above 1.
std::string scaling_rules_problem(const TrainConfig& c) {
    const std::string pe = scheme_name(c.model.pe);
    if (c.model.pe != Scheme::rope && c.pi != 1.0)
        return "pi: position interpolation applies to pe=rope only (pe=" + pe + ")";
    if (c.scaling == RopeScaling::none) return "";
    const std::string name = rope_scaling_name(c.scaling);
    if (name_index(lab_scaling_names(), name) < 0)
        return "scaling: \"" + name + "\" is not a scaling the lab offers (one of " + scaling_choices("|") + ")";
    if (c.model.pe != Scheme::rope) return "scaling: RoPE's scalings apply to pe=rope only (pe=" + pe + ")";
    if (c.pi != 1.0) return "pi: pi=S is scaling=linear factor=S; give one of them (scaling=" + name + ")";
    if (!(c.factor > 1.0 && c.factor <= kMaxFactor))
        return "factor: " + format_number(c.factor) + " is out of range: scaling=" + name + " needs 1 < factor <= " +
               format_number(kMaxFactor);
    if ((c.scaling == RopeScaling::ntk || c.scaling == RopeScaling::dynamic) && c.model.dh() < 4)
        return "scaling: " + name + " needs heads at least 4 wide (d/heads = " + std::to_string(c.model.dh()) +
               "; its exponent is dh/(dh - 2))";
    return "";
}

// The rules across a run's keys, past the model's own checks.
std::string run_rules_problem(const TrainConfig& c) {
    if (c.test.empty()) return "test: give at least one length";
    const std::string scaling = scaling_rules_problem(c);
    if (!scaling.empty()) return scaling;
    if (c.model.pe != Scheme::rope && c.finetune_steps > 0)
        return "finetune_steps: the interpolation fine-tune applies to pe=rope only (pe=" +
               std::string(scheme_name(c.model.pe)) + ")";
    if (c.model.pe == Scheme::learned) {
        int longest = c.train_max;
        const char* key = "train_max";
        for (const int n : c.test)
            if (n > longest) longest = n, key = "test";
        if (2 * longest > c.model.max_positions)
            return std::string(key) + ": a sample of " + std::to_string(longest) + " digits is " +
                   std::to_string(2 * longest) + " tokens, longer than the learned position table (max_positions=" +
                   std::to_string(c.model.max_positions) + "); pe=learned cannot place it";
    }
    return "";
}

}  // namespace detail

std::string train_config_problem(const TrainConfig& c) {
    const std::string model = config_problem(c.model);
    return model.empty() ? detail::run_rules_problem(c) : model;
}

std::string eval_config_problem(const TrainConfig& c) {
    const std::string model = open_config_problem(c.model);
    return model.empty() ? detail::run_rules_problem(c) : model;
}

namespace detail {

// The test lengths of parsed keys, each a whole number.
std::string read_test(const ParamSet& p, TrainConfig* c) {
    c->test.clear();
    for (const double n : p.getv("test")) {
        if (n != std::floor(n))
            return "test: " + format_number(n) + " is not a whole number of digits (1.." +
                   std::to_string(kMaxTestLength) + ")";
        c->test.push_back(static_cast<int>(n));
    }
    return "";
}

// The scaling and its factor of parsed keys (pi already read): scaling=linear factor=s is written as pi=s,
// so that both spellings make the one run pi always made. With none the factor is not read.
std::string read_scaling(const ParamSet& p, TrainConfig* c) {
    if (!parse_rope_scaling(p.gets("scaling"), &c->scaling) || name_index(lab_scaling_names(), p.gets("scaling")) < 0)
        return "scaling: \"" + p.gets("scaling") + "\" is not one of " + scaling_choices("|");
    if (c->scaling == RopeScaling::none) return "";
    c->factor = p.getd("factor");
    if (c->scaling == RopeScaling::linear) {
        const std::string problem = scaling_rules_problem(*c);  // its factor and pe, before it becomes pi
        if (!problem.empty()) return problem;
        c->pi = c->factor;
        c->scaling = RopeScaling::none;
        c->factor = kDefaultFactor;
    }
    return "";
}

}  // namespace detail

std::string train_config_from_params(const ParamSet& p, TrainConfig* out) {
    TrainConfig c;
    parse_task(p.gets("task"), &c.task);
    parse_scheme(p.gets("pe"), &c.model.pe);
    c.model.d = p.geti("d");
    c.model.heads = p.geti("heads");
    c.model.layers = p.geti("layers");
    c.model.max_positions = p.geti("max_positions");
    c.train_steps = p.geti("train_steps");
    c.batch = p.geti("batch");
    c.lr = p.getd("lr");
    c.seed = static_cast<std::uint64_t>(p.geti("seed"));
    c.train_max = p.geti("train_max");
    const std::string test = detail::read_test(p, &c);
    if (!test.empty()) return test;
    c.pi = p.getd("pi");
    c.finetune_steps = p.geti("finetune_steps");
    c.finetune_max = p.geti("finetune_max");
    const std::string scaling = detail::read_scaling(p, &c);
    if (!scaling.empty()) return scaling;
    const std::string problem = train_config_problem(c);
    if (problem.empty()) *out = c;
    return problem;
}

const std::vector<ParamSpec>& eval_specs() {
    static const std::vector<ParamSpec> specs = [] {
        std::vector<ParamSpec> s;
        for (const char* name : {"task", "test", "pi", "train_max", "scaling", "factor"})
            for (const ParamSpec& spec : train_specs())
                if (spec.name == name) s.push_back(spec);
        return s;
    }();
    return specs;
}

std::string eval_config_from_params(const ParamSet& p, const ModelConfig& model, TrainConfig* out) {
    TrainConfig c;
    parse_task(p.gets("task"), &c.task);
    c.model = model;
    c.train_max = model.pe == Scheme::rope ? p.geti("train_max") : 1;
    std::string problem = detail::read_test(p, &c);
    if (!problem.empty()) return problem;
    c.pi = p.getd("pi");
    problem = detail::read_scaling(p, &c);
    if (problem.empty()) problem = eval_config_problem(c);
    if (problem.empty()) *out = c;
    return problem;
}

// [SECTION] RoPE's scalings in a run
const std::vector<std::string>& lab_scaling_names() {
    static const std::vector<std::string> names = [] {
        std::vector<std::string> out;
        for (const RopeScaling s : {RopeScaling::none, RopeScaling::linear, RopeScaling::ntk, RopeScaling::dynamic,
                                    RopeScaling::yarn})
            out.push_back(rope_scaling_name(s));
        return out;
    }();
    return names;
}

ForwardOptions scaling_options(RopeScaling scaling, double factor, int train_max) {
    ForwardOptions options;
    if (scaling == RopeScaling::linear) {
        options.position_divisor = factor;
    } else if (scaling != RopeScaling::none) {
        options.rope_scaling = scaling;
        options.rope_factor = factor;
        options.rope_original_max = 2 * train_max;
    }
    return options;
}

ForwardOptions scaling_options(const TrainConfig& c) {
    if (c.frequency_scaled()) return scaling_options(c.scaling, c.factor, c.train_max);
    return scaling_options(RopeScaling::linear, c.linear_factor(), c.train_max);
}

// [SECTION] the trainer
namespace detail {

// The run's three streams (initialisation, training data, fine-tune data) from its one seed.
struct RunSeeds {
    std::uint64_t init, data, fine;
    explicit RunSeeds(std::uint64_t seed) {
        SplitMix64 master(seed);
        init = master.next_u64();
        data = master.next_u64();
        fine = master.next_u64();
    }
};

constexpr int kLossEvery = 50;

}  // namespace detail

Trainer::Trainer(const TrainConfig& config)
    : config_(config),
      problem_(train_config_problem(config)),
      data_(detail::RunSeeds(config.seed).data),
      fine_data_(detail::RunSeeds(config.seed).fine) {
    if (!problem_.empty()) return;
    model_ = make_model<float>(config.model);
    init_pytorch_default(&model_, detail::RunSeeds(config.seed).init);
    schedule_.max_lr = config.lr;
    schedule_.total_steps = config.train_steps;
}

double Trainer::step() {
    if (finished()) return 0.0;
    const bool fine = in_fine_tune();
    if (fine && done_ == config_.train_steps) {
        before_fine_tune_ = model_;
        window_sum_ = 0.0;
        window_count_ = 0;
    }
    const Batch batch = fine ? task_batch(config_.task, draw_samples(fine_data_, config_.batch, config_.finetune_max))
                             : task_batch(config_.task, draw_samples(data_, config_.batch, config_.train_max));
    ForwardOptions options;
    if (fine) options = scaling_options(config_);
    options.skip_padding = config_.skip_padding;
    const double loss = forward(model_, batch, options, &acts_);
    backward(model_, batch, options, acts_, &grad_);
    const double lr = fine ? config_.lr / 5.0 : schedule_.lr(done_);
    adam_.step(&model_.params, grad_, lr);
    ++done_;

    window_sum_ += loss;
    ++window_count_;
    const int phase_step = fine ? done_ - config_.train_steps : done_;
    const int phase_total = fine ? fine_tune_steps() : config_.train_steps;
    if (phase_step == 1 || phase_step % detail::kLossEvery == 0 || phase_step == phase_total) {
        (fine ? fine_curve_ : curve_).emplace_back(phase_step, window_sum_ / window_count_);
        window_sum_ = 0.0;
        window_count_ = 0;
    }
    return loss;
}

// [SECTION] evaluation
template <class T>
LengthEvaluation<T>::LengthEvaluation(Task task, int n) : task_(task), n_(n) {
    if (n < 1 || n > kMaxEvalLength) failed_ = true;
    else samples_ = eval_samples(n);
}

template <class T>
void LengthEvaluation<T>::step(const Model<T>& model, const ForwardOptions& options) {
    if (done()) return;
    const std::size_t first = next_, last = std::min(samples_.size(), first + kEvalBlock);
    const Batch batch = task_batch(task_, std::vector<std::vector<int>>(samples_.begin() + static_cast<std::ptrdiff_t>(first),
                                                                        samples_.begin() + static_cast<std::ptrdiff_t>(last)));
    forward(model, batch, options, &acts_);
    if (acts_.B != batch.B) {
        failed_ = true;
        return;
    }
    for (int b = 0; b < batch.B; ++b) {
        bool all = true;
        for (int t = n_; t < 2 * n_; ++t) {
            Eigen::Index guess = 0;
            acts_.logits.row(acts_.row_start[static_cast<std::size_t>(b)] + t).maxCoeff(&guess);
            const bool right = static_cast<int>(guess) == batch.targets[static_cast<std::size_t>(b * batch.T + t)];
            tokens_right_ += right ? 1 : 0;
            all = all && right;
        }
        exact_ += all ? 1 : 0;
    }
    next_ = last;
}

template <class T>
LengthScore LengthEvaluation<T>::score() const {
    LengthScore s;
    s.n = n_;
    const double count = static_cast<double>(samples_.size());
    s.exact = failed_ ? std::nan("") : static_cast<double>(exact_) / count;
    s.token = failed_ ? std::nan("") : static_cast<double>(tokens_right_) / (count * n_);
    return s;
}

template <class T>
std::vector<LengthScore> evaluate(const Model<T>& model, Task task, const std::vector<int>& lengths,
                                  const ForwardOptions& options) {
    std::vector<LengthScore> out;
    for (const int n : lengths) {
        LengthEvaluation<T> length(task, n);
        while (!length.done()) length.step(model, options);
        out.push_back(length.score());
    }
    return out;
}

template class LengthEvaluation<float>;
template class LengthEvaluation<double>;

// [SECTION] looking inside a model
template <class T>
Inspection inspect(const Model<T>& model, Task task, int n, int sample, const ForwardOptions& options) {
    Inspection out;
    out.task = task;
    out.n = n;
    out.sample = sample;
    if (n < 1 || n > kMaxEvalLength || sample < 0 || sample >= kEvalSamples) return out;
    const std::vector<int> digits = eval_samples(n)[static_cast<std::size_t>(sample)];
    const Batch batch = task_batch(task, {digits});
    Activations<T> acts;
    ForwardOptions whole = options;
    whole.skip_padding = false;  // one row with no padding: every position is kept either way
    forward(model, batch, whole, &acts);
    if (acts.B != 1) return out;
    const int len = batch.T;
    out.layers = model.config.layers;
    out.heads = model.config.heads;
    out.T = len;
    out.tokens = batch.tokens;
    for (int t = n; t < 2 * n; ++t) {
        out.expected.push_back(batch.targets[static_cast<std::size_t>(t)]);
        Eigen::Index guess = 0;
        acts.logits.row(t).maxCoeff(&guess);
        out.predicted.push_back(static_cast<int>(guess));
    }
    for (int l = 0; l < out.layers; ++l) {
        const auto& probs = acts.layers[static_cast<std::size_t>(l)].probs;
        for (int h = 0; h < out.heads; ++h) {
            std::vector<double> m(static_cast<std::size_t>(len) * static_cast<std::size_t>(len));
            for (int q = 0; q < len; ++q)
                for (int k = 0; k < len; ++k)
                    m[static_cast<std::size_t>(q * len + k)] = static_cast<double>(probs(h * len + q, k));
            out.attention.push_back(std::move(m));
        }
    }
    return out;
}

template struct AdamW<float>;
template struct AdamW<double>;
template std::vector<LengthScore> evaluate<float>(const Model<float>&, Task, const std::vector<int>&, const ForwardOptions&);
template std::vector<LengthScore> evaluate<double>(const Model<double>&, Task, const std::vector<int>&, const ForwardOptions&);

template Inspection inspect<float>(const Model<float>&, Task, int, int, const ForwardOptions&);
template Inspection inspect<double>(const Model<double>&, Task, int, int, const ForwardOptions&);

}  // namespace pelab::lab
