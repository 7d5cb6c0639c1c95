// PE Lab — tests/app/layout_test.cpp: the CTest `layout` (native builds with the app).
// The page layout (app/layout.h) called directly, without a browser or a window, for every step of every lesson
// (and the example lesson and the map page) in both languages at four windows: 1280×720, the 960×540 embed,
// 1920×1080 at fontscale 1.5 and a 390×844 phone. Its inputs are measured as the app measures them: the real
// views' size queries (views.h) built from each step's ViewData, the prose wrapped with the shipped font (the
// built subset, at 16 and 21 px × fontscale, as platform.cpp loads it), the equations' typeset boxes, the app's
// style (app_apply_style). The header's height and whether the step counter sits above the title are estimated
// here from the style (the app measures them while drawing).
// It checks what a learner would see as broken: a rectangle out of the window sideways, two rectangles on top of
// each other, a primary figure that is not the first figure or (at the desktop and embed sizes) is off screen or
// gets less than a fifth of the window, equations between the figures. And one idea per screen: at
// 1280×720 and 1920×1080 with fontscale 1.5, in both languages, every figure and equation of every step lies
// wholly on the first screen, with the primary figure's plot at a fifth of the window (every lesson and the example;
// the map page keeps its large map and scrolls to its notes); in the 960×540 embed
// the key equation is on the first screen; the phone keeps its scrolling page. It prints how many figures are
// on the first screen; PELAB_LAYOUT_REPORT=1 prints each step's views.
//
// Index of this file:
// [SECTION] an ImGui context with the shipped font
// [SECTION] measuring one step
// [SECTION] the checks
// [SECTION] one idea per screen
// [SECTION] the layout's own rules, on made-up sizes
#include <algorithm>
#include <cctype>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <iterator>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "app/app.h"
#include "app/layout.h"
#include "imgui.h"
#include "lessons/bilingual.h"
#include "lessons/lesson.h"
#include "lessons/questions.h"
#include "views/equation.h"
#include "views/views.h"

using namespace pelab;

