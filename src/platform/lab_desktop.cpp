// PE Lab — platform/lab_desktop.cpp
// The lab's trainer on the desktop: threads for runs and loads, a mailbox to the main thread, the embedded
// reference runs and shipped models (platform/lab_desktop.h; docs/lab.md, "On the desktop").
//
// [SECTION] embedded data
// [SECTION] small helpers
// [SECTION] the mailbox and the frame
// [SECTION] requests
// [SECTION] a training run's thread
// [SECTION] loading a weights file
// [SECTION] looking inside a model
// [SECTION] pause, resume, cancel, save, shutdown
#include "platform/lab_desktop.h"

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <sstream>
#include <utility>

#include "core/io/file.h"
#include "core/lab/lab_report.h"
#include "core/lab/lab_train.h"
#include "core/lab/lab_weights.h"
#include "core/io/text.h"

// Made at build time by pelab_embed_file (cmake/PelabDeps.cmake) from src/lessons/lab/.
extern const unsigned char pelab_lab_reference_runs[];
extern const unsigned int pelab_lab_reference_runs_size;
extern const unsigned char pelab_lab_shipped_alibi_copy[];
extern const unsigned int pelab_lab_shipped_alibi_copy_size;
extern const unsigned char pelab_lab_shipped_rope_copy[];
extern const unsigned int pelab_lab_shipped_rope_copy_size;

