// PE Lab — core/lab/lab_requests.cpp
// The lab's one request handler (core/lab/lab_requests.h): messages read, runs queued, sliced and answered.
//
// Locks: the handler's mutex guards the list of runs and every run's flags, and is held while an event is
// emitted, so that a run's events keep their order whichever thread emits them (a cancel on the main thread
// and the run's progress on a worker thread never cross). A run's own mutex guards its model while a step
// changes it, so a look inside or a weights file taken from a run that is training waits at most one step.
//
// [SECTION] runs
// [SECTION] small helpers
// [SECTION] messages
// [SECTION] scheduling and slices
// [SECTION] train, load, look inside
// [SECTION] pause, resume, cancel, weights, free
#include "core/lab/lab_requests.h"

#include <chrono>
#include <utility>

#include "core/io/json.h"
#include "core/io/params.h"
#include "core/io/text.h"
#include "core/lab/lab_report.h"
#include "core/lab/lab_train.h"
#include "core/lab/lab_weights.h"

namespace pelab::lab {

namespace {
using Clock = std::chrono::steady_clock;
constexpr auto kProgressEvery = std::chrono::milliseconds(100);

double seconds_between(Clock::time_point a, Clock::time_point b) {
    return std::chrono::duration<double>(b - a).count();
}
}  // namespace

// [SECTION] runs
// A training run; a loaded weights file, scored and then kept (for its weights and looks inside); or an evaluation
// of a model (a run's, a loaded file's or a shipped one) under a scaling.
struct RequestHandler::Run {
    enum class Kind { train, load, eval };
    Kind kind = Kind::train;
    std::string id;             // as JSON, as it came ("3", "\"tiny\"")
    std::string name;           // the file name its weights are offered under
    // Flags, guarded by the handler's mutex.
    bool paused = false, cancelled = false, claimed = false, finished = false;
    // A training run.
    ParamSet params;
    std::unique_ptr<Trainer> trainer;
    bool scoring = false;       // its steps are done: its next slice scores it
    double train_seconds = 0;   // the time its steps took
    Clock::time_point last_progress{};
    // A load or an evaluation: the model, the task and lengths it is scored on, the scaling, the scores so far.
    std::string file_name;
    std::shared_ptr<const Model<float>> held;
    TrainConfig eval;
    ForwardOptions options;
    std::vector<LengthScore> scores;
    std::unique_ptr<LengthEvaluation<float>> length;  // the length being scored, between its blocks
    double seconds = 0;         // the time its slices took
    std::mutex model_mutex;     // held while a step changes the model, and while it is read elsewhere

