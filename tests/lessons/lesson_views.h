// PE Lab — tests/lessons/lesson_views.h
// Helpers shared by the lesson suites: the views of one step of a lesson for a query string (parsed over
// the lesson's defaults; an unknown lesson or a parse issue fails the test), and whether any note of a list
// of views contains a text.
#pragma once
#include <gtest/gtest.h>

#include <cstddef>
#include <string>
#include <utility>
#include <vector>

#include "core/io/params.h"
#include "lessons/lesson.h"

namespace pelab_test {

// Whether s holds a CJK character: UTF-8 lead bytes 0xE3..0xE9 start the CJK blocks (and CJK punctuation such
// as "，" "。").
inline bool has_cjk(const std::string& s) {
    for (unsigned char c : s)
        if (c >= 0xE3 && c <= 0xE9) return true;
    return false;
}

// The parameter sets a step (or a question) is built at: the defaults, then each of `keys` alone at its minimum
// and maximum (a choice: its first and last value, or every value with `every_choice`).
inline std::vector<std::pair<std::string, pelab::ParamSet>> cases_for(const pelab::Lesson& lesson, const std::vector<std::string>& keys,
                                                                      bool every_choice = false) {
    using namespace pelab;
    std::vector<std::pair<std::string, ParamSet>> cases;
    cases.emplace_back("defaults", defaults(lesson.params));
    for (const std::string& key : keys) {
        const ParamSpec* spec = nullptr;
        for (const ParamSpec& s : lesson.params)
            if (s.name == key) spec = &s;
        if (!spec) continue;
        std::vector<std::pair<std::string, std::string>> ends;
        switch (spec->kind) {
        case ParamKind::Int:
        case ParamKind::Real:
            ends = {{"min", format_number(spec->min)}, {"max", format_number(spec->max)}};
            break;
        case ParamKind::Bool: ends = {{"min", "0"}, {"max", "1"}}; break;
        case ParamKind::Choice:
            if (every_choice)
                for (const std::string& c : spec->choices) ends.push_back({"value", c});
            else if (!spec->choices.empty())
                ends = {{"min", spec->choices.front()}, {"max", spec->choices.back()}};
            break;
        case ParamKind::RealList: {
            // Every number at one end, at the list's default length (linked lengths stay valid).
            const std::size_t n = defaults(lesson.params).getv(key).size();
            std::string lo, hi;
            for (std::size_t i = 0; i < n; ++i) {
                lo += (i ? "," : "") + format_number(spec->min);
                hi += (i ? "," : "") + format_number(spec->max);
            }
            ends = {{"min", lo}, {"max", hi}};
            break;
        }
        }
        for (const auto& [which, value] : ends) {
            ParamSet p = defaults(lesson.params);
            const std::vector<ParamIssue> issues = parse_params(lesson.params, {{key, value}}, &p);
            EXPECT_TRUE(issues.empty()) << key << "=" << value << ": " << (issues.empty() ? "" : issues[0].message);
            cases.emplace_back(key + " at its " + which + " (" + value + ")", p);
        }
    }
    return cases;
}


// Step `step` (1-based) of lesson `lesson_id` and its parameters: the lesson's defaults with `query` over them
// (a bad query or an unknown lesson fails the test; then step is null).
struct StepAt {
    const pelab::Step* step = nullptr;
    pelab::ParamSet params;
};
inline StepAt step_at(const char* lesson_id, int step, const std::string& query) {
    const pelab::Lesson* lesson = pelab::find_lesson(lesson_id);
    EXPECT_NE(lesson, nullptr) << lesson_id;
    if (!lesson) return {};
    StepAt at{&lesson->steps[static_cast<std::size_t>(step - 1)], pelab::defaults(lesson->params)};
    EXPECT_TRUE(pelab::parse_params(lesson->params, pelab::split_query(query), &at.params).empty()) << query;
    return at;
}

inline std::vector<pelab::ViewData> step_views(const char* lesson_id, int step, const std::string& query,
                                               pelab::Lang lang = pelab::Lang::en) {
    const StepAt at = step_at(lesson_id, step, query);
    return at.step ? at.step->views(at.params, lang) : std::vector<pelab::ViewData>{};
}

// A step's takeaway as the learner reads it at `query` over the lesson's defaults (Lesson::steps' step_takeaway).
inline std::string step_takeaway(const char* lesson_id, int step, const std::string& query,
                                 pelab::Lang lang = pelab::Lang::en) {
    const StepAt at = step_at(lesson_id, step, query);
    return at.step ? pelab::step_takeaway(*at.step, at.params, lang) : std::string();
}

inline bool any_note_contains(const std::vector<pelab::ViewData>& views, const std::string& text) {
    for (const pelab::ViewData& v : views)
        for (const std::string& n : v.notes)
            if (n.find(text) != std::string::npos) return true;
    return false;
}

// Every note of a list of views, one per line (for failure messages).
inline std::string all_notes(const std::vector<pelab::ViewData>& views) {
    std::string s;
    for (const pelab::ViewData& v : views)
        for (const std::string& n : v.notes) s += n + "\n";
    return s;
}

}  // namespace pelab_test
