// PE Lab — views/views_equation.cpp
// Equations. Until the build-time typesetting lands, the TeX source is drawn as text.
#include "views/equation.h"

namespace pelab {

ImVec2 equation_extent(const std::string& tex, float font_px) {
    return ImGui::GetFont()->CalcTextSizeA(font_px, 1e9f, 0.0f, tex.c_str());
}

void draw_equation(ImDrawList* dl, const std::string& tex, ImVec2 top_left, float font_px, ImU32 colour) {
    dl->AddText(ImGui::GetFont(), font_px, top_left, colour, tex.c_str());
}

std::string equation_mathml(const std::string& /*tex*/) { return ""; }

}  // namespace pelab
