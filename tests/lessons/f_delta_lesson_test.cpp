// PE Lab — tests/lessons/f_delta_lesson_test.cpp
// The numbers of the f-delta lesson (what every lesson must satisfy is checked for all of them at once by
// battery_test.cpp).
#include <cmath>
#include <set>

#include "core/relative/f_delta.h"
#include "lessons/lesson.h"
#include "lesson_views.h"
#include "matrix_assert.h"

namespace {

using namespace pelab;

// [SECTION] f-delta specifics
const Lesson& f_delta() {
    const Lesson* l = find_lesson("f-delta");
    EXPECT_NE(l, nullptr);
    return *l;
}

// The f-delta step whose id is `id` (Step::id), and its views for a query string.
const Step& f_delta_step(const char* id) {
    return f_delta().steps.at(static_cast<std::size_t>(step_number_of(f_delta(), id) - 1));
}

std::vector<ViewData> f_delta_views(const char* id, const std::string& query, Lang lang) {
    const int step = step_number_of(f_delta(), id);
    EXPECT_GT(step, 0) << id;
    return step > 0 ? pelab_test::step_views("f-delta", step, query, lang) : std::vector<ViewData>{};
}

using pelab_test::any_note_contains;

TEST(FDeltaLesson, HasElevenStepsAndTheAgreedParams) {
    const Lesson& lesson = f_delta();
    EXPECT_EQ(lesson.steps.size(), 11u);
    EXPECT_STREQ(lesson.steps.back().id, "recap");
    std::vector<std::string> names;
    for (const ParamSpec& s : lesson.params) names.push_back(s.name);
    EXPECT_EQ(names, (std::vector<std::string>{"L", "omega", "v", "seed"}));
    EXPECT_EQ(f_delta_step("linear-readout").params, (std::vector<std::string>{"L", "omega", "v"}));
    EXPECT_EQ(f_delta_step("content-readout").params, (std::vector<std::string>{"L", "omega", "seed"}));
}

TEST(FDeltaLesson, TwoObjectsSaysWhyPositionsAreNeeded) {
    // The claim first (one line), then why a position term is needed at all.
    EXPECT_NE(std::string(f_delta_step("two-objects").body.en).find("On its own, softmax(Q·Kᵀ)·V ignores word order"), std::string::npos);
    EXPECT_NE(std::string(f_delta_step("two-objects").body.zh).find("单靠 softmax(Q·Kᵀ)·V 并不知道词序"), std::string::npos);
}

TEST(FDeltaLesson, DeltaPerCellAndItsDiagonals) {
    const auto objects = f_delta_views("two-objects", "", Lang::en);
    ASSERT_EQ(objects[0].kind(), ViewKind::Heatmap);
    const HeatmapView& delta = objects[0].heatmap();
    EXPECT_TRUE(delta.qk_axes);
    EXPECT_TRUE(delta.integer);
    EXPECT_TRUE(delta.is_signed);
    EXPECT_EQ(delta.values(1, 3), -2);
    EXPECT_EQ(delta.explain(1, 3).rfind("q = 1, k = 3: Δ = q − k = 1 − 3 = −2.", 0), 0u) << delta.explain(1, 3);
    const auto diagonals = f_delta_views("equal-delta-diagonals", "", Lang::en);
    ASSERT_EQ(diagonals.size(), 2u);
    const TableView& table = diagonals[1].table();
    ASSERT_EQ(table.values.rows(), 7);
    Eigen::MatrixXd expected(7, 2);
    expected << -3, 1, -2, 2, -1, 3, 0, 4, 1, 3, 2, 2, 3, 1;
    EXPECT_MATRIX_NEAR(table.values, expected, 0.0);
    EXPECT_EQ(table.row_labels.front(), "Δ=−3");
}

TEST(FDeltaLesson, KernelOfDeltaTableAndCurve) {
    const auto views = f_delta_views("kernel-of-delta", "", Lang::en);
    ASSERT_EQ(views.size(), 2u);
    const TableView& table = views[1].table();
    ASSERT_EQ(table.values.rows(), 3);  // the cosines and f, one column per integer Δ
    ASSERT_EQ(table.values.cols(), 7);
    Eigen::VectorXd f(7);
    f << -1, -1.5, 0.5, 2, 0.5, -1.5, -1;
    EXPECT_MATRIX_NEAR(Eigen::VectorXd(table.values.row(2).transpose()), f, 1e-12);
    EXPECT_EQ(table.row_labels, (std::vector<std::string>{"cos ω₀Δ", "cos ω₁Δ", "f(Δ)"}));
    EXPECT_EQ(table.col_labels.front(), "Δ=−3");
    ASSERT_EQ(views[0].kind(), ViewKind::Curve);  // the curve leads
    const CurveView& curve = views[0].curve();
    EXPECT_EQ(curve.markers_x.size(), 7u);
    EXPECT_EQ(curve.x.front(), -3);
    EXPECT_EQ(curve.x.back(), 3);
}

TEST(FDeltaLesson, ToeplitzFNoteAndExplain) {
    const auto views = f_delta_views("toeplitz-f", "", Lang::en);
    EXPECT_TRUE(any_note_contains(views, "Largest spread along any diagonal: 0, so F is a Toeplitz matrix."));
    EXPECT_EQ(views[0].heatmap().explain(1, 3),
              "F[1,3]: q = 1, k = 3, Δ = q − k = −2. F[1,3] = f(−2) = 1·cos(−π) + 0·sin(−π) + 1·cos(−2π/3) + "
              "0·sin(−2π/3) = −1.5");
    const auto zh = f_delta_views("toeplitz-f", "", Lang::zh);
    EXPECT_EQ(zh[0].heatmap().explain(1, 3),
              "F[1,3]：q = 1, k = 3, Δ = q − k = −2。F[1,3] = f(−2) = 1·cos(−π) + 0·sin(−π) + 1·cos(−2π/3) + "
              "0·sin(−2π/3) = −1.5");
    const TableView& table = views[1].table();
    for (Eigen::Index r = 0; r < table.values.rows(); ++r) EXPECT_EQ(table.values(r, 3), 0.0);
}

TEST(FDeltaLesson, FeatureVectorsTable) {
    const auto views = f_delta_views("feature-vectors", "L=3&omega=1,2,3", Lang::en);
    const TableView& table = views[1].table();
    ASSERT_EQ(table.values.rows(), 5);
    ASSERT_EQ(table.values.cols(), 6);
    EXPECT_EQ(table.col_labels[5], "sin ω₂Δ");
    EXPECT_MATRIX_NEAR(table.values, r_delta_features(3, to_eigen({1, 2, 3})), 1e-12);
    // The leading dials: one per frequency, arrows at Δ = 0, +1, −1 (angles 0, +ωᵢ, −ωᵢ), and the further Δ of
    // each sign as dots, farthest first.
    const PhasorView& dials = views[0].phasor();
    ASSERT_EQ(dials.dials.size(), 3u);
    for (int i = 0; i < 3; ++i) {
        const auto& arrows = dials.dials[static_cast<std::size_t>(i)].arrows;
        ASSERT_EQ(arrows.size(), 3u);
        EXPECT_EQ(arrows[0].angle, 0.0);
        EXPECT_EQ(arrows[1].angle, i + 1.0);
        EXPECT_EQ(arrows[2].angle, -(i + 1.0));
        EXPECT_EQ(arrows[1].trail, std::vector<double>{2.0 * (i + 1)});  // L = 3: only Δ = 2 beyond ±1
        EXPECT_EQ(arrows[2].trail, std::vector<double>{-2.0 * (i + 1)});
    }
    EXPECT_EQ(f_delta_views("feature-vectors", "L=1", Lang::en)[0].phasor().dials[0].arrows.size(), 1u);  // Δ = 0 only
    // Rounding noise of exact zeros is not shown: cos(π/2) is stored as 0 in the default table.
    EXPECT_EQ(f_delta_views("feature-vectors", "", Lang::en)[1].table().values(2, 0), 0.0);
}

TEST(FDeltaLesson, LinearReadoutNotes) {
    const auto views = f_delta_views("linear-readout", "v=1,0.5,-2,0", Lang::en);
    EXPECT_TRUE(any_note_contains(views, "Largest spread along a diagonal of F = 0 (still Toeplitz)"));
    ASSERT_EQ(views.size(), 3u);
    EXPECT_EQ(views[2].title, "F with v₁ = 1 (v = [1, 1, 1, 0])");
    EXPECT_TRUE(any_note_contains(views, "not symmetric (largest |F[q,k] − F[k,q]| = "));
    // The v₁ = 1 case at the default ω: F[1,0] = f(1), F[0,1] = f(−1), and they differ.
    const auto sine = f_delta_views("linear-readout", "", Lang::en)[2].heatmap();
    EXPECT_GT(std::abs(sine.values(1, 0) - sine.values(0, 1)), 1e-3);
    EXPECT_LT(diagonal_spread(Eigen::MatrixXd(sine.values)).maxCoeff(), 1e-12);
    EXPECT_TRUE(any_note_contains(views, "(sin weights make F non-symmetric)"));
    EXPECT_NE(views[0].heatmap().explain(0, 1).find("F[0,1] = v·R_(−1) = 1·cos(−π/2) + 0.5·sin(−π/2) − 2·cos(−π/3)"),
              std::string::npos)
        << views[0].heatmap().explain(0, 1);
}

TEST(FDeltaLesson, ContentReadoutIsNotToeplitz) {
    const auto views = f_delta_views("content-readout", "seed=1", Lang::en);
    ASSERT_EQ(views.size(), 2u);
    EXPECT_GT(diagonal_spread(Eigen::MatrixXd(views[0].heatmap().values)).maxCoeff(), 1e-3);
    EXPECT_TRUE(any_note_contains(views, "Left: largest spread along a diagonal = "));
    EXPECT_TRUE(any_note_contains(views, "Each cell recomputed as u_q·R_(q−k): largest difference = 0"));
    EXPECT_TRUE(any_note_contains(views, "Random seed = 1: "));
    // The F of toeplitz-f is the Gram matrix of sinusoidal encodings p_n = R_n (the absolute-pe link), to rounding.
    const auto gram = f_delta_views("sinusoidal-gram", "", Lang::en);
    EXPECT_TRUE(any_note_contains(gram, "Largest |p_qᵀp_k − f(q − k)| = ")) << gram[0].notes.back();
    EXPECT_NE(std::string(f_delta_step("sinusoidal-gram").body.en).find("[[lesson:absolute-pe|"), std::string::npos);
    const std::string body = f_delta_step("transformer-xl-terms").body.en;
    for (const char* term : {"[[transformer-xl|Transformer-XL]] (Dai et al., 2019; ", "[[lesson:shaw/transformer-xl|", "content–content", "content–position",
                             "global content bias", "global position bias"})
        EXPECT_NE(body.find(term), std::string::npos) << term;
    // Same seed, same numbers; another seed, other numbers.
    const RowMatrix& scores = views[0].heatmap().values;
    EXPECT_MATRIX_NEAR(scores, f_delta_views("content-readout", "seed=1", Lang::zh)[0].heatmap().values, 0.0);
    EXPECT_GT((scores - f_delta_views("content-readout", "seed=2", Lang::en)[0].heatmap().values).cwiseAbs().maxCoeff(), 1e-3);
}

TEST(FDeltaLesson, RecapPutsTheFivePositionTermsSideBySide) {
    // f(q − k), vᵀR_(q−k), p_qᵀp_k and RoPE's S are Toeplitz (spread 0, fixed by 2L − 1 = 7 numbers); the content
    // readout u_q·R_(q−k) is not (fixed by L² = 16).
    const auto views = f_delta_views("recap", "", Lang::en);
    ASSERT_EQ(views.size(), 1u);
    const TableView& t = views[0].table();
    ASSERT_EQ(t.values.rows(), 5);
    for (Eigen::Index r : {0, 1, 3, 4}) {
        EXPECT_EQ(t.values(r, 0), 0.0) << r;
        EXPECT_EQ(t.values(r, 1), 7.0) << r;
    }
    EXPECT_GT(t.values(2, 0), 1e-3);
    EXPECT_EQ(t.values(2, 1), 16.0);
    EXPECT_EQ(step_takeaway(f_delta_step("recap"), defaults(f_delta().params), Lang::en).rfind("4 of the 5 terms are Toeplitz", 0), 0u);
}

TEST(FDeltaLesson, LinkToRopeEqualsF) {
    for (const char* query : {"", "v=0.5,-1,2,3&L=7", "omega=0.1,0.2,0.3&L=5"}) {
        const auto views = f_delta_views("link-to-rope", query, Lang::en);
        ASSERT_GE(views.size(), 2u);
        EXPECT_MATRIX_NEAR(views[0].heatmap().values, views[1].heatmap().values, 1e-12);
    }
    const auto views = f_delta_views("link-to-rope", "", Lang::en);
    Eigen::MatrixXd qk(2, 4);
    qk << 1, 0, 1, 0, 1, 0, 1, 0;
    EXPECT_MATRIX_NEAR(views[2].table().values, qk, 0.0);
    EXPECT_TRUE(any_note_contains(views, "Largest |S − F| = "));
}

}  // namespace
