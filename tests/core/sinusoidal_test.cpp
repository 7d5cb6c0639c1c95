// PE Lab — tests/core/sinusoidal_test.cpp
// Sinusoidal PE in both layouts against golden values derived from the reference code (HF DistilBERT's
// create_sinusoidal_embeddings formula for the paper layout, tensor2tensor's get_timing_signal_1d for the
// halves layout, both transcribed into a throwaway Python script), the worked example pos = 2, d = 4,
// the shift identity PE(p + k) = M_k PE(p), the Gram matrix depending only on p − q, wavelengths, the
// learnable table lookup and the quantity registry entry.
#include <cmath>

#include "core/constants.h"
#include "core/quantities/quantity.h"
#include "core/absolute/sinusoidal.h"
#include "matrix_assert.h"

// Named, not anonymous: batched compilation (cmake/PelabUnity.cmake) may share a unit with another suite's vec().
namespace sinusoidal_test {

using namespace pelab;

Eigen::VectorXd vec(std::initializer_list<double> values) {
    Eigen::VectorXd v(static_cast<Eigen::Index>(values.size()));
    Eigen::Index i = 0;
    for (double x : values) v(i++) = x;
    return v;
}

// The course notes' worked example: pos = 2, d = 4 → (sin 2, cos 2, sin 0.02, cos 0.02).
TEST(Sinusoidal, WorkedExampleVaswani) {
    const Eigen::VectorXd pe = sinusoidal_pe_row(2, 4, 10000, PeVariant::vaswani);
    EXPECT_MATRIX_NEAR(pe, vec({std::sin(2.0), std::cos(2.0), std::sin(0.02), std::cos(0.02)}), 1e-15);
    // Python transcription: [0.9092974268256817, -0.4161468365471424, 0.01999866669333308, 0.9998000066665778].
    EXPECT_MATRIX_NEAR(pe, vec({0.9092974268256817, -0.4161468365471424, 0.01999866669333308, 0.9998000066665778}),
                       1e-12);
}

// tensor2tensor at pos = 2, d = 4: frequencies 1 and 10000^(−1/(2−1)) = 1e−4, layout [sin | cos].
TEST(Sinusoidal, WorkedExampleTensor2Tensor) {
    const Eigen::VectorXd pe = sinusoidal_pe_row(2, 4, 10000, PeVariant::tensor2tensor);
    EXPECT_MATRIX_NEAR(pe, vec({0.9092974268256817, 0.0001999999986666665, -0.4161468365471424, 0.9999999800000001}),
                       1e-12);
}

TEST(Sinusoidal, GoldenRowsBothLayouts) {
    EXPECT_MATRIX_NEAR(sinusoidal_pe_row(5, 6, 10000, PeVariant::vaswani),
                       vec({-0.9589242746631385, 0.28366218546322625, 0.23000171166476746, 0.9731902242785205,
                            0.010771965118034833, 0.9999419807006283}),
                       1e-12);
    EXPECT_MATRIX_NEAR(sinusoidal_pe_row(5, 6, 10000, PeVariant::tensor2tensor),
                       vec({-0.9589242746631385, 0.0499791692706783, 0.0004999999791666665, 0.28366218546322625,
                            0.9987502603949663, 0.9999998750000026}),
                       1e-12);
    EXPECT_MATRIX_NEAR(sinusoidal_pe_row(7, 8, 100, PeVariant::vaswani),
                       vec({0.6569865987187891, 0.7539022543433046, 0.8004216463225218, -0.5994373929764008,
                            0.644217687237691, 0.7648421872844885, 0.2195560913524192, 0.9755998784081762}),
                       1e-12);
    EXPECT_MATRIX_NEAR(sinusoidal_pe_row(7, 8, 100, PeVariant::tensor2tensor),
                       vec({0.6569865987187891, 0.9980354973727412, 0.3192246506063148, 0.06994284733753273,
                            0.7539022543433046, 0.0626509854985941, 0.9476790714399449, 0.9975510002532796}),
                       1e-12);
}

// Odd widths as the references handle them: the paper formula ends with a sin, tensor2tensor pads a zero.
TEST(Sinusoidal, OddWidthFollowsReferences) {
    EXPECT_MATRIX_NEAR(sinusoidal_pe_row(3, 5, 10000, PeVariant::vaswani),
                       vec({0.1411200080598672, -0.9899924966004454, 0.07528529299888895, 0.997162035307237,
                            0.0018928709030918876}),
                       1e-12);
    EXPECT_MATRIX_NEAR(sinusoidal_pe_row(3, 5, 10000, PeVariant::tensor2tensor),
                       vec({0.1411200080598672, 0.0002999999954999997, -0.9899924966004454, 0.9999999550000004, 0.0}),
                       1e-12);
}

TEST(Sinusoidal, TableRowsArePositions) {
    const Eigen::MatrixXd PE = sinusoidal_pe(10, 6, 10000, PeVariant::vaswani);
    ASSERT_EQ(PE.rows(), 10);
    ASSERT_EQ(PE.cols(), 6);
    for (int p = 0; p < 10; ++p)
        EXPECT_MATRIX_NEAR(PE.row(p).transpose(), sinusoidal_pe_row(p, 6, 10000, PeVariant::vaswani), 0.0);
    // Position 0: sin 0 = 0, cos 0 = 1 everywhere.
    EXPECT_MATRIX_NEAR(PE.row(0).transpose(), vec({0, 1, 0, 1, 0, 1}), 0.0);
    const Eigen::MatrixXd T = sinusoidal_pe(3, 6, 10000, PeVariant::tensor2tensor);
    EXPECT_MATRIX_NEAR(T.row(0).transpose(), vec({0, 0, 0, 1, 1, 1}), 0.0);
}

TEST(Sinusoidal, FrequenciesAndWavelengths) {
    // Paper layout: ω_i = 10000^(−2i/d); wavelengths from 2π to 2π·10000^(1 − 2/d).
    const Eigen::VectorXd w = sinusoidal_frequencies(8, 10000, PeVariant::vaswani);
    EXPECT_MATRIX_NEAR(w, vec({1, 0.1, 0.01, 0.001}), 1e-15);
    const Eigen::VectorXd lam = sinusoidal_wavelengths(64, 10000, PeVariant::vaswani);
    EXPECT_NEAR(lam(0), kTwoPi, 1e-15);
    EXPECT_NEAR(lam(31) / (kTwoPi * std::pow(10000.0, 62.0 / 64.0)), 1.0, 1e-14);
    // tensor2tensor reaches exactly 1/base at the last frequency: wavelength 2π·base.
    const Eigen::VectorXd t = sinusoidal_frequencies(8, 10000, PeVariant::tensor2tensor);
    EXPECT_NEAR(t(3), 1e-4, 1e-18);
    EXPECT_NEAR(t(1), std::pow(10000.0, -1.0 / 3.0), 1e-15);
    EXPECT_NEAR(sinusoidal_wavelengths(64, 10000, PeVariant::tensor2tensor)(31) / (kTwoPi * 10000), 1.0, 1e-14);
    // d = 2 in tensor2tensor: max(d/2 − 1, 1) keeps the increment finite.
    EXPECT_EQ(sinusoidal_frequencies(2, 10000, PeVariant::tensor2tensor)(0), 1.0);
    // Columns.
    EXPECT_EQ(sinusoidal_column(1, false, 8, PeVariant::vaswani), 2);
    EXPECT_EQ(sinusoidal_column(1, true, 8, PeVariant::vaswani), 3);
    EXPECT_EQ(sinusoidal_column(1, false, 8, PeVariant::tensor2tensor), 1);
    EXPECT_EQ(sinusoidal_column(1, true, 8, PeVariant::tensor2tensor), 5);
}

// PE(p + k) = M_k PE(p) for several p, k, d, both layouts and a non-default base.
TEST(Sinusoidal, ShiftMatrixMovesEveryPosition) {
    for (PeVariant v : {PeVariant::vaswani, PeVariant::tensor2tensor})
        for (int d : {2, 4, 6, 16, 64})
            for (double base : {10000.0, 500.0})
                for (int k : {-7, -1, 0, 1, 3, 25})
                    for (int p : {0, 2, 5, 40}) {
                        const Eigen::MatrixXd M = sinusoidal_shift_matrix(k, d, base, v);
                        EXPECT_MATRIX_NEAR(M * sinusoidal_pe_row(p, d, base, v), sinusoidal_pe_row(p + k, d, base, v),
                                           1e-12)
                            << pe_variant_name(v) << " d=" << d << " k=" << k << " p=" << p;
                    }
}

TEST(Sinusoidal, ShiftMatrixIsBlockDiagonalRotation) {
    const Eigen::MatrixXd M = sinusoidal_shift_matrix(2, 4, 10000, PeVariant::vaswani);
    Eigen::MatrixXd expected = Eigen::MatrixXd::Zero(4, 4);
    expected(0, 0) = expected(1, 1) = std::cos(2.0);
    expected(0, 1) = std::sin(2.0);
    expected(1, 0) = -std::sin(2.0);
    expected(2, 2) = expected(3, 3) = std::cos(0.02);
    expected(2, 3) = std::sin(0.02);
    expected(3, 2) = -std::sin(0.02);
    EXPECT_MATRIX_NEAR(M, expected, 1e-15);
    // Orthogonal, and M_a M_b = M_(a+b).
    EXPECT_MATRIX_NEAR(M * M.transpose(), Eigen::MatrixXd::Identity(4, 4), 1e-15);
    EXPECT_MATRIX_NEAR(M * sinusoidal_shift_matrix(3, 4, 10000, PeVariant::vaswani),
                       sinusoidal_shift_matrix(5, 4, 10000, PeVariant::vaswani), 1e-14);
}

// G = PE·PEᵀ: G[p][q] = Σ cos((p − q)ω_i), so every diagonal is constant and G[p][p] = d/2.
TEST(Sinusoidal, GramDependsOnlyOnDelta) {
    for (PeVariant v : {PeVariant::vaswani, PeVariant::tensor2tensor}) {
        const int L = 40, d = 16;
        const Eigen::MatrixXd G = gram_matrix(sinusoidal_pe(L, d, 10000, v));
        const Eigen::VectorXd w = sinusoidal_frequencies(d, 10000, v);
        for (int p = 0; p < L; ++p)
            for (int q = 0; q < L; ++q) {
                double expected = 0.0;
                for (int i = 0; i < w.size(); ++i) expected += std::cos((p - q) * w(i));
                EXPECT_NEAR(G(p, q), expected, 1e-12) << p << "," << q;
                if (p > 0 && q > 0) EXPECT_NEAR(G(p, q), G(p - 1, q - 1), 1e-12);
            }
        EXPECT_NEAR(G(0, 0), d / 2.0, 1e-15);
        // Decays from Δ = 0 with the distance (for the first steps).
        EXPECT_GT(G(0, 0), G(0, 1));
        EXPECT_GT(G(0, 1), G(0, 2));
        EXPECT_GT(G(0, 2), G(0, 4));
    }
}

TEST(Sinusoidal, LearnableTableLookupMarksMissingRows) {
    const Eigen::MatrixXd table = learnable_pe_table(4, 3, 11);
    ASSERT_EQ(table.rows(), 4);
    const Eigen::MatrixXd looked = learnable_pe_lookup(table, 6);
    ASSERT_EQ(looked.rows(), 6);
    EXPECT_MATRIX_NEAR(looked.topRows(4), table, 0.0);
    for (int p = 4; p < 6; ++p)
        for (int c = 0; c < 3; ++c) EXPECT_TRUE(std::isnan(looked(p, c)));
    for (int i = 0; i < table.size(); ++i) {
        EXPECT_GE(table.data()[i], -1.0);
        EXPECT_LT(table.data()[i], 1.0);
    }
    // Same seed, same table; a longer table starts with the same rows.
    EXPECT_MATRIX_NEAR(learnable_pe_table(6, 3, 11).topRows(4), table, 0.0);
}

TEST(Sinusoidal, QuantitySinusoidalPe) {
    const Quantity* q = find_quantity("sinusoidal_pe");
    ASSERT_NE(q, nullptr);
    std::vector<std::string> names;
    for (const ParamSpec& s : q->params) names.push_back(s.name);
    EXPECT_EQ(names, (std::vector<std::string>{"L", "d", "base", "variant"}));
    ParamSet p = defaults(q->params);
    ASSERT_TRUE(parse_params(q->params, split_query("L=3&d=4&variant=tensor2tensor"), &p).empty());
    const QuantityResult r = q->compute(p);
    ASSERT_EQ(r.shape, (std::vector<int>{3, 4}));
    EXPECT_NEAR(r.data[8], 0.9092974268256817, 1e-12);
    EXPECT_NEAR(r.data[9], 0.0001999999986666665, 1e-12);
    EXPECT_NEAR(r.data[10], -0.4161468365471424, 1e-12);
    EXPECT_NEAR(r.data[11], 0.9999999800000001, 1e-12);
    EXPECT_EQ(defaults(q->params).gets("variant"), "vaswani");
    EXPECT_EQ(defaults(q->params).getd("base"), 10000.0);
}

}  // namespace sinusoidal_test
