// PE Lab — tests/core/lab_requests_test.cpp
// The lab's protocol, tested once, on core's one request handler (core/lab/lab_requests.h): the messages in and
// the events out that the page's worker and the desktop's runner only carry (their own thin tests:
// tests/browser/lab_worker.test.mjs, tests/platform/lab_desktop_test.cpp). A run answers queued, progress and
// done with the numbers a Trainer run in step gives; runs train one at a time in order when one caller slices,
// a paused run letting the next go first; cancel, pause and resume name one run or all; weights, free, load and
// inspect answer as documented; an evaluation under a scaling scores the model as trained; bad messages answer errors that name the problem; ids come back as they came;
// two threads slicing at once give the same numbers as one.
//
// [SECTION] helpers
// [SECTION] a run
// [SECTION] the queue: order, pause, resume, cancel
// [SECTION] weights, free, load
// [SECTION] looks inside
// [SECTION] evaluations under a scaling
// [SECTION] bad messages
// [SECTION] two threads
#include <gtest/gtest.h>

#include <mutex>
#include <string>
#include <vector>
#ifndef __EMSCRIPTEN__
#include <thread>
#endif

#include "core/io/json.h"
#include "core/io/text.h"
#include "core/lab/lab_report.h"
#include "core/lab/lab_requests.h"
#include "core/lab/lab_train.h"
#include "core/lab/lab_weights.h"

namespace pelab::lab::requests_test {

// [SECTION] helpers
const std::string kTiny = "d=16 heads=2 layers=1 train_steps=30 batch=8 test=4,8";

// A handler whose events are kept, parsed.
struct Desk {
    std::mutex mutex;
    std::vector<json::Value> events;
    std::vector<std::string> texts;
    RequestHandler handler{[this](const std::string& e) {
                               std::lock_guard<std::mutex> lock(mutex);
                               json::Value v;
                               EXPECT_EQ(json::parse(e, &v), "") << e.substr(0, 200);
                               EXPECT_EQ(e.rfind("{\"type\":\"", 0), 0u) << "type first: " << e.substr(0, 80);
                               events.push_back(std::move(v));
                               texts.push_back(e);
                           },
                           /*skip_padding=*/false};

