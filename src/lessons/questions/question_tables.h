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

std::vector<PlacedQuestion> questions_f_delta();         // questions/f_delta.cpp
std::vector<PlacedQuestion> questions_attention_grid();  // questions/attention_grid.cpp
std::vector<PlacedQuestion> questions_absolute_pe();     // questions/absolute_pe.cpp
std::vector<PlacedQuestion> questions_shaw();            // questions/shaw.cpp
std::vector<PlacedQuestion> questions_t5_bias();         // questions/t5_bias.cpp
std::vector<PlacedQuestion> questions_rope();            // questions/rope.cpp
std::vector<PlacedQuestion> questions_long_context();    // questions/long_context.cpp

// [SECTION] helpers
namespace questions_detail {

// An Int key of the lesson, clamped to [lo, hi] (explanations never trust a value to be in a sane range).
inline int int_param(const ParamSet& p, const char* key, int lo, int hi) {
    return std::clamp(p.geti(key), lo, hi);
}

// A count: digits grouped by thousands in English ("6,144"), written plainly in Chinese ("6144").
inline std::string count_text(long long n, Lang lang) {
    std::string digits = std::to_string(n < 0 ? -n : n);
    if (lang == Lang::en)
        for (int i = static_cast<int>(digits.size()) - 3; i > 0; i -= 3) digits.insert(static_cast<std::size_t>(i), ",");
    return (n < 0 ? lessonui::kMinus : "") + digits;
}

// A Choice key whose values are whole numbers (e.g. d_model), or `fallback` when it holds no number.
inline int choice_number(const ParamSet& p, const char* key, int fallback) {
    const int n = std::atoi(p.gets(key).c_str());
    return n > 0 ? n : fallback;
}

}  // namespace questions_detail
}  // namespace pelab
