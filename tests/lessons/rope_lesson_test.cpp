// PE Lab — tests/core/rope_lesson_test.cpp
// The specific numbers of the issue-4 lessons (rope, long-context, cost, vit-2d): each step's live checks
// say what the core computes (identities at rounding level, the seed's sign differing, Toeplitz distances,
// HF scaling quantities, ALiBi softmax invariance, 2-D offsets). The generic checks of every lesson (text,
// shapes, explain) live in lesson_test.cpp.
#include <cmath>
#include <string>

#include "core/alibi.h"
#include "core/rope.h"
#include "core/rope_scaling.h"
#include "lessons/lesson.h"
#include "lesson_views.h"
#include "matrix_assert.h"

namespace {

using namespace pelab;
using pelab_test::step_views;

using pelab_test::any_note_contains;

std::string all_notes(const std::vector<ViewData>& views) {
    std::string s;
    for (const ViewData& v : views)
        for (const std::string& n : v.notes) s += n + "\n";
    return s;
}

std::vector<std::string> param_names(const char* id) {
    std::vector<std::string> names;
    for (const ParamSpec& s : find_lesson(id)->params) names.push_back(s.name);
    return names;
}

// [SECTION] rope
TEST(RopeLesson, StepsAndParams) {
    ASSERT_NE(find_lesson("rope"), nullptr);
    EXPECT_EQ(find_lesson("rope")->steps.size(), 8u);
    EXPECT_EQ(param_names("rope"),
              (std::vector<std::string>{"alpha", "beta", "seed", "d", "log10_base", "m", "layout", "L", "t", "seed_version",
                                        "content_scale", "candidate", "max_dist", "d_spectrum"}));
}

TEST(RopeLesson, Step1IdentitiesHold) {
    const auto v = step_views("rope", 1, "alpha=0.7&beta=-2.1");
    ASSERT_EQ(v.size(), 1u);
    EXPECT_TRUE(any_note_contains(v, "Largest |R(α)ᵀ − R(−α)| = 0")) << all_notes(v);
    // Rows: R(α), R(α)ᵀ, R(α)⁻¹, R(−α), R(β), R(−α)R(β), R(β−α), each as [0,0] [0,1] [1,0] [1,1]. Every row
    // is compared with the rotation written out from cos and sin here, not with another row of the table.
    auto rotation_row = [](double a) {
        Eigen::RowVectorXd r(4);
        r << std::cos(a), -std::sin(a), std::sin(a), std::cos(a);
        return r;
    };
    const double alpha = 0.7, beta = -2.1;
    ASSERT_EQ(v[0].table().values.rows(), 7);
    EXPECT_MATRIX_NEAR(v[0].table().values.row(0), rotation_row(alpha), 1e-15);
    EXPECT_MATRIX_NEAR(v[0].table().values.row(1), rotation_row(-alpha), 1e-15);  // R(α)ᵀ = R(−α)
    EXPECT_MATRIX_NEAR(v[0].table().values.row(2), rotation_row(-alpha), 1e-15);  // R(α)⁻¹ = R(−α)
    EXPECT_MATRIX_NEAR(v[0].table().values.row(3), rotation_row(-alpha), 1e-15);
    EXPECT_MATRIX_NEAR(v[0].table().values.row(4), rotation_row(beta), 1e-15);
    EXPECT_MATRIX_NEAR(v[0].table().values.row(5), rotation_row(beta - alpha), 1e-12);  // R(−α)R(β) = R(β−α)
    EXPECT_MATRIX_NEAR(v[0].table().values.row(6), rotation_row(beta - alpha), 1e-15);
}

TEST(RopeLesson, Step3PermutationAndHfFormula) {
    for (const char* q : {"", "d=16&layout=half&m=9", "d=2"}) {
        const auto v = step_views("rope", 3, q);
        ASSERT_EQ(v.size(), 3u);
        EXPECT_TRUE(any_note_contains(v, "Largest |P·R_interleaved·Pᵀ − R_half| = 0")) << all_notes(v);
    }
    const auto half = step_views("rope", 3, "d=4&layout=half&m=1&log10_base=2");
    Eigen::VectorXd theta(2);
    theta << 1.0, 0.1;
    EXPECT_MATRIX_NEAR(half[0].heatmap().values, rope_matrix(theta, 1, RopeLayout::half), 1e-12);
}

TEST(RopeLesson, Step4ShiftInvarianceSeedSignAndLinkToFDelta) {
    const auto v = step_views("rope", 4, "");
    ASSERT_EQ(v.size(), 3u);  // S, S shifted, link to f-delta
    EXPECT_MATRIX_NEAR(v[0].heatmap().values, v[1].heatmap().values, 1e-12);
    EXPECT_TRUE(v[0].heatmap().qk_axes);
    Eigen::Matrix4d F;
    F << 2.0, 0.5, -1.5, -1.0, 0.5, 2.0, 0.5, -1.5, -1.5, 0.5, 2.0, 0.5, -1.0, -1.5, 0.5, 2.0;
    EXPECT_MATRIX_NEAR(v[2].heatmap().values, F, 1e-12);
    const auto seed = step_views("rope", 4, "seed_version=1");
    ASSERT_EQ(seed.size(), 4u);
    EXPECT_FALSE(seed[2].heatmap().highlight_cells.empty());
    EXPECT_TRUE(any_note_contains(seed, "Cells that differ from S: "));
    // q = k symmetric: cells on the diagonal never differ.
    for (const auto& cell : seed[2].heatmap().highlight_cells) EXPECT_NE(cell.first, cell.second);
}

TEST(RopeLesson, Step5OnlyCommutingBlocksAreToeplitz) {
    const auto v = step_views("rope", 5, "L=16&d=8");
    ASSERT_EQ(v.size(), 4u);
    const TableView& table = v[3].table();
    EXPECT_GT(table.values(0, 0), 0.05);   // dense M
    EXPECT_GT(table.values(1, 0), 0.05);   // block-diagonal, generic blocks
    EXPECT_LT(table.values(2, 0), 1e-12);  // commuting blocks
    EXPECT_LT(toeplitz_residual(Eigen::MatrixXd(v[2].heatmap().values)), 1e-12);
}

TEST(RopeLesson, Step6BiasIgnoresContentRopeDoesNot) {
    const auto v = step_views("rope", 6, "");
    ASSERT_EQ(v.size(), 6u);
    ASSERT_EQ(v[0].kind(), ViewKind::Curve);
    const CurveView& curve = v[0].curve();
    for (std::size_t i = 0; i < curve.x.size(); ++i) EXPECT_NEAR(curve.series[0][i], curve.series[1][i], 1e-12);
    double gap = 0;
    for (std::size_t i = 0; i < curve.x.size(); ++i) gap = std::max(gap, std::fabs(curve.series[2][i] - curve.series[3][i]));
    EXPECT_GT(gap, 0.1);
    const TableView& table = v[1].table();
    ASSERT_EQ(table.values.rows(), 4);
    EXPECT_LT(table.values(3, 2), 1e-12);  // pᵀp is Toeplitz
    EXPECT_GT(table.values(0, 2), 0.05);   // qᵀk is not
    // content = 0 leaves only the relative term.
    const auto none = step_views("rope", 6, "content_scale=0");
    EXPECT_EQ(none[1].table().values(0, 0), 0.0);
    EXPECT_GT(none[1].table().values(3, 0), 0.0);
}

TEST(RopeLesson, Step7OnlyRopePassesEveryCheck) {
    for (const char* q : {"", "d=2&L=5", "d=16&L=20&seed=3"}) {
        const auto v = step_views("rope", 7, q);
        const TableView& table = v[0].table();
        ASSERT_EQ(table.values.rows(), 4);
        for (int c = 0; c < 3; ++c) EXPECT_LT(table.values(0, c), 1e-12) << q;
        for (int r = 1; r < 4; ++r) EXPECT_GT(table.values.row(r).maxCoeff(), 1e-3) << q << " row " << r;
    }
    EXPECT_LT(toeplitz_residual(Eigen::MatrixXd(step_views("rope", 7, "candidate=rope")[1].heatmap().values)), 1e-12);
    EXPECT_GT(toeplitz_residual(Eigen::MatrixXd(step_views("rope", 7, "candidate=quadratic")[1].heatmap().values)), 1e-3);
}

TEST(RopeLesson, Step8SpectrumAndDecay) {
    const auto v = step_views("rope", 8, "d_spectrum=8&log10_base=4");
    ASSERT_EQ(v[0].table().values.rows(), 4);
    EXPECT_NEAR(v[0].table().values(0, 1), 2 * 3.14159265358979323846, 1e-12);
    EXPECT_NEAR(v[0].table().values(3, 1), 2 * 3.14159265358979323846 * 1000.0, 1e-9);
    EXPECT_EQ(v[1].curve().series[0][0], 1.0);
    EXPECT_EQ(v[1].curve().x[1] - v[1].curve().x[0], 2.0);  // max_dist 2048: stride 2 keeps integer distances
}

// [SECTION] long-context
TEST(LongContextLesson, StepsAndParams) {
    ASSERT_NE(find_lesson("long-context"), nullptr);
    EXPECT_EQ(find_lesson("long-context")->steps.size(), 9u);
}

TEST(LongContextLesson, Step1CountsWrappingPairs) {
    const auto v = step_views("long-context", 1, "");
    const TableView& table = v[1].table();
    ASSERT_EQ(table.values.rows(), 64);
    int wraps = 0;
    for (int i = 0; i < 64; ++i) wraps += table.values(i, 3) == 1.0;
    EXPECT_EQ(wraps, 41);  // λ = 2π·10000^(2i/128) ≤ 2048 for i ≤ 40
    EXPECT_TRUE(any_note_contains(v, "L = 2048: 41 pairs turned full circles in training")) << all_notes(v);
    EXPECT_EQ(v[0].curve().vlines_x, std::vector<double>{2048});
}

TEST(LongContextLesson, Step2LargerBaseFewerWrapsCoarserResolution) {
    const auto v = step_views("long-context", 2, "");
    const TableView& table = v[0].table();
    for (Eigen::Index r = 1; r < table.values.rows(); ++r) {
        EXPECT_LE(table.values(r, 1), table.values(r - 1, 1));  // pairs wrapping within L
        EXPECT_LT(table.values(r, 4), table.values(r - 1, 4));  // neighbour score drop
    }
    EXPECT_TRUE(any_note_contains(v, "Seed 004's one-line summary in §5.3"));
}

TEST(LongContextLesson, Step3AlibiSlopesAndSoftmaxInvariance) {
    const auto v = step_views("long-context", 3, "heads=12&head=9");
    ASSERT_EQ(v.size(), 3u);
    EXPECT_EQ(v[0].heatmap().select_mode, HeatmapView::SelectMode::Row);
    EXPECT_EQ(v[0].heatmap().select_param, "head");
    EXPECT_EQ(v[0].heatmap().highlight_row, 9);
    EXPECT_NEAR(v[0].heatmap().values(9, 1), -alibi_slopes(12)[9], 1e-15);
    EXPECT_TRUE(any_note_contains(v, "The head count is not a power of 2: the slopes are not sorted."));
    EXPECT_TRUE(any_note_contains(step_views("long-context", 3, "heads=16"), "The slopes are strictly decreasing."));
    EXPECT_TRUE(std::isnan(v[1].heatmap().values(0, 1)));  // masked future key
    EXPECT_NEAR(v[1].heatmap().values(5, 2), -alibi_slopes(12)[9] * 3, 1e-15);
    EXPECT_TRUE(any_note_contains(v, "Doubling the length: largest change of the first L×L block = 0"));
    const auto sym = step_views("long-context", 3, "mode=symmetric&heads=4");
    EXPECT_NEAR(sym[1].heatmap().values(0, 3), -alibi_slopes(4)[0] * 3, 1e-15);
}

TEST(LongContextLesson, Step5NtkEndsAtOneOverS) {
    const auto v = step_views("long-context", 5, "factor=8");
    const std::vector<double>& ntk = v[0].curve().series[0];
    EXPECT_NEAR(ntk.front(), 1.0, 1e-15);
    EXPECT_NEAR(ntk.back(), 0.125, 1e-12);
    for (double x : v[0].curve().series[1]) EXPECT_NEAR(x, 0.125, 1e-15);
}

TEST(LongContextLesson, Step6DynamicNoChangeUpToL) {
    const auto v = step_views("long-context", 6, "");
    const TableView& table = v[1].table();
    EXPECT_EQ(table.values(0, 1), 10000.0);  // L/2
    EXPECT_EQ(table.values(1, 1), 10000.0);  // L
    EXPECT_GT(table.values(2, 1), 10000.0);
    EXPECT_TRUE(any_note_contains(v, "For seq_len ≤ L the base stays 10000"));
}

TEST(LongContextLesson, Step7YarnAndLlama3FromCore) {
    const auto v = step_views("long-context", 7, "");
    const TableView& yarn = v[1].table();
    EXPECT_NEAR(yarn.values(0, 0), yarn_find_correction_dim(32, 128, 10000, 2048), 1e-12);
    EXPECT_EQ(yarn.values(1, 0), 16.0);
    EXPECT_EQ(yarn.values(3, 0), 41.0);
    EXPECT_NEAR(yarn.values(4, 0), 0.1 * std::log(4.0) + 1.0, 1e-15);
    const TableView& llama = v[2].table();
    EXPECT_EQ(llama.values(0, 0) + llama.values(1, 0) + llama.values(2, 0), 64.0);
}

TEST(LongContextLesson, Step9UnseenPairs) {
    const auto v = step_views("long-context", 9, "seq_len=8192&factor=4&original_max=2048");
    const TableView& table = v[1].table();
    ASSERT_EQ(table.values.rows(), 6);
    EXPECT_GT(table.values(0, 0), 0.0);   // none: slow pairs meet new angles
    EXPECT_EQ(table.values(1, 0), 0.0);   // linear with seq_len = s·L: none
    EXPECT_LE(table.values(4, 0), table.values(0, 0));
    EXPECT_EQ(v[0].curve().series.size(), 6u);
    // Binned means of normalised scores: at most 1 (times YaRN's attention factor squared).
    const double att2 = std::pow(yarn_get_mscale(4), 2);
    for (std::size_t s = 0; s < 6; ++s)
        for (double y : v[0].curve().series[s]) EXPECT_LE(std::fabs(y), (s == 4 ? att2 : 1.0) + 1e-12);
    EXPECT_GT(v[0].curve().series[0].front(), v[0].curve().series[0].back());  // the unscaled score decays
}

// [SECTION] vit-2d
TEST(Vit2dLesson, FlatteningAndNeighbourCounts) {
    ASSERT_NE(find_lesson("vit-2d"), nullptr);
    EXPECT_EQ(find_lesson("vit-2d")->steps.size(), 5u);
    const auto v = step_views("vit-2d", 1, "H=3&W=4&patch=6");
    EXPECT_EQ(v[0].heatmap().values(1, 2), 6.0);
    EXPECT_EQ(v[0].heatmap().select_mode, HeatmapView::SelectMode::Cell);
    EXPECT_EQ(v[0].heatmap().highlight_cells, (std::vector<std::pair<int, int>>{{1, 2}}));
    EXPECT_TRUE(any_note_contains(v, "The flat diagonal k = q + 1 has 11 cells, but only 9 are right neighbours")) << all_notes(v);
}

TEST(Vit2dLesson, NaiveLookupHasHolesInterpolationHasNone) {
    const auto v = step_views("vit-2d", 2, "H=2&W=3&H2=4&W2=5");
    const RowMatrix& learned = v[0].heatmap().values;
    const RowMatrix& naive = v[1].heatmap().values;
    const RowMatrix& bilinear = v[2].heatmap().values;
    int nan_count = 0;
    for (Eigen::Index i = 0; i < naive.size(); ++i) nan_count += std::isnan(naive.data()[i]);
    EXPECT_EQ(nan_count, 20 - 6);
    for (Eigen::Index i = 0; i < bilinear.size(); ++i) EXPECT_FALSE(std::isnan(bilinear.data()[i]));
    // Corners survive upsampling with align_corners=False (the source index clamps at 0 and at in − 1).
    EXPECT_EQ(bilinear(0, 0), learned(0, 0));
    EXPECT_EQ(bilinear(3, 4), learned(1, 2));
}

TEST(Vit2dLesson, MaeHalvesAndAxialOffsets) {
    const auto mae = step_views("vit-2d", 3, "");
    EXPECT_TRUE(any_note_contains(mae, "Tokens in one column: largest difference in the first half = 0; tokens in one row, second half: 0"))
        << all_notes(mae);
    const auto axial = step_views("vit-2d", 4, "H=4&W=5&dim=8");
    EXPECT_TRUE(any_note_contains(axial, "distinct offsets: 63 = (2H−1)(2W−1)")) << all_notes(axial);
    const auto swin = step_views("vit-2d", 5, "H=3&W=4");
    EXPECT_TRUE(any_note_contains(swin, "The bias table has (2H−1)(2W−1) = 35 rows; distinct indices used = 35, each index belongs to exactly one (Δr, Δc)."))
        << all_notes(swin);
}

}  // namespace
