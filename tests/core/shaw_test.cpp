// PE Lab — tests/core/shaw_test.cpp
// Shaw relative position representations: index matrices against golden values from tensor2tensor's
// _generate_relative_positions_matrix (transcribed into a throwaway Python script), the course notes' tutorial
// index and its mirror relation to the reference, the lookup into L × L × d, the einsum 'bhld,lmd->bhlm'
// written out as four loops, the combined logits, the value-side term of eq. 3 and the shaw_index quantity.
#include <cmath>

#include "core/quantities/quantity.h"
#include "core/random.h"
#include "core/relative/shaw.h"
#include "matrix_assert.h"

namespace {

using namespace pelab;

using pelab_test::from_rows;

TEST(Shaw, ReferenceIndexGolden) {
    // _generate_relative_positions_matrix(5, 5, 2)
    EXPECT_MATRIX_NEAR(shaw_relative_index(5, 2), from_rows(5, {2, 3, 4, 4, 4,
                                                                1, 2, 3, 4, 4,
                                                                0, 1, 2, 3, 4,
                                                                0, 0, 1, 2, 3,
                                                                0, 0, 0, 1, 2}),
                       0.0);
    // (4, 4, 3): no clipping, entries 0..6.
    EXPECT_MATRIX_NEAR(shaw_relative_index(4, 3), from_rows(4, {3, 4, 5, 6,
                                                                2, 3, 4, 5,
                                                                1, 2, 3, 4,
                                                                0, 1, 2, 3}),
                       0.0);
    // (6, 6, 1): everything beyond ±1 shares the two edge rows.
    EXPECT_MATRIX_NEAR(shaw_relative_index(6, 1), from_rows(6, {1, 2, 2, 2, 2, 2,
                                                                0, 1, 2, 2, 2, 2,
                                                                0, 0, 1, 2, 2, 2,
                                                                0, 0, 0, 1, 2, 2,
                                                                0, 0, 0, 0, 1, 2,
                                                                0, 0, 0, 0, 0, 1}),
                       0.0);
    // k = 0: one embedding for every pair.
    EXPECT_EQ(shaw_relative_index(7, 0).maxCoeff(), 0);
}

TEST(Shaw, TutorialIndexAndMirrorOrder) {
    // The course notes' L = 4, max_len = 4 example: (i − j) + 3.
    const Eigen::MatrixXi seed = shaw_tutorial_index(4, 4);
    EXPECT_MATRIX_NEAR(seed, from_rows(4, {3, 2, 1, 0, 4, 3, 2, 1, 5, 4, 3, 2, 6, 5, 4, 3}), 0.0);
    // With k = max_len − 1 neither form clips, and the course notes read row 2k − (reference row): mirror order.
    for (int L = 1; L <= 12; ++L) {
        const Eigen::MatrixXi ref = shaw_relative_index(L, L - 1);
        const Eigen::MatrixXi sd = shaw_tutorial_index(L, L);
        for (int i = 0; i < L; ++i)
            for (int j = 0; j < L; ++j) EXPECT_EQ(sd(i, j), 2 * (L - 1) - ref(i, j));
    }
    // Row r stands for distance j − i = r − k in the reference and (max_len − 1) − r in the course notes.
    EXPECT_EQ(shaw_reference_row_distance(0, 3), -3);
    EXPECT_EQ(shaw_tutorial_row_distance(0, 4), 3);
    const Eigen::MatrixXi D = shaw_relative_distance(5);
    const Eigen::MatrixXi R = shaw_relative_index(5, 4);
    for (int i = 0; i < 5; ++i)
        for (int j = 0; j < 5; ++j) {
            EXPECT_EQ(D(i, j), j - i);
            EXPECT_EQ(shaw_reference_row_distance(R(i, j), 4), j - i);
            EXPECT_EQ(shaw_tutorial_row_distance(shaw_tutorial_index(5, 5)(i, j), 5), j - i);
        }
}

TEST(Shaw, LookupGivesLxLxd) {
    Eigen::MatrixXd table(5, 2);  // 2k + 1 = 5 rows for k = 2
    table << 0, 0.5, 1, 1.5, 2, 2.5, 3, 3.5, 4, 4.5;
    const Eigen::MatrixXi index = shaw_relative_index(4, 2);
    const RelativeTensor a = shaw_lookup(table, index);
    ASSERT_EQ(a.size(), 4u);
    for (int i = 0; i < 4; ++i) {
        ASSERT_EQ(a[static_cast<std::size_t>(i)].rows(), 4);
        ASSERT_EQ(a[static_cast<std::size_t>(i)].cols(), 2);
        for (int j = 0; j < 4; ++j)
            EXPECT_MATRIX_NEAR(a[static_cast<std::size_t>(i)].row(j), table.row(index(i, j)), 0.0);
    }
    // a_03: distance 3 clipped to 2 → row 4.
    EXPECT_EQ(a[0](3, 0), 4.0);
}

// pos_score[b][h][l][m] = Σ_d Q[b][h][l][d] · R[l][m][d], written out with explicit loops.
TEST(Shaw, EinsumMatchesItsDefinition) {
    SplitMix64 rng(5);
    const int B = 2, H = 3, L = 5, d = 4, k = 2;
    const Eigen::MatrixXd table = random_signed_matrix(2 * k + 1, d, rng);
    const RelativeTensor a = shaw_lookup(table, shaw_relative_index(L, k));
    std::vector<Eigen::MatrixXd> Q;
    for (int bh = 0; bh < B * H; ++bh) Q.push_back(random_signed_matrix(L, d, rng));
    const std::vector<Eigen::MatrixXd> P = shaw_einsum_bhld_lmd(Q, a);
    ASSERT_EQ(P.size(), static_cast<std::size_t>(B * H));
    for (int bh = 0; bh < B * H; ++bh)
        for (int l = 0; l < L; ++l)
            for (int m = 0; m < L; ++m) {
                double sum = 0.0;
                for (int x = 0; x < d; ++x)
                    sum += Q[static_cast<std::size_t>(bh)](l, x) * a[static_cast<std::size_t>(l)](m, x);
                EXPECT_NEAR(P[static_cast<std::size_t>(bh)](l, m), sum, 1e-15);
            }
}

TEST(Shaw, LogitsCombineContentAndPosition) {
    const ShawDemo demo = shaw_demo_inputs(4, 1, 3, 9);
    ASSERT_EQ(demo.table.rows(), 3);
    ASSERT_EQ(demo.Q.rows(), 4);
    const RelativeTensor a = shaw_lookup(demo.table, shaw_relative_index(4, 1));
    const Eigen::MatrixXd E = shaw_logits(demo.Q, demo.K, a);
    const Eigen::MatrixXd expected = (demo.Q * demo.K.transpose() + shaw_position_scores(demo.Q, a)) / std::sqrt(3.0);
    EXPECT_MATRIX_NEAR(E, expected, 1e-14);
    // The position term is content-dependent: along one diagonal (same j − i) it varies with q_i.
    const Eigen::MatrixXd P = shaw_position_scores(demo.Q, a);
    EXPECT_NE(P(0, 1), P(1, 2));
}

TEST(Shaw, QuantityShawIndex) {
    const Quantity* q = find_quantity("shaw_index");
    ASSERT_NE(q, nullptr);
    std::vector<std::string> names;
    for (const ParamSpec& s : q->params) names.push_back(s.name);
    EXPECT_EQ(names, (std::vector<std::string>{"L", "k"}));
    ParamSet p = defaults(q->params);
    ASSERT_TRUE(parse_params(q->params, split_query("L=5&k=2"), &p).empty());
    const QuantityResult r = q->compute(p);
    EXPECT_TRUE(r.integer);
    ASSERT_EQ(r.shape, (std::vector<int>{5, 5}));
    const std::vector<double> first_rows = {2, 3, 4, 4, 4, 1, 2, 3, 4, 4};
    for (std::size_t i = 0; i < first_rows.size(); ++i) EXPECT_EQ(r.data[i], first_rows[i]);
}

// Eq. 3's value-side term: row i is Σ_j α_ij a^V_ij, written out; the value demo leaves the key-side demo as it was.
TEST(Shaw, ValueTermIsTheWeightedLookup) {
    const int L = 5, k = 1, d = 3;
    const ShawValueDemo vd = shaw_demo_values(L, k, d, 4);
    ASSERT_EQ(vd.table.rows(), 2 * k + 1);
    ASSERT_EQ(vd.V.rows(), L);
    const RelativeTensor aV = shaw_lookup(vd.table, shaw_relative_index(L, k));
    SplitMix64 rng(11);
    const Eigen::MatrixXd A = random_signed_matrix(L, L, rng);
    const Eigen::MatrixXd T = shaw_value_term(A, aV);
    ASSERT_EQ(T.rows(), L);
    ASSERT_EQ(T.cols(), d);
    for (int i = 0; i < L; ++i)
        for (int x = 0; x < d; ++x) {
            double sum = 0.0;
            for (int j = 0; j < L; ++j) sum += A(i, j) * aV[static_cast<std::size_t>(i)](j, x);
            EXPECT_NEAR(T(i, x), sum, 1e-15);
        }
    const ShawDemo keys = shaw_demo_inputs(L, k, d, 4);
    EXPECT_NE(keys.table(0, 0), vd.table(0, 0));
}

}  // namespace

