// PE Lab — tests/core/font_coverage.cpp: the CTest `font_coverage` (native builds with the app).
// Every character the app can show must be in the built font subset: a missing glyph draws a box, and the
// zh/en browser test, which counts dark pixels, cannot tell a box from a character. Re-scanning the sources
// the way scripts/make_font_subset.py does could not fail, so the strings are collected at run time from
// what the program produces:
//   * the UI texts (ui_text, every id) and, for every lesson and the map page, in both languages: titles,
//     step titles and bodies, parameter symbols, help texts, choices and ranges;
//   * the views of every step (at defaults, and for the map page for every map, with and without the row
//     softmax): titles, notes, labels, axis captions, cell texts, series and line labels, the hover text of
//     every cell (explain), and every cell value as the views format it (format_cell);
//   * the notices that a battery of rejected and clamped inputs raises.
// Each code point is then looked up in the subset with Dear ImGui's own font loader (the app's path):
// a character with no glyph fails, naming a string that uses it. Finally one rare character (the CJK
// character used by the fewest strings) is rasterised and must differ from the fallback glyph ImGui draws
// for missing characters, i.e. it is not drawn as a box.
// The subset comes in two fonts (scripts/make_font_subset.py --zh-symbol): every character an English screen shows
// must be in the first alone, which is all an English page has until Chinese arrives.
// Usage: pelab_font_coverage <subset.ttf> <subset_zh.ttf>
//
// [SECTION] collecting the runtime strings
// [SECTION] UTF-8 decoding
// [SECTION] the glyph check and the rendered check
#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstring>
#include <fstream>
#include <iterator>
#include <map>
#include <set>
#include <string>
#include <variant>
#include <vector>

#include "app/app.h"
#include "core/maps/position_map.h"
#include "imgui.h"
#include "lessons/lesson.h"
#include "lessons/state.h"
#include "views/views.h"

using namespace pelab;

