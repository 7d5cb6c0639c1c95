// PE Lab — tests/core/rope_lesson_test.cpp
// The specific numbers of the issue-4 lessons (rope, long-context, cost, vit-2d): each step's live checks
// say what the core computes (identities at rounding level, the course notes' sign differing, Toeplitz distances,
// HF scaling quantities, ALiBi softmax invariance, 2-D offsets). The generic checks of every lesson (text,
// shapes, explain) live in lesson_test.cpp.
#include <algorithm>
#include <cmath>
#include <string>

#include "core/rope/model_presets.h"
#include "core/relative/alibi.h"
#include "core/rope/rope.h"
#include "core/rope/rope_decay.h"
#include "core/rope/rope_scaling.h"
#include "core/random.h"
#include "lessons/lesson.h"
#include "lesson_views.h"
#include "matrix_assert.h"

namespace {

using namespace pelab;
using pelab_test::all_notes;
using pelab_test::step_views;

using pelab_test::any_note_contains;

std::vector<std::string> param_names(const char* id) {
    std::vector<std::string> names;
    for (const ParamSpec& s : find_lesson(id)->params) names.push_back(s.name);
    return names;
}

// [SECTION] rope
TEST(RopeLesson, StepsAndParams) {
    ASSERT_NE(find_lesson("rope"), nullptr);
    EXPECT_EQ(find_lesson("rope")->steps.size(), 19u);  // 18 steps and the recap
    EXPECT_STREQ(find_lesson("rope")->steps.back().id, "recap");
    EXPECT_EQ(param_names("rope"),
              (std::vector<std::string>{"alpha", "beta", "seed", "d", "base", "m", "layout", "L", "t", "n", "pair",
                                        "simplified", "content_scale", "candidate", "max_dist", "d_spectrum", "preset", "gamma"}));
}

// The xpos steps (torchscale): the decay curve starts at 1 and its xPos line stays under the decay envelope;
// the score matrix (the next step) is Toeplitz and equals the relative form; γ huge brings back plain RoPE.
TEST(RopeLesson, XposDecaysAndStaysRelative) {
    const char* query = "d_spectrum=64&max_dist=4096&gamma=512&L=10&d=8&seed=3";
    const auto curve_step = step_views("rope", 17, query);
    ASSERT_EQ(curve_step.size(), 1u);
    const auto scores_step = step_views("rope", 18, query);
    ASSERT_EQ(scores_step.size(), 1u);
    const std::vector<ViewData> v = {curve_step[0], scores_step[0]};
    const CurveView& c = v[0].curve();
    ASSERT_EQ(c.series.size(), 3u);
    EXPECT_DOUBLE_EQ(c.series[0].front(), 1.0);
    EXPECT_DOUBLE_EQ(c.series[1].front(), 1.0);
    for (std::size_t i = 0; i < c.x.size(); ++i) EXPECT_LE(std::fabs(c.series[1][i]), c.series[2][i] + 1e-12);
    EXPECT_LT(c.series[2].back(), 0.6);  // the decay alone at Δ = 4096
    EXPECT_EQ(c.x.back(), 4096.0);
    const HeatmapView& h = v[1].heatmap();
    ASSERT_EQ(h.values.rows(), 10);
    EXPECT_LT(toeplitz_residual(h.values), 1e-13);
    ASSERT_TRUE(h.explain);
    EXPECT_NE(h.explain(2, 7).find("o = −⌈10/2⌉ = −5"), std::string::npos) << h.explain(2, 7);
    EXPECT_TRUE(any_note_contains(v, "Distance from Toeplitz = "));
    EXPECT_TRUE(any_note_contains(v, "from the relative form = "));
    // The scale_base alias sets γ; a huge γ leaves plain RoPE.
    const auto flat = step_views("rope", 17, "scale_base=1000000&L=10&d=8&seed=3");
    EXPECT_TRUE(any_note_contains(step_views("rope", 18, "scale_base=1000000&L=10&d=8&seed=3"), "; from plain RoPE = "));
    EXPECT_GT(flat[0].curve().series[2].back(), 0.99);
}

TEST(RopeLesson, Rotation2dIdentitiesHold) {
    const auto v = step_views("rope", 1, "alpha=0.7&beta=-2.1");
    ASSERT_EQ(v.size(), 2u);  // the dial, then the table
    EXPECT_TRUE(any_note_contains(v, "Largest |R(α)ᵀ − R(−α)| = 0")) << all_notes(v);
    // The dial: v, R(α)v, R(β)v; each arrow's tip (angle, length) is R(·)v written out from cos and sin here.
    const PhasorView& ph = v[0].phasor();
    ASSERT_EQ(ph.dials.size(), 1u);
    const auto& arrows = ph.dials[0].arrows;
    ASSERT_EQ(arrows.size(), 3u);
    const double alpha = 0.7, beta = -2.1;
    const double vx = 0.8, vy = 0.3, len = std::hypot(vx, vy);
    auto tip = [&](const PhasorView::Arrow& a) { return Eigen::Vector2d(a.length * len * std::cos(a.angle), a.length * len * std::sin(a.angle)); };
    auto turned = [&](double a) { return Eigen::Vector2d(vx * std::cos(a) - vy * std::sin(a), vx * std::sin(a) + vy * std::cos(a)); };
    EXPECT_MATRIX_NEAR(tip(arrows[0]), turned(0.0), 1e-15);
    EXPECT_MATRIX_NEAR(tip(arrows[1]), turned(alpha), 1e-15);
    EXPECT_MATRIX_NEAR(tip(arrows[2]), turned(beta), 1e-15);
    // Dragging: (angle − origin)/per_unit gives the parameter back, up to a whole turn.
    EXPECT_EQ(arrows[1].drag_param, "alpha");
    EXPECT_EQ(arrows[2].drag_param, "beta");
    EXPECT_NEAR(std::remainder(arrows[1].angle - arrows[1].drag_origin - alpha, 2 * M_PI), 0.0, 1e-15);
    EXPECT_NEAR(std::remainder(arrows[2].angle - arrows[2].drag_origin - beta, 2 * M_PI), 0.0, 1e-15);
    ASSERT_EQ(ph.dials[0].arcs.size(), 2u);
    EXPECT_TRUE(any_note_contains(v, "difference 0") || any_note_contains(v, "(floating-point rounding)")) << all_notes(v);
    const Step& step = find_lesson("rope")->steps[0];
    EXPECT_EQ(step.timeline.param, "alpha");
    EXPECT_FALSE(step.equations.empty());
    // Rows: R(α), R(α)ᵀ, R(α)⁻¹, R(−α), R(β), R(−α)R(β), R(β−α), each as [0,0] [0,1] [1,0] [1,1]. Every row
    // is compared with the rotation written out from cos and sin here, not with another row of the table.
    auto rotation_row = [](double a) {
        Eigen::RowVectorXd r(4);
        r << std::cos(a), -std::sin(a), std::sin(a), std::cos(a);
        return r;
    };
    const TableView& table = v[1].table();
    ASSERT_EQ(table.values.rows(), 7);
    EXPECT_MATRIX_NEAR(table.values.row(0), rotation_row(alpha), 1e-15);
    EXPECT_MATRIX_NEAR(table.values.row(1), rotation_row(-alpha), 1e-15);  // R(α)ᵀ = R(−α)
    EXPECT_MATRIX_NEAR(table.values.row(2), rotation_row(-alpha), 1e-15);  // R(α)⁻¹ = R(−α)
    EXPECT_MATRIX_NEAR(table.values.row(3), rotation_row(-alpha), 1e-15);
    EXPECT_MATRIX_NEAR(table.values.row(4), rotation_row(beta), 1e-15);
    EXPECT_MATRIX_NEAR(table.values.row(5), rotation_row(beta - alpha), 1e-12);  // R(−α)R(β) = R(β−α)
    EXPECT_MATRIX_NEAR(table.values.row(6), rotation_row(beta - alpha), 1e-15);
}

TEST(RopeLesson, PairsLayoutsPermutationAndHfFormula) {
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

TEST(RopeLesson, ShiftInvarianceTutorialSignAndLinkToFDelta) {
    const auto v = step_views("rope", 4, "");
    ASSERT_EQ(v.size(), 1u);  // S with the current cell
    EXPECT_TRUE(v[0].heatmap().qk_axes);
    // The link to f-delta (step 6): RoPE's S beside f-delta's F, equal.
    const auto link = step_views("rope", 6, "");
    ASSERT_EQ(link.size(), 2u);
    Eigen::Matrix4d F;
    F << 2.0, 0.5, -1.5, -1.0, 0.5, 2.0, 0.5, -1.5, -1.5, 0.5, 2.0, 0.5, -1.0, -1.5, 0.5, 2.0;
    EXPECT_MATRIX_NEAR(link[0].heatmap().values, F, 1e-12);
    // Beside it f(Δ) as a curve: at every whole Δ its sum of cosines is the value on S's diagonal Δ.
    const CurveView& f = link[1].curve();
    ASSERT_EQ(f.series.size(), 3u);
    int whole = 0;
    for (std::size_t k = 0; k < f.x.size(); ++k) {
        if (std::fabs(f.x[k] - std::round(f.x[k])) > 1e-12) continue;
        EXPECT_NEAR(f.series[2][k], F(std::abs(static_cast<int>(std::lround(f.x[k]))), 0), 1e-12) << f.x[k];
        ++whole;
    }
    EXPECT_EQ(whole, 7);
    EXPECT_TRUE(any_note_contains(link, "Largest |S − F| = ")) << all_notes(link);
    const auto flipped = step_views("rope", 4, "simplified=1");
    ASSERT_EQ(flipped.size(), 2u);
    EXPECT_FALSE(flipped[1].heatmap().highlight_cells.empty());
    EXPECT_TRUE(any_note_contains(flipped, "Cells that differ from S: "));
    // q = k symmetric: cells on the diagonal never differ.
    for (const auto& cell : flipped[1].heatmap().highlight_cells) EXPECT_NE(cell.first, cell.second);
    // The old spelling of the toggle still opens the same view.
    const auto old_link = step_views("rope", 4, "seed_version=1");
    ASSERT_EQ(old_link.size(), 2u);
    EXPECT_EQ(old_link[1].heatmap().highlight_cells, flipped[1].heatmap().highlight_cells);
}

// The dials put pair i of q at (m + t)θᵢ and of k at (n + t)θᵢ; the heatmap's window follows (m + t, n + t)
// and stays the matrix of positions 0 … L − 1 (Toeplitz); the live score equals the unshifted one.
TEST(RopeLesson, ShiftInvarianceDialsFollowTheShift) {
    for (int t : {0, 5, 40, 1000}) {
        const std::string q = "L=12&d=8&m=3&n=7&pair=2&t=" + std::to_string(t);
        const auto dials = step_views("rope", 5, q), matrix = step_views("rope", 4, q);
        const std::vector<ViewData> v = {dials[0], matrix[0]};
        const PhasorView& ph = v[0].phasor();
        ASSERT_EQ(ph.dials.size(), 2u);
        const Eigen::VectorXd theta = rope_default_inv_freq(8, 10000);
        SplitMix64 rng(1);
        Eigen::VectorXd qv(8), kv(8);
        for (int i = 0; i < 8; ++i) qv(i) = rng.next_signed();
        for (int i = 0; i < 8; ++i) kv(i) = rng.next_signed();
        const double qa = std::atan2(qv(5), qv(4)) + (3 + t) * theta(2);  // pair 2 = coordinates 4, 5 (interleaved)
        const double ka = std::atan2(kv(5), kv(4)) + (7 + t) * theta(2);
        EXPECT_NEAR(std::remainder(ph.dials[0].arrows[0].angle - qa, 2 * M_PI), 0.0, 1e-9);
        EXPECT_NEAR(std::remainder(ph.dials[0].arrows[1].angle - ka, 2 * M_PI), 0.0, 1e-9);
        const HeatmapView& h = v[1].heatmap();
        ASSERT_EQ(h.highlight_cells.size(), 1u);
        EXPECT_EQ(h.highlight_cells[0].first + h.row_offset, 3 + t);
        EXPECT_EQ(h.highlight_cells[0].second + h.col_offset, 7 + t);
        EXPECT_LT(h.highlight_cells[0].second, 12);
        EXPECT_EQ(h.highlight_delta, 3 - 7);
        EXPECT_MATRIX_NEAR(h.values, rope_scores(12, theta, qv, kv, RopeLayout::interleaved), 1e-12);
        const double live = rope_apply(qv, 3 + t, theta, RopeLayout::interleaved).dot(rope_apply(kv, 7 + t, theta, RopeLayout::interleaved));
        const double still = rope_apply(qv, 3, theta, RopeLayout::interleaved).dot(rope_apply(kv, 7, theta, RopeLayout::interleaved));
        EXPECT_NEAR(live, still, 1e-12);
        EXPECT_TRUE(any_note_contains(v, "⟨R_(m+t) q, R_(n+t) k⟩ = ")) << all_notes(v);
    }
    EXPECT_EQ(find_lesson("rope")->steps[3].timeline.param, "t");
    EXPECT_EQ(find_lesson("rope")->steps[4].timeline.param, "t");
}

TEST(RopeLesson, AdditivePeOnlyCommutingBlocksAreToeplitz) {
    // Step 7: the sinusoid's own pₘᵀpₙ is Toeplitz and equals Σᵢ cos(Δθᵢ), Δ = m − n; a dense M breaks it.
    const auto gram = step_views("rope", 7, "L=16&d=8");
    ASSERT_EQ(gram.size(), 2u);
    EXPECT_LT(toeplitz_residual(Eigen::MatrixXd(gram[0].heatmap().values)), 1e-12);
    EXPECT_GT(toeplitz_residual(Eigen::MatrixXd(gram[1].heatmap().values)), 0.05);  // dense M
    EXPECT_TRUE(any_note_contains(gram, "|pₘᵀpₙ − Σᵢ cos(Δθᵢ)| ≤ ")) << all_notes(gram);
    // Step 8: block-diagonal M with generic blocks is not Toeplitz; blocks a·I + b·J are.
    const auto blocks = step_views("rope", 8, "L=16&d=8");
    ASSERT_EQ(blocks.size(), 2u);
    EXPECT_GT(toeplitz_residual(Eigen::MatrixXd(blocks[0].heatmap().values)), 0.05);
    EXPECT_LT(toeplitz_residual(Eigen::MatrixXd(blocks[1].heatmap().values)), 1e-12);
    // Step 9, the definitions on screen, checked: J and a·I + b·J commute with every R(θ_k), a generic block
    // does not; the commuting kernel is Σᵢ aᵢ cos(Δθᵢ) − bᵢ sin(Δθᵢ).
    const auto v = step_views("rope", 9, "L=16&d=8");
    ASSERT_EQ(v.size(), 1u);
    const TableView& checks = v[0].table();
    ASSERT_EQ(checks.values.rows(), 4);
    for (int r : {0, 1, 3}) EXPECT_LT(checks.values(r, 0), 1e-12) << "row " << r;
    EXPECT_GT(checks.values(2, 0), 1e-3);
    // Every check is marked from its number: the generic block alone does not commute.
    ASSERT_EQ(checks.marks.size(), 4u);
    for (const CellMark& m : checks.marks) EXPECT_EQ(m.holds, m.row != 2) << m.row;
    EXPECT_EQ(checks.marks[2].word, "does not commute");
    EXPECT_EQ(checks.marks[3].word, "Δ only");
}

TEST(RopeLesson, TwoAlternativesBiasIgnoresContentRopeDoesNot) {
    const auto a = step_views("rope", 10, "");
    ASSERT_EQ(a.size(), 1u);
    const auto b = step_views("rope", 11, "");
    ASSERT_EQ(b.size(), 2u);  // the score (q + pᵢ)ᵀ(k + pⱼ), the table of its four terms
    const std::vector<ViewData> v = {a[0], b[1]};
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
    // The deciding column is marked: only the position-only term is relative.
    ASSERT_EQ(table.marks.size(), 4u);
    for (const CellMark& m : table.marks) {
        EXPECT_EQ(m.col, 2);
        EXPECT_EQ(m.holds, m.row == 3) << m.row;
        EXPECT_EQ(m.word, m.row == 3 ? "relative" : "not relative");
    }
    // content = 0 leaves only the relative term.
    const auto none = step_views("rope", 11, "content_scale=0");
    EXPECT_EQ(none[1].table().values(0, 0), 0.0);
    EXPECT_GT(none[1].table().values(3, 0), 0.0);
}

TEST(RopeLesson, UniquenessOnlyRopePassesEveryCheck) {
    for (const char* q : {"", "d=2&L=5", "d=16&L=20&seed=3"}) {
        const auto v = step_views("rope", 12, q);
        const TableView& table = v[0].table();
        ASSERT_EQ(table.values.rows(), 5);
        for (int c = 0; c < 3; ++c) EXPECT_LT(table.values(0, c), 1e-12) << q;
        for (int r = 1; r < 4; ++r) EXPECT_GT(table.values.row(r).maxCoeff(), 1e-3) << q << " row " << r;
        // xPos: not orthogonal, yet relative (q and k get different transforms).
        EXPECT_GT(table.values(4, 0), 1e-3) << q;
        EXPECT_LT(table.values(4, 1), 1e-12) << q;
        EXPECT_LT(table.values(4, 2), 1e-12) << q;
    }
    // The deciding cells are marked: RoPE's three checks hold; every failed check says what fails.
    const TableView marked = step_views("rope", 12, "")[0].table();
    int rope_holds = 0;
    for (const CellMark& m : marked.marks) {
        const bool fails = marked.values(m.row, m.col) >= 1e-9;
        EXPECT_EQ(m.holds, !fails) << m.row << "," << m.col;
        if (m.row == 0) rope_holds += m.holds ? 1 : 0;
        if (fails) EXPECT_EQ(m.word, m.col == 0 ? "not orthogonal" : "not relative") << m.row << "," << m.col;
    }
    EXPECT_EQ(rope_holds, 3);
    EXPECT_EQ(std::count_if(marked.marks.begin(), marked.marks.end(), [](const CellMark& m) { return !m.holds; }),
              (marked.values.array() >= 1e-9).count());
    // The conclusion on screen, computed from the table.
    EXPECT_TRUE(any_note_contains(step_views("rope", 12, ""),
                                  "Orthogonal (column 1 at 0): rope, quadratic, random. Relative (columns 2 and 3 at 0): rope, xpos. Both: rope."))
        << all_notes(step_views("rope", 12, ""));
    EXPECT_LT(toeplitz_residual(Eigen::MatrixXd(step_views("rope", 13, "candidate=xpos")[0].heatmap().values)), 1e-12);
    EXPECT_LT(toeplitz_residual(Eigen::MatrixXd(step_views("rope", 13, "candidate=rope")[0].heatmap().values)), 1e-12);
    EXPECT_GT(toeplitz_residual(Eigen::MatrixXd(step_views("rope", 13, "candidate=quadratic")[0].heatmap().values)), 1e-3);
}

TEST(RopeLesson, SpectrumAndDecay) {
    const char* query = "d_spectrum=8&log10_base=4";
    const auto wavelengths = step_views("rope", 14, query), decay = step_views("rope", 15, query), extremes = step_views("rope", 16, query);
    ASSERT_EQ(wavelengths.size(), 1u);
    ASSERT_EQ(decay.size(), 2u);  // the curves, the table of the bound per base
    ASSERT_EQ(extremes.size(), 1u);
    const std::vector<ViewData> v = {wavelengths[0], decay[0], extremes[0]};
    ASSERT_EQ(v[2].table().values.rows(), 4);
    EXPECT_NEAR(v[2].table().values(0, 1), 2 * 3.14159265358979323846, 1e-12);
    EXPECT_NEAR(v[2].table().values(3, 1), 2 * 3.14159265358979323846 * 1000.0, 1e-9);
    // Its marks, from the numbers: the shortest wavelength 2π, the longest 2000π below the quoted base·2π =
    // 20000π, and pair 3 alone under one turn within max_dist = 2048 (2048 / 2000π = 0.326).
    const std::vector<CellMark>& extreme_marks = v[2].table().marks;
    ASSERT_EQ(extreme_marks.size(), 3u);
    EXPECT_EQ(extreme_marks[0].row, 0);
    EXPECT_EQ(extreme_marks[0].word, "shortest = 2π");
    EXPECT_TRUE(extreme_marks[0].holds);
    EXPECT_EQ(extreme_marks[1].row, 3);
    EXPECT_EQ(extreme_marks[1].word, "longest, below base·2π");
    EXPECT_EQ(extreme_marks[2].row, 3);
    EXPECT_EQ(extreme_marks[2].col, 2);
    EXPECT_EQ(extreme_marks[2].word, "under one turn");
    // The leading figure: λᵢ = 2π·base^(2i/d) per pair against the context max_dist (default 2048): pairs 0–2
    // (λ = 2π, 20π, 200π) turn within it, pair 3 (2000π) does not.
    const CurveView& w = v[0].curve();
    ASSERT_EQ(w.series.size(), 1u);
    ASSERT_EQ(w.series[0].size(), 4u);
    for (int i = 0; i < 4; ++i) EXPECT_NEAR(w.series[0][i], 2 * 3.14159265358979323846 * std::pow(10.0, i), 1e-9 * std::pow(10.0, i));
    EXPECT_EQ(w.hlines_y, (std::vector<double>{2048.0}));
    EXPECT_TRUE(any_note_contains(v, "3 of 4 pairs complete at least one turn within the context of 2048 positions"));
    // The decay figure: log Δ from 1 to 65,536; per base the size of the score |Σcos(Δθᵢ)|/(d/2) and, dashed, the
    // bound B(Δ) in the same units (B written out here as (2/d) Σ_j |Σ_{p<j} e^{iΔθ_p}|), so that the bound is
    // drawn above what it bounds; both on log axes.
    const CurveView& c = v[1].curve();
    EXPECT_TRUE(c.log_x);
    EXPECT_TRUE(c.log_y);
    EXPECT_EQ(c.x.front(), 1.0);
    EXPECT_EQ(c.x.back(), 65536.0);
    ASSERT_EQ(c.series.size(), 6u);  // bases 1e4, 5e5, 1e6 (the chosen 1e4 among them)
    ASSERT_EQ(c.series_dashed, (std::vector<bool>{false, true, false, true, false, true}));
    const double bases[] = {1e4, 5e5, 1e6};
    for (int b = 0; b < 3; ++b) {
        const Eigen::VectorXd theta = rope_default_inv_freq(8, bases[b]);
        for (std::size_t k = 0; k < c.x.size(); k += 17) {
            double re_total = 0.0, score = 0.0, re = 0.0, im = 0.0;
            for (int p = 0; p < 4; ++p) {
                re += std::cos(c.x[k] * theta(p));
                im += std::sin(c.x[k] * theta(p));
                re_total += std::hypot(re, im);
                score += std::cos(c.x[k] * theta(p)) / 4;
            }
            const double bound = re_total / 4;
            EXPECT_NEAR(c.series[2 * b][k], std::fabs(score), 1e-12);
            EXPECT_NEAR(c.series[2 * b + 1][k], bound, 1e-12);
        }
        // The bound as drawn is never below the score it bounds (RoFormer: |s(Δ)| ≤ (2/d)|S_{d/2}| ≤ B(Δ)).
        for (std::size_t k = 0; k < c.x.size(); ++k) EXPECT_GE(c.series[2 * b + 1][k], c.series[2 * b][k]) << c.x[k];
        EXPECT_NEAR(c.series[2 * b + 1].front(), rope_relative_upper_bound(theta, 1.0), 1e-12);
    }
    // The decay table: per base B(1), B(65536) (the curves' ends) and the largest far |score|.
    const TableView& per_base = decay[1].table();
    ASSERT_EQ(per_base.values.rows(), 3);
    EXPECT_EQ(per_base.row_labels, (std::vector<std::string>{"10⁴", "5·10⁵", "10⁶"}));  // as the legend writes them
    for (int b = 0; b < 3; ++b) {
        EXPECT_DOUBLE_EQ(per_base.values(b, 0), c.series[2 * b + 1].front());
        EXPECT_DOUBLE_EQ(per_base.values(b, 1), c.series[2 * b + 1].back());
    }
    EXPECT_FALSE(find_lesson("rope")->steps[13].equations.empty());
    EXPECT_FALSE(find_lesson("rope")->steps[14].equations.empty());
}

// The recap (step 19): one row per claim, each number the one its step shows — RoPE's S and the learned M's
// pₘᵀ M pₙ from Toeplitz, scaled-rotation against generic blocks, rope against quadratic, the extreme wavelengths,
// the bound near and far (the decay table's ends), RoPE against xPos at the context length.
TEST(RopeLesson, RecapPutsTheClaimsSideBySide) {
    const char* query = "d_spectrum=8&log10_base=4&L=16&d=8";
    const auto recap = step_views("rope", 19, query);
    ASSERT_EQ(recap.size(), 1u);
    const TableView& t = recap[0].table();
    ASSERT_EQ(t.values.rows(), 6);
    ASSERT_EQ(t.values.cols(), 2);
    EXPECT_LT(t.values(0, 0), 1e-12);  // RoPE's score is Toeplitz
    EXPECT_DOUBLE_EQ(t.values(0, 1), toeplitz_residual(Eigen::MatrixXd(step_views("rope", 7, query)[1].heatmap().values)));
    const auto blocks = step_views("rope", 8, query);
    EXPECT_DOUBLE_EQ(t.values(1, 0), toeplitz_residual(Eigen::MatrixXd(blocks[1].heatmap().values)));
    EXPECT_DOUBLE_EQ(t.values(1, 1), toeplitz_residual(Eigen::MatrixXd(blocks[0].heatmap().values)));
    const TableView checks = step_views("rope", 12, query)[0].table();
    EXPECT_DOUBLE_EQ(t.values(2, 0), checks.values(0, 1));
    EXPECT_DOUBLE_EQ(t.values(2, 1), checks.values(1, 1));
    EXPECT_NEAR(t.values(3, 0), 2 * 3.14159265358979323846, 1e-12);
    EXPECT_NEAR(t.values(3, 1), 2 * 3.14159265358979323846 * 1000.0, 1e-9);
    const TableView decay = step_views("rope", 15, query)[1].table();
    EXPECT_DOUBLE_EQ(t.values(4, 0), decay.values(0, 0));  // base 10⁴ is the decay table's first row
    EXPECT_DOUBLE_EQ(t.values(4, 1), decay.values(0, 1));
    const auto xpos_step = step_views("rope", 17, query);
    const CurveView& xpos = xpos_step[0].curve();
    EXPECT_DOUBLE_EQ(t.values(5, 0), xpos.series[0].back());
    EXPECT_DOUBLE_EQ(t.values(5, 1), xpos.series[1].back());
    // The first three rows are marked relative / not relative from their own numbers.
    for (const CellMark& m : t.marks) EXPECT_EQ(m.holds, t.values(m.row, m.col) < 1e-9) << m.row << "," << m.col;
}

// With a model preset the leading figure adds the model's wavelengths after its own scaling (Llama 3.1's
// llama3 rule, HF _compute_llama3_parameters via core) and its trained context; the decay axis reaches its
// 131,072-position context.
TEST(RopeLesson, SpectrumShowsAModelsWavelengthsAgainstItsOwnContext) {
    const ModelPreset* llama = find_model_preset("llama-3.1-8b");
    ASSERT_NE(llama, nullptr);
    const char* query = "preset=llama-3.1-8b&d_spectrum=128&base=500000&max_dist=131072";
    const std::vector<ViewData> v = {step_views("rope", 14, query)[0], step_views("rope", 15, query)[0]};
    const CurveView& w = v[0].curve();
    ASSERT_EQ(w.series.size(), 2u);
    const std::vector<double> inv_freq = preset_inv_freq(*llama);
    ASSERT_EQ(w.series[1].size(), inv_freq.size());
    for (std::size_t i = 0; i < inv_freq.size(); ++i) EXPECT_DOUBLE_EQ(w.series[1][i], 2 * 3.14159265358979323846 / inv_freq[i]);
    EXPECT_EQ(w.hlines_y, (std::vector<double>{131072.0, double(llama->trained_context)}));
    EXPECT_EQ(v[1].curve().x.back(), 131072.0);
    // Another base than the model's: only the curve of the values set here, and a note that says so.
    const auto other = step_views("rope", 14, "preset=llama-3.1-8b&d_spectrum=128&base=10000&max_dist=131072");
    EXPECT_EQ(other[0].curve().series.size(), 1u);
    EXPECT_TRUE(any_note_contains(other, "differ from Llama 3.1 8B's values"));
}

}  // namespace
