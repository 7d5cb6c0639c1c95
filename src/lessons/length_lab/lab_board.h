// PE Lab — lessons/length_lab/lab_board.h
// The length-generalisation lab's board: what the lab knows beside the URL state. The reference runs (data loaded
// when the lab opens: the 1,500-step runs the lesson's means are made of and, kept apart so that they never join
// those means, the 6,000-step runs, the test-time scalings and the fine-tunes), the learner's runs (trained by the
// platform: a Web Worker in the page, a few threads on the desktop, both carrying core's request handler,
// core/lab/lab_requests.h), the looks inside trained models and the evaluations of the learner's models under
// RoPE's scalings (by run, scaling and factor). The lesson's steps read it and ask for work through
// requests; they never train or run a model themselves (the lesson battery must not train). The platform takes the
// requests each frame and answers with the handler's events (docs/lab.md, "Messages"), the same on both platforms,
// through receive().
//
// Every change bumps `revision`; the lesson's live_revision reports it, so the app recomputes the step's
// views when a message changed what they show, and only then (no message, no frame: the page idles).
//
// [SECTION] what the board holds
// [SECTION] requests (lesson → platform)
// [SECTION] messages (platform → lesson)
#pragma once
#include <cstdint>
#include <map>
#include <set>
#include <string>
#include <utility>
#include <vector>

