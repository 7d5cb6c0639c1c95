// PE Lab — tests/lessons/battery_test.cpp
// One battery for every entry of the lesson registry (the curriculum, the long-sequence map page and the
// example lesson), instantiated per lesson with TEST_P as manif runs one battery for every Lie group:
//   - both languages present in every title and text, Chinese in zh and none in en;
//   - every parameter declared once, with a label, inside its shared key's range when it is a shared key;
//   - every step builds at the defaults and at the minimum and the maximum of each of its parameters, in
//     both languages, with no text problem (unknown or unfilled placeholder, malformed markup), no
//     "{name}" left on screen, no NaN outside cells marked missing and no infinity;
//   - the contract every view kind promises the views layer (shapes, labels, hover text for every cell);
//   - every step has a stable id (step=ID in links): lowercase kebab case with a letter, unique in its lesson.
// A lesson written against this battery needs no test of its own to be safe to show; its own test file
// (tests/lessons/<lesson>_test.cpp) checks its numbers against the references.
//
// [SECTION] helpers
// [SECTION] the contract of each view kind
// [SECTION] the battery
#include <gtest/gtest.h>

#include <cmath>
#include <regex>
#include <set>
#include <string>
#include <vector>

#include "core/io/keys.h"
#include "lessons/lesson.h"
#include "lesson_views.h"

