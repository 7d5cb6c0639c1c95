// PE Lab — lessons/questions.h
// Predict, then reveal: a question as a step holds it (Step::questions), and the glossary the texts' [[term]]
// links open. Plain data and computed explanations; nothing here draws. The sources a lesson cites are in
// lessons/bibliography.h.
//
// [SECTION] questions
// [SECTION] glossary
#pragma once
#include <functional>
#include <string>
#include <vector>

#include "core/io/params.h"
#include "lessons/bilingual.h"

namespace pelab {

// [SECTION] questions
// A question on one step (Step::questions): 2–4 choices; choosing one reveals `explain`, computed from the same
// core values as the step's figure (so it follows the parameters).
struct Question {
    Text prompt;                          // "Which bucket holds j − i = 20?"
    std::vector<Text> choices;
    int answer = 0;                       // index of the right choice
    std::function<std::string(const ParamSet&, Lang)> explain;
    // Asked before the evidence (predict, then see): until the learner answers or reveals, the step's figures,
    // their notes and its takeaway are covered, and nothing else on screen (title, prose, captions) gives the
    // answer. False: a check question, asked about what the screen already shows, and labelled so.
    bool predict = false;
};

// [SECTION] glossary
struct GlossaryEntry {
    const char* term;                     // the key texts link with [[term]], e.g. "toeplitz"
    Text name;                            // "Toeplitz 矩阵" / "Toeplitz matrix"
    Text meaning;                         // one or two sentences in each language
    // The English words on screen that are this term, '|'-separated ("Toeplitz|Toeplitz matrix"): the order
    // test (tests/lessons/term_order_test.cpp) fails where a lesson shows one before the step that links the
    // term. Null: a plain word the test does not look for (query, key, base).
    const char* forms = nullptr;
};
const std::vector<GlossaryEntry>& glossary();
const GlossaryEntry* find_term(const std::string& term);  // null when unknown

}  // namespace pelab
