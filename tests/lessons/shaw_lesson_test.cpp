// PE Lab — tests/lessons/shaw_lesson_test.cpp
// The shaw lesson's own numbers: the tutorial toggle shows the mirror-order index of the L = 4 example,
// lookup-position-scores names the table row of the selected pair, transformer-xl splits Transformer-XL's score
// into its four terms and deberta shows DeBERTa's buckets and disentangled terms. (Core maths:
// tests/core/shaw_test.cpp and tests/core/relative_methods_test.cpp.)
#include <gtest/gtest.h>

#include <cmath>
#include <string>
#include <vector>

#include "core/relative/f_delta.h"
#include "core/relative/relative_methods.h"
#include "lessons/lesson.h"
#include "lesson_views.h"

namespace {

using namespace pelab;

// The views of the shaw step whose id is `id` (Step::id), for a query string.
std::vector<ViewData> shaw_views(const char* id, const std::string& query) {
    const int step = step_number_of(*find_lesson("shaw"), id);
    EXPECT_GT(step, 0) << id;
    return step > 0 ? pelab_test::step_views("shaw", step, query) : std::vector<ViewData>{};
}

TEST(ShawLesson, TutorialToggleShowsMirrorOrder) {
    const Lesson* lesson = find_lesson("shaw");
    ASSERT_NE(lesson, nullptr);
    EXPECT_EQ(lesson->steps.size(), 12u);  // eleven steps and the recap
    EXPECT_EQ(shaw_views("clipped-index", "").size(), 2u);  // reference index + row table
    const auto v = shaw_views("clipped-index", "seed_version=1&L=4");
    ASSERT_EQ(v.size(), 3u);
    // The tutorial view is the L = 4 example; the old key seed_version still opens it.
    EXPECT_EQ(v[1].heatmap().values(0, 0), 3);
    EXPECT_EQ(v[1].heatmap().values(3, 0), 6);
    bool mirror = false;
    for (const std::string& n : v[1].notes) mirror = mirror || n.find("in 16 / 16 cells") != std::string::npos;
    EXPECT_TRUE(mirror);
    // lookup-position-scores: the selected pair's note names its table row; (i, j) = (1, 4) with k = 2 is
    // clipped to row 4 (Δ = i − j = −3).
    const auto lookup = shaw_views("lookup-position-scores", "L=5&j=4");
    ASSERT_GE(lookup[2].notes.size(), 1u);
    EXPECT_EQ(lookup[2].notes[0], "i = 1, j = 4: Δ = −3 → table row 4.");
    // At the defaults (L = 4, the L = 4 example) the pair (1, 3) reads the edge row 4 unclipped.
    EXPECT_EQ(shaw_views("lookup-position-scores", "")[2].notes[0], "i = 1, j = 3: Δ = −2 → table row 4.");
    EXPECT_EQ(lookup[0].heatmap().select_param, "i");
    EXPECT_EQ(lookup[1].heatmap().highlight_row, 4);  // the table row the selected pair reads
}

// Shaw et al. eq. 3: z_i = Σ_j α_ij (v_j + a^V_ij); the two heatmaps add up to the pair-by-pair sum, and
// row i of the a^V term mixes table rows with the attention mass per clipped distance.
TEST(ShawLesson, ValueSideTermAddsUp) {
    const auto v = shaw_views("value-side", "L=6&k=1&d=3&seed=5");
    ASSERT_EQ(v.size(), 3u);
    EXPECT_EQ(v[0].heatmap().values.rows(), 6);
    EXPECT_EQ(v[0].heatmap().values.cols(), 3);
    const RowMatrix sum = v[0].heatmap().values + v[1].heatmap().values;
    for (Eigen::Index i = 0; i < sum.size(); ++i) EXPECT_NEAR(sum.data()[i], v[2].heatmap().values.data()[i], 1e-15);
    EXPECT_TRUE(pelab_test::any_note_contains(v, "differs from the sum of the two terms by at most "));
    const std::string hover = v[1].heatmap().explain(0, 0);
    EXPECT_NE(hover.find("a^V[Δ = 0]"), std::string::npos) << hover;
    EXPECT_NE(hover.find("a^V[Δ = −1]"), std::string::npos) << hover;
    EXPECT_EQ(hover.find("a^V[Δ = 1]"), std::string::npos) << hover;  // query 0 has no key to its left (Δ = i − j > 0)
}

// transformer-xl and txl-content-terms: the four heatmaps (d, b; then c, a) are core's terms for the lesson's seeded
// head; c has equal rows, d is Toeplitz and equals f-delta's readout with w = W_Rᵀv, and they add up to the score
// named in a's note.
TEST(ShawLesson, TransformerXlFourTerms) {
    const auto v = shaw_views("transformer-xl", "L=6&d_k=3&d_model=8&seed=2&i=4&j=1");
    ASSERT_EQ(v.size(), 2u);
    const auto content = shaw_views("txl-content-terms", "L=6&d_k=3&d_model=8&seed=2&i=4&j=1");
    ASSERT_EQ(content.size(), 2u);
    // Why (d), which has no q_i either, is not the query-free term: its rows are shifted copies.
    EXPECT_TRUE(pelab_test::any_note_contains(content, "(d) = v·W_R R_Δ has no q_i either, but it changes with the offset"));
    const TxlDemo demo = txl_demo_inputs(6, 3, 8, 2);
    const TxlTerms t = txl_attention_terms(demo.Q, demo.K, demo.u, demo.v, demo.W_R);
    for (int r = 0; r < 6; ++r)
        for (int c = 0; c < 6; ++c) {
            EXPECT_EQ(v[0].heatmap().values(r, c), t.d(r, c));  // shown first: the position-only term
            EXPECT_EQ(v[1].heatmap().values(r, c), t.b(r, c));
            EXPECT_EQ(content[0].heatmap().values(r, c), t.c(r, c));
            EXPECT_EQ(content[1].heatmap().values(r, c), t.a(r, c));
        }
    EXPECT_TRUE(pelab_test::any_note_contains(content, "Largest difference between any row and row 0 = 0:"));
    EXPECT_TRUE(pelab_test::any_note_contains(v, "Largest spread along a diagonal = 0: (d) depends on Δ only"));
    EXPECT_TRUE(pelab_test::any_note_contains(v, "The F(q,k) lesson's readout f(Δ) = wᵀR_Δ with the fixed vector w = W_Rᵀv differs from (d) by at most"));
    EXPECT_TRUE(pelab_test::any_note_contains(content, "At (i, j) = (4, 1): (a) + (b) + (c) + (d) = "));
}

// deberta-buckets and deberta: the bucket curve is HF's make_log_bucket_position over −1024..1024 at the v3 defaults
// (Δ = 1023 in bucket 319, read as row 511 = s + 255 by c2p), and the two heatmaps are core's c2p and p2c terms.
TEST(ShawLesson, DebertaBucketsAndTerms) {
    const auto b = shaw_views("deberta-buckets", "L=5&d_k=4&seed=3");
    ASSERT_EQ(b.size(), 1u);
    const auto v = shaw_views("deberta", "L=5&d_k=4&seed=3");
    ASSERT_EQ(v.size(), 2u);
    const CurveView& c = b[0].curve();
    ASSERT_EQ(c.series.size(), 2u);
    ASSERT_EQ(c.x.size(), 2049u);
    EXPECT_EQ(c.x.front(), -1024.0);
    EXPECT_EQ(c.series[0][1024 + 1023], 319.0);
    EXPECT_EQ(c.series[1][1024 + 1023], 255.0);
    EXPECT_EQ(c.series[1][0], -256.0);
    EXPECT_TRUE(pelab_test::any_note_contains(b, "Δ = P − 1 = 511 falls in bucket 255"));
    EXPECT_TRUE(pelab_test::any_note_contains(v, "it equals c2p's row in 25 / 25 cells"));
    const Eigen::MatrixXi rel = deberta_relative_position(5, 5, 256, 512);
    const DebertaDemo demo = deberta_demo_inputs(5, 4, 256, 3);
    const DebertaTerms t = deberta_disentangled_terms(demo.Qc, demo.Kc, demo.Qr, demo.Kr, rel, 256);
    for (int r = 0; r < 5; ++r)
        for (int col = 0; col < 5; ++col) {
            EXPECT_EQ(v[0].heatmap().values(r, col), t.c2p(r, col));
            EXPECT_EQ(v[1].heatmap().values(r, col), t.p2c(r, col));
        }
    // The orange diagonal is the one offset along which c2p spreads the most (content changes the value).
    const Eigen::VectorXd spread = diagonal_spread(t.c2p);
    Eigen::Index widest = 0;
    spread.maxCoeff(&widest);
    EXPECT_EQ(v[0].heatmap().highlight_delta, static_cast<int>(widest) - 4);
    EXPECT_GT(spread(widest), 1e-3);
    EXPECT_TRUE(pelab_test::any_note_contains(v, "where c2p varies most: by "));
    // Without buckets the span is max_position and the curve is δ itself up to the clamp; HF's name is accepted.
    const auto plain = shaw_views("deberta-buckets", "L=4&position_buckets=0&max_position=300");
    EXPECT_EQ(plain[0].curve().series[0].back(), 600.0);
    EXPECT_EQ(plain[0].curve().series[1].back(), 299.0);
}

// The offset matrix Δ = i − j beside the paper's −Δ; the questions asked before their figure are
// predictions (deberta-buckets' is read off the curve: a check); the recap's table puts the methods side by side:
// Shaw's term varies along an offset, one scalar per offset and Transformer-XL's (d) do not, Shaw's table has
// 2k + 1 = 5 rows and DeBERTa's 2s = 512.
TEST(ShawLesson, OffsetSignPredictionsAndTheRecap) {
    const auto sign = shaw_views("relative-matrix-sign", "L=5");
    ASSERT_EQ(sign.size(), 2u);
    EXPECT_EQ(sign[0].heatmap().values(3, 1), 2);   // Δ = i − j
    EXPECT_EQ(sign[1].heatmap().values(3, 1), -2);  // the paper's j − i
    const Lesson* lesson = find_lesson("shaw");
    auto step = [&](const char* id) -> const Step& { return lesson->steps[static_cast<std::size_t>(step_number_of(*lesson, id) - 1)]; };
    EXPECT_TRUE(step("clipped-index").questions[0].predict && step("clipped-index").questions[1].predict);
    EXPECT_TRUE(step("why-dot-with-q").questions[0].predict);
    EXPECT_TRUE(step("txl-content-terms").questions[0].predict);
    EXPECT_FALSE(step("deberta-buckets").questions[0].predict);
    ASSERT_STREQ(lesson->steps.back().id, "recap");
    const auto v = shaw_views("recap", "");
    ASSERT_EQ(v.size(), 1u);
    const TableView& t = v[0].table();
    ASSERT_EQ(t.values.rows(), 5);
    EXPECT_GT(t.values(0, 0), 0.1);  // Shaw: changes with the query
    EXPECT_EQ(t.values(1, 0), 0);    // one scalar per offset: Toeplitz
    EXPECT_GT(t.values(2, 0), 0.1);  // Transformer-XL (b)
    EXPECT_EQ(t.values(3, 0), 0);    // Transformer-XL (d)
    EXPECT_EQ(t.values(0, 1), 5);
    EXPECT_TRUE(std::isnan(t.values(2, 1)));
    EXPECT_EQ(t.values(4, 1), 512);
}

}  // namespace
