// PE Lab — tests/core/state_test.cpp
// The URL-sized state: lesson/step/lang handling, parameters, issues, and the to_query round trip.
#include "lessons/state.h"

#include <gtest/gtest.h>

namespace {

using namespace pelab;

TEST(State, DefaultIsFirstLessonStepOne) {
    const AppState s = default_state(Lang::zh);
    ASSERT_NE(s.lesson, nullptr);
    EXPECT_STREQ(s.lesson->id, "f-delta");
    EXPECT_EQ(s.step, 1);
    EXPECT_EQ(s.lang, Lang::zh);
    EXPECT_EQ(s.params.geti("L"), 4);
    EXPECT_EQ(to_query(s), "lesson=f-delta&step=two-objects&lang=zh&L=4&omega=1.5707963267948966,1.0471975511965976&"
                           "v=1,0,1,0&seed=1");
}

TEST(State, ApplyQueryAndRoundTrip) {
    AppState s = default_state(Lang::en);
    const auto issues = apply_query(split_query("#lesson=f-delta&step=4&lang=zh-CN&L=6&omega=0.5,1,2&seed=7"), &s);
    EXPECT_TRUE(issues.empty()) << (issues.empty() ? "" : issues[0].message);
    EXPECT_EQ(s.step, 4);
    EXPECT_EQ(s.lang, Lang::zh);
    EXPECT_EQ(s.params.geti("L"), 6);
    EXPECT_EQ(s.params.getv("v"), (std::vector<double>{1, 0, 1, 0, 1, 0}));
    const std::string q = to_query(s);
    EXPECT_EQ(q, "lesson=f-delta&step=toeplitz-f&lang=zh&L=6&omega=0.5,1,2&v=1,0,1,0,1,0&seed=7");
    AppState t = default_state(Lang::en);
    EXPECT_TRUE(apply_query(split_query(q), &t).empty());
    EXPECT_EQ(to_query(t), q);
    EXPECT_EQ(t.params.all().size(), s.params.all().size());
}

TEST(State, StepIsClampedWithIssue) {
    AppState s = default_state(Lang::en);
    auto issues = apply_query(split_query("step=12"), &s);
    ASSERT_EQ(issues.size(), 1u);
    EXPECT_EQ(issues[0].key, "step");
    // f-delta's links number its 8 steps from before the split (old_numbering); the last, link-to-rope, is step 10.
    EXPECT_EQ(issues[0].message, "step: 12 is out of range 1..8; using 10");
    EXPECT_EQ(s.step, 10);
    issues = apply_query(split_query("step=0"), &s);
    ASSERT_EQ(issues.size(), 1u);
    EXPECT_EQ(s.step, 1);
    issues = apply_query(split_query("step=two"), &s);
    ASSERT_EQ(issues.size(), 1u);
    // Letters are read as a step id (step=toeplitz-f); one the lesson lacks names the nearest.
    EXPECT_EQ(issues[0].message, "step: \"two\" is not a step of f-delta (a number 1..8 or a step id; nearest: "
                                 "two-objects); keeping 1");
    issues = apply_query(split_query("step=2.5"), &s);
    ASSERT_EQ(issues.size(), 1u);
    EXPECT_EQ(s.step, 1);
}

TEST(State, UnknownLessonLangAndKeysAreReported) {
    AppState s = default_state(Lang::en);
    apply_query(split_query("L=9"), &s);
    auto issues = apply_query(split_query("lesson=nope&lang=fr&bogus=1&L=70"), &s);
    ASSERT_EQ(issues.size(), 4u);
    EXPECT_EQ(issues[0].key, "lesson");
    // The message lists every registered lesson id.
    std::string ids;
    for (const Lesson* l : lesson_registry()) ids += (ids.empty() ? "" : "|") + std::string(l->id);
    EXPECT_EQ(issues[0].message, "lesson: \"nope\" is not a valid choice (one of " + ids + "); keeping f-delta");
    EXPECT_EQ(issues[1].key, "lang");
    EXPECT_EQ(issues[1].message, "lang: \"fr\" is not a valid choice (one of zh|en); keeping en");
    EXPECT_EQ(issues[2].key, "bogus");
    EXPECT_EQ(issues[3].key, "L");
    EXPECT_EQ(s.params.geti("L"), 64);  // unknown lesson did not reset the parameters
    EXPECT_STREQ(s.lesson->id, "f-delta");
}

TEST(State, LessonKeyResetsParametersAndStep) {
    AppState s = default_state(Lang::en);
    apply_query(split_query("step=5&L=9"), &s);
    EXPECT_TRUE(apply_query(split_query("L=3&lesson=f-delta"), &s).empty());  // lesson first, then L
    EXPECT_EQ(s.params.geti("L"), 3);
    EXPECT_EQ(s.step, 1);
}

// A shorter lesson visited first must not cap a longer one: the step range's end is not cut to the length of
// the lesson it was applied on.
TEST(State, ShortLessonDoesNotCapTheStepsOfALongerOne) {
    AppState s = default_state(Lang::en);
    const Lesson* shorter = nullptr;
    const Lesson* longer = nullptr;
    for (const Lesson* l : lesson_registry()) {
        if (!shorter || l->steps.size() < shorter->steps.size()) shorter = l;
        if (!longer || l->steps.size() > longer->steps.size()) longer = l;
    }
    ASSERT_LT(shorter->steps.size(), longer->steps.size());
    EXPECT_TRUE(apply_query(split_query(std::string("lesson=") + shorter->id), &s).empty());
    EXPECT_TRUE(apply_query(split_query(std::string("lesson=") + longer->id + "&step=" + longer->steps.back().id), &s).empty());
    EXPECT_EQ(s.step, static_cast<int>(longer->steps.size()));
}

TEST(State, NullLessonIsRepairedAndNullStateIsSafe) {
    AppState s;
    EXPECT_TRUE(apply_query({}, &s).empty());
    ASSERT_NE(s.lesson, nullptr);
    EXPECT_EQ(s.params.geti("L"), 4);
    EXPECT_TRUE(apply_query({}, nullptr).empty());
}

TEST(State, ParseLang) {
    Lang l = Lang::en;
    EXPECT_TRUE(parse_lang("zh", &l));
    EXPECT_EQ(l, Lang::zh);
    EXPECT_TRUE(parse_lang("en-US", &l));
    EXPECT_EQ(l, Lang::en);
    EXPECT_TRUE(parse_lang("zh-TW", &l));
    EXPECT_EQ(l, Lang::zh);
    EXPECT_TRUE(parse_lang("ZH_cn", &l));
    EXPECT_EQ(l, Lang::zh);
    EXPECT_FALSE(parse_lang("fr", &l));
    EXPECT_FALSE(parse_lang("", &l));
    EXPECT_EQ(l, Lang::zh);  // unchanged on failure
}

TEST(State, HostileQueriesKeepStateRenderable) {
    AppState s = default_state(Lang::en);
    for (const std::string q : {std::string("lesson=%00&step=%00&lang=%00"), std::string("step=1e999&lesson="),
                                std::string(100000, '&'), std::string("step=-99999999999999999999")}) {
        apply_query(split_query(q), &s);
        ASSERT_NE(s.lesson, nullptr);
        EXPECT_GE(s.step, 1);
        EXPECT_LE(s.step, static_cast<int>(s.lesson->steps.size()));
    }
}

// The version is what the app and the platforms compare: every change gives a new one, never an old one.
TEST(State, VersionChangesWithEveryChangeAndIsNeverReused) {
    AppState s = default_state(Lang::en);
    const std::uint64_t v0 = s.version;
    EXPECT_GT(v0, 0u);
    apply_query(split_query("L=5"), &s);
    const std::uint64_t v1 = s.version;
    EXPECT_NE(v1, v0);
    s.step = 2;
    mark_changed(&s);
    EXPECT_NE(s.version, v1);
    const AppState fresh = default_state(Lang::en);  // a state built afresh (app_restore) is new too
    EXPECT_NE(fresh.version, s.version);
    EXPECT_NE(fresh.version, v0);
}

}  // namespace