namespace {

// [SECTION] an ImGui context with the shipped font -----------------------------------------------

// The font sizes of platform.cpp (kBodyPx, kTitlePx) at fontscale 1 on a desktop (framebuffer scale 1).
constexpr float kLayoutTestBodyPx = 16.0f;
constexpr float kLayoutTestTitlePx = 21.0f;

// One ImGui context for the whole test binary, with the body and title fonts at fontscale 1 and 1.5, inside one
// frame and one window (the size queries read the current font and style).
class LayoutTestImGui {
public:
    static LayoutTestImGui& get() {
        static LayoutTestImGui instance;
        return instance;
    }
    // Makes the fonts and the style those of fontscale `scale` (1 or 1.5).
    void use_scale(float scale) {
        const int i = scale > 1.0f ? 1 : 0;
        if (pushed_) {
            ImGui::PopFont();
        }
        ImGui::PushFont(body_[i]);
        pushed_ = true;
        title_ = title_font_[i];
        app_apply_style(Theme::light, scale);
    }
    ImFont* title() const { return title_; }

private:
    LayoutTestImGui() {
        ctx_ = ImGui::CreateContext();
        ImGuiIO& io = ImGui::GetIO();
        io.DisplaySize = ImVec2(1920, 1080);
        io.DeltaTime = 1.0f / 60.0f;
        io.IniFilename = nullptr;
        // As platform.cpp builds the atlas: no oversampling, pixel-snapped advances (which set the widths).
        ImFontConfig cfg;
        cfg.OversampleH = 1;
        cfg.OversampleV = 1;
        cfg.PixelSnapH = true;
        cfg.FontDataOwnedByAtlas = false;  // font_data_ holds the bytes (ImGui's file functions are compiled out)
        static const ImWchar kEveryGlyph[] = {0x0020, 0xFFFF, 0};  // those the subset has
        // The font's path comes from CTest's environment (tests/app/CMakeLists.txt), not from a compile definition:
        // an absolute path on the command line would make every clone in another folder miss the compiler cache.
        const char* font_path = std::getenv("PELAB_LAYOUT_TEST_FONT");
        std::ifstream file(font_path ? font_path : "", std::ios::binary);
        font_data_.assign(std::istreambuf_iterator<char>(file), std::istreambuf_iterator<char>());
        EXPECT_GT(font_data_.size(), 1000u) << "the built font subset, PELAB_LAYOUT_TEST_FONT="
                                             << (font_path ? font_path : "(not set: run the test through ctest)");
        // The glyphs only Chinese texts use are a font of their own, merged into each (as platform.cpp does).
        const char* zh_path = std::getenv("PELAB_LAYOUT_TEST_FONT_ZH");
        std::ifstream zh_file(zh_path ? zh_path : "", std::ios::binary);
        zh_font_data_.assign(std::istreambuf_iterator<char>(zh_file), std::istreambuf_iterator<char>());
        EXPECT_GT(zh_font_data_.size(), 1000u) << "the built font subset's Chinese glyphs, PELAB_LAYOUT_TEST_FONT_ZH="
                                                << (zh_path ? zh_path : "(not set: run the test through ctest)");
        ImFontConfig merge = cfg;
        merge.MergeMode = true;
        auto add = [&](float px) {
            ImFont* f = io.Fonts->AddFontFromMemoryTTF(font_data_.data(), int(font_data_.size()), px, &cfg, kEveryGlyph);
            if (zh_font_data_.size() > 1000u)
                io.Fonts->AddFontFromMemoryTTF(zh_font_data_.data(), int(zh_font_data_.size()), px, &merge, kEveryGlyph);
            return f;
        };
        for (int i = 0; i < 2; ++i) {
            const float scale = i ? 1.5f : 1.0f;
            body_[i] = add(kLayoutTestBodyPx * scale);
            title_font_[i] = add(kLayoutTestTitlePx * scale);
        }
        unsigned char* pixels = nullptr;
        int w = 0, h = 0;
        io.Fonts->GetTexDataAsRGBA32(&pixels, &w, &h);
        ImGui::NewFrame();
        ImGui::SetNextWindowPos(ImVec2(0, 0));
        ImGui::SetNextWindowSize(io.DisplaySize);
        ImGui::Begin("layout test", nullptr, ImGuiWindowFlags_NoDecoration);
    }
    ImGuiContext* ctx_ = nullptr;
    std::vector<char> font_data_, zh_font_data_;
    ImFont* body_[2] = {nullptr, nullptr};
    ImFont* title_font_[2] = {nullptr, nullptr};
    ImFont* title_ = nullptr;
    bool pushed_ = false;
};

// [SECTION] measuring one step -------------------------------------------------------------------

struct LayoutTestWindow {
    const char* name;
    int w, h;
    float fontscale;
    bool embed;
    bool desktop_or_embed;  // the sizes at which the primary figure must be on screen and cover a fifth
    bool one_screen;        // every figure and equation of every step wholly on the first screen
};

// The windows a lecture meets: projector, embed, large screen.
const LayoutTestWindow kLayoutTestWindows[] = {
    {"1280x720", 1280, 720, 1.0f, false, true, true},
    {"embed_960x540", 960, 540, 1.0f, true, true, false},
    {"1920x1080_fontscale1.5", 1920, 1080, 1.5f, false, true, true},
    {"phone_390x844", 390, 844, 1.0f, false, false, false},
};

// The keys that open `entry` (an overlay such as the map page opens over the first lesson) at `step`.
KeyValues layout_test_keys(const Lesson& entry, int step, Lang lang, const LayoutTestWindow& window) {
    KeyValues kv;
    if (entry.overlay_key && entry.open_over) kv = entry.open_over(*lesson_registry().front());
    else kv.push_back({"lesson", entry.id});
    kv.push_back({"step", entry.steps[size_t(step - 1)].id});  // by id: a number may be a renumbered lesson's old one
    kv.push_back({"lang", lang == Lang::zh ? "zh" : "en"});
    if (window.embed) kv.push_back({"embed", "1"});
    if (window.fontscale != 1.0f) kv.push_back({"fontscale", "1.5"});
    return kv;
}

// Everything the page layout needs for the app's current step, measured with the current font and style. The
// views and body must outlive the input (its functions refer to them).
struct LayoutTestStep {
    std::vector<ViewData> views;
    std::string body, title, takeaway;
    PageLayoutInput input;
};

void layout_test_measure(const App& app, const LayoutTestWindow& window, LayoutTestStep* out) {
    const Lang lang = app.state.lang;
    const Lesson& lesson = *app.state.lesson;
    const Step& step = lesson.steps[size_t(app.state.step - 1)];
    const DisplayOptions& d = app.state.display;
    out->views = step.views ? step.views(app.state.params, lang) : std::vector<ViewData>{};
    std::vector<LinkSpan> links;
    out->body = say_linked(lang, step.body, &links, step_body_args(step, lang));
    out->title = say(lang, step.title);
    // The takeaway as it reads once open (a covered one shows one short line instead: never taller).
    out->takeaway = step_takeaway(step, app.state.params, lang);

    const ImGuiStyle& st = ImGui::GetStyle();
    const float font = ImGui::GetFontSize();
    PageLayoutInput& in = out->input;
    in.window = ImVec2(float(window.w), float(window.h));
    in.font = font;
    in.line_height = ImGui::GetTextLineHeight();
    in.frame_height = ImGui::GetFrameHeight();
    in.window_padding = st.WindowPadding;
    in.item_spacing = st.ItemSpacing;
    in.scrollbar_size = st.ScrollbarSize;
    // The header row (the app's name in the title font where there is room, the lesson menu, the language
    // buttons), then the separator, which takes only its spacing.
    if (!d.embed) {
        const float title_px = LayoutTestImGui::get().title()->FontSize;
        const bool app_name = in.window.x - 2.0f * st.WindowPadding.x >= font * 36.0f;
        const float row = std::max(in.frame_height, app_name ? title_px + 2.0f * st.FramePadding.y : 0.0f);
        in.header_h = row + 2.0f * st.ItemSpacing.y;
    }
    in.embed = d.embed;
    in.controls = d.controls;
    in.has_timeline = app_has_timeline(app);
    in.side_content = d.controls && (!step.keys_shown(app.state.params).empty() || !step.questions.empty());
    // The bottom bar's Prev and Next narrow below 40 font sizes, and then the counter no longer fits beside them.
    in.counter_above_title = !d.controls || in.window.x < font * 40.0f;
    in.steps = lesson.steps.size();
    const std::string title = out->title;
    in.title_one_line_width = [title](float width) { return title_one_line_width(title, LayoutTestImGui::get().title(), width); };
    in.title_height = [title, &st](float width) {
        ImGui::PushFont(LayoutTestImGui::get().title());
        const float h = float(wrap_lines(title, width).size()) * float(int(ImGui::GetTextLineHeight() + st.ItemSpacing.y));
        ImGui::PopFont();
        return h;
    };
    const std::string* takeaway = &out->takeaway;
    in.takeaway_lines = [takeaway](float wrap_width) { return takeaway->empty() ? 0 : int(wrap_lines(*takeaway, wrap_width).size()); };
    in.takeaway_last_line_w = [takeaway](float wrap_width) { return last_line_width(*takeaway, wrap_width); };
    in.body_collapsible = !out->body.empty();
    const std::string* body = &out->body;
    in.prose_lines = [body](bool first_sentence_only, float wrap_width) {
        const std::string shown = first_sentence_only ? body->substr(0, prose_first_sentence_end(*body)) : *body;
        return int(wrap_lines(shown, wrap_width).size());
    };
    in.more_button_w = ImGui::CalcTextSize(ui_say(lang, UiText::More).c_str()).x + st.FramePadding.x * 2 + st.ItemSpacing.x;
    for (const StepEquation& equation : step.equations) {
        const std::string tex = equation.get(lang);
        in.equations.push_back([tex](float px) { return equation_extent(tex, px); });
    }
    for (const ViewData& view : out->views) in.views.push_back(view_sizes_of(view, lang));
    const int step_no = app.state.step;
    in.after_height = [&lesson, step_no, lang, font](float width) {
        return references_height(lesson, step_no, lang, std::min(width, font * 52.0f));
    };
}

// [SECTION] the checks ---------------------------------------------------------------------------

struct LayoutTestNamedRect {
    std::string what;
    LayoutRect rect;
    bool equation = false;
};

bool layout_test_overlap(const LayoutRect& a, const LayoutRect& b) {
    const float w = std::min(a.max.x, b.max.x) - std::max(a.min.x, b.min.x);
    const float h = std::min(a.max.y, b.max.y) - std::max(a.min.y, b.min.y);
    return w > 0.5f && h > 0.5f;
}

std::string layout_test_rect_text(const LayoutRect& r) {
    char buf[96];
    std::snprintf(buf, sizeof buf, "(%.1f, %.1f)-(%.1f, %.1f)", r.min.x, r.min.y, r.max.x, r.max.y);
    return buf;
}

// [SECTION] one idea per screen -----------------------------------------------------------------

// The views and equations of a page that are not wholly on its first screen, named.
std::string layout_test_off_screen(const PageLayout& page, const LayoutTestStep& step) {
    std::string out;
    for (size_t i = 0; i < page.figures.figures.size(); ++i)
        if (!page.figures.figures[i].on_first_screen)
            out += std::string(out.empty() ? "" : ", ") + figure_kind_name(step.views[i].kind()) + " " + std::to_string(i + 1) + " \"" +
                   step.views[i].title + "\" at " + layout_test_rect_text(page.figures.figures[i].rect);
    const LayoutRect first_screen{page.frame.content.min, page.frame.content.max};
    for (size_t i = 0; i < page.equations.boxes.size(); ++i)
        if (!figure_on_first_screen(page.equations.boxes[i], first_screen))
            out += std::string(out.empty() ? "" : ", ") + "equation " + std::to_string(i + 1) + " at " + layout_test_rect_text(page.equations.boxes[i]);
    return out + " (the first screen: " + layout_test_rect_text(first_screen) + ")";
}

// Every problem of one page, as lines naming the step and the rectangles.
std::vector<std::string> layout_test_problems(const Lesson* entry, const PageLayout& page, const PageLayoutInput& in, const LayoutTestWindow& window,
                                              const std::string& where) {
    std::vector<std::string> problems;
    std::vector<LayoutTestNamedRect> rects;
    if (page.frame.rail) rects.push_back({"step rail", page.frame.rail_rect});
    if (page.frame.side) rects.push_back({"side column", page.frame.side_rect});
    rects.push_back({"title", page.title});
    if (page.takeaway.height() > 0.0f) rects.push_back({"takeaway", page.takeaway});
    if (page.prose.height() > 0.0f) rects.push_back({"prose", page.prose});
    for (size_t i = 0; i < page.equations.boxes.size(); ++i) rects.push_back({"equation " + std::to_string(i + 1), page.equations.boxes[i], true});
    for (size_t i = 0; i < page.figures.figures.size(); ++i) rects.push_back({"figure " + std::to_string(i + 1), page.figures.figures[i].rect});
    for (const LayoutTestNamedRect& r : rects)
        if (!r.equation && (r.rect.min.x < -0.5f || r.rect.max.x > in.window.x + 0.5f))
            problems.push_back(r.what + " " + layout_test_rect_text(r.rect) + " is out of the window sideways");
    // An equation wider than the step even at 0.45 of its size is cut at the edge (app/layout.cpp: readable at a
    // phone's pixel ratio): the one exception allowed, reported; shrunk any less, it should have fitted.
    for (size_t i = 0; i < page.equations.boxes.size(); ++i) {
        const LayoutRect& box = page.equations.boxes[i];
        if (box.min.x < -0.5f) problems.push_back("equation " + std::to_string(i + 1) + " " + layout_test_rect_text(box) + " starts left of the window");
        if (box.max.x <= in.window.x + 0.5f) continue;
        if (page.equations.px[i] <= page.text.equation_px * 0.45f * 1.0001f) {
            std::printf("  %s: equation %zu %s is cut at the edge at 0.45 of its size\n", where.c_str(), i + 1,
                        layout_test_rect_text(box).c_str());
        } else {
            problems.push_back("equation " + std::to_string(i + 1) + " is wider than the window at " +
                               std::to_string(page.equations.px[i]) + " px, above the 0.45 floor");
        }
    }
    for (size_t a = 0; a < rects.size(); ++a)
        for (size_t b = a + 1; b < rects.size(); ++b)
            if (layout_test_overlap(rects[a].rect, rects[b].rect))
                problems.push_back(rects[a].what + " " + layout_test_rect_text(rects[a].rect) + " overlaps " + rects[b].what + " " +
                                   layout_test_rect_text(rects[b].rect));
    const std::vector<PlacedFigure>& figures = page.figures.figures;
    if (figures.empty()) return problems;
    // The primary figure first: the first view, nothing above it.
    const PlacedFigure& primary = figures.front();
    if (!primary.primary) problems.push_back("the first figure is not the primary one");
    for (size_t i = 1; i < figures.size(); ++i)
        if (figures[i].primary || figures[i].at.y < primary.at.y)
            problems.push_back("figure " + std::to_string(i + 1) + " comes before the primary figure");
    // The room it is given: on screen and a fifth of the window, where the browser test asks for it.
    if (window.desktop_or_embed) {
        const LayoutRect room{primary.at, ImVec2(primary.at.x + primary.width, primary.at.y + primary.max_height)};
        if (room.min.y < -0.5f || room.max.y > in.window.y + 0.5f || room.max.x > in.window.x + 0.5f)
            problems.push_back("the primary figure's room " + layout_test_rect_text(room) + " is not on screen");
        // The plot, as the browser test measures it, for the curriculum's steps; the room for the entries outside
        // it (the example lesson's fixed-size dials).
        const bool covers = entry->in_curriculum ? primary_keeps_fifth(in.views.front(), primary, in.window)
                                       : primary.width * primary.max_height >= kPrimaryMinShare * in.window.x * in.window.y;
        if (!covers)
            problems.push_back("the primary figure " + layout_test_rect_text(primary.rect) + " covers less than a fifth of the window");
    }
    // Figures before equations: the equations are above the primary figure, or below every figure.
    for (size_t i = 0; i < page.equations.boxes.size(); ++i) {
        const LayoutRect& box = page.equations.boxes[i];
        bool ok = true;
        if (page.text.equations_below) {
            for (const PlacedFigure& f : figures) ok = ok && box.min.y >= f.rect.max.y - 0.5f;
        } else {
            ok = box.max.y <= primary.at.y + 0.5f;
        }
        if (!ok) problems.push_back("equation " + std::to_string(i + 1) + " is among the figures");
    }
    return problems;
}

struct LayoutTestCase {
    const LayoutTestWindow* window;
    Lang lang;
};

class PageLayoutTest : public ::testing::TestWithParam<LayoutTestCase> {};

TEST_P(PageLayoutTest, EveryStepOfEveryLesson) {
    const LayoutTestWindow& window = *GetParam().window;
    const Lang lang = GetParam().lang;
    LayoutTestImGui::get().use_scale(window.fontscale);
    int steps = 0, views = 0, on_first_screen = 0, primary_on_first_screen = 0;
    for (const Lesson* entry : every_lesson()) {
        for (int s = 1; s <= int(entry->steps.size()); ++s) {
            App app;
            app_init(&app, layout_test_keys(*entry, s, lang, window), lang);
            const std::string where = std::string(entry->id) + " step " + std::to_string(s);
            ASSERT_EQ(app.state.lesson, entry) << where << ": notices " << app_notices_json(app);
            ASSERT_EQ(app.state.step, s) << where;
            LayoutTestStep step;
            layout_test_measure(app, window, &step);
            const PageLayout page = layout_page(step.input);
            ASSERT_EQ(page.figures.figures.size(), step.views.size()) << where;
            ASSERT_EQ(page.figure_on_first_screen.size(), step.views.size()) << where;
            for (const std::string& problem : layout_test_problems(entry, page, step.input, window, window.name + std::string(" ") + (lang == Lang::zh ? "zh" : "en") + ", " + where))
                ADD_FAILURE() << window.name << " " << (lang == Lang::zh ? "zh" : "en") << ", " << where << ": " << problem;
            // PELAB_LAYOUT_REPORT=1: one line per step, each view with its size and top, "!" where it is not wholly
            // on the first screen (what splitting a step or tuning the layout works from).
            if (std::getenv("PELAB_LAYOUT_REPORT")) {
                std::string line;
                char buf[128];
                for (size_t i = 0; i < page.figures.figures.size(); ++i) {
                    const PlacedFigure& f = page.figures.figures[i];
                    std::snprintf(buf, sizeof buf, " %s%s[%.0fx%.0f@%.0f]", figure_kind_name(step.views[i].kind()),
                                  f.on_first_screen ? "" : "!", f.rect.width(), f.rect.height(), f.rect.min.y);
                    line += buf;
                }
                const LayoutRect first_screen{page.frame.content.min, page.frame.content.max};
                for (const LayoutRect& e : page.equations.boxes) {
                    std::snprintf(buf, sizeof buf, " equation%s[%.0fx%.0f@%.0f]", figure_on_first_screen(e, first_screen) ? "" : "!",
                                  e.width(), e.height(), e.min.y);
                    line += buf;
                }
                if (!page.figures.figures.empty()) {
                    const PlacedFigure& p = page.figures.figures.front();
                    const float plot = step.input.views.front().plot_area ? step.input.views.front().plot_area(p.width, p.max_height) : 0.0f;
                    std::snprintf(buf, sizeof buf, " primary covers %.1f%%", 100.0f * plot / (step.input.window.x * step.input.window.y));
                    line += buf;
                }
                std::printf("REPORT %s %s %s %d (%s) screen %.0f-%.0f, prose ends %.0f:%s\n", window.name, lang == Lang::zh ? "zh" : "en",
                            entry->id, s, entry->steps[size_t(s - 1)].id, first_screen.min.y, first_screen.max.y, page.prose.max.y, line.c_str());
            }
            // One screen: at the projector's sizes, the whole step; in the embed, the primary figure (its
            // room, checked above) and the key equation.
            // Every entry but an overlay (the map page, for exploring maps up to L = 65,536, keeps its large map
            // and scrolls to its notes).
            if (window.one_screen && !entry->overlay_key && !page_whole_on_first_screen(page))
                ADD_FAILURE() << window.name << " " << (lang == Lang::zh ? "zh" : "en") << ", " << where << " ["
                              << entry->steps[size_t(s - 1)].id << "]: not one screen: " << layout_test_off_screen(page, step);
            if (window.embed && !page.equations.boxes.empty() &&
                !figure_on_first_screen(page.equations.boxes.front(), {page.frame.content.min, page.frame.content.max}))
                ADD_FAILURE() << window.name << " " << (lang == Lang::zh ? "zh" : "en") << ", " << where << " ["
                              << entry->steps[size_t(s - 1)].id << "]: the key equation is not on the first screen";
            // The takeaway (the step's point and reason) is whole under the title in at most two lines at the
            // projector's sizes.
            if (window.one_screen) {
                const int lines = step.input.takeaway_lines(std::min(page.content_w, step.input.font * 52.0f));
                if (lines < 1 || lines > 2)
                    ADD_FAILURE() << window.name << " " << (lang == Lang::zh ? "zh" : "en") << ", " << where << " ["
                                  << entry->steps[size_t(s - 1)].id << "]: its takeaway takes " << lines << " lines";
            }
            ++steps;
            views += int(step.views.size());
            for (bool on : page.figure_on_first_screen) on_first_screen += on ? 1 : 0;
            if (!page.figure_on_first_screen.empty() && page.figure_on_first_screen.front()) ++primary_on_first_screen;
        }
    }
    EXPECT_GT(steps, 60);  // every lesson's steps were laid out (ten lessons, the example and the map page)
    std::printf("%s %s: %d steps, %d figures; %d wholly on the first screen, the primary one on %d steps\n", window.name,
                lang == Lang::zh ? "zh" : "en", steps, views, on_first_screen, primary_on_first_screen);
}

std::vector<LayoutTestCase> layout_test_cases() {
    std::vector<LayoutTestCase> cases;
    for (const LayoutTestWindow& w : kLayoutTestWindows)
        for (Lang lang : {Lang::en, Lang::zh}) cases.push_back({&w, lang});
    return cases;
}

std::string layout_test_case_name(const ::testing::TestParamInfo<LayoutTestCase>& info) {
    std::string name = std::string(info.param.window->name) + (info.param.lang == Lang::zh ? "_zh" : "_en");
    for (char& c : name)
        if (!std::isalnum(static_cast<unsigned char>(c))) c = '_';
    return name;
}

INSTANTIATE_TEST_SUITE_P(Windows, PageLayoutTest, ::testing::ValuesIn(layout_test_cases()), layout_test_case_name);

// [SECTION] the layout's own rules, on made-up sizes ---------------------------------------------

// A square-ish primary figure that wants less than the width leaves a column beside it for the next figure; a
// figure that would get less than 12 lines there goes below, two to a row on a wide screen.
// What the collapsed text shows: its first sentence, which may be followed by a sentence that starts with a
// lowercase name; an abbreviation does not end it.
TEST(StepProse, FirstSentenceEnds) {
    const auto first = [](const std::string& text) { return text.substr(0, prose_first_sentence_end(text)); };
    EXPECT_EQ(first("A holds. B follows."), "A holds.");
    EXPECT_EQ(first("Buckets clamp. mid = 4 here."), "Buckets clamp.");
    EXPECT_EQ(first("Two layouts (weights). tensor2tensor halves them."), "Two layouts (weights).");
    EXPECT_EQ(first("Shaw et al. add a term. Then more."), "Shaw et al. add a term.");
    EXPECT_EQ(first("One pair, i.e. a dial. Next."), "One pair, i.e. a dial.");
    EXPECT_EQ(first("Compare A vs. the rest. Next."), "Compare A vs. the rest.");
    EXPECT_EQ(first("θ = 3.5 here. Next."), "θ = 3.5 here.");
    EXPECT_EQ(first("是。然后"), "是。");
    EXPECT_EQ(first("One sentence only."), "One sentence only.");
    EXPECT_EQ(first("Ends on Δ. λ is next."), "Ends on Δ.");
}

TEST(FigureLayout, BesideThenBelowInTwoColumns) {
    FigureLayoutInput in;
    in.start = ImVec2(10, 100);
    in.avail = 1200;
    in.room = 500;
    in.screen = 600;
    in.font = 16;
    in.display = ImVec2(1280, 720);
    ViewSizes square;
    square.width_at_height = [](float h) { return h; };
    square.height_at_width = [](float w) { return w; };
    ViewSizes tall;
    tall.height_at_width = [](float) { return 400.0f; };
    in.views = {square, tall, tall, tall};
    const FigureLayout out = layout_figures(in);
    ASSERT_EQ(out.figures.size(), 4u);
    EXPECT_FLOAT_EQ(out.primary_w, 540.0f);  // max(500, 0.45 × 1200)
    EXPECT_TRUE(out.figures[1].beside);
    EXPECT_FLOAT_EQ(out.figures[1].at.x, 10.0f + 540.0f + 16.0f * 1.2f);
    EXPECT_FALSE(out.figures[2].beside);  // 500 − 400 − 9.6 < 12 lines
    EXPECT_EQ(out.columns, 2);
    EXPECT_FLOAT_EQ(out.figures[2].at.y, out.figures[3].at.y);
    EXPECT_GT(out.figures[3].at.x, out.figures[2].at.x);
}

// A table beside the primary figure that would scroll sideways takes width from it, as long as the primary
// figure's picture keeps a fifth of the window; else the primary figure keeps its size (it is the star).
TEST(FigureLayout, TableBesideTakesWidthDownToAFifth) {
    FigureLayoutInput in;
    in.start = ImVec2(0, 0);
    in.avail = 1200;
    in.room = 600;
    in.screen = 700;
    in.font = 16;
    in.display = ImVec2(1280, 720);
    ViewSizes square;
    square.width_at_height = [](float h) { return h; };
    square.height_at_width = [](float w) { return w; };
    square.plot_area = [](float w, float h) { return std::min(w, h) * std::min(w, h); };
    ViewSizes table;
    table.height_at_width = [](float) { return 200.0f; };
    table.min_width = 700;  // more than the 580.8 left beside a 600-wide square; 480.8² is still a fifth
    in.views = {square, table};
    const FigureLayout narrower = layout_figures(in);
    EXPECT_FLOAT_EQ(narrower.primary_w, 1200.0f - 16.0f * 1.2f - 700.0f);
    EXPECT_GE(narrower.primary_w * narrower.primary_w, kPrimaryMinShare * 1280.0f * 720.0f);
    in.views[1].min_width = 900;  // 280.8² would be less than a fifth: the square keeps its 600
    const FigureLayout kept = layout_figures(in);
    EXPECT_FLOAT_EQ(kept.primary_w, 600.0f);
}

// A figure takes what its drawn bottoms say (figure_bottom, then notes_bottom from where the figure left the
// cursor), its right edge where the view says; the figures after it start under that.
TEST(FigureLayout, FiguresTakeTheirDrawnHeights) {
    FigureLayoutInput in;
    in.start = ImVec2(10, 100.5f);
    in.avail = 600;
    in.room = 400;
    in.screen = 600;
    in.font = 16;
    in.display = ImVec2(1280, 720);
    ViewSizes fills;  // the primary figure fills its room, however little it would like
    fills.height_at_width = [](float) { return 100.0f; };
    fills.figure_bottom = [](float top, float, float max_height, bool primary) { return primary ? top + max_height : top + 50.0f; };
    fills.notes_bottom = [](float y, float) { return float(int(y + 2.0f * 23.0f + 6.4f)); };  // two note lines, whole pixels
    fills.right = [](float left, float width) { return float(int(left)) + width + 0.5f; };
    ViewSizes plain;
    plain.height_at_width = [](float) { return 80.0f; };
    plain.figure_bottom = [](float top, float, float, bool) { return top + 80.0f; };
    in.views = {fills, plain};
    const FigureLayout out = layout_figures(in);
    ASSERT_EQ(out.figures.size(), 2u);
    EXPECT_FLOAT_EQ(out.figures[0].rect.max.y, float(int(100.5f + 400.0f + 46.0f + 6.4f)));
    EXPECT_FLOAT_EQ(out.figures[0].rect.max.x, 10.0f + 600.0f + 0.5f);
    EXPECT_FLOAT_EQ(out.figures[1].at.y, out.figures[0].rect.max.y + 16.0f * 0.6f);
    EXPECT_FLOAT_EQ(out.figures[1].rect.height(), 80.0f);
    EXPECT_FLOAT_EQ(out.figures[1].rect.width(), 600.0f);  // no right(): at.x + width
}

// The page gets a scrollbar when its last item ends below its window (then it is laid out narrower by the
// scrollbar), and what follows the figures (the references) counts.
TEST(PageLayout, ScrollbarDecidedFromTheLastItem) {
    PageLayoutInput in;
    in.window = ImVec2(1280, 720);
    in.font = 16;
    in.line_height = 16;
    in.frame_height = 22;
    in.window_padding = ImVec2(14, 10);
    in.item_spacing = ImVec2(8, 7);
    in.scrollbar_size = 14;
    in.embed = true;
    in.controls = false;
    in.title_height = [](float) { return 28.0f; };
    ViewSizes short_view;
    short_view.height_at_width = [](float) { return 200.0f; };
    short_view.figure_bottom = [](float top, float, float, bool) { return top + 200.0f; };
    in.views = {short_view};
    const PageLayout fits = layout_page(in);
    EXPECT_FALSE(fits.scrollbar);
    EXPECT_FLOAT_EQ(fits.content_w, fits.frame.content.width());
    in.after_height = [](float) { return 1000.0f; };
    const PageLayout scrolls = layout_page(in);
    EXPECT_TRUE(scrolls.scrollbar);
    EXPECT_FLOAT_EQ(scrolls.content_w, scrolls.frame.content.width() - 14.0f);
    EXPECT_FLOAT_EQ(scrolls.figures.figures[0].width, scrolls.content_w);
}

// Short of space the text collapses to its first sentence; shorter still, the equations follow the figures.
TEST(StepTextLayout, CollapsesThenMovesEquationsBelow) {
    StepTextInput in;
    in.width = 900;
    in.font = 16;
    in.line_height_with_spacing = 23;
    in.item_spacing_y = 7;
    in.display = ImVec2(1280, 720);
    in.has_views = true;
    in.body_collapsible = true;
    in.whole_text_lines = [](float) { return 6; };
    in.equations = {[](float px) { return ImVec2(px * 10.0f, px * 3.0f); }};
    in.room = 2000;
    StepTextLayout roomy = layout_step_text(in);
    EXPECT_FALSE(roomy.collapsible);
    EXPECT_FALSE(roomy.equations_below);
    EXPECT_FLOAT_EQ(roomy.prose_width, 16.0f * 52.0f);
    in.room = 560;  // needed: √(0.21 × 1280 × 720) + 9 × 16 ≈ 584
    StepTextLayout tight = layout_step_text(in);
    EXPECT_TRUE(tight.collapsible);
    EXPECT_TRUE(tight.equations_below);
    EXPECT_FLOAT_EQ(tight.equation_px, 16.0f);
    EXPECT_FLOAT_EQ(tight.prose_width, 900.0f);  // a collapsed first sentence takes the whole width
}

// Equations wrap to a new row only between equations, and one wider than the width is typeset smaller.
TEST(EquationsLayout, RowsAndFitting) {
    const std::vector<EquationExtent> eqs = {[](float px) { return ImVec2(px * 20.0f, px * 2.0f); },
                                             [](float px) { return ImVec2(px * 20.0f, px * 3.0f); }};
    const EquationsLayout two_rows = layout_equations(eqs, ImVec2(5, 50), 500, 20, 7);
    ASSERT_EQ(two_rows.boxes.size(), 2u);
    EXPECT_FLOAT_EQ(two_rows.boxes[1].min.x, 5.0f);
    EXPECT_FLOAT_EQ(two_rows.boxes[1].min.y, 50.0f + 40.0f + 6.0f);
    EXPECT_FLOAT_EQ(two_rows.height, 40.0f + 6.0f + 60.0f);
    EXPECT_FLOAT_EQ(two_rows.rows_height, two_rows.height + 7.0f);
    const EquationsLayout fitted = layout_equations({eqs[0]}, ImVec2(0, 0), 200, 20, 7);
    EXPECT_FLOAT_EQ(fitted.px[0], 10.0f);  // 400 wide at 20 px: halved to fit 200
}

// The side column only on wide screens, the rail only outside embeds, the bottom bar in two rows on a narrow
// screen whose step plays.
TEST(FrameLayout, SideColumnRailAndBottomBar) {
    FrameLayoutInput in;
    in.region_min = ImVec2(14, 50);
    in.region_avail = ImVec2(1252, 660);
    in.font = 16;
    in.frame_height = 26;
    in.item_spacing = ImVec2(8, 7);
    in.side_content = true;
    in.steps = 8;
    FrameLayout wide = layout_frame(in);
    EXPECT_TRUE(wide.rail);
    EXPECT_TRUE(wide.side);
    EXPECT_FALSE(layout_test_overlap(wide.content, wide.side_rect));
    EXPECT_FALSE(layout_test_overlap(wide.rail_rect, wide.content));
    EXPECT_FLOAT_EQ(wide.body_h, 660.0f - 7.0f - 32.0f);
    in.region_avail.x = 600;
    in.embed = true;
    in.has_timeline = true;
    FrameLayout narrow = layout_frame(in);
    EXPECT_FALSE(narrow.rail);
    EXPECT_FALSE(narrow.side);
    EXPECT_TRUE(narrow.nav_two_rows);
    EXPECT_FLOAT_EQ(narrow.content.width(), 600.0f);
}

}  // namespace

