// PE Lab — cli/lab.cpp
// `pelab-cli lab train|eval|grad|bench|pack|keys`: the length-generalisation lab from the command line. train
// runs one training (core/lab/lab_train.h) and prints its loss curve and per-length scores as one JSON object; eval
// scores a weights file, under one of RoPE's scalings if asked; grad prints, in double, the loss, the logits and
// every parameter's gradient of a weights file on a token file, for the PyTorch comparison
// (scripts/lab_reference.py); bench times training steps, padded and with the padding skipped, for
// scripts/bench_lab.py (docs/lab.md, "Speed"); pack writes a weights file as `pelab-lab-weights-packed/1`
// (core/lab/lab_weights.h), the form the lab ships its models in; keys prints train's and eval's keys with their
// ranges and defaults (TrainConfig{}'s and ModelConfig{}'s, through train_specs) and the budget of a model the lab
// opens, the one place a reader (and scripts/check_docs.py, against docs/lab.md) finds them.
// The same failure rules as main.cpp: bad arguments or input files exit with code 2 and one line on stderr,
// with nothing on stdout; a write error exits with code 1 and one line on stderr.
//
// [SECTION] failure, checked output
// [SECTION] arguments
// [SECTION] JSON pieces
// [SECTION] lab train
// [SECTION] lab eval
// [SECTION] lab grad
// [SECTION] lab bench
// [SECTION] lab pack
// [SECTION] lab keys
// [SECTION] dispatch
#include <algorithm>
#include <cerrno>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <cstring>
#include <set>
#include <string>
#include <vector>

#include "cli/cli_output.h"
#include "core/io/build_info.h"
#include "core/io/file.h"
#include "core/lab/lab_model.h"
#include "core/lab/lab_report.h"
#include "core/lab/lab_train.h"
#include "core/lab/lab_weights.h"
#include "core/io/params.h"
#include "core/random.h"
#include "core/io/text.h"

