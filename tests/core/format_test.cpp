// PE Lab — tests/core/format_test.cpp
// JSON (17 significant digits, every parameter, nested data, null for non-finite), CSV and LaTeX; the
// labelled-matrix writers behind them (labels, missing cells, LaTeX digits) and the CSV field escaper.
#include <cmath>
#include <limits>

#include "core/io/format.h"
#include "core/quantities/quantity.h"
#include "core/io/text.h"
#include "matrix_assert.h"

namespace {

using namespace pelab;

const Quantity& f_matrix_quantity() {
    const Quantity* q = find_quantity("f_matrix");
    EXPECT_NE(q, nullptr);
    return *q;
}

TEST(Registry, HasTheTwoQuantitiesWithExactParams) {
    ASSERT_NE(find_quantity("f_matrix"), nullptr);
    ASSERT_NE(find_quantity("r_delta"), nullptr);
    EXPECT_EQ(find_quantity("nope"), nullptr);
    std::vector<std::string> names;
    for (const ParamSpec& s : find_quantity("f_matrix")->params) names.push_back(s.name);
    EXPECT_EQ(names, (std::vector<std::string>{"L", "omega", "v"}));
    names.clear();
    for (const ParamSpec& s : find_quantity("r_delta")->params) names.push_back(s.name);
    EXPECT_EQ(names, (std::vector<std::string>{"L", "omega"}));
    const Quantity* r = find_quantity("r_delta");
    ParamSet p = defaults(r->params);
    parse_params(r->params, split_query("L=3&omega=1,2,3"), &p);
    const QuantityResult res = r->compute(p);
    EXPECT_EQ(res.shape, (std::vector<int>{5, 6}));
    EXPECT_EQ(res.data.size(), 30u);
    // Δ = −2: cos(1·Δ), sin(1·Δ), within 4 ulps (EXPECT_DOUBLE_EQ): libm and compilers may round differently.
    EXPECT_DOUBLE_EQ(res.data[0], std::cos(-2.0));
    EXPECT_DOUBLE_EQ(res.data[1], std::sin(-2.0));
}

TEST(Json, DefaultsOfFMatrix) {
    const Quantity& q = f_matrix_quantity();
    const ParamSet p = defaults(q.params);
    const std::string json = to_json(q, p, q.compute(p));
    EXPECT_EQ(json.rfind("{\"quantity\":\"f_matrix\",\"params\":{\"L\":4,\"omega\":[1.5707963267948966,"
                         "1.0471975511965976],\"v\":[1,0,1,0]},\"shape\":[4,4],\"data\":[[2,",
                         0),
              0u)
        << json;
    // 17 significant digits: f(1) = cos(π/2) + cos(π/3) is 0.5000000000000001 in doubles.
    char expected[64];
    std::snprintf(expected, sizeof expected, "%.17g", std::cos(1.5707963267948966) + std::cos(1.0471975511965976));
    EXPECT_NE(json.find(expected), std::string::npos) << expected << "\n" << json;
    EXPECT_EQ(json.back(), '\n');
}

TEST(Json, NonFiniteIsNullAndIntegersHaveNoDecimals) {
    const Quantity& q = f_matrix_quantity();
    QuantityResult r;
    r.shape = {2, 2};
    r.data = {-std::numeric_limits<double>::infinity(), 1, 2.5, std::nan("")};
    const std::string json = to_json(q, defaults(q.params), r);
    EXPECT_NE(json.find("\"data\":[[null,1],[2.5,null]]}"), std::string::npos) << json;
    r.integer = true;
    r.data = {-3, 0, -0.0, 12};
    EXPECT_NE(to_json(q, defaults(q.params), r).find("\"data\":[[-3,0],[0,12]]}"), std::string::npos);
    r.shape = {3};
    r.data = {1, 2, 3};
    EXPECT_NE(to_json(q, defaults(q.params), r).find("\"shape\":[3],\"data\":[1,2,3]}"), std::string::npos);
    r.shape = {2, 1, 2};
    r.data = {1, 2, 3, 4};
    EXPECT_NE(to_json(q, defaults(q.params), r).find("\"data\":[[[1,2]],[[3,4]]]}"), std::string::npos);
}

TEST(Csv, RowsPerLineAndSlices) {
    QuantityResult r;
    r.shape = {2, 3};
    r.data = {1, 0.1, -2, 3, 4, 5};
    EXPECT_EQ(to_csv(r), "1,0.10000000000000001,-2\n3,4,5\n");
    r.shape = {2, 1, 2};
    r.data = {1, 2, 3, -std::numeric_limits<double>::infinity()};
    EXPECT_EQ(to_csv(r), "1,2\n\n3,-inf\n");
    r.shape = {3};
    r.data = {7, 8, 9};
    EXPECT_EQ(to_csv(r), "7,8,9\n");
}

TEST(Latex, BmatrixForSlides) {
    const Quantity& q = f_matrix_quantity();
    const ParamSet p = defaults(q.params);
    EXPECT_EQ(to_latex(q.compute(p)),
              "\\begin{bmatrix}\n"
              "2 & 0.5 & -1.5 & -1 \\\\\n"
              "0.5 & 2 & 0.5 & -1.5 \\\\\n"
              "-1.5 & 0.5 & 2 & 0.5 \\\\\n"
              "-1 & -1.5 & 0.5 & 2\n"
              "\\end{bmatrix}\n");
    QuantityResult r;
    r.shape = {1, 3};
    r.data = {-std::numeric_limits<double>::infinity(), 1.5e-7, 123456};
    EXPECT_EQ(to_latex(r), "\\begin{bmatrix}\n-\\infty & 1.5\\times10^{-7} & 123456\n\\end{bmatrix}\n");
    // Rounding noise next to entries of size ~1 prints as 0; 6 significant digits otherwise.
    r.data = {6.123233995736766e-17, -0.5000000000000001, 123456789};
    EXPECT_EQ(to_latex(r), "\\begin{bmatrix}\n0 & -0.5 & 1.23457\\times10^{8}\n\\end{bmatrix}\n");
    r.shape = {2, 1, 1};
    r.data = {1, 2};
    EXPECT_EQ(to_latex(r), "\\begin{bmatrix}\n1\n\\end{bmatrix}\n\n\\begin{bmatrix}\n2\n\\end{bmatrix}\n");
}

// The writers the in-app export shares: a 2 × 2 view with labels, a missing cell (NaN) and −∞.
LabelledMatrix small_view(const std::vector<double>& values) {
    LabelledMatrix m = labelled_matrix(values.data(), 2, 2);
    m.row_labels = {"q=0", "q=1"};
    m.col_labels = {"k=0", "k=1"};
    m.row_axis = "q";
    return m;
}

const std::vector<double> kSmall = {2.0, 0.1, -std::numeric_limits<double>::infinity(), std::nan("")};

TEST(LabelledMatrixCsv, LabelsCornerAndMissingCells) {
    MatrixStyle view;
    view.nan_is_missing = true;
    EXPECT_EQ(write_csv(small_view(kSmall), view), "q,k=0,k=1\nq=0,2,0.10000000000000001\nq=1,-inf,\n");
    EXPECT_EQ(write_csv(small_view(kSmall)), "q,k=0,k=1\nq=0,2,0.10000000000000001\nq=1,-inf,nan\n");
    // Labels that do not match the shape are not written; a header without row labels has no corner.
    LabelledMatrix m = small_view(kSmall);
    m.row_labels = {"only one"};
    EXPECT_EQ(write_csv(m, view), "k=0,k=1\n2,0.10000000000000001\n-inf,\n");
    // Labels holding commas, quotes or line breaks are quoted.
    m = small_view(kSmall);
    m.col_labels = {"a,b", "say \"hi\""};
    m.row_axis = "";
    EXPECT_EQ(write_csv(m, view).substr(0, 20), ",\"a,b\",\"say \"\"hi\"\"\"\n");
}

TEST(LabelledMatrixJson, HeadMembersLabelsAndNulls) {
    const std::string j = write_json(small_view(kSmall), {{"lesson", json_string("f-delta")}, {"step", "1"}});
    EXPECT_EQ(j, "{\"lesson\":\"f-delta\",\"step\":1,\"shape\":[2,2],\"row_labels\":[\"q=0\",\"q=1\"],"
                 "\"col_labels\":[\"k=0\",\"k=1\"],\"row_axis\":\"q\",\"data\":[[2,0.10000000000000001],[null,null]]}\n");
    // Without labels or head: only shape and data.
    const std::vector<double> v = {1, -0.0};
    EXPECT_EQ(write_json(labelled_matrix(v.data(), 1, 2), {}), "{\"shape\":[1,2],\"data\":[[1,0]]}\n");
}

TEST(LabelledMatrixLatex, DigitsAndMissingCells) {
    MatrixStyle view;
    view.nan_is_missing = true;
    view.latex_digits = 4;
    EXPECT_EQ(write_latex(small_view(kSmall), view), "\\begin{bmatrix}\n2 & 0.1 \\\\\n-\\infty & \n\\end{bmatrix}\n");
    EXPECT_EQ(write_latex(small_view(kSmall)), "\\begin{bmatrix}\n2 & 0.1 \\\\\n-\\infty & \\text{NaN}\n\\end{bmatrix}\n");
    const std::vector<double> v = {3.14159265, 1e-5};
    EXPECT_EQ(write_latex(labelled_matrix(v.data(), 1, 2), view), "\\begin{bmatrix}\n3.142 & 1\\times10^{-5}\n\\end{bmatrix}\n");
}

// Marked cells travel with the numbers in every format: a block of their own after the CSV's rows, a
// "marks" member in JSON, a comment line each in LaTeX (the matrix typesets unchanged).
TEST(LabelledMatrixMarks, EveryWriterCarriesThem) {
    MatrixStyle view;
    view.nan_is_missing = true;
    view.latex_digits = 4;
    LabelledMatrix m = small_view(kSmall);
    m.marks = {{0, 1, false, "not orthogonal"}, {1, 0, true, "says \"yes\", twice"}};
    EXPECT_EQ(write_csv(m, view), "q,k=0,k=1\nq=0,2,0.10000000000000001\nq=1,-inf,\n\nrow,column,holds,mark\n"
                                  "0,1,0,not orthogonal\n1,0,1,\"says \"\"yes\"\", twice\"\n");
    const std::string j = write_json(m, {});
    EXPECT_NE(j.find(",\"marks\":[{\"row\":0,\"col\":1,\"holds\":false,\"word\":\"not orthogonal\"},"
                     "{\"row\":1,\"col\":0,\"holds\":true,\"word\":\"says \\\"yes\\\", twice\"}]}"),
              std::string::npos)
        << j;
    EXPECT_EQ(write_latex(m, view), "\\begin{bmatrix}\n2 & 0.1 \\\\\n-\\infty & \n\\end{bmatrix}\n"
                                    "% marked (1, 2): not orthogonal\n% marked (2, 1): says \"yes\", twice\n");
    // Without marks nothing is added.
    m.marks.clear();
    EXPECT_EQ(write_csv(m, view), "q,k=0,k=1\nq=0,2,0.10000000000000001\nq=1,-inf,\n");
}

TEST(Text, CsvCell) {
    EXPECT_EQ(csv_cell("plain"), "plain");
    EXPECT_EQ(csv_cell(""), "");
    EXPECT_EQ(csv_cell("a,b"), "\"a,b\"");
    EXPECT_EQ(csv_cell("x\"y"), "\"x\"\"y\"");
    EXPECT_EQ(csv_cell("two\nlines"), "\"two\nlines\"");
    EXPECT_EQ(csv_cell("cr\r"), "\"cr\r\"");
    EXPECT_EQ(csv_cell("θ₁ · é"), "θ₁ · é");
}

}  // namespace