namespace {

using namespace pelab;
using pelab_test::cases_for;
using pelab_test::has_cjk;

// [SECTION] helpers

// A placeholder that reached the screen: "{name}".
bool has_placeholder(const std::string& s) {
    static const std::regex pattern("\\{[A-Za-z_][A-Za-z0-9_]*\\}");
    return std::regex_search(s, pattern);
}

// Text the learner reads: present, in the right language, with no placeholder left.
void expect_shown_text(const std::string& s, Lang lang, const std::string& what) {
    EXPECT_FALSE(has_placeholder(s)) << what << ": " << s;
    if (lang == Lang::en) EXPECT_FALSE(has_cjk(s)) << what << ": " << s;
    // A number that failed: printf's nan/inf or the lessons' "NaN" (cells marked missing are drawn, not printed).
    static const std::regex failed_number("(^|[^A-Za-z])(nan|NaN|inf)([^A-Za-z]|$)");
    EXPECT_FALSE(std::regex_search(s, failed_number)) << what << ": " << s;
}


// [SECTION] the contract of each view kind
void check_matrix(const RowMatrix& values, const std::vector<std::string>& row_labels,
                  const std::vector<std::string>& col_labels, bool integer) {
    ASSERT_GT(values.rows(), 0);
    ASSERT_GT(values.cols(), 0);
    if (!row_labels.empty()) EXPECT_EQ(static_cast<Eigen::Index>(row_labels.size()), values.rows());
    if (!col_labels.empty()) EXPECT_EQ(static_cast<Eigen::Index>(col_labels.size()), values.cols());
    for (Eigen::Index i = 0; i < values.size(); ++i) {
        const double x = values.data()[i];
        EXPECT_FALSE(std::isinf(x)) << "cell " << i;  // NaN is a missing cell (drawn hatched); ∞ never
        if (integer && std::isfinite(x)) EXPECT_EQ(x, std::round(x)) << "cell " << i;
    }
}

// Every cell of a small matrix, or an even sample of a large one.
template <class Fn>
void for_cells(Eigen::Index rows, Eigen::Index cols, Fn fn) {
    const Eigen::Index step = std::max<Eigen::Index>(1, (rows * cols) / 4096);
    for (Eigen::Index i = 0; i < rows * cols; i += step) fn(static_cast<int>(i / cols), static_cast<int>(i % cols));
}

void check_view(const ViewData& view, Lang lang) {
    SCOPED_TRACE("view \"" + view.title + "\"");
    EXPECT_FALSE(view.title.empty());
    expect_shown_text(view.title, lang, "title");
    for (const std::string& n : view.notes) {
        EXPECT_FALSE(n.empty());
        expect_shown_text(n, lang, "note");
    }
    switch (view.kind()) {
    case ViewKind::Heatmap: {
        const HeatmapView& h = view.heatmap();
        check_matrix(h.values, h.row_labels, h.col_labels, h.integer);
        for (const std::string& s : {h.row_axis, h.col_axis}) expect_shown_text(s, lang, "axis");
        for (const std::string& s : h.col_labels) expect_shown_text(s, lang, "column label");
        ASSERT_TRUE(static_cast<bool>(h.explain)) << "every heatmap explains its cells";
        for_cells(h.values.rows(), h.values.cols(), [&](int r, int c) {
            const std::string text = h.explain(r, c);
            EXPECT_FALSE(text.empty()) << "cell " << r << "," << c;
            expect_shown_text(text, lang, "hover");
        });
        EXPECT_EQ(h.explain(-1, 0), "");
        EXPECT_EQ(h.explain(0, static_cast<int>(h.values.cols())), "");
        break;
    }
    case ViewKind::Table: {
        const TableView& t = view.table();
        check_matrix(t.values, t.row_labels, t.col_labels, t.integer);
        expect_shown_text(t.corner, lang, "corner");
        for (const std::string& s : t.col_labels) expect_shown_text(s, lang, "column label");
        for (const std::string& s : t.row_labels) expect_shown_text(s, lang, "row label");
        if (!t.col_decimals.empty()) EXPECT_EQ(static_cast<Eigen::Index>(t.col_decimals.size()), t.values.cols());
        if (!t.row_decimals.empty()) EXPECT_EQ(static_cast<Eigen::Index>(t.row_decimals.size()), t.values.rows());
        break;
    }
    case ViewKind::Curve: {
        const CurveView& c = view.curve();
        ASSERT_FALSE(c.x.empty());
        ASSERT_FALSE(c.series.empty());
        for (double x : c.x) EXPECT_TRUE(std::isfinite(x));
        for (const auto& s : c.series) {
            EXPECT_EQ(s.size(), c.x.size());
            if (!c.missing_points)
                for (double y : s) EXPECT_TRUE(std::isfinite(y)) << "curves have no missing points (unless missing_points)";
        }
        if (!c.series_labels.empty()) EXPECT_EQ(c.series_labels.size(), c.series.size());
        for (const std::string& s : c.series_labels) expect_shown_text(s, lang, "legend");
        for (const std::string& s : {c.x_axis, c.y_axis}) expect_shown_text(s, lang, "axis");
        for (double m : c.markers_x) {
            EXPECT_GE(m, c.x.front() - 1e-9);
            EXPECT_LE(m, c.x.back() + 1e-9);
        }
        if (!c.vline_labels.empty()) EXPECT_EQ(c.vline_labels.size(), c.vlines_x.size());
        if (!c.hline_labels.empty()) EXPECT_EQ(c.hline_labels.size(), c.hlines_y.size());
        if (!c.series_dashed.empty()) EXPECT_EQ(c.series_dashed.size(), c.series.size());
        if (c.log_x)
            for (double x : c.x) EXPECT_GT(x, 0) << "a logarithmic x axis needs x > 0";
        if (c.log_y)
            for (const auto& s : c.series)
                for (double y : s)
                    if (!(c.missing_points && std::isnan(y))) EXPECT_GT(y, 0) << "a logarithmic y axis needs y > 0";
        break;
    }
    case ViewKind::PositionMap: EXPECT_TRUE(static_cast<bool>(view.map().map)); break;
    case ViewKind::Phasor: {
        const PhasorView& ph = view.phasor();
        EXPECT_FALSE(ph.dials.empty());
        for (const PhasorView::Dial& d : ph.dials) {
            expect_shown_text(d.caption, lang, "dial caption");
            EXPECT_FALSE(d.arrows.empty());
            for (const PhasorView::Arrow& a : d.arrows) {
                EXPECT_TRUE(std::isfinite(a.angle));
                EXPECT_GE(a.length, 0.0);
                EXPECT_LE(a.length, 1.25);
                expect_shown_text(a.label, lang, "arrow label");
                if (!a.drag_param.empty()) EXPECT_NE(a.drag_per_unit, 0.0);
            }
            for (const PhasorView::Arc& arc : d.arcs) {
                EXPECT_GE(arc.from, 0);
                EXPECT_LT(static_cast<size_t>(arc.from), d.arrows.size());
                EXPECT_GE(arc.to, 0);
                EXPECT_LT(static_cast<size_t>(arc.to), d.arrows.size());
                expect_shown_text(arc.label, lang, "arc label");
            }
        }
        break;
    }
    case ViewKind::Bars: {
        const BarsView& b = view.bars();
        ASSERT_FALSE(b.values.empty());
        EXPECT_EQ(b.labels.size(), b.values.size());
        if (!b.groups.empty()) EXPECT_EQ(b.groups.size(), b.values.size());
        for (int g : b.groups) {
            EXPECT_GE(g, 0);
            if (!b.group_labels.empty()) EXPECT_LT(size_t(g), b.group_labels.size()) << "every colour in the legend";
        }
        for (const std::string& s : b.group_labels) expect_shown_text(s, lang, "legend");
        for (const std::string& s : b.labels) expect_shown_text(s, lang, "bar label");
        expect_shown_text(b.value_axis, lang, "axis");
        EXPECT_FALSE(b.value_axis.empty()) << "a bar chart says what its bars measure";
        for (double x : b.values) {
            EXPECT_FALSE(std::isinf(x));
            if (b.log && !std::isnan(x)) EXPECT_GT(x, 0) << "a logarithmic axis needs values > 0";
        }
        if (b.explain)
            for (int i = 0; i < int(b.values.size()); ++i) expect_shown_text(b.explain(i), lang, "bar hover");
        break;
    }
    case ViewKind::Odometer: {
        const OdometerView& o = view.odometer();
        EXPECT_FALSE(o.theta.empty());
        EXPECT_EQ(o.turns_in_training.size(), o.theta.size());
        if (!o.theta_scaled.empty()) EXPECT_EQ(o.theta_scaled.size(), o.theta.size());
        if (!o.captions.empty()) EXPECT_EQ(o.captions.size(), o.theta.size());
        for (size_t i = 0; i < o.theta.size(); ++i) {
            EXPECT_TRUE(std::isfinite(o.theta[i]) && o.theta[i] > 0);
            EXPECT_NEAR(o.turns_in_training[i], o.train_length * o.theta[i] / (2 * M_PI), 1e-9 * (1 + o.turns_in_training[i]));
            if (i > 0) EXPECT_LE(o.theta[i], o.theta[i - 1]) << "fastest pair first";
        }
        expect_shown_text(o.position_label, lang, "position");
        break;
    }
    }
}

// [SECTION] the battery
std::vector<const Lesson*> every_entry() { return every_lesson(); }  // the curriculum and the entries outside it

std::string test_name(const testing::TestParamInfo<const Lesson*>& info) {
    std::string name = info.param->id;
    for (char& c : name)
        if (!std::isalnum(static_cast<unsigned char>(c))) c = '_';
    return name;
}

class LessonBattery : public testing::TestWithParam<const Lesson*> {
protected:
    void SetUp() override { take_text_problems(); }  // start clean
    void TearDown() override {
        for (const std::string& p : take_text_problems()) ADD_FAILURE() << "text problem: " << p;
    }
};

TEST_P(LessonBattery, TextsAreCompleteInBothLanguages) {
    const Lesson& lesson = *GetParam();
    EXPECT_TRUE(text_problems(lesson.title, {}).empty());
    EXPECT_TRUE(has_cjk(lesson.title.zh));
    EXPECT_FALSE(has_cjk(lesson.title.en));
    ASSERT_FALSE(lesson.steps.empty());
    for (std::size_t i = 0; i < lesson.steps.size(); ++i) {
        const Step& step = lesson.steps[i];
        SCOPED_TRACE("step " + std::to_string(i + 1));
        std::vector<std::string> facts;  // the set-up facts the body names (Step::body_args)
        for (const Arg& a : step_body_args(step, Lang::en)) facts.push_back(a.name);
        for (const Text* t : {&step.title, &step.body}) {
            for (const std::string& p : text_problems(*t, t == &step.body ? facts : std::vector<std::string>{})) ADD_FAILURE() << p;
            EXPECT_TRUE(has_cjk(t->zh)) << t->zh;
            EXPECT_FALSE(has_cjk(t->en)) << t->en;
        }
        EXPECT_GT(std::string(step.body.zh).size(), 20u);
        EXPECT_GT(std::string(step.body.en).size(), 40u);
    }
}

// Links name a step by its id (step=shift-invariance, steps=a..b), so every step has one: [a-z0-9]+(-[a-z0-9]+)*,
// not all digits (with a letter, so that it can never read as a number or a range "3-5"), unique within the
// lesson, and found again by step_number_of.
TEST_P(LessonBattery, EveryStepHasAStableId) {
    const Lesson& lesson = *GetParam();
    static const std::regex kebab("[a-z0-9]+(-[a-z0-9]+)*");
    static const std::regex has_letter("[a-z]");
    std::set<std::string> ids;
    for (std::size_t i = 0; i < lesson.steps.size(); ++i) {
        SCOPED_TRACE("step " + std::to_string(i + 1));
        const char* raw = lesson.steps[i].id;
        ASSERT_NE(raw, nullptr);
        const std::string id = raw;
        EXPECT_TRUE(std::regex_match(id, kebab)) << "step id \"" << id << "\" is not lowercase kebab case";
        EXPECT_TRUE(std::regex_search(id, has_letter)) << "step id \"" << id << "\" has no letter";
        EXPECT_LE(id.size(), 32u) << id;
        EXPECT_TRUE(ids.insert(id).second) << "step id \"" << id << "\" used twice";
        EXPECT_EQ(step_number_of(lesson, id), static_cast<int>(i) + 1) << id;
    }
}

TEST_P(LessonBattery, EveryParameterIsDeclaredOnceWithALabel) {
    const Lesson& lesson = *GetParam();
    std::set<std::string> keys;
    for (const ParamSpec& spec : lesson.params) {
        SCOPED_TRACE(spec.name);
        EXPECT_TRUE(keys.insert(spec.name).second) << "declared twice";
        ParamValue v;
        std::string why;
        EXPECT_TRUE(parse_value(spec, spec.default_text, &v, &why));
        EXPECT_EQ(why, "");
        const ParamLabel label = label_of(&lesson, spec);
        EXPECT_STRNE(label.help.zh, "");
        EXPECT_STRNE(label.help.en, "");
        EXPECT_TRUE(has_cjk(label.help.zh)) << label.help.zh;
        EXPECT_TRUE(text_problems(label.help, {}).empty());
        const ParamSpec shared = shared_key(spec.name.c_str());
        if (shared.help != "(not a shared key)") {  // a shared key is only ever narrowed
            EXPECT_EQ(static_cast<int>(spec.kind), static_cast<int>(shared.kind));
            if (spec.kind == ParamKind::Int || spec.kind == ParamKind::Real) {
                EXPECT_GE(spec.min, shared.min);
                EXPECT_LE(spec.max, shared.max);
            }
        }
    }
    for (const Step& step : lesson.steps)
        for (const std::string& key : step.params) EXPECT_TRUE(keys.count(key)) << "step key " << key;
}

// At the defaults only: the cheap half of the next test, which the em++ build runs under node (where the
// ends of every range cost minutes and add nothing the native run does not check).
TEST_P(LessonBattery, EveryStepBuildsAtItsDefaults) {
    const Lesson& lesson = *GetParam();
    const ParamSet params = defaults(lesson.params);
    for (std::size_t i = 0; i < lesson.steps.size(); ++i) {
        for (Lang lang : {Lang::zh, Lang::en}) {
            SCOPED_TRACE("step " + std::to_string(i + 1) + (lang == Lang::zh ? ", zh" : ", en"));
            const std::vector<ViewData> views = lesson.steps[i].views(params, lang);
            ASSERT_FALSE(views.empty());
            for (const ViewData& view : views) check_view(view, lang);
        }
    }
}

TEST_P(LessonBattery, EveryStepBuildsAtDefaultsAndAtTheEndsOfItsRanges) {
    const Lesson& lesson = *GetParam();
    for (std::size_t i = 0; i < lesson.steps.size(); ++i) {
        const Step& step = lesson.steps[i];
        ASSERT_TRUE(static_cast<bool>(step.views));
        for (const auto& [case_name, params] : cases_for(lesson, step.params)) {
            std::string why;
            if (!lesson_within_budget(lesson, params, &why)) continue;  // refused before computing, by design
            for (Lang lang : {Lang::zh, Lang::en}) {
                SCOPED_TRACE("step " + std::to_string(i + 1) + ", " + case_name + (lang == Lang::zh ? ", zh" : ", en"));
                const std::vector<ViewData> views = step.views(params, lang);
                ASSERT_FALSE(views.empty());
                for (const ViewData& view : views) check_view(view, lang);
                for (const std::string& p : take_text_problems()) ADD_FAILURE() << "text problem: " << p;
            }
        }
    }
}

// The step's point and reason (Step::takeaway): in both languages, whole at the defaults and at the ends of the
// step's ranges, short enough for the two lines it may take under the title (the layout test measures them with
// the font: tests/app/layout_test.cpp), and not the body's first sentence again.
TEST_P(LessonBattery, EveryStepHasATakeaway) {
    const Lesson& lesson = *GetParam();
    for (std::size_t i = 0; i < lesson.steps.size(); ++i) {
        const Step& step = lesson.steps[i];
        SCOPED_TRACE("step " + std::to_string(i + 1) + " (" + step.id + ")");
        EXPECT_GT(std::string(step.takeaway.zh).size(), 12u) << "no takeaway in Chinese";
        EXPECT_GT(std::string(step.takeaway.en).size(), 24u) << "no takeaway in English";
        EXPECT_TRUE(has_cjk(step.takeaway.zh)) << step.takeaway.zh;
        EXPECT_FALSE(has_cjk(step.takeaway.en)) << step.takeaway.en;
        for (const auto& [case_name, params] : cases_for(lesson, step.params)) {
            std::string why;
            if (!lesson_within_budget(lesson, params, &why)) continue;
            std::vector<std::string> names;
            if (step.takeaway_args)
                for (const Arg& a : step.takeaway_args(params, Lang::en)) names.push_back(a.name);
            for (const std::string& p : text_problems(step.takeaway, names)) ADD_FAILURE() << case_name << ": " << p;
            for (Lang lang : {Lang::zh, Lang::en}) {
                const std::string shown = step_takeaway(step, params, lang);
                expect_shown_text(shown, lang, "takeaway (" + case_name + ")");
                const std::string body = step_body(step, lang);
                EXPECT_NE(body.substr(0, std::min(body.size(), shown.size())), shown) << "the body repeats it";
            }
            for (const std::string& p : take_text_problems()) ADD_FAILURE() << "text problem: " << p;
        }
    }
}

// A lesson is one story: at most 20 steps, ending with the step `recap` that names three to six of the lesson's
// claims, each a link to the step that shows it ([[lesson:ID/STEP|…]] to this lesson) in both languages.
TEST_P(LessonBattery, ACurriculumLessonEndsWithItsRecap) {
    const Lesson& lesson = *GetParam();
    if (!lesson.in_curriculum) return;
    EXPECT_LE(lesson.steps.size(), 20u);
    ASSERT_FALSE(lesson.steps.empty());
    const Step& last = lesson.steps.back();
    ASSERT_STREQ(last.id, "recap");
    for (Lang lang : {Lang::zh, Lang::en}) {
        std::vector<LinkSpan> links;
        say_linked(lang, last.body, &links, step_body_args(last, lang));
        std::set<std::string> steps;
        for (const LinkSpan& l : links) {
            int step = 0;
            if (!is_lesson_link(l.term)) continue;
            EXPECT_EQ(linked_lesson(l.term, &step), &lesson) << l.term;
            EXPECT_LT(step, int(lesson.steps.size())) << l.term << ": a claim links to the step that shows it";
            steps.insert(l.term);
        }
        EXPECT_GE(steps.size(), 3u) << (lang == Lang::zh ? "zh" : "en");
        EXPECT_LE(steps.size(), 6u) << (lang == Lang::zh ? "zh" : "en");
    }
}

TEST(LessonRegistry, IdsAreUniqueAndFound) {
    std::set<std::string> ids;
    for (const Lesson* lesson : every_entry()) {
        ASSERT_NE(lesson, nullptr);
        EXPECT_TRUE(ids.insert(lesson->id).second) << "duplicate id " << lesson->id;
    }
    for (const Lesson* lesson : lesson_registry()) EXPECT_EQ(find_lesson(lesson->id), lesson);
    EXPECT_EQ(find_lesson("no-such-lesson"), nullptr);
}

INSTANTIATE_TEST_SUITE_P(EveryLesson, LessonBattery, testing::ValuesIn(every_entry()), test_name);

}  // namespace
