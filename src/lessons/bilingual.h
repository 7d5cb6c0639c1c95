// PE Lab — lessons/bilingual.h
// The one text mechanism of the widget: every sentence a learner reads (step prose, notes, hover text,
// view titles, parameter help, the app's chrome) is a Text — the whole sentence in Chinese and in English,
// each in its own word order — filled by one formatter, say(), from named placeholders:
//
//     say(lang, {"F 有 {cells} 个格子，却只有 {diagonals} 条对角线。",
//                "F has {cells} cells but only {diagonals} diagonals."},
//         {{"cells", integer(n * n)}, {"diagonals", integer(2 * n - 1)}});
//
// Markup inside a Text:
//   {name}            a placeholder: letters, digits and '_' between braces; filled by say()
//   $...$             inline TeX; braces inside it are TeX, not placeholders ("\$" is a literal dollar)
//   [[term]]          a link to the glossary entry `term` (which starts with a letter, so a matrix written
//                     [[0, −1], [1, 0]] stays plain text); [[term|shown words]] shows other words
//   [[lesson:ID]]     a link to another lesson (its title is shown), [[lesson:ID/STEP]] to one of its steps
//                     by step id, each with |shown words as above (lesson.h: linked_lesson)
// say() shows a TeX span as its source without the dollars and a glossary link as its words, so the markup
// never reaches the screen half-done; say_linked() also says where the links are (the app draws them as
// links that open their glossary entry).
//
// A placeholder that say() is not given, an argument that one language does not use, a malformed span
// (an unclosed $ or [[), a link to a term the glossary (lessons/questions.h: find_term) lacks, or a lesson link
// to no lesson or step is a text
// problem: say() still returns readable text (the placeholder stays
// visible as {name}) and records the problem, and the lesson tests fail on any recorded problem.
// Standard library only; no ImGui, GL or SDL.
//
// [SECTION] language and text
// [SECTION] the formatter
// [SECTION] checks
#pragma once
#include <cstddef>
#include <initializer_list>
#include <string>
#include <vector>

namespace pelab {

// [SECTION] language and text
enum class Lang { zh, en };

// A sentence or paragraph in both languages. Both must be filled: the app never shows half a translation.
struct Text {
    const char* zh = "";
    const char* en = "";
    const char* get(Lang l) const { return l == Lang::zh ? zh : en; }
};

// Which texts are in memory. Natively all are. The web page receives them in parts (scripts/language_texts.py
// moves them out of the wasm, web/widget.js writes them back): per language, the texts every screen may use (part
// "": the app's, titles, parameters, the glossary) and the texts of each lesson's steps (part: the lesson's id);
// until a part arrives its halves read as "". The app shows only a state whose texts are in memory
// (app/app_state.cpp), and the checks skip a language that is not.
bool texts_loaded(Lang lang, const std::string& part = "");
void set_texts_loaded(Lang lang, const std::string& part);
void set_texts_arrive_in_parts();  // the web page, before main() uses a text: nothing is in memory until it says
inline bool language_loaded(Lang lang) { return texts_loaded(lang); }

// [SECTION] the formatter
// One named value for a placeholder, already formatted for display (numbers through lesson_util's policy).
struct Arg {
    const char* name;
    std::string value;
};

// The text in `lang` with every {name} replaced by its argument and the markup shown as plain text.
// Both languages are checked against `args` on every call, whichever is shown.
std::string say(Lang lang, const Text& text, std::initializer_list<Arg> args = {});
std::string say(Lang lang, const Text& text, const std::vector<Arg>& args);

// Where one link's words sit in a text that say() returned: the bytes [begin, end), and its term (a glossary
// term, or "lesson:ID" / "lesson:ID/STEP" for a link to a lesson).
struct LinkSpan {
    std::size_t begin, end;
    std::string term;
};
// say(), and where its glossary links landed (appended to `links`), so that the app can draw them as links.
std::string say_linked(Lang lang, const Text& text, std::vector<LinkSpan>* links, const std::vector<Arg>& args = {});

// The same text with its markup kept (TeX spans with their dollars, glossary links as [[...]]), for the
// typesetting views and for `pelab-cli text`.
std::string say_marked(Lang lang, const Text& text, const std::vector<Arg>& args);

// [SECTION] checks
// The placeholder names of one language's text, in order of appearance (repeats included).
std::vector<std::string> placeholders(const char* text);
// Problems in one Text against its argument names: unknown or unfilled placeholders, arguments a language
// leaves out, malformed markup, glossary links to unknown terms, an empty language. Empty when the text is sound.
std::vector<std::string> text_problems(const Text& text, const std::vector<std::string>& arg_names);

// Every problem say() met since the last call (at most 64 kept), then cleared. Tests call it after building
// every step's views and fail when it is not empty.
std::vector<std::string> take_text_problems();

}  // namespace pelab
