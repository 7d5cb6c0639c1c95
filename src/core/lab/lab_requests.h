// PE Lab — core/lab/lab_requests.h
// The lab's one request handler: every message the lab takes (train, pause, resume, cancel, weights, free, load,
// inspect, eval), answered with the lab's events, the same in the page and on the desktop. The transports only carry
// messages and schedule work: the page's Web Worker (web/lab_worker.js over src/platform/lab/lab_module.cpp) runs
// one slice at a time between its messages; the desktop (src/platform/lab_desktop.cpp) runs slices on a few
// threads at once. The protocol is written out once, in docs/lab.md ("Messages"), and tested once, in
// tests/core/lab_requests_test.cpp.
//
// Messages in are JSON objects {"cmd": …, "id": …, …}; an id is any JSON string or number the sender chooses,
// echoed as it came. Events out are JSON objects whose first member is "type" (a transport may look at the type
// without parsing the rest, e.g. to save a "weights" file instead of passing it on). Each message's members and
// answers: docs/lab.md, "Messages".
//
// Scheduling: work() runs one slice of the first run that has work and is not paused or held by another thread
// (a load's or an evaluation's scoring before any training run: it takes seconds, training takes minutes), so runs
// train one at a time in the order they came when one thread calls it, and several at once when several threads
// do. A slice is cut between optimizer steps (or blocks of kEvalBlock samples of a test length:
// core/lab/lab_train.h), so pause and cancel are answered within one step (or block). handle() and work() may be
// called from different threads at once; `emit` is then called from both, so it must be thread-safe. A run's
// "seconds" is the time its own slices took (not its pauses, not other runs' turns).
//
// [SECTION] the handler
#pragma once
#include <functional>
#include <map>
#include <memory>
#include <mutex>
#include <string>
#include <vector>

#include "core/lab/lab_model.h"

namespace pelab::lab {

// [SECTION] the handler
class RequestHandler {
public:
    using Emit = std::function<void(const std::string& event_json)>;
    // skip_padding: trainings run with TrainConfig::skip_padding (the page: about 1.5× faster, the same run up to
    // float rounding); the desktop keeps the CLI's padded arithmetic and so its numbers.
    RequestHandler(Emit emit, bool skip_padding);
    ~RequestHandler();
    RequestHandler(const RequestHandler&) = delete;
    RequestHandler& operator=(const RequestHandler&) = delete;

    // One message (JSON text). `payload`, when not null, is a load's file in place of its "text" member (a
    // transport passes a file of up to kMaxWeightsBytes apart rather than as an escaped JSON string).
    void handle(const std::string& message_json, const std::string* payload = nullptr);

    // The shipped model file a message needs before handle() can answer it ("lab_shipped_alibi_copy.weights"),
    // "" when none or when it is held: the transport fetches it (the page) or takes it from the binary (the
    // desktop) and hands it over with provide(), or says why not with provide_failed().
    std::string needs(const std::string& message_json) const;
    void provide(const std::string& file, const std::string& bytes);
    // The next message that needs `file` is answered with this reason (once: a later one may try again).
    void provide_failed(const std::string& file, const std::string& why);

    // One slice of work (at most about `ms` milliseconds, at least one step): false when there was nothing to do.
    bool work(double ms);
    // Whether work() would find something to do now.
    bool has_work() const;
    // Whether any run is queued, training, paused or scoring.
    bool busy() const;
    // Stops every run at its next step (no events); work() does nothing afterwards.
    void stop();

private:
    struct Run;
    std::shared_ptr<Run> find(const std::string& id) const;
    std::shared_ptr<Run> claim();
    void release(const std::shared_ptr<Run>& run);
    void slice_training(Run& run, double ms);
    void slice_scoring(Run& run, double ms);
    void evaluate_model(const std::string& id, const std::string& model, const std::string& words);
    std::shared_ptr<const Model<float>> model_named(const std::string& model, const std::string& words,
                                                    std::string* problem);
    void train(const std::string& id, const std::string& words);
    void load(const std::string& id, const std::string& file, const std::string& task, const std::string& name);
    void inspect(const std::string& key);
    void set_paused(const std::string& id, bool paused);
    void cancel(const std::string& id);
    void weights(const std::string& id);
    void free(const std::string& id);
    void error(const std::string& id, const std::string& message);

    Emit emit_;
    bool skip_padding_;
    mutable std::mutex mutex_;                      // guards runs_, shipped_, shipped_failures_, stopped_
    std::vector<std::shared_ptr<Run>> runs_;         // in the order they came
    std::map<std::string, std::shared_ptr<const Model<float>>> shipped_;
    std::map<std::string, std::string> shipped_failures_;
    bool stopped_ = false;
};

}  // namespace pelab::lab
