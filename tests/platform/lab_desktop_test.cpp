// PE Lab — tests/platform/lab_desktop_test.cpp
// The desktop's transport for the lab (platform/lab_desktop.h) without a window: the board's requests in, the
// handler's events out, delivered by frame() on this thread. The protocol itself is tested once, in core
// (tests/core/lab_requests_test.cpp); here what the desktop adds: two tiny runs train at once on its worker threads
// with the CLI's arithmetic (a Trainer run here, in step); with one thread, pause lets a queued run train meanwhile
// and resume moves it on, cancel stops a training run and a queued one; the embedded data reads and a shipped model
// is provided for a look inside; save_weights hands a weights file to the save service (or says there is none), and
// that file, dropped back, is loaded; a load waiting for its file and a file that is not weights answer error; a
// runner destroyed with runs going joins its threads; the evaluations of a learner's run under RoPE's scalings
// (the step remedies-at-test-time's button) are scored on the threads, and a cancel stops one.
//
// [SECTION] helpers
// [SECTION] embedded data
// [SECTION] two runs on threads
// [SECTION] pause, resume, cancel
// [SECTION] inspect, save, load
#include <gtest/gtest.h>

#include <chrono>
#include <condition_variable>
#include <cstdio>
#include <mutex>
#include <string>
#include <thread>

#include "core/lab/lab_model.h"
#include "core/lab/lab_report.h"
#include "core/lab/lab_train.h"
#include "core/lab/lab_weights.h"
#include "lessons/length_lab/lab_board.h"
#include "platform/lab_desktop.h"

namespace pelab::lab_desktop_test {

using lab_board::RunState;

// [SECTION] helpers
const char* kTiny = "d=16 heads=2 layers=1 train_steps=30 batch=8 test=4,8";

// A runner whose wake is counted; pump() delivers messages until `done` holds (or the time is up).
struct Fixture {
    std::mutex mutex;
    std::condition_variable cv;
    int wakes = 0;
    lab_desktop::LabRunner runner{[this]() {
        {
            std::lock_guard<std::mutex> lock(mutex);
            ++wakes;
        }
        cv.notify_all();
    }};
    Fixture() { lab_board::reset(); }