namespace {

// [SECTION] collecting the runtime strings

// Each string with the language it is shown in: an English screen is drawn with the first font alone (the web
// page has the Chinese glyphs only once Chinese has arrived), a Chinese one with both. Strings of neither
// language (numbers, symbols) count as English: they are drawn on both screens.
struct Collector {
    struct Entry {
        std::string where, text;
        Lang lang;
    };
    std::vector<Entry> strings;
    Lang lang = Lang::en;  // the language of what is added now
    void add(const std::string& where, const std::string& text) {
        if (!text.empty()) strings.push_back({where, text, lang});
    }
};

// The texts of each kind of figure: labels, captions, per-cell text and hover text, the cell values as
// printed, series and line labels, curve values.
template <class MatrixView>
void collect_cells(const MatrixView& v, const std::string& at, Collector* c) {
    for (const std::string& s : v.row_labels) c->add(at + " row label", s);
    for (const std::string& s : v.col_labels) c->add(at + " column label", s);
    const long rows = long(v.values.rows()), cols = long(v.values.cols());
    for (long r = 0; r < rows; ++r) {
        for (long k = 0; k < cols; ++k) {
            if (v.explain) c->add(at + " hover (" + std::to_string(r) + "," + std::to_string(k) + ")", v.explain(int(r), int(k)));
            const double x = v.values(r, k);
            c->add(at + " cell value", format_cell(x, v.integer, 6));
            c->add(at + " cell value", format_cell(x, v.integer, v.decimals));
        }
    }
}

void collect_figure(const HeatmapView& v, const std::string& at, Collector* c) {
    c->add(at + " row axis", v.row_axis);
    c->add(at + " column axis", v.col_axis);
    for (const std::string& s : v.cell_text) c->add(at + " cell text", s);
    collect_cells(v, at, c);
}

void collect_figure(const TableView& v, const std::string& at, Collector* c) {
    c->add(at + " corner", v.corner);
    collect_cells(v, at, c);
}

void collect_figure(const CurveView& v, const std::string& at, Collector* c) {
    c->add(at + " y axis", v.y_axis);
    c->add(at + " x axis", v.x_axis);
    for (const std::string& s : v.series_labels) c->add(at + " series label", s);
    for (const std::string& s : v.vline_labels) c->add(at + " line label", s);
    for (const std::string& s : v.hline_labels) c->add(at + " line label", s);
    for (const std::vector<double>& s : v.series)
        for (double y : s) c->add(at + " curve value", format_cell(y, false, 6));
}

// A position map's texts are the views layer's own (ui words, positions) and its title and notes.
void collect_figure(const MapView&, const std::string&, Collector*) {}

void collect_figure(const PhasorView& v, const std::string& at, Collector* c) {
    for (const PhasorView::Dial& d : v.dials) {
        c->add(at + " dial caption", d.caption);
        for (const PhasorView::Arrow& a : d.arrows) c->add(at + " arrow label", a.label);
        for (const PhasorView::Arc& arc : d.arcs) c->add(at + " arc label", arc.label);
    }
}

void collect_figure(const OdometerView& v, const std::string& at, Collector* c) {
    c->add(at + " position", v.position_label);
    c->add(at + " legend", v.scaled_label);
    for (const std::string& s : v.captions) c->add(at + " dial caption", s);
}

void collect_figure(const BarsView& v, const std::string& at, Collector* c) {
    c->add(at + " value axis", v.value_axis);
    for (const std::string& s : v.group_labels) c->add(at + " legend", s);
    for (size_t i = 0; i < v.values.size(); ++i) {
        if (i < v.labels.size()) c->add(at + " bar label", v.labels[i]);
        c->add(at + " bar value", format_cell(v.values[i], false, v.significant));
        if (v.explain) c->add(at + " hover (" + std::to_string(i) + ")", v.explain(int(i)));
    }
}

void collect_views(const std::vector<ViewData>& views, const std::string& where, Collector* c) {
    for (size_t n = 0; n < views.size(); ++n) {
        const ViewData& v = views[n];
        const std::string at = where + " view " + std::to_string(n + 1);
        c->add(at + " title", v.title);
        for (const std::string& s : v.notes) c->add(at + " note", s);
        std::visit([&](const auto& figure) { collect_figure(figure, at, c); }, v.figure);
    }
}

void collect_lesson(const Lesson& lesson, const ParamSet& params, const std::string& tag, Collector* c) {
    for (Lang lang : {Lang::en, Lang::zh}) {
        c->lang = lang;
        const std::string where = std::string(lesson.id) + tag + (lang == Lang::zh ? " zh" : " en");
        c->add(where + " title", lesson.title.get(lang));
        for (size_t s = 0; s < lesson.steps.size(); ++s) {
            const Step& step = lesson.steps[s];
            const std::string at = where + " step " + std::to_string(s + 1);
            c->add(at + " title", step.title.get(lang));
            c->add(at + " body", step.body.get(lang));
            collect_views(step.views(params, lang), at, c);
        }
    }
    c->lang = Lang::en;
    for (const ParamSpec& p : lesson.params) {
        const ParamLabel label = label_of(&lesson, p);
        c->add(std::string(lesson.id) + " param " + p.name + " symbol", label.symbol);
        c->add(std::string(lesson.id) + " param " + p.name + " help", label.help.en);
        c->lang = Lang::zh;
        c->add(std::string(lesson.id) + " param " + p.name + " help_zh", label.help.zh);
        c->lang = Lang::en;
        c->add(std::string(lesson.id) + " param " + p.name + " range", describe_range(p));
        for (const std::string& ch : p.choices) c->add(std::string(lesson.id) + " param " + p.name + " choice", ch);
    }
}

// Inputs that are rejected or clamped (ASCII only: a notice quotes the input, and text the learner typed is
// not the font's to cover).
const char* kRejectedInputs[] = {
    "L=999999", "L=-3", "L=abc", "step=99", "step=0", "lang=fr", "lesson=nope", "bogus=1", "omega=1,,2",
    "v=nan", "seed=1e999", "theme=neon", "fontscale=9", "steps=5-3", "embed=2", "controls=x", "d=7",
    "map=nope", "scaling=warp", "factor=-1", "heads=0", "head=99", "softmax=2", "window=a,b",
};

void collect_notices(Collector* c) {
    std::vector<std::string> lessons;
    for (const Lesson* l : lesson_registry()) lessons.push_back(l->id);
    for (const std::string& id : lessons) {
        for (const char* bad : kRejectedInputs) {
            for (const std::string& prefix : {std::string(), std::string("map=rope&")}) {
                for (Lang lang : {Lang::zh, Lang::en}) {
                    c->lang = lang;
                    AppState s = default_state(lang);
                    const KeyValues kv = split_query("lesson=" + id + "&" + prefix + bad);
                    for (const ParamIssue& issue : apply_query(kv, &s)) c->add("notice " + id + " " + prefix + bad, issue.message);
                }
            }
            c->lang = Lang::en;
        }
    }
}

Collector collect_all() {
    Collector c;
    for (Lang lang : {Lang::en, Lang::zh}) {
        c.lang = lang;
        for (int id = 0; id < int(UiText::Count); ++id) c.add(std::string("ui_text ") + std::to_string(id), ui_text(UiText(id)).get(lang));
    }
    c.lang = Lang::en;
    c.add("format_cell", format_cell(-INFINITY, false, 2));
    c.add("format_cell", format_cell(INFINITY, false, 2));
    c.add("format_cell", format_cell(-1.5, false, 2));
    for (const Lesson* l : lesson_registry()) collect_lesson(*l, defaults(l->params), "", &c);
    // The map page at a small L (its texts and notes do not depend on L; the views stay cheap).
    const Lesson& maps = position_map_lesson();
    for (const std::string& map : position_map_names()) {
        for (const char* softmax : {"0", "1"}) {
            ParamSet p = defaults(maps.params);
            parse_params(maps.params, {{"map", map}, {"L", "300"}, {"softmax", softmax}, {"scaling", "yarn"}}, &p);
            collect_lesson(maps, p, " map=" + map + " softmax=" + softmax, &c);
        }
    }
    collect_notices(&c);
    return c;
}

// [SECTION] UTF-8 decoding

// Code points of `s`; a malformed sequence gives 0xFFFD (and is reported: the app's own strings are UTF-8).
std::vector<unsigned> code_points(const std::string& s, bool* malformed) {
    std::vector<unsigned> out;
    for (size_t i = 0; i < s.size();) {
        const unsigned char b = static_cast<unsigned char>(s[i]);
        int n = b < 0x80 ? 1 : (b >> 5) == 6 ? 2 : (b >> 4) == 14 ? 3 : (b >> 3) == 30 ? 4 : 0;
        if (n == 0 || i + size_t(n) > s.size()) {
            *malformed = true;
            out.push_back(0xFFFD);
            ++i;
            continue;
        }
        unsigned cp = n == 1 ? b : b & (0x7F >> n);
        for (int k = 1; k < n; ++k) {
            const unsigned char cont = static_cast<unsigned char>(s[i + size_t(k)]);
            if ((cont & 0xC0) != 0x80) *malformed = true;
            cp = (cp << 6) | (cont & 0x3F);
        }
        out.push_back(cp);
        i += size_t(n);
    }
    return out;
}

// Characters that draw nothing and need no glyph: controls and the invisible format characters.
bool needs_glyph(unsigned cp) {
    if (cp < 0x20 || (cp >= 0x7F && cp < 0xA0)) return false;
    if (cp == 0x200B || cp == 0x200C || cp == 0x200D || cp == 0xFE0F || cp == 0x2060) return false;
    return true;
}

// [SECTION] the glyph check and the rendered check

// The alpha bitmap of a glyph in the built atlas.
std::vector<unsigned char> glyph_bitmap(const ImFontAtlas& atlas, const ImFontGlyph* g, const unsigned char* pixels, int tex_w) {
    const int x0 = int(g->U0 * float(atlas.TexWidth) + 0.5f), x1 = int(g->U1 * float(atlas.TexWidth) + 0.5f);
    const int y0 = int(g->V0 * float(atlas.TexHeight) + 0.5f), y1 = int(g->V1 * float(atlas.TexHeight) + 0.5f);
    std::vector<unsigned char> out;
    for (int y = y0; y < y1; ++y)
        for (int x = x0; x < x1; ++x) out.push_back(pixels[size_t(y) * size_t(tex_w) + size_t(x)]);
    return out;
}

}  // namespace

