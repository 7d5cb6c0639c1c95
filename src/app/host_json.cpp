// PE Lab — app/host_json.cpp
// What the host page and the tests read back (window.pelab on the web, --layout on desktop): the state, the
// curriculum, the notices, the figures and equations in words and MathML, where each figure, equation and question
// was drawn this frame. The JSON is written by hand, as the rest of the program writes it (core/io/text.h).
//
// Index of this file:
// [SECTION] JSON for the host page
// [SECTION] the figures in words
// [SECTION] where things were drawn
#include "app/app.h"
#include "app/app_internal.h"

#include <cmath>
#include <cstdio>
#include <variant>

#include "core/io/text.h"
#include "lessons/view_text.h"
#include "views/equation.h"

namespace pelab {

// [SECTION] JSON for the host page ---------------------------------------------------------------

std::string app_state_json(const App& app) {
    const AppState& s = app.state;
    // The step's position and its id: hosts keep the id (numbers in links mean a renumbered lesson's old numbers).
    const char* step_id = s.lesson ? step_id_at(*s.lesson, s.step) : nullptr;
    return "{\"lesson\":" + json_string(lesson_id(s)) + ",\"step\":" + std::to_string(s.step) +
           ",\"step_id\":" + json_string(step_id ? step_id : "") +
           ",\"lang\":" + json_string(s.lang == Lang::zh ? "zh" : "en") + ",\"params\":" + params_json(s.lesson->params, s.params) +
           // reveal=1 opens every prediction (what covers a step now, layout() says: its entries' `covered`).
           ",\"reveal\":" + (s.display.reveal ? "1" : "0") +  // as the URL writes it: setState(state()) round-trips
           "}";
}

std::string app_lessons_json(const App& app) {
    std::string out = "[";
    bool first = true;
    for (const Lesson* l : lesson_registry()) {
        std::string ids;  // each step's stable id, in order (what a host keeps in its links)
        for (const Step& step : l->steps) ids += (ids.empty() ? "" : ",") + json_string(step.id ? step.id : "");
        out += (first ? "" : ",") + std::string("{\"id\":") + json_string(l->id) +
               ",\"steps\":" + std::to_string(l->steps.size()) + ",\"step_ids\":[" + ids + "]" +
               ",\"title\":" + json_string(say(app.state.lang, l->title)) + "}";
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

// [SECTION] the figures in words --------------------------------------------------------------------------

std::vector<std::string> app_figure_descriptions(const App& app) {
    const Lang lang = app.state.lang;
    std::vector<std::string> out;
    // A prediction not yet answered covers the figures in words too: the mirror says so instead of the numbers.
    if (app_step_covered(app)) out.push_back(ui_say(lang, UiText::PredictFirst));
    else
        for (const ViewData& v : app.views.list) out.push_back(describe_view(v, lang));
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
    if (app_step_covered(app)) return out;  // covered with the figures (the formula is often the answer)
    for (const StepEquation& equation : app.state.lesson->steps[size_t(app.state.step - 1)].equations) {
        std::string mml = equation_mathml(equation.get(app.state.lang));
        if (!mml.empty()) out.push_back(std::move(mml));
    }
    return out;
}

// [SECTION] where things were drawn -----------------------------------------------------------------------

// ,"x":..,"y":..,"w":..,"h":.. (UI units, two decimals): every rectangle the host page is told about.
static std::string xywh_json(ImVec2 min, ImVec2 max) {
    char buf[128];
    std::snprintf(buf, sizeof buf, ",\"x\":%.2f,\"y\":%.2f,\"w\":%.2f,\"h\":%.2f", min.x, min.y, max.x - min.x, max.y - min.y);
    return buf;
}

// ,"NAME":{"x":..,"y":..,"w":..,"h":..}
static std::string rect_json(const char* name, ImVec2 min, ImVec2 max) {
    return ",\"" + std::string(name) + "\":{" + xywh_json(min, max).substr(1) + "}";
}

std::string app_layout_json(const App& app) {
    std::string out = "[";
    for (size_t i = 0; i < app.drawn.views.size(); ++i) {
        const DrawnView& d = app.drawn.views[i];
        char buf[320];
        std::snprintf(buf, sizeof buf,
                      ",\"x\":%.2f,\"y\":%.2f,\"w\":%.2f,\"h\":%.2f,\"rows\":%d,\"cols\":%d,\"zoom\":%.4f,"
                      "\"window\":[%.9g,%.9g,%.9g,%.9g]}",
                      d.plot_min.x, d.plot_min.y, d.plot_max.x - d.plot_min.x, d.plot_max.y - d.plot_min.y, d.rows,
                      d.cols, d.zoom, d.window[0], d.window[1], d.window[2], d.window[3]);
        out += (i ? ",{" : "{") + std::string("\"kind\":\"") + figure_kind_name(d.kind) +
               "\",\"title\":" + json_string(d.title) + buf;
        if (d.kind == ViewKind::Table) out.insert(out.size() - 1, d.scrolls_sideways ? ",\"scrolls_sideways\":true" : ",\"scrolls_sideways\":false");
        out.insert(out.size() - 1, d.visible ? ",\"visible\":true" : ",\"visible\":false");
        out.insert(out.size() - 1, d.covered ? ",\"covered\":true" : ",\"covered\":false");
        // The whole view as drawn, and where the layout function puts it (DrawnFrame::planned).
        const size_t view = i < app.drawn.view_of.size() ? app.drawn.view_of[i] : app.drawn.figure_rects.size();
        if (view < app.drawn.figure_rects.size())
            out.insert(out.size() - 1, rect_json("extent", app.drawn.figure_rects[view].first, app.drawn.figure_rects[view].second));
        if (app.drawn.has_planned && view < app.drawn.planned.figures.figures.size()) {
            const LayoutRect& r = app.drawn.planned.figures.figures[view].rect;
            out.insert(out.size() - 1, rect_json("planned", r.min, r.max));
        }
        if (!d.handles.empty()) {  // phasor arrowheads a learner can drag: the key each sets, where it is
            std::string list = ",\"handles\":[";
            for (size_t h = 0; h < d.handles.size(); ++h) {
                std::snprintf(buf, sizeof buf, "%s{\"key\":%s,\"x\":%.2f,\"y\":%.2f}", h ? "," : "",
                              json_string(d.handles[h].key).c_str(), d.handles[h].at.x, d.handles[h].at.y);
                list += buf;
            }
            out.insert(out.size() - 1, list + "]");
        }
        if (d.hovered) {  // the hovered cell of a position map and its tooltip's numbers
            if (std::isfinite(d.hover[2]) && std::isfinite(d.hover[3]))
                std::snprintf(buf, sizeof buf, ",\"hover\":{\"i\":%.0f,\"j\":%.0f,\"reference\":%.17g,\"float32\":%.9g}",
                              d.hover[0], d.hover[1], d.hover[2], d.hover[3]);
            else  // a masked cell (causal ALiBi): no value
                std::snprintf(buf, sizeof buf, ",\"hover\":{\"i\":%.0f,\"j\":%.0f,\"reference\":null,\"float32\":null}",
                              d.hover[0], d.hover[1]);
            out.insert(out.size() - 1, buf);
        }
    }
    for (size_t i = 0; i < app.drawn.equations.size(); ++i) {
        const DrawnEquation& e = app.drawn.equations[i];
        out += (out.size() > 1 ? ",{" : "{") + std::string("\"kind\":\"equation\",\"title\":") + json_string(e.tex) +
               xywh_json(e.min, e.max) + (e.covered ? ",\"covered\":true}" : ",\"covered\":false}");
        if (app.drawn.has_planned && i < app.drawn.planned.equations.boxes.size()) {
            const LayoutRect& r = app.drawn.planned.equations.boxes[i];
            out.insert(out.size() - 1, rect_json("planned", r.min, r.max));
            // Wholly inside the step's window unscrolled, as a figure's "visible".
            const PageLayout& page = app.drawn.planned;
            const bool visible = figure_on_first_screen(r, {page.frame.content.min, page.frame.content.max});
            out.insert(out.size() - 1, visible ? ",\"visible\":true" : ",\"visible\":false");
        }
    }
    // The takeaway under the title: its words (or the words covering it), where it was drawn, whether it lies on
    // the first screen, and whether a prediction covers it.
    if (app.drawn.has_takeaway) {
        const LayoutRect& t = app.drawn.takeaway_rect;
        const PageLayout& page = app.drawn.planned;
        const bool visible = !app.drawn.has_planned || figure_on_first_screen(t, {page.frame.content.min, page.frame.content.max});
        out += (out.size() > 1 ? ",{" : "{") + std::string("\"kind\":\"takeaway\",\"title\":") + json_string(app.drawn.takeaway) +
               xywh_json(t.min, t.max) + (visible ? ",\"visible\":true" : ",\"visible\":false") +
               (app.drawn.covered ? ",\"covered\":true" : ",\"covered\":false");
        if (app.drawn.has_planned) out += rect_json("planned", page.takeaway.min, page.takeaway.max);
        out += "}";
    }
    // The side column's parameters and questions, whole, and whether they lie inside its window
    // unscrolled (the column scrolls when they do not).
    if (app.drawn.has_side) {
        const LayoutRect& c = app.drawn.side_content;
        out += (out.size() > 1 ? ",{" : "{") + std::string("\"kind\":\"controls\",\"title\":\"\"") + xywh_json(c.min, c.max) +
               (figure_on_first_screen(c, app.drawn.side_window) ? ",\"visible\":true}" : ",\"visible\":false}");
    }
    return out + "]";
}

std::string app_links_json(const App& app) {
    std::string out = "[";
    for (size_t i = 0; i < app.drawn.links.size(); ++i) {
        const DrawnLink& l = app.drawn.links[i];
        out += (i ? ",{" : "{") + std::string("\"term\":") + json_string(l.term) + ",\"words\":" + json_string(l.words) +
               xywh_json(l.min, l.max) + "}";
    }
    return out + "]";
}

std::string app_questions_json(const App& app) {
    std::string out = "[";
    for (size_t qi = 0; qi < app.drawn.questions.size(); ++qi) {
        const DrawnQuestion& q = app.drawn.questions[qi];
        out += (qi ? ",{" : "{") + std::string("\"prompt\":") + json_string(q.prompt) + ",\"choices\":[";
        for (size_t c = 0; c < q.choices.size(); ++c) {
            const auto& [lo, hi] = q.buttons[c];
            out += (c ? ",{" : "{") + std::string("\"text\":") + json_string(q.choices[c]) + xywh_json(lo, hi) + "}";
        }
        out += "],\"predict\":" + std::string(q.predict ? "true" : "false") + ",\"picked\":" + std::to_string(q.picked) + ",\"verdict\":" + json_string(q.verdict) +
               ",\"explanation\":" + json_string(q.explanation) + "}";
    }
    return out + "]";
}

std::string app_actions_json(const App& app) {
    std::string out = "[";
    for (size_t i = 0; i < app.drawn.actions.size(); ++i) {
        const DrawnAction& a = app.drawn.actions[i];
        out += (i ? ",{" : "{") + std::string("\"label\":") + json_string(a.label) +
               ",\"enabled\":" + (a.enabled ? "true" : "false") + xywh_json(a.min, a.max) + "}";
    }
    return out + "]";
}

}  // namespace pelab
