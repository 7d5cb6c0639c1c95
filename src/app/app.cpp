// PE Lab — app/app.cpp
// The per-frame UI, figure first: header (lesson, language), a narrow rail of step numbers, the step's title,
// its text (collapsed to the first sentence when space is short), its equations, then its figures sized so the
// primary one is entirely on screen; parameters and questions in a side column (wide) or below the figures
// (narrow); the bottom bar with Prev/Next, playback and export; keyboard shortcuts. All edits go through app_apply(), so the URL parser's
// checks are the only gate every value passes. Where each part goes is decided by app/layout.h from sizes this file
// measures (layout_frame, layout_step_text, layout_equations, layout_figures); this file draws there.
//
// Index of this file:
// [SECTION] state changes
// [SECTION] playback
// [SECTION] JSON for the host page
// [SECTION] parameter editors
// [SECTION] frame: header, step rail, step (text, equations, figures, questions, references), bottom bar
#include "app/app.h"
#include "app/layout.h"
#include "lessons/view_text.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <unordered_set>
#include <variant>

#include "core/text.h"
#include "imgui.h"
#include "imgui_internal.h"  // GetCurrentWindow()->WindowPadding: the padding this child really has
#include "lessons/bibliography.h"
#include "lessons/questions.h"
#include "lessons/view_export.h"
#include "views/equation.h"

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
    if (play == 1 && !app->reduced_motion) app_play(app, true);
    if (play == 0) app_play(app, false);
}

void app_init(App* app, const KeyValues& args, Lang lang) {
    KeyValues kv = args;
    const int play = app_take_play_key(&kv);
    app->state = default_state(lang);
    app->notices.clear();
    app_add_notices(app, apply_query(kv, &app->state));
    app->frames_wanted = 2;
    follow_play_key(app, play);
}

void app_apply(App* app, const KeyValues& kv_in) {
    KeyValues kv = kv_in;
    const int play = app_take_play_key(&kv);
    KeyValues filtered;
    filtered.reserve(kv.size());
    for (const auto& p : kv) {
        // Re-selecting the current lesson must not wipe the learner's parameters.
        if (p.first == "lesson" && app->state.lesson && !app->state.host && p.second == app->state.lesson->id) continue;
        filtered.push_back(p);
    }
    app_add_notices(app, apply_query(filtered, &app->state));
    app->frames_wanted = std::max(app->frames_wanted, 2);
    follow_play_key(app, play);
}

void app_restore(App* app, const KeyValues& kv_in) {
    KeyValues kv = kv_in;
    const int play = app_take_play_key(&kv);
    AppState fresh = default_state(app->state.lang);
    app_add_notices(app, apply_query(kv, &fresh));
    app->state = fresh;
    app->frames_wanted = std::max(app->frames_wanted, 2);
    follow_play_key(app, play);
}

// "Step 4 / 8": where the learner is in the lesson.
static std::string step_counter(const App* app) {
    return ui_say(app->state.lang, UiText::Step,
                  {{"step", std::to_string(app->state.step)}, {"count", std::to_string(app->state.lesson->steps.size())}});
}

static void go_to_step(App* app, int step) {
    const int n = int(app->state.lesson->steps.size());
    const DisplayOptions& d = app->state.display;
    step = std::clamp(step, std::max(1, d.step_min), std::min(n, d.step_max));
    if (step != app->state.step) {
        app->state.step = step;
        mark_changed(&app->state);
        app->frames_wanted = std::max(app->frames_wanted, 2);
    }
}

static void recompute_views_if_needed(App* app) {
    const AppState& s = app->state;
    if (s.version == app->views_state_version) return;
    const Lesson& lesson = *s.lesson;
    const Step& step = lesson.steps[size_t(s.step - 1)];
    // The memory guard, before anything is computed: parameters past the budget show a notice, no figures.
    std::string too_big;
    if (!lesson_within_budget(lesson, s.params, &too_big)) {
        app->views.clear();
        app_add_notices(app, {{"memory", too_big}});
    } else {
        app->views = step.views ? step.views(s.params, s.lang) : std::vector<ViewData>{};
    }
    // A new step shows new figures: their zoom starts fresh. (Parameter changes keep the zoom.)
    if (&lesson != app->views_lesson || s.step != app->views_step) app->interaction.zoom.clear();
    app->views_lesson = &lesson;
    app->views_step = s.step;
    app->views_state_version = s.version;
    ++app->views_version;
}

// [SECTION] playback ---------------------------------------------------------------------------

static const Step& current_step(const App& app) { return app.state.lesson->steps[size_t(app.state.step - 1)]; }

static const ParamSpec* find_spec(const Lesson& lesson, const std::string& key) {
    for (const ParamSpec& s : lesson.params)
        if (s.name == key) return &s;
    return nullptr;
}

