// PE Lab — app/theme.cpp
// The app's look: ImGui's style for each theme (light, dark, and the presenter's high-contrast one), its paddings
// and spacings scaled by the fontscale. The layout measures with these (app/layout.h).
//
// Index of this file:
// [SECTION] themes
#include "app/app.h"

#include "imgui.h"

namespace pelab {

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

}  // namespace pelab
