// PE Lab — platform/lab_desktop.cpp
// The lab on the desktop: core's request handler on worker threads, a mailbox to the main thread, the embedded
// reference runs and shipped models, dropped and saved files (platform/lab_desktop.h).
//
// [SECTION] embedded data
// [SECTION] small helpers
// [SECTION] the mailbox and the frame
// [SECTION] requests into messages
// [SECTION] files: loaded and saved
// [SECTION] the worker threads
#include "platform/lab_desktop.h"

#include <algorithm>
#include <cstdio>
#include <utility>

#include "core/io/file.h"
#include "core/io/json.h"
#include "core/io/text.h"
#include "core/lab/lab_report.h"
#include "core/lab/lab_weights.h"

// Made at build time by pelab_embed_file (cmake/PelabDeps.cmake) from src/lessons/length_lab/data/.
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

constexpr double kSliceMs = 50;  // a worker's slice: pause and cancel are answered within one step anyway

std::string file_name_of(const std::string& path) {
    const std::size_t slash = path.find_last_of("/\\");
    return slash == std::string::npos ? path : path.substr(slash + 1);
}

// A message's id member: none for 0 (pause, resume and cancel of every run).
std::string id_member(int id) { return id == 0 ? std::string() : ",\"id\":" + std::to_string(id); }

bool has_type(const std::string& event, const char* type) {
    return event.rfind(std::string("{\"type\":\"") + type + "\"", 0) == 0;  // the handler writes "type" first
}

}  // namespace

// [SECTION] the mailbox and the frame
LabRunner::LabRunner(std::function<void()> wake)
    : wake_(std::move(wake)), owner_(std::this_thread::get_id()),
      handler_([this](const std::string& event) { post(event); }, /*skip_padding=*/false) {}

LabRunner::~LabRunner() { shutdown(); }

void LabRunner::post(const std::string& event) {
    bool was_empty = false;
    {
        std::lock_guard<std::mutex> lock(mailbox_mutex_);
        was_empty = mailbox_.empty();
        mailbox_.push_back(event);
    }
    // The main thread's own posts are delivered by the frame() that makes them: only other threads wake it.
    if (was_empty && wake_ && std::this_thread::get_id() != owner_) wake_();
}

void LabRunner::send(const std::string& message, const std::string* payload) {
    handler_.handle(message, payload);
    {
        std::lock_guard<std::mutex> lock(work_mutex_);  // a worker checking for work either sees it or is woken
    }
    work_cv_.notify_all();
}

bool LabRunner::frame() {
    if (!announced_) {
        announced_ = true;
        post("{\"type\":\"trainer\",\"available\":true}");
    }
    for (const lab_board::Request& r : lab_board::take_requests()) request(r);
    std::vector<std::string> events;
    {
        std::lock_guard<std::mutex> lock(mailbox_mutex_);
        events.swap(mailbox_);
    }
    for (const std::string& e : events) deliver(e);
    return !events.empty();
}

// An event to the board, except a weights file (saved) and the answer to a save that failed (said).
void LabRunner::deliver(const std::string& event) {
    if (has_type(event, "weights")) return save(event);
    if (has_type(event, "error") && !saving_.empty()) {
        json::Value e;
        const json::Value* id = json::parse(event, &e).empty() ? e.member("id") : nullptr;
        if (id && id->kind == json::Value::Kind::number && saving_.erase(int(id->number))) {
            say({"运行 {id} 还没有可以保存的权重", "run {id} has no weights to save yet"},
                {{"id", number_text(id->number)}});
            return;
        }
    }
    const std::string problem = lab_board::receive(event);
    if (!problem.empty()) std::fprintf(stderr, "pelab: lab: %s\n", problem.c_str());
}

bool LabRunner::busy() const { return handler_.busy(); }

void LabRunner::say(const Text& words, std::vector<Arg> args) {
    const std::string line = pelab::say(language ? language() : Lang::en, words, std::move(args));
    if (notify) notify(line);
    else std::fprintf(stderr, "pelab: lab: %s\n", line.c_str());
}

