// PE Lab — lessons/questions/open_models_7.cpp
// PLACEHOLDER of the lesson skeleton (replaced by the helper that owns it): the questions and references of
// lesson "open-models" for its steps 7.
#include "lessons/questions/question_tables.h"

namespace pelab {

std::vector<Question> questions_open_models_7() { return {}; }
std::vector<Reference> references_open_models_7() { return {}; }

}  // namespace pelab