    bool scored() const { return kind != Kind::train; }
    const Model<float>& model() const { return held ? *held : trainer->model(); }
};

// [SECTION] small helpers
namespace {

// An id member as JSON text ("" when absent): a string or a number, echoed as it came.
std::string id_text(const json::Value& message) {
    const json::Value* id = message.member("id");
    if (!id) return "";
    if (id->kind == json::Value::Kind::string) return json_string(id->text);
    if (id->kind == json::Value::Kind::number) return number_text(id->number);
    return "";
}

std::string string_member(const json::Value& message, const char* key) {
    const json::Value* m = message.member(key);
    return m && m->kind == json::Value::Kind::string ? m->text : std::string();
}

// What an error or an answer says about an id: the id as it came, for the learner to read.
std::string shown(const std::string& id) { return id.empty() ? std::string("null") : id; }

std::string id_event(const char* type, const std::string& id) {
    return std::string("{\"type\":\"") + type + "\",\"id\":" + shown(id) + "}";
}

std::string progress_event(const std::string& id, const Trainer& trainer) {
    return "{\"type\":\"progress\",\"id\":" + id + ",\"done\":" + std::to_string(trainer.steps_done()) +
           ",\"total\":" + std::to_string(trainer.total_steps()) + ",\"loss\":" + curve_json(trainer.loss_curve()) +
           ",\"finetune\":" + curve_json(trainer.fine_tune_curve()) + "}";
}

// A whole number word of a key; false when absent or not a whole number.
bool whole_word(const std::string& words, const std::string& key, long long* out) {
    const std::string text = word_value(words, key);
    if (text.empty() || text.size() > 12) return false;
    long long v = 0;
    for (const char c : text) {
        if (c < '0' || c > '9') return false;
        v = v * 10 + (c - '0');
    }
    *out = v;
    return true;
}

// A short lowercase name (a scheme, a task) that may be part of a file name.
bool plain_name(const std::string& s) {
    if (s.empty() || s.size() > 20) return false;
    for (const char c : s)
        if (!((c >= 'a' && c <= 'z') || (c >= '0' && c <= '9'))) return false;
    return true;
}

// The shipped model file an inspection key names ("" when it names none), or why the name is refused.
std::string shipped_file(const std::string& key, std::string* problem) {
    const std::string pe = word_value(key, "shipped");
    if (pe.empty()) return "";
    std::string task = word_value(key, "task");
    if (task.empty()) task = "copy";
    if (!plain_name(pe) || !plain_name(task)) {
        *problem = "no shipped model " + quoted(pe + " " + task);
        return "";
    }
    return "lab_shipped_" + pe + "_" + task + ".weights";
}

// A run named in an inspection key (run=<id>) as the id's JSON text: digits are a number, anything else a string.
std::string run_id_of(const std::string& key) {
    const std::string run = word_value(key, "run");
    if (run.empty()) return "";
    const bool digits = run.size() <= 15 && run.find_first_not_of("0123456789") == std::string::npos;
    return digits ? number_text(std::stod(run)) : json_string(run);
}

// The model an eval message names, as an inspection key names one: its "model" member ("shipped=rope",
// "run=3"), with the task of its words when the model names none (a shipped model is one per task).
std::string eval_model_key(const std::string& model, const std::string& words) {
    if (!word_value(model, "task").empty()) return model;
    const std::string task = word_value(words, "task");
    return model + " task=" + (task.empty() ? std::string("copy") : task);
}

}  // namespace

// [SECTION] messages
RequestHandler::RequestHandler(Emit emit, bool skip_padding) : emit_(std::move(emit)), skip_padding_(skip_padding) {}

RequestHandler::~RequestHandler() { stop(); }

void RequestHandler::error(const std::string& id, const std::string& message) {
    std::lock_guard<std::mutex> lock(mutex_);
    emit_("{\"type\":\"error\",\"id\":" + shown(id) + ",\"message\":" + json_string(message) + "}");
}

void RequestHandler::handle(const std::string& message_json, const std::string* payload) {
    json::Value message;
    const std::string problem = json::parse(message_json, &message);
    if (!problem.empty() || message.kind != json::Value::Kind::object)
        return error("", "a message must be a JSON object: " + (problem.empty() ? std::string("it is not one") : problem));
    const std::string cmd = string_member(message, "cmd");
    const std::string id = id_text(message);
    if (cmd == "train") return train(id, string_member(message, "params"));
    if (cmd == "pause" || cmd == "resume") return set_paused(id, cmd == "pause");
    if (cmd == "cancel") return cancel(id);
    if (cmd == "weights") return weights(id);
    if (cmd == "free") return free(id);
    if (cmd == "load") {
        std::string name = string_member(message, "name");
        if (name.empty()) name = "weights.json";
        std::string task = string_member(message, "task");
        if (task.empty()) task = "copy";
        return load(id, payload ? *payload : string_member(message, "text"), task, name);
    }
    if (cmd == "inspect") return inspect(string_member(message, "key"));
    if (cmd == "eval") return evaluate_model(id, string_member(message, "model"), string_member(message, "params"));
    const json::Value* c = message.member("cmd");
    error(id, "unknown command " + (c && c->kind == json::Value::Kind::string ? json_string(cmd) : std::string("(none)")));
}

std::string RequestHandler::needs(const std::string& message_json) const {
    json::Value message;
    if (!json::parse(message_json, &message).empty() || message.kind != json::Value::Kind::object) return "";
    const std::string cmd = string_member(message, "cmd");
    if (cmd != "inspect" && cmd != "eval") return "";
    std::string refused;
    const std::string file = shipped_file(cmd == "inspect" ? string_member(message, "key") : eval_model_key(string_member(message, "model"), string_member(message, "params")), &refused);
    std::lock_guard<std::mutex> lock(mutex_);
    return file.empty() || shipped_.count(file) || shipped_failures_.count(file) ? std::string() : file;
}

void RequestHandler::provide(const std::string& file, const std::string& bytes) {
    auto model = std::make_shared<Model<float>>();
    const std::string problem = read_any_weights(bytes, model.get());
    std::lock_guard<std::mutex> lock(mutex_);
    if (problem.empty()) shipped_[file] = std::move(model);
    else shipped_failures_[file] = problem;
}

void RequestHandler::provide_failed(const std::string& file, const std::string& why) {
    std::lock_guard<std::mutex> lock(mutex_);
    shipped_failures_[file] = why;
}

// [SECTION] scheduling and slices
std::shared_ptr<RequestHandler::Run> RequestHandler::find(const std::string& id) const {
    for (const auto& run : runs_)
        if (run->id == id) return run;
    return nullptr;
}

std::shared_ptr<RequestHandler::Run> RequestHandler::claim() {
    std::lock_guard<std::mutex> lock(mutex_);
    if (stopped_) return nullptr;
    const auto ready = [](const Run& r) { return !r.finished && !r.paused && !r.claimed && !r.cancelled; };
    for (const bool loads : {true, false})
        for (const auto& run : runs_)
            if (run->scored() == loads && ready(*run)) {
                run->claimed = true;
                return run;
            }
    return nullptr;
}

void RequestHandler::release(const std::shared_ptr<Run>& run) {
    std::lock_guard<std::mutex> lock(mutex_);
    run->claimed = false;
}

bool RequestHandler::has_work() const {
    std::lock_guard<std::mutex> lock(mutex_);
    if (stopped_) return false;
    for (const auto& run : runs_)
        if (!run->finished && !run->paused && !run->claimed && !run->cancelled) return true;
    return false;
}

bool RequestHandler::busy() const {
    std::lock_guard<std::mutex> lock(mutex_);
    for (const auto& run : runs_)
        if (!run->finished && !run->cancelled) return true;
    return false;
}

void RequestHandler::stop() {
    std::lock_guard<std::mutex> lock(mutex_);
    stopped_ = true;
    for (const auto& run : runs_) run->cancelled = true;
}

bool RequestHandler::work(double ms) {
    const std::shared_ptr<Run> run = claim();
    if (!run) return false;
    if (run->scored()) slice_scoring(*run, ms);
    else slice_training(*run, ms);
    release(run);
    return true;
}

// Steps until `ms` have passed (at least one), progress at most every kProgressEvery and at the last step; the
// slice after the last step scores the run and answers done.
void RequestHandler::slice_training(Run& run, double ms) {
    Trainer& trainer = *run.trainer;
    const auto start = Clock::now();
    if (run.scoring) {
        const RunScores scores = score_run(trainer);
        run.seconds += seconds_between(start, Clock::now());
        const int steps = trainer.total_steps() > 0 ? trainer.total_steps() : 1;
        const std::string done = "{\"type\":\"done\",\"id\":" + run.id + ",\"result\":" +
                                 train_result_json(run.params, trainer, scores, run.seconds) +
                                 ",\"seconds\":" + json_number(run.seconds) +
                                 ",\"ms_per_step\":" + json_number(1000.0 * run.train_seconds / steps) + "}";
        std::lock_guard<std::mutex> lock(mutex_);
        if (run.cancelled) return;  // cancelled while scoring: "cancelled" was its answer
        run.finished = true;
        emit_(done);
        return;
    }
    for (;;) {
        {
            std::lock_guard<std::mutex> model_lock(run.model_mutex);
            trainer.step();
        }
        const auto now = Clock::now();
        std::lock_guard<std::mutex> lock(mutex_);
        if (run.cancelled) return;
        const bool last = trainer.finished();
        if (last || now - run.last_progress >= kProgressEvery) {
            emit_(progress_event(run.id, trainer));
            run.last_progress = now;
        }
        if (last || run.paused || seconds_between(start, now) * 1000.0 >= ms) {
            const double spent = seconds_between(start, now);
            run.train_seconds += spent;
            run.seconds += spent;
            run.scoring = last;
            return;
        }
    }
}

// Blocks of samples until `ms` have passed (at least one block), length after length; after the last length, the
// answer: loaded (a file, kept) or evaluated (an evaluation, done). A block, not a whole length: the default
// model's longest test length takes about half a second natively, longer in the page, and a cancel waits for the
// slice under way.
void RequestHandler::slice_scoring(Run& run, double ms) {
    const auto start = Clock::now();
    while (run.scores.size() < run.eval.test.size()) {
        if (!run.length) run.length = std::make_unique<LengthEvaluation<float>>(run.eval.task, run.eval.test[run.scores.size()]);
        run.length->step(*run.held, run.options);
        if (run.length->done()) {
            run.scores.push_back(run.length->score());
            run.length.reset();
        }
        std::lock_guard<std::mutex> lock(mutex_);
        if (run.cancelled) return;
        if (seconds_between(start, Clock::now()) * 1000.0 >= ms) break;
    }
    run.seconds += seconds_between(start, Clock::now());
    if (run.scores.size() < run.eval.test.size()) return;
    const std::string result = eval_result_json(run.held->config, run.eval, run.scores, run.seconds);
    const std::string answer = run.kind == Run::Kind::load
                                   ? "{\"type\":\"loaded\",\"id\":" + run.id + ",\"name\":" + json_string(run.file_name) +
                                         ",\"result\":" + result + "}"
                                   : "{\"type\":\"evaluated\",\"id\":" + run.id + ",\"result\":" + result + "}";
    std::lock_guard<std::mutex> lock(mutex_);
    if (run.cancelled) return;
    run.finished = true;
    emit_(answer);
}

// [SECTION] train, load, look inside
void RequestHandler::train(const std::string& id, const std::string& words) {
    if (id.empty()) return error(id, "a run needs an id");
    auto run = std::make_shared<Run>();
    run->id = id;
    TrainConfig config;
    const std::string problem = read_train_words(words, &run->params, &config);
    if (!problem.empty()) return error(id, problem);
    config.skip_padding = skip_padding_;
    run->name = std::string("pelab-lab-") + scheme_name(config.model.pe) + "-" + task_name(config.task) + "-seed" +
                std::to_string(config.seed) + ".json";
    {
        std::lock_guard<std::mutex> lock(mutex_);
        if (!find(id)) {
            run->trainer = std::make_unique<Trainer>(config);
            runs_.push_back(run);
            emit_("{\"type\":\"queued\",\"id\":" + id + ",\"total\":" + std::to_string(run->trainer->total_steps()) + "}");
            return;
        }
    }
    error(id, "a run with id " + id + " exists already");
}

void RequestHandler::load(const std::string& id, const std::string& file, const std::string& task,
                          const std::string& name) {
    if (id.empty()) return error(id, "a load needs an id");
    {
        std::lock_guard<std::mutex> lock(mutex_);
        if (find(id)) {
            emit_("{\"type\":\"error\",\"id\":" + id + ",\"message\":" +
                  json_string("a run with id " + id + " exists already") + "}");
            return;
        }
    }
    auto run = std::make_shared<Run>();
    run->id = id;
    run->file_name = name;
    if (!parse_task(task, &run->eval.task)) return error(id, name + ": task: " + quoted(task.substr(0, 40)) + " is not copy or reverse");
    run->kind = Run::Kind::load;
    auto read = std::make_shared<Model<float>>();
    std::string problem = read_any_weights(file, read.get());
    if (!problem.empty()) return error(id, name + ": " + problem);
    run->held = std::move(read);
    // Scored at lab train's test lengths that the model can run (a learned table holds 2n positions or more).
    const ModelConfig& model = run->held->config;
    std::vector<int> lengths;
    for (const int n : run->eval.test)
        if (model.pe != Scheme::learned || 2 * n <= model.max_positions) lengths.push_back(n);
    if (lengths.empty())
        return error(id, name + ": its learned table of " + std::to_string(model.max_positions) +
                             " positions is shorter than every test length");
    run->eval.test = lengths;
    run->eval.model = model;
    run->eval.train_max = 1;
    problem = eval_config_problem(run->eval);
    if (!problem.empty()) return error(id, name + ": " + problem);
    run->name = std::string("pelab-lab-") + scheme_name(model.pe) + "-" + task_name(run->eval.task) + "-loaded.json";
    std::lock_guard<std::mutex> lock(mutex_);
    runs_.push_back(run);
}

void RequestHandler::inspect(const std::string& key) {
    const auto answer = [&](const std::string& member, const std::string& value) {
        std::lock_guard<std::mutex> lock(mutex_);
        emit_("{\"type\":\"attention\",\"key\":" + json_string(key) + ",\"" + member + "\":" + value + "}");
    };
    const auto fail = [&](const std::string& why) { answer("error", json_string(why)); };
    // The model: a shipped one (provided by the transport) or a run's (its model now).
    std::string problem;
    const std::string file = shipped_file(key, &problem);
    const std::string run_id = run_id_of(key);
    std::shared_ptr<const Model<float>> shipped;
    std::shared_ptr<Run> run;
    if (!problem.empty()) return fail(problem);
    if (!file.empty()) {
        std::lock_guard<std::mutex> lock(mutex_);
        const auto held = shipped_.find(file);
        const auto failed = shipped_failures_.find(file);
        if (held != shipped_.end()) {
            shipped = held->second;
        } else if (failed != shipped_failures_.end()) {
            problem = file + ": " + failed->second;
            shipped_failures_.erase(failed);
        } else {
            problem = file + ": not provided (the lab ships no such model)";
        }
    } else if (!run_id.empty()) {
        std::lock_guard<std::mutex> lock(mutex_);
        run = find(run_id);
        if (!run || run->cancelled) problem = "no run with id " + run_id;
    } else {
        problem = "the key names no model (shipped=<pe> or run=<id>)";
    }
    if (!problem.empty()) return fail(problem);
    // The sample.
    Task task = Task::copy;
    const std::string task_word = word_value(key, "task");
    long long n = 0, sample = 0;
    if (!task_word.empty() && !parse_task(task_word, &task))
        return fail("task: " + quoted(task_word.substr(0, 40)) + " is not copy or reverse");
    if (!whole_word(key, "n", &n) || !whole_word(key, "sample", &sample))
        return fail("n and sample must be whole numbers");
    if (n < 1 || n > kMaxEvalLength)
        return fail("n: " + std::to_string(n) + " is out of range 1.." + std::to_string(kMaxEvalLength));
    if (sample >= kEvalSamples)
        return fail("sample: " + std::to_string(sample) + " is out of range 0.." + std::to_string(kEvalSamples - 1));
    Inspection inspection;
    {
        std::unique_lock<std::mutex> model_lock;
        if (run) model_lock = std::unique_lock<std::mutex>(run->model_mutex);
        const Model<float>& model = run ? run->model() : *shipped;
        if (model.config.pe == Scheme::learned && 2 * n > model.config.max_positions)
            return fail("n: " + std::to_string(n) + " digits make " + std::to_string(2 * n) +
                        " tokens, longer than the model's learned table of " +
                        std::to_string(model.config.max_positions) + " positions");
        inspection = lab::inspect(model, task, int(n), int(sample));
    }
    if (inspection.T == 0) return fail("the model cannot run this sample");
    answer("inspection", inspection_json(inspection));
}

// An evaluation of a model under the words' scaling (read_eval_words: task, test, train_max, scaling, factor, pi),
// queued and scored in slices like a load; a run's model is the one before any fine-tune (the model as trained).
void RequestHandler::evaluate_model(const std::string& id, const std::string& model, const std::string& words) {
    if (id.empty()) return error(id, "an evaluation needs an id");
    std::string problem;
    std::shared_ptr<const Model<float>> held = model_named(model, words, &problem);
    if (!held) return error(id, problem);
    auto run = std::make_shared<Run>();
    run->kind = Run::Kind::eval;
    run->id = id;
    problem = read_eval_words(words, held->config, &run->eval);
    if (!problem.empty()) return error(id, problem);
    run->options = scaling_options(run->eval);
    run->held = std::move(held);
    std::lock_guard<std::mutex> lock(mutex_);
    if (find(id)) {
        emit_("{\"type\":\"error\",\"id\":" + id + ",\"message\":" + json_string("a run with id " + id + " exists already") + "}");
        return;
    }
    runs_.push_back(run);
    emit_("{\"type\":\"queued\",\"id\":" + id + ",\"total\":" + std::to_string(run->eval.test.size()) + "}");
}

// The model an evaluation names: "shipped=<pe>" (provided by the transport) or "run=<id>" (a finished training
// run's model before its fine-tune, or a loaded file's); null with the reason otherwise.
std::shared_ptr<const Model<float>> RequestHandler::model_named(const std::string& model, const std::string& words,
                                                                std::string* problem) {
    const std::string file = shipped_file(eval_model_key(model, words), problem);
    if (!problem->empty()) return nullptr;
    std::lock_guard<std::mutex> lock(mutex_);
    if (!file.empty()) {
        const auto held = shipped_.find(file);
        if (held != shipped_.end()) return held->second;
        const auto failed = shipped_failures_.find(file);
        if (failed != shipped_failures_.end()) {
            *problem = file + ": " + failed->second;
            shipped_failures_.erase(failed);
        } else {
            *problem = file + ": not provided (the lab ships no such model)";
        }
        return nullptr;
    }
    const std::string run_id = run_id_of(model);
    if (run_id.empty()) {
        *problem = "the evaluation names no model (model: shipped=<pe> or run=<id>)";
        return nullptr;
    }
    const std::shared_ptr<Run> run = find(run_id);
    if (!run || run->cancelled || run->kind == Run::Kind::eval) {
        *problem = "no run with id " + run_id + " to evaluate";
        return nullptr;
    }
    if (run->kind == Run::Kind::load) {
        if (run->finished) return run->held;
        *problem = "run " + run_id + " is still being loaded";
        return nullptr;
    }
    if (!run->trainer->finished()) {
        *problem = "run " + run_id + " is still training";
        return nullptr;
    }
    return std::make_shared<const Model<float>>(run->trainer->model_before_fine_tune());
}

// [SECTION] pause, resume, cancel, weights, free
// Pause, resume and cancel name one queued run, or (no id) every one; a name that is no queued run is an error.
void RequestHandler::set_paused(const std::string& id, bool paused) {
    std::lock_guard<std::mutex> lock(mutex_);
    bool named = false;
    for (const auto& run : runs_) {
        if ((!id.empty() && run->id != id) || run->finished || run->cancelled || run->scored()) continue;
        named = true;
        run->paused = paused;
        emit_(id_event(paused ? "paused" : "resumed", run->id));
    }
    if (!named && !id.empty())
        emit_("{\"type\":\"error\",\"id\":" + id + ",\"message\":" + json_string("no queued run with id " + id) + "}");
}

void RequestHandler::cancel(const std::string& id) {
    std::lock_guard<std::mutex> lock(mutex_);
    bool named = false;
    for (auto it = runs_.begin(); it != runs_.end();) {
        Run& run = **it;
        if ((!id.empty() && run.id != id) || run.finished || run.cancelled) {
            ++it;
            continue;
        }
        named = true;
        run.cancelled = true;  // a slice running on another thread stops at its next step, and says nothing more
        if (run.kind == Run::Kind::load)  // the board keeps no run for a load until it is answered: an error answers it
            emit_("{\"type\":\"error\",\"id\":" + run.id + ",\"message\":" +
                  json_string(run.file_name + ": the load was cancelled") + "}");
        else
            emit_(id_event("cancelled", run.id));
        it = runs_.erase(it);
    }
    if (!named && !id.empty())
        emit_("{\"type\":\"error\",\"id\":" + id + ",\"message\":" + json_string("no queued run with id " + id) + "}");
}

void RequestHandler::weights(const std::string& id) {
    std::shared_ptr<Run> run;
    {
        std::lock_guard<std::mutex> lock(mutex_);
        run = find(id);
    }
    if (!run) return error(id, "no run with id " + shown(id));
    std::string text;
    {
        std::lock_guard<std::mutex> model_lock(run->model_mutex);
        text = weights_json(run->model());
    }
    std::lock_guard<std::mutex> lock(mutex_);
    emit_("{\"type\":\"weights\",\"id\":" + id + ",\"text\":" + json_string(text) + ",\"name\":" + json_string(run->name) + "}");
}

void RequestHandler::free(const std::string& id) {
    std::lock_guard<std::mutex> lock(mutex_);
    for (auto it = runs_.begin(); it != runs_.end(); ++it)
        if ((*it)->id == id && (*it)->finished) {
            runs_.erase(it);
            return;
        }
}

}  // namespace pelab::lab
