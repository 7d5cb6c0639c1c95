// PE Lab — lessons/open_models/step_7.cpp
// PLACEHOLDER of the lesson skeleton (replaced by the helper that owns this file): the steps of this group
// return a one-line step so the lesson builds before the real steps land.
#include "lessons/lesson_util.h"
#include "lessons/open_models/open_models_lesson.h"

namespace pelab {
namespace open_models_lesson {

std::vector<ParamRow<Inputs>> rows_step_7() { return {}; }
long long largest_array_step_7(const ParamSet&) { return 1; }

Step model_presets() {
    return {{"model_presets", "model_presets"}, {"model_presets", "model_presets"}, {}, [](const ParamSet&, Lang) {
                TableView t;
                t.values = RowMatrix::Constant(1, 1, 1.0);
                return std::vector<ViewData>{make_view("model_presets", std::move(t), {})};
            }};
}

}  // namespace open_models_lesson
}  // namespace pelab
