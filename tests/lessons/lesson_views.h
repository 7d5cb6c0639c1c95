// PE Lab — tests/lessons/lesson_views.h
// Helpers shared by the lesson suites: the views of one step of a lesson for a query string (parsed over
// the lesson's defaults; an unknown lesson or a parse issue fails the test), and whether any note of a list
// of views contains a text.
#pragma once
#include <gtest/gtest.h>

#include <cstddef>
#include <string>
#include <vector>

#include "core/params.h"
#include "lessons/lesson.h"

namespace pelab_test {

inline std::vector<pelab::ViewData> step_views(const char* lesson_id, int step, const std::string& query,
                                               pelab::Lang lang = pelab::Lang::en) {
    const pelab::Lesson* lesson = pelab::find_lesson(lesson_id);
    EXPECT_NE(lesson, nullptr) << lesson_id;
    if (!lesson) return {};
    pelab::ParamSet p = pelab::defaults(lesson->params);
    EXPECT_TRUE(pelab::parse_params(lesson->params, pelab::split_query(query), &p).empty()) << query;
    return lesson->steps[static_cast<std::size_t>(step - 1)].views(p, lang);
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
