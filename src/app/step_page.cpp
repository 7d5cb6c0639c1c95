// PE Lab — app/step_page.cpp
// The step, figure first: its title, its text (collapsed to the first sentence when space is short) with glossary
// links, its equations, its figures sized so the primary one is entirely on screen, then (without a side column)
// its parameters and questions, and the references on the last step. Where each part goes is decided by
// app/layout.h from sizes measured here (layout_step_text, layout_equations, layout_figures); this file draws there.
//
// Index of this file:
// [SECTION] figures
// [SECTION] prose and glossary links
// [SECTION] equations
// [SECTION] questions
// [SECTION] references
// [SECTION] the plan
// [SECTION] the step
#include "app/app.h"
#include "app/app_internal.h"
#include "app/layout.h"

#include <algorithm>
#include <cctype>

#include "core/io/text.h"
#include "imgui.h"
#include "imgui_internal.h"  // GetCurrentWindow()->WindowPadding: the padding this child really has
#include "lessons/bibliography.h"
#include "lessons/questions.h"
#include "views/equation.h"

namespace pelab {

// [SECTION] figures ---------------------------------------------------------------------------------------

// Whether a covered step's questions are drawn in its first cover box: when the page has no side column (a
// narrow window, an embed, controls=0) they would otherwise sit below the figures, off the first screen or not
// drawn at all, and the box would ask for an answer to a question the learner cannot see.
static bool questions_in_cover(const App& app) {
    return app_step_covered(app) && !app.drawn.planned.frame.side && !current_step(app).questions.empty();
}

// A figure covered by a prediction not yet answered: a box where the figure and its notes would be (the same
// rectangle the layout gives it, figure_rect), saying why, with the Reveal button on the first one, and there
// the step's questions when they have no side column (questions_in_cover; in a scrolling child window, so a
// small box keeps every choice in reach). Nothing of the figure is drawn, so no number, hover text or note
// gives the answer away.
static LayoutRect draw_covered_view(App* app, size_t i, const ViewSizes& sizes, const PlacedFigure& at) {
    const LayoutRect r = figure_rect(sizes, at);
    ImDrawList* list = ImGui::GetWindowDrawList();
    const ImGuiStyle& st = ImGui::GetStyle();
    list->AddRectFilled(r.min, r.max, ImGui::GetColorU32(ImGuiCol_FrameBg), st.FrameRounding);
    list->AddRect(r.min, r.max, ImGui::GetColorU32(ImGuiCol_Border), st.FrameRounding);
    const float pad = ImGui::GetFontSize() * 0.8f;
    ImGui::SetCursorScreenPos(ImVec2(r.min.x + pad, r.min.y + pad));
    if (i == 0) {
        ImGui::PushClipRect(r.min, r.max, true);
        const std::string words = ui_say(app->state.lang, UiText::PredictFirst);
        // Each line and the button start inside the box (a new line would start at the window's edge).
        for (const auto& line : wrap_lines(words, std::max(ImGui::GetFontSize() * 8.0f, r.width() - 2.0f * pad))) {
            ImGui::SetCursorScreenPos(ImVec2(r.min.x + pad, ImGui::GetCursorScreenPos().y));
            ImGui::TextUnformatted(line.first, line.second);
        }
        ImGui::SetCursorScreenPos(ImVec2(r.min.x + pad, ImGui::GetCursorScreenPos().y));
        const ImVec2 room(r.width() - 2.0f * pad, r.max.y - pad - ImGui::GetCursorScreenPos().y);
        if (questions_in_cover(*app) && room.x > 0.0f && room.y > 0.0f) {
            // The question first, then the way to skip it (a learner reads what to predict before "Reveal").
            ImGui::PushStyleColor(ImGuiCol_ChildBg, IM_COL32(0, 0, 0, 0));
            ImGui::BeginChild("##cover_questions", room, false);
            draw_questions(app, ImGui::GetContentRegionAvail().x);
            if (ImGui::Button(ui_say(app->state.lang, UiText::Reveal).c_str())) app_reveal(app);
            ImGui::EndChild();
            ImGui::PopStyleColor();
        } else if (ImGui::Button(ui_say(app->state.lang, UiText::Reveal).c_str())) {
            app_reveal(app);
        }
        ImGui::PopClipRect();
    }
    DrawnView d;
    d.kind = app->views.list[i].kind();
    d.title = app->views.list[i].title;
    d.plot_min = r.min;
    d.plot_max = r.max;
    d.covered = true;
    app->drawn.views.push_back(d);
    ImGui::SetCursorScreenPos(r.min);
    ImGui::Dummy(ImVec2(r.width(), r.height()));
    app->drawn.figure_rects.push_back({r.min, r.max});
    return r;
}

// One figure at the cursor, `width` wide, at most `max_height` tall (title and figure).
static void draw_one_view(App* app, MatrixPainter* painter, KeyValues* edits, size_t i, float width, float max_height) {
    ImGui::PushID(int(i));
    ImGui::BeginGroup();
    ViewContext ctx;
    ctx.painter = painter;
    ctx.lang = app->state.lang;
    ctx.data_version = app->views.version;
    ctx.slot = int(i);
    ctx.interaction = &app->interaction;
    ctx.drawn = &app->drawn.views;
    ctx.edits = edits;
    ctx.max_height = max_height;
    ctx.primary = i == 0;
    bool wants_frame = false;
    ctx.wants_frame = &wants_frame;
    draw_view(app->views.list[i], ctx, width);
    // 2: the platform counts this frame off after drawing it, so 2 leaves one frame more.
    if (wants_frame) app->redraw.frames = std::max(app->redraw.frames, 2);
    ImGui::EndGroup();
    app->drawn.figure_rects.push_back({ImGui::GetItemRectMin(), ImGui::GetItemRectMax()});
    ImGui::PopID();
}

ViewSizes view_sizes_of(const ViewData& view, Lang lang) {
    ViewSizes sizes;
    sizes.height_at_width = [&view](float width) { return view_preferred_height(view, width); };
    sizes.width_at_height = [&view](float max_height) { return view_width_for_height(view, max_height); };
    sizes.plot_area = [&view, lang](float width, float max_height) { return view_plot_area(view, width, max_height, lang); };
    sizes.min_width = view_min_width(view);
    sizes.keeps_rows = view.kind() == ViewKind::Table;
    sizes.figure_bottom = [&view, lang](float top, float width, float max_height, bool primary) {
        return view_figure_bottom(view, top, width, max_height, primary, lang);
    };
    sizes.notes_bottom = [&view](float y, float width) { return view_notes_bottom(view, y, width); };
    sizes.right = [&view](float left, float width) { return view_drawn_right(view, left, width); };
    return sizes;
}

// The step's figures where layout_figures puts them: the primary one (the first view) gets `room`, the height
// left on screen, and fills it; the others beside it or below it, each at most `screen` tall. Each is drawn
// as it is placed, since where the next one goes depends on what this one took.
static void draw_views(App* app, MatrixPainter* painter, float room, float screen) {
    if (app->views.list.empty()) return;
    KeyValues edits;
    FigureLayoutInput in;
    in.start = ImGui::GetCursorScreenPos();
    in.avail = ImGui::GetContentRegionAvail().x;
    in.room = room;
    in.screen = screen;
    in.font = ImGui::GetFontSize();
    in.display = ImGui::GetIO().DisplaySize;
    // The step's window as it is unscrolled, in this frame's screen coordinates.
    const float top = ImGui::GetWindowPos().y - ImGui::GetScrollY();
    in.first_screen = {ImVec2(in.start.x, top), ImVec2(in.start.x + in.avail, top + screen)};
    for (const ViewData& view : app->views.list) in.views.push_back(view_sizes_of(view, app->state.lang));
    std::vector<std::pair<size_t, size_t>> reported(app->views.list.size());  // each view's entries in app->drawn.views
    const bool covered = app_step_covered(*app);
    const FigureLayout placed = layout_figures(in, [&](size_t i, const PlacedFigure& at) {
        if (i > 0) ImGui::SetCursorScreenPos(at.at);  // the primary figure starts at the cursor
        reported[i].first = app->drawn.views.size();
        if (covered) {
            const LayoutRect r = draw_covered_view(app, i, in.views[i], at);
            reported[i].second = app->drawn.views.size();
            return r;
        }
        draw_one_view(app, painter, &edits, i, at.width, at.max_height);
        reported[i].second = app->drawn.views.size();
        return LayoutRect{ImGui::GetItemRectMin(), ImGui::GetItemRectMax()};
    });
    for (size_t i = 0; i < reported.size(); ++i)
        for (size_t k = reported[i].first; k < reported[i].second; ++k) app->drawn.views[k].visible = placed.figures[i].on_first_screen;
    app->drawn.view_of.resize(app->drawn.views.size());
    for (size_t i = 0; i < reported.size(); ++i)
        for (size_t k = reported[i].first; k < reported[i].second; ++k) app->drawn.view_of[k] = i;
    ImGui::SetCursorScreenPos(ImVec2(in.start.x, placed.end_y));
    ImGui::Dummy(ImVec2(in.avail, 1));
    // Applied after drawing: the views of this frame were computed from the state they were drawn with.
    if (!edits.empty()) app_apply(app, edits);
}

// [SECTION] prose and glossary links ----------------------------------------------------------------------

// Where the first sentence of `text` ends: after "。！？", or after ". ! ?" followed by a space and then a capital,
// a symbol or a lowercase word (a sentence may begin with a name such as "mid" or "tensor2tensor"), except after
// an abbreviation: a word holding a dot ("i.e.", "e.g.") or one of "al", "vs", "cf", "etc", "approx", "resp".
// "3.5" (no space) never ends one. The text's length when it is one sentence.
static bool ends_with_abbreviation(const std::string& text, size_t dot) {
    size_t start = dot;
    while (start > 0 && !std::isspace(static_cast<unsigned char>(text[start - 1])) && text[start - 1] != '(') --start;
    const std::string word = text.substr(start, dot - start);
    if (word.find('.') != std::string::npos) return true;
    for (const char* abbreviation : {"al", "vs", "cf", "etc", "approx", "resp"})
        if (word == abbreviation) return true;
    return false;
}

size_t prose_first_sentence_end(const std::string& text) {
    for (size_t i = 0; i < text.size(); ++i) {
        if (text.compare(i, 3, "。") == 0 || text.compare(i, 3, "！") == 0 || text.compare(i, 3, "？") == 0) {
            return i + 3 < text.size() ? i + 3 : text.size();
        }
        const char c = text[i];
        if ((c == '.' || c == '!' || c == '?') && i + 2 < text.size() && text[i + 1] == ' ') {
            const unsigned char next = static_cast<unsigned char>(text[i + 2]);
            if (std::isupper(next) || next >= 0x80) return i + 1;
            if (std::islower(next) && !(c == '.' && ends_with_abbreviation(text, i))) return i + 1;
        }
    }
    return text.size();
}

// A link's tooltip: its first line (a glossary entry's name, or where a lesson link goes), then, when given, a rule
// and the rest (the entry's meaning), wrapped at 28 font sizes.
static void link_tooltip(const std::string& first, const std::string& rest) {
    ImGui::BeginTooltip();
    ImGui::PushTextWrapPos(ImGui::GetFontSize() * 28.0f);
    ImGui::TextUnformatted(first.c_str());
    if (!rest.empty()) {
        ImGui::Separator();
        ImGui::TextUnformatted(rest.c_str());
    }
    ImGui::PopTextWrapPos();
    ImGui::EndTooltip();
}

// One wrapped line of prose, [begin, end) of `text`, with the parts inside glossary links drawn as links: the
// link colour, an underline, and the entry's name and meaning on hover (a tap on a touch screen hovers too).
static void draw_prose_line(App* app, const std::string& text, const char* begin, const char* end,
                            const std::vector<LinkSpan>& links) {
    const size_t from = size_t(begin - text.data()), to = size_t(end - text.data());
    size_t at = from;
    auto plain = [&](size_t a, size_t b) {  // the line's first item is always drawn, even empty
        if (b <= a && a != from) return;
        if (a > from) ImGui::SameLine(0.0f, 0.0f);
        ImGui::TextUnformatted(text.data() + a, text.data() + b);
    };
    for (const LinkSpan& link : links) {
        const size_t a = std::max(link.begin, from), b = std::min(link.end, to);
        if (b <= a || a < at) continue;
        plain(at, a);
        ImGui::SameLine(0.0f, 0.0f);
        ImGui::PushStyleColor(ImGuiCol_Text, ImGui::GetStyleColorVec4(ImGuiCol_ButtonActive));
        ImGui::TextUnformatted(text.data() + a, text.data() + b);
        ImGui::PopStyleColor();
        const ImVec2 lo = ImGui::GetItemRectMin(), hi = ImGui::GetItemRectMax();
        app->drawn.links.push_back({link.term, std::string(text.data() + a, text.data() + b), lo, hi});
        ImGui::GetWindowDrawList()->AddLine(ImVec2(lo.x, hi.y - 1.0f), ImVec2(hi.x, hi.y - 1.0f),
                                            ImGui::GetColorU32(ImGuiCol_ButtonActive, 0.6f));
        const Lang lang = app->state.lang;
        int step = 1;
        if (const Lesson* lesson = linked_lesson(link.term, &step)) {
            // A link to another lesson: a click opens it there (next frame), the tooltip says where it goes.
            if (ImGui::IsItemHovered()) {
                ImGui::SetMouseCursor(ImGuiMouseCursor_Hand);
                const std::string title = say(lang, lesson->title);
                link_tooltip(link.term.find('/') == std::string::npos
                                 ? ui_say(lang, UiText::OpensLesson, {{"lesson", title}})
                                 : ui_say(lang, UiText::OpensLessonStep,
                                          {{"lesson", title}, {"step", std::to_string(step)},
                                           {"title", say(lang, lesson->steps[size_t(step - 1)].title)}}),
                             "");
            }
            if (ImGui::IsItemClicked()) {
                app->reading.follow = {{"lesson", lesson->id}, {"step", step_id_at(*lesson, step)}};
                app->redraw.frames = std::max(app->redraw.frames, 2);
            }
        } else if (ImGui::IsItemHovered()) {
            if (const GlossaryEntry* entry = find_term(link.term)) link_tooltip(say(lang, entry->name), say(lang, entry->meaning));
        }
        at = b;
    }
    if (at < to || at == from) plain(at, to);
}

static void draw_more_button(App* app, bool collapsed);

// The step's text: whole, or (short of space) behind a "more" button; "less" closes it again.
// Glossary links (`links`, byte ranges of `body`) are drawn as links.
static void draw_prose(App* app, const std::string& body, const std::vector<LinkSpan>& links, float width,
                       bool collapsible) {
    const Lang lang = app->state.lang;
    const bool collapsed = collapsible && !app->reading.prose_open;
    // Collapsed: the "more" button only, drawn after the takeaway where it fits on its last line (draw_takeaway).
    if (collapsed && app->drawn.planned.more_after_takeaway) return;
    const std::string shown = collapsed ? std::string() : body;
    const std::string label = ui_say(lang, collapsed ? UiText::More : UiText::Less);
    const float button_w = ImGui::CalcTextSize(label.c_str()).x + ImGui::GetStyle().FramePadding.x * 2 + ImGui::GetStyle().ItemSpacing.x;
    // The button ends the last line: the text is wrapped short of the button's width so that it always fits.
    const auto lines = wrap_lines(shown, collapsible ? std::max(width * 0.5f, width - button_w) : width);
    for (const auto& line : lines) draw_prose_line(app, shown, line.first, line.second, links);
    if (!collapsible) return;
    if (!lines.empty()) ImGui::SameLine();
    draw_more_button(app, collapsed);
}

// [SECTION] equations -------------------------------------------------------------------------------------

// An equation covered by a prediction not yet answered: an empty box of its size (the step's formula often is the
// answer: the layout stays as it will be, and nothing of the formula shows until the learner answers or reveals).
static void draw_covered_equation(ImDrawList* dl, ImVec2 min, ImVec2 max) {
    const ImGuiStyle& st = ImGui::GetStyle();
    dl->AddRectFilled(min, max, ImGui::GetColorU32(ImGuiCol_FrameBg), st.FrameRounding);
    dl->AddRect(min, max, ImGui::GetColorU32(ImGuiCol_Border), st.FrameRounding);
    const char* mark = "?";
    const ImVec2 size = ImGui::CalcTextSize(mark);
    dl->AddText(ImVec2((min.x + max.x - size.x) * 0.5f, (min.y + max.y - size.y) * 0.5f),
                ImGui::GetColorU32(ImGuiCol_TextDisabled), mark);
}

// Draws one of the step's equations at its box, or covers it (above), and records it for the layout JSON (a
// covered one without its TeX).
static void draw_step_equation(App* app, ImDrawList* dl, const std::string& tex, ImVec2 min, ImVec2 max, float px) {
    if (app_step_covered(*app)) {
        draw_covered_equation(dl, min, max);
        app->drawn.equations.push_back({std::string(), min, max, true});
        return;
    }
    draw_equation(dl, tex, min, px, ImGui::GetColorU32(ImGuiCol_Text));
    app->drawn.equations.push_back({tex, min, max, false});
}

// Each of the step's equations as the layout sizes it: its typeset box at a size (views/equation.h).
static std::vector<EquationExtent> equation_extents(const Step& step, Lang lang) {
    std::vector<EquationExtent> out;
    for (const StepEquation& equation : step.equations) {
        const std::string tex = equation.get(lang);
        out.push_back([tex](float px) { return equation_extent(tex, px); });
    }
    return out;
}

// The step's key equations, typeset (views/equation.h), side by side while they fit (layout_equations); each is
// recorded for the layout JSON.
static void draw_equations(App* app, const Step& step, const std::vector<EquationExtent>& extents, float width, float px) {
    if (step.equations.empty()) return;
    ImDrawList* dl = ImGui::GetWindowDrawList();
    const EquationsLayout placed = layout_equations(extents, ImGui::GetCursorScreenPos(), width, px, ImGui::GetStyle().ItemSpacing.y);
    for (size_t i = 0; i < step.equations.size(); ++i) {
        const LayoutRect& box = placed.boxes[i];
        draw_step_equation(app, dl, step.equations[i].get(app->state.lang), box.min, box.max, placed.px[i]);
    }
    ImGui::Dummy(ImVec2(width, placed.height));
}

// The equations where the plan put them on the title's row (PageLayout::equations_beside_title): at the same
// offsets from the title as planned, then one Dummy for what they reach below the title.
static void draw_equations_beside_title(App* app, const Step& step, ImVec2 title_at) {
    const PageLayout& page = app->drawn.planned;
    ImDrawList* dl = ImGui::GetWindowDrawList();
    const ImVec2 shift(title_at.x - page.title.min.x, title_at.y - page.title.min.y);
    for (size_t i = 0; i < step.equations.size() && i < page.equations.boxes.size(); ++i) {
        const LayoutRect& box = page.equations.boxes[i];
        const ImVec2 at(box.min.x + shift.x, box.min.y + shift.y), to(box.max.x + shift.x, box.max.y + shift.y);
        draw_step_equation(app, dl, step.equations[i].get(app->state.lang), at, to, page.equations.px[i]);
    }
    const float bottom = title_at.y + page.equations.height, y = ImGui::GetCursorScreenPos().y;
    if (bottom > y) ImGui::Dummy(ImVec2(1.0f, bottom - y));
}

// [SECTION] questions -------------------------------------------------------------------------------------

// Predict, then reveal: each question of the step, its choices as buttons; once one is picked (kept in App
// state, not in the URL) the verdict and the explanation, computed from the current parameters.
void draw_questions(App* app, float width) {
    const Lang lang = app->state.lang;
    const std::string id = app->state.lesson->id;
    const std::vector<Question>& questions = current_step(*app).questions;
    if (questions.empty()) return;
    const ImGuiStyle& st = ImGui::GetStyle();
    ImGui::Spacing();
    for (size_t qi = 0; qi < questions.size(); ++qi) {
        const Question& q = questions[qi];
        // A heading where the kind changes: predictions (asked before the evidence) or checks (asked after it).
        if (qi == 0 || questions[qi - 1].predict != q.predict)
            ImGui::TextDisabled("%s", ui_say(lang, q.predict ? UiText::Predict : UiText::Check).c_str());
        const std::string key = id + "/" + std::to_string(app->state.step) + "/" + std::to_string(qi);
        const auto it = app->reading.answers.find(key);
        const int picked = it == app->reading.answers.end() ? -1 : it->second;
        ImGui::PushID(int(qi));
        DrawnQuestion drawn;
        drawn.prompt = say(lang, q.prompt);
        drawn.predict = q.predict;
        drawn.picked = picked;
        text_wrapped(drawn.prompt, width);
        float used = 0;
        for (size_t c = 0; c < q.choices.size(); ++c) {
            // A choice wider than the column wraps inside its button (an ImGui label may hold line breaks).
            std::string label = say(lang, q.choices[c]);
            if (ImGui::CalcTextSize(label.c_str()).x + st.FramePadding.x * 2 > width) {
                std::string wrapped;
                for (const auto& line : wrap_lines(label, std::max(width * 0.5f, width - st.FramePadding.x * 2)))
                    wrapped += (wrapped.empty() ? "" : "\n") + std::string(line.first, line.second);
                label = wrapped;
            }
            const float w = ImGui::CalcTextSize(label.c_str()).x + st.FramePadding.x * 2;
            if (c > 0 && used + w <= width) ImGui::SameLine();
            else used = 0;
            used += w + st.ItemSpacing.x;
            // After the choice: the right answer green, a wrong pick red.
            const bool right = int(c) == q.answer;
            const int colours = picked >= 0 && (right || int(c) == picked) ? 1 : 0;
            if (colours) ImGui::PushStyleColor(ImGuiCol_Button, right ? IM_COL32(120, 200, 120, 255) : IM_COL32(235, 130, 120, 255));
            ImGui::PushID(int(c));
            if (ImGui::Button(label.c_str())) {
                app->reading.answers[key] = int(c);
                app->reading.reveal = key;
                app->redraw.frames = std::max(app->redraw.frames, 2);
            }
            drawn.choices.push_back(say(lang, q.choices[c]));
            drawn.buttons.push_back({ImGui::GetItemRectMin(), ImGui::GetItemRectMax()});
            ImGui::PopID();
            if (colours) ImGui::PopStyleColor();
        }
        if (picked >= 0 && picked < int(q.choices.size())) {
            const bool right = picked == q.answer;
            const std::string answer = q.answer >= 0 && q.answer < int(q.choices.size()) ? say(lang, q.choices[size_t(q.answer)]) : "";
            drawn.verdict = right ? ui_say(lang, UiText::Right) : ui_say(lang, UiText::NotQuite, {{"answer", answer}});
            text_wrapped(drawn.verdict, width);
            if (q.explain) {
                drawn.explanation = q.explain(app->state.params, lang);
                text_wrapped(drawn.explanation, width);
            }
            // Just answered, and what it revealed runs below the window: scroll it into view (next frame).
            if (app->reading.reveal == key) {
                app->reading.reveal.clear();
                if (ImGui::GetCursorScreenPos().y > ImGui::GetWindowPos().y + ImGui::GetWindowHeight()) {
                    ImGui::SetScrollHereY(1.0f);
                    app->redraw.frames = std::max(app->redraw.frames, 2);
                }
            }
        }
        app->drawn.questions.push_back(std::move(drawn));
        ImGui::PopID();
        ImGui::Spacing();
    }
}

// [SECTION] references ------------------------------------------------------------------------------------

// What draw_references below takes `width` wide (its argument), as the cursor moves: the heading, then each
// source's lines after its bullet and its code's lines (0 on a step without references).
float references_height(const Lesson& lesson, int step, Lang lang, float width) {
    if (step != int(lesson.steps.size())) return 0.0f;
    const std::vector<Reference> refs = references_for(lesson.references);
    if (refs.empty()) return 0.0f;
    const float font = ImGui::GetFontSize(), line = ImGui::GetTextLineHeight();
    const float spacing = ImGui::GetStyle().ItemSpacing.y;
    auto after = [spacing](float y, float h) { return float(int(y + h + spacing)); };  // ImGui::ItemSize
    float y = after(after(0.0f, 0.0f), line);  // Spacing, the heading
    // The bullet shares its line with the text (SameLine), which starts a font size and the spacing right of it.
    const float text_x = font + ImGui::GetStyle().ItemSpacing.x;
    for (const Reference& r : refs) {
        std::string text = r.authors + " (" + std::to_string(r.year) + "). " + r.title;
        if (!r.where.empty()) text += ". " + r.where;
        for (size_t i = 0, n = wrap_lines(text, width - text_x).size(); i < n; ++i) y = after(y, line);
        if (!r.code.empty()) {
            const std::string code = ui_say(lang, UiText::ReferenceCode, {{"code", r.code}});
            for (size_t i = 0, n = wrap_lines(code, width - font * 1.2f).size(); i < n; ++i) y = after(y, line);
        }
    }
    return y;
}

// The last step ends with the lesson's sources and the reference code its numbers match.
static void draw_references(App* app, float width) {
    if (app->state.step != int(app->state.lesson->steps.size())) return;
    const std::vector<Reference> refs = references_for(app->state.lesson->references);
    if (refs.empty()) return;
    const Lang lang = app->state.lang;
    ImGui::Spacing();
    ImGui::TextDisabled("%s", ui_say(lang, UiText::References).c_str());
    for (const Reference& r : refs) {
        std::string line = r.authors + " (" + std::to_string(r.year) + "). " + r.title;
        if (!r.where.empty()) line += ". " + r.where;
        ImGui::Bullet();
        ImGui::SameLine();
        text_wrapped(line, width - ImGui::GetCursorPosX());
        if (!r.code.empty()) {
            ImGui::Indent(ImGui::GetFontSize() * 1.2f);
            ImGui::PushStyleColor(ImGuiCol_Text, ImGui::GetStyleColorVec4(ImGuiCol_TextDisabled));
            text_wrapped(ui_say(lang, UiText::ReferenceCode, {{"code", r.code}}), width - ImGui::GetFontSize() * 1.2f);
            ImGui::PopStyleColor();
            ImGui::Unindent(ImGui::GetFontSize() * 1.2f);
        }
    }
}

// [SECTION] the plan --------------------------------------------------------------------------------

// The words under the title: the step's takeaway at the current parameters, or, while a prediction covers the
// figures, the words saying it shows after the answer.
static std::string shown_takeaway(const App& app) {
    if (app_step_covered(app)) return ui_say(app.state.lang, UiText::PredictFirstTakeaway);
    return app.views.takeaway;  // computed with the views (recompute_views_if_needed), not every frame
}

// The button that opens the collapsed text ("more") or closes it ("less"), drawn as a link.
static void draw_more_button(App* app, bool collapsed) {
    ImGui::PushStyleColor(ImGuiCol_Button, IM_COL32(0, 0, 0, 0));
    ImGui::PushStyleColor(ImGuiCol_Text, ImGui::GetStyleColorVec4(ImGuiCol_ButtonActive));
    if (ImGui::SmallButton(ui_say(app->state.lang, collapsed ? UiText::More : UiText::Less).c_str())) {
        app->reading.prose_open = !app->reading.prose_open;
        app->redraw.frames = std::max(app->redraw.frames, 2);
    }
    ImGui::PopStyleColor(2);
}

// The takeaway, whole, at the prose's measure on a tinted band (the step's point, set apart from the detail); a
// collapsed text's "more" button ends its last line where the layout found room for it.
static void draw_takeaway(App* app, const std::string& text, float width) {
    app->drawn.takeaway = text;
    app->drawn.has_takeaway = !text.empty();
    app->drawn.covered = app_step_covered(*app);
    if (text.empty()) return;
    ImDrawList* list = ImGui::GetWindowDrawList();
    list->ChannelsSplit(2);
    list->ChannelsSetCurrent(1);
    const ImVec2 top = ImGui::GetCursorScreenPos();
    text_wrapped(text, width);
    const ImVec2 bottom(top.x + width, ImGui::GetItemRectMax().y);
    list->ChannelsSetCurrent(0);
    const float pad = ImGui::GetFontSize() * 0.2f;
    list->AddRectFilled(ImVec2(top.x - pad, top.y - pad * 0.5f), ImVec2(bottom.x + pad, bottom.y + pad * 0.5f),
                        ImGui::GetColorU32(ImGuiCol_FrameBg), ImGui::GetStyle().FrameRounding);
    list->ChannelsMerge();
    app->drawn.takeaway_rect = {top, bottom};
    const PageLayout& page = app->drawn.planned;
    if (page.text.collapsible && !app->reading.prose_open && page.more_after_takeaway) {
        ImGui::SameLine();
        draw_more_button(app, true);
    }
}

void plan_step(App* app, PageLayoutInput in, bool show_counter) {
    const Lang lang = app->state.lang;
    const Lesson& lesson = *app->state.lesson;
    const Step& step = current_step(*app);
    if (app->reading.lesson != &lesson || app->reading.step != app->state.step) {
        app->reading.prose_open = false;  // a new step starts with its text collapsed (where space is short)
        app->reading.lesson = &lesson;
        app->reading.step = app->state.step;
    }
    recompute_views_if_needed(app);
    const ImGuiStyle& st = ImGui::GetStyle();
    in.counter_above_title = show_counter;
    in.notices_h = notices_height(*app);
    const std::string title = say(lang, step.title);
    ImFont* title_font = app->screen.font_title;
    // Each line of the title is an item: its height and the spacing, cut to whole units (the title starts at one).
    in.title_one_line_width = [&title, title_font](float width) { return title_one_line_width(title, title_font, width); };
    in.title_height = [&title, title_font, &st](float width) {
        ImGui::PushFont(title_font);
        const float h = float(wrap_lines(title, width).size()) * float(int(ImGui::GetTextLineHeight() + st.ItemSpacing.y));
        ImGui::PopFont();
        return h;
    };
    const std::string takeaway = shown_takeaway(*app);
    in.takeaway_lines = [&takeaway](float wrap_width) { return takeaway.empty() ? 0 : int(wrap_lines(takeaway, wrap_width).size()); };
    in.takeaway_last_line_w = [&takeaway](float wrap_width) { return last_line_width(takeaway, wrap_width); };
    std::vector<LinkSpan> links;
    const std::string body = say_linked(lang, step.body, &links, step_body_args(step, lang));
    in.body_collapsible = !body.empty();  // collapsed, the text is only a "more" button under its takeaway
    in.prose_open = app->reading.prose_open;
    in.prose_lines = [&body](bool first_sentence_only, float wrap_width) {
        const std::string shown = first_sentence_only ? body.substr(0, prose_first_sentence_end(body)) : body;
        return int(wrap_lines(shown, wrap_width).size());
    };
    in.more_button_w = ImGui::CalcTextSize(ui_say(lang, UiText::More).c_str()).x + st.FramePadding.x * 2 + st.ItemSpacing.x;
    in.equations = equation_extents(step, lang);
    for (const ViewData& view : app->views.list) in.views.push_back(view_sizes_of(view, lang));
    const int step_no = app->state.step;
    in.after_height = [&lesson, step_no, lang, font = in.font](float width) {
        return references_height(lesson, step_no, lang, std::min(width, font * 52.0f));
    };
    const MeasuredBelow& below = app->below;
    const bool measured = below.lesson == &lesson && below.step == step_no && below.lang == lang &&
                          below.window.x == in.window.x && below.window.y == in.window.y;
    in.below_h = measured ? below.height : -1.0f;
    app->drawn.planned = layout_page(in);
    app->drawn.has_planned = true;
}

// [SECTION] the step --------------------------------------------------------------------------------------

// The step, figure first: title, text, equations, the figures in the room left on screen; then, when there
// is no side column, the parameters and questions; the references on the last step.
void draw_step(App* app, MatrixPainter* painter, bool side_column, bool show_counter) {
    const Lang lang = app->state.lang;
    const Step& step = current_step(*app);
    const float font = ImGui::GetFontSize();
    const float width = ImGui::GetContentRegionAvail().x;
    // The content region's own bottom padding (none in this borderless child) is all that is not room.
    const float screen = ImGui::GetWindowHeight() - ImGui::GetCurrentWindow()->WindowPadding.y;
    draw_notices(app);
    if (show_counter) ImGui::TextDisabled("%s", step_counter(app).c_str());
    const ImVec2 title_at = ImGui::GetCursorScreenPos();
    ImGui::PushFont(app->screen.font_title);
    text_wrapped(say(lang, step.title), width);
    ImGui::PopFont();
    const bool beside = app->drawn.planned.equations_beside_title;
    if (beside) draw_equations_beside_title(app, step, title_at);
    draw_takeaway(app, shown_takeaway(*app), std::min(width, font * 52.0f));
    std::vector<LinkSpan> links;
    const std::string body = say_linked(lang, step.body, &links, step_body_args(step, lang));
    // Whole or collapsed text, the equations' size and whether they follow the figures: as planned (plan_step).
    const StepTextLayout& text = app->drawn.planned.text;
    const std::vector<EquationExtent> extents = equation_extents(step, lang);
    draw_prose(app, body, links, text.prose_width, text.collapsible);
    if (!beside && !text.equations_below) draw_equations(app, step, extents, width, text.equation_px);
    // A little air under the primary figure: its colour bar's end label sits half a line below the cells.
    draw_views(app, painter, screen - ImGui::GetCursorPosY() - font * 0.6f, screen);
    if (!beside && text.equations_below) draw_equations(app, step, extents, width, text.equation_px);
    const bool below = !side_column && app->state.display.controls;
    const float below_top = ImGui::GetCursorPosY();
    if (below) {
        ImGui::Spacing();
        draw_parameters(app, std::max(1, int(width / (font * 21.0f))));
        if (!questions_in_cover(*app)) draw_questions(app, std::min(width, font * 40.0f));
    }
    draw_references(app, std::min(width, font * 52.0f));
    if (below) {
        // What the plan assumed for this part, against what it took: a change lays the page out again next frame.
        MeasuredBelow& m = app->below;
        const float height = ImGui::GetCursorPosY() - below_top;
        const float planned = m.lesson == app->state.lesson && m.step == app->state.step && m.lang == lang ? m.height : -1.0f;
        m = {app->state.lesson, app->state.step, lang, ImGui::GetMainViewport()->WorkSize, height};
        if (std::fabs(height - planned) > 0.5f) app->redraw.frames = std::max(app->redraw.frames, 1);
    }
}

}  // namespace pelab
