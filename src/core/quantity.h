// PE Lab — core/quantity.h
// The registry of named quantities: everything `pelab-cli get` can print and every later export uses.
// One entry per quantity (name, parameters, compute function), in one table (quantity.cpp).
#pragma once
#include <functional>
#include <string>
#include <vector>

#include "params.h"

namespace pelab {

// A computed array in row-major order. shape = {rows, cols} for a matrix, {n} for a vector,
// {a, b, c} for a 3-D tensor. -inf entries are allowed (printed as null in JSON).
struct QuantityResult {
    std::vector<int> shape;
    std::vector<double> data;
    bool integer = false;  // print without decimals
};

struct Quantity {
    std::string name;      // e.g. "f_matrix"
    std::string summary;   // one English line
    std::vector<ParamSpec> params;
    std::function<QuantityResult(const ParamSet&)> compute;
};

const std::vector<Quantity>& quantity_registry();
const Quantity* find_quantity(const std::string& name);

}  // namespace pelab