// A wrapped line is never wider than its wrap width as ImGui measures the item it draws (CalcTextSize rounds the
// advances' sum up, so a sum a rounding error above a whole number is a pixel wider): a figure's notes with
// measured numbers in them (the cost lesson's growth ratios) once made its rectangle a pixel wider than the page.
TEST(TextWrap, LinesFitTheirWidthAsDrawn) {
    LayoutTestImGui::get().use_scale(1.0f);
    const char* names[] = {"嵌入", "完整偏置", "逐偏移", "T5", "ALiBi", "RoPE 缓存", "即时 RoPE"};
    unsigned state = 1;
    auto next = [&state]() {
        state = state * 1103515245u + 12345u;
        return int((state >> 8) & 0xFFFF);
    };
    int checked = 0;
    for (int trial = 0; trial < 3000; ++trial) {
        std::string text = "从 N = 64 到 N = 512（8 倍），实测时间变为：";
        for (int i = 0; i < 7; ++i) {
            char number[32];
            std::snprintf(number, sizeof number, "%.3g", 1.0 + next() % 100000 / 100.0);
            text += std::string(i ? "，" : "") + names[i] + " " + number + " 倍";
        }
        for (float width : {895.0f, 640.0f, 431.0f}) {
            for (const auto& line : wrap_lines(text, width)) {
                ASSERT_LE(ImGui::CalcTextSize(line.first, line.second).x, width) << std::string(line.first, line.second);
                ++checked;
            }
            ASSERT_LE(text_wrapped_width(text, width), width) << text;
        }
    }
    EXPECT_GT(checked, 9000);
}