    template <class Done>
    bool pump(Done done, double seconds = 120.0) {
        const auto end = std::chrono::steady_clock::now() + std::chrono::duration<double>(seconds);
        while (std::chrono::steady_clock::now() < end) {
            runner.frame();
            if (done()) return true;
            std::unique_lock<std::mutex> lock(mutex);
            const int seen = wakes;
            cv.wait_for(lock, std::chrono::milliseconds(20), [&] { return wakes != seen; });
        }
        return false;
    }
};

const lab_board::Run& run_of(int id) {
    const lab_board::Run* run = lab_board::find_run(id);
    EXPECT_NE(run, nullptr) << "run " << id;
    static const lab_board::Run none;
    return run ? *run : none;
}

RunState state_of(int id) { return lab_board::find_run(id) ? lab_board::find_run(id)->state : RunState::failed; }

// [SECTION] embedded data
TEST(LabDesktop, EmbeddedDataReads) {
    const std::string ref = lab_desktop::reference_runs_text();
    EXPECT_NE(ref.find("\"format\": \"pelab-lab-reference-runs/1\""), std::string::npos) << ref.substr(0, 120);
    for (const std::string& pe : lab_desktop::shipped_schemes()) {
        lab::Model<float> model;
        ASSERT_EQ(lab::read_packed_weights(lab_desktop::shipped_weights(pe), &model), "") << pe;
        EXPECT_EQ(lab::scheme_name(model.config.pe), pe);
    }
    EXPECT_EQ(lab_desktop::shipped_weights("t5"), "");

    Fixture f;
    lab_board::want_data();
    ASSERT_TRUE(f.pump([] { return lab_board::board().data_loaded || !lab_board::board().data_problem.empty(); }));
    EXPECT_EQ(lab_board::board().data_problem, "");
    EXPECT_GE(lab_board::board().reference.size(), 36u);
    EXPECT_EQ(lab_board::board().trainer, lab_board::Trainer::available);
}

// [SECTION] two runs on threads
TEST(LabDesktop, TwoRunsTrainOnThreadsWithTheCliArithmetic) {
    Fixture f;
    f.runner.max_parallel = 2;
    const int a = lab_board::start_run(std::string(kTiny) + " pe=alibi seed=0");
    const int b = lab_board::start_run(std::string(kTiny) + " pe=rope seed=1");
    const int bad = lab_board::start_run("pe=bogus");
    ASSERT_TRUE(f.pump([&] { return state_of(a) == RunState::done && state_of(b) == RunState::done; }));
    EXPECT_GT(f.wakes, 0);
    for (const int id : {a, b}) {
        const lab_board::Run& run = run_of(id);
        EXPECT_EQ(run.done, 30);
        EXPECT_EQ(run.total, 30);
        EXPECT_EQ(run.result.scores.n, (std::vector<int>{4, 8}));
        EXPECT_FALSE(run.loss.empty());
        EXPECT_EQ(run.loss.back().first, 30);
        EXPECT_GT(run.ms_per_step, 0.0);
    }
    EXPECT_EQ(state_of(bad), RunState::failed);
    EXPECT_NE(run_of(bad).message.find("bogus"), std::string::npos) << run_of(bad).message;

    // The same run in step here: the same scores and loss curve, number for number (padded arithmetic).
    ParamSet params;
    lab::TrainConfig config;
    ASSERT_EQ(lab::read_train_words(std::string(kTiny) + " pe=alibi seed=0", &params, &config), "");
    lab::Trainer trainer(config);
    while (!trainer.finished()) trainer.step();
    const lab::RunScores scores = lab::score_run(trainer);
    const lab_board::Run& run = run_of(a);
    ASSERT_EQ(scores.trained.size(), 2u);
    for (std::size_t i = 0; i < 2; ++i) {
        EXPECT_EQ(run.result.scores.exact[i], scores.trained[i].exact);
        EXPECT_EQ(run.result.scores.token[i], scores.trained[i].token);
    }
    ASSERT_EQ(run.loss.size(), trainer.loss_curve().size());
    for (std::size_t i = 0; i < run.loss.size(); ++i) EXPECT_EQ(run.loss[i].second, trainer.loss_curve()[i].second);
}

// [SECTION] pause, resume, cancel
TEST(LabDesktop, PauseResumeAndCancel) {
    Fixture f;
    f.runner.max_parallel = 1;
    const std::string long_run = "d=16 heads=2 layers=1 train_steps=20000 batch=8 test=4";
    const int a = lab_board::start_run(long_run + " pe=alibi");
    const int next = lab_board::start_run(long_run + " pe=nope");
    const int last = lab_board::start_run(long_run + " pe=rope");
    ASSERT_TRUE(f.pump([&] { return state_of(a) == RunState::training && run_of(a).done > 0; }));
    EXPECT_EQ(state_of(next), RunState::queued);  // one slot: the others wait
    EXPECT_EQ(state_of(last), RunState::queued);

    // A queued run cancelled never trains.
    lab_board::cancel(last);
    ASSERT_TRUE(f.pump([&] { return state_of(last) == RunState::cancelled; }));
    EXPECT_EQ(run_of(last).done, 0);

    // A paused run holds still and lets the queued one train meanwhile.
    lab_board::pause(a);
    ASSERT_TRUE(f.pump([&] { return state_of(a) == RunState::paused; }));
    ASSERT_TRUE(f.pump([&] { return state_of(next) == RunState::training && run_of(next).done > 0; }));
    const int held = run_of(a).done;
    f.pump([] { return false; }, 0.4);
    EXPECT_EQ(run_of(a).done, held) << "a paused run moved on";

    // A training run cancelled ends; the resumed run takes its slot again and moves on.
    lab_board::resume(a);
    lab_board::cancel(next);
    ASSERT_TRUE(f.pump([&] { return state_of(next) == RunState::cancelled; }));
    ASSERT_TRUE(f.pump([&] { return run_of(a).done > held; }));
    EXPECT_EQ(state_of(a), RunState::training);
    lab_board::cancel(a);
    ASSERT_TRUE(f.pump([&] { return state_of(a) == RunState::cancelled; }));
    EXPECT_FALSE(lab_board::any_run_active());
    ASSERT_TRUE(f.pump([&] { return !f.runner.busy(); }, 10.0));
}

TEST(LabDesktop, DestroyedWithRunsGoingJoinsThem) {
    const auto start = std::chrono::steady_clock::now();
    {
        Fixture f;
        lab_board::start_run("d=16 heads=2 layers=1 train_steps=20000 batch=8 test=4 pe=alibi");
        lab_board::start_run("d=16 heads=2 layers=1 train_steps=20000 batch=8 test=4 pe=rope");
        ASSERT_TRUE(f.pump([] { return lab_board::find_run(1) && lab_board::find_run(1)->done > 0; }));
    }
    EXPECT_LT(std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count(), 60.0);
}

// [SECTION] inspect, save, load
TEST(LabDesktop, InspectSaveAndLoad) {
    Fixture f;
    std::string saved_name, saved_bytes;
    f.runner.save_file = [&](const std::string& name, const std::string& bytes) {
        saved_name = name;
        saved_bytes = bytes;
    };
    std::string said;
    f.runner.notify = [&](const std::string& line) { said = line; };

    // A shipped model, on a sample longer than any trained.
    const std::string shipped = lab_board::inspection_key("shipped=alibi", "copy", 24, 0);
    EXPECT_EQ(lab_board::want_inspection(shipped), nullptr);
    ASSERT_TRUE(f.pump([&] { return lab_board::board().inspections.count(shipped) > 0; }));
    const lab_board::Inspection& in = lab_board::board().inspections.at(shipped);
    EXPECT_EQ(in.T, 48);
    EXPECT_EQ(in.n, 24);
    EXPECT_EQ(in.attention.size(), std::size_t(in.layers * in.heads));
    EXPECT_EQ(in.predicted.size(), 24u);

    // Names that have no model answer with a problem.
    for (const std::string& key : {lab_board::inspection_key("shipped=t5", "copy", 8, 0),
                                   lab_board::inspection_key("run=99", "copy", 8, 0),
                                   lab_board::inspection_key("shipped=rope", "copy", 8, 999)}) {
        lab_board::want_inspection(key);
        ASSERT_TRUE(f.pump([&] { return lab_board::board().inspection_problems.count(key) > 0; })) << key;
        EXPECT_FALSE(lab_board::board().inspection_problems.at(key).empty());
    }

    // A finished run: inspect, save.
    lab_board::save_weights(42);
    f.runner.frame();
    EXPECT_NE(said.find("run 42"), std::string::npos) << said;
    const int id = lab_board::start_run(std::string(kTiny) + " pe=rope task=reverse seed=3");
    ASSERT_TRUE(f.pump([&] { return state_of(id) == RunState::done; }));
    const std::string mine = lab_board::inspection_key("run=" + std::to_string(id), "reverse", 8, 1);
    lab_board::want_inspection(mine);
    ASSERT_TRUE(f.pump([&] { return lab_board::board().inspections.count(mine) > 0; }));
    EXPECT_EQ(lab_board::board().inspections.at(mine).T, 16);

    lab_board::save_weights(id);
    f.runner.frame();
    EXPECT_EQ(saved_name, "pelab-lab-rope-reverse-seed3.json");
    lab::Model<float> model;
    ASSERT_EQ(lab::read_weights(saved_bytes, &model), "");
    EXPECT_EQ(model.config.pe, lab::Scheme::rope);

    // The saved file dropped back: a loaded run of its own, scored at the default lengths on reverse (its name).
    const std::string path = ::testing::TempDir() + saved_name;
    std::FILE* file = std::fopen(path.c_str(), "wb");
    ASSERT_NE(file, nullptr);
    std::fwrite(saved_bytes.data(), 1, saved_bytes.size(), file);
    std::fclose(file);
    const std::size_t before = lab_board::board().runs.size();
    f.runner.drop_file(path);
    ASSERT_TRUE(f.pump([&] {
        const auto& runs = lab_board::board().runs;
        return runs.size() > before && runs.back().state == RunState::done;
    }));
    const lab_board::Run& loaded = lab_board::board().runs.back();
    EXPECT_TRUE(loaded.loaded);
    EXPECT_EQ(loaded.pe, "rope");
    EXPECT_EQ(loaded.task, "reverse");
    EXPECT_EQ(loaded.result.scores.n, (std::vector<int>{4, 8, 12, 16, 20, 24, 28, 32, 40, 48}));
    // Scored the same as the run itself at its lengths.
    EXPECT_EQ(loaded.result.scores.exact_at(8), run_of(id).result.scores.exact_at(8));

    // A load asked for first, then a file that is not weights: an error, as a failed loaded run.
    const int asked = lab_board::load_weights("");
    f.runner.frame();
    EXPECT_NE(said.find("drop"), std::string::npos) << said;
    const std::string junk = ::testing::TempDir() + "pelab-lab-junk.json";
    file = std::fopen(junk.c_str(), "wb");
    ASSERT_NE(file, nullptr);
    std::fputs("{\"format\": \"something else\"}", file);
    std::fclose(file);
    f.runner.drop_file(junk);
    ASSERT_TRUE(f.pump([&] { return lab_board::find_run(asked) != nullptr; }));
    EXPECT_EQ(state_of(asked), RunState::failed);
    EXPECT_NE(run_of(asked).message.find("format"), std::string::npos) << run_of(asked).message;
    std::remove(path.c_str());
    std::remove(junk.c_str());
}

// [SECTION] evaluations of a learner's run
// What the step's button asks: one evaluation per scaling of a finished rope run, answered on the threads with the
// scores core's evaluate() gives the model as trained (the CLI's arithmetic); a cancel answers cancelled.
TEST(LabDesktop, EvaluationsOfARunUnderItsScalings) {
    Fixture f;
    f.runner.max_parallel = 2;
    const int run = lab_board::start_run(std::string(kTiny) + " pe=rope seed=2");
    ASSERT_TRUE(f.pump([&] { return state_of(run) == RunState::done; }));
    const int ntk = lab_board::evaluate(run, "ntk", 2);
    const int none = lab_board::evaluate(run, "none", 1);
    ASSERT_GT(ntk, 0);
    ASSERT_TRUE(f.pump([&] {
        const lab_board::Evaluation* a = lab_board::find_evaluation(run, "ntk", 2);
        const lab_board::Evaluation* b = lab_board::find_evaluation(run, "none", 1);
        return a && b && a->state != lab_board::EvalState::queued && b->state != lab_board::EvalState::queued;
    }));
    const lab_board::Evaluation& e = *lab_board::find_evaluation(run, "ntk", 2);
    ASSERT_EQ(e.state, lab_board::EvalState::done) << e.message;
    EXPECT_EQ(lab_board::find_evaluation(run, "none", 1)->id, none);

    // The same model, trained here in step and scored under the same scaling: the same shares, number for number.
    ParamSet params;
    lab::TrainConfig config;
    ASSERT_EQ(lab::read_train_words(std::string(kTiny) + " pe=rope seed=2", &params, &config), "");
    lab::Trainer trainer(config);
    while (!trainer.finished()) trainer.step();
    const std::vector<int> lengths = lab::TrainConfig{}.test;
    const std::vector<lab::LengthScore> want = lab::evaluate(trainer.model_before_fine_tune(), lab::Task::copy, lengths,
                                                             lab::scaling_options(RopeScaling::ntk, 2.0, config.train_max));
    ASSERT_EQ(e.scores.n, lengths);
    for (std::size_t i = 0; i < want.size(); ++i) EXPECT_EQ(e.scores.exact[i], want[i].exact) << "n = " << lengths[i];

    // A cancel of an evaluation still waiting (taken in the same frame, right after it, long before its ten
    // lengths are scored): answered cancelled, and nothing after it.
    const int yarn = lab_board::evaluate(run, "yarn", 3);
    lab_board::cancel_evaluations();
    ASSERT_TRUE(f.pump([&] { return lab_board::find_evaluation(run, "yarn", 3)->state != lab_board::EvalState::queued; }));
    EXPECT_EQ(lab_board::find_evaluation(run, "yarn", 3)->id, yarn);
    EXPECT_EQ(lab_board::find_evaluation(run, "yarn", 3)->state, lab_board::EvalState::cancelled);
    ASSERT_TRUE(f.pump([&] { return !f.runner.busy(); }, 10.0));
}

}  // namespace pelab::lab_desktop_test
