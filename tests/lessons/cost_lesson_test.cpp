// PE Lab — tests/lessons/cost_lesson_test.cpp
// The numbers of the cost lesson: the memory table is core's (cost.h), the timings are live (at least three
// runs, never negative), and the decision guide's properties are measured on small models of each family
// (what every lesson must satisfy is checked for all of them at once by battery_test.cpp).
//
// [SECTION] parameters
// [SECTION] memory and time
// [SECTION] decision guide
#include <cmath>
#include <string>
#include <vector>

#include "core/cost/cost.h"
#include "lessons/lesson.h"
#include "lesson_views.h"

namespace {

using namespace pelab;
using pelab_test::any_note_contains;
using pelab_test::step_views;

// [SECTION] parameters
// d was a choice of 32, 64, 128 and 256: every old link still parses, and d is now an Int in steps of 32.
TEST(CostLesson, ParamsAndOldLinks) {
    const Lesson* lesson = find_lesson("cost");
    ASSERT_NE(lesson, nullptr);
    std::vector<std::string> names;
    for (const ParamSpec& s : lesson->params) names.push_back(s.name);
    EXPECT_EQ(names, (std::vector<std::string>{"N", "d", "heads", "num_buckets", "trial"}));
    EXPECT_EQ(static_cast<int>(lesson->params[1].kind), static_cast<int>(ParamKind::Int));
    for (const char* d : {"32", "64", "128", "256", "96"}) {
        ParamSet p = defaults(lesson->params);
        EXPECT_TRUE(parse_params(lesson->params, {{"d", d}}, &p).empty()) << d;
        EXPECT_EQ(p.geti("d"), std::stoi(d));
    }
    ParamSet p = defaults(lesson->params);
    EXPECT_FALSE(parse_params(lesson->params, {{"d", "48"}}, &p).empty());  // not a multiple of 32
}

// [SECTION] memory and time
TEST(CostLesson, MemoryTableComesFromCore) {
    ASSERT_NE(find_lesson("cost"), nullptr);
    EXPECT_EQ(find_lesson("cost")->steps.size(), 10u);  // nine steps and the recap
    const auto v = step_views("cost", 1, "N=300&d=128&heads=12&num_buckets=16");
    const auto& methods = all_position_methods();
    CostModel model;
    model.heads = 12;
    model.num_buckets = 16;
    ASSERT_EQ(v[0].table().values.rows(), static_cast<Eigen::Index>(methods.size()));
    // The curve of the next step (log scale) uses the same heads and buckets as the table: its last point is N = 300.
    const auto growth = step_views("cost", step_number_of(*find_lesson("cost"), "storage-growth"), "N=300&d=128&heads=12&num_buckets=16");
    const CurveView& curve = growth[0].curve();
    EXPECT_TRUE(curve.log_y);
    ASSERT_EQ(curve.series.size(), methods.size());
    EXPECT_EQ(curve.x.back(), 300.0);
    for (std::size_t i = 0; i < methods.size(); ++i)
        EXPECT_EQ(curve.series[i].back(), position_table_bytes(methods[i], 300, 128, model) / (1024.0 * 1024.0));
    for (std::size_t i = 0; i < methods.size(); ++i)
        EXPECT_EQ(v[0].table().values(static_cast<Eigen::Index>(i), 0), position_table_bytes(methods[i], 300, 128, model));
    // A bias per pair against the embedding table at N = 300, d = 128: 300² · 8 B against 300 · 128 · 8 B.
    EXPECT_TRUE(any_note_contains(growth, "a bias per pair takes 703 KiB, 2.34× the embedding table's 300 KiB"));
    // The per-distance table grows with N; T5's is num_buckets × heads, ALiBi's one slope per head.
    const auto row = [&](PositionMethod m) { return v[0].table().values(static_cast<Eigen::Index>(m), 0); };
    EXPECT_EQ(row(PositionMethod::distance_bias), (2 * 300 - 1) * 8.0);
    EXPECT_EQ(row(PositionMethod::t5_bias), 16 * 12 * 8.0);
    EXPECT_EQ(row(PositionMethod::alibi_bias), 12 * 8.0);
    EXPECT_TRUE(any_note_contains(v, "T5's actual table is 16 buckets × 12 heads = 192 values (1.5 KiB)"));
    EXPECT_TRUE(any_note_contains(v, "H·N² = 12 × 300² = 1080000 numbers (8.24 MiB)"));
    const auto t = step_views("cost", step_number_of(*find_lesson("cost"), "measured-time"), "N=64&d=32");
    const auto numbers = step_views("cost", step_number_of(*find_lesson("cost"), "time-per-element"), "N=64&d=32");
    const TableView& timings = numbers[0].table();
    for (Eigen::Index r = 0; r < timings.values.rows(); ++r) {
        EXPECT_GE(timings.values(r, 0), 0.0);
        EXPECT_GE(timings.values(r, 2), 3.0);  // at least three timed runs
        EXPECT_EQ(timings.values(r, 4), position_work_items(methods[static_cast<std::size_t>(r)], 64, 32));
    }
    // The deciding cells: the N² methods' element counts (N² = 4096 at N = 64) and the dearest element, wherever
    // this run measured it.
    int many = 0, dear = 0;
    for (const CellMark& m : timings.marks) {
        EXPECT_FALSE(m.holds);
        if (m.col == 4) {
            ++many;
            EXPECT_EQ(timings.values(m.row, 4), 64.0 * 64.0);
            EXPECT_EQ(m.word, "N² elements");
        } else {
            ASSERT_EQ(m.col, 1);
            ++dear;
            EXPECT_EQ(timings.values(m.row, 1), timings.values.col(1).maxCoeff());
            EXPECT_EQ(m.word, "costly element");
        }
    }
    EXPECT_EQ(many, 4);  // full bias, per distance, T5, ALiBi
    EXPECT_GE(dear, 1);
    // Step growth-table: the last row is each column's growth, marked against the predicted law.
    const auto growth_times = step_views("cost", step_number_of(*find_lesson("cost"), "growth-table"), "N=512&d=32");
    const TableView& gt = growth_times[0].table();
    const Eigen::Index growth_row = gt.values.rows() - 1;
    EXPECT_EQ(gt.row_labels.back(), "growth ×");
    for (Eigen::Index c = 0; c < gt.values.cols(); ++c)
        if (gt.values(0, c) > 0) EXPECT_DOUBLE_EQ(gt.values(growth_row, c), gt.values(growth_row - 1, c) / gt.values(0, c));
    for (const CellMark& m : gt.marks) {
        EXPECT_EQ(m.row, growth_row);
        const PositionMethod method = methods[static_cast<std::size_t>(m.col)];
        const bool n_squared = method != PositionMethod::embedding_add && method != PositionMethod::rope_cached &&
                               method != PositionMethod::rope_uncached;
        const double exponent = std::log(gt.values(growth_row, m.col)) / std::log(8.0);
        EXPECT_EQ(m.holds, std::fabs(exponent - (n_squared ? 2 : 1)) < 0.5);
        EXPECT_EQ(m.word, std::string(m.holds ? "" : "not ") + (n_squared ? "as N²" : "as N"));
    }
    // Step what-is-stored marks its smallest table (ALiBi's slopes) and its largest (a bias per pair).
    ASSERT_EQ(v[0].table().marks.size(), 2u);
    EXPECT_EQ(v[0].table().marks[0].row, static_cast<int>(PositionMethod::alibi_bias));
    EXPECT_EQ(v[0].table().marks[0].word, "smallest");
    EXPECT_EQ(v[0].table().marks[1].row, static_cast<int>(PositionMethod::full_bias));
    EXPECT_EQ(v[0].table().marks[1].word, "largest");
    // The bars: one per method, in the table's order (time-per-element: another measurement, so only the order
    // and the labels are compared), coloured by how the method's work grows (N·d: embedding add and RoPE; N²:
    // the biases); no bar when the clock saw 0 µs.
    const BarsView& bars = t[0].bars();
    ASSERT_EQ(bars.values.size(), methods.size());
    ASSERT_EQ(bars.groups.size(), methods.size());
    EXPECT_TRUE(bars.log);
    for (size_t i = 0; i < methods.size(); ++i) {
        EXPECT_EQ(bars.labels[i], timings.row_labels[i]);
        EXPECT_TRUE(std::isnan(bars.values[i]) || bars.values[i] > 0);
        const bool grows_with_d = methods[i] == PositionMethod::embedding_add || methods[i] == PositionMethod::rope_cached ||
                                  methods[i] == PositionMethod::rope_uncached;
        EXPECT_EQ(bars.groups[i], grows_with_d ? 0 : 1) << bars.labels[i];
        EXPECT_NE(bars.explain(static_cast<int>(i)).find(" runs"), std::string::npos);
    }
    EXPECT_TRUE(any_note_contains(t, "Measured this time, fastest first: "));
    const auto generation = step_views("cost", step_number_of(*find_lesson("cost"), "one-new-token"), "N=64&d=32");
    EXPECT_TRUE(any_note_contains(generation, "so each new token rotates only its own q and k (64 numbers per head)"));
    // One new token, per head: RoPE rotates its q and k (2d = 64), a bias adds one value per cached key (N = 64).
    const BarsView& per_token = generation[0].bars();
    ASSERT_EQ(per_token.values.size(), methods.size());
    for (size_t i = 0; i < methods.size(); ++i) {
        // Embedding add: the new token's one row of d = 32; every other method 64 (2d, or N).
        EXPECT_EQ(per_token.values[i], methods[i] == PositionMethod::embedding_add ? 32.0 : 64.0) << per_token.labels[i];
    }
}

// One run per inputs: the bars of measured-time and the table of time-per-element show the same measurement, and
// a takeaway's measured numbers are the ones its figure shows (the growth of the full bias, in the note and in
// the takeaway); changing re-run (trial) measures again.
TEST(CostLesson, OneRunServesTheFigureAndItsTakeaway) {
    const Lesson& lesson = *find_lesson("cost");
    const int timed = step_number_of(lesson, "measured-time"), numbers = step_number_of(lesson, "time-per-element");
    const auto bars = step_views("cost", timed, "N=96&d=32&trial=7");
    const auto table = step_views("cost", numbers, "N=96&d=32&trial=7");
    const BarsView& b = bars[0].bars();
    for (std::size_t i = 0; i < b.values.size(); ++i)
        if (!std::isnan(b.values[i])) EXPECT_EQ(b.values[i], table[0].table().values(static_cast<Eigen::Index>(i), 0)) << b.labels[i];
    ParamSet p = defaults(lesson.params);
    ASSERT_TRUE(parse_params(lesson.params, split_query("N=128&d=32&trial=7"), &p).empty());
    const Step& growth = lesson.steps[static_cast<std::size_t>(step_number_of(lesson, "growth-with-n") - 1)];
    const std::vector<ViewData> curve = growth.views(p, Lang::en);
    const std::string takeaway = step_takeaway(growth, p, Lang::en);
    const std::string& note = curve[0].notes[0];
    const std::string grows = "full bias time grows ";
    ASSERT_NE(note.find(grows), std::string::npos) << note;
    const std::string ratio = note.substr(note.find(grows) + grows.size(), note.find("×", note.find(grows)) - note.find(grows) - grows.size());
    EXPECT_NE(takeaway.find("full bias " + ratio + "×"), std::string::npos) << takeaway << " / " << note;
}

// The recap: one row per method, the lesson's claims as columns, each from core at these inputs.
TEST(CostLesson, RecapPutsTheClaimsSideBySide) {
    const Lesson& lesson = *find_lesson("cost");
    EXPECT_STREQ(lesson.steps.back().id, "recap");
    const auto v = step_views("cost", static_cast<int>(lesson.steps.size()), "N=512&d=64&heads=8&num_buckets=32");
    const TableView& t = v[0].table();
    const auto& methods = all_position_methods();
    ASSERT_EQ(t.values.rows(), static_cast<Eigen::Index>(methods.size()));
    CostModel model;
    for (std::size_t i = 0; i < methods.size(); ++i) {
        const Eigen::Index r = static_cast<Eigen::Index>(i);
        const bool n_squared = methods[i] != PositionMethod::embedding_add && methods[i] != PositionMethod::rope_cached &&
                               methods[i] != PositionMethod::rope_uncached;
        EXPECT_EQ(t.values(r, 0), position_table_bytes(methods[i], 512, 64, model));
        EXPECT_EQ(t.values(r, 1), position_work_items(methods[i], 512, 64));
        EXPECT_DOUBLE_EQ(t.values(r, 2), n_squared ? 64.0 : 8.0);  // the work from N = 64 to 512
        // One new token: the new row of the embedding (d), q and k rotated (2d), or one bias per cached key (N).
        EXPECT_EQ(t.values(r, 3), methods[i] == PositionMethod::embedding_add ? 64.0 : n_squared ? 512.0 : 128.0);
        // Shift invariance: every method but the two learned absolute tables (embedding, full bias) scores Δ only.
        const bool relative = methods[i] != PositionMethod::embedding_add && methods[i] != PositionMethod::full_bias;
        EXPECT_EQ(t.values(r, 4) < 1e-12, relative) << t.row_labels[i];
    }
}

// [SECTION] decision guide
TEST(CostLesson, DecisionGuidePropertiesAreMeasured) {
    const auto v = step_views("cost", step_number_of(*find_lesson("cost"), "decision-guide"), "N=64&d=32");
    const auto measured = step_views("cost", step_number_of(*find_lesson("cost"), "measured-properties"), "N=64&d=32");
    const TableView& table = measured[0].table();
    ASSERT_EQ(table.values.rows(), 6);
    EXPECT_TRUE(std::isnan(table.values(0, 0)));  // learned absolute: nothing at position Lt
    EXPECT_FALSE(std::isnan(table.values(1, 0))); // sinusoidal: defined
    EXPECT_TRUE(std::isnan(table.values(2, 0)));  // learned full bias
    EXPECT_FALSE(std::isnan(table.values(3, 0))); // T5 buckets: the last bucket covers every far distance
    EXPECT_FALSE(std::isnan(table.values(4, 0))); // ALiBi
    EXPECT_FALSE(std::isnan(table.values(5, 0))); // RoPE
    EXPECT_GT(table.values(0, 1), 0.01);
    EXPECT_GT(table.values(1, 1), 0.01);
    EXPECT_GT(table.values(2, 1), 0.01);
    EXPECT_LT(table.values(3, 1), 1e-12);
    EXPECT_LT(table.values(4, 1), 1e-12);
    EXPECT_LT(table.values(5, 1), 1e-12);
    // The deciding cells are marked from the numbers: every family's two properties, a word each.
    ASSERT_EQ(table.marks.size(), 12u);
    for (const CellMark& m : table.marks) {
        if (m.col == 0) {
            EXPECT_EQ(m.holds, !std::isnan(table.values(m.row, 0))) << m.row;
            EXPECT_EQ(m.word, m.holds ? "defined" : "no parameter");
        } else {
            ASSERT_EQ(m.col, 1);
            EXPECT_EQ(m.holds, m.row >= 3) << m.row;  // T5, ALiBi and RoPE are shift-invariant
            EXPECT_EQ(m.word, m.holds ? "shift-invariant" : "not shift-invariant");
        }
    }
    const auto measured_zh = step_views("cost", step_number_of(*find_lesson("cost"), "measured-properties"), "N=64&d=32", Lang::zh);
    EXPECT_EQ(measured_zh[0].table().marks[0].word, "没有参数");
    // Table bytes: T5 32 buckets × 8 heads, ALiBi 8 slopes (the defaults).
    EXPECT_EQ(table.values(3, 2), 32 * 8 * 8.0);
    EXPECT_EQ(table.values(4, 2), 8 * 8.0);
    // The bars lead: the table's bytes per family, coloured by the two measured properties (legend order:
    // nothing past Lt; defined past Lt but not shift-invariant; defined and shift-invariant).
    const BarsView& bars = v[0].bars();
    ASSERT_EQ(bars.values.size(), 6u);
    EXPECT_EQ(bars.groups, (std::vector<int>{0, 1, 0, 2, 2, 2}));
    EXPECT_EQ(bars.group_labels.size(), 3u);
    for (Eigen::Index r = 0; r < 6; ++r) {
        EXPECT_EQ(bars.values[static_cast<size_t>(r)], table.values(r, 2));
        EXPECT_EQ(bars.labels[static_cast<size_t>(r)], table.row_labels[static_cast<size_t>(r)]);
    }
}

}  // namespace