// The current step's timeline and its key's spec; null when the step has none (or it names no Int/Real key).
static const ParamSpec* timeline_spec(const App& app, const Timeline** out) {
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
static double timeline_value(const App& app, const ParamSpec& spec) {
    return spec.kind == ParamKind::Int ? double(app.state.params.geti(spec.name)) : app.state.params.getd(spec.name);
}

// Moves the timeline to `position` and sets its key there (an Int key in whole steps), through app_apply like
// every other edit; a value that does not change leaves the state (and its version) alone.
static void seek_timeline(App* app, const ParamSpec& spec, const Timeline& t, double position) {
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
    app->frames_wanted = std::max(app->frames_wanted, 2);
    return true;
}

// One frame of playback: the position advances by the time since the last frame; past `to` it starts again
// at `from` (the bar says it loops). Asks for the next frame while playing.
static void advance_playback(App* app) {
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
    app->frames_wanted = std::max(app->frames_wanted, 2);
}

// [SECTION] JSON for the host page ---------------------------------------------------------------

std::string app_state_json(const App& app) {
    const AppState& s = app.state;
    return "{\"lesson\":" + json_string(lesson_id(s)) + ",\"step\":" + std::to_string(s.step) +
           ",\"lang\":" + json_string(s.lang == Lang::zh ? "zh" : "en") + ",\"params\":" + params_json(s.lesson->params, s.params) +
           "}";
}

std::string app_lessons_json(const App& app) {
    std::string out = "[";
    bool first = true;
    for (const Lesson* l : lesson_registry()) {
        out += (first ? "" : ",") + std::string("{\"id\":") + json_string(l->id) +
               ",\"steps\":" + std::to_string(l->steps.size()) + ",\"title\":" + json_string(say(app.state.lang, l->title)) + "}";
        first = false;
    }
    return out + "]";
}

std::string app_notices_json(const App& app) {
    std::string out = "[";
    for (size_t i = 0; i < app.notices.size(); ++i)
        out += (i ? "," : "") + std::string("{\"key\":") + json_string(app.notices[i].key) +
               ",\"message\":" + json_string(app.notices[i].message) + "}";
    return out + "]";
}

std::vector<std::string> app_figure_descriptions(const App& app) {
    const Lang lang = app.state.lang;
    std::vector<std::string> out;
    for (const ViewData& v : app.views) out.push_back(describe_view(v, lang));
    const Step& step = app.state.lesson->steps[size_t(app.state.step - 1)];
    const Timeline& t = step.timeline;
    if (!t.param.empty()) {
        const auto found = app.state.params.all().find(t.param);
        out.push_back(say(lang, {"播放：{key} 从 {from} 走到 {to}，现在 {key} = {value}。",
                                 "Playback: {key} runs from {from} to {to}; now {key} = {value}."},
                          {{"key", t.param}, {"from", format_cell(t.from, false, 4)}, {"to", format_cell(t.to, false, 4)},
                           {"value", found != app.state.params.all().end() ? found->second.text : std::string("—")}}));
    }
    return out;
}

std::vector<std::string> app_equation_mathml(const App& app) {
    std::vector<std::string> out;
    for (const std::string& tex : app.state.lesson->steps[size_t(app.state.step - 1)].equations) {
        std::string mml = equation_mathml(tex);
        if (!mml.empty()) out.push_back(std::move(mml));
    }
    return out;
}

std::string app_layout_json(const App& app) {
    static const char* kKindNames[] = {"heatmap", "table", "curve", "posmap", "phasor", "odometer", "bars"};  // ViewKind order
    static_assert(sizeof kKindNames / sizeof kKindNames[0] == std::variant_size_v<decltype(ViewData::figure)>,
                  "one name per kind of figure");
    std::string out = "[";
    for (size_t i = 0; i < app.drawn.size(); ++i) {
        const DrawnView& d = app.drawn[i];
        char buf[320];
        std::snprintf(buf, sizeof buf,
                      ",\"x\":%.2f,\"y\":%.2f,\"w\":%.2f,\"h\":%.2f,\"rows\":%d,\"cols\":%d,\"zoom\":%.4f,"
                      "\"window\":[%.9g,%.9g,%.9g,%.9g]}",
                      d.plot_min.x, d.plot_min.y, d.plot_max.x - d.plot_min.x, d.plot_max.y - d.plot_min.y, d.rows,
                      d.cols, d.zoom, d.window[0], d.window[1], d.window[2], d.window[3]);
        out += (i ? ",{" : "{") + std::string("\"kind\":\"") + kKindNames[int(d.kind)] +
               "\",\"title\":" + json_string(d.title) + buf;
        if (d.kind == ViewKind::Table) out.insert(out.size() - 1, d.scrolls_sideways ? ",\"scrolls_sideways\":true" : ",\"scrolls_sideways\":false");
        out.insert(out.size() - 1, d.visible ? ",\"visible\":true" : ",\"visible\":false");
        if (!d.handles.empty()) {  // phasor arrowheads a learner can drag: the key each sets, where it is
            std::string list = ",\"handles\":[";
            for (size_t h = 0; h < d.handles.size(); ++h) {
                std::snprintf(buf, sizeof buf, "%s{\"key\":%s,\"x\":%.2f,\"y\":%.2f}", h ? "," : "",
                              json_string(d.handles[h].key).c_str(), d.handles[h].at.x, d.handles[h].at.y);
                list += buf;
            }
            out.insert(out.size() - 1, list + "]");
        }
        if (d.hovered) {  // [issue 9] the hovered cell of a position map and its tooltip's numbers
            if (std::isfinite(d.hover[2]) && std::isfinite(d.hover[3]))
                std::snprintf(buf, sizeof buf, ",\"hover\":{\"i\":%.0f,\"j\":%.0f,\"reference\":%.17g,\"float32\":%.9g}",
                              d.hover[0], d.hover[1], d.hover[2], d.hover[3]);
            else  // a masked cell (causal ALiBi): no value
                std::snprintf(buf, sizeof buf, ",\"hover\":{\"i\":%.0f,\"j\":%.0f,\"reference\":null,\"float32\":null}",
                              d.hover[0], d.hover[1]);
            out.insert(out.size() - 1, buf);
        }
    }
    for (size_t i = 0; i < app.equations_drawn.size(); ++i) {
        const DrawnEquation& e = app.equations_drawn[i];
        char buf[160];
        std::snprintf(buf, sizeof buf, ",\"x\":%.2f,\"y\":%.2f,\"w\":%.2f,\"h\":%.2f}", e.min.x, e.min.y, e.max.x - e.min.x,
                      e.max.y - e.min.y);
        out += (out.size() > 1 ? ",{" : "{") + std::string("\"kind\":\"equation\",\"title\":") + json_string(e.tex) + buf;
    }
    return out + "]";
}

std::string app_questions_json(const App& app) {
    std::string out = "[";
    for (size_t qi = 0; qi < app.questions_drawn.size(); ++qi) {
        const DrawnQuestion& q = app.questions_drawn[qi];
        out += (qi ? ",{" : "{") + std::string("\"prompt\":") + json_string(q.prompt) + ",\"choices\":[";
        for (size_t c = 0; c < q.choices.size(); ++c) {
            const auto& [lo, hi] = q.buttons[c];
            char buf[160];
            std::snprintf(buf, sizeof buf, ",\"x\":%.2f,\"y\":%.2f,\"w\":%.2f,\"h\":%.2f}", lo.x, lo.y, hi.x - lo.x, hi.y - lo.y);
            out += (c ? ",{" : "{") + std::string("\"text\":") + json_string(q.choices[c]) + buf;
        }
        out += "],\"picked\":" + std::to_string(q.picked) + ",\"verdict\":" + json_string(q.verdict) +
               ",\"explanation\":" + json_string(q.explanation) + "}";
    }
    return out + "]";
}

// [SECTION] parameter editors ------------------------------------------------------------------

// What the editor's label shows: the key's symbol ("ω"), else the key itself.
static std::string param_caption(const Lesson* lesson, const ParamSpec& spec) {
    const ParamLabel words = label_of(lesson, spec);
    return words.symbol.empty() ? spec.name : words.symbol;
}

// A dragged Int lands on the nearest allowed value when the key takes multiples only (an even d), so a drag
// never proposes a value the parser would refuse.
static int snapped_to_multiple(const ParamSpec& spec, int value) {
    const int n = std::max(1, spec.multiple_of);
    if (n == 1) return value;
    const int lo = int(std::ceil(spec.min / n)) * n, hi = int(std::floor(spec.max / n)) * n;
    const int snapped = int(std::lround(double(value) / n)) * n;
    return std::clamp(snapped, lo, hi);
}

// A slider whose number sits in its own box right of the track, never under the grab (a handle must not
// cover the value it sets). The box also takes a typed number, committed with Enter and passed on unclamped,
// so that app_apply() names the range when it is out of it. A drag lands on the format's steps, as ImGui's
// own slider rounds to its format. Returns true when the track or the box proposed a new `value`.
static bool slider_and_value(const char* id, double* value, double lo, double hi, const char* format,
                             ImGuiSliderFlags flags, float width) {
    const ImGuiStyle& st = ImGui::GetStyle();
    char text[64];
    float widest = 0.0f;
    for (double v : {lo, hi, *value}) {
        std::snprintf(text, sizeof text, format, v);
        widest = std::max(widest, ImGui::CalcTextSize(text).x);
    }
    // At least five font sizes, so that the boxes of one column line up for the usual values.
    const float box_w = std::max(widest + 2.0f * st.FramePadding.x + ImGui::GetFontSize() * 0.5f, ImGui::GetFontSize() * 5.0f);
    const float track_w = std::max(ImGui::GetFontSize() * 3.0f, width - box_w - st.ItemInnerSpacing.x);
    ImGui::PushID(id);
    ImGui::SetNextItemWidth(track_w);
    bool changed = ImGui::SliderScalar("##track", ImGuiDataType_Double, value, &lo, &hi, "",
                                       flags | ImGuiSliderFlags_NoInput);
    if (changed) {
        std::snprintf(text, sizeof text, format, *value);
        *value = std::strtod(text, nullptr);
    }
    ImGui::SameLine(0.0f, st.ItemInnerSpacing.x);
    ImGui::SetNextItemWidth(box_w);
    double typed = *value;
    if (ImGui::InputScalar("##box", ImGuiDataType_Double, &typed, nullptr, nullptr, format,
                           ImGuiInputTextFlags_EnterReturnsTrue) && std::isfinite(typed)) {
        *value = typed;
        changed = true;
    }
    ImGui::PopID();
    return changed;
}

// Each editor proposes a new value in URL syntax; app_apply() validates it like any URL input.
// `label_width`: the column the editors start at, wide enough for the step's longest label.
static void edit_param(App* app, const ParamSpec& spec, float label_width) {
    const Lang lang = app->state.lang;
    const ParamLabel words = label_of(app->state.lesson, spec);
    const std::string label = param_caption(app->state.lesson, spec);
    const std::string help = words.help.get(lang);
    const float font = ImGui::GetFontSize();
    ImGui::PushID(spec.name.c_str());
    const float label_x = ImGui::GetCursorPosX();  // the column's (or table cell's) left edge
    ImGui::AlignTextToFramePadding();
    ImGui::TextUnformatted(label.c_str());
    if (!help.empty() && ImGui::IsItemHovered()) ImGui::SetTooltip("%s (%s)", help.c_str(), describe_range(spec).c_str());
    ImGui::SameLine();
    ImGui::SetCursorPosX(label_x + label_width);
    std::string proposal;
    switch (spec.kind) {
    case ParamKind::Int: {
        int value = app->state.params.geti(spec.name);
        const float width = std::min(font * 18.0f, ImGui::GetContentRegionAvail().x);
        // Wide positive ranges (lengths up to 65,536) get a logarithmic slider: every scale is reachable.
        const bool wide = spec.max - spec.min > 4096;
        if (!wide || spec.min > 0) {
            const ImGuiSliderFlags flags = ImGuiSliderFlags_AlwaysClamp | (wide ? ImGuiSliderFlags_Logarithmic : 0);
            double v = value;
            if (slider_and_value("##v", &v, spec.min, spec.max, "%.0f", flags, width))
                proposal = v >= spec.min && v <= spec.max ? std::to_string(snapped_to_multiple(spec, int(std::lround(v))))
                                                          : format_number(v);
        } else {
            ImGui::SetNextItemWidth(width);
            if (ImGui::InputInt("##v", &value, spec.multiple_of)) proposal = std::to_string(snapped_to_multiple(spec, value));
        }
        break;
    }
    case ParamKind::Real: {
        double value = app->state.params.getd(spec.name);
        const float width = std::min(font * 18.0f, ImGui::GetContentRegionAvail().x);
        // Ranges over several decades (a base of 2..1e8) are logarithmic. Both print significant digits, so a
        // whole value reads "3", not "3.0000".
        const bool decades = spec.min > 0 && spec.max / spec.min >= 1000;
        if (slider_and_value("##v", &value, spec.min, spec.max, decades ? "%.6g" : "%.5g",
                             ImGuiSliderFlags_AlwaysClamp | (decades ? ImGuiSliderFlags_Logarithmic : 0), width))
            proposal = format_number(value);
        break;
    }
    case ParamKind::RealList: {
        std::vector<double> values = app->state.params.getv(spec.name);
        bool changed = false;
        const float item_w = font * 5.5f;
        for (size_t i = 0; i < values.size(); ++i) {
            ImGui::PushID(int(i));
            if (i > 0 && ImGui::GetContentRegionAvail().x > item_w) ImGui::SameLine();
            ImGui::SetNextItemWidth(item_w);
            const double speed = std::max(1e-3, (spec.max - spec.min) * 1e-3);
            changed |= ImGui::DragScalar("##e", ImGuiDataType_Double, &values[i], float(speed), &spec.min, &spec.max,
                                         "%.5g", ImGuiSliderFlags_AlwaysClamp);  // "2", not "2.0000"
            ImGui::PopID();
        }
        // Lists whose length is free (not tied to another list) get +/- buttons.
        if (spec.list_len_of.empty() && spec.list_max > spec.list_min) {
            ImGui::SameLine();
            if (ImGui::Button("+") && int(values.size()) < spec.list_max) {
                values.push_back(values.empty() ? 1.0 : values.back() * 0.5);
                changed = true;
            }
            ImGui::SameLine();
            if (ImGui::Button("-") && int(values.size()) > spec.list_min) {
                values.pop_back();
                changed = true;
            }
        }
        if (changed) {
            ParamValue pv;
            pv.nums = values;
            proposal = format_value(spec, pv);
        }
        break;
    }
    case ParamKind::Bool: {
        bool on = app->state.params.geti(spec.name) != 0;
        if (ImGui::Checkbox("##v", &on)) proposal = on ? "1" : "0";
        break;
    }
    case ParamKind::Choice: {
        const std::string& current = app->state.params.gets(spec.name);
        // Up to four options that fit: segmented buttons, every option in sight and one click away.
        const ImGuiStyle& st = ImGui::GetStyle();
        float row_w = 0;
        for (const std::string& c : spec.choices) row_w += ImGui::CalcTextSize(c.c_str()).x + st.FramePadding.x * 2 + 1;
        if (spec.choices.size() <= 4 && row_w <= ImGui::GetContentRegionAvail().x) {
            ImGui::PushStyleVar(ImGuiStyleVar_ItemSpacing, ImVec2(1, st.ItemSpacing.y));
            for (size_t i = 0; i < spec.choices.size(); ++i) {
                const std::string& c = spec.choices[i];
                const bool active = c == current;
                if (i) ImGui::SameLine();
                if (active) ImGui::PushStyleColor(ImGuiCol_Button, ImGui::GetStyleColorVec4(ImGuiCol_ButtonActive));
                if (ImGui::Button(c.c_str()) && !active) proposal = c;
                if (active) ImGui::PopStyleColor();
            }
            ImGui::PopStyleVar();
            break;
        }
        ImGui::SetNextItemWidth(std::min(font * 14.0f, ImGui::GetContentRegionAvail().x));
        if (ImGui::BeginCombo("##v", current.c_str())) {
            for (const std::string& c : spec.choices)
                if (ImGui::Selectable(c.c_str(), c == current)) proposal = c;
            ImGui::EndCombo();
        }
        break;
    }
    }
    if (!proposal.empty()) app_apply(app, {{spec.name, proposal}});
    ImGui::PopID();
}

// [SECTION] frame ------------------------------------------------------------------------------

// Header: app name (when there is room), the lesson menu, the language buttons. The menu is as wide as the
// room left of the language buttons, so on a phone it never runs under them.
static void draw_header(App* app) {
    const Lang lang = app->state.lang;
    const float font = ImGui::GetFontSize();
    const ImGuiStyle& st = ImGui::GetStyle();
    const char* zh = "中文";
    const char* en = "EN";
    const float lang_w = ImGui::CalcTextSize(zh).x + ImGui::CalcTextSize(en).x + st.FramePadding.x * 4 + st.ItemSpacing.x;
    const float right = ImGui::GetWindowContentRegionMax().x;
    if (ImGui::GetContentRegionAvail().x >= font * 36.0f) {
        ImGui::PushFont(app->font_title);
        ImGui::AlignTextToFramePadding();
        ImGui::TextUnformatted(ui_say(lang, UiText::AppName).c_str());
        ImGui::PopFont();
        ImGui::SameLine();
    }
    const float menu_room = right - lang_w - st.ItemSpacing.x * 2 - ImGui::GetCursorPosX();
    ImGui::SetNextItemWidth(std::max(font * 3.0f, std::min(font * 26.0f, menu_room)));
    if (ImGui::BeginCombo("##lesson", say(lang, app->state.lesson->title).c_str())) {
        for (const Lesson* l : lesson_registry())
            if (ImGui::Selectable(say(lang, l->title).c_str(), l == app->state.lesson)) app_apply(app, {{"lesson", l->id}});
        // Overlays (the long-sequence maps) open on top of the current lesson, e.g. with the map it is about.
        bool separated = false;
        for (const Lesson* l : every_lesson()) {
            if (!l->overlay_key || !l->open_over) continue;
            if (!separated) ImGui::Separator();
            separated = true;
            const Lesson& host = app->state.host ? *app->state.host : *app->state.lesson;
            if (ImGui::Selectable(say(lang, l->title).c_str(), l == app->state.lesson) && l != app->state.lesson)
                app_apply(app, l->open_over(host));
        }
        ImGui::EndCombo();
    }
    // Language switch, right-aligned.
    ImGui::SameLine(std::max(ImGui::GetCursorPosX(), right - lang_w));
    auto lang_button = [&](const char* label, Lang target) {
        const bool active = lang == target;
        if (active) ImGui::PushStyleColor(ImGuiCol_Button, ImGui::GetStyleColorVec4(ImGuiCol_ButtonActive));
        if (ImGui::Button(label) && !active) app_apply(app, {{"lang", target == Lang::zh ? "zh" : "en"}});
        if (active) ImGui::PopStyleColor();
    };
    lang_button(zh, Lang::zh);
    ImGui::SameLine();
    lang_button(en, Lang::en);
}

static void draw_notices(App* app) {
    if (app->notices.empty()) return;
    const Lang lang = app->state.lang;
    ImGui::PushStyleColor(ImGuiCol_ChildBg, IM_COL32(255, 243, 205, 255));
    ImGui::PushStyleColor(ImGuiCol_Text, IM_COL32(102, 77, 3, 255));
    const float font = ImGui::GetFontSize();
    const float h = (font + ImGui::GetStyle().ItemSpacing.y) * float(app->notices.size() + 1) + ImGui::GetFrameHeight() +
                    ImGui::GetStyle().WindowPadding.y * 2;
    ImGui::BeginChild("##notices", ImVec2(0, h), true);
    ImGui::TextUnformatted(ui_say(lang, UiText::NoticeIntro).c_str());
    for (const ParamIssue& n : app->notices) ImGui::BulletText("%s", n.message.c_str());
    if (ImGui::Button(ui_say(lang, UiText::Dismiss).c_str())) app->notices.clear();
    ImGui::EndChild();
    ImGui::PopStyleColor(2);
}

// The step rail: one round, numbered button per step (its title as the tooltip), the current one filled.
static void draw_step_rail(App* app, float width, float height) {
    const Lang lang = app->state.lang;
    const auto& steps = app->state.lesson->steps;
    const DisplayOptions& d = app->state.display;
    const float b = std::min(width - 6.0f, ImGui::GetFontSize() * 1.9f);
    ImGui::BeginChild("##rail", ImVec2(width, height), false);
    ImGui::PushStyleVar(ImGuiStyleVar_FrameRounding, b * 0.5f);
    ImGui::SetCursorPosY(ImGui::GetCursorPosY() + ImGui::GetStyle().ItemSpacing.y);
    for (size_t i = size_t(std::max(1, d.step_min) - 1); i < steps.size() && int(i) < d.step_max; ++i) {
        const bool current = int(i) + 1 == app->state.step;
        ImGui::SetCursorPosX((width - b) * 0.5f);
        ImGui::PushID(int(i));
        if (current) ImGui::PushStyleColor(ImGuiCol_Button, ImGui::GetStyleColorVec4(ImGuiCol_ButtonActive));
        if (ImGui::Button(std::to_string(i + 1).c_str(), ImVec2(b, b))) go_to_step(app, int(i) + 1);
        if (current) ImGui::PopStyleColor();
        if (ImGui::IsItemHovered()) ImGui::SetTooltip("%s", say(lang, steps[i].title).c_str());
        ImGui::PopID();
    }
    ImGui::PopStyleVar();
    ImGui::EndChild();
}

// One figure at the cursor, `width` wide, at most `max_height` tall (title and figure).
static void draw_one_view(App* app, MatrixPainter* painter, KeyValues* edits, size_t i, float width, float max_height) {
    ImGui::PushID(int(i));
    ImGui::BeginGroup();
    ViewContext ctx;
    ctx.painter = painter;
    ctx.lang = app->state.lang;
    ctx.data_version = app->views_version;
    ctx.slot = int(i);
    ctx.interaction = &app->interaction;
    ctx.drawn = &app->drawn;
    ctx.edits = edits;
    ctx.max_height = max_height;
    ctx.primary = i == 0;
    bool wants_frame = false;
    ctx.wants_frame = &wants_frame;
    draw_view(app->views[i], ctx, width);
    // 2: the platform counts this frame off after drawing it, so 2 leaves one frame more.
    if (wants_frame) app->frames_wanted = std::max(app->frames_wanted, 2);
    ImGui::EndGroup();
    app->figure_rects.push_back({ImGui::GetItemRectMin(), ImGui::GetItemRectMax()});
    ImGui::PopID();
}

// The size queries of a view (views.h), for the layout (layout.h).
static ViewSizes view_sizes_of(const ViewData& view) {
    ViewSizes sizes;
    sizes.height_at_width = [&view](float width) { return view_preferred_height(view, width); };
    sizes.width_at_height = [&view](float max_height) { return view_width_for_height(view, max_height); };
    sizes.plot_area = [&view](float width, float max_height) { return view_plot_area(view, width, max_height); };
    sizes.min_width = view_min_width(view);
    sizes.notes_height = float(view.notes.size()) * (ImGui::GetFontSize() + 4.0f);
    return sizes;
}

// The step's figures where layout_figures puts them: the primary one (the first view) gets `room`, the height
// left on screen, and fills it; the others beside it or below it, each at most `screen` tall. Each is drawn
// as it is placed, since where the next one goes depends on what this one took.
static void draw_views(App* app, MatrixPainter* painter, float room, float screen) {
    if (app->views.empty()) return;
    KeyValues edits;
    FigureLayoutInput in;
    in.start = ImGui::GetCursorScreenPos();
    in.avail = ImGui::GetContentRegionAvail().x;
    in.room = room;
    in.screen = screen;
    in.font = ImGui::GetFontSize();
    in.display = ImGui::GetIO().DisplaySize;
    // The step's window as it is unscrolled, in this frame's screen coordinates.
    const float top = ImGui::GetWindowPos().y - ImGui::GetScrollY();
    in.first_screen = {ImVec2(in.start.x, top), ImVec2(in.start.x + in.avail, top + screen)};
    for (const ViewData& view : app->views) in.views.push_back(view_sizes_of(view));
    std::vector<std::pair<size_t, size_t>> reported(app->views.size());  // each view's entries in app->drawn
    const FigureLayout placed = layout_figures(in, [&](size_t i, const PlacedFigure& at) {
        if (i > 0) ImGui::SetCursorScreenPos(at.at);  // the primary figure starts at the cursor
        reported[i].first = app->drawn.size();
        draw_one_view(app, painter, &edits, i, at.width, at.max_height);
        reported[i].second = app->drawn.size();
        return LayoutRect{ImGui::GetItemRectMin(), ImGui::GetItemRectMax()};
    });
    for (size_t i = 0; i < reported.size(); ++i)
        for (size_t k = reported[i].first; k < reported[i].second; ++k) app->drawn[k].visible = placed.figures[i].on_first_screen;
    ImGui::SetCursorScreenPos(ImVec2(in.start.x, placed.end_y));
    ImGui::Dummy(ImVec2(in.avail, 1));
    // Applied after drawing: the views of this frame were computed from the state they were drawn with.
    if (!edits.empty()) app_apply(app, edits);
}

// Where the first sentence of `text` ends: after "。！？", or after ". ! ?" followed by a space and a capital
// or a symbol (so "i.e. the" and "3.5" do not end it). The text's length when it is one sentence.
size_t prose_first_sentence_end(const std::string& text) {
    for (size_t i = 0; i < text.size(); ++i) {
        if (text.compare(i, 3, "。") == 0 || text.compare(i, 3, "！") == 0 || text.compare(i, 3, "？") == 0) {
            return i + 3 < text.size() ? i + 3 : text.size();
        }
        const char c = text[i];
        if ((c == '.' || c == '!' || c == '?') && i + 2 < text.size() && text[i + 1] == ' ') {
            const unsigned char next = static_cast<unsigned char>(text[i + 2]);
            if (std::isupper(next) || next >= 0x80) return i + 1;
        }
    }
    return text.size();
}

// One wrapped line of prose, [begin, end) of `text`, with the parts inside glossary links drawn as links: the
// link colour, an underline, and the entry's name and meaning on hover (a tap on a touch screen hovers too).
static void draw_prose_line(App* app, const std::string& text, const char* begin, const char* end,
                            const std::vector<LinkSpan>& links) {
    const size_t from = size_t(begin - text.data()), to = size_t(end - text.data());
    size_t at = from;
    auto plain = [&](size_t a, size_t b) {  // the line's first item is always drawn, even empty
        if (b <= a && a != from) return;
        if (a > from) ImGui::SameLine(0.0f, 0.0f);
        ImGui::TextUnformatted(text.data() + a, text.data() + b);
    };
    for (const LinkSpan& link : links) {
        const size_t a = std::max(link.begin, from), b = std::min(link.end, to);
        if (b <= a || a < at) continue;
        plain(at, a);
        ImGui::SameLine(0.0f, 0.0f);
        ImGui::PushStyleColor(ImGuiCol_Text, ImGui::GetStyleColorVec4(ImGuiCol_ButtonActive));
        ImGui::TextUnformatted(text.data() + a, text.data() + b);
        ImGui::PopStyleColor();
        const ImVec2 lo = ImGui::GetItemRectMin(), hi = ImGui::GetItemRectMax();
        ImGui::GetWindowDrawList()->AddLine(ImVec2(lo.x, hi.y - 1.0f), ImVec2(hi.x, hi.y - 1.0f),
                                            ImGui::GetColorU32(ImGuiCol_ButtonActive, 0.6f));
        if (ImGui::IsItemHovered()) {
            if (const GlossaryEntry* entry = find_term(link.term)) {
                const Lang lang = app->state.lang;
                ImGui::BeginTooltip();
                ImGui::PushTextWrapPos(ImGui::GetFontSize() * 28.0f);
                ImGui::TextUnformatted(say(lang, entry->name).c_str());
                ImGui::Separator();
                ImGui::TextUnformatted(say(lang, entry->meaning).c_str());
                ImGui::PopTextWrapPos();
                ImGui::EndTooltip();
            }
        }
        at = b;
    }
    if (at < to || at == from) plain(at, to);
}

// The step's text: whole, or (short of space) its first sentence with a "more" button; "less" closes it again.
// Glossary links (`links`, byte ranges of `body`) are drawn as links.
static void draw_prose(App* app, const std::string& body, const std::vector<LinkSpan>& links, float width,
                       bool collapsible) {
    const Lang lang = app->state.lang;
    const bool collapsed = collapsible && !app->prose_open;
    const std::string shown = collapsed ? body.substr(0, prose_first_sentence_end(body)) : body;
    const std::string label = ui_say(lang, collapsed ? UiText::More : UiText::Less);
    const float button_w = ImGui::CalcTextSize(label.c_str()).x + ImGui::GetStyle().FramePadding.x * 2 + ImGui::GetStyle().ItemSpacing.x;
    // The button ends the last line: the text is wrapped short of the button's width so that it always fits.
    const auto lines = wrap_lines(shown, collapsible ? std::max(width * 0.5f, width - button_w) : width);
    for (const auto& line : lines) draw_prose_line(app, shown, line.first, line.second, links);
    if (!collapsible) return;
    if (!lines.empty()) ImGui::SameLine();
    ImGui::PushStyleColor(ImGuiCol_Button, IM_COL32(0, 0, 0, 0));
    ImGui::PushStyleColor(ImGuiCol_Text, ImGui::GetStyleColorVec4(ImGuiCol_ButtonActive));
    if (ImGui::SmallButton(label.c_str())) {
        app->prose_open = !app->prose_open;
        app->frames_wanted = std::max(app->frames_wanted, 2);
    }
    ImGui::PopStyleColor(2);
}

// Each of the step's equations as the layout sizes it: its typeset box at a size (views/equation.h).
static std::vector<EquationExtent> equation_extents(const Step& step) {
    std::vector<EquationExtent> out;
    for (const std::string& tex : step.equations) out.push_back([&tex](float px) { return equation_extent(tex, px); });
    return out;
}

// The step's key equations, typeset (views/equation.h), side by side while they fit (layout_equations); each is
// recorded for the layout JSON.
static void draw_equations(App* app, const Step& step, const std::vector<EquationExtent>& extents, float width, float px) {
    if (step.equations.empty()) return;
    ImDrawList* dl = ImGui::GetWindowDrawList();
    const ImU32 ink = ImGui::GetColorU32(ImGuiCol_Text);
    const EquationsLayout placed = layout_equations(extents, ImGui::GetCursorScreenPos(), width, px, ImGui::GetStyle().ItemSpacing.y);
    for (size_t i = 0; i < step.equations.size(); ++i) {
        const std::string& tex = step.equations[i];
        const LayoutRect& box = placed.boxes[i];
        draw_equation(dl, tex, box.min, placed.px[i], ink);
        app->equations_drawn.push_back({tex, box.min, box.max});
    }
    ImGui::Dummy(ImVec2(width, placed.height));
}

// The step's parameter editors: one column (side column), or `columns` side by side (the strip below the
// figures on narrow screens).
static void draw_parameters(App* app, int columns) {
    const Lang lang = app->state.lang;
    const Lesson& lesson = *app->state.lesson;
    const std::vector<std::string> shown = current_step(*app).keys_shown(app->state.params);
    if (shown.empty()) return;
    ImGui::TextDisabled("%s", ui_say(lang, UiText::Parameters).c_str());
    const float font = ImGui::GetFontSize();
    float label_width = font * 3.0f;
    for (const std::string& key : shown)
        if (const ParamSpec* spec = find_spec(lesson, key))
            label_width = std::max(label_width, ImGui::CalcTextSize(param_caption(&lesson, *spec).c_str()).x + font * 0.8f);
    if (ImGui::BeginTable("##params", std::max(1, columns), ImGuiTableFlags_SizingStretchSame)) {
        for (const std::string& key : shown) {
            if (const ParamSpec* spec = find_spec(lesson, key)) {
                ImGui::TableNextColumn();
                edit_param(app, *spec, label_width);
            }
        }
        ImGui::EndTable();
    }
    if (ImGui::SmallButton(ui_say(lang, UiText::ResetParams).c_str())) {
        KeyValues kv;
        for (const std::string& key : shown)
            if (const ParamSpec* spec = find_spec(lesson, key)) kv.push_back({key, spec->default_text});
        app_apply(app, kv);
    }
}

// Predict, then reveal: each question of the step, its choices as buttons; once one is picked (kept in App
// state, not in the URL) the verdict and the explanation, computed from the current parameters.
static void draw_questions(App* app, float width) {
    const Lang lang = app->state.lang;
    const std::string id = app->state.lesson->id;
    const std::vector<Question>& questions = current_step(*app).questions;
    if (questions.empty()) return;
    const ImGuiStyle& st = ImGui::GetStyle();
    ImGui::Spacing();
    ImGui::TextDisabled("%s", ui_say(lang, UiText::Predict).c_str());
    for (size_t qi = 0; qi < questions.size(); ++qi) {
        const Question& q = questions[qi];
        const std::string key = id + "/" + std::to_string(app->state.step) + "/" + std::to_string(qi);
        const auto it = app->answers.find(key);
        const int picked = it == app->answers.end() ? -1 : it->second;
        ImGui::PushID(int(qi));
        DrawnQuestion drawn;
        drawn.prompt = say(lang, q.prompt);
        drawn.picked = picked;
        text_wrapped(drawn.prompt, width);
        float used = 0;
        for (size_t c = 0; c < q.choices.size(); ++c) {
            // A choice wider than the column wraps inside its button (an ImGui label may hold line breaks).
            std::string label = say(lang, q.choices[c]);
            if (ImGui::CalcTextSize(label.c_str()).x + st.FramePadding.x * 2 > width) {
                std::string wrapped;
                for (const auto& line : wrap_lines(label, std::max(width * 0.5f, width - st.FramePadding.x * 2)))
                    wrapped += (wrapped.empty() ? "" : "\n") + std::string(line.first, line.second);
                label = wrapped;
            }
            const float w = ImGui::CalcTextSize(label.c_str()).x + st.FramePadding.x * 2;
            if (c > 0 && used + w <= width) ImGui::SameLine();
            else used = 0;
            used += w + st.ItemSpacing.x;
            // After the choice: the right answer green, a wrong pick red.
            const bool right = int(c) == q.answer;
            const int colours = picked >= 0 && (right || int(c) == picked) ? 1 : 0;
            if (colours) ImGui::PushStyleColor(ImGuiCol_Button, right ? IM_COL32(120, 200, 120, 255) : IM_COL32(235, 130, 120, 255));
            ImGui::PushID(int(c));
            if (ImGui::Button(label.c_str())) {
                app->answers[key] = int(c);
                app->frames_wanted = std::max(app->frames_wanted, 2);
            }
            drawn.choices.push_back(say(lang, q.choices[c]));
            drawn.buttons.push_back({ImGui::GetItemRectMin(), ImGui::GetItemRectMax()});
            ImGui::PopID();
            if (colours) ImGui::PopStyleColor();
        }
        if (picked >= 0 && picked < int(q.choices.size())) {
            const bool right = picked == q.answer;
            const std::string answer = q.answer >= 0 && q.answer < int(q.choices.size()) ? say(lang, q.choices[size_t(q.answer)]) : "";
            drawn.verdict = right ? ui_say(lang, UiText::Right) : ui_say(lang, UiText::NotQuite, {{"answer", answer}});
            text_wrapped(drawn.verdict, width);
            if (q.explain) {
                drawn.explanation = q.explain(app->state.params, lang);
                text_wrapped(drawn.explanation, width);
            }
        }
        app->questions_drawn.push_back(std::move(drawn));
        ImGui::PopID();
        ImGui::Spacing();
    }
}

// The last step ends with the lesson's sources and the reference code its numbers match.
static void draw_references(App* app, float width) {
    if (app->state.step != int(app->state.lesson->steps.size())) return;
    const std::vector<Reference> refs = references_for(app->state.lesson->references);
    if (refs.empty()) return;
    const Lang lang = app->state.lang;
    ImGui::Spacing();
    ImGui::TextDisabled("%s", ui_say(lang, UiText::References).c_str());
    for (const Reference& r : refs) {
        std::string line = r.authors + " (" + std::to_string(r.year) + "). " + r.title;
        if (!r.where.empty()) line += ". " + r.where;
        ImGui::Bullet();
        ImGui::SameLine();
        text_wrapped(line, width - ImGui::GetCursorPosX());
        if (!r.code.empty()) {
            ImGui::Indent(ImGui::GetFontSize() * 1.2f);
            ImGui::PushStyleColor(ImGuiCol_Text, ImGui::GetStyleColorVec4(ImGuiCol_TextDisabled));
            text_wrapped(ui_say(lang, UiText::ReferenceCode, {{"code", r.code}}), width - ImGui::GetFontSize() * 1.2f);
            ImGui::PopStyleColor();
            ImGui::Unindent(ImGui::GetFontSize() * 1.2f);
        }
    }
}

// The step, figure first: title, text, equations, the figures in the room left on screen; then, when there
// is no side column, the parameters and questions; the references on the last step.
static void draw_step(App* app, MatrixPainter* painter, bool side_column, bool show_counter) {
    const Lang lang = app->state.lang;
    const Lesson& lesson = *app->state.lesson;
    const Step& step = current_step(*app);
    if (app->prose_lesson != &lesson || app->prose_step != app->state.step) {
        app->prose_open = false;  // a new step starts with its text collapsed (where space is short)
        app->prose_lesson = &lesson;
        app->prose_step = app->state.step;
    }
    recompute_views_if_needed(app);
    const float font = ImGui::GetFontSize();
    const float width = ImGui::GetContentRegionAvail().x;
    // The content region's own bottom padding (none in this borderless child) is all that is not room.
    const float screen = ImGui::GetWindowHeight() - ImGui::GetCurrentWindow()->WindowPadding.y;
    draw_notices(app);
    if (show_counter) ImGui::TextDisabled("%s", step_counter(app).c_str());
    ImGui::PushFont(app->font_title);
    text_wrapped(say(lang, step.title), width);
    ImGui::PopFont();
    // Short of space: what the whole text would leave for the primary figure is less than it needs to cover a
    // fifth of the screen (a square of that area, plus its title and labels).
    std::vector<LinkSpan> links;
    const std::string body = say_linked(lang, step.body, &links);
    // Whole or collapsed text, the equations' size and whether they follow the figures (layout.h).
    StepTextInput text_in;
    text_in.width = width;
    text_in.font = font;
    text_in.line_height_with_spacing = ImGui::GetTextLineHeightWithSpacing();
    text_in.item_spacing_y = ImGui::GetStyle().ItemSpacing.y;
    text_in.room = screen - ImGui::GetCursorPosY();
    text_in.display = ImGui::GetIO().DisplaySize;
    text_in.has_views = !app->views.empty();
    text_in.body_has_more_than_one_sentence = prose_first_sentence_end(body) < body.size();
    text_in.prose_open = app->prose_open;
    text_in.whole_text_lines = [&body](float wrap_width) { return int(wrap_lines(body, wrap_width).size()); };
    text_in.equations = equation_extents(step);
    const StepTextLayout text = layout_step_text(text_in);
    draw_prose(app, body, links, text.prose_width, text.collapsible);
    if (!text.equations_below) draw_equations(app, step, text_in.equations, width, text.equation_px);
    // A little air under the primary figure: its colour bar's end label sits half a line below the cells.
    draw_views(app, painter, screen - ImGui::GetCursorPosY() - font * 0.6f, screen);
    if (text.equations_below) draw_equations(app, step, text_in.equations, width, text.equation_px);
    if (!side_column && app->state.display.controls) {
        ImGui::Spacing();
        draw_parameters(app, std::max(1, int(width / (font * 21.0f))));
        draw_questions(app, std::min(width, font * 40.0f));
    }
    draw_references(app, std::min(width, font * 52.0f));
}

void app_export_text(App* app, int view, ExportFormat format, bool copy) {
    const AppServices& sv = app->services;
    if (view < 0 || size_t(view) >= app->views.size() || !(copy ? bool(sv.copy_text) : bool(sv.save_file))) return;
    const ViewData& v = app->views[size_t(view)];
    // A position map exports the window the learner is looking at.
    double window_cells[3] = {0.0, 0.0, double(kExportMapCells)};
    const auto mw = app->interaction.map_window.find(view);
    if (mw != app->interaction.map_window.end()) {
        window_cells[0] = mw->second.x0;
        window_cells[1] = mw->second.y0;
        window_cells[2] = mw->second.span;
    }
    const double* window = v.kind() == ViewKind::PositionMap ? window_cells : nullptr;
    const std::string text = export_view(v, app->state, format, window);
    if (copy) {
        sv.copy_text(text);
        return;
    }
    const char* ext = format == ExportFormat::csv ? "csv" : format == ExportFormat::json ? "json" : "tex";
    const char* mime = format == ExportFormat::csv ? "text/csv" : format == ExportFormat::json ? "application/json" : "text/x-tex";
    sv.save_file(export_file_name(app->state, view, ext), mime, text);
}

void app_copy_link(App* app) {
    if (app->services.copy_text && app->services.view_link) app->services.copy_text(app->services.view_link(to_query(app->state)));
}

// The export menu: every view of the step, in every format the platform can deliver.
static void draw_export_menu(App* app) {
    const Lang lang = app->state.lang;
    const AppServices& sv = app->services;
    if (!ImGui::BeginPopup("##export")) return;
    for (size_t i = 0; i < app->views.size(); ++i) {
        const ViewData& v = app->views[i];
        ImGui::PushID(int(i));
        if (ImGui::BeginMenu(v.title.empty() ? "—" : v.title.c_str())) {
            if (sv.capture_png && i < app->figure_rects.size()) {
                const auto& r = app->figure_rects[i];
                for (int scale : {1, 2}) {
                    if (ImGui::MenuItem(ui_say(lang, scale == 1 ? UiText::ExportPng1 : UiText::ExportPng2).c_str()))
                        sv.capture_png(r.first.x, r.first.y, r.second.x, r.second.y, scale,
                                       export_file_name(app->state, int(i), scale == 1 ? "png" : "2x.png"));
                }
                ImGui::Separator();
            }
            struct Item {
                UiText download, copy;
                ExportFormat format;
            };
            const Item items[] = {{UiText::DownloadCsv, UiText::CopyCsv, ExportFormat::csv},
                                  {UiText::DownloadJson, UiText::CopyJson, ExportFormat::json},
                                  {UiText::DownloadLatex, UiText::CopyLatex, ExportFormat::latex}};
            for (const Item& it : items)
                if (sv.save_file && ImGui::MenuItem(ui_say(lang, it.download).c_str())) app_export_text(app, int(i), it.format, false);
            ImGui::Separator();
            for (const Item& it : items)
                if (sv.copy_text && ImGui::MenuItem(ui_say(lang, it.copy).c_str())) app_export_text(app, int(i), it.format, true);
            ImGui::EndMenu();
        }
        ImGui::PopID();
    }
    if (sv.copy_text && sv.view_link) {
        ImGui::Separator();
        if (ImGui::MenuItem(ui_say(lang, UiText::CopyLink).c_str())) app_copy_link(app);
    }
    ImGui::EndPopup();
}

// An icon button (play, pause, step back/forward), drawn with the draw list so it needs no glyph.
enum class Icon { Play, Pause, Back, Forward };
static bool icon_button(const char* id, Icon icon, float size, const std::string& tooltip) {
    const bool pressed = ImGui::Button(id, ImVec2(size, size));
    if (ImGui::IsItemHovered()) ImGui::SetTooltip("%s", tooltip.c_str());
    const ImVec2 a = ImGui::GetItemRectMin(), b = ImGui::GetItemRectMax();
    const ImVec2 c((a.x + b.x) * 0.5f, (a.y + b.y) * 0.5f);
    const float r = size * 0.22f;
    const ImU32 ink = ImGui::GetColorU32(ImGuiCol_Text);
    ImDrawList* dl = ImGui::GetWindowDrawList();
    switch (icon) {
    case Icon::Play: dl->AddTriangleFilled(ImVec2(c.x - r * 0.8f, c.y - r), ImVec2(c.x - r * 0.8f, c.y + r), ImVec2(c.x + r, c.y), ink); break;
    case Icon::Pause:
        dl->AddRectFilled(ImVec2(c.x - r * 0.8f, c.y - r), ImVec2(c.x - r * 0.25f, c.y + r), ink);
        dl->AddRectFilled(ImVec2(c.x + r * 0.25f, c.y - r), ImVec2(c.x + r * 0.8f, c.y + r), ink);
        break;
    case Icon::Back:
        dl->AddRectFilled(ImVec2(c.x - r, c.y - r), ImVec2(c.x - r * 0.6f, c.y + r), ink);
        dl->AddTriangleFilled(ImVec2(c.x + r, c.y - r), ImVec2(c.x + r, c.y + r), ImVec2(c.x - r * 0.5f, c.y), ink);
        break;
    case Icon::Forward:
        dl->AddRectFilled(ImVec2(c.x + r * 0.6f, c.y - r), ImVec2(c.x + r, c.y + r), ink);
        dl->AddTriangleFilled(ImVec2(c.x - r, c.y - r), ImVec2(c.x - r, c.y + r), ImVec2(c.x + r * 0.5f, c.y), ink);
        break;
    }
    return pressed;
}

// Playback of the step's timeline: play/pause, step back/forward, the scrub slider over from…to (the key's
// value), the speed, and a word that it loops. `width`: the room for all of it.
static void draw_playback(App* app, float width, float height) {
    const Timeline* t = nullptr;
    const ParamSpec* spec = timeline_spec(*app, &t);
    if (!spec) return;
    const Lang lang = app->state.lang;
    const ImGuiStyle& st = ImGui::GetStyle();
    Playback& pb = app->playback;
    ImGui::PushID("##playback");
    if (icon_button("##play", pb.playing ? Icon::Pause : Icon::Play, height, ui_say(lang, pb.playing ? UiText::Pause : UiText::Play)))
        app_play(app, !pb.playing);
    // A step back or forward pauses: the learner is looking at one value.
    const double increment = spec->kind == ParamKind::Int ? 1.0 : (t->to - t->from) / 20.0;
    ImGui::SameLine(0, 2);
    if (icon_button("##back", Icon::Back, height, ui_say(lang, UiText::StepBack))) {
        app_play(app, false);
        seek_timeline(app, *spec, *t, std::max(t->from, timeline_value(*app, *spec) - increment));
    }
    ImGui::SameLine(0, 2);
    if (icon_button("##forward", Icon::Forward, height, ui_say(lang, UiText::StepForward))) {
        app_play(app, false);
        seek_timeline(app, *spec, *t, std::min(t->to, timeline_value(*app, *spec) + increment));
    }
    // Speeds and the loop note, right of the slider when they fit.
    const char* speeds[] = {"0.5×", "1×", "2×"};
    const double speed_values[] = {0.5, 1.0, 2.0};
    float speeds_w = 0;
    for (const char* s : speeds) speeds_w += ImGui::CalcTextSize(s).x + st.FramePadding.x * 2 + 1;
    const std::string loops = ui_say(lang, UiText::Loops);
    const float loops_w = ImGui::CalcTextSize(loops.c_str()).x + st.ItemSpacing.x;
    const float caption_w = ImGui::CalcTextSize(param_caption(app->state.lesson, *spec).c_str()).x + st.ItemSpacing.x;
    const float used = height * 3 + 4 + st.ItemSpacing.x;
    float slider_w = width - used - caption_w - speeds_w - st.ItemSpacing.x;
    const bool show_loops = slider_w - loops_w >= ImGui::GetFontSize() * 8.0f;
    if (show_loops) slider_w -= loops_w;
    ImGui::SameLine();
    ImGui::AlignTextToFramePadding();
    ImGui::TextUnformatted(param_caption(app->state.lesson, *spec).c_str());
    ImGui::SameLine();
    double value = timeline_value(*app, *spec);
    const bool integer = spec->kind == ParamKind::Int;
    if (slider_and_value("##scrub", &value, t->from, t->to, integer ? "%.0f" : "%.3f", ImGuiSliderFlags_AlwaysClamp,
                         std::max(ImGui::GetFontSize() * 6.0f, slider_w)))
        seek_timeline(app, *spec, *t, std::clamp(integer ? std::round(value) : value, t->from, t->to));
    ImGui::SameLine();
    ImGui::PushStyleVar(ImGuiStyleVar_ItemSpacing, ImVec2(1, st.ItemSpacing.y));
    for (int i = 0; i < 3; ++i) {
        const bool active = pb.speed == speed_values[i];
        if (i) ImGui::SameLine();
        if (active) ImGui::PushStyleColor(ImGuiCol_Button, ImGui::GetStyleColorVec4(ImGuiCol_ButtonActive));
        if (ImGui::Button(speeds[i])) pb.speed = speed_values[i];
        if (active) ImGui::PopStyleColor();
        if (ImGui::IsItemHovered()) ImGui::SetTooltip("%s", ui_say(lang, UiText::Speed).c_str());
    }
    ImGui::PopStyleVar();
    if (show_loops) {
        ImGui::SameLine();
        ImGui::AlignTextToFramePadding();
        ImGui::TextDisabled("%s", loops.c_str());
    }
    ImGui::PopID();
}

// The bottom bar's height: one row, or two on a narrow screen whose step has a timeline (playback above).
static float nav_rows(const App& app) {
    return (app_has_timeline(app) && ImGui::GetContentRegionAvail().x < ImGui::GetFontSize() * 56.0f) ? 2.0f : 1.0f;
}

// The bottom bar: Prev, Next, the playback controls (wide screens), the step counter where it fits, then
// Export and Full screen at the right; narrow screens put the playback controls on a row of their own above.
static void draw_nav(App* app) {
    const Lang lang = app->state.lang;
    const int n = int(app->state.lesson->steps.size());
    const DisplayOptions& d = app->state.display;
    const float font = ImGui::GetFontSize();
    const ImGuiStyle& st = ImGui::GetStyle();
    const bool two_rows = nav_rows(*app) > 1.0f;
    const float bar_h = font * 2.0f;
    if (two_rows) draw_playback(app, ImGui::GetContentRegionAvail().x, ImGui::GetFrameHeight());
    // Large targets: these are also what a presenter taps on a touch screen.
    const float narrow = ImGui::GetContentRegionAvail().x < font * 40.0f ? 0.6f : 1.0f;
    const ImVec2 button(std::max(font * 7.0f * narrow, ImGui::CalcTextSize(ui_say(lang, UiText::Next).c_str()).x + font * 1.2f), bar_h);
    ImGui::BeginDisabled(app->state.step <= std::max(1, d.step_min));
    if (ImGui::Button(ui_say(lang, UiText::Prev).c_str(), button)) go_to_step(app, app->state.step - 1);
    ImGui::EndDisabled();
    ImGui::SameLine();
    ImGui::BeginDisabled(app->state.step >= std::min(n, d.step_max));
    if (ImGui::Button(ui_say(lang, UiText::Next).c_str(), button)) go_to_step(app, app->state.step + 1);
    ImGui::EndDisabled();
    // Right side: export and full screen.
    const std::string export_text = ui_say(lang, UiText::Export), full_text = ui_say(lang, UiText::FullScreen);
    float right_w = ImGui::CalcTextSize(export_text.c_str()).x + st.FramePadding.x * 2;
    if (app->services.toggle_fullscreen) right_w += ImGui::CalcTextSize(full_text.c_str()).x + st.FramePadding.x * 2 + st.ItemSpacing.x;
    const float right_x = ImGui::GetWindowContentRegionMax().x - right_w;
    ImGui::SameLine();
    const float row_y = ImGui::GetCursorPosY();
    if (!two_rows && app_has_timeline(*app)) {
        const float counter_room = ImGui::CalcTextSize(step_counter(app).c_str()).x + st.ItemSpacing.x * 2;
        ImGui::SetCursorPosY(row_y + (bar_h - ImGui::GetFrameHeight()) * 0.5f);
        draw_playback(app, right_x - ImGui::GetCursorPosX() - counter_room - font, ImGui::GetFrameHeight());
        ImGui::SameLine();
    }
    // The step counter only where it fits left of Export (a phone has the rail's numbers instead).
    const std::string counter = step_counter(app);
    const bool counter_fits = ImGui::GetCursorPosX() + ImGui::CalcTextSize(counter.c_str()).x + st.ItemSpacing.x <= right_x;
    if (counter_fits) {
        ImGui::SetCursorPosY(row_y + (bar_h - ImGui::GetTextLineHeight()) * 0.5f);
        ImGui::TextDisabled("%s", counter.c_str());
        ImGui::SameLine();
    }
    if (counter_fits != app->counter_in_bar) app->frames_wanted = std::max(app->frames_wanted, 1);
    app->counter_in_bar = counter_fits;
    ImGui::SameLine(std::max(ImGui::GetCursorPosX(), right_x));
    ImGui::SetCursorPosY(row_y);
    if (ImGui::Button(export_text.c_str(), ImVec2(0, bar_h))) ImGui::OpenPopup("##export");
    draw_export_menu(app);
    if (app->services.toggle_fullscreen) {
        ImGui::SameLine();
        if (ImGui::Button(full_text.c_str(), ImVec2(0, bar_h))) app->services.toggle_fullscreen();
    }
}

void app_nav_key(App* app, NavKey key) {
    if (ImGui::GetCurrentContext() && ImGui::GetIO().WantTextInput) return;  // typing a number, not navigating
    app->frames_wanted = std::max(app->frames_wanted, 2);
    if (app->blanked) {  // the first key after "B" only brings the figure back
        app->blanked = false;
        return;
    }
    const DisplayOptions& d = app->state.display;
    switch (key) {
    case NavKey::Next: go_to_step(app, app->state.step + 1); break;
    case NavKey::Prev: go_to_step(app, app->state.step - 1); break;
    case NavKey::First: go_to_step(app, d.step_min); break;
    case NavKey::Last: go_to_step(app, d.step_max); break;
    case NavKey::Blank: app->blanked = true; break;
    case NavKey::TogglePlay: app_play(app, !app->playback.playing); break;
    }
}

void app_toast(App* app, const std::string& message) {
    app->toast = message;
    app->toast_until = ImGui::GetTime() + 4.0;
    app->wake_at = app->toast_until + 0.05;
    app->frames_wanted = std::max(app->frames_wanted, 2);
}

// [SECTION] themes ----------------------------------------------------------------------------

static void apply_style(Theme theme, float scale) {
    ImGuiStyle& s = ImGui::GetStyle();
    s = ImGuiStyle();
    if (theme == Theme::light) ImGui::StyleColorsLight();
    else ImGui::StyleColorsDark();
    s.WindowPadding = ImVec2(14, 10);
    s.FramePadding = ImVec2(8, 5);
    s.ItemSpacing = ImVec2(8, 7);
    s.FrameRounding = 4;
    s.GrabRounding = 4;
    s.ChildRounding = 4;
    s.ScrollbarSize = 14;
    s.Colors[ImGuiCol_ChildBg] = ImVec4(0, 0, 0, 0);
    switch (theme) {
    case Theme::light:
        s.Colors[ImGuiCol_WindowBg] = ImVec4(0.98f, 0.98f, 0.97f, 1.0f);
        s.Colors[ImGuiCol_TextDisabled] = ImVec4(0.38f, 0.38f, 0.40f, 1.0f);
        break;
    case Theme::dark:
        s.Colors[ImGuiCol_WindowBg] = ImVec4(0.11f, 0.12f, 0.13f, 1.0f);
        s.Colors[ImGuiCol_TextDisabled] = ImVec4(0.62f, 0.62f, 0.64f, 1.0f);
        break;
    case Theme::contrast:
        // Presenter: pure black and white, bright accents, heavier borders for projectors.
        s.Colors[ImGuiCol_WindowBg] = ImVec4(0, 0, 0, 1);
        s.Colors[ImGuiCol_Text] = ImVec4(1, 1, 1, 1);
        s.Colors[ImGuiCol_TextDisabled] = ImVec4(0.85f, 0.85f, 0.85f, 1);
        s.Colors[ImGuiCol_Border] = ImVec4(1, 1, 1, 0.9f);
        s.Colors[ImGuiCol_Button] = ImVec4(0.0f, 0.30f, 0.75f, 1);
        s.Colors[ImGuiCol_ButtonHovered] = ImVec4(0.1f, 0.45f, 0.95f, 1);
        s.Colors[ImGuiCol_Header] = ImVec4(0.0f, 0.30f, 0.75f, 1);
        s.Colors[ImGuiCol_FrameBg] = ImVec4(0.15f, 0.15f, 0.15f, 1);
        s.FrameBorderSize = 1.5f;
        s.ChildBorderSize = 2.0f;
        break;
    }
    s.ScaleAllSizes(scale);
}

void app_apply_style(Theme theme, float scale) { apply_style(theme, scale); }

void app_frame(App* app, MatrixPainter* painter) {
    app->drawn.clear();
    app->figure_rects.clear();
    app->equations_drawn.clear();
    app->questions_drawn.clear();
    app->interaction.prev_hover_delta = app->interaction.hover_delta;
    app->interaction.hover_delta = INT32_MIN;
    const DisplayOptions& d = app->state.display;
    if (app->styled_scale != d.fontscale || app->styled_theme != d.theme) {
        apply_style(d.theme, float(d.fontscale));
        app->styled_theme = d.theme;
        app->styled_scale = d.fontscale;
    }

    const ImGuiViewport* vp = ImGui::GetMainViewport();
    ImGui::SetNextWindowPos(vp->WorkPos);
    ImGui::SetNextWindowSize(vp->WorkSize);
    const ImGuiWindowFlags flags = ImGuiWindowFlags_NoDecoration | ImGuiWindowFlags_NoMove |
                                   ImGuiWindowFlags_NoSavedSettings | ImGuiWindowFlags_NoBringToFrontOnFocus;
    ImGui::Begin("##pelab", nullptr, flags);
    if (app->blanked) {
        // Presenter's blank screen: nothing of the lesson, a faint hint how to return.
        ImDrawList* dl = ImGui::GetWindowDrawList();
        dl->AddRectFilled(vp->Pos, ImVec2(vp->Pos.x + vp->Size.x, vp->Pos.y + vp->Size.y), IM_COL32(0, 0, 0, 255));
        dl->AddText(ImVec2(vp->Pos.x + 12, vp->Pos.y + vp->Size.y - ImGui::GetFontSize() * 1.6f), IM_COL32(90, 90, 90, 255),
                    ui_say(app->state.lang, UiText::Blanked).c_str());
        ImGui::End();
        return;
    }
    if (!d.embed) {
        draw_header(app);
        ImGui::Separator();
    }
    advance_playback(app);

    const float font = ImGui::GetFontSize();
    const ImGuiStyle& st = ImGui::GetStyle();
    const Lesson& lesson = *app->state.lesson;
    // Where the rail, the step, the side column and the bottom bar go (layout.h).
    FrameLayoutInput frame_in;
    frame_in.region_min = ImGui::GetCursorScreenPos();
    frame_in.region_avail = ImGui::GetContentRegionAvail();
    frame_in.font = font;
    frame_in.frame_height = ImGui::GetFrameHeight();
    frame_in.item_spacing = st.ItemSpacing;
    frame_in.controls = d.controls;
    frame_in.embed = d.embed;
    frame_in.has_timeline = app_has_timeline(*app);
    frame_in.steps = lesson.steps.size();
    const FrameLayout frame = layout_frame(frame_in);
    const float body_h = frame.body_h;
    if (frame.rail) {
        draw_step_rail(app, frame.rail_w, body_h);
        ImGui::SameLine();
    }
    // The side column is for the step drawn now, which a click on the rail may just have changed (the bottom
    // bar and the heights stay as laid out above for this frame).
    frame_in.side_content = d.controls && (!current_step(*app).keys_shown(app->state.params).empty() ||
                                           !current_step(*app).questions.empty());
    const FrameLayout columns = layout_frame(frame_in);
    const bool side = columns.side;
    const float side_w = columns.side_w;
    // Each step has a scroll region of its own (its own scroll position, content size and table column
    // widths), so what one step left behind never shows on another; coming back shows the step as it was.
    ImGui::PushID(lesson.id);
    ImGui::PushID(app->state.step);
    ImGui::BeginChild("##content", ImVec2(side ? -(side_w + st.ItemSpacing.x) : 0.0f, body_h), false);
    draw_step(app, painter, side, !d.controls || !app->counter_in_bar);
    ImGui::EndChild();
    if (side) {
        ImGui::SameLine();
        const ImVec2 at = ImGui::GetCursorScreenPos();
        ImGui::GetWindowDrawList()->AddLine(ImVec2(at.x - st.ItemSpacing.x * 0.5f, at.y), ImVec2(at.x - st.ItemSpacing.x * 0.5f, at.y + body_h),
                                            ImGui::GetColorU32(ImGuiCol_Separator));
        ImGui::BeginChild("##side", ImVec2(0.0f, body_h), false, ImGuiWindowFlags_AlwaysUseWindowPadding);
        draw_parameters(app, 1);
        draw_questions(app, ImGui::GetContentRegionAvail().x);
        ImGui::EndChild();
    }
    ImGui::PopID();
    ImGui::PopID();
    if (d.controls) draw_nav(app);

    if (!app->toast.empty()) {
        if (ImGui::GetTime() < app->toast_until) {
            const ImVec2 size = ImGui::CalcTextSize(app->toast.c_str());
            const ImVec2 at(vp->Pos.x + (vp->Size.x - size.x) * 0.5f, vp->Pos.y + vp->Size.y - size.y - font * 4.0f);
            ImDrawList* dl = ImGui::GetForegroundDrawList();
            dl->AddRectFilled(ImVec2(at.x - 12, at.y - 8), ImVec2(at.x + size.x + 12, at.y + size.y + 8), IM_COL32(40, 40, 40, 235), 6);
            dl->AddText(at, IM_COL32(255, 255, 255, 255), app->toast.c_str());
        } else {
            app->toast.clear();
            app->frames_wanted = std::max(app->frames_wanted, 1);
        }
    }
    ImGui::End();

    // A new hover target changes what is outlined: draw once more so the outline follows.
    if (app->interaction.hover_delta != app->interaction.prev_hover_delta)
        app->frames_wanted = std::max(app->frames_wanted, 1);
}

}  // namespace pelab
