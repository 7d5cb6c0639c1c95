// PE Lab — lessons/questions.h
// Predict, then reveal: the questions placed on lesson steps, the sources every lesson ends with, and the
// glossary the texts' [[term]] links open. Plain data and computed explanations; nothing here draws.
//
// [SECTION] questions
// [SECTION] references
// [SECTION] glossary
#pragma once
#include <functional>
#include <string>
#include <vector>

#include "core/params.h"
#include "lessons/bilingual.h"

namespace pelab {

// [SECTION] questions
// A question on one step: 2–4 choices; choosing one reveals `explain`, computed from the same core values as
// the step's figure (so it follows the parameters). The figure stays visible while the learner thinks.
struct Question {
    int step = 1;                         // 1-based step it sits on
    Text prompt;                          // "Which bucket holds j − i = 20?"
    std::vector<Text> choices;
    int answer = 0;                       // index of the right choice
    std::function<std::string(const ParamSet&, Lang)> explain;
};

// Every question of the lesson with id `lesson_id`, in step order (lessons/questions/*.cpp, one table).
const std::vector<Question>& questions_of(const std::string& lesson_id);
// Those on step `step` (1-based).
std::vector<const Question*> questions_on(const std::string& lesson_id, int step);

// [SECTION] references
// A source the lesson follows, and the reference implementation its numbers match.
struct Reference {
    std::string authors;                  // "Su, Lu, Pan, Murtadha, Wen, Liu"
    int year = 0;
    std::string title;                    // the paper's title as published
    std::string where;                    // "arXiv:2104.09864" or the venue
    std::string code;                     // "huggingface/transformers · models/llama/modeling_llama.py · rotate_half"
};
const std::vector<Reference>& references_of(const std::string& lesson_id);

// [SECTION] glossary
struct GlossaryEntry {
    const char* term;                     // the key texts link with [[term]], e.g. "toeplitz"
    Text name;                            // "Toeplitz 矩阵" / "Toeplitz matrix"
    Text meaning;                         // one or two sentences in each language
};
const std::vector<GlossaryEntry>& glossary();
const GlossaryEntry* find_term(const std::string& term);  // null when unknown

}  // namespace pelab
