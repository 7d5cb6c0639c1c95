// PE Lab — lessons/state.h
// The whole view state, small enough for a URL: lesson, step (1-based), language, parameters.
// The same key=value pairs come from the page hash, desktop argv and postMessage.
#pragma once
#include <cstdint>
#include <string>
#include <vector>

#include "core/io/params.h"
#include "lessons/lesson.h"

namespace pelab {

enum class Theme { light, dark, contrast };

// How the widget presents itself (embedding, presenting). Also URL keys; emitted only when not default.
struct DisplayOptions {
    bool embed = false;           // embed=1: no app header or step list, only the lesson's own controls
    bool controls = true;         // controls=0: no parameter editors and no navigation bar (figure only)
    int step_min = 1;             // steps=3-5: the learner stays within these steps
    int step_max = 1 << 20;
    Theme theme = Theme::light;   // theme=light|dark|contrast (contrast: presenter high-contrast)
    double fontscale = 1.0;       // fontscale=0.75..3 (presenter: large text)
    // reveal=1: every prediction shown open (a lecturer's page, a printed handout); the learner's own Reveal is
    // kept per step outside the URL (app StepReading).
    bool reveal = false;
};

struct AppState {
    const Lesson* lesson = nullptr;  // the entry shown: a lesson, or an overlay (the map page, map=)
    const Lesson* host = nullptr;    // an overlay's: the lesson it opened over and returns to (lesson= in URLs)
    int step = 1;                 // 1-based, as in URLs
    Lang lang = Lang::en;
    ParamSet params;              // always complete for `lesson`
    DisplayOptions display;
    // Changes whenever anything above may have changed (apply_query, mark_changed): what the app and the
    // platforms compare to know that the figures, the URL or the mirrored text are out of date. Drawn from
    // one counter, so a state built afresh never repeats the version of an older one.
    std::uint64_t version = 0;
};

// Gives *state a new version (after editing its fields directly, e.g. the step).
void mark_changed(AppState* state);

// Keys of DisplayOptions, in URL order.
const std::vector<std::string>& display_keys();

// The first lesson, step 1, its defaults, language `lang`.
AppState default_state(Lang lang);

// Applies key=value pairs (lesson, step, lang and the lesson's parameters) to *state.
// A `lesson=` key is applied first and resets the parameters to that lesson's defaults. An overlay's key
// (`map=`) then opens that entry on top of the lesson (its parameters come from the overlay's table).
// Every problem (unknown lesson/key, bad step, malformed or out-of-range value) is returned as an
// issue naming the key and its valid range; the state always stays valid and renderable.
// A step number's meaning: in a link (the URL, the desktop app's arguments) it is the number the link was
// written with, a renumbered lesson's old one (Lesson::old_numbering); from the running widget's API (setState,
// postMessage, the app's own edits) it is today's position, the one state() reports.
enum class StepNumbers { links, positions };
std::vector<ParamIssue> apply_query(const KeyValues& kv, AppState* state, StepNumbers numbers = StepNumbers::links);

// The id URLs and the JS API use for the lesson: the host lesson's while an overlay is open.
const char* lesson_id(const AppState& state);

// "lesson=f-delta&step=4&lang=en&L=6&omega=...": every parameter, in spec order.
std::string to_query(const AppState& state);

// Parses "zh"/"en"; also accepts browser locales such as "zh-CN", "en-US" (anything starting with zh → zh).
bool parse_lang(const std::string& text, Lang* out);

}  // namespace pelab
