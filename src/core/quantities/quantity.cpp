// PE Lab — core/quantities/quantity.cpp
// The quantity registry: one entry per named quantity that `pelab-cli get` prints and exports reuse.
// Parameter specs come from the maths headers so the lessons and the CLI accept exactly the same input.
#include "core/quantities/quantity.h"

#include <cstdio>

#include "core/relative/distance.h"
#include "core/relative/f_delta.h"

namespace pelab {

// Row-major copy of a matrix into a result.
QuantityResult matrix_result(const Eigen::MatrixXd& M) {
    QuantityResult r;
    r.shape = {static_cast<int>(M.rows()), static_cast<int>(M.cols())};
    r.data.reserve(static_cast<std::size_t>(M.size()));
    for (Eigen::Index i = 0; i < M.rows(); ++i)
        for (Eigen::Index j = 0; j < M.cols(); ++j) r.data.push_back(M(i, j));
    return r;
}

std::vector<long long> shape_square_L(const ParamSet& p) { return {p.geti("L"), p.geti("L")}; }

Eigen::VectorXd vector_param(const ParamSet& p, const char* key) {
    const std::vector<double>& v = p.getv(key);
    return Eigen::Map<const Eigen::VectorXd>(v.data(), static_cast<Eigen::Index>(v.size()));
}

namespace {

QuantityResult compute_f_matrix(const ParamSet& p) {
    return matrix_result(f_matrix(p.geti("L"), to_eigen(p.getv("omega")), to_eigen(p.getv("v"))));
}

QuantityResult compute_r_delta(const ParamSet& p) {
    return matrix_result(r_delta_features(p.geti("L"), to_eigen(p.getv("omega"))));
}

}  // namespace

// Quantities of the other lessons, one function per family (each in its own file).
std::vector<Quantity> quantities_relative_positions();  // core/quantities/quantities_relpos.cpp: the relative-position lessons
std::vector<Quantity> quantities_rotary();              // core/quantities/quantities_rope.cpp: the rotary lessons
std::vector<Quantity> quantities_relative_methods();    // core/quantities/quantities_relative_methods.cpp
std::vector<Quantity> quantities_open_models();         // core/quantities/quantities_open_models.cpp
std::vector<Quantity> quantities_map_pixels();          // core/quantities/quantities_map_pixels.cpp

const std::vector<Quantity>& quantity_registry() {
    static const std::vector<Quantity> registry = [] {
      std::vector<Quantity> all = {
        {"f_matrix", "L x L matrix F[q][k] = v^T R_(q-k), rows q (query), columns k (key)",
         {f_delta_spec_L(), f_delta_spec_omega(), f_delta_spec_v()}, compute_f_matrix,
         [](const ParamSet& p) { return std::vector<long long>{p.geti("L"), p.geti("L")}; }},
        {"r_delta", "(2L-1) x 2|omega| table: row for delta = -(L-1)..(L-1) is [cos w0 d, sin w0 d, cos w1 d, ...]",
         {f_delta_spec_L(), f_delta_spec_omega()}, compute_r_delta,
         [](const ParamSet& p) {
             return std::vector<long long>{2LL * p.geti("L") - 1, 2LL * (long long)p.getv("omega").size()};
         }},
      };
      for (auto family : {quantities_relative_positions, quantities_rotary, quantities_distance,
                           quantities_relative_methods, quantities_open_models, quantities_map_pixels})
          for (Quantity& q : family()) all.push_back(std::move(q));
      return all;
    }();
    return registry;
}

bool within_result_budget(const std::string& what, const std::vector<long long>& shape, std::string* why) {
    double cells = 1;
    std::string dims;
    for (long long n : shape) {
        cells *= double(n);
        dims += (dims.empty() ? "" : "x") + std::to_string(n);
    }
    const double bytes = cells * double(sizeof(double));
    if (bytes <= kResultBudgetBytes) return true;
    if (why) {
        char buf[200];
        std::snprintf(buf, sizeof buf, "%s: the result (%s doubles) would need %.0f MiB, more than the %.0f MiB budget; "
                      "choose smaller sizes", what.c_str(), dims.c_str(), bytes / 1048576.0, kResultBudgetBytes / 1048576.0);
        *why = buf;
    }
    return false;
}

bool within_result_budget(const Quantity& q, const ParamSet& params, std::string* why) {
    if (!q.shape) return true;
    return within_result_budget(q.name, q.shape(params), why);
}

std::vector<ParamIssue> validate_params(const Quantity& q, const ParamSet& params) {
    return q.validate ? q.validate(params) : std::vector<ParamIssue>{};
}

const Quantity* find_quantity(const std::string& name) {
    for (const Quantity& q : quantity_registry())
        if (q.name == name) return &q;
    return nullptr;
}

}  // namespace pelab
