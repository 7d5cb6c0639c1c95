// PE Lab — tests/lessons/length_lab_eval_test.cpp
// The evaluation of the learner's own RoPE model on the step remedies-at-test-time: the board asks for one
// evaluation per (run, scaling, factor) and keeps the handler's answers by that key (evaluated, error, cancelled;
// an answer crossing a cancel changes nothing); the step's button is disabled without a finished plain RoPE run
// and a note then names the step that trains one; pressing it asks for the five methods at the step's s; the
// learner's curves and note are the answers' numbers. The last suite runs core's request handler itself on a tiny
// run: the curves are the scores the handler computed.
//
// [SECTION] helpers
// [SECTION] the board keeps evaluations by run, scaling and factor
// [SECTION] the step's button, curves and notes
// [SECTION] through core's request handler
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <string>
#include <vector>

#include "core/io/json.h"
#include "core/lab/lab_report.h"
#include "core/lab/lab_requests.h"
#include "lessons/length_lab/lab_board.h"
#include "lessons/length_lab/length_lab.h"
#include "lessons/lesson.h"
#include "lessons/lesson_util.h"
#include "lab_reference_data.h"

// A namespace of its own: the lesson suites build as unity batches, where anonymous namespaces of two files meet.
namespace pelab::length_lab_eval_test {

namespace board = lab_board;

// [SECTION] helpers
const Lesson& lab_lesson() { return *find_lesson("length-lab"); }

const Step& remedies() {
    const Lesson& lesson = lab_lesson();
    return lesson.steps[static_cast<size_t>(step_number_of(lesson, "remedies-at-test-time") - 1)];
}

ParamSet params_with(const KeyValues& kv = {}) {
    ParamSet p = defaults(lab_lesson().params);
    EXPECT_TRUE(parse_params(lab_lesson().params, kv, &p).empty());
    return p;
}

// A finished plain RoPE run on copy (as the worker's "done" reports it), or with interpolation.
int finished_rope_run(const std::string& extra_config = "") {
    const int id = board::start_run("task=copy pe=rope seed=4 train_steps=10");
    EXPECT_EQ(board::receive("{\"type\":\"done\",\"id\":" + std::to_string(id) +
                             ",\"result\":{\"config\":{\"task\":\"copy\",\"pe\":\"rope\",\"seed\":4,\"train_max\":16" +
                             extra_config + "},\"loss\":[[1,2]],\"exact\":{\"4\":1},\"token\":{\"4\":1},\"seconds\":1},"
                             "\"seconds\":1,\"ms_per_step\":5}"),
              "");
    return id;
}

// The handler's answer to an evaluation: lab eval's object with these exact shares at the reference lengths.
std::string evaluated(int id, const std::vector<double>& exact) {
    const std::vector<int> lengths = {4, 8, 12, 16, 20, 24, 28, 32, 40, 48};
    std::string e, t;
    for (size_t i = 0; i < lengths.size() && i < exact.size(); ++i) {
        e += (e.empty() ? "\"" : ",\"") + std::to_string(lengths[i]) + "\":" + number_text(exact[i]);
        t += (t.empty() ? "\"" : ",\"") + std::to_string(lengths[i]) + "\":1";
    }
    return "{\"type\":\"evaluated\",\"id\":" + std::to_string(id) + ",\"result\":{\"config\":{\"pe\":\"rope\",\"task\":\"copy\"}," +
           "\"exact\":{" + e + "},\"token\":{" + t + "},\"seconds\":0.5}}";
}

const StepAction& action(const char* english) {
    for (const StepAction& a : remedies().actions)
        if (std::string(a.label.en) == english) return a;
    ADD_FAILURE() << "no button " << english;
    static const StepAction none{};
    return none;
}

bool enabled(const StepAction& a, const ParamSet& p) { return !a.enabled || a.enabled(p); }

std::vector<std::string> notes_of(const ParamSet& p, Lang lang) {
    const std::vector<ViewData> views = remedies().views(p, lang);
    return views.empty() ? std::vector<std::string>{} : views[0].notes;
}

bool any_note_has(const std::vector<std::string>& notes, const std::string& part) {
    return std::any_of(notes.begin(), notes.end(), [&](const std::string& n) { return n.find(part) != std::string::npos; });
}

// The series labelled `label` (index past the end when none).
size_t series_named(const CurveView& c, const std::string& label) {
    return static_cast<size_t>(std::find(c.series_labels.begin(), c.series_labels.end(), label) - c.series_labels.begin());
}

class LearnerEvaluation : public ::testing::Test {
protected:
    void SetUp() override {
        board::reset();
        load_lab_reference_runs_for_tests();
    }
    void TearDown() override {
        board::reset();
        load_lab_reference_runs_for_tests();
    }
};

// [SECTION] the board keeps evaluations by run, scaling and factor
TEST_F(LearnerEvaluation, TheBoardAsksOncePerKeyAndKeepsTheAnswers) {
    EXPECT_EQ(board::evaluate(42, "ntk", 2), 0) << "no such run: nothing asked";
    const int run = finished_rope_run();
    board::take_requests();
    const int ntk = board::evaluate(run, "ntk", 2);
    ASSERT_GT(ntk, 0);
    EXPECT_EQ(board::evaluate(run, "ntk", 2), ntk) << "queued: not asked again";
    const int ntk3 = board::evaluate(run, "ntk", 3);
    const int none = board::evaluate(run, "none", 3);
    EXPECT_EQ(board::evaluate(run, "none", 2), none) << "none reads no factor";
    const std::vector<board::Request> asked = board::take_requests();
    ASSERT_EQ(asked.size(), 3u);
    EXPECT_EQ(asked[0].kind, board::Request::Kind::evaluate);
    EXPECT_EQ(asked[0].id, ntk);
    EXPECT_EQ(asked[0].model, "run=" + std::to_string(run));
    EXPECT_EQ(lab::word_value(asked[0].words, "task"), "copy");
    EXPECT_EQ(lab::word_value(asked[0].words, "scaling"), "ntk");
    EXPECT_EQ(lab::word_value(asked[0].words, "factor"), "2");
    EXPECT_EQ(lab::word_value(asked[0].words, "train_max"), "16");
    EXPECT_EQ(lab::word_value(asked[1].words, "factor"), "3");
    EXPECT_EQ(lab::word_value(asked[2].words, "factor"), "") << "none is asked without a factor";
    // The words are what core's handler reads for an evaluation.
    lab::TrainConfig config;
    lab::ModelConfig rope;
    rope.pe = lab::Scheme::rope;
    for (const board::Request& r : asked) EXPECT_EQ(lab::read_eval_words(r.words, rope, &config), "") << r.words;

    EXPECT_EQ(board::receive("{\"type\":\"queued\",\"id\":" + std::to_string(ntk) + ",\"total\":10}"), "");
    EXPECT_EQ(board::receive(evaluated(ntk, {1, 1, 1, 0.9, 0.25})), "");
    const board::Evaluation* e = board::find_evaluation(run, "ntk", 2);
    ASSERT_NE(e, nullptr);
    EXPECT_EQ(e->state, board::EvalState::done);
    EXPECT_DOUBLE_EQ(e->scores.exact_at(20), 0.25);
    EXPECT_DOUBLE_EQ(e->seconds, 0.5);
    // A cancel that crossed the answer is refused by the handler ("no queued run"): the result stands.
    EXPECT_EQ(board::receive("{\"type\":\"error\",\"id\":" + std::to_string(ntk) + ",\"message\":\"no queued run with id 2\"}"), "");
    EXPECT_EQ(board::find_evaluation(run, "ntk", 2)->state, board::EvalState::done);
    EXPECT_EQ(board::evaluate(run, "ntk", 2), ntk) << "done: not asked again";

    EXPECT_EQ(board::receive("{\"type\":\"error\",\"id\":" + std::to_string(ntk3) + ",\"message\":\"factor: 99 is out of range\"}"), "");
    EXPECT_EQ(board::find_evaluation(run, "ntk", 3)->state, board::EvalState::failed);
    EXPECT_EQ(board::find_evaluation(run, "ntk", 3)->message, "factor: 99 is out of range");
    EXPECT_TRUE(board::any_evaluation_active()) << "none is still queued";
    board::cancel_evaluations();
    const std::vector<board::Request> cancels = board::take_requests();
    ASSERT_EQ(cancels.size(), 1u) << "only the evaluation still waiting is cancelled, by its id";
    EXPECT_EQ(cancels[0].kind, board::Request::Kind::cancel);
    EXPECT_EQ(cancels[0].id, none);
    EXPECT_EQ(board::receive("{\"type\":\"cancelled\",\"id\":" + std::to_string(none) + "}"), "");
    EXPECT_EQ(board::find_evaluation(run, "none", 1)->state, board::EvalState::cancelled);
    EXPECT_FALSE(board::any_evaluation_active());
    // A failed or cancelled one is asked again under a new id; an answer's malformed result is refused whole.
    const int again = board::evaluate(run, "none", 2);
    EXPECT_NE(again, none);
    EXPECT_NE(board::receive("{\"type\":\"evaluated\",\"id\":" + std::to_string(again) + ",\"result\":{\"exact\":{}}}"), "");
    EXPECT_EQ(board::find_evaluation(run, "none", 1)->state, board::EvalState::queued);
    // The evaluations never become runs of the learner.
    EXPECT_EQ(board::board().runs.size(), 1u);
}

// [SECTION] the step's button, curves and notes
TEST_F(LearnerEvaluation, WithoutARopeRunTheButtonIsDisabledAndANoteSaysWhereToTrain) {
    const ParamSet p = params_with();
    EXPECT_FALSE(enabled(action("Evaluate my model"), p));
    EXPECT_FALSE(enabled(action("Cancel evaluation"), p));
    // The link's words, as the notes show them (inside-a-model's note says it the same way).
    EXPECT_TRUE(any_note_has(notes_of(p, Lang::en), "train one on the step Train it"));
    EXPECT_TRUE(any_note_has(notes_of(p, Lang::zh), "先在 训练 那一步训练一个"));
    // An interpolation run's model reads divided positions: it is not the one evaluated.
    finished_rope_run(",\"pi\":2,\"finetune_steps\":200");
    EXPECT_FALSE(enabled(action("Evaluate my model"), p));
    // The reference curves alone: five methods, no curve of the learner's.
    const CurveView c = remedies().views(p, Lang::en)[0].curve();
    for (const std::string& label : c.series_labels) EXPECT_EQ(label.find("yours"), std::string::npos) << label;
}

TEST_F(LearnerEvaluation, TheButtonAsksFiveMethodsAndTheCurvesAreTheAnswers) {
    const int run = finished_rope_run();
    const ParamSet p = params_with({{"factor", "3"}});
    const StepAction& evaluate = action("Evaluate my model");
    ASSERT_TRUE(enabled(evaluate, p));
    EXPECT_TRUE(any_note_has(notes_of(p, Lang::en), "is ready"));
    board::take_requests();
    evaluate.press(p);
    const std::vector<board::Request> asked = board::take_requests();
    ASSERT_EQ(asked.size(), 5u);
    std::vector<std::string> scalings;
    for (const board::Request& r : asked) {
        EXPECT_EQ(r.kind, board::Request::Kind::evaluate);
        EXPECT_EQ(r.model, "run=" + std::to_string(run));
        scalings.push_back(lab::word_value(r.words, "scaling"));
        if (scalings.back() != "none") EXPECT_EQ(lab::word_value(r.words, "factor"), "3") << r.words;
    }
    EXPECT_EQ(scalings, (std::vector<std::string>{"none", "linear", "ntk", "dynamic", "yarn"}));
    EXPECT_FALSE(enabled(evaluate, p)) << "every method is on its way";
    EXPECT_TRUE(enabled(action("Cancel evaluation"), p));
    EXPECT_TRUE(any_note_has(notes_of(p, Lang::en), "0 of 5 methods scored"));
    // At another s the same model has not been evaluated.
    EXPECT_TRUE(enabled(evaluate, params_with({{"factor", "2"}})));

    // Two answers: the curves drawn are their numbers, dashed, over the reference means.
    ASSERT_EQ(board::receive(evaluated(asked[0].id, {1, 1, 1, 1, 0.03125, 0, 0, 0, 0, 0})), "");
    ASSERT_EQ(board::receive(evaluated(asked[2].id, {1, 1, 1, 0.875, 0.4375, 0.125, 0, 0, 0, 0})), "");
    ASSERT_EQ(board::receive("{\"type\":\"error\",\"id\":" + std::to_string(asked[3].id) +
                             ",\"message\":\"scaling: dynamic needs heads at least 4 wide\"}"),
              "");
    const CurveView c = remedies().views(p, Lang::en)[0].curve();
    const size_t ntk = series_named(c, "yours: NTK"), none = series_named(c, "yours: as trained");
    ASSERT_LT(ntk, c.series.size());
    ASSERT_LT(none, c.series.size());
    EXPECT_EQ(series_named(c, "yours: dynamic"), c.series.size()) << "a failed method draws no curve";
    EXPECT_TRUE(c.series_dashed.at(ntk));
    const size_t at20 = static_cast<size_t>(std::find(c.x.begin(), c.x.end(), 20.0) - c.x.begin());
    const size_t at16 = static_cast<size_t>(std::find(c.x.begin(), c.x.end(), 16.0) - c.x.begin());
    EXPECT_DOUBLE_EQ(c.series[ntk][at20], 0.4375);
    EXPECT_DOUBLE_EQ(c.series[ntk][at16], 0.875);
    EXPECT_DOUBLE_EQ(c.series[none][at20], 0.03125);

    // The notes while some are on their way: how many are scored, the failure in the handler's words.
    const std::vector<std::string> notes = notes_of(p, Lang::en);
    EXPECT_TRUE(any_note_has(notes, "2 of 5 methods scored"));
    EXPECT_TRUE(any_note_has(notes, "dynamic: scaling: dynamic needs heads at least 4 wide"));
    EXPECT_FALSE(any_note_has(notes, "Past training it does best")) << "the summary waits for the rest";

    // Cancel: the methods still waiting, by their ids; the button may ask again afterwards.
    action("Cancel evaluation").press(p);
    std::vector<int> cancelled;
    for (const board::Request& r : board::take_requests()) {
        EXPECT_EQ(r.kind, board::Request::Kind::cancel);
        cancelled.push_back(r.id);
        board::receive("{\"type\":\"cancelled\",\"id\":" + std::to_string(r.id) + "}");
    }
    EXPECT_EQ(cancelled, (std::vector<int>{asked[1].id, asked[4].id}));
    EXPECT_FALSE(enabled(action("Cancel evaluation"), p));
    // Nothing on its way: what the two curves show, read from them, against the reference means.
    const std::vector<std::string> summary = notes_of(p, Lang::en);
    EXPECT_TRUE(any_note_has(summary, "n = 16 → 20: as trained 1 → 0.031, NTK 0.88 → 0.44."));
    EXPECT_TRUE(any_note_has(summary, "Past training it does best with NTK 0.44; the reference means (3 runs, none trained further) with"));
    const auto reference = [](const char* m) {
        return length_lab::exact_spread(board::scaled_runs("copy", m, 3), length_lab::kFirstBeyond).mean;
    };
    const double best_reference = std::max({reference("linear"), reference("ntk"), reference("dynamic"), reference("yarn")});
    EXPECT_TRUE(any_note_has(summary, lessonui::num(best_reference, 2) + ".")) << "the reference's best share at n = 20";
    for (const std::string& n : notes_of(p, Lang::zh)) EXPECT_EQ(n.find("Your model"), std::string::npos) << n;
    EXPECT_TRUE(any_note_has(notes_of(p, Lang::zh), "训练之外它最好的是 NTK 0.44"));
    EXPECT_TRUE(enabled(evaluate, p));
    evaluate.press(p);
    EXPECT_EQ(board::take_requests().size(), 3u) << "the cancelled and the failed methods, not the two done";
}

TEST_F(LearnerEvaluation, WhereNothingCanTrainTheButtonIsDisabled) {
    finished_rope_run();
    ASSERT_EQ(board::receive("{\"type\":\"trainer\",\"available\":false,\"message\":\"no worker here\"}"), "");
    EXPECT_FALSE(enabled(action("Evaluate my model"), params_with()));
    EXPECT_TRUE(any_note_has(notes_of(params_with(), Lang::en), "no worker here"));
}

// [SECTION] through core's request handler
// A tiny RoPE run trained by the handler, then the button's five evaluations answered by it: the step's curves are
// the handler's scores, which are core's evaluate() of the model as trained.
TEST_F(LearnerEvaluation, TheHandlersAnswersDrawTheLearnersCurves) {
#ifdef __EMSCRIPTEN__
    // The same C++ is checked natively in about a second; under node (-Oz, no SIMD) the five evaluations take
    // about 45 s, as the battery's ranges would (tests/lessons/CMakeLists.txt runs those natively only too).
    GTEST_SKIP() << "checked natively";
#endif
    std::vector<std::string> events;
    lab::RequestHandler handler([&](const std::string& e) { events.push_back(e); }, /*skip_padding=*/false);
    const auto deliver = [&] {
        for (const std::string& e : events) EXPECT_EQ(board::receive(e), "") << e.substr(0, 200);
        events.clear();
    };
    const auto carry = [&] {
        for (const board::Request& r : board::take_requests()) {
            if (r.kind == board::Request::Kind::train)
                handler.handle("{\"cmd\":\"train\",\"id\":" + std::to_string(r.id) + ",\"params\":\"" + r.words + "\"}");
            else if (r.kind == board::Request::Kind::evaluate)
                handler.handle("{\"cmd\":\"eval\",\"id\":" + std::to_string(r.id) + ",\"model\":\"" + r.model +
                               "\",\"params\":\"" + r.words + "\"}");
        }
        while (handler.work(50)) deliver();
        deliver();
    };
    const int run = board::start_run("task=copy pe=rope d=16 heads=2 layers=1 train_steps=20 batch=8 test=4,8 seed=3");
    carry();
    ASSERT_EQ(board::find_run(run)->state, board::RunState::done);
    const ParamSet p = params_with({{"factor", "2"}});
    action("Evaluate my model").press(p);
    carry();
    const CurveView c = remedies().views(p, Lang::en)[0].curve();
    int drawn = 0;
    for (const char* method : {"as trained", "PI", "NTK", "dynamic", "YaRN"}) {
        const size_t s = series_named(c, std::string("yours: ") + method);
        ASSERT_LT(s, c.series.size()) << method;
        ++drawn;
    }
    EXPECT_EQ(drawn, 5);
    // NTK at n = 20 is the handler's score, which is the share core's evaluate() gives (recomputed from the answer).
    const board::Evaluation* ntk = board::find_evaluation(run, "ntk", 2);
    ASSERT_NE(ntk, nullptr);
    ASSERT_EQ(ntk->state, board::EvalState::done);
    const size_t at20 = static_cast<size_t>(std::find(c.x.begin(), c.x.end(), 20.0) - c.x.begin());
    EXPECT_DOUBLE_EQ(c.series[series_named(c, "yours: NTK")][at20], ntk->scores.exact_at(20));
    EXPECT_EQ(ntk->scores.n, (std::vector<int>{4, 8, 12, 16, 20, 24, 28, 32, 40, 48})) << "lab eval's test lengths";
    // The summary names the best method past training only when some method copies a sample there.
    double best = 0;
    for (const char* m : {"none", "linear", "ntk", "dynamic", "yarn"})
        best = std::max(best, board::find_evaluation(run, m, 2)->scores.exact_at(length_lab::kFirstBeyond));
    EXPECT_TRUE(any_note_has(notes_of(p, Lang::en), best > 0 ? "Past training it does best with"
                                                              : "Past training no method gets a single sample right"))
        << best;
    EXPECT_FALSE(board::any_evaluation_active());
}

}  // namespace pelab::length_lab_eval_test
