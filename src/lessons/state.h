// PE Lab — lessons/state.h
// The whole view state, small enough for a URL: lesson, step (1-based), language, parameters.
// The same key=value pairs come from the page hash, desktop argv and postMessage.
#pragma once
#include <string>
#include <vector>

#include "core/params.h"
#include "lessons/lesson.h"

namespace pelab {

struct AppState {
    const Lesson* lesson = nullptr;
    int step = 1;                 // 1-based, as in URLs
    Lang lang = Lang::en;
    ParamSet params;              // always complete for `lesson`
};

// The first lesson, step 1, its defaults, language `lang`.
AppState default_state(Lang lang);

// Applies key=value pairs (lesson, step, lang and the lesson's parameters) to *state.
// A `lesson=` key is applied first and resets the parameters to that lesson's defaults.
// Every problem (unknown lesson/key, bad step, malformed or out-of-range value) is returned as an
// issue naming the key and its valid range; the state always stays valid and renderable.
std::vector<ParamIssue> apply_query(const KeyValues& kv, AppState* state);

// "lesson=f-delta&step=4&lang=en&L=6&omega=...": every parameter, in spec order.
std::string to_query(const AppState& state);

// Parses "zh"/"en"; also accepts browser locales such as "zh-CN", "en-US" (anything starting with zh → zh).
bool parse_lang(const std::string& text, Lang* out);

}  // namespace pelab
