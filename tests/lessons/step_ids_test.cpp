// PE Lab — tests/lessons/step_ids_test.cpp
// Step ids: every step of every entry is opened by its id exactly as by its number, through the one
// key=value reader the URL, the desktop arguments, setState and postMessage share; an unknown id gives one
// notice naming the nearest id and keeps the step; an embed's steps= range is accepted by ids ("a..b"); the
// widget writes ids back. A number reads through a renumbered lesson's old numbering (a link written before
// a step was split opens the step that now holds its content), into another lesson where that content moved
// (Lesson::moved_steps; moved_steps_test.cpp checks those links). (The battery checks the ids themselves:
// present, unique, well formed.)
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdio>
#include <map>
#include <string>
#include <vector>

#include "lessons/lesson.h"
#include "lessons/state.h"

namespace {

using namespace pelab;

// The query that opens `entry`: `lesson=ID`, or for an overlay (the map page) its key over a lesson it teaches.
std::string step_id_opening_query(const Lesson& entry) {
    if (entry.overlay_key) return std::string("lesson=rope&") + entry.overlay_key + "=rope";
    return std::string("lesson=") + entry.id;
}

std::string step_id_issue_text(const std::vector<ParamIssue>& issues) {
    std::string out;
    for (const ParamIssue& i : issues) out += i.key + ": " + i.message + "\n";
    return out;
}

TEST(StepIds, EveryIdOpensTheSameStateAsItsNumber) {
    int checked = 0;
    for (const Lesson* entry : every_lesson()) {
        ASSERT_NE(entry, nullptr);
        for (std::size_t i = 0; i < entry->steps.size(); ++i) {
            const std::string id = entry->steps[i].id ? entry->steps[i].id : "";
            SCOPED_TRACE(std::string(entry->id) + " step " + std::to_string(i + 1) + " [" + id + "]");
            AppState by_number = default_state(Lang::en), by_id = default_state(Lang::zh);
            const std::string opening = step_id_opening_query(*entry);
            // Numbers run to the lesson's old numbering where it was renumbered (the test below checks them).
            const bool numbered = int(i) + 1 <= linked_step_count(*entry);
            const auto number_issues =
                apply_query(split_query(opening + "&step=" + std::to_string(numbered ? i + 1 : 1) + "&lang=zh"), &by_number);
            const auto id_issues = apply_query(split_query(opening + "&step=" + id + "&lang=zh"), &by_id);
            EXPECT_TRUE(number_issues.empty()) << step_id_issue_text(number_issues);
            EXPECT_TRUE(id_issues.empty()) << step_id_issue_text(id_issues);
            EXPECT_EQ(by_id.lesson, entry);
            EXPECT_EQ(by_id.host, by_number.host);
            EXPECT_EQ(by_id.step, static_cast<int>(i) + 1);
            // A number opens its (old) content, in the lesson it moved to where it moved.
            int step = 0;
            EXPECT_EQ(by_number.lesson, lesson_of_linked_number(*entry, numbered ? int(i) + 1 : 1, &step));
            if (numbered) EXPECT_EQ(by_number.step, step);
            // The link the widget writes back holds the id, which survives later splits.
            const std::string written = to_query(by_id);
            EXPECT_NE(written.find("&step=" + id + "&"), std::string::npos) << written;
            if (entry->old_numbering.empty() && numbered) EXPECT_EQ(to_query(by_id), to_query(by_number));
            EXPECT_EQ(step_number_of(*entry, id), static_cast<int>(i) + 1);
            ++checked;
        }
    }
    EXPECT_GT(checked, 70);
}

// A renumbered lesson: every old number opens the step its table names (in the lesson it moved to, when it moved),
// the numbers beyond it are clamped into the old range with a notice, and a range's end keeps every step split out
// of the old step it names.
TEST(StepIds, OldNumbersOpenTheStepThatHoldsTheirContent) {
    int renumbered = 0;
    for (const Lesson* entry : every_lesson()) {
        if (entry->old_numbering.empty()) continue;
        ++renumbered;
        const int count = int(entry->old_numbering.size());
        std::map<const Lesson*, int> previous;  // per lesson the old content lands in, the last step it began at
        for (int n = 1; n <= count; ++n) {
            SCOPED_TRACE(std::string(entry->id) + " old step " + std::to_string(n));
            int now = 0;
            const Lesson* home = lesson_of_step_id(*entry, entry->old_numbering[size_t(n - 1)], &now);
            ASSERT_NE(home, nullptr) << "the table names steps of the lesson, or steps that moved";
            ASSERT_GT(now, previous[home]) << "the table names steps in order, within each lesson";
            previous[home] = now;
            AppState s = default_state(Lang::en);
            EXPECT_TRUE(apply_query(split_query(std::string("lesson=") + entry->id + "&step=" + std::to_string(n)), &s).empty());
            EXPECT_EQ(s.lesson, home);
            EXPECT_EQ(s.step, now);
            AppState r = default_state(Lang::en);
            EXPECT_TRUE(apply_query(split_query(std::string("lesson=") + entry->id + "&steps=" + std::to_string(n) + "-" +
                                                std::to_string(n)), &r).empty());
            EXPECT_EQ(r.lesson, home);
            EXPECT_EQ(r.display.step_min, now);
            // The range ends before the next old number's content in the same lesson, else at that lesson's end.
            int next = int(home->steps.size()) + 1;
            for (int m = 1; m <= count; ++m) {
                int start = 0;
                if (lesson_of_step_id(*entry, entry->old_numbering[size_t(m - 1)], &start) == home && start > now)
                    next = std::min(next, start);
            }
            EXPECT_EQ(r.display.step_max, next - 1);
        }
        // The first old number whose content stayed in the lesson opens its first step.
        for (const char* id : entry->old_numbering)
            if (step_number_of(*entry, id) > 0) {
                EXPECT_EQ(step_number_of(*entry, id), 1) << id;
                break;
            }
        AppState s = default_state(Lang::en);
        const auto issues = apply_query(split_query(std::string("lesson=") + entry->id + "&step=" + std::to_string(count + 1)), &s);
        ASSERT_EQ(issues.size(), 1u);
        EXPECT_NE(issues[0].message.find(std::to_string(count)), std::string::npos) << issues[0].message;
        int last = 0;
        EXPECT_EQ(s.lesson, lesson_of_step_id(*entry, entry->old_numbering.back(), &last));
        EXPECT_EQ(s.step, last);
    }
    std::printf("%d renumbered lessons\n", renumbered);
}

TEST(StepIds, DesktopArgumentsTakeAnIdLikeTheUrl) {
    std::vector<ParamIssue> read_issues;
    const KeyValues kv = read_arguments({"lesson=rope", "step=shift-invariance", "L=6"}, &read_issues);
    EXPECT_TRUE(read_issues.empty());
    AppState s = default_state(Lang::en);
    EXPECT_TRUE(apply_query(kv, &s).empty());
    EXPECT_STREQ(s.lesson->id, "rope");
    EXPECT_EQ(s.step, 4);
}

TEST(StepIds, UnknownIdGivesOneNoticeAndKeepsTheStep) {
    AppState s = default_state(Lang::en);
    auto issues = apply_query(split_query("lesson=rope&step=shift-invarience"), &s);
    ASSERT_EQ(issues.size(), 1u) << step_id_issue_text(issues);
    EXPECT_EQ(issues[0].key, "step");
    EXPECT_EQ(issues[0].message, "step: \"shift-invarience\" is not a step of rope (a number 1..9 or a step id; "
                                 "nearest: shift-invariance); keeping 1");
    EXPECT_EQ(s.step, 1);  // the lesson's default step
    // Later, on another step, an unknown id keeps the step shown.
    EXPECT_TRUE(apply_query(split_query("step=xpos"), &s).empty());
    EXPECT_EQ(s.step, 17);
    issues = apply_query(split_query("step=toeplitz-f"), &s);  // f-delta's id, not rope's
    ASSERT_EQ(issues.size(), 1u) << step_id_issue_text(issues);
    EXPECT_NE(issues[0].message.find("\"toeplitz-f\" is not a step of rope"), std::string::npos) << issues[0].message;
    EXPECT_NE(issues[0].message.find("; keeping 17"), std::string::npos) << issues[0].message;
    EXPECT_EQ(s.step, 17);
    // Ids are exact (lowercase); a number-like word keeps the number's message.
    issues = apply_query(split_query("step=XPOS"), &s);
    ASSERT_EQ(issues.size(), 1u);
    EXPECT_NE(issues[0].message.find("is not a step of rope"), std::string::npos) << issues[0].message;
    issues = apply_query(split_query("step=nan"), &s);
    ASSERT_EQ(issues.size(), 1u);
    EXPECT_EQ(issues[0].message.find("is not a step of"), std::string::npos) << issues[0].message;
    EXPECT_EQ(s.step, 17);
    // Hostile text is echoed cut and escaped, as for any key.
    issues = apply_query(split_query("step=" + std::string(5000, 'a')), &s);
    ASSERT_EQ(issues.size(), 1u);
    EXPECT_LT(issues[0].message.size(), 200u) << issues[0].message;
    EXPECT_EQ(s.step, 17);
}

TEST(StepIds, IdsAreReadInTheLessonTheQueryOpens) {
    AppState s = default_state(Lang::en);
    // lesson= is applied first, wherever it stands; the id belongs to that lesson.
    EXPECT_TRUE(apply_query(split_query("step=swin-index&lesson=vit-2d"), &s).empty());
    EXPECT_STREQ(s.lesson->id, "vit-2d");
    EXPECT_EQ(s.step, 6);
    // The map page's steps, over the lesson it opened on.
    EXPECT_TRUE(apply_query(split_query("lesson=rope&map=rope&step=aliasing"), &s).empty());
    EXPECT_EQ(s.lesson, &position_map_lesson());
    EXPECT_EQ(s.step, 2);
}

TEST(StepIds, EmbedRangeByIds) {
    AppState s = default_state(Lang::en);
    auto issues = apply_query(split_query("lesson=f-delta&steps=equal-delta-diagonals..feature-vectors"), &s);
    EXPECT_TRUE(issues.empty()) << step_id_issue_text(issues);
    EXPECT_EQ(s.display.step_min, 2);
    EXPECT_EQ(s.display.step_max, 5);
    EXPECT_EQ(s.step, 2);  // pulled into the range
    EXPECT_NE(to_query(s).find("&steps=equal-delta-diagonals..feature-vectors"), std::string::npos) << to_query(s);  // written back by id
    // A number and an id may be mixed; one id is a one-step range; numbers keep their A-B form.
    EXPECT_TRUE(apply_query(split_query("steps=3..toeplitz-f"), &s).empty());
    EXPECT_EQ(s.display.step_min, 3);
    EXPECT_EQ(s.display.step_max, 4);
    EXPECT_TRUE(apply_query(split_query("steps=toeplitz-f"), &s).empty());
    EXPECT_EQ(s.display.step_min, 4);
    EXPECT_EQ(s.display.step_max, 4);
    EXPECT_EQ(s.step, 4);
    EXPECT_TRUE(apply_query(split_query("steps=3-5"), &s).empty());
    EXPECT_EQ(s.display.step_min, 3);
    EXPECT_EQ(s.display.step_max, 5);
    EXPECT_TRUE(apply_query(split_query("steps=2..6"), &s).empty());
    EXPECT_EQ(s.display.step_min, 2);
    EXPECT_EQ(s.display.step_max, 6);
    // The step and the range together, both by id.
    const std::string both = "lesson=rope&step=shift-invariance&steps=pairs-frequencies-layouts..uniqueness";
    EXPECT_TRUE(apply_query(split_query(both), &s).empty());
    EXPECT_EQ(s.step, 4);
    EXPECT_EQ(s.display.step_min, 3);
    EXPECT_EQ(s.display.step_max, 12);
}

TEST(StepIds, BadRangeByIdsGivesOneNoticeAndShowsAllSteps) {
    AppState s = default_state(Lang::en);
    auto issues = apply_query(split_query("steps=two-object..toeplitz-f"), &s);
    ASSERT_EQ(issues.size(), 1u) << step_id_issue_text(issues);
    EXPECT_EQ(issues[0].key, "steps");
    EXPECT_EQ(issues[0].message,
              "steps: \"two-object..toeplitz-f\" is not a step range like 3-5 or two-objects..recap within 1..8 "
              "(\"two-object\" is not a step id; nearest: two-objects); showing all steps");
    EXPECT_EQ(s.display.step_min, 1);
    EXPECT_EQ(s.display.step_max, 11);  // f-delta has 11 steps
    // Reversed ends, an end out of the lesson, an empty end.
    for (const char* bad : {"toeplitz-f..two-objects", "2..9", "..toeplitz-f", "toeplitz-f..", "shift-invariance"}) {
        SCOPED_TRACE(bad);
        issues = apply_query(split_query(std::string("steps=") + bad), &s);
        ASSERT_EQ(issues.size(), 1u) << step_id_issue_text(issues);
        EXPECT_EQ(issues[0].key, "steps");
        EXPECT_NE(issues[0].message.find("; showing all steps"), std::string::npos) << issues[0].message;
        EXPECT_EQ(s.display.step_min, 1);
        EXPECT_EQ(s.display.step_max, 11);  // f-delta has 11 steps
    }
}

TEST(StepIds, EveryRangeOfIdsEqualsItsRangeOfNumbers) {
    for (const Lesson* entry : every_lesson()) {
        const int n = static_cast<int>(entry->steps.size());
        const std::string base = step_id_opening_query(*entry) + "&steps=";
        for (int a = 1; a <= n; ++a) {
            for (int b = a; b <= n; ++b) {
                SCOPED_TRACE(std::string(entry->id) + " " + std::to_string(a) + ".." + std::to_string(b));
                AppState by_id = default_state(Lang::en);
                const auto issues = apply_query(
                    split_query(base + entry->steps[a - 1].id + ".." + entry->steps[b - 1].id), &by_id);
                EXPECT_TRUE(issues.empty()) << step_id_issue_text(issues);
                EXPECT_EQ(by_id.display.step_min, a);
                EXPECT_EQ(by_id.display.step_max, b);
                // The same range by the numbers links hold (a renumbered lesson's old numbers): equal where the
                // lesson was never renumbered.
                if (!entry->old_numbering.empty() || b > linked_step_count(*entry)) continue;
                AppState by_number = default_state(Lang::en);
                EXPECT_TRUE(apply_query(split_query(base + std::to_string(a) + "-" + std::to_string(b)), &by_number).empty());
                EXPECT_EQ(to_query(by_id), to_query(by_number));
            }
        }
    }
}

}  // namespace
