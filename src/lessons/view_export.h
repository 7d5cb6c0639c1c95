// PE Lab — lessons/view_export.h
// Text exports of what a view shows — for handouts and slides: CSV, JSON and a LaTeX bmatrix of the
// current matrix with its labels, plus the deep link to the view. Pure functions (no ImGui): the app
// offers them as downloads and clipboard copies, and the tests check them.
#pragma once
#include <string>

#include "lessons/lesson.h"
#include "lessons/state.h"

namespace pelab {

enum class ExportFormat { csv, json, latex };

// Tables and heatmaps export their matrix; curves export x and every series as columns.
// Position maps export the cells of `posmap_window` (first column, first row, span in cells; null = from
// (0, 0)), at most kExportMapCells per side, labelled by position.
constexpr int kExportMapCells = 256;
std::string export_view(const ViewData& view, const AppState& state, ExportFormat format, const double* posmap_window = nullptr);
// A file name such as "pelab-f-delta-step4-view1.csv".
std::string export_file_name(const AppState& state, int view_index, const char* extension);

}  // namespace pelab
