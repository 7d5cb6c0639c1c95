// PE Lab — lessons/open_models/steps_4_6.cpp
// PLACEHOLDER of the lesson skeleton (replaced by the helper that owns this file): the steps of this group
// return a one-line step so the lesson builds before the real steps land.
#include "lessons/lesson_util.h"
#include "lessons/open_models/open_models_lesson.h"

namespace pelab {
namespace open_models_lesson {

std::vector<ParamRow<Inputs>> rows_steps_4_6() { return {}; }
long long largest_array_steps_4_6(const ParamSet&) { return 1; }

Step longrope() {
    return {{"longrope", "longrope"}, {"longrope", "longrope"}, {}, [](const ParamSet&, Lang) {
                TableView t;
                t.values = RowMatrix::Constant(1, 1, 1.0);
                return std::vector<ViewData>{make_view("longrope", std::move(t), {})};
            }};
}

Step multimodal_rope() {
    return {{"multimodal_rope", "multimodal_rope"}, {"multimodal_rope", "multimodal_rope"}, {}, [](const ParamSet&, Lang) {
                TableView t;
                t.values = RowMatrix::Constant(1, 1, 1.0);
                return std::vector<ViewData>{make_view("multimodal_rope", std::move(t), {})};
            }};
}

Step decoupled_rope_mla() {
    return {{"decoupled_rope_mla", "decoupled_rope_mla"}, {"decoupled_rope_mla", "decoupled_rope_mla"}, {}, [](const ParamSet&, Lang) {
                TableView t;
                t.values = RowMatrix::Constant(1, 1, 1.0);
                return std::vector<ViewData>{make_view("decoupled_rope_mla", std::move(t), {})};
            }};
}

}  // namespace open_models_lesson
}  // namespace pelab
