// PE Lab — lessons/open_models/steps_1_3.cpp
// PLACEHOLDER of the lesson skeleton (replaced by the helper that owns this file): the steps of this group
// return a one-line step so the lesson builds before the real steps land.
#include "lessons/lesson_util.h"
#include "lessons/open_models/open_models_lesson.h"

namespace pelab {
namespace open_models_lesson {

std::vector<ParamRow<Inputs>> rows_steps_1_3() { return {}; }
long long largest_array_steps_1_3(const ParamSet&) { return 1; }

Step partial_rotation() {
    return {{"partial_rotation", "partial_rotation"}, {"partial_rotation", "partial_rotation"}, {}, [](const ParamSet&, Lang) {
                TableView t;
                t.values = RowMatrix::Constant(1, 1, 1.0);
                return std::vector<ViewData>{make_view("partial_rotation", std::move(t), {})};
            }};
}

Step two_bases() {
    return {{"two_bases", "two_bases"}, {"two_bases", "two_bases"}, {}, [](const ParamSet&, Lang) {
                TableView t;
                t.values = RowMatrix::Constant(1, 1, 1.0);
                return std::vector<ViewData>{make_view("two_bases", std::move(t), {})};
            }};
}

Step layers_without_position() {
    return {{"layers_without_position", "layers_without_position"}, {"layers_without_position", "layers_without_position"}, {}, [](const ParamSet&, Lang) {
                TableView t;
                t.values = RowMatrix::Constant(1, 1, 1.0);
                return std::vector<ViewData>{make_view("layers_without_position", std::move(t), {})};
            }};
}

}  // namespace open_models_lesson
}  // namespace pelab
