// PE Lab — app/app_state.cpp
// The program's state changes: notices, applying key=value pairs (the URL parser's checks are the only gate every
// value passes), step navigation, recomputing the step's views when the state changed; and the playback of a
// step's timeline, which moves its key through app_apply like any other edit; a change whose texts are not in
// memory yet (the web page receives them in parts) waits on the state shown.
//
// Index of this file:
// [SECTION] state changes
// [SECTION] texts in memory
// [SECTION] navigation
// [SECTION] playback
#include "app/app.h"
#include "app/app_internal.h"

#include <algorithm>
#include <cmath>
#include <unordered_set>

#include "core/io/text.h"
#include "imgui.h"

namespace pelab {

// [SECTION] state changes ----------------------------------------------------------------------

// Shown notices are de-duplicated through a hash set and capped while they are collected (the oldest
// goes first), so a flood of issues costs time linear in their number.
void app_add_notices(App* app, const std::vector<ParamIssue>& issues) {
    // A long list of notices would bury the lesson; keep the latest few.
    constexpr size_t kMaxNotices = 12;
    auto id = [](const ParamIssue& n) { return n.key + '\0' + n.message; };
    std::unordered_set<std::string> shown;
    for (const ParamIssue& n : app->notices) shown.insert(id(n));
    for (const ParamIssue& i : issues) {
        // The same message twice (e.g. a host re-sending a bad value) is shown once.
        if (!shown.insert(id(i)).second) continue;
        app->notices.push_back(i);
        if (app->notices.size() > kMaxNotices) {
            shown.erase(id(app->notices.front()));
            app->notices.erase(app->notices.begin());
        }
    }
}

int app_take_play_key(KeyValues* kv) {
    int play = -1;
    KeyValues rest;
    rest.reserve(kv->size());
    for (auto& p : *kv) {
        if (p.first == "play") play = p.second == "1" ? 1 : 0;
        else rest.push_back(std::move(p));
    }
    *kv = std::move(rest);
    return play;
}

// play=1 / play=0 from a URL, setState or argv: starts (unless the system asks for reduced motion) or pauses.
static void follow_play_key(App* app, int play) {
    if (play == 1 && !app->playback.reduced_motion) app_play(app, true);
    if (play == 0) app_play(app, false);
}

// [SECTION] texts in memory ---------------------------------------------------------------------------
// The web page receives its texts in parts (lessons/bilingual.h texts_loaded).
bool app_texts_in_memory(const AppState& s) {
    return texts_loaded(s.lang) && texts_loaded(s.lang, s.lesson->id) && (!s.host || texts_loaded(s.lang, s.host->id));
}

void app_request_texts(App* app, const AppState& s) {
    if (!app->services.fetch_texts) return;
    if (!texts_loaded(s.lang)) app->services.fetch_texts(s.lang, "");
    for (const Lesson* lesson : {s.lesson, s.host})
        if (lesson && !texts_loaded(s.lang, lesson->id)) app->services.fetch_texts(s.lang, lesson->id);
}

// After a change from `shown`: a state whose texts are not all in memory waits (the screen keeps `shown`, so no
// frame is ever drawn with part of its texts missing) until app_texts_arrived.
static void keep_to_texts_in_memory(App* app, const AppState& shown) {
    if (app_texts_in_memory(app->state)) {
        app->pending.active = false;
        return;
    }
    app->pending = {true, app->state};
    app->state = shown;
    mark_changed(&app->state);
    const bool language = app->pending.state.lang != shown.lang;
    app_toast(app, ui_say(shown.lang, language ? UiText::LanguageLoading : UiText::TextsLoading));
    app_request_texts(app, app->pending.state);
}

void app_texts_arrived(App* app) {
    if (!app->pending.active || !app_texts_in_memory(app->pending.state)) return;
    app->pending.active = false;
    app->state = app->pending.state;
    mark_changed(&app->state);
    app->toast.message.clear();
    app->redraw.frames = std::max(app->redraw.frames, 2);
}

void app_texts_failed(App* app, const std::string& why) {
    if (!app->pending.active) return;
    const bool language = app->pending.state.lang != app->state.lang;
    app->pending.active = false;
    app_add_notices(app, {{language ? "lang" : "lesson",
                           ui_say(app->state.lang, language ? UiText::LanguageFailed : UiText::TextsFailed, {{"why", why}})}});
    app->redraw.frames = std::max(app->redraw.frames, 2);
}

void app_init(App* app, const KeyValues& args, Lang lang) {
    KeyValues kv = args;
    const int play = app_take_play_key(&kv);
    app->state = default_state(lang);
    app->notices.clear();
    app_add_notices(app, apply_query(kv, &app->state));
    app->pending.active = false;
    app->redraw.frames = 2;
    follow_play_key(app, play);
}

void app_apply(App* app, const KeyValues& kv_in) {
    KeyValues kv = kv_in;
    const int play = app_take_play_key(&kv);
    KeyValues filtered;
    filtered.reserve(kv.size());
    const AppState& target = app->pending.active ? app->pending.state : app->state;
    for (const auto& p : kv) {
        // Re-selecting the current lesson must not wipe the learner's parameters.
        if (p.first == "lesson" && target.lesson && !target.host && p.second == target.lesson->id) continue;
        filtered.push_back(p);
    }
    // The running widget's own numbers (setState, postMessage, the editors): today's positions, as state() says.
    // A change asked for while another waits for its texts applies to that one.
    const AppState shown = app->state;
    if (app->pending.active) app->state = app->pending.state;
    app_add_notices(app, apply_query(filtered, &app->state, StepNumbers::positions));
    keep_to_texts_in_memory(app, shown);
    app->redraw.frames = std::max(app->redraw.frames, 2);
    follow_play_key(app, play);
}

void app_restore(App* app, const KeyValues& kv_in) {
    KeyValues kv = kv_in;
    const int play = app_take_play_key(&kv);
    const AppState shown = app->state;
    AppState fresh = default_state(app->state.lang);
    app_add_notices(app, apply_query(kv, &fresh));
    app->state = fresh;
    keep_to_texts_in_memory(app, shown);
    app->redraw.frames = std::max(app->redraw.frames, 2);
    follow_play_key(app, play);
}

// "Step 4 / 8": where the learner is in the lesson.
std::string step_counter(const App* app) {
    return ui_say(app->state.lang, UiText::Step,
                  {{"step", std::to_string(app->state.step)}, {"count", std::to_string(app->state.lesson->steps.size())}});
}

void go_to_step(App* app, int step) {
    const int n = int(app->state.lesson->steps.size());
    const DisplayOptions& d = app->state.display;
    step = std::clamp(step, std::max(1, d.step_min), std::min(n, d.step_max));
    if (step != app->state.step) {
        app->state.step = step;
        mark_changed(&app->state);
        app->redraw.frames = std::max(app->redraw.frames, 2);
    }
}

void recompute_views_if_needed(App* app) {
    const AppState& s = app->state;
    const Lesson& lesson = *s.lesson;
    // A lesson opened: it may ask for its data now (the lab's reference runs), not at start-up.
    if (&lesson != app->views.opened) {
        app->views.opened = &lesson;
        if (lesson.opened) lesson.opened();
    }
    // The views also show state outside the URL (the lab's runs) when the lesson says so.
    const std::uint64_t live = lesson.live_revision ? lesson.live_revision() : 0;
    if (s.version == app->views.state_version && live == app->views.live_revision) return;
    const Step& step = lesson.steps[size_t(s.step - 1)];
    // The memory guard, before anything is computed: parameters past the budget show a notice, no figures.
    std::string too_big;
    if (!lesson_within_budget(lesson, s.params, &too_big)) {
        app->views.list.clear();
        app->views.takeaway.clear();
        app_add_notices(app, {{"memory", too_big}});
    } else {
        app->views.list = step.views ? step.views(s.params, s.lang) : std::vector<ViewData>{};
        app->views.takeaway = step_takeaway(step, s.params, s.lang);  // its numbers come from the same inputs
    }
    // A new step shows new figures: their zoom starts fresh. (Parameter changes keep the zoom.)
    if (&lesson != app->views.lesson || s.step != app->views.step) app->interaction.zoom.clear();
    app->views.lesson = &lesson;
    app->views.step = s.step;
    app->views.state_version = s.version;
    app->views.live_revision = live;
    ++app->views.version;
}

// [SECTION] navigation ------------------------------------------------------------------------------------

void app_nav_key(App* app, NavKey key) {
    if (ImGui::GetCurrentContext() && ImGui::GetIO().WantTextInput) return;  // typing a number, not navigating
    app->redraw.frames = std::max(app->redraw.frames, 2);
    if (app->screen.blanked) {  // the first key after "B" only brings the figure back
        app->screen.blanked = false;
        return;
    }
    const DisplayOptions& d = app->state.display;
    switch (key) {
    case NavKey::Next: go_to_step(app, app->state.step + 1); break;
    case NavKey::Prev: go_to_step(app, app->state.step - 1); break;
    case NavKey::First: go_to_step(app, d.step_min); break;
    case NavKey::Last: go_to_step(app, d.step_max); break;
    case NavKey::Blank: app->screen.blanked = true; break;
    case NavKey::TogglePlay: app_play(app, !app->playback.playing); break;
    case NavKey::Reveal: app_reveal(app); break;
    }
}

// [SECTION] predictions ------------------------------------------------------------------------------------

// "lesson/step", the key of a step's reading state (answers add "/index").
static std::string reading_key(const App& app) { return std::string(app.state.lesson->id) + "/" + std::to_string(app.state.step); }

bool app_step_covered(const App& app) {
    if (!app.state.lesson || app.state.display.reveal) return false;
    const Step& step = current_step(app);
    if (!step_has_prediction(step)) return false;
    const std::string at = reading_key(app);
    if (app.reading.revealed.count(at)) return false;
    for (size_t qi = 0; qi < step.questions.size(); ++qi)
        if (step.questions[qi].predict && !app.reading.answers.count(at + "/" + std::to_string(qi))) return true;
    return false;
}

void app_reveal(App* app) {
    if (!app->state.lesson || !app_step_covered(*app)) return;
    app->reading.revealed.insert(reading_key(*app));
    app->redraw.frames = std::max(app->redraw.frames, 2);
}

// [SECTION] playback ---------------------------------------------------------------------------

const Step& current_step(const App& app) { return app.state.lesson->steps[size_t(app.state.step - 1)]; }

const ParamSpec* find_spec(const Lesson& lesson, const std::string& key) {
    for (const ParamSpec& s : lesson.params)
        if (s.name == key) return &s;
    return nullptr;
}

// The current step's timeline and its key's spec; null when the step has none (or it names no Int/Real key).
const ParamSpec* timeline_spec(const App& app, const Timeline** out) {
    const Timeline& t = current_step(app).timeline;
    if (t.param.empty() || !(t.to > t.from)) return nullptr;
    const ParamSpec* spec = find_spec(*app.state.lesson, t.param);
    if (!spec || (spec->kind != ParamKind::Int && spec->kind != ParamKind::Real)) return nullptr;
    *out = &t;
    return spec;
}

bool app_has_timeline(const App& app) {
    const Timeline* t = nullptr;
    return timeline_spec(app, &t) != nullptr;
}

// The timeline key's value now, as a number.
double timeline_value(const App& app, const ParamSpec& spec) {
    return spec.kind == ParamKind::Int ? double(app.state.params.geti(spec.name)) : app.state.params.getd(spec.name);
}

// Moves the timeline to `position` and sets its key there (an Int key in whole steps), through app_apply like
// every other edit; a value that does not change leaves the state (and its version) alone.
void seek_timeline(App* app, const ParamSpec& spec, const Timeline& t, double position) {
    app->playback.position = std::clamp(position, t.from, t.to);
    std::string text;
    if (spec.kind == ParamKind::Int) {
        const int value = int(std::floor(app->playback.position + 1e-9));
        if (value == app->state.params.geti(spec.name)) return;
        text = std::to_string(value);
    } else {
        text = format_number(app->playback.position);
        if (text == format_number(app->state.params.getd(spec.name))) return;
    }
    app_apply(app, {{spec.name, text}});
}

bool app_play(App* app, bool on) {
    const Timeline* t = nullptr;
    const ParamSpec* spec = timeline_spec(*app, &t);
    Playback& pb = app->playback;
    if (!spec) {
        pb.playing = false;
        return false;
    }
    if (on && !pb.playing) {
        // From where the key stands; at the end (or outside the stretch), from the start.
        const double now = timeline_value(*app, *spec);
        pb.position = (now >= t->from && now < t->to) ? now : t->from;
        pb.lesson = app->state.lesson;
        pb.step = app->state.step;
        pb.playing = true;
        seek_timeline(app, *spec, *t, pb.position);
    } else if (!on) {
        pb.playing = false;
    }
    app->redraw.frames = std::max(app->redraw.frames, 2);
    return true;
}

// One frame of playback: the position advances by the time since the last frame; past `to` it starts again
// at `from` (the bar says it loops). Asks for the next frame while playing.
void advance_playback(App* app) {
    Playback& pb = app->playback;
    if (!pb.playing) return;
    const Timeline* t = nullptr;
    const ParamSpec* spec = timeline_spec(*app, &t);
    if (!spec || pb.lesson != app->state.lesson || pb.step != app->state.step) {
        pb.playing = false;
        return;
    }
    // A long gap (a hidden tab, a slow first frame) must not jump the timeline.
    const double dt = std::clamp(double(ImGui::GetIO().DeltaTime), 0.0, 0.1);
    double position = pb.position + t->per_second * pb.speed * dt;
    // An Int key shows `to` for a whole step before it starts again.
    const double span = (t->to - t->from) + (spec->kind == ParamKind::Int ? 1.0 : 0.0);
    if (position >= t->from + span) position = t->from + std::fmod(position - t->from, span);
    seek_timeline(app, *spec, *t, position);
    pb.position = std::min(position, t->from + span);  // keeps the fractional part of an Int key's step
    // Two: the platform counts this frame off after drawing it, and one must be left to ask for the next.
    app->redraw.frames = std::max(app->redraw.frames, 2);
}

}  // namespace pelab
