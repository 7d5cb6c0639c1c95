// PE Lab — core/format.h
// Text encodings of a QuantityResult: JSON, CSV and LaTeX bmatrix. Used by the CLI and by export.
#pragma once
#include <string>

#include "quantity.h"

namespace pelab {

// {"quantity": name, "params": {every key, defaults included}, "shape": [...], "data": nested arrays}
// Numbers use 17 significant digits; -inf (and any non-finite) is null.
std::string to_json(const Quantity& q, const ParamSet& params, const QuantityResult& r);
// One row per line; 3-D results print each leading slice separated by a blank line.
std::string to_csv(const QuantityResult& r);
// \begin{bmatrix} ... \end{bmatrix}, -inf as -\infty.
std::string to_latex(const QuantityResult& r);

}  // namespace pelab
