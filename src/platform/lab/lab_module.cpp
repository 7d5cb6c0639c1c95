// PE Lab — platform/lab/lab_module.cpp
// The lab's trainer for the page: the entry of pelab_lab.wasm, a module of its own that
// web/lab_worker.js loads in a Web Worker when the lab opens, built for speed (-O3, WebAssembly SIMD) apart
// from the app (-Oz). It is a small C API over core's Trainer; everything it computes and writes comes from
// core (core/lab/lab_train.h, core/lab/lab_report.h, core/lab/lab_weights.h), so a run in the page reads the same keys,
// follows the same rules and prints the same JSON as `pelab-cli lab train`.
//
// A run is a handle (LabRun*): a run being trained (pelab_lab_create), or a model read from a weights file
// (pelab_lab_load: the learner's file; pelab_lab_load_packed: a model the lab ships), which can be scored,
// looked inside and saved but not trained. The strings it returns are owned by the run and stay valid until the
// next call on that run or pelab_lab_free; JavaScript copies them at once (UTF8ToString). No call crashes on bad
// input: a bad run has a problem and no steps, and every call on it does nothing.
//
// [SECTION] the run
// [SECTION] the C API (exported to lab_worker.js)
// [SECTION] models read from files: scoring and looking inside
#include <emscripten.h>

#include <chrono>
#include <cstddef>
#include <memory>
#include <string>
#include <utility>
#include <vector>

#include "core/lab/lab_report.h"
#include "core/lab/lab_train.h"
#include "core/lab/lab_weights.h"
#include "core/io/params.h"

namespace {

// [SECTION] the run
struct LabRun {
    pelab::ParamSet params;           // every key, as read (echoed as the result's "config")
    pelab::lab::TrainConfig config;
    std::string problem;              // "" for a valid run, else the one-line message naming the key
    std::unique_ptr<pelab::lab::Trainer> trainer;
    std::unique_ptr<pelab::lab::Model<float>> loaded;  // a model read from a file (no trainer)
    double seconds = 0.0;             // time spent in this module on the run: its steps and its evaluation
    std::string text;                 // storage behind the last const char* returned
};

double seconds_since(std::chrono::steady_clock::time_point start) {
    return std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
}

bool runnable(const LabRun* run) { return run && run->problem.empty() && run->trainer; }

// The run's model as it is now (a run still training: after its latest step), or null.
const pelab::lab::Model<float>* model_of(const LabRun* run) {
    if (!run || !run->problem.empty()) return nullptr;
    if (run->trainer) return &run->trainer->model();
    return run->loaded.get();
}

// A run holding a model read by `read` (read_weights or read_packed_weights), or its problem.
template <class Read>
LabRun* loaded_run(Read read) {
    auto* run = new LabRun;
    auto model = std::make_unique<pelab::lab::Model<float>>();
    run->problem = read(model.get());
    if (run->problem.empty()) run->loaded = std::move(model);
    return run;
}

}  // namespace

