// PE Lab — tests/core/open_models_test.cpp
// The open models' core maths (core/rope/open_models.h) and its CLI quantities against golden values re-derived from
// the reference code, each re-implemented here independently of core (cited per test), plus identities:
// rotary_dim = d is today's rope_scores; the pass-through part is constant over positions.
//
// [SECTION] helpers
// [SECTION] partial rotation
// [SECTION] LongRoPE and the attention factor
// [SECTION] M-RoPE
// [SECTION] NoPE layers (Llama 4) and the causal mask
// [SECTION] multi-head latent attention (DeepSeek)
#include <algorithm>
#include <cmath>
#include <string>
#include <vector>

#include "core/rope/open_models.h"
#include "core/io/params.h"
#include "core/quantities/quantity.h"
#include "core/rope/rope.h"
#include "core/rope/rope_scaling.h"
#include "matrix_assert.h"

namespace {

using namespace pelab;

// [SECTION] helpers
Eigen::VectorXd vec(std::initializer_list<double> v) {
    Eigen::VectorXd out(static_cast<Eigen::Index>(v.size()));
    Eigen::Index i = 0;
    for (double x : v) out(i++) = x;
    return out;
}

// Runs a quantity as the CLI does (strict parse, then the cross-key rules); *issue gets the first problem.
bool run_quantity(const std::string& name, const KeyValues& kv, QuantityResult* out, std::string* issue) {
    const Quantity* q = find_quantity(name);
    if (!q) {
        *issue = "no quantity " + name;
        return false;
    }
    ParamSet p = defaults(q->params);
    std::vector<ParamIssue> issues = parse_params_strict(q->params, kv, &p);
    if (issues.empty()) issues = validate_params(*q, p);
    if (!issues.empty()) {
        *issue = issues.front().message;
        return false;
    }
    *out = q->compute(p);
    return true;
}

// The result's data as a rows × cols matrix (row-major, as QuantityResult stores it).
Eigen::MatrixXd as_matrix(const QuantityResult& r) {
    const int rows = r.shape.at(0), cols = r.shape.size() > 1 ? r.shape.at(1) : 1;
    Eigen::MatrixXd M(rows, cols);
    for (int i = 0; i < rows; ++i)
        for (int j = 0; j < cols; ++j) M(i, j) = r.data.at(static_cast<std::size_t>(i * cols + j));
    return M;
}

// [SECTION] partial rotation
// GPT-NeoX in HF (models/gpt_neox/modeling_gpt_neox.py, GPTNeoXAttention._attn_projections_and_rope):
// query_rot = query[..., :rotary_ndims], query_pass = query[..., rotary_ndims:], apply_rotary_pos_emb on the
// rot part with inv_freq = 1/base^(arange(0, rotary_ndims, 2)/rotary_ndims), emb = cat(freqs, freqs),
// q·cos + rotate_half(q)·sin, then cat((query, query_pass)). Written out here independently of core.
Eigen::VectorXd neox_partial_rotary(const Eigen::VectorXd& x, int rotary_ndims, double base, double position) {
    const int h = rotary_ndims / 2;
    Eigen::VectorXd out = x;
    for (int i = 0; i < h; ++i) {
        const double inv_freq = 1.0 / std::pow(base, static_cast<double>(2 * i) / rotary_ndims);
        const double c = std::cos(position * inv_freq), s = std::sin(position * inv_freq);
        // rotate_half(x) = cat(-x2, x1): coordinate i gets -x[i + h], coordinate i + h gets x[i].
        out(i) = x(i) * c - x(i + h) * s;
        out(i + h) = x(i + h) * c + x(i) * s;
    }
    return out;
}

TEST(PartialRotation, RotaryDimFromFactorTruncatesLikePythonInt) {
    EXPECT_EQ(rotary_dim_from_factor(96, 0.25), 24);  // int(96 * 0.25)
    EXPECT_EQ(rotary_dim_from_factor(80, 0.4), 32);   // int(80 * 0.4) = int(32.0)
    EXPECT_EQ(rotary_dim_from_factor(10, 0.35), 3);   // int(3.5) = 3
    EXPECT_EQ(rotary_dim_from_factor(64, 1.0), 64);
}

TEST(PartialRotation, FullWidthIsTodaysRopeScores) {
    const Eigen::VectorXd q = vec({0.3, -1.2, 0.7, 2.0, -0.5, 0.9}), k = vec({1.1, 0.4, -0.8, 0.6, 1.5, -0.2});
    for (RopeLayout layout : {RopeLayout::interleaved, RopeLayout::half}) {
        const Eigen::MatrixXd today = rope_scores(7, rope_default_inv_freq(6, 100.0), q, k, layout);
        EXPECT_MATRIX_NEAR(partial_rope_scores(7, 6, 100.0, q, k, layout), today, 0.0);
        const RopeScoreParts parts = partial_rope_score_parts(7, 6, 100.0, q, k, layout);
        EXPECT_MATRIX_NEAR(parts.relative, today, 1e-12);
        EXPECT_MATRIX_NEAR(parts.content, Eigen::MatrixXd::Zero(7, 7), 0.0);
    }
}

TEST(PartialRotation, MatchesGptNeoXHalfLayout) {
    const Eigen::VectorXd q = vec({0.3, -1.2, 0.7, 2.0, -0.5, 0.9, 0.25, -1.75}),
                          k = vec({1.1, 0.4, -0.8, 0.6, 1.5, -0.2, -0.6, 0.35});
    const int L = 9, rotary = 4;
    const double base = 10000.0;
    Eigen::MatrixXd expected(L, L);
    for (int m = 0; m < L; ++m)
        for (int n = 0; n < L; ++n)
            expected(m, n) = neox_partial_rotary(q, rotary, base, m).dot(neox_partial_rotary(k, rotary, base, n));
    EXPECT_MATRIX_NEAR(partial_rope_scores(L, rotary, base, q, k, RopeLayout::half), expected, 1e-12);
}

TEST(PartialRotation, HandComputedSmallCase) {
    // d = 4, rotary_dim = 2: θ_0 = 1, so the turned pair gives cos(n − m) for q_rot = k_rot = (1, 0); the
    // pass-through numbers give 2·4 + 3·5 = 23 in every cell.
    const Eigen::VectorXd q = vec({1, 0, 2, 3}), k = vec({1, 0, 4, 5});
    const Eigen::MatrixXd S = partial_rope_scores(3, 2, 10000.0, q, k, RopeLayout::interleaved);
    for (int m = 0; m < 3; ++m)
        for (int n = 0; n < 3; ++n) EXPECT_NEAR(S(m, n), std::cos(n - m) + 23.0, 1e-12) << m << "," << n;
}

TEST(PartialRotation, PartsAreRelativePlusConstantContent) {
    const Eigen::VectorXd q = vec({0.3, -1.2, 0.7, 2.0, -0.5, 0.9, 0.25, -1.75}),
                          k = vec({1.1, 0.4, -0.8, 0.6, 1.5, -0.2, -0.6, 0.35});
    for (RopeLayout layout : {RopeLayout::interleaved, RopeLayout::half}) {
        const RopeScoreParts parts = partial_rope_score_parts(12, 4, 10000.0, q, k, layout);
        // Pass-through part: ⟨q[4:], k[4:]⟩ = −0.75 − 0.18 − 0.15 − 0.6125 in every cell.
        const double content = -0.5 * 1.5 + 0.9 * -0.2 + 0.25 * -0.6 + -1.75 * 0.35;
        EXPECT_MATRIX_NEAR(parts.content, Eigen::MatrixXd::Constant(12, 12, content), 1e-15);
        EXPECT_LT(toeplitz_residual(parts.relative), 1e-12);
        EXPECT_MATRIX_NEAR(parts.relative + parts.content, partial_rope_scores(12, 4, 10000.0, q, k, layout), 1e-12);
    }
}

TEST(PartialRotation, QuantityTakesRotaryDimOrTheFactor) {
    QuantityResult a, b, full;
    std::string why;
    ASSERT_TRUE(run_quantity("rope_scores", {{"L", "5"}, {"d", "8"}, {"rotary_dim", "4"}, {"layout", "half"},
                                             {"q", "0.3,-1.2,0.7,2,-0.5,0.9,0.25,-1.75"},
                                             {"k", "1.1,0.4,-0.8,0.6,1.5,-0.2,-0.6,0.35"}},
                             &a, &why))
        << why;
    ASSERT_TRUE(run_quantity("rope_scores", {{"L", "5"}, {"d", "8"}, {"partial_rotary_factor", "0.5"}, {"layout", "half"},
                                             {"q", "0.3,-1.2,0.7,2,-0.5,0.9,0.25,-1.75"},
                                             {"k", "1.1,0.4,-0.8,0.6,1.5,-0.2,-0.6,0.35"}},
                             &b, &why))
        << why;
    EXPECT_EQ(a.data, b.data);
    const Eigen::VectorXd q = vec({0.3, -1.2, 0.7, 2.0, -0.5, 0.9, 0.25, -1.75}),
                          k = vec({1.1, 0.4, -0.8, 0.6, 1.5, -0.2, -0.6, 0.35});
    Eigen::MatrixXd expected(5, 5);
    for (int m = 0; m < 5; ++m)
        for (int n = 0; n < 5; ++n)
            expected(m, n) = neox_partial_rotary(q, 4, 10000.0, m).dot(neox_partial_rotary(k, 4, 10000.0, n));
    EXPECT_MATRIX_NEAR(as_matrix(a), expected, 1e-12);
    // The default (rotary_dim 0 = all d) is today's rope_scores.
    ASSERT_TRUE(run_quantity("rope_scores", {{"L", "4"}, {"d", "6"}, {"q", "1,2,3,4,5,6"}, {"k", "6,5,4,3,2,1"}}, &full, &why));
    EXPECT_MATRIX_NEAR(as_matrix(full),
                       rope_scores(4, rope_default_inv_freq(6, 10000.0), vec({1, 2, 3, 4, 5, 6}), vec({6, 5, 4, 3, 2, 1}),
                                   RopeLayout::interleaved),
                       0.0);
}

TEST(PartialRotation, QuantityRefusesBadWidths) {
    QuantityResult r;
    std::string why;
    EXPECT_FALSE(run_quantity("rope_scores", {{"d", "4"}, {"rotary_dim", "6"}}, &r, &why));
    EXPECT_NE(why.find("rotary_dim: 6 is out of range 2..4"), std::string::npos) << why;
    EXPECT_FALSE(run_quantity("rope_scores", {{"d", "4"}, {"rotary_dim", "3"}}, &r, &why));
    EXPECT_NE(why.find("rotary_dim"), std::string::npos) << why;
    EXPECT_FALSE(run_quantity("rope_scores", {{"d", "10"}, {"partial_rotary_factor", "0.35"}}, &r, &why));
    EXPECT_NE(why.find("= 3"), std::string::npos) << why;
    EXPECT_FALSE(run_quantity("rope_scores", {{"d", "8"}, {"rotary_dim", "4"}, {"partial_rotary_factor", "0.5"}}, &r, &why));
    EXPECT_NE(why.find("not both"), std::string::npos) << why;
}

// [SECTION] LongRoPE and the attention factor
// HF modeling_rope_utils.py `_compute_longrope_parameters` (current main), written out independently:
//   factor = max_position_embeddings / original_max_position_embeddings
//   attention_factor = 1 if factor <= 1 else sqrt(1 + log(factor) / log(original_max_position_embeddings))
//   ext_factors = long_factor if seq_len and seq_len > original_max_position_embeddings else short_factor
//   inv_freq = 1.0 / (ext_factors * base ** (arange(0, dim, 2) / dim))
Eigen::VectorXd hf_longrope_inv_freq(int dim, double base, const std::vector<double>& short_factor,
                                     const std::vector<double>& long_factor, int original_max, int seq_len) {
    const std::vector<double>& ext = seq_len > original_max ? long_factor : short_factor;
    Eigen::VectorXd inv(dim / 2);
    for (int i = 0; i < dim / 2; ++i) inv(i) = 1.0 / (ext[i] * std::pow(base, (2.0 * i) / dim));
    return inv;
}

LongRopeParams longrope(int d, std::vector<double> short_factor, std::vector<double> long_factor, int seq_len) {
    LongRopeParams p;
    p.d = d;
    p.base = 10000.0;
    p.short_factor = std::move(short_factor);
    p.long_factor = std::move(long_factor);
    p.original_max = 4096;
    p.max_position = 131072;
    p.seq_len = seq_len;
    return p;
}

TEST(LongRope, HandComputedSmallCase) {
    // d = 4, base = 100: base^(0/4) = 1, base^(2/4) = 10. Short (1, 2) → (1, 1/20); long (4, 8) → (1/4, 1/80).
    LongRopeParams p = longrope(4, {1, 2}, {4, 8}, 4096);
    p.base = 100.0;
    RopeScalingResult r = rope_longrope_inv_freq(p);
    EXPECT_NEAR(r.inv_freq(0), 1.0, 1e-15);
    EXPECT_NEAR(r.inv_freq(1), 0.05, 1e-15);
    p.seq_len = 4097;
    r = rope_longrope_inv_freq(p);
    EXPECT_NEAR(r.inv_freq(0), 0.25, 1e-15);
    EXPECT_NEAR(r.inv_freq(1), 0.0125, 1e-15);
}

TEST(LongRope, LongFactorsOnlyBeyondTheTrainingLength) {
    EXPECT_FALSE(longrope_uses_long_factors(4096, 4096));  // seq_len > original_max, strictly
    EXPECT_TRUE(longrope_uses_long_factors(4097, 4096));
    std::vector<double> s(16), l(16);
    for (int i = 0; i < 16; ++i) {
        s[i] = 1.0 + 0.01 * i;
        l[i] = 1.0 + 0.75 * i * i;
    }
    for (int seq_len : {1, 4096, 4097, 131072}) {
        const RopeScalingResult r = rope_longrope_inv_freq(longrope(32, s, l, seq_len));
        EXPECT_MATRIX_NEAR(r.inv_freq, hf_longrope_inv_freq(32, 10000.0, s, l, 4096, seq_len), 1e-15) << seq_len;
        EXPECT_EQ(r.effective_base, 10000.0);
    }
}

TEST(LongRope, AttentionFactor) {
    // A 4k-trained model extended to 128k: s = 131072 / 4096 = 32 = 2^5 and ln 4096 = 12 ln 2, so √(1 + 5/12) = √(17/12).
    EXPECT_NEAR(longrope_attention_factor(4096, 131072), std::sqrt(17.0 / 12.0), 1e-15);
    EXPECT_NEAR(rope_longrope_inv_freq(longrope(4, {1, 1}, {1, 1}, 1)).attention_factor, std::sqrt(17.0 / 12.0), 1e-15);
    EXPECT_EQ(longrope_attention_factor(4096, 4096), 1.0);  // s ≤ 1
    EXPECT_EQ(longrope_attention_factor(4096, 2048), 1.0);
    EXPECT_NEAR(longrope_attention_factor(2048, 3000), std::sqrt(1 + std::log(3000.0 / 2048) / std::log(2048.0)), 1e-15);
}

TEST(YarnAttentionFactor, PlainAndDeepSeek) {
    // _compute_yarn_parameters: get_mscale(factor) = 0.1·ln(factor) + 1 without mscales; with both,
    // get_mscale(factor, mscale) / get_mscale(factor, mscale_all_dim); get_mscale is 1 for factor ≤ 1.
    EXPECT_NEAR(yarn_attention_factor(40), 0.1 * std::log(40.0) + 1, 1e-15);
    EXPECT_NEAR(yarn_attention_factor(40, 1.0, 1.0), 1.0, 1e-15);  // DeepSeek-V3's mscale = mscale_all_dim
    EXPECT_NEAR(yarn_attention_factor(40, 1.0, 0.707), (0.1 * std::log(40.0) + 1) / (0.1 * 0.707 * std::log(40.0) + 1), 1e-15);
    EXPECT_NEAR(yarn_attention_factor(40, 0.0, 0.707), 0.1 * std::log(40.0) + 1, 1e-15);  // one missing: plain
    EXPECT_EQ(yarn_attention_factor(1.0, 1.0, 0.5), 1.0);
}

TEST(LongRope, QuantitiesFollowTheCore) {
    QuantityResult r;
    std::string why;
    ASSERT_TRUE(run_quantity("rope_inv_freq", {{"scaling", "longrope"}, {"d", "4"}, {"base", "100"}, {"short_factor", "1,2"},
                                               {"long_factor", "4,8"}, {"original_max", "4096"}, {"seq_len", "5000"}},
                             &r, &why))
        << why;
    ASSERT_EQ(r.data.size(), 2u);
    EXPECT_NEAR(r.data[0], 0.25, 1e-15);
    EXPECT_NEAR(r.data[1], 0.0125, 1e-15);
    EXPECT_FALSE(run_quantity("rope_inv_freq", {{"scaling", "longrope"}, {"d", "6"}, {"short_factor", "1,1,1"}}, &r, &why));
    EXPECT_NE(why.find("long_factor: has 1 numbers"), std::string::npos) << why;
    EXPECT_NE(why.find("d/2 = 3"), std::string::npos) << why;
    // The lists are not checked for the other scalings (their defaults are one number).
    EXPECT_TRUE(run_quantity("rope_inv_freq", {{"scaling", "yarn"}, {"d", "6"}}, &r, &why)) << why;

    ASSERT_TRUE(run_quantity("rope_attention_factor", {{"scaling", "longrope"}, {"original_max", "4096"}, {"max_position", "131072"}},
                             &r, &why))
        << why;
    EXPECT_EQ(r.shape, (std::vector<int>{1, 1}));
    EXPECT_NEAR(r.data.at(0), std::sqrt(17.0 / 12.0), 1e-15);
    ASSERT_TRUE(run_quantity("rope_attention_factor", {{"scaling", "yarn"}, {"factor", "40"}}, &r, &why));
    EXPECT_NEAR(r.data.at(0), 0.1 * std::log(40.0) + 1, 1e-15);
    ASSERT_TRUE(run_quantity("rope_attention_factor", {{"scaling", "yarn"}, {"factor", "40"}, {"mscale", "1"}, {"mscale_all_dim", "1"}},
                             &r, &why));
    EXPECT_NEAR(r.data.at(0), 1.0, 1e-15);
    for (const char* other : {"none", "linear", "ntk", "dynamic", "llama3"}) {
        ASSERT_TRUE(run_quantity("rope_attention_factor", {{"scaling", other}, {"factor", "40"}}, &r, &why)) << other;
        EXPECT_EQ(r.data.at(0), 1.0) << other;
    }
}

// [SECTION] M-RoPE
// HF models/qwen2_vl/modeling_qwen2_vl.py, Qwen2VLModel.get_rope_index, written out independently for one
// image: llm_pos_ids_list gets arange(text_len) + st_idx (3 equal rows), then stack([t_index, h_index,
// w_index]) + text_len + st_idx over the merged grid, then the remaining text at llm_pos_ids_list[-1].max() + 1.
std::vector<std::vector<int>> hf_get_rope_index(int text_before, int t, int h, int w, int merge, int text_after) {
    std::vector<std::vector<int>> rows(3);
    std::vector<std::vector<std::vector<int>>> list;  // llm_pos_ids_list: blocks of 3 rows
    auto block_max = [](const std::vector<std::vector<int>>& b) {
        int m = -1;
        for (const auto& r : b)
            for (int x : r) m = std::max(m, x);
        return m;
    };
    const int gt = t, gh = h / merge, gw = w / merge;
    if (gt > 0) {
        const int st_idx = 0, text_len = text_before;
        std::vector<std::vector<int>> text(3);
        for (int i = 0; i < text_len; ++i)
            for (auto& r : text) r.push_back(i + st_idx);
        list.push_back(text);
        std::vector<std::vector<int>> vision(3);
        for (int a = 0; a < gt * gh * gw; ++a) {
            vision[0].push_back(a / (gh * gw) + text_len + st_idx);       // arange(t).view(-1, 1).expand(-1, h*w)
            vision[1].push_back((a / gw) % gh + text_len + st_idx);        // arange(h).view(1, -1, 1).expand(t, -1, w)
            vision[2].push_back(a % gw + text_len + st_idx);               // arange(w).view(1, 1, -1).expand(t, h, -1)
        }
        list.push_back(vision);
        if (text_after > 0) {
            const int st = block_max(list.back()) + 1;
            std::vector<std::vector<int>> after(3);
            for (int i = 0; i < text_after; ++i)
                for (auto& r : after) r.push_back(i + st);
            list.push_back(after);
        }
    } else {  // no image: position_ids = arange(seq_len) on all three rows
        std::vector<std::vector<int>> text(3);
        for (int i = 0; i < text_before + text_after; ++i)
            for (auto& r : text) r.push_back(i);
        list.push_back(text);
    }
    for (const auto& b : list)
        for (int r = 0; r < 3; ++r) rows[r].insert(rows[r].end(), b[r].begin(), b[r].end());
    return rows;
}

// apply_multimodal_rotary_pos_emb for one vector at 3-row position pos, written out: cos/sin of each row are
// cat(freqs, freqs) (d numbers), mrope_section * 2 splits them into 6 chunks, chunk i comes from row i % 3;
// then x·cos + rotate_half(x)·sin.
Eigen::VectorXd hf_mrope(const Eigen::VectorXd& x, const int pos[3], const std::vector<int>& section, double base) {
    const int d = static_cast<int>(x.size()), h = d / 2;
    std::vector<int> doubled = section;
    doubled.insert(doubled.end(), section.begin(), section.end());
    Eigen::VectorXd c(d), s(d);
    int j = 0;
    for (std::size_t chunk = 0; chunk < doubled.size(); ++chunk)
        for (int n = 0; n < doubled[chunk]; ++n, ++j) {
            const int row = static_cast<int>(chunk % 3);
            const double inv_freq = 1.0 / std::pow(base, static_cast<double>(2 * (j % h)) / d);
            c(j) = std::cos(pos[row] * inv_freq);
            s(j) = std::sin(pos[row] * inv_freq);
        }
    Eigen::VectorXd rotated(d);
    for (int i = 0; i < h; ++i) {
        rotated(i) = -x(i + h);
        rotated(i + h) = x(i);
    }
    return x.cwiseProduct(c) + rotated.cwiseProduct(s);
}

MropeSequence sequence(int text_before, int t, int h, int w, int merge, int text_after) {
    MropeSequence s;
    s.text_before = text_before;
    s.grid_t = t;
    s.grid_h = h;
    s.grid_w = w;
    s.merge = merge;
    s.text_after = text_after;
    return s;
}

TEST(Mrope, DocstringVideoExample) {
    // get_rope_index's docstring: 3 temporal, 2 height, 2 width patches (after merging), then 5 text tokens.
    const Eigen::MatrixXi ids = mrope_position_ids(sequence(0, 3, 4, 4, 2, 5));
    const std::vector<std::vector<int>> expected = {
        {0, 0, 0, 0, 1, 1, 1, 1, 2, 2, 2, 2, 3, 4, 5, 6, 7},
        {0, 0, 1, 1, 0, 0, 1, 1, 0, 0, 1, 1, 3, 4, 5, 6, 7},
        {0, 1, 0, 1, 0, 1, 0, 1, 0, 1, 0, 1, 3, 4, 5, 6, 7}};
    ASSERT_EQ(ids.rows(), 3);
    ASSERT_EQ(ids.cols(), 17);
    for (int r = 0; r < 3; ++r)
        for (int c = 0; c < 17; ++c) EXPECT_EQ(ids(r, c), expected[r][c]) << r << "," << c;
}

TEST(Mrope, PositionIdsMatchGetRopeIndex) {
    for (const MropeSequence& s : {sequence(2, 1, 4, 4, 2, 2), sequence(1, 2, 4, 6, 2, 3), sequence(5, 1, 6, 2, 2, 0),
                                   sequence(0, 1, 9, 3, 3, 4), sequence(3, 0, 4, 4, 2, 4), sequence(7, 4, 2, 8, 1, 1)}) {
        const Eigen::MatrixXi ids = mrope_position_ids(s);
        const auto expected = hf_get_rope_index(s.text_before, s.grid_t, s.grid_h, s.grid_w, s.merge, s.text_after);
        ASSERT_EQ(ids.cols(), static_cast<Eigen::Index>(expected[0].size()));
        EXPECT_EQ(mrope_token_count(s), ids.cols());
        for (int r = 0; r < 3; ++r)
            for (Eigen::Index c = 0; c < ids.cols(); ++c) EXPECT_EQ(ids(r, c), expected[r][c]) << r << "," << c;
    }
}

TEST(Mrope, PairRowsFollowTheDoubledSection) {
    EXPECT_EQ(mrope_pair_rows({2, 3, 3}), (std::vector<int>{0, 0, 1, 1, 1, 2, 2, 2}));
    // A 128-wide head split as [16, 24, 24].
    const std::vector<int> rows = mrope_pair_rows({16, 24, 24});
    ASSERT_EQ(rows.size(), 64u);
    EXPECT_EQ(rows[15], 0);
    EXPECT_EQ(rows[16], 1);
    EXPECT_EQ(rows[39], 1);
    EXPECT_EQ(rows[40], 2);
}

TEST(Mrope, ScoresMatchApplyMultimodalRotaryPosEmb) {
    const Eigen::VectorXd q = vec({0.3, -1.2, 0.7, 2.0, -0.5, 0.9, 0.25, -1.75, 1.3, 0.1, -0.4, 0.8}),
                          k = vec({1.1, 0.4, -0.8, 0.6, 1.5, -0.2, -0.6, 0.35, 0.2, -1.0, 0.9, 0.45});
    const std::vector<int> section = {1, 2, 3};
    const Eigen::MatrixXi ids = mrope_position_ids(sequence(2, 2, 4, 6, 2, 3));
    const Eigen::MatrixXd S = mrope_scores(ids, 100.0, section, q, k);
    ASSERT_EQ(S.rows(), ids.cols());
    for (Eigen::Index m = 0; m < ids.cols(); ++m)
        for (Eigen::Index n = 0; n < ids.cols(); ++n) {
            const int pm[3] = {ids(0, m), ids(1, m), ids(2, m)}, pn[3] = {ids(0, n), ids(1, n), ids(2, n)};
            EXPECT_NEAR(S(m, n), hf_mrope(q, pm, section, 100.0).dot(hf_mrope(k, pn, section, 100.0)), 1e-12) << m << "," << n;
        }
}

TEST(Mrope, TextOnlyIsOneDimensionalRope) {
    const Eigen::VectorXd q = vec({0.3, -1.2, 0.7, 2.0, -0.5, 0.9, 0.25, -1.75}),
                          k = vec({1.1, 0.4, -0.8, 0.6, 1.5, -0.2, -0.6, 0.35});
    const Eigen::MatrixXi ids = mrope_position_ids(sequence(4, 0, 4, 4, 2, 5));
    ASSERT_EQ(ids.cols(), 9);
    EXPECT_MATRIX_NEAR(mrope_scores(ids, 10000.0, {1, 1, 2}, q, k),
                       rope_scores(9, rope_default_inv_freq(8, 10000.0), q, k, RopeLayout::half), 1e-12);
}

TEST(Mrope, InsideTheImageTheScoreIsTwoDimensionalRelative) {
    // One image frame (t equal): tokens at the same (Δh, Δw) offset score alike.
    const Eigen::VectorXd q = vec({0.3, -1.2, 0.7, 2.0, -0.5, 0.9, 0.25, -1.75}),
                          k = vec({1.1, 0.4, -0.8, 0.6, 1.5, -0.2, -0.6, 0.35});
    const Eigen::MatrixXi ids = mrope_position_ids(sequence(0, 1, 6, 6, 2, 0));  // 3 × 3 merged grid
    const Eigen::MatrixXd S = mrope_scores(ids, 100.0, {1, 1, 2}, q, k);
    // (row 0, col 0) → (row 1, col 1) against (row 1, col 1) → (row 2, col 2): tokens 0→4 and 4→8.
    EXPECT_NEAR(S(0, 4), S(4, 8), 1e-12);
    EXPECT_NEAR(S(1, 5), S(3, 7), 1e-12);  // (0,1)→(1,2) and (1,0)→(2,1)
    EXPECT_GT(std::abs(S(0, 4) - S(0, 5)), 1e-6);
}

TEST(Mrope, QuantitiesFollowTheCore) {
    QuantityResult r;
    std::string why;
    ASSERT_TRUE(run_quantity("mrope_position_ids", {{"text_before", "0"}, {"grid_t", "3"}, {"text_after", "5"}}, &r, &why)) << why;
    EXPECT_EQ(r.shape, (std::vector<int>{3, 17}));
    EXPECT_TRUE(r.integer);
    EXPECT_EQ(r.data.at(17 + 2), 1.0);  // row h, token 2
    ASSERT_TRUE(run_quantity("mrope_scores", {{"text_before", "4"}, {"grid_t", "0"}, {"text_after", "5"}, {"d", "8"},
                                              {"mrope_section", "1,1,2"}, {"q", "0.3,-1.2,0.7,2,-0.5,0.9,0.25,-1.75"},
                                              {"k", "1.1,0.4,-0.8,0.6,1.5,-0.2,-0.6,0.35"}},
                             &r, &why))
        << why;
    EXPECT_MATRIX_NEAR(as_matrix(r),
                       rope_scores(9, rope_default_inv_freq(8, 10000.0), vec({0.3, -1.2, 0.7, 2.0, -0.5, 0.9, 0.25, -1.75}),
                                   vec({1.1, 0.4, -0.8, 0.6, 1.5, -0.2, -0.6, 0.35}), RopeLayout::half),
                       1e-12);
    EXPECT_FALSE(run_quantity("mrope_scores", {{"d", "16"}, {"section", "2,3,4"}}, &r, &why));
    EXPECT_NE(why.find("section: sums to 9, but d = 16 needs a sum of d/2 = 8"), std::string::npos) << why;
    EXPECT_FALSE(run_quantity("mrope_scores", {{"section", "2.5,2.5,3"}}, &r, &why));
    EXPECT_NE(why.find("not a whole number"), std::string::npos) << why;
    EXPECT_FALSE(run_quantity("mrope_position_ids", {{"grid_h", "5"}}, &r, &why));
    EXPECT_NE(why.find("grid_h: 5 is not a multiple of merge = 2"), std::string::npos) << why;
    EXPECT_FALSE(run_quantity("mrope_position_ids", {{"text_before", "0"}, {"grid_t", "0"}, {"text_after", "0"}}, &r, &why));
    EXPECT_NE(why.find("empty"), std::string::npos) << why;
}

// [SECTION] NoPE layers (Llama 4) and the causal mask
// HF models/llama4/modeling_llama4.py, Llama4TextAttention.forward (attn_temperature_tuning, NoPE layers):
// attn_scales = log(floor((cache_position + 1.0) / floor_scale) + 1.0) * attn_scale + 1.0, with
// Llama4TextConfig's defaults attn_scale = 0.1, floor_scale = 8192 (configuration_llama4.py).
TEST(Llama4Temperature, DefaultsAndSteps) {
    EXPECT_EQ(kLlama4AttnScale, 0.1);
    EXPECT_EQ(kLlama4FloorScale, 8192.0);
    EXPECT_EQ(llama4_attn_temperature(0), 1.0);     // log(0 + 1) = 0
    EXPECT_EQ(llama4_attn_temperature(8190), 1.0);  // (8190 + 1) / 8192 < 1
    EXPECT_NEAR(llama4_attn_temperature(8191), 1 + 0.1 * std::log(2.0), 1e-15);   // floor(8192/8192) = 1
    EXPECT_NEAR(llama4_attn_temperature(16383), 1 + 0.1 * std::log(3.0), 1e-15);  // floor(16384/8192) = 2
    // Position 10^7 − 1: floor(10^7 / 8192) = 1220, so 1 + 0.1·ln 1221.
    EXPECT_NEAR(llama4_attn_temperature(9999999), 1 + 0.1 * std::log(1221.0), 1e-15);
    EXPECT_NEAR(llama4_attn_temperature(99, 0.5, 10), 1 + 0.5 * std::log(11.0), 1e-15);
}

TEST(Llama4Temperature, VectorOverPositions) {
    const Eigen::VectorXd v = llama4_attn_temperatures(5, 8191, 0.1, 8192);
    ASSERT_EQ(v.size(), 5);
    // positions 0, 8191, 16382, 24573, 32764 → floor((p + 1)/8192) = 0, 1, 1, 2, 3
    const double expected[5] = {1.0, 1 + 0.1 * std::log(2.0), 1 + 0.1 * std::log(2.0), 1 + 0.1 * std::log(3.0),
                                1 + 0.1 * std::log(4.0)};
    for (int i = 0; i < 5; ++i) EXPECT_NEAR(v(i), expected[i], 1e-15) << i;
    QuantityResult r;
    std::string why;
    ASSERT_TRUE(run_quantity("llama4_attn_temperature", {{"L", "5"}, {"stride", "8191"}}, &r, &why)) << why;
    ASSERT_EQ(r.shape, (std::vector<int>{5}));
    for (int i = 0; i < 5; ++i) EXPECT_NEAR(r.data[i], expected[i], 1e-15) << i;
}

TEST(CausalMask, UniformScoresGiveOneOverIPlusOneToTheFirstToken) {
    const Eigen::VectorXd a = causal_uniform_attention_to_first(12);
    ASSERT_EQ(a.size(), 12);
    for (int i = 0; i < 12; ++i) EXPECT_NEAR(a(i), 1.0 / (i + 1), 1e-15) << i;
}

// The whole matrix: row i spreads 1/(i + 1) over keys 0..i (counted by hand), exact zeros above the diagonal,
// rows summing to 1, and column 0 equal to causal_uniform_attention_to_first.
TEST(CausalMask, UniformScoresGiveTheLowerTriangleOfOneOverIPlusOne) {
    const Eigen::MatrixXd A = causal_uniform_attention(7);
    ASSERT_EQ(A.rows(), 7);
    ASSERT_EQ(A.cols(), 7);
    const Eigen::VectorXd first = causal_uniform_attention_to_first(7);
    for (int i = 0; i < 7; ++i) {
        for (int j = 0; j < 7; ++j) EXPECT_EQ(A(i, j), j <= i ? 1.0 / (i + 1) : 0.0) << i << "," << j;
        EXPECT_NEAR(A.row(i).sum(), 1.0, 1e-15) << i;
        EXPECT_EQ(A(i, 0), first(i)) << i;
    }
    EXPECT_EQ(A(3, 2), 0.25);
    EXPECT_EQ(causal_uniform_attention(0).size(), 0);
}

// [SECTION] multi-head latent attention (DeepSeek)
// HF models/deepseek_v3/modeling_deepseek_v3.py, DeepseekV3Attention: kv_a_proj_with_mqa outputs
// kv_lora_rank + qk_rope_head_dim numbers (the cached latent and the one rope key); scaling =
// qk_head_dim ** -0.5, times yarn_get_mscale(factor, mscale_all_dim) ** 2 when mscale_all_dim is set;
// yarn_get_mscale(scale, mscale) = 0.1 * mscale * log(scale) + 1 for scale > 1, else 1. The head shapes are
// HF configuration_deepseek_v3.py DeepseekV3Config's defaults (128 heads, kv_lora_rank 512, qk_rope_head_dim
// 64, qk_nope_head_dim 128, v_head_dim 128); factor 40 and mscale 1 are ModelArgs' defaults in
// deepseek-ai/DeepSeek-V3 inference/model.py, whose MLA keeps kv_cache (kv_lora_rank) and pe_cache
// (qk_rope_head_dim) per token, or k_cache (heads × qk_head_dim) and v_cache (heads × v_head_dim) when naive,
// and multiplies softmax_scale by mscale².
TEST(Mla, CacheNumbersAndSoftmaxScale) {
    const MlaConfig v3;  // the defaults above
    EXPECT_EQ(mla_cache_numbers(v3), 576);          // 512 + 64
    EXPECT_EQ(mha_cache_numbers(v3), 128 * 320);    // 128 · (128 + 64 + 128) = 40960
    const double mscale = 0.1 * 1.0 * std::log(40.0) + 1.0;
    EXPECT_NEAR(mla_softmax_scale_factor(40, 1.0), mscale * mscale, 1e-15);
    EXPECT_NEAR(mla_softmax_scale_factor(40, 1.0), 1.8738542070926265, 1e-12);  // "≈ 1.87 for factor 40"
    EXPECT_EQ(mla_softmax_scale_factor(40, 0.0), 1.0);  // `if mscale_all_dim:` not set
    EXPECT_EQ(mla_softmax_scale_factor(1.0, 1.0), 1.0); // factor ≤ 1
    EXPECT_NEAR(mla_softmax_scale(v3, 40, 1.0), std::pow(192.0, -0.5) * mscale * mscale, 1e-15);
    MlaConfig equal_heads;
    equal_heads.heads = 32;
    equal_heads.qk_nope_head_dim = 64;
    equal_heads.qk_rope_head_dim = 64;
    equal_heads.v_head_dim = 128;
    EXPECT_EQ(mha_cache_numbers(equal_heads), 2LL * 32 * 128);  // 2 · heads · head_dim when K and V are 128 wide
}

TEST(Mla, Quantity) {
    QuantityResult r;
    std::string why;
    ASSERT_TRUE(run_quantity("mla_cache", {}, &r, &why)) << why;
    ASSERT_EQ(r.shape, (std::vector<int>{5}));
    const double mscale = 0.1 * std::log(40.0) + 1.0;
    EXPECT_EQ(r.data[0], 576.0);
    EXPECT_EQ(r.data[1], 40960.0);
    EXPECT_NEAR(r.data[2], 40960.0 / 576.0, 1e-12);
    EXPECT_NEAR(r.data[3], mscale * mscale, 1e-15);
    EXPECT_NEAR(r.data[4], std::pow(192.0, -0.5) * mscale * mscale, 1e-15);
    EXPECT_FALSE(run_quantity("mla_cache", {{"qk_rope_head_dim", "63"}}, &r, &why));
    EXPECT_NE(why.find("qk_rope_head_dim"), std::string::npos) << why;
}

}  // namespace
