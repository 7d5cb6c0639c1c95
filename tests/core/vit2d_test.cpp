// PE Lab — tests/core/vit2d_test.cpp
// 2-D positions (vit2d.h): row-major flattening, bilinear resampling as PyTorch F.interpolate
// (align_corners=False), MAE's 2-D sin-cos table, axial 2-D RoPE as naver-ai/rope-vit and Swin's
// relative_position_index. Goldens come from double-precision transcriptions of those references.
#include <cmath>
#include <map>
#include <utility>

#include "core/random.h"
#include "core/absolute/vit2d.h"
#include "matrix_assert.h"

namespace {

using namespace pelab;

TEST(VitGrid, RowMajorFlattening) {
    EXPECT_EQ(vit_token_index(1, 2, 3), 5);
    EXPECT_EQ(vit_token_row(5, 3), 1);
    EXPECT_EQ(vit_token_col(5, 3), 2);
}

TEST(VitResample, BilinearAlignCornersFalseAsPyTorch) {
    Eigen::Matrix2d g;
    g << 1, 2, 3, 5;
    Eigen::MatrixXd expected(3, 4);
    expected << 1.0, 1.25, 1.75, 2.0, 2.0, 2.375, 3.125, 3.5, 3.0, 3.5, 4.5, 5.0;
    EXPECT_MATRIX_NEAR(vit_resample_bilinear(g, 3, 4), expected, 1e-15);
    Eigen::MatrixXd g2(3, 4);
    g2 << 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11;
    Eigen::MatrixXd down(2, 3);
    down << 1.1666666666666667, 2.5, 3.833333333333333, 7.166666666666667, 8.5, 9.833333333333334;
    EXPECT_MATRIX_NEAR(vit_resample_bilinear(g2, 2, 3), down, 1e-12);
    // Same size: identity.
    EXPECT_MATRIX_NEAR(vit_resample_bilinear(g2, 3, 4), g2, 0.0);
    // Source index: (in/out)(dst + 0.5) − 0.5, clamped at 0.
    EXPECT_EQ(vit_bilinear_source(0, 2, 4), 0.0);
    EXPECT_EQ(vit_bilinear_source(1, 2, 4), 0.25);
    const BilinearTap t = vit_bilinear_tap(3, 2, 4);
    EXPECT_EQ(t.src, 1.25);
    EXPECT_EQ(t.i0, 1);
    EXPECT_EQ(t.i1, 1);
}

TEST(VitResample, TableChannelsAreResampledIndependently) {
    SplitMix64 rng(2);
    const Eigen::MatrixXd table = random_signed_matrix(6, 3, rng);  // 2×3 grid, 3 channels
    const Eigen::MatrixXd out = vit_resample_table(table, 2, 3, 4, 5);
    ASSERT_EQ(out.rows(), 20);
    for (int ch = 0; ch < 3; ++ch) {
        Eigen::MatrixXd grid(2, 3);
        for (int t = 0; t < 6; ++t) grid(t / 3, t % 3) = table(t, ch);
        const Eigen::MatrixXd g2 = vit_resample_bilinear(grid, 4, 5);
        for (int t = 0; t < 20; ++t) EXPECT_EQ(out(t, ch), g2(t / 5, t % 5));
    }
}

TEST(Mae2dSincos, FirstHalfEncodesTheColumn) {
    // MAE get_2d_sincos_pos_embed generalised to 2×3, D = 8 (double-precision transcription).
    const Eigen::MatrixXd E = mae_2d_sincos(2, 3, 8);
    ASSERT_EQ(E.rows(), 6);
    ASSERT_EQ(E.cols(), 8);
    Eigen::MatrixXd golden(6, 8);
    const double s1 = 0.8414709848078965, s001 = 0.009999833334166664, c1 = 0.5403023058681398,
                 c001 = 0.9999500004166653, s2 = 0.9092974268256817, s002 = 0.01999866669333308,
                 c2 = -0.4161468365471424, c002 = 0.9998000066665778;
    golden << 0, 0, 1, 1, 0, 0, 1, 1,                         // (0,0)
        s1, s001, c1, c001, 0, 0, 1, 1,                       // (0,1)
        s2, s002, c2, c002, 0, 0, 1, 1,                       // (0,2)
        0, 0, 1, 1, s1, s001, c1, c001,                       // (1,0)
        s1, s001, c1, c001, s1, s001, c1, c001,               // (1,1)
        s2, s002, c2, c002, s1, s001, c1, c001;               // (1,2)
    EXPECT_MATRIX_NEAR(E, golden, 1e-15);
}

TEST(AxialRope, FrequenciesAndScoresMatchRopeVit) {
    Eigen::VectorXd f8(2), f16(4);
    f8 << 1.0, 0.1;
    f16 << 1.0, 0.31622776601683794, 0.1, 0.03162277660168379;
    EXPECT_MATRIX_NEAR(axial_rope_freqs(8, 100), f8, 1e-15);
    EXPECT_MATRIX_NEAR(axial_rope_freqs(16, 100), f16, 1e-15);
    const Eigen::VectorXd angles = axial_rope_angles(1, 2, 8, 100);  // row 1, column 2
    Eigen::Vector4d expected_angles(2.0, 0.2, 1.0, 0.1);           // x (column) pairs first, then y (row)
    EXPECT_MATRIX_NEAR(angles, expected_angles, 1e-15);

    Eigen::VectorXd q(8), k(8);
    q << 0.5, -1.0, 2.0, 0.25, -0.75, 1.5, 1.0, -0.5;
    k << 1.0, 0.5, -0.5, 2.0, 0.25, -1.0, 1.5, 0.75;
    const Eigen::MatrixXd S = axial_rope_scores(2, 3, 8, 100, q, k);
    Eigen::MatrixXd golden(6, 6);
    golden << -1.0625, -2.5236536573170496, -3.0086660619823506, -0.7576821994879099, -2.2188358568049598,
        -2.703848261470261, 0.4036494920390239, -1.0625, -2.5236536573170496, 0.7084672925511137,
        -0.7576821994879104, -2.2188358568049598, 0.9035994841411088, 0.40364949203902367, -1.0625,
        1.2084172846531986, 0.7084672925511135, -0.7576821994879099, 0.17292128905849657, -1.288232368258553,
        -1.773244772923854, -1.0625, -2.5236536573170496, -3.0086660619823506, 1.6390707810975207,
        0.17292128905849657, -1.288232368258553, 0.403649492039024, -1.0625, -2.5236536573170496,
        2.1390207731996056, 1.6390707810975202, 0.17292128905849657, 0.9035994841411089, 0.4036494920390238,
        -1.0625;
    EXPECT_MATRIX_NEAR(S, golden, 1e-12);
}

TEST(AxialRope, ScoreDependsOnlyOnRowAndColumnOffsets) {
    SplitMix64 rng(9);
    for (int dim : {4, 8, 16}) {
        Eigen::VectorXd q(dim), k(dim);
        for (int i = 0; i < dim; ++i) {
            q(i) = rng.next_signed();
            k(i) = rng.next_signed();
        }
        const int H = 4, W = 5;
        const Eigen::MatrixXd S = axial_rope_scores(H, W, dim, 100, q, k);
        std::map<std::pair<int, int>, double> first;
        for (int a = 0; a < H * W; ++a)
            for (int b = 0; b < H * W; ++b) {
                const std::pair<int, int> delta(vit_token_row(a, W) - vit_token_row(b, W),
                                                vit_token_col(a, W) - vit_token_col(b, W));
                auto it = first.find(delta);
                if (it == first.end())
                    first.emplace(delta, S(a, b));
                else
                    EXPECT_NEAR(S(a, b), it->second, 1e-12) << "dim " << dim;
            }
        EXPECT_EQ(first.size(), static_cast<std::size_t>((2 * H - 1) * (2 * W - 1)));
    }
}

TEST(SwinIndex, MatchesReferenceAndIsABijectionOnOffsets) {
    Eigen::Matrix4d expected;  // Wh = Ww = 2: (Δr + 1)·3 + (Δc + 1)
    expected << 4, 3, 1, 0, 5, 4, 2, 1, 7, 6, 4, 3, 8, 7, 5, 4;
    EXPECT_MATRIX_NEAR(swin_relative_position_index(2, 2), expected, 0.0);
    const Eigen::MatrixXd idx = swin_relative_position_index(3, 4);
    EXPECT_EQ(idx.minCoeff(), 0.0);
    EXPECT_EQ(idx.maxCoeff(), (2 * 3 - 1) * (2 * 4 - 1) - 1.0);
    std::map<double, std::pair<int, int>> seen;
    for (int a = 0; a < 12; ++a)
        for (int b = 0; b < 12; ++b) {
            const std::pair<int, int> delta(a / 4 - b / 4, a % 4 - b % 4);
            auto it = seen.find(idx(a, b));
            if (it == seen.end())
                seen.emplace(idx(a, b), delta);
            else
                EXPECT_EQ(it->second, delta);
        }
    EXPECT_EQ(seen.size(), 35u);
}

}  // namespace
