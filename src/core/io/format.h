// PE Lab — core/io/format.h
// The one writer of numbers for people and programs: a labelled matrix (or a vector, or a stack of
// matrices) as CSV, JSON or a LaTeX bmatrix. `pelab-cli get` (through to_json / to_csv / to_latex below) and
// the in-app export of a view (lessons/view_export.cpp) both write through it, so the two agree on digits,
// non-finite numbers, labels and escaping.
//
// [SECTION] the labelled matrix and its style
// [SECTION] writers
// [SECTION] a quantity's result (the CLI)
#pragma once
#include <cstddef>
#include <string>
#include <utility>
#include <vector>

#include "core/quantities/quantity.h"

namespace pelab {

// [SECTION] the labelled matrix and its style
// A cell marked with a word, e.g. "not orthogonal": one of the cells that decide what a table shows. Row and
// column are 0-based indices into the matrix; `holds` says whether the check the cell shows passes (drawn
// green, else red).
struct CellMark {
    int row = 0, col = 0;
    bool holds = false;
    std::string word;
};

// What a writer writes. A view of the caller's numbers (nothing is copied, so a result near the memory
// budget is written without a second copy): `values` points at `size` doubles in row-major order, which
// must outlive the call.
struct LabelledMatrix {
    const double* values = nullptr;
    std::size_t size = 0;
    // {rows, cols} for a matrix; {n} for a vector (written as one row); {a, ..., rows, cols} for a stack of
    // matrices (CSV and LaTeX write one block per matrix, separated by a blank line; JSON nests arrays).
    // An empty shape writes the `size` values as one row. Missing values (size < product of shape) are NaN.
    std::vector<int> shape;
    // Labels, written only when there is exactly one per row (per column): CSV gets a first column (rows)
    // and a header line (columns), JSON gets "row_labels" and "col_labels" arrays; LaTeX writes none.
    std::vector<std::string> row_labels, col_labels;
    // What the rows and the columns are, e.g. "query i", "key j": CSV's corner cell is row_axis (when both
    // label sets are written); JSON gets "row_axis"/"col_axis" when they are not empty.
    std::string row_axis, col_axis;
    bool integer = false;  // whole numbers print without decimals (bucket indices, 0/1 rules)
    // Cells marked with a word (CellMark). Every writer carries them after the numbers: CSV as a block of its
    // own ("row,column,holds,mark" after a blank line), JSON as "marks": [{"row", "col", "holds", "word"}],
    // LaTeX as one % comment line each.
    std::vector<CellMark> marks;
};

// The few choices that differ between callers. The defaults are the CLI's.
struct MatrixStyle {
    // NaN marks a missing cell (a view's empty cell): an empty CSV field and an empty LaTeX cell. Otherwise
    // NaN prints as "nan" and \text{NaN}. JSON writes null for every non-finite number either way.
    bool nan_is_missing = false;
    // LaTeX significant digits (CSV and JSON are exact: 17 significant digits).
    int latex_digits = 6;
};

// A matrix with shape {rows, cols} over `values` (row-major, rows × cols numbers).
LabelledMatrix labelled_matrix(const double* values, int rows, int cols);

// [SECTION] writers
// One line per matrix row, fields separated by ','; labels quoted as CSV needs (csv_cell, core/io/text.h).
// Numbers: 17 significant digits (exact), -0 as 0; ±inf as inf / -inf.
std::string write_csv(const LabelledMatrix& m, const MatrixStyle& style = {});

// The members JSON writes before the matrix: each pair is a key and a value that is already JSON text
// (json_string(...), a number, an object), e.g. {{"lesson", json_string("rope")}, {"step", "3"}}.
using JsonMembers = std::vector<std::pair<std::string, std::string>>;
// {head members..., "shape": [...], ["row_labels": [...], "col_labels": [...],] ["row_axis": ..., "col_axis":
// ...,] "data": nested arrays} and a newline. 17 significant digits; non-finite numbers are null.
std::string write_json(const LabelledMatrix& m, const JsonMembers& head, const MatrixStyle& style = {});

// \begin{bmatrix} ... \end{bmatrix} per matrix: style.latex_digits significant digits, m\times10^{e} for
// large and small numbers, ±\infty, and entries below 1e-12 of the largest entry (rounding noise such as
// cos(π/2) = 6.1e-17) as 0.
std::string write_latex(const LabelledMatrix& m, const MatrixStyle& style = {});

// [SECTION] a quantity's result (the CLI)
// The result as a labelled matrix without labels (a view of r.data).
LabelledMatrix labelled(const QuantityResult& r);
// {"quantity": name, "params": {every key, defaults included}, "shape": [...], "data": nested arrays}
std::string to_json(const Quantity& q, const ParamSet& params, const QuantityResult& r);
// One row per line; 3-D results print each leading slice separated by a blank line.
std::string to_csv(const QuantityResult& r);
// \begin{bmatrix} ... \end{bmatrix}, -inf as -\infty.
std::string to_latex(const QuantityResult& r);

}  // namespace pelab
