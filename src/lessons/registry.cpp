// PE Lab — lessons/registry.cpp
// Every lesson in curriculum order, one line each. A lesson file defines `const Lesson* lesson_<name>()`.
#include "lessons/lesson.h"

namespace pelab {

const Lesson* lesson_f_delta();  // lessons/f_delta.cpp

const std::vector<const Lesson*>& lesson_registry() {
    static const std::vector<const Lesson*> registry = {
        lesson_f_delta(),
    };
    return registry;
}

const Lesson* find_lesson(const std::string& id) {
    for (const Lesson* lesson : lesson_registry())
        if (lesson && id == lesson->id) return lesson;
    return nullptr;
}

}  // namespace pelab
