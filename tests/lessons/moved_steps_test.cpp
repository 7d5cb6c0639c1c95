// PE Lab — tests/lessons/moved_steps_test.cpp
// Old links keep opening what they opened: when a lesson's steps move to another lesson
// (Lesson::moved_steps, long-context → beyond-training), a link naming such a step — by its id, by an old number
// (Lesson::old_numbering), in a steps= range, or as a [[lesson:ID/STEP]] link in another lesson's text — opens the
// step in its new lesson; the keys the link holds from the old lesson are read silently; a range that the split cut
// in two opens in its first end's lesson, clamped to that lesson, with one notice.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "lessons/lesson.h"
#include "lessons/state.h"

namespace {

using namespace pelab;

std::string moved_issue_text(const std::vector<ParamIssue>& issues) {
    std::string out;
    for (const ParamIssue& i : issues) out += i.key + ": " + i.message + "\n";
    return out;
}

int moved_step_of(const char* lesson, const char* id) { return step_number_of(*find_lesson(lesson), id); }

// Every moved step of every lesson names a step that exists (today, following further moves), and no longer
// one of the lesson's own.
TEST(MovedSteps, EveryTargetIsAStepOfAnotherLesson) {
    int moved = 0;
    for (const Lesson* entry : every_lesson())
        for (const auto& [from, to] : entry->moved_steps) {
            SCOPED_TRACE(std::string(entry->id) + ": " + from + " → " + to);
            ASSERT_NE(from, nullptr);
            ASSERT_NE(to, nullptr);
            EXPECT_EQ(step_number_of(*entry, from), 0) << "a moved id is not also a step of the lesson";
            int step = 0;
            const Lesson* home = lesson_of_step_id(*entry, from, &step);
            ASSERT_NE(home, nullptr);
            EXPECT_NE(home, entry);
            EXPECT_GE(step, 1);
            EXPECT_LE(step, int(home->steps.size()));
            ++moved;
        }
    EXPECT_GE(moved, 10);
}

TEST(MovedSteps, AMovedIdOpensItsNewLesson) {
    const Lesson* beyond = find_lesson("beyond-training");
    ASSERT_NE(beyond, nullptr);
    for (const char* id : {"phase-wrap", "turns-in-training", "odometer", "alibi", "alibi-reference-rows",
                           "alibi-beyond-training", "alibi-head-by-head", "learned-and-clipped"}) {
        SCOPED_TRACE(id);
        AppState s = default_state(Lang::en);
        const auto issues = apply_query(split_query(std::string("lesson=long-context&step=") + id), &s);
        EXPECT_TRUE(issues.empty()) << moved_issue_text(issues);
        EXPECT_EQ(s.lesson, beyond);
        EXPECT_EQ(s.step, moved_step_of("beyond-training", id));
        // The link the widget writes back names the new lesson, and opens the same state.
        const std::string written = to_query(s);
        EXPECT_NE(written.find(std::string("lesson=beyond-training&step=") + id + "&"), std::string::npos) << written;
        AppState again = default_state(Lang::zh);
        EXPECT_TRUE(apply_query(split_query(written), &again).empty());
        EXPECT_EQ(to_query(again), written);
    }
    // The old closing comparison lives on where its methods are compared past the training length, and its
    // cost table in the cost lesson.
    AppState s = default_state(Lang::en);
    EXPECT_TRUE(apply_query(split_query("lesson=long-context&step=six-methods"), &s).empty());
    EXPECT_EQ(s.lesson, beyond);
    EXPECT_EQ(s.step, moved_step_of("beyond-training", "learned-and-clipped"));
    int cost_step = 0;
    const Lesson* cost = lesson_of_step_id(*find_lesson("long-context"), "method-costs", &cost_step);
    ASSERT_NE(cost, nullptr);
    EXPECT_STREQ(cost->id, "cost");
    EXPECT_TRUE(apply_query(split_query("lesson=long-context&step=method-costs"), &s).empty());
    EXPECT_EQ(s.lesson, cost);
    EXPECT_EQ(s.step, cost_step);
    // The steps that stayed open where they were.
    EXPECT_TRUE(apply_query(split_query("lesson=long-context&step=ntk-aware"), &s).empty());
    EXPECT_STREQ(s.lesson->id, "long-context");
    EXPECT_EQ(s.step, moved_step_of("long-context", "ntk-aware"));
}

TEST(MovedSteps, OldNumbersFollowTheirContent) {
    // long-context's ten numbers from before its split into one idea per screen: 1 phase wrap, 2 the base,
    // 3 ALiBi, 4 PI, 5 NTK, 6 dynamic NTK, 7 YaRN, 8 scale factors, 9 diagnosis, 10 the six methods.
    const struct { int number; const char* lesson; const char* id; } old[] = {
        {1, "beyond-training", "phase-wrap"},        {2, "long-context", "base-effect"},
        {3, "beyond-training", "alibi"},             {4, "long-context", "position-interpolation"},
        {5, "long-context", "ntk-aware"},            {6, "long-context", "dynamic-ntk"},
        {7, "long-context", "yarn-llama3"},          {8, "long-context", "scale-factors"},
        {9, "long-context", "diagnosis"},            {10, "beyond-training", "learned-and-clipped"},
    };
    for (const auto& o : old) {
        SCOPED_TRACE(o.number);
        AppState s = default_state(Lang::en);
        const auto issues = apply_query(split_query("lesson=long-context&step=" + std::to_string(o.number)), &s);
        EXPECT_TRUE(issues.empty()) << moved_issue_text(issues);
        EXPECT_STREQ(s.lesson->id, o.lesson);
        EXPECT_EQ(s.step, moved_step_of(o.lesson, o.id));
    }
    // Positions from the running widget (setState) are today's positions of the lesson shown: no redirect.
    AppState s = default_state(Lang::en);
    EXPECT_TRUE(apply_query(split_query("lesson=long-context"), &s).empty());
    EXPECT_TRUE(apply_query(split_query("step=3"), &s, StepNumbers::positions).empty());
    EXPECT_STREQ(s.lesson->id, "long-context");
    EXPECT_EQ(s.step, 3);
    // An id still redirects there (a host page that kept an old id).
    EXPECT_TRUE(apply_query(split_query("step=odometer"), &s, StepNumbers::positions).empty());
    EXPECT_STREQ(s.lesson->id, "beyond-training");
    EXPECT_EQ(s.step, moved_step_of("beyond-training", "odometer"));
}

TEST(MovedSteps, TheOldLessonsKeysAreReadSilently) {
    // A link the widget wrote before the split holds every key of long-context as it was then.
    const std::string old_link =
        "lesson=long-context&step=alibi&lang=en&d=64&base=10000&original_max=1024&factor=4&seq_len=8192&beta_fast=32"
        "&beta_slow=1&low_freq_factor=1&high_freq_factor=4&heads=8&L=12&head=3&mode=symmetric&seed=2&position=3000"
        "&scaling=yarn&clip=4&preset=none&num_buckets=32&max_distance=128";
    AppState s = default_state(Lang::en);
    auto issues = apply_query(split_query(old_link), &s);
    EXPECT_TRUE(issues.empty()) << moved_issue_text(issues);
    EXPECT_STREQ(s.lesson->id, "beyond-training");
    EXPECT_EQ(s.params.geti("heads"), 8);
    EXPECT_EQ(s.params.geti("head"), 3);
    EXPECT_EQ(s.params.geti("L"), 12);
    EXPECT_EQ(s.params.geti("d"), 64);
    EXPECT_EQ(s.params.gets("mode"), "symmetric");
    // The same link to a step that stayed: the keys that went with the moved steps are read silently too.
    AppState t = default_state(Lang::en);
    const std::string stayed = "lesson=long-context&step=ntk-aware&heads=8&L=12&head=3&mode=symmetric&clip=4&num_buckets=32"
                               "&max_distance=128&factor=8";
    issues = apply_query(split_query(stayed), &t);
    EXPECT_TRUE(issues.empty()) << moved_issue_text(issues);
    EXPECT_STREQ(t.lesson->id, "long-context");
    EXPECT_EQ(t.params.getd("factor"), 8.0);
    // A key neither lesson ever had is still a notice.
    issues = apply_query(split_query("lesson=long-context&step=alibi&hedas=8"), &t);
    ASSERT_EQ(issues.size(), 1u) << moved_issue_text(issues);
    EXPECT_NE(issues[0].message.find("unknown key"), std::string::npos) << issues[0].message;
}

TEST(MovedSteps, RangesOpenInTheirFirstStepsLesson) {
    const Lesson* beyond = find_lesson("beyond-training");
    const Lesson* scaling = find_lesson("long-context");
    // Old number 1 (phase wrap, turns, odometer) now lies wholly in beyond-training: it opens there, quietly.
    AppState s = default_state(Lang::en);
    auto issues = apply_query(split_query("lesson=long-context&steps=1-1"), &s);
    EXPECT_TRUE(issues.empty()) << moved_issue_text(issues);
    EXPECT_EQ(s.lesson, beyond);
    EXPECT_EQ(s.display.step_min, moved_step_of("beyond-training", "phase-wrap"));
    EXPECT_EQ(s.display.step_max, moved_step_of("beyond-training", "odometer"));
    EXPECT_EQ(s.step, 1);
    // Old 3 (ALiBi) ends with its fourth step, before the clipped methods (old 10's content).
    issues = apply_query(split_query("lesson=long-context&steps=3"), &s);
    EXPECT_TRUE(issues.empty()) << moved_issue_text(issues);
    EXPECT_EQ(s.lesson, beyond);
    EXPECT_EQ(s.display.step_min, moved_step_of("beyond-training", "alibi"));
    EXPECT_EQ(s.display.step_max, moved_step_of("beyond-training", "alibi-head-by-head"));
    // Old 3-5 (ALiBi to NTK) spans both lessons: the first end's lesson, to its end, with one notice.
    issues = apply_query(split_query("lesson=long-context&steps=3-5"), &s);
    ASSERT_EQ(issues.size(), 1u) << moved_issue_text(issues);
    EXPECT_EQ(issues[0].key, "steps");
    const int last = int(beyond->steps.size());
    EXPECT_EQ(issues[0].message, "steps: \"3-5\" spans beyond-training and long-context (long-context was split); using "
                                 "beyond-training's steps " + std::to_string(moved_step_of("beyond-training", "alibi")) + ".." +
                                     std::to_string(last));
    EXPECT_EQ(s.lesson, beyond);
    EXPECT_EQ(s.display.step_min, moved_step_of("beyond-training", "alibi"));
    EXPECT_EQ(s.display.step_max, last);
    EXPECT_EQ(s.step, s.display.step_min);
    // By ids, the same.
    issues = apply_query(split_query("lesson=long-context&steps=odometer..ntk-aware"), &s);
    ASSERT_EQ(issues.size(), 1u) << moved_issue_text(issues);
    EXPECT_EQ(s.lesson, beyond);
    EXPECT_EQ(s.display.step_min, moved_step_of("beyond-training", "odometer"));
    EXPECT_EQ(s.display.step_max, last);
    // Old 4-9 stayed in long-context: no notice, the range of today's steps.
    issues = apply_query(split_query("lesson=long-context&steps=4-9"), &s);
    EXPECT_TRUE(issues.empty()) << moved_issue_text(issues);
    EXPECT_EQ(s.lesson, scaling);
    EXPECT_EQ(s.display.step_min, moved_step_of("long-context", "position-interpolation"));
    EXPECT_EQ(s.display.step_max, int(scaling->steps.size()));
    // A step and a range together: the step within the range's lesson is kept.
    issues = apply_query(split_query("lesson=long-context&step=alibi-head-by-head&steps=3"), &s);
    EXPECT_TRUE(issues.empty()) << moved_issue_text(issues);
    EXPECT_EQ(s.lesson, beyond);
    EXPECT_EQ(s.step, moved_step_of("beyond-training", "alibi-head-by-head"));
    // The range written back by ids is the new lesson's own.
    EXPECT_NE(to_query(s).find("&steps=alibi..alibi-head-by-head"), std::string::npos) << to_query(s);
    // A bad range still names the lesson the link named.
    issues = apply_query(split_query("lesson=long-context&steps=odometr..ntk-aware"), &s);
    ASSERT_EQ(issues.size(), 1u);
    EXPECT_NE(issues[0].message.find("nearest"), std::string::npos) << issues[0].message;
}

TEST(MovedSteps, LessonLinksInTextsFollowTheMove) {
    int step = 0;
    EXPECT_EQ(linked_lesson("lesson:long-context/alibi", &step), find_lesson("beyond-training"));
    EXPECT_EQ(step, moved_step_of("beyond-training", "alibi"));
    EXPECT_EQ(linked_lesson("lesson:long-context/unseen-angles", &step), find_lesson("long-context"));
    EXPECT_EQ(step, moved_step_of("long-context", "unseen-angles"));
    EXPECT_EQ(linked_lesson("lesson:long-context/no-such-step", &step), nullptr);
    EXPECT_EQ(linked_lesson("lesson:long-context", &step), find_lesson("long-context"));
    EXPECT_EQ(step, 1);
    // Every lesson link in every text of every lesson still opens a step (other lessons link long-context's ALiBi).
    int links = 0;
    for (const Lesson* lesson : every_lesson())
        for (const Step& st : lesson->steps)
            for (Lang lang : {Lang::zh, Lang::en}) {
                std::vector<LinkSpan> spans;
                say_linked(lang, st.body, &spans, step_body_args(st, lang));
                for (const LinkSpan& l : spans) {
                    if (!is_lesson_link(l.term)) continue;
                    EXPECT_NE(linked_lesson(l.term), nullptr) << lesson->id << "/" << st.id << ": " << l.term;
                    ++links;
                }
            }
    EXPECT_GT(links, 10);
}

}  // namespace
