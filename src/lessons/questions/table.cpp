// PE Lab — lessons/questions/table.cpp
// The one table from lesson id to its questions, references and the glossary. (Filled by the lessons'
// question files; an id without an entry has none.)
#include <map>

#include "lessons/questions.h"

namespace pelab {

const std::vector<Question>& questions_of(const std::string& lesson_id) {
    static const std::map<std::string, std::vector<Question>> table;
    static const std::vector<Question> none;
    const auto it = table.find(lesson_id);
    return it == table.end() ? none : it->second;
}

std::vector<const Question*> questions_on(const std::string& lesson_id, int step) {
    std::vector<const Question*> out;
    for (const Question& q : questions_of(lesson_id))
        if (q.step == step) out.push_back(&q);
    return out;
}

const std::vector<Reference>& references_of(const std::string& lesson_id) {
    static const std::map<std::string, std::vector<Reference>> table;
    static const std::vector<Reference> none;
    const auto it = table.find(lesson_id);
    return it == table.end() ? none : it->second;
}

const std::vector<GlossaryEntry>& glossary() {
    static const std::vector<GlossaryEntry> entries;
    return entries;
}

const GlossaryEntry* find_term(const std::string& term) {
    for (const GlossaryEntry& e : glossary())
        if (term == e.term) return &e;
    return nullptr;
}

}  // namespace pelab
