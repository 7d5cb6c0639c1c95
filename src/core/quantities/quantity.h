// PE Lab — core/quantities/quantity.h
// The registry of named quantities: everything `pelab-cli get` can print and every later export uses.
// One entry per quantity (name, parameters, compute function), in one table (quantity.cpp).
#pragma once
#include <Eigen/Dense>
#include <functional>
#include <string>
#include <vector>

#include "core/io/params.h"

namespace pelab {

// A computed array in row-major order. shape = {rows, cols} for a matrix, {n} for a vector,
// {a, b, c} for a 3-D tensor. -inf entries are allowed (printed as null in JSON).
struct QuantityResult {
    std::vector<int> shape;
    std::vector<double> data;
    bool integer = false;  // print without decimals
};

// Row-major copy of a matrix into a result (shape {rows, cols}); shared by every quantities_*.cpp file.
QuantityResult matrix_result(const Eigen::MatrixXd& M);
// A list-valued parameter as an Eigen vector (also shared by the quantities_*.cpp files).
Eigen::VectorXd vector_param(const ParamSet& p, const char* key);
// The shape of an L×L matrix quantity (shared by the quantities_*.cpp files).
std::vector<long long> shape_square_L(const ParamSet& p);

struct Quantity {
    std::string name;      // e.g. "f_matrix"
    std::string summary;   // one English line
    std::vector<ParamSpec> params;
    std::function<QuantityResult(const ParamSet&)> compute;
    // The result's shape for these parameters, computed without computing the result: the memory guard
    // checks it before anything is allocated.
    std::function<std::vector<long long>(const ParamSet&)> shape;
    // Rules between keys that no single key's range can state, e.g. t5_bucket's
    // max_distance must exceed the exact-bucket count that num_buckets and bidirectional give. Each issue
    // names the key and its valid range for the other values (as parse_params_strict's issues do). Empty
    // (no function) when the keys' ranges say everything.
    std::function<std::vector<ParamIssue>(const ParamSet&)> validate = nullptr;
};

// The quantity's rules between keys (Quantity::validate) on parsed values: empty when
// they hold (or when the quantity has none). Every door that computes a quantity from outside input calls
// it after parse_params_strict and before the memory guard.
std::vector<ParamIssue> validate_params(const Quantity& q, const ParamSet& params);

// The memory guard's budget for one result: 256 MiB of doubles (a 5,792 × 5,792 matrix). A 16k×16k double
// matrix (2 GiB) is refused before any allocation, with a message naming the shape and the budget.
constexpr double kResultBudgetBytes = 256.0 * 1024 * 1024;

// The one budget check every door goes through (CLI quantities, widget and desktop lessons, batch maps):
// true when an array of `shape` doubles fits the budget; otherwise false with a one-line reason in *why
// that names `what`, the shape and the budget.
bool within_result_budget(const std::string& what, const std::vector<long long>& shape, std::string* why);
// The same check for a quantity's result, from its declared shape.
bool within_result_budget(const Quantity& q, const ParamSet& params, std::string* why);

const std::vector<Quantity>& quantity_registry();
const Quantity* find_quantity(const std::string& name);

}  // namespace pelab
