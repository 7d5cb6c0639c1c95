// PE Lab — tests/lessons/long_context_lesson_test.cpp
// The specific numbers of the lesson "long-context" (scaling RoPE): each step's live checks say what the core
// computes (the base's two effects, Hugging Face transformers' scaling quantities, the diagnosis beyond the training
// length). The steps that moved to "beyond-training" (phase wrap, the odometer, ALiBi, the clipped
// methods) are checked in beyond_training_lesson_test.cpp, the links to them in moved_steps_test.cpp. The generic
// checks of every lesson (text, shapes, explain, the min/max of every parameter) live in battery_test.cpp.
//
// [SECTION] helpers
// [SECTION] the base
// [SECTION] NTK-aware, dynamic NTK, YaRN and Llama 3
// [SECTION] diagnosis
// [SECTION] content corrections
// [SECTION] the deciding cells
#include <cmath>
#include <string>
#include <vector>

#include "core/relative/alibi.h"
#include "core/rope/rope_scaling.h"
#include "core/rope/rope.h"
#include "core/absolute/sinusoidal.h"
#include "core/relative/t5.h"
#include "matrix_assert.h"
#include "lessons/lesson.h"
#include "lesson_views.h"

namespace {

using namespace pelab;
using pelab_test::any_note_contains;
using pelab_test::all_notes;
using pelab_test::step_views;

// [SECTION] helpers
// The views of the lesson's step named `id` (its number changes when steps are split; its id does not).
std::vector<ViewData> lc_views(const char* id, const std::string& query, Lang lang = Lang::en) {
    const Lesson* lesson = find_lesson("long-context");
    EXPECT_NE(lesson, nullptr);
    if (!lesson) return {};
    const int n = step_number_of(*lesson, id);
    EXPECT_GT(n, 0) << id;
    if (n <= 0) return {};
    return step_views("long-context", n, query, lang);
}
const Step& lc_step(const char* id) {
    const Lesson* lesson = find_lesson("long-context");
    return lesson->steps[static_cast<std::size_t>(step_number_of(*lesson, id) - 1)];
}

// [SECTION] the base
TEST(LongContextLesson, StepsAndParams) {
    ASSERT_NE(find_lesson("long-context"), nullptr);
    EXPECT_EQ(find_lesson("long-context")->steps.size(), 19u);
    EXPECT_EQ(find_lesson("long-context")->old_numbering.size(), 10u);
    EXPECT_EQ(find_lesson("long-context")->moved_steps.size(), 10u);
    for (const Step& step : find_lesson("long-context")->steps) EXPECT_FALSE(step.equations.empty()) << step.title.en;
    // The first step says what problem the lesson solves, and the lesson ends with its recap.
    EXPECT_NE(std::string(find_lesson("long-context")->steps.front().body.en).find("this lesson changes the pairs'"), std::string::npos);
    EXPECT_STREQ(find_lesson("long-context")->steps.back().id, "recap");
}

TEST(LongContextLesson, OldLog10BaseLinksStillWork) {
    const auto v = lc_views("base-effect", "log10_base=5");
    const TableView& table = v[0].table();
    bool current = false;
    for (Eigen::Index r = 0; r < table.values.rows(); ++r)
        if (table.row_labels[static_cast<std::size_t>(r)] == "current") current = table.values(r, 0) == 1e5;
    EXPECT_TRUE(current);
}

TEST(LongContextLesson, BaseEffectLargerBaseFewerWrapsCoarserResolution) {
    const auto v = lc_views("base-effect", "");
    const TableView& table = v[0].table();
    for (Eigen::Index r = 1; r < table.values.rows(); ++r) {
        EXPECT_LE(table.values(r, 1), table.values(r - 1, 1));  // pairs wrapping within L
        EXPECT_LT(table.values(r, 4), table.values(r - 1, 4));  // neighbour score drop
    }
    // The tutorials' simplified claim is set against the table's own first and last rows.
    EXPECT_TRUE(any_note_contains(v, "A common simplified version found in tutorials")) << all_notes(v);
    EXPECT_TRUE(any_note_contains(v, "from base 100 to 1e+07")) << all_notes(v);
}

// [SECTION] NTK-aware, dynamic NTK, YaRN and Llama 3
TEST(LongContextLesson, NtkAwareEndsAtOneOverS) {
    const auto v = lc_views("ntk-aware", "factor=8");
    const std::vector<double>& ntk = v[0].curve().series[0];
    EXPECT_NEAR(ntk.front(), 1.0, 1e-15);
    EXPECT_NEAR(ntk.back(), 0.125, 1e-12);
    for (double x : v[0].curve().series[1]) EXPECT_NEAR(x, 0.125, 1e-15);
}

TEST(LongContextLesson, DynamicNtkNoChangeUpToL) {
    const auto v = lc_views("dynamic-ntk-bracket", "");
    const TableView& table = v[0].table();
    EXPECT_EQ(table.values(0, 1), 10000.0);  // L/2
    EXPECT_EQ(table.values(1, 1), 10000.0);  // L
    EXPECT_GT(table.values(2, 1), 10000.0);
    EXPECT_TRUE(any_note_contains(lc_views("dynamic-ntk", ""), "For seq_len ≤ L the base stays 10000"));
}

TEST(LongContextLesson, YarnAndLlama3FromCore) {
    const auto v = lc_views("yarn-llama3", "");
    const TableView& yarn = v[1].table();
    EXPECT_NEAR(yarn.values(0, 0), yarn_find_correction_dim(32, 128, 10000, 2048), 1e-12);
    EXPECT_EQ(yarn.values(1, 0), 16.0);
    EXPECT_EQ(yarn.values(3, 0), 41.0);
    // 0.1·ln 4 + 1 = 1.138629…, shown to 6 significant digits; the curve at s = 1 is exactly 1.
    const auto att = lc_views("yarn-attention-factor", "");
    EXPECT_TRUE(any_note_contains(att, "YaRN's attention factor = 1.13863")) << all_notes(att);
    EXPECT_EQ(att[0].curve().series[0].front(), 1.0);
    EXPECT_EQ(att[0].curve().vlines_x, std::vector<double>{4.0});
    const auto bands = lc_views("llama3-bands", "");
    const TableView& llama = bands[1].table();
    EXPECT_EQ(llama.values(0, 0) + llama.values(1, 0) + llama.values(2, 0), 64.0);
}

// [SECTION] diagnosis
TEST(LongContextLesson, DiagnosisUnseenPairs) {
    const auto v = lc_views("diagnosis", "seq_len=8192&factor=4&original_max=2048");
    const auto floor = lc_views("diagnosis-floor", "seq_len=8192&factor=4&original_max=2048");
    const TableView& table = floor[0].table();
    ASSERT_EQ(table.values.rows(), 6);
    EXPECT_GT(table.values(0, 0), 0.0);   // none: slow pairs meet new angles
    EXPECT_EQ(table.values(1, 0), 0.0);   // linear with seq_len = s·L: none
    EXPECT_LE(table.values(4, 0), table.values(0, 0));
    EXPECT_EQ(v[0].curve().series.size(), 6u);
    EXPECT_GT(v[0].curve().series[0].front(), v[0].curve().series[0].back());  // the unscaled score decays
}

// Binned means of normalised scores: at most 1 (times YaRN's attention factor squared), for every scaling.
class LongContextDiagnosis : public ::testing::TestWithParam<int> {};

TEST_P(LongContextDiagnosis, DiagnosisScoresBoundedByAttentionFactorSquared) {
    const auto v = lc_views("diagnosis", "seq_len=8192&factor=4&original_max=2048");
    const std::size_t s = static_cast<std::size_t>(GetParam());
    ASSERT_LT(s, v[0].curve().series.size());
    const double bound = s == 4 ? std::pow(yarn_get_mscale(4), 2) : 1.0;  // row 4 is YaRN
    for (double y : v[0].curve().series[s]) EXPECT_LE(std::fabs(y), bound + 1e-12);
}

INSTANTIATE_TEST_SUITE_P(EveryScaling, LongContextDiagnosis, ::testing::Range(0, 6));

// [SECTION] content corrections
// [SECTION] the deciding cells
TEST(LongContextLesson, NoTextCallsTheSourceNotesASeed) {
    for (const Step& step : find_lesson("long-context")->steps)
        for (const char* text : {step.body.en, step.body.zh}) {
            EXPECT_EQ(std::string(text).find("Seed"), std::string::npos) << text;
            EXPECT_EQ(std::string(text).find("种子"), std::string::npos) << text;
        }
    for (std::size_t s = 1; s <= find_lesson("long-context")->steps.size(); ++s)
        for (const ViewData& v : step_views("long-context", static_cast<int>(s), ""))
            for (const std::string& n : v.notes) {
                const std::size_t at = n.find("seed");
                EXPECT_TRUE(at == std::string::npos || n.compare(at - 7, 11, "random seed") == 0) << n;
            }
}

TEST(LongContextLesson, NtkUnseenPairsAgreeAcrossNtkScaleFactorsAndDiagnosis) {
    const std::string q = "seq_len=8192&factor=4&original_max=2048";
    EXPECT_TRUE(any_note_contains(lc_views("ntk-slow-pairs", q), "23 pairs never completed a turn in training (λᵢ > L); under NTK 22"));
    EXPECT_TRUE(any_note_contains(lc_views("ntk-slow-pairs", q), "only from pair 63 on"));
    const TableView trade = lc_views("trade-offs", q)[0].table();
    EXPECT_EQ(trade.values(2, 5), 22.0);  // row 2: NTK
    // The deciding cells are marked: each strategy's unseen pairs (red where some), PI's every pair squeezed.
    int unseen_marks = 0, squeezed = 0;
    for (const CellMark& m : trade.marks) {
        if (m.col == 5) {
            ++unseen_marks;
            EXPECT_EQ(m.holds, trade.values(m.row, 5) == 0.0) << m.row;
            EXPECT_EQ(m.word, m.holds ? "none unseen" : "unseen angles") << m.row;
        }
        if (m.col == 3) {
            ++squeezed;
            EXPECT_EQ(trade.row_labels[size_t(m.row)].find("PI") != std::string::npos || trade.values(m.row, 2) == 0.0, true);
        }
    }
    EXPECT_EQ(unseen_marks, 6);
    EXPECT_GE(squeezed, 1);
    EXPECT_EQ(lc_views("diagnosis-floor", q)[0].table().values(2, 0), 22.0);
    const auto side = lc_views("unseen-angles", q);
    const CurveView& angles = side[0].curve();
    ASSERT_EQ(angles.series.size(), 7u);  // six scalings and the line at 1
    for (double y : angles.series[0]) EXPECT_NEAR(y, 4.0, 1e-12);  // none: seq_len/L
    for (double y : angles.series[1]) EXPECT_NEAR(y, 1.0, 1e-12);  // PI
    for (double y : angles.series[6]) EXPECT_EQ(y, 1.0);
    EXPECT_NEAR(angles.series[2].back(), 1.0, 1e-12);  // NTK: only the last pair gets the full 1/s
    EXPECT_GT(angles.series[2][62], 1.0);
    EXPECT_TRUE(any_note_contains(side, "Slow pairs past their largest training angle — no scaling: 23 pairs; linear (PI): 0 pairs; NTK: 22 pairs")) << all_notes(side);
}

TEST(LongContextLesson, DynamicNtkSaysWhatTheBracketImplies) {
    const auto v = lc_views("dynamic-ntk-bracket", "factor=4&original_max=2048");
    EXPECT_TRUE(any_note_contains(v, "the bracket is s² − s + 1 = 13, not s = 4")) << all_notes(v);
    EXPECT_TRUE(any_note_contains(v, "s/(s² − s + 1) = 0.3077")) << all_notes(v);
    EXPECT_TRUE(any_note_contains(v, "at seq_len = (2 − 1/s)·L = 3584")) << all_notes(v);
    const TableView& table = v[0].table();
    EXPECT_NEAR(table.values(4, 2), 1.0 / 13, 1e-12);  // s·L: the last pair divided by s² − s + 1
    EXPECT_NEAR(table.values(4, 3), 4.0 / 13, 1e-12);
    for (Eigen::Index r = 0; r < table.values.rows(); ++r) EXPECT_LE(table.values(r, 3), 1.0 + 1e-12);
}

TEST(LongContextLesson, DiagnosisSaysWhatYarnsAttentionFactorIsFor) {
    const auto att = lc_views("yarn-attention-factor", "");
    EXPECT_TRUE(any_note_contains(att, "sharpens the softmax back")) << all_notes(att);
    EXPECT_TRUE(any_note_contains(lc_views("diagnosis", ""), "YaRN's curve includes the square of its attention factor, 1.29648"));
    const auto v = lc_views("diagnosis-floor", "");
    EXPECT_TRUE(any_note_contains(v, "Curves that go below it beyond L: no scaling")) << all_notes(v);
    const TableView& table = v[0].table();
    EXPECT_LT(table.values(0, 3), table.values(0, 4));  // unscaled: lower beyond L than within
}

// [SECTION] figures: odometer, wavelength spectrum
// The scaled odometer: the model's θᵢ fastest first, L·θᵢ/2π turns, p, and the chosen scaling's θ′ᵢ (the first
// odometer, without a scaled needle, is beyond-training's).
TEST(LongContextLesson, PhaseWrapOdometer) {
    const auto v = lc_views("odometer-scaled", "position=5000&scaling=linear&factor=4");
    const OdometerView& o = v[0].odometer();
    const Eigen::VectorXd theta = rope_default_inv_freq(128, 10000);
    ASSERT_EQ(o.theta.size(), 64u);
    ASSERT_EQ(o.theta_scaled.size(), 64u);
    for (int i = 0; i < 64; ++i) {
        EXPECT_EQ(o.theta[i], theta(i));
        EXPECT_NEAR(o.turns_in_training[i], 2048 * theta(i) / (2 * M_PI), 1e-12 * o.turns_in_training[i]);
        EXPECT_NEAR(o.theta_scaled[i], theta(i) / 4, 1e-15);  // PI divides every θ by s
    }
    EXPECT_EQ(o.position, 5000.0);
    EXPECT_EQ(o.train_length, 2048.0);
    EXPECT_TRUE(any_note_contains(v, "23 of 64 pairs did not complete one turn")) << all_notes(v);
    // At p = 5000 with PI (5000/4 = 1250 < L) no needle leaves the training arc.
    EXPECT_TRUE(any_note_contains(v, "With the linear (PI) frequencies it is 0 pairs.")) << all_notes(v);
    EXPECT_TRUE(lc_views("odometer-scaled", "scaling=none")[0].odometer().theta_scaled.empty());
    EXPECT_EQ(lc_step("odometer-scaled").timeline.param, "position");
    // The takeaway counts the needles off their arc under both frequencies (YaRN at p = 3000: none).
    ParamSet p = defaults(find_lesson("long-context")->params);
    EXPECT_EQ(step_takeaway(lc_step("odometer-scaled"), p, Lang::en).find("At p = 3000, 21 pairs point at unseen angles with the "
                                                                          "original frequencies, 0 with YaRN's"), 0u)
        << step_takeaway(lc_step("odometer-scaled"), p, Lang::en);
}

// The base-far-bound step's view: log Δ to 65,536, per base (base/10, base, 10·base) the score and B(Δ)/B(0) dashed, B
// written out here as (2/d) Σ_j |Σ_{p<j} e^{iΔθ_p}|.
TEST(LongContextLesson, BaseEffectDecayBound) {
    const auto v = lc_views("base-far-bound", "d=16");
    const CurveView& c = v[0].curve();
    EXPECT_TRUE(c.log_x);
    EXPECT_EQ(c.x.back(), 65536.0);
    ASSERT_EQ(c.series.size(), 6u);
    const double bases[] = {1e3, 1e4, 1e5};
    for (int b = 0; b < 3; ++b) {
        const Eigen::VectorXd theta = rope_default_inv_freq(16, bases[b]);
        for (std::size_t k = 0; k < c.x.size(); k += 23) {
            double total = 0.0, re = 0.0, im = 0.0;
            for (int p = 0; p < 8; ++p) {
                re += std::cos(c.x[k] * theta(p));
                im += std::sin(c.x[k] * theta(p));
                total += std::hypot(re, im);
            }
            EXPECT_NEAR(c.series[2 * b + 1][k], (total / 8) / 4.5, 1e-12);  // B(0) = (8 + 1)/2
        }
    }
    EXPECT_EQ(c.vlines_x, std::vector<double>{2048});
}

// The wavelength-spectrum step: λᵢ = 2π/θ′ᵢ per scaling on a log axis, L and seq_len as lines, YaRN's ramp as vlines.
TEST(LongContextLesson, ScaleFactorsWavelengthSpectrum) {
    const auto v = lc_views("wavelength-spectrum", "seq_len=8192&factor=4&original_max=2048");
    const CurveView& c = v[0].curve();
    EXPECT_TRUE(c.log_y);
    ASSERT_EQ(c.series.size(), 6u);  // none, PI, NTK, dynamic NTK, YaRN, Llama 3: the order of the neighbouring steps
    const Eigen::VectorXd theta = rope_default_inv_freq(128, 10000);
    for (int i = 0; i < 64; ++i) {
        EXPECT_NEAR(c.series[0][i], 2 * M_PI / theta(i), 1e-9 * c.series[0][i]);
        EXPECT_NEAR(c.series[1][i], 4 * 2 * M_PI / theta(i), 1e-9 * c.series[1][i]);
    }
    EXPECT_EQ(c.hlines_y[0], 2048.0);
    EXPECT_EQ(c.hlines_y[1], 8192.0);
    EXPECT_EQ(c.hlines_y[2], 2048.0 / 4);  // Llama 3: L/high_freq_factor
    EXPECT_EQ(c.hlines_y[3], 2048.0 / 1);  // L/low_freq_factor
    const auto range = yarn_find_correction_range(32, 1, 128, 10000, 2048, true);
    ASSERT_FALSE(c.vlines_x.empty());
    EXPECT_EQ(c.vlines_x[0], range.first);
}

// [SECTION] the deciding cells: computed from the table's own numbers
// The marks of `table` in column `col`, by row.
std::vector<const CellMark*> marks_in(const TableView& table, int col) {
    std::vector<const CellMark*> out;
    for (const CellMark& m : table.marks)
        if (m.col == col) out.push_back(&m);
    return out;
}

TEST(LongContextLesson, DecidingCellsAreMarkedFromTheNumbers) {
    // The base's trade: the smallest base wraps most and is sharpest but repeats first; the largest the reverse.
    const TableView base = lc_views("base-effect", "")[0].table();
    const int last = static_cast<int>(base.values.rows()) - 1;
    ASSERT_EQ(base.marks.size(), 6u);
    for (const CellMark& m : base.marks) {
        if (m.word == "most wrap" || m.word == "sharpest" || m.word == "repeats first") EXPECT_EQ(m.row, 0) << m.word;  // base 100
        if (m.word == "fewest wrap" || m.word == "coarsest" || m.word == "longest reach") EXPECT_EQ(m.row, last) << m.word;
        EXPECT_EQ(m.holds, m.word == "most wrap" || m.word == "sharpest" || m.word == "longest reach") << m.word;
    }
    EXPECT_GT(base.values(last, 2), base.values(0, 2));  // the longest wavelength grows with the base
    EXPECT_EQ(base.values(0, 1), 64.0);
    EXPECT_EQ(base.values(last, 1), 23.0);
    // PI's cost: the fastest pair's θ/s is marked, and nothing at s = 1 (no squeeze).
    const TableView pi = lc_views("pi-local-cost", "")[0].table();
    ASSERT_EQ(pi.marks.size(), 1u);
    EXPECT_EQ(pi.marks[0].row, 0);
    EXPECT_EQ(pi.marks[0].col, 1);
    EXPECT_EQ(pi.values(0, 1), 0.25);  // θ₀ = 1 divided by s = 4
    EXPECT_TRUE(lc_views("pi-local-cost", "factor=1")[0].table().marks.empty());
    // NTK's slow pairs: only pairs short of a turn are marked; above 1 is a new angle.
    const TableView slow = lc_views("ntk-slow-pairs", "")[0].table();
    for (const CellMark& m : slow.marks) {
        EXPECT_GT(slow.values(m.row, 0), 2048.0) << m.row;
        EXPECT_EQ(m.holds, slow.values(m.row, 3) <= 1.0 + 1e-9) << m.row;
    }
    ASSERT_EQ(slow.marks.size(), 2u);  // pairs 41 (1.6227: new) and 63 (exactly 1: none new)
    EXPECT_FALSE(slow.marks[0].holds);
    EXPECT_TRUE(slow.marks[1].holds);
    // Dynamic NTK: the s·L row is over-compressed for s > 1, and nothing is marked at s = 1.
    const TableView bracket = lc_views("dynamic-ntk-bracket", "factor=4&original_max=2048")[0].table();
    ASSERT_EQ(bracket.marks.size(), 1u);
    EXPECT_EQ(bracket.marks[0].row, 4);
    EXPECT_EQ(bracket.marks[0].word, "over-compressed");
    EXPECT_TRUE(lc_views("dynamic-ntk-bracket", "factor=1")[0].table().marks.empty());
    // The diagnosis: each strategy's lowest bin beyond L against the floor; only no scaling goes below at the defaults.
    const TableView floor = lc_views("diagnosis-floor", "")[0].table();
    ASSERT_EQ(marks_in(floor, 3).size(), 6u);
    for (const CellMark* m : marks_in(floor, 3)) EXPECT_EQ(m->holds, m->row != 0) << m->row;
    // The recap: per scaling its unseen pairs (marked) and its lowest score past L (marked below the floor).
    const TableView recap = lc_views("recap", "")[0].table();
    ASSERT_EQ(recap.values.rows(), 6);
    EXPECT_EQ(marks_in(recap, 2).size(), 6u);
    for (const CellMark* m : marks_in(recap, 2)) EXPECT_EQ(m->holds, recap.values(m->row, 2) == 0.0) << m->row;
    ASSERT_EQ(marks_in(recap, 3).size(), 1u);  // only no scaling falls below the floor at the defaults
    EXPECT_EQ(marks_in(recap, 3)[0]->row, 0);
    EXPECT_EQ(recap.values(1, 0), 0.25);       // PI: pair 0 divided by s
    EXPECT_EQ(recap.values(4, 0), 1.0);        // YaRN: pair 0 kept
    EXPECT_EQ(recap.values(2, 2), 22.0);       // NTK's unseen pairs, as on every other step
}

// [SECTION] what the screen says agrees with the figure
// Llama 3's curve leaves 1 at the first pair past L/high_ff, and the text and the marked line name that pair.
TEST(LongContextLesson, Llama3DepartureIsNamedWhereTheCurveDeparts) {
    const auto v = lc_views("llama3-bands", "");
    const CurveView& c = v[0].curve();
    const Eigen::VectorXd theta = rope_default_inv_freq(128, 10000);
    int first = -1;
    for (int i = 0; i < 64 && first < 0; ++i)
        if (std::fabs(c.series[0][size_t(i)] - 1.0) > 1e-9) first = i;
    ASSERT_EQ(first, 31);  // λ₃₁ = 2π·10000^(62/128) ≈ 544 > 2048/4, λ₃₀ ≈ 471 < 512
    EXPECT_GT(2 * M_PI / theta(31), 512.0);
    EXPECT_LT(2 * M_PI / theta(30), 512.0);
    ASSERT_FALSE(c.vlines_x.empty());
    EXPECT_EQ(c.vlines_x[0], 31.0);
    EXPECT_EQ(c.markers_x.size(), 64u);
    EXPECT_TRUE(any_note_contains(v, "Pair 30 (λ = 471.2) is still kept and pair 31 (λ = 544.1) is the first past L/high_ff = 512")) << all_notes(v);
    ParamSet p = defaults(find_lesson("long-context")->params);
    EXPECT_NE(step_takeaway(lc_step("llama3-bands"), p, Lang::en).find("the curve leaves 1 at pair 31"), std::string::npos);
    const auto w = lc_views("wavelength-spectrum", "");
    EXPECT_TRUE(any_note_contains(w, "Llama 3 leaves the original wavelengths at pair 31")) << all_notes(w);
    // Llama 3.1's own settings (base 500000, s = 8, L = 8192): the pair the text names is where the curve departs.
    const auto l31 = lc_views("llama3-bands", "base=500000&factor=8&original_max=8192&low_freq_factor=1&high_freq_factor=4");
    int first31 = -1;
    for (std::size_t i = 0; i < l31[0].curve().series[0].size() && first31 < 0; ++i)
        if (std::fabs(l31[0].curve().series[0][i] - 1.0) > 1e-9) first31 = int(i);
    ASSERT_GT(first31, 0);
    EXPECT_EQ(l31[0].curve().vlines_x[0], first31);
    EXPECT_TRUE(any_note_contains(l31, "pair " + std::to_string(first31) + " (λ = ")) << all_notes(l31);
}

// RoFormer's dashed line is the shape of the bound, not a bound on the solid score: where it runs below, the note
// says so and counts where.
TEST(LongContextLesson, BoundShapeBelowTheScoreIsExplained) {
    const auto v = lc_views("base-far-bound", "");
    const CurveView& c = v[0].curve();
    int below = 0;
    for (std::size_t k = 0; k < c.x.size(); ++k) below += c.series[2][k] > c.series[3][k] + 1e-12 ? 1 : 0;  // base 10000
    ASSERT_GT(below, 0);
    EXPECT_TRUE(any_note_contains(v, "the dashed line may run below the solid one (for base = 10000, at " + std::to_string(below) +
                                         " of the " + std::to_string(c.x.size()) + " distances drawn)")) << all_notes(v);
}

// NTK leaves 22 slow pairs at new angles yet passes the floor test: the table's last column and a note say why.
TEST(LongContextLesson, NtkPassesTheFloorAndTheScreenSaysWhy) {
    const auto v = lc_views("diagnosis-floor", "");
    const TableView& t = v[0].table();
    ASSERT_EQ(t.values.cols(), 6);
    EXPECT_EQ(t.values(2, 0), 22.0);
    for (const CellMark& m : t.marks)
        if (m.row == 2 && m.col == 3) EXPECT_TRUE(m.holds);  // NTK's lowest bin beyond L stays above the floor
    EXPECT_NEAR(t.values(0, 5), 4.0, 1e-12);    // no scaling: every slow pair at seq_len/L = 4 times its range
    EXPECT_NEAR(t.values(2, 5), 1.6227, 1e-4);  // NTK: pair 41 overshoots most
    EXPECT_LE(t.values(1, 5), 1.0 + 1e-12);     // PI: none
    EXPECT_TRUE(any_note_contains(v, "New angles are not new scores: NTK has 22 slow pairs past their trained angles, but they "
                                     "overshoot by at most 1.62× (no scaling: 4×)")) << all_notes(v);
    ParamSet p = defaults(find_lesson("long-context")->params);
    EXPECT_EQ(step_takeaway(lc_step("diagnosis-floor"), p, Lang::en),
              "Below the floor −0.0308 past L: no scaling. NTK's 22 pairs at new angles overshoot by at most 1.62× (no scaling 4×), "
              "too little to pull its mean that low.")
        << step_takeaway(lc_step("diagnosis-floor"), p, Lang::en);
}

// The predictions are asked before the evidence; the title and the body (never covered) do not give them away.
TEST(LongContextLesson, PredictionsStayPredictions) {
    for (const char* id : {"pi-local-cost", "ntk-aware", "dynamic-ntk"}) {
        const Step& step = lc_step(id);
        ASSERT_EQ(step.questions.size(), 1u) << id;
        EXPECT_TRUE(step.questions[0].predict) << id;
    }
    EXPECT_EQ(std::string(lc_step("ntk-aware").body.en).find("1/s for the last pair"), std::string::npos);
    EXPECT_EQ(std::string(lc_step("dynamic-ntk").body.en).find("changes nothing"), std::string::npos);
    EXPECT_EQ(std::string(lc_step("pi-local-cost").title.en).find("short range"), std::string::npos);
    EXPECT_EQ(std::string(lc_step("pi-local-cost").body.en).find("every pair slows"), std::string::npos);
}

}  // namespace
