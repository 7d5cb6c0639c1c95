// PE Lab — lessons/questions/question_tables.h
// The per-lesson question lists that table.cpp gathers into the one lookup (lessons/questions.h), and the
// small helpers every question file shares. Internal to lessons/questions/.
//
// [SECTION] per-lesson tables
// [SECTION] helpers
#pragma once
#include <algorithm>
#include <cstdlib>
#include <string>
#include <vector>

#include "lessons/lesson_util.h"
#include "lessons/questions.h"

namespace pelab {

// [SECTION] per-lesson tables
std::vector<Question> questions_f_delta();         // questions/f_delta.cpp
std::vector<Question> questions_attention_grid();  // questions/attention_grid.cpp
std::vector<Question> questions_absolute_pe();     // questions/absolute_pe.cpp
std::vector<Question> questions_shaw();            // questions/shaw.cpp
std::vector<Question> questions_t5_bias();         // questions/t5_bias.cpp
std::vector<Question> questions_rope();            // questions/rope.cpp
std::vector<Question> questions_long_context();    // questions/long_context.cpp
std::vector<Question> questions_cost();            // questions/cost.cpp
std::vector<Question> questions_vit_2d();          // questions/vit_2d.cpp
// Lesson open-models: one file per group of steps (questions/open_models_1_3.cpp, _4_6.cpp, _7.cpp), each with
// the questions on its steps and the sources they follow; table.cpp and references.cpp join the three.
std::vector<Question> questions_open_models_1_3();
std::vector<Question> questions_open_models_4_6();
std::vector<Question> questions_open_models_7();
std::vector<Reference> references_open_models_1_3();
std::vector<Reference> references_open_models_4_6();
std::vector<Reference> references_open_models_7();
// The parts joined in step order, each item once (a reference cited by two groups appears once).
template <class T>
std::vector<T> joined(std::initializer_list<std::vector<T>> parts) {
    std::vector<T> out;
    for (const std::vector<T>& part : parts) out.insert(out.end(), part.begin(), part.end());
    return out;
}

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
