// PE Lab — app/app.cpp
// The per-frame UI: header (lesson, language), step list, step text, parameter editors, the views,
// Prev/Next navigation and keyboard shortcuts. All edits go through app_apply(), so the URL parser's
// checks are the only gate every value passes.
//
// Index of this file:
// [SECTION] state changes
// [SECTION] JSON for the host page
// [SECTION] parameter editors
// [SECTION] frame
#include "app/app.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <unordered_set>

#include "core/text.h"
#include "imgui.h"
#include "lessons/view_export.h"

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

void app_init(App* app, const KeyValues& args, Lang lang) {
    app->state = default_state(lang);
    app->notices.clear();
    app_add_notices(app, apply_query(args, &app->state));
    app->frames_wanted = 2;
}

void app_apply(App* app, const KeyValues& kv) {
    KeyValues filtered;
    filtered.reserve(kv.size());
    for (const auto& p : kv) {
        // Re-selecting the current lesson must not wipe the learner's parameters.
        if (p.first == "lesson" && app->state.lesson && !app->state.host && p.second == app->state.lesson->id) continue;
        filtered.push_back(p);
    }
    app_add_notices(app, apply_query(filtered, &app->state));
    app->frames_wanted = std::max(app->frames_wanted, 2);
}

void app_restore(App* app, const KeyValues& kv) {
    AppState fresh = default_state(app->state.lang);
    app_add_notices(app, apply_query(kv, &fresh));
    app->state = fresh;
    app->frames_wanted = std::max(app->frames_wanted, 2);
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

std::string app_layout_json(const App& app) {
    static const char* kKindNames[] = {"heatmap", "table", "curve", "posmap", "phasor", "odometer"};  // ViewKind order
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

// Each editor proposes a new value in URL syntax; app_apply() validates it like any URL input.
// `label_width`: the column the editors start at, wide enough for the step's longest label.
static void edit_param(App* app, const ParamSpec& spec, float label_width) {
    const Lang lang = app->state.lang;
    const ParamLabel words = label_of(app->state.lesson, spec);
    const std::string label = param_caption(app->state.lesson, spec);
    const std::string help = words.help.get(lang);
    const float font = ImGui::GetFontSize();
    ImGui::PushID(spec.name.c_str());
    ImGui::AlignTextToFramePadding();
    ImGui::TextUnformatted(label.c_str());
    if (!help.empty() && ImGui::IsItemHovered()) ImGui::SetTooltip("%s (%s)", help.c_str(), describe_range(spec).c_str());
    ImGui::SameLine(label_width);
    std::string proposal;
    switch (spec.kind) {
    case ParamKind::Int: {
        int value = app->state.params.geti(spec.name);
        ImGui::SetNextItemWidth(std::min(font * 18.0f, ImGui::GetContentRegionAvail().x));
        // Wide positive ranges (lengths up to 65,536) get a logarithmic slider: every scale is reachable.
        const bool wide = spec.max - spec.min > 4096;
        if (!wide || spec.min > 0) {
            const ImGuiSliderFlags flags = ImGuiSliderFlags_AlwaysClamp | (wide ? ImGuiSliderFlags_Logarithmic : 0);
            if (ImGui::SliderInt("##v", &value, int(spec.min), int(spec.max), "%d", flags))
                proposal = std::to_string(snapped_to_multiple(spec, value));
        } else if (ImGui::InputInt("##v", &value, spec.multiple_of)) {
            proposal = std::to_string(snapped_to_multiple(spec, value));
        }
        break;
    }
    case ParamKind::Real: {
        double value = app->state.params.getd(spec.name);
        ImGui::SetNextItemWidth(std::min(font * 18.0f, ImGui::GetContentRegionAvail().x));
        // Ranges over several decades (a base of 2..1e8) are logarithmic, with significant digits.
        const bool decades = spec.min > 0 && spec.max / spec.min >= 1000;
        if (ImGui::SliderScalar("##v", ImGuiDataType_Double, &value, &spec.min, &spec.max, decades ? "%.6g" : "%.4f",
                                ImGuiSliderFlags_AlwaysClamp | (decades ? ImGuiSliderFlags_Logarithmic : 0)))
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
                                         "%.4f", ImGuiSliderFlags_AlwaysClamp);
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

static const ParamSpec* find_spec(const Lesson& lesson, const std::string& key) {
    for (const ParamSpec& s : lesson.params)
        if (s.name == key) return &s;
    return nullptr;
}

// [SECTION] frame ------------------------------------------------------------------------------

static void draw_header(App* app) {
    const Lang lang = app->state.lang;
    ImGui::PushFont(app->font_title);
    ImGui::TextUnformatted(ui_say(lang, UiText::AppName).c_str());
    ImGui::PopFont();
    ImGui::SameLine();
    const float font = ImGui::GetFontSize();
    ImGui::SetNextItemWidth(std::min(font * 26.0f, std::max(font * 6.0f, ImGui::GetContentRegionAvail().x - font * 9.0f)));
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
    const char* zh = "中文";
    const char* en = "EN";
    const float w = ImGui::CalcTextSize(zh).x + ImGui::CalcTextSize(en).x + ImGui::GetStyle().FramePadding.x * 4 +
                    ImGui::GetStyle().ItemSpacing.x;
    ImGui::SameLine(std::max(ImGui::GetCursorPosX(), ImGui::GetWindowContentRegionMax().x - w));
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

static void draw_step_list(App* app, float width, float height) {
    const Lang lang = app->state.lang;
    ImGui::BeginChild("##steps", ImVec2(width, height), true);
    ImGui::TextDisabled("%s", ui_say(lang, UiText::Steps).c_str());
    const auto& steps = app->state.lesson->steps;
    const float line_h = ImGui::GetTextLineHeight();
    const DisplayOptions& d = app->state.display;
    for (size_t i = size_t(std::max(1, d.step_min) - 1); i < steps.size() && int(i) < d.step_max; ++i) {
        // "N. title", wrapped; the whole block is one selectable row.
        const std::string label = say(lang, {"{n}. {title}", "{n}. {title}"}, {{"n", std::to_string(i + 1)}, {"title", say(lang, steps[i].title)}});
        const auto lines = wrap_lines(label, ImGui::GetContentRegionAvail().x);
        const ImVec2 at = ImGui::GetCursorScreenPos();
        ImGui::PushID(int(i));
        const bool selected = int(i) + 1 == app->state.step;
        if (ImGui::Selectable("##step", selected, 0, ImVec2(0, line_h * float(lines.size())))) go_to_step(app, int(i) + 1);
        ImGui::PopID();
        const ImVec2 after = ImGui::GetCursorScreenPos();
        for (size_t l = 0; l < lines.size(); ++l)
            ImGui::GetWindowDrawList()->AddText(ImVec2(at.x, at.y + line_h * float(l)), ImGui::GetColorU32(ImGuiCol_Text),
                                                lines[l].first, lines[l].second);
        ImGui::SetCursorScreenPos(after);
    }
    ImGui::EndChild();
}

static void draw_views(App* app, MatrixPainter* painter) {
    KeyValues edits;
    const float avail = ImGui::GetContentRegionAvail().x;
    const float font = ImGui::GetFontSize();
    const size_t n = app->views.size();
    // Two columns when there is room for two readable figures, else one.
    const int columns = (n >= 2 && avail >= font * 44.0f) ? 2 : 1;
    const float gap = font * 1.2f;
    const float col_w = (avail - gap * float(columns - 1)) / float(columns);
    const ImVec2 start = ImGui::GetCursorScreenPos();
    float y = start.y;
    for (size_t i = 0; i < n; i += size_t(columns)) {
        float row_h = 0;
        for (int c = 0; c < columns && i + size_t(c) < n; ++c) {
            const ViewData& v = app->views[i + size_t(c)];
            ImGui::SetCursorScreenPos(ImVec2(start.x + float(c) * (col_w + gap), y));
            ImGui::PushID(int(i) + c);
            ImGui::BeginGroup();
            ViewContext ctx;
            ctx.painter = painter;
            ctx.lang = app->state.lang;
            ctx.data_version = app->views_version;
            ctx.slot = int(i) + c;
            ctx.interaction = &app->interaction;
            ctx.drawn = &app->drawn;
            ctx.edits = &edits;
            draw_view(v, ctx, col_w);
            ImGui::EndGroup();
            app->figure_rects.push_back({ImGui::GetItemRectMin(), ImGui::GetItemRectMax()});
            row_h = std::max(row_h, ImGui::GetItemRectSize().y);
            ImGui::PopID();
        }
        y += row_h + font * 0.6f;
    }
    ImGui::SetCursorScreenPos(ImVec2(start.x, y));
    ImGui::Dummy(ImVec2(avail, 1));
    // Applied after drawing: the views of this frame were computed from the state they were drawn with.
    if (!edits.empty()) app_apply(app, edits);
}

static void draw_step(App* app, MatrixPainter* painter) {
    const Lang lang = app->state.lang;
    const Lesson& lesson = *app->state.lesson;
    const Step& step = lesson.steps[size_t(app->state.step - 1)];
    draw_notices(app);
    ImGui::TextDisabled("%s", step_counter(app).c_str());
    ImGui::PushFont(app->font_title);
    text_wrapped(say(lang, step.title), ImGui::GetContentRegionAvail().x);
    ImGui::PopFont();
    text_wrapped(say(lang, step.body), std::min(ImGui::GetContentRegionAvail().x, ImGui::GetFontSize() * 48.0f));
    const std::vector<std::string> shown = step.keys_shown(app->state.params);
    if (!shown.empty() && app->state.display.controls) {
        ImGui::Spacing();
        ImGui::TextDisabled("%s", ui_say(lang, UiText::Parameters).c_str());
        float label_width = ImGui::GetFontSize() * 4.0f;
        for (const std::string& key : shown)
            if (const ParamSpec* spec = find_spec(lesson, key))
                label_width = std::max(label_width, ImGui::CalcTextSize(param_caption(&lesson, *spec).c_str()).x +
                                                        ImGui::GetFontSize() * 1.2f);
        for (const std::string& key : shown)
            if (const ParamSpec* spec = find_spec(lesson, key)) edit_param(app, *spec, label_width);
        if (ImGui::SmallButton(ui_say(lang, UiText::ResetParams).c_str())) {
            KeyValues kv;
            for (const std::string& key : shown)
                if (const ParamSpec* spec = find_spec(lesson, key)) kv.push_back({key, spec->default_text});
            app_apply(app, kv);
        }
    }
    ImGui::Separator();
    recompute_views_if_needed(app);
    draw_views(app, painter);
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

static void draw_nav(App* app) {
    const Lang lang = app->state.lang;
    const int n = int(app->state.lesson->steps.size());
    const DisplayOptions& d = app->state.display;
    const float font = ImGui::GetFontSize();
    // Large targets: these are also what a presenter taps on a touch screen.
    const ImVec2 button(std::max(font * 7.0f, ImGui::CalcTextSize(ui_say(lang, UiText::Next).c_str()).x + font * 2), font * 2.2f);
    ImGui::BeginDisabled(app->state.step <= std::max(1, d.step_min));
    if (ImGui::Button(ui_say(lang, UiText::Prev).c_str(), button)) go_to_step(app, app->state.step - 1);
    ImGui::EndDisabled();
    ImGui::SameLine();
    ImGui::BeginDisabled(app->state.step >= std::min(n, d.step_max));
    if (ImGui::Button(ui_say(lang, UiText::Next).c_str(), button)) go_to_step(app, app->state.step + 1);
    ImGui::EndDisabled();
    ImGui::SameLine();
    ImGui::AlignTextToFramePadding();
    ImGui::TextDisabled("%s", step_counter(app).c_str());
    // Right side: export and full screen.
    const std::string export_text = ui_say(lang, UiText::Export), full_text = ui_say(lang, UiText::FullScreen);
    const char* export_label = export_text.c_str();
    const char* full_label = full_text.c_str();
    const ImGuiStyle& st = ImGui::GetStyle();
    float right_w = ImGui::CalcTextSize(export_label).x + st.FramePadding.x * 2;
    if (app->services.toggle_fullscreen) right_w += ImGui::CalcTextSize(full_label).x + st.FramePadding.x * 2 + st.ItemSpacing.x;
    ImGui::SameLine(std::max(ImGui::GetCursorPosX() + font, ImGui::GetWindowContentRegionMax().x - right_w));
    if (ImGui::Button(export_label, ImVec2(0, button.y))) ImGui::OpenPopup("##export");
    draw_export_menu(app);
    if (app->services.toggle_fullscreen) {
        ImGui::SameLine();
        if (ImGui::Button(full_label, ImVec2(0, button.y))) app->services.toggle_fullscreen();
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

void app_frame(App* app, MatrixPainter* painter) {
    app->drawn.clear();
    app->figure_rects.clear();
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

    const float font = ImGui::GetFontSize();
    const float nav_h = d.controls ? font * 2.2f + ImGui::GetStyle().ItemSpacing.y * 2 + 2 : 0.0f;
    const float body_h = std::max(font * 4.0f, ImGui::GetContentRegionAvail().y - nav_h);
    const bool side_list = !d.embed && ImGui::GetContentRegionAvail().x >= font * 46.0f;
    if (side_list) {
        draw_step_list(app, font * 15.0f, body_h);
        ImGui::SameLine();
    }
    // Each step has a scroll region of its own (its own scroll position, content size and table column
    // widths), so what one step left behind never shows on another; coming back shows the step as it was.
    ImGui::PushID(app->state.lesson->id);
    ImGui::PushID(app->state.step);
    ImGui::BeginChild("##content", ImVec2(0, body_h), false);
    draw_step(app, painter);
    ImGui::EndChild();
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
