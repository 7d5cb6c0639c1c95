// PE Lab — lessons/bilingual.cpp
// The formatter and the checks of lessons/bilingual.h: one scanner reads a Text's markup (placeholders,
// TeX spans, glossary links) and both say() and text_problems() are built on it, so what is shown and what
// is checked can never disagree. A glossary link must name a term of the glossary (lessons/questions.h).
//
// [SECTION] the scanner
// [SECTION] checks
// [SECTION] the formatter
#include "lessons/bilingual.h"

#include <algorithm>
#include <cctype>
#include <mutex>
#include <set>

#include "lessons/lesson.h"
#include "lessons/questions.h"

namespace pelab {

namespace {
bool g_texts_in_parts = false;         // false: every text is in memory (the desktop, the CLI, the tests)
std::set<std::string> g_parts_loaded[2];  // [Lang::zh], [Lang::en]: the parts in memory
}  // namespace

bool texts_loaded(Lang lang, const std::string& part) {
    return !g_texts_in_parts || g_parts_loaded[lang == Lang::zh ? 0 : 1].count(part) > 0;
}
void set_texts_loaded(Lang lang, const std::string& part) { g_parts_loaded[lang == Lang::zh ? 0 : 1].insert(part); }
void set_texts_arrive_in_parts() { g_texts_in_parts = true; }

namespace {

// [SECTION] the scanner
// One piece of a text: plain characters, a placeholder, a TeX span or a glossary link.
struct Piece {
    enum Kind { Plain, Placeholder, Tex, Link, Broken } kind;
    std::string text;   // Plain: the characters; Placeholder: the name; Tex: the source; Link: the words
    std::string term;   // Link: the glossary term
};

bool is_name_char(char c) { return std::isalnum(static_cast<unsigned char>(c)) || c == '_'; }

// "{name}" at s[i]: the length of the whole placeholder, or 0 when it is not one.
size_t placeholder_at(const std::string& s, size_t i) {
    if (s[i] != '{' || i + 2 >= s.size() || !(std::isalpha(static_cast<unsigned char>(s[i + 1])) || s[i + 1] == '_'))
        return 0;
    size_t j = i + 1;
    while (j < s.size() && is_name_char(s[j])) ++j;
    return (j < s.size() && s[j] == '}') ? j - i + 1 : 0;
}

std::vector<Piece> scan(const char* text) {
    const std::string s = text ? text : "";
    std::vector<Piece> out;
    auto plain = [&](const std::string& t) {
        if (!out.empty() && out.back().kind == Piece::Plain) out.back().text += t;
        else out.push_back({Piece::Plain, t, ""});
    };
    size_t i = 0;
    while (i < s.size()) {
        if (s[i] == '\\' && i + 1 < s.size() && s[i + 1] == '$') {  // a literal dollar
            plain("$");
            i += 2;
        } else if (s[i] == '$') {
            size_t j = i + 1;
            while (j < s.size() && !(s[j] == '$' && s[j - 1] != '\\')) ++j;
            if (j >= s.size()) {
                out.push_back({Piece::Broken, "unclosed $ (TeX span)", ""});
                plain(s.substr(i + 1));
                break;
            }
            out.push_back({Piece::Tex, s.substr(i + 1, j - i - 1), ""});
            i = j + 1;
        } else if (s.compare(i, 2, "[[") == 0 && i + 2 < s.size() && std::isalpha(static_cast<unsigned char>(s[i + 2]))) {
            // A glossary link starts with a letter; "[[0, −1], [1, 0]]" is a matrix and stays plain text.
            const size_t j = s.find("]]", i + 2);
            if (j == std::string::npos) {
                out.push_back({Piece::Broken, "unclosed [[ (glossary link)", ""});
                plain(s.substr(i + 2));
                break;
            }
            const std::string inner = s.substr(i + 2, j - i - 2);
            const size_t bar = inner.find('|');
            const std::string term = inner.substr(0, bar);
            const std::string words = bar == std::string::npos ? term : inner.substr(bar + 1);
            if (term.empty() || words.empty()) out.push_back({Piece::Broken, "empty glossary link [[" + inner + "]]", ""});
            out.push_back({Piece::Link, words, term});
            i = j + 2;
        } else if (size_t n = placeholder_at(s, i)) {
            out.push_back({Piece::Placeholder, s.substr(i + 1, n - 2), ""});
            i += n;
        } else {
            plain(std::string(1, s[i]));
            ++i;
        }
    }
    return out;
}

std::mutex g_problems_mutex;
std::vector<std::string> g_problems;

void record(const std::vector<std::string>& problems) {
    if (problems.empty()) return;
    std::lock_guard<std::mutex> lock(g_problems_mutex);
    for (const std::string& p : problems)
        if (g_problems.size() < 64) g_problems.push_back(p);
}

// The text with its placeholders filled; `links`, when given, receives where each glossary link's words
// landed in the result (plain output only).
std::string fill(Lang lang, const Text& text, const std::vector<Arg>& args, bool keep_markup,
                 std::vector<LinkSpan>* links = nullptr) {
    std::vector<std::string> names;
    for (const Arg& a : args) names.push_back(a.name);
    record(text_problems(text, names));
    std::string out;
    for (const Piece& p : scan(text.get(lang))) {
        switch (p.kind) {
        case Piece::Plain: out += p.text; break;
        case Piece::Broken: break;
        case Piece::Tex: out += keep_markup ? "$" + p.text + "$" : p.text; break;
        case Piece::Link: {
            // A lesson link without words of its own shows the lesson's title.
            const Lesson* lesson = p.text == p.term ? linked_lesson(p.term) : nullptr;
            const std::string words = lesson ? say(lang, lesson->title) : p.text;
            if (links && !keep_markup) links->push_back({out.size(), out.size() + words.size(), p.term});
            out += keep_markup ? (p.text == p.term ? "[[" + p.term + "]]" : "[[" + p.term + "|" + p.text + "]]") : words;
            break;
        }
        case Piece::Placeholder: {
            auto it = std::find_if(args.begin(), args.end(), [&](const Arg& a) { return p.text == a.name; });
            out += it != args.end() ? it->value : "{" + p.text + "}";
            break;
        }
        }
    }
    return out;
}

}  // namespace

// [SECTION] checks
std::vector<std::string> placeholders(const char* text) {
    std::vector<std::string> out;
    for (const Piece& p : scan(text))
        if (p.kind == Piece::Placeholder) out.push_back(p.text);
    return out;
}

std::vector<std::string> text_problems(const Text& text, const std::vector<std::string>& arg_names) {
    std::vector<std::string> problems;
    const char* langs[2] = {"zh", "en"};
    const char* bodies[2] = {text.zh, text.en};
    const std::string where = std::string("\"") + std::string(text.en ? text.en : "").substr(0, 48) + "\": ";
    for (int l = 0; l < 2; ++l) {
        if (!language_loaded(l == 0 ? Lang::zh : Lang::en)) continue;  // its texts are not in memory yet
        if (!bodies[l] || !*bodies[l]) {
            problems.push_back(where + langs[l] + " text is empty");
            continue;
        }
        std::vector<std::string> used;
        for (const Piece& p : scan(bodies[l])) {
            if (p.kind == Piece::Broken) problems.push_back(where + langs[l] + ": " + p.text);
            if (p.kind == Piece::Link && is_lesson_link(p.term) && !linked_lesson(p.term))
                problems.push_back(where + langs[l] + ": [[" + p.term + "]] names no lesson (or no step of it)");
            else if (p.kind == Piece::Link && !is_lesson_link(p.term) && !find_term(p.term))
                problems.push_back(where + langs[l] + ": [[" + p.term + "]] is not a glossary term");
            if (p.kind != Piece::Placeholder) continue;
            used.push_back(p.text);
            if (std::find(arg_names.begin(), arg_names.end(), p.text) == arg_names.end())
                problems.push_back(where + langs[l] + ": unfilled placeholder {" + p.text + "}");
        }
        for (const std::string& name : arg_names)
            if (std::find(used.begin(), used.end(), name) == used.end())
                problems.push_back(where + langs[l] + ": argument {" + name + "} is not used");
    }
    return problems;
}

std::vector<std::string> take_text_problems() {
    std::lock_guard<std::mutex> lock(g_problems_mutex);
    std::vector<std::string> out;
    out.swap(g_problems);
    return out;
}

// [SECTION] the formatter
std::string say(Lang lang, const Text& text, std::initializer_list<Arg> args) {
    return fill(lang, text, std::vector<Arg>(args), false);
}

std::string say(Lang lang, const Text& text, const std::vector<Arg>& args) { return fill(lang, text, args, false); }

std::string say_marked(Lang lang, const Text& text, const std::vector<Arg>& args) { return fill(lang, text, args, true); }

std::string say_linked(Lang lang, const Text& text, std::vector<LinkSpan>* links, const std::vector<Arg>& args) {
    return fill(lang, text, args, false, links);
}

}  // namespace pelab
