// PE Lab — tests/lessons/length_lab_lesson_test.cpp
// Lesson "length-lab" and the lab's board: the messages the platform sends (the worker's format) move
// runs through their states and are refused whole when malformed; the reference runs file is read; the steps
// show the reference numbers as the file holds them and the learner's runs as they arrive; building the views
// never asks for training (the battery must not train); the question's answer agrees with the data.
//
// [SECTION] the board's messages
// [SECTION] the reference runs in the steps
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <string>

#include "core/lab/lab_report.h"
#include "core/rope/rope_scaling.h"
#include "lessons/length_lab/lab_board.h"
#include "lessons/length_lab/length_lab.h"
#include "lessons/lesson.h"
#include "lessons/lesson_util.h"
#include "lab_reference_data.h"
#include "lesson_views.h"

namespace pelab {
namespace {

namespace board = lab_board;

// The reference runs are on the board before any suite of this binary runs: the battery builds length-lab's
// steps with them, as the page shows them once they have loaded.
class LabReferenceRuns : public ::testing::Environment {
public:
    void SetUp() override { load_lab_reference_runs_for_tests(); }
};
[[maybe_unused]] ::testing::Environment* const kLabReferenceRuns = ::testing::AddGlobalTestEnvironment(new LabReferenceRuns);

const Lesson& lab_lesson() { return *find_lesson("length-lab"); }

const Step& step_named(const char* id) {
    const Lesson& lesson = lab_lesson();
    return lesson.steps[static_cast<size_t>(step_number_of(lesson, id) - 1)];
}

ParamSet defaults_with(const KeyValues& kv = {}) {
    ParamSet p = defaults(lab_lesson().params);
    EXPECT_TRUE(parse_params(lab_lesson().params, kv, &p).empty());
    return p;
}

// [SECTION] the board's messages
// Each board test starts from an empty board and leaves the reference runs loaded for the suites after it.
class LabBoard : public ::testing::Test {
protected:
    void SetUp() override { board::reset(); }
    void TearDown() override { board::reset(); load_lab_reference_runs_for_tests(); }
};

TEST_F(LabBoard, MessagesMoveARunThroughItsStates) {
    board::reset();
    const int id = board::start_run("task=copy pe=rope seed=3 train_steps=100");
    const std::vector<board::Request> asked = board::take_requests();
    ASSERT_EQ(asked.size(), 1u);
    EXPECT_EQ(asked[0].kind, board::Request::Kind::train);
    EXPECT_EQ(asked[0].id, id);
    EXPECT_TRUE(board::take_requests().empty());
    const board::Run* run = board::find_run(id);
    ASSERT_NE(run, nullptr);
    EXPECT_EQ(run->pe, "rope");
    EXPECT_EQ(run->task, "copy");
    EXPECT_EQ(run->state, board::RunState::queued);

    const auto revision = board::board().revision;
    EXPECT_EQ(board::receive("{\"type\":\"queued\",\"id\":" + std::to_string(id) + ",\"total\":100}"), "");
    EXPECT_GT(board::board().revision, revision);
    EXPECT_EQ(board::receive("{\"type\":\"progress\",\"id\":" + std::to_string(id) +
                             ",\"done\":50,\"total\":100,\"loss\":[[1,2.5],[50,1.25]],\"finetune\":[]}"),
              "");
    EXPECT_EQ(run->state, board::RunState::training);
    EXPECT_EQ(run->done, 50);
    ASSERT_EQ(run->loss.size(), 2u);
    EXPECT_EQ(run->loss[1], std::make_pair(50, 1.25));
    EXPECT_TRUE(board::any_run_active());

    EXPECT_EQ(board::receive("{\"type\":\"paused\",\"id\":" + std::to_string(id) + "}"), "");
    EXPECT_EQ(run->state, board::RunState::paused);
    EXPECT_EQ(board::receive("{\"type\":\"resumed\",\"id\":" + std::to_string(id) + "}"), "");
    EXPECT_EQ(run->state, board::RunState::training);

    EXPECT_EQ(board::receive("{\"type\":\"done\",\"id\":" + std::to_string(id) +
                             ",\"result\":{\"config\":{\"task\":\"copy\",\"pe\":\"rope\",\"seed\":3,\"test\":[4,20]},"
                             "\"loss\":[[1,2.5],[50,1.25],[100,0.5]],\"exact\":{\"4\":1,\"20\":null},"
                             "\"token\":{\"4\":1,\"20\":0.25},\"seconds\":2},\"seconds\":2.5,\"ms_per_step\":20}"),
              "");
    EXPECT_EQ(run->state, board::RunState::done);
    EXPECT_EQ(run->done, 100);
    EXPECT_EQ(run->loss.size(), 3u);
    EXPECT_EQ(run->result.scores.exact_at(4), 1.0);
    EXPECT_TRUE(std::isnan(run->result.scores.exact_at(20)));  // null: a length it could not run
    EXPECT_EQ(run->result.scores.token_at(20), 0.25);
    EXPECT_TRUE(std::isnan(run->result.scores.exact_at(8)));   // not scored
    EXPECT_EQ(run->result.config.at("seed"), "3");
    EXPECT_EQ(run->result.config.at("test"), "4,20");
    EXPECT_EQ(board::latest_done_run("rope", "copy"), run);
    EXPECT_EQ(board::latest_done_run("rope", "reverse"), nullptr);
    EXPECT_FALSE(board::any_run_active());
}

TEST_F(LabBoard, AMalformedMessageIsRefusedWholeAndSaysWhy) {
    const int id = board::start_run("task=copy pe=alibi seed=0 train_steps=10");
    board::take_requests();
    const auto revision = board::board().revision;
    EXPECT_NE(board::receive("not json"), "");
    EXPECT_NE(board::receive("{\"id\":1}"), "");                        // no type
    EXPECT_NE(board::receive("{\"type\":\"progress\"}"), "");           // no id
    EXPECT_NE(board::receive("{\"type\":\"progress\",\"id\":99}"), ""); // no such run
    EXPECT_NE(board::receive("{\"type\":\"warp\",\"id\":" + std::to_string(id) + "}"), "");
    EXPECT_NE(board::receive("{\"type\":\"done\",\"id\":" + std::to_string(id) + ",\"result\":{\"exact\":{}}}"), "");
    EXPECT_NE(board::receive("{\"type\":\"attention\",\"key\":\"k\",\"inspection\":{\"T\":2}}"), "");
    EXPECT_EQ(board::board().revision, revision);
    EXPECT_EQ(board::find_run(id)->state, board::RunState::queued);
    EXPECT_EQ(board::receive("{\"type\":\"error\",\"id\":" + std::to_string(id) + ",\"message\":\"d: 7 is out of range 16..128\"}"), "");
    EXPECT_EQ(board::find_run(id)->state, board::RunState::failed);
    EXPECT_EQ(board::find_run(id)->message, "d: 7 is out of range 16..128");
}

TEST_F(LabBoard, AnInspectionIsAskedForOnceAndKeptByItsKey) {
    const std::string key = board::inspection_key("shipped=alibi", "copy", 2, 0);
    EXPECT_EQ(key, "shipped=alibi task=copy n=2 sample=0");
    EXPECT_EQ(board::want_inspection(key), nullptr);
    EXPECT_EQ(board::want_inspection(key), nullptr);
    const std::vector<board::Request> asked = board::take_requests();
    ASSERT_EQ(asked.size(), 1u);
    EXPECT_EQ(asked[0].kind, board::Request::Kind::inspect);
    EXPECT_EQ(asked[0].words, key);
    EXPECT_EQ(board::receive("{\"type\":\"attention\",\"key\":\"" + key +
                             "\",\"inspection\":{\"task\":\"copy\",\"n\":2,\"sample\":0,\"layers\":1,\"heads\":1,\"T\":4,"
                             "\"tokens\":[3,4,10,3],\"expected\":[3,4],\"predicted\":[3,5],"
                             "\"attention\":[[1,0,0,0,0.5,0.5,0,0,0.25,0.25,0.5,0,0.25,0.25,0.25,0.25]]}}"),
              "");
    const board::Inspection* look = board::want_inspection(key);
    ASSERT_NE(look, nullptr);
    EXPECT_EQ(look->T, 4);
    EXPECT_EQ(look->predicted[1], 5);
    EXPECT_EQ(look->attention[0][4], 0.5);
    EXPECT_TRUE(board::take_requests().empty());
}

TEST_F(LabBoard, ALoadedFileBecomesAFinishedRun) {
    const int id = board::load_weights("task=reverse");
    const std::vector<board::Request> asked = board::take_requests();
    ASSERT_EQ(asked.size(), 1u);
    EXPECT_EQ(asked[0].kind, board::Request::Kind::load_weights);
    EXPECT_EQ(asked[0].words, "task=reverse");
    EXPECT_EQ(board::receive("{\"type\":\"loaded\",\"id\":" + std::to_string(id) +
                             ",\"name\":\"a.json\",\"result\":{\"config\":{\"pe\":\"t5\",\"d\":48,\"task\":\"reverse\","
                             "\"test\":[4],\"pi\":1},\"exact\":{\"4\":0.5},\"token\":{\"4\":0.75},\"seconds\":1}}"),
              "");
    const board::Run* run = board::find_run(id);
    ASSERT_NE(run, nullptr);
    EXPECT_TRUE(run->loaded);
    EXPECT_EQ(run->pe, "t5");
    EXPECT_EQ(board::latest_done_run("t5", "reverse"), run);
    // A file the reader refused: a failed run that says why.
    const int bad = board::load_weights("task=copy");
    EXPECT_EQ(board::receive("{\"type\":\"error\",\"id\":" + std::to_string(bad) +
                             ",\"message\":\"tensor \\\"emb.weight\\\": shape [12], expected [12, 48]\"}"),
              "");
    ASSERT_NE(board::find_run(bad), nullptr);
    EXPECT_EQ(board::find_run(bad)->state, board::RunState::failed);
}

// [SECTION] the reference runs in the steps
class LengthLabWithData : public ::testing::Test {
protected:
    void SetUp() override { board::reset(); load_lab_reference_runs_for_tests(); }
    void TearDown() override { board::reset(); load_lab_reference_runs_for_tests(); }
};

TEST_F(LengthLabWithData, TheFileHoldsSixSchemesTwoTasksThreeSeeds) {
    for (const char* task : {"copy", "reverse"})
        for (const std::string& pe : length_lab::schemes()) EXPECT_EQ(length_lab::reference_runs(task, pe).size(), 3u) << task << " " << pe;
    EXPECT_EQ(length_lab::reference_lengths(), (std::vector<int>{4, 8, 12, 16, 20, 24, 28, 32, 40, 48}));
}

TEST_F(LengthLabWithData, AccuracyCurvesAreTheSeedMeansOfTheFile) {
    const std::vector<ViewData> views = step_named("accuracy-by-length").views(defaults_with({{"pe", "alibi"}}), Lang::en);
    ASSERT_EQ(views.size(), 1u);
    const CurveView& c = views[0].curve();
    // ALiBi's mean at n = 20, recomputed from the runs as read.
    double sum = 0;
    for (const board::ReferenceRun* run : length_lab::reference_runs("copy", "alibi")) sum += run->result.scores.exact_at(20);
    size_t alibi = c.series_labels.size();
    for (size_t s = 0; s < c.series_labels.size(); ++s)
        if (c.series_labels[s] == "ALiBi") alibi = s;
    ASSERT_LT(alibi, c.series.size());
    const size_t at20 = static_cast<size_t>(std::find(c.x.begin(), c.x.end(), 20.0) - c.x.begin());
    EXPECT_DOUBLE_EQ(c.series[alibi][at20], sum / 3);
    // Six means and the chosen scheme's two bounds, before the learner has trained anything.
    EXPECT_EQ(c.series.size(), 8u);
}

TEST_F(LengthLabWithData, ALearnersRunIsAddedWhenItFinishes) {
    const ParamSet p = defaults_with();
    const size_t before = step_named("accuracy-by-length").views(p, Lang::en)[0].curve().series.size();
    const int id = board::start_run("task=copy pe=nope seed=5 train_steps=10");
    board::receive("{\"type\":\"done\",\"id\":" + std::to_string(id) +
                   ",\"result\":{\"config\":{\"task\":\"copy\",\"pe\":\"nope\",\"seed\":5},\"loss\":[[1,2]],"
                   "\"exact\":{\"4\":0.5,\"20\":0},\"token\":{\"4\":0.75,\"20\":0.1},\"seconds\":1},\"seconds\":1,\"ms_per_step\":5}");
    const CurveView c = step_named("accuracy-by-length").views(p, Lang::en)[0].curve();
    ASSERT_EQ(c.series.size(), before + 1);
    EXPECT_EQ(c.series.back()[0], 0.5);       // n = 4
    EXPECT_TRUE(std::isnan(c.series.back()[1]));  // n = 8: not scored by this run
}

// An interpolation run's model reads positions divided by pi: inside-a-model looks at the latest run trained
// without it, even when the interpolation run finished later.
TEST_F(LengthLabWithData, InsideAModelLooksAtAPlainRunNotAnInterpolationOne) {
    const auto finish = [](int id, const std::string& extra_config) {
        return board::receive("{\"type\":\"done\",\"id\":" + std::to_string(id) +
                              ",\"result\":{\"config\":{\"task\":\"copy\",\"pe\":\"rope\",\"seed\":1" + extra_config +
                              "},\"loss\":[[1,2]],\"exact\":{\"4\":1},\"token\":{\"4\":1},\"seconds\":1},"
                              "\"seconds\":1,\"ms_per_step\":5}");
    };
    const int plain = board::start_run("task=copy pe=rope seed=1 train_steps=10");
    const int interpolated = board::start_run("task=copy pe=rope seed=1 train_steps=10 pi=2 finetune_steps=200");
    ASSERT_EQ(finish(plain, ""), "");
    ASSERT_EQ(finish(interpolated, ",\"pi\":2,\"finetune_steps\":200"), "");
    EXPECT_EQ(board::latest_done_run("rope", "copy"), board::find_run(interpolated));
    EXPECT_EQ(board::latest_plain_run("rope", "copy"), board::find_run(plain));
    EXPECT_TRUE(board::interpolation_run(board::find_run(interpolated)->result));
    EXPECT_FALSE(board::interpolation_run(board::find_run(plain)->result));

    board::take_requests();
    step_named("inside-a-model").views(defaults_with({{"pe", "rope"}}), Lang::en);
    int looks = 0;
    for (const board::Request& r : board::take_requests()) {
        if (r.kind != board::Request::Kind::inspect) continue;
        ++looks;
        EXPECT_EQ(lab::word_value(r.words, "run"), std::to_string(plain)) << r.words;
    }
    EXPECT_EQ(looks, 1);
}

TEST_F(LengthLabWithData, ALiBiCopiesBestPastTrainingAsTheQuestionSays) {
    std::string best;
    double best_mean = -1;
    for (const std::string& pe : length_lab::schemes()) {
        const length_lab::Spread s = length_lab::exact_spread(length_lab::reference_runs("copy", pe), length_lab::kFirstBeyond);
        if (s.mean > best_mean) best_mean = s.mean, best = pe;
    }
    EXPECT_EQ(best, "alibi");
    const Question& q = step_named("accuracy-by-length").questions.at(0);
    EXPECT_STREQ(q.choices.at(static_cast<size_t>(q.answer)).en, "ALiBi");  // const char*: compare the text
}

// The remedies' equations name θⱼ, b, d_h and γⱼ; a note says what each is, from the lab's model and core's YaRN
// defaults (the ramp's ends in turns within the original length), in both languages.
TEST_F(LengthLabWithData, TheRemediesSymbolsAreSaidWithTheLabsNumbers) {
    const lab::ModelConfig model;
    const RopeScalingParams yarn;
    const std::string positions = std::to_string(2 * length_lab::kTrainMax);
    const auto en = step_named("remedies-at-test-time").views(defaults_with({}), Lang::en);
    EXPECT_TRUE(pelab_test::any_note_contains(en, "b = " + grouped_integer(std::llround(model.rope_base)) +
                                                      ": the base; d_h = " + std::to_string(model.d / model.heads) +
                                                      ": a head's width"))
        << pelab_test::all_notes(en);
    EXPECT_TRUE(pelab_test::any_note_contains(en, "γⱼ: 0 below " + lessonui::num(yarn.beta_slow) + " turn in " + positions +
                                                      " positions (÷ s), 1 above " + lessonui::num(yarn.beta_fast) +
                                                      " turns (kept)."))
        << pelab_test::all_notes(en);
    const auto zh = step_named("remedies-at-test-time").views(defaults_with({}), Lang::zh);
    EXPECT_TRUE(pelab_test::any_note_contains(zh, "d_h = " + std::to_string(model.d / model.heads) + "：头宽"))
        << pelab_test::all_notes(zh);
}

TEST_F(LengthLabWithData, BuildingEveryStepNeverAsksToTrain) {
    board::take_requests();
    for (const Step& step : lab_lesson().steps)
        for (Lang lang : {Lang::en, Lang::zh}) step.views(defaults_with(), lang);
    for (const board::Request& r : board::take_requests()) {
        EXPECT_NE(r.kind, board::Request::Kind::train);
        EXPECT_NE(r.kind, board::Request::Kind::load_weights);
    }
    EXPECT_TRUE(board::board().runs.empty());
}

// The set-up's facts: the prose fills them from the constants (Step::body_args); the equations are typeset at build
// time, so the numbers they hold are checked here against the same constants.
TEST(LengthLabSetUp, TheProseAndTheEquationsSayTheRunsSetUp) {
    const lab::TrainConfig run;
    const std::string train_max = std::to_string(run.train_max);
    const std::string experiment = step_body(step_named("the-experiment"), Lang::en);
    EXPECT_NE(experiment.find("at most " + train_max + " digits"), std::string::npos) << experiment;
    EXPECT_NE(experiment.find("d = " + std::to_string(run.model.d) + ", " + std::to_string(run.model.heads) + " heads"),
              std::string::npos) << experiment;
    EXPECT_NE(experiment.find(grouped_integer(run.train_steps) + " steps"), std::string::npos) << experiment;
    EXPECT_NE(step_body(step_named("the-experiment"), Lang::zh).find(std::to_string(run.train_steps) + " 步"), std::string::npos);
    const auto equation_has = [](const char* id, const std::string& what) {
        for (const StepEquation& e : step_named(id).equations)
            if (std::string(e.en).find(what) != std::string::npos && std::string(e.zh).find(what) != std::string::npos) return true;
        return false;
    };
    int test_max = 0;
    for (const int n : run.test) test_max = std::max(test_max, n);
    EXPECT_TRUE(equation_has("the-experiment", "n \\le " + train_max));
    EXPECT_TRUE(equation_has("the-experiment", "n \\le " + std::to_string(test_max)));
    EXPECT_TRUE(equation_has("train-a-model", "n \\le " + train_max));
    EXPECT_TRUE(equation_has("accuracy-by-length", "{" + std::to_string(lab::kEvalSamples) + "}"));
    EXPECT_TRUE(equation_has("why-they-break", "p \\ge " + std::to_string(2 * run.train_max)));
    EXPECT_TRUE(equation_has("interpolation", "s = " + lessonui::num(length_lab::kInterpolationFactor)));
    EXPECT_TRUE(equation_has("training-longer", "n \\le " + train_max));
    EXPECT_TRUE(equation_has("training-longer", "n > " + train_max));
    EXPECT_TRUE(equation_has("why-rope-breaks", "\\Delta \\le " + train_max));
}

// [SECTION] why RoPE breaks
// Looks inside two made-up models with known heads: the step finds each copying head from the trained length's
// look, reads where it looks and what the model answers, and says so in its titles, notes and takeaway.
class WhyRopeBreaks : public LabBoard {
protected:
    // A look at n digits, 2 layers × 2 heads: every head spreads its weight evenly, except `sharp` of the last
    // layer, which puts 0.7 on offset `delta` (the rest spread over the row); `wrong` answer digits are off by one.
    static lab::Inspection made_up(int n, int sharp, int delta, int wrong) {
        lab::Inspection look;
        look.task = lab::Task::copy;
        look.n = n, look.sample = 0, look.layers = 2, look.heads = 2, look.T = 2 * n;
        const int T = look.T;
        for (int i = 0; i < n; ++i) {
            look.expected.push_back(i % 10);
            look.predicted.push_back(i < wrong ? (i + 1) % 10 : i % 10);
        }
        look.tokens.assign(static_cast<size_t>(T), 0);
        for (int m = 0; m < 4; ++m) {
            std::vector<double> a(static_cast<size_t>(T * T), 0.0);
            for (int q = 0; q < T; ++q) {
                const bool peaked = m == 2 + sharp && q - delta >= 0;
                for (int k = 0; k <= q; ++k) a[static_cast<size_t>(q * T + k)] = (peaked ? 0.3 : 1.0) / (q + 1);
                if (peaked) a[static_cast<size_t>(q * T + q - delta)] += 0.7;
            }
            look.attention.push_back(a);
        }
        return look;
    }
    static void answer(const std::string& model, int n, const lab::Inspection& look) {
        const std::string key = board::inspection_key(model, "copy", n, 0);
        board::want_inspection(key);
        ASSERT_EQ(board::receive("{\"type\":\"attention\",\"key\":\"" + key + "\",\"inspection\":" + lab::inspection_json(look) + "}"), "");
    }
};

TEST_F(WhyRopeBreaks, TheCopyingHeadsTheirOffsetsAndAnswersComeFromTheLooks) {
    const int trained = length_lab::kTrainMax, n = length_lab::kLookBeyond;
    const Step& step = step_named("why-rope-breaks");
    const ParamSet p = defaults_with({{"n", std::to_string(n)}});
    EXPECT_NE(step_takeaway(step, p, Lang::en).find("…"), std::string::npos);  // nothing has arrived yet
    // RoPE: head 2 of the last layer copies at the trained length and stays on that offset past it.
    answer("shipped=rope", trained, made_up(trained, 1, trained, 0));
    answer("shipped=rope", n, made_up(n, 1, trained, 20));
    // ALiBi: head 1 copies at both lengths.
    answer("shipped=alibi", trained, made_up(trained, 0, trained, 0));
    answer("shipped=alibi", n, made_up(n, 0, n, 0));
    const std::vector<ViewData> views = step.views(p, Lang::en);
    ASSERT_EQ(views.size(), 1u);
    const HeatmapView& heads = views[0].heatmap();
    ASSERT_EQ(heads.values.rows(), 2 * n);
    ASSERT_EQ(heads.values.cols(), 4 * n + 2);  // RoPE's tile, two blank columns, ALiBi's tile
    EXPECT_NEAR(heads.values(n, n - trained), 0.7 + 0.3 / (n + 1), 1e-15);                // RoPE's head 2 at Δ = 16
    EXPECT_NEAR(heads.values(n, 2 * n + 2 + 0), 0.7 + 0.3 / (n + 1), 1e-15);              // ALiBi's head 1 at Δ = n
    EXPECT_EQ(heads.highlight_cells.front(), std::make_pair(n, 0));                        // the copy's cells
    EXPECT_EQ(heads.highlight_cells.back(), std::make_pair(2 * n - 1, 2 * n + 2 + n - 1));
    EXPECT_EQ(views[0].title, "Copying heads' attention weights, same sample (n = " + std::to_string(n) + " digits, " + std::to_string(2 * n) +
                                  " tokens): left RoPE (layer 2, head 2), right ALiBi (layer 2, head 1)");
    ASSERT_EQ(views[0].notes.size(), 3u);
    EXPECT_NE(views[0].notes[0].find("At n = " + std::to_string(trained) + " both heads look most at Δ = " + std::to_string(trained)),
              std::string::npos) << views[0].notes[0];
    double spread = 0;  // the made-up heads' even share at one offset, over the answer's queries
    for (int q = n; q < 2 * n; ++q) spread += 0.3 / (q + 1) / n;
    EXPECT_NE(views[0].notes[1].find("weight on the copy's Δ = " + std::to_string(n) + ": RoPE " + lessonui::num(spread, 2) + ", ALiBi " +
                                     lessonui::num(0.7 + spread, 2)),
              std::string::npos) << views[0].notes[1];
    ASSERT_EQ(heads.highlight_verdicts.size(), heads.highlight_cells.size());
    EXPECT_EQ(heads.highlight_verdicts.front(), -1);        // RoPE's first digit wrong
    EXPECT_EQ(heads.highlight_verdicts[size_t(n - 1)], 1);  // its last right
    EXPECT_EQ(heads.highlight_verdicts[size_t(n)], 1);      // ALiBi's first right
    EXPECT_NE(views[0].notes[1].find("answer digits right: " + std::to_string(n - 20) + " and " + std::to_string(n) + " of " + std::to_string(n)),
              std::string::npos) << views[0].notes[1];
    const std::string takeaway = step_takeaway(step, p, Lang::en);
    EXPECT_NE(takeaway.find("RoPE's copying head looks most at Δ = " + std::to_string(trained) + " and gets " + std::to_string(n - 20) + "/" +
                            std::to_string(n)),
              std::string::npos) << takeaway;
    EXPECT_NE(takeaway.find("ALiBi's at Δ = " + std::to_string(n) + " and gets " + std::to_string(n) + "/"), std::string::npos)
        << takeaway;
    EXPECT_EQ(step_takeaway(step, p, Lang::zh).find("…"), std::string::npos);
}

}  // namespace
}  // namespace pelab