// [SECTION] the C API (exported to lab_worker.js)
extern "C" {

// A run from `key=value` words separated by white space, with the keys and rules of `pelab-cli lab train`
// (core/lab/lab_report.h: read_train_words). Never null; pelab_lab_problem says whether the run is valid.
EMSCRIPTEN_KEEPALIVE LabRun* pelab_lab_create(const char* words) {
    auto* run = new LabRun;
    run->problem = pelab::lab::read_train_words(words ? words : "", &run->params, &run->config);
    // The page trains without the padded positions: the same run up to float rounding, about 1.5× faster
    // (core/lab/lab_train.h: TrainConfig::skip_padding; a run here differs from the native one in its last bits
    // anyway, through Emscripten's libm).
    run->config.skip_padding = true;
    if (run->problem.empty()) run->trainer = std::make_unique<pelab::lab::Trainer>(run->config);
    return run;
}

// "" for a valid run, else one line naming the key ("d: 7 is out of range 16..128").
EMSCRIPTEN_KEEPALIVE const char* pelab_lab_problem(const LabRun* run) {
    return run ? run->problem.c_str() : "no run";
}

// Up to `steps` optimizer steps (fewer at the end of the run); returns the steps done so far in all.
EMSCRIPTEN_KEEPALIVE int pelab_lab_train(LabRun* run, int steps) {
    if (!runnable(run)) return 0;
    const auto start = std::chrono::steady_clock::now();
    for (int i = 0; i < steps && !run->trainer->finished(); ++i) run->trainer->step();
    run->seconds += seconds_since(start);
    return run->trainer->steps_done();
}

EMSCRIPTEN_KEEPALIVE int pelab_lab_steps_done(const LabRun* run) { return runnable(run) ? run->trainer->steps_done() : 0; }
EMSCRIPTEN_KEEPALIVE int pelab_lab_total_steps(const LabRun* run) { return runnable(run) ? run->trainer->total_steps() : 0; }

// The progress so far as JSON: {"done": steps, "total": steps, "loss": [[step, value], …] (the run's curve
// so far), "finetune": [[…]] (the fine-tune's, empty until it starts)}.
EMSCRIPTEN_KEEPALIVE const char* pelab_lab_progress(LabRun* run) {
    if (!run) return "null";
    const std::vector<std::pair<int, double>> none;
    const bool ok = runnable(run);
    run->text = "{\"done\":" + std::to_string(pelab_lab_steps_done(run)) + ",\"total\":" +
                std::to_string(pelab_lab_total_steps(run)) +
                ",\"loss\":" + pelab::lab::curve_json(ok ? run->trainer->loss_curve() : none) +
                ",\"finetune\":" + pelab::lab::curve_json(ok ? run->trainer->fine_tune_curve() : none) + "}";
    return run->text.c_str();
}

// The run's result, the object `pelab-cli lab train` prints (core/lab/lab_report.h: train_result_json), after
// scoring the model on the run's test lengths. Its "seconds" is the time this module spent on the run (its
// steps and this evaluation; not the worker's pauses). "" while the run is not finished or is invalid.
EMSCRIPTEN_KEEPALIVE const char* pelab_lab_result(LabRun* run) {
    if (!run) return "";
    run->text.clear();
    if (!runnable(run) || !run->trainer->finished()) return run->text.c_str();
    const auto start = std::chrono::steady_clock::now();
    const pelab::lab::RunScores scores = pelab::lab::score_run(*run->trainer);
    run->seconds += seconds_since(start);
    run->text = pelab::lab::train_result_json(run->params, *run->trainer, scores, run->seconds);
    return run->text.c_str();
}

// The weights file (pelab-lab-weights/1) of the model as it is now (after the fine-tune, when there is one),
// the file `pelab-cli lab train --save` writes. "" for an invalid run.
EMSCRIPTEN_KEEPALIVE const char* pelab_lab_weights(LabRun* run) {
    if (!run) return "";
    const pelab::lab::Model<float>* model = model_of(run);
    run->text = model ? pelab::lab::weights_json(*model) : std::string();
    return run->text.c_str();
}

EMSCRIPTEN_KEEPALIVE void pelab_lab_free(LabRun* run) { delete run; }

// [SECTION] models read from files: scoring and looking inside
// A model from a weights file's text (pelab-lab-weights/1, the file pelab_lab_weights and `lab train --save`
// write; at most 64 MiB). Never null; pelab_lab_problem gives the reader's line naming the tensor and what was
// expected ("blocks.0.qkv.weight: shape [144, 48] expected, the file has [48, 144]").
EMSCRIPTEN_KEEPALIVE LabRun* pelab_lab_load(const char* text) {
    const std::string file = text ? text : "";
    return loaded_run([&](pelab::lab::Model<float>* model) { return pelab::lab::read_weights(file, model); });
}

// A model from `size` bytes of a packed weights file (pelab-lab-weights-packed/1: the models the lab ships,
// lab_shipped_<pe>_<task>.weights). Never null; pelab_lab_problem says what is wrong.
EMSCRIPTEN_KEEPALIVE LabRun* pelab_lab_load_packed(const unsigned char* bytes, int size) {
    const std::string file = bytes && size > 0 ? std::string(reinterpret_cast<const char*>(bytes), std::size_t(size)) : "";
    return loaded_run([&](pelab::lab::Model<float>* model) { return pelab::lab::read_packed_weights(file, model); });
}

// The object `pelab-cli lab eval` prints (core/lab/lab_report.h: eval_result_json) for the run's model, scored on
// the task of the words ("task=copy" or "task=reverse"; copy when absent) at lab train's default test lengths
// (4, 8, …, 48). A line that does not start with '{' is the reason it could not be scored (an unknown task, a
// learned table shorter than the longest test). Loaded models are scored this way when they arrive.
EMSCRIPTEN_KEEPALIVE const char* pelab_lab_evaluate(LabRun* run, const char* words) {
    if (!run) return "no run";
    const pelab::lab::Model<float>* model = model_of(run);
    if (!model) return run->problem.empty() ? "no model" : run->problem.c_str();
    const auto start = std::chrono::steady_clock::now();
    pelab::lab::TrainConfig config;  // its task and test lengths, with the model's own config (as lab eval)
    const std::string task = pelab::lab::word_value(words ? words : "", "task");
    if (!task.empty() && !pelab::lab::parse_task(task, &config.task)) {
        run->text = "task: \"" + task.substr(0, 40) + "\" is not copy or reverse";
        return run->text.c_str();
    }
    config.model = model->config;
    config.train_max = 1;
    run->text = pelab::lab::eval_config_problem(config);
    if (!run->text.empty()) return run->text.c_str();
    const std::vector<pelab::lab::LengthScore> scores = pelab::lab::evaluate(*model, config.task, config.test);
    run->text = pelab::lab::eval_result_json(model->config, config, scores, seconds_since(start));
    return run->text.c_str();
}

// A look inside the run's model (a run still training: its model after the latest step) on sample `sample`
// (0..255) of the fixed evaluation set of length n of `task` ("copy" or "reverse"): core's inspect, written by
// inspection_json ({"task", "n", "sample", "layers", "heads", "T", "tokens", "expected", "predicted",
// "attention"}). A line that does not start with '{' says why there is none.
EMSCRIPTEN_KEEPALIVE const char* pelab_lab_inspect(LabRun* run, const char* task, int n, int sample) {
    if (!run) return "no run";
    const pelab::lab::Model<float>* model = model_of(run);
    if (!model) return run->problem.empty() ? "no model" : run->problem.c_str();
    pelab::lab::Task which = pelab::lab::Task::copy;
    const std::string name = task ? task : "";
    if (!pelab::lab::parse_task(name, &which)) {
        run->text = "task: \"" + name.substr(0, 40) + "\" is not copy or reverse";
    } else if (n < 1 || n > pelab::lab::kMaxEvalLength) {
        run->text = "n: " + std::to_string(n) + " is out of range 1.." + std::to_string(pelab::lab::kMaxEvalLength);
    } else if (sample < 0 || sample >= pelab::lab::kEvalSamples) {
        run->text = "sample: " + std::to_string(sample) + " is out of range 0.." + std::to_string(pelab::lab::kEvalSamples - 1);
    } else if (model->config.pe == pelab::lab::Scheme::learned && 2 * n > model->config.max_positions) {
        run->text = "n: " + std::to_string(n) + " digits make " + std::to_string(2 * n) +
                    " tokens, longer than the model's learned table of " + std::to_string(model->config.max_positions) +
                    " positions";
    } else {
        const pelab::lab::Inspection inspection = pelab::lab::inspect(*model, which, n, sample);
        run->text = inspection.T > 0 ? pelab::lab::inspection_json(inspection)
                                     : std::string("the model cannot run this sample");
    }
    return run->text.c_str();
}

}  // extern "C"
