// PE Lab — app/app.h
// The program state (one plain struct, sokol-style) and the per-frame UI that edits it.
// The platform layer owns the window and the loop; it calls app_frame() between ImGui::NewFrame()
// and ImGui::Render(), and reads back what changed (hash/URL, redraw requests).
#pragma once
#include <cstdint>
#include <string>
#include <vector>

#include "lessons/state.h"
#include "views/views.h"

struct ImFont;

namespace pelab {

struct App {
    AppState state;
    std::vector<ParamIssue> notices;  // shown until dismissed; bad URL/argv input lands here
    // Views of the current step, recomputed only when the state's query string changes.
    std::vector<ViewData> views;
    std::string views_query;
    uint64_t views_version = 0;
    ViewInteraction interaction;
    std::vector<DrawnView> drawn;     // where each view was drawn in the last frame
    ImFont* font_body = nullptr;      // set by the platform after the atlas is built
    ImFont* font_title = nullptr;
    int frames_wanted = 0;            // extra frames the UI needs to settle (layout, hover)
};

// Default state in `lang`, then `args` applied (issues become notices).
void app_init(App* app, const KeyValues& args, Lang lang);
// Applies key=value pairs on top of the current state; problems become notices. When `lesson`
// names the current lesson it does not reset the parameters.
void app_apply(App* app, const KeyValues& kv);
// Replaces the whole state by `kv` applied on the defaults (what a changed URL hash means).
void app_restore(App* app, const KeyValues& kv);
// Step navigation keys. The platform delivers them straight from its key-down events, because a
// presentation clicker's press and release can land in the same frame, which ImGui 1.86 would miss.
enum class NavKey { Next, Prev, First, Last };
void app_nav_key(App* app, NavKey key);
// Builds the whole UI for one frame.
void app_frame(App* app, MatrixPainter* painter);

// {"lesson":"f-delta","step":4,"lang":"en","params":{"L":6,"omega":[1.5708,1.0472],...}}
std::string app_state_json(const App& app);
// [{"id":"f-delta","steps":8,"title":"..."}] in the current language: the curriculum for host pages.
std::string app_lessons_json(const App& app);
// [{"key":"L","message":"..."}]
std::string app_notices_json(const App& app);
// [{"kind":"heatmap","title":"...","x":..,"y":..,"w":..,"h":..,"rows":..,"cols":..}] in UI units.
std::string app_layout_json(const App& app);

// The chrome's own strings (buttons, headings), bilingual like the lessons (app/ui_text.cpp).
enum class UiText {
    AppName, Lesson, Steps, Step, Prev, Next, Parameters, Language, Notices, Dismiss, ResetParams, NoticeIntro,
    Count
};
const char* ui_text(UiText id, Lang lang);

}  // namespace pelab
