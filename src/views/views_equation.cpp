// PE Lab — views/views_equation.cpp
// Equations: the glyph meshes and placements that MathJax laid out at build time (views/equation_data.h),
// painted as triangles with ImDrawList::PrimReserve/PrimWriteVtx at any scale. ImGui 1.86 anti-aliases only
// polylines and convex fills, so each glyph contour gets a thin anti-aliased outline over its fill, and the
// rules (fraction and radical bars) are anti-aliased convex fills. Many glyphs make many vertices: ImDrawIdx
// is 32-bit in this project (cmake/PelabDeps.cmake), so a window never overflows its index range.
//
// [SECTION] lookup
// [SECTION] drawing
// [SECTION] public API
#include <cmath>
#include <string_view>
#include <unordered_map>
#include <vector>

#include "views/equation.h"
#include "views/equation_data.h"
#include "imgui_internal.h"  // ImTextCharFromUtf8

namespace pelab {

namespace {

namespace ed = equation_data;

// [SECTION] lookup -----------------------------------------------------------------------------------

const ed::Equation* find_equation(const std::string& tex) {
    static const std::unordered_map<std::string_view, const ed::Equation*> by_tex = [] {
        std::unordered_map<std::string_view, const ed::Equation*> m;
        const ed::Tables& t = ed::tables();
        for (unsigned i = 0; i < t.equation_count; ++i) m.emplace(t.equations[i].tex, &t.equations[i]);
        return m;
    }();
    const auto it = by_tex.find(tex);
    return it == by_tex.end() ? nullptr : it->second;
}

// One zigzag varint (equation_data.h) from *in, which moves past it.
int next_varint(const unsigned char*& in) {
    unsigned z = 0;
    for (int shift = 0;; shift += 7) {
        const unsigned char b = *in++;
        z |= unsigned(b & 0x7f) << shift;
        if (!(b & 0x80)) break;
    }
    return (z & 1) ? -int(z >> 1) - 1 : int(z >> 1);  // zigzag back to a signed value
}

// The glyph points, absolute, in units: the tables hold them as varint grid steps delta-coded along each glyph
// (equation_data.h), which compress far better than whole coordinates.
const std::vector<short>& glyph_points() {
    static const std::vector<short> points = [] {
        const ed::Tables& t = ed::tables();
        const unsigned char* in = t.points;
        std::vector<short> out;
        for (unsigned gi = 0; gi < t.glyph_count; ++gi) {
            const ed::Glyph& g = t.glyphs[gi];
            out.resize(2 * size_t(g.point_first + g.point_count));
            int x = 0, y = 0;
            for (unsigned i = 0; i < g.point_count; ++i) {
                const size_t k = 2 * size_t(g.point_first + i);
                x += next_varint(in) * t.point_grid;
                y += next_varint(in) * t.point_grid;
                out[k] = short(x);
                out[k + 1] = short(y);
            }
        }
        return out;
    }();
    return points;
}

// The placements as records: the tables hold them as packed columns with delta-coded offsets
// (equation_data.h says why); decoded once, in table order, so Equation::placement_first indexes them.
const std::vector<ed::Placement>& placements() {
    static const std::vector<ed::Placement> records = [] {
        const ed::Tables& t = ed::tables();
        std::vector<ed::Placement> out(t.placement_total);
        const unsigned char* offsets = t.placement_offsets;
        for (unsigned e = 0; e < t.equation_count; ++e) {
            long x = 0, y = 0;
            const ed::Equation& eq = t.equations[e];
            for (unsigned k = eq.placement_first; k < eq.placement_first + eq.placement_count && k < t.placement_total; ++k) {
                x += next_varint(offsets);
                y += next_varint(offsets);
                const float* scale = t.scales + 2 * size_t(t.placement_scale[k]);
                out[k] = {t.placement_glyph[k], scale[0], scale[1], float(x) * 0.1f, float(y) * 0.1f};
            }
        }
        return out;
    }();
    return records;
}

bool usable_size(float font_px) { return std::isfinite(font_px) && font_px > 0.0f && font_px < 1.0e5f; }

// [SECTION] drawing ----------------------------------------------------------------------------------

// Fills one placed glyph: its build-time triangles, moved and scaled into place.
void fill_glyph(ImDrawList* dl, const ed::Tables& t, const ed::Glyph& g, float sx, float sy, ImVec2 at, ImU32 col) {
    const ImVec2 uv = ImGui::GetFontTexUvWhitePixel();
    const unsigned base = dl->_VtxCurrentIdx;
    dl->PrimReserve(int(g.index_count), int(g.point_count));
    const unsigned char* idx = t.indices + g.index_first;
    for (unsigned i = 0; i < g.index_count; ++i) dl->PrimWriteIdx(static_cast<ImDrawIdx>(base + idx[i]));
    const short* p = glyph_points().data() + 2 * size_t(g.point_first);
    for (unsigned i = 0; i < g.point_count; ++i)
        dl->PrimWriteVtx(ImVec2(at.x + sx * float(p[2 * i]), at.y + sy * float(p[2 * i + 1])), uv, col);
}

// The anti-aliasing pass: each contour of the glyph as a closed, thin, anti-aliased polyline on its edge.
void outline_glyph(ImDrawList* dl, const ed::Tables& t, const ed::Glyph& g, float sx, float sy, ImVec2 at, ImU32 col,
                   std::vector<ImVec2>& scratch) {
    const short* p = glyph_points().data() + 2 * size_t(g.point_first);
    unsigned start = 0;
    for (unsigned c = 0; c < g.contour_count; ++c) {
        const unsigned end = t.contour_ends[g.contour_first + c];
        scratch.clear();
        for (unsigned i = start; i < end; ++i)
            scratch.push_back(ImVec2(at.x + sx * float(p[2 * i]), at.y + sy * float(p[2 * i + 1])));
        if (scratch.size() >= 2) dl->AddPolyline(scratch.data(), int(scratch.size()), col, ImDrawFlags_Closed, 1.0f);
        start = end;
    }
}

// The atlas font to draw a text run's character at px: the smallest one at least px tall that has it (scaled
// down, a glyph stays sharp; the platform rasterises the equations' Chinese words at the title size for this),
// else the largest that has it, else the current font (which draws its fallback glyph).
ImFont* font_for(const char* utf8, float px) {
    unsigned int c = 0;
    ImTextCharFromUtf8(&c, utf8, nullptr);
    const float global = ImGui::GetIO().FontGlobalScale;
    ImFont* above = nullptr;
    ImFont* below = nullptr;
    for (ImFont* f : ImGui::GetIO().Fonts->Fonts) {
        if (f->FindGlyphNoFallback(ImWchar(c)) == nullptr) continue;
        const float size = f->FontSize * global;
        if (size >= px && (above == nullptr || size < above->FontSize * global)) above = f;
        if (size < px && (below == nullptr || size > below->FontSize * global)) below = f;
    }
    return above ? above : below ? below : ImGui::GetFont();
}

void draw_typeset(ImDrawList* dl, const ed::Equation& e, ImVec2 top_left, float font_px, ImU32 colour) {
    const ed::Tables& t = ed::tables();
    const float s = font_px / 1000.0f;   // data units are 1/1000 em
    // Nothing to do when the box lies outside the clip rectangle.
    const ImVec2 cmin = dl->GetClipRectMin(), cmax = dl->GetClipRectMax();
    if (top_left.x > cmax.x || top_left.y > cmax.y || top_left.x + e.width * s < cmin.x || top_left.y + e.height * s < cmin.y)
        return;
    // The outline carries the edge's partial coverage: ImGui's thin anti-aliased line (untextured) ramps from
    // its colour on the edge to transparent one pixel outside, so at half alpha it adds about the coverage a
    // box filter would, where at full alpha (or as a textured line) it would embolden small glyphs.
    const ImU32 edge = (colour & ~IM_COL32_A_MASK) | (ImU32(float((colour >> IM_COL32_A_SHIFT) & 0xFF) * 0.5f) << IM_COL32_A_SHIFT);
    const ImDrawListFlags saved_flags = dl->Flags;
    dl->Flags &= ~ImDrawListFlags_AntiAliasedLinesUseTex;
    std::vector<ImVec2> scratch;
    for (unsigned k = 0; k < e.placement_count; ++k) {
        const ed::Placement& pl = placements()[e.placement_first + k];
        const ed::Glyph& g = t.glyphs[pl.glyph];
        const ImVec2 at(top_left.x + pl.tx * s, top_left.y + pl.ty * s);
        fill_glyph(dl, t, g, pl.sx * s, pl.sy * s, at, colour);
        outline_glyph(dl, t, g, pl.sx * s, pl.sy * s, at, edge, scratch);
    }
    for (unsigned k = 0; k < e.rect_count; ++k) {
        const ed::Rect& r = t.rects[e.rect_first + k];
        const ImVec2 quad[4] = {ImVec2(top_left.x + r.x0 * s, top_left.y + r.y0 * s), ImVec2(top_left.x + r.x1 * s, top_left.y + r.y0 * s),
                                ImVec2(top_left.x + r.x1 * s, top_left.y + r.y1 * s), ImVec2(top_left.x + r.x0 * s, top_left.y + r.y1 * s)};
        dl->AddConvexPolyFilled(quad, 4, colour);
    }
    dl->Flags = saved_flags;
    // CJK characters with the app's font, each centred in the cell MathJax gave it, its baseline on MathJax's.
    for (unsigned k = 0; k < e.text_count; ++k) {
        const ed::TextRun& r = t.texts[e.text_first + k];
        const float px = r.size * s;
        ImFont* font = font_for(r.utf8, px);
        const float advance = font->CalcTextSizeA(px, 1e9f, 0.0f, r.utf8).x;
        const float ascent = font->Ascent * px / font->FontSize;
        const ImVec2 at(top_left.x + r.x * s + 0.5f * (r.cell * s - advance), top_left.y + r.y * s - ascent);
        dl->AddText(font, px, at, colour, r.utf8);
    }
}

}  // namespace

// [SECTION] public API -------------------------------------------------------------------------------

ImVec2 equation_extent(const std::string& tex, float font_px) {
    if (!usable_size(font_px)) return ImVec2(0, 0);
    if (const ed::Equation* e = find_equation(tex)) return ImVec2(e->width * font_px / 1000.0f, e->height * font_px / 1000.0f);
    return ImGui::GetFont()->CalcTextSizeA(font_px, 1e9f, 0.0f, tex.c_str());
}

float equation_baseline(const std::string& tex, float font_px) {
    if (!usable_size(font_px)) return 0.0f;
    if (const ed::Equation* e = find_equation(tex)) return e->baseline * font_px / 1000.0f;
    return font_px * 0.8f;
}

void draw_equation(ImDrawList* dl, const std::string& tex, ImVec2 top_left, float font_px, ImU32 colour) {
    if (dl == nullptr || !usable_size(font_px)) return;
    if (const ed::Equation* e = find_equation(tex)) {
        draw_typeset(dl, *e, top_left, font_px, colour);
        return;
    }
    dl->AddText(ImGui::GetFont(), font_px, top_left, colour, tex.c_str());
}

std::string equation_mathml(const std::string& tex) {
    const ed::Equation* e = find_equation(tex);
    return e ? std::string(e->mathml) : std::string();
}

bool equation_typeset(const std::string& tex) { return find_equation(tex) != nullptr; }

}  // namespace pelab
