// PE Lab — lessons/questions/open_models_4_6.cpp
// PLACEHOLDER of the lesson skeleton (replaced by the helper that owns it): the questions and references of
// lesson "open-models" for its steps 4–6.
#include "lessons/questions/question_tables.h"

namespace pelab {

std::vector<Question> questions_open_models_4_6() { return {}; }
std::vector<Reference> references_open_models_4_6() { return {}; }

}  // namespace pelab