namespace pelab::lab_desktop {

// [SECTION] embedded data
std::string reference_runs_text() {
    return std::string(reinterpret_cast<const char*>(pelab_lab_reference_runs), pelab_lab_reference_runs_size);
}

std::string shipped_weights(const std::string& pe) {
    if (pe == "alibi")
        return std::string(reinterpret_cast<const char*>(pelab_lab_shipped_alibi_copy), pelab_lab_shipped_alibi_copy_size);
    if (pe == "rope")
        return std::string(reinterpret_cast<const char*>(pelab_lab_shipped_rope_copy), pelab_lab_shipped_rope_copy_size);
    return {};
}

const std::vector<std::string>& shipped_schemes() {
    static const std::vector<std::string> schemes = {"alibi", "rope"};
    return schemes;
}

// [SECTION] small helpers
namespace {

constexpr auto kProgressEvery = std::chrono::milliseconds(100);

double seconds_between(std::chrono::steady_clock::time_point a, std::chrono::steady_clock::time_point b) {
    return std::chrono::duration<double>(b - a).count();
}

// A whole number word in lo..hi; false when absent or malformed.
bool int_word(const std::string& words, const std::string& key, long lo, long hi, int* out) {
    const std::string text = lab::word_value(words, key);
    if (text.empty() || text.size() > 10) return false;
    long v = 0;
    for (const char c : text) {
        if (c < '0' || c > '9') return false;
        v = v * 10 + (c - '0');
    }
    if (v < lo || v > hi) return false;
    *out = static_cast<int>(v);
    return true;
}

std::string id_message(const char* type, int id) {
    return std::string("{\"type\":\"") + type + "\",\"id\":" + std::to_string(id) + "}";
}

std::string error_message(int id, const std::string& message) {
    return "{\"type\":\"error\",\"id\":" + std::to_string(id) + ",\"message\":" + json_string(message) + "}";
}

std::string progress_message(int id, const lab::Trainer& trainer) {
    return "{\"type\":\"progress\",\"id\":" + std::to_string(id) + ",\"done\":" + std::to_string(trainer.steps_done()) +
           ",\"total\":" + std::to_string(trainer.total_steps()) + ",\"loss\":" + lab::curve_json(trainer.loss_curve()) +
           ",\"finetune\":" + lab::curve_json(trainer.fine_tune_curve()) + "}";
}

std::string file_name_of(const std::string& path) {
    const std::size_t slash = path.find_last_of("/\\");
    return slash == std::string::npos ? path : path.substr(slash + 1);
}

}  // namespace

// [SECTION] the mailbox and the frame
LabRunner::LabRunner(std::function<void()> wake) : wake_(std::move(wake)), owner_(std::this_thread::get_id()) {}

LabRunner::~LabRunner() { shutdown(); }

void LabRunner::post(std::string message) {
    bool was_empty = false;
    {
        std::lock_guard<std::mutex> lock(mailbox_mutex_);
        was_empty = mailbox_.empty();
        mailbox_.push_back(std::move(message));
    }
    // The main thread's own posts are delivered by the frame() that makes them: only other threads wake it.
    if (was_empty && wake_ && std::this_thread::get_id() != owner_) wake_();
}

bool LabRunner::frame() {
    if (!announced_) {
        announced_ = true;
        post("{\"type\":\"trainer\",\"available\":true}");
    }
    for (const lab_board::Request& r : lab_board::take_requests()) handle(r);
    std::vector<std::string> messages;
    {
        std::lock_guard<std::mutex> lock(mailbox_mutex_);
        messages.swap(mailbox_);
    }
    for (const std::string& m : messages) {
        const std::string problem = lab_board::receive(m);
        if (!problem.empty()) std::fprintf(stderr, "pelab: lab: %s\n", problem.c_str());
    }
    // Finished threads are joined here, so a long session does not keep them.
    for (auto& job : jobs_)
        if (job->finished && job->thread.joinable()) job->thread.join();
    return !messages.empty();
}

bool LabRunner::busy() const {
    for (const auto& job : jobs_)
        if (job->thread.joinable() && !job->finished) return true;
    return false;
}

LabRunner::Job* LabRunner::find(int id) {
    for (auto& job : jobs_)
        if (job->id == id) return job.get();
    return nullptr;
}

void LabRunner::say(const Text& words, std::vector<Arg> args) {
    const std::string line = pelab::say(language ? language() : Lang::en, words, std::move(args));
    if (notify) notify(line);
    else std::fprintf(stderr, "pelab: lab: %s\n", line.c_str());
}

// [SECTION] requests
void LabRunner::handle(const lab_board::Request& r) {
    using Kind = lab_board::Request::Kind;
    switch (r.kind) {
        case Kind::load_data: {
            const std::string problem = lab_board::set_reference_runs(reference_runs_text());
            if (!problem.empty()) std::fprintf(stderr, "pelab: lab: reference runs: %s\n", problem.c_str());
            break;
        }
        case Kind::train: start_train(r.id, r.words); break;
        case Kind::pause: set_paused(r.id, true); break;
        case Kind::resume: set_paused(r.id, false); break;
        case Kind::cancel: cancel(r.id); break;
        case Kind::save_weights: save(r.id); break;
        case Kind::load_weights:
            if (!waiting_files_.empty()) {
                const std::string path = waiting_files_.front();
                waiting_files_.erase(waiting_files_.begin());
                start_load(r.id, lab::word_value(r.words, "task"), path);
            } else {
                waiting_loads_.push_back(r.id);
                say({"把权重文件（pelab-lab-weights/1）拖到窗口上即可载入",
                     "drop a weights file (pelab-lab-weights/1) on the window to load it"});
            }
            break;
        case Kind::inspect: answer_inspect(r.words); break;
    }
}

// [SECTION] a training run's thread
void LabRunner::start_train(int id, const std::string& words) {
    ParamSet params;
    lab::TrainConfig config;
    const std::string problem = lab::read_train_words(words, &params, &config);
    if (!problem.empty() || find(id)) {
        post(error_message(id, problem.empty() ? "run " + std::to_string(id) + " was started already" : problem));
        return;
    }
    config.skip_padding = false;  // the CLI's padded arithmetic: a run here gives the reference numbers
    auto job = std::make_unique<Job>();
    job->id = id;
    job->pe = lab::scheme_name(config.model.pe);
    job->task = lab::task_name(config.task);
    job->name = "pelab-lab-" + job->pe + "-" + job->task + "-seed" + std::to_string(config.seed) + ".json";
    Job* raw = job.get();
    jobs_.push_back(std::move(job));
    const int total = config.train_steps + (config.model.pe == lab::Scheme::rope ? config.finetune_steps : 0);
    post("{\"type\":\"queued\",\"id\":" + std::to_string(id) + ",\"total\":" + std::to_string(total) + "}");
    join_line(raw);
    raw->thread = std::thread(&LabRunner::train_thread, this, raw, std::move(params), std::move(config));
}

// Slots go first come, first served: a run joins the line when it is asked for (on the frame's thread, so the
// line keeps the order of the requests, whatever order the threads start in), and a paused run that resumes
// joins its end. A cancelled run in the line holds no one up.
void LabRunner::join_line(const Job* job) {
    std::lock_guard<std::mutex> lock(slots_mutex_);
    line_.push_back(job);
}

bool LabRunner::take_slot(Job* job) {
    std::unique_lock<std::mutex> lock(slots_mutex_);
    const int limit = max_parallel > 0 ? max_parallel : std::max(1, int(std::thread::hardware_concurrency()));
    if (std::find(line_.begin(), line_.end(), job) == line_.end()) line_.push_back(job);
    const auto first_in_line = [&] {
        for (const Job* waiting : line_)
            if (!waiting->cancel) return waiting == job;
        return false;
    };
    slots_cv_.wait(lock, [&] { return job->cancel || (running_ < limit && first_in_line()); });
    line_.erase(std::find(line_.begin(), line_.end(), job));
    if (!job->cancel) ++running_;
    lock.unlock();
    slots_cv_.notify_all();  // the next in line may take another free slot, or move up
    return !job->cancel;
}

void LabRunner::give_slot() {
    {
        std::lock_guard<std::mutex> lock(slots_mutex_);
        --running_;
    }
    slots_cv_.notify_all();
}

void LabRunner::train_thread(Job* job, ParamSet params, lab::TrainConfig config) {
    const int id = job->id;
    if (!take_slot(job)) {
        post(id_message("cancelled", id));
        job->finished = true;
        return;
    }
    auto busy = std::chrono::steady_clock::duration::zero();  // time spent computing (not queued, not paused)
    auto begin = std::chrono::steady_clock::now();
    lab::Trainer trainer(config);
    auto last_post = std::chrono::steady_clock::now();
    bool cancelled = false, holding = true;  // holding: this run has one of the max_parallel slots
    while (!trainer.finished()) {
        if (job->cancel) {
            cancelled = true;
            break;
        }
        std::unique_lock<std::mutex> lock(job->mutex);
        if (job->paused) {
            // A paused run lets a queued one train meanwhile: its slot is given back, and taken again on resume.
            busy += std::chrono::steady_clock::now() - begin;
            lock.unlock();
            give_slot();
            holding = false;
            lock.lock();
            job->cv.wait(lock, [&] { return !job->paused || job->cancel; });
            lock.unlock();
            holding = !job->cancel && take_slot(job);
            begin = std::chrono::steady_clock::now();
            if (!holding) {
                cancelled = true;
                break;
            }
        } else {
            lock.unlock();
        }
        trainer.step();
        const auto now = std::chrono::steady_clock::now();
        if (now - last_post >= kProgressEvery || trainer.finished()) {
            post(progress_message(id, trainer));
            last_post = now;
        }
    }
    if (cancelled) {
        if (holding) give_slot();
        post(id_message("cancelled", id));
        job->finished = true;
        return;
    }
    const auto train_end = std::chrono::steady_clock::now();
    const double train_ms = 1000.0 * seconds_between(begin, train_end) + 1000.0 * std::chrono::duration<double>(busy).count();
    const lab::RunScores scores = lab::score_run(trainer);
    const double seconds = train_ms / 1000.0 + seconds_between(train_end, std::chrono::steady_clock::now());
    give_slot();
    {
        std::lock_guard<std::mutex> lock(job->mutex);
        job->model = std::make_shared<const lab::Model<float>>(trainer.model());
    }
    const int steps = std::max(1, trainer.total_steps());
    post("{\"type\":\"done\",\"id\":" + std::to_string(id) +
         ",\"result\":" + lab::train_result_json(params, trainer, scores, seconds) +
         ",\"seconds\":" + lab::json_number(seconds) + ",\"ms_per_step\":" + lab::json_number(train_ms / steps) + "}");
    job->finished = true;
}

// [SECTION] loading a weights file
void LabRunner::drop_file(const std::string& path) {
    if (!waiting_loads_.empty()) {
        const int id = waiting_loads_.front();
        waiting_loads_.erase(waiting_loads_.begin());
        start_load(id, "", path);
        return;
    }
    // No load asked for: the file starts one (the board's run appears with the answer).
    waiting_files_.push_back(path);
    lab_board::load_weights("");  // no task asked: the file name says it, else copy
}

void LabRunner::start_load(int id, const std::string& task_word, const std::string& path) {
    // The task: the request's, else the one a saved file names (pelab-lab-<pe>-reverse-seed<s>.json), else copy.
    std::string task = task_word;
    if (task.empty()) task = file_name_of(path).find("-reverse") != std::string::npos ? "reverse" : "copy";
    lab::Task parsed = lab::Task::copy;
    if (!lab::parse_task(task, &parsed)) {
        post(error_message(id, "task: " + quoted(task) + " is not one of copy|reverse"));
        return;
    }
    std::string bytes;
    std::string problem = read_file(path, lab::kMaxWeightsBytes, &bytes);
    auto model = std::make_shared<lab::Model<float>>();
    if (problem.empty()) problem = lab::read_any_weights(bytes, model.get());
    if (!problem.empty()) {
        post(error_message(id, file_name_of(path) + ": " + problem));
        return;
    }
    // The default test lengths that the model can run (a learned table holds 2n positions or more).
    lab::TrainConfig run;
    run.task = parsed;
    run.model = model->config;
    std::vector<int> lengths;
    for (const int n : run.test)
        if (model->config.pe != lab::Scheme::learned || 2 * n <= model->config.max_positions) lengths.push_back(n);
    if (lengths.empty()) {
        post(error_message(id, file_name_of(path) + ": its learned table of " + std::to_string(model->config.max_positions) +
                                   " positions is shorter than every test length"));
        return;
    }
    run.test = lengths;
    auto job = std::make_unique<Job>();
    job->id = id;
    job->pe = lab::scheme_name(model->config.pe);
    job->task = task;
    job->name = "pelab-lab-" + job->pe + "-" + task + "-run" + std::to_string(id) + ".json";
    job->load = true;
    job->model = model;
    Job* raw = job.get();
    jobs_.push_back(std::move(job));
    const std::string name = file_name_of(path);
    raw->thread = std::thread([this, raw, model, run, name]() {
        const auto start = std::chrono::steady_clock::now();
        const std::vector<lab::LengthScore> scores = lab::evaluate(*model, run.task, run.test);
        const double seconds = seconds_between(start, std::chrono::steady_clock::now());
        if (raw->cancel)  // the board keeps no run for a load until it is answered: an error reports it
            post(error_message(raw->id, name + ": the load was cancelled"));
        else
            post("{\"type\":\"loaded\",\"id\":" + std::to_string(raw->id) + ",\"name\":" + json_string(name) +
                 ",\"result\":" + lab::eval_result_json(model->config, run, scores, seconds) + "}");
        raw->finished = true;
    });
}

// [SECTION] looking inside a model
std::shared_ptr<const lab::Model<float>> LabRunner::shipped_model(const std::string& pe, std::string* problem) {
    const auto found = shipped_.find(pe);
    if (found != shipped_.end()) return found->second;
    const std::string bytes = shipped_weights(pe);
    if (bytes.empty()) {
        *problem = "no shipped model for " + quoted(pe) + " (alibi and rope on copy are shipped)";
        return nullptr;
    }
    auto model = std::make_shared<lab::Model<float>>();
    *problem = lab::read_packed_weights(bytes, model.get());
    if (!problem->empty()) return nullptr;
    shipped_[pe] = model;
    return model;
}

void LabRunner::answer_inspect(const std::string& key) {
    const auto answer_error = [&](const std::string& why) {
        post("{\"type\":\"attention\",\"key\":" + json_string(key) + ",\"error\":" + json_string(why) + "}");
    };
    std::string problem;
    std::shared_ptr<const lab::Model<float>> model;
    const std::string shipped = lab::word_value(key, "shipped");
    int run_id = 0;
    if (!shipped.empty()) {
        model = shipped_model(shipped, &problem);
    } else if (int_word(key, "run", 1, 1000000000, &run_id)) {
        Job* job = find(run_id);
        if (job) {
            std::lock_guard<std::mutex> lock(job->mutex);
            model = job->model;
        }
        if (!model) problem = "run " + std::to_string(run_id) + " has no trained model yet";
    } else {
        problem = "no model named (shipped=PE or run=ID)";
    }
    if (!model) return answer_error(problem);
    lab::Task task = lab::Task::copy;
    int n = 0, sample = 0;
    if (!lab::parse_task(lab::word_value(key, "task"), &task)) return answer_error("task: expected copy or reverse");
    if (!int_word(key, "n", 1, lab::kMaxEvalLength, &n)) return answer_error("n: expected a length 1.." + std::to_string(lab::kMaxEvalLength));
    if (!int_word(key, "sample", 0, lab::kEvalSamples - 1, &sample))
        return answer_error("sample: expected 0.." + std::to_string(lab::kEvalSamples - 1));
    const lab::Inspection in = lab::inspect(*model, task, n, sample);
    if (in.T == 0)
        return answer_error("this model cannot run a sample of " + std::to_string(n) + " digits (" +
                            std::to_string(2 * n) + " tokens)");
    post("{\"type\":\"attention\",\"key\":" + json_string(key) + ",\"inspection\":" + lab::inspection_json(in) + "}");
}

// [SECTION] pause, resume, cancel, save, shutdown
void LabRunner::set_paused(int id, bool paused) {
    for (auto& job : jobs_) {
        if ((id != 0 && job->id != id) || job->load || job->finished || !job->thread.joinable()) continue;
        {
            std::lock_guard<std::mutex> lock(job->mutex);
            if (job->paused == paused) continue;
            job->paused = paused;
        }
        job->cv.notify_all();
        post(id_message(paused ? "paused" : "resumed", job->id));
    }
}

void LabRunner::cancel(int id) {
    for (auto& job : jobs_) {
        if ((id != 0 && job->id != id) || job->finished) continue;
        job->cancel = true;  // the thread answers "cancelled" (a run already scoring finishes, and answers done;
                             // a load answers error)
        job->cv.notify_all();
    }
    slots_cv_.notify_all();
    // A load still waiting for its file is cancelled here.
    for (auto it = waiting_loads_.begin(); it != waiting_loads_.end();) {
        if (id == 0 || *it == id) {
            post(error_message(*it, "the load was cancelled"));
            it = waiting_loads_.erase(it);
        } else {
            ++it;
        }
    }
}

void LabRunner::save(int id) {
    Job* job = find(id);
    std::shared_ptr<const lab::Model<float>> model;
    if (job) {
        std::lock_guard<std::mutex> lock(job->mutex);
        model = job->model;
    }
    if (!model) {
        say({"运行 {id} 还没有可以保存的权重", "run {id} has no weights to save yet"}, {{"id", std::to_string(id)}});
        return;
    }
    const std::string bytes = lab::weights_json(*model);
    if (save_file) {
        save_file(job->name, bytes);
        return;
    }
    std::FILE* f = std::fopen(job->name.c_str(), "wb");
    const bool ok = f && std::fwrite(bytes.data(), 1, bytes.size(), f) == bytes.size();
    const bool closed = f && std::fclose(f) == 0;
    if (ok && closed) std::printf("pelab: wrote %s\n", printable(job->name).c_str());
    else say({"无法写入 {file}", "could not write {file}"}, {{"file", job->name}});
}

void LabRunner::shutdown() {
    if (stopping_.exchange(true)) return;
    for (auto& job : jobs_) {
        job->cancel = true;
        {
            std::lock_guard<std::mutex> lock(job->mutex);
            job->paused = false;
        }
        job->cv.notify_all();
    }
    slots_cv_.notify_all();
    for (auto& job : jobs_)
        if (job->thread.joinable()) job->thread.join();
}

}  // namespace pelab::lab_desktop
