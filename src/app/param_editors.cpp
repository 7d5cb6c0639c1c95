// PE Lab — app/param_editors.cpp
// The parameter editors: a slider with its own number box, one editor per kind of key (Int, Real, list, Bool,
// Choice), and the step's editors in one column or several. Each editor proposes a new value in URL syntax and
// app_apply() validates it like any URL input.
//
// Index of this file:
// [SECTION] parameter editors
// [SECTION] the step's buttons
// [SECTION] the step's parameters
#include "app/app.h"
#include "app/app_internal.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstdlib>

#include "core/io/text.h"
#include "imgui.h"

namespace pelab {

// [SECTION] parameter editors ------------------------------------------------------------------

// What the editor's label shows: the key's symbol ("ω"), else the key itself.
std::string param_caption(const Lesson* lesson, const ParamSpec& spec) {
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
bool slider_and_value(const char* id, double* value, double lo, double hi, const char* format,
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
        // The boxes go side by side while they fit; the next row starts under the first box (a list longer than
        // the side column is wide wraps instead of running past its edge).
        const float first_x = ImGui::GetCursorPosX();
        const float right = ImGui::GetCursorScreenPos().x + ImGui::GetContentRegionAvail().x;
        auto next_fits = [&](float w) { return ImGui::GetItemRectMax().x + ImGui::GetStyle().ItemSpacing.x + w <= right; };
        for (size_t i = 0; i < values.size(); ++i) {
            ImGui::PushID(int(i));
            if (i > 0 && next_fits(item_w)) ImGui::SameLine();
            else if (i > 0) ImGui::SetCursorPosX(first_x);
            ImGui::SetNextItemWidth(item_w);
            const double speed = std::max(1e-3, (spec.max - spec.min) * 1e-3);
            changed |= ImGui::DragScalar("##e", ImGuiDataType_Double, &values[i], float(speed), &spec.min, &spec.max,
                                         "%.5g", ImGuiSliderFlags_AlwaysClamp);  // "2", not "2.0000"
            ImGui::PopID();
        }
        // Lists whose length is free (not tied to another list) get +/- buttons.
        if (spec.list_len_of.empty() && spec.list_max > spec.list_min) {
            const float button_w = ImGui::GetFrameHeight() * 2.0f + ImGui::GetStyle().ItemSpacing.x;
            if (values.empty() || next_fits(button_w)) ImGui::SameLine();
            else ImGui::SetCursorPosX(first_x);
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

// [SECTION] the step's buttons ----------------------------------------------------------------------------

// The step's buttons (Step::actions) above its parameters, in rows that wrap; one that cannot be
// pressed now is greyed out, its tooltip still saying what it does. Pressing only makes requests (the lab's
// board); the views follow through the lesson's live_revision.
void draw_actions(App* app) {
    const Step& step = current_step(*app);
    if (step.actions.empty()) return;
    const Lang lang = app->state.lang;
    const ImGuiStyle& st = ImGui::GetStyle();
    const float avail = ImGui::GetContentRegionAvail().x;
    float x = 0;
    for (size_t i = 0; i < step.actions.size(); ++i) {
        const StepAction& action = step.actions[i];
        const std::string label = say(lang, action.label);
        const float w = ImGui::CalcTextSize(label.c_str()).x + st.FramePadding.x * 2;
        if (i > 0 && x + st.ItemSpacing.x + w <= avail) {
            ImGui::SameLine();
            x += st.ItemSpacing.x + w;
        } else {
            x = w;
        }
        const bool enabled = !action.enabled || action.enabled(app->state.params);
        ImGui::PushID(static_cast<int>(i));
        ImGui::BeginDisabled(!enabled);
        const bool pressed = ImGui::Button(label.c_str());
        ImGui::EndDisabled();
        ImGui::PopID();
        if (ImGui::IsItemHovered(ImGuiHoveredFlags_AllowWhenDisabled)) ImGui::SetTooltip("%s", say(lang, action.help).c_str());
        app->drawn.actions.push_back({label, enabled, ImGui::GetItemRectMin(), ImGui::GetItemRectMax()});
        if (pressed && enabled && action.press) {
            action.press(app->state.params);
            app->redraw.frames = std::max(app->redraw.frames, 2);
        }
    }
    // The bars: a label, then the bar with its words, one line each.
    if (step.progress) {
        const std::vector<StepProgress> bars = step.progress(app->state.params, lang);
        float label_w = 0;
        for (const StepProgress& bar : bars) label_w = std::max(label_w, ImGui::CalcTextSize(bar.label.c_str()).x);
        label_w += st.ItemSpacing.x;
        for (const StepProgress& bar : bars) {
            ImGui::TextUnformatted(bar.label.c_str());
            ImGui::SameLine(label_w + st.WindowPadding.x);
            ImGui::ProgressBar(static_cast<float>(std::clamp(bar.fraction, 0.0, 1.0)), ImVec2(-1.0f, 0.0f), bar.overlay.c_str());
        }
    }
    ImGui::Spacing();
}

// [SECTION] the step's parameters -------------------------------------------------------------------------

// The step's parameter editors: one column (side column), or `columns` side by side (the strip below the
// figures on narrow screens).
void draw_parameters(App* app, int columns) {
    const Lang lang = app->state.lang;
    const Lesson& lesson = *app->state.lesson;
    draw_actions(app);
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

}  // namespace pelab
