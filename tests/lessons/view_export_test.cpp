// PE Lab — tests/core/view_export_test.cpp
// The handout exports of a view: CSV with labels, JSON with 17 significant digits and null for
// non-finite cells, LaTeX bmatrix; curves export x plus one column per series.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <string>

#include "lessons/view_export.h"

namespace pelab {
namespace {

ViewData small_view() {
    HeatmapView h;
    h.values.resize(2, 2);
    h.values << 2.0, 0.1, -INFINITY, NAN;
    h.row_labels = {"q=0", "q=1"};
    h.col_labels = {"k=0", "k=1"};
    h.row_axis = "q";
    return make_view("F", h);
}

TEST(ViewExport, CsvHasLabelsAndFullPrecision) {
    const AppState s = default_state(Lang::en);
    EXPECT_EQ(export_view(small_view(), s, ExportFormat::csv),
              "q,k=0,k=1\nq=0,2,0.10000000000000001\nq=1,-inf,\n");
}

TEST(ViewExport, JsonShapeLabelsAndNulls) {
    const AppState s = default_state(Lang::en);
    const std::string j = export_view(small_view(), s, ExportFormat::json);
    EXPECT_NE(j.find("\"lesson\":\"f-delta\""), std::string::npos) << j;
    EXPECT_NE(j.find("\"shape\":[2,2]"), std::string::npos) << j;
    EXPECT_NE(j.find("\"row_labels\":[\"q=0\",\"q=1\"]"), std::string::npos) << j;
    EXPECT_NE(j.find("\"row_axis\":\"q\""), std::string::npos) << j;
    EXPECT_NE(j.find("\"data\":[[2,0.10000000000000001],[null,null]]"), std::string::npos) << j;
}

TEST(ViewExport, LatexBmatrix) {
    const AppState s = default_state(Lang::en);
    EXPECT_EQ(export_view(small_view(), s, ExportFormat::latex),
              "\\begin{bmatrix}\n2 & 0.1 \\\\\n-\\infty & \n\\end{bmatrix}\n");
}

TEST(ViewExport, TableCornerHeadsTheRowLabels) {
    TableView t;
    t.values.resize(2, 1);
    t.values << 1.0, 2.5;
    t.row_labels = {"none", "rope"};
    t.col_labels = {"bytes"};
    t.corner = "method";
    const AppState s = default_state(Lang::en);
    EXPECT_EQ(export_view(make_view("cost", t), s, ExportFormat::csv), "method,bytes\nnone,1\nrope,2.5\n");
}

TEST(ViewExport, CurveBecomesColumns) {
    CurveView c;
    c.x = {0, 1};
    c.series = {{1, 2}, {3, 4}};
    c.series_labels = {"a", "b"};
    c.x_axis = "x";
    const AppState s = default_state(Lang::en);
    EXPECT_EQ(export_view(make_view("curve", c), s, ExportFormat::csv), "x,a,b\n0,1,3\n1,2,4\n");
}

TEST(ViewExport, BarsBecomeOneLabelledColumn) {
    BarsView b;
    b.labels = {"add", "bias"};
    b.values = {1.5, NAN};
    b.value_axis = "time (us)";
    const AppState s = default_state(Lang::en);
    EXPECT_EQ(export_view(make_view("bars", b), s, ExportFormat::csv), ",time (us)\nadd,1.5\nbias,\n");
}

// The exported matrix of a view: its shape and its top-left cell, worked out here from the ViewData.
struct ExpectedExport {
    long rows = 0, cols = 0;
    double first = NAN;
};
ExpectedExport expected_export(const ViewData& v) {
    ExpectedExport e;
    if (v.kind() == ViewKind::Curve) {
        const CurveView& c = v.curve();
        e.rows = long(c.x.size());
        e.cols = long(c.series.size()) + 1;
        if (!c.x.empty()) e.first = c.x[0];
    } else if (v.kind() == ViewKind::Phasor) {  // one row per arrow: dial, angle, length, x, y
        for (const PhasorView::Dial& d : v.phasor().dials) e.rows += long(d.arrows.size());
        e.cols = 5;
        e.first = 0.0;  // the first arrow's dial index
    } else if (v.kind() == ViewKind::Odometer) {  // one row per pair: θ, angle, turns (, scaled θ)
        const OdometerView& o = v.odometer();
        e.rows = long(o.theta.size());
        e.cols = o.theta_scaled.size() == o.theta.size() && !o.theta.empty() ? 4 : 3;
        if (!o.theta.empty()) e.first = o.theta[0];
    } else if (v.kind() == ViewKind::Bars) {  // one row per bar, one column
        const BarsView& b = v.bars();
        e.rows = long(b.values.size());
        e.cols = 1;
        if (!b.values.empty()) e.first = b.values[0];
    } else if (v.kind() == ViewKind::PositionMap) {
        const PositionMapView& pm = *v.map().map;
        e.rows = e.cols = std::min<long>(kExportMapCells, pm.spec.L);
        e.first = position_map_shown_value(pm.spec, pm.log_norm, 0, 0);
    } else {
        const RowMatrix& m = v.kind() == ViewKind::Table ? v.table().values : v.heatmap().values;
        e.rows = long(m.rows());
        e.cols = long(m.cols());
        if (e.rows > 0 && e.cols > 0) e.first = m(0, 0);
    }
    return e;
}

long count_of(const std::string& text, const std::string& needle) {
    long n = 0;
    for (size_t at = text.find(needle); at != std::string::npos; at = text.find(needle, at + needle.size())) ++n;
    return n;
}

// Every view of every step exports in all three formats, and each export holds that view's matrix: the
// JSON's shape and number of cells, its first cell to 17 digits, the CSV's rows and fields, the LaTeX
// rows and columns.
TEST(ViewExport, EveryViewOfEveryStepExportsItsMatrix) {
    for (const Lesson* lesson : lesson_registry()) {
        AppState s = default_state(Lang::en);
        apply_query({{"lesson", lesson->id}}, &s);
        for (size_t i = 0; i < lesson->steps.size(); ++i) {
            s.step = int(i) + 1;
            const auto views = lesson->steps[i].views(s.params, s.lang);
            for (size_t k = 0; k < views.size(); ++k) {
                const std::string at = std::string(lesson->id) + " step " + std::to_string(s.step) + " view " + std::to_string(k + 1);
                const ExpectedExport e = expected_export(views[k]);
                const std::string json = export_view(views[k], s, ExportFormat::json);
                EXPECT_NE(json.find("\"shape\":[" + std::to_string(e.rows) + "," + std::to_string(e.cols) + "]"), std::string::npos)
                    << at << ": " << json.substr(0, 300);
                const size_t data = json.find("\"data\":[");
                ASSERT_NE(data, std::string::npos) << at;
                // From the first row's "[" to the end of the data (a table's marked cells follow as "marks").
                const size_t marks_at = json.find(",\"marks\":[");
                const std::string cells = json.substr(data + 8, marks_at == std::string::npos ? std::string::npos : marks_at - data - 8);
                // Each row's cells are joined by commas, and the rows by "],[": one comma fewer than cells.
                if (e.rows > 0 && e.cols > 0) EXPECT_EQ(count_of(cells, ",") + 1, e.rows * e.cols) << at;
                if (e.rows > 0 && e.cols > 0) {
                    char first[40];
                    std::snprintf(first, sizeof first, "%.17g", e.first == 0 ? 0.0 : e.first);  // −0 is written 0
                    EXPECT_EQ(cells.rfind(std::string("[") + (std::isfinite(e.first) ? first : "null"), 0), 0u)
                        << at << ": " << cells.substr(0, 80);
                }

                std::string csv = export_view(views[k], s, ExportFormat::csv);
                // A table's marked cells come after the rows as a block of their own: a blank line, a header, a
                // line per mark.
                const size_t marks_block = csv.find("\n\nrow,column,holds,mark\n");
                if (views[k].kind() == ViewKind::Table && !views[k].table().marks.empty()) {
                    ASSERT_NE(marks_block, std::string::npos) << at;
                    EXPECT_EQ(count_of(csv.substr(marks_block + 2), "\n"), long(views[k].table().marks.size()) + 1) << at;
                    EXPECT_NE(marks_at, std::string::npos) << at;
                    csv = csv.substr(0, marks_block + 1);
                }
                const long lines = count_of(csv, "\n");
                EXPECT_TRUE(lines == e.rows || lines == e.rows + 1) << at << ": " << lines << " CSV lines for " << e.rows << " rows";
                if (e.rows > 0) {
                    const std::string last = csv.substr(csv.rfind('\n', csv.size() - 2) + 1);
                    long fields = 1;
                    bool quoted = false;  // a label with a comma is a quoted field
                    for (char c : last) {
                        if (c == '"') quoted = !quoted;
                        if (c == ',' && !quoted) ++fields;
                    }
                    EXPECT_TRUE(fields == e.cols || fields == e.cols + 1) << at << ": " << last;
                }

                const std::string tex = export_view(views[k], s, ExportFormat::latex);
                EXPECT_EQ(tex.rfind("\\begin{bmatrix}\n", 0), 0u) << at;
                EXPECT_EQ(count_of(tex, " \\\\\n"), std::max(0L, e.rows - 1)) << at;
                EXPECT_EQ(count_of(tex, " & "), e.rows * std::max(0L, e.cols - 1)) << at;
            }
        }
    }
}

TEST(ViewExport, FileName) {
    AppState s = default_state(Lang::en);
    s.step = 4;
    EXPECT_EQ(export_file_name(s, 0, "csv"), "pelab-f-delta-step4-view1.csv");
}

}  // namespace
}  // namespace pelab
