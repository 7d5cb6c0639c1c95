// PE Lab — tests/lessons/example_lesson_test.cpp
// The example lesson (lessons/example/), and the template of a lesson's own test: each step's views at given
// parameters (pelab_test::step_views) against core's numbers and against golden values computed independently
// by scripts/golden/example_lesson.py (standard-library Python, which prints each value with the test that
// compares it); the lesson's rules a new lesson copies (a figure of every kind, a predict and a check question,
// a cited source, glossary links, a recap); and that it is built but not in the curriculum. The battery
// (battery_test.cpp) already checks its texts, parameters and every view at the ends of its ranges.
// The web build leaves the example out (src/lessons/CMakeLists.txt), and with it these tests.
#include <gtest/gtest.h>

#include <cmath>
#include <set>
#include <string>
#include <vector>

#include "core/maps/position_map.h"
#include "core/relative/distance.h"
#include "core/rope/long_context.h"
#include "core/rope/rope.h"
#include "lesson_views.h"
#include "lessons/bibliography.h"
#include "lessons/lesson.h"
#include "matrix_assert.h"

#ifndef PELAB_NO_EXAMPLE_LESSON

namespace {

using namespace pelab;

TEST(ExampleLesson, DistanceHeatmapIsCoreMatrixWithHover) {
    const auto v = pelab_test::step_views("example", 1, "L=5", Lang::en);
    ASSERT_EQ(v.size(), 1u);
    const HeatmapView& h = v[0].heatmap();
    EXPECT_MATRIX_NEAR(h.values, query_key_distance(5), 0.0);
    EXPECT_EQ(h.highlight_delta, 0);
    EXPECT_EQ(h.explain(1, 3), "q = 1, k = 3: Δ = q − k = −2.");
    EXPECT_TRUE(pelab_test::any_note_contains(v, "The 25 cells hold only 9 different distances."));
}

TEST(ExampleLesson, CheckboxTurnsTheOutlineOff) {
    const auto v = pelab_test::step_views("example", 1, "diagonal=0", Lang::en);
    EXPECT_EQ(v[0].heatmap().highlight_delta, INT_MIN);
}

TEST(ExampleLesson, PairCountsInChinese) {
    const auto v = pelab_test::step_views("example", 2, "L=3", Lang::zh);
    const CurveView& c = v[0].curve();
    EXPECT_EQ(c.x, (std::vector<double>{-2, -1, 0, 1, 2}));
    EXPECT_EQ(c.series[0], (std::vector<double>{1, 2, 3, 2, 1}));
    EXPECT_TRUE(pelab_test::any_note_contains(v, "各距离的对数加起来是 9 = L² = 3²。"));
}

TEST(ExampleLesson, DialsTurnQueryAndKeyByTheirPositions) {
    const auto v = pelab_test::step_views("example", 3, "i=5&j=2&shift=4&theta=0.5", Lang::en);
    ASSERT_EQ(v.size(), 1u);
    const PhasorView& p = v[0].phasor();
    ASSERT_EQ(p.dials.size(), 2u);
    // The arrows point at q·θ and k·θ, then at (q + s)·θ and (k + s)·θ, counted in whole turns.
    EXPECT_NEAR(p.dials[0].arrows[0].angle, 2.5, 1e-12);
    EXPECT_NEAR(p.dials[0].arrows[1].angle, 1.0, 1e-12);
    EXPECT_NEAR(p.dials[1].arrows[0].angle, 4.5, 1e-12);
    EXPECT_NEAR(p.dials[1].arrows[1].angle, 3.0, 1e-12);
    EXPECT_EQ(p.dials[0].arcs[0].label, "Δθ = 1.5 rad");
    EXPECT_EQ(p.dials[1].arcs[0].label, "Δθ = 1.5 rad");
    // Dragging the query reads its position back: (angle − origin) / per unit = q.
    const PhasorView::Arrow& q = p.dials[0].arrows[0];
    EXPECT_EQ(q.drag_param, "i");
    EXPECT_NEAR((q.angle - q.drag_origin) / q.drag_per_unit, 5.0, 1e-12);
    // The shifted pair's trail: the last shifts, oldest first. 0.8 · cos(1.5) is the dot product on both dials.
    ASSERT_EQ(p.dials[1].arrows[0].trail.size(), 4u);
    EXPECT_NEAR(p.dials[1].arrows[0].trail.back(), 4.0, 1e-12);
    EXPECT_TRUE(pelab_test::any_note_contains(v, "The dot product is 0.0565898 on the first dial and 0.0565898 on the second: shifting by 4 leaves it unchanged."));
    const Step& step = find_lesson("example")->steps[2];
    EXPECT_EQ(step.timeline.param, "shift");
    EXPECT_FALSE(step.equations.empty());
}

TEST(ExampleLesson, AnAngleBeyondHalfATurnSaysWhichAngleIsDrawn) {
    const auto v = pelab_test::step_views("example", 3, "i=9&j=2&shift=0&theta=0.5", Lang::zh);
    // (9 − 2)·0.5 = 3.5 rad, drawn the short way round as 3.5 − 2π.
    EXPECT_EQ(v[0].phasor().dials[0].arcs[0].label, "Δθ = 3.5 rad ≡ −2.78 rad");
}

TEST(ExampleLesson, OdometerPairsAndTheirTurnsInTraining) {
    const auto v = pelab_test::step_views("example", 4, "d=16&base=10000&original_max=128&pos=200", Lang::en);
    const OdometerView& o = v[0].odometer();
    const Eigen::VectorXd theta = rope_default_inv_freq(16, 10000);
    ASSERT_EQ(o.theta.size(), 8u);
    int never = 0;
    for (int i = 0; i < 8; ++i) {
        EXPECT_EQ(o.theta[size_t(i)], theta(i));
        EXPECT_NEAR(o.turns_in_training[size_t(i)], 128 * theta(i) / (2 * M_PI), 1e-12);
        // The same verdict as core's test for a pair that turned in training.
        EXPECT_EQ(o.turns_in_training[size_t(i)] >= 1.0, rope_pair_turned_in_training(theta(i), 128)) << i;
        never += o.turns_in_training[size_t(i)] < 1.0;
    }
    EXPECT_EQ(never, 5);
    EXPECT_EQ(o.position, 200);
    EXPECT_EQ(o.binary_bits, 8);  // one bit per pair; 200 < 2⁸
    EXPECT_TRUE(pelab_test::any_note_contains(v, "5 of the 8 pairs never completed a turn in the 128 training positions."));
    EXPECT_EQ(pelab_test::step_views("example", 4, "pos=3000", Lang::en)[0].odometer().binary_bits, 12);
}

TEST(ExampleLesson, LongMapIsRopeScoreOverEveryPair) {
    const auto v = pelab_test::step_views("example", 5, "seq_len=4096&d=16&base=10000&i=5&j=2", Lang::en);
    ASSERT_EQ(v.size(), 2u);
    const PositionMapView& m = *v[0].map().map;
    EXPECT_EQ(m.spec.kind, PositionMapKind::rope);
    EXPECT_EQ(m.spec.L, 4096);
    EXPECT_EQ(m.spec.d, 16);
    // Golden (scripts/golden/example_lesson.py): 11.0862 at (5, 2) and at (4095, 4092), the far end of the diagonal.
    EXPECT_NEAR(position_map_value(m.spec, 5, 2), 11.0862, 5e-5);
    EXPECT_NEAR(position_map_value(m.spec, 4095, 4092), position_map_value(m.spec, 5, 2), 1e-9);
    EXPECT_TRUE(pelab_test::any_note_contains(v, "One diagonal's two ends: 11.0862 at (5, 2), 11.0862 at (4095, 4092)."));
    // Golden: 4096² cells, 2·4096 − 1 distances, d/2 frequencies; n²/(2n − 1) ≈ 2048.
    const BarsView& b = v[1].bars();
    EXPECT_EQ(b.values, (std::vector<double>{16777216, 8191, 8}));
    EXPECT_TRUE(b.log);
    EXPECT_TRUE(pelab_test::any_note_contains(v, "2048× fewer numbers than per pair"));
}

TEST(ExampleLesson, ShowsEveryKindOfFigure) {
    const Lesson& lesson = *find_lesson("example");
    std::set<ViewKind> kinds;
    for (std::size_t i = 0; i < lesson.steps.size(); ++i)
        for (const ViewData& view : pelab_test::step_views("example", int(i) + 1, "", Lang::en)) kinds.insert(view.kind());
    for (ViewKind kind : {ViewKind::Heatmap, ViewKind::Table, ViewKind::Curve, ViewKind::PositionMap, ViewKind::Phasor,
                          ViewKind::Odometer, ViewKind::Bars})
        EXPECT_TRUE(kinds.count(kind)) << figure_kind_name(kind);
}

TEST(ExampleLesson, ShowsTheRulesALessonFollows) {
    const Lesson& lesson = *find_lesson("example");
    // One prediction (its figure covered until answered) and one check question.
    int predictions = 0, checks = 0;
    for (const Step& step : lesson.steps)
        for (const Question& q : step.questions) (q.predict ? predictions : checks) += 1;
    EXPECT_EQ(predictions, 1);
    EXPECT_EQ(checks, 1);
    EXPECT_TRUE(step_has_prediction(lesson.steps[2]));
    // A source: a key of the bibliography, cited in the words of the step that follows it.
    ASSERT_EQ(lesson.references, (std::vector<std::string>{"su2021"}));
    EXPECT_NE(find_reference("su2021"), nullptr);
    EXPECT_TRUE(pelab_test::any_note_contains(pelab_test::step_views("example", 3, "", Lang::en), "Su et al. (2021)"));
    // Glossary links where a term is first shown, and a takeaway on every step.
    EXPECT_NE(std::string(lesson.steps[0].body.en).find("[[query]]"), std::string::npos);
    for (const Step& step : lesson.steps) EXPECT_FALSE(std::string(step.takeaway.en).empty()) << step.id;
    // The recap last, one table row per claim.
    EXPECT_STREQ(lesson.steps.back().id, "recap");
    const auto recap = pelab_test::step_views("example", int(lesson.steps.size()), "L=6&seq_len=4096", Lang::en);
    const TableView& t = recap[0].table();
    ASSERT_EQ(t.values.rows(), 5);
    EXPECT_EQ(t.values(0, 0), 11);  // 2L − 1 distances against L² = 36 cells
    EXPECT_EQ(t.values(0, 1), 36);
    EXPECT_EQ(t.values(4, 0), 8191);
    EXPECT_EQ(t.values(4, 1), 16777216);
}

// A takeaway is tested whole, as the learner reads it, at the defaults and at other inputs: its numbers come from
// them (L² cells, 2L − 1 distances).
TEST(ExampleLesson, TakeawaySaysItsNumbersAndItsReason) {
    EXPECT_EQ(pelab_test::step_takeaway("example", 1, ""),
              "The 36 cells hold only 11 distances: q − k is the same all along a diagonal, so an encoding that looks "
              "only at distance needs 11 numbers, not 36.");
    EXPECT_EQ(pelab_test::step_takeaway("example", 1, "L=4"),
              "The 16 cells hold only 7 distances: q − k is the same all along a diagonal, so an encoding that looks "
              "only at distance needs 7 numbers, not 16.");
}

TEST(ExampleLesson, IsNotInTheCurriculum) {
    ASSERT_NE(find_lesson("example"), nullptr);
    for (const Lesson* lesson : lesson_registry()) EXPECT_STRNE(lesson->id, "example");
}

}  // namespace

#endif  // PELAB_NO_EXAMPLE_LESSON
