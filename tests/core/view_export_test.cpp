// PE Lab — tests/core/view_export_test.cpp
// The handout exports of a view: CSV with labels, JSON with 17 significant digits and null for
// non-finite cells, LaTeX bmatrix; curves export x plus one column per series.
#include <gtest/gtest.h>

#include <cmath>

#include "lessons/view_export.h"

namespace pelab {
namespace {

ViewData small_view() {
    ViewData v;
    v.kind = ViewKind::Heatmap;
    v.title = "F";
    v.values.resize(2, 2);
    v.values << 2.0, 0.1, -INFINITY, NAN;
    v.row_labels = {"q=0", "q=1"};
    v.col_labels = {"k=0", "k=1"};
    v.row_axis = "q";
    return v;
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
    EXPECT_NE(j.find("\"data\":[[2,0.10000000000000001],[null,null]]"), std::string::npos) << j;
}

TEST(ViewExport, LatexBmatrix) {
    const AppState s = default_state(Lang::en);
    EXPECT_EQ(export_view(small_view(), s, ExportFormat::latex),
              "\\begin{bmatrix}\n  2 & 0.1 \\\\\n  -\\infty & \n\\end{bmatrix}\n");
}

TEST(ViewExport, CurveBecomesColumns) {
    ViewData v;
    v.kind = ViewKind::Curve;
    v.x = {0, 1};
    v.series = {{1, 2}, {3, 4}};
    v.series_labels = {"a", "b"};
    v.col_axis = "x";
    const AppState s = default_state(Lang::en);
    EXPECT_EQ(export_view(v, s, ExportFormat::csv), "x,a,b\n0,1,3\n1,2,4\n");
}

TEST(ViewExport, EveryViewOfEveryStepExports) {
    for (const Lesson* lesson : lesson_registry()) {
        AppState s = default_state(Lang::en);
        apply_query({{"lesson", lesson->id}}, &s);
        for (size_t i = 0; i < lesson->steps.size(); ++i) {
            s.step = int(i) + 1;
            const auto views = lesson->steps[i].views(s.params, s.lang);
            for (size_t k = 0; k < views.size(); ++k) {
                for (ExportFormat f : {ExportFormat::csv, ExportFormat::json, ExportFormat::latex})
                    EXPECT_FALSE(export_view(views[k], s, f).empty()) << lesson->id << " step " << s.step;
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
