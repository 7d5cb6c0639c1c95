// PE Lab — platform/lab/lab_module.cpp
// The lab's trainer for the page (issue 25, item 4): the entry of pelab_lab.wasm, a module of its own that
// web/lab_worker.js loads in a Web Worker when the lab opens, built for speed (-O3, WebAssembly SIMD) apart
// from the app (-Oz). It is a small C API over core's Trainer; everything it computes and writes comes from
// core (core/lab_train.h, core/lab_report.h, core/lab_weights.h), so a run in the page reads the same keys,
// follows the same rules and prints the same JSON as `pelab-cli lab train`.
//
// A run is a handle (LabRun*). The strings it returns are owned by the run and stay valid until the next call
// on that run or pelab_lab_free; JavaScript copies them at once (UTF8ToString). No call crashes on bad input:
// a bad run has a problem and no steps, and every call on it does nothing.
//
// [SECTION] the run
// [SECTION] the C API (exported to lab_worker.js)
#include <emscripten.h>

#include <chrono>
#include <memory>
#include <string>
#include <utility>
#include <vector>

#include "core/lab_report.h"
#include "core/lab_train.h"
#include "core/lab_weights.h"
#include "core/params.h"

namespace {

// [SECTION] the run
struct LabRun {
    pelab::ParamSet params;           // every key, as read (echoed as the result's "config")
    pelab::lab::TrainConfig config;
    std::string problem;              // "" for a valid run, else the one-line message naming the key
    std::unique_ptr<pelab::lab::Trainer> trainer;
    double seconds = 0.0;             // time spent in this module on the run: its steps and its evaluation
    std::string text;                 // storage behind the last const char* returned
};

double seconds_since(std::chrono::steady_clock::time_point start) {
    return std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
}

bool runnable(const LabRun* run) { return run && run->problem.empty() && run->trainer; }

}  // namespace

// [SECTION] the C API (exported to lab_worker.js)
extern "C" {

// A run from `key=value` words separated by white space, with the keys and rules of `pelab-cli lab train`
// (core/lab_report.h: read_train_words). Never null; pelab_lab_problem says whether the run is valid.
EMSCRIPTEN_KEEPALIVE LabRun* pelab_lab_create(const char* words) {
    auto* run = new LabRun;
    run->problem = pelab::lab::read_train_words(words ? words : "", &run->params, &run->config);
    // The page trains without the padded positions: the same run up to float rounding, about 1.5× faster
    // (core/lab_train.h: TrainConfig::skip_padding; a run here differs from the native one in its last bits
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

// The run's result, the object `pelab-cli lab train` prints (core/lab_report.h: train_result_json), after
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
    run->text = runnable(run) ? pelab::lab::weights_json(run->trainer->model()) : std::string();
    return run->text.c_str();
}

EMSCRIPTEN_KEEPALIVE void pelab_lab_free(LabRun* run) { delete run; }

}  // extern "C"