    void send(const std::string& message) { handler.handle(message); }
    // Slices until there is no work left (or `limit` slices).
    int drain(int limit = 100000) {
        int slices = 0;
        while (slices < limit && handler.work(5)) ++slices;
        return slices;
    }
    // The events of one type (and id, when given) so far.
    std::vector<const json::Value*> of(const std::string& type, const std::string& id = "") {
        std::vector<const json::Value*> out;
        for (const json::Value& e : events) {
            if (e.member("type")->text != type) continue;
            const json::Value* i = e.member("id");
            const std::string shown = !i ? "" : i->kind == json::Value::Kind::string ? i->text
                                              : i->kind == json::Value::Kind::number ? number_text(i->number)
                                                                                     : "null";
            if (id.empty() || shown == id) out.push_back(&e);
        }
        return out;
    }
    std::vector<std::string> types() {
        std::vector<std::string> out;
        for (const json::Value& e : events) out.push_back(e.member("type")->text);
        return out;
    }
};

std::string train_message(const std::string& id, const std::string& words) {
    return "{\"cmd\":\"train\",\"id\":" + id + ",\"params\":" + json_string(words) + "}";
}

// A run of these words in step, scored as the handler scores it.
struct InStep {
    ParamSet params;
    TrainConfig config;
    std::unique_ptr<Trainer> trainer;
    RunScores scores;
    explicit InStep(const std::string& words) {
        EXPECT_EQ(read_train_words(words, &params, &config), "");
        trainer = std::make_unique<Trainer>(config);
        while (!trainer->finished()) trainer->step();
        scores = score_run(*trainer);
    }
};

// [SECTION] a run
TEST(LabRequests, ARunAnswersQueuedProgressAndDoneWithTheTrainersNumbers) {
    Desk desk;
    desk.send(train_message("\"a\"", kTiny + " pe=alibi seed=4"));
    ASSERT_EQ(desk.types(), (std::vector<std::string>{"queued"}));
    EXPECT_EQ(desk.events[0].member("total")->number, 30);
    EXPECT_TRUE(desk.handler.has_work());
    EXPECT_TRUE(desk.handler.busy());
    desk.drain();
    EXPECT_FALSE(desk.handler.busy());
    const auto progress = desk.of("progress", "a");
    ASSERT_FALSE(progress.empty());
    EXPECT_EQ(progress.back()->member("done")->number, 30);  // progress at the last step
    double last = 0;
    for (const json::Value* p : progress) {
        EXPECT_GE(p->member("done")->number, last);
        last = p->member("done")->number;
    }
    const auto done = desk.of("done", "a");
    ASSERT_EQ(done.size(), 1u);
    EXPECT_GT(done[0]->member("ms_per_step")->number, 0.0);
    EXPECT_GE(done[0]->member("seconds")->number, 0.0);
    // The result is lab train's object for this run, number for number (the padded arithmetic).
    const InStep step(kTiny + " pe=alibi seed=4");
    const std::string result = train_result_json(step.params, *step.trainer, step.scores, 0.0);
    const std::string whole = result.substr(0, result.rfind(",\"seconds\":"));
    std::string done_text;
    for (const std::string& t : desk.texts)
        if (t.rfind("{\"type\":\"done\"", 0) == 0) done_text = t;
    EXPECT_NE(done_text.find("\"result\":" + whole + ",\"seconds\":"), std::string::npos) << done_text.substr(0, 300);
    const json::Value& got = *done[0]->member("result");
    EXPECT_EQ(got.member("exact")->member("4")->number, step.scores.trained[0].exact);
    EXPECT_EQ(got.member("token")->member("8")->number, step.scores.trained[1].token);
    EXPECT_EQ(got.member("loss")->items.size(), step.trainer->loss_curve().size());
    EXPECT_EQ(got.member("loss")->items.back().numbers.at(1), step.trainer->loss_curve().back().second);
}

// [SECTION] the queue: order, pause, resume, cancel
TEST(LabRequests, RunsTrainOneAtATimeInOrderAndAPausedRunLetsTheNextGo) {
    Desk desk;
    const std::string slow = "d=16 heads=2 layers=1 train_steps=20000 batch=8 test=4";
    desk.send(train_message("1", slow + " pe=alibi"));
    desk.send(train_message("2", kTiny + " pe=nope"));
    desk.handler.work(1);
    EXPECT_FALSE(desk.of("progress", "1").empty());
    EXPECT_TRUE(desk.of("progress", "2").empty()) << "the second run waits for the first";

    desk.send("{\"cmd\":\"pause\",\"id\":1}");
    ASSERT_EQ(desk.of("paused", "1").size(), 1u);
    const std::size_t held = desk.of("progress", "1").size();
    desk.drain();  // run 2 trains to its end meanwhile; run 1 holds still
    EXPECT_EQ(desk.of("done", "2").size(), 1u);
    EXPECT_EQ(desk.of("progress", "1").size(), held);
    EXPECT_FALSE(desk.handler.has_work());
    EXPECT_TRUE(desk.handler.busy());  // a paused run is still a run

    desk.send("{\"cmd\":\"resume\"}");  // no id: every run
    EXPECT_EQ(desk.of("resumed", "1").size(), 1u);
    desk.handler.work(150);  // progress comes at most every 100 ms of the run's work
    EXPECT_GT(desk.of("progress", "1").size(), held);
    desk.send("{\"cmd\":\"cancel\",\"id\":1}");
    EXPECT_EQ(desk.of("cancelled", "1").size(), 1u);
    EXPECT_FALSE(desk.handler.busy());
    EXPECT_EQ(desk.drain(), 0);
    EXPECT_TRUE(desk.of("done", "1").empty());

    // A finished or unknown run is no queued run.
    desk.send("{\"cmd\":\"pause\",\"id\":2}");
    desk.send("{\"cmd\":\"cancel\",\"id\":\"nobody\"}");
    EXPECT_NE(desk.of("error", "2").at(0)->member("message")->text.find("no queued run with id 2"), std::string::npos);
    EXPECT_NE(desk.of("error", "nobody").at(0)->member("message")->text.find("no queued run with id \"nobody\""),
              std::string::npos);
}

TEST(LabRequests, CancelWithoutIdStopsEveryRunQueuedOrTraining) {
    Desk desk;
    desk.send(train_message("1", kTiny));
    desk.send(train_message("2", kTiny));
    desk.handler.work(1);
    desk.send("{\"cmd\":\"cancel\"}");
    EXPECT_EQ(desk.of("cancelled").size(), 2u);
    EXPECT_FALSE(desk.handler.has_work());
    EXPECT_EQ(desk.drain(), 0);
}

// [SECTION] weights, free, load
TEST(LabRequests, WeightsFreeAndALoadedFileScoredAsTheRunItself) {
    Desk desk;
    desk.send(train_message("7", kTiny + " pe=rope task=reverse seed=3"));
    desk.drain();
    desk.send("{\"cmd\":\"weights\",\"id\":7}");
    const auto weights = desk.of("weights", "7");
    ASSERT_EQ(weights.size(), 1u);
    EXPECT_EQ(weights[0]->member("name")->text, "pelab-lab-rope-reverse-seed3.json");
    const std::string file = weights[0]->member("text")->text;
    Model<float> model;
    ASSERT_EQ(read_weights(file, &model), "");
    EXPECT_EQ(model.config.pe, Scheme::rope);

    // The file loaded back: scored at lab train's default lengths on its task, as the run scored itself.
    desk.send("{\"cmd\":\"load\",\"id\":\"mine\",\"task\":\"reverse\",\"name\":\"mine.json\",\"text\":" + json_string(file) + "}");
    EXPECT_TRUE(desk.of("loaded", "mine").empty()) << "scored in slices, not at once";
    desk.drain();
    const auto loaded = desk.of("loaded", "mine");
    ASSERT_EQ(loaded.size(), 1u);
    EXPECT_EQ(loaded[0]->member("name")->text, "mine.json");
    const json::Value& result = *loaded[0]->member("result");
    EXPECT_EQ(result.member("config")->member("task")->text, "reverse");
    EXPECT_EQ(result.member("config")->member("test")->numbers, (std::vector<double>{4, 8, 12, 16, 20, 24, 28, 32, 40, 48}));
    const auto done = desk.of("done", "7");
    EXPECT_EQ(result.member("exact")->member("8")->number, done.at(0)->member("result")->member("exact")->member("8")->number);
    desk.send("{\"cmd\":\"weights\",\"id\":\"mine\"}");
    EXPECT_EQ(desk.of("weights", "mine").at(0)->member("text")->text, file) << "saved back bit for bit";
    EXPECT_EQ(desk.of("weights", "mine").at(0)->member("name")->text, "pelab-lab-rope-reverse-loaded.json");

    // The same file carried beside the message (the transports' way for large files).
    desk.handler.handle("{\"cmd\":\"load\",\"id\":\"beside\",\"task\":\"reverse\",\"name\":\"b.json\"}", &file);
    desk.drain();
    EXPECT_EQ(desk.of("loaded", "beside").size(), 1u);

    // Freed: forgotten.
    desk.send("{\"cmd\":\"free\",\"id\":7}");
    desk.send("{\"cmd\":\"weights\",\"id\":7}");
    EXPECT_NE(desk.of("error", "7").at(0)->member("message")->text.find("no run with id 7"), std::string::npos);
}

TEST(LabRequests, ABadFileOrTaskIsAnErrorNamingIt) {
    Desk desk;
    desk.send("{\"cmd\":\"load\",\"id\":1,\"task\":\"copy\",\"name\":\"x.json\",\"text\":\"{\\\"format\\\": \"}");
    desk.send("{\"cmd\":\"load\",\"id\":2,\"task\":\"sort\",\"name\":\"x.json\",\"text\":\"{}\"}");
    desk.send("{\"cmd\":\"load\",\"id\":3,\"task\":\"copy\",\"name\":\"x.json\",\"text\":\"{\\\"format\\\": \\\"something/2\\\"}\"}");
    EXPECT_EQ(desk.of("error", "1").at(0)->member("message")->text.rfind("x.json: ", 0), 0u);
    EXPECT_NE(desk.of("error", "2").at(0)->member("message")->text.find("task: \"sort\" is not copy or reverse"), std::string::npos);
    EXPECT_NE(desk.of("error", "3").at(0)->member("message")->text.find("format"), std::string::npos);
    EXPECT_FALSE(desk.handler.busy());
}

TEST(LabRequests, ACancelledLoadAnswersAnError) {
    Desk desk;
    desk.send(train_message("1", kTiny));
    desk.drain();
    desk.send("{\"cmd\":\"weights\",\"id\":1}");
    const std::string file = desk.of("weights", "1").at(0)->member("text")->text;
    desk.handler.handle("{\"cmd\":\"load\",\"id\":2,\"name\":\"f.json\"}", &file);
    desk.send("{\"cmd\":\"cancel\",\"id\":2}");
    EXPECT_EQ(desk.of("error", "2").at(0)->member("message")->text, "f.json: the load was cancelled");
    EXPECT_EQ(desk.drain(), 0);
    EXPECT_TRUE(desk.of("loaded", "2").empty());
}

// [SECTION] looks inside
TEST(LabRequests, InspectARunAndAShippedModelTheTransportProvides) {
    Desk desk;
    desk.send(train_message("1", kTiny + " pe=alibi"));
    desk.drain();
    desk.send("{\"cmd\":\"inspect\",\"key\":\"run=1 task=copy n=6 sample=2\"}");
    const json::Value& answer = *desk.of("attention").at(0);
    EXPECT_EQ(answer.member("key")->text, "run=1 task=copy n=6 sample=2");
    ASSERT_NE(answer.member("inspection"), nullptr) << desk.texts.back().substr(0, 200);
    EXPECT_EQ(answer.member("inspection")->member("T")->number, 12);

    // A shipped model: named by needs(), provided, then answered; a failed fetch answers once with its reason.
    desk.send("{\"cmd\":\"weights\",\"id\":1}");
    const std::string file = desk.of("weights", "1").at(0)->member("text")->text;
    const std::string shipped = "{\"cmd\":\"inspect\",\"key\":\"shipped=alibi task=copy n=4 sample=0\"}";
    EXPECT_EQ(desk.handler.needs(shipped), "lab_shipped_alibi_copy.weights");
    desk.handler.provide("lab_shipped_alibi_copy.weights", file);
    EXPECT_EQ(desk.handler.needs(shipped), "");
    desk.send(shipped);
    EXPECT_NE(desk.of("attention").back()->member("inspection"), nullptr);

    const std::string missing = "{\"cmd\":\"inspect\",\"key\":\"shipped=nope task=copy n=4 sample=0\"}";
    EXPECT_EQ(desk.handler.needs(missing), "lab_shipped_nope_copy.weights");
    desk.handler.provide_failed("lab_shipped_nope_copy.weights", "HTTP 404");
    desk.send(missing);
    EXPECT_EQ(desk.of("attention").back()->member("error")->text, "lab_shipped_nope_copy.weights: HTTP 404");
    EXPECT_EQ(desk.handler.needs(missing), "lab_shipped_nope_copy.weights") << "a later look may try again";

    // Keys that name no model or no sample.
    const std::vector<std::pair<std::string, std::string>> bad = {
        {"run=nobody task=copy n=4 sample=0", "no run with id \"nobody\""},
        {"shipped=../x task=copy n=4 sample=0", "no shipped model"},
        {"run=1 task=copy n=0 sample=0", "n: 0 is out of range"},
        {"run=1 task=copy n=4 sample=x", "whole numbers"},
        {"run=1 task=copy n=4 sample=256", "sample: 256 is out of range 0..255"},
        {"run=1 task=sort n=4 sample=0", "is not copy or reverse"},
        {"", "names no model"},
    };
    for (const auto& [key, why] : bad) {
        desk.send("{\"cmd\":\"inspect\",\"key\":" + json_string(key) + "}");
        const json::Value& e = *desk.of("attention").back();
        EXPECT_EQ(e.member("key")->text, key);
        ASSERT_NE(e.member("error"), nullptr) << key;
        EXPECT_NE(e.member("error")->text.find(why), std::string::npos) << key << ": " << e.member("error")->text;
    }
}

// [SECTION] evaluations under a scaling
TEST(LabRequests, AnEvaluationScoresTheModelAsTrainedUnderTheScaling) {
    Desk desk;
    const std::string words = kTiny + " pe=rope seed=5 finetune_steps=10";
    desk.send(train_message("1", words));
    desk.send("{\"cmd\":\"eval\",\"id\":2,\"model\":\"run=1\",\"params\":\"scaling=yarn factor=2\"}");
    EXPECT_NE(desk.of("error", "2").at(0)->member("message")->text.find("still training"), std::string::npos);
    desk.drain();
    const std::string eval = "{\"cmd\":\"eval\",\"id\":3,\"model\":\"run=1\",\"params\":\"scaling=yarn factor=2 test=4,8,20\"}";
    desk.send(eval);
    EXPECT_EQ(desk.of("queued", "3").at(0)->member("total")->number, 3);
    desk.drain();
    const auto evaluated = desk.of("evaluated", "3");
    ASSERT_EQ(evaluated.size(), 1u);
    // The model before its fine-tune, scored under YaRN at s = 2 with original_max = 2·train_max.
    const InStep step(words);
    const std::vector<LengthScore> want = evaluate(step.trainer->model_before_fine_tune(), Task::copy, {4, 8, 20},
                                                   scaling_options(RopeScaling::yarn, 2.0, 16));
    const json::Value& result = *evaluated[0]->member("result");
    EXPECT_EQ(result.member("config")->member("scaling")->text, "yarn");
    for (const LengthScore& w : want) {
        EXPECT_EQ(result.member("exact")->member(std::to_string(w.n))->number, w.exact) << w.n;
        EXPECT_EQ(result.member("token")->member(std::to_string(w.n))->number, w.token) << w.n;
    }

    // Cancelled while queued; bad words and unknown models named.
    desk.send(train_message("4", "d=16 heads=2 layers=1 train_steps=20000 batch=8 test=4 pe=rope"));
    desk.send("{\"cmd\":\"eval\",\"id\":5,\"model\":\"run=1\",\"params\":\"scaling=ntk factor=3\"}");
    desk.send("{\"cmd\":\"cancel\",\"id\":5}");
    EXPECT_EQ(desk.of("cancelled", "5").size(), 1u);
    desk.send("{\"cmd\":\"cancel\",\"id\":4}");
    desk.send("{\"cmd\":\"eval\",\"id\":6,\"model\":\"run=1\",\"params\":\"scaling=bogus\"}");
    EXPECT_NE(desk.of("error", "6").at(0)->member("message")->text.find("none|linear|ntk|dynamic|yarn"), std::string::npos);
    desk.send("{\"cmd\":\"eval\",\"id\":7,\"model\":\"run=99\",\"params\":\"\"}");
    EXPECT_NE(desk.of("error", "7").at(0)->member("message")->text.find("no run with id 99"), std::string::npos);
    desk.send("{\"cmd\":\"eval\",\"id\":8,\"params\":\"\"}");
    EXPECT_NE(desk.of("error", "8").at(0)->member("message")->text.find("names no model"), std::string::npos);

    // A shipped model: needs() names the file, as for a look inside.
    const std::string shipped = "{\"cmd\":\"eval\",\"id\":9,\"model\":\"shipped=rope\",\"params\":\"scaling=ntk factor=2 test=4\"}";
    EXPECT_EQ(desk.handler.needs(shipped), "lab_shipped_rope_copy.weights");
    desk.send("{\"cmd\":\"weights\",\"id\":1}");
    desk.handler.provide("lab_shipped_rope_copy.weights", desk.of("weights", "1").at(0)->member("text")->text);
    desk.send(shipped);
    desk.drain();
    EXPECT_EQ(desk.of("evaluated", "9").size(), 1u);
}

// [SECTION] bad messages
TEST(LabRequests, BadMessagesAnswerErrorsThatNameTheProblem) {
    Desk desk;
    desk.send("not json");
    desk.send("[1]");
    desk.send("{\"cmd\":\"dance\",\"id\":5}");
    desk.send(train_message("6", "d=7"));
    desk.send(train_message("8", kTiny));
    desk.send(train_message("8", kTiny));
    desk.send("{\"cmd\":\"train\",\"params\":\"d=16\"}");
    const auto errors = desk.of("error");
    ASSERT_EQ(errors.size(), 6u);
    EXPECT_NE(errors[0]->member("message")->text.find("line 1"), std::string::npos);
    EXPECT_EQ(errors[0]->member("id")->kind, json::Value::Kind::null);
    EXPECT_NE(errors[1]->member("message")->text.find("JSON object"), std::string::npos);
    EXPECT_EQ(errors[2]->member("message")->text, "unknown command \"dance\"");
    EXPECT_EQ(errors[3]->member("message")->text.rfind("d: ", 0), 0u);
    EXPECT_EQ(errors[4]->member("message")->text, "a run with id 8 exists already");
    EXPECT_EQ(errors[5]->member("message")->text, "a run needs an id");
    EXPECT_EQ(desk.of("queued").size(), 1u);
}

// [SECTION] two threads
#ifndef __EMSCRIPTEN__
TEST(LabRequests, TwoThreadsSlicingAtOnceGiveTheNumbersOfOne) {
    Desk desk;
    desk.send(train_message("1", kTiny + " pe=alibi seed=1"));
    desk.send(train_message("2", kTiny + " pe=rope seed=2"));
    std::vector<std::thread> threads;
    for (int i = 0; i < 2; ++i) threads.emplace_back([&] { while (desk.handler.work(2)) {} });
    desk.send("{\"cmd\":\"inspect\",\"key\":\"run=1 task=copy n=4 sample=0\"}");  // while they train
    for (std::thread& t : threads) t.join();
    for (const auto& [id, words] : std::vector<std::pair<std::string, std::string>>{
             {"1", kTiny + " pe=alibi seed=1"}, {"2", kTiny + " pe=rope seed=2"}}) {
        const InStep step(words);
        const auto done = desk.of("done", id);
        ASSERT_EQ(done.size(), 1u) << id;
        EXPECT_EQ(done[0]->member("result")->member("exact")->member("8")->number, step.scores.trained[1].exact);
        EXPECT_EQ(done[0]->member("result")->member("loss")->items.back().numbers.at(1),
                  step.trainer->loss_curve().back().second);
    }
}
#endif

}  // namespace pelab::lab::requests_test
