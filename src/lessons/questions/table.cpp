// PE Lab — lessons/questions/table.cpp
// The one table from lesson id to its questions (each lesson's list lives in lessons/questions/<lesson>.cpp),
// kept in step order. References are in questions/references.cpp, the glossary in questions/glossary.cpp.
//
// [SECTION] questions
#include <algorithm>
#include <map>

#include "lessons/questions/question_tables.h"

namespace pelab {

// [SECTION] questions
const std::vector<Question>& questions_of(const std::string& lesson_id) {
    static const std::map<std::string, std::vector<Question>> table = [] {
        std::map<std::string, std::vector<Question>> t = {
            {"f-delta", questions_f_delta()},
            {"attention-grid", questions_attention_grid()},
            {"absolute-pe", questions_absolute_pe()},
            {"shaw", questions_shaw()},
            {"t5-bias", questions_t5_bias()},
            {"rope", questions_rope()},
            {"long-context", questions_long_context()},
            {"cost", questions_cost()},
            {"vit-2d", questions_vit_2d()},
            {"open-models", joined({questions_open_models_1_3(), questions_open_models_4_6(), questions_open_models_7()})},
        };
        for (auto& entry : t)
            std::stable_sort(entry.second.begin(), entry.second.end(),
                             [](const Question& a, const Question& b) { return a.step < b.step; });
        return t;
    }();
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

}  // namespace pelab
