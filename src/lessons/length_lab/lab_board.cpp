// PE Lab — lessons/length_lab/lab_board.cpp
// Implements lab_board.h: the board's state, the requests the lesson makes (runs, looks inside, evaluations), and
// the reading of the platform's messages and of the reference runs file (with core's strict JSON reader,
// core/io/json.h), whose sets it keeps apart: base in `reference`, as every step before the remedies reads it,
// the others each in a member of its own.
//
// [SECTION] what the board holds
// [SECTION] requests (lesson → platform)
// [SECTION] reading JSON into the board's types
// [SECTION] messages (platform → lesson)
#include "lessons/length_lab/lab_board.h"

#include <algorithm>
#include <cmath>
#include <cstdlib>

#include "core/io/json.h"
#include "core/io/text.h"
#include "core/lab/lab_report.h"

namespace pelab::lab_board {

namespace lab = pelab::lab;

// [SECTION] what the board holds
namespace {
double at_length(const std::vector<int>& n, const std::vector<double>& values, int length) {
    for (size_t i = 0; i < n.size() && i < values.size(); ++i)
        if (n[i] == length) return values[i];
    return std::nan("");
}
void changed() { ++board().revision; }
Run* mutable_run(int id) {
    for (Run& run : board().runs)
        if (run.id == id) return &run;
    return nullptr;
}
bool active(const Run& run) {
    return run.state == RunState::queued || run.state == RunState::training || run.state == RunState::paused;
}
}  // namespace

double Scores::exact_at(int length) const { return at_length(n, exact, length); }
double Scores::token_at(int length) const { return at_length(n, token, length); }

const Scores& ReferenceRun::under_scaling() const {
    if (kind == "scaled" || scaling == "none") return result.scores;
    return scaling == "linear" ? result.pi_scores : result.scaled_scores;
}

Board& board() {
    static Board the_board;
    return the_board;
}

void reset() {
    const std::uint64_t revision = board().revision;
    board() = Board{};
    board().revision = revision + 1;
}

const Run* find_run(int id) { return mutable_run(id); }

bool interpolation_run(const RunResult& result) {
    const auto pi = result.config.find("pi");
    const auto fine = result.config.find("finetune_steps");
    return (pi != result.config.end() && pi->second != "1") || (fine != result.config.end() && fine->second != "0");
}

namespace {
const Run* latest_done(const std::string& pe, const std::string& task, bool plain_only) {
    const Run* latest = nullptr;
    for (const Run& run : board().runs)
        if (run.state == RunState::done && run.pe == pe && run.task == task &&
            !(plain_only && interpolation_run(run.result)))
            latest = &run;
    return latest;
}
}  // namespace

const Run* latest_done_run(const std::string& pe, const std::string& task) { return latest_done(pe, task, false); }
const Run* latest_plain_run(const std::string& pe, const std::string& task) { return latest_done(pe, task, true); }

bool any_run_active() {
    for (const Run& run : board().runs)
        if (active(run)) return true;
    return false;
}

namespace {
Evaluation* mutable_evaluation(int id) {
    for (Evaluation& e : board().evaluations)
        if (e.id == id) return &e;
    return nullptr;
}
// none reads no factor: every evaluation under none is the same one.
bool same_key(const Evaluation& e, int run, const std::string& scaling, double factor) {
    return e.run == run && e.scaling == scaling && (scaling == "none" || e.factor == factor);
}
}  // namespace

const Evaluation* find_evaluation(int run, const std::string& scaling, double factor) {
    const Evaluation* latest = nullptr;
    for (const Evaluation& e : board().evaluations)
        if (same_key(e, run, scaling, factor)) latest = &e;
    return latest;
}

bool any_evaluation_active() {
    for (const Evaluation& e : board().evaluations)
        if (e.state == EvalState::queued) return true;
    return false;
}

namespace {
template <typename Keep>
std::vector<const ReferenceRun*> select(const std::vector<ReferenceRun>& set, Keep keep) {
    std::vector<const ReferenceRun*> out;
    for (const ReferenceRun& run : set)
        if (keep(run)) out.push_back(&run);
    return out;
}
}  // namespace

std::vector<const ReferenceRun*> longer_runs(const std::string& task, const std::string& pe) {
    return select(board().reference_longer, [&](const ReferenceRun& r) { return r.task == task && r.pe == pe; });
}

std::vector<const ReferenceRun*> scaled_runs(const std::string& task, const std::string& scaling, double factor) {
    return select(board().reference_scaled, [&](const ReferenceRun& r) {
        return r.task == task && r.pe == "rope" && r.scaling == scaling && (scaling == "none" || r.factor == factor);
    });
}

std::vector<const ReferenceRun*> finetune_runs(const std::string& task, const std::string& scaling) {
    return select(board().reference_finetune,
                  [&](const ReferenceRun& r) { return r.task == task && r.pe == "rope" && r.scaling == scaling; });
}

// [SECTION] requests (lesson → platform)
namespace {
void ask(Request::Kind kind, int id, std::string words = {}) {
    board().requests.push_back({kind, id, std::move(words), {}});
}
}  // namespace

std::vector<Request> take_requests() {
    std::vector<Request> out;
    out.swap(board().requests);
    return out;
}

void want_data() {
    if (board().data_requested) return;
    board().data_requested = true;
    ask(Request::Kind::load_data, 0);
}

int start_run(const std::string& words) {
    Run run;
    run.id = board().next_id++;
    run.words = words;
    run.pe = lab::word_value(words, "pe");
    run.task = lab::word_value(words, "task");
    board().runs.push_back(run);
    ask(Request::Kind::train, run.id, words);
    changed();
    return run.id;
}

void pause(int id) { ask(Request::Kind::pause, id); }
void resume(int id) { ask(Request::Kind::resume, id); }
void cancel(int id) { ask(Request::Kind::cancel, id); }
void save_weights(int id) { ask(Request::Kind::save_weights, id); }

int load_weights(const std::string& words) {
    const int id = board().next_id++;
    ask(Request::Kind::load_weights, id, words);
    return id;
}

std::string inspection_key(const std::string& model, const std::string& task, int n, int sample) {
    return model + " task=" + task + " n=" + std::to_string(n) + " sample=" + std::to_string(sample);
}

const Inspection* want_inspection(const std::string& key) {
    const auto found = board().inspections.find(key);
    if (found != board().inspections.end()) return &found->second;
    if (!board().pending.count(key) && !board().inspection_problems.count(key)) {
        board().pending.insert(key);
        ask(Request::Kind::inspect, 0, key);
    }
    return nullptr;
}

int evaluate(int run, const std::string& scaling, double factor) {
    const Run* model = find_run(run);
    if (!model || model->state != RunState::done) return 0;
    if (scaling == "none") factor = 1;
    const Evaluation* known = find_evaluation(run, scaling, factor);
    if (known && (known->state == EvalState::queued || known->state == EvalState::done)) return known->id;
    // The scaling's original length is 2·train_max positions: the run's own train_max, as its result echoes it.
    const auto echoed = model->result.config.find("train_max");
    const std::string train_max = echoed != model->result.config.end() && !echoed->second.empty()
                                      ? echoed->second
                                      : std::to_string(lab::TrainConfig{}.train_max);
    std::string words = "task=" + (model->task.empty() ? std::string("copy") : model->task) + " scaling=" + scaling;
    if (scaling != "none") words += " factor=" + number_text(factor);
    words += " train_max=" + train_max;
    Evaluation e;
    e.id = board().next_id++;
    e.run = run;
    e.scaling = scaling;
    e.factor = factor;
    board().evaluations.push_back(e);
    board().requests.push_back({Request::Kind::evaluate, e.id, words, "run=" + std::to_string(run)});
    changed();
    return e.id;
}

void cancel_evaluations() {
    for (const Evaluation& e : board().evaluations)
        if (e.state == EvalState::queued) cancel(e.id);
}

// [SECTION] reading JSON into the board's types
namespace {
bool read_int(const json::Value* v, int* out) {
    if (!v || v->kind != json::Value::Kind::number || v->number != std::floor(v->number) || std::fabs(v->number) > 1e9)
        return false;
    *out = static_cast<int>(v->number);
    return true;
}
bool read_number(const json::Value* v, double* out) {
    if (!v) return false;
    if (v->kind == json::Value::Kind::null) {
        *out = std::nan("");
        return true;
    }
    if (v->kind != json::Value::Kind::number) return false;
    *out = v->number;
    return true;
}
bool read_string(const json::Value* v, std::string* out) {
    if (!v || v->kind != json::Value::Kind::string) return false;
    *out = v->text;
    return true;
}
bool read_ints(const json::Value* v, std::vector<int>* out) {
    if (!v || v->kind != json::Value::Kind::array || !v->items.empty()) return false;
    out->clear();
    for (const double x : v->numbers) {
        if (x != std::floor(x) || std::fabs(x) > 1e9) return false;
        out->push_back(static_cast<int>(x));
    }
    return true;
}
// [[step, value], …]; an empty array is an empty curve.
bool read_curve(const json::Value* v, Curve* out) {
    if (!v || v->kind != json::Value::Kind::array) return false;
    out->clear();
    for (const json::Value& point : v->items) {
        if (!point.number_array() || point.numbers.size() != 2) return false;
        out->push_back({static_cast<int>(point.numbers[0]), point.numbers[1]});
    }
    return true;
}
// "exact": {"<n>": share|null, …} and "token" alike, from the object holding both.
bool read_scores(const json::Value& holder, Scores* out) {
    const json::Value* exact = holder.member("exact");
    const json::Value* token = holder.member("token");
    if (!exact || !token || exact->kind != json::Value::Kind::object || token->kind != json::Value::Kind::object)
        return false;
    Scores s;
    for (const auto& [key, value] : exact->members) {
        double share = 0, token_share = 0;
        if (!read_number(&value, &share) || !read_number(token->member(key), &token_share)) return false;
        s.n.push_back(std::atoi(key.c_str()));
        s.exact.push_back(share);
        s.token.push_back(token_share);
    }
    *out = std::move(s);
    return true;
}
std::string config_text(const json::Value& v) {
    switch (v.kind) {
        case json::Value::Kind::string: return v.text;
        case json::Value::Kind::number: return number_text(v.number);
        case json::Value::Kind::boolean: return v.boolean ? "true" : "false";
        case json::Value::Kind::array: {
            std::string out;
            for (const double x : v.numbers) out += (out.empty() ? "" : ",") + number_text(x);
            return out;
        }
        default: return {};
    }
}
// A result object as `lab train` (or `lab eval`: no loss) writes it.
bool read_result(const json::Value* v, RunResult* out) {
    if (!v || v->kind != json::Value::Kind::object) return false;
    RunResult r;
    if (const json::Value* config = v->member("config")) {
        if (config->kind != json::Value::Kind::object) return false;
        for (const auto& [key, value] : config->members) r.config[key] = config_text(value);
    }
    if (v->member("loss") && !read_curve(v->member("loss"), &r.loss)) return false;
    if (!read_scores(*v, &r.scores)) return false;
    if (v->member("seconds") && !read_number(v->member("seconds"), &r.seconds)) return false;
    if (const json::Value* pi = v->member("pi"))
        if (!read_scores(*pi, &r.pi_scores)) return false;
    if (const json::Value* scaled = v->member("scaled"))
        if (!read_scores(*scaled, &r.scaled_scores)) return false;
    if (const json::Value* fine = v->member("finetune")) {
        if (!read_scores(*fine, &r.finetune_scores)) return false;
        if (fine->member("loss") && !read_curve(fine->member("loss"), &r.finetune_loss)) return false;
    }
    *out = std::move(r);
    return true;
}
bool read_inspection(const json::Value* v, Inspection* out) {
    if (!v || v->kind != json::Value::Kind::object) return false;
    Inspection in;
    if (!read_string(v->member("task"), &in.task) || !read_int(v->member("n"), &in.n) ||
        !read_int(v->member("sample"), &in.sample) || !read_int(v->member("layers"), &in.layers) ||
        !read_int(v->member("heads"), &in.heads) || !read_int(v->member("T"), &in.T) ||
        !read_ints(v->member("tokens"), &in.tokens) || !read_ints(v->member("expected"), &in.expected) ||
        !read_ints(v->member("predicted"), &in.predicted))
        return false;
    const json::Value* attention = v->member("attention");
    if (!attention || attention->kind != json::Value::Kind::array) return false;
    const size_t cells = static_cast<size_t>(in.T) * static_cast<size_t>(in.T);
    if (in.T < 0 || in.tokens.size() != static_cast<size_t>(in.T) || in.expected.size() != in.predicted.size())
        return false;
    if (attention->number_array()) {  // [] (T = 0), or one matrix written without nesting
        if (!attention->numbers.empty()) return false;
    }
    for (const json::Value& m : attention->items) {
        if (!m.number_array() || m.numbers.size() != cells) return false;
        in.attention.push_back(m.numbers);
    }
    if (in.attention.size() != static_cast<size_t>(in.layers) * static_cast<size_t>(in.heads) && in.T > 0) return false;
    *out = std::move(in);
    return true;
}
}  // namespace

// [SECTION] messages (platform → lesson)
std::string receive(const std::string& message_json) {
    json::Value m;
    const std::string problem = json::parse(message_json, &m);
    if (!problem.empty()) return "lab message: " + problem;
    std::string type;
    if (m.kind != json::Value::Kind::object || !read_string(m.member("type"), &type)) return "lab message: no type";
    Board& b = board();
    if (type == "trainer") {
        const json::Value* available = m.member("available");
        if (!available || available->kind != json::Value::Kind::boolean) return "lab message: trainer without available";
        b.trainer = available->boolean ? Trainer::available : Trainer::unavailable;
        read_string(m.member("message"), &b.trainer_problem);
        changed();
        return {};
    }
    if (type == "attention") {
        std::string key;
        if (!read_string(m.member("key"), &key)) return "lab message: attention without key";
        std::string error;
        if (read_string(m.member("error"), &error)) {
            b.pending.erase(key);
            b.inspection_problems[key] = error;
            changed();
            return {};
        }
        Inspection in;
        if (!read_inspection(m.member("inspection"), &in)) return "lab message: attention: malformed inspection";
        b.pending.erase(key);
        b.inspections[key] = std::move(in);
        changed();
        return {};
    }
    int id = 0;
    if (!read_int(m.member("id"), &id)) return "lab message: " + type + " without id";
    if (Evaluation* e = mutable_evaluation(id)) {
        // An answer that comes after the evaluation has its own (a cancel crossing the result: "no queued run")
        // changes nothing: what arrived first stands.
        if (type == "queued") return {};
        if (type == "evaluated") {
            RunResult result;
            if (!read_result(m.member("result"), &result)) return "lab message: evaluated: malformed result";
            if (e->state != EvalState::queued) return {};
            e->scores = std::move(result.scores);
            e->seconds = result.seconds;
            e->state = EvalState::done;
        } else if (type == "error") {
            if (e->state != EvalState::queued) return {};
            e->state = EvalState::failed;
            read_string(m.member("message"), &e->message);
        } else if (type == "cancelled") {
            if (e->state != EvalState::queued) return {};
            e->state = EvalState::cancelled;
        } else {
            return "lab message: " + type + " for an evaluation";
        }
        changed();
        return {};
    }
    Run* run = mutable_run(id);
    if (type == "loaded" || (!run && type == "done" && m.member("loaded"))) {
        // A weights file the learner loaded, scored by the platform: a run of its own.
        Run loaded;
        loaded.id = id;
        loaded.loaded = true;
        loaded.state = RunState::done;
        if (!read_result(m.member("result"), &loaded.result)) return "lab message: loaded: malformed result";
        loaded.pe = loaded.result.config["pe"];
        loaded.task = loaded.result.config["task"];
        read_string(m.member("name"), &loaded.words);
        if (run) *run = std::move(loaded);
        else b.runs.push_back(std::move(loaded));
        changed();
        return {};
    }
    if (!run) {
        // A load the learner cancelled, or a file that was not a weights file: reported, with no run to attach to.
        if (type == "error") {
            Run failed;
            failed.id = id;
            failed.loaded = true;
            failed.state = RunState::failed;
            read_string(m.member("message"), &failed.message);
            b.runs.push_back(std::move(failed));
            changed();
            return {};
        }
        return "lab message: no run " + std::to_string(id);
    }
    if (type == "queued") {
        read_int(m.member("total"), &run->total);
    } else if (type == "progress") {
        read_int(m.member("done"), &run->done);
        read_int(m.member("total"), &run->total);
        if (m.member("loss")) read_curve(m.member("loss"), &run->loss);
        if (m.member("finetune")) read_curve(m.member("finetune"), &run->finetune_loss);
        if (run->state == RunState::queued) run->state = RunState::training;
    } else if (type == "done") {
        if (!read_result(m.member("result"), &run->result)) return "lab message: done: malformed result";
        run->state = RunState::done;
        run->done = run->total;
        run->loss = run->result.loss;
        run->finetune_loss = run->result.finetune_loss;
        read_number(m.member("seconds"), &run->seconds);
        read_number(m.member("ms_per_step"), &run->ms_per_step);
    } else if (type == "error") {
        run->state = RunState::failed;
        read_string(m.member("message"), &run->message);
    } else if (type == "paused") {
        if (active(*run)) run->state = RunState::paused;
    } else if (type == "resumed") {
        if (run->state == RunState::paused) run->state = run->done > 0 ? RunState::training : RunState::queued;
    } else if (type == "cancelled") {
        run->state = RunState::cancelled;
    } else {
        return "lab message: unknown type " + type;
    }
    changed();
    return {};
}

namespace {
// The scalings in the order the fine-tunes are kept in (none first: the control every other is read against).
int scaling_rank(const std::string& scaling) {
    static const char* const kOrder[] = {"none", "linear", "ntk", "dynamic", "yarn"};
    for (int i = 0; i < 5; ++i)
        if (scaling == kOrder[i]) return i;
    return 5;
}
// One entry of the file: its set's fields on top of the result; false when malformed.
bool read_reference_run(const json::Value& item, ReferenceRun* out) {
    ReferenceRun run;
    int seed = 0;
    if (!read_string(item.member("task"), &run.task) || !read_string(item.member("pe"), &run.pe) ||
        !read_int(item.member("seed"), &seed) || !read_result(&item, &run.result))
        return false;
    run.seed = seed;
    if (item.member("kind") && !read_string(item.member("kind"), &run.kind)) return false;
    // The model's training steps: a scaled entry states them (lab eval's config has none), a trained run echoes them.
    if (run.kind == "scaled") {
        if (!read_int(item.member("train_steps"), &run.train_steps)) return false;
    } else {
        const auto steps = run.result.config.find("train_steps");
        if (steps != run.result.config.end()) run.train_steps = std::atoi(steps->second.c_str());
    }
    if (run.kind == "scaled" || run.kind == "finetune") {
        if (!read_string(item.member("scaling"), &run.scaling) || !read_number(item.member("factor"), &run.factor))
            return false;
    } else if (run.kind.empty()) {
        const auto pi = run.result.config.find("pi");
        if (pi != run.result.config.end() && pi->second != "1") {  // pi=S is linear scaling at factor S
            run.scaling = "linear";
            run.factor = std::atof(pi->second.c_str());
        }
    }
    *out = std::move(run);
    return true;
}
}  // namespace

std::string set_reference_runs(const std::string& text) {
    Board& b = board();
    json::Value file;
    std::string problem = json::parse(text, &file);
    std::vector<ReferenceRun> base, longer, scaled, finetune;
    std::string format;
    if (problem.empty() && (!read_string(file.member("format"), &format) || format != "pelab-lab-reference-runs/1"))
        problem = "not a pelab-lab-reference-runs/1 file";
    const json::Value* list = problem.empty() ? file.member("runs") : nullptr;
    if (problem.empty() && (!list || list->kind != json::Value::Kind::array)) problem = "no runs";
    if (problem.empty()) {
        for (size_t i = 0; i < list->items.size(); ++i) {
            ReferenceRun run;
            if (!read_reference_run(list->items[i], &run)) {
                problem = "run " + std::to_string(i + 1) + " is malformed";
                break;
            }
            // A kind this reader does not know is left out rather than read as base: it must not join the means.
            if (run.kind.empty()) base.push_back(std::move(run));
            else if (run.kind == "longer") longer.push_back(std::move(run));
            else if (run.kind == "scaled") scaled.push_back(std::move(run));
            else if (run.kind == "finetune") finetune.push_back(std::move(run));
        }
    }
    if (problem.empty()) {
        // Base's PI runs are the linear fine-tunes (pi=2 with 200 steps at n ≤ 32): the same runs, so the
        // remedies read all four fine-tunes and the control from one list.
        for (const ReferenceRun& run : base)
            if (run.scaling == "linear" && !run.result.finetune_scores.empty()) finetune.push_back(run);
        std::stable_sort(finetune.begin(), finetune.end(), [](const ReferenceRun& x, const ReferenceRun& y) {
            return scaling_rank(x.scaling) < scaling_rank(y.scaling);
        });
    }
    b.data_requested = true;
    if (problem.empty()) {
        b.reference = std::move(base);
        b.reference_longer = std::move(longer);
        b.reference_scaled = std::move(scaled);
        b.reference_finetune = std::move(finetune);
        b.data_loaded = true;
        b.data_problem.clear();
    } else {
        b.data_problem = "reference runs: " + problem;
    }
    changed();
    return problem.empty() ? problem : b.data_problem;
}

void data_failed(const std::string& why) {
    board().data_requested = true;
    board().data_problem = why;
    changed();
}

}  // namespace pelab::lab_board
