// PE Lab — core/quantities/quantities_relpos.cpp
// Registry entries for this family of quantities (appended to quantity_registry() in quantity.cpp):
// the issue-3 lessons' maths — sinusoidal_pe, t5_bucket, shaw_index, attention_rule_1d, attention_rule_2d,
// sincos_2d. Parameter specs come from the maths headers, so the CLI accepts exactly their ranges.
#include "core/relative/attention_grid.h"
#include "core/quantities/quantity.h"
#include "core/relative/shaw.h"
#include "core/absolute/sincos_2d.h"
#include "core/absolute/sinusoidal.h"
#include "core/relative/t5.h"

namespace pelab {

namespace {

QuantityResult integer_result(const Eigen::MatrixXi& M) {
    QuantityResult r = matrix_result(M.cast<double>());
    r.integer = true;
    return r;
}

QuantityResult compute_sinusoidal_pe(const ParamSet& p) {
    return matrix_result(sinusoidal_pe(p.geti("L"), p.geti("d"), p.getd("base"), pe_variant_from(p.gets("variant"))));
}

QuantityResult compute_t5_bucket(const ParamSet& p) {
    return integer_result(
        t5_bucket_matrix(p.geti("L"), p.geti("num_buckets"), p.geti("max_distance"), p.geti("bidirectional") != 0));
}

QuantityResult compute_shaw_index(const ParamSet& p) { return integer_result(shaw_relative_index(p.geti("L"), p.geti("k"))); }

QuantityResult compute_attention_rule_1d(const ParamSet& p) {
    QuantityResult r = matrix_result(attention_rule_1d(p.geti("N"), p.geti("delta")));
    r.integer = true;
    return r;
}

QuantityResult compute_attention_rule_2d(const ParamSet& p) {
    QuantityResult r =
        matrix_result(attention_rule_2d(p.geti("H"), p.geti("W"), p.geti("drow"), p.geti("dcol")));
    r.integer = true;
    return r;
}

QuantityResult compute_sincos_2d(const ParamSet& p) { return matrix_result(sincos_2d(p.geti("grid"), p.geti("D"))); }

// max_distance must exceed the exact buckets that num_buckets and bidirectional leave (HF's log branch).
std::vector<ParamIssue> validate_t5_bucket(const ParamSet& p) {
    const std::string why = t5_max_distance_problem(p.geti("num_buckets"), p.geti("bidirectional") != 0,
                                                    p.geti("max_distance"), static_cast<int>(t5_spec_max_distance().max));
    if (why.empty()) return {};
    return {{"max_distance", why}};
}

// Result shapes for the memory guard, computed from the parameters alone.
std::vector<long long> shape_sinusoidal_pe(const ParamSet& p) { return {p.geti("L"), p.geti("d")}; }
std::vector<long long> shape_rule_1d(const ParamSet& p) { return {p.geti("N"), p.geti("N")}; }
std::vector<long long> shape_rule_2d(const ParamSet& p) {
    const long long n = static_cast<long long>(p.geti("H")) * p.geti("W");
    return {n, n};
}
std::vector<long long> shape_sincos_2d(const ParamSet& p) {
    return {static_cast<long long>(p.geti("grid")) * p.geti("grid"), p.geti("D")};
}

}  // namespace

std::vector<Quantity> quantities_relative_positions() {
    return {
        {"sinusoidal_pe",
         "L x d fixed sinusoidal PE, row p = position p (0-based); vaswani: interleaved sin/cos with "
         "base^(-2i/d); tensor2tensor: [sin | cos] halves with exp(-i ln(base)/(d/2-1))",
         {sinusoidal_spec_L(), sinusoidal_spec_d(), sinusoidal_spec_base(), sinusoidal_spec_variant()},
         compute_sinusoidal_pe, shape_sinusoidal_pe},
        {"t5_bucket",
         "L x L T5 bucket of (query i, key j) as HF's _relative_position_bucket(j - i), integers",
         {t5_spec_L(), t5_spec_num_buckets(), t5_spec_max_distance(), t5_spec_bidirectional()}, compute_t5_bucket,
         shape_square_L, validate_t5_bucket},
        {"shaw_index", "L x L Shaw relative index clip(j - i, -k, k) + k (tensor2tensor), integers",
         {shaw_spec_L(), shaw_spec_k()}, compute_shaw_index, shape_square_L},
        {"attention_rule_1d", "N x N rule A[q][k] = 1 iff q - k = delta (0-based)",
         {attention_spec_N(), attention_spec_delta()}, compute_attention_rule_1d, shape_rule_1d},
        {"attention_rule_2d",
         "(H*W) x (H*W) rule on a row-major H x W grid: A[q][k] = 1 iff (row_q - row_k, col_q - col_k) = (drow, dcol)",
         {attention_spec_H(), attention_spec_W(), attention_spec_drow(), attention_spec_dcol()},
         compute_attention_rule_2d, shape_rule_2d},
        {"sincos_2d",
         "grid^2 x D MAE 2-D sin-cos embedding (no cls row), patch m = (m / grid, m % grid); "
         "first D/2 columns encode the column, last D/2 the row",
         {sincos2d_spec_grid(), sincos2d_spec_D()}, compute_sincos_2d, shape_sincos_2d},
    };
}

}  // namespace pelab
