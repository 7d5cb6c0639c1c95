// PE Lab — lessons/registry.cpp
// The registry table: every entry, one line each. The curriculum lessons come in the order of the lesson menu;
// whether an entry is in the curriculum is said by the entry itself (Lesson::in_curriculum in its lesson.cpp),
// never here. A lesson's folder defines `const Lesson* lesson_<name>()` in its lesson.cpp.
#include "lessons/lesson.h"

#include <algorithm>

#include "core/quantities/quantity.h"

namespace pelab {

const Lesson* lesson_f_delta();         // lessons/f_delta/        (source notes 000)
const Lesson* lesson_attention_grid();  // lessons/attention_grid/ (source notes 002)
const Lesson* lesson_absolute_pe();     // lessons/absolute_pe/    (source notes 001; 004 §1–3)
const Lesson* lesson_shaw();            // lessons/shaw/            (source notes 001)
const Lesson* lesson_t5_bias();         // lessons/t5_bias/         (source notes 001)
const Lesson* lesson_rope();            // lessons/rope/            (source notes 003; 004 §5)
// long-context split in two: the problem past the training length first, then scaling RoPE
const Lesson* lesson_beyond_training(); // lessons/beyond_training/ (source notes 004 §4.3–4.4)
const Lesson* lesson_long_context();    // lessons/long_context/    (source notes 004 §4.3–5.4)
const Lesson* lesson_length_lab();      // lessons/length_lab/      (trained here: core/lab_*.h)
const Lesson* lesson_cost();            // lessons/cost/            (source notes 004 §6)
const Lesson* lesson_vit_2d();          // lessons/vit_2d/          (source notes 004 §7; 002)
const Lesson* lesson_open_models();     // lessons/open_models/     (released models' configurations and code)
// [the entries that open only by URL, kept last]
const Lesson* lesson_example();         // lessons/example/         (the template of docs/adding-a-lesson.md)
const Lesson* lesson_position_maps();   // lessons/position_maps/   (the map page, opened by map=)

const std::vector<const Lesson*>& every_lesson() {
    static const std::vector<const Lesson*> registry = {
        lesson_f_delta(),
        lesson_attention_grid(),
        lesson_absolute_pe(),
        lesson_shaw(),
        lesson_t5_bias(),
        lesson_rope(),
        lesson_beyond_training(),  // split out of long-context, just before it
        lesson_long_context(),
        lesson_length_lab(),  // after long-context, whose claims it tests
        lesson_cost(),
        lesson_vit_2d(),
        lesson_open_models(),
        // [the entries that open only by URL, kept last]
#ifndef PELAB_NO_EXAMPLE_LESSON  // the web build leaves the example out (src/lessons/CMakeLists.txt)
        lesson_example(),
#endif
        lesson_position_maps(),
    };
    return registry;
}

const std::vector<const Lesson*>& lesson_registry() {
    static const std::vector<const Lesson*> curriculum = [] {
        std::vector<const Lesson*> out;
        for (const Lesson* lesson : every_lesson())
            if (lesson && lesson->in_curriculum) out.push_back(lesson);
        return out;
    }();
    return curriculum;
}

const Lesson* find_lesson(const std::string& id) {
    for (const Lesson* lesson : every_lesson())
        if (lesson && !lesson->overlay_key && id == lesson->id) return lesson;
    return nullptr;
}

bool is_lesson_link(const std::string& term) { return term.compare(0, 7, "lesson:") == 0; }

const Lesson* linked_lesson(const std::string& term, int* step) {
    if (!is_lesson_link(term)) return nullptr;
    const std::string target = term.substr(7);
    const size_t slash = target.find('/');
    const Lesson* lesson = find_lesson(target.substr(0, slash));
    if (!lesson) return nullptr;
    int number = 1;
    if (slash != std::string::npos) lesson = lesson_of_step_id(*lesson, target.substr(slash + 1), &number);
    if (!lesson) return nullptr;
    if (step) *step = number;
    return lesson;
}

const Lesson* find_overlay(const std::string& key) {
    for (const Lesson* lesson : every_lesson())
        if (lesson && lesson->overlay_key && key == lesson->overlay_key) return lesson;
    return nullptr;
}

const char* figure_kind_name(ViewKind kind) {
    static const char* const names[] = {"heatmap", "table", "curve", "posmap", "phasor", "odometer", "bars"};
    static_assert(sizeof names / sizeof names[0] == std::variant_size_v<decltype(ViewData::figure)>,
                  "one name per kind of figure, in ViewKind order");
    return names[static_cast<int>(kind)];
}

std::string step_takeaway(const Step& step, const ParamSet& params, Lang lang) {
    return step.takeaway_args ? say(lang, step.takeaway, step.takeaway_args(params, lang)) : say(lang, step.takeaway);
}

std::vector<Arg> step_body_args(const Step& step, Lang lang) {
    // body_args is the lesson's whole set of facts; a body names some of them (say() refuses arguments it does not use).
    std::vector<Arg> used;
    if (!step.body_args) return used;
    for (Arg& a : step.body_args(lang)) {
        const std::string placeholder = std::string("{") + a.name + "}";
        if (std::string(step.body.zh).find(placeholder) != std::string::npos ||
            std::string(step.body.en).find(placeholder) != std::string::npos)
            used.push_back(std::move(a));
    }
    return used;
}

std::string step_body(const Step& step, Lang lang) { return say(lang, step.body, step_body_args(step, lang)); }

bool step_has_prediction(const Step& step) {
    for (const Question& q : step.questions)
        if (q.predict) return true;
    return false;
}

int step_number_of(const Lesson& lesson, const std::string& id) {
    for (std::size_t i = 0; i < lesson.steps.size(); ++i)
        if (lesson.steps[i].id && id == lesson.steps[i].id) return static_cast<int>(i) + 1;
    return 0;
}

const char* step_id_at(const Lesson& lesson, int step) {
    return step >= 1 && step <= int(lesson.steps.size()) ? lesson.steps[size_t(step - 1)].id : nullptr;
}

int linked_step_count(const Lesson& lesson) {
    return int(lesson.old_numbering.empty() ? lesson.steps.size() : lesson.old_numbering.size());
}

namespace {

// lesson_of_step_id, `hops` moves deep: a moved step's target may itself have moved again, a few times at most (a
// table that loops ends here instead of recursing forever).
const Lesson* step_id_home(const Lesson& lesson, const std::string& id, int* step, int hops) {
    if (const int n = step_number_of(lesson, id)) {
        if (step) *step = n;
        return &lesson;
    }
    if (hops > 4) return nullptr;
    const std::size_t slash = id.find('/');
    if (slash != std::string::npos) {  // "lesson-id/step-id": a moved step's target, or an old_numbering entry
        const Lesson* other = find_lesson(id.substr(0, slash));
        return other ? step_id_home(*other, id.substr(slash + 1), step, hops + 1) : nullptr;
    }
    for (const auto& [from, to] : lesson.moved_steps)
        if (from && to && id == from) return step_id_home(lesson, to, step, hops + 1);
    return nullptr;
}

}  // namespace

const Lesson* lesson_of_step_id(const Lesson& lesson, const std::string& id, int* step) {
    return step_id_home(lesson, id, step, 0);
}

const Lesson* lesson_of_linked_number(const Lesson& lesson, int n, int* step, bool range_end) {
    const int count = linked_step_count(lesson);
    n = std::clamp(n, 1, std::max(1, count));
    int at = n;
    const Lesson* home = &lesson;
    if (!lesson.old_numbering.empty()) {
        home = lesson_of_step_id(lesson, lesson.old_numbering[size_t(n - 1)], &at);
        if (!home) {  // a table naming no step (the step-id tests fail on it): the lesson's first step
            home = &lesson;
            at = 1;
        }
        if (range_end) {  // the step before the next old number's content in the same lesson, else its last step
            int end = int(home->steps.size());
            for (const char* id : lesson.old_numbering) {
                int start = 0;
                if (id && lesson_of_step_id(lesson, id, &start) == home && start > at) end = std::min(end, start - 1);
            }
            at = end;
        }
    }
    if (step) *step = at;
    return home;
}

int step_of_linked_number(const Lesson& lesson, int n, bool range_end) {
    int step = 0;
    return lesson_of_linked_number(lesson, n, &step, range_end) == &lesson ? step : 0;
}

bool lesson_within_budget(const Lesson& lesson, const ParamSet& params, std::string* why) {
    if (!lesson.result_shape) return true;
    return within_result_budget(lesson.id, lesson.result_shape(params), why);
}

}  // namespace pelab