namespace pelab::lab_board {

// [SECTION] what the board holds
// Scores per test length n, in the order of the run's test lengths.
struct Scores {
    std::vector<int> n;
    std::vector<double> exact, token;
    // The exact-match share at length n, NaN when that length was not scored.
    double exact_at(int length) const;
    double token_at(int length) const;
    bool empty() const { return n.empty(); }
};

using Curve = std::vector<std::pair<int, double>>;  // [step, mean batch loss]

// A finished run's numbers as `lab train` prints them (core/lab/lab_report.h) or, for a loaded weights file, as
// `lab eval` prints them (no loss curve).
struct RunResult {
    std::map<std::string, std::string> config;  // every key as echoed ("pe" → "alibi", "d" → "48")
    Curve loss, finetune_loss;
    Scores scores, pi_scores, finetune_scores;   // pi_scores/finetune_scores empty unless asked for
    Scores scaled_scores;  // ntk|dynamic|yarn ("scaled"): before any fine-tune, under the scaling; else empty
    double seconds = 0;                          // the run's wall time as it reported it (training and scoring)
};

enum class RunState { queued, training, paused, done, failed, cancelled };

// One run the learner started (or a weights file the learner loaded).
struct Run {
    int id = 0;
    std::string words;        // the run's key=value words as asked ("task=copy pe=alibi seed=0 …")
    std::string pe, task;     // from the words (or the file), for the views' labels
    RunState state = RunState::queued;
    bool loaded = false;      // a weights file the learner loaded, not trained here
    int done = 0, total = 0;  // optimizer steps
    Curve loss, finetune_loss;  // so far while training, whole once done
    RunResult result;         // once done
    std::string message;      // failed: the one line saying why
    double seconds = 0, ms_per_step = 0;
};

// A reference run of the repository's file (src/lessons/length_lab/data/reference_runs.json, docs/lab.md). The
// file's sets: base (no "kind": the 1,500-step plain runs and the PI runs), "longer" (6,000 steps), "scaled"
// (a plain rope/copy model scored under a scaling by `lab eval`: result has scores, no loss) and "finetune"
// (rope/copy fine-tuned 200 steps under a scaling; none is the plain control).
struct ReferenceRun {
    std::string task, pe;
    long long seed = 0;
    RunResult result;
    std::string kind;              // "" (base), "longer", "scaled" or "finetune"
    std::string scaling = "none";  // none|linear|ntk|dynamic|yarn (base's PI runs: linear)
    double factor = 1;             // the scaling's factor (none: 1; linear: pi)
    int train_steps = 0;           // the model's training steps, before any fine-tune
    // Exact and token by length under the run's scaling before any fine-tune: a scaled run's scores; a
    // fine-tune's "scaled" (ntk|dynamic|yarn) or "pi" (linear) scores, or its plain scores (none).
    const Scores& under_scaling() const;
};

// A look inside one model on one sample (core's Inspection, as inspection_json writes it).
struct Inspection {
    std::string task;
    int n = 0, sample = 0, layers = 0, heads = 0, T = 0;
    std::vector<int> tokens, expected, predicted;
    std::vector<std::vector<double>> attention;  // [layers·heads][T·T], layer by layer, row-major
};

// An evaluation of a learner's finished run (its model before any fine-tune, as trained) under one of RoPE's
// scalings, asked for by the step remedies-at-test-time and answered by the handler's "evaluated" event (`lab
// eval`'s object): scores only, no training. Kept by (run, scaling, factor); `id` is the request's own id.
enum class EvalState { queued, done, failed, cancelled };
struct Evaluation {
    int id = 0;
    int run = 0;                  // the learner's run whose model is scored
    std::string scaling;          // none|linear|ntk|dynamic|yarn
    double factor = 1;            // the scaling's factor (none: 1)
    EvalState state = EvalState::queued;
    Scores scores;                // done: exact and token by length under the scaling
    std::string message;          // failed: the handler's one line saying why
    double seconds = 0;           // done: the time the evaluation's own slices took
};

// A request of the lesson to the platform (see [SECTION] requests).
struct Request {
    enum class Kind {
        load_data,     // fetch the reference runs (web) or read them (desktop), answered by set_reference_runs
        train,         // start run `id` from `words`
        pause,         // id 0: every run
        resume,
        cancel,
        save_weights,  // offer run `id`'s weights as a pelab-lab-weights/1 file (the platform saves it)
        load_weights,  // ask the learner for a weights file; the platform answers with a run of `id`
        inspect,       // run the model named by `words` (inspection_key) on its sample: answered by "attention"
        evaluate,      // evaluation `id`: score `model` ("run=3") under `words` (lab eval's keys: "task=copy
                       // scaling=ntk factor=2 train_max=16"), the handler's {cmd: 'eval'}: answered by "evaluated"
    };
    Kind kind = Kind::load_data;
    int id = 0;
    std::string words;
    std::string model;  // evaluate only: the model to score, as the eval message names it
};

// What can train here, said by the platform once it knows (the single offline file cannot start a worker).
enum class Trainer { unknown, available, unavailable };

struct Board {
    std::uint64_t revision = 1;
    // The reference runs: asked for when the lab opens, then loaded or failed (data_problem says why).
    bool data_requested = false, data_loaded = false;
    std::string data_problem;
    // base only (the 1,500-step plain runs and the PI runs), what every step before the remedies reads.
    std::vector<ReferenceRun> reference;
    // The other sets, each apart: 6,000-step runs (six schemes, copy); the test-time scalings of the plain
    // rope/copy models (none, and linear|ntk|dynamic|yarn at 2 and 3); the rope/copy fine-tunes by scaling: none
    // (the control), ntk and yarn from the file's finetune set, linear from base's PI runs (copies: the same runs
    // as in `reference`), ordered none, linear, ntk, dynamic, yarn, then as in the file.
    std::vector<ReferenceRun> reference_longer, reference_scaled, reference_finetune;
    // The learner's runs, in the order started.
    std::vector<Run> runs;
    int next_id = 1;
    Trainer trainer = Trainer::unknown;
    std::string trainer_problem;  // unavailable: why (shown by the lesson)
    // Looks inside models, by the key that asked for them (inspection_key); a key asked for and not yet
    // answered is in `pending`; one that failed has its message in `inspection_problems`.
    std::map<std::string, Inspection> inspections;
    std::set<std::string> pending;
    std::map<std::string, std::string> inspection_problems;
    // The evaluations asked for, in the order asked (a failed or cancelled one asked again is a new entry).
    std::vector<Evaluation> evaluations;
    std::vector<Request> requests;
};

// The one board of the process (the app has one lab).
Board& board();
// Forgets everything (tests).
void reset();

// The run with this id, or null.
const Run* find_run(int id);
// Whether a run was trained with position interpolation (its echoed config has pi ≠ 1 or a fine-tune): its
// model then reads positions divided by pi, and only the interpolation step shows it.
bool interpolation_run(const RunResult& result);
// The learner's latest run of `pe` on `task` that has finished (trained or loaded), or null.
const Run* latest_done_run(const std::string& pe, const std::string& task);
// The same, among the runs trained without position interpolation (the model at the positions it learned), or null.
const Run* latest_plain_run(const std::string& pe, const std::string& task);
// Whether any run is queued, training or paused.
bool any_run_active();
// The latest evaluation of run `run` under `scaling` at `factor` (none: any factor), or null.
const Evaluation* find_evaluation(int run, const std::string& scaling, double factor);
// Whether any evaluation is waiting for its answer.
bool any_evaluation_active();

// The reference runs of the other sets (empty before the data has loaded or when the file lacks the set), in
// the file's order (by seed within a selection):
// the 6,000-step runs of `pe` on `task`;
std::vector<const ReferenceRun*> longer_runs(const std::string& task, const std::string& pe);
// the rope model of `task` scored at test time under `scaling` none (factor 1) or linear|ntk|dynamic|yarn at `factor`;
std::vector<const ReferenceRun*> scaled_runs(const std::string& task, const std::string& scaling, double factor);
// the rope model of `task` fine-tuned under `scaling` (none: the control; linear: base's PI runs), any factor.
std::vector<const ReferenceRun*> finetune_runs(const std::string& task, const std::string& scaling);

// [SECTION] requests (lesson → platform)
// The platform takes the requests made since the last call, in order.
std::vector<Request> take_requests();

// Asks for the reference runs once (the lab opened).
void want_data();
// Starts a run: a new queued run with these words; returns its id.
int start_run(const std::string& words);
// Pause, resume or cancel one run (id 0: all).
void pause(int id);
void resume(int id);
void cancel(int id);
void save_weights(int id);
// Asks the platform for a weights file (`words`: "task=copy", the task to score it on; empty: the platform
// takes the task from the file's name, else copy); the platform answers
// with a "loaded" message that adds a finished run (or an "error" that adds a failed one). Returns its id.
int load_weights(const std::string& words);
// The key of a look inside a model: a shipped model ("shipped=alibi"), or a learner's run ("run=3"), on the
// evaluation sample `sample` of length n of `task`: "shipped=alibi task=copy n=24 sample=0".
std::string inspection_key(const std::string& model, const std::string& task, int n, int sample);
// The inspection for `key` when it has arrived (null otherwise, and it is asked for once).
const Inspection* want_inspection(const std::string& key);
// Asks for an evaluation of the learner's finished run `run` (its model before any fine-tune) under `scaling`
// (none|linear|ntk|dynamic|yarn) at `factor` (ignored for none), on the run's task at lab eval's test lengths and
// the run's train_max. An evaluation of the same key queued or done is not asked again. Returns the evaluation's
// id, or 0 when `run` is no finished run (nothing is asked).
int evaluate(int run, const std::string& scaling, double factor);
// Cancels every evaluation still waiting (each by its id: the runs training go on).
void cancel_evaluations();

// [SECTION] messages (platform → lesson)
// One message in the worker's format: {"type": "queued"|"progress"|"done"|"error"|"paused"|"resumed"|
// "cancelled"|"attention"|"trainer"|"evaluated", "id": …, …} (an id of an evaluation moves the evaluation).
// Returns "" or why the message was not understood (the board is then unchanged).
std::string receive(const std::string& message_json);
// The reference runs file (format pelab-lab-reference-runs/1). "" when read, else why not (kept in
// data_problem, and the views say it).
std::string set_reference_runs(const std::string& text);
// The platform could not fetch the reference runs: `why` is shown.
void data_failed(const std::string& why);

}  // namespace pelab::lab_board
