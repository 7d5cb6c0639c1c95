// PE Lab — app/app.cpp
// The per-frame UI, figure first: header (lesson, language), a narrow rail of step numbers, the step (step_page.cpp),
// parameters and questions in a side column (wide) or below the figures (narrow), the bottom bar (bottom_bar.cpp).
// All edits go through app_apply() (app_state.cpp), so the URL parser's checks are the only gate every value passes.
// Where the rail, the step, the side column and the bottom bar go is decided by app/layout.h (layout_frame).
//
// The app's other jobs, one file each: app_state.cpp (state changes, navigation, playback), host_json.cpp (what the
// host page reads back), param_editors.cpp, step_page.cpp, bottom_bar.cpp, theme.cpp; app_internal.h declares what
// they share.
//
// Index of this file:
// [SECTION] header, notices, step rail
// [SECTION] the frame
#include "app/app.h"
#include "app/app_internal.h"
#include "app/layout.h"

#include <algorithm>
#include <cmath>
#include <cstdint>

#include "imgui.h"

namespace pelab {

// [SECTION] header, notices, step rail --------------------------------------------------------------------

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
        ImGui::PushFont(app->screen.font_title);
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

// The notices' box as ImGui sizes it (BeginChild cuts its size to whole units).
float notices_height(const App& app) {
    if (app.notices.empty()) return 0.0f;
    const float font = ImGui::GetFontSize();
    const float h = (font + ImGui::GetStyle().ItemSpacing.y) * float(app.notices.size() + 1) + ImGui::GetFrameHeight() +
                    ImGui::GetStyle().WindowPadding.y * 2;
    return float(int(h));
}

void draw_notices(App* app) {
    if (app->notices.empty()) return;
    const Lang lang = app->state.lang;
    ImGui::PushStyleColor(ImGuiCol_ChildBg, IM_COL32(255, 243, 205, 255));
    ImGui::PushStyleColor(ImGuiCol_Text, IM_COL32(102, 77, 3, 255));
    ImGui::BeginChild("##notices", ImVec2(0, notices_height(*app)), true);
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
    const size_t first = size_t(std::max(1, d.step_min) - 1);
    const size_t shown = std::min(steps.size(), size_t(std::max(0, d.step_max))) - std::min(first, steps.size());
    const float b = std::min(width - 6.0f, ImGui::GetFontSize() * 1.9f);
    // A lesson with many steps (open-models has 17) lowers its buttons and the gaps between them so that all of
    // them fit the rail's height, down to a line of text; only below that does the rail scroll.
    float spacing = ImGui::GetStyle().ItemSpacing.y;
    const auto per_step = [&] { return shown > 0 ? (height - spacing) / float(shown) - spacing : b; };
    if (per_step() < b) spacing = 2.0f;
    const float h = std::max(ImGui::GetTextLineHeight() + 2.0f, std::min(b, std::floor(per_step())));
    ImGui::BeginChild("##rail", ImVec2(width, height), false);
    ImGui::PushStyleVar(ImGuiStyleVar_FrameRounding, h * 0.5f);
    ImGui::PushStyleVar(ImGuiStyleVar_FramePadding, ImVec2(ImGui::GetStyle().FramePadding.x, 1.0f));
    ImGui::PushStyleVar(ImGuiStyleVar_ItemSpacing, ImVec2(ImGui::GetStyle().ItemSpacing.x, spacing));
    ImGui::SetCursorPosY(ImGui::GetCursorPosY() + spacing);
    for (size_t i = first; i < steps.size() && int(i) < d.step_max; ++i) {
        const bool current = int(i) + 1 == app->state.step;
        ImGui::SetCursorPosX((width - b) * 0.5f);
        ImGui::PushID(int(i));
        if (current) ImGui::PushStyleColor(ImGuiCol_Button, ImGui::GetStyleColorVec4(ImGuiCol_ButtonActive));
        if (ImGui::Button(std::to_string(i + 1).c_str(), ImVec2(b, h))) go_to_step(app, int(i) + 1);
        if (current) ImGui::PopStyleColor();
        if (ImGui::IsItemHovered()) ImGui::SetTooltip("%s", say(lang, steps[i].title).c_str());
        ImGui::PopID();
    }
    ImGui::PopStyleVar(3);
    ImGui::EndChild();
}

// The frame's part of the page layout's input, measured as the frame is drawn: the window, the style, the header's
// height (what is above the rail), the frame's options (plan_step adds the step's sizes). layout_page places the
// window at (0, 0), as the platforms place the main viewport.
static PageLayoutInput page_input(const ImGuiViewport* vp, const FrameLayoutInput& frame_in) {
    const ImGuiStyle& st = ImGui::GetStyle();
    PageLayoutInput in;
    in.window = vp->WorkSize;
    in.font = ImGui::GetFontSize();
    in.line_height = ImGui::GetTextLineHeight();
    in.frame_height = ImGui::GetFrameHeight();
    in.window_padding = st.WindowPadding;
    in.item_spacing = st.ItemSpacing;
    in.scrollbar_size = st.ScrollbarSize;
    in.header_h = frame_in.region_min.y - vp->WorkPos.y - st.WindowPadding.y;
    in.embed = frame_in.embed;
    in.controls = frame_in.controls;
    in.has_timeline = frame_in.has_timeline;
    in.side_content = frame_in.side_content;
    in.steps = frame_in.steps;
    return in;
}

// [SECTION] the frame -------------------------------------------------------------------------------------

void app_frame(App* app, MatrixPainter* painter) {
    if (!app->reading.follow.empty()) {  // a lesson link clicked last frame
        const KeyValues follow = std::move(app->reading.follow);
        app->reading.follow.clear();
        app_apply(app, follow);
    }
    app->drawn.views.clear();
    app->drawn.figure_rects.clear();
    app->drawn.equations.clear();
    app->drawn.questions.clear();
    app->drawn.has_takeaway = false;
    app->drawn.covered = false;
    app->drawn.links.clear();
    app->drawn.actions.clear();
    app->drawn.view_of.clear();
    app->drawn.has_planned = false;
    app->drawn.has_side = false;
    app->interaction.prev_hover_delta = app->interaction.hover_delta;
    app->interaction.hover_delta = INT32_MIN;
    const DisplayOptions& d = app->state.display;
    if (app->screen.styled_scale != d.fontscale || app->screen.styled_theme != d.theme) {
        app_apply_style(d.theme, float(d.fontscale));
        app->screen.styled_theme = d.theme;
        app->screen.styled_scale = d.fontscale;
    }

    const ImGuiViewport* vp = ImGui::GetMainViewport();
    ImGui::SetNextWindowPos(vp->WorkPos);
    ImGui::SetNextWindowSize(vp->WorkSize);
    const ImGuiWindowFlags flags = ImGuiWindowFlags_NoDecoration | ImGuiWindowFlags_NoMove |
                                   ImGuiWindowFlags_NoSavedSettings | ImGuiWindowFlags_NoBringToFrontOnFocus;
    ImGui::Begin("##pelab", nullptr, flags);
    if (app->screen.blanked) {
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
    // The page as layout_page places it, and its window with a scrollbar exactly when the plan has one.
    const bool show_counter = !d.controls || !app->drawn.counter_in_bar;
    plan_step(app, page_input(vp, frame_in), show_counter);
    const ImGuiWindowFlags scroll = app->drawn.planned.scrollbar ? ImGuiWindowFlags_AlwaysVerticalScrollbar : ImGuiWindowFlags_NoScrollbar;
    ImGui::BeginChild("##content", ImVec2(side ? -(side_w + st.ItemSpacing.x) : 0.0f, body_h), false, scroll);
    draw_step(app, painter, side, show_counter);
    ImGui::EndChild();
    if (side) {
        ImGui::SameLine();
        const ImVec2 at = ImGui::GetCursorScreenPos();
        ImGui::GetWindowDrawList()->AddLine(ImVec2(at.x - st.ItemSpacing.x * 0.5f, at.y), ImVec2(at.x - st.ItemSpacing.x * 0.5f, at.y + body_h),
                                            ImGui::GetColorU32(ImGuiCol_Separator));
        ImGui::BeginChild("##side", ImVec2(0.0f, body_h), false, ImGuiWindowFlags_AlwaysUseWindowPadding);
        const ImVec2 side_top = ImGui::GetCursorScreenPos();
        draw_parameters(app, 1);
        draw_questions(app, ImGui::GetContentRegionAvail().x);
        // What the column holds, whole (its bottom as the cursor left it, less the spacing after the last item):
        // the layout report says whether it all lies inside the column's window.
        app->drawn.has_side = true;
        app->drawn.side_content = {side_top, {side_top.x + ImGui::GetContentRegionAvail().x,
                                              ImGui::GetCursorScreenPos().y - st.ItemSpacing.y}};
        app->drawn.side_window = {ImGui::GetWindowPos(), {ImGui::GetWindowPos().x + ImGui::GetWindowSize().x,
                                                          ImGui::GetWindowPos().y + ImGui::GetWindowSize().y}};
        ImGui::EndChild();
    }
    ImGui::PopID();
    ImGui::PopID();
    if (d.controls) draw_nav(app);

    draw_toast(app, vp, font);
    ImGui::End();

    // A new hover target changes what is outlined: draw once more so the outline follows.
    if (app->interaction.hover_delta != app->interaction.prev_hover_delta)
        app->redraw.frames = std::max(app->redraw.frames, 1);
}

}  // namespace pelab
