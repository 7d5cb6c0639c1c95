// PE Lab — platform/lab_desktop.h
// The length-generalisation lab on the desktop: the desktop's transport for core's one request handler
// (core/lab/lab_requests.h), as web/lab_worker.js is the page's. Each frame the desktop calls LabRunner::frame(),
// which turns the board's requests (lessons/length_lab/lab_board.h: runs, looks inside, evaluations) into the
// lab's messages, hands them to the handler, and hands the handler's events back to the board on the calling
// (main) thread. What it adds to the handler, and nothing more:
//   threads     a few worker threads (at most max_parallel, default the machine's hardware threads) run the
//               handler's slices, so up to that many runs train at once, the others wait queued; runs use the
//               CLI's padded arithmetic and so give the CLI's numbers
//   data        the reference runs and the shipped models, embedded at build time (src/lessons/length_lab/data/)
//   files       a weights file dropped on the window or named on the command line (drop_file) is read here and
//               loaded; a saved run's weights go to the save service (save_file)
// The handler's events are posted into a mutex-protected mailbox; `wake` is called from the posting thread when
// the mailbox turns non-empty, so the desktop's loop, blocked in SDL_WaitEvent, draws a frame only when there is
// something to show. The destructor stops every run and joins the threads.
// No SDL here: the desktop passes a wake that pushes an SDL event; tests pass their own (tests/platform).
//
// [SECTION] embedded data
// [SECTION] the runner
#pragma once
#include <atomic>
#include <condition_variable>
#include <functional>
#include <mutex>
#include <set>
#include <string>
#include <thread>
#include <vector>

#include "core/lab/lab_requests.h"
#include "lessons/bilingual.h"
#include "lessons/length_lab/lab_board.h"

namespace pelab::lab_desktop {

// [SECTION] embedded data
// The reference runs file as built into the binary.
std::string reference_runs_text();
// The shipped model of scheme `pe` on copy (pelab-lab-weights-packed/1 bytes): "alibi" and "rope"; "" for any
// other name.
std::string shipped_weights(const std::string& pe);
// The shipped schemes, in order.
const std::vector<std::string>& shipped_schemes();

// [SECTION] the runner
class LabRunner {
public:
    // wake: called from a worker thread when it posts an event to an empty mailbox (the thread that builds the
    // runner calls frame(), which delivers its own events).
    explicit LabRunner(std::function<void()> wake);
    ~LabRunner();
    LabRunner(const LabRunner&) = delete;
    LabRunner& operator=(const LabRunner&) = delete;

    // Where a saved run's weights go (name, bytes): the desktop's save service. Unset: written into the working
    // directory here, with a line on stdout.
    std::function<void(const std::string& name, const std::string& bytes)> save_file;
    // One line for the learner (a toast on the desktop); unset: printed on stderr.
    std::function<void(const std::string& line)> notify;
    // The language of those lines: the app's (unset: English).
    std::function<Lang()> language;
    // Runs training at once; the rest wait, queued (default: the machine's hardware threads, at least 1). Read
    // when the threads start (the first run).
    int max_parallel = 0;

    // Takes the board's requests and answers them, then delivers the events posted since the last call.
    // Returns whether any event was delivered (the board changed).
    bool frame();
    // A weights file for the lab (dropped on the window, or lab_weights=FILE): read now and loaded. It answers the
    // oldest load_weights request still waiting, else it starts a load of its own.
    void drop_file(const std::string& path);
    // Whether any run is still queued, training or scoring.
    bool busy() const;
    // Stops every run and joins every thread (the destructor does the same).
    void shutdown();

private:
    void post(const std::string& event);
    void send(const std::string& message, const std::string* payload = nullptr);
    void request(const lab_board::Request& request);
    void provide_shipped(const std::string& message);
    void load(int id, const std::string& task_word, const std::string& path);
    void deliver(const std::string& event);
    void save(const std::string& weights_event);
    void say(const Text& words, std::vector<Arg> args = {});
    void start_threads();
    void worker();

    std::function<void()> wake_;
    std::thread::id owner_;                    // the thread that calls frame()
    std::mutex mailbox_mutex_;
    std::vector<std::string> mailbox_;
    bool announced_ = false;
    lab::RequestHandler handler_;
    std::vector<int> waiting_loads_;           // load_weights ids with no file yet
    std::vector<std::string> waiting_files_;   // dropped files with no load_weights id yet
    std::set<int> saving_;                     // save_weights ids not yet answered
    std::mutex work_mutex_;                    // with work_cv_: the worker threads wait for work
    std::condition_variable work_cv_;
    std::vector<std::thread> threads_;
    std::atomic<bool> stopping_{false};
};

}  // namespace pelab::lab_desktop