namespace pelab::cli_lab {

// [SECTION] failure, checked output
using pelab::cli::fail;
using pelab::cli::kExitUsage;
using pelab::cli::kExitWriteError;

int write_failed(const std::string& what, int error) {
    std::fprintf(stderr, "pelab-cli: lab: could not write %s: %s\n", what.c_str(), std::strerror(error));
    return kExitWriteError;
}

// Writes `text` to stdout, flushes and closes it; exit code 0, or 1 on a write error.
int finish(const std::string& text) {
    errno = 0;
    const bool written = std::fwrite(text.data(), 1, text.size(), stdout) == text.size() && std::fflush(stdout) == 0;
    const int saved = errno;
    const bool closed = std::fclose(stdout) == 0;
    if (written && closed) return 0;
    return write_failed("the output", written ? errno : saved);
}

// [SECTION] arguments
// key=value arguments of a sub-command: `files` are keys whose value is a path (taken as is), the rest are
// parsed strictly against `specs`. Options are handled by the caller before this. "" or the failure line.
std::string read_keys(const std::vector<std::string>& args, const std::vector<ParamSpec>& specs,
                      const std::vector<std::string>& files, ParamSet* params, std::vector<std::string>* file_values,
                      std::set<std::string>* given) {
    std::vector<std::string> pairs;
    file_values->assign(files.size(), "");
    std::vector<std::string> valid;
    for (const ParamSpec& s : specs) valid.push_back(s.name);
    valid.insert(valid.end(), files.begin(), files.end());
    for (const std::string& arg : args) {
        const std::size_t eq = arg.find('=');
        if (arg.rfind("--", 0) == 0) return quoted(arg) + ": unknown option";
        if (eq == std::string::npos) {
            std::string keys;
            for (const std::string& k : valid) keys += (keys.empty() ? "" : ", ") + k;
            return quoted(arg) + ": expected key=value (keys: " + keys + ")";
        }
        const std::string key = arg.substr(0, eq);
        if (!given->insert(key).second) return shown_key(key) + ": given twice";
        bool is_file = false;
        for (std::size_t i = 0; i < files.size(); ++i)
            if (files[i] == key) {
                (*file_values)[i] = arg.substr(eq + 1);
                is_file = true;
            }
        if (!is_file) pairs.push_back(arg);
    }
    for (std::size_t i = 0; i < files.size(); ++i)
        if ((*file_values)[i].empty()) return files[i] + ": missing (give " + files[i] + "=FILE)";
    std::vector<ParamIssue> issues;
    const KeyValues kv = read_arguments(pairs, &issues);
    if (!issues.empty()) return issues.front().message;
    *params = defaults(specs);
    issues = parse_params_strict(specs, kv, params);
    if (!issues.empty()) return issues.front().message;
    return "";
}

// The subset of train_specs() named in `names`, in that order.
std::vector<ParamSpec> specs_named(const std::vector<std::string>& names) {
    std::vector<ParamSpec> out;
    for (const std::string& n : names)
        for (const ParamSpec& s : lab::train_specs())
            if (s.name == n) out.push_back(s);
    return out;
}

// [SECTION] JSON pieces
// The run's result and its pieces are written by core (core/lab/lab_report.h), which the page's worker shares.
using lab::scores_json;
std::string number(double x) { return json_number(x); }

double seconds_since(std::chrono::steady_clock::time_point start) {
    return std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
}

// [SECTION] lab train
int cmd_train(const std::vector<std::string>& args) {
    const auto start = std::chrono::steady_clock::now();
    std::string save_path;
    bool save = false;
    std::vector<std::string> rest;
    for (std::size_t i = 0; i < args.size(); ++i) {
        const std::string& arg = args[i];
        if (arg == "--save" || arg.rfind("--save=", 0) == 0) {
            if (save) return fail("lab train: --save: given twice");
            if (arg == "--save") {
                if (i + 1 >= args.size()) return fail("lab train: --save: missing FILE");
                save_path = args[++i];
            } else {
                save_path = arg.substr(7);
            }
            if (save_path.empty()) return fail("lab train: --save: missing FILE");
            save = true;
            continue;
        }
        if (arg.rfind("--", 0) == 0) return fail("lab train: " + quoted(arg) + ": unknown option (only --save FILE)");
        rest.push_back(arg);
    }
    ParamSet params;
    std::vector<std::string> files;
    std::set<std::string> given;
    std::string problem = read_keys(rest, lab::train_specs(), {}, &params, &files, &given);
    if (!problem.empty()) return fail("lab train: " + problem);
    lab::TrainConfig config;
    problem = lab::train_config_from_params(params, &config);
    if (!problem.empty()) return fail("lab train: " + problem);
    // Open the weights file before training, so a bad path fails at once.
    std::FILE* saved = nullptr;
    if (save) {
        saved = std::fopen(save_path.c_str(), "wb");
        if (!saved) return fail("lab train: --save: cannot write " + quoted(save_path) + ": " + std::strerror(errno));
    }

    lab::Trainer trainer(config);
    while (!trainer.finished()) trainer.step();
    const lab::RunScores scores = lab::score_run(trainer);
    const std::string out = lab::train_result_json(params, trainer, scores, seconds_since(start)) + "\n";

    if (saved) {
        const std::string text = lab::weights_json(trainer.model());
        errno = 0;
        const bool ok = std::fwrite(text.data(), 1, text.size(), saved) == text.size() && std::fflush(saved) == 0;
        const int error = errno;
        if (std::fclose(saved) != 0 || !ok) return write_failed(quoted(save_path), ok ? errno : error);
    }
    return finish(out);
}

// [SECTION] lab eval
int cmd_eval(const std::vector<std::string>& args) {
    const auto start = std::chrono::steady_clock::now();
    ParamSet params;
    std::vector<std::string> files;
    std::set<std::string> given;
    std::string problem = read_keys(args, lab::eval_specs(), {"weights"}, &params, &files, &given);
    if (!problem.empty()) return fail("lab eval: " + problem);
    std::string text;
    problem = read_file(files[0], lab::kMaxWeightsBytes, &text);
    if (!problem.empty()) return fail("lab eval: weights: " + problem);
    lab::Model<float> model;
    problem = lab::read_any_weights(text, &model);
    if (!problem.empty()) return fail("lab eval: " + problem);

    // Its task, test lengths and scaling, with the file's model (within the budget of an opened one).
    lab::TrainConfig config;
    problem = lab::eval_config_from_params(params, model.config, &config);
    if (!problem.empty()) return fail("lab eval: " + problem);
    const std::vector<lab::LengthScore> scores =
        lab::evaluate(model, config.task, config.test, lab::scaling_options(config));
    return finish(lab::eval_result_json(model.config, config, scores, seconds_since(start)) + "\n");
}

// [SECTION] lab grad
int cmd_grad(const std::vector<std::string>& args) {
    ParamSet params;
    std::vector<std::string> files;
    std::set<std::string> given;
    std::string problem = read_keys(args, {}, {"weights", "tokens"}, &params, &files, &given);
    if (!problem.empty()) return fail("lab grad: " + problem);
    std::string text;
    problem = read_file(files[0], lab::kMaxWeightsBytes, &text);
    if (!problem.empty()) return fail("lab grad: weights: " + problem);
    lab::Model<double> model;
    problem = lab::read_weights(text, &model);
    if (!problem.empty()) return fail("lab grad: " + problem);
    problem = read_file(files[1], lab::kMaxWeightsBytes, &text);
    if (!problem.empty()) return fail("lab grad: tokens: " + problem);
    lab::Batch batch;
    problem = lab::read_token_batch(text, model.config, &batch);
    if (!problem.empty()) return fail("lab grad: " + problem);

    lab::Activations<double> acts;
    const double loss = lab::forward(model, batch, {}, &acts);
    std::vector<double> grad;
    lab::backward(model, batch, {}, acts, &grad);

    std::string out = "{\"loss\":" + number(loss) + ",\n\"logits\":{\"shape\":[" + std::to_string(batch.B) + "," +
                      std::to_string(batch.T) + "," + std::to_string(lab::kVocab) + "],\"data\":[";
    for (Eigen::Index i = 0; i < acts.logits.size(); ++i) out += (i ? "," : "") + number(acts.logits.data()[i]);
    out += "]},\n\"grads\":{";
    bool first = true;
    for (const lab::TensorInfo& t : model.layout.tensors) {
        out += first ? "\n" : ",\n";
        first = false;
        out += json_string(t.name) + ":{\"shape\":[";
        for (std::size_t i = 0; i < t.shape.size(); ++i) out += (i ? "," : "") + std::to_string(t.shape[i]);
        out += "],\"data\":[";
        for (std::size_t i = 0; i < t.size(); ++i) out += (i ? "," : "") + number(grad[t.offset + i]);
        out += "]}";
    }
    out += "}}\n";
    return finish(out);
}

// [SECTION] lab bench
namespace bench {

// bench's own keys beside the run keys it shares with train (task, pe, d, heads, layers, batch, lr, seed,
// train_max; d defaults to 64 here, the figure): the padded length, the timed and the warm-up steps.
std::vector<ParamSpec> specs() {
    std::vector<ParamSpec> s = specs_named({"task", "pe", "d", "heads", "layers", "batch", "lr", "seed", "train_max"});
    for (ParamSpec& spec : s)
        if (spec.name == "d") spec.default_text = "64";
    s.push_back(int_spec("tokens", 2, 64, "32", "every batch padded to this many tokens (at least 2·train_max)"));
    s.push_back(int_spec("steps", 1, 1000, "20", "timed steps"));
    s.push_back(int_spec("warmup", 0, 100, "3", "untimed steps before them"));
    return s;
}

// `batch` with every row padded on the right to `tokens` tokens (kPad, targets not counted).
lab::Batch padded_to(const lab::Batch& batch, int tokens) {
    lab::Batch out;
    out.B = batch.B;
    out.T = tokens;
    out.tokens.assign(static_cast<std::size_t>(out.B) * static_cast<std::size_t>(tokens), lab::kPad);
    out.targets.assign(out.tokens.size(), lab::kIgnore);
    for (int b = 0; b < batch.B; ++b)
        for (int t = 0; t < batch.T; ++t) {
            const auto from = static_cast<std::size_t>(b * batch.T + t), to = static_cast<std::size_t>(b * tokens + t);
            out.tokens[to] = batch.tokens[from];
            out.targets[to] = batch.targets[from];
        }
    return out;
}

// The FLOPs of one training step's matrix products, 2 per multiply-add (docs/lab.md, "Speed"). The forward
// pass: per layer the four weight products on the N rows it runs, 2·N·d·(3d + d + 4d + 4d) = 24·N·d², and
// the two attention products (Q·Kᵀ, P·V; whole Tb × Tb squares, as computed) of each sample and head,
// 2·2·Tb²·dh, 4·d·Tb² per sample; then the output layer, 2·N·d·12. The backward pass computes two products
// of each forward product's size (the input's gradient and the weight's, or dP, dV, dQ, dK), so a step is 3×
// the forward count. N = Σ Tb over the samples (B·T padded; Tb = Activations::row_length[b]).
double step_flops(const lab::ModelConfig& c, const std::vector<int>& row_length) {
    double rows = 0.0, squares = 0.0;
    for (const int tb : row_length) {
        rows += tb;
        squares += static_cast<double>(tb) * tb;
    }
    const double d = c.d;
    return 3.0 * (c.layers * (24.0 * rows * d * d + 4.0 * d * squares) + 2.0 * rows * d * lab::kVocab);
}

double median(std::vector<double> v) {
    std::sort(v.begin(), v.end());
    const std::size_t n = v.size();
    if (n == 0) return std::nan("");
    return n % 2 ? v[n / 2] : 0.5 * (v[n / 2 - 1] + v[n / 2]);
}

// [[…], …]: B rows of T numbers.
std::string rows_json(const std::vector<int>& cells, int B, int T) {
    std::string out = "[";
    for (int b = 0; b < B; ++b) {
        out += b ? ",[" : "[";
        for (int t = 0; t < T; ++t) out += (t ? "," : "") + std::to_string(cells[static_cast<std::size_t>(b * T + t)]);
        out += "]";
    }
    return out + "]";
}

std::string list_json(const std::vector<double>& v) {
    std::string out = "[";
    for (std::size_t i = 0; i < v.size(); ++i) out += (i ? "," : "") + number(v[i]);
    return out + "]";
}

std::string build_json() {
    const std::string compiler = compiler_version();
    return "{\"compiler\":" + json_string(compiler) + ",\"eigen\":\"" + std::to_string(EIGEN_WORLD_VERSION) + "." +
           std::to_string(EIGEN_MAJOR_VERSION) + "." + std::to_string(EIGEN_MINOR_VERSION) +
           "\",\"eigen_threads\":" + std::to_string(Eigen::nbThreads()) + "}";
}

// Writes `text` to `path`; "" or why not.
std::string write_text(const std::string& path, const std::string& text) {
    std::FILE* f = std::fopen(path.c_str(), "wb");
    if (!f) return "cannot write " + quoted(path) + ": " + std::strerror(errno);
    errno = 0;
    const bool ok = std::fwrite(text.data(), 1, text.size(), f) == text.size() && std::fflush(f) == 0;
    const int error = errno;
    if (std::fclose(f) != 0 || !ok) return "cannot write " + quoted(path) + ": " + std::strerror(ok ? errno : error);
    return "";
}

// One training step as Trainer::step takes it (forward, backward, AdamW), at a fixed rate; returns its loss.
double train_step(lab::Model<float>* model, lab::AdamW<float>* adam, const lab::Batch& batch,
                  const lab::ForwardOptions& options, double lr, lab::Activations<float>* acts, std::vector<float>* grad) {
    const double loss = lab::forward(*model, batch, options, acts);
    lab::backward(*model, batch, options, *acts, grad);
    adam->step(&model->params, *grad, lr);
    return loss;
}

}  // namespace bench

// Times `steps` training steps (after `warmup` untimed ones) on task batches padded to `tokens`, and,
// alternating with them step by step, the same steps of a second copy of the model with the padding skipped
// (ForwardOptions::skip_padding), each copy with its own AdamW. Prints one JSON object. --out DIR also writes
// DIR/weights.json (the initial model) and DIR/batches.json ({"warmup", "lr", "batches": [{"tokens",
// "targets"}, …]}, warm-up batches first) for scripts/bench_lab.py, which times PyTorch on the same.
int cmd_bench(const std::vector<std::string>& args) {
    std::string out_dir;
    std::vector<std::string> rest;
    for (std::size_t i = 0; i < args.size(); ++i) {
        if (args[i] == "--out") {
            if (i + 1 >= args.size() || args[i + 1].empty()) return fail("lab bench: --out: missing DIR");
            out_dir = args[++i];
            continue;
        }
        if (args[i].rfind("--", 0) == 0) return fail("lab bench: " + quoted(args[i]) + ": unknown option (only --out DIR)");
        rest.push_back(args[i]);
    }
    const std::vector<ParamSpec> specs = bench::specs();
    ParamSet params;
    std::vector<std::string> files;
    std::set<std::string> given;
    std::string problem = read_keys(rest, specs, {}, &params, &files, &given);
    if (!problem.empty()) return fail("lab bench: " + problem);
    lab::TrainConfig config;
    lab::parse_task(params.gets("task"), &config.task);
    lab::parse_scheme(params.gets("pe"), &config.model.pe);
    config.model.d = params.geti("d");
    config.model.heads = params.geti("heads");
    config.model.layers = params.geti("layers");
    config.batch = params.geti("batch");
    config.lr = params.getd("lr");
    config.seed = static_cast<std::uint64_t>(params.geti("seed"));
    config.train_max = params.geti("train_max");
    const int tokens = params.geti("tokens"), steps = params.geti("steps"), warmup = params.geti("warmup");
    problem = lab::train_config_problem(config);
    if (!problem.empty()) return fail("lab bench: " + problem);
    if (tokens < 2 * config.train_max)
        return fail("lab bench: tokens: " + std::to_string(tokens) + " is shorter than the longest sample (2·train_max = " +
                    std::to_string(2 * config.train_max) + ")");
    if (config.model.pe == lab::Scheme::learned && tokens > config.model.max_positions)
        return fail("lab bench: tokens: " + std::to_string(tokens) + " is longer than the learned table (max_positions=" +
                    std::to_string(config.model.max_positions) + ")");

    // The model and the batches from the seed, drawn as lab train draws them (one master SplitMix64: the
    // initialisation's stream, then the data's), every batch padded to `tokens`.
    SplitMix64 master(config.seed);
    const std::uint64_t init_seed = master.next_u64(), data_seed = master.next_u64();
    lab::Model<float> padded = lab::make_model<float>(config.model);
    lab::init_pytorch_default(&padded, init_seed);
    lab::Model<float> skipping = padded;
    SplitMix64 data(data_seed);
    std::vector<lab::Batch> batches;
    for (int i = 0; i < warmup + steps; ++i)
        batches.push_back(bench::padded_to(lab::task_batch(config.task, lab::draw_samples(data, config.batch, config.train_max)), tokens));
    if (!out_dir.empty()) {
        std::string text = "{\"warmup\":" + std::to_string(warmup) + ",\"lr\":" + number(config.lr) + ",\"batches\":[";
        for (std::size_t i = 0; i < batches.size(); ++i) {
            const lab::Batch& b = batches[i];
            text += std::string(i ? ",\n" : "\n") + "{\"tokens\":" + bench::rows_json(b.tokens, b.B, b.T) +
                    ",\"targets\":" + bench::rows_json(b.targets, b.B, b.T) + "}";
        }
        text += "]}\n";
        problem = bench::write_text(out_dir + "/weights.json", lab::weights_json(padded));
        if (problem.empty()) problem = bench::write_text(out_dir + "/batches.json", text);
        if (!problem.empty()) return fail("lab bench: --out: " + problem);
    }

    lab::AdamW<float> adam_padded, adam_skipping;
    lab::Activations<float> acts_padded, acts_skipping;
    std::vector<float> grad;
    lab::ForwardOptions skip;
    skip.skip_padding = true;
    std::vector<double> ms_padded, ms_skipping, loss_padded, loss_skipping;
    double flops_padded = 0.0, flops_skipping = 0.0, rows_skipping = 0.0;
    for (int i = 0; i < warmup + steps; ++i) {
        const lab::Batch& batch = batches[static_cast<std::size_t>(i)];
        auto start = std::chrono::steady_clock::now();
        loss_padded.push_back(bench::train_step(&padded, &adam_padded, batch, {}, config.lr, &acts_padded, &grad));
        const double t_padded = seconds_since(start) * 1e3;
        start = std::chrono::steady_clock::now();
        loss_skipping.push_back(bench::train_step(&skipping, &adam_skipping, batch, skip, config.lr, &acts_skipping, &grad));
        const double t_skipping = seconds_since(start) * 1e3;
        if (i < warmup) continue;
        ms_padded.push_back(t_padded);
        ms_skipping.push_back(t_skipping);
        flops_padded += bench::step_flops(config.model, acts_padded.row_length);
        flops_skipping += bench::step_flops(config.model, acts_skipping.row_length);
        for (const int tb : acts_skipping.row_length) rows_skipping += tb;
    }
    flops_padded /= steps;  // means per timed step
    flops_skipping /= steps;
    rows_skipping /= steps;
    const double median_padded = bench::median(ms_padded), median_skipping = bench::median(ms_skipping);
    return finish("{\"config\":" + params_json(specs, params) + ",\"build\":" + bench::build_json() +
                  ",\"rows_padded\":" + std::to_string(config.batch * tokens) + ",\"rows_skipping\":" + number(rows_skipping) +
                  ",\"flops_padded\":" + number(flops_padded) + ",\"flops_skipping\":" + number(flops_skipping) +
                  ",\"median_ms_padded\":" + number(median_padded) + ",\"median_ms_skipping\":" + number(median_skipping) +
                  ",\"gflops_padded\":" + number(flops_padded / (median_padded * 1e6)) +
                  ",\"gflops_skipping\":" + number(flops_skipping / (median_skipping * 1e6)) +
                  ",\"ms_padded\":" + bench::list_json(ms_padded) + ",\"ms_skipping\":" + bench::list_json(ms_skipping) +
                  ",\"loss_padded\":" + bench::list_json(loss_padded) + ",\"loss_skipping\":" + bench::list_json(loss_skipping) +
                  "}\n");
}

// [SECTION] lab pack
// `lab pack weights=FILE --out FILE`: reads a weights file (float, as training makes it) and writes the packed
// form; the output file is opened only after the input has been read and checked, so bad input leaves no file.
int cmd_pack(const std::vector<std::string>& args) {
    std::string out_path;
    bool out_given = false;
    std::vector<std::string> rest;
    for (std::size_t i = 0; i < args.size(); ++i) {
        const std::string& arg = args[i];
        if (arg == "--out" || arg.rfind("--out=", 0) == 0) {
            if (out_given) return fail("lab pack: --out: given twice");
            if (arg == "--out") {
                if (i + 1 >= args.size()) return fail("lab pack: --out: missing FILE");
                out_path = args[++i];
            } else {
                out_path = arg.substr(6);
            }
            if (out_path.empty()) return fail("lab pack: --out: missing FILE");
            out_given = true;
            continue;
        }
        if (arg.rfind("--", 0) == 0) return fail("lab pack: " + quoted(arg) + ": unknown option (only --out FILE)");
        rest.push_back(arg);
    }
    ParamSet params;
    std::vector<std::string> files;
    std::set<std::string> given;
    // bits=32 keeps the model bit for bit; bits=16 rounds it to half precision (the models the page ships).
    const std::vector<ParamSpec> specs = {choice_spec("bits", {"32", "16"}, "32", "bits per number: 32 (exact) or 16 (rounded)")};
    std::string problem = read_keys(rest, specs, {"weights"}, &params, &files, &given);
    if (!problem.empty()) return fail("lab pack: " + problem);
    if (!out_given) return fail("lab pack: --out: missing (give --out FILE)");
    std::string text;
    problem = read_file(files[0], lab::kMaxWeightsBytes, &text);
    if (!problem.empty()) return fail("lab pack: weights: " + problem);
    lab::Model<float> model;
    problem = lab::read_any_weights(text, &model);
    if (!problem.empty()) return fail("lab pack: " + problem);
    std::string bytes;
    problem = lab::packed_weights(model, params.gets("bits") == "16" ? 16 : 32, &bytes);
    if (!problem.empty()) return fail("lab pack: " + problem);

    std::FILE* f = std::fopen(out_path.c_str(), "wb");
    if (!f) return fail("lab pack: --out: cannot write " + quoted(out_path) + ": " + std::strerror(errno));
    errno = 0;
    const bool ok = std::fwrite(bytes.data(), 1, bytes.size(), f) == bytes.size() && std::fflush(f) == 0;
    const int error = errno;
    if (std::fclose(f) != 0 || !ok) return write_failed(quoted(out_path), ok ? errno : error);
    return 0;
}

// [SECTION] lab keys
int cmd_keys(const std::vector<std::string>& rest) {
    if (!rest.empty()) return fail("lab keys: " + quoted(rest[0]) + ": takes no arguments");
    std::string out = "lab train keys:\n";
    for (const ParamSpec& spec : lab::train_specs()) out += "  " + describe_key(spec) + "\n";
    out += "lab eval keys: weights=FILE";
    for (const ParamSpec& spec : lab::eval_specs()) out += " " + spec.name;
    out += "\n";
    out += "a model the lab opens: d " + std::to_string(lab::kMinOpenD) + ".." + std::to_string(lab::kMaxOpenD) +
           " with d/heads even, heads 1.." + std::to_string(lab::kMaxOpenHeads) + ", layers 1.." +
           std::to_string(lab::kMaxOpenLayers) + ", max_positions 1.." + std::to_string(lab::kMaxOpenPositions) +
           ", a file of at most " + std::to_string(lab::kMaxWeightsBytes >> 20) + " MiB\n";
    return finish(out);
}

// [SECTION] dispatch
int run(const std::vector<std::string>& args) {
    if (args.empty()) return fail("lab: missing command (one of train|eval|grad|bench|pack|keys)");
    const std::vector<std::string> rest(args.begin() + 1, args.end());
    if (args[0] == "train") return cmd_train(rest);
    if (args[0] == "eval") return cmd_eval(rest);
    if (args[0] == "grad") return cmd_grad(rest);
    if (args[0] == "bench") return cmd_bench(rest);
    if (args[0] == "pack") return cmd_pack(rest);
    if (args[0] == "keys") return cmd_keys(rest);
    return fail("lab: " + quoted(args[0]) + " is not a lab command (one of train|eval|grad|bench|pack|keys)");
}

}  // namespace pelab::cli_lab
