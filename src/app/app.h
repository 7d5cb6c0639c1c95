// PE Lab — app/app.h
// The program state (one plain struct, sokol-style) and the per-frame UI that edits it.
// The platform layer owns the window and the loop; it calls app_frame() between ImGui::NewFrame()
// and ImGui::Render(), and reads back what changed (hash/URL, redraw requests).
#pragma once
#include <cstdint>
#include <functional>
#include <initializer_list>
#include <map>
#include <set>
#include <string>
#include <vector>

#include "app/layout.h"
#include "lessons/state.h"
#include "lessons/view_export.h"
#include "views/views.h"

struct ImFont;

namespace pelab {

// What the app asks of the platform (download, clipboard, full screen, figure capture). Unset hooks
// hide the matching buttons, so every build only offers what it can do.
struct AppServices {
    // Offers `content` as a file: a browser download, or a file in the working directory on desktop.
    std::function<void(const std::string& file_name, const std::string& mime, const std::string& content)> save_file;
    // Copies text; the platform reports success or failure later through app_toast().
    std::function<void(const std::string& text)> copy_text;
    std::function<void()> toggle_fullscreen;
    // The address of this exact view (web: the page URL with its hash; desktop: key=value arguments).
    std::function<std::string(const std::string& query)> view_link;
    // Captures the screen rectangle [x0,y0]-[x1,y1] (UI units) after this frame at `scale`× and saves it as PNG.
    std::function<void(float x0, float y0, float x1, float y1, int scale, const std::string& file_name)> capture_png;
    // Fetch texts that are not in memory (the web page; lessons/bilingual.h texts_loaded): a language's part ""
    // or a lesson's (its id). The platform answers with app_texts_arrived or app_texts_failed.
    std::function<void(Lang lang, const std::string& part)> fetch_texts;
};

// Playback of the current step's timeline (Step::timeline). Not URL state: only the paused value is.
struct Playback {
    bool playing = false;
    double position = 0;              // where the timeline is, continuous (an Int key shows its whole part)
    double speed = 1;                 // 0.5, 1 or 2
    const Lesson* lesson = nullptr;   // the entry and step it plays (another step stops it)
    int step = 0;
    bool reduced_motion = false;      // the system asks for reduced motion: play=1 in a URL starts nothing
};

// The current step's views, recomputed only when the state's version changes.
struct StepViews {
    std::vector<ViewData> list;
    std::string takeaway;             // the step's takeaway at the same state (Step::takeaway, its numbers filled)
    uint64_t state_version = 0;       // state.version the views were computed for
    const Lesson* lesson = nullptr;   // and the entry and step they show (a new step resets the zoom)
    int step = 0;
    uint64_t version = 0;             // counts recomputations (the views' data version for caches)
    uint64_t live_revision = 0;       // the lesson's live_revision() they were computed for
    const Lesson* opened = nullptr;   // the lesson whose `opened` hook last ran
};

// What the learner did on a step that is not URL state: the whole text opened, the questions answered.
struct StepReading {
    bool prose_open = false;          // the learner opened the step's whole text ("more"); a new step closes it
    const Lesson* lesson = nullptr;   // the entry and step prose_open belongs to
    int step = 0;
    std::map<std::string, int> answers;  // the choice picked per question ("lesson/step/index")
    std::set<std::string> revealed;      // steps whose predictions the learner revealed unanswered ("lesson/step")
    // The question just answered: its verdict and explanation are scrolled into the column's view once drawn
    // (the explanation may run below the parameters' column).
    std::string reveal;
    // A link to another lesson was clicked: the keys it opens (lesson=, step=), applied as the next frame
    // begins, not while the step that holds the link is being drawn.
    KeyValues follow;
};

// Where an equation of the step was drawn (layout JSON kind "equation"), in UI units.
struct DrawnEquation {
    std::string tex;  // empty while covered
    ImVec2 min, max;
    bool covered = false;  // by a prediction not yet answered (drawn as an empty box)
};

// A question of the step as drawn this frame (pelab.questions()): its prompt, each choice's words and button
// rectangle (UI units), the choice picked (-1 = none yet), and what was revealed after it (else empty).
struct DrawnQuestion {
    std::string prompt;
    std::vector<std::string> choices;
    std::vector<std::pair<ImVec2, ImVec2>> buttons;
    int picked = -1;
    bool predict = false;             // asked before the evidence (Question::predict)
    std::string verdict, explanation;
};

// A link drawn in the step's prose (pelab.links()): its term (a glossary term, or lesson:ID[/STEP]), its words
// and where they were drawn (UI units).
struct DrawnLink {
    std::string term, words;
    ImVec2 min, max;
};

// A button of the step (Step::actions) as drawn this frame (pelab.actions()): its words, whether it could be
// pressed, and where (UI units).
struct DrawnAction {
    std::string label;
    bool enabled = true;
    ImVec2 min, max;
};

// What the last frame drew, for the host page (app_layout_json, app_questions_json) and the export menu.
struct DrawnFrame {
    std::vector<DrawnView> views;     // where each view was drawn
    std::vector<size_t> view_of;      // for each of them, the index of the view (of the step) it belongs to
    std::vector<std::pair<ImVec2, ImVec2>> figure_rects;  // full extent of each view (title, labels, legend)
    std::vector<DrawnEquation> equations;  // the equations, after the figures in app_layout_json
    std::vector<DrawnQuestion> questions;  // the questions (app_questions_json)
    std::vector<DrawnLink> links;     // the prose's links (app_links_json)
    std::vector<DrawnAction> actions;  // the step's buttons (app_actions_json)
    // The takeaway as drawn under the title (layout JSON kind "takeaway"), and whether it and the figures were
    // covered by a prediction not yet answered.
    std::string takeaway;
    LayoutRect takeaway_rect;
    bool has_takeaway = false, covered = false;
    bool counter_in_bar = true;       // the bottom bar had room for "Step n / N" (else it shows above the title)
    // The page as the layout function (layout_page, app/layout.h) places it from this frame's measurements, taken
    // before the step is drawn: app_layout_json reports it beside what was drawn, so that a test can check that
    // the drawing follows the function the unit tests check (tests/browser/layout.test.mjs). Unscrolled.
    PageLayout planned;
    bool has_planned = false;         // the step was drawn this frame (not the blank screen)
    // The side column's content (the parameters and the questions) as drawn, whole: from its top to
    // the bottom of its last item, however far that runs below the column's window (layout JSON kind
    // "controls"; none when the step has no side column). `side_window` is the column's window.
    bool has_side = false;
    LayoutRect side_content, side_window;
};

// The screen: the fonts, the style applied, the presenter's blank screen.
struct Screen {
    ImFont* font_body = nullptr;      // set by the platform after the atlas is built
    ImFont* font_title = nullptr;
    Theme styled_theme = Theme::light;
    double styled_scale = 0;          // fontscale the style's sizes were scaled for (0 = not yet styled)
    bool blanked = false;             // presenter's "B": a black screen until the next key
};

// What the step draws under its figures when there is no side column (the parameters, the questions, the
// references): its height where it was last drawn. The page layout needs it to decide the step window's
// scrollbar before drawing (PageLayoutInput::below_h); a new step, language or window measures again.
struct MeasuredBelow {
    const Lesson* lesson = nullptr;
    int step = 0;
    Lang lang = Lang::en;
    ImVec2 window{0, 0};
    float height = -1.0f;             // -1: not measured for these
};

// A short confirmation ("Copied"), shown for a few seconds.
struct Toast {
    std::string message;
    double until = 0;
};

// What the app asks of the platform's loop.
struct Redraw {
    int frames = 0;                   // extra frames the UI needs to settle (layout, hover)
    double wake_at = 0;               // ImGui time at which a frame is needed without input (toast expiry)
};

// A state asked for whose texts are still on their way (the web page loads its texts in parts: a language, a
// lesson's steps); the screen keeps the state it shows meanwhile, and later changes apply to this one.
struct PendingState {
    bool active = false;
    AppState state;
};

// The program state, grouped by concern.
struct App {
    AppState state;                   // what the URL says (lessons/state.h)
    std::vector<ParamIssue> notices;  // shown until dismissed; bad URL/argv input lands here
    AppServices services;
    StepViews views;
    ViewInteraction interaction;      // zoom, hover, drags of the figures
    StepReading reading;
    Playback playback;
    DrawnFrame drawn;
    MeasuredBelow below;
    Screen screen;
    Toast toast;
    Redraw redraw;
    PendingState pending;
};

// A short message shown at the bottom for a few seconds (e.g. clipboard result).
void app_toast(App* app, const std::string& message);

// Adds issues to the notices: duplicates of a shown notice are dropped, at most 12 are kept (the latest).
void app_add_notices(App* app, const std::vector<ParamIssue>& issues);
// Takes `play` (an instruction to the app, not URL state) out of kv: 1 = play, 0 = pause, -1 = absent. app_init,
// app_apply and app_restore do this themselves; a platform validating arguments on its own calls it first.
int app_take_play_key(KeyValues* kv);
// Default state in `lang`, then `args` applied (issues become notices). play=1 starts the step's timeline
// unless app->playback.reduced_motion is set.
void app_init(App* app, const KeyValues& args, Lang lang);
// Applies key=value pairs on top of the current state; problems become notices. When `lesson`
// names the current lesson it does not reset the parameters.
void app_apply(App* app, const KeyValues& kv);
// Replaces the whole state by `kv` applied on the defaults (what a changed URL hash means).
void app_restore(App* app, const KeyValues& kv);
// Texts in memory: app_apply and app_restore never show a state whose texts (its language's, its lesson's and the
// lesson it opens over) are not; they keep the state shown, ask services.fetch_texts, say so in a toast, and
// the state asked for follows in app_texts_arrived; a part that cannot be had drops it, with a notice.
// app_init has no state shown yet: the platform draws no frame until app_texts_in_memory (app_request_texts).
bool app_texts_in_memory(const AppState& s);
void app_request_texts(App* app, const AppState& s);
void app_texts_arrived(App* app);
void app_texts_failed(App* app, const std::string& why);
// Step navigation keys. The platform delivers them straight from its key-down events, because a
// presentation clicker's press and release can land in the same frame, which ImGui 1.86 would miss.
enum class NavKey { Next, Prev, First, Last, Blank, TogglePlay, Reveal };
// Whether the current step's figures, their notes and its takeaway are covered: it asks a prediction
// (step_has_prediction) that the learner has neither answered nor revealed, and the page does not say reveal=1.
bool app_step_covered(const App& app);
// Opens the current step's predictions unanswered (the Reveal button, key R).
void app_reveal(App* app);
void app_nav_key(App* app, NavKey key);
// Starts (on) or pauses the current step's timeline; returns whether the step has one (JS pelab.play).
// While playing the app asks for a frame every frame; paused, it idles again.
bool app_play(App* app, bool on);
bool app_has_timeline(const App& app);
// Builds the whole UI for one frame.
void app_frame(App* app, MatrixPainter* painter);
// What the export menu's text items do, for view `view` of the current step: download (save_file) or copy
// it as CSV/JSON/LaTeX; a position map exports the window on screen. Also "copy link". (The
// browser tests call these through window.pelab, as they call exportPng.)
void app_export_text(App* app, int view, ExportFormat format, bool copy);
void app_copy_link(App* app);

// The current step's figures in words and numbers, one line per figure (lessons/view_text.h), then the
// playback position when the step has a timeline: the text mirror and the print view read these.
std::vector<std::string> app_figure_descriptions(const App& app);
// The step's equations as MathML (built at build time), for screen readers: one string per equation.
std::vector<std::string> app_equation_mathml(const App& app);

// {"lesson":"f-delta","step":4,"lang":"en","params":{"L":6,"omega":[1.5708,1.0472],...}}
std::string app_state_json(const App& app);
// [{"id":"f-delta","steps":8,"title":"..."}] in the current language: the curriculum for host pages.
std::string app_lessons_json(const App& app);
// [{"key":"L","message":"..."}]
std::string app_notices_json(const App& app);
// [{"kind":"heatmap","title":"...","x":..,"y":..,"w":..,"h":..,"rows":..,"cols":..,"visible":true}] in UI units:
// the step's primary figure first, then its other figures (visible: the whole view, notes included, is on the
// step's first screen without scrolling; app/layout.h), then its equations ({"kind":"equation","title":TeX,x,y,w,h}).
// Each figure also has "extent" (the whole view as drawn: title, figure, notes) and "planned" (where layout_page
// puts the whole view), each {x,y,w,h}; each equation has "planned" (its box in layout_page); planned rectangles
// are unscrolled.
std::string app_layout_json(const App& app);
// The step's questions as drawn in the last frame: [{prompt, choices: [{text, x, y, w, h}], picked, verdict,
// explanation}] (verdict and explanation empty until a choice is picked), for tests and assistive tools.
std::string app_questions_json(const App& app);
// The links in the step's prose as drawn in the last frame: [{term, words, x, y, w, h}] (a glossary term, or
// "lesson:ID" / "lesson:ID/STEP" for a link that opens another lesson), for tests and assistive tools.
std::string app_links_json(const App& app);
// The step's buttons as drawn in the last frame: [{label, enabled, x, y, w, h}] (the lab's "Train").
std::string app_actions_json(const App& app);

// A view's size queries for the page layout (layout.h), as the view is drawn in `lang`; the view must outlive them.
ViewSizes view_sizes_of(const ViewData& view, Lang lang);
// What the references under a lesson's last step take `width` wide, as the cursor moves past them (0 on other steps).
float references_height(const Lesson& lesson, int step, Lang lang, float width);

// Where the first sentence of a step's text ends (what the collapsed text shows): after "。！？", or after
// ". ! ?" followed by a space and the next sentence, not after an abbreviation ("i.e.", "et al."); the text's
// length when it is one sentence.
size_t prose_first_sentence_end(const std::string& text);
// Sets ImGui's style to the app's for `theme` at fontscale `scale` (its paddings and spacings are what the
// layout measures with; tests/app/layout_test.cpp sets them as the app does).
void app_apply_style(Theme theme, float scale);

// The chrome's own strings (buttons, headings), Texts like the lessons' (app/ui_text.cpp), shown through say().
enum class UiText {
    AppName, Lesson, Steps, Step, Prev, Next, Parameters, Language, Notices, Dismiss, ResetParams, NoticeIntro,
    Export, ExportPng1, ExportPng2, DownloadCsv, DownloadJson, DownloadLatex, CopyCsv, CopyJson, CopyLatex, CopyLink,
    FullScreen, Copied, CopyFailed, Saved, Blanked, LanguageLoading, LanguageFailed, TextsLoading, TextsFailed,
    More, Less, Play, Pause, StepBack, StepForward, Speed, Loops, Predict, Check, PredictFirst, PredictFirstTakeaway, Reveal, Right, NotQuite, References, ReferenceCode,
    OpensLesson, OpensLessonStep,
    Count
};
const Text& ui_text(UiText id);
// say(lang, ui_text(id), args): the string in `lang` with its placeholders ({step}, {count}, {file}) filled.
std::string ui_say(Lang lang, UiText id, std::initializer_list<Arg> args = {});

}  // namespace pelab
