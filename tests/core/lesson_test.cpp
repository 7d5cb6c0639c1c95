// PE Lab — tests/core/lesson_test.cpp
// Lesson model sanity for every registered lesson (complete bilingual text, step params that exist,
// views with consistent shapes/labels at defaults and extreme parameters, explain for every cell),
// plus the specific numbers of the f-delta lesson.
#include <cmath>
#include <set>

#include "core/f_delta.h"
#include "lessons/lesson.h"
#include "lesson_views.h"
#include "matrix_assert.h"

namespace {

using namespace pelab;

bool has_cjk(const std::string& s) {
    // UTF-8 lead bytes 0xE3..0xE9 start the CJK blocks (and CJK punctuation such as "，" "。").
    for (unsigned char c : s)
        if (c >= 0xE3 && c <= 0xE9) return true;
    return false;
}

// Parameter sets to render: defaults plus the extremes of every range the lesson declares.
std::vector<std::pair<std::string, ParamSet>> parameter_cases(const Lesson& lesson) {
    std::vector<std::pair<std::string, ParamSet>> cases;
    cases.emplace_back("defaults", defaults(lesson.params));
    KeyValues low, high;
    for (const ParamSpec& spec : lesson.params) {
        if (spec.kind == ParamKind::Int || spec.kind == ParamKind::Real) {
            low.emplace_back(spec.name, format_number(spec.min));
            high.emplace_back(spec.name, format_number(spec.max));
        } else if (spec.kind == ParamKind::RealList && spec.list_len_of.empty()) {
            std::string lo = format_number(spec.min), hi = format_number(spec.max);
            for (int i = 1; i < spec.list_max; ++i) hi += "," + format_number(i % 2 ? spec.min : spec.max);
            low.emplace_back(spec.name, lo);
            high.emplace_back(spec.name, hi);
        } else if (spec.kind == ParamKind::Choice && !spec.choices.empty()) {
            low.emplace_back(spec.name, spec.choices.front());
            high.emplace_back(spec.name, spec.choices.back());
        }
    }
    ParamSet lo = defaults(lesson.params), hi = defaults(lesson.params);
    EXPECT_TRUE(parse_params(lesson.params, low, &lo).empty());
    EXPECT_TRUE(parse_params(lesson.params, high, &hi).empty());
    cases.emplace_back("minimum", lo);
    cases.emplace_back("maximum", hi);
    // Linked lists at their extremes too (e.g. v = −100, 100, ...).
    ParamSet linked = hi;
    KeyValues linked_kv;
    for (const ParamSpec& spec : lesson.params) {
        if (spec.kind != ParamKind::RealList || spec.list_len_of.empty()) continue;
        const std::size_t n = hi.getv(spec.name).size();
        std::string text;
        for (std::size_t i = 0; i < n; ++i) text += (i ? "," : "") + format_number(i % 2 ? spec.max : spec.min);
        linked_kv.emplace_back(spec.name, text);
    }
    EXPECT_TRUE(parse_params(lesson.params, linked_kv, &linked).empty());
    cases.emplace_back("maximum, linked lists extreme", linked);
    return cases;
}

void check_view(const ViewData& view, Lang lang, const std::string& where) {
    SCOPED_TRACE(where + " / view \"" + view.title + "\"");
    EXPECT_FALSE(view.title.empty());
    if (lang == Lang::en) {
        EXPECT_FALSE(has_cjk(view.title));
        EXPECT_FALSE(has_cjk(view.row_axis + view.col_axis));
        for (const std::string& n : view.notes) EXPECT_FALSE(has_cjk(n)) << n;
        for (const std::string& l : view.col_labels) EXPECT_FALSE(has_cjk(l)) << l;
    }
    for (const std::string& n : view.notes) EXPECT_FALSE(n.empty());
    if (view.kind == ViewKind::Curve) {
        EXPECT_FALSE(view.x.empty());
        EXPECT_FALSE(view.series.empty());
        for (const auto& s : view.series) {
            EXPECT_EQ(s.size(), view.x.size());
            for (double y : s) EXPECT_TRUE(std::isfinite(y));
        }
        if (!view.series_labels.empty()) EXPECT_EQ(view.series_labels.size(), view.series.size());
        for (double m : view.markers_x) {
            EXPECT_GE(m, view.x.front() - 1e-9);
            EXPECT_LE(m, view.x.back() + 1e-9);
        }
        return;
    }
    ASSERT_GT(view.values.rows(), 0);
    ASSERT_GT(view.values.cols(), 0);
    if (!view.row_labels.empty()) EXPECT_EQ(static_cast<Eigen::Index>(view.row_labels.size()), view.values.rows());
    if (!view.col_labels.empty()) EXPECT_EQ(static_cast<Eigen::Index>(view.col_labels.size()), view.values.cols());
    for (Eigen::Index r = 0; r < view.values.rows(); ++r)
        for (Eigen::Index c = 0; c < view.values.cols(); ++c)
            EXPECT_FALSE(std::isinf(view.values(r, c))) << "cell " << r << "," << c;
    if (view.integer) {
        for (Eigen::Index i = 0; i < view.values.size(); ++i)
            EXPECT_EQ(view.values.data()[i], std::round(view.values.data()[i]));
    }
    if (view.kind == ViewKind::Heatmap) {
        ASSERT_TRUE(static_cast<bool>(view.explain)) << "every heatmap explains its cells";
        for (int r = 0; r < view.values.rows(); ++r) {
            for (int c = 0; c < view.values.cols(); ++c) {
                const std::string text = view.explain(r, c);
                ASSERT_FALSE(text.empty()) << "cell " << r << "," << c;
                if (lang == Lang::en) ASSERT_FALSE(has_cjk(text)) << text;
            }
        }
        EXPECT_EQ(view.explain(-1, 0), "");
        EXPECT_EQ(view.explain(0, static_cast<int>(view.values.cols())), "");
    }
}

TEST(Lessons, RegistryIsConsistent) {
    ASSERT_FALSE(lesson_registry().empty());
    std::set<std::string> ids;
    for (const Lesson* lesson : lesson_registry()) {
        ASSERT_NE(lesson, nullptr);
        EXPECT_TRUE(ids.insert(lesson->id).second) << "duplicate id " << lesson->id;
        EXPECT_EQ(find_lesson(lesson->id), lesson);
    }
    EXPECT_EQ(find_lesson("no-such-lesson"), nullptr);
}

TEST(Lessons, EveryStepIsCompleteAndEveryViewIsConsistent) {
    for (const Lesson* lesson : lesson_registry()) {
        SCOPED_TRACE(lesson->id);
        EXPECT_STRNE(lesson->title.zh, "");
        EXPECT_STRNE(lesson->title.en, "");
        ASSERT_FALSE(lesson->steps.empty());
        std::set<std::string> keys;
        for (const ParamSpec& spec : lesson->params) {
            EXPECT_TRUE(keys.insert(spec.name).second) << spec.name;
            ParamValue v;
            std::string why;
            EXPECT_TRUE(parse_value(spec, spec.default_text, &v, &why)) << spec.name;
            EXPECT_EQ(why, "") << spec.name;
        }
        const auto cases = parameter_cases(*lesson);
        for (std::size_t i = 0; i < lesson->steps.size(); ++i) {
            const Step& step = lesson->steps[i];
            const std::string where = std::string(lesson->id) + " step " + std::to_string(i + 1);
            SCOPED_TRACE(where);
            EXPECT_GT(std::string(step.title.zh).size(), 0u);
            EXPECT_GT(std::string(step.title.en).size(), 0u);
            EXPECT_GT(std::string(step.body.zh).size(), 20u);
            EXPECT_GT(std::string(step.body.en).size(), 40u);
            EXPECT_TRUE(has_cjk(step.title.zh));
            EXPECT_TRUE(has_cjk(step.body.zh));
            EXPECT_FALSE(has_cjk(step.title.en));
            EXPECT_FALSE(has_cjk(step.body.en));
            for (const std::string& key : step.params) EXPECT_TRUE(keys.count(key)) << "step param " << key;
            ASSERT_TRUE(static_cast<bool>(step.views));
            for (const auto& [case_name, params] : cases) {
                for (Lang lang : {Lang::zh, Lang::en}) {
                    const std::vector<ViewData> views = step.views(params, lang);
                    ASSERT_GE(views.size(), 1u) << case_name;
                    for (const ViewData& view : views)
                        check_view(view, lang, where + " / " + case_name + (lang == Lang::zh ? " / zh" : " / en"));
                }
            }
        }
    }
}

// [SECTION] f-delta specifics
const Lesson& f_delta() {
    const Lesson* l = find_lesson("f-delta");
    EXPECT_NE(l, nullptr);
    return *l;
}

std::vector<ViewData> views_of(int step, const std::string& query, Lang lang) {
    return pelab_test::step_views("f-delta", step, query, lang);
}

using pelab_test::any_note_contains;

TEST(FDeltaLesson, HasEightStepsAndTheAgreedParams) {
    const Lesson& lesson = f_delta();
    EXPECT_EQ(lesson.steps.size(), 8u);
    std::vector<std::string> names;
    for (const ParamSpec& s : lesson.params) names.push_back(s.name);
    EXPECT_EQ(names, (std::vector<std::string>{"L", "omega", "v", "seed"}));
    EXPECT_EQ(lesson.steps[5].params, (std::vector<std::string>{"L", "omega", "v"}));
    EXPECT_EQ(lesson.steps[6].params, (std::vector<std::string>{"L", "omega", "seed"}));
}

TEST(FDeltaLesson, Step1And2ShowDeltaDiagonals) {
    const auto v1 = views_of(1, "", Lang::en);
    ASSERT_EQ(v1[0].kind, ViewKind::Heatmap);
    EXPECT_TRUE(v1[0].qk_axes);
    EXPECT_TRUE(v1[0].integer);
    EXPECT_TRUE(v1[0].is_signed);
    EXPECT_EQ(v1[0].values(1, 3), -2);
    EXPECT_EQ(v1[0].explain(1, 3).rfind("q = 1, k = 3: Δ = q − k = 1 − 3 = −2.", 0), 0u) << v1[0].explain(1, 3);
    const auto v2 = views_of(2, "", Lang::en);
    ASSERT_EQ(v2.size(), 2u);
    const ViewData& table = v2[1];
    ASSERT_EQ(table.values.rows(), 7);
    Eigen::MatrixXd expected(7, 2);
    expected << -3, 1, -2, 2, -1, 3, 0, 4, 1, 3, 2, 2, 3, 1;
    EXPECT_MATRIX_NEAR(table.values, expected, 0.0);
    EXPECT_EQ(table.row_labels.front(), "Δ=−3");
}

TEST(FDeltaLesson, Step3KernelTableAndCurve) {
    const auto views = views_of(3, "", Lang::en);
    ASSERT_EQ(views.size(), 2u);
    const ViewData& table = views[0];
    ASSERT_EQ(table.values.rows(), 7);
    ASSERT_EQ(table.values.cols(), 3);
    Eigen::VectorXd f(7);
    f << -1, -1.5, 0.5, 2, 0.5, -1.5, -1;
    EXPECT_MATRIX_NEAR(table.values.col(2), f, 1e-12);
    EXPECT_EQ(table.col_labels, (std::vector<std::string>{"cos ω₀Δ", "cos ω₁Δ", "f(Δ)"}));
    const ViewData& curve = views[1];
    EXPECT_EQ(curve.kind, ViewKind::Curve);
    EXPECT_EQ(curve.markers_x.size(), 7u);
    EXPECT_EQ(curve.x.front(), -3);
    EXPECT_EQ(curve.x.back(), 3);
}

TEST(FDeltaLesson, Step4ToeplitzNoteAndExplain) {
    const auto views = views_of(4, "", Lang::en);
    EXPECT_TRUE(any_note_contains(views, "Largest spread along any diagonal: 0, so F is a Toeplitz matrix."));
    EXPECT_EQ(views[0].explain(1, 3),
              "F[1,3]: q = 1, k = 3, Δ = q − k = −2. F[1,3] = f(−2) = 1·cos(−π) + 0·sin(−π) + 1·cos(−2π/3) + "
              "0·sin(−2π/3) = −1.5");
    const auto zh = views_of(4, "", Lang::zh);
    EXPECT_EQ(zh[0].explain(1, 3),
              "F[1,3]：q = 1, k = 3, Δ = q − k = −2。F[1,3] = f(−2) = 1·cos(−π) + 0·sin(−π) + 1·cos(−2π/3) + "
              "0·sin(−2π/3) = −1.5");
    const ViewData& table = views[1];
    for (Eigen::Index r = 0; r < table.values.rows(); ++r) EXPECT_EQ(table.values(r, 3), 0.0);
}

TEST(FDeltaLesson, Step5FeatureTable) {
    const auto views = views_of(5, "L=3&omega=1,2,3", Lang::en);
    ASSERT_EQ(views[0].values.rows(), 5);
    ASSERT_EQ(views[0].values.cols(), 6);
    EXPECT_EQ(views[0].col_labels[5], "sin ω₂Δ");
    EXPECT_MATRIX_NEAR(views[0].values, r_delta_features(3, to_eigen({1, 2, 3})), 1e-12);
    // Rounding noise of exact zeros is not shown: cos(π/2) is stored as 0 in the default table.
    EXPECT_EQ(views_of(5, "", Lang::en)[0].values(2, 0), 0.0);
}

TEST(FDeltaLesson, Step6ReadoutNotes) {
    const auto views = views_of(6, "v=1,0.5,-2,0", Lang::en);
    EXPECT_TRUE(any_note_contains(views, "largest spread along a diagonal of F = 0 (still Toeplitz)"));
    EXPECT_TRUE(any_note_contains(views, "v = [1, 0, 1, 0]: largest |vᵀR_Δ − f(Δ)| = "));
    EXPECT_TRUE(any_note_contains(views, "(sin weights make F non-symmetric)"));
    EXPECT_NE(views[0].explain(0, 1).find("F[0,1] = v·R_(−1) = 1·cos(−π/2) + 0.5·sin(−π/2) − 2·cos(−π/3)"),
              std::string::npos)
        << views[0].explain(0, 1);
}

TEST(FDeltaLesson, Step7ContentReadoutIsNotToeplitz) {
    const auto views = views_of(7, "seed=1", Lang::en);
    ASSERT_EQ(views.size(), 2u);
    EXPECT_GT(diagonal_spread(Eigen::MatrixXd(views[0].values)).maxCoeff(), 1e-3);
    EXPECT_TRUE(any_note_contains(views, "(no longer 0: each row reads the same Δ with its own u_q)"));
    EXPECT_TRUE(any_note_contains(views, "Every cell recomputed as u_q·R_(q−k): largest difference = 0"));
    // Same seed, same numbers; another seed, other numbers.
    EXPECT_MATRIX_NEAR(views[0].values, views_of(7, "seed=1", Lang::zh)[0].values, 0.0);
    EXPECT_GT((views[0].values - views_of(7, "seed=2", Lang::en)[0].values).cwiseAbs().maxCoeff(), 1e-3);
}

TEST(FDeltaLesson, Step8RopeEqualsF) {
    for (const char* query : {"", "v=0.5,-1,2,3&L=7", "omega=0.1,0.2,0.3&L=5"}) {
        const auto views = views_of(8, query, Lang::en);
        ASSERT_GE(views.size(), 2u);
        EXPECT_MATRIX_NEAR(views[0].values, views[1].values, 1e-12);
    }
    const auto views = views_of(8, "", Lang::en);
    Eigen::MatrixXd qk(2, 4);
    qk << 1, 0, 1, 0, 1, 0, 1, 0;
    EXPECT_MATRIX_NEAR(views[2].values, qk, 0.0);
    EXPECT_TRUE(any_note_contains(views, "Largest |S − F| = "));
}

}  // namespace