std::vector<char> read_file(const char* path) {
    std::ifstream in(path, std::ios::binary);
    return std::vector<char>((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
}

int main(int argc, char** argv) {
    if (argc != 3) {
        std::fprintf(stderr, "usage: pelab_font_coverage <subset.ttf> <subset_zh.ttf>\n");
        return 2;
    }
    std::vector<char> ttf = read_file(argv[1]), zh_ttf = read_file(argv[2]);
    if (ttf.empty() || zh_ttf.empty()) {
        std::fprintf(stderr, "font_coverage: cannot read %s or %s\n", argv[1], argv[2]);
        return 1;
    }

    const Collector c = collect_all();
    std::map<unsigned, std::string> first_use;  // code point -> where it is first used
    std::map<unsigned, std::string> first_english_use;  // the same, on an English screen
    std::map<unsigned, int> uses;
    int failures = 0;
    for (const Collector::Entry& e : c.strings) {
        bool malformed = false;
        std::set<unsigned> in_string;
        for (unsigned cp : code_points(e.text, &malformed)) {
            if (!needs_glyph(cp)) continue;
            first_use.emplace(cp, e.where + ": " + e.text.substr(0, 120));
            if (e.lang == Lang::en) first_english_use.emplace(cp, e.where + ": " + e.text.substr(0, 120));
            in_string.insert(cp);
        }
        for (unsigned cp : in_string) ++uses[cp];
        if (malformed) {
            std::printf("font_coverage: not UTF-8: %s\n", e.where.c_str());
            ++failures;
        }
    }

    // Load the subset the way the app does (ImGui + stb_truetype, the Chinese glyphs merged into the first font),
    // with ranges for exactly these characters; and the first font alone, as an English page has it.
    ImFontAtlas atlas;
    ImFontGlyphRangesBuilder builder;
    for (const auto& [cp, where] : first_use)
        if (cp <= IM_UNICODE_CODEPOINT_MAX) builder.AddChar(ImWchar(cp));
    builder.AddChar(0xFFFD);
    builder.AddChar('?');
    ImVector<ImWchar> ranges;
    builder.BuildRanges(&ranges);
    ImFontConfig cfg;
    cfg.FontDataOwnedByAtlas = false;
    ImFont* english = atlas.AddFontFromMemoryTTF(ttf.data(), int(ttf.size()), 20.0f, &cfg, ranges.Data);
    ImFont* font = atlas.AddFontFromMemoryTTF(ttf.data(), int(ttf.size()), 20.0f, &cfg, ranges.Data);
    ImFontConfig merge = cfg;
    merge.MergeMode = true;
    atlas.AddFontFromMemoryTTF(zh_ttf.data(), int(zh_ttf.size()), 20.0f, &merge, ranges.Data);
    unsigned char* pixels = nullptr;
    int tex_w = 0, tex_h = 0;
    if (!font || !english || !atlas.Build()) {
        std::printf("font_coverage: ImGui cannot load %s and %s\n", argv[1], argv[2]);
        return 1;
    }
    atlas.GetTexDataAsAlpha8(&pixels, &tex_w, &tex_h);

    for (const auto& [cp, where] : first_use) {
        if (cp > IM_UNICODE_CODEPOINT_MAX || !font->FindGlyphNoFallback(ImWchar(cp))) {
            std::printf("font_coverage: U+%04X has no glyph in the subset; used by %s\n", cp, where.c_str());
            ++failures;
        }
    }
    for (const auto& [cp, where] : first_english_use) {
        if (cp <= IM_UNICODE_CODEPOINT_MAX && font->FindGlyphNoFallback(ImWchar(cp)) &&
            !english->FindGlyphNoFallback(ImWchar(cp))) {
            std::printf("font_coverage: U+%04X is only in the Chinese glyphs (%s), but an English screen shows it: %s\n",
                        cp, argv[2], where.c_str());
            ++failures;
        }
    }

    // The rendered check: the rarest CJK character (fewest strings; ties: the highest code point).
    unsigned rare = 0;
    int rare_uses = 1 << 30;
    for (const auto& [cp, n] : uses)
        if (cp >= 0x4E00 && cp <= 0x9FFF && n <= rare_uses) rare = cp, rare_uses = n;
    const ImFontGlyph* fallback = font->FallbackGlyph;
    const ImFontGlyph* glyph = rare ? font->FindGlyphNoFallback(ImWchar(rare)) : nullptr;
    if (!rare || !glyph || !fallback) {
        std::printf("font_coverage: no rare CJK character to render (rare=U+%04X)\n", rare);
        ++failures;
    } else {
        const std::vector<unsigned char> a = glyph_bitmap(atlas, glyph, pixels, tex_w), b = glyph_bitmap(atlas, fallback, pixels, tex_w);
        long ink = 0;
        for (unsigned char x : a) ink += x > 127;
        const bool same_as_fallback = a == b;
        std::printf("font_coverage: rendered U+%04X (used by %d string(s), e.g. %s): %ld ink pixels; fallback glyph U+%04X\n",
                    rare, rare_uses, first_use[rare].c_str(), ink, unsigned(fallback->Codepoint));
        if (same_as_fallback || ink < 10) {
            std::printf("font_coverage: U+%04X renders as the fallback glyph (a box) or blank\n", rare);
            ++failures;
        }
    }

    std::printf("font_coverage: %zu strings, %zu distinct characters, %d problem(s)\n", c.strings.size(), first_use.size(), failures);
    return failures ? 1 : 0;
}
