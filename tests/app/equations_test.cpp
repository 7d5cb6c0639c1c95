// PE Lab — tests/app/equations_test.cpp: the CTest `equations` (builds with the views layer).
// The typeset equations (views/views_equation.cpp, data from scripts/equations/make_equations.mjs at build
// time): every TeX string of every step of every lesson, in both languages, was typeset (a step whose TeX the
// build-time scan missed would otherwise be drawn as raw TeX), its box is sane, its MathML is there; an English
// equation holds no CJK, and a Chinese one has its CJK characters drawn with the app's font inside its box;
// drawn into an ImGui draw list, its triangles stay inside that box at two sizes and scale with the size;
// and a draw list holding more than 65,536 vertices of glyphs keeps valid indices (32-bit ImDrawIdx).
//
// [SECTION] helpers
// [SECTION] data of every step's equations
// [SECTION] drawing
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <string>
#include <vector>

#include "imgui.h"
#include "lessons/lesson.h"
#include "views/equation.h"

using namespace pelab;

namespace {

// [SECTION] helpers

struct EquationAt {
    std::string where, tex;
    Lang lang;
};

// Every step's equations, in both languages (an equation the same in both comes once).
std::vector<EquationAt> every_step_equation() {
    std::vector<EquationAt> out;
    for (const Lesson* l : every_lesson())
        for (size_t s = 0; s < l->steps.size(); ++s)
            for (const StepEquation& equation : l->steps[s].equations) {
                const std::string where = std::string(l->id) + " step " + std::to_string(s + 1);
                out.push_back({where, equation.en, Lang::en});
                if (std::string(equation.zh) != equation.en) out.push_back({where + " (zh)", equation.zh, Lang::zh});
            }
    return out;
}

// The code points of UTF-8 text (invalid bytes come back as U+FFFD).
std::vector<uint32_t> code_points(const std::string& s) {
    std::vector<uint32_t> out;
    for (size_t i = 0; i < s.size();) {
        const unsigned char c = static_cast<unsigned char>(s[i]);
        const int len = c < 0x80 ? 1 : (c >> 5) == 6 ? 2 : (c >> 4) == 14 ? 3 : (c >> 3) == 30 ? 4 : 0;
        if (len == 0 || i + size_t(len) > s.size()) {
            out.push_back(0xFFFD);
            ++i;
            continue;
        }
        uint32_t cp = len == 1 ? c : c & (0x7F >> len);
        for (int k = 1; k < len; ++k) cp = (cp << 6) | (static_cast<unsigned char>(s[i + size_t(k)]) & 0x3F);
        out.push_back(cp);
        i += size_t(len);
    }
    return out;
}

bool is_cjk(uint32_t cp) {
    return (cp >= 0x2E80 && cp <= 0x9FFF) || (cp >= 0xF900 && cp <= 0xFAFF) || (cp >= 0xFF00 && cp <= 0xFFEF) ||
           (cp >= 0x20000 && cp <= 0x3FFFF);
}

// The CJK characters of a TeX string that the current font can draw (its glyph or its fallback glyph): under
// node the web build's ImGui has no built-in font, and nothing is drawn for them.
size_t drawable_cjk(const std::string& tex) {
    size_t n = 0;
    for (uint32_t cp : code_points(tex)) n += is_cjk(cp) && ImGui::GetFont()->FindGlyph(ImWchar(cp)) != nullptr ? 1 : 0;
    return n;
}

// An ImGui context with a built font atlas, for drawing outside the app.
struct ImGuiFrame {
    ImGuiContext* ctx;
    ImGuiFrame() {
        ctx = ImGui::CreateContext();
        ImGuiIO& io = ImGui::GetIO();
        io.DisplaySize = ImVec2(1280, 720);
        unsigned char* pixels = nullptr;
        int w = 0, h = 0;
        io.Fonts->GetTexDataAsRGBA32(&pixels, &w, &h);
        ImGui::NewFrame();
    }
    ~ImGuiFrame() {
        ImGui::EndFrame();
        ImGui::DestroyContext(ctx);
    }
    ImDrawList* list() { return ImGui::GetForegroundDrawList(); }
};

// [SECTION] data of every step's equations

TEST(Equations, CurriculumStepsShowEquations) {
    // At least the lessons whose equations this project typesets have some on every step.
    for (const char* id : {"f-delta", "attention-grid", "shaw", "t5-bias", "cost", "vit-2d"}) {
        const Lesson* l = find_lesson(id);
        ASSERT_NE(l, nullptr) << id;
        for (size_t s = 0; s < l->steps.size(); ++s) EXPECT_FALSE(l->steps[s].equations.empty()) << id << " step " << s + 1;
    }
}

TEST(Equations, EveryStepEquationWasTypesetAtBuildTime) {
    const std::vector<EquationAt> all = every_step_equation();
    ASSERT_GE(all.size(), 40u);
    for (const EquationAt& e : all) {
        SCOPED_TRACE(e.where + ": " + e.tex);
        ASSERT_TRUE(equation_typeset(e.tex));
        // A box of a formula at 20 px: wider than a glyph, no taller than a 4×4 matrix with room, not a page.
        const ImVec2 box = equation_extent(e.tex, 20.0f);
        EXPECT_GT(box.x, 8.0f);
        EXPECT_LT(box.x, 20.0f * 60.0f);
        EXPECT_GT(box.y, 20.0f * 0.5f);
        EXPECT_LT(box.y, 20.0f * 8.0f);
        const float base = equation_baseline(e.tex, 20.0f);
        EXPECT_GT(base, 0.0f);
        EXPECT_LT(base, box.y);
        // Extents scale with the font size.
        const ImVec2 twice = equation_extent(e.tex, 40.0f);
        EXPECT_NEAR(twice.x, 2.0f * box.x, 1e-3f * box.x);
        EXPECT_NEAR(twice.y, 2.0f * box.y, 1e-3f * box.y);
        const std::string mathml = equation_mathml(e.tex);
        EXPECT_EQ(mathml.rfind("<math", 0), 0u) << mathml;
        EXPECT_NE(mathml.find("</math>"), std::string::npos);
        EXPECT_GT(mathml.size(), 40u);
        if (e.lang == Lang::en) {
            for (uint32_t cp : code_points(e.tex)) EXPECT_FALSE(is_cjk(cp)) << "CJK U+" << std::hex << cp;
            for (uint32_t cp : code_points(mathml)) EXPECT_FALSE(is_cjk(cp)) << "CJK in MathML U+" << std::hex << cp;
        }
    }
}

TEST(Equations, UnknownTexHasNoData) {
    EXPECT_FALSE(equation_typeset(R"(\notatexstringofanystep{x})"));
    EXPECT_EQ(equation_mathml(R"(\notatexstringofanystep{x})"), "");
    const std::vector<EquationAt> all = every_step_equation();
    ASSERT_FALSE(all.empty());
    // Bad sizes give an empty box instead of garbage.
    EXPECT_EQ(equation_extent(all[0].tex, -3.0f).x, 0.0f);
    EXPECT_EQ(equation_extent(all[0].tex, std::nanf("")).y, 0.0f);
}

// [SECTION] drawing

TEST(Equations, TrianglesStayInsideTheBoxAndScale) {
    ImGuiFrame frame;
    for (const EquationAt& e : every_step_equation()) {
        SCOPED_TRACE(e.where + ": " + e.tex);
        float ink_width[2] = {0, 0};
        for (int k = 0; k < 2; ++k) {
            const float px = k == 0 ? 18.0f : 36.0f;
            ImDrawList* dl = frame.list();
            dl->_ResetForNewFrame();
            dl->PushClipRectFullScreen();
            const ImVec2 at(10.0f, 20.0f), box = equation_extent(e.tex, px);
            draw_equation(dl, e.tex, at, px, IM_COL32(0, 0, 0, 255));
            ASSERT_GT(dl->VtxBuffer.Size, 0);
            ASSERT_GT(dl->IdxBuffer.Size, 0);
            float x0 = 1e9f, y0 = 1e9f, x1 = -1e9f, y1 = -1e9f;
            // The filled glyphs and rules: opaque vertices on the white texel (the anti-aliasing outline's
            // vertices sit up to a fringe outside the edge, on the line texture or transparent).
            const ImVec2 white = ImGui::GetFontTexUvWhitePixel();
            for (const ImDrawVert& v : dl->VtxBuffer) {
                if (((v.col >> IM_COL32_A_SHIFT) & 0xFF) == 0 || v.uv.x != white.x || v.uv.y != white.y) continue;
                x0 = std::min(x0, v.pos.x), y0 = std::min(y0, v.pos.y), x1 = std::max(x1, v.pos.x), y1 = std::max(y1, v.pos.y);
            }
            // Characters drawn with the font (a Chinese equation's words: textured, off the white texel) lie in
            // the box too, up to a pixel of the font's own bearings; they count as ink.
            for (const ImDrawVert& v : dl->VtxBuffer) {
                if (((v.col >> IM_COL32_A_SHIFT) & 0xFF) == 0 || (v.uv.x == white.x && v.uv.y == white.y)) continue;
                if (v.pos.x < at.x - 1.0f || v.pos.x > at.x + box.x + 1.0f || v.pos.y < at.y - 1.0f || v.pos.y > at.y + box.y + 1.0f)
                    ADD_FAILURE() << "a character drawn outside the box at " << v.pos.x << ", " << v.pos.y;
                if (e.lang == Lang::zh) x0 = std::min(x0, v.pos.x), x1 = std::max(x1, v.pos.x);
            }
            // Ink inside the box (float slack only), and covering most of its width.
            EXPECT_GE(x0, at.x - 0.01f - (e.lang == Lang::zh ? 1.0f : 0.0f));
            EXPECT_GE(y0, at.y - 0.01f);
            EXPECT_LE(x1, at.x + box.x + 0.01f + (e.lang == Lang::zh ? 1.0f : 0.0f));
            EXPECT_LE(y1, at.y + box.y + 0.01f);
            // (Unless words the font cannot draw take most of the width.)
            const std::vector<uint32_t> cps = code_points(e.tex);
            const bool undrawn_words = drawable_cjk(e.tex) == 0 && std::any_of(cps.begin(), cps.end(), is_cjk);
            if (!undrawn_words) EXPECT_GT(x1 - x0, 0.5f * box.x);
            for (const ImDrawIdx i : dl->IdxBuffer) ASSERT_LT(size_t(i), size_t(dl->VtxBuffer.Size));
            ink_width[k] = x1 - x0;
            dl->PopClipRect();
        }
        EXPECT_NEAR(ink_width[1], 2.0f * ink_width[0], 0.05f * ink_width[1] + 2.0f);
    }
}

// A Chinese equation's characters come from the app's font: one textured quad each (this test's atlas has
// ImGui's own font, which draws its fallback glyph for them; the app's subset holds them, font_coverage checks).
TEST(Equations, ChineseWordsAreDrawnWithTheFont) {
    ImGuiFrame frame;
    int chinese = 0;
    for (const EquationAt& e : every_step_equation()) {
        size_t cjk = 0;
        for (uint32_t cp : code_points(e.tex)) cjk += is_cjk(cp) ? 1 : 0;
        if (e.lang != Lang::zh || cjk == 0) continue;
        ++chinese;
        SCOPED_TRACE(e.where + ": " + e.tex);
        ImDrawList* dl = frame.list();
        dl->_ResetForNewFrame();
        dl->PushClipRectFullScreen();
        draw_equation(dl, e.tex, ImVec2(10.0f, 20.0f), 20.0f, IM_COL32(0, 0, 0, 255));
        const ImVec2 white = ImGui::GetFontTexUvWhitePixel();
        size_t textured = 0;
        for (const ImDrawVert& v : dl->VtxBuffer) textured += (v.uv.x != white.x || v.uv.y != white.y) ? 1 : 0;
        EXPECT_GE(textured, 4 * drawable_cjk(e.tex));
        dl->PopClipRect();
    }
    EXPECT_GE(chinese, 30);  // the curriculum's equations with words, in Chinese
}

TEST(Equations, ManyGlyphsInOneDrawListKeepValidIndices) {
    static_assert(sizeof(ImDrawIdx) == 4, "ImDrawIdx must be 32-bit (cmake/PelabDeps.cmake)");
    ImGuiFrame frame;
    const std::vector<EquationAt> all = every_step_equation();
    ASSERT_FALSE(all.empty());
    ImDrawList* dl = frame.list();
    dl->_ResetForNewFrame();
    dl->PushClipRectFullScreen();
    for (int round = 0; dl->VtxBuffer.Size < 200000 && round < 100; ++round)
        for (size_t k = 0; k < all.size(); ++k)
            draw_equation(dl, all[k].tex, ImVec2(float(k % 4) * 300.0f, float(k / 4 % 30) * 20.0f), 16.0f, IM_COL32(0, 0, 0, 255));
    ASSERT_GT(dl->VtxBuffer.Size, 70000);
    // One command, all of it addressed from one base vertex: indices past 65,535 must be stored as such.
    unsigned max_index = 0;
    for (const ImDrawIdx i : dl->IdxBuffer) max_index = std::max<unsigned>(max_index, i);
    EXPECT_GT(max_index, 65535u);
    EXPECT_LT(max_index, unsigned(dl->VtxBuffer.Size));
    dl->PopClipRect();
}

}  // namespace
