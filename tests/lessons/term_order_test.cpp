// PE Lab — tests/lessons/term_order_test.cpp
// Terms before use. Walking each curriculum lesson in order over what a learner sees on each step at the
// defaults (title, takeaway, text, the figures' titles, notes, labels and legends, the questions):
//   - a glossary term (GlossaryEntry::forms) appears only on or after the step that links it ([[term]]): the
//     step that first uses it explains it or links to the glossary;
//   - every other candidate for a term (a code span, a snake_case name, a word with two capitals such as an
//     abbreviation) is a glossary form or on the short allow-list below: an unexplained name fails;
//   - a step links the same glossary terms in both languages.
// A source's variable name may appear in a figure note as "(Hugging Face: `rotate_half`)" or "(config:
// `kv_lora_rank`)" after the idea is named in words; such notes are exempt.
//
// [SECTION] what a learner sees
// [SECTION] the checks
#include <gtest/gtest.h>

#include <map>
#include <regex>
#include <set>
#include <string>
#include <vector>

#include "lessons/lesson.h"

namespace {

using namespace pelab;

// Names a learner needs no explanation for here: units, file formats, the platform's words, and proper names
// of products and organisations (a released model's name is explained by its row in open-models' tables).
const std::set<std::string>& allowed_names() {
    static const std::set<std::string> names = {
        "GPU", "CPU", "URL", "CSV", "PNG", "JSON", "PDF", "API", "MB", "KB", "GB", "MiB", "KiB", "GiB", "TB",
        "ID", "IDs", "OK", "NaN", "PyTorch", "TeX", "LaTeX", "MathML", "WebGL", "WebGL2", "GLSL", "OpenGL",
        "DeepSeek", "DeepMind", "OpenAI", "GitHub", "LongRoPE", "GPT", "NeoX", "BERT", "LLaMA", "Qwen", "Qwen2",
        "MiniCPM", "ChatGLM", "GLM", "ViT", "RoFormer", "XPos", "Hugging", "arXiv", "FP", "BF16", "FP16", "FP32",
        "SGD", "AdamW", "Adam", "MLP", "FFN", "LR", "II", "III", "IV", "VL",
        // The tutorials' name for the length of a relative table, written with its meaning where shown
        // ("max_len = L").
        "max_len",
    };
    return names;
}

// [SECTION] what a learner sees
struct SeenStep {
    std::string id;
    std::vector<std::string> texts;   // everything shown, in English
    std::set<std::string> links_en, links_zh;  // glossary terms the step links
};

std::vector<std::string> split_forms(const char* forms);

// The glossary terms a text links: its glossary links, and in English a link to a lesson whose words are a
// term's form ("[[lesson:rope|RoPE]]" introduces RoPE by opening its lesson).
void add_links(const Text& text, const std::vector<Arg>& args, std::set<std::string>* en, std::set<std::string>* zh) {
    for (Lang lang : {Lang::en, Lang::zh}) {
        std::vector<LinkSpan> links;
        const std::string shown = say_linked(lang, text, &links, args);
        for (const LinkSpan& l : links) {
            if (!is_lesson_link(l.term)) {
                (lang == Lang::en ? en : zh)->insert(l.term);
                continue;
            }
            if (lang != Lang::en) continue;
            const std::string words = shown.substr(l.begin, l.end - l.begin);
            for (const GlossaryEntry& e : glossary())
                for (const std::string& f : split_forms(e.forms))
                    if (f == words) en->insert(std::string("via-lesson:") + e.term);
        }
    }
}

std::vector<std::string> view_texts(const ViewData& v) {
    std::vector<std::string> out = {v.title};
    out.insert(out.end(), v.notes.begin(), v.notes.end());
    std::visit(
        [&](const auto& f) {
            using T = std::decay_t<decltype(f)>;
            if constexpr (std::is_same_v<T, HeatmapView>) {
                out.push_back(f.row_axis);
                out.push_back(f.col_axis);
                out.insert(out.end(), f.row_labels.begin(), f.row_labels.end());
                out.insert(out.end(), f.col_labels.begin(), f.col_labels.end());
            } else if constexpr (std::is_same_v<T, TableView>) {
                out.push_back(f.corner);
                out.insert(out.end(), f.row_labels.begin(), f.row_labels.end());
                out.insert(out.end(), f.col_labels.begin(), f.col_labels.end());
            } else if constexpr (std::is_same_v<T, CurveView>) {
                out.push_back(f.x_axis);
                out.push_back(f.y_axis);
                out.insert(out.end(), f.series_labels.begin(), f.series_labels.end());
                out.insert(out.end(), f.vline_labels.begin(), f.vline_labels.end());
                out.insert(out.end(), f.hline_labels.begin(), f.hline_labels.end());
            } else if constexpr (std::is_same_v<T, BarsView>) {
                out.push_back(f.value_axis);
                out.insert(out.end(), f.labels.begin(), f.labels.end());
                out.insert(out.end(), f.group_labels.begin(), f.group_labels.end());
            } else if constexpr (std::is_same_v<T, OdometerView>) {
                out.push_back(f.scaled_label);
                out.push_back(f.position_label);
            } else if constexpr (std::is_same_v<T, PhasorView>) {
                for (const PhasorView::Dial& d : f.dials) {
                    out.push_back(d.caption);
                    for (const PhasorView::Arrow& a : d.arrows) out.push_back(a.label);
                }
            }
        },
        v.figure);
    return out;
}

std::vector<SeenStep> seen_steps(const Lesson& lesson) {
    std::vector<SeenStep> out;
    const ParamSet params = defaults(lesson.params);
    for (const Step& step : lesson.steps) {
        SeenStep s;
        s.id = step.id;
        const std::vector<Arg> args = step.takeaway_args ? step.takeaway_args(params, Lang::en) : std::vector<Arg>{};
        s.texts.push_back(say(Lang::en, step.title));
        s.texts.push_back(step_takeaway(step, params, Lang::en));
        s.texts.push_back(step_body(step, Lang::en));
        add_links(step.title, {}, &s.links_en, &s.links_zh);
        add_links(step.takeaway, args, &s.links_en, &s.links_zh);
        add_links(step.body, {}, &s.links_en, &s.links_zh);
        for (const Question& q : step.questions) {
            s.texts.push_back(say(Lang::en, q.prompt));
            for (const Text& c : q.choices) s.texts.push_back(say(Lang::en, c));
        }
        std::string why;
        if (step.views && lesson_within_budget(lesson, params, &why))
            for (const ViewData& v : step.views(params, Lang::en))
                for (std::string& t : view_texts(v)) s.texts.push_back(std::move(t));
        out.push_back(std::move(s));
    }
    return out;
}

// The text less the exempt notes: "(SOURCE: `name` …)", e.g. "(Hugging Face: `rotate_half`)", "(config: `name`)".
std::string without_source_names(const std::string& text) {
    static const std::regex source_name("\\([^()`:]+: `[^`]*`[^)]*\\)");
    return std::regex_replace(text, source_name, "");
}

bool is_word_char(char c) { return std::isalnum(static_cast<unsigned char>(c)) || c == '_'; }

// Whether `form` is in `text` as whole words.
bool has_form(const std::string& text, const std::string& form) {
    for (size_t at = text.find(form); at != std::string::npos; at = text.find(form, at + 1)) {
        const bool left = at == 0 || !is_word_char(text[at - 1]);
        const size_t end = at + form.size();
        const bool right = end >= text.size() || !is_word_char(text[end]);
        if (left && right) return true;
    }
    return false;
}

std::vector<std::string> split_forms(const char* forms) {
    std::vector<std::string> out;
    if (!forms) return out;
    std::string f = forms;
    for (size_t start = 0;;) {
        const size_t bar = f.find('|', start);
        out.push_back(f.substr(start, bar == std::string::npos ? std::string::npos : bar - start));
        if (bar == std::string::npos) break;
        start = bar + 1;
    }
    return out;
}

// Every form of every glossary term.
const std::set<std::string>& glossary_forms() {
    static const std::set<std::string> forms = [] {
        std::set<std::string> out;
        for (const GlossaryEntry& e : glossary())
            for (const std::string& f : split_forms(e.forms)) out.insert(f);
        return out;
    }();
    return forms;
}

// Words that look like terms: code spans, snake_case names, words with two capitals.
std::vector<std::string> term_candidates(const std::string& text) {
    static const std::regex code("`([^`]+)`");
    // (A one-letter stem with a subscript, x_q or p_k, is maths notation, not a name.)
    static const std::regex snake("\\b[a-z][a-z0-9]+(_[a-z0-9]+)+\\b");
    static const std::regex capitals("\\b[A-Za-z]*[A-Z][a-z0-9]*[A-Z][A-Za-z0-9]*\\b");
    std::vector<std::string> out;
    for (const std::regex* r : {&code, &snake, &capitals})
        for (auto it = std::sregex_iterator(text.begin(), text.end(), *r); it != std::sregex_iterator(); ++it)
            out.push_back(r == &code ? (*it)[1].str() : it->str());
    return out;
}

// A symbol with subscripts (softmax_j, e_ij): every part after the first is one or two characters.
bool is_subscripted_symbol(const std::string& name) {
    size_t start = name.find('_');
    if (start == std::string::npos) return false;
    while (start != std::string::npos) {
        const size_t next = name.find('_', start + 1);
        const size_t len = (next == std::string::npos ? name.size() : next) - start - 1;
        if (len > 2) return false;
        start = next;
    }
    return true;
}

// [SECTION] the checks
class TermOrder : public testing::TestWithParam<const Lesson*> {};

TEST_P(TermOrder, GlossaryTermsAreLinkedWhereALessonFirstShowsThem) {
    const Lesson& lesson = *GetParam();
    std::set<std::string> linked;
    for (const SeenStep& s : seen_steps(lesson)) {
        for (const std::string& t : s.links_en) linked.insert(t.compare(0, 11, "via-lesson:") == 0 ? t.substr(11) : t);
        for (const GlossaryEntry& e : glossary()) {
            if (linked.count(e.term)) continue;
            for (const std::string& form : split_forms(e.forms)) {
                bool shown = false;
                for (const std::string& t : s.texts) shown = shown || has_form(without_source_names(t), form);
                if (shown) {
                    ADD_FAILURE() << lesson.id << "/" << s.id << " shows \"" << form << "\" before any step links [["
                                  << e.term << "]]";
                    break;
                }
            }
        }
    }
}

TEST_P(TermOrder, EveryTermLikeNameIsInTheGlossaryOrAllowed) {
    const Lesson& lesson = *GetParam();
    // A key of the lesson's parameters is explained where the learner sets it (its label and help).
    std::set<std::string> keys;
    for (const ParamSpec& spec : lesson.params) keys.insert(spec.name);
    std::map<std::string, std::string> unknown;  // name → the first step showing it
    for (const SeenStep& s : seen_steps(lesson))
        for (const std::string& t : s.texts)
            for (const std::string& name : term_candidates(without_source_names(t)))
                if (!glossary_forms().count(name) && !allowed_names().count(name) && !keys.count(name) &&
                    !is_subscripted_symbol(name) && !unknown.count(name))
                    unknown[name] = s.id;
    for (const auto& [name, step] : unknown)
        ADD_FAILURE() << lesson.id << "/" << step << " shows \"" << name
                      << "\": not a glossary form (GlossaryEntry::forms) nor an allowed name";
}

TEST_P(TermOrder, AStepLinksTheSameTermsInBothLanguages) {
    const Lesson& lesson = *GetParam();
    for (const SeenStep& s : seen_steps(lesson)) {
        std::set<std::string> en;
        for (const std::string& t : s.links_en)
            if (t.compare(0, 11, "via-lesson:") != 0) en.insert(t);
        EXPECT_EQ(en, s.links_zh) << lesson.id << "/" << s.id;
    }
}

std::string lesson_name(const testing::TestParamInfo<const Lesson*>& info) {
    std::string name = info.param->id;
    for (char& c : name)
        if (!std::isalnum(static_cast<unsigned char>(c))) c = '_';
    return name;
}

INSTANTIATE_TEST_SUITE_P(Curriculum, TermOrder, testing::ValuesIn(lesson_registry()), lesson_name);

// Every glossary entry's forms are words a lesson could show: non-empty, no spaces at their ends.
TEST(Glossary, FormsAreWellFormed) {
    for (const GlossaryEntry& e : glossary())
        for (const std::string& f : split_forms(e.forms)) {
            EXPECT_FALSE(f.empty()) << e.term;
            if (!f.empty()) EXPECT_TRUE(f.front() != ' ' && f.back() != ' ') << e.term << ": \"" << f << "\"";
        }
}

}  // namespace