// [SECTION] requests into messages
void LabRunner::request(const lab_board::Request& r) {
    using Kind = lab_board::Request::Kind;
    const std::string id = std::to_string(r.id);
    switch (r.kind) {
        case Kind::load_data: {
            const std::string problem = lab_board::set_reference_runs(reference_runs_text());
            if (!problem.empty()) std::fprintf(stderr, "pelab: lab: reference runs: %s\n", problem.c_str());
            break;
        }
        case Kind::train:
            start_threads();
            send("{\"cmd\":\"train\",\"id\":" + id + ",\"params\":" + json_string(r.words) + "}");
            break;
        case Kind::pause: send("{\"cmd\":\"pause\"" + id_member(r.id) + "}"); break;
        case Kind::resume: send("{\"cmd\":\"resume\"" + id_member(r.id) + "}"); break;
        case Kind::cancel:
            send("{\"cmd\":\"cancel\"" + id_member(r.id) + "}");
            // A load still waiting for its file is cancelled here: the handler has not heard of it.
            for (auto it = waiting_loads_.begin(); it != waiting_loads_.end();) {
                if (r.id != 0 && *it != r.id) {
                    ++it;
                    continue;
                }
                post("{\"type\":\"error\",\"id\":" + std::to_string(*it) + ",\"message\":\"the load was cancelled\"}");
                it = waiting_loads_.erase(it);
            }
            break;
        case Kind::save_weights:
            saving_.insert(r.id);
            send("{\"cmd\":\"weights\",\"id\":" + id + "}");
            break;
        case Kind::load_weights:
            if (!waiting_files_.empty()) {
                const std::string path = waiting_files_.front();
                waiting_files_.erase(waiting_files_.begin());
                load(r.id, lab::word_value(r.words, "task"), path);
            } else {
                waiting_loads_.push_back(r.id);
                say({"把权重文件（pelab-lab-weights/1）拖到窗口上即可载入",
                     "drop a weights file (pelab-lab-weights/1) on the window to load it"});
            }
            break;
        case Kind::inspect: {
            const std::string message = "{\"cmd\":\"inspect\",\"key\":" + json_string(r.words) + "}";
            provide_shipped(message);
            send(message);
            break;
        }
        case Kind::evaluate: {
            // Queued and scored in slices by the worker threads, as a load is.
            const std::string message = "{\"cmd\":\"eval\",\"id\":" + id + ",\"model\":" + json_string(r.model) +
                                        ",\"params\":" + json_string(r.words) + "}";
            provide_shipped(message);
            start_threads();
            send(message);
            break;
        }
    }
}

// The shipped model a message names (a look inside or an evaluation of shipped=<pe>), from the binary.
void LabRunner::provide_shipped(const std::string& message) {
    const std::string file = handler_.needs(message);
    if (file.empty()) return;
    std::string bytes;
    for (const std::string& pe : shipped_schemes())
        if (file == "lab_shipped_" + pe + "_copy.weights") bytes = shipped_weights(pe);
    if (bytes.empty()) handler_.provide_failed(file, "the lab ships no such model (alibi and rope on copy)");
    else handler_.provide(file, bytes);
}

// [SECTION] files: loaded and saved
void LabRunner::drop_file(const std::string& path) {
    if (!waiting_loads_.empty()) {
        const int id = waiting_loads_.front();
        waiting_loads_.erase(waiting_loads_.begin());
        load(id, "", path);
        return;
    }
    // No load asked for: the file starts one (the board's run appears with the answer).
    waiting_files_.push_back(path);
    lab_board::load_weights("");  // no task asked: the file name says it, else copy
}

void LabRunner::load(int id, const std::string& task_word, const std::string& path) {
    // The task: the request's, else the one a saved file names (pelab-lab-<pe>-reverse-seed<s>.json), else copy.
    const std::string name = file_name_of(path);
    std::string task = task_word;
    if (task.empty()) task = name.find("-reverse") != std::string::npos ? "reverse" : "copy";
    std::string bytes;
    const std::string problem = read_file(path, lab::kMaxWeightsBytes, &bytes);
    if (!problem.empty()) {
        post("{\"type\":\"error\",\"id\":" + std::to_string(id) + ",\"message\":" + json_string(name + ": " + problem) + "}");
        return;
    }
    start_threads();
    send("{\"cmd\":\"load\",\"id\":" + std::to_string(id) + ",\"task\":" + json_string(task) +
             ",\"name\":" + json_string(name) + "}",
         &bytes);
}

void LabRunner::save(const std::string& weights_event) {
    json::Value e;
    if (!json::parse(weights_event, &e).empty()) return;
    const json::Value* id = e.member("id");
    const json::Value* text = e.member("text");
    const json::Value* name = e.member("name");
    if (id && id->kind == json::Value::Kind::number) saving_.erase(int(id->number));
    if (!text || !name) return;
    if (save_file) {
        save_file(name->text, text->text);
        return;
    }
    std::FILE* f = std::fopen(name->text.c_str(), "wb");
    const bool ok = f && std::fwrite(text->text.data(), 1, text->text.size(), f) == text->text.size();
    const bool closed = f && std::fclose(f) == 0;
    if (ok && closed) std::printf("pelab: wrote %s\n", printable(name->text).c_str());
    else say({"无法写入 {file}", "could not write {file}"}, {{"file", name->text}});
}

// [SECTION] the worker threads
// Started with the first run or load, so an app that never opens the lab starts none.
void LabRunner::start_threads() {
    if (!threads_.empty() || stopping_) return;
    const int count = max_parallel > 0 ? max_parallel : std::max(1, int(std::thread::hardware_concurrency()));
    for (int i = 0; i < count; ++i) threads_.emplace_back(&LabRunner::worker, this);
}

void LabRunner::worker() {
    for (;;) {
        {
            std::unique_lock<std::mutex> lock(work_mutex_);
            work_cv_.wait(lock, [&] { return stopping_ || handler_.has_work(); });
            if (stopping_) return;
        }
        handler_.work(kSliceMs);
    }
}

void LabRunner::shutdown() {
    if (stopping_.exchange(true)) return;
    handler_.stop();
    {
        std::lock_guard<std::mutex> lock(work_mutex_);
    }
    work_cv_.notify_all();
    for (std::thread& t : threads_)
        if (t.joinable()) t.join();
}

}  // namespace pelab::lab_desktop
