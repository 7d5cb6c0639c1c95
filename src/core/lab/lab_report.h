// PE Lab — core/lab/lab_report.h
// What a lab run reads and writes as text, written once for every front end: its keys from
// `key=value` words (the page's Web Worker; the CLI reads its arguments itself, with its own messages) and the
// one writer of the run's result object that `pelab-cli lab train` prints and the worker posts:
//   {"config": {every key of train_specs()}, "loss": [[step, value], …], "exact": {"<n>": fraction, …},
//    "token": {…}, ["pi": {"exact", "token"}], ["scaled": {"exact", "token"}], ["finetune": {"loss", "exact",
//    "token"}], "seconds": s}
// Non-finite numbers are written as null. Part of `core`: Eigen + std only.
//
// [SECTION] a run's keys from text
// [SECTION] JSON pieces
// [SECTION] the run's result
// [SECTION] a look inside a model
#pragma once
#include <string>
#include <utility>
#include <vector>

#include "core/lab/lab_train.h"
#include "core/io/params.h"

namespace pelab::lab {

// [SECTION] a run's keys from text
// The run given as `key=value` words separated by white space ("task=copy pe=alibi d=48"): every word must be
// key=value and no key given twice; then the strict parse against train_specs() (unknown keys, malformed or
// out-of-range values are refused, nothing is clamped) and the rules across keys (train_config_from_params).
// The input limits of read_arguments apply. "" with *params (every key, defaults filled) and *config set, else
// one line naming the key, and neither is changed.
std::string read_train_words(const std::string& text, ParamSet* params, TrainConfig* config);
// An evaluation given as such words (eval_specs: task, test, pi, train_max, scaling, factor; any may be absent),
// for a model of `model`, with eval_config_from_params' rules: what the page's worker and the desktop read to
// score a model under a scaling ("scaling=ntk factor=2 train_max=16"), then
//   evaluate(model, config.task, config.test, scaling_options(config)).
// "" with *config set, else one line naming the key (a bad scaling names the valid ones), *config unchanged.
std::string read_eval_words(const std::string& text, const ModelConfig& model, TrainConfig* config);
// The value of `key` in such words ("" when absent): what the lab's front ends read from a request's words (its
// task, its scheme, a shipped model's name) without a strict parse.
std::string word_value(const std::string& words, const std::string& key);

// [SECTION] JSON pieces
// A loss curve: [[step, value], …].
std::string curve_json(const std::vector<std::pair<int, double>>& curve);
// Per-length scores as two members, without braces around them: "exact":{"<n>":fraction,…},"token":{…}.
std::string scores_json(const std::vector<LengthScore>& scores);

// [SECTION] the run's result
// A finished run's evaluation: the trained model (before any fine-tune) on the run's test lengths; with PI (pi ≠ 1)
// also that model with positions divided by pi; with a frequency scaling (ntk, dynamic, yarn) that model under
// it; with a fine-tune also the fine-tuned model under the run's scaling (scaling_options; none for the plain
// control). This is the slow part of the result (256 samples per length), so a caller can time it with the run.
struct RunScores {
    std::vector<LengthScore> trained;
    bool has_pi = false;
    std::vector<LengthScore> pi;
    bool has_scaled = false;
    std::vector<LengthScore> scaled;
    bool has_finetune = false;
    std::vector<LengthScore> finetune;
};
RunScores score_run(const Trainer& trainer);

// The result object above, one line without a line break at its end: `params` as the run was read, echoed as
// "config" (every key up to finetune_max, pi as the run's linear factor, so scaling=linear factor=s writes pi=s
// as pi always wrote, and "scaling" and "factor" after them only for ntk, dynamic or yarn: a run without a
// frequency scaling writes what it always wrote), the trainer's loss curves, `scores` from score_run ("pi" holds
// PI's scores, "scaled" a frequency scaling's) and `seconds` (the caller's clock).
std::string train_result_json(const ParamSet& params, const Trainer& trainer, const RunScores& scores, double seconds);

// The object `lab eval` prints for a model read from a weights file, scored on `run`'s task and test lengths
// under its scaling (scaling_options): {"config": {"pe", "d", "heads", "layers", "max_positions", "task", "test",
// "pi"[, "scaling", "factor", "train_max"]}, "exact": {…}, "token": {…}, "seconds": s}, one line without a line
// break at its end (the page's worker posts it for a weights file the learner loads). pi is the linear factor;
// the three members in brackets only for ntk, dynamic or yarn.
std::string eval_result_json(const ModelConfig& model, const TrainConfig& run, const std::vector<LengthScore>& scores,
                             double seconds);

// [SECTION] a look inside a model
// An Inspection (core/lab/lab_train.h) as one JSON object, what the page's worker posts and the desktop's trainer
// hands the lab's views alike: {"task", "n", "sample", "layers", "heads", "T", "tokens": […], "expected": […],
// "predicted": […], "attention": [[T·T weights, row-major], …] (layers·heads of them, layer by layer)}. The
// weights are written with 6 significant digits (a view's colours and printed values need no more); an
// inspection with T = 0 is written with empty arrays.
std::string inspection_json(const Inspection& inspection);

}  // namespace pelab::lab
