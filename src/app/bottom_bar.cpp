// PE Lab — app/bottom_bar.cpp
// The bottom bar: Prev and Next, the playback controls of a step with a timeline, the step counter where it fits,
// the export menu (PNG, CSV, JSON, LaTeX, link) and Full screen; and the toast, a short message shown above it.
//
// Index of this file:
// [SECTION] export
// [SECTION] playback controls
// [SECTION] the bar
// [SECTION] toast
#include "app/app.h"
#include "app/app_internal.h"

#include <algorithm>
#include <cmath>

#include "imgui.h"
#include "lessons/view_export.h"

namespace pelab {

// [SECTION] export ----------------------------------------------------------------------------------------

void app_export_text(App* app, int view, ExportFormat format, bool copy) {
    const AppServices& sv = app->services;
    if (view < 0 || size_t(view) >= app->views.list.size() || !(copy ? bool(sv.copy_text) : bool(sv.save_file))) return;
    const ViewData& v = app->views.list[size_t(view)];
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
    for (size_t i = 0; i < app->views.list.size(); ++i) {
        const ViewData& v = app->views.list[i];
        ImGui::PushID(int(i));
        if (ImGui::BeginMenu(v.title.empty() ? "—" : v.title.c_str())) {
            if (sv.capture_png && i < app->drawn.figure_rects.size()) {
                const auto& r = app->drawn.figure_rects[i];
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

// [SECTION] playback controls -----------------------------------------------------------------------------

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

// [SECTION] the bar ---------------------------------------------------------------------------------------

// The bottom bar's height: one row, or two on a narrow screen whose step has a timeline (playback above).
static float nav_rows(const App& app) {
    return (app_has_timeline(app) && ImGui::GetContentRegionAvail().x < ImGui::GetFontSize() * 56.0f) ? 2.0f : 1.0f;
}

// The bottom bar: Prev, Next, the playback controls (wide screens), the step counter where it fits, then
// Export and Full screen at the right; narrow screens put the playback controls on a row of their own above.
void draw_nav(App* app) {
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
    if (counter_fits != app->drawn.counter_in_bar) app->redraw.frames = std::max(app->redraw.frames, 1);
    app->drawn.counter_in_bar = counter_fits;
    ImGui::SameLine(std::max(ImGui::GetCursorPosX(), right_x));
    ImGui::SetCursorPosY(row_y);
    if (ImGui::Button(export_text.c_str(), ImVec2(0, bar_h))) ImGui::OpenPopup("##export");
    draw_export_menu(app);
    if (app->services.toggle_fullscreen) {
        ImGui::SameLine();
        if (ImGui::Button(full_text.c_str(), ImVec2(0, bar_h))) app->services.toggle_fullscreen();
    }
}

// [SECTION] toast -----------------------------------------------------------------------------------------

void app_toast(App* app, const std::string& message) {
    app->toast.message = message;
    app->toast.until = ImGui::GetTime() + 4.0;
    app->redraw.wake_at = app->toast.until + 0.05;
    app->redraw.frames = std::max(app->redraw.frames, 2);
}

// The toast while it lasts, centred above the bottom bar; once it has expired, one frame more to clear it.
void draw_toast(App* app, const ImGuiViewport* vp, float font) {
    if (!app->toast.message.empty()) {
        if (ImGui::GetTime() < app->toast.until) {
            const ImVec2 size = ImGui::CalcTextSize(app->toast.message.c_str());
            const ImVec2 at(vp->Pos.x + (vp->Size.x - size.x) * 0.5f, vp->Pos.y + vp->Size.y - size.y - font * 4.0f);
            ImDrawList* dl = ImGui::GetForegroundDrawList();
            dl->AddRectFilled(ImVec2(at.x - 12, at.y - 8), ImVec2(at.x + size.x + 12, at.y + size.y + 8), IM_COL32(40, 40, 40, 235), 6);
            dl->AddText(at, IM_COL32(255, 255, 255, 255), app->toast.message.c_str());
        } else {
            app->toast.message.clear();
            app->redraw.frames = std::max(app->redraw.frames, 1);
        }
    }
}

}  // namespace pelab
