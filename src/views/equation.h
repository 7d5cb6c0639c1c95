// PE Lab — views/equation.h
// Typeset equations: each step's TeX, laid out by MathJax at build time and drawn here from compact vector
// data with ImGui draw lists, at any scale and pixel ratio, alike on the web, the desktop and in PNG export.
// The data comes from the R"tex(...)tex" strings of src/lessons (cmake/PelabEquations.cmake); a TeX string
// that was not in them at build time is drawn as plain text.
#pragma once
#include <string>

#include "imgui.h"

namespace pelab {

// Size of `tex` typeset at font size `font_px` (its box, in UI units).
ImVec2 equation_extent(const std::string& tex, float font_px);
// Distance from the top of that box down to the equation's baseline, at font size `font_px`.
float equation_baseline(const std::string& tex, float font_px);
// Draws `tex` with its top-left corner at `top_left`.
void draw_equation(ImDrawList* dl, const std::string& tex, ImVec2 top_left, float font_px, ImU32 colour);
// The equation as MathML (built at build time), for screen readers; empty when unknown.
std::string equation_mathml(const std::string& tex);
// Whether `tex` was typeset at build time (every equation of every step is: tests/app checks it).
bool equation_typeset(const std::string& tex);

}  // namespace pelab
