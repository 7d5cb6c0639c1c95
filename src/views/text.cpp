// PE Lab — views/text.cpp
// Line breaking for mixed Chinese/English text. ImGui 1.86 wraps only at spaces, which leaves
// Chinese paragraphs (no spaces) with ragged, half-empty lines. Here a break is allowed at spaces
// and between CJK characters, except before closing punctuation (，。、：；！？）」) and after
// opening brackets — the basic line-breaking rules of Chinese typesetting.
#include <algorithm>
#include <string>
#include <utility>
#include <vector>

#include "imgui.h"
#include "views/views.h"

namespace pelab {

namespace {

// Decodes one UTF-8 code point at s (s < end); returns its byte length (1 for invalid bytes).
int decode_utf8(const char* s, const char* end, unsigned* out) {
    const unsigned char c = static_cast<unsigned char>(s[0]);
    int len = c < 0x80 ? 1 : (c >> 5) == 0x6 ? 2 : (c >> 4) == 0xE ? 3 : (c >> 3) == 0x1E ? 4 : 1;
    if (s + len > end) len = 1;
    unsigned cp = len == 1 ? c : len == 2 ? (c & 0x1F) : len == 3 ? (c & 0x0F) : (c & 0x07);
    for (int i = 1; i < len; ++i) cp = (cp << 6) | (static_cast<unsigned char>(s[i]) & 0x3F);
    *out = cp;
    return len;
}

bool is_cjk(unsigned c) {
    return (c >= 0x2E80 && c <= 0x9FFF) || (c >= 0xF900 && c <= 0xFAFF) || (c >= 0xFF00 && c <= 0xFFEF) ||
           (c >= 0x3000 && c <= 0x303F);
}

bool no_break_before(unsigned c) {
    switch (c) {
    case 0xFF0C: case 0x3002: case 0x3001: case 0xFF1A: case 0xFF1B: case 0xFF01: case 0xFF1F:
    case 0xFF09: case 0x300D: case 0x300F: case 0x201D: case 0x2019:
    case ')': case ',': case '.': case ';': case ':': case '!': case '?':
        return true;
    default:
        return false;
    }
}

bool no_break_after(unsigned c) { return c == 0xFF08 || c == 0x300C || c == 0x300E || c == 0x201C || c == '('; }

// Chinese line-breaking: a break may come after a space, or between two characters when either is CJK, except
// before closing punctuation and after an opening bracket.
bool break_allowed(unsigned prev, unsigned c) {
    return prev == ' ' || ((is_cjk(c) || is_cjk(prev)) && !no_break_before(c) && !no_break_after(prev));
}

// The sum of the characters' advances (a piece of a line).
float width_of(const char* b, const char* e) {
    return ImGui::GetFont()->CalcTextSizeA(ImGui::GetFontSize(), 1e30f, 0.0f, b, e).x;
}

// The width ImGui gives a line drawn as an item: the advances' sum rounded up to a whole pixel (CalcTextSize),
// so a sum a rounding error above a whole number counts one pixel more. Whether a line fits is decided with
// this width, the one its item (and the layout's rectangles, which take it) will have.
float item_width_of(const char* b, const char* e) { return ImGui::CalcTextSize(b, e).x; }

}  // namespace

std::vector<std::pair<const char*, const char*>> wrap_lines(const std::string& text, float wrap_width) {
    std::vector<std::pair<const char*, const char*>> lines;
    const char* s = text.c_str();
    const char* end = s + text.size();
    while (s < end) {
        // One paragraph (up to '\n'), cut greedily at the last allowed break that fits.
        const char* line = s;
        const char* last_break = nullptr;
        unsigned prev = 0;
        const char* p = s;
        while (p < end && *p != '\n') {
            unsigned c;
            const int len = decode_utf8(p, end, &c);
            if (p > line && break_allowed(prev, c)) last_break = p;
            if (p > line && item_width_of(line, p + len) > wrap_width) {
                const char* cut = (last_break && last_break > line) ? last_break : p;
                const char* trim = cut;
                while (trim > line && trim[-1] == ' ') --trim;
                lines.push_back({line, trim});
                line = cut;
                while (line < end && *line == ' ') ++line;
                last_break = nullptr;
                p = line;
                prev = 0;
                continue;
            }
            prev = c;
            p += len;
        }
        lines.push_back({line, p});
        s = (p < end) ? p + 1 : end;
    }
    return lines;
}

float widest_unbreakable(const std::string& text) {
    const char* s = text.c_str();
    const char* end = s + text.size();
    float widest = 0.0f;
    const char* run = s;  // where the current unbreakable run starts
    unsigned prev = 0;
    for (const char* p = s; p < end;) {
        unsigned c;
        const int len = decode_utf8(p, end, &c);
        if (p > run && break_allowed(prev, c)) {
            const char* trim = p;
            while (trim > run && trim[-1] == ' ') --trim;
            widest = std::max(widest, width_of(run, trim));
            run = p;
        }
        prev = c;
        p += len;
    }
    return std::max(widest, width_of(run, end));
}

float title_one_line_width(const std::string& text, ImFont* font, float width) {
    ImGui::PushFont(font);
    const auto lines = wrap_lines(text, width);
    const float w = lines.size() == 1 ? ImGui::CalcTextSize(lines[0].first, lines[0].second).x : -1.0f;
    ImGui::PopFont();
    return w;
}

float last_line_width(const std::string& text, float wrap_width) {
    const auto lines = wrap_lines(text, wrap_width);
    return lines.empty() ? 0.0f : ImGui::CalcTextSize(lines.back().first, lines.back().second).x;
}

void text_wrapped(const std::string& text, float wrap_width) {
    for (const auto& line : wrap_lines(text, wrap_width)) ImGui::TextUnformatted(line.first, line.second);
}

// What text_one_line shows: the text, or its longest run of whole characters and "…" (empty: the text whole).
static std::string one_line_cut(const std::string& text, float width) {
    const char* b = text.data();
    const char* e = b + text.size();
    if (item_width_of(b, e) <= width) return std::string();
    // The longest run of whole characters that leaves room for the ellipsis.
    const char* ellipsis = "…";
    const float room = width - ImGui::CalcTextSize(ellipsis).x;
    const char* cut = b;
    float used = 0.0f;  // advances add up (CalcTextSizeA does not round), so one pass measures each character once
    for (const char* s = b; s < e;) {
        unsigned cp = 0;
        const char* next = s + decode_utf8(s, e, &cp);
        used += width_of(s, next);
        if (used > room) break;
        cut = s = next;
    }
    return std::string(b, cut) + ellipsis;
}

float text_one_line_width(const std::string& text, float width) {
    const std::string cut = one_line_cut(text, width);
    return ImGui::CalcTextSize(cut.empty() ? text.c_str() : cut.c_str()).x;
}

float text_wrapped_width(const std::string& text, float wrap_width) {
    float w = 0.0f;
    for (const auto& line : wrap_lines(text, wrap_width)) w = std::max(w, ImGui::CalcTextSize(line.first, line.second).x);
    return w;
}

void text_one_line(const std::string& text, float width) {
    const std::string cut = one_line_cut(text, width);
    if (cut.empty()) {
        ImGui::TextUnformatted(text.data(), text.data() + text.size());
        return;
    }
    // The full text on hover.
    ImGui::TextUnformatted(cut.c_str());
    if (ImGui::IsItemHovered()) ImGui::SetTooltip("%s", text.c_str());
}

}  // namespace pelab
