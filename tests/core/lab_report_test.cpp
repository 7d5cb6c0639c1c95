// PE Lab — tests/core/lab_report_test.cpp
// The lab's text in and out (core/lab/lab_report.h): a run's key=value words (the page's worker reads its runs
// through them) and the one writer of a run's result JSON, which `pelab-cli lab train` and the worker share.
//
// [SECTION] a run's keys from text
// [SECTION] the result JSON
#include <gtest/gtest.h>

#include <cmath>
#include <string>

#include "core/lab/lab_report.h"

namespace pelab::lab::report_test {

// [SECTION] a run's keys from text
TEST(LabReport, WordsGiveTheRunAndEveryDefault) {
    ParamSet params;
    TrainConfig config;
    ASSERT_EQ(read_train_words("  task=reverse\tpe=rope d=16\nheads=2 test=4,8 seed=7 ", &params, &config), "");
    EXPECT_EQ(config.task, Task::reverse);
    EXPECT_EQ(config.model.pe, Scheme::rope);
    EXPECT_EQ(config.model.d, 16);
    EXPECT_EQ(config.model.heads, 2);
    EXPECT_EQ(config.seed, 7u);
    EXPECT_EQ(config.test, (std::vector<int>{4, 8}));
    EXPECT_EQ(config.train_steps, 1500);  // a default
    EXPECT_EQ(params.geti("layers"), 2);
    ASSERT_EQ(read_train_words("", &params, &config), "");  // no words: the default run
    EXPECT_EQ(config.model.pe, Scheme::alibi);
}

TEST(LabReport, BadWordsNameTheKeyAndChangeNothing) {
    ParamSet params;
    TrainConfig config;
    config.batch = 3;
    EXPECT_EQ(read_train_words("d=7", &params, &config).rfind("d: ", 0), 0u);
    EXPECT_EQ(read_train_words("d=16 heads=3", &params, &config).rfind("heads", 0), 0u);
    EXPECT_EQ(read_train_words("colour=red", &params, &config).find("colour"), 0u);
    EXPECT_EQ(read_train_words("d=16 d=32", &params, &config), "d: given twice");
    EXPECT_EQ(read_train_words("d=16 oops", &params, &config), "\"oops\": expected key=value");
    EXPECT_EQ(read_train_words("pe=alibi pi=2", &params, &config).rfind("pi", 0), 0u);  // rope only
    EXPECT_NE(read_train_words(std::string(kMaxInputBytes + 1, 'x'), &params, &config), "");
    EXPECT_EQ(config.batch, 3);
    EXPECT_FALSE(params.has("d"));
}

// [SECTION] the result JSON
TEST(LabReport, ResultHasEveryKeyInOrder) {
    ParamSet params;
    TrainConfig config;
    ASSERT_EQ(read_train_words("pe=rope d=16 heads=2 layers=1 train_steps=3 batch=2 test=2 pi=2 finetune_steps=2", &params,
                               &config), "");
    Trainer trainer(config);
    while (!trainer.finished()) trainer.step();
    const RunScores scores = score_run(trainer);
    EXPECT_TRUE(scores.has_pi);
    EXPECT_TRUE(scores.has_finetune);
    const std::string json = train_result_json(params, trainer, scores, 1.5);
    EXPECT_EQ(json.rfind("{\"config\":{\"task\":\"copy\",\"pe\":\"rope\",\"d\":16,", 0), 0u) << json;
    std::size_t at = 0;
    for (const char* key : {"\"loss\":[[1,", "\"exact\":{\"2\":", "\"token\":{\"2\":", "\"pi\":{\"exact\":",
                            "\"finetune\":{\"loss\":[[1,", "\"seconds\":1.5}"}) {
        const std::size_t found = json.find(key, at);
        ASSERT_NE(found, std::string::npos) << key << " after " << at << " in " << json;
        at = found;
    }
    EXPECT_EQ(json.back(), '}');
}

TEST(LabReport, PiAndFinetuneOnlyWhenAsked) {
    ParamSet params;
    TrainConfig config;
    ASSERT_EQ(read_train_words("d=16 heads=2 layers=1 train_steps=2 batch=2 test=2,3", &params, &config), "");
    Trainer trainer(config);
    while (!trainer.finished()) trainer.step();
    const std::string json = train_result_json(params, trainer, score_run(trainer), 0.25);
    EXPECT_EQ(json.find("\"pi\":{"), std::string::npos);
    EXPECT_EQ(json.find("\"finetune\""), std::string::npos);
    EXPECT_NE(json.find("\"loss\":[[1,"), std::string::npos);
    EXPECT_NE(json.find(",[2,"), std::string::npos);
}

TEST(LabReport, NonFiniteNumbersAreNull) {
    EXPECT_EQ(json_number(std::nan("")), "null");
    EXPECT_EQ(json_number(INFINITY), "null");
    EXPECT_EQ(json_number(0.1), "0.1");
    EXPECT_EQ(curve_json({{1, 2.5}, {50, std::nan("")}}), "[[1,2.5],[50,null]]");
    EXPECT_EQ(scores_json({{4, 1.0, 0.5}, {8, std::nan(""), 0.25}}),
              "\"exact\":{\"4\":1,\"8\":null},\"token\":{\"4\":0.5,\"8\":0.25}");
}

}  // namespace pelab::lab::report_test
