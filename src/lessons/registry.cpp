// PE Lab — lessons/registry.cpp
// Every lesson in curriculum order, one line each. A lesson file defines `const Lesson* lesson_<name>()`.
#include "lessons/lesson.h"

namespace pelab {

const Lesson* lesson_f_delta();         // lessons/f_delta.cpp        (seed 000)
// [issue 3 lessons: attention-grid, absolute-pe, shaw, t5-bias]
// [issue 4 lessons: rope, long-context, cost, vit-2d]

const std::vector<const Lesson*>& lesson_registry() {
    static const std::vector<const Lesson*> registry = {
        lesson_f_delta(),
        // [issue 3 lessons, in this order: attention-grid, absolute-pe, shaw, t5-bias]
        // [issue 4 lessons, in this order: rope, long-context, cost, vit-2d]
    };
    return registry;
}

const Lesson* find_lesson(const std::string& id) {
    for (const Lesson* lesson : lesson_registry())
        if (lesson && id == lesson->id) return lesson;
    return nullptr;
}

}  // namespace pelab
