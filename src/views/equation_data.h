// PE Lab — views/equation_data.h
// The layout of the typeset-equation tables that scripts/equations/make_equations.mjs generates at build time
// (cmake/PelabEquations.cmake) and views/views_equation.cpp draws. Units: 1/1000 em. Glyph points are in
// the glyph's own frame (y up); a placement maps them into the equation's frame (origin at the top-left of
// its box, y down): X = sx·x + tx, Y = sy·y + ty. Points are delta-coded along each glyph (each one relative to
// the glyph's previous point; the first relative to 0).
#pragma once

namespace pelab {
namespace equation_data {

// [SECTION] records
struct Glyph {                  // one distinct outline, triangulated once
    unsigned point_first;       // into Tables::points (pairs x, y)
    unsigned index_first;       // into Tables::indices (triangles, local to the glyph's points)
    unsigned contour_first;     // into Tables::contour_ends
    unsigned short point_count, index_count, contour_count;
};
struct Placement {              // one glyph drawn in an equation
    unsigned short glyph;
    float sx, sy, tx, ty;
};
struct Rect {                   // fraction bars, radical bars, rules: x0, y0, x1, y1
    float x0, y0, x1, y1;
};
struct Equation {
    const char* tex;            // exactly the R"tex(...)tex" string of the lesson source
    const char* mathml;         // MathML by MathJax, for screen readers
    float width, height, baseline;   // the box, and the baseline below its top
    unsigned placement_first, placement_count, rect_first, rect_count;
};
struct Tables {
    const short* points;                  // delta-coded pairs x, y
    const unsigned short* indices;
    const unsigned short* contour_ends;   // per glyph contour: one past its last point (local index)
    const Glyph* glyphs;
    unsigned glyph_count;
    const Placement* placements;
    const Rect* rects;
    const Equation* equations;
    unsigned equation_count;
};

// [SECTION] the generated tables (build/<preset>/src/views/equations_data.cpp)
const Tables& tables();

}  // namespace equation_data
}  // namespace pelab
