// PE Lab — lessons/state.cpp
// The URL-sized app state: lesson, 1-based step, language and the lesson's parameters.
// Invalid input never leaves the state unrenderable: every problem is an issue and the old value stays.
#include "lessons/state.h"

#include <algorithm>
#include <cctype>

namespace pelab {

namespace {

const Lesson* first_lesson() {
    const auto& all = lesson_registry();
    return all.empty() ? nullptr : all.front();
}

// Choice spec listing the registered lesson ids, used for the message of an unknown lesson.
ParamSpec lesson_spec() {
    ParamSpec s;
    s.name = "lesson";
    s.kind = ParamKind::Choice;
    for (const Lesson* l : lesson_registry()) s.choices.push_back(l->id);
    return s;
}

void reset_to(const Lesson* lesson, AppState* state) {
    state->lesson = lesson;
    state->step = 1;
    state->params = lesson ? defaults(lesson->params) : ParamSet();
}

// The step as an Int spec, so "step=" follows the same grammar and messages as every parameter.
ParamSpec step_spec(const Lesson* lesson) {
    ParamSpec s;
    s.name = "step";
    s.kind = ParamKind::Int;
    s.min = 1;
    s.max = lesson ? std::max<double>(1.0, static_cast<double>(lesson->steps.size())) : 1.0;
    s.default_text = "1";
    return s;
}

// Choice spec for the language, only used for its message text.
ParamSpec lang_spec() {
    ParamSpec s;
    s.name = "lang";
    s.kind = ParamKind::Choice;
    s.choices = {"zh", "en"};
    return s;
}

}  // namespace

bool parse_lang(const std::string& text, Lang* out) {
    std::string lower;
    for (char ch : text) lower += static_cast<char>(std::tolower(static_cast<unsigned char>(ch)));
    Lang result;
    if (lower.rfind("zh", 0) == 0)
        result = Lang::zh;
    else if (lower.rfind("en", 0) == 0)
        result = Lang::en;
    else
        return false;
    if (out) *out = result;
    return true;
}

AppState default_state(Lang lang) {
    AppState s;
    s.lang = lang;
    reset_to(first_lesson(), &s);
    return s;
}

std::vector<ParamIssue> apply_query(const KeyValues& kv, AppState* state) {
    std::vector<ParamIssue> issues;
    if (!state) return issues;
    if (!state->lesson) reset_to(first_lesson(), state);

    // 1. lesson= first (the last one given wins); it resets step and parameters.
    for (const auto& [key, value] : kv) {
        if (key != "lesson") continue;
        if (const Lesson* l = find_lesson(value)) {
            reset_to(l, state);
        } else {
            std::string why;
            ParamValue ignored;
            parse_value(lesson_spec(), value, &ignored, &why);  // same quoting/escaping as every message
            issues.push_back({"lesson", why + "; keeping " + (state->lesson ? state->lesson->id : "")});
        }
    }
    if (!state->lesson) return issues;  // no lessons registered: nothing more can apply

    // 2. step= and lang=, in the order given.
    for (const auto& [key, value] : kv) {
        if (key == "step") {
            const ParamSpec spec = step_spec(state->lesson);
            ParamValue v;
            std::string why;
            if (!parse_value(spec, value, &v, &why)) {
                issues.push_back({"step", why + "; keeping " + std::to_string(state->step)});
            } else {
                state->step = static_cast<int>(v.nums[0]);
                if (!why.empty()) issues.push_back({"step", why + "; using " + std::to_string(state->step)});
            }
        } else if (key == "lang") {
            Lang lang;
            if (parse_lang(value, &lang)) {
                state->lang = lang;
            } else {
                std::string why;
                ParamValue ignored;
                parse_value(lang_spec(), value, &ignored, &why);
                issues.push_back({"lang", why + "; keeping " + (state->lang == Lang::zh ? "zh" : "en")});
            }
        }
    }

    // 3. Everything else is a lesson parameter.
    std::vector<ParamIssue> param_issues =
        parse_params(state->lesson->params, kv, &state->params, {"lesson", "step", "lang"});
    issues.insert(issues.end(), param_issues.begin(), param_issues.end());
    return issues;
}

std::string to_query(const AppState& state) {
    KeyValues kv;
    if (state.lesson) kv.emplace_back("lesson", state.lesson->id);
    kv.emplace_back("step", std::to_string(state.step));
    kv.emplace_back("lang", state.lang == Lang::zh ? "zh" : "en");
    if (state.lesson) {
        for (const ParamSpec& spec : state.lesson->params) {
            auto it = state.params.all().find(spec.name);
            kv.emplace_back(spec.name, it == state.params.all().end() ? spec.default_text : format_value(spec, it->second));
        }
    }
    return join_query(kv);
}

}  // namespace pelab
