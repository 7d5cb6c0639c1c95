// PE Lab — lessons/questions/question_tables.h
// The per-lesson question lists each lesson attaches to its steps when it is built, and the small helpers every
// question file shares. Internal to lessons/questions/ and the lessons that attach them.
//
// [SECTION] per-lesson tables
// [SECTION] helpers
#pragma once
#include <algorithm>
#include <cstdlib>
#include <string>
#include <vector>

#include "core/text.h"
#include "lessons/lesson_util.h"
#include "lessons/lesson.h"
#include "lessons/questions.h"

namespace pelab {

// [SECTION] per-lesson tables
// A question and the 1-based step it sits on, as the per-lesson lists below give them; attach_questions puts
// each on its step (Step::questions) when the lesson is built.
struct PlacedQuestion {
    int step = 1;
    Question question;
};
void attach_questions(Lesson* lesson, std::vector<PlacedQuestion> questions);


// [SECTION] helpers
namespace questions_detail {

// An Int key of the lesson, clamped to [lo, hi] (explanations never trust a value to be in a sane range).
inline int int_param(const ParamSet& p, const char* key, int lo, int hi) {
    return std::clamp(p.geti(key), lo, hi);
}

// A count: digits grouped by thousands in English ("6,144"), written plainly in Chinese ("6144").
inline std::string count_text(long long n, Lang lang) { return grouped_integer(n, lang == Lang::en); }

// A Choice key whose values are whole numbers (e.g. d_model), or `fallback` when it holds no number.
inline int choice_number(const ParamSet& p, const char* key, int fallback) {
    const int n = std::atoi(p.gets(key).c_str());
    return n > 0 ? n : fallback;
}

}  // namespace questions_detail
}  // namespace pelab
