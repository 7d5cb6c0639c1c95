// PE Lab — views/equation_data.h
// The layout of the typeset-equation tables that scripts/equations/make_equations.mjs generates at build time
// (cmake/PelabEquations.cmake) and views/views_equation.cpp draws. Units: 1/1000 em. Glyph points are in
// the glyph's own frame (y up); a placement maps them into the equation's frame (origin at the top-left of
// its box, y down): X = sx·x + tx, Y = sy·y + ty. Points lie on a grid of Tables::point_grid units and are
// stored as grid steps, delta-coded along each glyph (each relative to the glyph's previous point, the first to
// 0), as zigzag varints (7 bits per byte, low bits first, high bit = more bytes follow; sign in bit 0).
#pragma once

namespace pelab {
namespace equation_data {

// [SECTION] records
struct Glyph {                  // one distinct outline, triangulated once
    unsigned point_first;       // the glyph's first point, counting the points of the glyphs before it
    unsigned index_first;       // into Tables::indices (triangles, local to the glyph's points)
    unsigned contour_first;     // into Tables::contour_ends
    unsigned short point_count, index_count, contour_count;
};
struct Placement {              // one glyph drawn in an equation (decoded from the packed columns below)
    unsigned short glyph;
    float sx, sy, tx, ty;
};
struct Rect {                   // fraction bars, radical bars, rules: x0, y0, x1, y1
    float x0, y0, x1, y1;
};
// A CJK character inside \text{…} (a step's Chinese equation): MathJax's fonts have none, so MathJax gives it a
// cell 1 em wide and the app draws it with its own font (whose subset holds every character of the lessons).
struct TextRun {
    const char* utf8;           // one character
    float x, y;                 // the cell's left end on the baseline, in the equation's frame
    float cell, size;           // the cell's width and the character's size (em of the run's scale)
};
struct Equation {
    const char* tex;            // exactly the R"tex(...)tex" string of the lesson source
    const char* mathml;         // MathML by MathJax, for screen readers
    float width, height, baseline;   // the box, and the baseline below its top
    unsigned placement_first, placement_count, rect_first, rect_count, text_first, text_count;
};
// Placements are stored as columns rather than records (a float per coordinate compresses poorly, and the
// download budget counts gzip bytes): the glyph, an index into a short table of distinct scales (sx, sy
// pairs), and the offsets tx, ty in 1/10000 em, each delta-coded against the previous placement of the same
// equation (the first against 0), stored as varints. views_equation.cpp decodes them once into Placement records.
struct Tables {
    const unsigned char* points;          // varint pairs x, y, glyph after glyph (see the top of this file)
    int point_grid;                       // units per grid step
    const unsigned char* indices;         // a glyph has at most 256 points (the generator checks)
    const unsigned short* contour_ends;   // per glyph contour: one past its last point (local index)
    const Glyph* glyphs;
    unsigned glyph_count;
    const unsigned short* placement_glyph;
    const unsigned char* placement_scale; // into scales (pairs sx, sy)
    const unsigned char* placement_offsets;  // dx, dy of each placement in turn: tenths of a unit, delta-coded
                                             // per equation, as zigzag varints (like the points)
    unsigned placement_total;
    const float* scales;
    const Rect* rects;
    const TextRun* texts;
    const Equation* equations;
    unsigned equation_count;
};

// [SECTION] the generated tables (build/<preset>/src/views/equations_data.cpp)
const Tables& tables();

}  // namespace equation_data
}  // namespace pelab
