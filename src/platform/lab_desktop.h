// PE Lab — platform/lab_desktop.h
// The length-generalisation lab's trainer on the desktop ("the desktop app trains the six schemes on
// several threads, one run per thread"): the desktop's side of the lab board (lessons/length_lab/lab_board.h).
// Each frame the desktop calls LabRunner::frame(), which takes the board's requests and answers them with
// messages in the page worker's JSON format (docs/lab.md, "Messages"; "On the desktop"):
//   load_data     the reference runs, embedded at build time (src/lessons/lab/reference_runs.json)
//   train         one std::thread per run, owning a core lab::Trainer (the CLI's padded arithmetic); it posts
//                 queued, progress (at most every ~100 ms) and done (core's score_run + train_result_json), or
//                 error for words that are not a valid run; at most max_parallel runs train at once, the others
//                 wait queued
//   pause/resume/cancel  one run or (id 0) all, between optimizer steps (atomics and a condition variable)
//   inspect       one forward pass on the main thread (lab::inspect, inspection_json) of a shipped model
//                 (embedded pelab-lab-weights-packed/1 files) or of a learner's finished run
//   save_weights  the run's model as pelab-lab-<pe>-<task>-seed<seed>.json through the save service
//   load_weights  a weights file dropped on the window or named on the command line (drop_file), scored on a
//                 thread at the default test lengths (eval_result_json) and answered with loaded or error
// Threads post their messages into a mutex-protected mailbox; frame() hands them to lab_board::receive on the
// calling (main) thread. `wake` is called from the posting thread when the mailbox turns non-empty, so the
// desktop's loop, blocked in SDL_WaitEvent, draws a frame only when there is something to show. The destructor
// cancels every run and joins its thread (a run in its final evaluation finishes that first).
// No SDL here: the desktop passes a wake that pushes an SDL event; tests pass their own (tests/platform).
//
// [SECTION] embedded data
// [SECTION] the runner
#pragma once
#include <atomic>
#include <condition_variable>
#include <cstdint>
#include <deque>
#include <functional>
#include <map>
#include <memory>
#include <mutex>
#include <string>
#include <thread>
#include <vector>

#include "core/lab/lab_model.h"
#include "core/lab/lab_train.h"
#include "core/io/params.h"
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
    // wake: called from a run's thread when it posts a message to an empty mailbox (the thread that builds the
    // runner calls frame(), which delivers its own messages).
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
    // Runs training at once; the rest wait, queued (default: the machine's hardware threads, at least 1).
    int max_parallel = 0;

    // Takes the board's requests and answers them, then delivers the messages posted since the last call.
    // Returns whether any message was delivered (the board changed).
    bool frame();
    // A weights file for the lab (dropped on the window, or lab_weights=FILE): read now, scored on a thread.
    // It answers the oldest load_weights request still waiting, else it starts a load of its own.
    void drop_file(const std::string& path);
    // Whether any run's thread is still working.
    bool busy() const;
    // Cancels every run and joins every thread (the destructor does the same).
    void shutdown();

private:
    struct Job {
        int id = 0;
        std::string pe, task, name;            // for the saved file's name
        bool load = false;                     // a weights file being scored, not a training run
        std::thread thread;
        std::atomic<bool> cancel{false};
        std::atomic<bool> finished{false};     // the thread has posted its last message
        std::mutex mutex;                      // guards paused and model
        std::condition_variable cv;
        bool paused = false;
        std::shared_ptr<const lab::Model<float>> model;  // once done (or loaded)
    };

    void post(std::string message);
    void handle(const lab_board::Request& request);
    void start_train(int id, const std::string& words);
    void start_load(int id, const std::string& task_word, const std::string& path);
    void answer_inspect(const std::string& key);
    void save(int id);
    void set_paused(int id, bool paused);
    void cancel(int id);
    void train_thread(Job* job, ParamSet params, lab::TrainConfig config);
    void join_line(const Job* job);
    bool take_slot(Job* job);
    void give_slot();
    Job* find(int id);
    void say(const Text& words, std::vector<Arg> args = {});
    std::shared_ptr<const lab::Model<float>> shipped_model(const std::string& pe, std::string* problem);

    std::function<void()> wake_;
    std::thread::id owner_;                    // the thread that calls frame()
    std::mutex mailbox_mutex_;
    std::vector<std::string> mailbox_;
    bool announced_ = false;
    std::vector<std::unique_ptr<Job>> jobs_;
    std::map<std::string, std::shared_ptr<const lab::Model<float>>> shipped_;
    std::vector<int> waiting_loads_;           // load_weights ids with no file yet
    std::vector<std::string> waiting_files_;   // dropped files with no load_weights id yet
    std::mutex slots_mutex_;
    std::condition_variable slots_cv_;
    int running_ = 0;
    std::deque<const Job*> line_;              // runs waiting for a slot, in the order they were asked for
    std::atomic<bool> stopping_{false};
};

}  // namespace pelab::lab_desktop
