// PE Lab — tests/lessons/questions_test.cpp
// The predict-then-reveal layer (lessons/questions.h) for every curriculum lesson:
//   - at least two questions, each on an existing step, with 2–4 choices (both languages filled) and the
//     answer among them;
//   - every explanation builds at the defaults and with each lesson parameter alone at either end of its
//     range, in both languages, non-empty, with no text problem, no {name} left, no CJK in English, no NaN;
//   - every explanation changes with some parameter, and they state numbers the core computes (T5's bucket of
//     j − i = 20);
//   - references with authors, year, title and where; glossary terms unique, both languages filled, and
//     [[term]] links checked against the glossary.
//
// [SECTION] helpers
// [SECTION] questions
// [SECTION] references and glossary
#include <gtest/gtest.h>

#include <regex>
#include <set>
#include <string>
#include <vector>

#include "core/relative/t5.h"
#include "lessons/bibliography.h"
#include "lessons/lesson.h"
#include "lessons/questions.h"
#include "lesson_views.h"

namespace {

using namespace pelab;
using pelab_test::has_cjk;

// [SECTION] helpers

// Every question of a lesson with the 1-based number of the step that holds it, in step order.
struct QuestionOnStep {
    int step;
    const Question* question;
};
std::vector<QuestionOnStep> questions_of(const Lesson& lesson) {
    std::vector<QuestionOnStep> out;
    for (std::size_t s = 0; s < lesson.steps.size(); ++s)
        for (const Question& q : lesson.steps[s].questions) out.push_back({static_cast<int>(s) + 1, &q});
    return out;
}

bool filled(const Text& t) { return t.zh && *t.zh && t.en && *t.en; }

// The defaults, then every parameter of the lesson alone at each end of its range (every value of a choice).
std::vector<std::pair<std::string, ParamSet>> parameter_cases(const Lesson& lesson) {
    std::vector<std::string> keys;
    for (const ParamSpec& spec : lesson.params) keys.push_back(spec.name);
    return pelab_test::cases_for(lesson, keys, true);
}

// [SECTION] questions
TEST(Questions, EveryCurriculumLessonHasAtLeastTwoWellFormedQuestions) {
    take_text_problems();
    for (const Lesson* lesson : lesson_registry()) {
        const std::vector<QuestionOnStep> questions = questions_of(*lesson);
        EXPECT_GE(questions.size(), 2u) << lesson->id;
        for (const QuestionOnStep& placed : questions) {
            const Question& q = *placed.question;
            const std::string where = std::string(lesson->id) + " step " + std::to_string(placed.step) + ": " + q.prompt.en;
            EXPECT_TRUE(filled(q.prompt)) << where;
            EXPECT_GE(q.choices.size(), 2u) << where;
            EXPECT_LE(q.choices.size(), 4u) << where;
            for (const Text& choice : q.choices) EXPECT_TRUE(filled(choice)) << where;
            EXPECT_GE(q.answer, 0) << where;
            EXPECT_LT(q.answer, static_cast<int>(q.choices.size())) << where;
            EXPECT_TRUE(static_cast<bool>(q.explain)) << where;
            for (const Text* t : {&q.prompt}) EXPECT_TRUE(text_problems(*t, {}).empty()) << where;
            for (const Text& choice : q.choices) EXPECT_TRUE(text_problems(choice, {}).empty()) << where;
            EXPECT_FALSE(has_cjk(q.prompt.en)) << where;
            EXPECT_TRUE(has_cjk(q.prompt.zh)) << where;
        }
    }
}

TEST(Questions, ExplanationsBuildAtDefaultsAndAtTheEndsOfEveryRange) {
    static const std::regex placeholder("\\{[A-Za-z_][A-Za-z0-9_]*\\}");
    static const std::regex failed_number("(^|[^A-Za-z])(nan|NaN|inf)([^A-Za-z]|$)");
    take_text_problems();
    for (const Lesson* lesson : lesson_registry()) {
        const std::vector<QuestionOnStep> questions = questions_of(*lesson);
        for (const auto& [case_name, params] : parameter_cases(*lesson)) {
            for (const QuestionOnStep& placed : questions) {
                const Question& q = *placed.question;
                if (!q.explain) continue;
                for (Lang lang : {Lang::zh, Lang::en}) {
                    const std::string what = std::string(lesson->id) + " step " + std::to_string(placed.step) + " (" +
                                             case_name + ", " + (lang == Lang::zh ? "zh" : "en") + "): " + q.prompt.en;
                    const std::string text = q.explain(params, lang);
                    EXPECT_FALSE(text.empty()) << what;
                    EXPECT_FALSE(std::regex_search(text, placeholder)) << what << ": " << text;
                    EXPECT_FALSE(std::regex_search(text, failed_number)) << what << ": " << text;
                    if (lang == Lang::en) EXPECT_FALSE(has_cjk(text)) << what << ": " << text;
                    if (lang == Lang::zh) EXPECT_TRUE(has_cjk(text)) << what << ": " << text;
                    for (const std::string& p : take_text_problems()) ADD_FAILURE() << what << ": text problem: " << p;
                }
            }
        }
    }
}

// An explanation is computed, not typed in: some parameter change of its step alters what it says.
TEST(Questions, EveryExplanationFollowsTheParameters) {
    for (const Lesson* lesson : lesson_registry()) {
        const std::vector<std::pair<std::string, ParamSet>> cases = parameter_cases(*lesson);
        for (const QuestionOnStep& placed : questions_of(*lesson)) {
            const Question& q = *placed.question;
            if (!q.explain) continue;
            // A step without parameters shows one fixed case (a released model's settings, read from core's
            // table): its explanation is computed all the same, but nothing the learner sets can move it.
            if (lesson->steps[size_t(placed.step - 1)].params.empty()) continue;
            const std::string at_defaults = q.explain(cases.front().second, Lang::en);
            bool changes = false;
            for (const auto& c : cases) changes = changes || q.explain(c.second, Lang::en) != at_defaults;
            EXPECT_TRUE(changes) << lesson->id << " step " << placed.step << ": " << q.prompt.en;
        }
    }
    take_text_problems();
}

TEST(Questions, TheBucketQuestionStatesTheBucketHfComputes) {
    const Lesson* lesson = find_lesson("t5-bias");
    ASSERT_NE(lesson, nullptr);
    const Question* bucket_question = nullptr;
    for (const QuestionOnStep& placed : questions_of(*lesson))
        if (const Question& q = *placed.question; std::string(q.prompt.en).find("Δ = −20") != std::string::npos) bucket_question = &q;
    ASSERT_NE(bucket_question, nullptr);
    // At the defaults (32 buckets, max_distance 128, bidirectional) HF puts j − i = 20, i.e. Δ = −20, in bucket 26.
    const int expected = t5_relative_position_bucket(20, true, 32, 128);
    EXPECT_EQ(expected, 26);
    const std::string at_defaults = bucket_question->explain(defaults(lesson->params), Lang::en);
    EXPECT_NE(at_defaults.find("bucket(Δ = −20) = 26"), std::string::npos) << at_defaults;
    // Causal: every key after the query lands in bucket 0, and the explanation says so.
    ParamSet causal = defaults(lesson->params);
    parse_params(lesson->params, {{"bidirectional", "0"}}, &causal);
    const std::string causal_text = bucket_question->explain(causal, Lang::en);
    EXPECT_NE(causal_text.find("bucket 0"), std::string::npos) << causal_text;
    EXPECT_EQ(t5_relative_position_bucket(20, false, 32, 128), 0);
}

// [SECTION] references and glossary
TEST(References, EveryCurriculumLessonCitesItsSourcesAndCode) {
    for (const Lesson* lesson : lesson_registry()) {
        for (const std::string& key : lesson->references)
            EXPECT_NE(find_reference(key), nullptr) << lesson->id << " cites " << key << ", which the bibliography lacks";
        const std::vector<Reference> refs = references_for(lesson->references);
        EXPECT_FALSE(refs.empty()) << lesson->id;
        for (const Reference& r : refs) {
            EXPECT_FALSE(r.authors.empty()) << lesson->id << ": " << r.title;
            EXPECT_GE(r.year, 2017) << lesson->id << ": " << r.title;
            EXPECT_LE(r.year, 2026) << lesson->id << ": " << r.title;
            EXPECT_FALSE(r.title.empty()) << lesson->id;
            EXPECT_FALSE(r.where.empty()) << lesson->id << ": " << r.title;
            EXPECT_FALSE(r.code.empty()) << lesson->id << ": " << r.title;
            EXPECT_NE(r.code.find(" · "), std::string::npos) << lesson->id << ": " << r.code << " (repository · file · function)";
        }
    }
    // The papers the lessons follow, with their arXiv ids.
    std::set<std::string> cited;
    for (const Lesson* lesson : lesson_registry())
        for (const Reference& r : references_for(lesson->references)) cited.insert(r.where.substr(0, 16));
    for (const char* id : {"arXiv:1706.03762", "arXiv:1803.02155", "arXiv:1901.02860", "arXiv:1910.10683",
                           "arXiv:2104.09864", "arXiv:2108.12409", "arXiv:2306.15595", "arXiv:2309.00071",
                           "arXiv:2010.11929", "arXiv:2111.06377", "arXiv:2403.13298", "arXiv:2103.14030"})
        EXPECT_EQ(cited.count(id), 1u) << id;
    EXPECT_EQ(find_reference("no-such-paper"), nullptr);
    EXPECT_EQ(find_reference("model:no-such-model"), nullptr);
}

TEST(Glossary, TermsAreUniqueAndFilledInBothLanguages) {
    std::set<std::string> terms;
    ASSERT_GE(glossary().size(), 12u);
    for (const GlossaryEntry& e : glossary()) {
        ASSERT_NE(e.term, nullptr);
        const std::string term = e.term;
        EXPECT_TRUE(terms.insert(term).second) << "duplicate term " << term;
        EXPECT_TRUE(std::regex_match(term, std::regex("[a-z][a-z0-9-]*"))) << term;
        EXPECT_TRUE(filled(e.name)) << term;
        EXPECT_TRUE(filled(e.meaning)) << term;
        EXPECT_TRUE(text_problems(e.name, {}).empty()) << term;
        EXPECT_TRUE(text_problems(e.meaning, {}).empty()) << term;
        EXPECT_TRUE(has_cjk(e.meaning.zh)) << term;
        EXPECT_FALSE(has_cjk(e.meaning.en)) << term;
        EXPECT_EQ(find_term(term), &e) << term;
    }
    for (const char* needed : {"toeplitz", "block-toeplitz", "logit", "bucket", "equivariance", "extrapolation",
                               "interpolation", "wavelength", "frequency-pair", "softmax", "attention-score", "kv-cache"})
        EXPECT_NE(find_term(needed), nullptr) << needed;
    EXPECT_EQ(find_term("no-such-term"), nullptr);
}

TEST(Glossary, LinksAreCheckedAgainstTheGlossary) {
    take_text_problems();
    const Text known = {"[[toeplitz]] 矩阵的对角线是常数。", "A [[toeplitz|Toeplitz matrix]] has constant diagonals."};
    EXPECT_TRUE(text_problems(known, {}).empty());
    EXPECT_EQ(say(Lang::en, known), "A Toeplitz matrix has constant diagonals.");
    EXPECT_EQ(say_marked(Lang::en, known, {}), "A [[toeplitz|Toeplitz matrix]] has constant diagonals.");
    EXPECT_TRUE(take_text_problems().empty());

    const Text unknown = {"[[nosuch]] 不在术语表里。", "[[nosuch|This]] is not in the glossary."};
    const std::vector<std::string> problems = text_problems(unknown, {});
    ASSERT_EQ(problems.size(), 2u);  // one per language
    EXPECT_NE(problems[0].find("nosuch"), std::string::npos) << problems[0];
    EXPECT_EQ(say(Lang::en, unknown), "This is not in the glossary.");  // still readable
    EXPECT_EQ(take_text_problems().size(), 2u);                          // and recorded, so the battery fails

    // A matrix written with double brackets is not a link.
    EXPECT_TRUE(text_problems({"[[0, −1], [1, 0]]", "[[0, −1], [1, 0]]"}, {}).empty());
}

// A reference to another lesson names it and links to it: [[lesson:ID]] shows the lesson's title,
// [[lesson:ID/STEP|words]] opens one of its steps; a link to no lesson or no step is a text problem.
TEST(Glossary, LessonLinksNameTheirLessonAndAreChecked) {
    take_text_problems();
    const Lesson* rope = find_lesson("rope");
    ASSERT_NE(rope, nullptr);
    const Text whole = {"见 [[lesson:rope]]。", "See [[lesson:rope]]."};
    EXPECT_TRUE(text_problems(whole, {}).empty());
    EXPECT_EQ(say(Lang::en, whole), "See " + say(Lang::en, rope->title) + ".");
    EXPECT_EQ(say(Lang::zh, whole), "见 " + say(Lang::zh, rope->title) + "。");
    std::vector<LinkSpan> links;
    const std::string shown = say_linked(Lang::en, whole, &links);
    ASSERT_EQ(links.size(), 1u);
    EXPECT_EQ(shown.substr(links[0].begin, links[0].end - links[0].begin), say(Lang::en, rope->title));
    EXPECT_EQ(links[0].term, "lesson:rope");

    int step = 0;
    const std::string to_step = std::string("lesson:rope/") + rope->steps[2].id;
    EXPECT_EQ(linked_lesson(to_step, &step), rope);
    EXPECT_EQ(step, 3);
    EXPECT_EQ(linked_lesson("lesson:rope", &step), rope);
    EXPECT_EQ(step, 1);
    EXPECT_TRUE(is_lesson_link("lesson:rope"));
    EXPECT_FALSE(is_lesson_link("toeplitz"));
    EXPECT_EQ(linked_lesson("toeplitz"), nullptr);
    EXPECT_TRUE(take_text_problems().empty());

    for (const Text& bad : {Text{"[[lesson:nosuch|那一课]]", "[[lesson:nosuch|that lesson]]"},
                            Text{"[[lesson:rope/no-such-step|那一步]]", "[[lesson:rope/no-such-step|that step]]"}}) {
        const std::vector<std::string> problems = text_problems(bad, {});
        ASSERT_EQ(problems.size(), 2u) << bad.en;  // one per language
        EXPECT_NE(problems[0].find("names no lesson"), std::string::npos) << problems[0];
    }
    EXPECT_EQ(linked_lesson("lesson:nosuch"), nullptr);
}

}  // namespace
